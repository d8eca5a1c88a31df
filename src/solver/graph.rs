//! The pairability question as a graph: "can these players all be paired?"
//!
//! Players are the vertices `0..n`; an edge joins two players who may meet (the pair breaks no
//! absolute criterion); `bye_eligible[v]` says whether `v` may receive the pairing-allocated bye.
//! A *complete pairing* pairs every player exactly once, except that when `n` is odd exactly one
//! bye-eligible player gets the bye (when `n` is even nobody does).
//!
//! The backends ([`super::matching`], [`super::sat`], [`super::pairability_ilp`]) answer the
//! question with a [`Pairability`]; a positive answer carries a witness that
//! [`PairingGraph::is_complete_pairing`] checks exactly, independently of how it was found.
//!
//! Edges are expected as `(a, b)` with `a < b` and without duplicates, but every backend
//! tolerates either orientation and duplicates; self-loops and edges naming a vertex `>= n` are
//! ignored (see [`PairingGraph::simple_edges`]). A `bye_eligible` shorter than `n` counts the
//! missing players as not eligible.

/// The players, the pairs they may form and who may receive the bye.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairingGraph {
    /// Number of players (vertices `0..n`).
    pub n: usize,
    /// Allowed pairs, `(a, b)` with `a < b`.
    pub edges: Vec<(usize, usize)>,
    /// `bye_eligible[v]`: player `v` may receive the pairing-allocated bye.
    pub bye_eligible: Vec<bool>,
}

/// The answer to "can these players all be paired?".
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pairability {
    /// A complete pairing: the pairs (each `(a, b)` with `a < b`, sorted) and the bye, if `n`
    /// is odd.
    Pairable {
        /// The pairs played.
        pairs: Vec<(usize, usize)>,
        /// The player left out (bye-eligible), when `n` is odd.
        bye: Option<usize>,
    },
    /// No complete pairing exists.
    Unpairable,
}

impl Pairability {
    /// Whether the answer is [`Pairability::Pairable`].
    pub fn is_pairable(&self) -> bool {
        matches!(self, Pairability::Pairable { .. })
    }
}

impl PairingGraph {
    /// `n` players, no allowed pair, nobody bye-eligible.
    pub fn new(n: usize) -> Self {
        PairingGraph { n, edges: Vec::new(), bye_eligible: vec![false; n] }
    }

    /// The graph of `players` (vertex `k` is `players[k]`): an edge where `allowed` holds for the
    /// two players, the bye to those for whom `may_bye` holds.
    pub fn of_players(
        players: &[usize],
        allowed: impl Fn(usize, usize) -> bool,
        may_bye: impl Fn(usize) -> bool,
    ) -> PairingGraph {
        let mut g = PairingGraph::new(players.len());
        for a in 0..players.len() {
            for b in a + 1..players.len() {
                if allowed(players[a], players[b]) {
                    g.add_edge(a, b);
                }
            }
        }
        g.bye_eligible = players.iter().map(|&i| may_bye(i)).collect();
        g
    }

    /// Allows the pair `{a, b}` (stored as `(min, max)`).
    pub fn add_edge(&mut self, a: usize, b: usize) {
        self.edges.push((a.min(b), a.max(b)));
    }

    /// Whether `v` may receive the bye (`false` for players missing from `bye_eligible`).
    pub fn is_bye_eligible(&self, v: usize) -> bool {
        v < self.n && self.bye_eligible.get(v).copied().unwrap_or(false)
    }

    /// Whether a complete pairing must include a bye (`n` odd).
    pub fn needs_bye(&self) -> bool {
        self.n % 2 == 1
    }

