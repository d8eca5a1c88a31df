//! The teams of a team tournament and the team tags: TRF-2026 `310` records, TRF16 `013` lines
//! (one kind per file), tag `352` (board colours), tag `362` (match points) — tag `192` is kept
//! as written by the dispatch — and the fixed-column fields that every team record reads
//! (`310`, `013`, `320`, `330`, `300`, `299`: numbers right-aligned in the columns TRF-2026 gives
//! them, with blank columns between them checked so that a misaligned line is refused instead of
//! misread).
//!
//! The checks that need the whole file (roster players exist, one team per player, enough
//! players for the boards) are in `team_checks`.

use super::line::{parse_player_id, parse_uint, quoted, Line, PLAYER_ID_EXPECTED};
use super::reader::Reader;
use crate::points::Points;
use crate::trf::{Colour, TeamRecord, TrfError};

/// What a team pairing number must be (TRF-2026 `310` columns 5-7: "1 to 999").
pub(super) const TEAM_EXPECTED: &str = "expected a whole number from 1 to 999";

/// The first column of a team's roster: `310` column 74, `013` column 37.
pub(super) fn roster_start(legacy: bool) -> usize {
    if legacy {
        37
    } else {
        74
    }
}

/// Whether the line holds cell `k` (0-based) of a list of cells every `step` columns from
/// `start`: the cell starts within the line. (Each cell is followed by a blank column, which the
/// callers check before reading the cell, so that a shifted list is refused as misaligned.)
pub(super) fn has_cell(line: &Line, start: usize, step: usize, k: usize) -> bool {
    start + step * k <= line.end()
}

/// The field name of the player on `board` in a roster (`310 board 2 player (columns 79-82)`).
pub(super) fn roster_field(legacy: bool, board: usize) -> (usize, String) {
    let col = roster_start(legacy) + 5 * (board - 1);
    let code = if legacy { "013" } else { "310" };
    (col, format!("{code} board {board} player (columns {col}-{})", col + 3))
}

