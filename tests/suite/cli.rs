//! The command-line contract other tools rely on: formats, the drop-in form and exit codes.

use crate::common;
use common::lexpair;

use std::path::{Path, PathBuf};
use std::process::Output;

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf").display().to_string()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-cli-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

#[test]
fn pairs_format_counts_lines_and_puts_the_bye_last() {
    let o = lexpair(&["pair", "--system", "dutch-2017", &example()]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    // 23 players: 11 boards and the bye.
    assert_eq!(lines[0], "12");
    assert_eq!(lines.len(), 13);
    assert!(lines[12].ends_with(" 0"), "bye last: {text}");
    let ids: Vec<u32> =
        lines[1..].iter().flat_map(|l| l.split(' ')).filter_map(|x| x.parse().ok()).filter(|&x| x != 0).collect();
    let mut sorted = ids.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 23, "every player exactly once");
}

#[test]
fn drop_in_form_writes_the_same_pairs_to_a_file() {
    let dir = scratch("dropin");
    let out = dir.join("pairs.txt");
    let o = lexpair(&["--dutch", &example(), "--edition", "2017", "-p", out.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let direct = stdout(&lexpair(&["pair", "--system", "dutch-2017", &example()]));
    assert_eq!(std::fs::read_to_string(&out).expect("written"), direct);
}

#[test]
fn json_and_trf_formats() {
    let o = lexpair(&["pair", "--system", "dutch-2017", &example(), "--format", "json", "--explain"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    assert_eq!(v["round"], 5);
    assert_eq!(v["boards"].as_array().map(|b| b.len()), Some(11));
    assert!(v["brackets"].as_array().is_some_and(|b| !b.is_empty()), "explanation included");
    // The TRF output reads back and its next round to pair is round 6.
    let dir = scratch("trf");
    let out = dir.join("r5.trf");
    let o =
        lexpair(&["pair", "--system", "dutch-2017", &example(), "--format", "trf", "-o", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let doc = lexpair::trf::read_file(&out, &lexpair::trf::ReadOptions::default()).expect("reads back");
    assert_eq!(lexpair::tournament::next_round(&doc), 6);
}

#[test]
fn malformed_input_exits_3_and_names_the_line() {
    let dir = scratch("bad");
    let bad = dir.join("bad.trf");
    std::fs::write(&bad, "012 x\nXXR 5\n001    1      A                                 2000                             0.0     \n001    2      B                                 20x0                             0.0     \n").expect("write");
    let out = dir.join("out.txt");
    let o =
        lexpair(&["pair", "--system", "dutch-2017", bad.to_str().expect("utf-8"), "-o", out.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("bad.trf:4:49: FIDE rating (columns 49-52)"), "{}", stderr(&o));
    assert!(!out.exists(), "nothing written on failure");
}

#[test]
fn missing_file_exits_5() {
    let o = lexpair(&["pair", "--system", "dutch-2017", "/nonexistent/x.trf"]);
    assert_eq!(o.status.code(), Some(5), "{}", stderr(&o));
}

#[test]
fn unavailable_request_or_unknown_system_exits_3_with_a_clear_message() {
    let o = lexpair(&["pair", "--system", "dubov-2026", &example(), "--why-not", "1", "99"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("no player 99 in this tournament"), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "nothing printed");
    let o = lexpair(&["pair", "--system", "swiss-perfect", &example()]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("unknown system 'swiss-perfect'"), "{}", stderr(&o));
}

#[test]
fn no_valid_pairing_exits_1() {
    // Two players who already met: the only pairing is a rematch (C.1).
    let dir = scratch("nopair");
    let f = dir.join("met.trf");
    std::fs::write(
        &f,
        "012 x\nXXR 3\nXXC white1\n001    1      A                                 2000                             1.0          2 w 1\n001    2      B                                 1900                             0.0          1 b 0\n",
    )
    .expect("write");
    let o = lexpair(&["pair", "--system", "dutch-2017", f.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("no valid pairing"), "{}", stderr(&o));
}

#[test]
fn check_reports_identical_on_a_complete_tournament() {
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/dutch-2017-tight/tournaments");
    let first = std::fs::read_dir(&f).expect("corpus present").flatten().map(|e| e.path()).min().expect("a file");
    let o = lexpair(&["check", "-s", "dutch-2017", first.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let last = text.lines().last().unwrap_or_default();
    assert!(last.starts_with("identical "), "{text}");
    let (n, m) = last["identical ".len()..].split_once('/').expect("N/M");
    assert_eq!(n, m, "{text}");
    // The drop-in form prints what the engines print: a line per round, no table.
    let o = lexpair(&["--dutch", first.to_str().expect("utf-8"), "--edition", "2017", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let rounds: usize = m.parse().expect("a count");
    assert_eq!(text.lines().filter(|l| l.contains(": Round #")).count(), rounds, "{text}");
    assert!(!text.contains("Checker pairings"), "{text}");
}

#[test]
fn why_not_names_the_rule_that_keeps_two_players_apart() {
    let why = |a: &str, b: &str| {
        let o = lexpair(&["pair", "--system", "dutch-2017", &example(), "--why-not", a, b]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        stdout(&o).lines().last().unwrap_or_default().to_string()
    };
    // Players 1 and 2 met in round 4 (C.1).
    assert_eq!(why("1", "2"), "why not 1-2: C.1: 1 and 2 already played each other in round 4");
    assert_eq!(why("1", "3"), "why not 1-3: 1 and 3 are paired together in this round");
    // Same bracket: the forced pairing costs two colour preferences (C.10).
    assert!(why("2", "6").contains("would worsen C10-colours (C.04.3 C.10"), "{}", why("2", "6"));
    assert!(why("1", "23").contains("never in the same bracket"), "{}", why("1", "23"));
    let o = lexpair(&["pair", "--system", "dutch-2017", &example(), "--why-not", "1", "99"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("no player 99"), "{}", stderr(&o));
}

#[test]
fn dutch_means_the_2026_rules() {
    // dutch-2026-tight t0007 was paired by the 2026 reference engine; its round 7 pairs
    // differently under the 2017 rules (the PAB score, [C5]).
    let f = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/dutch-2026-tight/tournaments/t0007.trf");
    let f = f.to_str().expect("utf-8");
    let last = |o: &Output| stdout(o).lines().last().unwrap_or_default().to_string();
    let o = lexpair(&["--dutch", f, "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(!stdout(&o).contains("Checker pairings"), "{}", stdout(&o));
    assert!(stdout(&o).contains("t0007: Round #8\n"), "{}", stdout(&o));
    let o = lexpair(&["--dutch", f, "--edition", "2017", "-c"]);
    assert!(
        stdout(&o).contains("t0007: Round #7\n  Checker pairings"),
        "the 2017 rules pair round 7 differently: {}",
        stdout(&o)
    );
    let o = lexpair(&["check", "-s", "dutch-2026", f]);
    assert_eq!(last(&o), "identical 8/8");
    // The drop-in pairing of the next round is the 2026 system's.
    let dir = scratch("dropin26");
    let out = dir.join("pairs.txt");
    let o = lexpair(&["--dutch", &example(), "-p", out.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let direct = stdout(&lexpair(&["pair", "--system", "dutch-2026", &example()]));
    assert_eq!(std::fs::read_to_string(&out).expect("written"), direct);
}

#[test]
fn maxi_is_a_lim_rule() {
    // C.04.4.3 3.2, 3.8, 5.7: the Maxi-tournament rules belong to the Lim system.
    let o = lexpair(&["pair", "--system", "lim", &example(), "--maxi"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).starts_with("12\n"), "{}", stdout(&o));
    let o = lexpair(&["pair", "--system", "dutch-2026", &example(), "--maxi"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("--maxi is a rule of the Lim system"), "{}", stderr(&o));
}

#[test]
fn explain_shows_the_lim_steps() {
    // Lim pairs by score-groups from the top down to the median, from the bottom up, the median
    // last (C.04.4.3 2.2); the explanation lists those steps, and every board comes from one.
    let o = lexpair(&["pair", "--system", "lim", &example(), "--format", "json", "--explain"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("valid JSON");
    let steps = v["brackets"].as_array().expect("steps");
    let kinds: Vec<&str> = steps.iter().filter_map(|b| b["kind"].as_str()).collect();
    assert!(kinds.contains(&"median score-group"), "{kinds:?}");
    assert!(kinds.iter().any(|k| k.contains("downward")) && kinds.iter().any(|k| k.contains("upward")), "{kinds:?}");
    let mut from_steps: Vec<(u64, u64)> = steps
        .iter()
        .flat_map(|b| b["pairs"].as_array().cloned().unwrap_or_default())
        .filter_map(|p| Some((p[0].as_u64()?, p[1].as_u64()?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    let mut boards: Vec<(u64, u64)> = v["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .filter_map(|b| Some((b["white"].as_u64()?, b["black"].as_u64()?)))
        .map(|(a, b)| (a.min(b), a.max(b)))
        .collect();
    from_steps.sort_unstable();
    boards.sort_unstable();
    assert_eq!(from_steps, boards, "no pairing was cracked here (2.6)");
    let text = stdout(&lexpair(&["pair", "--system", "lim", &example(), "--explain"]));
    assert!(text.contains("(median score-group, score 2)"), "{text}");
}

/// `pair --model FILE`: a formulation variant pairs under its own criteria (dropping the colour
/// criteria changes this round), the built-in file read back pairs as the default, and a system
/// that reads no formulation refuses it (exit 3); a missing file is exit 5.
#[test]
fn pair_with_a_formulation_file() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let file = |p: &str| root.join(p).display().to_string();
    let default = lexpair(&["pair", "-s", "dutch-2026", &example()]);
    assert_eq!(default.status.code(), Some(0), "{}", stderr(&default));
    let same = lexpair(&["pair", "-s", "dutch-2026", &example(), "--model", &file("models/dutch-2026.model")]);
    assert_eq!(stdout(&same), stdout(&default));
    let variant = lexpair(&[
        "pair",
        "-s",
        "dutch-2026",
        &example(),
        "--model",
        &file("examples/sauer2024/dutch-2026-no-colours.model"),
    ]);
    assert_eq!(variant.status.code(), Some(0), "{}", stderr(&variant));
    assert_ne!(stdout(&variant), stdout(&default));
    // Dubov reads formulation files too: its own is its default; a Dutch criterion it lacks is
    // refused naming the file and line.
    let dubov = lexpair(&["pair", "-s", "dubov-2026", &example()]);
    let own = lexpair(&["pair", "-s", "dubov-2026", &example(), "--model", &file("models/dubov-2026.model")]);
    assert_eq!(own.status.code(), Some(0), "{}", stderr(&own));
    assert_eq!(stdout(&own), stdout(&dubov));
    let dutch = file("examples/sauer2024/dutch-2026-no-colours.model");
    let refused = lexpair(&["pair", "-s", "dubov-2026", &example(), "--model", &dutch]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(stderr(&refused).contains("is not a criterion of the Dubov system"), "{}", stderr(&refused));
    assert!(stderr(&refused).contains(&format!("{dutch}:")), "{}", stderr(&refused));
    let refused = lexpair(&["pair", "-s", "lim", &example(), "--model", &dutch]);
    assert_eq!(refused.status.code(), Some(3));
    assert!(stderr(&refused).contains("is not a stage of the Lim system"), "{}", stderr(&refused));
    let missing = lexpair(&["pair", "-s", "dutch-2026", &example(), "--model", "/nonexistent/x.model"]);
    assert_eq!(missing.status.code(), Some(5));
}

/// `check` reads the pairing-allocated bye whether it is written `0000 - U` or, as some programs
/// write it, `0000 - +` (a forfeit win without opponent): the same rounds are identical.
#[test]
fn check_reads_a_bye_written_as_a_forfeit_win() {
    let text = std::fs::read_to_string(example()).expect("the example");
    assert!(text.contains(" 0000 - U"));
    let dir = scratch("plus-bye");
    let plus = dir.join("plus.trf");
    std::fs::write(&plus, text.replace(" 0000 - U", " 0000 - +")).expect("write");
    let o = lexpair(&["check", "-s", "dutch-2026", plus.to_str().expect("utf-8 path")]);
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    assert!(stdout(&o).ends_with("identical 4/4\n"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("Some("), "{}", stdout(&o));
}

/// `-r` (the engines' version flag) prints the version and every system with its drop-in flag.
#[test]
fn dash_r_prints_the_version_and_the_systems() {
    let o = lexpair(&["-r"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    assert!(text.starts_with(&format!("lexpair {}\n", env!("CARGO_PKG_VERSION"))), "{text}");
    for line in ["dutch-2017  --dutch --edition 2017", "dubov-2026  --dubov ", "lim         --lim "] {
        assert!(text.contains(line), "{line}: {text}");
    }
}

/// `state --json` names every player by TRF id: player 1 of the example met 12 (a forfeit), 7, 4
/// and 2, and played 7, 4 and 2; the JSON is the same on every run.
#[test]
fn state_json_names_players_by_id() {
    let o = lexpair(&["state", &example(), "--json"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("JSON");
    let p = &v["players"][0];
    assert_eq!(p["id"], 1);
    let met: Vec<u64> =
        p["history"].as_array().expect("history").iter().filter_map(|h| h["opponent"].as_u64()).collect();
    assert_eq!(met, [12, 7, 4, 2]);
    assert_eq!(p["opponents"], serde_json::json!([7, 4, 2]));
    assert_eq!(lexpair(&["state", &example(), "--json"]).stdout, o.stdout);
}

/// The shipped example with `extra` appended to the round-entries of the players it names, and
/// the points column of player `id` set to `points` where given.
fn example_with(name: &str, extra: &[(u32, &str)], points: &[(u32, &str)]) -> PathBuf {
    let text = std::fs::read_to_string(example()).expect("example");
    let mut out = String::new();
    for line in text.lines() {
        let id: Option<u32> = line.strip_prefix("001").and_then(|l| l.get(1..5)).and_then(|s| s.trim().parse().ok());
        let mut line = line.to_string();
        if let Some(id) = id {
            if let Some((_, p)) = points.iter().find(|(i, _)| *i == id) {
                line.replace_range(80..84, &format!("{p:>4}"));
            }
            if let Some((_, e)) = extra.iter().find(|(i, _)| *i == id) {
                line.push_str(e);
            }
        }
        out.push_str(&line);
        out.push('\n');
    }
    let f = scratch(name).join("t.trf");
    std::fs::write(&f, out).expect("write");
    f
}

#[test]
fn a_bye_entered_in_advance_is_asked_about_then_kept_with_round() {
    // Player 7 has `0000 - U` in round 5, nobody else anything: which round is meant?
    let f = example_with("preset-bye", &[(7, "  0000 - U")], &[]);
    let f = f.to_str().expect("utf-8");
    let o = lexpair(&["pair", "--system", "dutch-2026", f]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(e.contains("round 5, the round to pair, already holds entries for 1 of 23 players (7;"), "{e}");
    assert!(e.contains("none for 1-6, 8-23") && e.contains("give --round 5"), "{e}");
    assert!(o.stdout.is_empty());
    // With --round 5 the bye stays with 7, who is on no board; the other 22 are paired.
    let o = lexpair(&["pair", "--system", "dutch-2026", f, "--round", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!((lines[0], lines.len(), lines[12]), ("12", 13, "7 0"), "{text}");
    assert!(lines[1..12].iter().all(|l| l.split(' ').all(|x| x != "7")), "{text}");
    // The drop-in form pairs the same, with the report as a warning.
    let o = lexpair(&["--dutch", f, "-p"]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(stdout(&o), text);
    assert!(stderr(&o).contains("warning:") && stderr(&o).contains("give --round 5"), "{}", stderr(&o));
    // The written TRF keeps the U where the arbiter put it.
    let o = lexpair(&["pair", "--system", "dutch-2026", f, "--round", "5", "--format", "trf"]);
    let trf = stdout(&o);
    assert!(trf.lines().any(|l| l.starts_with("001    7 ") && l.ends_with("0000 - U")), "{trf}");
}

#[test]
fn a_round_entered_for_some_players_only_is_reported() {
    // Round 5 holds one game (1 beat 3); the other 21 players have nothing in it.
    let f = example_with("half-round", &[(1, "     3 w 1"), (3, "     1 b 0")], &[(1, "4.5")]);
    let f = f.to_str().expect("utf-8");
    let o = lexpair(&["pair", "--system", "dutch-2026", f]);
    assert_eq!(o.status.code(), Some(3));
    let e = stderr(&o);
    assert!(e.contains("round 5 holds entries for 2 of 23 players (1, 3) and none for 2, 4-23"), "{e}");
    assert!(e.contains("give --round 6"), "{e}");
    // Asked for by number, round 6 is paired with round 5 as entered.
    let o = lexpair(&["pair", "--system", "dutch-2026", f, "--round", "6"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let o = lexpair(&["--dutch", f, "-p"]);
    assert_eq!(o.status.code(), Some(0));
    assert!(stderr(&o).contains("warning:"), "{}", stderr(&o));
}

#[test]
fn drop_in_check_list_after_pairing_and_for_a_checked_tournament() {
    let dir = scratch("checklist");
    let (out, list) = (dir.join("pairs.txt"), dir.join("round5.list"));
    let o = lexpair(&[
        "pair",
        "-s",
        "dutch-2026",
        &example(),
        "-o",
        out.to_str().expect("utf-8"),
        "-l",
        list.to_str().expect("utf-8"),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&list).expect("check-list written");
    let row = |id: u32| -> String {
        text.lines().find(|l| l.split_whitespace().nth(1) == Some(&id.to_string())).expect("player listed").to_string()
    };
    assert!(text.starts_with("Round 5 check-list (dutch-2026;"), "{text}");
    // Player 1: colours B W W, difference +1, the same colour twice: absolute black (JaVaFo's
    // B1); downfloated in round 4; had a forfeit win (no PAB: [X]); opponents 12, 7, 4, 2 (the
    // forfeit is no game); paired on board 1 with black against 3, as the pairs file says.
    let one = row(1);
    assert!(one.contains(" B1 ") && one.contains("[X]") && one.ends_with("board   1  B vs 3"), "{one}");
    assert!(one.contains("    7     4     2 "), "{one}");
    let pairs = std::fs::read_to_string(&out).expect("pairs");
    assert_eq!(pairs.lines().nth(1), Some("3 1"));
    assert!(row(18).ends_with("pairing-allocated bye"), "{}", row(18));
    // Drop-in -c -l: one table per recorded round (4 rounds), in bbpPairings' layout.
    let list = dir.join("all.list");
    let o = lexpair(&["--dutch", &example(), "--edition", "2017", "-c", "-l", list.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&list).expect("written");
    assert_eq!(text.lines().filter(|l| l.starts_with("Round #")).count(), 4, "{text}");
    assert_eq!(text.lines().filter(|l| l.starts_with("ID\t")).count(), 4, "{text}");
}

#[test]
fn drop_in_generator_with_a_seed_a_config_and_a_model() {
    let dir = scratch("rtg");
    let (a, b) = (dir.join("a.trf"), dir.join("b.trf"));
    // An integer CONFIG is the seed: the same file twice; the seed is in the header.
    for f in [&a, &b] {
        let o = lexpair(&["--dutch", "-g", "2024", "-o", f.to_str().expect("utf-8")]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    }
    let text = std::fs::read_to_string(&a).expect("written");
    assert_eq!(text, std::fs::read_to_string(&b).expect("written"));
    assert!(text.starts_with("012 lexpair generate, dutch-2026, seed 2024"), "{text}");
    let players = text.lines().filter(|l| l.starts_with("001")).count();
    assert!((15..=415).contains(&players), "{players}");
    // JaVaFo's keys: 30 players, 7 rounds, 3-1-0; a key lexpair does not model is a warning.
    let cfg = dir.join("rtg.cfg");
    std::fs::write(&cfg, "# test\nPlayersNumber=30\nRoundsNumber=7\nQuickgameRate=5\nWWPoints=3\nBWPoints=3\nWDPoints=1\nBDPoints=1\nFWPoints=3\nPABPoints=3\n").expect("write");
    let c = dir.join("c.trf");
    let o = lexpair(&["--dubov", "-g", cfg.to_str().expect("utf-8"), "-o", c.to_str().expect("utf-8"), "-s", "9"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stderr(&o).contains("rtg.cfg:4:15: QuickgameRate=5 is not modelled"), "{}", stderr(&o));
    let text = std::fs::read_to_string(&c).expect("written");
    assert_eq!(text.lines().filter(|l| l.starts_with("001")).count(), 30);
    assert!(text.contains("XXR 7") && text.contains("XXS WW=3.0 BW=3.0 WD=1.0 BD=1.0"), "{text}");
    let o = lexpair(&["check", "-s", "dubov-2026", c.to_str().expect("utf-8")]);
    assert_eq!(stdout(&o).lines().last(), Some("identical 7/7"), "{}", stdout(&o));
    // A model tournament gives the field: the example's 23 players.
    let d = dir.join("d.trf");
    let o = lexpair(&["--dutch", &example(), "-g", "-o", d.to_str().expect("utf-8"), "-s", "3"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(std::fs::read_to_string(&d).expect("written").lines().filter(|l| l.starts_with("001")).count(), 23);
    // An unknown key names its line; -g without -o is refused.
    std::fs::write(&cfg, "PlayersNumber=30\nColour=green\n").expect("write");
    let o = lexpair(&["--dutch", "-g", cfg.to_str().expect("utf-8"), "-o", d.to_str().expect("utf-8")]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("rtg.cfg:2:1: unknown key 'Colour'"), "{}", stderr(&o));
    let o = lexpair(&["--dutch", "-g", "5"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(stderr(&o).contains("-g needs -o TRF"), "{}", stderr(&o));
}

#[test]
fn the_library_names_players_by_trf_id_at_its_boundary() {
    use lexpair::options::PairOptions;
    use lexpair::trf::{read_file, ReadOptions};
    use lexpair::vocabulary::System;
    let doc = read_file(Path::new(&example()), &ReadOptions::default()).expect("reads");
    let t = lexpair::tournament::Tournament::before_round(&doc, 5).expect("round 5");
    let p = lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default()).map(|r| r.by_id(&t)).expect("pairs");
    // The same as the command line prints: ids, not indices (ids and indices differ by one).
    let o = lexpair(&["pair", "--system", "dutch-2026", &example()]);
    let printed: Vec<(u32, u32)> = stdout(&o)
        .lines()
        .skip(1)
        .filter_map(|l| l.split_once(' '))
        .filter_map(|(a, b)| Some((a.parse().ok()?, b.parse().ok()?)))
        .filter(|&(_, b)| b != 0)
        .collect();
    assert_eq!(p.boards, printed);
    assert_eq!(p.bye, Some(18));
}

#[test]
fn the_registry_drives_the_drop_in_flags_and_the_help() {
    let top = stdout(&lexpair(&["--help"]));
    let pair = stdout(&lexpair(&["pair", "--help"]));
    for r in &lexpair::systems::REGISTRY {
        assert!(top.contains(&format!("--{} [<FILE>]", r.family)), "--{} missing: {top}", r.family);
        assert!(pair.contains(r.system.name()), "{} missing from pair --help", r.system.name());
        if r.current {
            assert!(top.contains(&format!("Pair with the {}", r.title)), "{top}");
        }
    }
    // Two family flags at once are refused by the group.
    let o = lexpair(&["--dutch", &example(), "--lim", &example(), "-p"]);
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
}
