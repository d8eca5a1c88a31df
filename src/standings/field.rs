//! The participants of a finished (or part-played) event as the tie-breaks read them, whatever
//! the kind of event: a player of an individual tournament, a team of a team tournament
//! (C.04.6), a player of a Double-Swiss tournament (C.04.5, two-game matches). Each has one
//! [`Round`] per round ranked: whom he was scheduled to meet, what kind of round it was for
//! Article 16 (played, forfeit either way, one of the byes), the points of his two scores, the
//! colour of a game played and, for teams and Double-Swiss, the games of the match.
//!
//! Built from the states the pairing uses (`Tournament`, `TeamTournament`, `DoubleTournament`),
//! so a result means the same thing to the standings as to the pairing.

use super::code::ScoreKind;
use crate::matches::{MatchKind, MatchRound};
use crate::points::Points;
use crate::trf::{ByeKind, Colour, ResultCode, TrfDocument};

/// The kind of event.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
pub enum EventKind {
    /// Players, one game a round.
    Individual,
    /// Teams, one match of several boards a round (C.04.6).
    Team,
    /// Players, one two-game match a round (C.04.5).
    DoubleSwiss,
}

impl std::fmt::Display for EventKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            EventKind::Individual => "individual",
            EventKind::Team => "team",
            EventKind::DoubleSwiss => "Double-Swiss",
        })
    }
}

/// What a round was for a participant (C.07 15.1, 16.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundKind {
    /// A game (a match) played over the board.
    Played,
    /// Won by forfeit (16.2.2).
    ForfeitWin,
    /// Lost by forfeit, also both sides forfeiting (16.2.4).
    ForfeitLoss,
    /// The pairing-allocated bye (16.2.1).
    PairingBye,
    /// A full-point bye (16.2.1).
    FullBye,
    /// A half-point bye: a requested bye (16.1.1).
    HalfBye,
    /// A zero-point bye, an absence or not paired: a requested bye (16.1.1: "any round after a
    /// participant withdraws is a zero-point-bye").
    ZeroBye,
}

impl RoundKind {
    /// A requested bye (16.1.1).
    pub fn is_requested_bye(self) -> bool {
        matches!(self, RoundKind::HalfBye | RoundKind::ZeroBye)
    }

    /// A voluntary unplayed round (16.1.2): a requested bye or a forfeit loss.
    pub fn is_vur(self) -> bool {
        self.is_requested_bye() || self == RoundKind::ForfeitLoss
    }

    /// A forfeit either way (16.2.2, 16.2.4).
    pub fn is_forfeit(self) -> bool {
        matches!(self, RoundKind::ForfeitWin | RoundKind::ForfeitLoss)
    }
}

/// How a game ended for the participant (a team's board, a Double-Swiss game), for the
/// tie-breaks that count games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Game {
    /// The board (1 = first), or the game of the match.
    pub board: usize,
    /// Played over the board (for Double-Swiss: in a match regularly played, C.04.5 Preface).
    pub played: bool,
    /// The colour of a game played.
    pub colour: Option<Colour>,
    /// Game points scored.
    pub points: Points,
}

/// One round of a participant.
#[derive(Clone, Debug, PartialEq)]
pub struct Round {
    /// The scheduled opponent (an index into [`Field::entrants`]), also for forfeits.
    pub opponent: Option<usize>,
    /// What the round was.
    pub kind: RoundKind,
    /// Points in the primary score (`[0]`) and the secondary (`[1]`); for individuals both are
    /// the points of the game.
    pub points: [Points; 2],
    /// The colour of a game played (a team's board-1 colour, a Double-Swiss match's first).
    pub colour: Option<Colour>,
    /// The colour scheduled, played or not (for forfeits of pre-determined pairings, 15.2).
    pub scheduled: Option<Colour>,
    /// For rating tie-breaks: the result of a game played, in rating points (1, ½, 0 as tenths).
    pub rating_points: Option<Points>,
    /// The games of the match (teams, Double-Swiss); empty for individuals.
    pub games: Vec<Game>,
}

