//! Read → write → read gives back the same document, in both editions of the format, on the
//! reference corpora, the real events and the hand-made files of `tests/data/trf/`; and the
//! fields of the hand-made files read to the values they state.

use lexpair::points::{PointSystem, Points};
use lexpair::trf::*;
use std::path::{Path, PathBuf};

fn shared(relative: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared").join(relative)
}

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf").join(name)
}

/// The `.trf` files of a directory, sorted.
fn trf_files(dir: &Path) -> Vec<PathBuf> {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    let mut files: Vec<PathBuf> = entries
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    files.sort();
    files
}

fn read(path: &Path, opts: &ReadOptions) -> TrfDocument {
    read_file(path, opts).unwrap_or_else(|e| panic!("{e}"))
}

fn read_data(name: &str) -> TrfDocument {
    read(&data(name), &ReadOptions::default())
}

/// A `001` line: `name` in columns 15-47, rating 2000, `points` in 81-84, rank = id, then
/// `rounds` from column 90 (each block `  NNNN c r`).
fn player_line(id: u32, name: &str, points: &str, rounds: &str) -> String {
    format!("001 {id:>4}      {name:<33} 2000{:28}{points:>4} {id:>4}{rounds}", "")
}

fn with_flavor(doc: &TrfDocument, flavor: TrfFlavor) -> TrfDocument {
    TrfDocument { flavor, ..doc.clone() }
}

/// Writes `doc` in both editions and reads it back: the same document (the edition itself is
/// compared only when writing in the edition the document was read from), and writing the
/// result again gives the same text.
fn assert_round_trip(doc: &TrfDocument, name: &str, opts: &ReadOptions) {
    for flavor in [TrfFlavor::Trf16, TrfFlavor::Trf26] {
        let text = write(doc, flavor);
        let back = read_str(&text, name, opts)
            .unwrap_or_else(|e| panic!("{name} written as {flavor:?} does not read back: {e}\n{text}"));
        if flavor == doc.flavor {
            assert_eq!(&back, doc, "{name} written as {flavor:?}:\n{text}");
        } else {
            assert_eq!(with_flavor(&back, flavor), with_flavor(doc, flavor), "{name} as {flavor:?}:\n{text}");
        }
        assert_eq!(write(&back, flavor), text, "{name}: writing is not stable in {flavor:?}");
    }
}

fn round_trip_dir(dir: &Path, opts: &ReadOptions) -> usize {
    let files = trf_files(dir);
    for path in &files {
        assert_round_trip(&read(path, opts), &path.display().to_string(), opts);
    }
    files.len()
}

// ---------------------------------------------------------------------------------------------
// Corpora and real events
// ---------------------------------------------------------------------------------------------

#[test]
fn dutch_2017_corpus_round_trips() {
    let n = round_trip_dir(&shared("corpus/dutch-2017/tournaments"), &ReadOptions::default());
    assert!(n > 500, "only {n} files");
}

/// dutch-2012 has `XXS` + `BB*` lines (3-1-0), dutch-2026 has `162` tags (so TRF-2026 flavour)
/// next to `XXR`/`XXC`/`BB*`, dubov-2026 has forfeits and byes of every kind.
#[test]
fn other_corpora_round_trip() {
    for folder in ["dutch-2012", "dutch-2017-tight", "dutch-2026", "dutch-2026-tight", "dubov-2026"] {
        let n = round_trip_dir(&shared(&format!("corpus/{folder}/tournaments")), &ReadOptions::default());
        assert!(n > 0, "{folder} is empty");
    }
}

/// The round to be paired of large tournaments. Some list half-point byes of that round
/// (`0000 - H`) while their points are still those before it (p3000-r02.trf, player 737): the
/// score check accepts the points with or without the byes of a last round that holds no game.
#[test]
fn large_single_rounds_round_trip() {
    let n = round_trip_dir(&shared("corpus/large"), &ReadOptions::default());
    assert!(n >= 8, "only {n} files");
    let doc = read(&shared("corpus/large/p3000-r02.trf"), &ReadOptions::default());
    let player = doc.player(737).expect("player 737");
    assert_eq!(player.points, Some(Points(5)));
    assert_eq!(player.rounds.get(1), Some(&Some(RoundEntry::bye(ResultCode::HalfBye))));
}

/// Every real event reads with the score check on: none needs `check_scores = false`.
/// Two of them rely on the reader's tolerance, not on a relaxed check:
/// - CompetiChess__testLargeFile.trf (lichess export) writes rounds a player did not join as a
///   forfeit loss with no opponent (`        -`): accepted as `ForfeitLoss` without opponent,
///   worth the forfeit-loss points (0), which is what its points column counts;
/// - CompetiChess__testTrfFile.trf (JaVaFo's TRF(x) sample) lists round 5 absences
///   (`0000 - Z`, `0000 - H`) for the round to be paired, and player 43's points include that
///   half-point bye, as the JaVaFo AUM asks.
#[test]
fn real_events_round_trip() {
    let n = round_trip_dir(&shared("realdata"), &ReadOptions::default());
    assert_eq!(n, 5);
}

