//! `--explain` in the rules' words for every system, as text and as the JSON of
//! docs/explain.md (schema lexpair-explain/1), run through the command line.

use crate::common;
use common::lexpair;

use std::path::Path;

fn example() -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf").display().to_string()
}

fn text(system: &str) -> String {
    let o = lexpair(&["pair", "--system", system, &example(), "--explain"]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(system: &str, file: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["pair", "--system", system, file, "--explain", "--format", "json"];
    args.extend(extra);
    let o = lexpair(&args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    serde_json::from_slice(&o.stdout).expect("json")
}

#[test]
fn every_system_explains_in_the_rules_words_and_as_versioned_json() {
    for (system, title, unit) in [
        ("dutch-2026", "Dutch system, rules in force from 2026 (C.04.3)", "Bracket"),
        ("dutch-2017", "Dutch system, rules in force 2017-2026 (C.04.3)", "Bracket"),
        ("dutch-2012", "Dutch system, rules in force 2012-2017 (C.04.3)", "Bracket"),
        ("dubov-2026", "Dubov system, rules in force from 2026 (C.04.4.1)", "Bracket"),
        ("dubov-2018", "Dubov system", "Bracket"),
        ("lim", "Lim system (C.04.4.3)", "Step"),
        ("burstein-2026", "Burstein system, rules in force from 2026 (C.04.4.2)", "Bracket"),
    ] {
        let t = text(system);
        assert!(t.contains(&format!("Round 5, {title}")), "{system}: {t}");
        assert!(t.contains(&format!("{unit} 1 (")), "{system}: {t}");
        // Scores as points, players with names, the bye with its reasons.
        assert!(t.contains("score 3½") && t.contains("1 Test0001 Player0001 (3½)"), "{system}: {t}");
        assert!(
            t.contains("Pairing-allocated bye: ") && t.contains("may receive it: only a player who"),
            "{system}: {t}"
        );
        assert!(!t.contains("score30") && !t.contains("bracket 1 (bracket)"), "solver words: {system}: {t}");
        // The bye rule of the system's own edition, by article.
        let article = match system {
            "dutch-2012" => "C.04.3 (2012) B.1.b",
            "dutch-2017" | "dubov-2018" | "lim" => "C.04.1.d",
            _ => "C.04.1 Art. 4",
        };
        assert!(t.contains(article), "{system}: {t}");

        let v = json(system, &example(), &[]);
        let e = &v["explanation"];
        assert_eq!(e["schema"], "lexpair-explain/1");
        assert_eq!(
            (e["system"].as_str(), e["round"].as_u64(), e["points"].as_str()),
            (Some(system), Some(5), Some("1-½-0"))
        );
        // Every board of the pairing appears once among the brackets' pairs, by TRF id, colours
        // and board number as printed.
        let boards = v["boards"].as_array().expect("boards");
        let pairs: Vec<&serde_json::Value> = e["brackets"]
            .as_array()
            .expect("brackets")
            .iter()
            .flat_map(|b| b["pairs"].as_array().expect("pairs"))
            .collect();
        assert_eq!(pairs.len(), boards.len(), "{system}");
        for b in boards {
            let p = pairs.iter().find(|p| p["board"] == b["board"]).expect("board explained");
            assert_eq!((&p["white"], &p["black"]), (&b["white"], &b["black"]), "{system}");
        }
        assert_eq!(e["bye"]["player"]["id"], v["bye"]);
        for b in e["brackets"].as_array().expect("brackets") {
            for l in b["criteria"].as_array().expect("criteria").iter().chain(b["order"].as_array().expect("order")) {
                assert!(l["text"].as_str().is_some_and(|s| !s.is_empty()) && l["label"].is_string(), "{system}: {l}");
            }
        }
    }
}

#[test]
fn criteria_and_candidate_order_read_as_the_text_states_them() {
    let t = text("dutch-2026");
    // Bracket 6 (score 1): 18 floats to the bye; one colour preference is not granted.
    assert!(t.contains("Bracket 6 (bracket, score 1)"), "{t}");
    assert!(t.contains("[C12] colour preferences not granted: 1"), "{t}");
    assert!(t.contains("D.1 transposition: BSN 2, 20 (Test0020 Player0020), is paired with BSN 3, 22"), "{t}");
    // A maximised look-ahead says what it achieved, not the solver's measure of it; the bye's
    // criteria are said once, in the bracket the bye leaves; floaters are called what they are.
    assert!(
        t.contains("[C8] downfloaters that let the next bracket comply best with [C1]-[C7]: as well as possible"),
        "{t}"
    );
    assert!(!t.contains("maximised") && !t.contains("leaving unpaired"), "{t}");
    assert_eq!(t.matches("[C5] minimise the score of the PAB assignee").count(), 1, "{t}");
    assert!(t.contains("receiving the pairing-allocated bye: 18 Test0018 Player0018 (1)"), "{t}");
    assert!(t.contains("moving down (floaters): 9 Test0009 Player0009 (2½), 11 Test0011 Player0011 (2½)"), "{t}");
    assert!(t.contains("[C7] minimise the scores of the downfloaters, highest first: 2 at 2½"), "{t}");
    let t = text("dubov-2026");
    assert!(t.contains("[C5] minimise the number of upfloaters: 2"), "{t}");
    assert!(t.contains("3.2.2 / 4.2 first set of upfloaters: possible upfloater #2 is chosen"), "{t}");
    let t = text("lim");
    assert!(t.contains("Step 7 (median score-group, score 2)"), "{t}");
    assert!(t.contains("moved in: 9 Test0009 Player0009 (2½), 11 Test0011 Player0011 (2½)"), "{t}");
    let t = text("dutch-2017");
    assert!(t.contains("C.5 maximise the number of pairs"), "{t}");
}

#[test]
fn scores_under_three_one_zero_are_whole_points() {
    let dir = std::env::temp_dir().join(format!("lexpair-explain-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("dir");
    let f = dir.join("t310.trf");
    let f = f.to_str().expect("utf-8");
    let o = lexpair(&[
        "generate",
        "--system",
        "dutch-2026",
        "-n",
        "15",
        "-r",
        "3",
        "--seed",
        "8",
        "--points",
        "3-1-0",
        "-o",
        f,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let v = json("dutch-2026", f, &["--round", "3"]);
    let e = &v["explanation"];
    assert_eq!(e["points"], "3-1-0");
    let scores: Vec<&str> =
        e["brackets"].as_array().expect("brackets").iter().filter_map(|b| b["score"].as_str()).collect();
    assert!(!scores.is_empty() && scores.iter().all(|s| s.parse::<u32>().is_ok()), "{scores:?}");
    assert!(scores.contains(&"6"), "two wins are 6 points: {scores:?}");
}

fn last_line(args: &[&str]) -> String {
    let o = lexpair(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).lines().last().unwrap_or_default().to_string()
}

#[test]
fn why_not_answers_for_dubov_and_lim_by_pairing_the_round_again() {
    let ex = example();
    // Dubov: 2-6 would leave two colour preferences unmet in the 3-point bracket ([C7]).
    let l = last_line(&["pair", "-s", "dubov-2026", &ex, "--why-not", "2", "6"]);
    assert!(l.contains("pairing 2-6 would worsen step 2 (bracket): [C7]") && l.contains(": 2, where"), "{l}");
    // A rematch is read directly, with the round it was played in and the system's own article.
    let l = last_line(&["pair", "-s", "lim", &ex, "--why-not", "1", "7"]);
    assert!(
        l.contains("C.04.4.3 2.1 (compatible players), C.04.1.b: 1 and 7 already played each other in round 2"),
        "{l}"
    );
    let l = last_line(&["pair", "-s", "dubov-2026", &ex, "--why-not", "1", "7"]);
    assert!(l.contains("C.04.4.1 (2026) 2.1.1 [C1], C.04.1 Art. 2: 1 and 7 already played"), "{l}");
    // Lim counts no criteria: the answer names the partners its procedure chose.
    let l = last_line(&["pair", "-s", "lim", &ex, "--why-not", "2", "6"]);
    assert!(l.contains("(2 meets 5, 6 meets 8)"), "{l}");
    // JSON carries the answer beside the pairing.
    let v = json("dubov-2026", &ex, &["--why-not", "12", "14"]);
    assert_eq!(v["why_not"]["players"], serde_json::json!([12, 14]));
    assert!(v["why_not"]["reason"].as_str().is_some_and(|r| r.contains("[C7]")), "{v}");
}

#[test]
fn why_the_bye_went_where_it_went() {
    let ex = example();
    // 18 and 20 both have 1 point; 18 played four games, 20 three: 2026 Dutch [C9], Dubov 3.1.4.
    let l = last_line(&["pair", "-s", "dutch-2026", &ex, "--why-bye", "20"]);
    assert!(
        l.contains(
            "[C9] minimise the unplayed games of the PAB assignee: at the same score (1), 18 has played 4 games, 20 3"
        ),
        "{l}"
    );
    let l = last_line(&["pair", "-s", "dubov-2026", &ex, "--why-bye", "20"]);
    assert!(l.contains("3.1.4 the highest number of games played"), "{l}");
    // Lim 1.1 gives it to the lowest rank instead: 20.
    let l = last_line(&["pair", "-s", "lim", &ex, "--why-bye", "18"]);
    assert!(
        l.contains("1.1 the player with the lowest rank in the lowest score-group: 20 (rank 20) ranks below 18"),
        "{l}"
    );
    // A higher score; a player who may not have it; the holder himself.
    let l = last_line(&["pair", "-s", "dutch-2026", &ex, "--why-bye", "5"]);
    assert!(l.contains("[C5] minimise the score of the PAB assignee: 18 has 1, 5 has 3"), "{l}");
    let l = last_line(&["pair", "-s", "dutch-2026", &ex, "--why-bye", "1"]);
    assert!(l.contains("1 may not receive the pairing-allocated bye") && l.contains("[C2], C.04.1 Art. 4"), "{l}");
    let l = last_line(&["pair", "-s", "dutch-2026", &ex, "--why-bye", "18"]);
    assert!(l.contains("18 receives the pairing-allocated bye") && l.contains("C.04.1 Art. 4"), "{l}");
    // Under 2017 (no games criterion) the counterfactual names the first criterion that worsens.
    let l = last_line(&["pair", "-s", "dutch-2017", &ex, "--why-bye", "18"]);
    assert!(l.contains("giving the bye to 18 instead of 20 would worsen step 6 (last): C.11"), "{l}");
}
