//! Criteria and constraints of one's own (`define` / `minimise` / `maximise` / `require` in a
//! formulation file, see [`crate::model::criterion`]) turned into stages and rows of a program:
//! the quantities of the grammar computed from the tournament state, per decision of the program
//! (a pair played, a player left unpaired), summed into one cost per part of a criterion, or
//! into one row per requirement.
//!
//! Shared by every system: the quantities of a unit come from its [`Facts`] (players of an
//! individual tournament: [`PlayerFacts`]; teams and Double-Swiss players have their own), the
//! program's order (`rank_diff`, `bye(rank)`) from the [`Scope`].

use crate::model::criterion::{Custom, Decision, PairQuantity, PlayerQuantity, Quantity, Ratio, Relation, Requirement};
use crate::model::formulation::Formulation;
use crate::model::{Constraint, Cost, Stage, Var};
use crate::options::PairOptions;
use crate::tournament::attributes::Groups;
use crate::tournament::{Float, FloatRule, Strength, Tournament};
use crate::vocabulary::{At, PairError, StageKey};

/// The largest cost a decision may have in a stage (after scaling to integers): beyond it the
/// integer programs lose exactness in floating point, and the stage is refused.
const MOST: i128 = 1_000_000_000;

/// What the quantities of one kind of unit are: the pair and player quantities of two units or
/// one, by their indices in the tournament. `None` for a quantity this kind of unit does not have
/// (refused when the file is checked, naming its line and column: [`unsupported`]).
pub trait Facts {
    /// The value of pair quantity `q` for units `a` and `b` (the program's order aside:
    /// `rank_diff` is the scope's).
    fn pair(&self, q: PairQuantity, a: usize, b: usize) -> Option<Ratio>;
    /// The value of player quantity `q` for unit `i` left unpaired (`rank` aside).
    fn unit(&self, q: PlayerQuantity, i: usize) -> Option<Ratio>;
    /// The float quantities of unit `i` left unpaired (a downfloat).
    fn unpaired_float(&self, q: PairQuantity, i: usize) -> Option<Ratio>;
    /// Whether this kind of unit has quantity `q` (with the data it needs, e.g. `--groups`).
    fn has(&self, q: Quantity) -> Result<(), String>;
    /// The TRF id (or team number) of unit `i`, for messages.
    fn id(&self, i: usize) -> u32;
}

fn int(n: i64) -> Ratio {
    Ratio::int(n)
}

/// The points of a score in tenths, as a ratio.
fn tenths(x: i64) -> Ratio {
    Ratio::new(i128::from(x), 10).unwrap_or(int(0))
}

/// The players of an individual tournament: their state, and the groups of `--groups`.
pub struct PlayerFacts<'a> {
    /// The tournament before the round.
    pub t: &'a Tournament,
    /// Which floats count (A.4 of the Dutch editions; the 2026 rule elsewhere).
    pub float_rule: FloatRule,
    /// `--groups FILE`, if given.
    pub groups: Option<&'a Groups>,
}

impl PlayerFacts<'_> {
    fn score(&self, i: usize) -> i64 {
        self.t.players[i].pairing_score().0
    }

    /// Players of the pair `(a, b)` receiving float `f` now who received it `back` rounds before.
    fn float_repeats(&self, a: usize, b: usize, f: Float, back: usize) -> i64 {
        let (sa, sb) = (self.score(a), self.score(b));
        if sa == sb {
            return 0;
        }
        let (hi, lo) = if sa > sb { (a, b) } else { (b, a) };
        let p = if f == Float::Down { hi } else { lo };
        i64::from(self.t.players[p].float_back(back, self.float_rule) == f)
    }
}

/// 1 when both have the same known value.
fn same<T: PartialEq>(a: Option<T>, b: Option<T>) -> Ratio {
    int(i64::from(a.is_some() && a == b))
}

fn diff(a: u32, b: u32) -> Ratio {
    int((i64::from(a) - i64::from(b)).abs())
}

