//! Whole-file checks of a team file, run once every line has been read: every roster player has
//! a `001` line, no player is in two teams (or twice in one), and when tag `352` gives the number
//! of boards, every team has at least that many players; tag `192` names a Swiss Team code. (The teams named by `240`, `250`, `260`,
//! `320`, `330` and `300` records are checked with the other references, in `checks`.)

use super::reader::Reader;
use super::teams::roster_field;
use crate::trf::TrfError;
use std::collections::HashMap;

impl Reader<'_> {
    /// The rosters against the player section and against each other, then against the boards.
    pub(super) fn check_teams(&self) -> Result<(), TrfError> {
        // Player id -> (team pairing number, line) of the first roster listing it.
        let mut seen: HashMap<u32, (u32, usize)> = HashMap::new();
        for team in &self.doc.teams {
            for (i, &id) in team.players.iter().enumerate() {
                let (col, field) = roster_field(team.legacy, i + 1);
                if !self.index.contains_key(&id) {
                    let message = format!(
                        "{id} is not a player (no 001 line has this starting-rank number); team {} lists it on board {}",
                        team.tpn,
                        i + 1
                    );
                    return Err(self.error(team.line, col, field, message));
                }
                if let Some(&(other, other_line)) = seen.get(&id) {
                    let message = if other == team.tpn {
                        format!("player {id} is listed twice in team {other}; expected each player on one board")
                    } else {
                        format!(
                            "player {id} is in team {other} (line {other_line}) and in team {} (line {}); expected \
                             each player in one team",
                            team.tpn, team.line
                        )
                    };
                    return Err(self.error(team.line, col, field, message));
                }
                seen.insert(id, (team.tpn, team.line));
            }
        }
        self.check_tournament_type()?;
        self.check_boards()
    }

    /// In a team file, tag 192 names the Swiss Team system and its options (C.04.6 1.2, 1.7); a
    /// Double-Swiss code is one lexpair pairs (C.04.5) and names no team system. Other codes of
    /// an individual file are kept as written.
    fn check_tournament_type(&self) -> Result<(), TrfError> {
        let (Some(code), Some(line)) = (&self.doc.tournament_type, self.tournament_type_at) else {
            return Ok(());
        };
        let field = "tournament type (192)";
        if let Some(ds) = crate::double::encoding::code(&self.doc) {
            return match ds {
                Ok(_) if self.doc.is_team_file() => Err(self.error(
                    line,
                    5,
                    field,
                    "a Double-Swiss code in a file with team records (310 or 013): Double-Swiss pairs players",
                )),
                Ok(_) => Ok(()),
                Err(message) => Err(self.error(line, 5, field, message)),
            };
        }
        if !self.doc.is_team_file() && !code.trim().to_ascii_uppercase().starts_with("FIDE_TEAM") {
            return Ok(());
        }
        match crate::team::TeamRules::from_code(code) {
            Ok(_) => Ok(()),
            Err(message) => Err(self.error(line, 5, field, message)),
        }
    }

    /// With tag 352, every team has a player for each board (reserves beyond are allowed).
    fn check_boards(&self) -> Result<(), TrfError> {
        let (Some(boards), Some(at)) = (self.doc.board_count(), self.board_colours_at) else {
            return Ok(());
        };
        match self.doc.teams.iter().find(|t| t.players.len() < boards) {
            Some(team) => {
                let (col, _) = roster_field(team.legacy, 1);
                let code = if team.legacy { "013" } else { "310" };
                let message = format!(
                    "team {} lists {} player(s), fewer than the {boards} boards of the 352 colour pattern (line \
                     {at}); expected at least {boards}",
                    team.tpn,
                    team.players.len()
                );
                Err(self.error(team.line, col, format!("{code} roster (from column {col})"), message))
            }
            None => Ok(()),
        }
    }
}
