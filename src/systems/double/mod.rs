//! The FIDE Double-Swiss Pairing System (C.04.5, in force from 1 February 2026): pairs players in
//! matches of two games with alternating colours.
//!
//! A match round is paired as 3.3.2 orders it, by the top-scoregroup procedure this system shares
//! with the Swiss Team system (`systems::top_scoregroup`; C.04.5 3.3-3.6 repeat C.04.6's "word for
//! word" with players, its implementers report):
//! 1. the pairing-allocated bye (3.4): the lowest score, then the most matches played, then the
//!    largest TPN;
//! 2. from the top scoregroup down: the set of upfloaters (3.5) by \[C4\]-\[C7\] and the set
//!    order of 3.5.4, then the bracket's pairing (3.6) by \[C8\] and the identifier order of
//!    3.6.2-3.6.3 (there is no colour criterion);
//! 3. the colours of every match (Art. 4, [`colours`]): the match White plays game 1 with White
//!    and game 2 with Black (4.4).
//!
//! This module gives the procedure the facts about the players (`Units`: \[C1\], \[C2\],
//! floats) and the keys of C.04.5's criteria (`criteria`). The text after 1.3.2 is
//! reconstructed from implementers' notes: every reading lexpair takes is listed with its source
//! in `docs/double-swiss.md`, and each sits in one place: the facts in `double::build`, the
//! criteria here and in `top_scoregroup`, the colours in [`colours`].

pub mod colours;
pub(crate) mod criteria;

pub use criteria::words;

use super::top_scoregroup::why::Askable;
use super::top_scoregroup::{pair_round, Ctx, Formulations, Paired, Procedure, Role, Units, STEPS};
use crate::double::DoubleTournament;
use crate::matches::TeamFloat;
use crate::model::formulation::Formulation;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::points::Points;
use crate::round::Field;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{PairError, System};

/// The players as the top-scoregroup procedure sees them.
impl Units for DoubleTournament {
    fn round(&self) -> u32 {
        self.round
    }

    fn present(&self) -> Vec<usize> {
        DoubleTournament::present(self)
    }

    fn tpn(&self, i: usize) -> u32 {
        self.players[i].tpn
    }

    fn score(&self, i: usize) -> Points {
        DoubleTournament::score(self, i)
    }

    fn matches_played(&self, i: usize) -> u32 {
        self.players[i].matches_played
    }

    /// [C1] (and `260`): no second meeting in a match not ended by forfeit, no prohibited pair.
    fn can_meet(&self, a: usize, b: usize) -> bool {
        !self.have_met(a, b) && !self.is_forbidden(a, b)
    }

    /// [C2]: not after a pairing-allocated bye, a match won by forfeit, or a full-point bye.
    fn pab_eligible(&self, i: usize) -> bool {
        DoubleTournament::pab_eligible(self, i)
    }

    /// 1.5 in the previous match round, for [C7] and [C8].
    fn floated(&self, i: usize) -> bool {
        self.players[i].float_previous != TeamFloat::None
    }
}

impl super::top_scoregroup::facts::Rated for DoubleTournament {
    fn rating(&self, i: usize) -> u32 {
        self.players[i].rating
    }

    fn attributes(&self, i: usize) -> Option<&crate::tournament::attributes::Attributes> {
        Some(&self.players[i].attributes)
    }

    fn kind(&self) -> &'static str {
        "Double-Swiss players"
    }

    fn colour_preferences(&self) -> bool {
        false
    }
}

/// The role of each quality criterion key of C.04.5 2.3 in the procedure.
fn role(key: &str) -> Option<Role> {
    Some(match key {
        "C4" => Role::Upfloaters,
        "C5" => Role::UpfloaterScores,
        "C6" => Role::NextScoregroup,
        "C7" => Role::RepeatedFloaters,
        "C8" => Role::FloaterOpponents,
        _ => return None,
    })
}

/// The built-in formulation file.
pub(crate) const MODEL: &str = include_str!("../../../models/double-2026.model");

/// The built-in formulation (`models/double-2026.model`) and how C.04.5's keys read.
pub(crate) static FORMULATIONS: Formulations = Formulations {
    file: "models/double-2026.model",
    text: MODEL,
    read: std::sync::OnceLock::new(),
    known: |k| criteria::find(k).is_some(),
    role,
};

