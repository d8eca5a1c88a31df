//! What a file says about a player beyond the pairing: federation, title, sex, birth year and
//! the TRF-2026 national rating records (federation, rating, origin), read for the quantities of
//! criteria and constraints of one's own (`same_federation`, `titled`, `national_rating(FED)`,
//! ...); and the groups of `--groups FILE` for what a file does not carry (a club, a team, last
//! year's finalists).

use crate::trf::{PlayerRecord, TrfDocument};
use std::collections::HashMap;

/// A three-letter code (a federation, the federation of a national rating record).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Code(pub [u8; 3]);

impl Code {
    /// The code of `s`: three ASCII letters, upper-cased.
    pub fn parse(s: &str) -> Option<Code> {
        let b = s.as_bytes();
        if b.len() != 3 || !b.iter().all(u8::is_ascii_alphabetic) {
            return None;
        }
        Some(Code([b[0].to_ascii_uppercase(), b[1].to_ascii_uppercase(), b[2].to_ascii_uppercase()]))
    }
}

impl std::fmt::Display for Code {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(std::str::from_utf8(&self.0).unwrap_or("???"))
    }
}

/// One TRF-2026 national rating record of a player (same columns as `001`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NationalRating {
    /// The rating federation, columns 1-3.
    pub federation: Code,
    /// The national rating, columns 49-52 (0 when blank).
    pub rating: u32,
    /// The national origin, columns 54-56 (a federation, region, club...), trimmed.
    pub origin: String,
}

/// A player's attributes as the file states them; unknown ones are `None` or empty.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attributes {
    /// `001` columns 54-56.
    pub federation: Option<Code>,
    /// `001` columns 11-13, trimmed (`GM`, or TRF16's `g`).
    pub title: String,
    /// `001` column 10, lower-cased (`m`, `w`).
    pub sex: Option<char>,
    /// `001` columns 70-73.
    pub birth_year: Option<u32>,
    /// The national rating records of the player, in file order.
    pub national: Vec<NationalRating>,
}

impl Attributes {
    /// The attributes of `001` record `p`, with the national records `national` of the file.
    pub fn of(p: &PlayerRecord, national: &HashMap<u32, Vec<NationalRating>>) -> Attributes {
        let sex = p.sex.trim().chars().next().map(|c| c.to_ascii_lowercase());
        let birth_year = p.birth_date.trim().get(..4).and_then(|y| y.parse::<u32>().ok()).filter(|&y| y > 0);
        Attributes {
            federation: Code::parse(p.federation.trim()),
            title: p.title.trim().to_string(),
            sex,
            birth_year,
            national: national.get(&p.id).cloned().unwrap_or_default(),
        }
    }

    /// The national rating of federation `fed`, if the player has one.
    pub fn national_rating(&self, fed: Code) -> Option<u32> {
        self.national.iter().find(|n| n.federation == fed).map(|n| n.rating).filter(|&r| r > 0)
    }

    /// The national origin (of the first national record stating one).
    pub fn origin(&self) -> Option<&str> {
        self.national.iter().map(|n| n.origin.as_str()).find(|o| !o.is_empty())
    }

    /// Whether the player has a title.
    pub fn titled(&self) -> bool {
        !self.title.is_empty()
    }
}

/// The national rating records of `doc` by starting rank: the lines a reader kept unread whose
/// columns 1-3 are a federation code (three upper-case letters; not Tornelo's `DAT` and `XRS`)
/// and columns 5-8 a starting-rank number.
pub fn national_records(doc: &TrfDocument) -> HashMap<u32, Vec<NationalRating>> {
    let mut out: HashMap<u32, Vec<NationalRating>> = HashMap::new();
    for line in &doc.other_lines {
        let chars: Vec<char> = line.chars().collect();
        let field = |a: usize, b: usize| -> String { chars.iter().skip(a - 1).take(b + 1 - a).collect() };
        let code = field(1, 3);
        if code == "DAT" || code == "XRS" || !code.chars().all(|c| c.is_ascii_uppercase()) || chars.get(3) != Some(&' ')
        {
            continue;
        }
        let (Some(federation), Ok(id)) = (Code::parse(&code), field(5, 8).trim().parse::<u32>()) else { continue };
        let rating = field(49, 52).trim().parse::<u32>().unwrap_or(0);
        let origin = field(54, 56).trim().to_string();
        out.entry(id).or_default().push(NationalRating { federation, rating, origin });
    }
    out
}

/// The groups of `--groups FILE`: a CSV of `id,group` lines (a header line whose first field is
/// not a number is skipped, `#` starts a comment): a TRF starting rank (a team's pairing number
/// in a team file) and any name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Groups {
    /// The file, for messages.
    pub file: String,
    /// Each id's group, as an index into `names`.
    by_id: HashMap<u32, u32>,
    /// The group names, in order of first appearance.
    pub names: Vec<String>,
}

