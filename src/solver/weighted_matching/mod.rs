//! Exact maximum-weight matching in general graphs (Edmonds' primal-dual blossom algorithm).
//!
//! lexpair merges every stage of a bracket's lexicographic optimisation into one integer
//! weight per edge; a maximum-weight matching for those weights is then an optimal pairing.
//! The weights are wide ([`super::wide::Wide`]), so the algorithm must be exact: it uses only
//! additions, subtractions, comparisons and halvings of even numbers, never a rounding.
//!
//! # Algorithm
//!
//! Edmonds' primal-dual method in the O(n³) formulation of Galil ("Efficient algorithms for
//! finding maximum matching in graphs", ACM Computing Surveys 18, 1986), with the data layout
//! of J. van Rantwijk's `mwmatching` (endpoint numbering, `labelend`, `bestedge`, per-blossom
//! least-slack lists), rewritten iteratively, plus persistent alternating trees (below):
//!
//! - **Duals.** Every vertex `v` has a dual `u(v)`, every non-trivial blossom `B` a dual
//!   `z(B) ≥ 0`. For an edge `(i, j)` the *slack* is `u(i) + u(j) - w(i, j)` plus the `z` of
//!   the blossoms containing both ends. Invariants: every slack is `≥ 0` (dual feasibility);
//!   matched edges and blossom edges have slack 0; a blossom with `z(B) > 0` is full; an
//!   exposed vertex either roots an alternating tree or has dual 0. The algorithm stops when
//!   no tree is left, which proves the matching optimal by LP duality (every exposed vertex
//!   then has dual 0). Each vertex starts at its own largest weight, not at the largest
//!   overall, as LEMON's and Blossom V's implementations do: exposed vertices do not share one
//!   dual (as they do in Galil's and `mwmatching`'s formulation), only its parity.
//! - **Alternating trees.** Every exposed vertex of positive dual roots a tree grown over tight (zero-slack)
//!   edges: an S-vertex reaching an unlabelled blossom labels it T and its mate S; an edge
//!   between two S-blossoms of the same tree closes an odd cycle (a new S-blossom, shrunk);
//!   between two trees it gives an augmenting path.
//! - **Dual adjustments.** When no tight edge is usable, S-vertices lower their dual by `δ`,
//!   T-vertices raise theirs, S-blossoms raise `z`, T-blossoms lower it, with `δ` the largest
//!   step keeping the invariants: δ1 = min dual of an S-vertex, δ2 = min slack
//!   S-to-unlabelled, δ3 = half the min slack between two S-blossoms, δ4 = min `z` of a
//!   T-blossom (which is then expanded and its parts relabelled). When an S-vertex's dual
//!   reaches 0 (δ1), the path from it to its root is flipped (the root is matched, the vertex
//!   left exposed with dual 0) and that tree ends. A tight edge from an S-vertex to an exposed
//!   vertex of dual 0 is an augmenting path like one between two trees. Every edge that a
//!   step makes tight is scanned from its S end, not only the one that set `δ`: on a dense
//!   graph a step often makes thousands of edges between roots tight at once, and pairing
//!   them one per step grew one tree through every matched vertex between two augmentations
//!   (a 5,000-vertex solve: 124 s, now 1.1 s).
//! - **Least-slack bookkeeping.** `bestedge` (per unlabelled vertex: its least-slack edge
//!   from an S-vertex; per S-blossom: its least-slack edge to another S-blossom) and
//!   per-blossom lists make each δ computation O(n) instead of O(m) (lists built lazily, below). The slacks of these
//!   records are cached and moved by `δ` / `2δ` at each adjustment instead of recomputed.
//! - **Persistent trees.** Galil and `mwmatching` discard every tree after each augmentation
//!   and regrow them all (a new "stage"), which rescans the edges of every exposed vertex
//!   n/2 times. Here only the two trees joined by the augmenting path are dissolved: their
//!   labels are erased, their S-blossoms of zero dual are expanded (as at the end of a
//!   stage), and their vertices are re-attached as unlabelled vertices next to the surviving
//!   trees (a tight edge from a surviving S-vertex labels them; otherwise they get a
//!   least-slack record) once the queue is empty (below). Everything a surviving tree recorded about the dissolved ones is
//!   repaired: "reached" marks inside surviving T-blossoms are re-derived at once, and
//!   least-slack records pointing into the dissolved trees are detected and recomputed
//!   lazily when the next δ is computed. The surviving trees satisfy all invariants of a
//!   stage that simply has not augmented yet, so correctness is that of the classical
//!   algorithm; the unit tests check the dual certificate on every solve and, optionally
//!   (`WM_INV=1`), every invariant after every step.
//! - **Warm start and augmentation first.** Before any tree is grown, exposed vertices are
//!   matched greedily along tight edges while each lowers its own dual as far as its edges
//!   allow (`Solver::greedy_start`), which is what the algorithm would do itself but without
//!   growing a tree through the whole tight graph for each pair. A scanned S-vertex grows its
//!   tree only once its edges hold no augmenting path. On the 1,000-player round 2 of
//!   `../shared/corpus/large` (bracket graphs of ~690 vertices and up to 240k edges, highly
//!   tied) the two together halve the CPU time, 6.7 s to 3.3 s, with identical output.
//! - **Lazy least-slack lists.** A new blossom's list of least-slack edges to the other
//!   S-blossoms is built when a dual adjustment first needs it, not when the blossom is made:
//!   on those graphs most blossoms are dissolved by an augmentation before any adjustment
//!   (3.3 s to 2.6 s on the same round).
//! - **Lazy re-attachment.** The vertices of the two trees an augmentation dissolves are not
//!   re-attached to the surviving trees at once but when the queue runs dry (before any dual
//!   adjustment, which needs them attached); their edges are disallowed in O(1) each through
//!   per-vertex generations. On those graphs one tree holds most vertices, and re-attaching it
//!   after every augmentation cost a pass over most edges (2.2 s to 1.3 s on the same round).
//!   The edges between dissolved vertices and surviving S-vertices are then walked from
//!   whichever side has fewer (on a 5,000-vertex bracket, the surviving trees are small).
//!
//! # Exactness
//!
//! Internally every vertex dual is stored doubled (`d(v) = 2 u(v)`, starting at the vertex's
//! largest weight rounded up to the parity of the maximum weight `W`, so at most `W`), edge
//! weights doubled, and slacks computed as `d(i) + d(j) - 2 w`. With integer weights
//! everything stays integral: each labelled vertex is joined to its root by tight edges (so
//! `d` has the root's parity along the tree, blossom duals being integers) and all roots'
//! duals share one parity (they start with it, the greedy start keeps it, and every step moves
//! every root by the same `δ`), so the slack between two S-blossoms is even and δ3 = slack/2
//! is exact (checked by `debug_assert!`). Bounds: vertex duals stay in `[0, 2W]` (S-duals are
//! floored by δ1; a T-vertex has a tight matched or blossom edge, whose weight bounds its
//! dual) and blossom duals in `[0, W]`, so every intermediate value lies in `[-2W, 4W]`.
//! [`try_max_weight_matching`] therefore requires `4 W` to be representable in the weight
//! type, and checks this up front.
//!
//! Edges with negative weight are dropped: a maximum-weight matching never needs them.
//! Zero-weight edges are kept (they may or may not be used). Self-loops and edges naming a
//! vertex `>= n` are ignored; parallel edges are allowed.
//!
//! # Complexity and resources
//!
//! At most n/2 augmentations. Between two augmentations there are O(n) dual adjustments of
//! O(n) each, every vertex is scanned at most once, and every least-slack record is rebuilt
//! at most once: O(n (n² + m)) = O(n³) in the worst case, as for Galil's algorithm, but in
//! practice the surviving trees make most scans unnecessary (a dense 400-vertex graph needs
//! about five scans per vertex in total instead of ~n/4).
//!
//! Memory is O(n + m): the doubled weights are stored in adjacency order, once per endpoint
//! (so scanning a vertex streams through memory — wide weights make cache misses expensive),
//! plus about 21 bytes of indices per edge. Nothing recurses (blossom expansion, augmentation
//! through nested blossoms and leaf enumeration use explicit stacks), so deep blossom
//! nesting cannot overflow the stack. The weight type is `Copy`; the hot paths use the
//! by-reference operations of [`MatchWeight`] and never allocate.
//!
//! The result is deterministic: it depends only on `n` and the edge list (with its order).
//!
//! # Dense graphs
//!
//! [`try_max_weight_matching_face_priced`] gives the same answer on a graph read in passes
//! ([`EdgeStream`]) without handing all of it to the algorithm: a sparse subgraph is solved and
//! its duals priced against the other edges (see `priced.rs`).

