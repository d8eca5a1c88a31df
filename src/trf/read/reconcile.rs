//! The one place where the records of a file are reconciled with each other. A file may state a
//! fact in more than one record (the TRF16 extensions and their TRF-2026 twins: `XXR` and `142`,
//! `XXC white1|black1` and `152`; or a tag given twice); it may state an absence in a `240`
//! record and in the players' round columns; it states the boards of a team match in `352` and
//! in the board results. Where two of them disagree, the file is refused, naming both lines:
//! which one is meant is for the arbiter to say, not for the reader to guess (the first or the
//! last silently winning was issue 43's defect 5).
//!
//! - A fact stated twice must be stated alike ([`Reader::state`]): the number of rounds (`XXR`,
//!   `142`), the initial colour (`XXC white1|black1`, `152`), the type of tournament (`192`), the
//!   board colours (`352`), each match-point value of `362`. (The point system is not among them:
//!   `XXS`, `BB*` and `162` lines apply top-down by design, a later one overriding an earlier one,
//!   as JaVaFo's AUM example 5 relies on.)
//! - A `240` bye names a round the tournament has (`142`/`XXR`); a participant is given one kind
//!   of bye per round by the `240` records; and a `240` bye of a round agrees with the round
//!   columns: no game of the participant (or of a player of the team) in that round, and no bye
//!   of another kind written there.
//! - A team match has at most as many games as the `352` pattern has boards.

use super::reader::{Reader, Statement};
use crate::trf::{ByeKind, ResultCode, RoundEntry, TrfError};

fn bye_code(kind: ByeKind) -> ResultCode {
    match kind {
        ByeKind::Full => ResultCode::FullBye,
        ByeKind::Half => ResultCode::HalfBye,
        ByeKind::Zero => ResultCode::ZeroBye,
    }
}

fn bye_letter(kind: ByeKind) -> char {
    bye_code(kind).to_char()
}

