//! Criteria of one's own: the expressions a formulation file may define (`define NAME = ...`)
//! and minimise or maximise at a stated priority (`minimise NAME`, `maximise NAME`).
//!
//! ```text
//! definition := 'define' NAME '=' body
//! body       := 'lex' '(' expr (',' expr)* ')'      one stage per part, in order
//!             | expr                                one stage
//! expr       := term (('+' | '-') term)*
//! term       := power (('*' | '/') power)*          one side of '*' a constant; '/' by a constant
//! power      := unary ('^' INTEGER)?                 a pair quantity, or a constant, raised
//! unary      := '-' unary | primary
//! primary    := NUMBER | PAIR_QUANTITY | 'bye' '(' expr ')' | '(' expr ')'
//! ```
//! Inside `bye(...)` only player quantities ([`PlayerQuantity`]); outside it only pair
//! quantities ([`PairQuantity`]). An expression is evaluated per *decision* of the program: a
//! pair played (its pair quantities; `bye(...)` is 0 there) or a player left unpaired (its
//! `bye(...)` terms and the float quantities it receives; the other pair quantities are 0).
//! Values are exact rationals; a stage's integer cost is its values times the least common
//! multiple of their denominators, which changes no optimum.
//!
//! A small hand-written recursive-descent parser: the language is a dozen tokens and a
//! precedence climb, and its errors must name the file, line and column of the offending token,
//! which a parser crate would add a dependency for and still need wrapping for.
#![warn(missing_docs)]

use std::collections::BTreeSet;
use std::sync::Mutex;

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
}

/// Every pair quantity with its name in a formulation file.
pub const PAIR_QUANTITIES: [(&str, PairQuantity); 13] = [
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
];

/// Every player quantity with its name in a formulation file.
pub const PLAYER_QUANTITIES: [(&str, PlayerQuantity); 6] = [
    ("score", PlayerQuantity::Score),
    ("rating", PlayerQuantity::Rating),
    ("rank", PlayerQuantity::Rank),
    ("unplayed", PlayerQuantity::Unplayed),
    ("games", PlayerQuantity::Games),
    ("aro", PlayerQuantity::Aro),
];

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
}

/// An expression of a criterion.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Expr {
    /// A constant.
    Num(Ratio),
    /// A pair quantity.
    Pair(PairQuantity),
    /// A player quantity (only inside [`Expr::Bye`]).
    Player(PlayerQuantity),
    /// `bye(e)`: `e` for a player left unpaired, 0 for a pair.
    Bye(Box<Expr>),
    /// `a + b`.
    Add(Box<Expr>, Box<Expr>),
    /// `a - b`.
    Sub(Box<Expr>, Box<Expr>),
    /// `a * b` (one of them constant).
    Mul(Box<Expr>, Box<Expr>),
    /// `a / b` (b constant, not zero).
    Div(Box<Expr>, Box<Expr>),
    /// `-a`.
    Neg(Box<Expr>),
    /// `a ^ n`.
    Pow(Box<Expr>, u32),
}

/// What an expression is evaluated on: one decision of the program.
pub trait Decision {
    /// The value of a pair quantity (a pair played), or of a float quantity for a player left
    /// unpaired; 0 where the quantity does not apply.
    fn pair(&self, q: PairQuantity) -> Ratio;
    /// The value of a player quantity for the player left unpaired; `None` for a pair.
    fn player(&self, q: PlayerQuantity) -> Option<Ratio>;
}

