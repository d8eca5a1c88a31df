//! The parser of criteria and requirements: tokens with their columns, and a recursive descent
//! over the grammar of [`super`]; every error names the column of the offending token.

use super::*;

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
    Cmp(CmpOp),
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
        let next = chars.get(k + 1).copied();
        if c == '#' {
            break;
        }
        if c.is_whitespace() {
            k += 1;
        } else if c.is_ascii_digit() || (c == '.' && next.is_some_and(|d| d.is_ascii_digit())) {
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
        } else if let Some(op) = match (c, next) {
            ('<', Some('=')) => Some((CmpOp::Le, 2)),
            ('>', Some('=')) => Some((CmpOp::Ge, 2)),
            ('=', Some('=')) => Some((CmpOp::Eq, 2)),
            ('!', Some('=')) => Some((CmpOp::Ne, 2)),
            ('<', _) => Some((CmpOp::Lt, 1)),
            ('>', _) => Some((CmpOp::Gt, 1)),
            _ => None,
        } {
            out.push((Tok::Cmp(op.0), col));
            k += op.1;
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

/// What a name defined on an earlier line stands for, as a parser looks it up: its parts.
pub type Definitions<'a> = &'a dyn Fn(&str) -> Option<Vec<Expr>>;

struct Parser<'a> {
    toks: Vec<(Tok, usize)>,
    at: usize,
    in_bye: bool,
    line: usize,
    defined: Definitions<'a>,
}

