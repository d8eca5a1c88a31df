//! Criteria of one's own (`define` / `minimise` / `maximise` in a formulation file, see
//! [`crate::model::criterion`]) turned into stages of a program: the quantities of the grammar
//! computed from the tournament state, per decision of the program (a pair played, a player left
//! unpaired), and summed into one cost per part of the criterion.
//!
//! Shared by the systems that take such criteria: the Dutch editions (inside each bracket: its
//! inner pairs and the variables of a bracket player leaving it) and the whole-field system
//! (every pair of present players, and the bye).
#![warn(missing_docs)]

use crate::model::criterion::{Custom, Decision, PairQuantity, PlayerQuantity, Ratio, Sense};
use crate::model::{Cost, Stage, Var};
use crate::tournament::{Float, FloatRule, Strength, Tournament};
use crate::vocabulary::{At, StageKey};

/// The largest cost a decision may have in a stage (after scaling to integers): beyond it the
/// integer programs lose exactness in floating point, and the stage is refused.
const MOST: i128 = 1_000_000_000;

/// Where a criterion is evaluated: the tournament, its float rule, and the program's players.
pub struct Scope<'a> {
    /// The tournament before the round.
    pub t: &'a Tournament,
    /// Which floats count (A.4 of the Dutch editions; the 2026 rule for the whole field).
    pub float_rule: FloatRule,
    /// The tournament index of each local player of the program.
    pub global: &'a [usize],
    /// The place (1-based) of each local player in the program's order.
    pub rank: &'a [i64],
}

/// One decision of a program, in local player numbers.
#[derive(Clone, Copy, Debug)]
pub enum Choice {
    /// The two players play each other.
    Pair(usize, usize),
    /// The player is left unpaired (the bye, or leaving a bracket: a downfloat).
    Unpaired(usize),
}

struct At1<'a, 'b> {
    s: &'b Scope<'a>,
    c: Choice,
}

fn int(n: i64) -> Ratio {
    Ratio::int(n)
}

impl Scope<'_> {
    fn player(&self, local: usize) -> &crate::tournament::Player {
        &self.t.players[self.global[local]]
    }

    fn score(&self, local: usize) -> i64 {
        self.player(local).pairing_score().0
    }

    /// Did `local` receive float `f` `back` rounds before?
    fn floated(&self, local: usize, back: usize, f: Float) -> bool {
        self.player(local).float_back(back, self.float_rule) == f
    }

    /// Players of the decision receiving float `f` now who received it `back` rounds before.
    fn float_repeats(&self, c: Choice, f: Float, back: usize) -> i64 {
        let now: Vec<usize> = match c {
            Choice::Unpaired(i) => {
                if f == Float::Down {
                    vec![i]
                } else {
                    Vec::new()
                }
            }
            Choice::Pair(a, b) => {
                let (sa, sb) = (self.score(a), self.score(b));
                if sa == sb {
                    Vec::new()
                } else {
                    let (hi, lo) = if sa > sb { (a, b) } else { (b, a) };
                    vec![if f == Float::Down { hi } else { lo }]
                }
            }
        };
        now.into_iter().filter(|&p| self.floated(p, back, f)).count() as i64
    }
}

impl Decision for At1<'_, '_> {
    fn pair(&self, q: PairQuantity) -> Ratio {
        let s = self.s;
        match (q, self.c) {
            (PairQuantity::DownfloatRepeat1, c) => int(s.float_repeats(c, Float::Down, 1)),
            (PairQuantity::DownfloatRepeat2, c) => int(s.float_repeats(c, Float::Down, 2)),
            (PairQuantity::UpfloatRepeat1, c) => int(s.float_repeats(c, Float::Up, 1)),
            (PairQuantity::UpfloatRepeat2, c) => int(s.float_repeats(c, Float::Up, 2)),
            (_, Choice::Unpaired(_)) => int(0),
            (q, Choice::Pair(a, b)) => {
                let (pa, pb) = (s.player(a), s.player(b));
                let same = pa.preference.colour.is_some() && pa.preference.colour == pb.preference.colour;
                match q {
                    // Scores are in tenths of a point.
                    PairQuantity::ScoreDiff => {
                        Ratio::new(i128::from((s.score(a) - s.score(b)).abs()), 10).unwrap_or(int(0))
                    }
                    PairQuantity::RatingDiff => int((i64::from(pa.rating) - i64::from(pb.rating)).abs()),
                    PairQuantity::RankDiff => int((s.rank[a] - s.rank[b]).abs()),
                    PairQuantity::AroDiff => match (pa.aro, pb.aro) {
                        (Some(x), Some(y)) => int((i64::from(x) - i64::from(y)).abs()),
                        _ => int(0),
                    },
                    PairQuantity::ColourUnmet => int(i64::from(same)),
                    PairQuantity::StrongUnmet => int(i64::from(
                        same && pa.preference.strength >= Strength::Strong
                            && pb.preference.strength >= Strength::Strong,
                    )),
                    PairQuantity::AbsoluteUnmet => {
                        int(i64::from(same && pa.preference.is_absolute() && pb.preference.is_absolute()))
                    }
                    PairQuantity::ColourDiffAfter => {
                        let (da, db) = (i64::from(pa.colour_difference), i64::from(pb.colour_difference));
                        // White adds one to the colour difference, black takes one away.
                        int(((da + 1).abs() + (db - 1).abs()).min((da - 1).abs() + (db + 1).abs()))
                    }
                    PairQuantity::ForfeitRematches => {
                        let gb = s.global[b];
                        int(pa.history.iter().filter(|h| h.opponent == Some(gb) && !h.facts.played).count() as i64)
                    }
                    _ => int(0),
                }
            }
        }
    }

