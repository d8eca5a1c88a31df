//! Criteria and constraints of one's own: the expressions a formulation file may define
//! (`define NAME = ...`), minimise or maximise at a stated priority (`minimise NAME`,
//! `maximise NAME`) and require of every program (`require EXPR <= K`).
//!
//! ```text
//! definition  := 'define' NAME '=' body
//! body        := 'lex' '(' expr (',' expr)* ')'      one stage per part, in order
//!              | expr                                one stage
//! requirement := 'require' sum ('<=' | '>=' | '==') sum ('in' ('round' N | 'rounds' N '-' N))?
//! expr        := sum (('<' | '<=' | '>' | '>=' | '==' | '!=') sum)?   a comparison is 1 or 0
//! sum         := term (('+' | '-') term)*
//! term        := power (('*' | '/') power)*          '/' by a constant
//! power       := unary ('^' 0..4)?
//! unary       := '-' unary | primary
//! primary     := NUMBER | QUANTITY | NAME | FUNCTION '(' expr (',' expr)* ')'
//!              | 'bye' '(' expr ')' | 'pair' '(' expr ')' | '(' expr ')'
//! FUNCTION    := 'abs' | 'min' | 'max' | 'floor'
//! ```
//! Inside `bye(...)` only player quantities ([`PlayerQuantity`]); outside it only pair
//! quantities ([`PairQuantity`]). A NAME is a criterion defined on an earlier line (one part,
//! not a `lex(...)`), read as its expression. An expression is evaluated per *decision* of the
//! program: a pair played (its pair quantities; `bye(...)` is 0 there) or a player left unpaired
//! (its `bye(...)` terms and the float quantities it receives; the other pair quantities, and
//! `pair(...)`, are 0). Since each decision's value is a number known before the program is
//! solved, any function of the quantities (products, comparisons, `abs`, `min`, `max`) keeps the
//! stage a cost on the program's variables, and a requirement one linear row.
//!
//! Values are exact rationals. A stage's integer cost is its values times the part's *scale*
//! ([`Expr::scale`]: a multiple of every denominator the expression can produce, read from its
//! constants and quantities, scores counting in tenths), the same for every bracket and round,
//! so a stage value divided by the scale is the criterion in the file's own units.
//!
//! A small hand-written recursive-descent parser: the language is a few dozen tokens and a
//! precedence climb, and its errors must name the file, line and column of the offending token,
//! which a parser crate would add a dependency for and still need wrapping for.

use std::collections::BTreeSet;
use std::sync::Mutex;

pub use crate::tournament::attributes::Code;

/// A quantity of a pair of players playing each other this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PairQuantity {
    /// `score_diff`: the difference of the pairing scores, in points.
    ScoreDiff,
    /// `rating_diff`: the difference of the ratings.
    RatingDiff,
    /// `rank_diff`: the distance of the two players' places in the order of the program (the
    /// bracket's sequence numbers, or the whole field's order).
    RankDiff,
    /// `aro_diff`: the difference of the players' average ratings of opponents (0 when either
    /// has played no game).
    AroDiff,
    /// `colour_unmet`: players of the pair who cannot both get their colour preference (1 when
    /// both prefer the same colour).
    ColourUnmet,
    /// `strong_unmet`: 1 when both prefer the same colour, both at least strongly.
    StrongUnmet,
    /// `absolute_unmet`: 1 when both have the same absolute colour preference.
    AbsoluteUnmet,
    /// `colour_diff_after`: the smallest sum of the two players' |colour difference| after the
    /// round, over the two ways to give the colours.
    ColourDiffAfter,
    /// `forfeit_rematches`: earlier rounds in which the two were paired and the game was not
    /// played (a forfeit is no meeting: C.04.1 allows them to meet).
    ForfeitRematches,
    /// `downfloat_repeat_1`: players receiving a downfloat now (the higher score of an unequal
    /// pair, or a player left unpaired) who received one in the previous round.
    DownfloatRepeat1,
    /// `downfloat_repeat_2`: the same, two rounds before.
    DownfloatRepeat2,
    /// `upfloat_repeat_1`: players receiving an upfloat now (the lower score of an unequal pair)
    /// who received one in the previous round.
    UpfloatRepeat1,
    /// `upfloat_repeat_2`: the same, two rounds before.
    UpfloatRepeat2,
    /// `same_federation`: 1 when both players have the same federation (`001` columns 54-56;
    /// 0 when either is blank).
    SameFederation,
    /// `same_group`: 1 when both players are in the same group of `--groups FILE`.
    SameGroup,
    /// `same_origin`: 1 when both players have the same national origin (columns 54-56 of a
    /// TRF-2026 national rating record; 0 when either has none).
    SameOrigin,
    /// `same_sex`: 1 when both players state the same sex (`001` column 10).
    SameSex,
    /// `titled`: players of the pair with a title (`001` columns 11-13): 0, 1 or 2.
    Titled,
    /// `women`: players of the pair whose sex is `w`: 0, 1 or 2.
    Women,
    /// `higher_rating`: the higher of the two ratings.
    HigherRating,
    /// `lower_rating`: the lower of the two ratings.
    LowerRating,
    /// `birth_year_diff`: the difference of the birth years (0 when either is unknown).
    BirthYearDiff,
    /// `band_diff(W)`: how many rating bands of width W apart the two players are,
    /// |⌊r_a / W⌋ − ⌊r_b / W⌋|.
    BandDiff(u32),
    /// `national_rating_diff(FED)`: the difference of the national ratings of federation FED
    /// (TRF-2026 rating records; 0 when either player has none).
    NationalRatingDiff(Code),
}

