//! The LP relaxation tightened by odd-set cuts (kept warm, or built from scratch under a time
//! limit), the lower bound its duals prove in exact integer arithmetic, and reduced-cost fixing
//! from that bound: steps 2 to 4 of the module header. Apart from the stage loop because it is
//! the proof both the stage loop and the branch and bound lean on.

use super::odd_sets::odd_sets;
use super::{configure, LexSession, CUT_ROUNDS, DUAL_SCALE, FRACTIONAL, STALL_ROUNDS, TIME_LIMIT};
use crate::model::{SolveError, Var};
use crate::solver::lp_program::{in_order, LpProgram, Row};
use crate::solver::warm_lp::WarmLp;
use highs::HighsModelStatus;

/// Each player's cheapest pairs in a working set. On the 1,000-player round 2 of
/// `../shared/corpus/large`: 0 or 2 took 4.5-5.5 s of CPU, 4 5.8-7.5 s, 8 7.4-10.3 s, 16 8.4 s
/// (fewer columns, cheaper simplex iterations; the pricing brings in what is needed).
const WORKING_SET_PER_PLAYER: usize = 2;
/// Columns added per pricing round at most (or one per player, if more): 500 as fast as 2,000
/// there, 8,000 slower (12.6 s against 10.3 at 8 pairs a player).
const PRICING_BATCH: usize = 500;
/// A waiting column is priced in when its exact reduced cost is below minus this many units of
/// `1/DUAL_SCALE`: the rounding of HiGHS's duals leaves columns of reduced cost zero a few units
/// either side, and adding them all would only grow the program. A waiting column left out at
/// up to this much below zero still counts in the exact bound, which it weakens, never falsifies.
const PRICING_SLACK: i128 = 64;

/// An LP relaxation solved: the model columns of nonzero value with their values, in column
/// order (every other column, those left out included, is zero), and the exact bound its dual
/// proves ([`LexSession::safe_bound`]).
pub(super) struct Relaxation {
    x: Vec<(usize, f64)>,
    pub(super) bound: Option<SafeBound>,
}

/// A lower bound proven in exact integer arithmetic from a dual vector, in units of
/// `1/DUAL_SCALE`: `value` bounds the objective of every point of the relaxation, and
/// `reduced[c]` is column `c`'s reduced cost (a point with column `c` at one has objective at
/// least `value + reduced[c]` when `reduced[c] > 0`), for a column alive when it was computed
/// (a dead column's entry is left over from an earlier bound; nothing reads it).
pub(super) struct SafeBound {
    pub(super) value: i128,
    pub(super) reduced: Vec<i128>,
}

impl Relaxation {
    /// A proof without a point: the exact bound of duals found without solving the relaxation
    /// (`repair`).
    pub(super) fn proof(bound: SafeBound) -> Relaxation {
        Relaxation { x: Vec::new(), bound: Some(bound) }
    }

    /// The 0/1 assignment of the `count` columns, if every column is within tolerance of 0 or 1.
    pub(super) fn integral(&self, count: usize) -> Option<Vec<bool>> {
        let mut ones = vec![false; count];
        for &(c, v) in &self.x {
            if v > 1.0 - FRACTIONAL {
                ones[c] = true;
            } else if v >= FRACTIONAL {
                return None;
            }
        }
        Some(ones)
    }
}

/// A row dual `v` rounded to a multiple of `1/DUAL_SCALE` (in those units), clamped first to
/// its valid sign (`sign` < 0: at most zero, > 0: at least zero, 0: free); `None` if it is not
/// a finite number of sensible size.
fn scaled(v: f64, sign: i8) -> Option<i128> {
    let v = match sign {
        s if s < 0 => v.min(0.0),
        s if s > 0 => v.max(0.0),
        _ => v,
    };
    let r = (v * DUAL_SCALE as f64).round();
    (r.is_finite() && r.abs() < 1e30).then_some(r as i128)
}

/// The players' row duals (the first `n` rows, equalities: free sign), rounded as [`scaled`].
fn player_duals(y: &[f64], n: usize) -> Option<Vec<i128>> {
    y.get(..n)?.iter().map(|&v| scaled(v, 0)).collect()
}

