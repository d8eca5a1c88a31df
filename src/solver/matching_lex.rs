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
//! Adding stages re-solves with all stages merged (each optimum stays fixed because its weight
//! dominates); a stage the incumbent already meets at its lower bound needs no solve.

use super::bounds::value_bounds;
use super::lex::{LexBackend, StageReport};
use super::weighted_matching::max_weight_matching;
use super::wide::Wide;
use crate::model::{BracketModel, Cost, Solution, SolveError, Stage, Var};
use std::time::Instant;

/// A pure matching model solved stage after stage by exact weighted matching.
pub struct MatchingSession {
    m: BracketModel,
    costs: Vec<Cost>,
    bounds: Vec<(i64, i64)>,
    mate: Option<Vec<Option<usize>>>,
    reports: Vec<StageReport>,
    solves: usize,
}

impl MatchingSession {
    /// Accepts `m` if it is a pure matching model (its stages are ignored: pass them to
    /// `solve_stages`).
    pub fn new(mut m: BracketModel) -> Result<MatchingSession, SolveError> {
        m.stages.clear();
        m.validate().map_err(SolveError::InvalidModel)?;
        if !m.constraints.is_empty() || !m.aux.is_empty() {
            return Err(SolveError::InvalidModel(
                "side constraints or auxiliary variables: not a pure matching model".into(),
            ));
        }
        Ok(MatchingSession { m, costs: Vec::new(), bounds: Vec::new(), mate: None, reports: Vec::new(), solves: 0 })
    }

    /// Number of weighted matchings computed.
    pub fn solves(&self) -> usize {
        self.solves
    }

    fn is_one(&self, mate: &[Option<usize>], v: Var) -> bool {
        match v {
            Var::Pair(e) => {
                let (a, b) = self.m.pairs[e];
                mate[a] == Some(b)
            }
            Var::Float(i) => mate[i].is_none(),
            Var::Aux(_) => false,
        }
    }

    fn eval(&self, cost: &Cost, mate: &[Option<usize>]) -> i64 {
        cost.terms.iter().filter(|&&(v, _)| self.is_one(mate, v)).map(|&(_, c)| c).sum()
    }

    /// Bits needed by the merged weights (an overestimate), from the stage ranges.
    fn bits_needed(&self) -> u32 {
        let n = self.m.num_players().max(1) as f64;
        let mut log_m = 0f64; // log2 of the multiplier of the stage being visited (from the last)
        let mut log_total = 0f64; // log2 of Σ_k M_k max|stage k|, roughly
        for (k, &(lo, hi)) in self.bounds.iter().enumerate().rev() {
            let mag = (lo.unsigned_abs().max(hi.unsigned_abs()) as f64 + 1.0).log2();
            let max_term = self.costs[k].terms.iter().map(|t| t.1.unsigned_abs()).max().unwrap_or(0) as f64;
            let term = log_m + mag.max((max_term + 1.0).log2() + n.log2());
            // log2(2^total + 2^term), without overflow
            let (hi_t, lo_t) = if log_total > term { (log_total, term) } else { (term, log_total) };
            log_total = hi_t + (1.0 + (lo_t - hi_t).exp2()).log2();
            log_m += ((hi - lo) as f64 + 1.0).log2();
        }
        // BIG and the matching weights add a few bits; the blossom doubles and sums duals.
        (log_total + n.log2() + 16.0).ceil() as u32
    }

    fn solve_now(&mut self) -> Result<Vec<Option<usize>>, SolveError> {
        self.solves += 1;
        let bits = self.bits_needed();
        // The estimate picks the first width; an overflow found exactly moves to the next one.
        macro_rules! try_width {
            ($($l:literal),*) => {
                $( if bits < 64 * $l - 1 {
                    match self.solve_width::<$l>() {
                        Err(SolveError::InvalidModel(m)) if m.contains("overflow") => {}
                        other => return other,
                    }
                } )*
            };
        }
        try_width!(2, 4, 8, 12, 16, 24, 32, 40, 48, 64, 96, 128);
        Err(SolveError::InvalidModel(format!("merged weights need about {bits} bits, beyond 8192")))
    }

