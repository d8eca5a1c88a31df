//! `--explain` in the rules' words, for every system: per bracket (or step) its score as
//! points, its players with names and pairing numbers, the pairs and the floaters, each quality
//! criterion as the text states it with its value, each candidate-order step as the text names
//! it, and the pairing-allocated bye with the reasons for it. The same content as JSON follows
//! the versioned schema of `docs/explain.md` ([`SCHEMA`]); tournament software may show it to
//! players.
//!
//! The wording comes from one place per system: the Dutch editions' criteria tables
//! (`systems::dutch::criteria_table`), Dubov's articles below, Lim's step names.

use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::systems::trace::BracketTrace;
use crate::tournament::Tournament;
use crate::vocabulary::System;
use serde::Serialize;

/// The JSON schema of [`Explanation`] (see `docs/explain.md`); a change that removes or
/// renames a field bumps it.
pub const SCHEMA: &str = "lexpair-explain/1";

/// A player as an explanation names him.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRef {
    pub id: u32,
    pub name: String,
    /// Pairing number (TPN).
    pub tpn: u32,
    pub rating: u32,
    /// Pairing score (with acceleration), as points: `1½`, `3`.
    pub score: String,
}

/// One criterion or candidate-order step, in the rules' words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The stage as the formulation names it (`C12-colours`, `D1-partner-of-3`).
    pub stage: String,
    /// The text's label (`[C12]`, `C.7`, `D.1`).
    pub label: String,
    /// The sentence: what the text asks and what this pairing achieved.
    pub text: String,
    /// The stage's value as the solver states it (tenths for scores; negative when maximised).
    pub value: i64,
}

/// A pair of the round, with the colours of the final pairing.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairRef {
    pub board: Option<usize>,
    pub white: u32,
    pub black: u32,
}

/// One bracket (or step) of the round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketExplained {
    pub number: usize,
    /// The system's own name for the step (`bracket`, `PPB`, `last`, `score-group, upward`, ...).
    pub kind: String,
    /// The highest score among its resident players, as points (none for a bye step).
    pub score: Option<String>,
    /// Players that came from elsewhere (MDPs, incoming floaters, upfloaters), then residents.
    pub moved_in: Vec<PlayerRef>,
    pub residents: Vec<PlayerRef>,
    pub pairs: Vec<PairRef>,
    /// Players leaving unpaired (floaters, or the bye).
    pub leaving: Vec<PlayerRef>,
    /// The quality criteria in priority order.
    pub criteria: Vec<Line>,
    /// The candidate-order steps that chose among equally good pairings.
    pub order: Vec<Line>,
}

/// The pairing-allocated bye and why.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ByeExplained {
    pub player: PlayerRef,
    pub reasons: Vec<String>,
}

/// The explanation of a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    pub schema: &'static str,
    pub system: &'static str,
    pub rules: &'static str,
    pub round: u32,
    pub points: String,
    pub bye: Option<ByeExplained>,
    pub brackets: Vec<BracketExplained>,
}

/// Points as the rules write them: `1½`, `3`, `0`, `½`; tenths otherwise (`2.3`).
pub fn points_text(p: Points) -> String {
    let (sign, a) = if p.0 < 0 { ("-", -p.0) } else { ("", p.0) };
    match (a / 10, a % 10) {
        (0, 5) => format!("{sign}½"),
        (w, 5) => format!("{sign}{w}½"),
        (w, 0) => format!("{sign}{w}"),
        (w, t) => format!("{sign}{w}.{t}"),
    }
}

fn player_ref(t: &Tournament, id: u32) -> PlayerRef {
    match t.index_of(id) {
        Some(i) => {
            let p = &t.players[i];
            PlayerRef {
                id,
                name: p.name.clone(),
                tpn: p.pairing_number,
                rating: p.rating,
                score: points_text(p.pairing_score()),
            }
        }
        None => PlayerRef { id, name: String::new(), tpn: id, rating: 0, score: String::new() },
    }
}

