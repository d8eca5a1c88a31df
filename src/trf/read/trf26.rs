//! TRF-2026 tags and records shared by individual and team tournaments: `152` (initial colour),
//! `240` (byes announced for a round), `250` (accelerated rounds) and `260` (prohibited
//! pairings), and the expansion of an individual file's `250` ranges into per-player
//! accelerations (which the writer inverts). In a team file their ids are team pairing numbers. Tag `142`
//! is read with `XXR` (in `extensions`), tag `162` with the point system.

use super::line::{parse_player_id, parse_round, quoted, Line, Token, PLAYER_ID_EXPECTED, ROUND_EXPECTED};
use super::reader::{IdKind, IdReference, Reader};
use crate::points::Points;
use crate::trf::{AnnouncedByes, ByeKind, Colour, ForbiddenGroup, TeamAcceleration, TrfError};

impl Reader<'_> {
    /// `152 W|B`: the initial colour.
    pub(super) fn tag152(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "152 initial colour";
        let [value] = self.exactly_one(line, FIELD, "the initial colour", "152 W")?;
        let colour = match value.text.as_str() {
            "W" | "w" => Colour::White,
            "B" | "b" => Colour::Black,
            other => {
                let message = format!("'{other}' is not a colour; expected W or B");
                return Err(self.error(line.no, value.col, FIELD, message));
            }
        };
        let stated = if colour == Colour::White { "White (152 W)" } else { "Black (152 B)" };
        self.state("the initial colour", stated.to_string(), (line.no, value.col), FIELD)?;
        self.doc.initial_colour = Some(colour);
        Ok(())
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
    pub(super) fn record240(&mut self, line: &Line) -> Result<(), TrfError> {
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
        let players = self.id_list(line, tokens.get(2..).unwrap_or_default(), FIELD, 1, IdKind::Participant)?;
        self.doc.announced_byes.push(AnnouncedByes { round: Some(round), kind, players });
        self.bye_lines.push(line.no);
        Ok(())
    }

    /// `250 [MMMM] GGGG RRF RRL PPPF PPPL`: fictitious points for a range of rounds and players
    /// (teams in a team file). The team match points (columns 5-8, "empty for individual
    /// competitions") are kept for a team file and otherwise only checked.
    pub(super) fn record250(&mut self, line: &Line) -> Result<(), TrfError> {
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
        let match_points = if tokens.len() == 6 { tokens.first().and_then(|t| Points::parse(&t.text)) } else { None };
        let first_round = self.round_token(line, fields.get(1), FIELD, "the first round")?;
        let last_round = self.round_token(line, fields.get(2), FIELD, "the last round")?;
        let first_player = self.range_id(line, fields.get(3), FIELD)?;
        let last_player = self.range_id(line, fields.get(4), FIELD)?;
        self.check_order(line, fields.get(2), FIELD, "round", first_round, last_round)?;
        self.check_order(line, fields.get(4), FIELD, "player", first_player, last_player)?;
        for (t, id) in [(fields.get(3), first_player), (fields.get(4), last_player)] {
            let col = t.map_or(5, |t| t.col);
            let field = FIELD.to_string();
            self.references.push(IdReference { line: line.no, col, field, id, kind: IdKind::RangeBound });
        }
        self.records250.push(TeamAcceleration {
            match_points,
            game_points: points,
            rounds: (first_round, last_round),
            teams: (first_player, last_player),
        });
        Ok(())
    }

    /// A player id bounding a range: it need not belong to a player (in a team file it must be a
    /// team, which `check_references` sees to).
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
    pub(super) fn record260(&mut self, line: &Line) -> Result<(), TrfError> {
        const FIELD: &str = "260 prohibited pairing";
        let tokens = line.tokens(4);
        let first = self.round_token(line, tokens.first(), FIELD, "the first round")?;
        let last = self.round_token(line, tokens.get(1), FIELD, "the last round")?;
        self.check_order(line, tokens.get(1), FIELD, "round", first, last)?;
        let players = self.id_list(line, tokens.get(2..).unwrap_or_default(), FIELD, 2, IdKind::Participant)?;
        self.doc.forbidden.push(ForbiddenGroup { rounds: Some((first, last)), players });
        Ok(())
    }
}