#[test]
fn real_event_fields() {
    let papi = read(&shared("realdata/papi-web__papi_avoine_2024.trf"), &ReadOptions::default());
    assert_eq!(papi.tags[0], Tag { code: "012".into(), value: "38ème Open International d'Echecs d'Avoine".into() });
    assert_eq!(papi.players.len(), 352);
    let lichess = read(&shared("realdata/CompetiChess__testLargeFile.trf"), &ReadOptions::default());
    assert!(lichess.use_rank_order);
    assert_eq!(lichess.initial_colour, Some(Colour::White));
    assert_eq!(lichess.total_rounds, Some(21));
    let p10 = lichess.player(10).expect("player 10");
    assert_eq!(p10.rounds[0], Some(RoundEntry::bye(ResultCode::HalfBye)));
    let p2 = lichess.player(2).expect("player 2");
    assert_eq!(p2.rounds[12], Some(RoundEntry::bye(ResultCode::ForfeitLoss)));
    let gros = read(&shared("realdata/CompetiChess__testTrfFile.trf"), &ReadOptions::default());
    assert_eq!(gros.accelerations.len(), 26);
    assert_eq!(gros.accelerations[0].points, vec![Points(10), Points(10), Points(10), Points(5), Points(5)]);
    assert_eq!(gros.tags.iter().find(|t| t.code == "112").map(|t| t.value.as_str()), Some(""));
}

// ---------------------------------------------------------------------------------------------
// Hand-made files, one per extension
// ---------------------------------------------------------------------------------------------

#[test]
fn hand_made_files_round_trip() {
    let n = round_trip_dir(&data(""), &ReadOptions::default());
    assert!(n >= 10, "only {n} files");
}

#[test]
fn players_forfeits_and_byes() {
    let doc = read_data("forfeits_byes.trf");
    assert_eq!(doc.flavor, TrfFlavor::Trf16);
    assert_eq!(doc.tags.len(), 3);
    assert_eq!(doc.tags[2], Tag { code: "092".into(), value: "Individual: Swiss-System".into() });
    assert_eq!(doc.total_rounds, Some(4));
    let p1 = doc.player(1).expect("player 1");
    assert_eq!((p1.name.as_str(), p1.sex.as_str(), p1.title.as_str(), p1.rating), ("Alpha, Anna", "m", "", 2400));
    assert_eq!((p1.federation.as_str(), p1.fide_id.as_str()), ("NOR", "1000001"));
    assert_eq!((p1.birth_date.as_str(), p1.points, p1.rank), ("1990/01/01", Some(Points(25)), Some(1)));
    assert_eq!(p1.line, 5);
    let game = |opponent, colour, result| Some(RoundEntry { opponent: Some(opponent), colour: Some(colour), result });
    // A forfeit: 3 wins against 6 without playing.
    let p3 = doc.player(3).expect("player 3");
    assert_eq!(p3.rounds[0], game(6, Colour::White, ResultCode::ForfeitWin));
    let p6 = doc.player(6).expect("player 6");
    assert_eq!(p6.rounds[0], game(3, Colour::Black, ResultCode::ForfeitLoss));
    // The pairing-allocated bye, a half-point bye, games of less than one move.
    assert_eq!(p6.rounds[1], Some(RoundEntry::bye(ResultCode::PairingBye)));
    assert_eq!(doc.player(5).expect("5").rounds[1], Some(RoundEntry::bye(ResultCode::HalfBye)));
    assert_eq!(doc.player(2).expect("2").rounds[2], game(6, Colour::White, ResultCode::UnratedWin));
    assert_eq!(p6.rounds[2], game(2, Colour::Black, ResultCode::UnratedLoss));
    assert_eq!(doc.player(4).expect("4").rounds[2], game(5, Colour::White, ResultCode::UnratedDraw));
    assert!(doc.point_system.is_standard() && !doc.point_system_explicit);
}

#[test]
fn xxr_and_cumulative_xxc() {
    let doc = read_data("xxr_xxc.trf");
    assert_eq!(doc.total_rounds, Some(5));
    assert!(doc.use_rank_order);
    assert_eq!(doc.initial_colour, Some(Colour::Black));
    assert!(write(&doc, TrfFlavor::Trf16).contains("XXR 5\nXXC rank black1\n"));
    assert!(write(&doc, TrfFlavor::Trf26).contains("142 5\n152 B\nXXC rank\n"));
}

