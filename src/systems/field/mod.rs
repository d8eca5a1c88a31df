//! The whole-field system: a system defined entirely by its formulation file, without score
//! brackets. Every round is one lexicographic program over all present players:
//!
//! ```text
//! variables    x[e] = 1  if the allowed pair e plays        (every pair C.04.1 allows)
//!              f[i] = 1  if player i receives the bye        (only the bye candidates)
//! constraints  sum_{e ∋ i} x[e] + f[i] = 1   for every present player i
//! stages       completion (Art. 3: one player unpaired when odd, none when even), then
//!              the file's criteria of one's own, in its order (`minimise` / `maximise`)
//!              then the tie-break: the bye to the lowest-ranked candidate, then each player
//!              in order with the earliest partner it can have
//! ```
//! The absolute rules of C.04.1 (2026) are the allowed pairs and the bye candidates: no second
//! meeting (Art. 2), no forbidden pair (XXP / 260), the pairing-allocated bye only to a player
//! who has had none and scored no win's points without playing (Art. 4), no pair of the same
//! absolute colour preference (Art. 6-7: the colour limits bind everybody, in every round).
//! Who may receive the bye: the file's `bye` line, `lowest-score` (the default: an eligible
//! player of the lowest score that can receive it in a complete pairing) or `eligible` (any
//! eligible player; the file's criteria choose). Colours: the file's `colours` line names the
//! Dutch edition whose allocation (E.1-E.5) colours the pairs (default `dutch-2026`).
//!
//! The order of the field (the ranks `rank_diff` and `bye(rank)` read, and the tie-break's) is
//! by pairing score, then rating, then pairing number. Every stage is a cost on pair and bye
//! variables, so the program is a pure matching: the exact weighted matching solves it by
//! default, HiGHS with `--backend highs`.

use super::custom::{self, Choice, PlayerFacts, Scope};
use super::solving;
use super::trace::BracketTrace;
use crate::model::formulation::{ByeRule, Formulation};
use crate::model::{BracketModel, Cost, SolveError, Stage, Var};
use crate::options::PairOptions;
use crate::pairing::RoundPairing;
use crate::solver::matching::complete_pairing;
use crate::tournament::{FloatRule, Tournament};
use crate::vocabulary::{At, PairError, StageKey, System};
use std::cmp::Reverse;

/// The colours when the file names none.
const DEFAULT_COLOURS: System = System::Dutch2026;

/// Partner stages handed to the backend at a time.
const PARTNER_BATCH: usize = 64;

/// The shipped example formulation (`examples/whole-field/sauer2024.model`), for callers that
/// pair every system without files of their own (the fuzz targets).
pub fn example() -> Formulation {
    const TEXT: &str = include_str!("../../../examples/whole-field/sauer2024.model");
    // The file is part of the crate and read by the tests: it parses.
    Formulation::parse("examples/whole-field/sauer2024.model", TEXT, |_| false).unwrap_or_else(|e| panic!("{e}"))
}

/// Checks the whole-field lines of `f` (`colours` names a Dutch edition); the error names the
/// file and line. The registry's one check of a formulation calls it for this system.
pub fn check(f: &Formulation) -> Result<(), String> {
    colour_system(f).map(|_| ())
}

/// The system whose colour allocation the file names.
fn colour_system(f: &Formulation) -> Result<System, String> {
    let Some((name, line)) = &f.colours else { return Ok(DEFAULT_COLOURS) };
    let dutch = [System::Dutch2026, System::Dutch2017, System::Dutch2012];
    match name.parse::<System>() {
        Ok(s) if dutch.contains(&s) => Ok(s),
        _ => Err(format!(
            "{}:{line}: 'colours {name}': the whole field takes the colour allocation of a Dutch edition: {}",
            f.name,
            dutch.map(|s| s.name()).join(", ")
        )),
    }
}

/// C.04.1 Art. 4 (2026): may player `i` receive the pairing-allocated bye?
fn pab_eligible(t: &Tournament, i: usize) -> bool {
    t.players[i].unplayed_win_rounds == 0
}

