//! Whole-file consistency checks, run once every line has been read: starting ranks without a
//! gap, ids named outside the player section that belong to players (or teams, in a team file),
//! games listed alike by both players, a number of rounds that covers the rounds played, and the
//! points column against the results under the point system (in a team file a points column of
//! 0.0 is not checked). The rosters of a team file are checked in `team_checks`.

use super::point_state::describe_point_system;
use super::reader::{IdKind, Reader};
use crate::points::Points;
use crate::trf::{Colour, PlayerRecord, ResultCode, RoundEntry, TrfError};

impl Reader<'_> {
    /// Starting ranks run from 1 to the number of players without a gap (the pairing numbers
    /// are derived from them; bbpPairings refuses a file with a gap too).
    pub(super) fn check_starting_ranks(&self) -> Result<(), TrfError> {
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
    pub(super) fn check_total_rounds(&self) -> Result<(), TrfError> {
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
    pub(super) fn check_references(&self) -> Result<(), TrfError> {
        let team_file = self.doc.is_team_file();
        for r in &self.references {
            let team = match r.kind {
                IdKind::Player => false,
                IdKind::Team => true,
                IdKind::Participant => team_file,
                IdKind::RangeBound if team_file => true,
                IdKind::RangeBound => continue,
            };
            if team && self.doc.team(r.id).is_none() {
                return Err(self.error(r.line, r.col, r.field.as_str(), self.not_a_team(r.id)));
            }
            if !team && !self.index.contains_key(&r.id) {
                let message = format!("{} is not a player (no 001 line has this starting-rank number)", r.id);
                return Err(self.error(r.line, r.col, r.field.as_str(), message));
            }
        }
        Ok(())
    }

    /// Why `id` is not a team, in the terms of the file's team records.
    fn not_a_team(&self, id: u32) -> String {
        match self.doc.teams.first() {
            None => format!("{id} is not a team (the file has no team record, 310 or 013)"),
            Some(t) if t.legacy => format!(
                "{id} is not a team (the file has {} 013 lines, and a team's pairing number is the position of its \
                 line among them)",
                self.doc.teams.len()
            ),
            Some(_) => format!("{id} is not a team (no 310 line has this team pairing number)"),
        }
    }

    /// Every game is listed by both players, with opposite colours and complementary results.
    /// First that every opponent is a player, then that both sides agree.
    pub(super) fn check_pairings(&self) -> Result<(), TrfError> {
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
            let wanted: Vec<String> = expected.iter().map(|&r| shown(r)).collect();
            let message = format!(
                "player {} has {} against {id}, but player {id} (line {}) has {}; expected {}",
                player.id,
                shown(entry.result),
                other.line,
                shown(back.result),
                wanted.join(" or ")
            );
            return Err(err(start + 7, format!("round {round} result (column {})", start + 7), message));
        }
        Ok(())
    }

    /// Columns 81-84 against the results (TRF16: "the number of points in the tournament
    /// standings, which depends on the scoring points system used and on the value of the
    /// pairing-allocated bye"). When no game of the last round of the file has a result yet, the
    /// byes of that round may be counted or not: JaVaFo AUM "Unusual info extensions" counts the
    /// byes announced for the round to be paired, Swiss-Manager's export of a paired round leaves
    /// out the whole open round (its `0000 - U` included). In a team file a player's points may
    /// also be his games alone (Sharly-Chess's "standard score": no bye counted).
    pub(super) fn check_scores(&self) -> Result<(), TrfError> {
        let system = &self.doc.point_system;
        let announced = self.announced_round();
        let team_file = self.doc.is_team_file();
        let double_swiss = crate::double::encoding::is_double_swiss(&self.doc);
        for player in &self.doc.players {
            let Some(stated) = player.points else {
                continue;
            };
            // Some exporters of team files leave the points of every player at 0.0.
            if team_file && stated == Points::ZERO {
                continue;
            }
            let value = |e: &RoundEntry| e.result.points(e.colour, system);
            // A Double-Swiss file writes a match's bye in both of its columns, worth `P` once.
            let sum: Points = if double_swiss {
                crate::double::encoding::points_of_columns(&player.rounds, system)
            } else {
                player.rounds.iter().flatten().map(value).sum()
            };
            let announced_points = announced
                .and_then(|r| player.rounds.get(r - 1).copied().flatten())
                .map(|e| value(&e))
                .unwrap_or_default();
            if sum == stated || (announced.is_some() && sum - announced_points == stated) {
                continue;
            }
            // A team file's player may count the games alone: the team's byes are the team's, worth
            // what 320 and 240 give the team, and Sharly-Chess's TRF-2026 export writes each player's
            // "standard score" (its games, forfeits won included; no bye of any kind).
            if team_file {
                let games: Points = player.rounds.iter().flatten().filter(|e| e.opponent.is_some()).map(value).sum();
                if games == stated {
                    continue;
                }
            }
            let mut message = format!(
                "{stated} stated but the results add up to {sum} under the point system {}",
                describe_point_system(system)
            );
            if let Some(r) = announced.filter(|_| announced_points != Points::ZERO) {
                let before = sum - announced_points;
                message.push_str(&format!(" ({before} without the bye of round {r}, which has no game result yet)"));
            }
            return Err(self.error(player.line, 81, "points (columns 81-84)", message));
        }
        Ok(())
    }

    /// The last round of the file if none of its games has a result (the round to be paired,
    /// with its absences and byes entered in advance, or a round paired but not played).
    fn announced_round(&self) -> Option<usize> {
        let last = self.doc.players.iter().map(|p| p.rounds.len()).max().filter(|&n| n > 0)?;
        let has_result = |p: &PlayerRecord| matches!(p.rounds.get(last - 1), Some(Some(e)) if e.opponent.is_some() && e.result != ResultCode::Pending);
        (!self.doc.players.iter().any(has_result)).then_some(last)
    }
}

/// A result code for messages: `'1'`, or `no result` for a game without one yet.
fn shown(r: ResultCode) -> String {
    match r {
        ResultCode::Pending => "no result".to_string(),
        r => format!("'{}'", r.to_char()),
    }
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
