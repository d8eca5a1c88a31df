//! Lexicographic optimisation of a pure matching model by one exact maximum-weight matching.
//!
//! A model whose only constraints are "every player paired once or floating" (no side
//! constraints, no auxiliary variables) is a weighted matching problem. All its stages merge into
//! one exact integer cost per variable, `C(v) = Σ_k M_k c_k(v)` with `M_last = 1` and
//! `M_k = M_{k+1} (R_{k+1} + 1)`, `R` a stage's range: a lower stage can never outweigh one unit
//! of a higher one. Since every player is either paired or floating,
//!
//! ```text
//! cost = Σ_{floating i} C(f_i) + Σ_{pairs e} C(x_e) = Σ_i C(f_i) − Σ_{pairs (a,b)} (C(f_a) + C(f_b) − C(x_ab))
//! ```
//!
//! so the optimum is a maximum-weight matching with `w_ab = C(f_a) + C(f_b) − C(x_ab)`, plus a
//! bonus `BIG` per endpoint that may not float (larger than any cost difference), and unmatched
//! players float. Weights need hundreds to thousands of bits: they are [`Wide`] integers whose
//! width is chosen per model, and every step is exact.
//!
//! # Bounded widths: the optimal face
//!
//! Merging every stage of a bracket (a candidate order has hundreds) would need thousands of
//! bits per weight, more with every stage. Instead the stages are solved in *chunks* whose merged
//! weights stay within `FAST_BITS`, and after each chunk everything solved so far is replaced by
//! the chunk's [`OptimalFace`](super::weighted_matching::OptimalFace): the edges that are tight under the optimal duals, with weights `φ`
//! of a few bits whose maximum-weight matchings are exactly the optima of all stages solved so
//! far (complementary slackness; see [`OptimalFace`](super::weighted_matching::OptimalFace)). The next chunk is the face, as the top
//! stage, merged with the chunk's own stages only, on the tight edges only: the width never grows
//! with the number of stages, and every edge that no optimum can use leaves the graph. Weights
//! are then copied into the narrowest type they fit (`i64`, `i128`, or [`Wide`]).
//!
//! Six things avoid solves and shrink the graph, each exact by the same argument:
//! - a stage the incumbent already meets at its lower bound needs no solve;
//! - a stage whose terms all involve one player `p` (the candidate order's "rank of p's
//!   partner") that the incumbent meets at the best value the face allows `p` is folded into
//!   the face by restricting `p`'s pairs (`MatchingSession::fold_at_face_bound`);
//! - a player whose partner is the same in every optimum is *settled*: he and his partner leave
//!   every later solve (the optima of the rest are the optima of the whole, less that pair);
//! - when the incumbent misses such a stage's best value but exchanging partners with one other
//!   pair reaches it and keeps the face weight `φ`, the exchanged incumbent is still an optimum
//!   of everything folded, and the stage folds (`MatchingSession::swap_into`);
//! - a stage of non-negative pair terms that such exchanges bring to zero folds too, its charged
//!   pairs leaving the face (`MatchingSession::fold_at_zero`; D.2.a, "nobody exchanged");
//! - a stage of non-negative terms the incumbent already meets at zero folds between chunks,
//!   its charged pairs leaving the face and its charged floats asking for cover
//!   (`MatchingSession::fold_zeros`; colour and float criteria at zero).
//!
//! On a 3,000-player generated round 2 (two brackets of 1,472) the last two took the time from
//! 28.3 s to 2.4 s with identical output: D.1's partner stages almost never need a solve.
//!
//! Measured on the 1,000-player round 2 of `../shared/corpus/large` (Dutch 2017): 17.5 s and
//! 409 MB with every stage merged; this way, with identical output, the width bound trades the
//! number of solves against the cost of wide arithmetic. 120 bits is still the fastest with the
//! pricing below (100-120 bits alike; 60 bits, where every weight fits `i64`, costs more solves:
//! 0.23 s against 0.18 s; 250 bits 0.24 s).
//!
//! A run of one-player stages (the partner stages of D.1) is the exception: it is solved a stage
//! at a time. The face after one partner's solve usually folds the next partners without a
//! solve, while a run merged up to the width bound is one hard solve on many weight levels
//! (often `i128`). Merged, the partner solves of a Dutch 2026 batch (100 players, 9 rounds) took
//! 17% of its time, those needing `i128` five times as long each as the others; a stage at a
//! time the batch is 7% faster and the 9,999-player round 2 16-19%, with identical output.
//!
//! # Dense brackets: pricing
//!
//! A bracket's model has a pair for every two players who may meet, 12.9 million on the largest
//! bracket of a 10,000-player round 2. A chunk with more than [`PRICE_ABOVE`] allowed pairs is
//! solved on a sparse subgraph (each player's heaviest pairs and the incumbent's) whose optimal
//! duals are priced against every other pair until none is violated
//! ([`try_max_weight_matching_face_priced`]; exact by LP duality, the face read in the same
//! pass). Its weights are computed as they are read (`ChunkEdges`, one cursor per stage over
//! the sorted terms), listed once per chunk when that takes at most 64 MiB. On that 10,000-player
//! round: 41.5 s and 1.91 GB with the whole graph given to the blossom algorithm at every solve
//! (a third of it the kernel clearing the pages of its freshly allocated arrays), 13-15 s and
//! 0.9 GB priced, identical output.
//!
//! # Memory
//!
//! Stage costs are kept compact: the session takes over a [`Cost`]'s own arrays (`Terms`, 12
//! bytes a term, 4 when every coefficient is the same), and a stage added after a solve keeps
//! only its terms on the optimal face and on settled pairs (no solution a later stage compares
//! uses the others; a candidate order's partner stages lose most of theirs). The merged weights
//! are never stored per pair, the optimal face takes 4 bytes a pair ([`FaceWeights`]), pairs by
//! player are one `u32` array (for a sorted model only each player's pairs with lower players:
//! the others are his row), and the model (8 bytes a pair) is shared with the bracket that built
//! it ([`MatchingSession::shared`]). The 9,999-player Dutch 2017 round 2 peaked at 728 MiB with
//! 24-byte cost terms, 16-byte pairs and every term kept; it now peaks under 480 MiB.

use super::bounds::{common_player, value_bounds_of};
use super::lex::{LexBackend, StageReport};
use super::weighted_matching::{
    try_max_weight_matching_face_owned_sets, try_max_weight_matching_face_priced, EdgeStream, FaceWeights, MatchWeight,
    Pricing, WeightOverflow,
};
use super::wide::Wide;
use crate::model::{BracketModel, Coefs, Cost, Solution, SolveError, Stage, Var};
use crate::vocabulary::StageKey;
use std::cell::OnceCell;
use std::rc::Rc;
use std::time::Instant;

/// A pure matching model solved stage after stage by exact weighted matching.
pub struct MatchingSession {
    /// The model, shared with its builder (its own stages, if any, are ignored).
    m: Rc<BracketModel>,
    /// The stages solved so far: names and articles (their costs live in `costs`).
    stages: Vec<Stage>,
    /// Per stage: its cost, compact.
    costs: Vec<Terms>,
    /// Per stage: the player every term involves, if any.
    common: Vec<Option<usize>>,
    /// Per stage: what the chunk widths are computed from.
    sizes: Vec<StageSize>,
    /// The model with its stage costs, built when [`LexBackend::model`] is asked for it.
    full: OnceCell<BracketModel>,
    bounds: Vec<(i64, i64)>,
    mate: Option<Vec<Option<usize>>>,
    reports: Vec<StageReport>,
    solves: usize,
    /// The stages before `folded` are summarised by `face`: per model pair, its weight `φ` in
    /// the optimal face of the last solve, or `None` if no optimum of those stages uses it.
    face: Option<FaceWeights>,
    folded: usize,
    /// Players paired the same way in every optimum of the folded stages (`settled[v]` is the
    /// partner): they and their edges leave the later solves (see [`MatchingSession::settle`]).
    settled: Vec<Option<usize>>,
    /// Model pairs by player (built when first needed).
    incident: Incidence,
    /// Per player: covered by every optimum of the folded stages (from the last solve).
    covered: Vec<bool>,
    /// Per player: number of model pairs.
    degree: Vec<usize>,
    /// The model's pairs are in increasing order (as brackets build them): a pair is found by
    /// a search within its lower player's row.
    sorted: bool,
    /// When `sorted`: `m.pairs[row[a]..row[a + 1]]` are the pairs whose lower player is `a`.
    row: Vec<usize>,
    /// Which chunks are solved on a sparse subgraph priced against the rest.
    pricing: PriceRule,
    /// The last [`LexBackend::solution`] answered: the incumbent it was read from, the number
    /// of stages then, and the solution (verified when it was built).
    last_solution: Option<(Vec<Option<usize>>, usize, Solution)>,
    /// The odd sets of the solves since last taken, when asked for ([`MatchingSession::with_odd_sets`]).
    odd_sets: Option<Vec<Vec<usize>>>,
}

