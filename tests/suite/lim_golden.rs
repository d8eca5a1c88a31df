//! Golden tests of the Lim system (C.04.4.3): the worked examples of the text (4.2, 4.3, 4.4,
//! 7.2, 8.3) and hand-worked cases, each naming the article it exercises and the reasoning.
//!
//! Histories are written as TRF documents by a small builder. A forbidden pair (`XXP`) is
//! incompatible under 2.1 exactly like a rematch; the worked examples of section 4 use it in round
//! one, where nobody is due a colour, so that only the exchange order decides. White is the first
//! player of a game, results are given for White (`1`, `0`, `=`).

use lexpair::systems::lim::{pair_with, LimOptions};
use lexpair::tournament::Tournament;
use lexpair::trf::{read_str, ReadOptions};

/// A tournament history under construction.
struct H {
    ratings: Vec<u32>,
    /// Per round, per player: (opponent or 0 for a bye, colour char, result char).
    rounds: Vec<Vec<Option<(u32, char, char)>>>,
    total: u32,
    forbidden: Vec<(u32, u32)>,
    initial: &'static str,
}

impl H {
    /// `n` players rated 2500, 2490, ... (pairing numbers in rating order), 9 rounds.
    fn new(n: usize) -> H {
        H {
            ratings: (0..n as u32).map(|k| 2500 - 10 * k).collect(),
            rounds: Vec::new(),
            total: 9,
            forbidden: Vec::new(),
            initial: "white1",
        }
    }

    fn ratings(mut self, r: &[u32]) -> H {
        self.ratings = r.to_vec();
        self
    }

    fn total(mut self, t: u32) -> H {
        self.total = t;
        self
    }

    fn black1(mut self) -> H {
        self.initial = "black1";
        self
    }

    fn forbid(mut self, pairs: &[(u32, u32)]) -> H {
        self.forbidden.extend_from_slice(pairs);
        self
    }

    /// A played round: games (white, black, White's result) and pairing-allocated byes.
    fn round(mut self, games: &[(u32, u32, char)], byes: &[u32]) -> H {
        let mut r = vec![None; self.ratings.len()];
        for &(w, b, res) in games {
            let other = match res {
                '1' => '0',
                '0' => '1',
                _ => '=',
            };
            r[w as usize - 1] = Some((b, 'w', res));
            r[b as usize - 1] = Some((w, 'b', other));
        }
        for &p in byes {
            r[p as usize - 1] = Some((0, '-', 'U'));
        }
        self.rounds.push(r);
        self
    }

    fn trf(&self) -> String {
        let mut s = format!("012 lim golden\nXXR {}\nXXC {}\n", self.total, self.initial);
        for (k, &rating) in self.ratings.iter().enumerate() {
            let id = k + 1;
            let mut pts = 0i32; // tenths
            let mut blocks = String::new();
            for r in &self.rounds {
                let e = r[k].unwrap_or((0, '-', 'Z'));
                pts += match e.2 {
                    '1' | 'U' => 10,
                    '=' => 5,
                    _ => 0,
                };
                blocks.push_str(&format!("  {:>4} {} {}", e.0, e.1, e.2));
            }
            let name = format!("Player{id:04}");
            let line = format!(
                "001 {id:>4}      {name:<33} {rating:>4}{:28}{:>4} {id:>4}{blocks}\n",
                "",
                format!("{}.{}", pts / 10, pts % 10)
            );
            s.push_str(&line);
        }
        for &(a, b) in &self.forbidden {
            s.push_str(&format!("XXP {a} {b}\n"));
        }
        s
    }

