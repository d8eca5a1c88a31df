//! `lexpair generate --system double-2026`: a generated Double-Swiss tournament (C.04.5) reads
//! back with its points checked, every match re-pairs identically through the door from its own
//! history (and under `lexpair check` and `batch replay`), the same seed gives the same file,
//! single-game forfeits, matches forfeited as a whole, absences and byes occur at non-zero rates,
//! and the command line refuses the options a Double-Swiss tournament does not have. Then the
//! standings of a hand-made file, worked out in the comments, and of a generated one.

use crate::common;

use common::lexpair;
use lexpair::double::{encoding, recorded_round, DoubleTournament};
use lexpair::generate::{generate, Field, GenerateConfig, GenerateError};
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::standings::{compute, Edition, Options, Row, TieBreak, Value};
use lexpair::trf::{self, ReadOptions, ResultCode, RoundEntry, TrfDocument, TrfFlavor};
use lexpair::vocabulary::System;
use std::path::PathBuf;

/// `players` players and `matches` matches with forfeits of both kinds and absences.
fn busy(players: usize, matches: u32, seed: u64) -> GenerateConfig {
    let field = Field::Random { players, min_rating: 1400, max_rating: 2600 };
    let mut c = GenerateConfig::new(System::DoubleSwiss2026, field, matches, seed);
    c.forfeit_rate = 0.04;
    c.double.match_forfeit_rate = 0.04;
    c.zero_bye_rate = 0.04;
    c
}

fn text(c: &GenerateConfig) -> String {
    trf::write(&generate(c).unwrap_or_else(|e| panic!("{e}")).document, TrfFlavor::Trf26)
}

fn read_back(text: &str) -> TrfDocument {
    trf::read_str(text, "generated.trf", &ReadOptions { check_scores: true })
        .unwrap_or_else(|e| panic!("the reader refuses the generated file: {e}\n{text}"))
}

/// The pairs (the match White first) and the bye, by TRF id.
fn pairs(t: &DoubleTournament, p: &RoundPairing) -> (Vec<(u32, u32)>, Option<u32>) {
    let id = |i: usize| t.players[i].id;
    let mut boards: Vec<(u32, u32)> = p.boards.iter().map(|b| (id(b.white), id(b.black))).collect();
    boards.sort_unstable();
    (boards, p.bye.map(id))
}

/// Every match of `doc`, paired through the door from matches 1..k-1, is the match recorded,
/// colours included.
fn replays_identically(doc: &TrfDocument, what: &str) {
    let matches = doc.total_rounds.expect("142") / 2;
    assert_eq!(encoding::next_match(doc) - 1, matches, "{what}: every match is in the file");
    for k in 1..=matches {
        let t = DoubleTournament::before_round(doc, k).unwrap_or_else(|e| panic!("{what} match {k}: {e}"));
        let recorded = recorded_round(doc, k).expect("recorded");
        let got = lexpair::round::pair(&t, System::DoubleSwiss2026, &PairOptions::default())
            .unwrap_or_else(|e| panic!("{what} match {k}: {e}"));
        assert_eq!(pairs(&t, &got.pairing), pairs(&t, &recorded), "{what} match {k}");
    }
}

/// The profiles: plain with forfeits and absences (an odd field: a PAB every match), the Baku
/// acceleration, a real field with 3-1-0 game points, and nothing forfeited or absent.
fn profiles() -> Vec<(&'static str, GenerateConfig)> {
    let plain = busy(15, 5, 1);
    let mut baku = busy(20, 6, 2);
    baku.acceleration = Some(lexpair::tournament::acceleration::Method::Baku);
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    let doc = trf::read_file(std::path::Path::new(example), &ReadOptions { check_scores: false }).expect("example");
    let mut real = busy(0, 5, 3);
    real.field = Field::List(lexpair::generate::field_from_document(&doc, Some(18)));
    real.point_system = lexpair::generate::parse_point_system("3-1-0").expect("points");
    let mut quiet = busy(12, 4, 4);
    (quiet.forfeit_rate, quiet.double.match_forfeit_rate, quiet.zero_bye_rate) = (0.0, 0.0, 0.0);
    vec![("plain", plain), ("baku", baku), ("real field 3-1-0", real), ("quiet", quiet)]
}

