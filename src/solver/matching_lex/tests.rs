//! The session's pieces on small cases: costs read back, listed pairs, folds.

use super::width::PairCosts;
use super::*;

fn terms(of: &[(u32, i64)]) -> Terms {
    let mut t = Terms { keys: Vec::new(), coefs: Coefs::with_capacity(of.len()) };
    for &(key, c) in of {
        t.coefs.push(t.keys.len(), c);
        t.keys.push(key);
    }
    t
}

/// A large chunk's costs read stage cursor by stage cursor, over every pair or over a list of
/// them, are those the dense array adds up (keys 10 and up are floats of a 10-pair model).
#[test]
fn listed_pairs_read_the_costs_every_pair_reads() {
    let np = 10;
    let (a, b) = (terms(&[(1, 2), (3, -1), (4, 5), (8, 1), (11, 7)]), terms(&[(0, 1), (3, 1), (8, 2), (9, 3)]));
    let stages = [(&a, (0, 10)), (&b, (0, 10))];
    let mult = [11i64, 1];
    let read = |costs: &PairCosts<i64>, range: std::ops::Range<usize>| {
        let mut out = Vec::new();
        costs.for_each_in(range, |e, c| out.push((e, c)));
        out
    };
    let dense = PairCosts::new(&stages, &mult, np, |_| true);
    assert!(dense.dense.is_some());
    let streamed = PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs: vec![0, 1], listed: None };
    let all = read(&dense, 0..np);
    assert_eq!(all[3], (3, Some(-11 + 1)));
    assert_eq!(read(&streamed, 0..np), all);
    let wanted = |e: usize| [0, 3, 5, 8, 9].contains(&e);
    let mut listed = PairCosts { listed: None, ..streamed };
    assert_eq!(listed.list(np, wanted), 5);
    assert!(listed.listed.is_some(), "5 of 10 pairs are listed");
    for range in [0..np, 2..9, 4..5] {
        let expected: Vec<_> = read(&dense, range.clone()).into_iter().filter(|&(e, _)| wanted(e)).collect();
        assert_eq!(read(&listed, range), expected);
    }
    // Most pairs wanted: every pair is read.
    let mut most = PairCosts { listed: None, ..listed };
    assert_eq!(most.list(np, |e| e != 4), 9);
    assert!(most.listed.is_none());
}