/// A participant.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The id written in the file: a player's starting rank, a team's pairing number.
    pub id: u32,
    /// The tournament pairing number (7.8).
    pub tpn: u32,
    /// Name.
    pub name: String,
    /// FIDE title (players).
    pub title: String,
    /// Federation (players; a team's nickname).
    pub federation: String,
    /// FIDE id (players).
    pub fide_id: String,
    /// The rating (a team's strength), `None` when unrated.
    pub rating: Option<u32>,
    /// The totals of the primary and the secondary score.
    pub score: [Points; 2],
    /// Rounds 1..=[`Field::rounds`].
    pub rounds: Vec<Round>,
}

/// Win, draw and loss points of one unit of play (a game, a match) in one score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scale {
    /// A win's points.
    pub win: Points,
    /// A draw's.
    pub draw: Points,
    /// A loss's.
    pub loss: Points,
}

/// Every participant of one event, with what the tie-breaks need to know about it.
#[derive(Clone, Debug, PartialEq)]
pub struct Field {
    /// The kind of event.
    pub kind: EventKind,
    /// The participants, by pairing number.
    pub entrants: Vec<Entrant>,
    /// The rounds ranked: standings after this round.
    pub rounds: u32,
    /// The number of rounds of the event (`142`/`XXR`), or `rounds` when not stated: its last
    /// round is the one Fore Buchholz plays as draws (8.3).
    pub final_round: u32,
    /// Which score is primary (`[0]`) and secondary (`[1]`): for individuals `None` (points).
    pub scores: Option<[ScoreKind; 2]>,
    /// The scale of a round in the primary and the secondary score (a match, for teams).
    pub scales: [Scale; 2],
    /// The scale of one game.
    pub game_scale: Scale,
    /// Boards of a team match, games of a Double-Swiss match, 1 for individuals.
    pub boards: usize,
}

impl Field {
    /// Which of the two scores (`0` primary, `1` secondary) `score` names; the primary for
    /// `None`, and always `0` for individuals.
    pub fn score_index(&self, score: Option<ScoreKind>) -> usize {
        match (self.scores, score) {
            (Some(s), Some(k)) if s[1] == k => 1,
            _ => 0,
        }
    }

    /// The score of the other kind than the primary (13.1), as an index.
    pub fn other_index(&self) -> usize {
        usize::from(self.scores.is_some())
    }

    /// The event's individual participants (TRF id), for messages.
    pub fn ids(&self, list: &[usize]) -> String {
        let ids: Vec<String> = list.iter().map(|&i| self.entrants[i].id.to_string()).collect();
        ids.join(", ")
    }
}

/// A FIDE id as written, none for a blank or `0` (some exports write 0 for "no id").
fn fide_id(text: &str) -> String {
    let t = text.trim();
    if t.bytes().all(|b| b == b'0') {
        String::new()
    } else {
        t.to_string()
    }
}

fn opt_rating(r: u32) -> Option<u32> {
    (r > 0).then_some(r)
}

fn rating_points(result: ResultCode) -> Option<Points> {
    match result {
        ResultCode::Win | ResultCode::UnratedWin => Some(Points(10)),
        ResultCode::Draw | ResultCode::UnratedDraw => Some(Points(5)),
        ResultCode::Loss | ResultCode::UnratedLoss => Some(Points(0)),
        _ => None,
    }
}