/// BBW 3.0 / BBD 1.0: the PAB follows the win (bbpPairings: BBU defaults to the win).
#[test]
fn bb_three_one_zero() {
    let doc = read_data("bb_3_1_0.trf");
    assert!(doc.point_system_explicit);
    assert_eq!(doc.point_system, PointSystem::with_win_draw_loss(Points(30), Points(10), Points(0)));
    assert_eq!(doc.player(1).and_then(|p| p.points), Some(Points(70)));
    let text = write(&doc, TrfFlavor::Trf16);
    assert!(text.contains("BBW  3.0\nBBD  1.0\n"), "{text}");
    assert!(!text.contains("BBU"), "{text}");
    assert!(write(&doc, TrfFlavor::Trf26).contains("162  W 3.0    D 1.0\n"));
}

#[test]
fn bb_codes_each_set_their_result() {
    let text = "BBW 2.0\nBBD 1.5\nBBL 0.5\nBBZ 0.2\nBBF -1.0\n";
    let doc = read_str(text, "bb.trf", &ReadOptions::default()).expect("reads");
    let s = doc.point_system;
    assert_eq!((s.win_white, s.win_black, s.forfeit_win, s.full_bye), (Points(20), Points(20), Points(20), Points(20)));
    assert_eq!((s.draw_white, s.draw_black, s.half_bye), (Points(15), Points(15), Points(15)));
    assert_eq!((s.loss_white, s.loss_black), (Points(5), Points(5)));
    assert_eq!((s.zero_bye, s.forfeit_loss, s.pairing_bye), (Points(2), Points(-10), Points(20)));
    assert_round_trip(&doc, "bb.trf", &ReadOptions::default());
    let stated_pab = read_str("BBU 1.0\nBBW 3.0\n", "bbu.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(stated_pab.point_system.pairing_bye, Points(10));
    assert_round_trip(&stated_pab, "bbu.trf", &ReadOptions::default());
}

/// JaVaFo AUM, XXS example 5: later codes override earlier ones, line by line.
#[test]
fn xxs_applies_left_to_right_top_down() {
    let doc = read_data("xxs_override.trf");
    let s = doc.point_system;
    assert_eq!((s.win_white, s.win_black, s.forfeit_win), (Points(30), Points(30), Points(30)));
    assert_eq!(
        (s.draw_white, s.draw_black, s.loss_white, s.loss_black),
        (Points(20), Points(20), Points(10), Points(10))
    );
    assert_eq!((s.full_bye, s.half_bye, s.zero_bye, s.pairing_bye), (Points(0), Points(0), Points(0), Points(30)));
    // The other order of the same lines: W=3 overrides FPB=0 and D=2 overrides HPB=0.
    let reordered = "XXS PAB=3\nXXS FPB=0 HPB=0 ZPB=0\nXXS W=3 D=2 WL=1 BL=1\n";
    let other = read_str(reordered, "xxs.trf", &ReadOptions::default()).expect("reads").point_system;
    assert_eq!((other.full_bye, other.half_bye), (Points(30), Points(20)));
    // Within one line too.
    let one_line = read_str("XXS HPB=0 D=2 FL=1 W=3 FW=2\n", "xxs.trf", &ReadOptions::default()).expect("reads");
    let s = one_line.point_system;
    assert_eq!(
        (s.half_bye, s.forfeit_loss, s.forfeit_win, s.pairing_bye),
        (Points(20), Points(10), Points(20), Points(10))
    );
    // XXS W does not move the PAB (AUM example 2: "XXS W=3 / XXS D=1" keeps PAB=1).
    let w_only = read_str("XXS W=3\nXXS D=1\n", "xxs.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(w_only.point_system.pairing_bye, Points(10));
}

/// Colour-dependent values: TRF16 needs XXS (BB* cannot say them); TRF-2026 writes a 162 line
/// and XXS lines overriding it.
#[test]
fn colour_dependent_point_system_is_written_as_xxs() {
    let text = "XXS WW=1 BW=1.5 BD=0.7\n";
    let doc = read_str(text, "colours.trf", &ReadOptions::default()).expect("reads");
    assert_eq!((doc.point_system.win_black, doc.point_system.draw_black), (Points(15), Points(7)));
    let trf16 = write(&doc, TrfFlavor::Trf16);
    assert_eq!(
        trf16,
        "XXS WW=1.0 BW=1.5 WD=0.5 BD=0.7 WL=0.0 BL=0.0\nXXS FW=1.0 FL=0.0 FPB=1.0 HPB=0.5 ZPB=0.0 PAB=1.0\n"
    );
    assert!(write(&doc, TrfFlavor::Trf26).starts_with("162  W 1.0\nXXS WW=1.0 BW=1.5"));
    assert_round_trip(&doc, "colours.trf", &ReadOptions::default());
}

#[test]
fn xxa_accelerations_and_their_250_form() {
    let doc = read_data("xxa.trf");
    let acc = |player, points: &[i64]| Acceleration { player, points: points.iter().map(|&p| Points(p)).collect() };
    assert_eq!(
        doc.accelerations,
        vec![acc(1, &[10, 10, 10, 0]), acc(2, &[10, 10, 10, 0]), acc(3, &[10, 10, 5, 0]), acc(5, &[10, 10, 5, 0])]
    );
    assert!(write(&doc, TrfFlavor::Trf16).contains("XXA    3  1.0  1.0  0.5  0.0\n"));
    // As TRF-2026 `250` ranges: player 4 has no XXA line, so 5 is a range of its own; the
    // last round (all 0.0) is stated so that each list keeps its length.
    let trf26 = write(&doc, TrfFlavor::Trf26);
    let records: Vec<&str> = trf26.lines().filter(|l| l.starts_with("250")).collect();
    assert_eq!(
        records,
        [
            "250       1.0 001 002 0001 0003",
            "250       1.0 001 002 0005 0005",
            "250       1.0 003 003 0001 0002",
            "250       0.5 003 003 0003 0003",
            "250       0.5 003 003 0005 0005",
            "250       0.0 004 004 0001 0003",
            "250       0.0 004 004 0005 0005",
        ]
    );
}

/// Accelerations the `250` records cannot say in the same order stay XXA lines in TRF-2026.
#[test]
fn unsorted_accelerations_stay_xxa() {
    let mut doc = read_data("xxa.trf");
    doc.accelerations.reverse();
    let text = write(&doc, TrfFlavor::Trf26);
    assert!(!text.contains("\n250") && text.contains("XXA    5"), "{text}");
    assert_round_trip(&doc, "reversed.trf", &ReadOptions::default());
}

#[test]
fn xxp_forbidden_groups() {
    let doc = read_data("xxp.trf");
    assert_eq!(
        doc.forbidden,
        vec![
            ForbiddenGroup { rounds: None, players: vec![1, 5] },
            ForbiddenGroup { rounds: None, players: vec![2, 3, 6] }
        ]
    );
    // No round range: XXP in both editions.
    assert!(write(&doc, TrfFlavor::Trf26).contains("XXP    1    5\n"));
}

#[test]
fn xxz_and_announced_absence() {
    let doc = read_data("xxz.trf");
    let absent = |id| AnnouncedByes { round: None, kind: ByeKind::Zero, players: vec![id] };
    assert_eq!(doc.announced_byes, vec![absent(4), absent(5)]);
    assert_eq!(doc.player(6).expect("6").rounds.get(3), Some(&Some(RoundEntry::bye(ResultCode::ZeroBye))));
    assert_eq!(doc.rounds_in_file(), 4);
}

#[test]
fn trf26_tags() {
    let doc = read_data("trf26_tags.trf");
    assert_eq!(doc.flavor, TrfFlavor::Trf26);
    assert!(doc.tags.iter().all(|t| t.code == "012"));
    assert_eq!((doc.total_rounds, doc.initial_colour), (Some(5), Some(Colour::Black)));
    // 162 W 3.0 D 1.0: P defaults to W; X (unknown result) is kept for the round trip.
    assert_eq!(doc.point_system, PointSystem::with_win_draw_loss(Points(30), Points(10), Points(0)));
    assert_eq!(doc.unknown_result_points, Some(Points(15)));
    let text = write(&doc, TrfFlavor::Trf26);
    assert!(text.contains("142 5\n152 B\n162  W 3.0    D 1.0    X 1.5\n"), "{text}");
}

#[test]
fn trf26_tag_162_codes() {
    let text = "162  W 2.0    D 1.0    L 0.5    A 0.2    P 1.5\n";
    let doc = read_str(text, "162.trf", &ReadOptions::default()).expect("reads");
    let s = doc.point_system;
    assert_eq!(
        (s.win_white, s.forfeit_win, s.full_bye, s.pairing_bye),
        (Points(20), Points(20), Points(20), Points(15))
    );
    assert_eq!((s.draw_black, s.half_bye, s.loss_white, s.loss_black), (Points(10), Points(10), Points(5), Points(5)));
    assert_eq!((s.zero_bye, s.forfeit_loss), (Points(2), Points(2)));
    assert_eq!(write(&doc, TrfFlavor::Trf26), text);
    assert_eq!(write(&doc, TrfFlavor::Trf16), "BBW  2.0\nBBD  1.0\nBBL  0.5\nBBZ  0.2\nBBF  0.2\nBBU  1.5\n");
    assert_round_trip(&doc, "162.trf", &ReadOptions::default());
}

#[test]
fn trf26_records() {
    let doc = read_data("trf26_records.trf");
    assert_eq!(doc.flavor, TrfFlavor::Trf26);
    // 240: byes announced for round 4.
    assert_eq!(
        doc.announced_byes,
        vec![
            AnnouncedByes { round: Some(4), kind: ByeKind::Half, players: vec![5] },
            AnnouncedByes { round: Some(4), kind: ByeKind::Zero, players: vec![2, 6] },
        ]
    );
    // 250: rounds 1-2 give 1.0 to players 1-3, round 3 gives 0.5 to players 1-2; a list runs
    // to the last round of the records covering the player.
    let acc = |player, points: &[i64]| Acceleration { player, points: points.iter().map(|&p| Points(p)).collect() };
    assert_eq!(doc.accelerations, vec![acc(1, &[10, 10, 5]), acc(2, &[10, 10, 5]), acc(3, &[10, 10])]);
    // 260: prohibited pairings with their rounds.
    assert_eq!(
        doc.forbidden,
        vec![
            ForbiddenGroup { rounds: Some((4, 5)), players: vec![1, 2] },
            ForbiddenGroup { rounds: Some((1, 5)), players: vec![4, 5, 6] },
        ]
    );
    assert_eq!(doc.other_lines.len(), 3);
    assert!(!doc.is_team_file());
    let text = write(&doc, TrfFlavor::Trf26);
    for line in ["240 H 004    5", "250       1.0 001 002 0001 0003", "260 004 005    1    2"] {
        assert!(text.contains(line), "{line} missing in\n{text}");
    }
}

/// 250 with team match points (six values), overlapping ranges (they add up), and player ids
/// of a range that are not players.
#[test]
fn trf26_250_variants() {
    let players: String = (1..=3).map(|id| player_line(id, "Player", "", "") + "\n").collect();
    let text = format!("{players}250 02.0 01.0 001 002 0001 0002\n250      0.5 002 003 0002 0009\n");
    let doc = read_str(&text, "250.trf", &ReadOptions::default()).expect("reads");
    let acc = |player, points: &[i64]| Acceleration { player, points: points.iter().map(|&p| Points(p)).collect() };
    assert_eq!(doc.accelerations, vec![acc(1, &[10, 10]), acc(2, &[10, 15, 5]), acc(3, &[0, 5, 5])]);
    assert_round_trip(&doc, "250.trf", &ReadOptions::default());
}

/// A round blank in the middle of a line is `None`; at the end it is absent.
#[test]
fn blank_round_blocks() {
    let line1 = player_line(1, "One", "1.0", "               2 w 1");
    let line2 = player_line(2, "Two", "0.0", "               1 b 0      ");
    let doc = read_str(&format!("{line1}\n{line2}\n"), "blank.trf", &ReadOptions::default()).expect("reads");
    let p2 = doc.player(2).expect("player 2");
    assert_eq!(p2.rounds.len(), 2);
    assert_eq!(p2.rounds[0], None);
    assert_eq!(
        p2.rounds[1],
        Some(RoundEntry { opponent: Some(1), colour: Some(Colour::Black), result: ResultCode::Loss })
    );
    assert_round_trip(&doc, "blank.trf", &ReadOptions::default());
}

/// A paired round with no result yet (blank result against an opponent) reads as `Pending`.
#[test]
fn pending_games() {
    let line1 = player_line(1, "One", "0.0", "     2 w");
    let line2 = player_line(2, "Two", "0.0", "     1 b  ");
    let doc = read_str(&format!("{line1}\n{line2}\n"), "pending.trf", &ReadOptions::default()).expect("reads");
    let p1 = doc.player(1).expect("player 1");
    assert_eq!(
        p1.rounds[0],
        Some(RoundEntry { opponent: Some(2), colour: Some(Colour::White), result: ResultCode::Pending })
    );
    assert_round_trip(&doc, "pending.trf", &ReadOptions::default());
}

/// Both players forfeit (`-`/`-`), and a forfeit with no opponent (lichess exports).
#[test]
fn double_forfeit_and_forfeit_without_opponent() {
    let line1 = player_line(1, "One", "0.0", "     2 w -  0000 - -");
    let line2 = player_line(2, "Two", "0.0", "     1 b -         -");
    let doc = read_str(&format!("{line1}\n{line2}\n"), "forfeit.trf", &ReadOptions::default()).expect("reads");
    let p2 = doc.player(2).expect("player 2");
    assert_eq!(p2.rounds[1], Some(RoundEntry::bye(ResultCode::ForfeitLoss)));
    assert_round_trip(&doc, "forfeit.trf", &ReadOptions::default());
}

// ---------------------------------------------------------------------------------------------
// Layout, CR LF and UTF-8
// ---------------------------------------------------------------------------------------------

/// The writer puts every field in its TRF16 columns.
#[test]
fn player_line_columns() {
    let doc = read_data("forfeits_byes.trf");
    let text = write(&doc, TrfFlavor::Trf16);
    let line = text.lines().find(|l| l.starts_with("001    5")).expect("player 5");
    assert_eq!(
        line,
        "001    5 m    Echo, Emil                        2000 NOR     1000005 1990/01/05  1.5    4     2 w =  0000 - H     4 b D"
    );
    let mut other = doc.player(5).expect("5").clone();
    other.title = "WGM".into();
    other.points = Some(Points(115));
    other.rank = Some(123);
    other.rounds = vec![None, Some(RoundEntry { opponent: Some(1234), colour: None, result: ResultCode::ForfeitWin })];
    let doc = TrfDocument { players: vec![other], ..TrfDocument::default() };
    let written = write(&doc, TrfFlavor::Trf16);
    let chars: Vec<char> = written.trim_end().chars().collect();
    let cols = |from: usize, to: usize| chars[from - 1..to].iter().collect::<String>();
    assert_eq!(cols(10, 13), "mWGM");
    assert_eq!((cols(81, 84), cols(86, 89)), ("11.5".to_string(), " 123".to_string()));
    assert_eq!(cols(92, 101), "          ");
    assert_eq!(cols(102, 109), "1234 - +");
}

#[test]
fn crlf_and_utf8_names() {
    let bytes = std::fs::read(data("crlf_utf8.trf")).expect("crlf_utf8.trf");
    assert!(bytes.windows(2).any(|w| w == b"\r\n"), "the file must keep its CR LF line ends");
    let doc = read_data("crlf_utf8.trf");
    assert_eq!(doc.tags[0].value, "38ème Open International");
    let p1 = doc.player(1).expect("player 1");
    // Columns are characters: the rating after a name with accents is still in columns 49-52.
    assert_eq!((p1.name.as_str(), p1.rating, p1.points), ("Müller, Jérôme", 2400, Some(Points(25))));
    assert_eq!(doc.player(2).expect("player 2").name, "Øster, Åse");
    // The same file with LF line ends reads the same.
    let text = String::from_utf8(bytes).expect("UTF-8");
    let lf = read_str(&text.replace("\r\n", "\n"), "lf.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(lf, doc);
    // Written back with LF, UTF-8 preserved.
    assert!(write(&doc, TrfFlavor::Trf16).contains("001    1 m    Müller, Jérôme                    2400 NOR"));
}

#[test]
fn inline_crlf_trailing_blanks_and_short_lines() {
    let zoe = player_line(1, "Zoë", "0.0", "  ");
    let text = format!("\u{feff}012 Café  \r\n\r\n{zoe}\r\n001    2      Łukasz\r\n");
    let doc = read_str(&text, "inline.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.tags, vec![Tag { code: "012".into(), value: "Café".into() }]);
    assert_eq!((doc.players[0].name.as_str(), doc.players[0].rating), ("Zoë", 2000));
    assert_eq!(doc.players[0].points, Some(Points(0)));
    assert_eq!(doc.players[1].name, "Łukasz");
    assert_eq!(doc.players[1].rating, 0);
    assert!(doc.players.iter().all(|p| p.rounds.is_empty()));
    assert_round_trip(&doc, "inline.trf", &ReadOptions::default());
    // Old Mac line ends (CR only) read the same.
    let cr_only = text.replace("\r\n", "\r");
    assert_eq!(read_str(&cr_only, "cr.trf", &ReadOptions::default()), Ok(doc));
}

/// Lines that are not interpreted are kept verbatim (comments, the informative team record 802,
/// which is not a tournament-section tag although its code ends in 2, national rating records,
/// unknown codes).
#[test]
fn other_lines_are_kept() {
    let text = "### a comment\n802  15 BUL     12.0   24.0    2 b  2.0   ZPB    0.0    29 w  2.5    11 b  2.5\n\
                NOR    1 m    National name\nXYZ something\n";
    let doc = read_str(text, "other.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.other_lines, text.lines().collect::<Vec<_>>());
    assert_round_trip(&doc, "other.trf", &ReadOptions::default());
}

// ---------------------------------------------------------------------------------------------
// Team files
// ---------------------------------------------------------------------------------------------

/// The Swiss Team witness corpus: every file reads (score check on) and survives read → write →
/// read in both editions, as do the three files cut before an unpairable round.
#[test]
fn team_2026_corpus_round_trips() {
    let n = round_trip_dir(&shared("corpus/team-2026/tournaments"), &ReadOptions::default());
    assert_eq!(n, 120);
    let cut = round_trip_dir(&shared("corpus/team-2026/unpairable"), &ReadOptions::default());
    assert_eq!(cut, 3);
    for path in trf_files(&shared("corpus/team-2026/tournaments")) {
        let doc = read(&path, &ReadOptions::default());
        assert!(doc.is_team_file(), "{}", path.display());
        assert!(doc.other_lines.is_empty(), "{}: {:?}", path.display(), doc.other_lines);
        let boards = doc.board_count().expect("352");
        assert!(doc.teams.iter().all(|t| t.players.len() == boards && !t.legacy), "{}", path.display());
        assert_eq!(doc.team_scoring, TeamScoring::default());
        assert!(doc.team_scoring_explicit);
    }
}

/// t0009 (the corpus README's example): 9 teams of 4, a PAB in four rounds, an absence, a
/// match forfeited as a whole.
#[test]
fn team_2026_corpus_fields() {
    let doc = read(&shared("corpus/team-2026/tournaments/t0009.trf"), &ReadOptions::default());
    assert_eq!(doc.flavor, TrfFlavor::Trf26);
    assert_eq!(doc.tournament_type.as_deref(), Some("FIDE_TEAM_TYPEA_MP_GP"));
    assert_eq!(doc.board_colours, Some(vec![Colour::White, Colour::Black, Colour::White, Colour::Black]));
    assert_eq!(doc.teams.len(), 9);
    let team1 = doc.team(1).expect("team 1");
    assert_eq!((team1.name.as_str(), team1.nickname.as_str(), team1.strength), ("Team 1", "", Some(2374)));
    assert_eq!((team1.match_points, team1.game_points, team1.rank), (Some(Points(100)), Some(Points(180)), Some(1)));
    assert_eq!(team1.players, vec![1, 2, 3, 4]);
    assert_eq!(doc.team_of_player(13).map(|t| t.tpn), Some(4));
    assert_eq!(doc.team_of_player(37), None);
    assert_eq!(
        doc.team_pab,
        Some(TeamPab {
            match_points: Points(10),
            game_points: Points(20),
            teams: vec![Some(9), Some(8), None, Some(4), Some(7), Some(6)]
        })
    );
    assert_eq!(doc.announced_byes, vec![AnnouncedByes { round: Some(3), kind: ByeKind::Zero, players: vec![5] }]);
    assert_eq!(
        doc.forfeited_matches,
        vec![ForfeitedMatch { kind: MatchForfeit::BlackWins, round: 6, white: 2, black: 8 }]
    );
    // The PAB shows on every player of the team: 0.5 a board (162 P 0.5).
    assert_eq!(doc.point_system.pairing_bye, Points(5));
    assert_eq!(doc.player(13).expect("13").rounds[3], Some(RoundEntry::bye(ResultCode::PairingBye)));
}

/// A hand-made TRF-2026 team file with every team record kind reads to the values it states,
/// and writes back in TRF-2026's order: teams after the players, then 240, 320, 250, 260, 330,
/// 300, 299.
#[test]
fn team_file_with_every_record_kind() {
    let doc = read_data("team_all_records.trf");
    assert_eq!(doc.flavor, TrfFlavor::Trf26);
    assert!(doc.is_team_file());
    assert_eq!(doc.tournament_type.as_deref(), Some("FIDE_TEAM_TYPEA_MP_GP"));
    assert_eq!(doc.board_count(), Some(2));
    assert_eq!(doc.team_scoring, TeamScoring { win: Points(20), draw: Points(10), loss: Points(0) });
    assert!(doc.tags.iter().all(|t| !["192", "352", "362"].contains(&t.code.as_str())));
    let team5 = doc.team(5).expect("team 5");
    assert_eq!((team5.name.as_str(), team5.nickname.as_str(), team5.players.clone()), ("Echo", "", vec![9, 10]));
    assert_eq!(team5.line, 14);
    assert_eq!(doc.team(1).expect("team 1").nickname, "ALP");
    assert_eq!(doc.team_of_player(8).map(|t| t.tpn), Some(4));
    assert_eq!(doc.team_pab.as_ref().map(|p| p.teams.clone()), Some(vec![Some(5), Some(4), None]));
    assert_eq!(
        doc.team_accelerations,
        vec![TeamAcceleration {
            match_points: Some(Points(10)),
            game_points: Points(5),
            rounds: (1, 1),
            teams: (1, 2)
        }]
    );
    assert!(doc.accelerations.is_empty());
    assert_eq!(doc.forbidden, vec![ForbiddenGroup { rounds: Some((1, 3)), players: vec![1, 5] }]);
    assert_eq!(
        doc.forfeited_matches,
        vec![ForfeitedMatch { kind: MatchForfeit::WhiteWins, round: 2, white: 2, black: 5 }]
    );
    assert_eq!(
        doc.out_of_order,
        vec![OutOfOrder { round: 3, team: 1, opponent: 4, players: vec![Some(2), Some(1)], line: 0 }]
    );
    assert_eq!(
        doc.abnormal_points,
        vec![
            AbnormalPoints {
                kind: AbnormalKind::ForfeitWin,
                match_points: Some(Points(10)),
                game_points: Some(Points(20)),
                round: Some(2),
                ids: vec![2]
            },
            AbnormalPoints {
                kind: AbnormalKind::Adjustment,
                match_points: Some(Points(-10)),
                game_points: Some(Points(-5)),
                round: None,
                ids: vec![3, 4]
            },
        ]
    );
    assert_round_trip(&doc, "team_all_records.trf", &ReadOptions::default());
    let text = write(&doc, TrfFlavor::Trf26);
    let codes: Vec<&str> = text.lines().map(|l| &l[..3]).filter(|c| *c != "001").collect();
    assert_eq!(
        codes,
        [
            "012", "092", "142", "152", "162", "192", "352", "362", "###", "310", "310", "310", "310", "310", "240",
            "320", "250", "260", "330", "300", "299", "299"
        ]
    );
    // Each record in the columns of TRF-2026, as the file has them.
    let source = std::fs::read_to_string(data("team_all_records.trf")).expect("team_all_records.trf");
    for prefix in ["310   1", "310   5", "320", "330", "300", "362", "352", "192", "299    -1.0"] {
        let line = source.lines().find(|l| l.starts_with(prefix)).expect(prefix);
        assert!(text.lines().any(|l| l == line), "{line} missing in\n{text}");
    }
    assert!(text.contains("\n299 +   1.0   2.0  002    2\n"), "{text}");
    assert!(text.contains("\n250  1.0  0.5 001 001 0001 0002\n"), "{text}");
}

/// A TRF16 team file: `013` lines number the teams in file order and are written back as `013`
/// in either edition.
#[test]
fn trf16_013_team_file_round_trips_as_013() {
    let doc = read_data("team_013.trf");
    assert_eq!(doc.flavor, TrfFlavor::Trf16);
    assert!(doc.is_team_file());
    let tpns: Vec<u32> = doc.teams.iter().map(|t| t.tpn).collect();
    assert_eq!(tpns, [1, 2, 3, 4]);
    assert!(doc.teams.iter().all(|t| t.legacy));
    let c = doc.team(3).expect("team 3");
    assert_eq!((c.name.as_str(), c.players.clone(), c.match_points, c.line), ("Team C", vec![5, 6], None, 6));
    assert_eq!(doc.team_of_player(8).map(|t| t.name.as_str()), Some("Team D"));
    assert_round_trip(&doc, "team_013.trf", &ReadOptions::default());
    let source = std::fs::read_to_string(data("team_013.trf")).expect("team_013.trf");
    let teams: Vec<&str> = source.lines().filter(|l| l.starts_with("013")).collect();
    for flavor in [TrfFlavor::Trf16, TrfFlavor::Trf26] {
        let text = write(&doc, flavor);
        let written: Vec<&str> = text.lines().filter(|l| l.starts_with("013")).collect();
        assert_eq!(written, teams, "{flavor:?}");
        assert!(!text.contains("\n310"), "{text}");
    }
}

/// Teams built in memory with 310-only data, or numbered out of file order, are written as 310
/// even when marked legacy, so that nothing is lost.
#[test]
fn legacy_teams_that_013_cannot_say_are_written_as_310() {
    let mut doc = read_data("team_013.trf");
    doc.teams[0].match_points = Some(Points(20));
    let text = write(&doc, TrfFlavor::Trf16);
    assert!(text.contains("\n310   1 Team A") && !text.contains("\n013"), "{text}");
    let back = read_str(&text, "written.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(back.teams[0].match_points, Some(Points(20)));
    assert!(back.teams.iter().all(|t| !t.legacy));
}

/// Tags 352 and 362 in their other spellings; 362 partial (the other codes keep their default).
#[test]
fn team_tags_variants() {
    let text = "192  FIDE_TEAM_TYPEA_MP_GP  \n352 wbWB\n362 TW3.0 TL 0.5\n";
    let doc = read_str(text, "tags.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.tournament_type.as_deref(), Some("FIDE_TEAM_TYPEA_MP_GP"));
    use Colour::{Black as B, White as W};
    assert_eq!(doc.board_colours, Some(vec![W, B, W, B]));
    assert_eq!(doc.team_scoring, TeamScoring { win: Points(30), draw: Points(10), loss: Points(5) });
    assert!(doc.team_scoring_explicit && !doc.is_team_file());
    assert_eq!(write(&doc, TrfFlavor::Trf26), "192 FIDE_TEAM_TYPEA_MP_GP\n352 WBWB\n362 TW 3.0   TD 1.0   TL 0.5\n");
    assert_round_trip(&doc, "tags.trf", &ReadOptions::default());
}

/// A player is found by his starting-rank number wherever his line is: at position `id - 1`,
/// where files usually list him, or anywhere else (lines out of order).
#[test]
fn players_are_found_by_number_in_any_order() {
    let lines = [(3, "Third"), (1, "First"), (2, "Second")];
    let text: Vec<String> = lines.iter().map(|&(id, name)| player_line(id, name, "0.0", "")).collect();
    let doc = read_str(&text.join("\n"), "order.trf", &ReadOptions::default()).expect("reads");
    for (id, name) in lines {
        assert_eq!(doc.player(id).map(|p| p.name.trim()), Some(name), "player {id}");
    }
    assert!(doc.player(0).is_none() && doc.player(4).is_none());
}
