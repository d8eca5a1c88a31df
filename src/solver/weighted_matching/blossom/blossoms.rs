//! Blossoms: an odd cycle of S-vertices shrunk into a new S-blossom (with its least-slack
//! list), a blossom of zero dual expanded again (a T-blossom's children relabelled), and an
//! augmenting path carried through a blossom to its new base.

use super::{Solver, FREE, NO, NONE, S, T};
use crate::solver::weighted_matching::MatchWeight;

/// A child blossom of at least `n / SCAN_SHARE` vertices is moved into a new blossom by a pass
/// over the `n` vertices (see `add_blossom`).
const SCAN_SHARE: usize = 8;

impl<W: MatchWeight> Solver<W> {
    /// Creates a new S-blossom with the given base, closed by edge `k` between two S-vertices.
    pub(super) fn add_blossom(&mut self, base: usize, k: usize) {
        let (mut v, mut w) = (self.ep(2 * k), self.ep(2 * k + 1));
        let bb = self.inblossom[base];
        let mut bv = self.inblossom[v];
        let mut bw = self.inblossom[w];
        let Some(b) = self.unusedblossoms.pop() else {
            unreachable!("at most n non-trivial blossoms exist at a time");
        };
        self.blossombase[b] = base;
        self.blossomparent[b] = NO;
        self.blossomparent[bb] = b;
        let mut path = std::mem::take(&mut self.blossomchilds[b]);
        let mut endps = std::mem::take(&mut self.blossomendps[b]);
        path.clear();
        endps.clear();
        // Trace back from v to the base.
        while bv != bb {
            self.blossomparent[bv] = b;
            path.push(bv);
            endps.push(self.labelend[bv]);
            debug_assert!(
                self.label[bv] == T || (self.label[bv] == S && self.labelend[bv] == self.mate[self.blossombase[bv]])
            );
            debug_assert!(self.labelend[bv] != NO);
            v = self.ep(self.labelend[bv]);
            bv = self.inblossom[v];
        }
        path.push(bb);
        path.reverse();
        endps.reverse();
        endps.push(2 * k);
        // Trace back from w to the base.
        while bw != bb {
            self.blossomparent[bw] = b;
            path.push(bw);
            endps.push(self.labelend[bw] ^ 1);
            debug_assert!(
                self.label[bw] == T || (self.label[bw] == S && self.labelend[bw] == self.mate[self.blossombase[bw]])
            );
            debug_assert!(self.labelend[bw] != NO);
            w = self.ep(self.labelend[bw]);
            bw = self.inblossom[w];
        }
        debug_assert_eq!(self.label[bb], S);
        self.label[b] = S;
        self.labelend[b] = self.labelend[bb];
        self.set_root(b, self.root_of[bb]);
        self.dualvar[b] = W::zero();
        self.blossomchilds[b] = path;
        self.blossomendps[b] = endps;
        // Relabel the vertices: T-vertices become S and are queued. A large S child (a dense
        // graph's blossoms grow by absorbing a few vertices at a time into one that holds most
        // of them) queues nothing: its leaves are moved into `b` by one pass over the vertices
        // instead of a walk down its nested sub-blossoms.
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        leaves.clear();
        let (mut size, mut big) = (0, NO);
        for &c in &childs {
            size += self.size_of(c);
            if big == NO && c >= self.n && self.label[c] == S && self.size_of(c) * SCAN_SHARE >= self.n {
                big = c;
            } else {
                self.leaves_into(c, &mut leaves);
            }
        }
        self.blossomchilds[b] = childs;
        self.size[b] = size as u32;
        for &x in &leaves {
            if self.label[self.inblossom[x]] == T {
                self.queue.push(x);
            }
            self.inblossom[x] = b;
        }
        if big != NO {
            for top in &mut self.inblossom {
                *top = if *top == big { b } else { *top };
            }
        }
        self.scratch_leaves = leaves;
        // Its least-slack edges to the other S-blossoms are gathered when a dual adjustment
        // first needs them (`build_best_list`): most blossoms of a dense, tied graph are
        // dissolved again by an augmentation before any adjustment.
        self.bestedge[b] = NONE;
        self.has_bestlist[b] = false;
        self.pending_list[b] = true;
    }

