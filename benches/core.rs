//! Speed of the solver core on synthetic brackets (criterion). Compare runs, never assert times.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use lexpair::model::{BracketModel, Cost, Var};
use lexpair::rng::splitmix64 as mix;
use lexpair::solver::graph::PairingGraph;
use lexpair::solver::highs_lex::{solve_lexicographic, LexOptions};
use lexpair::solver::matching::pairable_by_matching;
use lexpair::vocabulary::{At, StageKey};

/// A bracket of `n` players where 5% of pairs are forbidden (rematches), with a float-count
/// stage, two colour-like stages and a tie-break on the top player's partner.
fn bracket(n: usize) -> BracketModel {
    let mut seed = n as u64;
    let mut m = BracketModel::new(n);
    m.may_float = vec![true; n];
    for a in 0..n {
        for b in a + 1..n {
            if mix(&mut seed) % 20 != 0 {
                m.add_pair(a, b);
            }
        }
    }
    let mut floats = Cost::new();
    (0..n).for_each(|i| floats.add(Var::Float(i), 1));
    m.add_stage(StageKey::order("floaters", ""), "bench", floats);
    for k in 0..2 {
        let mut c = Cost::new();
        for e in 0..m.pairs.len() {
            if mix(&mut seed) % 3 == 0 {
                c.add(Var::Pair(e), 1 + k);
            }
        }
        m.add_stage(StageKey::order("colour", "").at(At::Seat(k as usize)), "bench", c);
    }
    let mut tb = Cost::new();
    for (e, (a, b)) in m.pairs.clone().iter().enumerate() {
        if a == 0 {
            tb.add(Var::Pair(e), b as i64);
        }
    }
    m.add_stage(StageKey::order("partner-of-top", ""), "bench", tb);
    m
}

fn lexicographic(c: &mut Criterion) {
    let mut g = c.benchmark_group("lexicographic");
    g.sample_size(10);
    for n in [20usize, 60, 120] {
        let m = bracket(n);
        g.bench_with_input(BenchmarkId::from_parameter(n), &m, |b, m| {
            b.iter(|| solve_lexicographic(m, &LexOptions::default()).map(|r| r.solution.stage_values))
        });
    }
    g.finish();
}

fn pairability(c: &mut Criterion) {
    let mut g = c.benchmark_group("pairability-matching");
    g.sample_size(10);
    for n in [300usize, 1000, 3000] {
        let mut seed = 7 + n as u64;
        let mut graph = PairingGraph::new(n);
        for a in 0..n {
            for b in a + 1..n {
                if mix(&mut seed) % 10 != 0 {
                    graph.add_edge(a, b);
                }
            }
        }
        graph.bye_eligible = vec![true; n];
        g.bench_with_input(BenchmarkId::from_parameter(n), &graph, |b, graph| b.iter(|| pairable_by_matching(graph)));
    }
    g.finish();
}

/// Exact maximum-weight matching on dense random graphs, narrow and wide weights.
fn weighted(c: &mut Criterion) {
    use lexpair::solver::weighted_matching::{max_weight_matching, try_max_weight_matching_face};
    use lexpair::solver::wide::Wide;
    let mut g = c.benchmark_group("weighted-matching");
    g.sample_size(10);
    for n in [100usize, 400] {
        let mut seed = 11 + n as u64;
        let mut narrow = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                narrow.push((a, b, (mix(&mut seed) % 1_000_000) as i64));
            }
        }
        let wide: Vec<(usize, usize, Wide<8>)> =
            narrow.iter().map(|&(a, b, w)| (a, b, Wide::from(w).shl(400))).collect();
        g.bench_with_input(BenchmarkId::new("i64", n), &narrow, |b, e| b.iter(|| max_weight_matching(n, e)));
        g.bench_with_input(BenchmarkId::new("wide-512", n), &wide, |b, e| b.iter(|| max_weight_matching(n, e)));
    }
    // Dense graphs with a handful of weight levels, as a bracket's quality stages make them
    // (the case of the greedy warm start and the lazy re-attachment of dissolved trees), odd
    // sizes so that one vertex stays exposed; with the optimal face, as the session asks.
    for n in [401usize, 689] {
        let mut seed = 29 + n as u64;
        let mut tied = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                tied.push((a, b, 1_000 + (mix(&mut seed) % 4) as i64));
            }
        }
        g.bench_with_input(BenchmarkId::new("i64-tied-face", n), &tied, |b, e| {
            b.iter(|| try_max_weight_matching_face(n, e).map(|(mate, _)| mate.len()))
        });
    }
    g.finish();
}

/// The same dense tied graphs, and a larger one, solved whole and priced (a sparse subgraph
/// priced against every other edge): the route the session takes above 20,000 pairs.
fn priced(c: &mut Criterion) {
    use lexpair::solver::weighted_matching::{
        try_max_weight_matching_face, try_max_weight_matching_face_priced, Pricing,
    };
    let mut g = c.benchmark_group("weighted-matching-priced");
    g.sample_size(10);
    for n in [689usize, 2001] {
        let mut seed = 29 + n as u64;
        let mut tied = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                tied.push((a, b, 1_000 + (mix(&mut seed) % 4) as i64));
            }
        }
        g.bench_with_input(BenchmarkId::new("whole", n), &tied, |b, e| {
            b.iter(|| try_max_weight_matching_face(n, e).map(|(mate, _)| mate.len()))
        });
        g.bench_with_input(BenchmarkId::new("priced", n), &tied, |b, e| {
            b.iter(|| {
                try_max_weight_matching_face_priced(n, e.as_slice(), &[], Pricing::default()).map(|(m, _, _)| m.len())
            })
        });
    }
    g.finish();
}