mod blossom;
mod priced;

use blossom::{Solver, NONE};
pub use priced::{try_max_weight_matching_face_priced, EdgeStream, Pricing, PricingStats};
use std::fmt;
use std::ops::{Add, Sub};

/// An exact ordered integer type usable as an edge weight.
///
/// Implemented for `i64`, `i128` and [`super::wide::Wide`]. The algorithm adds and subtracts
/// values of magnitude at most `4 W` (checked beforehand with [`MatchWeight::checked_add`]),
/// so the operators are never asked to overflow.
pub trait MatchWeight: Copy + Ord + Add<Output = Self> + Sub<Output = Self> + fmt::Debug + Send + Sync {
    /// Zero.
    fn zero() -> Self;
    /// One.
    fn one() -> Self;
    /// `self + rhs`, or `None` if the exact sum is not representable.
    fn checked_add(self, rhs: Self) -> Option<Self>;
    /// `self / 2`; only ever called on even values, where it must be exact.
    fn half(self) -> Self;
    /// `true` if `self` is divisible by two.
    fn is_even(self) -> bool;
    /// `a + b - c`, by reference (the hot path of the algorithm: edge slacks). Only called when
    /// the result and the intermediate sum are representable.
    #[inline]
    fn add_sub(a: &Self, b: &Self, c: &Self) -> Self {
        *a + *b - *c
    }
    /// `*self += rhs` in place (result known to be representable).
    #[inline]
    fn add_into(&mut self, rhs: &Self) {
        *self = *self + *rhs;
    }
    /// `*self -= rhs` in place (result known to be representable).
    #[inline]
    fn sub_into(&mut self, rhs: &Self) {
        *self = *self - *rhs;
    }
    /// `self > 0`.
    #[inline]
    fn is_positive(&self) -> bool {
        *self > Self::zero()
    }
    /// `self == 0`.
    #[inline]
    fn is_zero(&self) -> bool {
        *self == Self::zero()
    }
}

