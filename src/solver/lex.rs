//! The interface every lexicographic backend offers: solve stages in priority order, possibly
//! adding stages after seeing earlier optima, and read the optimum.
//!
//! Backends: [`super::highs_lex::LexSession`] (HiGHS; any model, side constraints included) and
//! [`super::matching_lex::MatchingSession`] (exact weighted matching; models whose constraints are
//! only "every player paired or floating once").

use super::highs_lex::StageReport;
use crate::model::{BracketModel, Solution, SolveError, Stage};

pub trait LexBackend {
    /// Solves `stages` after all earlier ones and returns their optimal values.
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError>;
    /// The current optimum.
    fn solution(&mut self) -> Result<Solution, SolveError>;
    /// The model, with the stages solved so far.
    fn model(&self) -> &BracketModel;
    /// What each stage took.
    fn reports(&self) -> &[StageReport];
}

impl LexBackend for super::highs_lex::LexSession {
    fn solve_stages(&mut self, stages: Vec<Stage>) -> Result<Vec<i64>, SolveError> {
        super::highs_lex::LexSession::solve_stages(self, stages)
    }
    fn solution(&mut self) -> Result<Solution, SolveError> {
        super::highs_lex::LexSession::solution(self)
    }
    fn model(&self) -> &BracketModel {
        super::highs_lex::LexSession::model(self)
    }
    fn reports(&self) -> &[StageReport] {
        super::highs_lex::LexSession::reports(self)
    }
}
