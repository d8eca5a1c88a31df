//! The FIDE Swiss Team Pairing System (C.04.6, in force from 1 February 2026): pairs teams.
//!
//! A round is paired as 3.3.2 orders it, by the top-scoregroup procedure this system shares with
//! Double-Swiss (`systems::top_scoregroup`: every step a lexicographic matching program on the
//! teams still to pair, \[C1\]-\[C3\] as its allowed pairs and requirements):
//! 1. the pairing-allocated bye (3.4): the lowest score, then the most matches played, then the
//!    largest TPN;
//! 2. from the top scoregroup down: the set of upfloaters (3.5) by \[C4\]-\[C7\] and the set
//!    order of 3.5.4, then the bracket's pairing (3.6) by \[C8\]-\[C10\] and the identifier order
//!    of 3.6.2-3.6.3;
//! 3. the colours of every pair (Art. 4, [`colours`]), board colours by the `352` pattern.
//!
//! This module gives the procedure the facts about the teams (`Units`: \[C1\], \[C2\], floats,
//! colour preferences) and the keys of C.04.6's criteria (`criteria`).
//!
//! Where the text leaves a choice, this implementation reads it as FIDE's reference engine
//! (Gacrux 1.11.65) does, and `docs/team.md` lists each reading with its article: the
//! scoregroups are the score levels of the teams present (before the bye is taken out); \[C6\]
//! passes or fails on the scoregroup just below; \[C7\] and \[C10\] look at the previous round
//! and floats either way; a bracket's seats are by TPN only.

pub mod colours;
pub(crate) mod criteria;

pub use criteria::words;

use super::top_scoregroup::why::Askable;
use super::top_scoregroup::{pair_round, Ctx, Formulations, Paired, Procedure, Role, Units, STEPS};
use crate::model::formulation::Formulation;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::points::Points;
use crate::round::Field;
use crate::systems::trace::BracketTrace;
use crate::team::{ColourModel, PreferenceStrength, TeamFloat, TeamTournament};
use crate::vocabulary::{PairError, System};

/// The teams as the top-scoregroup procedure sees them.
impl Units for TeamTournament {
    fn round(&self) -> u32 {
        self.round
    }

    fn present(&self) -> Vec<usize> {
        TeamTournament::present(self)
    }

    fn tpn(&self, i: usize) -> u32 {
        self.teams[i].tpn
    }

    fn score(&self, i: usize) -> Points {
        TeamTournament::score(self, i)
    }

    fn matches_played(&self, i: usize) -> u32 {
        self.teams[i].matches_played
    }

    /// [C1] (and `260`): no second meeting in a match actually played, no prohibited pair.
    fn can_meet(&self, a: usize, b: usize) -> bool {
        !self.have_met(a, b) && !self.is_forbidden(a, b)
    }

    /// [C2]: not after a pairing-allocated bye, a match won by forfeit, or a full-point bye.
    fn pab_eligible(&self, i: usize) -> bool {
        let team = &self.teams[i];
        !(team.had_pab || team.had_forfeit_win || team.had_full_bye)
    }

    /// 1.5 in the previous round, for [C7] and [C10].
    fn floated(&self, i: usize) -> bool {
        self.teams[i].float_previous != TeamFloat::None
    }

    /// [C8] for a pair: both teams prefer the same colour, so one of them will not get it (Art.
    /// 4 grants every other preference).
    fn same_preference(&self, a: usize, b: usize) -> bool {
        match (self.teams[a].preference, self.teams[b].preference) {
            (Some(x), Some(y)) => x.colour == y.colour,
            _ => false,
        }
    }

    /// [C9] for a pair (Type B): both have a strong preference for the same colour (a strong
    /// against a mild one is settled by 4.3.4).
    fn same_strong_preference(&self, a: usize, b: usize) -> bool {
        match (self.teams[a].preference, self.teams[b].preference) {
            (Some(x), Some(y)) => {
                x.colour == y.colour
                    && x.strength == PreferenceStrength::Strong
                    && y.strength == PreferenceStrength::Strong
            }
            _ => false,
        }
    }
}

impl super::top_scoregroup::facts::Rated for TeamTournament {
    /// A team's strength factor (`310` columns 48-53).
    fn rating(&self, i: usize) -> u32 {
        self.teams[i].strength
    }

    fn attributes(&self, _: usize) -> Option<&crate::tournament::attributes::Attributes> {
        None
    }

