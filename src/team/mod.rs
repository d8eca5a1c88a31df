//! The state of a team tournament before the round to pair: the pairing unit is a team with
//! its board line-up, and a round's result is one match per pair of teams: its board results,
//! then the match points and game points C.04.6 1.2 defines.
//!
//! Built once from a TRF-2026 team file ([`TeamTournament::before_round`]): `310` (or TRF16
//! `013`) teams with their board order, the players' `001` board results, `320` pairing-allocated
//! byes, `330` matches forfeited as a whole, `300` out-of-order boards, `240` byes and absences,
//! `250` accelerations, `260` prohibited pairs, `162` game points, `362` match points, `352` the
//! board colour pattern and `192` the system's options ([`TeamRules`]).
//!
//! Everything the Swiss Team system (and the checker) asks about a team lives here, each fact
//! computed in one place with its article: primary and secondary score (1.2), the colour a team
//! had (1.6.1: the board-1 colour of a match actually played), its colour difference (1.6.2)
//! and preference (1.7, Type A or B), whether it floated (1.5), the meetings that bar a second
//! one (\[C1\]) and the facts that bar the pairing-allocated bye (\[C2\]).

mod build;
pub mod lineup;
pub mod lineups;
mod rules;

pub use crate::matches::{BoardResult, MatchKind, MatchRound, TeamFloat};
pub use build::{preference, through_round, TeamStateError};
pub use rules::{ColourModel, Score, TeamRules};

use crate::points::Points;
use crate::trf::{ByeKind, Colour};
use serde::Serialize;

/// How strong a colour preference is (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum PreferenceStrength {
    /// Type B mild preference (1.7.2).
    Mild,
    /// Type A preference (1.7.1), or Type B strong preference (1.7.2): the same clauses.
    Strong,
}

/// A team's colour preference (1.7), when it has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TeamPreference {
    /// The colour it prefers.
    pub colour: Colour,
    /// How strongly.
    pub strength: PreferenceStrength,
}

/// A team as the Swiss Team system sees it before the round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Team {
    /// Team pairing number (TPN, 1.1), the id written in pairings.
    pub tpn: u32,
    /// Its name.
    pub name: String,
    /// Its strength factor (`310` columns 48-53), 0 when not stated.
    pub strength: u32,
    /// The players in board order (TRF start numbers), board 1 first.
    pub roster: Vec<u32>,
    /// Rounds 1..round-1.
    pub history: Vec<MatchRound>,
    /// Match points from the rounds played.
    pub match_points: Points,
    /// Game points from the rounds played.
    pub game_points: Points,
    /// Virtual points of the round to pair (an acceleration, `250`), in the primary score.
    pub acceleration: Points,
    /// Matches actually played against an opponent (PAB, byes and forfeited matches not counted).
    pub matches_played: u32,
    /// Opposing teams met in a match actually played (\[C1\]; a match forfeited as a whole is no
    /// meeting, C.04.2 3.5).
    pub opponents: Vec<usize>,
    /// Colours of the matches actually played, in round order (unplayed rounds left out, as
    /// C.04.2 3.4 says).
    pub colours: Vec<Colour>,
    /// 1.6.2: matches with White minus matches with Black.
    pub colour_difference: i32,
    /// 1.7 under the tournament's colour model; `None` for no preference.
    pub preference: Option<TeamPreference>,
    /// Its float in the previous round (1.5), for \[C7\] and \[C10\].
    pub float_previous: TeamFloat,
    /// Had the pairing-allocated bye before (\[C2\]).
    pub had_pab: bool,
    /// Won a match by forfeit before (\[C2\]).
    pub had_forfeit_win: bool,
    /// Received a full-point bye before (\[C2\]: "a FIDE-deprecated full-point bye").
    pub had_full_bye: bool,
    /// Not to be paired in the round to pair (a bye of the competition or an absence).
    pub absent: Option<ByeKind>,
    /// Players of a team that plays the round to pair entered absent from it (a bye and no
    /// opponent in the round's column): not seated on a board ([`lineup::matches`]).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub absent_players: Vec<u32>,
    /// Its line-up of the round to pair, board 1 first (0 for a board left empty), when the file
    /// states one (a `300` record of that round) or a line-up file gives it
    /// ([`lineups`]); `None`: its first players in `310` order ([`lineups::default_lineup`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub lineup: Option<Vec<u32>>,
}

