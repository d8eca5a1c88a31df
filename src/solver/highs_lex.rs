//! Lexicographic optimisation of a [`BracketModel`] with HiGHS.
//!
//! Stages are solved in priority order: after each solve the optimum of the stage is fixed with
//! a row `cost · (x, f, a) <= opt` and the next stage becomes the objective. Every solve states
//! its program with good_lp ([`super::lp_program`]: the model's rows, the fixed optima, the
//! objective as good_lp expressions) and hands it to HiGHS through good_lp's HiGHS solver; the
//! model good_lp builds is configured and solved here, so that the status and HiGHS's dual bound
//! can be read. With the cargo feature `lp-microlp` the same programs go to good_lp's pure-Rust
//! `microlp` instead (`LpSolver::Microlp`; no dual bound, so no merged stages).
//!
//! Consecutive stages are merged into one weighted objective only when the weighted total
//! provably stays below [`LexOptions::max_merged_magnitude`] (at most 2^53, where doubles
//! are still exact integers), and every merged optimum is re-checked against HiGHS's dual bound;
//! if the check fails the group is solved again stage by stage. A stage whose lower bound the
//! incumbent already meets is fixed without calling HiGHS.
//!
//! [`LexSession`] lets a system add stages (and auxiliary variables and constraints) after seeing
//! earlier optima, as the candidate orders of the FIDE systems require; [`solve_lexicographic`]
//! solves a model's own stages in one go.
//!
//! HiGHS runs silent, single-threaded, with a fixed seed and `mip_rel_gap = 0`, so the same model
//! gives the same answer on any machine; the systems' tie-break stages make the optimum unique.

use super::bounds::value_bounds;
use super::lex::{LexBackend, StageReport};
use super::lp_program::{Columns, LpProgram, Row};
use crate::model::{BracketModel, Constraint, Cost, Solution, SolveError, Stage, Var};
use highs::{HighsModelStatus, Model};
use serde::Serialize;
use std::time::Instant;

/// Integers up to 2^53 are exact in a double.
const EXACT_LIMIT: i64 = 1 << 53;

/// The message of the [`SolveError::Backend`] of a solve stopped by its time limit.
pub const TIME_LIMIT: &str = "time limit reached";

/// Options of the lexicographic solver.
#[derive(Clone, Debug)]
pub struct LexOptions {
    /// Largest weighted objective magnitude allowed when merging stages (≤ 2^53).
    pub max_merged_magnitude: i64,
    /// Wall-clock limit per HiGHS call, in seconds.
    pub time_limit: Option<f64>,
    /// After the last stage, prove that no other assignment reaches the same stage values.
    pub check_unique: bool,
    /// Merge consecutive stages into one exact weighted objective where that is provably exact.
    pub merge_stages: bool,
    /// The good_lp solver the programs go to.
    pub solver: LpSolver,
}

/// The good_lp solver of the integer-program backend.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum LpSolver {
    /// HiGHS (the reference backend).
    #[default]
    Highs,
    /// good_lp's pure-Rust `microlp` (cargo feature `lp-microlp`): small programs only.
    #[cfg(feature = "lp-microlp")]
    Microlp,
}

impl Default for LexOptions {
    fn default() -> Self {
        LexOptions {
            max_merged_magnitude: 1 << 50,
            time_limit: None,
            check_unique: false,
            merge_stages: true,
            solver: LpSolver::Highs,
        }
    }
}

/// The optimum and how it was reached.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LexResult {
    pub solution: Solution,
    pub stages: Vec<StageReport>,
    /// Number of HiGHS calls made.
    pub solves: usize,
}

/// Solves the stages of `m` lexicographically.
pub fn solve_lexicographic(m: &BracketModel, opts: &LexOptions) -> Result<LexResult, SolveError> {
    let mut base = m.clone();
    let stages = std::mem::take(&mut base.stages);
    let mut s = LexSession::new(base, opts.clone())?;
    s.solve_stages(stages)?;
    s.finish()
}

/// One model solved stage after stage; stages may be added after seeing earlier optima.
pub struct LexSession {
    m: BracketModel,
    opts: LexOptions,
    /// Columns of the programs: pairs, floats, auxiliary variables.
    cols: Columns,
    /// Rows beyond the model's own: the optima fixed so far (and the uniqueness cut).
    fixed: Vec<Row>,
    incumbent: Option<Vec<bool>>,
    reports: Vec<StageReport>,
    solves: usize,
}

