//! Differential test against the endorsed reference (bbpPairings 5.0.1, Dutch 2017 rules):
//! replay rounds of complete tournaments from `../shared/corpus` and require identical pairings.
//!
//! Runs every tournament of `dutch-2017-tight/` and of `dutch-2017/` (the same as `lexpair check
//! --system dutch-2017 ../shared/corpus/dutch-2017 ../shared/corpus/dutch-2017-tight`), on two
//! threads.

use lexpair::check::{check_document, Outcome};
use lexpair::systems::{PairOptions, System};
use lexpair::trf::{read_file, ReadOptions};
use std::path::{Path, PathBuf};

fn corpus(folder: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(folder);
    assert!(p.is_dir(), "{} is missing: the corpus lives in ../shared beside the repository", p.display());
    p
}

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
fn replay(files: &[PathBuf]) -> (usize, usize, Vec<String>) {
    let (even, odd): (Vec<_>, Vec<_>) = files.iter().cloned().enumerate().partition(|(k, _)| k % 2 == 0);
    let strip = |v: Vec<(usize, PathBuf)>| v.into_iter().map(|(_, f)| f).collect::<Vec<_>>();
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| replay_on(&strip(odd)));
        (replay_on(&strip(even)), h.join().expect("replay thread"))
    });
    let mut diffs = a.2;
    diffs.extend(b.2);
    (a.0 + b.0, a.1 + b.1, diffs)
}

fn replay_on(files: &[PathBuf]) -> (usize, usize, Vec<String>) {
    let (mut same, mut total, mut diffs) = (0, 0, Vec::new());
    for f in files {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for rc in check_document(&doc, System::Dutch2017, &PairOptions::default()) {
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
fn require_identical(folder: &str, files: usize, min_rounds: usize) {
    let list = manifest(folder);
    assert_eq!(list.len(), files);
    let (same, total, diffs) = replay(&list);
    println!("{folder}: identical {same}/{total}");
    assert!(total >= min_rounds, "only {total} rounds replayed");
    assert!(diffs.is_empty(), "identical {same}/{total}; discrepancies:\n{}", diffs.join("\n"));
}

#[test]
fn tight_corpus_is_identical_to_the_reference() {
    require_identical("dutch-2017-tight", 137, 1016);
}

#[test]
fn main_corpus_is_identical_to_the_reference() {
    require_identical("dutch-2017", 597, 4754);
}
