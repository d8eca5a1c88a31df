//! `--why-not A B` for the systems without a bracket-level answer (Dubov, Lim), and `--why-bye X`
//! for every system, by a counterfactual: the round is paired again under the same system with
//! the question forced (A and B may meet only each other; X may meet nobody, so X takes the
//! bye), and the two pairings are compared step by step. The first criterion whose value gets
//! worse is the reason, in the rules' words; if none does, the system's order of candidates
//! chose the pairing made. Absolute reasons (a rematch, a forbidden pair, two equal absolute
//! colour preferences, an absence, bye eligibility) are read directly first.

use super::trace::BracketTrace;
use crate::options::PairOptions;
use crate::tournament::{Strength, Tournament};
use crate::vocabulary::{PairError, System};

/// The checker's row of an individual system.
fn players_rules(system: System) -> Result<crate::verify::rules::Edition, PairError> {
    crate::verify::rules::Edition::of(system)
        .ok_or_else(|| PairError::Invalid(format!("the {system} system pairs teams, not players")))
}

fn index(t: &Tournament, id: u32) -> Result<usize, PairError> {
    t.index_of(id).ok_or_else(|| PairError::Invalid(format!("no player {id} in this tournament")))
}

/// `t` with every pair of `i` except with `j` forbidden (`j = None`: every pair of `i`).
fn forced(t: &Tournament, i: usize, j: Option<usize>) -> Tournament {
    let mut t2 = t.clone();
    for x in 0..t.players.len() {
        if x != i && Some(x) != j {
            t2.forbidden.insert((i.min(x), i.max(x)));
        }
    }
    t2
}

/// The first step at which the forced pairing is worse, in words.
pub(crate) fn first_difference(
    system: System,
    f: crate::round::Field,
    actual: &[BracketTrace],
    forced: &[BracketTrace],
    what: &str,
    partners: &str,
) -> String {
    for (k, (a, forced_trace)) in actual.iter().zip(forced).enumerate() {
        // The same step (the same program) can take other players in (Dubov's upfloaters, the
        // floaters): its criteria are compared first, its composition after.
        for ((name, va), (name_f, vf)) in a.stages.iter().zip(&forced_trace.stages) {
            if name != name_f {
                break;
            }
            if vf > va {
                let (worse, now) = (
                    crate::explain::stage_text(system, f, forced_trace, name, *vf),
                    crate::explain::stage_text(system, f, a, name, *va),
                );
                return format!(
                    "{what} would worsen step {} ({}): {worse}, where the pairing made has {now}",
                    k + 1,
                    a.kind
                );
            }
            if vf < va {
                break; // a different bracket shape; compared by the first worse value only
            }
        }
        let mut pa = a.players.clone();
        let mut pf = forced_trace.players.clone();
        pa.sort_unstable();
        pf.sort_unstable();
        if pa != pf || a.kind != forced_trace.kind {
            return format!(
                "{what} changes step {} ({}): its players would differ, so an earlier choice of the system's order \
                 (floaters, upfloaters or the bye) already differs; the pairing made comes first in that order",
                k + 1,
                a.kind
            );
        }
    }
    format!(
        "{what} is as good on every criterion the system counts; its order of candidates (the D rules, or the \
         procedure's own order) puts the pairing made first{}",
        partners
    )
}

fn pair(system: System, t: &Tournament, opts: &PairOptions) -> Result<Vec<BracketTrace>, PairError> {
    match system.registration().pair {
        super::Entry::Players(pair) => pair(t, opts).map(|(_, tr)| tr),
        super::Entry::Teams(_) | super::Entry::Double(_) => Err(PairError::Invalid(format!(
            "the {system} system pairs {}s, not players",
            system.registration().unit().name()
        ))),
    }
}

