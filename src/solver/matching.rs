//! Exact maximum-cardinality matching in general graphs (Edmonds' blossom algorithm), and the
//! pairability question answered with it.
//!
//! # Algorithm
//!
//! 1. *Greedy start.* Vertices are visited by increasing degree (ties by index); each unmatched
//!    vertex is matched to its unmatched neighbour of smallest degree. On the dense graphs of a
//!    Swiss tournament this already leaves only a handful of players exposed.
//! 2. *Augmentation.* From each exposed vertex an alternating tree is grown breadth-first.
//!    An edge between two even (outer) vertices closes an odd cycle, a *blossom*, which is
//!    contracted implicitly by giving all its vertices the same `base` (and re-labelling its odd
//!    vertices even); an edge to an exposed vertex ends the search with an augmenting path,
//!    which is flipped along the `parent` links. This is the classic array formulation of
//!    Edmonds' algorithm: everything is a loop over explicit arrays and a queue, nothing
//!    recurses, so 3,000 vertices cannot overflow the stack.
//! 3. If the search from an exposed vertex `v` finds no augmenting path, no augmenting path from
//!    `v` will ever exist again (a classic property of Edmonds' algorithm), so each vertex is a
//!    root at most once. For the pairability question the first such failure already proves that
//!    no perfect matching exists: the symmetric difference of the current matching with a
//!    perfect one would contain an augmenting path starting at `v`.
//!
//! # Complexity
//!
//! One search costs O(m) for scanning edges plus O(t) per blossom contraction, where t ≤ n is
//! the size of the current tree (only tree vertices are relabelled and reset, thanks to a list
//! of touched vertices and time-stamped marks), so O(m + n^2) per search and O(n (m + n^2)) =
//! O(n^3) in total; in practice the greedy start leaves few roots. Memory is O(n + m).
//! The result is deterministic: it depends only on the vertex count and the edge list's order.

use super::graph::{Pairability, PairingGraph};
use crate::audit::Audit;

const NONE: usize = usize::MAX;

/// A maximum-cardinality matching: `mate[v]` is `v`'s partner, `None` if `v` is exposed.
///
/// Edges may come in either orientation and may repeat; self-loops and edges naming a vertex
/// `>= n` are ignored.
pub fn maximum_matching(n: usize, edges: &[(usize, usize)]) -> Vec<Option<usize>> {
    let graph = Csr::new(n, edges);
    let mut search = Blossom::new(&graph);
    search.greedy();
    for root in 0..n {
        if search.mate[root] == NONE {
            if let Some(end) = search.find_augmenting_path(root) {
                search.augment(end);
            }
        }
    }
    search.mates()
}

/// Answers the pairability question with a maximum matching.
///
/// When `n` is odd a dummy vertex `n` is joined to every bye-eligible player; the players can
/// all be paired iff the (possibly extended) graph has a perfect matching, and the player
/// matched to the dummy gets the bye. The search stops at the first exposed vertex from which
/// no augmenting path exists (see the module documentation).
pub fn pairable_by_matching(g: &PairingGraph) -> Pairability {
    decide_by_matching(g)
}

/// [`pairable_by_matching`], the answer re-decided by SAT when `audit` asks for it
/// (`--cross-check sat`) and counted there.
pub fn pairable_audited(g: &PairingGraph, audit: &Audit) -> Pairability {
    let answer = decide_by_matching(g);
    super::sat::cross_check(audit, g, &answer);
    answer
}

