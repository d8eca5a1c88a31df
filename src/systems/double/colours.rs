//! Colour allocation of the Double-Swiss system (C.04.5 Art. 4, reconstructed: `docs/double-swiss.md`):
//! which player of a pair has White in the match, i.e. White in its first game and Black in the
//! second (4.4). The rules of 4.3 in descending priority, the first that decides.

use crate::double::DoubleTournament;
use crate::trf::Colour;
use crate::vocabulary::PairError;

/// The rule of 4.3 that decided a pair's colours.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// 4.3.1: neither player has had a colour yet; the initial colour by the HRP's TPN.
    InitialColour,
    /// 4.3.2: White to the player who had White in fewer matches.
    FewerWhites,
    /// 4.3.3: alternate from the most recent match in which one had White and the other Black.
    Alternate,
    /// 4.3.4: alternate the HRP's colour from its last match with a colour.
    HigherRankedAlternates,
    /// 4.3.5: alternate the opponent's colour from its last match with a colour.
    OpponentAlternates,
}

impl Rule {
    /// The article.
    pub fn article(self) -> &'static str {
        match self {
            Rule::InitialColour => "C.04.5 4.3.1",
            Rule::FewerWhites => "C.04.5 4.3.2",
            Rule::Alternate => "C.04.5 4.3.3",
            Rule::HigherRankedAlternates => "C.04.5 4.3.4",
            Rule::OpponentAlternates => "C.04.5 4.3.5",
        }
    }
}

/// 4.2: the higher-ranked player (HRP) of the pair `a`, `b`: the higher score, else the smaller
/// TPN (the order of 1.2; the score as the standings have it, no virtual points).
pub fn higher_ranked(t: &DoubleTournament, a: usize, b: usize) -> (usize, usize) {
    let (pa, pb) = (&t.players[a], &t.players[b]);
    let a_first = match pa.score.cmp(&pb.score) {
        std::cmp::Ordering::Greater => true,
        std::cmp::Ordering::Less => false,
        std::cmp::Ordering::Equal => pa.tpn < pb.tpn,
    };
    if a_first {
        (a, b)
    } else {
        (b, a)
    }
}

/// The colours of the pair `a`, `b` and the rule that decided them: `(white, black, rule)`.
pub fn allocate_with_rule(t: &DoubleTournament, a: usize, b: usize) -> Result<(usize, usize, Rule), PairError> {
    let (hrp, other) = higher_ranked(t, a, b);
    let (h, o) = (&t.players[hrp], &t.players[other]);
    let give = |who: usize, c: Colour, rule: Rule| -> (usize, usize, Rule) {
        let partner = if who == hrp { other } else { hrp };
        if c == Colour::White {
            (who, partner, rule)
        } else {
            (partner, who, rule)
        }
    };
    // 4.3.1: both have yet to play a match (neither has had a colour).
    if h.has_no_colour() && o.has_no_colour() {
        let Some(initial) = t.initial_colour else {
            return Err(PairError::Invalid(
                "the initial colour is not stated (tag 152, or XXC white1|black1) and no match shows it (C.04.5 4.1, \
                 4.3.1)"
                    .into(),
            ));
        };
        let c = if h.tpn % 2 == 1 { initial } else { initial.opposite() };
        return Ok(give(hrp, c, Rule::InitialColour));
    }
    // 4.3.2: White to the player who had White fewer times.
    if h.whites != o.whites {
        let fewer = if h.whites < o.whites { hrp } else { other };
        return Ok(give(fewer, Colour::White, Rule::FewerWhites));
    }
    // 4.3.3: alternate from the most recent match where one had White and the other Black,
    // matches with a colour only, histories compared from their last such match back (C.04.2
    // 3.4).
    for (ch, co) in h.colours.iter().rev().zip(o.colours.iter().rev()) {
        if ch != co {
            return Ok(give(hrp, ch.opposite(), Rule::Alternate));
        }
    }
    // 4.3.4: alternate the HRP's colour from its last match with a colour.
    if let Some(&c) = h.colours.last() {
        return Ok(give(hrp, c.opposite(), Rule::HigherRankedAlternates));
    }
    // 4.3.5: alternate the opponent's colour from its last match with a colour.
    match o.colours.last() {
        Some(&c) => Ok(give(other, c.opposite(), Rule::OpponentAlternates)),
        None => Err(PairError::Internal(format!("C.04.5 4.3: no rule decides the colours of {} and {}", h.id, o.id))),
    }
}

/// The colours of the pair `a`, `b`: `(white, black)`.
pub fn allocate(t: &DoubleTournament, a: usize, b: usize) -> Result<(usize, usize), PairError> {
    allocate_with_rule(t, a, b).map(|(w, b, _)| (w, b))
}
