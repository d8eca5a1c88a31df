//! The checker's rules for the systems whose pairs are matches: the Swiss Team system (C.04.6,
//! teams) and the Double-Swiss system (C.04.5, players in two-game matches). Both say the same
//! absolute things in the same articles' places, so they are judged by one procedure over the
//! facts each tournament state gives ([`Judged`]), one data row per system ([`MATCH_EDITIONS`]).
//!
//! Checked, in this order: every index names a unit; no unit plays itself; absent units are not
//! paired; every present unit appears exactly once (in a pair or as the PAB) and the PAB is given
//! only when the number of units is odd (3.3.1); the PAB's receiver may receive it (\[C2\]: not
//! after a pairing-allocated bye, a match won by forfeit or a full-point bye); no second meeting
//! (\[C1\]: a match actually played; in Double-Swiss a match not ended by forfeit); no prohibited
//! pair (`260`). Neither system has colour limits: C.04.1 Articles 6 and 7 never apply to teams
//! (C.04.6 Preface), and a Double-Swiss match gives each player one White and one Black game.

use super::absolute::{Rule, Violation};
use crate::pairing::RoundPairing;
use crate::vocabulary::System;

/// The facts the checker reads from a tournament state of a match system.
pub trait Judged {
    /// The number of units (indices `0..count`).
    fn count(&self) -> usize;
    /// The id of unit `i` (a team's TPN, a player's TRF id).
    fn id(&self, i: usize) -> u32;
    /// Unit `i` does not play this round.
    fn absent(&self, i: usize) -> bool;
    /// `a` and `b` met in a match that counts as a meeting.
    fn met(&self, a: usize, b: usize) -> bool;
    /// The pair `a`, `b` is prohibited this round (`260`, XXP).
    fn prohibited(&self, a: usize, b: usize) -> bool;
    /// Unit `i` had a pairing-allocated bye, a match won by forfeit or a full-point bye.
    fn pab_barred(&self, i: usize) -> bool;
}

/// One match system's rules as the checker judges them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MatchEdition {
    /// The system whose pairings it judges.
    pub system: System,
    /// `team`, `player`.
    pub unit: &'static str,
    /// Who is paired and who receives the bye.
    pub presence_article: &'static str,
    /// The article forbidding a second meeting.
    pub rematch_article: &'static str,
    /// The article saying who may receive the pairing-allocated bye.
    pub pab_article: &'static str,
    /// Who may receive it, in words.
    pub pab_rule: &'static str,
}

/// One row per match system.
pub const MATCH_EDITIONS: [MatchEdition; 2] = [
    MatchEdition {
        system: System::SwissTeam2026,
        unit: "team",
        presence_article: "C.04.6 3.3.1, C.04.1 Art. 3",
        rematch_article: "C.04.6 2.1.1 [C1], C.04.1 Art. 2",
        pab_article: "C.04.6 2.1.2 [C2]",
        pab_rule: "a team that has had no pairing-allocated bye, won no match by forfeit and had no full-point bye",
    },
    MatchEdition {
        system: System::DoubleSwiss2026,
        unit: "player",
        presence_article: "C.04.5 3.3.1",
        rematch_article: "C.04.5 2.1.1 [C1] (a match ended by forfeit is no meeting: Preface)",
        pab_article: "C.04.5 2.1.2 [C2]",
        pab_rule: "a player who has had no pairing-allocated bye, won no match by forfeit and had no full-point bye",
    },
];

impl MatchEdition {
    /// The row of `system`, when its pairs are matches.
    pub fn of(system: System) -> Option<MatchEdition> {
        MATCH_EDITIONS.iter().find(|e| e.system == system).copied()
    }

    /// \[C2\]: the article barring unit `i` from the pairing-allocated bye, if it is barred.
    pub fn pab_bar(&self, t: &dyn Judged, i: usize) -> Option<&'static str> {
        t.pab_barred(i).then_some(self.pab_article)
    }
}

fn no_rules(system: System, chapter: &'static str, what: &str) -> Vec<Violation> {
    vec![Violation {
        rule: Rule::NoRules,
        article: chapter,
        players: Vec::new(),
        detail: format!(
            "the {system} system does not pair {what}: the checker judges its pairings on its own kind of tournament"
        ),
    }]
}

