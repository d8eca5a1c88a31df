//! Scores as exact fixed-point numbers and the point system that turns results into them.
//!
//! Every score in lexpair is a whole number of tenths of a point (`Points(15)` = 1.5), so that
//! sums, comparisons and solver weights stay exact whatever the point system (1-½-0, 3-1-0, ...).

use serde::{Deserialize, Serialize};
use std::fmt;

/// A score in tenths of a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Points(pub i64);

impl Points {
    /// No points.
    pub const ZERO: Points = Points(0);

    /// Parses `"11.5"`, `"3"`, `".5"`, `"3.0"` (at most one decimal, optional sign).
    pub fn parse(text: &str) -> Option<Points> {
        let t = text.trim();
        if t.is_empty() {
            return None;
        }
        let (neg, t) = match t.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, t.strip_prefix('+').unwrap_or(t)),
        };
        let (int, frac) = match t.split_once('.') {
            Some((i, f)) => (i, f),
            None => (t, ""),
        };
        if int.is_empty() && frac.is_empty() {
            return None;
        }
        if !int.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        // More than one decimal is accepted only when the extra digits are zeros ("1.50").
        let (first, rest) = frac.split_at(frac.len().min(1));
        if !rest.bytes().all(|b| b == b'0') {
            return None;
        }
        let whole: i64 = if int.is_empty() { 0 } else { int.parse().ok()? };
        let tenth: i64 = if first.is_empty() { 0 } else { first.parse().ok()? };
        let v = whole.checked_mul(10)?.checked_add(tenth)?;
        Some(Points(if neg { -v } else { v }))
    }
}

impl Points {
    /// Points as the rules write them: `1½`, `3`, `0`, `½`; tenths otherwise (`2.3`).
    pub fn words(self) -> String {
        let (sign, a) = if self.0 < 0 { ("-", -self.0) } else { ("", self.0) };
        match (a / 10, a % 10) {
            (0, 5) => format!("{sign}½"),
            (w, 5) => format!("{sign}{w}½"),
            (w, 0) => format!("{sign}{w}"),
            (w, t) => format!("{sign}{w}.{t}"),
        }
    }
}

impl fmt::Display for Points {
    /// Formats as the TRF does: `6.5`, `17.0`, `-0.5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let a = self.0.abs();
        let s = format!("{sign}{}.{}", a / 10, a % 10);
        f.pad(&s)
    }
}

impl std::ops::Add for Points {
    type Output = Points;
    fn add(self, o: Points) -> Points {
        Points(self.0 + o.0)
    }
}
impl std::ops::AddAssign for Points {
    fn add_assign(&mut self, o: Points) {
        self.0 += o.0;
    }
}
impl std::ops::Sub for Points {
    type Output = Points;
    fn sub(self, o: Points) -> Points {
        Points(self.0 - o.0)
    }
}
impl std::iter::Sum for Points {
    fn sum<I: Iterator<Item = Points>>(iter: I) -> Points {
        Points(iter.map(|p| p.0).sum())
    }
}

/// Points awarded for each kind of result (C.04.1; TRF16 extensions BBW..BBU, XXS; TRF-2026 tag 162).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PointSystem {
    /// A win with White (XXS `WW`).
    pub win_white: Points,
    /// A win with Black (XXS `BW`).
    pub win_black: Points,
    /// A draw with White (XXS `WD`).
    pub draw_white: Points,
    /// A draw with Black (XXS `BD`).
    pub draw_black: Points,
    /// A loss with White (XXS `WL`).
    pub loss_white: Points,
    /// A loss with Black (XXS `BL`).
    pub loss_black: Points,
    /// A win by forfeit (XXS `FW`).
    pub forfeit_win: Points,
    /// A loss by forfeit (XXS `FL`, `BBF`).
    pub forfeit_loss: Points,
    /// A full-point bye, result `F` (XXS `FPB`).
    pub full_bye: Points,
    /// A half-point bye, result `H` (XXS `HPB`).
    pub half_bye: Points,
    /// A zero-point bye, result `Z` (XXS `ZPB`, `BBZ`).
    pub zero_bye: Points,
    /// The pairing-allocated bye, result `U` (XXS `PAB`, `BBU`).
    pub pairing_bye: Points,
}

impl Default for PointSystem {
    /// The standard 1-½-0 system with the pairing-allocated bye worth a win.
    fn default() -> Self {
        PointSystem::with_win_draw_loss(Points(10), Points(5), Points(0))
    }
}

impl PointSystem {
    /// True when the system is what a win, draw and loss value say (`BBW`..`BBU`, `1-0.5-0`):
    /// no colour-dependent values, the forfeit win and full-point bye worth a win, the half-point
    /// bye worth a draw.
    pub fn is_uniform(&self) -> bool {
        self.win_white == self.win_black
            && self.forfeit_win == self.win_white
            && self.full_bye == self.win_white
            && self.draw_white == self.draw_black
            && self.half_bye == self.draw_white
            && self.loss_white == self.loss_black
    }

    /// A system where every win-like result is worth `win`, draws and half-point byes `draw`,
    /// played losses `loss`, and unplayed losses and zero-point byes nothing; the PAB is a win.
    pub fn with_win_draw_loss(win: Points, draw: Points, loss: Points) -> Self {
        PointSystem {
            win_white: win,
            win_black: win,
            draw_white: draw,
            draw_black: draw,
            loss_white: loss,
            loss_black: loss,
            forfeit_win: win,
            forfeit_loss: Points::ZERO,
            full_bye: win,
            half_bye: draw,
            zero_bye: Points::ZERO,
            pairing_bye: win,
        }
    }

    /// The points of a win (used for "a win's points scored without playing", C.04.1 Art. 4).
    pub fn win(&self) -> Points {
        self.win_white.max(self.win_black)
    }

    /// The points of a draw.
    pub fn draw(&self) -> Points {
        self.draw_white.max(self.draw_black)
    }

    /// The points of a played loss.
    pub fn loss(&self) -> Points {
        self.loss_white.min(self.loss_black)
    }

    /// True when this is the standard 1-½-0 system with PAB = 1 (nothing to write in a TRF).
    pub fn is_standard(&self) -> bool {
        *self == PointSystem::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_formats_trf_points() {
        assert_eq!(Points::parse("11.5"), Some(Points(115)));
        assert_eq!(Points::parse(" 3"), Some(Points(30)));
        assert_eq!(Points::parse(".5"), Some(Points(5)));
        assert_eq!(Points::parse("1.50"), Some(Points(15)));
        assert_eq!(Points::parse("-0.5"), Some(Points(-5)));
        assert_eq!(Points::parse("1.25"), None);
        assert_eq!(Points::parse("x"), None);
        assert_eq!(Points::parse("."), None);
        assert_eq!(Points::parse(""), None);
        assert_eq!(Points(115).to_string(), "11.5");
        assert_eq!(Points(170).to_string(), "17.0");
        assert_eq!(Points(-5).to_string(), "-0.5");
        assert_eq!(format!("{:>4}", Points(5)), " 0.5");
    }

    #[test]
    fn standard_system_is_default() {
        let p = PointSystem::default();
        assert!(p.is_standard());
        assert_eq!(p.win(), Points(10));
        assert_eq!(p.half_bye, Points(5));
        let three = PointSystem::with_win_draw_loss(Points(30), Points(10), Points(0));
        assert!(!three.is_standard());
        assert_eq!(three.pairing_bye, Points(30));
    }
}
