//! The colour rules the Dubov (C.04.4.1 5.2.2-5.2.5) and Burstein (C.04.4.2 5.2.2-5.2.5) texts
//! state in the same words, in one place: grant both preferences, else the stronger one, else
//! alternate to the most recent round in which one had White and the other Black, else the
//! higher-ranked player's preference. Each system keeps its own 5.2.1 (players without games)
//! and its own ranking.

use crate::tournament::{Player, Strength};
use crate::trf::Colour;

/// The colour `a` receives against `b`, from their preferences (`None`: no preference, the
/// opponent's is granted) and colour histories, `a_above` when `a` is the higher-ranked. `None`
/// when neither has a preference (the caller's 5.2.1 decides).
pub fn colour_of_first(
    pa: Option<(Colour, Strength)>,
    pb: Option<(Colour, Strength)>,
    a: &Player,
    b: &Player,
    a_above: bool,
) -> Option<Colour> {
    match (pa, pb) {
        (None, None) => None,
        (Some((ca, _)), None) => Some(ca),
        (None, Some((cb, _))) => Some(cb.opposite()),
        (Some((ca, sa)), Some((cb, sb))) => Some(if ca != cb {
            ca // 5.2.2: both preferences granted
        } else if sa != sb {
            // 5.2.3: the stronger preference
            if sa > sb {
                ca
            } else {
                ca.opposite()
            }
        } else if let Some((ha, _)) = a.colours.iter().rev().zip(b.colours.iter().rev()).find(|(ha, hb)| ha != hb) {
            // 5.2.4: alternate to the most recent round with different colours (played games
            // only: General Handling Rules 3.4)
            ha.opposite()
        } else if a_above {
            ca // 5.2.5: the higher-ranked player's preference
        } else {
            ca.opposite()
        }),
    }
}
