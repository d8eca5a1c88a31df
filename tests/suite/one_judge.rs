//! One judge: every round of the shared corpora (`../shared/corpus`), paired by every system of
//! players (the Swiss Team system on `team-2026`, the Double-Swiss system on the witness corpus
//! `tests/data/double-2026`), must pass the independent checker
//! (`lexpair::verify`), or be exit 1 where the checker's own rules admit no pairing (decided by
//! an exact matching on them, `common::legal_pairing_exists`). No test keeps a legality of its
//! own: `common::judge` is the only one.
//!
//! CI pairs a sample (`sampled_corpora_pass_the_checker`): per corpus and system a share of the
//! tournaments, every round of each, a different share for each system, so that over the
//! systems most tournaments are seen (about 4,400 rounds, 10-25 s on two cores). The whole sweep
//! (81,850 rounds) is `bash benches/one_judge.sh` (`--ignored` below); its figures are in the
//! README ("Trust").

use crate::common;

use common::{judge, judge_double, judge_teams, Judged};
use lexpair::double::DoubleTournament;
use lexpair::options::PairOptions;
use lexpair::team::TeamTournament;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::{System, Unit};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The corpora of individual tournaments, and the share of their tournaments CI pairs with each
/// system (1 in `stride`).
const PLAYER_CORPORA: [(&str, usize); 11] = [
    ("dutch-2017", 60),
    ("dutch-2017-tight", 6),
    ("dutch-2026", 40),
    ("dutch-2026-tight", 5),
    ("dutch-2012", 12),
    ("dubov-2026", 25),
    ("burstein-2026", 8),
    ("features-2017", 8),
    ("features-2026", 8),
    ("scale-2017", 0),
    ("scale-2026", 0),
];

/// The team corpus and its CI share.
const TEAM_CORPUS: (&str, usize) = ("team-2026", 6);

/// The Double-Swiss witness corpus (in this repository) and its CI share.
const DOUBLE_CORPUS: (&str, usize) = ("double-2026", 4);

