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
    let ((ca, sa), (cb, sb)) = (r.pref(a), r.pref(b));
    // E.1: grant both colour preferences.
    if ca != cb {
        return ca;
    }
    // E.2: grant the stronger colour preference.
    if sa != sb {
        return if sa > sb { ca } else { ca.opposite() };
    }
    // E.3: alternate the colours to the most recent time in which one player had White and the
    // other Black (C.04.2.D.5: histories of played games, unplayed rounds moved to the front).
    let (pa, pb) = (&t.players[a], &t.players[b]);
    for (&ha, &hb) in pa.colours.iter().rev().zip(pb.colours.iter().rev()) {
        if ha != hb {
            return ha.opposite();
        }
    }
    // E.4: grant the colour preference of the higher-ranked player.
    if a_above {
        ca
    } else {
        ca.opposite()
    }
}

/// `(white, black)` for the pair `{a, b}`.
pub fn allocate(r: &Round, a: usize, b: usize) -> (usize, usize) {
    if colour_of_first(r, a, b) == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}
