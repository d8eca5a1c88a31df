//! The pairing of a round: boards (white, black) and the pairing-allocated bye, and its formats.

use crate::tournament::Tournament;
use crate::trf::{Colour, ResultCode, RoundEntry, TrfDocument};
use serde::Serialize;

/// One board: player indices (into `Tournament::players`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
pub struct Board {
    /// The player with White (in a team pairing, the team: an index into its teams).
    pub white: usize,
    /// The player with Black (in a team pairing, the team).
    pub black: usize,
}

/// The pairing of a round.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct RoundPairing {
    /// Boards in board order.
    pub boards: Vec<Board>,
    /// The player receiving the pairing-allocated bye.
    pub bye: Option<usize>,
}

/// A round's pairing named by TRF ids (starting ranks), as every output of lexpair names
/// players: what a library user shows or stores. [`RoundPairing`] holds indices into
/// `Tournament::players` for the solvers; [`RoundPairing::by_id`] converts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct IdPairing {
    /// `(white, black)` TRF ids, in board order.
    pub boards: Vec<(u32, u32)>,
    /// The TRF id of the player receiving the pairing-allocated bye.
    pub bye: Option<u32>,
}

impl RoundPairing {
    /// The pairing with players named by TRF id.
    pub fn by_id(&self, t: &Tournament) -> IdPairing {
        IdPairing {
            boards: self.boards.iter().map(|b| (t.players[b.white].id, t.players[b.black].id)).collect(),
            bye: self.bye.map(|i| t.players[i].id),
        }
    }

    /// Sorts boards in the order the established engines print them: by the higher player's
    /// score, then the lower player's score (both without acceleration), then the higher
    /// player's pairing number ("higher" = more points, then smaller pairing number).
    pub fn sort_boards(&mut self, t: &Tournament) {
        let key = |b: &Board| {
            let rank = |i: usize| (std::cmp::Reverse(t.players[i].score), t.players[i].pairing_number);
            let (hi, lo) = if rank(b.white) <= rank(b.black) { (b.white, b.black) } else { (b.black, b.white) };
            (
                std::cmp::Reverse(t.players[hi].score),
                std::cmp::Reverse(t.players[lo].score),
                t.players[hi].pairing_number,
            )
        };
        self.boards.sort_by_key(key);
    }

    /// The established engines' output: the number of lines, then `white black` TRF ids per
    /// board, then `id 0` for the bye.
    pub fn to_pairs_text(&self, t: &Tournament) -> String {
        let mut s = format!("{}\n", self.boards.len() + usize::from(self.bye.is_some()));
        for b in &self.boards {
            s.push_str(&format!("{} {}\n", t.players[b.white].id, t.players[b.black].id));
        }
        if let Some(p) = self.bye {
            s.push_str(&format!("{} 0\n", t.players[p].id));
        }
        s
    }

    /// A copy of `doc` with this pairing written into round `t.round` (results pending, the PAB
    /// as `0000 - U` with its points added to the score, absentees keeping their announced bye).
    pub fn into_document(&self, t: &Tournament, doc: &TrfDocument) -> TrfDocument {
        let mut out = doc.clone();
        self.write_into(t, &mut out);
        out
    }

    /// [`RoundPairing::into_document`] in place: `doc` gets the round's entries (no copy of the
    /// document, as a generator writing every round wants).
    pub fn write_into(&self, t: &Tournament, doc: &mut TrfDocument) {
        let r = t.round as usize;
        // The document's players by id, found by search (not a scan per entry).
        let at = doc.positions();
        let find = |id: u32| at.get(&id).copied();
        let mut set = |idx: usize, e: RoundEntry| {
            if let Some(k) = find(t.players[idx].id) {
                let p = &mut doc.players[k];
                if p.rounds.len() < r {
                    p.rounds.resize(r, None);
                }
                p.rounds[r - 1] = Some(e);
            }
        };
        for b in &self.boards {
            let (w, bl) = (t.players[b.white].id, t.players[b.black].id);
            set(b.white, RoundEntry { opponent: Some(bl), colour: Some(Colour::White), result: ResultCode::Pending });
            set(b.black, RoundEntry { opponent: Some(w), colour: Some(Colour::Black), result: ResultCode::Pending });
        }
        if let Some(p) = self.bye {
            set(p, RoundEntry::bye(ResultCode::PairingBye));
            // The PAB's points are known now; the score column must include them.
            let pts = doc.point_system.pairing_bye;
            if let Some(k) = find(t.players[p].id) {
                let rec = &mut doc.players[k];
                rec.points = rec.points.map(|x| x + pts);
            }
        }
    }

    /// The pairing recorded in `doc` for round `t.round` (games, forfeits included, and the PAB).
    pub fn recorded(doc: &TrfDocument, t: &Tournament) -> RoundPairing {
        let r = t.round as usize;
        let mut boards = Vec::new();
        let mut bye = None;
        // Some programs write the pairing-allocated bye as a forfeit win without opponent
        // (`0000 - +`): the round's bye when it has no `U` entry.
        let mut plus_bye = None;
        for (i, p) in t.players.iter().enumerate() {
            let Some(rec) = doc.players.iter().find(|q| q.id == p.id) else {
                continue;
            };
            let Some(Some(e)) = rec.rounds.get(r - 1) else {
                continue;
            };
            match (e.opponent, e.colour) {
                (Some(o), Some(Colour::White)) => {
                    if let Some(j) = t.index_of(o) {
                        boards.push(Board { white: i, black: j });
                    }
                }
                (None, _) if e.result == ResultCode::PairingBye => bye = Some(i),
                (None, _) if e.result == ResultCode::ForfeitWin => plus_bye = plus_bye.or(Some(i)),
                _ => {}
            }
        }
        let mut rp = RoundPairing { boards, bye: bye.or(plus_bye) };
        rp.sort_boards(t);
        rp
    }
}
