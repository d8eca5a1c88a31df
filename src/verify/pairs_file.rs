//! A round's pairing read from a file: the engines' pairs format, or a TRF with the round written.
//!
//! Pairs format (bbpPairings, JaVaFo): the number of lines, then `white black` TRF ids per board,
//! `id 0` for the pairing-allocated bye. A file whose first non-blank line is not a single number
//! is read as a TRF, and the round being checked is taken from it (games, forfeits, the PAB).
//! Errors name the file, the line and the field.

use crate::pairing::{Board, RoundPairing};
use crate::trf::{self, ReadFileError, ReadOptions};
use crate::units::Field;
use std::fmt;
use std::path::Path;

/// Why a pairing file could not be read.
#[derive(Debug)]
pub enum PairsFileError {
    /// The file could not be read at all (exit code 5 at the binary's edge).
    Io {
        /// The file, as given.
        file: String,
        /// Why it could not be read.
        source: std::io::Error,
    },
    /// A line of a pairs file is malformed or names an unknown player (exit code 3).
    Line {
        /// The file, as given.
        file: String,
        /// The line, 1-based.
        line: usize,
        /// The field at fault: `count`, `line`, `white` or `black`.
        field: &'static str,
        /// What is wrong with it.
        message: String,
    },
    /// The file is a TRF that could not be read.
    Trf(ReadFileError),
    /// The file is a TRF with no pairing recorded for the round being checked.
    NoRound {
        /// The file, as given.
        file: String,
        /// The round being checked, 1-based.
        round: u32,
    },
}

impl fmt::Display for PairsFileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PairsFileError::Io { file, source } => write!(f, "{file}: cannot read the file: {source}"),
            PairsFileError::Line { file, line, field, message } => write!(f, "{file}:{line}: {field}: {message}"),
            PairsFileError::Trf(e) => e.fmt(f),
            PairsFileError::NoRound { file, round } => write!(f, "{file}: no pairing recorded for round {round}"),
        }
    }
}

impl std::error::Error for PairsFileError {}

/// Reads the pairing of the round `t` is before from `path` (pairs format or TRF); for teams,
/// team numbers, and the team with White on board 1 first.
pub fn read_pairing<'a>(path: &Path, t: impl Into<Field<'a>>) -> Result<RoundPairing, PairsFileError> {
    let t: Field = t.into();
    let file = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| PairsFileError::Io { file: file.clone(), source })?;
    let text = String::from_utf8_lossy(&bytes);
    let first = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
    if first.split_whitespace().count() == 1 && first.trim().parse::<u64>().is_ok() {
        return parse_pairs(&text, &file, t);
    }
    let doc = trf::read_file(path, &ReadOptions { check_scores: false }).map_err(PairsFileError::Trf)?;
    let rp = match t {
        Field::Players(t) => RoundPairing::recorded(&doc, t),
        Field::Teams(t) => crate::team::recorded_round(&doc, t.round).unwrap_or_default(),
        Field::Double(t) => crate::double::recorded_round(&doc, t.round).unwrap_or_default(),
    };
    if rp.boards.is_empty() && rp.bye.is_none() {
        return Err(PairsFileError::NoRound { file, round: t.round() });
    }
    Ok(rp)
}

/// Parses the pairs format; ids are resolved against `t`.
pub fn parse_pairs<'a>(text: &str, file: &str, t: impl Into<Field<'a>>) -> Result<RoundPairing, PairsFileError> {
    let t: Field = t.into();
    let unit = t.unit().name();
    let err = |line: usize, field: &'static str, message: String| PairsFileError::Line {
        file: file.to_string(),
        line,
        field,
        message,
    };
    let mut lines = text.lines().enumerate().map(|(k, l)| (k + 1, l)).filter(|(_, l)| !l.trim().is_empty());
    let (n0, head) = lines.next().ok_or_else(|| err(1, "count", "the file is empty".into()))?;
    let count: usize = head
        .trim()
        .parse()
        .map_err(|_| err(n0, "count", format!("expected the number of lines, found '{}'", head.trim())))?;
    let mut rp = RoundPairing::default();
    let mut read = 0;
    for (no, line) in lines {
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != 2 {
            return Err(err(no, "line", format!("expected two ids, found {} fields", fields.len())));
        }
        let id = |k: usize, field: &'static str| -> Result<u32, PairsFileError> {
            fields[k].parse::<u32>().map_err(|_| err(no, field, format!("'{}' is not a {unit} id", fields[k])))
        };
        let (w, b) = (id(0, "white")?, id(1, "black")?);
        let index = |v: u32, field: &'static str| {
            t.index_of(v).ok_or_else(|| err(no, field, format!("no {unit} with id {v} in the tournament")))
        };
        match b {
            0 => {
                if rp.bye.is_some() {
                    return Err(err(no, "black", "a second pairing-allocated bye line".into()));
                }
                rp.bye = Some(index(w, "white")?);
            }
            _ => rp.boards.push(Board { white: index(w, "white")?, black: index(b, "black")? }),
        }
        read += 1;
    }
    if read != count {
        return Err(err(n0, "count", format!("announces {count} lines, the file has {read}")));
    }
    Ok(rp)
}
