//! An independent judge of TRF text, for lexpair's fuzzing (issue 43): does a file break the
//! formats so that no reader may accept it? Written from the format texts (TRF16, C.04 Annex 2;
//! TRF-2026; the JaVaFo and bbpPairings extensions) and from the reading policy lexpair's README
//! states, and importing nothing from lexpair: a reader fault cannot hide in both.
//!
//! The judge is one-sided. [`judge`] calls a text broken only for faults every reading must
//! refuse; a text it lets pass may still be refused by lexpair (a points column that does not
//! add up, a team file whose totals contradict its boards, a Double-Swiss match written against
//! its encoding): those need the point system or a system's rules, which the judge does not
//! model. What it holds, line by line and then across lines:
//!
//! - every line is blank, a `###` comment, a column ruler, or a record: three letters or digits
//!   in columns 1-3, then a blank or the end of the line; a code of digits is one the formats
//!   define or a tournament tag (`??2`); a code `XX?`/`BB?` is one of the extensions; a defined
//!   code is written in upper case; a record read by its columns holds no control character;
//! - a `001` record: blanks in columns 4, 9, 80, 85, 90, 91; a starting rank of 1-9999 in columns
//!   5-8; whole numbers or blanks for rating and rank; points of digits, a point, a sign; a line
//!   that does not end inside a right-aligned number; round blocks of 10 columns from 92 with
//!   blanks between opponent, colour and result, a known colour and result, no bye against an
//!   opponent, no game result and no colour without one, nobody against himself;
//! - across lines: starting ranks once each, from 1 without a gap; every opponent a player who
//!   lists the same game back, with the other colour and the complementary result; the number of
//!   rounds (`XXR`, `142`), the initial colour (`XXC white1|black1`, `152`), the type (`192`) and
//!   the board colours (`352`) each stated alike wherever stated; the number of rounds not below
//!   a round in which somebody is paired; the ids of `XXP`, `XXZ`, `XXA` players; a team's
//!   roster naming players, one team per player, at least one each, of one kind (`310` or `013`).

use std::collections::{HashMap, HashSet};

/// Why a text is broken, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Broken {
    /// 1-based line (0 for the file as a whole).
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

impl std::fmt::Display for Broken {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.reason)
    }
}

fn broken<T>(line: usize, reason: impl Into<String>) -> Result<T, Broken> {
    Err(Broken { line, reason: reason.into() })
}

const DEFINED: [&str; 30] = [
    "001", "013", "142", "152", "162", "192", "240", "250", "260", "299", "300", "310", "320", "330", "352", "362",
    "801", "802", "XXR", "XXC", "XXS", "XXA", "XXP", "XXZ", "BBW", "BBD", "BBL", "BBZ", "BBF", "BBU",
];
const BY_COLUMNS: [&str; 7] = ["001", "013", "299", "300", "310", "320", "330"];

/// One round block of a `001` line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Block {
    opponent: Option<u32>,
    colour: Option<char>,
    /// The result letter, upper case; `'P'` for a game without a result yet (blank or `Z`
    /// against an opponent).
    result: char,
}

struct Player {
    line: usize,
    blocks: Vec<Option<Block>>,
}

/// What the lines state, for the checks across lines.
#[derive(Default)]
struct File {
    players: HashMap<u32, Player>,
    facts: HashMap<&'static str, (String, usize)>,
    player_ids: Vec<(u32, usize)>,
    teams: Vec<(usize, Vec<u32>, bool)>,
    rounds_at: Option<usize>,
}

/// The text's lines: ended by LF, CR LF or a lone CR; byte-order marks at a line's start dropped.
fn lines(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut current = String::new();
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\n' => out.push(std::mem::take(&mut current)),
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                out.push(std::mem::take(&mut current));
            }
            _ => current.push(c),
        }
    }
    if !current.is_empty() {
        out.push(current);
    }
    out.into_iter().map(|l| l.trim_start_matches('\u{feff}').to_string()).collect()
}

/// 1-based character columns of a line, blank past its end.
struct Cols(Vec<char>);

impl Cols {
    fn at(&self, c: usize) -> char {
        if c == 0 {
            return ' ';
        }
        self.0.get(c - 1).copied().unwrap_or(' ')
    }
    fn span(&self, from: usize, to: usize) -> String {
        (from..=to).map(|c| self.at(c)).collect::<String>().trim().to_string()
    }
    fn end(&self) -> usize {
        self.0.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1)
    }
    fn words(&self, from: usize) -> Vec<String> {
        self.0.iter().skip(from - 1).collect::<String>().split_whitespace().map(String::from).collect()
    }
}

