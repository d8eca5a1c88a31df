//! The criteria of a bracket under the 2026 Dutch rules (C.04.3 Art. 2, \[C4\]-\[C21\]) as cost
//! vectors over a [`Kind::Outlook`] model, which holds the bracket, the next scoregroup and every
//! lower player.
//!
//! Keys (`C5` ... `C21`) are the 2026 numbers used in `models/dutch-2026.model`. Criteria that
//! compare scores taken in descending order give one stage per score value, highest first (a
//! sorted list compared lexicographically is a count vector compared lexicographically). Where
//! the text (only partly available) is silent, the endorsed engine's reading is followed; each
//! such point is in `docs/reference-dutch.md` §9.

use super::bracket::Kind;
use super::criteria::{colour_cost, completion, float_count, stage, ColourRule, Criterion, Ctx};
use crate::model::{Cost, Stage, Var};
use crate::points::Points;
use crate::tournament::Float;
use crate::vocabulary::{At, StageKey};
use std::collections::BTreeMap;

/// The key of the \[C9\] stage (the first-candidate check gives it its own bound).
pub const C9_STAGE: StageKey = StageKey::rank("C9", "bye-unplayed");

/// The 2026 criteria (C.04.3 Art. 2, \[C5\]-\[C21\]), one row each (see [`Criterion`]).
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "C5",
        name: "pab_score",
        article: "C.04.3 (2026) [C5] minimise the score of the PAB assignee",
        build: |c, a| {
            if full(c) {
                vec![stage(StageKey::points("C5", "bye-score"), a, bye_score(c))]
            } else {
                Vec::new()
            }
        },
    },
    Criterion {
        key: "C6",
        name: "downfloaters",
        article: "C.04.3 (2026) [C6] minimise the number of downfloaters",
        build: |c, a| vec![stage(StageKey::count("C6", "downfloaters"), a, super::criteria::c5(c))],
    },
    Criterion {
        key: "C7",
        name: "downfloater_scores",
        article: "C.04.3 (2026) [C7] minimise the scores of the downfloaters, highest first",
        build: |c, a| by_score(StageKey::count("C7", "downfloaters"), a, downfloater_scores(c)),
    },
    Criterion {
        key: "C8",
        name: "next_bracket",
        article: "C.04.3 (2026) [C8] downfloaters that let the next bracket comply best with [C1]-[C7]",
        build: |c, _| next_bracket(c),
    },
    Criterion {
        key: "C9",
        name: "pab_unplayed_games",
        article: "C.04.3 (2026) [C9] minimise the unplayed games of the PAB assignee",
        build: |c, a| bye_unplayed(c).map(|k| stage(C9_STAGE, a, k)).into_iter().collect(),
    },
    Criterion {
        key: "C10",
        name: "topscorer_colour_differences_beyond_two",
        article: "C.04.3 (2026) [C10] topscorers' colour differences beyond 2",
        build: |c, a| vec![stage(StageKey::count("C10", "colours"), a, colour_cost(c, ColourRule::BeyondTwo))],
    },
    Criterion {
        key: "C11",
        name: "topscorer_same_colour_three_times",
        article: "C.04.3 (2026) [C11] topscorers' same colour three times",
        build: |c, a| vec![stage(StageKey::count("C11", "colours"), a, colour_cost(c, ColourRule::ThirdInARow))],
    },
    Criterion {
        key: "C12",
        name: "colour_preference_violations",
        article: "C.04.3 (2026) [C12] colour preferences not granted",
        build: |c, a| vec![stage(StageKey::count("C12", "colours"), a, colour_cost(c, ColourRule::Preference))],
    },
    Criterion {
        key: "C13",
        name: "strong_colour_preference_violations",
        article: "C.04.3 (2026) [C13] strong colour preferences not granted",
        build: |c, a| vec![stage(StageKey::count("C13", "colours"), a, colour_cost(c, ColourRule::Strong))],
    },
    Criterion {
        key: "C14",
        name: "repeated_downfloats_previous_round",
        article: "C.04.3 (2026) [C14] resident downfloaters repeating the previous round's downfloat",
        build: |c, a| vec![stage(StageKey::count("C14", "floats"), a, float_count(c, true, 1))],
    },
    Criterion {
        key: "C15",
        name: "repeated_upfloats_previous_round",
        article: "C.04.3 (2026) [C15] MDP opponents repeating the previous round's upfloat",
        build: |c, a| vec![stage(StageKey::count("C15", "floats"), a, float_count(c, false, 1))],
    },
    Criterion {
        key: "C16",
        name: "repeated_downfloats_two_rounds_before",
        article: "C.04.3 (2026) [C16] resident downfloaters repeating the downfloat of two rounds before",
        build: |c, a| vec![stage(StageKey::count("C16", "floats"), a, float_count(c, true, 2))],
    },
    Criterion {
        key: "C17",
        name: "repeated_upfloats_two_rounds_before",
        article: "C.04.3 (2026) [C17] MDP opponents repeating the upfloat of two rounds before",
        build: |c, a| vec![stage(StageKey::count("C17", "floats"), a, float_count(c, false, 2))],
    },
    Criterion {
        key: "C18",
        name: "repeated_downfloater_scores_previous_round",
        article: "C.04.3 (2026) [C18] scores of players repeating the previous round's downfloat",
        build: |c, a| by_score(StageKey::count("C18", "floats"), a, repeated_downfloat_scores(c, 1)),
    },
    Criterion {
        key: "C19",
        name: "repeated_upfloat_opponent_scores_previous_round",
        article: "C.04.3 (2026) [C19] scores of the opponents of players repeating the previous round's upfloat",
        build: |c, a| by_score(StageKey::count("C19", "floats"), a, repeated_upfloat_scores(c, 1)),
    },
    Criterion {
        key: "C20",
        name: "repeated_downfloater_scores_two_rounds_before",
        article: "C.04.3 (2026) [C20] scores of players repeating the downfloat of two rounds before",
        build: |c, a| by_score(StageKey::count("C20", "floats"), a, repeated_downfloat_scores(c, 2)),
    },
    Criterion {
        key: "C21",
        name: "repeated_upfloat_opponent_scores_two_rounds_before",
        article: "C.04.3 (2026) [C21] scores of the opponents of players repeating the upfloat of two rounds before",
        build: |c, a| by_score(StageKey::count("C21", "floats"), a, repeated_upfloat_scores(c, 2)),
    },
];

