//! The players of the round as the Dutch system sees them: A.2 order, scoregroups, and the
//! absolute criteria C.1-C.3 with the PAB rule C.2.

use super::Edition;
use crate::audit::Audit;
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::tournament::{Float, FloatRule, Player, Tournament};
use crate::trf::ResultCode;

/// The bye facts of a round with an odd number of players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByeOutlook {
    /// The lowest pairing score that can receive the PAB (\[C5\]).
    pub score: Points,
    /// Per tournament index: PAB-eligible (\[C2\]) with a score not above `score`.
    pub candidate: Vec<bool>,
    /// Per tournament index, for players of the bye score: their \[C9\] rank. Played-game counts
    /// sorted from most to fewest, a count's rank is the last place it holds (equal counts
    /// share a rank), so fewer played games rank higher; 0 for everybody else.
    pub rank: Vec<i64>,
    /// \[C9\] is active in the first bracket.
    pub first_bracket_c9: bool,
}

/// Read-only facts about the round being paired.
pub struct Round<'t> {
    pub t: &'t Tournament,
    pub edition: Edition,
    /// Present players in A.2 order (pairing score descending, then pairing number).
    pub order: Vec<usize>,
    /// Effective pairing number of each player: its place among the players who are present or
    /// took part in an earlier pairing (absentees never paired are dropped from the numbering, as
    /// the endorsed engine does; E.5 uses its parity).
    pub number: Vec<u32>,
    /// The 2026 rules' bye facts (\[C5\], \[C9\]); `None` for the 2017 rules or an even round.
    pub bye: Option<ByeOutlook>,
    /// Where the completion checks count their cross-checks.
    pub audit: Audit,
}

impl<'t> Round<'t> {
    /// The round of `t` under `edition` without its bye facts (`bye: None`); [`Round::new`]
    /// (in `bye.rs`, which computes them from this) is the constructor to call.
    pub(super) fn without_bye(t: &'t Tournament, edition: Edition, audit: Audit) -> Round<'t> {
        let mut order = t.present();
        order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
        let mut number = vec![0u32; t.players.len()];
        let mut next = 0;
        for (i, p) in t.players.iter().enumerate() {
            let took_part = p
                .history
                .iter()
                .any(|h| h.opponent.is_some() || matches!(h.result, ResultCode::PairingBye | ResultCode::ForfeitWin));
            if p.absent.is_none() || took_part {
                next += 1;
                number[i] = next;
            }
        }
        Round { t, edition, order, number, bye: None, audit }
    }

    pub fn score(&self, i: usize) -> Points {
        self.t.players[i].pairing_score()
    }

    /// Scoregroups (A.3) in descending score, members in A.2 order.
    pub fn scoregroups(&self) -> Vec<Vec<usize>> {
        self.t.scoregroups(&self.order)
    }

    /// C.1-C.3 (and forbidden pairs): may `a` and `b` meet in this round?
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        let t = self.t;
        if a == b || t.have_met(a, b) || t.is_forbidden(a, b) {
            return false;
        }
        !colour_clash(self.absolute_colour(a), self.absolute_colour(b))
    }

    /// What C.3 reads of player `i`: his absolute colour preference (`1 +` the colour; `3`
    /// for an absolute preference without one), or `0` when C.3 cannot concern him (no absolute
    /// preference, or a topscorer). Read once per player by [`Round::can_meet_from`].
    fn absolute_colour(&self, i: usize) -> u8 {
        let f = &self.t.players[i].preference;
        if !f.is_absolute() || self.t.is_topscorer(i) {
            return 0;
        }
        1 + f.colour.map_or(2, |c| c as u8)
    }

    /// [`Round::can_meet`] of `global[a]` and `global[b]` for pairs `(a, b)` of local numbers,
    /// best asked in increasing order of `a` (any order gives the same answers): what each
    /// player contributes is read once (his absolute colour, and his opponents marked while
    /// his pairs are asked), not from two player records per pair (millions of pairs in a large
    /// bracket's model).
    pub fn can_meet_from<'g>(&'g self, global: &'g [usize]) -> impl FnMut(usize, usize) -> bool + 'g {
        let colour: Vec<u8> = global.iter().map(|&g| self.absolute_colour(g)).collect();
        let mut met = vec![false; self.t.players.len()];
        let mut marked: Option<usize> = None;
        move |a: usize, b: usize| {
            let (ga, gb) = (global[a], global[b]);
            if marked != Some(ga) {
                if let Some(old) = marked {
                    self.t.players[old].opponents.iter().for_each(|&o| met[o] = false);
                }
                self.t.players[ga].opponents.iter().for_each(|&o| met[o] = true);
                marked = Some(ga);
            }
            let may = !(ga == gb || met[gb] || self.t.is_forbidden(ga, gb) || colour_clash(colour[a], colour[b]));
            debug_assert_eq!(may, self.can_meet(ga, gb));
            may
        }
    }

    /// Can `players` all be paired (C.1-C.3), with one player for whom `may_bye` holds out
    /// when their number is odd? `Some(bye)` with the player left out (tournament index), `None`
    /// when no complete pairing exists. Decided without listing the pairs
    /// ([`crate::solver::matching::pairable_implicit`]; only `--cross-check sat` lists them, for
    /// SAT to re-decide): a dense field of thousands of players never holds its pair graph.
    pub fn complete_pairing(&self, players: &[usize], may_bye: impl Fn(usize) -> bool) -> Option<Option<usize>> {
        complete_pairing(&self.audit, players, |a, b| self.can_meet(a, b), may_bye)
    }

    /// C.2: may `i` receive the pairing-allocated bye?
    pub fn pab_eligible(&self, i: usize) -> bool {
        pab_eligible(self.edition, &self.t.players[i])
    }

    /// 2026 \[C4\]+\[C5\]: may `i` be the one player left unpaired in the round?
    pub fn bye_candidate(&self, i: usize) -> bool {
        self.bye.as_ref().is_some_and(|b| b.candidate[i])
    }

    pub fn float_rule(&self) -> FloatRule {
        float_rule(self.edition)
    }

    /// The float `i` received `back` rounds ago.
    pub fn float_back(&self, i: usize, back: usize) -> Float {
        self.t.players[i].float_back(back, self.float_rule())
    }
}

/// The PAB eligibility of `p` under `edition` (2012 B.1.b, 2017 C.2, 2026 \[C2\]).
pub fn pab_eligible(edition: Edition, p: &Player) -> bool {
    match edition {
        // B.1.b (2012): not after a point or half point scored without playing.
        Edition::E2012 => !p.history.iter().any(|h| !h.facts.played && h.points.0 > 0),
        // C.04.1.d (2017): not after a PAB or a forfeit win.
        Edition::E2017 => !p.had_pab && !p.had_forfeit_win,
        // C.04.1 Art. 4 (2026): not after any win's points scored without playing.
        Edition::E2026 => p.unplayed_win_rounds == 0,
    }
}

/// Which floats `edition` counts (2012 A.4 / B.1.b, 2017 A.4.b, 2026 1.4.2-1.4.4).
pub fn float_rule(edition: Edition) -> FloatRule {
    match edition {
        Edition::E2017 => FloatRule::Dutch2017,
        // Pairs of unequal scores, and points scored without playing.
        Edition::E2012 | Edition::E2026 => FloatRule::Dutch2026,
    }
}

/// C.3: non-topscorers with the same absolute colour preference shall not meet (of two players'
/// [`Round::absolute_colour`]).
fn colour_clash(a: u8, b: u8) -> bool {
    a != 0 && a == b
}
