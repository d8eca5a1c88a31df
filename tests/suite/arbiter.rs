//! An arbiter's round with lexpair: the list to post (`pair --format list|html|json`), the
//! explanation kept out of the pairs file, and the results entered by board (`lexpair results`)
//! back into a file the next round is paired from. The results of generated events (players,
//! teams, Double-Swiss) are read off their final files and entered into the round as `pair`
//! wrote it: the file must come back as generated.

use crate::common;

use common::lexpair;
use lexpair::generate::{generate, Field, GenerateConfig};
use lexpair::results::recorded_round;
use lexpair::round::Field as Units;
use lexpair::trf::{read_str, ReadOptions, ResultCode, TrfDocument};
use lexpair::vocabulary::System;
use std::path::PathBuf;

const OPEN: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
const TEAMS: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/team-r4.trf");

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-arbiter-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("a folder");
    d
}

fn ok(o: &std::process::Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_list_to_post_names_every_board_the_bye_and_who_is_not_paired() {
    // open-r5 with player 20 announcing a half-point bye for round 5.
    let text = std::fs::read_to_string(OPEN).expect("example");
    let with_bye: String = text
        .lines()
        .map(|l| if l.starts_with("001   20") { format!("{l}  0000 - H\n") } else { format!("{l}\n") })
        .collect();
    let d = dir("list");
    let file = d.join("r5.trf");
    std::fs::write(&file, with_bye).expect("written");
    let f = file.display().to_string();
    let list = ok(&lexpair(&["pair", "-s", "dutch-2026", &f, "--format", "list"]));
    let pairs = ok(&lexpair(&["pair", "-s", "dutch-2026", &f]));
    let mut lines = list.lines().skip_while(|l| !l.trim_start().starts_with("Bd"));
    let head: Vec<&str> = lines.next().expect("a header").split_whitespace().collect();
    assert_eq!(head, ["Bd", "No", "Tit", "White", "Rtg", "Pts", "Result", "Pts", "Tit", "Black", "Rtg", "No"]);
    // Every board of the pairs file, in the same order, with names, ratings and points.
    let doc =
        read_str(&std::fs::read_to_string(&file).expect("file"), "r5.trf", &ReadOptions::default()).expect("reads");
    for (k, pair) in pairs.lines().skip(1).filter(|l| !l.ends_with(" 0")).enumerate() {
        let ids: Vec<u32> = pair.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        let row = lines.next().expect("a board");
        let cells: Vec<&str> = row.split_whitespace().collect();
        assert_eq!(cells[0], (k + 1).to_string(), "{row}");
        assert_eq!(
            (cells[1], cells[cells.len() - 1]),
            (ids[0].to_string().as_str(), ids[1].to_string().as_str()),
            "{row}"
        );
        let white = doc.player(ids[0]).expect("white");
        assert!(row.contains(white.name.trim()) && row.contains(&white.rating.to_string()), "{row}");
        let points = lexpair::standings::Value::points(white.points.expect("points")).to_string();
        assert!(row.contains(&format!(" {points} ")), "{row}: {points} points");
    }
    // 22 players present: no bye; player 20 below the boards with his half-point bye.
    assert!(!list.contains("Pairing-allocated bye"), "{list}");
    assert!(list.contains("Not paired:") && list.contains("20 Test0020 Player0020 (half-point bye)"), "{list}");
    let plain = ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN, "--format", "list"]));
    assert!(plain.contains("Pairing-allocated bye: 18 Test0018 Player0018 (1 point)"), "{plain}");
    // JSON: the same boards with names, titles, ratings and points; the absent with their bye.
    let json = ok(&lexpair(&["pair", "-s", "dutch-2026", &f, "--format", "json"]));
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    let b1 = &v["boards"][0];
    let w = doc.player(b1["white"].as_u64().expect("id") as u32).expect("white");
    assert_eq!(b1["white_name"].as_str(), Some(w.name.trim()));
    assert_eq!(b1["white_rating"].as_u64(), Some(u64::from(w.rating)));
    assert!(b1["black_points"].is_number(), "{b1}");
    assert_eq!(v["absent"][0]["id"].as_u64(), Some(20));
    // HTML: the same list, self-contained, the explanation folded under it per bracket.
    let html = ok(&lexpair(&["pair", "-s", "dutch-2026", &f, "--format", "html", "--explain"]));
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<details><summary>bracket 1"), "{html}");
    assert!(!html.contains("<script") && !html.contains("http"), "self-contained");
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_team_list_shows_each_match_with_its_boards() {
    let list = ok(&lexpair(&["pair", "-s", "team-2026", TEAMS, "--format", "list"]));
    // Match 1 (teams 3 and 2), then its four boards 1.1-1.4 with the players' names.
    let rows: Vec<&str> = list.lines().skip_while(|l| !l.trim_start().starts_with("Bd")).skip(1).collect();
    assert!(
        rows[0].trim_start().starts_with("1 ") && rows[0].contains("Team 3") && rows[0].contains("Team 2"),
        "{list}"
    );
    for (k, row) in rows[1..5].iter().enumerate() {
        assert!(row.trim_start().starts_with(&format!("1.{}", k + 1)), "{list}");
        assert!(row.contains("T3B") && row.contains("T2B"), "{row}");
    }
}

