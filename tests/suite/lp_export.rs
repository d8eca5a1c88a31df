//! `--write-lp` for every system: the programs of every bracket (`--write-lp-all`: those a
//! first-candidate shortcut settles included), as LP and MPS files with a legend; the files
//! solved by HiGHS on their own reach the optimum lexpair states for each stage.
// Without HiGHS (cargo feature `highs`) the test that hands the files to it is left out.
#![cfg_attr(not(feature = "highs"), allow(unused_imports, dead_code))]

use crate::common;

use std::path::{Path, PathBuf};

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-lp-export-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn example(name: &str) -> String {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("examples").join(name).display().to_string()
}

/// The files of `dir` whose names end with `suffix`, sorted.
fn files(dir: &Path, suffix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .expect("folder")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.to_string_lossy().ends_with(suffix))
        .collect();
    v.sort();
    v
}

/// `pair -s SYSTEM FILE --write-lp DIR EXTRA...`: exit 0, and the folder.
fn export(system: &str, file: &str, extra: &[&str]) -> PathBuf {
    let dir = scratch(&format!("{system}-{}", extra.len()));
    let lp = dir.join("lp");
    let mut args = vec!["pair", "-s", system, file, "--write-lp", lp.to_str().expect("utf-8")];
    args.extend_from_slice(extra);
    let out = common::lexpair(&args);
    assert_eq!(out.status.code(), Some(0), "{system}: {}", String::from_utf8_lossy(&out.stderr));
    lp
}

#[test]
fn every_system_writes_every_program_with_a_legend() {
    let field = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/whole-field/sauer2024.model");
    let field = field.to_str().expect("utf-8");
    let cases: &[(&str, String, Vec<&str>)] = &[
        ("dutch-2026", example("open-r5.trf"), vec![]),
        ("dutch-2017", example("open-r5.trf"), vec![]),
        ("dubov-2026", example("open-r5.trf"), vec![]),
        ("burstein-2026", example("open-r5.trf"), vec![]),
        ("lim", example("open-r5.trf"), vec![]),
        ("field", example("open-r5.trf"), vec!["--model", field]),
        ("team-2026", example("team-r4.trf"), vec![]),
        ("double-2026", example("double-m4.trf"), vec![]),
    ];
    for (system, file, extra) in cases {
        let mut all = extra.clone();
        all.extend(["--write-lp-all", "--lp-format", "lp,mps"]);
        let lp = export(system, file, &all);
        let (lps, mps, legends) = (files(&lp, ".lp"), files(&lp, ".mps"), files(&lp, "-legend.csv"));
        assert!(!lps.is_empty() && lps.len() == mps.len(), "{system}: {} LP, {} MPS", lps.len(), mps.len());
        // One legend per program, naming every variable of its files and every stage.
        for legend in &legends {
            let text = std::fs::read_to_string(legend).expect("legend");
            let stem = legend.to_string_lossy().trim_end_matches("-legend.csv").to_string();
            let stages: Vec<&PathBuf> =
                lps.iter().filter(|p| p.to_string_lossy().starts_with(&format!("{stem}-s"))).collect();
            assert!(!stages.is_empty(), "{system}: {} has no stage files", legend.display());
            assert_eq!(text.lines().filter(|l| l.starts_with("stage,")).count(), stages.len(), "{system}");
            let lp_text = std::fs::read_to_string(stages[0]).expect("lp");
            let binaries = lp_text.split("Binary\n").nth(1).unwrap_or("").lines().take_while(|l| *l != "End");
            for v in binaries {
                assert!(text.contains(&format!("variable,{},", v.trim())), "{system}: {} not in the legend", v.trim());
            }
        }
        assert!(!legends.is_empty(), "{system}");
    }
    // Without --write-lp-all, the brackets a shortcut settles have no files: round 1 of a
    // Dutch event is the rules' first candidate in every bracket.
    let round1 = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/open-r5.trf").display().to_string();
    let some = export("dutch-2026", &round1, &["--round", "1"]);
    let all = export("dutch-2026", &round1, &["--round", "1", "--write-lp-all"]);
    assert!(files(&some, "-legend.csv").len() < files(&all, "-legend.csv").len());
}

/// Reads `path` with HiGHS, solves it and returns the optimal objective.
#[cfg(feature = "highs")]
fn highs_optimum(path: &Path) -> f64 {
    use std::ffi::CString;
    let name = CString::new(path.to_str().expect("utf-8")).expect("no NUL");
    // SAFETY: a HiGHS instance created, used with valid arguments and destroyed here.
    unsafe {
        let h = highs_sys::Highs_create();
        let option = CString::new("output_flag").expect("no NUL");
        highs_sys::Highs_setBoolOptionValue(h, option.as_ptr(), 0);
        assert_eq!(highs_sys::Highs_readModel(h, name.as_ptr()), 0, "HiGHS reads {}", path.display());
        highs_sys::Highs_run(h);
        let v = highs_sys::Highs_getObjectiveValue(h);
        highs_sys::Highs_destroy(h);
        v
    }
}

/// The optimum the legend of `stage` (an LP file) states.
fn stated_optimum(stage: &Path) -> i64 {
    let s = stage.to_string_lossy();
    // NAME-sKKK-STAGE.lp: the first `-s` followed by three digits and a dash.
    let at = s
        .match_indices("-s")
        .map(|(i, _)| i)
        .find(|&i| s.get(i + 2..i + 6).is_some_and(|d| d[..3].bytes().all(|b| b.is_ascii_digit()) && d.ends_with('-')))
        .expect("a stage file");
    let (stem, k) = (&s[..at], s[at + 2..at + 5].parse::<usize>().expect("stage number"));
    let legend = std::fs::read_to_string(format!("{stem}-legend.csv")).expect("legend");
    let line = legend.lines().filter(|l| l.starts_with("stage,")).nth(k - 1).expect("the stage in the legend");
    let v = line.rsplit("(optimum ").next().expect("optimum").trim_end_matches(")\"");
    v.parse().expect("an integer")
}

#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn highs_reads_the_files_and_reaches_the_stated_optima() {
    // A quota (a row of each program) on the Dutch brackets, and the whole field: LP and MPS.
    let dir = scratch("models");
    let quota = dir.join("quota.model");
    std::fs::write(&quota, "define close = rating_diff > 300\nrequire close <= 1\n").expect("model");
    let lp = export(
        "dutch-2026",
        &example("open-r5.trf"),
        &["--write-lp-all", "--lp-format", "lp,mps", "--model", quota.to_str().expect("utf-8")],
    );
    let mut checked = 0;
    for stage in files(&lp, ".lp") {
        let s = stage.to_string_lossy().to_string();
        // The quality criteria of each bracket (its first stages): the candidate order's
        // hundreds of partner stages add time, not evidence.
        if !s.contains("-s00") {
            continue;
        }
        let want = stated_optimum(&stage) as f64;
        assert_eq!(highs_optimum(&stage), want, "{s}");
        let mps = PathBuf::from(s.replace(".lp", ".mps"));
        assert_eq!(highs_optimum(&mps), want, "{}", mps.display());
        checked += 1;
    }
    assert!(checked >= 10, "{checked} stages checked");
}
