//! The FIDE Burstein system, 2026 edition (C.04.4.2, in force from 1 February 2026).
//!
//! - Seeding rounds (1.6): the first min(⌊rounds / 2⌋, 4) rounds are paired by the Dutch system
//!   (its 2026 edition, the one in force); the number of rounds must be known (XXR / 142).
//! - After them: the pairing-allocated bye first (3.1, [`round::Round::pab`]), then the
//!   scoregroups from the top down, each bracket made of the incoming floaters and the residents
//!   in the ranking order of 1.8 (the Index: Buchholz, then Sonneborn-Berger, with 1.7.2 for
//!   unplayed games; then TPN), paired by one lexicographic matching program (`bracket`):
//!   \[C1\]-\[C3\] as the allowed pairs, \[C4\] as the requirement that every lower player can still
//!   be paired, \[C5\]-\[C8\] as stages (`models/burstein-2026.model`), then the order of 4.3.
//! - Colours by Article 5 (`colours`).
//!
//! See `docs/burstein.md` for the readings and the agreement with the witnesses.

mod bracket;
pub use bracket::words;
mod colours;
pub mod round;

use super::trace::BracketTrace;
use crate::model::formulation::Formulation;
use crate::model::SolveError;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::tournament::Tournament;
use crate::vocabulary::PairError;
use std::sync::OnceLock;

pub(crate) const MODEL: &str = include_str!("../../../models/burstein-2026.model");

/// The built-in formulation, read once per process.
fn formulation() -> Result<&'static Formulation, PairError> {
    static READ: OnceLock<Formulation> = OnceLock::new();
    Formulation::built_in(&READ, "models/burstein-2026.model", MODEL, |k| bracket::article(k).is_some())
        .map_err(PairError::Invalid)
}

pub use bracket::{article, CRITERIA};

pub(crate) fn solver_error(e: SolveError) -> PairError {
    crate::systems::solving::after_completion_check("a Burstein bracket model")(e)
}

/// 1.6.2: the number of seeding rounds, half the rounds (rounded down) but at most 4.
pub fn seeding_rounds(total_rounds: u32) -> u32 {
    (total_rounds / 2).min(4)
}

/// Pairs the round with the Burstein rules (2026).
pub fn pair(t: &Tournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    pair_with(t, opts, true)
}

/// [`pair`], each bracket program relaxed first (`relax`) or solved whole.
fn pair_with(t: &Tournament, opts: &PairOptions, relax: bool) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    let total = t.total_rounds.ok_or_else(|| {
        PairError::Invalid(
            "the Burstein system needs the number of rounds (XXR, or tag 142): its seeding rounds are half of them, at most 4 (C.04.4.2 1.6.2)"
                .into(),
        )
    })?;
    if t.round <= seeding_rounds(total) {
        // 1.6.1: a seeding round is paired by the FIDE (Dutch) system, with its own criteria (a
        // Burstein formulation applies from the first round after the seeding rounds).
        let dutch_opts = PairOptions { model: None, ..opts.clone() };
        let (pairing, mut traces) = super::dutch::pair(t, super::dutch::Edition::E2026, &dutch_opts)?;
        for tr in &mut traces {
            tr.kind = match tr.kind {
                "PPB" => "seeding round (Dutch), PPB",
                "last" => "seeding round (Dutch), last",
                _ => "seeding round (Dutch)",
            };
        }
        return Ok((pairing, traces));
    }
    // A run-time formulation's keys were checked at the round door (`check_formulation`).
    let keys = match &opts.model {
        Some(m) => m.criteria.clone(),
        None => formulation()?.criteria.clone(),
    };
    let r = round::Round::new(t, opts.audit.clone());
    if r.order.is_empty() {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    if t.initial_colour.is_none() && r.order.iter().any(|&i| r.unplayed(i)) {
        return Err(PairError::Invalid(
            "the initial colour is not stated (XXC white1|black1, or tag 152) and no round shows it".into(),
        ));
    }
    // 3.1: the pairing-allocated bye first.
    let bye = if r.order.len() % 2 == 1 {
        Some(r.pab().ok_or_else(|| {
            PairError::NoValidPairing(
                "no player can receive the pairing-allocated bye and leave the others pairable ([C2], [C4])".into(),
            )
        })?)
    } else {
        if !r.completable(&r.order) {
            return Err(PairError::NoValidPairing(
                "the present players cannot all be paired without a rematch, a forbidden pair or a colour clash ([C1], [C3])"
                    .into(),
            ));
        }
        None
    };
    let rest: Vec<usize> = r.order.iter().copied().filter(|&i| Some(i) != bye).collect();
    let groups = t.scoregroups(&rest);
    let mut pairs = Vec::new();
    let mut traces = Vec::new();
    let mut incoming: Vec<usize> = Vec::new();
    for k in 0..groups.len() {
        // 1.2.2 / 4.1: the bracket is the incoming floaters and the residents, in ranking order.
        let mut players: Vec<usize> = incoming.iter().chain(&groups[k]).copied().collect();
        players.sort_by_key(|&i| r.rank_key(i));
        let lower: Vec<usize> = groups[k + 1..].iter().flatten().copied().collect();
        let prefix = format!("r{:02}-b{:02}", t.round, traces.len() + 1);
        let chosen = bracket::pair_bracket(&r, &keys, &players, &lower, opts, &prefix, relax)?;
        if lower.is_empty() && !chosen.floaters.is_empty() {
            return Err(PairError::Solver(SolveError::Backend(
                "the last Burstein bracket left players unpaired".into(),
            )));
        }
        pairs.extend(chosen.pairs);
        incoming = chosen.floaters;
        traces.push(chosen.trace);
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
    use super::pair_with;
    use crate::options::PairOptions;

    /// The bracket programs solved without the pairs beyond the next scoregroup choose what the
    /// whole programs choose, stage for stage (`bracket::pair_bracket`): every round after the
    /// seeding rounds of tournaments that need both ways.
    #[test]
    fn relaxed_bracket_programs_agree_with_the_whole_programs() {
        for folder in ["burstein-2026", "dutch-2017-tight"] {
            let (rounds, brackets) =
                crate::systems::two_ways::agree(folder, 10, |t, relax| pair_with(t, &PairOptions::default(), relax));
            assert!(rounds > 20 && brackets > 50, "{folder}: {rounds} rounds, {brackets} brackets");
        }
    }

    #[test]
    fn seeding_rounds_are_half_the_rounds_at_most_four() {
        // 1.6.2
        assert_eq!(super::seeding_rounds(5), 2);
        assert_eq!(super::seeding_rounds(7), 3);
        assert_eq!(super::seeding_rounds(9), 4);
        assert_eq!(super::seeding_rounds(13), 4);
    }
}
