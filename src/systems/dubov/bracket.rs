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

use super::round::{middle_out, Round};
use super::solver_error;
use crate::model::{BracketModel, Cost, Solution, Stage, Var};
use crate::solver::lex::StageReport;
use crate::solver::matching::maximum_matching;
use crate::trf::Colour;
use crate::vocabulary::{At, PairError, PairOptions, StageKey};

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
    model: BracketModel,
    stages: Vec<Stage>,
    log: &mut Log,
) -> Result<Solution, PairError> {
    let mut session = crate::systems::solving::session(model, opts).map_err(solver_error)?;
    let keys: Vec<StageKey> = stages.iter().map(|s| s.key).collect();
    let values = session.solve_stages(stages).map_err(solver_error)?;
    let sol = session.solution().map_err(solver_error)?;
    if let Some(dir) = &opts.write_lp {
        crate::systems::solving::write_models(dir, &format!("{}-{program}", log.prefix), session.model(), &values)?;
    }
    log.stages.extend(keys.into_iter().zip(values));
    log.reports.extend(session.reports().iter().cloned());
    Ok(sol)
}

/// Chooses the upfloaters of the bracket of `residents` from `lower` (players of the lower
/// scoregroups, by score descending then initial ranking: the D.1 sequence order).
pub fn choose_upfloaters(
    r: &Round,
    keys: &[String],
    residents: &[usize],
    lower: &[usize],
    opts: &PairOptions,
    log: &mut Log,
) -> Result<Vec<usize>, PairError> {
    let nr = residents.len();
    let global: Vec<usize> = residents.iter().chain(lower).copied().collect();
    let model = allowed_pairs(r, &global);
    let pairs = model.pairs.clone();
    // Pairs of the bracket: resident-resident and resident-upfloater; (e, upfloater or None).
    let up_pairs: Vec<(usize, usize)> =
        pairs.iter().enumerate().filter(|(_, &(a, b))| a < nr && b >= nr).map(|(e, &(_, b))| (e, b)).collect();
    let ctx = super::criteria::Ctx { r, pairs: &pairs, up_pairs: &up_pairs, global: &global, lower, nr };
    let mut stages = Vec::new();
    for key in keys {
        if let Some(c) = super::criteria::find(key) {
            let art = match r.edition {
                super::Edition::E2026 => c.article_2026,
                super::Edition::E2018 => c.article_2018,
            };
            stages.extend((c.build)(&ctx, art));
        }
    }
    // D.1: the first set of the container, i.e. the lexicographically smallest set of sequence
    // numbers: contain #1 if possible, then #2, ...
    for k in 0..lower.len() {
        let mut c = Cost::new();
        for &(e, u) in &up_pairs {
            if u == nr + k {
                c.add(Var::Pair(e), -1);
            }
        }
        if !c.terms.is_empty() {
            stages.push(stage(StageKey::order("D1", "upfloater-#{}").at(At::Seat(k + 1)), "C.04.4.1 D.1", c));
        }
    }
    let sol = solve(opts, "upfloaters", model, stages, log)?;
    let mut ups: Vec<usize> =
        sol.pairs.iter().filter_map(|&e| up_pairs.iter().find(|p| p.0 == e).map(|&(_, u)| u)).collect();
    ups.sort_unstable();
    Ok(ups.into_iter().map(|u| global[u]).collect())
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
    let cross: Vec<(usize, usize)> =
        (0..nb).flat_map(|a| (a + 1..nb).map(move |b| (a, b))).filter(|&(a, b)| in_g1[a] != in_g1[b]).collect();
    let g1_count = in_g1.iter().filter(|&&x| x).count();
    let balanced = 2 * g1_count == nb && {
        let legal: Vec<(usize, usize)> = cross.iter().copied().filter(|&(a, b)| allowed(a, b)).collect();
        maximum_matching(nb, &legal).iter().all(|m| m.is_some())
    };
    if !balanced {
        shift(r, players, &mut in_g1, opts, log)?;
    }
    // B.4: S1 = G1 by ascending ARO, then initial ranking; D.3: G2 by initial ranking.
    let mut s1: Vec<usize> = (0..nb).filter(|&l| in_g1[l]).collect();
    s1.sort_by_key(|&l| (r.aro(players[l]), r.tpn(players[l])));
    let mut g2: Vec<usize> = (0..nb).filter(|&l| !in_g1[l]).collect();
    g2.sort_by_key(|&l| r.tpn(players[l]));
    if s1.len() != g2.len() {
        return Err(PairError::Solver(crate::model::SolveError::Backend(
            "B.3 left subgroups of different sizes".into(),
        )));
    }
    // B.5: the first transposition is the identity when it is legal.
    if s1.iter().zip(&g2).all(|(&a, &b)| allowed(a, b)) {
        return Ok(s1.iter().zip(&g2).map(|(&a, &b)| (players[a], players[b])).collect());
    }
    let mut model = BracketModel::new(nb);
    model.labels = players.iter().map(|&i| r.t.players[i].id.to_string()).collect();
    let mut rank = vec![0i64; nb];
    for (k, &l) in g2.iter().enumerate() {
        rank[l] = k as i64;
    }
    let mut pair_of = Vec::new();
    for &a in &s1 {
        for &b in &g2 {
            if allowed(a, b) {
                pair_of.push((model.add_pair(a, b), a, b));
            }
        }
    }
    let mut stages = Vec::new();
    for (k, &a) in s1.iter().enumerate() {
        let mut c = Cost::new();
        for &(v, x, b) in &pair_of {
            if x == a {
                c.add(v, rank[b]);
            }
        }
        stages.push(stage(StageKey::order("D3", "opponent-of-S1-#{}").at(At::Seat(k + 1)), "C.04.4.1 B.5 / D.3", c));
    }
    let sol = solve(opts, "transposition", model.clone(), stages, log)?;
    let mut out = Vec::new();
    for &a in &s1 {
        let partner = sol.pairs.iter().map(|&e| model.pairs[e]).find_map(|(x, y)| {
            if x == a {
                Some(y)
            } else if y == a {
                Some(x)
            } else {
                None
            }
        });
        match partner {
            Some(b) => out.push((players[a], players[b])),
            None => {
                return Err(PairError::Solver(crate::model::SolveError::Backend(
                    "an S1 player was left without an opponent".into(),
                )))
            }
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
    for (e, &(a, b)) in pairs.iter().enumerate() {
        if in_small[a] && in_small[b] {
            within.add(Var::Pair(e), 1);
        }
    }
    stages.push(stage(StageKey::order("B3", "pairs-within").at(At::Group(small_name)), "C.04.4.1 B.3 / C.7", within));
    for small in [true, false] {
        let size = in_small.iter().filter(|&&x| x == small).count();
        for k in 0..size {
            let mut c = Cost::new();
            for (e, &(a, b)) in pairs.iter().enumerate() {
                if in_small[a] == small && in_small[b] == small && seq(a).min(seq(b)) == k {
                    c.add(Var::Pair(e), -1);
                }
            }
            if !c.terms.is_empty() {
                let what = match (small, small_is_g1) {
                    (true, true) | (false, false) => "shifter-from-G1-#{}",
                    _ => "shifter-from-G2-#{}",
                };
                stages.push(stage(StageKey::order("D2", what).at(At::Seat(k + 1)), "C.04.4.1 B.3 / D.2", c));
            }
        }
    }
    let sol = solve(opts, "shifters", model, stages, log)?;
    let movers: Vec<usize> = sol
        .pairs
        .iter()
        .map(|&e| pairs[e])
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
