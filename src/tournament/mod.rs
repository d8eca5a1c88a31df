//! The state of a tournament before the round to pair, computed once from a TRF document.
//!
//! Everything a pairing system asks about a player lives here: scores under the tournament's
//! point system, pairing numbers, colour history of played games only, colour difference and
//! preference, float history, byes received and PAB eligibility, opponents met, ARO, and who is
//! absent from the round to pair.

pub mod acceleration;
pub mod attributes;
mod build;
pub(crate) mod colour;
pub(crate) mod floats;
mod forbidden;
mod json;
pub use forbidden::Forbidden;

pub use build::{
    is_finished, next_round, partial_round, recorded_initial_colour, round_to_pair, PartialRound, TournamentError,
};

/// `doc` with its pairing numbers given again as C.04.2 (2026) 2.2 ranks players: rating (the
/// highest first), then FIDE title (GM, IM, WGM, FM, WIM, CM, WFM, WCM, then none), then name
/// (alphabetical), the starting rank last; the players keep their ids (the file's starting
/// ranks, written in pairings) and are paired by their place in this order (`XXC rank`). A late
/// entry takes its place among them (2.4: "an appropriate TPN").
pub fn renumbered(doc: &crate::trf::TrfDocument) -> crate::trf::TrfDocument {
    const TITLES: [&str; 8] = ["GM", "IM", "WGM", "FM", "WIM", "CM", "WFM", "WCM"];
    // TRF16 writes titles as one letter or two (g, m, wg, f, wf, c, wc, and GM, IM, ...).
    let rank = |title: &str| {
        let t = title.trim().to_ascii_uppercase();
        let t = match t.as_str() {
            "G" => "GM",
            "M" => "IM",
            "WG" => "WGM",
            "F" => "FM",
            "WM" => "WIM",
            "C" => "CM",
            "WF" => "WFM",
            "WC" => "WCM",
            other => other,
        }
        .to_string();
        TITLES.iter().position(|x| *x == t).unwrap_or(TITLES.len())
    };
    let mut out = doc.clone();
    out.players.sort_by(|a, b| {
        b.rating
            .cmp(&a.rating)
            .then(rank(&a.title).cmp(&rank(&b.title)))
            .then(a.name.trim().to_lowercase().cmp(&b.name.trim().to_lowercase()))
            .then(a.id.cmp(&b.id))
    });
    out.use_rank_order = true;
    out
}
pub use colour::{Preference, Strength};
pub use floats::{Float, FloatRule, RoundFacts};

use crate::points::{PointSystem, Points};
use crate::trf::{ByeKind, Colour, ResultCode};
use serde::Serialize;

/// What one player did in one past round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PastRound {
    /// Index (in `Tournament::players`) of the scheduled opponent, also for forfeits.
    pub opponent: Option<usize>,
    /// Colour of a game actually played; `None` for forfeits, byes and absences.
    pub colour: Option<Colour>,
    /// The result code as recorded.
    pub result: ResultCode,
    /// Points scored in the round.
    pub points: Points,
    /// Facts deciding the float of the round.
    pub facts: RoundFacts,
}

/// A player as the pairing systems see him before the round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Player {
    /// Starting-rank number in the TRF (columns 5-8): the id written in pairings.
    pub id: u32,
    /// Pairing number (TPN): the id, or the position in the file with `XXC rank`.
    pub pairing_number: u32,
    /// Name as in the TRF (columns 15-47).
    pub name: String,
    /// Rating (columns 49-52); 0 when unrated.
    pub rating: u32,
    /// Points from rounds already played.
    pub score: Points,
    /// Fictitious points (acceleration) for the round to pair.
    pub acceleration: Points,
    /// Rounds 1..round-1.
    pub history: Vec<PastRound>,
    /// Colours of games actually played, chronological (C.04.2: unplayed rounds dropped).
    pub colours: Vec<Colour>,
    /// Games with White minus games with Black, played games only (A.6).
    pub colour_difference: i32,
    /// The colour preference for the round to pair (A.6).
    pub preference: Preference,
    /// Indices of opponents actually played (a forfeit is not a meeting).
    pub opponents: Vec<usize>,
    /// Received the pairing-allocated bye before.
    pub had_pab: bool,
    /// Scored a forfeit win before (C.04.1.d 2017: no PAB then).
    pub had_forfeit_win: bool,
    /// Rounds that bar the PAB under C.04.1 Art. 4 (2026): a PAB, whatever it was worth, or a
    /// win's points scored without playing (full-point bye, forfeit win). The one place where
    /// the 2026 rule is evaluated; the 2026 Dutch and Dubov systems read it.
    pub unplayed_win_rounds: u32,
    /// Rounds not played over the board (byes, absences, forfeits).
    pub unplayed_rounds: u32,
    /// Average rating of opponents in played games, rounded half up (Dubov); `None` before any game.
    pub aro: Option<u32>,
    /// Not to be paired in the round to pair (announced bye or absence).
    pub absent: Option<ByeKind>,
    /// Federation, title, sex, birth year, national ratings: what criteria and constraints of
    /// one's own may read (not part of the state's JSON).
    #[serde(skip)]
    pub attributes: attributes::Attributes,
}

