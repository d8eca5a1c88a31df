//! One Burstein bracket (3.2) as one lexicographic matching program.
//!
//! The program holds the bracket (incoming floaters and residents, in ranking order: BSN 1, 2, ...,
//! 4.1) and every player of the lower scoregroups, and must pair them all (the PAB is assigned
//! before): a bracket player paired with a lower player is an outgoing floater; pairs among
//! lower players only witness that the round can still be completed (\[C4\]). Stages, in the
//! priority of 2.3: \[C5\] the fewest outgoing floaters; \[C6\] their scores, highest first; \[C7\]
//! the following bracket (the floaters and the next scoregroup) with the most pairs, then the
//! lowest scores of its own outgoing floaters; \[C8\] the fewest players not given their colour
//! preference; then the order of 4.3: BSN 1's opponent with the largest BSN (a floater's
//! virtual opponent has BSN 0), then BSN 2's, and so on.
//!
//! Below a large bracket that program has millions of pairs among players beyond the next
//! scoregroup, and none of them costs anything; nor does it matter which of those players a
//! bracket or next-scoregroup player meets, only that it meets one. So the program is solved
//! first without them: the bracket and the next scoregroup, each of whom may instead *float
//! beyond* (a float variable costing what any pair with a player beyond costs) where some player
//! beyond may meet them. When the players floating beyond can be given distinct opponents beyond
//! and everybody left there paired (one implicit-graph matching, O(n) memory), that optimum is
//! the whole program's: every pairing of the whole program is one of this program's at the same
//! cost. Otherwise the whole program is solved. Either way the stage values are the same.
use super::round::Round;
use crate::model::{BracketModel, Cost, Solution, Stage, Var};
use crate::options::PairOptions;
use crate::points::Points;
use crate::solver::lex::StageReport;
use crate::solver::matching::complete_pairing;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{At, PairError, StageKey};
use std::sync::Arc;

/// One variable of a bracket program and the players it pairs: `x` with `y`, or `x` with
/// some player beyond the next scoregroup (`y` is `None`: a float beyond).
#[derive(Clone, Copy)]
pub struct Link {
    pub var: Var,
    pub x: usize,
    pub y: Option<usize>,
}

/// What the stages of one bracket are built from.
pub struct Ctx<'a, 't> {
    pub r: &'a Round<'t>,
    /// The program's model: its pairs and floats are the variables ([`Ctx::links`]).
    pub model: &'a BracketModel,
    pub global: &'a [usize],
    /// Players in the bracket.
    pub nb: usize,
    pub bracket: &'a [usize],
    /// The score of the next scoregroup, if any.
    pub next_score: Option<Points>,
}

impl Ctx<'_, '_> {
    /// The program's variables, `x < y`, local indices (the bracket in BSN order first, then the
    /// lower players from the next scoregroup down): each pair, then each float beyond. Read
    /// from the model on each walk, not stored: a 5,000-player program has 12 million pairs,
    /// and a list of them took 40 bytes a pair (the 9,999-player round 5 peaked at 1 GB).
    pub fn links(&self) -> impl Iterator<Item = Link> + '_ {
        let pairs = self.model.pairs.iter().enumerate().map(|(e, (x, y))| Link { var: Var::Pair(e), x, y: Some(y) });
        let floats = (self.model.may_float.iter().enumerate()).filter(|&(_, &f)| f).map(|(x, _)| Link {
            var: Var::Float(x),
            x,
            y: None,
        });
        pairs.chain(floats)
    }

    /// A bracket player paired outside the bracket: an outgoing floater.
    fn floating(&self, x: usize, y: Option<usize>) -> bool {
        x < self.nb && y.is_none_or(|y| y >= self.nb)
    }

    /// A lower player of the next scoregroup.
    fn in_next_group(&self, k: usize) -> bool {
        k >= self.nb && Some(self.r.score(self.global[k])) == self.next_score
    }

    /// A player beyond the next scoregroup (`None`: one of them).
    fn beyond(&self, y: Option<usize>) -> bool {
        y.is_none_or(|y| y >= self.nb && !self.in_next_group(y))
    }
}

