//! A pairing bracket as a 0/1 integer program with named, prioritised criteria.
//!
//! ```text
//! variables    x[e] = 1  if the allowed pair e is played        (one per allowed pair)
//!              f[i] = 1  if player i is left unpaired (floater)  (only where `may_float[i]`)
//! constraints  sum_{e ∋ i} x[e] + f[i] = 1   for every player i
//!              side constraints (completion, look-ahead, ...)
//! stages       for each criterion k in priority order: minimise cost_k · (x, f)
//!              subject to cost_m · (x, f) <= opt_m for every earlier stage m
//! ```
//! Absolute criteria are expressed by leaving forbidden pairs out of `pairs`. The last stages
//! supplied by a system encode its candidate order, so that the optimum is unique.

pub mod criterion;
pub mod formulation;
mod lp_format;

pub use lp_format::{write_legend, write_lp, write_mps};

pub use crate::vocabulary::SolveError;
use crate::vocabulary::StageKey;
use serde::Serialize;

/// A decision variable of the model.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum Var {
    /// `x[e]`: the allowed pair `pairs[e]` is played.
    Pair(usize),
    /// `f[i]`: player `i` is left unpaired.
    Float(usize),
    /// `a[k]`: auxiliary 0/1 variable `aux[k]` (e.g. "player is in S1"), tied to the others by
    /// side constraints.
    Aux(usize),
}

/// An integer cost on pairs and floaters; what a stage minimises.
///
/// Kept compact: a large bracket's stage has a term on millions of pairs (a colour criterion on
/// the 12.9 million pairs of a 5,000-player bracket has 6.4 million), so each term is a packed
/// variable (`u32`: its kind in the top two bits, its index below) and an `i64` beside it, 12
/// bytes instead of the 24 of a `(Var, i64)`; and while every coefficient is the same (a count:
/// colour, float and exchange criteria) it is kept once, 4 bytes a term. Read it with
/// [`Cost::terms`].
#[derive(Clone, Debug, Default)]
pub struct Cost {
    /// Packed variables ([`pack`]), in any order until normalised; a variable may appear once.
    vars: Vec<u32>,
    /// The coefficient of each variable of `vars`, never zero.
    coefs: Coefs,
}

/// The coefficients of a list of terms: one per term, or, while they are all the same, that one
/// kept once. A [`Cost`] keeps its own so, and the matching session's stage terms take them
/// over as they are ([`Cost::into_packed`]).
#[derive(Clone, Debug, Default)]
pub(crate) struct Coefs {
    /// One per term; empty while every term has `same`.
    each: Vec<i64>,
    same: i64,
}

impl Coefs {
    /// Room for `n` coefficients, should they come to differ.
    pub(crate) fn with_capacity(n: usize) -> Coefs {
        Coefs { each: Vec::with_capacity(n), same: 0 }
    }

    /// Appends the coefficient of a term after `len` others.
    pub(crate) fn push(&mut self, len: usize, c: i64) {
        if len == 0 {
            self.same = c;
        } else if self.each.is_empty() && c != self.same {
            self.each.resize(len, self.same);
        }
        if !self.each.is_empty() {
            self.each.push(c);
        }
    }

    /// The coefficient of the `k`-th term.
    #[inline]
    pub(crate) fn at(&self, k: usize) -> i64 {
        if self.each.is_empty() {
            self.same
        } else {
            self.each[k]
        }
    }

    /// The coefficients of the terms `range`.
    pub(crate) fn of(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = i64> + '_ {
        range.map(|k| self.at(k))
    }

    /// The one coefficient of every term, when they share one.
    pub(crate) fn uniform(&self) -> Option<i64> {
        self.each.is_empty().then_some(self.same)
    }

    /// Whether one of `len` terms has a negative coefficient.
    pub(crate) fn any_negative(&self, len: usize) -> bool {
        if self.each.is_empty() {
            len > 0 && self.same < 0
        } else {
            self.each.iter().any(|&c| c < 0)
        }
    }

    /// Keeps the coefficients of the terms (by index) `keep` accepts.
    pub(crate) fn retain(&mut self, mut keep: impl FnMut(usize) -> bool) {
        let mut k = 0;
        self.each.retain(|_| {
            k += 1;
            keep(k - 1)
        });
    }

    pub(crate) fn shrink_to_fit(&mut self) {
        self.each.shrink_to_fit();
    }
}

impl PartialEq for Cost {
    /// The same terms in the same order, however they are kept.
    fn eq(&self, other: &Cost) -> bool {
        self.terms().eq(other.terms())
    }
}

impl Eq for Cost {}

