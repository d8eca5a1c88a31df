//! Differential test for the Dubov system, 2026 edition, against the two witnesses of
//! `../shared/corpus/dubov-2026` (CPPDubovSystem 2.2 paired every round; py4swiss 0.3.1 was run on
//! the same rounds). Neither is endorsed; where both give the same pairing (`agreed` in
//! `rounds.csv`), lexpair must give it too.

use crate::common;
use lexpair::check::{check_round, Outcome};
use lexpair::options::PairOptions;
use lexpair::trf::{read_file, ReadOptions, TrfDocument};
use lexpair::vocabulary::System;
use std::collections::BTreeMap;
use std::path::PathBuf;

fn corpus() -> PathBuf {
    common::corpus("dubov-2026")
}

/// The rounds of `rounds.csv` whose `agreed` column is `yes`, grouped by tournament.
fn agreed_rounds() -> BTreeMap<String, Vec<u32>> {
    let text = std::fs::read_to_string(corpus().join("rounds.csv")).expect("rounds.csv readable");
    let mut lines = text.lines();
    let header: Vec<&str> = lines.next().expect("rounds.csv has a header").split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap_or_else(|| panic!("no column {name}"));
    let (ct, cr, ca) = (col("tournament"), col("round"), col("agreed"));
    let mut out: BTreeMap<String, Vec<u32>> = BTreeMap::new();
    for line in lines {
        let cols: Vec<&str> = line.split(',').collect();
        if cols.get(ca) == Some(&"yes") {
            let round: u32 = cols[cr].parse().expect("round number");
            out.entry(cols[ct].to_string()).or_default().push(round);
        }
    }
    out
}

fn replay(list: &[(String, Vec<u32>)]) -> (usize, usize, Vec<String>) {
    let (mut same, mut total, mut diffs) = (0, 0, Vec::new());
    for (name, rounds) in list {
        let path = corpus().join("tournaments").join(format!("{name}.trf"));
        let doc: TrfDocument = read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for &r in rounds {
            total += 1;
            match check_round(&doc, System::Dubov2026, r, &PairOptions::default()) {
                Some(rc) if rc.outcome == Outcome::Identical => same += 1,
                other => diffs.push(format!("{name} round {r}: {other:?}")),
            }
        }
    }
    (same, total, diffs)
}

#[test]
fn agreed_rounds_are_identical_to_both_witnesses() {
    let all: Vec<(String, Vec<u32>)> = agreed_rounds().into_iter().collect();
    let (even, odd): (Vec<_>, Vec<_>) = all.into_iter().enumerate().partition(|(k, _)| k % 2 == 0);
    let strip = |v: Vec<(usize, (String, Vec<u32>))>| v.into_iter().map(|(_, x)| x).collect::<Vec<_>>();
    let (even, odd) = (strip(even), strip(odd));
    let (a, b) = std::thread::scope(|s| {
        let h = s.spawn(|| replay(&odd));
        (replay(&even), h.join().expect("replay thread"))
    });
    let (same, total) = (a.0 + b.0, a.1 + b.1);
    let mut diffs = a.2;
    diffs.extend(b.2);
    println!("dubov-2026 agreed rounds: identical {same}/{total}");
    assert!(total >= 1127, "only {total} agreed rounds replayed");
    assert!(diffs.is_empty(), "identical {same}/{total}; discrepancies:\n{}", diffs.join("\n"));
}