/// The kind of an individual's round from its result code (a forfeit with nobody scheduled is
/// a bye of the same worth).
fn individual_kind(opponent: bool, result: ResultCode) -> RoundKind {
    match (result, opponent) {
        (r, true) if r.is_played_game() => RoundKind::Played,
        (ResultCode::ForfeitWin, true) => RoundKind::ForfeitWin,
        (ResultCode::ForfeitLoss, true) => RoundKind::ForfeitLoss,
        (ResultCode::PairingBye, _) => RoundKind::PairingBye,
        (ResultCode::FullBye | ResultCode::ForfeitWin | ResultCode::Win | ResultCode::UnratedWin, _) => {
            RoundKind::FullBye
        }
        (ResultCode::HalfBye | ResultCode::Draw | ResultCode::UnratedDraw, _) => RoundKind::HalfBye,
        _ => RoundKind::ZeroBye,
    }
}

/// The players of an individual tournament after round `rounds`.
pub fn individual(doc: &TrfDocument, rounds: u32) -> Result<Field, String> {
    let t = crate::tournament::Tournament::after_round(doc, rounds).map_err(|e| e.to_string())?;
    let ps = t.point_system;
    let scale = Scale { win: ps.win(), draw: ps.draw(), loss: ps.loss() };
    let entrants = t
        .players
        .iter()
        .map(|p| {
            let rec = doc.player(p.id);
            Entrant {
                id: p.id,
                tpn: p.pairing_number,
                name: p.name.clone(),
                title: rec.map(|r| r.title.trim().to_string()).unwrap_or_default(),
                federation: rec.map(|r| r.federation.trim().to_string()).unwrap_or_default(),
                fide_id: rec.map(|r| fide_id(&r.fide_id)).unwrap_or_default(),
                rating: opt_rating(p.rating),
                score: [p.score, p.score],
                rounds: p
                    .history
                    .iter()
                    .enumerate()
                    .map(|(k, h)| {
                        let kind = individual_kind(h.opponent.is_some(), h.result);
                        let entry = rec.and_then(|r| r.rounds.get(k).copied().flatten());
                        Round {
                            opponent: h.opponent,
                            kind,
                            points: [h.points, h.points],
                            colour: h.colour,
                            scheduled: entry.and_then(|e| e.colour).filter(|_| h.opponent.is_some()),
                            rating_points: if kind == RoundKind::Played { rating_points(h.result) } else { None },
                            games: Vec::new(),
                        }
                    })
                    .collect(),
            }
        })
        .collect();
    Ok(Field {
        kind: EventKind::Individual,
        entrants,
        rounds,
        final_round: doc.total_rounds.unwrap_or(rounds).max(rounds),
        scores: None,
        scales: [scale, scale],
        game_scale: scale,
        boards: 1,
    })
}

fn match_kind(m: &MatchRound) -> RoundKind {
    match m.kind {
        MatchKind::Played => RoundKind::Played,
        MatchKind::ForfeitWin => RoundKind::ForfeitWin,
        MatchKind::ForfeitLoss => RoundKind::ForfeitLoss,
        MatchKind::PairingBye => RoundKind::PairingBye,
        MatchKind::Bye(ByeKind::Full) => RoundKind::FullBye,
        MatchKind::Bye(ByeKind::Half) => RoundKind::HalfBye,
        MatchKind::Bye(ByeKind::Zero) => RoundKind::ZeroBye,
    }
}

/// A match round with its games; `regular` tells whether a game of a match counts as played
/// when it was forfeited inside a match played (Double-Swiss, C.04.5 Preface) or not (teams).
fn match_round(m: &MatchRound, scores: [ScoreKind; 2], regular: bool) -> Round {
    let kind = match_kind(m);
    let of = |s: ScoreKind| if s == ScoreKind::Match { m.match_points } else { m.game_points };
    let games = m
        .boards
        .iter()
        .map(|b| {
            let played = b.opponent.is_some() && (b.result.is_played_game() || (regular && kind == RoundKind::Played));
            Game { board: b.board, played, colour: if played { b.colour } else { None }, points: b.points }
        })
        .collect();
    Round {
        opponent: m.opponent,
        kind,
        points: [of(scores[0]), of(scores[1])],
        colour: m.colour,
        scheduled: m.scheduled,
        rating_points: None,
        games,
    }
}

