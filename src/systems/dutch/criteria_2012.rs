//! The criteria of a bracket under the 2012 Dutch rules (Istanbul 2012, C.04.3 as in force
//! 2012-2017), stated as lexicographic stages.
//!
//! The 2012 text is procedural: C.3-C.14 start from the strictest requirements and relax them
//! one at a time, each time running through the whole candidate order (D.1-D.3). The last
//! requirement relaxed is the most important, so the order in which C.10 drops them, read
//! backwards, is a priority order: the number of pairs (P, A.6.b, relaxed last of all by C.14),
//! the score differences (B.3), B.2 for topscorers (C.10.g), A.7.d in odd rounds (C.10.f), the
//! colour targets X then Z (C.10.e), then B.5 and B.6 for downfloaters and for upfloaters
//! (C.10.d-a). Each requirement is "dropped only for the minimum number of pairs", so each
//! stage minimises its violations. Keys are used in `models/dutch-2012.model`.

use super::bracket::Kind;
use super::criteria::{
    c5, colour_cost, completion, float_count, next_bracket_pairs, psd, stage, ColourRule, Criterion, Ctx,
};
use crate::model::{Cost, Stage, Var};
use crate::tournament::Strength;
use crate::vocabulary::StageKey;

/// The 2012 criteria in priority order of C.10 read backwards, one row each (see [`Criterion`]).
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "P",
        name: "pairs",
        article: "C.04.3 (2012) A.6.b / C.14 the number of pairs",
        build: |c, a| vec![stage(StageKey::count("P", "pairs"), a, c5(c))],
    },
    Criterion {
        key: "B3",
        name: "score_differences",
        article: "C.04.3 (2012) B.3 score differences as small as possible",
        build: |c, a| psd(c, StageKey::count("B3", "score-differences"), a),
    },
    Criterion {
        key: "C12",
        name: "next_bracket",
        article: "C.04.3 (2012) C.1 / C.12 downfloaters that the next bracket can pair, then its pairs",
        build: |c, a| backtracking(c, a),
    },
    Criterion {
        key: "B2",
        name: "topscorer_same_absolute_preference",
        article: "C.04.3 (2012) B.2 / C.10.g topscorers with the same absolute colour preference",
        build: |c, a| vec![stage(StageKey::count("B2", "topscorers"), a, same_colour(c, Strength::Absolute))],
    },
    Criterion {
        key: "A7d",
        name: "strong_preferences_as_absolute",
        article: "C.04.3 (2012) A.7.d / C.10.f odd rounds: strong preferences treated as absolute",
        build: |c, a| {
            if odd_round(c) {
                vec![stage(StageKey::count("A7d", "strong-as-absolute"), a, same_colour(c, Strength::Strong))]
            } else {
                Vec::new()
            }
        },
    },
    Criterion {
        key: "X",
        name: "colour_preference_violations",
        article: "C.04.3 (2012) A.8.a / C.10.e pairs not fulfilling all colour preferences (X)",
        build: |c, a| vec![stage(StageKey::count("X", "colours"), a, colour_cost(c, ColourRule::Preference))],
    },
    Criterion {
        key: "Z",
        name: "strong_colour_preference_violations",
        article: "C.04.3 (2012) A.8.b / C.10.e even rounds: pairs not fulfilling strong preferences (Z)",
        build: |c, a| {
            if odd_round(c) {
                Vec::new()
            } else {
                vec![stage(StageKey::count("Z", "strong-colours"), a, colour_cost(c, ColourRule::Strong))]
            }
        },
    },
    Criterion {
        key: "B5d",
        name: "repeated_downfloats_previous_round",
        article: "C.04.3 (2012) B.5 / C.10.d downfloat as in the previous round",
        build: |c, a| vec![stage(StageKey::count("B5d", "floats"), a, float_count(c, true, 1))],
    },
    Criterion {
        key: "B6d",
        name: "repeated_downfloats_two_rounds_before",
        article: "C.04.3 (2012) B.6 / C.10.c downfloat as two rounds before",
        build: |c, a| vec![stage(StageKey::count("B6d", "floats"), a, float_count(c, true, 2))],
    },
    Criterion {
        key: "B5u",
        name: "repeated_upfloats_previous_round",
        article: "C.04.3 (2012) B.5 / C.10.b upfloat as in the previous round",
        build: |c, a| vec![stage(StageKey::count("B5u", "floats"), a, float_count(c, false, 1))],
    },
    Criterion {
        key: "B6u",
        name: "repeated_upfloats_two_rounds_before",
        article: "C.04.3 (2012) B.6 / C.10.a upfloat as two rounds before",
        build: |c, a| vec![stage(StageKey::count("B6u", "floats"), a, float_count(c, false, 2))],
    },
];

