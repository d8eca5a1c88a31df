//! The independent checker on hand-made pairings: one illegal pairing per absolute rule (each
//! naming its article), legal pairings that are worse than another, and `lexpair verify`.

use crate::common;

use lexpair::options::PairOptions;
use lexpair::pairing::{Board, RoundPairing};
use lexpair::tournament::Tournament;
use lexpair::trf::{read_str, ReadOptions};
use lexpair::verify::{self, Comparison, Criterion, Rule};
use lexpair::vocabulary::System;

/// Eight players after two rounds; round 3 to pair, player 8 announced absent.
/// Colours of played games: 1 WW, 2 WW, 3 BB, 4 WB, 5 B (then a forfeit win), 6 none (PAB,
/// forfeit loss), 7 B (then the PAB). Scores: 2, 2, 0, 0.5, 1, 1, 1.5, 1. XXP forbids 1-4.
fn trf(total_rounds: u32) -> String {
    let line = |id: u32, pts: &str, rounds: &[(&str, &str, &str)]| {
        let mut s = format!(
            "001 {id:>4} m    {:<33} {:>4} NOR {:>11} {:<10} {pts:>4} {id:>4}",
            format!("Player {id}"),
            2500 - 50 * id,
            1000 + id,
            "1990/01/01"
        );
        for (o, c, r) in rounds {
            s.push_str(&format!("  {o:>4} {c} {r}"));
        }
        s
    };
    [
        "012 verify fixture".to_string(),
        format!("XXR {total_rounds}"),
        line(1, "2.0", &[("5", "w", "1"), ("3", "w", "1")]),
        line(2, "2.0", &[("3", "w", "1"), ("4", "w", "1")]),
        line(3, "0.0", &[("2", "b", "0"), ("1", "b", "0")]),
        line(4, "0.5", &[("7", "w", "="), ("2", "b", "0")]),
        line(5, "1.0", &[("1", "b", "0"), ("6", "w", "+")]),
        line(6, "1.0", &[("0000", "-", "U"), ("5", "b", "-")]),
        line(7, "1.5", &[("4", "b", "="), ("0000", "-", "U")]),
        line(8, "1.0", &[("0000", "-", "H"), ("0000", "-", "H"), ("0000", "-", "H")]),
        "XXP 1 4".to_string(),
        String::new(),
    ]
    .join("\n")
}

fn state(total_rounds: u32) -> Tournament {
    let doc = read_str(&trf(total_rounds), "fixture.trf", &ReadOptions::default()).expect("fixture reads");
    Tournament::before_round(&doc, 3).expect("state before round 3")
}

/// A pairing from TRF ids: boards (white, black) and the bye.
fn pairing(t: &Tournament, boards: &[(u32, u32)], bye: Option<u32>) -> RoundPairing {
    let ix = |id: u32| t.index_of(id).expect("known id");
    RoundPairing {
        boards: boards.iter().map(|&(w, b)| Board { white: ix(w), black: ix(b) }).collect(),
        bye: bye.map(ix),
    }
}

/// The violations as (rule, players) pairs, sorted.
fn broken(system: System, t: &Tournament, p: &RoundPairing) -> Vec<(Rule, Vec<u32>)> {
    let mut v: Vec<_> = verify::check(system, t, p).into_iter().map(|v| (v.rule, v.players)).collect();
    v.sort_by_key(|(r, p)| (format!("{r:?}"), p.clone()));
    v
}

fn article_of(system: System, t: &Tournament, p: &RoundPairing, rule: Rule) -> String {
    let v = verify::check(system, t, p);
    v.iter().find(|v| v.rule == rule).map(|v| v.article.to_string()).unwrap_or_default()
}

const LEGAL: &[(u32, u32)] = &[(7, 1), (5, 2), (3, 6)];

