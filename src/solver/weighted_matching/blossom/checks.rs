//! The algorithm's invariants after every step (`WM_INV=1` in a test build) and the
//! optimality certificate of every solve in test builds.
#![cfg(test)]

use super::{Solver, FREE, NO, S, T};
use crate::solver::weighted_matching::MatchWeight;

impl<W: MatchWeight> Solver<W> {
    #[cfg(test)]
    pub(super) fn check_invariants(&self, when: &str) {
        let n = self.n;
        let mut parity = None;
        for v in 0..n {
            let p = self.mate[v];
            if p != NO {
                assert_eq!(self.mate[self.ep(p)], p ^ 1, "{when}: inconsistent mates at {v}");
            } else if self.label[self.inblossom[v]] == S {
                // A root: the roots' duals share one parity.
                let even = self.dualvar[v].is_even();
                assert_eq!(*parity.get_or_insert(even), even, "{when}: roots of different parity");
            } else {
                assert!(self.dualvar[v].is_zero(), "{when}: exposed vertex {v} neither a root nor of dual zero");
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] != NO || (b >= n && self.blossombase[b] == NO) {
                continue;
            }
            match self.label[b] {
                S => assert_eq!(self.labelend[b], self.mate[self.blossombase[b]], "{when}: S blossom {b}"),
                T => {
                    assert!(self.labelend[b] != NO, "{when}: T {b} without labelend");
                    let from = self.inblossom[self.ep(self.labelend[b])];
                    assert_eq!(self.label[from], S, "{when}: T blossom {b} reached from non-S {from}");
                    let mb = self.mate[self.blossombase[b]];
                    assert!(mb != NO, "{when}: T blossom {b} unmatched");
                    assert_eq!(self.label[self.inblossom[self.ep(mb)]], S, "{when}: mate of T {b} not S");
                }
                _ => {
                    let mb = self.mate[self.blossombase[b]];
                    if mb == NO {
                        assert!(self.dualvar[self.blossombase[b]].is_zero(), "{when}: free {b} with an exposed base");
                    } else {
                        assert_eq!(self.label[self.inblossom[self.ep(mb)]], FREE, "{when}: mate of free {b} labelled");
                    }
                }
            }
        }
        for k in 0..self.edge_slot.len() {
            let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
            if self.inblossom[i] == self.inblossom[j] {
                continue;
            }
            let s = self.slack(k);
            assert!(s >= W::zero(), "{when}: negative slack on edge {k} ({i}, {j}): {s:?}");
            if self.is_allowed(k) {
                assert!(s == W::zero(), "{when}: allowed edge {k} ({i}, {j}) not tight");
            }
            if self.mate[i] != NO && self.mate[i] / 2 == k {
                assert!(s == W::zero(), "{when}: matched edge {k} not tight");
            }
        }
    }

    /// Checks the LP-duality certificate of optimality (unit-test builds only).
    #[cfg(test)]
    pub(super) fn verify_optimum(&self) {
        let n = self.n;
        let zero = W::zero();
        for v in 0..n {
            let p = self.mate[v];
            if p != NO {
                assert_eq!(self.mate[self.ep(p)], p ^ 1, "inconsistent mates at {v}");
            }
        }
        for v in 0..n {
            let mut top = v;
            while self.blossomparent[top] != NO {
                top = self.blossomparent[top];
            }
            assert_eq!(self.inblossom[v], top, "vertex {v} recorded in a blossom that does not hold it");
        }
        assert!(self.dualvar[..n].iter().all(|&d| d >= zero));
        assert!(self.dualvar[n..].iter().all(|&d| d >= zero));
        for k in 0..self.edge_slot.len() {
            let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
            let mut s = self.dualvar[i] + self.dualvar[j] - self.wadj[self.edge_slot[k] as usize];
            // Add 2 z(B) for every blossom containing both ends.
            let (mut iblossoms, mut jblossoms) = (vec![i], vec![j]);
            while self.blossomparent[*iblossoms.last().unwrap_or(&i)] != NO {
                let top = *iblossoms.last().unwrap_or(&i);
                iblossoms.push(self.blossomparent[top]);
            }
            while self.blossomparent[*jblossoms.last().unwrap_or(&j)] != NO {
                let top = *jblossoms.last().unwrap_or(&j);
                jblossoms.push(self.blossomparent[top]);
            }
            iblossoms.reverse();
            jblossoms.reverse();
            for (bi, bj) in iblossoms.iter().zip(&jblossoms) {
                if bi != bj {
                    break;
                }
                s = s + self.dualvar[*bi] + self.dualvar[*bi];
            }
            assert!(s >= zero, "negative slack on edge {k}");
            let matched = self.mate[i] != NO && self.mate[i] / 2 == k;
            if matched {
                assert!(s == zero, "matched edge {k} not tight");
            }
        }
        for v in 0..n {
            assert!(self.mate[v] != NO || self.dualvar[v] == zero, "exposed vertex {v} has dual > 0");
        }
        for b in n..2 * n {
            if self.blossombase[b] == NO {
                continue;
            }
            let mut leaves = Vec::new();
            let mut stack = vec![b];
            while let Some(x) = stack.pop() {
                if x < n {
                    leaves.push(x);
                } else {
                    stack.extend(self.blossomchilds[x].iter());
                }
            }
            assert_eq!(leaves.len(), self.size[b] as usize, "blossom {b}: its size");
            if self.dualvar[b] > zero {
                let matched_inside =
                    leaves.iter().filter(|&&x| self.mate[x] != NO && leaves.contains(&self.ep(self.mate[x]))).count();
                assert_eq!(matched_inside + 1, leaves.len(), "blossom {b} with z > 0 not full");
            }
        }
    }
}