impl LexSession {
    /// The LP relaxation of the program, tightened by odd-set cuts until none is violated, its
    /// exact bound proves `target` optimal, or the bound has not risen for [`STALL_ROUNDS`]
    /// rounds (fractional cycles moving among optimal faces; branch and bound takes over).
    /// When a candidate (`hint`, of value `target`) is proven before any LP
    /// ([`LexSession::proof_without_lp`]), that proof is returned instead, with no point.
    pub(super) fn relax_and_cut(
        &mut self,
        objective: &[(Var, i64)],
        target: Option<i128>,
        hint: Option<&[bool]>,
    ) -> Result<Relaxation, SolveError> {
        // Most groups of a matching's stages need no relaxation solved at all (`repair`).
        if let (Some(t), Some(h)) = (target, hint) {
            if let Some(lp) = self.proof_without_lp(objective, h, t) {
                return Ok(lp);
            }
        }
        let (mut round, mut best, mut stalled) = (0, None, 0);
        loop {
            let lp = self.solve_lp(objective, hint, target)?;
            let bound = lp.bound.as_ref().map(|b| b.value);
            if bound > best {
                (best, stalled) = (bound, 0);
            } else {
                stalled += 1;
            }
            let proven = matches!((bound, target), (Some(b), Some(t)) if b > (t - 1) * DUAL_SCALE);
            let cuts =
                if round < CUT_ROUNDS && stalled < STALL_ROUNDS && !proven { self.separate(&lp.x) } else { Vec::new() };
            if cuts.is_empty() {
                return Ok(lp);
            }
            self.recycle(lp);
            self.cuts.extend(cuts);
            round += 1;
        }
    }

    /// Solves the LP relaxation: the values and reduced costs by model column. Without a time
    /// limit, on the relaxation kept warm ([`WarmLp`]); from scratch otherwise, or when HiGHS
    /// stops without an answer there (the warm relaxation is then built again next time).
    fn solve_lp(
        &mut self,
        objective: &[(Var, i64)],
        hint: Option<&[bool]>,
        target: Option<i128>,
    ) -> Result<Relaxation, SolveError> {
        if self.opts.time_limit.is_none() {
            if let Some(lp) = self.solve_warm(objective, hint, target)? {
                return Ok(lp);
            }
        }
        let extra = self.extra_rows();
        let program = LpProgram::new(&self.m, &extra, objective, &self.dead, true);
        let order = program.order().to_vec();
        let mut model = program.highs().map_err(|e| SolveError::Backend(format!("HiGHS: {e}")))?;
        configure(&mut model, &self.opts);
        let solved = model.try_solve().map_err(|e| SolveError::Backend(format!("HiGHS error {e:?}")))?;
        match solved.status() {
            HighsModelStatus::Optimal => {}
            HighsModelStatus::Infeasible => return Err(SolveError::Infeasible),
            HighsModelStatus::ReachedTimeLimit => return Err(SolveError::Backend(TIME_LIMIT.into())),
            s => return Err(SolveError::Backend(format!("HiGHS stopped with status {s:?} on the relaxation"))),
        }
        let sol = solved.get_solution();
        if sol.columns().len() != order.len() {
            return Err(SolveError::Backend("HiGHS returned no relaxation values".into()));
        }
        let mut x: Vec<(usize, f64)> =
            order.iter().copied().zip(sol.columns().iter().copied()).filter(|&(_, v)| v != 0.0).collect();
        x.sort_unstable_by_key(|t| t.0);
        let bound = self.safe_bound(objective, sol.dual_rows(), &extra);
        Ok(Relaxation { x, bound })
    }

