//! The criteria of a Dutch bracket as cost vectors over its model: the completion criterion C.4
//! of the PPB and the last bracket, then the quality criteria C.5-C.19.
//!
//! Each criterion has a key (`C5`, `C6`, ...) used in `models/dutch-*.model`; [`stages`] turns a
//! list of keys into lexicographic stages. Criteria that compare score differences (C.6, C.7,
//! C.16-C.19) give one stage per difference value, largest first: a sorted list compared
//! lexicographically is a count vector compared lexicographically.
//!
//! Where the text leaves a choice, the reading of the endorsed engine (bbpPairings) is followed;
//! `docs/reference-dutch.md` records each such point.

use super::bracket::{Bracket, Kind};
use super::round::Round;
use crate::model::{Cost, Stage, Var};
use crate::points::Points;
use crate::solver::threads::PARALLEL_WORK;
use crate::tournament::{Float, Strength};
use crate::trf::Colour;
use crate::vocabulary::{At, StageKey};
use std::collections::BTreeMap;

/// One point, in tenths (A.8: the artificial value is "one point less" than the lowest score).
const ONE_POINT: i64 = 10;

/// Context shared by the criteria of one bracket.
pub struct Ctx<'a, 'r> {
    pub r: &'a Round<'r>,
    pub b: &'a Bracket,
    pub kind: Kind<'a>,
    /// The reference score `m` of A.8's artificial value: the next scoregroup's score for a
    /// normal bracket, the lowest score of everybody still to pair otherwise (the reference's
    /// reading; the text says the bracket's lowest score, which ranks candidates the same way).
    m: i64,
}

impl<'a, 'r> Ctx<'a, 'r> {
    pub fn new(r: &'a Round<'r>, b: &'a Bracket, kind: Kind<'a>) -> Self {
        let m = b.global.iter().map(|&g| r.score(g).0).min().unwrap_or(0);
        Ctx { r, b, kind, m }
    }
}

impl Ctx<'_, '_> {
    pub fn score(&self, local: usize) -> i64 {
        self.r.score(self.b.global[local]).0
    }

    /// SD of a player leaving the bracket (A.8): its score minus (m - one point).
    fn leave_sd(&self, local: usize) -> i64 {
        self.score(local) - (self.m - ONE_POINT)
    }

    /// For an inside pair: (higher-scored, lower-scored) when the scores differ.
    pub fn unequal(&self, a: usize, b: usize) -> Option<(usize, usize)> {
        let (sa, sb) = (self.score(a), self.score(b));
        match sa.cmp(&sb) {
            std::cmp::Ordering::Equal => None,
            std::cmp::Ordering::Greater => Some((a, b)),
            std::cmp::Ordering::Less => Some((b, a)),
        }
    }

    pub fn float_back(&self, local: usize, back: usize) -> Float {
        self.r.float_back(self.b.global[local], back)
    }

    fn eligible(&self, local: usize) -> bool {
        self.r.pab_eligible(self.b.global[local])
    }
}

/// A criterion of an edition: its key in `models/dutch-YEAR.model`, its article and meaning,
/// and the stages it adds to a bracket's program (given the article to cite). Each edition has
/// one table of them (`CRITERIA` for 2017, `criteria_2026::CRITERIA`, `criteria_2012::CRITERIA`):
/// the keys a formulation file may use, the articles and the stage builders all come from it.
pub struct Criterion {
    /// The key in the edition's model file (`C5`, `C12`, ...).
    pub key: &'static str,
    /// What it measures, the same name in every edition that has it (`pab_score`,
    /// `colour_preference_violations`, ...): the batch reports' column.
    pub name: &'static str,
    /// The article as `--explain` cites it (`C.04.3 C.6 minimise the PSD`).
    pub article: &'static str,
    /// The stages it adds to a bracket's program, citing the article it is given.
    pub build: fn(&Ctx, &'static str) -> Vec<Stage>,
}

impl Criterion {
    /// The row of `key` in `table`.
    pub fn find<'a>(table: &'a [Criterion], key: &str) -> Option<&'a Criterion> {
        table.iter().find(|c| c.key == key)
    }

    /// The stages of the criteria `keys` of `table` (checked against it when the formulation
    /// was read), in their order. In a bracket of at least [`PARALLEL_WORK`] pairs, criterion
    /// `i` is built on thread `i mod N` of the threads set
    /// ([`crate::solver::threads::map_interleaved`]: the colour rules, the costliest, come one
    /// after another in every edition) and the stages are put back in order: the same stages on
    /// any thread count.
    pub fn stages_of(table: &[Criterion], ctx: &Ctx, keys: &[String]) -> Vec<Stage> {
        let rows: Vec<&Criterion> = keys.iter().filter_map(|k| Criterion::find(table, k)).collect();
        if ctx.b.model.pairs.len() < PARALLEL_WORK {
            return rows.iter().flat_map(|c| (c.build)(ctx, c.article)).collect();
        }
        crate::solver::threads::map_interleaved(rows, |c| (c.build)(ctx, c.article)).into_iter().flatten().collect()
    }
}

