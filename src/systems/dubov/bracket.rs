//! One Dubov bracket, in two lexicographic matching programs and a final one:
//!
//! 1. **Upfloaters** (B.1-B.2, C.4-C.10, D.1). The model holds the (remaining) residents and every
//!    player of the lower scoregroups, and must pair them all (the PAB is assigned before): a
//!    lower player paired with a resident is an upfloater, pairs among lower players only witness
//!    that the round can still be completed (C.4). Stages: C.5 number of upfloaters; C.6 their
//!    scores, from the lowest score up (maximise the lowest, then the next); C.7 bracket players
//!    not getting their colour preference; C.8-C.10 (not in the last round); then the D.1 order of
//!    the upfloater sets: within one container (same scores, fixed by C.6), the lexicographically
//!    first set of sequence numbers, i.e. "contains #1", then "contains #2", ... as stages.
//! 2. **Shifters** (B.3, D.2). G1 = White seekers, G2 = the rest (first/second half by initial
//!    ranking when nobody in the bracket has played). Every legal pairing of the bracket pairs G1
//!    players with G2 players, except for pairs inside the smaller subgroup S (one of the two is
//!    shifted, B.3 first step) and pairs inside the larger one (one is shifted to equalise, B.3
//!    second step). Stages: fewest pairs inside S (C.7 at its best), then the first set of S
//!    shifters in D.2 order, then the first set of equalising shifters in D.2 order; in a pair
//!    inside a subgroup the shifter is the member with the smaller D.2 number (that gives the
//!    first set).
//! 3. **Transposition** (B.4-B.5, D.3). S1 = new G1 by ascending ARO, then initial ranking; T2 =
//!    the first permutation of new G2 (initial ranking order) giving a legal pairing: stage i
//!    minimises the rank of S1\[i\]'s opponent.

use super::criteria::Criterion;
use super::round::{middle_out, Round};
use super::solver_error;
use crate::model::{BracketModel, Cost, Solution, SolveError, Stage, Var};
use crate::options::PairOptions;
use crate::solver::lex::StageReport;
use crate::solver::matching::maximum_matching;
use crate::trf::Colour;
use crate::vocabulary::{At, PairError, StageKey};
use std::sync::Arc;

/// Stage values and solver reports collected over the programs of a bracket.
#[derive(Default)]
pub struct Log {
    pub stages: Vec<(StageKey, i64)>,
    pub reports: Vec<StageReport>,
    /// File name prefix for `--write-lp` (round and bracket).
    pub prefix: String,
}

/// The article each quality criterion key of a formulation file implements (2026 edition).
pub fn article(key: &str) -> Option<&'static str> {
    super::criteria::find(key).map(|c| c.article_2026)
}

fn stage(key: StageKey, article: &str, cost: Cost) -> Stage {
    Stage { key, article: article.to_string(), cost }
}

/// Solves `model` with `stages` lexicographically on the chosen backend.
fn solve(
    opts: &PairOptions,
    program: &str,
    model: Arc<BracketModel>,
    stages: Vec<Stage>,
    log: &mut Log,
) -> Result<Solution, PairError> {
    let keys: Vec<StageKey> = stages.iter().map(|s| s.key).collect();
    let (sol, values, reports) = solve_raw(opts, program, &model, stages, &log.prefix).map_err(lift)?;
    log.stages.extend(keys.into_iter().zip(values));
    log.reports.extend(reports);
    Ok(sol)
}

/// [`solve`] without the log; a solver's error stays `PairError::Solver` as the solver gave it
/// (an infeasible relaxation is not a failure): [`lift`] words it as the round's error.
fn solve_raw(
    opts: &PairOptions,
    program: &str,
    model: &Arc<BracketModel>,
    stages: Vec<Stage>,
    prefix: &str,
) -> Result<(Solution, Vec<i64>, Vec<StageReport>), PairError> {
    let mut session = crate::systems::solving::session_shared(model, opts).map_err(PairError::Solver)?;
    let values = session.solve_stages(stages).map_err(PairError::Solver)?;
    let sol = session.solution().map_err(PairError::Solver)?;
    crate::systems::solving::write_models(opts, &format!("{prefix}-{program}"), session.model(), &values)?;
    Ok((sol, values, session.reports().to_vec()))
}

