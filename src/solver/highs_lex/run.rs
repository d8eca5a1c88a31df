//! One program of a group solved ([`LexSession::run`]): the candidate proven by the relaxation's
//! exact bound, else HiGHS's branch and bound from the candidate over the columns its value
//! allows, or good_lp's microlp; HiGHS's answers read back by model column. Apart from the stage
//! loop, which only asks for a group's optimum and its proven bound.

use super::relax::Relaxation;
use super::{configure, LexSession, LpSolver, DUAL_SCALE, TIME_LIMIT};
use crate::model::{SolveError, Var};
use crate::solver::lp_program::{LpProgram, Row};
use highs::{HighsModelStatus, Model};

impl LexSession {
    /// Solves the program minimising `objective` under every fixed optimum; returns the rounded
    /// 0/1 assignment (by column), a proven lower bound, and the last LP relaxation solved (for
    /// reduced-cost fixing).
    ///
    /// `hint`, an assignment believed optimal, is proven so by the relaxation's exact bound
    /// when it can be, and otherwise starts HiGHS's branch and bound.
    pub(super) fn run(
        &mut self,
        objective: &[(Var, i64)],
        hint: Option<&[bool]>,
        merged: bool,
    ) -> Result<(Vec<bool>, f64, Option<Relaxation>), SolveError> {
        self.solves += 1;
        if self.cols.count() == 0 {
            return if self.m.num_players() == 0 { Ok((vec![], 0.0, None)) } else { Err(SolveError::Infeasible) };
        }
        match self.opts.solver {
            LpSolver::Highs => {
                let hint = hint.filter(|h| self.satisfies(h));
                let target = hint.map(|h| i128::from(self.eval_terms(objective, h)));
                let lp = match self.relax_and_cut(objective, target, hint) {
                    Ok(lp) => lp,
                    // HiGHS's simplex can stop without an answer (status Unknown) on the wide
                    // weights of merged stages: they are solved again stage by stage.
                    Err(SolveError::Backend(msg)) if merged && msg != TIME_LIMIT => {
                        return Ok((vec![false; self.cols.count()], f64::NEG_INFINITY, None));
                    }
                    // A lone stage: its branch and bound, from the candidate, without the cuts.
                    Err(SolveError::Backend(msg)) if msg != TIME_LIMIT => {
                        let (ones, dual) = self.run_mip(objective, hint, &self.dead)?;
                        return Ok((ones, dual, None));
                    }
                    Err(e) => return Err(e),
                };
                if let (Some(h), Some(t), Some(bound)) = (hint, target, &lp.bound) {
                    if bound.value > (t - 1) * DUAL_SCALE {
                        return Ok((h.to_vec(), t as f64, Some(lp)));
                    }
                }
                if let (Some(ones), Some(bound)) = (lp.integral(self.cols.count()), &lp.bound) {
                    // Integral, feasible, and its exact value within one unit of the exact bound:
                    // optimal (every value is an integer).
                    let value = i128::from(self.eval_terms(objective, &ones));
                    if self.satisfies(&ones) && bound.value > (value - 1) * DUAL_SCALE {
                        return Ok((ones, value as f64, Some(lp)));
                    }
                }
                if merged {
                    // Merged stages whose relaxation stalls: solved again stage by stage (smaller
                    // weights, each stage's cuts proven before the next) before branch and bound.
                    return Ok((vec![false; self.cols.count()], f64::NEG_INFINITY, None));
                }
                // With a candidate of value `t`, a column whose exact reduced cost lifts the bound
                // past `t` is zero in every assignment at least as good: the branch and bound
                // searches without it (its optimum is then the optimum of the whole program).
                let mut left_out = self.dead.clone();
                if let (Some(t), Some(b)) = (target, &lp.bound) {
                    if let Some(limit) = t.checked_mul(DUAL_SCALE) {
                        // Dead columns are out already (the bound has no reduced cost for them).
                        for (c, out) in left_out.iter_mut().enumerate().filter(|(_, out)| !**out) {
                            *out = b.reduced[c] > 0 && b.value.saturating_add(b.reduced[c]) > limit;
                        }
                    }
                }
                let (ones, dual) = self.run_mip(objective, hint, &left_out)?;
                Ok((ones, dual, Some(lp)))
            }
            #[cfg(feature = "lp-microlp")]
            LpSolver::Microlp => {
                let program = LpProgram::new(&self.m, &self.fixed, objective, &self.dead, false);
                match program.solve_microlp().map_err(|e| SolveError::Backend(format!("microlp: {e}")))? {
                    Some(cols) => {
                        let value = self.eval_terms(objective, &cols) as f64;
                        Ok((cols, value, None))
                    }
                    None => Err(SolveError::Infeasible),
                }
            }
        }
    }

