//! Colour differences and colour preferences (C.04.3 A.6; C.04.1 f-h; C.04.2 D.5 / 2026 Art. 3.4).
//!
//! Only games actually played count: forfeits and byes leave no colour. With unplayed rounds
//! moved to the front (C.04.2: `BWBuW` is read as `uBWBW`), a player's colour history is just the
//! sequence of colours of played games.

use crate::trf::Colour;
use serde::Serialize;

/// How strongly a player wants a colour (A.6 a-d), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub enum Strength {
    /// No game played yet (A.6.d).
    None,
    /// Colour difference 0: alternate from the last game (A.6.c).
    Mild,
    /// Colour difference ±1 (A.6.b).
    Strong,
    /// Colour difference beyond ±1, or the same colour in the two latest games (A.6.a).
    Absolute,
}

/// A player's colour preference for the next game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Preference {
    /// The colour wanted; `None` only with `Strength::None`.
    pub colour: Option<Colour>,
    /// How strongly it is wanted (A.6).
    pub strength: Strength,
}

impl Preference {
    /// No preference: no game played yet.
    pub const NONE: Preference = Preference { colour: None, strength: Strength::None };

    /// Whether the preference is absolute (A.6.a).
    pub fn is_absolute(&self) -> bool {
        self.strength == Strength::Absolute
    }
}

/// Games with white minus games with black (A.6).
pub fn colour_difference(colours: &[Colour]) -> i32 {
    colours.iter().map(|&c| if c == Colour::White { 1 } else { -1 }).sum()
}

/// The colour preference after the played games `colours` (chronological), per A.6.
///
/// The absolute preference (A.6.a) is the colour that reduces the colour difference when it is
/// beyond ±1, whatever its size (a history beyond the rules, −4 after an arbiter's decisions,
/// still wants White), otherwise the colour that breaks a run of two or more. When the two point
/// different ways (only a history beyond the rules can: `WWWWBB`, difference +2 after two
/// blacks), the difference decides, as [`limits_broken`] does: a player with an absolute
/// preference breaks a colour limit exactly when he does not receive it.
pub fn preference(colours: &[Colour]) -> Preference {
    let Some(&last) = colours.last() else {
        return Preference::NONE;
    };
    let diff = colour_difference(colours);
    let repeated = colours.len() >= 2 && colours[colours.len() - 2] == last;
    let (colour, strength) = if diff > 1 {
        (Colour::Black, Strength::Absolute)
    } else if diff < -1 {
        (Colour::White, Strength::Absolute)
    } else if repeated {
        (last.opposite(), Strength::Absolute)
    } else if diff == 1 {
        (Colour::Black, Strength::Strong)
    } else if diff == -1 {
        (Colour::White, Strength::Strong)
    } else {
        (last.opposite(), Strength::Mild)
    };
    Preference { colour: Some(colour), strength }
}

/// True if giving `c` next would make the same colour three times in a row (C.04.1.g).
pub fn would_repeat_thrice(colours: &[Colour], c: Colour) -> bool {
    colours.len() >= 2 && colours[colours.len() - 1] == c && colours[colours.len() - 2] == c
}

/// The colour limits a colour breaks (see [`limits_broken`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize)]
pub struct Limits {
    /// C.04.1.f (2017) / Art. 6 (2026): the colour difference leaves ±2, or moves further from it.
    pub difference: bool,
    /// C.04.1.g (2017) / Art. 7 (2026): a run of two (or more) equal colours is extended.
    pub three_in_a_row: bool,
}

impl Limits {
    /// Some limit is broken.
    pub fn any(self) -> bool {
        self.difference || self.three_in_a_row
    }
}

