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
//! pass). Its weights are computed as they are read (`ChunkEdges`: from a byte or two a pair
//! saying which counting stages charge it, `Masks`, when the chunk's stages on pairs are at most
//! twelve counts; otherwise one cursor per stage over the sorted terms), listed once per chunk
//! when that takes at most 64 MiB. On that 10,000-player
//! round: 41.5 s and 1.91 GB with the whole graph given to the blossom algorithm at every solve
//! (a third of it the kernel clearing the pages of its freshly allocated arrays), 13-15 s and
//! 0.9 GB priced, identical output.
//!
//! # Memory
//!
//! Stage costs are kept compact: the session takes over a [`Cost`](crate::model::Cost)'s own
//! arrays (`Terms`, 12 bytes a term, 4 when every coefficient is the same), and a stage added
//! after a solve keeps only its terms on the pairs some optimum may use: settled pairs, and
//! pairs of the optimal face between players not settled (no solution a later stage compares
//! uses the others; a candidate order's partner stages lose most of theirs). The merged weights
//! are never stored per pair, the optimal face takes 2 bytes a pair ([`FaceWeights`]), pairs by
//! player are one `u32` array (for a sorted model only each player's pairs with lower players:
//! the others are his row), and the model (4 bytes a pair, two `u16`:
//! [`Pairs`](crate::model::Pairs)) is shared with the bracket that built it
//! ([`MatchingSession::shared`]). The 9,999-player Dutch 2017 round 2 peaked at 728 MiB with
//! 24-byte cost terms, 16-byte pairs and every term kept; 475 MiB with 4-byte faces and
//! transparent huge pages (`lexpair::alloc`); 406 MiB with 8-byte pairs; 356 MiB with 4-byte
//! pairs, and 366 MiB with the masks of its largest chunk (12.9 MB, kept while it is solved).
//!
//! The code: the session and its flow here; `terms` the stage costs as kept; `folds` the
//! stages decided without a solve; `width` the chunks, their widths and the weighted matchings.

mod folds;
mod terms;
#[cfg(test)]
mod tests;
mod width;

use terms::{Incidence, Terms};
use width::{bits_within, solve_chunk, StageSize, Within};

use super::bounds::{common_player, value_bounds_of};
use super::lex::{LexBackend, PairsInUse, StageReport};
use super::weighted_matching::{
    try_max_weight_matching_face_owned_sets, try_max_weight_matching_face_priced, EdgeStream, FaceWeights, MatchWeight,
    Pricing, WeightOverflow,
};
use super::wide::Wide;
use crate::model::{BracketModel, Coefs, Solution, SolveError, Stage, Var};
use crate::vocabulary::StageKey;
use std::cell::OnceCell;
use std::sync::Arc;
use std::time::Instant;

/// A pure matching model solved stage after stage by exact weighted matching.
pub struct MatchingSession {
    /// The model, shared with its builder (its own stages, if any, are ignored).
    m: Arc<BracketModel>,
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

/// A stage's cost as the session keeps it, with what it reads from it once.
struct Prepared {
    terms: Terms,
    common: Option<usize>,
    bounds: (i64, i64),
    size: StageSize,
}

impl Prepared {
    /// One stage's cost checked against the model, normalised (terms sorted and merged; the
    /// same values), bounded, compact, and kept to the pairs `usable` accepts (all before the
    /// first solve): see [`Terms::keep_pairs`].
    fn of(
        m: &BracketModel,
        degree: &[usize],
        usable: Option<&(impl Fn(usize) -> bool + Sync)>,
        s: &mut Stage,
    ) -> Result<Prepared, SolveError> {
        m.check_stage(s).map_err(SolveError::InvalidModel)?;
        let cost = std::mem::take(&mut s.cost).into_normalised();
        let common = common_player(m, &cost);
        let bounds = value_bounds_of(m, &cost, Some(degree), common);
        let mut terms = Terms::of(cost, m.pairs.len())?;
        let size = StageSize::of(&terms, bounds);
        if let Some(usable) = usable {
            terms.keep_pairs(m.pairs.len(), usable);
        }
        Ok(Prepared { terms, common, bounds, size })
    }

    /// [`Prepared::of`] of every stage, in order. Stages of at least
    /// [`crate::solver::threads::PARALLEL_WORK`] terms in all are prepared on the threads set,
    /// stage `i` on thread `i mod N` ([`crate::solver::threads::map_interleaved`]), and put back in
    /// order: the same answers on any number of threads (the quality stages of a 5,000-player
    /// bracket took 70 ms on one, most of it their bounds and checks).
    fn all(
        m: &BracketModel,
        degree: &[usize],
        usable: Option<&(impl Fn(usize) -> bool + Sync)>,
        stages: Vec<Stage>,
    ) -> Vec<(Stage, Result<Prepared, SolveError>)> {
        let prepare = |mut s: Stage| {
            let p = Prepared::of(m, degree, usable, &mut s);
            (s, p)
        };
        if stages.iter().map(|s| s.cost.len()).sum::<usize>() < crate::solver::threads::PARALLEL_WORK {
            return stages.into_iter().map(prepare).collect();
        }
        crate::solver::threads::map_interleaved(stages, prepare)
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
        MatchingSession::shared(Arc::new(m))
    }

