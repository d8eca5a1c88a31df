//! Formulation files (`--model`) of the two top-scoregroup systems, the Swiss Team system
//! (C.04.6, `models/team-2026.model`) and Double-Swiss (C.04.5, `models/double-2026.model`):
//! the shipped files pair as the text; a reordered or shortened file changes what the programs
//! optimise, as its order says, and every pairing is approved by the checker (the round door's
//! guard) and, under `--cross-check solver`, confirmed stage by stage on a second route.

use crate::common;

use lexpair::model::formulation::Formulation;
use lexpair::options::PairOptions;
use lexpair::round::{pair, Event, Field, Round};
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::System;
use std::path::{Path, PathBuf};

fn model(name: &str, text: &str) -> Formulation {
    Formulation::parse(name, text, |_| true).unwrap_or_else(|e| panic!("{e}"))
}

fn shipped(file: &str) -> Formulation {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("models").join(file);
    Formulation::read_file(&path).unwrap_or_else(|e| panic!("{e:?}"))
}

/// Every round of every tournament file in `dir` (sorted, at most `take` files), as events;
/// `games` per round paired (Double-Swiss: the two games of a match).
fn rounds(dir: &Path, take: usize, games: u32) -> Vec<(String, Event)> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir).expect("corpus").flatten().map(|e| e.path()).collect();
    files.sort();
    let mut out = Vec::new();
    for f in files.iter().take(take) {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for r in 1..=doc.total_rounds.unwrap_or(0) / games {
            let name = format!("{} r{r}", f.file_name().unwrap_or_default().to_string_lossy());
            let event = Event::before_round(&doc, r).unwrap_or_else(|e| panic!("{name}: {e}"));
            out.push((name, event));
        }
    }
    out
}

fn team_rounds() -> Vec<(String, Event)> {
    rounds(&common::corpus("team-2026").join("tournaments"), 40, 1)
}

