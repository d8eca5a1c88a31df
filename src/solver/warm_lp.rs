//! The LP relaxation of a lexicographic session kept between its solves: built once (by
//! [`LpProgram`], through good_lp), then brought up to date — the rows added since (fixed
//! optima, odd-set cuts) appended, the columns fixed at zero since given the bounds `[0, 0]`,
//! the objective replaced — and solved again by HiGHS from its last basis, instead of a new
//! program solved from scratch per cut round and per stage (that rebuild was half of the
//! integer-program route's time on the features corpora).
//!
//! Its columns may be a working set ([`WarmLp::build`]'s `working`): the other columns wait
//! outside HiGHS, their coefficients in every row kept, and come in when their exact reduced cost
//! turns negative ([`WarmLp::add_columns`]; the pricing is the session's, over every column).
//! HiGHS's primal simplex prices every column of its model at every iteration: on the
//! 1,000-player round 2 of `../shared/corpus/large` (237,515 columns) that pricing was 40% of
//! the integer-program route's time, with most columns never worth one.
//!
//! Written on HiGHS's C API (`highs-sys`): the `highs` crate gives no handle on a column of a
//! model it did not build column by column.

use super::lp_program::{in_order, Columns, LpProgram, Row};
use crate::model::{BracketModel, Var};
use highs::{HighsModelStatus, Model};

/// Simplex iterations a warm solve may take per column and row of the model it was built with
/// (at least [`WARM_ITERATIONS_MIN`]).
const WARM_ITERATIONS_PER_COLUMN: usize = 4;
const WARM_ITERATIONS_MIN: usize = 5_000;

/// An LP relaxation kept warm between solves.
pub struct WarmLp {
    model: Option<Model>,
    /// The session's column of each HiGHS column.
    order: Vec<usize>,
    /// The HiGHS column of each session column (`None`: left out when built).
    col: Vec<Option<usize>>,
    /// The rows beyond the model's own, in the order they were added (each stated as its lower
    /// side, then its upper side, as [`LpProgram`] states a row).
    rows: Vec<Row>,
    /// How many of the session's fixed rows and cuts are in.
    fixed_in: usize,
    cuts_in: usize,
    /// Session columns fixed at zero.
    zeroed: Vec<bool>,
    /// The session columns not fixed at zero (in the model or waiting), in order: what
    /// [`WarmLp::sync`] looks through for columns dead since (not every column of the session).
    open: Vec<usize>,
    /// Per session column waiting outside the model (not in the working set, not fixed at
    /// zero): its coefficients in the model's own constraints (HiGHS row, coefficient). Those
    /// in the rows added since are looked up in them when it comes in (a list per column kept
    /// up to date at every row, a quality stage's row on most of 237,515 waiting columns, was a
    /// third of the route's page faults).
    waiting: Vec<Option<Vec<(highs_sys::HighsInt, f64)>>>,
    /// The HiGHS row of each of `rows`' first side.
    row_first: Vec<highs_sys::HighsInt>,
    /// Rows of the HiGHS model.
    row_count: usize,
    /// The number of columns and of model constraints it was built with.
    shape: (usize, usize),
    /// The last solve was optimal and no cut came in since: the basis is (nearly) primal
    /// feasible, and the primal simplex restarts from it (see [`WarmLp::solve`]).
    primal_ready: bool,
}

/// What a warm solve found: its status, the value of every session column, the row duals.
pub struct WarmSolution {
    /// HiGHS's status of the solve (the values below mean something when optimal).
    pub status: HighsModelStatus,
    /// The session columns ([`Columns`]) of nonzero value, in column order, with their values
    /// (the others, those left out included, are zero).
    pub x: Vec<(usize, f64)>,
    /// Per row of the relaxation: its dual value, as HiGHS gives them.
    pub duals: Vec<f64>,
}

fn ok(status: highs_sys::HighsInt, what: &str) -> Result<(), String> {
    // kHighsStatusError is -1; a warning (1) leaves the model usable.
    if status < 0 {
        Err(format!("HiGHS: {what} failed"))
    } else {
        Ok(())
    }
}

/// The simplex iterations a warm solve of a model with `size` columns and players may take.
fn set_iteration_limit(model: &mut Model, size: usize) {
    let limit = WARM_ITERATIONS_PER_COLUMN.saturating_mul(size).max(WARM_ITERATIONS_MIN);
    let _ = model.try_set_option("simplex_iteration_limit", i32::try_from(limit).unwrap_or(i32::MAX));
}

