//! The TRF reader on any bytes: an error or a document, never a panic; a document read is
//! written and read back to an equal document; and a text the independent oracle
//! (`trf_oracle::judge`, written from the format texts, importing nothing from lexpair) calls
//! broken is never read (issue 43: "a reader that refuses what it cannot read in full").
#![no_main]

use lexpair::trf::{read_str, write, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // The text a reader of the file sees: UTF-8, or else Latin-1 (`trf::read_file`).
    let text = match std::str::from_utf8(data) {
        Ok(t) => t.to_string(),
        Err(_) => data.iter().map(|&b| char::from(b)).collect(),
    };
    let verdict = trf_oracle::judge(&text);
    for check_scores in [true, false] {
        if let Ok(doc) = read_str(&text, "fuzz.trf", &ReadOptions { check_scores }) {
            if let Err(b) = &verdict {
                panic!("read a text the oracle calls broken ({b})");
            }
            let again = read_str(&write(&doc, doc.flavor), "again.trf", &ReadOptions { check_scores: false });
            assert!(again.is_ok(), "lexpair cannot read back what it wrote: {again:?}");
        }
    }
});