impl Reader<'_> {
    // --- fixed-column fields ---

    /// `cols` must be blank: they separate the fixed fields of a `code` record.
    pub(super) fn blank_columns(&self, line: &Line, code: &str, cols: &[usize]) -> Result<(), TrfError> {
        match cols.iter().find(|&&col| !line.at(col).is_whitespace()) {
            Some(&col) => Err(self.error(
                line.no,
                col,
                format!("{code} column {col}"),
                format!("unexpected '{}'; expected a blank between fields (is the line misaligned?)", line.at(col)),
            )),
            None => Ok(()),
        }
    }

    /// A line that ends inside the right-aligned field `from..=to` was cut short or is
    /// misaligned: read as it stands, the field would hold another number.
    pub(super) fn not_cut_in(&self, line: &Line, from: usize, to: usize, field: &str) -> Result<(), TrfError> {
        let end = line.end();
        if from <= end && end < to {
            let message = "the line ends inside this right-aligned field: the record is cut short or misaligned";
            return Err(self.error(line.no, end, field, message));
        }
        Ok(())
    }

    /// A team pairing number in columns `from..=to` (`0` and blank refused).
    pub(super) fn tpn_in(&self, line: &Line, from: usize, to: usize, field: &str) -> Result<u32, TrfError> {
        self.not_cut_in(line, from, to, field)?;
        let text = line.text_field(from, to);
        parse_uint(&text).filter(|n| (1..=999).contains(n)).ok_or_else(|| {
            let message = format!("{} is not a team pairing number; {TEAM_EXPECTED}", quoted(&text));
            self.error(line.no, from, field, message)
        })
    }

    /// A team pairing number in columns `from..=to`, or `None` for `000`, `0` or blank.
    pub(super) fn optional_tpn_in(
        &self,
        line: &Line,
        from: usize,
        to: usize,
        field: &str,
    ) -> Result<Option<u32>, TrfError> {
        let text = line.text_field(from, to);
        if text.is_empty() || parse_uint(&text) == Some(0) {
            self.not_cut_in(line, from, to, field)?;
            return Ok(None);
        }
        self.tpn_in(line, from, to, field).map(Some)
    }

    /// A round number (1 to 999) in columns `from..=to`.
    pub(super) fn round_in(&self, line: &Line, from: usize, to: usize, field: &str) -> Result<u32, TrfError> {
        self.not_cut_in(line, from, to, field)?;
        let text = line.text_field(from, to);
        parse_uint(&text).filter(|n| (1..=999).contains(n)).ok_or_else(|| {
            let message = format!("{} is not a round number; expected a whole number from 1 to 999", quoted(&text));
            self.error(line.no, from, field, message)
        })
    }

    /// A whole number in columns `from..=to`, or blank.
    pub(super) fn number_in(
        &self,
        line: &Line,
        (from, to): (usize, usize),
        field: &str,
        what: &str,
    ) -> Result<Option<u32>, TrfError> {
        self.not_cut_in(line, from, to, field)?;
        let text = line.text_field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        parse_uint(&text).map(Some).ok_or_else(|| {
            let message = format!("'{text}' is not {what}; expected a whole number or blank");
            self.error(line.no, from, field, message)
        })
    }

    /// Points in the format `11.5` in columns `from..=to`, or blank.
    pub(super) fn points_in(
        &self,
        line: &Line,
        (from, to): (usize, usize),
        field: &str,
        what: &str,
    ) -> Result<Option<Points>, TrfError> {
        self.not_cut_in(line, from, to, field)?;
        let text = line.text_field(from, to);
        if text.is_empty() {
            return Ok(None);
        }
        Points::parse(&text).map(Some).ok_or_else(|| {
            let message = format!("'{text}' is not a number of {what}; expected a number like 11.5 or blank");
            self.error(line.no, from, field, message)
        })
    }

    /// Points that must be given.
    pub(super) fn required_points_in(
        &self,
        line: &Line,
        cols: (usize, usize),
        field: &str,
        what: &str,
    ) -> Result<Points, TrfError> {
        self.points_in(line, cols, field, what)?
            .ok_or_else(|| self.error(line.no, cols.0, field, format!("blank; expected the {what}, a number like 1.0")))
    }

    // --- 310 and 013 ---

    /// `310 TPN Name... Nick Strength MP GP Rank  P1 P2 ...` (TRF-2026 "Team Section").
    pub(super) fn record310(&mut self, line: &Line) -> Result<(), TrfError> {
        const TPN: &str = "310 team pairing number (columns 5-7)";
        self.one_kind_of_team(line, false)?;
        self.blank_columns(line, "310", &[4, 8, 47, 54, 61, 68, 72, 73])?;
        let tpn = self.tpn_in(line, 5, 7, TPN)?;
        if let Some(first) = self.doc.team(tpn) {
            let message = format!("team {tpn} is defined twice (first on line {})", first.line);
            return Err(self.error(line.no, 5, TPN, message));
        }
        let strength = self.number_in(line, (48, 53), "310 strength factor (columns 48-53)", "a strength factor")?;
        let match_points = self.points_in(line, (55, 60), "310 match points (columns 55-60)", "match points")?;
        let game_points = self.points_in(line, (62, 67), "310 game points (columns 62-67)", "game points")?;
        let rank = self.number_in(line, (69, 71), "310 team rank (columns 69-71)", "a rank")?;
        let players = self.roster(line, false)?;
        self.doc.teams.push(TeamRecord {
            tpn,
            name: line.text_field(9, 40),
            nickname: line.text_field(42, 46),
            strength,
            match_points,
            game_points,
            rank,
            players,
            legacy: false,
            line: line.no,
        });
        Ok(())
    }

    /// `013 Name... P1 P2 ...` (TRF16 "Team Section"): the team pairing number is the line's
    /// position among the `013` lines.
    pub(super) fn record013(&mut self, line: &Line) -> Result<(), TrfError> {
        self.one_kind_of_team(line, true)?;
        let players = self.roster(line, true)?;
        self.doc.teams.push(TeamRecord {
            tpn: self.doc.teams.len() as u32 + 1,
            name: line.text_field(5, 36),
            players,
            legacy: true,
            line: line.no,
            ..TeamRecord::default()
        });
        Ok(())
    }

    /// A file gives its teams either as `310` records or as `013` lines, not both.
    fn one_kind_of_team(&mut self, line: &Line, legacy: bool) -> Result<(), TrfError> {
        let code = |legacy: bool| if legacy { "013" } else { "310" };
        match self.first_team {
            None => {
                self.first_team = Some((legacy, line.no));
                Ok(())
            }
            Some((first, first_line)) if first != legacy => {
                let message = format!(
                    "a {} team record in a file whose teams are {} records (first on line {first_line}); expected one \
                     kind of team record, 310 (TRF-2026) or 013 (TRF16)",
                    code(legacy),
                    code(first)
                );
                Err(self.error(line.no, 1, "record tag (columns 1-3)", message))
            }
            Some(_) => Ok(()),
        }
    }

    /// The players' starting-rank numbers in board order, every 5 columns from the roster start
    /// to the end of the line.
    fn roster(&self, line: &Line, legacy: bool) -> Result<Vec<u32>, TrfError> {
        let start = roster_start(legacy);
        let mut players = Vec::new();
        while has_cell(line, start, 5, players.len()) {
            let (col, field) = roster_field(legacy, players.len() + 1);
            self.blank_columns(line, if legacy { "013" } else { "310" }, &[col + 4])?;
            self.not_cut_in(line, col, col + 3, &field)?;
            let text = line.text_field(col, col + 3);
            let id = parse_player_id(&text).ok_or_else(|| {
                let message = format!("{} is not a starting-rank number; {PLAYER_ID_EXPECTED}", quoted(&text));
                self.error(line.no, col, &field, message)
            })?;
            players.push(id);
        }
        if players.is_empty() {
            // TRF16 and TRF-2026 "Team 1st player": mandatory. A team of no players would be
            // paired as a team of no boards.
            let (col, field) = roster_field(legacy, 1);
            let message = format!(
                "the team lists no player; expected the starting-rank number of its first player (board 1) in \
                 columns {col}-{}, then one every 5 columns",
                col + 3
            );
            return Err(self.error(line.no, col, field, message));
        }
        Ok(players)
    }

    // --- 352 and 362 ---

    /// `352 WBWB`: the colour of each board for the team that "has White".
    pub(super) fn tag352(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "352 board colours";
        let [pattern] = self.exactly_one(line, FIELD, "the colour of each board", "352 WBWB")?;
        let mut colours = Vec::new();
        for (i, c) in pattern.text.chars().enumerate() {
            colours.push(match c.to_ascii_uppercase() {
                'W' => Colour::White,
                'B' => Colour::Black,
                _ => {
                    let message = format!("'{c}' is not a colour; expected W or B, one letter per board (e.g. WBWB)");
                    return Err(self.error(line.no, pattern.col + i, FIELD, message));
                }
            });
        }
        let stated: String = colours.iter().map(|c| if *c == Colour::White { 'W' } else { 'B' }).collect();
        self.state("the board colours", stated, (line.no, pattern.col), FIELD)?;
        self.doc.board_colours = Some(colours);
        self.board_colours_at.get_or_insert(line.no);
        Ok(())
    }

    /// `362 TW 2.0   TD 1.0   TL 0.0`: match points of a team win, draw and loss. Read as
    /// blank-separated words, like tag 162, so that `TW 2.0` and `TW2.0` are both accepted.
    pub(super) fn tag362(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "362 team point system";
        let mut tokens = line.tokens(4).into_iter().peekable();
        if tokens.peek().is_none() {
            let message = "missing result codes and match points; expected e.g. 'TW 2.0   TD 1.0   TL 0.0'";
            return Err(self.error(line.no, 5, FIELD, message));
        }
        while let Some(t) = tokens.next() {
            let code: String = t.text.chars().take(2).collect::<String>().to_ascii_uppercase();
            if !matches!(code.as_str(), "TW" | "TD" | "TL") {
                let message = format!("'{}' is not a team result code; expected TW, TD or TL", t.text);
                return Err(self.error(line.no, t.col, FIELD, message));
            }
            let glued: String = t.text.chars().skip(2).collect();
            let (value, col) = if glued.is_empty() {
                match tokens.next() {
                    Some(v) => (v.text, v.col),
                    None => {
                        let message = format!("'{code}' has no match points; expected e.g. '{code} 2.0'");
                        return Err(self.error(line.no, t.col, FIELD, message));
                    }
                }
            } else {
                (glued, t.col + 2)
            };
            let points = Points::parse(&value).ok_or_else(|| {
                let message = format!("'{value}' is not a number of match points for '{code}'; expected e.g. 2.0");
                self.error(line.no, col, FIELD, message)
            })?;
            let fact = match code.as_str() {
                "TW" => "the match points of a team win",
                "TD" => "the match points of a team draw",
                _ => "the match points of a team loss",
            };
            self.state(fact, points.to_string(), (line.no, col), FIELD)?;
            let scoring = &mut self.doc.team_scoring;
            match code.as_str() {
                "TW" => scoring.win = points,
                "TD" => scoring.draw = points,
                _ => scoring.loss = points,
            }
        }
        self.doc.team_scoring_explicit = true;
        Ok(())
    }
}