/// Answers the pairability question for `n` players (`0..n`) on the graph `adjacent` describes,
/// the bye to a player for whom `may_bye` holds, without listing its edges: a dense field of
/// thousands of players would need hundreds of megabytes for them (40 million pairs below the
/// top bracket of a 10,000-player round).
///
/// Players are first paired greedily in order, each with the first later player it may meet
/// (the bye, when `n` is odd, to the last eligible player); in the rounds of a Swiss tournament
/// that usually completes the round. Otherwise Edmonds' search runs on the implicit graph from
/// that partial pairing, the exposed players tried first as the end of each path, with O(n)
/// memory: its answer is the same as [`pairable_by_matching`]'s. When `audit` asks for the SAT
/// cross-check the graph is listed and [`pairable_audited`] decides, so that SAT re-decides it.
pub fn pairable_implicit(
    audit: &Audit,
    n: usize,
    adjacent: impl Fn(usize, usize) -> bool,
    may_bye: impl Fn(usize) -> bool,
) -> Pairability {
    if audit.sat_budget().is_some() {
        let mut g = PairingGraph::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if adjacent(a, b) {
                    g.add_edge(a, b);
                }
            }
        }
        g.bye_eligible = (0..n).map(&may_bye).collect();
        return pairable_audited(&g, audit);
    }
    let odd = n % 2 == 1;
    let bye: Vec<bool> = (0..n).map(|v| odd && may_bye(v)).collect();
    // The greedy pairing in order (and the bye to the last eligible player, odd `n`).
    let total = n + usize::from(odd);
    let mut mate = vec![NONE; total];
    if let Some(last) = (0..n).rev().find(|&v| bye[v]) {
        mate[last] = n;
        mate[n] = last;
    }
    for a in 0..n {
        if mate[a] == NONE {
            if let Some(b) = (a + 1..n).find(|&b| mate[b] == NONE && adjacent(a, b)) {
                mate[a] = b;
                mate[b] = a;
            }
        }
    }
    let graph = Implicit { n, adjacent, bye };
    let mut search = Blossom::new(&graph);
    search.mate = mate;
    for root in 0..total {
        if search.mate[root] != NONE {
            continue;
        }
        search.exposed = (root + 1..total).filter(|&v| search.mate[v] == NONE).collect();
        match search.find_augmenting_path(root) {
            Some(end) => search.augment(end),
            None => return Pairability::Unpairable,
        }
    }
    let mate = search.mate;
    let pairs: Vec<(usize, usize)> = (0..n).filter(|&v| mate[v] > v && mate[v] < n).map(|v| (v, mate[v])).collect();
    let bye = if odd { mate.get(n).copied().filter(|&v| v < n) } else { None };
    Pairability::Pairable { pairs, bye }
}

/// [`pairable_implicit`] for the tournament players `players`, who may meet when `can_meet`
/// says so: `Some(bye)` with the player left out (a tournament index) when they can all be
/// paired, `None` otherwise. The systems' completion checks (2017 A.9/C.4, 2026 \[C4\], Dubov and
/// Burstein \[C4\], Lim 2.1 and 5.1) all ask this.
pub fn complete_pairing(
    audit: &Audit,
    players: &[usize],
    can_meet: impl Fn(usize, usize) -> bool,
    may_bye: impl Fn(usize) -> bool,
) -> Option<Option<usize>> {
    match pairable_implicit(audit, players.len(), |a, b| can_meet(players[a], players[b]), |k| may_bye(players[k])) {
        Pairability::Pairable { bye, .. } => Some(bye.map(|k| players[k])),
        Pairability::Unpairable => None,
    }
}

fn decide_by_matching(g: &PairingGraph) -> Pairability {
    let mut edges = g.simple_edges();
    let total = if g.needs_bye() {
        edges.extend((0..g.n).filter(|&v| g.is_bye_eligible(v)).map(|v| (v, g.n)));
        g.n + 1
    } else {
        g.n
    };
    let graph = Csr::new(total, &edges);
    if (0..total).any(|v| graph.degree(v) == 0) {
        return Pairability::Unpairable;
    }
    let mut search = Blossom::new(&graph);
    search.greedy();
    for root in 0..total {
        if search.mate[root] != NONE {
            continue;
        }
        match search.find_augmenting_path(root) {
            Some(end) => search.augment(end),
            None => return Pairability::Unpairable,
        }
    }
    witness(g, &search.mate)
}

