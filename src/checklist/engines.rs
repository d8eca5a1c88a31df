//! What the drop-in form writes where a program made for bbpPairings or JaVaFo reads it: the
//! check-list of `-l` and the report of `-c`, column for column and byte for byte as
//! bbpPairings 5.0.1 writes them (its README, "Checklist"; `src/swisssystems/common.cpp`,
//! `src/tournament/checker.cpp`), so that a harness or a tournament manager written for the
//! engines reads lexpair unchanged (Sharly-Chess parses the check-list by its tabs).
//!
//! The check-list of a round: a blank line, the header, then per player to be paired (by
//! pairing score, then pairing number; a blank line before every new score) a row. Every cell
//! is right-aligned to the widest cell of its column and followed by a tab. The columns:
//! `ID`, `Pts` (pairing score, acceleration included), the colours of the games played under a
//! header of as many `-` as the round's number, `Pref` (`W ` / `B ` absolute, `(W)` / `(B)`
//! strong, `w ` / `b ` mild, `A ` none), `C2` (`Y` when the player may receive the
//! pairing-allocated bye), `C12` and `C14` (the float of the previous round and of the one
//! before: `U`, `D` or blank), `Cur` (the pairing made: `(5W)` against 5 with White, `(bye)`;
//! blank when no pairing was made), an empty column, then `R1`, `R2`, ... the opponent of each
//! round in which a game was played. Three newlines close the table. Floats and bye eligibility
//! follow the rules of the system's Dutch edition (its registry row), as lexpair pairs them.
//!
//! Team (C.04.6) and Double-Swiss (C.04.5) tournaments, which the engines do not pair, get the
//! same layout per team / per player: `ID` (team pairing number / starting rank), `Pts`
//! (pairing score), `GP` (game points) for teams or `MP` (match points) for Double-Swiss, the
//! colours of the matches played, `Pref` (a team's preference of 1.7: `W ` strong, `w ` mild;
//! `A ` for a Double-Swiss player, who has none), `C2` ([C2]: no earlier bye or forfeit win),
//! `F1` (the float of the previous round, 1.5), `Cur`, the empty column and `R1`, `R2`, ...

use crate::check::Outcome;
use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::round::Field;
use crate::systems::dutch::PlayerRules;
use crate::tournament::{Float, Strength, Tournament};
use crate::trf::Colour;
use crate::vocabulary::System;
use std::fmt::Write;

/// What closes a check-list file (bbpPairings writes its name and build there, no newline).
pub fn trailer() -> String {
    format!("lexpair {} (check-list in the layout of bbpPairings 5.0.1)", env!("CARGO_PKG_VERSION"))
}

fn letter(c: Colour) -> char {
    match c {
        Colour::White => 'W',
        Colour::Black => 'B',
    }
}

/// The `Cur` cell of unit `i`: `(OPPONENT COLOUR)`, `(bye)`, or blank.
fn current(field: &Field, pairing: Option<&RoundPairing>, i: usize) -> String {
    let Some(p) = pairing else { return String::new() };
    if p.bye == Some(i) {
        return "(bye)".into();
    }
    for b in &p.boards {
        if b.white == i {
            return format!("({}W)", field.id(b.black));
        }
        if b.black == i {
            return format!("({}B)", field.id(b.white));
        }
    }
    String::new()
}

/// The player rules whose floats and bye eligibility the check-list of `system` shows: its own
/// Dutch edition's, else the Dutch edition of its era (registry), else the 2026 Dutch rules.
pub(crate) fn rules_for(system: System) -> Option<PlayerRules> {
    super::own::rules_for(system).or_else(|| PlayerRules::of(System::Dutch2026))
}

/// One row: the score that groups it and its cells.
struct Row {
    score: Points,
    cells: Vec<String>,
}

/// The table as bbpPairings lays it out (module header).
fn layout(header: Vec<String>, rows: &[Row]) -> String {
    let mut widths: Vec<usize> = header.iter().map(|h| h.chars().count()).collect();
    for r in rows {
        for (k, c) in r.cells.iter().enumerate() {
            if let Some(w) = widths.get_mut(k) {
                *w = (*w).max(c.chars().count());
            }
        }
    }
    let line = |cells: &[String]| -> String {
        let mut s = String::new();
        for (k, c) in cells.iter().enumerate() {
            let _ = write!(s, "{c:>w$}\t", w = widths.get(k).copied().unwrap_or(0));
        }
        s
    };
    let mut s = String::from("\n");
    s.push_str(&line(&header));
    let mut previous: Option<Points> = None;
    for r in rows {
        s.push('\n');
        if previous != Some(r.score) {
            s.push('\n');
        }
        s.push_str(&line(&r.cells));
        previous = Some(r.score);
    }
    s.push_str("\n\n\n");
    s
}