    /// [`LexSession::solve_lp`] on the warm relaxation; `None` when HiGHS stops there without
    /// an answer.
    ///
    /// On a large model the relaxation holds a working set of columns ([`LexSession::working_set`])
    /// and prices the others itself: the exact bound is computed over every column, so a column
    /// waiting outside with a negative reduced cost only weakens it; such columns (the most
    /// negative first) are added and the relaxation solved again, until none is left (then its
    /// optimum is the whole relaxation's) or the bound proves `target` (the candidate's value)
    /// already. An infeasible working set takes every column in.
    fn solve_warm(
        &mut self,
        objective: &[(Var, i64)],
        hint: Option<&[bool]>,
        target: Option<i128>,
    ) -> Result<Option<Relaxation>, SolveError> {
        let backend = |e: String| SolveError::Backend(e);
        let kept = self.warm.take().filter(|w| w.fits(&self.cols, &self.m));
        let mut warm = match kept {
            // A sixth of its columns fixed at zero since it was built (HiGHS prices them all the
            // same): built again on the columns still alive in it, from scratch but small.
            Some(w) if w.columns() > self.opts.working_set_from && w.columns() * 5 > 6 * w.alive() => {
                WarmLp::build(&self.m, &self.cols, &self.dead, Some(&w.alive_in()), |m| configure(m, &self.opts))
                    .map_err(backend)?
            }
            Some(w) => w,
            None => {
                let working = self.working_set(objective, hint);
                WarmLp::build(&self.m, &self.cols, &self.dead, working.as_deref(), |m| configure(m, &self.opts))
                    .map_err(backend)?
            }
        };
        // The incumbent and the candidate in: they meet every row, so the working set is
        // feasible whenever the program is.
        let known: Vec<usize> = (0..self.cols.count())
            .filter(|&c| self.incumbent.as_ref().is_some_and(|o| o[c]) || hint.is_some_and(|h| h[c]))
            .filter(|&c| warm.waits(c) && !self.dead[c])
            .collect();
        warm.add_columns(&self.m, &known).map_err(backend)?;
        loop {
            warm.sync(&self.cols, &self.fixed, &self.cuts, &self.dead).map_err(backend)?;
            let solved = warm.solve(&self.cols, objective).map_err(backend)?;
            let count = self.cols.count();
            let waiting = |warm: &WarmLp| (0..count).filter(|&c| warm.waits(c)).collect::<Vec<_>>();
            match solved.status {
                HighsModelStatus::Optimal => {}
                HighsModelStatus::Infeasible if warm.any_waiting() => {
                    warm.add_columns(&self.m, &waiting(&warm)).map_err(backend)?;
                    continue;
                }
                HighsModelStatus::Infeasible => return Err(SolveError::Infeasible),
                _ => return Ok(None),
            }
            let mut bound = self.safe_bound(objective, &solved.duals, warm.rows());
            // Columns waiting outside with negative reduced costs keep the bound below the
            // candidate: the players' duals moved first (`repair`), pricing only if that fails.
            if let (Some(b), Some(t), Some(h)) = (bound.as_mut(), target, hint) {
                let floor = (t - 1) * DUAL_SCALE;
                if b.value <= floor && warm.any_waiting() {
                    if let Some(y) = player_duals(&solved.duals, self.m.num_players()) {
                        // Left as it was unless the repair proves `target`.
                        self.repair_duals(b, &y, h, floor);
                    }
                }
            }
            let priced: Vec<usize> = match &bound {
                // The bound proves `target` already: the columns waiting could only raise it.
                Some(b) if target.is_some_and(|t| b.value > (t - 1) * DUAL_SCALE) => Vec::new(),
                Some(b) => {
                    let mut negative: Vec<(i128, usize)> = (self.live.iter().copied())
                        .filter(|&c| warm.waits(c) && b.reduced[c] < -PRICING_SLACK)
                        .map(|c| (b.reduced[c], c))
                        .collect();
                    negative.sort_unstable();
                    negative.truncate(PRICING_BATCH.max(self.m.num_players()));
                    negative.into_iter().map(|(_, c)| c).collect()
                }
                None => waiting(&warm),
            };
            if priced.is_empty() {
                self.warm = Some(warm);
                return Ok(Some(Relaxation { x: solved.x, bound }));
            }
            if let Some(b) = bound {
                self.recycle_bound(b);
            }
            warm.add_columns(&self.m, &priced).map_err(backend)?;
        }
    }

    /// The columns a new warm relaxation starts with, on a model of more than
    /// [`LexOptions::working_set_from`](super::LexOptions::working_set_from) columns (`None`:
    /// every column): the floats and auxiliary variables, the incumbent's and the candidate's
    /// (`hint`) pairs, and each player's [`WORKING_SET_PER_PLAYER`] cheapest pairs under
    /// `objective`.
    fn working_set(&self, objective: &[(Var, i64)], hint: Option<&[bool]>) -> Option<Vec<bool>> {
        let pairs = self.m.pairs.len();
        if self.cols.count() <= self.opts.working_set_from {
            return None;
        }
        let mut set: Vec<bool> = (0..self.cols.count()).map(|c| c >= pairs).collect();
        for ones in self.incumbent.as_deref().into_iter().chain(hint) {
            set.iter_mut().zip(ones).for_each(|(s, &o)| *s |= o);
        }
        let mut cost = vec![0i64; pairs];
        for &(v, c) in objective {
            if let Var::Pair(e) = v {
                if let Some(x) = cost.get_mut(e) {
                    *x = x.saturating_add(c);
                }
            }
        }
        for row in &self.by_player {
            let mut alive: Vec<usize> = row.iter().copied().filter(|&e| !self.dead[e]).collect();
            let k = WORKING_SET_PER_PLAYER.min(alive.len());
            if k > 0 {
                alive.select_nth_unstable_by_key(k - 1, |&e| (cost[e], e));
                alive[..k].iter().for_each(|&e| set[e] = true);
            }
        }
        Some(set)
    }

