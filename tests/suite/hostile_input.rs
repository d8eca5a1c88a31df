//! Hostile input and faults (issue 17): every repro file of `tests/data/bad-input` (a copy of
//! `../shared/bad-input`) with its intended answer, through the command line and the library;
//! output to devices, FIFOs and symbolic links; write errors; `--write-lp`; `--time-limit`.

use crate::common;
use common::lexpair;

use lexpair::options::PairOptions;
use lexpair::tournament::{next_round, round_to_pair, Tournament};
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::System;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn bad(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad-input").join(name).display().to_string()
}

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf").display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-hostile-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Exit code and standard error of `lexpair pair --system SYSTEM FILE ARGS...`.
fn pair(system: &str, file: &str, args: &[&str]) -> (Option<i32>, String, String) {
    let mut all = vec!["pair", "--system", system, file];
    all.extend_from_slice(args);
    let o = lexpair(&all);
    (o.status.code(), stdout(&o), stderr(&o))
}

fn doc(name: &str) -> lexpair::trf::TrfDocument {
    read_file(Path::new(&bad(name)), &ReadOptions::default()).expect("readable")
}

/// Every repro file has a test here (the names below are the tests' subjects).
#[test]
fn every_repro_file_is_tested() {
    let tested = [
        "pending_results_rematch.trf",
        "cancelled_round.trf",
        "repeat_pab_half_point.trf",
        "empty.trf",
        "truncated_mid_line.trf",
        "corrupt_tag_drops_player.trf",
        "round_beyond_next.trf",
        "xxr_too_small.trf",
        "check_broken.trf",
        "highs_backend_slow.trf",
    ];
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/bad-input");
    for e in std::fs::read_dir(dir).expect("tests/data/bad-input").flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        assert!(name == "README.md" || tested.contains(&name.as_str()), "{name} has no test");
    }
}

// --- round detection ---

#[test]
fn pending_results_are_refused_not_read_as_unplayed() {
    // lexpair's own --format trf output: round 4 paired, results blank. Read as "not played" it
    // was paired again with the same boards (rematches); the results are needed first.
    let (code, out, err) = pair("dutch-2026", &bad("pending_results_rematch.trf"), &[]);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("pending_results_rematch.trf") && err.contains("round 4 has results pending"), "{err}");
    assert!(err.contains("pending_results_rematch.trf:6:129: round 4 result (column 129)"), "{err}");
    assert!(err.contains("(player 1 against 5 has no result)"), "{err}");
    let d = doc("pending_results_rematch.trf");
    assert_eq!(next_round(&d), 5);
    assert!(round_to_pair(&d, None).is_err());
    assert!(Tournament::before_round(&d, 5).is_err(), "the state builder refuses it too");
    // Re-pairing round 4 itself (its history is complete) is still possible.
    assert_eq!(round_to_pair(&d, Some(4)).ok(), Some(4));
}

#[test]
fn a_cancelled_round_is_history_not_the_round_to_pair() {
    // Round 2: every player 0000 - H. Rounds 1 and 3 were played: the round to pair is 4.
    let d = doc("cancelled_round.trf");
    assert_eq!(next_round(&d), 4);
    let (code, out, err) = pair("dutch-2026", &bad("cancelled_round.trf"), &["--format", "json"]);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["round"], 4);
    assert_eq!(v["boards"].as_array().map(Vec::len), Some(2), "{out}");
    // The half-point byes of round 2 count in the history.
    let t = Tournament::before_round(&d, 4).expect("state");
    assert!(t.players.iter().all(|p| p.unplayed_rounds == 1 && p.absent.is_none()));
}

/// A PAB entered in advance for one player of the round to pair, nothing else: neither taken as
/// a played round (pairing the round after it, the 22 as absent) nor paired with the entry
/// dropped. Without `--round` it is refused, naming the round and the players, and nothing is
/// written; with `--round 5` the bye is kept (tests/suite/cli.rs).
#[test]
fn a_pab_entered_in_advance_for_one_player_is_refused_not_dropped() {
    let text = std::fs::read_to_string(example()).expect("example");
    let half: String = text
        .lines()
        .map(|l| if l.starts_with("001    7 ") { format!("{}  0000 - U\n", l.trim_end()) } else { format!("{l}\n") })
        .collect();
    let dir = scratch("half-entered");
    let file = dir.join("half.trf");
    std::fs::write(&file, half).expect("write");
    let out = dir.join("out.txt");
    let (code, text, err) = pair("dutch-2026", file.to_str().expect("utf-8"), &["-o", out.to_str().expect("utf-8")]);
    assert_eq!(code, Some(3), "{text}{err}");
    assert!(err.contains("round 5, the round to pair") && err.contains("(7;") && err.contains("--round 5"), "{err}");
    assert!(!out.exists(), "nothing written");
}

