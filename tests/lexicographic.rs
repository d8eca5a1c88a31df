//! The lexicographic HiGHS solver against brute force on small random models.
#![cfg(feature = "highs")] // the integer-program backends (cargo feature `highs`, on by default)

use lexpair::model::{BracketModel, Cost, SolveError, Var};
use lexpair::solver::highs_lex::{solve_lexicographic, LexOptions};
use lexpair::vocabulary::{At, StageKey};

mod common;
use common::Rng;

fn random_model(rng: &mut Rng) -> BracketModel {
    let n = 1 + rng.below(8) as usize;
    let mut m = BracketModel::new(n);
    let density = 30 + rng.below(70);
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < density {
                m.add_pair(a, b);
            }
        }
    }
    for i in 0..n {
        m.may_float[i] = rng.below(100) < 40;
    }
    let stages = 1 + rng.below(4);
    for k in 0..stages {
        let mut c = Cost::new();
        let span = [2, 4, 10, 1000][rng.below(4) as usize];
        for e in 0..m.pairs.len() {
            c.add(Var::Pair(e), rng.below(span) as i64 - (span as i64) / 4);
        }
        for i in 0..n {
            if m.may_float[i] {
                c.add(Var::Float(i), rng.below(span) as i64);
            }
        }
        m.add_stage(StageKey::order("s", "").at(At::Seat(k as usize)), "test", c);
    }
    m
}

/// Every feasible assignment's stage vector, by exhaustive search; the lexicographic minimum.
fn brute_force(m: &BracketModel) -> Option<Vec<i64>> {
    fn rec(m: &BracketModel, used: &mut Vec<bool>, ones: &mut Vec<Var>, best: &mut Option<Vec<i64>>) {
        let Some(i) = used.iter().position(|&u| !u) else {
            let within = |c: &lexpair::model::Constraint| {
                let v: i64 = c.terms.iter().filter(|(x, _)| ones.contains(x)).map(|&(_, a)| a).sum();
                c.lower.is_none_or(|l| v >= l) && c.upper.is_none_or(|u| v <= u)
            };
            if !m.constraints.iter().all(within) {
                return;
            }
            let vals: Vec<i64> = m.stages.iter().map(|s| s.cost.value(&|v| ones.contains(&v))).collect();
            if best.as_ref().is_none_or(|b| vals < *b) {
                *best = Some(vals);
            }
            return;
        };
        used[i] = true;
        if m.may_float[i] {
            ones.push(Var::Float(i));
            rec(m, used, ones, best);
            ones.pop();
        }
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            let j = if a == i {
                b
            } else if b == i {
                a
            } else {
                continue;
            };
            if used[j] {
                continue;
            }
            used[j] = true;
            ones.push(Var::Pair(e));
            rec(m, used, ones, best);
            ones.pop();
            used[j] = false;
        }
        used[i] = false;
    }
    let mut best = None;
    rec(m, &mut vec![false; m.num_players()], &mut Vec::new(), &mut best);
    best
}

fn check_against_brute_force(opts: &LexOptions, seed: u64, cases: usize) {
    check_models_against_brute_force(opts, seed, cases, random_model)
}

/// A random model with a quota of its own: at most 0 or 1 of a random set of its pairs (no
/// longer a matching model).
fn random_model_with_quota(rng: &mut Rng) -> BracketModel {
    let mut m = random_model(rng);
    let terms: Vec<(Var, i64)> =
        (0..m.pairs.len()).filter(|_| rng.below(100) < 40).map(|e| (Var::Pair(e), 1)).collect();
    let quota = rng.below(2) as i64;
    m.add_constraint("quota", terms, None, Some(quota));
    m
}