/// Reads the complete pairing off a perfect matching of the (extended) graph.
fn witness(g: &PairingGraph, mate: &[usize]) -> Pairability {
    let pairs: Vec<(usize, usize)> = (0..g.n).filter(|&v| mate[v] > v && mate[v] < g.n).map(|v| (v, mate[v])).collect();
    let bye = if g.needs_bye() { mate.get(g.n).copied().filter(|&v| v < g.n) } else { None };
    Pairability::Pairable { pairs, bye }
}

/// The graph Edmonds' search walks: listed ([`Csr`]) or given by a predicate ([`Implicit`]).
trait Adjacency {
    fn len(&self) -> usize;
    /// Calls `f` on the neighbours of `v` in a fixed order until it returns `true`; returns
    /// whether it did.
    fn any_neighbour(&self, v: usize, f: impl FnMut(usize) -> bool) -> bool;
    /// Whether `a` and `b` are adjacent (used only by searches that try the exposed vertices
    /// first, on graphs where this is cheap).
    fn adjacent(&self, a: usize, b: usize) -> bool;
}

/// A graph given by a predicate on `0..n`, plus a dummy vertex `n` joined to the players whose
/// `bye` is set (when `n` is odd).
struct Implicit<F> {
    n: usize,
    adjacent: F,
    bye: Vec<bool>,
}

impl<F: Fn(usize, usize) -> bool> Adjacency for Implicit<F> {
    fn len(&self) -> usize {
        self.n + usize::from(self.n % 2 == 1)
    }

    fn any_neighbour(&self, v: usize, mut f: impl FnMut(usize) -> bool) -> bool {
        if v == self.n {
            return (0..self.n).any(|u| self.bye[u] && f(u));
        }
        (0..self.n).any(|u| u != v && (self.adjacent)(v, u) && f(u)) || (self.bye[v] && f(self.n))
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        match (a == self.n, b == self.n) {
            (true, true) => false,
            (true, false) => self.bye[b],
            (false, true) => self.bye[a],
            (false, false) => a != b && (self.adjacent)(a, b),
        }
    }
}

impl Adjacency for Csr {
    fn len(&self) -> usize {
        self.start.len() - 1
    }

    fn any_neighbour(&self, v: usize, mut f: impl FnMut(usize) -> bool) -> bool {
        self.neighbours(v).iter().any(|&u| f(u))
    }

    fn adjacent(&self, a: usize, b: usize) -> bool {
        self.neighbours(a).contains(&b)
    }
}

/// Adjacency in compressed sparse rows: the neighbours of `v` are `adj[start[v]..start[v + 1]]`.
struct Csr {
    start: Vec<usize>,
    adj: Vec<usize>,
}

impl Csr {
    fn new(n: usize, edges: &[(usize, usize)]) -> Self {
        let valid = |&&(a, b): &&(usize, usize)| a != b && a < n && b < n;
        let mut start = vec![0usize; n + 1];
        for &(a, b) in edges.iter().filter(valid) {
            start[a + 1] += 1;
            start[b + 1] += 1;
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![0usize; start[n]];
        for &(a, b) in edges.iter().filter(valid) {
            adj[fill[a]] = b;
            fill[a] += 1;
            adj[fill[b]] = a;
            fill[b] += 1;
        }
        Csr { start, adj }
    }

    fn degree(&self, v: usize) -> usize {
        self.start[v + 1] - self.start[v]
    }

    fn neighbours(&self, v: usize) -> &[usize] {
        &self.adj[self.start[v]..self.start[v + 1]]
    }
}

/// State of Edmonds' algorithm: the matching and the alternating tree of the current search.
struct Blossom<'g, G> {
    g: &'g G,
    /// Partner of each vertex, `NONE` when exposed.
    mate: Vec<usize>,
    /// Tree link: for odd vertices the even vertex they were reached from; inside contracted
    /// blossoms also set on even vertices, so that augmenting paths can go round the blossom.
    parent: Vec<usize>,
    /// Base of the (contracted) blossom containing each vertex; itself outside blossoms.
    base: Vec<usize>,
    /// Even (outer) vertices of the current tree: they are in the queue.
    even: Vec<bool>,
    queue: Vec<usize>,
    /// Vertices whose `parent`, `base` or `even` changed in the current search.
    touched: Vec<usize>,
    /// Time-stamped marks of the path-to-root walk in [`Self::lca`].
    path_mark: Vec<usize>,
    /// Time-stamped marks of the bases in the blossom being contracted.
    blossom_mark: Vec<usize>,
    stamp: usize,
    /// Exposed vertices a search tries first as the end of its path, before scanning all of a
    /// vertex's neighbours (the implicit graphs, where a scan costs a test per vertex).
    exposed: Vec<usize>,
}