fn is_ruler(text: &str) -> bool {
    let t = text.trim_end();
    if t.starts_with("DDD SSSS") {
        return true;
    }
    if !t.is_empty() && t.chars().enumerate().all(|(i, c)| c == char::from(b'0' + ((i + 1) % 10) as u8)) {
        return true;
    }
    // Tens: numbers ending in column 10n, written n (or its last digit).
    let cs: Vec<char> = t.chars().collect();
    let (mut i, mut any) = (0, false);
    while i < cs.len() {
        if cs[i] == ' ' {
            i += 1;
            continue;
        }
        if !cs[i].is_ascii_digit() {
            return false;
        }
        let start = i;
        while i < cs.len() && cs[i].is_ascii_digit() {
            i += 1;
        }
        let n: String = cs[start..i].iter().collect();
        let Ok(n) = n.parse::<usize>() else { return false };
        if i % 10 != 0 || (n != i / 10 && n != (i / 10) % 10) {
            return false;
        }
        any = true;
    }
    any
}

fn digits(s: &str) -> Option<u32> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) || s.len() > 6 {
        return None;
    }
    s.parse().ok()
}

/// A right-aligned number field of columns `from..=to` cut by the end of the line.
fn cut(c: &Cols, from: usize, to: usize) -> bool {
    let e = c.end();
    from <= e && e < to
}

/// Judges `text`: `Ok` when no fault the judge knows is found.
pub fn judge(text: &str) -> Result<(), Broken> {
    let mut f = File::default();
    for (k, line) in lines(text).iter().enumerate() {
        let no = k + 1;
        let c = Cols(line.chars().collect());
        if c.end() == 0 || line.starts_with("###") || is_ruler(line) {
            continue;
        }
        let code: String = line.chars().take(3).collect();
        if code.chars().count() < 3 || !code.chars().all(|x| x.is_ascii_alphanumeric()) {
            return broken(no, format!("no record code in columns 1-3: {code:?}"));
        }
        if c.end() >= 4 && !(c.at(4) == ' ' || c.at(4) == '\t') {
            return broken(no, "no blank after the record code");
        }
        let upper = code.to_ascii_uppercase();
        if upper != code && DEFINED.contains(&upper.as_str()) {
            return broken(no, "a defined code in lower case");
        }
        let tag = code.ends_with('2') && code.bytes().all(|b| b.is_ascii_digit());
        if !DEFINED.contains(&code.as_str()) && !tag {
            if code.bytes().any(|b| b.is_ascii_digit()) {
                return broken(no, format!("code {code} is defined by neither format"));
            }
            if upper.starts_with("XX") || upper.starts_with("BB") {
                return broken(no, format!("extension {code} is not one of JaVaFo's or bbpPairings'"));
            }
            continue; // another program's record, or a national rating record
        }
        if BY_COLUMNS.contains(&code.as_str()) && line.chars().any(|x| x <= '\u{1f}' || x == '\u{7f}') {
            return broken(no, "a control character in a record read by columns");
        }
        record(&mut f, no, &code, &c)?;
    }
    across(&f)
}

fn fact(f: &mut File, name: &'static str, value: String, no: usize) -> Result<(), Broken> {
    match f.facts.get(name) {
        Some((v, at)) if *v != value => broken(no, format!("{name} {value}, but {v} on line {at}")),
        Some(_) => Ok(()),
        None => {
            f.facts.insert(name, (value, no));
            Ok(())
        }
    }
}

