//! `--explain` in the rules' words for every system, as text and as the JSON of
//! docs/explain.md (schema lexpair-explain/1), run through the command line.

use std::path::Path;
use std::process::{Command, Output};

fn lexpair(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_lexpair")).args(args).output().expect("lexpair runs")
}

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
    ] {
        let t = text(system);
        assert!(t.contains(&format!("Round 5, {title}")), "{system}: {t}");
        assert!(t.contains(&format!("{unit} 1 (")), "{system}: {t}");
        // Scores as points, players with names, the bye with its reasons.
        assert!(t.contains("score 3½") && t.contains("1 Test0001 Player0001 (3½)"), "{system}: {t}");
        assert!(t.contains("Pairing-allocated bye: ") && t.contains("(C.04.1 Art. 4)"), "{system}: {t}");
        assert!(!t.contains("score30") && !t.contains("bracket 1 (bracket)"), "solver words: {system}: {t}");

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
    assert!(t.contains("[C8] downfloaters that let the next bracket comply best with [C1]-[C7]: 2 (maximised)"), "{t}");
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
