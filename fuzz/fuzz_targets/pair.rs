//! The whole `pair` path of every system on any TRF the reader accepts (fields of up to 40
//! players, so that an execution stays short): a pairing or an error, never a panic, and the
//! same answer twice.
#![no_main]

use lexpair::options::PairOptions;
use lexpair::tournament::round_to_pair;
use lexpair::trf::{read_str, ReadOptions};
use lexpair::vocabulary::System;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let Ok(doc) = read_str(&text, "fuzz.trf", &ReadOptions { check_scores: false }) else {
        return;
    };
    if doc.players.len() > 40 {
        return;
    }
    let Ok(round) = round_to_pair(&doc, None) else {
        return;
    };
    // A team file's teams, or the players of any other file.
    let Ok(event) = lexpair::round::Event::before_round(&doc, round) else {
        return;
    };
    let t = event.field();
    let opts = PairOptions::default();
    for system in System::ALL {
        let first = lexpair::round::pair(t, system, &opts).map(|r| t.pairs_text(&r.pairing)).map_err(|e| e.to_string());
        let again = lexpair::round::pair(t, system, &opts).map(|r| t.pairs_text(&r.pairing)).map_err(|e| e.to_string());
        assert_eq!(first, again, "{system}: two runs differ");
    }
});
