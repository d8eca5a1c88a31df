//! The systems' quality criteria evaluated on a whole round's pairing, by the checker's own code.
//!
//! The rules apply their quality criteria bracket by bracket, top bracket first; a round-level
//! value per criterion is what can be computed from a pairing alone, and is what a hand-made
//! pairing is compared on. Every value is a list of integers compared lexicographically, lower
//! is better: a count is a one-element list, "taken in descending order" is a sorted list.
//! Scores are pairing scores (with acceleration) in tenths of a point.
//!
//! Colour preferences are computed here from the colours of played games (C.04.3 2026 1.7,
//! 2017 A.6, Dubov 1.6): absolute when the colour difference is beyond ±1 or the last two games
//! had the same colour, strong at ±1, mild at 0 (alternate the last game), none without games.

use super::rules::{Edition, Rules};
use crate::pairing::RoundPairing;
use crate::tournament::colour::limits_broken;
use crate::tournament::{Float, FloatRule, Tournament};
use crate::trf::Colour;
use crate::vocabulary::System;
use serde::Serialize;

/// One quality criterion, evaluated on a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Criterion {
    /// Score of the PAB's receiver (lower is better).
    ByeScore,
    /// Rounds the PAB's receiver did not play (fewer is better).
    ByeUnplayed,
    /// Number of players paired out of their score (Dutch: downfloaters, the PAB's receiver
    /// included; Dubov and Lim: upfloaters).
    Floaters,
    /// Scores of the downfloaters, in descending order.
    FloaterScores,
    /// Score differences of all pairs, in descending order (the PSD of the pairs).
    ScoreDifferences,
    /// Players whose colour difference goes beyond ±2 (allowed only where the rules exempt).
    ColourDifferenceBeyondTwo,
    /// Players who get the same colour a third time in a row (allowed only where exempt).
    ThreeInARow,
    /// Players who do not get their colour preference.
    ColourPreference,
    /// Players who do not get their strong (or absolute) colour preference.
    StrongColourPreference,
    /// Players who downfloat now and downfloated `1` or `2` rounds before.
    RepeatedDownfloat(u8),
    /// Players who upfloat now and upfloated `1` or `2` rounds before.
    RepeatedUpfloat(u8),
    /// Teams: matches played by the PAB's receiver (more is better: counted negative).
    ByeMatchesPlayed,
    /// Teams: the scores of the upfloaters in ascending order, maximised (counted negative).
    UpfloaterScores,
    /// Teams: upfloaters that were floaters in the previous round.
    RepeatedFloaters,
    /// Teams: upfloaters' opponents that were floaters in the previous round.
    RepeatedFloaterOpponents,
}

impl Criterion {
    /// What the criterion counts, in words.
    pub fn words(self) -> &'static str {
        match self {
            Criterion::ByeScore => "score of the PAB's receiver",
            Criterion::ByeUnplayed => "rounds the PAB's receiver did not play",
            Criterion::Floaters => "floaters",
            Criterion::FloaterScores => "scores of the downfloaters",
            Criterion::ScoreDifferences => "score differences of the pairs",
            Criterion::ColourDifferenceBeyondTwo => "colour differences beyond 2",
            Criterion::ThreeInARow => "a colour three times in a row",
            Criterion::ColourPreference => "colour preferences not met",
            Criterion::StrongColourPreference => "strong colour preferences not met",
            Criterion::RepeatedDownfloat(1) => "downfloaters who downfloated the round before",
            Criterion::RepeatedDownfloat(_) => "downfloaters who downfloated two rounds before",
            Criterion::RepeatedUpfloat(1) => "upfloaters who upfloated the round before",
            Criterion::RepeatedUpfloat(_) => "upfloaters who upfloated two rounds before",
            Criterion::ByeMatchesPlayed => "matches played by the PAB's receiver",
            Criterion::UpfloaterScores => "scores of the upfloaters",
            Criterion::RepeatedFloaters => "upfloaters who floated the round before",
            Criterion::RepeatedFloaterOpponents => "upfloaters' opponents who floated the round before",
        }
    }

    /// A value of this criterion as the rules count it: scores in points (`2½, 2½, 1`), counts
    /// as numbers, "none" for an empty list.
    pub fn show(self, value: &[i64]) -> String {
        let points = |v: i64| crate::points::Points(v).words();
        match self {
            _ if value.is_empty() => "none".to_string(),
            Criterion::ByeScore | Criterion::FloaterScores | Criterion::ScoreDifferences => {
                value.iter().map(|&v| points(v)).collect::<Vec<_>>().join(", ")
            }
            Criterion::UpfloaterScores => value.iter().map(|&v| points(-v)).collect::<Vec<_>>().join(", "),
            Criterion::ByeMatchesPlayed => value.iter().map(|v| v.abs().to_string()).collect::<Vec<_>>().join(", "),
            _ => value.iter().map(|v| v.to_string()).collect::<Vec<_>>().join(", "),
        }
    }
}

