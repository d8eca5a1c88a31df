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

use super::bracket::{Bracket, Kind};
use super::criteria_2026::C9_STAGE;
use super::order::Chosen;
use super::round::Round;
use super::Edition;
use crate::model::{Stage, Var};
use crate::solver::graph::{Pairability, PairingGraph};
use crate::solver::lex::StageReport;
use crate::solver::matching::pairable_by_matching;
use std::collections::{HashMap, HashSet};

/// The first candidate if it is perfect; `None` when a solver must decide.
pub fn perfect(r: &Round, b: &Bracket, kind: Kind, stages: &[Stage]) -> Option<Chosen> {
    let (nb, m0) = (b.nb, b.mdps);
    let score = |l: usize| r.score(b.global[l]);
    if (m0 + 1..nb).any(|l| score(l) != score(m0)) || matches!(kind, Kind::Ppb { .. }) || b.homogeneous_order {
        return None; // collapsed brackets and the PPB: leave them to the solver
    }
    let residents = nb - m0;
    let m1 = m0.min(residents);
    let pairs = super::order::first_candidate(b, m1, (residents - m1) / 2);
    let mut paired = vec![false; nb];
    pairs.iter().for_each(|&(x, y)| (paired[x], paired[y]) = (true, true));
    let leavers: Vec<usize> = (0..nb).filter(|&i| !paired[i]).collect();
    // C.1-C.3: every pair must be allowed (an edge of the model).
    let edge: HashMap<(usize, usize), usize> = b.model.pairs.iter().enumerate().map(|(e, &p)| (p, e)).collect();
    let mut ones: Vec<Var> = Vec::with_capacity(nb);
    for &(x, y) in &pairs {
        ones.push(Var::Pair(*edge.get(&(x.min(y), x.max(y)))?));
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
        Kind::Outlook { next, .. } => ones.extend(outlook_witness(b, &leavers, next.len(), &edge)?),
        Kind::Ppb { .. } => return None,
    }
    // Colour and float criteria at zero; completion, the bye, the number and scores of the
    // downfloaters and the look-ahead are at their bounds by construction (2017 C.4-C.7, 2026
    // [C4]-[C8]).
    let ones: HashSet<Var> = ones.into_iter().collect();
    let values: Vec<(String, i64)> =
        stages.iter().map(|s| (s.name.clone(), s.cost.value(&|v| ones.contains(&v)))).collect();
    let at_bound: &[&str] = match (r.edition, kind) {
        (_, Kind::Outlook { .. }) => &["C4-", "C5-", "C6-", "C7-", "C8-", C9_STAGE],
        // 2012: completion (C.13), pairs (P), score differences (B.3), look-ahead (C.1/C.12).
        (Edition::E2012, _) => &["C13-completion", "P-", "B3-", "C12-"],
        _ => &["C4-", "C5-", "C6-", "C7-"],
    };
    // 2026 [C9] has a bound of its own, reached or not.
    let c9_bound = c9_bound(r, b, kind);
    if values.iter().any(|(name, v)| name == C9_STAGE && Some(*v) != c9_bound) {
        return None;
    }
    let bounded = |name: &str| at_bound.iter().any(|p| name.starts_with(p));
    if values.iter().any(|(name, v)| !bounded(name) && *v != 0) {
        return None;
    }
    let reports = values
        .iter()
        .map(|(name, v)| StageReport { name: name.clone(), value: *v, how: "first-candidate", seconds: 0.0 })
        .collect();
    Some(Chosen {
        pairs: pairs.iter().map(|&(x, y)| (x.min(y), x.max(y))).collect(),
        leavers,
        outside: Vec::new(),
        reports,
        stage_values: values,
    })
}

