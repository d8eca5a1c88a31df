//! The drop-in form as a program written for bbpPairings or JaVaFo reads it (issue 42, item 3):
//! the check-list of `-l` in bbpPairings' tab-separated columns, the report of `-c`, the files
//! left on exit 1, and the generator's keys. The expected bytes were written by bbpPairings
//! 5.0.1 on the same small files (its build line replaced by lexpair's).

use crate::common;

use common::lexpair;
use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-drop-in-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("scratch folder");
    d
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

fn read(p: &str) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{p}: {e}"))
}

fn stderr(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn stdout(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Four players after round 1 (1-3 and 4-2 won by the higher-rated): round 2 pairs 2-1, 3-4.
const FOUR: &str = "012 t\nXXR 3\n\
001    1      A                                 2400                             1.0    1     3 w 1\n\
001    2      B                                 2300                             1.0    2     4 b 1\n\
001    3      C                                 2200                             0.0    3     1 b 0\n\
001    4      D                                 2100                             0.0    4     2 w 0\n";

/// The same four players after a round 2 that is not the one the rules pair (4-1, 2-3).
const PLAYED: &str = "012 x\nXXR 2\nXXC white1\n\
001    1      A                                 2400                             2.0    1     3 w 1     4 b 1\n\
001    2      B                                 2300                             1.0    2     4 b 1     3 w 0\n\
001    3      C                                 2200                             1.0    3     1 b 0     2 b 1\n\
001    4      D                                 2100                             0.0    4     2 w 0     1 w 0\n";

/// bbpPairings 5.0.1's check-list of FOUR's round 2 (before its build line).
const FOUR_ROUND_2: &str = "\nID\tPts\t--\tPref\tC2\tC12\tC14\t Cur\t\tR1\t\n\n\
\x201\t1.0\t W\t (B)\t Y\t   \t   \t(2B)\t\t 3\t\n\
\x202\t1.0\t B\t (W)\t Y\t   \t   \t(1W)\t\t 4\t\n\n\
\x203\t0.0\t B\t (W)\t Y\t   \t   \t(4W)\t\t 1\t\n\
\x204\t0.0\t W\t (B)\t Y\t   \t   \t(3B)\t\t 2\t\n\n\n";

/// The check-list after the trailer line is cut off: the table as bbpPairings lays it out.
fn table(text: &str) -> &str {
    let cut = text.rfind("lexpair ").unwrap_or_else(|| panic!("no trailer in {text:?}"));
    &text[..cut]
}

#[test]
fn the_check_list_has_bbp_pairings_columns_byte_for_byte() {
    let dir = scratch("list");
    let f = write(&dir, "four.trf", FOUR);
    let (out, list) = (dir.join("out.txt").display().to_string(), dir.join("four.list").display().to_string());
    let o = lexpair(&["--dutch", &f, "--edition", "2017", "-p", &out, "-l", &list]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(read(&out), "2\n2 1\n3 4\n");
    let text = read(&list);
    assert_eq!(table(&text), FOUR_ROUND_2);
    assert!(!text.ends_with('\n'), "the trailer ends the file without a newline, as bbpPairings' build line");
    // -l without a name: the input's name with .list, as the engines do.
    let o = lexpair(&["--dutch", &f, "-p", &out, "-l"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(table(&read(&dir.join("four.list").display().to_string())), FOUR_ROUND_2);
}

/// Reads a check-list the way Sharly-Chess does (its `parse_bbp_checklist_text`): the header
/// line starts with `ID\t`; a row's cells split at tabs; column 7 is `(OPPONENT COLOUR)`.
fn current_by_tab_split(text: &str) -> Vec<(u32, String)> {
    let mut header = false;
    let mut out = Vec::new();
    for line in text.split('\n') {
        if line.trim().starts_with("ID\t") {
            header = true;
            continue;
        }
        let parts: Vec<&str> = line.split('\t').collect();
        if !header || parts.len() < 8 {
            continue;
        }
        if let Ok(id) = parts[0].trim().parse::<u32>() {
            out.push((id, parts[7].trim().to_string()));
        }
    }
    out
}

#[test]
fn a_tab_reader_finds_the_pairing_of_the_pairs_file_in_the_check_list() {
    // The 23 players of the example, round 5: every pair of the pairs file is in the Cur column
    // of both players, the bye as (bye).
    let dir = scratch("sharly");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let (out, list) = (dir.join("out.txt").display().to_string(), dir.join("r5.list").display().to_string());
    let o = lexpair(&["--dutch", example, "-p", &out, "-l", &list]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let cur: std::collections::HashMap<u32, String> = current_by_tab_split(&read(&list)).into_iter().collect();
    let pairs = read(&out);
    let mut lines = pairs.lines();
    let n: usize = lines.next().and_then(|l| l.parse().ok()).expect("count");
    assert_eq!(cur.len(), 23);
    for l in lines {
        let (w, b) = l.split_once(' ').expect("two ids");
        let (w, b): (u32, u32) = (w.parse().expect("id"), b.parse().expect("id"));
        if b == 0 {
            assert_eq!(cur[&w], "(bye)");
        } else {
            assert_eq!(cur[&w], format!("({b}W)"));
            assert_eq!(cur[&b], format!("({w}B)"));
        }
    }
    assert_eq!(n, 12);
}

#[test]
fn check_prints_a_line_per_round_and_the_table_of_a_differing_round() {
    let dir = scratch("check");
    let f = write(&dir, "played.trf", PLAYED);
    let list = dir.join("played.list").display().to_string();
    let o = lexpair(&["--dutch", &f, "--edition", "2017", "-c", "-l", &list]);
    // A difference is what the check is for: exit 0, as bbpPairings and JaVaFo.
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "played: Round #1\nplayed: Round #2\n  Checker pairings        Tournament pairings \n\
         \x20     2 -   1                  4 -   1\n\
         \x20     3 -   4                  2 -   3\n\n\n"
    );
    let round_1 = "Round #1\n\nID\tPts\t-\tPref\tC2\tC12\tC14\t Cur\t\t\n\n\
                   \x201\t0.0\t \t  A \t Y\t   \t   \t(3W)\t\t\n\
                   \x202\t0.0\t \t  A \t Y\t   \t   \t(4B)\t\t\n\
                   \x203\t0.0\t \t  A \t Y\t   \t   \t(1B)\t\t\n\
                   \x204\t0.0\t \t  A \t Y\t   \t   \t(2W)\t\t\n\n\n";
    assert_eq!(table(&read(&list)), format!("{round_1}Round #2\n{FOUR_ROUND_2}"));
    // The same tournament recorded as the rules pair it: only the round lines.
    let same = "012 x\nXXR 2\nXXC white1\n\
001    1      A                                 2400                             2.0    1     3 w 1     2 b 1\n\
001    2      B                                 2300                             1.0    2     4 b 1     1 w 0\n\
001    3      C                                 2200                             1.0    3     1 b 0     4 w 1\n\
001    4      D                                 2100                             0.0    4     2 w 0     3 b 0\n";
    let g = write(&dir, "same.trf", same);
    let o = lexpair(&["--dutch", &g, "--edition", "2017", "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "same: Round #1\nsame: Round #2\n\n");
}

#[test]
fn check_reports_a_round_without_a_valid_pairing_and_goes_on() {
    // Two players who met in round 1 are recorded as meeting again in round 2: no valid
    // pairing exists for it (C.1); the check says so and exits 0.
    let dir = scratch("check-none");
    let f = write(
        &dir,
        "again.trf",
        "012 x\nXXR 2\nXXC white1\n\
001    1      A                                 2400                             2.0    1     2 w 1     2 b 1\n\
001    2      B                                 2300                             0.0    2     1 b 0     1 w 0\n",
    );
    let o = lexpair(&["--dutch", &f, "-c"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert_eq!(stdout(&o), "again: Round #1\nagain: Round #2\nNo valid pairing exists for round 2.\n\n\n");
}

#[test]
fn no_valid_pairing_leaves_an_empty_pairs_file_and_the_check_list() {
    let dir = scratch("none");
    let f = write(
        &dir,
        "met.trf",
        "012 x\nXXR 3\nXXC white1\n\
001    1      A                                 2400                             1.0    1     2 w 1\n\
001    2      B                                 2300                             0.0    2     1 b 0\n",
    );
    let out = write(&dir, "met.out", "old pairs\n");
    let list = dir.join("met.list").display().to_string();
    let o = lexpair(&["--dutch", &f, "-p", &out, "-l", &list]);
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(read(&out), "", "the pairs file is left empty, as bbpPairings leaves it");
    // bbpPairings 5.0.1's bytes: the players to pair, no Cur, no build line.
    assert_eq!(
        read(&list),
        "\nID\tPts\t--\tPref\tC2\tC12\tC14\tCur\t\tR1\t\n\n\
         \x201\t1.0\t W\t (B)\t Y\t   \t   \t   \t\t 2\t\n\n\
         \x202\t0.0\t B\t (W)\t Y\t   \t   \t   \t\t 1\t\n\n\n"
    );
    // lexpair's own command keeps its rule: nothing written on failure.
    let other = dir.join("other.out").display().to_string();
    let o = lexpair(&["pair", "-s", "dutch-2026", &f, "-o", &other]);
    assert_eq!(o.status.code(), Some(1));
    assert!(!Path::new(&other).exists());
}

#[test]
fn team_and_double_swiss_files_get_a_check_list() {
    let dir = scratch("team");
    for (family, file, extra) in [("team", "team-r4.trf", "GP"), ("double", "double-m4.trf", "MP")] {
        let input = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/").to_string() + file;
        let (out, list) = (dir.join("out.txt").display().to_string(), dir.join(format!("{family}.list")));
        let list = list.display().to_string();
        let o = lexpair(&[&format!("--{family}"), &input, "-p", &out, "-l", &list]);
        assert_eq!(o.status.code(), Some(0), "{family}: {}", stderr(&o));
        let text = read(&list);
        let header = text.lines().find(|l| l.trim_start().starts_with("ID\t")).expect("a header");
        let names: Vec<&str> = header.split('\t').map(str::trim).collect();
        assert_eq!(&names[..8], &["ID", "Pts", extra, "----", "Pref", "C2", "F1", "Cur"], "{family}: {header}");
        assert_eq!(&names[9..], &["R1", "R2", "R3", ""], "{family}: {header}");
        let cur = current_by_tab_split(&text);
        assert!(!cur.is_empty() && cur.iter().all(|(_, c)| c.starts_with('(')), "{family}: {text}");
    }
}

fn config(dir: &Path, text: &str) -> String {
    write(dir, "rtg.cfg", text)
}

/// The round blocks of a generated file's player lines: per player, its result codes.
fn results(trf: &str) -> Vec<Vec<char>> {
    trf.lines()
        .filter(|l| l.starts_with("001"))
        .map(|l| {
            let chars: Vec<char> = l.chars().collect();
            (0..).map(|k| 91 + 10 * k + 7).take_while(|&c| c < chars.len()).map(|c| chars[c]).collect()
        })
        .collect()
}

#[test]
fn the_generator_takes_every_key_of_bbp_pairings() {
    let dir = scratch("rtg");
    let out = dir.join("g.trf").display().to_string();
    let cfg = config(
        &dir,
        "PlayersNumber=40\nRoundsNumber=6\nDrawPercentage=0\nForfeitRate=1000000\nRetiredRate=4\n\
         HalfPointByeRate=5\nHighestRating=2500\nLowestRating=1500\nPointsForWin=3\nPointsForDraw=1\n\
         PointsForLoss=0\nPointsForZPB=0\nPointsForForfeitLoss=0\nPointsForPAB=1\n",
    );
    let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out, "-s", "11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = read(&out);
    let players = results(&text);
    assert_eq!(players.len(), 40);
    assert!(text.contains("XXR 6"), "{text}");
    // DrawPercentage=0: no draw; one game in a million forfeited: none here.
    assert!(players.iter().flatten().all(|&c| !matches!(c, '=' | '+' | '-')), "{text}");
    // RetiredRate=4: 10 of 40 players withdraw; HalfPointByeRate=5: 8 players take a
    // half-point bye, unless withdrawn before it.
    assert_eq!(withdrawn(&players), 10, "{text}");
    assert!((1..=8).contains(&players.iter().filter(|r| r.contains(&'H')).count()), "{text}");
    // The point system: 3-1-0, the pairing-allocated bye worth 1 (bbpPairings' BB codes).
    assert!(text.contains("BBW  3.0\nBBD  1.0\nBBU  1.0\n"), "{text}");
}

/// Players whose zero-point byes run from some round to the last: withdrawn.
fn withdrawn(players: &[Vec<char>]) -> usize {
    players.iter().filter(|r| r.last() == Some(&'Z') && r.iter().skip_while(|&&c| c != 'Z').all(|&c| c == 'Z')).count()
}

#[test]
fn withdrawals_and_half_point_byes_are_one_player_in_n() {
    let dir = scratch("rates");
    let out = dir.join("g.trf").display().to_string();
    // RetiredRate=4 alone: 10 of 40 players withdraw, from a round after the first to the end.
    let cfg = config(&dir, "PlayersNumber=40\nRoundsNumber=6\nRetiredRate=4\nHalfPointByeRate=1000000\n");
    let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out, "-s", "11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let players = results(&read(&out));
    assert_eq!(withdrawn(&players), 10, "{}", read(&out));
    assert!(players.iter().all(|r| r.first() != Some(&'Z') && !r.contains(&'H')), "{}", read(&out));
    // HalfPointByeRate=5 alone: 8 players take one half-point bye each, never in the last round.
    let cfg = config(&dir, "PlayersNumber=40\nRoundsNumber=6\nRetiredRate=1000000\nHalfPointByeRate=5\n");
    let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out, "-s", "11"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let players = results(&read(&out));
    assert_eq!(players.iter().filter(|r| r.contains(&'H')).count(), 8, "{}", read(&out));
    assert!(players.iter().all(|r| r.iter().filter(|&&c| c == 'H').count() <= 1 && r.last() != Some(&'H')));
    assert_eq!(withdrawn(&players), 0);
}

#[test]
fn a_forfeit_rate_is_one_game_in_n() {
    let dir = scratch("forfeit");
    let out = dir.join("g.trf").display().to_string();
    let cfg =
        config(&dir, "PlayersNumber=20\nRoundsNumber=5\nForfeitRate=1\nRetiredRate=1000\nHalfPointByeRate=1000\n");
    let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out, "-s", "5"]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    // One game in one: every paired game is forfeited.
    let played = results(&read(&out)).into_iter().flatten().filter(|c| matches!(c, '1' | '0' | '=')).count();
    assert_eq!(played, 0, "{}", read(&out));
}

#[test]
fn unset_keys_are_drawn_at_random_as_the_engines_draw_them() {
    let dir = scratch("defaults");
    let mut irregular = 0;
    for seed in ["1", "2", "3"] {
        let out = dir.join(format!("g{seed}.trf")).display().to_string();
        let o = lexpair(&["--dutch", "-g", seed, "-o", &out]);
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        let players = results(&read(&out));
        assert!((15..=215).contains(&players.len()), "{}", players.len());
        // Forfeits one game in 6-30, withdrawals and half-point byes one player in 15-3225:
        // not a tournament without any.
        irregular += players.iter().flatten().filter(|c| matches!(c, '+' | '-' | 'Z' | 'H')).count();
    }
    assert!(irregular > 0);
}

#[test]
fn a_bad_value_names_its_file_line_and_column() {
    let dir = scratch("bad");
    let out = dir.join("g.trf").display().to_string();
    for (text, at) in [
        ("PlayersNumber=30\nRetiredRate=1\n", "rtg.cfg:2:13: RetiredRate"),
        ("DrawPercentage = 120\n", "rtg.cfg:1:18: DrawPercentage"),
        ("PlayersNumber=30\n  Colour=green\n", "rtg.cfg:2:3: unknown key 'Colour'"),
        ("ForfeitRate=0.5\n", "rtg.cfg:1:13: ForfeitRate"),
    ] {
        let cfg = config(&dir, text);
        let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out]);
        assert_eq!(o.status.code(), Some(3), "{text}");
        assert!(stderr(&o).contains(at), "{text}: {}", stderr(&o));
        assert!(!Path::new(&out).exists(), "nothing written");
    }
}

#[test]
fn the_generator_check_list_has_a_table_per_round() {
    let dir = scratch("glist");
    let (out, list) = (dir.join("g.trf").display().to_string(), dir.join("g.list").display().to_string());
    let cfg = config(&dir, "PlayersNumber=12\nRoundsNumber=4\n");
    let o = lexpair(&["--dutch", "-g", &cfg, "-o", &out, "-s", "4", "-l", &list]);
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = read(&list);
    let rounds: Vec<&str> = text.lines().filter(|l| l.starts_with("Round #")).collect();
    assert_eq!(rounds, ["Round #1.", "Round #2.", "Round #3.", "Round #4."]);
}
