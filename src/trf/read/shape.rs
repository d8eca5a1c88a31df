//! What a line of a TRF file may be, decided before any record reader sees it: blank, a
//! comment (`###`, TRF-2026 Remark 1), a column ruler, or a record whose code stands in columns
//! 1-3 followed by a blank (TRF16 and TRF-2026: "Data Identification number", positions 1-3).
//! Anything else is refused, naming the line and the column, so that no record is ever lost by
//! being read as something else:
//! - a character before the code (a blank, a tab, a NUL, a no-break or zero-width space): the
//!   record would stand one column off, and a `001` or `310` line read as an unknown line would
//!   drop a player or a team without a word;
//! - a code that is not three letters or digits, or not followed by a blank;
//! - a code of digits that neither format defines and that is no tournament-section tag (`??2`,
//!   TRF16 "Tournament Section"): a damaged `001`, `310`, `240`, ...; and a tag of neither edition
//!   laid out as a player record (a `001` damaged into `002`);
//! - a code in the extensions' own name spaces (`XX?`, JaVaFo; `BB?`, bbpPairings) that the
//!   reader does not read, or a known code written in lower case: an extension that may change
//!   the pairing is never skipped;
//! - a control character (U+0000-U+001F, U+007F) inside a record read by its columns (`001`,
//!   `013`, `310`, `320`, `330`, `300`, `299`): a tab or a NUL shifts or hides its fields.
//!
//! What stays a warning is what the formats leave to others: a tag `??2` of neither edition and
//! a record coded by three letters (TRF-2026's national rating records, Tornelo's `DAT`, other
//! programs' lines), kept as written (`unread`).

use super::line::{looks_like_player, Line};
use super::reader::Reader;
use super::unread::KNOWN_TAGS;
use crate::trf::TrfError;

/// The codes of the records and tags the reader reads (beside the tournament-section tags).
pub(super) const READ_CODES: [&str; 28] = [
    "001", "013", "142", "152", "162", "192", "240", "250", "260", "299", "300", "310", "320", "330", "352", "362",
    "801", "802", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ",
];
/// The records read by their columns (the others are read as blank-separated words).
const FIXED_COLUMNS: [&str; 7] = ["001", "013", "299", "300", "310", "320", "330"];
/// The rest of bbpPairings' point-system codes.
const MORE_CODES: [&str; 2] = ["BBF", "BBU"];

fn is_read_code(code: &str) -> bool {
    READ_CODES.contains(&code) || MORE_CODES.contains(&code)
}

/// A column ruler: digits counting the columns, as Swiss-Manager writes above its player
/// section. Either the units (`1234567890123...`, the digit of each column) or the tens (each
/// number ending in the column it counts: `         1         2 ...        10`), and
/// Swiss-Manager's field legend (`DDD SSSS sTTT NNNN...`).
pub(super) fn is_ruler(line: &Line) -> bool {
    let text = line.text.trim_end();
    if text.starts_with("DDD SSSS") {
        return true;
    }
    let units =
        !text.is_empty() && text.chars().enumerate().all(|(i, c)| c.to_digit(10) == Some(((i + 1) % 10) as u32));
    units || is_tens_ruler(text)
}

/// `         1         2`: blanks, and numbers each ending in column 10·n where n is the number
/// (or its last digit).
fn is_tens_ruler(text: &str) -> bool {
    let chars: Vec<char> = text.chars().collect();
    let mut seen = false;
    let mut i = 0;
    while i < chars.len() {
        match chars[i] {
            ' ' => i += 1,
            c if c.is_ascii_digit() => {
                let start = i;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    i += 1;
                }
                let end = i; // 1-based column of the last digit
                let value: u64 = chars[start..end].iter().collect::<String>().parse().unwrap_or(u64::MAX);
                if end % 10 != 0 || (value != (end / 10) as u64 && value != (end / 10 % 10) as u64) {
                    return false;
                }
                seen = true;
            }
            _ => return false,
        }
    }
    seen
}

/// How a C0 control character is named in messages.
pub(super) fn describe_char(c: char) -> String {
    match c {
        '\t' => "a tab".to_string(),
        '\0' => "a NUL character".to_string(),
        ' ' => "a blank".to_string(),
        '\u{a0}' => "a no-break space (U+00A0)".to_string(),
        '\u{200b}' => "a zero-width space (U+200B)".to_string(),
        c if c.is_control() || c.is_whitespace() || is_invisible(c) => format!("U+{:04X}", c as u32),
        c => format!("'{c}'"),
    }
}

/// Characters that print as nothing (zero-width spaces and joiners, word joiner, soft hyphen,
/// byte-order mark): they hide in front of a code.
fn is_invisible(c: char) -> bool {
    matches!(c, '\u{ad}' | '\u{200b}'..='\u{200f}' | '\u{2060}'..='\u{2064}' | '\u{feff}')
}

