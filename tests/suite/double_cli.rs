//! The Double-Swiss system on the command line: the pairs format (the match White first), JSON
//! with both games, TRF with the match in its two game columns that reads back, `--explain`,
//! `--why-not`, `--why-bye`, `check`, `state`, `verify`, and files refused with exit 3 naming the
//! file and what is wrong: a file mixing conventions, a Double-Swiss file given to another system,
//! a match beyond the next.

use crate::common;
use common::lexpair;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/double-m4.trf");
const T0003: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/double-2026/tournaments/t0003.trf");

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The example is match 4 of corpus t0046, where [C6] takes 6 as 1's upfloater (Gacrux's pairs).
#[test]
fn pair_prints_the_match_white_first() {
    let expected = "6\n6 1\n2 4\n7 3\n5 8\n11 10\n12 13\n";
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(text(&o), expected);
    let o = lexpair(&["--double", EXAMPLE, "-p"]);
    assert_eq!(text(&o), expected, "the drop-in form");
}

/// 4.4: the match White has White in game 1 and Black in game 2; the TRF gets both columns, and
/// the next match cannot be paired before their results are in.
#[test]
fn json_and_trf_carry_both_games() {
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let first = &v["boards"][0];
    assert_eq!((first["white"].as_u64(), first["black"].as_u64()), (Some(6), Some(1)));
    let games = first["games"].as_array().expect("games");
    assert_eq!((games[0]["white"].as_u64(), games[1]["white"].as_u64()), (Some(6), Some(1)));
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--format", "trf"]);
    let trf = text(&o);
    let doc = lexpair::trf::read_str(&trf, "out.trf", &Default::default()).expect("reads back");
    let p6 = doc.player(6).expect("player 6");
    let (g1, g2) = (p6.rounds[6].expect("game 1 of match 4"), p6.rounds[7].expect("game 2 of match 4"));
    use lexpair::trf::Colour::{Black, White};
    assert_eq!((g1.opponent, g1.colour, g2.opponent, g2.colour), (Some(1), Some(White), Some(1), Some(Black)));
    let dir = tempdir();
    let paired = dir.join("paired.trf");
    std::fs::write(&paired, &trf).expect("write");
    let o = lexpair(&["pair", "-s", "double-2026", paired.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("match 4 has results pending"), "{}", stderr(&o));
}

fn tempdir() -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-double-cli-{}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn explain_and_the_questions_answer_in_the_texts_words() {
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--explain"]);
    let s = text(&o);
    assert!(s.contains("Double-Swiss system") && s.contains("[C4]") && s.contains("3.5.4"), "{s}");
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--why-not", "1", "4"]);
    assert!(text(&o).contains("[C6]"), "{}", text(&o));
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--why-not", "1", "2"]);
    assert!(text(&o).contains("C.04.5 2.1.1 [C1]"), "{}", text(&o));
    let o = lexpair(&["pair", "-s", "double-2026", T0003, "--round", "5", "--why-bye", "56"]);
    assert!(text(&o).contains("56 receives the pairing-allocated bye") && text(&o).contains("C.04.5 2.1.2 [C2]"));
}

/// `check` replays every match of a complete tournament (pairing-core's t0003 differs from the
/// text only by 4.3.3's alignment in match 8); `state` shows match and game points; `verify`
/// judges a hand-made pairing.
#[test]
fn check_state_and_verify() {
    let o = lexpair(&["check", "-s", "double-2026", "--allow-diff", T0003]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let s = text(&o);
    assert!(s.contains("round 8: differs") && s.contains("identical 7/8"), "{s}");
    let o = lexpair(&["state", EXAMPLE]);
    let s = text(&o);
    assert!(s.starts_with("match 4 of 5; Double-Swiss (C.04.5); PAB worth 1.5"), "{s}");
    assert!(s.contains("absent (Zero bye)"));
    let o = lexpair(&["state", "--json", EXAMPLE]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let p1 = &v["players"][0];
    assert_eq!((p1["score"].as_i64(), p1["match_points"].as_i64()), (Some(55), Some(60)));
    let dir = tempdir();
    let pairs = dir.join("pairs.txt");
    // pairing-core's pairing of this match: 4-1 breaks [C6], a quality criterion, not a rule.
    std::fs::write(&pairs, "6\n4 1\n2 7\n6 3\n5 8\n11 10\n12 13\n").expect("write");
    let o = lexpair(&["verify", "-s", "double-2026", EXAMPLE, pairs.to_str().expect("path")]);
    let s = text(&o);
    assert!(s.contains("legal: no absolute rule broken"), "{s}");
    std::fs::write(&pairs, "6\n2 1\n4 7\n6 3\n5 8\n11 10\n12 13\n").expect("write");
    let o = lexpair(&["verify", "-s", "double-2026", EXAMPLE, pairs.to_str().expect("path")]);
    assert!(text(&o).contains("C.04.5 2.1.1 [C1]"), "{}", text(&o));
}

#[test]
fn bad_files_are_refused_with_exit_3_naming_what_is_wrong() {
    let dir = tempdir();
    let good = std::fs::read_to_string(EXAMPLE).expect("example");
    // Player 1's game 2 of match 1 against 8 instead of 7: the reader sees a one-sided game.
    let bad = dir.join("bad.trf");
    let line = good.lines().find(|l| l.starts_with("001    1 ")).expect("player 1");
    std::fs::write(&bad, good.replacen(line, &line.replacen("     7 b 1", "     8 b 1", 1), 1)).expect("write");
    let o = lexpair(&["pair", "-s", "double-2026", bad.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("bad.trf") && stderr(&o).contains(":13:"), "{}", stderr(&o));
    // An odd 142 cannot count two game columns per match.
    let odd = dir.join("odd.trf");
    std::fs::write(&odd, good.replace("142 10", "142 9")).expect("write");
    let o = lexpair(&["pair", "-s", "double-2026", odd.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("142"), "{}", stderr(&o));
    // A Double-Swiss file to an individual system, and a custom code.
    let o = lexpair(&["pair", "-s", "dutch-2026", EXAMPLE]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("pair it with the double-2026 system"), "{}", stderr(&o));
    let custom = dir.join("custom.trf");
    std::fs::write(&custom, good.replace("192 FIDE_DOUBLESWISS", "192 CUSTOM_DOUBLESWISS")).expect("write");
    let o = lexpair(&["pair", "-s", "double-2026", custom.to_str().expect("path")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("custom.trf:12:") && stderr(&o).contains("192"), "{}", stderr(&o));
    let o = lexpair(&["pair", "-s", "double-2026", EXAMPLE, "--round", "6"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("the match to pair is 4"), "{}", stderr(&o));
}