/// An edge list the algorithm reads: `(a, b, w)` by index. Implemented for slices of
/// `(usize, usize, W)` (the public interface) and of `(u32, u32, W)` (a third smaller on
/// large graphs, for the callers that build their list only to solve it).
pub trait EdgeList<W> {
    /// Number of edges.
    fn count(&self) -> usize;
    /// Edge `e` as `(a, b, w)`.
    fn edge(&self, e: usize) -> (usize, usize, W);
}

impl<W: Copy> EdgeList<W> for [(usize, usize, W)] {
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn edge(&self, e: usize) -> (usize, usize, W) {
        self[e]
    }
}

impl<W: Copy> EdgeList<W> for [(u32, u32, W)] {
    fn count(&self) -> usize {
        self.len()
    }
    #[inline]
    fn edge(&self, e: usize) -> (usize, usize, W) {
        let (a, b, w) = self[e];
        (a as usize, b as usize, w)
    }
}

impl<W: Copy, T> EdgeList<W> for Vec<T>
where
    [T]: EdgeList<W>,
{
    fn count(&self) -> usize {
        self.as_slice().count()
    }
    #[inline]
    fn edge(&self, e: usize) -> (usize, usize, W) {
        self.as_slice().edge(e)
    }
}

/// The weights are too large for the chosen weight type: `4 × max weight` must fit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeightOverflow;

impl fmt::Display for WeightOverflow {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("edge weights too large for the weight type: 4 x (largest weight) must be representable")
    }
}

impl std::error::Error for WeightOverflow {}

/// `true` if [`max_weight_matching`] accepts weights up to `max_weight` in type `W`
/// (i.e. `4 · max_weight` is representable).
pub fn supports_max_weight<W: MatchWeight>(max_weight: W) -> bool {
    headroom(max_weight).is_some()
}

fn headroom<W: MatchWeight>(max_weight: W) -> Option<()> {
    let two = max_weight.checked_add(max_weight)?;
    two.checked_add(two)?;
    Some(())
}

/// Maximum-weight matching of a general graph.
///
/// `edges` are `(a, b, w)` with `a != b`; negative weights are allowed (such edges are never
/// used: a maximum-*weight* matching never takes a negative edge). Returns `mate`, where
/// `mate[v]` is `v`'s partner or `None`; the matching maximises the total weight (not the
/// cardinality — give every edge a large common bonus to prefer cardinality first).
///
/// Runs in O(n³) worst-case time and O(n + m) memory; see the module documentation.
///
/// # Panics
/// If `4 ×` the largest weight does not fit in `W` (see [`try_max_weight_matching`] for a
/// non-panicking variant and [`supports_max_weight`] to check beforehand), or for graphs
/// with `2^31` or more vertices or edges.
pub fn max_weight_matching<W: MatchWeight>(n: usize, edges: &[(usize, usize, W)]) -> Vec<Option<usize>> {
    match try_max_weight_matching(n, edges) {
        Ok(mate) => mate,
        Err(e) => panic!("max_weight_matching: {e}"),
    }
}

