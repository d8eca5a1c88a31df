//! `--why-not A B`: which rule keeps two players apart in this round.
//!
//! Absolute criteria are read directly. Within a shared bracket, the bracket is solved again with
//! the pair forced by a stage placed before all others; the first criterion whose optimum gets
//! worse is the reason, and if none does, the candidate order (B.8) chose the other pairing.

use super::round::Round;
use super::{BracketTrace, Edition};
use crate::model::{Cost, Stage, Var};
use crate::solver::lex::LexBackend;
use crate::solver::matching_lex::MatchingSession;
use crate::vocabulary::{PairError, StageKey};

pub fn why_not(r: &Round, keys: &[String], traces: &[BracketTrace], a_id: u32, b_id: u32) -> Result<String, PairError> {
    let t = r.t;
    let idx = |id: u32| t.index_of(id).ok_or_else(|| PairError::Invalid(format!("no player {id} in this tournament")));
    let (a, b) = (idx(a_id)?, idx(b_id)?);
    let art = Articles::of(r.edition);
    if a == b {
        return Err(PairError::Invalid("--why-not needs two different players".into()));
    }
    for (x, id) in [(a, a_id), (b, b_id)] {
        if t.players[x].absent.is_some() {
            return Ok(format!("{id} does not play this round (announced bye or absence)"));
        }
    }
    if let Some(k) = t.players[a].history.iter().position(|h| h.opponent == Some(b) && h.facts.played) {
        return Ok(format!("{}: {a_id} and {b_id} already played each other in round {}", art.rematch, k + 1));
    }
    if t.is_forbidden(a, b) {
        return Ok(format!("{a_id} and {b_id} are a forbidden pair (XXP / 260 record)"));
    }
    if !r.can_meet(a, b) {
        let c = t.players[a].preference.colour.map(|c| format!("{c:?}")).unwrap_or_default();
        return Ok(format!(
            "{}: {a_id} and {b_id} are non-topscorers with the same absolute colour preference ({c})",
            art.colours
        ));
    }
    for tr in traces {
        if tr.pairs.iter().any(|&p| p == (a_id, b_id) || p == (b_id, a_id)) {
            return Ok(format!("{a_id} and {b_id} are paired together in this round"));
        }
    }
    let Some((k, tr)) =
        traces.iter().enumerate().find(|(_, tr)| tr.players.contains(&a_id) && tr.players.contains(&b_id))
    else {
        let at =
            |id: u32| traces.iter().position(|tr| tr.players.contains(&id) && !tr.leavers.contains(&id)).map(|k| k + 1);
        return Ok(format!(
            "{a_id} and {b_id} are never in the same bracket: {a_id} is paired in bracket {}, {b_id} in bracket {} \
             (players meet across scoregroups only as downfloaters, whom {} choose)",
            at(a_id).map_or("-".into(), |k| k.to_string()),
            at(b_id).map_or("-".into(), |k| k.to_string()),
            art.downfloaters
        ));
    };
    let Some(detail) = &tr.dutch else {
        return Err(PairError::Invalid("--why-not needs the traces of a Dutch round".into()));
    };
    let (players, mdps, kind) = &detail.setup;
    let (bracket, quality) = super::built(r, players, *mdps, kind.kind(), keys, None)?;
    let local = |x: usize| players.iter().position(|&p| p == x).unwrap_or(usize::MAX);
    let (la, lb) = (local(a).min(local(b)), local(a).max(local(b)));
    if lb < *mdps {
        return Ok(format!(
            "{}: {a_id} and {b_id} are both moved-down players in bracket {}; MDPs are paired with residents only",
            art.mdps,
            k + 1
        ));
    }
    let Some(e) = bracket.model.pairs.iter().position(|p| p == (la, lb)) else {
        return Ok(format!("no pairing of bracket {} may contain {a_id}-{b_id}", k + 1));
    };
    let mut force = Cost::new();
    force.add(Var::Pair(e), -1);
    let mut stages = vec![Stage { key: StageKey::order("force", ""), article: "--why-not".into(), cost: force }];
    stages.extend(quality.iter().cloned());
    let mut s = MatchingSession::shared(std::sync::Arc::clone(&bracket.model)).map_err(PairError::Solver)?;
    let values = s.solve_stages(stages).map_err(PairError::Solver)?;
    if values.first() != Some(&-1) {
        return Ok(format!(
            "no pairing of bracket {} containing {a_id}-{b_id} completes the round ({})",
            k + 1,
            art.completion
        ));
    }
    // The trace states [C9] as the rules do (`Driver::trace`); the solve here does not.
    let shift = super::criteria_2026::c9_shift(&super::criteria::Ctx::new(r, &bracket, kind.kind())).unwrap_or(0);
    for (st, &forced) in quality.iter().zip(&values[1..]) {
        let forced = if st.key == super::C9_STAGE { forced - shift } else { forced };
        let chosen = tr.stages.iter().find(|(n, _)| *n == st.key).map(|x| x.1);
        if let Some(c) = chosen.filter(|&c| forced > c) {
            return Ok(format!(
                "bracket {}: pairing {a_id}-{b_id} would worsen {} ({}): {} instead of {}",
                k + 1,
                st.key,
                st.article,
                forced,
                c
            ));
        }
    }
    Ok(format!(
        "bracket {}: a pairing with {a_id}-{b_id} is as good on every criterion; the candidate order \
         ({}) generates the chosen pairing first",
        k + 1,
        art.order
    ))
}

/// The articles each edition numbers the rules by.
struct Articles {
    rematch: &'static str,
    colours: &'static str,
    mdps: &'static str,
    completion: &'static str,
    downfloaters: &'static str,
    order: &'static str,
}

impl Articles {
    fn of(edition: Edition) -> Articles {
        match edition {
            Edition::E2012 => Articles {
                rematch: "B.1.a",
                colours: "B.2",
                mdps: "A.3",
                completion: "C.12-C.13",
                downfloaters: "A.6, B.3",
                order: "C.7-C.8, D.1-D.3",
            },
            Edition::E2017 => Articles {
                rematch: "C.1",
                colours: "C.3",
                mdps: "B.3",
                completion: "C.4",
                downfloaters: "C.5-C.7",
                order: "B.8, D.1-D.3",
            },
            Edition::E2026 => Articles {
                rematch: "[C1]",
                colours: "[C3]",
                mdps: "Art. 3.3",
                completion: "[C4]",
                downfloaters: "[C5]-[C9]",
                order: "Art. 3.8, 4.2-4.4",
            },
        }
    }
}