fn check_models_against_brute_force(
    opts: &LexOptions,
    seed: u64,
    cases: usize,
    mut model: impl FnMut(&mut Rng) -> BracketModel,
) {
    let mut rng = Rng(seed);
    let (mut feasible, mut infeasible) = (0, 0);
    for case in 0..cases {
        let m = model(&mut rng);
        let expected = brute_force(&m);
        match (solve_lexicographic(&m, opts), expected) {
            (Ok(r), Some(best)) => {
                assert_eq!(r.solution.stage_values, best, "case {case}: {m:?}");
                r.solution.verify(&m).unwrap_or_else(|e| panic!("case {case}: {e}"));
                feasible += 1;
            }
            (Err(SolveError::Infeasible), None) => infeasible += 1,
            (got, want) => panic!("case {case}: solver {got:?}, brute force {want:?}, model {m:?}"),
        }
    }
    // The generator must exercise both outcomes.
    assert!(feasible > cases / 4 && infeasible > 0, "feasible {feasible}, infeasible {infeasible}");
}

#[test]
fn lexicographic_optimum_matches_brute_force_stage_by_stage() {
    let opts = LexOptions { merge_stages: false, ..LexOptions::default() };
    check_against_brute_force(&opts, 1, 400);
}

/// The same programs, stated with good_lp, handed to its pure-Rust microlp solver instead of
/// HiGHS (cargo feature `lp-microlp`): the same optima as brute force.
#[cfg(feature = "lp-microlp")]
#[test]
fn microlp_solves_the_same_programs() {
    let opts = LexOptions { solver: lexpair::solver::highs_lex::LpSolver::Microlp, ..LexOptions::default() };
    check_against_brute_force(&opts, 5, 150);
}

#[test]
fn merged_stages_give_the_same_optimum() {
    check_against_brute_force(&LexOptions::default(), 2, 400);
}

/// HiGHS alone, without the weighted matching's candidate: odd-set cuts, the exact dual bound,
/// reduced-cost fixing and branch and bound find the optima by themselves.
#[test]
fn highs_without_the_matching_candidate_matches_brute_force() {
    let opts = LexOptions { matching_start: false, ..LexOptions::default() };
    check_against_brute_force(&opts, 4, 400);
    let opts = LexOptions { matching_start: false, merge_stages: false, ..LexOptions::default() };
    check_against_brute_force(&opts, 6, 200);
}

/// The warm relaxation started from a working set of columns, the others priced in from the
/// exact reduced costs (on large models only by default; here on every model): the same optima,
/// with the matching's candidate and without, merged and stage by stage, and with a quota that
/// makes the program no matching.
#[test]
fn a_working_set_priced_in_from_the_exact_bound_gives_the_same_optima() {
    let priced = LexOptions { working_set_from: 0, ..LexOptions::default() };
    check_against_brute_force(&priced, 7, 300);
    check_against_brute_force(&LexOptions { merge_stages: false, ..priced.clone() }, 8, 200);
    check_against_brute_force(&LexOptions { matching_start: false, ..priced.clone() }, 9, 300);
    check_models_against_brute_force(&priced, 10, 300, random_model_with_quota);
    check_models_against_brute_force(&LexOptions { merge_stages: false, ..priced }, 11, 200, random_model_with_quota);
}

/// A matching model with a quota of its own: the weighted matching that minimises the quota's
/// terms first is the candidate (`penalty_guide`), feasible but not always optimal; HiGHS proves
/// it or beats it. The same optima as brute force, and as HiGHS without any candidate.
#[test]
fn a_quota_with_the_penalised_matching_as_candidate_gives_the_same_optima() {
    check_models_against_brute_force(&LexOptions::default(), 12, 400, random_model_with_quota);
    let alone = LexOptions { matching_start: false, ..LexOptions::default() };
    check_models_against_brute_force(&alone, 12, 400, random_model_with_quota);
}