/// The teams of a team tournament after round `rounds`.
pub fn teams(doc: &TrfDocument, rounds: u32) -> Result<Field, String> {
    use crate::team::Score;
    let t = crate::team::through_round(doc, rounds).map_err(|e| e.to_string())?;
    let kind_of = |s: Score| if s == Score::MatchPoints { ScoreKind::Match } else { ScoreKind::Game };
    let primary = kind_of(t.rules.primary);
    let scores = [primary, primary.other()];
    let gs = t.game_points;
    let game_scale = Scale { win: gs.win(), draw: gs.draw(), loss: gs.loss() };
    let boards = t.boards.max(1) as i64;
    let gp_scale = Scale {
        win: Points(game_scale.win.0 * boards),
        draw: Points(game_scale.draw.0 * boards),
        loss: Points(game_scale.loss.0 * boards),
    };
    let mp_scale = Scale { win: t.match_scale.win, draw: t.match_scale.draw, loss: t.match_scale.loss };
    let scale_of = |s: ScoreKind| if s == ScoreKind::Match { mp_scale } else { gp_scale };
    let entrants = t
        .teams
        .iter()
        .map(|team| {
            let total = |s: ScoreKind| if s == ScoreKind::Match { team.match_points } else { team.game_points };
            Entrant {
                id: team.tpn,
                tpn: team.tpn,
                name: team.name.clone(),
                title: String::new(),
                federation: doc.team(team.tpn).map(|r| r.nickname.trim().to_string()).unwrap_or_default(),
                fide_id: String::new(),
                rating: opt_rating(team.strength),
                score: [total(scores[0]), total(scores[1])],
                rounds: team.history.iter().map(|m| match_round(m, scores, false)).collect(),
            }
        })
        .collect();
    Ok(Field {
        kind: EventKind::Team,
        entrants,
        rounds,
        final_round: doc.total_rounds.unwrap_or(rounds).max(rounds),
        scores: Some(scores),
        scales: [scale_of(scores[0]), scale_of(scores[1])],
        game_scale,
        boards: t.boards.max(1),
    })
}

/// The players of a Double-Swiss tournament after match round `rounds`: the score is the game
/// points (C.04.5 1.2.1), the secondary score the match points (2, 1, 0).
pub fn double_swiss(doc: &TrfDocument, rounds: u32) -> Result<Field, String> {
    let t = crate::double::through_round(doc, rounds).map_err(|e| e.to_string())?;
    let gs = t.game_points;
    let game_scale = Scale { win: gs.win(), draw: gs.draw(), loss: gs.loss() };
    let (w, d, l) = crate::double::MATCH_POINTS;
    let scores = [ScoreKind::Game, ScoreKind::Match];
    let gp_scale = Scale {
        win: Points(2 * game_scale.win.0),
        draw: Points(2 * game_scale.draw.0),
        loss: Points(2 * game_scale.loss.0),
    };
    let entrants = t
        .players
        .iter()
        .map(|p| {
            let rec = doc.player(p.id);
            Entrant {
                id: p.id,
                tpn: p.tpn,
                name: p.name.clone(),
                title: rec.map(|r| r.title.trim().to_string()).unwrap_or_default(),
                federation: rec.map(|r| r.federation.trim().to_string()).unwrap_or_default(),
                fide_id: rec.map(|r| fide_id(&r.fide_id)).unwrap_or_default(),
                rating: opt_rating(p.rating),
                score: [p.score, p.match_points],
                rounds: p.history.iter().map(|m| match_round(m, scores, true)).collect(),
            }
        })
        .collect();
    let total = crate::double::encoding::total_matches(doc)?;
    Ok(Field {
        kind: EventKind::DoubleSwiss,
        entrants,
        rounds,
        final_round: total.unwrap_or(rounds).max(rounds),
        scores: Some(scores),
        scales: [gp_scale, Scale { win: w, draw: d, loss: l }],
        game_scale,
        boards: 2,
    })
}
