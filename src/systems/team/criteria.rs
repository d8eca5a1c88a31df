//! The quality criteria of the Swiss Team system (C.04.6 2.3, \[C4\]-\[C10\]), one row each, and
//! the words of its stages for `--explain`.
//!
//! \[C4\]-\[C7\] choose the set of upfloaters of a bracket (3.5.5, with the set order of 3.5.4 as
//! the last tie-break); \[C8\]-\[C10\] choose the bracket's pairing (3.6.4, with the identifier
//! order of 3.6.2-3.6.3 as the last tie-break). The absolute criteria \[C1\]-\[C2\] leave a pair
//! or a bye out of the models; the completion criterion \[C3\] is their requirement that every
//! team not yet paired can still be paired.

use crate::systems::trace::Words;
use crate::vocabulary::StageKey;

/// One quality criterion: its key in `models/team-2026.model`, its stable name (the batch
/// columns, `models/criteria-names.csv`) and the text's words.
pub struct Criterion {
    /// The key (`C4`).
    pub key: &'static str,
    /// The stable name.
    pub name: &'static str,
    /// The article and its words.
    pub article: &'static str,
}

/// \[C4\]-\[C10\] in the priority order of 2.3.
pub const CRITERIA: &[Criterion] = &[
    Criterion { key: "C4", name: "upfloaters", article: "C.04.6 [C4] minimise the number of upfloaters (2.3.1)" },
    Criterion {
        key: "C5",
        name: "upfloater_scores",
        article: "C.04.6 [C5] maximise the scores of the upfloaters (taken in ascending order) (2.3.2)",
    },
    Criterion {
        key: "C6",
        name: "next_scoregroup",
        article:
            "C.04.6 [C6] upfloaters that let the following scoregroup be paired with the fewest upfloaters (2.3.3)",
    },
    Criterion {
        key: "C7",
        name: "repeated_floaters_previous_round",
        article: "C.04.6 [C7] minimise the upfloaters who were floaters in the previous round (2.3.4)",
    },
    Criterion {
        key: "C8",
        name: "colour_preference_violations",
        article: "C.04.6 [C8] minimise the teams whose colour preference is not fulfilled (2.3.5)",
    },
    Criterion {
        key: "C9",
        name: "strong_colour_preference_violations",
        article: "C.04.6 [C9] minimise the teams whose strong colour preference is not fulfilled (Type B) (2.3.6)",
    },
    Criterion {
        key: "C10",
        name: "repeated_floater_opponents_previous_round",
        article: "C.04.6 [C10] minimise the upfloaters' opponents who were floaters in the previous round (2.3.7)",
    },
];

/// The row of `key`.
pub fn find(key: &str) -> Option<&'static Criterion> {
    CRITERIA.iter().find(|c| c.key == key)
}

/// The stage keys of the criteria (the stable names of `--explain-solver` and LP files).
pub const C4: StageKey = StageKey::count("C4", "upfloaters");
/// \[C5\], one stage per score (the lowest first).
pub const C5: StageKey = StageKey::count("C5", "upfloaters");
/// \[C6\], pass (0) or fail (1).
pub const C6: StageKey = StageKey::count("C6", "next-scoregroup-fails");
/// \[C7\].
pub const C7: StageKey = StageKey::count("C7", "repeated-floaters");
/// \[C8\].
pub const C8: StageKey = StageKey::count("C8", "colour-preferences");
/// \[C9\].
pub const C9: StageKey = StageKey::count("C9", "strong-colour-preferences");
/// \[C10\].
pub const C10: StageKey = StageKey::count("C10", "repeated-floater-opponents");
/// The article of a criterion key (quality criteria and the steps of 3.4), for the registry.
pub fn article(key: &str) -> Option<&'static str> {
    find(key).map(|c| c.article).or(match key {
        "3.4.1" => Some("C.04.6 3.4.1 the PAB goes to a team that leaves a legal pairing for all teams"),
        "3.4.2" => Some("C.04.6 3.4.2 the PAB goes to the team with the lowest score"),
        "3.4.3" => Some("C.04.6 3.4.3 the PAB goes to the team that has played the most matches"),
        "3.4.4" => Some("C.04.6 3.4.4 the PAB goes to the team with the largest TPN"),
        _ => None,
    })
}

/// The stages of the Swiss Team system in the text's words, for `--explain`.
pub fn words(key: &StageKey, v: i64, seat: &dyn Fn(usize) -> String) -> Option<Words> {
    let k = key.seat().unwrap_or(0);
    Some(match key.criterion {
        "3.4.1" => Words::new("3.4.1", "3.4.1 the bye leaves a legal pairing for all other teams".to_string()),
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
