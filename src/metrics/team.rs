//! Metrics of a finished team tournament (`batch simulate -s team-2026`): the subset of the
//! individual metrics that has a team meaning, plus what only team events have.
//!
//! - size: teams, boards, rounds, matches, games played over the board;
//! - what happened: pairing-allocated byes, absences, single boards and whole matches forfeited;
//! - ranking quality: Kendall's τ-b and Spearman's ρ between the final primary score (C.04.6
//!   1.2) and the team strength (the sum of its ratings), and τ-b of the final standings (the batch's
//!   ranking, `metrics::ranking_name`) against it;
//! - colours of the teams (1.6: played matches only): final |CD|, longest run of one colour,
//!   preferences (1.7) not met, all and strong;
//! - floats (1.5): played matches between different pairing scores, their score differences,
//!   teams floating the same way in two consecutive rounds.
//!
//! All from the team state of `crate::team`, the same way for every run.

use super::{kendall_tau_b, spearman};
use crate::team::{MatchKind, PreferenceStrength, TeamTournament};
use crate::trf::{ResultCode, TrfDocument};
use serde::{Deserialize, Serialize};

/// The metrics of one finished team tournament. Scores and score differences are in points.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TeamMetrics {
    /// Teams in the field.
    pub teams: usize,
    /// Boards per match.
    pub boards: usize,
    /// Rounds in the file.
    pub rounds: u32,
    /// Matches paired (forfeited ones included).
    pub matches: u32,
    /// Games played over the board.
    pub games: u32,
    /// Pairing-allocated byes given.
    pub pairing_byes: u32,
    /// Rounds a team was absent (a bye of the competition).
    pub absences: u32,
    /// Boards forfeited singly in matches actually played.
    pub forfeited_boards: u32,
    /// Matches forfeited as a whole (no board played).
    pub forfeited_matches: u32,
    /// Kendall's τ-b between final primary scores and team strengths.
    pub kendall_tau: Option<f64>,
    /// Kendall's τ-b between the final standings (the ranking of the batch, by default the score
    /// then MPVGP, EDE, BH-C1, BH, SB, WIN) and strengths.
    pub kendall_tau_tiebroken: Option<f64>,
    /// Spearman's ρ between final primary scores and team strengths.
    pub spearman: Option<f64>,
    /// Mean and maximum of the final |CD| over teams.
    pub colour_imbalance_mean: f64,
    /// The largest final |CD|.
    pub colour_imbalance_max: u32,
    /// Longest run of one colour of any team (played matches).
    pub longest_colour_run: u32,
    /// Played matches between teams of different pairing scores.
    pub floats: u32,
    /// Mean score difference of those matches.
    pub float_score_difference_mean: f64,
    /// Largest score difference of those matches.
    pub float_score_difference_max: f64,
    /// Teams floating down in two consecutive rounds.
    pub repeated_downfloats: u32,
    /// Teams floating up in two consecutive rounds.
    pub repeated_upfloats: u32,
    /// Played matches where a team with a colour preference did not get it.
    pub colour_preferences_unmet: u32,
    /// The same, for strong preferences (Type A preferences are all strong).
    pub strong_colour_preferences_unmet: u32,
}

impl TeamMetrics {
    /// Column names and values, in a fixed order (CSV, summaries, plots).
    pub fn columns(&self) -> Vec<(&'static str, Option<f64>)> {
        let n = |v: u32| Some(f64::from(v));
        vec![
            ("teams", Some(self.teams as f64)),
            ("boards_per_match", Some(self.boards as f64)),
            ("rounds", n(self.rounds)),
            ("matches", n(self.matches)),
            ("games", n(self.games)),
            ("pairing_byes", n(self.pairing_byes)),
            ("absences", n(self.absences)),
            ("forfeited_boards", n(self.forfeited_boards)),
            ("forfeited_matches", n(self.forfeited_matches)),
            ("kendall_tau", self.kendall_tau),
            ("kendall_tau_tiebroken", self.kendall_tau_tiebroken),
            ("spearman", self.spearman),
            ("colour_imbalance_mean", Some(self.colour_imbalance_mean)),
            ("colour_imbalance_max", n(self.colour_imbalance_max)),
            ("longest_colour_run", n(self.longest_colour_run)),
            ("floats", n(self.floats)),
            ("float_score_difference_mean", Some(self.float_score_difference_mean)),
            ("float_score_difference_max", Some(self.float_score_difference_max)),
            ("repeated_downfloats", n(self.repeated_downfloats)),
            ("repeated_upfloats", n(self.repeated_upfloats)),
            ("colour_preferences_unmet", n(self.colour_preferences_unmet)),
            ("strong_colour_preferences_unmet", n(self.strong_colour_preferences_unmet)),
        ]
    }
}

