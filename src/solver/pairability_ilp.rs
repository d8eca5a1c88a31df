//! The pairability question as a 0/1 integer program, solved with HiGHS.
//!
//! Variables: a binary `x_e` per allowed pair and, when `n` is odd, a binary `b_v` per
//! bye-eligible player. Constraints: for each player, the sum of its incident `x_e` (plus its
//! `b_v`) equals 1; when `n` is odd, the sum of all `b_v` equals 1. The objective is zero: any
//! feasible point is a complete pairing, and infeasibility proves that none exists.
//!
//! HiGHS runs silent, single-threaded, with a fixed seed, presolve on and `mip_rel_gap = 0`, so
//! the same graph gives the same witness. The model status is checked explicitly: `Optimal` →
//! the solution is read (values > 0.5 are ones) and verified with
//! [`PairingGraph::is_complete_pairing`]; `Infeasible` → [`Pairability::Unpairable`]; anything
//! else (time limit, numerical trouble, …) → `Err` naming the status. Nothing here panics.
//!
//! Two trivial cases are answered without HiGHS (HiGHS reports an empty model, not a verdict,
//! when there is no column): nobody to pair (`n = 0`: pairable), and a player with no allowed
//! pair and no bye option, or an odd `n` with nobody bye-eligible (unpairable).
//!
//! Complexity: the LP relaxation of this program is the fractional perfect-matching polytope,
//! so parity obstacles (odd components, Tutte barriers) are not seen by the relaxation and are
//! settled by HiGHS's branching and cutting; fine for the sizes met in practice, but the exact
//! [`super::matching`] backend is the one to use for deciding at scale.

use super::graph::{Pairability, PairingGraph};
use highs::{Col, HighsModelStatus, Model, RowProblem, Sense};

/// Answers the pairability question with HiGHS (see the module documentation).
pub fn pairable_by_ilp(g: &PairingGraph) -> Result<Pairability, String> {
    if g.n == 0 {
        return Ok(Pairability::Pairable { pairs: Vec::new(), bye: None });
    }
    let edges = g.simple_edges();
    let eligible: Vec<usize> =
        if g.needs_bye() { (0..g.n).filter(|&v| g.is_bye_eligible(v)).collect() } else { Vec::new() };
    if g.needs_bye() && eligible.is_empty() {
        return Ok(Pairability::Unpairable);
    }
    let mut pb = RowProblem::default();
    let x: Vec<Col> = edges.iter().map(|_| pb.add_integer_column(0.0, 0..=1)).collect();
    let b: Vec<Col> = eligible.iter().map(|_| pb.add_integer_column(0.0, 0..=1)).collect();
    let mut rows: Vec<Vec<(Col, f64)>> = vec![Vec::new(); g.n];
    for (&(u, v), &col) in edges.iter().zip(&x) {
        rows[u].push((col, 1.0));
        rows[v].push((col, 1.0));
    }
    for (&v, &col) in eligible.iter().zip(&b) {
        rows[v].push((col, 1.0));
    }
    if rows.iter().any(Vec::is_empty) {
        return Ok(Pairability::Unpairable);
    }
    for row in rows {
        pb.add_row(1.0..=1.0, row);
    }
    if !b.is_empty() {
        pb.add_row(1.0..=1.0, b.iter().map(|&col| (col, 1.0)));
    }
    let model = pb.try_optimise(Sense::Minimise).map_err(|e| format!("HiGHS rejected the model: {e:?}"))?;
    let values = solve(model)?;
    let Some(values) = values else {
        return Ok(Pairability::Unpairable);
    };
    decode(g, &edges, &eligible, &values)
}

/// Configures and solves; `Ok(None)` when HiGHS proves the model infeasible, otherwise the
/// column values of the optimum.
fn solve(mut model: Model) -> Result<Option<Vec<f64>>, String> {
    configure(&mut model)?;
    let solved = model.try_solve().map_err(|e| format!("HiGHS failed: {e:?}"))?;
    match solved.status() {
        HighsModelStatus::Optimal => Ok(Some(solved.get_solution().columns().to_vec())),
        HighsModelStatus::Infeasible => Ok(None),
        s => Err(format!("HiGHS stopped with status {s:?}")),
    }
}

/// Silent, single-threaded, fixed seed, presolve on, exact gap.
fn configure(model: &mut Model) -> Result<(), String> {
    model.make_quiet();
    fn err<E: std::fmt::Debug>(name: &'static str) -> impl Fn(E) -> String {
        move |e| format!("HiGHS option {name}: {e:?}")
    }
    model.try_set_option("threads", 1).map_err(err("threads"))?;
    model.try_set_option("random_seed", 0).map_err(err("random_seed"))?;
    model.try_set_option("mip_rel_gap", 0.0).map_err(err("mip_rel_gap"))?;
    model.try_set_option("presolve", "on").map_err(err("presolve"))?;
    Ok(())
}

/// Reads the pairing off the column values (edges first, then byes) and verifies it.
fn decode(
    g: &PairingGraph,
    edges: &[(usize, usize)],
    eligible: &[usize],
    values: &[f64],
) -> Result<Pairability, String> {
    if values.len() != edges.len() + eligible.len() {
        return Err(format!("HiGHS returned {} values for {} columns", values.len(), edges.len() + eligible.len()));
    }
    let (xs, bs) = values.split_at(edges.len());
    let pairs: Vec<(usize, usize)> = edges.iter().zip(xs).filter(|&(_, &v)| v > 0.5).map(|(&e, _)| e).collect();
    let byes: Vec<usize> = eligible.iter().zip(bs).filter(|&(_, &v)| v > 0.5).map(|(&p, _)| p).collect();
    let bye = match byes.as_slice() {
        [] => None,
        &[p] => Some(p),
        _ => return Err(format!("HiGHS gave the bye to {} players", byes.len())),
    };
    if !g.is_complete_pairing(&pairs, bye) {
        return Err("HiGHS's optimum rounds to an invalid pairing".into());
    }
    Ok(Pairability::Pairable { pairs, bye })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trivial_cases() {
        assert_eq!(pairable_by_ilp(&PairingGraph::new(0)), Ok(Pairability::Pairable { pairs: vec![], bye: None }));
        let mut g = PairingGraph::new(1);
        assert_eq!(pairable_by_ilp(&g), Ok(Pairability::Unpairable));
        g.bye_eligible[0] = true;
        assert_eq!(pairable_by_ilp(&g), Ok(Pairability::Pairable { pairs: vec![], bye: Some(0) }));
    }

    #[test]
    fn two_triangles_are_unpairable() {
        let mut g = PairingGraph::new(6);
        for (a, b) in [(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)] {
            g.add_edge(a, b);
        }
        assert_eq!(pairable_by_ilp(&g), Ok(Pairability::Unpairable));
        g.add_edge(2, 3);
        assert_eq!(pairable_by_ilp(&g), Ok(Pairability::Pairable { pairs: vec![(0, 1), (2, 3), (4, 5)], bye: None }));
    }
}