    /// As [`MatchingSession::new`] on a model shared with its builder (no copy of its pairs);
    /// the model's own stages are ignored.
    pub fn shared(m: Arc<BracketModel>) -> Result<MatchingSession, SolveError> {
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

    /// The values of every stage for the assignment `mate`, whose variables at one have the
    /// keys `ones` (increasing; pairs, then floats): [`MatchingSession::stage_value`].
    fn values_at(&self, ones: &[u32], mate: &[Option<usize>]) -> Vec<i64> {
        self.values_from(0, ones, mate)
    }

    /// [`MatchingSession::values_at`] of the stages from `first` on.
    fn values_from(&self, first: usize, ones: &[u32], mate: &[Option<usize>]) -> Vec<i64> {
        (first..self.costs.len()).map(|k| self.stage_value(k, mate, Some(ones))).collect()
    }

    /// The value of stage `k` for the assignment `mate` (whose variables at one have the keys
    /// `ones`, when given). A stage whose terms all involve one player (a candidate order's
    /// partner stage) costs what his one variable at one costs: a search in its terms, where
    /// reading all of them against the assignment took 2% of a 9,999-player round 2 (2,462
    /// such stages in each large bracket, each read again whenever the incumbent changed).
    /// Any other stage by [`Terms::value_at`] on `ones`, or [`MatchingSession::eval`].
    fn stage_value(&self, k: usize, mate: &[Option<usize>], ones: Option<&[u32]>) -> i64 {
        let cost = &self.costs[k];
        if let (Some(p), true) = (self.common[k], self.sorted) {
            let key = match mate[p] {
                None => Some(Terms::key(Var::Float(p), self.m.pairs.len())),
                Some(q) => self.pair_of(p, q).map(|e| e as u32),
            };
            if let Some(key) = key {
                debug_assert_eq!(cost.get(key), ones.map_or_else(|| self.eval(cost, mate), |o| cost.value_at(o)));
                return cost.get(key);
            }
        }
        match ones {
            Some(ones) => cost.value_at(ones),
            None => self.eval(cost, mate),
        }
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
            let value = self.stage_value(k, &chunk.mate, None);
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

    /// [`MatchingSession::pairs_of`] with the player at each pair's other end. A sorted model's
    /// pairs with lower players come in increasing order, one in each lower player's row, so
    /// their ends are read from the rows with a cursor rather than from the pair list, where on a
    /// large bracket each was a cache miss (the partner stages of D.1 walk every pair of their
    /// player, thousands of times per bracket).
    fn pairs_with_ends(&self, p: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        let mut a = 0;
        let lower = self.incident.of_player(p).map(move |e| {
            if self.sorted {
                while self.row[a + 1] <= e {
                    a += 1;
                }
                debug_assert_eq!(self.m.pairs.at(e), (a, p));
                (e, a)
            } else {
                (e, other_end(self.m.pairs.at(e), p))
            }
        });
        let row = if self.sorted { self.row[p]..self.row[p + 1] } else { 0..0 };
        lower.chain(row.map(move |e| (e, self.m.pairs.at(e).1)))
    }
}

impl MatchingSession {
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

impl LexBackend for MatchingSession {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let start = Instant::now();
        let first = self.stages.len();
        self.full = OnceCell::new();
        let (m, degree, settled) = (&*self.m, &self.degree[..], &self.settled[..]);
        let in_use = PairsInUse::of(self.face.as_ref(), settled);
        let usable = self.face.is_some().then_some(|e: usize| {
            let (a, b) = m.pairs.at(e);
            in_use.has(e, a, b)
        });
        for (s, prepared) in Prepared::all(m, degree, usable.as_ref(), stages) {
            let p = prepared?;
            self.common.push(p.common);
            self.sizes.push(p.size);
            self.bounds.push(p.bounds);
            self.costs.push(p.terms);
            self.stages.push(s);
        }
        self.fold_at_face_bound();
        self.fold_at_zero(first);
        self.fold_at_face_bound();
        let at_bound = self.folded == self.stages.len()
            || self.mate.as_ref().is_some_and(|mate| {
                (first..self.stages.len()).all(|k| self.stage_value(k, mate, None) == self.bounds[k].0)
            });
        let how = if at_bound {
            "bound"
        } else {
            let mate = self.solve_now()?;
            self.mate = Some(mate);
            "solved"
        };
        let mate = self.mate.clone().unwrap_or_default();
        let values: Vec<i64> = (first..self.stages.len()).map(|k| self.stage_value(k, &mate, None)).collect();
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
                let added = self.values_from(*k, &self.ones_of(&sol.pairs, &sol.floaters), mate);
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
        let stage_values = self.values_at(&self.ones_of(&pairs, &floaters), &mate);
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

    /// A settled pair (later faces leave those out), or a pair on the optimal face of the
    /// stages folded so far between two players not settled: every optimum pairs a settled
    /// player with his partner (or floats him), so his other pairs are in none, although the
    /// face keeps them until the next solve. Every pair before the first solve.
    fn pairs_in_use(&self) -> PairsInUse<'_> {
        PairsInUse::of(self.face.as_ref(), &self.settled)
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
        if self.values_at(&self.ones_of(&cand.pairs, &cand.floaters), &mate) != current.stage_values {
            return Ok(false);
        }
        self.mate = Some(mate);
        Ok(true)
    }
}
