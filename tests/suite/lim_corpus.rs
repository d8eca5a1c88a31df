//! Property run of the Lim system over the histories of `../shared/corpus/dutch-2017`: for every
//! tournament and round r, rounds 1..r-1 as recorded are the history and round r is paired with
//! Lim. Every pairing must pass the independent checker (`lexpair::verify`, through
//! `common::judge`: everyone present paired exactly once, at most one bye and only to an
//! eligible player, no rematch or forbidden pair, colour rule 5.1 (C.04.4.3) kept except between
//! players of the same score in the last round, section 6), and Lim must never fail where the
//! checker's rules admit a pairing (an exact matching on them). No legality of its own: a
//! test-local one once exempted the whole last round from 5.1 and hid a defect.
//!
//! The whole corpus runs in CI (`full_corpus_is_legal`, a few seconds), and the tight corpus
//! beside it; with the Maxi rules a sample in CI and everything with
//! `cargo test --release --test suite lim_corpus:: -- --include-ignored --nocapture`.

use crate::common;

use common::{judge, Judged};
use lexpair::options::PairOptions;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::System;
use std::path::{Path, PathBuf};

fn manifest() -> Vec<PathBuf> {
    manifest_of("dutch-2017")
}

fn manifest_of(folder: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").join(folder);
    let text = std::fs::read_to_string(dir.join("manifest.csv")).expect("manifest.csv readable");
    text.lines()
        .skip(1)
        .filter_map(|l| l.split(',').next().filter(|n| !n.is_empty()))
        .map(|n| dir.join("tournaments").join(format!("{n}.trf")))
        .collect()
}

/// Lim through the door (`round::pair`), with or without the Maxi rules.
fn lim(maxi: bool) -> PairOptions {
    PairOptions { maxi, ..PairOptions::default() }
}

#[derive(Default, Debug)]
struct Counts {
    tournaments: usize,
    rounds: usize,
    legal: usize,
    no_legal_pairing_exists: usize,
    violations: Vec<String>,
    /// Boards by score difference in wins (0, up to 1, up to 2, more).
    gaps: [usize; 4],
    /// The same for the pairings recorded in the corpus (the Dutch reference engine's).
    recorded_gaps: [usize; 4],
}

impl Counts {
    fn add_gaps(gaps: &mut [usize; 4], t: &Tournament, p: &lexpair::pairing::RoundPairing) {
        let win = t.point_system.win().0.max(1);
        for b in &p.boards {
            let d = (t.players[b.white].pairing_score().0 - t.players[b.black].pairing_score().0).abs();
            let k = if d == 0 {
                0
            } else if d <= win {
                1
            } else if d <= 2 * win {
                2
            } else {
                3
            };
            gaps[k] += 1;
        }
    }
}

fn run(files: &[PathBuf], maxi: bool) -> Counts {
    let mut c = Counts::default();
    let opts = lim(maxi);
    for f in files {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        c.tournaments += 1;
        for r in 1..=doc.rounds_in_file() {
            let Ok(t) = Tournament::before_round(&doc, r) else { continue };
            c.rounds += 1;
            let name = format!("{} round {r}", f.display());
            match judge(System::Lim, &t, &opts) {
                Ok(Judged::Approved(p)) => {
                    c.legal += 1;
                    Counts::add_gaps(&mut c.gaps, &t, &p);
                    let recorded = lexpair::pairing::RoundPairing::recorded(&doc, &t);
                    Counts::add_gaps(&mut c.recorded_gaps, &t, &recorded);
                }
                Ok(Judged::NoLegalPairing) => c.no_legal_pairing_exists += 1,
                Err(e) => c.violations.push(format!("{name}: {e}")),
            }
        }
    }
    c
}

fn report(c: &Counts) {
    println!(
        "lim property run: {} tournaments, {} rounds: {} legal pairings, {} rounds where no legal pairing exists, {} violations",
        c.tournaments,
        c.rounds,
        c.legal,
        c.no_legal_pairing_exists,
        c.violations.len()
    );
    let g = |x: &[usize; 4]| format!("equal {}, up to one win {}, up to two wins {}, more {}", x[0], x[1], x[2], x[3]);
    println!("  boards by score difference: Lim {}", g(&c.gaps));
    if c.recorded_gaps.iter().sum::<usize>() > 0 {
        println!("  the recorded (Dutch) pairings of the same rounds: {}", g(&c.recorded_gaps));
    }
    assert!(c.violations.is_empty(), "violations:\n{}", c.violations.join("\n"));
}

/// The whole corpus (a few seconds on two cores).
#[test]
fn full_corpus_is_legal() {
    let c = run_all(manifest(), false);
    assert_eq!((c.tournaments, c.rounds), (597, 4754));
    report(&c);
}

/// The tight corpus (few players, many rounds: rematches and colours constrain most rounds).
#[test]
fn tight_corpus_is_legal() {
    report(&run_all(manifest_of("dutch-2017-tight"), false));
}