/// The 2017 criteria (C.04.3 C.5-C.19), one row each.
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "C5",
        name: "pairs",
        article: "C.04.3 C.5 maximise the number of pairs",
        build: |c, a| vec![stage(StageKey::count("C5", "pairs"), a, c5(c))],
    },
    Criterion { key: "C6", name: "psd", article: "C.04.3 C.6 minimise the PSD", build: |c, _| c6(c) },
    Criterion {
        key: "C7",
        name: "next_bracket",
        article: "C.04.3 C.7 downfloaters that let the next bracket pair best",
        build: |c, _| c7(c),
    },
    Criterion {
        key: "C8",
        name: "topscorer_colour_differences_beyond_two",
        article: "C.04.3 C.8 topscorers' colour differences beyond 2",
        build: |c, a| vec![stage(StageKey::count("C8", "colours"), a, colour_cost(c, ColourRule::BeyondTwo))],
    },
    Criterion {
        key: "C9",
        name: "topscorer_same_colour_three_times",
        article: "C.04.3 C.9 topscorers' same colour three times",
        build: |c, a| vec![stage(StageKey::count("C9", "colours"), a, colour_cost(c, ColourRule::ThirdInARow))],
    },
    Criterion {
        key: "C10",
        name: "colour_preference_violations",
        article: "C.04.3 C.10 colour preferences not granted",
        build: |c, a| vec![stage(StageKey::count("C10", "colours"), a, colour_cost(c, ColourRule::Preference))],
    },
    Criterion {
        key: "C11",
        name: "strong_colour_preference_violations",
        article: "C.04.3 C.11 strong colour preferences not granted",
        build: |c, a| vec![stage(StageKey::count("C11", "colours"), a, colour_cost(c, ColourRule::Strong))],
    },
    Criterion {
        key: "C12",
        name: "repeated_downfloats_previous_round",
        article: "C.04.3 C.12 repeated downfloat (previous round)",
        build: |c, a| vec![stage(StageKey::count("C12", "floats"), a, float_count(c, true, 1))],
    },
    Criterion {
        key: "C13",
        name: "repeated_upfloats_previous_round",
        article: "C.04.3 C.13 repeated upfloat (previous round)",
        build: |c, a| vec![stage(StageKey::count("C13", "floats"), a, float_count(c, false, 1))],
    },
    Criterion {
        key: "C14",
        name: "repeated_downfloats_two_rounds_before",
        article: "C.04.3 C.14 repeated downfloat (two rounds before)",
        build: |c, a| vec![stage(StageKey::count("C14", "floats"), a, float_count(c, true, 2))],
    },
    Criterion {
        key: "C15",
        name: "repeated_upfloats_two_rounds_before",
        article: "C.04.3 C.15 repeated upfloat (two rounds before)",
        build: |c, a| vec![stage(StageKey::count("C15", "floats"), a, float_count(c, false, 2))],
    },
    Criterion {
        key: "C16",
        name: "repeated_downfloat_score_differences_previous_round",
        article: "C.04.3 C.16 score differences of repeated downfloaters (previous round)",
        build: |c, a| float_differences(c, StageKey::count("C16", "floats"), a, true, 1),
    },
    Criterion {
        key: "C17",
        name: "repeated_upfloat_score_differences_previous_round",
        article: "C.04.3 C.17 score differences of repeated upfloaters (previous round)",
        build: |c, a| float_differences(c, StageKey::count("C17", "floats"), a, false, 1),
    },
    Criterion {
        key: "C18",
        name: "repeated_downfloat_score_differences_two_rounds_before",
        article: "C.04.3 C.18 score differences of repeated downfloaters (two rounds before)",
        build: |c, a| float_differences(c, StageKey::count("C18", "floats"), a, true, 2),
    },
    Criterion {
        key: "C19",
        name: "repeated_upfloat_score_differences_two_rounds_before",
        article: "C.04.3 C.19 score differences of repeated upfloaters (two rounds before)",
        build: |c, a| float_differences(c, StageKey::count("C19", "floats"), a, false, 2),
    },
];

