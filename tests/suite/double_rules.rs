//! The Double-Swiss system (C.04.5, 2026) on small positions built to show one article each: the
//! worked examples of 3.5.4 and 3.6.2 (the same as C.04.6's), the bye (3.4) and [C2], [C6],
//! [C7] and [C8] lapsing in the last round only (2.3.4-2.3.5), the colour rules of Art. 4 with
//! GHR 3.4's played-only histories, and the facts the Preface and 1.4-1.6 give a file: a match
//! ends by forfeit only when a player forfeits both games, the PAB is a game won and a game drawn,
//! the match colour is game 1's when a game was played. Every pairing goes through the door, so
//! the checker judges it too. Where a witness reads an article differently, the test says which
//! and why the text decides as lexpair does (`docs/double-swiss.md`).

use crate::common;
use lexpair::double::{DoubleTournament, DsPlayer};
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::points::Points;
use lexpair::round::pair;
use lexpair::systems::double::colours::{allocate_with_rule, Rule};
use lexpair::trf::{self, Colour, ReadOptions};
use lexpair::vocabulary::System;
use std::collections::BTreeSet;

/// Players with these ids and scores (tenths of game points), before match `round` of `total`.
fn event(round: u32, total: u32, scores: &[(u32, i64)]) -> DoubleTournament {
    let mut players: Vec<DsPlayer> = scores
        .iter()
        .map(|&(id, s)| {
            let mut p = DsPlayer::new(id, &format!("Player {id}"));
            p.score = Points(s);
            p
        })
        .collect();
    players.sort_by_key(|p| p.id);
    DoubleTournament::new(round, Some(total), players)
}

fn ix(t: &DoubleTournament, id: u32) -> usize {
    t.index_of(id).expect("a player")
}

fn met(t: &mut DoubleTournament, a: u32, b: u32) {
    let (i, j) = (ix(t, a), ix(t, b));
    t.add_played_match(i, j);
}

fn paired(t: &DoubleTournament) -> RoundPairing {
    pair(t, System::DoubleSwiss2026, &PairOptions::default()).unwrap_or_else(|e| panic!("{e}")).pairing
}

/// The pairs as unordered id pairs.
fn pairs(t: &DoubleTournament, p: &RoundPairing) -> BTreeSet<(u32, u32)> {
    common::id_pairs(p, |i| t.players[i].id)
}

/// The opponents of `of` in `p`.
fn opponents(t: &DoubleTournament, p: &RoundPairing, of: &[u32]) -> BTreeSet<u32> {
    common::opponents_among(pairs(t, p), of)
}

/// C.04.5 3.5.4 (C.04.6's example, word for word): players 2, 6, 8 have 3 points and 1, 3, 5
/// have 2.5; [C4] needs three upfloaters and [C5] two of 3 points and one of 2.5 (player 10 can
/// only meet a 3-point player, so taking all three would leave the rest unpairable: [C3]). The
/// sets in order {2,6,1} < {2,6,3} < {2,6,5} < {2,8,1} < ...; the first legal one is chosen
/// (3.5.5).
#[test]
fn art_3_5_4_the_sets_of_upfloaters_in_lexicographic_order() {
    let scores = [(4, 35), (7, 35), (9, 35), (2, 30), (6, 30), (8, 30), (1, 25), (3, 25), (5, 25), (10, 20)];
    let mut t = event(5, 9, &scores);
    for (a, b) in [(4, 7), (4, 9), (7, 9), (10, 1), (10, 3), (10, 5)] {
        met(&mut t, a, b);
    }
    assert_eq!(opponents(&t, &paired(&t), &[4, 7, 9]), BTreeSet::from([1, 2, 6]));
    for r in [4, 7, 9] {
        met(&mut t, 1, r);
    }
    assert_eq!(opponents(&t, &paired(&t), &[4, 7, 9]), BTreeSet::from([2, 3, 6]));
    for r in [4, 7, 9] {
        met(&mut t, 2, r);
    }
    assert_eq!(opponents(&t, &paired(&t), &[4, 7, 9]), BTreeSet::from([3, 6, 8]));
}

