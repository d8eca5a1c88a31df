//! Errors of the TRF reader: each names the file, line, column and field, and what was expected.

use std::fmt;

/// A malformed or inconsistent TRF file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfError {
    /// The file name as given to the reader (`"<input>"` when reading a string).
    pub file: String,
    /// 1-based line number; 0 when the problem concerns the file as a whole.
    pub line: usize,
    /// 1-based column of the offending field; 0 when not tied to a column.
    pub column: usize,
    /// The field, in the words of the format (e.g. `"points (columns 81-84)"`, `"XXR"`).
    pub field: String,
    /// What was wrong and what was expected.
    pub message: String,
}

impl fmt::Display for TrfError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (self.line, self.column) {
            (0, _) => write!(f, "{}: {}: {}", self.file, self.field, self.message),
            (l, 0) => write!(f, "{}:{}: {}: {}", self.file, l, self.field, self.message),
            (l, c) => write!(f, "{}:{}:{}: {}: {}", self.file, l, c, self.field, self.message),
        }
    }
}

impl std::error::Error for TrfError {}

/// Something the reader read but does not use (an unknown tag, a Tornelo `DAT` line), or read in
/// a way worth saying (a lichess game in progress): one per kind, at its first line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrfWarning {
    /// The file name as given to the reader (`"<input>"` when reading a string).
    pub file: String,
    /// 1-based line number of the first line concerned.
    pub line: usize,
    /// The field or record, in the words of the format (e.g. `"DAT"`, `"round 3 result (column 119)"`).
    pub field: String,
    /// What was read, and what was done with it.
    pub message: String,
}

impl fmt::Display for TrfWarning {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.line {
            0 => write!(f, "{}: {}: {}", self.file, self.field, self.message),
            l => write!(f, "{}:{}: {}: {}", self.file, l, self.field, self.message),
        }
    }
}

/// The place of a message about a line of a file, as the state builders word it when the file
/// name is not theirs to know: `LINE:COLUMN: message` (`LINE: message` without a column), which
/// [`in_file`] joins to the file name as `FILE:LINE:COLUMN: message`, the form of every reader
/// error ([`TrfError`]).
pub fn at(line: usize, column: usize, message: impl fmt::Display) -> String {
    match (line, column) {
        (0, _) => message.to_string(),
        (l, 0) => format!("{l}: {message}"),
        (l, c) => format!("{l}:{c}: {message}"),
    }
}

/// `FILE:LINE:COLUMN: ...` for a message that begins with its place ([`at`]), `FILE: ...` for
/// any other.
pub fn in_file(file: impl fmt::Display, message: &str) -> String {
    let digits = message.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0 && message.as_bytes().get(digits) == Some(&b':') {
        format!("{file}:{message}")
    } else {
        format!("{file}: {message}")
    }
}
