//! One round of a generated team tournament: the absent teams announced before it is paired,
//! then the paired round written and played.
//!
//! A match is played board by board as [`lineup`] seats it: the teams' `310` order, the team
//! with White having the `352` colours from board 1, its opponent the opposite ones. A match is forfeited as a whole
//! at the match forfeit rate (one team, drawn at random, does not show: its boards `-`, the
//! other's `+`, and a `330` record); otherwise each board is forfeited at the board forfeit rate
//! (`+`/`-`, the side drawn at random) or played with the Elo model of [`game_result`]. A match
//! that is not forfeited as a whole keeps at least one board played (board 1 when every board
//! drew a forfeit), so it is a match actually played (C.04.6 1.6.1) under every reading.

use super::super::{game_result, opposite, recompute_points, unit, GenerateConfig};
use super::super::{STREAM_BYE, STREAM_FORFEIT, STREAM_GAME};
use crate::pairing::RoundPairing;
use crate::team::{lineup, TeamTournament};
use crate::trf::{AnnouncedByes, ByeKind, ForfeitedMatch, MatchForfeit, ResultCode, RoundEntry, TrfDocument};

/// The stream of random numbers of matches forfeited as a whole.
const STREAM_MATCH_FORFEIT: u64 = 12;

/// Sets the entry of player `id` in round `r`.
fn set(doc: &mut TrfDocument, id: u32, r: u32, entry: RoundEntry) {
    if let Some(p) = doc.players.iter_mut().find(|p| p.id == id) {
        if p.rounds.len() < r as usize {
            p.rounds.resize(r as usize, None);
        }
        p.rounds[r as usize - 1] = Some(entry);
    }
}

/// The teams absent from round `r`, each independently at the absence rate: every player
/// `0000 - Z`, and one `240 Z` record for the round.
pub(super) fn announce_absences(cfg: &GenerateConfig, doc: &mut TrfDocument, r: u32) {
    let absent: Vec<(u32, Vec<u32>)> = doc
        .teams
        .iter()
        .filter(|t| unit(cfg.seed, &[STREAM_BYE, u64::from(r), u64::from(t.tpn)]) < cfg.zero_bye_rate)
        .map(|t| (t.tpn, t.players.clone()))
        .collect();
    if absent.is_empty() {
        return;
    }
    for (_, players) in &absent {
        for &p in players {
            set(doc, p, r, RoundEntry::bye(ResultCode::ZeroBye));
        }
    }
    doc.announced_byes.push(AnnouncedByes {
        round: Some(r),
        kind: ByeKind::Zero,
        players: absent.iter().map(|(tpn, _)| *tpn).collect(),
    });
}

/// How a match goes before its boards are played.
enum Outcome {
    /// Played over the boards; `forfeits[k]` says whether board `k` is forfeited singly.
    Played(Vec<bool>),
    /// Forfeited as a whole; `true` when the team with White does not show.
    Forfeited(bool),
}

/// Writes round `t.round` of `pairing` into `doc` as the door's output writes it
/// ([`lineup::into_document`]: the boards with their colours, the PAB as `0000 - U` and in
/// `320`), enters the results, then sets every player's score.
pub(super) fn play_round(cfg: &GenerateConfig, doc: &mut TrfDocument, t: &TeamTournament, pairing: &RoundPairing) {
    let r = t.round;
    *doc = lineup::into_document(t, doc, pairing);
    for m in lineup::matches(t, pairing) {
        let key = [u64::from(r), u64::from(m.white.min(m.black)), u64::from(m.white.max(m.black))];
        let whole = unit(cfg.seed, &[STREAM_MATCH_FORFEIT, key[0], key[1], key[2]]);
        let outcome = if whole < cfg.team.match_forfeit_rate {
            Outcome::Forfeited(whole < cfg.team.match_forfeit_rate / 2.0)
        } else {
            let mut forfeits: Vec<bool> = m
                .boards
                .iter()
                .map(|b| board_draw(cfg, STREAM_FORFEIT, r, b.white, b.black) < cfg.forfeit_rate)
                .collect();
            if forfeits.iter().all(|&f| f) {
                forfeits[0] = false;
            }
            Outcome::Played(forfeits)
        };
        let white_team = doc.team(m.white).map(|x| x.players.clone()).unwrap_or_default();
        for (k, b) in m.boards.iter().enumerate() {
            let code = match &outcome {
                Outcome::Forfeited(white_team_absent) => {
                    // The player with White wins when their team is the one that showed.
                    if white_team.contains(&b.white) != *white_team_absent {
                        ResultCode::ForfeitWin
                    } else {
                        ResultCode::ForfeitLoss
                    }
                }
                Outcome::Played(forfeits) if forfeits[k] => {
                    if board_draw(cfg, STREAM_FORFEIT, r, b.white, b.black) < cfg.forfeit_rate / 2.0 {
                        ResultCode::ForfeitLoss
                    } else {
                        ResultCode::ForfeitWin
                    }
                }
                Outcome::Played(_) => {
                    let u = board_draw(cfg, STREAM_GAME, r, b.white, b.black);
                    let rating = |id: u32| doc.player(id).map_or(0, |p| p.rating);
                    game_result(rating(b.white), rating(b.black), u, cfg.draw_rate, cfg.white_advantage)
                }
            };
            set_result(doc, b.white, r, code);
            set_result(doc, b.black, r, opposite(code));
        }
        if let Outcome::Forfeited(white_team_absent) = outcome {
            let kind = if white_team_absent { MatchForfeit::BlackWins } else { MatchForfeit::WhiteWins };
            doc.forfeited_matches.push(ForfeitedMatch { kind, round: r, white: m.white, black: m.black });
        }
    }
    // Teams neither paired nor absent (none: the door pairs every present team) get blanks.
    for p in &mut doc.players {
        p.rounds.resize(r as usize, None);
    }
    recompute_points(doc);
}

/// Enters the result of player `id`'s paired board of round `r`.
fn set_result(doc: &mut TrfDocument, id: u32, r: u32, code: ResultCode) {
    let entry = doc.players.iter_mut().find(|p| p.id == id).and_then(|p| p.rounds.get_mut(r as usize - 1));
    if let Some(Some(e)) = entry {
        e.result = code;
    }
}

/// A number in `[0, 1)` for the board of players `a` and `b` in round `r`, in `stream`: the
/// same for the same game whoever is named first.
fn board_draw(cfg: &GenerateConfig, stream: u64, r: u32, a: u32, b: u32) -> f64 {
    unit(cfg.seed, &[stream, u64::from(r), u64::from(a.min(b)), u64::from(a.max(b))])
}
