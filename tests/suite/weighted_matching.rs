//! The exact maximum-weight matching (`lexpair::solver::weighted_matching`) against brute
//! force, across weight types, with lexicographic wide weights, on large dense graphs and
//! against the cardinality matching; the priced solve of dense graphs against the whole graph and
//! against every matching. Speed is measured in `benches/core.rs`, never here.

use lexpair::rng::splitmix64;
use lexpair::solver::matching::maximum_matching;
use lexpair::solver::weighted_matching::*;
use lexpair::solver::wide::Wide;

use crate::common;
use common::Rng;

/// Checks that `mate` is a symmetric matching using only edges of the graph, and returns the
/// matched pairs `(a, b)` with `a < b`.
fn check_matching<W>(n: usize, edges: &[(usize, usize, W)], mate: &[Option<usize>]) -> Vec<(usize, usize)> {
    assert_eq!(mate.len(), n);
    let mut pairs = Vec::new();
    for v in 0..n {
        if let Some(u) = mate[v] {
            assert!(u < n && u != v, "mate[{v}] = {u} out of range");
            assert_eq!(mate[u], Some(v), "mate not symmetric at {v}");
            if v < u {
                assert!(
                    edges.iter().any(|&(a, b, _)| (a, b) == (v, u) || (a, b) == (u, v)),
                    "pair ({v}, {u}) is not an edge"
                );
                pairs.push((v, u));
            }
        }
    }
    pairs
}

/// Best weight of each pair (parallel edges keep the maximum), as a dense matrix.
fn best_pair_weights<W: Copy + Ord>(n: usize, edges: &[(usize, usize, W)]) -> Vec<Vec<Option<W>>> {
    let mut m = vec![vec![None; n]; n];
    for &(a, b, w) in edges {
        if a == b {
            continue;
        }
        for (x, y) in [(a, b), (b, a)] {
            m[x][y] = Some(m[x][y].map_or(w, |old: W| old.max(w)));
        }
    }
    m
}

/// Weight of a matching, every pair taking its best parallel edge.
fn matching_weight<W: Copy + Ord + std::ops::Add<Output = W>>(
    n: usize,
    edges: &[(usize, usize, W)],
    pairs: &[(usize, usize)],
    zero: W,
) -> W {
    let m = best_pair_weights(n, edges);
    pairs.iter().fold(zero, |acc, &(a, b)| match m[a][b] {
        Some(w) => acc + w,
        None => panic!("({a}, {b}) is not an edge"),
    })
}

/// Brute-force maximum matching weight over vertex subsets (n <= ~12), for any weight with
/// a zero, an addition and a total order. `add` combines weights.
fn brute_force<V: Clone + Ord>(
    n: usize,
    pair: &dyn Fn(usize, usize) -> Option<V>,
    zero: V,
    add: &dyn Fn(&V, &V) -> V,
) -> V {
    let full = 1usize << n;
    let mut best: Vec<V> = vec![zero; full];
    for mask in 1..full {
        let v = mask.trailing_zeros() as usize;
        let rest = mask & !(1 << v);
        let mut value = best[rest].clone();
        let mut others = rest;
        while others != 0 {
            let u = others.trailing_zeros() as usize;
            others &= others - 1;
            if let Some(w) = pair(v, u) {
                let cand = add(&w, &best[rest & !(1 << u)]);
                if cand > value {
                    value = cand;
                }
            }
        }
        best[mask] = value;
    }
    best[full - 1].clone()
}

/// A random small instance: `n <= 10`, random density, weights in a random range (negative
/// values and ties included), occasionally a parallel edge.
fn small_instance(rng: &mut Rng) -> (usize, Vec<(usize, usize, i64)>) {
    let n = rng.below(11) as usize;
    let density = 5 + rng.below(96);
    let (lo, hi) = match rng.below(5) {
        0 => (1, 2),
        1 => (-3, 5),
        2 => (0, 10),
        3 => (-50, 100),
        _ => (-1_000_000, 1_000_000_000),
    };
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < density {
                let (x, y) = if rng.below(2) == 0 { (a, b) } else { (b, a) };
                edges.push((x, y, rng.range(lo, hi)));
                if rng.below(40) == 0 {
                    edges.push((a, b, rng.range(lo, hi)));
                }
            }
        }
    }
    (n, edges)
}

fn widen<const L: usize>(edges: &[(usize, usize, i64)]) -> Vec<(usize, usize, Wide<L>)> {
    edges.iter().map(|&(a, b, w)| (a, b, Wide::from_i64(w))).collect()
}

fn to_i128(edges: &[(usize, usize, i64)]) -> Vec<(usize, usize, i128)> {
    edges.iter().map(|&(a, b, w)| (a, b, w as i128)).collect()
}