/// A variable's index may be at most this (the kind takes the top two bits of a `u32`): a
/// model's pairs are fewer by far (50 million for 10,000 players).
const PACKED_INDEX: usize = (1 << 30) - 1;

/// `v` packed into a `u32` whose order is the order of [`Var`] (pairs, then floats, then
/// auxiliary variables, each by index).
///
/// # Panics
/// For an index above 2^30 - 1, which no model can have (it would need 16 GiB of pairs).
fn pack(v: Var) -> u32 {
    let (kind, i) = match v {
        Var::Pair(e) => (0, e),
        Var::Float(i) => (1, i),
        Var::Aux(k) => (2, k),
    };
    assert!(i <= PACKED_INDEX, "variable index {i} beyond a cost's packed range");
    (kind << 30) | i as u32
}

fn unpack(x: u32) -> Var {
    let i = (x as usize) & PACKED_INDEX;
    match x >> 30 {
        0 => Var::Pair(i),
        1 => Var::Float(i),
        _ => Var::Aux(i),
    }
}

impl Cost {
    /// A cost without terms (zero everywhere).
    pub fn new() -> Cost {
        Cost::default()
    }

    /// An empty cost with room for `n` terms (a builder that knows its count: no doubling on
    /// the way).
    pub fn with_capacity(n: usize) -> Cost {
        Cost { vars: Vec::with_capacity(n), coefs: Coefs::default() }
    }

    /// Adds `c` to the cost of `v` (no-op for `c == 0`).
    pub fn add(&mut self, v: Var, c: i64) {
        self.push_packed(pack(v), c);
    }

    /// [`Cost::add`] of a packed variable.
    fn push_packed(&mut self, x: u32, c: i64) {
        if c != 0 {
            self.coefs.push(self.vars.len(), c);
            self.vars.push(x);
        }
    }

    /// The coefficient of the `k`-th term.
    fn coef(&self, k: usize) -> i64 {
        self.coefs.at(k)
    }

    /// The terms, `(variable, coefficient)`, in the order added (by variable once normalised).
    pub fn terms(&self) -> impl ExactSizeIterator<Item = (Var, i64)> + Clone + '_ {
        self.vars.iter().enumerate().map(|(k, &x)| (unpack(x), self.coef(k)))
    }

    /// The terms as a list.
    pub fn to_terms(&self) -> Vec<(Var, i64)> {
        self.terms().collect()
    }

    /// Number of terms.
    pub fn len(&self) -> usize {
        self.vars.len()
    }

    /// Whether there is no term.
    pub fn is_empty(&self) -> bool {
        self.vars.is_empty()
    }

    /// The coefficient of `v` in a normalised cost (0 if absent).
    pub fn get(&self, v: Var) -> i64 {
        self.vars.binary_search(&pack(v)).map_or(0, |i| self.coef(i))
    }

    /// The cost with duplicate variables summed and zero terms dropped, sorted by variable.
    pub fn normalised(&self) -> Cost {
        self.clone().into_normalised()
    }

    /// [`Cost::normalised`] in place: no copy of the terms (a large bracket's stage has
    /// millions), and no sort when they are in order already (as builders that walk the pairs
    /// make them).
    pub fn into_normalised(self) -> Cost {
        if self.vars.windows(2).all(|w| w[0] < w[1]) {
            return self; // in order, one term per variable, none zero
        }
        let mut order: Vec<u32> = (0..self.vars.len() as u32).collect();
        order.sort_unstable_by_key(|&k| self.vars[k as usize]);
        // Each variable's coefficients summed, the sum added (dropped when zero).
        let mut merged = Cost::with_capacity(order.len());
        let mut run: Option<(u32, i64)> = None;
        for k in order {
            let (v, c) = (self.vars[k as usize], self.coef(k as usize));
            match &mut run {
                Some((last, sum)) if *last == v => *sum += c,
                _ => {
                    if let Some((last, sum)) = run.replace((v, c)) {
                        merged.push_packed(last, sum);
                    }
                }
            }
        }
        if let Some((last, sum)) = run {
            merged.push_packed(last, sum);
        }
        merged
    }

    /// The one coefficient of every term, when they share one (`Some(0)` when there are none).
    pub(crate) fn uniform_coef(&self) -> Option<i64> {
        self.coefs.uniform()
    }

    /// The packed variables and the coefficients, for a solver that keeps them its own way
    /// (see [`Cost::unpacked`]).
    pub(crate) fn into_packed(self) -> (Vec<u32>, Coefs) {
        (self.vars, self.coefs)
    }

    /// The variable of a packed one from [`Cost::into_packed`].
    pub(crate) fn unpacked(x: u32) -> Var {
        unpack(x)
    }

    /// The value of this cost for a 0/1 assignment given as the set of variables at one.
    pub fn value(&self, ones: &dyn Fn(Var) -> bool) -> i64 {
        self.terms().filter(|&(v, _)| ones(v)).map(|(_, c)| c).sum()
    }
}

