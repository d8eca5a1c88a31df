//! The session's pieces on small cases: costs read back, listed pairs, folds.

use super::width::{ChunkEdges, Masks, PairCosts};
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
    let streamed =
        PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs: vec![0, 1], listed: None, masks: None };
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

/// Stages that count (one coefficient each) are read from a byte per pair (two from nine stages
/// on), with the costs the cursors' walk adds up, over every pair and over listed ones, overflow
/// included; a stage of several coefficients, or more than `MASK_STAGES` stages, leave the walk in
/// place.
#[test]
fn masks_read_the_costs_the_walk_reads() {
    let np = 12;
    let stage = |keys: &[u32], c: i64| terms(&keys.iter().map(|&k| (k, c)).collect::<Vec<_>>());
    let (a, b, c) = (stage(&[0, 2, 3, 7, 11, 13], 1), stage(&[2, 5, 7, 8], -1), stage(&[1, 2, 3, 4, 5, 6, 7, 8, 9], 3));
    let stages = [(&a, (0, 10)), (&b, (-10, 0)), (&c, (0, 40))];
    let read = |costs: &PairCosts<i64>, range: std::ops::Range<usize>| {
        let mut out = Vec::new();
        costs.for_each_in(range, |e, c| out.push((e, c)));
        out
    };
    // The second multipliers overflow `i64` on the pairs with terms of the first and last stages.
    for mult in [[41 * 11i64, 41, 1], [i64::MAX / 2, 1, i64::MAX / 4]] {
        let walked =
            PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs: vec![0, 1, 2], listed: None, masks: None };
        let masks = Masks::of(&stages, &mult, &walked.on_pairs, np).expect("three counting stages");
        let masked = PairCosts { masks: Some(masks), ..walked };
        let walked =
            PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs: vec![0, 1, 2], listed: None, masks: None };
        let all = read(&walked, 0..np);
        assert_eq!(all[2], (2, (mult[0] - mult[1]).checked_add(3 * mult[2])));
        assert_eq!(all[10], (10, Some(0)));
        assert_eq!(all[3].1.is_none(), mult[2] > 1, "{mult:?}");
        assert_eq!(all[1], (1, Some(3 * mult[2])));
        for range in [0..np, 3..9, 7..8] {
            assert_eq!(read(&masked, range.clone()), read(&walked, range));
        }
        let wanted = |e: usize| [1, 2, 7, 11].contains(&e);
        let (mut masked, mut walked) = (masked, walked);
        assert_eq!((masked.list(np, wanted), walked.list(np, wanted)), (4, 4));
        assert!(masked.listed.is_some());
        for range in [0..np, 2..11, 4..5] {
            assert_eq!(read(&masked, range.clone()), read(&walked, range));
        }
    }
    let several = terms(&[(0, 1), (4, 2)]);
    let stages = [(&a, (0, 10)), (&several, (0, 10))];
    assert!(Masks::of(&stages, &[11i64, 1], &[0, 1], np).is_none(), "a stage of two coefficients");
    // Two bytes a pair from nine stages on, none past MASK_STAGES.
    let (most, ones) = (super::width::MASK_STAGES, vec![1i64; super::width::MASK_STAGES + 1]);
    let many: Vec<(&Terms, (i64, i64))> = (0..=most).map(|s| (if s % 2 == 0 { &a } else { &c }, (0, 40))).collect();
    let on_pairs: Vec<usize> = (0..=most).collect();
    assert!(Masks::of(&many, &ones, &on_pairs, np).is_none(), "{} stages on pairs", most + 1);
    for k in [8, 9, most] {
        let masks = Masks::of(&many[..k], &ones[..k], &on_pairs[..k], np).expect("counting stages");
        assert_eq!(matches!(masks.mask, super::width::MaskBits::Byte(_)), k <= 8);
        let walked = PairCosts {
            stages: &many[..k],
            mult: &ones[..k],
            dense: None,
            on_pairs: on_pairs[..k].to_vec(),
            listed: None,
            masks: None,
        };
        let all = read(&walked, 0..np);
        assert_eq!(all[2], (2, Some(((k as i64 + 1) / 2) + 3 * (k as i64 / 2))), "{k} stages");
        assert_eq!(read(&PairCosts { masks: Some(masks), ..walked }, 0..np), all);
    }
}

/// A model of `n` players with every pair, in order; each may float or none.
fn complete(n: usize, may_float: bool) -> BracketModel {
    let mut m = BracketModel::new(n);
    for a in 0..n {
        for b in a + 1..n {
            m.add_pair(a, b);
        }
    }
    m.may_float = vec![may_float; n];
    m
}

