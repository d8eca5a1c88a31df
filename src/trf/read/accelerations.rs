//! `250` records (TRF-2026 "Accelerated Rounds") as ranges, and their expansion into each
//! player's fictitious points per round: plain data and a pure function below the reader, which
//! expands them once the file is read.

use crate::points::Points;
use crate::trf::Acceleration;

/// One `250` record (TRF-2026 "Accelerated Rounds"): `points` fictitious points in rounds
/// `rounds.0..=rounds.1` for the players with ids in `players.0..=players.1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(in crate::trf) struct AccelerationRange {
    pub points: Points,
    pub rounds: (u32, u32),
    pub players: (u32, u32),
}

/// Expands `250` records into one [`Acceleration`] per player covered by at least one record,
/// in the order of `player_ids` (which must be sorted). A player's list runs up to the last
/// round of the records covering them; records covering the same player and round add up.
pub(in crate::trf) fn expand_accelerations(ranges: &[AccelerationRange], player_ids: &[u32]) -> Vec<Acceleration> {
    let mut out = Vec::new();
    for &id in player_ids {
        let covering: Vec<&AccelerationRange> =
            ranges.iter().filter(|r| r.players.0 <= id && id <= r.players.1).collect();
        let Some(len) = covering.iter().map(|r| r.rounds.1).max() else {
            continue;
        };
        let mut points = vec![Points::ZERO; len as usize];
        for range in covering {
            for round in range.rounds.0..=range.rounds.1 {
                if let Some(p) = points.get_mut(round as usize - 1) {
                    *p += range.points;
                }
            }
        }
        out.push(Acceleration { player: id, points });
    }
    out
}
