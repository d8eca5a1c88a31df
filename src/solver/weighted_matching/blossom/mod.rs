//! The primal-dual blossom algorithm itself: the [`Solver`] state, tree growth, blossom
//! shrinking and expansion, dual adjustments and augmentation (see the parent module for the
//! method, its invariants and its exactness argument). Split by concern:
//! - `blossoms`: shrinking an odd cycle into a blossom, expanding one, augmenting through one;
//! - `warm`: the greedy warm start and the repair of the trees after an augmentation;
//! - `face`: the read-out of the optimal face (edge weights `φ`, the blossoms' nesting);
//! - `checks`: the invariants and the optimality certificate, checked in test builds.

mod blossoms;
mod checks;
mod face;
#[cfg(test)]
mod tests;
mod warm;

use super::MatchWeight;

/// Levels of [`Solver::greedy_start`] at most (each costs one pass over the edges).
const GREEDY_LEVELS: usize = 32;
/// "No vertex / edge / endpoint" in the index arrays.
pub(super) const NONE: u32 = u32::MAX;
const NO: usize = usize::MAX;

/// Labels of top-level blossoms (and of vertices inside T-blossoms, see `label`).
const FREE: u8 = 0;
const S: u8 = 1;
const T: u8 = 2;
/// Breadcrumb bit used by `scan_blossom`.
const CRUMB: u8 = 4;

/// The state of the primal-dual algorithm. Vertices are `0..n`, non-trivial blossoms
/// `n..2n`; edge `k` has endpoints `2k` and `2k + 1` (`endpoint[p]` is the vertex of endpoint
/// `p`, `p ^ 1` the opposite endpoint).
pub(super) struct Solver<W: MatchWeight> {
    n: usize,
    /// Vertex of each endpoint.
    endpoint: Vec<u32>,
    /// CSR adjacency: the remote endpoints of `v`'s edges are `adj[adj_start[v]..adj_start[v+1]]`.
    adj_start: Vec<usize>,
    adj: Vec<u32>,
    /// Doubled edge weights `2 w` in adjacency order (each edge stored at both of its slots):
    /// scanning a vertex then streams through memory instead of jumping around the edge list,
    /// which matters for wide weights.
    wadj: Vec<W>,
    /// One adjacency slot of each edge, to find its weight from its index.
    edge_slot: Vec<u32>,
    /// Remote endpoint of `v`'s matched edge, or `NO`.
    mate: Vec<usize>,
    /// Label of top-level blossom `b` (FREE, S, T). For a vertex `v` inside a T-blossom,
    /// `label[v] == T` iff `v` was reached from an S-vertex outside the blossom.
    label: Vec<u8>,
    /// Remote endpoint of the edge through which a labelled blossom got its label (`NO` for
    /// roots); for a reached vertex inside a T-blossom, the edge it was reached through.
    labelend: Vec<usize>,
    /// Top-level blossom containing each vertex.
    inblossom: Vec<usize>,
    /// Number of vertices of each non-trivial blossom (set when it is made).
    size: Vec<u32>,
    /// Parent blossom, or `NO` for top-level ones.
    blossomparent: Vec<usize>,
    /// Sub-blossoms of a non-trivial blossom, starting at the base and going round the cycle.
    blossomchilds: Vec<Vec<usize>>,
    /// Base vertex of each (sub-)blossom.
    blossombase: Vec<usize>,
    /// `blossomendps[b][i]` is the endpoint, local to `blossomchilds[b][i]`, of the edge that
    /// connects it to the next sub-blossom.
    blossomendps: Vec<Vec<usize>>,
    /// For a free vertex (or unreached vertex in a T-blossom): least-slack edge from an
    /// S-vertex. For a top-level S-blossom: least-slack edge to another S-blossom.
    bestedge: Vec<u32>,
    /// Cached slack of `bestedge[b]`, valid while `bestslack_epoch[b] == epoch`.
    bestslack: Vec<W>,
    bestslack_epoch: Vec<u32>,
    /// Incremented at every dual adjustment (invalidates cached slacks).
    epoch: u32,
    /// Least-slack edges from a non-trivial top-level S-blossom to other S-blossoms,
    /// meaningful only when `has_bestlist[b]`.
    blossombestedges: Vec<Vec<u32>>,
    has_bestlist: Vec<bool>,
    /// A blossom made by `add_blossom` whose list is still to be built (`build_best_list`).
    pending_list: Vec<bool>,
    unusedblossoms: Vec<usize>,
    /// Doubled vertex duals `2 u(v)` for `v < n`, blossom duals `z(b)` for `b >= n`.
    pub(super) dualvar: Vec<W>,
    /// Edge `k` is known to be tight (and usable by the current trees).
    allowed: Vec<u32>,
    /// Per vertex: incremented each time its tree is dissolved. Edge `k` is allowed while
    /// `allowed[k]` equals the sum of its ends' generations (both only grow), so dissolving a
    /// tree disallows every edge of its vertices without visiting them.
    generation: Vec<u32>,
    /// Vertices of dissolved trees not yet re-attached (see `reattach`).
    unattached: Vec<usize>,
    /// Per vertex: listed in `unattached` (set and cleared by `reattach`).
    pending: Vec<bool>,
    /// The parity every root's dual has (that of the largest weight).
    even_roots: bool,
    /// Per vertex: the dissolution that freed it last (`dissolutions` counts them).
    freed_in: Vec<u32>,
    dissolutions: u32,
    /// Root vertex of the alternating tree of each labelled top-level blossom.
    root_of: Vec<usize>,
    /// Per root vertex: every node whose `root_of` was set to it since its tree was last
    /// dissolved (some of them since moved to other trees, nested or unlabelled), so that
    /// `dissolve_trees` finds a tree's top-level blossoms without a pass over all `2n` nodes (a
    /// pass per augmentation was 3% of the 9,999-player round 2).
    tree_nodes: Vec<Vec<u32>>,
    /// S-vertices whose edges still have to be scanned.
    queue: Vec<usize>,
    // Scratch buffers, reused to avoid allocation.
    scratch_stack: Vec<usize>,
    scratch_leaves: Vec<usize>,
    scratch_s: Vec<usize>,
    scratch_path: Vec<usize>,
    scratch_pairs: Vec<(usize, usize)>,
    bestedgeto: Vec<u32>,
    bestedgeto_slack: Vec<W>,
    touched: Vec<usize>,
    scratch_grow: Vec<(usize, usize)>,
}