/// The label and sentence of a quality criterion `key` of `system`, from the system's table:
/// "C.04.3 (2026) \[C12\] colour preferences not granted" gives ("\[C12\]", "\[C12\] colour
/// preferences not granted"); "C.04.3 C.5 maximise the number of pairs" gives ("C.5", ...).
fn criterion_words(system: System, key: &str) -> Option<(String, String)> {
    let article = crate::systems::criterion_article(system, key)?;
    let words = if article.starts_with("C.04") { article.split_once(' ').map_or(article, |(_, w)| w) } else { article };
    let words = if words.starts_with('(') { words.split_once(") ").map_or(words, |(_, w)| w) } else { words };
    let label = words.split_whitespace().next().unwrap_or(key).to_string();
    Some((label, words.to_string()))
}

/// A trailing score in a stage name (`-score15`, `-sd10`, `-scoring-20`), as points.
fn trailing_score(stage: &str) -> Option<Points> {
    let digits: String =
        stage.chars().rev().take_while(char::is_ascii_digit).collect::<Vec<_>>().into_iter().rev().collect();
    let head = &stage[..stage.len() - digits.len()];
    (!digits.is_empty() && (head.ends_with("score") || head.ends_with("sd") || head.ends_with("scoring-")))
        .then(|| digits.parse().ok().map(Points))
        .flatten()
}

/// The player at BSN `k` (1-based) of the bracket, as `12 (Name)`.
fn bsn_player(t: &Tournament, tr: &BracketTrace, k: usize) -> String {
    match tr.players.get(k.wrapping_sub(1)) {
        Some(&id) => {
            let name = t.index_of(id).map(|i| t.players[i].name.clone()).unwrap_or_default();
            if name.is_empty() {
                format!("{id}")
            } else {
                format!("{id} ({name})")
            }
        }
        None => format!("BSN {k}"),
    }
}

fn number_after(stage: &str, prefix: &str) -> Option<usize> {
    stage.strip_prefix(prefix)?.split(|c: char| !c.is_ascii_digit()).next()?.parse().ok()
}

/// A candidate-order step in the text's words; `None` when the stage is a quality criterion.
fn order_words(t: &Tournament, tr: &BracketTrace, stage: &str, v: i64) -> Option<(String, String)> {
    let at = |k: usize| bsn_player(t, tr, k);
    let line = |label: &str, text: String| Some((label.to_string(), text));
    if let Some(k) = number_after(stage, "D1-partner-of-").or_else(|| number_after(stage, "D1-mdp-partner-of-")) {
        return line(
            "D.1",
            format!("D.1 transposition: BSN {k}, {}, is paired with BSN {v}, {}", at(k), at(v as usize)),
        );
    }
    if stage == "D2a-exchange-size" {
        let text = match v {
            0 => "D.2 exchange: none (S1 and S2 as formed)".to_string(),
            1 => "D.2 exchange: 1 player of S1 exchanged with one of S2".to_string(),
            n => format!("D.2 exchange: {n} players of S1 exchanged with as many of S2"),
        };
        return line("D.2.a", text);
    }
    if stage == crate::systems::dutch::NONE_WITHIN_S1 {
        return line("D.2.a", "D.2.a no pair lies wholly in S1 (nobody is exchanged)".to_string());
    }
    if stage == "D2b-exchange-bsn-sum" {
        return line("D.2.b", format!("D.2.b sum of the BSNs of the new S1: {v}"));
    }
    if let Some(k) = number_after(stage, "D2c-keep-") {
        let how = if v > 0 { "stays in S1" } else { "leaves S1" };
        return line("D.2.c", format!("D.2.c BSN {k}, {}, {how}", at(k)));
    }
    if let Some(k) = number_after(stage, "D2d-bring-") {
        let how = if v < 0 { "comes into S1" } else { "stays in S2" };
        return line("D.2.d", format!("D.2.d BSN {k}, {}, {how}", at(k)));
    }
    if let Some(k) = number_after(stage, "D3-mdp-") {
        let how = if v == 0 { "is paired" } else { "moves down" };
        return line("D.3", format!("D.3 MDP BSN {k}, {}, {how}", at(k)));
    }
    if let Some(k) = number_after(stage, "A4-opponent-of-BSN-") {
        let text = match v.unsigned_abs() as usize {
            0 => format!("4.3 order of pairings: BSN {k}, {}, floats (its virtual opponent has BSN 0)", at(k)),
            o => format!("4.3 order of pairings: BSN {k}, {}, meets BSN {o}, {}", at(k), at(o)),
        };
        return line("4.3", text);
    }
    if let Some(k) = number_after(stage, "D1-upfloater-#") {
        let how = if v < 0 { "is chosen" } else { "is not chosen" };
        return line("4.2", format!("3.2.2 / 4.2 first set of upfloaters: possible upfloater #{k} {how}"));
    }
    if let Some(k) = number_after(stage, "D3-opponent-of-S1-#") {
        return line("4.4", format!("3.2.6 / 4.4 transposition of G2: S1 player #{k} meets G2 player #{}", v + 1));
    }
    if let Some(rest) = stage.strip_prefix("D2-shifter-from-") {
        let how = if v < 0 { "is shifted" } else { "is not shifted" };
        let (from, k) = (rest.split('-').next().unwrap_or(rest), rest.rsplit('#').next().unwrap_or(rest));
        return line("4.3", format!("3.2.4 / 4.3 shifters: seeker #{k} of {from} {how}"));
    }
    if let Some(group) = stage.strip_prefix("B3-pairs-within-") {
        return line("3.2.4", format!("3.2.4 G1/G2 re-composition: pairs made within {group}: {}", v.abs()));
    }
    None
}