impl LexSession {
    /// Builds the HiGHS model of `m` (its stages, if any, are ignored: pass them to
    /// [`LexSession::solve_stages`]).
    pub fn new(mut m: BracketModel, mut opts: LexOptions) -> Result<LexSession, SolveError> {
        m.stages.clear();
        m.validate().map_err(SolveError::InvalidModel)?;
        if opts.solver != LpSolver::Highs {
            // Merged stages are checked against HiGHS's dual bound, which other solvers lack.
            opts.merge_stages = false;
        }
        let cols = Columns::of(&m);
        Ok(LexSession { m, opts, cols, fixed: Vec::new(), incumbent: None, reports: Vec::new(), solves: 0 })
    }

    /// The model as it stands: its stages are those solved so far.
    pub fn model(&self) -> &BracketModel {
        &self.m
    }

    /// Reports of the stages solved so far.
    pub fn reports(&self) -> &[StageReport] {
        &self.reports
    }

    /// Whether variable `v` is one in the assignment `ones` (by column).
    fn one(&self, ones: &[bool], v: Var) -> bool {
        self.cols.col(v).is_some_and(|c| ones[c])
    }

    fn eval_terms(&self, terms: &[(Var, i64)], ones: &[bool]) -> i64 {
        terms.iter().filter(|&&(v, _)| self.one(ones, v)).map(|&(_, c)| c).sum()
    }

    fn eval(&self, cost: &Cost, ones: &[bool]) -> i64 {
        self.eval_terms(&cost.terms, ones)
    }

    /// Adds an auxiliary 0/1 variable (no constraint yet).
    pub fn add_aux(&mut self, name: &str) -> Var {
        let v = self.m.add_aux(name);
        self.cols = Columns::of(&self.m);
        if let Some(inc) = &mut self.incumbent {
            // Unconstrained yet: the incumbent extended with a zero stays feasible.
            inc.push(false);
        }
        v
    }

    /// Adds a side constraint; the incumbent is dropped if it violates it.
    pub fn add_constraint(
        &mut self,
        name: &str,
        terms: Vec<(Var, i64)>,
        lower: Option<i64>,
        upper: Option<i64>,
    ) -> Result<(), SolveError> {
        if let Some(v) = terms.iter().map(|t| t.0).find(|&v| !self.m.has_var(v)) {
            return Err(SolveError::InvalidModel(format!("constraint {name} uses {v:?}, which is not a variable")));
        }
        if let Some(inc) = &self.incumbent {
            let val = self.eval_terms(&terms, inc);
            if lower.is_some_and(|l| val < l) || upper.is_some_and(|u| val > u) {
                self.incumbent = None;
            }
        }
        self.m.constraints.push(Constraint { name: name.to_string(), terms, lower, upper });
        Ok(())
    }