#[test]
fn a_generated_event_of_each_profile_reads_back_and_every_match_replays() {
    for (what, c) in profiles() {
        let g = generate(&c).unwrap_or_else(|e| panic!("{what}: {e}"));
        assert_eq!(g.round_seconds.len(), c.rounds as usize, "{what}");
        let written = trf::write(&g.document, TrfFlavor::Trf26);
        let doc = read_back(&written);
        assert_eq!(trf::write(&doc, TrfFlavor::Trf26), written, "{what}: written and read back unchanged");
        // The header of the encoding: 142 = 2M, 152, 162 with W, D, L and P a win plus a draw, 192.
        let ps = doc.point_system;
        let p = ps.win() + ps.draw();
        assert!(written.contains(&format!("\n142 {}\n", 2 * c.rounds)), "{what}:\n{written}");
        assert!(written.contains("\n152 W\n") || written.contains("\n152 B\n"), "{what}");
        let line162 = format!("162  W{:>4}    D{:>4}    L{:>4}    P{p:>4}", ps.win(), ps.draw(), ps.loss());
        assert!(written.contains(&line162), "{what}: {line162}\n{written}");
        let code = if c.acceleration.is_some() { encoding::BAKU_CODE } else { encoding::CODE };
        assert_eq!(doc.tournament_type.as_deref(), Some(code), "{what}");
        assert_eq!(ps.pairing_bye, p, "{what}: C.04.5 1.4");
        replays_identically(&doc, what);
        // Ranks by game points.
        let mut by_rank: Vec<_> = doc.players.iter().map(|p| (p.rank, p.points)).collect();
        by_rank.sort();
        assert!(by_rank.windows(2).all(|w| w[0].1 >= w[1].1), "{what}: {by_rank:?}");
    }
}

#[test]
fn the_same_seed_gives_the_same_file() {
    let c = busy(16, 5, 21);
    let a = text(&c);
    assert_eq!(a, text(&c));
    assert_ne!(a, text(&busy(16, 5, 22)));
}

#[test]
fn forfeits_of_one_and_both_games_absences_and_byes_appear_at_nonzero_rates() {
    let (mut single, mut whole, mut absent, mut pab) = (0, 0, 0, 0);
    for seed in 1..=4 {
        let mut c = busy(17, 6, seed);
        c.forfeit_rate = 0.06;
        c.double.match_forfeit_rate = 0.06;
        c.zero_bye_rate = 0.06;
        let doc = read_back(&text(&c));
        let t = lexpair::double::through_round(&doc, 6).expect("state");
        for p in &t.players {
            for m in &p.history {
                let forfeits = m.boards.iter().filter(|g| g.result == ResultCode::ForfeitLoss).count();
                match m.kind {
                    // A single forfeit leaves the other game played.
                    lexpair::matches::MatchKind::Played => {
                        single += forfeits;
                        assert!(forfeits < 2 && m.boards.iter().any(|g| g.result.is_played_game()));
                    }
                    lexpair::matches::MatchKind::ForfeitLoss => {
                        assert_eq!(forfeits, 2, "a match ended by forfeit: both games forfeited");
                        whole += 1;
                    }
                    lexpair::matches::MatchKind::PairingBye => pab += 1,
                    lexpair::matches::MatchKind::Bye(_) => absent += 1,
                    lexpair::matches::MatchKind::ForfeitWin => {}
                }
            }
        }
        // An absence is `0000 - Z` in both columns of its match; the PAB `0000 - U` in both.
        for p in &doc.players {
            for pair in p.rounds.chunks(2) {
                let bye = |e: &Option<RoundEntry>| e.filter(|e| e.opponent.is_none()).map(|e| e.result);
                assert_eq!(bye(&pair[0]), bye(&pair[1]), "player {}: a bye covers the whole match", p.id);
            }
        }
    }
    assert!(single > 0 && whole > 0 && absent > 0 && pab > 0, "{single} {whole} {absent} {pab}");
}

#[test]
fn options_a_double_swiss_tournament_does_not_have_are_clear_errors() {
    let invalid = |c: GenerateConfig, words: &str| match generate(&c) {
        Err(GenerateError::Invalid(m)) => assert!(m.contains(words), "{m}"),
        other => panic!("{words}: {:?}", other.map(|g| g.round_seconds)),
    };
    let mut c = busy(10, 3, 1);
    c.half_bye_rate = 0.1;
    invalid(c.clone(), "half-point byes");
    c.half_bye_rate = 0.0;
    c.double.match_forfeit_rate = 1.5;
    invalid(c.clone(), "match forfeit rate");
    c.double.match_forfeit_rate = 0.0;
    c.point_system = lexpair::generate::parse_point_system("3-1-0").expect("points");
    c.acceleration = Some(lexpair::tournament::acceleration::Method::Baku);
    invalid(c.clone(), "C.04.7 1.1");
    c.acceleration = None;
    c.field = Field::Random { players: 1, min_rating: 1400, max_rating: 2600 };
    invalid(c, "at least 2 players");
}

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lexpair-double-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    dir
}

