//! Standings of a Double-Swiss tournament (C.04.5): ranked by the score, the game points (1.2.1),
//! then the tie-breaks asked for; every line also shows the match points (a match won 2, drawn
//! 1, lost 0: [`crate::double::MATCH_POINTS`]) and the matches played.
//!
//! The Preface decides what counts as played: a match "ends by forfeit only if at least one
//! player forfeits both games"; any other match is regularly played, and "for tie-breaks and
//! standings" a forfeited single game in it is treated as played. So a match with a forfeited
//! game counts as a match played and its opponent as met; a match ended by forfeit, a bye or an
//! absence is a round without an opponent. The tie-breaks, read for two-game matches:
//! - **BH** (Buchholz), **BH-C1**: the sum of the opponents' game points, a match not played
//!   counting as one against a dummy holding the player's own score (C.07, as for individuals);
//! - **SB** (Sonneborn-Berger): per match the opponent's (or dummy's) game points times the game
//!   points scored in the match over a game won's (the two games' fractions of a win);
//! - **DE** (direct encounter): among players still tied, the game points they scored in the
//!   matches they played against each other, when every pair of them met; otherwise it leaves the
//!   tie;
//! - **WIN**: matches won (a match's points of a win), with or without playing; **ARO**: the
//!   average rating of the opponents of matches played, rounded;
//! - **GP**, **MP**: game points (the score itself), match points.
//!
//! Ties left after the last tie-break share their place; the listing follows the TPN.
#![warn(missing_docs)]

use super::{format_value, points, Standing, TieBreak};
use crate::double::{encoding, is_meeting, DoubleTournament, MATCH_POINTS};
use crate::trf::TrfDocument;
use serde::Serialize;

/// One line of Double-Swiss standings: the line of individual standings (its `points` the game
/// points), with the match points and the matches played.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoubleStanding {
    /// Place, id, name, rating, game points and the tie-breaks.
    #[serde(flatten)]
    pub standing: Standing,
    /// Match points (2 / 1 / 0 per match; a PAB or full-point bye as a match won).
    pub match_points: f64,
    /// Matches regularly played (Preface: a match with a forfeited single game counts).
    pub matches_played: u32,
}

/// The state after every match recorded in `doc` (the last match in which a game was paired).
pub fn final_state(doc: &TrfDocument) -> Result<DoubleTournament, String> {
    let matches = encoding::next_match(doc).saturating_sub(1);
    crate::double::through_round(doc, matches).map_err(|e| format!("after match {matches}: {e}"))
}

/// Per player and match: the opponent's (or the dummy's) game points, and the game points
/// scored over a game won's.
fn contributions(t: &DoubleTournament, i: usize) -> Vec<(f64, f64)> {
    let p = &t.players[i];
    let win = t.game_points.win().0.max(1) as f64;
    p.history
        .iter()
        .map(|m| {
            let fraction = m.game_points.0 as f64 / win;
            match m.opponent.filter(|_| is_meeting(m)) {
                Some(o) => (points(t.players[o].score), fraction),
                None => (points(p.score), fraction), // C.07: the dummy opponent
            }
        })
        .collect()
}

fn value(t: &DoubleTournament, i: usize, tb: TieBreak) -> f64 {
    let c = contributions(t, i);
    let p = &t.players[i];
    match tb {
        TieBreak::Buchholz => c.iter().map(|x| x.0).sum(),
        TieBreak::BuchholzCut1 => {
            let sum: f64 = c.iter().map(|x| x.0).sum();
            sum - c.iter().map(|x| x.0).reduce(f64::min).unwrap_or(0.0)
        }
        TieBreak::SonnebornBerger => c.iter().map(|x| x.0 * x.1).sum(),
        TieBreak::Wins => p.history.iter().filter(|m| m.match_points == MATCH_POINTS.0).count() as f64,
        TieBreak::Aro => {
            let met: Vec<f64> = p.opponents.iter().map(|&o| f64::from(t.players[o].rating)).collect();
            if met.is_empty() {
                0.0
            } else {
                (met.iter().sum::<f64>() / met.len() as f64).round()
            }
        }
        TieBreak::GamePoints => points(p.score),
        TieBreak::MatchPoints => points(p.match_points),
        TieBreak::DirectEncounter => 0.0,
    }
}

fn direct_encounter(t: &DoubleTournament, group: &[usize]) -> Vec<f64> {
    let all_met = group.iter().enumerate().all(|(k, &a)| group[k + 1..].iter().all(|&b| t.have_met(a, b)));
    group
        .iter()
        .map(|&a| {
            if !all_met || group.len() < 2 {
                return 0.0;
            }
            t.players[a]
                .history
                .iter()
                .filter(|m| is_meeting(m) && m.opponent.is_some_and(|o| group.contains(&o)))
                .map(|m| points(m.game_points))
                .sum()
        })
        .collect()
}

/// The standings of the Double-Swiss tournament in `doc`, ranked by game points, then `order`.
pub fn standings(doc: &TrfDocument, order: &[TieBreak]) -> Result<Vec<DoubleStanding>, String> {
    let t = final_state(doc)?;
    Ok(rank(&t, order))
}

/// Ranks the players of `t` (the state after the last match) by game points, then `order`.
pub fn rank(t: &DoubleTournament, order: &[TieBreak]) -> Vec<DoubleStanding> {
    let ranked = super::ranked(
        t.players.len(),
        order,
        |i| t.players[i].score,
        |i| t.players[i].tpn,
        |i, tb| value(t, i, tb),
        |g| direct_encounter(t, g),
    );
    ranked
        .into_iter()
        .map(|(rank, i, tiebreaks)| {
            let p = &t.players[i];
            DoubleStanding {
                standing: Standing {
                    rank,
                    id: p.id,
                    name: p.name.clone(),
                    rating: p.rating,
                    points: points(p.score),
                    tiebreaks,
                },
                match_points: points(p.match_points),
                matches_played: p.matches_played,
            }
        })
        .collect()
}

/// The standings as a text table: rank, id, name, rating, game points (`GP`), match points
/// (`MP`), matches played, then the tie-breaks.
pub fn render_text(rows: &[DoubleStanding], order: &[TieBreak]) -> String {
    let (standings, extra) = split_columns(rows);
    super::render_text_with(&standings, order, "GP", &extra)
}

/// The standings as CSV: rank, id, name, rating, points (game points), match_points,
/// matches_played, one column per tie-break (its key).
pub fn render_csv(rows: &[DoubleStanding], order: &[TieBreak]) -> String {
    let (standings, extra) = split_columns(rows);
    super::render_csv_with(&standings, order, &extra)
}

/// The lines of individual standings, and the match points and matches played as columns.
fn split_columns(rows: &[DoubleStanding]) -> (Vec<Standing>, [super::Extra<'static>; 2]) {
    let standings = rows.iter().map(|r| r.standing.clone()).collect();
    let match_points = rows.iter().map(|r| format_value(r.match_points)).collect();
    let played = rows.iter().map(|r| r.matches_played.to_string()).collect();
    (standings, [("MP", "match_points", match_points), ("Played", "matches_played", played)])
}
