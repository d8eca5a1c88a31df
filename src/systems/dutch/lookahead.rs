//! The next scoregroup of a look-ahead model, its pairs among itself thinned where that is exact.
//!
//! A bracket's model holds the next scoregroup `N` for the look-ahead (2017 C.7 "downfloaters
//! that let the next bracket pair best", 2026 \[C8\] in the near model): a bracket player leaves
//! either floating or paired with a player of `N`, and `N`'s players pair among themselves or
//! float. Those pairs among `N` are most of the model when `N` is large and the bracket small: a
//! 151-player bracket above a 4,924-player scoregroup has 12.1 million of them, and 0.8 million
//! of its own.
//!
//! They can be thinned without changing any optimum of the bracket. Put `N` in a row and keep
//! only the pairs of players at most `K` places apart (a `K`-th power of a path): after removing
//! any `K − 1` players, consecutive survivors are at most `K` places apart, so the survivors
//! still form a path and pair completely (one left over when odd). Let `X` be the players of `N`
//! that the bracket's own part of a solution takes (its leavers' partners, at most one per
//! bracket player) and `K = nb + 2`. Then for every bracket part, the thinned graph on `N − X`
//! has a perfect matching, or, when odd, one leaving out any single player of one's choice, like
//! the whole graph (a subgraph cannot do better than that).
//!
//! That is enough when the criteria see `N`'s part of a solution only through the number of its
//! pairs and the players it leaves unpaired ([`exact`] checks this on the built stages; the
//! whole model is built when it fails):
//! - every pair within `N` has the same cost on every stage;
//! - at the first stage with a term on a pair within `N` or a float of `N`, pairing two players
//!   of `N` is strictly better than leaving both unpaired, whoever they are.
//!
//! Then an optimum's part in `N − X` is a maximum matching (an augmenting path pairs two more
//! players at no other cost), and among those the best leave the cheapest single player out when
//! the count is odd: the same value for every bracket part with or without the thinning, so the
//! optimal bracket parts, and all stage values, are the same. The candidate order's stages
//! (D.1-D.3) and criteria of one's own see only the bracket's pairs and leavers.
//!
//! The row is the next scoregroup in order, each player placed at the first place where he may
//! meet (C.1-C.3) the `K` before him; when some player fits nowhere the whole model is built.
//! Each player also keeps [`FAR`] pairs with players anywhere in the row (more pairs change no
//! optimum by the same argument: the thinned graph already pairs as well as the whole one). On a
//! 9,999-player round 2 this takes the 151-player bracket from 12.9 million pairs to 1.6
//! million.

use crate::model::{Stage, Var};

/// Partners each player of the row gets beyond the window, anywhere in the row (a fixed hash):
/// not needed for exactness, but without them the matching's augmenting paths must crawl along
/// the row. On the 9,999-player round 2 the 151-player bracket's solve took 1.05 s with none,
/// 0.31 s with 4, 0.12 s with 16 and 0.09 s with 64 (73,000 pairs more with 16, 292,000 with 64).
pub const FAR: usize = 16;

/// The window `K` for a bracket of `nb` players: `nb + 2` (module header).
pub fn window(nb: usize) -> usize {
    nb + 2
}

/// Whether thinning `next` players with window `k` is worth its row and check: each keeps at
/// most `2 (k + FAR)` of its `next - 1` pairs, so at most half of them when `next > 4 (k + FAR)`
/// (smaller scoregroups, as in a batch of 100-player events, keep them all).
pub fn worth(next: usize, k: usize) -> bool {
    next > 4 * (k + FAR)
}

/// A row of the `next` players (indices `0..next`) in which every two at most `k` places apart
/// may meet (`allowed`): each placed in turn, the first in index order that may meet the `k`
/// before him. `None` when at some point nobody left can.
pub fn row(next: usize, k: usize, allowed: impl Fn(usize, usize) -> bool) -> Option<Vec<usize>> {
    let mut rest: Vec<usize> = (0..next).collect();
    let mut row: Vec<usize> = Vec::with_capacity(next);
    while !rest.is_empty() {
        let recent = &row[row.len().saturating_sub(k)..];
        let at = rest.iter().position(|&x| recent.iter().all(|&y| allowed(x, y)))?;
        row.push(rest.remove(at));
    }
    Some(row)
}

/// For each player of the row, the players at most `k` places away in it, and `far` more
/// anywhere in it chosen by a fixed hash (by index, increasing, each once).
pub fn neighbours(row: &[usize], k: usize, far: usize) -> Vec<Vec<usize>> {
    let m = row.len();
    let mut out = vec![Vec::new(); m];
    for (p, &x) in row.iter().enumerate() {
        let near = &row[p.saturating_sub(k)..(p + k + 1).min(m)];
        out[x].extend(near.iter().copied().filter(|&y| y != x));
    }
    for x in 0..m {
        for j in 0..far {
            let y = (crate::rng::splitmix64(&mut ((x * far + j) as u64)) % m as u64) as usize;
            if y != x {
                out[x].push(y);
                out[y].push(x);
            }
        }
    }
    for list in &mut out {
        list.sort_unstable();
        list.dedup();
    }
    out
}

