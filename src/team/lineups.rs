//! The line-ups of a round: which player of a team sits at which board. C.04.6 pairs teams, not
//! players (its "Open points", 18: line-ups are not specified), so a line-up never changes the
//! pairing, only the boards written with it: the pairing list, `--format json|trf`, and the
//! boards `lexpair results` enters results on.
//!
//! A round's line-up comes from the file, as TRF-2026 states it (the `300` record, "Out-Of-
//! (default)Order": the players of a team, board by board, `0000` for an unoccupied board; for
//! the round to pair its opponent is `000`, not known yet), or from a line-up file
//! (`pair --lineup FILE`, `results --lineup FILE`), one line per team:
//!
//! ```text
//! # round 4: a team's pairing number, then its players' starting ranks, board 1 first
//! 1   1  2  3  5      # team 1 fields its reserve 5 on board 4
//! 3  11 12  0 14      # 0: board 3 left empty
//! ```
//!
//! Blank lines and `#` comments are skipped; a team not listed keeps its line-up (a `300` record
//! of the round, else its first players in `310` order, those entered absent left out). Each
//! line names every board, as many players as the event has boards (`0` for a board left
//! empty). Refused, exit 3 with the file, line and column, nothing written: a team that is not
//! in the file, or listed twice, or absent from the round; too few or too many boards; a player
//! not on the team's `310` roster (of another team, or of none), named twice, or entered absent
//! from the round (`0000 - Z|H|F`); a line-up with no player at all (a team that does not play
//! is entered absent: `240 Z`). The same rules judge a `300` record of the round to pair.

use super::Team;
use crate::trf::{ResultCode, TrfDocument};

/// One line of a line-up file: a team and its players, board 1 first (0 for an empty board).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineUp {
    /// The line in the file, 1-based.
    pub line: usize,
    /// The column of the team's number.
    pub column: usize,
    /// The team's pairing number.
    pub team: u32,
    /// The players (starting ranks), board 1 first; 0 for a board left empty.
    pub players: Vec<u32>,
    /// The column of each player's number, for messages.
    pub columns: Vec<usize>,
}

/// Reads a line-up file (`name` for the messages): `TEAM P1 P2 ...` per line, blank lines and
/// `#` comments skipped. Only the file's shape is judged here; [`check`] judges it against the
/// tournament.
pub fn parse(text: &str, name: &str) -> Result<Vec<LineUp>, String> {
    let mut out: Vec<LineUp> = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let content = raw.split('#').next().unwrap_or("");
        let col = |part: &str| part.as_ptr() as usize - raw.as_ptr() as usize + 1;
        let mut words = content.split_whitespace();
        let Some(first) = words.next() else { continue };
        let team = first.parse::<u32>().ok().filter(|n| (1..=999).contains(n)).ok_or_else(|| {
            format!(
                "{name}:{line}:{}: team: '{first}' is not a team pairing number (1 to 999); a line is the team's \
                 number, then its players' starting ranks, board 1 first",
                col(first)
            )
        })?;
        if let Some(before) = out.iter().find(|l| l.team == team) {
            return Err(format!(
                "{name}:{line}:{}: team: team {team} has a line-up already on line {}; one line per team",
                col(first),
                before.line
            ));
        }
        let (mut players, mut columns) = (Vec::new(), Vec::new());
        for (b, w) in words.enumerate() {
            let id = w.parse::<u32>().ok().filter(|&n| n <= 9999).ok_or_else(|| {
                format!(
                    "{name}:{line}:{}: board {} player: '{w}' is not a starting rank (1 to 9999, or 0 for a board left \
                     empty)",
                    col(w),
                    b + 1
                )
            })?;
            players.push(id);
            columns.push(col(w));
        }
        out.push(LineUp { line, column: col(first), team, players, columns });
    }
    Ok(out)
}

/// Why a line-up cannot be the team's in the round: `board` the board (0-based) whose player is
/// wrong, `None` when the line-up as a whole is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineUpError {
    /// The board at fault, 0-based; `None` for the whole line-up.
    pub board: Option<usize>,
    /// What is wrong.
    pub message: String,
}

