//! The player section: the `001` record (TRF16 "Player Section", TRF-2026 "Player Section (001
//! records)") and its round blocks, each checked on its own line (separators, a line cut short,
//! a bye with an opponent, a game without one). Checks between lines are in `checks`. A blank
//! result against an opponent is a game without a result yet, and so is a `Z` against one (how
//! lichess writes a game in progress, named once in a warning).

use super::line::{parse_player_id, parse_uint, quoted, Line, PLAYER_ID_EXPECTED, RESULT_CODES};
use super::reader::Reader;
use crate::points::Points;
use crate::trf::{Colour, PlayerRecord, ResultCode, RoundEntry, TrfError};

impl Reader<'_> {
    pub(super) fn player(&mut self, line: &Line) -> Result<(), TrfError> {
        self.separators(line)?;
        self.not_cut_short(line)?;
        let id = self.player_id(line)?;
        let rounds = self.rounds(line)?;
        self.check_not_self(line, id, &rounds)?;
        self.warn_games_in_progress(line, &rounds);
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
        // A blank result against a scheduled opponent: paired, not played yet. So is a `Z`
        // against one: lichess writes Z for a game in progress (lila SwissTrf, `Ongoing => "Z"`).
        if entry.opponent.is_some() && (line.at(start + 7).is_whitespace() || entry.result == ResultCode::ZeroBye) {
            entry.result = ResultCode::Pending;
        }
        self.check_entry(line, round, start, &entry)?;
        Ok(Some(entry))
    }

    /// Names once the games read as in progress from a `Z` against an opponent.
    fn warn_games_in_progress(&mut self, line: &Line, rounds: &[Option<RoundEntry>]) {
        for (i, e) in rounds.iter().enumerate() {
            let col = 99 + 10 * i;
            if let Some(RoundEntry { opponent: Some(o), result: ResultCode::Pending, .. }) = e {
                if line.at(col).eq_ignore_ascii_case(&'z') {
                    let message = format!(
                        "'Z' against opponent {o} read as a game without a result yet (lichess writes Z for a game \
                         in progress); its round cannot be paired on until the result is entered"
                    );
                    self.warn_once(
                        "Z-in-progress",
                        line.no,
                        &format!("round {} result (column {col})", i + 1),
                        message,
                    );
                }
            }
        }
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
}
