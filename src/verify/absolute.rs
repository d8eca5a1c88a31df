//! The absolute rules checked on a round's pairing, each violation a typed value.
//!
//! Checked, in this order: every index names a player; nobody plays himself; absentees (announced
//! byes, absences) are not paired; every present player appears exactly once (on a board or as
//! the PAB) and the PAB is given only when the number of present players is odd, to one player;
//! the PAB's receiver is eligible; no rematch; no forbidden pair; the colour limits as this round's
//! rule (a colour that takes the difference beyond ±2 or further beyond it, or extends a run of
//! two equal colours: `tournament::colour::limits_broken`) unless the edition exempts the player.

use super::rules::Edition;
use crate::pairing::RoundPairing;
use crate::tournament::colour::{colour_difference, limits_broken};
use crate::tournament::Tournament;
use crate::trf::Colour;
use crate::vocabulary::System;
use serde::Serialize;
use std::fmt;

/// Which absolute rule a pairing breaks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rule {
    /// A board or the bye names no player of the tournament.
    UnknownPlayer,
    /// A player is paired with himself.
    PairedWithSelf,
    /// A player announced absent (or with a pre-assigned bye) is paired or given the PAB.
    AbsentPaired,
    /// A present player is neither paired nor given the PAB.
    Unpaired,
    /// A player appears more than once (two boards, or a board and the bye).
    PairedTwice,
    /// The PAB is given although the number of present players is even.
    ByeNotNeeded,
    /// The PAB's receiver may not receive it.
    ByeIneligible,
    /// Two players meet a second time.
    Rematch,
    /// The pair was forbidden by the tournament (XXP / 260).
    ForbiddenPair,
    /// A player's colour difference goes beyond ±2 (or further beyond it) this round.
    ColourDifference,
    /// A player receives the same colour a third time (or more) in a row this round.
    ColourThreeInARow,
    /// The checker has no rules for this system with this kind of unit (a team system asked to
    /// judge a pairing of players, or the reverse).
    NoRules,
}

/// One broken rule: which, under which article, for which players (TRF ids).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Violation {
    /// Which rule.
    pub rule: Rule,
    /// The article that states it, for the edition judged (`C.04.1 Art. 3`, `C.04.1.c`, ...).
    pub article: &'static str,
    /// The players (or teams) concerned, TRF ids; empty when there are none to name.
    pub players: Vec<u32>,
    /// What is wrong, in words.
    pub detail: String,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids = self.players.iter().map(|p| p.to_string()).collect::<Vec<_>>().join(", ");
        write!(f, "{} (players {ids}): {}", self.article, self.detail)
    }
}

/// Every absolute rule `pairing` breaks in round `t.round` under `system`; empty when legal.
pub fn check(system: System, t: &Tournament, pairing: &RoundPairing) -> Vec<Violation> {
    let Some(ed) = Edition::of(system) else {
        return vec![Violation {
            rule: Rule::NoRules,
            article: "C.04.6",
            players: Vec::new(),
            detail: format!("the {system} system pairs teams: the checker judges its pairings on a team tournament"),
        }];
    };
    let mut out = Vec::new();
    let n = t.players.len();
    let id = |i: usize| t.players.get(i).map_or(0, |p| p.id);
    let mut seen = vec![0u32; n];
    let mut colour_of: Vec<Option<(Colour, usize)>> = vec![None; n];
    let presence = ed.presence_article();
    let mut note = |i: usize, out: &mut Vec<Violation>| {
        if i >= n {
            out.push(Violation {
                rule: Rule::UnknownPlayer,
                article: presence,
                players: vec![],
                detail: format!("player index {i} is not in the tournament"),
            });
            return false;
        }
        seen[i] += 1;
        true
    };
    for b in &pairing.boards {
        let (w, bl) = (b.white, b.black);
        if w == bl {
            if !note(w, &mut out) {
                continue;
            }
            out.push(Violation {
                rule: Rule::PairedWithSelf,
                article: presence,
                players: vec![id(w)],
                detail: "paired with himself".into(),
            });
            continue;
        }
        if !(note(w, &mut out) & note(bl, &mut out)) {
            continue;
        }
        colour_of[w] = Some((Colour::White, bl));
        colour_of[bl] = Some((Colour::Black, w));
        if t.players[w].opponents.contains(&bl) || t.players[bl].opponents.contains(&w) {
            out.push(Violation {
                rule: Rule::Rematch,
                article: ed.rematch_article(),
                players: vec![id(w), id(bl)],
                detail: "these players have already played each other".into(),
            });
        }
        if t.forbidden.contains(&(w.min(bl), w.max(bl))) {
            out.push(Violation {
                rule: Rule::ForbiddenPair,
                article: ed.forbidden_article(),
                players: vec![id(w), id(bl)],
                detail: "the tournament forbids this pair in this round".into(),
            });
        }
    }
    if let Some(p) = pairing.bye {
        if note(p, &mut out) {
            if let Some(article) = ed.pab_bar(&t.players[p]) {
                out.push(Violation {
                    rule: Rule::ByeIneligible,
                    article,
                    players: vec![id(p)],
                    detail: "has already received a pairing-allocated bye or points without playing".into(),
                });
            }
        }
    }
    let present: Vec<usize> = (0..n).filter(|&i| t.players[i].absent.is_none()).collect();
    if pairing.bye.is_some() && present.len() % 2 == 0 {
        out.push(Violation {
            rule: Rule::ByeNotNeeded,
            article: presence,
            players: pairing.bye.filter(|&p| p < n).map(id).into_iter().collect(),
            detail: format!("a pairing-allocated bye with {} players to pair (an even number)", present.len()),
        });
    }
    for (i, (p, &times)) in t.players.iter().zip(&seen).enumerate() {
        let absent = p.absent.is_some();
        let (rule, detail) = match (absent, times) {
            (true, 0) | (false, 1) => continue,
            (true, _) => (Rule::AbsentPaired, "is absent from this round (announced bye or absence)".to_string()),
            (false, 0) => (Rule::Unpaired, "is present but neither paired nor given the bye".to_string()),
            (false, k) => (Rule::PairedTwice, format!("appears {k} times")),
        };
        out.push(Violation { rule, article: presence, players: vec![id(i)], detail });
    }
    colour_limits(ed, t, &colour_of, &mut out);
    out
}

