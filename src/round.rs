//! The door of a round: the one library entry that pairs a round, for every caller (`pair`,
//! `check`, `generate`, `batch`, `verify`, the Python package).
//!
//! [`pair`] takes the tournament before the round, the system and the options, and returns the
//! [`Round`]: the pairing, the traces of every bracket, and the counts of every cross-check as
//! values. On the way it does, once for everyone:
//! 1. the capability checks: the system pairs this kind of unit, reads `--model`, takes `--maxi`;
//! 2. a fresh audit for the cross-checks (`--cross-check sat`, `--cross-check solver`), whose
//!    counts come back in the `Round`; a disagreement is lexpair's bug: [`PairError::Internal`];
//! 3. the system's own pairing (its registry row);
//! 4. the independent checker (`verify`): a pairing that breaks an absolute rule is never
//!    returned ([`PairError::Internal`], the case saved for a bug report);
//! 5. a pairing-allocated bye the arbiter entered in advance is kept.

use crate::pairing::{IdPairing, RoundPairing};
use crate::solver::audit::{Audit, AuditCounts};
use crate::solver::sat::CrossCheckStats;
use crate::solver::second_opinion::SecondOpinionStats;
use crate::systems::trace::BracketTrace;
use crate::tournament::Tournament;
use crate::vocabulary::{PairError, PairOptions, System, Unit};

/// What is paired: the tournament before the round, seen as the units of one kind.
#[derive(Clone, Copy, Debug)]
pub enum Field<'a> {
    /// An individual tournament: the units are players.
    Players(&'a Tournament),
}

impl<'a> From<&'a Tournament> for Field<'a> {
    fn from(t: &'a Tournament) -> Field<'a> {
        Field::Players(t)
    }
}

impl Field<'_> {
    /// The kind of unit the field holds.
    pub fn unit(&self) -> Unit {
        match self {
            Field::Players(_) => Unit::Player,
        }
    }

    /// The round to pair, 1-based.
    pub fn round(&self) -> u32 {
        match self {
            Field::Players(t) => t.round,
        }
    }
}

/// A paired round: the pairing, what every bracket decided, and what the cross-checks confirmed.
#[derive(Clone, Debug)]
pub struct Round {
    /// The system that paired it.
    pub system: System,
    /// The round, 1-based.
    pub number: u32,
    /// The pairs of units in board order and the pairing-allocated bye (unit indices).
    pub pairing: RoundPairing,
    /// Per bracket (or step): its units, the pairs chosen, the value of every stage.
    pub traces: Vec<BracketTrace>,
    /// `--cross-check sat`: the completion questions SAT re-decided.
    pub sat: Option<CrossCheckStats>,
    /// `--cross-check solver`: the stage optima the second route confirmed.
    pub solver: Option<SecondOpinionStats>,
}

impl Round {
    /// The pairing with units named by their ids (TRF starting ranks, team numbers).
    pub fn by_id(&self, t: &Tournament) -> IdPairing {
        self.pairing.by_id(t)
    }

    /// The cross-check counts as one value (zero where a check was not asked for).
    pub fn audit(&self) -> AuditCounts {
        AuditCounts { sat: self.sat.clone(), solver: self.solver.clone().unwrap_or_default() }
    }
}

/// Pairs the round `field` is before with `system` (see the module header).
pub fn pair<'a>(field: impl Into<Field<'a>>, system: System, opts: &PairOptions) -> Result<Round, PairError> {
    let field = field.into();
    let row = system.registration();
    if row.unit != field.unit() {
        return Err(PairError::Invalid(format!(
            "the {system} system pairs {}s, and this tournament's units are {}s",
            row.unit.name(),
            field.unit().name()
        )));
    }
    if opts.model.is_some() && !row.reads_formulations {
        return Err(PairError::Invalid(format!(
            "run-time formulations (--model) are read by the Dutch editions only, not by {system}"
        )));
    }
    if opts.maxi && !row.maxi {
        return Err(PairError::Invalid(format!("--maxi is a rule of the Lim system, not of {system}")));
    }
    let audit = Audit::open(opts.cross_check);
    let opts = PairOptions { audit: audit.clone(), ..opts.clone() };
    let Field::Players(t) = field;
    let result = (row.pair)(t, &opts);
    let counts = audit.counts();
    if let Some(d) = counts.sat.as_ref().and_then(|s| s.disagreements.first()) {
        return Err(PairError::Internal(format!("SAT cross-check disagreement: {d}")));
    }
    if let Some(d) = counts.solver.disagreements.first().filter(|_| opts.second_opinion) {
        return Err(PairError::Internal(d.clone()));
    }
    let (mut pairing, traces) = result?;
    crate::verify::guard(system, t, &pairing).map_err(|e| PairError::Internal(e.to_string()))?;
    if let Some(i) = t.preassigned_bye {
        pairing.bye = Some(i); // entered in advance by the arbiter, kept (the rest were even)
    }
    Ok(Round {
        system,
        number: t.round,
        pairing,
        traces,
        sat: counts.sat,
        solver: opts.second_opinion.then_some(counts.solver),
    })
}
