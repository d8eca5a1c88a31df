//! Maximum-weight matching of a dense graph by pricing: the blossom algorithm sees a sparse
//! subgraph, and every other edge is priced against its optimal duals.
//!
//! A bracket's model has a pair for every two players who may meet: 12.9 million on the
//! 5,075-player model of a 10,000-player round 2. Given to the blossom algorithm whole, each edge
//! costs about 50 bytes (adjacency, doubled weights, indices), allocated afresh for every solve
//! of a candidate order, and most of them are never looked at again once the greedy start has
//! matched the graph. Here the algorithm runs on a *subgraph*: each vertex's
//! [`Pricing::start_degree`] heaviest edges (ties broken by a fixed hash of the edge's slot, so
//! that tied vertices do not all pick the same few neighbours), plus the edges of a matching the
//! caller expects to be good (the incumbent of the stages solved before). Its optimal duals are
//! then *priced* against every edge of the graph in one pass: an edge of negative reduced cost
//! (blossom duals included) is one the subgraph's optimum could not see, and each vertex's
//! [`Pricing::add_per_vertex`] most negative ones join the subgraph, which is solved again.
//!
//! # Exactness
//!
//! When no edge is negative, the duals (vertex duals `u ≥ 0`, blossom duals `z ≥ 0` on the
//! subgraph's blossoms, which are odd vertex sets of the whole graph) are feasible for the whole
//! graph, and complementary slack with the matching: it uses only subgraph edges, all tight; its
//! exposed vertices have dual zero; its blossoms of positive dual are full. By LP duality over
//! Edmonds' matching polytope, the matching is a maximum-weight matching of the whole graph, and
//! the same duals describe the set of all of them ([`super::OptimalFace`]): the tight edges of the
//! whole graph, read in the same pass. The subgraph only decides how many rounds this takes,
//! never the answer; each round adds at least one edge, so it ends. Weights are those of the
//! stream, exactly; the headroom check (`4 W` representable) is made on the whole graph.
//!
//! # Cost
//!
//! Memory: the subgraph, and one `Option<u32>` per slot for the face. Time: per round, one pass
//! over the slots (weights computed as they are read, see [`EdgeStream`]) and one solve of the
//! subgraph. On a dense 5,000-vertex bracket one to three rounds are usual.

use super::blossom::Solver;
use super::{headroom, FaceWeights, MatchWeight, OptimalFace, WeightOverflow};
use std::cmp::Reverse;
use std::collections::BinaryHeap;
use std::ops::Range;

/// A graph read in passes, its weights computed as they are read (never stored): edges are
/// numbered by *slot*, `0..slots()`, and a slot may hold no edge.
pub trait EdgeStream<W> {
    /// Number of slots.
    fn slots(&self) -> usize;
    /// Calls `f(slot, a, b, w)` for every edge whose slot lies in `range`, in increasing slot
    /// order.
    fn for_each_in<F: FnMut(usize, usize, usize, W)>(&self, range: Range<usize>, f: F);
}

/// How large the subgraph starts and how fast it grows.
#[derive(Clone, Copy, Debug)]
pub struct Pricing {
    /// Heaviest edges of each vertex in the first subgraph.
    pub start_degree: usize,
    /// Most negative edges of each vertex added after a round that finds some.
    pub add_per_vertex: usize,
}

impl Default for Pricing {
    /// Measured on the dense models of 3,000- and 10,000-player rounds (see the module header of
    /// `matching_lex`).
    fn default() -> Pricing {
        Pricing { start_degree: 10, add_per_vertex: 6 }
    }
}

/// What a priced solve did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PricingStats {
    /// Subgraph solves (rounds of pricing).
    pub rounds: usize,
    /// Edges of the last subgraph.
    pub subgraph_edges: usize,
}

/// A subgraph edge: slot, ends, weight.
type SubEdge<W> = (u32, u32, u32, W);