impl Reader<'_> {
    /// Records that line `line` states `fact` as `value` (in the words of the file, for the
    /// message); a different value stated before is exit 3, naming both lines.
    pub(super) fn state(
        &mut self,
        fact: &'static str,
        value: String,
        (line, column): (usize, usize),
        field: &str,
    ) -> Result<(), TrfError> {
        if let Some(first) = self.stated.iter().find(|s| s.fact == fact) {
            if first.value != value {
                let message = format!(
                    "{value} here, but {} on line {} (column {}) states {}: {fact} stated twice, differently (which \
                     is meant?); expected one statement, or the same twice",
                    first.field, first.line, first.column, first.value
                );
                return Err(self.error(line, column, field, message));
            }
            return Ok(());
        }
        self.stated.push(Statement { fact, value, line, column, field: field.to_string() });
        Ok(())
    }

    /// The whole-file reconciliation, once every line is read and the players and teams are known.
    pub(super) fn reconcile(&self) -> Result<(), TrfError> {
        self.byes_against_rounds()?;
        self.byes_against_each_other()?;
        self.byes_against_results()?;
        self.games_against_boards()
    }

    /// The players a `240` id names: the player, or in a team file the team's players (its
    /// roster, and those of its `300` line-ups).
    fn players_of(&self, id: u32) -> Vec<u32> {
        self.players_of_round(id, None)
    }

    /// [`Self::players_of`] with only the `300` line-ups of round `round` when given: a player
    /// fielded by another team in one round is not this team's in the others.
    fn players_of_round(&self, id: u32, round: Option<u32>) -> Vec<u32> {
        if !self.doc.is_team_file() {
            return vec![id];
        }
        let mut ids: Vec<u32> = self.doc.team(id).map(|t| t.players.clone()).unwrap_or_default();
        for o in self.doc.out_of_order.iter().filter(|o| o.team == id && round.is_none_or(|r| r == o.round)) {
            ids.extend(o.players.iter().flatten());
        }
        ids.sort_unstable();
        ids.dedup();
        ids
    }

    fn what(&self) -> &'static str {
        if self.doc.is_team_file() {
            "team"
        } else {
            "player"
        }
    }

    /// Every `240` bye names a round of the tournament.
    fn byes_against_rounds(&self) -> Result<(), TrfError> {
        let (Some(total), Some((at, field))) = (self.doc.total_rounds, self.total_rounds_at) else {
            return Ok(());
        };
        for (b, &line) in self.doc.announced_byes.iter().zip(&self.bye_lines) {
            if let Some(r) = b.round.filter(|&r| r > total) {
                let message =
                    format!("a bye in round {r}, but {field} on line {at} states {total} rounds; expected a round of the tournament");
                return Err(self.error(line, 7, "240 bye", message));
            }
        }
        Ok(())
    }

    /// One kind of bye per participant and round among the `240` records.
    fn byes_against_each_other(&self) -> Result<(), TrfError> {
        let mut seen: std::collections::HashMap<(u32, u32), (ByeKind, usize)> = std::collections::HashMap::new();
        for (b, &line) in self.doc.announced_byes.iter().zip(&self.bye_lines) {
            let Some(r) = b.round else { continue };
            for &id in &b.players {
                match seen.get(&(id, r)) {
                    Some(&(kind, first)) if kind != b.kind => {
                        let message = format!(
                            "{} {id} is given a '{}' bye in round {r} here, but a '{}' bye on line {first}; expected \
                             one kind of bye per round",
                            self.what(),
                            bye_letter(b.kind),
                            bye_letter(kind)
                        );
                        return Err(self.error(line, 5, "240 bye", message));
                    }
                    Some(_) => {}
                    None => {
                        seen.insert((id, r), (b.kind, line));
                    }
                }
            }
        }
        Ok(())
    }

    /// A `240` bye of a round against the round columns: the participant (every player of the
    /// team) plays no game that round, and no other kind of bye is written there.
    fn byes_against_results(&self) -> Result<(), TrfError> {
        for (b, &line) in self.doc.announced_byes.iter().zip(&self.bye_lines) {
            let Some(r) = b.round else { continue };
            for &id in &b.players {
                for p in self.players_of(id) {
                    let Some(player) = self.index.get(&p).and_then(|&i| self.doc.players.get(i)) else { continue };
                    let Some(e) = player.rounds.get(r as usize - 1).copied().flatten() else { continue };
                    let start = 92 + 10 * (r as usize - 1);
                    let written = match e {
                        RoundEntry { opponent: Some(o), .. } => format!("plays {o} (columns {start}-{})", start + 9),
                        RoundEntry { result, .. } if result != bye_code(b.kind) => {
                            format!("has '{}' (column {})", result.to_char(), start + 7)
                        }
                        _ => continue,
                    };
                    let whose =
                        if self.doc.is_team_file() { format!("team {id}'s player {p}") } else { format!("player {p}") };
                    let message = format!(
                        "a '{}' bye for {} {id} in round {r}, but {whose} {written} in round {r} on line {}; expected \
                         the bye there too, or no 240 record",
                        bye_letter(b.kind),
                        self.what(),
                        player.line
                    );
                    return Err(self.error(line, 5, "240 bye", message));
                }
            }
        }
        Ok(())
    }

    /// No team match has more games than the `352` pattern has boards (C.04.6 pairs teams of a
    /// fixed number of boards; a longer history means another pattern was played).
    fn games_against_boards(&self) -> Result<(), TrfError> {
        let (Some(boards), Some(at)) = (self.doc.board_count(), self.board_colours_at) else {
            return Ok(());
        };
        for team in &self.doc.teams {
            let rounds = self.doc.rounds_in_file() as usize;
            for r in 0..rounds {
                let players: Vec<&crate::trf::PlayerRecord> = self
                    .players_of_round(team.tpn, Some(r as u32 + 1))
                    .into_iter()
                    .filter_map(|p| self.index.get(&p).and_then(|&i| self.doc.players.get(i)))
                    .filter(|p| matches!(p.rounds.get(r), Some(Some(RoundEntry { opponent: Some(_), .. }))))
                    .collect();
                if players.len() > boards {
                    let last = players.iter().map(|p| p.line).max().unwrap_or(team.line);
                    let message = format!(
                        "team {} has {} games in round {} (the last on line {last}), but the 352 pattern on line {at} \
                         has {boards} boards; expected at most {boards} games a match",
                        team.tpn,
                        players.len(),
                        r + 1
                    );
                    return Err(self.error(at, 5, "352 board colours", message));
                }
            }
        }
        Ok(())
    }
}
