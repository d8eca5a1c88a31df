//! Shared by the integration tests: the random generator, the corpora beside the repository,
//! and a round of a corpus tournament ready to pair.
#![allow(unused_imports, dead_code)] // each test file uses part of it

use lexpair::options::PairOptions;
pub use lexpair::rng::SplitMix64 as Rng;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions, TrfDocument};
use lexpair::vocabulary::{Backend, System};
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

/// Both exact backends (the weighted matching only in a build without HiGHS, cargo feature
/// `highs`).
#[cfg(feature = "highs")]
pub const BACKENDS: &[Backend] = &[Backend::Matching, Backend::Highs];
/// Both exact backends (the weighted matching only in a build without HiGHS, cargo feature
/// `highs`).
#[cfg(not(feature = "highs"))]
pub const BACKENDS: &[Backend] = &[Backend::Matching];

/// Pairs `t` with `system` on both backends and requires the same pairing; returns it.
pub fn pair_on_both_backends(system: System, t: &Tournament) -> lexpair::pairing::RoundPairing {
    let mut found = BACKENDS.iter().map(|&backend| {
        lexpair::round::pair(t, system, &PairOptions { backend, ..PairOptions::default() })
            .map(|r| r.pairing)
            .unwrap_or_else(|e| panic!("{backend:?}: {e}"))
    });
    let m = found.next().expect("a backend");
    for h in found {
        assert_eq!(m, h, "the matching and HiGHS backends disagree (round {})", t.round);
    }
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

/// The formulation file the whole-field system is run with when a test gives none: the shipped
/// example (`examples/whole-field/sauer2024.model`).
pub fn whole_field_example() -> lexpair::model::formulation::Formulation {
    lexpair::systems::field::example()
}

/// `opts` for pairing with `system`: a system defined by its formulation file alone (the whole
/// field) gets [`whole_field_example`] when `opts` has no formulation; the others `opts` as given.
pub fn options_for(system: System, opts: &PairOptions) -> PairOptions {
    let needs_file = system.registration().own_criteria == lexpair::systems::OwnCriteria::WholeField;
    match &opts.model {
        None if needs_file => PairOptions { model: Some(whole_field_example()), ..opts.clone() },
        _ => opts.clone(),
    }
}

/// How the one judge saw a round: the system paired it and the checker approved, or the system
/// said no legal pairing exists and the checker's own rules, decided by an exact matching (and
/// by the SAT encoding where it decides within its budget), confirm it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// Paired; `lexpair::verify` finds no violation. The pairing.
    Approved(lexpair::pairing::RoundPairing),
    /// Exit 1 (`PairError::NoValidPairing`), confirmed: no pairing keeps the checker's rules.
    NoLegalPairing,
}

/// Does a pairing of the present players exist that the checker (`lexpair::verify`) approves?
/// Its per-pair rules (`verify::may_meet`, `verify::may_receive_bye`) as a graph, decided by an
/// exact matching; the SAT encoding must agree whenever it decides within its budget.
pub fn legal_pairing_exists(system: System, t: &Tournament) -> bool {
    let present = t.present();
    let g = legal_graph(
        present.len(),
        |a, b| lexpair::verify::may_meet(system, t, present[a], present[b]),
        |k| lexpair::verify::may_receive_bye(system, t, present[k]),
    );
    decide(&g)
}

/// [`legal_pairing_exists`] for units that play matches (teams, Double-Swiss players): the
/// checker's match rules (`verify::matches::may_meet`, `verify::matches::may_receive_bye`).
pub fn legal_match_pairing_exists(system: System, t: &dyn lexpair::verify::matches::Judged, present: &[usize]) -> bool {
    use lexpair::verify::matches::{may_meet, may_receive_bye};
    let g = legal_graph(
        present.len(),
        |a, b| may_meet(system, t, present[a], present[b]),
        |k| may_receive_bye(system, t, present[k]),
    );
    decide(&g)
}

fn legal_graph(
    n: usize,
    may_meet: impl Fn(usize, usize) -> bool,
    may_bye: impl Fn(usize) -> bool,
) -> lexpair::solver::graph::PairingGraph {
    let mut g = lexpair::solver::graph::PairingGraph::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if may_meet(a, b) {
                g.add_edge(a, b);
            }
        }
    }
    g.bye_eligible = (0..n).map(may_bye).collect();
    g
}

fn decide(g: &lexpair::solver::graph::PairingGraph) -> bool {
    use lexpair::solver::sat::{pairable_by_sat_within, Bounded, SatBudget};
    let by_matching = lexpair::solver::matching::pairable_by_matching(g).is_pairable();
    if let Ok(Bounded::Decided(by_sat)) = pairable_by_sat_within(g, SatBudget::default()) {
        assert_eq!(by_sat.is_pairable(), by_matching, "the matching and SAT disagree on a pairing graph");
    }
    by_matching
}

