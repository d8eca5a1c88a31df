//! Bounds on the value a stage's cost can take over any assignment of a bracket model: the
//! ranges every lexicographic backend needs to merge stages exactly and to recognise a stage the
//! incumbent already meets at its bound.

use crate::model::{BracketModel, Cost, Var};

/// The players a variable covers (none for an auxiliary variable).
fn players_of(m: &BracketModel, v: Var) -> [Option<usize>; 2] {
    match v {
        Var::Pair(e) => {
            let (a, b) = m.pairs.at(e);
            [Some(a), Some(b)]
        }
        Var::Float(i) => [Some(i), None],
        Var::Aux(_) => [None, None],
    }
}

/// Bounds on the value a cost can take over any assignment of the model. Each player is in
/// exactly one chosen variable, so a chosen pair or float can be charged to a distinct player;
/// when every term touches one same player, exactly one of that player's variables is chosen.
pub fn value_bounds(m: &BracketModel, cost: &Cost) -> (i64, i64) {
    value_bounds_in(m, cost, None)
}

/// [`value_bounds`], with each player's number of pairs given (`degree[p]`) when the caller
/// has them, instead of counted over all the model's pairs.
pub(crate) fn value_bounds_in(m: &BracketModel, cost: &Cost, degree: Option<&[usize]>) -> (i64, i64) {
    value_bounds_of(m, cost, degree, common_player(m, cost))
}

/// [`value_bounds_in`] with the cost's [`common_player`] already known.
pub(crate) fn value_bounds_of(
    m: &BracketModel,
    cost: &Cost,
    degree: Option<&[usize]>,
    common: Option<usize>,
) -> (i64, i64) {
    if let Some(p) = common {
        let pairs = match degree {
            Some(d) => d[p],
            None => m.pairs.iter().filter(|&(a, b)| a == p || b == p).count(),
        };
        // A variable of `p` without a term costs 0.
        let zero = (pairs + usize::from(m.may_float[p]) > cost.len()).then_some(0);
        let costs = || cost.terms().map(|t| t.1).chain(zero);
        return (costs().min().unwrap_or(0), costs().max().unwrap_or(0));
    }
    match cost.uniform_coef() {
        Some(c) => touched_bounds(m, cost, c),
        None => per_player_bounds(m, cost),
    }
}

/// The bounds of a cost whose terms all have coefficient `c` (a count): each player a term
/// touches adds `c` once to one side, as [`per_player_bounds`] finds with a quarter of its
/// memory traffic (marks instead of a running minimum and maximum per player), on the millions
/// of terms of a large bracket's colour and float stages.
fn touched_bounds(m: &BracketModel, cost: &Cost, c: i64) -> (i64, i64) {
    let mut touched = vec![false; m.num_players()];
    let mut aux = 0i64;
    for (v, _) in cost.terms() {
        match players_of(m, v) {
            [None, None] => aux += 1,
            ps => ps.into_iter().flatten().for_each(|p| touched[p] = true),
        }
    }
    let k = touched.iter().filter(|&&t| t).count() as i64 + aux;
    (k * c.min(0), k * c.max(0))
}

/// The bounds of any cost: each player's chosen variable costs at most its largest term and at
/// least its smallest (0 when it has no term of that sign); auxiliary terms count at their own.
fn per_player_bounds(m: &BracketModel, cost: &Cost) -> (i64, i64) {
    let n = m.num_players();
    let mut hi = vec![0i64; n];
    let mut lo = vec![0i64; n];
    let (mut aux_lo, mut aux_hi) = (0i64, 0i64);
    for (v, c) in cost.terms() {
        if let Var::Aux(_) = v {
            aux_lo += c.min(0);
            aux_hi += c.max(0);
            continue;
        }
        for p in players_of(m, v).into_iter().flatten() {
            hi[p] = hi[p].max(c);
            lo[p] = lo[p].min(c);
        }
    }
    (lo.iter().sum::<i64>() + aux_lo, hi.iter().sum::<i64>() + aux_hi)
}

/// The player every term of `cost` involves, if there is one (and no term is auxiliary); the
/// first of the two when every term is the same pair.
pub(crate) fn common_player(m: &BracketModel, cost: &Cost) -> Option<usize> {
    let mut cands: Option<[Option<usize>; 2]> = None;
    for (v, _) in cost.terms() {
        let ps = players_of(m, v);
        if ps == [None, None] {
            return None;
        }
        cands = Some(match cands {
            None => ps,
            Some(c) => c.map(|p| p.filter(|p| ps.contains(&Some(*p)))),
        });
        if cands == Some([None, None]) {
            return None;
        }
    }
    cands.and_then(|[a, b]| a.or(b))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A cost of one coefficient gets the same bounds from the marks as from the general
    /// per-player loop: pairs, floats and auxiliaries, positive and negative counts, players
    /// touched several times or not at all.
    #[test]
    fn counts_are_bounded_as_any_cost() {
        let mut seed = 46u64;
        let mut next = |k: u64| (crate::rng::splitmix64(&mut seed) % k) as usize;
        for round in 0..200 {
            let n = 2 + next(12);
            let mut m = BracketModel::new(n);
            let mut vars = Vec::new();
            for a in 0..n {
                for b in a + 1..n {
                    if next(3) > 0 {
                        vars.push(m.add_pair(a, b));
                    }
                }
                vars.push(Var::Float(a));
            }
            for k in 0..next(3) {
                vars.push(m.add_aux(&format!("aux{k}")));
            }
            let c = [1i64, -1, 3, -7][round % 4];
            let mut cost = Cost::new();
            for &v in &vars {
                if next(2) == 0 {
                    cost.add(v, c);
                }
            }
            // `value_bounds_of` takes the marks' path for such a cost.
            assert_eq!(cost.uniform_coef().filter(|_| !cost.is_empty()), (!cost.is_empty()).then_some(c));
            assert_eq!(touched_bounds(&m, &cost, c), per_player_bounds(&m, &cost), "round {round}");
        }
    }
}