impl<'g> Blossom<'g, Csr> {
    /// Greedy matching: vertices by increasing degree, each to its unmatched neighbour of
    /// smallest degree (first in adjacency order on ties). O(n log n + m).
    fn greedy(&mut self) {
        let n = self.g.len();
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_by_key(|&v| (self.g.degree(v), v));
        for v in order {
            if self.mate[v] != NONE {
                continue;
            }
            let best = self
                .g
                .neighbours(v)
                .iter()
                .copied()
                .filter(|&u| self.mate[u] == NONE)
                .min_by_key(|&u| self.g.degree(u));
            if let Some(u) = best {
                self.mate[v] = u;
                self.mate[u] = v;
            }
        }
    }
}

impl<'g, G: Adjacency> Blossom<'g, G> {
    fn new(g: &'g G) -> Self {
        let n = g.len();
        Blossom {
            g,
            mate: vec![NONE; n],
            parent: vec![NONE; n],
            base: (0..n).collect(),
            even: vec![false; n],
            queue: Vec::new(),
            touched: Vec::new(),
            path_mark: vec![0; n],
            blossom_mark: vec![0; n],
            stamp: 0,
            exposed: Vec::new(),
        }
    }

    fn mates(&self) -> Vec<Option<usize>> {
        self.mate.iter().map(|&m| (m != NONE).then_some(m)).collect()
    }

    /// Undoes the labels of the previous search (only on the vertices it touched).
    fn reset_tree(&mut self) {
        for &v in &self.touched {
            self.parent[v] = NONE;
            self.base[v] = v;
            self.even[v] = false;
        }
        self.touched.clear();
        self.queue.clear();
    }

    /// Breadth-first search for an augmenting path from the exposed vertex `root`; returns its
    /// other (exposed) end, the path being readable through `parent` and `mate`.
    fn find_augmenting_path(&mut self, root: usize) -> Option<usize> {
        self.reset_tree();
        self.even[root] = true;
        self.touched.push(root);
        self.queue.push(root);
        let g = self.g;
        let mut head = 0;
        while head < self.queue.len() {
            let v = self.queue[head];
            head += 1;
            // An exposed vertex next to `v` ends the search at once.
            let exposed = std::mem::take(&mut self.exposed);
            let near = exposed.iter().copied().find(|&u| u != root && self.parent[u] == NONE && g.adjacent(v, u));
            self.exposed = exposed;
            if let Some(u) = near {
                self.parent[u] = v;
                self.touched.push(u);
                return Some(u);
            }
            let mut end = None;
            g.any_neighbour(v, |to| {
                if self.base[v] == self.base[to] || self.mate[v] == to {
                    return false;
                }
                if to == root || (self.mate[to] != NONE && self.parent[self.mate[to]] != NONE) {
                    // `to` is even too: the edge closes a blossom.
                    self.contract(v, to);
                } else if self.parent[to] == NONE {
                    // `to` becomes odd, reached from `v`.
                    self.parent[to] = v;
                    self.touched.push(to);
                    let next = self.mate[to];
                    if next == NONE {
                        end = Some(to);
                        return true;
                    }
                    self.even[next] = true;
                    self.touched.push(next);
                    self.queue.push(next);
                }
                false
            });
            if end.is_some() {
                return end;
            }
        }
        None
    }