    /// The rows of every program beyond the model's own: the fixed optima and the cuts.
    pub(super) fn extra_rows(&self) -> Vec<Row> {
        self.fixed.iter().chain(&self.cuts).cloned().collect()
    }

    /// The integer program with HiGHS's branch and bound, started from the incumbent (the
    /// previous stage's optimum stays feasible: later stages only add rows it meets).
    fn run_mip(
        &self,
        objective: &[(Var, i64)],
        hint: Option<&[bool]>,
        left_out: &[bool],
    ) -> Result<(Vec<bool>, f64), SolveError> {
        let program = LpProgram::new(&self.m, &self.extra_rows(), objective, left_out, false);
        let order = program.order().to_vec();
        let mut model = program.highs().map_err(|e| SolveError::Backend(format!("HiGHS: {e}")))?;
        configure(&mut model, &self.opts);
        let start = hint.or(self.incumbent.as_deref());
        if let Some(inc) = start.filter(|inc| self.satisfies(inc) && !inc.iter().zip(left_out).any(|(&o, &d)| o && d)) {
            let start: Vec<f64> = order.iter().map(|&c| if inc[c] { 1.0 } else { 0.0 }).collect();
            // A start HiGHS refuses only costs time: the solve is exact either way.
            let _ = model.try_set_solution(Some(&start), None, None, None);
            // From a start (the weighted matching's optimum on a matching model, else the
            // previous stage's), the branch and bound mostly has the bound to prove: HiGHS's
            // primal heuristics (sub-MIPs searching for better points) took most of its time on
            // the features corpora. Off, the search is as exact and 1.1-6x faster there; an
            // option this HiGHS lacks is skipped (it changes the speed only).
            for flag in PRIMAL_HEURISTICS {
                let _ = model.try_set_option(flag, false);
            }
            let _ = model.try_set_option("mip_heuristic_effort", 0.0);
        }
        self.run_highs(model, &order)
    }

    fn run_highs(&self, model: Model, order: &[usize]) -> Result<(Vec<bool>, f64), SolveError> {
        let solved = match model.try_solve() {
            Ok(s) => s,
            Err(e) => return Err(SolveError::Backend(format!("HiGHS error {e:?}"))),
        };
        match solved.status() {
            HighsModelStatus::Optimal => {
                let values = solved.get_solution().columns().to_vec();
                if values.len() == order.len() {
                    let mut cols = vec![false; self.cols.count()];
                    for (k, &c) in order.iter().enumerate() {
                        cols[c] = values[k] > 0.5;
                    }
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
}

/// HiGHS's primal heuristics, switched off when the branch and bound starts from a candidate.
const PRIMAL_HEURISTICS: [&str; 6] = [
    "mip_heuristic_run_feasibility_jump",
    "mip_heuristic_run_rins",
    "mip_heuristic_run_rens",
    "mip_heuristic_run_root_reduced_cost",
    "mip_heuristic_run_zi_round",
    "mip_heuristic_run_shifting",
];

fn dual_bound(solved: &highs::SolvedModel) -> f64 {
    // For a MIP HiGHS reports the proven lower bound; for a problem solved without branching
    // the objective itself is the bound.
    match solved.double_info_value(c"mip_dual_bound") {
        Ok(v) if v.is_finite() => v,
        _ => solved.objective_value(),
    }
}
