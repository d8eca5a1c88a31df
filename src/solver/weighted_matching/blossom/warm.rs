//! The warm start (a greedy matching with per-vertex dual descent before any tree grows) and
//! the repair after an augmentation (the two trees dissolved, their vertices re-attached).

use super::{Solver, FREE, GREEDY_LEVELS, NO, NONE, S, T};
use crate::solver::weighted_matching::MatchWeight;

impl<W: MatchWeight> Solver<W> {
    /// A warm start by greedy matching with per-vertex dual descent, before any tree is grown.
    ///
    /// Every vertex starts at its own largest weight (see [`Solver::new`]). In vertex order,
    /// each exposed vertex lowers its dual to the least value that keeps its slacks
    /// non-negative (rounded up to the roots' parity; zero if every weight allows), then takes
    /// the first exposed neighbour its edge is tight with; a few passes repeat this while duals
    /// fall. Each pair is matched along a tight edge and keeps its duals, so afterwards the
    /// algorithm's invariants hold as if it had made those augmentations itself: every slack
    /// `>= 0`, matched edges tight, exposed vertices of positive dual sharing one parity, no
    /// blossom. On the dense, highly tied graphs of a bracket most vertices are matched here,
    /// and a few high weights (a bracket's own pairs above the next bracket's, in the model of
    /// C.7) no longer hold every other vertex's dual up: with one shared dual, one star of 150
    /// top edges stopped the descent at once and a 5,000-vertex solve took 130 s instead of 2.
    pub(in crate::solver::weighted_matching) fn greedy_start(&mut self) {
        for pass in 0..GREEDY_LEVELS {
            let mut lowered = false;
            for v in 0..self.n {
                if self.mate[v] != NO {
                    continue;
                }
                // The least dual keeping every slack of v non-negative.
                let mut need = W::zero();
                for idx in self.adj_start[v]..self.adj_start[v + 1] {
                    let u = self.ep(self.adj[idx] as usize);
                    if u != v {
                        let x = self.wadj[idx] - self.dualvar[u];
                        if x > need {
                            need = x;
                        }
                    }
                }
                if need.is_positive() && need.is_even() != self.even_roots {
                    need = need + W::one();
                }
                if need < self.dualvar[v] {
                    self.dualvar[v] = need;
                    lowered = true;
                }
                for idx in self.adj_start[v]..self.adj_start[v + 1] {
                    let p = self.adj[idx] as usize;
                    let u = self.ep(p);
                    if u != v && self.mate[u] == NO && self.slack_at(idx, v, u).is_zero() {
                        self.mate[v] = p;
                        self.mate[u] = p ^ 1;
                        break;
                    }
                }
            }
            if !lowered && pass > 0 {
                return;
            }
        }
    }

    /// Node `b` is a labelled top-level blossom (or vertex) of the tree rooted at `r1` or `r2`.
    fn top_in_trees(&self, b: usize, r1: usize, r2: usize) -> bool {
        self.blossomparent[b] == NO
            && (b < self.n || self.blossombase[b] != NO)
            && self.label[b] != FREE
            && (self.root_of[b] == r1 || self.root_of[b] == r2)
    }

