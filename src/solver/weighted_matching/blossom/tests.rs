//! The algorithm on classic cases, random graphs (with their certificates) and the cases that
//! once went wrong.

use crate::rng::splitmix64 as rng;
use crate::solver::weighted_matching::max_weight_matching;

fn mates(n: usize, edges: &[(usize, usize, i64)]) -> Vec<i64> {
    max_weight_matching(n, edges).iter().map(|m| m.map_or(-1, |x| x as i64)).collect()
}

/// The classic regression cases of van Rantwijk's test suite (1-based vertices).
#[test]
fn classic_cases() {
    let e = |v: &[(usize, usize, i64)]| v.to_vec();
    assert_eq!(mates(0, &[]), Vec::<i64>::new());
    assert_eq!(mates(2, &e(&[(0, 1, 1)])), vec![1, 0]);
    assert_eq!(mates(4, &e(&[(1, 2, 10), (2, 3, 11)])), vec![-1, -1, 3, 2]);
    assert_eq!(mates(5, &e(&[(1, 2, 5), (2, 3, 11), (3, 4, 5)])), vec![-1, -1, 3, 2, -1]);
    assert_eq!(mates(5, &e(&[(1, 2, 2), (1, 3, -2), (2, 3, 1), (2, 4, -1), (3, 4, -6)])), vec![-1, 2, 1, -1, -1]);
    assert_eq!(mates(5, &e(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7)])), vec![-1, 2, 1, 4, 3]);
    assert_eq!(
        mates(7, &e(&[(1, 2, 8), (1, 3, 9), (2, 3, 10), (3, 4, 7), (1, 6, 5), (4, 5, 6)])),
        vec![-1, 6, 3, 2, 5, 4, 1]
    );
    assert_eq!(
        mates(7, &e(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 4), (1, 6, 3)])),
        vec![-1, 6, 3, 2, 5, 4, 1]
    );
    assert_eq!(
        mates(7, &e(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (1, 6, 4)])),
        vec![-1, 6, 3, 2, 5, 4, 1]
    );
    assert_eq!(
        mates(7, &e(&[(1, 2, 9), (1, 3, 8), (2, 3, 10), (1, 4, 5), (4, 5, 3), (3, 6, 4)])),
        vec![-1, 2, 1, 6, 5, 4, 3]
    );
    assert_eq!(
        mates(7, &e(&[(1, 2, 9), (1, 3, 9), (2, 3, 10), (2, 4, 8), (3, 5, 8), (4, 5, 10), (5, 6, 6)])),
        vec![-1, 3, 4, 1, 2, 6, 5]
    );
    assert_eq!(
        mates(
            9,
            &e(&[
                (1, 2, 10),
                (1, 7, 10),
                (2, 3, 12),
                (3, 4, 20),
                (3, 5, 20),
                (4, 5, 25),
                (5, 6, 10),
                (6, 7, 10),
                (7, 8, 8)
            ])
        ),
        vec![-1, 2, 1, 4, 3, 6, 5, 8, 7]
    );
    assert_eq!(
        mates(
            9,
            &e(&[
                (1, 2, 8),
                (1, 3, 8),
                (2, 3, 10),
                (2, 4, 12),
                (3, 5, 12),
                (4, 5, 14),
                (4, 6, 12),
                (5, 7, 12),
                (6, 7, 14),
                (7, 8, 12)
            ])
        ),
        vec![-1, 2, 1, 5, 6, 3, 4, 8, 7]
    );
    assert_eq!(
        mates(9, &e(&[(1, 2, 23), (1, 5, 22), (1, 6, 15), (2, 3, 25), (3, 4, 22), (4, 5, 25), (4, 8, 14), (5, 7, 13)])),
        vec![-1, 6, 3, 2, 8, 7, 1, 5, 4]
    );
    assert_eq!(
        mates(
            9,
            &e(&[
                (1, 2, 19),
                (1, 3, 20),
                (1, 8, 8),
                (2, 3, 25),
                (2, 4, 18),
                (3, 5, 18),
                (4, 5, 13),
                (4, 7, 7),
                (5, 6, 7)
            ])
        ),
        vec![-1, 8, 3, 2, 7, 6, 5, 4, 1]
    );
    let nasty = |x: i64, y: i64| {
        e(&[
            (1, 2, 45),
            (1, 5, 45),
            (2, 3, 50),
            (3, 4, 45),
            (4, 5, 50),
            (1, 6, 30),
            (3, 9, 35),
            (4, 8, x),
            (5, 7, y),
            (9, 10, 5),
        ])
    };
    for (x, y) in [(35, 26), (26, 40), (28, 26)] {
        assert_eq!(mates(11, &nasty(x, y)), vec![-1, 6, 3, 2, 8, 7, 1, 5, 4, 10, 9]);
    }
    assert_eq!(
        mates(
            13,
            &e(&[
                (1, 2, 45),
                (1, 7, 45),
                (2, 3, 50),
                (3, 4, 45),
                (4, 5, 95),
                (4, 6, 94),
                (5, 6, 94),
                (6, 7, 50),
                (1, 8, 30),
                (3, 11, 35),
                (5, 9, 36),
                (7, 10, 26),
                (11, 12, 5)
            ])
        ),
        vec![-1, 8, 3, 2, 6, 9, 4, 10, 1, 5, 7, 12, 11]
    );
    assert_eq!(
        mates(
            11,
            &e(&[
                (1, 2, 40),
                (1, 3, 40),
                (2, 3, 60),
                (2, 4, 55),
                (3, 5, 55),
                (4, 5, 50),
                (1, 8, 15),
                (5, 7, 30),
                (7, 6, 10),
                (8, 10, 10),
                (4, 9, 30)
            ])
        ),
        vec![-1, 2, 1, 5, 9, 3, 7, 6, 10, 4, 8]
    );
}