/// (1) + (2): 4,000 random small graphs against brute force, and the same instances with
/// `Wide<2>`, `Wide<4>`, `i128` and `i64` giving the same optimum weight.
#[test]
fn small_graphs_match_brute_force_for_all_weight_types() {
    let mut rng = Rng(0x5EED_0001);
    let mut nonempty = 0;
    for _ in 0..4000 {
        let (n, edges) = small_instance(&mut rng);
        let m = best_pair_weights(n, &edges);
        let optimum = brute_force(n, &|a, b| m[a][b], 0i64, &|x, y| x + y);

        let mate = max_weight_matching(n, &edges);
        let pairs = check_matching(n, &edges, &mate);
        let weight = matching_weight(n, &edges, &pairs, 0i64);
        assert_eq!(weight, optimum, "n = {n}, edges = {edges:?}, mate = {mate:?}");
        nonempty += usize::from(!pairs.is_empty());

        let e2 = widen::<2>(&edges);
        let p2 = check_matching(n, &e2, &max_weight_matching(n, &e2));
        assert_eq!(matching_weight(n, &e2, &p2, Wide::ZERO), Wide::from_i64(optimum));

        let e4 = widen::<4>(&edges);
        let p4 = check_matching(n, &e4, &max_weight_matching(n, &e4));
        assert_eq!(matching_weight(n, &e4, &p4, Wide::ZERO), Wide::from_i64(optimum));

        let e128 = to_i128(&edges);
        let p128 = check_matching(n, &e128, &max_weight_matching(n, &e128));
        assert_eq!(matching_weight(n, &e128, &p128, 0i128), optimum as i128);

        // Same input, same output.
        assert_eq!(max_weight_matching(n, &edges), mate);
    }
    assert!(nonempty > 2500, "only {nonempty} non-empty matchings");
}

/// Negative and zero weights: a maximum-weight matching never takes a negative edge, and an
/// all-negative graph yields the empty matching.
#[test]
fn negative_edges_are_never_used() {
    let mut rng = Rng(0x5EED_0002);
    for _ in 0..500 {
        let (n, mut edges) = small_instance(&mut rng);
        for e in edges.iter_mut() {
            e.2 = -1 - e.2.abs();
        }
        let mate = max_weight_matching(n, &edges);
        assert!(mate.iter().all(Option::is_none));
    }
    let mate = max_weight_matching(4, &[(0, 1, -5i64), (1, 2, 3), (2, 3, -1), (0, 3, 0)]);
    assert_eq!(mate[1], Some(2));
    assert_eq!(mate[0].is_some(), mate[3].is_some());
}

/// Lexicographic vector weights `c_0 + c_1 2^64 + ... + c_k 2^(64k)`, compared from the
/// highest component down.
#[derive(Clone, PartialEq, Eq, Debug)]
struct Lex(Vec<i64>);

impl Ord for Lex {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.0.iter().rev().cmp(other.0.iter().rev())
    }
}

impl PartialOrd for Lex {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

fn lex_add(a: &Lex, b: &Lex) -> Lex {
    Lex(a.0.iter().zip(&b.0).map(|(x, y)| x + y).collect())
}

/// `Σ_k c_k 2^(64k)` as a `Wide<12>`.
fn lex_to_wide(c: &Lex) -> Wide<12> {
    c.0.iter().enumerate().fold(Wide::ZERO, |acc, (k, &ck)| {
        let term = Wide::<12>::from_i64(ck).checked_shl(64 * k as u32);
        match term.and_then(|t| acc.checked_add(t)) {
            Some(v) => v,
            None => panic!("lexicographic weight does not fit in Wide<12>"),
        }
    })
}

/// (3) Huge weights: up to 11 lexicographic components of 64 bits each (≈ 700 bits), solved
/// with `Wide<12>` and compared with a brute force over the component vectors.
#[test]
fn huge_lexicographic_weights_match_vector_brute_force() {
    let mut rng = Rng(0x5EED_0003);
    for round in 0..1500 {
        let n = 2 + rng.below(9) as usize;
        let components = 1 + rng.below(11) as usize;
        let density = 20 + rng.below(81);
        let spread = [1i64, 2, 3, 1000][round % 4];
        let mut lex_edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < density {
                    let mut c: Vec<i64> = (0..11).map(|_| 0).collect();
                    for ck in c.iter_mut().take(components) {
                        // Mostly small, often zero, sometimes negative: ties in the high
                        // components force the decision down to the low ones.
                        *ck = if rng.below(3) == 0 { 0 } else { rng.range(-spread, 2 * spread) };
                    }
                    lex_edges.push((a, b, Lex(c)));
                }
            }
        }
        let mut m: Vec<Vec<Option<Lex>>> = vec![vec![None; n]; n];
        for (a, b, c) in &lex_edges {
            m[*a][*b] = Some(c.clone());
            m[*b][*a] = Some(c.clone());
        }
        let optimum = brute_force(n, &|a, b| m[a][b].clone(), Lex(vec![0; 11]), &lex_add);

