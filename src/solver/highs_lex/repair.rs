//! Proofs of a candidate from duals found by shortest paths instead of the simplex: the
//! players' row duals moved until no live column has a negative reduced cost but where the
//! candidate has it at one.
//!
//! The reduced costs under any dual define an assignment problem on the bipartite double cover
//! of the players (a left and a right copy of each; a pair is an edge each way, a float an edge
//! between a player's two copies), in which the candidate is a perfect matching. It is optimal
//! there exactly when the residual graph has no negative cycle, and then the shortest distances
//! from the current potentials (label-correcting, from the columns in violation only) are
//! potentials under which every other edge has a reduced cost of zero or more. The average of a
//! player's two potentials is a dual of the relaxation under which the exact bound is the
//! candidate's value, less what the other rows' duals leave (nothing when they are complementary
//! to the candidate). A negative cycle (a better fractional point, which only cuts or fixed rows
//! exclude), found as a cycle of the predecessors' graph, gives up.
//!
//! Used twice (`relax`):
//! - **Before any LP** ([`LexSession::proof_without_lp`]), from zero duals on every row: the
//!   bound of the fractional matchings over the live columns alone. After the quality stages'
//!   reduced-cost fixing, the live columns are mostly the earlier stages' optimal face, and on
//!   the 1,000-player round 2 of `../shared/corpus/large` this proved 101 of the 107 groups of
//!   candidate-order stages (2026 rules) with no HiGHS solve: the route's CPU went from 1.6 s to
//!   0.8 s, the same pairing.
//! - **After a working set's relaxation** ([`LexSession::repair_duals`]) reached the candidate's
//!   value: HiGHS's duals, one choice among many (a matching's relaxation is highly degenerate),
//!   mostly left columns waiting outside with negative reduced costs, and pricing them in took
//!   2-4 more solves a group, each clearing HiGHS's factorisation (any column added does). With
//!   the cut and fixed-row duals kept and the players' moved, 98 of 128 such groups were proven
//!   at once there (279 HiGHS solves -> 135, before the proof without LP took most of them).
//!
//! Only ever a dual vector: the bound it gives is computed in the same exact arithmetic as any
//! other, so this can make a proof faster, never a wrong one.

use super::relax::{Relaxation, SafeBound};
use super::{LexSession, DUAL_SCALE};
use crate::model::Var;

impl LexSession {
    /// The candidate `ones` of value `target` proven optimal under `objective` without any LP
    /// solved: from zero duals on every row, the players' duals moved as
    /// [`LexSession::repair_duals`] does. The bound then is that of the fractional matchings
    /// over the live columns alone (the fixed optima, the cuts and the model's own rows given no
    /// dual), weaker than the program's relaxation, so it proves only what needs no more; on
    /// the candidate-order stages of a large bracket that is most groups. `None` when it falls
    /// short: the relaxation is solved.
    pub(super) fn proof_without_lp(
        &mut self,
        objective: &[(Var, i64)],
        ones: &[bool],
        target: i128,
    ) -> Option<Relaxation> {
        let sides = |c: &crate::model::Constraint| usize::from(c.lower.is_some()) + usize::from(c.upper.is_some());
        let rows = self.m.num_players() + self.m.constraints.iter().map(sides).sum::<usize>();
        let mut b = self.safe_bound(objective, &vec![0.0; rows], &[])?;
        let zero = vec![0i128; self.m.num_players()];
        if self.repair_duals(&mut b, &zero, ones, (target - 1) * DUAL_SCALE) {
            return Some(Relaxation::proof(b));
        }
        self.recycle_bound(b);
        None
    }

    /// Moves the players' duals `y` (the first of the duals behind the bound `b`, rounded, in
    /// units of `1/DUAL_SCALE`) so that no live column but the candidate's (`ones`, one 0/1
    /// value per column, a matching that floats or pairs every player once) has a negative
    /// reduced cost, the other rows' duals kept. When the bound under the moved duals is above
    /// `floor`, writes it and its reduced costs into `b` and returns true; otherwise (no
    /// matching candidate, a negative cycle, a weight beyond 63 bits, more work than 32 passes
    /// over the live columns, or a bound still at `floor` or below) leaves `b` as it was.
    pub(super) fn repair_duals(&self, b: &mut SafeBound, y: &[i128], ones: &[bool], floor: i128) -> bool {
        let Some(cover) = self.cover(b, y, ones) else { return false };
        let Some(moved) = cover.moved_duals(y, self.live.len().saturating_mul(32)) else { return false };
        self.bound_moved(b, &moved, floor).unwrap_or(false)
    }