/// A vertex's pick among its negative edges: the most negative reduced cost first, then the tie
/// order; the slot, the other end and the weight.
type Negative<W> = (Reverse<W>, u64, u32, u32, W);

/// A fixed pseudo-random order of slots for breaking ties between equal weights (SplitMix64's
/// finaliser): tied vertices spread their picks over the graph instead of all choosing the
/// lowest slots.
fn tie(slot: usize) -> u64 {
    crate::rng::splitmix64(&mut (slot as u64))
}

/// Per vertex, the `cap` largest keys offered (a min-heap of them each): the edges a vertex
/// brings into the subgraph. Once a vertex's heap is full the head of its least key (weight and
/// tie order, [`PickKey::head`]) is also kept in `floor`, one flat array: most offers (every
/// pair is offered to both its ends on a pass) are smaller and are turned away there, without
/// reaching the heap.
struct Picks<K: PickKey> {
    cap: usize,
    heaps: Vec<BinaryHeap<Reverse<K>>>,
    floor: Vec<Option<K::Head>>,
}

/// A key of [`Picks`] and the part of it that orders nearly all keys.
trait PickKey: Ord + Copy {
    /// Compared first: keys of different heads are ordered by them.
    type Head: Ord + Copy;
    /// The key's head.
    fn head(&self) -> Self::Head;
}

impl<W: Ord + Copy> PickKey for (W, u64, u32, u32) {
    type Head = (W, u64);
    #[inline(always)]
    fn head(&self) -> (W, u64) {
        (self.0, self.1)
    }
}

impl<W: Ord + Copy> PickKey for Negative<W> {
    type Head = (Reverse<W>, u64);
    #[inline(always)]
    fn head(&self) -> (Reverse<W>, u64) {
        (self.0, self.1)
    }
}

impl<K: PickKey> Picks<K> {
    fn new(n: usize, cap: usize) -> Picks<K> {
        Picks { cap: cap.max(1), heaps: (0..n).map(|_| BinaryHeap::new()).collect(), floor: vec![None; n] }
    }

    #[inline(always)]
    fn offer(&mut self, v: usize, key: K) {
        if let Some(least) = self.floor[v] {
            let head = key.head();
            if head < least {
                return;
            }
            let heap = &mut self.heaps[v];
            if head == least && heap.peek().is_some_and(|Reverse(k)| key <= *k) {
                return;
            }
            heap.pop();
            heap.push(Reverse(key));
            self.floor[v] = heap.peek().map(|Reverse(k)| k.head());
        } else {
            let heap = &mut self.heaps[v];
            heap.push(Reverse(key));
            if heap.len() == self.cap {
                self.floor[v] = heap.peek().map(|Reverse(k)| k.head());
            }
        }
    }

    /// Every key kept, with its vertex: by vertex, each vertex's keys from the largest down (an
    /// order that does not depend on the order they were offered in).
    fn into_iter(self) -> impl Iterator<Item = (usize, K)> {
        self.heaps
            .into_iter()
            .enumerate()
            .flat_map(|(v, heap)| heap.into_sorted_vec().into_iter().map(move |Reverse(k)| (v, k)))
    }

    /// The picks of passes over consecutive ranges merged: each vertex's `cap` largest keys of all
    /// of them (the same set as one pass over the whole would keep).
    fn merged(parts: Vec<Picks<K>>) -> Option<Picks<K>> {
        let mut parts = parts.into_iter();
        let mut all = parts.next()?;
        for part in parts {
            for (v, heap) in part.heaps.into_iter().enumerate() {
                for Reverse(key) in heap {
                    all.offer(v, key);
                }
            }
        }
        Some(all)
    }
}

/// Passes over a graph of more slots than this are split between threads
/// ([`crate::solver::threads`]).
const SLOTS_PER_THREAD: usize = 1 << 18;

