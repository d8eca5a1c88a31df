//! The malformed-file set: one file per kind of error under `tests/data/trf/bad/`, each with
//! the full text the reader reports (`file:line:column: field: message`).

use lexpair::trf::*;
use std::path::{Path, PathBuf};

fn bad_file(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/bad").join(format!("{name}.trf"))
}

/// Reads `tests/data/trf/bad/<name>.trf` (named `<name>.trf` in messages) and returns the error.
fn error_of(name: &str) -> TrfError {
    let path = bad_file(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    match read_str(&text, &format!("{name}.trf"), &ReadOptions::default()) {
        Ok(_) => panic!("{name}.trf was read without error"),
        Err(e) => e,
    }
}

/// One test per malformed file, asserting the whole message.
macro_rules! malformed {
    ($($name:ident => $expected:expr,)*) => {
        $(
            #[test]
            fn $name() {
                let e = error_of(stringify!($name));
                assert_eq!(e.to_string(), $expected);
                assert!(e.line > 0 && e.column > 0, "{e:?}");
            }
        )*
        /// Every file of the set has its test.
        #[test]
        fn every_bad_file_is_tested() {
            let known = [$(stringify!($name)),*];
            let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/bad");
            for entry in std::fs::read_dir(dir).expect("tests/data/trf/bad") {
                let path = entry.expect("directory entry").path();
                let stem = path.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
                assert!(known.contains(&stem.as_str()), "{} has no test", path.display());
            }
        }
    };
}

malformed! {
    asymmetric_opponent => "asymmetric_opponent.trf:5:102: round 2 opponent (columns 102-105): player 3 meets 2, but player 2 (line 4) shows opponent 1 in round 2",
    bad_colour => "bad_colour.trf:3:97: round 1 colour (column 97): 'x' is not a colour; expected w, b, - or blank",
    bad_id => "bad_id.trf:4:5: starting-rank number (columns 5-8): '2x' is not a starting-rank number; expected a whole number from 1 to 9999",
    bad_opponent => "bad_opponent.trf:5:102: round 2 opponent (columns 102-105): '4x' is not a starting-rank number; expected up to 4 digits, 0000 or blank",
    bad_points => "bad_points.trf:3:81: points (columns 81-84): '1,5' is not a score; expected a number like 11.5 or blank",
    bad_rank => "bad_rank.trf:6:86: rank (columns 86-89): '4th' is not a rank; expected a whole number or blank",
    bad_rating => "bad_rating.trf:4:49: FIDE rating (columns 49-52): '19OO' is not a rating; expected a whole number or blank",
    bad_result => "bad_result.trf:3:99: round 1 result (column 99): 'x' is not a result code; expected one of + - W D L 1 = 0 H F U Z or blank",
    bb_bad_value => "bb_bad_value.trf:3:5: BBW: '3,0' is not a number of points; expected e.g. 3.0",
    bb_missing_value => "bb_missing_value.trf:3:5: BBD: missing the number of points; expected e.g. 'BBD  1.0'",
    bye_shifted => "bye_shifted.trf:5:96: round 1 (columns 92-101): unexpected '-' in column 96; expected a blank between opponent, colour and result",
    bye_with_opponent => "bye_with_opponent.trf:4:109: round 2 result (column 109): 'H' is a bye, but the opponent is 1; expected a game result (+ - W D L 1 = 0) or opponent 0000",
    colour_mismatch => "colour_mismatch.trf:4:97: round 1 colour (column 97): player 2 has 'b' against 4, but player 4 (line 6) has 'b'; expected 'w'",
    cut_in_points => "cut_in_points.trf:4:83: points (columns 81-84): the line ends inside this right-aligned field: the record is cut short or misaligned",
    damaged_tag => "damaged_tag.trf:5:1: record tag (columns 1-3): '0O1' is not a record tag, but the line is laid out as a player record; expected 001 (a damaged tag would drop the player silently)",
    colour_without_opponent => "colour_without_opponent.trf:6:107: round 2 colour (column 107): 'b' given with no opponent (0000); expected - or blank",
    duplicate_id => "duplicate_id.trf:5:5: starting-rank number (columns 5-8): player 2 is defined twice (first on line 4)",
    game_without_opponent => "game_without_opponent.trf:6:99: round 1 result (column 99): '1' is a game result, but the opponent is 0000; expected an opponent's starting-rank number, a bye code (H F U Z) or a forfeit (+ -)",
    misaligned => "misaligned.trf:4:85: column 85: unexpected '1'; expected a blank between fields (is the line misaligned?)",
    result_mismatch => "result_mismatch.trf:3:99: round 1 result (column 99): player 1 has '1' against 3, but player 3 (line 5) has '1'; expected '0'",
    round_separator => "round_separator.trf:5:106: round 2 (columns 102-111): unexpected '*' in column 106; expected a blank between opponent, colour and result",
    score_mismatch => "score_mismatch.trf:4:81: points (columns 81-84): 1.5 stated but the results add up to 1.0 under the point system 1-0.5-0 (PAB 1.0)",
    self_paired => "self_paired.trf:6:102: round 2 opponent (columns 102-105): player 4 is paired with himself",
    starting_rank_gap => "starting_rank_gap.trf:5:5: starting-rank number (columns 5-8): starting rank 3 is missing: 4 follows 2; starting ranks must run from 1 to the number of players",
    trf26_142_bad => "trf26_142_bad.trf:2:5: 142 number of rounds: '0' is not a number of rounds; expected a whole number from 1 to 999",
    trf26_152_bad => "trf26_152_bad.trf:3:5: 152 initial colour: 'G' is not a colour; expected W or B",
    trf26_162_bad_code => "trf26_162_bad_code.trf:3:15: 162 point system: 'Q' is not a result code; expected one of W D L A P X",
    trf26_162_missing_points => "trf26_162_missing_points.trf:3:15: 162 point system: 'D' has no points; expected e.g. 'D 1.0'",
    trf26_240_bad_type => "trf26_240_bad_type.trf:7:5: 240 bye: 'Y' is not a type of bye; expected F, H or Z",
    trf26_240_no_players => "trf26_240_no_players.trf:7:5: 240 bye: no player id given; expected at least 1",
    trf26_250_rounds_reversed => "trf26_250_rounds_reversed.trf:7:19: 250 acceleration: the last round 1 comes before the first round 3; expected first <= last",
    trf26_250_wrong_count => "trf26_250_wrong_count.trf:7:5: 250 acceleration: 4 values given; expected [match points] points first-round last-round first-player last-player",
    trf26_260_bad_round => "trf26_260_bad_round.trf:7:9: 260 prohibited pairing: '0x3' is not a round number (the last round); expected a whole number from 1 to 999",
    trf26_260_too_few => "trf26_260_too_few.trf:7:18: 260 prohibited pairing: 1 player id(s) given; expected at least 2",
    unknown_opponent => "unknown_opponent.trf:6:102: round 2 opponent (columns 102-105): 9 is not a player (no 001 line has this starting-rank number)",
    xxa_bad_points => "xxa_bad_points.trf:7:16: XXA: '1.O' is not a number of points; expected e.g. 1.0",
    xxa_unknown_player => "xxa_unknown_player.trf:7:8: XXA: 7 is not a player (no 001 line has this starting-rank number)",
    xxc_unknown_word => "xxc_unknown_word.trf:3:10: XXC: unknown word 'whtie1'; expected white1, black1 or rank",
    xxp_too_few => "xxp_too_few.trf:7:7: XXP: 1 player id(s) given; expected at least 2",
    xxp_unknown_player => "xxp_unknown_player.trf:7:9: XXP: 12 is not a player (no 001 line has this starting-rank number)",
    xxr_missing => "xxr_missing.trf:2:5: XXR: missing the number of rounds; expected e.g. 'XXR 9'",
    xxr_not_a_number => "xxr_not_a_number.trf:2:5: XXR: 'nine' is not a number of rounds; expected a whole number from 1 to 999",
    xxr_below_rounds => "xxr_below_rounds.trf:2:5: XXR: 1 rounds, but player 1 (line 3) is paired in round 2; expected at least 2",
    xxs_bad_value => "xxs_bad_value.trf:3:5: XXS: 'three' is not a number of points in 'W=three'; expected e.g. 1.5",
    xxs_not_code_value => "xxs_not_code_value.trf:3:9: XXS: 'D' is not CODE=VALUE; expected e.g. W=3.0",
    xxs_unknown_code => "xxs_unknown_code.trf:3:9: XXS: unknown code 'DD' in 'DD=1'; expected one of WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D",
    z_in_progress_one_side => "z_in_progress_one_side.trf:4:99: round 1 result (column 99): player 1 has no result against 3, but player 3 (line 6) has '1'; expected no result",
    xxz_bad_id => "xxz_bad_id.trf:7:7: XXZ: 'x4' is not a starting-rank number; expected a whole number from 1 to 9999",
    team_240_unknown_team => "team_240_unknown_team.trf:25:12: 240 bye: 7 is not a team (no 310 line has this team pairing number)",
    team_250_unknown_team => "team_250_unknown_team.trf:27:28: 250 acceleration: 6 is not a team (no 310 line has this team pairing number)",
    team_260_unknown_team => "team_260_unknown_team.trf:28:19: 260 prohibited pairing: 9 is not a team (no 310 line has this team pairing number)",
    team_300_unknown_team => "team_300_unknown_team.trf:30:13: 300 opponent (columns 13-15): 14 is not a team (no 310 line has this team pairing number)",
    team_310_bad_points => "team_310_bad_points.trf:11:55: 310 match points (columns 55-60): '2,0' is not a number of match points; expected a number like 11.5 or blank",
    team_310_misaligned_roster => "team_310_misaligned_roster.trf:11:78: 310 column 78: unexpected '3'; expected a blank between fields (is the line misaligned?)",
    team_310_bad_tpn => "team_310_bad_tpn.trf:12:5: 310 team pairing number (columns 5-7): '3x' is not a team pairing number; expected a whole number from 1 to 999",
    team_310_duplicate_tpn => "team_310_duplicate_tpn.trf:13:5: 310 team pairing number (columns 5-7): team 2 is defined twice (first on line 11)",
    team_320_unknown_team => "team_320_unknown_team.trf:26:19: 320 PAB team of round 2 (columns 19-21): 6 is not a team (no 310 line has this team pairing number)",
    team_330_bad_type => "team_330_bad_type.trf:29:5: 330 type of forfeit (columns 5-6): '+0' is not a type of forfeit; expected +- (White wins), -+ (Black wins) or -- (both forfeit)",
    team_330_unknown_team => "team_330_unknown_team.trf:29:16: 330 black team (columns 16-18): 7 is not a team (no 310 line has this team pairing number)",
    team_352_bad_letter => "team_352_bad_letter.trf:7:6: 352 board colours: 'R' is not a colour; expected W or B, one letter per board (e.g. WBWB)",
    team_362_bad_code => "team_362_bad_code.trf:8:14: 362 team point system: 'TX' is not a team result code; expected TW, TD or TL",
    team_fewer_players_than_boards => "team_fewer_players_than_boards.trf:10:74: 310 roster (from column 74): team 1 lists 2 player(s), fewer than the 3 boards of the 352 colour pattern (line 7); expected at least 3",
    team_mixed_310_013 => "team_mixed_310_013.trf:15:1: record tag (columns 1-3): a 013 team record in a file whose teams are 310 records (first on line 10); expected one kind of team record, 310 (TRF-2026) or 013 (TRF16)",
    team_player_in_two_teams => "team_player_in_two_teams.trf:12:79: 310 board 2 player (columns 79-82): player 4 is in team 2 (line 11) and in team 3 (line 12); expected each player in one team",
    team_roster_unknown_player => "team_roster_unknown_player.trf:14:84: 310 board 3 player (columns 84-87): 11 is not a player (no 001 line has this starting-rank number); team 5 lists it on board 3",
    team_score_mismatch => "team_score_mismatch.trf:20:81: points (columns 81-84): 1.5 stated but the results add up to 1.0 under the point system 1-0.5-0 (PAB 0.5)",
}

#[test]
fn error_fields_name_line_column_and_field() {
    let e = error_of("bad_result");
    assert_eq!(e.file, "bad_result.trf");
    assert_eq!((e.line, e.column), (3, 99));
    assert_eq!(e.field, "round 1 result (column 99)");
    assert_eq!(e.message, "'x' is not a result code; expected one of + - W D L 1 = 0 H F U Z or blank");
}

#[test]
fn score_check_can_be_switched_off() {
    let text = std::fs::read_to_string(bad_file("score_mismatch")).expect("score_mismatch.trf");
    let doc = read_str(&text, "score_mismatch.trf", &ReadOptions { check_scores: false }).expect("reads");
    assert_eq!(doc.player(2).and_then(|p| p.points), Some(lexpair::points::Points(15)));
}

#[test]
fn blank_points_are_not_checked() {
    let text = std::fs::read_to_string(bad_file("score_mismatch")).expect("score_mismatch.trf");
    let blanked: Vec<String> = text
        .lines()
        .map(|l| if l.starts_with("001    2") { format!("{}    {}", &l[..80], &l[84..]) } else { l.to_string() })
        .collect();
    let doc = read_str(&blanked.join("\n"), "blank.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.player(2).and_then(|p| p.points), None);
}

#[test]
fn read_file_names_the_path() {
    let path = bad_file("bad_colour");
    let e = read_file(&path, &ReadOptions::default()).expect_err("malformed");
    assert!(matches!(e, ReadFileError::Format(_)));
    let expected =
        format!("{}:3:97: round 1 colour (column 97): 'x' is not a colour; expected w, b, - or blank", path.display());
    assert_eq!(e.to_string(), expected);
}

#[test]
fn missing_file_is_an_io_error() {
    let path = bad_file("no_such_file");
    let e = read_file(&path, &ReadOptions::default()).expect_err("missing");
    assert!(matches!(&e, ReadFileError::Io { file, .. } if *file == path.display().to_string()));
    assert!(e.to_string().starts_with(&format!("{}: cannot read the file: ", path.display())), "{e}");
    assert!(std::error::Error::source(&e).is_some());
}

#[test]
fn crlf_errors_count_columns_in_characters() {
    let text = "012 Tést\r\n001    1      Müller, Jérôme                    2000                             1.0    1     2 w x\r\n";
    let e = read_str(text, "utf8.trf", &ReadOptions::default()).expect_err("bad result");
    assert_eq!(
        e.to_string(),
        "utf8.trf:2:99: round 1 result (column 99): 'x' is not a result code; expected one of + - W D L 1 = 0 H F U Z or blank"
    );
}

/// Truncating or garbling any line of a valid file gives a result or an error, never a panic.
#[test]
fn garbled_lines_never_panic() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf");
    for name in [
        "forfeits_byes.trf",
        "trf26_records.trf",
        "crlf_utf8.trf",
        "xxs_override.trf",
        "team_all_records.trf",
        "team_013.trf",
        "exports/tornelo.trf",
        "exports/swiss_manager.trf",
        "exports/lichess_running.trf",
    ] {
        let text = std::fs::read_to_string(dir.join(name)).expect("hand-made file");
        let lines: Vec<&str> = text.lines().collect();
        for (i, line) in lines.iter().enumerate() {
            let chars: Vec<char> = line.chars().collect();
            for cut in 0..=chars.len() {
                let mut variants = vec![chars[..cut].iter().collect::<String>()];
                for c in ['x', ' ', '9', '-', 'é', '='] {
                    let mut garbled = chars.clone();
                    if let Some(slot) = garbled.get_mut(cut) {
                        *slot = c;
                    }
                    variants.push(garbled.into_iter().collect());
                }
                for variant in variants {
                    let mut copy: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
                    copy[i] = variant;
                    let _ = read_str(&copy.join("\n"), name, &ReadOptions::default());
                }
            }
        }
    }
}

/// In a team file a points column of 0.0 (or blank) is not checked: some exporters leave every
/// player at zero. Any other value must still add up (`team_score_mismatch`).
#[test]
fn team_file_points_of_zero_are_not_checked() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/team_all_records.trf");
    let text = std::fs::read_to_string(path).expect("team_all_records.trf");
    let points_at = |l: &str, points: &str| format!("{}{points}{}", &l[..80], &l[84..]);
    let zeroed: Vec<String> =
        text.lines().map(|l| if l.starts_with("001") { points_at(l, " 0.0") } else { l.to_string() }).collect();
    let doc = read_str(&zeroed.join("\n"), "zero.trf", &ReadOptions::default()).expect("reads");
    assert!(doc.players.iter().all(|p| p.points == Some(lexpair::points::Points(0))));
    let blanked: Vec<String> =
        text.lines().map(|l| if l.starts_with("001    7") { points_at(l, "    ") } else { l.to_string() }).collect();
    let doc = read_str(&blanked.join("\n"), "blank.trf", &ReadOptions::default()).expect("reads");
    assert_eq!(doc.player(7).and_then(|p| p.points), None);
}

