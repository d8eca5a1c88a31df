//! The quality criteria of the Double-Swiss system (C.04.5 2.3, \[C4\]-\[C8\]), one row each, and
//! the words of its stages for `--explain`. The articles after 1.3.2 are reconstructed from
//! implementers' notes (`docs/double-swiss.md`): \[C4\]-\[C7\] are C.04.6's, \[C8\] is C.04.6's
//! \[C10\]; there is no colour criterion; \[C7\] and \[C8\] lapse in the last round only.

use crate::systems::trace::Words;
use crate::vocabulary::StageKey;

/// One quality criterion: its key, its stable name (the batch columns) and the text's words.
pub struct Criterion {
    /// The key (`C4`).
    pub key: &'static str,
    /// The stable name (`models/criteria-names.csv`).
    pub name: &'static str,
    /// The article and its words.
    pub article: &'static str,
}

/// \[C4\]-\[C8\] in the priority order of 2.3.
pub const CRITERIA: &[Criterion] = &[
    Criterion { key: "C4", name: "upfloaters", article: "C.04.5 [C4] minimise the number of upfloaters (2.3.1)" },
    Criterion {
        key: "C5",
        name: "upfloater_scores",
        article: "C.04.5 [C5] maximise the scores of the upfloaters (taken in ascending order) (2.3.2)",
    },
    Criterion {
        key: "C6",
        name: "next_scoregroup",
        article:
            "C.04.5 [C6] upfloaters that let the following scoregroup be paired with the fewest upfloaters (2.3.3)",
    },
    Criterion {
        key: "C7",
        name: "repeated_floaters_previous_round",
        article: "C.04.5 [C7] minimise the upfloaters who were floaters in the previous round (2.3.4)",
    },
    Criterion {
        key: "C8",
        name: "repeated_floater_opponents_previous_round",
        article: "C.04.5 [C8] minimise the upfloaters' opponents who were floaters in the previous round (2.3.5)",
    },
];

/// The row of `key`.
pub fn find(key: &str) -> Option<&'static Criterion> {
    CRITERIA.iter().find(|c| c.key == key)
}

/// \[C4\].
pub const C4: StageKey = StageKey::count("C4", "upfloaters");
/// \[C5\], one stage per score (the lowest first).
pub const C5: StageKey = StageKey::count("C5", "upfloaters");
/// \[C6\], pass (0) or fail (1).
pub const C6: StageKey = StageKey::count("C6", "next-scoregroup-fails");
/// \[C7\].
pub const C7: StageKey = StageKey::count("C7", "repeated-floaters");
/// \[C8\].
pub const C8: StageKey = StageKey::count("C8", "repeated-floater-opponents");

/// The article of a criterion key (quality criteria and the steps of 3.4).
pub fn article(key: &str) -> Option<&'static str> {
    find(key).map(|c| c.article).or(match key {
        "3.4.1" => Some("C.04.5 3.4.1 the PAB goes to a player that leaves a legal pairing for all players"),
        "3.4.2" => Some("C.04.5 3.4.2 the PAB goes to the player with the lowest score"),
        "3.4.3" => Some("C.04.5 3.4.3 the PAB goes to the player that has played the most matches"),
        "3.4.4" => Some("C.04.5 3.4.4 the PAB goes to the player with the largest TPN"),
        _ => None,
    })
}

/// The stages of the Double-Swiss system in the text's words, for `--explain`.
pub fn words(key: &StageKey, v: i64, seat: &dyn Fn(usize) -> String) -> Option<Words> {
    let k = key.seat().unwrap_or(0);
    Some(match key.criterion {
        "3.4.1" => Words::new("3.4.1", "3.4.1 the bye leaves a legal pairing for all other players".to_string()),
        "3.4.2" => Words::new("3.4.2", format!("3.4.2 the lowest score: {}", crate::points::Points(v).words())),
        "3.4.3" => Words::new("3.4.3", format!("3.4.3 the most matches played: {}", v.abs())),
        "3.4.4" => Words::new("3.4.4", format!("3.4.4 the largest TPN among them: {}", v.abs())),
        "3.5.4" => {
            let how = if v < 0 { "is in the set" } else { "is not" };
            Words::new("3.5.4", format!("3.5.4 set order: potential upfloater #{k} {how}"))
        }
        "3.6.2" => {
            let how = if v < 0 { "is a top member" } else { "is a bottom member" };
            Words::new("3.6.2", format!("3.6.2 identifier: seat {k}, {}, {how}", seat(k)))
        }
        "3.6.3" if v != 0 => Words::new(
            "3.6.3",
            format!("3.6.3 identifier: seat {k}, {}, meets seat {v}, {}", seat(k), seat(v as usize)),
        ),
        "3.6.3" => Words::new("3.6.3", format!("3.6.3 identifier: seat {k}, {}, is a bottom member", seat(k))),
        "C6" => {
            let words = "[C6] the following scoregroup can be paired with the fewest upfloaters";
            Words::new(
                "[C6]",
                format!("{words}: {}", if v == 0 { "yes" } else { "no (no set of upfloaters allows it)" }),
            )
        }
        _ => return None,
    })
}
