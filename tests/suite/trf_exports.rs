//! Real exports as users have them (`tests/data/trf/exports/`, files written from scratch in each
//! program's layout; `README.md` there names the sources): what is read from each, what is kept
//! but not used (named once in a warning), and what is refused, naming file, line and field.

use crate::common;
use common::lexpair;

use lexpair::points::Points;
use lexpair::tournament::{round_to_pair, Tournament};
use lexpair::trf::{read_file, read_str, write, ByeKind, Colour, ReadOptions, ResultCode, RoundEntry, TrfDocument};
use std::path::{Path, PathBuf};

fn path(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/exports").join(name)
}

fn doc(name: &str) -> TrfDocument {
    read_file(&path(name), &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

fn game(opponent: u32, colour: Colour, result: ResultCode) -> Option<RoundEntry> {
    Some(RoundEntry { opponent: Some(opponent), colour: Some(colour), result })
}

fn bye(result: ResultCode) -> Option<RoundEntry> {
    Some(RoundEntry::bye(result))
}

/// `lexpair ARGS FILE`: exit code, standard output, standard error.
fn run(args: &[&str], file: &Path) -> (Option<i32>, String, String) {
    let file = file.to_str().expect("utf-8 path");
    let mut all = args.to_vec();
    all.push(file);
    let o = lexpair(&all);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned(), String::from_utf8_lossy(&o.stderr).into_owned())
}

/// Every file reads back equal after write → read, warnings aside.
fn assert_round_trip(d: &TrfDocument, name: &str) {
    let again = read_str(&write(d, d.flavor), name, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(&again, d, "{name}");
}

#[test]
fn every_export_file_is_tested() {
    let tested = [
        "lichess_finished.trf",
        "lichess_running.trf",
        "lichess_absent_next.trf",
        "tornelo.trf",
        "swiss_manager.trf",
        "chess_results.trf",
        "out_of_order.trf",
        "short_byes.trf",
        "mac_cr.trf",
        "sharly_team.trf",
    ];
    for e in std::fs::read_dir(path("")).expect("exports").flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        assert!(name == "README.md" || tested.contains(&name.as_str()), "{name} has no test");
    }
}

// --- lichess ---

/// A raw lichess export (lila SwissTrf): names right-aligned from column 16, no rank, unplayed
/// rounds with a blank opponent and colour (`-` absent, `U` the bye), and `XXR` equal to the
/// rounds played: the tournament is over.
#[test]
fn lichess_raw_export_is_read() {
    let d = doc("lichess_finished.trf");
    assert!(d.notes.warnings.is_empty(), "{:?}", d.notes.warnings);
    let names: Vec<(u32, &str, u32)> = d.players.iter().map(|p| (p.id, p.name.as_str(), p.rating)).collect();
    assert_eq!(
        names,
        [
            (1, "alpha_knight", 2210),
            (2, "bishop-pair", 2150),
            (3, "castle_long", 2080),
            (4, "d4_enjoyer", 1990),
            (5, "endgame_eve", 1900),
            (6, "fianchetto7", 1820),
            (7, "gambit_greg", 1700)
        ]
    );
    assert!(d.players.iter().all(|p| p.rank.is_none()));
    assert_eq!(d.total_rounds, Some(3));
    assert_eq!(d.initial_colour, Some(Colour::White));
    let p = |id: u32| d.player(id).expect("player");
    assert_eq!(p(1).points, Some(Points(25)));
    assert_eq!(
        p(6).rounds,
        [
            game(3, Colour::Black, ResultCode::Draw),
            bye(ResultCode::ForfeitLoss),
            game(2, Colour::White, ResultCode::Loss)
        ]
    );
    assert_eq!(p(7).rounds[0], bye(ResultCode::PairingBye));
    assert_eq!(p(4).rounds[2], bye(ResultCode::PairingBye));
    assert_round_trip(&d, "lichess_finished.trf");
}

/// All rounds of `XXR` are played: no round to pair, said as such with the line of XXR.
#[test]
fn a_finished_lichess_tournament_has_no_round_to_pair() {
    let d = doc("lichess_finished.trf");
    let e = round_to_pair(&d, None).expect_err("finished");
    assert_eq!(
        e.message,
        "the tournament is finished: all 3 rounds are paired (XXR 3 on line 9), so there is no round 4 to pair; \
         `lexpair state` and `lexpair standings` show the state after round 3 (to pair another round, raise the \
         number of rounds)"
    );
    let file = path("lichess_finished.trf");
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &file);
    assert_eq!(code, Some(3), "{out}{err}");
    assert!(out.is_empty());
    assert!(
        err.contains(&format!(
            "{}: the tournament is finished: all 3 rounds are paired (XXR 3 on line 9)",
            file.display()
        )),
        "{err}"
    );
    // Re-pairing a round of the history stays possible.
    assert_eq!(round_to_pair(&d, Some(3)).ok(), Some(3));
}

