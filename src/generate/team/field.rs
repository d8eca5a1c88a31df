//! The field of a generated team tournament and the file before round 1.
//!
//! As in the Swiss Team witness corpus: team strengths run down from a top drawn in 2250-2550
//! over a spread drawn in 500-1000 points, plus noise (σ 60); a player's rating is the team
//! strength plus noise (σ 70), board 1 the strongest; TPN by the sum of the ratings (1 the
//! strongest). Team `k` has start numbers `(k−1)·B+1 ..= k·B`, players are named `T<tpn>B<board>`,
//! teams `Team <tpn>`; the `310` strength is the average rating.
//!
//! The noise is a sum of twelve uniforms (Irwin–Hall): additions only, so a field is the same
//! bits on every machine.

use super::super::{mix, unit, GenerateConfig, STREAM_COLOUR};
use crate::points::{PointSystem, Points};
use crate::team::TeamRules;
use crate::trf::{Colour, PlayerRecord, Tag, TeamPab, TeamRecord, TrfDocument, TrfFlavor};

/// The stream of random numbers of the team field.
const STREAM_TEAM_FIELD: u64 = 11;

/// Lowest and highest rating a generated player can have.
const RATING_RANGE: (f64, f64) = (1000.0, 2900.0);

/// A team of the field before the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldTeam {
    /// The average rating, rounded (the `310` strength).
    pub strength: u32,
    /// The players' ratings, board 1 (the strongest) first.
    pub ratings: Vec<u32>,
}

/// A number of mean 0 and standard deviation 1 (approximately normal), determined by the seed
/// and `parts`.
fn normal(seed: u64, parts: &[u64]) -> f64 {
    let mut key = parts.to_vec();
    key.push(0);
    let mut sum = 0.0;
    for j in 0..12 {
        *key.last_mut().expect("pushed") = j;
        sum += unit(seed, &key);
    }
    sum - 6.0
}

/// `teams` teams of `boards` players, in TPN order (strongest rating sum first).
pub fn team_field(seed: u64, teams: usize, boards: usize) -> Vec<FieldTeam> {
    let top = 2250.0 + (mix(seed, &[STREAM_TEAM_FIELD, 0]) % 301) as f64;
    let spread = 500.0 + (mix(seed, &[STREAM_TEAM_FIELD, 1]) % 501) as f64;
    let mut out: Vec<FieldTeam> = (0..teams)
        .map(|k| {
            let step = if teams > 1 { spread * k as f64 / (teams - 1) as f64 } else { 0.0 };
            let base = top - step + 60.0 * normal(seed, &[STREAM_TEAM_FIELD, 2, k as u64]);
            let mut ratings: Vec<u32> = (0..boards)
                .map(|b| {
                    let r = base + 70.0 * normal(seed, &[STREAM_TEAM_FIELD, 3, k as u64, b as u64]);
                    r.round().clamp(RATING_RANGE.0, RATING_RANGE.1) as u32
                })
                .collect();
            ratings.sort_unstable_by(|a, b| b.cmp(a));
            let sum: u32 = ratings.iter().sum();
            let strength = (sum + boards as u32 / 2) / boards.max(1) as u32;
            FieldTeam { strength, ratings }
        })
        .collect();
    // Stable: equal sums keep the order of generation.
    out.sort_by_key(|t| std::cmp::Reverse(t.ratings.iter().sum::<u32>()));
    out
}

/// The file before round 1: header, teams, players, the `320` record with no round yet.
pub(super) fn initial_document(cfg: &GenerateConfig, field: &[FieldTeam]) -> TrfDocument {
    let o = &cfg.team;
    let boards = o.boards;
    let initial = if mix(cfg.seed, &[STREAM_COLOUR]) & 1 == 0 { Colour::White } else { Colour::Black };
    let mut players = Vec::with_capacity(field.len() * boards);
    let mut teams = Vec::with_capacity(field.len());
    for (k, team) in field.iter().enumerate() {
        let tpn = k as u32 + 1;
        let first = k as u32 * boards as u32 + 1;
        for (b, &rating) in team.ratings.iter().enumerate() {
            players.push(PlayerRecord {
                id: first + b as u32,
                name: format!("T{tpn}B{}", b + 1),
                rating,
                federation: "FID".into(),
                points: Some(Points::ZERO),
                ..PlayerRecord::default()
            });
        }
        teams.push(TeamRecord {
            tpn,
            name: format!("Team {tpn}"),
            strength: Some(team.strength),
            players: (first..first + boards as u32).collect(),
            ..TeamRecord::default()
        });
    }
    // C.04.6 1.4: the PAB is worth a draw, per board for the game points (`162` P).
    let ps = &cfg.point_system;
    let point_system = PointSystem { pairing_bye: ps.draw(), ..*ps };
    let rules = TeamRules::from_code(&o.rules).map(|r| r.code()).unwrap_or_else(|_| o.rules.clone());
    let n = players.len();
    TrfDocument {
        flavor: TrfFlavor::Trf26,
        tags: vec![
            Tag { code: "012".into(), value: format!("lexpair generate, {}, seed {}", cfg.system, cfg.seed) },
            Tag { code: "062".into(), value: n.to_string() },
            Tag { code: "072".into(), value: n.to_string() },
            Tag { code: "082".into(), value: field.len().to_string() },
            Tag { code: "092".into(), value: format!("Swiss Team System ({})", cfg.system) },
        ],
        players,
        total_rounds: Some(cfg.rounds),
        initial_colour: Some(initial),
        point_system,
        point_system_explicit: true,
        tournament_type: Some(rules),
        board_colours: Some(o.pattern()),
        team_scoring: o.match_points,
        team_scoring_explicit: true,
        teams,
        team_pab: Some(TeamPab {
            match_points: o.match_points.draw,
            game_points: Points(point_system.pairing_bye.0 * boards as i64),
            teams: Vec::new(),
        }),
        ..TrfDocument::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_field_is_ordered_and_boards_are_strongest_first() {
        let f = team_field(7, 12, 4);
        assert_eq!(f.len(), 12);
        assert!(f.iter().all(|t| t.ratings.len() == 4 && t.ratings.windows(2).all(|w| w[0] >= w[1])));
        let sums: Vec<u32> = f.iter().map(|t| t.ratings.iter().sum()).collect();
        assert!(sums.windows(2).all(|w| w[0] >= w[1]));
        assert!(f[0].strength > f[11].strength + 300, "{f:?}");
        assert_eq!(f, team_field(7, 12, 4));
        assert_ne!(f, team_field(8, 12, 4));
        let sd: f64 = {
            let xs: Vec<f64> = (0..4000).map(|k| normal(1, &[k])).collect();
            (xs.iter().map(|x| x * x).sum::<f64>() / xs.len() as f64).sqrt()
        };
        assert!((sd - 1.0).abs() < 0.05, "{sd}");
    }
}
