//! The tables of a round's state as arbiters and the engines' callers read them, rendered by the
//! library so that the command line, the Python package and an embedding program print the same:
//! - [`own`]: lexpair's check-list of an individual round (`pair -l`), JaVaFo's symbols;
//! - [`engines`]: the check-list of the drop-in form (`--dutch FILE -p OUT -l LIST`) and the
//!   report of its checker (`-c`), byte for byte in bbpPairings 5.0.1's layout, for every kind
//!   of event;
//! - [`state`]: the state before a round (`lexpair state`), as a table or JSON.
//!
//! Floats and PAB eligibility of an individual event follow the Dutch edition that the system's
//! registry row names (`Registration::checklist_rules`).

mod engines;
mod own;
mod state;

pub use engines::{checklist as engines, difference_table, trailer};
pub use own::render as own;
pub use state::{state, State, StateOf};