#[test]
fn the_explanation_never_goes_into_the_pairs_file() {
    let d = dir("explain");
    let out = d.join("pairs.txt");
    let o = out.display().to_string();
    let shown = ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN, "-o", &o, "--explain", "--why-bye", "18"]));
    let pairs = std::fs::read_to_string(&out).expect("written");
    let plain = ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN]));
    assert_eq!(pairs, plain, "the engines' format alone");
    assert!(shown.contains("Bracket 1") && shown.contains("why the bye and 18"), "{shown}");
    let why = d.join("why.txt");
    let w = why.display().to_string();
    let shown = ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN, "-o", &o, "--explain", "--explain-file", &w]));
    assert!(shown.is_empty(), "{shown}");
    assert!(std::fs::read_to_string(&why).expect("written").contains("Bracket 1"));
    assert_eq!(std::fs::read_to_string(&out).expect("written"), plain);
    let _ = std::fs::remove_dir_all(&d);
}

/// The result of a board as an arbiter writes it, from White's and Black's codes.
fn written(white: ResultCode, black: ResultCode) -> &'static str {
    use ResultCode::*;
    match (white, black) {
        (Win | UnratedWin, _) => "1-0",
        (Loss | UnratedLoss, Win | UnratedWin) => "0-1",
        (Draw | UnratedDraw, _) => "1/2",
        (ForfeitWin, _) => "+-",
        (ForfeitLoss, ForfeitWin) => "-+",
        (ForfeitLoss, ForfeitLoss) => "--",
        (Loss, Loss) => "0-0",
        other => panic!("no result for {other:?}"),
    }
}

/// The results file of round `round` of the finished `fin`, boards numbered as the list does.
fn results_of(fin: &TrfDocument, round: u32) -> String {
    let (event, pairing) = recorded_round(fin, round).expect("recorded");
    let field = event.field();
    let code = |id: u32, column: u32| {
        fin.player(id)
            .and_then(|p| p.rounds.get(column as usize - 1).copied().flatten())
            .map(|e| e.result)
            .expect("an entry")
    };
    let mut out = String::from("# results, White's first\n");
    for (k, b) in pairing.boards.iter().enumerate() {
        let (w, bl) = (field.id(b.white), field.id(b.black));
        match field {
            Units::Players(_) => out.push_str(&format!("{} {}\n", k + 1, written(code(w, round), code(bl, round)))),
            Units::Double(_) => {
                let (c1, c2) = lexpair::double::encoding::columns(round);
                out.push_str(&format!(
                    "{} {} {}\n",
                    k + 1,
                    written(code(w, c1), code(bl, c1)),
                    written(code(bl, c2), code(w, c2))
                ));
            }
            Units::Teams(t) => {
                let lines =
                    lexpair::team::lineup::matches(t, &lexpair::pairing::RoundPairing { boards: vec![*b], bye: None });
                for (g, bd) in lines[0].boards.iter().enumerate() {
                    out.push_str(&format!(
                        "{}.{} {}\n",
                        k + 1,
                        g + 1,
                        written(code(bd.white, round), code(bd.black, round))
                    ));
                }
            }
        }
    }
    out
}