impl WarmLp {
    /// The relaxation of `m` without extra rows, the `dead` columns left out, configured by
    /// `configure`; with `working`, only the columns it marks are in, the others wait
    /// ([`WarmLp::add_columns`]).
    pub fn build(
        m: &BracketModel,
        cols: &Columns,
        dead: &[bool],
        working: Option<&[bool]>,
        configure: impl Fn(&mut Model),
    ) -> Result<WarmLp, String> {
        let is_in = |c: usize| working.is_none_or(|w| w.get(c).copied().unwrap_or(true));
        let left_out: Vec<bool> = dead.iter().enumerate().map(|(c, &d)| d || !is_in(c)).collect();
        let program = LpProgram::new(m, &[], &[], &left_out, true);
        let order = program.order().to_vec();
        let mut model = program.highs()?;
        configure(&mut model);
        // No presolve: a relaxation of a matching has little to remove, and HiGHS presolved
        // every first solve after a build (a rebuild on the live columns included). Without it
        // the features-2026 corpus on this route took 2.9-3.0 s of CPU instead of 3.6, the
        // 1,000-player round 2 3.1 s instead of 3.5 (best of three), the same pairings.
        let _ = model.try_set_option("presolve", "off");
        // A warm start that does not finish within this many simplex iterations is given up
        // (the caller solves that relaxation from scratch): on some degenerate relaxations
        // with wide merged weights HiGHS's dual simplex, started from the last basis, did not
        // finish at all.
        set_iteration_limit(&mut model, order.len() + m.num_players());
        let mut col = vec![None; cols.count()];
        order.iter().enumerate().for_each(|(k, &c)| col[c] = Some(k));
        let mut waiting: Vec<Option<Vec<(highs_sys::HighsInt, f64)>>> =
            dead.iter().enumerate().map(|(c, &d)| (!d && !is_in(c)).then(Vec::new)).collect();
        // The model's constraints, each side a row after the players' (as `LpProgram` states them).
        let mut row_count = m.num_players();
        for c in &m.constraints {
            for side in [c.lower, c.upper] {
                if side.is_none() {
                    continue;
                }
                for &(v, a) in &c.terms {
                    if let Some(w) = cols.col(v).and_then(|k| waiting[k].as_mut()) {
                        w.push((row_count as highs_sys::HighsInt, a as f64));
                    }
                }
                row_count += 1;
            }
        }
        Ok(WarmLp {
            model: Some(model),
            order,
            col,
            rows: Vec::new(),
            row_first: Vec::new(),
            fixed_in: 0,
            cuts_in: 0,
            zeroed: dead.to_vec(),
            open: (0..cols.count()).filter(|&c| !dead[c]).collect(),
            waiting,
            row_count,
            shape: (cols.count(), m.constraints.len()),
            primal_ready: false,
        })
    }

    /// Whether it still states the session's model (no column or constraint added since).
    pub fn fits(&self, cols: &Columns, m: &BracketModel) -> bool {
        self.shape == (cols.count(), m.constraints.len())
    }