impl PairQuantity {
    /// True for the float quantities, which count a player left unpaired as a downfloat.
    pub fn counts_unpaired(self) -> bool {
        matches!(self, PairQuantity::DownfloatRepeat1 | PairQuantity::DownfloatRepeat2)
    }

    /// Its name in a formulation file (`band_diff(200)` with its argument).
    pub fn name(self) -> String {
        match self {
            PairQuantity::BandDiff(w) => format!("band_diff({w})"),
            PairQuantity::NationalRatingDiff(c) => format!("national_rating_diff({c})"),
            q => PAIR_QUANTITIES.iter().find(|(_, x)| *x == q).map_or_else(|| format!("{q:?}"), |(n, _)| n.to_string()),
        }
    }
}

/// A quantity of one player, used inside `bye(...)`: it counts for the player left unpaired.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlayerQuantity {
    /// `score`: the pairing score, in points.
    Score,
    /// `rating`: the rating.
    Rating,
    /// `rank`: the place in the order of the program (1 = first).
    Rank,
    /// `unplayed`: rounds not played over the board (byes, absences, forfeits).
    Unplayed,
    /// `games`: games played over the board.
    Games,
    /// `aro`: the average rating of opponents (0 before any game).
    Aro,
    /// `birth_year`: the year of birth (`001` columns 70-73; 0 when unknown).
    BirthYear,
    /// `titled`: 1 for a player with a title.
    Titled,
    /// `woman`: 1 for a player whose sex is `w`.
    Woman,
    /// `national_rating(FED)`: the national rating of federation FED (0 without one).
    NationalRating(Code),
}

impl PlayerQuantity {
    /// Its name in a formulation file.
    pub fn name(self) -> String {
        match self {
            PlayerQuantity::NationalRating(c) => format!("national_rating({c})"),
            q => {
                PLAYER_QUANTITIES.iter().find(|(_, x)| *x == q).map_or_else(|| format!("{q:?}"), |(n, _)| n.to_string())
            }
        }
    }
}

/// Every pair quantity named by a word alone, with its name in a formulation file.
pub const PAIR_QUANTITIES: [(&str, PairQuantity); 22] = [
    ("score_diff", PairQuantity::ScoreDiff),
    ("rating_diff", PairQuantity::RatingDiff),
    ("rank_diff", PairQuantity::RankDiff),
    ("aro_diff", PairQuantity::AroDiff),
    ("colour_unmet", PairQuantity::ColourUnmet),
    ("strong_unmet", PairQuantity::StrongUnmet),
    ("absolute_unmet", PairQuantity::AbsoluteUnmet),
    ("colour_diff_after", PairQuantity::ColourDiffAfter),
    ("forfeit_rematches", PairQuantity::ForfeitRematches),
    ("downfloat_repeat_1", PairQuantity::DownfloatRepeat1),
    ("downfloat_repeat_2", PairQuantity::DownfloatRepeat2),
    ("upfloat_repeat_1", PairQuantity::UpfloatRepeat1),
    ("upfloat_repeat_2", PairQuantity::UpfloatRepeat2),
    ("same_federation", PairQuantity::SameFederation),
    ("same_group", PairQuantity::SameGroup),
    ("same_origin", PairQuantity::SameOrigin),
    ("same_sex", PairQuantity::SameSex),
    ("titled", PairQuantity::Titled),
    ("women", PairQuantity::Women),
    ("higher_rating", PairQuantity::HigherRating),
    ("lower_rating", PairQuantity::LowerRating),
    ("birth_year_diff", PairQuantity::BirthYearDiff),
];