/// The lexicographic matching session on a bracket-shaped model: quality stages, then one
/// "partner of S1[k]" stage per top-half player, as the D.1 candidate order states them. The
/// session folds solved stages into the optimal face and solves them in narrow chunks.
fn candidate_order(c: &mut Criterion) {
    use lexpair::solver::lex::LexBackend;
    use lexpair::solver::matching_lex::MatchingSession;
    let mut g = c.benchmark_group("matching-session-candidate-order");
    g.sample_size(10);
    for n in [100usize, 300] {
        let m = bracket(n);
        let half = n / 2;
        let stages: Vec<_> = (0..half)
            .map(|p| {
                let mut cost = Cost::new();
                for (e, (a, b)) in m.pairs.iter().enumerate() {
                    if a == p || b == p {
                        cost.add(Var::Pair(e), 1 + (a + b - p) as i64);
                    }
                }
                lexpair::model::Stage {
                    key: StageKey::order("D1", "partner-of").at(At::Seat(p)),
                    article: "bench".into(),
                    cost,
                }
            })
            .collect();
        // The whole graph at every chunk, then every chunk priced.
        for (name, price_above) in [("stage-by-level", usize::MAX), ("stage-by-level-priced", 0)] {
            g.bench_with_input(BenchmarkId::new(name, n), &m, |b, m| {
                b.iter(|| {
                    let mut base = m.clone();
                    let quality = std::mem::take(&mut base.stages);
                    let s = MatchingSession::new(base).expect("pure matching model");
                    let mut s = s.with_pricing(price_above, Default::default());
                    s.solve_stages(quality).expect("feasible");
                    s.solve_stages(stages.clone()).expect("feasible")
                })
            });
        }
    }
    g.finish();
}

criterion_group!(
    benches,
    lexicographic,
    pairability,
    weighted,
    priced,
    candidate_order,
    dutch_rounds,
    team_rounds,
    double_rounds
);
criterion_main!(benches);

/// Whole Dutch 2017 rounds of the largest corpus tournament (296 players, 10 rounds).
fn dutch_rounds(c: &mut Criterion) {
    use lexpair::options::PairOptions;
    use lexpair::tournament::Tournament;
    use lexpair::trf::{read_file, ReadOptions};
    use lexpair::vocabulary::System;
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/dutch-2017/tournaments/t0045.trf");
    let Ok(doc) = read_file(&path, &ReadOptions::default()) else {
        eprintln!("{} not found: dutch-2017 bench skipped", path.display());
        return;
    };
    let mut g = c.benchmark_group("dutch-2017-296-players");
    g.sample_size(10);
    for round in [1u32, 2, 5, 10] {
        let Ok(t) = Tournament::before_round(&doc, round) else { continue };
        g.bench_with_input(BenchmarkId::new("round", round), &t, |b, t| {
            b.iter(|| {
                lexpair::round::pair(t, System::Dutch2017, &PairOptions::default())
                    .map(|r| r.pairing)
                    .map(|p| p.boards.len())
            })
        });
    }
    g.finish();
}

/// Whole Swiss Team rounds (C.04.6) of the corpus's 60-team tournament (4 boards, 11 rounds),
/// with and without the first-candidate shortcuts (the programs solved every time).
fn team_rounds(c: &mut Criterion) {
    use lexpair::options::PairOptions;
    use lexpair::team::TeamTournament;
    use lexpair::trf::{read_file, ReadOptions};
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/team-2026/tournaments/t0080.trf");
    let Ok(doc) = read_file(&path, &ReadOptions::default()) else {
        eprintln!("{} not found: team bench skipped", path.display());
        return;
    };
    let mut g = c.benchmark_group("team-2026-60-teams");
    g.sample_size(20);
    for round in [1u32, 2, 6, 11] {
        let Ok(t) = TeamTournament::before_round(&doc, round) else { continue };
        for (name, shortcuts) in [("round", true), ("programs", false)] {
            g.bench_with_input(BenchmarkId::new(name, round), &t, |b, t| {
                b.iter(|| {
                    lexpair::systems::team::pair_with(t, &PairOptions::default(), shortcuts).map(|p| p.0.boards.len())
                })
            });
        }
    }
    g.finish();
}

/// Whole Double-Swiss matches (C.04.5) of a 1,000-player event made by `lexpair::generate`
/// (seed 1, single-game and whole-match forfeits, absences), with and without the first-candidate
/// shortcuts (the programs solved every time).
fn double_rounds(c: &mut Criterion) {
    use lexpair::double::DoubleTournament;
    use lexpair::generate::{generate, Field, GenerateConfig};
    use lexpair::options::PairOptions;
    use lexpair::vocabulary::System;
    let field = Field::Random { players: 1000, min_rating: 1400, max_rating: 2600 };
    let mut cfg = GenerateConfig::new(System::DoubleSwiss2026, field, 7, 1);
    cfg.forfeit_rate = 0.01;
    cfg.zero_bye_rate = 0.02;
    cfg.double.match_forfeit_rate = 0.01;
    let doc = generate(&cfg).expect("a generated Double-Swiss event").document;
    let mut g = c.benchmark_group("double-2026-1000-players");
    g.sample_size(10);
    for k in [1u32, 2, 4, 7] {
        let Ok(t) = DoubleTournament::before_round(&doc, k) else { continue };
        for (name, shortcuts) in [("match", true), ("programs", false)] {
            g.bench_with_input(BenchmarkId::new(name, k), &t, |b, t| {
                b.iter(|| {
                    lexpair::systems::double::pair_with(t, &PairOptions::default(), shortcuts).map(|p| p.0.boards.len())
                })
            });
        }
    }
    g.finish();
}