    fn tournament(&self) -> Tournament {
        let doc = read_str(&self.trf(), "golden.trf", &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        Tournament::before_round(&doc, self.rounds.len() as u32 + 1).unwrap_or_else(|e| panic!("{e}"))
    }

    /// Boards (white id, black id) in lexpair's board order, and the bye.
    fn pair_opts(&self, opts: LimOptions) -> (Vec<(u32, u32)>, Option<u32>) {
        let t = self.tournament();
        let p = pair_with(&t, opts).unwrap_or_else(|e| panic!("{e}"));
        let id = |i: usize| t.players[i].id;
        (p.boards.iter().map(|b| (id(b.white), id(b.black))).collect(), p.bye.map(id))
    }

    fn try_pair(&self) -> Result<lexpair::pairing::RoundPairing, lexpair::vocabulary::PairError> {
        pair_with(&self.tournament(), LimOptions::default())
    }

    fn maxi(&self) -> (Vec<(u32, u32)>, Option<u32>) {
        self.pair_opts(LimOptions { maxi: true })
    }

    fn boards(&self) -> (Vec<(u32, u32)>, Option<u32>) {
        self.pair_opts(LimOptions::default())
    }

    /// Pairs without colours, sorted.
    fn pairs(&self) -> Vec<(u32, u32)> {
        sorted(&self.boards().0)
    }
}

fn sorted(boards: &[(u32, u32)]) -> Vec<(u32, u32)> {
    let mut v: Vec<(u32, u32)> = boards.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect();
    v.sort();
    v
}

fn set(p: &[(u32, u32)]) -> Vec<(u32, u32)> {
    sorted(p)
}

/// Round one of `n` players, top half winning every game (7.2 colours, White for #1).
fn round_one_top_wins(n: usize) -> H {
    let half = n as u32 / 2;
    let games: Vec<(u32, u32, char)> =
        (1..=half).map(|i| if i % 2 == 1 { (i, i + half, '1') } else { (i + half, i, '0') }).collect();
    H::new(n).round(&games, &[])
}

// ---------------------------------------------------------------------------------------------
// Section 7: round one.
// ---------------------------------------------------------------------------------------------

/// 7.2 worked example: forty players, lots drawn for White: 1 v 21, 22 v 2, 3 v 23, 24 v 4, ...
/// 40 v 20.
#[test]
fn worked_7_2_forty_players_white_to_one() {
    let (boards, bye) = H::new(40).boards();
    let want: Vec<(u32, u32)> = (1..=20).map(|i| if i % 2 == 1 { (i, i + 20) } else { (i + 20, i) }).collect();
    assert_eq!(boards, want);
    assert_eq!(bye, None);
}

/// 7.2 worked example, the other draw: 21 v 1, 2 v 22, 23 v 3, 4 v 24, ... 20 v 40.
#[test]
fn worked_7_2_forty_players_black_to_one() {
    let (boards, _) = H::new(40).black1().boards();
    let want: Vec<(u32, u32)> = (1..=20).map(|i| if i % 2 == 1 { (i + 20, i) } else { (i, i + 20) }).collect();
    assert_eq!(boards, want);
}

/// 7.1: uneven number: the lowest rated player of the pairing list (#7) gets the bye; the six
/// others 1 v 4, 5 v 2, 3 v 6 (2.4 and 7.2).
#[test]
fn c7_1_odd_first_round_bye_to_the_last() {
    let (boards, bye) = H::new(7).boards();
    assert_eq!(bye, Some(7));
    assert_eq!(boards, vec![(1, 4), (5, 2), (3, 6)]);
}

/// 2.4 in round one with two players: 1 v 2, #1 White by lot.
#[test]
fn c2_4_two_players() {
    assert_eq!(H::new(2).boards(), (vec![(1, 2)], None));
}

// ---------------------------------------------------------------------------------------------
// 4.2 / 4.3 / 4.4 worked examples (six players, pairing downward).
// ---------------------------------------------------------------------------------------------

/// 2.4 / 4.2 column 1: the proposed pairings 1 v 4, 2 v 5, 3 v 6 are all compatible.
#[test]
fn worked_4_2_proposed_pairing() {
    assert_eq!(H::new(6).pairs(), set(&[(1, 4), (2, 5), (3, 6)]));
}

/// 4.2 column 2: 1 v 4 incompatible: #4 and #5 change places: 1 v 5, 2 v 4, 3 v 6.
#[test]
fn worked_4_2_second_column() {
    assert_eq!(H::new(6).forbid(&[(1, 4)]).pairs(), set(&[(1, 5), (2, 4), (3, 6)]));
}

/// 4.2 column 3: 1 v 5 also incompatible: 1 v 6, 2 v 4, 3 v 5.
#[test]
fn worked_4_2_third_column() {
    assert_eq!(H::new(6).forbid(&[(1, 4), (1, 5)]).pairs(), set(&[(1, 6), (2, 4), (3, 5)]));
}

/// 4.2 column 4: #1 incompatible with the whole bottom half: 1 v 3, 2 v 5, 4 v 6.
#[test]
fn worked_4_2_fourth_column() {
    assert_eq!(H::new(6).forbid(&[(1, 4), (1, 5), (1, 6)]).pairs(), set(&[(1, 3), (2, 5), (4, 6)]));
}

/// 4.2 column 5: and with #3: 1 v 2, 3 v 5, 4 v 6.
#[test]
fn worked_4_2_fifth_column() {
    let h = H::new(6).forbid(&[(1, 4), (1, 5), (1, 6), (1, 3)]);
    assert_eq!(h.pairs(), set(&[(1, 2), (3, 5), (4, 6)]));
}

/// 4.3 column 2: #1 has found #6 (1 v 4, 1 v 5 incompatible); 2 v 4 incompatible: 1 v 6, 2 v 5,
/// 3 v 4.
#[test]
fn worked_4_3_second_column() {
    let h = H::new(6).forbid(&[(1, 4), (1, 5), (2, 4)]);
    assert_eq!(h.pairs(), set(&[(1, 6), (2, 5), (3, 4)]));
}

/// 4.3 column 3: 2 v 4 and 2 v 5 incompatible: 1 v 6, 2 v 3, 4 v 5.
#[test]
fn worked_4_3_third_column() {
    let h = H::new(6).forbid(&[(1, 4), (1, 5), (2, 4), (2, 5)]);
    assert_eq!(h.pairs(), set(&[(1, 6), (2, 3), (4, 5)]));
}

/// 4.3 column 4: #2 incompatible with 3, 4, 5: #2 takes #1's opponent and #1 his next candidate:
/// 1 v 3, 2 v 6, 4 v 5.
#[test]
fn worked_4_3_fourth_column() {
    let h = H::new(6).forbid(&[(1, 4), (1, 5), (2, 4), (2, 5), (2, 3)]);
    assert_eq!(h.pairs(), set(&[(1, 3), (2, 6), (4, 5)]));
}

/// 4.3 column 5: #2 compatible with #1 only: 1 v 2, 3 v 5, 4 v 6.
#[test]
fn worked_4_3_fifth_column() {
    let h = H::new(6).forbid(&[(1, 4), (1, 5), (2, 4), (2, 5), (2, 3), (2, 6)]);
    assert_eq!(h.pairs(), set(&[(1, 2), (3, 5), (4, 6)]));
}

/// 4.4 b: a score-group of six above the median (round two, 1 point); #1 and #2 have "played"
/// each other and everybody but #6 (forbidden pairs). 1 v 6 is kept, #2 floats together with
/// the lowest numbered player remaining (#5); 3 v 4. In the lower group (0 points, paired
/// upward, due colours alternate by pairing number) 12 v 9, 11 v 8, 7 v 10 (2.4, all colours
/// fine). The median group (0.5, empty) receives #2 and #5, who are incompatible too: it is
/// blocked (2.6). Two floaters came from above, none from below: the next pairing of the lower
/// score-group, 7 v 10 (made last, nearest the median), is cracked. Median {2, 5 | 10, 7}: DF #2
/// first (3.6.3), due White: 5 incompatible, then the UF in order (10, due Black): 2 v 10, 5 v 7.
#[test]
fn worked_4_4_b_even_group_floats_two() {
    let f = [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)];
    let h = round_one_top_wins(12).forbid(&f);
    assert_eq!(h.pairs(), set(&[(1, 6), (3, 4), (2, 10), (5, 7), (9, 12), (8, 11)]));
}