impl Facts for PlayerFacts<'_> {
    fn pair(&self, q: PairQuantity, a: usize, b: usize) -> Option<Ratio> {
        let (pa, pb) = (&self.t.players[a], &self.t.players[b]);
        let (xa, xb) = (&pa.attributes, &pb.attributes);
        let same_pref = pa.preference.colour.is_some() && pa.preference.colour == pb.preference.colour;
        Some(match q {
            PairQuantity::ScoreDiff => tenths((self.score(a) - self.score(b)).abs()),
            PairQuantity::RatingDiff => diff(pa.rating, pb.rating),
            PairQuantity::RankDiff => return None, // the scope's
            PairQuantity::AroDiff => match (pa.aro, pb.aro) {
                (Some(x), Some(y)) => diff(x, y),
                _ => int(0),
            },
            PairQuantity::ColourUnmet => int(i64::from(same_pref)),
            PairQuantity::StrongUnmet => int(i64::from(
                same_pref && pa.preference.strength >= Strength::Strong && pb.preference.strength >= Strength::Strong,
            )),
            PairQuantity::AbsoluteUnmet => {
                int(i64::from(same_pref && pa.preference.is_absolute() && pb.preference.is_absolute()))
            }
            PairQuantity::ColourDiffAfter => {
                let (da, db) = (i64::from(pa.colour_difference), i64::from(pb.colour_difference));
                // White adds one to the colour difference, black takes one away.
                int(((da + 1).abs() + (db - 1).abs()).min((da - 1).abs() + (db + 1).abs()))
            }
            PairQuantity::ForfeitRematches => {
                int(pa.history.iter().filter(|h| h.opponent == Some(b) && !h.facts.played).count() as i64)
            }
            PairQuantity::DownfloatRepeat1 => int(self.float_repeats(a, b, Float::Down, 1)),
            PairQuantity::DownfloatRepeat2 => int(self.float_repeats(a, b, Float::Down, 2)),
            PairQuantity::UpfloatRepeat1 => int(self.float_repeats(a, b, Float::Up, 1)),
            PairQuantity::UpfloatRepeat2 => int(self.float_repeats(a, b, Float::Up, 2)),
            PairQuantity::SameFederation => same(xa.federation, xb.federation),
            PairQuantity::SameGroup => {
                let g = self.groups?;
                same(g.of(pa.id), g.of(pb.id))
            }
            PairQuantity::SameOrigin => same(xa.origin(), xb.origin()),
            PairQuantity::SameSex => same(xa.sex, xb.sex),
            PairQuantity::Titled => int(i64::from(xa.titled()) + i64::from(xb.titled())),
            PairQuantity::Women => int(i64::from(xa.sex == Some('w')) + i64::from(xb.sex == Some('w'))),
            PairQuantity::HigherRating => int(i64::from(pa.rating.max(pb.rating))),
            PairQuantity::LowerRating => int(i64::from(pa.rating.min(pb.rating))),
            PairQuantity::BirthYearDiff => match (xa.birth_year, xb.birth_year) {
                (Some(x), Some(y)) => diff(x, y),
                _ => int(0),
            },
            PairQuantity::BandDiff(w) => diff(pa.rating / w, pb.rating / w),
            PairQuantity::NationalRatingDiff(fed) => match (xa.national_rating(fed), xb.national_rating(fed)) {
                (Some(x), Some(y)) => diff(x, y),
                _ => int(0),
            },
        })
    }

    fn unit(&self, q: PlayerQuantity, i: usize) -> Option<Ratio> {
        let p = &self.t.players[i];
        Some(match q {
            PlayerQuantity::Score => tenths(self.score(i)),
            PlayerQuantity::Rating => int(i64::from(p.rating)),
            PlayerQuantity::Rank => return None, // the scope's
            PlayerQuantity::Unplayed => int(i64::from(p.unplayed_rounds)),
            PlayerQuantity::Games => int(p.history.iter().filter(|h| h.facts.played).count() as i64),
            PlayerQuantity::Aro => int(p.aro.map_or(0, i64::from)),
            PlayerQuantity::BirthYear => int(p.attributes.birth_year.map_or(0, i64::from)),
            PlayerQuantity::Titled => int(i64::from(p.attributes.titled())),
            PlayerQuantity::Woman => int(i64::from(p.attributes.sex == Some('w'))),
            PlayerQuantity::NationalRating(fed) => int(p.attributes.national_rating(fed).map_or(0, i64::from)),
        })
    }

    fn unpaired_float(&self, q: PairQuantity, i: usize) -> Option<Ratio> {
        let back = match q {
            PairQuantity::DownfloatRepeat1 => 1,
            PairQuantity::DownfloatRepeat2 => 2,
            _ => return Some(int(0)),
        };
        Some(int(i64::from(self.t.players[i].float_back(back, self.float_rule) == Float::Down)))
    }

    fn has(&self, q: Quantity) -> Result<(), String> {
        match q {
            Quantity::Pair(PairQuantity::SameGroup) if self.groups.is_none() => {
                Err("'same_group' reads the groups of --groups FILE (a CSV of id,group), and none was given".into())
            }
            Quantity::Pair(PairQuantity::NationalRatingDiff(fed))
            | Quantity::Player(PlayerQuantity::NationalRating(fed))
                if !self.t.players.iter().any(|p| p.attributes.national_rating(fed).is_some()) =>
            {
                Err(format!("the file has no national rating record of federation {fed} (TRF-2026, columns 1-3)"))
            }
            _ => Ok(()),
        }
    }

    fn id(&self, i: usize) -> u32 {
        self.t.players[i].id
    }
}

