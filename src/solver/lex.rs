//! The interface every lexicographic backend offers: solve stages in priority order, possibly
//! adding stages after seeing earlier optima, and read the optimum.
//!
//! Backends: [`super::highs_lex::LexSession`] (HiGHS; any model, side constraints included) and
//! [`super::matching_lex::MatchingSession`] (exact weighted matching; models whose constraints are
//! only "every player paired or floating once").

use crate::model::{BracketModel, Solution, SolveError, Stage, Var};
use crate::vocabulary::StageKey;
use serde::Serialize;

/// The message of the [`SolveError::Backend`] of a solve stopped by its time limit.
pub const TIME_LIMIT: &str = "time limit reached";

/// The message of the [`SolveError::Backend`] of `--backend highs` in a build without HiGHS.
pub const NO_HIGHS: &str = "this lexpair was built without HiGHS (cargo feature `highs`, on by default; \
     built with --no-default-features): `--backend highs` and HiGHS's cross-check are not available; \
     build it with `cargo build --release`";

/// A lexicographic backend: stages solved in priority order, each optimum fixed before the next.
pub trait LexBackend {
    /// Solves `stages` after all earlier ones and returns their optimal values.
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError>;
    /// The current optimum.
    fn solution(&mut self) -> Result<Solution, SolveError>;
    /// The model, with the stages solved so far.
    fn model(&self) -> &BracketModel;
    /// The keys of the stages solved so far (without building the model if the backend keeps
    /// its costs in another form).
    fn stage_keys(&self) -> Vec<StageKey> {
        self.model().stages.iter().map(|s| s.key).collect()
    }
    /// What each stage took.
    fn reports(&self) -> &[StageReport];
    /// Makes `ones` (the variables at one) the current optimum, if it is a feasible assignment
    /// with exactly the optimal value of every stage solved so far; returns whether it was taken.
    fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError>;
    /// False only when no optimum of the stages solved so far sets pair variable `e` (a model
    /// pair index): a later stage's terms on such a pair change none of its optima or values,
    /// so a caller may leave them out. The default keeps every pair.
    fn may_use(&self, e: usize) -> bool {
        let _ = e;
        true
    }
}

/// The 0/1 solution of `m` whose variables at one are `ones`, with its stage values, if every
/// player is paired or floating exactly once and the side constraints hold.
pub fn solution_of(m: &BracketModel, ones: &[Var]) -> Option<Solution> {
    let probe = assignment_of(m, ones)?;
    let stage_values = m.stages.iter().map(|s| s.cost.value(&|v| probe.is_one(v))).collect();
    Some(Solution { stage_values, ..probe })
}

/// The 0/1 assignment of `m` whose variables at one are `ones` (stage values not computed), if
/// every player is paired or floating exactly once and the side constraints hold.
pub fn assignment_of(m: &BracketModel, ones: &[Var]) -> Option<Solution> {
    let mut pairs: Vec<usize> =
        ones.iter().filter_map(|v| if let Var::Pair(e) = v { Some(*e) } else { None }).collect();
    let mut floaters: Vec<usize> =
        ones.iter().filter_map(|v| if let Var::Float(i) = v { Some(*i) } else { None }).collect();
    pairs.sort_unstable();
    floaters.sort_unstable();
    let sol = Solution { pairs, floaters, aux: Vec::new(), stage_values: Vec::new() };
    sol.verify_feasible(m).ok().map(|_| sol)
}

/// What happened in one stage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StageReport {
    /// The stage (written as its stable name).
    #[serde(rename = "name")]
    pub key: StageKey,
    /// The stage's value in the solution reached (its optimum, given the stages before).
    pub value: i64,
    /// How the optimum was established: `"solved"`, `"merged"` (solved together with
    /// neighbouring stages), `"bound"` (the incumbent already met a lower bound: no solve),
    /// `"first-candidate"` (the rules' first candidate in order is legal and so the pairing: no
    /// program, every value at its lower bound) or `"completion-checked"` (a completion value,
    /// C4/C5 of the Dutch systems, proven by the completion of the round that was found).
    pub how: &'static str,
    /// Wall-clock seconds of the call that established it (every stage given in one call of
    /// the matching session reports that call's time; 0 where nothing was timed).
    pub seconds: f64,
}
