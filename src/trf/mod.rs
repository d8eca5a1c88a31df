//! TRF16 (with the JaVaFo/bbpPairings extensions) and TRF-2026: reader and writer.
//!
//! `read_str` → `write` → `read_str` gives back an equal [`TrfDocument`].

mod document;
mod error;
mod read;
mod write;

pub use document::*;
pub use error::{at, in_file, TrfError, TrfWarning};
pub use read::{read_file, read_str, ReadFileError, ReadOptions};
pub use write::write;