/// The team tournament before the round to pair.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TeamTournament {
    /// The round to pair, 1-based.
    pub round: u32,
    /// Total rounds (`142`), when known.
    pub total_rounds: Option<u32>,
    /// The options of the system (`192`).
    pub rules: TeamRules,
    /// Boards per match.
    pub boards: usize,
    /// The colours of boards 1.. of the team that has White (`352`, cut to the boards; the
    /// alternating pattern when the file has none).
    pub pattern: Vec<Colour>,
    /// The initial colour (4.1, `152`): stated, or read back from round 1; `None` before round 1
    /// when the file does not state it.
    pub initial_colour: Option<Colour>,
    /// All teams, by TPN (`teams[k].tpn == k + 1`).
    pub teams: Vec<Team>,
    /// Pairs of team indices that must not meet in this round (`260`), kept as groups.
    pub forbidden: crate::tournament::Forbidden,
    /// Match points of a won, drawn and lost match (`362`).
    pub match_scale: crate::trf::TeamScoring,
    /// Game points of the boards (`162`).
    pub game_points: crate::points::PointSystem,
}

impl Team {
    /// The primary score (1.2.1) plus the round's virtual points: the score that forms the
    /// scoregroups.
    pub fn pairing_score(&self, rules: &TeamRules) -> Points {
        self.primary(rules) + self.acceleration
    }

    /// The primary score (1.2.1), without virtual points.
    pub fn primary(&self, rules: &TeamRules) -> Points {
        match rules.primary {
            Score::MatchPoints => self.match_points,
            Score::GamePoints => self.game_points,
        }
    }

    /// The secondary score (1.2.1), when the competition uses it for colours (4.2.2).
    pub fn secondary(&self, rules: &TeamRules) -> Option<Points> {
        rules.secondary.map(|s| match s {
            Score::MatchPoints => self.match_points,
            Score::GamePoints => self.game_points,
        })
    }

    /// True when the team has played no match yet (4.3.1, 1.7.2 "has yet to play a match").
    pub fn has_not_played(&self) -> bool {
        self.matches_played == 0
    }
}

impl TeamTournament {
    /// Indices of the teams to pair in this round (present teams), by TPN.
    pub fn present(&self) -> Vec<usize> {
        (0..self.teams.len()).filter(|&i| self.teams[i].absent.is_none()).collect()
    }

    /// The pairing score of team `i`.
    pub fn score(&self, i: usize) -> Points {
        self.teams[i].pairing_score(&self.rules)
    }

    /// True when pairing the last round.
    pub fn is_last_round(&self) -> bool {
        self.total_rounds == Some(self.round)
    }

    /// True when pairing one of the last two rounds (\[C7\], \[C10\] do not apply).
    pub fn in_last_two_rounds(&self) -> bool {
        self.total_rounds.is_some_and(|n| self.round + 2 > n)
    }

    /// True if teams `a` and `b` already met in a match actually played (\[C1\]).
    pub fn have_met(&self, a: usize, b: usize) -> bool {
        self.teams[a].opponents.contains(&b)
    }

    /// True if a `260` record forbids `a` against `b` this round.
    pub fn is_forbidden(&self, a: usize, b: usize) -> bool {
        self.forbidden.contains(&(a, b))
    }

    /// Points of a win, a draw and a loss in the primary score (a match's, or a game's).
    pub fn primary_scale(&self) -> (Points, Points, Points) {
        match self.rules.primary {
            Score::MatchPoints => (self.match_scale.win, self.match_scale.draw, self.match_scale.loss),
            Score::GamePoints => (self.game_points.win(), self.game_points.draw(), self.game_points.loss()),
        }
    }

    /// The index of the team with pairing number `tpn`.
    pub fn index_of(&self, tpn: u32) -> Option<usize> {
        self.teams.iter().position(|t| t.tpn == tpn)
    }

    /// The board colours of the team that has `colour` (the board-1 colour, 1.6.1): the `352`
    /// pattern read from board 1, turned over when its first board is not `colour`.
    pub fn board_colours(&self, colour: Colour) -> Vec<Colour> {
        let flip = self.pattern.first().is_some_and(|&c| c != colour);
        self.pattern.iter().map(|&c| if flip { c.opposite() } else { c }).collect()
    }
}