fn double_rounds() -> Vec<(String, Event)> {
    rounds(&Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/double-2026/tournaments"), 20, 2)
}

fn pair_with(event: &Event, system: System, f: Option<&Formulation>, cross_check: bool) -> Result<Round, String> {
    let opts = PairOptions { model: f.cloned(), second_opinion: cross_check, ..PairOptions::default() };
    pair(Field::from(event), system, &opts).map_err(|e| e.to_string())
}

/// Per bracket (trace), the sum of the stage values of criterion `key`.
fn per_bracket(round: &Round, key: &str) -> Vec<i64> {
    round
        .traces
        .iter()
        .filter(|t| t.kind == "bracket")
        .map(|t| t.stages.iter().filter(|(k, _)| k.criterion == key).map(|&(_, v)| v).sum())
        .collect()
}

#[test]
fn the_shipped_files_pair_as_the_text() {
    for (system, file, events) in [
        (System::SwissTeam2026, "team-2026.model", team_rounds()),
        (System::DoubleSwiss2026, "double-2026.model", double_rounds()),
    ] {
        let f = shipped(file);
        assert!(events.len() > 100, "{file}: {} rounds", events.len());
        for (name, event) in &events {
            let text = pair_with(event, system, None, false);
            let read = pair_with(event, system, Some(&f), false);
            match (text, read) {
                (Ok(a), Ok(b)) => assert_eq!(a.pairing, b.pairing, "{file} {name}"),
                (Err(a), Err(b)) => assert_eq!(a, b, "{file} {name}"),
                (a, b) => panic!("{file} {name}: {:?} / {:?}", a.err(), b.err()),
            }
        }
    }
}

/// The bracket's criteria reversed (C.04.6 3.6: [C10] before [C9] before [C8]): the set of
/// upfloaters is chosen as before (its program is unchanged), so every bracket holds the same
/// teams, and in each the file's first criterion is at most the text's, its last at least, and
/// on some round strictly.
#[test]
fn a_reordered_team_bracket_optimises_in_the_file_s_order() {
    let f = model("reversed.model", "C4 a\nC5 b\nC6 c\nC7 d\nC10 e\nC9 f\nC8 g\n");
    let (mut fewer, mut more, mut compared) = (0, 0, 0);
    for (name, event) in team_rounds() {
        let (Ok(text), Ok(file)) = (
            pair_with(&event, System::SwissTeam2026, None, false),
            pair_with(&event, System::SwissTeam2026, Some(&f), false),
        ) else {
            continue;
        };
        let members = |r: &Round| r.traces.iter().map(|t| t.players.clone()).collect::<Vec<_>>();
        assert_eq!(members(&text), members(&file), "{name}: the brackets changed");
        let (t10, f10) = (per_bracket(&text, "C10"), per_bracket(&file, "C10"));
        let (t8, f8) = (per_bracket(&text, "C8"), per_bracket(&file, "C8"));
        for k in 0..t10.len() {
            assert!(f10[k] <= t10[k], "{name} bracket {k}: [C10] {} > {}", f10[k], t10[k]);
            // [C8] first in the text: the file's pairing cannot have fewer violations.
            assert!(f8[k] >= t8[k], "{name} bracket {k}: [C8] {} < {}", f8[k], t8[k]);
            fewer += usize::from(f10[k] < t10[k]);
            more += usize::from(f8[k] > t8[k]);
        }
        compared += 1;
    }
    assert!(compared > 100, "{compared} rounds compared");
    assert!(
        fewer > 0 && more > 0,
        "the order changed nothing: {fewer} brackets with fewer [C10], {more} with more [C8]"
    );
}

/// Files without [C7] (both systems) and with [C7] first: every pairing approved by the checker
/// and confirmed stage by stage under `--cross-check solver`; no [C7] stage is solved where the
/// file leaves it out; some rounds pair otherwise than the text.
#[test]
fn shortened_and_reordered_upfloater_programs_are_solved_exactly() {
    for (system, events, keys) in [
        (System::SwissTeam2026, team_rounds(), "C8 g\nC9 h\nC10 i\n"),
        (System::DoubleSwiss2026, double_rounds(), "C8 i\n"),
    ] {
        let no_c7 = model("no-c7.model", &format!("C4 a\nC5 b\nC6 c\n{keys}"));
        let c7_first = model("c7-first.model", &format!("C7 d\nC4 a\nC5 b\nC6 c\n{keys}"));
        let mut differ = 0;
        for (name, event) in events.iter().step_by(3) {
            let Ok(text) = pair_with(event, system, None, false) else { continue };
            for f in [&no_c7, &c7_first] {
                let round =
                    pair_with(event, system, Some(f), true).unwrap_or_else(|e| panic!("{} {name}: {e}", f.name));
                let solver = round.solver.as_ref().expect("--cross-check solver counts");
                assert!(solver.disagreements.is_empty(), "{} {name}: {:?}", f.name, solver.disagreements);
                if f.name == "no-c7.model" {
                    assert!(per_bracket(&round, "C7").iter().all(|&v| v == 0), "{name}: a [C7] stage was solved");
                    assert!(round.traces.iter().all(|t| t.stages.iter().all(|(k, _)| k.criterion != "C7")));
                }
                differ += usize::from(round.pairing != text.pairing);
            }
        }
        assert!(differ > 0, "{system}: no file changed a pairing");
    }
}

/// A file is checked when read, the error naming the file and line: [C6] before [C5] (its pass
/// is the parity the [C5] stages leave), a key of no criterion of the system.
#[test]
fn bad_files_are_refused_with_file_and_line() {
    let (_, event) = team_rounds().into_iter().nth(3).expect("a round");
    let late = model("late.model", "C4 a\nC6 c\nC5 b\n");
    let err = pair_with(&event, System::SwissTeam2026, Some(&late), false).expect_err("refused");
    assert!(err.contains("late.model:2:") && err.contains("'C6'") && err.contains("before it"), "{err}");
    let unknown = model("unknown.model", "C4 a\nC11 z\n");
    let err = pair_with(&event, System::SwissTeam2026, Some(&unknown), false).expect_err("refused");
    assert!(err.contains("unknown.model:2:") && err.contains("'C11'"), "{err}");
    let (_, event) = double_rounds().into_iter().nth(3).expect("a round");
    let colour = model("colour.model", "C4 a\nC9 strong colours\n");
    let err = pair_with(&event, System::DoubleSwiss2026, Some(&colour), false).expect_err("refused");
    assert!(err.contains("colour.model:2:") && err.contains("'C9'"), "{err}");
}
