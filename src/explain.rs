//! `--explain` in the rules' words, for every system: per bracket (or step) its score as
//! points, its players with names and pairing numbers, the pairs and the floaters, each quality
//! criterion as the text states it with its value, each candidate-order step as the text names
//! it, and the pairing-allocated bye with the reasons for it. The same content as JSON follows
//! the versioned schema of `docs/explain.md` ([`SCHEMA`]); tournament software may show it to
//! players.
//!
//! The wording comes from one place per system: its criteria table (the articles) and its
//! registry row's `words` (candidate-order steps and criteria with a sentence of their own);
//! the stages are typed keys, never names read back. Units are players or teams ([`Field`]).

use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::round::Field;
use crate::systems::trace::BracketTrace;
use crate::tournament::Tournament;
use crate::vocabulary::{At, Measure, StageKey, System, Unit};
use serde::Serialize;

/// The JSON schema of [`Explanation`] (see `docs/explain.md`); a change that removes or
/// renames a field bumps it.
pub const SCHEMA: &str = "lexpair-explain/1";

/// A unit (a player, or a team) as an explanation names it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PlayerRef {
    /// Its id: a TRF starting rank, a team pairing number.
    pub id: u32,
    /// Its name.
    pub name: String,
    /// Pairing number (TPN).
    pub tpn: u32,
    /// A player's rating; a team's strength factor.
    pub rating: u32,
    /// Pairing score (with acceleration), as points: `1½`, `3`.
    pub score: String,
}

/// One criterion or candidate-order step, in the rules' words.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Line {
    /// The stage (written as its stable name: `C12-colours`, `D1-partner-of-3`).
    pub stage: StageKey,
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
    /// The pair's board in the final pairing, 1-based; `None` when the pair is not on it.
    pub board: Option<usize>,
    /// The id of the unit with White (the pair's first unit when it is not on the final boards).
    pub white: u32,
    /// The id of the unit with Black (the other one).
    pub black: u32,
}

/// One bracket (or step) of the round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct BracketExplained {
    /// The bracket's (or step's) number, 1-based, in the order paired.
    pub number: usize,
    /// The system's own name for the step (`bracket`, `PPB`, `last`, `score-group, upward`, ...).
    pub kind: String,
    /// The highest score among its resident players, as points (none for a bye step).
    pub score: Option<String>,
    /// Players that came from elsewhere (MDPs, incoming floaters, upfloaters), then residents.
    pub moved_in: Vec<PlayerRef>,
    /// Its own players (the residents).
    pub residents: Vec<PlayerRef>,
    /// The pairs it made, by ids.
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
    /// The unit that receives the bye.
    pub player: PlayerRef,
    /// Why it went there, sentence by sentence, in order.
    pub reasons: Vec<String>,
}

/// The explanation of a round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Explanation {
    /// The schema version, [`SCHEMA`].
    pub schema: &'static str,
    /// The system's name (`dutch-2026`, `dubov-2018`, `lim`, ...).
    pub system: &'static str,
    /// What is paired: `player` or `team`.
    pub unit: &'static str,
    /// The rules' title (`Dutch system, rules in force from 2026 (C.04.3)`).
    pub rules: &'static str,
    /// The round paired, 1-based.
    pub round: u32,
    /// Points for a win, draw and loss, as points (`1-½-0`, `3-1-0`).
    pub points: String,
    /// The pairing-allocated bye and why, when there is one.
    pub bye: Option<ByeExplained>,
    /// One entry per bracket or step, in the order paired.
    pub brackets: Vec<BracketExplained>,
    /// The labels of the system's criteria on the pairing-allocated bye (Dutch 2026 `[C5]`,
    /// `[C9]`): the text says them once, in the bracket the bye leaves.
    #[serde(skip)]
    pub bye_labels: Vec<String>,
}

/// Points as the rules write them: `1½`, `3`, `0`, `½` ([`Points::words`]).
pub fn points_text(p: Points) -> String {
    p.words()
}