/// Judges `players` (board 1 first, 0 for an empty board) as team `team`'s line-up of round
/// `round` in an event of `boards` boards: see the module's header for what is refused.
pub fn check(doc: &TrfDocument, team: &Team, round: u32, boards: usize, players: &[u32]) -> Result<(), LineUpError> {
    let whole = |message: String| Err(LineUpError { board: None, message });
    if let Some(kind) = team.absent {
        return whole(format!(
            "team {} is absent from round {round} ({}): it fields no line-up; remove the line-up, or the absence",
            team.tpn,
            match kind {
                crate::trf::ByeKind::Full => "a full-point bye",
                crate::trf::ByeKind::Half => "a half-point bye",
                crate::trf::ByeKind::Zero => "a zero-point bye",
            }
        ));
    }
    if players.len() != boards {
        let (few, hint) = if players.len() < boards {
            ("too few", "name a player for every board (0 for a board left empty)")
        } else {
            ("too many", "a line-up names the players of the boards, no reserves")
        };
        return whole(format!(
            "team {}'s line-up names {} board(s), {few} for the {boards} boards of the event; {hint}",
            team.tpn,
            players.len()
        ));
    }
    if players.iter().all(|&p| p == 0) {
        return whole(format!(
            "team {}'s line-up has no player on any board; a team that does not play round {round} is entered absent \
             (240 Z)",
            team.tpn
        ));
    }
    for (k, &p) in players.iter().enumerate() {
        let at = |message: String| Err(LineUpError { board: Some(k), message });
        if p == 0 {
            continue;
        }
        if let Some(j) = players[..k].iter().position(|&q| q == p) {
            return at(format!("player {p} is on board {} already; a player sits at one board", j + 1));
        }
        if !team.roster.contains(&p) {
            let other = doc.teams.iter().find(|t| t.players.contains(&p));
            return at(match (other, doc.player(p)) {
                (Some(o), _) => format!(
                    "player {p} is of team {} (line {}), not of team {}: a team fields its own players (310)",
                    o.tpn, o.line, team.tpn
                ),
                (None, Some(_)) => format!("player {p} is on no team's roster (310)"),
                (None, None) => format!("player {p} is not in the tournament (no 001 line has this starting rank)"),
            });
        }
        let away = doc
            .player(p)
            .and_then(|x| x.rounds.get(round as usize - 1).copied().flatten())
            .filter(|e| e.opponent.is_none() && e.result.is_bye() && e.result != ResultCode::PairingBye);
        if let (Some(e), Some(rec)) = (away, doc.player(p)) {
            return at(format!(
                "player {p} is entered absent from round {round} (line {}: 0000 - {}); remove him from the line-up, \
                 or his absence",
                rec.line,
                e.result.to_char()
            ));
        }
    }
    Ok(())
}

/// The default line-up of a team: its first players in `310` order, as many as the boards, those
/// entered absent from the round left out (the players after them move up), a board nobody is
/// left for empty (0).
pub fn default_lineup(team: &Team, boards: usize) -> Vec<u32> {
    let mut seats: Vec<u32> =
        team.roster.iter().copied().filter(|p| !team.absent_players.contains(p)).take(boards).collect();
    seats.resize(boards, 0);
    seats
}

/// Gives the teams of `t` (the state before the round to pair) the line-ups of a line-up file
/// (`name` for the messages), each judged by [`check`]: an error names the file, the line and
/// the column of the team or of the board's player.
pub fn apply(t: &mut super::TeamTournament, doc: &TrfDocument, lineups: &[LineUp], name: &str) -> Result<(), String> {
    for l in lineups {
        let i = team_of(t, l, name)?;
        check(doc, &t.teams[i], t.round, t.boards, &l.players).map_err(|e| located(l, &e, name))?;
        t.teams[i].lineup = Some(l.players.clone());
    }
    Ok(())
}

/// The index of `l`'s team in `t`, or the error naming the line.
pub fn team_of(t: &super::TeamTournament, l: &LineUp, name: &str) -> Result<usize, String> {
    t.index_of(l.team).ok_or_else(|| {
        format!(
            "{name}:{}:{}: team: {} is not a team of the tournament (no 310 line has this team pairing number)",
            l.line, l.column, l.team
        )
    })
}

/// `e` as `NAME:LINE:COL: FIELD: ...`, at the board's player or at the team.
pub fn located(l: &LineUp, e: &LineUpError, name: &str) -> String {
    match e.board.and_then(|k| l.columns.get(k).map(|&c| (k, c))) {
        Some((k, c)) => format!("{name}:{}:{c}: board {} player: {}", l.line, k + 1, e.message),
        None => format!("{name}:{}:{}: team {}: {}", l.line, l.column, l.team, e.message),
    }
}