/// 4.4 a: the same with seven players in the group (fourteen players). The group is odd: 3.2
/// would float #7 (due Black like the majority, lowest numbered); but #2 then has no opponent, so
/// #2 is exchanged with the floater and floats instead. The rest: 3 v 5 and 4 v 7 (one colour
/// conflict is unavoidable among 3, 4, 5, 7; the proposed pairing keeps it). Below: 0-point group
/// of seven paired upward floats #8 (majority due White, highest numbered); 14 v 11, 13 v 10,
/// 12 v 9. Median: 2 v 8.
#[test]
fn worked_4_4_a_odd_group_exchanges_the_floater() {
    let f = [(1, 2), (1, 3), (1, 4), (1, 5), (1, 7), (2, 3), (2, 4), (2, 5), (2, 7)];
    let h = round_one_top_wins(14).forbid(&f);
    assert_eq!(h.pairs(), set(&[(1, 6), (3, 5), (4, 7), (2, 8), (11, 14), (10, 13), (9, 12)]));
}

// ---------------------------------------------------------------------------------------------
// 8.3: round two, the order of the score-groups.
// ---------------------------------------------------------------------------------------------

/// 8.3 worked example: pairing begins with the 1-point group, continues with the 0-point group
/// and finishes with the median (0.5). 1 point {1, 2, 3}: #3 floats down (majority due Black,
/// lowest numbered; 3.2), 2 v 1. 0 points {6, 7, 8}: #6 floats up (majority due White, highest
/// numbered), 8 v 7. Median {4, 5, 9, 10} with DF #3 paired first (3.6.3) against the highest
/// numbered player due the alternate colour (3.8): #4; then UF #6 against the lowest numbered
/// player due Black, #9, would leave 5 and 10, who met in round one: the next one, #5; 10 v 9.
#[test]
fn worked_8_3_round_two_order() {
    let h = H::new(10).round(&[(1, 6, '1'), (7, 2, '0'), (3, 8, '1'), (9, 4, '='), (5, 10, '=')], &[]);
    let (boards, bye) = h.boards();
    assert_eq!(bye, None);
    assert_eq!(sorted(&boards), set(&[(1, 2), (7, 8), (3, 4), (5, 6), (9, 10)]));
    for b in [(2, 1), (8, 7), (4, 3), (6, 5), (10, 9)] {
        assert!(boards.contains(&b), "{b:?} not in {boards:?}");
    }
}