/// C.7 at its bound: the leavers and the next scoregroup can be paired with every leaver paired
/// (no MDP-MDP pair) and at most one next-scoregroup player out (PAB-eligible when the next
/// bracket is the last). Returns the variables of such a pairing.
fn next_bracket_witness(
    r: &Round,
    b: &Bracket,
    leavers: &[usize],
    next_is_last: bool,
    edge: &HashMap<(usize, usize), usize>,
) -> Option<Vec<Var>> {
    let next: Vec<usize> = (b.nb..b.model.num_players()).collect();
    let verts: Vec<usize> = leavers.iter().chain(&next).copied().collect();
    let g = PairingGraph::of_players(
        &verts,
        |a, c| joins_next(b, edge, a, c),
        |v| v >= b.nb && (!next_is_last || r.pab_eligible(b.global[v])),
    );
    let Pairability::Pairable { pairs, bye } = pairable_by_matching(&g) else { return None };
    let mut vars: Vec<Var> = pairs
        .iter()
        .filter_map(|&(x, y)| edge.get(&(verts[x].min(verts[y]), verts[x].max(verts[y]))).map(|&e| Var::Pair(e)))
        .collect();
    vars.extend(bye.map(|x| Var::Float(verts[x])));
    Some(vars)
}

/// 2026: [C4], [C5] and [C8] at their bounds. The leavers are all paired with next-scoregroup
/// players and the next scoregroup among itself, at most one of it left over (a bye candidate
/// preferred); then that one and all lower players pair completely, the PAB to a bye candidate.
/// A witness found this way proves the bounds; when none is found the solver decides (the
/// search is not exhaustive, so this only ever costs time).
fn outlook_witness(
    b: &Bracket,
    leavers: &[usize],
    next: usize,
    edge: &HashMap<(usize, usize), usize>,
) -> Option<Vec<Var>> {
    let n = b.model.num_players();
    if next == 0 {
        // The last bracket (nobody below): at most one leaver, who receives the PAB.
        return match leavers {
            [] => Some(Vec::new()),
            [p] if b.model.may_float[*p] => Some(vec![Var::Float(*p)]),
            _ => None,
        };
    }
    let near: Vec<usize> = leavers.iter().copied().chain(b.nb..b.nb + next).collect();
    let is_next = |v: usize| v >= b.nb;
    let mut g =
        PairingGraph::of_players(&near, |a, c| joins_next(b, edge, a, c), |v| is_next(v) && b.model.may_float[v]);
    let found = match pairable_by_matching(&g) {
        found @ Pairability::Pairable { .. } => found,
        Pairability::Unpairable => {
            g.bye_eligible = near.iter().map(|&v| is_next(v)).collect();
            pairable_by_matching(&g)
        }
    };
    let Pairability::Pairable { pairs, bye } = found else { return None };
    let far: Vec<usize> = bye.map(|x| near[x]).into_iter().chain(b.nb + next..n).collect();
    let h = PairingGraph::of_players(&far, |a, c| edge.contains_key(&(a.min(c), a.max(c))), |v| b.model.may_float[v]);
    let Pairability::Pairable { pairs: rest, bye: pab } = pairable_by_matching(&h) else { return None };
    let var = |a: usize, c: usize| edge.get(&(a.min(c), a.max(c))).map(|&e| Var::Pair(e));
    let mut vars: Vec<Var> = pairs.iter().filter_map(|&(x, y)| var(near[x], near[y])).collect();
    vars.extend(rest.iter().filter_map(|&(x, y)| var(far[x], far[y])));
    vars.extend(pab.map(|x| Var::Float(far[x])));
    Some(vars)
}

/// 2026 [C9]: the best value it can take, when every pair of the model counts for it (then the
/// value is minus the ranks of everybody paired, and the best leaves out the bye candidate of
/// the lowest rank). `None` when only some pairs count: the solver decides.
fn c9_bound(r: &Round, b: &Bracket, kind: Kind) -> Option<i64> {
    let Kind::Outlook { lower, c9, .. } = kind else { return None };
    let bye = r.bye.as_ref()?;
    if !(c9 && (lower.is_empty() || bye.first_bracket_c9)) {
        return None;
    }
    let rank = |g: usize| if r.score(g) == bye.score { bye.rank[g] } else { 0 };
    let total: i64 = b.global.iter().map(|&g| rank(g)).sum();
    let least = (0..b.global.len())
        .filter(|&l| b.model.may_float[l] && r.score(b.global[l]) == bye.score)
        .map(|l| rank(b.global[l]))
        .min()?;
    Some(-(total - least))
}

/// A pair of the model in which at least one player is from the next scoregroup (the leavers
/// of the bracket never pair each other there).
fn joins_next(b: &Bracket, edge: &HashMap<(usize, usize), usize>, a: usize, c: usize) -> bool {
    (a >= b.nb || c >= b.nb) && edge.contains_key(&(a.min(c), a.max(c)))
}