    /// Least-slack edges from top-level S-blossom `b`, created by `add_blossom`, to every
    /// neighbouring S-blossom: from the lists of its sub-blossoms that have one, from the edges
    /// of the leaves of the others. Sets `bestedge[b]`.
    pub(super) fn build_best_list(&mut self, b: usize) {
        self.pending_list[b] = false;
        // Offers made since `add_blossom` (scans of its vertices) stay candidates.
        if self.bestedge[b] != NONE && self.blossom_best_valid(b) {
            self.refresh_best_slack(b);
        } else {
            self.bestedge[b] = NONE;
        }
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        // Least-slack edges from the new blossom to every neighbouring S-blossom.
        let childs = std::mem::take(&mut self.blossomchilds[b]);
        let mut touched = std::mem::take(&mut self.touched);
        touched.clear();
        for &sub in &childs {
            if self.has_bestlist[sub] {
                let list = std::mem::take(&mut self.blossombestedges[sub]);
                for &e in &list {
                    self.offer_bestedgeto(b, e as usize, &mut touched);
                }
                self.blossombestedges[sub] = list;
            } else {
                leaves.clear();
                self.leaves_into(sub, &mut leaves);
                for &x in &leaves {
                    for idx in self.adj_start[x]..self.adj_start[x + 1] {
                        let e = self.adj[idx] as usize / 2;
                        self.offer_bestedgeto(b, e, &mut touched);
                    }
                }
            }
            self.has_bestlist[sub] = false;
            self.blossombestedges[sub].clear();
            self.bestedge[sub] = NONE;
        }
        self.blossomchilds[b] = childs;
        self.scratch_leaves = leaves;
        let mut list = std::mem::take(&mut self.blossombestedges[b]);
        list.clear();
        for &bj in &touched {
            let e = self.bestedgeto[bj];
            list.push(e);
            if self.bestedge[b] == NONE || self.bestedgeto_slack[bj] < self.bestslack[b] {
                self.bestedge[b] = e;
                self.bestslack[b] = self.bestedgeto_slack[bj];
                self.bestslack_epoch[b] = self.epoch;
            }
            self.bestedgeto[bj] = NONE;
        }
        self.blossombestedges[b] = list;
        self.has_bestlist[b] = true;
        self.touched = touched;
    }

    /// Helper of `add_blossom`: edge `e` (one end inside new blossom `b`) is a candidate
    /// least-slack edge towards the S-blossom at its other end.
    #[inline]
    pub(super) fn offer_bestedgeto(&mut self, b: usize, e: usize, touched: &mut Vec<usize>) {
        let (i, j) = (self.ep(2 * e), self.ep(2 * e + 1));
        let far = if self.inblossom[j] == b { i } else { j };
        let bj = self.inblossom[far];
        if bj == b || self.label[bj] != S {
            return;
        }
        let s = self.slack(e);
        if self.bestedgeto[bj] == NONE {
            touched.push(bj);
        } else if s >= self.bestedgeto_slack[bj] {
            return;
        }
        self.bestedgeto[bj] = e as u32;
        self.bestedgeto_slack[bj] = s;
    }

    /// Expands top-level blossom `b0`. With `end_stage` (an S-blossom of zero dual in a
    /// dissolved tree, the "end of a stage" of Galil's formulation), sub-blossoms of zero dual
    /// are expanded as well and nothing is relabelled; otherwise `b0` is a T-blossom whose dual
    /// reached zero (δ4) and its sub-blossoms are relabelled.
    pub(super) fn expand_blossom(&mut self, b0: usize, end_stage: bool) {
        let mut todo = vec![b0];
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        while let Some(b) = todo.pop() {
            let childs = std::mem::take(&mut self.blossomchilds[b]);
            for &s in &childs {
                self.blossomparent[s] = NO;
                if s < self.n {
                    self.inblossom[s] = s;
                } else if end_stage && self.dualvar[s].is_zero() {
                    todo.push(s);
                } else {
                    leaves.clear();
                    self.leaves_into(s, &mut leaves);
                    for &x in &leaves {
                        self.inblossom[x] = s;
                    }
                }
            }
            if !end_stage && self.label[b] == T {
                self.scratch_leaves = std::mem::take(&mut leaves);
                self.relabel_expanded_t_blossom(b, &childs);
                leaves = std::mem::take(&mut self.scratch_leaves);
            }
            // Recycle the blossom number (keeping the buffers' capacity).
            let mut childs = childs;
            childs.clear();
            self.blossomchilds[b] = childs;
            self.blossomendps[b].clear();
            self.label[b] = FREE;
            self.labelend[b] = NO;
            self.blossombase[b] = NO;
            self.blossombestedges[b].clear();
            self.has_bestlist[b] = false;
            self.pending_list[b] = false;
            self.bestedge[b] = NONE;
            self.unusedblossoms.push(b);
        }
        self.scratch_leaves = leaves;
    }

