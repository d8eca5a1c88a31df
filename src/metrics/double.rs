//! Metrics of a finished Double-Swiss tournament (`batch simulate -s double-2026`): the subset of
//! the individual metrics that has a meaning for two-game matches, plus what only Double-Swiss
//! events have.
//!
//! - size: players, matches (match rounds), matches paired, games played over the board;
//! - what happened: pairing-allocated byes, absences (a whole match), matches forfeited as a
//!   whole (a player forfeited both games: the Preface's match ended by forfeit) and games
//!   forfeited singly in matches regularly played;
//! - ranking quality: Kendall's τ-b and Spearman's ρ between the final game points (the score,
//!   1.2.1) and the ratings, and τ-b of the final standings (game points, then the default
//!   tie-breaks of `standings`) against the ratings;
//! - colours per player in matches (1.6: the match colour, game 1's, of the matches in which a
//!   game was played): final |Whites − Blacks| (mean, maximum, how many players at 0, 1, 2, 3 or
//!   more), longest run of one match colour;
//! - floats (1.5): matches regularly played between different pairing scores, their score
//!   differences, players floating the same way in two consecutive matches.
//!
//! All from the Double-Swiss state of `crate::double`, the same way for every run.

use super::{kendall_tau_b, longest_run, spearman};
use crate::double::is_meeting;
use crate::matches::{MatchKind, MatchRound};
use crate::trf::{ResultCode, TrfDocument};
use serde::{Deserialize, Serialize};

/// The metrics of one finished Double-Swiss tournament. Scores and score differences are in
/// game points.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DoubleMetrics {
    /// Players in the field.
    pub players: usize,
    /// Match rounds in the file (each two TRF game columns).
    pub rounds: u32,
    /// Matches paired (those ended by forfeit included).
    pub matches: u32,
    /// Games played over the board.
    pub games: u32,
    /// Pairing-allocated byes given.
    pub pairing_byes: u32,
    /// Match rounds a player was absent (a bye of the competition).
    pub absences: u32,
    /// Matches ended by forfeit (a player forfeited both games).
    pub forfeited_matches: u32,
    /// Games forfeited singly in matches regularly played.
    pub forfeited_games: u32,
    /// Kendall's τ-b between final game points and ratings.
    pub kendall_tau: Option<f64>,
    /// Kendall's τ-b between the final standings (game points, then the default tie-breaks) and
    /// ratings.
    pub kendall_tau_tiebroken: Option<f64>,
    /// Spearman's ρ between final game points and ratings.
    pub spearman: Option<f64>,
    /// Mean of the final |Whites − Blacks| over players (match colours).
    pub colour_imbalance_mean: f64,
    /// The largest final |Whites − Blacks|.
    pub colour_imbalance_max: u32,
    /// Players whose final |Whites − Blacks| is 0, 1, 2, 3 or more.
    pub colour_imbalance_histogram: [u32; 4],
    /// Longest run of one match colour of any player (matches with a colour).
    pub longest_colour_run: u32,
    /// Matches regularly played between players of different pairing scores.
    pub floats: u32,
    /// Mean score difference of those matches.
    pub float_score_difference_mean: f64,
    /// Largest score difference of those matches.
    pub float_score_difference_max: f64,
    /// Players floating down in two consecutive matches.
    pub repeated_downfloats: u32,
    /// Players floating up in two consecutive matches.
    pub repeated_upfloats: u32,
}

