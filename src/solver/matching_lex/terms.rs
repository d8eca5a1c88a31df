//! A stage's cost as the session keeps it ([`Terms`]) and the model's pairs by player
//! ([`Incidence`]).

use crate::model::{BracketModel, Coefs, Cost, SolveError, Var};
use crate::solver::threads::PARALLEL_WORK;
use std::ops::Range;

/// Higher players a pass of [`Incidence::by_tiles`] fills the lists of.
const TILE: usize = 512;

/// The players `0..n` (`start`: where each one's list starts, `n + 1` entries) cut at whole
/// tiles into at most `parts` consecutive runs of about as many pairs (one, empty, when there
/// is no player).
fn tile_runs(start: &[usize], parts: usize) -> Vec<Range<usize>> {
    let n = start.len() - 1;
    let total = start[n];
    let mut runs = Vec::new();
    let mut from = 0;
    for first in (TILE..n).step_by(TILE) {
        // Cut before the tile at which the run so far reaches its share.
        let k = runs.len() + 1;
        if k < parts && start[first] * parts >= total * k {
            runs.push(from..first);
            from = first;
        }
    }
    runs.push(from..n);
    runs
}

/// Model pairs by player, in one array (`u32` pair indices): each pair under both its players,
/// or, for a model whose pairs are sorted (each player's pairs with higher players are then
/// already a row of them), under its higher player only.
#[derive(Default)]
pub(super) struct Incidence {
    pub(super) start: Vec<usize>,
    pub(super) pairs: Vec<u32>,
}

impl Incidence {
    pub(super) fn of(m: &BracketModel, higher_only: bool) -> Incidence {
        let n = m.num_players();
        if let Some(rows) = m.pairs.rows(n).filter(|_| higher_only) {
            if let Some(by_columns) = Incidence::by_tiles(m, n, &rows) {
                return by_columns;
            }
        }
        Incidence::by_scatter(m, n, higher_only)
    }

    /// Where each player's list starts (`n + 1` entries, the last the total): each pair counted
    /// under its second player, and under its first too unless `higher_only`.
    fn starts(m: &BracketModel, n: usize, higher_only: bool) -> Vec<usize> {
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
        start
    }

    /// Each pair written under its players as the model lists it.
    pub(super) fn by_scatter(m: &BracketModel, n: usize, higher_only: bool) -> Incidence {
        let start = Incidence::starts(m, n, higher_only);
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

    /// The higher-only lists of a sorted model (`rows`: where each lower player's pairs start)
    /// filled a tile of [`TILE`] higher players at a time: each row gives, in turn, its pairs
    /// with the tile's players, so that the writes of one pass go to the lists of a few hundred
    /// players, which stay in cache. Written pair by pair in model order, each pair of a row
    /// went to another list: a cache miss a pair (6% of a 9,999-player round 2). `rows` are
    /// those of a sorted model (each increasing above its player); `None` if a pair was left
    /// over, which they never leave.
    ///
    /// The lists' sizes come from the model's degrees and rows (no pass over the pairs). A model
    /// of [`PARALLEL_WORK`] pairs or more has its tiles cut into consecutive runs of about as many
    /// pairs, one per thread of the threads set: each run fills its own players' lists, a part of
    /// the array no other run writes, so the lists are the same on any number of threads (the
    /// 12.9 million pairs of a 9,999-player round 2's largest bracket took 0.08 s on one).
    pub(super) fn by_tiles(m: &BracketModel, n: usize, rows: &[usize]) -> Option<Incidence> {
        let degree = m.pairs.degree(n);
        let mut start = vec![0; n + 1];
        for v in 0..n {
            // A sorted model's pairs of `v` with lower players: all of his but his row.
            start[v + 1] = start[v] + degree[v] - (rows[v + 1] - rows[v]);
        }
        let mut pairs = vec![0u32; start[n]];
        let threads = if start[n] < PARALLEL_WORK { 1 } else { crate::solver::threads::get() };
        let runs = tile_runs(&start, threads);
        let mut parts = Vec::with_capacity(runs.len());
        let mut rest = pairs.as_mut_slice();
        for run in &runs {
            let (part, after) = rest.split_at_mut(start[run.end] - start[run.start]);
            parts.push(part);
            rest = after;
        }
        let whole = crate::solver::threads::map_ranges_with(&runs, parts, |run, part| {
            Incidence::fill_run(m, rows, &start, run, part)
        });
        whole.into_iter().all(|w| w).then_some(Incidence { start, pairs })
    }

    /// The lists of the higher players `run` (whole tiles but the last), written into `part`
    /// (their place in the whole array): each row read from its first pair with a player of the
    /// run, a tile at a time. Whether every list was filled exactly.
    fn fill_run(m: &BracketModel, rows: &[usize], start: &[usize], run: Range<usize>, part: &mut [u32]) -> bool {
        let base = start[run.start];
        let mut fill: Vec<usize> = start[run.clone()].iter().map(|&s| s - base).collect();
        // Each row's first pair with a player of the run (the pairs are in increasing order).
        let mut cursor: Vec<usize> = (0..run.end).map(|a| m.pairs.partition_point(|p| p < (a, run.start))).collect();
        for first in run.clone().step_by(TILE) {
            let end = (first + TILE).min(run.end);
            for a in 0..end {
                let mut c = cursor[a];
                while c < rows[a + 1] {
                    let b = m.pairs.at(c).1;
                    if b >= end {
                        break;
                    }
                    let at = &mut fill[b - run.start];
                    let Some(slot) = part.get_mut(*at) else { return false };
                    *slot = c as u32;
                    *at += 1;
                    c += 1;
                }
                cursor[a] = c;
            }
        }
        run.clone().all(|v| fill[v - run.start] == start[v + 1] - base)
    }

    /// The pairs of player `p`, in model order.
    pub(super) fn of_player(&self, p: usize) -> impl Iterator<Item = usize> + '_ {
        self.pairs[self.start[p]..self.start[p + 1]].iter().map(|&e| e as usize)
    }
}