/// Every player quantity named by a word alone, with its name in a formulation file.
pub const PLAYER_QUANTITIES: [(&str, PlayerQuantity); 9] = [
    ("score", PlayerQuantity::Score),
    ("rating", PlayerQuantity::Rating),
    ("rank", PlayerQuantity::Rank),
    ("unplayed", PlayerQuantity::Unplayed),
    ("games", PlayerQuantity::Games),
    ("aro", PlayerQuantity::Aro),
    ("birth_year", PlayerQuantity::BirthYear),
    ("titled", PlayerQuantity::Titled),
    ("woman", PlayerQuantity::Woman),
];

/// Quantities written with an argument: `band_diff(W)`, `national_rating_diff(FED)` of a
/// pair, `national_rating(FED)` of a player.
const ARGUMENT_QUANTITIES: [&str; 3] = ["band_diff", "national_rating_diff", "national_rating"];

/// Functions of expressions.
const FUNCTIONS: [&str; 4] = ["abs", "min", "max", "floor"];

/// An exact rational `num / den`, `den > 0`, in lowest terms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ratio {
    /// Numerator.
    pub num: i128,
    /// Denominator, positive.
    pub den: i128,
}

fn gcd(a: i128, b: i128) -> i128 {
    let (mut a, mut b) = (a.abs(), b.abs());
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a
}

/// The least common multiple of two positive numbers; `None` on overflow.
pub fn lcm(a: i128, b: i128) -> Option<i128> {
    (a / gcd(a, b).max(1)).checked_mul(b)
}

impl Ratio {
    /// The integer `n`.
    pub fn int(n: i64) -> Ratio {
        Ratio { num: i128::from(n), den: 1 }
    }

    /// `num / den` reduced; `None` for a zero denominator.
    pub fn new(num: i128, den: i128) -> Option<Ratio> {
        if den == 0 {
            return None;
        }
        let g = gcd(num, den).max(1);
        let s = if den < 0 { -1 } else { 1 };
        Some(Ratio { num: s * num / g, den: s * den / g })
    }

    fn add(self, o: Ratio) -> Option<Ratio> {
        let num = self.num.checked_mul(o.den)?.checked_add(o.num.checked_mul(self.den)?)?;
        Ratio::new(num, self.den.checked_mul(o.den)?)
    }

    fn mul(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(self.num.checked_mul(o.num)?, self.den.checked_mul(o.den)?)
    }

    fn div(self, o: Ratio) -> Option<Ratio> {
        Ratio::new(self.num.checked_mul(o.den)?, self.den.checked_mul(o.num)?)
    }

    fn neg(self) -> Ratio {
        Ratio { num: -self.num, den: self.den }
    }

    fn pow(self, n: u32) -> Option<Ratio> {
        Some(Ratio { num: self.num.checked_pow(n)?, den: self.den.checked_pow(n)? })
    }

    /// The sum, exactly; `None` on overflow.
    pub fn plus(self, o: Ratio) -> Option<Ratio> {
        self.add(o)
    }

    /// The largest integer not above it.
    pub fn floor(self) -> i128 {
        self.num.div_euclid(self.den)
    }

    /// The smallest integer not below it.
    pub fn ceil(self) -> i128 {
        -(-self.num).div_euclid(self.den)
    }

    /// Compares two ratios exactly; `None` on overflow.
    pub fn compare(self, o: Ratio) -> Option<std::cmp::Ordering> {
        Some(self.num.checked_mul(o.den)?.cmp(&o.num.checked_mul(self.den)?))
    }

