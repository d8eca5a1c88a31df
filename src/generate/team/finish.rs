//! The end of a generated team tournament: every `310` record gets the team's match points,
//! game points and rank after the last round, and every player's `001` rank is the team's.
//!
//! The points are those the team state computes from the board results (C.04.6 1.2, the PAB
//! from `320`), so the file reads back with its totals checked; the rank orders by match
//! points, then game points, then TPN.

use crate::team::TeamStateError;
use crate::trf::TrfDocument;

/// Fills the `310` totals and ranks, and the players' ranks.
pub(super) fn totals(doc: &mut TrfDocument) -> Result<(), TeamStateError> {
    let rounds = doc.rounds_in_file();
    if rounds == 0 {
        return Ok(());
    }
    let after = crate::team::through_round(doc, rounds)?;
    let mut order: Vec<usize> = (0..after.teams.len()).collect();
    order.sort_by_key(|&i| {
        let t = &after.teams[i];
        (std::cmp::Reverse(t.match_points), std::cmp::Reverse(t.game_points), t.tpn)
    });
    for (rank, &i) in order.iter().enumerate() {
        let team = &after.teams[i];
        let rank = rank as u32 + 1;
        if let Some(rec) = doc.teams.iter_mut().find(|x| x.tpn == team.tpn) {
            rec.match_points = Some(team.match_points);
            rec.game_points = Some(team.game_points);
            rec.rank = Some(rank);
        }
        for &id in &team.roster {
            if let Some(p) = doc.players.iter_mut().find(|p| p.id == id) {
                p.rank = Some(rank);
            }
        }
    }
    Ok(())
}