/// A lichess export taken during a round: `Z` against an opponent is a game in progress, read as
/// a game without a result (named once in a warning); the next round waits for its result.
#[test]
fn a_lichess_game_in_progress_is_pending() {
    let d = doc("lichess_running.trf");
    assert_eq!(d.player(2).expect("2").rounds[2], game(6, Colour::Black, ResultCode::Pending));
    assert_eq!(d.player(6).expect("6").rounds[2], game(2, Colour::White, ResultCode::Pending));
    assert_eq!(d.player(1).expect("1").rounds[2], game(3, Colour::White, ResultCode::Win));
    let [w] = d.notes.warnings.as_slice() else { panic!("{:?}", d.notes.warnings) };
    assert_eq!((w.line, w.field.as_str()), (12, "round 3 result (column 119)"));
    assert!(w.message.starts_with("'Z' against opponent 6 read as a game without a result yet"), "{w}");
    assert!(w.message.ends_with("(2 lines, the first here)"), "{w}");
    let file = path("lichess_running.trf");
    let (code, _, err) = run(&["pair", "--system", "dutch-2026"], &file);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains(&format!(
            "lexpair: warning: {}:12: round 3 result (column 119): 'Z' against opponent 6",
            file.display()
        )),
        "{err}"
    );
    assert!(
        err.contains(
            ":12:119: round 3 result (column 119): round 3 has results pending (player 2 against 6 has no result)"
        ),
        "{err}"
    );
}

/// lichess marks a player who left with `0000` and `-` (colour blank) in the round to come: an
/// absence, as bbpPairings reads it, not a player to pair.
#[test]
fn a_lichess_player_who_left_is_not_paired() {
    let d = doc("lichess_absent_next.trf");
    assert_eq!(d.player(6).expect("6").rounds.get(2), Some(&bye(ResultCode::ForfeitLoss)));
    let t = Tournament::before_round(&d, 3).expect("state");
    let six = t.index_of(6).expect("6");
    assert_eq!(t.players[six].absent, Some(ByeKind::Zero));
    assert_eq!(t.present().len(), 6);
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &path("lichess_absent_next.trf"));
    assert_eq!(code, Some(0), "{err}");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.first(), Some(&"3"), "{out}");
    assert!(lines[1..].iter().all(|l| l.split(' ').all(|id| id != "6" && id != "0")), "{out}");
}

// --- Tornelo ---

/// Tornelo's TRFx: `DAT` lines of player data under each player, blank lines between players,
/// `XRS` lines. Kept as written, not used, each kind named once.
#[test]
fn tornelo_dat_and_xrs_lines_are_kept_and_named_once() {
    let d = doc("tornelo.trf");
    let ids: Vec<u32> = d.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, [1, 2, 3, 4, 5, 6]);
    let p2 = d.player(2).expect("2");
    assert_eq!(
        (p2.name.as_str(), p2.title.as_str(), p2.rating, p2.fide_id.as_str()),
        ("Argandona Riveiro,Inigo", "m", 2408, "2212072")
    );
    assert_eq!(p2.rounds, [game(5, Colour::Black, ResultCode::Win), game(1, Colour::White, ResultCode::Draw)]);
    assert_eq!(d.other_lines.iter().filter(|l| l.starts_with("DAT ")).count(), 9);
    assert_eq!(d.other_lines.iter().filter(|l| l.starts_with("XRS ")).count(), 2);
    assert!(d.other_lines.contains(&"DAT 0002 ID:TORNELO 7c1e2f90-5b6d-4e8a-9f3c-2d4b6a8e0c11".to_string()));
    let shown: Vec<String> = d.notes.warnings.iter().map(|w| w.to_string()).collect();
    let file = path("tornelo.trf").display().to_string();
    let file = Path::new(&file).file_name().map(|f| f.to_string_lossy().into_owned()).unwrap_or_default();
    assert_eq!(shown.len(), 2, "{shown:?}");
    assert!(shown[0].ends_with(&format!(
        "{file}:13: DAT: Tornelo's player data (DAT id TYPE value: e-mail, group, other ids); kept as written, not used \
         (9 lines, the first here)"
    )), "{shown:?}");
    assert!(
        shown[1].ends_with(&format!(
            "{file}:33: XRS: a Tornelo extension line; kept as written, not used (2 lines, the first here)"
        )),
        "{shown:?}"
    );
    assert_round_trip(&d, "tornelo.trf");
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &path("tornelo.trf"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out.lines().next(), Some("3"));
    assert_eq!(err.matches("lexpair: warning: ").count(), 2, "{err}");
    assert!(err.contains(&format!("lexpair: warning: {}:13: DAT: ", path("tornelo.trf").display())), "{err}");
}

