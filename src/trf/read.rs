//! Reading TRF16 (with the JaVaFo TRF(x) and bbpPairings TRF(bx) extensions) and TRF-2026.
//!
//! Columns are counted in characters, not bytes (names may hold UTF-8 letters); lines may end in
//! CR LF, stop before the last field or carry trailing blanks. Every problem is reported as a
//! [`TrfError`] naming the line, the first column of the field, the field and what was expected.
//! Nothing here indexes into input data: every column is read through [`Line`], which answers a
//! blank for columns past the end of the line.

use super::document::{
    Acceleration, AnnouncedByes, ByeKind, Colour, ForbiddenGroup, PlayerRecord, ResultCode, RoundEntry, Tag,
    TrfDocument, TrfFlavor,
};
use super::error::TrfError;
use crate::points::{PointSystem, Points};
use std::collections::HashMap;
use std::fmt;
use std::path::Path;

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

/// Lines ending in LF or CR LF (TRF16 Remark 1 asks for a CR at the end of each line); a file
/// with no LF at all is split at its CRs.
fn split_lines(text: &str) -> Box<dyn Iterator<Item = &str> + '_> {
    if text.contains('\n') {
        Box::new(text.lines())
    } else {
        Box::new(text.split_terminator('\r'))
    }
}

/// A TRF file that could not be read: either the file itself or its contents.
#[derive(Debug)]
pub enum ReadFileError {
    Io { file: String, source: std::io::Error },
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

// ---------------------------------------------------------------------------------------------
// Lines and columns
// ---------------------------------------------------------------------------------------------

/// One line of the file, addressed by 1-based character columns.
struct Line {
    no: usize,
    text: String,
    chars: Vec<char>,
}

/// A run of non-blank characters and the column where it starts.
struct Token {
    col: usize,
    text: String,
}

impl Line {
    fn new(no: usize, text: &str) -> Line {
        Line { no, text: text.to_string(), chars: text.chars().collect() }
    }

    /// The character in column `col` (1-based); a blank past the end of the line.
    fn at(&self, col: usize) -> char {
        col.checked_sub(1).and_then(|i| self.chars.get(i)).copied().unwrap_or(' ')
    }

    /// Columns `from..=to` as written (only the part that exists).
    fn field(&self, from: usize, to: usize) -> String {
        let from = from.max(1);
        if to < from {
            return String::new();
        }
        self.chars.iter().skip(from - 1).take(to - from + 1).collect()
    }

    /// Columns `from..=to` without surrounding blanks.
    fn text_field(&self, from: usize, to: usize) -> String {
        self.field(from, to).trim().to_string()
    }

    /// The column of the last non-blank character (0 for a blank line).
    fn end(&self) -> usize {
        self.chars.iter().rposition(|c| !c.is_whitespace()).map_or(0, |i| i + 1)
    }

    fn is_blank(&self) -> bool {
        self.end() == 0
    }

    /// The blank-separated words from column `from` on.
    fn tokens(&self, from: usize) -> Vec<Token> {
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
fn parse_uint(text: &str) -> Option<u32> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    text.parse().ok()
}

/// Player ids are starting-rank numbers from 1 to 9999 (TRF16 player section, columns 5-8).
fn parse_player_id(text: &str) -> Option<u32> {
    parse_uint(text).filter(|n| (1..=9999).contains(n))
}

/// Round numbers fit the three-digit fields of TRF-2026 records (240, 250, 260).
fn parse_round(text: &str) -> Option<u32> {
    parse_uint(text).filter(|n| (1..=999).contains(n))
}

const PLAYER_ID_EXPECTED: &str = "expected a whole number from 1 to 9999";
const ROUND_EXPECTED: &str = "expected a whole number from 1 to 999";
const RESULT_CODES: &str = "+ - W D L 1 = 0 H F U Z";

/// `'x'`, or `blank` for an empty field, for messages.
fn quoted(text: &str) -> String {
    if text.trim().is_empty() {
        "blank".to_string()
    } else {
        format!("'{text}'")
    }
}

// ---------------------------------------------------------------------------------------------
// Point systems
// ---------------------------------------------------------------------------------------------

/// The point system being built from BB*, XXS and 162 lines, applied top-down.
#[derive(Default)]
struct PointState {
    system: PointSystem,
    /// The PAB value was stated (BBU, XXS PAB, 162 P). Until then it follows the win value set by
    /// BBW or 162 W (bbpPairings: "If BBU is not specified, it defaults to the score for a win";
    /// TRF-2026 162: P defaults to "same as W"). XXS W does not move it (JaVaFo AUM example 2).
    pab_stated: bool,
}

impl PointState {
    /// A win: regular, unrated, forfeit and full-point bye (BBW, 162 W).
    fn set_win(&mut self, v: Points) {
        let s = &mut self.system;
        (s.win_white, s.win_black, s.forfeit_win, s.full_bye) = (v, v, v, v);
        if !self.pab_stated {
            s.pairing_bye = v;
        }
    }

    /// A draw and the half-point bye (BBD, 162 D).
    fn set_draw(&mut self, v: Points) {
        let s = &mut self.system;
        (s.draw_white, s.draw_black, s.half_bye) = (v, v, v);
    }

    /// A played loss (BBL, 162 L).
    fn set_loss(&mut self, v: Points) {
        (self.system.loss_white, self.system.loss_black) = (v, v);
    }

    fn set_pab(&mut self, v: Points) {
        self.system.pairing_bye = v;
        self.pab_stated = true;
    }

