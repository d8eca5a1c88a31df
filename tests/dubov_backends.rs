//! The Dubov bracket programs are pure matching models: HiGHS (stage by stage) and the exact
//! weighted matching (all stages merged) must give the same pairing.

use lexpair::systems::{pair_round, Backend, PairOptions, System};
use lexpair::tournament::Tournament;
use lexpair::trf::{read_file, ReadOptions};
use std::path::Path;

#[test]
fn highs_and_matching_backends_agree() {
    // Rounds that need upfloaters (C.6, C.7, D.1), shifters (D.2) and a non-identity T2.
    for (name, round) in [("t0007", 6), ("t0300", 7), ("t0070", 2), ("t0010", 10), ("t0007", 3)] {
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../shared/corpus/dubov-2026/tournaments")
            .join(format!("{name}.trf"));
        let doc = read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let t = Tournament::before_round(&doc, round).unwrap_or_else(|e| panic!("{e}"));
        let m = pair_round(System::Dubov2026, &t, &PairOptions::default()).expect("matching backend");
        let h = pair_round(System::Dubov2026, &t, &PairOptions { backend: Backend::Highs, ..PairOptions::default() })
            .expect("HiGHS backend");
        assert_eq!(m, h, "{name} round {round}");
    }
}