/// Random graphs of many shapes, each checked against the dual certificate (run inside
/// `Solver::run` in test builds).
#[test]
fn random_certificates() {
    let mut state = 7u64;
    for round in 0..4000 {
        let n = 2 + (rng(&mut state) % 24) as usize;
        let density = 10 + rng(&mut state) % 91;
        let range = [3u64, 10, 100, 1_000_000][round % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng(&mut state) % 100 < density {
                    let w = (rng(&mut state) % range) as i64 - (range / 5) as i64;
                    edges.push((a, b, w));
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        for v in 0..n {
            if let Some(u) = mate[v] {
                assert_eq!(mate[u], Some(v));
            }
        }
    }
}
/// The greedy start is not held up by a few heavy edges: a star of heavy edges (a bracket's
/// own pairs, in C.7's model, above the next bracket's) leaves the rest of a dense graph of
/// light edges to be matched greedily at its own level. With one dual shared by every
/// exposed vertex, the star's tight edges stopped the descent after one pair.
#[test]
fn greedy_start_is_not_held_up_by_a_star_of_heavy_edges() {
    let n = 200;
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let w: i64 = if a == 0 && b <= 20 { 100 } else { 2 };
            edges.push((a, b, w));
        }
    }
    let (kept, max_weight) = super::super::usable_edges(n, edges.as_slice()).expect("small weights");
    let mut solver = super::Solver::new(n, edges.as_slice(), &kept, max_weight);
    solver.greedy_start();
    let matched = solver.mates().iter().filter(|m| m.is_some()).count();
    assert!(matched >= 170, "the greedy start matched only {matched} of {n}");
    solver.run();
    assert_eq!(solver.mates().iter().filter(|m| m.is_some()).count(), n);
}

/// The face weight read through the blossom forest's common ancestors equals the one read
/// by walking both ends' chains of blossoms, on graphs with nested blossoms (tied weights,
/// 20-70 vertices); and the duals give the certificate of optimality (`run` checks it).
#[test]
fn face_weights_through_nested_blossoms() {
    let mut state = 99u64;
    let mut nested = 0;
    for round in 0..400 {
        let n = 20 + (rng(&mut state) % 51) as usize;
        let range = [2u64, 3, 6, 40][round % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng(&mut state) % 100 < 30 {
                    edges.push((a, b, (rng(&mut state) % range) as i64));
                }
            }
        }
        let (kept, max_weight) = super::super::usable_edges(n, edges.as_slice()).expect("small weights");
        let mut solver = super::Solver::new(n, edges.as_slice(), &kept, max_weight);
        solver.greedy_start();
        solver.run();
        let nesting = solver.nesting();
        let chain = |v: usize| {
            let mut c = vec![];
            let mut x = v;
            while solver.blossomparent[x] != super::NO {
                x = solver.blossomparent[x];
                c.push(x);
            }
            c.reverse();
            c
        };
        for k in 0..kept.len() {
            let (i, j) = (solver.ep(2 * k), solver.ep(2 * k + 1));
            let (ci, cj) = (chain(i), chain(j));
            let mut s = solver.slack(k);
            let mut depth = 0;
            let common: Vec<usize> = ci.iter().zip(&cj).take_while(|(a, b)| a == b).map(|(a, _)| *a).collect();
            for &b in &common {
                s = s + solver.dualvar[b] + solver.dualvar[b];
                depth += u32::from(solver.dualvar[b] > 0);
            }
            if common.len() >= 2 {
                nested += 1;
            }
            let pos = |v: usize| u32::from(solver.dualvar[v] > 0);
            let naive = (s == 0).then(|| pos(i) + pos(j) + depth);
            assert_eq!(solver.face_weight(k, &nesting), naive, "round {round}, edge {k}");
        }
    }
    assert!(nested > 0, "no edge inside two nested blossoms: the test does not exercise nesting");
}

