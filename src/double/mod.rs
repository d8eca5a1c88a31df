//! The state of a Double-Swiss tournament (C.04.5, 2026) before the match round to pair: every
//! pairing is a match of two games with alternating colours, points per game; a round's result
//! per pair of players is the match (its two games, then its points).
//!
//! TRF-2026 has no record for a two-game match: lexpair reads and writes the encoding of
//! [`encoding`] (match k as the TRF rounds 2k-1 and 2k, with a `192 FIDE_DOUBLESWISS` code) and
//! refuses a file that mixes conventions. The facts the system asks are computed here, one place
//! each with its article: the score (game points), who had which colour in a match (1.6: the
//! first game's, when a game was played), the matches played, the meetings (\[C1\]: a match ended
//! by forfeit is no meeting, the Preface), the facts that bar the bye (\[C2\]) and the floats
//! (1.5). The articles after 1.3.2 are reconstructed readings: `docs/double-swiss.md`.

mod build;
pub mod encoding;
pub(crate) mod output;

pub use build::{through_round, DoubleStateError};

use crate::matches::{MatchKind, MatchRound, TeamFloat};
use crate::points::Points;
use crate::trf::{ByeKind, Colour};
use serde::Serialize;

/// A player as the Double-Swiss system sees him before the match round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DsPlayer {
    /// TRF starting rank, the id written in pairings.
    pub id: u32,
    /// Pairing number (TPN, 1.1).
    pub tpn: u32,
    /// Name.
    pub name: String,
    /// Rating.
    pub rating: u32,
    /// Match rounds 1..round-1.
    pub history: Vec<MatchRound>,
    /// Game points scored (the score of 1.2.1).
    pub score: Points,
    /// Match points (a match won 2, drawn 1, lost 0; a pairing-allocated bye or a full-point bye
    /// as a match won, a half-point bye as drawn): for standings and tie-breaks, not for pairing.
    pub match_points: Points,
    /// Virtual points of the round to pair (an acceleration).
    pub acceleration: Points,
    /// Matches actually played against an opponent (3.4.3: not the bye, byes, forfeited matches).
    pub matches_played: u32,
    /// Opponents met in a match not ended by forfeit (\[C1\]).
    pub opponents: Vec<usize>,
    /// Colours of the matches in which a game was played (1.6), in round order.
    pub colours: Vec<Colour>,
    /// Matches with White (4.3.2).
    pub whites: u32,
    /// Float in the previous match round (1.5), for \[C7\] and \[C8\].
    pub float_previous: TeamFloat,
    /// Had the pairing-allocated bye before (\[C2\]).
    pub had_pab: bool,
    /// Won a match by forfeit before (\[C2\]).
    pub had_forfeit_win: bool,
    /// Received a full-point bye before (\[C2\]).
    pub had_full_bye: bool,
    /// Not to be paired in the round to pair (a bye or an absence announced for the match).
    pub absent: Option<ByeKind>,
    /// Federation, title, sex, birth year, national ratings: what criteria and constraints of
    /// one's own may read (not part of the state's JSON).
    #[serde(skip)]
    pub attributes: crate::tournament::attributes::Attributes,
}

/// A Double-Swiss tournament before the match round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct DoubleTournament {
    /// The match round to pair, 1-based.
    pub round: u32,
    /// Match rounds in all, when known.
    pub total_rounds: Option<u32>,
    /// The initial colour (4.1, `152`): stated, or read back from match round 1.
    pub initial_colour: Option<Colour>,
    /// All players, by pairing number.
    pub players: Vec<DsPlayer>,
    /// Pairs of player indices that must not meet in this round (XXP, `260`), `a < b`.
    pub forbidden: crate::tournament::Forbidden,
    /// The points of a game won, drawn, lost (`162`).
    pub game_points: crate::points::PointSystem,
    /// What the pairing-allocated bye is worth (1.4: a game won and a game drawn).
    pub pab_points: Points,
    /// The file's code names the Baku acceleration (`FIDE_DOUBLESWISS_BAKU`).
    pub baku: bool,
}

impl DsPlayer {
    /// The score used for pairing: game points plus the round's virtual points.
    pub fn pairing_score(&self) -> Points {
        self.score + self.acceleration
    }

    /// True when the player has had no colour yet (4.3.1: "yet to play a match").
    pub fn has_no_colour(&self) -> bool {
        self.colours.is_empty()
    }
}

impl DoubleTournament {
    /// Indices of the players to pair in this round, by pairing number.
    pub fn present(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&i| self.players[i].absent.is_none()).collect()
    }

    /// The pairing score of player `i`.
    pub fn score(&self, i: usize) -> Points {
        self.players[i].pairing_score()
    }

    /// True when pairing the last match round (\[C7\], \[C8\] do not apply).
    pub fn is_last_round(&self) -> bool {
        self.total_rounds == Some(self.round)
    }

    /// True if `a` and `b` met in a match not ended by forfeit (\[C1\]).
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.players[a].opponents.contains(&b)
    }

    /// True if XXP / `260` forbids `a` against `b` this round.
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        self.forbidden.contains(&(a, b))
    }

    /// The index of the player with TRF id `id`.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }

    /// May player `i` receive the pairing-allocated bye? \[C2\]: not after a pairing-allocated
    /// bye, a match won by forfeit, or a full-point bye.
    pub fn pab_eligible(&self, i: usize) -> bool {
        let p = &self.players[i];
        !(p.had_pab || p.had_forfeit_win || p.had_full_bye)
    }
}