    /// The double cover of the live columns under the bound `b`'s duals (the players' `y`), with
    /// the candidate `ones` as its perfect matching; `None` if `ones` is not a matching of the
    /// live columns that pairs or floats every player once, or a weight needs more than 63 bits.
    fn cover(&self, b: &SafeBound, y: &[i128], ones: &[bool]) -> Option<Cover> {
        let n = self.m.num_players();
        if y.len() != n || ones.len() != self.cols.count() {
            return None;
        }
        let mut cover = Cover {
            mate: vec![NONE; n],
            mate_w: vec![0; n],
            float_w: vec![None; n],
            start: vec![0; n + 1],
            edges: Vec::new(),
            violated: vec![false; n],
        };
        let mut pairs: Vec<(usize, usize, i64)> = Vec::with_capacity(self.live.len());
        for &c in &self.live {
            let Some((a, p)) = self.m.pairs.get(c) else { continue };
            // A column's cost once the other rows' duals are taken out.
            let w = b.reduced[c].checked_add(y[a])?.checked_add(y[p])?;
            if ones[c] {
                cover.mate_with(a, p, w)?;
            } else {
                pairs.push((a, p, i64::try_from(w).ok()?));
                if b.reduced[c] < 0 {
                    (cover.violated[a], cover.violated[p]) = (true, true);
                }
            }
        }
        for (i, &yi) in y.iter().enumerate() {
            let Some(c) = self.cols.col(Var::Float(i)).filter(|&c| !self.dead[c]) else { continue };
            let w = b.reduced[c].checked_add(yi)?;
            if ones[c] {
                cover.mate_with(i, i, w)?;
            } else {
                cover.float_w[i] = Some(w);
                cover.violated[i] |= b.reduced[c] < 0;
            }
        }
        if cover.mate.contains(&NONE) {
            return None;
        }
        // Each player's edges in one list by player (compressed rows).
        for &(a, p, _) in &pairs {
            cover.start[a + 1] += 1;
            cover.start[p + 1] += 1;
        }
        for k in 0..n {
            cover.start[k + 1] += cover.start[k];
        }
        let mut fill = cover.start.clone();
        cover.edges = vec![(0, 0); cover.start[n]];
        for (a, p, w) in pairs {
            // Player numbers fit in 16 bits (`Pairs`).
            cover.edges[fill[a]] = (p as u32, w);
            cover.edges[fill[p]] = (a as u32, w);
            (fill[a], fill[p]) = (fill[a] + 1, fill[p] + 1);
        }
        Some(cover)
    }

    /// Writes into `b` the bound and reduced costs under the players' duals moved by `moved`,
    /// if that bound is above `floor` (`Some(true)`); `Some(false)` otherwise, `None` on an
    /// overflow (`b` then left as it was).
    fn bound_moved(&self, b: &mut SafeBound, moved: &[i128], floor: i128) -> Option<bool> {
        let float_cols: Vec<Option<usize>> =
            (0..moved.len()).map(|i| self.cols.col(Var::Float(i)).filter(|&c| !self.dead[c])).collect();
        let shift = |c: usize| -> i128 {
            match self.m.pairs.get(c) {
                Some((a, p)) => moved[a] + moved[p],
                None => 0,
            }
        };
        let mut value = b.value;
        for &c in &self.live {
            let r = b.reduced[c];
            value = value.checked_sub(r.min(0))?.checked_add((r - shift(c)).min(0))?;
        }
        for (i, &d) in moved.iter().enumerate() {
            value = value.checked_add(d)?;
            if let Some(c) = float_cols[i] {
                // The float's reduced cost moves with its player's dual (counted above unmoved).
                let (old, new) = (b.reduced[c], b.reduced[c] - d);
                value = value.checked_sub(old.min(0))?.checked_add(new.min(0))?;
            }
        }
        if value <= floor {
            return Some(false);
        }
        for &c in &self.live {
            b.reduced[c] -= shift(c);
        }
        for (i, &d) in moved.iter().enumerate() {
            if let Some(c) = float_cols[i] {
                b.reduced[c] -= d;
            }
        }
        b.value = value;
        Some(true)
    }
}

/// No player.
const NONE: usize = usize::MAX;

