//! Writing results: standard output, a regular file replaced only once its content is complete,
//! or anything else (a device, a FIFO) written through.
//!
//! Invariants: an existing regular file is either replaced whole or left as it was (a temporary
//! file in the same folder, synced, then renamed over it); a symbolic link is followed and its
//! target written, never the link replaced; a device or FIFO is opened and written, never
//! replaced by a plain file. Any write error is exit 5 (`Failure::File`) naming the path.
//!
//! Output never destroys input: every file a command reads is noted ([`note_input`]: the TRF
//! files, formulation files, the generator's configuration), and an output that is one of them
//! (the same path, another path to the same file, a symbolic or hard link to it) is refused with
//! exit 3 before anything is written. Writing beside it and renaming would still replace the
//! tournament the arbiter has, so the answer is to name another file.

use super::Failure;
use lexpair::vocabulary::System;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// The files read by this command: the path as given and the file's identity.
static INPUTS: Mutex<Vec<(PathBuf, FileId)>> = Mutex::new(Vec::new());

/// What makes two paths the same file: device and inode (the canonical path where there are none).
#[derive(Clone, Debug, PartialEq, Eq)]
struct FileId(#[cfg(unix)] (u64, u64), #[cfg(not(unix))] PathBuf);

fn file_id(path: &Path) -> Option<FileId> {
    let m = std::fs::metadata(path).ok()?;
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some(FileId((m.dev(), m.ino())))
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        std::fs::canonicalize(path).ok().map(FileId)
    }
}

/// Notes that the command reads `path`, so that no output replaces it.
pub fn note_input(path: &Path) {
    if let (Some(id), Ok(mut inputs)) = (file_id(path), INPUTS.lock()) {
        inputs.push((path.to_path_buf(), id));
    }
}

/// Exit 3 when `path` is a file the command read.
pub fn not_an_input(path: &Path) -> Result<(), Failure> {
    let Some(id) = file_id(path) else { return Ok(()) };
    let inputs = INPUTS.lock().map_err(|_| Failure::Internal("the list of input files is unusable".into()))?;
    match inputs.iter().find(|(_, i)| *i == id) {
        Some((input, _)) => {
            let same = if input.as_path() == path {
                String::new()
            } else {
                format!(" (the same file as {})", input.display())
            };
            Err(Failure::Invalid(format!(
                "{}: is an input of this command{same}; writing the output there would destroy it: name another \
                 output file (nothing written)",
                path.display()
            )))
        }
        None => Ok(()),
    }
}

/// [`emit`] for a command whose output is the next state of its input (`results` writes the
/// tournament with the round's results): the input is no longer needed once the new file is
/// complete, so it may be replaced, whole, by the temporary file renamed over it.
pub fn emit_replacing(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        Some(p) if p.as_os_str() != "-" => write_file(p, text),
        _ => emit(path, text),
    }
}

/// Writes `text` to `path`, or to standard output when `path` is `None` or `-`; never over a
/// file the command read.
pub fn emit(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => print_stdout(text),
        Some(p) if p.as_os_str() == "-" => print_stdout(text),
        Some(p) => {
            not_an_input(p)?;
            write_file(p, text)
        }
    }
}

fn print_stdout(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|_| out.flush()).map_err(|e| Failure::File(format!("standard output: {e}")))
}

fn write_file(path: &Path, text: &str) -> Result<(), Failure> {
    let fail = |e: std::io::Error| Failure::File(format!("{}: cannot write: {e}", path.display()));
    // Follow symbolic links: the link stays, its target is written.
    let target = match std::fs::symlink_metadata(path) {
        Ok(m) if m.file_type().is_symlink() => std::fs::canonicalize(path).map_err(fail)?,
        _ => path.to_path_buf(),
    };
    match std::fs::metadata(&target) {
        Ok(m) if !m.is_file() && !m.is_dir() => write_through(&target, text).map_err(fail),
        _ => write_atomic(&target, text).map_err(fail),
    }
}

/// A device or FIFO: opened for writing (no truncation needed, none attempted) and written.
fn write_through(path: &Path, text: &str) -> std::io::Result<()> {
    let mut f = std::fs::OpenOptions::new().write(true).open(path)?;
    f.write_all(text.as_bytes())?;
    f.flush()
}

/// A regular file (or a new one): temporary file in the same folder, synced, renamed over it.
fn write_atomic(path: &Path, text: &str) -> std::io::Result<()> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let tmp = path.with_file_name(format!(".{name}.lexpair-tmp"));
    let result = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(text.as_bytes())?;
        f.sync_all()?;
        std::fs::rename(&tmp, path)
    })();
    if result.is_err() && tmp.is_file() {
        let _ = std::fs::remove_file(&tmp);
    }
    result
}

/// `--write-lp DIR`: the folder made ready by the library (`lexpair::lp_folder`); a system that
/// exports no programs is exit 3, a folder that cannot be used or made exit 5.
pub fn prepare_lp_dir(dir: &Path, system: System) -> Result<PathBuf, Failure> {
    lexpair::lp_folder::prepare(dir, system).map_err(|e| match e {
        lexpair::lp_folder::LpFolderError::NotExported(m) => Failure::Invalid(m),
        lexpair::lp_folder::LpFolderError::File(m) => Failure::File(m),
    })
}