/// Match points of a Double-Swiss match won, drawn, lost (for standings and tie-breaks; the
/// pairing score is the game points, 1.2.1).
pub const MATCH_POINTS: (Points, Points, Points) = (Points(20), Points(10), Points(0));

/// True for a match that counts as played (a meeting; C.04.5 Preface: "regularly played").
pub fn is_meeting(m: &MatchRound) -> bool {
    m.kind == MatchKind::Played
}

/// The pairing recorded in `doc` for match `k` (for replays): its matches, forfeited ones
/// included, the match White first, and the pairing-allocated bye.
pub fn recorded_round(doc: &crate::trf::TrfDocument, k: u32) -> Result<crate::pairing::RoundPairing, DoubleStateError> {
    let t = through_round(doc, k)?;
    Ok(crate::matches::recorded_pairing(t.players.iter().map(|p| p.history.as_slice()), k))
}

impl DoubleTournament {
    /// The state as JSON with every player named by its TRF id (not its index): opponents in the
    /// history and in `opponents`, the pairing score, and the prohibited pairs.
    pub fn to_json_by_id(&self) -> Result<serde_json::Value, serde_json::Error> {
        let id = |i: usize| self.players.get(i).map(|p| p.id);
        let mut v = serde_json::to_value(self)?;
        if let Some(players) = v.get_mut("players").and_then(serde_json::Value::as_array_mut) {
            for (j, p) in players.iter_mut().zip(&self.players) {
                if let Some(history) = j.get_mut("history").and_then(serde_json::Value::as_array_mut) {
                    for (h, past) in history.iter_mut().zip(&p.history) {
                        h["opponent"] = serde_json::to_value(past.opponent.and_then(id))?;
                    }
                }
                let opponents: Vec<Option<u32>> = p.opponents.iter().map(|&o| id(o)).collect();
                j["opponents"] = serde_json::to_value(opponents)?;
                j["pairing_score"] = serde_json::to_value(p.pairing_score())?;
            }
        }
        let forbidden: Vec<Vec<Option<u32>>> =
            self.forbidden.groups().iter().map(|g| g.iter().map(|&i| id(i)).collect()).collect();
        v["forbidden"] = serde_json::to_value(forbidden)?;
        Ok(v)
    }
}

impl DsPlayer {
    /// A player with TRF id (and TPN) `id` who has played nothing yet (for tests and tools that
    /// build a state without a file).
    pub fn new(id: u32, name: &str) -> DsPlayer {
        DsPlayer {
            id,
            tpn: id,
            name: name.to_string(),
            rating: 0,
            history: Vec::new(),
            score: Points::ZERO,
            match_points: Points::ZERO,
            acceleration: Points::ZERO,
            matches_played: 0,
            opponents: Vec::new(),
            colours: Vec::new(),
            whites: 0,
            float_previous: TeamFloat::None,
            had_pab: false,
            had_forfeit_win: false,
            had_full_bye: false,
            absent: None,
            attributes: Default::default(),
        }
    }
}

impl DoubleTournament {
    /// A tournament of `players` (by TPN) before match `round` of `total_rounds`, 1-½-0 game
    /// points, the PAB worth a game won and a game drawn (1.4), initial colour White, nothing
    /// prohibited.
    pub fn new(round: u32, total_rounds: Option<u32>, players: Vec<DsPlayer>) -> DoubleTournament {
        let game_points = crate::points::PointSystem::default();
        DoubleTournament {
            round,
            total_rounds,
            initial_colour: Some(Colour::White),
            players,
            forbidden: crate::tournament::Forbidden::new(),
            pab_points: encoding::default_pab_points(&game_points),
            game_points,
            baku: false,
        }
    }

    /// Records that players `a` and `b` (indices) played a match in a past round, `a` the match
    /// White (for tests and tools that build a state without a file): both histories get the
    /// match, the meeting and the colour.
    pub fn add_played_match(&mut self, a: usize, b: usize) {
        for (me, opp, colour) in [(a, b, Colour::White), (b, a, Colour::Black)] {
            let p = &mut self.players[me];
            p.history.push(MatchRound {
                kind: MatchKind::Played,
                opponent: Some(opp),
                colour: Some(colour),
                scheduled: Some(colour),
                boards: Vec::new(),
                match_points: Points::ZERO,
                game_points: Points::ZERO,
                pairing_score_before: Points::ZERO,
                opponent_score_before: None,
            });
            p.opponents.push(opp);
            p.colours.push(colour);
            p.whites += u32::from(colour == Colour::White);
            p.matches_played += 1;
        }
    }
}