/// Asserts that every board (white, black) of `want` is among `got`.
fn has_boards(got: &[(u32, u32)], want: &[(u32, u32)]) {
    for b in want {
        assert!(got.contains(b), "board {b:?} not in {got:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// 1.1: the pairing-allocated bye.
// ---------------------------------------------------------------------------------------------

/// 1.1 / 8.2: round two, seven players: the bye goes to the lowest ranked player (#6) of the
/// lowest score-group (0 points: 4, 5, 6).
#[test]
fn c1_1_bye_to_the_lowest_of_the_lowest_group() {
    let h = H::new(7).round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[7]);
    assert_eq!(h.boards().1, Some(6));
}

/// 1.1 with C.04.1.d: round three; the lowest score-group (1 point) ends with #7, who had the
/// bye in round one: the next one up, #6, gets it.
#[test]
fn c1_1_bye_skips_a_player_who_had_one() {
    let h = H::new(7)
        .round(&[(1, 4, '1'), (5, 2, '1'), (3, 6, '1')], &[7])
        .round(&[(1, 5, '1'), (2, 3, '1'), (6, 7, '1')], &[4]);
    assert_eq!(h.boards().1, Some(6));
}

// ---------------------------------------------------------------------------------------------
// 2.1, 2.5, 5.x: compatibility and colours.
// ---------------------------------------------------------------------------------------------

/// 2.5 / 4.1: round two, all four on 0.5 (the median group, paired downward). 1 v 3 is a
/// rematch: #3 is exchanged for #4: 1 v 4, 2 v 3, both pairings giving each his due colour.
#[test]
fn c2_5_rematch_exchanged() {
    let h = H::new(4).round(&[(1, 3, '='), (2, 4, '=')], &[]);
    assert_eq!(h.boards(), (vec![(4, 1), (3, 2)], None));
}

/// 5.2 over 4.1: as above but #2 had White in round one. 1 v 4 and 2 v 3 would give two players
/// the wrong colour; 1 v 2 and 3 v 4 give everybody his due colour, so the second scrutiny
/// exchanges to it.
#[test]
fn c5_2_colour_exchange_beats_the_first_compatible_pairing() {
    let h = H::new(4).round(&[(1, 3, '='), (4, 2, '=')], &[]);
    assert_eq!(h.boards(), (vec![(2, 1), (3, 4)], None));
}

/// 2.1 / 5.1 a: round three, all on 1 point. #1 and #2 had White twice, #3 and #4 Black twice:
/// 1 v 2 and 3 v 4 are incompatible, and the rematches leave one pairing: 1 v 3, 2 v 4, 5 v 6
/// (#5 is due Black, #6 White).
#[test]
fn c2_1_same_colour_three_times_is_incompatible() {
    let h = H::new(6)
        .round(&[(1, 4, '='), (2, 5, '='), (6, 3, '=')], &[])
        .round(&[(1, 6, '='), (2, 3, '='), (5, 4, '=')], &[]);
    assert_eq!(h.boards(), (vec![(3, 1), (4, 2), (6, 5)], None));
}

/// 5.3: round three of four players (all on 1 point). #3 had White twice and #4 Black twice:
/// they must alternate whatever their opponents are due: 4 v 1, 2 v 3.
#[test]
fn c5_3_same_colour_twice_must_alternate() {
    let h = H::new(4).round(&[(1, 2, '='), (3, 4, '=')], &[]).round(&[(3, 1, '='), (2, 4, '=')], &[]);
    assert_eq!(h.boards(), (vec![(4, 1), (2, 3)], None));
}

/// 5.1 / section 6: the same four players when round three is not the last: 1 must meet 3
/// (both had White twice) and 2 must meet 4 (both Black twice): no legal pairing.
#[test]
fn c5_1_no_legal_pairing_before_the_last_round() {
    let h = H::new(4).total(5).round(&[(1, 2, '='), (3, 4, '=')], &[]).round(&[(1, 4, '='), (3, 2, '=')], &[]);
    assert!(matches!(h.try_pair(), Err(lexpair::vocabulary::PairError::NoValidPairing(_))));
}

/// Section 6: the same in the last round: pairing the players has priority over colours.
/// 1 v 3: both due Black with identical histories in the median group, the higher ranked (#1)
/// gets it (5.4) and #3 has White a third time; 2 v 4 likewise, #2 gets White.
#[test]
fn c6_last_round_pairs_despite_colours() {
    let h = H::new(4).total(3).round(&[(1, 2, '='), (3, 4, '=')], &[]).round(&[(1, 4, '='), (3, 2, '=')], &[]);
    assert_eq!(h.boards(), (vec![(3, 1), (2, 4)], None));
}

/// Section 6: in the last round a colour-breaking pairing is used only when needed: the players
/// of `c2_1_same_colour_three_times_is_incompatible` get the same pairing in a three-round event.
#[test]
fn c6_last_round_keeps_colours_when_possible() {
    let h = H::new(6)
        .total(3)
        .round(&[(1, 4, '='), (2, 5, '='), (6, 3, '=')], &[])
        .round(&[(1, 6, '='), (2, 3, '='), (5, 4, '=')], &[]);
    assert_eq!(h.boards(), (vec![(3, 1), (4, 2), (6, 5)], None));
}

/// 5.6 with 5.4: round four (even: equalising colours), all on 1.5. #1 (B W B) and #2 (B B W)
/// are both due White; going back, in round three #1 had Black and #2 White, so #1 gets White.
/// 1 v 4 forbidden; the rest: #5 (W B B) must have White against #3, #6 (B W W) Black against #4.
#[test]
fn c5_6_history_decides_the_equalising_colour() {
    let h = H::new(6)
        .forbid(&[(1, 4)])
        .round(&[(3, 1, '='), (4, 2, '='), (5, 6, '=')], &[])
        .round(&[(1, 5, '='), (6, 2, '='), (3, 4, '=')], &[])
        .round(&[(6, 1, '='), (2, 3, '='), (4, 5, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(1, 2), (3, 5), (4, 6)]));
    has_boards(&boards, &[(1, 2), (5, 3), (4, 6)]);
}

/// 5.4: identical histories in the median group: the higher ranked player gets the due colour.
/// Round two, all on 0.5; 1 v 3 played, 1 v 4 and 2 v 3 forbidden: 1 v 2 (both due Black, #1
/// gets it) and 3 v 4 (both due White, #3 gets it).
#[test]
fn c5_4_identical_histories_at_the_median_favour_the_higher() {
    let h = H::new(4).forbid(&[(1, 4), (2, 3)]).round(&[(1, 3, '='), (2, 4, '=')], &[]);
    assert_eq!(h.boards(), (vec![(2, 1), (3, 4)], None));
}

/// 5.4: identical histories below the median: the lower ranked player gets the due colour.
/// Round two, eight players, the top half won. 0 points: 5 v 6, 5 v 8 and 7 v 8 forbidden: 5 v 7
/// (both due White: #7 gets it) and 6 v 8 (both due Black: #8 gets it). Above: 4 v 1, 2 v 3.
#[test]
fn c5_4_identical_histories_below_the_median_favour_the_lower() {
    let h = round_one_top_wins(8).forbid(&[(5, 6), (5, 8), (7, 8)]);
    let (boards, _) = h.boards();
    has_boards(&boards, &[(7, 5), (6, 8), (4, 1), (2, 3)]);
}

// ---------------------------------------------------------------------------------------------
// 2.2, 2.3, 3.x: score-groups and floaters.
// ---------------------------------------------------------------------------------------------

/// 2.3 d / 3.2 in both directions: round two, ten players, the top half won; the median (0.5)
/// is empty. 1 point {1..5}: odd; three are due Black (1, 3, 5), two White: the lowest numbered
/// player due Black floats down: #5. The rest: 1 v 3 would clash, so 1 v 4, 2 v 3. 0 points
/// {6..10}: three due White (6, 8, 10): pairing upward the highest numbered, #6, floats up;
/// upward scrutiny begins with #10: 10 v 8 clashes, 10 v 7; 8 v 9. Median: 6 v 5.
#[test]
fn c3_2_parity_floaters_in_both_directions() {
    let (boards, _) = round_one_top_wins(10).boards();
    assert_eq!(sorted(&boards), set(&[(1, 4), (2, 3), (5, 6), (7, 10), (8, 9)]));
    has_boards(&boards, &[(4, 1), (2, 3), (6, 5), (10, 7), (8, 9)]);
}

/// 3.2: the floater tends to equalise the colours rather than being the lowest numbered: round
/// two, winners 1, 2, 3, 9, 10; due Black 1, 3, 9 and White 2, 10: #9 floats, not #10. The rest
/// 1 v 10, 2 v 3. 0 points {4..8}: #4 (due White like the majority, highest numbered) floats up;
/// 8 v 5, 6 v 7. The median gets DF #9 and UF #4, who met: blocked (2.6); as many floaters from
/// above as from below, so the next pairing of the higher group, 2 v 3, is cracked: median
/// {2, 3, 9 | 4}: #2 first: 2 v 3 would leave 9 v 4, so 2 v 9, 3 v 4.
#[test]
fn c3_2_colour_choice_of_the_floater_then_blocked_median() {
    let h = H::new(10).round(&[(1, 6, '1'), (7, 2, '0'), (3, 8, '1'), (9, 4, '1'), (5, 10, '0')], &[]);
    assert_eq!(h.pairs(), set(&[(1, 10), (2, 9), (3, 4), (5, 8), (6, 7)]));
}

/// 2.3 a with 2.6: round two, ten players, the top half won; #1 may not meet 2, 3, 4 or 5
/// (forbidden: as if played), so he floats; 2 v 5, 3 v 4 (colours). Below, #6 floats up;
/// 10 v 7, 8 v 9. Median {1 | 6}: they met: blocked; equal numbers: crack the higher group's
/// next pairing (3 v 4): {1, 3, 4 | 6}: #1 has nobody: blocked again, now more from above:
/// crack the lower group's 8 v 9: {1, 3, 4 | 9, 8, 6}: 1 v 8, 3 v 4, 6 v 9 (all due colours).
#[test]
fn c2_3_a_no_opponent_in_the_group_then_median_cracked_twice() {
    let h = round_one_top_wins(10).forbid(&[(1, 2), (1, 3), (1, 4), (1, 5)]);
    assert_eq!(h.pairs(), set(&[(2, 5), (7, 10), (1, 8), (3, 4), (6, 9)]));
}

/// 3.3 / 3.9 c: round two; 1 point {1, 2, 3}, median {4, 5, 9, 10}, 0 points {6, 7, 8}.
/// Majority due Black (1, 3), but #3 may meet nobody of the median group (forbidden): a floater
/// must have a compatible opponent below, so #1 floats; 2 v 3. Below #6 floats up; 8 v 7.
/// Median: DF #1 first against the highest numbered player due White: #4; UF #6 against the
/// lowest due Black: 9 would leave 5 v 10 (played), so 6 v 5 and 10 v 9.
#[test]
fn c3_3_floater_with_a_compatible_opponent_below() {
    let h = H::new(10)
        .forbid(&[(3, 4), (3, 5), (3, 9), (3, 10)])
        .round(&[(1, 6, '1'), (7, 2, '0'), (3, 8, '1'), (9, 4, '='), (5, 10, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(2, 3), (1, 4), (7, 8), (5, 6), (9, 10)]));
    has_boards(&boards, &[(2, 3), (4, 1), (8, 7), (6, 5), (10, 9)]);
}

/// 3.6 / 3.8 / 3.2 with 4.4 a: round three. 2 points {1}: floats to 1.5 {7}: 1 v 7. Median
/// (1 point) {2, 3, 4}; 0.5 {5, 6, 8} paired upward: 3.2 picks #6 (due White like #8), but then
/// 5 v 8 (played) fails, so the scrutiny floats #5 instead and 8 v 6 (both due White, identical
/// histories below the median: the lower ranked #8 gets White). Median: UF #5 (due Black)
/// against the lowest numbered player due White: #3; 2 v 4 (both due Black, #2 higher: Black).
#[test]
fn c3_6_floaters_through_groups_and_4_4_a_upward() {
    let h = H::new(8)
        .round(&[(1, 5, '1'), (6, 2, '='), (3, 7, '='), (8, 4, '0')], &[])
        .round(&[(4, 1, '0'), (2, 3, '='), (7, 6, '1'), (5, 8, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(boards.len(), 4);
    has_boards(&boards, &[(1, 7), (4, 2), (3, 5), (8, 6)]);
}

/// 3.9 a (and 3.5): round three. 2 points {1} floats into 1.5 {2, 3} (2 v 3 played): 3.2 floats
/// #3 (due White like #1, lowest numbered); 1 v 2. Below, 0 {8} floats up into 0.5 {6, 7}; #8
/// met both median players (type a if floated on), so #6 floats (due White like #8, highest
/// numbered); 8 v 7. Median {4, 5} with DF #3 and UF #6: 3 v 4 and 6 v 5, all due colours.
#[test]
fn c3_9_a_transferred_player_not_floated_on() {
    let h = round_one_top_wins(8).round(&[(4, 1, '0'), (2, 3, '='), (5, 8, '1'), (7, 6, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(1, 2), (3, 4), (5, 6), (7, 8)]));
    has_boards(&boards, &[(1, 2), (3, 4), (6, 5), (8, 7)]);
}

/// 3.9 c / 3.3: as `c3_9_a_...`, but #3 may meet nobody of the median group (forbidden): as a
/// floater he would be of type c, so #2 floats instead; 1 v 3 (both due White, identical
/// histories above the median: #1 gets it). Median: DF #2 (due Black, nobody there due White):
/// 2 v 4 (#2 higher: Black) and 6 v 5.
#[test]
fn c3_9_c_floater_without_opponent_below_avoided() {
    let h = round_one_top_wins(8)
        .forbid(&[(3, 4), (3, 5)])
        .round(&[(4, 1, '0'), (2, 3, '='), (5, 8, '1'), (7, 6, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(1, 3), (2, 4), (5, 6), (7, 8)]));
    has_boards(&boards, &[(1, 3), (4, 2), (6, 5), (8, 7)]);
}

/// 3.10: round three after `c3_2_parity_floaters_in_both_directions` (5 floated down and won).
/// 2 points {1, 2, 5}: due White 1 and 5: 3.2 would float #5, but he floated in round two;
/// #1 floats instead; 5 v 2. Median 1 point {3, 4}. Below: 0 {6} floats up into 0.5 {7..10};
/// there 3.2 floats #8 (due Black like the majority, highest numbered); UF #6 (due Black) meets
/// the lowest numbered player due White, #9, unless 7 v 10 (played) would remain: 7 v 6, 9 v 10.
/// Median: DF #1 (due White): 1 v 4 played, 1 v 3 would clash with 8 v 4 clashing too: 1 v 8,
/// 3 v 4.
#[test]
fn c3_10_floater_of_the_previous_round_not_floated_again() {
    let h = round_one_top_wins(10).round(&[(4, 1, '0'), (2, 3, '1'), (6, 5, '0'), (10, 7, '='), (8, 9, '=')], &[]);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(2, 5), (1, 8), (3, 4), (6, 7), (9, 10)]));
    has_boards(&boards, &[(5, 2), (1, 8), (3, 4), (7, 6), (9, 10)]);
}

/// 7.1 then 4.2: round one, five players: #5 gets the bye; 1 v 3 forbidden: 1 v 4, 2 v 3. 7.2
/// colours follow the places in the pairing list: #1 White, #2 Black.
#[test]
fn c7_1_bye_then_exchange() {
    let h = H::new(5).forbid(&[(1, 3)]);
    assert_eq!(h.boards(), (vec![(1, 4), (3, 2)], Some(5)));
}

/// 7.2 with nine players: #9 gets the bye (7.1); 1 v 5, 6 v 2, 3 v 7, 8 v 4.
#[test]
fn c7_2_nine_players() {
    assert_eq!(H::new(9).boards(), (vec![(1, 5), (6, 2), (3, 7), (8, 4)], Some(9)));
}

/// 7.2 after an exchange: round one, six players, 2 v 5 forbidden: 1 v 4, then #2's candidates
/// 5 (forbidden), 6: 2 v 6, 3 v 5. #2 is Black, #3 White by their places.
#[test]
fn c7_2_colours_by_place_after_an_exchange() {
    assert_eq!(H::new(6).forbid(&[(2, 5)]).boards(), (vec![(1, 4), (6, 2), (3, 5)], None));
}

/// 2.4 / 7.2: round one, ten players: 1 v 6, 7 v 2, 3 v 8, 9 v 4, 5 v 10.
#[test]
fn c2_4_ten_players_round_one() {
    assert_eq!(H::new(10).boards(), (vec![(1, 6), (7, 2), (3, 8), (9, 4), (5, 10)], None));
}

/// 4.1 a: round two, twelve players, the top half won; 1 v 4 forbidden. #1 (due Black): 5 is
/// due Black too, 6 is due White: 1 v 6; then #2 (due White): 4 clashes, 5: 2 v 5, 3 v 4.
#[test]
fn c4_1_a_downward_exchange() {
    let (boards, _) = round_one_top_wins(12).forbid(&[(1, 4)]).boards();
    has_boards(&boards, &[(6, 1), (2, 5), (4, 3)]);
}

/// 4.1 b: the lower group {7..12} is paired upward: scrutiny begins with #12 (due Black); 12 v 9
/// forbidden; 8 is due Black too, 7 White: 12 v 7; then #11: 11 v 8, and 9 v 10.
#[test]
fn c4_1_b_upward_scrutiny_begins_with_the_lowest() {
    let (boards, _) = round_one_top_wins(12).forbid(&[(9, 12)]).boards();
    assert_eq!(boards.len(), 6);
    has_boards(&boards, &[(4, 1), (2, 5), (6, 3), (7, 12), (11, 8), (9, 10)]);
}

/// 2.3 c / 5.3: round three of nine. #1 and #2 (2 points) both had White twice: incompatible, so
/// both float into the median (1 point) {3, 4}, who both had Black twice; 1 v 3 and 2 v 4 were
/// played: 4 v 1, 3 v 2. 0.5 {5..8} paired upward: 8 v 6 played, 8 v 5, 7 v 6.
#[test]
fn c2_3_c_same_colour_twice_transferred() {
    let h = H::new(8)
        .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (8, 4, '0')], &[])
        .round(&[(1, 3, '1'), (2, 4, '1'), (5, 7, '='), (6, 8, '=')], &[]);
    assert_eq!(h.boards().0, vec![(4, 1), (3, 2), (8, 5), (7, 6)]);
}

