//! `--why-not A B` and `--why-bye X` for the systems of the top-scoregroup procedure (Swiss Team,
//! Double-Swiss). Absolute reasons are read directly (an absence, a second meeting \[C1\], a
//! prohibited pair, \[C2\] and the order of 3.4 for the bye); otherwise the round is paired again
//! with the question forced (A and B may meet only each other) and the two pairings compared
//! step by step: the first criterion whose value gets worse is the reason, in the text's words.

use super::Units;
use crate::options::PairOptions;
use crate::pairing::RoundPairing;
use crate::round::Field;
use crate::systems::counterfactual::first_difference;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{PairError, System};

/// What the answers ask of a tournament of the procedure, besides its [`Units`].
pub(crate) trait Askable: Units + Clone {
    /// The system that pairs it.
    fn system(&self) -> System;
    /// The units as the explanations see them.
    fn field(&self) -> Field<'_>;
    /// `team` or `player`.
    fn unit_word(&self) -> &'static str;
    /// The unit with id `id` (a TPN, a TRF starting rank).
    fn index_of(&self, id: u32) -> Option<usize>;
    /// The id of unit `i`.
    fn id(&self, i: usize) -> u32;
    /// Unit `i` does not play this round.
    fn absent(&self, i: usize) -> bool;
    /// The round in which `i` and `j` met in a match that counts as a meeting, if they did.
    fn met_in(&self, i: usize, j: usize) -> Option<usize>;
    /// Prohibits the pair `a`, `b` in this round.
    fn prohibit(&mut self, a: usize, b: usize);
    /// The pair `a`, `b` is prohibited (`260`, XXP).
    fn prohibited(&self, a: usize, b: usize) -> bool;
    /// The number of units (indices `0..count`).
    fn count(&self) -> usize;
    /// Pairs the round (the system's own entry, without the door).
    fn pair(&self, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError>;
    /// The system's article prefix (`C.04.6`, `C.04.5`).
    fn chapter(&self) -> &'static str;
}

fn index<T: Askable>(t: &T, id: u32) -> Result<usize, PairError> {
    t.index_of(id).ok_or_else(|| PairError::Invalid(format!("no {} {id} in this tournament", t.unit_word())))
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

/// Why units `a` and `b` (ids) are not paired together.
pub(crate) fn why_not<T: Askable>(
    t: &T,
    opts: &PairOptions,
    traces: &[BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    let (unit, chapter) = (t.unit_word(), t.chapter());
    let (i, j) = (index(t, a)?, index(t, b)?);
    if i == j {
        return Err(PairError::Invalid(format!("--why-not needs two different {unit}s")));
    }
    for (x, id) in [(i, a), (j, b)] {
        if t.absent(x) {
            return Ok(format!("{unit} {id} does not play this round (absent)"));
        }
    }
    if let Some(k) = t.met_in(i, j) {
        return Ok(format!("{chapter} 2.1.1 [C1]: {unit}s {a} and {b} already played each other in round {}", k + 1));
    }
    if t.prohibited(i, j) {
        return Ok(format!("{unit}s {a} and {b} are a prohibited pair (260 record)"));
    }
    if traces.iter().any(|tr| tr.pairs.iter().any(|&p| p == (a, b) || p == (b, a))) {
        return Ok(format!("{unit}s {a} and {b} are paired together in this round"));
    }
    let mut t2 = t.clone();
    for x in 0..t.count() {
        for (me, other) in [(i, j), (j, i)] {
            if x != me && x != other {
                t2.prohibit(me, x);
            }
        }
    }
    match t2.pair(opts) {
        Err(PairError::NoValidPairing(_)) => Ok(format!(
            "{chapter} 2.2.1 [C3]: no pairing of the round that pairs {a} with {b} complies with the absolute \
             criteria: the other {unit}s could not all be paired"
        )),
        Err(e) => Err(e),
        Ok((_, tr)) => {
            let partners = format!(" ({a} meets {}, {b} meets {})", partner(traces, a), partner(traces, b));
            Ok(first_difference(t.system(), t.field(), traces, &tr, &format!("pairing {a}-{b}"), &partners))
        }
    }
}

/// Why unit `x` (an id) did or did not receive the pairing-allocated bye (the order of 3.4 is
/// read directly; no pairing is needed again).
pub(crate) fn why_bye<T: Askable>(
    t: &T,
    pairing: &RoundPairing,
    traces: &[BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    let (unit, chapter) = (t.unit_word(), t.chapter());
    let i = index(t, x)?;
    if t.absent(i) {
        return Ok(format!("{unit} {x} does not play this round (absent)"));
    }
    if pairing.bye == Some(i) {
        let e = crate::explain::explain(t.system(), t.field(), pairing, traces);
        let reasons = e.bye.map(|b| b.reasons.join("; ")).unwrap_or_default();
        return Ok(format!("{unit} {x} receives the pairing-allocated bye: {reasons}"));
    }
    let Some(h) = pairing.bye else {
        return Ok(format!(
            "no pairing-allocated bye this round: {} {unit}s are paired, an even number",
            t.present().len()
        ));
    };
    if !t.pab_eligible(i) {
        return Ok(format!(
            "{chapter} 2.1.2 [C2]: {unit} {x} has had a pairing-allocated bye, won a match by forfeit or had a \
             full-point bye, and may not receive it"
        ));
    }
    let holder = t.id(h);
    let (sx, sh) = (t.score(i), t.score(h));
    let (mx, mh) = (t.matches_played(i), t.matches_played(h));
    let points = crate::points::Points::words;
    if sh < sx {
        return Ok(format!(
            "{chapter} 3.4.2 the lowest score: {unit} {holder} has {}, {unit} {x} has {}",
            points(sh),
            points(sx)
        ));
    }
    if sh == sx && mh > mx {
        return Ok(format!(
            "{chapter} 3.4.3 the most matches played: at the same score ({}), {unit} {holder} has played {mh}, \
             {unit} {x} {mx}",
            points(sx)
        ));
    }
    if sh == sx && mh == mx && t.tpn(h) > t.tpn(i) {
        return Ok(format!(
            "{chapter} 3.4.4 the largest TPN: at the same score and matches played, {unit} {holder} comes before \
             {unit} {x}"
        ));
    }
    // x comes first in the order of 3.4.2-3.4.4: only 3.4.1 can have passed it over.
    Ok(format!(
        "{chapter} 3.4.1: with {unit} {x} out, the others could not all be paired under [C1] and [C2]; {unit} \
         {holder}, the next in the order of 3.4.2-3.4.4 that leaves a legal pairing, receives it"
    ))
}