/// Where a criterion is evaluated: the units' facts and the program's units in its order.
pub struct Scope<'a> {
    /// The quantities of the units.
    pub facts: &'a dyn Facts,
    /// The tournament index of each local unit of the program.
    pub global: &'a [usize],
    /// The place (1-based) of each local unit in the program's order.
    pub rank: &'a [i64],
}

/// One decision of a program, in local unit numbers.
#[derive(Clone, Copy, Debug)]
pub enum Choice {
    /// The two units play each other.
    Pair(usize, usize),
    /// The unit is left unpaired (the bye, or leaving a bracket: a downfloat).
    Unpaired(usize),
}

struct At1<'a, 'b> {
    s: &'b Scope<'a>,
    c: Choice,
}

impl Decision for At1<'_, '_> {
    fn pair(&self, q: PairQuantity) -> Ratio {
        let s = self.s;
        match self.c {
            Choice::Unpaired(i) if q.counts_unpaired() => s.facts.unpaired_float(q, s.global[i]).unwrap_or(int(0)),
            Choice::Unpaired(_) => int(0),
            Choice::Pair(a, b) if q == PairQuantity::RankDiff => int((s.rank[a] - s.rank[b]).abs()),
            Choice::Pair(a, b) => s.facts.pair(q, s.global[a], s.global[b]).unwrap_or(int(0)),
        }
    }

    fn player(&self, q: PlayerQuantity) -> Option<Ratio> {
        let Choice::Unpaired(i) = self.c else { return None };
        if q == PlayerQuantity::Rank {
            return Some(int(self.s.rank[i]));
        }
        Some(self.s.facts.unit(q, self.s.global[i]).unwrap_or(int(0)))
    }

    fn unpaired(&self) -> bool {
        matches!(self.c, Choice::Unpaired(_))
    }
}

/// The value of `e` on decision `c` of scope `s`; `None` on overflow.
pub fn value(e: &crate::model::criterion::Expr, s: &Scope, c: Choice) -> Option<Ratio> {
    e.eval(&At1 { s, c })
}

/// Checks that `facts` has every quantity the criteria and requirements of `f` read: the error
/// names the file, line and column of the first it lacks (`what` names the kind of unit).
pub fn unsupported(f: &Formulation, facts: &dyn Facts, what: &str) -> Result<(), String> {
    let mut used = Vec::new();
    for c in &f.custom {
        c.parts.iter().for_each(|p| p.quantities(&mut used));
    }
    for r in &f.requirements {
        r.expr.quantities(&mut used);
    }
    for (_, e, _) in &f.records {
        e.quantities(&mut used);
    }
    for (q, pos) in used {
        facts.has(q).map_err(|why| {
            let name = match q {
                Quantity::Pair(q) => q.name(),
                Quantity::Player(q) => q.name(),
            };
            format!("{}:{}:{}: '{name}' for {what}: {why}", f.name, pos.line, pos.col)
        })?;
    }
    Ok(())
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
        crate::model::criterion::Sense::Minimise => "minimise",
        crate::model::criterion::Sense::Maximise => "maximise",
    };
    format!("{file}:{} {sense} {} (a criterion of one's own)", c.line, c.name)
}

/// The value of `e` on `choice` times `scale`, an integer within [`MOST`].
fn scaled(
    e: &crate::model::criterion::Expr,
    scale: i128,
    scope: &Scope,
    choice: Choice,
    too_big: &dyn Fn(f64) -> String,
) -> Result<i64, String> {
    let r = value(e, scope, choice).ok_or_else(|| too_big(f64::INFINITY))?;
    // The scale is a multiple of every denominator the expression can produce.
    let x = r.num.checked_mul(scale / r.den).filter(|_| scale % r.den == 0).ok_or_else(|| too_big(r.to_f64()))?;
    if x.abs() > MOST {
        return Err(too_big(r.to_f64()));
    }
    Ok(x as i64)
}

/// The stages of criterion `c` on `decisions` (each a variable of the program and what it
/// means): one per part, its cost the part's value on each decision times the part's scale (the
/// same in every program, so that a stage value over the scale is in the file's units: see
/// [`Custom::value_of`]); maximised parts negated.
pub fn stages(c: &Custom, file: &str, scope: &Scope, decisions: &[(Var, Choice)]) -> Result<Vec<Stage>, String> {
    let mut out = Vec::with_capacity(c.parts.len());
    let sign = if c.sense == crate::model::criterion::Sense::Maximise { -1 } else { 1 };
    for (k, part) in c.parts.iter().enumerate() {
        let too_big = |v: f64| {
            format!(
                "{file}:{}: criterion '{}' reaches {v} on one decision (at most {MOST} after scaling to integers): scale it down",
                c.line, c.name
            )
        };
        let scale = part.scale().filter(|&s| s <= MOST).ok_or_else(|| too_big(f64::INFINITY))?;
        let mut cost = Cost::with_capacity(decisions.len());
        for &(v, choice) in decisions {
            cost.add(v, sign * scaled(part, scale, scope, choice, &too_big)?);
        }
        out.push(Stage { key: stage_key(c, k), article: article(c, file), cost: cost.into_normalised() });
    }
    Ok(out)
}