/// A random model followed by "partner of p" stages, as the candidate orders state them: a
/// stage on one player's variables, each of its pairs (and its float) costed by a rank of the
/// partner, ties included. In a merged group each such stage counts by the rank of its value
/// among the player's variables still alive, on that many values (`merged_terms`): the same
/// optima as brute force, with and without the matching's candidate, on a working set, and
/// under a merge limit that only such ranks let several stages share.
fn random_model_with_partner_stages(rng: &mut Rng) -> BracketModel {
    let mut m = random_model(rng);
    let n = m.num_players();
    let mut players: Vec<usize> = (0..n).collect();
    for i in (1..n).rev() {
        players.swap(i, rng.below(i as u64 + 1) as usize);
    }
    for (seat, &p) in players.iter().enumerate().take(1 + rng.below(n as u64) as usize) {
        let mut c = Cost::new();
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            if a == p || b == p {
                c.add(Var::Pair(e), rng.below(n as u64 + 2) as i64);
            }
        }
        if m.may_float[p] {
            c.add(Var::Float(p), n as i64 + 2);
        }
        m.add_stage(StageKey::order("partner-of", "").at(At::Seat(100 + seat)), "test", c);
    }
    m
}

#[test]
fn partner_stages_merged_on_their_ranks_give_the_same_optima() {
    let merged = LexOptions::default();
    check_models_against_brute_force(&merged, 13, 300, random_model_with_partner_stages);
    let alone = LexOptions { matching_start: false, ..LexOptions::default() };
    check_models_against_brute_force(&alone, 14, 300, random_model_with_partner_stages);
    let priced = LexOptions { working_set_from: 0, ..LexOptions::default() };
    check_models_against_brute_force(&priced, 15, 300, random_model_with_partner_stages);
    let tight = LexOptions { max_merged_magnitude: 40, ..LexOptions::default() };
    check_models_against_brute_force(&tight, 16, 300, random_model_with_partner_stages);
}

#[test]
fn small_merge_limit_forces_splitting_and_stays_exact() {
    let opts = LexOptions { max_merged_magnitude: 3000, ..LexOptions::default() };
    check_against_brute_force(&opts, 3, 200);
}

/// Four players 0-3, all pairs allowed: stage 1 prefers pairing 0 with 1 or 0 with 2 equally.
fn tie_model() -> BracketModel {
    let mut m = BracketModel::new(4);
    let mut vars = Vec::new();
    for a in 0..4 {
        for b in a + 1..4 {
            vars.push(((a, b), m.add_pair(a, b)));
        }
    }
    let mut c = Cost::new();
    for &((a, b), v) in &vars {
        if !(a == 0 && (b == 1 || b == 2)) && !(a == 2 && b == 3) && !(a == 1 && b == 3) {
            c.add(v, 5);
        }
    }
    m.add_stage(StageKey::order("prefer-0-with-1-or-2", ""), "test", c);
    m
}

#[test]
fn uniqueness_check_detects_ties_and_a_tie_break_resolves_them() {
    let opts = LexOptions { check_unique: true, ..LexOptions::default() };
    let m = tie_model();
    assert!(matches!(solve_lexicographic(&m, &opts), Err(SolveError::InvalidModel(msg)) if msg.contains("not unique")));
    // Tie-break: the candidate order prefers 0-1 (partner rank of player 0).
    let mut m = tie_model();
    let mut tb = Cost::new();
    for (e, (a, b)) in m.pairs.clone().iter().enumerate() {
        if a == 0 {
            tb.add(Var::Pair(e), b as i64);
        }
    }
    m.add_stage(StageKey::order("partner-of-0", ""), "test", tb);
    let r = solve_lexicographic(&m, &opts).expect("unique optimum");
    let chosen: Vec<(usize, usize)> = r.solution.pairs.iter().map(|&e| m.pairs.at(e)).collect();
    assert_eq!(chosen, vec![(0, 1), (2, 3)]);
    assert_eq!(r.solution.stage_values, vec![0, 1]);
}

