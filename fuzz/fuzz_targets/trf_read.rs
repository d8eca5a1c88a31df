//! The TRF reader on any bytes: an error or a document, never a panic; a document read is
//! written and read back to an equal document.
#![no_main]

use lexpair::trf::{read_str, write, ReadOptions};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    for check_scores in [true, false] {
        if let Ok(doc) = read_str(&text, "fuzz.trf", &ReadOptions { check_scores }) {
            let again = read_str(&write(&doc, doc.flavor), "again.trf", &ReadOptions { check_scores: false });
            assert!(again.is_ok(), "lexpair cannot read back what it wrote: {again:?}");
        }
    }
});