/// Which chunks are priced (see [`MatchingSession::with_pricing`]), and how.
#[derive(Clone, Copy, Debug)]
struct PriceRule {
    /// Chunks with more allowed pairs than this are priced...
    above: usize,
    /// ...or, inverted, exactly the others (`--cross-check solver`'s other path).
    inverted: bool,
    sizes: Pricing,
}

impl PriceRule {
    fn prices(&self, pairs: usize) -> bool {
        (pairs > self.above) != self.inverted
    }
}

/// Model pairs by player, in one array (`u32` pair indices): each pair under both its players,
/// or, for a model whose pairs are sorted (each player's pairs with higher players are then
/// already a row of them), under its higher player only.
#[derive(Default)]
struct Incidence {
    start: Vec<usize>,
    pairs: Vec<u32>,
}

impl Incidence {
    fn of(m: &BracketModel, higher_only: bool) -> Incidence {
        let n = m.num_players();
        let mut start = vec![0; n + 1];
        for (a, b) in m.pairs.iter() {
            start[b + 1] += 1;
            if !higher_only {
                start[a + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut pairs = vec![0u32; start[n]];
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            if !higher_only {
                pairs[fill[a]] = e as u32;
                fill[a] += 1;
            }
            pairs[fill[b]] = e as u32;
            fill[b] += 1;
        }
        Incidence { start, pairs }
    }

    /// The pairs of player `p`, in model order.
    fn of_player(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.pairs[self.start[p]..self.start[p + 1]].iter().map(|&e| e as usize)
    }
}

/// A stage cost as the session keeps it: terms sorted by variable, each variable a `u32` key
/// (pair `e` is `e`, the float of player `i` is `pairs + i`), coefficients beside (12 bytes a
/// term), or kept once when they are all the same (4 bytes a term: counts, as the [`Cost`] it
/// came from keeps them).
struct Terms {
    keys: Vec<u32>,
    coefs: Coefs,
}

impl Terms {
    /// `cost` must be normalised (sorted by variable, one term per variable); the session's
    /// models have no auxiliary variable, and `pairs + players` fits in `u32` (checked by
    /// [`MatchingSession::new`]). The cost's own arrays are kept, its variables rewritten as
    /// keys in place: no copy.
    fn of(cost: Cost, np: usize) -> Result<Terms, SolveError> {
        let (mut keys, mut coefs) = cost.into_packed();
        // Kept for the whole session (a bracket's candidate order has a stage per S1 player):
        // without the room left by building them a term at a time.
        keys.shrink_to_fit();
        coefs.shrink_to_fit();
        for key in &mut keys {
            *key = match Cost::unpacked(*key) {
                Var::Pair(e) => e as u32,
                Var::Float(i) => (np + i) as u32,
                Var::Aux(_) => return Err(SolveError::InvalidModel("auxiliary variable in a matching model".into())),
            };
        }
        Ok(Terms { keys, coefs })
    }

    /// The key of a pair or float variable (an auxiliary one has none: `u32::MAX`).
    fn key(v: Var, np: usize) -> u32 {
        match v {
            Var::Pair(e) => e as u32,
            Var::Float(i) => (np + i) as u32,
            Var::Aux(_) => u32::MAX,
        }
    }

    fn var(key: u32, np: usize) -> Var {
        let key = key as usize;
        if key < np {
            Var::Pair(key)
        } else {
            Var::Float(key - np)
        }
    }

    /// The coefficient of `key` (0 if absent).
    fn get(&self, key: u32) -> i64 {
        self.keys.binary_search(&key).map_or(0, |i| self.coef(i))
    }

    /// Drops the terms on the pairs `keep` rejects (floats stay): for a stage added after a
    /// solve, those no optimum of the stages before uses ([`MatchingSession::may_use`]), so no
    /// solution the later stages compare has them, and the lexicographic optima and every stage
    /// value stay as they were. A candidate order's stages have a term on each partner of a
    /// player, most of them outside the face by then.
    fn keep_pairs(&mut self, np: usize, keep: impl Fn(usize) -> bool) {
        let keep = |key: u32| key as usize >= np || keep(key as usize);
        if self.keys.iter().all(|&key| keep(key)) {
            return;
        }
        let keys = &self.keys;
        self.coefs.retain(|k| keep(keys[k]));
        self.coefs.shrink_to_fit();
        self.keys.retain(|&key| keep(key));
        self.keys.shrink_to_fit();
    }

    /// The value of the assignment whose variables at one have the keys `ones` (increasing):
    /// the shorter of the terms and `ones` is walked and looked up in the other (a bracket's
    /// quality stages have a term on most of its pairs, an assignment one variable per pair).
    fn value_at(&self, ones: &[u32]) -> i64 {
        if self.keys.len() <= ones.len() {
            self.iter().filter(|(key, _)| ones.binary_search(key).is_ok()).map(|(_, v)| v).sum()
        } else {
            ones.iter().map(|&key| self.get(key)).sum()
        }
    }

    /// The coefficient of the `i`-th key.
    #[inline]
    fn coef(&self, i: usize) -> i64 {
        self.coefs.at(i)
    }

    /// The coefficients of the keys `range`.
    fn coefs_in(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = i64> + '_ {
        self.coefs.of(range)
    }

    fn has_negative(&self) -> bool {
        self.coefs.any_negative(self.keys.len())
    }

    fn iter(&self) -> impl Iterator<Item = (u32, i64)> + '_ {
        self.keys.iter().copied().zip(self.coefs_in(0..self.keys.len()))
    }
}

/// `settled[v]` of a player who floats in every optimum.
const FLOATS: usize = usize::MAX;

/// The player of `pair` who is not `z`.
fn other_end((a, b): (usize, usize), z: usize) -> usize {
    if a == z {
        b
    } else {
        a
    }
}

/// Pairs each of `pairs` in `mate` (their players' former partners are left to the caller).
fn rematch(mate: &mut [Option<usize>], pairs: &[(usize, usize)]) {
    for &(a, b) in pairs {
        mate[a] = Some(b);
        mate[b] = Some(a);
    }
}

/// What one chunk's solve gives, in the model's numbering.
struct Chunk {
    mate: Vec<Option<usize>>,
    /// Per model pair: `φ` in the optimal face, `None` if no optimum uses it (or it touches a
    /// settled player).
    face: FaceWeights,
    /// Per player: covered by every optimum.
    covered: Vec<bool>,
    /// The model players of each blossom of positive dual (see [`OptimalFace`]).
    ///
    /// [`OptimalFace`]: super::weighted_matching::OptimalFace
    odd_sets: Vec<Vec<usize>>,
}

/// A chunk of stages is cut so that its merged weights need at most this many bits (by
/// [`bits_needed`]'s overestimate); see the module header for the measurements behind it.
const FAST_BITS: u32 = 120;

/// Chunks with more allowed pairs than this are priced by default (see
/// [`MatchingSession::with_pricing`]).
pub const PRICE_ABOVE: usize = 20_000;

impl MatchingSession {
    /// Accepts `m` if it is a pure matching model (its stages are ignored: pass them to
    /// `solve_stages`).
    pub fn new(mut m: BracketModel) -> Result<MatchingSession, SolveError> {
        m.stages.clear();
        MatchingSession::shared(Rc::new(m))
    }

    /// As [`MatchingSession::new`] on a model shared with its builder (no copy of its pairs);
    /// the model's own stages are ignored.
    pub fn shared(m: Rc<BracketModel>) -> Result<MatchingSession, SolveError> {
        let n = m.num_players();
        m.validate().map_err(SolveError::InvalidModel)?;
        if !m.constraints.is_empty() || !m.aux.is_empty() {
            return Err(SolveError::InvalidModel(
                "side constraints or auxiliary variables: not a pure matching model".into(),
            ));
        }
        let degree = m.pairs.degree(n);
        let np = m.pairs.len();
        let row = m.pairs.rows(n);
        let sorted = row.is_some();
        let row = row.unwrap_or_default();
        if np.checked_add(n).is_none_or(|k| k > u32::MAX as usize) {
            return Err(SolveError::InvalidModel(format!("{np} pairs: too many for a matching session")));
        }
        Ok(MatchingSession {
            m,
            stages: Vec::new(),
            costs: Vec::new(),
            common: Vec::new(),
            sizes: Vec::new(),
            full: OnceCell::new(),
            bounds: Vec::new(),
            mate: None,
            reports: Vec::new(),
            solves: 0,
            face: None,
            folded: 0,
            settled: vec![None; n],
            incident: Incidence::default(),
            covered: vec![false; n],
            sorted,
            row,
            degree,
            pricing: PriceRule { above: PRICE_ABOVE, inverted: false, sizes: Pricing::default() },
            last_solution: None,
            odd_sets: None,
        })
    }

    /// Solves a chunk whose graph has more than `pairs` allowed pairs on a sparse subgraph of it,
    /// priced against the other pairs until the optimal duals are feasible for all of them
    /// ([`try_max_weight_matching_face_priced`], with the subgraph sizes of `pricing`), instead
    /// of on the whole graph. Both are exact and give the same optima; the default prices the
    /// dense models of large brackets only (`0` prices every chunk, `usize::MAX` none).
    pub fn with_pricing(mut self, pairs: usize, pricing: Pricing) -> MatchingSession {
        self.pricing = PriceRule { above: pairs, inverted: false, sizes: pricing };
        self
    }

