//! Colour allocation of the Dubov system (C.04.4.1 E.0-E.4; 2026 Article 5).

use super::round::Round;
use crate::trf::Colour;

/// The colour `a` receives against `b` (b receives the other one).
pub fn colour_of_first(r: &Round, a: usize, b: usize) -> Colour {
    let t = r.t;
    let a_above = r.rank_key(a) < r.rank_key(b);
    // E.0: both have yet to play a game: the higher-ranked player (more points, then initial
    // ranking) gets the initial colour if his pairing number is odd, the other colour if even.
    if r.unplayed(a) && r.unplayed(b) {
        let initial = t.initial_colour.unwrap_or(Colour::White);
        let hi = if a_above { a } else { b };
        let hi_colour = if r.tpn(hi) % 2 == 1 { initial } else { initial.opposite() };
        return if a_above { hi_colour } else { hi_colour.opposite() };
    }
    // 5.2.2-5.2.5 (E.1-E.4), shared with Burstein; a player without games has a mild
    // preference for Black here (1.6.4), so both always have one.
    let (pa, pb) = (Some(r.pref(a)), Some(r.pref(b)));
    crate::systems::colour_grant::colour_of_first(pa, pb, &t.players[a], &t.players[b], a_above)
        .unwrap_or(Colour::White)
}

/// `(white, black)` for the pair `{a, b}`.
pub fn allocate(r: &Round, a: usize, b: usize) -> (usize, usize) {
    if colour_of_first(r, a, b) == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}
