//! The rules' first candidate of a bracket (B.2-B.3 before any alteration), accepted without a
//! solver when it is perfect (B.4).
//!
//! The first candidate pairs the M1 highest MDPs with the first residents in order, then S1R[i]
//! with S2R[i] in the remainder; the Limbo MDPs and the last S2R player (odd remainder) leave.
//! When the residents share one score it is optimal on C.5 and C.6 by construction: it has the
//! most pairs possible, pairs the highest MDPs, and leaves at most one resident. It is then
//! perfect when every pair is legal, the completion and look-ahead criteria (C.4 for the last
//! bracket, C.7) reach their bounds, witnessed by an exact matching, and every colour and float
//! criterion is zero. Being first in the candidate order, it is the answer.

use super::bracket::PairIndex;
use super::bracket::{Bracket, Kind};
use super::criteria_2026::C9_STAGE;
use super::order::Chosen;
use super::round::Round;
use super::Edition;
use crate::audit::Audit;
use crate::model::{Stage, Var};
use crate::solver::graph::Pairability;
use crate::solver::lex::StageReport;
use crate::solver::matching::pairable_implicit;
use crate::vocabulary::StageKey;

/// The first candidate if it is perfect; `None` when a solver must decide.
pub fn perfect(r: &Round, b: &Bracket, kind: Kind, stages: &[Stage]) -> Option<Chosen> {
    let (pairs, leavers) = candidate(r, &b.global[..b.nb], b.mdps, kind)?;
    // C.1-C.3: every pair must be allowed (an edge of the model).
    let edge = PairIndex::of(&b.model);
    let mut ones: Vec<Var> = Vec::with_capacity(b.nb);
    for &(x, y) in &pairs {
        ones.push(Var::Pair(edge.get(x, y)?));
    }
    match kind {
        Kind::Last => {
            // Completion: at most one player out, and he may receive the PAB.
            if leavers.len() > 1 || leavers.iter().any(|&l| !b.model.may_float[l]) {
                return None;
            }
            ones.extend(leavers.iter().map(|&l| Var::Float(l)));
        }
        Kind::Normal { next_is_last, .. } => ones.extend(next_bracket_witness(r, b, &leavers, next_is_last, &edge)?),
        Kind::Outlook { next, .. } => ones.extend(outlook_witness(r, b, &leavers, next.len(), &edge)?),
        Kind::Ppb { .. } => return None,
    }
    // Colour and float criteria at zero; completion, the bye, the number and scores of the
    // downfloaters and the look-ahead are at their bounds by construction (2017 C.4-C.7, 2026
    // [C4]-[C8]).
    // Marked per variable (a stage has a term on most of the model's pairs: an array lookup per
    // term, not a hash).
    let (mut pair_one, mut float_one) = (vec![false; b.model.pairs.len()], vec![false; b.model.num_players()]);
    let mut aux_one: Vec<Var> = Vec::new();
    for v in ones {
        match v {
            Var::Pair(e) => pair_one[e] = true,
            Var::Float(i) => float_one[i] = true,
            Var::Aux(_) => aux_one.push(v),
        }
    }
    let is_one = |v: Var| match v {
        Var::Pair(e) => pair_one.get(e).copied().unwrap_or(false),
        Var::Float(i) => float_one.get(i).copied().unwrap_or(false),
        Var::Aux(_) => aux_one.contains(&v),
    };
    let values: Vec<(StageKey, i64)> = stages.iter().map(|s| (s.key, s.cost.value(&is_one))).collect();
    let at_bound: &[&str] = match (r.edition, kind) {
        (_, Kind::Outlook { .. }) => &["C4", "C5", "C6", "C7", "C8", C9_STAGE.criterion],
        // 2012: completion (C.13), pairs (P), score differences (B.3), look-ahead (C.1/C.12).
        (Edition::E2012, _) => &["C13", "P", "B3", "C12"],
        _ => &["C4", "C5", "C6", "C7"],
    };
    // 2026 [C9] has a bound of its own, reached or not.
    // A stage with no term on the model's pairs that count is left out of it; minus the ranks of
    // those paired is then 0, the ranks of those left out the ranks of all (so the check gives
    // the same answer on a model of fewer pairs).
    let c9_bound = c9_bound(r, b, kind);
    let c9_value = values.iter().find(|(key, _)| *key == C9_STAGE).map(|(_, v)| *v);
    if c9_bound.is_some_and(|(least, all)| c9_value.unwrap_or(all) != least)
        || (c9_bound.is_none() && c9_value.is_some())
    {
        return None;
    }
    // A criterion of one's own that may be negative (maximised, or a negative part) is not
    // proven optimal by a zero value: the solver decides.
    if stages.iter().any(|s| s.key.what == super::super::custom::SIGNED) {
        return None;
    }
    let bounded = |key: &StageKey| at_bound.contains(&key.criterion);
    if values.iter().any(|(key, v)| !bounded(key) && *v != 0) {
        return None;
    }
    let reports =
        values.iter().map(|&(key, value)| StageReport { key, value, how: "first-candidate", seconds: 0.0 }).collect();
    Some(Chosen {
        pairs: pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect(),
        leavers,
        outside: Vec::new(),
        reports,
        stage_values: values,
    })
}