#[test]
fn zero_cost_stage_at_its_bound_needs_no_solve() {
    let mut m = BracketModel::new(2);
    let v = m.add_pair(0, 1);
    let mut c = Cost::new();
    c.add(v, 3);
    m.add_stage(StageKey::order("first", ""), "test", c);
    m.add_stage(StageKey::order("empty", ""), "test", Cost::new());
    let r = solve_lexicographic(&m, &LexOptions { merge_stages: false, ..LexOptions::default() }).expect("feasible");
    assert_eq!(r.solution.stage_values, vec![3, 0]);
    assert_eq!(r.stages[1].how, "bound");
    // The first stage is on player 0's variables alone, and its only one (the pair) has cost 3:
    // the candidate meets that least value, so it needs no solve either.
    assert_eq!(r.stages[0].how, "bound");
    assert_eq!(r.solves, 0);
}

#[test]
fn malformed_models_are_rejected_not_solved() {
    let mut m = BracketModel::new(2);
    m.pairs.push((0, 0));
    assert!(matches!(solve_lexicographic(&m, &LexOptions::default()), Err(SolveError::InvalidModel(_))));
    let mut m = BracketModel::new(2);
    let mut c = Cost::new();
    c.add(Var::Float(1), 1); // player 1 may not float
    m.add_pair(0, 1);
    m.add_stage(StageKey::order("bad", ""), "test", c);
    assert!(matches!(solve_lexicographic(&m, &LexOptions::default()), Err(SolveError::InvalidModel(_))));
}

#[test]
fn nobody_to_pair_is_trivially_solved_and_odd_without_floaters_is_infeasible() {
    let m = BracketModel::new(0);
    assert!(solve_lexicographic(&m, &LexOptions::default()).is_ok());
    let mut m = BracketModel::new(3);
    m.add_pair(0, 1);
    m.add_pair(1, 2);
    assert_eq!(solve_lexicographic(&m, &LexOptions::default()), Err(SolveError::Infeasible));
}

#[test]
fn a_session_adds_variables_constraints_and_stages_after_seeing_earlier_optima() {
    for opts in [LexOptions::default(), LexOptions { working_set_from: 0, ..LexOptions::default() }] {
        session_adds_variables_constraints_and_stages(opts);
    }
}

fn session_adds_variables_constraints_and_stages(opts: LexOptions) {
    use lexpair::solver::highs_lex::LexSession;
    // Six players, all pairs allowed; stage 1 forbids nothing but prefers pairs within {0,1,2}
    // to be as few as possible (cost 1 each).
    let mut m = BracketModel::new(6);
    for a in 0..6 {
        for b in a + 1..6 {
            m.add_pair(a, b);
        }
    }
    let pairs = m.pairs.clone();
    let mut s = LexSession::new(m, opts).expect("valid model");
    let mut c = Cost::new();
    for (e, (a, b)) in pairs.iter().enumerate() {
        if a < 3 && b < 3 {
            c.add(Var::Pair(e), 1);
        }
    }
    let v = s
        .solve_stages(vec![lexpair::model::Stage {
            key: StageKey::order("few-top-pairs", ""),
            article: "test".into(),
            cost: c,
        }])
        .expect("feasible");
    assert_eq!(v, vec![0]);
    // Aux a = "player 0 meets player 5"; require it, then prefer 1 with 3 over 1 with 4.
    let a = s.add_aux("zero-meets-five");
    let e05 = pairs.iter().position(|p| p == (0, 5)).expect("pair exists");
    s.add_constraint("a-is-x05", vec![(a, 1), (Var::Pair(e05), -1)], Some(0), Some(0)).expect("valid");
    s.add_constraint("a-holds", vec![(a, 1)], Some(1), None).expect("valid");
    let mut pref = Cost::new();
    for (e, (x, y)) in pairs.iter().enumerate() {
        if x == 1 {
            pref.add(Var::Pair(e), y as i64);
        }
    }
    s.solve_stages(vec![lexpair::model::Stage {
        key: StageKey::order("partner-of-1", ""),
        article: "test".into(),
        cost: pref,
    }])
    .expect("feasible");
    let r = s.finish().expect("verified");
    let chosen: Vec<(usize, usize)> = r.solution.pairs.iter().map(|&e| pairs.at(e)).collect();
    assert_eq!(chosen, vec![(0, 5), (1, 3), (2, 4)]);
    assert_eq!(r.solution.aux, vec![0]);
    assert_eq!(r.solution.stage_values, vec![0, 3]);
}