/// Section 6: the same history when round three is the last: pairing equal scores has priority
/// over colours: 1 v 2 (#1, higher, gets his due Black; #2 White for the third time) and 3 v 4
/// (#3 gets White).
#[test]
fn c6_last_round_pairs_equal_scores_over_colours() {
    let h = H::new(8)
        .total(3)
        .round(&[(1, 5, '1'), (2, 6, '1'), (7, 3, '0'), (8, 4, '0')], &[])
        .round(&[(1, 3, '1'), (2, 4, '1'), (5, 7, '='), (6, 8, '=')], &[]);
    has_boards(&h.boards().0, &[(2, 1), (3, 4), (8, 5), (7, 6)]);
}

/// 2.6, second branch: round two, twelve players, the top half won. Below, #11 and #12 may meet
/// only #7 (forbidden pairs): upward, #12 keeps 7 and #11 floats with the highest numbered player
/// left, #8 (4.4 b mirrored); 9 v 10. The median receives UF 11 and 8, forbidden to meet: more
/// floaters from below than above, so the higher group's next pairing, 3 v 6, is cracked:
/// {3, 6 | 11, 8}: 3 v 11, 6 v 8.
#[test]
fn c2_6_blocked_median_cracks_the_higher_side() {
    let f = [(12, 8), (12, 9), (12, 10), (12, 11), (11, 8), (11, 9), (11, 10)];
    let h = round_one_top_wins(12).forbid(&f);
    let (boards, _) = h.boards();
    assert_eq!(sorted(&boards), set(&[(1, 4), (2, 5), (3, 11), (6, 8), (7, 12), (9, 10)]));
    has_boards(&boards, &[(11, 3), (6, 8)]);
}