/// 3.6.2's example: the pairing 11-24 16-6 10-9 8-4 has the identifier "4 6 9 11 8 16 10 24",
/// which comes before that of 4-6 8-9 10-11 16-24 ("4 8 10 16 6 9 11 24"); with only the pairs
/// of these two pairings allowed, the first is chosen. And 3.6.3 on four players: 1-3 2-4
/// first, then 1-4 2-3, then 1-2 3-4.
#[test]
fn art_3_6_2_the_pairing_with_the_smallest_identifier() {
    let tpns = [4, 6, 8, 9, 10, 11, 16, 24];
    let mut t = event(3, 9, &tpns.map(|k| (k, 20)));
    let allowed = [(11, 24), (6, 16), (9, 10), (4, 8), (4, 6), (8, 9), (10, 11), (16, 24)];
    for (k, &a) in tpns.iter().enumerate() {
        for &b in &tpns[k + 1..] {
            if !allowed.contains(&(a, b)) && !allowed.contains(&(b, a)) {
                let (i, j) = (ix(&t, a), ix(&t, b));
                t.forbidden.insert((i.min(j), i.max(j)));
            }
        }
    }
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(11, 24), (6, 16), (9, 10), (4, 8)]));
    let mut t = event(3, 9, &[(1, 20), (2, 20), (3, 20), (4, 20)]);
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(1, 3), (2, 4)]));
    t.forbidden.insert((0, 2));
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(1, 4), (2, 3)]));
    t.forbidden.insert((0, 3));
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(1, 2), (3, 4)]));
}

/// 3.4: the bye goes to a player that leaves a legal pairing (3.4.1), with the lowest score
/// (3.4.2), then the most matches played (3.4.3), then the largest TPN (3.4.4); [C2] bars a
/// player that had the bye, won a match by forfeit or had a full-point bye.
#[test]
fn art_3_4_the_bye_and_c2() {
    let mut t = event(3, 9, &[(1, 20), (2, 20), (3, 10), (4, 10), (5, 10)]);
    let bye = |t: &DoubleTournament| paired(t).bye.map(|i| t.players[i].id);
    assert_eq!(bye(&t), Some(5), "3.4.4 the largest TPN");
    met(&mut t, 3, 1);
    met(&mut t, 3, 2);
    assert_eq!(bye(&t), Some(3), "3.4.3 the most matches played");
    t.players[3 - 1].had_forfeit_win = true;
    assert_eq!(bye(&t), Some(5), "[C2] a match won by forfeit bars the bye");
    t.players[5 - 1].had_full_bye = true;
    t.players[4 - 1].had_pab = true;
    assert_eq!(bye(&t), Some(2), "[C2] bars 3, 4 and 5: the lowest score left is 2's");
}

/// [C6] (2.3.3): the set of upfloaters must let the following scoregroup be paired with the
/// fewest upfloaters ([C4]) it needs. Player 1 (5½) needs one upfloater from 2, 4, 6 (4 points);
/// 2 has met 1, and 4 and 6 have met, as have 2 and 6. Taking 4 (first in the set order) leaves
/// 2 and 6, who cannot meet: that scoregroup would need upfloaters it does not need with 6
/// taken, so [C6] takes 6 and 2-4 follows. (pairing-core 0.4.1 took 4 here: corpus t0046 match
/// 4; Gacrux reads C.04.6 [C6], the same words, as lexpair does.)
#[test]
fn c6_the_following_scoregroup_keeps_its_pairing() {
    let mut t = event(4, 5, &[(1, 55), (2, 40), (4, 40), (6, 40), (7, 35), (8, 30)]);
    for (a, b) in [(1, 2), (2, 6), (4, 6)] {
        met(&mut t, a, b);
    }
    let p = paired(&t);
    assert_eq!(pairs(&t, &p), BTreeSet::from([(1, 6), (2, 4), (7, 8)]));
}