/// Whether `stages` see the next scoregroup's part of a solution only as the module header
/// requires, on a model whose pairs among the next players (`next_from..`, every player from
/// `next_from` on) are the pairs from index `split` on, `inner` of them.
pub fn exact(stages: &[Stage], next_from: usize, players: usize, split: usize, inner: usize) -> bool {
    // Whether pairing two next players gains at the first stage that sees them (`None`: no
    // stage has so far).
    let mut gains: Option<bool> = None;
    for s in stages {
        let mut pair_cost: Option<i64> = None;
        let mut count = 0usize;
        let mut float = vec![0i64; players - next_from];
        let mut floats = false;
        for (v, c) in s.cost.terms() {
            match v {
                Var::Pair(e) if e >= split => {
                    if pair_cost.is_some_and(|p| p != c) {
                        return false;
                    }
                    pair_cost = Some(c);
                    count += 1;
                }
                Var::Float(i) if i >= next_from => {
                    float[i - next_from] += c;
                    floats = true;
                }
                Var::Aux(_) => return false,
                _ => {}
            }
        }
        // The same cost on every pair among the next players, on every stage.
        if count != 0 && count != inner {
            return false;
        }
        if gains.is_none() && (count != 0 || floats) {
            float.sort_unstable();
            gains = Some(match float.as_slice() {
                [a, b, ..] => pair_cost.unwrap_or(0) < a + b,
                _ => true,
            });
        }
    }
    gains != Some(false)
}

#[cfg(test)]
mod tests {
    use super::super::bracket::{Bracket, Kind};
    use super::super::round::Round;
    use super::super::{built, formulation, order, Edition};
    use super::*;
    use crate::solver::matching_lex::MatchingSession;
    use crate::tournament::Tournament;
    use crate::trf::{read_str, ReadOptions};
    use crate::vocabulary::StageKey;
    use std::sync::Arc;

    /// 201 players after round 1: 1-98 beat 101-198, 99-199 and 100-200 drew, 201 had a
    /// half-point bye. Round 2 has scoregroups of 98, 5 and 98 players.
    fn after_round_one() -> Tournament {
        let mut text = String::from("012 look-ahead\nXXR 5\nXXC white1\n");
        for id in 1..=201u32 {
            let (game, points) = match id {
                1..=98 => (format!("{:>4} w 1", id + 100), "1.0"),
                99 | 100 => (format!("{:>4} w =", id + 100), "0.5"),
                101..=198 => (format!("{:>4} b 0", id - 100), "0.0"),
                199 | 200 => (format!("{:>4} b =", id - 100), "0.5"),
                _ => ("0000 - H".to_string(), "0.5"),
            };
            let name = format!("Player {id}");
            text.push_str(&format!(
                "001 {id:>4}      {name:<33} {:>4}                             {points}    0  {game}\n",
                2500 - id
            ));
        }
        let doc = read_str(&text, "lookahead.trf", &ReadOptions::default()).expect("valid TRF");
        Tournament::before_round(&doc, 2).expect("round 2")
    }

    #[test]
    fn a_thinned_look_ahead_pairs_the_bracket_as_the_whole_one() {
        let t = after_round_one();
        for edition in [Edition::E2017, Edition::E2026] {
            let r = Round::new(&t, edition, crate::audit::Audit::default());
            let groups = r.scoregroups();
            assert_eq!(groups.iter().map(Vec::len).collect::<Vec<_>>(), vec![98, 5, 98]);
            let kind = Kind::Normal { next: &groups[2], next_is_last: true };
            let keys = &formulation(edition).expect("the edition's formulation").criteria;
            let (thin, stages) = built(&r, &groups[1], 0, kind, keys, None).expect("stages");
            let whole = Bracket::build(&r, &groups[1], 0, kind);
            assert!(thin.thinned, "{edition:?}: 5 players above 98 are thinned");
            assert!(thin.model.pairs.len() < whole.model.pairs.len());
            let whole_stages =
                super::super::quality_stages(&super::super::criteria::Ctx::new(&r, &whole, kind), keys, None)
                    .expect("stages");
            let solve = |b: &Bracket, stages: Vec<Stage>| {
                let mut s = MatchingSession::shared(Arc::clone(&b.model)).expect("a matching model");
                order::solve(b, stages, &mut s).expect("solved")
            };
            let (a, b) = (solve(&thin, stages), solve(&whole, whole_stages));
            assert_eq!((&a.pairs, &a.leavers), (&b.pairs, &b.leavers), "{edition:?}");
            assert_eq!(a.stage_values, b.stage_values, "{edition:?}");
            // One downfloater (five players), paired in the next bracket.
            assert_eq!(a.leavers.len(), 1);
        }
    }

