//! `--why-not A B` and `--why-bye X` for the Swiss Team system. Absolute reasons are read
//! directly (an absence, a second meeting \[C1\], a prohibited pair, \[C2\] for the bye, and the
//! order of 3.4); otherwise the round is paired again with the question forced (A and B may meet
//! only each other; X may meet nobody, so X takes the bye) and the two pairings compared step by
//! step: the first criterion whose value gets worse is the reason, in the text's words.

use crate::pairing::RoundPairing;
use crate::systems::counterfactual::first_difference;
use crate::systems::trace::BracketTrace;
use crate::team::TeamTournament;
use crate::vocabulary::{PairError, PairOptions, System};

fn index(t: &TeamTournament, tpn: u32) -> Result<usize, PairError> {
    t.index_of(tpn).ok_or_else(|| PairError::Invalid(format!("no team {tpn} in this tournament")))
}

/// `t` with every pair of team `i` except with `j` prohibited (`j = None`: every pair of `i`).
fn forced(t: &TeamTournament, i: usize, j: Option<usize>) -> TeamTournament {
    let mut t2 = t.clone();
    for x in 0..t.teams.len() {
        if x != i && Some(x) != j {
            t2.forbidden.insert((i.min(x), i.max(x)));
        }
    }
    t2
}

fn partner(traces: &[BracketTrace], id: u32) -> String {
    traces
        .iter()
        .flat_map(|tr| tr.pairs.iter())
        .find_map(|&(x, y)| match (x == id, y == id) {
            (true, _) => Some(y.to_string()),
            (_, true) => Some(x.to_string()),
            _ => None,
        })
        .unwrap_or_else(|| "nobody (the bye)".into())
}

/// Why teams `a` and `b` (TPNs) are not paired together.
pub fn why_not(
    t: &TeamTournament,
    opts: &PairOptions,
    traces: &[BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    let (i, j) = (index(t, a)?, index(t, b)?);
    if i == j {
        return Err(PairError::Invalid("--why-not needs two different teams".into()));
    }
    for (x, id) in [(i, a), (j, b)] {
        if t.teams[x].absent.is_some() {
            return Ok(format!("team {id} does not play this round (absent)"));
        }
    }
    if let Some(k) = t.teams[i].history.iter().position(|m| m.played() && m.opponent == Some(j)) {
        return Ok(format!("C.04.6 2.1.1 [C1]: teams {a} and {b} already played each other in round {}", k + 1));
    }
    if t.is_forbidden(i, j) {
        return Ok(format!("teams {a} and {b} are a prohibited pair (260 record)"));
    }
    if traces.iter().any(|tr| tr.pairs.iter().any(|&p| p == (a, b) || p == (b, a))) {
        return Ok(format!("teams {a} and {b} are paired together in this round"));
    }
    let t2 = forced(&forced(t, i, Some(j)), j, Some(i));
    match super::pair(&t2, opts) {
        Err(PairError::NoValidPairing(_)) => Ok(format!(
            "C.04.6 2.2.1 [C3]: no pairing of the round that pairs {a} with {b} complies with the absolute criteria: \
             the other teams could not all be paired"
        )),
        Err(e) => Err(e),
        Ok((_, tr)) => {
            let partners = format!(" ({a} meets {}, {b} meets {})", partner(traces, a), partner(traces, b));
            Ok(first_difference(System::SwissTeam2026, t.into(), traces, &tr, &format!("pairing {a}-{b}"), &partners))
        }
    }
}

/// Why team `x` (a TPN) did or did not receive the pairing-allocated bye (the order of 3.4 is
/// read directly; no pairing is needed again).
pub fn why_bye(
    t: &TeamTournament,
    _opts: &PairOptions,
    pairing: &RoundPairing,
    traces: &[BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    let i = index(t, x)?;
    if t.teams[i].absent.is_some() {
        return Ok(format!("team {x} does not play this round (absent)"));
    }
    if pairing.bye == Some(i) {
        let e = crate::explain::explain(System::SwissTeam2026, t, pairing, traces);
        let reasons = e.bye.map(|b| b.reasons.join("; ")).unwrap_or_default();
        return Ok(format!("team {x} receives the pairing-allocated bye: {reasons}"));
    }
    let Some(h) = pairing.bye else {
        return Ok(format!(
            "no pairing-allocated bye this round: {} teams are paired, an even number",
            t.present().len()
        ));
    };
    let team = &t.teams[i];
    if team.had_pab || team.had_forfeit_win || team.had_full_bye {
        return Ok(format!(
            "C.04.6 2.1.2 [C2]: team {x} has had a pairing-allocated bye, won a match by forfeit or had a full-point \
             bye, and may not receive it"
        ));
    }
    let holder = t.teams[h].tpn;
    let (sx, sh) = (t.score(i), t.score(h));
    let (mx, mh) = (t.teams[i].matches_played, t.teams[h].matches_played);
    let points = crate::explain::points_text;
    if sh < sx {
        return Ok(format!(
            "C.04.6 3.4.2 the lowest score: team {holder} has {}, team {x} has {}",
            points(sh),
            points(sx)
        ));
    }
    if sh == sx && mh > mx {
        return Ok(format!(
            "C.04.6 3.4.3 the most matches played: at the same score ({}), team {holder} has played {mh}, team {x} {mx}",
            points(sx)
        ));
    }
    if sh == sx && mh == mx && holder > x {
        return Ok(format!(
            "C.04.6 3.4.4 the largest TPN: at the same score and matches played, team {holder} comes before team {x}"
        ));
    }
    // x comes first in the order of 3.4.2-3.4.4: only 3.4.1 can have passed it over.
    Ok(format!(
        "C.04.6 3.4.1: with team {x} out, the other teams could not all be paired under [C1] and [C2]; team {holder}, \
         the next in the order of 3.4.2-3.4.4 that leaves a legal pairing, receives it"
    ))
}