// --- Swiss-Manager ---

/// Swiss-Manager's TRF16 export: `142` instead of XXR, `062 8 (7)`, a blank line, column rulers
/// and the `DDD SSSS ...` legend above the players (kept silently), blank and zero fields, CR LF
/// line ends, and a paired round not played yet whose bye the points column leaves out.
#[test]
fn swiss_manager_export_is_read() {
    let d = doc("swiss_manager.trf");
    assert!(d.notes.warnings.is_empty(), "{:?}", d.notes.warnings);
    assert_eq!(d.total_rounds, Some(5));
    assert_eq!(d.notes.total_rounds_at, Some((12, "142 number of rounds".to_string())));
    assert_eq!(d.tags.iter().find(|t| t.code == "062").map(|t| t.value.as_str()), Some("8 (7)"));
    assert_eq!(d.other_lines.len(), 3, "{:?}", d.other_lines);
    assert!(d.other_lines[2].starts_with("DDD SSSS sTTT"));
    let p = |id: u32| d.player(id).expect("player");
    assert_eq!(
        (p(5).name.as_str(), p(5).rating, p(5).fide_id.as_str(), p(5).birth_date.as_str()),
        ("Novak,Petra", 0, "", "")
    );
    assert_eq!((p(6).fide_id.as_str(), p(6).sex.as_str()), ("0", "m"));
    assert_eq!(p(8).rounds[2], bye(ResultCode::ForfeitLoss));
    assert_eq!(p(1).rounds[3], game(6, Colour::Black, ResultCode::Pending));
    // Player 3 has the bye of the open round 4; the points column (0.5) leaves it out.
    assert_eq!((p(3).rounds[3], p(3).points), (bye(ResultCode::PairingBye), Some(Points(5))));
    assert_eq!(p(2).rank, Some(1));
    assert_round_trip(&d, "swiss_manager.trf");
}

/// Round 4 is paired but not played: the next round waits for its results; round 4 itself can be
/// re-paired from the history (player 8, not paired, is absent).
#[test]
fn swiss_manager_open_round_waits_for_its_results() {
    let file = path("swiss_manager.trf");
    let (code, _, err) = run(&["pair", "--system", "dutch-2026"], &file);
    assert_eq!(code, Some(3), "{err}");
    assert!(
        err.contains(&format!(
            "{}:18:129: round 4 result (column 129): round 4 has results pending (player 1 against 6 has no result)",
            file.display()
        )),
        "{err}"
    );
    let (code, out, err) = run(&["pair", "--system", "dutch-2026", "--round", "4", "--format", "json"], &file);
    assert_eq!(code, Some(0), "{err}");
    let v: serde_json::Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["round"], 4);
    let boards = v["boards"].as_array().expect("boards");
    assert_eq!(boards.len(), 3);
    assert!(boards.iter().all(|b| b["white"] != 8 && b["black"] != 8), "{out}");
    assert!(v["bye"].is_number(), "{out}");
}

// --- Sharly-Chess (team) ---