fn stdout(o: &std::process::Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn cli_generates_checks_and_replays_a_double_swiss_file_and_refuses_other_options() {
    let dir = temp_dir("cli");
    let out = |name: &str| dir.join(name).to_string_lossy().into_owned();
    let base = ["generate", "--system", "double-2026", "-n", "13", "--matches", "5", "--seed", "4"];
    let extra = ["--forfeit-rate", "0.05", "--match-forfeit-rate", "0.05", "--absences", "0.05"];
    for name in ["a.trf", "b.trf"] {
        stdout(&lexpair(&[&base[..], &extra[..], &["-o", out(name).as_str()]].concat()));
    }
    let a = std::fs::read_to_string(out("a.trf")).expect("written");
    assert_eq!(a, std::fs::read_to_string(out("b.trf")).expect("written"));
    assert!(a.contains("\n142 10\n") && a.contains("\n192 FIDE_DOUBLESWISS\n"), "{a}");
    replays_identically(&read_back(&a), "cli");
    let check = stdout(&lexpair(&["check", "--system", "double-2026", out("a.trf").as_str()]));
    assert_eq!(check.lines().last(), Some("identical 5/5"), "{check}");
    let rep = out("replay");
    stdout(&lexpair(&[
        "batch",
        "replay",
        "-s",
        "double-2026",
        "-q",
        "-j",
        "1",
        "-o",
        rep.as_str(),
        out("a.trf").as_str(),
    ]));
    let csv = std::fs::read_to_string(dir.join("replay").join("results.csv")).expect("results.csv");
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("header").split(',').collect();
    let row: Vec<&str> = lines.next().expect("a row").split(',').collect();
    let col = |name: &str| row[head.iter().position(|h| *h == name).expect(name)];
    assert_eq!((col("rounds"), col("rounds_identical")), ("5", "5"), "{csv}");
    // The options a Double-Swiss tournament does not have: exit 3, the option named, no file.
    let refused: [(&[&str], &str); 6] = [
        (&["--boards", "4"], "--boards"),
        (&["--team-rules", "FIDE_TEAM_TYPEB_MP_GP"], "--team-rules"),
        (&["--match-points", "3-1-0"], "--match-points"),
        (&["--board-colours", "WB"], "--board-colours"),
        (&["--half-byes", "0.1"], "--half-byes"),
        (&["--acceleration", "baku", "--points", "3-1-0"], "C.04.7 1.1"),
    ];
    for (args, words) in refused {
        let o = lexpair(&[&base[..], args, &["-o", out("refused.trf").as_str()]].concat());
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(3), "{args:?}: {err}");
        assert!(err.contains(words), "{args:?}: {err}");
        assert!(!dir.join("refused.trf").exists());
    }
    // --match-forfeit-rate is not for a system of single games.
    let o =
        lexpair(&["generate", "-s", "dutch-2026", "-n", "10", "-r", "3", "--seed", "1", "--match-forfeit-rate", "0.1"]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--match-forfeit-rate"));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn batch_simulate_runs_double_swiss_tournaments() {
    let dir = temp_dir("simulate");
    let d = dir.to_string_lossy().into_owned();
    let args = ["batch", "simulate", "-s", "double-2026", "-n", "14", "--matches", "5", "-k", "3", "-q", "-j", "2"];
    let rates = ["--absences", "0.05", "--forfeit-rate", "0.05", "--match-forfeit-rate", "0.05"];
    stdout(&lexpair(&[&args[..], &rates[..], &["--keep-trf", "-o", &d]].concat()));
    let csv = std::fs::read_to_string(dir.join("results.csv")).expect("results.csv");
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("header").split(',').collect();
    for column in [
        "players",
        "matches",
        "pairing_byes",
        "absences",
        "forfeited_matches",
        "forfeited_games",
        "colour_imbalance_max",
        "floats",
        "kendall_tau",
        "kendall_tau_tiebroken",
    ] {
        assert!(head.contains(&column), "{column}: {head:?}");
    }
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 3);
    let col = |row: &[&str], name: &str| -> f64 {
        row[head.iter().position(|h| *h == name).expect(name)].parse().unwrap_or(f64::NAN)
    };
    for row in &rows {
        // 14 players, 5 matches: at most 7 matches a round.
        assert!(col(row, "matches") <= 35.0 && col(row, "matches") >= 25.0, "{row:?}");
        assert!((-1.0..=1.0).contains(&col(row, "kendall_tau")), "{row:?}");
    }
    let kept: Vec<_> = std::fs::read_dir(dir.join("trf")).expect("trf").flatten().collect();
    assert_eq!(kept.len(), 3);
    replays_identically(&read_back(&std::fs::read_to_string(kept[0].path()).expect("kept")), "batch");
    // Double-Swiss and single-game systems do not mix in one batch.
    let o = lexpair(&["batch", "simulate", "-s", "double-2026", "-s", "dutch-2026", "-n", "12", "-r", "3", "-o", &d]);
    assert_eq!(o.status.code(), Some(3), "{}", String::from_utf8_lossy(&o.stderr));
    let _ = std::fs::remove_dir_all(&dir);
}

