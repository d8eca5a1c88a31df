//! The line-ups of a round (issue 42, item 3): the players a team fields on its boards, from the
//! file (a TRF-2026 `300` record of the round to pair, its opponent `000`) or from a line-up
//! file (`pair --lineup`, `results --lineup`; `src/team/lineups.rs`). Before, a team always
//! played its first players in `310` order. A line-up never changes which teams meet (C.04.6
//! pairs teams), only the boards: the list, `--format json|trf` (with the `300` records TRF-2026
//! requires), and the boards `results` enters results on. Bad line-ups are exit 3 naming the
//! file, the line and the column, nothing written.
//!
//! The tournament is `tests/data/trf/exports/sharly_team.trf`: 5 teams of 4 boards and a reserve
//! (team 1: players 1-5, team 2: 6-10, ...), round 2 to pair: 2-1, 3-5, the bye to 4.

use crate::common;
use common::lexpair;
use std::path::{Path, PathBuf};

const FILE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/trf/exports/sharly_team.trf");

fn err(o: &std::process::Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lexpair-lineups-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("scratch folder");
    dir
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

/// A match of `pair --format json`: its teams (White on board 1 first) and `(board, white,
/// black)` per board.
type Match = (u64, u64, Vec<(u64, u64, u64)>);

/// `pair --format json`: the matches.
fn boards(args: &[&str]) -> Vec<Match> {
    let mut all = vec!["pair", "-s", "team-2026", "--format", "json"];
    all.extend_from_slice(args);
    let o = lexpair(&all);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).expect("json");
    let n = |x: &serde_json::Value| x.as_u64().unwrap_or(0);
    v["boards"]
        .as_array()
        .expect("boards")
        .iter()
        .map(|m| {
            let games = m["boards"]
                .as_array()
                .expect("games")
                .iter()
                .map(|g| (n(&g["board"]), n(&g["white"]), n(&g["black"])))
                .collect();
            (n(&m["white"]), n(&m["black"]), games)
        })
        .collect()
}