/// A solver's error as the round's: after the completion check, infeasible is lexpair's fault.
fn lift(e: PairError) -> PairError {
    match e {
        PairError::Solver(e) => solver_error(e),
        e => e,
    }
}

/// Chooses the upfloaters of the bracket of `residents` from `lower` (players of the lower
/// scoregroups, by score descending then initial ranking: the D.1 sequence order).
///
/// The program of the module header holds every lower player and every pair among them: below
/// a large bracket that is millions of pairs whose only role is to witness completion (C.4). It
/// is solved first relaxed: the lower players may stay unpaired, and each resident is offered
/// only its first `k` lower players in the order of the stages (the criteria's
/// [`Criterion::rank`]s in priority order, then the D.1 sequence). With C.5 first, an optimum
/// of `m <= k` upfloaters is the relaxation's whole optimum: in any pairing a resident whose
/// upfloater is not among its first `k` has one of them free (at most `m - 1` are used), and
/// exchanging the two is better for the first stage where they differ (the D.1 stages tell
/// every two players apart). Otherwise `k` grows; without C.5 first, `k` is the number of
/// residents. When the lower players left out of the relaxation's bracket can be paired among
/// themselves (the implicit-graph matching, O(n) memory), its optimum is the program's; if not,
/// the whole program is solved. Stage values are the whole program's (a D.1 stage of a player
/// not offered is 0: that player is not chosen).
/// `relax` false solves the whole program at once (the tests compare the two ways).
pub fn choose_upfloaters(
    r: &Round,
    keys: &[String],
    residents: &[usize],
    lower: &[usize],
    opts: &PairOptions,
    log: &mut Log,
    relax: bool,
) -> Result<Vec<usize>, PairError> {
    let criteria: Vec<&Criterion> = keys.iter().filter_map(|k| super::criteria::find(k)).collect();
    let nr = residents.len();
    let count_first = keys.first().is_some_and(|k| k == "C5");
    let mut k = if count_first { 4 } else { nr };
    if relax {
        loop {
            let k_now = k.min(nr);
            let offered = Offered::new(r, &criteria, residents, lower, k_now);
            match upfloater_program(r, &criteria, residents, lower, Some(&offered), opts, &log.prefix) {
                Ok(found) if !count_first || found.ups.len() <= k_now || k_now == nr => {
                    let chosen: std::collections::HashSet<usize> = found.ups.iter().copied().collect();
                    let rest: Vec<usize> = lower.iter().copied().filter(|i| !chosen.contains(i)).collect();
                    if r.completable(&rest, false) {
                        return Ok(found.into_log(log));
                    }
                    break;
                }
                Ok(_) | Err(PairError::Solver(SolveError::Infeasible)) if k_now < nr => k *= 4,
                Ok(_) | Err(PairError::Solver(SolveError::Infeasible)) => break,
                Err(e) => return Err(lift(e)),
            }
        }
    }
    let found = upfloater_program(r, &criteria, residents, lower, None, opts, &log.prefix).map_err(lift)?;
    Ok(found.into_log(log))
}

/// The lower players a relaxed upfloater program offers each resident.
struct Offered {
    /// Per resident, the positions in `lower` of its candidates, ascending.
    of: Vec<Vec<usize>>,
    /// Per position in `lower`: may the player meet some resident (has a D.1 stage)?
    meets: Vec<bool>,
}

impl Offered {
    /// Each resident's first `k` lower players it may meet, in the order of `criteria`'s ranks,
    /// then of the D.1 sequence (the position in `lower`).
    fn new(r: &Round, criteria: &[&Criterion], residents: &[usize], lower: &[usize], k: usize) -> Offered {
        let width = criteria.len() + 1;
        let mut meets = vec![false; lower.len()];
        let mut of = Vec::with_capacity(residents.len());
        let mut signs: Vec<i64> = Vec::new();
        let mut cands: Vec<usize> = Vec::new();
        for &x in residents {
            signs.clear();
            cands.clear();
            for (p, &u) in lower.iter().enumerate() {
                if r.can_meet(x, u) {
                    meets[p] = true;
                    signs.extend(criteria.iter().map(|c| c.rank(r, x, u)));
                    signs.push(p as i64);
                    cands.push(cands.len());
                }
            }
            let sign = |c: &usize| &signs[c * width..(c + 1) * width];
            if cands.len() > k {
                cands.select_nth_unstable_by(k, |a, b| sign(a).cmp(sign(b)));
                cands.truncate(k);
            }
            let mut kept: Vec<usize> = cands.iter().map(|&c| signs[c * width + width - 1] as usize).collect();
            kept.sort_unstable();
            of.push(kept);
        }
        Offered { of, meets }
    }
}

