//! The quality criteria of a Dubov bracket, one row each (key, name, articles, what it costs):
//! `models/dubov-*.model` name them by key, the batch reports by name, `--explain` by article.
//! The stages are stated on the upfloater program of `super::bracket`: the residents of the
//! bracket and the lower players offered for upfloating. Each row says once what a pair costs;
//! the stages are built from it, and so is the order in which the upfloater program may prune a
//! resident's candidates ([`Criterion::rank`]).

use super::round::Round;
use crate::model::{Cost, Stage, Var};
use crate::vocabulary::{At, StageKey};

/// What the stages of one bracket are built from.
pub struct Ctx<'a, 't> {
    /// The round being paired.
    pub r: &'a Round<'t>,
    /// The model's pairs (local indices: residents first, then the lower players offered).
    pub pairs: &'a crate::model::Pairs,
    /// Resident-lower pairs: (pair index, the lower player's local index, an upfloater).
    pub up_pairs: &'a [(usize, usize)],
    /// Local index to tournament index.
    pub global: &'a [usize],
    /// Every player of the lower scoregroups (tournament indices), offered or not: their scores
    /// are the levels of C.6.
    pub lower: &'a [usize],
    /// Number of residents.
    pub nr: usize,
}

/// What a criterion costs.
pub enum Kind {
    /// One stage: the sum of `cost(x, y)` over the bracket's pairs of a resident `x` with an
    /// upfloater `y`, and with another resident too where `residents_too`.
    PerPair {
        /// The cost of the pair of resident `x` with `y` (tournament indices).
        cost: fn(&Round, usize, usize) -> i64,
        /// Whether pairs of two residents are counted too.
        residents_too: bool,
    },
    /// C.6: one stage per score level of the lower players, the lowest first, each counting the
    /// upfloaters with that score: the lowest scores are avoided first.
    ScoreLevels,
}

/// One criterion of the Dubov system.
pub struct Criterion {
    /// The key the models and the stage keys use (`C5` .. `C10`).
    pub key: &'static str,
    /// What it measures, the name shared with the other systems where the meaning is the same
    /// (`colour_preference_violations`), as the batch reports' column.
    pub name: &'static str,
    /// The article in the 2026 rules, as `--explain` cites it.
    pub article_2026: &'static str,
    /// The article in the 2018 rules.
    pub article_2018: &'static str,
    /// What its stages count, in their keys (`C7/colour-preferences`).
    pub what: &'static str,
    /// False for C.8-C.10, which apply "unless it is the last round".
    pub in_last_round: bool,
    /// What it costs.
    pub kind: Kind,
}

fn stage(key: StageKey, article: &str, cost: Cost) -> Stage {
    Stage { key, article: article.to_string(), cost }
}

impl Criterion {
    /// True if the criterion has stages in this round.
    pub fn applies(&self, r: &Round) -> bool {
        self.in_last_round || !r.is_last_round()
    }

    /// The criterion's stages on the upfloater program `c`, citing `art`.
    pub fn stages(&self, c: &Ctx, art: &str) -> Vec<Stage> {
        if !self.applies(c.r) {
            return Vec::new();
        }
        match self.kind {
            Kind::PerPair { cost: f, residents_too } => {
                let key = StageKey::count(self.key, self.what);
                let mut cost = Cost::new();
                if residents_too {
                    for (e, (x, y)) in c.pairs.iter().enumerate() {
                        if x < c.nr {
                            cost.add(Var::Pair(e), f(c.r, c.global[x], c.global[y]));
                        }
                    }
                } else {
                    for &(e, u) in c.up_pairs {
                        cost.add(Var::Pair(e), f(c.r, c.global[c.pairs.at(e).0], c.global[u]));
                    }
                }
                vec![stage(key, art, cost)]
            }
            Kind::ScoreLevels => {
                let mut levels: Vec<_> = c.lower.iter().map(|&i| c.r.score(i)).collect();
                levels.sort();
                levels.dedup();
                levels
                    .into_iter()
                    .map(|s| {
                        let mut cost = Cost::new();
                        for &(e, u) in c.up_pairs {
                            cost.add(Var::Pair(e), i64::from(c.r.score(c.global[u]) == s));
                        }
                        stage(StageKey::count(self.key, self.what).at(At::Score(s)), art, cost)
                    })
                    .collect()
            }
        }
    }