/// In an individual file 0.0 is checked as any other value.
#[test]
fn individual_file_points_of_zero_are_checked() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/forfeits_byes.trf");
    let text = std::fs::read_to_string(path).expect("forfeits_byes.trf");
    let zeroed: Vec<String> = text
        .lines()
        .map(|l| if l.starts_with("001    1") { format!("{} 0.0{}", &l[..80], &l[84..]) } else { l.to_string() })
        .collect();
    let e = read_str(&zeroed.join("\n"), "zero.trf", &ReadOptions::default()).expect_err("0.0 does not add up");
    assert_eq!((e.line, e.column, e.field.as_str()), (5, 81, "points (columns 81-84)"));
    assert!(e.message.starts_with("0.0 stated but the results add up to 2.5"), "{e}");
}

/// In a team file the ids of 240 records are team pairing numbers: the corpus example t0009 (9
/// teams, 36 players) with its absence given to team 99, then to team 10 (a player, not a team).
#[test]
fn team_240_names_a_team_not_a_player() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/team-2026/tournaments/t0009.trf");
    let text = std::fs::read_to_string(path).expect("t0009.trf");
    assert!(text.contains("\n240 Z 003  005\n"));
    for team in ["099", "010"] {
        let changed = text.replace("\n240 Z 003  005\n", &format!("\n240 Z 003  {team}\n"));
        let e = read_str(&changed, "t0009.trf", &ReadOptions::default()).expect_err("not a team");
        let line = changed.lines().position(|l| l.starts_with("240")).expect("240") + 1;
        let id = team.trim_start_matches('0');
        assert_eq!(
            e.to_string(),
            format!("t0009.trf:{line}:12: 240 bye: {id} is not a team (no 310 line has this team pairing number)")
        );
    }
}

/// A TRF16 team file names its teams by the order of the 013 lines.
#[test]
fn team_013_file_names_teams_by_line_order() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/team_013.trf");
    let text = std::fs::read_to_string(path).expect("team_013.trf") + "260 001 002  004  005\n";
    let e = read_str(&text, "team_013.trf", &ReadOptions::default()).expect_err("team 5");
    assert_eq!(
        e.to_string(),
        "team_013.trf:16:19: 260 prohibited pairing: 5 is not a team (the file has 4 013 lines, and a team's pairing \
         number is the position of its line among them)"
    );
}

/// A team record in an individual file names a team that cannot exist.
#[test]
fn team_records_in_an_individual_file() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf/forfeits_byes.trf");
    let text = std::fs::read_to_string(path).expect("forfeits_byes.trf") + "330 +- 001 001 002\n";
    let e = read_str(&text, "individual.trf", &ReadOptions::default()).expect_err("no teams");
    assert_eq!(e.field, "330 white team (columns 12-14)");
    assert_eq!(e.message, "1 is not a team (the file has no team record, 310 or 013)");
}
