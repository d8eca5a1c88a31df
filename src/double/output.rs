//! A paired match round written out: the pairs format of the established engines (the match
//! White first: White in game 1, C.04.5 4.4) and the TRF with the match in its two game columns
//! (the encoding of [`super::encoding`]), results pending.

use super::encoding;
use super::DoubleTournament;
use crate::pairing::RoundPairing;
use crate::trf::{Colour, ResultCode, RoundEntry, TrfDocument};

/// The number of pairs, then `white black` per match (the match White, who has White in game 1),
/// then `id 0` for the pairing-allocated bye.
pub fn pairs_text(t: &DoubleTournament, pairing: &RoundPairing) -> String {
    let mut out = format!("{}\n", pairing.boards.len() + usize::from(pairing.bye.is_some()));
    for b in &pairing.boards {
        out.push_str(&format!("{} {}\n", t.players[b.white].id, t.players[b.black].id));
    }
    if let Some(p) = pairing.bye {
        out.push_str(&format!("{} 0\n", t.players[p].id));
    }
    out
}

/// A copy of `doc` with match `t.round` written into its two game columns: each match as two
/// games with reversed colours and pending results, the pairing-allocated bye as `0000 - U` in
/// both columns (its points, `162 P` once, added to the score column).
pub fn into_document(t: &DoubleTournament, doc: &TrfDocument, pairing: &RoundPairing) -> TrfDocument {
    let mut out = doc.clone();
    let (c1, c2) = encoding::columns(t.round);
    let mut set = |idx: usize, games: [RoundEntry; 2]| {
        let id = t.players[idx].id;
        if let Some(p) = out.players.iter_mut().find(|p| p.id == id) {
            if p.rounds.len() < c2 as usize {
                p.rounds.resize(c2 as usize, None);
            }
            p.rounds[c1 as usize - 1] = Some(games[0]);
            p.rounds[c2 as usize - 1] = Some(games[1]);
        }
    };
    let game = |o: u32, c: Colour| RoundEntry { opponent: Some(o), colour: Some(c), result: ResultCode::Pending };
    for b in &pairing.boards {
        let (w, bl) = (t.players[b.white].id, t.players[b.black].id);
        set(b.white, [game(bl, Colour::White), game(bl, Colour::Black)]);
        set(b.black, [game(w, Colour::Black), game(w, Colour::White)]);
    }
    if let Some(p) = pairing.bye {
        let bye = RoundEntry::bye(ResultCode::PairingBye);
        set(p, [bye, bye]);
        let (id, pts) = (t.players[p].id, t.pab_points);
        if let Some(rec) = out.players.iter_mut().find(|q| q.id == id) {
            rec.points = rec.points.map(|x| x + pts);
        }
    }
    out
}