    /// The other path: every chunk the default would price is solved on the whole graph, and
    /// every other chunk is priced (`--cross-check solver` on large models).
    pub fn with_inverse_pricing(mut self) -> MatchingSession {
        self.pricing = PriceRule { above: PRICE_ABOVE, inverted: true, sizes: Pricing::default() };
        self
    }

    /// Keeps the odd sets of every solve (the players of each blossom of positive dual, see
    /// [`OptimalFace`](super::weighted_matching::OptimalFace)) until [`MatchingSession::take_odd_sets`]:
    /// the integer-program route states them as cuts, which prove its relaxation's bound.
    pub fn with_odd_sets(mut self) -> MatchingSession {
        self.odd_sets = Some(Vec::new());
        self
    }

    /// The odd sets kept since the last call (none unless [`MatchingSession::with_odd_sets`]).
    pub fn take_odd_sets(&mut self) -> Vec<Vec<usize>> {
        self.odd_sets.as_mut().map(std::mem::take).unwrap_or_default()
    }

    /// The model pairs of the incumbent between players not settled.
    fn incumbent_pairs(&self) -> Vec<usize> {
        let Some(mate) = &self.mate else { return Vec::new() };
        (0..mate.len())
            .filter_map(|a| {
                mate[a].filter(|&b| a < b && self.settled[a].is_none() && self.settled[b].is_none()).map(|b| (a, b))
            })
            .filter_map(|(a, b)| self.pair_of(a, b))
            .collect()
    }

    /// Number of weighted matchings computed.
    pub fn solves(&self) -> usize {
        self.solves
    }

    fn is_one(&self, mate: &[Option<usize>], v: Var) -> bool {
        match v {
            Var::Pair(e) => {
                let (a, b) = self.m.pairs.at(e);
                mate[a] == Some(b)
            }
            Var::Float(i) => mate[i].is_none(),
            Var::Aux(_) => false,
        }
    }

    /// The value of `cost` for the assignment `mate`: its terms tested one by one, or, when they
    /// outnumber the players of a sorted model, from the assignment's variables
    /// ([`Terms::value_at`]; a bracket's colour stages have a term on millions of pairs).
    fn eval(&self, cost: &Terms, mate: &[Option<usize>]) -> i64 {
        let np = self.m.pairs.len();
        if !self.sorted || cost.keys.len() <= 4 * mate.len() {
            return cost.iter().filter(|&(key, _)| self.is_one(mate, Terms::var(key, np))).map(|(_, c)| c).sum();
        }
        // Increasing: a sorted model's pairs by lower player, then the floats.
        let pairs = (0..mate.len()).filter_map(|a| mate[a].filter(|&b| a < b).and_then(|b| self.pair_of(a, b)));
        let floats = (0..mate.len()).filter(|&i| mate[i].is_none()).map(|i| np + i);
        let ones: Vec<u32> = pairs.chain(floats).map(|key| key as u32).collect();
        cost.value_at(&ones)
    }

    /// The values of every stage for the assignment whose variables at one have the keys
    /// `ones` (increasing; pairs, then floats): [`Terms::value_at`].
    fn values_at(&self, ones: &[u32]) -> Vec<i64> {
        self.values_from(0, ones)
    }

    /// [`MatchingSession::values_at`] of the stages from `first` on.
    fn values_from(&self, first: usize, ones: &[u32]) -> Vec<i64> {
        self.costs[first..].iter().map(|c| c.value_at(ones)).collect()
    }

    /// The keys of the variables at one of an assignment with these pairs and floaters (both
    /// increasing): increasing.
    fn ones_of(&self, pairs: &[usize], floaters: &[usize]) -> Vec<u32> {
        let np = self.m.pairs.len();
        pairs.iter().map(|&e| e as u32).chain(floaters.iter().map(|&i| (np + i) as u32)).collect()
    }

    /// Settles the players whose partner is the same in every optimum of the stages just
    /// folded (`first..end`), found from the stages themselves: when every term of a stage
    /// involves one player `p` (as "the rank of p's partner" does), exactly one of `p`'s
    /// variables is one in any solution, and if a single one of them, among those the optimal
    /// face still allows, has the stage's optimal value, every optimum takes it. Removing `p`
    /// and its partner then keeps the face exact for the rest: the optima on the remaining
    /// players are the optima of the whole, less that pair.
    fn settle(&mut self, first: usize, end: usize, chunk: &Chunk) {
        self.build_incident();
        for k in first..end {
            let cost = &self.costs[k];
            let Some(p) = self.common[k] else { continue };
            if self.settled[p].is_some() {
                continue;
            }
            let value = self.eval(cost, &chunk.mate);
            let np = self.m.pairs.len();
            let of = |v: Var| cost.get(Terms::key(v, np));
            let mut hits = self
                .pairs_of(p)
                .filter(|&e| chunk.face.has(e) && of(Var::Pair(e)) == value)
                .map(Var::Pair)
                .chain((self.m.may_float[p] && of(Var::Float(p)) == value).then_some(Var::Float(p)));
            let only = match (hits.next(), hits.next()) {
                (Some(Var::Pair(e)), None) => Some(e),
                _ => None,
            };
            drop(hits);
            if let Some(e) = only {
                let (a, b) = self.m.pairs.at(e);
                let q = if a == p { b } else { a };
                if self.settled[q].is_none() && chunk.mate[p] == Some(q) {
                    self.settled[p] = Some(q);
                    self.settled[q] = Some(p);
                }
            }
        }
    }

    /// Lists the pairs by player (see [`Incidence`]), once.
    fn build_incident(&mut self) {
        if self.incident.start.is_empty() {
            self.incident = Incidence::of(&self.m, self.sorted);
        }
    }

    /// The model pairs of player `p`, in model order ([`MatchingSession::build_incident`] first).
    /// A sorted model lists only each player's pairs with lower players, and takes the others
    /// from the player's row: half the list (52 MB instead of 103 MB on the largest bracket of a
    /// 10,000-player round, kept to the end of its session). Finding the lower ones by a search
    /// in every lower player's row instead made the exchange searches of that event's round 5
    /// 40% slower.
    fn pairs_of(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        debug_assert!(!self.incident.start.is_empty(), "pairs by player read before they were listed");
        let row = if self.sorted { self.row[p]..self.row[p + 1] } else { 0..0 };
        self.incident.of_player(p).chain(row)
    }

    /// Folds the next stages without a solve while the incumbent provably attains their optimum
    /// within the optimal face. A stage whose terms all involve one player `p` is decided by the
    /// one variable of `p` that is one: over the optima folded so far its value is at least the
    /// smallest cost among `p`'s variables the face allows (its tight pairs with unsettled
    /// players, and floating unless every optimum covers `p`). When the incumbent's variable has
    /// that cost, the stage's optima are the face's matchings whose variable for `p` has it: the
    /// face keeps only those of `p`'s pairs (the incumbent keeps the face's maximum attainable,
    /// so the restricted face is exact), and when floating costs more, every remaining pair of
    /// `p` gains one in `φ` so that the optima cover `p`. A single remaining pair settles `p` and
    /// its partner. Stages whose player is settled are constant and fold at once.
    fn fold_at_face_bound(&mut self) {
        if self.face.is_none() || self.mate.is_none() {
            return;
        }
        self.build_incident();
        while self.folded < self.stages.len() {
            let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return };
            let cost = &self.costs[self.folded];
            let Some(p) = self.common[self.folded] else { return };
            if self.settled[p].is_some() {
                self.folded += 1;
                continue;
            }
            let np = self.m.pairs.len();
            let c = |v: Var| cost.get(Terms::key(v, np));
            // `p`'s pairs come in model order, as the stage's terms: one walk over both (a
            // search per pair took 4% of a 9,999-player round 2).
            let mut pairs: Vec<(usize, i64)> = Vec::new();
            let mut t = 0;
            for e in self.pairs_of(p) {
                if !face.has(e) || self.settled[other_end(self.m.pairs.at(e), p)].is_some() {
                    continue;
                }
                while t < cost.keys.len() && (cost.keys[t] as usize) < e {
                    t += 1;
                }
                let ce = if t < cost.keys.len() && cost.keys[t] as usize == e { cost.coef(t) } else { 0 };
                pairs.push((e, ce));
            }
            let float = (self.m.may_float[p] && !self.covered[p]).then(|| c(Var::Float(p)));
            let Some(best) = pairs.iter().map(|o| o.1).chain(float).min() else { return };
            let taken = match mate[p] {
                Some(q) => pairs.iter().find(|&&(e, _)| {
                    let (a, b) = self.m.pairs.at(e);
                    (a == q || b == q) && (a == p || b == p)
                }),
                None => None,
            };
            let taken_cost = match (mate[p], taken) {
                (Some(_), Some(&(_, cost))) => cost,
                (None, _) => match float {
                    Some(cost) => cost,
                    None => return,
                },
                _ => return,
            };
            if taken_cost != best {
                let best_pairs: Vec<usize> = pairs.iter().filter(|o| o.1 == best).map(|o| o.0).collect();
                if self.swap_into(p, &best_pairs) {
                    continue;
                }
                return;
            }
            let keep: Vec<usize> = pairs.iter().filter(|o| o.1 == best).map(|o| o.0).collect();
            let must_cover = float.is_none_or(|f| f != best);
            let face = self.face.as_mut().expect("checked above");
            for &(e, cost) in &pairs {
                if cost != best {
                    face.set(e, None);
                } else if must_cover && float.is_some() {
                    face.raise(e);
                }
            }
            if must_cover {
                self.covered[p] = true;
            }
            if let ([e], true) = (keep.as_slice(), must_cover) {
                let (a, b) = self.m.pairs.at(*e);
                self.settled[a] = Some(b);
                self.settled[b] = Some(a);
            } else if keep.is_empty() {
                self.settled[p] = Some(FLOATS);
            }
            self.folded += 1;
        }
    }

