//! `lexpair standings` and `lexpair::standings`: values worked out by hand from tests/data/trf
//! (each figure derived in its comment), the values FIDE's reference engine gives real events
//! (tests/data/standings/gacrux.json, made by benches/standings/golden.py), the places where the
//! text of C.07 and that engine part (each with its article), and the command line: formats,
//! the file's own list, bad requests.

use crate::common;

use common::lexpair;
use lexpair::standings::{compute, Edition, Options, Row, Standings, TieBreak, Value};
use lexpair::trf::{read_file, read_str, ReadOptions, TrfDocument};
use std::path::{Path, PathBuf};

fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/trf").join(name)
}

fn doc(name: &str) -> TrfDocument {
    read_file(&data(name), &ReadOptions::default()).expect("readable")
}

fn rank(doc: &TrfDocument, list: &str, edition: Edition) -> Standings {
    let options = Options {
        tiebreaks: Some(TieBreak::parse_list(list).expect("codes")),
        edition: Some(edition),
        ..Options::default()
    };
    compute(doc, &options).unwrap_or_else(|e| panic!("{e}"))
}

fn row(s: &Standings, id: u32) -> &Row {
    s.rows.iter().find(|r| r.id == id).expect("listed")
}

fn values(s: &Standings, id: u32) -> Vec<f64> {
    row(s, id).tiebreaks.iter().map(|v| v.map_or(f64::NAN, Value::to_f64)).collect()
}

#[test]
fn unplayed_rounds_count_as_article_16_says_in_both_editions() {
    // forfeits_byes.trf, 3 rounds of 4 played; scores 1: 2.5, 2: 1.5, 3: 2, 4: 1, 5: 1.5, 6: 1.
    // Nobody's unplayed round is a trailing requested bye, so every adjusted score (16.3) is
    // the score itself.
    let d = doc("forfeits_byes.trf");
    let s = rank(&d, "BH/C1,BH,SB,WIN", Edition::C2026);
    // Anna (1) played 4 (1), 2 (1.5), 3 (2): BH 4.5, cut the lowest: 3.5; SB 1 + 1.5 + 1.
    assert_eq!(values(&s, 1), vec![3.5, 4.5, 3.5, 2.0]);
    // Carl (3) won by forfeit over 6: a dummy with his own 2, capped since 2026 at 6's 1
    // (16.4.1); then 4 (1) and 1 (2.5) drawn: BH 4.5, C1 3.5; SB 1 + ½ + 1.25.
    assert_eq!(values(&s, 3), vec![3.5, 4.5, 2.75, 1.0]);
    // Emil (5): 2 (1.5), a half-point bye (a dummy with 1.5, the cap 0.5 x 3 rounds is 1.5),
    // 4 (1): BH 4; Cut-1 takes the bye's contribution (a VUR, not lower than the least
    // significant 1, 16.5.1): 2.5; SB ½ of each: 2.
    assert_eq!(values(&s, 5), vec![2.5, 4.0, 2.0, 0.0]);
    // Fay (6): a forfeit loss to 3 (dummy min(1, 2) = 1), the PAB (dummy min(1, 1.5) = 1),
    // lost to 2 (1.5): BH 3.5, C1 takes the forfeit loss (a VUR): 2.5; SB 1 from the PAB; the
    // PAB is a win's points: WIN 1.
    assert_eq!(values(&s, 6), vec![2.5, 3.5, 1.0, 1.0]);
    // Bob (2) and Emil tie on 1.5: BH-C1 4 against 2.5; Dora (4) and Fay on 1: 4.5 against 2.5.
    assert_eq!(
        s.rows.iter().map(|r| (r.id, r.rank)).collect::<Vec<_>>(),
        [(1, 1), (3, 2), (2, 3), (5, 4), (4, 5), (6, 6)]
    );
    // Before 2026 the dummy holds the player's own score (16.4 of 2024): Carl's forfeit win
    // counts 2: BH 5.5, C1 4.5, SB 3.75.
    assert_eq!(values(&rank(&d, "BH/C1,BH,SB,WIN", Edition::C2024), 3), vec![4.5, 5.5, 3.75, 1.0]);
}

#[test]
fn an_opponents_trailing_byes_count_as_draws_for_his_opponents() {
    // 16.3.2: Moscow Open 2018 #17 met #79, who withdrew with four zero-point byes; those
    // rounds count as draws for the opponents' Buchholz: BH 47.5 (45.5 when they count 0).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/realdata/tiebreak__2018-moscow-open.trf");
    let d = read_file(&path, &ReadOptions::default()).expect("readable");
    let s = compute(&d, &Options { tiebreaks: Some(TieBreak::parse_list("BH").expect("code")), ..Options::default() })
        .expect("standings");
    assert_eq!(s.edition, Edition::C2024, "the event started 2018-01-26: {}", s.edition_reason);
    assert_eq!(values(&s, 17), vec![47.5]);
}