#[test]
fn a_round_beyond_the_next_one_is_refused() {
    let (code, out, err) = pair("dutch-2026", &bad("round_beyond_next.trf"), &["--round", "5"]);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(err.contains("round 5 cannot be paired: rounds 1-3 are paired, so the round to pair is 4"), "{err}");
    let (code, out, err) = pair("dutch-2026", &bad("round_beyond_next.trf"), &["--round", "4"]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("3"));
}

#[test]
fn xxr_below_the_rounds_paired_names_file_and_line() {
    let (code, _, err) = pair("dutch-2026", &bad("xxr_too_small.trf"), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("xxr_too_small.trf:4:5: XXR: 2 rounds, but player 1 (line 7) is paired in round 3"), "{err}");
}

#[test]
fn a_missing_initial_colour_names_the_file() {
    let dir = scratch("colour");
    let f = dir.join("no-colour.trf");
    std::fs::write(
        &f,
        "012 x\nXXR 3\n001    1      A                                 2000                             0.0    1\n001    2      B                                 1900                             0.0    2\n",
    )
    .expect("write");
    for system in ["dutch-2026", "dubov-2026", "lim"] {
        let (code, _, err) = pair(system, f.to_str().expect("utf-8"), &[]);
        assert_eq!(code, Some(3), "{system}: {err}");
        assert!(err.contains(&format!("{}: the initial colour is not stated", f.display())), "{system}: {err}");
    }
}

// --- C.04.1 Art. 4: no second PAB, whatever it is worth ---

#[test]
fn a_second_pab_is_refused_when_the_pab_is_worth_half_a_point() {
    // BBU 0.5; player 5 had the PAB in round 1 and may meet nobody (XXP): no legal pairing.
    for system in ["dutch-2026", "dubov-2026", "dutch-2017", "dubov-2018", "lim"] {
        let (code, out, err) = pair(system, &bad("repeat_pab_half_point.trf"), &[]);
        assert_eq!(code, Some(1), "{system}: {out}{err}");
        assert!(err.contains("no valid pairing"), "{system}: {err}");
    }
    let d = doc("repeat_pab_half_point.trf");
    let t = Tournament::before_round(&d, 2).expect("state");
    let e = &t.players[4];
    assert!(e.had_pab && e.unplayed_win_rounds == 1, "{e:?}");
    for system in [System::Dutch2026, System::Dubov2026] {
        assert!(lexpair::round::pair(&t, system, &PairOptions::default()).map(|r| r.pairing).is_err(), "{system}");
    }
}

// --- the reader rejects what is not a tournament ---

#[test]
fn an_empty_file_is_not_a_tournament() {
    let (code, out, err) = pair("dutch-2026", &bad("empty.trf"), &[]);
    assert_eq!(code, Some(3), "{out}");
    assert!(out.is_empty());
    assert!(err.contains("empty.trf: player section: no player record (001) in 0 line(s)"), "{err}");
}

#[test]
fn a_header_only_file_and_a_binary_are_not_tournaments() {
    let dir = scratch("header");
    let header = dir.join("header.trf");
    std::fs::write(&header, "012 Header only\nXXR 5\nXXC white1\n").expect("write");
    let (code, _, err) = pair("dutch-2026", header.to_str().expect("utf-8"), &[]);
    assert_eq!(code, Some(3));
    assert!(err.contains("no player record (001) in 3 line(s)"), "{err}");
    // This test's own executable: bytes that are no text at all.
    let binary = std::env::current_exe().expect("test binary");
    let (code, out, err) = pair("dutch-2026", binary.to_str().expect("utf-8"), &[]);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(err.contains(binary.to_str().expect("utf-8")), "{err}");
}

#[test]
fn a_line_cut_inside_a_field_is_refused() {
    let (code, _, err) = pair("dutch-2026", &bad("truncated_mid_line.trf"), &[]);
    assert_eq!(code, Some(3));
    assert!(
        err.contains(
            "truncated_mid_line.trf:7:50: FIDE rating (columns 49-52): the line ends inside this right-aligned field"
        ),
        "{err}"
    );
}

