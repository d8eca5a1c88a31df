//! The folder `--write-lp DIR` (Python `write_lp=DIR`) writes a round's programs into, made
//! ready before any work: a system that states no programs lexpair can export is refused; the
//! folder is created when missing (its parent must exist: lexpair does not create paths it was
//! not given), used as it is when present.

use crate::vocabulary::System;
use std::path::{Path, PathBuf};

/// Why the folder cannot take the programs.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LpFolderError {
    /// The system solves no bracket programs lexpair can export (a request to refuse).
    NotExported(String),
    /// The folder cannot be used or made (a file-system error).
    File(String),
}

impl std::fmt::Display for LpFolderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LpFolderError::NotExported(m) | LpFolderError::File(m) => f.write_str(m),
        }
    }
}

/// `dir` ready to receive the programs of `system` (see the module header); messages start with
/// `--write-lp`.
pub fn prepare(dir: &Path, system: System) -> Result<PathBuf, LpFolderError> {
    if !system.registration().writes_lp {
        return Err(LpFolderError::NotExported(format!(
            "--write-lp: {system} solves no bracket programs that lexpair can export as LP files"
        )));
    }
    let shown = dir.display();
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => return Ok(dir.to_path_buf()),
        Ok(_) => return Err(LpFolderError::File(format!("--write-lp {shown}: exists and is not a folder"))),
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
            return Err(LpFolderError::File(format!("--write-lp {shown}: {e}")))
        }
        Err(_) => {}
    }
    let parent = dir.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if !parent.is_dir() {
        return Err(LpFolderError::File(format!(
            "--write-lp {shown}: the folder {} does not exist (lexpair creates {shown} itself, not its parents)",
            parent.display()
        )));
    }
    std::fs::create_dir(dir)
        .map_err(|e| LpFolderError::File(format!("--write-lp {shown}: cannot create the folder: {e}")))?;
    Ok(dir.to_path_buf())
}