    /// After an augmentation between the trees rooted at `r1` and `r2`: removes all labels of
    /// those two trees (their roots are matched now), expands their S-blossoms of zero dual,
    /// and re-attaches their vertices as unlabelled vertices next to the surviving trees:
    /// tight edges from surviving S-vertices label them at once, the others become least-slack
    /// candidates. Least-slack records of the surviving trees that pointed into the dissolved
    /// trees are repaired lazily by `adjust_duals`.
    pub(super) fn dissolve_trees(&mut self, r1: usize, r2: usize) {
        let n = self.n;
        let mut tops = std::mem::take(&mut self.scratch_path);
        tops.clear();
        // The trees' top-level blossoms, among the nodes ever put in them (in node order, as a
        // pass over all nodes would find them).
        for r in [r1, r2].into_iter().take(if r1 == r2 { 1 } else { 2 }) {
            let mut nodes = std::mem::take(&mut self.tree_nodes[r]);
            for b in nodes.drain(..).map(|b| b as usize) {
                if self.top_in_trees(b, r1, r2) {
                    tops.push(b);
                }
            }
            self.tree_nodes[r] = nodes;
        }
        tops.sort_unstable();
        tops.dedup();
        debug_assert!(tops.iter().copied().eq((0..2 * n).filter(|&b| self.top_in_trees(b, r1, r2))));
        let mut expand = Vec::new();
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        leaves.clear();
        let mut stack = std::mem::take(&mut self.scratch_stack);
        for &b in &tops {
            if b >= n && self.label[b] == S && self.dualvar[b].is_zero() {
                expand.push(b);
            }
            // Reset the labels of the blossom, its nested sub-blossoms and its vertices.
            stack.clear();
            stack.push(b);
            while let Some(x) = stack.pop() {
                self.label[x] = FREE;
                self.labelend[x] = NO;
                self.bestedge[x] = NONE;
                if x < n {
                    leaves.push(x);
                } else {
                    self.has_bestlist[x] = false;
                    self.blossombestedges[x].clear();
                    stack.extend_from_slice(&self.blossomchilds[x]);
                }
            }
        }
        self.scratch_stack = stack;
        self.scratch_path = tops;
        for b in expand {
            self.expand_blossom(b, true);
        }
        // The dissolved vertices: every edge of theirs is disallowed at once (generations), and
        // they are re-attached to the surviving trees only when the queue runs dry (`reattach`):
        // until then augmentations found by the surviving trees need not wait for it, and a
        // vertex dissolved again meanwhile is re-attached once.
        self.dissolutions = self.dissolutions.wrapping_add(1);
        for &x in &leaves {
            self.generation[x] = self.generation[x].wrapping_add(1);
            self.freed_in[x] = self.dissolutions;
            self.unattached.push(x);
        }
        self.scratch_leaves = leaves;
        // Vertices inside surviving T-blossoms marked reached through a dissolved vertex.
        let mut stale_marks = Vec::new();
        for y in 0..n {
            let by = self.inblossom[y];
            if by != y
                && self.label[by] == T
                && self.label[y] == T
                && self.labelend[y] != NO
                && self.freed_in[self.ep(self.labelend[y])] == self.dissolutions
            {
                stale_marks.push(y);
            }
        }
        for y in stale_marks {
            self.rederive_reached(y);
        }
    }

    /// Re-attaches the vertices of dissolved trees (see `dissolve_trees`) as unlabelled
    /// vertices next to the surviving trees: a tight edge from a surviving S-vertex labels them
    /// at once, the others become least-slack candidates. Called when the queue is empty, before
    /// any dual adjustment (which needs every tight S-to-unlabelled edge used and every
    /// unlabelled vertex's least slack known). Returns `true` if it labelled a vertex (the queue
    /// then holds its S-mate).
    pub(super) fn reattach(&mut self) -> bool {
        if self.unattached.is_empty() {
            return false;
        }
        let mut list = std::mem::take(&mut self.unattached);
        // Every edge between a dissolved vertex and a surviving S-vertex must be seen once: from
        // the dissolved side or from the S side, whichever has fewer edges. On the dense, tied
        // graphs of a large bracket one tree holds most vertices, and after it is dissolved the
        // surviving trees are small: walking their edges instead of the dissolved vertices'
        // cuts a 5,000-vertex solve's re-attachment work twentyfold.
        let degree = |v: usize| self.adj_start[v + 1] - self.adj_start[v];
        let dissolved_side: usize = list.iter().map(|&x| degree(x)).sum();
        let mut s_vertices = std::mem::take(&mut self.scratch_s);
        s_vertices.clear();
        let mut s_side = 0;
        for y in 0..self.n {
            if self.label[self.inblossom[y]] == S {
                s_vertices.push(y);
                s_side += degree(y);
                if s_side >= dissolved_side {
                    break;
                }
            }
        }
        let labelled = if s_side < dissolved_side {
            for &x in &list {
                self.pending[x] = true;
            }
            let mut labelled = false;
            for &y in &s_vertices {
                for idx in self.adj_start[y]..self.adj_start[y + 1] {
                    let p = self.adj[idx] as usize;
                    let x = self.ep(p);
                    if self.pending[x] {
                        labelled |= self.attach_by(x, y, idx, p ^ 1);
                    }
                }
            }
            for &x in &list {
                self.pending[x] = false;
            }
            labelled
        } else {
            let mut labelled = false;
            for &x in &list {
                for idx in self.adj_start[x]..self.adj_start[x + 1] {
                    let p = self.adj[idx] as usize;
                    let y = self.ep(p);
                    if self.label[self.inblossom[x]] == S || self.label[x] != FREE {
                        // x was relabelled S meanwhile (scanning it, it is queued, handles its
                        // edges), or is labelled T: its other edges change nothing.
                        break;
                    }
                    labelled |= self.attach_by(x, y, idx, p);
                }
            }
            labelled
        };
        s_vertices.clear();
        self.scratch_s = s_vertices;
        list.clear();
        self.unattached = list;
        labelled
    }

