//! One match round of a generated Double-Swiss tournament: the absent players announced before
//! it is paired, then the paired match round written (as the door's output writes it,
//! [`output::into_document`]) and played game by game.
//!
//! A match is forfeited as a whole at the match forfeit rate: one player, drawn at random,
//! forfeits both games (`-` `-`, the opponent `+` `+`). Otherwise each game is forfeited singly at
//! the forfeit rate (`+`/`-`, the side drawn at random) or played with the Elo model of
//! [`game_result`], game 1 with the match White as White, game 2 reversed (C.04.5 4.4). When
//! both games of a match not forfeited as a whole draw a forfeit, game 1 is played: a single
//! forfeit leaves the other game played, so the match is regularly played (Preface) and gives
//! colours (1.6) under every reading.

use super::super::{game_result, opposite, unit, GenerateConfig};
use super::super::{STREAM_BYE, STREAM_FORFEIT, STREAM_GAME};
use crate::double::{encoding, output, DoubleTournament};
use crate::pairing::RoundPairing;
use crate::trf::{ResultCode, RoundEntry, TrfDocument};

/// The stream of random numbers of matches forfeited as a whole (the team generator's is 12).
const STREAM_DOUBLE_FORFEIT: u64 = 21;

/// Sets the entry of player `id` in game column `column` (1-based).
fn set(doc: &mut TrfDocument, id: u32, column: u32, entry: RoundEntry) {
    if let Some(p) = doc.players.iter_mut().find(|p| p.id == id) {
        if p.rounds.len() < column as usize {
            p.rounds.resize(column as usize, None);
        }
        p.rounds[column as usize - 1] = Some(entry);
    }
}

/// The players absent from match `k`, each independently at the absence rate: `0000 - Z` in
/// both game columns of the match (byes apply to whole matches, Preface).
pub(super) fn announce_absences(cfg: &GenerateConfig, doc: &mut TrfDocument, k: u32) {
    let (c1, c2) = encoding::columns(k);
    let absent: Vec<u32> = doc
        .players
        .iter()
        .filter(|p| unit(cfg.seed, &[STREAM_BYE, u64::from(k), u64::from(p.id)]) < cfg.zero_bye_rate)
        .map(|p| p.id)
        .collect();
    for id in absent {
        set(doc, id, c1, RoundEntry::bye(ResultCode::ZeroBye));
        set(doc, id, c2, RoundEntry::bye(ResultCode::ZeroBye));
    }
}

/// A number in `[0, 1)` for the match of players `a` and `b` in match round `k` (game `game`,
/// or 0 for the match as a whole), in `stream`: the same whoever is named first.
fn draw(cfg: &GenerateConfig, stream: u64, k: u32, a: u32, b: u32, game: u64) -> f64 {
    unit(cfg.seed, &[stream, u64::from(k), u64::from(a.min(b)), u64::from(a.max(b)), game])
}

/// Writes match round `t.round` of `pairing` into `doc`, enters the results of both games of
/// every match, then sets every player's score (game points, the PAB once per match).
pub(super) fn play_match(cfg: &GenerateConfig, doc: &mut TrfDocument, t: &DoubleTournament, pairing: &RoundPairing) {
    let k = t.round;
    let (c1, c2) = encoding::columns(k);
    *doc = output::into_document(t, doc, pairing);
    for b in &pairing.boards {
        let (w, bl) = (&t.players[b.white], &t.players[b.black]);
        // Game g (0, 1): its White, its Black; the match White has White in game 1 (4.4).
        let games = [(w, bl, c1), (bl, w, c2)];
        let whole = draw(cfg, STREAM_DOUBLE_FORFEIT, k, w.id, bl.id, 0);
        let codes: [ResultCode; 2] = if whole < cfg.double.match_forfeit_rate {
            // The match White forfeits both games in the first half of the draw.
            let white_absent = whole < cfg.double.match_forfeit_rate / 2.0;
            let match_white_code = if white_absent { ResultCode::ForfeitLoss } else { ResultCode::ForfeitWin };
            // Game 2's White is the match Black.
            [match_white_code, opposite(match_white_code)]
        } else {
            let forfeit_draw = |g: u64| draw(cfg, STREAM_FORFEIT, k, w.id, bl.id, g + 1);
            let mut forfeited = [forfeit_draw(0) < cfg.forfeit_rate, forfeit_draw(1) < cfg.forfeit_rate];
            if forfeited == [true, true] {
                forfeited[0] = false;
            }
            let mut codes = [ResultCode::Pending; 2];
            for (g, &(white, black, _)) in games.iter().enumerate() {
                codes[g] = if forfeited[g] {
                    // The game's White forfeits in the first half of the draw.
                    if forfeit_draw(g as u64) < cfg.forfeit_rate / 2.0 {
                        ResultCode::ForfeitLoss
                    } else {
                        ResultCode::ForfeitWin
                    }
                } else {
                    let u = draw(cfg, STREAM_GAME, k, w.id, bl.id, g as u64 + 1);
                    game_result(white.rating, black.rating, u, cfg.draw_rate, cfg.white_advantage)
                };
            }
            codes
        };
        for (g, &(white, black, column)) in games.iter().enumerate() {
            set_result(doc, white.id, column, codes[g]);
            set_result(doc, black.id, column, opposite(codes[g]));
        }
    }
    // Players neither paired nor absent (none: the door pairs every present player) get blanks.
    for p in &mut doc.players {
        if p.rounds.len() < c2 as usize {
            p.rounds.resize(c2 as usize, None);
        }
    }
    let ps = doc.point_system;
    for p in &mut doc.players {
        p.points = Some(encoding::points_of_columns(&p.rounds, &ps));
    }
}

/// Enters the result of player `id`'s paired game in column `column`.
fn set_result(doc: &mut TrfDocument, id: u32, column: u32, code: ResultCode) {
    let entry = doc.players.iter_mut().find(|p| p.id == id).and_then(|p| p.rounds.get_mut(column as usize - 1));
    if let Some(Some(e)) = entry {
        e.result = code;
    }
}