/// As [`max_weight_matching`], but reports insufficient headroom in `W` as an error.
///
/// # Panics
/// Only for graphs with `2^31` or more vertices or edges (indices are stored as `u32`; such
/// an input would need tens of gigabytes anyway).
pub fn try_max_weight_matching<W: MatchWeight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Result<Vec<Option<usize>>, WeightOverflow> {
    let (kept, max_weight) = usable_edges(n, edges)?;
    let mut solver = Solver::new(n, edges, &kept, max_weight);
    drop(kept);
    solver.greedy_start();
    solver.run();
    Ok(solver.mates())
}

/// The set of all maximum-weight matchings of a graph, described by an optimal dual solution.
///
/// By LP duality (complementary slackness), a matching is of maximum weight if and only if
/// (i) it uses only *tight* edges (zero reduced cost `u(a) + u(b) + Σ z(B) − w`, the sum over
/// the blossoms containing both ends), (ii) it covers every vertex of positive dual, and (iii)
/// every blossom of positive dual is full (`⌊|B|/2⌋` of its edges matched). With `u' = [u > 0]`,
/// `z' = [z > 0]` and `φ(e) = u'(a) + u'(b) + #{B ∋ a, b : z(B) > 0}` for tight edges,
///
/// ```text
/// φ(M) = Σ_{v covered} u'(v) + Σ_B z'(B) |M ∩ E(B)|  ≤  Σ_v u'(v) + Σ_B z'(B) ⌊|B|/2⌋
/// ```
///
/// for every matching `M` of tight edges, with equality exactly when (ii) and (iii) hold. So the
/// small integer weights `φ` on the tight edges alone have the same set of maximum-weight
/// matchings as the original weights, and every other matching of tight edges is worse by at
/// least one: a lexicographic optimisation can replace all the stages solved so far by `φ`
/// (a handful of bits) instead of carrying their merged weights into the next solve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptimalFace {
    /// Per input edge: `Some(φ)` if the edge is tight (it may belong to a maximum-weight
    /// matching), `None` if no maximum-weight matching uses it (positive reduced cost, negative
    /// weight, a self-loop or an out-of-range vertex).
    pub phi: FaceWeights,
    /// Per vertex: its dual is positive, so every maximum-weight matching covers it.
    pub covered: Vec<bool>,
    /// The vertex sets (sorted) of the blossoms of positive dual `z(B)`: with the degree
    /// constraints, the odd-set inequalities `x(E(B)) <= (|B| - 1) / 2` of these sets alone
    /// already bound the LP relaxation at the optimum's weight (the final duals are feasible
    /// for that LP: LP duality), so an integer program over the same matching can be proven
    /// optimal without searching for cuts.
    pub odd_sets: Vec<Vec<usize>>,
}

/// `φ` per edge of an [`OptimalFace`] (`None` for an edge no maximum-weight matching uses), in
/// two bytes an edge while every `φ` is below `u16::MAX - 1` (a `φ` is a few units: two vertices
/// and the blossoms of positive dual holding both, at most `2 + n / 2`), four bytes after a larger
/// one is set; the largest value of the width stands for `None`. An `Option<u32>` takes eight,
/// and the largest bracket of a 10,000-player round keeps two faces of 12.9 million pairs at once
/// (52 MB each in four bytes a pair, 26 MB in two).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaceWeights(Phis);

#[derive(Clone, Debug, PartialEq, Eq)]
enum Phis {
    Narrow(Vec<u16>),
    Wide(Vec<u32>),
}

impl Default for FaceWeights {
    fn default() -> FaceWeights {
        FaceWeights::none(0)
    }
}

const NOT_TIGHT: u32 = u32::MAX;
const NOT_TIGHT_NARROW: u16 = u16::MAX;

impl FaceWeights {
    /// `len` edges, none of them tight.
    pub fn none(len: usize) -> FaceWeights {
        FaceWeights(Phis::Narrow(vec![NOT_TIGHT_NARROW; len]))
    }

    /// Number of edges.
    pub fn len(&self) -> usize {
        match &self.0 {
            Phis::Narrow(v) => v.len(),
            Phis::Wide(v) => v.len(),
        }
    }

