//! The checker's team rules: is a round's pairing of teams legal under the Swiss Team system
//! (C.04.6)? Written from the text, sharing nothing with `src/systems/`: it reads the team
//! tournament state (`src/team`) only.
//!
//! Checked, in this order: every index names a team; no team plays itself; absent teams are not
//! paired; every present team appears exactly once (in a pair or as the PAB) and the PAB is
//! given only when the number of teams is odd (3.3.1); the PAB's receiver may receive it
//! (\[C2\]: not after a pairing-allocated bye, a match won by forfeit or a full-point bye); no
//! second meeting (\[C1\], a match actually played); no prohibited pair (`260`). There are no
//! colour limits: C.04.1 Articles 6 and 7 never apply to teams (C.04.6 Preface).

use super::absolute::{Rule, Violation};
use crate::pairing::RoundPairing;
use crate::team::TeamTournament;
use crate::vocabulary::System;

/// One team system's rules as the checker judges them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TeamEdition {
    /// The system whose pairings it judges.
    pub system: System,
    /// Who is paired and who receives the bye.
    pub presence_article: &'static str,
    /// The article forbidding a second meeting.
    pub rematch_article: &'static str,
    /// The article saying who may receive the pairing-allocated bye.
    pub pab_article: &'static str,
}

/// One row per team system.
pub const TEAM_EDITIONS: [TeamEdition; 1] = [TeamEdition {
    system: System::SwissTeam2026,
    presence_article: "C.04.6 3.3.1, C.04.1 Art. 3",
    rematch_article: "C.04.6 2.1.1 [C1], C.04.1 Art. 2",
    pab_article: "C.04.6 2.1.2 [C2]",
}];

impl TeamEdition {
    /// The row of `system`, when it pairs teams.
    pub fn of(system: System) -> Option<TeamEdition> {
        TEAM_EDITIONS.iter().find(|e| e.system == system).copied()
    }

    /// \[C2\]: the article barring team `i` from the pairing-allocated bye, if it is barred.
    pub fn pab_bar(&self, t: &TeamTournament, i: usize) -> Option<&'static str> {
        let team = &t.teams[i];
        (team.had_pab || team.had_forfeit_win || team.had_full_bye).then_some(self.pab_article)
    }
}

/// May teams `a` and `b` meet in this round under `system`: both present, not the same team, no
/// match played between them, not a prohibited pair? As for players
/// ([`super::absolute::may_meet`]), a legal pairing of teams exists exactly when these pairs hold
/// a perfect matching, one team that [`may_receive_bye`] left out when the number is odd.
pub fn may_meet(system: System, t: &TeamTournament, a: usize, b: usize) -> bool {
    let n = t.teams.len();
    if TeamEdition::of(system).is_none() || a == b || a >= n || b >= n {
        return false;
    }
    let met = t.teams[a].history.iter().any(|m| m.played() && m.opponent == Some(b));
    t.teams[a].absent.is_none() && t.teams[b].absent.is_none() && !met && !t.forbidden.contains(&(a.min(b), a.max(b)))
}

/// May present team `i` receive the pairing-allocated bye under `system` (\[C2\])?
pub fn may_receive_bye(system: System, t: &TeamTournament, i: usize) -> bool {
    match TeamEdition::of(system) {
        Some(ed) => t.teams.get(i).is_some_and(|x| x.absent.is_none()) && ed.pab_bar(t, i).is_none(),
        None => false,
    }
}

