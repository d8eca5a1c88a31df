//! The quantities of criteria and constraints of one's own for the units of the top-scoregroup
//! systems (teams, Double-Swiss players): what [`Units`] knows, and a unit's rating and
//! attributes. A team's rating is its strength factor (`310` columns 48-53); a team has no
//! federation, title, sex, birth year or national rating, and neither kind of unit has the
//! individual systems' colour difference or floats of A.4: those quantities are refused, naming
//! the file, line and column.

use super::Units;
use crate::model::criterion::{PairQuantity, PlayerQuantity, Quantity, Ratio};
use crate::systems::custom::Facts;
use crate::tournament::attributes::{Attributes, Groups};

/// What [`UnitFacts`] asks beyond [`Units`].
pub(crate) trait Rated: Units {
    /// The unit's rating (a team's strength factor).
    fn rating(&self, i: usize) -> u32;
    /// The unit's attributes, where it is a player.
    fn attributes(&self, i: usize) -> Option<&Attributes>;
    /// What a unit is called in messages (`teams`, `Double-Swiss players`).
    fn kind(&self) -> &'static str;
    /// Whether the units have colour preferences (teams of Type A or B; not Double-Swiss).
    fn colour_preferences(&self) -> bool;
}

/// The quantities of the units of `t`, with the groups of `--groups` (by TPN).
pub(crate) struct UnitFacts<'a, U: Rated> {
    pub t: &'a U,
    pub groups: Option<&'a Groups>,
}

fn int(n: i64) -> Ratio {
    Ratio::int(n)
}

fn diff(a: u32, b: u32) -> Ratio {
    int((i64::from(a) - i64::from(b)).abs())
}

fn same<T: PartialEq>(a: Option<T>, b: Option<T>) -> Ratio {
    int(i64::from(a.is_some() && a == b))
}

impl<U: Rated> Facts for UnitFacts<'_, U> {
    fn pair(&self, q: PairQuantity, a: usize, b: usize) -> Option<Ratio> {
        let t = self.t;
        let (ra, rb) = (t.rating(a), t.rating(b));
        let attrs = || Some((t.attributes(a)?, t.attributes(b)?));
        Some(match q {
            PairQuantity::ScoreDiff => Ratio::new(i128::from((t.score(a).0 - t.score(b).0).abs()), 10)?,
            PairQuantity::RatingDiff => diff(ra, rb),
            PairQuantity::HigherRating => int(i64::from(ra.max(rb))),
            PairQuantity::LowerRating => int(i64::from(ra.min(rb))),
            PairQuantity::BandDiff(w) => diff(ra / w, rb / w),
            PairQuantity::ColourUnmet if t.colour_preferences() => int(i64::from(t.same_preference(a, b))),
            PairQuantity::StrongUnmet if t.colour_preferences() => int(i64::from(t.same_strong_preference(a, b))),
            PairQuantity::ColourUnmet | PairQuantity::StrongUnmet => return None,
            PairQuantity::SameGroup => {
                let g = self.groups?;
                same(g.of(t.tpn(a)), g.of(t.tpn(b)))
            }
            PairQuantity::SameFederation => {
                let (x, y) = attrs()?;
                same(x.federation, y.federation)
            }
            PairQuantity::SameOrigin => {
                let (x, y) = attrs()?;
                same(x.origin(), y.origin())
            }
            PairQuantity::SameSex => {
                let (x, y) = attrs()?;
                same(x.sex, y.sex)
            }
            PairQuantity::Titled => {
                let (x, y) = attrs()?;
                int(i64::from(x.titled()) + i64::from(y.titled()))
            }
            PairQuantity::Women => {
                let (x, y) = attrs()?;
                int(i64::from(x.sex == Some('w')) + i64::from(y.sex == Some('w')))
            }
            PairQuantity::BirthYearDiff => {
                let (x, y) = attrs()?;
                match (x.birth_year, y.birth_year) {
                    (Some(p), Some(q)) => diff(p, q),
                    _ => int(0),
                }
            }
            PairQuantity::NationalRatingDiff(fed) => {
                let (x, y) = attrs()?;
                match (x.national_rating(fed), y.national_rating(fed)) {
                    (Some(p), Some(q)) => diff(p, q),
                    _ => int(0),
                }
            }
            PairQuantity::RankDiff
            | PairQuantity::AroDiff
            | PairQuantity::AbsoluteUnmet
            | PairQuantity::ColourDiffAfter
            | PairQuantity::ForfeitRematches
            | PairQuantity::DownfloatRepeat1
            | PairQuantity::DownfloatRepeat2
            | PairQuantity::UpfloatRepeat1
            | PairQuantity::UpfloatRepeat2 => return None,
        })
    }

    fn unit(&self, q: PlayerQuantity, i: usize) -> Option<Ratio> {
        let t = self.t;
        Some(match q {
            PlayerQuantity::Score => Ratio::new(i128::from(t.score(i).0), 10)?,
            PlayerQuantity::Rating => int(i64::from(t.rating(i))),
            PlayerQuantity::Games => int(i64::from(t.matches_played(i))),
            PlayerQuantity::BirthYear => int(t.attributes(i)?.birth_year.map_or(0, i64::from)),
            PlayerQuantity::Titled => int(i64::from(t.attributes(i)?.titled())),
            PlayerQuantity::Woman => int(i64::from(t.attributes(i)?.sex == Some('w'))),
            PlayerQuantity::NationalRating(fed) => int(t.attributes(i)?.national_rating(fed).map_or(0, i64::from)),
            PlayerQuantity::Rank | PlayerQuantity::Unplayed | PlayerQuantity::Aro => return None,
        })
    }

    fn unpaired_float(&self, _: PairQuantity, _: usize) -> Option<Ratio> {
        None
    }

    fn has(&self, q: Quantity) -> Result<(), String> {
        let kind = self.t.kind();
        let players = self.t.present();
        let probe = match (players.first(), players.get(1)) {
            (Some(&a), Some(&b)) => (a, b),
            _ => return Ok(()),
        };
        let known = match q {
            // The program's order: the scope answers it.
            Quantity::Pair(PairQuantity::RankDiff) | Quantity::Player(PlayerQuantity::Rank) => true,
            Quantity::Pair(PairQuantity::SameGroup) if self.groups.is_none() => {
                return Err(
                    "'same_group' reads the groups of --groups FILE (a CSV of id,group), and none was given".into()
                )
            }
            Quantity::Pair(q) => self.pair(q, probe.0, probe.1).is_some(),
            Quantity::Player(q) => self.unit(q, probe.0).is_some(),
        };
        if !known {
            return Err(format!("not a quantity of {kind}"));
        }
        match q {
            Quantity::Pair(PairQuantity::NationalRatingDiff(fed))
            | Quantity::Player(PlayerQuantity::NationalRating(fed))
                if !players.iter().any(|&i| self.t.attributes(i).is_some_and(|a| a.national_rating(fed).is_some())) =>
            {
                Err(format!("the file has no national rating record of federation {fed} (TRF-2026, columns 1-3)"))
            }
            _ => Ok(()),
        }
    }

    fn id(&self, i: usize) -> u32 {
        self.t.tpn(i)
    }
}
