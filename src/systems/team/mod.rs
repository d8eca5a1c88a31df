//! The FIDE Swiss Team Pairing System (C.04.6, in force from 1 February 2026): pairs teams.
//!
//! A round is paired as 3.3.2 orders it, every step a lexicographic matching program on the
//! teams still to pair, with \[C1\] (no second meeting, and `260` prohibitions) and \[C2\] (who may
//! have the bye) as the allowed pairs and byes, and \[C3\] (everybody not yet paired can still
//! be paired) as the requirement that every team of the program is paired:
//! 1. the pairing-allocated bye (3.4, [`bye`]): the lowest score, then the most matches played,
//!    then the largest TPN;
//! 2. from the top scoregroup down: the set of upfloaters (3.5, [`upfloaters`]) by \[C4\]-\[C7\]
//!    and the set order of 3.5.4, then the bracket's pairing (3.6, [`bracket`]) by \[C8\]-\[C10\]
//!    and the identifier order of 3.6.2-3.6.3;
//! 3. the colours of every pair (Art. 4, [`colours`]), board colours by the `352` pattern.
//!
//! Where the text leaves a choice, this implementation reads it as FIDE's reference engine
//! (Gacrux 1.11.65) does, and `docs/team.md` lists each reading with its article: the
//! scoregroups are the score levels of the teams present (before the bye is taken out); \[C6\]
//! passes or fails on the scoregroup just below; \[C7\] and \[C10\] look at the previous round
//! and floats either way; a bracket's seats are by TPN only.
#![warn(missing_docs)]

mod bracket;
mod bye;
pub mod colours;
pub mod criteria;
mod upfloaters;
pub mod why;

pub use criteria::words;

use crate::pairing::{Board, RoundPairing};
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::systems::trace::BracketTrace;
use crate::team::{ColourModel, PreferenceStrength, TeamFloat, TeamTournament};
use crate::vocabulary::{PairError, PairOptions};

/// Read-only facts about the round being paired.
pub(crate) struct Ctx<'t> {
    pub t: &'t TeamTournament,
    pub opts: &'t PairOptions,
    /// The scoregroups' scores, highest first: the pairing scores of the teams present, the
    /// bye's included (3.2, 2.3.3).
    pub levels: Vec<Points>,
    /// Take a program's optimum directly where it provably is its first candidate (see
    /// [`bye`], [`upfloaters`], [`bracket`]); `false` solves every program.
    pub shortcuts: bool,
}

impl<'t> Ctx<'t> {
    fn new(t: &'t TeamTournament, opts: &'t PairOptions, shortcuts: bool) -> Ctx<'t> {
        let mut levels: Vec<Points> = t.present().iter().map(|&i| t.score(i)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        Ctx { t, opts, levels, shortcuts }
    }

    pub fn score(&self, i: usize) -> Points {
        self.t.score(i)
    }

    pub fn tpn(&self, i: usize) -> u32 {
        self.t.teams[i].tpn
    }

    /// \[C1\] (and `260`): may teams `a` and `b` meet?
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        a != b && !self.t.have_met(a, b) && !self.t.is_forbidden(a, b)
    }

    /// \[C2\]: may team `i` receive the pairing-allocated bye? Not after a pairing-allocated bye,
    /// a match won by forfeit, or a full-point bye.
    pub fn pab_eligible(&self, i: usize) -> bool {
        let team = &self.t.teams[i];
        !(team.had_pab || team.had_forfeit_win || team.had_full_bye)
    }

    /// 1.5 in the previous round, for \[C7\] and \[C10\].
    pub fn floated(&self, i: usize) -> bool {
        self.t.teams[i].float_previous != TeamFloat::None
    }

    /// \[C7\] and \[C10\] apply "with the exception of the last two rounds".
    pub fn floats_count(&self) -> bool {
        !self.t.in_last_two_rounds()
    }

    /// \[C8\] for a pair: both teams prefer the same colour, so one of them will not get it (Art.
    /// 4 grants every other preference).
    pub fn same_preference(&self, a: usize, b: usize) -> bool {
        match (self.t.teams[a].preference, self.t.teams[b].preference) {
            (Some(x), Some(y)) => x.colour == y.colour,
            _ => false,
        }
    }

    /// \[C9\] for a pair (Type B only): both have a strong preference for the same colour (a
    /// strong against a mild one is settled by 4.3.4).
    pub fn same_strong_preference(&self, a: usize, b: usize) -> bool {
        self.t.rules.colours == ColourModel::TypeB
            && match (self.t.teams[a].preference, self.t.teams[b].preference) {
                (Some(x), Some(y)) => {
                    x.colour == y.colour
                        && x.strength == PreferenceStrength::Strong
                        && y.strength == PreferenceStrength::Strong
                }
                _ => false,
            }
    }

    /// \[C3\]: can `teams` all be paired, one of them (\[C2\]-eligible) left out when `bye`?
    pub fn completable(&self, teams: &[usize], bye: bool) -> bool {
        complete_pairing(&self.opts.audit, teams, |a, b| self.can_meet(a, b), |i| bye && self.pab_eligible(i)).is_some()
    }

    fn solver_error(&self) -> impl Fn(crate::model::SolveError) -> PairError {
        crate::systems::solving::after_completion_check("a Swiss Team model")
    }
}

