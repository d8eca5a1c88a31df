//! `--cross-check solver`: every bracket solved twice, by two exact routes, which must agree.
//!
//! A [`SecondOpinion`] is a lexicographic session that hands every call to two sessions on the
//! same model: the one the user chose, whose solutions it returns, and a second one on another
//! route. What they must agree on does not depend on the route: the optimal value of every
//! stage (a lexicographic optimum's values are unique even when its solutions are not) and
//! whether a proposed candidate attains them all ([`LexBackend::adopt`]). Since a system's last
//! stages make the optimum unique, agreeing values mean the same pairing. A disagreement, or a
//! failure of one route only, is an error naming the stage: a bug in one of them.
//!
//! The second route (chosen by `crate::systems::solving`): HiGHS for models of at most
//! [`HIGHS_PAIRS`] pairs (the integer programs, the reference formulation); beyond, where HiGHS
//! would take hours, the exact weighted matching on the other path: the whole graph where the
//! first prices a sparse subgraph, priced where the first solved the whole graph. Both routes
//! share the bracket's model and stages, not their solver.
//!
//! HiGHS's branch and bound can take minutes on a bracket of a hundred players late in an
//! event. As the SAT cross-check has a budget, the second route gets [`HIGHS_SECONDS`] per
//! call: past it, the rest of that bracket's stages are counted as left undecided, not as a
//! disagreement.

use super::lex::{LexBackend, PairsInUse, StageReport, TIME_LIMIT};
use crate::audit::Audit;
pub use crate::audit::{SecondOpinionStats, HIGHS_SECONDS};
use crate::model::{BracketModel, Solution, SolveError, Stage, Var};
use crate::vocabulary::StageKey;

/// Models of at most this many pairs get HiGHS as their second route (a bracket of about 45
/// players; HiGHS takes seconds on it, and can take minutes on a hundred).
pub const HIGHS_PAIRS: usize = 1_000;

/// Which route the second session takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Route {
    /// The integer program, solved by HiGHS (small models of a matching session).
    Highs,
    /// The exact weighted matching: the other pricing path when the first session is a
    /// matching too (see [`crate::solver::matching_lex::MatchingSession::with_inverse_pricing`]).
    Matching,
}

/// Two sessions on one model; see the module header.
pub struct SecondOpinion {
    first: Box<dyn LexBackend>,
    /// `None` once the second route ran out of time.
    second: Option<Box<dyn LexBackend>>,
    route: Route,
    /// Where the counts go.
    audit: Audit,
}

impl SecondOpinion {
    /// Two sessions on one model, counting into `audit`.
    pub fn new(first: Box<dyn LexBackend>, second: Box<dyn LexBackend>, route: Route, audit: Audit) -> SecondOpinion {
        audit.solver(|s| s.sessions += 1);
        SecondOpinion { first, second: Some(second), route, audit }
    }

    fn route_name(&self) -> &'static str {
        match self.route {
            Route::Highs => "HiGHS",
            Route::Matching => "the other matching path",
        }
    }

    /// Counts a disagreement and returns it as the error that fails the solve.
    fn disagree(&self, what: String) -> SolveError {
        let msg = format!("cross-check solver: {what} by {}", self.route_name());
        self.audit.solver(|s| s.disagreements.push(msg.clone()));
        SolveError::Backend(msg)
    }
}

/// Whether `r` is a solver call stopped by its time limit.
fn timed_out<T>(r: &Result<T, SolveError>) -> bool {
    matches!(r, Err(SolveError::Backend(msg)) if msg == TIME_LIMIT)
}

