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
    pub strength: Strength,
}

impl Preference {
    pub const NONE: Preference = Preference { colour: None, strength: Strength::None };

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
/// When the colour difference and the last two colours point different ways (e.g. `WWWWBB`,
/// difference +2 after two blacks), the colour difference decides: C.04.1.f is the stricter rule.
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

    #[test]
    fn three_in_a_row() {
        assert!(would_repeat_thrice(&[B, W, W], W));
        assert!(!would_repeat_thrice(&[B, W, W], B));
        assert!(!would_repeat_thrice(&[W], W));
    }
}