    fn kind(&self) -> &'static str {
        "teams"
    }

    fn colour_preferences(&self) -> bool {
        self.rules.colours != ColourModel::None
    }
}

/// The role of each quality criterion key of C.04.6 2.3 in the procedure.
fn role(key: &str) -> Option<Role> {
    Some(match key {
        "C4" => Role::Upfloaters,
        "C5" => Role::UpfloaterScores,
        "C6" => Role::NextScoregroup,
        "C7" => Role::RepeatedFloaters,
        "C8" => Role::Colour,
        "C9" => Role::StrongColour,
        "C10" => Role::FloaterOpponents,
        _ => return None,
    })
}

/// The built-in formulation file.
pub(crate) const MODEL: &str = include_str!("../../../models/team-2026.model");

/// The built-in formulation (`models/team-2026.model`) and how C.04.6's keys read.
pub(crate) static FORMULATIONS: Formulations = Formulations {
    file: "models/team-2026.model",
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

/// The criteria of C.04.6 for the round of `t`.
fn procedure(t: &TeamTournament, (order, text): (Vec<Role>, Vec<Role>)) -> Procedure {
    use criteria::{C10, C4, C5, C6, C7, C8, C9};
    Procedure {
        upfloaters: C4,
        upfloater_scores: C5,
        next_scoregroup: C6,
        repeated_floaters: C7,
        colour: (t.rules.colours != ColourModel::None).then_some(C8),
        strong_colour: (t.rules.colours == ColourModel::TypeB).then_some(C9),
        floater_opponents: C10,
        steps: STEPS,
        article: criteria::article,
        // [C7], [C10]: "with the exception of the last two rounds".
        floats_count: !t.in_last_two_rounds(),
        text_order: order == text,
        order,
    }
}

/// Pairs the round `t.round` of the team tournament `t` by C.04.6 (see the module header).
///
/// Under `--cross-check solver` every program is solved (on both routes, which must agree at
/// every stage), and the pairing the first-candidate shortcuts find must be the same.
pub fn pair(t: &TeamTournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    super::top_scoregroup::pair_cross_checked(opts, |o, shortcuts| pair_with(t, o, shortcuts))
}

/// [`pair`], with (`shortcuts`) or without the first-candidate shortcuts: both give the same
/// pairing (`tests/suite/team_corpus.rs` checks it), the second solves every program.
pub fn pair_with(
    t: &TeamTournament,
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
    super::top_scoregroup::sort_boards(&mut boards, |i| t.score(i), |i| t.teams[i].tpn);
    Ok((RoundPairing { boards, bye }, traces))
}

impl Askable for TeamTournament {
    fn system(&self) -> System {
        System::SwissTeam2026
    }
    fn field(&self) -> Field<'_> {
        Field::Teams(self)
    }
    fn unit_word(&self) -> &'static str {
        "team"
    }
    fn index_of(&self, id: u32) -> Option<usize> {
        TeamTournament::index_of(self, id)
    }
    fn id(&self, i: usize) -> u32 {
        self.teams[i].tpn
    }
    fn absent(&self, i: usize) -> bool {
        self.teams[i].absent.is_some()
    }
    fn met_in(&self, i: usize, j: usize) -> Option<usize> {
        self.teams[i].history.iter().position(|m| m.played() && m.opponent == Some(j))
    }
    fn prohibit(&mut self, a: usize, b: usize) {
        self.forbidden.insert((a.min(b), a.max(b)));
    }
    fn prohibited(&self, a: usize, b: usize) -> bool {
        self.is_forbidden(a, b)
    }
    fn count(&self) -> usize {
        self.teams.len()
    }
    fn pair(&self, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
        pair(self, opts)
    }
    fn chapter(&self) -> &'static str {
        "C.04.6"
    }
}

/// Why teams `a` and `b` (TPNs) are not paired together (see `top_scoregroup::why`).
pub fn why_not(
    t: &TeamTournament,
    opts: &PairOptions,
    traces: &[BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    super::top_scoregroup::why::why_not(t, opts, traces, a, b)
}

/// Why team `x` (a TPN) did or did not receive the pairing-allocated bye.
pub fn why_bye(
    t: &TeamTournament,
    _opts: &PairOptions,
    pairing: &RoundPairing,
    traces: &[BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    super::top_scoregroup::why::why_bye(t, pairing, traces, x)
}