/// The direction of a team's float in a played match: +1 down, -1 up, 0 none.
fn float_direction(m: &crate::team::MatchRound) -> i8 {
    match (m.played(), m.opponent_score_before) {
        (true, Some(o)) if m.pairing_score_before > o => 1,
        (true, Some(o)) if m.pairing_score_before < o => -1,
        _ => 0,
    }
}

/// The metrics of the rounds recorded in the team file `doc`.
pub fn team_metrics(doc: &TrfDocument, ranking: Option<&[crate::standings::TieBreak]>) -> Result<TeamMetrics, String> {
    let rounds = doc.rounds_in_file();
    let fin = crate::team::through_round(doc, rounds.max(1)).map_err(|e| e.to_string())?;
    let mut m = TeamMetrics { teams: fin.teams.len(), boards: fin.boards, rounds, ..TeamMetrics::default() };
    let rating = |id: u32| doc.player(id).map_or(0.0, |p| f64::from(p.rating));
    let strengths: Vec<f64> = fin.teams.iter().map(|t| t.roster.iter().map(|&p| rating(p)).sum()).collect();
    let primary: Vec<f64> = fin.teams.iter().map(|t| t.primary(&fin.rules).0 as f64 / 10.0).collect();
    let standing = super::tiebroken_places(doc, ranking, fin.teams.len(), |tpn| fin.index_of(tpn))?;
    m.kendall_tau = kendall_tau_b(&primary, &strengths);
    m.spearman = spearman(&primary, &strengths);
    m.kendall_tau_tiebroken = kendall_tau_b(&standing, &strengths);

    let mut cd_sum = 0u64;
    let mut difference_sum = 0i64;
    for (i, team) in fin.teams.iter().enumerate() {
        let cd = team.colour_difference.unsigned_abs();
        cd_sum += u64::from(cd);
        m.colour_imbalance_max = m.colour_imbalance_max.max(cd);
        m.longest_colour_run = m.longest_colour_run.max(longest_run(&team.colours));
        let mut previous = 0i8;
        for h in &team.history {
            match h.kind {
                MatchKind::PairingBye => m.pairing_byes += 1,
                MatchKind::Bye(_) => m.absences += 1,
                _ => {}
            }
            let direction = float_direction(h);
            if direction != 0 && direction == previous {
                if direction > 0 {
                    m.repeated_downfloats += 1;
                } else {
                    m.repeated_upfloats += 1;
                }
            }
            previous = direction;
            // Each match once, from the side of its smaller index.
            if h.opponent.is_none_or(|j| j <= i) {
                continue;
            }
            m.matches += 1;
            if !h.played() {
                m.forfeited_matches += 1;
                continue;
            }
            m.games += h.boards.iter().filter(|b| b.opponent.is_some() && b.result.is_played_game()).count() as u32;
            m.forfeited_boards += h
                .boards
                .iter()
                .filter(|b| matches!(b.result, ResultCode::ForfeitWin | ResultCode::ForfeitLoss))
                .count() as u32;
            if let Some(o) = h.opponent_score_before.filter(|&o| o != h.pairing_score_before) {
                let diff = (h.pairing_score_before.0 - o.0).abs();
                m.floats += 1;
                difference_sum += diff;
                m.float_score_difference_max = m.float_score_difference_max.max(diff as f64 / 10.0);
            }
        }
    }
    m.colour_imbalance_mean = if m.teams > 0 { cd_sum as f64 / m.teams as f64 } else { 0.0 };
    m.float_score_difference_mean = if m.floats > 0 { difference_sum as f64 / 10.0 / f64::from(m.floats) } else { 0.0 };

    // Colour preferences before each round against the colour of the match played.
    for r in 1..=rounds {
        let before = TeamTournament::before_round(doc, r).map_err(|e| format!("before round {r}: {e}"))?;
        for (i, team) in before.teams.iter().enumerate() {
            let got = fin.teams[i].history.get(r as usize - 1).and_then(|h| h.colour);
            let (Some(p), Some(got)) = (team.preference, got) else { continue };
            if p.colour != got {
                m.colour_preferences_unmet += 1;
                m.strong_colour_preferences_unmet += u32::from(p.strength == PreferenceStrength::Strong);
            }
        }
    }
    Ok(m)
}

/// The longest run of equal items.
fn longest_run<T: PartialEq>(items: &[T]) -> u32 {
    let (mut best, mut run) = (0u32, 0u32);
    for (k, c) in items.iter().enumerate() {
        run = if k > 0 && items[k - 1] == *c { run + 1 } else { 1 };
        best = best.max(run);
    }
    best
}