/// Every rule `pairing` (pairs of team indices) breaks in round `t.round` under `system`.
pub fn check(system: System, t: &TeamTournament, pairing: &RoundPairing) -> Vec<Violation> {
    let Some(ed) = TeamEdition::of(system) else {
        return vec![Violation {
            rule: Rule::NoRules,
            article: "C.04.6",
            players: Vec::new(),
            detail: format!(
                "the {system} system pairs players: the checker judges its pairings on an individual tournament"
            ),
        }];
    };
    let n = t.teams.len();
    let tpn = |i: usize| t.teams.get(i).map_or(0, |x| x.tpn);
    let mut out = Vec::new();
    let mut seen = vec![0u32; n];
    let presence = ed.presence_article;
    let mut note = |i: usize, out: &mut Vec<Violation>| {
        if i >= n {
            out.push(Violation {
                rule: Rule::UnknownPlayer,
                article: presence,
                players: vec![],
                detail: format!("team index {i} is not in the tournament"),
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
                    players: vec![tpn(w)],
                    detail: "paired with itself".into(),
                });
            }
            continue;
        }
        if !(note(w, &mut out) & note(bl, &mut out)) {
            continue;
        }
        let met = t.teams[w].history.iter().any(|m| m.played() && m.opponent == Some(bl));
        if met {
            out.push(Violation {
                rule: Rule::Rematch,
                article: ed.rematch_article,
                players: vec![tpn(w), tpn(bl)],
                detail: "these teams have already played a match against each other".into(),
            });
        }
        if t.forbidden.contains(&(w.min(bl), w.max(bl))) {
            out.push(Violation {
                rule: Rule::ForbiddenPair,
                article: "prohibited pair (TRF-2026 260)",
                players: vec![tpn(w), tpn(bl)],
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
                    players: vec![tpn(p)],
                    detail: "has already had a pairing-allocated bye, a match won by forfeit or a full-point bye"
                        .into(),
                });
            }
        }
    }
    let present = t.teams.iter().filter(|x| x.absent.is_none()).count();
    if pairing.bye.is_some() && present % 2 == 0 {
        out.push(Violation {
            rule: Rule::ByeNotNeeded,
            article: presence,
            players: pairing.bye.filter(|&p| p < n).map(tpn).into_iter().collect(),
            detail: format!("a pairing-allocated bye with {present} teams to pair (an even number)"),
        });
    }
    for (i, (team, &times)) in t.teams.iter().zip(&seen).enumerate() {
        let (rule, detail) = match (team.absent.is_some(), times) {
            (true, 0) | (false, 1) => continue,
            (true, _) => (Rule::AbsentPaired, "is absent from this round".to_string()),
            (false, 0) => (Rule::Unpaired, "is present but neither paired nor given the bye".to_string()),
            (false, k) => (Rule::PairedTwice, format!("appears {k} times")),
        };
        out.push(Violation { rule, article: presence, players: vec![tpn(i)], detail });
    }
    out
}

/// The quality of a pairing of teams under C.04.6, round level, criteria in priority order
/// (lower is better; see [`super::quality`]): the PAB's score and matches played (3.4.2-3.4.3),
/// then \[C4\] the upfloaters (the lower team of a pair of different scores), \[C5\] their scores,
/// \[C7\] those who floated in the previous round, \[C8\] the teams whose colour preference is not
/// granted, \[C9\] (Type B) strong ones, \[C10\] the upfloaters' opponents who floated.
pub fn evaluate(system: System, t: &TeamTournament, pairing: &RoundPairing) -> super::Quality {
    use super::quality::{Criterion, CriterionValue};
    use crate::team::{ColourModel, PreferenceStrength, TeamFloat};
    use crate::trf::Colour;
    if TeamEdition::of(system).is_none() {
        return super::Quality { criteria: Vec::new() };
    }
    let n = t.teams.len();
    let score = |i: usize| t.score(i).0;
    let floated = |i: usize| t.teams[i].float_previous != TeamFloat::None;
    let counts_floats = !t.in_last_two_rounds();
    let mut ups: Vec<i64> = Vec::new();
    let (mut c7, mut c8, mut c9, mut c10) = (0i64, 0i64, 0i64, 0i64);
    for b in pairing.boards.iter().filter(|b| b.white < n && b.black < n) {
        for (me, opp, colour) in [(b.white, b.black, Colour::White), (b.black, b.white, Colour::Black)] {
            if let Some(p) = t.teams[me].preference {
                if p.colour != colour {
                    c8 += 1;
                    if t.rules.colours == ColourModel::TypeB && p.strength == PreferenceStrength::Strong {
                        c9 += 1;
                    }
                }
            }
            if score(me) < score(opp) {
                ups.push(score(me));
                if counts_floats {
                    c7 += i64::from(floated(me));
                    c10 += i64::from(floated(opp));
                }
            }
        }
    }
    ups.sort_unstable();
    let bye = pairing.bye.filter(|&p| p < n);
    let mut criteria = vec![
        (Criterion::ByeScore, "C.04.6 3.4.2", bye.map(score).into_iter().collect()),
        (
            Criterion::ByeMatchesPlayed,
            "C.04.6 3.4.3",
            bye.map(|p| -i64::from(t.teams[p].matches_played)).into_iter().collect(),
        ),
        (Criterion::Floaters, "C.04.6 2.3.1 [C4]", vec![ups.len() as i64]),
        (Criterion::UpfloaterScores, "C.04.6 2.3.2 [C5]", ups.iter().map(|s| -s).collect()),
        (Criterion::RepeatedFloaters, "C.04.6 2.3.4 [C7]", vec![c7]),
        (Criterion::ColourPreference, "C.04.6 2.3.5 [C8]", vec![c8]),
    ];
    if t.rules.colours == ColourModel::TypeB {
        criteria.push((Criterion::StrongColourPreference, "C.04.6 2.3.6 [C9]", vec![c9]));
    }
    criteria.push((Criterion::RepeatedFloaterOpponents, "C.04.6 2.3.7 [C10]", vec![c10]));
    super::Quality {
        criteria: criteria
            .into_iter()
            .map(|(criterion, article, value)| CriterionValue { criterion, article, value })
            .collect(),
    }
}
