//! Float histories (C.04.3 A.4.b; 2026 Art. 1.x): who floated down or up in each past round.

use serde::Serialize;

/// The float a player received in one round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Float {
    /// No float.
    None,
    /// A downfloat: paired with an opponent of lower score, or (per [`FloatRule`]) not playing.
    Down,
    /// An upfloat: paired with an opponent of higher score.
    Up,
}

/// Which edition's definition of a float applies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FloatRule {
    /// Dutch 2017 A.4.b: in a game between different scores the higher gets a downfloat, the
    /// lower an upfloat; a player who, for whatever reason, does not play gets a downfloat.
    Dutch2017,
    /// Dutch 2026: as above for played games; of those who do not play, only the PAB receiver
    /// and a player scoring more than a loss without playing get a downfloat.
    Dutch2026,
}

/// The facts of one past round that decide a float.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct RoundFacts {
    /// A game was played over the board (forfeits and byes are not games).
    pub played: bool,
    /// The player's pairing score before the round (with that round's acceleration).
    pub own_score: crate::points::Points,
    /// The opponent's pairing score before the round, for a played game.
    pub opponent_score: Option<crate::points::Points>,
    /// The player received the pairing-allocated bye.
    pub pab: bool,
    /// Points scored in the round.
    pub points: crate::points::Points,
    /// Points of a played loss under the point system.
    pub loss_points: crate::points::Points,
}

/// The float of one round under `rule`.
pub fn float_of(f: &RoundFacts, rule: FloatRule) -> Float {
    if f.played {
        return match f.opponent_score {
            Some(o) if f.own_score > o => Float::Down,
            Some(o) if f.own_score < o => Float::Up,
            _ => Float::None,
        };
    }
    match rule {
        FloatRule::Dutch2017 => Float::Down,
        FloatRule::Dutch2026 if f.pab || f.points > f.loss_points => Float::Down,
        FloatRule::Dutch2026 => Float::None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::points::Points;

    fn facts(played: bool, own: i64, opp: Option<i64>, pab: bool, pts: i64) -> RoundFacts {
        RoundFacts {
            played,
            own_score: Points(own),
            opponent_score: opp.map(Points),
            pab,
            points: Points(pts),
            loss_points: Points(0),
        }
    }

    #[test]
    fn a4b_played_games() {
        assert_eq!(float_of(&facts(true, 20, Some(15), false, 0), FloatRule::Dutch2017), Float::Down);
        assert_eq!(float_of(&facts(true, 15, Some(20), false, 10), FloatRule::Dutch2017), Float::Up);
        assert_eq!(float_of(&facts(true, 15, Some(15), false, 10), FloatRule::Dutch2026), Float::None);
    }

    #[test]
    fn a4b_not_playing() {
        // 2017: any player who does not play gets a downfloat, even with zero points.
        assert_eq!(float_of(&facts(false, 10, None, false, 0), FloatRule::Dutch2017), Float::Down);
        // 2026: a zero-point absence is no float; a half-point bye or the PAB is.
        assert_eq!(float_of(&facts(false, 10, None, false, 0), FloatRule::Dutch2026), Float::None);
        assert_eq!(float_of(&facts(false, 10, None, false, 5), FloatRule::Dutch2026), Float::Down);
        assert_eq!(float_of(&facts(false, 10, None, true, 10), FloatRule::Dutch2026), Float::Down);
    }
}