impl FromIterator<(Var, i64)> for Cost {
    /// The terms as given (zero coefficients dropped).
    fn from_iter<I: IntoIterator<Item = (Var, i64)>>(iter: I) -> Cost {
        let mut c = Cost::new();
        for (v, k) in iter {
            c.add(v, k);
        }
        c
    }
}

impl Serialize for Cost {
    /// As `{"terms": [[variable, coefficient], ...]}`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        struct Terms<'a>(&'a Cost);
        impl Serialize for Terms<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.collect_seq(self.0.terms())
            }
        }
        let mut st = s.serialize_struct("Cost", 1)?;
        st.serialize_field("terms", &Terms(self))?;
        st.end()
    }
}

/// One lexicographic stage: a criterion to minimise, keyed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Stage {
    /// Which criterion or step it is (its `Display` is the stage's stable name).
    pub key: StageKey,
    /// The article it implements (e.g. `"C.04.3 C.10"`).
    pub article: String,
    /// What the stage minimises.
    pub cost: Cost,
}

/// A linear side constraint `lower <= sum terms <= upper`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Constraint {
    /// Its name, in messages (a violated constraint is named) and in an LP file's legend.
    pub name: String,
    /// The sum's terms, `(variable, coefficient)`.
    pub terms: Vec<(Var, i64)>,
    /// The least value of the sum, if any.
    pub lower: Option<i64>,
    /// The greatest value of the sum, if any.
    pub upper: Option<i64>,
}

/// The players' names of a [`BracketModel`], written out only when a message or an LP file
/// asks for one (a batch builds thousands of models and reads none of them).
#[derive(Clone, Debug)]
pub enum Labels {
    /// `1..=n`.
    Numbered(usize),
    /// Player ids, written as numbers.
    Ids(Vec<u32>),
    /// Any names, as given.
    Text(Vec<String>),
}

impl Default for Labels {
    fn default() -> Labels {
        Labels::Numbered(0)
    }
}

impl Labels {
    /// Number of players labelled.
    pub fn len(&self) -> usize {
        match self {
            Labels::Numbered(n) => *n,
            Labels::Ids(ids) => ids.len(),
            Labels::Text(t) => t.len(),
        }
    }

    /// Whether no player is labelled.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The label of player `i`.
    pub fn get(&self, i: usize) -> String {
        match self {
            Labels::Numbered(_) => (i + 1).to_string(),
            Labels::Ids(ids) => ids[i].to_string(),
            Labels::Text(t) => t[i].clone(),
        }
    }

    /// Every label, in order.
    pub fn to_vec(&self) -> Vec<String> {
        (0..self.len()).map(|i| self.get(i)).collect()
    }
}

impl PartialEq for Labels {
    fn eq(&self, other: &Labels) -> bool {
        self.len() == other.len() && (0..self.len()).all(|i| self.get(i) == other.get(i))
    }
}

impl Eq for Labels {}

impl FromIterator<String> for Labels {
    fn from_iter<I: IntoIterator<Item = String>>(iter: I) -> Labels {
        Labels::Text(iter.into_iter().collect())
    }
}

impl Serialize for Labels {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq((0..self.len()).map(|i| self.get(i)))
    }
}

/// A model's pairs of players, each kept as two `u16` (4 bytes; a 5,000-player bracket has 12.9
/// million pairs: 52 MB, 103 MB as two `u32`) and read as `(usize, usize)`: [`Pairs::at`],
/// [`Pairs::iter`]. A pair names players below [`Pairs::PLAYERS`] (65,536, beyond any bracket:
/// a tournament file holds at most 9,999 players); one beyond is refused ([`Pairs::push`]
/// panics), never truncated. One width only: a list kept at either of two widths cost every
/// walk over the pairs a test of the width, 5-8% more instructions on a 9,999-player round 2.
#[derive(Clone, Debug, Default)]
pub struct Pairs {
    list: Vec<(u16, u16)>,
    /// What a pass over `list` tells, computed once ([`Pairs::push`] forgets it).
    shape: std::sync::OnceLock<Shape>,
}

