//! Colour allocation (C.04.6 Art. 4): which team of a pair has White, i.e. White on board 1
//! (1.6.1); the other boards follow the `352` pattern. The rules of 4.3 in descending priority,
//! the first that decides.

use crate::team::{ColourModel, PreferenceStrength, TeamTournament};
use crate::trf::Colour;
use crate::vocabulary::PairError;

/// The rule of 4.3 that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 4.3.1: neither team has played a match; the initial colour by the first-team's TPN.
    InitialColour,
    /// 4.3.2: only one team has a colour preference.
    OnePreference,
    /// 4.3.3: opposite colour preferences.
    OppositePreferences,
    /// 4.3.4 (Type B): only one strong preference.
    OneStrong,
    /// 4.3.5: White to the lower colour difference.
    LowerDifference,
    /// 4.3.6: alternate from the most recent time one had White and the other Black.
    Alternate,
    /// 4.3.7: the first-team's preference.
    FirstTeamPreference,
    /// 4.3.8: alternate the first-team's colour from its last played round.
    FirstTeamAlternates,
    /// 4.3.9: alternate the other team's colour from its last played round.
    OtherTeamAlternates,
}

impl Rule {
    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            Rule::InitialColour => "C.04.6 4.3.1",
            Rule::OnePreference => "C.04.6 4.3.2",
            Rule::OppositePreferences => "C.04.6 4.3.3",
            Rule::OneStrong => "C.04.6 4.3.4",
            Rule::LowerDifference => "C.04.6 4.3.5",
            Rule::Alternate => "C.04.6 4.3.6",
            Rule::FirstTeamPreference => "C.04.6 4.3.7",
            Rule::FirstTeamAlternates => "C.04.6 4.3.8",
            Rule::OtherTeamAlternates => "C.04.6 4.3.9",
        }
    }
}

/// 4.2: the first-team of the pair `a`, `b`: the higher primary score, else the higher
/// secondary score (when the competition uses it), else the smaller TPN. The scores are the
/// standings' (no virtual points).
pub fn first_team(t: &TeamTournament, a: usize, b: usize) -> (usize, usize) {
    let (ta, tb) = (&t.teams[a], &t.teams[b]);
    let key = |x: &crate::team::Team| (x.primary(&t.rules), x.secondary(&t.rules));
    let a_first = match key(ta).cmp(&key(tb)) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => ta.tpn < tb.tpn,
    };
    if a_first {
        (a, b)
    } else {
        (b, a)
    }
}

/// The colours of the pair `a`, `b` and the rule that decided them: `(white, black, rule)`.
pub fn allocate_with_rule(t: &TeamTournament, a: usize, b: usize) -> Result<(usize, usize, Rule), PairError> {
    let (first, other) = first_team(t, a, b);
    let (f, o) = (&t.teams[first], &t.teams[other]);
    let give = |team: usize, c: Colour, rule: Rule| -> (usize, usize, Rule) {
        let partner = if team == first { other } else { first };
        if c == Colour::White {
            (team, partner, rule)
        } else {
            (partner, team, rule)
        }
    };
    // 4.3.1: both teams have yet to play a match.
    if f.has_not_played() && o.has_not_played() {
        let Some(initial) = t.initial_colour else {
            return Err(PairError::Invalid(
                "the initial colour is not stated (tag 152) and no round shows it (C.04.6 4.1: drawn by lot before \
                 the first round)"
                    .into(),
            ));
        };
        let c = if f.tpn % 2 == 1 { initial } else { initial.opposite() };
        return Ok(give(first, c, Rule::InitialColour));
    }
    let (pf, po) = (f.preference, o.preference);
    match (pf, po) {
        // 4.3.2: only one team has a colour preference.
        (Some(p), None) => return Ok(give(first, p.colour, Rule::OnePreference)),
        (None, Some(p)) => return Ok(give(other, p.colour, Rule::OnePreference)),
        // 4.3.3: opposite colour preferences.
        (Some(p), Some(q)) if p.colour != q.colour => return Ok(give(first, p.colour, Rule::OppositePreferences)),
        // 4.3.4 (Type B): only one strong preference.
        (Some(p), Some(q)) if t.rules.colours == ColourModel::TypeB && p.strength != q.strength => {
            let strong = if p.strength == PreferenceStrength::Strong { first } else { other };
            return Ok(give(strong, p.colour, Rule::OneStrong));
        }
        _ => {}
    }
    // 4.3.5: White to the lower colour difference.
    if f.colour_difference != o.colour_difference {
        let lower = if f.colour_difference < o.colour_difference { first } else { other };
        return Ok(give(lower, Colour::White, Rule::LowerDifference));
    }
    // 4.3.6: alternate from the most recent time one had White and the other Black, played
    // matches only (C.04.2 3.4: the histories compared from their last played match back).
    for (cf, co) in f.colours.iter().rev().zip(o.colours.iter().rev()) {
        if cf != co {
            return Ok(give(first, cf.opposite(), Rule::Alternate));
        }
    }
    // 4.3.7: the first-team's colour preference.
    if let Some(p) = pf {
        return Ok(give(first, p.colour, Rule::FirstTeamPreference));
    }
    // 4.3.8: alternate the first-team's colour from its last played round.
    if let Some(&c) = f.colours.last() {
        return Ok(give(first, c.opposite(), Rule::FirstTeamAlternates));
    }
    // 4.3.9: alternate the other team's colour from its last played round.
    match o.colours.last() {
        Some(&c) => Ok(give(other, c.opposite(), Rule::OtherTeamAlternates)),
        None => Err(PairError::Internal(format!(
            "C.04.6 4.3: no rule decides the colours of teams {} and {}",
            f.tpn, o.tpn
        ))),
    }
}

/// The colours of the pair `a`, `b`: `(white, black)`.
pub fn allocate(t: &TeamTournament, a: usize, b: usize) -> Result<(usize, usize), PairError> {
    allocate_with_rule(t, a, b).map(|(w, b, _)| (w, b))
}