    fn solve_width<const L: usize>(&self) -> Result<Vec<Option<usize>>, SolveError> {
        let overflow = || SolveError::InvalidModel(format!("merged weights overflow {} bits", 64 * L));
        let n = self.m.num_players();
        let np = self.m.pairs.len();
        // Multipliers M_k, from the last stage up.
        let mut mult = vec![Wide::<L>::ONE; self.costs.len()];
        for k in (0..self.costs.len().saturating_sub(1)).rev() {
            let (lo, hi) = self.bounds[k + 1];
            mult[k] = mult[k + 1].checked_mul_small((hi - lo + 1) as u64).ok_or_else(overflow)?;
        }
        let mut pair_cost = vec![Wide::<L>::ZERO; np];
        let mut float_cost = vec![Wide::<L>::ZERO; n];
        for (k, cost) in self.costs.iter().enumerate() {
            for &(v, c) in &cost.terms {
                let mag = mult[k].checked_mul_small(c.unsigned_abs()).ok_or_else(overflow)?;
                let term = if c < 0 { -mag } else { mag };
                let slot = match v {
                    Var::Pair(e) => &mut pair_cost[e],
                    Var::Float(i) => &mut float_cost[i],
                    Var::Aux(_) => {
                        return Err(SolveError::InvalidModel("auxiliary variable in a matching model".into()))
                    }
                };
                *slot = slot.checked_add(term).ok_or_else(overflow)?;
            }
        }
        // BIG exceeds twice the largest cost any (partial) assignment can have.
        let mut per_player = vec![Wide::<L>::ZERO; n];
        for (e, &(a, b)) in self.m.pairs.iter().enumerate() {
            let c = pair_cost[e].checked_abs().ok_or_else(overflow)?;
            per_player[a] = per_player[a].max(c);
            per_player[b] = per_player[b].max(c);
        }
        let mut big = Wide::<L>::ONE;
        for i in 0..n {
            let c = per_player[i].max(float_cost[i].checked_abs().ok_or_else(overflow)?);
            big = big.checked_add(c.checked_mul_small(4).ok_or_else(overflow)?).ok_or_else(overflow)?;
        }
        let mut edges = Vec::with_capacity(np);
        for (e, &(a, b)) in self.m.pairs.iter().enumerate() {
            let fa = if self.m.may_float[a] { float_cost[a] } else { big };
            let fb = if self.m.may_float[b] { float_cost[b] } else { big };
            let w = fa.checked_add(fb).and_then(|s| s.checked_sub(pair_cost[e])).ok_or_else(overflow)?;
            edges.push((a, b, w));
        }
        let mate = max_weight_matching(n, &edges);
        if (0..n).any(|i| mate[i].is_none() && !self.m.may_float[i]) {
            return Err(SolveError::Infeasible);
        }
        Ok(mate)
    }
}

impl LexBackend for MatchingSession {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let start = Instant::now();
        let first = self.m.stages.len();
        for s in &stages {
            self.m.check_stage(s).map_err(SolveError::InvalidModel)?;
            let c = s.cost.normalised();
            self.bounds.push(value_bounds(&self.m, &c));
            self.costs.push(c);
        }
        self.m.stages.extend(stages);
        let at_bound = self
            .mate
            .as_ref()
            .is_some_and(|mate| (first..self.costs.len()).all(|k| self.eval(&self.costs[k], mate) == self.bounds[k].0));
        let how = if at_bound {
            "bound"
        } else {
            let mate = self.solve_now()?;
            self.mate = Some(mate);
            "solved"
        };
        let mate = self.mate.clone().unwrap_or_default();
        let values: Vec<i64> = (first..self.costs.len()).map(|k| self.eval(&self.costs[k], &mate)).collect();
        let seconds = start.elapsed().as_secs_f64();
        for (k, &v) in (first..).zip(&values) {
            self.reports.push(StageReport { name: self.m.stages[k].name.clone(), value: v, how, seconds });
        }
        Ok(values)
    }

    fn solution(&mut self) -> Result<Solution, SolveError> {
        let mate = match &self.mate {
            Some(m) => m.clone(),
            None => {
                let m = self.solve_now()?;
                self.mate = Some(m.clone());
                m
            }
        };
        let pairs = (0..self.m.pairs.len()).filter(|&e| self.is_one(&mate, Var::Pair(e))).collect();
        let floaters = (0..self.m.num_players()).filter(|&i| mate[i].is_none()).collect();
        let stage_values = self.costs.iter().map(|c| self.eval(c, &mate)).collect();
        let sol = Solution { pairs, floaters, aux: Vec::new(), stage_values };
        sol.verify(&self.m).map_err(|e| SolveError::Backend(format!("matching answer fails verification: {e}")))?;
        Ok(sol)
    }

    fn model(&self) -> &BracketModel {
        &self.m
    }

    fn reports(&self) -> &[StageReport] {
        &self.reports
    }

    fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        let current = self.solution()?;
        let Some(cand) = super::lex::solution_of(&self.m, ones) else { return Ok(false) };
        if cand.stage_values != current.stage_values {
            return Ok(false);
        }
        let mut mate = vec![None; self.m.num_players()];
        for &e in &cand.pairs {
            let (a, b) = self.m.pairs[e];
            mate[a] = Some(b);
            mate[b] = Some(a);
        }
        self.mate = Some(mate);
        Ok(true)
    }
}
