//! A finished tournament (every round of XXR / 142 played): `state` and `standings` show where it
//! ended instead of refusing that no round is left to pair, `pair` says it is finished, for
//! individual and team files alike; and `check` replays round 1 of a file that leaves the initial
//! colour unstated, taking it from the recorded round 1 (the rule `batch replay` uses too).

use crate::common;
use common::lexpair;

use lexpair::check::{check_document, Outcome};
use lexpair::options::PairOptions;
use lexpair::round::with_recorded_initial_colour;
use lexpair::tournament::{is_finished, Tournament};
use lexpair::trf::{read_file, read_str, Colour, ReadOptions, TrfDocument};
use lexpair::vocabulary::System;
use std::path::{Path, PathBuf};

fn lichess_finished() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/exports/lichess_finished.trf")
}

fn team_finished() -> PathBuf {
    common::corpus("team-2026").join("tournaments/t0009.trf")
}

fn read(path: &Path) -> TrfDocument {
    read_file(path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

/// `lexpair ARGS FILE`: exit code, standard output, standard error.
fn run(args: &[&str], file: &Path) -> (Option<i32>, String, String) {
    let mut all = args.to_vec();
    all.push(file.to_str().expect("utf-8 path"));
    let o = lexpair(&all);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

#[test]
fn state_of_a_finished_tournament_is_the_state_after_its_last_round() {
    let file = lichess_finished();
    let d = read(&file);
    assert!(is_finished(&d));
    let t = Tournament::after_round(&d, 3).expect("after round 3");
    assert!(t.is_finished());
    assert_eq!((t.round, t.total_rounds), (4, Some(3)));
    let scores: Vec<(u32, String)> = t.players.iter().map(|p| (p.id, p.score.to_string())).collect();
    assert_eq!(scores[0], (1, "2.5".to_string()));
    assert_eq!(t.players[t.index_of(4).expect("4")].colours, [Colour::Black, Colour::White]);
    let (code, out, err) = run(&["state"], &file);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("after round 3 of 3 (the tournament is finished: the state after its last round); initial colour W; 7 present of 7"),
        "{out}"
    );
    assert_eq!(out.lines().count(), 2 + 7, "{out}");
    let (code, out, err) = run(&["state", "--json"], &file);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(
        (v["finished"].as_bool(), v["round"].as_u64(), v["total_rounds"].as_u64()),
        (Some(true), Some(4), Some(3))
    );
    // A tournament still running: the round to pair, not finished.
    let running = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf");
    let (code, out, _) = run(&["state", "--json"], &running);
    assert_eq!(code, Some(0));
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["finished"].as_bool(), Some(false));
    // A round of the history may still be asked for.
    let (code, out, err) = run(&["state", "--round", "3"], &file);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.starts_with("round 3 of 3;"), "{out}");
}

#[test]
fn standings_of_a_finished_tournament() {
    let (code, out, err) = run(&["standings", "--format", "csv"], &lichess_finished());
    assert_eq!(code, Some(0), "{err}");
    let ids: Vec<&str> = out.lines().skip(1).filter_map(|l| l.split(',').nth(1)).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, ["1", "2", "3", "4", "5", "6", "7"], "{out}");
    let top: Vec<&str> = out.lines().skip(1).take(2).filter_map(|l| l.split(',').nth(1)).collect();
    assert!(top.contains(&"1") && top.contains(&"2"), "{out}");
}

#[test]
fn a_finished_team_tournament() {
    let file = team_finished();
    let d = read(&file);
    assert_eq!(d.total_rounds, Some(6));
    assert!(is_finished(&d));
    let t = lexpair::team::through_round(&d, 6).expect("after round 6");
    assert_eq!(t.round, 7);
    let (code, out, err) = run(&["state"], &file);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.starts_with("after round 6 of 6 (the tournament is finished: the state after its last round); FIDE_TEAM"),
        "{out}"
    );
    let (code, out, err) = run(&["state", "--json"], &file);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!((v["finished"].as_bool(), v["round"].as_u64()), (Some(true), Some(7)));
    let (code, out, err) = run(&["standings", "--format", "csv"], &file);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().count(), 1 + 9, "{out}");
    let (code, _, err) = run(&["pair", "--system", "team-2026"], &file);
    assert_eq!(code, Some(3));
    assert!(err.contains("the tournament is finished: all 6 rounds are paired (142 6 on line"), "{err}");
}

/// A file without XXC / 152: `check` replays round 1 with the colour its round 1 shows, as
/// `batch replay` does (one rule: `round::with_recorded_initial_colour`).
#[test]
fn check_takes_the_initial_colour_from_round_one() {
    let dir = std::env::temp_dir().join(format!("lexpair-finished-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let generated = dir.join("generated.trf");
    let o = lexpair(&[
        "generate",
        "--system",
        "dutch-2026",
        "-n",
        "12",
        "-r",
        "4",
        "--seed",
        "3",
        "-o",
        generated.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&generated).expect("generated");
    let stated = read_str(&text, "generated.trf", &ReadOptions::default()).expect("reads").initial_colour;
    assert!(stated.is_some());
    let unstated: String = text.lines().filter(|l| !l.starts_with("XXC")).map(|l| format!("{l}\n")).collect();
    let doc = read_str(&unstated, "unstated.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.initial_colour, None);
    assert_eq!(with_recorded_initial_colour(doc.clone()).initial_colour, stated);
    let checks = check_document(&doc, System::Dutch2026, &PairOptions::default());
    assert_eq!(checks.len(), 4);
    assert!(checks.iter().all(|c| c.outcome == Outcome::Identical), "{checks:?}");
    let file = dir.join("unstated.trf");
    std::fs::write(&file, unstated).expect("write");
    let (code, out, err) = run(&["check", "--system", "dutch-2026"], &file);
    assert_eq!(code, Some(0), "{out}{err}");
    assert!(out.ends_with("identical 4/4\n"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);

    // A team file without tag 152: C.04.6 4.1 read back from round 1.
    let text = std::fs::read_to_string(team_finished()).expect("t0009");
    let unstated: String = text.lines().filter(|l| !l.starts_with("152")).map(|l| format!("{l}\n")).collect();
    let doc = read_str(&unstated, "t0009.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.initial_colour, None);
    assert_eq!(with_recorded_initial_colour(doc.clone()).initial_colour, Some(Colour::White));
    let checks = check_document(&doc, System::SwissTeam2026, &PairOptions::default());
    assert_eq!(checks.len(), 6);
    assert!(checks.iter().all(|c| c.outcome == Outcome::Identical), "{checks:?}");
}
