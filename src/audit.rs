//! What a round's cross-checks confirmed: counted where they run, handed back as values.
//!
//! This module sits below every layer (beside `vocabulary`, importing nothing of the crate): the
//! round's options carry an [`Audit`] and the SAT budget, and the solvers count into it, so it
//! can be used by both without an import cycle. The counts' types ([`CrossCheckStats`] for
//! `--cross-check sat`, [`SecondOpinionStats`] for `--cross-check solver`) live here for the same
//! reason; the solvers re-export them where they are produced.
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

/// A bound on the effort of one pairability question: learned clauses (conflicts) and seconds,
/// whichever runs out first. The conflict bound is deterministic; the time bound is a safety net.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SatBudget {
    /// Learned clauses (conflicts) before the question is left undecided: deterministic.
    pub conflicts: u64,
    /// Seconds before the question is left undecided: a safety net.
    pub seconds: f64,
}

impl Default for SatBudget {
    /// 100,000 conflicts or 2 seconds per question.
    fn default() -> Self {
        SatBudget { conflicts: 100_000, seconds: 2.0 }
    }
}

/// The run-time cross-check (`--cross-check sat`): counts of the completion questions the exact
/// matching answered and SAT re-decided.
#[derive(Clone, Debug, Default, PartialEq, serde::Serialize)]
pub struct CrossCheckStats {
    /// Completion questions answered by the exact matching.
    pub decisions: u64,
    /// Of those, confirmed by SAT: a checked witness for a "yes", a checked refutation for a "no".
    pub confirmed: u64,
    /// Of those, left undecided by SAT within the budget.
    pub undecided: u64,
    /// Answers on which the matching and SAT disagree (each one a bug), described.
    pub disagreements: Vec<String>,
    /// Seconds spent in the SAT re-decisions.
    pub sat_seconds: f64,
}

impl CrossCheckStats {
    /// Adds another session's counts.
    pub fn add(&mut self, o: &CrossCheckStats) {
        self.decisions += o.decisions;
        self.confirmed += o.confirmed;
        self.undecided += o.undecided;
        self.disagreements.extend(o.disagreements.iter().cloned());
        self.sat_seconds += o.sat_seconds;
    }
}

impl std::fmt::Display for CrossCheckStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cross-check sat: {} completion decisions, {} confirmed, {} undecided, {} disagreements, {:.3} s in SAT",
            self.decisions,
            self.confirmed,
            self.undecided,
            self.disagreements.len(),
            self.sat_seconds
        )
    }
}

/// The second route's time limit per HiGHS call, seconds (less if the user's is less).
pub const HIGHS_SECONDS: f64 = 10.0;

/// What the second routes confirmed in one round (counted into the round's [`Audit`]).
#[derive(Clone, Debug, Default, PartialEq, Eq, serde::Serialize)]
pub struct SecondOpinionStats {
    /// Brackets (sessions) solved twice.
    pub sessions: u64,
    /// Stage optima confirmed by HiGHS.
    pub by_highs: u64,
    /// Stage optima confirmed by the other path of the weighted matching.
    pub by_matching: u64,
    /// Stage optima the second route did not decide within its time limit.
    pub undecided: u64,
    /// What the two routes disagreed on (each one a bug in one of them; the solve failed).
    pub disagreements: Vec<String>,
}

impl std::fmt::Display for SecondOpinionStats {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "cross-check solver: {} bracket models solved twice, {} stage optima confirmed by HiGHS, {} by the other matching path, {} undecided (HiGHS past {HIGHS_SECONDS} s), {} disagreements",
            self.sessions,
            self.by_highs,
            self.by_matching,
            self.undecided,
            self.disagreements.len()
        )
    }
}
