//! The independent rule checker: is a round's pairing legal under a system and edition, and
//! what does it cost, criterion by criterion?
//!
//! Written from the rule texts (`../shared/specs`), importing nothing from `src/systems/`: it
//! reads only the TRF reader's documents, the tournament state (`src/trf`, `src/tournament`)
//! and the system's name (`vocabulary::System`), and names the editions it judges itself, one
//! data row each (`rules::EDITIONS`).
//! - `absolute`: every absolute rule, each violation a typed [`Violation`] naming its article
//!   and the players (TRF ids);
//! - `quality`: the system's quality criteria evaluated on a whole round's pairing, so a
//!   hand-made pairing can be compared with lexpair's criterion by criterion;
//! - [`pairs_file`]: a pairing read from the engines' pairs format or from a TRF with the round;
//! - [`mod@matches`], [`team`], [`double`]: the systems whose pairs are matches (C.04.6 teams, C.04.5
//!   players in two-game matches), judged from their own tournament states;
//! - `guard`: the run-time hook every printed pairing passes through;
//! - [`fn@judge`]: one entry for any kind of event.
//!
//! Invariants: the checker never panics on any pairing (unknown indices are violations, not
//! errors), and its answer depends only on the tournament state and the pairing.

pub(crate) mod absolute;
pub mod double;
pub(crate) mod guard;
mod judge;
pub mod matches;
pub mod pairs_file;
pub(crate) mod quality;
pub(crate) mod rules;
pub mod team;

pub use absolute::{check, may_meet, may_receive_bye, Rule, Violation};
pub use guard::{guard, GuardError};
pub use judge::judge;
pub use pairs_file::{read_pairing, PairsFileError};
pub use quality::{compare, evaluate, Comparison, Criterion, Quality};
pub use rules::Edition;
