//! `lexpair batch`: generate-then-replay is 100% identical, shard outputs merged equal an
//! unsharded run, thread count and interruptions do not change the results, variants and
//! unimplemented systems are reported.

use crate::common;
use common::lexpair;

use std::path::{Path, PathBuf};

fn ok(args: &[&str]) -> String {
    let o = lexpair(args);
    assert_eq!(o.status.code(), Some(0), "{args:?}: {}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Runs lexpair expecting exit 3 (bad input); returns its error output.
fn fails(args: &[&str]) -> String {
    let o = lexpair(args);
    assert_eq!(o.status.code(), Some(3), "{args:?}: {}", String::from_utf8_lossy(&o.stdout));
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-batch-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn s(p: &Path) -> String {
    p.display().to_string()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A small simulation: 2 systems × 3 seeds, 24 players, 5 rounds, byes and forfeits.
fn simulate(out: &Path, extra: &[&str]) -> String {
    let mut args = vec!["batch", "simulate", "-s", "dutch-2026", "-s", "dutch-2017", "-n", "24", "-r", "5", "-k", "3"];
    args.extend(["--half-byes", "0.05", "--forfeit-rate", "0.03", "-q", "-o"]);
    let out = s(out);
    args.push(&out);
    args.extend(extra);
    ok(&args)
}

fn column(csv: &str, name: &str) -> Vec<String> {
    let mut lines = csv.lines();
    let head: Vec<&str> = lines.next().expect("header").split(',').collect();
    let k = head.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}"));
    lines.map(|l| l.split(',').nth(k).unwrap_or("").to_string()).collect()
}

#[test]
fn generated_tournaments_replayed_under_their_system_are_identical() {
    let dir = scratch("replay");
    for system in ["dutch-2026", "dutch-2017"] {
        let sim = dir.join(format!("sim-{system}"));
        let out = s(&sim);
        ok(&[
            "batch",
            "simulate",
            "-s",
            system,
            "-n",
            "22",
            "-r",
            "6",
            "-k",
            "2",
            "--absences",
            "0.05",
            "--keep-trf",
            "-q",
            "-o",
            &out,
        ]);
        let trf = sim.join("trf");
        let rep = dir.join(format!("rep-{system}"));
        ok(&["batch", "replay", "-s", system, &s(&trf), "-q", "-o", &s(&rep)]);
        let csv = read(&rep.join("results.csv"));
        assert_eq!(csv.lines().count(), 3, "{csv}");
        assert_eq!(column(&csv, "status"), ["ok", "ok"]);
        assert_eq!(column(&csv, "rounds"), ["6", "6"]);
        assert_eq!(column(&csv, "rounds_identical_pct"), ["100", "100"], "{csv}");
        assert_eq!(column(&csv, "boards_identical_pct"), ["100", "100"]);
        // Per round, both pairings are listed and equal.
        let rounds = read(&rep.join("rounds.csv"));
        assert_eq!(rounds.lines().count(), 1 + 2 * 6);
        let (recorded, paired) = (column(&rounds, "recorded"), column(&rounds, "lexpair"));
        assert!(recorded.iter().all(|p| p.contains('-')), "{rounds}");
        assert_eq!(recorded, paired);
        assert!(column(&rounds, "identical").iter().all(|x| x == "true"));
    }
}

#[test]
fn merged_shards_equal_an_unsharded_run_whatever_the_threads() {
    let dir = scratch("shards");
    let whole = dir.join("whole");
    simulate(&whole, &["-j", "2"]);
    let single = dir.join("single");
    simulate(&single, &["-j", "1"]);
    for f in ["results.csv", "results.json", "summary.json"] {
        assert_eq!(read(&whole.join(f)), read(&single.join(f)), "{f} depends on the thread count");
    }
    let mut shard_dirs = Vec::new();
    for i in 1..=3 {
        let d = dir.join(format!("shard{i}"));
        simulate(&d, &["--shard", &format!("{i}/3"), "-j", "1"]);
        shard_dirs.push(s(&d));
    }
    // Every unit in exactly one shard.
    let counts: Vec<usize> =
        shard_dirs.iter().map(|d| read(&Path::new(d).join("units.jsonl")).lines().count()).collect();
    assert_eq!(counts, [2, 2, 2]);
    let merged = dir.join("merged");
    let mut args = vec!["batch", "merge", "-q", "-o"];
    let m = s(&merged);
    args.push(&m);
    args.extend(shard_dirs.iter().map(String::as_str));
    ok(&args);
    for f in ["results.csv", "results.json", "summary.json"] {
        assert_eq!(read(&whole.join(f)), read(&merged.join(f)), "{f}: merged shards differ from the whole run");
    }
    let csv = read(&whole.join("results.csv"));
    assert_eq!(csv.lines().count(), 7);
    assert!(column(&csv, "kendall_tau").iter().all(|t| t.parse::<f64>().is_ok_and(|t| t > 0.0)), "{csv}");
}

#[test]
fn an_interrupted_run_resumes_and_ends_with_the_same_results() {
    let dir = scratch("resume");
    let full = dir.join("full");
    simulate(&full, &[]);
    let cut = dir.join("cut");
    simulate(&cut, &[]);
    // Keep two finished units and half of a third line, as a killed run leaves them.
    let units = read(&cut.join("units.jsonl"));
    let lines: Vec<&str> = units.lines().collect();
    let torn = format!("{}\n{}\n{}", lines[0], lines[1], &lines[2][..lines[2].len() / 2]);
    std::fs::write(cut.join("units.jsonl"), torn).expect("write");
    let o = lexpair(&[
        "batch",
        "simulate",
        "-s",
        "dutch-2026",
        "-s",
        "dutch-2017",
        "-n",
        "24",
        "-r",
        "5",
        "-k",
        "3",
        "--half-byes",
        "0.05",
        "--forfeit-rate",
        "0.03",
        "-o",
        &s(&cut),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(text.contains("6 units in this run (2 already done, 4 run, 0 failed)"), "{text}");
    assert_eq!(read(&full.join("results.csv")), read(&cut.join("results.csv")));
}

#[test]
fn variants_other_systems_and_plots() {
    let dir = scratch("variants");
    let same = dir.join("same.model");
    std::fs::copy(concat!(env!("CARGO_MANIFEST_DIR"), "/models/dutch-2017.model"), &same).expect("copy");
    let no_c7 = dir.join("no-c7.model");
    let text = read(&same).lines().filter(|l| !l.starts_with("C7 ")).collect::<Vec<_>>().join("\n");
    std::fs::write(&no_c7, text).expect("write");
    let bad = dir.join("bad.model");
    std::fs::write(&bad, "C5 pairs\nC21 not a 2017 criterion\n").expect("write");
    // Dubov reads formulation files too: its own without the colour criterion.
    let dubov_no_c7 = dir.join("dubov-no-c7.model");
    let dubov = read(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/models/dubov-2026.model")));
    std::fs::write(&dubov_no_c7, dubov.lines().filter(|l| !l.starts_with("C7 ")).collect::<Vec<_>>().join("\n"))
        .expect("write");
    let out = dir.join("out");
    let plots = dir.join("plots");
    let (out_s, plots_s) = (s(&out), s(&plots));
    let (same_m, no_c7_m, bad_m) =
        (format!("dutch-2017={}", s(&same)), format!("dutch-2017={}", s(&no_c7)), format!("dutch-2017={}", s(&bad)));
    let dubov_m = format!("dubov-2026={}", s(&dubov_no_c7));
    let mut args = vec!["batch", "simulate", "-s", "dutch-2017", "-s", "lim", "--model", &same_m, "--model", &no_c7_m];
    args.extend(["--model", &dubov_m, "-n", "20", "-r", "5", "-k", "2", "-o", &out_s, "--plot", &plots_s]);
    // Every --model is checked against its system's criteria when read, before anything runs:
    // Lim reads no formulation file (its steps are not criteria); a key the edition lacks is
    // named with its file and line.
    let lim_m = format!("lim={}", s(&same));
    for (extra, expect) in [
        (&lim_m, "'C5' is not a stage of the Lim system".to_string()),
        (&bad_m, format!("{}:2: 'C21' is not a criterion", s(&bad))),
    ] {
        let mut refused = args.clone();
        refused.extend(["--model", extra]);
        let o = lexpair(&refused);
        assert_eq!(o.status.code(), Some(3));
        assert!(String::from_utf8_lossy(&o.stderr).contains(&expect), "{}", String::from_utf8_lossy(&o.stderr));
        assert!(!out.join("results.csv").exists());
    }
    let o = lexpair(&args);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let summary = String::from_utf8_lossy(&o.stdout).into_owned();
    let csv = read(&out.join("results.csv"));
    let variants = column(&csv, "variant");
    let status = column(&csv, "status");
    let taus = column(&csv, "kendall_tau");
    let systems = column(&csv, "system");
    let rows = |sys: &str, v: &str| -> Vec<usize> {
        (0..variants.len()).filter(|&k| systems[k] == sys && variants[k] == v).collect()
    };
    // The built-in model loaded from a file pairs exactly as the default.
    let default_taus: Vec<&String> = rows("dutch-2017", "default").into_iter().map(|k| &taus[k]).collect();
    let same_taus: Vec<&String> = rows("dutch-2017", "same").into_iter().map(|k| &taus[k]).collect();
    assert_eq!(default_taus.len(), 2);
    assert_eq!(default_taus, same_taus);
    assert!(rows("dutch-2017", "no-c7").into_iter().all(|k| status[k] == "ok"), "{csv}");
    assert_eq!(rows("dubov-2026", "dubov-no-c7").len(), 2, "{csv}");
    assert!(rows("dubov-2026", "dubov-no-c7").into_iter().all(|k| status[k] == "ok"), "{csv}");
    assert!(rows("lim", "default").into_iter().all(|k| status[k] == "ok"), "{csv}");
    assert!(summary.contains("simulate lim: 2 units, 0 failed"), "{summary}");
    let svg = read(&plots.join("kendall_tau.svg"));
    assert!(svg.starts_with("<svg") && svg.contains("dutch-2017 + no-c7 (n=2)"), "{svg}");
    // Axis labels name the unit; the page shows every plot written.
    assert!(svg.contains("τ-b (−1 to 1)"), "{svg}");
    let index = read(&plots.join("index.html"));
    assert!(index.contains("<img src=\"kendall_tau.svg\"") && index.contains("Distributions by variant"), "{index}");
    for line in index.lines().filter(|l| l.contains("<img src=")) {
        let file = line.split('"').nth(1).expect("src");
        assert!(plots.join(file).exists(), "index.html shows {file}, which was not written");
    }
}

#[test]
fn replay_plots_have_one_panel_per_event_and_simulations_paired_differences() {
    let dir = scratch("plots");
    let (a, b) = (dir.join("a.trf"), dir.join("b.trf"));
    ok(&["generate", "--system", "dutch-2026", "-n", "21", "-r", "5", "--seed", "4", "-o", &s(&a)]);
    ok(&["generate", "--system", "dutch-2017", "-n", "30", "-r", "6", "--seed", "5", "-o", &s(&b)]);
    let (rep, plots) = (dir.join("rep"), dir.join("rep-plots"));
    ok(&[
        "batch",
        "replay",
        "-s",
        "dutch-2026",
        "-s",
        "dubov-2026",
        &s(&a),
        &s(&b),
        "-q",
        "-o",
        &s(&rep),
        "--plot",
        &s(&plots),
    ]);
    let svg = read(&plots.join("replay_rounds_identical_pct.svg"));
    // Two panels titled by event, each with a bar per system; percentages on one 0-100 scale.
    let text = |t: &str| svg.lines().any(|l| l.trim() == t);
    assert!(text("a") && text("b") && text("dutch-2026") && text("dubov-2026"), "{svg}");
    assert!(text("% of rounds") && text("100") && text("50"), "{svg}");
    assert!(!plots.join("rounds_identical_pct.svg").exists(), "replays are never pooled over events");

    let (sim, plots) = (dir.join("sim"), dir.join("sim-plots"));
    let mut args = vec!["batch", "simulate", "-s", "dutch-2026", "-s", "dubov-2026", "-n", "40", "-r", "7", "-k", "6"];
    let (sim_s, plots_s) = (s(&sim), s(&plots));
    args.extend(["-q", "-o", &sim_s, "--plot", &plots_s]);
    ok(&args);
    // Dubov minus Dutch, seed by seed: the differences plotted are those of results.csv.
    let csv = read(&sim.join("results.csv"));
    let header: Vec<&str> = csv.lines().next().expect("header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).expect("column");
    let (sys, seed, tau) = (col("system"), col("seed"), col("kendall_tau"));
    let rows: Vec<Vec<&str>> = csv.lines().skip(1).map(|l| l.split(',').collect()).collect();
    let of = |system: &str, k: &str| -> f64 {
        rows.iter().find(|r| r[sys] == system && r[seed] == k).expect("row")[tau].parse().expect("number")
    };
    let records = lexpair::batch::report::read_records(&sim.join("units.jsonl")).expect("records");
    let (base, diffs) = lexpair::batch::plots::paired_differences(&records, "kendall_tau", None).expect("paired");
    assert_eq!(base, "dubov-2026");
    let mut expected: Vec<f64> =
        (1..=6).map(|k| of("dutch-2026", &k.to_string()) - of("dubov-2026", &k.to_string())).collect();
    let mut got = diffs["dutch-2026"].clone();
    expected.sort_by(f64::total_cmp);
    got.sort_by(f64::total_cmp);
    assert!(expected.iter().zip(&got).all(|(x, y)| (x - y).abs() < 1e-12), "{expected:?} {got:?}");
    if got.iter().any(|d| *d != 0.0) {
        let svg = read(&plots.join("paired_kendall_tau.svg"));
        assert!(svg.contains("minus dubov-2026") && svg.contains("95% CI"), "{svg}");
    }
}

#[test]
fn solve_reports_stage_values_and_bad_arguments_exit_3() {
    let dir = scratch("solve");
    let out = dir.join("out");
    let example = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
    ok(&["batch", "solve", "-s", "dutch-2026", example, "-q", "-o", &s(&out)]);
    let csv = read(&out.join("results.csv"));
    assert_eq!(column(&csv, "round"), ["5"]);
    assert_eq!(column(&csv, "boards"), ["11"]);
    assert!(csv.lines().next().is_some_and(|h| h.contains("stage ")), "{csv}");
    assert!(read(&out.join("timings.csv")).contains("seconds"));
    // A manifest names files relative to itself; a missing one is a file error naming the line.
    let manifest = dir.join("cases.txt");
    std::fs::write(&manifest, format!("# hard cases\n{example}\n")).expect("write");
    let by_manifest = dir.join("by-manifest");
    ok(&["batch", "solve", "-s", "dutch-2026", &s(&manifest), "-q", "-o", &s(&by_manifest)]);
    assert_eq!(read(&by_manifest.join("results.csv")), csv);
    std::fs::write(&manifest, "# hard cases\nmissing.trf\n").expect("write");
    let o = lexpair(&["batch", "solve", "-s", "dutch-2026", &s(&manifest), "-o", &s(&by_manifest)]);
    assert_eq!(o.status.code(), Some(5));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cases.txt:2:"), "{}", String::from_utf8_lossy(&o.stderr));
    let o = lexpair(&["batch", "solve", "-s", "dutch-2026", example, "--shard", "4/3", "-o", &s(&out)]);
    assert_eq!(o.status.code(), Some(3));
    let o = lexpair(&["batch", "replay", "-s", "dutch-2026", "/nonexistent/x.trf", "-o", &s(&out)]);
    assert_eq!(o.status.code(), Some(5));
}

/// Dubov reads formulation files: replayed with its own criteria less [C7] (colour preferences),
/// a Dubov event pairs differently in some rounds, while the built-in formulation replays it whole.
#[test]
fn a_dubov_formulation_variant_changes_the_pairings() {
    let dir = scratch("dubov-variant");
    let event = dir.join("event.trf");
    ok(&["generate", "--system", "dubov-2026", "-n", "30", "-r", "7", "--seed", "3", "-o", &s(&event)]);
    let no_c7 = dir.join("no-c7.model");
    let dubov = read(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/models/dubov-2026.model")));
    std::fs::write(&no_c7, dubov.lines().filter(|l| !l.starts_with("C7 ")).collect::<Vec<_>>().join("\n"))
        .expect("write");
    let out = dir.join("out");
    let m = format!("dubov-2026={}", s(&no_c7));
    ok(&["batch", "replay", "-s", "dubov-2026", "--model", &m, &s(&event), "-o", &s(&out), "-q"]);
    let csv = read(&out.join("results.csv"));
    let (variants, identical) = (column(&csv, "variant"), column(&csv, "rounds_identical"));
    let of = |v: &str| identical[variants.iter().position(|x| x == v).expect("variant")].parse::<u32>().expect("n");
    assert_eq!(of("default"), 7, "{csv}");
    assert!(of("no-c7") < 7, "{csv}");
}

/// Lim reads formulation files (its steps): the shipped `models/lim.model` replays a Lim event
/// whole; without the stages of 3.9 (the floater types, most disadvantaged first) some rounds
/// pair differently; a stage that is not Lim's, or
/// the floater program not led by `2.3-pairs`, is refused naming the file and line.
#[test]
fn a_lim_formulation_variant_changes_the_pairings() {
    let dir = scratch("lim-variant");
    let event = dir.join("event.trf");
    ok(&["generate", "--system", "lim", "-n", "40", "-r", "9", "--seed", "5", "-o", &s(&event)]);
    let lim = read(Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/models/lim.model")));
    let variant = |name: &str, keep: &dyn Fn(&str) -> bool| {
        let path = dir.join(format!("{name}.model"));
        std::fs::write(&path, lim.lines().filter(|l| keep(l)).collect::<Vec<_>>().join("\n")).expect("write");
        path
    };
    let shipped = variant("shipped", &|_| true);
    let no_39 = variant("no-3.9", &|l| !l.starts_with("3.9"));
    let out = dir.join("out");
    let (a, b) = (format!("lim={}", s(&shipped)), format!("lim={}", s(&no_39)));
    ok(&["batch", "replay", "-s", "lim", "--model", &a, "--model", &b, &s(&event), "-o", &s(&out), "-q"]);
    let csv = read(&out.join("results.csv"));
    let (variants, identical) = (column(&csv, "variant"), column(&csv, "rounds_identical"));
    let of = |v: &str| identical[variants.iter().position(|x| x == v).expect("variant")].parse::<u32>().expect("n");
    assert_eq!(of("default"), 9, "{csv}");
    assert_eq!(of("shipped"), 9, "{csv}");
    assert!(of("no-3.9") < 9, "{csv}");
    let typo = variant("typo", &|l| !l.starts_with("3.9a "));
    std::fs::write(&typo, format!("{}\n3.9d  no such stage\n", read(&typo))).expect("write");
    let err = fails(&["pair", "-s", "lim", "--model", &s(&typo), &s(&event), "--round", "5"]);
    assert!(err.contains("typo.model:") && err.contains("'3.9d' is not a stage of the Lim system"), "{err}");
    let late = variant("late", &|l| !l.starts_with("2.3-pairs "));
    std::fs::write(&late, format!("{}\n2.3-pairs  too late\n", read(&late))).expect("write");
    let err = fails(&["pair", "-s", "lim", "--model", &s(&late), &s(&event), "--round", "5"]);
    assert!(err.contains("late.model:") && err.contains("which must be first"), "{err}");
}