/// Long randomized run (ignored by default; `cargo test --release --lib -- --ignored
/// stress`): graphs of up to 120 vertices with many weight distributions, each solution
/// checked against the dual certificate, and `i64` against `Wide<3>`.
#[test]
#[ignore]
fn stress_certificates() {
    use crate::solver::wide::Wide;
    let rounds: usize = std::env::var("WM_STRESS_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(20_000);
    let mut state: u64 = std::env::var("WM_STRESS_SEED").ok().and_then(|s| s.parse().ok()).unwrap_or(0xDEAD_BEEF);
    for round in 0..rounds {
        let n = match round % 3 {
            _ if round % 50 == 49 => 2 + (rng(&mut state) % 300) as usize,
            0 => 2 + (rng(&mut state) % 12) as usize,
            1 => 2 + (rng(&mut state) % 40) as usize,
            _ => 2 + (rng(&mut state) % 120) as usize,
        };
        let density = 1 + rng(&mut state) % 100;
        let kind = rng(&mut state) % 6;
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng(&mut state) % 100 < density {
                    let r = rng(&mut state);
                    let w = match kind {
                        0 => (r % 3) as i64,
                        1 => (r % 10) as i64 - 3,
                        2 => 1000 + (r % 7) as i64,
                        3 => (r % 1_000_000) as i64,
                        4 => ((r % 4) as i64) << 40 | ((r >> 8) % 4) as i64,
                        _ => 1 << (r % 30),
                    };
                    let (x, y) = if r & (1 << 40) == 0 { (a, b) } else { (b, a) };
                    edges.push((x, y, w));
                    if r % 97 == 0 {
                        edges.push((a, b, w / 2));
                    }
                }
            }
        }
        let mate = max_weight_matching(n, &edges);
        let wide: Vec<(usize, usize, Wide<3>)> = edges.iter().map(|&(a, b, w)| (a, b, Wide::from_i64(w))).collect();
        let mate_wide = max_weight_matching(n, &wide);
        let weight = |m: &[Option<usize>]| -> i64 {
            let mut total = 0;
            for v in 0..n {
                if let Some(u) = m[v] {
                    assert_eq!(m[u], Some(v));
                    if v < u {
                        let best =
                            edges.iter().filter(|&&(a, b, _)| (a, b) == (v, u) || (a, b) == (u, v)).map(|e| e.2).max();
                        total += best.unwrap_or(i64::MIN / 4);
                    }
                }
            }
            total
        };
        assert_eq!(weight(&mate), weight(&mate_wide), "round {round}");
    }
}

/// A face's `φ` in two bytes an edge widens to four when a larger one is set, keeping the others.
#[test]
fn face_weights_widen_and_keep_their_values() {
    use crate::solver::weighted_matching::FaceWeights;
    let mut f = FaceWeights::none(4);
    f.set(0, Some(3));
    f.set(2, Some(65_533));
    assert_eq!(f.iter().collect::<Vec<_>>(), vec![Some(3), None, Some(65_533), None]);
    f.set(3, Some(70_000));
    f.raise(0);
    f.set(2, None);
    assert_eq!(f.iter().collect::<Vec<_>>(), vec![Some(4), None, None, Some(70_000)]);
    assert!(f.has(3) && !f.has(1) && f.len() == 4);
}
