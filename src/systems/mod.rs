//! The pairing systems: one folder per system, and the registry of their rows.
//!
//! The words they share (system names, options, errors, stage keys) come from
//! [`crate::vocabulary`], below this module; the registry ([`registry`]) is the one place that
//! names every system's folder. A round is paired through the door of [`crate::round`], never
//! by calling a system directly.

pub mod burstein;
mod colour_grant;
pub mod counterfactual;
pub mod custom;
pub mod double;
pub mod dubov;
pub mod dutch;
pub mod field;
pub mod lim;
pub mod registry;
mod solving;
pub mod team;
mod top_scoregroup;
pub mod trace;

pub use registry::{
    criteria_dictionary, criteria_rows, criterion_article, criterion_name, why_bye, why_not, ByeRules, CriteriaFn,
    DoublePairFn, DoubleWhyByeFn, DoubleWhyNotFn, Entry, OwnCriteria, PairFn, Registration, TeamPairFn, TeamWhyByeFn,
    TeamWhyNotFn, Why, WhyNotFn, REGISTRY,
};
