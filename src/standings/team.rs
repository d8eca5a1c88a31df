//! Standings of a team tournament: the primary score of C.04.6 1.2 (match points by default),
//! then the tie-breaks asked for, read for teams:
//! - **GP** / **MP**: game points, match points (the secondary score, 1.2.1);
//! - **DE** (direct encounter): among teams still tied, the primary score they scored in the
//!   matches they played against each other, when every pair of them met; otherwise it leaves
//!   the tie;
//! - **BH** (Buchholz), **BH-C1**: the sum of the opponents' primary scores; a round without a
//!   match actually played counts as one against a dummy holding the team's own score (C.07);
//! - **SB** (Sonneborn-Berger): per round the opponent's (or dummy's) primary score times the
//!   fraction of a match win the team scored;
//! - **WIN**: matches won, with or without playing; **ARO**: the opponents' average strength.
//!
//! Ties left after the last tie-break share their place; the listing follows the TPN.
#![warn(missing_docs)]

use super::{points, Standing, TieBreak};
use crate::team::{Score, TeamTournament};
use crate::trf::TrfDocument;

/// The state after every round recorded in `doc`.
pub fn final_state(doc: &TrfDocument) -> Result<TeamTournament, String> {
    let rounds = crate::tournament::next_round(doc).saturating_sub(1);
    crate::team::through_round(doc, rounds.max(1)).map_err(|e| format!("after round {rounds}: {e}"))
}

fn primary(t: &TeamTournament, i: usize) -> f64 {
    points(t.teams[i].primary(&t.rules))
}

/// Per team and round: the opponent's (or the dummy's) primary score, and the fraction of a match
/// win scored.
fn contributions(t: &TeamTournament, i: usize) -> Vec<(f64, f64)> {
    let team = &t.teams[i];
    let win = t.match_scale.win.0.max(1) as f64;
    team.history
        .iter()
        .map(|m| {
            let fraction = m.match_points.0 as f64 / win;
            match m.opponent.filter(|_| m.played()) {
                Some(o) => (primary(t, o), fraction),
                None => (primary(t, i), fraction),
            }
        })
        .collect()
}

fn value(t: &TeamTournament, i: usize, tb: TieBreak) -> f64 {
    let c = contributions(t, i);
    let team = &t.teams[i];
    match tb {
        TieBreak::Buchholz => c.iter().map(|x| x.0).sum(),
        TieBreak::BuchholzCut1 => {
            let sum: f64 = c.iter().map(|x| x.0).sum();
            sum - c.iter().map(|x| x.0).reduce(f64::min).unwrap_or(0.0)
        }
        TieBreak::SonnebornBerger => c.iter().map(|x| x.0 * x.1).sum(),
        TieBreak::Wins => team.history.iter().filter(|m| m.match_points == t.match_scale.win).count() as f64,
        TieBreak::Aro => {
            let met: Vec<f64> = team.opponents.iter().map(|&o| f64::from(t.teams[o].strength)).collect();
            if met.is_empty() {
                0.0
            } else {
                (met.iter().sum::<f64>() / met.len() as f64).round()
            }
        }
        TieBreak::GamePoints => points(team.game_points),
        TieBreak::MatchPoints => points(team.match_points),
        TieBreak::DirectEncounter => 0.0,
    }
}

fn direct_encounter(t: &TeamTournament, group: &[usize]) -> Vec<f64> {
    let all_met = group.iter().enumerate().all(|(k, &a)| group[k + 1..].iter().all(|&b| t.have_met(a, b)));
    group
        .iter()
        .map(|&a| {
            if !all_met || group.len() < 2 {
                return 0.0;
            }
            t.teams[a]
                .history
                .iter()
                .filter(|m| m.played() && m.opponent.is_some_and(|o| group.contains(&o)))
                .map(|m| points(if t.rules.primary == Score::MatchPoints { m.match_points } else { m.game_points }))
                .sum()
        })
        .collect()
}

/// The standings of the team tournament in `doc`, ranked by the primary score, then `order`.
pub fn standings(doc: &TrfDocument, order: &[TieBreak]) -> Result<Vec<Standing>, String> {
    let t = final_state(doc)?;
    Ok(rank(&t, order))
}

/// Ranks the teams of `t` (the state after the last round) by primary score, then `order`.
pub fn rank(t: &TeamTournament, order: &[TieBreak]) -> Vec<Standing> {
    let score = |i: usize| t.teams[i].primary(&t.rules);
    let ranked = super::ranked(
        t.teams.len(),
        order,
        score,
        |i| t.teams[i].tpn,
        |i, tb| value(t, i, tb),
        |g| direct_encounter(t, g),
    );
    ranked
        .into_iter()
        .map(|(rank, i, tiebreaks)| {
            let team = &t.teams[i];
            Standing {
                rank,
                id: team.tpn,
                name: team.name.clone(),
                rating: team.strength,
                points: points(score(i)),
                tiebreaks,
            }
        })
        .collect()
}
