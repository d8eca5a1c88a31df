//! Final standings with the usual FIDE tie-breaks (Handbook C.07, Tie-Break Regulations in force
//! from 2023/2024): points, then an ordered list of tie-breaks.
//!
//! `../shared/specs/` holds no C.07 text, so the definitions below are stated here in full and
//! documented in `docs/research.md`; each names the C.07 acronym it follows.
//! - **BH** (Buchholz): the sum of the final scores of the opponents. A round the player did not
//!   play over the board (bye, forfeit either way, absence) counts as a game against a dummy
//!   opponent holding the player's own final score (C.07 2023, art. 16: unplayed rounds).
//!   Opponents' scores are taken as they stand (their own unplayed rounds are not adjusted).
//! - **BH-C1** (Buchholz cut 1): BH without its lowest contribution.
//! - **SB** (Sonneborn-Berger): the sum over rounds of the opponent's score (the dummy's for an
//!   unplayed round) times the fraction of a win the player scored (1, ½, 0).
//! - **DE** (direct encounter): among players still tied, the points scored in the games they
//!   played against each other, applied only when every pair of them met over the board;
//!   otherwise it leaves the tie.
//! - **WIN**: rounds in which the player scored a win's points, with or without playing.
//! - **ARO**: average rating of the opponents of played games, rounded half up.
//!
//! Ties that remain after the last tie-break share their place (C.07 leaves them to lots); the
//! listing then follows the starting rank, so the output is deterministic.

pub mod double;
pub mod team;

use crate::points::Points;
use crate::tournament::Tournament;
use crate::trf::TrfDocument;
use serde::Serialize;
use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

/// A tie-break of C.07.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum TieBreak {
    BuchholzCut1,
    Buchholz,
    SonnebornBerger,
    DirectEncounter,
    Wins,
    Aro,
    /// Teams: game points (the secondary score by default, C.04.6 1.2.2); Double-Swiss: the
    /// score itself.
    GamePoints,
    /// Teams: match points (the secondary score when game points are primary); Double-Swiss:
    /// match points (2 / 1 / 0).
    MatchPoints,
}

impl TieBreak {
    pub const ALL: [TieBreak; 8] = [
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::Aro,
        TieBreak::GamePoints,
        TieBreak::MatchPoints,
    ];

    /// The order used when none is given: the list, Buchholz cut 1 first as C.07
    /// recommends for individual Swiss events.
    pub const DEFAULT: [TieBreak; 6] = [
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::Aro,
    ];

    /// The order for team tournaments when none is given: the secondary score of C.04.6 1.2
    /// (game points when match points are primary), then the individual list.
    pub const TEAM_DEFAULT: [TieBreak; 6] = [
        TieBreak::GamePoints,
        TieBreak::DirectEncounter,
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
        TieBreak::SonnebornBerger,
        TieBreak::Wins,
    ];

