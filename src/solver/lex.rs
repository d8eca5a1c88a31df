//! The interface every lexicographic backend offers: solve stages in priority order, possibly
//! adding stages after seeing earlier optima, and read the optimum.
//!
//! Backends: [`super::highs_lex::LexSession`] (HiGHS; any model, side constraints included) and
//! [`super::matching_lex::MatchingSession`] (exact weighted matching; models whose constraints are
//! only "every player paired or floating once").

use super::weighted_matching::FaceWeights;
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
    /// The pairs an optimum of the stages solved so far may set: a later stage's terms on any
    /// other pair change none of its optima or values, so a caller may leave them out. The
    /// default keeps every pair.
    fn pairs_in_use(&self) -> PairsInUse<'_> {
        PairsInUse::every()
    }
}

/// The pairs [`LexBackend::pairs_in_use`] keeps, read without a call into the backend per pair:
/// the candidate order of a 5,000-player bracket asks about some twenty million of them. It is
/// `Sync`, so a caller may ask from several threads.
#[derive(Clone, Default)]
pub struct PairsInUse<'a> {
    /// Each session's optimal face and settled players (the partner of each player every optimum
    /// pairs the same way); a pair is in use when one of them keeps it. None: every pair.
    faces: Vec<(&'a FaceWeights, &'a [Option<usize>])>,
}

impl<'a> PairsInUse<'a> {
    /// Every pair.
    pub fn every() -> PairsInUse<'a> {
        PairsInUse::default()
    }

    /// After a solve that read the optimal face `face` (none yet: every pair): a settled
    /// player's pair with his partner, or a face pair between two players not settled.
    pub fn of(face: Option<&'a FaceWeights>, settled: &'a [Option<usize>]) -> PairsInUse<'a> {
        PairsInUse { faces: face.map(|f| (f, settled)).into_iter().collect() }
    }

    /// The pairs either keeps (two sessions given the same stages).
    pub fn or(self, other: PairsInUse<'a>) -> PairsInUse<'a> {
        if self.faces.is_empty() || other.faces.is_empty() {
            return PairsInUse::every();
        }
        PairsInUse { faces: self.faces.into_iter().chain(other.faces).collect() }
    }

    /// Whether pair `e`, of players `a` and `b`, is kept.
    #[inline]
    pub fn has(&self, e: usize, a: usize, b: usize) -> bool {
        self.faces.is_empty()
            || self.faces.iter().any(|&(face, settled)| match (settled[a], settled[b]) {
                (None, None) => face.has(e),
                (Some(partner), _) => partner == b,
                (None, Some(partner)) => partner == a,
            })
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Four players; pairs 0: 0-1, 1: 2-3, 2: 0-2, 3: 1-3.
    fn face(tight: &[usize]) -> FaceWeights {
        let mut f = FaceWeights::none(4);
        tight.iter().for_each(|&e| f.set(e, Some(0)));
        f
    }

    const ENDS: [(usize, usize); 4] = [(0, 1), (2, 3), (0, 2), (1, 3)];

    fn kept(in_use: &PairsInUse) -> Vec<usize> {
        (0..4).filter(|&e| in_use.has(e, ENDS[e].0, ENDS[e].1)).collect()
    }

    #[test]
    fn a_face_keeps_its_pairs_a_settled_player_only_his_partner() {
        let (first, second) = (face(&[0, 2]), face(&[1]));
        let free = [None; 4];
        assert_eq!(kept(&PairsInUse::every()), [0, 1, 2, 3]);
        assert_eq!(kept(&PairsInUse::of(None, &free)), [0, 1, 2, 3], "before the first solve");
        assert_eq!(kept(&PairsInUse::of(Some(&first), &free)), [0, 2]);
        // Player 0 settled with 1: his pair with 2 leaves although the face keeps it.
        let settled = [Some(1), Some(0), None, None];
        assert_eq!(kept(&PairsInUse::of(Some(&first), &settled)), [0]);
        // 2 and 3 settled together, off the face: their pair stays, 1-3 does not.
        let settled = [None, None, Some(3), Some(2)];
        assert_eq!(kept(&PairsInUse::of(Some(&first), &settled)), [0, 1]);
        // Read from either end: the pair's second player settled with its first.
        let settled = [None, None, None, Some(1)];
        assert_eq!(kept(&PairsInUse::of(Some(&first), &settled)), [0, 2, 3]);
        // Two sessions: what either keeps; with one keeping every pair, every pair.
        let both = PairsInUse::of(Some(&first), &free).or(PairsInUse::of(Some(&second), &free));
        assert_eq!(kept(&both), [0, 1, 2]);
        assert_eq!(kept(&PairsInUse::of(Some(&first), &free).or(PairsInUse::every())), [0, 1, 2, 3]);
    }
}
