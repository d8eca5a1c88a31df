//! The three pairability backends (exact matching, SAT, integer program) against each other and
//! against brute force. Timings are printed (run with `--nocapture`), never asserted.
#![cfg(feature = "highs")] // the integer-program backends (cargo feature `highs`, on by default)

use lexpair::solver::graph::*;
use lexpair::solver::matching::*;
use lexpair::solver::pairability_ilp::*;
use lexpair::solver::sat::*;
use std::time::Instant;

use crate::common;
use common::Rng;

fn random_graph(rng: &mut Rng, n: usize, density: u64, eligible: u64) -> PairingGraph {
    let mut g = PairingGraph::new(n);
    for a in 0..n {
        for b in a + 1..n {
            if rng.chance(density) {
                g.add_edge(a, b);
            }
        }
    }
    for v in 0..n {
        g.bye_eligible[v] = rng.chance(eligible);
    }
    g
}

fn graph(n: usize, edges: &[(usize, usize)], eligible: &[usize]) -> PairingGraph {
    let mut g = PairingGraph::new(n);
    for &(a, b) in edges {
        g.add_edge(a, b);
    }
    for &v in eligible {
        g.bye_eligible[v] = true;
    }
    g
}

fn clique(vertices: &[usize]) -> Vec<(usize, usize)> {
    let mut edges = Vec::new();
    for (i, &a) in vertices.iter().enumerate() {
        for &b in &vertices[i + 1..] {
            edges.push((a, b));
        }
    }
    edges
}

/// Exhaustive search: the lowest unpaired player is paired with each possible partner or, when
/// a bye is still due, given the bye.
fn brute_force(adj: &[Vec<bool>], eligible: &[bool], covered: &mut [bool], bye_due: bool) -> bool {
    let Some(v) = covered.iter().position(|&c| !c) else {
        return !bye_due;
    };
    covered[v] = true;
    let mut found = bye_due && eligible[v] && brute_force(adj, eligible, covered, false);
    for u in v + 1..covered.len() {
        if found {
            break;
        }
        if adj[v][u] && !covered[u] {
            covered[u] = true;
            found = brute_force(adj, eligible, covered, bye_due);
            covered[u] = false;
        }
    }
    covered[v] = false;
    found
}

fn brute_pairable(g: &PairingGraph) -> bool {
    let mut adj = vec![vec![false; g.n]; g.n];
    for &(a, b) in &g.edges {
        adj[a][b] = true;
        adj[b][a] = true;
    }
    let eligible: Vec<bool> = (0..g.n).map(|v| g.is_bye_eligible(v)).collect();
    brute_force(&adj, &eligible, &mut vec![false; g.n], g.n % 2 == 1)
}

/// Checks an answer: a witness must verify; returns whether the answer is "pairable".
fn verdict(g: &PairingGraph, answer: &Pairability, backend: &str) -> bool {
    match answer {
        Pairability::Pairable { pairs, bye } => {
            assert!(g.is_complete_pairing(pairs, *bye), "{backend}: invalid witness {answer:?} for {g:?}");
            true
        }
        Pairability::Unpairable => false,
    }
}

fn ilp(g: &PairingGraph) -> Pairability {
    match pairable_by_ilp(g) {
        Ok(answer) => answer,
        Err(e) => panic!("ILP backend failed on {g:?}: {e}"),
    }
}

/// All three backends, checked and compared; returns the common verdict.
fn all_agree(g: &PairingGraph) -> bool {
    let by_matching = verdict(g, &pairable_by_matching(g), "matching");
    let by_sat = verdict(g, &pairable_by_sat(g), "sat");
    let by_ilp = verdict(g, &ilp(g), "ilp");
    assert_eq!(by_matching, by_sat, "matching vs SAT on {g:?}");
    assert_eq!(by_matching, by_ilp, "matching vs ILP on {g:?}");
    by_matching
}

#[test]
fn random_small_graphs_agree_with_brute_force() {
    let mut rng = Rng(0x1E7_9A12);
    let densities = [0, 10, 20, 30, 45, 60, 80, 100];
    let eligibilities = [0, 10, 30, 60, 100];
    let (mut pairable, mut unpairable) = (0, 0);
    for i in 0..2400 {
        let n = 1 + (i % 12);
        let density = densities[rng.below(densities.len() as u64) as usize];
        let eligible = eligibilities[rng.below(eligibilities.len() as u64) as usize];
        let mut g = random_graph(&mut rng, n, density, eligible);
        if i % 7 == 0 && !g.edges.is_empty() {
            // Duplicated edges must be tolerated.
            let e = g.edges[rng.below(g.edges.len() as u64) as usize];
            g.edges.push(e);
        }
        let expected = brute_pairable(&g);
        assert_eq!(all_agree(&g), expected, "backends vs brute force on {g:?}");
        if expected {
            pairable += 1;
        } else {
            unpairable += 1;
        }
    }
    // The sample must exercise both answers substantially.
    assert!(pairable > 500 && unpairable > 500, "{pairable} pairable, {unpairable} unpairable");
}