/// Why `a` and `b` (TRF ids) are not paired together.
pub fn why_not_pair(
    system: System,
    t: &Tournament,
    opts: &PairOptions,
    traces: &[BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    let (i, j) = (index(t, a)?, index(t, b)?);
    if i == j {
        return Err(PairError::Invalid("--why-not needs two different players".into()));
    }
    for (x, id) in [(i, a), (j, b)] {
        if t.players[x].absent.is_some() {
            return Ok(format!("{id} does not play this round (announced bye or absence)"));
        }
    }
    // The articles as the independent checker states them for this system and edition.
    let rules = players_rules(system)?;
    if let Some(k) = t.players[i].history.iter().position(|h| h.opponent == Some(j) && h.facts.played) {
        return Ok(format!("{}: {a} and {b} already played each other in round {}", rules.rematch_article(), k + 1));
    }
    if t.is_forbidden(i, j) {
        return Ok(format!("{a} and {b} are a forbidden pair (XXP / 260 record)"));
    }
    let (pa, pb) = (&t.players[i].preference, &t.players[j].preference);
    if pa.strength == Strength::Absolute
        && pb.strength == Strength::Absolute
        && pa.colour == pb.colour
        && !rules.colour_exempt(t, i, j)
    {
        return Ok(format!(
            "{}: {a} and {b} have the same absolute colour preference ({:?})",
            rules.colour_articles().0,
            pa.colour.unwrap_or(crate::trf::Colour::White)
        ));
    }
    if traces.iter().any(|tr| tr.pairs.iter().any(|&p| p == (a, b) || p == (b, a))) {
        return Ok(format!("{a} and {b} are paired together in this round"));
    }
    match pair(system, &forced(t, i, Some(j)), opts) {
        Err(PairError::NoValidPairing(_)) => Ok(format!(
            "[C4] no pairing of the round that pairs {a} with {b} complies with the absolute criteria: \
             the other players could not all be paired"
        )),
        Err(e) => Err(e),
        Ok(tr) => {
            let partner = |id: u32| {
                traces.iter().flat_map(|tr| tr.pairs.iter()).find_map(|&(x, y)| match (x == id, y == id) {
                    (true, _) => Some(y.to_string()),
                    (_, true) => Some(x.to_string()),
                    _ => None,
                })
            };
            let partners = format!(
                " ({a} meets {}, {b} meets {})",
                partner(a).unwrap_or_else(|| "nobody (the bye)".into()),
                partner(b).unwrap_or_else(|| "nobody (the bye)".into())
            );
            Ok(first_difference(system, t.into(), traces, &tr, &format!("pairing {a}-{b}"), &partners))
        }
    }
}

/// Why `x` (a TRF id) did or did not receive the pairing-allocated bye.
pub fn why_bye(
    system: System,
    t: &Tournament,
    opts: &PairOptions,
    pairing: &crate::pairing::RoundPairing,
    traces: &[BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    let i = index(t, x)?;
    if t.players[i].absent.is_some() {
        return Ok(format!("{x} does not play this round (announced bye or absence)"));
    }
    if pairing.bye == Some(i) {
        let e = crate::explain::explain(system, t, pairing, traces);
        let reasons = e.bye.map(|b| b.reasons.join("; ")).unwrap_or_default();
        return Ok(format!("{x} receives the pairing-allocated bye: {reasons}"));
    }
    let Some(holder) = pairing.bye.map(|k| t.players[k].id) else {
        return Ok(format!(
            "no pairing-allocated bye this round: {} players are paired, an even number",
            t.present().len()
        ));
    };
    let rules = players_rules(system)?;
    if let Some(bar) = rules.pab_bar(&t.players[i]) {
        return Ok(format!("{x} may not receive the pairing-allocated bye: only {} may ({bar})", rules.pab_rule()));
    }
    // The rules that rank the candidates directly: the lowest score first, then (2026 Dutch
    // [C9], Dubov 3.1.4, Burstein 3.1.4) the most games played.
    let h = t.index_of(holder).unwrap_or(i);
    let (px, ph) = (&t.players[i], &t.players[h]);
    let rules = system.registration().bye_rules;
    let (score_rule, games_rule) = (rules.score, rules.games);
    if ph.pairing_score() < px.pairing_score() {
        return Ok(format!(
            "{score_rule}: {holder} has {}, {x} has {}",
            ph.pairing_score().words(),
            px.pairing_score().words()
        ));
    }
    let played = |p: &crate::tournament::Player| p.history.iter().filter(|r| r.facts.played).count();
    if let (Some(rule), true) = (games_rule, ph.pairing_score() == px.pairing_score() && played(ph) > played(px)) {
        return Ok(format!(
            "{rule}: at the same score ({}), {holder} has played {} games, {x} {}",
            px.pairing_score().words(),
            played(ph),
            played(px)
        ));
    }
    // A rule on the order (Lim 1.1: the lowest rank in the lowest score-group).
    if let (Some(rule), true) =
        (rules.rank, ph.pairing_score() == px.pairing_score() && ph.pairing_number > px.pairing_number)
    {
        return Ok(format!(
            "{rule}: {holder} (rank {}) ranks below {x} (rank {})",
            ph.pairing_number, px.pairing_number
        ));
    }
    match pair(system, &forced(t, i, None), opts) {
        Err(PairError::NoValidPairing(_)) => Ok(format!(
            "[C4] with {x} taking the bye, the other players could not all be paired under the absolute criteria; \
             {holder} receives it"
        )),
        Err(e) => Err(e),
        Ok(tr) => Ok(first_difference(
            system,
            t.into(),
            traces,
            &tr,
            &format!("giving the bye to {x} instead of {holder}"),
            &format!(" ({holder} receives it)"),
        )),
    }
}