    /// One JaVaFo XXS code (AUM "Scoring point system"); false for an unknown code.
    fn set_xxs(&mut self, code: &str, v: Points) -> bool {
        let s = &mut self.system;
        match code {
            "WW" => s.win_white = v,
            "BW" => s.win_black = v,
            "WD" => s.draw_white = v,
            "BD" => s.draw_black = v,
            "WL" => s.loss_white = v,
            "BL" => s.loss_black = v,
            "ZPB" => s.zero_bye = v,
            "HPB" => s.half_bye = v,
            "FPB" => s.full_bye = v,
            "FW" => s.forfeit_win = v,
            "FL" => s.forfeit_loss = v,
            "W" => (s.win_white, s.win_black, s.forfeit_win, s.full_bye) = (v, v, v, v),
            "D" => (s.draw_white, s.draw_black, s.half_bye) = (v, v, v),
            "PAB" => self.set_pab(v),
            _ => return false,
        }
        true
    }
}

const XXS_CODES: &str = "WW BW WD BD WL BL ZPB HPB FPB PAB FW FL W D";

/// `1` for 1.0, `0.5` for 0.5: the short form used in "1-0.5-0".
fn short_points(p: Points) -> String {
    let s = p.to_string();
    s.strip_suffix(".0").map(str::to_string).unwrap_or(s)
}

/// The point system in words for messages: `1-0.5-0 (PAB 1.0)`, then whatever departs from it.
fn describe_point_system(s: &PointSystem) -> String {
    let uniform = s.win_white == s.win_black
        && s.forfeit_win == s.win_white
        && s.full_bye == s.win_white
        && s.draw_white == s.draw_black
        && s.half_bye == s.draw_white
        && s.loss_white == s.loss_black;
    if !uniform {
        return format!(
            "WW={} BW={} WD={} BD={} WL={} BL={} FW={} FL={} FPB={} HPB={} ZPB={} PAB={}",
            s.win_white,
            s.win_black,
            s.draw_white,
            s.draw_black,
            s.loss_white,
            s.loss_black,
            s.forfeit_win,
            s.forfeit_loss,
            s.full_bye,
            s.half_bye,
            s.zero_bye,
            s.pairing_bye
        );
    }
    let mut text = format!(
        "{}-{}-{} (PAB {}",
        short_points(s.win_white),
        short_points(s.draw_white),
        short_points(s.loss_white),
        s.pairing_bye
    );
    if s.zero_bye != Points::ZERO {
        text.push_str(&format!(", zero-point bye {}", s.zero_bye));
    }
    if s.forfeit_loss != Points::ZERO {
        text.push_str(&format!(", forfeit loss {}", s.forfeit_loss));
    }
    text.push(')');
    text
}

// ---------------------------------------------------------------------------------------------
// TRF-2026 250 records
// ---------------------------------------------------------------------------------------------

/// One `250` record (TRF-2026 "Accelerated Rounds"): `points` fictitious points in rounds
/// `rounds.0..=rounds.1` for the players with ids in `players.0..=players.1`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct AccelerationRange {
    pub points: Points,
    pub rounds: (u32, u32),
    pub players: (u32, u32),
}

/// Expands `250` records into one [`Acceleration`] per player covered by at least one record,
/// in the order of `player_ids` (which must be sorted). A player's list runs up to the last
/// round of the records covering them; records covering the same player and round add up.
pub(super) fn expand_accelerations(ranges: &[AccelerationRange], player_ids: &[u32]) -> Vec<Acceleration> {
    let mut out = Vec::new();
    for &id in player_ids {
        let covering: Vec<&AccelerationRange> =
            ranges.iter().filter(|r| r.players.0 <= id && id <= r.players.1).collect();
        let Some(len) = covering.iter().map(|r| r.rounds.1).max() else {
            continue;
        };
        let mut points = vec![Points::ZERO; len as usize];
        for range in covering {
            for round in range.rounds.0..=range.rounds.1 {
                if let Some(p) = points.get_mut(round as usize - 1) {
                    *p += range.points;
                }
            }
        }
        out.push(Acceleration { player: id, points });
    }
    out
}

// ---------------------------------------------------------------------------------------------
// The reader
// ---------------------------------------------------------------------------------------------

/// A player id named outside the player section, checked once all players are known.
struct IdReference {
    line: usize,
    col: usize,
    field: &'static str,
    id: u32,
}

struct Reader<'a> {
    file: &'a str,
    doc: TrfDocument,
    /// Player id → index in `doc.players`.
    index: HashMap<u32, usize>,
    points: PointState,
    /// A TRF-2026-only tag or record was seen (142, 152, 162, 240, 250, 260).
    trf26: bool,
    ranges: Vec<AccelerationRange>,
    references: Vec<IdReference>,
    /// The line and field of the last XXR / 142 tag read.
    total_rounds_at: Option<(usize, &'static str)>,
}

impl<'a> Reader<'a> {
    fn new(file: &'a str) -> Reader<'a> {
        Reader {
            file,
            doc: TrfDocument::default(),
            index: HashMap::new(),
            points: PointState::default(),
            trf26: false,
            ranges: Vec::new(),
            references: Vec::new(),
            total_rounds_at: None,
        }
    }

    fn error(&self, line: usize, column: usize, field: impl Into<String>, message: impl Into<String>) -> TrfError {
        TrfError { file: self.file.to_string(), line, column, field: field.into(), message: message.into() }
    }

    /// Dispatches on the data-identification number in columns 1-3.
    fn read_line(&mut self, line: &Line) -> Result<(), TrfError> {
        if line.is_blank() {
            return Ok(());
        }
        let code = line.field(1, 3);
        match code.as_str() {
            "001" => self.player(line),
            "XXR" => {
                self.doc.total_rounds = Some(self.round_count(line, "XXR")?);
                self.total_rounds_at = Some((line.no, "XXR"));
                Ok(())
            }
            "XXC" => self.xxc(line),
            "XXS" => self.xxs(line),
            "XXA" => self.xxa(line),
            "XXP" => self.xxp(line),
            "XXZ" => self.xxz(line),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => self.bb(line, &code),
            "142" | "152" | "162" | "240" | "250" | "260" => {
                self.trf26 = true;
                self.trf26_line(line, &code)
            }
            _ if is_tag(line) => {
                self.doc.tags.push(Tag { code, value: line.field(5, usize::MAX).trim_end().to_string() });
                Ok(())
            }
            _ if looks_like_player(line) => {
                let message = format!(
                    "'{code}' is not a record tag, but the line is laid out as a player record; expected 001 \
                     (a damaged tag would drop the player silently)"
                );
                Err(self.error(line.no, 1, "record tag (columns 1-3)", message))
            }
            _ => {
                // Kept as written but for trailing blanks, which the writer does not repeat.
                self.doc.other_lines.push(line.text.trim_end().to_string());
                Ok(())
            }
        }
    }

    fn trf26_line(&mut self, line: &Line, code: &str) -> Result<(), TrfError> {
        match code {
            "142" => {
                self.doc.total_rounds = Some(self.round_count(line, "142 number of rounds")?);
                self.total_rounds_at = Some((line.no, "142 number of rounds"));
                Ok(())
            }
            "152" => self.tag152(line),
            "162" => self.tag162(line),
            "240" => self.record240(line),
            "250" => self.record250(line),
            _ => self.record260(line),
        }
    }

    // --- player section (TRF16 "Player Section", TRF-2026 "Player Section (001 records)") ---

    fn player(&mut self, line: &Line) -> Result<(), TrfError> {
        self.separators(line)?;
        self.not_cut_short(line)?;
        let id = self.player_id(line)?;
        let rounds = self.rounds(line)?;
        self.check_not_self(line, id, &rounds)?;
        let record = PlayerRecord {
            id,
            sex: line.text_field(10, 10),
            title: line.text_field(11, 13),
            name: line.text_field(15, 47),
            rating: self.whole_number(line, 49, "FIDE rating (columns 49-52)", "a rating")?.unwrap_or(0),
            federation: line.text_field(54, 56),
            fide_id: line.text_field(58, 68),
            birth_date: line.text_field(70, 79),
            points: self.points_column(line)?,
            rank: self.whole_number(line, 86, "rank (columns 86-89)", "a rank")?,
            rounds,
            line: line.no,
        };
        self.index.insert(id, self.doc.players.len());
        self.doc.players.push(record);
        Ok(())
    }

    /// The blank columns between fixed fields whose neighbours are numbers: a character there
    /// means the line is misaligned and the numbers would be misread.
    fn separators(&self, line: &Line) -> Result<(), TrfError> {
        for col in [4, 9, 80, 85, 90, 91] {
            let c = line.at(col);
            if !c.is_whitespace() {
                return Err(self.error(
                    line.no,
                    col,
                    format!("column {col}"),
                    format!("unexpected '{c}'; expected a blank between fields (is the line misaligned?)"),
                ));
            }
        }
        Ok(())
    }

    /// A player line ending inside one of its right-aligned number fields was cut short (a
    /// truncated file) or is misaligned: read as it stands, the field would hold another number
    /// (`24` for a rating of 2400) and the rounds after it would be lost.
    fn not_cut_short(&self, line: &Line) -> Result<(), TrfError> {
        let end = line.end();
        let mut fields = vec![
            (5, "starting-rank number (columns 5-8)".to_string()),
            (49, "FIDE rating (columns 49-52)".to_string()),
            (81, "points (columns 81-84)".to_string()),
            (86, "rank (columns 86-89)".to_string()),
        ];
        let round = end.checked_sub(92).map(|d| d / 10);
        if let Some(r) = round {
            let start = 92 + 10 * r;
            fields.push((start, format!("round {} opponent (columns {start}-{})", r + 1, start + 3)));
        }
        match fields.into_iter().find(|(from, _)| *from <= end && end < from + 3) {
            Some((_, field)) => Err(self.error(
                line.no,
                end,
                field,
                "the line ends inside this right-aligned field: the record is cut short or misaligned",
            )),
            None => Ok(()),
        }
    }

    /// Nobody is paired with himself.
    fn check_not_self(&self, line: &Line, id: u32, rounds: &[Option<RoundEntry>]) -> Result<(), TrfError> {
        let own = |e: &Option<RoundEntry>| matches!(e, Some(e) if e.opponent == Some(id));
        match rounds.iter().position(own) {
            Some(i) => {
                let start = 92 + 10 * i;
                let field = format!("round {} opponent (columns {start}-{})", i + 1, start + 3);
                Err(self.error(line.no, start, field, format!("player {id} is paired with himself")))
            }
            None => Ok(()),
        }
    }

    /// Columns 5-8: the starting-rank number, unique in the file.
    fn player_id(&self, line: &Line) -> Result<u32, TrfError> {
        const FIELD: &str = "starting-rank number (columns 5-8)";
        let text = line.text_field(5, 8);
        let id = parse_player_id(&text).ok_or_else(|| {
            let message = format!("{} is not a starting-rank number; {PLAYER_ID_EXPECTED}", quoted(&text));
            self.error(line.no, 5, FIELD, message)
        })?;
        if let Some(first) = self.index.get(&id).and_then(|&i| self.doc.players.get(i)) {
            let message = format!("player {id} is defined twice (first on line {})", first.line);
            return Err(self.error(line.no, 5, FIELD, message));
        }
        Ok(id)
    }

    /// A right-aligned whole number in four columns from `from`, or blank.
    fn whole_number(&self, line: &Line, from: usize, field: &str, what: &str) -> Result<Option<u32>, TrfError> {
        let text = line.text_field(from, from + 3);
        if text.is_empty() {
            return Ok(None);
        }
        parse_uint(&text).map(Some).ok_or_else(|| {
            let message = format!("'{text}' is not {what}; expected a whole number or blank");
            self.error(line.no, from, field, message)
        })
    }

    /// Columns 81-84: the points in the format `11.5`, or blank.
    fn points_column(&self, line: &Line) -> Result<Option<Points>, TrfError> {
        let text = line.text_field(81, 84);
        if text.is_empty() {
            return Ok(None);
        }
        Points::parse(&text).map(Some).ok_or_else(|| {
            let message = format!("'{text}' is not a score; expected a number like 11.5 or blank");
            self.error(line.no, 81, "points (columns 81-84)", message)
        })
    }

    /// The round blocks: round r starts at column 92 + 10(r-1). A blank block at the end of the
    /// line is absent; a blank block before a filled one is `None`.
    fn rounds(&self, line: &Line) -> Result<Vec<Option<RoundEntry>>, TrfError> {
        let end = line.end();
        let mut rounds = Vec::new();
        let (mut round, mut start) = (1, 92);
        while start <= end {
            rounds.push(self.round_block(line, round, start)?);
            round += 1;
            start += 10;
        }
        Ok(rounds)
    }

    fn round_block(&self, line: &Line, round: usize, start: usize) -> Result<Option<RoundEntry>, TrfError> {
        for offset in [4, 6, 8, 9] {
            let c = line.at(start + offset);
            if !c.is_whitespace() {
                let field = format!("round {round} (columns {start}-{})", start + 9);
                let message = format!(
                    "unexpected '{c}' in column {}; expected a blank between opponent, colour and result",
                    start + offset
                );
                return Err(self.error(line.no, start + offset, field, message));
            }
        }
        if (start..start + 8).all(|col| line.at(col).is_whitespace()) {
            return Ok(None);
        }
        let mut entry = RoundEntry {
            opponent: self.opponent(line, round, start)?,
            colour: self.colour(line, round, start + 5)?,
            result: self.result(line, round, start + 7)?,
        };
        // A blank result against a scheduled opponent: paired, not played yet.
        if entry.opponent.is_some() && line.at(start + 7).is_whitespace() {
            entry.result = ResultCode::Pending;
        }
        self.check_entry(line, round, start, &entry)?;
        Ok(Some(entry))
    }

    /// Columns start..start+3: the scheduled opponent; `0000` or blank for none.
    fn opponent(&self, line: &Line, round: usize, start: usize) -> Result<Option<u32>, TrfError> {
        let text = line.text_field(start, start + 3);
        if text.is_empty() {
            return Ok(None);
        }
        match parse_uint(&text) {
            Some(0) => Ok(None),
            Some(id) => Ok(Some(id)),
            None => {
                let field = format!("round {round} opponent (columns {start}-{})", start + 3);
                let message = format!("'{text}' is not a starting-rank number; expected up to 4 digits, 0000 or blank");
                Err(self.error(line.no, start, field, message))
            }
        }
    }

    /// The scheduled colour: `w`, `b`, or `-`/blank for none.
    fn colour(&self, line: &Line, round: usize, col: usize) -> Result<Option<Colour>, TrfError> {
        match line.at(col) {
            'w' | 'W' => Ok(Some(Colour::White)),
            'b' | 'B' => Ok(Some(Colour::Black)),
            c if c == '-' || c.is_whitespace() => Ok(None),
            c => {
                let field = format!("round {round} colour (column {col})");
                Err(self.error(line.no, col, field, format!("'{c}' is not a colour; expected w, b, - or blank")))
            }
        }
    }

    /// The result code (TRF16 "Result codes"); blank is `Z` (or `Pending` against an opponent).
    fn result(&self, line: &Line, round: usize, col: usize) -> Result<ResultCode, TrfError> {
        let c = line.at(col);
        let c = if c.is_whitespace() { ' ' } else { c };
        ResultCode::from_char(c).ok_or_else(|| {
            let field = format!("round {round} result (column {col})");
            let message = format!("'{c}' is not a result code; expected one of {RESULT_CODES} or blank");
            self.error(line.no, col, field, message)
        })
    }

    /// A game needs an opponent, a bye has none and no colour.
    fn check_entry(&self, line: &Line, round: usize, start: usize, e: &RoundEntry) -> Result<(), TrfError> {
        let (result_col, colour_col) = (start + 7, start + 5);
        let code = format!("'{}'", line.at(result_col));
        let result_field = format!("round {round} result (column {result_col})");
        match e.opponent {
            Some(o) if e.result.is_bye() => {
                let message = format!(
                    "{code} is a bye, but the opponent is {o}; expected a game result (+ - W D L 1 = 0) or opponent 0000"
                );
                Err(self.error(line.no, result_col, result_field, message))
            }
            // A forfeit needs no opponent: lichess writes `-` with no opponent for a round a
            // player did not join (realdata CompetiChess__testLargeFile.trf).
            None if e.result.is_played_game() => {
                let message = format!(
                    "{code} is a game result, but the opponent is 0000; expected an opponent's starting-rank number, a bye code (H F U Z) or a forfeit (+ -)"
                );
                Err(self.error(line.no, result_col, result_field, message))
            }
            None if e.colour.is_some() => {
                let field = format!("round {round} colour (column {colour_col})");
                let message = format!("'{}' given with no opponent (0000); expected - or blank", line.at(colour_col));
                Err(self.error(line.no, colour_col, field, message))
            }
            _ => Ok(()),
        }
    }

    // --- JaVaFo TRF(x) extensions (AUM "Extra codes extensions", "Extensions and other options") ---

    /// `XXR n` / `142 n`: the number of rounds.
    fn round_count(&self, line: &Line, field: &str) -> Result<u32, TrfError> {
        let example = format!("{} 9", line.field(1, 3));
        let [value] = self.exactly_one(line, field, "the number of rounds", &example)?;
        parse_round(&value.text).ok_or_else(|| {
            let message = format!("'{}' is not a number of rounds; {ROUND_EXPECTED}", value.text);
            self.error(line.no, value.col, field, message)
        })
    }

    /// The single value after the code (from column 5), or an error naming what is missing.
    fn exactly_one(&self, line: &Line, field: &str, what: &str, example: &str) -> Result<[Token; 1], TrfError> {
        let mut tokens = line.tokens(4);
        if tokens.len() > 1 {
            let extra = tokens.swap_remove(1);
            let message = format!("unexpected '{}' after {what}", extra.text);
            return Err(self.error(line.no, extra.col, field, message));
        }
        match tokens.pop() {
            Some(t) => Ok([t]),
            None => Err(self.error(line.no, 5, field, format!("missing {what}; expected e.g. '{example}'"))),
        }
    }

    /// `XXC word ...`: cumulative configuration words `white1`, `black1`, `rank`.
    fn xxc(&mut self, line: &Line) -> Result<(), TrfError> {
        for t in line.tokens(4) {
            match t.text.to_ascii_lowercase().as_str() {
                "white1" => self.doc.initial_colour = Some(Colour::White),
                "black1" => self.doc.initial_colour = Some(Colour::Black),
                "rank" => self.doc.use_rank_order = true,
                _ => {
                    let message = format!("unknown word '{}'; expected white1, black1 or rank", t.text);
                    return Err(self.error(line.no, t.col, "XXC", message));
                }
            }
        }
        Ok(())
    }

    /// `XXS CODE=VALUE ...`, applied left to right (later codes override earlier ones).
    fn xxs(&mut self, line: &Line) -> Result<(), TrfError> {
        let tokens = line.tokens(4);
        if tokens.is_empty() {
            return Err(self.error(line.no, 5, "XXS", "missing CODE=VALUE; expected e.g. 'XXS W=3 D=1'"));
        }
        for t in tokens {
            let Some((code, value)) = t.text.split_once('=') else {
                let message = format!("'{}' is not CODE=VALUE; expected e.g. W=3.0", t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            };
            let Some(points) = Points::parse(value) else {
                let message = format!("{} is not a number of points in '{}'; expected e.g. 1.5", quoted(value), t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            };
            if !self.points.set_xxs(&code.to_ascii_uppercase(), points) {
                let message = format!("unknown code '{code}' in '{}'; expected one of {XXS_CODES}", t.text);
                return Err(self.error(line.no, t.col, "XXS", message));
            }
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// `BBW pp.p` ... `BBU pp.p` (bbpPairings TRF(bx)).
    fn bb(&mut self, line: &Line, code: &str) -> Result<(), TrfError> {
        let example = format!("{code}  1.0");
        let [value] = self.exactly_one(line, code, "the number of points", &example)?;
        let points = Points::parse(&value.text).ok_or_else(|| {
            let message = format!("'{}' is not a number of points; expected e.g. 3.0", value.text);
            self.error(line.no, value.col, code, message)
        })?;
        let state = &mut self.points;
        match code {
            "BBW" => state.set_win(points),
            "BBD" => state.set_draw(points),
            "BBL" => state.set_loss(points),
            "BBZ" => state.system.zero_bye = points,
            "BBF" => state.system.forfeit_loss = points,
            _ => state.set_pab(points),
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// A player id token; remembered so that it can be checked against the 001 lines.
    fn id_token(&mut self, line: &Line, t: &Token, field: &'static str) -> Result<u32, TrfError> {
        let id = parse_player_id(&t.text).ok_or_else(|| {
            let message = format!("'{}' is not a starting-rank number; {PLAYER_ID_EXPECTED}", t.text);
            self.error(line.no, t.col, field, message)
        })?;
        self.references.push(IdReference { line: line.no, col: t.col, field, id });
        Ok(id)
    }

    /// A list of player ids, at least `min` of them.
    fn id_list(
        &mut self,
        line: &Line,
        tokens: &[Token],
        field: &'static str,
        min: usize,
    ) -> Result<Vec<u32>, TrfError> {
        if tokens.len() < min {
            let col = tokens.last().map_or(5, |t| t.col + t.text.chars().count() + 1);
            let message = match tokens.len() {
                0 => format!("no player id given; expected at least {min}"),
                n => format!("{n} player id(s) given; expected at least {min}"),
            };
            return Err(self.error(line.no, col, field, message));
        }
        tokens.iter().map(|t| self.id_token(line, t, field)).collect()
    }

    /// `XXA NNNN pp.p pp.p ...`: fictitious points of one player, round by round.
    fn xxa(&mut self, line: &Line) -> Result<(), TrfError> {
        let tokens = line.tokens(4);
        let Some((first, values)) = tokens.split_first() else {
            return Err(self.error(line.no, 5, "XXA", "missing the player id; expected 'XXA NNNN pp.p pp.p ...'"));
        };
        let player = self.id_token(line, first, "XXA")?;
        let mut points = Vec::new();
        for t in values {
            points.push(Points::parse(&t.text).ok_or_else(|| {
                let message = format!("'{}' is not a number of points; expected e.g. 1.0", t.text);
                self.error(line.no, t.col, "XXA", message)
            })?);
        }
        self.doc.accelerations.push(Acceleration { player, points });
        Ok(())
    }

    /// `XXP id id ...`: players who must not meet each other.
    fn xxp(&mut self, line: &Line) -> Result<(), TrfError> {
        let players = self.id_list(line, &line.tokens(4), "XXP", 2)?;
        self.doc.forbidden.push(ForbiddenGroup { rounds: None, players });
        Ok(())
    }

    /// `XXZ id id ...`: players absent from the round to be paired (a zero-point bye).
    fn xxz(&mut self, line: &Line) -> Result<(), TrfError> {
        let players = self.id_list(line, &line.tokens(4), "XXZ", 1)?;
        self.doc.announced_byes.push(AnnouncedByes { round: None, kind: ByeKind::Zero, players });
        Ok(())
    }

    // --- TRF-2026 tags and records ---

    /// `152 W|B`: the initial colour.
    fn tag152(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "152 initial colour";
        let [value] = self.exactly_one(line, FIELD, "the initial colour", "152 W")?;
        self.doc.initial_colour = Some(match value.text.as_str() {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            other => {
                let message = format!("'{other}' is not a colour; expected W or B");
                return Err(self.error(line.no, value.col, FIELD, message));
            }
        });
        Ok(())
    }

    /// `162`: result code (column 6) and points (columns 7-10), repeated every 9 columns. Read
    /// as blank-separated words so that `W 3.0` and `W3.0` are both accepted.
    fn tag162(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "162 point system";
        let mut tokens = line.tokens(4).into_iter().peekable();
        if tokens.peek().is_none() {
            return Err(self.error(line.no, 6, FIELD, "missing result code and points; expected e.g. 'W 3.0'"));
        }
        while let Some(t) = tokens.next() {
            let mut chars = t.text.chars();
            let code = chars.next().unwrap_or(' ').to_ascii_uppercase();
            if !"WDLAPX".contains(code) {
                let message = format!("'{}' is not a result code; expected one of W D L A P X", t.text);
                return Err(self.error(line.no, t.col, FIELD, message));
            }
            let glued: String = chars.collect();
            let (value, col) = if glued.is_empty() {
                match tokens.next() {
                    Some(v) => (v.text, v.col),
                    None => {
                        let message = format!("'{code}' has no points; expected e.g. '{code} 1.0'");
                        return Err(self.error(line.no, t.col, FIELD, message));
                    }
                }
            } else {
                (glued, t.col + 1)
            };
            let points = Points::parse(&value).ok_or_else(|| {
                let message = format!("'{value}' is not a number of points for '{code}'; expected e.g. 1.0");
                self.error(line.no, col, FIELD, message)
            })?;
            self.apply162(code, points);
        }
        self.doc.point_system_explicit = true;
        Ok(())
    }

    /// TRF-2026 table "Result codes and defaults".
    fn apply162(&mut self, code: char, points: Points) {
        let state = &mut self.points;
        match code {
            'W' => state.set_win(points),
            'D' => state.set_draw(points),
            'L' => state.set_loss(points),
            'A' => (state.system.zero_bye, state.system.forfeit_loss) = (points, points),
            'P' => state.set_pab(points),
            _ => self.doc.unknown_result_points = Some(points),
        }
    }

    /// A round-number token of a 240/250/260 record.
    fn round_token(&self, line: &Line, t: Option<&Token>, field: &str, what: &str) -> Result<u32, TrfError> {
        let Some(t) = t else {
            let col = line.end() + 2;
            return Err(self.error(line.no, col, field, format!("missing {what}; {ROUND_EXPECTED}")));
        };
        parse_round(&t.text).ok_or_else(|| {
            let message = format!("'{}' is not a round number ({what}); {ROUND_EXPECTED}", t.text);
            self.error(line.no, t.col, field, message)
        })
    }

    /// `240 T RRR id id ...`: byes announced for a round (F full, H half, Z zero).
    fn record240(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "240 bye";
        let tokens = line.tokens(4);
        let kind_token = tokens.first();
        let kind = match kind_token.map(|t| t.text.to_ascii_uppercase()).as_deref() {
            Some("F") => ByeKind::Full,
            Some("H") => ByeKind::Half,
            Some("Z") => ByeKind::Zero,
            _ => {
                let found = kind_token.map_or("blank".to_string(), |t| format!("'{}'", t.text));
                return Err(self.error(line.no, 5, FIELD, format!("{found} is not a type of bye; expected F, H or Z")));
            }
        };
        let round = self.round_token(line, tokens.get(1), FIELD, "the round")?;
        let players = self.id_list(line, tokens.get(2..).unwrap_or_default(), FIELD, 1)?;
        self.doc.announced_byes.push(AnnouncedByes { round: Some(round), kind, players });
        Ok(())
    }

    /// `250 [MMMM] GGGG RRF RRL PPPF PPPL`: fictitious points for a range of rounds and players.
    /// The team match points (columns 5-8, "empty for individual competitions") are checked and
    /// otherwise ignored.
    fn record250(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "250 acceleration";
        let tokens = line.tokens(4);
        let fields = match tokens.len() {
            5 => tokens.get(0..),
            6 => tokens.get(1..),
            n => {
                let message = format!(
                    "{n} values given; expected [match points] points first-round last-round first-player last-player"
                );
                return Err(self.error(line.no, 5, FIELD, message));
            }
        }
        .unwrap_or_default();
        for t in tokens.iter().take(tokens.len() - 4) {
            if Points::parse(&t.text).is_none() {
                let message = format!("'{}' is not a number of points; expected e.g. 1.0", t.text);
                return Err(self.error(line.no, t.col, FIELD, message));
            }
        }
        let points = fields.first().and_then(|t| Points::parse(&t.text)).unwrap_or_default();
        let first_round = self.round_token(line, fields.get(1), FIELD, "the first round")?;
        let last_round = self.round_token(line, fields.get(2), FIELD, "the last round")?;
        let first_player = self.range_id(line, fields.get(3), FIELD)?;
        let last_player = self.range_id(line, fields.get(4), FIELD)?;
        self.check_order(line, fields.get(2), FIELD, "round", first_round, last_round)?;
        self.check_order(line, fields.get(4), FIELD, "player", first_player, last_player)?;
        self.ranges.push(AccelerationRange {
            points,
            rounds: (first_round, last_round),
            players: (first_player, last_player),
        });
        Ok(())
    }

    /// A player id bounding a range: it need not belong to a player.
    fn range_id(&self, line: &Line, t: Option<&Token>, field: &str) -> Result<u32, TrfError> {
        let (text, col) = t.map_or((String::new(), 5), |t| (t.text.clone(), t.col));
        parse_player_id(&text).ok_or_else(|| {
            let message = format!("{} is not a starting-rank number; {PLAYER_ID_EXPECTED}", quoted(&text));
            self.error(line.no, col, field, message)
        })
    }

    fn check_order(
        &self,
        line: &Line,
        last: Option<&Token>,
        field: &str,
        what: &str,
        a: u32,
        b: u32,
    ) -> Result<(), TrfError> {
        if a <= b {
            return Ok(());
        }
        let col = last.map_or(5, |t| t.col);
        let message = format!("the last {what} {b} comes before the first {what} {a}; expected first <= last");
        Err(self.error(line.no, col, field, message))
    }

    /// `260 RR1 RRL id id ...`: players who must not meet in rounds RR1 to RRL.
    fn record260(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "260 prohibited pairing";
        let tokens = line.tokens(4);
        let first = self.round_token(line, tokens.first(), FIELD, "the first round")?;
        let last = self.round_token(line, tokens.get(1), FIELD, "the last round")?;
        self.check_order(line, tokens.get(1), FIELD, "round", first, last)?;
        let players = self.id_list(line, tokens.get(2..).unwrap_or_default(), FIELD, 2)?;
        self.doc.forbidden.push(ForbiddenGroup { rounds: Some((first, last)), players });
        Ok(())
    }

    // --- whole-file checks ---

    fn finish(mut self, opts: &ReadOptions) -> Result<TrfDocument, TrfError> {
        self.check_starting_ranks()?;
        self.check_references()?;
        self.check_pairings()?;
        self.check_total_rounds()?;
        let mut ids: Vec<u32> = self.doc.players.iter().map(|p| p.id).collect();
        ids.sort_unstable();
        let expanded = expand_accelerations(&self.ranges, &ids);
        self.doc.accelerations.extend(expanded);
        self.doc.point_system = self.points.system;
        if opts.check_scores {
            self.check_scores()?;
        }
        if self.trf26 {
            self.doc.flavor = TrfFlavor::Trf26;
        }
        Ok(self.doc)
    }

    /// Starting ranks run from 1 to the number of players without a gap (the pairing numbers
    /// are derived from them; bbpPairings refuses a file with a gap too).
    fn check_starting_ranks(&self) -> Result<(), TrfError> {
        let mut players: Vec<(u32, usize)> = self.doc.players.iter().map(|p| (p.id, p.line)).collect();
        players.sort_unstable();
        for (k, &(id, line)) in players.iter().enumerate() {
            let expected = k as u32 + 1;
            if id != expected {
                let message = if expected == 1 {
                    format!("starting ranks must start at 1; the lowest is {id}")
                } else {
                    format!("starting rank {expected} is missing: {id} follows {}; starting ranks must run from 1 to the number of players", expected - 1)
                };
                return Err(self.error(line, 5, "starting-rank number (columns 5-8)", message));
            }
        }
        Ok(())
    }

    /// The number of rounds (XXR / 142) covers every round in which somebody was paired.
    fn check_total_rounds(&self) -> Result<(), TrfError> {
        let (Some(total), Some((line, field))) = (self.doc.total_rounds, self.total_rounds_at) else {
            return Ok(());
        };
        let paired =
            |e: &Option<RoundEntry>| matches!(e, Some(e) if e.opponent.is_some() || e.result == ResultCode::PairingBye);
        for p in &self.doc.players {
            if let Some(k) = p.rounds.iter().rposition(paired).filter(|&k| k as u32 >= total) {
                let message = format!(
                    "{total} rounds, but player {} (line {}) is paired in round {}; expected at least {}",
                    p.id,
                    p.line,
                    k + 1,
                    k + 1
                );
                return Err(self.error(line, 5, field, message));
            }
        }
        Ok(())
    }

    /// Ids named by XXA, XXP, XXZ, 240 and 260 must be players.
    fn check_references(&self) -> Result<(), TrfError> {
        match self.references.iter().find(|r| !self.index.contains_key(&r.id)) {
            Some(r) => {
                let message = format!("{} is not a player (no 001 line has this starting-rank number)", r.id);
                Err(self.error(r.line, r.col, r.field, message))
            }
            None => Ok(()),
        }
    }

    /// Every game is listed by both players, with opposite colours and complementary results.
    /// First that every opponent is a player, then that both sides agree.
    fn check_pairings(&self) -> Result<(), TrfError> {
        for player in &self.doc.players {
            for (i, opponent) in player.rounds.iter().enumerate().filter_map(|(i, e)| Some((i, e.as_ref()?.opponent?)))
            {
                if !self.index.contains_key(&opponent) {
                    let start = 92 + 10 * i;
                    let field = format!("round {} opponent (columns {start}-{})", i + 1, start + 3);
                    let message = format!("{opponent} is not a player (no 001 line has this starting-rank number)");
                    return Err(self.error(player.line, start, field, message));
                }
            }
        }
        for player in &self.doc.players {
            for (i, entry) in player.rounds.iter().enumerate() {
                if let Some(entry @ RoundEntry { opponent: Some(_), .. }) = entry {
                    self.check_game(player, i + 1, entry)?;
                }
            }
        }
        Ok(())
    }

    fn check_game(&self, player: &PlayerRecord, round: usize, entry: &RoundEntry) -> Result<(), TrfError> {
        let start = 92 + 10 * (round - 1);
        let opponent_field = format!("round {round} opponent (columns {start}-{})", start + 3);
        let err = |col: usize, field: String, message: String| self.error(player.line, col, field, message);
        let id = entry.opponent.unwrap_or_default();
        let Some(other) = self.index.get(&id).and_then(|&i| self.doc.players.get(i)) else {
            return Ok(()); // reported by `check_pairings`
        };
        let back = other.rounds.get(round - 1).copied().flatten();
        let Some(back) = back.filter(|b| b.opponent == Some(player.id)) else {
            let shows = match back {
                _ if other.rounds.len() < round => {
                    format!("has no round {round} (its line ends before)")
                }
                None => format!("is blank in round {round}"),
                Some(RoundEntry { opponent: None, .. }) => {
                    format!("shows opponent 0000 in round {round}")
                }
                Some(RoundEntry { opponent: Some(o), .. }) => format!("shows opponent {o} in round {round}"),
            };
            let message = format!("player {} meets {id}, but player {id} (line {}) {shows}", player.id, other.line);
            return Err(err(start, opponent_field, message));
        };
        if back.colour != entry.colour.map(Colour::opposite) {
            let message = format!(
                "player {} has '{}' against {id}, but player {id} (line {}) has '{}'; expected '{}'",
                player.id,
                colour_char(entry.colour),
                other.line,
                colour_char(back.colour),
                colour_char(entry.colour.map(Colour::opposite))
            );
            return Err(err(start + 5, format!("round {round} colour (column {})", start + 5), message));
        }
        let expected = complements(entry.result);
        if !expected.contains(&back.result) {
            let wanted: Vec<String> = expected.iter().map(|r| format!("'{}'", r.to_char())).collect();
            let message = format!(
                "player {} has '{}' against {id}, but player {id} (line {}) has '{}'; expected {}",
                player.id,
                entry.result.to_char(),
                other.line,
                back.result.to_char(),
                wanted.join(" or ")
            );
            return Err(err(start + 7, format!("round {round} result (column {})", start + 7), message));
        }
        Ok(())
    }

    /// Columns 81-84 against the results (TRF16: "the number of points in the tournament
    /// standings, which depends on the scoring points system used and on the value of the
    /// pairing-allocated bye"). When the last round of the file holds no game, only byes
    /// announced for the round to be paired (JaVaFo AUM "Unusual info extensions"), the points
    /// may be stated with or without those byes.
    fn check_scores(&self) -> Result<(), TrfError> {
        let system = &self.doc.point_system;
        let announced = self.announced_round();
        for player in &self.doc.players {
            let Some(stated) = player.points else {
                continue;
            };
            let value = |e: &RoundEntry| e.result.points(e.colour, system);
            let sum: Points = player.rounds.iter().flatten().map(value).sum();
            let announced_points = announced
                .and_then(|r| player.rounds.get(r - 1).copied().flatten())
                .map(|e| value(&e))
                .unwrap_or_default();
            if sum == stated || (announced.is_some() && sum - announced_points == stated) {
                continue;
            }
            let mut message = format!(
                "{stated} stated but the results add up to {sum} under the point system {}",
                describe_point_system(system)
            );
            if let Some(r) = announced.filter(|_| announced_points != Points::ZERO) {
                let before = sum - announced_points;
                message.push_str(&format!(" ({before} without the bye announced for round {r})"));
            }
            return Err(self.error(player.line, 81, "points (columns 81-84)", message));
        }
        Ok(())
    }

    /// The last round of the file if no player has an opponent in it (the round to be paired,
    /// with its absences and byes entered in advance).
    fn announced_round(&self) -> Option<usize> {
        let last = self.doc.players.iter().map(|p| p.rounds.len()).max().filter(|&n| n > 0)?;
        let has_game = |p: &PlayerRecord| matches!(p.rounds.get(last - 1), Some(Some(e)) if e.opponent.is_some());
        (!self.doc.players.iter().any(has_game)).then_some(last)
    }
}

/// A line with an unknown code in columns 1-3 but the layout of a player record: a starting-rank
/// number right-aligned in columns 5-8 between blanks, and text reaching the rating (column 49).
fn looks_like_player(line: &Line) -> bool {
    line.at(4) == ' '
        && line.at(9) == ' '
        && line.at(8).is_ascii_digit()
        && parse_player_id(&line.text_field(5, 8)).is_some()
        && line.end() >= 49
}

/// A tournament-section tag: `??2` in columns 1-3 (TRF16 "Tournament Section"), then a blank.
fn is_tag(line: &Line) -> bool {
    let code: Vec<char> = line.field(1, 3).chars().collect();
    code.len() == 3 && code.iter().all(|c| c.is_ascii_digit()) && code.get(2) == Some(&'2') && line.at(4) == ' '
}

fn colour_char(c: Option<Colour>) -> char {
    match c {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    }
}

/// What the opponent must have written for a game result (a double forfeit `-`/`-` is allowed).
fn complements(r: ResultCode) -> &'static [ResultCode] {
    use ResultCode::*;
    match r {
        ForfeitWin => &[ForfeitLoss],
        ForfeitLoss => &[ForfeitWin, ForfeitLoss],
        Win => &[Loss],
        Loss => &[Win],
        Draw => &[Draw],
        UnratedWin => &[UnratedLoss],
        UnratedLoss => &[UnratedWin],
        UnratedDraw => &[UnratedDraw],
        Pending => &[Pending],
        HalfBye | FullBye | PairingBye | ZeroBye => &[],
    }
}