/// One criterion of the Burstein system: key, name (shared with the other systems where the
/// meaning is the same), article, stage builder.
pub struct Criterion {
    pub key: &'static str,
    pub name: &'static str,
    pub article: &'static str,
    pub build: fn(&Ctx, &str) -> Vec<Stage>,
}

fn stage(key: StageKey, article: &str, cost: Cost) -> Stage {
    Stage { key, article: article.to_string(), cost }
}

/// The quality criteria in the priority order of 2.3.
pub const CRITERIA: &[Criterion] = &[
    Criterion {
        key: "C5",
        name: "downfloaters",
        article: "C.04.4.2 (2026) [C5] maximise the number of pairs (minimise the outgoing floaters)",
        build: |c, a| {
            let mut cost = Cost::new();
            for l in c.links() {
                if c.floating(l.x, l.y) {
                    cost.add(l.var, 1);
                }
            }
            vec![stage(StageKey::count("C5", "floaters"), a, cost)]
        },
    },
    Criterion {
        key: "C6",
        name: "downfloater_scores",
        article: "C.04.4.2 (2026) [C6] minimise the scores of the outgoing floaters",
        build: |c, a| {
            levels(c.r, c.bracket)
                .into_iter()
                .map(|s| {
                    let mut cost = Cost::new();
                    for l in c.links() {
                        if c.floating(l.x, l.y) && c.r.score(c.global[l.x]) == s {
                            cost.add(l.var, 1);
                        }
                    }
                    stage(StageKey::count("C6", "floaters").at(At::Score(s)), a, cost)
                })
                .collect()
        },
    },
    Criterion {
        key: "C7",
        name: "next_bracket",
        article: "C.04.4.2 (2026) [C7] outgoing floaters that let the following bracket comply with [C1]-[C6]",
        build: |c, a| {
            if c.next_score.is_none() {
                return Vec::new();
            }
            // The following bracket's [C5]: pairs between this bracket's floaters and the next
            // scoregroup, or inside it (maximised).
            let mut cost = Cost::new();
            for l in c.links() {
                if l.y.is_some_and(|y| c.in_next_group(y)) && (l.x < c.nb || c.in_next_group(l.x)) {
                    cost.add(l.var, -1);
                }
            }
            let mut stages = vec![stage(StageKey::count("C7", "next-pairs"), a, cost)];
            // Its [C6]: the scores of the players it floats further down, highest first: a
            // member (a floater of this bracket, or of the next scoregroup) paired beyond the
            // next scoregroup. Links are stored `x < y` and the lower players run from the next
            // scoregroup down, so the member is `x`.
            let member = |k: usize| k < c.nb || c.in_next_group(k);
            let members: Vec<usize> = (0..c.global.len()).filter(|&k| member(k)).map(|k| c.global[k]).collect();
            for s in levels(c.r, &members) {
                let mut cost = Cost::new();
                for l in c.links() {
                    if member(l.x) && c.beyond(l.y) && c.r.score(c.global[l.x]) == s {
                        cost.add(l.var, 1);
                    }
                }
                stages.push(stage(StageKey::count("C7", "next-floaters").at(At::Score(s)), a, cost));
            }
            stages
        },
    },
    Criterion {
        key: "C8",
        name: "colour_preference_violations",
        article: "C.04.4.2 (2026) [C8] minimise the players who do not get their colour preference",
        build: |c, a| {
            let mut cost = Cost::new();
            for l in c.links() {
                let Some(y) = l.y.filter(|&y| l.x < c.nb && y < c.nb) else { continue };
                if let (Some((cx, _)), Some((cy, _))) = (c.r.pref(c.global[l.x]), c.r.pref(c.global[y])) {
                    if cx == cy {
                        cost.add(l.var, 1);
                    }
                }
            }
            vec![stage(StageKey::count("C8", "colours"), a, cost)]
        },
    },
];

/// The article of criterion `key` (`None`: not a Burstein criterion).
pub fn article(key: &str) -> Option<&'static str> {
    CRITERIA.iter().find(|c| c.key == key).map(|c| c.article)
}