/// The exact matching session (optimal faces, chunks, settled players) against brute force:
/// random pure matching models with up to 90 stages given in several levels, many of them of
/// the candidate-order kind ("the rank of p's partner", all terms on one player), with ranges
/// wide enough that one level needs several chunks.
/// Solves `m`'s stages in a matching session, `take(stages left)` of them per call, and checks
/// every value and the final solution against exhaustive search. Returns the session and the
/// number of calls when `m` is feasible, `None` when both find it infeasible. A chunk with more
/// than `price_above` pairs is solved priced (on a subgraph priced against the rest).
fn session_against_brute_force(
    case: usize,
    m: &BracketModel,
    price_above: usize,
    mut take: impl FnMut(usize) -> usize,
) -> Option<(lexpair::solver::matching_lex::MatchingSession, usize)> {
    use lexpair::model::Stage;
    use lexpair::solver::lex::LexBackend;
    use lexpair::solver::matching_lex::MatchingSession;
    use lexpair::solver::weighted_matching::Pricing;
    let expected = brute_force(m);
    let mut base = m.clone();
    let mut stages: Vec<Stage> = std::mem::take(&mut base.stages);
    let Ok(s) = MatchingSession::new(base) else { panic!("case {case}: not a matching model") };
    // A subgraph of one edge per player, growing by one: the pricing must do the work.
    let mut s = s.with_pricing(price_above, Pricing { start_degree: 1, add_per_vertex: 1 });
    let mut got = Ok(Vec::new());
    let mut levels = 0;
    while !stages.is_empty() {
        levels += 1;
        let k = take(stages.len()).min(stages.len());
        let level: Vec<Stage> = stages.drain(..k).collect();
        match s.solve_stages(level) {
            Ok(v) => got.as_mut().map(|g: &mut Vec<i64>| g.extend(v)).unwrap_or(()),
            Err(e) => {
                got = Err(e);
                break;
            }
        }
    }
    match (got, expected) {
        (Ok(values), Some(best)) => {
            assert_eq!(values, best, "case {case}: {m:?}");
            let sol = s.solution().expect("solved");
            assert_eq!(sol.stage_values, best, "case {case}: final solution");
            sol.verify(s.model()).unwrap_or_else(|e| panic!("case {case}: {e}"));
            Some((s, levels))
        }
        (Err(SolveError::Infeasible), None) => None,
        (got, want) => panic!("case {case}: session {got:?}, brute force {want:?}, model {m:?}"),
    }
}

#[test]
fn matching_session_folds_levels_into_faces_exactly() {
    folds_levels_into_faces(usize::MAX);
}

/// The same models, every chunk solved on a subgraph of a few edges per player priced against
/// the rest (as the dense models of large brackets are).
#[test]
fn priced_matching_session_folds_levels_into_faces_exactly() {
    folds_levels_into_faces(0);
}

