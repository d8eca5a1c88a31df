//! The metric functions against values computed by hand.

use lexpair::metrics::{average_ranks, kendall_tau_b, spearman, summarise, tournament_metrics};
use lexpair::trf::{Colour, PlayerRecord, ResultCode, RoundEntry, TrfDocument};

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| (a - b).abs() < 1e-9)
}

#[test]
fn kendall_tau_b_without_and_with_ties() {
    // One discordant pair out of six: (5 - 1) / 6.
    assert!(close(kendall_tau_b(&[1., 2., 3., 4.], &[1., 3., 2., 4.]), 4.0 / 6.0));
    assert!(close(kendall_tau_b(&[1., 2., 3.], &[3., 2., 1.]), -1.0));
    // x ties (a,b), y ties (b,c): S = 4, five untied pairs on each side: 4 / sqrt(5 * 5).
    assert!(close(kendall_tau_b(&[1., 1., 2., 3.], &[1., 2., 2., 3.]), 0.8));
    assert_eq!(kendall_tau_b(&[1., 1., 1.], &[1., 2., 3.]), None);
    assert_eq!(kendall_tau_b(&[1.], &[1.]), None);
}

#[test]
fn spearman_without_and_with_ties() {
    // sum d^2 = 4: 1 - 6 * 4 / (5 * 24) = 0.8.
    assert!(close(spearman(&[1., 2., 3., 4., 5.], &[2., 1., 4., 3., 5.]), 0.8));
    // Average ranks [1.5, 1.5, 3, 4] and [1, 2.5, 2.5, 4]: 3.75 / 4.5.
    assert_eq!(average_ranks(&[1., 1., 2., 3.]), vec![1.5, 1.5, 3.0, 4.0]);
    assert!(close(spearman(&[1., 1., 2., 3.], &[1., 2., 2., 3.]), 3.75 / 4.5));
    assert_eq!(spearman(&[2., 2.], &[1., 2.]), None);
}

#[test]
fn summary_statistics() {
    let s = summarise(&[1.0, 2.0, 3.0, 10.0]).expect("non-empty");
    assert_eq!((s.count, s.mean, s.median, s.min, s.max), (4, 4.0, 2.5, 1.0, 10.0));
    assert!((s.sd - (50.0f64 / 3.0).sqrt()).abs() < 1e-12); // deviations -3, -2, -1, 6
    assert_eq!(summarise(&[]), None);
}

fn player(id: u32, rating: u32, rounds: &[(u32, Colour, ResultCode)]) -> PlayerRecord {
    PlayerRecord {
        id,
        name: format!("P{id}"),
        rating,
        rounds: rounds
            .iter()
            .map(|&(o, c, r)| Some(RoundEntry { opponent: Some(o), colour: Some(c), result: r }))
            .collect(),
        ..PlayerRecord::default()
    }
}

/// Four players, two rounds:
/// R1: 1-3 1-0, 2-4 ½-½ (scores 1, ½, 0, ½); R2: 2-1 0-1, 4-3 0-1 (final 2, ½, 1, ½).
#[test]
fn tournament_metrics_of_a_small_event() {
    use Colour::{Black as B, White as W};
    use ResultCode::{Draw, Loss, Win};
    let doc = TrfDocument {
        players: vec![
            player(1, 2000, &[(3, W, Win), (2, B, Win)]),
            player(2, 1900, &[(4, W, Draw), (1, W, Loss)]),
            player(3, 1800, &[(1, B, Loss), (4, B, Win)]),
            player(4, 1600, &[(2, B, Draw), (3, W, Loss)]),
        ],
        total_rounds: Some(2),
        initial_colour: Some(W),
        ..TrfDocument::default()
    };
    let m = tournament_metrics(&doc, None).expect("metrics");
    assert_eq!((m.players, m.rounds), (4, 2));
    // Scores [2, .5, 1, .5] vs ratings decreasing: S = 3, untied 5 and 6 pairs.
    assert!(close(m.kendall_tau, 3.0 / 30f64.sqrt()));
    // Tie-broken: 2 and 4 (½ each) split by Buchholz cut 1 (2 against 1): places 1, 3, 2, 4,
    // one discordant pair (2, 3) of six.
    assert!(close(m.kendall_tau_tiebroken, 4.0 / 6.0));
    // Ranks [4, 1.5, 3, 1.5] vs [4, 3, 2, 1]: 3 / sqrt(4.5 * 5).
    assert!(close(m.spearman, 3.0 / 22.5f64.sqrt()));
    // |W-B|: 0, 2, 2, 0.
    assert_eq!(m.colour_imbalance_mean, 1.0);
    assert_eq!(m.colour_imbalance_max, 2);
    assert_eq!(m.colour_imbalance_histogram, [2, 0, 2, 0]);
    assert_eq!((m.longest_colour_run, m.players_with_colour_run_3), (2, 0));
    // Round 2: 1 (1 pt) v 2 (½) and 4 (½) v 3 (0): two floats of ½ point.
    assert_eq!(m.floats, 2);
    assert_eq!((m.float_score_difference_mean, m.float_score_difference_max), (0.5, 0.5));
    assert_eq!((m.repeated_downfloats, m.repeated_upfloats), (0, 0));
    // Before round 2 everyone has a strong preference (difference ±1); 2 and 3 do not get it.
    assert_eq!(m.colour_preferences_unmet, 2);
    assert_eq!(m.strong_colour_preferences_unmet, 2);
    assert_eq!(m.absolute_colour_preferences_unmet, 0);
    // Scoregroup ½: ARO of 2 = (1600 + 2000) / 2 = 1800, of 4 = (1900 + 1800) / 2 = 1850.
    assert_eq!(m.aro_spread_max, 50);
    assert_eq!(m.aro_spread_mean, 50.0);
    assert_eq!(m.pairing_byes, 0);
}