#[test]
fn a_legal_pairing_breaks_nothing_in_any_system() {
    let t = state(5);
    let p = pairing(&t, LEGAL, Some(4));
    for s in common::player_systems() {
        assert_eq!(broken(s, &t, &p), vec![], "{s}");
    }
}

#[test]
fn rematch_names_c1() {
    let t = state(5);
    let p = pairing(&t, &[(3, 1), (5, 2), (7, 6)], Some(4));
    assert_eq!(broken(System::Dutch2026, &t, &p), vec![(Rule::Rematch, vec![3, 1])]);
    assert!(article_of(System::Dutch2026, &t, &p, Rule::Rematch).contains("[C1]"));
    assert!(article_of(System::Dutch2017, &t, &p, Rule::Rematch).contains("C.1"));
    assert!(article_of(System::Dutch2012, &t, &p, Rule::Rematch).contains("B.1.a"));
    assert!(article_of(System::Lim, &t, &p, Rule::Rematch).contains("C.04.4.3"));
}

#[test]
fn forbidden_pair_is_broken() {
    let t = state(5);
    let p = pairing(&t, &[(4, 1), (5, 2), (7, 6)], Some(3));
    assert_eq!(broken(System::Dutch2017, &t, &p), vec![(Rule::ForbiddenPair, vec![4, 1])]);
    assert!(article_of(System::Dutch2017, &t, &p, Rule::ForbiddenPair).contains("XXP"));
}

#[test]
fn third_white_and_difference_three_for_a_non_topscorer() {
    let t = state(5);
    let p = pairing(&t, &[(1, 2), (3, 5), (7, 6)], Some(4));
    assert_eq!(
        broken(System::Dutch2026, &t, &p),
        vec![(Rule::ColourDifference, vec![1]), (Rule::ColourThreeInARow, vec![1])]
    );
    assert!(article_of(System::Dutch2026, &t, &p, Rule::ColourThreeInARow).contains("Art. 7"));
    assert!(article_of(System::Dutch2026, &t, &p, Rule::ColourDifference).contains("Art. 6"));
    assert!(article_of(System::Dutch2017, &t, &p, Rule::ColourThreeInARow).contains("C.04.1.g"));
    assert!(article_of(System::Lim, &t, &p, Rule::ColourThreeInARow).contains("5.1.a"));
}

#[test]
fn last_round_topscorers_are_exempt_in_dutch_and_lim_not_in_dubov() {
    // XXR 3: round 3 is the last; 1 and 2 (2 points of 2) are topscorers with equal scores.
    let t = state(3);
    let p = pairing(&t, &[(1, 2), (3, 5), (7, 6)], Some(4));
    for s in [System::Dutch2026, System::Dutch2017, System::Dutch2012, System::Lim] {
        assert_eq!(broken(s, &t, &p), vec![], "{s}");
    }
    for s in [System::Dubov2026, System::Dubov2018] {
        assert_eq!(broken(s, &t, &p), vec![(Rule::ColourDifference, vec![1]), (Rule::ColourThreeInARow, vec![1])]);
    }
    // Not the last round: the same pairing breaks the limits in every system.
    let t5 = state(5);
    assert!(!broken(System::Dutch2026, &t5, &pairing(&t5, &[(1, 2), (3, 5), (7, 6)], Some(4))).is_empty());
}

#[test]
fn second_pab_is_refused_under_each_edition() {
    let t = state(5);
    let p = pairing(&t, &[(7, 1), (5, 2), (3, 4)], Some(6));
    assert_eq!(broken(System::Dutch2026, &t, &p), vec![(Rule::ByeIneligible, vec![6])]);
    assert!(article_of(System::Dutch2026, &t, &p, Rule::ByeIneligible).contains("Art. 4"));
    assert!(article_of(System::Dutch2017, &t, &p, Rule::ByeIneligible).contains("C.04.1.d"));
    assert!(article_of(System::Dubov2026, &t, &p, Rule::ByeIneligible).contains("[C2]"));
}