/// The first columns' headers: `ID`, `Pts`, the extra one, the colours, `Pref`.
fn header(round: u32, extra: Option<&str>, own: &[&str]) -> Vec<String> {
    let mut h = vec!["ID".to_string(), "Pts".to_string()];
    h.extend(extra.map(str::to_string));
    h.push("-".repeat(round as usize));
    h.push("Pref".into());
    h.extend(own.iter().map(|s| s.to_string()));
    h.push(String::new());
    h.extend((1..round).map(|r| format!("R{r}")));
    h
}

fn float_cell(f: Float) -> String {
    match f {
        Float::Down => "D",
        Float::Up => "U",
        Float::None => " ",
    }
    .into()
}

fn match_float(f: crate::matches::TeamFloat) -> String {
    use crate::matches::TeamFloat;
    match f {
        TeamFloat::Down => "D",
        TeamFloat::Up => "U",
        TeamFloat::None => " ",
    }
    .into()
}

/// The check-list of the round `field` is before, `pairing` its pairing (`None`: none made).
pub fn checklist(field: &Field, system: System, pairing: Option<&RoundPairing>) -> String {
    match field {
        Field::Players(t) => players(field, t, system, pairing),
        Field::Teams(t) => {
            use crate::team::PreferenceStrength;
            let mut order = t.present();
            order.sort_by_key(|&i| (std::cmp::Reverse(t.score(i)), t.teams[i].tpn));
            let rows: Vec<Row> = order
                .into_iter()
                .map(|i| {
                    let team = &t.teams[i];
                    let pref = match team.preference {
                        Some(p) if p.strength == PreferenceStrength::Mild => {
                            format!("{} ", letter(p.colour).to_ascii_lowercase())
                        }
                        Some(p) => format!("{} ", letter(p.colour)),
                        None => "A ".into(),
                    };
                    let eligible = !(team.had_pab || team.had_forfeit_win || team.had_full_bye);
                    let mut cells = vec![
                        team.tpn.to_string(),
                        t.score(i).to_string(),
                        team.game_points.to_string(),
                        team.colours.iter().map(|&c| letter(c)).collect(),
                        pref,
                        if eligible { "Y" } else { "N" }.into(),
                        if t.round > 1 { match_float(team.float_previous) } else { " ".into() },
                        current(field, pairing, i),
                        String::new(),
                    ];
                    cells.extend(team.history.iter().map(|h| match (h.colour, h.opponent) {
                        (Some(_), Some(o)) => t.teams.get(o).map_or(String::new(), |x| x.tpn.to_string()),
                        _ => String::new(),
                    }));
                    Row { score: t.score(i), cells }
                })
                .collect();
            layout(header(t.round, Some("GP"), &["C2", "F1", "Cur"]), &rows)
        }
        Field::Double(t) => {
            let mut order = t.present();
            order.sort_by_key(|&i| (std::cmp::Reverse(t.score(i)), t.players[i].tpn));
            let rows: Vec<Row> = order
                .into_iter()
                .map(|i| {
                    let p = &t.players[i];
                    let mut cells = vec![
                        p.id.to_string(),
                        t.score(i).to_string(),
                        p.match_points.to_string(),
                        p.colours.iter().map(|&c| letter(c)).collect(),
                        "A ".into(),
                        if t.pab_eligible(i) { "Y" } else { "N" }.into(),
                        if t.round > 1 { match_float(p.float_previous) } else { " ".into() },
                        current(field, pairing, i),
                        String::new(),
                    ];
                    cells.extend(p.history.iter().map(|h| match (h.colour, h.opponent) {
                        (Some(_), Some(o)) => t.players.get(o).map_or(String::new(), |x| x.id.to_string()),
                        _ => String::new(),
                    }));
                    Row { score: t.score(i), cells }
                })
                .collect();
            layout(header(t.round, Some("MP"), &["C2", "F1", "Cur"]), &rows)
        }
    }
}

