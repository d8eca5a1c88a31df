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
//! are still exact integers), on the ranges of what is still alive when the group is reached: a
//! stage on one player's variables counts in it by the rank of its value among the player's
//! live variables (`merged_terms`). A stage whose lower bound the incumbent already meets is
//! fixed without calling HiGHS.
//!
//! Why not hand each stage to HiGHS's branch and bound as it stands: the programs are matchings
//! (every player paired or floating once) whose LP relaxation has half-integral odd cycles, and
//! HiGHS's own cuts rarely find the odd sets that close that gap; a 119-player round took 25-28 s
//! in branch and bound (the weighted matching: 0.02 s), a 1,000-player round over 600 s. So a
//! group of stages is solved as follows (HiGHS with the cargo default; microlp as before):
//!
//! 1. **Candidate.** While the model is a pure matching model ([`LexOptions::matching_start`]),
//!    the exact weighted matching ([`MatchingSession`]) solves each call's stages first; its
//!    optimum is the candidate HiGHS is asked to prove. A matching model whose rows of its own
//!    only cap sums of pairs (a quota) has the weighted matching that minimises those terms
//!    first as its guide (`penalty_guide`): its optimum meets the rows when any matching can,
//!    and is proven or beaten (on the 1,000-player round 2 with `require same_group <= 2` the
//!    route went from unfinished after 600 s to 2.8 s of CPU). Otherwise the candidate is an
//!    integral LP point, and branch and bound starts from the previous stage's optimum (still
//!    feasible: later stages only add rows it meets).
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
//!    On a large model it holds a working set of columns and prices the others in from the
//!    exact reduced costs of step 3 (`relax`'s `working_set`; [`LexOptions::working_set_from`]);
//!    before pricing, the players' duals are moved by shortest paths until no column waiting
//!    outside has a negative reduced cost (`repair`): with the candidate's value reached on the
//!    working set, that proves it without another solve in most groups of stages.
//!    On the 1,000-player round 2 of `../shared/corpus/large` the bound stalled below the
//!    candidate for 20 rounds of minimum odd cuts in most stages, and the branch and bound ran
//!    on past 400 s; with the certificate's sets every stage is proven by its first relaxation,
//!    and the round takes 25 s (identical to the matching backend).
//! 3. **Exact proof.** HiGHS's row duals are rounded and the weak-duality bound is computed in
//!    integer arithmetic (`DUAL_SCALE`): HiGHS's tolerances can weaken it, never make it wrong.
//!    A candidate (or integral LP point) meeting every row exactly and within one unit of that
//!    bound is optimal: no branch and bound.
//! 4. **Reduced-cost fixing.** Once a group's optimum is proven, every column whose exact
//!    reduced cost lifts the bound past it is zero in every later assignment and is left out of
//!    every later program (the tie-break stages shrink the program stage after stage). A stage
//!    on one player's variables (the candidate order's "partner of p") fixed at its optimum
//!    leaves out the player's variables of any other cost (exactly one of them is one), and
//!    such a stage whose least value over the columns left meets the incumbent's, or the
//!    candidate's, is fixed without a solve. The session's passes (the exact bound, the
//!    pricing, the fixing) walk the live columns only.
//! 5. **Branch and bound** only where the LP cannot prove the optimum (the bound stalls for
//!    `STALL_ROUNDS` rounds): HiGHS's MIP, started from the candidate (its primal heuristics
//!    off: it has only the bound to prove), over the columns the candidate's value allows; a merged optimum found there is re-checked against HiGHS's dual
//!    bound and, if the check fails, the group is solved again stage by stage.
//!
//! [`LexSession`] lets a system add stages (and auxiliary variables and constraints) after seeing
//! earlier optima, as the candidate orders of the FIDE systems require; [`solve_lexicographic`]
//! solves a model's own stages in one go.
//!
//! HiGHS runs silent, single-threaded, with a fixed seed and `mip_rel_gap = 0`, so the same model
//! gives the same answer on any machine; the systems' tie-break stages make the optimum unique.
//!
//! The code: the session, its stage loop and its read-out here, with the tolerances and HiGHS's
//! settings; `merge` the groups of stages merged into one exact objective; `run` one program of a
//! group solved (the relaxation's proof, else branch and bound, or microlp); `relax` the LP
//! relaxation with its odd-set cuts, its exact bound and reduced-cost fixing; `repair` the
//! players' duals moved to cover the columns the working set left out; `odd_sets` the
//! minimum odd cuts of a fractional point (a small max-flow).