    /// The lower bound a dual vector proves, computed exactly: the duals `y` (one per row of the
    /// program, in [`LpProgram::new`]'s order: the players, the model's constraints, the extra
    /// rows, a two-sided row as its lower then its upper side) are rounded to multiples of
    /// `1/DUAL_SCALE` and clamped to their valid sign, and then, by weak duality over `[0, 1]`
    /// columns, every point of the relaxation costs at least
    /// `y·b + Σ_c min(0, cost_c - y·A_c)`. HiGHS's tolerances cannot make this bound wrong, only
    /// weak; `None` if `y` does not fit the rows or a sum overflows.
    ///
    /// Dead columns are zero in every program and count nowhere: the sum and the reduced costs
    /// are over the live columns only (`refresh_live`; after the quality stages' reduced-cost
    /// fixing and the partner stages that is a shrinking part of a large model), written into a
    /// buffer kept from solve to solve (`recycle`), where the entries of dead columns mean nothing.
    pub(super) fn safe_bound(&mut self, objective: &[(Var, i64)], y: &[f64], extra: &[Row]) -> Option<SafeBound> {
        self.refresh_live();
        let mut reduced = std::mem::take(&mut self.spare);
        reduced.resize(self.cols.count(), 0);
        let bound = self.bound_into(&mut reduced, objective, y, extra);
        match bound {
            Some(value) => Some(SafeBound { value, reduced }),
            None => {
                self.spare = reduced;
                None
            }
        }
    }

    /// [`LexSession::safe_bound`]'s arithmetic, writing each live column's reduced cost into
    /// `reduced` (the entries of dead columns are left as they were: nothing reads them).
    fn bound_into(&self, reduced: &mut [i128], objective: &[(Var, i64)], y: &[f64], extra: &[Row]) -> Option<i128> {
        let live = |c: usize| !self.dead[c];
        let n = self.m.num_players();
        if y.len() < n {
            return None;
        }
        let yp = player_duals(y, n)?;
        // Each live column's entry set afresh: a pair's from its players' rows, every other 0.
        for &c in &self.live {
            reduced[c] = match self.m.pairs.get(c) {
                Some((a, b)) => yp[a].checked_add(yp[b])?.checked_neg()?,
                None => 0,
            };
        }
        for &(v, c) in objective {
            if let Some(col) = self.cols.col(v).filter(|&c| live(c)) {
                reduced[col] = reduced[col].checked_add(i128::from(c).checked_mul(DUAL_SCALE)?)?;
            }
        }
        let mut value: i128 = 0;
        for (i, &v) in yp.iter().enumerate() {
            value = value.checked_add(v)?;
            if let Some(c) = self.cols.col(Var::Float(i)).filter(|&c| live(c)) {
                reduced[c] = reduced[c].checked_sub(v)?;
            }
        }
        let mut k = n;
        let rows = self
            .m
            .constraints
            .iter()
            .map(|c| (&c.terms, c.lower, c.upper))
            .chain(extra.iter().map(|r| (&r.terms, r.lower, r.upper)));
        for (terms, lower, upper) in rows {
            for (rhs, sign) in [(lower, 1i8), (upper, -1i8)] {
                let Some(rhs) = rhs else { continue };
                let v = scaled(*y.get(k)?, sign)?;
                k += 1;
                if v == 0 {
                    // Most fixed optima have no dual: their terms change nothing.
                    continue;
                }
                value = value.checked_add(v.checked_mul(i128::from(rhs))?)?;
                for &(var, a) in terms.iter() {
                    if let Some(col) = self.cols.col(var).filter(|&c| live(c)) {
                        reduced[col] = reduced[col].checked_sub(v.checked_mul(i128::from(a))?)?;
                    }
                }
            }
        }
        if k != y.len() {
            return None;
        }
        for &c in &self.live {
            if reduced[c] < 0 {
                value = value.checked_add(reduced[c])?;
            }
        }
        Some(value)
    }

