//! The FIDE Dubov system (C.04.4.1): the 2018 text and the 2026 edition, one implementation.
//!
//! A round is paired as B describes: the pairing-allocated bye first (B.0, `bracket::pab`),
//! then the scoregroups from the top down, each completed with upfloaters drawn from the lower
//! scoregroups (no downfloaters). Each bracket is solved as lexicographic matching programs
//! (`bracket`): the upfloater set by the quality criteria C.5-C.10 (with completion C.4 as the
//! requirement that everybody below can still be paired) and the D.1 set order, then the B.3
//! shifters by D.2, then the first legal transposition T2 of D.3. Colours by E.0-E.4
//! (`colours`).
//!
//! Differences between the editions implemented here (see `docs/dubov.md`):
//! - PAB eligibility: 2018 C.2 (C.04.1.d) bars a player who had the PAB or a forfeit win;
//!   2026 \[C2\] (Basic Rules Art. 4) bars a player who scored a win's points without playing in
//!   any round (PAB, full-point bye, forfeit win).
//! - The upfloater-set order (2018 D.1 containers sorted by C.6 then lexicographic; 2026 4.2
//!   "smallest differing sequence number" with \[C5\]/\[C6\] fixing number and scores) chooses the
//!   same set: C.5 and C.6 are quality criteria of higher priority than the set order in both.

mod bracket;
pub use bracket::words;
pub(crate) mod colours;
pub(crate) mod criteria;
mod round;

use super::trace::BracketTrace;
use crate::model::formulation::Formulation;
use crate::model::SolveError;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::tournament::Tournament;
use crate::vocabulary::PairError;
use round::Round;
use serde::Serialize;
use std::sync::OnceLock;

/// Edition of the Dubov rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Edition {
    /// Approved by the 2018 General Assembly, in force until 31 January 2026.
    E2018,
    /// In force from 1 February 2026.
    E2026,
}

pub(crate) const MODEL_2018: &str = include_str!("../../../models/dubov-2018.model");
pub(crate) const MODEL_2026: &str = include_str!("../../../models/dubov-2026.model");

/// The built-in formulation of `edition`, read once per process.
fn formulation(edition: Edition) -> Result<&'static Formulation, PairError> {
    static READ: [OnceLock<Formulation>; 2] = [const { OnceLock::new() }; 2];
    let (slot, name, text) = match edition {
        Edition::E2018 => (&READ[0], "models/dubov-2018.model", MODEL_2018),
        Edition::E2026 => (&READ[1], "models/dubov-2026.model", MODEL_2026),
    };
    Formulation::built_in(slot, name, text, |k| bracket::article(k).is_some()).map_err(PairError::Invalid)
}

pub(crate) fn solver_error(e: SolveError) -> PairError {
    crate::systems::solving::after_completion_check("a Dubov bracket model")(e)
}

/// Pairs the round with the Dubov rules of `edition`.
pub fn pair(
    t: &Tournament,
    edition: Edition,
    opts: &PairOptions,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    pair_with(t, edition, opts, true)
}

/// [`pair`], each upfloater program relaxed first (`relax`) or solved whole.
fn pair_with(
    t: &Tournament,
    edition: Edition,
    opts: &PairOptions,
    relax: bool,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    // A run-time formulation's keys were checked at the round door (`check_formulation`).
    let keys = match &opts.model {
        Some(m) => m.criteria.clone(),
        None => formulation(edition)?.criteria.clone(),
    };
    let r = Round::new(t, edition, opts.audit.clone());
    if r.order.is_empty() {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    let odd = r.order.len() % 2 == 1;
    if !r.completable(&r.order, odd) {
        return Err(PairError::NoValidPairing(
            "the present players cannot all be paired without a rematch, a forbidden pair, a colour clash (C.3) or an ineligible bye".into(),
        ));
    }
    // C.04.4.1 B.0: the pairing-allocated bye is assigned first.
    let bye = if odd {
        match bracket::pab(&r, &r.order) {
            Some(p) => Some(p),
            None => return Err(PairError::NoValidPairing("no player can receive the pairing-allocated bye".into())),
        }
    } else {
        None
    };
    if t.initial_colour.is_none() && r.order.iter().any(|&i| r.unplayed(i)) {
        return Err(PairError::Invalid(
            "the initial colour is not stated (XXC white1|black1, or tag 152) and no round shows it".into(),
        ));
    }
    let mut used = vec![false; t.players.len()];
    if let Some(b) = bye {
        used[b] = true;
    }
    let groups = r.scoregroups();
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    let mut traces = Vec::new();
    for k in 0..groups.len() {
        // B.1: the (remaining) residents of the scoregroup.
        let residents: Vec<usize> = groups[k].iter().copied().filter(|&i| !used[i]).collect();
        if residents.is_empty() {
            continue;
        }
        let lower: Vec<usize> = groups[k + 1..].iter().flatten().copied().filter(|&i| !used[i]).collect();
        let mut log =
            bracket::Log { prefix: format!("r{:02}-b{:02}", t.round, traces.len() + 1), ..Default::default() };
        let ups = if lower.is_empty() {
            Vec::new()
        } else {
            bracket::choose_upfloaters(&r, &keys, &residents, &lower, opts, &mut log, relax)?
        };
        let players: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        for &i in &players {
            used[i] = true;
        }
        if players.len() % 2 == 1 {
            return Err(PairError::Solver(SolveError::Backend("a Dubov bracket has an odd number of players".into())));
        }
        let chosen = bracket::pair_bracket(&r, &players, opts, &mut log)?;
        let id = |i: usize| t.players[i].id;
        let mut trace = BracketTrace::new(
            "bracket",
            players.iter().map(|&i| id(i)).collect(),
            0,
            chosen.iter().map(|&(a, b)| (id(a), id(b))).collect(),
            Vec::new(),
        );
        trace.stages = log.stages;
        trace.reports = log.reports;
        traces.push(trace);
        pairs.extend(chosen);
    }
    if used.iter().enumerate().any(|(i, &u)| !u && t.players[i].absent.is_none()) {
        return Err(PairError::Solver(SolveError::Backend("a present player was left unpaired".into())));
    }
    let mut pairing = RoundPairing {
        boards: pairs
            .iter()
            .map(|&(a, b)| {
                let (w, bl) = colours::allocate(&r, a, b);
                Board { white: w, black: bl }
            })
            .collect(),
        bye,
    };
    pairing.sort_boards(t);
    Ok((pairing, traces))
}

#[cfg(test)]
mod tests {
    use super::{pair_with, Edition};
    use crate::options::PairOptions;

    /// The relaxed upfloater programs choose what the whole programs choose, stage for stage
    /// (`bracket::choose_upfloaters`): every round of tournaments that need both ways (the
    /// relaxation's leftovers often cannot complete near the end of a small event).
    #[test]
    fn relaxed_upfloater_programs_agree_with_the_whole_programs() {
        for edition in [Edition::E2018, Edition::E2026] {
            let (rounds, brackets) = crate::systems::two_ways::agree("dutch-2017-tight", 16, |t, relax| {
                pair_with(t, edition, &PairOptions::default(), relax)
            });
            assert!(rounds > 20 && brackets > 100, "{edition:?}: {rounds} rounds, {brackets} brackets");
        }
    }
}