/// What one pass over a pair list tells: its order, the players' degrees and rows. The checks
/// of a model, the matching session and the indexes of pairs by player each made their own
/// passes over the pairs (six or seven per bracket, 9% of a 9,999-player round 2).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    /// Strictly increasing, each pair's lower player first (as brackets build them).
    pub(crate) sorted: bool,
    /// One more than the largest player in a pair (0 without pairs).
    pub(crate) players: usize,
    /// A player paired with himself, if any.
    pub(crate) looped: Option<usize>,
    /// Pairs per player, `0..players`.
    degree: Vec<usize>,
    /// When sorted: `list[rows[a]..rows[a + 1]]` are the pairs whose lower player is `a`,
    /// `a < players` (empty otherwise).
    rows: Vec<usize>,
}

impl Shape {
    /// The shape of a list made of one of shape `self`, whose last pair is `last`, followed by
    /// one of shape `b`, whose first pair is `first`: what a pass over the whole would find.
    fn joined(&self, b: &Shape, last: Option<(u16, u16)>, first: Option<(u16, u16)>) -> Shape {
        let players = self.players.max(b.players);
        let sorted = self.sorted && b.sorted && last.zip(first).is_none_or(|(l, f)| l < f);
        let mut degree = vec![0; players];
        for d in [&self.degree, &b.degree] {
            degree.iter_mut().zip(d).for_each(|(x, y)| *x += y);
        }
        // A sorted list's `rows[k]` counts its pairs whose lower player is below `k`.
        let below = |s: &Shape, k: usize| s.rows.get(k.min(s.players)).copied().unwrap_or(0);
        let rows = if sorted && players > 0 {
            (0..=players).map(|k| below(self, k) + below(b, k)).collect()
        } else {
            Vec::new()
        };
        Shape { sorted, players, looped: self.looped.or(b.looped), degree, rows }
    }
}

impl PartialEq for Pairs {
    fn eq(&self, other: &Pairs) -> bool {
        self.list == other.list
    }
}

impl Eq for Pairs {}

impl Pairs {
    /// The player numbers a pair may name: `0..PLAYERS`.
    pub const PLAYERS: usize = 1 << 16;

    /// No pairs.
    pub fn new() -> Pairs {
        Pairs::default()
    }

    /// The list's [`Shape`], computed on first use.
    pub(crate) fn shape(&self) -> &Shape {
        self.shape.get_or_init(|| {
            let mut shape = Shape { sorted: true, players: 0, looped: None, degree: Vec::new(), rows: Vec::new() };
            let mut last: Option<(u16, u16)> = None;
            for &(a, b) in &self.list {
                let pair = (a, b);
                let (a, b) = (a as usize, b as usize);
                if a == b && shape.looped.is_none() {
                    shape.looped = Some(a);
                }
                let top = a.max(b) + 1;
                if top > shape.players {
                    shape.players = top;
                    shape.degree.resize(top, 0);
                    shape.rows.resize(top + 1, 0);
                }
                shape.degree[a] += 1;
                shape.degree[b] += 1;
                shape.rows[a + 1] += 1;
                shape.sorted &= a < b && last.is_none_or(|l| l < pair);
                last = Some(pair);
            }
            if shape.sorted {
                for a in 0..shape.players {
                    shape.rows[a + 1] += shape.rows[a];
                }
            } else {
                shape.rows = Vec::new();
            }
            shape
        })
    }

    /// Pairs per player, for `n` players (at least [`Shape::players`]).
    pub(crate) fn degree(&self, n: usize) -> Vec<usize> {
        let mut d = self.shape().degree.clone();
        d.resize(n.max(d.len()), 0);
        d
    }

    /// For a sorted list ([`Shape::sorted`]): `pairs[rows[a]..rows[a + 1]]` are those whose lower
    /// player is `a`, for `n` players (at least [`Shape::players`]); `None` otherwise.
    pub(crate) fn rows(&self, n: usize) -> Option<Vec<usize>> {
        let shape = self.shape();
        if !shape.sorted {
            return None;
        }
        let mut rows = if shape.rows.is_empty() { vec![0] } else { shape.rows.clone() };
        rows.resize(n.max(shape.players) + 1, self.list.len());
        Some(rows)
    }

    /// The pair `e`.
    ///
    /// # Panics
    /// When there is no pair `e`, as a slice index does.
    #[inline]
    pub fn at(&self, e: usize) -> (usize, usize) {
        let (a, b) = self.list[e];
        (a as usize, b as usize)
    }

    /// The pair `e`, if there is one.
    pub fn get(&self, e: usize) -> Option<(usize, usize)> {
        self.list.get(e).map(|&(a, b)| (a as usize, b as usize))
    }

    /// Number of pairs.
    pub fn len(&self) -> usize {
        self.list.len()
    }