impl Player {
    /// The score used for pairing: actual score plus the round's fictitious points.
    pub fn pairing_score(&self) -> Points {
        self.score + self.acceleration
    }

    /// The float received `back` rounds before the round to pair (1 = the previous round).
    pub fn float_back(&self, back: usize, rule: FloatRule) -> Float {
        match self.history.len().checked_sub(back) {
            Some(i) => floats::float_of(&self.history[i].facts, rule),
            None => Float::None,
        }
    }
}

/// The tournament before the round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Tournament {
    /// The round to pair, 1-based.
    pub round: u32,
    /// Total rounds (XXR / 142), when known.
    pub total_rounds: Option<u32>,
    /// Points of each result and bye (XXS, BB*, 162; 1-½-0 by default).
    pub point_system: PointSystem,
    /// Colour of the top player in round 1 (E.5): stated, inferred from round 1, or `None`.
    pub initial_colour: Option<Colour>,
    /// All players, ordered by pairing number.
    pub players: Vec<Player>,
    /// Pairs of player indices that must not meet in this round (XXP / 260), kept as groups.
    pub forbidden: Forbidden,
    /// A pairing-allocated bye the arbiter entered in advance for the round to pair (`0000 - U`
    /// with no game of the round entered): that player is not paired and keeps the bye.
    pub preassigned_bye: Option<usize>,
}

impl Tournament {
    /// Indices of the players to pair in this round (present players), by pairing number.
    pub fn present(&self) -> Vec<usize> {
        (0..self.players.len()).filter(|&i| self.players[i].absent.is_none()).collect()
    }

    /// True when pairing the last round (topscorer rules apply).
    pub fn is_last_round(&self) -> bool {
        self.total_rounds == Some(self.round)
    }

    /// Topscorers (C.04.3 A.7): when pairing the last round, a score over 50% of the maximum
    /// possible score. As the endorsed engine reads it, the maximum is what the rounds already
    /// played could give (rounds × a win), the score is the pairing score, and half the maximum
    /// is rounded down to tenths.
    pub fn is_topscorer(&self, i: usize) -> bool {
        if !self.is_last_round() {
            return false;
        }
        let win = self.point_system.win().max(self.point_system.draw()).0;
        let half = (self.round as i64 - 1) * win / 2;
        self.players[i].pairing_score().0 > half
    }

    /// Runs of equal pairing score in `order` (which lists players by descending pairing score):
    /// the scoregroups, each in the order given.
    pub fn scoregroups(&self, order: &[usize]) -> Vec<Vec<usize>> {
        let mut groups: Vec<Vec<usize>> = Vec::new();
        for &i in order {
            match groups.last_mut() {
                Some(g) if self.players[g[0]].pairing_score() == self.players[i].pairing_score() => g.push(i),
                _ => groups.push(vec![i]),
            }
        }
        groups
    }

    /// True if `a` and `b` already played each other over the board (C.04.1.b).
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.players[a].opponents.contains(&b)
    }

    /// True if an XXP/260 record forbids `a` against `b` this round.
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        // Most tournaments forbid nothing: no hashing then (this is asked for every pair of
        // every bracket model).
        !self.forbidden.is_empty() && self.forbidden.contains(&(a, b))
    }

    /// May `a` and `b` meet under the absolute criteria of the systems without a topscorer
    /// exception (Dubov and Burstein \[C1\] and \[C3\]): not the same player, no second game
    /// (C.04.1 Art. 2), not a forbidden pair, and not two players with the same absolute colour
    /// preference (C.04.1 Art. 6-7).
    pub fn may_meet(&self, a: usize, b: usize) -> bool {
        if a == b || self.have_met(a, b) || self.is_forbidden(a, b) {
            return false;
        }
        let (pa, pb) = (&self.players[a].preference, &self.players[b].preference);
        !(pa.is_absolute() && pb.is_absolute() && pa.colour == pb.colour)
    }

    /// The index of the player with TRF id `id`.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        self.players.iter().position(|p| p.id == id)
    }
}