fn entered_back(system: System, players: usize, boards: usize, seed: u64) {
    let mut cfg = GenerateConfig::new(system, Field::Random { players, min_rating: 1400, max_rating: 2500 }, 5, seed);
    cfg.forfeit_rate = 0.05;
    cfg.team.boards = boards;
    let g = generate(&cfg).expect("generated");
    let fin = g.document;
    let d = dir(&format!("results-{}", system.name()));
    let full = d.join("full.trf");
    std::fs::write(&full, lexpair::trf::write(&fin, fin.flavor)).expect("written");
    let f = full.display().to_string();
    let pending = d.join("pending.trf");
    let p = pending.display().to_string();
    ok(&lexpair(&["pair", "-s", system.name(), &f, "--round", "5", "--format", "trf", "-o", &p]));
    let results = d.join("results.txt");
    std::fs::write(&results, results_of(&fin, 5)).expect("written");
    let done = d.join("done.trf");
    let r = results.display().to_string();
    let o = done.display().to_string();
    let out = lexpair(&["results", &p, "--from", &r, "-o", &o]);
    ok(&out);
    assert!(String::from_utf8_lossy(&out.stderr).is_empty(), "every board has its result");
    let back = read_str(&std::fs::read_to_string(&done).expect("written"), "done.trf", &ReadOptions::default())
        .expect("reads");
    for p in &fin.players {
        let q = back.player(p.id).expect("player");
        assert_eq!((p.id, &q.rounds, q.points), (p.id, &p.rounds, p.points), "{}: as generated", system.name());
    }
    for t in &fin.teams {
        let u = back.team(t.tpn).expect("team");
        assert_eq!((u.match_points, u.game_points), (t.match_points, t.game_points), "team {}", t.tpn);
    }
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn results_entered_by_board_give_back_the_played_round() {
    entered_back(System::Dutch2026, 21, 1, 7);
    entered_back(System::SwissTeam2026, 9, 4, 3);
    entered_back(System::DoubleSwiss2026, 13, 1, 5);
}

#[test]
fn results_the_round_cannot_take_are_refused_naming_the_line() {
    let d = dir("bad-results");
    let pending = d.join("r5.trf");
    let p = pending.display().to_string();
    ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN, "--format", "trf", "-o", &p]));
    let out = d.join("out.trf");
    let o = out.display().to_string();
    for (text, says) in [
        ("1 1-0\n12 1/2\n", "results.txt:2: round 5 has 11 boards, not 12; player 18 has the pairing-allocated bye"),
        ("1 1-0\n1 0-1\n", "results.txt:2: board 1 has a result already on line 1"),
        ("3 2-0\n", "results.txt:1:3: result '2-0' is not one of"),
        ("x 1-0\n", "results.txt:1:1: board: 'x' is not a number"),
        ("1.2 1-0\n", "board 1.2 is one game"),
    ] {
        let r = d.join("results.txt");
        std::fs::write(&r, text).expect("written");
        let res = lexpair(&["results", &p, "--from", &r.display().to_string(), "-o", &o]);
        assert_eq!(res.status.code(), Some(3), "{text}");
        let err = String::from_utf8_lossy(&res.stderr);
        assert!(err.contains(says), "{text}: {err}");
        assert!(!out.exists(), "{text}: nothing written");
    }
    // A round not paired yet.
    let r = d.join("results.txt");
    std::fs::write(&r, "1 1-0\n").expect("written");
    let res = lexpair(&["results", OPEN, "--round", "5", "--from", &r.display().to_string(), "-o", &o]);
    assert_eq!(res.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&res.stderr).contains("round 5 cannot take results: the last round paired is 4"));
    // Some boards only: written, the rest named as still pending; then pairing the next round
    // is refused until they are entered.
    std::fs::write(&r, "1 1-0\n2 0-1\n").expect("written");
    let res = lexpair(&["results", &p, "--from", &r.display().to_string(), "-o", &o]);
    assert_eq!(res.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&res.stderr).contains("still no result for board(s) 3, 4, 5"),
        "{}",
        String::from_utf8_lossy(&res.stderr)
    );
    let res = lexpair(&["pair", "-s", "dutch-2026", &o]);
    assert_eq!(res.status.code(), Some(3));
    // The rest entered into that file itself (the tournament's next state replaces it whole).
    std::fs::write(&r, "3 1-0\n4 1/2\n5 0-1\n6 1-0\n7 1-0\n8 1/2\n9 0-1\n10 1-0\n11 1/2\n").expect("written");
    let res = lexpair(&["results", &o, "--from", &r.display().to_string(), "-o", &o]);
    assert_eq!(res.status.code(), Some(0), "{}", String::from_utf8_lossy(&res.stderr));
    ok(&lexpair(&["pair", "-s", "dutch-2026", &o]));
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_blank_field_in_a_played_round_is_a_player_not_paired() {
    // A generated event with absences ("0000 - Z"), the absences then written as JaVaFo's own
    // generator writes a withdrawn player's rounds: blank fields. Replayed, every round is still
    // the one recorded (bbpPairings and JaVaFo read a blank field of a played round as "not
    // paired"); before, the blank players were paired.
    let mut cfg = GenerateConfig::new(
        System::Dutch2026,
        Field::Random { players: 30, min_rating: 1400, max_rating: 2500 },
        7,
        11,
    );
    cfg.zero_bye_rate = 0.12;
    let g = generate(&cfg).expect("generated");
    let text = lexpair::trf::write(&g.document, g.document.flavor);
    let blanked: String = text
        .lines()
        .map(|l| {
            if l.starts_with("001") {
                format!("{}\n", l.replace("  0000 - Z", "          ").trim_end())
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let absences = text.matches("0000 - Z").count();
    assert!(absences >= 10 && !blanked.contains("0000 - Z"), "{absences} absences blanked");
    let d = dir("blank");
    let file = d.join("blank.trf");
    std::fs::write(&file, &blanked).expect("written");
    let f = file.display().to_string();
    let out = ok(&lexpair(&["check", "-s", "dutch-2026", &f]));
    assert!(out.trim_end().ends_with("identical 7/7"), "{out}");
    // The recorded rounds are legal for the checker too.
    let round3 = d.join("round3.txt");
    let doc = read_str(&blanked, "blank.trf", &ReadOptions::default()).expect("reads");
    let (event, pairing) = recorded_round(&doc, 3).expect("round 3");
    std::fs::write(&round3, event.field().pairs_text(&pairing)).expect("written");
    let v = lexpair(&["verify", "-s", "dutch-2026", &f, &round3.display().to_string(), "--round", "3"]);
    assert_eq!(v.status.code(), Some(0), "{}", String::from_utf8_lossy(&v.stdout));
    let _ = std::fs::remove_dir_all(&d);
}

/// The pairs of a pairs file, the bye as `(id, 0)`.
fn pairs_of(text: &str) -> Vec<(u32, u32)> {
    text.lines()
        .skip(1)
        .map(|l| {
            let v: Vec<u32> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
            (v[0], v[1])
        })
        .collect()
}

#[test]
fn the_arbiters_pairs_and_boards_are_kept_and_the_rest_paired_by_the_rules() {
    let d = dir("decisions");
    // A pair made by hand: 1 against 3 (White 1). The rest of the round is what the rules give
    // the field without them: the same file with 1 and 3 absent.
    let text = std::fs::read_to_string(OPEN).expect("example");
    let without: String = text
        .lines()
        .map(|l| {
            if l.starts_with("001    1 ") || l.starts_with("001    3 ") {
                format!("{l}  0000 - Z\n")
            } else {
                format!("{l}\n")
            }
        })
        .collect();
    let absent = d.join("absent.trf");
    std::fs::write(&absent, without).expect("written");
    let rest = pairs_of(&ok(&lexpair(&["pair", "-s", "dutch-2026", &absent.display().to_string()])));
    let o = lexpair(&["pair", "-s", "dutch-2026", OPEN, "--pre-paired", "1-3"]);
    let decided = pairs_of(&ok(&o));
    assert!(decided.contains(&(1, 3)), "{decided:?}");
    let mut others: Vec<(u32, u32)> = decided.iter().copied().filter(|&p| p != (1, 3)).collect();
    let mut expected = rest.clone();
    others.sort_unstable();
    expected.sort_unstable();
    assert_eq!(others, expected, "the rest as the rules pair it");
    // 1 had White twice in a row: the checker names the rule the arbiter's pair breaks.
    let warned = String::from_utf8_lossy(&o.stderr);
    assert!(warned.contains("break C.04.3 (2026) 2.1.3 [C3], C.04.1 Art. 7 (players 1)"), "{warned}");
    // A rematch by hand is told too (1 and 2 met in round 4).
    let o = lexpair(&["pair", "-s", "dutch-2026", OPEN, "--pre-paired", "1-2", "--format", "json"]);
    let v: serde_json::Value = serde_json::from_str(&ok(&o)).expect("json");
    assert!(v["arbiter_breaks"][0].as_str().is_some_and(|s| s.contains("C.04.1 Art. 2 (players 1, 2)")), "{v}");
    // Player 22's pair on board 1, the others after it in their order.
    let plain = pairs_of(&ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN])));
    let fixed = pairs_of(&ok(&lexpair(&["pair", "-s", "dutch-2026", OPEN, "--fix-board", "22=1"])));
    let at = plain.iter().position(|&(w, b)| w == 22 || b == 22).expect("22 plays");
    let mut moved = plain.clone();
    let p = moved.remove(at);
    moved.insert(0, p);
    assert_eq!(fixed, moved);
    // Decisions about a player who is not to be paired, or unknown: exit 3 naming his line.
    let out = d.join("out.txt");
    for (flag, value, says) in [
        ("--fix-board", "18=1", "player 18 has the pairing-allocated bye"),
        ("--fix-board", "99=1", "--fix-board 99=1: player 99 is not in the tournament"),
        ("--pre-paired", "1-1", "pairs player 1 with itself"),
    ] {
        let o = lexpair(&["pair", "-s", "dutch-2026", OPEN, flag, value, "-o", &out.display().to_string()]);
        assert_eq!(o.status.code(), Some(3), "{flag} {value}");
        assert!(String::from_utf8_lossy(&o.stderr).contains(says), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(!out.exists());
    }
    let o = lexpair(&["pair", "-s", "dutch-2026", &absent.display().to_string(), "--fix-board", "3=2"]);
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("absent.trf:6: --fix-board 3=2: player 3 is absent from round 5")
    );
    let _ = std::fs::remove_dir_all(&d);
}

