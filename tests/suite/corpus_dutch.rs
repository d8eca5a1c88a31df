//! Differential tests against the reference engines of the Dutch system: replay every round of
//! the complete tournaments in `../shared/corpus` and require identical pairings.
//!
//! - `dutch-2017/`, `dutch-2017-tight/`: bbpPairings 5.0.1, endorsed for the 2017 rules (the same
//!   as `lexpair check --system dutch-2017 ../shared/corpus/dutch-2017 ../shared/corpus/dutch-2017-tight`);
//! - `dutch-2026/`, `dutch-2026-tight/`: bbpPairings 6, which implements the 2026 rules (`lexpair
//!   check --system dutch-2026 ../shared/corpus/dutch-2026 ../shared/corpus/dutch-2026-tight`).
//!
//! Each folder is replayed on two threads.
// Without HiGHS (cargo feature `highs`) the tests that use it are left out, and what only they use.
#![cfg_attr(not(feature = "highs"), allow(unused_imports, dead_code))]

use crate::common;
use lexpair::check::{check_document, Outcome};
use lexpair::options::PairOptions;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::{Backend, System};
use std::path::PathBuf;

use common::corpus;

/// The tournaments listed in `folder`'s manifest.
fn manifest(folder: &str) -> Vec<PathBuf> {
    let dir = corpus(folder);
    let text = std::fs::read_to_string(dir.join("manifest.csv")).expect("manifest.csv readable");
    let mut out = Vec::new();
    for line in text.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        if let Some(name) = cols.first().filter(|n| !n.is_empty()) {
            out.push(dir.join("tournaments").join(format!("{name}.trf")));
        }
    }
    out
}

/// Replays every round of `files` on two threads; returns (identical, total) and the discrepancies.
fn replay(system: System, files: &[PathBuf], opts: &PairOptions) -> (usize, usize, Vec<String>) {
    let (even, odd): (Vec<_>, Vec<_>) = files.iter().cloned().enumerate().partition(|(k, _)| k % 2 == 0);
    let strip = |v: Vec<(usize, PathBuf)>| v.into_iter().map(|(_, f)| f).collect::<Vec<_>>();
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| replay_on(system, &strip(odd), opts));
        (replay_on(system, &strip(even), opts), h.join().expect("replay thread"))
    });
    let mut diffs = a.2;
    diffs.extend(b.2);
    (a.0 + b.0, a.1 + b.1, diffs)
}

fn replay_on(system: System, files: &[PathBuf], opts: &PairOptions) -> (usize, usize, Vec<String>) {
    let (mut same, mut total, mut diffs) = (0, 0, Vec::new());
    for f in files {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for rc in check_document(&doc, system, opts) {
            total += 1;
            if rc.outcome == Outcome::Identical {
                same += 1;
            } else {
                diffs.push(format!("{} round {}: {:?}", f.display(), rc.round, rc.outcome));
            }
        }
    }
    (same, total, diffs)
}

/// Replays all of `folder` (which must hold `files` tournaments) and requires no discrepancy.
fn require_identical(system: System, folder: &str, files: usize, min_rounds: usize) {
    require_identical_with(system, folder, files, min_rounds, &PairOptions::default());
}

fn require_identical_with(system: System, folder: &str, files: usize, min_rounds: usize, opts: &PairOptions) {
    let list = manifest(folder);
    assert_eq!(list.len(), files);
    let (same, total, diffs) = replay(system, &list, opts);
    println!("{folder}: identical {same}/{total}");
    assert!(total >= min_rounds, "only {total} rounds replayed");
    assert!(diffs.is_empty(), "identical {same}/{total}; discrepancies:\n{}", diffs.join("\n"));
}

#[test]
fn dutch_2017_tight_corpus_is_identical_to_the_reference() {
    require_identical(System::Dutch2017, "dutch-2017-tight", 137, 1016);
}

/// The reference backend (HiGHS, stage by stage) replays the tight corpus completely with the
/// same pairings as the default backend (both identical to the reference engine).
#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn dutch_2017_tight_corpus_is_identical_with_the_highs_backend() {
    let opts = PairOptions { backend: Backend::Highs, ..PairOptions::default() };
    require_identical_with(System::Dutch2017, "dutch-2017-tight", 137, 1016, &opts);
}

/// Two rounds on which HiGHS's simplex stopped without an answer (status Unknown) on the wide
/// weights of merged stages, once an error: the merged stages are solved again stage by stage,
/// and both backends give the same pairing.
#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn highs_without_an_answer_on_merged_stages_solves_them_one_by_one() {
    for (name, round) in [("f006", 2), ("f013", 6)] {
        common::pair_on_both_backends(System::Dutch2017, &common::corpus_round("features-2017", name, round));
    }
}

#[test]
fn dutch_2017_main_corpus_is_identical_to_the_reference() {
    require_identical(System::Dutch2017, "dutch-2017", 597, 4754);
}

#[test]
fn dutch_2026_tight_corpus_is_identical_to_the_reference() {
    require_identical(System::Dutch2026, "dutch-2026-tight", 70, 531);
}

#[test]
fn dutch_2026_main_corpus_is_identical_to_the_reference() {
    require_identical(System::Dutch2026, "dutch-2026", 300, 2365);
}