    /// Solves `stages` in order (after all earlier ones) and returns their optimal values.
    pub fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let first = self.m.stages.len();
        for s in &stages {
            self.m.check_stage(s).map_err(SolveError::InvalidModel)?;
        }
        let costs: Vec<Cost> = stages.iter().map(|s| s.cost.normalised()).collect();
        self.m.stages.extend(stages);
        let bounds: Vec<(i64, i64)> = costs.iter().map(|c| value_bounds(&self.m, c)).collect();
        let max_mag = self.opts.max_merged_magnitude.min(EXACT_LIMIT);
        let groups = merge_groups(&self.m, first, &bounds, max_mag, self.opts.merge_stages)?;
        let mut queue: std::collections::VecDeque<Vec<(usize, i64)>> = groups.into();
        let mut values = vec![0i64; costs.len()];
        while let Some(group) = queue.pop_front() {
            let start = Instant::now();
            // Fast path: the incumbent already meets every stage's lower bound.
            if let Some(inc) = &self.incumbent {
                if group.iter().all(|&(k, _)| self.eval(&costs[k], inc) == bounds[k].0) {
                    for &(k, _) in &group {
                        values[k] = bounds[k].0;
                        self.fix(&costs[k], values[k]);
                        self.report(first + k, values[k], "bound", start);
                    }
                    continue;
                }
            }
            let objective: Vec<(Var, i64)> =
                group.iter().flat_map(|&(k, w)| costs[k].terms.iter().map(move |&(v, c)| (v, w * c))).collect();
            let (assignment, dual) = self.run(&objective)?;
            // All objective values are integers: the rounded assignment is optimal when its exact
            // weighted value is within one unit of HiGHS's proven dual bound.
            let exact: i64 = group.iter().map(|&(k, w)| w * self.eval(&costs[k], &assignment)).sum();
            if group.len() > 1 && dual < exact as f64 - 0.5 {
                for &(k, _) in group.iter().rev() {
                    queue.push_front(vec![(k, 1)]);
                }
                continue;
            }
            let how = if group.len() > 1 { "merged" } else { "solved" };
            for &(k, _) in &group {
                values[k] = self.eval(&costs[k], &assignment);
                self.fix(&costs[k], values[k]);
                self.report(first + k, values[k], how, start);
            }
            self.incumbent = Some(assignment);
        }
        Ok(values)
    }

    fn fix(&mut self, cost: &Cost, value: i64) {
        if cost.terms.is_empty() {
            return;
        }
        self.fixed.push(Row { terms: cost.terms.clone(), lower: None, upper: Some(value) });
    }

    fn report(&mut self, k: usize, value: i64, how: &'static str, start: Instant) {
        let key = self.m.stages[k].key;
        self.reports.push(StageReport { key, value, how, seconds: start.elapsed().as_secs_f64() });
    }

    /// Solves the program minimising `objective` under every fixed optimum; returns the rounded
    /// 0/1 assignment (by column) and the dual bound.
    fn run(&mut self, objective: &[(Var, i64)]) -> Result<(Vec<bool>, f64), SolveError> {
        self.solves += 1;
        if self.cols.count() == 0 {
            return if self.m.num_players() == 0 { Ok((vec![], 0.0)) } else { Err(SolveError::Infeasible) };
        }
        let program = LpProgram::new(&self.m, &self.fixed, objective);
        match self.opts.solver {
            LpSolver::Highs => {
                let mut model = program.highs().map_err(|e| SolveError::Backend(format!("HiGHS: {e}")))?;
                configure(&mut model, &self.opts);
                self.run_highs(model)
            }
            #[cfg(feature = "lp-microlp")]
            LpSolver::Microlp => {
                match program.solve_microlp().map_err(|e| SolveError::Backend(format!("microlp: {e}")))? {
                    Some(cols) => {
                        let value = self.eval_terms(objective, &cols) as f64;
                        Ok((cols, value))
                    }
                    None => Err(SolveError::Infeasible),
                }
            }
        }
    }

    fn run_highs(&self, model: Model) -> Result<(Vec<bool>, f64), SolveError> {
        let solved = match model.try_solve() {
            Ok(s) => s,
            Err(e) => return Err(SolveError::Backend(format!("HiGHS error {e:?}"))),
        };
        match solved.status() {
            HighsModelStatus::Optimal => {
                let cols: Vec<bool> = solved.get_solution().columns().iter().map(|&v| v > 0.5).collect();
                if cols.len() == self.cols.count() {
                    Ok((cols, dual_bound(&solved)))
                } else {
                    Err(SolveError::Backend("HiGHS returned no solution values".into()))
                }
            }
            HighsModelStatus::Infeasible => Err(SolveError::Infeasible),
            HighsModelStatus::ReachedTimeLimit => Err(SolveError::Backend(TIME_LIMIT.into())),
            s => Err(SolveError::Backend(format!("HiGHS stopped with status {s:?}"))),
        }
    }

    /// Makes `ones` the incumbent if it is feasible and optimal on every stage solved so far.
    pub fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        let current = self.solution()?;
        let Some(cand) = super::lex::solution_of(&self.m, ones) else { return Ok(false) };
        if cand.stage_values != current.stage_values || !self.m.constraints.is_empty() || !self.m.aux.is_empty() {
            return Ok(false);
        }
        let mut cols = vec![false; self.cols.count()];
        for &v in ones {
            if let Some(c) = self.cols.col(v) {
                cols[c] = true;
            }
        }
        self.incumbent = Some(cols);
        Ok(true)
    }

    /// The current optimum (solving for feasibility if no stage was solved yet).
    pub fn solution(&mut self) -> Result<Solution, SolveError> {
        let ones = match &self.incumbent {
            Some(a) => a.clone(),
            None => {
                let (a, _) = self.run(&[])?;
                self.incumbent = Some(a.clone());
                a
            }
        };
        let values: Vec<i64> = self.m.stages.iter().map(|s| self.eval(&s.cost, &ones)).collect();
        let pairs = (0..self.m.pairs.len()).filter(|&e| ones[e]).collect();
        let floaters = (0..self.m.num_players()).filter(|&i| self.one(&ones, Var::Float(i))).collect();
        let aux = (0..self.m.aux.len()).filter(|&k| self.one(&ones, Var::Aux(k))).collect();
        Ok(Solution { pairs, floaters, aux, stage_values: values })
    }

    /// The final optimum, verified against the model (and proven unique if asked).
    pub fn finish(mut self) -> Result<LexResult, SolveError> {
        let solution = self.solution()?;
        solution.verify(&self.m).map_err(|e| SolveError::Backend(format!("HiGHS answer fails verification: {e}")))?;
        if self.opts.check_unique {
            self.check_unique()?;
        }
        Ok(LexResult { solution, stages: self.reports, solves: self.solves })
    }

    /// Adds a no-good cut excluding the incumbent and proves the fixed model infeasible.
    fn check_unique(&mut self) -> Result<(), SolveError> {
        let Some(ones) = self.incumbent.clone() else {
            return Ok(());
        };
        // The no-good cut: at most |ones| - 1 of the incumbent's variables at one.
        let all: Vec<Var> = (0..self.m.pairs.len())
            .map(Var::Pair)
            .chain((0..self.m.num_players()).map(Var::Float))
            .chain((0..self.m.aux.len()).map(Var::Aux))
            .collect();
        let terms: Vec<(Var, i64)> = all.into_iter().filter(|&v| self.one(&ones, v)).map(|v| (v, 1)).collect();
        let k = terms.len() as i64;
        self.fixed.push(Row { terms, lower: None, upper: Some(k - 1) });
        match self.run(&[]) {
            Err(SolveError::Infeasible) => Ok(()),
            Ok(_) => Err(SolveError::InvalidModel(
                "the optimum is not unique: the tie-break stages do not order every candidate".into(),
            )),
            Err(e) => Err(e),
        }
    }
}