/// A candidate's pairs and leavers (local numbers).
pub(super) type Candidate = (Vec<(usize, usize)>, Vec<usize>);

/// A completion witness: its pairs and its PAB receiver (local numbers).
pub(super) type Witness = (Vec<(usize, usize)>, Option<usize>);

/// The first candidate of the bracket `players` (the first `mdps` of them MDPs) and its leavers,
/// in local numbers, if it is one the fast path may take: residents of one score, not a PPB,
/// not ordered as homogeneous (collapsed brackets and the PPB are left to the solver).
pub(super) fn candidate(r: &Round, players: &[usize], mdps: usize, kind: Kind) -> Option<Candidate> {
    let (nb, m0) = (players.len(), mdps.min(players.len()));
    let score = |l: usize| r.score(players[l]);
    if (m0 + 1..nb).any(|l| score(l) != score(m0))
        || matches!(kind, Kind::Ppb { .. })
        || super::bracket::homogeneous_order(r, nb, m0)
    {
        return None;
    }
    let residents = nb - m0;
    let m1 = m0.min(residents);
    let pairs = super::order::first_candidate_of(nb, m0, m1, (residents - m1) / 2);
    let mut paired = vec![false; nb];
    pairs.iter().for_each(|&(x, y)| (paired[x], paired[y]) = (true, true));
    let leavers: Vec<usize> = (0..nb).filter(|&i| !paired[i]).collect();
    Some((pairs, leavers))
}

/// C.7 at its bound: the leavers and the next scoregroup can be paired with every leaver paired
/// (no MDP-MDP pair) and at most one next-scoregroup player out (PAB-eligible when the next
/// bracket is the last). Returns the variables of such a pairing.
fn next_bracket_witness(
    r: &Round,
    b: &Bracket,
    leavers: &[usize],
    next_is_last: bool,
    edge: &PairIndex,
) -> Option<Vec<Var>> {
    let next: Vec<usize> = (b.nb..b.model.num_players()).collect();
    let verts: Vec<usize> = leavers.iter().chain(&next).copied().collect();
    let found = pairable_implicit(
        &r.audit,
        verts.len(),
        |x, y| joins_next(b, edge, verts[x], verts[y]),
        |k| verts[k] >= b.nb && (!next_is_last || r.pab_eligible(b.global[verts[k]])),
    );
    let Pairability::Pairable { pairs, bye } = found else { return None };
    let mut vars: Vec<Var> = pairs.iter().filter_map(|&(x, y)| edge.get(verts[x], verts[y]).map(Var::Pair)).collect();
    vars.extend(bye.map(|x| Var::Float(verts[x])));
    Some(vars)
}