/// A chunk's edges read by their masks (a byte a pair up to eight stages, two from nine: the
/// pricing passes' own loop) are those read through the cursors' walk: the same slots, players
/// numbered afresh, and weights, a settled player's pairs left out, over any range of slots.
#[test]
fn masked_edges_are_the_walked_ones() {
    let n = 7;
    let pairs = complete(n, false).pairs;
    let np = pairs.len();
    let stage = |s: usize| {
        terms(&(0..np as u32).filter(|&k| (k as usize * 7 + s * 3) % 5 < 2).map(|k| (k, 1)).collect::<Vec<_>>())
    };
    let all: Vec<Terms> = (0..9).map(stage).collect();
    // Player 2 is settled: no pair of his is read.
    let local = vec![0, 1, usize::MAX, 2, 3, 4, 5];
    let share: Vec<i64> = (0..n as i64).map(|i| 1_000 * (i + 1)).collect();
    let read = |edges: &ChunkEdges<i64, fn(i64) -> i64>, range: std::ops::Range<usize>| {
        let mut out = Vec::new();
        edges.for_each_in(range, |e, a, b, w| out.push((e, a, b, w)));
        out
    };
    for k in [3, 9] {
        let stages: Vec<(&Terms, (i64, i64))> = all[..k].iter().map(|t| (t, (0, 30))).collect();
        let mult: Vec<i64> = (0..k as u32).rev().map(|i| 31i64.pow(i)).collect();
        let on_pairs: Vec<usize> = (0..k).collect();
        let walked = PairCosts {
            stages: &stages,
            mult: &mult,
            dense: None,
            on_pairs: on_pairs.clone(),
            listed: None,
            masks: None,
        };
        let masks = Masks::of(&stages, &mult, &on_pairs, np).expect("counting stages");
        assert_eq!(matches!(masks.mask, super::width::MaskBits::Byte(_)), k <= 8);
        let masked =
            PairCosts { stages: &stages, mult: &mult, dense: None, on_pairs, listed: None, masks: Some(masks) };
        let edges = |costs| ChunkEdges {
            costs,
            pairs: &pairs,
            local: &local,
            face: None,
            share: &share,
            conv: (|w| w) as fn(i64) -> i64,
        };
        let (by_walk, by_mask) = (edges(&walked), edges(&masked));
        let whole = read(&by_walk, 0..np);
        assert_eq!(whole.len(), np - 6, "the settled player's six pairs are left out");
        // Pair 0-1 (slot 0): both shares, less its cost.
        let cost0: i64 = (0..k).filter(|&s| (s * 3) % 5 < 2).map(|s| mult[s]).sum();
        assert_eq!(whole[0], (0, 0, 1, 3_000 - cost0));
        for range in [0..np, 3..17, 5..6, 9..9] {
            assert_eq!(read(&by_mask, range.clone()), read(&by_walk, range), "{k} stages");
        }
    }
}

/// A sorted model's pairs under their higher players, filled a tile of players at a time, are
/// the lists written pair by pair (sizes around a tile, pairs missing at random, players without
/// pairs), on one thread and on three.
#[test]
fn pairs_by_tiles_are_those_listed_pair_by_pair() {
    let mut seed = 46u64;
    for n in [0, 1, 2, 5, 511, 512, 513, 1100] {
        let mut m = BracketModel::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if crate::rng::splitmix64(&mut seed) % 5 != 0 && a % 97 != 3 {
                    m.pairs.push((a, b));
                }
            }
        }
        let rows = m.pairs.rows(n).expect("sorted");
        let listed = terms::Incidence::by_scatter(&m, n, true);
        // The largest is split between threads (PARALLEL_WORK pairs or more): the same lists.
        assert_eq!(n < 1100, m.pairs.len() < crate::solver::threads::PARALLEL_WORK);
        for threads in [1, 3] {
            crate::solver::threads::set(threads);
            let tiled = terms::Incidence::by_tiles(&m, n, &rows);
            crate::solver::threads::set(1);
            let tiled = tiled.expect("a sorted model");
            assert_eq!((&tiled.start, &tiled.pairs), (&listed.start, &listed.pairs), "{n} players, {threads} threads");
        }
    }
}

