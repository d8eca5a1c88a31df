//! What every system does with a model once it is built: open a session on the chosen backend,
//! map the solver's errors to pairing errors, and write the solved stages as LP files. One place
//! for the three, instead of a copy per system.

use super::{Backend, PairError};
use crate::model::{write_lp, BracketModel, SolveError};
use crate::solver::highs_lex::{LexOptions, LexSession};
use crate::solver::lex::LexBackend;
use crate::solver::matching_lex::MatchingSession;
use std::rc::Rc;

/// A lexicographic session on `model` with the chosen backend: the exact weighted matching (pure
/// matching models) or the integer programs (HiGHS through good_lp), with a time limit per
/// solver call.
pub(crate) fn session(
    model: BracketModel,
    backend: Backend,
    time_limit: Option<f64>,
) -> Result<Box<dyn LexBackend>, SolveError> {
    Ok(match backend {
        Backend::Matching => Box::new(MatchingSession::new(model)?),
        Backend::Highs => Box::new(LexSession::new(model, LexOptions { time_limit, ..LexOptions::default() })?),
    })
}

/// [`session`] on a model shared with its builder: the exact matching reads it in place; the
/// integer programs get their own copy (they add variables and rows to it).
pub(crate) fn session_shared(
    model: &Rc<BracketModel>,
    backend: Backend,
    time_limit: Option<f64>,
) -> Result<Box<dyn LexBackend>, SolveError> {
    Ok(match backend {
        Backend::Matching => Box::new(MatchingSession::shared(Rc::clone(model))?),
        Backend::Highs => session(BracketModel::clone(model), backend, time_limit)?,
    })
}

/// The pairing error of a solver error met after the round was checked to be completable: an
/// infeasible model is then a modelling error (`what` names the model), not the input's fault.
pub(crate) fn after_completion_check(what: &'static str) -> impl Fn(SolveError) -> PairError {
    move |e| match e {
        SolveError::Infeasible => {
            PairError::Solver(SolveError::Backend(format!("{what} turned out infeasible after the completion check")))
        }
        e => PairError::Solver(e),
    }
}

/// Writes every stage of a solved model as an LP file (`--write-lp DIR`): `DIR/NAME-sKKK-STAGE.lp`,
/// each with the optima of the stages before it fixed.
pub(crate) fn write_models(
    dir: &std::path::Path,
    name: &str,
    m: &BracketModel,
    values: &[i64],
) -> Result<(), PairError> {
    std::fs::create_dir_all(dir).map_err(|e| PairError::Invalid(format!("{}: {e}", dir.display())))?;
    for (k, st) in m.stages.iter().enumerate() {
        let path = dir.join(format!("{name}-s{:03}-{}.lp", k + 1, st.name.replace('#', "")));
        std::fs::write(&path, write_lp(m, k, values))
            .map_err(|e| PairError::Invalid(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}