/// Score levels of `players`, highest first.
fn levels(r: &Round, players: &[usize]) -> Vec<Points> {
    let mut v: Vec<Points> = players.iter().map(|&i| r.score(i)).collect();
    v.sort_unstable_by(|a, b| b.cmp(a));
    v.dedup();
    v
}

/// What the program decided: the pairs of the bracket and its outgoing floaters.
pub struct Chosen {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
    pub trace: BracketTrace,
}

/// Pairs the bracket `bracket` (ranking order) above `lower` (every player of the lower
/// scoregroups, the next scoregroup first) under the criteria `keys`: first without the pairs
/// beyond the next scoregroup, then whole if that does not complete (module header); `relax`
/// false solves the whole program at once (the tests compare the two ways).
pub fn pair_bracket(
    r: &Round,
    keys: &[String],
    bracket: &[usize],
    lower: &[usize],
    opts: &PairOptions,
    prefix: &str,
    relax: bool,
) -> Result<Chosen, PairError> {
    let nb = bracket.len();
    let global: Vec<usize> = bracket.iter().chain(lower).copied().collect();
    let next_score = lower.first().map(|&i| r.score(i));
    let next = lower.iter().take_while(|&&i| Some(r.score(i)) == next_score).count();
    let beyond = &lower[next..];
    let mut solved = None;
    if relax && !beyond.is_empty() {
        let s = program(r, keys, bracket, &global, nb + next, Some(beyond), opts, prefix)?;
        // The players floating beyond, each with an opponent beyond, and the rest beyond paired.
        let mut floating = vec![false; r.t.players.len()];
        for &x in &s.sol.floaters {
            floating[global[x]] = true;
        }
        let players: Vec<usize> = s.sol.floaters.iter().map(|&x| global[x]).chain(beyond.iter().copied()).collect();
        let meet = |a: usize, b: usize| !(floating[a] && floating[b]) && r.can_meet(a, b);
        if complete_pairing(&r.audit, &players, meet, |_| false).is_some() {
            solved = Some(s);
        }
    }
    let s = match solved {
        Some(s) => s,
        None => program(r, keys, bracket, &global, global.len(), None, opts, prefix)?,
    };
    let mut chosen = Vec::new();
    let mut floaters = Vec::new();
    for &e in &s.sol.pairs {
        let (a, b) = s.model.pairs.at(e);
        if b < nb {
            chosen.push((global[a], global[b]));
        } else if a < nb {
            floaters.push(global[a]);
        }
    }
    floaters.extend(s.sol.floaters.iter().filter(|&&x| x < nb).map(|&x| global[x]));
    let position = |i: usize| bracket.iter().position(|&x| x == i).unwrap_or(usize::MAX);
    chosen.sort_by_key(|&(a, b)| position(a).min(position(b)));
    floaters.sort_by_key(|&i| position(i));
    let id = |i: usize| r.t.players[i].id;
    let mut trace = BracketTrace::new(
        "bracket",
        bracket.iter().map(|&i| id(i)).collect(),
        0,
        chosen.iter().map(|&(a, b)| (id(a), id(b))).collect(),
        floaters.iter().map(|&i| id(i)).collect(),
    );
    // 1.8: the Index that ranked the bracket (BSN order), for the reader: Buchholz in tenths of
    // points, Sonneborn-Berger in hundredths.
    for &i in bracket {
        let (bh, sb) = r.index[i];
        trace.targets.push((format!("{} BH", id(i)), bh));
        trace.targets.push((format!("{} SB", id(i)), sb));
    }
    trace.stages = s.names.into_iter().zip(s.values).collect();
    trace.reports = s.reports;
    Ok(Chosen { pairs: chosen, floaters, trace })
}

/// A solved bracket program: its model, solution, stage names and values, solver reports.
struct Solved {
    model: Arc<BracketModel>,
    sol: Solution,
    names: Vec<StageKey>,
    values: Vec<i64>,
    reports: Vec<StageReport>,
}