    /// The edges as `(a, b)` with `a < b < n`, sorted, without duplicates or self-loops.
    pub fn simple_edges(&self) -> Vec<(usize, usize)> {
        let mut edges: Vec<(usize, usize)> =
            self.edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).filter(|&(a, b)| a != b && b < self.n).collect();
        edges.sort_unstable();
        edges.dedup();
        edges
    }

    /// Verifies a witness exactly: every pair is an allowed pair, every player is either in
    /// exactly one pair or is the bye, the bye is given iff `n` is odd and only to an eligible
    /// player. Pairs may be given in either orientation and any order.
    pub fn is_complete_pairing(&self, pairs: &[(usize, usize)], bye: Option<usize>) -> bool {
        let allowed = self.simple_edges();
        let mut covered = vec![false; self.n];
        let mut cover = |v: usize| -> bool {
            match covered.get_mut(v) {
                Some(c) if !*c => {
                    *c = true;
                    true
                }
                _ => false,
            }
        };
        for &(a, b) in pairs {
            let key = (a.min(b), a.max(b));
            if allowed.binary_search(&key).is_err() || !cover(a) || !cover(b) {
                return false;
            }
        }
        match bye {
            Some(v) => {
                if !self.needs_bye() || !self.is_bye_eligible(v) || !cover(v) {
                    return false;
                }
            }
            None => {
                if self.needs_bye() {
                    return false;
                }
            }
        }
        covered.iter().all(|&c| c)
    }

    /// Adjacency lists of [`Self::simple_edges`], each sorted.
    pub fn adjacency(&self) -> Vec<Vec<usize>> {
        let mut adj = vec![Vec::new(); self.n];
        for (a, b) in self.simple_edges() {
            adj[a].push(b);
            adj[b].push(a);
        }
        for list in &mut adj {
            list.sort_unstable();
        }
        adj
    }

    /// Connected components as lists of vertices (each sorted), ordered by smallest vertex.
    /// Iterative breadth-first search, O(n + m).
    pub fn components(&self) -> Vec<Vec<usize>> {
        let adj = self.adjacency();
        let mut seen = vec![false; self.n];
        let mut comps = Vec::new();
        for start in 0..self.n {
            if seen[start] {
                continue;
            }
            seen[start] = true;
            let mut comp = vec![start];
            let mut head = 0;
            while head < comp.len() {
                let v = comp[head];
                head += 1;
                for &u in &adj[v] {
                    if !seen[u] {
                        seen[u] = true;
                        comp.push(u);
                    }
                }
            }
            comp.sort_unstable();
            comps.push(comp);
        }
        comps
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn path4() -> PairingGraph {
        let mut g = PairingGraph::new(4);
        g.add_edge(0, 1);
        g.add_edge(2, 1);
        g.add_edge(2, 3);
        g
    }

    #[test]
    fn witness_checks() {
        let g = path4();
        assert!(g.is_complete_pairing(&[(0, 1), (3, 2)], None));
        assert!(!g.is_complete_pairing(&[(0, 1)], None), "3 and 2 unpaired");
        assert!(!g.is_complete_pairing(&[(0, 1), (1, 2), (2, 3)], None), "1 twice");
        assert!(!g.is_complete_pairing(&[(0, 2), (1, 3)], None), "not edges");
        assert!(!g.is_complete_pairing(&[(0, 1), (2, 3)], Some(0)), "bye with even n");
        assert!(!g.is_complete_pairing(&[(0, 1), (2, 3), (4, 5)], None), "out of range");
    }

    #[test]
    fn bye_checks() {
        let mut g = PairingGraph::new(3);
        g.add_edge(0, 1);
        assert!(!g.is_complete_pairing(&[(0, 1)], None), "odd n needs a bye");
        assert!(!g.is_complete_pairing(&[(0, 1)], Some(2)), "2 not eligible");
        g.bye_eligible[2] = true;
        assert!(g.is_complete_pairing(&[(0, 1)], Some(2)));
        assert!(!g.is_complete_pairing(&[(0, 1)], Some(1)), "bye to a paired player");
    }

    #[test]
    fn empty_graph_is_trivially_paired() {
        assert!(PairingGraph::new(0).is_complete_pairing(&[], None));
    }

    #[test]
    fn simple_edges_normalise() {
        let mut g = PairingGraph::new(3);
        g.edges = vec![(1, 0), (0, 1), (2, 2), (0, 7), (1, 2)];
        assert_eq!(g.simple_edges(), vec![(0, 1), (1, 2)]);
        assert_eq!(g.components(), vec![vec![0, 1, 2]]);
        assert!(!g.is_bye_eligible(9));
    }
}