/// Team 2 fields its reserve 10 on board 4, team 1 leaves board 3 empty: the same matches, the
/// boards as given (352 WBWB from team 2, White on board 1), and the TRF carries both line-ups as
/// `300` records with the opponent now known; team 3, not listed, plays its first four.
#[test]
fn pair_seats_the_line_ups_of_the_file() {
    let dir = scratch("pair");
    let lineup = write(&dir, "round2.txt", "# round 2\n2   6 7 8 10   # reserve 10 on board 4\n1   1 2 0 4\n");
    let before = boards(&[FILE]);
    let after = boards(&[FILE, "--lineup", &lineup]);
    assert_eq!(before.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(), vec![(2, 1), (3, 5)]);
    assert_eq!(after.iter().map(|m| (m.0, m.1)).collect::<Vec<_>>(), vec![(2, 1), (3, 5)], "the same matches");
    assert_eq!(before[0].2, vec![(1, 6, 1), (2, 2, 7), (3, 8, 3), (4, 4, 9)]);
    assert_eq!(after[0].2, vec![(1, 6, 1), (2, 2, 7), (3, 8, 0), (4, 4, 10)]);
    assert_eq!(after[1].2, before[1].2, "team 3 and 5 without a line-up");

    let trf = dir.join("r2.trf");
    let o = lexpair(&[
        "pair",
        "-s",
        "team-2026",
        FILE,
        "--lineup",
        &lineup,
        "--format",
        "trf",
        "-o",
        &trf.display().to_string(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let doc = lexpair::trf::read_file(&trf, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let round2: Vec<(u32, u32, Vec<Option<u32>>)> =
        doc.out_of_order.iter().filter(|o| o.round == 2).map(|o| (o.team, o.opponent, o.players.clone())).collect();
    assert_eq!(
        round2,
        vec![(2, 1, vec![Some(6), Some(7), Some(8), Some(10)]), (1, 2, vec![Some(1), Some(2), None, Some(4)])]
    );
    let entry = |id: u32| doc.player(id).and_then(|p| p.rounds.get(1).copied().flatten());
    assert_eq!(entry(10).and_then(|e| e.opponent), Some(4));
    assert_eq!(entry(9), None, "player 9 is not fielded");
    assert_eq!(entry(3), None, "board 3 of team 1 is empty");
}

/// A `300` record of the round to pair in the file (its opponent `000`) is the same line-up.
#[test]
fn a_300_record_of_the_round_to_pair_is_its_line_up() {
    let dir = scratch("record");
    let text = std::fs::read_to_string(FILE).expect("read");
    let file = write(&dir, "with300.trf", &format!("{text}300   2   2 000    6    7    8   10\n"));
    let after = boards(&[&file]);
    assert_eq!(after[0].2, vec![(1, 6, 1), (2, 2, 7), (3, 8, 3), (4, 4, 10)]);
    // A record the line-up rules refuse is named by its line and the board's columns.
    let lines = text.lines().count() + 1;
    let bad = write(&dir, "bad300.trf", &format!("{text}300   2   2 000    6   12    8   10\n"));
    let o = lexpair(&["pair", "-s", "team-2026", &bad]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(
        err(&o).contains(&format!("{bad}:{lines}:22: 300 board 2 player (columns 22-25): player 12 is of team 3")),
        "{}",
        err(&o)
    );
}

/// Each bad line-up is exit 3 naming the file, line and column, and nothing is written.
#[test]
fn bad_line_ups_are_refused_naming_file_line_and_column() {
    let dir = scratch("bad");
    let cases = [
        (
            "other.txt",
            "1 1 2 3 4\n2 6 11 8 9\n",
            "other.txt:2:5: board 2 player: player 11 is of team 3 (line 51), not of team 2",
        ),
        (
            "few.txt",
            "\n3 11 12 13\n",
            "few.txt:2:1: team 3: team 3's line-up names 3 board(s), too few for the 4 boards",
        ),
        ("many.txt", "3 11 12 13 14 15\n", "many.txt:1:1: team 3: team 3's line-up names 5 board(s), too many"),
        ("twice.txt", "3 11 12 11 14\n", "twice.txt:1:9: board 3 player: player 11 is on board 1 already"),
        ("empty.txt", "3 0 0 0 0\n", "empty.txt:1:1: team 3: team 3's line-up has no player on any board"),
        ("unknown.txt", "9 1 2 3 4\n", "unknown.txt:1:1: team: 9 is not a team of the tournament"),
        (
            "double.txt",
            "3 11 12 13 14\n3 11 12 13 15\n",
            "double.txt:2:1: team: team 3 has a line-up already on line 1",
        ),
        ("word.txt", "3 11 x 13 14\n", "word.txt:1:6: board 2 player: 'x' is not a starting rank"),
    ];
    for (name, text, says) in cases {
        let lineup = write(&dir, name, text);
        let target = dir.join(format!("{name}.trf"));
        let o = lexpair(&[
            "pair",
            "-s",
            "team-2026",
            FILE,
            "--lineup",
            &lineup,
            "--format",
            "trf",
            "-o",
            &target.display().to_string(),
        ]);
        assert_eq!(o.status.code(), Some(3), "{name}: {}", err(&o));
        assert!(err(&o).contains(&format!("{}", dir.join(says).display())), "{name}: {}", err(&o));
        assert!(!target.exists(), "{name}: nothing written");
    }
    // A player entered absent from the round cannot be fielded.
    let text = std::fs::read_to_string(FILE).expect("read");
    let with_z: Vec<String> = text
        .lines()
        .map(|l| if l.starts_with("001   15") { format!("{}            0000 - Z", &l[..89]) } else { l.to_string() })
        .collect();
    let absent = write(&dir, "absent.trf", &(with_z.join("\n") + "\n"));
    let lineup = write(&dir, "absent.txt", "3 11 12 13 15\n");
    let o = lexpair(&["pair", "-s", "team-2026", &absent, "--lineup", &lineup]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(
        err(&o).contains("absent.txt:1:12: board 4 player: player 15 is entered absent from round 2"),
        "{}",
        err(&o)
    );
    // A file of players has no line-ups.
    let open = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let o = lexpair(&["pair", "-s", "dutch-2026", open, "--lineup", &lineup]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("--lineup is for team files"), "{}", err(&o));
}

/// `results --lineup`: the line-up the team actually fielded is seated on the round's boards
/// before the results are entered (team 1 plays its first four after all: its `300` record goes,
/// player 3 takes board 3 against 8, Black by 352 WBWB from team 2), and the next round reads it.
/// A line-up that would move a board whose result is entered is refused, nothing written.
#[test]
fn results_seat_the_line_ups_fielded_then_enter_the_results() {
    let dir = scratch("results");
    let planned = write(&dir, "planned.txt", "2 6 7 8 10\n1 1 2 0 4\n");
    let paired = dir.join("r2.trf").display().to_string();
    let o = lexpair(&["pair", "-s", "team-2026", FILE, "--lineup", &planned, "--format", "trf", "-o", &paired]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let fielded = write(&dir, "fielded.txt", "1 1 2 3 4\n");
    let results = write(&dir, "results.txt", "1 1-0 = 0-1 =\n2 1-0 1-0 0-1 =\n");
    let done = dir.join("r2-done.trf");
    let o = lexpair(&["results", &paired, "--lineup", &fielded, "--from", &results, "-o", &done.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let doc = lexpair::trf::read_file(&done, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let round2: Vec<(u32, u32)> =
        doc.out_of_order.iter().filter(|o| o.round == 2).map(|o| (o.team, o.opponent)).collect();
    assert_eq!(round2, vec![(2, 1)], "team 1 plays its default line-up now");
    let entry = |id: u32| doc.player(id).and_then(|p| p.rounds.get(1).copied().flatten());
    use lexpair::trf::{Colour, ResultCode};
    assert_eq!(
        entry(3).map(|e| (e.opponent, e.colour, e.result)),
        Some((Some(8), Some(Colour::Black), ResultCode::Win))
    );
    assert_eq!(entry(10).map(|e| (e.opponent, e.result)), Some((Some(4), ResultCode::Draw)));
    let t = lexpair::team::TeamTournament::before_round(&doc, 3).unwrap_or_else(|e| panic!("{e}"));
    let gp: Vec<f64> = t.teams.iter().map(|x| x.game_points.0 as f64 / 10.0).collect();
    assert_eq!(gp, vec![5.5, 5.0, 2.0, 3.0, 4.5], "team 1: 3.5 + 2, team 2: 3 + 2 (board 3 lost to player 3)");

    // The results are in: moving a board now is refused, and -o is not written.
    let again = write(&dir, "again.txt", "1 1 2 4 3\n");
    let target = dir.join("never.trf");
    let o = lexpair(&["results", &done.display().to_string(), "--lineup", &again, "-o", &target.display().to_string()]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("again.txt:1:1: team 1: this line-up moves player"), "{}", err(&o));
    assert!(err(&o).contains("whose result of round 2 is entered already"), "{}", err(&o));
    assert!(!target.exists());
    // The bye's team has no boards.
    let bye = write(&dir, "bye.txt", "4 16 17 18 20\n");
    let o = lexpair(&["results", &paired, "--lineup", &bye]);
    assert_eq!(o.status.code(), Some(3), "{}", err(&o));
    assert!(err(&o).contains("bye.txt:1:1: team 4: it had the pairing-allocated bye in round 2"), "{}", err(&o));
}

/// A board left empty by one team: its opponent's player on that board has no entry (no game),
/// yet holds his board. When the line-up fielded fills the board, he gets the game: team 2 plays
/// its first four (no `300` record), team 1 planned board 3 empty, then fielded player 3 there:
/// 3 meets 8 on board 3, not 9 (the player after him in the roster).
#[test]
fn a_board_left_empty_then_filled_meets_the_player_who_held_it() {
    let dir = scratch("empty-board");
    let planned = write(&dir, "planned.txt", "1 1 2 0 4\n");
    let paired = dir.join("r2.trf").display().to_string();
    let o = lexpair(&["pair", "-s", "team-2026", FILE, "--lineup", &planned, "--format", "trf", "-o", &paired]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let doc = lexpair::trf::read_file(Path::new(&paired), &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    let entry = |d: &lexpair::trf::TrfDocument, id: u32| d.player(id).and_then(|p| p.rounds.get(1).copied().flatten());
    assert_eq!(entry(&doc, 8), None, "board 3 of team 2 faces an empty board");
    let teams: Vec<u32> = doc.out_of_order.iter().filter(|o| o.round == 2).map(|o| o.team).collect();
    assert_eq!(teams, vec![1], "team 2 plays its default line-up");

    let fielded = write(&dir, "fielded.txt", "1 1 2 3 4\n");
    let done = dir.join("seated.trf");
    let o = lexpair(&["results", &paired, "--lineup", &fielded, "-o", &done.display().to_string()]);
    assert_eq!(o.status.code(), Some(0), "{}", err(&o));
    let doc = lexpair::trf::read_file(&done, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(entry(&doc, 3).and_then(|e| e.opponent), Some(8));
    assert_eq!(entry(&doc, 9).and_then(|e| e.opponent), Some(4));
    assert!(doc.out_of_order.iter().all(|o| o.round != 2), "both teams play their default line-ups now");
    assert!(err(&o).contains("still no result for board(s) 1.1, 1.2, 1.3, 1.4"), "{}", err(&o));
}