#[test]
fn direct_encounter_orders_the_tied_and_6_3_leaves_a_tie_nobody_can_escape() {
    // 1 and 2 both have 1 point; 1 beat 2 in round 1: DE places 1 first (1) and 2 second (2)
    // within their group; 3 and 4 were alone on their scores (0: nobody separated).
    let s = rank(&doc("direct_encounter.trf"), "DE", Edition::C2026);
    assert_eq!(s.rows.iter().map(|x| (x.id, x.rank)).collect::<Vec<_>>(), [(3, 1), (1, 2), (2, 3), (4, 4)]);
    assert_eq!((values(&s, 1), values(&s, 2), values(&s, 3)), (vec![1.0], vec![2.0], vec![0.0]));
    // In forfeits_byes.trf 2 and 5 (1.5) drew: still tied. 4 and 6 (1 point) never met, so
    // 6.3: neither is ahead whatever their missing game's result (0 against a best of 1).
    let s = rank(&doc("forfeits_byes.trf"), "DE", Edition::C2026);
    assert_eq!(
        s.rows.iter().map(|x| (x.id, x.rank)).collect::<Vec<_>>(),
        [(1, 1), (3, 2), (2, 3), (5, 3), (4, 5), (6, 5)]
    );
}

/// `text` with the line starting `start` replaced (or appended).
fn with_line(text: &str, start: &str, line: &str) -> String {
    let mut out: Vec<String> = text.lines().filter(|l| !l.starts_with(start)).map(str::to_string).collect();
    out.insert(1, line.to_string());
    out.join("\n") + "\n"
}