/// A.7.d and A.8.b depend on the round's parity.
fn odd_round(ctx: &Ctx) -> bool {
    ctx.r.t.round % 2 == 1
}

/// Completion (C.12-C.13 for the last brackets) first, then the stages of `keys`.
pub fn stages(ctx: &Ctx, keys: &[String]) -> Vec<Stage> {
    let mut out = Vec::new();
    if !matches!(ctx.kind, Kind::Normal { .. }) {
        out.push(stage(StageKey::completion("C13"), "C.04.3 (2012) C.12-C.13 complete the round", completion(ctx)));
    }
    out.extend(Criterion::stages_of(CRITERIA, ctx, keys));
    out
}

/// Inside pairs whose players both have a preference of at least `strength` for the same colour.
fn same_colour(ctx: &Ctx, strength: Strength) -> Cost {
    let t = ctx.r.t;
    let mut c = Cost::new();
    for (e, a, b) in ctx.b.inner_pairs() {
        let (pa, pb) = (t.players[ctx.b.global[a]].preference, t.players[ctx.b.global[b]].preference);
        if pa.colour.is_some() && pa.colour == pb.colour && pa.strength >= strength && pb.strength >= strength {
            c.add(Var::Pair(e), 1);
        }
    }
    c
}

/// The quantities A.6 and A.8 compute for a bracket before pairing it: P0 (the most pairs), M0
/// (moved-down players), X1 (the fewest pairs not fulfilling all colour preferences) and, in even
/// rounds, Z1 (the fewest not fulfilling the strong ones), with the text's symbols:
///
/// * `a`: players who have not played yet (no preference, A.7.f);
/// * `w`, `b` (even rounds): players with an odd number of unplayed games and a mild preference
///   for White / Black (A.7.e: their preference may be read either way);
/// * `W`, `B`: the remaining players with a preference for White / Black.
///
/// X1 = P0 - W - w - a if B + b > W + w, else P0 - B - b - a; Z1 = P0 - W - b - w - a if B > W,
/// else P0 - B - b - w - a; both at least 0 (A.8, read literally).
pub fn targets(ctx: &Ctx) -> Vec<(String, i64)> {
    let t = ctx.r.t;
    let players = &ctx.b.global[..ctx.b.nb];
    let even = ctx.r.t.round % 2 == 0;
    let p0 = (players.len() / 2) as i64;
    let (mut a, mut w, mut b, mut white, mut black) = (0i64, 0i64, 0i64, 0i64, 0i64);
    for &i in players {
        let p = &t.players[i];
        let unplayed = p.history.iter().filter(|h| !h.facts.played).count();
        let flexible = even && unplayed % 2 == 1 && p.preference.strength == Strength::Mild;
        match p.preference.colour {
            None => a += 1,
            Some(crate::trf::Colour::White) if flexible => w += 1,
            Some(crate::trf::Colour::Black) if flexible => b += 1,
            Some(crate::trf::Colour::White) => white += 1,
            Some(crate::trf::Colour::Black) => black += 1,
        }
    }
    let x1 = if black + b > white + w { p0 - white - w - a } else { p0 - black - b - a };
    let mut out = vec![("P0".to_string(), p0), ("M0".to_string(), ctx.b.mdps as i64), ("X1".to_string(), x1.max(0))];
    if even {
        let z1 = if black > white { p0 - white - b - w - a } else { p0 - black - b - w - a };
        out.push(("Z1".to_string(), z1.max(0)));
    }
    out
}

/// C.1 and C.12 as a look-ahead: a moved-down player without an opponent in the next bracket
/// sends the pairing back to this bracket (C.1), as does a next bracket that cannot make its
/// pairs (C.12); another set of players "of the same size and with the same scores" (fixed by
/// `P` and `B3`) is moved down instead. So first the downfloaters left unpaired in the next
/// bracket, then the players it leaves unpaired.
fn backtracking(ctx: &Ctx, art: &str) -> Vec<Stage> {
    let Some(pairs) = next_bracket_pairs(ctx) else { return Vec::new() };
    let mut mdps = Cost::new();
    (0..ctx.b.nb).filter(|&i| ctx.b.model.may_float[i]).for_each(|i| mdps.add(Var::Float(i), 1));
    vec![
        stage(StageKey::count("C12", "next-mdps-unpaired"), art, mdps),
        stage(StageKey::count("C12", "next-pairs"), art, pairs),
    ]
}