impl<W: MatchWeight> Solver<W> {
    /// Builds the solver for the edges `edges[kept[k]]`, `k = 0..kept.len()`.
    pub(super) fn new<E: super::EdgeList<W> + ?Sized>(n: usize, edges: &E, kept: &[u32], max_weight: W) -> Self {
        let m = kept.len();
        let mut endpoint = Vec::with_capacity(2 * m);
        let mut adj_start = vec![0usize; n + 1];
        for &e in kept {
            let (a, b, _) = edges.edge(e as usize);
            endpoint.push(a as u32);
            endpoint.push(b as u32);
            adj_start[a + 1] += 1;
            adj_start[b + 1] += 1;
        }
        for v in 0..n {
            adj_start[v + 1] += adj_start[v];
        }
        let mut fill = adj_start.clone();
        let mut adj = vec![0u32; 2 * m];
        let mut edge_slot = vec![0u32; m];
        for k in 0..m {
            let (a, b) = (endpoint[2 * k] as usize, endpoint[2 * k + 1] as usize);
            edge_slot[k] = fill[a] as u32;
            adj[fill[a]] = (2 * k + 1) as u32;
            fill[a] += 1;
            adj[fill[b]] = (2 * k) as u32;
            fill[b] += 1;
        }
        // One pass in slot order (no zero-filled buffer to overwrite).
        let wadj: Vec<W> = adj
            .iter()
            .map(|&p| {
                let w = edges.edge(kept[p as usize / 2] as usize).2;
                w + w
            })
            .collect();
        let zero = W::zero();
        // Each vertex starts at its own largest weight (every slack is then >= 0), rounded up to
        // the parity of the largest weight overall: the exposed vertices with a positive dual are
        // the roots of the alternating trees, and their duals must share one parity (see the
        // module's exactness argument).
        let mut dualvar = vec![zero; 2 * n];
        for &e in kept {
            let (a, b, w) = edges.edge(e as usize);
            for v in [a, b] {
                if w > dualvar[v] {
                    dualvar[v] = w;
                }
            }
        }
        for d in &mut dualvar[..n] {
            if d.is_positive() && d.is_even() != max_weight.is_even() {
                *d = *d + W::one();
            }
        }
        let mut blossombase: Vec<usize> = (0..n).collect();
        blossombase.resize(2 * n, NO);
        Solver {
            n,
            endpoint,
            adj_start,
            adj,
            wadj,
            edge_slot,
            mate: vec![NO; n],
            label: vec![FREE; 2 * n],
            labelend: vec![NO; 2 * n],
            inblossom: (0..n).collect(),
            size: vec![1; 2 * n],
            blossomparent: vec![NO; 2 * n],
            blossomchilds: vec![Vec::new(); 2 * n],
            blossombase,
            blossomendps: vec![Vec::new(); 2 * n],
            bestedge: vec![NONE; 2 * n],
            bestslack: vec![zero; 2 * n],
            bestslack_epoch: vec![0; 2 * n],
            epoch: 1,
            blossombestedges: vec![Vec::new(); 2 * n],
            has_bestlist: vec![false; 2 * n],
            pending_list: vec![false; 2 * n],
            unusedblossoms: (n..2 * n).rev().collect(),
            dualvar,
            allowed: vec![u32::MAX; m],
            generation: vec![0; n],
            unattached: Vec::new(),
            pending: vec![false; n],
            even_roots: max_weight.is_even(),
            freed_in: vec![0; n],
            dissolutions: 0,
            root_of: vec![NO; 2 * n],
            tree_nodes: vec![Vec::new(); n],
            queue: Vec::with_capacity(n),
            scratch_stack: Vec::new(),
            scratch_leaves: Vec::new(),
            scratch_s: Vec::new(),
            scratch_path: Vec::new(),
            scratch_pairs: Vec::new(),
            bestedgeto: vec![NONE; 2 * n],
            bestedgeto_slack: vec![zero; 2 * n],
            touched: Vec::new(),
            scratch_grow: Vec::new(),
        }
    }