fn read_text(text: &str) -> TrfDocument {
    read_str(text, "t.trf", &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn the_edition_follows_the_start_date() {
    let base = std::fs::read_to_string(data("forfeits_byes.trf")).expect("readable");
    let edition = |date: &str| {
        let d = read_text(&with_line(&base, "042", &format!("042 {date}")));
        compute(&d, &Options::default()).expect("standings").edition
    };
    assert_eq!(edition("2026/02/28"), Edition::C2024);
    assert_eq!(edition("2026/03/01"), Edition::C2026);
    assert_eq!(edition("28.02.2026"), Edition::C2024);
    // No readable date: the rules in force now, as FIDE's reference engine decides.
    assert_eq!(edition("soon"), Edition::C2026);
    let s = compute(&doc("forfeits_byes.trf"), &Options::default()).expect("standings");
    assert!(s.edition_reason.contains("no start date"), "{}", s.edition_reason);
}

#[test]
fn where_the_text_and_the_reference_engine_part() {
    let base = std::fs::read_to_string(data("forfeits_byes.trf")).expect("readable");
    // 7.7 Standard Points: "the same number of points as their scheduled opponent" -> ½ for a
    // double forfeit (both players "-", 0 against 0); Gacrux compares with a draw's points: 0.
    let double = base.replace("     6 w +", "     6 w -").replace(
        "001    3 m    Charlie, Carl                     2200 NOR     1000003 1990/01/03  2.0",
        "001    3 m    Charlie, Carl                     2200 NOR     1000003 1990/01/03  1.0",
    );
    let d = read_text(&double);
    let s = rank(&d, "STD", Edition::C2026);
    // Fay: ½ (double forfeit) + 1 (PAB, more than a draw) + 0 (lost) = 1.5.
    assert_eq!(values(&s, 6), vec![1.5]);
    assert_eq!(values(&s, 3), vec![1.5]); // ½ + ½ + ½

    // 7.8 TPN: the tournament pairing number. With `XXC rank` (JaVaFo's extension) that is
    // the position in the file, not the starting rank; Gacrux reads the starting rank.
    let swapped = with_line(&base, "XXC", "XXC rank");
    let lines: Vec<&str> = swapped.lines().collect();
    let (p1, p2) =
        (lines.iter().position(|l| l.starts_with("001    1")), lines.iter().position(|l| l.starts_with("001    2")));
    let mut lines: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    if let (Some(a), Some(b)) = (p1, p2) {
        lines.swap(a, b);
    }
    let d = read_text(&(lines.join("\n") + "\n"));
    let s = rank(&d, "TPN", Edition::C2026);
    assert_eq!((values(&s, 1), values(&s, 2)), (vec![2.0], vec![1.0]));

    // 15.2: in pre-determined pairings a forfeit win is treated as a game (WON, BPG count it),
    // a forfeit loss stays unplayed; Gacrux counts games over the board only.
    let options = Options {
        tiebreaks: Some(TieBreak::parse_list("WON,REP").expect("codes")),
        edition: Some(Edition::C2026),
        pre_determined: Some(true),
        ..Options::default()
    };
    let s = compute(&doc("forfeits_byes.trf"), &options).expect("standings");
    assert_eq!(values(&s, 3), vec![1.0, 3.0], "Carl's forfeit win is a game won");
    assert_eq!(values(&s, 6), vec![0.0, 2.0], "Fay's forfeit loss is not a round elected to play");
    // C.07 (2026) Article 8, note: no Buchholz in round robins.
    let options = Options { tiebreaks: Some(TieBreak::parse_list("BH").expect("code")), ..options };
    let e = compute(&doc("forfeits_byes.trf"), &options).expect_err("refused");
    assert!(e.contains("Article 8") && e.contains("round-robins"), "{e}");

    // XXR 4 with 3 rounds played: the standings are after round 3; Gacrux, without -n 3, ranks
    // after round 4 with an unplayed round for everybody (a zero-point bye, counted as a draw for
    // every opponent by 16.3.2).
    let s = compute(&doc("forfeits_byes.trf"), &Options::default()).expect("standings");
    assert_eq!((s.round, s.rounds), (3, Some(4)));
}

#[test]
fn ratings_need_a_rating_for_the_unrated() {
    let base = std::fs::read_to_string(data("forfeits_byes.trf")).expect("readable");
    let unrated = base.replace("Foxtrot, Fay                      1900", "Foxtrot, Fay                          ");
    let d = read_text(&unrated);
    let options = Options { tiebreaks: Some(TieBreak::parse_list("ARO,TPR").expect("codes")), ..Options::default() };
    let e = compute(&d, &options).expect_err("refused");
    assert!(e.contains("ARO") && e.contains("participant (6)") && e.contains("--unrated-rating"), "{e}");
    // With the tournament's rating for the unrated (1000): Carl's games are against 4 (2100)
    // and 1 (2400) (the forfeit is no game): ARO 2250; Bob's against 5 (2000), 1 (2400) and 6
    // (1000; the short game "W" was played): 1800.
    let s = compute(&d, &Options { unrated_rating: Some(1000), ..options }).expect("standings");
    assert_eq!(values(&s, 3)[0], 2250.0);
    assert_eq!(values(&s, 2)[0], 1800.0);
}

fn stdout(o: &std::process::Output) -> String {
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn the_command_prints_text_csv_json_html_and_the_file_with_its_ranks() {
    let file = data("forfeits_byes.trf").display().to_string();
    let text = stdout(&lexpair(&["standings", &file, "--rules", "2026"]));
    assert!(text.contains("C.07 2026 rules, as asked"), "{text}");
    let head = text.lines().find(|l| l.trim_start().starts_with("Rk")).expect("a table");
    assert!(head.contains("BH-C1") && head.contains("Fed") && head.contains("FIDE ID"), "{text}");
    assert!(text.contains("Charlie, Carl") && text.contains("1000003") && text.contains("2.75"), "{text}");

    let csv = stdout(&lexpair(&["standings", &file, "--tiebreaks", "sb,bh-c1", "--format", "csv", "--rules", "2024"]));
    assert_eq!(csv.lines().next(), Some("rank,id,title,name,federation,fide_id,rating,points,SB,BH/C1"));
    assert_eq!(csv.lines().nth(2), Some("2,3,,\"Charlie, Carl\",NOR,1000003,2200,2,3.75,4.5"));

    let json = stdout(&lexpair(&["standings", &file, "--format", "json", "--tiebreaks", "BH/C1,BH"]));
    let v: serde_json::Value = serde_json::from_str(&json).expect("json");
    assert_eq!(v["tiebreaks"], serde_json::json!(["BH/C1", "BH"]));
    assert_eq!((v["standings"][0]["id"].as_u64(), v["standings"][0]["points"].as_f64()), (Some(1), Some(2.5)));
    assert_eq!(v["standings"][0]["tiebreaks"], serde_json::json!([3.5, 4.5]));

    let html = stdout(&lexpair(&["standings", &file, "--format", "html"]));
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<table>") && html.contains("Charlie, Carl"));
    assert!(!html.contains("http") && !html.contains("<script"), "self-contained, no script");

    // The file with the ranks and a 212 record; read again, its list is the one used.
    let trf = stdout(&lexpair(&["standings", &file, "--format", "trf", "--tiebreaks", "SB,BH"]));
    assert!(trf.lines().any(|l| l == "212 PTS,SB,BH"), "{trf}");
    let back = read_text(&trf);
    let s = compute(&back, &Options::default()).expect("standings");
    assert_eq!(s.tiebreaks.iter().map(TieBreak::code).collect::<Vec<_>>(), ["SB", "BH"]);
    assert_eq!(s.list_source, "the file's 212 record");
    assert_eq!(
        back.player(5).and_then(|p| p.rank),
        Some(s.rows.iter().find(|r| r.id == 5).map(|r| r.rank).unwrap_or(0))
    );
}

#[test]
fn bad_requests_exit_3_and_write_nothing() {
    let file = data("forfeits_byes.trf").display().to_string();
    let dir = std::env::temp_dir().join(format!("lexpair-standings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a folder");
    let out = dir.join("out.txt");
    let o = out.display().to_string();
    for (args, says) in [
        (vec!["--tiebreaks", "bh,median"], "unknown tie-break 'median'"),
        (vec!["--tiebreaks", "WIN/C1"], "does not apply to WIN"),
        (vec!["--tiebreaks", "gp"], "MPVGP"),
        (vec!["--tiebreaks", "EDE"], "need a team file"),
        (vec!["--rules", "2025"], "unknown C.07 edition"),
        (vec!["--round", "4"], "rounds 1-3 are"),
    ] {
        let mut all = vec!["standings", file.as_str(), "-o", o.as_str()];
        all.extend(args.iter().copied());
        let r = lexpair(&all);
        assert_eq!(r.status.code(), Some(3), "{args:?}");
        let err = String::from_utf8_lossy(&r.stderr);
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(!out.exists(), "{args:?}: nothing written");
    }
    let r = lexpair(&["standings", file.as_str(), "--tiebreaks", "bh,median"]);
    assert!(String::from_utf8_lossy(&r.stderr).contains("known: PTS"), "the known codes are listed");
    let _ = std::fs::remove_dir_all(&dir);
}

/// Gacrux's values at its printed precision.
fn as_written(v: Option<Value>, expected: &str) -> String {
    let decimals = expected.split_once('.').map_or(0, |(_, f)| f.len() as u32);
    v.map_or_else(|| "null".into(), |v| v.format(decimals))
}

#[test]
fn gacrux_values_of_real_and_team_events() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/standings/gacrux.json");
    let golden: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("readable")).expect("json");
    let (mut checked, mut bad) = (0usize, Vec::new());
    for case in golden["cases"].as_array().expect("cases") {
        let file = Path::new(env!("CARGO_MANIFEST_DIR")).join(case["file"].as_str().expect("file"));
        let d = read_file(&file, &ReadOptions::default()).expect("readable");
        let codes: Vec<&str> = case["codes"].as_array().expect("codes").iter().filter_map(|c| c.as_str()).collect();
        let edition: Edition = case["edition"].as_str().expect("edition").parse().expect("an edition");
        let options = Options {
            tiebreaks: Some(TieBreak::parse_list(&codes.join(",")).expect("codes")),
            edition: Some(edition),
            unrated_rating: case["unrated_rating"].as_u64().map(|r| r as u32),
            pre_determined: Some(false),
            round: case["round"].as_u64().map(|r| r as u32),
        };
        let s = compute(&d, &options).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        for r in case["rows"].as_array().expect("rows") {
            let r = r.as_array().expect("a row");
            let id = r[0].as_u64().expect("id") as u32;
            let mine = row(&s, id);
            let name = format!("{} ({edition}) #{id}", case["file"]);
            checked += 1;
            if Some(u64::from(mine.rank)) != r[1].as_u64() {
                bad.push(format!("{name}: rank {} against {}", mine.rank, r[1]));
            }
            for (k, want) in r[2..].iter().enumerate() {
                let want = match want {
                    serde_json::Value::String(t) => t.clone(),
                    serde_json::Value::Null => "null".to_string(),
                    n => n.to_string(),
                };
                let got = as_written(mine.tiebreaks[k], &want);
                checked += 1;
                if got != want {
                    bad.push(format!("{name} {}: {got} against {want}", codes[k + 1]));
                }
            }
        }
    }
    assert!(checked > 30_000, "{checked} values read");
    assert!(
        bad.is_empty(),
        "{} of {checked} differ:\n{}",
        bad.len(),
        bad.iter().take(20).cloned().collect::<Vec<_>>().join("\n")
    );
}
