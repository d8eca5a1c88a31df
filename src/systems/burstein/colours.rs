//! Colour allocation of the Burstein system (C.04.4.2 (2026) Article 5).

use super::round::Round;
use crate::trf::Colour;

/// The colour `a` receives against `b` (`b` receives the other one).
pub fn colour_of_first(r: &Round, a: usize, b: usize) -> Colour {
    let t = r.t;
    let a_above = r.rank_key(a) < r.rank_key(b);
    // 5.2.1: both have yet to play a game: the higher-ranked player (1.8) gets the initial
    // colour if his TPN is odd, the other colour if even.
    if r.unplayed(a) && r.unplayed(b) {
        let initial = t.initial_colour.unwrap_or(Colour::White);
        let hi = if a_above { a } else { b };
        let hi_colour = if t.players[hi].pairing_number % 2 == 1 { initial } else { initial.opposite() };
        return if a_above { hi_colour } else { hi_colour.opposite() };
    }
    // 5.2.2-5.2.5, shared with Dubov; 1.5.4: a player who has not played has no preference and
    // his opponent's is granted.
    crate::systems::colour_grant::colour_of_first(r.pref(a), r.pref(b), &t.players[a], &t.players[b], a_above)
        .unwrap_or_else(|| {
            // Neither has a preference but one has played (cannot happen: a player who played has
            // one): 5.2.1's colour, rather than a panic.
            let initial = t.initial_colour.unwrap_or(Colour::White);
            let hi = if a_above { a } else { b };
            let c = if t.players[hi].pairing_number % 2 == 1 { initial } else { initial.opposite() };
            if a_above {
                c
            } else {
                c.opposite()
            }
        })
}

/// `(white, black)` for the pair `{a, b}`.
pub fn allocate(r: &Round, a: usize, b: usize) -> (usize, usize) {
    if colour_of_first(r, a, b) == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}
