//! The state builder on any TRF the reader accepts: every round up to the next one, and the
//! round detection.
#![no_main]

use lexpair::tournament::{next_round, round_to_pair, Tournament};
use lexpair::trf::{read_str, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(doc) = read_str(&text, "fuzz.trf", &ReadOptions { check_scores: false }) else {
        return;
    };
    let _ = round_to_pair(&doc, None);
    let next = next_round(&doc).min(doc.rounds_in_file() + 1).min(64);
    for round in 0..=next {
        let _ = Tournament::before_round(&doc, round);
    }
});