/// Maximum-weight matching of the graph `graph` on `n` vertices and its optimal face (per
/// slot), solved on subgraphs priced against the whole graph (see the module header). `hint`:
/// slots of edges to put in the first subgraph (a matching expected to be near optimal; any
/// slots do). Edges with negative weight, self-loops and vertices `>= n` are ignored, as by
/// [`super::try_max_weight_matching`].
///
/// # Panics
/// For graphs with `2^31` or more vertices or slots.
pub fn try_max_weight_matching_face_priced<W: MatchWeight, G: EdgeStream<W> + Sync + ?Sized>(
    n: usize,
    graph: &G,
    hint: &[usize],
    pricing: Pricing,
) -> Result<(Vec<Option<usize>>, OptimalFace, PricingStats), WeightOverflow> {
    let slots = graph.slots();
    if n >= super::NONE as usize / 2 || slots >= super::NONE as usize / 2 {
        panic!("max_weight_matching: graph too large ({n} vertices, {slots} slots)");
    }
    let usable = |a: usize, b: usize, w: &W| a != b && a < n && b < n && *w >= W::zero();
    // Every pass is split into consecutive ranges of slots, one per thread, and what each finds
    // is merged in range order: the same answer on any number of threads.
    let ranges = crate::solver::threads::ranges(slots, crate::solver::threads::get(), SLOTS_PER_THREAD);
    // The first subgraph: each vertex's heaviest edges, and the hinted ones.
    let mut hint: Vec<usize> = hint.to_vec();
    hint.sort_unstable();
    hint.dedup();
    // Keys: weight, then the tie order; then the slot and the other end.
    let firsts = crate::solver::threads::map_ranges(&ranges, |range| {
        let mut heaviest: Picks<(W, u64, u32, u32)> = Picks::new(n, pricing.start_degree);
        let mut hinted: Vec<SubEdge<W>> = Vec::new();
        let mut max_weight = W::zero();
        let mut h = hint.partition_point(|&k| k < range.start);
        graph.for_each_in(range, |k, a, b, w| {
            if !usable(a, b, &w) {
                return;
            }
            if w > max_weight {
                max_weight = w;
            }
            while h < hint.len() && hint[h] < k {
                h += 1;
            }
            if h < hint.len() && hint[h] == k {
                hinted.push((k as u32, a as u32, b as u32, w));
            }
            let t = tie(k);
            heaviest.offer(a, (w, t, k as u32, b as u32));
            heaviest.offer(b, (w, t, k as u32, a as u32));
        });
        (heaviest, hinted, max_weight)
    });
    let mut sub: Vec<SubEdge<W>> = Vec::new();
    let mut max_weight = W::zero();
    let mut parts = Vec::with_capacity(firsts.len());
    for (heaviest, hinted, w) in firsts {
        sub.extend(hinted);
        max_weight = max_weight.max(w);
        parts.push(heaviest);
    }
    headroom(max_weight).ok_or(WeightOverflow)?;
    if let Some(heaviest) = Picks::merged(parts) {
        sub.extend(heaviest.into_iter().map(|(a, (w, _, k, b))| (k, a as u32, b, w)));
    }
    let bounds: Vec<usize> = ranges.iter().map(|r| r.start).chain(std::iter::once(slots)).collect();
    let mut stats = PricingStats::default();
    loop {
        // By slot, each once (its lower end first when both ends picked it).
        sub.sort_unstable_by_key(|e| (e.0, e.1));
        sub.dedup_by_key(|e| e.0);
        stats.rounds += 1;
        stats.subgraph_edges = sub.len();
        let edges: Vec<(u32, u32, W)> = sub.iter().map(|&(_, a, b, w)| (a, b, w)).collect();
        let kept: Vec<u32> = (0..edges.len() as u32).collect();
        let sub_max = edges.iter().map(|e| e.2).max().unwrap_or_else(W::zero);
        let mut solver = Solver::new(n, edges.as_slice(), &kept, sub_max);
        drop(edges);
        solver.greedy_start();
        solver.run();
        let nesting = solver.nesting();
        // Price every edge; read the face in the same pass (kept only if nothing is negative).
        let mut phi = FaceWeights::none(slots);
        let segments = phi.segments(&bounds);
        let (shared, nesting, sub_ref) = (&solver, &nesting, &sub);
        let pos = |v: usize| u32::from(shared.dual_positive(v));
        let priced = crate::solver::threads::map_ranges_with(&ranges, segments, |range, mut seg| {
            let solver = shared;
            let mut negative: Option<Picks<Negative<W>>> = None;
            let mut c = sub_ref.partition_point(|e| (e.0 as usize) < range.start);
            graph.for_each_in(range, |k, a, b, w| {
                if !usable(a, b, &w) {
                    return;
                }
                while c < sub_ref.len() && (sub_ref[c].0 as usize) < k {
                    c += 1;
                }
                if c < sub_ref.len() && sub_ref[c].0 as usize == k {
                    seg.set(k, solver.face_weight(c, nesting));
                    return;
                }
                let (r2, depth) = solver.reduced_cost2(a, b, &(w + w), nesting);
                if r2.is_zero() {
                    seg.set(k, Some(pos(a) + pos(b) + depth));
                } else if r2 < W::zero() {
                    let picks = negative.get_or_insert_with(|| Picks::new(n, pricing.add_per_vertex));
                    let t = tie(k);
                    picks.offer(a, (Reverse(r2), t, k as u32, b as u32, w));
                    picks.offer(b, (Reverse(r2), t, k as u32, a as u32, w));
                }
            });
            (negative, seg.aside)
        });
        let mut aside = Vec::new();
        let mut parts = Vec::new();
        for (negative, a) in priced {
            aside.extend(a);
            parts.extend(negative);
        }
        let Some(negative) = Picks::merged(parts) else {
            phi.set_aside(aside);
            let covered = (0..n).map(|v| solver.dual_positive(v)).collect();
            let odd_sets = solver.positive_blossoms();
            return Ok((solver.mates(), OptimalFace { phi, covered, odd_sets }, stats));
        };
        drop(phi);
        sub.extend(negative.into_iter().map(|(a, (_, _, k, b, w))| (k, a as u32, b, w)));
    }
}

