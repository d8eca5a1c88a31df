//! The pairing-allocated bye (3.4), assigned before any bracket (3.3.2 step 1): one
//! lexicographic matching program over the units present, every unit paired or left out, only
//! a unit that may receive the bye (\[C2\]) left out. Its stages, in the order of 3.4: the fewest
//! units left out (one: 3.4.1, the bye leaves a legal pairing for all the others), the lowest
//! score (3.4.2), the most matches played (3.4.3), the largest TPN (3.4.4).

use super::Ctx;
use crate::model::{BracketModel, Cost, Stage, Var};
use crate::systems::trace::BracketTrace;
use crate::vocabulary::PairError;

fn stage(cx: &Ctx, key: crate::vocabulary::StageKey, cost: Cost) -> Stage {
    Stage { key, article: cx.article(key).to_string(), cost }
}

/// The unit receiving the bye among `present` (an odd number of units that can be completed).
///
/// The program's stages rank the candidates strictly (a TPN is unique), so its optimum is the
/// first candidate in the order of 3.4.2-3.4.4 whose removal leaves the others completable
/// (3.4.1). That candidate is found first, by exact completion checks on the implicit graph, and
/// taken without building the program (a thousand units have half a million pairs);
/// `shortcuts = false` solves the program itself.
pub fn assign(cx: &Ctx, present: &[usize], traces: &mut Vec<BracketTrace>) -> Result<usize, PairError> {
    let steps = &cx.procedure.steps;
    let matches = |i: usize| cx.units.matches_played(i);
    if cx.shortcuts {
        let mut candidates: Vec<usize> = present.iter().copied().filter(|&i| cx.pab_eligible(i)).collect();
        candidates.sort_by_key(|&i| (cx.score(i), std::cmp::Reverse(matches(i)), std::cmp::Reverse(cx.tpn(i))));
        for &b in &candidates {
            let rest: Vec<usize> = present.iter().copied().filter(|&i| i != b).collect();
            if cx.completable(&rest, false) {
                let values = [
                    (steps.bye_count, 1),
                    (steps.bye_score, cx.score(b).0),
                    (steps.bye_matches, -i64::from(matches(b))),
                    (steps.bye_tpn, -i64::from(cx.tpn(b))),
                ];
                let mut trace = BracketTrace::new(
                    "bye",
                    present.iter().map(|&i| cx.tpn(i)).collect(),
                    0,
                    Vec::new(),
                    vec![cx.tpn(b)],
                );
                trace.stages = values.to_vec();
                trace.reports = values
                    .iter()
                    .map(|&(key, value)| crate::solver::lex::StageReport {
                        key,
                        value,
                        how: "first-candidate",
                        seconds: 0.0,
                    })
                    .collect();
                traces.push(trace);
                return Ok(b);
            }
        }
        return Err(PairError::NoValidPairing("nobody can receive the pairing-allocated bye (3.4.1, [C2])".into()));
    }
    let n = present.len();
    let mut model = BracketModel::new(n);
    model.labels = present.iter().map(|&i| cx.tpn(i).to_string()).collect();
    for a in 0..n {
        for b in a + 1..n {
            if cx.can_meet(present[a], present[b]) {
                model.add_pair(a, b);
            }
        }
        model.may_float[a] = cx.pab_eligible(present[a]);
    }
    let mut out = Cost::new();
    let mut score = Cost::new();
    let mut played = Cost::new();
    let mut tpn = Cost::new();
    for (l, &i) in present.iter().enumerate() {
        if !model.may_float[l] {
            continue;
        }
        out.add(Var::Float(l), 1);
        score.add(Var::Float(l), cx.score(i).0);
        played.add(Var::Float(l), -i64::from(matches(i)));
        tpn.add(Var::Float(l), -i64::from(cx.tpn(i)));
    }
    let stages = vec![
        stage(cx, steps.bye_count, out),
        stage(cx, steps.bye_score, score),
        stage(cx, steps.bye_matches, played),
        stage(cx, steps.bye_tpn, tpn),
    ];
    let keys: Vec<_> = stages.iter().map(|s| s.key).collect();
    let mut session = crate::systems::solving::session(model, cx.opts).map_err(cx.solver_error())?;
    let values = session.solve_stages(stages).map_err(cx.solver_error())?;
    let sol = session.solution().map_err(cx.solver_error())?;
    crate::systems::solving::write_models(cx.opts, &format!("r{}-bye", cx.units.round()), session.model(), &values)?;
    let bye = match sol.floaters.as_slice() {
        [l] => present[*l],
        other => {
            return Err(PairError::Internal(format!(
                "3.4: {} units left out where one bye was to be assigned",
                other.len()
            )))
        }
    };
    let mut trace =
        BracketTrace::new("bye", present.iter().map(|&i| cx.tpn(i)).collect(), 0, Vec::new(), vec![cx.tpn(bye)]);
    trace.stages = keys.into_iter().zip(values).collect();
    trace.reports = session.reports().to_vec();
    traces.push(trace);
    Ok(bye)
}
