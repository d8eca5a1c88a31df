//! What a round's cross-checks confirmed: counted where they run, handed back as values.
//!
//! An [`Audit`] travels with the round's options (`PairOptions`), so the completion checks and
//! the solver sessions deep inside a system count into it without any state of their own. The
//! door of a round (`round::pair`) opens a fresh one per round, lets the system pair, and closes
//! it into the counts the `Round` carries ([`AuditCounts`]). An audit that was never opened (the
//! default) counts nothing and asks for no cross-check.
//!
//! It is a shared handle (`Arc<Mutex<…>>`): the options are cloned freely while pairing, and a
//! batch pairs rounds on several threads, each with its own audit; nothing is shared between
//! rounds, so the counts never depend on the thread count.
#![warn(missing_docs)]

use super::sat::{CrossCheckStats, SatBudget};
use super::second_opinion::SecondOpinionStats;
use std::sync::{Arc, Mutex, PoisonError};

/// The counts of one round's cross-checks (see the module header).
#[derive(Clone, Debug, Default)]
pub struct Audit(Option<Arc<Mutex<Open>>>);

#[derive(Debug, Default)]
struct Open {
    sat: Option<(SatBudget, CrossCheckStats)>,
    solver: SecondOpinionStats,
}

/// What an audit counted, once closed.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct AuditCounts {
    /// `--cross-check sat`: the completion questions SAT re-decided (`None` when not asked for).
    pub sat: Option<CrossCheckStats>,
    /// `--cross-check solver`: the stage optima the second route confirmed.
    pub solver: SecondOpinionStats,
}

impl Audit {
    /// An open audit; with `sat`, every completion question the exact matching answers is
    /// re-decided by SAT within that budget.
    pub fn open(sat: Option<SatBudget>) -> Audit {
        Audit(Some(Arc::new(Mutex::new(Open {
            sat: sat.map(|b| (b, CrossCheckStats::default())),
            solver: SecondOpinionStats::default(),
        }))))
    }

    fn with<R>(&self, f: impl FnOnce(&mut Open) -> R) -> Option<R> {
        self.0.as_ref().map(|m| f(&mut m.lock().unwrap_or_else(PoisonError::into_inner)))
    }

    /// The SAT budget when completion answers are to be re-decided.
    pub fn sat_budget(&self) -> Option<SatBudget> {
        self.with(|o| o.sat.as_ref().map(|(b, _)| *b)).flatten()
    }

    /// Counts into the SAT statistics (a no-op unless SAT re-decides).
    pub(crate) fn sat(&self, f: impl FnOnce(&mut CrossCheckStats)) {
        self.with(|o| {
            if let Some((_, st)) = o.sat.as_mut() {
                f(st);
            }
        });
    }

    /// Counts into the second-opinion statistics (a no-op on an audit never opened).
    pub(crate) fn solver(&self, f: impl FnOnce(&mut SecondOpinionStats)) {
        self.with(|o| f(&mut o.solver));
    }

    /// The counts so far; the audit stays open.
    pub fn counts(&self) -> AuditCounts {
        self.with(|o| AuditCounts { sat: o.sat.as_ref().map(|(_, st)| st.clone()), solver: o.solver.clone() })
            .unwrap_or_default()
    }
}

impl AuditCounts {
    /// Adds another round's counts.
    pub fn add(&mut self, o: &AuditCounts) {
        if let Some(s) = &o.sat {
            self.sat.get_or_insert_with(CrossCheckStats::default).add(s);
        }
        let (a, b) = (&mut self.solver, &o.solver);
        a.sessions += b.sessions;
        a.by_highs += b.by_highs;
        a.by_matching += b.by_matching;
        a.undecided += b.undecided;
        a.disagreements.extend(b.disagreements.iter().cloned());
    }
}
