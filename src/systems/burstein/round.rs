//! The players of a Burstein round: the opposition Index (1.7: Buchholz, then Sonneborn-Berger,
//! with the rules for unplayed games), the ranking order (1.8), colour preferences (1.5), the
//! absolute criteria \[C1\]-\[C3\] and the PAB eligibility \[C2\].

use crate::audit::Audit;
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::tournament::{Strength, Tournament};
use crate::trf::{ByeKind, Colour, ResultCode};
use std::cmp::Reverse;

/// Read-only facts about the round being paired.
pub struct Round<'t> {
    /// The tournament before the round.
    pub t: &'t Tournament,
    /// Buchholz and Sonneborn-Berger of every player (1.7.1), in tenths of points (SB in tenths
    /// squared): only their order matters.
    pub index: Vec<(i64, i64)>,
    /// Present players by score descending, then ranking (1.8): scoregroups in order.
    pub order: Vec<usize>,
    /// Where the completion checks count their cross-checks.
    pub audit: Audit,
}

/// A player's actual score: the virtual points of an acceleration are excluded (1.7.2).
fn score(t: &Tournament, i: usize) -> i64 {
    t.players[i].score.0
}

/// The score of `o` as his over-the-board opponents count it (1.7.2, exception 2): when `o` has a
/// series of consecutive zero-point byes up to the current round (absent with a zero-point bye
/// in the round being paired too, so the series is still running), each of those gathered in
/// previous rounds counts as a draw. A player who came back after zero-point byes has no such
/// series: his score counts as it stands.
fn score_for_opponents(t: &Tournament, o: usize) -> i64 {
    let p = &t.players[o];
    if p.absent != Some(ByeKind::Zero) {
        return score(t, o);
    }
    let trailing =
        p.history.iter().rev().take_while(|h| h.opponent.is_none() && h.result == ResultCode::ZeroBye).count();
    score(t, o) + trailing as i64 * t.point_system.draw().0
}

/// Buchholz and Sonneborn-Berger of player `i` (1.7.1), with 1.7.2: a round the player did not
/// play counts as a game against himself with the result that gave his registered points.
pub fn index_of(t: &Tournament, i: usize) -> (i64, i64) {
    let p = &t.players[i];
    let (mut bh, mut sb) = (0i64, 0i64);
    for h in &p.history {
        let opp = match h.opponent.filter(|_| h.facts.played) {
            Some(o) => score_for_opponents(t, o),
            None => score(t, i),
        };
        bh += opp;
        sb += h.points.0 * opp;
    }
    (bh, sb)
}

impl<'t> Round<'t> {
    /// The round of `t`, its completion checks counted into `audit`.
    pub fn new(t: &'t Tournament, audit: Audit) -> Round<'t> {
        let index: Vec<(i64, i64)> = (0..t.players.len()).map(|i| index_of(t, i)).collect();
        let mut r = Round { t, index, order: Vec::new(), audit };
        let mut order = t.present();
        order.sort_by_key(|&i| (Reverse(t.players[i].pairing_score()), r.rank_key(i)));
        r.order = order;
        r
    }

    /// The ranking order of 1.8: Index (Buchholz, then Sonneborn-Berger) descending, then TPN
    /// ascending; scores are not used.
    pub fn rank_key(&self, i: usize) -> (Reverse<i64>, Reverse<i64>, u32) {
        let (bh, sb) = self.index[i];
        (Reverse(bh), Reverse(sb), self.t.players[i].pairing_number)
    }

    /// The pairing score (with an acceleration's virtual points: scoregroups use them).
    pub fn score(&self, i: usize) -> Points {
        self.t.players[i].pairing_score()
    }

    /// The colour preference (1.5); `None` for a player who has not played (1.5.4).
    pub fn pref(&self, i: usize) -> Option<(Colour, Strength)> {
        let p = &self.t.players[i].preference;
        p.colour.map(|c| (c, p.strength))
    }

    /// Whether player `i` has not played a game yet (no colour: 1.5.4).
    pub fn unplayed(&self, i: usize) -> bool {
        self.t.players[i].colours.is_empty()
    }

    /// Scoregroups in descending score, members in ranking order.
    pub fn scoregroups(&self) -> Vec<Vec<usize>> {
        self.t.scoregroups(&self.order)
    }

    /// \[C1\] no rematch, \[C3\] not two players with the same absolute colour preference, and the
    /// arbiter's forbidden pairs.
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        self.t.may_meet(a, b)
    }

    /// \[C2\] (Basic Rules Art. 4): no PAB, and no win's points scored without playing, before.
    pub fn pab_eligible(&self, i: usize) -> bool {
        self.t.players[i].unplayed_win_rounds == 0
    }

    /// Can `players` all be paired under \[C1\] and \[C3\]?
    pub fn completable(&self, players: &[usize]) -> bool {
        complete_pairing(&self.audit, players, |a, b| self.can_meet(a, b), |_| false).is_some()
    }

    /// 3.1: the pairing-allocated bye goes to the eligible player who lets the others be paired,
    /// with the lowest score, then the most games played, then the lowest ranking (1.8).
    pub fn pab(&self) -> Option<usize> {
        let mut cands: Vec<usize> = self.order.iter().copied().filter(|&i| self.pab_eligible(i)).collect();
        cands.sort_by_key(|&i| (self.score(i), Reverse(self.t.players[i].colours.len()), Reverse(self.rank_key(i))));
        cands.into_iter().find(|&c| {
            let rest: Vec<usize> = self.order.iter().copied().filter(|&i| i != c).collect();
            self.completable(&rest)
        })
    }
}
