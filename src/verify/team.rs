//! The checker's team rules: is a round's pairing of teams legal under the Swiss Team system
//! (C.04.6), and what does it cost? Written from the text, sharing nothing with `src/systems/`: it
//! reads the team tournament state (`src/team`) only. The absolute rules are those of every match
//! system ([`super::matches`]).

use super::absolute::Violation;
use super::matches::Judged;
use crate::pairing::RoundPairing;
use crate::team::TeamTournament;
use crate::vocabulary::System;

impl Judged for TeamTournament {
    fn count(&self) -> usize {
        self.teams.len()
    }
    fn id(&self, i: usize) -> u32 {
        self.teams[i].tpn
    }
    fn absent(&self, i: usize) -> bool {
        self.teams[i].absent.is_some()
    }
    /// \[C1\]: a match actually played (1.6.1).
    fn met(&self, a: usize, b: usize) -> bool {
        self.teams[a].history.iter().any(|m| m.played() && m.opponent == Some(b))
    }
    fn prohibited(&self, a: usize, b: usize) -> bool {
        self.forbidden.contains(&(a.min(b), a.max(b)))
    }
    /// \[C2\].
    fn pab_barred(&self, i: usize) -> bool {
        let team = &self.teams[i];
        team.had_pab || team.had_forfeit_win || team.had_full_bye
    }
}

/// May teams `a` and `b` meet in this round under `system` ([`super::matches::may_meet`])?
pub fn may_meet(system: System, t: &TeamTournament, a: usize, b: usize) -> bool {
    super::matches::may_meet(system, t, a, b)
}

/// May present team `i` receive the pairing-allocated bye under `system` (\[C2\])?
pub fn may_receive_bye(system: System, t: &TeamTournament, i: usize) -> bool {
    super::matches::may_receive_bye(system, t, i)
}

/// Every rule `pairing` (pairs of team indices) breaks in round `t.round` under `system`.
pub fn check(system: System, t: &TeamTournament, pairing: &RoundPairing) -> Vec<Violation> {
    super::matches::check(system, "C.04.6", t, pairing)
}

/// The quality of a pairing of teams under C.04.6, round level, criteria in priority order
/// (lower is better; see [`super::evaluate`]): the PAB's score and matches played (3.4.2-3.4.3),
/// then \[C4\] the upfloaters (the lower team of a pair of different scores), \[C5\] their scores,
/// \[C7\] those who floated in the previous round, \[C8\] the teams whose colour preference is not
/// granted, \[C9\] (Type B) strong ones, \[C10\] the upfloaters' opponents who floated.
pub fn evaluate(system: System, t: &TeamTournament, pairing: &RoundPairing) -> super::Quality {
    use super::quality::{Criterion, CriterionValue};
    use crate::team::{ColourModel, PreferenceStrength, TeamFloat};
    use crate::trf::Colour;
    if system != System::SwissTeam2026 {
        return super::Quality { criteria: Vec::new() };
    }
    let n = t.teams.len();
    let score = |i: usize| t.score(i).0;
    let floated = |i: usize| t.teams[i].float_previous != TeamFloat::None;
    let counts_floats = !t.in_last_two_rounds();
    let mut ups: Vec<i64> = Vec::new();
    let (mut c7, mut c8, mut c9, mut c10) = (0i64, 0i64, 0i64, 0i64);
    for b in pairing.boards.iter().filter(|b| b.white < n && b.black < n) {
        for (me, opp, colour) in [(b.white, b.black, Colour::White), (b.black, b.white, Colour::Black)] {
            if let Some(p) = t.teams[me].preference {
                if p.colour != colour {
                    c8 += 1;
                    if t.rules.colours == ColourModel::TypeB && p.strength == PreferenceStrength::Strong {
                        c9 += 1;
                    }
                }
            }
            if score(me) < score(opp) {
                ups.push(score(me));
                if counts_floats {
                    c7 += i64::from(floated(me));
                    c10 += i64::from(floated(opp));
                }
            }
        }
    }
    ups.sort_unstable();
    let bye = pairing.bye.filter(|&p| p < n);
    let mut criteria = vec![
        (Criterion::ByeScore, "C.04.6 3.4.2", bye.map(score).into_iter().collect()),
        (
            Criterion::ByeMatchesPlayed,
            "C.04.6 3.4.3",
            bye.map(|p| -i64::from(t.teams[p].matches_played)).into_iter().collect(),
        ),
        (Criterion::Floaters, "C.04.6 2.3.1 [C4]", vec![ups.len() as i64]),
        (Criterion::UpfloaterScores, "C.04.6 2.3.2 [C5]", ups.iter().map(|s| -s).collect()),
        (Criterion::RepeatedFloaters, "C.04.6 2.3.4 [C7]", vec![c7]),
        (Criterion::ColourPreference, "C.04.6 2.3.5 [C8]", vec![c8]),
    ];
    if t.rules.colours == ColourModel::TypeB {
        criteria.push((Criterion::StrongColourPreference, "C.04.6 2.3.6 [C9]", vec![c9]));
    }
    criteria.push((Criterion::RepeatedFloaterOpponents, "C.04.6 2.3.7 [C10]", vec![c10]));
    super::Quality {
        criteria: criteria
            .into_iter()
            .map(|(criterion, article, value)| CriterionValue { criterion, article, value })
            .collect(),
    }
}