fn record(f: &mut File, no: usize, code: &str, c: &Cols) -> Result<(), Broken> {
    match code {
        "001" => player(f, no, c),
        "XXR" | "142" => {
            let w = c.words(4);
            let n = match w.as_slice() {
                [v] => digits(v).filter(|n| (1..=999).contains(n)),
                _ => None,
            };
            let Some(n) = n else { return broken(no, "the number of rounds is not one number from 1 to 999") };
            f.rounds_at.get_or_insert(no);
            fact(f, "rounds", n.to_string(), no)
        }
        "XXC" => {
            for w in c.words(4) {
                match w.to_ascii_lowercase().as_str() {
                    "white1" => fact(f, "initial colour", "W".into(), no)?,
                    "black1" => fact(f, "initial colour", "B".into(), no)?,
                    "rank" => {}
                    _ => return broken(no, format!("XXC word {w}")),
                }
            }
            Ok(())
        }
        "152" => match c.words(4).as_slice() {
            [v] if v.eq_ignore_ascii_case("w") || v.eq_ignore_ascii_case("b") => {
                fact(f, "initial colour", v.to_ascii_uppercase(), no)
            }
            _ => broken(no, "152 is not W or B"),
        },
        "192" => fact(f, "type", c.span(4, c.0.len().max(4)), no),
        "352" => match c.words(4).as_slice() {
            [v] if v.chars().all(|x| "WBwb".contains(x)) => fact(f, "board colours", v.to_ascii_uppercase(), no),
            _ => broken(no, "352 is not one word of W and B"),
        },
        "XXP" | "XXZ" => {
            let w = c.words(4);
            let least = if code == "XXP" { 2 } else { 1 };
            if w.len() < least {
                return broken(no, format!("{code} names too few players"));
            }
            for id in &w {
                let Some(id) = digits(id).filter(|n| (1..=9999).contains(n)) else {
                    return broken(no, format!("{code} id {id}"));
                };
                f.player_ids.push((id, no));
            }
            Ok(())
        }
        "XXA" => {
            let w = c.words(4);
            let Some(id) = w.first().and_then(|x| digits(x)).filter(|n| (1..=9999).contains(n)) else {
                return broken(no, "XXA names no player");
            };
            f.player_ids.push((id, no));
            Ok(())
        }
        "310" | "013" => team(f, no, code == "013", c),
        _ => Ok(()),
    }
}

fn team(f: &mut File, no: usize, legacy: bool, c: &Cols) -> Result<(), Broken> {
    if let Some((_, _, kind)) = f.teams.first() {
        if *kind != legacy {
            return broken(no, "310 and 013 team records in one file");
        }
    }
    let start = if legacy { 37 } else { 74 };
    let mut roster = Vec::new();
    let mut col = start;
    while col <= c.end() {
        if !c.at(col + 4).is_whitespace() || cut(c, col, col + 3) {
            return broken(no, "a roster cell out of its columns");
        }
        let Some(id) = digits(&c.span(col, col + 3)).filter(|n| (1..=9999).contains(n)) else {
            return broken(no, "a roster cell is no starting rank");
        };
        roster.push(id);
        col += 5;
    }
    if roster.is_empty() {
        return broken(no, "a team of no players");
    }
    f.teams.push((no, roster, legacy));
    Ok(())
}

fn player(f: &mut File, no: usize, c: &Cols) -> Result<(), Broken> {
    for col in [4, 9, 80, 85, 90, 91] {
        if !c.at(col).is_whitespace() {
            return broken(no, format!("column {col} is not blank"));
        }
    }
    for from in [5, 49, 81, 86] {
        if cut(c, from, from + 3) {
            return broken(no, format!("the line ends inside columns {from}-{}", from + 3));
        }
    }
    let Some(id) = digits(&c.span(5, 8)).filter(|n| (1..=9999).contains(n)) else {
        return broken(no, "no starting rank in columns 5-8");
    };
    for (from, what) in [(49, "rating"), (86, "rank")] {
        let s = c.span(from, from + 3);
        if !s.is_empty() && digits(&s).is_none() {
            return broken(no, format!("{what} {s}"));
        }
    }
    let points = c.span(81, 84);
    if !points.chars().all(|x| x.is_ascii_digit() || ".+-".contains(x))
        || (!points.is_empty() && !points.chars().any(|x| x.is_ascii_digit()))
    {
        return broken(no, format!("points {points}"));
    }
    let mut blocks = Vec::new();
    let mut start = 92;
    while start <= c.end() {
        if cut(c, start, start + 3) {
            return broken(no, "the line ends inside an opponent field");
        }
        for off in [4, 6, 8, 9] {
            if !c.at(start + off).is_whitespace() {
                return broken(no, format!("column {} is not blank", start + off));
            }
        }
        if (start..start + 8).all(|x| c.at(x).is_whitespace()) {
            blocks.push(None);
            start += 10;
            continue;
        }
        let opp = c.span(start, start + 3);
        let opponent = if opp.is_empty() {
            None
        } else {
            match digits(&opp) {
                Some(0) => None,
                Some(n) => Some(n),
                None => return broken(no, format!("opponent {opp}")),
            }
        };
        let colour = match c.at(start + 5) {
            'w' | 'W' => Some('w'),
            'b' | 'B' => Some('b'),
            x if x == '-' || x.is_whitespace() => None,
            x => return broken(no, format!("colour {x:?}")),
        };
        let raw = c.at(start + 7);
        let r = if raw.is_whitespace() { ' ' } else { raw.to_ascii_uppercase() };
        if !"+-WDL1=0HFUZ ".contains(r) {
            return broken(no, format!("result {raw:?}"));
        }
        let result = match (opponent, r) {
            (Some(_), ' ' | 'Z') => 'P',
            (Some(_), 'H' | 'F' | 'U') => return broken(no, "a bye against an opponent"),
            (None, 'W' | 'D' | 'L' | '1' | '=' | '0') => return broken(no, "a game result without an opponent"),
            (None, _) if colour.is_some() => return broken(no, "a colour without an opponent"),
            (_, r) => r,
        };
        if opponent == Some(id) {
            return broken(no, "a player against himself");
        }
        blocks.push(Some(Block { opponent, colour, result }));
        start += 10;
    }
    if let Some(first) = f.players.get(&id) {
        return broken(no, format!("player {id} twice (line {})", first.line));
    }
    f.players.insert(id, Player { line: no, blocks });
    Ok(())
}