/// The individual check-list (bbpPairings' Dutch columns).
fn players(field: &Field, t: &Tournament, system: System, pairing: Option<&RoundPairing>) -> String {
    let rules = rules_for(system);
    let mut order = t.present();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
    let rows: Vec<Row> = order
        .into_iter()
        .map(|i| {
            let p = &t.players[i];
            let pref = match (p.preference.colour, p.preference.strength) {
                (Some(c), Strength::Absolute) => format!("{} ", letter(c)),
                (Some(c), Strength::Strong) => format!("({})", letter(c)),
                (Some(c), Strength::Mild) => format!("{} ", letter(c).to_ascii_lowercase()),
                _ => "A ".into(),
            };
            let (eligible, f1, f2) = match rules {
                Some(r) => (
                    r.pab_eligible(p),
                    if t.round > 1 { float_cell(p.float_back(1, r.float)) } else { " ".into() },
                    if t.round > 2 { float_cell(p.float_back(2, r.float)) } else { " ".into() },
                ),
                None => (!(p.had_pab || p.had_forfeit_win), " ".into(), " ".into()),
            };
            let mut cells = vec![
                p.id.to_string(),
                p.pairing_score().to_string(),
                p.colours.iter().map(|&c| letter(c)).collect(),
                pref,
                if eligible { "Y" } else { "N" }.into(),
                f1,
                f2,
                current(field, pairing, i),
                String::new(),
            ];
            cells.extend(p.history.iter().map(|h| match (h.colour, h.opponent) {
                (Some(_), Some(o)) => t.players.get(o).map_or(String::new(), |x| x.id.to_string()),
                _ => String::new(),
            }));
            Row { score: p.pairing_score(), cells }
        })
        .collect();
    layout(header(t.round, None, &["C2", "C12", "C14", "Cur"]), &rows)
}

/// A unit's score before the round without acceleration and its rank, for the order of
/// pairs in the checker's table (bbpPairings' `sortResults`).
fn unit_key(field: &Field, id: u32) -> (Points, u32) {
    let Some(i) = field.index_of(id) else { return (Points::ZERO, id) };
    match field {
        Field::Players(t) => (t.players[i].score, t.players[i].pairing_number),
        Field::Teams(t) => (t.score(i), t.teams[i].tpn),
        Field::Double(t) => (t.players[i].score, t.players[i].tpn),
    }
}

/// Pairs `(white, black)` by TRF id, black 0 for the bye, in bbpPairings' order: boards before
/// the bye, then the higher player's score, the lower player's score, the higher player's rank.
fn sorted(field: &Field, mut pairs: Vec<(u32, u32)>) -> Vec<(u32, u32)> {
    pairs.sort_by_key(|&(w, b)| {
        let kw = unit_key(field, w);
        if b == 0 {
            return (true, std::cmp::Reverse(kw.0), std::cmp::Reverse(kw.0), kw.1);
        }
        let kb = unit_key(field, b);
        let higher_is_white = kw.0 > kb.0 || (kw.0 == kb.0 && kw.1 < kb.1);
        let (hi, lo) = if higher_is_white { (kw, kb) } else { (kb, kw) };
        (false, std::cmp::Reverse(hi.0), std::cmp::Reverse(lo.0), hi.1)
    });
    pairs
}

/// The checker's table of a round that differs (`None` when it is identical): the checker's
/// pairs that are not the tournament's beside the tournament's pairs of the same players,
/// as bbpPairings prints it (JaVaFo AUM, "Pairings Checker", shows the same table).
pub fn difference_table(field: &Field, outcome: &Outcome) -> Option<String> {
    let Outcome::Different { recorded_only, lexpair_only, recorded_bye, lexpair_bye } = outcome else {
        return None;
    };
    let mut checker = lexpair_only.clone();
    let mut tournament = recorded_only.clone();
    if recorded_bye != lexpair_bye {
        checker.extend(lexpair_bye.map(|b| (b, 0)));
        tournament.extend(recorded_bye.map(|b| (b, 0)));
    }
    let (checker, tournament) = (sorted(field, checker), sorted(field, tournament));
    let mut s = String::new();
    let _ = writeln!(s, "  Checker pairings{:8}Tournament pairings ", "");
    for k in 0..checker.len().max(tournament.len()) {
        let side = |p: Option<&(u32, u32)>| match p {
            Some((w, b)) => format!("{w:>3} - {b:>3}"),
            None => format!("{:3}   {:3}", "", ""),
        };
        let row = format!("    {}{:16}{}", side(checker.get(k)), "", side(tournament.get(k)));
        let _ = writeln!(s, "{}", row.trim_end());
    }
    s.push('\n');
    Some(s)
}