/// [C7] (2.3.4) "with the exception of the last round" (C.04.6: the last two): before match 4 of
/// 5 an upfloater who floated in match 3 is avoided; before match 5 of 5 it is not.
#[test]
fn c7_lapses_in_the_last_round_only() {
    let build = |round| {
        let mut t = event(round, 5, &[(1, 30), (2, 20), (3, 20), (4, 10)]);
        t.players[1].float_previous = lexpair::matches::TeamFloat::Up;
        t
    };
    let t = build(4);
    assert_eq!(opponents(&t, &paired(&t), &[1]), BTreeSet::from([3]), "[C7] applies before the last match");
    let t = build(5);
    assert_eq!(opponents(&t, &paired(&t), &[1]), BTreeSet::from([2]), "the set order alone in the last match");
}

/// [C8] (2.3.5, C.04.6 [C10]'s words) "with the exception of the last round": the upfloater 4
/// should not meet a player who floated in the previous match, unless it is the last match.
#[test]
fn c8_lapses_in_the_last_round_only() {
    let build = |round| {
        let mut t = event(round, 5, &[(1, 30), (2, 30), (3, 30), (4, 20)]);
        t.players[1].float_previous = lexpair::matches::TeamFloat::Down;
        t
    };
    let t = build(4);
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(1, 4), (2, 3)]), "[C8]: 4 does not meet 2");
    let t = build(5);
    assert_eq!(pairs(&t, &paired(&t)), BTreeSet::from([(1, 3), (2, 4)]), "3.6.3 alone in the last match");
}

fn colours_of(t: &DoubleTournament, a: u32, b: u32) -> (u32, Rule) {
    let (w, _, rule) = allocate_with_rule(t, ix(t, a), ix(t, b)).unwrap_or_else(|e| panic!("{e}"));
    (t.players[w].id, rule)
}

fn history(t: &mut DoubleTournament, id: u32, colours: &str) {
    let i = ix(t, id);
    let p = &mut t.players[i];
    p.colours = colours.chars().map(|c| if c == 'W' { Colour::White } else { Colour::Black }).collect();
    p.whites = p.colours.iter().filter(|&&c| c == Colour::White).count() as u32;
}

/// Art. 4: 4.2 the higher-ranked player (score, then TPN); 4.3.1 neither has had a colour: the
/// HRP gets the initial colour if its TPN is odd; 4.3.2 White to the one with fewer Whites;
/// 4.3.3 alternate from the last match where one had White and the other Black; 4.3.4 the HRP
/// alternates; 4.3.5 the opponent alternates.
#[test]
fn art_4_3_colour_allocation() {
    let mut t = event(2, 5, &[(1, 20), (2, 20), (3, 10), (4, 10)]);
    assert_eq!(colours_of(&t, 1, 2), (1, Rule::InitialColour), "4.3.1 HRP 1 (odd) gets the initial colour");
    assert_eq!(colours_of(&t, 2, 3), (3, Rule::InitialColour), "4.3.1 HRP 2 (even) gets the other colour");
    history(&mut t, 1, "WB");
    history(&mut t, 2, "BB");
    assert_eq!(colours_of(&t, 1, 2), (2, Rule::FewerWhites), "4.3.2 fewer Whites");
    history(&mut t, 2, "BW");
    assert_eq!(
        colours_of(&t, 1, 2),
        (1, Rule::Alternate),
        "4.3.3 in the last match where they differ 1 had Black: 1 gets White"
    );
    history(&mut t, 2, "WB");
    assert_eq!(colours_of(&t, 1, 2), (1, Rule::HigherRankedAlternates), "4.3.4 same histories: HRP 1 alternates");
    history(&mut t, 3, "");
    history(&mut t, 4, "B");
    assert_eq!(colours_of(&t, 3, 4), (4, Rule::OpponentAlternates), "4.3.5 the HRP has no colour yet");
}

/// 4.3.3 with C.04.2 (2026) 3.4: "only played games or matches count ... unplayed rounds are
/// removed and treated as if at the start of the history", so histories are compared from their
/// last played match back. Corpus t0003 match 8: 45 (BWWBBWB) and 53 (BWWBWB, then the PAB),
/// both 5 points, 3 Whites each; squeezed, they first differ where 45 had Black and 53 White,
/// so the HRP 45 gets White. (pairing-core 0.4.1 aligns by round number, skipping the bye's
/// round, and gives 53 White: 40 corpus rounds differ only by this.)
#[test]
fn art_4_3_3_histories_without_unplayed_matches() {
    let mut t = event(8, 8, &[(45, 50), (53, 50)]);
    history(&mut t, 45, "BWWBBWB");
    history(&mut t, 53, "BWWBWB");
    assert_eq!(colours_of(&t, 45, 53), (45, Rule::Alternate));
}