    /// The columns not dead, in order ([`LexSession::safe_bound`] and the pricing walk them
    /// instead of every column: reduced-cost fixing leaves a fraction of a large model alive).
    fn refresh_live(&mut self) {
        if self.live_of != self.cols.count() {
            self.live = (0..self.cols.count()).filter(|&c| !self.dead[c]).collect();
            self.live_of = self.cols.count();
        } else {
            let dead = &self.dead;
            self.live.retain(|&c| !dead[c]);
        }
    }

    /// Keeps the reduced costs' buffer of a relaxation no longer needed for the next bound (a
    /// large model's is megabytes, fresh pages at every solve otherwise).
    pub(super) fn recycle(&mut self, lp: Relaxation) {
        if let Some(b) = lp.bound {
            self.recycle_bound(b);
        }
    }

    pub(super) fn recycle_bound(&mut self, b: SafeBound) {
        if b.reduced.capacity() > self.spare.capacity() {
            self.spare = b.reduced;
        }
    }

    /// Odd-set cuts violated by the fractional point `x`: sets `S` of an odd number of players
    /// with `x(δ(S)) + f(S) < 1` (fewer than one pair leaving `S` or float of it, where every
    /// 0/1 assignment has one), found among the minimum cuts of the support graph
    /// ([`odd_sets`], after Padberg and Rao). Each is stated in the sparser of its two equivalent
    /// forms: `x(E(S)) <= (|S|-1)/2`, or `x(δ(S)) + f(S) >= 1`.
    fn separate(&self, x: &[(usize, f64)]) -> Vec<Row> {
        let n = self.m.num_players();
        let edges: Vec<(usize, usize, f64)> = x
            .iter()
            .filter(|&&(_, v)| v > FRACTIONAL)
            .filter_map(|&(e, v)| self.m.pairs.get(e).map(|(a, b)| (a, b, v)))
            .collect();
        if edges.iter().all(|t| t.2 > 1.0 - FRACTIONAL) {
            return Vec::new();
        }
        let value = |c: usize| x.binary_search_by_key(&c, |t| t.0).map_or(0.0, |k| x[k].1);
        let float: Vec<f64> = (0..n).map(|i| self.cols.col(Var::Float(i)).map_or(0.0, value)).collect();
        odd_sets(n, &edges, &float).iter().map(|set| self.odd_set_row(set)).collect()
    }

    /// The odd-set cut of the players `set` (odd in number), in the sparser of its two forms:
    /// `x(E(S)) <= (|S|-1)/2`, or `x(δ(S)) + f(S) >= 1`.
    pub(super) fn odd_set_row(&self, set: &[usize]) -> Row {
        let n = self.m.num_players();
        let mut member = vec![false; n];
        set.iter().for_each(|&i| member[i] = true);
        let (mut inside, mut crossing) = (Vec::new(), Vec::new());
        for (e, (a, b)) in self.m.pairs.iter().enumerate() {
            if self.dead[e] {
                continue;
            }
            match (member[a], member[b]) {
                (true, true) => inside.push((Var::Pair(e), 1)),
                (false, false) => {}
                _ => crossing.push((Var::Pair(e), 1)),
            }
        }
        let mut floats: Vec<usize> = set.iter().copied().filter(|&i| self.cols.floats(i)).collect();
        floats.sort_unstable();
        crossing.extend(floats.into_iter().map(|i| (Var::Float(i), 1)));
        // In variable order, as the session keeps its rows (`in_order` only checks it here).
        if inside.len() <= crossing.len() {
            Row { terms: in_order(inside), lower: None, upper: Some((set.len() as i64 - 1) / 2) }
        } else {
            Row { terms: in_order(crossing), lower: Some(1), upper: None }
        }
    }

    /// Reduced-cost fixing once a group's optimum `opt` is proven: a column whose exact reduced
    /// cost lifts the relaxation's exact bound past `opt` is zero in every optimum of the group
    /// (a point with it at one costs more than `opt`), so in every assignment later stages
    /// consider; it is left out of every later program.
    pub(super) fn fix_dead(&mut self, lp: &Relaxation, opt: i64, incumbent: &[bool]) {
        let Some(b) = &lp.bound else { return };
        let Some(limit) = i128::from(opt).checked_mul(DUAL_SCALE) else { return };
        // The columns alive when the bound was computed: its reduced costs are theirs.
        for &c in &self.live {
            let d = b.reduced[c];
            if d > 0 && b.value.saturating_add(d) > limit && !incumbent[c] {
                self.dead[c] = true;
            }
        }
    }
}