/// A player line of the encoding: `blocks` are the game columns, `  oooo c r` each.
fn player(id: u32, rating: u32, points: &str, rank: u32, blocks: &[&str]) -> String {
    format!(
        "001 {id:>4}      {:<33} {rating:>4}{:28}{points:>4} {rank:>4}{}\n",
        format!("Player{id:04}"),
        "",
        blocks.concat()
    )
}

/// Four players, two matches (finished: 142 = 4):
/// - match 1: 1 (White) - 3: game 1 won by 1 on forfeit, game 2 drawn: 1½-½, regularly played
///   (Preface: a forfeited single game is treated as played). 2 (White) - 4: 4 forfeits both
///   games, a match ended by forfeit: 2-0 for 2, no meeting;
/// - match 2: 2 (White) - 1: 2 wins game 1, game 2 drawn: 1½-½. 3 (White) - 4: 3 wins both.
///
/// Game points 1: 2, 2: 3½, 3: 2½, 4: 0; match points 1: 2, 2: 4, 3: 2, 4: 0; matches played
/// 1: 2, 2: 1, 3: 2, 4: 1.
fn hand_made() -> String {
    let mut s = String::from("012 Double-Swiss standings\n142 4\n152 W\n162  W 1.0    D 0.5    L 0.0    P 1.5\n");
    s.push_str("192 FIDE_DOUBLESWISS\n");
    s.push_str(&player(1, 2400, "2.0", 3, &["     3 w +", "     3 b =", "     2 b 0", "     2 w ="]));
    s.push_str(&player(2, 2300, "3.5", 1, &["     4 w +", "     4 b +", "     1 w 1", "     1 b ="]));
    s.push_str(&player(3, 2200, "2.5", 2, &["     1 b -", "     1 w =", "     4 w 1", "     4 b 1"]));
    s.push_str(&player(4, 2100, "0.0", 4, &["     2 b -", "     2 w -", "     3 b 0", "     3 w 0"]));
    s
}

fn row(rows: &[Row], id: u32) -> &Row {
    rows.iter().find(|r| r.id == id).expect("listed")
}

fn values(r: &Row) -> Vec<f64> {
    r.tiebreaks.iter().map(|v| v.map_or(f64::NAN, Value::to_f64)).collect()
}