#[test]
fn empty_graph_is_pairable() {
    let g = PairingGraph::new(0);
    let empty = Pairability::Pairable { pairs: vec![], bye: None };
    assert_eq!(pairable_by_matching(&g), empty);
    assert_eq!(pairable_by_sat(&g), empty);
    assert_eq!(ilp(&g), empty);
}

#[test]
fn single_player_needs_eligibility() {
    let mut g = PairingGraph::new(1);
    assert!(!all_agree(&g));
    g.bye_eligible[0] = true;
    let bye = Pairability::Pairable { pairs: vec![], bye: Some(0) };
    assert_eq!(pairable_by_matching(&g), bye);
    assert_eq!(pairable_by_sat(&g), bye);
    assert_eq!(ilp(&g), bye);
}

#[test]
fn triangle() {
    let edges = clique(&[0, 1, 2]);
    assert!(!all_agree(&graph(3, &edges, &[])));
    let g = graph(3, &edges, &[1]);
    assert!(all_agree(&g));
    let expected = Pairability::Pairable { pairs: vec![(0, 2)], bye: Some(1) };
    assert_eq!(pairable_by_matching(&g), expected);
    assert_eq!(pairable_by_sat(&g), expected);
    assert_eq!(ilp(&g), expected);
}

#[test]
fn two_disjoint_triangles_are_unpairable() {
    let mut edges = clique(&[0, 1, 2]);
    edges.extend(clique(&[3, 4, 5]));
    assert!(!all_agree(&graph(6, &edges, &[0, 1, 2, 3, 4, 5])), "n even: byes do not help");
    edges.push((2, 3));
    assert!(all_agree(&graph(6, &edges, &[])));
}

#[test]
fn k17_without_eligible_player() {
    let vertices: Vec<usize> = (0..17).collect();
    let g = graph(17, &clique(&vertices), &[]);
    let start = Instant::now();
    assert_eq!(pairable_by_sat(&g), Pairability::Unpairable);
    eprintln!("K17, nobody eligible: SAT {:?}", start.elapsed());
    assert!(!all_agree(&g));
    let g = graph(17, &clique(&vertices), &[16]);
    let start = Instant::now();
    assert!(verdict(&g, &pairable_by_sat(&g), "sat"));
    eprintln!("K17, one eligible: SAT {:?}", start.elapsed());
    assert!(all_agree(&g));
}

#[test]
fn star_is_a_tutte_barrier() {
    let g = graph(4, &[(0, 1), (0, 2), (0, 3)], &[0, 1, 2, 3]);
    assert!(!all_agree(&g));
}

/// Centre player 0 with three odd cliques of `k` players, every one of them allowed to meet 0:
/// removing player 0 leaves three odd groups, so the graph is unpairable (n = 1 + 3k even when
/// k is odd) although every player has many opponents.
fn centre_with_odd_cliques(k: usize) -> PairingGraph {
    let n = 1 + 3 * k;
    let mut edges = Vec::new();
    for c in 0..3 {
        let members: Vec<usize> = (1 + c * k..1 + (c + 1) * k).collect();
        edges.extend(clique(&members));
        edges.extend(members.iter().map(|&v| (0, v)));
    }
    graph(n, &edges, &[])
}

/// Barrier `S = {0, .., s-1}` with `s + 2` odd cliques of `k` players, all joined to all of `S`.
fn barrier_with_odd_cliques(s: usize, k: usize) -> PairingGraph {
    let n = s + (s + 2) * k;
    let mut edges = clique(&(0..s).collect::<Vec<_>>());
    for c in 0..s + 2 {
        let members: Vec<usize> = (s + c * k..s + (c + 1) * k).collect();
        edges.extend(clique(&members));
        for &v in &members {
            edges.extend((0..s).map(|t| (t, v)));
        }
    }
    graph(n, &edges, &[])
}

