//! Colour allocation for a pair (C.04.3 E.1-E.5).

use super::round::Round;
use crate::tournament::Strength;
use crate::trf::Colour;

/// The colour `a` receives against `b` (b receives the other one), by E.1-E.5. `e5_initial`, when
/// given, says whether E.5 gives the higher-ranked player the initial colour (see [`allocate`]);
/// otherwise he gets it when his pairing number is odd.
pub fn colour_of_first(r: &Round, a: usize, b: usize, e5_initial: Option<bool>) -> Colour {
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
    let hi_colour = if e5_initial.unwrap_or(hi_number % 2 == 1) { initial } else { initial.opposite() };
    if a_above {
        hi_colour
    } else {
        hi_colour.opposite()
    }
}

/// `(white, black)` for the pair `{a, b}`.
///
/// `s1_position` is the place (1-based) of the pair's higher player in the S1 of its (sub)bracket.
/// Under the 2012 rules E.5 speaks of round one only: "all even numbered players in S1 will
/// receive a colour different from all odd numbered players in S1", the first of S1 taking the
/// initial colour. For later pairs of two players without colour preference (no game played yet)
/// the era's engine (JaVaFo 1.4) gives the initial colour to the higher-ranked player when his
/// pairing number is even (every such pair of the dutch-2012 corpus; `docs/dutch-2012.md`). The
/// 2017 and 2026 rules use the pairing number, odd taking the initial colour.
pub fn allocate(r: &Round, a: usize, b: usize, s1_position: u32) -> (usize, usize) {
    let e5 = (r.edition == super::Edition::E2012).then(|| {
        if r.t.round == 1 {
            s1_position % 2 == 1
        } else {
            let hi = if colour_rank(r, a) < colour_rank(r, b) { a } else { b };
            r.t.players[hi].pairing_number % 2 == 0
        }
    });
    if colour_of_first(r, a, b, e5) == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}

/// A.2 rank key: higher pairing score first, then smaller pairing number.
fn colour_rank(r: &Round, i: usize) -> (std::cmp::Reverse<crate::points::Points>, u32) {
    (std::cmp::Reverse(r.t.players[i].pairing_score()), r.number[i])
}