/// 3.2, last sentence: as many players due White as Black: the lowest numbered floats. Round
/// two, nine players (#9 had the bye: no colour). Bye now to #6 (1.1). 1 point {1, 2, 9}: 1 due
/// Black, 2 White, 9 none: #9 floats; 2 v 1. 0 {5}: floats up. Median {3, 4, 7, 8} + 9 + 5: #9
/// (no due colour) takes the first player letting everybody else have his colour: 3 would not,
/// 4 does: 4 v 9; UF #5 (due White): 8 would leave 3 v 7 (played): 5 v 3; 7 v 8.
#[test]
fn c3_2_equal_colours_lowest_floats() {
    let h = H::new(9).round(&[(1, 5, '1'), (6, 2, '0'), (3, 7, '='), (8, 4, '=')], &[9]);
    let (boards, bye) = h.boards();
    assert_eq!(bye, Some(6));
    assert_eq!(sorted(&boards), set(&[(1, 2), (4, 9), (3, 5), (7, 8)]));
    has_boards(&boards, &[(2, 1), (4, 9), (5, 3), (7, 8)]);
}

/// 5.4 / 7.2 for a player without games: round two, seven players; bye to #6. 1 point
/// {1, 2, 3, 7} (#7 had the bye): 1 v 3 would clash, 1 v 7 and 2 v 3 do not; #7, with no
/// colour yet, takes the one #1 is not due: 7 v 1. Below: 4 v 5.
#[test]
fn c5_colour_for_a_player_without_games() {
    let h = H::new(7).round(&[(1, 4, '1'), (5, 2, '0'), (3, 6, '1')], &[7]);
    let (boards, bye) = h.boards();
    assert_eq!(bye, Some(6));
    assert_eq!(boards, vec![(7, 1), (2, 3), (4, 5)]);
}