        let wide_edges: Vec<(usize, usize, Wide<12>)> =
            lex_edges.iter().map(|(a, b, c)| (*a, *b, lex_to_wide(c))).collect();
        let mate = max_weight_matching(n, &wide_edges);
        let pairs = check_matching(n, &wide_edges, &mate);
        let achieved = pairs.iter().fold(Lex(vec![0; 11]), |acc, &(a, b)| match &m[a][b] {
            Some(c) => lex_add(&acc, c),
            None => panic!("not an edge"),
        });
        assert_eq!(achieved, optimum, "round {round}: n = {n}, mate = {mate:?}");
        assert_eq!(lex_to_wide(&achieved), lex_to_wide(&optimum));
    }
}

/// Weights close to the limit of the type: `4 W` must fit; beyond that the `try_` variant
/// reports an error instead of computing garbage.
#[test]
fn headroom_is_checked() {
    let limit = i64::MAX / 4;
    let edges = [(0usize, 1usize, limit), (1, 2, limit - 1), (2, 3, limit)];
    assert!(supports_max_weight(limit));
    let mate = max_weight_matching(4, &edges);
    assert_eq!(mate, vec![Some(1), Some(0), Some(3), Some(2)]);
    assert!(!supports_max_weight(limit + 1));
    assert_eq!(try_max_weight_matching(2, &[(0usize, 1usize, limit + 1)]), Err(WeightOverflow));
    // Negative weights do not count towards the headroom (those edges are dropped).
    assert!(try_max_weight_matching(2, &[(0usize, 1usize, i64::MIN)]).is_ok());
    // Near-limit random instances agree with the same instances in a wider type.
    let mut rng = Rng(0x5EED_0004);
    for _ in 0..300 {
        let (n, edges) = small_instance(&mut rng);
        let big: Vec<(usize, usize, i64)> =
            edges.iter().map(|&(a, b, w)| (a, b, limit - (w.unsigned_abs() % 1000) as i64)).collect();
        let pairs = check_matching(n, &big, &max_weight_matching(n, &big));
        let wide = widen::<2>(&big);
        let wide_pairs = check_matching(n, &wide, &max_weight_matching(n, &wide));
        let w64: i128 = pairs.iter().map(|&(a, b)| best_pair_weights(n, &big)[a][b].unwrap_or(0) as i128).sum();
        let w128 = matching_weight(n, &wide, &wide_pairs, Wide::ZERO);
        assert_eq!(Wide::<2>::try_from_i128(w64), Some(w128));
    }
}

fn dense_instance(rng: &mut Rng, n: usize, density: u64, max_weight: i64) -> Vec<(usize, usize, i64)> {
    let mut edges = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            if rng.below(100) < density {
                edges.push((a, b, rng.range(-max_weight / 10, max_weight)));
            }
        }
    }
    edges
}

fn greedy_weight(n: usize, edges: &[(usize, usize, i64)]) -> i64 {
    let mut order: Vec<usize> = (0..edges.len()).collect();
    order.sort_by_key(|&k| std::cmp::Reverse(edges[k].2));
    let mut used = vec![false; n];
    let mut total = 0;
    for k in order {
        let (a, b, w) = edges[k];
        if w > 0 && !used[a] && !used[b] {
            used[a] = true;
            used[b] = true;
            total += w;
        }
    }
    total
}

/// (4) Large dense instances complete, are valid, and beat (or equal) a greedy matching;
/// `i64` and `Wide<4>` agree on the optimum weight.
#[test]
fn large_dense_instances() {
    let mut rng = Rng(0x5EED_0005);
    for (n, density) in [(400usize, 100u64), (400, 60), (1500, 90)] {
        let edges = dense_instance(&mut rng, n, density, 1_000_000);
        let mate = max_weight_matching(n, &edges);
        let pairs = check_matching(n, &edges, &mate);
        let weight: i64 = pairs.iter().map(|&(a, b)| pair_weight(&edges, a, b)).sum();
        let greedy = greedy_weight(n, &edges);
        assert!(weight >= greedy, "n = {n}: {weight} < greedy {greedy}");
        if n <= 400 {
            let wide = widen::<4>(&edges);
            let wide_pairs = check_matching(n, &wide, &max_weight_matching(n, &wide));
            let wide_weight: i64 = wide_pairs.iter().map(|&(a, b)| pair_weight(&edges, a, b)).sum();
            assert_eq!(wide_weight, weight);
        }
    }
}