/// 2026: \[C4\], \[C5\] and \[C8\] at their bounds. The leavers are all paired with next-scoregroup
/// players and the next scoregroup among itself, at most one of it left over (a bye candidate
/// preferred); then that one and all lower players pair completely, the PAB to a bye candidate.
/// A witness found this way proves the bounds; when none is found the solver decides (the
/// search is not exhaustive, so this only ever costs time).
fn outlook_witness(r: &Round, b: &Bracket, leavers: &[usize], next: usize, edge: &PairIndex) -> Option<Vec<Var>> {
    let n = b.model.num_players();
    let allowed = |a: usize, c: usize| edge.contains(a, c);
    let (pairs, pab) = outlook_witness_pairs(&r.audit, b.nb, next, n, leavers, allowed, |v| b.model.may_float[v])?;
    let var = |a: usize, c: usize| edge.get(a, c).map(Var::Pair);
    let mut vars: Vec<Var> = pairs.iter().filter_map(|&(x, y)| var(x, y)).collect();
    vars.extend(pab.map(Var::Float));
    Some(vars)
}

/// The witness of [`outlook_witness`] for a bracket of `nb` players followed by `next`
/// next-scoregroup players and the lower ones up to `n` (local numbers), on the pairs `allowed`
/// accepts: its pairs and its PAB receiver. Stated on a predicate, not a model, so that the
/// same witness can be found before any model is built ([`super::Driver`]'s sparse first
/// candidate): the graphs, and therefore the witness, are the same either way.
pub(super) fn outlook_witness_pairs(
    audit: &Audit,
    nb: usize,
    next: usize,
    n: usize,
    leavers: &[usize],
    allowed: impl Fn(usize, usize) -> bool,
    may_float: impl Fn(usize) -> bool,
) -> Option<Witness> {
    if next == 0 {
        // The last bracket (nobody below): at most one leaver, who receives the PAB.
        return match leavers {
            [] => Some((Vec::new(), None)),
            [p] if may_float(*p) => Some((Vec::new(), Some(*p))),
            _ => None,
        };
    }
    let near: Vec<usize> = leavers.iter().copied().chain(nb..nb + next).collect();
    let is_next = |v: usize| v >= nb;
    let joins = |x: usize, y: usize| {
        let (a, c) = (near[x], near[y]);
        (is_next(a) || is_next(c)) && allowed(a, c)
    };
    let found = match pairable_implicit(audit, near.len(), joins, |k| is_next(near[k]) && may_float(near[k])) {
        found @ Pairability::Pairable { .. } => found,
        Pairability::Unpairable => pairable_implicit(audit, near.len(), joins, |k| is_next(near[k])),
    };
    let Pairability::Pairable { pairs, bye } = found else { return None };
    let far: Vec<usize> = bye.map(|x| near[x]).into_iter().chain(nb + next..n).collect();
    let rest = pairable_implicit(audit, far.len(), |x, y| allowed(far[x], far[y]), |k| may_float(far[k]));
    let Pairability::Pairable { pairs: rest, bye: pab } = rest else { return None };
    let mut out: Vec<(usize, usize)> = pairs.iter().map(|&(x, y)| (near[x], near[y])).collect();
    out.extend(rest.iter().map(|&(x, y)| (far[x], far[y])));
    Some((out, pab.map(|x| far[x])))
}

/// 2026 \[C9\]: the best value it can take, when every pair of the model counts for it (then the
/// value is the rank of the player left out, and the best leaves out the bye candidate of the
/// lowest rank), and the ranks of all the model's players. `None` when only some pairs count:
/// the solver decides.
fn c9_bound(r: &Round, b: &Bracket, kind: Kind) -> Option<(i64, i64)> {
    // Every pair counts, so the stage is the rank of whoever is left out
    // (`criteria_2026::bye_unplayed`): at best the least rank a candidate may leave out.
    let ctx = super::criteria::Ctx::new(r, b, kind);
    let all = super::criteria_2026::c9_shift(&ctx)?;
    let bye = r.bye.as_ref()?;
    let least = (0..b.global.len())
        .filter(|&l| b.model.may_float[l] && r.score(b.global[l]) == bye.score)
        .map(|l| super::criteria_2026::c9_rank(&ctx, l))
        .min()?;
    Some((least, all))
}

/// A pair of the model in which at least one player is from the next scoregroup (the leavers
/// of the bracket never pair each other there).
fn joins_next(b: &Bracket, edge: &PairIndex, a: usize, c: usize) -> bool {
    (a >= b.nb || c >= b.nb) && edge.contains(a, c)
}