impl Expr {
    /// The value on decision `d`; `None` on an arithmetic overflow.
    pub fn eval(&self, d: &dyn Decision) -> Option<Ratio> {
        Some(match self {
            Expr::Num(r) => *r,
            Expr::Pair(q) => d.pair(*q),
            Expr::Player(q) => d.player(*q).unwrap_or(Ratio::int(0)),
            Expr::Bye(e) => match d.player(PlayerQuantity::Score) {
                Some(_) => e.eval(d)?,
                None => Ratio::int(0),
            },
            Expr::Add(a, b) => a.eval(d)?.add(b.eval(d)?)?,
            Expr::Sub(a, b) => a.eval(d)?.add(b.eval(d)?.neg())?,
            Expr::Mul(a, b) => a.eval(d)?.mul(b.eval(d)?)?,
            Expr::Div(a, b) => a.eval(d)?.div(b.eval(d)?)?,
            Expr::Neg(a) => a.eval(d)?.neg(),
            Expr::Pow(a, n) => a.eval(d)?.pow(*n)?,
        })
    }

    /// The constant value, if the expression has no quantity.
    fn constant(&self) -> Option<Ratio> {
        struct NoQuantity;
        impl Decision for NoQuantity {
            fn pair(&self, _: PairQuantity) -> Ratio {
                Ratio::int(0)
            }
            fn player(&self, _: PlayerQuantity) -> Option<Ratio> {
                None
            }
        }
        self.is_constant().then(|| self.eval(&NoQuantity)).flatten()
    }

    fn is_constant(&self) -> bool {
        match self {
            Expr::Num(_) => true,
            Expr::Pair(_) | Expr::Player(_) | Expr::Bye(_) => false,
            Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) => a.is_constant() && b.is_constant(),
            Expr::Neg(a) | Expr::Pow(a, _) => a.is_constant(),
        }
    }

    /// True when the value is never negative, whatever the quantities (all of which are):
    /// sums, products and powers of non-negative parts, quotients by positive constants.
    pub fn non_negative(&self) -> bool {
        match self {
            Expr::Num(r) => r.num >= 0,
            Expr::Pair(_) | Expr::Player(_) => true,
            Expr::Bye(e) => e.non_negative(),
            Expr::Add(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) => a.non_negative() && b.non_negative(),
            Expr::Sub(..) | Expr::Neg(_) => self.constant().is_some_and(|r| r.num >= 0),
            Expr::Pow(a, n) => n % 2 == 0 || a.non_negative(),
        }
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

/// A parse error: the column (1-based, in characters) and the message; the caller adds the file
/// and line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Column of the offending token, 1-based.
    pub col: usize,
    /// What is wrong.
    pub message: String,
}

#[derive(Clone, Debug, PartialEq)]
enum Tok {
    Num(Ratio),
    Ident(String),
    Sym(char),
    End,
}

/// Splits `text` (starting at column `col0`, 1-based) into tokens with their columns; a `#`
/// starts a comment.
fn tokens(text: &str, col0: usize) -> Result<Vec<(Tok, usize)>, SyntaxError> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut k = 0;
    while k < chars.len() {
        let c = chars[k];
        let col = col0 + k;
        if c == '#' {
            break;
        }
        if c.is_whitespace() {
            k += 1;
        } else if c.is_ascii_digit() || (c == '.' && chars.get(k + 1).is_some_and(|d| d.is_ascii_digit())) {
            let start = k;
            while k < chars.len() && (chars[k].is_ascii_digit() || chars[k] == '.') {
                k += 1;
            }
            let s: String = chars[start..k].iter().collect();
            let value = number(&s).ok_or_else(|| SyntaxError { col, message: format!("'{s}' is not a number") })?;
            out.push((Tok::Num(value), col));
        } else if c.is_ascii_alphabetic() || c == '_' {
            let start = k;
            while k < chars.len() && (chars[k].is_ascii_alphanumeric() || chars[k] == '_' || chars[k] == '-') {
                k += 1;
            }
            out.push((Tok::Ident(chars[start..k].iter().collect()), col));
        } else if "+-*/^(),=".contains(c) {
            out.push((Tok::Sym(c), col));
            k += 1;
        } else {
            return Err(SyntaxError { col, message: format!("unexpected character '{c}'") });
        }
    }
    out.push((Tok::End, col0 + chars.len()));
    Ok(out)
}