/// One stage in the rules' words.
fn stage_line(system: System, t: &Tournament, tr: &BracketTrace, stage: &str, v: i64) -> (bool, Line) {
    if let Some((label, text)) = order_words(t, tr, stage, v) {
        return (false, Line { stage: stage.to_string(), label, text, value: v });
    }
    let key = stage.split('-').next().unwrap_or(stage);
    let (label, words) = criterion_words(system, key).unwrap_or_else(|| (key.to_string(), stage.replace('-', " ")));
    let sense = if v < 0 { " (maximised)" } else { "" };
    let amount =
        if stage.contains("bye-score") { format!("score {}", points_text(Points(v))) } else { v.abs().to_string() };
    if stage == crate::systems::dutch::C9_STAGE {
        let text = format!("{words}: applied among the PAB candidates (order value {})", v.abs());
        return (true, Line { stage: stage.to_string(), label, text, value: v });
    }
    if stage == "C5-floaters" {
        let text = format!("{words}: {v} outgoing floater{}", if v == 1 { "" } else { "s" });
        return (true, Line { stage: stage.to_string(), label, text, value: v });
    }
    let text = match (trailing_score(stage), stage.ends_with("-completion")) {
        (_, true) => format!("{words}: {}", if v != 0 { "yes" } else { "no" }),
        (Some(s), _) => format!("{words}, at {}: {amount}{sense}", points_text(s)),
        (None, _) => format!("{words}: {amount}{sense}"),
    };
    (true, Line { stage: stage.to_string(), label, text, value: v })
}

/// The highest pairing score among `ids`.
fn top_score(t: &Tournament, ids: &[u32]) -> Option<String> {
    ids.iter().filter_map(|&id| t.index_of(id)).map(|i| t.players[i].pairing_score()).max().map(points_text)
}

/// May player `i` receive the pairing-allocated bye under `system`? The rule of the system's
/// edition, as the independent checker states it (`verify::rules`).
pub fn pab_eligible(system: System, t: &Tournament, i: usize) -> bool {
    crate::verify::rules::Edition::of(system).pab_bar(&t.players[i]).is_none()
}

/// One stage of a bracket as its sentence in the rules' words, with `value`.
pub fn stage_text(system: System, t: &Tournament, tr: &BracketTrace, stage: &str, value: i64) -> String {
    stage_line(system, t, tr, stage, value).1.text
}

