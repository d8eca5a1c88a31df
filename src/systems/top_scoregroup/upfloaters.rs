//! The set of upfloaters of the top scoregroup (3.5), chosen by one lexicographic matching
//! program over every unit still to pair: the residents and all lower units, each paired
//! (\[C3\]: the units left below the bracket stay pairable). A lower unit paired with a
//! resident is an upfloater. Stages, in the order of 3.5.5:
//! - \[C4\] the fewest upfloaters; \[C5\] their scores, the fewest of the lowest score first (the
//!   "i.e." clause: the ascending scores, maximised lexicographically);
//! - \[C6\] the following scoregroup (the score level just below) can still be paired with the
//!   fewest upfloaters: a pass or a fail. Its stage counts the teams of that level paired with
//!   teams below it; the pass value is the parity of what is left of the level (0 or 1). When
//!   no set reaches it, every set fails alike and the stage is dropped (A6: the reference
//!   engine's pass/fail reading);
//! - \[C7\] the fewest upfloaters who floated in the previous round (not in the last two rounds);
//! - 3.5.3-3.5.4: the first set in the lexicographic order of its TPNs (by descending score,
//!   then ascending TPN): the potential upfloaters taken in that order, each in the set if it
//!   can be.
//!
//! When the residents are odd, the program's optimum is often the first potential upfloater of
//! the highest score below that passes every stage at its best value (one upfloater: \[C4\] at
//! its least; the highest score: \[C5\]; \[C6\] passed; \[C7\] none who floated): then it is the
//! first set in the order of 3.5.4 among the best, and [`one_upfloater`] takes it with a few
//! pairability checks instead of the program (exact; under `--cross-check solver` the program is
//! solved as well and must agree).
//!
//! Illegal sets are no candidates (\[C1\], \[C3\] rank above \[C4\] and \[C5\]: A5). At the fewest
//! upfloaters every upfloater meets a resident (two upfloaters meeting each other could both
//! stay below), so the pairs between residents and lower teams are exactly the set's.

use super::{Ctx, Role};
use crate::model::{BracketModel, Cost, Stage, Var};
use crate::points::Points;
use crate::solver::lex::LexBackend;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{At, PairError, StageKey};

fn stage(cx: &Ctx, key: StageKey, cost: Cost) -> Stage {
    Stage { key, article: cx.article(key).to_string(), cost }
}