fn player_ref(f: Field, id: u32) -> PlayerRef {
    match (f, f.index_of(id)) {
        (Field::Players(t), Some(i)) => {
            let p = &t.players[i];
            PlayerRef {
                id,
                name: p.name.clone(),
                tpn: p.pairing_number,
                rating: p.rating,
                score: points_text(p.pairing_score()),
            }
        }
        (Field::Teams(t), Some(i)) => {
            let team = &t.teams[i];
            PlayerRef {
                id,
                name: team.name.clone(),
                tpn: team.tpn,
                rating: team.strength,
                score: points_text(t.score(i)),
            }
        }
        (Field::Double(t), Some(i)) => {
            let p = &t.players[i];
            PlayerRef { id, name: p.name.clone(), tpn: p.tpn, rating: p.rating, score: points_text(t.score(i)) }
        }
        _ => PlayerRef { id, name: String::new(), tpn: id, rating: 0, score: String::new() },
    }
}

/// The name of unit `id`.
fn name_of(f: Field, id: u32) -> String {
    player_ref(f, id).name
}

/// The pairing score of unit `i`.
fn score_of(f: Field, i: usize) -> Points {
    match f {
        Field::Players(t) => t.players[i].pairing_score(),
        Field::Teams(t) => t.score(i),
        Field::Double(t) => t.score(i),
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

/// The unit at BSN `k` (1-based) of the bracket, as `12 (Name)`.
fn bsn_player(f: Field, tr: &BracketTrace, k: usize) -> String {
    match tr.players.get(k.wrapping_sub(1)) {
        Some(&id) => {
            let name = name_of(f, id);
            if name.is_empty() {
                format!("{id}")
            } else {
                format!("{id} ({name})")
            }
        }
        None => format!("BSN {k}"),
    }
}

/// One stage in the rules' words: the system's own words when it has them (candidate-order
/// steps), else the words every criterion shares: its article, the part of it (`at 1½`) and
/// its value as the stage measures it.
fn stage_line(system: System, f: Field, tr: &BracketTrace, key: &StageKey, v: i64) -> (bool, Line) {
    let seat = |k: usize| bsn_player(f, tr, k);
    let line = |label: String, text: String| Line { stage: *key, label, text, value: v };
    if let Some(w) = (system.registration().words)(key, v, &seat) {
        return (key.is_criterion(), line(w.label, w.text));
    }
    // A criterion of one's own: its value in the file's units.
    if let Some(o) = tr.own.iter().find(|o| o.stage == *key) {
        let part = if o.part > 0 { format!(", part {}", o.part) } else { String::new() };
        return (
            true,
            line(o.name.to_string(), format!("{} {}{part} (a criterion of one's own): {}", o.sense, o.name, o.text)),
        );
    }
    let (label, words) = criterion_words(system, key.criterion)
        .unwrap_or_else(|| (key.criterion.to_string(), key.to_string().replace('-', " ")));
    let at = match key.at {
        At::Score(s) | At::ScoreDifference(s) => format!(", at {}", points_text(s)),
        _ => String::new(),
    };
    // A maximised stage's value is the solver's measure of "as well as the text allows" (a
    // look-ahead's compliance, summed over the next bracket): it says nothing to an arbiter.
    let text = match key.measure {
        Measure::Completion => format!("{words}: {}", if v != 0 { "yes" } else { "no" }),
        Measure::Points => format!("{words}{at}: score {}", points_text(Points(v))),
        Measure::Count | Measure::Rank | Measure::Order if v < 0 => format!("{words}: as well as possible"),
        Measure::Count => match key.at {
            At::Score(s) => format!("{words}: {} at {}", v.abs(), points_text(s)),
            At::ScoreDifference(s) => format!("{words}: {} with a difference of {}", v.abs(), points_text(s)),
            _ => format!("{words}: {}", v.abs()),
        },
        Measure::Rank | Measure::Order => format!("{words}{at}: {}", v.abs()),
    };
    (key.is_criterion(), line(label, text))
}

/// The highest pairing score among `ids`.
fn top_score(f: Field, ids: &[u32]) -> Option<String> {
    ids.iter().filter_map(|&id| f.index_of(id)).map(|i| score_of(f, i)).max().map(points_text)
}

/// May player `i` receive the pairing-allocated bye under `system`? The rule of the system's
/// edition, as the independent checker states it (`verify::rules`).
pub fn pab_eligible(system: System, t: &Tournament, i: usize) -> bool {
    crate::verify::rules::Edition::of(system).is_some_and(|e| e.pab_bar(&t.players[i]).is_none())
}

/// One stage of a bracket as its sentence in the rules' words, with `value`.
pub fn stage_text(system: System, f: Field, tr: &BracketTrace, stage: &StageKey, value: i64) -> String {
    stage_line(system, f, tr, stage, value).1.text
}

/// Who may receive the bye and why, as the independent checker states it: the present units,
/// the eligible ones, the articles, and the games (or matches) each has played.
struct ByeRules {
    present: Vec<usize>,
    eligible: Vec<usize>,
    presence_article: &'static str,
    rule: &'static str,
    article: &'static str,
    played: Vec<usize>,
}

fn bye_rules(system: System, f: Field) -> Option<ByeRules> {
    match f {
        Field::Players(t) => {
            let rules = crate::verify::rules::Edition::of(system)?;
            let present = t.present();
            Some(ByeRules {
                eligible: present.iter().copied().filter(|&i| rules.pab_bar(&t.players[i]).is_none()).collect(),
                present,
                presence_article: rules.presence_article(),
                rule: rules.pab_rule(),
                article: rules.pab_article(),
                played: t.players.iter().map(|p| p.colours.len()).collect(),
            })
        }
        Field::Teams(t) => {
            let rules = crate::verify::matches::MatchEdition::of(system)?;
            let present = t.present();
            Some(ByeRules {
                eligible: present.iter().copied().filter(|&i| rules.pab_bar(t, i).is_none()).collect(),
                present,
                presence_article: rules.presence_article,
                rule: rules.pab_rule,
                article: rules.pab_article,
                played: t.teams.iter().map(|x| x.matches_played as usize).collect(),
            })
        }
        Field::Double(t) => {
            let rules = crate::verify::matches::MatchEdition::of(system)?;
            let present = t.present();
            Some(ByeRules {
                eligible: present.iter().copied().filter(|&i| rules.pab_bar(t, i).is_none()).collect(),
                present,
                presence_article: rules.presence_article,
                rule: rules.pab_rule,
                article: rules.pab_article,
                played: t.players.iter().map(|x| x.matches_played as usize).collect(),
            })
        }
    }
}

/// Why the bye went where it went: eligibility, score, games, order.
fn bye_reasons(system: System, f: Field, bye: usize) -> Vec<String> {
    let Some(rules) = bye_rules(system, f) else {
        return Vec::new();
    };
    let (unit, games) = match f.unit() {
        Unit::Player => ("players", "game(s)"),
        Unit::Team => ("teams", "match(es)"),
        Unit::DoubleSwissPlayer => ("players", "match(es)"),
    };
    let (id, score) = (f.id(bye), score_of(f, bye));
    let mut out = vec![format!(
        "the number of {unit} to pair is odd ({}): one receives the pairing-allocated bye ({})",
        rules.present.len(),
        rules.presence_article
    )];
    out.push(format!(
        "{} of the {} present may receive it: only {} ({})",
        rules.eligible.len(),
        rules.present.len(),
        rules.rule,
        rules.article
    ));
    let lower = rules.eligible.iter().filter(|&&i| score_of(f, i) < score).count();
    let same: Vec<u32> = rules.eligible.iter().filter(|&&i| score_of(f, i) == score).map(|&i| f.id(i)).collect();
    if lower == 0 {
        out.push(format!(
            "no eligible {} has a lower score than {id} ({})",
            unit.trim_end_matches('s'),
            points_text(score)
        ));
    } else {
        out.push(format!(
            "{lower} eligible {unit} score less than {id}, but the rest of the round could not be completed (or the criteria preferred this) with one of them out"
        ));
    }
    if same.len() > 1 {
        out.push(format!(
            "{} eligible {unit} share that score ({}); {id} played {} {games}, and the system's order among them chose {id}",
            same.len(),
            same.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(", "),
            rules.played.get(bye).copied().unwrap_or(0),
        ));
    }
    out
}

/// The explanation of the round `field` is before, paired as `pairing` under `system`, from
/// its traces.
pub fn explain<'a>(
    system: System,
    field: impl Into<Field<'a>>,
    pairing: &RoundPairing,
    traces: &[BracketTrace],
) -> Explanation {
    let f: Field = field.into();
    let board_of = |a: u32, b: u32| -> PairRef {
        for (k, bd) in pairing.boards.iter().enumerate() {
            let (w, bl) = (f.id(bd.white), f.id(bd.black));
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
                let (is_criterion, line) = stage_line(system, f, tr, stage, *v);
                if is_criterion {
                    criteria.push(line);
                } else {
                    order.push(line);
                }
            }
            BracketExplained {
                number: k + 1,
                kind: tr.kind.to_string(),
                // A whole-field step has no score: it pairs every present player.
                score: if tr.kind == "field" { None } else { top_score(f, &tr.players[tr.mdps..]) },
                moved_in: tr.players[..tr.mdps].iter().map(|&id| player_ref(f, id)).collect(),
                residents: tr.players[tr.mdps..].iter().map(|&id| player_ref(f, id)).collect(),
                pairs: tr.pairs.iter().map(|&(a, b)| board_of(a, b)).collect(),
                leaving: tr.leavers.iter().map(|&id| player_ref(f, id)).collect(),
                criteria,
                order,
            }
        })
        .collect();
    let bye = pairing.bye.map(|i| ByeExplained { player: player_ref(f, f.id(i)), reasons: bye_reasons(system, f, i) });
    let (win, draw, loss) = match f {
        Field::Players(t) => (t.point_system.win(), t.point_system.draw(), t.point_system.loss()),
        Field::Teams(t) => t.primary_scale(),
        Field::Double(t) => (t.game_points.win(), t.game_points.draw(), t.game_points.loss()),
    };
    Explanation {
        schema: SCHEMA,
        system: system.name(),
        unit: f.unit().name(),
        rules: system.registration().title,
        round: f.round(),
        points: format!("{}-{}-{}", points_text(win), points_text(draw), points_text(loss)),
        bye,
        brackets,
        bye_labels: {
            let rules = system.registration().bye_rules;
            [Some(rules.score), rules.games, rules.rank]
                .into_iter()
                .flatten()
                .filter_map(|w| w.split_whitespace().next().filter(|l| l.starts_with('[')).map(str::to_string))
                .collect()
        },
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
        s.push_str(&render_bracket(e, b));
    }
    if let Some(bye) = &e.bye {
        let _ = writeln!(s, "\nPairing-allocated bye: {}", names(std::slice::from_ref(&bye.player)));
        for r in &bye.reasons {
            let _ = writeln!(s, "  - {r}");
        }
    }
    s
}

