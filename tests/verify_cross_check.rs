//! `--cross-check sat`: the budgeted SAT re-decision and the session that counts decisions.

use lexpair::solver::graph::{Pairability, PairingGraph};
use lexpair::solver::matching::pairable_by_matching;
use lexpair::solver::sat::{pairable_by_sat_within, with_cross_check, Bounded, SatBudget};

mod common;

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
fn a_session_counts_every_matching_decision() {
    let budget = SatBudget { conflicts: 50, seconds: 5.0 };
    let (answers, stats) = with_cross_check(budget, || {
        [cycle(6), cycle(7), hall(3), hall(10)]
            .iter()
            .map(|g| pairable_by_matching(g).is_pairable())
            .collect::<Vec<_>>()
    });
    assert_eq!(answers, vec![true, false, false, false]);
    assert_eq!(stats.decisions, 4);
    assert_eq!((stats.confirmed, stats.undecided), (3, 1));
    assert!(stats.disagreements.is_empty());
    // Outside a session nothing is counted and the answers are the same.
    let (_, outside) = with_cross_check(budget, || ());
    assert_eq!(outside.decisions, 0);
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
    use lexpair::systems::{pair_round, PairOptions, System};
    use lexpair::tournament::Tournament;
    use lexpair::trf::{read_file, ReadOptions};
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf");
    let doc = read_file(&path, &ReadOptions::default()).expect("the example reads");
    let t = Tournament::before_round(&doc, 1).expect("round 1");
    let (pairing, stats) =
        with_cross_check(SatBudget::default(), || pair_round(System::Dutch2026, &t, &PairOptions::default()));
    assert!(pairing.is_ok());
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