/// The article and meaning of a 2017 criterion key.
pub fn article(key: &str) -> Option<&'static str> {
    Criterion::find(CRITERIA, key).map(|c| c.article)
}

/// A stage of criterion `key`.
pub fn stage(key: StageKey, article: &str, cost: Cost) -> Stage {
    Stage { key, article: article.to_string(), cost }
}

/// Stages of one criterion per score-difference bucket, largest difference first.
fn buckets(base: StageKey, key: &str, by_sd: BTreeMap<i64, Cost>) -> Vec<Stage> {
    let art = article(key).unwrap_or(key);
    by_sd.into_iter().rev().map(|(sd, cost)| stage(base.at(At::ScoreDifference(Points(sd))), art, cost)).collect()
}

/// The completion stage (C.4 for the PPB; A.9 for the last bracket) and the stages of `keys`.
pub fn stages(ctx: &Ctx, keys: &[String]) -> Vec<Stage> {
    let mut out = Vec::new();
    if !matches!(ctx.kind, Kind::Normal { .. }) {
        out.push(stage(StageKey::completion("C4"), "C.04.3 C.4 / A.9 complete the round-pairing", completion(ctx)));
    }
    out.extend(Criterion::stages_of(CRITERIA, ctx, keys));
    out
}

/// Everybody paired but at most one PAB-eligible player: one per unpaired player (ineligible
/// players cannot float at all in these models).
pub fn completion(ctx: &Ctx) -> Cost {
    let mut c = Cost::new();
    for i in (0..ctx.b.model.num_players()).filter(|&i| ctx.b.model.may_float[i]) {
        c.add(Var::Float(i), 1);
    }
    c
}

/// C.5: one per bracket player leaving the bracket.
pub fn c5(ctx: &Ctx) -> Cost {
    let mut c = Cost::new();
    ctx.b.leaving().for_each(|(_, v)| c.add(v, 1));
    c
}

/// C.6: the PSD, value by value from the highest SD down (equal lengths after C.5).
fn c6(ctx: &Ctx) -> Vec<Stage> {
    psd(ctx, StageKey::count("C6", "psd"), article("C6").unwrap_or("C6"))
}

/// The pairing score difference (A.8): the score differences of the inside pairs and the SD of
/// every player leaving the bracket, compared value by value from the highest; one stage per
/// value, keyed `base` at that difference (`{base}-sd{value}`).
pub fn psd(ctx: &Ctx, base: StageKey, art: &str) -> Vec<Stage> {
    let mut by_sd: BTreeMap<i64, Cost> = BTreeMap::new();
    // Inside pairs and pairs leaving the bracket in one pass, then the floats: each cost in
    // variable order.
    let nb = ctx.b.nb;
    for (e, a, b) in ctx.b.bracket_rows() {
        let sd = if b < nb { (ctx.score(a) - ctx.score(b)).abs() } else { ctx.leave_sd(a) };
        if sd > 0 || b >= nb {
            by_sd.entry(sd).or_default().add(Var::Pair(e), 1);
        }
    }
    for (i, v) in ctx.b.floats() {
        by_sd.entry(ctx.leave_sd(i)).or_default().add(v, 1);
    }
    by_sd.into_iter().rev().map(|(sd, cost)| stage(base.at(At::ScoreDifference(Points(sd))), art, cost)).collect()
}