impl Parser<'_> {
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

    fn end(&mut self) -> Result<(), SyntaxError> {
        match self.next() {
            (Tok::End, _) => Ok(()),
            (t, col) => self.err(col, format!("unexpected {} after the expression", describe(&t))),
        }
    }

    fn body(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        let parts = if matches!(self.peek(), Tok::Ident(s) if s == "lex") {
            self.next();
            self.expect('(')?;
            let mut parts = vec![self.expr()?];
            while matches!(self.peek(), Tok::Sym(',')) {
                self.next();
                parts.push(self.expr()?);
            }
            self.expect(')')?;
            parts
        } else {
            vec![self.expr()?]
        };
        self.end()?;
        Ok(parts)
    }

    fn expr(&mut self) -> Result<Expr, SyntaxError> {
        let e = self.sum()?;
        if let Tok::Cmp(op) = *self.peek() {
            self.next();
            let r = self.sum()?;
            return Ok(Expr::Cmp(Box::new(e), op, Box::new(r)));
        }
        Ok(e)
    }

    fn sum(&mut self) -> Result<Expr, SyntaxError> {
        let mut e = self.term()?;
        while let Tok::Sym(op @ ('+' | '-')) = *self.peek() {
            self.next();
            let r = self.term()?;
            e = if op == '+' { Expr::Add(Box::new(e), Box::new(r)) } else { Expr::Sub(Box::new(e), Box::new(r)) };
        }
        Ok(e)
    }

    fn term(&mut self) -> Result<Expr, SyntaxError> {
        let mut e = self.power()?;
        while let Tok::Sym(op @ ('*' | '/')) = *self.peek() {
            self.next();
            let rcol = self.col();
            let r = self.power()?;
            if op == '*' {
                e = Expr::Mul(Box::new(e), Box::new(r));
            } else {
                match r.constant() {
                    None => return self.err(rcol, "division by a quantity is not allowed: divide by a constant"),
                    Some(c) if c.num == 0 => return self.err(rcol, "division by zero"),
                    Some(_) => e = Expr::Div(Box::new(e), Box::new(r)),
                }
            }
        }
        Ok(e)
    }

    fn power(&mut self) -> Result<Expr, SyntaxError> {
        let e = self.unary()?;
        if !matches!(self.peek(), Tok::Sym('^')) {
            return Ok(e);
        }
        self.next();
        let ecol = self.col();
        let n = match self.next() {
            (Tok::Num(r), _) if r.den == 1 && (0..=4).contains(&r.num) => r.num as u32,
            _ => return self.err(ecol, "an exponent is an integer from 0 to 4"),
        };
        Ok(Expr::Pow(Box::new(e), n))
    }

    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        if matches!(self.peek(), Tok::Sym('-')) {
            self.next();
            let e = self.unary()?;
            return Ok(Expr::Neg(Box::new(e)));
        }
        self.primary()
    }

    /// The arguments of a function, after its name: `(e, e, ...)`, at least one.
    fn arguments(&mut self) -> Result<Vec<Expr>, SyntaxError> {
        self.expect('(')?;
        let mut args = vec![self.expr()?];
        while matches!(self.peek(), Tok::Sym(',')) {
            self.next();
            args.push(self.expr()?);
        }
        self.expect(')')?;
        Ok(args)
    }

    /// The argument of a quantity written with one: `(200)` or `(FRA)`.
    fn quantity_argument(&mut self, name: &str, col: usize) -> Result<Expr, SyntaxError> {
        self.expect('(')?;
        let (t, acol) = self.next();
        let pos = Pos { line: self.line, col };
        let q = match (name, &t) {
            ("band_diff", Tok::Num(r)) if r.den == 1 && r.num > 0 && r.num <= i128::from(u32::MAX) => {
                Expr::Pair(PairQuantity::BandDiff(r.num as u32), pos)
            }
            ("band_diff", _) => {
                return self.err(acol, "band_diff takes the width of a band, a positive integer: band_diff(200)")
            }
            ("national_rating_diff" | "national_rating", Tok::Ident(s)) if Code::parse(s).is_some() => {
                let code = Code::parse(s).unwrap_or(Code(*b"FID"));
                if name == "national_rating" {
                    Expr::Player(PlayerQuantity::NationalRating(code), pos)
                } else {
                    Expr::Pair(PairQuantity::NationalRatingDiff(code), pos)
                }
            }
            _ => {
                return self
                    .err(acol, format!("{name} takes the federation of a rating record, three letters: {name}(FRA)"))
            }
        };
        self.expect(')')?;
        let pair = matches!(q, Expr::Pair(..));
        if pair == self.in_bye {
            let what = if pair { "quantity of a pair" } else { "quantity of one player" };
            let hint = if pair { "inside bye(...) only player quantities" } else { "write it inside bye(...)" };
            return self.err(col, format!("'{name}' is a {what}; {hint}"));
        }
        Ok(q)
    }

    fn primary(&mut self) -> Result<Expr, SyntaxError> {
        let (t, col) = self.next();
        match t {
            Tok::Num(r) => Ok(Expr::Num(r)),
            Tok::Sym('(') => {
                let e = self.expr()?;
                self.expect(')')?;
                Ok(e)
            }
            Tok::Ident(name) if name == "bye" || name == "pair" => {
                if self.in_bye {
                    return self.err(col, format!("{name}(...) inside bye(...)"));
                }
                self.expect('(')?;
                self.in_bye = name == "bye";
                let e = self.expr()?;
                self.in_bye = false;
                self.expect(')')?;
                Ok(if name == "bye" { Expr::Bye(Box::new(e)) } else { Expr::Paired(Box::new(e)) })
            }
            Tok::Ident(name) if FUNCTIONS.contains(&name.as_str()) => {
                let mut args = self.arguments()?;
                match (name.as_str(), args.len()) {
                    ("abs", 1) => Ok(Expr::Abs(Box::new(args.remove(0)))),
                    ("floor", 1) => Ok(Expr::Floor(Box::new(args.remove(0)))),
                    ("min", _) => Ok(Expr::Min(args)),
                    ("max", _) => Ok(Expr::Max(args)),
                    _ => self.err(col, format!("{name}(...) takes one argument")),
                }
            }
            Tok::Ident(name) if ARGUMENT_QUANTITIES.contains(&name.as_str()) => self.quantity_argument(&name, col),
            Tok::Ident(name) => {
                let pos = Pos { line: self.line, col };
                let pair = PAIR_QUANTITIES.iter().find(|(n, _)| *n == name).map(|&(_, q)| q);
                let player = PLAYER_QUANTITIES.iter().find(|(n, _)| *n == name).map(|&(_, q)| q);
                match (pair, player, self.in_bye) {
                    (Some(q), _, false) => Ok(Expr::Pair(q, pos)),
                    (_, Some(q), true) => Ok(Expr::Player(q, pos)),
                    (Some(_), _, true) => self.err(
                        col,
                        format!("'{name}' is a quantity of a pair; inside bye(...) only player quantities: {}", names(&PLAYER_QUANTITIES)),
                    ),
                    (_, Some(_), false) => self.err(
                        col,
                        format!("'{name}' is a quantity of one player: write it inside bye(...), where it counts for the player left unpaired"),
                    ),
                    (None, None, _) => match (self.defined)(&name) {
                        Some(mut parts) if parts.len() == 1 && !self.in_bye => Ok(parts.remove(0)),
                        Some(parts) if parts.len() == 1 => {
                            self.err(col, format!("'{name}' is a criterion of pairs; inside bye(...) only player quantities"))
                        }
                        Some(_) => self.err(
                            col,
                            format!("'{name}' is a lex(...) of several parts: only a criterion of one part can be part of an expression"),
                        ),
                        None => self.err(
                            col,
                            format!(
                                "unknown quantity '{name}'; pair quantities: {}, band_diff(W), national_rating_diff(FED); \
                                 player quantities (inside bye(...)): {}, national_rating(FED); or a criterion defined on a line before",
                                names(&PAIR_QUANTITIES),
                                names(&PLAYER_QUANTITIES)
                            ),
                        ),
                    },
                }
            }
            t => self.err(col, format!("expected a number, a quantity or '(', found {}", describe(&t))),
        }
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
        Tok::Cmp(op) => format!("'{}'", op.symbol()),
        Tok::End => "the end of the line".into(),
    }
}

