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
//! are still exact integers). A stage whose lower bound the incumbent already meets is fixed
//! without calling HiGHS.
//!
//! Why not hand each stage to HiGHS's branch and bound as it stands: the programs are matchings
//! (every player paired or floating once) whose LP relaxation has half-integral odd cycles, and
//! HiGHS's own cuts rarely find the odd sets that close that gap; a 119-player round took 25-28 s
//! in branch and bound (the weighted matching: 0.02 s), a 1,000-player round over 600 s. So a
//! group of stages is solved as follows (HiGHS with the cargo default; microlp as before):
//!
//! 1. **Candidate.** While the model is a pure matching model ([`LexOptions::matching_start`]),
//!    the exact weighted matching ([`MatchingSession`]) solves each call's stages first; its
//!    optimum is the candidate HiGHS is asked to prove. Otherwise the candidate is an integral
//!    LP point, and branch and bound starts from the previous stage's optimum (still feasible:
//!    later stages only add rows it meets).
//! 2. **LP with odd-set cuts.** The LP relaxation is tightened by odd-set (blossom) cuts, the
//!    inequalities that make the matching polytope integral. First those of the candidate's
//!    own certificate: the blossoms of positive dual of every weighted-matching solve behind it
//!    ([`OptimalFace::odd_sets`](super::weighted_matching::OptimalFace::odd_sets)), with which
//!    the relaxation mostly reaches the candidate's value at once; then, while the bound falls
//!    short, Padberg and Rao's minimum odd cuts of the support graph (a node for the floats),
//!    plus the set covered away from any float. Valid for every 0/1 assignment, they are kept
//!    for all later stages. The relaxation is kept warm from solve to solve ([`WarmLp`]: rows
//!    appended, the objective replaced, HiGHS restarting from its last basis, by the primal
//!    simplex when only the objective changed), so a stage costs a few simplex iterations.
//!    On the 1,000-player round 2 of `../shared/corpus/large` the bound stalled below the
//!    candidate for 20 rounds of minimum odd cuts in most stages, and the branch and bound ran
//!    on past 400 s; with the certificate's sets every stage is proven by its first relaxation,
//!    and the round takes 25 s (identical to the matching backend).
//! 3. **Exact proof.** HiGHS's row duals are rounded and the weak-duality bound is computed in
//!    integer arithmetic ([`DUAL_SCALE`]): HiGHS's tolerances can weaken it, never make it wrong.
//!    A candidate (or integral LP point) meeting every row exactly and within one unit of that
//!    bound is optimal: no branch and bound.
//! 4. **Reduced-cost fixing.** Once a group's optimum is proven, every column whose exact
//!    reduced cost lifts the bound past it is zero in every later assignment and is left out of
//!    every later program (the tie-break stages shrink the program stage after stage). A stage
//!    on one player's variables (the candidate order's "partner of p") fixed at its optimum
//!    leaves out the player's variables of any other cost (exactly one of them is one), and
//!    such a stage whose least value over the columns left meets the incumbent's, or the
//!    candidate's, is fixed without a solve.
//! 5. **Branch and bound** only where the LP cannot prove the optimum (the bound stalls for
//!    [`STALL_ROUNDS`] rounds): HiGHS's MIP, started from the candidate (its primal heuristics
//!    off: it has only the bound to prove), over the columns the candidate's value allows; a merged optimum found there is re-checked against HiGHS's dual
//!    bound and, if the check fails, the group is solved again stage by stage.
//!
//! [`LexSession`] lets a system add stages (and auxiliary variables and constraints) after seeing
//! earlier optima, as the candidate orders of the FIDE systems require; [`solve_lexicographic`]
//! solves a model's own stages in one go.
//!
//! HiGHS runs silent, single-threaded, with a fixed seed and `mip_rel_gap = 0`, so the same model
//! gives the same answer on any machine; the systems' tie-break stages make the optimum unique.