    /// As a float, for reports.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl std::fmt::Display for Ratio {
    /// An integer as such, else a decimal with up to six places (trailing zeros dropped).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.den == 1 {
            return write!(f, "{}", self.num);
        }
        let s = format!("{:.6}", self.to_f64());
        f.write_str(s.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// A comparison of two expressions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CmpOp {
    /// `<`
    Lt,
    /// `<=`
    Le,
    /// `>`
    Gt,
    /// `>=`
    Ge,
    /// `==`
    Eq,
    /// `!=`
    Ne,
}

impl CmpOp {
    fn holds(self, o: std::cmp::Ordering) -> bool {
        use std::cmp::Ordering::*;
        match self {
            CmpOp::Lt => o == Less,
            CmpOp::Le => o != Greater,
            CmpOp::Gt => o == Greater,
            CmpOp::Ge => o != Less,
            CmpOp::Eq => o == Equal,
            CmpOp::Ne => o != Equal,
        }
    }

    /// How it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
        }
    }
}

/// Where something stands in a formulation file: line and column, 1-based.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Pos {
    /// The line.
    pub line: usize,
    /// The column, in characters.
    pub col: usize,
}

/// An expression of a criterion or requirement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A constant.
    Num(Ratio),
    /// A pair quantity, and where it is written.
    Pair(PairQuantity, Pos),
    /// A player quantity (only inside [`Expr::Bye`]), and where it is written.
    Player(PlayerQuantity, Pos),
    /// `bye(e)`: `e` for a player left unpaired, 0 for a pair.
    Bye(Box<Expr>),
    /// `pair(e)`: `e` for a pair, 0 for a player left unpaired.
    Paired(Box<Expr>),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b`.
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b` (b constant, not zero).
    Div(Box<Expr>, Box<Expr>),
    /// `-a`.
    Neg(Box<Expr>),
    /// `a ^ n`.
    Pow(Box<Expr>, u32),
    /// `abs(a)`.
    Abs(Box<Expr>),
    /// `floor(a)`.
    Floor(Box<Expr>),
    /// `min(a, b, ...)`.
    Min(Vec<Expr>),
    /// `max(a, b, ...)`.
    Max(Vec<Expr>),
    /// `a OP b`: 1 when it holds, else 0.
    Cmp(Box<Expr>, CmpOp, Box<Expr>),
}

/// What an expression is evaluated on: one decision of the program.
pub trait Decision {
    /// The value of a pair quantity (a pair played), or of a float quantity for a player left
    /// unpaired; 0 where the quantity does not apply.
    fn pair(&self, q: PairQuantity) -> Ratio;
    /// The value of a player quantity for the player left unpaired; `None` for a pair.
    fn player(&self, q: PlayerQuantity) -> Option<Ratio>;
    /// True for a player left unpaired, false for a pair.
    fn unpaired(&self) -> bool;
}

/// A quantity an expression reads, and where.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Quantity {
    /// Of a pair.
    Pair(PairQuantity),
    /// Of one player (inside `bye(...)`).
    Player(PlayerQuantity),
}

impl Expr {
    /// The value on decision `d`; `None` on an arithmetic overflow.
    pub fn eval(&self, d: &dyn Decision) -> Option<Ratio> {
        Some(match self {
            Expr::Num(r) => *r,
            Expr::Pair(q, _) => d.pair(*q),
            Expr::Player(q, _) => d.player(*q).unwrap_or(Ratio::int(0)),
            Expr::Bye(e) => {
                if d.unpaired() {
                    e.eval(d)?
                } else {
                    Ratio::int(0)
                }
            }
            Expr::Paired(e) => {
                if d.unpaired() {
                    Ratio::int(0)
                } else {
                    e.eval(d)?
                }
            }
            Expr::Add(a, b) => a.eval(d)?.add(b.eval(d)?)?,
            Expr::Sub(a, b) => a.eval(d)?.add(b.eval(d)?.neg())?,
            Expr::Mul(a, b) => a.eval(d)?.mul(b.eval(d)?)?,
            Expr::Div(a, b) => a.eval(d)?.div(b.eval(d)?)?,
            Expr::Neg(a) => a.eval(d)?.neg(),
            Expr::Pow(a, n) => a.eval(d)?.pow(*n)?,
            Expr::Abs(a) => {
                let v = a.eval(d)?;
                if v.num < 0 {
                    v.neg()
                } else {
                    v
                }
            }
            Expr::Floor(a) => Ratio { num: a.eval(d)?.floor(), den: 1 },
            Expr::Min(xs) | Expr::Max(xs) => {
                let want =
                    if matches!(self, Expr::Min(_)) { std::cmp::Ordering::Less } else { std::cmp::Ordering::Greater };
                let mut best: Option<Ratio> = None;
                for x in xs {
                    let v = x.eval(d)?;
                    best = Some(match best {
                        Some(b) if v.compare(b)? != want => b,
                        _ => v,
                    });
                }
                best?
            }
            Expr::Cmp(a, op, b) => Ratio::int(i64::from(op.holds(a.eval(d)?.compare(b.eval(d)?)?))),
        })
    }