    /// Re-attachment of dissolved vertex `x` along its edge to `y` (adjacency slot `idx`, `p`
    /// the endpoint at `y`) when `y` is an S-vertex of another blossom: a tight edge labels `x`'s
    /// blossom T (or marks `x` reached inside a T-blossom), a loose one is a least-slack
    /// candidate for `x`. Returns `true` if it labelled a blossom (the queue then holds its
    /// S-mate).
    pub(super) fn attach_by(&mut self, x: usize, y: usize, idx: usize, p: usize) -> bool {
        let (bx, by) = (self.inblossom[x], self.inblossom[y]);
        if self.label[by] != S || by == bx || self.label[bx] == S {
            return false;
        }
        let k = p / 2;
        let s = self.slack_at(idx, x, y);
        if !s.is_positive() {
            if self.label[bx] == FREE && self.mate[self.blossombase[bx]] == NO {
                // x is exposed with dual zero: scanning y finds the augmenting path.
                self.queue.push(y);
                return true;
            } else if self.label[bx] == FREE {
                self.allow(k);
                self.assign_label(x, T, p);
                return true;
            } else if self.label[x] == FREE {
                // x lies in a T-blossom and is now reached from outside it.
                self.allow(k);
                self.label[x] = T;
                self.labelend[x] = p;
            }
        } else if self.label[x] == FREE {
            self.offer_best(x, k, &s);
        }
        false
    }

    /// Re-derives the "reached from outside" mark of vertex `y` inside a T-blossom after the
    /// S-vertex that reached it lost its label: any other tight edge from an S-vertex outside
    /// the blossom reaches it (tightness persists, the ends' duals move in opposite
    /// directions); otherwise `y` gets a least-slack record like any unreached vertex.
    pub(super) fn rederive_reached(&mut self, y: usize) {
        self.label[y] = FREE;
        self.labelend[y] = NO;
        self.bestedge[y] = NONE;
        let by = self.inblossom[y];
        for idx in self.adj_start[y]..self.adj_start[y + 1] {
            let p = self.adj[idx] as usize;
            let z = self.ep(p);
            let bz = self.inblossom[z];
            if bz == by || self.label[bz] != S {
                continue;
            }
            let s = self.slack_at(idx, y, z);
            if s.is_positive() {
                self.offer_best(y, p / 2, &s);
            } else {
                self.allow(p / 2);
                self.label[y] = T;
                self.labelend[y] = p;
                return;
            }
        }
    }

    /// Recomputes `bestedge[v]` for an unlabelled vertex: its least-slack edge to an S-vertex.
    pub(super) fn rescan_vertex_best(&mut self, v: usize) {
        self.bestedge[v] = NONE;
        for idx in self.adj_start[v]..self.adj_start[v + 1] {
            let p = self.adj[idx] as usize;
            let y = self.ep(p);
            if self.label[self.inblossom[y]] == S {
                let s = self.slack_at(idx, v, y);
                self.offer_best(v, p / 2, &s);
            }
        }
    }

    /// Recomputes `bestedge[b]` for a top-level S-blossom: its least-slack edge to another
    /// S-blossom.
    pub(super) fn rescan_blossom_best(&mut self, b: usize) {
        self.bestedge[b] = NONE;
        let mut leaves = std::mem::take(&mut self.scratch_leaves);
        leaves.clear();
        self.leaves_into(b, &mut leaves);
        for &x in &leaves {
            for idx in self.adj_start[x]..self.adj_start[x + 1] {
                let p = self.adj[idx] as usize;
                let by = self.inblossom[self.ep(p)];
                if by != b && self.label[by] == S {
                    let s = self.slack_at(idx, x, self.ep(p));
                    self.offer_best(b, p / 2, &s);
                }
            }
        }
        self.scratch_leaves = leaves;
    }

    /// `true` if `bestedge[v]` of an unlabelled vertex still comes from an S-vertex.
    pub(super) fn vertex_best_valid(&self, v: usize) -> bool {
        let k = self.bestedge[v] as usize;
        let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
        let far = if i == v { j } else { i };
        self.label[self.inblossom[far]] == S
    }

    /// `true` if `bestedge[b]` of an S-blossom still leads to another S-blossom.
    pub(super) fn blossom_best_valid(&self, b: usize) -> bool {
        let k = self.bestedge[b] as usize;
        let (bi, bj) = (self.inblossom[self.ep(2 * k)], self.inblossom[self.ep(2 * k + 1)]);
        let far = if bi == b { bj } else { bi };
        (bi == b || bj == b) && far != b && self.label[far] == S
    }
}