/// A criterion's name and its article in a given edition.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CriterionValue {
    /// The criterion.
    pub criterion: Criterion,
    /// Its article in the edition judged (`C.04.3 (2026) 2.4.7 [C12]`).
    pub article: &'static str,
    /// Its value on the round, compared lexicographically, lower better (scores in tenths).
    pub value: Vec<i64>,
}

/// The quality of a round's pairing: the system's criteria in priority order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Quality {
    /// One value per criterion of the system, in priority order.
    pub criteria: Vec<CriterionValue>,
}

/// How a pairing compares with another, criterion by criterion in priority order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Comparison {
    /// Equal on every criterion.
    AsGood,
    /// Worse at this criterion, equal on every earlier one.
    Worse {
        /// The first criterion on which the two differ.
        criterion: Criterion,
        /// Its article in the edition judged.
        article: &'static str,
        /// The pairing's value at it.
        value: Vec<i64>,
        /// The reference pairing's value at it.
        reference: Vec<i64>,
    },
    /// Better at this criterion, equal on every earlier one (the rules compare bracket by
    /// bracket, so a round-level gain may be paid for in a higher bracket).
    Better {
        /// The first criterion on which the two differ.
        criterion: Criterion,
        /// Its article in the edition judged.
        article: &'static str,
        /// The pairing's value at it.
        value: Vec<i64>,
        /// The reference pairing's value at it.
        reference: Vec<i64>,
    },
}

/// The system's criteria in priority order, with their articles.
fn criteria(ed: Edition) -> Vec<(Criterion, &'static str)> {
    use Criterion::*;
    match ed.rules {
        Rules::Dutch2026 => vec![
            (ByeScore, "C.04.3 (2026) 2.3.1 [C5]"),
            (Floaters, "C.04.3 (2026) 2.4.1 [C6]"),
            (FloaterScores, "C.04.3 (2026) 2.4.2 [C7]"),
            (ByeUnplayed, "C.04.3 (2026) 2.4.4 [C9]"),
            (ColourDifferenceBeyondTwo, "C.04.3 (2026) 2.4.5 [C10]"),
            (ThreeInARow, "C.04.3 (2026) 2.4.6 [C11]"),
            (ColourPreference, "C.04.3 (2026) 2.4.7 [C12]"),
            (StrongColourPreference, "C.04.3 (2026) 2.4.8 [C13]"),
            (RepeatedDownfloat(1), "C.04.3 (2026) 2.4.9 [C14]"),
            (RepeatedUpfloat(1), "C.04.3 (2026) 2.4.10 [C15]"),
            (RepeatedDownfloat(2), "C.04.3 (2026) 2.4.11 [C16]"),
            (RepeatedUpfloat(2), "C.04.3 (2026) 2.4.12 [C17]"),
        ],
        Rules::Dutch2017 => vec![
            (Floaters, "C.04.3 (2017) C.5"),
            (ScoreDifferences, "C.04.3 (2017) C.6"),
            (ColourDifferenceBeyondTwo, "C.04.3 (2017) C.8"),
            (ThreeInARow, "C.04.3 (2017) C.9"),
            (ColourPreference, "C.04.3 (2017) C.10"),
            (StrongColourPreference, "C.04.3 (2017) C.11"),
            (RepeatedDownfloat(1), "C.04.3 (2017) C.12"),
            (RepeatedUpfloat(1), "C.04.3 (2017) C.13"),
            (RepeatedDownfloat(2), "C.04.3 (2017) C.14"),
            (RepeatedUpfloat(2), "C.04.3 (2017) C.15"),
        ],
        Rules::Dutch2012 => vec![
            (ScoreDifferences, "C.04.3 (2012) B.3"),
            (ColourPreference, "C.04.3 (2012) B.4"),
            (RepeatedDownfloat(1), "C.04.3 (2012) B.5"),
            (RepeatedUpfloat(1), "C.04.3 (2012) B.5"),
            (RepeatedDownfloat(2), "C.04.3 (2012) B.6"),
            (RepeatedUpfloat(2), "C.04.3 (2012) B.6"),
        ],
        Rules::Dubov2026 | Rules::Dubov2018 => {
            let (bye, c5, c6, c7, c10) = if ed.rules == Rules::Dubov2026 {
                ("C.04.4.1 (2026) 3.1.3", "[C5]", "[C6]", "[C7]", "[C10]")
            } else {
                ("C.04.4.1 (2018) D.1", "C.5", "C.6", "C.7", "C.10")
            };
            vec![
                (ByeScore, bye),
                (ByeUnplayed, bye),
                (Floaters, c5),
                (ScoreDifferences, c6),
                (ColourPreference, c7),
                (RepeatedUpfloat(1), c10),
            ]
        }
        // After the seeding rounds (which the Dutch 2026 criteria describe).
        Rules::Burstein2026 => vec![
            (ByeScore, "C.04.4.2 (2026) 3.1.3"),
            (ByeUnplayed, "C.04.4.2 (2026) 3.1.4"),
            (Floaters, "C.04.4.2 (2026) [C5]"),
            (FloaterScores, "C.04.4.2 (2026) [C6]"),
            (ColourPreference, "C.04.4.2 (2026) [C8]"),
        ],
        // Its quality criteria are its formulation file's own: the checker judges its pairings
        // on the absolute rules only.
        Rules::Field => Vec::new(),
        Rules::Lim => vec![
            (ByeScore, "C.04.4.3 1.1"),
            (Floaters, "C.04.4.3 2.2"),
            (ScoreDifferences, "C.04.4.3 3"),
            (ColourPreference, "C.04.4.3 5.1"),
        ],
    }
}