    /// The rows beyond the model's own, in the model's order.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    fn ptr(&mut self) -> Result<*mut std::ffi::c_void, String> {
        self.model.as_mut().map(|m| m.as_mut_ptr()).ok_or_else(|| "HiGHS: the relaxation was lost".to_string())
    }

    /// Brings it up to date with the session's `fixed` rows and `cuts` (both only ever grow)
    /// and its `dead` columns.
    pub fn sync(&mut self, cols: &Columns, fixed: &[Row], cuts: &[Row], dead: &[bool]) -> Result<(), String> {
        let ptr = self.ptr()?;
        let newly: Vec<usize> = self.open.iter().copied().filter(|&c| dead[c]).collect();
        self.open.retain(|&c| !dead[c]);
        let mut zero: Vec<highs_sys::HighsInt> = Vec::new();
        for c in newly {
            self.waiting[c] = None;
            zero.extend(self.col[c].map(|k| k as highs_sys::HighsInt));
            self.zeroed[c] = true;
        }
        if !zero.is_empty() {
            zero.sort_unstable();
            let nothing = vec![0.0; zero.len()];
            // SAFETY: `ptr` is the live HiGHS instance `self.model` owns; `zero` holds distinct
            // columns of it in increasing order, `nothing` as many bounds.
            let status = unsafe {
                highs_sys::Highs_changeColsBoundsBySet(
                    ptr,
                    zero.len() as highs_sys::HighsInt,
                    zero.as_ptr(),
                    nothing.as_ptr(),
                    nothing.as_ptr(),
                )
            };
            ok(status, "bounds")?;
        }
        if cuts.len() > self.cuts_in {
            self.primal_ready = false;
        }
        // Kept without the terms of dead columns (zero in every later assignment; the exact
        // bound reads these rows, and a quality stage's row has a term on most pairs), in
        // variable order (a waiting column is looked up in them).
        let new: Vec<Row> = fixed[self.fixed_in..]
            .iter()
            .chain(&cuts[self.cuts_in..])
            .map(|r| Row {
                terms: in_order(
                    r.terms.iter().copied().filter(|&(v, _)| cols.col(v).is_some_and(|c| !dead[c])).collect(),
                ),
                ..*r
            })
            .collect();
        (self.fixed_in, self.cuts_in) = (fixed.len(), cuts.len());
        // All of them in one call, each side a row (compressed by rows).
        let (mut lower, mut upper, mut starts) = (Vec::new(), Vec::new(), Vec::new());
        let (mut index, mut value): (Vec<highs_sys::HighsInt>, Vec<f64>) = (Vec::new(), Vec::new());
        for r in new {
            let mut coef: std::collections::BTreeMap<usize, f64> = std::collections::BTreeMap::new();
            for &(v, a) in &r.terms {
                if let Some(k) = cols.col(v).and_then(|c| self.col[c]) {
                    *coef.entry(k).or_insert(0.0) += a as f64;
                }
            }
            self.row_first.push(self.row_count as highs_sys::HighsInt);
            for (lo, hi) in [(r.lower, None), (None, r.upper)] {
                if lo.is_none() && hi.is_none() {
                    continue;
                }
                lower.push(lo.map_or(f64::NEG_INFINITY, |v| v as f64));
                upper.push(hi.map_or(f64::INFINITY, |v| v as f64));
                starts.push(index.len() as highs_sys::HighsInt);
                index.extend(coef.keys().map(|&k| k as highs_sys::HighsInt));
                value.extend(coef.values().copied());
                self.row_count += 1;
            }
            self.rows.push(r);
        }
        if !lower.is_empty() {
            // SAFETY: as above; `lower`, `upper` and `starts` have one entry per new row,
            // `index` and `value` `index.len()` entries, columns of the model.
            let status = unsafe {
                highs_sys::Highs_addRows(
                    ptr,
                    lower.len() as highs_sys::HighsInt,
                    lower.as_ptr(),
                    upper.as_ptr(),
                    index.len() as highs_sys::HighsInt,
                    starts.as_ptr(),
                    index.as_ptr(),
                    value.as_ptr(),
                )
            };
            ok(status, "adding rows")?;
        }
        Ok(())
    }

    /// The columns of the HiGHS model.
    pub fn columns(&self) -> usize {
        self.order.len()
    }

    /// The columns of the HiGHS model not fixed at zero.
    pub fn alive(&self) -> usize {
        self.order.iter().filter(|&&c| !self.zeroed[c]).count()
    }

    /// Per session column: whether it is in the HiGHS model and not fixed at zero.
    pub fn alive_in(&self) -> Vec<bool> {
        self.col.iter().zip(&self.zeroed).map(|(k, &z)| k.is_some() && !z).collect()
    }

    /// Whether session column `c` waits outside the model (it may be added).
    pub fn waits(&self, c: usize) -> bool {
        self.waiting.get(c).is_some_and(|w| w.is_some())
    }

    /// Whether some column waits outside the model.
    pub fn any_waiting(&self) -> bool {
        self.waiting.iter().any(|w| w.is_some())
    }

    /// Adds the waiting session columns `new` (pairs only: the floats and auxiliary variables
    /// are always in) to the model, at zero, nonbasic: the basis stays valid and primal
    /// feasible, and the next solve goes on from it.
    pub fn add_columns(&mut self, m: &BracketModel, new: &[usize]) -> Result<(), String> {
        let ptr = self.ptr()?;
        // All of them in one call (compressed by columns).
        let (mut starts, mut index, mut value): (Vec<highs_sys::HighsInt>, Vec<highs_sys::HighsInt>, Vec<f64>) =
            (Vec::new(), Vec::new(), Vec::new());
        for &c in new {
            let Some((a, b)) = m.pairs.get(c) else { continue };
            let Some(own) = self.waiting.get_mut(c).and_then(Option::take) else { continue };
            let mut coef: std::collections::BTreeMap<highs_sys::HighsInt, f64> = std::collections::BTreeMap::new();
            for (r, v) in [(a as highs_sys::HighsInt, 1.0), (b as highs_sys::HighsInt, 1.0)].into_iter().chain(own) {
                *coef.entry(r).or_insert(0.0) += v;
            }
            // Its coefficient in each row added since the build, on each side stated.
            for (r, &first) in self.rows.iter().zip(&self.row_first) {
                let Ok(k) = r.terms.binary_search_by_key(&Var::Pair(c), |t| t.0) else { continue };
                let sides = [r.lower.is_some(), r.upper.is_some()];
                for (h, _) in (first..).zip(sides.iter().filter(|&&s| s)) {
                    *coef.entry(h).or_insert(0.0) += r.terms[k].1 as f64;
                }
            }
            starts.push(index.len() as highs_sys::HighsInt);
            index.extend(coef.keys().copied());
            value.extend(coef.values().copied());
            self.col[c] = Some(self.order.len());
            self.order.push(c);
        }
        if !starts.is_empty() {
            let (cost, lower, upper) = (vec![0.0; starts.len()], vec![0.0; starts.len()], vec![1.0; starts.len()]);
            // SAFETY: as in `sync`; `cost`, `lower`, `upper` and `starts` have one entry per new
            // column, `index` and `value` `index.len()` entries, rows of the model.
            let status = unsafe {
                highs_sys::Highs_addCols(
                    ptr,
                    starts.len() as highs_sys::HighsInt,
                    cost.as_ptr(),
                    lower.as_ptr(),
                    upper.as_ptr(),
                    index.len() as highs_sys::HighsInt,
                    starts.as_ptr(),
                    index.as_ptr(),
                    value.as_ptr(),
                )
            };
            ok(status, "adding columns")?;
        }
        let size = self.order.len() + m.num_players();
        if let Some(model) = self.model.as_mut() {
            set_iteration_limit(model, size);
        }
        Ok(())
    }

    /// Solves it with `objective` (minimised), warm from the last basis.
    pub fn solve(&mut self, cols: &Columns, objective: &[(Var, i64)]) -> Result<WarmSolution, String> {
        let mut cost = vec![0.0; self.order.len()];
        for &(v, c) in objective {
            if let Some(k) = cols.col(v).and_then(|c| self.col[c]) {
                cost[k] += c as f64;
            }
        }
        let ptr = self.ptr()?;
        if !cost.is_empty() {
            // SAFETY: as above; `cost` has one entry per column.
            let status = unsafe {
                highs_sys::Highs_changeColsCostByRange(ptr, 0, (cost.len() - 1) as highs_sys::HighsInt, cost.as_ptr())
            };
            ok(status, "setting the objective")?;
        }
        let mut model = self.model.take().ok_or("HiGHS: the relaxation was lost")?;
        // After a new objective (and the rows fixing the last optima, which that optimum meets)
        // the last basis stays primal feasible: the primal simplex goes on from it, where the
        // dual simplex (HiGHS's choice) first had to regain dual feasibility. On the
        // candidate-order stages of a 309-player bracket: 1.0 s a solve -> 0.1 s. After cuts
        // (which cut the last point off) or a fresh build, HiGHS's own choice (dual) is kept.
        let _ = model.try_set_option("simplex_strategy", if self.primal_ready { 4 } else { 1 });
        let solved = model.try_solve().map_err(|e| format!("HiGHS error {e:?}"))?;
        let status = solved.status();
        let sol = solved.get_solution();
        if status == HighsModelStatus::Optimal && sol.columns().len() != self.order.len() {
            return Err("HiGHS returned no relaxation values".into());
        }
        let mut x: Vec<(usize, f64)> =
            (self.order.iter().copied()).zip(sol.columns().iter().copied()).filter(|&(_, v)| v != 0.0).collect();
        x.sort_unstable_by_key(|t| t.0);
        let duals = sol.dual_rows().to_vec();
        self.primal_ready = status == HighsModelStatus::Optimal;
        self.model = Some(solved.into());
        Ok(WarmSolution { status, x, duals })
    }
}
