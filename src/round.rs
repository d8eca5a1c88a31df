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
use crate::systems::Entry;
use crate::team::TeamTournament;
use crate::tournament::Tournament;
use crate::vocabulary::{PairError, PairOptions, System, Unit};

/// What is paired: the tournament before the round, seen as the units of one kind.
#[derive(Clone, Copy, Debug)]
pub enum Field<'a> {
    /// An individual tournament: the units are players.
    Players(&'a Tournament),
    /// A team tournament: the units are teams with their board line-ups.
    Teams(&'a TeamTournament),
}

impl<'a> From<&'a Tournament> for Field<'a> {
    fn from(t: &'a Tournament) -> Field<'a> {
        Field::Players(t)
    }
}

impl<'a> From<&'a TeamTournament> for Field<'a> {
    fn from(t: &'a TeamTournament) -> Field<'a> {
        Field::Teams(t)
    }
}

impl Field<'_> {
    /// The kind of unit the field holds.
    pub fn unit(&self) -> Unit {
        match self {
            Field::Players(_) => Unit::Player,
            Field::Teams(_) => Unit::Team,
        }
    }

    /// The round to pair, 1-based.
    pub fn round(&self) -> u32 {
        match self {
            Field::Players(t) => t.round,
            Field::Teams(t) => t.round,
        }
    }

    /// The id of unit `i` (a TRF starting rank, a team pairing number); 0 for no unit.
    pub fn id(&self, i: usize) -> u32 {
        match self {
            Field::Players(t) => t.players.get(i).map_or(0, |p| p.id),
            Field::Teams(t) => t.teams.get(i).map_or(0, |x| x.tpn),
        }
    }

    /// The unit with id `id`.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        match self {
            Field::Players(t) => t.index_of(id),
            Field::Teams(t) => t.index_of(id),
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
    if row.unit() != field.unit() {
        return Err(PairError::Invalid(format!(
            "the {system} system pairs {}s, and this tournament's units are {}s{}",
            row.unit().name(),
            field.unit().name(),
            match field.unit() {
                Unit::Team => " (its file has team records, 310 or 013): pair it with the team-2026 system",
                Unit::Player => " (its file has no team records, 310 or 013)",
            }
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
    let result = match (row.pair, field) {
        (Entry::Players(pair), Field::Players(t)) => pair(t, &opts),
        (Entry::Teams(pair), Field::Teams(t)) => pair(t, &opts),
        _ => return Err(PairError::Internal(format!("the {system} row does not pair this unit"))),
    };
    let counts = audit.counts();
    if let Some(d) = counts.sat.as_ref().and_then(|s| s.disagreements.first()) {
        return Err(PairError::Internal(format!("SAT cross-check disagreement: {d}")));
    }
    if let Some(d) = counts.solver.disagreements.first().filter(|_| opts.second_opinion) {
        return Err(PairError::Internal(d.clone()));
    }
    let (mut pairing, traces) = result?;
    let guarded = match field {
        Field::Players(t) => crate::verify::guard(system, t, &pairing),
        Field::Teams(t) => crate::verify::guard::guard_teams(system, t, &pairing),
    };
    guarded.map_err(|e| PairError::Internal(e.to_string()))?;
    if let Field::Players(Tournament { preassigned_bye: Some(i), .. }) = field {
        pairing.bye = Some(*i); // entered in advance by the arbiter, kept (the rest were even)
    }
    Ok(Round {
        system,
        number: field.round(),
        pairing,
        traces,
        sat: counts.sat,
        solver: opts.second_opinion.then_some(counts.solver),
    })
}