/// The bipartite double cover of a relaxation's live columns: each player a left and a right
/// copy, a pair an edge each way, a float an edge between a player's two copies, each weighted
/// by its column's cost once the other rows' duals are taken out; the candidate a perfect
/// matching of it.
struct Cover {
    /// Each player's mate in the candidate (itself for a float).
    mate: Vec<usize>,
    /// The weight of each player's edge to its mate.
    mate_w: Vec<i128>,
    /// The weight of each player's float edge, if it may float and does not in the candidate.
    float_w: Vec<Option<i128>>,
    /// The other edges, by player: `edges[start[a]..start[a + 1]]` are player `a`'s, as
    /// (other player, weight).
    start: Vec<usize>,
    edges: Vec<(u32, i64)>,
    /// The players with an edge of negative reduced cost under the starting duals.
    violated: Vec<bool>,
}

impl Cover {
    /// Records `a` and `p` as mates, by an edge of weight `w`; `None` if either has one already.
    fn mate_with(&mut self, a: usize, p: usize, w: i128) -> Option<()> {
        if self.mate[a] != NONE || self.mate[p] != NONE {
            return None;
        }
        (self.mate[a], self.mate[p], self.mate_w[a], self.mate_w[p]) = (p, a, w, w);
        Some(())
    }

    /// How much each player's dual moves, from `y`, so that no edge but the candidate's has a
    /// negative reduced cost: label-correcting shortest paths, where an edge in violation lowers
    /// the right potential of its far end, whose matched edge then raises the left potential of
    /// that end's mate; each player's new dual is the average of its two potentials (rounded
    /// down: any dual gives a valid bound). `None` on a negative cycle (no such duals) or once
    /// `budget` edges were scanned.
    fn moved_duals(&self, y: &[i128], mut budget: usize) -> Option<Vec<i128>> {
        let n = y.len();
        let (mate, mate_w) = (&self.mate, &self.mate_w);
        // Left potentials u, right potentials v: an edge (left a, right p) of weight w is
        // feasible when w - u[a] - v[p] >= 0, a matched one when <= 0.
        let (mut u, mut v) = (y.to_vec(), y.to_vec());
        let (mut queued, mut pred) = (vec![false; n], vec![NONE; n]);
        let mut queue: std::collections::VecDeque<usize> = std::collections::VecDeque::new();
        for a in 0..n {
            // A matched edge of positive reduced cost: the left potential rises to make it tight.
            let raised = mate_w[a] - u[a] - v[mate[a]] > 0;
            if raised {
                u[a] = mate_w[a] - v[mate[a]];
            }
            if raised || self.violated[a] {
                queued[a] = true;
                queue.push_back(a);
            }
        }
        while let Some(a) = queue.pop_front() {
            queued[a] = false;
            let (from, to) = (self.start[a], self.start[a + 1]);
            budget = budget.checked_sub(to - from + 1)?;
            let pairs = self.edges[from..to].iter().map(|&(p, w)| (p as usize, i128::from(w)));
            for (p, w) in pairs.chain(self.float_w[a].map(|w| (a, w))) {
                if w - u[a] - v[p] >= 0 {
                    continue;
                }
                v[p] = w - u[a];
                // The right copy of `p` is matched to the left copy of its mate.
                let q = mate[p];
                if mate_w[p] - u[q] - v[p] > 0 {
                    // The predecessors' graph holds a cycle only through a negative cycle: then
                    // no potentials exist (the relaxation needs other cut duals).
                    pred[q] = a;
                    let (mut k, mut steps) = (a, 0);
                    while k != NONE && steps <= n {
                        if k == q {
                            return None;
                        }
                        (k, steps) = (pred[k], steps + 1);
                    }
                    u[q] = mate_w[p] - v[p];
                    if !queued[q] {
                        queued[q] = true;
                        queue.push_back(q);
                    }
                }
            }
        }
        Some((0..n).map(|i| (u[i] + v[i]).div_euclid(2) - y[i]).collect())
    }
}

#[cfg(test)]
mod tests {
    use super::super::{LexOptions, LexSession, DUAL_SCALE};
    use crate::model::{BracketModel, Var};
    use crate::rng::SplitMix64;

    /// Every 0/1 assignment of `m`'s columns that pairs or floats each player once.
    fn assignments(m: &BracketModel, count: usize, float_col: &[Option<usize>]) -> Vec<Vec<bool>> {
        fn rec(
            m: &BracketModel,
            fc: &[Option<usize>],
            used: &mut Vec<bool>,
            ones: &mut Vec<bool>,
            out: &mut Vec<Vec<bool>>,
        ) {
            let Some(i) = used.iter().position(|&u| !u) else {
                out.push(ones.clone());
                return;
            };
            used[i] = true;
            if let Some(c) = fc[i] {
                ones[c] = true;
                rec(m, fc, used, ones, out);
                ones[c] = false;
            }
            for (e, (a, b)) in m.pairs.iter().enumerate() {
                let other = if a == i {
                    b
                } else if b == i {
                    a
                } else {
                    continue;
                };
                if used[other] {
                    continue;
                }
                (used[other], ones[e]) = (true, true);
                rec(m, fc, used, ones, out);
                (used[other], ones[e]) = (false, false);
            }
            used[i] = false;
        }
        let mut out = Vec::new();
        rec(m, float_col, &mut vec![false; m.num_players()], &mut vec![false; count], &mut out);
        out
    }