#[test]
fn a_player_line_with_a_damaged_tag_is_refused_not_dropped() {
    let (code, _, err) = pair("dutch-2026", &bad("corrupt_tag_drops_player.trf"), &[]);
    assert_eq!(code, Some(3));
    assert!(
        err.contains("corrupt_tag_drops_player.trf:6:1: record tag (columns 1-3): '081' is not a record tag"),
        "{err}"
    );
}

// --- check ---

#[test]
fn check_exits_5_on_an_unreadable_file() {
    let o = lexpair(&["check", "--system", "dutch-2026", &bad("check_broken.trf")]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
    assert!(stdout(&o).contains("check_broken.trf:8:101"), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("identical 0/1\n"), "{}", stdout(&o));
    // The drop-in form as bbpPairings: a file it cannot parse is exit 3, named on stderr.
    let o = lexpair(&["--dutch", &bad("check_broken.trf"), "-c"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert!(stderr(&o).contains("check_broken.trf:8:101"), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
}

#[test]
fn check_exits_1_on_a_difference_unless_allowed() {
    // Round 1 is the Dutch round 1 (1-3, 4-2); the recorded round 2 (4-1, 2-3) is not what the
    // rules pair after it (1-2, 3-4): one round identical, one different.
    let dir = scratch("check");
    let f = dir.join("played.trf");
    std::fs::write(
        &f,
        "012 x\nXXR 2\nXXC white1\n\
001    1      A                                 2400                             2.0    1     3 w 1     4 b 1\n\
001    2      B                                 2300                             1.0    2     4 b 1     3 w 0\n\
001    3      C                                 2200                             1.0    3     1 b 0     2 b 1\n\
001    4      D                                 2100                             0.0    4     2 w 0     1 w 0\n",
    )
    .expect("write");
    let path = f.to_str().expect("utf-8");
    let o = lexpair(&["check", "--system", "dutch-2026", path]);
    let text = stdout(&o);
    assert!(text.contains("round 2: differs"), "{text}");
    assert_eq!(o.status.code(), Some(1), "{text}{}", stderr(&o));
    let o = lexpair(&["check", "--system", "dutch-2026", path, "--allow-diff"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).ends_with("identical 1/2\n"), "{}", stdout(&o));
}

// --- output ---

#[test]
fn a_fifo_is_written_through_not_replaced() {
    let dir = scratch("fifo");
    let fifo = dir.join("out.fifo");
    let made = Command::new("mkfifo").arg(&fifo).status().expect("mkfifo runs");
    assert!(made.success());
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).expect("read the fifo"))
    };
    let (code, out, err) = pair("dutch-2026", &example(), &["-o", fifo.to_str().expect("utf-8")]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.is_empty());
    let got = reader.join().expect("reader");
    let (_, expected, _) = pair("dutch-2026", &example(), &[]);
    assert_eq!(got, expected);
    use std::os::unix::fs::FileTypeExt;
    assert!(std::fs::symlink_metadata(&fifo).expect("still there").file_type().is_fifo());
}

#[test]
fn a_symbolic_link_is_followed_and_kept() {
    let dir = scratch("symlink");
    let target = dir.join("target.txt");
    let link = dir.join("link.txt");
    std::fs::write(&target, "old\n").expect("write");
    std::os::unix::fs::symlink(&target, &link).expect("symlink");
    let (code, _, err) = pair("dutch-2026", &example(), &["-o", link.to_str().expect("utf-8")]);
    assert_eq!(code, Some(0), "{err}");
    assert!(std::fs::symlink_metadata(&link).expect("link").file_type().is_symlink());
    let (_, expected, _) = pair("dutch-2026", &example(), &[]);
    assert_eq!(std::fs::read_to_string(&target).expect("target"), expected);
}

#[test]
fn a_full_device_is_exit_5() {
    if !Path::new("/dev/full").exists() {
        return; // not Linux
    }
    let (code, _, err) = pair("dutch-2026", &example(), &["-o", "/dev/full"]);
    assert_eq!(code, Some(5), "{err}");
    assert!(err.contains("/dev/full: cannot write"), "{err}");
}

#[test]
fn a_failed_write_leaves_the_old_file_intact() {
    let dir = scratch("atomic");
    let out = dir.join("out.txt");
    std::fs::write(&out, "old\n").expect("write");
    // The temporary file cannot be created: its name is taken by a folder.
    std::fs::create_dir(dir.join(".out.txt.lexpair-tmp")).expect("mkdir");
    let (code, _, err) = pair("dutch-2026", &example(), &["-o", out.to_str().expect("utf-8")]);
    assert_eq!(code, Some(5), "{err}");
    assert!(err.contains("out.txt: cannot write"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).expect("old file"), "old\n");
    // A regular file is still replaced whole when the write succeeds.
    std::fs::remove_dir(dir.join(".out.txt.lexpair-tmp")).expect("rmdir");
    let (code, _, _) = pair("dutch-2026", &example(), &["-o", out.to_str().expect("utf-8")]);
    assert_eq!(code, Some(0));
    assert_eq!(std::fs::read_to_string(&out).expect("new file").lines().next(), Some("12"));
    let names: Vec<String> =
        std::fs::read_dir(&dir).expect("dir").flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect();
    assert_eq!(names, vec!["out.txt".to_string()], "no temporary file left");
}

// --- --write-lp ---

#[test]
fn write_lp_creates_its_folder_but_not_missing_parents() {
    let dir = scratch("lp");
    let deep = dir.join("missing/lp");
    let (code, _, err) = pair("dutch-2026", &example(), &["--write-lp", deep.to_str().expect("utf-8")]);
    assert_eq!(code, Some(5), "{err}");
    assert!(err.contains("does not exist (lexpair creates"), "{err}");
    assert!(!dir.join("missing").exists());

    let file = dir.join("a-file");
    std::fs::write(&file, "x").expect("write");
    let (code, _, err) = pair("dutch-2026", &example(), &["--write-lp", file.to_str().expect("utf-8")]);
    assert_eq!(code, Some(5), "{err}");
    assert!(err.contains("a-file: exists and is not a folder"), "{err}");

    let lp = dir.join("lp");
    let (code, _, err) = pair("dutch-2026", &example(), &["--write-lp", lp.to_str().expect("utf-8")]);
    assert_eq!(code, Some(0), "{err}");
    let files = std::fs::read_dir(&lp).expect("created").flatten().count();
    assert!(files > 0, "LP files written");
}

// --- --time-limit ---

#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn the_time_limit_ends_the_pairing_with_exit_2_and_nothing_written() {
    // 1,000 players, round 2: minutes with the HiGHS backend (0.2 s with the default one).
    let round = common::corpus("large").join("p1000-r02.trf");
    let round = round.to_str().expect("utf-8");
    let dir = scratch("limit");
    let out = dir.join("out.txt");
    let o = out.to_str().expect("utf-8");
    let (code, text, err) = pair("dutch-2026", round, &["--backend", "highs", "--time-limit", "1", "-o", o]);
    assert_eq!(code, Some(2), "{text}{err}");
    assert!(err.contains("time limit reached"), "{err}");
    assert!(!out.exists(), "nothing written");
    // The same limit is no obstacle to the fast backend, and a limit must be a positive number.
    let (code, _, err) = pair("dutch-2026", round, &["--time-limit", "60", "-o", o]);
    assert_eq!(code, Some(0), "{err}");
    assert!(out.exists());
    let (code, _, _) = pair("dutch-2026", &example(), &["--time-limit", "0"]);
    assert_eq!(code, Some(3));
    // The round that took HiGHS minutes before its LP proofs: the same pairing on both routes.
    let slow = bad("highs_backend_slow.trf");
    let (code, highs, err) = pair("dutch-2026", &slow, &["--backend", "highs", "--time-limit", "60"]);
    assert_eq!(code, Some(0), "{err}");
    let (code, matching, err) = pair("dutch-2026", &slow, &[]);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(highs, matching);
}

