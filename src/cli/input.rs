//! Reading tournament files for the commands: the reader's warnings (lines read but not used,
//! games in progress) go to standard error as `lexpair: warning: FILE:LINE: ...`, once per kind,
//! before anything else is done with the file. Also the other inputs several commands read: a
//! formulation file (`--model`), a groups file (`--groups`), the TRF files of a folder.

use super::Failure;
use lexpair::trf::{self, ReadFileError, ReadOptions, TrfDocument};
use std::path::{Path, PathBuf};

/// Reads `path` and prints its warnings.
pub fn read_trf(path: &Path, opts: &ReadOptions) -> Result<TrfDocument, ReadFileError> {
    super::output::note_input(path);
    let doc = trf::read_file(path, opts)?;
    for w in &doc.notes.warnings {
        eprintln!("lexpair: warning: {w}");
    }
    Ok(doc)
}

/// Reads a formulation file; keys are checked against the system when pairing.
pub fn read_model(path: &Path) -> Result<lexpair::model::formulation::Formulation, Failure> {
    use lexpair::model::formulation::{Formulation, FormulationFileError};
    super::output::note_input(path);
    Formulation::read_file(path).map_err(|e| match e {
        FormulationFileError::Io(m) => Failure::File(m),
        FormulationFileError::Format(m) => Failure::Invalid(m),
    })
}

/// `--groups FILE`, read (exit 5 when unreadable, 3 when not a groups file).
pub fn read_groups(
    path: Option<&Path>,
) -> Result<Option<std::sync::Arc<lexpair::tournament::attributes::Groups>>, Failure> {
    let Some(path) = path else { return Ok(None) };
    match lexpair::tournament::attributes::Groups::read(path) {
        Ok(g) => Ok(Some(std::sync::Arc::new(g))),
        Err((5, m)) => Err(Failure::File(m)),
        Err((_, m)) => Err(Failure::Invalid(m)),
    }
}

/// The *.trf files below `dir`, recursively (in no particular order).
pub fn trf_files_in(dir: &Path) -> Result<Vec<PathBuf>, Failure> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let entries = std::fs::read_dir(&d).map_err(|e| Failure::File(format!("{}: {e}", d.display())))?;
        for e in entries.flatten() {
            let q = e.path();
            if q.is_dir() {
                stack.push(q);
            } else if q.extension().is_some_and(|x| x.eq_ignore_ascii_case("trf")) {
                out.push(q);
            }
        }
    }
    Ok(out)
}