/// An upfloater program's answer: the upfloaters (tournament indices, D.1 order), the stage
/// values as the whole program has them, and the solver's reports.
struct Found {
    ups: Vec<usize>,
    stages: Vec<(StageKey, i64)>,
    reports: Vec<StageReport>,
}

impl Found {
    fn into_log(self, log: &mut Log) -> Vec<usize> {
        log.stages.extend(self.stages);
        log.reports.extend(self.reports);
        self.ups
    }
}

/// The upfloater program of the module header on `residents` and `lower`: whole (`offered` is
/// `None`: every lower player, every pair), or relaxed to the candidates `offered` (lower
/// players may stay unpaired, no pairs among them).
fn upfloater_program(
    r: &Round,
    criteria: &[&Criterion],
    residents: &[usize],
    lower: &[usize],
    offered: Option<&Offered>,
    opts: &PairOptions,
    prefix: &str,
) -> Result<Found, PairError> {
    let nr = residents.len();
    // Local indices: residents, then the lower players in the program, by position in `lower`.
    let (model, positions, meets) = match offered {
        None => {
            let global: Vec<usize> = residents.iter().chain(lower).copied().collect();
            let model = allowed_pairs(r, &global);
            let mut meets = vec![false; lower.len()];
            for (a, b) in model.pairs.iter() {
                if a < nr && b >= nr {
                    meets[b - nr] = true;
                }
            }
            (model, (0..lower.len()).collect::<Vec<usize>>(), meets)
        }
        Some(o) => {
            let mut in_program = vec![false; lower.len()];
            for &p in o.of.iter().flatten() {
                in_program[p] = true;
            }
            let positions: Vec<usize> = (0..lower.len()).filter(|&p| in_program[p]).collect();
            let mut local = vec![usize::MAX; lower.len()];
            for (j, &p) in positions.iter().enumerate() {
                local[p] = nr + j;
            }
            let mut model = BracketModel::new(nr + positions.len());
            model.labels = residents
                .iter()
                .chain(positions.iter().map(|&p| &lower[p]))
                .map(|&i| r.t.players[i].id.to_string())
                .collect();
            for f in &mut model.may_float[nr..] {
                *f = true;
            }
            for a in 0..nr {
                for b in a + 1..nr {
                    if r.can_meet(residents[a], residents[b]) {
                        model.add_pair(a, b);
                    }
                }
                for &p in &o.of[a] {
                    model.add_pair(a, local[p]);
                }
            }
            (model, positions, o.meets.clone())
        }
    };
    let global: Vec<usize> = residents.iter().copied().chain(positions.iter().map(|&p| lower[p])).collect();
    let pairs = &model.pairs;
    let up_pairs: Vec<(usize, usize)> =
        pairs.iter().enumerate().filter(|&(_, (a, b))| a < nr && b >= nr).map(|(e, (_, b))| (e, b)).collect();
    let ctx = super::criteria::Ctx { r, pairs, up_pairs: &up_pairs, global: &global, lower, nr };
    let mut stages = Vec::new();
    for c in criteria {
        let art = match r.edition {
            super::Edition::E2026 => c.article_2026,
            super::Edition::E2018 => c.article_2018,
        };
        stages.extend(c.stages(&ctx, art));
    }
    let criteria_stages = stages.len();
    // D.1: the first set of the container, i.e. the lexicographically smallest set of sequence
    // numbers: contain #1 if possible, then #2, ...
    let d1_key = |p: usize| StageKey::order("D1", "upfloater-#{}").at(At::Seat(p + 1));
    let mut d1 = vec![Cost::new(); global.len() - nr];
    for &(e, u) in &up_pairs {
        d1[u - nr].add(Var::Pair(e), -1);
    }
    let mut d1_given = vec![false; lower.len()];
    for (j, c) in d1.into_iter().enumerate() {
        if !c.is_empty() {
            d1_given[positions[j]] = true;
            stages.push(stage(d1_key(positions[j]), "C.04.4.1 D.1", c));
        }
    }
    let keys: Vec<StageKey> = stages.iter().map(|s| s.key).collect();
    let model = Arc::new(model);
    let (sol, values, reports) = solve_raw(opts, "upfloaters", &model, stages, prefix)?;
    let mut trace: Vec<(StageKey, i64)> =
        keys.iter().copied().zip(values.iter().copied()).take(criteria_stages).collect();
    let mut given = values[criteria_stages..].iter();
    for p in (0..lower.len()).filter(|&p| meets[p]) {
        let v = if d1_given[p] { given.next().copied().unwrap_or(0) } else { 0 };
        trace.push((d1_key(p), v));
    }
    let mut ups: Vec<usize> =
        sol.pairs.iter().map(|&e| model.pairs.at(e)).filter(|&(a, b)| a < nr && b >= nr).map(|(_, b)| b).collect();
    ups.sort_unstable();
    Ok(Found { ups: ups.into_iter().map(|u| global[u]).collect(), stages: trace, reports })
}