/// The article and meaning of a 2026 criterion key.
pub fn article(key: &str) -> Option<&'static str> {
    Criterion::find(CRITERIA, key).map(|c| c.article)
}

/// The full (outlook) model: \[C4\] and \[C5\] apply; the near model leaves them out.
fn full(ctx: &Ctx) -> bool {
    matches!(ctx.kind, Kind::Outlook { .. })
}

/// The players of the next scoregroup: local `nb..nb + next`.
fn next_len(ctx: &Ctx) -> usize {
    match ctx.kind {
        Kind::Outlook { next, .. } | Kind::Normal { next, .. } => next.len(),
        _ => 0,
    }
}

/// One stage per score value, highest first.
fn by_score(base: StageKey, article: &'static str, buckets: BTreeMap<i64, Cost>) -> Vec<Stage> {
    buckets.into_iter().rev().map(|(s, cost)| stage(base.at(At::Score(Points(s))), article, cost)).collect()
}

/// \[C4\] completion first, then the stages of `keys` in order.
///
/// For the *near* model of a bracket ([`Kind::Normal`]: the bracket and the next scoregroup,
/// anybody free to float), \[C4\] and \[C5\] are left out: the driver checks completion of its
/// optimum afterwards, and \[C9\] is not used with it.
pub fn stages(ctx: &Ctx, keys: &[String]) -> Vec<Stage> {
    let mut out = Vec::new();
    if full(ctx) {
        out.push(stage(StageKey::completion("C4"), "C.04.3 (2026) [C4] complete the round-pairing", completion(ctx)));
    }
    out.extend(Criterion::stages_of(CRITERIA, ctx, keys));
    out
}

/// \[C5\]: the score of whoever stays out of the round. Only bye candidates (the lowest score
/// that can take the PAB) may float at all, so the stage only reports it.
fn bye_score(ctx: &Ctx) -> Cost {
    let mut c = Cost::new();
    for i in (0..ctx.b.model.num_players()).filter(|&i| ctx.b.model.may_float[i]) {
        c.add(Var::Float(i), ctx.score(i));
    }
    c
}

/// \[C7\]: every bracket player leaving the bracket, by its score.
fn downfloater_scores(ctx: &Ctx) -> BTreeMap<i64, Cost> {
    let mut buckets: BTreeMap<i64, Cost> = BTreeMap::new();
    for (i, v) in ctx.b.leaving() {
        buckets.entry(ctx.score(i)).or_default().add(v, 1);
    }
    buckets
}

/// \[C8\] in the endorsed engine's form: the most pairs in the next bracket (downfloaters with
/// next-scoregroup players, and next-scoregroup players among themselves), then the
/// highest-scored of them paired (a pair counts at the score of its higher player).
fn next_bracket(ctx: &Ctx) -> Vec<Stage> {
    let (nb, nn) = (ctx.b.nb, next_len(ctx));
    if nn == 0 {
        return Vec::new();
    }
    let mut pairs = Cost::new();
    // A few scores, one bucket each, kept in a list: the pairs come by their lower player, so
    // the bucket of the last pair is nearly always the next one's (no map lookup per pair).
    let mut buckets: Vec<(i64, Cost)> = Vec::new();
    let mut last = 0;
    for (e, (a, b)) in ctx.b.model.pairs.iter().enumerate() {
        if (nb..nb + nn).contains(&b) {
            pairs.add(Var::Pair(e), -1);
            let score = ctx.score(a);
            if buckets.get(last).is_none_or(|(s, _)| *s != score) {
                last = match buckets.iter().position(|(s, _)| *s == score) {
                    Some(k) => k,
                    None => {
                        buckets.push((score, Cost::new()));
                        buckets.len() - 1
                    }
                };
            }
            buckets[last].1.add(Var::Pair(e), -1);
        }
    }
    let buckets: BTreeMap<i64, Cost> = buckets.into_iter().collect();
    let mut out = vec![stage(StageKey::count("C8", "next-pairs"), article("C8").unwrap_or("C8"), pairs)];
    out.extend(by_score(StageKey::count("C8", "next-paired"), "C8", buckets));
    out
}