/// Stages of at least [`crate::solver::threads::PARALLEL_WORK`] terms in all are prepared on the
/// threads set, stage `i` on thread `i mod N`: the same terms, bounds and common players, in the
/// same order, as on one thread, and a stage the model cannot hold is refused as on one.
#[test]
fn stages_are_prepared_the_same_on_any_number_of_threads() {
    let n = 760;
    let m = complete(n, true);
    let np = m.pairs.len();
    let stage = |k: usize| {
        let mut cost = crate::model::Cost::new();
        // A mixture: every pair, one player's pairs, a count on a stride, floats.
        match k % 4 {
            0 => (0..np).rev().for_each(|e| cost.add(Var::Pair(e), (e % 7) as i64 - 3)),
            1 => (0..n - 1).for_each(|b| cost.add(Var::Pair(b), b as i64)),
            2 => (0..np).step_by(k + 2).for_each(|e| cost.add(Var::Pair(e), 1)),
            _ => (0..n).for_each(|i| cost.add(Var::Float(i), i as i64 % 5)),
        }
        Stage { key: StageKey::count("T", "test"), article: String::new(), cost }
    };
    let stages: Vec<Stage> = (0..9).map(stage).collect();
    assert!(stages.iter().map(|s| s.cost.len()).sum::<usize>() >= crate::solver::threads::PARALLEL_WORK);
    let degree = m.pairs.degree(n);
    let keep = |e: usize| e % 3 != 0;
    let read = |threads: usize, usable: bool| {
        crate::solver::threads::set(threads);
        let out = Prepared::all(&m, &degree, usable.then_some(&keep), stages.clone());
        crate::solver::threads::set(1);
        out.into_iter()
            .map(|(s, p)| {
                let p = p.expect("a valid stage");
                (s.key, p.terms.iter().collect::<Vec<_>>(), p.bounds, p.common)
            })
            .collect::<Vec<_>>()
    };
    for usable in [false, true] {
        let one = read(1, usable);
        assert_eq!(one.len(), 9);
        assert_eq!(one[1].3, Some(0), "a stage on player 0's pairs");
        assert!(one[0].1.windows(2).all(|w| w[0].0 < w[1].0), "normalised");
        assert_eq!(usable, one[0].1.iter().all(|t| t.0 as usize >= np || keep(t.0 as usize)));
        assert_eq!(read(3, usable), one, "usable: {usable}");
    }
    // A stage on a variable the model does not have: refused on any number of threads.
    let mut bad = stages.clone();
    bad[4].cost.add(Var::Pair(np + n + 5), 1);
    for threads in [1, 3] {
        crate::solver::threads::set(threads);
        let out = Prepared::all(&m, &degree, None::<&fn(usize) -> bool>, bad.clone());
        crate::solver::threads::set(1);
        assert!(out[4].1.is_err() && out.iter().filter(|o| o.1.is_err()).count() == 1, "{threads} threads");
    }
}

/// A stage charging pairs only, never below zero, is folded without a solve when exchanges of
/// partners between two of the incumbent's pairs at a time bring it to zero (D.2.a: the pairs
/// wholly in S2 exchanged with pairs wholly in S1): its value is zero, the incumbent is the
/// exchanged one, and the pairs it charges leave the face.
#[test]
fn a_stage_brought_to_zero_by_exchanges_is_folded_without_a_solve() {
    // S1 = 0..4, S2 = 4..8; every pair allowed, nobody floats.
    let n = 8;
    let m = complete(n, false);
    let pair = |a: usize, b: usize| m.pairs.iter().position(|p| p == (a.min(b), a.max(b))).expect("a pair");
    let stage = |cost: crate::model::Cost| Stage { key: StageKey::count("T", "test"), article: String::new(), cost };
    let mut s = MatchingSession::new(m.clone()).expect("a matching model");
    // Every perfect matching is optimal (four pairs of one each): each pair on the face.
    let mut every = crate::model::Cost::new();
    (0..m.pairs.len()).for_each(|e| every.add(Var::Pair(e), 1));
    assert_eq!(s.solve_stages(vec![stage(every)]).expect("solved"), vec![4]);
    assert_eq!(s.solves(), 1);
    // The incumbent has two pairs wholly in S1 and two wholly in S2.
    let within = [(0, 1), (2, 3), (4, 5), (6, 7)];
    assert!(s.adopt(&within.map(|(a, b)| Var::Pair(pair(a, b)))).expect("adopted"));
    // D.2.a: the pairs wholly in S2, charged one each.
    let mut in_s2 = crate::model::Cost::new();
    (4..n).for_each(|a| (a + 1..n).for_each(|b| in_s2.add(Var::Pair(pair(a, b)), 1)));
    assert_eq!(s.solve_stages(vec![stage(in_s2)]).expect("folded"), vec![0]);
    assert_eq!(s.solves(), 1, "folded without a solve");
    let sol = s.solution().expect("the incumbent");
    for &e in &sol.pairs {
        let (a, b) = m.pairs.at(e);
        assert!(a < 4 && b >= 4, "pair {a}-{b} is not across S1 and S2");
    }
    let in_use = s.pairs_in_use();
    assert!(!in_use.has(pair(4, 5), 4, 5) && !in_use.has(pair(6, 7), 6, 7), "the charged pairs left the face");
    assert!(in_use.has(pair(0, 4), 0, 4));
}