    /// The pair variable of players `x` and `y`, if the model has it.
    fn pair_of(&self, x: usize, y: usize) -> Option<usize> {
        if self.sorted {
            // Within the lower player's row (a binary search over all the pairs took 2.4% of a
            // research batch).
            crate::model::find_in_row(&self.m.pairs, &self.row, x.min(y), x.max(y))
        } else {
            self.pairs_of(x).find(|&e| self.m.pairs.at(e) == (x.min(y), x.max(y)))
        }
    }

    /// Makes the incumbent take one of `candidates` (face pairs of `p`) by exchanging partners
    /// with another pair, `p`-`j` and `q`-`r` for `p`-`q` and `j`-`r` (or `p`-`j` with `q`
    /// floating when `j` floats), or along three pairs, if that keeps its face weight `φ`: the
    /// incumbent is a maximum-`φ` matching of the face, so the exchanged one is too, and is an
    /// optimum of every stage folded so far (see [`OptimalFace`]). A stage of `p` whose best
    /// pair the face offers but the incumbent misses is then folded without a solve. Returns
    /// whether it exchanged.
    ///
    /// [`OptimalFace`]: super::weighted_matching::OptimalFace
    fn swap_into(&mut self, p: usize, candidates: &[usize]) -> bool {
        let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return false };
        let Some(q) = mate[p] else { return false };
        let phi = |x: usize, y: usize| self.pair_of(x, y).and_then(|e| face.get(e)).map(i64::from);
        let other = |e: usize| {
            let (a, b) = self.m.pairs.at(e);
            if a == p {
                b
            } else {
                a
            }
        };
        let Some(f_pq) = phi(p, q) else { return false };
        let mut exchange: Option<Vec<(usize, usize)>> = None;
        for &e in candidates {
            let j = other(e);
            let Some(f_pj) = phi(p, j) else { continue };
            match mate[j] {
                Some(r) if r != p => {
                    if let (Some(f_jr), Some(f_qr)) = (phi(j, r), phi(q, r)) {
                        if f_pj + f_qr == f_pq + f_jr {
                            exchange = Some(vec![(p, j), (q, r)]);
                            break;
                        }
                    }
                }
                Some(_) => {}
                None => {
                    if self.m.may_float[q] && !self.covered[q] && f_pj == f_pq {
                        exchange = Some(vec![(p, j)]);
                        break;
                    }
                }
            }
        }
        // Three pairs: p-j, r-x and y-q (or r-y and x-q) for p-q, j-r and x-y. The face weights
        // of the pairs of q, of r and of the incumbent are read into arrays first: on a dense
        // 5,000-player bracket, looking each one up took 40% of the round.
        if exchange.is_none() {
            let open: Vec<(usize, usize, i64)> = (0..mate.len())
                .filter_map(|x| mate[x].filter(|&y| x < y && self.settled[x].is_none()).map(|y| (x, y)))
                .filter_map(|(x, y)| phi(x, y).map(|f| (x, y, f)))
                .collect();
            let row_of = |z: usize, row: &mut Vec<Option<i64>>| {
                row.clear();
                row.resize(mate.len(), None);
                for e in self.pairs_of(z) {
                    row[other_end(self.m.pairs.at(e), z)] = face.get(e).map(i64::from);
                }
            };
            let (mut q_row, mut r_row) = (Vec::new(), Vec::new());
            row_of(q, &mut q_row);
            'candidates: for &e in candidates {
                let j = other(e);
                let Some(r) = mate[j].filter(|&r| r != p) else { continue };
                let (Some(f_pj), Some(f_jr)) = (phi(p, j), phi(j, r)) else { continue };
                row_of(r, &mut r_row);
                for &(x, y, f_xy) in &open {
                    if [p, q, j, r].contains(&x) || [p, q, j, r].contains(&y) {
                        continue;
                    }
                    for (u, v) in [(x, y), (y, x)] {
                        if let (Some(f_ru), Some(f_vq)) = (r_row[u], q_row[v]) {
                            if f_pj + f_ru + f_vq == f_pq + f_jr + f_xy {
                                exchange = Some(vec![(p, j), (r, u), (v, q)]);
                                break 'candidates;
                            }
                        }
                    }
                }
            }
        }
        let Some(pairs) = exchange else { return false };
        let mate = self.mate.as_mut().expect("checked above");
        if pairs.len() == 1 {
            mate[q] = None; // j floated: q floats now
        }
        rematch(mate, &pairs);
        true
    }

    /// Folds the next stages into the face without a solve while the incumbent meets them at
    /// zero and they have no negative term: zero is then their optimum over the face (the
    /// incumbent is one of its maximum-`φ` matchings), and the optima with the stage are the
    /// face's maximum-`φ` matchings that take none of its charged variables. A charged pair
    /// leaves the face; a charged float asks every optimum to cover its player: each of his
    /// face pairs gains one in `φ` (as in [`MatchingSession::fold_at_face_bound`]), so that a
    /// maximum-`φ` matching covering all such players outweighs any that leaves one of them out
    /// (`φ` is integral, and the incumbent covers them all). Colour and float criteria at zero
    /// after the chunk that decided the criteria above them then need no solve of their own.
    /// Returns whether it folded any.
    fn fold_zeros(&mut self) -> bool {
        if self.face.is_none() || self.mate.is_none() {
            return false;
        }
        self.build_incident();
        let np = self.m.pairs.len();
        let start = self.folded;
        while self.folded < self.stages.len() {
            let Some(mate) = &self.mate else { break };
            let cost = &self.costs[self.folded];
            if cost.has_negative() || self.eval(cost, mate) != 0 {
                break;
            }
            let Some(mut face) = self.face.take() else { break };
            for (key, _) in cost.iter().filter(|&(_, c)| c > 0) {
                let key = key as usize;
                if key < np {
                    face.set(key, None);
                    continue;
                }
                let p = key - np;
                if self.covered[p] || self.settled[p].is_some() {
                    continue;
                }
                for e in self.pairs_of(p) {
                    face.raise(e);
                }
                self.covered[p] = true;
            }
            self.face = Some(face);
            self.folded += 1;
        }
        self.folded > start
    }

    /// Folds stage `k` into the face without a solve when it charges pairs only, never below zero,
    /// and the incumbent can be brought to zero by exchanging partners between two of its pairs
    /// at a time, keeping the face weight `φ` (so every exchange stays an optimum of the stages
    /// folded before, see `MatchingSession::swap_into`). Zero is then the stage's optimum, no
    /// optimum takes a pair it charges, and those pairs leave the face: its maximum-`φ`
    /// matchings are exactly the optima with the stage. D.2.a is such a stage: the fewest
    /// players exchanged is usually none.
    fn fold_at_zero(&mut self, k: usize) {
        let np = self.m.pairs.len();
        if self.folded != k || k >= self.stages.len() {
            return;
        }
        let cost = &self.costs[k];
        if cost.has_negative() || cost.keys.iter().any(|&key| key as usize >= np) {
            return;
        }
        let (Some(face), Some(mate)) = (&self.face, &self.mate) else { return };
        let phi = |e: usize| face.get(e).map(i64::from);
        let c = |e: usize| cost.get(e as u32);
        let mut mate = mate.clone();
        let matched = |mate: &[Option<usize>]| -> Vec<usize> {
            (0..mate.len())
                .filter_map(|a| {
                    mate[a].filter(|&b| a < b && self.settled[a].is_none()).and_then(|b| self.pair_of(a, b))
                })
                .collect()
        };
        // A face pair's pair and φ.
        let on_face = |u: usize, v: usize| self.pair_of(u, v).and_then(|g| phi(g).map(|h| (g, h)));
        loop {
            // The incumbent's pairs with their ends, φ and cost, read once a round (searching the
            // cost of each again for every exchange tried took 4% of a 9,999-player round 2).
            let pairs: Vec<(usize, usize, usize, Option<i64>, i64)> = matched(&mate)
                .into_iter()
                .map(|e| {
                    let (x, y) = self.m.pairs.at(e);
                    (e, x, y, phi(e), c(e))
                })
                .collect();
            if pairs.iter().all(|p| p.4 <= 0) {
                break;
            }
            let mut improved = false;
            'charged: for &(e1, a, b, f1, c1) in pairs.iter().filter(|p| p.4 > 0) {
                let Some(f1) = f1 else { continue };
                if mate[a] != Some(b) {
                    continue;
                }
                for &(e2, x, y, f2, c2) in &pairs {
                    if e2 == e1 || mate[x] != Some(y) {
                        continue;
                    }
                    let Some(f2) = f2 else { continue };
                    for (v, z) in [(x, y), (y, x)] {
                        let (Some((g1, h1)), Some((g2, h2))) = (on_face(a, v), on_face(b, z)) else { continue };
                        if h1 + h2 == f1 + f2 && c(g1) + c(g2) < c1 + c2 {
                            rematch(&mut mate, &[(a, v), (b, z)]);
                            improved = true;
                            continue 'charged;
                        }
                    }
                }
            }
            if !improved {
                return;
            }
        }
        if self.eval(cost, &mate) != 0 {
            return; // a settled pair is charged
        }
        let charged: Vec<usize> = cost.iter().filter(|&(_, c)| c > 0).map(|(key, _)| key as usize).collect();
        self.mate = Some(mate);
        let face = self.face.as_mut().expect("checked above");
        for e in charged {
            face.set(e, None);
        }
        self.folded += 1;
    }

    /// The face of the stages folded so far as the top stage of the next solve: minimise
    /// `−φ` over the tight pairs.
    fn face_stage(&self) -> Option<(Terms, (i64, i64))> {
        let face = self.face.as_ref()?;
        let term = |(e, phi): (usize, Option<u32>)| {
            let (a, b) = self.m.pairs.at(e);
            let open = self.settled[a].is_none() && self.settled[b].is_none();
            phi.filter(|&p| open && p > 0).map(|p| (e as u32, -i64::from(p)))
        };
        // Sized exactly: on a large bracket this is the largest cost of the session.
        let len = face.iter().enumerate().filter_map(term).count();
        let mut t = Terms { keys: Vec::with_capacity(len), coefs: Coefs::with_capacity(len) };
        for (key, c) in face.iter().enumerate().filter_map(term) {
            t.coefs.push(t.keys.len(), c);
            t.keys.push(key);
        }
        t.coefs.shrink_to_fit(); // nothing held when every φ is the same
                                 // Every term is a pair's: each player is in at most one chosen pair.
        let mut least = vec![0i64; self.m.num_players()];
        for (key, c) in t.iter() {
            let (a, b) = self.m.pairs.at(key as usize);
            least[a] = least[a].min(c);
            least[b] = least[b].min(c);
        }
        Some((t, (least.iter().sum(), 0)))
    }

    /// Solves the stages not folded yet, chunk by chunk, folding each into the face.
    fn solve_now(&mut self) -> Result<Vec<Option<usize>>, SolveError> {
        loop {
            self.fold_at_face_bound();
            while self.fold_zeros() {
                self.fold_at_face_bound();
            }
            if let (Some(mate), true) = (&self.mate, self.folded == self.stages.len()) {
                return Ok(mate.clone());
            }
            if !self.sorted {
                self.build_incident();
            }
            let hint = self.incumbent_pairs();
            let face = self.face_stage();
            let mut stages: Vec<(&Terms, (i64, i64))> = face.as_ref().map(|(c, b)| (c, *b)).into_iter().collect();
            let mut sizes: Vec<StageSize> = stages.iter().map(|&(c, b)| StageSize::of(c, b)).collect();
            let mut end = self.folded;
            while end < self.stages.len() {
                // A chunk stops before a run of one-player stages (the candidate order's partner
                // stages, or the last stage), which the face may fold without a solve. A lone
                // one-player stage among others (a quality criterion that happens to charge a
                // single player) stays in the chunk: stopping there cost a second solve in most
                // brackets of a batch.
                if end > self.folded
                    && self.common[end].is_some()
                    && self.common[end - 1].is_none()
                    && self.common.get(end + 1).is_none_or(|c| c.is_some())
                {
                    break;
                }
                // A run of one-player stages (the candidate order's partner stages) is solved a
                // stage at a time: each solve narrows the face, and the stages after it then
                // mostly fold without one (see the module header).
                if end > self.folded && self.common[end - 1].is_some() && self.common[end].is_some() {
                    break;
                }
                stages.push((&self.costs[end], self.bounds[end]));
                sizes.push(self.sizes[end]);
                if end > self.folded && !bits_within(self.m.num_players(), &sizes, FAST_BITS) {
                    stages.pop();
                    break;
                }
                end += 1;
            }
            self.solves += 1;
            let within = Within {
                face: self.face.as_ref(),
                settled: &self.settled,
                pricing: self.pricing,
                odd_sets: self.odd_sets.is_some(),
            };
            let chunk = solve_chunk(&self.m, &stages, within, &hint)?;
            drop(stages);
            let first = std::mem::replace(&mut self.folded, end);
            self.settle(first, end, &chunk);
            if let Some(kept) = &mut self.odd_sets {
                kept.extend(chunk.odd_sets);
            }
            self.covered = chunk.covered.clone();
            self.face = Some(chunk.face);
            let mate = chunk.mate;
            self.mate = Some(mate.clone());
            if end == self.stages.len() {
                return Ok(mate);
            }
        }
    }
}