/// Sharly-Chess's TRF-2026 team export (issue 42, item 5): no `162`, so `P` is worth a win per
/// board, while the team's bye is worth what its `320` record states (1.0 match point, 2.0 game
/// points: a drawn match of 4 boards, C.04.6 1.4) and each board player's `U` scores 0 in his
/// points (Sharly writes the games' "standard score"). lexpair refused it ("320 ... the boards of
/// team 5's bye in round 1 give 5.0"; the reserve's blank field counted as a board too). Now it
/// reads it as FIDE's reference does: team 5 has 1.0 and 2.0, and round 2 is Gacrux 1.11.65's
/// (run on the file without its `172 FIDON`, on which Gacrux stops): 2-1, 3-5, the bye to 4.
#[test]
fn sharly_chess_team_export_is_read_and_paired_as_gacrux_pairs_it() {
    let d = doc("sharly_team.trf");
    let pab = d.team_pab.as_ref().expect("320");
    assert_eq!((pab.match_points, pab.game_points, pab.teams.clone()), (Points(10), Points(20), vec![Some(5)]));
    assert_eq!(d.player(21).map(|p| (p.rounds[0], p.points)), Some((bye(ResultCode::PairingBye), Some(Points(0)))));
    assert_eq!(d.point_system.pairing_bye, Points(10), "no 162: P is worth a win");
    assert_eq!(d.out_of_order.len(), 4);
    assert_round_trip(&d, "sharly_team.trf");
    let t = lexpair::team::TeamTournament::before_round(&d, 2).unwrap_or_else(|e| panic!("{e}"));
    let scores: Vec<(u32, Points, Points)> = t.teams.iter().map(|x| (x.tpn, x.match_points, x.game_points)).collect();
    assert_eq!(
        scores,
        vec![
            (1, Points(20), Points(35)),
            (2, Points(20), Points(30)),
            (3, Points(0), Points(5)),
            (4, Points(0), Points(10)),
            (5, Points(10), Points(20)),
        ]
    );
    // The bye's boards are its four players entered with `U`, not the reserve (blank).
    let bye = &t.teams[4].history[0];
    assert_eq!(bye.boards.iter().map(|b| b.player).collect::<Vec<_>>(), vec![21, 22, 23, 24]);
    // Round 1's line-ups are its 300 records: team 1 fielded its reserve 5 on board 4.
    let one = &t.teams[0].history[0];
    assert_eq!(
        one.boards.iter().map(|b| (b.board, b.player)).collect::<Vec<_>>(),
        vec![(1, 1), (2, 2), (3, 3), (4, 5)]
    );

    let file = path("sharly_team.trf");
    let (code, out, err) = run(&["pair", "--system", "team-2026"], &file);
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "3\n2 1\n3 5\n4 0\n");
    let (code, out, err) = run(&["check", "--system", "team-2026"], &file);
    assert_eq!((code, out.trim_end()), (Some(0), "identical 1/1"), "{err}");
}

// --- chess-results ---

/// A chess-results snapshot: no `012` line, `XXR`, `XXS` and `XXC` after the players.
#[test]
fn chess_results_snapshot_reads_the_extensions_after_the_players() {
    let d = doc("chess_results.trf");
    assert!(d.tags.is_empty(), "{:?}", d.tags);
    assert_eq!(d.total_rounds, Some(7));
    assert_eq!(d.initial_colour, Some(Colour::White));
    assert_eq!((d.point_system.win(), d.point_system.draw()), (Points(30), Points(10)));
    let points: Vec<Option<Points>> = d.players.iter().map(|p| p.points).collect();
    assert_eq!(
        points,
        [Some(Points(40)), Some(Points(40)), Some(Points(40)), Some(Points(30)), Some(Points(0)), Some(Points(10))]
    );
    assert_eq!(d.player(1).expect("1").name, "Carlsen, Magnus");
    assert_round_trip(&d, "chess_results.trf");
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &path("chess_results.trf"));
    assert_eq!((code, out.lines().next()), (Some(0), Some("3")), "{err}");
}

// --- layouts of any program ---

