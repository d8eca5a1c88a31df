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
use crate::tournament::{Float, Strength};
use crate::trf::Colour;
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

/// The article and meaning of a criterion key.
pub fn article(key: &str) -> Option<&'static str> {
    Some(match key {
        "C5" => "C.04.3 C.5 maximise the number of pairs",
        "C6" => "C.04.3 C.6 minimise the PSD",
        "C7" => "C.04.3 C.7 downfloaters that let the next bracket pair best",
        "C8" => "C.04.3 C.8 topscorers' colour differences beyond 2",
        "C9" => "C.04.3 C.9 topscorers' same colour three times",
        "C10" => "C.04.3 C.10 colour preferences not granted",
        "C11" => "C.04.3 C.11 strong colour preferences not granted",
        "C12" => "C.04.3 C.12 repeated downfloat (previous round)",
        "C13" => "C.04.3 C.13 repeated upfloat (previous round)",
        "C14" => "C.04.3 C.14 repeated downfloat (two rounds before)",
        "C15" => "C.04.3 C.15 repeated upfloat (two rounds before)",
        "C16" => "C.04.3 C.16 score differences of repeated downfloaters (previous round)",
        "C17" => "C.04.3 C.17 score differences of repeated upfloaters (previous round)",
        "C18" => "C.04.3 C.18 score differences of repeated downfloaters (two rounds before)",
        "C19" => "C.04.3 C.19 score differences of repeated upfloaters (two rounds before)",
        _ => return None,
    })
}

pub fn stage(name: String, article: &str, cost: Cost) -> Stage {
    Stage { name, article: article.to_string(), cost }
}

/// Stages of one criterion per score-difference bucket, largest difference first.
fn buckets(prefix: &str, key: &str, by_sd: BTreeMap<i64, Cost>) -> Vec<Stage> {
    let art = article(key).unwrap_or(key);
    by_sd.into_iter().rev().map(|(sd, cost)| stage(format!("{prefix}-sd{sd}"), art, cost)).collect()
}

/// The completion stage (C.4 for the PPB; A.9 for the last bracket) and the stages of `keys`.
pub fn stages(ctx: &Ctx, keys: &[String]) -> Vec<Stage> {
    let mut out = Vec::new();
    if !matches!(ctx.kind, Kind::Normal { .. }) {
        out.push(stage("C4-completion".into(), "C.04.3 C.4 / A.9 complete the round-pairing", completion(ctx)));
    }
    for key in keys {
        match key.as_str() {
            "C5" => out.push(stage("C5-pairs".into(), article(key).unwrap_or(key), c5(ctx))),
            "C6" => out.extend(c6(ctx)),
            "C7" => out.extend(c7(ctx)),
            "C8" | "C9" | "C10" | "C11" => {
                let rule = match key.as_str() {
                    "C8" => ColourRule::BeyondTwo,
                    "C9" => ColourRule::ThirdInARow,
                    "C10" => ColourRule::Preference,
                    _ => ColourRule::Strong,
                };
                out.push(stage(format!("{key}-colours"), article(key).unwrap_or(key), colour_cost(ctx, rule)))
            }
            "C12" | "C13" | "C14" | "C15" => {
                let (down, back) = float_key(key);
                out.push(stage(format!("{key}-floats"), article(key).unwrap_or(key), float_count(ctx, down, back)))
            }
            "C16" | "C17" | "C18" | "C19" => out.extend(float_differences(ctx, key)),
            _ => {}
        }
    }
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
    ctx.b.leave.iter().flatten().for_each(|&v| c.add(v, 1));
    c
}

/// C.6: the PSD, value by value from the highest SD down (equal lengths after C.5).
fn c6(ctx: &Ctx) -> Vec<Stage> {
    psd(ctx, "C6-psd", article("C6").unwrap_or("C6"))
}