    pub(super) fn mates(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&p| (p != NO).then(|| self.endpoint[p] as usize)).collect()
    }

    /// Puts node `b` in the tree of root vertex `root` (see `tree_nodes`).
    #[inline]
    fn set_root(&mut self, b: usize, root: usize) {
        self.root_of[b] = root;
        self.tree_nodes[root].push(b as u32);
    }

    #[inline]
    fn ep(&self, p: usize) -> usize {
        self.endpoint[p] as usize
    }

    /// Twice the slack of edge `k` (valid only for edges between different top-level blossoms).
    #[inline]
    fn slack(&self, k: usize) -> W {
        let (i, j) = (self.endpoint[2 * k] as usize, self.endpoint[2 * k + 1] as usize);
        W::add_sub(&self.dualvar[i], &self.dualvar[j], &self.wadj[self.edge_slot[k] as usize])
    }

    /// Twice the slack of the edge at adjacency slot `idx`, joining `x` and `y`.
    #[inline]
    fn slack_at(&self, idx: usize, x: usize, y: usize) -> W {
        W::add_sub(&self.dualvar[x], &self.dualvar[y], &self.wadj[idx])
    }

    /// Makes `bestslack[b]` the current slack of `bestedge[b]` (which must exist); the value
    /// is cached until the next dual adjustment.
    #[inline]
    fn refresh_best_slack(&mut self, b: usize) {
        if self.bestslack_epoch[b] != self.epoch {
            self.bestslack[b] = self.slack(self.bestedge[b] as usize);
            self.bestslack_epoch[b] = self.epoch;
        }
    }

    /// Records edge `k` with slack `s` as `bestedge[b]` if it beats the current one.
    #[inline]
    fn offer_best(&mut self, b: usize, k: usize, s: &W) {
        if self.bestedge[b] != NONE {
            self.refresh_best_slack(b);
            if *s >= self.bestslack[b] {
                return;
            }
        }
        self.bestedge[b] = k as u32;
        self.bestslack[b] = *s;
        self.bestslack_epoch[b] = self.epoch;
    }

    #[inline]
    fn is_allowed(&self, k: usize) -> bool {
        let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
        self.allowed[k] == self.generation[i].wrapping_add(self.generation[j])
    }

    #[inline]
    fn allow(&mut self, k: usize) {
        let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
        self.allowed[k] = self.generation[i].wrapping_add(self.generation[j]);
    }

    /// Number of vertices of blossom (or vertex) `b`.
    #[inline]
    fn size_of(&self, b: usize) -> usize {
        if b < self.n {
            1
        } else {
            self.size[b] as usize
        }
    }

    /// Appends the vertices of blossom `b` to `out` (depth first, in child order).
    fn leaves_into(&mut self, b: usize, out: &mut Vec<usize>) {
        if b < self.n {
            out.push(b);
            return;
        }
        let stack = &mut self.scratch_stack;
        stack.clear();
        stack.push(b);
        while let Some(x) = stack.pop() {
            if x < self.n {
                out.push(x);
            } else {
                stack.extend(self.blossomchilds[x].iter().rev());
            }
        }
    }

    /// Assigns label `t` to the top-level blossom containing `w`, reached through the edge with
    /// remote endpoint `p`. A T label also labels the mate of the blossom's base S.
    fn assign_label(&mut self, mut w: usize, mut t: u8, mut p: usize) {
        loop {
            let b = self.inblossom[w];
            debug_assert!(self.label[w] == FREE && self.label[b] == FREE);
            let root = if p == NO { self.blossombase[b] } else { self.root_of[self.inblossom[self.ep(p)]] };
            self.set_root(b, root);
            self.label[w] = t;
            self.label[b] = t;
            self.labelend[w] = p;
            self.labelend[b] = p;
            self.bestedge[w] = NONE;
            self.bestedge[b] = NONE;
            if t == S {
                let mut leaves = std::mem::take(&mut self.scratch_leaves);
                leaves.clear();
                self.leaves_into(b, &mut leaves);
                self.queue.extend_from_slice(&leaves);
                self.scratch_leaves = leaves;
                return;
            }
            let base = self.blossombase[b];
            let mb = self.mate[base];
            debug_assert!(mb != NO);
            w = self.ep(mb);
            t = S;
            p = mb ^ 1;
        }
    }

    /// Traces back from `v` and `w` (two S-vertices joined by a tight edge) to find either the
    /// base of a new blossom (returned) or an augmenting path (`None`).
    fn scan_blossom(&mut self, mut v: usize, mut w: usize) -> Option<usize> {
        let mut path = std::mem::take(&mut self.scratch_path);
        path.clear();
        let mut base = None;
        while v != NO || w != NO {
            let mut b = self.inblossom[v];
            if self.label[b] & CRUMB != 0 {
                base = Some(self.blossombase[b]);
                break;
            }
            debug_assert_eq!(self.label[b], S);
            path.push(b);
            self.label[b] = S | CRUMB;
            debug_assert_eq!(self.labelend[b], self.mate[self.blossombase[b]]);
            if self.labelend[b] == NO {
                v = NO;
            } else {
                v = self.ep(self.labelend[b]);
                b = self.inblossom[v];
                debug_assert_eq!(self.label[b], T);
                debug_assert!(self.labelend[b] != NO);
                v = self.ep(self.labelend[b]);
            }
            if w != NO {
                std::mem::swap(&mut v, &mut w);
            }
        }
        for &b in &path {
            self.label[b] = S;
        }
        self.scratch_path = path;
        base
    }

    /// Augments the matching along the path through edge `k` between two S-vertices of
    /// different trees.
    fn augment_matching(&mut self, k: usize) {
        let (v, w) = (self.ep(2 * k), self.ep(2 * k + 1));
        for (s, p) in [(v, 2 * k + 1), (w, 2 * k)] {
            self.augment_side(s, p);
        }
    }

    /// Flips the alternating path from vertex `s` (in an S-blossom, or in a free blossom whose
    /// base is exposed) up to its root, `s` taking the mate endpoint `p` (`NO`: `s` is left
    /// exposed and the root is matched).
    fn augment_side(&mut self, mut s: usize, mut p: usize) {
        loop {
            let bs = self.inblossom[s];
            debug_assert!(self.label[bs] == S || (self.label[bs] == FREE && self.mate[self.blossombase[bs]] == NO));
            debug_assert_eq!(self.labelend[bs], self.mate[self.blossombase[bs]]);
            if bs >= self.n {
                self.augment_blossom(bs, s);
            }
            self.mate[s] = p;
            if self.labelend[bs] == NO {
                break;
            }
            let t = self.ep(self.labelend[bs]);
            let bt = self.inblossom[t];
            debug_assert_eq!(self.label[bt], T);
            debug_assert!(self.labelend[bt] != NO);
            s = self.ep(self.labelend[bt]);
            let j = self.ep(self.labelend[bt] ^ 1);
            debug_assert_eq!(self.blossombase[bt], t);
            if bt >= self.n {
                self.augment_blossom(bt, j);
            }
            self.mate[j] = self.labelend[bt];
            p = self.labelend[bt] ^ 1;
        }
    }

    /// Scans the edges of S-vertex `v`. Returns `true` if the matching was augmented.
    fn scan_vertex(&mut self, v: usize) -> bool {
        let mut grow = std::mem::take(&mut self.scratch_grow);
        for idx in self.adj_start[v]..self.adj_start[v + 1] {
            let p = self.adj[idx] as usize;
            let k = p / 2;
            let w = self.ep(p);
            let bv = self.inblossom[v];
            let bw = self.inblossom[w];
            if bv == bw {
                continue;
            }
            if !self.is_allowed(k) {
                if self.label[bw] == T && self.label[w] != FREE {
                    // w is already reached: a tight edge would add nothing, a loose one
                    // cannot become tight while v is S and w is T.
                    continue;
                }
                let s = self.slack_at(idx, v, w);
                if s.is_positive() {
                    // Not tight: remember it as a least-slack candidate.
                    if self.label[bw] == S {
                        self.offer_best(bv, k, &s);
                    } else if self.label[w] == FREE {
                        self.offer_best(w, k, &s);
                    }
                    continue;
                }
                self.allow(k);
            }
            // Edge k is tight.
            if self.label[bw] == FREE && self.mate[self.blossombase[bw]] == NO {
                // An exposed vertex of dual zero (left by a tree that ended, see
                // `adjust_duals`): an augmenting path from v's root.
                let r = self.root_of[bv];
                self.augment_matching(k);
                self.dissolve_trees(r, r);
                grow.clear();
                self.scratch_grow = grow;
                return true;
            } else if self.label[bw] == FREE {
                // Grown after the scan, if it finds no augmenting path (see below).
                grow.push((w, p ^ 1));
            } else if self.label[bw] == S {
                match self.scan_blossom(v, w) {
                    Some(base) => self.add_blossom(base, k),
                    None => {
                        let r1 = self.root_of[bv];
                        let r2 = self.root_of[bw];
                        self.augment_matching(k);
                        self.dissolve_trees(r1, r2);
                        grow.clear();
                        self.scratch_grow = grow;
                        return true;
                    }
                }
            } else if self.label[w] == FREE {
                // w is inside a T-blossom but not yet reached from outside.
                debug_assert_eq!(self.label[bw], T);
                self.label[w] = T;
                self.labelend[w] = p ^ 1;
            }
        }
        // No augmenting path through v's edges: only now does v's tree grow along its tight
        // edges to unlabelled blossoms. Growing as they are met would let one tree absorb the
        // whole tight graph before the augmenting path it holds is found, and every
        // augmentation dissolves and re-attaches the trees it joins.
        for &(w, p) in &grow {
            let bw = self.inblossom[w];
            if self.label[bw] == FREE {
                self.assign_label(w, T, p);
            } else if self.label[bw] == T && self.label[w] == FREE {
                // An earlier edge of the list labelled w's blossom T: w is now reached from
                // outside it, as in the scan above.
                self.label[w] = T;
                self.labelend[w] = p;
            }
        }
        grow.clear();
        self.scratch_grow = grow;
        false
    }

    /// The dual adjustment of one substage. Returns `false` when the optimum is reached.
    fn adjust_duals(&mut self) -> bool {
        let n = self.n;
        // delta1: the least dual of an S-vertex (when it reaches zero, that vertex may stay
        // exposed: its tree ends).
        let mut least = None;
        for v in 0..n {
            if self.label[self.inblossom[v]] == S && least.is_none_or(|u: usize| self.dualvar[v] < self.dualvar[u]) {
                least = Some(v);
            }
        }
        let Some(zero_at) = least else { return false };
        let mut delta = self.dualvar[zero_at];
        let mut deltatype = 1u8;
        let mut deltaedge = NO;
        let mut deltablossom = NO;
        // delta2: least slack between an S-vertex and an unlabelled vertex.
        for v in 0..n {
            if self.label[self.inblossom[v]] == FREE && self.bestedge[v] != NONE {
                if !self.vertex_best_valid(v) {
                    self.rescan_vertex_best(v);
                    if self.bestedge[v] == NONE {
                        continue;
                    }
                }
                self.refresh_best_slack(v);
                if self.bestslack[v] < delta {
                    delta = self.bestslack[v];
                    deltatype = 2;
                    deltaedge = self.bestedge[v] as usize;
                }
            }
        }
        // delta3: half the least slack between two S-blossoms.
        for b in n..2 * n {
            if self.pending_list[b] && self.blossomparent[b] == NO && self.label[b] == S && self.blossombase[b] != NO {
                self.build_best_list(b);
            }
        }
        for b in 0..2 * n {
            if self.blossomparent[b] == NO
                && self.label[b] == S
                && self.bestedge[b] != NONE
                && (b < n || self.blossombase[b] != NO)
            {
                if !self.blossom_best_valid(b) {
                    self.rescan_blossom_best(b);
                    if self.bestedge[b] == NONE {
                        continue;
                    }
                }
                self.refresh_best_slack(b);
                debug_assert!(self.bestslack[b].is_even(), "odd S-S slack {:?}", self.bestslack[b]);
                let d = self.bestslack[b].half();
                if d < delta {
                    delta = d;
                    deltatype = 3;
                    deltaedge = self.bestedge[b] as usize;
                }
            }
        }
        // delta4: least z of a T-blossom.
        for b in n..2 * n {
            if self.blossombase[b] != NO && self.blossomparent[b] == NO && self.label[b] == T && self.dualvar[b] < delta
            {
                delta = self.dualvar[b];
                deltatype = 4;
                deltablossom = b;
            }
        }
        // Update the duals.
        if !delta.is_zero() {
            for v in 0..n {
                match self.label[self.inblossom[v]] {
                    S => self.dualvar[v].sub_into(&delta),
                    T => self.dualvar[v].add_into(&delta),
                    _ => {}
                }
            }
            for b in n..2 * n {
                if self.blossombase[b] != NO && self.blossomparent[b] == NO {
                    match self.label[b] {
                        S => self.dualvar[b].add_into(&delta),
                        T => self.dualvar[b].sub_into(&delta),
                        _ => {}
                    }
                }
            }
            // The least-slack records just validated move by a known amount: S-to-unlabelled
            // slacks drop by delta, S-to-S slacks by 2 delta. Update them in place (the
            // others are recomputed on demand).
            let old_epoch = self.epoch;
            self.epoch = self.epoch.wrapping_add(1);
            if self.epoch == 0 {
                self.bestslack_epoch.iter_mut().for_each(|e| *e = 0);
                self.epoch = 1;
            } else {
                let twice = delta + delta;
                for v in 0..n {
                    if self.label[self.inblossom[v]] == FREE
                        && self.bestedge[v] != NONE
                        && self.bestslack_epoch[v] == old_epoch
                    {
                        self.bestslack[v].sub_into(&delta);
                        self.bestslack_epoch[v] = self.epoch;
                        if self.bestslack[v].is_zero() {
                            // Tight now: its S-end is scanned again (below).
                            let k = self.bestedge[v] as usize;
                            let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
                            self.queue.push(if i == v { j } else { i });
                        }
                    }
                }
                for b in 0..2 * n {
                    if self.blossomparent[b] == NO
                        && self.label[b] == S
                        && self.bestedge[b] != NONE
                        && (b < n || self.blossombase[b] != NO)
                        && self.bestslack_epoch[b] == old_epoch
                    {
                        self.bestslack[b].sub_into(&twice);
                        self.bestslack_epoch[b] = self.epoch;
                        if self.bestslack[b].is_zero() {
                            let k = self.bestedge[b] as usize;
                            let (i, j) = (self.ep(2 * k), self.ep(2 * k + 1));
                            self.queue.push(if self.inblossom[i] == b { i } else { j });
                        }
                    }
                }
            }
        }
        match deltatype {
            1 => {
                // S-vertex `zero_at` has dual zero: flip the path from it to its root (which is
                // matched then) and leave it exposed, and end that tree.
                let r = self.root_of[self.inblossom[zero_at]];
                if self.mate[zero_at] != NO {
                    self.augment_side(zero_at, NO);
                }
                self.dissolve_trees(r, r);
            }
            2 => {
                self.allow(deltaedge);
                let (mut i, j) = (self.ep(2 * deltaedge), self.ep(2 * deltaedge + 1));
                if self.label[self.inblossom[i]] == FREE {
                    i = j;
                }
                debug_assert_eq!(self.label[self.inblossom[i]], S);
                self.queue.push(i);
            }
            3 => {
                self.allow(deltaedge);
                let i = self.ep(2 * deltaedge);
                debug_assert_eq!(self.label[self.inblossom[i]], S);
                self.queue.push(i);
            }
            _ => self.expand_blossom(deltablossom, false),
        }
        true
    }

    pub(super) fn run(&mut self) {
        // Unit-test builds can check every invariant after every step (slow): WM_INV=1.
        #[cfg(test)]
        let check = std::env::var("WM_INV").is_ok();
        // Every exposed vertex is the root of an alternating tree.
        for v in 0..self.n {
            if self.mate[v] == NO && self.label[self.inblossom[v]] == FREE && self.dualvar[v].is_positive() {
                self.assign_label(v, S, NO);
            }
        }
        #[cfg(test)]
        if check {
            self.check_invariants("at the start");
        }
        loop {
            while let Some(v) = self.queue.pop() {
                // Entries of dissolved trees may linger in the queue.
                if self.label[self.inblossom[v]] == S {
                    self.scan_vertex(v);
                    #[cfg(test)]
                    if check {
                        self.check_invariants(&format!("after scan {v}"));
                    }
                }
            }
            if self.reattach() {
                continue;
            }
            if !self.adjust_duals() {
                break;
            }
            #[cfg(test)]
            if check {
                self.check_invariants("after adjust");
            }
        }
        #[cfg(test)]
        self.verify_optimum();
    }
}