impl DoubleMetrics {
    /// Column names and values, in a fixed order (CSV, summaries, plots).
    pub fn columns(&self) -> Vec<(&'static str, Option<f64>)> {
        let n = |v: u32| Some(f64::from(v));
        let h = &self.colour_imbalance_histogram;
        vec![
            ("players", Some(self.players as f64)),
            ("rounds", n(self.rounds)),
            ("matches", n(self.matches)),
            ("games", n(self.games)),
            ("pairing_byes", n(self.pairing_byes)),
            ("absences", n(self.absences)),
            ("forfeited_matches", n(self.forfeited_matches)),
            ("forfeited_games", n(self.forfeited_games)),
            ("kendall_tau", self.kendall_tau),
            ("kendall_tau_tiebroken", self.kendall_tau_tiebroken),
            ("spearman", self.spearman),
            ("colour_imbalance_mean", Some(self.colour_imbalance_mean)),
            ("colour_imbalance_max", n(self.colour_imbalance_max)),
            ("colour_imbalance_0", n(h[0])),
            ("colour_imbalance_1", n(h[1])),
            ("colour_imbalance_2", n(h[2])),
            ("colour_imbalance_3plus", n(h[3])),
            ("longest_colour_run", n(self.longest_colour_run)),
            ("floats", n(self.floats)),
            ("float_score_difference_mean", Some(self.float_score_difference_mean)),
            ("float_score_difference_max", Some(self.float_score_difference_max)),
            ("repeated_downfloats", n(self.repeated_downfloats)),
            ("repeated_upfloats", n(self.repeated_upfloats)),
        ]
    }
}

/// The direction of a player's float in a match regularly played: +1 down, -1 up, 0 none (1.5).
fn float_direction(m: &MatchRound) -> i8 {
    match (is_meeting(m), m.opponent_score_before) {
        (true, Some(o)) if m.pairing_score_before > o => 1,
        (true, Some(o)) if m.pairing_score_before < o => -1,
        _ => 0,
    }
}

/// The metrics of the matches recorded in the Double-Swiss file `doc`.
pub fn double_metrics(
    doc: &TrfDocument,
    ranking: Option<&[crate::standings::TieBreak]>,
) -> Result<DoubleMetrics, String> {
    let matches = crate::double::encoding::next_match(doc).saturating_sub(1);
    let fin = crate::double::through_round(doc, matches).map_err(|e| format!("after match {matches}: {e}"))?;
    let n = fin.players.len();
    let rounds = fin.round.saturating_sub(1);
    let mut m = DoubleMetrics { players: n, rounds, ..DoubleMetrics::default() };

    let scores: Vec<f64> = fin.players.iter().map(|p| p.score.0 as f64 / 10.0).collect();
    let ratings: Vec<f64> = fin.players.iter().map(|p| f64::from(p.rating)).collect();
    m.kendall_tau = kendall_tau_b(&scores, &ratings);
    m.spearman = spearman(&scores, &ratings);
    let place = super::tiebroken_places(doc, ranking, n, |id| fin.index_of(id))?;
    m.kendall_tau_tiebroken = kendall_tau_b(&place, &ratings);

    let mut imbalance_sum = 0u64;
    let mut difference_sum = 0i64;
    for (i, p) in fin.players.iter().enumerate() {
        let blacks = p.colours.len() as u32 - p.whites;
        let d = p.whites.abs_diff(blacks);
        imbalance_sum += u64::from(d);
        m.colour_imbalance_max = m.colour_imbalance_max.max(d);
        m.colour_imbalance_histogram[(d as usize).min(3)] += 1;
        m.longest_colour_run = m.longest_colour_run.max(longest_run(&p.colours));
        let mut previous = 0i8;
        for h in &p.history {
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
            if !is_meeting(h) {
                m.forfeited_matches += 1;
                continue;
            }
            m.games += h.boards.iter().filter(|g| g.result.is_played_game()).count() as u32;
            m.forfeited_games += h
                .boards
                .iter()
                .filter(|g| matches!(g.result, ResultCode::ForfeitWin | ResultCode::ForfeitLoss))
                .count() as u32;
            if let Some(o) = h.opponent_score_before.filter(|&o| o != h.pairing_score_before) {
                let diff = (h.pairing_score_before.0 - o.0).abs();
                m.floats += 1;
                difference_sum += diff;
                m.float_score_difference_max = m.float_score_difference_max.max(diff as f64 / 10.0);
            }
        }
    }
    m.colour_imbalance_mean = if n > 0 { imbalance_sum as f64 / n as f64 } else { 0.0 };
    m.float_score_difference_mean = if m.floats > 0 { difference_sum as f64 / 10.0 / f64::from(m.floats) } else { 0.0 };
    Ok(m)
}