/// The pairing score difference (A.8): the score differences of the inside pairs and the SD of
/// every player leaving the bracket, compared value by value from the highest; one stage per
/// value, named `{prefix}-sd{value}`.
pub fn psd(ctx: &Ctx, prefix: &str, art: &str) -> Vec<Stage> {
    let mut by_sd: BTreeMap<i64, Cost> = BTreeMap::new();
    for (e, a, b) in ctx.b.inner_pairs() {
        let sd = (ctx.score(a) - ctx.score(b)).abs();
        if sd > 0 {
            by_sd.entry(sd).or_default().add(Var::Pair(e), 1);
        }
    }
    for (i, vars) in ctx.b.leave.iter().enumerate() {
        let sd = ctx.leave_sd(i);
        vars.iter().for_each(|&v| by_sd.entry(sd).or_default().add(v, 1));
    }
    by_sd.into_iter().rev().map(|(sd, cost)| stage(format!("{prefix}-sd{sd}"), art, cost)).collect()
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
    let mut out = vec![stage("C7-next-pairs".into(), article("C7").unwrap_or("C7"), pairs)];
    out.extend(buckets("C7-next-downfloaters", "C7", by_sd));
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

/// The colour criteria: 2017 C.8-C.11, the same in substance as 2026 [C10]-[C13].
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
    for (e, a, b) in ctx.b.inner_pairs() {
        let (ga, gb) = (ctx.b.global[a], ctx.b.global[b]);
        let (pa, pb) = (&t.players[ga], &t.players[gb]);
        let (fa, fb) = (pa.preference, pb.preference);
        let same = fa.colour.is_some() && fa.colour == fb.colour;
        let violated = same
            && match rule {
                // Somebody ends beyond ±2 (both at |CD| ≥ 2 with the same preference).
                ColourRule::BeyondTwo => pa.colour_difference.abs() >= 2 && pb.colour_difference.abs() >= 2,
                // The player losing out gets a third same colour in a row.
                ColourRule::ThirdInARow => fa.is_absolute() && fb.is_absolute() && third_colour(ctx, ga, gb),
                ColourRule::Preference => true,
                // Both at least strong, not both absolute.
                ColourRule::Strong => {
                    fa.strength >= Strength::Strong
                        && fb.strength >= Strength::Strong
                        && !(fa.is_absolute() && fb.is_absolute())
                }
            };
        if violated {
            c.add(Var::Pair(e), 1);
        }
    }
    c
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

fn float_key(key: &str) -> (bool, usize) {
    match key {
        "C12" | "C16" => (true, 1),
        "C13" | "C17" => (false, 1),
        "C14" | "C18" => (true, 2),
        _ => (false, 2),
    }
}

/// Who receives a float in this bracket, with the score difference it comes with: every player
/// leaving the bracket and the higher player of an unequal inside pair get a downfloat (A.4.b),
/// the lower player of an unequal pair an upfloat.
fn floats_received(ctx: &Ctx, down: bool, back: usize) -> Vec<(Var, i64)> {
    let want = if down { Float::Down } else { Float::Up };
    let mut out = Vec::new();
    for (e, a, b) in ctx.b.inner_pairs() {
        if let Some((hi, lo)) = ctx.unequal(a, b) {
            let who = if down { hi } else { lo };
            if ctx.float_back(who, back) == want {
                out.push((Var::Pair(e), ctx.score(hi) - ctx.score(lo)));
            }
        }
    }
    if down {
        for (i, vars) in ctx.b.leave.iter().enumerate() {
            if ctx.float_back(i, back) == want {
                vars.iter().for_each(|&v| out.push((v, ctx.leave_sd(i))));
            }
        }
    }
    out
}

/// C.12-C.15 (2026 [C14]-[C17]): the number of players receiving the same float (`down` or up)
/// as `back` rounds before.
pub fn float_count(ctx: &Ctx, down: bool, back: usize) -> Cost {
    let mut c = Cost::new();
    floats_received(ctx, down, back).into_iter().for_each(|(v, _)| c.add(v, 1));
    c
}

/// C.16-C.19: their score differences, compared value by value from the largest.
fn float_differences(ctx: &Ctx, key: &str) -> Vec<Stage> {
    let (down, back) = float_key(key);
    let mut by_sd: BTreeMap<i64, Cost> = BTreeMap::new();
    for (v, sd) in floats_received(ctx, down, back) {
        by_sd.entry(sd).or_default().add(v, 1);
    }
    buckets(&format!("{key}-floats"), key, by_sd)
}