fn folds_levels_into_faces(price_above: usize) {
    let mut rng = Rng(2024);
    let (mut feasible, mut chunked) = (0, 0);
    for case in 0..400 {
        let mut m = random_model(&mut rng);
        let n = m.num_players();
        // One case in three: wide general stages in one level, which needs several chunks.
        let wide = case % 3 == 0;
        let extra = if wide { 50 + rng.below(40) as usize } else { rng.below(90) as usize };
        for k in 0..extra {
            let mut c = Cost::new();
            if !wide && rng.below(3) > 0 && n > 0 {
                // A partner stage: every term on player p.
                let p = rng.below(n as u64) as usize;
                let span = [2u64, 5, 1_000_000][rng.below(3) as usize];
                for (e, (a, b)) in m.pairs.iter().enumerate() {
                    if a == p || b == p {
                        c.add(Var::Pair(e), rng.below(span) as i64);
                    }
                }
                if m.may_float[p] && rng.below(2) == 0 {
                    c.add(Var::Float(p), rng.below(span) as i64);
                }
            } else if !wide && rng.below(2) == 0 {
                // Pairs to avoid (as D.2.a's pairs wholly in S2): often none need be taken, and
                // the session may fold the stage at zero by exchanging partners.
                for e in 0..m.pairs.len() {
                    if rng.below(4) == 0 {
                        c.add(Var::Pair(e), 1);
                    }
                }
            } else {
                let span = if wide { 1_000_000 } else { 1000 };
                for e in 0..m.pairs.len() {
                    if rng.below(3) == 0 {
                        c.add(Var::Pair(e), rng.below(span) as i64 - 200);
                    }
                }
            }
            m.add_stage(StageKey::order("t", "").at(At::Seat(k)), "test", c);
        }
        let take = |left: usize| if wide { left } else { 1 + rng.below(40) as usize };
        if let Some((s, levels)) = session_against_brute_force(case, &m, price_above, take) {
            chunked += usize::from(wide && s.solves() > levels);
            feasible += 1;
        }
    }
    // Some levels must have needed several chunks (more solves than levels).
    assert!(feasible > 100 && chunked > 20, "feasible {feasible}, chunked {chunked}");
}

/// The matching session's exchange folds (a partner stage reached by exchanging partners along
/// two or three pairs, a stage of pairs to avoid brought to zero the same way) on models shaped
/// like a bracket's candidate order: a colour stage, "pairs wholly in the lower half" (D.2.a),
/// then the partner of every player in order (D.1). Checked against exhaustive search.
#[test]
fn exchange_folds_of_a_candidate_order_stay_exact() {
    exchange_folds(usize::MAX);
}

/// The same, every chunk priced.
#[test]
fn priced_exchange_folds_of_a_candidate_order_stay_exact() {
    exchange_folds(0);
}

fn exchange_folds(price_above: usize) {
    let mut rng = Rng(77);
    let mut feasible = 0;
    for case in 0..300 {
        let n = if case % 2 == 0 { 10 } else { 12 };
        let mut m = BracketModel::new(n);
        let density = 60 + rng.below(40);
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < density {
                    m.add_pair(a, b);
                }
            }
        }
        // One case in four, two players may float: the face weights then differ between pairs.
        if case % 4 == 1 {
            m.may_float[0] = true;
            m.may_float[n - 1] = true;
        }
        // One case in three, the first stage wants the last two players together: then some
        // pair lies wholly in the lower half, and that stage cannot be folded at zero.
        let together = case % 3 == 0;
        let colour: Vec<u64> = (0..n).map(|_| rng.below(2)).collect();
        let mut c = Cost::new();
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            let apart = together && (b == n - 1 || b == n - 2) && a != n - 2;
            if apart || (!together && colour[a] == colour[b]) {
                c.add(Var::Pair(e), 1);
            }
        }
        for i in (0..n).filter(|&i| m.may_float[i]) {
            c.add(Var::Float(i), 1);
        }
        m.add_stage(StageKey::order("colours", ""), "test", c);
        let mut c = Cost::new();
        for (e, (a, _)) in m.pairs.iter().enumerate() {
            if a >= n / 2 {
                c.add(Var::Pair(e), 1);
            }
        }
        m.add_stage(StageKey::order("wholly-in-s2", ""), "test", c);
        for p in 0..n {
            let mut c = Cost::new();
            for (e, (a, b)) in m.pairs.iter().enumerate() {
                if a == p || b == p {
                    // Wide terms (as a large bracket's ranks are): a chunk holds only a few
                    // of these stages, and the rest are folded into its face, by exchanges.
                    c.add(Var::Pair(e), ((a + b - p) as i64 + 1) << 24);
                }
            }
            if m.may_float[p] {
                c.add(Var::Float(p), (n as i64 + 1) << 24);
            }
            m.add_stage(StageKey::order("partner-of", "").at(At::Seat(p)), "test", c);
        }
        // The colour stage, then "wholly in the lower half", then the partner stages together.
        let take = |left: usize| if left > n { 1 } else { left };
        feasible += usize::from(session_against_brute_force(case, &m, price_above, take).is_some());
    }
    assert!(feasible > 200, "feasible {feasible}");
}