/// A decimal number (`3`, `0.25`) as an exact ratio.
fn number(s: &str) -> Option<Ratio> {
    let (int, frac) = s.split_once('.').unwrap_or((s, ""));
    if frac.contains('.') || (int.is_empty() && frac.is_empty()) || int.len() + frac.len() > 18 {
        return None;
    }
    let digits = format!("{int}{frac}");
    let num: i128 = digits.parse().ok()?;
    Ratio::new(num, 10i128.checked_pow(frac.len() as u32)?)
}

/// The kind of an expression, for the linearity rules.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    Constant,
    Varying,
}

struct Parser {
    toks: Vec<(Tok, usize)>,
    at: usize,
    in_bye: bool,
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.at.min(self.toks.len() - 1)].0
    }

    fn col(&self) -> usize {
        self.toks[self.at.min(self.toks.len() - 1)].1
    }

    fn next(&mut self) -> (Tok, usize) {
        let t = self.toks[self.at.min(self.toks.len() - 1)].clone();
        self.at += 1;
        t
    }

    fn err<T>(&self, col: usize, message: impl Into<String>) -> Result<T, SyntaxError> {
        Err(SyntaxError { col, message: message.into() })
    }

    fn expect(&mut self, c: char) -> Result<(), SyntaxError> {
        match self.next() {
            (Tok::Sym(x), _) if x == c => Ok(()),
            (t, col) => self.err(col, format!("expected '{c}', found {}", describe(&t))),
        }
    }

    fn body(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        let parts = if matches!(self.peek(), Tok::Ident(s) if s == "lex") {
            self.next();
            self.expect('(')?;
            let mut parts = vec![self.expr()?.0];
            while matches!(self.peek(), Tok::Sym(',')) {
                self.next();
                parts.push(self.expr()?.0);
            }
            self.expect(')')?;
            parts
        } else {
            vec![self.expr()?.0]
        };
        match self.next() {
            (Tok::End, _) => Ok(parts),
            (t, col) => self.err(col, format!("unexpected {} after the expression", describe(&t))),
        }
    }

    fn expr(&mut self) -> Result<(Expr, Kind), SyntaxError> {
        let (mut e, mut k) = self.term()?;
        while let Tok::Sym(op @ ('+' | '-')) = *self.peek() {
            self.next();
            let (r, rk) = self.term()?;
            k = if k == Kind::Constant && rk == Kind::Constant { Kind::Constant } else { Kind::Varying };
            e = if op == '+' { Expr::Add(Box::new(e), Box::new(r)) } else { Expr::Sub(Box::new(e), Box::new(r)) };
        }
        Ok((e, k))
    }

    fn term(&mut self) -> Result<(Expr, Kind), SyntaxError> {
        let (mut e, mut k) = self.power()?;
        while let Tok::Sym(op @ ('*' | '/')) = *self.peek() {
            let col = self.col();
            self.next();
            let rcol = self.col();
            let (r, rk) = self.power()?;
            if op == '*' {
                if k == Kind::Varying && rk == Kind::Varying {
                    return self.err(col, "a product of two quantities is not allowed: one factor must be a constant");
                }
                k = if k == Kind::Constant && rk == Kind::Constant { Kind::Constant } else { Kind::Varying };
                e = Expr::Mul(Box::new(e), Box::new(r));
            } else {
                if rk == Kind::Varying {
                    return self.err(rcol, "division by a quantity is not allowed: divide by a constant");
                }
                if r.constant().is_some_and(|c| c.num == 0) {
                    return self.err(rcol, "division by zero");
                }
                e = Expr::Div(Box::new(e), Box::new(r));
            }
        }
        Ok((e, k))
    }

    fn power(&mut self) -> Result<(Expr, Kind), SyntaxError> {
        let col = self.col();
        let (e, k) = self.unary()?;
        if !matches!(self.peek(), Tok::Sym('^')) {
            return Ok((e, k));
        }
        self.next();
        let ecol = self.col();
        let n = match self.next() {
            (Tok::Num(r), _) if r.den == 1 && (0..=4).contains(&r.num) => r.num as u32,
            _ => return self.err(ecol, "an exponent is an integer from 0 to 4"),
        };
        if k == Kind::Varying && (self.in_bye || !pair_only(&e)) {
            return self.err(col, "only a pair quantity (or a constant) may be raised to a power");
        }
        Ok((Expr::Pow(Box::new(e), n), k))
    }

    fn unary(&mut self) -> Result<(Expr, Kind), SyntaxError> {
        if matches!(self.peek(), Tok::Sym('-')) {
            self.next();
            let (e, k) = self.unary()?;
            return Ok((Expr::Neg(Box::new(e)), k));
        }
        self.primary()
    }

    fn primary(&mut self) -> Result<(Expr, Kind), SyntaxError> {
        let (t, col) = self.next();
        match t {
            Tok::Num(r) => Ok((Expr::Num(r), Kind::Constant)),
            Tok::Sym('(') => {
                let e = self.expr()?;
                self.expect(')')?;
                Ok(e)
            }
            Tok::Ident(name) if name == "bye" => {
                if self.in_bye {
                    return self.err(col, "bye(...) inside bye(...)");
                }
                self.expect('(')?;
                self.in_bye = true;
                let (e, _) = self.expr()?;
                self.in_bye = false;
                self.expect(')')?;
                Ok((Expr::Bye(Box::new(e)), Kind::Varying))
            }
            Tok::Ident(name) => {
                let pair = PAIR_QUANTITIES.iter().find(|(n, _)| *n == name).map(|&(_, q)| q);
                let player = PLAYER_QUANTITIES.iter().find(|(n, _)| *n == name).map(|&(_, q)| q);
                match (pair, player, self.in_bye) {
                    (Some(q), _, false) => Ok((Expr::Pair(q), Kind::Varying)),
                    (_, Some(q), true) => Ok((Expr::Player(q), Kind::Varying)),
                    (Some(_), _, true) => self.err(
                        col,
                        format!("'{name}' is a quantity of a pair; inside bye(...) only player quantities: {}", names(&PLAYER_QUANTITIES)),
                    ),
                    (_, Some(_), false) => self.err(
                        col,
                        format!("'{name}' is a quantity of one player: write it inside bye(...), where it counts for the player left unpaired"),
                    ),
                    _ => self.err(
                        col,
                        format!(
                            "unknown quantity '{name}'; pair quantities: {}; player quantities (inside bye(...)): {}",
                            names(&PAIR_QUANTITIES),
                            names(&PLAYER_QUANTITIES)
                        ),
                    ),
                }
            }
            t => self.err(col, format!("expected a number, a quantity or '(', found {}", describe(&t))),
        }
    }
}

