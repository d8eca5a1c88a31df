//! Constraints of one's own (`require` in a formulation file) and the player attributes they
//! read: the documented example (`define same_fed = same_federation`, `require same_fed <= 0`)
//! on a real event under every system of players, approved by the checker and met; a quota on
//! a Dutch round and on small whole fields, each checked against every legal pairing; the
//! errors of bad input (file, line, column; exit 1 naming the constraint).
// Without HiGHS (cargo feature `highs`) the quota tests are left out, and what only they use.
#![cfg_attr(not(feature = "highs"), allow(unused_imports, dead_code))]

use crate::common;

use lexpair::model::formulation::Formulation;
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::tournament::attributes::Groups;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::{PairError, System};
use std::path::PathBuf;
use std::sync::Arc;

/// Writes `text` as a file of its own (one per test and name) and returns its path.
fn file(name: &str, text: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("lexpair-own-constraints-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temporary folder");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("file written");
    path
}

fn read(name: &str, text: &str) -> Result<Formulation, String> {
    Formulation::read_file(&file(name, text.as_bytes())).map_err(|e| e.to_string())
}

/// The World Blitz 2021 (179 players, 31 of Poland, 29 of the FIDE flag, ...) before `round`.
fn blitz(round: u32) -> Tournament {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/realdata/tiebreak__2021-World-Blitz-Chess-Championship-Open.trf"
    );
    let doc =
        read_file(std::path::Path::new(path), &ReadOptions { check_scores: false }).unwrap_or_else(|e| panic!("{e}"));
    Tournament::before_round(&doc, round).unwrap_or_else(|e| panic!("{}", e.message))
}

fn with_model(f: &Formulation) -> PairOptions {
    PairOptions { model: Some(f.clone()), ..PairOptions::default() }
}

/// The pairs of `p` whose players share a federation.
fn same_federation(t: &Tournament, p: &RoundPairing) -> Vec<(u32, u32)> {
    p.boards
        .iter()
        .filter(|b| {
            let (x, y) = (&t.players[b.white].attributes.federation, &t.players[b.black].attributes.federation);
            x.is_some() && x == y
        })
        .map(|b| (t.players[b.white].id, t.players[b.black].id))
        .collect()
}

const EXAMPLE: &str =
    "# no two players of one federation meet\ndefine same_fed = same_federation\nrequire same_fed <= 0\n";

#[test]
fn the_documented_example_keeps_every_system_and_forbids_its_pairs() {
    let f = read("example.model", EXAMPLE).expect("valid");
    assert!(f.criteria.is_empty() && f.requirements.len() == 1 && f.requirements[0].forbids_pairs());
    let t = blitz(5);
    for system in common::player_systems() {
        let opts = common::options_for(system, &PairOptions::default());
        let base = lexpair::round::pair(&t, system, &opts).unwrap_or_else(|e| panic!("{system}: {e}"));
        // The whole field needs its criteria: the example's requirement beside them.
        let mut own = f.clone();
        if system == System::Field {
            let mut ex = common::whole_field_example();
            ex.requirements = f.requirements.clone();
            own = ex;
        }
        let paired = lexpair::round::pair(&t, system, &with_model(&own)).unwrap_or_else(|e| panic!("{system}: {e}"));
        assert_eq!(same_federation(&t, &paired.pairing), vec![], "{system}");
        // Without it some pairs were of one federation, so the requirement did something; the
        // checker approved the pairing with the requirement's pairs forbidden (the door's guard),
        // and judges it legal under the rules alone too.
        assert!(!same_federation(&t, &base.pairing).is_empty(), "{system}: the base pairing has such pairs");
        assert!(lexpair::verify::check(system, &t, &paired.pairing).is_empty(), "{system}");
        // A file of requirements alone keeps the system's criteria: a system's own pairs that
        // break nothing stay where the requirement does not reach (the first board of the top
        // bracket is of two federations in both).
        if system != System::Field {
            assert_eq!(paired.pairing.boards.len(), base.pairing.boards.len(), "{system}");
        }
    }
}

#[test]
fn a_requirement_applies_in_its_rounds_only() {
    let f = read("rounds.model", "require same_federation <= 0 in rounds 1-4\n").expect("valid");
    let t = blitz(5);
    let base = lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default()).expect("pairs");
    let own = lexpair::round::pair(&t, System::Dutch2026, &with_model(&f)).expect("pairs");
    assert_eq!(base.pairing, own.pairing, "round 5 is outside rounds 1-4: the Dutch pairing as it is");
    let t4 = blitz(4);
    let own4 = lexpair::round::pair(&t4, System::Dutch2026, &with_model(&f)).expect("pairs");
    assert_eq!(same_federation(&t4, &own4.pairing), vec![]);
}

