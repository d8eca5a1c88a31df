//! Lines kept but not read, and the reader's warnings.
//!
//! Every line the reader does not interpret is kept as written (`TrfDocument::other_lines`).
//! Decoration is kept silently: blank lines, TRF-2026 comments (`###` in columns 1-3, Remark 1,
//! which Swiss-Manager also uses for column rulers such as `### NNNN ...`), the column rulers
//! Swiss-Manager writes above its player section (rows of digits, the `DDD SSSS sTTT NNN...`
//! legend), and TRF-2026's informative team records 801/802. Anything else read but not used is
//! named once in a warning (per kind, at its first line, with the number of lines): a tag of
//! neither edition, Tornelo's `DAT` player data and `XRS` lines, TRF-2026 national rating
//! records, unknown record codes. A warning is also given, once, for a lichess game in progress
//! (`Z` against an opponent), which the player reader takes as a game without a result yet.

use super::line::{parse_player_id, Line};
use super::reader::{Reader, Unread};
use crate::trf::{Tag, TrfWarning};

/// Tournament-section tags of TRF16 and TRF-2026 kept as written without being interpreted (the
/// interpreted ones, 142, 152, 162, 192, 352 and 362, have their own readers).
pub(super) const KNOWN_TAGS: [&str; 18] = [
    "012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132", "172", "182", "202",
    "212", "222",
];

impl Reader<'_> {
    /// Counts one line of the kind `key`; the first one gives the warning its line, field and
    /// message.
    pub(super) fn warn_once(&mut self, key: &str, line: usize, field: &str, message: String) {
        match self.unread.iter_mut().find(|u| u.key == key) {
            Some(u) => u.count += 1,
            None => {
                self.unread.push(Unread { key: key.to_string(), line, count: 1, field: field.to_string(), message })
            }
        }
    }

    /// The warnings, in the order of their first lines.
    pub(super) fn warnings(&self) -> Vec<TrfWarning> {
        let mut out: Vec<TrfWarning> = self
            .unread
            .iter()
            .map(|u| {
                let message = match u.count {
                    1 => u.message.clone(),
                    n => format!("{} ({n} lines, the first here)", u.message),
                };
                TrfWarning { file: self.file.to_string(), line: u.line, field: u.field.clone(), message }
            })
            .collect();
        out.sort_by_key(|w| w.line);
        out
    }

    /// A tournament-section tag other than the interpreted ones: kept; named in a warning when
    /// it is a tag of neither TRF16 nor TRF-2026.
    pub(super) fn tag(&mut self, line: &Line, code: String) {
        if !KNOWN_TAGS.contains(&code.as_str()) {
            let message = "not a tag of TRF16 or TRF-2026; kept as written, not used".to_string();
            self.warn_once(&code, line.no, &format!("tag {code}"), message);
        }
        self.doc.tags.push(Tag { code, value: line.field(5, usize::MAX).trim_end().to_string() });
    }

    /// A line with no reader: kept as written (but for trailing blanks, which the writer does
    /// not repeat); named in a warning unless it is a comment, a ruler or an informative record.
    pub(super) fn unread_line(&mut self, line: &Line, code: &str) {
        self.doc.other_lines.push(line.text.trim_end().to_string());
        if code == "###" || code == "801" || code == "802" || code == "ruler" {
            return;
        }
        let (key, field, what) = match code {
            "DAT" => ("DAT", "DAT", "Tornelo's player data (DAT id TYPE value: e-mail, group, other ids)"),
            "XRS" => ("XRS", "XRS", "a Tornelo extension line"),
            _ if is_national_record(line, code) => (
                "NRS",
                "national rating record (columns 1-3 a federation)",
                "TRF-2026 national rating data; pairing numbers and ratings come from the 001 lines",
            ),
            _ => (code, "record tag (columns 1-3)", "not a record of TRF16, TRF-2026 or their extensions"),
        };
        let message = format!("{what}; kept as written, not used");
        self.warn_once(key, line.no, field, message);
    }
}

/// A TRF-2026 national rating (NRS) record: a three-letter federation code in columns 1-3 and a
/// starting-rank number in columns 5-8.
fn is_national_record(line: &Line, code: &str) -> bool {
    code.len() == 3
        && code.bytes().all(|b| b.is_ascii_uppercase())
        && line.at(4) == ' '
        && parse_player_id(&line.text_field(5, 8)).is_some()
}