/// A stage cost as the session keeps it: terms sorted by variable, each variable a `u32` key
/// (pair `e` is `e`, the float of player `i` is `pairs + i`), coefficients beside (12 bytes a
/// term), or kept once when they are all the same (4 bytes a term: counts, as the [`Cost`] it
/// came from keeps them).
pub(super) struct Terms {
    pub(super) keys: Vec<u32>,
    pub(super) coefs: Coefs,
}

impl Terms {
    /// `cost` must be normalised (sorted by variable, one term per variable); the session's
    /// models have no auxiliary variable, and `pairs + players` fits in `u32` (checked by
    /// [`MatchingSession::new`]). The cost's own arrays are kept, its variables rewritten as
    /// keys in place: no copy.
    pub(super) fn of(cost: Cost, np: usize) -> Result<Terms, SolveError> {
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
    pub(super) fn key(v: Var, np: usize) -> u32 {
        match v {
            Var::Pair(e) => e as u32,
            Var::Float(i) => (np + i) as u32,
            Var::Aux(_) => u32::MAX,
        }
    }

    pub(super) fn var(key: u32, np: usize) -> Var {
        let key = key as usize;
        if key < np {
            Var::Pair(key)
        } else {
            Var::Float(key - np)
        }
    }

    /// The coefficient of `key` (0 if absent).
    pub(super) fn get(&self, key: u32) -> i64 {
        self.keys.binary_search(&key).map_or(0, |i| self.coef(i))
    }

    /// Drops the terms on the pairs `keep` rejects (floats stay): for a stage added after a
    /// solve, those no optimum of the stages before uses ([`MatchingSession::pairs_in_use`]), so no
    /// solution the later stages compare has them, and the lexicographic optima and every stage
    /// value stay as they were. A candidate order's stages have a term on each partner of a
    /// player, most of them outside the face by then.
    pub(super) fn keep_pairs(&mut self, np: usize, keep: impl Fn(usize) -> bool) {
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
    pub(super) fn value_at(&self, ones: &[u32]) -> i64 {
        if self.keys.len() <= ones.len() {
            self.iter().filter(|(key, _)| ones.binary_search(key).is_ok()).map(|(_, v)| v).sum()
        } else {
            ones.iter().map(|&key| self.get(key)).sum()
        }
    }

    /// The coefficient of the `i`-th key.
    #[inline]
    pub(super) fn coef(&self, i: usize) -> i64 {
        self.coefs.at(i)
    }

    /// The coefficients of the keys `range`.
    pub(super) fn coefs_in(&self, range: std::ops::Range<usize>) -> impl Iterator<Item = i64> + '_ {
        self.coefs.of(range)
    }

    pub(super) fn has_negative(&self) -> bool {
        self.coefs.any_negative(self.keys.len())
    }

    pub(super) fn iter(&self) -> impl Iterator<Item = (u32, i64)> + '_ {
        self.keys.iter().copied().zip(self.coefs_in(0..self.keys.len()))
    }
}