// ---- the facts a file gives (the Preface, 1.4-1.6) and the TRF encoding -----------------------

/// A Double-Swiss TRF-2026 file written game column by game column: match k is columns 2k-1
/// and 2k; each game's result from the match White's side ("10", "==", "01", "+-", "-+", "--").
struct DsFile {
    ratings: Vec<u32>,
    matches: u32,
    blocks: Vec<Vec<String>>,
    points: Vec<i64>,
    pab: Option<&'static str>,
}

impl DsFile {
    fn new(players: usize, matches: u32) -> DsFile {
        DsFile {
            ratings: (0..players).map(|k| 2400 - 10 * k as u32).collect(),
            matches,
            blocks: vec![Vec::new(); players],
            points: vec![0; players],
            pab: Some("1.5"),
        }
    }

    fn value(c: char) -> i64 {
        match c {
            '1' | '+' => 10,
            '=' => 5,
            _ => 0,
        }
    }

    /// Match k: `white` is the match White (White in game 1), results per game.
    fn game(&mut self, k: u32, white: u32, black: u32, results: [&str; 2]) -> &mut Self {
        for (g, r) in results.iter().enumerate() {
            let col = (2 * k - 2) as usize + g;
            let mut chars = r.chars();
            let (rw, rb) = (chars.next().unwrap_or('0'), chars.next().unwrap_or('0'));
            let (cw, cb) = if g == 0 { ('w', 'b') } else { ('b', 'w') };
            for (p, o, c, res) in [(white, black, cw, rw), (black, white, cb, rb)] {
                let b = &mut self.blocks[p as usize - 1];
                b.resize(col, "  0000 - Z".to_string());
                b.push(format!("  {o:>4} {c} {res}"));
                self.points[p as usize - 1] += DsFile::value(res);
            }
        }
        self
    }

    /// One game column: `white` has White against `black` (a file of one game per round).
    fn single(&mut self, col: usize, white: u32, black: u32, result: &str) -> &mut Self {
        let mut chars = result.chars();
        let (rw, rb) = (chars.next().unwrap_or('0'), chars.next().unwrap_or('0'));
        for (p, o, c, res) in [(white, black, 'w', rw), (black, white, 'b', rb)] {
            let b = &mut self.blocks[p as usize - 1];
            b.resize(col - 1, "  0000 - Z".to_string());
            b.push(format!("  {o:>4} {c} {res}"));
            self.points[p as usize - 1] += DsFile::value(res);
        }
        self
    }

    /// Match k: a bye of the whole match (`U`, `Z`, `F`, `H`) in both columns.
    fn bye(&mut self, k: u32, p: u32, code: char) -> &mut Self {
        let b = &mut self.blocks[p as usize - 1];
        b.resize((2 * k - 2) as usize, "  0000 - Z".into());
        b.push(format!("  0000 - {code}"));
        b.push(format!("  0000 - {code}"));
        self.points[p as usize - 1] += match code {
            'U' => 15,
            'F' => 20,
            'H' => 10,
            _ => 0,
        };
        self
    }

    fn text(&self) -> String {
        let mut s = String::from("012 Double-Swiss test\n");
        s.push_str(&format!("142 {}\n152 W\n", 2 * self.matches));
        match self.pab {
            Some(p) => s.push_str(&format!("162  W 1.0    D 0.5    L 0.0    P {p}\n")),
            None => s.push_str("162  W 1.0    D 0.5    L 0.0\n"),
        }
        s.push_str("192 FIDE_DOUBLESWISS\n");
        for (k, blocks) in self.blocks.iter().enumerate() {
            let pts = Points(self.points[k]);
            s.push_str(&format!(
                "001 {:>4}      {:<33} {:>4}{:28}{:>4} {:>4}{}\n",
                k + 1,
                format!("Player{:04}", k + 1),
                self.ratings[k],
                "",
                pts.to_string(),
                k + 1,
                blocks.concat()
            ));
        }
        s
    }