/// Every 25th tournament with the Maxi rules.
#[test]
fn sampled_corpus_is_legal_maxi() {
    let files: Vec<PathBuf> = manifest().into_iter().skip(5).step_by(25).collect();
    report(&run(&files, true));
}

#[test]
#[ignore = "full corpus with the Maxi rules (the sample runs in CI)"]
fn full_corpus_is_legal_maxi() {
    report(&run_all(manifest(), true));
}

/// Every tournament of `files`, on two threads.
fn run_all(files: Vec<PathBuf>, maxi: bool) -> Counts {
    let (even, odd): (Vec<_>, Vec<_>) = files.iter().cloned().enumerate().partition(|(k, _)| k % 2 == 0);
    let strip = |v: Vec<(usize, PathBuf)>| v.into_iter().map(|(_, f)| f).collect::<Vec<_>>();
    let (mut a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| run(&strip(odd), maxi));
        (run(&strip(even), maxi), h.join().expect("thread"))
    });
    a.tournaments += b.tournaments;
    a.rounds += b.rounds;
    a.legal += b.legal;
    a.no_legal_pairing_exists += b.no_legal_pairing_exists;
    a.violations.extend(b.violations);
    for k in 0..4 {
        a.gaps[k] += b.gaps[k];
        a.recorded_gaps[k] += b.recorded_gaps[k];
    }
    a
}

/// Self-play: the players of the tournaments of the tight corpus with up to 24 players, three
/// times each, every round paired by Lim with seeded random results, up to (players - 1) rounds, the last being the last round. Late
/// rounds leave few legal pairings, so the blocked median (2.6) and section 6 are exercised, and
/// every "no valid pairing" must be confirmed by the independent check.
#[test]
fn self_play_is_legal_until_no_pairing_exists() {
    use lexpair::trf::ResultCode;
    let mut c = Counts::default();
    let mut rng = lexpair::rng::SplitMix64(20261122);
    let files = manifest_of("dutch-2017-tight");
    for f in files.iter().chain(&files).chain(&files) {
        let mut doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let n = doc.players.len() as u32;
        if !(4..=24).contains(&n) {
            continue;
        }
        c.tournaments += 1;
        doc.total_rounds = Some(n - 1);
        doc.accelerations.clear();
        for p in doc.players.iter_mut() {
            p.rounds.clear();
            p.points = None;
        }
        for r in 1..n {
            let Ok(t) = Tournament::before_round(&doc, r) else { break };
            c.rounds += 1;
            let name = format!("self-play {} round {r}", f.display());
            let p = match judge(System::Lim, &t, &lim(false)) {
                Ok(Judged::Approved(p)) => {
                    c.legal += 1;
                    p
                }
                Ok(Judged::NoLegalPairing) => {
                    c.no_legal_pairing_exists += 1;
                    break;
                }
                Err(e) => {
                    c.violations.push(format!("{name}: {e}"));
                    break;
                }
            };
            Counts::add_gaps(&mut c.gaps, &t, &p);
            doc = p.into_document(&t, &doc);
            for b in &p.boards {
                let res = [ResultCode::Win, ResultCode::Draw, ResultCode::Loss][rng.below(3) as usize];
                let other = match res {
                    ResultCode::Win => ResultCode::Loss,
                    ResultCode::Loss => ResultCode::Win,
                    x => x,
                };
                for (who, code) in [(b.white, res), (b.black, other)] {
                    let id = t.players[who].id;
                    if let Some(rec) = doc.players.iter_mut().find(|q| q.id == id) {
                        if let Some(Some(e)) = rec.rounds.get_mut(r as usize - 1) {
                            e.result = code;
                        }
                    }
                }
            }
        }
    }
    assert!(c.rounds >= 1000, "only {} rounds", c.rounds);
    report(&c);
}

/// Both exact backends give the same Lim pairings (the floater programs are the only place a
/// backend is used): every round of the tight corpus and of every 20th dutch-2017 tournament.
#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn backends_agree() {
    use lexpair::vocabulary::Backend;
    let files: Vec<PathBuf> =
        manifest_of("dutch-2017-tight").into_iter().chain(manifest().into_iter().step_by(20)).collect();
    let (mut rounds, mut diffs) = (0, Vec::new());
    for f in &files {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for r in 1..=doc.rounds_in_file() {
            let Ok(t) = Tournament::before_round(&doc, r) else { continue };
            rounds += 1;
            let m = lexpair::round::pair(&t, System::Lim, &PairOptions::default()).map(|r| r.pairing);
            let h = lexpair::round::pair(
                &t,
                System::Lim,
                &PairOptions { backend: Backend::Highs, ..PairOptions::default() },
            )
            .map(|r| r.pairing);
            if m != h {
                diffs.push(format!("{} round {r}: {m:?} vs {h:?}", f.display()));
            }
        }
    }
    println!("backends agree on {}/{rounds} rounds", rounds - diffs.len());
    assert!(diffs.is_empty(), "{}", diffs.join("\n"));
}