#[test]
fn pab_after_a_forfeit_win() {
    let t = state(5);
    let p = pairing(&t, &[(7, 1), (6, 2), (3, 4)], Some(5));
    for s in common::player_systems() {
        assert_eq!(broken(s, &t, &p), vec![(Rule::ByeIneligible, vec![5])], "{s}");
    }
}

#[test]
fn presence_rules() {
    let t = state(5);
    let unpaired = pairing(&t, LEGAL, None);
    assert_eq!(broken(System::Dutch2026, &t, &unpaired), vec![(Rule::Unpaired, vec![4])]);
    assert!(article_of(System::Dutch2026, &t, &unpaired, Rule::Unpaired).contains("Art. 3"));
    let twice = pairing(&t, &[(7, 1), (5, 2), (3, 6), (6, 4)], None);
    assert_eq!(broken(System::Dutch2017, &t, &twice), vec![(Rule::PairedTwice, vec![6])]);
    let absent = pairing(&t, &[(7, 1), (5, 2), (3, 6), (8, 4)], None);
    assert_eq!(broken(System::Dubov2026, &t, &absent), vec![(Rule::AbsentPaired, vec![8])]);
    let mut selfp = pairing(&t, &[(7, 1), (5, 2), (3, 6)], None);
    selfp.boards.push(Board { white: 3, black: 3 });
    assert_eq!(broken(System::Lim, &t, &selfp), vec![(Rule::PairedWithSelf, vec![4])]);
}

#[test]
fn bye_with_an_even_number_of_players() {
    // Player 8 present (no announced bye in round 3): eight players, no PAB allowed.
    let text = trf(5).replace("  0000 - H  0000 - H  0000 - H", "  0000 - H  0000 - H");
    let doc = read_str(&text, "even.trf", &ReadOptions::default()).expect("reads");
    let t = Tournament::before_round(&doc, 3).expect("state");
    let p = pairing(&t, &[(7, 1), (5, 2), (3, 6)], Some(8));
    assert_eq!(broken(System::Dutch2026, &t, &p), vec![(Rule::ByeNotNeeded, vec![8]), (Rule::Unpaired, vec![4])]);
}

#[test]
fn a_legal_but_worse_pairing_names_the_first_worse_criterion() {
    let t = state(5);
    let with_bye_to_4 = verify::evaluate(System::Dutch2026, &t, &pairing(&t, LEGAL, Some(4)));
    let with_bye_to_3 = verify::evaluate(System::Dutch2026, &t, &pairing(&t, &[(7, 1), (5, 2), (4, 6)], Some(3)));
    match verify::compare(&with_bye_to_4, &with_bye_to_3) {
        Comparison::Worse { criterion, article, value, reference } => {
            assert_eq!(criterion, Criterion::ByeScore);
            assert!(article.contains("[C5]"));
            assert_eq!((value, reference), (vec![5], vec![0]));
        }
        other => panic!("expected worse at the PAB score, got {other:?}"),
    }
    assert_eq!(verify::compare(&with_bye_to_4, &with_bye_to_4), Comparison::AsGood);
    // Under Dutch 2017 the PAB's score is no criterion of its own: it counts among the downfloaters.
    let a = verify::evaluate(System::Dutch2017, &t, &pairing(&t, LEGAL, Some(4)));
    let b = verify::evaluate(System::Dutch2017, &t, &pairing(&t, &[(7, 1), (5, 2), (4, 6)], Some(3)));
    assert!(matches!(verify::compare(&a, &b), Comparison::Worse { criterion: Criterion::ScoreDifferences, .. }));
}

