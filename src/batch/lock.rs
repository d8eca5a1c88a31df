//! One batch at a time in an output folder. Two runs writing into one folder both read the
//! records already there, then each computed every unit left and appended it (issue 43: 893
//! records for 300 units). A run holds an advisory lock (`flock`) on `OUT/.lexpair-batch.lock`,
//! which holds its process id, for as long as it writes there; a second run is refused naming
//! that process. The system releases the lock when the process ends however it ends (SIGKILL
//! included), so a killed run never leaves a stale lock behind for the next one to remove.

use std::fs::{File, OpenOptions};
use std::io::{Read, Seek, Write};
use std::path::Path;

/// The name of the lock file in an output folder.
pub const LOCK_FILE: &str = ".lexpair-batch.lock";

/// The lock on an output folder, held until dropped.
#[derive(Debug)]
pub struct FolderLock {
    _file: File,
}

impl FolderLock {
    /// Takes the lock on folder `out` (which must exist), or says which process holds it.
    pub fn take(out: &Path) -> Result<FolderLock, String> {
        let path = out.join(LOCK_FILE);
        let shown = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut file =
            OpenOptions::new().read(true).write(true).create(true).truncate(false).open(&path).map_err(shown)?;
        if let Err(e) = try_lock(&file) {
            if e.kind() != std::io::ErrorKind::WouldBlock {
                return Err(shown(e));
            }
            let mut holder = String::new();
            let _ = file.read_to_string(&mut holder);
            let holder = holder.trim();
            let who = if holder.is_empty() { "another process".to_string() } else { format!("process {holder}") };
            return Err(format!(
                "{}: another batch ({who}) is writing into this folder; two runs into one folder would each compute \
                 every unit left: wait for it to end, or give another -o",
                out.display()
            ));
        }
        file.set_len(0).and_then(|_| file.rewind()).map_err(shown)?;
        writeln!(file, "{}", std::process::id()).and_then(|_| file.flush()).map_err(shown)?;
        Ok(FolderLock { _file: file })
    }
}

/// An exclusive advisory lock on `file`, without waiting: `WouldBlock` when another holds one.
#[cfg(unix)]
fn try_lock(file: &File) -> std::io::Result<()> {
    use std::os::unix::io::AsRawFd;
    // SAFETY: flock on a descriptor `file` owns and keeps open; LOCK_NB makes it return at once.
    let r = unsafe { libc::flock(file.as_raw_fd(), libc::LOCK_EX | libc::LOCK_NB) };
    if r == 0 {
        return Ok(());
    }
    let e = std::io::Error::last_os_error();
    if e.raw_os_error() == Some(libc::EWOULDBLOCK) {
        return Err(std::io::Error::new(std::io::ErrorKind::WouldBlock, e));
    }
    Err(e)
}

/// Without `flock`: no lock (a second run is not detected).
#[cfg(not(unix))]
fn try_lock(_: &File) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_lock_on_a_folder_is_refused_naming_the_first_holder() {
        let dir = std::env::temp_dir().join(format!("lexpair-lock-{}", std::process::id()));
        std::fs::create_dir_all(&dir).expect("dir");
        let first = FolderLock::take(&dir).expect("the first takes it");
        let e = FolderLock::take(&dir).expect_err("held");
        assert!(e.contains(&format!("process {}", std::process::id())), "{e}");
        drop(first);
        FolderLock::take(&dir).expect("released with its holder");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
