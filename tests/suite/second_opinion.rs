//! `--cross-check solver`: every bracket model solved on a second exact route, which must agree
//! on every stage optimum (src/solver/second_opinion.rs).

use lexpair::options::PairOptions;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::System;
use std::path::Path;

use crate::common;

fn tournament(path: &str, round: u32) -> Tournament {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    let doc = read_file(&path, &ReadOptions::default()).expect("reads");
    Tournament::before_round(&doc, round).expect("a round to pair")
}

#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn pair_explains_both_cross_checks() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lexpair"))
        .args(["pair", "-s", "dutch-2026", file, "--cross-check", "sat,solver", "--explain"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.lines().any(|l| l.starts_with("cross-check sat:")), "{text}");
    let line = text.lines().find(|l| l.starts_with("cross-check solver:")).expect("a solver line");
    // A 23-player open: every bracket model is small, so HiGHS is the second route.
    let highs: u64 =
        line.split(", ").nth(1).and_then(|p| p.split(' ').next()).and_then(|k| k.parse().ok()).unwrap_or(0);
    assert!(highs > 0 && line.ends_with("0 disagreements"), "{line}");
}

/// Large brackets (296 players: models of thousands of pairs) are checked by the weighted
/// matching's other path, small ones by HiGHS; the pairing is the one paired without the check,
/// under the Dutch 2017 rules and Dubov's.
#[test]
fn both_routes_confirm_large_and_small_brackets() {
    let cases = [
        (System::Dutch2017, "../shared/corpus/dutch-2017/tournaments/t0045.trf", 4),
        (System::Dubov2026, "../shared/corpus/dubov-2026/tournaments/t0002.trf", 4),
    ];
    for (system, path, round) in cases {
        if !Path::new(env!("CARGO_MANIFEST_DIR")).join(path).exists() {
            panic!("{path} is missing");
        }
        let t = tournament(path, round);
        let plain = lexpair::round::pair(&t, system, &PairOptions::default()).map(|r| r.pairing).expect("pairs");
        let checked = lexpair::round::pair(&t, system, &PairOptions { second_opinion: true, ..PairOptions::default() })
            .expect("pairs");
        let stats = checked.solver.expect("the solver counts come back with the round");
        assert_eq!(checked.pairing, plain, "{path}");
        assert!(stats.sessions > 0 && stats.by_highs + stats.by_matching > 0, "{path}: {stats}");
        if system == System::Dutch2017 {
            assert!(stats.by_matching > 0, "{path}: no large bracket checked by the matching: {stats}");
        }
    }
}

#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn batch_reports_the_solver_cross_check_counts() {
    let row = common::batch_replay_row("solver");
    let col = |name: &str| row.get(name).expect(name).clone();
    assert!(col("solver_confirmed_highs").parse::<f64>().expect("a count") > 0.0);
    assert_eq!(col("solver_undecided").parse::<f64>().ok(), Some(0.0));
}
