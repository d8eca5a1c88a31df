//! The words every layer shares: which system pairs, what it pairs (a player or a team), with
//! which options, how a pairing fails, and how a stage of a bracket model is keyed.
//!
//! This module sits below both the registry of systems (`systems`) and the independent checker
//! (`verify`), and imports neither: the checker names the system it judges with [`System`]
//! without importing any code that pairs. What a system *does* (its entry points, criteria and
//! capabilities) is its row in `systems::registry`; here is only its name.

use crate::points::Points;
use serde::Serialize;
use std::fmt;

/// A pairing system and edition. Its name is the one on the command line and of
/// `models/NAME.model`; everything else about it is its row of `systems::REGISTRY`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub enum System {
    /// C.04.3 Dutch, rules in force from 1 February 2026.
    Dutch2026,
    /// C.04.3 Dutch, rules in force 2017-2026.
    Dutch2017,
    /// C.04.3 Dutch, rules in force 2012-2017.
    Dutch2012,
    /// C.04.4.1 Dubov, rules in force from 2026.
    Dubov2026,
    /// C.04.4.1 Dubov, rules in force 2018-2026.
    Dubov2018,
    /// C.04.4.3 Lim.
    Lim,
    /// C.04.4.2 Burstein, rules in force from 2026.
    Burstein2026,
    /// C.04.6 Swiss Team pairing system, rules in force from 2026: pairs teams.
    SwissTeam2026,
    /// C.04.5 Double-Swiss pairing system, rules in force from 2026: pairs players in two-game
    /// matches.
    DoubleSwiss2026,
    /// The whole-field system: every round one lexicographic program over all present players,
    /// defined by a formulation file (no score brackets).
    Field,
}

impl System {
    /// Every system, in registry order.
    pub const ALL: [System; 10] = [
        System::Dutch2026,
        System::Dutch2017,
        System::Dutch2012,
        System::Dubov2026,
        System::Dubov2018,
        System::Lim,
        System::Burstein2026,
        System::SwissTeam2026,
        System::DoubleSwiss2026,
        System::Field,
    ];

    /// The name used on the command line and in `models/`.
    pub fn name(self) -> &'static str {
        match self {
            System::Dutch2026 => "dutch-2026",
            System::Dutch2017 => "dutch-2017",
            System::Dutch2012 => "dutch-2012",
            System::Dubov2026 => "dubov-2026",
            System::Dubov2018 => "dubov-2018",
            System::Lim => "lim",
            System::Burstein2026 => "burstein-2026",
            System::SwissTeam2026 => "team-2026",
            System::DoubleSwiss2026 => "double-2026",
            System::Field => "field",
        }
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What a system pairs: the pairing unit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Unit {
    /// One player; a pair of units is one game.
    Player,
    /// A team with its board line-up; a pair of units is one match of as many games as boards.
    Team,
    /// One player of a Double-Swiss tournament; a pair of units is one match of two games.
    DoubleSwissPlayer,
}

impl Unit {
    /// What a pair of these units plays, in messages: `games`, `matches of teams`, `two-game matches`.
    pub fn plays(self) -> &'static str {
        match self {
            Unit::Player => "single games",
            Unit::Team => "team matches",
            Unit::DoubleSwissPlayer => "two-game matches",
        }
    }

    /// The unit's name in messages and JSON keys: `player` (also in Double-Swiss), `team`.
    pub fn name(self) -> &'static str {
        match self {
            Unit::Player => "player",
            Unit::Team => "team",
            Unit::DoubleSwissPlayer => "player",
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

/// The formats `--write-lp` writes each stage in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LpFormats {
    /// CPLEX LP (`.lp`).
    pub lp: bool,
    /// Free-format MPS (`.mps`).
    pub mps: bool,
}

impl Default for LpFormats {
    /// LP files only.
    fn default() -> LpFormats {
        LpFormats { lp: true, mps: false }
    }
}

/// Why a model could not be solved.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// No assignment satisfies the constraints (e.g. nobody can be paired legally).
    Infeasible,
    /// The model itself is malformed (a bug in the system that built it).
    InvalidModel(String),
    /// The backend stopped without a proven optimum (time limit, numerical trouble, ...).
    Backend(String),
}

impl std::fmt::Display for SolveError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SolveError::Infeasible => write!(f, "no pairing satisfies the absolute criteria"),
            SolveError::InvalidModel(m) => write!(f, "invalid bracket model: {m}"),
            SolveError::Backend(m) => write!(f, "solver failure: {m}"),
        }
    }
}

impl std::error::Error for SolveError {}

/// Why a round could not be paired.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PairError {
    /// No pairing satisfies the absolute criteria (exit code 1).
    NoValidPairing(String),
    /// The request does not make sense for this tournament (exit code 3).
    Invalid(String),
    /// The solver failed or timed out (exit code 2).
    Solver(SolveError),
    /// lexpair's own fault (exit code 2): its checker refused the pairing it made, or its two
    /// solver routes (or the matching and SAT) disagreed.
    Internal(String),
}