/// The quality of `pairing` under `system`, every criterion computed from the pairing.
pub fn evaluate(system: System, t: &Tournament, pairing: &RoundPairing) -> Quality {
    let Some(ed) = Edition::of(system) else {
        return Quality { criteria: Vec::new() };
    };
    let n = t.players.len();
    let score = |i: usize| t.players[i].pairing_score().0;
    // Who floats which way this round: the higher score of a pair downfloats, the lower
    // upfloats; the PAB's receiver downfloats (Dutch).
    let mut down: Vec<usize> = Vec::new();
    let mut up: Vec<usize> = Vec::new();
    let mut diffs: Vec<i64> = Vec::new();
    let mut colour: Vec<Option<Colour>> = vec![None; n];
    for b in pairing.boards.iter().filter(|b| b.white < n && b.black < n) {
        colour[b.white] = Some(Colour::White);
        colour[b.black] = Some(Colour::Black);
        let (sw, sb) = (score(b.white), score(b.black));
        diffs.push((sw - sb).abs());
        if sw != sb {
            let (hi, lo) = if sw > sb { (b.white, b.black) } else { (b.black, b.white) };
            down.push(hi);
            up.push(lo);
        }
    }
    let bye = pairing.bye.filter(|&p| p < n);
    let dutch = ed.is_dutch();
    if dutch {
        down.extend(bye);
    }
    let desc = |mut v: Vec<i64>| {
        v.sort_unstable_by(|a, b| b.cmp(a));
        v
    };
    let rule = if ed.rules == Rules::Dutch2026 { FloatRule::Dutch2026 } else { FloatRule::Dutch2017 };
    let last = t.is_last_round();
    let criteria = criteria(ed)
        .into_iter()
        .filter(|(c, _)| {
            !(matches!(ed.rules, Rules::Dubov2018 | Rules::Dubov2026) && last && *c == Criterion::RepeatedUpfloat(1))
        })
        .map(|(criterion, article)| {
            let value = match criterion {
                Criterion::ByeScore => bye.map(score).into_iter().collect(),
                // C.04.3 (2026) 2.4.4 [C9], Note: only "brackets that downfloat exactly one player,
                // who will end up receiving the pairing-allocated bye": nobody of the bye's score
                // or above is paired below it (else that bracket downfloats more than one).
                Criterion::ByeUnplayed if ed.rules == Rules::Dutch2026 => bye
                    .filter(|&p| {
                        let s = score(p);
                        pairing.boards.iter().filter(|b| b.white < n && b.black < n).all(|b| {
                            let (a, c) = (score(b.white), score(b.black));
                            (a >= s) == (c >= s)
                        })
                    })
                    .map(|p| t.players[p].unplayed_rounds as i64)
                    .into_iter()
                    .collect(),
                Criterion::ByeUnplayed => bye.map(|p| t.players[p].unplayed_rounds as i64).into_iter().collect(),
                Criterion::Floaters => vec![if dutch { down.len() } else { up.len() } as i64],
                Criterion::FloaterScores => desc(down.iter().map(|&i| score(i)).collect()),
                Criterion::ScoreDifferences => desc(diffs.clone()),
                // The colour limits as this round's rule (`limits_broken`), as the checker's
                // absolute rules read them.
                Criterion::ColourDifferenceBeyondTwo => {
                    vec![count(n, |i| colour[i].is_some_and(|c| limits_broken(&t.players[i].colours, c).difference))]
                }
                Criterion::ThreeInARow => vec![count(n, |i| {
                    colour[i].is_some_and(|c| limits_broken(&t.players[i].colours, c).three_in_a_row)
                })],
                Criterion::ColourPreference => vec![count(n, |i| {
                    colour[i].is_some_and(|c| preference(&t.players[i].colours).is_some_and(|(p, _)| p != c))
                })],
                Criterion::StrongColourPreference => vec![count(n, |i| {
                    colour[i].is_some_and(|c| preference(&t.players[i].colours).is_some_and(|(p, s)| s && p != c))
                })],
                Criterion::RepeatedDownfloat(k) => {
                    vec![down.iter().filter(|&&i| t.players[i].float_back(k as usize, rule) == Float::Down).count()
                        as i64]
                }
                Criterion::RepeatedUpfloat(k) => {
                    vec![up.iter().filter(|&&i| t.players[i].float_back(k as usize, rule) == Float::Up).count() as i64]
                }
                // The team criteria (super::team::evaluate); no individual system lists them.
                Criterion::ByeMatchesPlayed
                | Criterion::UpfloaterScores
                | Criterion::RepeatedFloaters
                | Criterion::RepeatedFloaterOpponents => Vec::new(),
            };
            CriterionValue { criterion, article, value }
        })
        .collect();
    Quality { criteria }
}

