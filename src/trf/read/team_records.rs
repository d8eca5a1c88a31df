//! The TRF-2026 records of a team tournament after the teams: `320` (pairing-allocated byes),
//! `330` (matches forfeited as a whole), `300` (boards out of the default order) and `299`
//! (abnormal assignments of points, kept without meaning). Each is read in the columns TRF-2026
//! gives it; the teams and players they name are checked once the file is read.

use super::line::{parse_player_id, parse_uint, quoted, Line, PLAYER_ID_EXPECTED};
use super::reader::{IdKind, IdReference, Reader};
use super::teams::has_cell;
use crate::trf::{AbnormalKind, AbnormalPoints, ForfeitedMatch, MatchForfeit, OutOfOrder, TeamPab, TrfError};

impl Reader<'_> {
    /// Remembers an id for `check_references`.
    fn refer(&mut self, line: &Line, col: usize, field: String, id: u32, kind: IdKind) {
        self.references.push(IdReference { line: line.no, col, field, id, kind });
    }

    /// `320 MMMM GGGG T01 T02 ...`: PAB match and game points, then the PAB team of each round
    /// (`000` for none) in 4-column steps from column 15.
    pub(super) fn record320(&mut self, line: &Line) -> Result<(), TrfError> {
        if let Some(first) = self.pab_at {
            let message = format!("a second 320 record (the first is on line {first}); expected one");
            return Err(self.error(line.no, 1, "320 team PAB", message));
        }
        self.blank_columns(line, "320", &[4, 9, 14])?;
        let match_points =
            self.required_points_in(line, (5, 8), "320 PAB match points (columns 5-8)", "PAB match points")?;
        let game_points =
            self.required_points_in(line, (10, 13), "320 PAB game points (columns 10-13)", "PAB game points")?;
        let mut teams = Vec::new();
        while has_cell(line, 15, 4, teams.len()) {
            let (round, col) = (teams.len() + 1, 15 + 4 * teams.len());
            self.blank_columns(line, "320", &[col + 3])?;
            let field = format!("320 PAB team of round {round} (columns {col}-{})", col + 2);
            let team = self.optional_tpn_in(line, col, col + 2, &field)?;
            if let Some(id) = team {
                self.refer(line, col, field, id, IdKind::Team);
            }
            teams.push(team);
        }
        self.doc.team_pab = Some(TeamPab { match_points, game_points, teams });
        self.pab_at = Some(line.no);
        Ok(())
    }

    /// `330 TT RRR WWW BBB`: a match forfeited as a whole (`+-`, `-+` or `--`).
    pub(super) fn record330(&mut self, line: &Line) -> Result<(), TrfError> {
        self.blank_columns(line, "330", &[4, 7, 11, 15])?;
        let code = line.field(5, 6);
        let kind = MatchForfeit::from_code(&code).ok_or_else(|| {
            let message = format!(
                "{} is not a type of forfeit; expected +- (White wins), -+ (Black wins) or -- (both forfeit)",
                quoted(&code)
            );
            self.error(line.no, 5, "330 type of forfeit (columns 5-6)", message)
        })?;
        let round = self.round_in(line, 8, 10, "330 round (columns 8-10)")?;
        let mut sides = [0; 2];
        for (slot, (col, side)) in sides.iter_mut().zip([(12, "white"), (16, "black")]) {
            let field = format!("330 {side} team (columns {col}-{})", col + 2);
            *slot = self.tpn_in(line, col, col + 2, &field)?;
            self.refer(line, col, field, *slot, IdKind::Team);
        }
        let [white, black] = sides;
        self.doc.forfeited_matches.push(ForfeitedMatch { kind, round, white, black });
        Ok(())
    }

    /// `300 RRR TTT OOO P1 P2 ...`: the players of a team, board by board (`0000` for an empty
    /// board), in a round it does not play in its default order (`OOO` `000` before the round is
    /// paired: the line-up of the round to pair).
    pub(super) fn record300(&mut self, line: &Line) -> Result<(), TrfError> {
        self.blank_columns(line, "300", &[4, 8, 12, 16])?;
        let round = self.round_in(line, 5, 7, "300 round (columns 5-7)")?;
        let field = "300 team (columns 9-11)".to_string();
        let team = self.tpn_in(line, 9, 11, &field)?;
        self.refer(line, 9, field, team, IdKind::Team);
        // `000` (or blank): a line-up given before the round is paired, its opponent not known.
        let field = "300 opponent (columns 13-15)".to_string();
        let opponent = self.optional_tpn_in(line, 13, 15, &field)?.unwrap_or(0);
        if opponent != 0 {
            self.refer(line, 13, field, opponent, IdKind::Team);
        }
        let mut players = Vec::new();
        while has_cell(line, 17, 5, players.len()) {
            let (board, col) = (players.len() + 1, 17 + 5 * players.len());
            self.blank_columns(line, "300", &[col + 4])?;
            let field = format!("300 board {board} player (columns {col}-{})", col + 3);
            self.not_cut_in(line, col, col + 3, &field)?;
            let text = line.text_field(col, col + 3);
            let player = match parse_uint(&text) {
                _ if text.is_empty() => None,
                Some(0) => None,
                _ => {
                    let id = parse_player_id(&text).ok_or_else(|| {
                        let message =
                            format!("'{text}' is not a starting-rank number; {PLAYER_ID_EXPECTED}, or 0000 for none");
                        self.error(line.no, col, &field, message)
                    })?;
                    self.refer(line, col, field, id, IdKind::Player);
                    Some(id)
                }
            };
            players.push(player);
        }
        self.doc.out_of_order.push(OutOfOrder { round, team, opponent, players, line: line.no });
        Ok(())
    }

    /// `299 T  [-]MM.M  [-]GG.G  RRR  ID1  ID2 ...`: an abnormal assignment of points. A sign may
    /// stand in the blank column before each number of points (`-11.5` in columns 7-11).
    pub(super) fn record299(&mut self, line: &Line) -> Result<(), TrfError> {
        let c = line.at(5);
        let kind = AbnormalKind::from_char(if c.is_whitespace() { ' ' } else { c }).ok_or_else(|| {
            let message = format!("'{c}' is not a type of assignment; expected W D L F H Z + - or blank");
            self.error(line.no, 5, "299 type of assignment (column 5)", message)
        })?;
        self.blank_columns(line, "299", &[6, 12, 18, 19, 23])?;
        let match_points = self.points_in(line, (7, 11), "299 match points (columns 8-11)", "match points")?;
        let game_points = self.points_in(line, (13, 17), "299 game points (columns 14-17)", "points")?;
        let round = match line.text_field(20, 22) {
            text if text.is_empty() || parse_uint(&text) == Some(0) => None,
            _ => Some(self.round_in(line, 20, 22, "299 round (columns 20-22)")?),
        };
        let mut ids = Vec::new();
        while has_cell(line, 24, 5, ids.len()) {
            let (k, col) = (ids.len() + 1, 24 + 5 * ids.len());
            self.blank_columns(line, "299", &[col + 4])?;
            let field = format!("299 pairing number {k} (columns {col}-{})", col + 3);
            self.not_cut_in(line, col, col + 3, &field)?;
            let text = line.text_field(col, col + 3);
            ids.push(parse_player_id(&text).ok_or_else(|| {
                let message = format!("{} is not a pairing number; {PLAYER_ID_EXPECTED}", quoted(&text));
                self.error(line.no, col, &field, message)
            })?);
        }
        self.doc.abnormal_points.push(AbnormalPoints { kind, match_points, game_points, round, ids });
        Ok(())
    }
}