/// Silent, single-threaded, fixed seed, exact gap (see module docs).
fn configure(model: &mut Model, opts: &LexOptions) {
    model.make_quiet();
    model.set_option("threads", 1);
    model.set_option("random_seed", 0);
    model.set_option("mip_rel_gap", 0.0);
    model.set_option("mip_abs_gap", 0.0);
    if let Some(t) = opts.time_limit {
        model.set_option("time_limit", t);
    }
}

fn dual_bound(solved: &highs::SolvedModel) -> f64 {
    // For a MIP HiGHS reports the proven lower bound; for a problem solved without branching
    // the objective itself is the bound.
    match solved.double_info_value(c"mip_dual_bound") {
        Ok(v) if v.is_finite() => v,
        _ => solved.objective_value(),
    }
}

/// Groups of consecutive stages (indices relative to `first`) whose weighted sum stays within
/// `max_mag`, with their weights.
fn merge_groups(
    m: &BracketModel,
    first: usize,
    bounds: &[(i64, i64)],
    max_mag: i64,
    merge: bool,
) -> Result<Vec<Vec<(usize, i64)>>, SolveError> {
    let mut groups: Vec<Vec<(usize, i64)>> = Vec::new();
    let mut k = 0;
    while k < bounds.len() {
        let (lo, hi) = bounds[k];
        // A single stage must be exact in doubles, whatever the merge limit.
        if lo.unsigned_abs().max(hi.unsigned_abs()) > EXACT_LIMIT as u64 {
            return Err(SolveError::InvalidModel(format!(
                "stage {} can reach {} in magnitude, beyond exact floating point",
                m.stages[first + k].key,
                lo.unsigned_abs().max(hi.unsigned_abs())
            )));
        }
        let mut end = k + 1;
        while merge && end < bounds.len() {
            let cand: Vec<usize> = (k..=end).collect();
            if weighted_magnitude(&cand, bounds).is_some_and(|mag| mag <= max_mag as u128) {
                end += 1;
            } else {
                break;
            }
        }
        let idx: Vec<usize> = (k..end).collect();
        let weights = weights_for(&idx, bounds);
        groups.push(idx.into_iter().zip(weights).collect());
        k = end;
    }
    Ok(groups)
}

/// The weight of a stage in a group: the product of (range + 1) of all later stages in it.
fn weights_for(idx: &[usize], bounds: &[(i64, i64)]) -> Vec<i64> {
    let mut w = vec![1i64; idx.len()];
    for j in (0..idx.len().saturating_sub(1)).rev() {
        let (lo, hi) = bounds[idx[j + 1]];
        w[j] = w[j + 1].saturating_mul(hi - lo + 1);
    }
    w
}

fn weighted_magnitude(idx: &[usize], bounds: &[(i64, i64)]) -> Option<u128> {
    let mut w: u128 = 1;
    let mut total: u128 = 0;
    for &j in idx.iter().rev() {
        let (lo, hi) = bounds[j];
        total = total.checked_add(w.checked_mul(lo.unsigned_abs().max(hi.unsigned_abs()) as u128)?)?;
        w = w.checked_mul((hi - lo + 1) as u128)?;
    }
    Some(total)
}

impl LexBackend for LexSession {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        LexSession::solve_stages(self, stages)
    }
    fn solution(&mut self) -> Result<Solution, SolveError> {
        LexSession::solution(self)
    }
    fn model(&self) -> &BracketModel {
        LexSession::model(self)
    }
    fn reports(&self) -> &[StageReport] {
        LexSession::reports(self)
    }
    fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        LexSession::adopt(self, ones)
    }
}
