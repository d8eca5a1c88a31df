//! The players of the round as the Dubov system sees them (C.04.4.1 A): colour preferences with
//! the "no game yet = mild Black" rule (A.5.d), ARO (A.6), upfloat counts and maximum upfloaters
//! (A.7), the absolute criteria C.1-C.3 and the PAB eligibility rule C.2 of each edition.

use super::Edition;
use crate::audit::Audit;
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::tournament::{Float, FloatRule, Strength, Tournament};
use crate::trf::Colour;
use std::cmp::Reverse;

/// Read-only facts about the round being paired.
pub struct Round<'t> {
    pub t: &'t Tournament,
    pub edition: Edition,
    /// Present players, by score descending, then initial ranking (pairing number).
    pub order: Vec<usize>,
    /// Times each player was upfloated before (played games against a higher score).
    pub upfloats: Vec<u32>,
    /// MaxT = 2 + floor(Rnds / 5) (A.7).
    pub max_t: u32,
    /// Where the completion checks count their cross-checks.
    pub audit: Audit,
}

impl<'t> Round<'t> {
    /// The round of `t` under `edition`, its completion checks counted into `audit`.
    pub fn new(t: &'t Tournament, edition: Edition, audit: Audit) -> Round<'t> {
        let mut order = t.present();
        order.sort_by_key(|&i| (Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
        let upfloats = t
            .players
            .iter()
            .map(|p| {
                (1..=p.history.len()).filter(|&back| p.float_back(back, FloatRule::Dutch2026) == Float::Up).count()
                    as u32
            })
            .collect();
        // A.7: Rnds is the number of rounds of the tournament; when the file does not state it
        // (no XXR), the round being paired is the best lower bound known.
        let rounds = t.total_rounds.unwrap_or(t.round);
        Round { t, edition, order, upfloats, max_t: 2 + rounds / 5, audit }
    }

    pub fn score(&self, i: usize) -> Points {
        self.t.players[i].pairing_score()
    }

    pub fn tpn(&self, i: usize) -> u32 {
        self.t.players[i].pairing_number
    }

    /// Ranking key: more points first, then the higher position in the initial ranking (E.0).
    pub fn rank_key(&self, i: usize) -> (Reverse<Points>, u32) {
        (Reverse(self.score(i)), self.tpn(i))
    }

    /// ARO (A.6): rounded half up by the tournament state; zero before the first game.
    pub fn aro(&self, i: usize) -> u32 {
        self.t.players[i].aro.unwrap_or(0)
    }

    /// The colour preference (A.5); a player who has not played has a mild preference for Black
    /// (A.5.d).
    pub fn pref(&self, i: usize) -> (Colour, Strength) {
        let p = &self.t.players[i].preference;
        match p.colour {
            Some(c) => (c, p.strength),
            None => (Colour::Black, Strength::Mild),
        }
    }

    /// True if the player has yet to play a game.
    pub fn unplayed(&self, i: usize) -> bool {
        self.t.players[i].colours.is_empty()
    }

    /// A.7: upfloated MaxT times already.
    pub fn is_max_upfloater(&self, i: usize) -> bool {
        self.upfloats[i] >= self.max_t
    }

    /// Upfloated in the previous round (C.10).
    pub fn upfloated_last_round(&self, i: usize) -> bool {
        self.t.players[i].float_back(1, FloatRule::Dutch2026) == Float::Up
    }

    /// C.8-C.10 apply "unless it is the last round".
    pub fn is_last_round(&self) -> bool {
        self.t.is_last_round()
    }

    /// Scoregroups in descending score, members by initial ranking.
    pub fn scoregroups(&self) -> Vec<Vec<usize>> {
        self.t.scoregroups(&self.order)
    }

    /// C.1 (no rematch), C.3 (no two players with the same absolute colour preference; the Dubov
    /// text has no topscorer exception) and forbidden pairs: may `a` and `b` meet?
    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        self.t.may_meet(a, b)
    }

    /// C.2: may `i` receive the pairing-allocated bye?
    pub fn pab_eligible(&self, i: usize) -> bool {
        let p = &self.t.players[i];
        match self.edition {
            // C.04.4.1 (2018) C.2 = C.04.1.d: not after a PAB nor after a forfeit win.
            Edition::E2018 => !p.had_pab && !p.had_forfeit_win,
            // 2026 [C2] = Basic Rules Art. 4: not after any round in which a win's points were
            // scored without playing (PAB, full-point bye, forfeit win).
            Edition::E2026 => p.unplayed_win_rounds == 0,
        }
    }

    /// Can `players` all be paired (C.1, C.3), with one PAB-eligible player out when `bye`?
    pub fn completable(&self, players: &[usize], bye: bool) -> bool {
        let may_bye = |i: usize| bye && self.pab_eligible(i);
        complete_pairing(&self.audit, players, |a, b| self.can_meet(a, b), may_bye).is_some()
    }
}

/// D.2: sequence numbers from the middle of a sorted list outwards; where two players share the
/// (remaining) middle, the one higher in the list first. Returns, for each list position, its
/// sequence number (0-based).
pub fn middle_out(len: usize) -> Vec<usize> {
    let mut remaining: Vec<usize> = (0..len).collect();
    let mut seq = vec![0; len];
    let mut next = 0;
    while !remaining.is_empty() {
        let l = remaining.len();
        let k = if l % 2 == 1 { l / 2 } else { l / 2 - 1 };
        seq[remaining.remove(k)] = next;
        next += 1;
    }
    seq
}

#[cfg(test)]
mod tests {
    use super::middle_out;

    #[test]
    fn d2_example_of_seven() {
        // A B C D E F G → #1 D, #2 C, #3 E, #4 B, #5 F, #6 A, #7 G.
        assert_eq!(middle_out(7), vec![5, 3, 1, 0, 2, 4, 6]);
        assert_eq!(middle_out(4), vec![2, 0, 1, 3]);
        assert_eq!(middle_out(1), vec![0]);
        assert!(middle_out(0).is_empty());
    }
}