/// Weight of the (single) edge between `a` and `b` in a simple graph.
fn pair_weight(edges: &[(usize, usize, i64)], a: usize, b: usize) -> i64 {
    match edges.iter().find(|&&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a)) {
        Some(e) => e.2,
        None => panic!("({a}, {b}) is not an edge"),
    }
}

/// A 3,000-vertex sparse graph and a deep chain of odd cycles: no stack overflow, valid.
#[test]
fn large_sparse_and_nested_instances() {
    let mut rng = Rng(0x5EED_0006);
    let n = 3000;
    let mut edges = Vec::new();
    for a in 0..n {
        for _ in 0..4 {
            let b = rng.below(n as u64) as usize;
            if a != b {
                edges.push((a, b, rng.range(1, 50)));
            }
        }
    }
    let mate = max_weight_matching(n, &edges);
    check_matching(n, &edges, &mate);
    // Triangles chained by heavy edges: blossoms inside blossoms, up to ~n/3 deep.
    let k = 1000;
    let mut chain = Vec::new();
    for t in 0..k {
        let (x, y, z) = (3 * t, 3 * t + 1, 3 * t + 2);
        chain.push((x, y, 10i64));
        chain.push((y, z, 10));
        chain.push((x, z, 10));
        if t + 1 < k {
            chain.push((z, 3 * t + 3, 11));
        }
    }
    let mate = max_weight_matching(3 * k, &chain);
    let pairs = check_matching(3 * k, &chain, &mate);
    assert_eq!(pairs.len(), 3 * k / 2);
}

/// (5a) All-positive weights with a large common bonus on a graph with a perfect matching:
/// the optimum is perfect, and the residual weights are optimal among perfect matchings.
#[test]
fn positive_weights_with_bonus_give_perfect_matching() {
    let mut rng = Rng(0x5EED_0007);
    for round in 0..300 {
        let n = 2 * (1 + rng.below(if round % 10 == 0 { 60 } else { 5 }) as usize);
        // A hidden perfect matching plus random extra edges.
        let mut perm: Vec<usize> = (0..n).collect();
        for i in (1..n).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut edges = Vec::new();
        for pair in perm.chunks(2) {
            edges.push((pair[0], pair[1], rng.range(1, 100)));
        }
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < 30 && !edges.iter().any(|&(x, y, _)| (x, y) == (a, b) || (x, y) == (b, a)) {
                    edges.push((a, b, rng.range(1, 100)));
                }
            }
        }
        let bonus = 100 * n as i64;
        let weighted: Vec<(usize, usize, i64)> = edges.iter().map(|&(a, b, w)| (a, b, bonus + w)).collect();
        let mate = max_weight_matching(n, &weighted);
        let pairs = check_matching(n, &weighted, &mate);
        assert_eq!(pairs.len(), n / 2, "not perfect");
        if n <= 10 {
            // Best perfect matching by brute force (weights shifted by the bonus).
            let m = best_pair_weights(n, &weighted);
            let optimum = brute_force(n, &|a, b| m[a][b], 0i64, &|x, y| x + y);
            assert_eq!(matching_weight(n, &weighted, &pairs, 0i64), optimum);
        }
    }
}

/// (5b) With all weights equal, a maximum-weight matching is a maximum-cardinality matching:
/// same size as the exact cardinality matching of `solver::matching`.
#[test]
fn constant_weights_agree_with_cardinality_matching() {
    let mut rng = Rng(0x5EED_0008);
    for round in 0..600 {
        let n = if round % 20 == 0 { 100 + rng.below(200) as usize } else { rng.below(40) as usize };
        let density = 1 + rng.below(if round % 3 == 0 { 10 } else { 100 });
        let mut plain = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < density {
                    plain.push((a, b));
                }
            }
        }
        let cardinality = maximum_matching(n, &plain).iter().filter(|m| m.is_some()).count() / 2;
        let constant = 1 + rng.below(1000) as i64;
        let weighted: Vec<(usize, usize, i64)> = plain.iter().map(|&(a, b)| (a, b, constant)).collect();
        let pairs = check_matching(n, &weighted, &max_weight_matching(n, &weighted));
        assert_eq!(pairs.len(), cardinality, "n = {n}, density = {density}");
        let wide = widen::<3>(&weighted);
        let wide_pairs = check_matching(n, &wide, &max_weight_matching(n, &wide));
        assert_eq!(wide_pairs.len(), cardinality);
    }
}