    /// The constant value, if the expression has no quantity.
    pub fn constant(&self) -> Option<Ratio> {
        struct NoQuantity;
        impl Decision for NoQuantity {
            fn pair(&self, _: PairQuantity) -> Ratio {
                Ratio::int(0)
            }
            fn player(&self, _: PlayerQuantity) -> Option<Ratio> {
                None
            }
            fn unpaired(&self) -> bool {
                false
            }
        }
        self.is_constant().then(|| self.eval(&NoQuantity)).flatten()
    }

    fn children(&self) -> Vec<&Expr> {
        match self {
            Expr::Num(_) | Expr::Pair(..) | Expr::Player(..) => Vec::new(),
            Expr::Bye(a) | Expr::Paired(a) | Expr::Neg(a) | Expr::Pow(a, _) | Expr::Abs(a) | Expr::Floor(a) => {
                vec![a]
            }
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) | Expr::Cmp(a, _, b) => vec![a, b],
            Expr::Min(xs) | Expr::Max(xs) => xs.iter().collect(),
        }
    }

    fn is_constant(&self) -> bool {
        match self {
            Expr::Num(_) => true,
            Expr::Pair(..) | Expr::Player(..) | Expr::Bye(_) | Expr::Paired(_) => false,
            _ => self.children().iter().all(|c| c.is_constant()),
        }
    }

    /// Every quantity the expression reads, with where it is written.
    pub fn quantities(&self, out: &mut Vec<(Quantity, Pos)>) {
        match self {
            Expr::Pair(q, p) => out.push((Quantity::Pair(*q), *p)),
            Expr::Player(q, p) => out.push((Quantity::Player(*q), *p)),
            e => e.children().into_iter().for_each(|c| c.quantities(out)),
        }
    }

    /// Where the expression reads a player left unpaired: the first quantity inside `bye(...)`
    /// or float quantity (`Some(Some(pos))`), or a `bye(...)` of constants only
    /// (`Some(None)`); `None` when it reads pairs only.
    pub fn reads_unpaired(&self) -> Option<Option<Pos>> {
        let mut used = Vec::new();
        self.quantities(&mut used);
        let at = used.iter().find(|(q, _)| match q {
            Quantity::Player(_) => true,
            Quantity::Pair(p) => p.counts_unpaired(),
        });
        match at {
            Some(&(_, pos)) => Some(Some(pos)),
            None if self.has_bye() => Some(None),
            None => None,
        }
    }

    /// Where the expression reads a pair (a pair quantity that is not a float quantity).
    pub fn reads_pairs(&self) -> Option<Pos> {
        let mut used = Vec::new();
        self.quantities(&mut used);
        used.iter().find(|(q, _)| matches!(q, Quantity::Pair(p) if !p.counts_unpaired())).map(|&(_, pos)| pos)
    }

    fn has_bye(&self) -> bool {
        matches!(self, Expr::Bye(_)) || self.children().iter().any(|c| c.has_bye())
    }

    /// True when the value is never negative, whatever the quantities (all of which are):
    /// sums, products and powers of non-negative parts, quotients by positive constants,
    /// absolute values, comparisons.
    pub fn non_negative(&self) -> bool {
        match self {
            Expr::Num(r) => r.num >= 0,
            Expr::Pair(..) | Expr::Player(..) | Expr::Abs(_) | Expr::Cmp(..) => true,
            Expr::Bye(e) | Expr::Paired(e) | Expr::Floor(e) => e.non_negative(),
            Expr::Add(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) => a.non_negative() && b.non_negative(),
            Expr::Sub(..) | Expr::Neg(_) => self.constant().is_some_and(|r| r.num >= 0),
            Expr::Pow(a, n) => n % 2 == 0 || a.non_negative(),
            Expr::Min(xs) => xs.iter().all(Expr::non_negative),
            Expr::Max(xs) => xs.iter().any(Expr::non_negative),
        }
    }

    /// True when the value is 0 on every player left unpaired (no `bye(...)`, no float
    /// quantity, no constant standing alone): the expression speaks of pairs only.
    pub fn zero_when_unpaired(&self) -> bool {
        match self {
            Expr::Num(r) => r.num == 0,
            Expr::Pair(q, _) => !q.counts_unpaired(),
            Expr::Player(..) | Expr::Bye(_) => false,
            Expr::Paired(_) => true,
            Expr::Add(a, b) | Expr::Sub(a, b) => a.zero_when_unpaired() && b.zero_when_unpaired(),
            Expr::Mul(a, b) => a.zero_when_unpaired() || b.zero_when_unpaired(),
            Expr::Div(a, _) | Expr::Neg(a) | Expr::Abs(a) | Expr::Floor(a) => a.zero_when_unpaired(),
            Expr::Pow(a, n) => *n > 0 && a.zero_when_unpaired(),
            Expr::Min(xs) | Expr::Max(xs) => xs.iter().all(Expr::zero_when_unpaired),
            // Both sides 0 on an unpaired player: the comparison of 0 with 0.
            Expr::Cmp(a, op, b) => {
                a.zero_when_unpaired() && b.zero_when_unpaired() && !op.holds(std::cmp::Ordering::Equal)
            }
        }
    }

    /// A positive multiple of every denominator the expression's value can have (its
    /// constants', the quantities' own: scores in tenths of a point), so that the value times
    /// it is an integer on every decision; `None` on overflow.
    pub fn scale(&self) -> Option<i128> {
        Some(match self {
            Expr::Num(r) => r.den,
            Expr::Pair(PairQuantity::ScoreDiff, _) | Expr::Player(PlayerQuantity::Score, _) => 10,
            Expr::Pair(..) | Expr::Player(..) => 1,
            Expr::Floor(_) | Expr::Cmp(..) => 1,
            Expr::Bye(a) | Expr::Paired(a) | Expr::Neg(a) | Expr::Abs(a) => a.scale()?,
            Expr::Add(a, b) | Expr::Sub(a, b) => lcm(a.scale()?, b.scale()?)?,
            Expr::Min(xs) | Expr::Max(xs) => xs.iter().try_fold(1, |s, x| lcm(s, x.scale()?))?,
            Expr::Mul(a, b) => a.scale()?.checked_mul(b.scale()?)?,
            // a / (p/q) = a * q / p: the denominators of a, times p.
            Expr::Div(a, b) => a.scale()?.checked_mul(b.constant()?.num.abs())?,
            Expr::Pow(a, n) => a.scale()?.checked_pow(*n)?,
        })
    }
}