/// The pairing recorded for round `r` of a team file: each match as (the team scheduled with
/// White on board 1, the other), forfeited matches included, and the team that had the
/// pairing-allocated bye; team indices by TPN.
pub fn recorded_round(doc: &crate::trf::TrfDocument, r: u32) -> Result<crate::pairing::RoundPairing, TeamStateError> {
    let t = through_round(doc, r)?;
    Ok(crate::matches::recorded_pairing(t.teams.iter().map(|team| team.history.as_slice()), r))
}

impl TeamTournament {
    /// The state as JSON with every team named by its TPN (not its index): opponents in the
    /// history and in `opponents`, and the prohibited pairs.
    pub fn to_json_by_tpn(&self) -> Result<serde_json::Value, serde_json::Error> {
        let tpn = |i: usize| self.teams.get(i).map(|t| t.tpn);
        let mut v = serde_json::to_value(self)?;
        if let Some(teams) = v.get_mut("teams").and_then(serde_json::Value::as_array_mut) {
            for (j, team) in teams.iter_mut().zip(&self.teams) {
                if let Some(history) = j.get_mut("history").and_then(serde_json::Value::as_array_mut) {
                    for (h, past) in history.iter_mut().zip(&team.history) {
                        h["opponent"] = serde_json::to_value(past.opponent.and_then(tpn))?;
                    }
                }
                let opponents: Vec<Option<u32>> = team.opponents.iter().map(|&o| tpn(o)).collect();
                j["opponents"] = serde_json::to_value(opponents)?;
                j["pairing_score"] = serde_json::to_value(team.pairing_score(&self.rules))?;
            }
        }
        let forbidden: Vec<Vec<Option<u32>>> =
            self.forbidden.groups().iter().map(|g| g.iter().map(|&i| tpn(i)).collect()).collect();
        v["forbidden"] = serde_json::to_value(forbidden)?;
        Ok(v)
    }
}

impl Team {
    /// A team with pairing number `tpn` that has played nothing yet (for tests and tools that
    /// build a state without a file).
    pub fn new(tpn: u32, name: &str) -> Team {
        Team {
            tpn,
            name: name.to_string(),
            strength: 0,
            roster: Vec::new(),
            history: Vec::new(),
            match_points: Points::ZERO,
            game_points: Points::ZERO,
            acceleration: Points::ZERO,
            matches_played: 0,
            opponents: Vec::new(),
            colours: Vec::new(),
            colour_difference: 0,
            preference: None,
            float_previous: TeamFloat::None,
            had_pab: false,
            had_forfeit_win: false,
            had_full_bye: false,
            absent: None,
            absent_players: Vec::new(),
            lineup: None,
        }
    }
}

impl TeamTournament {
    /// A tournament of `teams` (by TPN) before `round`, with the default rules and scales, no
    /// prohibited pair, the initial colour White (for tests and tools that build a state
    /// without a file).
    pub fn new(round: u32, total_rounds: Option<u32>, boards: usize, teams: Vec<Team>) -> TeamTournament {
        TeamTournament {
            round,
            total_rounds,
            rules: TeamRules::default(),
            boards,
            pattern: (0..boards).map(|k| if k % 2 == 0 { Colour::White } else { Colour::Black }).collect(),
            initial_colour: Some(Colour::White),
            teams,
            forbidden: crate::tournament::Forbidden::new(),
            match_scale: crate::trf::TeamScoring { win: Points(20), draw: Points(10), loss: Points::ZERO },
            game_points: crate::points::PointSystem::default(),
        }
    }

    /// Records that teams `a` and `b` (indices) played a match against each other in a past
    /// round, `a` with White (for tests and tools that build a state without a file): both
    /// histories get the match, the meeting, the colour and its difference.
    pub fn add_played_match(&mut self, a: usize, b: usize) {
        for (me, opp, colour) in [(a, b, Colour::White), (b, a, Colour::Black)] {
            let team = &mut self.teams[me];
            team.history.push(MatchRound {
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
            team.opponents.push(opp);
            team.colours.push(colour);
            team.colour_difference += if colour == Colour::White { 1 } else { -1 };
            team.matches_played += 1;
        }
    }
}
