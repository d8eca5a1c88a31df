//! What every system does with a model once it is built: open a session on the chosen backend,
//! map the solver's errors to pairing errors, and write the solved stages as LP files. One place
//! for the three, instead of a copy per system.

use crate::model::{write_legend, write_lp, write_mps, BracketModel, SolveError};
use crate::options::PairOptions;
#[cfg(feature = "highs")]
use crate::solver::highs_lex::{LexOptions, LexSession};
use crate::solver::lex::LexBackend;
use crate::solver::matching_lex::MatchingSession;
use crate::solver::second_opinion::{Route, SecondOpinion, HIGHS_PAIRS, HIGHS_SECONDS};
use crate::vocabulary::{Backend, PairError};
use std::sync::Arc;

/// A lexicographic session on `model` with the backend `opts` chooses: the exact weighted
/// matching (pure matching models) or the integer programs (HiGHS through good_lp), with a time
/// limit per solver call. With `opts.second_opinion` (`--cross-check solver`), every stage is
/// also solved on a second route that must agree ([`SecondOpinion`]), counted in `opts`' audit.
pub(crate) fn session(model: BracketModel, opts: &PairOptions) -> Result<Box<dyn LexBackend>, SolveError> {
    open(Arc::new(model), opts)
}

/// [`session`] on a model shared with its builder: the exact matching reads it in place; the
/// integer programs get their own copy (they add variables and rows to it).
pub(crate) fn session_shared(model: &Arc<BracketModel>, opts: &PairOptions) -> Result<Box<dyn LexBackend>, SolveError> {
    open(Arc::clone(model), opts)
}

/// [`session`]: the model moves into an integer program when nothing else holds it.
fn open(model: Arc<BracketModel>, opts: &PairOptions) -> Result<Box<dyn LexBackend>, SolveError> {
    let time_limit = opts.time_limit;
    // A model with side constraints (a requirement of one's own that is a row of the program)
    // is no matching: the integer programs solve it, and no second route can check it.
    if !model.constraints.is_empty() || !model.aux.is_empty() {
        return one_session(model, Backend::Highs, time_limit);
    }
    let backend = opts.backend;
    if !opts.second_opinion {
        return one_session(model, backend, time_limit);
    }
    let pairs = model.pairs.len();
    let second: Option<(Box<dyn LexBackend>, Route)> = match backend {
        Backend::Matching if pairs <= HIGHS_PAIRS && cfg!(feature = "highs") => {
            let limit = Some(time_limit.map_or(HIGHS_SECONDS, |t| t.min(HIGHS_SECONDS)));
            Some((one_session(Arc::clone(&model), Backend::Highs, limit)?, Route::Highs))
        }
        // The other path of the weighted matching: each chunk on the whole graph where the
        // first prices it, priced where the first solves the whole graph (every model's second
        // route in a build without HiGHS).
        Backend::Matching => {
            let other = MatchingSession::shared(Arc::clone(&model))?.with_inverse_pricing();
            Some((Box::new(other), Route::Matching))
        }
        // HiGHS checked by the matching, where the model is one (no side constraints).
        Backend::Highs => MatchingSession::shared(Arc::clone(&model))
            .ok()
            .map(|m| (Box::new(m) as Box<dyn LexBackend>, Route::Matching)),
    };
    let first = one_session(model, backend, time_limit)?;
    Ok(match second {
        Some((second, route)) => Box::new(SecondOpinion::new(first, second, route, opts.audit.clone())),
        None => first,
    })
}

/// One session on the chosen backend. The integer programs add variables and rows to their
/// model: they take it when nothing else holds it, a copy otherwise.
fn one_session(
    model: Arc<BracketModel>,
    backend: Backend,
    time_limit: Option<f64>,
) -> Result<Box<dyn LexBackend>, SolveError> {
    Ok(match backend {
        Backend::Matching => Box::new(MatchingSession::shared(model)?),
        #[cfg(feature = "highs")]
        Backend::Highs => {
            let model = Arc::try_unwrap(model).unwrap_or_else(|shared| BracketModel::clone(&shared));
            Box::new(LexSession::new(model, LexOptions { time_limit, ..LexOptions::default() })?)
        }
        #[cfg(not(feature = "highs"))]
        Backend::Highs => {
            let _ = time_limit;
            return Err(SolveError::Backend(crate::solver::lex::NO_HIGHS.into()));
        }
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

/// Writes every stage of a solved model as an LP file (`--write-lp DIR`), or as an MPS file
/// with `--lp-format mps` (both with `lp,mps`): `DIR/NAME-sKKK-STAGE.lp`, each with the optima of the stages before it
/// fixed, and `DIR/NAME-legend.csv` naming each variable (the pair of start numbers, the player
/// left unpaired), each stage's criterion and article, and each row of one's own. Nothing
/// without `--write-lp`.
pub(crate) fn write_models(opts: &PairOptions, name: &str, m: &BracketModel, values: &[i64]) -> Result<(), PairError> {
    let Some(dir) = &opts.write_lp else { return Ok(()) };
    std::fs::create_dir_all(dir).map_err(|e| PairError::Invalid(format!("{}: {e}", dir.display())))?;
    // A program written again under the same name (a bracket paired again: a PPB, a row of
    // one's own) leaves no stage file of the earlier one.
    let stale = format!("{name}-s");
    for entry in std::fs::read_dir(dir).map_err(|e| PairError::Invalid(format!("{}: {e}", dir.display())))?.flatten() {
        let file = entry.file_name().to_string_lossy().into_owned();
        if file.starts_with(&stale) && (file.ends_with(".lp") || file.ends_with(".mps")) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let write = |path: std::path::PathBuf, text: String| {
        std::fs::write(&path, text).map_err(|e| PairError::Invalid(format!("{}: {e}", path.display())))
    };
    for (k, st) in m.stages.iter().enumerate() {
        let stem = format!("{name}-s{:03}-{}", k + 1, st.key.to_string().replace('#', ""));
        if opts.lp_formats.lp {
            write(dir.join(format!("{stem}.lp")), write_lp(m, k, values))?;
        }
        if opts.lp_formats.mps {
            write(dir.join(format!("{stem}.mps")), write_mps(m, k, values))?;
        }
    }
    write(dir.join(format!("{name}-legend.csv")), write_legend(m, values))
}