    /// Whether there is no pair.
    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Every pair, in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (usize, usize)> + DoubleEndedIterator + Clone + '_ {
        self.list.iter().map(|&(a, b)| (a as usize, b as usize))
    }

    /// The pairs `range`, in order.
    pub fn iter_in(&self, range: std::ops::Range<usize>) -> impl ExactSizeIterator<Item = (usize, usize)> + '_ {
        self.list[range].iter().map(|&(a, b)| (a as usize, b as usize))
    }

    /// Appends `(a, b)` as given.
    ///
    /// # Panics
    /// For a player number from [`Pairs::PLAYERS`] (65,536) on: refused, not truncated. No input
    /// reaches it: a file holds at most 9,999 players, and the round's door (`round::pair`)
    /// refuses a tournament built in code with more units, with an error.
    pub fn push(&mut self, (a, b): (usize, usize)) {
        let narrow = |x: usize| {
            u16::try_from(x).unwrap_or_else(|_| {
                panic!("a pair of player {x}: a model's pairs name players below {}", Pairs::PLAYERS)
            })
        };
        self.list.push((narrow(a), narrow(b)));
        self.shape.take();
    }

    /// Moves the pairs of `other` after these, leaving it empty. When both lists' shapes are
    /// known (a large bracket's parts, each read on its own thread), the joined list keeps their
    /// join instead of another pass over all its pairs (`Shape::joined`).
    pub fn append(&mut self, other: &mut Pairs) {
        let joined = match (self.shape.get(), other.shape.get()) {
            (Some(a), Some(b)) => Some(a.joined(b, self.list.last().copied(), other.list.first().copied())),
            _ => None,
        };
        self.list.append(&mut other.list);
        self.shape = joined.map(std::sync::OnceLock::from).unwrap_or_default();
        other.shape.take();
    }

    /// Room for `n` more pairs, exactly.
    pub fn reserve_exact(&mut self, n: usize) {
        self.list.reserve_exact(n);
    }

    /// Frees the room beyond the pairs held.
    pub fn shrink_to_fit(&mut self) {
        self.list.shrink_to_fit();
    }

    /// Whether the pairs are in strictly increasing order.
    pub fn increasing(&self) -> bool {
        self.list.windows(2).all(|w| w[0] < w[1])
    }

    /// The first pair not before `(a, b)` in a list in increasing order: the pairs before are
    /// those for which `below` holds.
    pub fn partition_point(&self, below: impl Fn((usize, usize)) -> bool) -> usize {
        self.list.partition_point(|&(a, b)| below((a as usize, b as usize)))
    }
}

impl FromIterator<(usize, usize)> for Pairs {
    fn from_iter<I: IntoIterator<Item = (usize, usize)>>(iter: I) -> Pairs {
        let mut p = Pairs::new();
        iter.into_iter().for_each(|x| p.push(x));
        p
    }
}

impl From<Vec<(usize, usize)>> for Pairs {
    fn from(v: Vec<(usize, usize)>) -> Pairs {
        v.into_iter().collect()
    }
}

impl Serialize for Pairs {
    /// As a list of `[a, b]`.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

/// A bracket (or any set of players) to pair, with its criteria.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct BracketModel {
    /// Human-readable name of each player (e.g. the pairing number), used in LP files.
    pub labels: Labels,
    /// Allowed pairs `(a, b)` with `a < b`: every pair that breaks no absolute criterion.
    pub pairs: Pairs,
    /// Whether each player may be left unpaired.
    pub may_float: Vec<bool>,
    /// Side constraints beyond "every player paired once or floating" (none in a pure
    /// matching model).
    pub constraints: Vec<Constraint>,
    /// Names of auxiliary 0/1 variables (`Var::Aux(k)` is `aux[k]`).
    pub aux: Vec<String>,
    /// Criteria in priority order (most important first).
    pub stages: Vec<Stage>,
}

impl BracketModel {
    /// A model of `n` players labelled `1..=n`, nobody allowed to float, no pairs yet.
    pub fn new(n: usize) -> BracketModel {
        BracketModel {
            labels: Labels::Numbered(n),
            pairs: Pairs::new(),
            may_float: vec![false; n],
            constraints: Vec::new(),
            aux: Vec::new(),
            stages: Vec::new(),
        }
    }

    /// Adds an auxiliary 0/1 variable and returns it.
    pub fn add_aux(&mut self, name: &str) -> Var {
        self.aux.push(name.to_string());
        Var::Aux(self.aux.len() - 1)
    }

    /// Adds the side constraint `lower <= terms <= upper`.
    pub fn add_constraint(&mut self, name: &str, terms: Vec<(Var, i64)>, lower: Option<i64>, upper: Option<i64>) {
        self.constraints.push(Constraint { name: name.to_string(), terms, lower, upper });
    }