    /// True if there is no edge.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// `φ` of edge `k`, `None` if no maximum-weight matching uses it.
    #[inline]
    pub fn get(&self, k: usize) -> Option<u32> {
        match &self.0 {
            Phis::Narrow(v) => {
                let p = v[k];
                (p != NOT_TIGHT_NARROW).then_some(u32::from(p))
            }
            Phis::Wide(v) => {
                let p = v[k];
                (p != NOT_TIGHT).then_some(p)
            }
        }
    }

    /// True if edge `k` is tight.
    #[inline]
    pub fn has(&self, k: usize) -> bool {
        match &self.0 {
            Phis::Narrow(v) => v[k] != NOT_TIGHT_NARROW,
            Phis::Wide(v) => v[k] != NOT_TIGHT,
        }
    }

    /// Sets `φ` of edge `k` (`None`: no maximum-weight matching uses it).
    ///
    /// # Panics
    /// If `φ` is `u32::MAX`, which stands for `None`.
    #[inline]
    pub fn set(&mut self, k: usize, phi: Option<u32>) {
        assert!(phi != Some(NOT_TIGHT), "φ of u32::MAX");
        if let Phis::Narrow(v) = &mut self.0 {
            match phi {
                None => {
                    v[k] = NOT_TIGHT_NARROW;
                    return;
                }
                Some(p) if p < u32::from(NOT_TIGHT_NARROW) => {
                    v[k] = p as u16;
                    return;
                }
                Some(_) => self.widen(),
            }
        }
        if let Phis::Wide(v) = &mut self.0 {
            v[k] = phi.unwrap_or(NOT_TIGHT);
        }
    }

    /// Four bytes an edge from now on (a `φ` too large for two was set).
    #[cold]
    fn widen(&mut self) {
        if let Phis::Narrow(v) = &self.0 {
            let wide = v.iter().map(|&p| if p == NOT_TIGHT_NARROW { NOT_TIGHT } else { u32::from(p) }).collect();
            self.0 = Phis::Wide(wide);
        }
    }

    /// The face cut at `bounds` (increasing, the first 0, the last [`FaceWeights::len`]) into
    /// consecutive segments, each set on its own thread; a `φ` too large for two bytes is kept
    /// aside in its segment and set by [`FaceWeights::set_aside`] once they are done.
    pub(crate) fn segments(&mut self, bounds: &[usize]) -> Vec<Segment<'_>> {
        fn cut<'a, T>(mut rest: &'a mut [T], bounds: &[usize]) -> Vec<(usize, &'a mut [T])> {
            let mut out = Vec::new();
            for w in bounds.windows(2) {
                let (head, tail) = rest.split_at_mut(w[1] - w[0]);
                out.push((w[0], head));
                rest = tail;
            }
            out
        }
        match &mut self.0 {
            Phis::Narrow(v) => cut(v, bounds)
                .into_iter()
                .map(|(start, s)| Segment { start, store: SegmentStore::Narrow(s), aside: Vec::new() })
                .collect(),
            Phis::Wide(v) => cut(v, bounds)
                .into_iter()
                .map(|(start, s)| Segment { start, store: SegmentStore::Wide(s), aside: Vec::new() })
                .collect(),
        }
    }

    /// Sets the `φ` kept aside by the segments (edge, `φ`).
    pub(crate) fn set_aside(&mut self, aside: impl IntoIterator<Item = (usize, u32)>) {
        for (k, phi) in aside {
            self.set(k, Some(phi));
        }
    }

    /// Adds one to `φ` of edge `k` if it is tight.
    pub fn raise(&mut self, k: usize) {
        if let Some(phi) = self.get(k) {
            self.set(k, Some(phi + 1));
        }
    }

    /// `φ` of every edge, in order.
    pub fn iter(&self) -> impl Iterator<Item = Option<u32>> + '_ {
        (0..self.len()).map(|k| self.get(k))
    }
}

/// A consecutive part of a [`FaceWeights`] (see [`FaceWeights::segments`]).
pub(crate) struct Segment<'a> {
    start: usize,
    store: SegmentStore<'a>,
    /// `φ` too large for the narrow store: (edge, `φ`).
    pub(crate) aside: Vec<(usize, u32)>,
}