impl Groups {
    /// Reads `text` (the contents of `file`); errors name the file, line and column.
    pub fn parse(file: &str, text: &str) -> Result<Groups, String> {
        let mut g = Groups { file: file.to_string(), ..Groups::default() };
        let mut lines_of: HashMap<u32, usize> = HashMap::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let body = raw.split('#').next().unwrap_or("").trim_end_matches('\r');
            if body.trim().is_empty() {
                continue;
            }
            let fields: Vec<&str> = body.split(',').collect();
            let id_text = fields[0].trim();
            let id = match id_text.parse::<u32>() {
                Ok(id) if id > 0 => id,
                _ if g.by_id.is_empty() && line == first_line(text) => continue, // a header
                _ => {
                    let col = body.find(|c: char| !c.is_whitespace()).map_or(1, |c| c + 1);
                    return Err(format!("{file}:{line}:{col}: '{id_text}' is not an id (a starting rank, 1-9999)"));
                }
            };
            let col2 = fields[0].chars().count() + 2;
            let name = match fields.get(1).map(|s| s.trim().trim_matches('"')) {
                Some(n) if !n.is_empty() => n.to_string(),
                _ => return Err(format!("{file}:{line}:{col2}: id {id} has no group: write 'id,group'")),
            };
            if fields.len() > 2 {
                let col3 = col2 + fields[1].chars().count() + 1;
                return Err(format!("{file}:{line}:{col3}: one group per line: 'id,group'"));
            }
            if let Some(first) = lines_of.insert(id, line) {
                return Err(format!("{file}:{line}:1: id {id} is already in a group on line {first}"));
            }
            let index = match g.names.iter().position(|n| *n == name) {
                Some(i) => i,
                None => {
                    g.names.push(name);
                    g.names.len() - 1
                }
            };
            g.by_id.insert(id, index as u32);
        }
        Ok(g)
    }

    /// Reads the file at `path`: `Err((exit code, message))`, 5 when it cannot be read, 3 when
    /// it is not a groups file.
    pub fn read(path: &std::path::Path) -> Result<Groups, (i32, String)> {
        let bytes = std::fs::read(path).map_err(|e| (5, format!("{}: {e}", path.display())))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
            let col = upto.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
            (3, format!("{}:{line}:{col}: not UTF-8 text", path.display()))
        })?;
        Groups::parse(&path.display().to_string(), &text).map_err(|m| (3, m))
    }

    /// The group of `id`, if it has one.
    pub fn of(&self, id: u32) -> Option<u32> {
        self.by_id.get(&id).copied()
    }

    /// The ids that have a group.
    pub fn len(&self) -> usize {
        self.by_id.len()
    }

    /// Whether no id has a group.
    pub fn is_empty(&self) -> bool {
        self.by_id.is_empty()
    }
}

/// The number of the first line with content (1-based).
fn first_line(text: &str) -> usize {
    text.lines().position(|l| !l.split('#').next().unwrap_or("").trim().is_empty()).map_or(1, |k| k + 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_read_with_their_faults_named() {
        let g = Groups::parse("g.csv", "id,group\n1,Club A\n2, Club B # a comment\n\n3,Club A\n").expect("valid");
        assert_eq!((g.of(1), g.of(2), g.of(3), g.of(4)), (Some(0), Some(1), Some(0), None));
        assert_eq!(g.names, ["Club A", "Club B"]);
        assert_eq!(
            Groups::parse("g.csv", "1,A\nx,B\n"),
            Err("g.csv:2:1: 'x' is not an id (a starting rank, 1-9999)".into())
        );
        assert_eq!(Groups::parse("g.csv", "1,A\n1,B\n"), Err("g.csv:2:1: id 1 is already in a group on line 1".into()));
        assert_eq!(Groups::parse("g.csv", "12\n"), Err("g.csv:1:4: id 12 has no group: write 'id,group'".into()));
        assert_eq!(Groups::parse("g.csv", "12,A,B\n"), Err("g.csv:1:6: one group per line: 'id,group'".into()));
    }

    #[test]
    fn national_records_are_read_from_the_lines_kept() {
        let mut doc = TrfDocument::default();
        let mut line = format!("{:<48}{:>4} {:<3}", "FRA    7 m", 1850, "IDF");
        doc.other_lines.push(line.clone());
        line.replace_range(0..3, "DAT");
        doc.other_lines.push(line);
        let n = national_records(&doc);
        assert_eq!(n.len(), 1);
        assert_eq!(
            n.get(&7).map(|v| v.as_slice()),
            Some([NationalRating { federation: Code(*b"FRA"), rating: 1850, origin: "IDF".into() }].as_slice())
        );
    }
}
