//! The pairing-allocated bye under the 2026 rules, decided before any bracket is paired.
//!
//! C.04.3 (2026) \[C5\] minimises the score of the PAB assignee and \[C9\] its number of unplayed
//! games. Completion (\[C4\]) applies in every bracket, so the lowest score that can receive the
//! bye in *some* complete round-pairing is known up front: it is the smallest score `s` for which
//! the present players admit a complete pairing whose leftover is PAB-eligible (\[C2\]) and scored
//! at most `s`. Those players are the *bye candidates*; every bracket model lets only them float
//! (leave the round unpaired), which is \[C4\] and \[C5\] together.
//!
//! \[C9\] ranks the players of the bye score by played games. As the reference engine
//! (bbpPairings 6) does, the criterion is active in a bracket only when that bracket's single
//! downfloater is bound to be the bye assignee: for the first bracket when the bye score is the
//! top score and the top scoregroup can be paired within itself; afterwards as decided by the
//! driver from the previous bracket's pairing (`docs/reference-dutch.md` §9.2).

use super::round::{ByeOutlook, Round};
use super::Edition;
use crate::audit::Audit;
use crate::points::Points;
use crate::tournament::Tournament;

impl<'t> Round<'t> {
    /// The round of `t` under `edition`, its completion checks counted into `audit`; under the
    /// 2026 rules with its bye facts. (Defined here, where those facts are computed from the
    /// round, so that `round.rs` needs nothing of this file.)
    pub fn new(t: &'t Tournament, edition: Edition, audit: Audit) -> Round<'t> {
        let mut r = Round::without_bye(t, edition, audit);
        if edition == Edition::E2026 {
            r.bye = ByeOutlook::of(&r);
        }
        r
    }
}

impl ByeOutlook {
    /// `None` when the present players are even in number (nobody gets the PAB) or cannot be
    /// paired at all.
    pub fn of(r: &Round) -> Option<ByeOutlook> {
        let present = &r.order;
        if present.len() % 2 == 0 {
            return None;
        }
        let n_all = r.t.players.len();
        let mut scores: Vec<Points> = present.iter().map(|&i| r.score(i)).collect();
        scores.sort_unstable();
        scores.dedup();
        // [C5]: the lowest score whose players (eligible, at most that score) can take the bye.
        let score = scores.into_iter().find(|&s| pairable(r, present, |i| r.pab_eligible(i) && r.score(i) <= s))?;
        let candidate: Vec<bool> = (0..n_all).map(|i| r.pab_eligible(i) && r.score(i) <= score).collect();
        // [C9] ranks among the players of the bye score.
        let played = |i: usize| r.t.players[i].history.iter().filter(|h| h.facts.played).count();
        let mut counts: Vec<usize> = present.iter().filter(|&&i| r.score(i) == score).map(|&i| played(i)).collect();
        counts.sort_unstable_by(|a, b| b.cmp(a));
        let mut rank = vec![0i64; n_all];
        for &i in present.iter().filter(|&&i| r.score(i) == score) {
            let c = played(i);
            rank[i] = counts.iter().rposition(|&x| x == c).unwrap_or(0) as i64;
        }
        // First bracket: the bye score is the top score and the top scoregroup pairs within
        // itself (leaving a candidate), the rest completely among themselves.
        let top = present.first().map(|&i| r.score(i));
        let first_bracket_c9 = Some(score) == top && {
            let (group, rest): (Vec<usize>, Vec<usize>) = present.iter().partition(|&&i| Some(r.score(i)) == top);
            pairable(r, &group, |i| candidate[i]) && pairable(r, &rest, |_| false)
        };
        Some(ByeOutlook { score, candidate, rank, first_bracket_c9 })
    }
}

/// Can `players` all be paired (C1-C3), the leftover (if odd) one for whom `may_bye` holds?
fn pairable(r: &Round, players: &[usize], may_bye: impl Fn(usize) -> bool) -> bool {
    r.complete_pairing(players, may_bye).is_some()
}