/// Pairs the round under the formulation file given with `--model`.
pub fn pair(t: &Tournament, opts: &PairOptions) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    let Some(f) = &opts.model else {
        return Err(PairError::Invalid(
            "the field system is defined by its formulation file: give one with --model FILE \
             (e.g. examples/whole-field/sauer2024.model)"
                .into(),
        ));
    };
    let colours = colour_system(f).map_err(PairError::Invalid)?;
    // The order of the field: pairing score, then rating, then pairing number.
    let mut order = t.present();
    order.sort_by_key(|&i| {
        let p = &t.players[i];
        (Reverse(p.pairing_score()), Reverse(p.rating), p.pairing_number)
    });
    let n = order.len();
    if n == 0 {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    let candidates = bye_candidates(t, opts, &order, f.bye.map_or(ByeRule::LowestScore, |b| b.0))?;
    let model = build(t, &order, &candidates);
    let rank: Vec<i64> = (1..=n as i64).collect();
    let facts = PlayerFacts { t, float_rule: FloatRule::Dutch2026, groups: opts.groups.as_deref() };
    let scope = Scope { facts: &facts, global: &order, rank: &rank };
    let mut decisions: Vec<(Var, Choice)> =
        model.pairs.iter().enumerate().map(|(e, (a, b))| (Var::Pair(e), Choice::Pair(a, b))).collect();
    decisions.extend((0..n).filter(|&i| model.may_float[i]).map(|i| (Var::Float(i), Choice::Unpaired(i))));
    // C.04.1 Art. 3: everybody paired but the one bye when odd (a complete pairing exists, so
    // the optimum is the parity): a constraint stated as the first stage, as the matching takes it.
    let mut quality: Vec<Stage> = vec![completion(&model)];
    for key in &f.criteria {
        // The registry's check refused every key that is not a criterion of one's own.
        let c = f.custom(key).ok_or_else(|| PairError::Invalid(format!("{}: '{key}' is not defined", f.name)))?;
        quality.extend(custom::stages(c, &f.name, &scope, &decisions).map_err(PairError::Invalid)?);
    }
    // The file's requirements that are rows of the program (a quota; those forbidding pairs
    // are out of `t.may_meet` already, `systems::own`): the program is then no matching.
    let mut model = model;
    for req in custom::program_rows(f, t.round) {
        let row = custom::row(req, &f.name, &scope, &decisions).map_err(PairError::Invalid)?;
        model.constraints.push(row);
    }
    let model = std::sync::Arc::new(model);
    let constrained = !model.constraints.is_empty();
    let mut session = solving::session_shared(&model, opts).map_err(solver_error)?;
    match session.solve_stages(quality) {
        Err(SolveError::Infeasible) if constrained => {
            let names: Vec<&str> = model.constraints.iter().map(|c| c.name.as_str()).collect();
            return Err(PairError::NoValidPairing(format!(
                "{}: no pairing of round {} meets {} with the absolute rules of C.04.1",
                names.join(" and "),
                t.round,
                if names.len() == 1 { "it" } else { "them" }
            )));
        }
        r => r.map_err(solver_error)?,
    };
    session.solve_stages(vec![bye_rank(&model)]).map_err(solver_error)?;
    for batch in (0..n).collect::<Vec<_>>().chunks(PARTNER_BATCH) {
        session.solve_stages(partner_stages(&model, batch)).map_err(solver_error)?;
    }
    let sol = session.solution().map_err(solver_error)?;
    solving::write_models(opts, &format!("r{:02}-field", t.round), session.model(), &sol.stage_values)?;
    let pairs: Vec<(usize, usize)> =
        sol.pairs.iter().map(|&e| (order[model.pairs.at(e).0], order[model.pairs.at(e).1])).collect();
    let boards = crate::systems::dutch::allocate_colours(t, colours, &pairs)
        .ok_or_else(|| PairError::Invalid(format!("{colours} has no colour allocation the field can borrow")))?;
    let bye = sol.floaters.first().map(|&i| order[i]);
    let mut pairing = RoundPairing { boards, bye };
    pairing.sort_boards(t);
    let id = |i: usize| t.players[i].id;
    let mut trace = BracketTrace::new(
        "field",
        order.iter().map(|&i| id(i)).collect(),
        0,
        pairs.iter().map(|&(a, b)| (id(a), id(b))).collect(),
        bye.map(id).into_iter().collect(),
    );
    trace.stages = session.stage_keys().into_iter().zip(sol.stage_values.iter().copied()).collect();
    trace.reports = session.reports().to_vec();
    Ok((pairing, vec![trace]))
}