/// Why the bye went where it went: eligibility, score, games, order.
fn bye_reasons(system: System, t: &Tournament, bye: usize) -> Vec<String> {
    let present = t.present();
    let eligible: Vec<usize> = present.iter().copied().filter(|&i| pab_eligible(system, t, i)).collect();
    let p = &t.players[bye];
    let rules = crate::verify::rules::Edition::of(system);
    let mut out = vec![format!(
        "the number of players to pair is odd ({}): one receives the pairing-allocated bye ({})",
        present.len(),
        rules.presence_article()
    )];
    out.push(format!(
        "{} of the {} present may receive it: only {} ({})",
        eligible.len(),
        present.len(),
        rules.pab_rule(),
        rules.pab_article()
    ));
    let lower = eligible.iter().filter(|&&i| t.players[i].pairing_score() < p.pairing_score()).count();
    let same: Vec<u32> = eligible
        .iter()
        .filter(|&&i| t.players[i].pairing_score() == p.pairing_score())
        .map(|&i| t.players[i].id)
        .collect();
    if lower == 0 {
        out.push(format!("no eligible player has a lower score than {} ({})", p.id, points_text(p.pairing_score())));
    } else {
        out.push(format!(
            "{lower} eligible players score less than {}, but the rest of the round could not be completed (or the criteria preferred this) with one of them out",
            p.id
        ));
    }
    if same.len() > 1 {
        out.push(format!(
            "{} eligible players share that score ({}); {} played {} game(s), and the system's order among them chose {}",
            same.len(),
            same.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "),
            p.id,
            p.colours.len(),
            p.id
        ));
    }
    out
}

/// The explanation of round `t.round` paired as `pairing` under `system`, from its traces.
pub fn explain(system: System, t: &Tournament, pairing: &RoundPairing, traces: &[BracketTrace]) -> Explanation {
    let board_of = |a: u32, b: u32| -> PairRef {
        for (k, bd) in pairing.boards.iter().enumerate() {
            let (w, bl) = (t.players[bd.white].id, t.players[bd.black].id);
            if (w, bl) == (a, b) || (w, bl) == (b, a) {
                return PairRef { board: Some(k + 1), white: w, black: bl };
            }
        }
        PairRef { board: None, white: a, black: b }
    };
    let brackets = traces
        .iter()
        .enumerate()
        .map(|(k, tr)| {
            let mut criteria = Vec::new();
            let mut order = Vec::new();
            for (stage, v) in &tr.stages {
                let (is_criterion, line) = stage_line(system, t, tr, stage, *v);
                if is_criterion {
                    criteria.push(line);
                } else {
                    order.push(line);
                }
            }
            BracketExplained {
                number: k + 1,
                kind: tr.kind.to_string(),
                score: top_score(t, &tr.players[tr.mdps..]),
                moved_in: tr.players[..tr.mdps].iter().map(|&id| player_ref(t, id)).collect(),
                residents: tr.players[tr.mdps..].iter().map(|&id| player_ref(t, id)).collect(),
                pairs: tr.pairs.iter().map(|&(a, b)| board_of(a, b)).collect(),
                leaving: tr.leavers.iter().map(|&id| player_ref(t, id)).collect(),
                criteria,
                order,
            }
        })
        .collect();
    let bye = pairing
        .bye
        .map(|i| ByeExplained { player: player_ref(t, t.players[i].id), reasons: bye_reasons(system, t, i) });
    let ps = &t.point_system;
    Explanation {
        schema: SCHEMA,
        system: system.name(),
        rules: system.registration().title,
        round: t.round,
        points: format!("{}-{}-{}", points_text(ps.win()), points_text(ps.draw()), points_text(ps.loss())),
        bye,
        brackets,
    }
}