/// Edge cases: empty graph, isolated vertices, self-loops and out-of-range ends ignored.
#[test]
fn degenerate_inputs() {
    assert!(max_weight_matching::<i64>(0, &[]).is_empty());
    assert_eq!(max_weight_matching::<i64>(3, &[]), vec![None; 3]);
    let mate = max_weight_matching(3, &[(0usize, 0usize, 5i64), (1, 7, 5), (1, 2, 0)]);
    assert_eq!(mate[0], None);
    check_matching(3, &[(1usize, 2usize, 0i64)], &mate);
    let mate = max_weight_matching(2, &[(0usize, 1usize, Wide::<1>::from_i64(7))]);
    assert_eq!(mate, vec![Some(1), Some(0)]);
}

/// `Wide` arithmetic against `i128`.
#[test]
fn wide_arithmetic_matches_i128() {
    let mut rng = Rng(0x5EED_0009);
    let sample = |rng: &mut Rng| -> i128 {
        match rng.below(4) {
            0 => rng.range(-5, 5) as i128,
            1 => (rng.next_u64() as i64) as i128,
            2 => ((rng.next_u64() as i128) << 64 | rng.next_u64() as i128) >> rng.below(128),
            _ => [i128::MAX, i128::MIN, i128::MAX - 1, i128::MIN + 1, 0][rng.below(5) as usize],
        }
    };
    for _ in 0..20_000 {
        let (a, b) = (sample(&mut rng), sample(&mut rng));
        let (wa, wb) = (Wide::<2>::try_from_i128(a), Wide::<2>::try_from_i128(b));
        let (Some(wa), Some(wb)) = (wa, wb) else { panic!("i128 fits in Wide<2>") };
        assert_eq!(wa.to_i128(), Some(a));
        assert_eq!(wa.cmp(&wb), a.cmp(&b));
        assert_eq!(wa.checked_add(wb).and_then(|x| x.to_i128()), a.checked_add(b));
        assert_eq!(wa.checked_sub(wb).and_then(|x| x.to_i128()), a.checked_sub(b));
        assert_eq!(wa.checked_neg().and_then(|x| x.to_i128()), a.checked_neg());
        let k = rng.next_u64() >> rng.below(64);
        let expected = a.checked_mul(i128::from(k));
        assert_eq!(wa.checked_mul_small(k).and_then(|x| x.to_i128()), expected);
        let s = rng.below(130) as u32;
        let expected_shl = if s >= 128 {
            (a == 0).then_some(0)
        } else {
            let r = a.wrapping_shl(s);
            (r >> s == a).then_some(r)
        };
        assert_eq!(wa.checked_shl(s).and_then(|x| x.to_i128()), expected_shl);
        assert_eq!(wa.shr(s).to_i128(), Some(if s >= 128 { a >> 127 } else { a >> s }));
        if a % 2 == 0 {
            assert_eq!(wa.half().to_i128(), Some(a / 2));
        }
        assert_eq!(format!("{wa}"), format!("{a}"));
        assert_eq!(wa.is_zero(), a == 0);
        // Widening keeps the value; narrowing keeps it iff it fits.
        assert_eq!(wa.resize::<5>().and_then(|x| x.to_i128()), Some(a));
        assert_eq!(wa.resize::<1>().map(|x| x.to_i128()), i64::try_from(a).ok().map(|x| Some(x as i128)));
        assert_eq!(wa.bit_len(), 128 - a.unsigned_abs().leading_zeros());
    }
    // Carries across many limbs.
    let big = Wide::<8>::ONE.shl(448) - Wide::ONE;
    assert_eq!((big + Wide::ONE).shr(448), Wide::ONE);
    assert_eq!(Wide::<8>::MAX.checked_add(Wide::ONE), None);
    assert_eq!(Wide::<8>::MIN.checked_sub(Wide::ONE), None);
    assert_eq!(Wide::<8>::MIN.checked_neg(), None);
    assert_eq!(Wide::<8>::MIN.checked_mul_small(1), Some(Wide::<8>::MIN));
    assert_eq!(Wide::<8>::MIN.shr(1).checked_mul_small(2), Some(Wide::<8>::MIN));
    assert_eq!(Wide::<8>::MAX.shr(1).checked_mul_small(3), None);
    assert!(Wide::<8>::from_i64(-3) < Wide::from_i64(2));
    assert_eq!(Wide::<3>::from_i64(-5) << 70, Wide::<3>::from_i64(-5).shl(70));
    assert_eq!(Wide::<3>::from_i64(-5).shl(70) >> 70, Wide::from_i64(-5));
    assert_eq!(Wide::<3>::from_i64(-5) >> 1, Wide::from_i64(-3));
    assert_eq!(Wide::<1>::try_from_i128(1 << 70), None);
    assert_eq!(Wide::<1>::try_from_i128(-7).and_then(|x| x.to_i128()), Some(-7));
    assert_eq!(Wide::<1>::try_from_u64(u64::MAX), None);
    assert_eq!(Wide::<2>::try_from_u64(u64::MAX).and_then(|x| x.to_i128()), Some(u64::MAX as i128));
    assert_eq!(Wide::<4>::from_i64(-1).bit_len(), 1);
    assert_eq!(format!("{:>6}", Wide::<2>::from_i64(-42)), "   -42");
    assert_eq!(format!("{}", Wide::<3>::from_i64(-1).shl(100)), format!("{}", -(1i128 << 100)));
}