/// Bits needed by the merged weights of `stages` (an overestimate), from their ranges.
fn bits_needed(n: usize, stages: &[(&Terms, (i64, i64))]) -> u32 {
    let sizes: Vec<StageSize> = stages.iter().map(|&(c, b)| StageSize::of(c, b)).collect();
    bits_of(n, &sizes)
}

/// What [`bits_needed`] uses of a stage, computed once per stage (a chunk is grown one stage
/// at a time, and the face stage has a term per tight pair).
#[derive(Clone, Copy)]
struct StageSize {
    /// log2 of the largest magnitude of the stage's value, plus one.
    mag: f64,
    /// log2 of its largest term, plus one.
    term: f64,
    /// log2 of the number of values of its range.
    range: f64,
}

impl StageSize {
    fn of(cost: &Terms, (lo, hi): (i64, i64)) -> StageSize {
        let max_term = cost.coefs_in(0..cost.keys.len()).map(|c| c.unsigned_abs()).max().unwrap_or(0) as f64;
        StageSize {
            mag: (lo.unsigned_abs().max(hi.unsigned_abs()) as f64 + 1.0).log2(),
            term: (max_term + 1.0).log2(),
            range: ((hi - lo) as f64 + 1.0).log2(),
        }
    }
}

/// `bits_of(n, sizes) <= limit`, decided first on a bound that needs no logarithm per stage:
/// every term of [`bits_of`]'s sum is at most `R + A` (`R` the sum of the stages' range bits,
/// `A` their largest `max(mag, term + log2 n)`), so its result is at most
/// `R + A + log2(k + 1) + log2 n + 16`, rounded up. With a bit to spare for rounding, a bound
/// within `limit` gives the same answer as the exact sum, which is computed otherwise. A chunk
/// grows a stage at a time, and the exact sum of every prefix took 2% of a batch's time.
fn bits_within(n: usize, sizes: &[StageSize], limit: u32) -> bool {
    let log_n = (n.max(1) as f64).log2();
    let ranges: f64 = sizes.iter().map(|z| z.range).sum();
    let largest = sizes.iter().map(|z| z.mag.max(z.term + log_n)).fold(0f64, f64::max);
    let bound = ranges + largest + ((sizes.len() + 1) as f64).log2() + log_n + 16.0;
    if bound + 1.0 <= f64::from(limit) {
        return true;
    }
    bits_of(n, sizes) <= limit
}

/// [`bits_needed`] from the stages' sizes.
fn bits_of(n: usize, sizes: &[StageSize]) -> u32 {
    let n = n.max(1) as f64;
    let mut log_m = 0f64; // log2 of the multiplier of the stage being visited (from the last)
    let mut log_total = 0f64; // log2 of Σ_k M_k max|stage k|, roughly
    for z in sizes.iter().rev() {
        let term = log_m + z.mag.max(z.term + n.log2());
        // log2(2^total + 2^term), without overflow
        let (hi_t, lo_t) = if log_total > term { (log_total, term) } else { (term, log_total) };
        log_total = hi_t + (1.0 + (lo_t - hi_t).exp2()).log2();
        log_m += z.range;
    }
    // BIG and the matching weights add a few bits; the blossom doubles and sums duals.
    (log_total + n.log2() + 16.0).ceil() as u32
}