/// Who may receive the bye (local numbers in `order`), when the present players are odd in
/// number: the eligible ones (Art. 4), under `rule`; none when even. A complete pairing must
/// exist (Art. 2-4, 6-7), else there is no valid pairing.
fn bye_candidates(t: &Tournament, opts: &PairOptions, order: &[usize], rule: ByeRule) -> Result<Vec<bool>, PairError> {
    let n = order.len();
    let meet = |a: usize, b: usize| t.may_meet(a, b);
    let none = || {
        PairError::NoValidPairing(
            "the present players cannot all be paired without a rematch, a forbidden pair, a colour clash \
             (C.04.1 Art. 2, 6-7) or an ineligible bye (Art. 4)"
                .into(),
        )
    };
    if n % 2 == 0 {
        complete_pairing(&opts.audit, order, meet, |_| false).ok_or_else(none)?;
        return Ok(vec![false; n]);
    }
    let eligible = |i: usize| pab_eligible(t, i);
    match rule {
        ByeRule::Eligible => {
            complete_pairing(&opts.audit, order, meet, eligible).ok_or_else(none)?;
            Ok(order.iter().map(|&i| eligible(i)).collect())
        }
        ByeRule::LowestScore => {
            // The lowest score whose eligible players (at most that score) can take the bye in a
            // complete pairing; a player of a lower score then never can.
            let mut scores: Vec<_> = order.iter().map(|&i| t.players[i].pairing_score()).collect();
            scores.sort_unstable();
            scores.dedup();
            let score = scores
                .into_iter()
                .find(|&s| {
                    complete_pairing(&opts.audit, order, meet, |i| eligible(i) && t.players[i].pairing_score() <= s)
                        .is_some()
                })
                .ok_or_else(none)?;
            Ok(order.iter().map(|&i| eligible(i) && t.players[i].pairing_score() == score).collect())
        }
    }
}

/// The program: every pair C.04.1 allows (local numbers in `order`, lower first, in increasing
/// order), the bye candidates free to float.
fn build(t: &Tournament, order: &[usize], candidates: &[bool]) -> BracketModel {
    let n = order.len();
    let mut model = BracketModel::new(n);
    model.labels = order.iter().map(|&i| t.players[i].id.to_string()).collect();
    for a in 0..n {
        for b in a + 1..n {
            if t.may_meet(order[a], order[b]) {
                model.add_pair(a, b);
            }
        }
    }
    model.may_float = candidates.to_vec();
    model
}

/// C.04.1 Art. 3: one per player left unpaired.
fn completion(model: &BracketModel) -> Stage {
    let mut c = Cost::new();
    for i in (0..model.num_players()).filter(|&i| model.may_float[i]) {
        c.add(Var::Float(i), 1);
    }
    Stage { key: StageKey::completion("A3"), article: "C.04.1 Art. 3 everybody paired but the bye".into(), cost: c }
}

/// Tie-break: the bye to the lowest-ranked candidate (the last in the order).
fn bye_rank(model: &BracketModel) -> Stage {
    let n = model.num_players();
    let mut c = Cost::new();
    for i in (0..n).filter(|&i| model.may_float[i]) {
        c.add(Var::Float(i), (n - i) as i64);
    }
    Stage { key: StageKey::order("T", "bye-rank"), article: "whole field: tie-break, the bye".into(), cost: c }
}

/// Tie-break: for each of `players` in order, the earliest partner later in the order (its
/// distance in the order, minimised), which makes the optimum unique.
fn partner_stages(model: &BracketModel, players: &[usize]) -> Vec<Stage> {
    let (first, last) = match (players.first(), players.last()) {
        (Some(&f), Some(&l)) => (f, l),
        _ => return Vec::new(),
    };
    let mut costs: Vec<Cost> = vec![Cost::new(); last - first + 1];
    for (e, (a, b)) in model.pairs.iter().enumerate() {
        if (first..=last).contains(&a) {
            costs[a - first].add(Var::Pair(e), (b - a) as i64);
        }
    }
    costs
        .into_iter()
        .enumerate()
        .map(|(k, cost)| Stage {
            key: StageKey::order("T", "partner-of").at(At::Seat(first + k + 1)),
            article: "whole field: tie-break, partners in order".into(),
            cost,
        })
        .collect()
}

fn solver_error(e: SolveError) -> PairError {
    solving::after_completion_check("the whole-field program")(e)
}