/// The row of requirement `req` over `decisions`: the sum of its expression's value on each
/// decision, compared with its bound, all times the expression's scale (a bound between two
/// integers is rounded towards the feasible side; `==` to a bound that is no integer then is a
/// row no assignment meets). Named by its file, line and column.
pub fn row(req: &Requirement, file: &str, scope: &Scope, decisions: &[(Var, Choice)]) -> Result<Constraint, String> {
    let too_big = |v: f64| {
        format!(
            "{}: reaches {v} on one decision (at most {MOST} after scaling to integers): scale it down",
            req.label(file)
        )
    };
    let scale = req.expr.scale().and_then(|s| crate::model::criterion::lcm(s, req.bound.den)).filter(|&s| s <= MOST);
    let scale = scale.ok_or_else(|| too_big(f64::INFINITY))?;
    let mut terms = Vec::with_capacity(decisions.len());
    for &(v, choice) in decisions {
        let x = scaled(&req.expr, scale, scope, choice, &too_big)?;
        if x != 0 {
            terms.push((v, x));
        }
    }
    let bound = req.bound.num * (scale / req.bound.den); // an integer: the scale is a multiple of its denominator
    let bound = i64::try_from(bound).map_err(|_| too_big(req.bound.to_f64()))?;
    let (lower, upper) = match req.relation {
        Relation::AtMost => (None, Some(bound)),
        Relation::AtLeast => (Some(bound), None),
        Relation::Exactly => (Some(bound), Some(bound)),
    };
    Ok(Constraint { name: req.label(file), terms, lower, upper })
}

/// The requirements of `f` that apply when pairing `round` and are rows of each program (not a
/// forbidding of pairs, which the round's door applies to every program at once).
pub fn program_rows(f: &Formulation, round: u32) -> impl Iterator<Item = &Requirement> {
    f.requirements.iter().filter(move |r| r.applies_in(round) && !r.forbids_pairs())
}

/// A pair of units (tournament indices, lower first) a requirement forbids, and the index of
/// the first requirement of the file that does.
pub type Forbidden = ((usize, usize), usize);

/// The pairs of units (tournament indices, lower first) that the forbidding requirements of `f`
/// applying in `round` ([`Requirement::forbids_pairs`]) and kept by `keep` (by index) rule out,
/// among `units`; with, for each pair, the first requirement that rules it out.
pub fn forbidden_pairs(
    f: &Formulation,
    round: u32,
    facts: &dyn Facts,
    units: &[usize],
    keep: &dyn Fn(usize) -> bool,
) -> Result<Vec<Forbidden>, String> {
    let reqs: Vec<(usize, &Requirement)> = f
        .requirements
        .iter()
        .enumerate()
        .filter(|&(k, r)| keep(k) && r.applies_in(round) && r.forbids_pairs())
        .collect();
    if reqs.is_empty() {
        return Ok(Vec::new());
    }
    let rank = vec![0; units.len()]; // no forbidding reads the program's order
    let scope = Scope { facts, global: units, rank: &rank };
    let mut out = Vec::new();
    for a in 0..units.len() {
        for b in a + 1..units.len() {
            for &(k, r) in &reqs {
                let v = value(&r.expr, &scope, Choice::Pair(a, b))
                    .ok_or_else(|| format!("{}: overflows on a pair: scale it down", r.label(&f.name)))?;
                if v.num > 0 {
                    let (x, y) = (units[a].min(units[b]), units[a].max(units[b]));
                    out.push(((x, y), k));
                    break;
                }
            }
        }
    }
    Ok(out)
}

/// The stages of `key` when it is a criterion of one's own of the run-time formulation of
/// `opts` (`None` otherwise: a key of the system's table), on `decisions` of a program of
/// `scope`. For the systems whose programs take such criteria at their place among the table's.
pub fn own_stages(
    opts: &PairOptions,
    key: &str,
    scope: &Scope,
    decisions: &[(Var, Choice)],
) -> Option<Result<Vec<Stage>, PairError>> {
    let f = opts.model.as_ref()?;
    let c = f.custom(key)?;
    Some(stages(c, &f.name, scope, decisions).map_err(PairError::Invalid))
}