/// May units `a` and `b` meet in this round under `system`: both present, not the same unit, no
/// meeting between them, not a prohibited pair? As for players ([`super::absolute::may_meet`]), a
/// legal pairing exists exactly when these pairs hold a perfect matching, one unit that
/// [`may_receive_bye`] allows left out when the number is odd.
pub fn may_meet(system: System, t: &dyn Judged, a: usize, b: usize) -> bool {
    let n = t.count();
    MatchEdition::of(system).is_some()
        && a != b
        && a < n
        && b < n
        && !t.absent(a)
        && !t.absent(b)
        && !t.met(a, b)
        && !t.prohibited(a, b)
}

/// May present unit `i` receive the pairing-allocated bye under `system` (\[C2\])?
pub fn may_receive_bye(system: System, t: &dyn Judged, i: usize) -> bool {
    MatchEdition::of(system).is_some_and(|ed| i < t.count() && !t.absent(i) && ed.pab_bar(t, i).is_none())
}

/// Every rule `pairing` (pairs of unit indices) breaks in the round of `t` under `system`, whose
/// row must be `chapter`'s (a system of another kind is [`Rule::NoRules`]).
pub fn check(system: System, chapter: &'static str, t: &dyn Judged, pairing: &RoundPairing) -> Vec<Violation> {
    let ed = match MatchEdition::of(system) {
        Some(ed) if ed.presence_article.starts_with(chapter) => ed,
        _ => return no_rules(system, chapter, "this tournament's units"),
    };
    let unit = ed.unit;
    let n = t.count();
    let id = |i: usize| if i < n { t.id(i) } else { 0 };
    let mut out = Vec::new();
    let mut seen = vec![0u32; n];
    let presence = ed.presence_article;
    let mut note = |i: usize, out: &mut Vec<Violation>| {
        if i >= n {
            out.push(Violation {
                rule: Rule::UnknownPlayer,
                article: presence,
                players: vec![],
                detail: format!("{unit} index {i} is not in the tournament"),
            });
            return false;
        }
        seen[i] += 1;
        true
    };
    for b in &pairing.boards {
        let (w, bl) = (b.white, b.black);
        if w == bl {
            if note(w, &mut out) {
                out.push(Violation {
                    rule: Rule::PairedWithSelf,
                    article: presence,
                    players: vec![id(w)],
                    detail: "paired with itself".into(),
                });
            }
            continue;
        }
        if !(note(w, &mut out) & note(bl, &mut out)) {
            continue;
        }
        if t.met(w, bl) {
            out.push(Violation {
                rule: Rule::Rematch,
                article: ed.rematch_article,
                players: vec![id(w), id(bl)],
                detail: format!("these {unit}s have already played a match against each other"),
            });
        }
        if t.prohibited(w, bl) {
            out.push(Violation {
                rule: Rule::ForbiddenPair,
                article: "prohibited pair (TRF-2026 260)",
                players: vec![id(w), id(bl)],
                detail: "the tournament prohibits this pair in this round".into(),
            });
        }
    }
    if let Some(p) = pairing.bye {
        if note(p, &mut out) {
            if let Some(article) = ed.pab_bar(t, p) {
                out.push(Violation {
                    rule: Rule::ByeIneligible,
                    article,
                    players: vec![id(p)],
                    detail: "has already had a pairing-allocated bye, a match won by forfeit or a full-point bye"
                        .into(),
                });
            }
        }
    }
    let present = (0..n).filter(|&i| !t.absent(i)).count();
    if pairing.bye.is_some() && present % 2 == 0 {
        out.push(Violation {
            rule: Rule::ByeNotNeeded,
            article: presence,
            players: pairing.bye.filter(|&p| p < n).map(id).into_iter().collect(),
            detail: format!("a pairing-allocated bye with {present} {unit}s to pair (an even number)"),
        });
    }
    for (i, &times) in seen.iter().enumerate() {
        let (rule, detail) = match (t.absent(i), times) {
            (true, 0) | (false, 1) => continue,
            (true, _) => (Rule::AbsentPaired, "is absent from this round".to_string()),
            (false, 0) => (Rule::Unpaired, "is present but neither paired nor given the bye".to_string()),
            (false, k) => (Rule::PairedTwice, format!("appears {k} times")),
        };
        out.push(Violation { rule, article: presence, players: vec![id(i)], detail });
    }
    out
}