/// [`LexBackend::pairs_in_use`] of the matching session leaves out only for pairs no optimum of the
/// stages solved so far uses: checked by exhaustive search with a first stage charging every
/// other variable of the pair's two players (its optimum is 0 exactly when some solution uses
/// the pair, and the stages after it are then the best such a solution attains), on candidate-
/// order models stopped half-way through their partner stages, when players are settled and
/// the face still holds their other pairs.
///
/// [`LexBackend::pairs_in_use`]: lexpair::solver::lex::LexBackend::pairs_in_use
#[test]
fn matching_session_rules_out_only_pairs_no_optimum_uses() {
    use lexpair::model::Stage;
    use lexpair::solver::lex::LexBackend;
    use lexpair::solver::matching_lex::MatchingSession;
    let mut rng = Rng(4646);
    let mut ruled_out = 0;
    for case in 0..120 {
        let n = 10;
        let mut m = BracketModel::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < 80 {
                    m.add_pair(a, b);
                }
            }
        }
        let colour: Vec<u64> = (0..n).map(|_| rng.below(2)).collect();
        let mut c = Cost::new();
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            if colour[a] == colour[b] {
                c.add(Var::Pair(e), 1);
            }
        }
        m.add_stage(StageKey::order("colours", ""), "test", c);
        for p in 0..n / 2 {
            let mut c = Cost::new();
            for (e, (a, b)) in m.pairs.iter().enumerate() {
                if a == p || b == p {
                    c.add(Var::Pair(e), (a + b - p) as i64 + 1);
                }
            }
            m.add_stage(StageKey::order("partner-of", "").at(At::Seat(p)), "test", c);
        }
        let mut base = m.clone();
        let stages: Vec<Stage> = std::mem::take(&mut base.stages);
        let mut s = MatchingSession::new(base).expect("a matching model");
        let mut stages = stages.into_iter();
        if s.solve_stages(stages.by_ref().take(1).collect()).is_err() {
            continue;
        }
        s.solve_stages(stages.collect()).expect("feasible after the first stage");
        let Some(best) = brute_force(&m) else { panic!("case {case}: the session solved an infeasible model") };
        let view = s.pairs_in_use();
        let in_use: Vec<bool> = m.pairs.iter().enumerate().map(|(e, (a, b))| view.has(e, a, b)).collect();
        for (e, (a, b)) in m.pairs.clone().iter().enumerate() {
            if in_use[e] {
                continue;
            }
            ruled_out += 1;
            let mut forced = m.clone();
            let mut c = Cost::new();
            for (f, (x, y)) in m.pairs.iter().enumerate() {
                if f != e && (x == a || x == b || y == a || y == b) {
                    c.add(Var::Pair(f), 1);
                }
            }
            for i in [a, b].into_iter().filter(|&i| m.may_float[i]) {
                c.add(Var::Float(i), 1);
            }
            forced.stages.insert(0, Stage { key: StageKey::order("use-e", ""), article: "test".into(), cost: c });
            if let Some(values) = brute_force(&forced) {
                assert!(
                    values[0] > 0 || values[1..] != best[..],
                    "case {case}: pair {e} ({a}, {b}) ruled out, yet an optimum uses it"
                );
            }
        }
    }
    assert!(ruled_out > 500, "ruled out {ruled_out}");
}