/// An explicit edge list as a stream (tests, and callers whose graph is small).
impl<W: Copy> EdgeStream<W> for [(usize, usize, W)] {
    fn slots(&self) -> usize {
        self.len()
    }

    fn for_each_in<F: FnMut(usize, usize, usize, W)>(&self, range: Range<usize>, mut f: F) {
        for k in range {
            let (a, b, w) = self[k];
            f(k, a, b, w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A dense graph split between threads gives the same matching and face as on one thread
    /// (its passes are cut into ranges only above `SLOTS_PER_THREAD` slots).
    #[test]
    fn the_answer_does_not_depend_on_the_threads() {
        let n = 1100;
        let mut seed = 46u64;
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                // Few distinct weights: many ties, as in a bracket.
                edges.push((a, b, (crate::rng::splitmix64(&mut seed) % 7) as i64));
            }
        }
        assert!(edges.len() > 2 * SLOTS_PER_THREAD);
        let pricing = Pricing::default();
        let solve = |threads: usize| {
            crate::solver::threads::set(threads);
            let answer = try_max_weight_matching_face_priced(n, edges.as_slice(), &[], pricing).unwrap();
            crate::solver::threads::set(1);
            answer
        };
        let (mate1, face1, stats1) = solve(1);
        let (mate3, face3, stats3) = solve(3);
        assert_eq!(mate1, mate3);
        assert_eq!(face1, face3);
        assert_eq!(stats1, stats3);
        let whole = super::super::try_max_weight_matching(n, &edges).unwrap();
        let weight =
            |m: &[Option<usize>]| -> i64 { edges.iter().filter(|&&(a, b, _)| m[a] == Some(b)).map(|e| e.2).sum() };
        assert_eq!(weight(&mate1), weight(&whole));
    }
}