/// The upfloaters (unit indices, in the set order) of the bracket of `residents`, drawn from
/// `lower` (the units below, by descending score then ascending TPN); `next` is the score of
/// the following scoregroup. The stages' values go to `trace`.
pub fn choose(
    cx: &Ctx,
    residents: &[usize],
    lower: &[usize],
    next: Option<Points>,
    trace: &mut BracketTrace,
) -> Result<Vec<usize>, PairError> {
    let p = cx.procedure;
    let (c4, c5, k6, c7, set_order) =
        (p.upfloaters, p.upfloater_scores, p.next_scoregroup, p.repeated_floaters, p.steps.set_order);
    let at_score = |key: StageKey, s: Points| key.at(At::Score(s));
    // No upfloater needed: the residents pair among themselves and the rest below ([C4] at 0;
    // then no other set has as few).
    if cx.shortcuts && residents.len() % 2 == 0 && cx.completable(residents, false) && cx.completable(lower, false) {
        trace.stages.push((c4, 0));
        return Ok(Vec::new());
    }
    if cx.shortcuts {
        if let Some(u) = one_upfloater(cx, residents, lower, next, trace) {
            return Ok(vec![u]);
        }
    }
    let nr = residents.len();
    let global: Vec<usize> = residents.iter().chain(lower).copied().collect();
    let n = global.len();
    let mut model = BracketModel::new(n);
    model.labels = global.iter().map(|&i| cx.tpn(i).to_string()).collect();
    for a in 0..n {
        for b in a + 1..n {
            if cx.can_meet(global[a], global[b]) {
                model.add_pair(a, b);
            }
        }
    }
    let pairs = model.pairs.clone();
    let up: Vec<(usize, usize)> =
        pairs.iter().enumerate().filter(|&(_, (a, b))| a < nr && b >= nr).map(|(e, (_, b))| (e, b)).collect();
    // The pairs of each lower team with the residents (local index - nr).
    let mut up_of: Vec<Vec<usize>> = vec![Vec::new(); lower.len()];
    up.iter().for_each(|&(e, u)| up_of[u - nr].push(e));
    let count = |keep: &dyn Fn(usize) -> bool| {
        let mut c = Cost::new();
        up.iter().filter(|&&(_, u)| keep(u)).for_each(|&(e, _)| c.add(Var::Pair(e), 1));
        c
    };
    let score = |l: usize| cx.score(global[l]);
    let mut levels: Vec<Points> = lower.iter().map(|&i| cx.score(i)).collect();
    levels.sort_unstable();
    levels.dedup();
    let model = std::sync::Arc::new(model);
    let open = || crate::systems::solving::session_shared(&model, cx.opts).map_err(cx.solver_error());
    // The stages of 3.5.5 in the formulation's priority order (the text's by default).
    let mut prog =
        Program { session: open()?, pending: Vec::new(), done: Vec::new(), solved: Vec::new(), values: Vec::new() };
    for role in p.criteria(true) {
        match role {
            Role::Upfloaters => prog.pending.push(stage(cx, c4, count(&|_| true))),
            Role::UpfloaterScores => {
                for &s in &levels {
                    prog.pending.push(stage(cx, at_score(c5, s), count(&|u| score(u) == s)));
                }
            }
            Role::RepeatedFloaters if cx.floats_count() => {
                prog.pending.push(stage(cx, c7, count(&|u| cx.floated(global[u]))))
            }
            Role::NextScoregroup => {
                let Some(f) = next else { continue };
                // [C6]: the teams of the following level paired with teams below it.
                let mut cost = Cost::new();
                for (e, (a, b)) in pairs.iter().enumerate() {
                    if a >= nr && b >= nr && ((score(a) == f && score(b) < f) || (score(b) == f && score(a) < f)) {
                        cost.add(Var::Pair(e), 1);
                    }
                }
                prog.flush(cx)?;
                // The level's teams not taken as upfloaters (fixed by the [C5] stages, which come
                // before: `roles`), and the parity they leave.
                let of_level = lower.iter().filter(|&&i| cx.score(i) == f).count() as i64;
                let taken = prog.values.iter().find(|(k, _)| *k == at_score(c5, f)).map_or(0, |v| v.1);
                let parity = (of_level - taken).rem_euclid(2);
                let c6 = stage(cx, k6, cost);
                let found = prog.session.solve_stages(vec![c6.clone()]).map_err(cx.solver_error())?;
                let passes = found.first() == Some(&parity);
                if passes {
                    prog.solved.extend(found);
                    prog.done.push(c6);
                } else {
                    // No set lets the following scoregroup pass: [C6] tells the sets apart no more.
                    prog.session = open()?;
                    prog.session.solve_stages(prog.done.clone()).map_err(cx.solver_error())?;
                }
                prog.values.push((k6, i64::from(!passes)));
            }
            _ => {}
        }
    }
    // The set order (3.5.4) over the potential upfloaters of the scores [C5] took (a team of
    // any other score is in no optimal set), or of every score without [C5].
    prog.flush(cx)?;
    let scores_fixed = p.criteria(true).any(|r| r == Role::UpfloaterScores);
    let taken = |s: Points| !scores_fixed || prog.values.iter().any(|&(k, v)| k == at_score(c5, s) && v > 0);
    for (k, edges) in up_of.iter().enumerate() {
        if edges.is_empty() || !taken(cx.score(lower[k])) {
            continue;
        }
        let mut c = Cost::new();
        edges.iter().for_each(|&e| c.add(Var::Pair(e), -1));
        prog.pending.push(stage(cx, set_order.at(At::Seat(k + 1)), c));
    }
    prog.flush(cx)?;
    let Program { mut session, solved, values, .. } = prog;
    let sol = session.solution().map_err(cx.solver_error())?;
    let name = format!("r{}-upfloaters-{}", cx.units.round(), cx.tpn(residents[0]));
    crate::systems::solving::write_models(cx.opts, &name, session.model(), &solved)?;
    trace.stages.extend(values);
    trace.reports.extend(session.reports().iter().cloned());
    let mut chosen: Vec<usize> =
        sol.pairs.iter().filter_map(|&e| up.iter().find(|p| p.0 == e).map(|&(_, u)| u)).collect();
    chosen.sort_unstable();
    Ok(chosen.into_iter().map(|u| global[u]).collect())
}