/// One maximum-weight matching with `stages` merged, on the pairs `face` allows (all when
/// `None`): the matching and its optimal face per model pair. `hint`: model pairs of a matching
/// expected to be near optimal (the incumbent), where the graph is priced.
fn solve_chunk(
    m: &BracketModel,
    stages: &[(&Terms, (i64, i64))],
    within: Within,
    hint: &[usize],
) -> Result<Chunk, SolveError> {
    let bits = bits_needed(m.num_players(), stages);
    // The estimate picks the first width; an overflow found exactly moves to the next one.
    macro_rules! try_width {
        ($t:ty, $bits:expr) => {
            if bits < $bits {
                match solve_width::<$t>(m, stages, within, hint) {
                    Err(SolveError::InvalidModel(msg)) if msg.contains("overflow") => {}
                    other => return other,
                }
            }
        };
        ($($l:literal),*) => {
            $( try_width!(Wide<$l>, 64 * $l - 1); )*
        };
    }
    try_width!(i64, 63);
    try_width!(i128, 127);
    try_width!(4, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128);
    Err(SolveError::InvalidModel(format!("merged weights of one chunk need about {bits} bits, beyond 8192")))
}

/// Which pairs and players a chunk is solved on.
#[derive(Clone, Copy)]
struct Within<'a> {
    /// Per model pair: its `φ` in the face of the stages folded before (`None`: no optimum uses
    /// it); `None` before the first solve (every pair).
    face: Option<&'a FaceWeights>,
    /// Settled players (they and their pairs are left out).
    settled: &'a [Option<usize>],
    pricing: PriceRule,
    /// The session keeps the odd sets of its solves ([`MatchingSession::with_odd_sets`]).
    odd_sets: bool,
}

/// The exact operations the merged weights are built with: `i64` or `i128` for chunks that fit
/// them (no wide arrays at all), [`Wide`] for the others. Every one reports overflow instead of wrapping.
trait Exact: MatchWeight {
    const ONE: Self;
    const BITS: u32;
    fn mul_small(self, k: u64) -> Option<Self>;
    fn abs(self) -> Option<Self>;
    fn neg(self) -> Self;
    fn bits(&self) -> u32;
    fn as_i128(&self) -> Option<i128>;
}

/// The native widths: the same operations, checked.
macro_rules! exact_native {
    ($($t:ty),*) => {$(
        impl Exact for $t {
            const ONE: Self = 1;
            const BITS: u32 = <$t>::BITS;
            fn mul_small(self, k: u64) -> Option<Self> {
                self.checked_mul(<$t>::try_from(k).ok()?)
            }
            fn abs(self) -> Option<Self> {
                self.checked_abs()
            }
            fn neg(self) -> Self {
                -self
            }
            fn bits(&self) -> u32 {
                <$t>::BITS - self.unsigned_abs().leading_zeros()
            }
            fn as_i128(&self) -> Option<i128> {
                Some(i128::from(*self))
            }
        }
    )*};
}

exact_native!(i64, i128);

impl<const L: usize> Exact for Wide<L> {
    const ONE: Self = Wide::<L>::ONE;
    const BITS: u32 = 64 * L as u32;
    fn mul_small(self, k: u64) -> Option<Self> {
        self.checked_mul_small(k)
    }
    fn abs(self) -> Option<Self> {
        self.checked_abs()
    }
    fn neg(self) -> Self {
        -self
    }
    fn bits(&self) -> u32 {
        self.bit_len()
    }
    fn as_i128(&self) -> Option<i128> {
        self.to_i128()
    }
}

/// `mult · c` for a stage coefficient `c`, or `None` on overflow.
fn scaled<W: Exact>(mult: W, c: i64) -> Option<W> {
    let mag = mult.mul_small(c.unsigned_abs())?;
    Some(if c < 0 { mag.neg() } else { mag })
}

/// The merged cost `Σ_k M_k c_k(e)` of every model pair of a chunk. On a model small enough
/// (`DENSE_BYTES`) the costs are added up once, stage by stage over each stage's terms, into
/// one array (`dense`); on a larger one they are computed as the pairs are read in order: one
/// cursor per stage walks its terms (sorted by key, pairs before floats), so no per-pair array
/// of wide costs is ever held. Both add a pair's terms in stage order, with the same overflow
/// checks: the same values.
struct PairCosts<'a, W> {
    stages: &'a [(&'a Terms, (i64, i64))],
    mult: &'a [W],
    /// Per model pair: its merged cost (`None` on overflow), when computed once.
    dense: Option<Vec<Option<W>>>,
    /// The stages with a term on some pair, in order: the only ones the cursors walk (a chunk of
    /// quality stages has several on floats alone, and every pair of a dense bracket is read
    /// three or four times per solve).
    on_pairs: Vec<usize>,
    /// The pairs a large chunk may use, in order, when they are few among the model's (a chunk
    /// solved within an earlier chunk's face, or with players settled): the passes read only
    /// these. `None`: every pair is read.
    listed: Option<Vec<u32>>,
}

/// A large chunk lists the pairs it may use when they are at most this share of the model's
/// (in eighths): the candidate order's first partner solve on a 5,075-player bracket uses 5.0
/// million of 12.9 million pairs, its last solve 13 thousand, and every pass of the pricing read
/// all 12.9 million slots.
const LIST_SHARE_EIGHTHS: usize = 5;

/// A chunk's merged pair costs are held in one array when it takes at most this many bytes. On
/// the small brackets of a batch (tens of players, a few hundred pairs) the cursor walk over
/// every stage for every pair, done twice per solve, was a quarter of Dubov's time.
const DENSE_BYTES: usize = 16 << 20;

impl<'a, W: Exact> PairCosts<'a, W> {
    /// The costs of a chunk's `np` pairs; those `wanted` rejects are never read (left at zero
    /// in the dense array).
    fn new(
        stages: &'a [(&'a Terms, (i64, i64))],
        mult: &'a [W],
        np: usize,
        wanted: impl Fn(usize) -> bool,
    ) -> PairCosts<'a, W> {
        if np.saturating_mul(std::mem::size_of::<Option<W>>()) > DENSE_BYTES {
            let on_pairs =
                (0..stages.len()).filter(|&s| stages[s].0.keys.first().is_some_and(|&k| (k as usize) < np)).collect();
            return PairCosts { stages, mult, dense: None, on_pairs, listed: None };
        }
        let mut dense: Vec<Option<W>> = vec![Some(W::zero()); np];
        for ((t, _), &m) in stages.iter().zip(mult) {
            let end = t.keys.partition_point(|&key| (key as usize) < np);
            for (&key, c) in t.keys[..end].iter().zip(t.coefs_in(0..end)) {
                let e = key as usize;
                if wanted(e) {
                    dense[e] = dense[e].and_then(|x| x.checked_add(scaled(m, c)?));
                }
            }
        }
        PairCosts { stages, mult, dense: Some(dense), on_pairs: Vec::new(), listed: None }
    }

    /// Lists the pairs `wanted` accepts when they are few enough (see [`LIST_SHARE_EIGHTHS`]),
    /// for a large chunk whose pairs are restricted; returns their number.
    fn list(&mut self, np: usize, wanted: impl Fn(usize) -> bool) -> usize {
        let slots: Vec<u32> = (0..np).filter(|&e| wanted(e)).map(|e| e as u32).collect();
        let count = slots.len();
        if self.dense.is_none() && count.saturating_mul(8) <= np.saturating_mul(LIST_SHARE_EIGHTHS) {
            self.listed = Some(slots);
        }
        count
    }

    /// Calls `f(e, cost)` for every pair `e` in `range`, in order; `cost` is `None` when it
    /// overflows `W`.
    #[inline]
    fn for_each_in(&self, range: std::ops::Range<usize>, mut f: impl FnMut(usize, Option<W>)) {
        if let Some(dense) = &self.dense {
            for e in range {
                f(e, dense[e]);
            }
            return;
        }
        let mut cursor: Vec<usize> = self
            .on_pairs
            .iter()
            .map(|&s| self.stages[s].0.keys.partition_point(|&key| (key as usize) < range.start))
            .collect();
        match &self.listed {
            None => self.walk::<false>(range, &mut cursor, f),
            Some(slots) => {
                let from = slots.partition_point(|&e| (e as usize) < range.start);
                let listed = slots[from..].iter().map(|&e| e as usize).take_while(|&e| e < range.end);
                self.walk::<true>(listed, &mut cursor, f);
            }
        }
    }

    /// The cursors' walk over the pairs `pairs` (increasing). `SKIPS`: they skip slots, whose
    /// terms the cursors pass over; a walk over every slot meets each term in turn and is
    /// compiled without that test (it runs once per stage and pair of every pricing pass).
    #[inline(always)]
    fn walk<const SKIPS: bool>(
        &self,
        pairs: impl Iterator<Item = usize>,
        cursor: &mut [usize],
        mut f: impl FnMut(usize, Option<W>),
    ) {
        for e in pairs {
            let mut cost = Some(W::zero());
            for (c, &s) in self.on_pairs.iter().enumerate() {
                let t = self.stages[s].0;
                let mut i = cursor[c];
                while SKIPS && i < t.keys.len() && (t.keys[i] as usize) < e {
                    i += 1;
                }
                if i < t.keys.len() && t.keys[i] as usize == e {
                    cost = cost.and_then(|x| x.checked_add(scaled(self.mult[s], t.coef(i))?));
                    i += 1;
                }
                cursor[c] = i;
            }
            f(e, cost);
        }
    }
}