/// True when `e` holds pair quantities only (no `bye(...)`).
fn pair_only(e: &Expr) -> bool {
    match e {
        Expr::Num(_) | Expr::Pair(_) => true,
        Expr::Player(_) | Expr::Bye(_) => false,
        Expr::Add(a, b) | Expr::Sub(a, b) | Expr::Mul(a, b) | Expr::Div(a, b) => pair_only(a) && pair_only(b),
        Expr::Neg(a) | Expr::Pow(a, _) => pair_only(a),
    }
}

fn names<T>(list: &[(&str, T)]) -> String {
    list.iter().map(|(n, _)| *n).collect::<Vec<_>>().join(", ")
}

fn describe(t: &Tok) -> String {
    match t {
        Tok::Num(r) if r.den == 1 => format!("the number {}", r.num),
        Tok::Num(_) => "a number".into(),
        Tok::Ident(s) => format!("'{s}'"),
        Tok::Sym(c) => format!("'{c}'"),
        Tok::End => "the end of the line".into(),
    }
}

/// Words a criterion may not be named (the grammar's own, and every quantity).
fn reserved(name: &str) -> bool {
    ["define", "minimise", "minimize", "maximise", "maximize", "lex", "bye", "colours", "colors"].contains(&name)
        || PAIR_QUANTITIES.iter().any(|(n, _)| *n == name)
        || PLAYER_QUANTITIES.iter().any(|(n, _)| *n == name)
}

