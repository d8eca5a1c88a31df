//! The candidate order of B.6-B.8 and D.1-D.3 as tie-break stages.
//!
//! Among candidates equally good on every quality criterion the one generated first wins. The
//! generation order nests, from outermost to innermost: MDP exchanges between S1 and the Limbo
//! (D.3), transpositions of S2 for the MDP-pairing (D.1), then for the remainder (or a
//! homogeneous bracket) resident exchanges between S1 and S2 (D.2) and transpositions (D.1).
//! Each level becomes stages solved after the previous level is fixed, so S1 after an exchange is
//! known before its transpositions are ordered.

use super::bracket::Bracket;
use crate::model::{Cost, SolveError, Stage, Var};
use crate::solver::highs_lex::{LexSession, StageReport};

/// The chosen pairing of a bracket, in local player numbers.
pub struct Chosen {
    /// Inside pairs `(a, b)`, `a < b`.
    pub pairs: Vec<(usize, usize)>,
    /// Bracket players leaving the bracket unpaired (downfloaters or the PAB receiver).
    pub leavers: Vec<usize>,
    pub reports: Vec<StageReport>,
    pub stage_values: Vec<(String, i64)>,
}

fn tie(name: String, cost: Cost) -> Stage {
    Stage {
        name,
        article: "C.04.3 B.8 candidate order (D.1-D.3)".into(),
        cost,
    }
}

fn bsn(local: usize) -> i64 {
    local as i64 + 1
}

/// Pairs inside the bracket and the players leaving it (local numbers).
type Split = (Vec<(usize, usize)>, Vec<usize>);

/// Current pairs inside the bracket and leavers, read from the session's incumbent.
fn current(s: &mut LexSession, b: &Bracket) -> Result<Split, SolveError> {
    let sol = s.solution()?;
    let pairs: Vec<(usize, usize)> = sol
        .pairs
        .iter()
        .filter(|&&e| b.inside[e])
        .map(|&e| b.model.pairs[e])
        .collect();
    let leavers = (0..b.nb)
        .filter(|&i| b.leave[i].iter().any(|&v| sol.is_one(v)))
        .collect();
    Ok((pairs, leavers))
}

/// Solves the quality stages, then the candidate order; returns the unique first candidate.
pub fn solve(b: &Bracket, quality: Vec<Stage>, s: &mut LexSession) -> Result<Chosen, SolveError> {
    s.solve_stages(quality)?;
    if b.mdps > 0 {
        // D.3: the MDPs paired (S1) are, among the best, those with the lowest BSNs (D.3.b; D.3.a
        // is implied by C.6).
        let d3: Vec<Stage> = (0..b.mdps)
            .map(|i| {
                let mut c = Cost::new();
                b.leave[i].iter().for_each(|&v| c.add(v, 1));
                tie(format!("D3-mdp-{}-paired", i + 1), c)
            })
            .collect();
        s.solve_stages(d3)?;
        // D.1 on S2 for the MDP-pairing: partners of the paired MDPs in BSN order, smallest first.
        let (_, leavers) = current(s, b)?;
        let d1: Vec<Stage> = (0..b.mdps)
            .filter(|i| !leavers.contains(i))
            .map(|p| partner_stage(b, p, "D1-mdp"))
            .collect();
        s.solve_stages(d1)?;
    }
    let (pairs, _) = current(s, b)?;
    let with_mdp: Vec<usize> = pairs
        .iter()
        .filter(|&&(a, _)| a < b.mdps)
        .map(|&(_, q)| q)
        .collect();
    let remainder: Vec<usize> = (b.mdps..b.nb).filter(|i| !with_mdp.contains(i)).collect();
    let n1 = pairs.iter().filter(|&&(a, _)| a >= b.mdps).count();
    homogeneous(b, &remainder, n1, s)?;
    let (pairs, leavers) = current(s, b)?;
    let sol = s.solution()?;
    let stage_values = s
        .model()
        .stages
        .iter()
        .zip(&sol.stage_values)
        .map(|(st, &v)| (st.name.clone(), v))
        .collect();
    Ok(Chosen {
        pairs,
        leavers,
        reports: s.reports().to_vec(),
        stage_values,
    })
}