fn complements(r: char) -> &'static str {
    match r {
        '1' => "0",
        '0' => "1",
        '=' => "=",
        'W' => "L",
        'L' => "W",
        'D' => "D",
        '+' => "-",
        '-' => "+-",
        'P' => "P",
        _ => "",
    }
}

fn across(f: &File) -> Result<(), Broken> {
    let mut ids: Vec<(u32, usize)> = f.players.iter().map(|(&id, p)| (id, p.line)).collect();
    ids.sort_unstable();
    for (k, &(id, line)) in ids.iter().enumerate() {
        if id != k as u32 + 1 {
            return broken(line, format!("starting ranks do not run from 1 without a gap at {id}"));
        }
    }
    let mut last_paired = 0;
    for (&id, p) in &f.players {
        for (r, b) in p.blocks.iter().enumerate() {
            let Some(b) = b else { continue };
            if b.opponent.is_some() || b.result == 'U' {
                last_paired = last_paired.max(r + 1);
            }
            let Some(o) = b.opponent else { continue };
            let Some(other) = f.players.get(&o) else { return broken(p.line, format!("opponent {o} is no player")) };
            let back = other.blocks.get(r).copied().flatten();
            let Some(back) = back.filter(|x| x.opponent == Some(id)) else {
                return broken(p.line, format!("player {o} does not list the game of round {}", r + 1));
            };
            let expected = b.colour.map(|x| if x == 'w' { 'b' } else { 'w' });
            if back.colour != expected {
                return broken(p.line, format!("colours of round {} do not match player {o}'s", r + 1));
            }
            if !complements(b.result).contains(back.result) {
                return broken(p.line, format!("results of round {} do not match player {o}'s", r + 1));
            }
        }
    }
    if let (Some((n, _)), Some(at)) = (f.facts.get("rounds"), f.rounds_at) {
        if n.parse::<usize>().is_ok_and(|n| n < last_paired) {
            return broken(at, format!("{n} rounds, but somebody is paired in round {last_paired}"));
        }
    }
    for &(id, line) in &f.player_ids {
        if !f.players.contains_key(&id) {
            return broken(line, format!("{id} is no player"));
        }
    }
    let mut seen: HashSet<u32> = HashSet::new();
    for (line, roster, _) in &f.teams {
        for id in roster {
            if !f.players.contains_key(id) {
                return broken(*line, format!("roster player {id} is no player"));
            }
            if !seen.insert(*id) {
                return broken(*line, format!("player {id} in two places of the rosters"));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const OK: &str = "012 x\nXXR 3\n\
001    1      A                                 2000                             1.0    1     2 w 1\n\
001    2      B                                 1900                             0.0    2     1 b 0\n";

    #[test]
    fn a_consistent_file_passes_and_each_fault_is_named() {
        assert_eq!(judge(OK), Ok(()));
        let faults = [
            OK.replace("001    2", " 001    2"),
            OK.replace("001    2", "0O1    2"),
            OK.replace("1 b 0", "1 b 1"),
            OK.replace("2 w 1", "2 b 1"),
            OK.replace("XXR 3", "XXR 3\n142 4"),
            OK.replace("XXR 3", "xxr 3"),
            OK.replace("XXR 3", "XXQ 3"),
            OK.replace("     A", "\t    A"),
            format!("{OK}XXP 1 7\n"),
            format!("{OK}013 Team{}   9\n", " ".repeat(28)),
            format!("{OK}013\n"),
        ];
        for f in &faults {
            assert!(judge(f).is_err(), "not judged broken:\n{f}");
        }
        for f in
            [format!("{OK}DAT 0001 EMAIL x\n"), format!("{OK}### c\n         1         2\n"), OK.replace('\n', "\r\n")]
        {
            assert_eq!(judge(&f), Ok(()), "{f}");
        }
    }
}