/// A `define` line's text after the word `define` (starting at column `col0`): its name, the
/// name's column, and its parts.
pub fn parse_definition(text: &str, col0: usize) -> Result<(String, usize, Vec<Expr>), SyntaxError> {
    let toks = tokens(text, col0)?;
    let mut p = Parser { toks, at: 0, in_bye: false };
    let (name, ncol) = match p.next() {
        (Tok::Ident(n), col) => (n, col),
        (t, col) => return p.err(col, format!("expected the criterion's name after 'define', found {}", describe(&t))),
    };
    check_name(&name, ncol)?;
    p.expect('=')?;
    let parts = p.body()?;
    Ok((name, ncol, parts))
}

/// A criterion name: a lower-case letter, then letters, digits and `_`; not a reserved word nor
/// the form of a system's key (`C12`).
pub fn check_name(name: &str, col: usize) -> Result<(), SyntaxError> {
    let ok = name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_');
    if !ok {
        return Err(SyntaxError {
            col,
            message: format!("'{name}' is not a criterion name (a lower-case letter, then letters, digits or '_')"),
        });
    }
    if reserved(name) {
        return Err(SyntaxError {
            col,
            message: format!("'{name}' is a reserved word or a quantity, not a criterion name"),
        });
    }
    Ok(())
}

/// The words of a line after its first word, as tokens of names: `(word, column)`; `#` ends it.
pub fn words(text: &str, col0: usize) -> Result<Vec<(String, usize)>, SyntaxError> {
    let mut out = Vec::new();
    for (t, col) in tokens(text, col0)? {
        match t {
            Tok::Ident(s) => out.push((s, col)),
            Tok::End => break,
            t => return Err(SyntaxError { col, message: format!("expected a name, found {}", describe(&t)) }),
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Pair(i64);
    impl Decision for Pair {
        fn pair(&self, q: PairQuantity) -> Ratio {
            match q {
                PairQuantity::ScoreDiff => Ratio::new(i128::from(self.0), 2).unwrap_or(Ratio::int(0)),
                PairQuantity::RatingDiff => Ratio::int(250),
                _ => Ratio::int(0),
            }
        }
        fn player(&self, _: PlayerQuantity) -> Option<Ratio> {
            None
        }
    }

    #[test]
    fn evaluates_exactly() {
        let (name, col, parts) = parse_definition("sd = 3*score_diff^2 + rating_diff/100 - 0.5", 8).expect("valid");
        assert_eq!((name.as_str(), col), ("sd", 8));
        // score_diff = 3/2: 3 * 9/4 + 5/2 - 1/2 = 35/4
        assert_eq!(parts[0].eval(&Pair(3)), Ratio::new(35, 4));
        assert!(!parts[0].non_negative());
        let (_, _, parts) = parse_definition("x = lex(score_diff, 2 * rating_diff)", 1).expect("valid");
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(Expr::non_negative));
    }

    #[test]
    fn names_the_column_of_the_fault() {
        let e = parse_definition("x = score_diff * rating_diff", 8).expect_err("not linear");
        assert_eq!(e.col, 8 + 15);
        let e = parse_definition("x = bye(score_diff)", 1).expect_err("pair inside bye");
        assert_eq!(e.col, 9);
        assert!(e.message.contains("quantity of a pair"), "{}", e.message);
        let e = parse_definition("x = 2 +", 1).expect_err("incomplete");
        assert_eq!(e.col, 8);
        let e = parse_definition("score = 1", 1).expect_err("reserved");
        assert_eq!(e.col, 1);
    }
}