#[test]
fn a_requirement_no_pairing_meets_is_exit_1_naming_it() {
    // The Moscow Open 2018: 162 of its 220 players are of one federation.
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../shared/realdata/tiebreak__2018-moscow-open.trf");
    let m = file("example-moscow.model", EXAMPLE.as_bytes());
    let out =
        common::lexpair(&["pair", "-s", "dutch-2026", path, "--round", "3", "--model", m.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(1), "{}", String::from_utf8_lossy(&out.stderr));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:3:9: 'require same_fed <= 0'", m.display())), "{err}");
    assert!(err.contains("without it there is one"), "{err}");
}

#[test]
fn bad_input_names_file_line_and_column() {
    // (the faulty line, the column the error must name, words of the message)
    let cases: &[(&str, usize, &str)] = &[
        ("require same_federation < 1", 25, "expected '<=', '>=' or '=='"),
        ("require same_federation <= rating_diff", 28, "bound of a requirement is a constant"),
        ("require same_federation <= 1 in rounds 4-2", 42, "before the first"),
        ("require same_federation <= 1 in games 4", 33, "'round N' or 'rounds A-B'"),
        ("require same_federtion <= 0", 9, "unknown quantity 'same_federtion'"),
        ("require", 8, "needs a constraint"),
        ("define x = national_rating_diff(12)", 33, "three letters"),
        ("define x = band_diff(0)", 22, "width of a band"),
    ];
    for (k, &(line, col, words)) in cases.iter().enumerate() {
        let name = format!("bad-{k}.model");
        let text = format!("# constraints\n{line}\n");
        let err = read(&name, &text).expect_err(line);
        let want = format!("{}:2:{col}: ", file(&name, text.as_bytes()).display());
        assert!(err.starts_with(&want), "{line}: '{err}' should start with '{want}'");
        assert!(err.contains(words), "{line}: '{err}' should say '{words}'");
    }
    // Not UTF-8: the line and column of the first byte that is not.
    let path = file("latin1.model", b"C5 a\nC6 caf\xe9\n");
    let out =
        common::lexpair(&["pair", "-s", "dutch-2026", "examples/open-r5.trf", "--model", path.to_str().expect("path")]);
    assert_eq!(out.status.code(), Some(3));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains(&format!("{}:2:7: byte 0xE9 is not UTF-8", path.display())), "{err}");
    // A quantity the units or the command line lack: exit 3 at its line and column.
    let t = blitz(3);
    let groups = read("groups.model", "# clubs\nrequire same_group <= 0\n").expect("valid");
    match lexpair::round::pair(&t, System::Dutch2026, &with_model(&groups)) {
        Err(PairError::Invalid(m)) => {
            assert!(m.contains("groups.model:2:9: 'same_group'") && m.contains("--groups"), "{m}")
        }
        other => panic!("{:?}", other.map(|r| r.pairing)),
    }
    let national = read("national.model", "define n = bye(national_rating(FRA))\nrequire n <= 0\n").expect("valid");
    match lexpair::round::pair(&t, System::Dutch2026, &with_model(&national)) {
        Err(PairError::Invalid(m)) => assert!(m.contains("national.model:1:16: 'national_rating(FRA)'"), "{m}"),
        other => panic!("{:?}", other.map(|r| r.pairing)),
    }
    let team = common::corpus_document("team-2026", "t0001");
    let teams = lexpair::team::TeamTournament::before_round(&team, 2).expect("state");
    let fed = read("team.model", EXAMPLE).expect("valid");
    match lexpair::round::pair(&teams, System::SwissTeam2026, &with_model(&fed)) {
        Err(PairError::Invalid(m)) => assert!(m.contains("team.model:2:19: 'same_federation' for teams"), "{m}"),
        other => panic!("{:?}", other.map(|r| r.pairing)),
    }
    // A quota where the system states only forbiddings: refused, naming it.
    let quota = read("quota.model", "require same_federation <= 3\n").expect("valid");
    for system in [System::Dubov2026, System::Burstein2026, System::Lim] {
        match lexpair::round::pair(&t, system, &with_model(&quota)) {
            Err(PairError::Invalid(m)) => {
                assert!(m.contains("quota.model:1:9: 'require same_federation <= 3'"), "{system}: {m}");
                assert!(m.contains("is a row of each program"), "{system}: {m}");
            }
            other => panic!("{system}: {:?}", other.map(|r| r.pairing)),
        }
    }
}