/// The program of the module header on the first `n` players of `global` (the bracket first):
/// with `beyond`, the players beyond them, whom a player in the program may float to
/// instead of being paired in it.
#[allow(clippy::too_many_arguments)]
fn program(
    r: &Round,
    keys: &[String],
    bracket: &[usize],
    global: &[usize],
    n: usize,
    beyond: Option<&[usize]>,
    opts: &PairOptions,
    prefix: &str,
) -> Result<Solved, PairError> {
    let nb = bracket.len();
    let mut model = BracketModel::new(n);
    model.labels = global[..n].iter().map(|&i| r.t.players[i].id.to_string()).collect();
    for a in 0..n {
        for b in a + 1..n {
            if r.can_meet(global[a], global[b]) {
                model.add_pair(a, b);
            }
        }
    }
    if let Some(beyond) = beyond {
        for (f, &x) in model.may_float.iter_mut().zip(global) {
            *f = beyond.iter().any(|&y| r.can_meet(x, y));
        }
    }
    let ctx = Ctx { r, model: &model, global, nb, bracket, next_score: global.get(nb).map(|&i| r.score(i)) };
    // Criteria of one's own: on the bracket's inner pairs and each way a bracket player leaves
    // it (an outgoing floater: a pair with a lower player, or a float beyond, which cost the
    // same), ranks the BSNs.
    let facts = crate::systems::custom::PlayerFacts {
        t: r.t,
        float_rule: crate::tournament::FloatRule::Dutch2026,
        groups: opts.groups.as_deref(),
    };
    let rank: Vec<i64> = (1..=global.len() as i64).collect();
    let scope = crate::systems::custom::Scope { facts: &facts, global, rank: &rank };
    // Only for criteria of one's own: a decision per bracket player's variable.
    let own = keys.iter().any(|k| !CRITERIA.iter().any(|c| c.key == k));
    let decisions: Vec<(Var, crate::systems::custom::Choice)> = if own {
        (ctx.links().filter(|l| l.x < nb))
            .map(|l| match l.y {
                Some(y) if y < nb => (l.var, crate::systems::custom::Choice::Pair(l.x, y)),
                _ => (l.var, crate::systems::custom::Choice::Unpaired(l.x)),
            })
            .collect()
    } else {
        Vec::new()
    };
    let mut stages = Vec::new();
    for key in keys {
        if let Some(c) = CRITERIA.iter().find(|c| c.key == key) {
            stages.extend((c.build)(&ctx, c.article));
        } else if let Some(own) = crate::systems::custom::own_stages(opts, key, &scope, &decisions) {
            stages.extend(own?);
        }
    }
    // 4.3: BSN k's opponent with the largest BSN (a floater's virtual opponent is BSN 0).
    let mut by_bsn = vec![Cost::new(); nb];
    for (e, (a, b)) in model.pairs.iter().enumerate() {
        if b < nb {
            by_bsn[a].add(Var::Pair(e), -(b as i64 + 1));
            by_bsn[b].add(Var::Pair(e), -(a as i64 + 1));
        }
    }
    for (k, c) in by_bsn.into_iter().enumerate() {
        stages.push(stage(StageKey::order("A4", "opponent-of-BSN").at(At::Seat(k + 1)), "C.04.4.2 (2026) 4.3", c));
    }
    let names: Vec<StageKey> = stages.iter().map(|s| s.key).collect();
    let model = Arc::new(model);
    let mut session = crate::systems::solving::session_shared(&model, opts).map_err(super::solver_error)?;
    let values = session.solve_stages(stages).map_err(super::solver_error)?;
    let sol = session.solution().map_err(super::solver_error)?;
    crate::systems::solving::write_models(opts, prefix, session.model(), &values)?;
    let reports = session.reports().to_vec();
    Ok(Solved { model, sol, names, values, reports })
}