    /// Number of players (the length of `may_float`).
    pub fn num_players(&self) -> usize {
        self.may_float.len()
    }

    /// Adds the allowed pair `{a, b}` and returns its variable.
    pub fn add_pair(&mut self, a: usize, b: usize) -> Var {
        let (a, b) = if a < b { (a, b) } else { (b, a) };
        self.pairs.push((a, b));
        Var::Pair(self.pairs.len() - 1)
    }

    /// Appends a stage (lower priority than all earlier ones).
    pub fn add_stage(&mut self, key: StageKey, article: &str, cost: Cost) {
        self.stages.push(Stage { key, article: article.to_string(), cost });
    }

    /// True if `v` is a variable of this model.
    pub fn has_var(&self, v: Var) -> bool {
        match v {
            Var::Pair(e) => e < self.pairs.len(),
            Var::Float(i) => i < self.num_players() && self.may_float[i],
            Var::Aux(k) => k < self.aux.len(),
        }
    }

    /// Checks that a stage's costs are on variables of this model.
    pub fn check_stage(&self, s: &Stage) -> Result<(), String> {
        match s.cost.terms().find(|(v, _)| !self.has_var(*v)) {
            Some((v, _)) => Err(format!("stage {} has a cost on {v:?}, which is not a variable", s.key)),
            None => Ok(()),
        }
    }

    /// Checks that the model is well formed: pairs and floaters refer to existing players,
    /// no self-pairs, no duplicate pairs, costs only on existing variables.
    pub fn validate(&self) -> Result<(), String> {
        let n = self.num_players();
        if self.labels.len() != n {
            return Err(format!("{} labels for {} players", self.labels.len(), n));
        }
        let shape = self.pairs.shape();
        if shape.players > n || shape.looped.is_some() {
            let (a, b) = self.pairs.iter().find(|&(a, b)| a >= n || b >= n || a == b).unwrap_or_default();
            return Err(format!("pair ({a}, {b}) is not a pair of two of the {n} players"));
        }
        // Duplicates: none when the pairs are listed in increasing order, lower player first (as
        // brackets build them); otherwise sorted copies are compared (no hash set: a large
        // bracket has millions of pairs).
        if !shape.sorted {
            let mut sorted: Vec<(usize, usize)> = self.pairs.iter().map(|(a, b)| (a.min(b), a.max(b))).collect();
            sorted.sort_unstable();
            if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
                let (a, b) = w[0];
                return Err(format!("pair ({a}, {b}) is listed twice"));
            }
        }
        let var_ok = |v: &Var| self.has_var(*v);
        for s in &self.stages {
            self.check_stage(s)?;
        }
        for c in &self.constraints {
            if let Some((v, _)) = c.terms.iter().find(|(v, _)| !var_ok(v)) {
                return Err(format!("constraint {} uses {v:?}, which is not a variable", c.name));
            }
        }
        Ok(())
    }
}

/// The index of the pair `(a, b)`, `a < b`, in a sorted pair list with rows `row`
/// ([`Pairs::rows`]), searched within `a`'s row: first where a complete row would hold it (a
/// bracket's rows are complete but for the pairs its players may not play), then by binary
/// search. No hash map: its entries would cost several times the list they index.
pub(crate) fn find_in_row(pairs: &Pairs, row: &[usize], a: usize, b: usize) -> Option<usize> {
    if b <= a {
        return None;
    }
    let b = u16::try_from(b).ok()?;
    let start = *row.get(a)?;
    let row = pairs.list.get(start..*row.get(a + 1)?)?;
    // Where a row holding every higher player would have `b`, clamped; then the side beyond.
    let guess = (b as usize - a - 1).min(row.len().saturating_sub(1));
    let k = match row.get(guess) {
        Some(&(_, at)) if at == b => guess,
        Some(&(_, at)) if at > b => row[..guess].binary_search_by_key(&b, |p| p.1).ok()?,
        Some(_) => guess + 1 + row[guess + 1..].binary_search_by_key(&b, |p| p.1).ok()?,
        None => return None,
    };
    Some(start + k)
}

/// The optimum found for a model.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Solution {
    /// Indices into `pairs` of the pairs played, ascending.
    pub pairs: Vec<usize>,
    /// Players left unpaired, ascending.
    pub floaters: Vec<usize>,
    /// Auxiliary variables at one, ascending.
    pub aux: Vec<usize>,
    /// The optimal value of each stage, in stage order.
    pub stage_values: Vec<i64>,
}

impl Solution {
    /// True if variable `v` is one in this solution.
    pub fn is_one(&self, v: Var) -> bool {
        match v {
            Var::Pair(e) => self.pairs.binary_search(&e).is_ok(),
            Var::Float(i) => self.floaters.binary_search(&i).is_ok(),
            Var::Aux(k) => self.aux.binary_search(&k).is_ok(),
        }
    }

