//! Which edition of C.07 an event's standings follow.
//!
//! The two editions in this crate differ only in Article 16.4 (unplayed rounds, the dummy
//! opponent's score): from 1 March 2026 that score is capped (16.4.1 for forfeits, 16.4.2 for
//! the other unplayed rounds); before, it was the participant's own score. The September 2023,
//! April 2024 and August 2024 texts agree on every tie-break computed here
//! (`../shared/specs/C07_tiebreaks_2024-08_PARTIAL.md`), so "2024" stands for all three, as FIDE's
//! reference engine reads them.
//!
//! An event is ranked by the edition in force when it started (its `042` start date): before
//! 1 March 2026 the 2024 rules, from that day the 2026 rules; a file with no readable start date
//! takes the rules in force now, the 2026 ones, as FIDE's reference engine does. `--rules`
//! names the edition instead.

use crate::trf::TrfDocument;
use std::fmt;
use std::str::FromStr;

/// An edition of C.07.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, serde::Serialize)]
pub enum Edition {
    /// The rules of 1 September 2023 to 28 February 2026 (the text of 1 August 2024).
    C2024,
    /// The rules applied from 1 March 2026.
    C2026,
}

impl Edition {
    /// The day the 2026 rules came into force, as (year, month, day).
    pub const CUT_OFF: (u32, u32, u32) = (2026, 3, 1);

    /// The year that names it.
    pub fn year(self) -> u32 {
        match self {
            Edition::C2024 => 2024,
            Edition::C2026 => 2026,
        }
    }

    /// The edition in force on `date` (year, month, day).
    pub fn on(date: (u32, u32, u32)) -> Edition {
        if date < Edition::CUT_OFF {
            Edition::C2024
        } else {
            Edition::C2026
        }
    }

    /// The edition of `doc`'s start date (`042`), with the reason in words.
    pub fn of_event(doc: &TrfDocument) -> (Edition, String) {
        let start = doc.tags.iter().find(|t| t.code == "042").map(|t| t.value.trim().to_string());
        match start.as_deref().map(|s| (s, parse_date(s))) {
            Some((text, Some(date))) => {
                let e = Edition::on(date);
                (e, format!("C.07 {} rules: the event started {:04}-{:02}-{:02} (042 '{text}')", e.year(), date.0, date.1, date.2))
            }
            Some((text, None)) => (
                Edition::C2026,
                format!("C.07 2026 rules: the start date (042 '{text}') is not a date lexpair reads, so the rules in force now apply"),
            ),
            None => (Edition::C2026, "C.07 2026 rules: the file states no start date (042), so the rules in force now apply".into()),
        }
    }
}

impl fmt::Display for Edition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.year())
    }
}

impl FromStr for Edition {
    type Err = String;
    fn from_str(s: &str) -> Result<Edition, String> {
        match s.trim() {
            "2024" | "2023" => Ok(Edition::C2024),
            "2026" => Ok(Edition::C2026),
            other => Err(format!(
                "unknown C.07 edition '{other}' (2024: the rules to 28 February 2026; 2026: from 1 March 2026)"
            )),
        }
    }
}

const MONTHS: [&str; 12] = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/// A start date as TRF files write it: `2026/03/01` (TRF-2026), `2026-03-01`, `2026.03.01`,
/// `26/03/01` (TRF16's YY/MM/DD), `01/03/2026` and `01.03.2026` (day first, as European
/// exports write it), `May 10, 2020` and `10 May 2020`. `None` for anything else.
pub fn parse_date(text: &str) -> Option<(u32, u32, u32)> {
    let t = text.trim();
    let valid =
        |(y, m, d): (u32, u32, u32)| ((1..=12).contains(&m) && (1..=31).contains(&d) && y >= 1900).then_some((y, m, d));
    let fields: Vec<&str> = t.split(['/', '-', '.']).map(str::trim).collect();
    if fields.len() == 3 && fields.iter().all(|f| !f.is_empty() && f.bytes().all(|b| b.is_ascii_digit())) {
        let n: Vec<u32> = fields.iter().filter_map(|f| f.parse().ok()).collect();
        if n.len() != 3 {
            return None;
        }
        return match (fields[0].len(), fields[2].len()) {
            (4, _) => valid((n[0], n[1], n[2])),
            (_, 4) => valid((n[2], n[1], n[0])),
            (2, 2) => valid((2000 + n[0], n[1], n[2])),
            _ => None,
        };
    }
    // Month names: "May 10, 2020", "10 May 2020".
    let words: Vec<String> = t.split([' ', ',']).filter(|w| !w.is_empty()).map(|w| w.to_ascii_lowercase()).collect();
    if words.len() == 3 {
        let month = |w: &str| MONTHS.iter().position(|m| w.starts_with(m)).map(|k| k as u32 + 1);
        let num = |w: &str| w.parse::<u32>().ok();
        if let (Some(m), Some(d), Some(y)) = (month(&words[0]), num(&words[1]), num(&words[2])) {
            return valid((y, m, d));
        }
        if let (Some(d), Some(m), Some(y)) = (num(&words[0]), month(&words[1]), num(&words[2])) {
            return valid((y, m, d));
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_dates_in_every_spelling_choose_the_edition_in_force() {
        assert_eq!(parse_date("2026/03/01"), Some((2026, 3, 1)));
        assert_eq!(parse_date("2026-02-28"), Some((2026, 2, 28)));
        assert_eq!(parse_date("24/09/2010"), Some((2010, 9, 24)));
        assert_eq!(parse_date("20/07/2024"), Some((2024, 7, 20)));
        assert_eq!(parse_date("26/03/01"), Some((2026, 3, 1)));
        assert_eq!(parse_date("May 10, 2020"), Some((2020, 5, 10)));
        assert_eq!(parse_date("10 May 2020"), Some((2020, 5, 10)));
        assert_eq!(parse_date("soon"), None);
        assert_eq!(Edition::on((2026, 2, 28)), Edition::C2024);
        assert_eq!(Edition::on((2026, 3, 1)), Edition::C2026);
    }
}
