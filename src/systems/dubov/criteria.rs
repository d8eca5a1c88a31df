//! The quality criteria of a Dubov bracket, one row each (key, name, articles, stage builder):
//! `models/dubov-*.model` name them by key, the batch reports by name, `--explain` by article.
//! The stages are stated on the upfloater program of [`super::bracket`]: the residents of the
//! bracket and every player of the lower scoregroups, all of whom must be paired.

use super::round::Round;
use crate::model::{Cost, Stage, Var};
use crate::vocabulary::{At, StageKey};

/// What the stages of one bracket are built from.
pub struct Ctx<'a, 't> {
    pub r: &'a Round<'t>,
    /// The model's pairs (local indices: residents first, then the lower players).
    pub pairs: &'a [(usize, usize)],
    /// Resident-lower pairs: (pair index, the lower player's local index, an upfloater).
    pub up_pairs: &'a [(usize, usize)],
    /// Local index to tournament index.
    pub global: &'a [usize],
    /// The lower players (tournament indices), as offered for upfloating.
    pub lower: &'a [usize],
    /// Number of residents.
    pub nr: usize,
}

/// One criterion of the Dubov system.
pub struct Criterion {
    pub key: &'static str,
    /// What it measures, the name shared with the other systems where the meaning is the same
    /// (`colour_preference_violations`), as the batch reports' column.
    pub name: &'static str,
    pub article_2026: &'static str,
    pub article_2018: &'static str,
    pub build: fn(&Ctx, &str) -> Vec<Stage>,
}

fn stage(key: StageKey, article: &str, cost: Cost) -> Stage {
    Stage { key, article: article.to_string(), cost }
}

/// A stage counting the upfloaters, each weighted by `w`.
fn per_upfloater(c: &Ctx, key: StageKey, art: &str, w: impl Fn(usize) -> i64) -> Vec<Stage> {
    let mut cost = Cost::new();
    for &(e, u) in c.up_pairs {
        cost.add(Var::Pair(e), w(c.global[u]));
    }
    vec![stage(key, art, cost)]
}

/// C.8-C.10 apply "unless it is the last round".
fn not_last(c: &Ctx, v: Vec<Stage>) -> Vec<Stage> {
    if c.r.is_last_round() {
        Vec::new()
    } else {
        v
    }
}

/// The criteria in the priority order of 2.3 (2026) / C.5-C.10 (2018).
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "C5",
        name: "upfloaters",
        article_2026: "C.04.4.1 (2026) [C5] minimise the number of upfloaters",
        article_2018: "C.04.4.1 (2018) C.5 minimise the number of upfloaters",
        build: |c, a| per_upfloater(c, StageKey::count("C5", "upfloaters"), a, |_| 1),
    },
    Criterion {
        key: "C6",
        name: "upfloater_scores",
        article_2026: "C.04.4.1 (2026) [C6] maximise the scores of the upfloaters (taken in ascending order)",
        article_2018: "C.04.4.1 (2018) C.6 maximise the scores of the upfloaters (taken in ascending order)",
        build: |c, a| {
            let mut levels: Vec<_> = c.lower.iter().map(|&i| c.r.score(i)).collect();
            levels.sort();
            levels.dedup();
            levels
                .into_iter()
                .flat_map(|s| {
                    let key = StageKey::count("C6", "upfloaters").at(At::Score(s));
                    per_upfloater(c, key, a, |g| i64::from(c.r.score(g) == s))
                })
                .collect()
        },
    },
    Criterion {
        key: "C7",
        name: "colour_preference_violations",
        article_2026: "C.04.4.1 (2026) [C7] minimise the number of players who do not get their colour preference",
        article_2018: "C.04.4.1 (2018) C.7 minimise the number of players who do not get their colour preference",
        build: |c, a| {
            let mut cost = Cost::new();
            for (e, &(x, y)) in c.pairs.iter().enumerate() {
                if x < c.nr && c.r.pref(c.global[x]).0 == c.r.pref(c.global[y]).0 {
                    cost.add(Var::Pair(e), 1);
                }
            }
            vec![stage(StageKey::count("C7", "colour-preferences"), a, cost)]
        },
    },
    Criterion {
        key: "C8",
        name: "maximum_upfloaters",
        article_2026: "C.04.4.1 (2026) [C8] minimise the number of upfloaters who are maximum upfloaters",
        article_2018: "C.04.4.1 (2018) C.8 minimise the number of upfloaters who are maximum upfloaters",
        build: |c, a| {
            not_last(
                c,
                per_upfloater(c, StageKey::count("C8", "maximum-upfloaters"), a, |g| {
                    i64::from(c.r.is_max_upfloater(g))
                }),
            )
        },
    },
    Criterion {
        key: "C9",
        name: "maximum_upfloater_upfloats",
        article_2026: "C.04.4.1 (2026) [C9] minimise the number of times a maximum upfloater is upfloated",
        article_2018: "C.04.4.1 (2018) C.9 minimise the number of times a maximum upfloater is upfloated",
        build: |c, a| {
            let w = |g: usize| if c.r.is_max_upfloater(g) { i64::from(c.r.upfloats[g]) } else { 0 };
            not_last(c, per_upfloater(c, StageKey::count("C9", "upfloats-of-maximum-upfloaters"), a, w))
        },
    },
    Criterion {
        key: "C10",
        name: "repeated_upfloaters_previous_round",
        article_2026: "C.04.4.1 (2026) [C10] minimise the number of upfloaters who upfloated in the previous round",
        article_2018: "C.04.4.1 (2018) C.10 minimise the number of upfloaters who upfloated in the previous round",
        build: |c, a| {
            not_last(
                c,
                per_upfloater(c, StageKey::count("C10", "upfloated-last-round"), a, |g| {
                    i64::from(c.r.upfloated_last_round(g))
                }),
            )
        },
    },
];

/// The row of `key`.
pub fn find(key: &str) -> Option<&'static Criterion> {
    CRITERIA.iter().find(|c| c.key == key)
}
