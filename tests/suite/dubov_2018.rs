//! The 2018 Dubov text (C.04.4.1, approved by the 2018 General Assembly) against hand-worked
//! cases, for the rules that differ from the 2026 edition and for the rules both share.
//!
//! Differences between the editions (see `docs/dubov.md`):
//! - C.2 (PAB eligibility): 2018 bars a player who received the PAB or scored a forfeit win;
//!   2026 [C2] (Basic Rules Art. 4) bars anybody who scored a win's points without playing, so
//!   also after a requested full-point bye.
//! - D.1 (order of the upfloater sets): 2018 sorts containers by C.6, then lexicographically;
//!   2026 4.2 sorts by the smallest differing sequence number, with [C5]/[C6] fixing the number
//!   and scores of the upfloaters. Both choose the same set, since C.5 and C.6 are quality
//!   criteria ranked above the set order: the tests below check both editions agree on rounds
//!   whose upfloaters are decided by C.6 containers and by the order inside a container.

use crate::common;
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, read_str, ReadOptions, TrfDocument};
use lexpair::vocabulary::{PairError, System};
use std::collections::BTreeSet;
use std::path::Path;

fn data(name: &str) -> TrfDocument {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/dubov").join(name);
    read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn corpus(name: &str) -> TrfDocument {
    common::corpus_document("dubov-2026", name)
}

fn pair(doc: &TrfDocument, round: u32, system: System) -> Result<(Tournament, RoundPairing), PairError> {
    let t = Tournament::before_round(doc, round).unwrap_or_else(|e| panic!("{e}"));
    let p = lexpair::round::pair(&t, system, &PairOptions::default()).map(|r| r.pairing)?;
    Ok((t, p))
}

/// `white-black` TRF ids, `id-0` for the PAB.
fn boards(t: &Tournament, p: &RoundPairing) -> BTreeSet<String> {
    let mut s: BTreeSet<String> =
        p.boards.iter().map(|b| format!("{}-{}", t.players[b.white].id, t.players[b.black].id)).collect();
    if let Some(x) = p.bye {
        s.insert(format!("{}-0", t.players[x].id));
    }
    s
}

fn set(text: &str) -> BTreeSet<String> {
    text.split_whitespace().map(str::to_string).collect()
}

/// C.2 / B.0, 2018 against 2026 (`tests/data/dubov/c2_full_point_bye.trf`). Round 5 of six
/// players; 1 is absent. Scores before it: 3 1.0, 4 1.5 (a requested full-point bye in round
/// 4), 2 2.0, 5 2.5, 6 3.0; nobody had the PAB or a forfeit win. Already met: 2-4, 3-4, 4-6,
/// 2-6, 3-6, 2-5, 3-5 (and 1 with 2, 3, 5); not met: 2-3, 4-5, 5-6.
///
/// 2018, B.0: everybody is eligible (C.2 bars only a PAB or a forfeit win). 3 (lowest score)
/// leaves 2, 4, 5, 6: 4 can only meet 5, and then 2-6 have met, so B.0.2 rules 3 out. 4 is next
/// and leaves 2-3 and 5-6, both legal: the PAB goes to 4. Colours: 2 (BWWW, absolute Black)
/// against 3 (BWBW, mild Black): E.2, 3 White; 5 (strong White) against 6 (strong Black): E.1.
///
/// 2026, [C2] = Basic Rules Art. 4: 4 scored a win's points without playing and may not have
/// the PAB. 3 and then 2 leave 4 with only 5 and the other two unpairable; 5 leaves 4 nobody;
/// 6 leaves 4-5 (4 absolute White against a strong White: E.2) and 3-2.
#[test]
fn c2_full_point_bye_bars_the_pab_only_in_2026() {
    let doc = data("c2_full_point_bye.trf");
    let (t, p) = pair(&doc, 5, System::Dubov2018).expect("2018 pairs the round");
    assert_eq!(boards(&t, &p), set("3-2 5-6 4-0"));
    let (t, p) = pair(&doc, 5, System::Dubov2026).expect("2026 pairs the round");
    assert_eq!(boards(&t, &p), set("3-2 4-5 6-0"));
}

/// Round 1 under the 2018 text, six players: B.3 puts the first half by initial ranking in G1
/// (nobody has played); S1 = 1, 2, 3 (all AROs zero, then ranking); T2 = 4, 5, 6 is legal.
/// E.0 with `XXC white1`: the higher-ranked player of each pair gets White if his pairing number
/// is odd (1, 3) and Black if even (2).
#[test]
fn round_one_halves_and_e0() {
    let mut text = String::from("012 round one\nXXR 5\nXXC white1\n");
    for id in 1..=6u32 {
        text.push_str(&format!(
            "001 {id:>4}      {:<33} {:>4}                             0.0\n",
            format!("Player {id}"),
            2500 - 50 * id
        ));
    }
    let doc = read_str(&text, "r1.trf", &ReadOptions::default()).expect("valid TRF");
    for system in [System::Dubov2018, System::Dubov2026] {
        let (t, p) = pair(&doc, 1, system).expect("round 1 pairs");
        assert_eq!(boards(&t, &p), set("1-4 5-2 3-6"), "{system}");
    }
}

/// D.1 (2018: containers sorted by C.6, then lexicographic; 2026 4.2: smallest differing
/// sequence number after [C5]/[C6]) chooses the same upfloaters in both editions: t0010 round
/// 10 needs two upfloaters for the 7.5 bracket and takes one 6.5 and one 6.0 player (the
/// container with the highest lowest score), t0012 round 7 and t0044 round 5 choose inside a
/// container (the higher-ranked player of the same score). No player in these tournaments had
/// a full-point bye, so the C.2 difference does not arise.
#[test]
fn d1_upfloater_order_is_the_same_in_both_editions() {
    for (name, round) in [("t0010", 10), ("t0012", 7), ("t0044", 5)] {
        let doc = corpus(name);
        let (t, a) = pair(&doc, round, System::Dubov2018).expect("2018 pairs");
        let (_, b) = pair(&doc, round, System::Dubov2026).expect("2026 pairs");
        assert_eq!(boards(&t, &a), boards(&t, &b), "{name} round {round}");
    }
}