    /// Whatever the starting duals and the candidate, the bound and reduced costs the repair
    /// leaves are valid: every assignment costs at least the bound plus the positive reduced
    /// costs of its columns at one (so reduced-cost fixing stays exact), and a proof from zero
    /// duals without an LP is only ever of an optimal candidate (random candidates, most of them
    /// not optimal). On a bipartite model (no odd cycle, so the fractional matchings' optimum is
    /// integral) both prove an optimal candidate within the one unit a proof needs.
    #[test]
    fn repaired_duals_bound_every_assignment_and_prove_only_an_optimal_candidate() {
        let mut rng = SplitMix64(46);
        let (mut proven, mut bipartite_cases) = (0, 0);
        for case in 0..600 {
            let bipartite = case % 2 == 0;
            let n = if bipartite { 2 * (1 + rng.below(4) as usize) } else { 2 + rng.below(7) as usize };
            let mut m = BracketModel::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    let across = !bipartite || (a < n / 2 && b >= n / 2);
                    if across && rng.chance(75) {
                        m.add_pair(a, b);
                    }
                }
            }
            for i in 0..n {
                m.may_float[i] = !bipartite && rng.chance(30);
            }
            let Ok(mut s) = LexSession::new(m.clone(), LexOptions::default()) else { continue };
            let count = s.cols.count();
            let float_col: Vec<Option<usize>> = (0..n).map(|i| s.cols.col(Var::Float(i))).collect();
            let objective: Vec<(Var, i64)> = (0..m.pairs.len())
                .map(Var::Pair)
                .chain((0..n).filter(|&i| m.may_float[i]).map(Var::Float))
                .map(|v| (v, rng.range(-20, 40)))
                .collect();
            let all = assignments(&m, count, &float_col);
            if all.is_empty() {
                continue;
            }
            let cols = s.cols.clone();
            let cost = |x: &[bool]| -> i128 {
                objective.iter().filter(|(v, _)| cols.col(*v).is_some_and(|c| x[c])).map(|&(_, c)| i128::from(c)).sum()
            };
            let best = all.iter().min_by_key(|x| cost(x)).cloned().unwrap_or_default();
            let candidate = if bipartite { best.clone() } else { all[rng.below(all.len() as u64) as usize].clone() };
            let y: Vec<f64> = (0..n).map(|_| rng.range(-40, 40) as f64 / 2.0).collect();
            let Some(mut b) = s.safe_bound(&objective, &y, &[]) else { continue };
            let yi: Vec<i128> = y.iter().map(|&v| (v * DUAL_SCALE as f64) as i128).collect();
            let repaired = s.repair_duals(&mut b, &yi, &candidate, i128::MIN);
            for x in &all {
                let lifted: i128 = (0..count).filter(|&c| x[c] && b.reduced[c] > 0).map(|c| b.reduced[c]).sum();
                assert!(
                    cost(x) * DUAL_SCALE >= b.value + lifted,
                    "case {case}: an assignment of cost {} under the bound {} (+{lifted}), repaired {repaired:?}",
                    cost(x),
                    b.value
                );
            }
            // From zero duals, with no LP: a proof only of an optimal candidate.
            let without_lp = s.proof_without_lp(&objective, &candidate, cost(&candidate));
            if without_lp.is_some() {
                assert_eq!(
                    cost(&candidate),
                    cost(&best),
                    "case {case}: a candidate of cost {} proven",
                    cost(&candidate)
                );
            }
            if bipartite {
                assert!(
                    without_lp.is_some(),
                    "case {case}: an optimal candidate without odd cycles not proven without an LP"
                );
                bipartite_cases += 1;
                assert!(repaired, "case {case}: no repair of an optimal candidate without odd cycles");
                assert!(b.value > (cost(&best) - 1) * DUAL_SCALE, "case {case}: {} short of {}", b.value, cost(&best));
                proven += 1;
            }
        }
        assert!(bipartite_cases > 100 && proven == bipartite_cases, "{proven} of {bipartite_cases}");
    }
}
