//! The Swiss Team system (C.04.6) against the witness corpus `../shared/corpus/team-2026`:
//! every round paired by Gacrux 1.11.65 from the history before it, replayed here.

use crate::common;

use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::team::{recorded_round, TeamTournament};
use lexpair::vocabulary::System;
use std::collections::BTreeSet;

fn pairs(t: &TeamTournament, p: &RoundPairing) -> (BTreeSet<(u32, u32)>, Option<u32>) {
    let tpn = |i: usize| t.teams[i].tpn;
    (p.boards.iter().map(|b| (tpn(b.white), tpn(b.black))).collect(), p.bye.map(tpn))
}

#[test]
fn every_round_of_the_witness_corpus() {
    let dir = common::corpus("team-2026").join("tournaments");
    let mut files: Vec<_> = std::fs::read_dir(&dir).expect("corpus").flatten().map(|e| e.path()).collect();
    files.sort();
    let (mut total, mut same) = (0, 0);
    let mut report = Vec::new();
    for f in &files {
        let doc = lexpair::trf::read_file(f, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
        for r in 1..=doc.total_rounds.unwrap_or(0) {
            let t = TeamTournament::before_round(&doc, r).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
            let expected = recorded_round(&doc, r).expect("recorded");
            total += 1;
            let opts = PairOptions::default();
            match lexpair::round::pair(&t, System::SwissTeam2026, &opts) {
                Ok(round) if pairs(&t, &round.pairing) == pairs(&t, &expected) => {
                    same += 1;
                    // The first-candidate shortcuts only find the programs' optimum sooner.
                    let solved = lexpair::systems::team::pair_with(&t, &opts, false).expect("the programs pair it");
                    assert_eq!(solved.0, round.pairing, "{} r{r}: shortcuts change the pairing", f.display());
                }
                Ok(round) => report.push(format!(
                    "{} r{r}: lexpair {:?} recorded {:?}",
                    f.file_name().unwrap_or_default().to_string_lossy(),
                    pairs(&t, &round.pairing),
                    pairs(&t, &expected)
                )),
                Err(e) => report.push(format!("{} r{r}: {e}", f.file_name().unwrap_or_default().to_string_lossy())),
            }
        }
    }
    println!("identical {same}/{total}");
    for l in report.iter().take(30) {
        println!("{l}");
    }
    assert_eq!(same, total, "identical {same}/{total}");
}

/// The three cut files no pairing satisfies (README of the corpus): exit 1 with the reason
/// (C.04.6 3.3.3), never a pairing.
#[test]
fn the_unpairable_rounds_are_reported() {
    let dir = common::corpus("team-2026").join("unpairable");
    let mut n = 0;
    for f in std::fs::read_dir(&dir).expect("corpus").flatten().map(|e| e.path()) {
        let doc = lexpair::trf::read_file(&f, &Default::default()).unwrap_or_else(|e| panic!("{e}"));
        let r = lexpair::tournament::round_to_pair(&doc, None).expect("a round to pair");
        let t = TeamTournament::before_round(&doc, r).unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        match lexpair::round::pair(&t, System::SwissTeam2026, &PairOptions::default()) {
            Err(lexpair::vocabulary::PairError::NoValidPairing(m)) => assert!(m.contains("3.3.3"), "{m}"),
            other => panic!("{}: {other:?}", f.display()),
        }
        n += 1;
    }
    assert_eq!(n, 3);
}