#[test]
fn bigger_tutte_barriers() {
    // One-player barrier, large odd parts: decided by SAT thanks to the articulation clauses.
    let g = centre_with_odd_cliques(11);
    let start = Instant::now();
    assert_eq!(pairable_by_sat(&g), Pairability::Unpairable);
    eprintln!("centre + 3 x K11 (n = {}): SAT {:?}", g.n, start.elapsed());
    assert!(!all_agree(&g));

    // Two-player barrier with four odd K5 groups: SAT must see the parity of each group.
    let g = barrier_with_odd_cliques(2, 5);
    let start = Instant::now();
    assert_eq!(pairable_by_sat(&g), Pairability::Unpairable);
    eprintln!("|S| = 2 + 4 x K5 (n = {}): SAT {:?}", g.n, start.elapsed());
    assert!(!all_agree(&g));

    // One more allowed pair between two groups merges them: now pairable.
    let mut g = g;
    g.add_edge(2, 7);
    let start = Instant::now();
    assert!(verdict(&g, &pairable_by_sat(&g), "sat"));
    eprintln!("|S| = 2 + 4 x K5 + bridge: SAT {:?}", start.elapsed());
    assert!(all_agree(&g));

    // With an odd number of players the bye can absorb one odd group, but not two.
    let mut g = barrier_with_odd_cliques(2, 5);
    g.n += 1;
    g.bye_eligible.push(true);
    g.bye_eligible[2] = true;
    let extra = g.n - 1;
    g.add_edge(0, extra);
    g.add_edge(1, extra);
    assert!(!all_agree(&g), "5 odd groups, the bye absorbs one, 4 left for 2 barrier players");
}

fn random_dense(n: usize, density: u64, seed: u64) -> PairingGraph {
    let mut rng = Rng(seed);
    random_graph(&mut rng, n, density, 20)
}

#[test]
fn dense_400_players() {
    let g = random_dense(400, 70, 400);
    let start = Instant::now();
    let answer = pairable_by_matching(&g);
    eprintln!("400 players, {} pairs: matching {:?}", g.edges.len(), start.elapsed());
    assert!(verdict(&g, &answer, "matching"));
    let mate = maximum_matching(g.n, &g.edges);
    assert!(mate.iter().all(Option::is_some));
}

#[test]
fn dense_3000_players() {
    let g = random_dense(3000, 60, 3000);
    let start = Instant::now();
    let answer = pairable_by_matching(&g);
    eprintln!("3000 players, {} pairs: matching {:?}", g.edges.len(), start.elapsed());
    assert!(verdict(&g, &answer, "matching"));

    // Two dense halves of odd size and no pair between them: unpairable (n even).
    let mut split = PairingGraph::new(3000);
    let mut rng = Rng(17);
    for a in 0..3000 {
        for b in a + 1..3000 {
            if (a < 1499) == (b < 1499) && rng.chance(60) {
                split.add_edge(a, b);
            }
        }
    }
    let start = Instant::now();
    assert_eq!(pairable_by_matching(&split), Pairability::Unpairable);
    eprintln!("3000 players in two odd halves: matching {:?}", start.elapsed());
}

/// Trees with a few extra edges: many articulation points, so the SAT backend's cut clauses
/// are exercised on larger graphs than brute force can check; the backends must agree.
#[test]
fn sparse_graphs_with_cut_vertices_agree() {
    let mut rng = Rng(0xC07);
    let (mut pairable, mut unpairable) = (0, 0);
    for i in 0..400 {
        let n = 13 + (i % 28);
        let mut g = PairingGraph::new(n);
        for v in 1..n {
            // Attach to a recent vertex: long paths and bushy parts alike.
            let back = 1 + rng.below(3.min(v as u64)) as usize;
            g.add_edge(v - back, v);
        }
        for _ in 0..rng.below(n as u64 / 3 + 1) {
            let (a, b) = (rng.below(n as u64) as usize, rng.below(n as u64) as usize);
            if a != b {
                g.add_edge(a, b);
            }
        }
        for v in 0..n {
            g.bye_eligible[v] = rng.chance(25);
        }
        if all_agree(&g) {
            pairable += 1;
        } else {
            unpairable += 1;
        }
    }
    assert!(pairable > 50 && unpairable > 50, "{pairable} pairable, {unpairable} unpairable");
}

#[test]
fn answers_are_deterministic() {
    let g = random_dense(120, 50, 120);
    assert_eq!(pairable_by_matching(&g), pairable_by_matching(&g));
    assert_eq!(pairable_by_sat(&g), pairable_by_sat(&g));
    assert_eq!(ilp(&g), ilp(&g));
}