/// Compares `q` with `reference` criterion by criterion (both evaluated under the same system).
pub fn compare(q: &Quality, reference: &Quality) -> Comparison {
    for (a, b) in q.criteria.iter().zip(&reference.criteria) {
        let (value, reference) = (a.value.clone(), b.value.clone());
        match a.value.cmp(&b.value) {
            std::cmp::Ordering::Equal => continue,
            std::cmp::Ordering::Greater => {
                return Comparison::Worse { criterion: a.criterion, article: a.article, value, reference }
            }
            std::cmp::Ordering::Less => {
                return Comparison::Better { criterion: a.criterion, article: a.article, value, reference }
            }
        }
    }
    Comparison::AsGood
}

fn count(n: usize, f: impl Fn(usize) -> bool) -> i64 {
    (0..n).filter(|&i| f(i)).count() as i64
}

fn sign(c: Colour) -> i64 {
    if c == Colour::White {
        1
    } else {
        -1
    }
}

fn difference(colours: &[Colour]) -> i64 {
    colours.iter().map(|&c| sign(c)).sum()
}

/// The colour preference from the colours of played games: (colour, strong or absolute).
fn preference(colours: &[Colour]) -> Option<(Colour, bool)> {
    let d = difference(colours);
    let last_two = colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
    match (d, colours.last()) {
        (d, _) if d < -1 => Some((Colour::White, true)),
        (d, _) if d > 1 => Some((Colour::Black, true)),
        (_, Some(&c)) if last_two => Some((c.opposite(), true)),
        (-1, _) => Some((Colour::White, true)),
        (1, _) => Some((Colour::Black, true)),
        (_, Some(&c)) => Some((c.opposite(), false)),
        (_, None) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn preferences_follow_the_text() {
        assert_eq!(preference(&[]), None);
        assert_eq!(preference(&[W]), Some((B, true)));
        assert_eq!(preference(&[W, B]), Some((W, false)));
        assert_eq!(preference(&[B, W, W]), Some((B, true)));
        assert_eq!(preference(&[B, B, W, W]), Some((B, true)));
        assert_eq!(preference(&[W, W, B, W]), Some((B, true)));
        assert_eq!(preference(&[B, B]), Some((W, true)));
    }
}
