//! The pairing systems, by name, behind one entry point.

pub mod dubov;
pub mod dutch;
pub mod formulation;
pub mod lim;
mod solving;

use crate::model::SolveError;
use crate::pairing::RoundPairing;
use crate::tournament::Tournament;
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// A pairing system and edition.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum System {
    Dutch2026,
    Dutch2017,
    Dutch2012,
    Dubov2026,
    Dubov2018,
    Lim,
}

impl System {
    pub const ALL: [System; 6] =
        [System::Dutch2026, System::Dutch2017, System::Dutch2012, System::Dubov2026, System::Dubov2018, System::Lim];

    /// Whether a run-time formulation (`--model FILE`) can replace the built-in one.
    pub fn reads_formulations(self) -> bool {
        matches!(self, System::Dutch2012 | System::Dutch2017 | System::Dutch2026)
    }

    /// The name used on the command line and in `models/`.
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch2026 => "dutch-2026",
            System::Dutch2017 => "dutch-2017",
            System::Dutch2012 => "dutch-2012",
            System::Dubov2026 => "dubov-2026",
            System::Dubov2018 => "dubov-2018",
            System::Lim => "lim",
        }
    }

    /// The system of a family (`dutch`, `dubov`, `lim`) in a given edition year; the edition in
    /// force now when `edition` is `None`.
    pub fn from_family(family: &str, edition: Option<u32>) -> Result<System, String> {
        let sys = match (family, edition) {
            ("dutch", None | Some(2026) | Some(2025)) => System::Dutch2026,
            ("dutch", Some(2017)) => System::Dutch2017,
            ("dutch", Some(2012)) => System::Dutch2012,
            ("dubov", None | Some(2026) | Some(2025)) => System::Dubov2026,
            ("dubov", Some(2018)) => System::Dubov2018,
            ("lim", None) => System::Lim,
            (f, Some(e)) => return Err(format!("no edition {e} of the {f} system; known: {}", names())),
            (f, None) => return Err(format!("unknown system family {f}; known: {}", names())),
        };
        Ok(sys)
    }
}

fn names() -> String {
    System::ALL.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for System {
    type Err = String;
    fn from_str(s: &str) -> Result<System, String> {
        let s = s.to_ascii_lowercase();
        if let Some(sys) = System::ALL.iter().find(|x| x.name() == s) {
            return Ok(*sys);
        }
        match s.as_str() {
            "dutch" | "dubov" | "lim" => System::from_family(&s, None),
            _ => Err(format!("unknown system '{s}'; known: {}", names())),
        }
    }
}

/// Which exact backend solves the bracket models.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Backend {
    /// Exact maximum-weight matching with all stages merged into wide integer weights.
    #[default]
    Matching,
    /// HiGHS, stage by stage (also models with side constraints).
    Highs,
}

/// Options for pairing one round.
#[derive(Clone, Debug, Default)]
pub struct PairOptions {
    pub backend: Backend,
    /// Write every stage model solved as an LP file into this folder.
    pub write_lp: Option<std::path::PathBuf>,
    /// Wall-clock limit per solver call, seconds.
    pub time_limit: Option<f64>,
    /// A formulation loaded at run time (`--model FILE`) instead of the edition's built-in
    /// `models/*.model`; its keys are checked against the system's criteria when pairing.
    pub model: Option<formulation::Formulation>,
    /// Lim only: the Maxi-tournament rules (C.04.4.3 3.2, 3.8, 5.7: the 100-point rating rule).
    pub maxi: bool,
    /// `--cross-check sat`: completion answers re-decided by SAT within this budget.
    pub cross_check: Option<crate::solver::sat::SatBudget>,
}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// No pairing satisfies the absolute criteria (exit code 1).
    NoValidPairing(String),
    /// The system is not available in this build (exit code 3).
    NotImplemented(System),
    /// The request does not make sense for this tournament (exit code 3).
    Invalid(String),
    /// The solver failed or timed out (exit code 2).
    Solver(SolveError),
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::NoValidPairing(m) => write!(f, "no valid pairing exists: {m}"),
            PairError::NotImplemented(s) => write!(
                f,
                "the {s} system is not implemented yet in lexpair {}; no pairing was produced",
                env!("CARGO_PKG_VERSION")
            ),
            PairError::Invalid(m) => write!(f, "{m}"),
            PairError::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PairError {}

/// Pairs the round `t.round` of `t` with `system`.
pub fn pair_round(system: System, t: &Tournament, opts: &PairOptions) -> Result<RoundPairing, PairError> {
    explain_round(system, t, opts).map(|(p, _)| p)
}

/// Why players `a` and `b` (TRF ids) are not paired together, after pairing the round.
pub fn why_not(
    system: System,
    t: &Tournament,
    traces: &[dutch::BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    match system {
        System::Dutch2012 => dutch::why_not(t, dutch::Edition::E2012, traces, a, b),
        System::Dutch2017 => dutch::why_not(t, dutch::Edition::E2017, traces, a, b),
        System::Dutch2026 => dutch::why_not(t, dutch::Edition::E2026, traces, a, b),
        other => Err(PairError::Invalid(format!("--why-not is not available for the {other} system yet"))),
    }
}

/// Pairs the round and returns, per bracket, what was decided and why.
pub fn explain_round(
    system: System,
    t: &Tournament,
    opts: &PairOptions,
) -> Result<(RoundPairing, Vec<dutch::BracketTrace>), PairError> {
    if opts.model.is_some() && !system.reads_formulations() {
        return Err(PairError::Invalid(format!(
            "run-time formulations (--model) are read by the Dutch editions only, not by {system}"
        )));
    }
    if opts.maxi && system != System::Lim {
        return Err(PairError::Invalid(format!("--maxi is a rule of the Lim system, not of {system}")));
    }
    match system {
        System::Dutch2012 => dutch::pair(t, dutch::Edition::E2012, opts),
        System::Dutch2017 => dutch::pair(t, dutch::Edition::E2017, opts),
        System::Dutch2026 => dutch::pair(t, dutch::Edition::E2026, opts),
        System::Dubov2026 => dubov::pair(t, dubov::Edition::E2026, opts),
        System::Dubov2018 => dubov::pair(t, dubov::Edition::E2018, opts),
        System::Lim => lim::pair(t, opts),
    }
}