impl LexBackend for SecondOpinion {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        let count = stages.len() as u64;
        let Some(second) = self.second.as_mut() else {
            let values = self.first.solve_stages(stages)?;
            self.audit.solver(|s| s.undecided += count);
            return Ok(values);
        };
        let names: Vec<String> = stages.iter().map(|s| s.key.to_string()).collect();
        let first = self.first.solve_stages(stages.clone());
        if timed_out(&first) {
            // The user's own time limit: nothing to compare.
            return first;
        }
        let second = second.solve_stages(stages);
        if timed_out(&second) {
            self.second = None;
            self.audit.solver(|s| s.undecided += count);
            return first;
        }
        match (first, second) {
            (Ok(a), Ok(b)) if a == b => {
                self.audit.solver(|s| match self.route {
                    Route::Highs => s.by_highs += count,
                    Route::Matching => s.by_matching += count,
                });
                Ok(a)
            }
            (Ok(a), Ok(b)) => {
                let k = a.iter().zip(&b).position(|(x, y)| x != y).unwrap_or(0);
                let stage = names.get(k).map_or("?", String::as_str);
                Err(self.disagree(format!(
                    "stage {stage} has optimum {} here and {}",
                    a.get(k).copied().unwrap_or_default(),
                    b.get(k).copied().unwrap_or_default()
                )))
            }
            (Err(a), Err(b)) if a == b => Err(a),
            (a, b) => Err(self.disagree(format!(
                "stages {} gave {:?} here and {:?}",
                names.join(", "),
                a.map_err(|e| e.to_string()),
                b.map_err(|e| e.to_string())
            ))),
        }
    }

    fn solution(&mut self) -> Result<Solution, SolveError> {
        self.first.solution()
    }

    fn model(&self) -> &BracketModel {
        self.first.model()
    }

    fn stage_keys(&self) -> Vec<StageKey> {
        self.first.stage_keys()
    }

    fn reports(&self) -> &[StageReport] {
        self.first.reports()
    }

    /// A pair either route may still use: both routes are given the same stages.
    fn pairs_in_use(&self) -> PairsInUse<'_> {
        let first = self.first.pairs_in_use();
        match &self.second {
            Some(second) => first.or(second.pairs_in_use()),
            None => first,
        }
    }

    fn adopt(&mut self, ones: &[Var]) -> Result<bool, SolveError> {
        let a = self.first.adopt(ones)?;
        let Some(second) = self.second.as_mut() else { return Ok(a) };
        let b = second.adopt(ones);
        if timed_out(&b) {
            self.second = None;
            return Ok(a);
        }
        let b = b?;
        if a != b {
            return Err(self.disagree(format!(
                "a candidate {} every optimum here and {}",
                if a { "attains" } else { "does not attain" },
                if b { "attains them" } else { "does not attain them" }
            )));
        }
        Ok(a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Cost;
    #[cfg(feature = "highs")]
    use crate::solver::highs_lex::{LexOptions, LexSession};
    #[cfg(feature = "highs")]
    use crate::solver::matching_lex::MatchingSession;

    fn model() -> BracketModel {
        let mut m = BracketModel::new(4);
        for (a, b) in [(0, 1), (0, 2), (1, 3), (2, 3), (0, 3)] {
            m.add_pair(a, b);
        }
        m
    }

    fn stage(name: &'static str, terms: &[(usize, i64)]) -> Stage {
        let mut c = Cost::new();
        terms.iter().for_each(|&(e, k)| c.add(Var::Pair(e), k));
        Stage { key: StageKey::order(name, ""), article: "test".into(), cost: c }
    }

    /// Two routes that agree give the optimum and count it; a second session on a different
    /// model (so a different optimum: a stand-in for a bug) is refused, naming the stage.
    #[test]
    #[cfg(feature = "highs")]
    fn agreement_is_counted_and_disagreement_refused() {
        let audit = Audit::open(None);
        let first = Box::new(MatchingSession::new(model()).expect("pure matching"));
        let second = Box::new(LexSession::new(model(), LexOptions::default()).expect("a model"));
        let mut s = SecondOpinion::new(first, second, Route::Highs, audit.clone());
        // Every perfect matching ((0,1)+(2,3) or (0,2)+(1,3)) takes one of pairs 0 and 2.
        assert_eq!(s.solve_stages(vec![stage("top", &[(0, 1), (2, 1)])]).ok(), Some(vec![1]));
        assert_eq!(
            audit.counts().solver,
            SecondOpinionStats { sessions: 1, by_highs: 1, by_matching: 0, undecided: 0, disagreements: vec![] }
        );
        let mut other = model();
        let mut swapped: Vec<(usize, usize)> = other.pairs.iter().collect();
        swapped.swap(0, 4); // pair 0 is now (0, 3), pair 4 is (0, 1)
        other.pairs = swapped.into();
        let first = Box::new(MatchingSession::new(model()).expect("pure matching"));
        let second = Box::new(MatchingSession::new(other).expect("pure matching"));
        let audit = Audit::open(None);
        let mut s = SecondOpinion::new(first, second, Route::Matching, audit.clone());
        // Preferring pair 0: (0,1) with (2,3) in the first model, value -1; in the second, pair 0
        // is (0,3), which leaves (1,2), not a pair: value 0.
        let r = s.solve_stages(vec![stage("prefer-0", &[(0, -1)])]);
        match r {
            Err(SolveError::Backend(msg)) => assert!(msg.contains("stage"), "{msg}"),
            other => panic!("a disagreement must be refused: {other:?}"),
        }
        assert_eq!(audit.counts().solver.disagreements.len(), 1);
    }

    /// A route that always answers the same: values, or an error.
    struct Canned {
        m: BracketModel,
        answer: Result<Vec<i64>, SolveError>,
    }

    impl LexBackend for Canned {
        fn solve_stages(&mut self, _: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
            self.answer.clone()
        }
        fn solution(&mut self) -> Result<Solution, SolveError> {
            Err(SolveError::Infeasible)
        }
        fn model(&self) -> &BracketModel {
            &self.m
        }
        fn reports(&self) -> &[StageReport] {
            &[]
        }
        fn adopt(&mut self, _: &[Var]) -> Result<bool, SolveError> {
            self.answer.clone().map(|_| true)
        }
    }

    fn canned(answer: Result<Vec<i64>, SolveError>) -> Box<dyn LexBackend> {
        Box::new(Canned { m: model(), answer })
    }

    fn time_limit() -> Result<Vec<i64>, SolveError> {
        Err(SolveError::Backend(TIME_LIMIT.into()))
    }

    /// A time limit is never a disagreement: the second route's leaves the first's answer (a
    /// value or an error) standing and the stages undecided, for the rest of the bracket too;
    /// the first route's (the user's own limit) is returned as it is.
    #[test]
    fn time_limits_are_not_disagreements() {
        let audit = Audit::open(None);
        let st = || vec![stage("s", &[(0, 1)])];
        let mut s = SecondOpinion::new(canned(Ok(vec![3])), canned(time_limit()), Route::Highs, audit.clone());
        assert_eq!(s.solve_stages(st()).ok(), Some(vec![3]));
        assert_eq!(s.solve_stages(st()).ok(), Some(vec![3]));
        let mut s =
            SecondOpinion::new(canned(Err(SolveError::Infeasible)), canned(time_limit()), Route::Highs, audit.clone());
        assert_eq!(s.solve_stages(st()), Err(SolveError::Infeasible));
        let mut s = SecondOpinion::new(canned(time_limit()), canned(Ok(vec![3])), Route::Matching, audit.clone());
        assert_eq!(s.solve_stages(st()), time_limit());
        let stats = audit.counts().solver;
        assert_eq!((stats.sessions, stats.undecided, stats.disagreements.len()), (3, 3, 0), "{stats}");
        // One route failing where the other answers is a disagreement, counted.
        let audit = Audit::open(None);
        let mut s =
            SecondOpinion::new(canned(Err(SolveError::Infeasible)), canned(Ok(vec![3])), Route::Highs, audit.clone());
        assert!(s.solve_stages(st()).is_err());
        let stats = audit.counts().solver;
        assert_eq!(stats.disagreements.len(), 1, "{stats}");
        assert!(stats.to_string().ends_with("1 disagreements"), "{stats}");
    }
}
