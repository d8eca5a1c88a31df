//! The chunks of stages and the widths of their merged weights; each chunk solved as one
//! exact maximum-weight matching in the narrowest integer type it fits, priced when large.

use super::*;

/// Bits needed by the merged weights of `stages` (an overestimate), from their ranges.
pub(super) fn bits_needed(n: usize, stages: &[(&Terms, (i64, i64))]) -> u32 {
    let sizes: Vec<StageSize> = stages.iter().map(|&(c, b)| StageSize::of(c, b)).collect();
    bits_of(n, &sizes)
}

/// What [`bits_needed`] uses of a stage, computed once per stage (a chunk is grown one stage
/// at a time, and the face stage has a term per tight pair).
#[derive(Clone, Copy)]
pub(super) struct StageSize {
    /// log2 of the largest magnitude of the stage's value, plus one.
    pub(super) mag: f64,
    /// log2 of its largest term, plus one.
    pub(super) term: f64,
    /// log2 of the number of values of its range.
    pub(super) range: f64,
}

impl StageSize {
    pub(super) fn of(cost: &Terms, (lo, hi): (i64, i64)) -> StageSize {
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
pub(super) fn bits_within(n: usize, sizes: &[StageSize], limit: u32) -> bool {
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
pub(super) fn bits_of(n: usize, sizes: &[StageSize]) -> u32 {
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
pub(super) fn solve_chunk(
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
pub(super) struct Within<'a> {
    /// Per model pair: its `φ` in the face of the stages folded before (`None`: no optimum uses
    /// it); `None` before the first solve (every pair).
    pub(super) face: Option<&'a FaceWeights>,
    /// Settled players (they and their pairs are left out).
    pub(super) settled: &'a [Option<usize>],
    pub(super) pricing: PriceRule,
    /// The session keeps the odd sets of its solves ([`MatchingSession::with_odd_sets`]).
    pub(super) odd_sets: bool,
}

/// The exact operations the merged weights are built with: `i64` or `i128` for chunks that fit
/// them (no wide arrays at all), [`Wide`] for the others. Every one reports overflow instead of wrapping.
pub(super) trait Exact: MatchWeight {
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
pub(super) fn scaled<W: Exact>(mult: W, c: i64) -> Option<W> {
    let mag = mult.mul_small(c.unsigned_abs())?;
    Some(if c < 0 { mag.neg() } else { mag })
}

/// The merged cost `Σ_k M_k c_k(e)` of every model pair of a chunk. On a model small enough
/// (`DENSE_BYTES`) the costs are added up once, stage by stage over each stage's terms, into
/// one array (`dense`); on a larger one they are computed as the pairs are read in order: one
/// cursor per stage walks its terms (sorted by key, pairs before floats), so no per-pair array
/// of wide costs is ever held. Both add a pair's terms in stage order, with the same overflow
/// checks: the same values.
pub(super) struct PairCosts<'a, W> {
    pub(super) stages: &'a [(&'a Terms, (i64, i64))],
    pub(super) mult: &'a [W],
    /// Per model pair: its merged cost (`None` on overflow), when computed once.
    pub(super) dense: Option<Vec<Option<W>>>,
    /// The stages with a term on some pair, in order: the only ones the cursors walk (a chunk of
    /// quality stages has several on floats alone, and every pair of a dense bracket is read
    /// three or four times per solve).
    pub(super) on_pairs: Vec<usize>,
    /// The pairs a large chunk may use, in order, when they are few among the model's (a chunk
    /// solved within an earlier chunk's face, or with players settled): the passes read only
    /// these. `None`: every pair is read.
    pub(super) listed: Option<Vec<u32>>,
    /// A large chunk's costs by which stages have a term on each pair, when that says it
    /// ([`Masks`]): read instead of the cursors' walk.
    pub(super) masks: Option<Masks<W>>,
}

/// A large chunk's pair costs by which of its stages have a term on each pair: bit `c` of a
/// pair's mask is set when the `c`-th stage on pairs has one. Made when those stages are at most
/// [`MASK_STAGES`] and each has one coefficient for all its terms (a count: the colour and float
/// criteria of a bracket), so that a pair's cost is `of[mask]`, its terms added in stage order
/// with the same overflow checks as the walk. The cursors' walk read every stage's keys for every
/// pair at every pass of a priced solve (about 40% of a pass on the 9,999-player round 2's
/// largest bracket); the masks are set once, stage by stage over its sorted keys (a byte a pair
/// for up to eight stages, two up to [`MASK_STAGES`]).
pub(super) struct Masks<W> {
    pub(super) mask: MaskBits,
    pub(super) of: Vec<Option<W>>,
}

/// The most stages on pairs [`Masks`] take: a table of 4,096 costs.
pub(super) const MASK_STAGES: usize = 12;

/// The masks of [`Masks`], one per model pair, as narrow as the stages allow.
pub(super) enum MaskBits {
    /// Up to eight stages.
    Byte(Vec<u8>),
    /// Up to [`MASK_STAGES`].
    Word(Vec<u16>),
}

impl<W: Exact> Masks<W> {
    /// The masks of `np` pairs for the stages `on_pairs`, if they qualify (see [`Masks`]).
    pub(super) fn of(stages: &[(&Terms, (i64, i64))], mult: &[W], on_pairs: &[usize], np: usize) -> Option<Masks<W>> {
        if on_pairs.len() > MASK_STAGES {
            return None;
        }
        let same: Vec<i64> = on_pairs.iter().map(|&s| stages[s].0.coefs.uniform()).collect::<Option<_>>()?;
        let of = (0..1usize << on_pairs.len())
            .map(|mask| {
                let mut cost = Some(W::zero());
                for (c, (&s, &v)) in on_pairs.iter().zip(&same).enumerate() {
                    if mask >> c & 1 == 1 {
                        cost = cost.and_then(|x| x.checked_add(scaled(mult[s], v)?));
                    }
                }
                cost
            })
            .collect();
        let mask = if on_pairs.len() <= 8 {
            MaskBits::Byte(mask_bits(stages, on_pairs, np))
        } else {
            MaskBits::Word(mask_bits(stages, on_pairs, np))
        };
        Some(Masks { mask, of })
    }

    #[inline]
    fn cost(&self, e: usize) -> Option<W> {
        match &self.mask {
            MaskBits::Byte(m) => self.of[usize::from(m[e])],
            MaskBits::Word(m) => self.of[usize::from(m[e])],
        }
    }
}

/// The masks of [`Masks`] in `M` (wide enough for `on_pairs`).
fn mask_bits<M>(stages: &[(&Terms, (i64, i64))], on_pairs: &[usize], np: usize) -> Vec<M>
where
    M: Copy + From<u8> + std::ops::BitOrAssign + std::ops::Shl<usize, Output = M>,
{
    let mut mask = vec![M::from(0); np];
    for (c, &s) in on_pairs.iter().enumerate() {
        let keys = &stages[s].0.keys;
        for &key in &keys[..keys.partition_point(|&key| (key as usize) < np)] {
            mask[key as usize] |= M::from(1) << c;
        }
    }
    mask
}

/// A large chunk lists the pairs it may use when they are at most this share of the model's
/// (in eighths): the candidate order's first partner solve on a 5,075-player bracket uses 5.0
/// million of 12.9 million pairs, its last solve 13 thousand, and every pass of the pricing read
/// all 12.9 million slots.
pub(super) const LIST_SHARE_EIGHTHS: usize = 5;

/// A chunk's merged pair costs are held in one array when it takes at most this many bytes. On
/// the small brackets of a batch (tens of players, a few hundred pairs) the cursor walk over
/// every stage for every pair, done twice per solve, was a quarter of Dubov's time.
pub(super) const DENSE_BYTES: usize = 16 << 20;

impl<'a, W: Exact> PairCosts<'a, W> {
    /// The costs of a chunk's `np` pairs; those `wanted` rejects are never read (left at zero
    /// in the dense array).
    pub(super) fn new(
        stages: &'a [(&'a Terms, (i64, i64))],
        mult: &'a [W],
        np: usize,
        wanted: impl Fn(usize) -> bool,
    ) -> PairCosts<'a, W> {
        if np.saturating_mul(std::mem::size_of::<Option<W>>()) > DENSE_BYTES {
            let on_pairs: Vec<usize> =
                (0..stages.len()).filter(|&s| stages[s].0.keys.first().is_some_and(|&k| (k as usize) < np)).collect();
            let masks = Masks::of(stages, mult, &on_pairs, np);
            return PairCosts { stages, mult, dense: None, on_pairs, listed: None, masks };
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
        PairCosts { stages, mult, dense: Some(dense), on_pairs: Vec::new(), listed: None, masks: None }
    }