    /// Lowest common ancestor (as a blossom base) of the even vertices `a` and `b` in the tree.
    fn lca(&mut self, a: usize, b: usize) -> usize {
        self.stamp += 1;
        let mut a = a;
        loop {
            a = self.base[a];
            self.path_mark[a] = self.stamp;
            if self.mate[a] == NONE {
                break; // the root
            }
            a = self.parent[self.mate[a]];
        }
        let mut b = b;
        loop {
            b = self.base[b];
            if self.path_mark[b] == self.stamp {
                return b;
            }
            b = self.parent[self.mate[b]];
        }
    }

    /// Marks the blossom bases on the tree path from `v` up to the base `top`, and re-links
    /// `parent` so that the path can be followed the other way round the cycle.
    fn mark_path(&mut self, mut v: usize, top: usize, mut child: usize) {
        while self.base[v] != top {
            let m = self.mate[v];
            self.blossom_mark[self.base[v]] = self.stamp;
            self.blossom_mark[self.base[m]] = self.stamp;
            self.parent[v] = child;
            child = m;
            v = self.parent[m];
        }
    }

    /// Contracts the blossom closed by the edge between the even vertices `v` and `to`.
    fn contract(&mut self, v: usize, to: usize) {
        let top = self.lca(v, to);
        self.stamp += 1;
        self.mark_path(v, top, to);
        self.mark_path(to, top, v);
        for i in 0..self.touched.len() {
            let u = self.touched[i];
            if self.blossom_mark[self.base[u]] == self.stamp {
                self.base[u] = top;
                if !self.even[u] {
                    self.even[u] = true;
                    self.queue.push(u);
                }
            }
        }
    }

    /// Flips the augmenting path ending at the exposed vertex `end`.
    fn augment(&mut self, end: usize) {
        let mut v = end;
        while v != NONE {
            let pv = self.parent[v];
            let next = self.mate[pv];
            self.mate[v] = pv;
            self.mate[pv] = v;
            v = next;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::splitmix64 as splitmix;

    /// Size of a maximum matching by exhaustive search over the edges (small graphs only).
    fn brute_max(edges: &[(usize, usize)], used: &mut [bool], from: usize) -> usize {
        let mut best = 0;
        for e in from..edges.len() {
            let (a, b) = edges[e];
            if !used[a] && !used[b] {
                used[a] = true;
                used[b] = true;
                best = best.max(1 + brute_max(edges, used, e + 1));
                used[a] = false;
                used[b] = false;
            }
        }
        best
    }

    fn check_valid(n: usize, edges: &[(usize, usize)], mate: &[Option<usize>]) -> usize {
        assert_eq!(mate.len(), n);
        let mut size = 0;
        for (v, m) in mate.iter().enumerate() {
            if let Some(u) = *m {
                assert_eq!(mate[u], Some(v));
                assert!(edges.contains(&(v.min(u), v.max(u))), "{v}-{u} is not an edge");
                size += 1;
            }
        }
        size / 2
    }

    #[test]
    fn maximum_on_random_small_graphs() {
        let mut state = 7u64;
        for _ in 0..1500 {
            let n = (splitmix(&mut state) % 11) as usize;
            let density = splitmix(&mut state) % 100;
            let mut edges = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if splitmix(&mut state) % 100 < density {
                        edges.push((a, b));
                    }
                }
            }
            let mate = maximum_matching(n, &edges);
            let size = check_valid(n, &edges, &mate);
            assert_eq!(size, brute_max(&edges, &mut vec![false; n], 0), "{n} {edges:?}");
        }
    }