    fn state(&self, k: u32) -> DoubleTournament {
        let doc = trf::read_str(&self.text(), "test.trf", &ReadOptions::default())
            .unwrap_or_else(|e| panic!("{e}\n{}", self.text()));
        DoubleTournament::before_round(&doc, k).unwrap_or_else(|e| panic!("{e}"))
    }
}

/// The Preface: a match "ends by forfeit only if at least one player forfeits both games" and
/// may then be repeated; any other match is regularly played. 1.6: a player had a colour in a
/// match only if a game of it was played, the colour scheduled for game 1.
#[test]
fn preface_a_match_ends_by_forfeit_only_when_both_games_are_forfeited() {
    let mut f = DsFile::new(8, 4);
    f.game(1, 1, 2, ["+-", "+-"]) // 2 forfeits both games: a forfeited match, 1 won it by forfeit
        .game(1, 3, 4, ["-+", "+-"]) // each forfeits one game: regularly played, no game played
        .game(1, 5, 6, ["+-", "10"]) // game 1 forfeited, game 2 played: played, colours of game 1
        .game(1, 7, 8, ["10", "=="]);
    let t = f.state(2);
    let p = |id: u32| &t.players[ix(&t, id)];
    assert!(!t.have_met(ix(&t, 1), ix(&t, 2)), "a forfeited match is no meeting: 1 and 2 may meet again");
    assert!(p(1).had_forfeit_win && !t.pab_eligible(ix(&t, 1)), "[C2]: 1 won a match by forfeit");
    assert!(p(1).colours.is_empty() && p(2).colours.is_empty(), "no colour from a forfeited match");
    assert!(t.have_met(ix(&t, 3), ix(&t, 4)), "each forfeited one game: the match was regularly played");
    assert!(p(3).colours.is_empty(), "1.6: no game was played, so no colour");
    assert_eq!((p(3).matches_played, p(1).matches_played), (1, 0), "3.4.3 counts matches regularly played");
    assert_eq!(p(5).colours, vec![Colour::White], "1.6: game 2 played, the colour is game 1's");
    assert_eq!(p(6).colours, vec![Colour::Black]);
    assert_eq!((p(7).score, p(8).score), (Points(15), Points(5)), "game points: 1 + ½ and 0 + ½");
    assert_eq!((p(7).match_points, p(8).match_points), (Points(20), Points(0)), "match points 2-0");
    assert_eq!((p(3).score, p(4).score), (Points(10), Points(10)));
}