// ---------------------------------------------------------------------------------------------
// Maxi-tournaments: 3.2, 3.8, 5.7.
// ---------------------------------------------------------------------------------------------

/// Ratings of `c3_2_colour_choice_...` with #10 rated 120 points below #9.
fn maxi_floater_history() -> H {
    let mut r: Vec<u32> = (0..10).map(|k| 2500 - 10 * k).collect();
    r[9] = 2300;
    H::new(10).ratings(&r).round(&[(1, 6, '1'), (7, 2, '0'), (3, 8, '1'), (9, 4, '1'), (5, 10, '0')], &[])
}

/// 3.2 (Maxi): the colour choice #9 is 120 points from the lowest numbered player #10, so #10
/// floats. 5.7: #1 (due Black) is proposed #3 (due Black); #2 (due White, 10 points from #3)
/// replaces him: 1 v 2, 3 v 9. Below: #4 floats up; #8: #6 clashes, #5 (10 points away) is due
/// Black: 8 v 5, 6 v 7. Median: 10 v 4 (both due White, identical histories: #10, higher, gets it).
#[test]
fn maxi_3_2_and_5_7_hundred_point_rule() {
    let (boards, _) = maxi_floater_history().maxi();
    assert_eq!(sorted(&boards), set(&[(1, 2), (3, 9), (5, 8), (6, 7), (4, 10)]));
    has_boards(&boards, &[(2, 1), (8, 5), (10, 4)]);
}

/// The same history without the Maxi rules floats #9 (3.2 colours) as in
/// `c3_2_colour_choice_of_the_floater_then_blocked_median`.
#[test]
fn maxi_off_same_history() {
    assert_eq!(maxi_floater_history().pairs(), set(&[(1, 10), (2, 9), (3, 4), (5, 8), (6, 7)]));
}