/// Every matching of a simple graph (edge index sets), by recursion over the lowest vertex.
fn all_matchings(n: usize, edges: &[(usize, usize, i64)]) -> Vec<Vec<usize>> {
    fn go(
        v: usize,
        n: usize,
        edges: &[(usize, usize, i64)],
        used: &mut Vec<bool>,
        cur: &mut Vec<usize>,
        out: &mut Vec<Vec<usize>>,
    ) {
        if v == n {
            out.push(cur.clone());
            return;
        }
        if used[v] {
            return go(v + 1, n, edges, used, cur, out);
        }
        go(v + 1, n, edges, used, cur, out); // v exposed
        used[v] = true;
        for (e, &(a, b, _)) in edges.iter().enumerate() {
            let u = if a == v {
                b
            } else if b == v {
                a
            } else {
                continue;
            };
            if !used[u] {
                used[u] = true;
                cur.push(e);
                go(v + 1, n, edges, used, cur, out);
                cur.pop();
                used[u] = false;
            }
        }
        used[v] = false;
    }
    let mut out = Vec::new();
    go(0, n, edges, &mut vec![false; n], &mut Vec::new(), &mut out);
    out
}

/// The optimal face read from the duals describes exactly the maximum-weight matchings: a
/// matching is optimal iff it uses only edges with `φ` and attains the largest `φ` sum, which
/// the returned matching attains. Checked on 3,000 random small graphs with many ties (small
/// weight ranges) against the enumeration of all their matchings; the by-value form over a
/// `u32` edge list must give the same answer.
#[test]
fn optimal_face_is_exactly_the_set_of_maximum_weight_matchings() {
    let mut rng = Rng(11);
    for round in 0..3000 {
        let n = 2 + rng.below(8) as usize;
        let range = [2u64, 3, 5, 50][round % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < 60 {
                    edges.push((a, b, rng.below(range) as i64 - 1));
                }
            }
        }
        let (mate, face) = try_max_weight_matching_face(n, &edges).expect("small weights");
        // The by-value form over a `u32` edge list reads the same graph.
        let compact: Vec<(u32, u32, i64)> = edges.iter().map(|&(a, b, w)| (a as u32, b as u32, w)).collect();
        assert_eq!(
            try_max_weight_matching_face_owned(n, compact).expect("small weights"),
            (mate.clone(), face.clone()),
            "round {round}"
        );
        let weight = |m: &[usize]| m.iter().map(|&e| edges[e].2).sum::<i64>();
        let phi = |m: &[usize]| -> Option<u32> { m.iter().map(|&e| face.phi.get(e)).sum() };
        let chosen: Vec<usize> = (0..edges.len())
            .filter(|&e| {
                let (a, b, _) = edges[e];
                mate[a] == Some(b) && mate[b] == Some(a)
            })
            .collect();
        let best_phi = phi(&chosen).expect("the optimum uses tight edges only");
        let all = all_matchings(n, &edges);
        let optimum = all.iter().map(|m| weight(m)).max().unwrap_or(0);
        assert_eq!(weight(&chosen), optimum, "round {round}");
        for m in &all {
            let covers = |v: usize| m.iter().any(|&e| edges[e].0 == v || edges[e].1 == v);
            let in_face = phi(m) == Some(best_phi);
            if in_face {
                assert!(
                    (0..n).all(|v| !face.covered[v] || covers(v)),
                    "round {round}: an optimum leaves a covered vertex"
                );
            }
            assert_eq!(weight(m) == optimum, in_face, "round {round}: matching {m:?} of {edges:?}");
        }
    }
}

// Pricing (`try_max_weight_matching_face_priced`): a sparse subgraph's duals priced against the
// other edges must give the whole graph's optima and optimal face.

/// Weight of a maximum-weight matching given as mates, every pair taking its best parallel edge.
fn weight(n: usize, edges: &[(usize, usize, i64)], mate: &[Option<usize>]) -> i64 {
    matching_weight(n, edges, &check_matching(n, edges, mate), 0)
}