/// The one judge of a round of players: pairs it with `system` through the door
/// (`lexpair::round::pair`, which guards every pairing with the checker) and requires the
/// checker's approval, or an exit 1 that [`legal_pairing_exists`] confirms. The error says what
/// went wrong (a refused pairing, an unconfirmed exit 1, another error).
pub fn judge(system: System, t: &Tournament, opts: &PairOptions) -> Result<Judged, String> {
    use lexpair::vocabulary::PairError;
    match lexpair::round::pair(t, system, &options_for(system, opts)) {
        Ok(round) => {
            // The door adds a pairing-allocated bye the arbiter entered in advance after the
            // checker (that player is absent for the system): judge the system's own pairing.
            let mut own = round.pairing.clone();
            if own.bye.is_some() && own.bye == t.preassigned_bye {
                own.bye = None;
            }
            let v = lexpair::verify::check(system, t, &own);
            if v.is_empty() {
                Ok(Judged::Approved(round.pairing))
            } else {
                Err(format!("{system} round {}: the checker refuses: {v:?}", t.round))
            }
        }
        Err(PairError::NoValidPairing(why)) => {
            if legal_pairing_exists(system, t) {
                Err(format!("{system} round {}: exit 1 ({why}) but the checker's rules admit a pairing", t.round))
            } else {
                Ok(Judged::NoLegalPairing)
            }
        }
        Err(e) => Err(format!("{system} round {}: {e}", t.round)),
    }
}

/// [`judge`] for a team tournament (`verify::team`).
pub fn judge_teams(system: System, t: &lexpair::team::TeamTournament, opts: &PairOptions) -> Result<Judged, String> {
    let check = |p: &lexpair::pairing::RoundPairing| lexpair::verify::team::check(system, t, p);
    judge_matches(system, t.into(), t.round, opts, check, || legal_match_pairing_exists(system, t, &t.present()))
}

/// [`judge`] for a Double-Swiss tournament (`verify::double`).
pub fn judge_double(
    system: System,
    t: &lexpair::double::DoubleTournament,
    opts: &PairOptions,
) -> Result<Judged, String> {
    let check = |p: &lexpair::pairing::RoundPairing| lexpair::verify::double::check(system, t, p);
    judge_matches(system, t.into(), t.round, opts, check, || legal_match_pairing_exists(system, t, &t.present()))
}

fn judge_matches(
    system: System,
    field: lexpair::round::Field<'_>,
    round: u32,
    opts: &PairOptions,
    check: impl Fn(&lexpair::pairing::RoundPairing) -> Vec<lexpair::verify::Violation>,
    exists: impl Fn() -> bool,
) -> Result<Judged, String> {
    use lexpair::vocabulary::PairError;
    match lexpair::round::pair(field, system, opts) {
        Ok(r) => {
            let v = check(&r.pairing);
            if v.is_empty() {
                Ok(Judged::Approved(r.pairing))
            } else {
                Err(format!("{system} round {round}: the checker refuses: {v:?}"))
            }
        }
        Err(PairError::NoValidPairing(why)) if exists() => {
            Err(format!("{system} round {round}: exit 1 ({why}) but the checker's rules admit a pairing"))
        }
        Err(PairError::NoValidPairing(_)) => Ok(Judged::NoLegalPairing),
        Err(e) => Err(format!("{system} round {round}: {e}")),
    }
}

/// The state before `round` of a tournament given as TRF text.
pub fn corpus_round_of_text(text: &str, round: u32) -> Tournament {
    let doc = lexpair::trf::read_str(text, "text.trf", &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    Tournament::before_round(&doc, round).unwrap_or_else(|e| panic!("{}", e.message))
}

/// The boards of `p` as unordered pairs of the ids `id` gives a board's two sides (a player's
/// id, a team's TPN).
pub fn id_pairs(
    p: &lexpair::pairing::RoundPairing,
    id: impl Fn(usize) -> u32,
) -> std::collections::BTreeSet<(u32, u32)> {
    p.boards
        .iter()
        .map(|b| {
            let (x, y) = (id(b.white), id(b.black));
            (x.min(y), x.max(y))
        })
        .collect()
}

/// The opponents from outside `of` that the members of `of` meet in `pairs`.
pub fn opponents_among(pairs: std::collections::BTreeSet<(u32, u32)>, of: &[u32]) -> std::collections::BTreeSet<u32> {
    pairs
        .into_iter()
        .filter_map(|(x, y)| match (of.contains(&x), of.contains(&y)) {
            (true, false) => Some(y),
            (false, true) => Some(x),
            _ => None,
        })
        .collect()
}
