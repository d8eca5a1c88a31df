//! Lines and columns: the lexer under every record reader.
//!
//! A [`Line`] is addressed by 1-based character columns and answers a blank past its end, so
//! that no reader indexes into input data; [`Token`]s are its blank-separated words. The small
//! parsers for numbers and ids, the wording of what was expected, and the two tests of a line's
//! shape (a tournament-section tag, a damaged player record) live here too.

/// One line of the file, addressed by 1-based character columns.
pub(super) struct Line {
    pub(super) no: usize,
    pub(super) text: String,
    chars: Vec<char>,
}

/// A run of non-blank characters and the column where it starts.
pub(super) struct Token {
    pub(super) col: usize,
    pub(super) text: String,
}

impl Line {
    pub(super) fn new(no: usize, text: &str) -> Line {
        Line { no, text: text.to_string(), chars: text.chars().collect() }
    }

    /// The character in column `col` (1-based); a blank past the end of the line.
    pub(super) fn at(&self, col: usize) -> char {
        col.checked_sub(1).and_then(|i| self.chars.get(i)).copied().unwrap_or(' ')
    }

    /// Columns `from..=to` as written (only the part that exists).
    pub(super) fn field(&self, from: usize, to: usize) -> String {
        let from = from.max(1);
        if to < from {
            return String::new();
        }
        self.chars.iter().skip(from - 1).take(to - from + 1).collect()
    }

    /// Columns `from..=to` without surrounding blanks.
    pub(super) fn text_field(&self, from: usize, to: usize) -> String {
        self.field(from, to).trim().to_string()
    }

    /// The column of the last non-blank character (0 for a blank line).
    pub(super) fn end(&self) -> usize {
        self.chars.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1)
    }

    pub(super) fn is_blank(&self) -> bool {
        self.end() == 0
    }

    /// The blank-separated words from column `from` on.
    pub(super) fn tokens(&self, from: usize) -> Vec<Token> {
        let mut out = Vec::new();
        let mut current: Option<Token> = None;
        for (i, &c) in self.chars.iter().enumerate().skip(from.saturating_sub(1)) {
            if c.is_whitespace() {
                out.extend(current.take());
            } else if let Some(t) = current.as_mut() {
                t.text.push(c);
            } else {
                current = Some(Token { col: i + 1, text: c.to_string() });
            }
        }
        out.extend(current);
        out
    }
}

/// A whole number written with digits only (no sign).
pub(super) fn parse_uint(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Player ids are starting-rank numbers from 1 to 9999 (TRF16 player section, columns 5-8).
pub(super) fn parse_player_id(text: &str) -> Option<u32> {
    parse_uint(text).filter(|n| (1..=9999).contains(n))
}

/// Round numbers fit the three-digit fields of TRF-2026 records (240, 250, 260).
pub(super) fn parse_round(text: &str) -> Option<u32> {
    parse_uint(text).filter(|n| (1..=999).contains(n))
}

pub(super) const PLAYER_ID_EXPECTED: &str = "expected a whole number from 1 to 9999";
pub(super) const ROUND_EXPECTED: &str = "expected a whole number from 1 to 999";
pub(super) const RESULT_CODES: &str = "+ - W D L 1 = 0 H F U Z";

/// `'x'`, or `blank` for an empty field, for messages.
pub(super) fn quoted(text: &str) -> String {
    if text.trim().is_empty() {
        "blank".to_string()
    } else {
        format!("'{text}'")
    }
}

/// A line with an unknown code in columns 1-3 but the layout of a player record: a code with a
/// digit (a damaged `001`; a code of letters names a record of its own, such as Tornelo's `DAT`
/// or a TRF-2026 national rating record), a starting-rank number right-aligned in columns 5-8
/// between blanks, and text reaching the rating (column 49).
pub(super) fn looks_like_player(line: &Line) -> bool {
    line.field(1, 3).chars().any(|c| c.is_ascii_digit())
        && line.at(4) == ' '
        && line.at(9) == ' '
        && line.at(8).is_ascii_digit()
        && parse_player_id(&line.text_field(5, 8)).is_some()
        && line.end() >= 49
}

/// A tournament-section tag: `??2` in columns 1-3 (TRF16 "Tournament Section"), then a blank.
pub(super) fn is_tag(line: &Line) -> bool {
    let code: Vec<char> = line.field(1, 3).chars().collect();
    code.len() == 3 && code.iter().all(|c| c.is_ascii_digit()) && code.get(2) == Some(&'2') && line.at(4) == ' '
}