/// Whether a criterion is minimised or maximised.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sense {
    /// `minimise NAME`.
    Minimise,
    /// `maximise NAME`.
    Maximise,
}

/// A criterion of one's own: `define NAME = ...`, then `minimise NAME` or `maximise NAME` at its
/// place in the priority order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Custom {
    /// Its name (interned: stage keys hold it).
    pub name: &'static str,
    /// Its parts: one for an expression, several for `lex(...)`, each one stage.
    pub parts: Vec<Expr>,
    /// Minimised or maximised.
    pub sense: Sense,
    /// The line of the `minimise`/`maximise` line (1-based).
    pub line: usize,
}

impl Custom {
    /// True when every stage of it is a non-negative cost (minimised, each part never
    /// negative): a candidate at zero is then optimal on it, whatever pairs a model holds.
    pub fn non_negative(&self) -> bool {
        self.sense == Sense::Minimise && self.parts.iter().all(Expr::non_negative)
    }

    /// The value in the file's units of a stage value of part `k` (0-based): the stage value
    /// divided by the part's scale, negated for a maximised criterion (stated negated).
    pub fn value_of(&self, k: usize, stage_value: i64) -> Option<Ratio> {
        let scale = self.parts.get(k)?.scale()?;
        let sign = if self.sense == Sense::Maximise { -1 } else { 1 };
        Ratio::new(sign * i128::from(stage_value), scale)
    }
}