#[test]
fn standings_rank_by_game_points_and_treat_a_forfeited_single_game_as_played() {
    let doc = trf::read_str(&hand_made(), "hand.trf", &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let ranked = |list: &str, edition| {
        let options = Options {
            tiebreaks: Some(TieBreak::parse_list(list).expect("codes")),
            edition: Some(edition),
            ..Options::default()
        };
        compute(&doc, &options).expect("standings").rows
    };
    let r = ranked("BH/C1,BH,SB,WIN,ARO", Edition::C2026);
    assert_eq!(r.iter().map(|x| (x.id, x.rank)).collect::<Vec<_>>(), [(2, 1), (3, 2), (1, 3), (4, 4)]);
    let facts = |id: u32| {
        let x = row(&r, id);
        (x.points.to_f64(), x.match_points.map(Value::to_f64), x.played)
    };
    assert_eq!(
        [facts(1), facts(2), facts(3), facts(4)],
        [(2.0, Some(2.0), 2), (3.5, Some(4.0), 1), (2.5, Some(2.0), 2), (0.0, Some(0.0), 1)]
    );
    // 1 met 3 (2½) and 2 (3½): BH 6, cut 1: 3½; SB 2½ × 1½ + 3½ × ½ = 5½; one match won; ARO
    // of 2200 and 2300 = 2250.
    assert_eq!(values(row(&r, 1)), vec![3.5, 6.0, 5.5, 1.0, 2250.0]);
    // 2's forfeit win over 4 (who forfeited both games: a match ended by forfeit) is a dummy
    // with 2's own 3½, capped since 2026 at 4's adjusted score 0 (C.07 16.4.1); then 1 (2): BH
    // 2, cut 1 (the dummy's 0): 2; SB 0 × 2 + 2 × 1½ = 3; two matches won; ARO of 1 alone: 2400.
    assert_eq!(values(row(&r, 2)), vec![2.0, 2.0, 3.0, 2.0, 2400.0]);
    // Before 2026 the dummy holds 3½: BH 5½, cut 1 (1's 2): 3½; SB 3½ × 2 + 2 × 1½ = 10.
    assert_eq!(values(row(&ranked("BH/C1,BH,SB", Edition::C2024), 2)), vec![3.5, 5.5, 10.0]);
    // 4's forfeited match: a dummy with its own 0 (a voluntary unplayed round, cut first,
    // 16.5); then 3 (2½): BH 2½, cut 1: 2½, SB 0; ARO 2200.
    assert_eq!(values(row(&r, 4)), vec![2.5, 2.5, 0.0, 0.0, 2200.0]);
    // Match points as a tie-break (the score that is not primary), and a ranking by match
    // points first, then game points.
    assert_eq!(values(row(&ranked("MPVGP", Edition::C2026), 3)), vec![2.0]);
    let r = ranked("MPTS,GPTS", Edition::C2026);
    assert_eq!((row(&r, 3).points.to_f64(), values(row(&r, 3))), (2.0, vec![2.5]));
    assert_eq!(r.iter().map(|x| x.id).collect::<Vec<_>>(), [2, 3, 1, 4]);
}

#[test]
fn cli_standings_of_a_double_swiss_file_in_text_csv_and_json() {
    let dir = temp_dir("standings");
    let hand = dir.join("hand.trf");
    std::fs::write(&hand, hand_made()).expect("written");
    let h = hand.to_string_lossy().into_owned();
    let text = stdout(&lexpair(&["standings", h.as_str()]));
    let mut lines = text.lines().skip_while(|l| !l.trim_start().starts_with("Rk"));
    let head: Vec<&str> = lines.next().expect("header").split_whitespace().collect();
    assert_eq!(
        head,
        ["Rk", "SNo", "Tit", "Name", "Fed", "FIDE", "ID", "Rtg", "MP", "GP", "BH-C1", "BH", "SB", "DE", "WIN"],
        "{text}"
    );
    let first: Vec<&str> = lines.next().expect("a line").split_whitespace().collect();
    assert_eq!(&first[..6], ["1", "2", "Player0002", "2300", "4", "3.5"], "{text}");
    let csv = stdout(&lexpair(&["standings", h.as_str(), "--format", "csv", "--tiebreaks", "mpvgp"]));
    assert_eq!(
        csv.lines().next(),
        Some("rank,id,title,name,federation,fide_id,rating,points,match_points,game_points,MPVGP")
    );
    assert_eq!(csv.lines().nth(1), Some("1,2,,Player0002,,,2300,3.5,4,3.5,4"), "{csv}");
    let json = stdout(&lexpair(&["standings", h.as_str(), "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let rows = v["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 4);
    assert_eq!((rows[2]["id"].as_u64(), rows[2]["points"].as_f64()), (Some(1), Some(2.0)));
    assert_eq!((rows[2]["match_points"].as_f64(), rows[2]["played"].as_u64()), (Some(2.0), Some(2)));
    // A generated tournament, finished: ranked by game points; every player's matches played
    // are its matches regularly played.
    let gen = dir.join("gen.trf");
    let g = gen.to_string_lossy().into_owned();
    stdout(&lexpair(&[
        "generate",
        "-s",
        "double-2026",
        "-n",
        "11",
        "-r",
        "4",
        "--seed",
        "9",
        "--forfeit-rate",
        "0.1",
        "--match-forfeit-rate",
        "0.1",
        "-o",
        g.as_str(),
    ]));
    let json = stdout(&lexpair(&["standings", g.as_str(), "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let rows = v["standings"].as_array().expect("rows");
    assert_eq!(rows.len(), 11);
    let points: Vec<f64> = rows.iter().filter_map(|r| r["points"].as_f64()).collect();
    assert!(points.windows(2).all(|w| w[0] >= w[1]), "{points:?}");
    let doc = read_back(&std::fs::read_to_string(&gen).expect("generated"));
    let fin = lexpair::double::through_round(&doc, 4).expect("state");
    for r in rows {
        let id = r["id"].as_u64().expect("id") as u32;
        let p = &fin.players[fin.index_of(id).expect("player")];
        assert_eq!(r["played"].as_u64(), Some(u64::from(p.matches_played)));
        assert_eq!(r["points"].as_f64(), Some(p.score.0 as f64 / 10.0));
    }
    let _ = std::fs::remove_dir_all(&dir);
}