/// Checks a run-time formulation (`--model FILE`, its keys already checked against the criteria
/// table): the order its criteria keep among themselves.
pub fn check_formulation(f: &Formulation) -> Result<(), String> {
    FORMULATIONS.check(f)
}

/// The criteria of C.04.5 for the match round of `t`.
fn procedure(t: &DoubleTournament, (order, text): (Vec<Role>, Vec<Role>)) -> Procedure {
    use criteria::{C4, C5, C6, C7, C8};
    Procedure {
        upfloaters: C4,
        upfloater_scores: C5,
        next_scoregroup: C6,
        repeated_floaters: C7,
        colour: None,
        strong_colour: None,
        floater_opponents: C8,
        steps: STEPS,
        article: criteria::article,
        // [C7], [C8]: "with the exception of the last round" (C.04.6: the last two).
        floats_count: !t.is_last_round(),
        text_order: order == text,
        order,
    }
}

/// Pairs match round `t.round` of the Double-Swiss tournament `t` by C.04.5 (see the module
/// header).
///
/// Under `--cross-check solver` every program is solved (on both routes, which must agree at
/// every stage), and the pairing the first-candidate shortcuts find must be the same.
pub fn pair(t: &DoubleTournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    super::top_scoregroup::pair_cross_checked(opts, |o, shortcuts| pair_with(t, o, shortcuts))
}

/// [`pair`], with (`shortcuts`) or without the first-candidate shortcuts: both give the same
/// pairing, the second solves every program.
pub fn pair_with(
    t: &DoubleTournament,
    opts: &PairOptions,
    shortcuts: bool,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    let procedure = procedure(t, FORMULATIONS.orders(opts)?);
    let facts = super::top_scoregroup::facts::UnitFacts { t, groups: opts.groups.as_deref() };
    let cx = Ctx::new(t, &facts, &procedure, opts, shortcuts);
    let Paired { pairs, bye, traces } = pair_round(&cx)?;
    let mut boards: Vec<Board> = pairs
        .into_iter()
        .map(|(a, b)| colours::allocate(t, a, b).map(|(white, black)| Board { white, black }))
        .collect::<Result<_, _>>()?;
    super::top_scoregroup::sort_boards(&mut boards, |i| t.score(i), |i| t.players[i].tpn);
    Ok((RoundPairing { boards, bye }, traces))
}

impl Askable for DoubleTournament {
    fn system(&self) -> System {
        System::DoubleSwiss2026
    }
    fn field(&self) -> Field<'_> {
        Field::Double(self)
    }
    fn unit_word(&self) -> &'static str {
        "player"
    }
    fn index_of(&self, id: u32) -> Option<usize> {
        DoubleTournament::index_of(self, id)
    }
    fn id(&self, i: usize) -> u32 {
        self.players[i].id
    }
    fn absent(&self, i: usize) -> bool {
        self.players[i].absent.is_some()
    }
    fn met_in(&self, i: usize, j: usize) -> Option<usize> {
        self.players[i].history.iter().position(|m| crate::double::is_meeting(m) && m.opponent == Some(j))
    }
    fn prohibit(&mut self, a: usize, b: usize) {
        self.forbidden.insert((a.min(b), a.max(b)));
    }
    fn prohibited(&self, a: usize, b: usize) -> bool {
        self.is_forbidden(a, b)
    }
    fn count(&self) -> usize {
        self.players.len()
    }
    fn pair(&self, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
        pair(self, opts)
    }
    fn chapter(&self) -> &'static str {
        "C.04.5"
    }
}

/// Why players `a` and `b` (TRF ids) are not paired together (see `top_scoregroup::why`).
pub fn why_not(
    t: &DoubleTournament,
    opts: &PairOptions,
    traces: &[BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    super::top_scoregroup::why::why_not(t, opts, traces, a, b)
}

/// Why player `x` (a TRF id) did or did not receive the pairing-allocated bye.
pub fn why_bye(
    t: &DoubleTournament,
    _opts: &PairOptions,
    pairing: &RoundPairing,
    traces: &[BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    super::top_scoregroup::why::why_bye(t, pairing, traces, x)
}
