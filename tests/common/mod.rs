//! Shared by the integration tests: the random generator, the corpora beside the repository,
//! and a round of a corpus tournament ready to pair.
#![allow(unused_imports, dead_code)] // each test file uses part of it

pub use lexpair::rng::SplitMix64 as Rng;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions, TrfDocument};
use lexpair::vocabulary::{Backend, PairOptions, System};
use std::path::{Path, PathBuf};

/// `../shared/corpus/FOLDER`; it must exist (the corpora live in `../shared` beside the
/// repository, as in CI).
pub fn corpus(folder: &str) -> PathBuf {
    let p = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(folder);
    assert!(p.is_dir(), "{} is missing: the corpus lives in ../shared beside the repository", p.display());
    p
}

/// The tournament `NAME.trf` (or `NAME` with its extension) of a corpus folder, read.
pub fn corpus_document(folder: &str, name: &str) -> TrfDocument {
    let file = if name.ends_with(".trf") { name.to_string() } else { format!("{name}.trf") };
    let path = corpus(folder).join("tournaments").join(file);
    read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// The state before round `round` of a corpus tournament.
pub fn corpus_round(folder: &str, name: &str, round: u32) -> Tournament {
    Tournament::before_round(&corpus_document(folder, name), round).unwrap_or_else(|e| panic!("{}", e.message))
}

/// Both exact backends.
pub const BACKENDS: [Backend; 2] = [Backend::Matching, Backend::Highs];

/// Pairs `t` with `system` on both backends and requires the same pairing; returns it.
pub fn pair_on_both_backends(system: System, t: &Tournament) -> lexpair::pairing::RoundPairing {
    let [m, h] = BACKENDS.map(|backend| {
        lexpair::round::pair(t, system, &PairOptions { backend, ..PairOptions::default() })
            .map(|r| r.pairing)
            .unwrap_or_else(|e| panic!("{backend:?}: {e}"))
    });
    assert_eq!(m, h, "the matching and HiGHS backends disagree (round {})", t.round);
    m
}

/// `lexpair batch replay -s dutch-2026 --cross-check CHECK` on `examples/open-r5.trf`: the one
/// row of its `results.csv`, by column name. The batch must exit 0.
pub fn batch_replay_row(cross_check: &str) -> std::collections::HashMap<String, String> {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let out = std::env::temp_dir().join(format!("lexpair-batch-{cross_check}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_lexpair"))
        .args(["batch", "replay", "-s", "dutch-2026", "-j", "1", "-q", "--cross-check", cross_check, "-o"])
        .arg(&out)
        .arg(file)
        .status()
        .expect("runs");
    assert_eq!(status.code(), Some(0));
    let csv = std::fs::read_to_string(out.join("results.csv")).expect("results.csv");
    let _ = std::fs::remove_dir_all(&out);
    let mut lines = csv.lines();
    let head = lines.next().expect("header").split(',');
    let row = lines.next().expect("a row").split(',');
    head.zip(row).map(|(h, v)| (h.to_string(), v.to_string())).collect()
}

/// Runs the `lexpair` binary of this build with `args`.
pub fn lexpair(args: &[&str]) -> std::process::Output {
    std::process::Command::new(env!("CARGO_BIN_EXE_lexpair")).args(args).output().expect("lexpair runs")
}

/// The systems that pair players (every system but the team ones).
pub fn player_systems() -> Vec<System> {
    System::ALL.into_iter().filter(|s| s.registration().unit() == lexpair::vocabulary::Unit::Player).collect()
}