// --- batch: killed with SIGKILL, restarted ---

/// `batch simulate` of 2 systems × 6 seeds, on one thread so that units finish one by one.
fn simulate_args(out: &Path) -> Vec<String> {
    let args =
        "batch simulate -s dutch-2026 -s dutch-2017 -n 30 -r 6 -k 6 --half-byes 0.05 --forfeit-rate 0.03 -j 1 -q -o";
    let mut v: Vec<String> = args.split(' ').map(String::from).collect();
    v.push(out.display().to_string());
    v
}

fn unit_lines(out: &Path) -> Vec<String> {
    std::fs::read_to_string(out.join("units.jsonl")).unwrap_or_default().lines().map(String::from).collect()
}

#[test]
fn batch_killed_mid_run_resumes_with_nothing_lost_or_duplicated() {
    let dir = scratch("kill");
    let (full, cut) = (dir.join("full"), dir.join("cut"));
    let o = Command::new(env!("CARGO_BIN_EXE_lexpair")).args(simulate_args(&full)).output().expect("runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let units = unit_lines(&full).len();
    assert_eq!(units, 12);

    // Start the same run and kill it (SIGKILL) once some but not all units are recorded.
    let mut child = Command::new(env!("CARGO_BIN_EXE_lexpair")).args(simulate_args(&cut)).spawn().expect("spawn");
    loop {
        if !unit_lines(&cut).is_empty() {
            break;
        }
        assert!(child.try_wait().expect("wait").is_none(), "the run ended before it could be killed");
        std::thread::sleep(std::time::Duration::from_millis(2));
    }
    child.kill().expect("SIGKILL");
    let status = child.wait().expect("wait");
    use std::os::unix::process::ExitStatusExt;
    assert_eq!(status.signal(), Some(9), "killed by SIGKILL");
    let recorded = unit_lines(&cut).len();
    assert!(recorded < units, "killed mid-run ({recorded} of {units} recorded)");
    assert!(!cut.join("results.csv").exists(), "no report from the killed run");

    // Restarted: the missing units run, the recorded ones do not run again.
    let o = Command::new(env!("CARGO_BIN_EXE_lexpair")).args(simulate_args(&cut)).output().expect("runs");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let keys: Vec<String> = unit_lines(&cut)
        .iter()
        .filter_map(|l| serde_json::from_str::<serde_json::Value>(l).ok())
        .filter_map(|v| v["key"].as_str().map(String::from))
        .collect();
    let distinct: std::collections::BTreeSet<&String> = keys.iter().collect();
    assert_eq!(distinct.len(), units, "nothing lost");
    assert_eq!(keys.len(), units, "nothing duplicated");
    let read = |p: PathBuf| std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert_eq!(read(full.join("results.csv")), read(cut.join("results.csv")));
}

// --- found by fuzzing ---

/// A byte-order mark at the start of a later line (files concatenated) was part of that line's
/// record tag, so the line was kept verbatim; written back first, it became the file's BOM and a
/// player line that could not be read (`fuzz/trf_read`, crash-c766fa8c).
#[test]
fn a_byte_order_mark_inside_the_file_is_ignored_as_at_its_start() {
    use lexpair::trf::{read_str, write};
    let line = "001    1      A                                 2000                             0.0    1";
    let doc = read_str(&format!("012 x\n\u{feff}{line}\n"), "bom.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.players.len(), 1);
    assert!(doc.other_lines.is_empty());
    // Two marks in a row (crash-24d473db): all of them are dropped.
    for input in ["bom_inside_then_rewritten.bin", "two_byte_order_marks.bin"] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/fuzz").join(input);
        let text = String::from_utf8_lossy(&std::fs::read(path).expect("fuzz input")).into_owned();
        let doc = read_str(&text, "fuzz.trf", &ReadOptions { check_scores: false });
        if let Ok(doc) = doc {
            let again = read_str(&write(&doc, doc.flavor), "again.trf", &ReadOptions { check_scores: false });
            assert!(again.is_ok(), "{input}: {again:?}");
        }
    }
}

/// A tournament built in code beyond what a model's 16-bit player numbers hold (`model::Pairs`)
/// is refused at the round's door with an error, not a panic in a model builder.
#[test]
fn a_tournament_of_65536_players_built_in_code_is_refused_at_the_door() {
    let doc = read_file(Path::new(&example()), &ReadOptions::default()).expect("readable");
    let lexpair::round::Event::Players(mut t) = lexpair::round::Event::to_pair(&doc, None).expect("a round to pair")
    else {
        panic!("the example is an individual tournament")
    };
    let first = t.players[0].clone();
    let n = lexpair::model::Pairs::PLAYERS;
    t.players =
        (1..=n as u32).map(|id| lexpair::tournament::Player { id, pairing_number: id, ..first.clone() }).collect();
    match lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default()) {
        Err(lexpair::vocabulary::PairError::Invalid(m)) => {
            assert!(m.contains("65536 players") && m.contains("at most 65535"), "{m}")
        }
        other => panic!("expected a refusal, got {:?}", other.map(|r| r.pairing.boards.len())),
    }
    // One fewer passes the door (all but two absent, so that the round is small).
    t.players.truncate(n - 1);
    t.players.iter_mut().skip(2).for_each(|p| p.absent = Some(lexpair::trf::ByeKind::Zero));
    let below = lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default());
    assert!(!matches!(&below, Err(lexpair::vocabulary::PairError::Invalid(m)) if m.contains("at most 65535")));
}
