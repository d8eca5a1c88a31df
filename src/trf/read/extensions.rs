//! The JaVaFo TRF(x) extensions other than the point system (AUM "Extra codes extensions",
//! "Extensions and other options"): `XXR` (with its TRF-2026 twin `142`), `XXC`, `XXA`, `XXP`
//! and `XXZ`, and the lists of player ids they share with the TRF-2026 records.

use super::line::{parse_player_id, parse_round, Line, Token, PLAYER_ID_EXPECTED, ROUND_EXPECTED};
use super::reader::{IdKind, IdReference, Reader};
use crate::points::Points;
use crate::trf::{Acceleration, AnnouncedByes, ByeKind, Colour, ForbiddenGroup, TrfError};

impl Reader<'_> {
    /// `XXR n` / `142 n`: the number of rounds.
    pub(super) fn round_count(&self, line: &Line, field: &str) -> Result<u32, TrfError> {
        let example = format!("{} 9", line.field(1, 3));
        let [value] = self.exactly_one(line, field, "the number of rounds", &example)?;
        parse_round(&value.text).ok_or_else(|| {
            let message = format!("'{}' is not a number of rounds; {ROUND_EXPECTED}", value.text);
            self.error(line.no, value.col, field, message)
        })
    }

    /// The single value after the code (from column 5), or an error naming what is missing.
    pub(super) fn exactly_one(
        &self,
        line: &Line,
        field: &str,
        what: &str,
        example: &str,
    ) -> Result<[Token; 1], TrfError> {
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
    pub(super) fn xxc(&mut self, line: &Line) -> Result<(), TrfError> {
        for t in line.tokens(4) {
            match t.text.to_ascii_lowercase().as_str() {
                "white1" | "black1" => {
                    let colour = if t.text.eq_ignore_ascii_case("white1") { Colour::White } else { Colour::Black };
                    let value = if colour == Colour::White { "White (XXC white1)" } else { "Black (XXC black1)" };
                    self.state("the initial colour", value.to_string(), (line.no, t.col), "XXC")?;
                    self.doc.initial_colour = Some(colour);
                }
                "rank" => self.doc.use_rank_order = true,
                _ => {
                    let message = format!("unknown word '{}'; expected white1, black1 or rank", t.text);
                    return Err(self.error(line.no, t.col, "XXC", message));
                }
            }
        }
        Ok(())
    }

    /// A player id token; remembered so that it can be checked against the 001 lines.
    pub(super) fn id_token(&mut self, line: &Line, t: &Token, field: &str, kind: IdKind) -> Result<u32, TrfError> {
        let id = parse_player_id(&t.text).ok_or_else(|| {
            let message = format!("'{}' is not a starting-rank number; {PLAYER_ID_EXPECTED}", t.text);
            self.error(line.no, t.col, field, message)
        })?;
        self.references.push(IdReference { line: line.no, col: t.col, field: field.to_string(), id, kind });
        Ok(id)
    }

    /// A list of player ids, at least `min` of them.
    pub(super) fn id_list(
        &mut self,
        line: &Line,
        tokens: &[Token],
        field: &str,
        min: usize,
        kind: IdKind,
    ) -> Result<Vec<u32>, TrfError> {
        if tokens.len() < min {
            let col = tokens.last().map_or(5, |t| t.col + t.text.chars().count() + 1);
            let message = match tokens.len() {
                0 => format!("no player id given; expected at least {min}"),
                n => format!("{n} player id(s) given; expected at least {min}"),
            };
            return Err(self.error(line.no, col, field, message));
        }
        tokens.iter().map(|t| self.id_token(line, t, field, kind)).collect()
    }

    /// `XXA NNNN pp.p pp.p ...`: fictitious points of one player, round by round.
    pub(super) fn xxa(&mut self, line: &Line) -> Result<(), TrfError> {
        let tokens = line.tokens(4);
        let Some((first, values)) = tokens.split_first() else {
            return Err(self.error(line.no, 5, "XXA", "missing the player id; expected 'XXA NNNN pp.p pp.p ...'"));
        };
        let player = self.id_token(line, first, "XXA", IdKind::Player)?;
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
    pub(super) fn xxp(&mut self, line: &Line) -> Result<(), TrfError> {
        let players = self.id_list(line, &line.tokens(4), "XXP", 2, IdKind::Player)?;
        self.doc.forbidden.push(ForbiddenGroup { rounds: None, players });
        Ok(())
    }

    /// `XXZ id id ...`: players absent from the round to be paired (a zero-point bye).
    pub(super) fn xxz(&mut self, line: &Line) -> Result<(), TrfError> {
        let players = self.id_list(line, &line.tokens(4), "XXZ", 1, IdKind::Player)?;
        self.doc.announced_byes.push(AnnouncedByes { round: None, kind: ByeKind::Zero, players });
        self.bye_lines.push(line.no);
        Ok(())
    }
}
