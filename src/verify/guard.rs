//! The run-time hook: every pairing lexpair prints passes through the checker first.
//!
//! A violation is lexpair's own bug: the caller turns [`GuardError`] into an internal error
//! (exit 2) and writes nothing. The case is saved for a bug report as one JSON file (system,
//! round, the tournament state, the pairing as TRF ids, the violations) in the folder named by
//! `LEXPAIR_BUG_DIR`, or else the system's temporary folder, named
//! `lexpair-bug-<system>-r<round>-<hash>.json`.

use super::absolute::{check, Violation};
use crate::pairing::RoundPairing;
use crate::team::TeamTournament;
use crate::tournament::Tournament;
use crate::vocabulary::System;
use std::fmt;
use std::path::PathBuf;

/// A produced pairing broke absolute rules.
#[derive(Debug)]
pub struct GuardError {
    /// The system whose pairing it is.
    pub system: System,
    /// The round paired, 1-based.
    pub round: u32,
    /// The rules it breaks.
    pub violations: Vec<Violation>,
    /// Where the case was saved, when saving succeeded.
    pub saved: Option<PathBuf>,
}

impl fmt::Display for GuardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "internal error: the {} pairing of round {} breaks absolute rules:", self.system, self.round)?;
        for v in &self.violations {
            write!(f, "\n  {v}")?;
        }
        match &self.saved {
            Some(p) => write!(f, "\nthe case is saved for a bug report in {}", p.display()),
            None => write!(f, "\nthe case could not be saved"),
        }
    }
}

impl std::error::Error for GuardError {}

/// Checks `pairing`; on a violation saves the case and returns the error.
pub fn guard(system: System, t: &Tournament, pairing: &RoundPairing) -> Result<(), GuardError> {
    let violations = check(system, t, pairing);
    if violations.is_empty() {
        return Ok(());
    }
    let id = |i: usize| t.players.get(i).map_or(0, |p| p.id);
    let saved = save(system, t.round, pairing, &id, &violations, serde_json::to_value(t).ok());
    Err(GuardError { system, round: t.round, violations, saved })
}

/// [`guard`] for a pairing of teams (C.04.6), judged by the checker's team rules.
pub fn guard_teams(system: System, t: &TeamTournament, pairing: &RoundPairing) -> Result<(), GuardError> {
    let violations = super::team::check(system, t, pairing);
    if violations.is_empty() {
        return Ok(());
    }
    let id = |i: usize| t.teams.get(i).map_or(0, |x| x.tpn);
    let saved = save(system, t.round, pairing, &id, &violations, serde_json::to_value(t).ok());
    Err(GuardError { system, round: t.round, violations, saved })
}

/// [`guard`] for a Double-Swiss match round (C.04.5), judged by the checker's Double-Swiss rules.
pub fn guard_double(
    system: System,
    t: &crate::double::DoubleTournament,
    pairing: &RoundPairing,
) -> Result<(), GuardError> {
    let violations = super::double::check(system, t, pairing);
    if violations.is_empty() {
        return Ok(());
    }
    let id = |i: usize| t.players.get(i).map_or(0, |p| p.id);
    let saved = save(system, t.round, pairing, &id, &violations, serde_json::to_value(t).ok());
    Err(GuardError { system, round: t.round, violations, saved })
}

fn save(
    system: System,
    round: u32,
    pairing: &RoundPairing,
    id: &dyn Fn(usize) -> u32,
    violations: &[Violation],
    tournament: Option<serde_json::Value>,
) -> Option<PathBuf> {
    let case = serde_json::json!({
        "lexpair": env!("CARGO_PKG_VERSION"),
        "system": system.name(),
        "round": round,
        "boards": pairing.boards.iter().map(|b| [id(b.white), id(b.black)]).collect::<Vec<_>>(),
        "bye": pairing.bye.map(id),
        "violations": violations,
        "tournament": tournament,
    });
    let text = serde_json::to_string_pretty(&case).ok()?;
    let hash = text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3));
    let dir = std::env::var_os("LEXPAIR_BUG_DIR").map(PathBuf::from).unwrap_or_else(std::env::temp_dir);
    let path = dir.join(format!("lexpair-bug-{}-r{round}-{hash:016x}.json", system.name()));
    std::fs::write(&path, text).ok()?;
    Some(path)
}
