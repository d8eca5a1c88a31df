//! The read-out of the optimal face once the algorithm has finished: which edges have zero
//! reduced cost (blossom duals included) and their `φ`, the blossoms of positive dual, and the
//! nesting of the final blossoms those read.

use super::{Solver, NO, NONE};
use crate::solver::weighted_matching::MatchWeight;

impl<W: MatchWeight> Solver<W> {
    /// `φ` of edge `k` (see [`super::OptimalFace`]) if its reduced cost, blossom duals included, is
    /// zero; `None` otherwise. Only meaningful once `run` has finished.
    pub(in crate::solver::weighted_matching) fn face_weight(&self, k: usize, nesting: &Nesting<W>) -> Option<u32> {
        let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
        let mut s = self.slack(k);
        let mut depth = 0u32;
        // The blossoms containing both ends: their innermost common one and its ancestors.
        if let Some(b) = nesting.common(i, j, &self.inblossom) {
            s.add_into(&nesting.zsum[b]);
            depth = nesting.positive[b];
        }
        if !s.is_zero() {
            return None;
        }
        let pos = |v: usize| u32::from(self.dualvar[v].is_positive());
        Some(pos(i) + pos(j) + depth)
    }

    /// The vertex sets of the final blossoms whose dual is positive (each of odd size; a
    /// maximum-weight matching fills every one). Only meaningful once `run` has finished.
    pub(in crate::solver::weighted_matching) fn positive_blossoms(&mut self) -> Vec<Vec<usize>> {
        let mut sets = Vec::new();
        for b in self.n..2 * self.n {
            if self.blossombase[b] != NO && self.dualvar[b].is_positive() {
                let mut leaves = Vec::new();
                self.leaves_into(b, &mut leaves);
                leaves.sort_unstable();
                sets.push(leaves);
            }
        }
        sets
    }

    /// The nesting of the final blossoms, for [`Solver::face_weight`].
    pub(in crate::solver::weighted_matching) fn nesting(&self) -> Nesting<W> {
        Nesting::of(self)
    }

    /// Twice the reduced cost, blossom duals included, of an edge `(i, j)` of doubled weight
    /// `w2` that the solver may not hold (pricing: negative means the duals are infeasible for
    /// it). `i != j`. Only meaningful once `run` has finished.
    #[inline(always)]
    pub(in crate::solver::weighted_matching) fn reduced_cost2(
        &self,
        i: usize,
        j: usize,
        w2: &W,
        nesting: &Nesting<W>,
    ) -> (W, u32) {
        let mut s = W::add_sub(&self.dualvar[i], &self.dualvar[j], w2);
        let mut depth = 0u32;
        if let Some(b) = nesting.common(i, j, &self.inblossom) {
            s.add_into(&nesting.zsum[b]);
            depth = nesting.positive[b];
        }
        (s, depth)
    }

    /// The vertex's dual is positive: every maximum-weight matching covers it.
    pub(in crate::solver::weighted_matching) fn dual_positive(&self, v: usize) -> bool {
        self.dualvar[v].is_positive()
    }
}

/// The forest of the final blossoms (vertices as leaves), with what [`Solver::face_weight`] needs
/// per node: twice the sum of the duals of the blossoms containing it (itself included) and how
/// many of them have a positive dual. The innermost blossom containing both ends of an edge is
/// their lowest common ancestor, found in O(1) by a range-minimum query over an Euler tour: on
/// a 5,000-vertex bracket with deeply nested blossoms, walking the chains of every edge's ends
/// took 20 of a solve's 24 seconds. Most pairs need no query at all: ends in different top-level
/// blossoms have none in common, and ends under different children of their top-level blossom
/// have that blossom alone (the last pricing of the 9,999-player round 2's largest bracket has
/// 12.8 million of its 12.9 million pairs inside one top-level blossom).
pub(in crate::solver::weighted_matching) struct Nesting<W> {
    /// Per node (`0..2n`): its first position in the tour.
    first: Vec<u32>,
    /// `table[k][i]`: the shallowest node of tour positions `i..i + 2^k`.
    table: Vec<Vec<u32>>,
    depth: Vec<u32>,
    /// Per vertex (`0..n`): the child of its top-level blossom that holds it (itself when it is
    /// a child of it, or top-level).
    under_top: Vec<u32>,
    zsum: Vec<W>,
    positive: Vec<u32>,
}

impl<W: MatchWeight> Nesting<W> {
    pub(super) fn of(solver: &Solver<W>) -> Nesting<W> {
        let n = solver.n;
        let nodes = 2 * n;
        let mut first = vec![NONE; nodes];
        let mut depth = vec![0u32; nodes];
        let mut zsum = vec![W::zero(); nodes];
        let mut positive = vec![0u32; nodes];
        let mut under_top: Vec<u32> = (0..nodes as u32).collect();
        let mut tour: Vec<u32> = Vec::new();
        let live = |x: usize| x < n || solver.blossombase[x] != NO;
        let mut stack: Vec<(usize, usize)> = Vec::new();
        for root in (0..nodes).filter(|&x| live(x) && solver.blossomparent[x] == NO) {
            stack.push((root, 0));
            if root >= n {
                zsum[root] = solver.dualvar[root] + solver.dualvar[root];
                positive[root] = u32::from(solver.dualvar[root].is_positive());
            }
            first[root] = tour.len() as u32;
            tour.push(root as u32);
            while let Some(&mut (x, ref mut next)) = stack.last_mut() {
                let children: &[usize] = if x >= n { &solver.blossomchilds[x] } else { &[] };
                if *next < children.len() {
                    let c = children[*next];
                    *next += 1;
                    depth[c] = depth[x] + 1;
                    under_top[c] = if depth[x] == 0 { c as u32 } else { under_top[x] };
                    zsum[c] = zsum[x];
                    positive[c] = positive[x];
                    if c >= n {
                        zsum[c].add_into(&solver.dualvar[c]);
                        zsum[c].add_into(&solver.dualvar[c]);
                        positive[c] += u32::from(solver.dualvar[c].is_positive());
                    }
                    first[c] = tour.len() as u32;
                    tour.push(c as u32);
                    stack.push((c, 0));
                } else {
                    stack.pop();
                    if let Some(&(parent, _)) = stack.last() {
                        tour.push(parent as u32);
                    }
                }
            }
        }
        let shallower = |a: u32, b: u32| if depth[b as usize] < depth[a as usize] { b } else { a };
        let mut table = vec![tour];
        let mut span = 1;
        while 2 * span <= table[0].len() {
            let prev = table.last().expect("one level at least");
            let next: Vec<u32> = (0..prev.len() - span).map(|i| shallower(prev[i], prev[i + span])).collect();
            table.push(next);
            span *= 2;
        }
        under_top.truncate(n);
        Nesting { first, table, depth, under_top, zsum, positive }
    }

    /// The innermost blossom containing both `i` and `j` (distinct vertices), if any.
    #[inline(always)]
    pub(super) fn common(&self, i: usize, j: usize, inblossom: &[usize]) -> Option<usize> {
        if inblossom[i] != inblossom[j] {
            return None;
        }
        if self.under_top[i] != self.under_top[j] {
            return Some(inblossom[i]);
        }
        let (a, b) = (self.first[i] as usize, self.first[j] as usize);
        let (lo, hi) = (a.min(b), a.max(b));
        let k = (usize::BITS - 1 - (hi - lo + 1).leading_zeros()) as usize;
        let (x, y) = (self.table[k][lo], self.table[k][hi + 1 - (1 << k)]);
        let node = if self.depth[y as usize] < self.depth[x as usize] { y } else { x };
        Some(node as usize)
    }
}
