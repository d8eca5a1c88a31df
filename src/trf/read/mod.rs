//! Reading TRF16 (with the JaVaFo TRF(x) and bbpPairings TRF(bx) extensions) and TRF-2026.
//!
//! Columns are counted in characters, not bytes (names may hold UTF-8 letters); lines may end in
//! LF, CR LF or a bare CR, stop before the last field or carry trailing blanks. Every problem is
//! reported as a [`TrfError`] naming the line, the first column of the field, the field and what
//! was expected; what is read but not used is named once per kind in a
//! [`TrfWarning`](crate::trf::TrfWarning) (`unread`).
//! Nothing here indexes into input data: every column is read through [`Line`], which answers a
//! blank for columns past the end of the line.
//!
//! The reader is split by concept:
//! - `line`: a line addressed by character columns, its words, and the small parsers;
//! - `shape`: what a line may be (blank, comment, ruler, a record with its code in columns 1-3),
//!   everything else refused;
//! - `reader`: the reader's state, the dispatch on columns 1-3 and the end of the file;
//! - `player`: the `001` player record and its round blocks;
//! - `point_system`: the point system (bbpPairings `BB*`, JaVaFo `XXS`, TRF-2026 tag `162`);
//! - `extensions`: the other JaVaFo TRF(x) extensions (`XXR`, `XXC`, `XXA`, `XXP`, `XXZ`);
//! - `trf26`: the TRF-2026 tags and records of every tournament (152, 240, 250, 260);
//! - `teams`: the teams (`310`, TRF16 `013`), tags 352 and 362, the fixed-column team fields;
//! - `team_records`: the other team records (`320`, `330`, `300`, `299`);
//! - `checks`: the whole-file consistency checks (starting ranks, references, games, scores);
//! - `reconcile`: the one place where records stating the same fact, absences and results, and
//!   the boards of `352` and of the results are held against each other;
//! - `team_checks`: the whole-file checks of the rosters of a team file;
//! - `unread`: the lines kept but not read (comments, rulers, other programs' records) and the
//!   warnings, each kind of line named once.

mod accelerations;
mod checks;
mod extensions;
mod line;
mod player;
mod point_state;
mod point_system;
mod reader;
mod reconcile;
mod shape;
mod team_checks;
mod team_records;
mod teams;
mod trf26;
mod unread;

use super::document::TrfDocument;
use super::error::TrfError;
use line::Line;
use reader::Reader;
use std::fmt;
use std::path::Path;

pub(super) use accelerations::{expand_accelerations, AccelerationRange};

/// How strictly to read.
#[derive(Clone, Debug)]
pub struct ReadOptions {
    /// Check each player's points (columns 81-84) against the sum of the round results under
    /// the point system (as bbpPairings does, and JaVaFo when XXS is used). A blank points
    /// column is never checked.
    pub check_scores: bool,
}

impl Default for ReadOptions {
    fn default() -> Self {
        ReadOptions { check_scores: true }
    }
}

/// Reads a whole TRF held in memory; `file` is the name used in error messages.
pub fn read_str(text: &str, file: &str, opts: &ReadOptions) -> Result<TrfDocument, TrfError> {
    let mut reader = Reader::new(file);
    for (index, raw) in split_lines(text).enumerate() {
        // A byte-order mark starts the file, or a line where files were concatenated: invisible
        // either way, and not part of the record tag in columns 1-3.
        let raw = raw.trim_start_matches('\u{feff}');
        reader.read_line(&Line::new(index + 1, raw))?;
    }
    reader.finish(opts)
}

/// Lines ending in LF, CR LF (TRF16 Remark 1 asks for a CR at the end of each line) or a bare
/// CR (old Mac files), in any mix: each of the three ends one line.
fn split_lines(text: &str) -> impl Iterator<Item = &str> + '_ {
    let mut rest = text;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        let Some(i) = rest.find(['\r', '\n']) else {
            return Some(std::mem::take(&mut rest));
        };
        let line = &rest[..i];
        let end = if rest[i..].starts_with("\r\n") { i + 2 } else { i + 1 };
        rest = &rest[end..];
        Some(line)
    })
}

/// A TRF file that could not be read: either the file itself or its contents.
#[derive(Debug)]
pub enum ReadFileError {
    /// The file could not be read.
    Io {
        /// The file name, as the path displays.
        file: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// The contents are not a valid TRF.
    Format(TrfError),
}

impl fmt::Display for ReadFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadFileError::Io { file, source } => {
                write!(f, "{file}: cannot read the file: {source}")
            }
            ReadFileError::Format(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for ReadFileError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            ReadFileError::Io { source, .. } => Some(source),
            ReadFileError::Format(e) => Some(e),
        }
    }
}

impl From<TrfError> for ReadFileError {
    fn from(e: TrfError) -> Self {
        ReadFileError::Format(e)
    }
}

/// Reads a TRF file, which must hold a tournament: at least one player record (an empty file, a
/// header alone or a file of another kind is refused; [`read_str`] accepts a header alone, as a
/// part of a document). UTF-8 is expected (JaVaFo AUM: "it is recommended that such file is written
/// using the UTF-8 encoding"); a file that is not valid UTF-8 is read as Latin-1, the encoding of
/// older tournament programs. Error messages name the file as `path` displays.
pub fn read_file(path: &Path, opts: &ReadOptions) -> Result<TrfDocument, ReadFileError> {
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| ReadFileError::Io { file: file.clone(), source })?;
    let text = match String::from_utf8(bytes) {
        Ok(text) => text,
        Err(e) => e.into_bytes().iter().map(|&b| char::from(b)).collect(),
    };
    let doc = read_str(&text, &file, opts)?;
    if doc.players.is_empty() {
        let lines = split_lines(&text).count();
        let message = format!("no player record (001) in {lines} line(s); this is not a TRF tournament");
        let e = TrfError { file, line: 0, column: 0, field: "player section".into(), message };
        return Err(e.into());
    }
    Ok(doc)
}
