//! Colours under the Lim system: compatibility (C.04.4.3 2.1, 5.1), due colours (5.5, 5.6) and
//! the allocation of colours inside a pairing (5.3, 5.4, 5.6, 7.2).
//!
//! Only games actually played count (the shared [`crate::tournament`] colour history): byes and
//! forfeits leave no colour.

use super::Ctx;
use crate::tournament::colour::limits_broken;
use crate::tournament::Tournament;
use crate::trf::Colour;

/// C.04.4.3 5.1 a-b (and 2.1): may player `i` receive colour `c` without the same colour in three
/// successive rounds or three more of one colour than the other? Judged on what this round does
/// (the basic rules' limits, `limits_broken`): after a history beyond them, the colour that
/// reduces the imbalance or breaks the run is allowed.
pub fn allowed(cx: &Ctx, i: usize, c: Colour) -> bool {
    cx.allowed[i] & bit(c) != 0
}

fn bit(c: Colour) -> u8 {
    match c {
        Colour::White => 1,
        Colour::Black => 2,
    }
}

/// [`allowed`] for both colours, from the history of player `i` (stored in [`Ctx`]).
pub fn allowed_bits(t: &Tournament, i: usize) -> u8 {
    [Colour::White, Colour::Black]
        .into_iter()
        .filter(|&c| !limits_broken(&t.players[i].colours, c).any())
        .map(bit)
        .sum()
}

/// True if `a` may have colour `ca` and `b` the other one under 5.1.
pub fn legal(cx: &Ctx, a: usize, b: usize, ca: Colour) -> bool {
    allowed(cx, a, ca) && allowed(cx, b, ca.opposite())
}

/// 2.1, colour part: some allocation gives both players a permissible colour.
pub fn colour_ok(cx: &Ctx, a: usize, b: usize) -> bool {
    legal(cx, a, b, Colour::White) || legal(cx, a, b, Colour::Black)
}

/// 2.1 compatibility: not met before (C.04.1.b), no forbidden pair, and a permissible colour for
/// both — except, in the last round, for two players of the same score (section 6: C.04.1.e,
/// pairing players of the same score, has priority over 5.1 "even if it is necessary for one of
/// the players to be given the same colour for the third round in succession"); such a
/// colour-breaking pair is costed just below the number of pairs (see `group.rs`). A floater and
/// a player of another score-group stay bound by 5.1 in the last round too.
pub fn compatible(cx: &Ctx, a: usize, b: usize) -> bool {
    let t = cx.t;
    a != b && !t.have_met(a, b) && !t.is_forbidden(a, b) && (colour_ok(cx, a, b) || last_round_exception(cx, a, b))
}

/// Section 6: in the last round, two players of the same score may meet over 5.1.
fn last_round_exception(cx: &Ctx, a: usize, b: usize) -> bool {
    cx.last_round && cx.score(a) == cx.score(b)
}

/// The colour `i` is due (5.5 / 5.6; C.04.1.h): the equalising colour when the colours are
/// unbalanced, otherwise the alternate of the last colour; none before any game.
pub fn due(cx: &Ctx, i: usize) -> Option<Colour> {
    cx.t.players[i].preference.colour
}

/// True if both players are due the same colour (one of them cannot get it: a colour conflict
/// that 5.2 asks to remove by exchanges where possible).
pub fn conflict(cx: &Ctx, a: usize, b: usize) -> bool {
    matches!((due(cx, a), due(cx, b)), (Some(x), Some(y)) if x == y)
}

/// True if `a` ranks above `b` (more points, then smaller pairing number).
fn ranks_above(cx: &Ctx, a: usize, b: usize) -> bool {
    cx.pos[a] < cx.pos[b]
}

/// The colour `a` gets against `b` by the rules, ignoring 5.1 (applied by [`allocate`]).
fn preferred(cx: &Ctx, a: usize, b: usize) -> Colour {
    let (pa, pb) = (&cx.t.players[a], &cx.t.players[b]);
    // 5.3: a player with the same colour in the two previous rounds (or two more of one colour,
    // 5.6) must get the other colour: the absolute preference comes first.
    let (abs_a, abs_b) = (pa.preference.is_absolute(), pb.preference.is_absolute());
    match (due(cx, a), due(cx, b)) {
        (Some(x), Some(y)) if x != y => return x,
        (Some(x), _) if abs_a && !abs_b => return x,
        (_, Some(y)) if abs_b && !abs_a => return y.opposite(),
        (Some(x), None) => return x,
        (None, Some(y)) => return y.opposite(),
        (None, None) => {
            // 7.2 (round one, and players without any game): the higher player of the pair takes
            // the colour of Player #1 when his place in the pairing list is odd, the other colour
            // when it is even.
            let hi = if ranks_above(cx, a, b) { a } else { b };
            let first = cx.t.initial_colour.unwrap_or(Colour::White);
            let c = if cx.pos[hi] % 2 == 0 { first } else { first.opposite() };
            return if hi == a { c } else { c.opposite() };
        }
        _ => {}
    }
    // Both due the same colour `c`.
    let c = due(cx, a).unwrap_or(Colour::White);
    // 5.6: "In the even-numbered rounds, whenever possible, each player shall be given the colour
    // that gives him an equal number of whites and blacks." Only a player one colour up or down
    // (an odd number of games played) can be equalised, and `c` does it; a player with an even
    // number of games (a bye, a forfeit) cannot be, by either colour. When only one of the two
    // can be, he is given `c`: the histories decide only "when both players of a pairing are due
    // the same equalising colour" (5.6, second paragraph). In odd rounds 5.5 never decides
    // between two players due the same colour (the one it can serve is served by either colour).
    if cx.t.round % 2 == 0 {
        let equalises = |i: usize| cx.t.players[i].colour_difference.abs() == 1;
        match (equalises(a), equalises(b)) {
            (true, false) => return c,
            (false, true) => return c.opposite(),
            _ => {}
        }
    }
    // 5.4 / 5.6: go back through the colour histories; at the latest round where they differ,
    // the player who then had the other colour now gets `c`.
    let (ha, hb) = (&pa.colours, &pb.colours);
    for k in 1..=ha.len().min(hb.len()) {
        let (xa, xb) = (ha[ha.len() - k], hb[hb.len() - k]);
        if xa != xb {
            return if xa == c { c.opposite() } else { c };
        }
    }
    // 5.4: identical histories. In the median score-group or above the higher ranked player gets
    // the due (alternate or equalising) colour; below the median the lower ranked one.
    let hi = if ranks_above(cx, a, b) { a } else { b };
    let at_or_above_median = cx.t.players[hi].pairing_score() >= cx.median;
    let gets_due = if at_or_above_median {
        hi
    } else if hi == a {
        b
    } else {
        a
    };
    if gets_due == a {
        c
    } else {
        c.opposite()
    }
}

/// Colours of the pair `{a, b}`: (white, black). The rules' choice, unless it breaks 5.1 and the
/// other allocation does not (only possible to need for a pair of section 6: the last round,
/// equal scores).
pub fn allocate(cx: &Ctx, a: usize, b: usize) -> (usize, usize) {
    let mut ca = preferred(cx, a, b);
    if !legal(cx, a, b, ca) && legal(cx, a, b, ca.opposite()) {
        ca = ca.opposite();
    }
    if ca == Colour::White {
        (a, b)
    } else {
        (b, a)
    }
}