#[allow(clippy::type_complexity)]
fn solve_width<W: Exact>(
    m: &BracketModel,
    stages: &[(&Terms, (i64, i64))],
    within: Within,
    hint: &[usize],
) -> Result<Chunk, SolveError> {
    let overflow = || SolveError::InvalidModel(format!("merged weights overflow {} bits", W::BITS));
    let n = m.num_players();
    let np = m.pairs.len();
    let settled = within.settled;
    // The players still to pair, numbered afresh for the matching.
    let mut local = vec![usize::MAX; n];
    let mut global = Vec::with_capacity(n);
    for v in (0..n).filter(|&v| settled[v].is_none()) {
        local[v] = global.len();
        global.push(v);
    }
    let allowed = |e: usize| {
        let (a, b) = m.pairs.at(e);
        local[a] != usize::MAX && local[b] != usize::MAX && within.face.is_none_or(|f| f.has(e))
    };
    // Multipliers M_k, from the last stage up.
    let mut mult = vec![W::ONE; stages.len()];
    for k in (0..stages.len().saturating_sub(1)).rev() {
        let (lo, hi) = stages[k + 1].1;
        mult[k] = mult[k + 1].mul_small((hi - lo + 1) as u64).ok_or_else(overflow)?;
    }
    // Float costs: the terms of keys `np + i`, at the end of each stage's sorted terms.
    let mut float_cost = vec![W::zero(); n];
    for (k, (cost, _)) in stages.iter().enumerate() {
        let from = cost.keys.partition_point(|&key| (key as usize) < np);
        for (&key, c) in cost.keys[from..].iter().zip(cost.coefs_in(from..cost.keys.len())) {
            let slot = &mut float_cost[key as usize - np];
            *slot = scaled(mult[k], c).and_then(|t| slot.checked_add(t)).ok_or_else(overflow)?;
        }
    }
    let mut costs = PairCosts::new(stages, &mult, np, allowed);
    let mut per_player = vec![W::zero(); n];
    let mut max_cost = W::zero();
    let mut count = 0usize;
    let mut fits = true;
    if costs.dense.is_none() {
        // A large chunk: no pass over the pairs for BIG, only a bound on every pair's cost from
        // each stage's largest pair term (a pair has one term a stage). BIG only has to exceed
        // the costs; a looser one at most moves the chunk to the next width, and the pass it
        // saves read every pair's terms of every stage (6% of a 9,999-player round 2).
        let mut bound = W::zero();
        for (k, (t, _)) in stages.iter().enumerate() {
            let end = t.keys.partition_point(|&key| (key as usize) < np);
            let top = t.coefs_in(0..end).map(i64::unsigned_abs).max().unwrap_or(0);
            let top = i64::try_from(top).map_err(|_| overflow())?;
            bound = scaled(mult[k], top).and_then(|x| bound.checked_add(x)).ok_or_else(overflow)?;
        }
        per_player.iter_mut().for_each(|p| *p = bound);
        max_cost = bound;
        count = if within.face.is_none() && global.len() == n { np } else { costs.list(np, allowed) };
    } else {
        // One pass over the pairs: every allowed pair's merged cost is checked here (the stream
        // below computes the same values again), and each player's largest magnitude gives BIG.
        costs.for_each_in(0..np, |e, cost| {
            if !allowed(e) {
                return;
            }
            count += 1;
            let Some(c) = cost.and_then(|c| c.abs()) else {
                fits = false;
                return;
            };
            let (a, b) = m.pairs.at(e);
            per_player[a] = per_player[a].max(c);
            per_player[b] = per_player[b].max(c);
            max_cost = max_cost.max(c);
        });
    }
    if !fits {
        return Err(overflow());
    }
    // BIG exceeds twice the largest cost any (partial) assignment can have.
    let mut big = W::ONE;
    for &i in &global {
        let c = per_player[i].max(float_cost[i].abs().ok_or_else(overflow)?);
        big = big.checked_add(c.mul_small(4).ok_or_else(overflow)?).ok_or_else(overflow)?;
    }
    drop(per_player);
    // A player's weight share: its float cost, or BIG if it may not float.
    let share: Vec<W> = (0..n).map(|i| if m.may_float[i] { float_cost[i] } else { big }).collect();
    drop(float_cost);
    // Every weight `share[a] + share[b] − cost` is at most this in magnitude.
    let mut max_share = W::zero();
    for &i in &global {
        max_share = max_share.max(share[i].abs().ok_or_else(overflow)?);
    }
    let bound = max_share.checked_add(max_share).and_then(|s| s.checked_add(max_cost)).ok_or_else(overflow)?;
    let max_bits = bound.bits();
    // The weights are computed as the matching reads them, in the narrowest native type they
    // fit in (the algorithm needs 4 W): no list of weights.
    let nl = global.len();
    macro_rules! edges {
        ($conv:expr) => {
            ChunkEdges { costs: &costs, pairs: &m.pairs, local: &local, face: within.face, share: &share, conv: $conv }
        };
    }
    let solve = Solve { nl, count, hint, pricing: within.pricing, odd_sets: within.odd_sets };
    let (mate_l, phi, covered_l, odd_l) = if max_bits < 60 {
        solve.run(&edges!(|w: W| w.as_i128().unwrap_or(0) as i64))?
    } else if max_bits < 124 && W::BITS > 128 {
        solve.run(&edges!(|w: W| w.as_i128().unwrap_or(0)))?
    } else {
        solve.run(&edges!(|w: W| w))?
    };
    let mut mate: Vec<Option<usize>> = settled.iter().map(|s| s.filter(|&q| q != FLOATS)).collect();
    let mut covered: Vec<bool> = mate.iter().map(|s| s.is_some()).collect();
    for (i, &v) in global.iter().enumerate() {
        mate[v] = mate_l[i].map(|j| global[j]);
        covered[v] = covered_l[i];
        if mate[v].is_none() && !m.may_float[v] {
            return Err(SolveError::Infeasible);
        }
    }
    let odd_sets = odd_l.into_iter().map(|set| set.into_iter().map(|i| global[i]).collect()).collect();
    Ok(Chunk { mate, face: phi, covered, odd_sets })
}

/// The allowed pairs of a chunk as an [`EdgeStream`] over the model's pairs (slot = pair), their
/// merged weights `share[a] + share[b] − cost(e)` computed as they are read (each was checked
/// not to overflow before) and converted by `conv`; players numbered by `local`.
struct ChunkEdges<'a, W, T> {
    costs: &'a PairCosts<'a, W>,
    pairs: &'a crate::model::Pairs,
    local: &'a [usize],
    face: Option<&'a FaceWeights>,
    share: &'a [W],
    conv: fn(W) -> T,
}

impl<W: Exact, T> EdgeStream<T> for ChunkEdges<'_, W, T> {
    fn slots(&self) -> usize {
        self.pairs.len()
    }

    #[inline]
    fn for_each_in<F: FnMut(usize, usize, usize, T)>(&self, range: std::ops::Range<usize>, mut f: F) {
        self.costs.for_each_in(range, |e, cost| {
            let (a, b) = self.pairs.at(e);
            let (la, lb) = (self.local[a], self.local[b]);
            if la == usize::MAX || lb == usize::MAX || self.face.is_some_and(|face| !face.has(e)) {
                return;
            }
            // Checked by `solve_width`: its pass over the same pairs, or its bound on them.
            let cost = cost.unwrap_or_else(W::zero);
            f(e, la, lb, (self.conv)(self.share[a] + self.share[b] - cost));
        });
    }
}

/// How one chunk's matching is computed: on the whole graph, or priced when `pricing` says so
/// for its `count` edges.
struct Solve<'a> {
    nl: usize,
    count: usize,
    hint: &'a [usize],
    pricing: PriceRule,
    odd_sets: bool,
}

/// A priced chunk whose edges take at most this many bytes listed is listed once (its weights
/// computed once) rather than streamed at every pass; larger ones are streamed (the dense models
/// of the largest brackets would need hundreds of megabytes).
const LIST_BYTES: usize = 64 << 20;

/// An [`EdgeStream`]'s edges listed: slot, ends, weight, in slot order.
struct Listed<T> {
    slots: usize,
    edges: Vec<(u32, u32, u32, T)>,
}

impl<T: Copy> Listed<T> {
    fn of<E: EdgeStream<T>>(stream: &E, count: usize) -> Listed<T> {
        let slots = stream.slots();
        let mut edges = Vec::with_capacity(count);
        stream.for_each_in(0..slots, |k, a, b, w| edges.push((k as u32, a as u32, b as u32, w)));
        Listed { slots, edges }
    }
}

impl<T: Copy> EdgeStream<T> for Listed<T> {
    fn slots(&self) -> usize {
        self.slots
    }

    fn for_each_in<F: FnMut(usize, usize, usize, T)>(&self, range: std::ops::Range<usize>, mut f: F) {
        let from = self.edges.partition_point(|e| (e.0 as usize) < range.start);
        for &(k, a, b, w) in self.edges[from..].iter().take_while(|e| (e.0 as usize) < range.end) {
            f(k as usize, a as usize, b as usize, w);
        }
    }
}