#[test]
fn groups_from_a_csv_forbid_their_pairs() {
    let t = blitz(6);
    let base = lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default()).expect("pairs");
    // Put the first three boards' players in two groups: each board's two players together.
    let mut csv = String::from("id,group\n");
    for (k, b) in base.pairing.boards.iter().take(3).enumerate() {
        csv.push_str(&format!("{},g{}\n{},g{}\n", t.players[b.white].id, k % 2, t.players[b.black].id, k % 2));
    }
    let groups = Groups::parse("g.csv", &csv).expect("valid");
    let f = read("same-group.model", "require same_group <= 0\n").expect("valid");
    let opts = PairOptions { groups: Some(Arc::new(groups.clone())), ..with_model(&f) };
    let own = lexpair::round::pair(&t, System::Dutch2026, &opts).expect("pairs");
    for b in &own.pairing.boards {
        let (x, y) = (groups.of(t.players[b.white].id), groups.of(t.players[b.black].id));
        assert!(x.is_none() || x != y, "{} and {} share a group", t.players[b.white].id, t.players[b.black].id);
    }
    assert_ne!(own.pairing, base.pairing);
}

/// A quota on the Dutch brackets: at most one pair of one federation in each bracket program.
/// Every bracket meets it, some bracket had more without it, and the rules' absolute criteria
/// hold (the checker).
#[test]
#[cfg(feature = "highs")] // HiGHS (cargo feature `highs`, on by default)
fn a_quota_holds_in_every_dutch_bracket() {
    let f = read("quota-dutch.model", "define same_fed = same_federation\nrequire same_fed <= 1\n").expect("valid");
    let t = blitz(7);
    let fed = |id: u32| t.index_of(id).and_then(|i| t.players[i].attributes.federation);
    let per_bracket = |r: &lexpair::round::Round| -> Vec<usize> {
        r.traces
            .iter()
            .map(|tr| tr.pairs.iter().filter(|&&(a, b)| fed(a).is_some() && fed(a) == fed(b)).count())
            .collect()
    };
    let base = lexpair::round::pair(&t, System::Dutch2026, &PairOptions::default()).expect("pairs");
    let own = lexpair::round::pair(&t, System::Dutch2026, &with_model(&f)).expect("pairs");
    assert!(per_bracket(&base).iter().any(|&n| n > 1), "{:?}", per_bracket(&base));
    assert!(per_bracket(&own).iter().all(|&n| n <= 1), "{:?}", per_bracket(&own));
    assert!(lexpair::verify::check(System::Dutch2026, &t, &own.pairing).is_empty());
}

/// `record NAME` measures a criterion on every round's final pairing: the batch's `own NAME`
/// is the count of pairs of one federation over the tournament, as the generated file shows it,
/// and a file of definitions and records pairs exactly as the system does.
#[test]
fn a_record_counts_on_the_final_pairings() {
    use lexpair::generate::{field_from_document, generate, Field, GenerateConfig};
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/realdata/tiebreak__2021-World-Blitz-Chess-Championship-Open.trf"
    );
    let doc = read_file(std::path::Path::new(path), &ReadOptions { check_scores: false }).expect("readable");
    let field = Field::List(field_from_document(&doc, Some(60)));
    let f = read("record.model", "define same_fed = same_federation\nrecord same_fed\n").expect("valid");
    let mut cfg = GenerateConfig::new(System::Dutch2026, field.clone(), 6, 4);
    let plain = generate(&cfg).expect("generated");
    cfg.pair = with_model(&f);
    let g = generate(&cfg).expect("generated");
    assert_eq!(g.document.players, plain.document.players, "records change no pairing");
    let fed: std::collections::HashMap<u32, String> =
        g.document.players.iter().map(|p| (p.id, p.federation.trim().to_string())).collect();
    let mut count = 0;
    for p in &g.document.players {
        for e in p.rounds.iter().flatten() {
            if let Some(o) = e.opponent {
                if p.id < o && !fed[&p.id].is_empty() && fed[&p.id] == fed[&o] {
                    count += 1;
                }
            }
        }
    }
    assert!(count > 0, "some pairs of one federation in 6 rounds of 60");
    assert_eq!(g.own, vec![("same_fed".to_string(), count as f64)]);
}

#[test]
fn the_batch_names_its_baseline() {
    let dir = std::env::temp_dir().join(format!("lexpair-own-baseline-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    let out = dir.to_str().expect("utf-8");
    let args =
        ["batch", "simulate", "-s", "dutch-2026", "-s", "lim", "-n", "16", "-r", "4", "-k", "3", "-q", "-o", out];
    let bad = common::lexpair(&[&args[..], &["--baseline", "dubov-2026"]].concat());
    assert_eq!(bad.status.code(), Some(3), "{}", String::from_utf8_lossy(&bad.stderr));
    assert!(String::from_utf8_lossy(&bad.stderr).contains("--baseline dubov-2026 is none of this batch's variants"));
    let ok = common::lexpair(&[&args[..], &["--baseline", "lim"]].concat());
    assert_eq!(ok.status.code(), Some(0), "{}", String::from_utf8_lossy(&ok.stderr));
    let summary = std::fs::read_to_string(dir.join("summary.txt")).expect("summary");
    // By count the two groups tie and dutch-2026 sorts first; --baseline names lim.
    assert!(summary.contains("kendall_tau paired with simulate lim (same source and seed)"), "{summary}");
}