    /// Lists the pairs `wanted` accepts when they are few enough (see [`LIST_SHARE_EIGHTHS`]),
    /// for a large chunk whose pairs are restricted; returns their number.
    pub(super) fn list(&mut self, np: usize, wanted: impl Fn(usize) -> bool) -> usize {
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
    pub(super) fn for_each_in(&self, range: std::ops::Range<usize>, mut f: impl FnMut(usize, Option<W>)) {
        if let Some(dense) = &self.dense {
            for e in range {
                f(e, dense[e]);
            }
            return;
        }
        if let Some(masks) = &self.masks {
            match &self.listed {
                None => range.for_each(|e| f(e, masks.cost(e))),
                Some(slots) => {
                    let from = slots.partition_point(|&e| (e as usize) < range.start);
                    for e in slots[from..].iter().map(|&e| e as usize).take_while(|&e| e < range.end) {
                        f(e, masks.cost(e));
                    }
                }
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
    pub(super) fn walk<const SKIPS: bool>(
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
pub(super) fn solve_width<W: Exact>(
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
pub(super) struct ChunkEdges<'a, W, C> {
    pub(super) costs: &'a PairCosts<'a, W>,
    pub(super) pairs: &'a crate::model::Pairs,
    pub(super) local: &'a [usize],
    pub(super) face: Option<&'a FaceWeights>,
    pub(super) share: &'a [W],
    pub(super) conv: C,
}

impl<W: Exact, T, C: Fn(W) -> T + Sync> EdgeStream<T> for ChunkEdges<'_, W, C> {
    fn slots(&self) -> usize {
        self.pairs.len()
    }

    #[inline]
    fn for_each_in<F: FnMut(usize, usize, usize, T)>(&self, range: std::ops::Range<usize>, mut f: F) {
        // A large chunk's first solve (every pair, costs by mask): a loop of its own, with no
        // test per pair of how the costs are held (its passes are a quarter of a 9,999-player
        // round 2).
        if let (Some(masks), None, None) = (&self.costs.masks, &self.costs.listed, self.face) {
            match &masks.mask {
                MaskBits::Byte(m) => self.masked(range, m, &masks.of, f),
                MaskBits::Word(m) => self.masked(range, m, &masks.of, f),
            }
            return;
        }
        self.costs.for_each_in(range, |e, cost| {
            if self.face.is_none_or(|face| face.has(e)) {
                self.offer(e, cost, &mut f);
            }
        });
    }
}

impl<W: Exact, C> ChunkEdges<'_, W, C> {
    /// Gives `f` pair `e` with its players numbered afresh and its weight, unless a player of it
    /// is settled.
    #[inline(always)]
    fn offer<T, F: FnMut(usize, usize, usize, T)>(&self, e: usize, cost: Option<W>, f: &mut F)
    where
        C: Fn(W) -> T,
    {
        let (a, b) = self.pairs.at(e);
        let (la, lb) = (self.local[a], self.local[b]);
        if la == usize::MAX || lb == usize::MAX {
            return;
        }
        // Checked by `solve_width`: its pass over the same pairs, or its bound on them.
        let cost = cost.unwrap_or_else(W::zero);
        f(e, la, lb, (self.conv)(self.share[a] + self.share[b] - cost));
    }

    /// Every pair of `range` by its mask, with no face.
    #[inline(always)]
    fn masked<M: Copy + Into<usize>, T, F: FnMut(usize, usize, usize, T)>(
        &self,
        range: std::ops::Range<usize>,
        mask: &[M],
        of: &[Option<W>],
        mut f: F,
    ) where
        C: Fn(W) -> T,
    {
        for (e, &m) in range.clone().zip(&mask[range]) {
            self.offer(e, of[m.into()], &mut f);
        }
    }
}

/// How one chunk's matching is computed: on the whole graph, or priced when `pricing` says so
/// for its `count` edges.
pub(super) struct Solve<'a> {
    pub(super) nl: usize,
    pub(super) count: usize,
    pub(super) hint: &'a [usize],
    pub(super) pricing: PriceRule,
    pub(super) odd_sets: bool,
}

/// A priced chunk whose edges take at most this many bytes listed is listed once (its weights
/// computed once) rather than streamed at every pass; larger ones are streamed (the dense models
/// of the largest brackets would need hundreds of megabytes).
pub(super) const LIST_BYTES: usize = 64 << 20;

/// An [`EdgeStream`]'s edges listed: slot, ends, weight, in slot order.
pub(super) struct Listed<T> {
    pub(super) slots: usize,
    pub(super) edges: Vec<(u32, u32, u32, T)>,
}

impl<T: Copy> Listed<T> {
    pub(super) fn of<E: EdgeStream<T>>(stream: &E, count: usize) -> Listed<T> {
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
    pub(super) fn run<T: MatchWeight, E: EdgeStream<T> + Sync>(
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