/// 1.4: the PAB is worth "as many points as if the player had played a match winning a game
/// and drawing the other": `162 P` once per match (both columns say `U`), 1.5 when `P` is not
/// stated. The reader checks the points column that way.
#[test]
fn art_1_4_the_pab_is_a_game_won_and_a_game_drawn_once_per_match() {
    let mut f = DsFile::new(3, 3);
    f.game(1, 1, 2, ["10", "=="]).bye(1, 3, 'U');
    assert_eq!(f.state(2).players[2].score, Points(15));
    f.pab = None;
    let t = f.state(2);
    assert_eq!((t.players[2].score, t.pab_points), (Points(15), Points(15)), "without P: a win plus a draw");
    assert!(!t.pab_eligible(2), "[C2] no second PAB");
    // Match 2: 3 had the PAB, so it goes to another player; 1-2 may not meet again.
    let round = pair(&t, System::DoubleSwiss2026, &PairOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_ne!(round.pairing.bye, Some(2));
}

/// The encoding refuses a file that names the system but does not write matches as two games
/// against one opponent with reversed colours, naming the line and the match.
#[test]
fn a_file_mixing_conventions_is_refused_naming_line_and_match() {
    // One game per TRF round under a Double-Swiss code: player 1 meets 2, then 3.
    let mut f = DsFile::new(4, 3);
    f.single(1, 1, 2, "10").single(1, 3, 4, "10").single(2, 3, 1, "==").single(2, 2, 4, "==");
    let doc = trf::read_str(&f.text(), "test.trf", &ReadOptions::default()).expect("the TRF itself is readable");
    let e = DoubleTournament::before_round(&doc, 2).expect_err("mixed conventions");
    assert!(e.message.starts_with("6:92: match 1 (TRF rounds 1 and 2, columns 92-111): player 1:"), "{e}");
    assert!(e.message.contains("game 1 is against 2, game 2 against 3"), "{e}");
    // Both games of a match with the same colour.
    let mut f = DsFile::new(4, 3);
    f.single(1, 1, 2, "10").single(1, 3, 4, "10").single(2, 1, 2, "==").single(2, 3, 4, "==");
    let doc = trf::read_str(&f.text(), "test.trf", &ReadOptions::default()).expect("readable");
    let e = DoubleTournament::before_round(&doc, 2).expect_err("same colour twice");
    assert!(e.message.contains("both games are with White"), "{e}");
    let mut f = DsFile::new(4, 3);
    f.game(1, 1, 2, ["10", "=="]).game(1, 3, 4, ["10", "=="]);
    let good = f.text();
    // And the same file without 192 is an individual tournament: the door says which system.
    let plain = good.replace("192 FIDE_DOUBLESWISS\n", "");
    let doc = trf::read_str(&plain, "test.trf", &ReadOptions { check_scores: false }).expect("readable");
    let e = DoubleTournament::before_round(&doc, 2).expect_err("not Double-Swiss");
    assert!(e.message.contains("192"), "{e}");
}

/// `192 FIDE_DOUBLESWISS_BAKU` (C.04.7 1.2-1.5, lexpair's reading for two-game matches): the
/// first half of the players rounded up to an even number (GA: 2 x ceil(N/4)) get, in the first
/// half (rounded up) of the accelerated matches, the points of a match won (two games won, 2),
/// then half of that until the last accelerated match (the first half of the matches, rounded
/// up); GB never. The pairing score is the score plus these virtual points.
#[test]
fn baku_acceleration_for_two_game_matches() {
    let mut f = DsFile::new(14, 7);
    let baku = |f: &DsFile| {
        let text = f.text().replace("192 FIDE_DOUBLESWISS", "192 FIDE_DOUBLESWISS_BAKU");
        let doc = trf::read_str(&text, "baku.trf", &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        move |k: u32| DoubleTournament::before_round(&doc, k).unwrap_or_else(|e| panic!("{e}"))
    };
    // 14 players: GA = 2 x ceil(14/4) = 8; 7 matches: 4 accelerated, 2 of them at the full value.
    let t = baku(&f)(1);
    let accel = |t: &DoubleTournament, id: u32| t.players[ix(t, id)].acceleration;
    assert_eq!((accel(&t, 8), accel(&t, 9)), (Points(20), Points::ZERO));
    let p = paired(&t);
    assert_eq!(
        pairs(&t, &p),
        BTreeSet::from([(1, 5), (2, 6), (3, 7), (4, 8), (9, 12), (10, 13), (11, 14)]),
        "GA and GB pair within themselves in match 1"
    );
    for (k, a, b) in [(1, 1, 5), (1, 2, 6), (1, 3, 7), (1, 4, 8), (1, 9, 12), (1, 10, 13), (1, 11, 14)] {
        f.game(k, a, b, ["10", "01"]);
    }
    let later = [
        [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10), (11, 12), (13, 14)],
        [(1, 4), (2, 3), (5, 8), (6, 7), (9, 11), (10, 14), (12, 13)],
        [(1, 3), (2, 4), (5, 7), (6, 8), (9, 13), (10, 11), (12, 14)],
    ];
    for (k, expected) in [(2, Points(20)), (3, Points(10)), (4, Points(10))] {
        let round = baku(&f)(k);
        assert_eq!((accel(&round, 1), accel(&round, 14)), (expected, Points::ZERO), "match {k}");
        for (a, b) in later[k as usize - 2] {
            f.game(k, a, b, ["==", "=="]);
        }
    }
    assert_eq!(accel(&baku(&f)(5), 1), Points::ZERO, "no virtual points after the accelerated matches");
}
