//! `--cross-check sat`: the budgeted SAT re-decision and the session that counts decisions.

use lexpair::audit::Audit;
use lexpair::solver::graph::{Pairability, PairingGraph};
use lexpair::solver::matching::{pairable_audited, pairable_by_matching};
use lexpair::solver::sat::{pairable_by_sat_within, Bounded, SatBudget};

use crate::common;

/// A Hall obstacle: `h` players who may meet each other and `h + 2` who may meet only those `h`.
/// Unpairable, and hard for resolution (a pigeonhole formula): h = 10 takes over a minute
/// without a budget.
fn hall(h: usize) -> PairingGraph {
    let n = 2 * h + 2;
    let mut g = PairingGraph::new(n);
    for a in 0..h {
        for b in a + 1..n {
            g.add_edge(a, b);
        }
    }
    g
}

fn cycle(n: usize) -> PairingGraph {
    let mut g = PairingGraph::new(n);
    for v in 0..n {
        g.add_edge(v.min((v + 1) % n), v.max((v + 1) % n));
    }
    g
}

#[test]
fn a_hard_refutation_stops_at_its_budget() {
    let tiny = SatBudget { conflicts: 50, seconds: 5.0 };
    assert_eq!(pairable_by_sat_within(&hall(10), tiny), Ok(Bounded::Undecided));
    let timed = SatBudget { conflicts: u64::MAX, seconds: 0.05 };
    assert_eq!(pairable_by_sat_within(&hall(12), timed), Ok(Bounded::Undecided));
}

#[test]
fn an_easy_refutation_and_a_witness_are_decided() {
    let budget = SatBudget::default();
    assert_eq!(pairable_by_sat_within(&hall(3), budget), Ok(Bounded::Decided(Pairability::Unpairable)));
    match pairable_by_sat_within(&cycle(8), budget) {
        Ok(Bounded::Decided(Pairability::Pairable { pairs, bye })) => {
            assert!(cycle(8).is_complete_pairing(&pairs, bye));
        }
        other => panic!("expected a witness, got {other:?}"),
    }
}

#[test]
fn an_audit_counts_every_matching_decision() {
    let audit = Audit::open(Some(SatBudget { conflicts: 50, seconds: 5.0 }));
    let answers: Vec<bool> =
        [cycle(6), cycle(7), hall(3), hall(10)].iter().map(|g| pairable_audited(g, &audit).is_pairable()).collect();
    assert_eq!(answers, vec![true, false, false, false]);
    let stats = audit.counts().sat.expect("SAT asked for");
    assert_eq!(stats.decisions, 4);
    assert_eq!((stats.confirmed, stats.undecided), (3, 1));
    assert!(stats.disagreements.is_empty());
    // An audit without SAT counts nothing, and the answers are the same.
    let plain = Audit::open(None);
    assert!(pairable_audited(&cycle(6), &plain).is_pairable());
    assert_eq!(plain.counts().sat, None);
    assert!(pairable_by_matching(&cycle(6)).is_pairable());
}

#[test]
fn pair_explains_the_cross_check_counts() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_lexpair"))
        .args(["pair", "-s", "dutch-2026", file, "--cross-check", "sat", "--explain"])
        .output()
        .expect("runs");
    assert_eq!(out.status.code(), Some(0));
    let text = String::from_utf8_lossy(&out.stdout);
    let line = text.lines().find(|l| l.starts_with("cross-check sat:")).expect("a cross-check line");
    assert!(line.contains(" 0 undecided, 0 disagreements"), "{line}");
}

/// Round 1 needs no exact matching (a greedy witness completes it), but under the cross-check
/// every completion question goes to the matching and to SAT: the count cannot be zero.
#[test]
fn the_cross_check_re_decides_questions_the_greedy_witness_would_answer() {
    use lexpair::options::PairOptions;
    use lexpair::tournament::Tournament;
    use lexpair::trf::{read_file, ReadOptions};
    use lexpair::vocabulary::System;
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf");
    let doc = read_file(&path, &ReadOptions::default()).expect("the example reads");
    let t = Tournament::before_round(&doc, 1).expect("round 1");
    let opts = PairOptions { cross_check: Some(SatBudget::default()), ..PairOptions::default() };
    let round = lexpair::round::pair(&t, System::Dutch2026, &opts).expect("pairs");
    let stats = round.sat.expect("the SAT counts come back with the round");
    assert!(stats.decisions > 0, "{stats}");
    assert_eq!(stats.decisions, stats.confirmed, "{stats}");
}

#[test]
fn batch_reports_the_cross_check_counts() {
    let row = common::batch_replay_row("sat");
    let col = |name: &str| row.get(name).expect(name).clone();
    assert!(col("sat_decisions").parse::<u64>().expect("a count") > 0);
    assert_eq!(col("sat_decisions"), col("sat_confirmed"));
    assert_eq!(col("sat_undecided"), "0");
}