fn files(folder: &str) -> Vec<PathBuf> {
    let dir = if folder == DOUBLE_CORPUS.0 {
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data/double-2026/tournaments")
    } else {
        common::corpus(folder).join("tournaments")
    };
    let mut v: Vec<PathBuf> = std::fs::read_dir(&dir)
        .expect("corpus folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

/// What one (corpus, system) pass found.
#[derive(Clone, Debug, Default)]
struct Tally {
    tournaments: usize,
    rounds: usize,
    approved: usize,
    no_legal_pairing: usize,
    /// Rounds the file cannot give a state for (none in the corpora).
    unreadable: usize,
    failures: Vec<String>,
    time: Duration,
}

impl Tally {
    fn add(&mut self, o: Tally) {
        self.tournaments += o.tournaments;
        self.rounds += o.rounds;
        self.approved += o.approved;
        self.no_legal_pairing += o.no_legal_pairing;
        self.unreadable += o.unreadable;
        self.failures.extend(o.failures);
        self.time += o.time;
    }

    fn note(&mut self, name: String, r: Result<Judged, String>) {
        self.rounds += 1;
        match r {
            Ok(Judged::Approved(_)) => self.approved += 1,
            Ok(Judged::NoLegalPairing) => self.no_legal_pairing += 1,
            Err(e) => self.failures.push(format!("{name}: {e}")),
        }
    }
}

/// Every round of `file` paired by `system` and judged.
fn tournament(file: &Path, system: System) -> Tally {
    let start = Instant::now();
    let mut tally = Tally { tournaments: 1, ..Tally::default() };
    let doc = read_file(file, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let stem = file.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_default();
    let opts = PairOptions::default();
    let unit = system.registration().unit();
    let rounds = match unit {
        Unit::DoubleSwissPlayer => lexpair::double::encoding::next_match(&doc).saturating_sub(1),
        _ => doc.rounds_in_file(),
    };
    for r in 1..=rounds {
        let name = format!("{stem} round {r}");
        let judged = match unit {
            Unit::Team => {
                TeamTournament::before_round(&doc, r).map(|t| judge_teams(system, &t, &opts)).map_err(|e| e.to_string())
            }
            Unit::DoubleSwissPlayer => DoubleTournament::before_round(&doc, r)
                .map(|t| judge_double(system, &t, &opts))
                .map_err(|e| e.to_string()),
            Unit::Player => {
                Tournament::before_round(&doc, r).map(|t| judge(system, &t, &opts)).map_err(|e| e.to_string())
            }
        };
        match judged {
            Ok(j) => tally.note(name, j),
            Err(_) => tally.unreadable += 1,
        }
    }
    tally.time = start.elapsed();
    tally
}

/// One unit of work: a tournament of a corpus, paired by a system.
type Job = (&'static str, System, PathBuf);

/// The jobs of the sweep: with `sample`, per corpus and system 1 tournament in `stride` (none
/// when the stride is 0), starting at a different offset for each system; otherwise all.
fn jobs(sample: bool) -> Vec<Job> {
    let systems = common::player_systems();
    let mut out = Vec::new();
    let corpora = PLAYER_CORPORA.iter().map(|&(c, s)| (c, s, Unit::Player)).chain([
        (TEAM_CORPUS.0, TEAM_CORPUS.1, Unit::Team),
        (DOUBLE_CORPUS.0, DOUBLE_CORPUS.1, Unit::DoubleSwissPlayer),
    ]);
    for (corpus, stride, unit) in corpora {
        let list = files(corpus);
        let for_corpus: Vec<System> = if unit == Unit::Player {
            systems.clone()
        } else {
            System::ALL.into_iter().filter(|s| s.registration().unit() == unit).collect()
        };
        for (k, &system) in for_corpus.iter().enumerate() {
            for (i, f) in list.iter().enumerate() {
                let take = !sample || (stride > 0 && (i + k * 7) % stride == 0);
                if take {
                    out.push((corpus, system, f.clone()));
                }
            }
        }
    }
    out
}

/// Runs `jobs` on two threads (CI's cores); the tallies per (corpus, system).
fn run(jobs: Vec<Job>) -> Vec<((&'static str, System), Tally)> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results = std::sync::Mutex::new(Vec::new());
    let threads = std::thread::available_parallelism().map_or(2, |n| n.get()).clamp(1, 4);
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| loop {
                let k = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some((corpus, system, file)) = jobs.get(k) else { break };
                let t = tournament(file, *system);
                results.lock().expect("results").push(((*corpus, *system), t));
            });
        }
    });
    let mut merged: Vec<((&'static str, System), Tally)> = Vec::new();
    for (key, t) in results.into_inner().expect("results") {
        match merged.iter_mut().find(|(k, _)| *k == key) {
            Some((_, m)) => m.add(t),
            None => merged.push((key, t)),
        }
    }
    let order = |c: &str| PLAYER_CORPORA.iter().position(|&(x, _)| x == c).unwrap_or(PLAYER_CORPORA.len());
    merged.sort_by_key(|((c, s), _)| (order(c), s.name()));
    merged
}

/// Prints the figures (per corpus and system, then per system) and fails on any failure.
fn report(what: &str, merged: &[((&'static str, System), Tally)]) {
    println!("{what}");
    println!(
        "{:<18} {:<14} {:>6} {:>7} {:>9} {:>8} {:>8} {:>8}",
        "corpus", "system", "files", "rounds", "approved", "exit 1", "failed", "s"
    );
    let mut by_system: Vec<(System, Tally)> = Vec::new();
    for ((corpus, system), t) in merged {
        println!(
            "{corpus:<18} {:<14} {:>6} {:>7} {:>9} {:>8} {:>8} {:>8.1}",
            system.name(),
            t.tournaments,
            t.rounds,
            t.approved,
            t.no_legal_pairing,
            t.failures.len(),
            t.time.as_secs_f64()
        );
        match by_system.iter_mut().find(|(s, _)| s == system) {
            Some((_, m)) => m.add(t.clone()),
            None => by_system.push((*system, t.clone())),
        }
    }
    println!("per system:");
    let mut all = Tally::default();
    for (system, t) in &by_system {
        println!(
            "  {:<14} {:>5} tournaments {:>6} rounds: {} approved, {} exit 1 confirmed, {} failed ({:.1} s)",
            system.name(),
            t.tournaments,
            t.rounds,
            t.approved,
            t.no_legal_pairing,
            t.failures.len(),
            t.time.as_secs_f64()
        );
        all.add(t.clone());
    }
    println!(
        "  all: {} rounds, {} approved, {} exit 1 confirmed, {} failed, {} rounds without a state",
        all.rounds,
        all.approved,
        all.no_legal_pairing,
        all.failures.len(),
        all.unreadable
    );
    assert_eq!(all.unreadable, 0, "rounds without a state");
    assert!(all.failures.is_empty(), "{} failures:\n{}", all.failures.len(), all.failures.join("\n"));
}

#[test]
fn sampled_corpora_pass_the_checker() {
    let merged = run(jobs(true));
    // Every system on every corpus it is given, the team system on the team corpus, Double-Swiss
    // on its own.
    for (corpus, stride) in PLAYER_CORPORA.iter().filter(|(_, s)| *s > 0) {
        for system in common::player_systems() {
            let seen = merged.iter().find(|((c, s), _)| c == corpus && *s == system).map_or(0, |(_, t)| t.rounds);
            assert!(seen > 0, "{corpus} (1 in {stride}) gave {system} no round");
        }
    }
    report("one judge, CI sample", &merged);
}

#[test]
#[ignore = "the whole sweep (every round of every corpus by every system): bash benches/one_judge.sh"]
fn every_corpus_round_passes_the_checker() {
    report("one judge, every round", &run(jobs(false)));
}

/// The three cut files of `team-2026/unpairable` (no pairing satisfies C.04.6): exit 1, confirmed
/// by the checker's team rules.
#[test]
fn unpairable_team_rounds_are_confirmed() {
    let dir = common::corpus("team-2026").join("unpairable");
    let mut n = 0;
    for f in std::fs::read_dir(&dir).expect("corpus").flatten().map(|e| e.path()) {
        let doc = read_file(&f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let r = lexpair::tournament::round_to_pair(&doc, None).expect("a round to pair");
        let t = TeamTournament::before_round(&doc, r).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        assert_eq!(judge_teams(System::SwissTeam2026, &t, &PairOptions::default()), Ok(Judged::NoLegalPairing));
        n += 1;
    }
    assert_eq!(n, 3);
}
