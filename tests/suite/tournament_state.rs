//! The tournament state before a round, against hand-worked cases (articles cited per check).

use lexpair::points::Points;
use lexpair::tournament::{Float, FloatRule, Strength, Tournament};
use lexpair::trf::{read_str, ByeKind, Colour, ReadOptions};
use Colour::{Black as B, White as W};

/// A `001` line with the TRF16 columns: id 5-8, name 15-47, rating 49-52, points 81-84, rounds
/// from 92 in 10-column blocks.
fn player(id: u32, rating: u32, points: &str, rounds: &[&str]) -> String {
    let mut s = format!(
        "001 {id:>4}      {:<33} {rating:>4}                            {points:>4}     ",
        format!("Player {id}")
    );
    for r in rounds {
        s.push_str("  ");
        s.push_str(r);
    }
    s
}

/// Five players, three rounds played under 3-1-0 (BBW/BBD), one forfeit, a PAB, a half-point
/// bye, an absence, and an announced half-point bye for round 4.
fn five_players(total_rounds: u32, header: &str) -> String {
    [
        "012 state test".to_string(),
        format!("XXR {total_rounds}"),
        header.to_string(),
        "BBW  3.0".into(),
        "BBD  1.0".into(),
        player(1, 2400, "7.0", &["   3 w 1", "   5 b 1", "   2 w ="]),
        player(2, 2300, "5.0", &["   4 w +", "   3 b =", "   1 b ="]),
        player(3, 2200, "2.0", &["   1 b 0", "   2 w =", "0000 - Z", "0000 - H"]),
        player(4, 2100, "4.0", &["   2 b -", "0000 - H", "   5 w 1"]),
        player(5, 2000, "3.0", &["0000 - U", "   1 w 0", "   4 b 0"]),
    ]
    .join("\n")
        + "\n"
}

fn state(text: &str, round: u32) -> Tournament {
    let doc = read_str(text, "state.trf", &ReadOptions::default()).expect("valid TRF");
    Tournament::before_round(&doc, round).expect("pairable round")
}

#[test]
fn scores_follow_the_point_system_and_exclude_the_round_to_pair() {
    // BBW 3, BBD 1; BBU defaults to a win (bbpPairings README); forfeit win = win, H = draw.
    let t = state(&five_players(5, "XXC white1"), 4);
    let scores: Vec<i64> = t.players.iter().map(|p| p.score.0).collect();
    assert_eq!(scores, vec![70, 50, 10, 40, 30]);
    assert_eq!(t.point_system.pairing_bye, Points(30));
}

#[test]
fn colours_count_played_games_only() {
    // C.04.3 A.6 with C.04.2 (unplayed rounds do not count): forfeits and byes leave no colour.
    let t = state(&five_players(5, "XXC white1"), 4);
    let colours: Vec<Vec<Colour>> = t.players.iter().map(|p| p.colours.clone()).collect();
    assert_eq!(colours, vec![vec![W, B, W], vec![B, B], vec![B, W], vec![W], vec![W, B]]);
    let diffs: Vec<i32> = t.players.iter().map(|p| p.colour_difference).collect();
    assert_eq!(diffs, vec![1, -2, 0, 1, 0]);
    let prefs: Vec<(Option<Colour>, Strength)> =
        t.players.iter().map(|p| (p.preference.colour, p.preference.strength)).collect();
    assert_eq!(
        prefs,
        vec![
            (Some(B), Strength::Strong),   // A.6.b: difference +1
            (Some(W), Strength::Absolute), // A.6.a: difference -2 (and two blacks)
            (Some(B), Strength::Mild),     // A.6.c: difference 0, last game white
            (Some(B), Strength::Strong),   // A.6.b
            (Some(W), Strength::Mild),     // A.6.c
        ]
    );
}

#[test]
fn a_forfeit_is_not_a_meeting() {
    // C.04.1.b concerns games played: players 2 and 4 (forfeit in round 1) may still meet.
    let t = state(&five_players(5, "XXC white1"), 4);
    assert!(!t.have_met(1, 3));
    assert!(t.have_met(0, 1) && t.have_met(0, 2) && t.have_met(0, 4));
    assert_eq!(t.players[1].opponents, vec![2, 0]);
}

#[test]
fn bye_eligibility_facts() {
    // C.04.1.d (2017): no PAB after a PAB or a forfeit win. 2026 Art. 4: no PAB after any
    // round with a win's points scored without playing.
    let t = state(&five_players(5, "XXC white1"), 4);
    let pab: Vec<bool> = t.players.iter().map(|p| p.had_pab).collect();
    let fw: Vec<bool> = t.players.iter().map(|p| p.had_forfeit_win).collect();
    let unplayed_wins: Vec<u32> = t.players.iter().map(|p| p.unplayed_win_rounds).collect();
    let unplayed: Vec<u32> = t.players.iter().map(|p| p.unplayed_rounds).collect();
    assert_eq!(pab, vec![false, false, false, false, true]);
    assert_eq!(fw, vec![false, true, false, false, false]);
    assert_eq!(unplayed_wins, vec![0, 1, 0, 0, 1]); // a half-point bye (1 < 3) is not a win's points
    assert_eq!(unplayed, vec![0, 1, 1, 2, 1]);
}