    fn player(&self, q: PlayerQuantity) -> Option<Ratio> {
        let Choice::Unpaired(i) = self.c else { return None };
        let s = self.s;
        let p = s.player(i);
        Some(match q {
            PlayerQuantity::Score => Ratio::new(i128::from(s.score(i)), 10).unwrap_or(int(0)),
            PlayerQuantity::Rating => int(i64::from(p.rating)),
            PlayerQuantity::Rank => int(s.rank[i]),
            PlayerQuantity::Unplayed => int(i64::from(p.unplayed_rounds)),
            PlayerQuantity::Games => int(p.history.iter().filter(|h| h.facts.played).count() as i64),
            PlayerQuantity::Aro => int(p.aro.map_or(0, i64::from)),
        })
    }
}

/// The `what` of a custom stage whose zero value proves nothing (it may be negative).
pub const SIGNED: &str = "custom-signed";

/// The stage key of part `k` (0-based) of criterion `c` with `parts` parts: `NAME-custom`, or
/// `NAME-custom-K` for a part of `lex(...)`; `custom-signed` when a zero value does not prove
/// the optimum (a maximised criterion, or a part that may be negative).
pub fn stage_key(c: &Custom, k: usize) -> StageKey {
    let what = if c.non_negative() { "custom" } else { SIGNED };
    let key = StageKey::rank(c.name, what);
    if c.parts.len() > 1 {
        key.at(At::Seat(k + 1))
    } else {
        key
    }
}

/// The article a custom stage cites.
pub fn article(c: &Custom, file: &str) -> String {
    let sense = match c.sense {
        Sense::Minimise => "minimise",
        Sense::Maximise => "maximise",
    };
    format!("{file}:{} {sense} {} (a criterion of one's own)", c.line, c.name)
}

/// The stages of criterion `c` on `decisions` (each a variable of the program and what it
/// means): one per part, its cost the part's value on each decision, scaled to integers by the
/// least common multiple of the denominators (no optimum changes); maximised parts negated.
pub fn stages(c: &Custom, file: &str, scope: &Scope, decisions: &[(Var, Choice)]) -> Result<Vec<Stage>, String> {
    let overflow = || format!("{file}:{}: criterion '{}' overflows: scale it down", c.line, c.name);
    let mut out = Vec::with_capacity(c.parts.len());
    for (k, part) in c.parts.iter().enumerate() {
        let mut values: Vec<(Var, Ratio)> = Vec::with_capacity(decisions.len());
        let mut scale: i128 = 1;
        for &(v, choice) in decisions {
            let r = part.eval(&At1 { s: scope, c: choice }).ok_or_else(overflow)?;
            if r.num != 0 {
                let g = gcd(scale, r.den);
                scale = (scale / g).checked_mul(r.den).filter(|&x| x <= MOST).ok_or_else(overflow)?;
                values.push((v, r));
            }
        }
        let sign = if c.sense == Sense::Maximise { -1 } else { 1 };
        let mut cost = Cost::new();
        for (v, r) in values {
            let x = r.num.checked_mul(scale / r.den).map(|x| sign * x).filter(|x| x.abs() <= MOST).ok_or_else(|| {
                format!(
                    "{file}:{}: criterion '{}' reaches {} on one decision (at most {MOST} after scaling to integers): scale it down",
                    c.line,
                    c.name,
                    r.num as f64 * (scale / r.den) as f64
                )
            })?;
            cost.add(v, x as i64);
        }
        out.push(Stage { key: stage_key(c, k), article: article(c, file), cost: cost.into_normalised() });
    }
    Ok(out)
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}
