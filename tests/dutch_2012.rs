//! The 2012 Dutch rules (Istanbul 2012): agreement with the era's engine on its corpus, and
//! legality of every round paired under them on the 2017 corpus histories.
//!
//! `../shared/corpus/dutch-2012` was paired round by round by JaVaFo 1.4. lexpair pairs 698 of
//! its 702 rounds identically (`lexpair check --system dutch-2012 ../shared/corpus/dutch-2012`);
//! in the 4 others JaVaFo departs from the text, each judged by its article in
//! `tests/dutch_2012_brackets.rs` and `docs/dutch-2012.md`. The test keeps that list exact.

mod common;
use lexpair::check::{check_document, Outcome};
use lexpair::pairing::RoundPairing;
use lexpair::solver::graph::PairingGraph;
use lexpair::solver::matching::pairable_by_matching;
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use lexpair::vocabulary::{PairError, PairOptions, System};
use std::path::PathBuf;

fn folder(name: &str) -> PathBuf {
    common::corpus(name).join("tournaments")
}

fn files(name: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(folder(name))
        .expect("corpus beside the repository")
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "trf"))
        .collect();
    v.sort();
    v
}

/// Rounds of the 2012 corpus where lexpair and JaVaFo 1.4 differ, each judged by the text in
/// `tests/dutch_2012_brackets.rs` (c10_… and c13_…) and docs/dutch-2012.md.
const OPEN: [(&str, u32); 4] = [("t0007", 10), ("t0044", 11), ("t0117", 12), ("t0122", 5)];

#[test]
fn corpus_2012_agrees_with_javafo_except_the_rounds_judged_by_the_text() {
    let (mut same, mut total, mut new) = (0, 0, Vec::new());
    for f in files("dutch-2012") {
        let doc = read_file(&f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let name = f.file_stem().and_then(|s| s.to_str()).unwrap_or_default().to_string();
        for rc in check_document(&doc, System::Dutch2012, &PairOptions::default()) {
            total += 1;
            if rc.outcome == Outcome::Identical {
                same += 1;
            } else if !OPEN.contains(&(name.as_str(), rc.round)) {
                new.push(format!("{name} round {}: {:?}", rc.round, rc.outcome));
            }
        }
    }
    println!("dutch-2012: identical {same}/{total}");
    assert_eq!(total, 702);
    assert!(new.is_empty(), "new discrepancies:\n{}", new.join("\n"));
    assert_eq!(same, total - OPEN.len(), "a judged round now agrees: update OPEN and docs/dutch-2012.md");
}

/// B.1.b (2012): no bye after a point or half point scored without playing.
fn bye_eligible(t: &Tournament, i: usize) -> bool {
    !t.players[i].history.iter().any(|h| !h.facts.played && h.points.0 > 0)
}

/// Checks the round's pairing against the absolute criteria; returns the violations.
fn violations(t: &Tournament, p: &RoundPairing) -> Vec<String> {
    let mut out = Vec::new();
    let mut seen = vec![0u32; t.players.len()];
    for b in &p.boards {
        seen[b.white] += 1;
        seen[b.black] += 1;
        let (w, bl) = (&t.players[b.white], &t.players[b.black]);
        if t.have_met(b.white, b.black) {
            out.push(format!("B.1.a rematch {}-{}", w.id, bl.id));
        }
        if t.is_forbidden(b.white, b.black) {
            out.push(format!("forbidden pair {}-{}", w.id, bl.id));
        }
        // B.2: the same absolute colour preference, unless a topscorer is involved (last round).
        let clash =
            w.preference.is_absolute() && bl.preference.is_absolute() && w.preference.colour == bl.preference.colour;
        if clash && !(t.is_topscorer(b.white) || t.is_topscorer(b.black)) {
            out.push(format!("B.2 same absolute preference {}-{}", w.id, bl.id));
        }
    }
    if let Some(i) = p.bye {
        seen[i] += 1;
        if !bye_eligible(t, i) {
            out.push(format!("B.1.b bye to {}", t.players[i].id));
        }
    }
    for (i, pl) in t.players.iter().enumerate() {
        let expected = u32::from(pl.absent.is_none());
        if seen[i] != expected {
            out.push(format!("player {} paired {} times", pl.id, seen[i]));
        }
    }
    out
}

/// True when no pairing satisfies the absolute criteria (exact matching).
fn no_legal_pairing_exists(t: &Tournament) -> bool {
    let present = t.present();
    let mut g = PairingGraph::new(present.len());
    for (x, &a) in present.iter().enumerate() {
        for (y, &b) in present.iter().enumerate().skip(x + 1) {
            let (pa, pb) = (&t.players[a].preference, &t.players[b].preference);
            let clash = pa.is_absolute() && pb.is_absolute() && pa.colour == pb.colour;
            let clash = clash && !(t.is_topscorer(a) || t.is_topscorer(b));
            if !t.have_met(a, b) && !t.is_forbidden(a, b) && !clash {
                g.add_edge(x, y);
            }
        }
    }
    g.bye_eligible = present.iter().map(|&i| bye_eligible(t, i)).collect();
    !pairable_by_matching(&g).is_pairable()
}

/// Pairs every round of `files` under the 2012 rules; returns (rounds, legal, justified
/// failures) and the problems found.
fn property_run(files: &[PathBuf]) -> (usize, usize, usize, Vec<String>) {
    let (mut rounds, mut legal, mut none, mut problems) = (0, 0, 0, Vec::new());
    for f in files {
        let doc = read_file(f, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for round in 1..=doc.rounds_in_file() {
            let Ok(t) = Tournament::before_round(&doc, round) else { continue };
            rounds += 1;
            match lexpair::round::pair(&t, System::Dutch2012, &PairOptions::default()).map(|r| r.pairing) {
                Ok(p) => {
                    let v = violations(&t, &p);
                    if v.is_empty() {
                        legal += 1;
                    } else {
                        problems.push(format!("{} round {round}: {}", f.display(), v.join("; ")));
                    }
                }
                Err(PairError::NoValidPairing(_)) if no_legal_pairing_exists(&t) => none += 1,
                Err(e) => problems.push(format!("{} round {round}: {e}", f.display())),
            }
        }
    }
    (rounds, legal, none, problems)
}

#[test]
fn every_round_of_the_tight_2017_histories_pairs_legally_under_2012_rules() {
    // Near round-robin late rounds: where absolute criteria clash and completion is hard.
    let (rounds, legal, none, problems) = property_run(&files("dutch-2017-tight"));
    println!("dutch-2017-tight under 2012 rules: {rounds} rounds, {legal} legal, {none} without any legal pairing");
    assert!(rounds >= 1016);
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
#[ignore = "about a minute: the whole dutch-2017 corpus; run with --ignored"]
fn every_round_of_the_2017_histories_pairs_legally_under_2012_rules() {
    let (rounds, legal, none, problems) = property_run(&files("dutch-2017"));
    println!("dutch-2017 under 2012 rules: {rounds} rounds, {legal} legal, {none} without any legal pairing");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}