impl Solve<'_> {
    /// The matching (local players), the face per model pair, the covered local players and
    /// the odd sets (local players).
    #[allow(clippy::type_complexity)]
    fn run<T: MatchWeight, E: EdgeStream<T>>(
        &self,
        edges: &E,
    ) -> Result<(Vec<Option<usize>>, FaceWeights, Vec<bool>, Vec<Vec<usize>>), SolveError> {
        let overflow = |e: WeightOverflow| SolveError::InvalidModel(format!("merged weights overflow: {e}"));
        if self.pricing.prices(self.count) {
            // Pricing reads the graph several times: a list small enough is computed once.
            let (mate, face, _) = if self.count.saturating_mul(std::mem::size_of::<(u32, u32, u32, T)>()) <= LIST_BYTES
            {
                let listed = Listed::of(edges, self.count);
                try_max_weight_matching_face_priced(self.nl, &listed, self.hint, self.pricing.sizes)
            } else {
                try_max_weight_matching_face_priced(self.nl, edges, self.hint, self.pricing.sizes)
            }
            .map_err(overflow)?;
            return Ok((mate, face.phi, face.covered, face.odd_sets));
        }
        let np = edges.slots();
        let mut list: Vec<(u32, u32, T)> = Vec::with_capacity(self.count);
        let mut slot: Vec<u32> = Vec::with_capacity(self.count);
        edges.for_each_in(0..np, |e, a, b, w| {
            list.push((a as u32, b as u32, w));
            slot.push(e as u32);
        });
        let (mate, face) = try_max_weight_matching_face_owned_sets(self.nl, list, self.odd_sets).map_err(overflow)?;
        let mut phi = FaceWeights::none(np);
        for (k, &e) in slot.iter().enumerate() {
            phi.set(e as usize, face.phi.get(k));
        }
        Ok((mate, phi, face.covered, face.odd_sets))
    }
}

impl LexBackend for MatchingSession {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let start = Instant::now();
        let first = self.stages.len();
        self.full = OnceCell::new();
        for mut s in stages {
            self.m.check_stage(&s).map_err(SolveError::InvalidModel)?;
            // One compact copy of each cost, normalised (terms sorted and merged; same values).
            let cost = std::mem::take(&mut s.cost).into_normalised();
            let common = common_player(&self.m, &cost);
            let bounds = value_bounds_of(&self.m, &cost, Some(&self.degree), common);
            self.common.push(common);
            let mut terms = Terms::of(cost, self.m.pairs.len())?;
            self.sizes.push(StageSize::of(&terms, bounds));
            if self.face.is_some() {
                terms.keep_pairs(self.m.pairs.len(), |e| self.may_use(e));
            }
            self.bounds.push(bounds);
            self.costs.push(terms);
            self.stages.push(s);
        }
        self.fold_at_face_bound();
        self.fold_at_zero(first);
        self.fold_at_face_bound();
        let at_bound = self.folded == self.stages.len()
            || self.mate.as_ref().is_some_and(|mate| {
                (first..self.stages.len()).all(|k| self.eval(&self.costs[k], mate) == self.bounds[k].0)
            });
        let how = if at_bound {
            "bound"
        } else {
            let mate = self.solve_now()?;
            self.mate = Some(mate);
            "solved"
        };
        let mate = self.mate.clone().unwrap_or_default();
        let values: Vec<i64> = (first..self.stages.len()).map(|k| self.eval(&self.costs[k], &mate)).collect();
        let seconds = start.elapsed().as_secs_f64();
        for (k, &v) in (first..).zip(&values) {
            self.reports.push(StageReport { key: self.stages[k].key, value: v, how, seconds });
        }
        Ok(values)
    }

    fn solution(&mut self) -> Result<Solution, SolveError> {
        // The candidate order asks for the incumbent several times between solves, often with
        // only new stages since (met at their bounds without a solve): the same assignment, so
        // only their values are new.
        if let (Some(mate), Some((m, k, sol))) = (&self.mate, &self.last_solution) {
            if m == mate {
                if *k == self.stages.len() {
                    return Ok(sol.clone());
                }
                let mut sol = sol.clone();
                let added = self.values_from(*k, &self.ones_of(&sol.pairs, &sol.floaters));
                sol.stage_values.extend(added);
                self.last_solution = Some((mate.clone(), self.stages.len(), sol.clone()));
                return Ok(sol);
            }
        }
        let mate = match &self.mate {
            Some(m) => m.clone(),
            None => {
                let m = self.solve_now()?;
                self.mate = Some(m.clone());
                m
            }
        };
        // Read from the incumbent (a binary search per pair when the pairs are sorted), not by
        // a pass over all the model's pairs.
        let pairs = if self.sorted {
            let mut pairs: Vec<usize> =
                (0..mate.len()).filter_map(|a| mate[a].filter(|&b| a < b).and_then(|b| self.pair_of(a, b))).collect();
            pairs.sort_unstable();
            pairs
        } else {
            (0..self.m.pairs.len()).filter(|&e| self.is_one(&mate, Var::Pair(e))).collect()
        };
        let floaters: Vec<usize> = (0..self.m.num_players()).filter(|&i| mate[i].is_none()).collect();
        let stage_values = self.values_at(&self.ones_of(&pairs, &floaters));
        let sol = Solution { pairs, floaters, aux: Vec::new(), stage_values };
        sol.verify_feasible(&self.m)
            .map_err(|e| SolveError::Backend(format!("matching answer fails verification: {e}")))?;
        self.last_solution = Some((mate, self.stages.len(), sol.clone()));
        Ok(sol)
    }

    fn model(&self) -> &BracketModel {
        self.full.get_or_init(|| {
            let mut m = (*self.m).clone();
            m.stages = self.stages.clone();
            let np = m.pairs.len();
            for (s, t) in m.stages.iter_mut().zip(&self.costs) {
                s.cost = t.iter().map(|(key, c)| (Terms::var(key, np), c)).collect();
            }
            m
        })
    }

    fn stage_keys(&self) -> Vec<StageKey> {
        self.stages.iter().map(|s| s.key).collect()
    }

    fn reports(&self) -> &[StageReport] {
        &self.reports
    }

    /// On the optimal face of the stages folded so far, or a settled pair (later faces leave
    /// those out); every pair before the first solve.
    fn may_use(&self, e: usize) -> bool {
        let Some(face) = &self.face else { return true };
        face.has(e) || {
            let (a, b) = self.m.pairs.at(e);
            self.settled[a] == Some(b)
        }
    }

    fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        let current = self.solution()?;
        let Some(cand) = super::lex::assignment_of(&self.m, ones) else { return Ok(false) };
        let mut mate = vec![None; self.m.num_players()];
        for &e in &cand.pairs {
            let (a, b) = self.m.pairs.at(e);
            mate[a] = Some(b);
            mate[b] = Some(a);
        }
        if self.values_at(&self.ones_of(&cand.pairs, &cand.floaters)) != current.stage_values {
            return Ok(false);
        }
        self.mate = Some(mate);
        Ok(true)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(of: &[(u32, i64)]) -> Terms {
        let mut t = Terms { keys: Vec::new(), coefs: Coefs::with_capacity(of.len()) };
        for &(key, c) in of {
            t.coefs.push(t.keys.len(), c);
            t.keys.push(key);
        }
        t
    }

    /// A large chunk's costs read stage cursor by stage cursor, over every pair or over a list of
    /// them, are those the dense array adds up (keys 10 and up are floats of a 10-pair model).
    #[test]
    fn listed_pairs_read_the_costs_every_pair_reads() {
        let np = 10;
        let (a, b) = (terms(&[(1, 2), (3, -1), (4, 5), (8, 1), (11, 7)]), terms(&[(0, 1), (3, 1), (8, 2), (9, 3)]));
        let stages = [(&a, (0, 10)), (&b, (0, 10))];
        let mult = [11i64, 1];
        let read = |costs: &PairCosts<i64>, range: std::ops::Range<usize>| {
            let mut out = Vec::new();
            costs.for_each_in(range, |e, c| out.push((e, c)));
            out
        };
        let dense = PairCosts::new(&stages, &mult, np, |_| true);
        assert!(dense.dense.is_some());
        let streamed = PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs: vec![0, 1], listed: None };
        let all = read(&dense, 0..np);
        assert_eq!(all[3], (3, Some(-11 + 1)));
        assert_eq!(read(&streamed, 0..np), all);
        let wanted = |e: usize| [0, 3, 5, 8, 9].contains(&e);
        let mut listed = PairCosts { listed: None, ..streamed };
        assert_eq!(listed.list(np, wanted), 5);
        assert!(listed.listed.is_some(), "5 of 10 pairs are listed");
        for range in [0..np, 2..9, 4..5] {
            let expected: Vec<_> = read(&dense, range.clone()).into_iter().filter(|&(e, _)| wanted(e)).collect();
            assert_eq!(read(&listed, range), expected);
        }
        // Most pairs wanted: every pair is read.
        let mut most = PairCosts { listed: None, ..listed };
        assert_eq!(most.list(np, |e| e != 4), 9);
        assert!(most.listed.is_none());
    }
}