fn names(v: &[PlayerRef]) -> String {
    v.iter()
        .map(|p| if p.name.is_empty() { p.id.to_string() } else { format!("{} {} ({})", p.id, p.name, p.score) })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The explanation as text for an arbiter.
pub fn render(e: &Explanation) -> String {
    use std::fmt::Write;
    let mut s = format!("\nRound {}, {}; points for win-draw-loss {}\n", e.round, e.rules, e.points);
    for b in &e.brackets {
        let score = b.score.as_ref().map_or(String::new(), |x| format!(", score {x}"));
        // The Dutch and Dubov systems pair brackets; Lim pairs in steps (bye, score groups).
        let unit = if matches!(b.kind.as_str(), "bracket" | "PPB" | "last") { "Bracket" } else { "Step" };
        let _ = writeln!(s, "\n{unit} {} ({}{score})", b.number, b.kind);
        if !b.moved_in.is_empty() {
            let _ = writeln!(s, "  moved in: {}", names(&b.moved_in));
        }
        let _ = writeln!(s, "  players: {}", names(&b.residents));
        let pairs: Vec<String> = b
            .pairs
            .iter()
            .map(|p| match p.board {
                Some(k) => format!("{}-{} (board {k})", p.white, p.black),
                None => format!("{}-{}", p.white, p.black),
            })
            .collect();
        if !pairs.is_empty() {
            let _ = writeln!(s, "  pairs: {}", pairs.join(", "));
        }
        if !b.leaving.is_empty() {
            let _ = writeln!(s, "  leaving unpaired: {}", names(&b.leaving));
        }
        // Criteria met in full (value 0) and completion are summed up in one line.
        let mut met: Vec<&str> = Vec::new();
        for l in b.criteria.iter().filter(|l| !l.stage.ends_with("-completion")) {
            if l.value != 0 {
                let _ = writeln!(s, "  {}", l.text);
            }
        }
        for l in b.criteria.iter().filter(|l| !l.stage.ends_with("-completion")) {
            let all_zero = b.criteria.iter().filter(|m| m.label == l.label).all(|m| m.value == 0);
            if all_zero && !met.contains(&l.label.as_str()) {
                met.push(&l.label);
            }
        }
        if !met.is_empty() {
            let _ = writeln!(s, "  no violation of {}", met.join(", "));
        }
        // Candidate-order steps that only confirm the natural order are left out of the text.
        let exchanged = b.order.iter().any(|l| l.stage == "D2a-exchange-size" && l.value != 0);
        for l in &b.order {
            let routine = match l.label.as_str() {
                "D.2.b" | "D.2.c" | "D.2.d" => !exchanged,
                _ if l.stage == crate::systems::dutch::NONE_WITHIN_S1 => true,
                "4.2" | "4.3" => l.value == 0,
                _ => false,
            } || (l.label == "D.2.c" && l.value > 0)
                || number_after(&l.stage, "A4-opponent-of-BSN-")
                    .is_some_and(|k| l.value != 0 && (l.value.unsigned_abs() as usize) < k)
                || (l.label == "D.2.d" && l.value == 0);
            if !routine {
                let _ = writeln!(s, "  {}", l.text);
            }
        }
    }
    if let Some(bye) = &e.bye {
        let _ = writeln!(s, "\nPairing-allocated bye: {}", names(std::slice::from_ref(&bye.player)));
        for r in &bye.reasons {
            let _ = writeln!(s, "  - {r}");
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_in_the_rules_words() {
        assert_eq!(points_text(Points(15)), "1½");
        assert_eq!(points_text(Points(5)), "½");
        assert_eq!(points_text(Points(30)), "3");
        assert_eq!(points_text(Points(0)), "0");
        assert_eq!(points_text(Points(-5)), "-½");
    }

    #[test]
    fn scores_in_stage_names() {
        assert_eq!(trailing_score("C18-floats-score15"), Some(Points(15)));
        assert_eq!(trailing_score("B3-score-differences-sd10"), Some(Points(10)));
        assert_eq!(trailing_score("C6-upfloaters-scoring-20"), Some(Points(20)));
        assert_eq!(trailing_score("C12-colours"), None);
    }
}