/// C.7 (not for the PPB nor the last bracket): first the most pairs in the next bracket (when it
/// is the last one, with a PAB-eligible player left over), then the highest-scored downfloaters
/// paired there (the reference's form of the next bracket's PSD).
fn c7(ctx: &Ctx) -> Vec<Stage> {
    let Some(pairs) = next_bracket_pairs(ctx) else {
        return Vec::new();
    };
    let nb = ctx.b.nb;
    let mut by_sd: BTreeMap<i64, Cost> = BTreeMap::new();
    for i in 0..nb {
        by_sd.entry(ctx.leave_sd(i)).or_default().add(Var::Float(i), 1);
    }
    let mut out = vec![stage(StageKey::count("C7", "next-pairs"), article("C7").unwrap_or("C7"), pairs)];
    out.extend(buckets(StageKey::count("C7", "next-downfloaters"), "C7", by_sd));
    out
}

/// The players the next bracket leaves unpaired when this bracket's downfloaters join it (with
/// the PAB eligibility of the one left over when it is the last bracket); `None` when no next
/// scoregroup is in the model.
pub fn next_bracket_pairs(ctx: &Ctx) -> Option<Cost> {
    let Kind::Normal { next_is_last, .. } = ctx.kind else {
        return None;
    };
    let n = ctx.b.model.num_players();
    let mut pairs = Cost::new();
    for i in (0..n).filter(|&i| ctx.b.model.may_float[i]) {
        let w = if next_is_last && !ctx.eligible(i) { 3 } else { 1 };
        pairs.add(Var::Float(i), w);
    }
    Some(pairs)
}

/// The player of a repeated colour in the last two games, if any.
fn repeated(colours: &[Colour]) -> Option<Colour> {
    match colours {
        [.., x, y] if x == y => Some(*y),
        _ => None,
    }
}

/// The colour criteria: 2017 C.8-C.11, the same in substance as 2026 \[C10\]-\[C13\].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourRule {
    /// Topscorers or their opponents ending with a colour difference beyond ±2.
    BeyondTwo,
    /// Topscorers or their opponents getting the same colour three times in a row.
    ThirdInARow,
    /// Players not getting their colour preference.
    Preference,
    /// Players not getting their strong colour preference.
    Strong,
}

/// A colour criterion per inside pair. At most one player of a pair loses a preference: the pair
/// counts when both want the same colour and the criterion's condition holds.
pub fn colour_cost(ctx: &Ctx, rule: ColourRule) -> Cost {
    let t = ctx.r.t;
    let mut c = Cost::new();
    // What each rule asks of both players of a pair, judged once per player (local number): 0
    // when the rule does not concern him, else 1 + the colour he wants. A pair is read from this
    // one small array rather than from two player records (millions of pairs in a large
    // bracket), a pair of anybody else is skipped without reading either history, and a bracket
    // of fewer than two such players has no term.
    let wants: Vec<u8> = ctx.b.global[..ctx.b.nb]
        .iter()
        .map(|&g| {
            let p = &t.players[g];
            let f = p.preference;
            let liable = match rule {
                // At |CD| ≥ 2: with the same preference one of them ends beyond ±2.
                ColourRule::BeyondTwo => p.colour_difference.abs() >= 2,
                ColourRule::ThirdInARow => f.is_absolute(),
                ColourRule::Preference => true,
                ColourRule::Strong => f.strength >= Strength::Strong,
            };
            match f.colour {
                Some(colour) if liable => 1 + colour as u8,
                _ => 0,
            }
        })
        .collect();
    if wants.iter().filter(|&&w| w != 0).count() < 2 {
        return c;
    }
    let absolute: Vec<bool> = ctx.b.global[..ctx.b.nb].iter().map(|&g| t.players[g].preference.is_absolute()).collect();
    // Both players are liable and want the same colour (`same_preference`), and:
    for (e, a, b) in ctx.b.inner_pairs().filter(|&(_, a, b)| wants[a] != 0 && wants[a] == wants[b]) {
        let violated = match rule {
            ColourRule::BeyondTwo | ColourRule::Preference => true,
            // (both absolute) the player losing out gets a third same colour in a row;
            ColourRule::ThirdInARow => third_colour(ctx, ctx.b.global[a], ctx.b.global[b]),
            // (both at least strong) not both absolute.
            ColourRule::Strong => !(absolute[a] && absolute[b]),
        };
        if violated {
            c.add(Var::Pair(e), 1);
        }
    }
    c
}