    /// The name on the command line and in CSV columns.
    pub fn key(self) -> &'static str {
        match self {
            TieBreak::BuchholzCut1 => "bh-c1",
            TieBreak::Buchholz => "bh",
            TieBreak::SonnebornBerger => "sb",
            TieBreak::DirectEncounter => "de",
            TieBreak::Wins => "win",
            TieBreak::Aro => "aro",
            TieBreak::GamePoints => "gp",
            TieBreak::MatchPoints => "mp",
        }
    }

    /// The C.07 acronym, as column headings show it.
    pub fn acronym(self) -> &'static str {
        match self {
            TieBreak::BuchholzCut1 => "BH-C1",
            TieBreak::Buchholz => "BH",
            TieBreak::SonnebornBerger => "SB",
            TieBreak::DirectEncounter => "DE",
            TieBreak::Wins => "WIN",
            TieBreak::Aro => "ARO",
            TieBreak::GamePoints => "GP",
            TieBreak::MatchPoints => "MP",
        }
    }

    /// Parses a comma-separated list such as `bh-c1,bh,sb`.
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, String> {
        let mut out = Vec::new();
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let tb: TieBreak = part.parse()?;
            if out.contains(&tb) {
                return Err(format!("tie-break '{part}' is listed twice"));
            }
            out.push(tb);
        }
        Ok(out)
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for TieBreak {
    type Err = String;
    fn from_str(s: &str) -> Result<TieBreak, String> {
        TieBreak::ALL
            .into_iter()
            .find(|t| t.key().eq_ignore_ascii_case(s) || t.acronym().eq_ignore_ascii_case(s))
            .ok_or_else(|| {
                let known: Vec<&str> = TieBreak::ALL.iter().map(|t| t.key()).collect();
                format!("unknown tie-break '{s}' (known: {})", known.join(", "))
            })
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    /// Place, 1-based; players still tied after every tie-break share it.
    pub rank: u32,
    /// TRF id (starting rank).
    pub id: u32,
    pub name: String,
    pub rating: u32,
    pub points: f64,
    /// The values of the tie-breaks, in the order asked for.
    pub tiebreaks: Vec<f64>,
}

/// The state after every round recorded in `doc`.
pub fn final_state(doc: &TrfDocument) -> Result<Tournament, String> {
    let rounds = doc.rounds_in_file();
    Tournament::after_round(doc, rounds).map_err(|e| format!("after round {rounds}: {e}"))
}

pub(crate) fn points(p: Points) -> f64 {
    p.0 as f64 / 10.0
}

/// Per player, the contribution of each round to BH and SB: (opponent's or dummy's score,
/// fraction of a win scored).
fn contributions(t: &Tournament, i: usize) -> Vec<(f64, f64)> {
    let p = &t.players[i];
    let win = t.point_system.win().0.max(1) as f64;
    p.history
        .iter()
        .map(|h| {
            let fraction = h.points.0 as f64 / win;
            match h.opponent.filter(|_| h.facts.played) {
                Some(o) => (points(t.players[o].score), fraction),
                None => (points(p.score), fraction), // C.07 art. 16: the dummy opponent
            }
        })
        .collect()
}

/// The value of `tb` for player `i`, except DE (which depends on who is tied).
fn value(t: &Tournament, i: usize, tb: TieBreak) -> f64 {
    let c = contributions(t, i);
    match tb {
        TieBreak::Buchholz => c.iter().map(|x| x.0).sum(),
        TieBreak::BuchholzCut1 => {
            let sum: f64 = c.iter().map(|x| x.0).sum();
            let lowest = c.iter().map(|x| x.0).reduce(f64::min).unwrap_or(0.0);
            sum - lowest
        }
        TieBreak::SonnebornBerger => c.iter().map(|x| x.0 * x.1).sum(),
        TieBreak::Wins => {
            let win = t.point_system.win();
            t.players[i].history.iter().filter(|h| h.points == win).count() as f64
        }
        TieBreak::Aro => f64::from(t.players[i].aro.unwrap_or(0)),
        // Team scores: an individual tournament has none.
        TieBreak::DirectEncounter | TieBreak::GamePoints | TieBreak::MatchPoints => 0.0,
    }
}

/// DE within `group` (players tied so far): points scored against each other when all met.
fn direct_encounter(t: &Tournament, group: &[usize]) -> Vec<f64> {
    let all_met = group.iter().enumerate().all(|(k, &a)| group[k + 1..].iter().all(|&b| t.have_met(a, b)));
    group
        .iter()
        .map(|&a| {
            if !all_met || group.len() < 2 {
                return 0.0;
            }
            t.players[a]
                .history
                .iter()
                .filter(|h| h.facts.played && h.opponent.is_some_and(|o| group.contains(&o)))
                .map(|h| points(h.points))
                .sum()
        })
        .collect()
}

/// The standings after the rounds recorded in `doc`, ranked by points then `order`.
pub fn standings(doc: &TrfDocument, order: &[TieBreak]) -> Result<Vec<Standing>, String> {
    let t = final_state(doc)?;
    Ok(rank(&t, order))
}

/// Ranks the players of `t` (the state after the last round) by points then `order`.
pub fn rank(t: &Tournament, order: &[TieBreak]) -> Vec<Standing> {
    let ranked = ranked(
        t.players.len(),
        order,
        |i| t.players[i].score,
        |i| t.players[i].id,
        |i, tb| value(t, i, tb),
        |g| direct_encounter(t, g),
    );
    ranked
        .into_iter()
        .map(|(rank, i, tiebreaks)| {
            let p = &t.players[i];
            Standing { rank, id: p.id, name: p.name.clone(), rating: p.rating, points: points(p.score), tiebreaks }
        })
        .collect()
}

/// The ranking every kind of standings shares: `n` entrants by `score` (descending), then the
/// tie-breaks of `order` (each entrant's `value`; DE among the entrants still tied, by
/// `direct_encounter` of their group), ties left sharing a place and listed by `listing` (TPN or
/// id). Returns (place, index, tie-break values) in order.
pub(crate) fn ranked<S: Ord + Copy>(
    n: usize,
    order: &[TieBreak],
    score: impl Fn(usize) -> S,
    listing: impl Fn(usize) -> u32,
    value: impl Fn(usize, TieBreak) -> f64,
    direct_encounter: impl Fn(&[usize]) -> Vec<f64>,
) -> Vec<(u32, usize, Vec<f64>)> {
    let mut values: Vec<Vec<f64>> = (0..n).map(|i| order.iter().map(|&tb| value(i, tb)).collect()).collect();
    // Groups of entrants tied so far, refined one tie-break at a time (DE needs the groups).
    let mut entrants: Vec<usize> = (0..n).collect();
    entrants.sort_by(|&a, &b| score(b).cmp(&score(a)).then(listing(a).cmp(&listing(b))));
    let mut groups = split(&entrants, |a, b| score(a) == score(b));
    for (k, &tb) in order.iter().enumerate() {
        let mut next = Vec::new();
        for mut g in groups {
            if tb == TieBreak::DirectEncounter {
                for (&i, v) in g.iter().zip(direct_encounter(&g)) {
                    values[i][k] = v;
                }
            }
            g.sort_by(|&a, &b| {
                values[b][k].partial_cmp(&values[a][k]).unwrap_or(Ordering::Equal).then(listing(a).cmp(&listing(b)))
            });
            next.extend(split(&g, |a, b| values[a][k] == values[b][k]));
        }
        groups = next;
    }
    let mut out = Vec::with_capacity(n);
    for g in groups {
        let place = out.len() as u32 + 1;
        for i in g {
            out.push((place, i, std::mem::take(&mut values[i])));
        }
    }
    out
}

/// Runs of `items` in which consecutive items are `same`.
fn split(items: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in items {
        match out.last_mut() {
            Some(g) if same(g[0], i) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}

/// A number as standings print it: integers bare, then as few decimals as it needs (at most 2).
pub fn format_value(v: f64) -> String {
    if v.fract() == 0.0 {
        format!("{v:.0}")
    } else if (v * 10.0).fract().abs() < 1e-9 {
        format!("{v:.1}")
    } else {
        format!("{v:.2}")
    }
}

/// The standings as a text table.
pub fn render_text(rows: &[Standing], order: &[TieBreak]) -> String {
    render_text_with(rows, order, "Pts", &[])
}

/// The standings as CSV: rank, id, name, rating, points, one column per tie-break (its key).
pub fn render_csv(rows: &[Standing], order: &[TieBreak]) -> String {
    render_csv_with(rows, order, &[])
}

/// Columns a kind of standings adds after the points (Double-Swiss: match points, matches
/// played): the text table's header, the CSV's, and a value per row.
pub(crate) type Extra<'a> = (&'a str, &'a str, Vec<String>);

/// [`render_text`] with the points column headed `points` and the `extra` columns after it.
pub(crate) fn render_text_with(rows: &[Standing], order: &[TieBreak], points: &str, extra: &[Extra]) -> String {
    use std::fmt::Write;
    let name_w = rows.iter().map(|r| r.name.chars().count()).max().unwrap_or(4).max(4);
    let mut s = format!("{:>4} {:>5}  {:<name_w$} {:>5} {:>5}", "Rank", "ID", "Name", "Rtg", points);
    for (head, _, _) in extra {
        let _ = write!(s, " {head:>w$}", w = head.len().max(5));
    }
    for tb in order {
        let _ = write!(s, " {:>6}", tb.acronym());
    }
    s.push('\n');
    let mut last = 0;
    for (k, r) in rows.iter().enumerate() {
        let rank = if r.rank == last { String::new() } else { r.rank.to_string() };
        last = r.rank;
        let _ = write!(s, "{rank:>4} {:>5}  {:<name_w$} {:>5} {:>5}", r.id, r.name, r.rating, format_value(r.points));
        for (head, _, values) in extra {
            let _ = write!(s, " {:>w$}", values[k], w = head.len().max(5));
        }
        for v in &r.tiebreaks {
            let _ = write!(s, " {:>6}", format_value(*v));
        }
        s.push('\n');
    }
    s
}

/// [`render_csv`] with the `extra` columns after the points.
pub(crate) fn render_csv_with(rows: &[Standing], order: &[TieBreak], extra: &[Extra]) -> String {
    let mut s = String::from("rank,id,name,rating,points");
    for (_, head, _) in extra {
        s.push(',');
        s.push_str(head);
    }
    for tb in order {
        s.push(',');
        s.push_str(tb.key());
    }
    s.push('\n');
    for (k, r) in rows.iter().enumerate() {
        let name =
            if r.name.contains([',', '"']) { format!("\"{}\"", r.name.replace('"', "\"\"")) } else { r.name.clone() };
        s.push_str(&format!("{},{},{},{},{}", r.rank, r.id, name, r.rating, r.points));
        for (_, _, values) in extra {
            s.push(',');
            s.push_str(&values[k]);
        }
        for v in &r.tiebreaks {
            s.push_str(&format!(",{v}"));
        }
        s.push('\n');
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tie_break_lists_parse_and_refuse() {
        assert_eq!(
            TieBreak::parse_list("bh-c1, BH,sb").unwrap(),
            vec![TieBreak::BuchholzCut1, TieBreak::Buchholz, TieBreak::SonnebornBerger]
        );
        assert!(TieBreak::parse_list("bh,bh").unwrap_err().contains("twice"));
        assert!(TieBreak::parse_list("median").unwrap_err().contains("known: bh-c1"));
    }

    #[test]
    fn values_print_as_points() {
        assert_eq!(format_value(3.0), "3");
        assert_eq!(format_value(2.5), "2.5");
        assert_eq!(format_value(16.75), "16.75");
    }
}
