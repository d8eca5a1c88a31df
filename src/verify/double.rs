//! The checker's Double-Swiss rules: is a match round's pairing legal under C.04.5, and what does
//! it cost? Written from the text (its articles after 1.3.2 as `docs/double-swiss.md` reads
//! them), sharing nothing with `src/systems/`: it reads the Double-Swiss state (`src/double`)
//! only. The absolute rules are those of every match system ([`super::matches`]).

use super::absolute::Violation;
use super::matches::Judged;
use crate::double::{is_meeting, DoubleTournament};
use crate::matches::TeamFloat;
use crate::pairing::RoundPairing;
use crate::vocabulary::System;

impl Judged for DoubleTournament {
    fn count(&self) -> usize {
        self.players.len()
    }
    fn id(&self, i: usize) -> u32 {
        self.players[i].id
    }
    fn absent(&self, i: usize) -> bool {
        self.players[i].absent.is_some()
    }
    /// \[C1\]: a match not ended by forfeit (Preface).
    fn met(&self, a: usize, b: usize) -> bool {
        self.players[a].history.iter().any(|m| is_meeting(m) && m.opponent == Some(b))
    }
    fn prohibited(&self, a: usize, b: usize) -> bool {
        self.forbidden.contains(&(a.min(b), a.max(b)))
    }
    /// \[C2\].
    fn pab_barred(&self, i: usize) -> bool {
        let p = &self.players[i];
        p.had_pab || p.had_forfeit_win || p.had_full_bye
    }
}

/// Every rule `pairing` (pairs of player indices) breaks in match round `t.round` under `system`.
pub fn check(system: System, t: &DoubleTournament, pairing: &RoundPairing) -> Vec<Violation> {
    super::matches::check(system, "C.04.5", t, pairing)
}

/// May players `a` and `b` meet in this match under `system` ([`super::matches::may_meet`])?
pub fn may_meet(system: System, t: &DoubleTournament, a: usize, b: usize) -> bool {
    super::matches::may_meet(system, t, a, b)
}

/// May present player `i` receive the pairing-allocated bye under `system` (\[C2\])?
pub fn may_receive_bye(system: System, t: &DoubleTournament, i: usize) -> bool {
    super::matches::may_receive_bye(system, t, i)
}

/// The quality of a match round's pairing under C.04.5, round level, criteria in priority order
/// (lower is better; see [`super::evaluate`]): the PAB's score and matches played (3.4.2-3.4.3),
/// then \[C4\] the upfloaters (the lower player of a pair of different scores), \[C5\] their
/// scores, \[C7\] those who floated in the previous round, \[C8\] the upfloaters' opponents who
/// floated (\[C7\] and \[C8\] not in the last round).
pub fn evaluate(system: System, t: &DoubleTournament, pairing: &RoundPairing) -> super::Quality {
    use super::quality::{Criterion, CriterionValue};
    if system != System::DoubleSwiss2026 {
        return super::Quality { criteria: Vec::new() };
    }
    let n = t.players.len();
    let score = |i: usize| t.players[i].pairing_score().0;
    let floated = |i: usize| t.players[i].float_previous != TeamFloat::None;
    let counts_floats = t.total_rounds != Some(t.round);
    let mut ups: Vec<i64> = Vec::new();
    let (mut c7, mut c8) = (0i64, 0i64);
    for b in pairing.boards.iter().filter(|b| b.white < n && b.black < n) {
        for (me, opp) in [(b.white, b.black), (b.black, b.white)] {
            if score(me) < score(opp) {
                ups.push(score(me));
                if counts_floats {
                    c7 += i64::from(floated(me));
                    c8 += i64::from(floated(opp));
                }
            }
        }
    }
    ups.sort_unstable();
    let bye = pairing.bye.filter(|&p| p < n);
    let criteria = vec![
        (Criterion::ByeScore, "C.04.5 3.4.2", bye.map(score).into_iter().collect()),
        (
            Criterion::ByeMatchesPlayed,
            "C.04.5 3.4.3",
            bye.map(|p| -i64::from(t.players[p].matches_played)).into_iter().collect(),
        ),
        (Criterion::Floaters, "C.04.5 2.3.1 [C4]", vec![ups.len() as i64]),
        (Criterion::UpfloaterScores, "C.04.5 2.3.2 [C5]", ups.iter().map(|s| -s).collect()),
        (Criterion::RepeatedFloaters, "C.04.5 2.3.4 [C7]", vec![c7]),
        (Criterion::RepeatedFloaterOpponents, "C.04.5 2.3.5 [C8]", vec![c8]),
    ];
    super::Quality {
        criteria: criteria
            .into_iter()
            .map(|(criterion, article, value)| CriterionValue { criterion, article, value })
            .collect(),
    }
}