impl Reader<'_> {
    /// Refuses a line that is neither blank, a comment, a ruler nor a record with a code in
    /// columns 1-3 followed by a blank; and a control character inside a record the reader
    /// reads. Returns the code (columns 1-3) of a record, `None` for a ruler.
    pub(super) fn record_code(&self, line: &Line) -> Result<Option<String>, TrfError> {
        const FIELD: &str = "record tag (columns 1-3)";
        if is_ruler(line) {
            return Ok(None);
        }
        let code = line.field(1, 3);
        if code == "###" {
            return Ok(Some(code));
        }
        let chars: Vec<char> = code.chars().collect();
        if let Some(k) = chars.iter().position(|c| !c.is_ascii_alphanumeric()) {
            let c = chars[k];
            let rest = line.text.trim_start_matches(|x: char| x.is_whitespace() || x.is_control() || is_invisible(x));
            let next: String = rest.chars().take(3).collect();
            let message = if k == 0 && (c.is_whitespace() || c.is_control() || is_invisible(c)) && !next.is_empty() {
                format!(
                    "{} before '{next}': a record starts in column 1 (its code in columns 1-3); shifted, each of its \
                     fields would be read from the wrong columns, or the record not read at all",
                    describe_char(c)
                )
            } else {
                format!(
                    "{} in column {}; expected a record code of three letters or digits (001, 310, XXR, ...), a \
                     ### comment or a blank line",
                    describe_char(c),
                    k + 1
                )
            };
            return Err(self.error(line.no, k + 1, FIELD, message));
        }
        if chars.len() < 3 {
            let message = format!(
                "the line ends in column {} inside the record code '{code}'; expected a record code of three letters \
                 or digits, a ### comment or a blank line",
                chars.len()
            );
            return Err(self.error(line.no, chars.len().max(1), FIELD, message));
        }
        let after = line.at(4);
        // A starting rank of five digits or more, run into column 4 or 9.
        let wide_id = line.text_field(4, 9);
        if code == "001" && wide_id.len() >= 5 && wide_id.bytes().all(|b| b.is_ascii_digit()) {
            let message = format!(
                "'{wide_id}' is a starting-rank number of {} digits; TRF16 and TRF-2026 give it columns 5-8, from 1 \
                 to 9999, so a file holds at most 9,999 players",
                wide_id.len()
            );
            let col = if line.at(4) == ' ' { 5 } else { 4 };
            return Err(self.error(line.no, col, "starting-rank number (columns 5-8)", message));
        }
        if line.end() >= 4 && !(after == ' ' || after == '\t') {
            let message = format!(
                "unexpected {} after the record code '{code}'; expected a blank in column 4",
                describe_char(after)
            );
            return Err(self.error(line.no, 4, "column 4", message));
        }
        let upper = code.to_ascii_uppercase();
        if upper != code && is_read_code(&upper) {
            let message = format!("'{code}' is written in lower case; expected {upper}");
            return Err(self.error(line.no, 1, FIELD, message));
        }
        let is_tag = code.ends_with('2') && code.bytes().all(|b| b.is_ascii_digit());
        // A tag of neither edition laid out as a player record is a damaged `001` (`002`).
        if is_tag && !is_read_code(&code) && !KNOWN_TAGS.contains(&code.as_str()) && looks_like_player(line) {
            return Err(self.error(line.no, 1, FIELD, unknown_numeric(&code, line)));
        }
        if !is_read_code(&code) && !is_tag {
            if code.bytes().any(|b| b.is_ascii_digit()) {
                return Err(self.error(line.no, 1, FIELD, unknown_numeric(&code, line)));
            }
            if upper.starts_with("XX") || upper.starts_with("BB") {
                let message = format!(
                    "'{code}' is not an extension lexpair reads (JaVaFo: XXR XXC XXS XXA XXP XXZ; bbpPairings: BBW BBD \
                     BBL BBZ BBF BBU); an extension may change the pairing, so it is not skipped"
                );
                return Err(self.error(line.no, 1, FIELD, message));
            }
        }
        if FIXED_COLUMNS.contains(&code.as_str()) {
            self.no_control_characters(line, &code)?;
        }
        Ok(Some(code))
    }

    /// A record the reader reads holds printable characters only: its fields are fixed columns.
    fn no_control_characters(&self, line: &Line, code: &str) -> Result<(), TrfError> {
        let found = line.text.chars().enumerate().find(|(_, c)| matches!(*c, '\0'..='\u{1f}' | '\u{7f}'));
        match found {
            Some((i, c)) => {
                let message = format!(
                    "{} in column {} of a {code} record; its fields are fixed columns of printable characters \
                     (expected blanks)",
                    describe_char(c),
                    i + 1
                );
                Err(self.error(line.no, i + 1, format!("column {}", i + 1), message))
            }
            None => Ok(()),
        }
    }
}

/// Why an unknown code with a digit is refused: the player layout is named as before (a damaged
/// `001`), any other as a code neither edition defines.
fn unknown_numeric(code: &str, line: &Line) -> String {
    if looks_like_player(line) {
        format!(
            "'{code}' is not a record tag, but the line is laid out as a player record; expected 001 (a damaged tag \
             would drop the player silently)"
        )
    } else {
        format!(
            "'{code}' is not a record tag: TRF16 and TRF-2026 define 001, 013, the tournament tags ending in 2, 240, \
             250, 260, 299, 300, 310, 320, 330, 801 and 802 (a damaged tag would drop its record silently)"
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ruler(text: &str) -> bool {
        is_ruler(&Line::new(1, text))
    }

    #[test]
    fn rulers_count_the_columns() {
        assert!(ruler("12345678901234567890"));
        assert!(ruler("         1         2         3"));
        assert!(ruler(
            "         1         2         3         4         5         6         7         8         9        10"
        ));
        assert!(ruler("DDD SSSS sTTT NNNN"));
        assert!(!ruler(" 001    1"));
        assert!(!ruler("  1"));
        assert!(!ruler("         2"));
        assert!(!ruler("1234567890 23"));
    }
}
