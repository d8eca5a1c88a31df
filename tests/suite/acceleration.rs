//! `--acceleration baku` computes the virtual points of C.04.5.1 (2017) / C.04.7 (2026). The
//! Baku tournaments of `../shared/corpus/features-2017` and `features-2026` were paired by
//! bbpPairings from XXA lines made by that rule: with the XXA lines removed and the points
//! computed, every round must come out as recorded (and without them, most rounds differ).

use crate::common;
use common::lexpair;

use std::path::{Path, PathBuf};

/// The Baku tournaments of a features corpus, copied without their XXA lines; `None` when the
/// corpus is not beside the repository.
fn without_xxa(edition: &str) -> Option<PathBuf> {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join(format!("../shared/corpus/features-{edition}"));
    let manifest = std::fs::read_to_string(corpus.join("manifest.csv")).ok()?;
    let dir = std::env::temp_dir().join(format!("lexpair-baku-{}-{edition}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("temp dir");
    let mut copied = 0;
    for line in manifest.lines().skip(1) {
        let cols: Vec<&str> = line.split(',').collect();
        if cols.get(4) != Some(&"baku") {
            continue;
        }
        let file = corpus.join("tournaments").join(format!("{}.trf", cols[0]));
        let text = std::fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        assert!(text.lines().any(|l| l.starts_with("XXA")), "{} has XXA lines", file.display());
        let kept: Vec<&str> = text.lines().filter(|l| !l.starts_with("XXA")).collect();
        std::fs::write(dir.join(format!("{}.trf", cols[0])), kept.join("\n") + "\n").expect("write");
        copied += 1;
    }
    assert!(copied >= 5, "{edition}: {copied} Baku tournaments");
    Some(dir)
}

fn check(edition: &str, dir: &Path, extra: &[&str]) -> (Option<i32>, String) {
    let system = format!("dutch-{edition}");
    let d = dir.display().to_string();
    let mut args = vec!["check", "-s", &system, &d];
    args.extend(extra);
    let o = lexpair(&args);
    (o.status.code(), String::from_utf8_lossy(&o.stdout).into_owned())
}

#[test]
fn computed_baku_points_replay_the_baku_tournaments() {
    for edition in ["2017", "2026"] {
        let Some(dir) = without_xxa(edition) else {
            eprintln!("features-{edition} not found: skipped");
            continue;
        };
        let (code, out) = check(edition, &dir, &["--acceleration", "baku"]);
        let last = out.lines().last().unwrap_or_default().to_string();
        assert_eq!(code, Some(0), "{edition}: {out}");
        let (n, m) = last.trim_start_matches("identical ").split_once('/').expect("identical N/M");
        assert_eq!(n, m, "{edition}: {last}");
        // The test can fail: without the computed points most rounds differ.
        let (code, _) = check(edition, &dir, &[]);
        assert_eq!(code, Some(1), "{edition}: the XXA lines matter");
    }
}

#[test]
fn baku_needs_a_win_worth_two_draws() {
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/features-2017");
    let Ok(manifest) = std::fs::read_to_string(corpus.join("manifest.csv")) else { return };
    let Some(t) = manifest.lines().find(|l| l.split(',').nth(4) == Some("310")).and_then(|l| l.split(',').next())
    else {
        return;
    };
    let file = corpus.join("tournaments").join(format!("{t}.trf")).display().to_string();
    let o = lexpair(&["pair", "-s", "dutch-2017", &file, "--round", "2", "--acceleration", "baku"]);
    assert_eq!(o.status.code(), Some(3));
    assert!(String::from_utf8_lossy(&o.stderr).contains("C.04.7 1.1"), "{}", String::from_utf8_lossy(&o.stderr));
}

/// `generate --acceleration baku` writes the computed points as XXA lines (GA = 2·⌈N/4⌉ players),
/// pairs with them, and the file replays identical; without the option no XXA line is written.
#[test]
fn generated_tournaments_carry_their_baku_points() {
    let dir = std::env::temp_dir().join(format!("lexpair-baku-gen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("g.trf").display().to_string();
    let o = lexpair(&[
        "generate",
        "-s",
        "dutch-2026",
        "-n",
        "30",
        "-r",
        "7",
        "--seed",
        "3",
        "--acceleration",
        "baku",
        "-o",
        &file,
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
    let text = std::fs::read_to_string(&file).expect("written");
    let xxa: Vec<&str> = text.lines().filter(|l| l.starts_with("XXA")).collect();
    assert_eq!(xxa.len(), 16, "{text}");
    assert!(xxa[0].ends_with(" 1.0  1.0  0.5  0.5"), "{}", xxa[0]);
    let o = lexpair(&["check", "-s", "dutch-2026", &file]);
    assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stdout));
    let o = lexpair(&["generate", "-s", "dutch-2026", "-n", "30", "-r", "7", "--seed", "3", "-o", &file]);
    assert_eq!(o.status.code(), Some(0));
    assert!(!std::fs::read_to_string(&file).expect("written").contains("XXA"));
}
