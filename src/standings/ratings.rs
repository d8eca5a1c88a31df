//! Ratings-based tie-breaks (C.07 Article 10): ARO, TPR, PTP, APRO, APPO, RTNG.
//!
//! They read games played over the board only: a forfeit is an unplayed round for them even in
//! pre-determined pairings (15.2). An unrated participant has the rating the tournament's
//! regulations give (`--unrated-rating`); without one these tie-breaks cannot be computed and
//! the request is refused (Article 10: they "must be dropped ... when unrated players are
//! present, unless detailed rules on the handling of unrated players are included"). The
//! conversion tables are FIDE's Rating Regulations 8.1(a) and 8.1(b)
//! (`../shared/specs/FIDE_rating_tables_8.1.md`).

use super::field::{Field, RoundKind};
use super::value::Value;

/// Table 8.1(a): the rating difference `dp` for a fractional score `p` = 0.00, 0.01, ..., 1.00.
const DP: [i64; 101] = [
    -800, -677, -589, -538, -501, -470, -444, -422, -401, -383, -366, -351, -336, -322, -309, -296, -284, -273, -262,
    -251, -240, -230, -220, -211, -202, -193, -184, -175, -166, -158, -149, -141, -133, -125, -117, -110, -102, -95,
    -87, -80, -72, -65, -57, -50, -43, -36, -29, -21, -14, -7, 0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95,
    102, 110, 117, 125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309,
    322, 336, 351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800,
];

/// Table 8.1(b) as runs: (largest rating difference D of the run, expected score PD of the
/// higher-rated player in percent); beyond 800 the last value holds.
const PD: [(i64, i64); 51] = [
    (3, 50),
    (10, 51),
    (17, 52),
    (25, 53),
    (32, 54),
    (39, 55),
    (46, 56),
    (53, 57),
    (61, 58),
    (68, 59),
    (76, 60),
    (83, 61),
    (91, 62),
    (98, 63),
    (106, 64),
    (113, 65),
    (121, 66),
    (129, 67),
    (137, 68),
    (145, 69),
    (153, 70),
    (162, 71),
    (170, 72),
    (179, 73),
    (188, 74),
    (197, 75),
    (206, 76),
    (215, 77),
    (225, 78),
    (235, 79),
    (245, 80),
    (256, 81),
    (267, 82),
    (278, 83),
    (290, 84),
    (302, 85),
    (315, 86),
    (328, 87),
    (344, 88),
    (357, 89),
    (374, 90),
    (391, 91),
    (411, 92),
    (432, 93),
    (456, 94),
    (484, 95),
    (517, 96),
    (559, 97),
    (619, 98),
    (735, 99),
    (800, 100),
];

/// Expected score, in percent, of a player rated `own` against `opponent` (table 8.1(b), the
/// full scale: no 400-point cut, 10.3).
fn expected_percent(own: i64, opponent: i64) -> i64 {
    let d = (own - opponent).abs();
    let higher = PD.iter().find(|&&(top, _)| d <= top).map_or(100, |&(_, pd)| pd);
    if own >= opponent {
        higher
    } else {
        100 - higher
    }
}

/// The games a ratings-based tie-break reads for one participant: each opponent's rating and
/// the result in rating points (tenths: 10, 5, 0).
#[derive(Clone, Debug, Default)]
pub struct RatedGames {
    /// (opponent's rating, result in tenths of a point), in round order.
    pub games: Vec<(i64, i64)>,
}

impl RatedGames {
    /// The games of participant `i` played over the board, with `rating(o)` for each opponent.
    pub fn of(field: &Field, i: usize, rating: &impl Fn(usize) -> i64) -> RatedGames {
        let games = field.entrants[i]
            .rounds
            .iter()
            .filter(|r| r.kind == RoundKind::Played)
            .filter_map(|r| Some((rating(r.opponent?), r.rating_points.map_or(0, |p| p.0))))
            .collect();
        RatedGames { games }
    }

    /// The games left after cutting the `low` lowest-rated and `high` highest-rated opponents
    /// (Article 14: ARO-C1 "exclude the opponent's lowest rating").
    pub fn cut(&self, low: u32, high: u32) -> RatedGames {
        let mut games = self.games.clone();
        for _ in 0..low {
            if let Some(k) = (0..games.len()).min_by_key(|&k| (games[k].0, k)) {
                games.remove(k);
            }
        }
        for _ in 0..high {
            if let Some(k) = (0..games.len()).max_by_key(|&k| (games[k].0, usize::MAX - k)) {
                games.remove(k);
            }
        }
        RatedGames { games }
    }

    /// ARO (10.1): the average rating of the opponents, 0.5 rounded up; `None` with no game.
    pub fn aro(&self) -> Option<i64> {
        let sum: i64 = self.games.iter().map(|g| g.0).sum();
        Value::average(Value::int(sum), self.games.len()).map(Value::round_half_up)
    }

    /// TPR (10.2): ARO plus the rating difference of the fractional score (8.1(a), the score
    /// rounded to hundredths, 0.005 up).
    pub fn tpr(&self) -> Option<i64> {
        let aro = self.aro()?;
        let score: i64 = self.games.iter().map(|g| g.1).sum();
        // p in hundredths: score (tenths) * 10 / games, rounded half up.
        let p = Value::ratio(score * 10, self.games.len() as i64).round_half_up().clamp(0, 100);
        Some(aro + DP[p as usize])
    }

    /// PTP (10.3): the lowest rating whose expected score (8.1(b)) against these opponents is
    /// at least the score; for a zero score 800 below the lowest-rated opponent.
    pub fn ptp(&self) -> Option<i64> {
        let lowest = self.games.iter().map(|g| g.0).min()?;
        let highest = self.games.iter().map(|g| g.0).max()?;
        let score: i64 = self.games.iter().map(|g| g.1).sum(); // tenths
        if score == 0 {
            return Some(lowest - 800);
        }
        // Expected score in tenths times 10 (percent points summed) against the score.
        let reaches = |r: i64| self.games.iter().map(|g| expected_percent(r, g.0)).sum::<i64>() >= score * 10;
        let (mut lo, mut hi) = (lowest - 801, highest + 800);
        if !reaches(hi) {
            return Some(hi);
        }
        // Invariant: !reaches(lo), reaches(hi).
        while hi - lo > 1 {
            let mid = lo + (hi - lo) / 2;
            if reaches(mid) {
                hi = mid;
            } else {
                lo = mid;
            }
        }
        Some(hi)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn performance_follows_the_rating_tables() {
        // Two games against 2000 and 2100, 1.5 points: ARO 2050, p = 0.75 -> dp 193.
        let g = RatedGames { games: vec![(2000, 10), (2100, 5)] };
        assert_eq!(g.aro(), Some(2050));
        assert_eq!(g.tpr(), Some(2243));
        // PTP: the lowest rating whose expected score reaches 1.5.
        let ptp = g.ptp().unwrap_or_default();
        let sum = |r: i64| expected_percent(r, 2000) + expected_percent(r, 2100);
        assert!(sum(ptp) >= 150 && sum(ptp - 1) < 150, "{ptp}");
        assert_eq!(RatedGames { games: vec![(1800, 0)] }.ptp(), Some(1000));
        assert_eq!(RatedGames { games: vec![(1800, 10)] }.ptp(), Some(1800 + 736));
        assert_eq!(RatedGames::default().aro(), None);
        assert_eq!(RatedGames { games: vec![(2001, 0), (2000, 0)] }.aro(), Some(2001));
    }
}
