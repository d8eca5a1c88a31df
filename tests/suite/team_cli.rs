//! The Swiss Team system on the command line: the pairs format with team numbers, JSON and TRF
//! with every board, check, state, verify and standings on team files, and bad team files
//! refused with exit 3, naming the file, the line and the field, nothing written.

use crate::common;
use common::lexpair;

const EXAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/team-r4.trf");

fn text(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// The corpus round FIDE's reference engine paired: 3-2, 1-6, 7-5, 8-9 and the bye to 4.
#[test]
fn pair_prints_team_numbers_white_on_board_one_first() {
    let o = lexpair(&["pair", "-s", "team-2026", EXAMPLE]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    assert_eq!(text(&o), "5\n3 2\n1 6\n7 5\n8 9\n4 0\n");
    // The drop-in form of the engines.
    let o = lexpair(&["--team", EXAMPLE, "-p"]);
    assert_eq!(text(&o), "5\n3 2\n1 6\n7 5\n8 9\n4 0\n");
}

#[test]
fn json_and_trf_carry_every_board() {
    let o = lexpair(&["pair", "-s", "team-2026", EXAMPLE, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let first = &v["boards"][0];
    assert_eq!((first["white"].as_u64(), first["black"].as_u64()), (Some(3), Some(2)));
    let boards = first["boards"].as_array().expect("boards");
    assert_eq!(boards.len(), 4);
    // 352 WBWB from the team with White: board 2 is Black for team 3 (players 9-12).
    assert_eq!((boards[1]["white"].as_u64(), boards[1]["black"].as_u64()), (Some(6), Some(10)));
    let o = lexpair(&["pair", "-s", "team-2026", EXAMPLE, "--format", "trf"]);
    let trf = text(&o);
    let doc = lexpair::trf::read_str(&trf, "out.trf", &Default::default()).expect("reads back");
    let p9 = doc.player(9).expect("player 9");
    let e = p9.rounds[3].expect("round 4 written");
    assert_eq!((e.opponent, e.colour), (Some(5), Some(lexpair::trf::Colour::White)));
    assert_eq!(doc.team_pab.as_ref().and_then(|p| p.teams.get(3).copied().flatten()), Some(4));
}

#[test]
fn explain_why_not_and_why_bye_speak_of_teams() {
    let o = lexpair(&["pair", "-s", "team-2026", EXAMPLE, "--explain", "--why-not", "1", "2", "--why-bye", "5"]);
    let t = text(&o);
    assert!(t.contains("Round 4, Swiss Team system"), "{t}");
    assert!(t.contains("[C4] minimise the number of upfloaters (2.3.1): 2"), "{t}");
    assert!(t.contains("why not 1-2: C.04.6 2.1.1 [C1]"), "{t}");
    assert!(t.contains("why the bye and 5: C.04.6 3.4.3"), "{t}");
}

#[test]
fn check_state_verify_and_standings_read_team_files() {
    let corpus = common::corpus("team-2026").join("tournaments").join("t0009.trf");
    let o = lexpair(&["check", "-s", "team-2026", corpus.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(text(&o).trim_end(), "identical 6/6");
    let o = lexpair(&["state", EXAMPLE]);
    assert!(text(&o).contains("FIDE_TEAM_TYPEA_MP_GP (Type A colour preferences)"), "{}", text(&o));
    let pairs = std::env::temp_dir().join(format!("lexpair-team-pairs-{}", std::process::id()));
    std::fs::write(&pairs, "5\n1 2\n3 6\n7 5\n8 9\n4 0\n").expect("write");
    let o = lexpair(&["verify", "-s", "team-2026", EXAMPLE, pairs.to_str().unwrap_or_default()]);
    assert_eq!(o.status.code(), Some(1), "1 and 2 met in round 3");
    assert!(text(&o).contains("[C1]"), "{}", text(&o));
    let _ = std::fs::remove_file(&pairs);
    let o = lexpair(&["standings", corpus.to_str().unwrap_or_default(), "--format", "csv"]);
    let first = text(&o).lines().nth(1).unwrap_or_default().to_string();
    assert!(first.contains("Team 1") && first.contains("10"), "{first}");
    // A team file is no individual tournament, and the reverse.
    let o = lexpair(&["pair", "-s", "dutch-2026", EXAMPLE]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("pair it with the team-2026 system"));
}

/// The example with `edit` applied to its lines.
fn broken(name: &str, edit: impl Fn(&str) -> String) -> std::path::PathBuf {
    let text = std::fs::read_to_string(EXAMPLE).expect("example");
    let out: String = text.lines().map(|l| edit(l) + "\n").collect();
    let path = std::env::temp_dir().join(format!("lexpair-{name}-{}.trf", std::process::id()));
    std::fs::write(&path, out).expect("write");
    path
}

/// Exit 3, the message names the file and `expect`, and `-o` writes nothing.
fn refused(path: &std::path::Path, expect: &[&str]) {
    let out = path.with_extension("out");
    let o = lexpair(&[
        "pair",
        "-s",
        "team-2026",
        path.to_str().unwrap_or_default(),
        "-o",
        out.to_str().unwrap_or_default(),
    ]);
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(3), "{err}");
    assert!(err.contains(path.to_str().unwrap_or_default()), "{err}");
    for e in expect {
        assert!(err.contains(e), "{e} missing from: {err}");
    }
    assert!(!out.exists(), "nothing written");
    let _ = std::fs::remove_file(path);
}

#[test]
fn bad_team_files_are_refused_naming_line_and_field() {
    // The 310 match points contradict the board results.
    let p =
        broken("team-mp", |l| if l.starts_with("310   1") { l.replacen("    5.0", "    6.0", 1) } else { l.into() });
    refused(&p, &[".trf:16:55: 310 match points (columns 55-60): 6.0 stated for team 1", "give 5.0"]);
    // The 320 record names a team whose players had no bye.
    let p = broken("team-320", |l| if l.starts_with("320") { l.replacen("000", "002", 1) } else { l.into() });
    refused(&p, &["record 320", "round 3", "team 2 is named"]);
    // A team with fewer players than boards.
    let p = broken("team-short", |l| if l.starts_with("310   2") { l[..87].to_string() } else { l.into() });
    refused(&p, &["310", "board"]);
    // A player in two teams.
    let p =
        broken(
            "team-twice",
            |l| if l.starts_with("310   2") { format!("{}   1{}", &l[..73], &l[77..]) } else { l.into() },
        );
    refused(&p, &["player 1 is in team 1", "and in team 2"]);
    // An unknown 192 code.
    let p = broken("team-192", |l| if l.starts_with("192") { "192 FIDE_TEAM_TYPEC_MP".into() } else { l.into() });
    refused(&p, &["tournament type (192)", "TYPEC"]);
}

/// `batch replay` and `batch solve` take team files: every round of two corpus tournaments is
/// identical, and the criteria columns are the team system's.
#[test]
fn batch_replays_and_solves_team_files() {
    let corpus = common::corpus("team-2026").join("tournaments");
    let files: Vec<String> = ["t0009.trf", "t0080.trf"].iter().map(|f| corpus.join(f).display().to_string()).collect();
    let out = std::env::temp_dir().join(format!("lexpair-team-batch-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    let o = lexpair(&[
        "batch",
        "replay",
        "-s",
        "team-2026",
        "-q",
        "-o",
        out.to_str().unwrap_or_default(),
        &files[0],
        &files[1],
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(out.join("results.csv")).expect("results");
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().unwrap_or_default().split(',').collect();
    let col = |name: &str| head.iter().position(|h| *h == name).expect(name);
    let mut rows = 0;
    for line in lines {
        let cells: Vec<&str> = line.split(',').collect();
        assert_eq!(cells[col("rounds")], cells[col("rounds_identical")], "{line}");
        rows += 1;
    }
    assert_eq!(rows, 2);
    let _ = std::fs::remove_dir_all(&out);
    let o = lexpair(&["batch", "solve", "-s", "team-2026", "-q", "-o", out.to_str().unwrap_or_default(), &files[0]]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let csv = std::fs::read_to_string(out.join("results.csv")).expect("results");
    assert!(csv.contains("stage upfloaters") && csv.contains(",ok,"), "{csv}");
    let _ = std::fs::remove_dir_all(&out);
}