use super::bounds::{common_player, value_bounds};
use super::lex::{LexBackend, StageReport};
use super::lp_program::{Columns, LpProgram, Row};
use super::matching_lex::MatchingSession;
use super::warm_lp::WarmLp;
use crate::model::{BracketModel, Constraint, Cost, Solution, SolveError, Stage, Var};
use highs::{HighsModelStatus, Model};
use serde::Serialize;
use std::time::Instant;

/// Integers up to 2^53 are exact in a double.
const EXACT_LIMIT: i64 = 1 << 53;

pub use super::lex::TIME_LIMIT;

/// Options of the lexicographic solver.
#[derive(Clone, Debug)]
pub struct LexOptions {
    /// Largest weighted objective magnitude allowed when merging stages (≤ 2^53). The default,
    /// 2^30, keeps HiGHS's simplex numerically easy: at 2^50 some relaxations of merged
    /// candidate-order stages never finished (features-2017 f023 round 3: over 40 s, 0.04 s at
    /// 2^30; the features files 1.5-2x faster overall), more groups costing little on the warm
    /// relaxation.
    pub max_merged_magnitude: i64,
    /// Wall-clock limit per HiGHS call, in seconds.
    pub time_limit: Option<f64>,
    /// After the last stage, prove that no other assignment reaches the same stage values.
    pub check_unique: bool,
    /// Merge consecutive stages into one exact weighted objective where that is provably exact.
    pub merge_stages: bool,
    /// The good_lp solver the programs go to.
    pub solver: LpSolver,
    /// While the model is a pure matching model, solve each call's stages with the exact
    /// weighted matching first and hand its optimum to HiGHS as the candidate to prove (HiGHS
    /// still proves every stage's optimum, or finds a better assignment).
    pub matching_start: bool,
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
            max_merged_magnitude: 1 << 30,
            time_limit: None,
            check_unique: false,
            merge_stages: true,
            solver: LpSolver::Highs,
            matching_start: true,
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

/// The coefficient of `v` in the normalised `cost` (0 if absent).
fn coefficient(cost: &Cost, v: Var) -> i64 {
    cost.get(v)
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
    /// Odd-set (blossom) cuts found so far: valid for every 0/1 assignment, kept for all stages.
    cuts: Vec<Row>,
    /// Columns zero in every optimum of the stages solved so far (reduced-cost fixing): left out
    /// of every later program.
    dead: Vec<bool>,
    /// The exact weighted matching on the same model and stages, while the model is a pure
    /// matching model ([`LexOptions::matching_start`]).
    guide: Option<MatchingSession>,
    /// The LP relaxation kept warm between solves (HiGHS without a time limit).
    warm: Option<WarmLp>,
    /// The guide's odd sets already stated as cuts.
    guide_sets: std::collections::HashSet<Vec<usize>>,
    /// Per player: the model pairs it is in (built at the first solve).
    by_player: Vec<Vec<usize>>,
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
        let dead = vec![false; cols.count()];
        let guide = (opts.matching_start && opts.solver == LpSolver::Highs)
            .then(|| MatchingSession::new(m.clone()).ok().map(MatchingSession::with_odd_sets))
            .flatten();
        Ok(LexSession {
            m,
            opts,
            cols,
            fixed: Vec::new(),
            incumbent: None,
            cuts: Vec::new(),
            dead,
            guide,
            warm: None,
            guide_sets: std::collections::HashSet::new(),
            by_player: Vec::new(),
            reports: Vec::new(),
            solves: 0,
        })
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
        cost.terms().filter(|&(v, _)| self.one(ones, v)).map(|(_, c)| c).sum()
    }

    /// Adds an auxiliary 0/1 variable (no constraint yet).
    pub fn add_aux(&mut self, name: &str) -> Var {
        let v = self.m.add_aux(name);
        self.cols = Columns::of(&self.m);
        self.dead.push(false);
        self.guide = None;
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
        self.guide = None;
        Ok(())
    }