/// Words a criterion may not be named (the grammar's own, and every quantity and function).
fn reserved(name: &str) -> bool {
    [
        "define", "minimise", "minimize", "maximise", "maximize", "require", "record", "lex", "bye", "pair", "colours",
        "colors", "in", "round", "rounds",
    ]
    .contains(&name)
        || FUNCTIONS.contains(&name)
        || ARGUMENT_QUANTITIES.contains(&name)
        || PAIR_QUANTITIES.iter().any(|(n, _)| *n == name)
        || PLAYER_QUANTITIES.iter().any(|(n, _)| *n == name)
}

/// A `define` line's text after the word `define` (starting at column `col0` of line `line`):
/// its name, the name's column, and its parts. Names defined before are read through `defined`.
pub fn parse_definition(
    text: &str,
    col0: usize,
    line: usize,
    defined: Definitions,
) -> Result<(String, usize, Vec<Expr>), SyntaxError> {
    let toks = tokens(text, col0)?;
    let mut p = Parser { toks, at: 0, in_bye: false, line, defined };
    let (name, ncol) = match p.next() {
        (Tok::Ident(n), col) => (n, col),
        (t, col) => return p.err(col, format!("expected the criterion's name after 'define', found {}", describe(&t))),
    };
    check_name(&name, ncol)?;
    p.expect('=')?;
    let parts = p.body()?;
    Ok((name, ncol, parts))
}

