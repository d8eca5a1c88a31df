//! A round of matches on the boards: which player of each team sits at which board with which
//! colour, and the round written into a team file.
//!
//! A team plays its line-up of the round (a `300` record of the round, or a line-up file:
//! [`super::lineups`]); without one, in its `310` board order, its first players as many as
//! there are boards (a roster may list reserves after them: C.04.6 leaves the line-up to the
//! teams); a player entered absent from the round is not seated, the players after him move up,
//! and a board left without a player is empty. The team with White has White on board 1
//! (1.6.1); the boards follow the `352` pattern from there. The round written into the file
//! carries a `300` record for every team of a match that does not play its default line-up
//! (TRF-2026: "required when a team plays in a different board order than defined in record
//! 310, or plays with an unoccupied board"), so that the results are entered on its boards.

use super::TeamTournament;
use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::trf::{Colour, ResultCode, RoundEntry, TrfDocument};
use serde::Serialize;

/// One board of a match.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct BoardLine {
    /// The board, 1-based.
    pub board: usize,
    /// The player with White (TRF start number), 0 when the team has no player for the board.
    pub white: u32,
    /// The player with Black, 0 when none.
    pub black: u32,
}

/// One match: the teams (White being the team with White on board 1) and its boards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchLine {
    /// The team with White on board 1 (its TPN).
    pub white: u32,
    /// The other team (its TPN).
    pub black: u32,
    /// The boards, board 1 first.
    pub boards: Vec<BoardLine>,
}

/// The players of `team` on its `boards` boards, board 1 first: its line-up of the round, else
/// the roster in its order without the players entered absent from the round, so that a reserve
/// listed after the boards moves up; a board nobody is left for is empty (0: forfeited, or
/// filled by the team).
pub fn seated(team: &super::Team, boards: usize) -> Vec<u32> {
    match &team.lineup {
        Some(l) => {
            let mut seats = l.clone();
            seats.resize(boards, 0);
            seats
        }
        None => super::lineups::default_lineup(team, boards),
    }
}

/// The matches of `pairing` on their boards, in pairing order.
pub fn matches(t: &TeamTournament, pairing: &RoundPairing) -> Vec<MatchLine> {
    let colours = t.board_colours(Colour::White);
    pairing
        .boards
        .iter()
        .map(|b| {
            let (w, bl) = (&t.teams[b.white], &t.teams[b.black]);
            let (seated_w, seated_b) = (seated(w, t.boards), seated(bl, t.boards));
            let boards = (0..t.boards)
                .map(|k| {
                    let (pw, pb) = (seated_w.get(k).copied().unwrap_or(0), seated_b.get(k).copied().unwrap_or(0));
                    match colours.get(k) {
                        Some(Colour::Black) => BoardLine { board: k + 1, white: pb, black: pw },
                        _ => BoardLine { board: k + 1, white: pw, black: pb },
                    }
                })
                .collect();
            MatchLine { white: w.tpn, black: bl.tpn, boards }
        })
        .collect()
}

/// The engines' pairs format with team numbers: the number of lines, then `white black` TPNs
/// per match (the team with White on board 1 first), then `TPN 0` for the pairing-allocated bye.
pub fn pairs_text(t: &TeamTournament, pairing: &RoundPairing) -> String {
    let mut s = format!("{}\n", pairing.boards.len() + usize::from(pairing.bye.is_some()));
    for b in &pairing.boards {
        s.push_str(&format!("{} {}\n", t.teams[b.white].tpn, t.teams[b.black].tpn));
    }
    if let Some(i) = pairing.bye {
        s.push_str(&format!("{} 0\n", t.teams[i].tpn));
    }
    s
}

/// A copy of `doc` with `pairing` written into round `t.round`: every board of every match with
/// its colours and no result yet, every player of the team with the pairing-allocated bye
/// `0000 - U` with its points added to the score, and the bye in the `320` record; absent teams
/// keep their entries.
pub fn into_document(t: &TeamTournament, doc: &TrfDocument, pairing: &RoundPairing) -> TrfDocument {
    let mut out = doc.clone();
    let r = t.round as usize;
    let mut set = |id: u32, e: RoundEntry, add: Points| {
        if let Some(p) = out.players.iter_mut().find(|p| p.id == id) {
            if p.rounds.len() < r {
                p.rounds.resize(r, None);
            }
            p.rounds[r - 1] = Some(e);
            p.points = Some(p.points.unwrap_or(Points::ZERO) + add);
        }
    };
    for m in matches(t, pairing) {
        for b in m.boards.iter().filter(|b| b.white != 0 && b.black != 0) {
            let pending = ResultCode::Pending;
            set(
                b.white,
                RoundEntry { opponent: Some(b.black), colour: Some(Colour::White), result: pending },
                Points::ZERO,
            );
            set(
                b.black,
                RoundEntry { opponent: Some(b.white), colour: Some(Colour::Black), result: pending },
                Points::ZERO,
            );
        }
    }
    if let Some(i) = pairing.bye {
        let per_board = doc.point_system.pairing_bye;
        for p in seated(&t.teams[i], t.boards).into_iter().filter(|&p| p != 0) {
            set(p, RoundEntry::bye(ResultCode::PairingBye), per_board);
        }
    }
    // TRF-2026 300: the line-up of every team of a match that does not play its first players in
    // 310 order, with its opponent; a line-up given before the pairing (opponent 000) is replaced.
    out.out_of_order.retain(|o| o.round != t.round);
    for b in &pairing.boards {
        for (me, them) in [(b.white, b.black), (b.black, b.white)] {
            let team = &t.teams[me];
            let seats = seated(team, t.boards);
            let mut default: Vec<u32> = team.roster.iter().copied().take(t.boards).collect();
            default.resize(t.boards, 0);
            if seats != default {
                out.out_of_order.push(crate::trf::OutOfOrder {
                    round: t.round,
                    team: team.tpn,
                    opponent: t.teams[them].tpn,
                    players: seats.iter().map(|&p| (p != 0).then_some(p)).collect(),
                    line: 0,
                });
            }
        }
    }
    let bye_tpn = pairing.bye.map(|i| t.teams[i].tpn);
    if out.team_pab.is_none() && bye_tpn.is_some() {
        // The 320 record with the points 1.4 gives (a draw's match points; the boards' P values).
        let game_points = Points(doc.point_system.pairing_bye.0 * t.boards as i64);
        out.team_pab =
            Some(crate::trf::TeamPab { match_points: doc.team_scoring.draw, game_points, teams: Vec::new() });
    }
    if let Some(pab) = out.team_pab.as_mut() {
        if pab.teams.len() < r {
            pab.teams.resize(r, None);
        }
        pab.teams[r - 1] = bye_tpn;
        // The bye's points are known now: a team record that states its totals counts them.
        let (mp, gp) = (pab.match_points, pab.game_points);
        if let Some(rec) = bye_tpn.and_then(|tpn| out.teams.iter_mut().find(|t| t.tpn == tpn)) {
            rec.match_points = rec.match_points.map(|x| x + mp);
            rec.game_points = rec.game_points.map(|x| x + gp);
        }
    }
    out
}