    /// Solves `stages` in order (after all earlier ones) and returns their optimal values.
    pub fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let first = self.m.stages.len();
        for s in &stages {
            self.m.check_stage(s).map_err(SolveError::InvalidModel)?;
        }
        let costs: Vec<Cost> = stages.iter().map(|s| s.cost.normalised()).collect();
        let hint = self.guide_optimum(&stages);
        self.m.stages.extend(stages);
        let bounds: Vec<(i64, i64)> = costs.iter().map(|c| value_bounds(&self.m, c)).collect();
        let max_mag = self.opts.max_merged_magnitude.min(EXACT_LIMIT);
        let groups = merge_groups(&self.m, first, &bounds, max_mag, self.opts.merge_stages)?;
        let mut queue: std::collections::VecDeque<Vec<(usize, i64)>> = groups.into();
        let mut values = vec![0i64; costs.len()];
        if self.by_player.is_empty() {
            self.by_player = vec![Vec::new(); self.m.num_players()];
            for (e, (a, b)) in self.m.pairs.iter().enumerate() {
                self.by_player[a].push(e);
                self.by_player[b].push(e);
            }
        }
        while let Some(group) = queue.pop_front() {
            let start = Instant::now();
            // Fast path: the incumbent, or else the guide's optimum, already meets every stage's
            // lower bound (for a stage of one player's variables, over those still alive).
            let lower: Vec<i64> = group
                .iter()
                .map(|&(k, _)| self.alive_bound(&costs[k]).map_or(bounds[k].0, |b| b.max(bounds[k].0)))
                .collect();
            let meets = |ones: &[bool]| group.iter().zip(&lower).all(|(&(k, _), &lo)| self.eval(&costs[k], ones) == lo);
            let at_bound = match (&self.incumbent, &hint) {
                (Some(inc), _) if meets(inc) => Some(None),
                (_, Some(h)) if meets(h) && self.satisfies(h) => Some(Some(h.clone())),
                _ => None,
            };
            if let Some(candidate) = at_bound {
                for (&(k, _), &lo) in group.iter().zip(&lower) {
                    values[k] = lo;
                    self.fix(&costs[k], values[k]);
                    self.report(first + k, values[k], "bound", start);
                }
                if candidate.is_some() {
                    self.incumbent = candidate;
                }
                continue;
            }
            let objective: Vec<(Var, i64)> =
                group.iter().flat_map(|&(k, w)| costs[k].terms().map(move |(v, c)| (v, w * c))).collect();
            let (assignment, dual, lp) = self.run(&objective, hint.as_deref(), group.len() > 1)?;
            // All objective values are integers: the rounded assignment is optimal when its exact
            // weighted value is within one unit of HiGHS's proven dual bound.
            let exact: i64 = group.iter().map(|&(k, w)| w * self.eval(&costs[k], &assignment)).sum();
            if group.len() > 1 && dual < exact as f64 - 0.5 {
                for &(k, _) in group.iter().rev() {
                    queue.push_front(vec![(k, 1)]);
                }
                continue;
            }
            if let Some(lp) = lp {
                self.fix_dead(&lp, exact, &assignment);
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

    /// The guide's optimum of `stages` (by column), solved after the earlier stages; the guide
    /// is dropped if it fails.
    fn guide_optimum(&mut self, stages: &[Stage]) -> Option<Vec<bool>> {
        let guide = self.guide.as_mut()?;
        let sol = match guide.solve_stages(stages.to_vec()).and_then(|_| guide.solution()) {
            Ok(sol) => sol,
            Err(_) => {
                self.guide = None;
                return None;
            }
        };
        // The blossoms of positive dual of the guide's solves, as cuts: with them the relaxation
        // mostly reaches the candidate's value at once (the guide's duals are feasible for it),
        // where the minimum odd cuts of fractional points could stall on large brackets.
        let sets = guide.take_odd_sets();
        for set in sets {
            if set.len() >= 3 && self.guide_sets.insert(set.clone()) {
                let row = self.odd_set_row(&set);
                self.cuts.push(row);
            }
        }
        let mut cols = vec![false; self.cols.count()];
        for v in sol.pairs.iter().map(|&e| Var::Pair(e)).chain(sol.floaters.iter().map(|&i| Var::Float(i))) {
            cols[self.cols.col(v)?] = true;
        }
        Some(cols)
    }

    fn fix(&mut self, cost: &Cost, value: i64) {
        if cost.is_empty() {
            return;
        }
        self.fixed.push(Row { terms: cost.to_terms(), lower: None, upper: Some(value) });
        // A stage on one player's variables (the candidate orders' "partner of p"): exactly
        // one of them is one, so at its optimum those of another cost are zero in every later
        // assignment and leave every later program.
        if let Some(p) = common_player(&self.m, cost) {
            let off: Vec<usize> =
                self.player_vars(p).filter(|&(_, v)| coefficient(cost, v) != value).map(|(c, _)| c).collect();
            off.into_iter().for_each(|c| self.dead[c] = true);
        }
    }

    /// The columns and variables of player `p`: its pairs, and its float if it may float.
    fn player_vars(&self, p: usize) -> impl Iterator<Item = (usize, Var)> + '_ {
        let pairs = self.by_player.get(p).into_iter().flatten().map(|&e| (e, Var::Pair(e)));
        pairs.chain(self.cols.col(Var::Float(p)).map(|c| (c, Var::Float(p))))
    }

    /// For a stage on one player's variables, its least value over those still alive (exactly
    /// one of them is one; a dead column is zero in every assignment still feasible).
    fn alive_bound(&self, cost: &Cost) -> Option<i64> {
        let p = common_player(&self.m, cost)?;
        self.player_vars(p).filter(|&(c, _)| !self.dead[c]).map(|(_, v)| coefficient(cost, v)).min()
    }

    fn report(&mut self, k: usize, value: i64, how: &'static str, start: Instant) {
        let key = self.m.stages[k].key;
        self.reports.push(StageReport { key, value, how, seconds: start.elapsed().as_secs_f64() });
    }

    /// Solves the program minimising `objective` under every fixed optimum; returns the rounded
    /// 0/1 assignment (by column), a proven lower bound, and the last LP relaxation solved (for
    /// reduced-cost fixing).
    ///
    /// `hint`, an assignment believed optimal, is proven so by the relaxation's exact bound
    /// when it can be, and otherwise starts HiGHS's branch and bound.
    fn run(
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
                let lp = match self.relax_and_cut(objective, target) {
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
                if let (Some(ones), Some(bound)) = (lp.integral(), &lp.bound) {
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
                        for (c, out) in left_out.iter_mut().enumerate() {
                            *out |= b.reduced[c] > 0 && b.value.saturating_add(b.reduced[c]) > limit;
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
    fn extra_rows(&self) -> Vec<Row> {
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

    /// The LP relaxation of the program, tightened by odd-set cuts until none is violated, its
    /// exact bound proves `target` optimal, or the bound has not risen for [`STALL_ROUNDS`]
    /// rounds (fractional cycles moving among optimal faces; branch and bound takes over).
    fn relax_and_cut(&mut self, objective: &[(Var, i64)], target: Option<i128>) -> Result<Relaxation, SolveError> {
        let (mut round, mut best, mut stalled) = (0, None, 0);
        loop {
            let lp = self.solve_lp(objective)?;
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
            self.cuts.extend(cuts);
            round += 1;
        }
    }

    /// Solves the LP relaxation: the values and reduced costs by model column. Without a time
    /// limit, on the relaxation kept warm ([`WarmLp`]); from scratch otherwise, or when HiGHS
    /// stops without an answer there (the warm relaxation is then built again next time).
    fn solve_lp(&mut self, objective: &[(Var, i64)]) -> Result<Relaxation, SolveError> {
        if self.opts.time_limit.is_none() {
            if let Some(lp) = self.solve_warm(objective)? {
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
        let mut x = vec![0.0; self.cols.count()];
        for (k, &c) in order.iter().enumerate() {
            x[c] = sol.columns()[k];
        }
        let bound = self.safe_bound(objective, sol.dual_rows(), &extra);
        Ok(Relaxation { x, bound })
    }

    /// [`LexSession::solve_lp`] on the warm relaxation; `None` when HiGHS stops there without
    /// an answer.
    fn solve_warm(&mut self, objective: &[(Var, i64)]) -> Result<Option<Relaxation>, SolveError> {
        let backend = |e: String| SolveError::Backend(e);
        let mut warm = match self.warm.take().filter(|w| w.fits(&self.cols, &self.m)) {
            Some(w) => w,
            None => WarmLp::build(&self.m, &self.cols, &self.dead, |m| configure(m, &self.opts)).map_err(backend)?,
        };
        warm.sync(&self.cols, &self.fixed, &self.cuts, &self.dead).map_err(backend)?;
        let solved = warm.solve(&self.cols, objective).map_err(backend)?;
        match solved.status {
            HighsModelStatus::Optimal => {}
            HighsModelStatus::Infeasible => return Err(SolveError::Infeasible),
            _ => return Ok(None),
        }
        let bound = self.safe_bound(objective, &solved.duals, warm.rows());
        self.warm = Some(warm);
        Ok(Some(Relaxation { x: solved.x, bound }))
    }

    /// The lower bound a dual vector proves, computed exactly: the duals `y` (one per row of the
    /// program, in [`LpProgram::new`]'s order: the players, the model's constraints, the extra
    /// rows, a two-sided row as its lower then its upper side) are rounded to multiples of
    /// `1/DUAL_SCALE` and clamped to their valid sign, and then, by weak duality over `[0, 1]`
    /// columns, every point of the relaxation costs at least
    /// `y·b + Σ_c min(0, cost_c - y·A_c)`. HiGHS's tolerances cannot make this bound wrong, only
    /// weak; `None` if `y` does not fit the rows or a sum overflows.
    fn safe_bound(&self, objective: &[(Var, i64)], y: &[f64], extra: &[Row]) -> Option<SafeBound> {
        let mut reduced = vec![0i128; self.cols.count()];
        for &(v, c) in objective {
            if let Some(col) = self.cols.col(v) {
                reduced[col] = reduced[col].checked_add(i128::from(c).checked_mul(DUAL_SCALE)?)?;
            }
        }
        let n = self.m.num_players();
        if y.len() < n {
            return None;
        }
        let scaled = |v: f64, sign: i8| -> Option<i128> {
            let v = match sign {
                s if s < 0 => v.min(0.0),
                s if s > 0 => v.max(0.0),
                _ => v,
            };
            let r = (v * DUAL_SCALE as f64).round();
            (r.is_finite() && r.abs() < 1e30).then_some(r as i128)
        };
        let mut value: i128 = 0;
        let yp: Vec<i128> = y[..n].iter().map(|&v| scaled(v, 0)).collect::<Option<_>>()?;
        for (i, &v) in yp.iter().enumerate() {
            value = value.checked_add(v)?;
            if let Some(c) = self.cols.col(Var::Float(i)) {
                reduced[c] = reduced[c].checked_sub(v)?;
            }
        }
        for (e, (a, b)) in self.m.pairs.iter().enumerate() {
            reduced[e] = reduced[e].checked_sub(yp[a].checked_add(yp[b])?)?;
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
                value = value.checked_add(v.checked_mul(i128::from(rhs))?)?;
                for &(var, a) in terms.iter() {
                    if let Some(col) = self.cols.col(var) {
                        reduced[col] = reduced[col].checked_sub(v.checked_mul(i128::from(a))?)?;
                    }
                }
            }
        }
        if k != y.len() {
            return None;
        }
        for (c, &d) in reduced.iter().enumerate() {
            if !self.dead[c] && d < 0 {
                value = value.checked_add(d)?;
            }
        }
        Some(SafeBound { value, reduced })
    }

    /// Odd-set cuts violated by the fractional point `x`: sets `S` of an odd number of players
    /// with `x(δ(S)) + f(S) < 1` (fewer than one pair leaving `S` or float of it, where every
    /// 0/1 assignment has one), found among the minimum cuts of the support graph
    /// ([`odd_sets`], after Padberg and Rao). Each is stated in the sparser of its two equivalent
    /// forms: `x(E(S)) <= (|S|-1)/2`, or `x(δ(S)) + f(S) >= 1`.
    fn separate(&self, x: &[f64]) -> Vec<Row> {
        let n = self.m.num_players();
        let edges: Vec<(usize, usize, f64)> = self
            .m
            .pairs
            .iter()
            .enumerate()
            .filter(|&(e, _)| x[e] > FRACTIONAL)
            .map(|(e, (a, b))| (a, b, x[e]))
            .collect();
        if edges.iter().all(|t| t.2 > 1.0 - FRACTIONAL) {
            return Vec::new();
        }
        let float: Vec<f64> = (0..n).map(|i| self.cols.col(Var::Float(i)).map_or(0.0, |c| x[c])).collect();
        odd_sets(n, &edges, &float).iter().map(|set| self.odd_set_row(set)).collect()
    }

    /// The odd-set cut of the players `set` (odd in number), in the sparser of its two forms:
    /// `x(E(S)) <= (|S|-1)/2`, or `x(δ(S)) + f(S) >= 1`.
    fn odd_set_row(&self, set: &[usize]) -> Row {
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
        crossing.extend(set.iter().filter(|&&i| self.cols.floats(i)).map(|&i| (Var::Float(i), 1)));
        if inside.len() <= crossing.len() {
            Row { terms: inside, lower: None, upper: Some((set.len() as i64 - 1) / 2) }
        } else {
            Row { terms: crossing, lower: Some(1), upper: None }
        }
    }

    /// Whether the 0/1 assignment `ones` meets every row of the current program exactly.
    fn satisfies(&self, ones: &[bool]) -> bool {
        if ones.len() != self.cols.count() || ones.iter().zip(&self.dead).any(|(&o, &d)| o && d) {
            return false;
        }
        let mut covered = vec![0u32; self.m.num_players()];
        for (e, (a, b)) in self.m.pairs.iter().enumerate() {
            if ones[e] {
                covered[a] += 1;
                covered[b] += 1;
            }
        }
        for (i, c) in covered.iter_mut().enumerate() {
            *c += u32::from(self.one(ones, Var::Float(i)));
        }
        if covered.iter().any(|&c| c != 1) {
            return false;
        }
        let within = |terms: &[(Var, i64)], lower: Option<i64>, upper: Option<i64>| {
            let v = self.eval_terms(terms, ones);
            lower.is_none_or(|l| v >= l) && upper.is_none_or(|u| v <= u)
        };
        self.m.constraints.iter().all(|c| within(&c.terms, c.lower, c.upper))
            && self.fixed.iter().chain(&self.cuts).all(|r| within(&r.terms, r.lower, r.upper))
    }

    /// Reduced-cost fixing once a group's optimum `opt` is proven: a column whose exact reduced
    /// cost lifts the relaxation's exact bound past `opt` is zero in every optimum of the group
    /// (a point with it at one costs more than `opt`), so in every assignment later stages
    /// consider; it is left out of every later program.
    fn fix_dead(&mut self, lp: &Relaxation, opt: i64, incumbent: &[bool]) {
        let Some(b) = &lp.bound else { return };
        let Some(limit) = i128::from(opt).checked_mul(DUAL_SCALE) else { return };
        for ((dead, &d), &one) in self.dead.iter_mut().zip(&b.reduced).zip(incumbent) {
            if d > 0 && b.value.saturating_add(d) > limit && !one {
                *dead = true;
            }
        }
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

    /// Makes `ones` the incumbent if it is feasible and optimal on every stage solved so far.
    pub fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        let current = self.solution()?;
        let Some(cand) = super::lex::solution_of(&self.m, ones) else { return Ok(false) };
        // Side constraints are met by `cand` (`solution_of` checks them); auxiliary variables,
        // which it does not set, may not be.
        if cand.stage_values != current.stage_values || !self.m.aux.is_empty() {
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
                let (a, _, _) = self.run(&[], None, false)?;
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
        match self.run(&[], None, false) {
            Err(SolveError::Infeasible) => Ok(()),
            Ok(_) => Err(SolveError::InvalidModel(
                "the optimum is not unique: the tie-break stages do not order every candidate".into(),
            )),
            Err(e) => Err(e),
        }
    }
}

/// Rounds of odd-set separation per solve.
const CUT_ROUNDS: usize = 50;
/// Rounds of separation without a rise of the bound before branch and bound takes over (with
/// the relaxation kept warm a round is cheap; 20 rather than 4 took the features corpora's
/// files from 1.5-6 s to 0.2-2.5 s of CPU, 40 was no better).
const STALL_ROUNDS: usize = 20;
/// HiGHS's row duals are rounded to multiples of `1/DUAL_SCALE` before the exact bound.
const DUAL_SCALE: i128 = 1 << 24;
/// Residual capacity below this is none (the cut search's flows).
const FLOW_EPS: f64 = 1e-9;
/// A pair value strictly between this and one minus it is fractional.
const FRACTIONAL: f64 = 1e-6;
/// An odd-set cut is added when the point exceeds its bound by more than this.
const VIOLATION: f64 = 1e-6;

/// An LP relaxation solved: the value of every model column (zero for the columns left out),
/// and the exact bound its dual proves ([`LexSession::safe_bound`]).
struct Relaxation {
    x: Vec<f64>,
    bound: Option<SafeBound>,
}

/// A lower bound proven in exact integer arithmetic from a dual vector, in units of
/// `1/DUAL_SCALE`: `value` bounds the objective of every point of the relaxation, and
/// `reduced[c]` is column `c`'s reduced cost (a point with column `c` at one has objective at
/// least `value + reduced[c]` when `reduced[c] > 0`).
struct SafeBound {
    value: i128,
    reduced: Vec<i128>,
}

impl Relaxation {
    /// The 0/1 assignment, if every column is within tolerance of 0 or 1.
    fn integral(&self) -> Option<Vec<bool>> {
        self.x
            .iter()
            .map(|&v| {
                if v < FRACTIONAL {
                    Some(false)
                } else if v > 1.0 - FRACTIONAL {
                    Some(true)
                } else {
                    None
                }
            })
            .collect()
    }
}

/// Odd sets of players `S` with `x(δ(S)) + f(S) < 1` in the support graph of `n` players
/// (`edges`: pairs with their value) plus a node `t` joined to every player by its float value.
/// Gusfield's cut tree: `n` minimum cuts, each read as a set of players on the side away from
/// `t`; Padberg and Rao showed a minimum odd cut is among the cuts of a cut tree, so a violated
/// odd set is found whenever one exists (up to the tolerance of the flows).
fn odd_sets(n: usize, edges: &[(usize, usize, f64)], float: &[f64]) -> Vec<Vec<usize>> {
    let t = n;
    let mut flow = Flow::new(n + 1);
    for &(a, b, w) in edges {
        flow.add(a, b, w);
    }
    for (i, &f) in float.iter().enumerate() {
        if f > FRACTIONAL {
            flow.add(i, t, f);
        }
    }
    let mut parent = vec![t; n + 1];
    let mut found: Vec<Vec<usize>> = Vec::new();
    // Every player out of t's reach is covered within that set: if it is odd, the whole set is
    // a violated odd set (of value zero) that no placement of a fractional cycle inside avoids.
    let reach = flow.reach(t);
    let away: Vec<usize> = (0..n).filter(|&i| !reach[i]).collect();
    if away.len() % 2 == 1 {
        found.push(away);
    } else {
        // Even: without one of its odd components (each covered within itself) it is odd and
        // still covered within itself.
        let mut comp = vec![usize::MAX; n];
        let mut odd: Vec<(usize, usize)> = Vec::new();
        for &i in &away {
            if comp[i] == usize::MAX {
                let r = flow.reach(i);
                let members: Vec<usize> = (0..n).filter(|&j| r[j]).collect();
                members.iter().for_each(|&j| comp[j] = i);
                if members.len() % 2 == 1 {
                    odd.push((members.len(), i));
                }
            }
        }
        if let Some(&(_, root)) = odd.iter().min() {
            found.push(away.iter().copied().filter(|&i| comp[i] != root).collect());
        }
    }
    for s in 0..n {
        let p = parent[s];
        let (value, side) = flow.min_cut(s, p);
        for i in s + 1..=n {
            if side[i] && parent[i] == p {
                parent[i] = s;
            }
        }
        if value >= 1.0 - VIOLATION {
            continue;
        }
        // The side away from t.
        let away: Vec<usize> = (0..n).filter(|&i| side[i] != side[t]).collect();
        if away.len() % 2 == 1 && !found.contains(&away) {
            found.push(away);
        }
    }
    found
}

/// A small max-flow network (Dinic) on an undirected graph with real capacities.
struct Flow {
    head: Vec<Vec<usize>>,
    /// Arc `k`: its head node and capacity; arc `k ^ 1` is its reverse.
    to: Vec<usize>,
    cap: Vec<f64>,
}

impl Flow {
    fn new(n: usize) -> Flow {
        Flow { head: vec![Vec::new(); n], to: Vec::new(), cap: Vec::new() }
    }

    fn add(&mut self, a: usize, b: usize, w: f64) {
        self.head[a].push(self.to.len());
        self.to.push(b);
        self.cap.push(w);
        self.head[b].push(self.to.len());
        self.to.push(a);
        self.cap.push(w);
    }

    /// The nodes joined to `s` by arcs of positive capacity.
    fn reach(&self, s: usize) -> Vec<bool> {
        let mut seen = vec![false; self.head.len()];
        seen[s] = true;
        let mut stack = vec![s];
        while let Some(u) = stack.pop() {
            for &k in &self.head[u] {
                if self.cap[k] > FLOW_EPS && !seen[self.to[k]] {
                    seen[self.to[k]] = true;
                    stack.push(self.to[k]);
                }
            }
        }
        seen
    }

    /// The value of a minimum `s`-`t` cut and the nodes on `s`'s side of it.
    fn min_cut(&self, s: usize, t: usize) -> (f64, Vec<bool>) {
        let n = self.head.len();
        let mut res = self.cap.clone();
        let mut total = 0.0;
        loop {
            // Levels by breadth-first search on the residual arcs.
            let mut level = vec![usize::MAX; n];
            level[s] = 0;
            let mut queue = std::collections::VecDeque::from([s]);
            while let Some(u) = queue.pop_front() {
                for &k in &self.head[u] {
                    if res[k] > FLOW_EPS && level[self.to[k]] == usize::MAX {
                        level[self.to[k]] = level[u] + 1;
                        queue.push_back(self.to[k]);
                    }
                }
            }
            if level[t] == usize::MAX {
                return (total, level.iter().map(|&l| l != usize::MAX).collect());
            }
            let mut next = vec![0usize; n];
            loop {
                let pushed = self.augment(s, t, f64::INFINITY, &level, &mut next, &mut res);
                if pushed <= FLOW_EPS {
                    break;
                }
                total += pushed;
            }
        }
    }

    /// One blocking-flow path of Dinic's algorithm (iterative, so deep graphs cannot overflow
    /// the stack).
    fn augment(&self, s: usize, t: usize, limit: f64, level: &[usize], next: &mut [usize], res: &mut [f64]) -> f64 {
        let mut path: Vec<usize> = Vec::new();
        let mut u = s;
        loop {
            if u == t {
                let pushed = path.iter().fold(limit, |m, &k| m.min(res[k]));
                for &k in &path {
                    res[k] -= pushed;
                    res[k ^ 1] += pushed;
                }
                return pushed;
            }
            let mut advanced = false;
            while next[u] < self.head[u].len() {
                let k = self.head[u][next[u]];
                let v = self.to[k];
                if res[k] > FLOW_EPS && level[v] == level[u] + 1 {
                    path.push(k);
                    u = v;
                    advanced = true;
                    break;
                }
                next[u] += 1;
            }
            if !advanced {
                // Dead end: retreat one arc and skip it from now on.
                match path.pop() {
                    Some(k) => {
                        u = self.to[k ^ 1];
                        next[u] += 1;
                    }
                    None => return 0.0,
                }
            }
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
