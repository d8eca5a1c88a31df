//! The checker's one entry for any kind of event: the absolute rules a round's pairing breaks,
//! whether its units are players, teams or Double-Swiss players (each judged by its own text:
//! `absolute`, `team`, `double`).

use super::Violation;
use crate::pairing::RoundPairing;
use crate::units::Field;
use crate::vocabulary::System;

/// The absolute rules of `system` that `pairing` of `field`'s round breaks; empty when it is
/// legal. The same judge every pairing lexpair prints has passed.
pub fn judge(system: System, field: Field, pairing: &RoundPairing) -> Vec<Violation> {
    match field {
        Field::Players(t) => super::check(system, t, pairing),
        Field::Teams(t) => super::team::check(system, t, pairing),
        Field::Double(t) => super::double::check(system, t, pairing),
    }
}
