//! `lexpair generate`: determinism, valid TRF, and replaying a generated tournament under the
//! system that paired it gives back every round.

use crate::common;

use lexpair::check::{check_document, Outcome};
use lexpair::generate::{generate, parse_point_system, Field, GenerateConfig};
use lexpair::options::PairOptions;
use lexpair::trf::{self, ReadOptions, ResultCode, TrfFlavor};
use lexpair::vocabulary::System;
use std::process::Command;

fn config(system: System, players: usize, rounds: u32, seed: u64) -> GenerateConfig {
    GenerateConfig::new(system, Field::Random { players, min_rating: 1400, max_rating: 2600 }, rounds, seed)
}

/// Byes, absences, forfeits and 3-1-0 points: everything the generator can produce.
fn busy(system: System, seed: u64) -> GenerateConfig {
    let mut c = config(system, 31, 7, seed);
    c.forfeit_rate = 0.06;
    c.half_bye_rate = 0.05;
    c.zero_bye_rate = 0.04;
    c.point_system = parse_point_system("3-1-0").expect("valid");
    c
}

fn text(c: &GenerateConfig) -> String {
    trf::write(&generate(c).expect("generates").document, TrfFlavor::Trf16)
}

#[test]
fn same_seed_same_bytes_other_seed_other_tournament() {
    let c = busy(System::Dutch2026, 11);
    let a = text(&c);
    assert_eq!(a, text(&c));
    assert_ne!(a, text(&busy(System::Dutch2026, 12)));
}

#[test]
fn output_is_valid_trf_with_consistent_scores() {
    for system in [System::Dutch2026, System::Dutch2017] {
        let c = busy(system, 3);
        let t = text(&c);
        let doc = trf::read_str(&t, "generated.trf", &ReadOptions { check_scores: true })
            .unwrap_or_else(|e| panic!("{system}: the reader rejects the generated file: {e}"));
        assert_eq!(doc.total_rounds, Some(7));
        assert!(doc.initial_colour.is_some());
        assert!(doc.point_system_explicit, "3-1-0 must be stated in the file");
        assert_eq!(doc.rounds_in_file(), 7);
        let codes: Vec<ResultCode> =
            doc.players.iter().flat_map(|p| p.rounds.iter().flatten().map(|e| e.result)).collect();
        for code in
            [ResultCode::ForfeitWin, ResultCode::HalfBye, ResultCode::ZeroBye, ResultCode::Win, ResultCode::Draw]
        {
            assert!(codes.contains(&code), "{system}: no {code:?} in a busy tournament");
        }
        assert!(!codes.contains(&ResultCode::Pending), "{system}: a result was left pending");
        // Written and read back unchanged.
        assert_eq!(trf::write(&doc, TrfFlavor::Trf16), t);
    }
}

#[test]
fn replaying_a_generated_tournament_under_its_own_system_is_identical() {
    for system in [System::Dutch2026, System::Dutch2017] {
        for seed in [1, 2] {
            let doc = generate(&busy(system, seed)).expect("generates").document;
            let checks = check_document(&doc, system, &PairOptions::default());
            assert_eq!(checks.len(), 7);
            for rc in checks {
                assert_eq!(rc.outcome, Outcome::Identical, "{system} seed {seed} round {}", rc.round);
            }
        }
    }
}

#[test]
fn a_real_field_keeps_names_and_ratings() {
    let doc = trf::read_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf")).expect("example"),
        "open-r5.trf",
        &ReadOptions::default(),
    )
    .expect("reads");
    let field = lexpair::generate::field_from_document(&doc, Some(20));
    assert_eq!(field.len(), 20);
    assert!(field.windows(2).all(|w| w[0].rating >= w[1].rating), "strongest first");
    let c = GenerateConfig::new(System::Dutch2026, Field::List(field.clone()), 5, 9);
    let g = generate(&c).expect("generates");
    let names: Vec<&str> = g.document.players.iter().map(|p| p.name.as_str()).collect();
    assert_eq!(names, field.iter().map(|p| p.name.as_str()).collect::<Vec<_>>());
    assert_eq!(g.round_seconds.len(), 5);
}

