//! The pairing systems: one folder per system, and the registry of their rows.
//!
//! The words they share (system names, options, errors, stage keys) come from
//! [`crate::vocabulary`], below this module; the registry (`registry`) is the one place that
//! names every system's folder. A round is paired through the door of [`crate::round`], never
//! by calling a system directly.

pub mod burstein;
mod colour_grant;
pub(crate) mod counterfactual;
pub(crate) mod custom;
pub mod double;
pub mod dubov;
pub mod dutch;
pub mod field;
pub mod lim;
pub(crate) mod own;
pub(crate) mod registry;
mod solving;
pub mod team;
mod top_scoregroup;
pub mod trace;

pub use registry::{
    criteria_dictionary, criteria_rows, criterion_article, criterion_name, why_bye, why_not, ByeRules, CriteriaFn,
    DoublePairFn, DoubleWhyByeFn, DoubleWhyNotFn, Entry, OwnCriteria, PairFn, Registration, TeamPairFn, TeamWhyByeFn,
    TeamWhyNotFn, Why, WhyNotFn, REGISTRY,
};
pub(crate) use top_scoregroup::sort_boards as sort_match_boards;

/// For the tests of a system that solves a program two ways (relaxed first, or whole).
#[cfg(test)]
pub(crate) mod two_ways {
    use crate::pairing::RoundPairing;
    use crate::systems::trace::BracketTrace;
    use crate::tournament::Tournament;
    use crate::trf::{read_file, ReadOptions};
    use crate::vocabulary::PairError;

    /// Pairs every round from round 2 of the first `take` tournaments of the corpus `folder`
    /// (`../shared/corpus`) both ways, `pair(t, relax)`, and requires the same pairing (or the
    /// same error) and the same stage values; returns the rounds and brackets compared.
    pub fn agree(
        folder: &str,
        take: usize,
        pair: impl Fn(&Tournament, bool) -> Result<(RoundPairing, Vec<BracketTrace>), PairError>,
    ) -> (usize, usize) {
        let dir = std::path::Path::new("../shared/corpus").join(folder).join("tournaments");
        let mut files: Vec<_> =
            std::fs::read_dir(&dir).expect("the corpus beside the repository").flatten().map(|e| e.path()).collect();
        files.sort();
        let (mut rounds, mut brackets) = (0, 0);
        for path in files.iter().take(take) {
            let name = path.display();
            let doc = read_file(path, &ReadOptions::default()).expect("corpus file");
            for round in 2.. {
                let Ok(t) = Tournament::before_round(&doc, round) else { break };
                if t.players.iter().all(|p| p.history.len() < round as usize - 1) {
                    break;
                }
                let stages = |tr: &[BracketTrace]| tr.iter().map(|b| b.stages.clone()).collect::<Vec<_>>();
                match (pair(&t, false), pair(&t, true)) {
                    (Ok(w), Ok(r)) => {
                        assert_eq!(format!("{:?}", w.0), format!("{:?}", r.0), "{name} round {round}: pairing");
                        assert_eq!(stages(&w.1), stages(&r.1), "{name} round {round}: stage values");
                        brackets += r.1.len();
                    }
                    (Err(w), Err(r)) => assert_eq!(w.to_string(), r.to_string()),
                    (w, r) => panic!("{name} round {round}: whole {:?} relaxed {:?}", w.err(), r.err()),
                }
                rounds += 1;
            }
        }
        (rounds, brackets)
    }
}