/// The candidate order (4.3) and the count of outgoing floaters in the text's words, for
/// `--explain`.
pub fn words(key: &StageKey, v: i64, seat: &dyn Fn(usize) -> String) -> Option<crate::systems::trace::Words> {
    use crate::systems::trace::Words;
    match (key.criterion, key.at) {
        ("A4", At::Seat(k)) => Some(Words::new(
            "4.3",
            match v.unsigned_abs() as usize {
                0 => format!("4.3 order of pairings: BSN {k}, {}, floats (its virtual opponent has BSN 0)", seat(k)),
                o => format!("4.3 order of pairings: BSN {k}, {}, meets BSN {o}, {}", seat(k), seat(o)),
            },
        )),
        ("C5", At::Whole) => Some(Words::new(
            "[C5]",
            format!(
                "[C5] maximise the number of pairs (minimise the outgoing floaters): {v} outgoing floater{}",
                if v == 1 { "" } else { "s" }
            ),
        )),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tournament::Tournament;

    /// A bracket of six players (1-6, BSN order) above two lower players who may not meet each
    /// other, so exactly two pairs are made and two bracket players float; `forbidden` pairs are
    /// written as XXP lines. Returns the pairing as the Note to 4.3 writes it.
    fn first_pairing(forbidden: &[(u32, u32)]) -> String {
        let mut trf = String::from("012 4.3 note\nXXR 9\nXXC white1\nXXP 7 8\n");
        for (a, b) in forbidden {
            trf.push_str(&format!("XXP {a} {b}\n"));
        }
        for id in 1..=8u32 {
            let name = format!("Player {id}");
            trf.push_str(&format!(
                "001 {id:>4}      {name:<33} {:>4} {:<3} {:>11} {:<10} {:>4} {id:>4}\n",
                2000 - id,
                "",
                "",
                "",
                "0.0"
            ));
        }
        let doc = crate::trf::read_str(&trf, "note.trf", &crate::trf::ReadOptions::default()).expect("reads");
        let t = Tournament::before_round(&doc, 1).expect("state");
        let r = Round::new(&t, crate::audit::Audit::default());
        let bracket: Vec<usize> = (0..6).collect();
        let lower = [6, 7];
        let chosen = pair_bracket(&r, &[], &bracket, &lower, &PairOptions::default(), "t", true).expect("pairs");
        let mut opp = [0usize; 6];
        for &(a, b) in &chosen.pairs {
            (opp[a], opp[b]) = (b + 1, a + 1);
        }
        // Each BSN with its opponent, an opponent's own entry left out, floaters as "k-0".
        let mut parts = Vec::new();
        let mut seen = [false; 6];
        for k in 0..6 {
            if seen[k] {
                continue;
            }
            seen[k] = true;
            if opp[k] > 0 {
                seen[opp[k] - 1] = true;
            }
            parts.push(format!("{}-{}", k + 1, opp[k]));
        }
        parts.join(", ")
    }

    /// C.04.4.2 (2026) 4.3, the Note's list: each line is the first pairing once the pairs that
    /// made the lines before it are forbidden.
    #[test]
    fn the_order_of_pairings_follows_the_note_to_4_3() {
        assert_eq!(first_pairing(&[]), "1-6, 2-5, 3-0, 4-0");
        assert_eq!(first_pairing(&[(2, 5)]), "1-6, 2-4, 3-0, 5-0");
        assert_eq!(first_pairing(&[(2, 5), (2, 4)]), "1-6, 2-3, 4-0, 5-0");
        let no_2 = [(2, 3), (2, 4), (2, 5)];
        assert_eq!(first_pairing(&no_2), "1-6, 2-0, 3-5, 4-0");
        assert_eq!(first_pairing(&[no_2[0], no_2[1], no_2[2], (3, 5)]), "1-6, 2-0, 3-4, 5-0");
        assert_eq!(first_pairing(&[no_2[0], no_2[1], no_2[2], (3, 5), (3, 4)]), "1-6, 2-0, 3-0, 4-5");
        // With 1-6 leaving no second pair, BSN 1 takes BSN 5: "1-5, 2-6, 3-0, 4-0".
        let all_after_1_6 = [(2, 3), (2, 4), (2, 5), (3, 4), (3, 5), (4, 5)];
        assert_eq!(first_pairing(&all_after_1_6), "1-5, 2-6, 3-0, 4-0");
    }
}