    /// Checks that this is a feasible solution of `m`: every player paired or floating exactly
    /// once, floaters allowed to float, side constraints met, stage values as stated.
    pub fn verify(&self, m: &BracketModel) -> Result<(), String> {
        self.verify_feasible(m)?;
        let one = |v: Var| self.is_one(v);
        for (k, s) in m.stages.iter().enumerate() {
            let v = s.cost.value(&one);
            if self.stage_values.get(k) != Some(&v) {
                return Err(format!("stage {} has value {v}, stated {:?}", s.key, self.stage_values.get(k)));
            }
        }
        Ok(())
    }

    /// Checks that this is a feasible solution of `m` (every player paired or floating exactly
    /// once, floaters allowed to float, side constraints met), stage values aside.
    pub fn verify_feasible(&self, m: &BracketModel) -> Result<(), String> {
        let n = m.num_players();
        let mut count = vec![0usize; n];
        for &e in &self.pairs {
            let (a, b) = m.pairs.get(e).ok_or_else(|| format!("pair index {e} out of range"))?;
            count[a] += 1;
            count[b] += 1;
        }
        for &i in &self.floaters {
            if i >= n || !m.may_float[i] {
                return Err(format!("player {i} floats but may not"));
            }
            count[i] += 1;
        }
        if let Some(i) = count.iter().position(|&c| c != 1) {
            return Err(format!("player {} is used {} times", m.labels.get(i), count[i]));
        }
        let one = |v: Var| self.is_one(v);
        for c in &m.constraints {
            let s: i64 = c.terms.iter().filter(|(v, _)| one(*v)).map(|&(_, k)| k).sum();
            if c.lower.is_some_and(|l| s < l) || c.upper.is_some_and(|u| s > u) {
                return Err(format!("constraint {} violated (value {s})", c.name));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cost_reads_back_its_terms_however_it_keeps_them() {
        // All coefficients the same: kept once.
        let mut same = Cost::new();
        same.add(Var::Pair(3), 1);
        same.add(Var::Float(2), 1);
        same.add(Var::Pair(7), 0); // no term
        assert_eq!(same.to_terms(), vec![(Var::Pair(3), 1), (Var::Float(2), 1)]);
        // A different one later: every term keeps its own.
        let mut mixed = same.clone();
        mixed.add(Var::Aux(1), -4);
        assert_eq!(mixed.to_terms(), vec![(Var::Pair(3), 1), (Var::Float(2), 1), (Var::Aux(1), -4)]);
        assert_eq!(mixed.len(), 3);
        assert_eq!(mixed.value(&|v| v != Var::Float(2)), -3);
        // Equal terms are equal costs, whichever way they are kept.
        let listed: Cost = [(Var::Pair(3), 1), (Var::Float(2), 1)].into_iter().collect();
        assert_eq!(listed, same);
        assert_ne!(listed, mixed);
    }

    #[test]
    fn normalising_sorts_merges_and_drops_zeros() {
        let mut c = Cost::new();
        for (v, k) in [(Var::Float(0), 2), (Var::Pair(5), 2), (Var::Pair(1), 2), (Var::Pair(5), 2), (Var::Float(0), -2)]
        {
            c.add(v, k);
        }
        let n = c.into_normalised();
        // Pair(5) twice: 4; Float(0) 2 - 2: gone; sorted pairs before floats.
        assert_eq!(n.to_terms(), vec![(Var::Pair(1), 2), (Var::Pair(5), 4)]);
        assert_eq!((n.get(Var::Pair(5)), n.get(Var::Pair(2)), n.get(Var::Float(0))), (4, 0, 0));
        // Already in order: unchanged.
        let sorted: Cost = [(Var::Pair(0), 7), (Var::Float(1), 7), (Var::Aux(0), 7)].into_iter().collect();
        assert_eq!(sorted.normalised(), sorted);
    }

    #[test]
    fn pairs_and_costs_serialise_as_lists() {
        let pairs: Pairs = vec![(0, 2), (1, 3)].into();
        assert_eq!((pairs.at(1), pairs.get(2), pairs.len()), ((1, 3), None, 2));
        assert!(pairs.increasing());
        assert_eq!(pairs.partition_point(|(a, _)| a < 1), 1);
        assert_eq!(serde_json::to_string(&pairs).expect("json"), "[[0,2],[1,3]]");
        let cost: Cost = [(Var::Pair(1), 3), (Var::Float(0), -1)].into_iter().collect();
        assert_eq!(serde_json::to_string(&cost).expect("json"), r#"{"terms":[[{"Pair":1},3],[{"Float":0},-1]]}"#);
    }

    #[test]
    fn pairs_name_players_up_to_65535_and_find_them_in_their_rows() {
        let top = Pairs::PLAYERS - 1;
        let pairs: Pairs = vec![(0, 1), (0, 3), (1, top), (top - 1, top)].into();
        assert_eq!((pairs.at(2), pairs.get(3), pairs.len()), ((1, top), Some((top - 1, top)), 4));
        let rows = pairs.rows(Pairs::PLAYERS).expect("sorted");
        assert_eq!((find_in_row(&pairs, &rows, 0, 3), find_in_row(&pairs, &rows, 0, 2)), (Some(1), None));
        assert_eq!((find_in_row(&pairs, &rows, 1, top), find_in_row(&pairs, &rows, top - 1, top)), (Some(2), Some(3)));
        // A higher player is no pair of the list, not one found by truncating it.
        assert_eq!(find_in_row(&pairs, &rows, 1, top + 2), None);
        assert_eq!(pairs.degree(Pairs::PLAYERS)[top], 2);
    }

    #[test]
    #[should_panic(expected = "a pair of player 65536: a model's pairs name players below 65536")]
    fn a_pair_of_a_player_from_65536_on_is_refused_not_truncated() {
        let mut pairs = Pairs::new();
        pairs.push((1, Pairs::PLAYERS));
    }

    /// Lists cut anywhere and joined with their shapes read first keep the shape one pass over
    /// the whole would find: sorted or not, a loop, empty parts, players missing from a part.
    #[test]
    fn joined_shapes_are_those_of_the_whole_list() {
        let lists: Vec<Vec<(usize, usize)>> = vec![
            vec![(0, 1), (0, 3), (1, 2), (2, 5), (4, 5)],
            vec![(0, 1), (0, 3), (0, 2), (2, 5)],
            vec![(0, 2), (1, 1), (1, 3), (3, 4)],
            vec![(0, 4), (3, 4), (3, 4)],
            vec![(2, 3)],
        ];
        for list in lists {
            let whole = Pairs::from(list.clone()).shape().clone();
            for cut in 0..=list.len() {
                for cut2 in cut..=list.len() {
                    let parts = [&list[..cut], &list[cut..cut2], &list[cut2..]];
                    let mut joined = Pairs::from(parts[0].to_vec());
                    joined.shape();
                    for part in &parts[1..] {
                        let mut p = Pairs::from(part.to_vec());
                        p.shape();
                        joined.append(&mut p);
                        assert!(p.is_empty());
                    }
                    assert!(joined.shape.get().is_some(), "the join is kept, not read again");
                    assert_eq!(joined.shape(), &whole, "{list:?} cut at {cut} and {cut2}");
                    assert_eq!(joined, Pairs::from(list.clone()));
                }
            }
        }
        // A part whose shape was not read: the join is read again when asked.
        let mut a = Pairs::from(vec![(0, 1)]);
        a.shape();
        a.append(&mut Pairs::from(vec![(1, 2)]));
        assert!(a.shape.get().is_none());
        assert_eq!(a.rows(3), Some(vec![0, 1, 2, 2]));
    }

    #[test]
    fn pairs_keep_their_shape_until_one_is_added() {
        let mut pairs: Pairs = vec![(0, 1), (0, 3), (2, 3)].into();
        assert!(pairs.shape().sorted);
        assert_eq!(pairs.degree(5), vec![2, 1, 1, 2, 0]);
        // Rows by lower player, padded to five players.
        assert_eq!(pairs.rows(5), Some(vec![0, 2, 2, 3, 3, 3]));
        // A pair out of order: forgotten and read again, no rows; a model checks it.
        pairs.push((1, 2));
        assert!(!pairs.shape().sorted);
        assert_eq!((pairs.rows(5), pairs.degree(4)), (None, vec![2, 2, 2, 2]));
        assert_eq!(pairs, vec![(0, 1), (0, 3), (2, 3), (1, 2)].into());
        let mut m = BracketModel::new(4);
        m.pairs = pairs.clone();
        assert_eq!(m.validate(), Ok(()));
        m.pairs.push((2, 1));
        assert_eq!(m.validate(), Err("pair (1, 2) is listed twice".into()));
        m.pairs = vec![(0, 1), (3, 3)].into();
        assert_eq!(m.validate(), Err("pair (3, 3) is not a pair of two of the 4 players".into()));
        m.pairs = vec![(0, 1), (2, 4)].into();
        assert_eq!(m.validate(), Err("pair (2, 4) is not a pair of two of the 4 players".into()));
    }
}