/// Player lines out of start-number order: read in file order, paired by starting rank, the
/// same pairing as the sorted file.
#[test]
fn player_lines_out_of_order() {
    let d = doc("out_of_order.trf");
    let ids: Vec<u32> = d.players.iter().map(|p| p.id).collect();
    assert_eq!(ids, [4, 1, 6, 2, 5, 3]);
    let t = Tournament::before_round(&d, 3).expect("state");
    let by_number: Vec<u32> = t.players.iter().map(|p| p.id).collect();
    assert_eq!(by_number, [1, 2, 3, 4, 5, 6]);
    let mut sorted = d.clone();
    sorted.players.sort_by_key(|p| p.id);
    let dir = std::env::temp_dir().join(format!("lexpair-exports-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let sorted_file = dir.join("sorted.trf");
    std::fs::write(&sorted_file, write(&sorted, sorted.flavor)).expect("write");
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &path("out_of_order.trf"));
    assert_eq!(code, Some(0), "{err}");
    let (_, expected, _) = run(&["pair", "--system", "dutch-2026"], &sorted_file);
    assert_eq!(out, expected);
    let _ = std::fs::remove_dir_all(&dir);
}

/// Bye fields with the `0` right-aligned in one column (`     0 - H`) instead of `0000`.
#[test]
fn short_bye_fields() {
    let d = doc("short_byes.trf");
    let p = |id: u32| d.player(id).expect("player");
    assert_eq!(p(5).rounds[0], bye(ResultCode::HalfBye));
    assert_eq!(p(4).rounds[1], bye(ResultCode::PairingBye));
    assert_eq!(p(3).rounds[2], bye(ResultCode::ZeroBye));
    let t = Tournament::before_round(&d, 3).expect("state");
    assert_eq!(t.players[t.index_of(3).expect("3")].absent, Some(ByeKind::Zero));
    let (code, out, err) = run(&["pair", "--system", "dutch-2026"], &path("short_byes.trf"));
    assert_eq!(code, Some(0), "{err}");
    assert_eq!(out, "2\n1 4\n5 2\n");
}

/// Old Mac line ends (a bare CR), alone or mixed with CR LF and LF: each ends one line, so
/// errors name the same line in every form.
#[test]
fn bare_cr_line_ends() {
    let bytes = std::fs::read(path("mac_cr.trf")).expect("mac_cr.trf");
    assert!(!bytes.contains(&b'\n') && bytes.contains(&b'\r'));
    let d = doc("mac_cr.trf");
    assert_eq!(d.players.len(), 6);
    let text = String::from_utf8(bytes).expect("utf-8");
    let lf = read_str(&text.replace('\r', "\n"), "lf.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(lf, d);
    let lines: Vec<&str> = text.split_terminator('\r').collect();
    let mixed: String = lines.iter().enumerate().map(|(k, l)| format!("{l}{}", ["\r", "\r\n", "\n"][k % 3])).collect();
    assert_eq!(read_str(&mixed, "mixed.trf", &ReadOptions::default()), Ok(d));
    for (name, end) in [("cr.trf", "\r"), ("crlf.trf", "\r\n"), ("mixed.trf", "")] {
        let mut broken: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
        broken[5] = broken[5].replacen("6 w =", "6 w x", 1);
        let text = if end.is_empty() {
            broken.iter().enumerate().map(|(k, l)| format!("{l}{}", ["\r", "\r\n", "\n"][k % 3])).collect()
        } else {
            broken.join(end) + end
        };
        let e = read_str(&text, name, &ReadOptions::default()).expect_err("bad result");
        assert_eq!((e.line, e.column, e.field.as_str()), (6, 99, "round 1 result (column 99)"), "{name}: {e}");
    }
}

// --- what is read but not used ---

/// Unknown tags, national rating records and unknown codes are kept and named once each;
/// comments, rulers and the informative 801/802 records are kept silently.
#[test]
fn what_is_not_used_is_named_once() {
    let line =
        |id: u32| format!("001 {id:>4}      {:<33} {:>4}{:28}{:>4}", format!("Player {id}"), 2000 - id, "", "0.0");
    let text = [
        "012 Notes".to_string(),
        "992 an unknown tag".into(),
        "992 again".into(),
        "### NNNN SSSS a comment ruler".into(),
        "         1         2".into(),
        "12345678901234567890".into(),
        "DDD SSSS sTTT NNNN".into(),
        line(1),
        "NOR    1 m    Nordmann, Ola                     1850 NOR     1234567 1990/01/01".into(),
        line(2),
        "802  15 BUL     12.0   24.0    2 b  2.0".into(),
        "QQQ whatever".into(),
    ]
    .join("\n");
    let d = read_str(&text, "notes.trf", &ReadOptions::default()).expect("reads");
    let shown: Vec<String> = d.notes.warnings.iter().map(|w| w.to_string()).collect();
    assert_eq!(
        shown,
        [
            "notes.trf:2: tag 992: not a tag of TRF16 or TRF-2026; kept as written, not used (2 lines, the first here)",
            "notes.trf:9: national rating record (columns 1-3 a federation): TRF-2026 national rating data; pairing \
             numbers and ratings come from the 001 lines; kept as written, not used",
            "notes.trf:12: record tag (columns 1-3): not a record of TRF16, TRF-2026 or their extensions; kept as \
             written, not used",
        ]
    );
    assert_eq!(d.players.len(), 2);
    assert_eq!(d.other_lines.len(), 7);
}

/// The warnings do not take part in `==`: the same contents compare equal, noted or not.
#[test]
fn warnings_do_not_change_equality() {
    let d = doc("tornelo.trf");
    let mut quiet = d.clone();
    quiet.notes = Default::default();
    assert_eq!(quiet, d);
    assert!(!d.notes.warnings.is_empty());
}
