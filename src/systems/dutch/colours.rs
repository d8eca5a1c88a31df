//! Colour allocation for a pair (C.04.3 E.1-E.5).

use super::round::Round;
use crate::tournament::Strength;
use crate::trf::Colour;

/// The colour `a` receives against `b` (b receives the other one), by E.1-E.5.
pub fn colour_of_first(r: &Round, a: usize, b: usize) -> Colour {
    let t = r.t;
    let (pa, pb) = (&t.players[a], &t.players[b]);
    // A.2: higher pairing score, then smaller pairing number.
    let a_above =
        (std::cmp::Reverse(pa.pairing_score()), r.number[a]) < (std::cmp::Reverse(pb.pairing_score()), r.number[b]);
    let (ca, cb) = (pa.preference.colour, pb.preference.colour);
    // E.1: grant both preferences (a player without preference accepts either colour, A.6.d).
    match (ca, cb) {
        (Some(x), Some(y)) if x != y => return x,
        (Some(x), None) => return x,
        (None, Some(y)) => return y.opposite(),
        _ => {}
    }
    if let (Some(x), Some(_)) = (ca, cb) {
        // E.2: grant the stronger preference; both absolute: the wider colour difference.
        let (sa, sb) = (pa.preference.strength, pb.preference.strength);
        if sa != sb {
            return if sa > sb { x } else { x.opposite() };
        }
        if sa == Strength::Absolute {
            let (da, db) = (pa.colour_difference.abs(), pb.colour_difference.abs());
            if da != db {
                return if da > db { x } else { x.opposite() };
            }
        }
        // E.3: alternate to the most recent round in which they had different colours
        // (C.04.2: histories of played games, unplayed rounds moved to the front).
        for (&ha, &hb) in pa.colours.iter().rev().zip(pb.colours.iter().rev()) {
            if ha != hb {
                return ha.opposite();
            }
        }
        // E.4: grant the preference of the higher-ranked player.
        return if a_above { x } else { x.opposite() };
    }
    // E.5: no preference on either side: the higher-ranked player gets the initial colour if his
    // pairing number is odd, the other colour if even.
    let initial = t.initial_colour.unwrap_or(Colour::White);
    let hi_number = if a_above { r.number[a] } else { r.number[b] };
    let hi_colour = if hi_number % 2 == 1 { initial } else { initial.opposite() };
    if a_above {
        hi_colour
    } else {
        hi_colour.opposite()
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
