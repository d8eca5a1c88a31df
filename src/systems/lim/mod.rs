//! The FIDE Lim system (C.04.4.3, 1987 amended to 1999).
//!
//! The procedure of section 2 is implemented as written: the pairing-allocated bye first (1.1,
//! 7.1), then the score-groups from the top down to just before the Median Score-group, then from
//! the bottom up to it, and the Median Score-group last, paired downward (2.2); a blocked median
//! is extended by cracking pairings of the neighbouring score-groups (2.6).
//!
//! Each score-group is paired in two steps (`group`):
//! 1. who floats: one lexicographic integer program on the group (compatibility 2.1 as the
//!    allowed pairs, then the number of pairings, the floater types of 3.9, rule 3.10, the colour
//!    and Maxi rules of 3.2 and the floater order of 3.2-3.4 as stages), solved exactly by the
//!    weighted-matching backend;
//! 2. who plays whom: the colour stage of 5.2 (fewest pairings of two players due the same
//!    colour), then the scrutiny and exchange order of 3.6-3.8 and 4.1-4.3 as an exact
//!    enumeration in that order, each step kept only if the rest of the group can still be
//!    paired at the optimal colour cost (decided exactly: by a pairing of that cost kept and
//!    repaired from step to step, a colour-count bound, or a minimum-cost perfect matching).
//!
//! `models/lim.model` maps every article to its constraint, stage or procedure step;
//! `docs/lim.md` lists the readings of ambiguous text.

mod colour;
mod group;
mod round;

use super::trace::BracketTrace;
use crate::options::PairOptions;
use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::tournament::Tournament;
use crate::vocabulary::PairError;

pub use group::{floater_stages, FLOATER_STAGES, STAGES};

/// Options of the Lim system.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LimOptions {
    /// Maxi-tournament: the 100-point rating rules of 3.2, 3.8 and 5.7.
    pub maxi: bool,
}

pub(crate) const MODEL: &str = include_str!("../../../models/lim.model");

/// The stage keys of `models/lim.model`, in order (checked against [`STAGES`] by the tests).
pub fn model_keys() -> Result<Vec<String>, String> {
    crate::model::formulation::Formulation::parse("models/lim.model", MODEL, |k| {
        STAGES.contains(&k) || k.starts_with("proc:") || k.starts_with("hard:")
    })
    .map(|f| f.criteria)
}

/// Pairs round `t.round` under the Lim system (the Maxi rules with `opts.maxi`); `opts` also
/// chooses the backend of the floater programs (`--backend`) and its time limit. Returns the
/// pairing and, step by step, what was decided (bye, score-groups, cracked pairings).
pub fn pair(t: &Tournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    let mut cx = Ctx::new(t, LimOptions { maxi: opts.maxi });
    cx.solve = opts.clone();
    // A run-time formulation was checked at the round door (`check_formulation`).
    if let Some(f) = &opts.model {
        cx.floater_stages = group::floater_stages(f).map_err(PairError::Invalid)?;
    }
    round::pair(&cx)
}

/// Pairs round `t.round` under the Lim system.
pub fn pair_with(t: &Tournament, opts: LimOptions) -> Result<RoundPairing, PairError> {
    let cx = Ctx::new(t, opts);
    round::pair(&cx).map(|(p, _)| p)
}

/// Read-only facts about the round being paired.
pub struct Ctx<'t> {
    /// The tournament before the round.
    pub t: &'t Tournament,
    /// The Lim options (Maxi-tournament rules).
    pub opts: LimOptions,
    /// Section 6 applies.
    pub last_round: bool,
    /// 2.2: half the points of the rounds played.
    pub median: Points,
    /// Present players, by score (descending) then pairing number: the pairing list.
    pub order: Vec<usize>,
    /// Place of each player in `order` (`usize::MAX` for absentees).
    pub pos: Vec<usize>,
    /// How the floater programs are solved (backend, time limit, `--cross-check solver`) and
    /// where the completion checks count their cross-checks.
    pub solve: PairOptions,
    /// The floater program's stages in priority order: the text's ([`group::FLOATER_STAGES`])
    /// or a formulation file's (`--model`).
    pub floater_stages: Vec<&'static str>,
    /// 5.1 for each player and colour, judged once on his history (bit 0: White allowed, bit 1:
    /// Black allowed): compatibility asks it for millions of pairs on a large score-group.
    allowed: Vec<u8>,
}

impl<'t> Ctx<'t> {
    /// The round of `t` under `opts`: the pairing list, the median, each player's permitted
    /// colours; `solve` and `floater_stages` start as the defaults.
    pub fn new(t: &'t Tournament, opts: LimOptions) -> Ctx<'t> {
        let mut order = t.present();
        order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
        let mut pos = vec![usize::MAX; t.players.len()];
        for (k, &i) in order.iter().enumerate() {
            pos[i] = k;
        }
        let played = i64::from(t.round.saturating_sub(1));
        let median = Points(played * t.point_system.win().0 / 2);
        let allowed = (0..t.players.len()).map(|i| colour::allowed_bits(t, i)).collect();
        Ctx {
            t,
            opts,
            last_round: t.is_last_round(),
            median,
            order,
            pos,
            solve: PairOptions::default(),
            floater_stages: group::FLOATER_STAGES.to_vec(),
            allowed,
        }
    }

    /// Player `i`'s pairing score (acceleration included).
    pub fn score(&self, i: usize) -> Points {
        self.t.players[i].pairing_score()
    }

    /// Player `i`'s pairing number.
    pub fn pn(&self, i: usize) -> u32 {
        self.t.players[i].pairing_number
    }

    /// Player `i`'s rating (0 when unrated).
    pub fn rating(&self, i: usize) -> i64 {
        i64::from(self.t.players[i].rating)
    }

    /// C.04.1.d (2017): no pairing-allocated bye after a PAB or a forfeit win.
    pub fn bye_eligible(&self, i: usize) -> bool {
        let p = &self.t.players[i];
        !p.had_pab && !p.had_forfeit_win
    }

    /// 3.10: the player floated in the round just before (played an opponent with another score).
    pub fn floated_last_round(&self, i: usize) -> bool {
        match self.t.players[i].history.last() {
            Some(h) => h.facts.played && h.facts.opponent_score.is_some_and(|o| o != h.facts.own_score),
            None => false,
        }
    }

    /// 2.1 compatibility: may `a` and `b` meet (not met before, not forbidden, colours of 5.1)?
    pub fn compatible(&self, a: usize, b: usize) -> bool {
        colour::compatible(self, a, b)
    }
}
