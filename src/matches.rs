//! A round's result per pair of units when the unit plays a *match*: a team's match of as many
//! games as boards (C.04.6), or a Double-Swiss player's two-game match (C.04.5). The games (or
//! boards) with their results, then what the match is worth and whether it was actually played.
//! The state of each kind of tournament (`team`, `double`) keeps one [`MatchRound`] per unit and
//! past round.

use crate::points::Points;
use crate::trf::{ByeKind, Colour, ResultCode};
use serde::Serialize;

/// One game of a match: a team's board, or one of a Double-Swiss player's two games.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct BoardResult {
    /// The board (the team's line-up of that round), or the game of the match, 1-based.
    pub board: usize,
    /// The player (TRF start number).
    pub player: u32,
    /// The opponent on that board (TRF start number), when there was one.
    pub opponent: Option<u32>,
    /// The player's scheduled colour.
    pub colour: Option<Colour>,
    /// The player's result code.
    pub result: ResultCode,
    /// Game points of the board under the game-point system (`162`).
    pub points: Points,
}

/// What a unit did in one past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum MatchKind {
    /// A match actually played (a team's: at least one board played over the board, C.04.6
    /// 1.6.1; a Double-Swiss match: one not ended by forfeit, C.04.5 Preface): a meeting.
    Played,
    /// A match the unit won by forfeit (C.04.6: every board forfeited, the team scoring more;
    /// C.04.5: the opponent forfeited both games): \[C2\] "won a match by forfeit".
    ForfeitWin,
    /// A match not played that the unit did not win (lost by forfeit, or a double forfeit).
    ForfeitLoss,
    /// The pairing-allocated bye (1.4).
    PairingBye,
    /// A bye of the competition (`240` F, H, or Z: an announced absence), or not paired.
    Bye(ByeKind),
}

/// One past round of a unit: the match (its games, then its points) or the bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchRound {
    /// What happened.
    pub kind: MatchKind,
    /// The opposing unit (an index into the tournament's units), also for forfeited matches.
    pub opponent: Option<usize>,
    /// The unit's colour in the match, when it had one (C.04.6 1.6.1: the board-1 colour of a
    /// match actually played; C.04.5 1.6: the first game's, when a game was played).
    pub colour: Option<Colour>,
    /// The colour the unit was scheduled to have (board 1's, game 1's), played or not.
    pub scheduled: Option<Colour>,
    /// The games: a team's boards in the line-up of that round, a Double-Swiss match's two games.
    pub boards: Vec<BoardResult>,
    /// Match points scored (C.04.6 1.2, `362`; the PAB's from `320`; in Double-Swiss 2-1-0 for
    /// standings, see `double::MATCH_POINTS`).
    pub match_points: Points,
    /// Game points scored (the games' points under `162`; a team's PAB from `320`).
    pub game_points: Points,
    /// The team's pairing score before this round (primary score plus that round's virtual
    /// points): what decides floats (1.5).
    pub pairing_score_before: Points,
    /// The opponent's pairing score before this round, when there was an opponent.
    pub opponent_score_before: Option<Points>,
}

impl MatchRound {
    /// A match actually played against an opponent (a meeting for \[C1\]; it gives a colour).
    pub fn played(&self) -> bool {
        self.kind == MatchKind::Played
    }
}

/// The pairing of round `r` as recorded in the units' `histories` (for replays): each match as
/// (the unit scheduled with White on board 1 or in game 1, the other), forfeited matches
/// included, and the unit that had the pairing-allocated bye; units by index.
pub fn recorded_pairing<'a>(histories: impl Iterator<Item = &'a [MatchRound]>, r: u32) -> crate::pairing::RoundPairing {
    use crate::pairing::Board;
    let mut out = crate::pairing::RoundPairing::default();
    for (i, history) in histories.enumerate() {
        let Some(m) = history.get(r as usize - 1) else { continue };
        match (m.opponent, m.scheduled) {
            (Some(j), Some(Colour::White)) => out.boards.push(Board { white: i, black: j }),
            (Some(j), None) if i < j => out.boards.push(Board { white: i, black: j }),
            _ if m.kind == MatchKind::PairingBye => out.bye = Some(i),
            _ => {}
        }
    }
    out
}

/// Which way a unit floated in a round (C.04.6 1.5, C.04.5 1.5: it played an opponent with a
/// different score).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum TeamFloat {
    /// It played an opponent with the same pairing score, or did not play.
    None,
    /// It played an opponent with a lower score.
    Down,
    /// It played an opponent with a higher score.
    Up,
}