    /// After expanding T-blossom `b` (δ4), labels its former sub-blossoms: those on
    /// the even-length path from the entry sub-blossom to the base alternate T and S, the
    /// others become T only if reached from outside.
    pub(super) fn relabel_expanded_t_blossom(&mut self, b: usize, childs: &[usize]) {
        let len = childs.len() as isize;
        let at = |j: isize| j.rem_euclid(len) as usize;
        debug_assert!(self.labelend[b] != NO);
        let entry_child = self.inblossom[self.ep(self.labelend[b] ^ 1)];
        let Some(pos) = childs.iter().position(|&c| c == entry_child) else {
            unreachable!("the entry sub-blossom belongs to the expanded blossom");
        };
        let mut j = pos as isize;
        let (jstep, trick): (isize, usize) = if j & 1 == 1 {
            j -= len;
            (1, 0)
        } else {
            (-1, 1)
        };
        let endps_of = |s: &Self, j: isize| s.blossomendps[b][at(j)];
        let mut p = self.labelend[b];
        while j != 0 {
            let q = self.ep(p ^ 1);
            self.label[q] = FREE;
            let e = endps_of(self, j - trick as isize);
            let r = self.ep(e ^ trick ^ 1);
            self.label[r] = FREE;
            self.assign_label(q, T, p);
            self.allow(e / 2);
            j += jstep;
            p = endps_of(self, j - trick as isize) ^ trick;
            self.allow(p / 2);
            j += jstep;
        }
        // The base sub-blossom gets label T without labelling its mate S.
        let bv = childs[at(j)];
        let q = self.ep(p ^ 1);
        self.label[q] = T;
        self.label[bv] = T;
        self.labelend[q] = p;
        self.labelend[bv] = p;
        self.bestedge[bv] = NONE;
        self.set_root(bv, self.root_of[b]);
        j += jstep;
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        while childs[at(j)] != entry_child {
            let bv = childs[at(j)];
            if self.label[bv] == S {
                j += jstep;
                continue;
            }
            leaves.clear();
            self.leaves_into(bv, &mut leaves);
            if let Some(&v) = leaves.iter().find(|&&v| self.label[v] != FREE) {
                debug_assert_eq!(self.label[v], T);
                debug_assert_eq!(self.inblossom[v], bv);
                self.label[v] = FREE;
                let mate_end = self.mate[self.blossombase[bv]];
                let partner = self.ep(mate_end);
                self.label[partner] = FREE;
                let lend = self.labelend[v];
                self.assign_label(v, T, lend);
            }
            j += jstep;
        }
        self.scratch_leaves = leaves;
    }

    /// Swaps matched and unmatched edges on the alternating path through blossom `b0` from
    /// vertex `v0` to the base, making `v0` the new base (and so on recursively, with an
    /// explicit stack: the sub-blossom tasks are independent of each other).
    pub(super) fn augment_blossom(&mut self, b0: usize, v0: usize) {
        let mut tasks = std::mem::take(&mut self.scratch_pairs);
        tasks.clear();
        tasks.push((b0, v0));
        while let Some((b, v)) = tasks.pop() {
            let mut t = v;
            while self.blossomparent[t] != b {
                t = self.blossomparent[t];
            }
            if t >= self.n {
                tasks.push((t, v));
            }
            let len = self.blossomchilds[b].len() as isize;
            let Some(i) = self.blossomchilds[b].iter().position(|&c| c == t) else {
                unreachable!("a sub-blossom is among its parent's children");
            };
            let mut j = i as isize;
            let (jstep, trick): (isize, usize) = if j & 1 == 1 {
                j -= len;
                (1, 0)
            } else {
                (-1, 1)
            };
            let at = |j: isize| j.rem_euclid(len) as usize;
            while j != 0 {
                j += jstep;
                let t1 = self.blossomchilds[b][at(j)];
                let p = self.blossomendps[b][at(j - trick as isize)] ^ trick;
                if t1 >= self.n {
                    tasks.push((t1, self.ep(p)));
                }
                j += jstep;
                let t2 = self.blossomchilds[b][at(j)];
                if t2 >= self.n {
                    tasks.push((t2, self.ep(p ^ 1)));
                }
                let (x, y) = (self.ep(p), self.ep(p ^ 1));
                self.mate[x] = p ^ 1;
                self.mate[y] = p;
            }
            self.blossomchilds[b].rotate_left(i);
            self.blossomendps[b].rotate_left(i);
            // The new base child is (or, for a nested blossom, will be made) based at v.
            self.blossombase[b] = v;
        }
        self.scratch_pairs = tasks;
    }
}