mod merge;
mod odd_sets;
mod relax;
mod repair;
mod run;

use merge::merge_groups;

use super::bounds::{common_player, value_bounds_in};
use super::lex::{LexBackend, StageReport};
use super::lp_program::{in_order, Columns, Row};
use super::matching_lex::MatchingSession;
use super::warm_lp::WarmLp;
use crate::model::{BracketModel, Constraint, Cost, Solution, SolveError, Stage, Var};
use crate::vocabulary::StageKey;
use highs::Model;
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
    /// still proves every stage's optimum, or finds a better assignment); on a matching model
    /// with a quota of its own, the weighted matching that minimises the quota's terms first.
    pub matching_start: bool,
    /// A model of more columns than this has its warm relaxation start from a working set of
    /// them and price the others in (`relax`'s `working_set`; the exact bound counts every
    /// column either way); a smaller one has every column in from the start.
    pub working_set_from: usize,
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
            working_set_from: 20_000,
        }
    }
}

/// The optimum and how it was reached.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct LexResult {
    /// The optimal assignment with every stage's value, verified against the model.
    pub solution: Solution,
    /// One report per stage, in stage order: its optimum, how it was established (`"bound"`,
    /// `"solved"` or `"merged"`) and the seconds it took.
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
    /// matching model ([`LexOptions::matching_start`]); on a matching model with a quota, the
    /// weighted matching without it that minimises the quota's terms first (`penalty_guide`).
    guide: Option<MatchingSession>,
    /// The LP relaxation kept warm between solves (HiGHS without a time limit).
    warm: Option<WarmLp>,
    /// The guide's odd sets already stated as cuts.
    guide_sets: std::collections::HashSet<Vec<usize>>,
    /// Per player: the model pairs it is in (built at the first solve).
    by_player: Vec<Vec<usize>>,
    /// The columns not dead as of the last exact bound, in order (`relax`'s `refresh_live`),
    /// and the column count it was made for.
    live: Vec<usize>,
    live_of: usize,
    /// A reduced costs' buffer to reuse (`relax`'s `recycle`).
    spare: Vec<i128>,
    /// The last point [`LexSession::satisfies`] accepted (its variables at one) and how many of
    /// the fixed optima it was found to meet.
    checked: std::cell::RefCell<(Vec<Var>, usize)>,
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
            .then(|| match MatchingSession::new(m.clone()) {
                Ok(s) => Some(s.with_odd_sets()),
                Err(_) => penalty_guide(&m),
            })
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
            live: Vec::new(),
            live_of: usize::MAX,
            spare: Vec::new(),
            checked: std::cell::RefCell::new((Vec::new(), 0)),
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
        if self.by_player.is_empty() {
            self.by_player = vec![Vec::new(); self.m.num_players()];
            for (e, (a, b)) in self.m.pairs.iter().enumerate() {
                self.by_player[a].push(e);
                self.by_player[b].push(e);
            }
        }
        // Each player's pairs counted once, not over every pair per one-player stage.
        let degree: Vec<usize> = self.by_player.iter().map(Vec::len).collect();
        let bounds: Vec<(i64, i64)> = costs.iter().map(|c| value_bounds_in(&self.m, c, Some(&degree))).collect();
        let max_mag = self.opts.max_merged_magnitude.min(EXACT_LIMIT);
        // Every stage exact in doubles on its own, whatever is alive.
        merge_groups(&self.m, first, &bounds, max_mag, false)?;
        // Groups split again stage by stage (merged optimum not proven).
        let mut split: std::collections::VecDeque<Vec<(usize, i64)>> = std::collections::VecDeque::new();
        let mut next = 0;
        let mut values = vec![0i64; costs.len()];
        loop {
            let group = match split.pop_front() {
                Some(g) => g,
                None if next < costs.len() => {
                    let g = self.next_group(&costs[next..], &bounds[next..], first + next, max_mag)?;
                    let g: Vec<(usize, i64)> = g.into_iter().map(|(k, w)| (next + k, w)).collect();
                    next += g.len();
                    g
                }
                None => break,
            };
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
            let objective: Vec<(Var, i64)> = if group.len() > 1 {
                group
                    .iter()
                    .flat_map(|&(k, w)| self.merged_terms(&costs[k]).into_iter().map(move |(v, c)| (v, w * c)))
                    .collect()
            } else {
                group.iter().flat_map(|&(k, w)| costs[k].terms().map(move |(v, c)| (v, w * c))).collect()
            };
            let (assignment, dual, lp) = self.run(&objective, hint.as_deref(), group.len() > 1)?;
            // All objective values are integers: the rounded assignment is optimal when its exact
            // weighted value is within one unit of HiGHS's proven dual bound.
            let exact: i64 = self.eval_terms(&objective, &assignment);
            if group.len() > 1 && dual < exact as f64 - 0.5 {
                for &(k, _) in group.iter().rev() {
                    split.push_front(vec![(k, 1)]);
                }
                continue;
            }
            if let Some(lp) = lp {
                self.fix_dead(&lp, exact, &assignment);
                self.recycle(lp);
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
        self.fixed.push(Row { terms: in_order(cost.to_terms()), lower: None, upper: Some(value) });
        // A stage on one player's variables (the candidate orders' "partner of p"): exactly
        // one of them is one, so at its optimum those of another cost are zero in every later
        // assignment and leave every later program. Its row is then implied, but stays: left
        // out, HiGHS's symmetry detection in the branch and bound of a quota's program ran for
        // minutes (`benches/quota.sh`: 3 s -> over 300 s), the rows telling its columns apart.
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

    /// For a stage on player `p`'s variables, the values its variables still alive take, each
    /// once, in increasing order.
    fn alive_values(&self, p: usize, cost: &Cost) -> Vec<i64> {
        let mut values: Vec<i64> =
            self.player_vars(p).filter(|&(c, _)| !self.dead[c]).map(|(_, v)| coefficient(cost, v)).collect();
        values.sort_unstable();
        values.dedup();
        values
    }

    /// A stage's terms in a merged objective. A stage on one player's variables counts each
    /// variable still alive by the rank of its value among theirs (0 for the least): exactly one
    /// of them is one in every assignment a later program considers, so the ranks order those
    /// assignments as the values do, and range over as many values as the player has left
    /// (`next_group` merges on those ranges). Dead variables, zero in all of them, are left out.
    fn merged_terms(&self, cost: &Cost) -> Vec<(Var, i64)> {
        let Some(p) = common_player(&self.m, cost) else { return cost.to_terms() };
        let values = self.alive_values(p, cost);
        self.player_vars(p)
            .filter(|&(c, _)| !self.dead[c])
            .filter_map(|(_, v)| {
                let rank = values.binary_search(&coefficient(cost, v)).ok()? as i64;
                (rank != 0).then_some((v, rank))
            })
            .collect()
    }

    /// The next group of `costs` (the stages not solved yet, `first` the model's index of the
    /// first), with its weights: merged as far as [`merge_groups`] allows on the stages' value
    /// ranges over the columns still alive. Formed when it is reached, not at the call: the
    /// candidate order's "partner of p" stages range over the partners `p` has left, which
    /// reduced-cost fixing thins group after group, counted by rank (`merged_terms`). On the
    /// 1,000-player round 2 of `../shared/corpus/large`: 3 such stages a group on their whole
    /// ranges, 4 to 11 on the ranks of what is left; 173 groups solved under the 2026 rules
    /// (174 under 2017's) became 107.
    fn next_group(
        &self,
        costs: &[Cost],
        bounds: &[(i64, i64)],
        first: usize,
        max_mag: i64,
    ) -> Result<Vec<(usize, i64)>, SolveError> {
        // The range of each stage's terms in a merged objective (`merged_terms`), as far as a
        // group could reach: until the ranges' product passes the limit.
        let mut live: Vec<(i64, i64)> = Vec::new();
        let mut product: i128 = 1;
        for (cost, &whole) in costs.iter().zip(bounds).take(MERGE_LOOKAHEAD) {
            let alive = common_player(&self.m, cost).map_or(0, |p| self.alive_values(p, cost).len());
            let range = if alive > 0 { (0, alive as i64 - 1) } else { whole };
            live.push(range);
            product = product.saturating_mul(i128::from(range.1) - i128::from(range.0) + 1);
            if product > i128::from(max_mag) || !self.opts.merge_stages {
                break;
            }
        }
        let groups = merge_groups(&self.m, first, &live, max_mag, self.opts.merge_stages)?;
        Ok(groups.into_iter().next().unwrap_or_default())
    }

    fn report(&mut self, k: usize, value: i64, how: &'static str, start: Instant) {
        let key = self.m.stages[k].key;
        self.reports.push(StageReport { key, value, how, seconds: start.elapsed().as_secs_f64() });
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
        let within = |v: i64, lower: Option<i64>, upper: Option<i64>| {
            lower.is_none_or(|l| v >= l) && upper.is_none_or(|u| v <= u)
        };
        if !self.m.constraints.iter().all(|c| within(self.eval_terms(&c.terms, ones), c.lower, c.upper)) {
            return false;
        }
        // The cuts need no check: an odd-set cut holds at every 0/1 point that pairs or floats
        // each player once (an odd set cannot be paired within itself), as `ones` does. The
        // fixed optima only ever grow: those the same point was found to meet stay met (the
        // candidate of a call is checked again at each of its groups).
        let at = self.vars_at(ones);
        let from = match &*self.checked.borrow() {
            (last, met) if *last == at => *met,
            _ => 0,
        };
        let ok = self.fixed[from..].iter().all(|r| within(value_at(&r.terms, &at), r.lower, r.upper));
        if ok {
            *self.checked.borrow_mut() = (at, self.fixed.len());
        }
        ok
    }

    /// The variables at one in the assignment `ones` (by column), in variable order.
    fn vars_at(&self, ones: &[bool]) -> Vec<Var> {
        let pairs = (0..self.m.pairs.len()).filter(|&e| ones[e]).map(Var::Pair);
        let floats = (0..self.m.num_players()).map(Var::Float).filter(|&v| self.one(ones, v));
        let aux = (0..self.m.aux.len()).map(Var::Aux).filter(|&v| self.one(ones, v));
        pairs.chain(floats).chain(aux).collect()
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
        self.fixed.push(Row { terms: in_order(terms), lower: None, upper: Some(k - 1) });
        match self.run(&[], None, false) {
            Err(SolveError::Infeasible) => Ok(()),
            Ok(_) => Err(SolveError::InvalidModel(
                "the optimum is not unique: the tie-break stages do not order every candidate".into(),
            )),
            Err(e) => Err(e),
        }
    }
}

/// The guide of a matching model with rows of its own that only cap sums of its pairs and
/// floats (`require same_group <= 2`: every row `Σ a·x <= K`, `a > 0`, `K >= 0`, no lower side
/// above zero, no auxiliary variable): the weighted matching of the model without the rows,
/// minimising the rows' terms first, then the stages. Its optimum meets the rows when any
/// matching can (with the fewest such terms), so it is a candidate, feasible though not
/// always optimal, where there would be none: the relaxation's bound proves it or its value
/// bounds the branch and bound (reduced-cost fixing, a start). `None` for other rows.
fn penalty_guide(m: &BracketModel) -> Option<MatchingSession> {
    let packing = |c: &Constraint| {
        c.upper.is_some_and(|k| k >= 0)
            && c.lower.is_none_or(|l| l <= 0)
            && c.terms.iter().all(|&(v, a)| a > 0 && matches!(v, Var::Pair(_) | Var::Float(_)))
    };
    if m.constraints.is_empty() || !m.aux.is_empty() || !m.constraints.iter().all(packing) {
        return None;
    }
    let mut penalty = Cost::new();
    m.constraints.iter().flat_map(|c| &c.terms).for_each(|&(v, a)| penalty.add(v, a));
    let mut free = m.clone();
    free.constraints.clear();
    let mut guide = MatchingSession::new(free).ok()?.with_odd_sets();
    let stage = Stage { key: StageKey::order("own-rows", "terms"), article: "rows of one's own".into(), cost: penalty };
    guide.solve_stages(vec![stage]).ok()?;
    Some(guide)
}

/// The value of `terms` (in variable order, one term per variable: `in_order`) at the 0/1
/// point whose variables at one are `at` (in variable order). A quality stage's fixed row has a
/// term on most pairs and a point a variable per player: on such a long row, a binary search per
/// variable at one (on the 1,000-player round 2 the rows of the session came to 780,000 terms,
/// read at every check of a candidate); otherwise one walk along both lists.
fn value_at(terms: &[(Var, i64)], at: &[Var]) -> i64 {
    if terms.len() > 16 * at.len() {
        return at.iter().filter_map(|v| terms.binary_search_by_key(v, |t| t.0).ok()).map(|k| terms[k].1).sum();
    }
    let (mut k, mut sum) = (0, 0);
    for v in at {
        while k < terms.len() && terms[k].0 < *v {
            k += 1;
        }
        if k < terms.len() && terms[k].0 == *v {
            sum += terms[k].1;
            k += 1;
        }
    }
    sum
}

/// Stages looked at for the next merged group (a group of stages whose values range over more
/// than one value holds at most 30 under the default merge limit).
const MERGE_LOOKAHEAD: usize = 64;

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

#[cfg(test)]
mod tests {
    use super::{in_order, value_at};
    use crate::model::Var;
    use crate::rng::SplitMix64;

    /// A row read at a point by [`value_at`] (a binary search per variable at one on a long row,
    /// a walk along both lists on a short one) gives the plain sum of its terms at one, and
    /// [`in_order`] keeps that sum while it sorts the terms and merges repeated variables.
    #[test]
    fn a_row_read_at_a_point_gives_the_sum_of_its_terms_at_one() {
        let mut rng = SplitMix64(44);
        for case in 0..500 {
            let vars = 1 + rng.below(300) as usize;
            let var = |k: usize| match k % 3 {
                0 => Var::Pair(k),
                1 => Var::Float(k),
                _ => Var::Aux(k),
            };
            let terms: Vec<(Var, i64)> =
                (0..rng.below(400)).map(|_| (var(rng.below(vars as u64) as usize), rng.range(-9, 9))).collect();
            let mut at: Vec<Var> =
                (0..vars).filter(|_| rng.chance(if case % 2 == 0 { 2 } else { 40 })).map(var).collect();
            at.sort();
            let plain: i64 = terms.iter().filter(|(v, _)| at.contains(v)).map(|t| t.1).sum();
            let row = in_order(terms);
            assert!(row.windows(2).all(|w| w[0].0 < w[1].0), "case {case}: not in order");
            assert_eq!(value_at(&row, &at), plain, "case {case}: {} terms, {} at one", row.len(), at.len());
        }
    }
}