/// The colour limits of the basic rules — C.04.1.f and g (2017), Art. 6 and 7 (2026), and every
/// system's absolute colour criterion that cites them (Dutch 2017 C.3, 2026 \[C3\], 2012 B.2;
/// Dubov and Burstein \[C3\]; Lim 2.1 and 5.1 a-b) — judged on what *this round* does to a player
/// with the played colours `colours` who receives `c`:
/// - Art. 6 is broken when `c` takes the colour difference beyond ±2, or further beyond it
///   (|new| > 2 and |new| > |old|). Receiving the colour that reduces a difference already
///   beyond ±2 (−4 to −3) is never a violation: it is the only colour that does not worsen it.
/// - Art. 7 is broken when `c` extends a run of two (or more) equal colours, unless `c` reduces a
///   difference of ±2 or more: then the other colour breaks Art. 6, and the difference decides
///   (A.6.a; only a history beyond the rules has such a run against its difference).
///
/// A colour breaks a limit exactly when the player has an absolute colour preference
/// ([`preference`]) and `c` is not it (checked over every history up to ten games below), so the
/// engines' absolute criteria and the checker ([`crate::verify`]) judge the same; each edition's
/// exemptions (Dutch topscorers, Lim 6) are the checker's data rows and the systems' own.
pub fn limits_broken(colours: &[Colour], c: Colour) -> Limits {
    let before = colour_difference(colours);
    let after = before + if c == Colour::White { 1 } else { -1 };
    let reduces = after.abs() < before.abs();
    Limits {
        difference: after.abs() > 2 && after.abs() > before.abs(),
        three_in_a_row: would_repeat_thrice(colours, c) && !(reduces && before.abs() >= 2),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn a6_preferences() {
        assert_eq!(preference(&[]), Preference::NONE);
        // A.6.c: difference 0, alternate the last colour.
        assert_eq!(preference(&[W, B]), Preference { colour: Some(W), strength: Strength::Mild });
        // A.6.b: difference +1 → strong black.
        assert_eq!(preference(&[W]), Preference { colour: Some(B), strength: Strength::Strong });
        assert_eq!(preference(&[B, W, B]), Preference { colour: Some(W), strength: Strength::Strong });
        // A.6.a: same colour in the two latest games.
        assert_eq!(preference(&[W, B, B]), Preference { colour: Some(W), strength: Strength::Absolute });
        // A.6.a: difference beyond ±1.
        assert_eq!(preference(&[W, W, B, W]), Preference { colour: Some(B), strength: Strength::Absolute });
        // Difference decides over the last two colours.
        assert_eq!(preference(&[W, W, W, W, B, B]), Preference { colour: Some(B), strength: Strength::Absolute });
    }

    /// Every history of up to ten played games: a colour breaks a limit exactly when the
    /// player has an absolute preference and the colour is not it.
    #[test]
    fn limits_are_the_absolute_preference() {
        for len in 0..=10u32 {
            for bits in 0..1u32 << len {
                let h: Vec<Colour> = (0..len).map(|k| if bits >> k & 1 == 1 { W } else { B }).collect();
                let p = preference(&h);
                for c in [W, B] {
                    let broken = limits_broken(&h, c).any();
                    assert_eq!(broken, p.is_absolute() && p.colour != Some(c), "{h:?} {c:?}");
                }
            }
        }
    }

    #[test]
    fn limits_judge_what_the_round_does() {
        // Difference -4 after the history: White reduces it (never a violation), Black worsens.
        let h = [B, B, W, B, B, B];
        assert_eq!(limits_broken(&h, W), Limits::default());
        assert_eq!(limits_broken(&h, B), Limits { difference: true, three_in_a_row: true });
        // +2 after two blacks: Black reduces the difference (the difference decides).
        let h = [W, W, W, W, B, B];
        assert!(!limits_broken(&h, B).any());
        assert_eq!(limits_broken(&h, W), Limits { difference: true, three_in_a_row: false });
        // +1 after two blacks (three whites before): White breaks the run and stays within ±2.
        let h = [W, W, W, B, B];
        assert!(!limits_broken(&h, W).any());
        assert_eq!(limits_broken(&h, B), Limits { difference: false, three_in_a_row: true });
        // A run of three already: the alternate colour breaks it, the same extends it.
        assert!(!limits_broken(&[B, W, W, W], B).any());
        assert!(limits_broken(&[W, B, B, B], B).three_in_a_row);
    }

    #[test]
    fn three_in_a_row() {
        assert!(would_repeat_thrice(&[B, W, W], W));
        assert!(!would_repeat_thrice(&[B, W, W], B));
        assert!(!would_repeat_thrice(&[W], W));
    }
}
