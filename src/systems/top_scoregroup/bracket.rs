//! The pairing of a bracket (3.6): the residents and the chosen upfloaters, every unit paired
//! inside the bracket on a pair \[C1\] allows. One lexicographic matching program: where the
//! system has colour preferences (C.04.6), \[C8\] the fewest pairs of teams preferring the same
//! colour (Art. 4 grants every other preference) and \[C9\] (Type B) strongly preferring it; the
//! fewest upfloaters' opponents who floated in the previous round (C.04.6 \[C10\], C.04.5 \[C8\];
//! not in the last rounds the system exempts), then the first pairing in the order of its
//! identifier (3.6.2):
//! the seats are the bracket's TPNs in ascending order (3.6.1); the set of top members as small
//! as can be, seat by seat, then the bottom member of each top member, in order.
//!
//! When the rules' first pairing (seat k with seat k + n/2) is legal and breaks none of
//! \[C8\]-\[C10\], it is the answer without a solver: no pairing has a smaller identifier.

use super::{Ctx, Role};
use crate::model::{BracketModel, Cost, Stage, Var};
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{At, PairError, StageKey};

fn stage(cx: &Ctx, key: StageKey, cost: Cost) -> Stage {
    Stage { key, article: cx.article(key).to_string(), cost }
}

/// Pairs the bracket `members` (unit indices; `ups` the upfloaters among them); returns the
/// pairs, top member first. The stages' values go to `trace`.
pub fn pair(
    cx: &Ctx,
    members: &[usize],
    ups: &[usize],
    trace: &mut BracketTrace,
) -> Result<Vec<(usize, usize)>, PairError> {
    let p = cx.procedure;
    let mut seats: Vec<usize> = members.to_vec();
    seats.sort_by_key(|&i| cx.tpn(i));
    let nb = seats.len();
    let is_up = |i: usize| ups.contains(&i);
    // Per pair of seats: its [C8], [C9] and [C10] costs.
    let c10 = cx.floats_count();
    let costs = |a: usize, b: usize| -> (i64, i64, i64) {
        let (x, y) = (seats[a], seats[b]);
        let c8 = i64::from(p.colour.is_some() && cx.units.same_preference(x, y));
        let c9 = i64::from(p.strong_colour.is_some() && cx.units.same_strong_preference(x, y));
        // [C10] per upfloater: its opponent floated (in a pair of two upfloaters each counts
        // the other: A10, as the reference engine reads it).
        let f = if c10 { i64::from(is_up(x) && cx.floated(y)) + i64::from(is_up(y) && cx.floated(x)) } else { 0 };
        (c8, c9, f)
    };
    let half = nb / 2;
    let first: Vec<(usize, usize)> = (0..half).map(|k| (k, k + half)).collect();
    if cx.shortcuts && first.iter().all(|&(a, b)| cx.can_meet(seats[a], seats[b]) && costs(a, b) == (0, 0, 0)) {
        trace.stages.push((p.colour.unwrap_or(p.floater_opponents), 0));
        return Ok(first.iter().map(|&(a, b)| (seats[a], seats[b])).collect());
    }
    let mut model = BracketModel::new(nb);
    model.labels = seats.iter().map(|&i| cx.tpn(i).to_string()).collect();
    for a in 0..nb {
        for b in a + 1..nb {
            if cx.can_meet(seats[a], seats[b]) {
                model.add_pair(a, b);
            }
        }
    }
    let (mut s8, mut s9, mut s10) = (Cost::new(), Cost::new(), Cost::new());
    let mut top: Vec<Cost> = vec![Cost::new(); nb];
    let mut bottom: Vec<Cost> = vec![Cost::new(); nb];
    for (e, (a, b)) in model.pairs.iter().enumerate() {
        let (c8, c9, f) = costs(a, b);
        s8.add(Var::Pair(e), c8);
        s9.add(Var::Pair(e), c9);
        s10.add(Var::Pair(e), f);
        // a < b: seat a is the top member of this pair; its bottom member has seat b + 1.
        top[a].add(Var::Pair(e), -1);
        bottom[a].add(Var::Pair(e), b as i64 + 1);
    }
    // The criteria of 3.6 in the formulation's priority order (the text's by default); those of
    // one's own on the bracket's pairs, the seats (TPN order) their ranks.
    let rank: Vec<i64> = (1..=nb as i64).collect();
    let scope = crate::systems::custom::Scope { facts: cx.facts, global: &seats, rank: &rank };
    let decisions: Vec<(Var, crate::systems::custom::Choice)> = model
        .pairs
        .iter()
        .enumerate()
        .map(|(e, (a, b))| (Var::Pair(e), crate::systems::custom::Choice::Pair(a, b)))
        .collect();
    let mut stages = Vec::new();
    for role in p.criteria(false) {
        if let Role::Own(name) = role {
            if let Some(own) = crate::systems::custom::own_stages(cx.opts, name, &scope, &decisions) {
                stages.extend(own?);
            }
            continue;
        }
        match (role, p.colour, p.strong_colour) {
            (Role::Colour, Some(key), _) => stages.push(stage(cx, key, std::mem::take(&mut s8))),
            (Role::StrongColour, _, Some(key)) => stages.push(stage(cx, key, std::mem::take(&mut s9))),
            (Role::FloaterOpponents, ..) if c10 => {
                stages.push(stage(cx, p.floater_opponents, std::mem::take(&mut s10)))
            }
            _ => {}
        }
    }
    for (k, c) in top.into_iter().enumerate().filter(|(_, c)| !c.is_empty()) {
        stages.push(stage(cx, p.steps.top_member.at(At::Seat(k + 1)), c));
    }
    for (k, c) in bottom.into_iter().enumerate().filter(|(_, c)| !c.is_empty()) {
        stages.push(stage(cx, p.steps.bottom_member.at(At::Seat(k + 1)), c));
    }
    let keys: Vec<StageKey> = stages.iter().map(|s| s.key).collect();
    let pairs = model.pairs.clone();
    let mut session = crate::systems::solving::session(model, cx.opts).map_err(cx.solver_error())?;
    let values = session.solve_stages(stages).map_err(cx.solver_error())?;
    let sol = session.solution().map_err(cx.solver_error())?;
    let name = format!("r{}-bracket-{}", cx.units.round(), cx.tpn(seats[0]));
    crate::systems::solving::write_models(cx.opts, &name, session.model(), &values)?;
    trace.stages.extend(keys.into_iter().zip(values));
    trace.reports.extend(session.reports().iter().cloned());
    Ok(sol.pairs.iter().map(|&e| (seats[pairs.at(e).0], seats[pairs.at(e).1])).collect())
}