/// "Minimise the BSN of `p`'s partner inside the bracket".
fn partner_stage(b: &Bracket, p: usize, what: &str) -> Stage {
    let mut c = Cost::new();
    for (e, x, y) in b.inner_pairs() {
        if x == p || y == p {
            c.add(Var::Pair(e), bsn(if x == p { y } else { x }));
        }
    }
    tie(format!("{what}-partner-of-{}", p + 1), c)
}

/// D.2 exchanges then D.1 transpositions for a homogeneous bracket or remainder `rem` (BSN
/// order) with `n1` pairs: original S1 = the first `n1`, S2 = the rest.
fn homogeneous(
    b: &Bracket,
    rem: &[usize],
    n1: usize,
    s: &mut LexSession,
) -> Result<(), SolveError> {
    if n1 == 0 {
        return Ok(());
    }
    let (s1, s2) = rem.split_at(n1);
    // a[i] = 1: player i is in S1 after the exchange. Each pair has exactly one end in S1.
    let a: Vec<Var> = rem
        .iter()
        .map(|&i| s.add_aux(&format!("s1_{}", b.model.labels[i])))
        .collect();
    let of = |i: usize| a[rem.iter().position(|&r| r == i).unwrap_or(0)];
    s.add_constraint(
        "S1-size",
        a.iter().map(|&v| (v, 1)).collect(),
        Some(n1 as i64),
        Some(n1 as i64),
    )?;
    for &i in rem {
        let mut t = vec![(of(i), 1)];
        t.extend(b.leave[i].iter().map(|&v| (v, 1)));
        s.add_constraint(&format!("S1-paired-{}", i + 1), t, None, Some(1))?;
    }
    for (e, x, y) in b.inner_pairs() {
        if rem.contains(&x) && rem.contains(&y) {
            s.add_constraint(
                &format!("S1-one-end-{}-{}", x + 1, y + 1),
                vec![(Var::Pair(e), 1), (of(x), -1), (of(y), -1)],
                None,
                Some(0),
            )?;
        }
    }
    let mut stages = Vec::new();
    // D.2.a: fewest players exchanged.
    let mut c = Cost::new();
    s2.iter().for_each(|&i| c.add(of(i), 1));
    stages.push(tie("D2a-exchange-size".into(), c));
    // D.2.b: smallest difference of BSN sums moved (S2→S1 minus S1→S2) = Σ BSN·a + const, with
    // the remainder numbered afresh (the endorsed engine's reading, also the 2026 text's).
    let mut c = Cost::new();
    rem.iter()
        .enumerate()
        .for_each(|(k, &i)| c.add(of(i), k as i64 + 1));
    stages.push(tie("D2b-exchange-bsn-sum".into(), c));
    // D.2.c: move out of S1 the highest BSNs first.
    for &i in s1.iter().rev() {
        let mut c = Cost::new();
        c.add(of(i), 1);
        stages.push(tie(format!("D2c-keep-{}-in-S1", i + 1), c));
    }
    // D.2.d: move into S1 the lowest BSNs first.
    for &i in s2 {
        let mut c = Cost::new();
        c.add(of(i), -1);
        stages.push(tie(format!("D2d-bring-{}-into-S1", i + 1), c));
    }
    s.solve_stages(stages)?;
    let sol = s.solution()?;
    let new_s1: Vec<usize> = rem.iter().copied().filter(|&i| sol.is_one(of(i))).collect();
    // D.1: transpositions of S2, compared on the partners of S1 in order.
    let d1: Vec<Stage> = new_s1.iter().map(|&p| partner_stage(b, p, "D1")).collect();
    s.solve_stages(d1)?;
    Ok(())
}