/// On random graphs (dense and tied, sparse, with negative weights, parallel edges and a
/// heavy star), with subgraphs far too small to hold an optimum, the priced solve finds a
/// matching of the same weight as the blossom algorithm on the whole graph and the same set
/// of optima: the same `covered` vertices and tight edges, and face weights whose maxima are
/// the optima (checked by solving the face itself).
#[test]
fn pricing_matches_the_whole_graph() {
    let mut state = 12345u64;
    let mut rounds_above_one = 0;
    for case in 0..600 {
        let n = 2 + (splitmix64(&mut state) % 60) as usize;
        let density = 5 + splitmix64(&mut state) % 96;
        let range = [2u64, 3, 10, 1000][case % 4];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if splitmix64(&mut state) % 100 < density {
                    let w = (splitmix64(&mut state) % range) as i64 - i64::from(case % 5 == 0);
                    let w = if case % 7 == 0 && a == 0 { w + 50 } else { w };
                    edges.push(if splitmix64(&mut state) % 2 == 0 { (a, b, w) } else { (b, a, w) });
                    if splitmix64(&mut state) % 53 == 0 {
                        edges.push((a, b, w / 2));
                    }
                }
            }
        }
        let hint: Vec<usize> = (0..edges.len()).filter(|_| splitmix64(&mut state) % 10 == 0).collect();
        let pricing = Pricing { start_degree: 1 + case % 3, add_per_vertex: 1 + case % 2 };
        let (mate, face, stats) =
            try_max_weight_matching_face_priced(n, edges.as_slice(), &hint, pricing).expect("small weights");
        let (whole, whole_face) = try_max_weight_matching_face(n, &edges).expect("small weights");
        assert_eq!(weight(n, &edges, &mate), weight(n, &edges, &whole), "case {case}");
        // The same optima: same covered vertices, and every optimum of the whole graph is a
        // maximum-φ matching of the priced face and the other way round, checked on the
        // two incumbents.
        let phi_of = |phi: &FaceWeights, m: &[Option<usize>]| -> Option<u64> {
            let mut total = 0u64;
            for (v, x) in m.iter().enumerate() {
                if let Some(u) = *x {
                    if v < u {
                        let best = (0..edges.len())
                            .filter(|&k| (edges[k].0.min(edges[k].1), edges[k].0.max(edges[k].1)) == (v, u))
                            .filter_map(|k| phi.get(k))
                            .max()?;
                        total += u64::from(best);
                    }
                }
            }
            Some(total)
        };
        // A positive dual means every optimum covers the vertex (other optimal duals may
        // mark other vertices): so the whole graph's optimum covers them.
        for v in (0..n).filter(|&v| face.covered[v]) {
            assert!(whole[v].is_some(), "case {case}: {v} covered");
        }
        let face_edges = |phi: &FaceWeights| -> Vec<(usize, usize, i64)> {
            edges.iter().zip(phi.iter()).filter_map(|(&(a, b, _), p)| p.map(|p| (a, b, i64::from(p)))).collect()
        };
        let best_priced = weight(n, &face_edges(&face.phi), &max_weight_matching(n, &face_edges(&face.phi)));
        assert_eq!(phi_of(&face.phi, &whole).map(|x| x as i64), Some(best_priced), "case {case}: whole optimum");
        let best_whole = weight(n, &face_edges(&whole_face.phi), &max_weight_matching(n, &face_edges(&whole_face.phi)));
        assert_eq!(phi_of(&whole_face.phi, &mate).map(|x| x as i64), Some(best_whole), "case {case}: priced optimum");
        if stats.rounds > 1 {
            rounds_above_one += 1;
        }
    }
    assert!(rounds_above_one > 100, "pricing rarely added edges ({rounds_above_one}): the test does not exercise it");
}