/// How a requirement's sum must compare with its bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Relation {
    /// `<=`
    AtMost,
    /// `>=`
    AtLeast,
    /// `==`
    Exactly,
}

impl Relation {
    /// How it is written.
    pub fn symbol(self) -> &'static str {
        match self {
            Relation::AtMost => "<=",
            Relation::AtLeast => ">=",
            Relation::Exactly => "==",
        }
    }
}

/// A constraint of one's own, `require EXPR <= K` (or `>=`, `==`): over the decisions of each
/// program (a bracket, the round of the whole field), the sum of EXPR compares so with K.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    /// The summed expression.
    pub expr: Expr,
    /// How the sum compares with the bound.
    pub relation: Relation,
    /// The bound.
    pub bound: Ratio,
    /// The rounds it applies in (`in rounds 1-3`), inclusive; every round when `None`.
    pub rounds: Option<(u32, u32)>,
    /// Where the expression starts.
    pub pos: Pos,
    /// The line's text after `require`, trimmed (comments dropped), for messages.
    pub text: String,
}

impl Requirement {
    /// Does it apply when pairing `round`?
    pub fn applies_in(&self, round: u32) -> bool {
        self.rounds.is_none_or(|(a, b)| a <= round && round <= b)
    }

    /// True when it only forbids pairs: at most (or exactly) zero of an expression that is
    /// never negative, 0 on every player left unpaired, and reads nothing of the program (the
    /// order `rank_diff` reads, the floats a system's own rule defines). Every pair of positive
    /// value is then out of every program (an absolute criterion, as a forbidden pair), and the
    /// round still a matching; any other requirement is a row of each program.
    pub fn forbids_pairs(&self) -> bool {
        let mut used = Vec::new();
        self.expr.quantities(&mut used);
        let of_the_program = used.iter().any(|(q, _)| {
            matches!(
                q,
                Quantity::Pair(
                    PairQuantity::RankDiff
                        | PairQuantity::DownfloatRepeat1
                        | PairQuantity::DownfloatRepeat2
                        | PairQuantity::UpfloatRepeat1
                        | PairQuantity::UpfloatRepeat2
                )
            )
        });
        matches!(self.relation, Relation::AtMost | Relation::Exactly)
            && self.bound.num == 0
            && !of_the_program
            && self.expr.non_negative()
            && self.expr.zero_when_unpaired()
    }

    /// Whether a program whose decisions sum to `sum` meets it.
    pub fn holds(&self, sum: Ratio) -> bool {
        let Some(o) = sum.compare(self.bound) else { return false };
        match self.relation {
            Relation::AtMost => o != std::cmp::Ordering::Greater,
            Relation::AtLeast => o != std::cmp::Ordering::Less,
            Relation::Exactly => o == std::cmp::Ordering::Equal,
        }
    }

    /// How it is named in messages: `FILE:LINE:COL: require TEXT`.
    pub fn label(&self, file: &str) -> String {
        format!("{file}:{}:{}: 'require {}'", self.pos.line, self.pos.col, self.text)
    }
}

/// The stable name `name` as a `&'static str` (stage keys hold names as such): each distinct name
/// is allocated once per process, so reading a file again allocates nothing new.
pub fn intern(name: &str) -> &'static str {
    static NAMES: Mutex<BTreeSet<&'static str>> = Mutex::new(BTreeSet::new());
    let mut names = match NAMES.lock() {
        Ok(n) => n,
        Err(poisoned) => poisoned.into_inner(),
    };
    if let Some(n) = names.get(name) {
        return n;
    }
    let leaked: &'static str = Box::leak(name.to_string().into_boxed_str());
    names.insert(leaked);
    leaked
}

mod parse;
pub use parse::{check_name, parse_definition, parse_requirement, words, Definitions, SyntaxError};