#[test]
fn lexpairs_own_pairing_is_legal_and_not_beaten_by_a_hand_made_one() {
    let t = state(5);
    for s in [System::Dutch2026, System::Dutch2017, System::Dubov2026] {
        let mine = lexpair::round::pair(&t, s, &PairOptions::default()).map(|r| r.pairing).expect("pairs");
        assert_eq!(verify::check(s, &t, &mine), vec![], "{s}");
        let hand = verify::evaluate(s, &t, &pairing(&t, LEGAL, Some(4)));
        let cmp = verify::compare(&hand, &verify::evaluate(s, &t, &mine));
        assert!(!matches!(cmp, Comparison::Better { .. }), "{s}: {cmp:?}");
    }
}

#[test]
fn pairs_file_errors_name_line_and_field() {
    let t = state(5);
    let e = verify::pairs_file::parse_pairs("4\n7 1\n5 2\n3 99\n4 0\n", "p.txt", &t).unwrap_err().to_string();
    assert_eq!(e, "p.txt:4: black: no player with id 99 in the tournament");
    let e = verify::pairs_file::parse_pairs("3\n7 1\n", "p.txt", &t).unwrap_err().to_string();
    assert!(e.starts_with("p.txt:1: count:"), "{e}");
    let ok = verify::pairs_file::parse_pairs("4\n7 1\n5 2\n3 6\n4 0\n", "p.txt", &t).expect("parses");
    assert_eq!(ok, pairing(&t, LEGAL, Some(4)));
}

mod cli {
    use std::process::Command;

    fn run(args: &[&str]) -> (i32, String) {
        let out = Command::new(env!("CARGO_BIN_EXE_lexpair")).args(args).output().expect("runs");
        (out.status.code().unwrap_or(-1), String::from_utf8_lossy(&out.stdout).into_owned())
    }

    fn files(pairs: &str) -> (tempdir::Dir, String, String) {
        let d = tempdir::Dir::new();
        let trf = d.path("in.trf");
        std::fs::write(&trf, super::trf(5)).expect("write");
        let p = d.path("pairs.txt");
        std::fs::write(&p, pairs).expect("write");
        (d, trf, p)
    }