/// A `require` line's text after the word `require` (starting at column `col0` of line `line`).
pub fn parse_requirement(
    text: &str,
    col0: usize,
    line: usize,
    defined: Definitions,
) -> Result<Requirement, SyntaxError> {
    let toks = tokens(text, col0)?;
    let start = toks.first().map_or(col0, |t| t.1);
    let mut p = Parser { toks, at: 0, in_bye: false, line, defined };
    if matches!(p.peek(), Tok::End) {
        return p.err(start, "'require' needs a constraint: require EXPR <= K (or >=, ==)");
    }
    let expr = p.sum()?;
    let (t, ocol) = p.next();
    let relation = match t {
        Tok::Cmp(CmpOp::Le) => Relation::AtMost,
        Tok::Cmp(CmpOp::Ge) => Relation::AtLeast,
        Tok::Cmp(CmpOp::Eq) => Relation::Exactly,
        t => return p.err(ocol, format!("expected '<=', '>=' or '==' and a bound, found {}", describe(&t))),
    };
    let bcol = p.col();
    let bound = p.sum()?;
    let Some(bound) = bound.constant() else {
        return p.err(bcol, "the bound of a requirement is a constant: require EXPR <= K");
    };
    let mut rounds = None;
    if matches!(p.peek(), Tok::Ident(s) if s == "in") {
        p.next();
        let (word, wcol) = p.next();
        let number = |p: &mut Parser| -> Result<u32, SyntaxError> {
            match p.next() {
                (Tok::Num(r), _) if r.den == 1 && r.num >= 1 && r.num <= i128::from(u32::MAX) => Ok(r.num as u32),
                (t, col) => p.err(col, format!("expected a round number, found {}", describe(&t))),
            }
        };
        match word {
            Tok::Ident(w) if w == "round" => {
                let r = number(&mut p)?;
                rounds = Some((r, r));
            }
            Tok::Ident(w) if w == "rounds" => {
                let a = number(&mut p)?;
                p.expect('-')?;
                let bcol = p.col();
                let b = number(&mut p)?;
                if b < a {
                    return p.err(bcol, format!("rounds {a}-{b}: the last round comes before the first"));
                }
                rounds = Some((a, b));
            }
            t => return p.err(wcol, format!("expected 'round N' or 'rounds A-B' after 'in', found {}", describe(&t))),
        }
    }
    p.end()?;
    let text = text.split('#').next().unwrap_or("").trim().to_string();
    Ok(Requirement { expr, relation, bound, rounds, pos: Pos { line, col: start }, text })
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
                PairQuantity::SameFederation => Ratio::int(1),
                _ => Ratio::int(0),
            }
        }
        fn player(&self, _: PlayerQuantity) -> Option<Ratio> {
            None
        }
        fn unpaired(&self) -> bool {
            false
        }
    }

    fn nothing(_: &str) -> Option<Vec<Expr>> {
        None
    }

    #[test]
    fn evaluates_exactly() {
        let (name, col, parts) =
            parse_definition("sd = 3*score_diff^2 + rating_diff/100 - 0.5", 8, 1, &nothing).expect("valid");
        assert_eq!((name.as_str(), col), ("sd", 8));
        // score_diff = 3/2: 3 * 9/4 + 5/2 - 1/2 = 35/4
        assert_eq!(parts[0].eval(&Pair(3)), Ratio::new(35, 4));
        assert!(!parts[0].non_negative());
        // The scale is a multiple of every denominator: 3 * 10^2 ... lcm with 100 and 2.
        let s = parts[0].scale().expect("scale");
        assert_eq!(s % 100, 0);
        let v = parts[0].eval(&Pair(3)).expect("value");
        assert_eq!((v.num * s) % v.den, 0, "an integer after scaling");
        let (_, _, parts) = parse_definition("x = lex(score_diff, 2 * rating_diff)", 1, 1, &nothing).expect("valid");
        assert_eq!(parts.len(), 2);
        assert!(parts.iter().all(Expr::non_negative));
    }

    #[test]
    fn products_comparisons_and_functions_are_values_of_a_decision() {
        let eval = |text: &str| {
            let (_, _, parts) = parse_definition(text, 1, 1, &nothing).expect(text);
            parts[0].eval(&Pair(3)).expect(text)
        };
        // score_diff 1.5, rating_diff 250, same_federation 1.
        assert_eq!(eval("x = score_diff * rating_diff"), Ratio::int(375));
        assert_eq!(eval("x = rating_diff > 200"), Ratio::int(1));
        assert_eq!(eval("x = (rating_diff <= 200) + (score_diff == 1.5)"), Ratio::int(1));
        assert_eq!(
            eval("x = abs(1 - score_diff) + max(1, 2, score_diff) + min(rating_diff, 3)"),
            Ratio::new(11, 2).expect("r")
        );
        assert_eq!(eval("x = floor(score_diff) + pair(same_federation) + bye(score)"), Ratio::int(2));
        // A defined name stands for its expression.
        let defined = |n: &str| (n == "fed").then(|| vec![Expr::Pair(PairQuantity::SameFederation, Pos::default())]);
        let (_, _, parts) = parse_definition("x = 2 * fed", 1, 1, &defined).expect("valid");
        assert_eq!(parts[0].eval(&Pair(0)), Some(Ratio::int(2)));
    }

    #[test]
    fn a_requirement_reads_its_relation_bound_and_rounds() {
        let defined =
            |n: &str| (n == "same_fed").then(|| vec![Expr::Pair(PairQuantity::SameFederation, Pos::default())]);
        let r = parse_requirement(" same_fed <= 0", 8, 4, &defined).expect("valid");
        assert_eq!(
            (r.relation, r.bound, r.rounds, r.pos),
            (Relation::AtMost, Ratio::int(0), None, Pos { line: 4, col: 9 })
        );
        assert!(r.forbids_pairs());
        assert_eq!(r.text, "same_fed <= 0");
        let q = parse_requirement("same_federation <= 3 in rounds 1-3 # quota", 9, 2, &nothing).expect("valid");
        assert_eq!((q.bound, q.rounds), (Ratio::int(3), Some((1, 3))));
        assert!(!q.forbids_pairs() && q.applies_in(3) && !q.applies_in(4));
        assert_eq!(q.text, "same_federation <= 3 in rounds 1-3");
        // Counting players left unpaired, or at least something: not a forbidding.
        assert!(!parse_requirement("bye(rating > 2400) <= 0", 1, 1, &nothing).expect("valid").forbids_pairs());
        assert!(!parse_requirement("score_diff < 1 <= 0", 1, 1, &nothing).is_ok_and(|r| r.forbids_pairs()));
        assert!(parse_requirement("pair(score_diff < 1) <= 0", 1, 1, &nothing).expect("valid").forbids_pairs());
        let e = parse_requirement("same_federation < 3", 1, 1, &nothing).expect_err("strict");
        assert_eq!(e.col, 17);
        let e = parse_requirement("same_federation <= rating_diff", 1, 1, &nothing).expect_err("bound");
        assert_eq!(e.col, 20);
        let e = parse_requirement("same_federation <= 1 in rounds 3-2", 1, 1, &nothing).expect_err("rounds");
        assert!(e.message.contains("before the first"), "{}", e.message);
    }

    #[test]
    fn names_the_column_of_the_fault() {
        let e = parse_definition("x = rating_diff / rank_diff", 8, 1, &nothing).expect_err("division");
        assert_eq!(e.col, 8 + 18);
        let e = parse_definition("x = bye(score_diff)", 1, 1, &nothing).expect_err("pair inside bye");
        assert_eq!(e.col, 9);
        assert!(e.message.contains("quantity of a pair"), "{}", e.message);
        let e = parse_definition("x = 2 +", 1, 1, &nothing).expect_err("incomplete");
        assert_eq!(e.col, 8);
        let e = parse_definition("score = 1", 1, 1, &nothing).expect_err("reserved");
        assert_eq!(e.col, 1);
        let e = parse_definition("x = national_rating_diff(12)", 1, 1, &nothing).expect_err("code");
        assert_eq!(e.col, 26);
        let e = parse_definition("x = bye(band_diff(100))", 1, 1, &nothing).expect_err("pair in bye");
        assert_eq!(e.col, 9);
    }
}
