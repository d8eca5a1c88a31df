//! Criteria named by meaning: `models/criteria-names.csv` is the dictionary of the names the
//! batch reports use (one row per name and edition: the edition's key and article), and must say
//! exactly what the criteria tables say. `LEXPAIR_BLESS=1` rewrites it from the tables.

use lexpair::systems::{criteria_dictionary, criterion_name};
use lexpair::vocabulary::System;

#[test]
fn the_dictionary_file_matches_the_tables() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/models/criteria-names.csv");
    let expected = criteria_dictionary();
    if std::env::var_os("LEXPAIR_BLESS").is_some() {
        std::fs::write(path, &expected).expect("write the dictionary");
    }
    let file = std::fs::read_to_string(path).unwrap_or_default();
    assert_eq!(file, expected, "models/criteria-names.csv is stale: rerun with LEXPAIR_BLESS=1");
}

/// The same criterion has the same name across editions whatever its number, different criteria
/// different names, and a criterion an edition lacks has no name there.
#[test]
fn names_follow_meaning_not_numbers() {
    let name = |s: System, k: &str| criterion_name(s, k);
    assert_eq!(name(System::Dutch2017, "C10"), Some("colour_preference_violations"));
    assert_eq!(name(System::Dutch2026, "C12"), Some("colour_preference_violations"));
    assert_eq!(name(System::Dutch2012, "X"), Some("colour_preference_violations"));
    assert_eq!(name(System::Dutch2017, "C5"), Some("pairs"));
    assert_eq!(name(System::Dutch2026, "C5"), Some("pab_score"));
    assert_ne!(name(System::Dutch2017, "C5"), name(System::Dutch2026, "C5"));
    assert_eq!(name(System::Dutch2017, "C21"), None);
    assert_eq!(name(System::Dutch2026, "C4"), Some("completion"));
    // Across systems too: Dubov's [C7] and Burstein's [C8] count what the Dutch [C12] counts;
    // Burstein's [C5] (outgoing floaters) what the 2026 Dutch [C6] counts.
    assert_eq!(name(System::Dubov2026, "C7"), Some("colour_preference_violations"));
    assert_eq!(name(System::Dubov2018, "C7"), Some("colour_preference_violations"));
    assert_eq!(name(System::Burstein2026, "C8"), Some("colour_preference_violations"));
    assert_eq!(name(System::Burstein2026, "C5"), name(System::Dutch2026, "C6"));
    assert_eq!(name(System::Dubov2026, "C5"), Some("upfloaters"));
    assert_eq!(name(System::Lim, "C5"), None);
    // Within an edition, names are distinct.
    let dict = criteria_dictionary();
    for system in ["dutch-2012", "dutch-2017", "dutch-2026", "dubov-2026", "burstein-2026"] {
        let names: Vec<&str> = dict
            .lines()
            .skip(1)
            .filter(|l| l.split(',').nth(1) == Some(system))
            .filter_map(|l| l.split(',').next())
            .collect();
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(names.len(), unique.len(), "{system}");
        assert!(names.len() >= 4, "{system}");
    }
}