/// Pairs the bracket `players` (residents and upfloaters) by B.3-B.5; returns the pairs
/// (tournament indices, S1 player first).
pub fn pair_bracket(
    r: &Round,
    players: &[usize],
    opts: &PairOptions,
    log: &mut Log,
) -> Result<Vec<(usize, usize)>, PairError> {
    let nb = players.len();
    // B.3: G1 = White seekers, unless nobody in the bracket has played: then the first half by
    // initial ranking.
    let mut in_g1 = vec![false; nb];
    if players.iter().all(|&i| r.unplayed(i)) {
        let mut by_rank: Vec<usize> = (0..nb).collect();
        by_rank.sort_by_key(|&l| r.tpn(players[l]));
        for &l in &by_rank[..nb / 2] {
            in_g1[l] = true;
        }
    } else {
        for l in 0..nb {
            in_g1[l] = r.pref(players[l]).0 == Colour::White;
        }
    }
    let allowed = |a: usize, b: usize| r.can_meet(players[a], players[b]);
    // B.4: S1 = G1 by ascending ARO, then initial ranking; D.3: G2 by initial ranking.
    let split = |in_g1: &[bool]| {
        let mut s1: Vec<usize> = (0..nb).filter(|&l| in_g1[l]).collect();
        s1.sort_by_key(|&l| (r.aro(players[l]), r.tpn(players[l])));
        let mut g2: Vec<usize> = (0..nb).filter(|&l| !in_g1[l]).collect();
        g2.sort_by_key(|&l| r.tpn(players[l]));
        (s1, g2)
    };
    let (mut s1, mut g2) = split(&in_g1);
    // B.3: no shifter when G1 and G2 are as large and can be paired across; a legal identity
    // transposition (B.5) already shows they can.
    let identity = |s1: &[usize], g2: &[usize]| s1.len() == g2.len() && s1.iter().zip(g2).all(|(&a, &b)| allowed(a, b));
    let balanced = identity(&s1, &g2)
        || (s1.len() == g2.len() && {
            let legal: Vec<(usize, usize)> =
                s1.iter().flat_map(|&a| g2.iter().map(move |&b| (a, b))).filter(|&(a, b)| allowed(a, b)).collect();
            maximum_matching(nb, &legal).iter().all(|m| m.is_some())
        });
    if !balanced {
        shift(r, players, &mut in_g1, opts, log)?;
        (s1, g2) = split(&in_g1);
    }
    if s1.len() != g2.len() {
        return Err(PairError::Solver(crate::model::SolveError::Backend(
            "B.3 left subgroups of different sizes".into(),
        )));
    }
    // Criteria of one's own: stages of this program (the bracket's pairs), before D.3's order.
    let own: Vec<&str> = opts
        .model
        .iter()
        .flat_map(|f| f.criteria.iter().filter(|k| f.custom(k).is_some()).map(String::as_str))
        .collect();
    // B.5: the first transposition is the identity when it is legal (and no criterion of one's
    // own may prefer another).
    if own.is_empty() && !opts.write_lp_all && identity(&s1, &g2) {
        return Ok(s1.iter().zip(&g2).map(|(&a, &b)| (players[a], players[b])).collect());
    }
    let mut model = BracketModel::new(nb);
    model.labels = players.iter().map(|&i| r.t.players[i].id.to_string()).collect();
    let mut rank = vec![0i64; nb];
    for (k, &l) in g2.iter().enumerate() {
        rank[l] = k as i64;
    }
    // Stage k: S1 player #k's opponent, by its rank in G2 (one pass over each player's pairs).
    let mut stages = Vec::with_capacity(s1.len());
    for (k, &a) in s1.iter().enumerate() {
        let mut c = Cost::new();
        for &b in &g2 {
            if allowed(a, b) {
                c.add(model.add_pair(a, b), rank[b]);
            }
        }
        stages.push(stage(StageKey::order("D3", "opponent-of-S1-#{}").at(At::Seat(k + 1)), "C.04.4.1 B.5 / D.3", c));
    }
    if !own.is_empty() {
        let facts = crate::systems::custom::PlayerFacts {
            t: r.t,
            float_rule: crate::tournament::FloatRule::Dutch2026,
            groups: opts.groups.as_deref(),
        };
        let ranks: Vec<i64> = (1..=nb as i64).collect();
        let scope = crate::systems::custom::Scope { facts: &facts, global: players, rank: &ranks };
        let decisions: Vec<(Var, crate::systems::custom::Choice)> = model
            .pairs
            .iter()
            .enumerate()
            .map(|(e, (a, b))| (Var::Pair(e), crate::systems::custom::Choice::Pair(a, b)))
            .collect();
        let mut first = Vec::new();
        for name in own {
            if let Some(st) = crate::systems::custom::own_stages(opts, name, &scope, &decisions) {
                first.extend(st?);
            }
        }
        first.append(&mut stages);
        stages = first;
    }
    let model = Arc::new(model);
    let sol = solve(opts, "transposition", Arc::clone(&model), stages, log)?;
    let mut partner = vec![usize::MAX; nb];
    for &e in &sol.pairs {
        let (x, y) = model.pairs.at(e);
        partner[x] = y;
        partner[y] = x;
    }
    let mut out = Vec::with_capacity(s1.len());
    for &a in &s1 {
        match partner[a] {
            usize::MAX => {
                return Err(PairError::Solver(crate::model::SolveError::Backend(
                    "an S1 player was left without an opponent".into(),
                )))
            }
            b => out.push((players[a], players[b])),
        }
    }
    Ok(out)
}

