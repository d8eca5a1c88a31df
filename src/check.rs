//! The checker: replays every round of a complete tournament and compares with what was recorded.

use crate::audit::AuditCounts;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::round::{Event, Field};
use crate::trf::TrfDocument;
use crate::vocabulary::{PairError, System};
use serde::Serialize;

/// The outcome of replaying one round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    /// Same boards (pairs and colours) and the same bye.
    Identical,
    /// The pairing differs; boards only on one side are listed, as TRF ids (white, black).
    Different {
        /// Recorded boards lexpair did not pair, in ascending order.
        recorded_only: Vec<(u32, u32)>,
        /// lexpair's boards not in the recorded pairing, in ascending order.
        lexpair_only: Vec<(u32, u32)>,
        /// The player (or team) recorded with the pairing-allocated bye.
        recorded_bye: Option<u32>,
        /// The player (or team) lexpair gave the pairing-allocated bye.
        lexpair_bye: Option<u32>,
    },
    /// lexpair found no valid pairing where one was recorded.
    NoPairing(String),
    /// The round could not be replayed (bad history, solver failure, system missing).
    Error(String),
    /// lexpair's own fault: its checker refused its pairing, or its cross-checks disagreed.
    Internal(String),
}

/// One replayed round.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RoundCheck {
    /// The round replayed.
    pub round: u32,
    /// How lexpair's pairing compares with the recorded one.
    pub outcome: Outcome,
    /// What the cross-checks confirmed while pairing it (`--cross-check`), when asked for.
    #[serde(skip)]
    pub audit: AuditCounts,
}

/// Replays every recorded round (those with at least one recorded pairing; in a Double-Swiss file
/// every match), the file read as a finished event (`round::as_recorded`): an initial colour the
/// file does not state is taken from its recorded round 1, so that round 1 is replayed too, and
/// an unstated number of rounds is the rounds in the file, so that its last round is the final one.
pub fn check_document(doc: &TrfDocument, system: System, opts: &PairOptions) -> Vec<RoundCheck> {
    let doc = crate::round::as_recorded(doc.clone());
    (1..=Event::rounds_in_file(&doc)).filter_map(|r| check_round(&doc, system, r, opts)).collect()
}

/// Replays round `round`; `None` when nothing was paired in that round.
pub fn check_round(doc: &TrfDocument, system: System, round: u32, opts: &PairOptions) -> Option<RoundCheck> {
    let error =
        |message: String| Some(RoundCheck { round, outcome: Outcome::Error(message), audit: AuditCounts::default() });
    let event = match Event::before_round(doc, round) {
        Ok(t) => t,
        Err(e) => return error(e),
    };
    let t = event.field();
    let recorded = match event.recorded(doc) {
        Ok(r) => r,
        Err(e) => return error(e),
    };
    if recorded.boards.is_empty() && recorded.bye.is_none() {
        return None;
    }
    let mut audit = AuditCounts::default();
    let outcome = match crate::round::pair(t, system, opts) {
        Ok(got) => {
            audit = AuditCounts { sat: got.sat, solver: got.solver.unwrap_or_default() };
            compare(t, &recorded, &got.pairing)
        }
        Err(PairError::NoValidPairing(m)) => Outcome::NoPairing(m),
        Err(PairError::Internal(m)) => Outcome::Internal(m),
        Err(e) => Outcome::Error(e.to_string()),
    };
    Some(RoundCheck { round, outcome, audit })
}

/// Compares a replayed pairing with the recorded one (boards by TRF ids, colours included).
pub fn compare(t: Field, recorded: &RoundPairing, got: &RoundPairing) -> Outcome {
    let ids = |b: &Board| (t.id(b.white), t.id(b.black));
    let rec: std::collections::BTreeSet<(u32, u32)> = recorded.boards.iter().map(ids).collect();
    let lex: std::collections::BTreeSet<(u32, u32)> = got.boards.iter().map(ids).collect();
    let bye = |p: &RoundPairing| p.bye.map(|i| t.id(i));
    if rec == lex && bye(recorded) == bye(got) {
        return Outcome::Identical;
    }
    Outcome::Different {
        recorded_only: rec.difference(&lex).copied().collect(),
        lexpair_only: lex.difference(&rec).copied().collect(),
        recorded_bye: bye(recorded),
        lexpair_bye: bye(got),
    }
}
