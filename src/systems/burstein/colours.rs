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
    match (r.pref(a), r.pref(b)) {
        // 1.5.4: a player who has not played has no preference; his opponent's is granted.
        (Some((ca, _)), None) => ca,
        (None, Some((cb, _))) => cb.opposite(),
        (Some((ca, sa)), Some((cb, sb))) => {
            // 5.2.2: grant both colour preferences.
            if ca != cb {
                return ca;
            }
            // 5.2.3: grant the stronger colour preference.
            if sa != sb {
                return if sa > sb { ca } else { ca.opposite() };
            }
            // 5.2.4: alternate the colours to the most recent time in which one player had
            // White and the other Black.
            let (pa, pb) = (&t.players[a], &t.players[b]);
            for (&ha, &hb) in pa.colours.iter().rev().zip(pb.colours.iter().rev()) {
                if ha != hb {
                    return ha.opposite();
                }
            }
            // 5.2.5: grant the colour preference of the higher-ranked player (1.8).
            if a_above {
                ca
            } else {
                ca.opposite()
            }
        }
        (None, None) => unreachable_colour(r, a, b, a_above),
    }
}

/// Neither has a preference but one has played (cannot happen: a player who played has one):
/// the higher-ranked player's 5.2.1 colour, for safety rather than a panic.
fn unreachable_colour(r: &Round, a: usize, b: usize, a_above: bool) -> Colour {
    let initial = r.t.initial_colour.unwrap_or(Colour::White);
    let hi = if a_above { a } else { b };
    let c = if r.t.players[hi].pairing_number % 2 == 1 { initial } else { initial.opposite() };
    if a_above {
        c
    } else {
        c.opposite()
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