/// The priced face is exactly the set of optima: over every matching of small graphs with
/// tied weights (where blossoms of positive dual hold edges tight on their vertex duals
/// alone), the matchings of maximum weight are exactly those of maximum `φ` using face edges
/// only; and every covered vertex is covered by all of them.
#[test]
fn the_priced_face_is_exactly_the_set_of_optima() {
    let mut state = 4242u64;
    let mut with_blossom_duals = 0;
    for case in 0..1500 {
        let n = 3 + (splitmix64(&mut state) % 8) as usize;
        let range = [2u64, 3, 4][case % 3];
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if splitmix64(&mut state) % 100 < 75 {
                    edges.push((a, b, (splitmix64(&mut state) % range) as i64 * if case % 2 == 0 { 1 } else { 3 }));
                }
            }
        }
        let pricing = Pricing { start_degree: 1, add_per_vertex: 1 };
        let (_, face, _) = try_max_weight_matching_face_priced(n, edges.as_slice(), &[], pricing).expect("small");
        let all = all_matchings(n, &edges);
        let weight = |m: &[usize]| m.iter().map(|&k| edges[k].2).sum::<i64>();
        let phi = |m: &[usize]| m.iter().map(|&k| face.phi.get(k).map(i64::from)).sum::<Option<i64>>();
        let best_w = all.iter().map(|m| weight(m)).max().expect("the empty matching");
        let best_phi = all.iter().filter_map(|m| phi(m)).max().expect("the empty matching");
        for m in &all {
            let optimal = weight(m) == best_w;
            assert_eq!(optimal, phi(m) == Some(best_phi), "case {case}: matching {m:?} of {edges:?}");
            if optimal {
                for v in (0..n).filter(|&v| face.covered[v]) {
                    assert!(m.iter().any(|&k| edges[k].0 == v || edges[k].1 == v), "case {case}: {v}");
                }
            }
        }
        // Tight on the vertex duals alone yet not tight: only through a blossom's dual.
        with_blossom_duals += usize::from(face.phi.iter().any(|p| p.is_some_and(|p| p > 2)));
    }
    assert!(with_blossom_duals > 20, "blossoms of positive dual in {with_blossom_duals} cases only");
}

/// A weight too large for the type is reported, as by the whole-graph solver.
#[test]
fn overflow_is_reported_from_the_whole_graph() {
    let edges = [(0usize, 1usize, 1i64), (1, 2, i64::MAX / 3)];
    let r =
        try_max_weight_matching_face_priced(3, edges.as_slice(), &[], Pricing { start_degree: 1, add_per_vertex: 1 });
    assert!(r.is_err());
}

/// The odd sets of the optimal face (the blossoms of positive dual, [`OptimalFace::odd_sets`])
/// are filled by the matching and certify its optimum alone: the LP relaxation with the degree
/// rows and only these odd-set rows has the matching's weight as its optimum (solved with HiGHS),
/// where without them it lies above it on some of the graphs (fractional odd cycles). The
/// integer-program route states them as cuts.
#[cfg(feature = "highs")]
#[test]
fn the_odd_sets_of_the_face_alone_close_the_relaxation() {
    use good_lp::{constraint, variable, variables, Expression, Solution, SolverModel, Variable};
    let mut rng = Rng(2026);
    let (mut gaps, mut sets_seen) = (0, 0);
    for _ in 0..150 {
        let n = 5 + rng.below(20) as usize;
        let density = 30 + rng.below(71);
        let top = [2, 3, 5, 20][rng.below(4) as usize];
        let mut edges: Vec<(usize, usize, i64)> = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if rng.below(100) < density {
                    edges.push((a, b, rng.range(1, top)));
                }
            }
        }
        let (mate, face) = try_max_weight_matching_face(n, &edges).expect("small weights");
        let pairs = check_matching(n, &edges, &mate);
        let weight: i64 = pairs.iter().map(|&(a, b)| pair_weight(&edges, a, b)).sum();
        for set in &face.odd_sets {
            sets_seen += 1;
            assert!(set.len() >= 3 && set.len() % 2 == 1, "odd set {set:?}");
            let inside = pairs.iter().filter(|(a, b)| set.contains(a) && set.contains(b)).count();
            assert_eq!(inside, (set.len() - 1) / 2, "odd set {set:?} is not filled by the matching");
        }
        let relaxation = |with_sets: bool| -> f64 {
            let mut vars = variables!();
            let x: Vec<Variable> = edges.iter().map(|_| vars.add(variable().min(0).max(1))).collect();
            let objective: Expression = edges.iter().zip(&x).map(|(&(_, _, w), &v)| w as f64 * v).sum();
            let mut lp = vars.maximise(objective.clone()).using(good_lp::highs);
            for v in 0..n {
                let degree: Expression =
                    edges.iter().zip(&x).filter(|((a, b, _), _)| *a == v || *b == v).map(|(_, &x)| x).sum();
                lp = lp.with(constraint!(degree <= 1));
            }
            if with_sets {
                for set in &face.odd_sets {
                    let inside: Expression = edges
                        .iter()
                        .zip(&x)
                        .filter(|((a, b, _), _)| set.contains(a) && set.contains(b))
                        .map(|(_, &x)| x)
                        .sum();
                    lp = lp.with(constraint!(inside <= ((set.len() - 1) / 2) as f64));
                }
            }
            lp.solve().expect("a bounded LP").eval(&objective)
        };
        let closed = relaxation(true);
        assert!((closed - weight as f64).abs() < 1e-6, "LP with the odd sets {closed}, matching {weight}");
        if relaxation(false) > weight as f64 + 1e-6 {
            gaps += 1;
        }
    }
    assert!(gaps > 0 && sets_seen > 0, "no graph had a fractional relaxation: the test checks nothing");
}