/// \[C9\], when active: the players of the bye score are ranked by played games (fewer games,
/// higher rank); the ranks of those paired are maximised, so the one left for the bye has the
/// most played games. As in the endorsed engine, a pair within the bracket and the next
/// scoregroup counts when \[C9\] is active in this bracket, a pair with a lower player when it was
/// active in the first bracket. No stage when no pair that counts has a ranked player.
///
/// When every pair counts, the stage is stated on who is left out: each player is paired or
/// left out exactly once, so minus the ranks of those paired is the ranks of those left out
/// less the ranks of all ([`c9_shift`]), a constant. The same order, with a term per bye
/// candidate instead of one per pair (12 million in the last bracket of a 9,999-player round
/// 2); the driver reports the value less that constant, as stated.
fn bye_unplayed(ctx: &Ctx) -> Option<Cost> {
    let Kind::Outlook { next, c9, .. } = ctx.kind else { return None };
    let bye = ctx.r.bye.as_ref()?;
    let near = ctx.b.nb + next.len();
    let rank = |l: usize| c9_rank(ctx, l);
    let counts = |b: usize| if b < near { c9 } else { bye.first_bracket_c9 };
    let m = &ctx.b.model;
    if !m.pairs.iter().any(|(a, b)| counts(b) && rank(a) + rank(b) != 0) {
        return None;
    }
    let mut c = Cost::new();
    if c9_shift(ctx).is_some() {
        for i in (0..m.num_players()).filter(|&i| m.may_float[i]) {
            c.add(Var::Float(i), rank(i));
        }
        return Some(c);
    }
    for (e, (a, b)) in m.pairs.iter().enumerate() {
        if counts(b) {
            c.add(Var::Pair(e), -(rank(a) + rank(b)));
        }
    }
    Some(c)
}

/// The \[C9\] rank of the model's player `l` (0 unless of the bye score).
pub(super) fn c9_rank(ctx: &Ctx, l: usize) -> i64 {
    let g = ctx.b.global[l];
    match &ctx.r.bye {
        Some(bye) if ctx.r.score(g) == bye.score => bye.rank[g],
        _ => 0,
    }
}

/// When \[C9\] is stated on who is left out (every pair of the model counts: active in this
/// bracket, and in the first one or with nobody below the next scoregroup), what its value
/// exceeds minus the ranks of those paired by: the ranks of all the model's players. `None`
/// when it is stated on the pairs.
pub fn c9_shift(ctx: &Ctx) -> Option<i64> {
    let Kind::Outlook { next, c9, .. } = ctx.kind else { return None };
    let bye = ctx.r.bye.as_ref()?;
    let every_pair = c9 && (bye.first_bracket_c9 || ctx.b.nb + next.len() >= ctx.b.model.num_players());
    every_pair.then(|| (0..ctx.b.model.num_players()).map(|l| c9_rank(ctx, l)).sum())
}

/// \[C18\]/\[C20\]: players who received a downfloat `back` rounds before and leave the bracket
/// again, by their score (an MDP paired in the bracket does not count).
fn repeated_downfloat_scores(ctx: &Ctx, back: usize) -> BTreeMap<i64, Cost> {
    let mut buckets: BTreeMap<i64, Cost> = BTreeMap::new();
    let again: Vec<bool> = (0..ctx.b.nb).map(|i| ctx.float_back(i, back) == Float::Down).collect();
    if !again.contains(&true) {
        return buckets;
    }
    for (i, v) in ctx.b.leaving().filter(|&(i, _)| again[i]) {
        buckets.entry(ctx.score(i)).or_default().add(v, 1);
    }
    buckets
}

/// \[C19\]/\[C21\]: players who received an upfloat `back` rounds before and float up again (the
/// lower player of a pair of different scores), by their opponent's score.
fn repeated_upfloat_scores(ctx: &Ctx, back: usize) -> BTreeMap<i64, Cost> {
    let mut buckets: BTreeMap<i64, Cost> = BTreeMap::new();
    let again: Vec<bool> = (0..ctx.b.nb).map(|i| ctx.float_back(i, back) == Float::Up).collect();
    if !again.contains(&true) {
        return buckets;
    }
    for (e, a, b) in ctx.b.inner_pairs() {
        if let Some((hi, lo)) = ctx.unequal(a, b) {
            if again[lo] {
                buckets.entry(ctx.score(hi)).or_default().add(Var::Pair(e), 1);
            }
        }
    }
    buckets
}