/// B.3: moves the shifters between G1 and G2 (`in_g1`), first the players of the smaller
/// subgroup (G1 if equal) that must be paired together, then those equalising the sizes; each
/// set the first in D.2 order that allows a legal pairing best for C.7.
fn shift(r: &Round, players: &[usize], in_g1: &mut [bool], opts: &PairOptions, log: &mut Log) -> Result<(), PairError> {
    let nb = players.len();
    let g1_count = in_g1.iter().filter(|&&x| x).count();
    let small_is_g1 = 2 * g1_count <= nb;
    let in_small: Vec<bool> = in_g1.iter().map(|&g| g == small_is_g1).collect();
    // D.2.a: White seekers (G1) by ascending ARO then initial ranking; Black seekers (G2) by
    // initial ranking. D.2.b: sequence numbers from the middle outwards.
    let seq_of = |g1: bool| -> Vec<usize> {
        let mut pool: Vec<usize> = (0..nb).filter(|&l| in_g1[l] == g1).collect();
        if g1 {
            pool.sort_by_key(|&l| (r.aro(players[l]), r.tpn(players[l])));
        } else {
            pool.sort_by_key(|&l| r.tpn(players[l]));
        }
        let numbers = middle_out(pool.len());
        let mut seq = vec![usize::MAX; nb];
        for (pos, &l) in pool.iter().enumerate() {
            seq[l] = numbers[pos];
        }
        seq
    };
    let (seq1, seq2) = (seq_of(true), seq_of(false));
    let seq = |l: usize| if in_g1[l] { seq1[l] } else { seq2[l] };
    let model = allowed_pairs(r, players);
    let pairs = model.pairs.clone();
    let small_name = if small_is_g1 { "G1" } else { "G2" };
    let mut stages = Vec::new();
    let mut within = Cost::new();
    for (e, (a, b)) in pairs.iter().enumerate() {
        if in_small[a] && in_small[b] {
            within.add(Var::Pair(e), 1);
        }
    }
    stages.push(stage(StageKey::order("B3", "pairs-within").at(At::Group(small_name)), "C.04.4.1 B.3 / C.7", within));
    for small in [true, false] {
        let size = in_small.iter().filter(|&&x| x == small).count();
        // The pairs inside the subgroup, by the smaller D.2 number of the two (its shifter).
        let mut by_shifter = vec![Cost::new(); size];
        for (e, (a, b)) in pairs.iter().enumerate() {
            if in_small[a] == small && in_small[b] == small {
                by_shifter[seq(a).min(seq(b))].add(Var::Pair(e), -1);
            }
        }
        for (k, c) in by_shifter.into_iter().enumerate() {
            if !c.is_empty() {
                let what = match (small, small_is_g1) {
                    (true, true) | (false, false) => "shifter-from-G1-#{}",
                    _ => "shifter-from-G2-#{}",
                };
                stages.push(stage(StageKey::order("D2", what).at(At::Seat(k + 1)), "C.04.4.1 B.3 / D.2", c));
            }
        }
    }
    let sol = solve(opts, "shifters", Arc::new(model), stages, log)?;
    let movers: Vec<usize> = sol
        .pairs
        .iter()
        .map(|&e| pairs.at(e))
        .filter(|&(a, b)| in_small[a] == in_small[b])
        .map(|(a, b)| if seq(a) < seq(b) { a } else { b })
        .collect();
    for l in movers {
        in_g1[l] = !in_g1[l];
    }
    Ok(())
}