    mod tempdir {
        pub struct Dir(std::path::PathBuf);
        impl Dir {
            pub fn new() -> Dir {
                static N: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
                let k = N.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                let p = std::env::temp_dir().join(format!("lexpair-verify-test-{}-{k}", std::process::id()));
                std::fs::create_dir_all(&p).expect("mkdir");
                Dir(p)
            }
            pub fn path(&self, name: &str) -> String {
                self.0.join(name).display().to_string()
            }
        }
        impl Drop for Dir {
            fn drop(&mut self) {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn legal_pairing_exits_0_and_compares() {
        let (_d, trf, p) = files("4\n7 1\n5 2\n3 6\n4 0\n");
        let (code, out) = run(&["verify", "--system", "dutch-2026", &trf, &p, "--round", "3"]);
        assert_eq!(code, 0, "{out}");
        assert!(out.starts_with("legal:"), "{out}");
        assert!(out.contains("[C5]"), "{out}");
    }

    #[test]
    fn a_worse_pairing_is_told_in_points_and_words() {
        // The bye to 4 (½ point) where lexpair gives it to 3 (0): the text counts in points.
        let (_d, trf, p) = files("4\n7 1\n5 2\n3 6\n4 0\n");
        let (code, out) = run(&["verify", "--system", "dutch-2026", &trf, &p, "--round", "3"]);
        assert_eq!(code, 0, "{out}");
        assert!(out.contains("(score of the PAB's receiver): ½ against 0"), "{out}");
        assert!(!out.contains("[5]") && !out.contains("ByeScore"), "{out}");
        assert!(out.contains("scores of the downfloaters                         2, 2, 1, ½ | 2, 2, 1, 0"), "{out}");
    }

    #[test]
    fn illegal_pairing_exits_1_naming_each_rule() {
        let (_d, trf, p) = files("4\n3 1\n5 2\n7 6\n4 0\n");
        let (code, out) = run(&["verify", "--system", "dutch-2017", &trf, &p, "--round", "3", "--format", "json"]);
        assert_eq!(code, 1, "{out}");
        let v: serde_json::Value = serde_json::from_str(&out).expect("json");
        assert_eq!(v["legal"], false);
        assert_eq!(v["violations"][0]["rule"], "Rematch");
        assert_eq!(v["violations"][0]["players"], serde_json::json!([3, 1]));
    }

    #[test]
    fn malformed_pairs_file_exits_3() {
        let (_d, trf, p) = files("2\n7 x\n4 0\n");
        let (code, _) = run(&["verify", "--system", "dutch-2026", &trf, &p, "--round", "3"]);
        assert_eq!(code, 3);
    }
}

#[test]
fn the_guard_refuses_an_illegal_pairing_and_saves_the_case() {
    let t = state(5);
    let dir = std::env::temp_dir().join(format!("lexpair-guard-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    std::env::set_var("LEXPAIR_BUG_DIR", &dir);
    assert!(verify::guard(System::Dutch2026, &t, &pairing(&t, LEGAL, Some(4))).is_ok());
    let e = verify::guard(System::Dutch2026, &t, &pairing(&t, &[(3, 1), (5, 2), (7, 6)], Some(4))).unwrap_err();
    assert_eq!(e.violations.len(), 1);
    let saved = e.saved.clone().expect("saved");
    assert!(saved.starts_with(&dir));
    let case: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&saved).expect("read")).expect("json");
    assert_eq!(case["violations"][0]["rule"], "Rematch");
    assert_eq!(case["boards"][0], serde_json::json!([3, 1]));
    assert!(e.to_string().contains(&saved.display().to_string()));
    let _ = std::fs::remove_dir_all(&dir);
}

/// `../shared/bad-input/repeat_pab_half_point.trf` (issue 17): with a PAB worth half a point the
/// 2026 editions' pairing code offered a second PAB, which C.04.1 Art. 4 forbids. Whatever the
/// pairing code does, nothing illegal is written: exit 1 (no pairing) or 2 (the guard's refusal,
/// with the case saved).
#[test]
fn a_second_pab_is_never_written() {
    let shared = std::env::var_os("LEXPAIR_SHARED")
        .map(std::path::PathBuf::from)
        .unwrap_or_else(|| std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared"));
    let input = shared.join("bad-input/repeat_pab_half_point.trf");
    assert!(input.is_file(), "{} is missing", input.display());
    let dir = std::env::temp_dir().join(format!("lexpair-second-pab-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("mkdir");
    for system in ["dutch-2026", "dubov-2026"] {
        let out = dir.join(format!("{system}.txt"));
        let run = std::process::Command::new(env!("CARGO_BIN_EXE_lexpair"))
            .env("LEXPAIR_BUG_DIR", &dir)
            .args(["pair", "-s", system])
            .arg(&input)
            .arg("-o")
            .arg(&out)
            .output()
            .expect("runs");
        let code = run.status.code();
        assert!(matches!(code, Some(1) | Some(2)), "{system}: exit {code:?}");
        assert!(!out.exists(), "{system}: an output was written");
        if code == Some(2) {
            let saved = std::fs::read_dir(&dir)
                .expect("dir")
                .flatten()
                .any(|e| e.file_name().to_string_lossy().starts_with(&format!("lexpair-bug-{system}-r2-")));
            assert!(saved, "{system}: the case was not saved");
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Four players after six rounds beyond the rules (1 and 2 met six times, 3 and 4 too): 1 at −4
/// (BBBBWB), 2 at +4, 3 at +2 after two blacks (WWWWBB), 4 at −2 after two whites. Round 7 of
/// `total` to pair; 1-2 all draws, 3 beat 4 every time.
fn beyond(total: u32) -> Tournament {
    let line = |id: u32, pts: &str, opp: u32, colours: &str, result: char| {
        let mut s = format!(
            "001 {id:>4} m    {:<33} {:>4} NOR {:>11} {:<10} {pts:>4} {id:>4}",
            format!("P{id}"),
            2500 - id,
            1000 + id,
            ""
        );
        for c in colours.chars() {
            s.push_str(&format!("  {opp:>4} {} {result}", c.to_ascii_lowercase()));
        }
        s
    };
    let text = [
        "012 beyond the rules".to_string(),
        format!("XXR {total}"),
        line(1, "3.0", 2, "BBBBWB", '='),
        line(2, "3.0", 1, "WWWWBW", '='),
        line(3, "6.0", 4, "WWWWBB", '1'),
        line(4, "0.0", 3, "BBBBWW", '0'),
        String::new(),
    ]
    .join("\n");
    let doc = read_str(&text, "beyond.trf", &ReadOptions::default()).expect("reads");
    Tournament::before_round(&doc, 7).expect("state")
}

/// C.04.1 f/g (Art. 6/7) judge what this round does: the colour that reduces an imbalance already
/// beyond ±2 (−4 to −3), or reduces a difference of ±2 against a run (+2 after BB: Black), is
/// never a violation; the colour that makes it worse is, under every system.
#[test]
fn a_colour_that_reduces_an_imbalance_is_never_a_violation() {
    let t = beyond(9);
    let good = pairing(&t, &[(1, 3), (4, 2)], None);
    let bad = pairing(&t, &[(3, 1), (2, 4)], None);
    for s in common::player_systems() {
        assert_eq!(broken(s, &t, &good), vec![], "{s}");
        let v = broken(s, &t, &bad);
        assert_eq!(
            v,
            vec![
                (Rule::ColourDifference, vec![1]),
                (Rule::ColourDifference, vec![2]),
                (Rule::ColourDifference, vec![3]),
                (Rule::ColourDifference, vec![4]),
            ],
            "{s}"
        );
        assert!(lexpair::verify::may_meet(s, &t, t.index_of(1).unwrap(), t.index_of(3).unwrap()), "{s}");
    }
    let detail = verify::check(System::Dutch2026, &t, &bad).into_iter().find(|v| v.players == [1]).expect("1").detail;
    assert_eq!(detail, "colour difference goes from -4 to -5 with black");
    // The engines agree: every system pairs 1 and 4 with White, 2 and 3 with Black.
    for s in common::player_systems() {
        let opts = common::options_for(s, &PairOptions::default());
        let p = lexpair::round::pair(&t, s, &opts).unwrap_or_else(|e| panic!("{s}: {e}")).pairing;
        assert_eq!(p, good, "{s}");
    }
}

/// Lim 6 exempts two players of the same score in the last round, nobody else: a topscorer who
/// meets a player of another score keeps 5.1 under Lim (the Dutch rules exempt him, Dubov not).
#[test]
fn lim_exempts_equal_scores_only_in_the_last_round() {
    let t = state(3);
    // 1 (2 points, WW) with White against 7 (1.5 points): a third White and difference +3.
    let p = pairing(&t, &[(1, 7), (5, 2), (3, 6)], Some(4));
    let one = vec![(Rule::ColourDifference, vec![1]), (Rule::ColourThreeInARow, vec![1])];
    assert_eq!(broken(System::Lim, &t, &p), one);
    assert_eq!(broken(System::Dubov2026, &t, &p), one);
    assert_eq!(broken(System::Dutch2026, &t, &p), vec![]);
    let (i1, i2, i7) = (t.index_of(1).unwrap(), t.index_of(2).unwrap(), t.index_of(7).unwrap());
    assert!(verify::may_meet(System::Lim, &t, i1, i2), "equal scores in the last round");
    // 1 and 7 may meet all the same, 1 with Black (the colour his preference asks).
    assert!(verify::may_meet(System::Lim, &t, i1, i7));
    assert_eq!(broken(System::Lim, &t, &pairing(&t, &[(7, 1), (5, 2), (3, 6)], Some(4))), vec![]);
}