/// Pairs the round `t.round` of the team tournament `t` by C.04.6 (see the module header).
///
/// Under `--cross-check solver` every program is solved (on both routes, which must agree at
/// every stage), and the pairing the first-candidate shortcuts find must be the same.
pub fn pair(t: &TeamTournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    if !opts.second_opinion {
        return pair_with(t, opts, true);
    }
    let solved = pair_with(t, opts, false)?;
    let quick = pair_with(t, &PairOptions { second_opinion: false, ..opts.clone() }, true)?;
    if quick.0 != solved.0 {
        return Err(PairError::Internal(
            "cross-check solver: the first-candidate shortcuts and the programs give different pairings".into(),
        ));
    }
    Ok(solved)
}

/// [`pair`], with (`shortcuts`) or without the first-candidate shortcuts: both give the same
/// pairing (`tests/team_corpus.rs` checks it), the second solves every program.
pub fn pair_with(
    t: &TeamTournament,
    opts: &PairOptions,
    shortcuts: bool,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    let cx = Ctx::new(t, opts, shortcuts);
    let present = t.present();
    if present.is_empty() {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    let odd = present.len() % 2 == 1;
    // 3.3.1, 3.3.3: a round-pairing that cannot be completed under [C1] and [C2] is the Chief
    // Arbiter's to decide.
    if !cx.completable(&present, odd) {
        return Err(PairError::NoValidPairing(format!(
            "the {} teams present cannot all be paired without a second meeting ([C1]) or {} \
             (C.04.6 3.3.3: the Chief Arbiter decides)",
            present.len(),
            if odd { "a bye to a team that may not receive it ([C2])" } else { "a prohibited pair" }
        )));
    }
    let mut traces = Vec::new();
    let bye = if odd { Some(bye::assign(&cx, &present, &mut traces)?) } else { None };
    let mut remaining: Vec<usize> = present.iter().copied().filter(|&i| Some(i) != bye).collect();
    remaining.sort_by_key(|&i| (std::cmp::Reverse(cx.score(i)), cx.tpn(i)));
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (level, &score) in cx.levels.iter().enumerate() {
        let residents: Vec<usize> = remaining.iter().copied().filter(|&i| cx.score(i) == score).collect();
        if residents.is_empty() {
            continue;
        }
        let lower: Vec<usize> = remaining.iter().copied().filter(|&i| cx.score(i) < score).collect();
        let next = cx.levels.get(level + 1).copied();
        let mut trace = BracketTrace::new("bracket", Vec::new(), 0, Vec::new(), Vec::new());
        let ups = upfloaters::choose(&cx, &residents, &lower, next, &mut trace)?;
        let members: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        let made = bracket::pair(&cx, &members, &ups, &mut trace)?;
        trace.players = ups.iter().chain(&residents).map(|&i| cx.tpn(i)).collect();
        trace.mdps = ups.len();
        trace.pairs = made.iter().map(|&(a, b)| (cx.tpn(a), cx.tpn(b))).collect();
        traces.push(trace);
        remaining.retain(|i| !members.contains(i));
        pairs.extend(made);
    }
    if !remaining.is_empty() {
        return Err(PairError::Internal(format!(
            "Swiss Team: {} teams left unpaired after the last scoregroup",
            remaining.len()
        )));
    }
    let mut boards: Vec<Board> = pairs
        .into_iter()
        .map(|(a, b)| colours::allocate(t, a, b).map(|(white, black)| Board { white, black }))
        .collect::<Result<_, _>>()?;
    // The published order (C.04.2 3.6, as the reference engine prints it): the higher pairing
    // score of the pair first, then the sum of both, then the smaller TPN.
    boards.sort_by_key(|b| {
        let (sw, sb) = (cx.score(b.white), cx.score(b.black));
        (std::cmp::Reverse(sw.max(sb)), std::cmp::Reverse(sw + sb), cx.tpn(b.white).min(cx.tpn(b.black)))
    });
    Ok((RoundPairing { boards, bye }, traces))
}
