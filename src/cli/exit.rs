//! Failures of a command and their exit codes (those of JaVaFo and bbpPairings).

use lexpair::trf::ReadFileError;
use lexpair::vocabulary::PairError;
use std::fmt;

/// A command that did not complete.
#[derive(Debug)]
pub enum Failure {
    /// Exit 1: no valid pairing exists.
    NoPairing(String),
    /// Exit 2: solver or internal failure.
    Internal(String),
    /// Exit 3: invalid input or request.
    Invalid(String),
    /// Exit 5: a file could not be read or written.
    File(String),
}

impl Failure {
    pub fn code(&self) -> i32 {
        match self {
            Failure::NoPairing(_) => 1,
            Failure::Internal(_) => 2,
            Failure::Invalid(_) => 3,
            Failure::File(_) => 5,
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Failure::NoPairing(m) | Failure::Internal(m) | Failure::Invalid(m) | Failure::File(m) => f.write_str(m),
        }
    }
}

impl From<ReadFileError> for Failure {
    fn from(e: ReadFileError) -> Failure {
        match e {
            ReadFileError::Io { .. } => Failure::File(e.to_string()),
            ReadFileError::Format(f) => Failure::Invalid(f.to_string()),
        }
    }
}

impl From<PairError> for Failure {
    fn from(e: PairError) -> Failure {
        match e {
            PairError::NoValidPairing(_) => Failure::NoPairing(e.to_string()),
            PairError::Invalid(_) => Failure::Invalid(e.to_string()),
            PairError::Solver(_) | PairError::Internal(_) => Failure::Internal(e.to_string()),
        }
    }
}
