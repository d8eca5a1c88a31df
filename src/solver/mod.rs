//! Solver backends behind the bracket model: HiGHS for the lexicographic integer programs,
//! an exact matching algorithm and a SAT encoding for "can these players all be paired?".

pub mod bounds;
pub mod graph;
#[cfg(feature = "highs")]
pub mod highs_lex;
pub mod lex;
#[cfg(feature = "highs")]
pub mod lp_program;
pub mod matching;
pub mod matching_lex;
#[cfg(feature = "highs")]
pub mod pairability_ilp;
pub mod sat;
pub mod second_opinion;
pub mod threads;
#[cfg(feature = "highs")]
pub mod warm_lp;
pub mod weighted_matching;
pub mod wide;