/// The PAB of B.0 among `order` (present players): eligible (C.2), leaving a complete pairing
/// of the others (C.4), lowest score, most games played, lowest in the initial ranking.
pub fn pab(r: &Round, order: &[usize]) -> Option<usize> {
    let mut cands: Vec<usize> = order.iter().copied().filter(|&i| r.pab_eligible(i)).collect();
    cands.sort_by_key(|&i| (r.score(i), std::cmp::Reverse(r.t.players[i].colours.len()), std::cmp::Reverse(r.tpn(i))));
    cands.into_iter().find(|&c| {
        let rest: Vec<usize> = order.iter().copied().filter(|&i| i != c).collect();
        r.completable(&rest, false)
    })
}

/// A model of `players` (local `k` is `players[k]`, labelled by TRF id) with every pair C.1 and
/// C.3 allow, nobody floating yet.
fn allowed_pairs(r: &Round, players: &[usize]) -> BracketModel {
    let mut model = BracketModel::new(players.len());
    model.labels = players.iter().map(|&i| r.t.players[i].id.to_string()).collect();
    for a in 0..players.len() {
        for b in a + 1..players.len() {
            if r.can_meet(players[a], players[b]) {
                model.add_pair(a, b);
            }
        }
    }
    model
}

/// The candidate-order steps (B.3, D.1-D.3) in the text's words, for `--explain`.
pub fn words(key: &StageKey, v: i64, _seat: &dyn Fn(usize) -> String) -> Option<crate::systems::trace::Words> {
    use crate::systems::trace::Words;
    let k = key.seat().unwrap_or(0);
    Some(match key.criterion {
        "D1" => {
            let how = if v < 0 { "is chosen" } else { "is not chosen" };
            Words::new("4.2", format!("3.2.2 / 4.2 first set of upfloaters: possible upfloater #{k} {how}"))
        }
        "D3" => {
            Words::new("4.4", format!("3.2.6 / 4.4 transposition of G2: S1 player #{k} meets G2 player #{}", v + 1))
        }
        "D2" => {
            let how = if v < 0 { "is shifted" } else { "is not shifted" };
            let from = if key.what.contains("G1") { "G1" } else { "G2" };
            Words::new("4.3", format!("3.2.4 / 4.3 shifters: seeker #{k} of {from} {how}"))
        }
        "B3" => {
            let group = match key.at {
                At::Group(g) => g,
                _ => "",
            };
            Words::new("3.2.4", format!("3.2.4 G1/G2 re-composition: pairs made within {group}: {}", v.abs()))
        }
        _ => return None,
    })
}