    /// The top bracket of a generated 501-player round 2 (247 players above a scoregroup of 8):
    /// the optimum of its quality stages leaves pairs with the next players tight (on the
    /// matching's optimal face) though no optimum uses them. The D.1 partner stages state those
    /// pairs after every BSN, so the first one's bound is the best partner an optimum can have
    /// and it folds without a solve (stated on the accepted partners alone, it was solved); each
    /// value is the BSN of the partner chosen.
    #[test]
    fn the_first_partner_stage_of_a_large_bracket_folds_at_its_bound() {
        let t = crate::generate::generated_before(crate::vocabulary::System::Dutch2017, 501, 2, 7);
        let r = Round::new(&t, Edition::E2017, crate::audit::Audit::default());
        let groups = r.scoregroups();
        assert_eq!((groups[0].len(), groups[1].len()), (247, 8));
        let kind = Kind::Normal { next: &groups[1], next_is_last: groups.len() == 2 };
        let keys = &formulation(Edition::E2017).expect("the edition's formulation").criteria;
        let (b, stages) = built(&r, &groups[0], 0, kind, keys, None).expect("stages");
        let mut s = MatchingSession::shared(Arc::clone(&b.model)).expect("a matching model");
        let chosen = order::solve(&b, stages, &mut s).expect("solved");
        let partners: Vec<&crate::solver::lex::StageReport> =
            chosen.reports.iter().filter(|rep| rep.key.criterion == "D1").collect();
        assert_eq!(partners.len(), chosen.pairs.len(), "a partner stage per pair");
        assert_eq!(partners[0].how, "bound", "{:?}", partners[0]);
        for rep in partners {
            let p = rep.key.seat().expect("a seat") - 1;
            assert!(chosen.pairs.contains(&(p, rep.value as usize - 1)), "{rep:?}");
        }
    }

    #[test]
    fn stages_that_tell_next_players_apart_keep_the_whole_model() {
        // Players 0-1 in the bracket, 2-5 next; pairs from index 3 on are among the next players.
        let stage = |terms: Vec<(Var, i64)>| Stage {
            key: StageKey::count("C7", "test"),
            article: String::new(),
            cost: terms.into_iter().collect(),
        };
        let uniform = stage(vec![(Var::Pair(3), -1), (Var::Pair(4), -1)]);
        assert!(exact(std::slice::from_ref(&uniform), 2, 6, 3, 2));
        // Not every pair among them has the term.
        assert!(!exact(&[stage(vec![(Var::Pair(3), -1)])], 2, 6, 3, 2));
        // Two different costs.
        assert!(!exact(&[stage(vec![(Var::Pair(3), -1), (Var::Pair(4), -2)])], 2, 6, 3, 2));
        // A later stage that tells them apart also fails.
        assert!(!exact(&[uniform, stage(vec![(Var::Pair(4), 1)])], 2, 6, 3, 2));
        // Floats that cost something: pairing gains. Floats that gain: it does not.
        assert!(exact(
            &[stage(vec![(Var::Float(2), 1), (Var::Float(3), 3), (Var::Float(4), 1), (Var::Float(5), 1)])],
            2,
            6,
            3,
            2
        ));
        assert!(!exact(&[stage(vec![(Var::Float(2), -1)])], 2, 6, 3, 2));
        // A stage on the bracket's own variables only does not matter.
        assert!(exact(&[stage(vec![(Var::Pair(0), 5), (Var::Float(1), -4)])], 2, 6, 3, 2));
    }

    #[test]
    fn the_row_keeps_players_who_may_not_meet_apart() {
        // 0 may not meet 1 or 2: with k = 2 it must wait until two others stand between.
        let allowed = |x: usize, y: usize| !matches!((x.min(y), x.max(y)), (0, 1) | (0, 2));
        let row = row(6, 2, allowed).expect("a row exists");
        for (p, &x) in row.iter().enumerate() {
            for &y in &row[p + 1..(p + 3).min(row.len())] {
                assert!(allowed(x, y), "{x} and {y} are within 2 places in {row:?}");
            }
        }
        assert_eq!(row, vec![0, 3, 4, 1, 2, 5]);
        // Three players of whom no two may meet cannot be placed within a window of 2.
        assert_eq!(super::row(3, 2, |_, _| false), None);
    }

    #[test]
    fn neighbours_are_the_window_on_both_sides() {
        let n = neighbours(&[2, 0, 3, 1], 1, 0);
        assert_eq!(n, vec![vec![2, 3], vec![3], vec![0], vec![0, 1]]);
    }
}
