//! The options of one round's pairing ([`PairOptions`]): the backend, LP export, time limit, a
//! formulation of one's own, groups, cross-checks and the round's audit. Above the models (it
//! holds a [`Formulation`]) and below the systems, which read it; kept out of `vocabulary`, which
//! every layer imports and which imports nothing of the crate.

use crate::audit::{Audit, SatBudget};
use crate::model::formulation::Formulation;
use crate::vocabulary::{Backend, LpFormats};

/// Options for pairing one round.
#[derive(Clone, Debug, Default)]
pub struct PairOptions {
    /// The backend that solves the bracket models.
    pub backend: Backend,
    /// Write every stage model solved as an LP file into this folder.
    pub write_lp: Option<std::path::PathBuf>,
    /// With `write_lp`: the file formats (CPLEX LP, free MPS).
    pub lp_formats: LpFormats,
    /// With `write_lp`: solve every program, those a first-candidate shortcut would settle
    /// without a solver included, so that every program has its files (`--write-lp-all`; the
    /// pairing is the same).
    pub write_lp_all: bool,
    /// Wall-clock limit per solver call, seconds.
    pub time_limit: Option<f64>,
    /// A formulation loaded at run time (`--model FILE`) instead of the edition's built-in
    /// `models/*.model`; its keys are checked against the system's criteria when pairing.
    pub model: Option<Formulation>,
    /// `--groups FILE`: a group per id, read by the quantity `same_group` of criteria and
    /// constraints of one's own.
    pub groups: Option<std::sync::Arc<crate::tournament::attributes::Groups>>,
    /// Lim only: the Maxi-tournament rules (C.04.4.3 3.2, 3.8, 5.7: the 100-point rating rule).
    pub maxi: bool,
    /// `--cross-check sat`: completion answers re-decided by SAT within this budget.
    pub cross_check: Option<SatBudget>,
    /// `--cross-check solver`: every bracket model also solved on a second exact route, which
    /// must agree on every stage (see [`crate::solver::second_opinion`]).
    pub second_opinion: bool,
    /// Where the round's cross-checks count what they confirmed. The door of a round
    /// (`round::pair`) puts a fresh one here for every round and returns its counts as values
    /// in the `Round`: whatever a caller leaves here is replaced.
    pub audit: Audit,
}
