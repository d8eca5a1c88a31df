//! The Dubov bracket programs are pure matching models: HiGHS (stage by stage) and the exact
//! weighted matching (all stages merged) must give the same pairing.

use crate::common;
use lexpair::vocabulary::System;

#[test]
fn highs_and_matching_backends_agree() {
    // Rounds that need upfloaters (C.6, C.7, D.1), shifters (D.2) and a non-identity T2.
    for (name, round) in [("t0007", 6), ("t0300", 7), ("t0070", 2), ("t0010", 10), ("t0007", 3)] {
        common::pair_on_both_backends(System::Dubov2026, &common::corpus_round("dubov-2026", name, round));
    }
}