/// May `a` and `b` meet in this round under `system`, with one of the two colour allocations?
/// Not the same player, both present, no second meeting, no forbidden pair, and the colour
/// limits kept (or the edition exempting) for both. A round's pairing of players is legal
/// exactly when every present player is on one board whose two players may meet, given the
/// colours the board gives them, or is the one player out (an odd number present) who
/// [`may_receive_bye`]: so a legal pairing exists exactly when the graph of these pairs has a
/// perfect matching, one such player left out when the number present is odd. False for a
/// system that pairs teams.
pub fn may_meet(system: System, t: &Tournament, a: usize, b: usize) -> bool {
    let Some(ed) = Edition::of(system) else { return false };
    let n = t.players.len();
    if a == b || a >= n || b >= n || t.players[a].absent.is_some() || t.players[b].absent.is_some() {
        return false;
    }
    if t.players[a].opponents.contains(&b) || t.players[b].opponents.contains(&a) {
        return false;
    }
    if t.forbidden.contains(&(a.min(b), a.max(b))) {
        return false;
    }
    let keeps =
        |i: usize, c: Colour, opp: usize| ed.colour_exempt(t, i, opp) || !limits_broken(&t.players[i].colours, c).any();
    [(a, b), (b, a)].into_iter().any(|(w, bl)| keeps(w, Colour::White, bl) && keeps(bl, Colour::Black, w))
}

/// May present player `p` receive the pairing-allocated bye under `system` (see [`may_meet`])?
pub fn may_receive_bye(system: System, t: &Tournament, p: usize) -> bool {
    let Some(ed) = Edition::of(system) else { return false };
    t.players.get(p).is_some_and(|pl| pl.absent.is_none() && ed.pab_bar(pl).is_none())
}

/// C.04.1 f/g (Art. 6/7) and the systems' colour criteria, judged on what this round does to
/// each player (`tournament::colour::limits_broken`, where the rule is written with its
/// articles): a colour that takes the difference beyond ±2 or further beyond it, or that extends
/// a run of two equal colours (unless it reduces a difference of ±2 or more), unless the edition
/// exempts the player. A history already beyond the limits is not this round's violation.
fn colour_limits(ed: Edition, t: &Tournament, colour_of: &[Option<(Colour, usize)>], out: &mut Vec<Violation>) {
    let (diff_article, row_article) = ed.colour_articles();
    for (i, c) in colour_of.iter().enumerate() {
        let Some((c, opp)) = *c else { continue };
        if ed.colour_exempt(t, i, opp) {
            continue;
        }
        let past = &t.players[i].colours;
        let broken = limits_broken(past, c);
        if broken.difference {
            let before = colour_difference(past);
            let after = before + if c == Colour::White { 1 } else { -1 };
            out.push(Violation {
                rule: Rule::ColourDifference,
                article: diff_article,
                players: vec![t.players[i].id],
                detail: format!("colour difference goes from {before:+} to {after:+} with {}", name(c)),
            });
        }
        if broken.three_in_a_row {
            out.push(Violation {
                rule: Rule::ColourThreeInARow,
                article: row_article,
                players: vec![t.players[i].id],
                detail: format!("{} a third time in a row", name(c)),
            });
        }
    }
}

fn name(c: Colour) -> &'static str {
    match c {
        Colour::White => "white",
        Colour::Black => "black",
    }
}
