//! Rounds of `../shared/corpus/dubov-2026` where the two witnesses (CPPDubovSystem 2.2, which
//! paired the tournaments, and py4swiss 0.3.1) disagree, or agree with each other against the
//! rule text, each worked by the Dubov text (2026 edition; the 2018 article numbers, which name
//! the same rules, are given first since that text is the complete one) and pinned to the
//! pairing the text gives. Every case names the deciding article and what each witness did.
//!
//! Pairings are `white-black` TRF ids, `id-0` for the pairing-allocated bye.

use crate::common;
use lexpair::options::PairOptions;
use lexpair::vocabulary::System;
use std::collections::BTreeSet;

/// Pairs round `round` of corpus tournament `name` under Dubov 2026 and compares with `expected`.
fn check(name: &str, round: u32, expected: &str) {
    let t = common::corpus_round("dubov-2026", name, round);
    let p = lexpair::round::pair(&t, System::Dubov2026, &PairOptions::default())
        .map(|r| r.pairing)
        .unwrap_or_else(|e| panic!("{e}"));
    let mut got: BTreeSet<String> =
        p.boards.iter().map(|b| format!("{}-{}", t.players[b.white].id, t.players[b.black].id)).collect();
    if let Some(x) = p.bye {
        got.insert(format!("{}-0", t.players[x].id));
    }
    let want: BTreeSet<String> = expected.split_whitespace().map(str::to_string).collect();
    assert_eq!(got, want, "{name} round {round}");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 5.0: upfloaters by the text [4] scores [4.5], it took [2] scores [4.0].
/// py4swiss: same as lexpair.
#[test]
fn t0002_round_6_upf_c6() {
    check("t0002", 6, "1-4 22-2 6-17 10-7 8-26 3-45 12-30 18-13 20-16 36-5 46-9 11-14 27-15 47-23 28-25 37-33 41-34 24-21 35-19 48-55 50-49 78-29 31-52 80-32 44-38 65-39 40-71 64-42 54-43 56-51 58-59 67-53 68-60 61-57 63-73 66-79 70-69 72-76 77-75 74-62");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 5.0: upfloaters by the text [9] scores [4.0], it took [10] scores [3.5].
/// py4swiss: same as lexpair.
#[test]
fn t0004_round_6_upf_c6() {
    check("t0004", 6, "9-5 11-1 6-19 2-13 8-3 4-10 14-27 18-15 22-7 12-17 16-21 20-26 24-23 29-31 37-30 35-36 40-25 28-46 33-32 54-38 39-55 41-57 43-34 53-44 47-52 56-42 45-48 49-50 51-0");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 3.0: upfloaters by the text [8] scores [2.5], it took [13] scores [2.0].
/// py4swiss: same as lexpair.
#[test]
fn t0007_round_6_upf_c6() {
    check("t0007", 6, "1-5 4-7 9-2 8-3 13-10 11-12 14-15 6-16");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 7.5: upfloaters by the text [8, 9] scores [6.0, 6.5], it took [5, 9] scores [6.0, 6.0].
/// py4swiss: same as lexpair.
#[test]
fn t0010_round_10_upf_c6() {
    check("t0010", 10, "2-8 9-3 16-6 1-5 22-4 12-7 36-15 30-19 10-14 24-17 21-18 20-32 27-25 23-13 31-26 11-29 28-40 54-34 35-55 37-38 39-41 33-44 43-48 45-51 53-56 46-47 42-52 49-50");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 8.5: upfloaters by the text [5] scores [7.0], it took [16] scores [6.5].
/// py4swiss: same as lexpair.
#[test]
fn t0010_round_11_upf_c6() {
    check("t0010", 11, "3-5 8-2 6-4 1-36 7-16 14-9 12-22 20-19 13-27 25-15 17-30 18-31 24-21 32-11 34-10 35-28 33-23 41-37 38-39 26-43 55-29 40-54 47-45 56-42 50-53 48-49 52-51 46-0");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 7.5: upfloaters by the text [1] scores [7.0], it took [8] scores [6.5].
/// py4swiss: same as lexpair.
#[test]
fn t0011_round_10_upf_c6() {
    check("t0011", 10, "2-6 3-1 11-19 5-8 12-4 7-20 17-9 15-22 13-18 21-10 23-16 14-35 25-24 37-34 40-36 46-47 52-26 30-27 71-28 31-39 29-54 70-32 53-33 42-41 43-49 44-50 58-45 56-66 38-57 48-62 51-72 60-69 61-59 67-55 64-65 68-63");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 6.5: upfloaters by the text [4] scores [4.5], it took [9] scores [4.0].
/// py4swiss: same as lexpair.
#[test]
fn t0019_round_8_upf_c6() {
    check("t0019", 8, "3-4 13-8 7-9 10-6 20-21 5-17 14-15 16-19 24-22 23-18");
}

/// C.04.4.1 C.6 (2026 [C6]): C.6 ranks above C.7-C.10: the upfloaters' lowest score is maximised first.
/// CPPDubovSystem: bracket 5.0: upfloaters by the text [8] scores [4.5], it took [19] scores [4.0].
/// py4swiss: same as lexpair.
#[test]
fn t0021_round_6_upf_c6() {
    check("t0021", 6, "8-4 3-10 19-6 5-12 21-2 7-16 11-9 18-14 15-22 1-26 42-13 17-30 24-20 27-23 25-28 29-45 31-56 58-32 33-40 35-51 36-39 46-38 44-43 62-34 37-63 67-41 52-47 49-55 54-57 48-59 50-61 72-53 60-66 64-76 65-70 75-69 74-73 68-71");
}

/// C.04.4.1 C.7 (2026 [C7]): with the same number and scores of upfloaters (C.5, C.6 equal), fewer players without their colour preference.
/// CPPDubovSystem: bracket 1.5: upfloaters by the text [11] C.7 = 0, its upfloaters [8] C.7 = 1.
/// py4swiss: same as lexpair.
#[test]
fn t0007_round_3_upf_c7() {
    check("t0007", 3, "1-4 5-3 7-6 11-2 9-8 12-13 14-16 10-15");
}

/// C.04.4.1 C.7 (2026 [C7]): with the same number and scores of upfloaters (C.5, C.6 equal), fewer players without their colour preference.
/// CPPDubovSystem: bracket 1.0: upfloaters by the text [35] C.7 = 0, its upfloaters [8] C.7 = 1.
/// py4swiss: same as lexpair.
#[test]
fn t0013_round_2_upf_c7() {
    check("t0013", 2, "1-105 69-2 3-70 67-4 5-68 65-6 7-66 9-64 63-10 11-60 61-12 13-58 59-14 15-56 57-16 17-54 55-18 19-52 53-20 21-50 51-22 23-48 49-24 25-46 47-26 27-44 45-28 29-42 43-30 31-40 41-32 33-38 37-34 78-141 132-109 35-36 39-8 138-62 136-71 72-139 134-73 74-137 130-75 76-135 128-77 126-79 80-133 124-81 82-131 122-83 84-129 120-85 86-127 118-87 88-125 116-89 90-123 114-91 92-121 112-93 94-119 110-95 96-117 108-97 98-115 106-99 100-113 111-101 102-107 104-103 140-0");
}

/// C.04.4.1 C.7 (2026 [C7]): with the same number and scores of upfloaters (C.5, C.6 equal), fewer players without their colour preference.
/// CPPDubovSystem: bracket 1.0: upfloaters by the text [14] C.7 = 0, its upfloaters [13] C.7 = 1.
/// py4swiss: same as lexpair.
#[test]
fn t0028_round_2_upf_c7() {
    check("t0028", 2, "1-12 11-2 3-10 9-4 5-8 7-6 14-25 22-13 20-15 16-23 21-17 18-19 24-0");
}

/// C.04.4.1 C.7 (2026 [C7]): with the same number and scores of upfloaters (C.5, C.6 equal), fewer players without their colour preference.
/// CPPDubovSystem: bracket 1.0: upfloaters by the text [25] C.7 = 0, its upfloaters [9] C.7 = 1.
/// py4swiss: same as lexpair.
#[test]
fn t0030_round_2_upf_c7() {
    check("t0030", 2, "31-1 29-3 4-64 27-5 6-32 8-26 10-24 22-11 12-21 20-13 14-19 18-15 16-17 25-7 59-9 41-28 33-56 63-23 61-34 35-62 57-36 37-60 55-38 39-58 53-40 51-42 43-54 49-44 45-52 50-46 47-48");
}

/// C.04.4.1 D.1 (2026 4.2): C.5-C.10 are equal for both sets; D.1 takes the set with the smaller sequence number (same score, higher initial ranking).
/// CPPDubovSystem: bracket 5.0: upfloaters by the text [1], it took [10], C.5-C.10 equal.
/// py4swiss: same as lexpair.
#[test]
fn t0012_round_7_upf_d1() {
    check(
        "t0012",
        7,
        "2-3 1-9 6-10 11-15 14-5 4-7 8-21 12-13 17-16 18-19 20-29 24-28 25-27 26-35 22-33 23-31 30-32 34-36 38-37",
    );
}

/// C.04.4.1 D.1 (2026 4.2): C.5-C.10 are equal for both sets; D.1 takes the set with the smaller sequence number (same score, higher initial ranking).
/// CPPDubovSystem: bracket 1.5: upfloaters by the text [9], it took [14], C.5-C.10 equal.
/// py4swiss: same as lexpair.
#[test]
fn t0044_round_5_upf_d1() {
    check("t0044", 5, "7-5 2-1 3-10 17-6 8-12 16-18 9-13 11-14 15-0");
}

/// C.04.4.1 D.1 (2026 4.2): C.5-C.10 are equal for both sets; D.1 takes the set with the smaller sequence number (same score, higher initial ranking).
/// CPPDubovSystem: bracket 4.0: upfloaters by the text [6], it took [9], C.5-C.10 equal.
/// py4swiss: same as lexpair.
#[test]
fn t0063_round_6_upf_d1() {
    check("t0063", 6, "3-10 11-2 6-4 15-9 5-16 8-7 27-14 1-12 13-28 25-30 18-34 19-20 17-22 21-29 23-26 33-24 31-32");
}

/// C.04.4.1 D.1 (2026 4.2): C.5-C.10 are equal for both sets; D.1 takes the set with the smaller sequence number (same score, higher initial ranking).
/// CPPDubovSystem: bracket 3.0: upfloaters by the text [35], it took [38], C.5-C.10 equal.
/// py4swiss: same as lexpair.
#[test]
fn t0075_round_8_upf_d1() {
    check("t0075", 8, "1-5 6-4 3-10 9-2 8-13 12-17 23-7 15-14 18-24 19-28 11-26 25-20 27-22 29-16 39-31 34-32 21-35 33-46 38-44 40-30 37-36 45-42 43-41");
}

/// C.04.4.1 B.0.3 with C.2 (2026 3.1.3, [C2] = Basic Rules Art. 4): the witness passed over an eligible player with a lower score: only a win's points scored without playing (PAB, forfeit win, full-point bye) bar the PAB, not a half- or zero-point bye.
/// CPPDubovSystem: bye by the text 74 (score 0.5, eligible: no win's points scored without playing), its bye 75 (score 1.0).
/// py4swiss: same as lexpair.
#[test]
fn t0002_round_7_bye_b0_3() {
    check("t0002", 7, "22-1 2-10 13-4 26-3 16-6 8-12 5-7 37-11 15-46 17-47 25-41 19-20 21-48 30-49 45-36 9-18 59-14 23-44 29-24 39-27 32-28 34-40 53-31 51-35 42-68 43-61 50-56 52-54 55-64 38-77 58-73 62-67 69-65 80-78 60-66 76-63 57-75 79-70 74-0");
}

/// C.04.4.1 B.0.3 with C.2 (2026 3.1.3, [C2] = Basic Rules Art. 4): the witness passed over an eligible player with a lower score: only a win's points scored without playing (PAB, forfeit win, full-point bye) bar the PAB, not a half- or zero-point bye.
/// CPPDubovSystem: bye by the text 74 (score 0.5, eligible: no win's points scored without playing), its bye 76 (score 1.5).
/// py4swiss: same as lexpair.
#[test]
fn t0002_round_8_bye_b0_3() {
    check("t0002", 8, "1-4 3-2 6-8 11-5 10-25 22-15 12-47 21-13 36-16 30-17 20-26 7-44 41-9 14-37 27-46 32-19 18-51 24-50 64-29 31-42 52-34 40-45 48-49 23-58 28-80 33-39 65-38 59-43 61-35 56-53 54-62 68-55 67-60 66-63 73-69 75-72 78-77 70-57 79-76 74-0");
}

/// C.04.4.1 B.0.3 with C.2 (2026 3.1.3, [C2] = Basic Rules Art. 4): the witness passed over an eligible player with a lower score: only a win's points scored without playing (PAB, forfeit win, full-point bye) bar the PAB, not a half- or zero-point bye.
/// CPPDubovSystem: bye by the text 31 (score 2.0, eligible: no win's points scored without playing), its bye 35 (score 2.5).
/// py4swiss: same as lexpair.
#[test]
fn t0012_round_9_bye_b0_3() {
    check(
        "t0012",
        9,
        "1-3 2-5 4-9 6-13 14-11 17-7 12-8 10-15 16-19 18-26 24-20 21-30 22-25 34-28 32-29 27-23 37-35 36-38 31-0",
    );
}

/// C.04.4.1 B.0.3 with C.2 (2026 3.1.3, [C2] = Basic Rules Art. 4): the witness passed over an eligible player with a lower score: only a win's points scored without playing (PAB, forfeit win, full-point bye) bar the PAB, not a half- or zero-point bye.
/// CPPDubovSystem: bye by the text 48 (score 0.5, eligible: no win's points scored without playing), its bye 46 (score 1.0).
/// py4swiss: same as lexpair.
#[test]
fn t0018_round_6_bye_b0_3() {
    check("t0018", 6, "8-9 6-3 5-26 1-7 14-10 2-15 4-19 11-40 13-25 21-20 17-23 12-35 36-18 42-16 33-24 31-27 28-29 30-41 44-32 37-39 34-46 49-47 38-45 48-0");
}

/// C.04.4.1 C.2 / B.0.1 (2026 [C2], 3.1.1): the witness gave the PAB to a player who already scored a (forfeit) win without playing.
/// CPPDubovSystem: its bye 49 already scored a win without playing (['Loss', 'Loss', 'ForfeitWin', 'Loss', 'Loss', 'Draw', 'Loss', 'Loss']).
/// py4swiss: same as lexpair.
#[test]
fn t0010_round_9_bye_c2() {
    check("t0010", 9, "15-2 7-3 6-1 4-8 19-22 5-25 18-16 36-11 12-31 13-30 14-20 17-27 40-10 21-39 29-24 32-35 44-23 34-37 38-41 26-45 51-28 48-55 56-54 43-33 47-53 42-52 49-46 50-0");
}

/// C.04.4.1 C.2 / B.0.1 (2026 [C2], 3.1.1): the witness gave the PAB to a player who already scored a (forfeit) win without playing.
/// CPPDubovSystem: its bye 6 already scored a win without playing (['Loss', 'Loss', 'Win', 'ForfeitWin', 'Draw', 'Draw']).
/// py4swiss: same as lexpair.
#[test]
fn t0186_round_7_bye_c2() {
    check("t0186", 7, "2-8 3-4 5-7 9-6 1-0");
}

/// C.04.4.1 C.2 / B.0.1 (2026 [C2], 3.1.1): the witness gave the PAB to a player who already scored a (forfeit) win without playing.
/// CPPDubovSystem: its bye 11 already scored a win without playing (['ForfeitWin', 'Loss', 'Win', 'Loss', 'Win', 'Loss', 'Loss']).
/// py4swiss: same as lexpair.
#[test]
fn t0233_round_8_bye_c2() {
    check("t0233", 8, "5-1 6-13 3-8 15-16 14-4 11-19 18-7 12-20 17-0");
}

/// C.04.4.1 B.0.4 (2026 3.1.4): among the eligible players with the lowest score the PAB goes to the one who has played the MOST games; the witness takes the one with fewer.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bye by the text 72 (4 games played), its bye 73 (3 games played).
#[test]
fn t0002_round_5_bye_b0_4() {
    check("t0002", 5, "8-1 7-4 3-2 14-6 15-10 16-12 13-20 17-28 23-22 26-41 19-18 45-24 25-27 30-48 55-36 5-59 9-32 21-40 29-37 71-33 34-67 43-46 47-54 38-35 49-68 60-50 51-65 53-44 75-31 57-52 69-56 58-62 63-64 66-78 79-80 77-61 76-70 73-74 72-0");
}

/// C.04.4.1 B.0.4 (2026 3.1.4): among the eligible players with the lowest score the PAB goes to the one who has played the MOST games; the witness takes the one with fewer.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bye by the text 32 (8 games played), its bye 35 (7 games played).
#[test]
fn t0003_round_9_bye_b0_4() {
    check(
        "t0003",
        9,
        "1-4 7-16 6-8 20-3 5-13 9-12 10-2 11-23 30-14 28-15 19-25 24-21 17-33 26-31 36-29 35-18 22-34 32-0",
    );
}

/// C.04.4.1 B.0.4 (2026 3.1.4): among the eligible players with the lowest score the PAB goes to the one who has played the MOST games; the witness takes the one with fewer.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bye by the text 24 (2 games played), its bye 18 (0 games played).
#[test]
fn t0019_round_3_bye_b0_4() {
    check("t0019", 3, "2-3 12-9 8-10 4-7 6-5 14-13 16-11 19-22 18-21 23-20 24-0");
}

/// C.04.4.1 B.0.4 (2026 3.1.4): among the eligible players with the lowest score the PAB goes to the one who has played the MOST games; the witness takes the one with fewer.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bye by the text 10 (2 games played), its bye 11 (1 games played).
#[test]
fn t0031_round_3_bye_b0_4() {
    check("t0031", 3, "5-4 2-1 3-6 7-8 11-9 10-0");
}

/// C.04.4.1 B.0.4 (2026 3.1.4): among the eligible players with the lowest score the PAB goes to the one who has played the MOST games; the witness takes the one with fewer.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bye by the text 79 (2 games played), its bye 80 (1 games played).
#[test]
fn t0070_round_3_bye_b0_4() {
    check("t0070", 3, "1-2 5-26 14-6 7-16 12-8 13-20 15-19 9-10 3-42 24-4 22-31 25-11 21-18 70-27 28-39 48-29 30-38 32-62 34-56 52-35 36-45 57-41 43-77 46-67 54-47 64-65 76-69 17-53 55-68 66-37 44-73 58-80 59-72 60-75 61-71 78-63 79-0");
}

/// C.04.4.1 E.0 (2026 5.x): both players have yet to play: the higher-ranked player gets the initial colour if his pairing number (TPN, absentees keep theirs) is odd, the other colour if even.
/// CPPDubovSystem: same pairs, other colours.
/// py4swiss: same as lexpair.
/// Player 27 is absent (half-point bye); 28 (TPN 28, even) meets 55 and gets the colour opposite to the initial one (white1): Black. CPPDubovSystem gives 28 White, as if pairing numbers counted present players only.
#[test]
fn t0010_round_1_colours_e0() {
    check("t0010", 1, "1-29 30-2 3-31 32-4 5-33 34-6 7-35 36-8 9-37 38-10 11-39 40-12 13-41 42-14 15-43 44-16 17-45 46-18 19-47 48-20 21-49 50-22 23-51 52-24 25-53 54-26 55-28 56-0");
}

/// C.04.4.1 E.0 (2026 5.x): both players have yet to play: the higher-ranked player gets the initial colour if his pairing number (TPN, absentees keep theirs) is odd, the other colour if even.
/// CPPDubovSystem: same pairs, other colours.
/// py4swiss: same as lexpair.
/// Player 2 is absent; the initial colour is black1, so 3 (TPN 3, odd) gets Black against 52. CPPDubovSystem gives 3 White, as if pairing numbers counted present players only.
#[test]
fn t0014_round_1_colours_e0() {
    check("t0014", 1, "51-1 52-3 4-53 54-5 6-55 56-7 8-57 58-9 10-59 60-11 12-61 62-13 14-63 64-15 16-65 66-17 18-67 68-19 20-69 70-21 22-71 72-23 24-73 74-25 26-75 76-27 28-77 78-29 30-79 80-31 32-81 82-33 34-83 84-35 36-85 86-37 38-87 88-39 40-89 90-41 42-91 92-43 44-93 94-45 46-95 96-47 48-97 98-49 50-99");
}

/// C.04.4.1 E.0 (2026 5.x): both players have yet to play: the higher-ranked player gets the initial colour if his pairing number (TPN, absentees keep theirs) is odd, the other colour if even.
/// CPPDubovSystem: same pairs, other colours.
/// py4swiss: same as lexpair.
/// 18 and 35 have yet to play (half-point byes in round 1); 18 ranks higher and his TPN 18 is even: the colour opposite to the initial one (white1), Black. CPPDubovSystem gives 18 White.
#[test]
fn t0038_round_2_colours_e0() {
    check("t0038", 2, "69-1 2-123 67-3 4-68 65-6 7-66 63-8 9-64 61-10 11-62 56-12 13-60 15-57 54-16 17-55 52-19 20-53 50-22 23-49 48-24 25-47 46-26 27-43 44-28 29-41 40-30 31-39 38-32 33-37 36-34 35-18 42-45 110-51 116-107 59-21 132-5 130-58 70-133 128-71 72-129 126-73 124-75 76-127 122-77 78-125 120-79 80-121 118-81 82-119 114-83 84-117 112-85 86-115 108-87 88-113 106-89 90-111 104-91 92-109 102-93 94-105 100-95 96-103 101-97 98-99");
}

/// C.04.4.1 E.3 with C.04.2 D.5 (2026 Art. 3.4 of the General Handling Rules): same colour preference and strength: alternate to the most recent time one had White and the other Black, in histories of played games with unplayed rounds moved to the front.
/// CPPDubovSystem: same pairs, other colours.
/// py4swiss: same as lexpair.
/// 2 (played WBWBWBWWB) and 10 (played WBWBWBW, two unplayed rounds) both have a strong preference for Black: the latest played games differ (2 Black, 10 White), so 2 gets White. CPPDubovSystem gives 10 White.
#[test]
fn t0044_round_10_colours_e3() {
    check("t0044", 10, "2-10 1-3 11-7 9-8 15-5 16-6 12-14 13-17 18-0");
}

/// C.04.4.1 E.3 with C.04.2 D.5 (2026 Art. 3.4 of the General Handling Rules): same colour preference and strength: alternate to the most recent time one had White and the other Black, in histories of played games with unplayed rounds moved to the front.
/// CPPDubovSystem: same pairs, other colours.
/// py4swiss: same as lexpair.
/// 12 (played BWWB) and 15 (played WB; rounds 1 and 3 unplayed) both have a mild preference for White; aligned from the latest played game the histories never differ, so E.4 gives the preference to the higher-ranked 12 (1.5 points against 1.0). CPPDubovSystem gives 15 White.
#[test]
fn t0062_round_5_colours_e3() {
    check("t0062", 5, "4-1 2-3 8-6 10-11 7-5 9-13 12-15 14-0");
}

/// C.04.4.1 B.3 (2026 4.x): nobody in the bracket has played yet, so G1 is the first half of the bracket by initial ranking (not the White seekers: everybody has a mild Black preference); S1 by ARO then ranking against T2 in ranking order.
/// CPPDubovSystem: bracket 0.5: same players and C.7 value (2), pairs by the text [(4, 23), (17, 55)] it paired [(4, 17), (23, 55)].
/// py4swiss: bracket 0.5: same players and C.7 value (2), pairs by the text [(4, 23), (17, 55)] it paired [(4, 17), (23, 55)].
#[test]
fn t0070_round_2_pair_b3_unplayed() {
    check("t0070", 2, "41-1 2-76 35-5 6-40 33-7 8-38 31-9 10-36 12-34 29-13 14-32 27-15 16-30 25-19 20-28 26-21 39-3 23-4 17-55 37-46 43-80 62-44 45-78 47-74 79-48 49-72 77-50 51-70 75-52 53-68 73-54 56-66 71-57 58-65 69-59 67-61 64-63 81-0");
}

/// C.04.4.1 B.3 (2026 4.x): nobody in the bracket has played yet, so G1 is the first half of the bracket by initial ranking (not the White seekers: everybody has a mild Black preference); S1 by ARO then ranking against T2 in ranking order.
/// CPPDubovSystem: bracket 0.5: same players and C.7 value (2), pairs by the text [(12, 30), (15, 76)] it paired [(12, 15), (30, 76)].
/// py4swiss: bracket 0.5: same players and C.7 value (2), pairs by the text [(12, 30), (15, 76)] it paired [(12, 15), (30, 76)].
#[test]
fn t0223_round_2_pair_b3_unplayed() {
    check("t0223", 2, "37-1 35-4 5-77 31-6 7-38 28-8 26-10 13-34 24-14 16-33 18-32 23-19 20-29 27-21 22-25 30-12 15-76 75-11 39-74 73-40 71-42 43-72 69-44 45-67 66-46 64-47 62-48 59-49 50-65 63-51 52-61 60-53 57-54 55-58");
}

/// C.04.4.1 B.3, D.2 (2026 4.3): one G1 player can meet nobody in G2, so one pair inside G1 is unavoidable; the shifters are the first in D.2 order (middle outwards) that allow a legal pairing best for C.7.
/// CPPDubovSystem: bracket 5.0: upfloaters by the text [2] scores [4.5], it took [9] scores [4.0].
/// py4swiss: bracket 3.0: same players and C.7 value (2), pairs by the text [(12, 16), (13, 19), (17, 18)] it paired [(12, 19), (13, 18), (16, 17)].
#[test]
fn t0300_round_7_pair_b3_d2() {
    check("t0300", 7, "2-3 8-4 5-1 9-7 11-6 10-15 12-16 19-13 18-17 25-20 14-27 21-23 26-22 24-0");
}

/// C.04.4.1 C.9 (2026 [C9]): both candidates are maximum upfloaters (C.8 equal); C.9 minimises the upfloats of the maximum upfloaters chosen: lexpair's was upfloated fewer times.
/// CPPDubovSystem: same as lexpair.
/// py4swiss: bracket 5.5: upfloaters by the text [13] C.9 = 4, its upfloaters [14] C.9 = 5.
#[test]
fn t0228_round_9_upf_c9() {
    check("t0228", 9, "11-1 9-6 4-13 3-14 2-5 10-8 12-7");
}

/// Pairs round `round` of `../shared/corpus/peers/FILE` (CPPDubovSystem's own test
/// tournaments) under Dubov 2026; returns the boards as `white-black` ids and the reason the
/// command gives for not pairing `recorded` (a pair CPPDubovSystem made).
fn peer(file: &str, round: u32, recorded: (u32, u32)) -> (BTreeSet<String>, String) {
    let path = common::corpus("peers").join(file);
    let doc = lexpair::trf::read_file(&path, &lexpair::trf::ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let t = lexpair::tournament::Tournament::before_round(&doc, round).unwrap_or_else(|e| panic!("{}", e.message));
    let opts = PairOptions::default();
    let (p, traces) = lexpair::round::pair(&t, System::Dubov2026, &opts)
        .map(|r| (r.pairing, r.traces))
        .unwrap_or_else(|e| panic!("{e}"));
    let boards = p.boards.iter().map(|b| format!("{}-{}", t.players[b.white].id, t.players[b.black].id)).collect();
    let why = lexpair::systems::why_not(System::Dubov2026, &t, &opts, &traces, recorded.0, recorded.1)
        .unwrap_or_else(|e| panic!("{e}"));
    (boards, why)
}

/// CPPDubovSystem's `parsing_test.trf` (its 012 line: "testing FPC on round with incorrect
/// pairings"), round 3, bracket ½ (residents 9 and 19, two upfloaters of 0 points): 3.2.2
/// chooses the first set of upfloaters whose pairing complies best with [C1]-[C10]. The recorded
/// set {2, 3} pairs 2-9 (both prefer White: [C7] 1); {2, 8} pairs 9-8 and 2-19, every colour
/// preference granted ([C7] 0).
#[test]
fn cppdubov_parsing_test_round_3_c7() {
    let (boards, why) = peer("cppdubov-parsing_test.trf", 3, (2, 9));
    assert!(boards.contains("9-8") && boards.contains("2-19"), "{boards:?}");
    assert!(why.contains("[C7]") && why.contains(": 1, where the pairing made has") && why.ends_with(": 0"), "{why}");
}

/// The same file, round 5 (its TNR line says 6 rounds: not the last round, so [C8]-[C10] apply),
/// bracket 1½ (5, 9, 18 and one upfloater of 1 point): the recorded upfloater 11 upfloated in
/// round 4; [C10] prefers 13, who did not.
#[test]
fn cppdubov_parsing_test_round_5_c10() {
    let (boards, why) = peer("cppdubov-parsing_test.trf", 5, (11, 5));
    assert!(boards.contains("13-5") && boards.contains("18-9"), "{boards:?}");
    assert!(why.contains("[C10]"), "{why}");
}

/// CPPDubovSystem's `test.trf`, round 5 (6 rounds), bracket 1½ (11, 13, 20 and one upfloater of
/// 1 point): the recorded upfloater 2 upfloated in round 4 ([C10]); 5 did not, and is chosen.
#[test]
fn cppdubov_test_round_5_c10() {
    let (boards, why) = peer("cppdubov-test.trf", 5, (2, 11));
    assert!(boards.contains("13-11") && boards.contains("5-20"), "{boards:?}");
    assert!(why.contains("[C10]"), "{why}");
}
