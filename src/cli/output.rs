//! Writing results: standard output, or a file replaced only once its content is complete.

use super::Failure;
use std::io::Write;
use std::path::Path;

/// Writes `text` to `path` atomically (temporary file in the same folder, then rename), or to
/// standard output when `path` is `None` or `-`.
pub fn emit(path: Option<&Path>, text: &str) -> Result<(), Failure> {
    match path {
        None => print_stdout(text),
        Some(p) if p.as_os_str() == "-" => print_stdout(text),
        Some(p) => write_atomic(p, text),
    }
}

fn print_stdout(text: &str) -> Result<(), Failure> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).and_then(|_| out.flush()).map_err(|e| Failure::File(format!("standard output: {e}")))
}

fn write_atomic(path: &Path, text: &str) -> Result<(), Failure> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let tmp = path.with_file_name(format!(".{name}.lexpair-tmp"));
    let fail = |e: std::io::Error| Failure::File(format!("{}: {e}", path.display()));
    let result = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}