impl fmt::Display for PairError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairError::NoValidPairing(m) => write!(f, "no valid pairing exists: {m}"),
            PairError::Invalid(m) | PairError::Internal(m) => write!(f, "{m}"),
            PairError::Solver(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for PairError {}

/// The key of one stage of a bracket model: which criterion (or candidate-order step) of the
/// system it is, which part of it, and what its value measures. A typed value, so that
/// `--explain` asks the system for the words of a stage instead of reading its name;
/// [`StageKey`]'s `Display` (and its JSON form) is the stable name used in LP file names,
/// `--explain-solver` and the batch columns (`C12-colours`, `C6-floaters-score15`,
/// `D1-partner-of-3`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StageKey {
    /// The criterion or step as the formulation file and the text key it (`C12`, `D2a`, `A4`).
    pub criterion: &'static str,
    /// What the stage measures, in the stable name (`colours`, `partner-of`, `bye-score`); a
    /// `{}` in it is where the seat of an [`At::Seat`] stage goes.
    pub what: &'static str,
    /// The part of the criterion this stage is, when it has parts.
    pub at: At,
    /// What its value is.
    pub measure: Measure,
}

/// Which part of a criterion a stage is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum At {
    /// The whole criterion.
    Whole,
    /// The criterion restricted to one score (`-score15`: 1½ points, in tenths).
    Score(Points),
    /// The criterion restricted to one score difference (`-sd10`).
    ScoreDifference(Points),
    /// The step about one seat of the bracket, 1-based (a bracket sequence number, a set's
    /// position): the name puts it where `what` has `{}`, else after the words.
    Seat(usize),
    /// The step about one named group of the bracket (`G1`, `S1`).
    Group(&'static str),
}

/// What the value of a stage is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Measure {
    /// A number of players or pairs (negative when a maximised count).
    Count,
    /// A score, in tenths of points.
    Points,
    /// An order value among candidates (a rank, a sum of pairing numbers): only its order means.
    Rank,
    /// Whether the rest of the round can be completed (1 when not).
    Completion,
    /// A candidate-order step: the system words it.
    Order,
}

impl StageKey {
    /// A quality criterion counting players or pairs.
    pub const fn count(criterion: &'static str, what: &'static str) -> StageKey {
        StageKey { criterion, what, at: At::Whole, measure: Measure::Count }
    }

    /// A quality criterion measured in points.
    pub const fn points(criterion: &'static str, what: &'static str) -> StageKey {
        StageKey { criterion, what, at: At::Whole, measure: Measure::Points }
    }

    /// A criterion whose value only orders candidates.
    pub const fn rank(criterion: &'static str, what: &'static str) -> StageKey {
        StageKey { criterion, what, at: At::Whole, measure: Measure::Rank }
    }

    /// The completion requirement.
    pub const fn completion(criterion: &'static str) -> StageKey {
        StageKey { criterion, what: "completion", at: At::Whole, measure: Measure::Completion }
    }

    /// A step of the candidate order.
    pub const fn order(criterion: &'static str, what: &'static str) -> StageKey {
        StageKey { criterion, what, at: At::Whole, measure: Measure::Order }
    }

    /// The same key restricted to a part.
    pub const fn at(self, at: At) -> StageKey {
        StageKey { at, ..self }
    }

    /// The seat of a seat step.
    pub fn seat(&self) -> Option<usize> {
        match self.at {
            At::Seat(k) => Some(k),
            _ => None,
        }
    }

    /// A quality criterion (or completion), as opposed to a candidate-order step.
    pub fn is_criterion(&self) -> bool {
        self.measure != Measure::Order
    }
}

impl fmt::Display for StageKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let head = if self.what.is_empty() { self.criterion.to_string() } else { format!("{}-", self.criterion) };
        match self.at {
            At::Whole => write!(f, "{head}{}", self.what),
            At::Score(s) => write!(f, "{head}{}-score{}", self.what, s.0),
            At::ScoreDifference(s) => write!(f, "{head}{}-sd{}", self.what, s.0),
            At::Seat(k) if self.what.contains("{}") => write!(f, "{head}{}", self.what.replace("{}", &k.to_string())),
            At::Seat(k) => write!(f, "{head}{}-{k}", self.what),
            At::Group(g) => write!(f, "{head}{}-{g}", self.what),
        }
    }
}

/// A stage key is written (JSON, CSV) as its stable name.
impl Serialize for StageKey {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stage_keys_keep_their_stable_names() {
        assert_eq!(StageKey::count("C12", "colours").to_string(), "C12-colours");
        assert_eq!(StageKey::count("C6", "floaters").at(At::Score(Points(15))).to_string(), "C6-floaters-score15");
        assert_eq!(StageKey::count("C6", "pairs").at(At::ScoreDifference(Points(10))).to_string(), "C6-pairs-sd10");
        assert_eq!(StageKey::order("D1", "partner-of").at(At::Seat(3)).to_string(), "D1-partner-of-3");
        assert_eq!(StageKey::order("D2c", "keep-{}-in-S1").at(At::Seat(4)).to_string(), "D2c-keep-4-in-S1");
        assert_eq!(StageKey::order("B3", "pairs-within").at(At::Group("G1")).to_string(), "B3-pairs-within-G1");
        assert_eq!(StageKey::order("force", "").to_string(), "force");
        assert_eq!(serde_json::to_string(&StageKey::completion("C4")).ok().as_deref(), Some("\"C4-completion\""));
    }

    #[test]
    fn names_are_distinct() {
        for a in System::ALL {
            assert_eq!(System::ALL.iter().filter(|b| b.name() == a.name()).count(), 1, "{a}");
        }
    }
}