    #[test]
    fn odd_cycles_need_blossoms() {
        // Two pentagons joined by an edge, plus a pendant vertex: perfect matching of 11 + 1.
        let mut edges = vec![(0, 1), (1, 2), (2, 3), (3, 4), (0, 4)];
        edges.extend([(5, 6), (6, 7), (7, 8), (8, 9), (5, 9), (4, 5), (9, 10), (10, 11)]);
        // Adversarial order: the greedy start matches (0, 1), (2, 3), ... first.
        let mate = maximum_matching(12, &edges);
        assert_eq!(check_valid(12, &edges, &mate), 6);
    }

    #[test]
    fn ignores_loops_duplicates_and_foreign_vertices() {
        let mate = maximum_matching(3, &[(0, 0), (1, 0), (0, 1), (2, 9)]);
        assert_eq!(mate, vec![Some(1), Some(0), None]);
        assert!(maximum_matching(0, &[]).is_empty());
    }

    /// The implicit search answers as the listed graph does, on random graphs from sparse to
    /// nearly complete (where the greedy start leaves players exposed when the last ones may not
    /// meet), with byes; and its witness is a complete pairing of the graph.
    #[test]
    fn implicit_graphs_answer_as_listed_ones() {
        let mut state = 31u64;
        let (mut searched, mut unpairable) = (0, 0);
        for case in 0..3000 {
            let n = (splitmix(&mut state) % 16) as usize;
            let density = [30u64, 70, 95][case % 3];
            let mut g = PairingGraph::new(n);
            for a in 0..n {
                for b in a + 1..n {
                    // The last players clash among themselves (as absolute colours do).
                    let clash = a + 3 >= n && case % 2 == 0;
                    if !clash && splitmix(&mut state) % 100 < density {
                        g.add_edge(a, b);
                    }
                }
            }
            g.bye_eligible = (0..n).map(|_| splitmix(&mut state) % 3 == 0).collect();
            let edges = g.simple_edges();
            let adjacent = |a: usize, b: usize| edges.binary_search(&(a.min(b), a.max(b))).is_ok();
            let listed = pairable_by_matching(&g);
            let implicit = pairable_implicit(&Audit::default(), n, adjacent, |v| g.bye_eligible[v]);
            assert_eq!(listed.is_pairable(), implicit.is_pairable(), "case {case}: {g:?}");
            if let Pairability::Pairable { pairs, bye } = &implicit {
                assert!(g.is_complete_pairing(pairs, *bye), "case {case}: {pairs:?} {bye:?} {g:?}");
            } else {
                unpairable += 1;
            }
            // Whether the greedy pairing in order (each with the first later player it may
            // meet, the bye to the last eligible) left the search something to do.
            let mut used = vec![false; n];
            if n % 2 == 1 {
                if let Some(k) = (0..n).rev().find(|&k| g.bye_eligible[k]) {
                    used[k] = true;
                }
            }
            let mut greedy_complete = n % 2 == 0 || used.iter().any(|&u| u);
            for a in 0..n {
                if !used[a] {
                    used[a] = true;
                    match (a + 1..n).find(|&b| !used[b] && adjacent(a, b)) {
                        Some(b) => used[b] = true,
                        None => greedy_complete = false,
                    }
                }
            }
            searched += usize::from(!greedy_complete && implicit.is_pairable());
        }
        assert!(searched > 100 && unpairable > 100, "searched {searched}, unpairable {unpairable}");
    }

    #[test]
    fn bye_goes_to_an_eligible_player() {
        let mut g = PairingGraph::new(3);
        g.add_edge(0, 1);
        g.add_edge(1, 2);
        g.bye_eligible = vec![true, false, false];
        assert_eq!(pairable_by_matching(&g), Pairability::Pairable { pairs: vec![(1, 2)], bye: Some(0) });
        g.bye_eligible = vec![false, true, false];
        assert_eq!(pairable_by_matching(&g), Pairability::Unpairable);
    }
}