#[test]
fn float_histories_under_both_editions() {
    // A.4.b: scores before each round decide; 2017 gives any non-player a downfloat, 2026 only
    // the PAB and those scoring more than a loss without playing.
    let t = state(&five_players(5, "XXC white1"), 4);
    let floats =
        |back: usize, rule: FloatRule| -> Vec<Float> { t.players.iter().map(|p| p.float_back(back, rule)).collect() };
    use Float::{Down as D, None as N, Up as U};
    // Round 3: 1 (6 pts) vs 2 (4): 1 down, 2 up; 4 (1) vs 5 (3): 4 up, 5 down; 3 absent.
    assert_eq!(floats(1, FloatRule::Dutch2017), vec![D, U, D, U, D]);
    assert_eq!(floats(1, FloatRule::Dutch2026), vec![D, U, N, U, D]);
    // Round 2: 5 vs 1 equal scores; 3 (0) vs 2 (3); 4 half-point bye.
    assert_eq!(floats(2, FloatRule::Dutch2017), vec![N, D, U, D, N]);
    assert_eq!(floats(2, FloatRule::Dutch2026), vec![N, D, U, D, N]);
    // Round 1: equal scores; 2 wins by forfeit (3 points), 4 loses by forfeit, 5 has the PAB.
    assert_eq!(floats(3, FloatRule::Dutch2017), vec![N, D, N, D, D]);
    assert_eq!(floats(3, FloatRule::Dutch2026), vec![N, D, N, N, D]);
    assert_eq!(floats(4, FloatRule::Dutch2017), vec![N, N, N, N, N]); // before the tournament
}

#[test]
fn aro_is_rounded_half_up_over_played_games() {
    // Dubov C.04.4.1 A.5: average rating of opponents, played games only, rounded half up.
    let t = state(&five_players(5, "XXC white1"), 4);
    let aro: Vec<Option<u32>> = t.players.iter().map(|p| p.aro).collect();
    assert_eq!(aro, vec![Some(2167), Some(2300), Some(2350), Some(2000), Some(2250)]);
}

#[test]
fn absences_in_the_round_to_pair() {
    // JaVaFo AUM: `0000 - H` in the round to pair, and XXZ lines, mark players not to pair.
    let t = state(&five_players(5, "XXC white1"), 4);
    assert_eq!(t.players[2].absent, Some(ByeKind::Half));
    assert_eq!(t.present(), vec![0, 1, 3, 4]);
    let t = state(&(five_players(5, "XXC white1") + "XXZ 5\n"), 4);
    assert_eq!(t.present(), vec![0, 1, 3]);
    assert_eq!(t.players[4].absent, Some(ByeKind::Zero));
}

#[test]
fn topscorers_only_when_pairing_the_last_round() {
    // A.7: over 50% of the maximum possible score in the final round; as the endorsed engine
    // reads it, the maximum of the rounds already played: 3 rounds x 3 points = 9, half 4.5.
    let t = state(&five_players(5, "XXC white1"), 4);
    assert!(!(0..5).any(|i| t.is_topscorer(i)));
    let t = state(&five_players(4, "XXC white1"), 4);
    let tops: Vec<bool> = (0..5).map(|i| t.is_topscorer(i)).collect();
    assert_eq!(tops, vec![true, true, false, false, false]); // 7 and 5 > 4.5; 4 is not
}

#[test]
fn initial_colour_is_stated_or_inferred_from_round_one() {
    // XXC white1 states it; without it, bbpPairings' rule infers it from the top player in round 1.
    assert_eq!(state(&five_players(5, "XXC black1"), 4).initial_colour, Some(B));
    assert_eq!(state(&five_players(5, "012 no colour line"), 4).initial_colour, Some(W));
    // Before any round is played nothing can be inferred.
    assert_eq!(state(&five_players(5, "012 no colour line"), 1).initial_colour, None);
}

#[test]
fn replay_cuts_history_at_the_round_to_pair() {
    // Pairing round 2 of a complete file ignores rounds 2 and later.
    let t = state(&five_players(5, "XXC white1"), 2);
    let scores: Vec<i64> = t.players.iter().map(|p| p.score.0).collect();
    assert_eq!(scores, vec![30, 30, 0, 0, 30]);
    // Player 4's half-point bye recorded in round 2 was known before round 2 was paired.
    let absent: Vec<Option<ByeKind>> = t.players.iter().map(|p| p.absent).collect();
    assert_eq!(absent, vec![None, None, None, Some(ByeKind::Half), None]);
}

#[test]
fn rank_order_gives_pairing_numbers_by_position() {
    // JaVaFo AUM "XXC rank": pair by position in the file, write ids.
    let text = [
        "012 rank test".to_string(),
        "XXR 3".into(),
        "XXC rank white1".into(),
        player(2, 2300, "0.0", &[]),
        player(1, 2400, "0.0", &[]),
    ]
    .join("\n")
        + "\n";
    let t = state(&text, 1);
    let ids: Vec<(u32, u32)> = t.players.iter().map(|p| (p.id, p.pairing_number)).collect();
    assert_eq!(ids, vec![(2, 1), (1, 2)]);
}

#[test]
fn a_round_beyond_the_declared_rounds_is_refused() {
    let doc = read_str(&five_players(3, "XXC white1"), "state.trf", &ReadOptions::default()).expect("valid TRF");
    let e = Tournament::before_round(&doc, 4).expect_err("round 4 of 3");
    assert_eq!(e.message, "round 4 cannot be paired: the tournament has 3 rounds (XXR/142)");
}