    /// The criterion's judgement of upfloating `u` against resident `x`, as one number (smaller
    /// is better) that orders two upfloaters of `x` as the criterion's stages do: the cost of the
    /// pair, or for C.6 minus the upfloater's score. Zero where the criterion has no stage.
    pub fn rank(&self, r: &Round, x: usize, u: usize) -> i64 {
        if !self.applies(r) {
            return 0;
        }
        match self.kind {
            Kind::PerPair { cost, .. } => cost(r, x, u),
            Kind::ScoreLevels => -r.score(u).0,
        }
    }
}

/// The criteria in the priority order of 2.3 (2026) / C.5-C.10 (2018).
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "C5",
        name: "upfloaters",
        article_2026: "C.04.4.1 (2026) [C5] minimise the number of upfloaters",
        article_2018: "C.04.4.1 (2018) C.5 minimise the number of upfloaters",
        what: "upfloaters",
        in_last_round: true,
        kind: Kind::PerPair { cost: |_, _, _| 1, residents_too: false },
    },
    Criterion {
        key: "C6",
        name: "upfloater_scores",
        article_2026: "C.04.4.1 (2026) [C6] maximise the scores of the upfloaters (taken in ascending order)",
        article_2018: "C.04.4.1 (2018) C.6 maximise the scores of the upfloaters (taken in ascending order)",
        what: "upfloaters",
        in_last_round: true,
        kind: Kind::ScoreLevels,
    },
    Criterion {
        key: "C7",
        name: "colour_preference_violations",
        article_2026: "C.04.4.1 (2026) [C7] minimise the number of players who do not get their colour preference",
        article_2018: "C.04.4.1 (2018) C.7 minimise the number of players who do not get their colour preference",
        what: "colour-preferences",
        in_last_round: true,
        kind: Kind::PerPair { cost: |r, x, y| i64::from(r.pref(x).0 == r.pref(y).0), residents_too: true },
    },
    Criterion {
        key: "C8",
        name: "maximum_upfloaters",
        article_2026: "C.04.4.1 (2026) [C8] minimise the number of upfloaters who are maximum upfloaters",
        article_2018: "C.04.4.1 (2018) C.8 minimise the number of upfloaters who are maximum upfloaters",
        what: "maximum-upfloaters",
        in_last_round: false,
        kind: Kind::PerPair { cost: |r, _, u| i64::from(r.is_max_upfloater(u)), residents_too: false },
    },
    Criterion {
        key: "C9",
        name: "maximum_upfloater_upfloats",
        article_2026: "C.04.4.1 (2026) [C9] minimise the number of times a maximum upfloater is upfloated",
        article_2018: "C.04.4.1 (2018) C.9 minimise the number of times a maximum upfloater is upfloated",
        what: "upfloats-of-maximum-upfloaters",
        in_last_round: false,
        kind: Kind::PerPair {
            cost: |r, _, u| if r.is_max_upfloater(u) { i64::from(r.upfloats[u]) } else { 0 },
            residents_too: false,
        },
    },
    Criterion {
        key: "C10",
        name: "repeated_upfloaters_previous_round",
        article_2026: "C.04.4.1 (2026) [C10] minimise the number of upfloaters who upfloated in the previous round",
        article_2018: "C.04.4.1 (2018) C.10 minimise the number of upfloaters who upfloated in the previous round",
        what: "upfloated-last-round",
        in_last_round: false,
        kind: Kind::PerPair { cost: |r, _, u| i64::from(r.upfloated_last_round(u)), residents_too: false },
    },
];

/// The row of `key`.
pub fn find(key: &str) -> Option<&'static Criterion> {
    CRITERIA.iter().find(|c| c.key == key)
}