#[test]
fn repeated_floats_and_colour_runs_are_counted() {
    use Colour::{Black as B, White as W};
    use ResultCode::{Loss, Win};
    // 1 beats 2, 3, 4 with white (three whites in a row); 4 loses three times with black.
    let doc = TrfDocument {
        players: vec![
            player(1, 2000, &[(2, W, Win), (3, W, Win), (4, W, Win)]),
            player(2, 1900, &[(1, B, Loss), (4, W, Win), (3, B, Loss)]),
            player(3, 1800, &[(4, W, Win), (1, B, Loss), (2, W, Win)]),
            player(4, 1700, &[(3, B, Loss), (2, B, Loss), (1, B, Loss)]),
        ],
        total_rounds: Some(3),
        initial_colour: Some(W),
        ..TrfDocument::default()
    };
    let m = tournament_metrics(&doc, None).expect("metrics");
    assert_eq!((m.longest_colour_run, m.players_with_colour_run_3), (3, 2));
    assert_eq!(m.colour_imbalance_histogram, [0, 2, 0, 2]); // |W-B| 3, 1, 1, 3
                                                            // Round 2 (scores 1,0,1,0): 1-3 level, 2-4 level. Round 3 (2,1,1,0): 1 v 4 (diff 2),
                                                            // 3 v 2 level. One float, no repeats.
    assert_eq!(m.floats, 1);
    assert_eq!(m.float_score_difference_max, 2.0);
    assert_eq!((m.repeated_downfloats, m.repeated_upfloats), (0, 0));
    // Unmet: round 2, 1 (W, strong B) and 4 (B, strong W); round 3, 1 (WW) and 4 (BB), absolute.
    assert_eq!(m.colour_preferences_unmet, 4);
    assert_eq!(m.strong_colour_preferences_unmet, 4);
    assert_eq!(m.absolute_colour_preferences_unmet, 2);
    // Final scores [3, 1, 2, 0]: one discordant pair (2, 3) out of six.
    assert!(close(m.kendall_tau, 4.0 / 6.0));
}

#[test]
fn floats_repeated_in_consecutive_rounds() {
    use Colour::{Black as B, White as W};
    use ResultCode::{Loss, Win};
    // R1: 1-2 1-0, 3-4 1-0 (1, 0, 1, 0). R2: 4-1 0-1, 2-3 1-0: 1 and 3 float down, 4 and 2 up
    // (2, 1, 1, 0). R3: 1-3, 4-2: 1 and 2 float down, 3 and 4 up. So 1 floats down twice in a
    // row and 4 up twice in a row; four floats of one point each.
    let doc = TrfDocument {
        players: vec![
            player(1, 2000, &[(2, W, Win), (4, B, Win), (3, W, Win)]),
            player(2, 1900, &[(1, B, Loss), (3, W, Win), (4, B, Win)]),
            player(3, 1800, &[(4, W, Win), (2, B, Loss), (1, B, Loss)]),
            player(4, 1700, &[(3, B, Loss), (1, W, Loss), (2, W, Loss)]),
        ],
        total_rounds: Some(3),
        initial_colour: Some(W),
        ..TrfDocument::default()
    };
    let m = tournament_metrics(&doc, None).expect("metrics");
    assert_eq!(m.floats, 4);
    assert_eq!((m.float_score_difference_mean, m.float_score_difference_max), (1.0, 1.0));
    assert_eq!((m.repeated_downfloats, m.repeated_upfloats), (1, 1));
}
