//! lexpair: FIDE Swiss pairings stated as lexicographic integer programs and solved exactly.
//!
//! Layers, from the file to the pairing:
//! - [`trf`]: TRF16 (+ extensions) and TRF-2026 documents, read and written;
//! - [`tournament`]: the state before a round (scores, colours, floats, byes, opponents);
//! - [`model`]: a bracket as a 0/1 program with named criteria, solved stage by stage;
//! - [`solver`]: the backends (HiGHS, exact matching, SAT witness);
//! - [`systems`]: the FIDE systems and their registry, below them [`vocabulary`] (names,
//!   options, errors); [`verify`], the independent checker;
//! - [`round`]: the door of a round, which every caller goes through.

#![deny(missing_docs)]

/// The version of this build (`lexpair -r`, `lexpair.__version__`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod alloc;
pub mod audit;
pub mod batch;
pub mod check;
pub mod double;
pub mod explain;
pub mod generate;
pub mod lists;
pub mod matches;
pub mod metrics;
pub mod model;
pub mod options;
pub mod pairing;
pub mod points;
pub mod results;
pub mod rng;
pub mod round;
pub mod solver;
pub mod standings;
pub mod systems;
pub mod team;
pub mod tournament;
pub mod trf;
pub mod units;
pub mod verify;
pub mod vocabulary;
