//! Reading tournament files for the commands: the reader's warnings (lines read but not used,
//! games in progress) go to standard error as `lexpair: warning: FILE:LINE: ...`, once per kind,
//! before anything else is done with the file.

use lexpair::trf::{self, ReadFileError, ReadOptions, TrfDocument};
use std::path::Path;

/// Reads `path` and prints its warnings.
pub fn read_trf(path: &Path, opts: &ReadOptions) -> Result<TrfDocument, ReadFileError> {
    super::output::note_input(path);
    let doc = trf::read_file(path, opts)?;
    for w in &doc.notes.warnings {
        eprintln!("lexpair: warning: {w}");
    }
    Ok(doc)
}