/// One bracket (step) of `e` as text, without its heading: players, pairs, floaters, the
/// criteria that cost something, those met in full, the candidate-order steps worth telling.
pub fn render_bracket(e: &Explanation, b: &BracketExplained) -> String {
    use std::fmt::Write;
    let mut s = String::new();
    if !b.moved_in.is_empty() {
        let _ = writeln!(s, "  moved in: {}", names(&b.moved_in));
    }
    let _ = writeln!(s, "  {}s: {}", e.unit, names(&b.residents));
    let place = if e.unit == "team" { "match" } else { "board" };
    let pairs: Vec<String> = b
        .pairs
        .iter()
        .map(|p| match p.board {
            Some(k) => format!("{}-{} ({place} {k})", p.white, p.black),
            None => format!("{}-{}", p.white, p.black),
        })
        .collect();
    if !pairs.is_empty() {
        let _ = writeln!(s, "  pairs: {}", pairs.join(", "));
    }
    // Who leaves the bracket unpaired: the bye, and the floaters (moving down to the next
    // bracket; in Lim's upward steps, up).
    let bye = e.bye.as_ref().map(|x| x.player.id);
    let (to_bye, floating): (Vec<PlayerRef>, Vec<PlayerRef>) =
        b.leaving.iter().cloned().partition(|p| Some(p.id) == bye);
    if !floating.is_empty() {
        let way = if b.kind.contains("upward") { "moving up" } else { "moving down (floaters)" };
        let _ = writeln!(s, "  {way}: {}", names(&floating));
    }
    if !to_bye.is_empty() {
        let _ = writeln!(s, "  receiving the pairing-allocated bye: {}", names(&to_bye));
    }
    // The bye's criteria are the same in every bracket: said in the bracket the bye leaves.
    let here = !to_bye.is_empty();
    let shown = |l: &&Line| here || !e.bye_labels.contains(&l.label);
    // Criteria met in full (value 0) and completion are summed up in one line; a criterion of
    // several stages said once when they say the same.
    let mut met: Vec<&str> = Vec::new();
    let completion = |l: &&Line| l.stage.measure == Measure::Completion;
    let mut said: Vec<&str> = Vec::new();
    for l in b.criteria.iter().filter(|l| !completion(l)).filter(shown) {
        if l.value != 0 && !said.contains(&l.text.as_str()) {
            said.push(&l.text);
            let _ = writeln!(s, "  {}", l.text);
        }
    }
    for l in b.criteria.iter().filter(|l| !completion(l)) {
        let all_zero = b.criteria.iter().filter(|m| m.label == l.label).all(|m| m.value == 0);
        if all_zero && !met.contains(&l.label.as_str()) {
            met.push(&l.label);
        }
    }
    if !met.is_empty() {
        let _ = writeln!(s, "  no violation of {}", met.join(", "));
    }
    // Candidate-order steps that only confirm the natural order are left out of the text; a
    // formulation's own tie-break ("T": the bye's rank, then each player's partner) is one line.
    let exchanged = b.order.iter().any(|l| l.label == "D.2.a" && l.value != 0);
    let ties = b.order.iter().filter(|l| l.label == "T").count();
    if ties > 0 {
        let _ = writeln!(
            s,
            "  T ties among equally good pairings broken in the candidate order: the bye first, then each {}'s \
             partner by pairing number ({ties} steps)",
            e.unit
        );
    }
    for l in b.order.iter().filter(|l| l.label != "T") {
        // A pair seen from its second player (Burstein 4.3: the partner's BSN is smaller).
        let seen_before =
            l.label == "4.3" && l.stage.seat().is_some_and(|k| l.value != 0 && (l.value.unsigned_abs() as usize) < k);
        let routine = match l.label.as_str() {
            "D.2.b" | "D.2.c" | "D.2.d" => !exchanged,
            _ if l.stage == crate::systems::dutch::NONE_WITHIN_S1 => true,
            "4.2" | "4.3" => l.value == 0,
            // Swiss Team: the identifier's seats show in the pairs; the set order names
            // the upfloaters chosen.
            "3.6.2" | "3.6.3" => true,
            "3.5.4" => l.value >= 0,
            _ => false,
        } || (l.label == "D.2.c" && l.value > 0)
            || seen_before
            || (l.label == "D.2.d" && l.value == 0);
        if !routine {
            let _ = writeln!(s, "  {}", l.text);
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
}