#[test]
fn every_system_generates_and_bad_options_are_clear_errors() {
    // The individual systems (the team system has its own generator).
    for system in common::player_systems() {
        let mut c = config(system, 12, 3, 5);
        c.pair = common::options_for(system, &c.pair);
        let a = generate(&c).unwrap_or_else(|e| panic!("{system}: {e}"));
        let b = generate(&c).unwrap_or_else(|e| panic!("{system}: {e}"));
        assert_eq!(a.document, b.document, "{system}: same seed, same tournament");
    }
    // A pairing that cannot be made stops the run with the round and the reason. (A file that
    // lists no criterion keeps the system's: an empty one pairs as the built-in.)
    let mut c = config(System::Lim, 10, 3, 1);
    c.pair.model = lexpair::model::formulation::Formulation::parse("x.model", "3.9a x\n", |_| true).ok();
    let e = generate(&c).expect_err("a Lim formulation without 2.3-pairs first");
    assert!(e.to_string().contains("round 1") && e.to_string().contains("which must be first"), "{e}");
    c.pair.model = lexpair::model::formulation::Formulation::parse("x.model", "", |_| true).ok();
    let empty = generate(&c).expect("an empty file keeps the built-in formulation");
    c.pair.model = None;
    assert_eq!(empty.document, generate(&c).expect("built-in").document);
    let mut c = config(System::Dutch2026, 10, 3, 1);
    c.draw_rate = 1.5;
    assert!(generate(&c).expect_err("bad rate").to_string().contains("draw rate"));
}

#[test]
fn cli_writes_the_same_file_twice_and_exits_3_on_a_missing_system() {
    let dir = std::env::temp_dir().join(format!("lexpair-generate-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let run = |out: &str| {
        let o = Command::new(env!("CARGO_BIN_EXE_lexpair"))
            .args(["generate", "--system", "dutch-2026", "-n", "24", "-r", "5", "--seed", "7", "--draw-rate", "0.4"])
            .args(["--half-byes", "0.05", "-o"])
            .arg(dir.join(out))
            .output()
            .expect("runs");
        assert_eq!(o.status.code(), Some(0), "{}", String::from_utf8_lossy(&o.stderr));
        std::fs::read(dir.join(out)).expect("written")
    };
    assert_eq!(run("a.trf"), run("b.trf"));
    let o = Command::new(env!("CARGO_BIN_EXE_lexpair"))
        .args(["generate", "--system", "nonesuch", "-n", "10", "-r", "3", "--seed", "1"])
        .output()
        .expect("runs");
    assert_eq!(o.status.code(), Some(3));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn criterion_totals_follow_the_formulation() {
    use lexpair::model::formulation::Formulation;
    let g = generate(&busy(System::Dutch2026, 4)).expect("generates");
    let keys: Vec<&str> = g.criteria.iter().map(|(k, _)| k.as_str()).collect();
    assert!(keys.contains(&"C12") && keys.contains(&"C6"), "{keys:?}");
    let numbers: Vec<u32> = keys.iter().map(|k| k[1..].parse().expect("C<number>")).collect();
    assert!(numbers.windows(2).all(|w| w[0] < w[1]), "{keys:?}");
    // The same tournament paired without the colour criteria: their totals are gone.
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/models/dutch-2026.model")).expect("model");
    let kept: String = text
        .lines()
        .filter(|l| !["C10 ", "C11 ", "C12 ", "C13 "].iter().any(|c| l.starts_with(c)))
        .collect::<Vec<_>>()
        .join("\n");
    let mut c = busy(System::Dutch2026, 4);
    c.pair.model = Some(Formulation::parse("no-colours.model", &kept, |_| true).expect("parses"));
    let g2 = generate(&c).expect("generates");
    assert!(g2.criteria.iter().all(|(k, _)| !["C10", "C11", "C12", "C13"].contains(&k.as_str())), "{:?}", g2.criteria);
}