#[test]
fn a_late_entry_takes_the_pairing_number_its_rating_gives() {
    // Player 24 (2700) arrives in round 5 after four zero-point rounds. --renumber ranks him
    // first (C.04.2 2.2), as if the file had numbered the players by rating: the same pairing as
    // that file's, its ids mapped back.
    let text = std::fs::read_to_string(OPEN).expect("example");
    let late = "001   24      Late Arrival                      2700                             0.0   24  0000 - Z  0000 - Z  0000 - Z  0000 - Z";
    let d = dir("late");
    let file = d.join("late.trf");
    std::fs::write(&file, format!("{text}{late}\n")).expect("written");
    let renumbered = pairs_of(&ok(&lexpair(&["pair", "-s", "dutch-2026", &file.display().to_string(), "--renumber"])));
    // The same event numbered by rating from the start: 24 -> 1, k -> k + 1.
    let shift = |id: u32| if id == 24 { 1 } else { id + 1 };
    let mut lines = Vec::new();
    for l in format!("{text}{late}\n").lines() {
        if !l.starts_with("001") {
            lines.push(l.to_string());
            continue;
        }
        let mut s = l.to_string();
        let id: u32 = l[4..8].trim().parse().expect("id");
        s.replace_range(4..8, &format!("{:>4}", shift(id)));
        let mut k = 91;
        while k + 4 <= s.len() {
            if let Ok(o) = s[k..k + 4].trim().parse::<u32>() {
                if o > 0 {
                    s.replace_range(k..k + 4, &format!("{:>4}", shift(o)));
                }
            }
            k += 10;
        }
        lines.push(s);
    }
    let by_rating = d.join("by-rating.trf");
    std::fs::write(&by_rating, lines.join("\n") + "\n").expect("written");
    let plain = pairs_of(&ok(&lexpair(&["pair", "-s", "dutch-2026", &by_rating.display().to_string()])));
    let back = |id: u32| {
        if id == 1 {
            24
        } else if id == 0 {
            0
        } else {
            id - 1
        }
    };
    let mapped: Vec<(u32, u32)> = plain.iter().map(|&(w, b)| (back(w), back(b))).collect();
    assert_eq!(renumbered, mapped);
    assert!(renumbered.iter().any(|&(w, b)| w == 24 || b == 24), "the late entry is paired");
    let _ = std::fs::remove_dir_all(&d);
}