/// 3.8 (Maxi): round two, six players: #1 (1 point) floats into the median {2, 3, 5, 6}, #4 (0)
/// up. #1 is due Black; #5 and #6 are due White but 190-200 points below #2, the player he would
/// otherwise meet: 1 v 2 (both due Black: #1 gets it). UF #4 (due White): nobody due Black within
/// 100 points of #6: 6 v 4 (#6 higher gets White); 5 v 3.
#[test]
fn maxi_3_8_floater_opponent_within_100_points() {
    let h =
        H::new(6).ratings(&[2500, 2490, 2480, 2470, 2300, 2290]).round(&[(1, 4, '1'), (2, 5, '='), (3, 6, '=')], &[]);
    assert_eq!(h.maxi().0, vec![(2, 1), (5, 3), (6, 4)]);
    // Without the Maxi rules #1 meets the highest numbered player due White, #5.
    assert_eq!(sorted(&h.boards().0), set(&[(1, 5), (3, 4), (2, 6)]));
}

/// `models/lim.model` lists every stage and step of a score-group, in the order they are applied.
#[test]
fn model_file_lists_the_stages_in_order() {
    let keys = lexpair::systems::lim::model_keys().unwrap_or_else(|e| panic!("{e}"));
    let stages: Vec<&str> = keys.iter().map(|k| k.as_str()).filter(|k| !k.contains(':')).collect();
    assert_eq!(stages, lexpair::systems::lim::STAGES.to_vec());
    for article in ["hard:2.1", "proc:1.1", "proc:2.2", "proc:2.6", "proc:7", "proc:5.3-5.4"] {
        assert!(keys.iter().any(|k| k == article), "{article} missing from models/lim.model");
    }
}

/// 3.9 b before c: round three. 2 points {1} (due Black absolutely) floats into 1.5 {2, 3}; 1 v 2
/// is incompatible (both had White twice). Either #1 floats on (type b: he could meet #4 of the
/// median) or #2 does (type c: he met #4, and #7 must have Black too): #2 floats; 3 v 1. Below,
/// 0 {8} floats into 0.5 {5, 6}; 8 v 5 is incompatible (both had Black twice): #8 floating on
/// would be type b, so #5 floats; 8 v 6. Median {4, 7 | 2 | 5}: 2 v 4 played, 2 v 7 incompatible:
/// 5 v 2 and 4 v 7.
#[test]
fn c3_9_b_avoided_before_c() {
    let h = H::new(8)
        .round(&[(1, 5, '1'), (2, 6, '='), (7, 3, '='), (4, 8, '1')], &[])
        .round(&[(1, 8, '1'), (2, 4, '1'), (6, 3, '0'), (7, 5, '=')], &[]);
    assert_eq!(h.boards().0, vec![(3, 1), (5, 2), (4, 7), (8, 6)]);
}

/// 4.2 with the bye of 7.1: round one, seven players: #7 gets the bye; 1 v 4 and 1 v 5
/// forbidden: 1 v 6, 2 v 4, 3 v 5 (4.2 column 3), colours by place (7.2).
#[test]
fn c4_2_exchange_after_the_bye() {
    let h = H::new(7).forbid(&[(1, 4), (1, 5)]);
    assert_eq!(h.boards(), (vec![(1, 6), (4, 2), (3, 5)], Some(7)));
}

/// 1.1 with completion: round one, five players; #1 may meet only #5 (forbidden pairs), so #5
/// cannot have the bye: the next one up, #4, gets it; 1 v 5, 3 v 2.
#[test]
fn c1_1_bye_moves_up_when_the_last_player_is_needed() {
    let h = H::new(5).forbid(&[(1, 2), (1, 3), (1, 4)]);
    assert_eq!(h.boards(), (vec![(1, 5), (3, 2)], Some(4)));
}

/// 2.1: round one, four players, #1 forbidden against everybody: no legal pairing (exit 1).
#[test]
fn c2_1_no_compatible_opponent_at_all() {
    let h = H::new(4).forbid(&[(1, 2), (1, 3), (1, 4)]);
    assert!(matches!(h.try_pair(), Err(lexpair::vocabulary::PairError::NoValidPairing(_))));
}

/// 5.5 with 5.4: round three (odd), all on 1 point; 1 v 2 and 3 v 4 are the only new pairings.
/// #1 and #2 both had White then Black (due White): identical histories in the median group, the
/// higher ranked #1 gets White; #3 and #4 (Black then White) likewise: #3 gets Black.
#[test]
fn c5_5_odd_round_same_due_colour() {
    let h = H::new(4).round(&[(1, 3, '='), (2, 4, '=')], &[]).round(&[(4, 1, '='), (3, 2, '=')], &[]);
    assert_eq!(h.boards(), (vec![(1, 2), (4, 3)], None));
}

/// 7.2 with Black drawn for #1 and an odd number: #5 gets the bye; 3 v 1 (#1 Black), 2 v 4.
#[test]
fn c7_2_black_to_one_with_a_bye() {
    assert_eq!(H::new(5).black1().boards(), (vec![(3, 1), (2, 4)], Some(5)));
}

/// 4.2 / 4.3: the halves are formed again on the players left: round one, eight players, 1 v 5
/// forbidden: 1 v 6; the six left {2, 3, 4 | 5, 7, 8}: 2 v 5 (2 v 6 would have been forbidden
/// too), 3 v 7, 4 v 8.
#[test]
fn c4_3_halves_formed_again_after_an_exchange() {
    let h = H::new(8).forbid(&[(1, 5), (2, 6)]);
    assert_eq!(h.boards(), (vec![(1, 6), (5, 2), (3, 7), (8, 4)], None));
}