enum SegmentStore<'a> {
    Narrow(&'a mut [u16]),
    Wide(&'a mut [u32]),
}

impl Segment<'_> {
    /// Sets `φ` of edge `k` (of the whole face, within this segment).
    #[inline]
    pub(crate) fn set(&mut self, k: usize, phi: Option<u32>) {
        assert!(phi != Some(NOT_TIGHT), "φ of u32::MAX");
        let i = k - self.start;
        match &mut self.store {
            SegmentStore::Narrow(v) => match phi {
                None => v[i] = NOT_TIGHT_NARROW,
                Some(p) if p < u32::from(NOT_TIGHT_NARROW) => v[i] = p as u16,
                Some(p) => self.aside.push((k, p)),
            },
            SegmentStore::Wide(v) => v[i] = phi.unwrap_or(NOT_TIGHT),
        }
    }
}

/// As [`try_max_weight_matching`], and also the set of all maximum-weight matchings as an
/// [`OptimalFace`], read from the final duals (which the unit tests check as a certificate).
pub fn try_max_weight_matching_face<W: MatchWeight>(
    n: usize,
    edges: &[(usize, usize, W)],
) -> Result<(Vec<Option<usize>>, OptimalFace), WeightOverflow> {
    let (kept, max_weight) = usable_edges(n, edges)?;
    let solver = Solver::new(n, edges, &kept, max_weight);
    Ok(face_of(solver, n, edges.len(), &kept, true))
}

/// As [`try_max_weight_matching_face`], for any [`EdgeList`] taken by value: it is freed (or
/// its weights, if it computes them when read, never stored) as soon as the algorithm has its
/// own copy, which lowers the peak memory of large solves.
pub fn try_max_weight_matching_face_owned<W: MatchWeight, E: EdgeList<W>>(
    n: usize,
    edges: E,
) -> Result<(Vec<Option<usize>>, OptimalFace), WeightOverflow> {
    try_max_weight_matching_face_owned_sets(n, edges, true)
}

/// [`try_max_weight_matching_face_owned`], with [`OptimalFace::odd_sets`] left empty unless
/// `odd_sets` (only the integer-program route reads them: listing them took 0.7% of a research
/// batch).
pub(crate) fn try_max_weight_matching_face_owned_sets<W: MatchWeight, E: EdgeList<W>>(
    n: usize,
    edges: E,
    odd_sets: bool,
) -> Result<(Vec<Option<usize>>, OptimalFace), WeightOverflow> {
    let (kept, max_weight) = usable_edges(n, &edges)?;
    let solver = Solver::new(n, &edges, &kept, max_weight);
    let m = edges.count();
    drop(edges);
    Ok(face_of(solver, n, m, &kept, odd_sets))
}

/// Runs `solver` and reads the face off its final duals, per input edge (`m` of them, the
/// solver's edge `k` being input edge `kept[k]`).
fn face_of<W: MatchWeight>(
    mut solver: Solver<W>,
    n: usize,
    m: usize,
    kept: &[u32],
    odd_sets: bool,
) -> (Vec<Option<usize>>, OptimalFace) {
    solver.greedy_start();
    solver.run();
    let nesting = solver.nesting();
    let mut phi = FaceWeights::none(m);
    for (k, &e) in kept.iter().enumerate() {
        phi.set(e as usize, solver.face_weight(k, &nesting));
    }
    let covered = (0..n).map(|v| solver.dualvar[v].is_positive()).collect();
    let odd_sets = if odd_sets { solver.positive_blossoms() } else { Vec::new() };
    (solver.mates(), OptimalFace { phi, covered, odd_sets })
}

/// The edges the algorithm keeps (indices into `edges`: no self-loop, no vertex out of range, no
/// negative weight) and their largest weight, checked for headroom.
///
/// # Panics
/// For graphs with `2^31` or more vertices or edges.
fn usable_edges<W: MatchWeight, E: EdgeList<W> + ?Sized>(n: usize, edges: &E) -> Result<(Vec<u32>, W), WeightOverflow> {
    let m = edges.count();
    if n >= NONE as usize / 2 || m >= NONE as usize / 2 {
        panic!("max_weight_matching: graph too large ({n} vertices, {m} edges)");
    }
    let zero = W::zero();
    let mut max_weight = zero;
    let mut kept = Vec::with_capacity(m);
    for e in 0..m {
        let (a, b, w) = edges.edge(e);
        if a != b && a < n && b < n && w >= zero {
            kept.push(e as u32);
            if w > max_weight {
                max_weight = w;
            }
        }
    }
    headroom(max_weight).ok_or(WeightOverflow)?;
    Ok((kept, max_weight))
}