/// The upfloater program's session and its stages: `pending` to solve next, `done` solved (to
/// open the session again without \[C6\] when no set passes it), `solved` their values (for
/// `--write-lp`), `values` every stage's value, \[C6\]'s pass or fail included (for the trace).
struct Program {
    session: Box<dyn LexBackend>,
    pending: Vec<Stage>,
    done: Vec<Stage>,
    solved: Vec<i64>,
    values: Vec<(StageKey, i64)>,
}

impl Program {
    /// Solves the pending stages.
    fn flush(&mut self, cx: &Ctx) -> Result<(), PairError> {
        if self.pending.is_empty() {
            return Ok(());
        }
        let found = self.session.solve_stages(self.pending.clone()).map_err(cx.solver_error())?;
        self.values.extend(self.pending.iter().map(|s| s.key).zip(found.iter().copied()));
        self.solved.extend(found);
        self.done.append(&mut self.pending);
        Ok(())
    }
}

/// How many candidates [`one_upfloater`] tries before leaving the choice to the program.
const CANDIDATES: usize = 4;

/// The program's optimum when it is one upfloater that reaches every stage's best value (see the
/// module header), or `None` (the program decides). `lower` is by descending score, then TPN.
fn one_upfloater(
    cx: &Ctx,
    residents: &[usize],
    lower: &[usize],
    next: Option<Points>,
    trace: &mut BracketTrace,
) -> Option<usize> {
    if residents.len() % 2 == 0 {
        return None; // [C4] may be 0 or 2 or more: the program decides
    }
    let p = cx.procedure;
    let top = cx.score(*lower.first()?);
    // [C6]'s scoregroup (the level just below the residents) and the units below it.
    let level: Vec<usize> = next.map_or(Vec::new(), |f| lower.iter().copied().filter(|&i| cx.score(i) == f).collect());
    let below: Vec<usize> = lower.iter().copied().filter(|i| !level.contains(i)).collect();
    let mut tried = 0;
    for (seat, &u) in lower.iter().enumerate().take_while(|&(_, &u)| cx.score(u) == top) {
        if cx.floats_count() && cx.floated(u) {
            continue; // [C7] at 0 is wanted; a floater may still be the program's choice
        }
        if tried == CANDIDATES {
            return None;
        }
        tried += 1;
        let mut bracket = residents.to_vec();
        bracket.push(u);
        if !cx.completable(&bracket, false) {
            continue;
        }
        // [C6] passes, and everybody below is paired ([C3]): the level without `u` pairs among
        // itself but for its parity, the one left over with the units below it.
        let rest: Vec<usize> = level.iter().copied().filter(|&i| i != u).collect();
        let under: Vec<usize> = below.iter().copied().filter(|&i| i != u).collect();
        let passes = if rest.len() % 2 == 0 {
            cx.completable(&rest, false) && cx.completable(&under, false)
        } else {
            rest.iter().any(|&w| {
                let inner: Vec<usize> = rest.iter().copied().filter(|&i| i != w).collect();
                let mut outer = under.clone();
                outer.push(w);
                cx.completable(&inner, false) && cx.completable(&outer, false)
            })
        };
        if !passes {
            continue;
        }
        let at_score = |key: StageKey, s: Points| key.at(At::Score(s));
        trace.stages.push((p.upfloaters, 1));
        trace.stages.push((at_score(p.upfloater_scores, top), 1));
        if next.is_some() {
            trace.stages.push((p.next_scoregroup, 0));
        }
        if cx.floats_count() {
            trace.stages.push((p.repeated_floaters, 0));
        }
        trace.stages.push((p.steps.set_order.at(At::Seat(seat + 1)), -1));
        return Some(u);
    }
    None
}