/// Do players `a` and `b` (tournament indices) prefer the same colour? One of them then does not
/// get his preference, whatever the allocation.
pub fn same_preference(t: &crate::tournament::Tournament, a: usize, b: usize) -> bool {
    let (fa, fb) = (t.players[a].preference, t.players[b].preference);
    fa.colour.is_some() && fa.colour == fb.colour
}

/// For two absolute players wanting the same colour: does the one losing out repeat a colour for
/// the third time? The loser is the smaller |colour difference|; with equal differences the
/// pair is fine unless both repeated the same colour.
fn third_colour(ctx: &Ctx, a: usize, b: usize) -> bool {
    let t = ctx.r.t;
    let (pa, pb) = (&t.players[a], &t.players[b]);
    let want = pa.preference.colour;
    let (da, db) = (pa.colour_difference.abs(), pb.colour_difference.abs());
    if da != db {
        let loser = if da < db { pa } else { pb };
        repeated(&loser.colours).is_some_and(|c| Some(c.opposite()) == want)
    } else {
        matches!((repeated(&pa.colours), repeated(&pb.colours)), (Some(x), Some(y)) if x == y)
    }
}

/// Who receives a float in this bracket, with the score difference it comes with: every player
/// leaving the bracket and the higher player of an unequal inside pair get a downfloat (A.4.b),
/// the lower player of an unequal pair an upfloat.
fn floats_received(ctx: &Ctx, down: bool, back: usize) -> Vec<(Var, i64)> {
    let want = if down { Float::Down } else { Float::Up };
    let mut out = Vec::new();
    // 2012 A.3: the remainder of a heterogeneous bracket "is always treated as homogeneous", so
    // its pairs give no float to count, even where a merged bracket (C.13) gives its residents
    // different scores; only the pairs of moved-down players do.
    let remainder_floats = ctx.r.edition != super::Edition::E2012;
    // Inside pairs and pairs leaving the bracket in one pass, then the floats: in variable
    // order, so the costs built from it need no sort.
    let nb = ctx.b.nb;
    // Whether each bracket player had the float `back` rounds before: asked once per player,
    // not per pair.
    let again: Vec<bool> = (0..nb).map(|i| ctx.float_back(i, back) == want).collect();
    if !again.contains(&true) {
        return out;
    }
    for (e, a, b) in ctx.b.bracket_rows() {
        if b >= nb {
            if down && again[a] {
                out.push((Var::Pair(e), ctx.leave_sd(a)));
            }
            continue;
        }
        if !remainder_floats && a >= ctx.b.mdps && b >= ctx.b.mdps {
            continue;
        }
        if let Some((hi, lo)) = ctx.unequal(a, b) {
            let who = if down { hi } else { lo };
            if again[who] {
                out.push((Var::Pair(e), ctx.score(hi) - ctx.score(lo)));
            }
        }
    }
    if down {
        for (i, v) in ctx.b.floats() {
            if again[i] {
                out.push((v, ctx.leave_sd(i)));
            }
        }
    }
    out
}

/// C.12-C.15 (2026 \[C14\]-\[C17\]): the number of players receiving the same float (`down` or up)
/// as `back` rounds before.
pub fn float_count(ctx: &Ctx, down: bool, back: usize) -> Cost {
    let mut c = Cost::new();
    floats_received(ctx, down, back).into_iter().for_each(|(v, _)| c.add(v, 1));
    c
}

/// C.16-C.19: the score differences of the players receiving the same float (`down` or up) as
/// `back` rounds before, compared value by value from the largest.
fn float_differences(ctx: &Ctx, base: StageKey, article: &'static str, down: bool, back: usize) -> Vec<Stage> {
    let mut by_sd: BTreeMap<i64, Cost> = BTreeMap::new();
    for (v, sd) in floats_received(ctx, down, back) {
        by_sd.entry(sd).or_default().add(v, 1);
    }
    by_sd.into_iter().rev().map(|(sd, cost)| stage(base.at(At::ScoreDifference(Points(sd))), article, cost)).collect()
}
