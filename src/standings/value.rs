//! Exact tie-break values.
//!
//! Scores are whole tenths of a point ([`Points`]); a Sonneborn-Berger product is in hundredths,
//! an average (AOB, APRO) any fraction. A [`Value`] keeps each of them as a fraction with a
//! positive denominator, so that two participants are tied exactly when their values are equal,
//! never by a floating-point accident, and rounding happens only where C.07 says so (ARO, TPR,
//! APRO, APPO: "rounded to the nearest whole number (0.5 rounded up)") or when a value is printed.

use crate::points::Points;
use std::cmp::Ordering;
use std::fmt;

/// An exact rational value: `num / den`, `den > 0`, in lowest terms.
#[derive(Clone, Copy, Debug)]
pub struct Value {
    num: i64,
    den: i64,
}

fn gcd(mut a: i64, mut b: i64) -> i64 {
    a = a.abs();
    b = b.abs();
    while b != 0 {
        (a, b) = (b, a % b);
    }
    a.max(1)
}

impl Value {
    /// Zero.
    pub const ZERO: Value = Value { num: 0, den: 1 };

    /// `num / den` in lowest terms (`den` must not be 0; a negative `den` moves the sign).
    pub fn ratio(num: i64, den: i64) -> Value {
        debug_assert!(den != 0, "a value over zero");
        let den = if den == 0 { 1 } else { den };
        let g = gcd(num, den);
        let sign = if den < 0 { -1 } else { 1 };
        Value { num: sign * num / g, den: sign * den / g }
    }

    /// A whole number.
    pub fn int(n: i64) -> Value {
        Value { num: n, den: 1 }
    }

    /// A score (tenths of a point).
    pub fn points(p: Points) -> Value {
        Value::ratio(p.0, 10)
    }

    /// The numerator and denominator, in lowest terms.
    pub fn parts(self) -> (i64, i64) {
        (self.num, self.den)
    }

    /// The value as a float (for JSON and plots; never for comparisons).
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }

    /// The nearest whole number, 0.5 rounded up (C.07 10.1).
    pub fn round_half_up(self) -> i64 {
        (2 * self.num + self.den).div_euclid(2 * self.den)
    }

    /// The average of `sum` over `count` items (`None` for none).
    pub fn average(sum: Value, count: usize) -> Option<Value> {
        (count > 0).then(|| sum.div_int(count as i64))
    }

    /// `self / n`.
    pub fn div_int(self, n: i64) -> Value {
        Value::ratio(self.num, self.den * n)
    }

    /// The value with `decimals` decimals, rounded half up (away from zero for negatives, as
    /// the magnitude is rounded).
    pub fn format(self, decimals: u32) -> String {
        let scale = 10i128.pow(decimals);
        let num = i128::from(self.num) * scale;
        let den = i128::from(self.den);
        let magnitude = (2 * num.abs() + den) / (2 * den);
        let sign = if num < 0 && magnitude != 0 { "-" } else { "" };
        if decimals == 0 {
            return format!("{sign}{magnitude}");
        }
        let whole = magnitude / scale;
        let frac = magnitude % scale;
        format!("{sign}{whole}.{frac:0width$}", width = decimals as usize)
    }

    /// The fewest decimals (at most `max`) that show the value exactly, or `max`.
    pub fn natural_decimals(self, max: u32) -> u32 {
        (0..=max).find(|&d| (i128::from(self.num) * 10i128.pow(d)) % i128::from(self.den) == 0).unwrap_or(max)
    }
}

impl PartialEq for Value {
    fn eq(&self, o: &Value) -> bool {
        self.cmp(o) == Ordering::Equal
    }
}
impl Eq for Value {}

impl PartialOrd for Value {
    fn partial_cmp(&self, o: &Value) -> Option<Ordering> {
        Some(self.cmp(o))
    }
}

impl Ord for Value {
    fn cmp(&self, o: &Value) -> Ordering {
        (i128::from(self.num) * i128::from(o.den)).cmp(&(i128::from(o.num) * i128::from(self.den)))
    }
}

impl std::ops::Add for Value {
    type Output = Value;
    fn add(self, o: Value) -> Value {
        if self.den == o.den {
            return Value::ratio(self.num + o.num, self.den);
        }
        Value::ratio(self.num * o.den + o.num * self.den, self.den * o.den)
    }
}

impl std::ops::AddAssign for Value {
    fn add_assign(&mut self, o: Value) {
        *self = *self + o;
    }
}

impl std::ops::Sub for Value {
    type Output = Value;
    fn sub(self, o: Value) -> Value {
        self + Value { num: -o.num, den: o.den }
    }
}

impl std::ops::Neg for Value {
    type Output = Value;
    fn neg(self) -> Value {
        Value { num: -self.num, den: self.den }
    }
}

impl std::ops::Mul for Value {
    type Output = Value;
    fn mul(self, o: Value) -> Value {
        Value::ratio(self.num * o.num, self.den * o.den)
    }
}

impl std::iter::Sum for Value {
    fn sum<I: Iterator<Item = Value>>(iter: I) -> Value {
        iter.fold(Value::ZERO, |a, b| a + b)
    }
}

impl fmt::Display for Value {
    /// As few decimals as show the value exactly, at most four.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.pad(&self.format(self.natural_decimals(4)))
    }
}

impl serde::Serialize for Value {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.to_f64())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fractions_compare_exactly_and_print_rounded_half_up() {
        let third = Value::ratio(1, 3);
        assert!(third + third + third == Value::int(1));
        assert_eq!(Value::ratio(5, 2).round_half_up(), 3);
        assert_eq!(Value::ratio(-5, 2).round_half_up(), -2);
        assert_eq!(Value::ratio(2, 3).format(2), "0.67");
        assert_eq!(Value::ratio(1, 8).format(2), "0.13");
        assert_eq!(Value::points(Points(125)).format(1), "12.5");
        assert_eq!(Value::ratio(-1, 4).format(1), "-0.3");
        assert_eq!(Value::ratio(7, 4).to_string(), "1.75");
        assert!(Value::ratio(1, 3) < Value::ratio(34, 100));
    }
}
