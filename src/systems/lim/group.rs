//! Pairing one score-group (C.04.4.3 sections 2-5).
//!
//! Step 1 decides who floats out of the group with one lexicographic integer program (stages
//! [`STAGES`] up to `3.2-order`); step 2 pairs the others: the colour stage of 5.2, then the
//! scrutiny order of 3.6-3.8 and 4.1-4.3 as an exact enumeration (see [`pair_rest`]).
//!
//! The enumeration asks, for each candidate opponent, whether the rest can still be paired at
//! the least colour cost. One weighted matching per candidate made a round of 3,000 players
//! take 15 s (800-player groups, thousands of candidates); a pairing kept at that cost (a
//! *witness*, [`Witness`]) answers almost all of them in O(1) or O(n) by repairing it, a bound
//! from the colour counts rejects most of the rest, and the matching decides only what neither
//! settles, so the answers, hence the pairings, are the same.

use super::colour;
use super::Ctx;
use crate::model::{BracketModel, Cost, SolveError, Var};
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::solver::weighted_matching::{
    try_max_weight_matching, try_max_weight_matching_face_priced, EdgeStream, Pricing,
};
use crate::vocabulary::{PairError, StageKey};

/// Every stage and step of a score-group, in priority order; `models/lim.model` lists them.
pub const STAGES: [&str; 10] = [
    "2.3-pairs",
    "6-last-round-colours",
    "3.9a",
    "3.9b",
    "3.9c",
    "3.10",
    "3.2-order",
    "3.2-parity-floater",
    "5.2-colours",
    "4.1-scrutiny-order",
];

/// The stages of the floater program a formulation file may reorder or leave out
/// (`--model`): `2.3-pairs` stays first (a player floats only when he cannot be paired: without
/// it the program would float players at will), the order of 3.2-3.4 always closes the program.
pub const FLOATER_STAGES: [&str; 6] = ["2.3-pairs", "6-last-round-colours", "3.9a", "3.9b", "3.9c", "3.10"];

/// Checks a Lim formulation's stage lines (`hard:` and `proc:` lines document the rules and the
/// procedure, which always apply): each a stage of [`STAGES`], `2.3-pairs` first, no floater
/// stage twice. Returns the floater program's stages in the file's order; errors name the line.
pub fn floater_stages(f: &crate::model::formulation::Formulation) -> Result<Vec<&'static str>, String> {
    let mut order: Vec<&'static str> = Vec::new();
    for (k, key) in f.criteria.iter().enumerate() {
        let line = f.lines.get(k).copied().unwrap_or(0);
        if key.starts_with("hard:") || key.starts_with("proc:") {
            continue;
        }
        // A criterion of one's own: a stage of the floater program, on who floats.
        let own = f.custom(key).map(|c| c.name);
        let Some(stage) = STAGES.iter().copied().find(|&s| s == key).or(own) else {
            return Err(format!(
                "{}:{line}: '{key}' is not a stage of the Lim system (C.04.4.3): its stages are {}",
                f.name,
                STAGES.join(", ")
            ));
        };
        if !FLOATER_STAGES.contains(&stage) && own.is_none() {
            continue; // 3.2-order, 3.2-parity-floater, 5.2-colours, 4.1-scrutiny-order: steps of the procedure
        }
        if order.contains(&stage) {
            return Err(format!("{}:{line}: '{key}' is listed twice", f.name));
        }
        if order.is_empty() && stage != FLOATER_STAGES[0] {
            return Err(format!(
                "{}:{line}: '{key}' comes before '2.3-pairs', which must be first (C.04.4.3 2.3, 3.1, 4.4: a player floats only when he cannot be paired)",
                f.name
            ));
        }
        order.push(stage);
    }
    if order.is_empty() {
        return Err(format!("{}: no stage of the floater program; '2.3-pairs' is required", f.name));
    }
    Ok(order)
}

/// How a score-group is paired (2.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Above the median: paired downward, floaters go to the next lower score-group.
    Down,
    /// Below the median: paired upward, floaters go to the next higher score-group.
    Up,
    /// The Median Score-group: paired downward, last, and completely.
    Median,
}

/// The pairings made in a group, in the order they were made, and the players floated out.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GroupResult {
    pub pairs: Vec<(usize, usize)>,
    pub floaters: Vec<usize>,
}

/// A score-group to pair: its own players, the floaters transferred into it, its score, and the
/// residents of the score-group the floaters of this one would go to (3.9 "adjacent").
pub struct Group<'a> {
    pub dir: Dir,
    pub score: Points,
    pub residents: &'a [usize],
    pub incoming: &'a [usize],
    pub adjacent: &'a [usize],
}

/// Cost of a pairing that breaks 5.1 in the last round (section 6): above every colour conflict.
const BREAK: i64 = 1 << 20;

/// Pairs `g`. In a median group nobody floats: the caller has checked that it can be paired.
pub fn pair_group(cx: &Ctx, g: &Group) -> Result<GroupResult, PairError> {
    let incoming = floater_order(cx, g);
    let players: Vec<usize> = incoming.iter().chain(g.residents).copied().collect();
    let floaters =
        if g.dir == Dir::Median || players.is_empty() { Vec::new() } else { choose_floaters(cx, g, &players)? };
    let rest: Vec<usize> = players.iter().copied().filter(|p| !floaters.contains(p)).collect();
    let pairs = pair_rest(cx, g, &incoming, &rest)?;
    Ok(GroupResult { pairs, floaters })
}

/// 3.6 / 3.7: the order in which transferred players are paired. Down-floaters (from higher
/// groups) first, highest score first, then highest pairing number (= smallest number, 3.6.1,
/// 3.6.2); then up-floaters, lowest score first, then lowest pairing number (= largest number,
/// 3.7.1, 3.7.2). In the median group both kinds meet: DF first, then UF (3.6.3).
fn floater_order(cx: &Ctx, g: &Group) -> Vec<usize> {
    let mut down: Vec<usize> = g.incoming.iter().copied().filter(|&i| cx.score(i) > g.score).collect();
    let mut up: Vec<usize> = g.incoming.iter().copied().filter(|&i| cx.score(i) <= g.score).collect();
    down.sort_by_key(|&i| (std::cmp::Reverse(cx.score(i)), cx.pn(i)));
    up.sort_by_key(|&i| (cx.score(i), std::cmp::Reverse(cx.pn(i))));
    down.extend(up);
    down
}

fn solver(e: SolveError) -> PairError {
    PairError::Solver(e)
}

/// Step 1: the players floated out of the group.
///
/// The floaters the scrutiny forces out (2.3 a-c, 3.1, 4.4) come from one integer program with
/// the stages of 2.3, 6, 3.9, 3.10 and the order of 3.2-3.4. When the group is odd, 3.2 first
/// picks the player to make it even by the floater types, 3.10, the Maxi rule and the colours,
/// and he floats if the others can then be paired as well as without him (4.4 a: otherwise he
/// is exchanged for the player the scrutiny cannot pair).
fn choose_floaters(cx: &Ctx, g: &Group, players: &[usize]) -> Result<Vec<usize>, PairError> {
    let q = if players.len() % 2 == 1 { parity_floater(cx, g, players) } else { None };
    // Fast path, the same answer as the programs below: when the group (without the player 3.2
    // picks, if odd) can be paired completely and within 5.1, nobody else floats; the stages of
    // 2.3, 6, 3.9 and 3.10 are then at their least with the 3.2 player out (he has the least
    // disadvantaged type), so he floats.
    let others: Vec<usize> = players.iter().copied().filter(|&p| Some(p) != q).collect();
    // (3.2 picks by the text's order of the floater types: the fast path holds for that order.)
    let text_order = cx.floater_stages[..] == FLOATER_STAGES[..] && !cx.solve.write_lp_all;
    if text_order && others.len() % 2 == 0 && perfectly_pairable_within_5_1(cx, &others) {
        return Ok(q.into_iter().collect());
    }
    let (free, free_key) = solve_floaters(cx, g, players, None)?;
    let Some(q) = q else {
        return Ok(free);
    };
    if free.contains(&q) {
        return Ok(free);
    }
    let (forced, forced_key) = solve_floaters(cx, g, players, Some(q))?;
    Ok(if forced_key == free_key { forced } else { free })
}

/// Can `set` be paired completely with compatible pairings that keep 5.1?
fn perfectly_pairable_within_5_1(cx: &Ctx, set: &[usize]) -> bool {
    complete_pairing(&cx.solve.audit, set, |a, b| cx.compatible(a, b) && colour::colour_ok(cx, a, b), |_| false)
        .is_some()
}

/// 3.2 (with 3.9, 3.10): the player chosen to make an odd group even, before any scrutiny: the
/// least disadvantaged floater type, then not a floater of the round before, then (Maxi) within
/// 100 rating points of the default floater, then a player due the colour of the majority, then
/// the lowest numbered player (pairing downward; the highest pairing upward).
fn parity_floater(cx: &Ctx, g: &Group, players: &[usize]) -> Option<usize> {
    use crate::trf::Colour;
    let whites = players.iter().filter(|&&i| colour::due(cx, i) == Some(Colour::White)).count();
    let blacks = players.iter().filter(|&&i| colour::due(cx, i) == Some(Colour::Black)).count();
    let major = match whites.cmp(&blacks) {
        std::cmp::Ordering::Greater => Some(Colour::White),
        std::cmp::Ordering::Less => Some(Colour::Black),
        std::cmp::Ordering::Equal => None,
    };
    let default = match g.dir {
        Dir::Up => g.residents.first(),
        _ => g.residents.last(),
    };
    let key = |l: usize| {
        let i = players[l];
        let incoming = l < g.incoming.len();
        let adjacent_ok = g.adjacent.iter().any(|&o| cx.compatible(i, o));
        let kind = match (incoming, adjacent_ok) {
            (true, false) => 0,
            (true, true) => 1,
            (false, false) => 2,
            (false, true) => 3,
        };
        let far = cx.opts.maxi && default.is_some_and(|&d| (cx.rating(i) - cx.rating(d)).abs() > 100);
        let off_colour = major.is_some() && colour::due(cx, i) != major;
        let place = if g.dir == Dir::Up { cx.pos[i] as i64 } else { -(cx.pos[i] as i64) };
        (std::cmp::Reverse(kind), cx.floated_last_round(i) && !incoming, far, off_colour, place)
    };
    (0..players.len()).min_by_key(|&l| key(l)).map(|l| players[l])
}

/// The floaters by the stages of 2.3, 6, 3.9, 3.10 and 3.2-3.4 (`out`: a player who must
/// float), and the values of the stages before the order of 3.2-3.4.
fn solve_floaters(
    cx: &Ctx,
    g: &Group,
    players: &[usize],
    out: Option<usize>,
) -> Result<(Vec<usize>, Vec<i64>), PairError> {
    let n = players.len();
    let mut m = BracketModel::new(n);
    m.labels = players.iter().map(|&i| cx.t.players[i].id.to_string()).collect();
    m.may_float = vec![true; n];
    let mut breaking = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let (x, y) = (players[a], players[b]);
            if Some(x) != out && Some(y) != out && cx.compatible(x, y) {
                let v = m.add_pair(a, b);
                if !colour::colour_ok(cx, x, y) {
                    breaking.push(v);
                }
            }
        }
    }
    let incoming = |l: usize| l < g.incoming.len();
    let adjacent_ok = |l: usize| g.adjacent.iter().any(|&o| cx.compatible(players[l], o));
    let floats = |f: &dyn Fn(usize) -> bool| {
        let mut c = Cost::new();
        for l in (0..n).filter(|&l| f(l)) {
            c.add(Var::Float(l), 1);
        }
        c
    };
    // The stages in the formulation's order (the text's: 2.3, 6, 3.9 a-c, 3.10).
    let mut key: Vec<(StageKey, String, Cost)> = Vec::new();
    for &stage in &cx.floater_stages {
        let (k, article, cost): (StageKey, &str, Cost) = match stage {
            // 2.3, 3.1, 4.4: a player floats only when he cannot be paired in the group.
            "2.3-pairs" => (StageKey::count("2.3", "pairs"), "C.04.4.3 2.3, 3.1, 4.4", floats(&|_| true)),
            // 6: in the last round pairing within the score-group has priority over the colour
            // rules; a pairing breaking 5.1 is used only when it adds a pairing.
            "6-last-round-colours" => {
                let mut c = Cost::new();
                for &v in &breaking {
                    c.add(v, 1);
                }
                (StageKey::count("6", "last-round-colours"), "C.04.4.3 6", c)
            }
            // 3.9: floater types, most disadvantaged first.
            "3.9a" => (StageKey::count("3.9a", ""), "C.04.4.3 3.9 a", floats(&|l| incoming(l) && !adjacent_ok(l))),
            "3.9b" => (StageKey::count("3.9b", ""), "C.04.4.3 3.9 b", floats(&|l| incoming(l) && adjacent_ok(l))),
            "3.9c" => (
                StageKey::count("3.9c", ""),
                "C.04.4.3 3.9 c, 3.3, 3.4, 3.5",
                floats(&|l| !incoming(l) && !adjacent_ok(l)),
            ),
            // 3.10: not again a player who floated in the round just before.
            "3.10" => (
                StageKey::count("3.10", ""),
                "C.04.4.3 3.10",
                floats(&|l| !incoming(l) && cx.floated_last_round(players[l])),
            ),
            // A criterion of one's own: on who floats out of the group (`bye(...)`, the float
            // quantities), ranks the group's order.
            name => {
                let facts = crate::systems::custom::PlayerFacts {
                    t: cx.t,
                    float_rule: crate::tournament::FloatRule::Dutch2017,
                    groups: cx.solve.groups.as_deref(),
                };
                let rank: Vec<i64> = (1..=n as i64).collect();
                let scope = crate::systems::custom::Scope { facts: &facts, global: players, rank: &rank };
                let decisions: Vec<(Var, crate::systems::custom::Choice)> =
                    (0..n).map(|l| (Var::Float(l), crate::systems::custom::Choice::Unpaired(l))).collect();
                if let Some(stages) = crate::systems::custom::own_stages(&cx.solve, name, &scope, &decisions) {
                    key.extend(stages?.into_iter().map(|st| (st.key, st.article, st.cost)));
                }
                continue;
            }
        };
        key.push((k, article.to_string(), cost));
    }
    // 3.2-3.4, 4.4: otherwise the lowest numbered player floats down (the highest up): the
    // scrutiny keeps the pairings of the players scrutinised first. One stage per player.
    let mut by_rank: Vec<usize> = (0..n).collect();
    by_rank.sort_by_key(|&l| cx.pos[players[l]]);
    if g.dir != Dir::Up {
        by_rank.reverse();
    }
    let mut order = Vec::new();
    for &l in &by_rank {
        let mut c = Cost::new();
        c.add(Var::Float(l), -1);
        order.push((StageKey::order("3.2", "order"), "C.04.4.3 3.2, 3.3, 3.4, 4.4".to_string(), c));
    }
    let costs: Vec<Cost> = key.iter().map(|k| k.2.clone()).collect();
    let stages: Vec<crate::model::Stage> = key
        .into_iter()
        .chain(order)
        .filter(|(_, _, c)| !c.is_empty())
        .map(|(key, article, cost)| crate::model::Stage { key, article, cost })
        .collect();
    let mut session = crate::systems::solving::session(m, &cx.solve).map_err(solver)?;
    let solved = session.solve_stages(stages).map_err(solver)?;
    let sol = session.solution().map_err(solver)?;
    let name = format!(
        "r{:02}-group-{}{}",
        cx.t.round,
        players.first().map_or(0, |&i| cx.t.players[i].id),
        if out.is_some() { "-forced" } else { "" }
    );
    crate::systems::solving::write_models(&cx.solve, &name, session.model(), &solved)?;
    let values = costs.iter().map(|c| c.value(&|v| sol.is_one(v))).collect();
    Ok((sol.floaters.iter().map(|&l| players[l]).collect(), values))
}

/// Cost of a pairing in step 2: a 5.1 break (last round only, section 6), then a colour conflict
/// (5.2; not in Maxi-tournaments, where 5.7 limits colour exchanges to 100 rating points and the
/// exchange is made in the scrutiny instead).
fn pair_cost(cx: &Ctx, a: usize, b: usize) -> i64 {
    let mut c = 0;
    if !colour::colour_ok(cx, a, b) {
        c += BREAK;
    }
    if !cx.opts.maxi && colour::conflict(cx, a, b) {
        c += 1;
    }
    c
}

/// A total [`pair_cost`] and a pairing of that cost.
type Costed = (i64, Vec<(usize, usize)>);

/// The least total [`pair_cost`] of a pairing of all of `set` and one pairing of that cost, or
/// `None` if there is none (exact: maximum-weight matching with a cardinality bonus).
fn min_cost(cx: &Ctx, set: &[usize]) -> Result<Option<Costed>, PairError> {
    min_cost_listing(cx, set, LISTED_PAIRS)
}

/// [`min_cost`], the pairs listed for the blossom algorithm when there are at most `listed`.
fn min_cost_listing(cx: &Ctx, set: &[usize], listed: usize) -> Result<Option<Costed>, PairError> {
    let n = set.len();
    if n == 0 {
        return Ok(Some((0, Vec::new())));
    }
    if n % 2 == 1 {
        return Ok(None);
    }
    let graph = SetPairs { cx, set, bonus: (n as i64 + 2) * (BREAK + 2) };
    let weights = |e| PairError::Solver(SolveError::Backend(format!("matching weights: {e}")));
    let mate = if graph.slots() <= listed {
        let mut edges = Vec::new();
        graph.for_each_in(0..graph.slots(), |_, a, b, w| edges.push((a, b, w)));
        try_max_weight_matching(n, &edges).map_err(weights)?
    } else {
        try_max_weight_matching_face_priced(n, &graph, &[], Pricing::default()).map_err(weights)?.0
    };
    let mut total = 0;
    let mut pairs = Vec::with_capacity(n / 2);
    for (a, m) in mate.iter().enumerate() {
        match m {
            None => return Ok(None),
            Some(b) if *b > a => {
                total += pair_cost(cx, set[a], set[*b]);
                pairs.push((set[a], set[*b]));
            }
            Some(_) => {}
        }
    }
    Ok(Some((total, pairs)))
}

/// Sets of at most this many pairs (about 1,000 players) are solved on their listed pairs: three
/// 1,000-player, 9-round Lim tournaments took 0.14-0.16 s of CPU that way and 0.27-0.28 s priced
/// (which computes each pair's weight in two or three passes). Above it the priced solve is
/// faster as well as smaller: the 3,000-player round 2 of `../shared/corpus/large` took 0.07 s
/// and 25 MiB against 0.14 s and 76 MiB listed.
const LISTED_PAIRS: usize = 1 << 19;

/// The compatible pairs of a set of players as a weighted graph read in passes, each pair's
/// weight `bonus - pair_cost` (a perfect matching of maximum weight is a pairing of least cost)
/// computed as it is read. A score-group of 5,000 players has 12.5 million pairs: listed, with
/// the blossom algorithm's copy, they took 700 MB (the 9,999-player round 2 peaked at 811 MiB);
/// priced ([`try_max_weight_matching_face_priced`]), the algorithm sees a sparse subgraph. Slot
/// of the pair `a < b` of `set`: the pairs of the lower ends before `a`, then `b - a - 1`.
struct SetPairs<'a, 't> {
    cx: &'a Ctx<'t>,
    set: &'a [usize],
    bonus: i64,
}

impl SetPairs<'_, '_> {
    /// The first slot of the pairs whose lower end is `a`.
    fn row(&self, a: usize) -> usize {
        let n = self.set.len();
        a * n - a * (a + 1) / 2
    }
}

impl EdgeStream<i64> for SetPairs<'_, '_> {
    fn slots(&self) -> usize {
        self.row(self.set.len())
    }

    fn for_each_in<F: FnMut(usize, usize, usize, i64)>(&self, range: std::ops::Range<usize>, mut f: F) {
        let n = self.set.len();
        // The row holding `range.start`: the last `a` whose first slot is at most it.
        let (mut a, mut above) = (0, n);
        while a + 1 < above {
            let mid = (a + above) / 2;
            if self.row(mid) <= range.start {
                a = mid;
            } else {
                above = mid;
            }
        }
        let mut k = range.start;
        while k < range.end && a < n {
            let (row, next) = (self.row(a), self.row(a + 1));
            let end = next.min(range.end);
            for slot in k..end {
                let b = a + 1 + (slot - row);
                let (x, y) = (self.set[a], self.set[b]);
                if self.cx.compatible(x, y) {
                    f(slot, a, b, self.bonus - pair_cost(self.cx, x, y));
                }
            }
            k = end;
            a += 1;
        }
    }
}

/// Step 2: pairs all of `rest` (even, pairable). The colour stage of 5.2 fixes the least cost;
/// then the pairings are made one at a time in the order of 3.6-3.8 and 4.1: the next player to
/// scrutinise takes the first opponent of his candidate list with which the rest can still be
/// paired at that least cost. This is exactly the first pairing, in the scrutiny-and-exchange
/// order, among those of least cost (a branch is skipped only when it holds none).
///
/// Each candidate asks "can the others still be paired at the cost left?". Solving a weighted
/// matching for every candidate made a score-group of 800 players take seconds, so the question
/// is answered from a *witness*, a pairing of the players not yet paired at the cost left (the
/// least one, see [`Witness`]), and an exact matching only when neither the witness nor the
/// colour counts decide it. The answers are the same, so is the pairing.
fn pair_rest(cx: &Ctx, g: &Group, incoming: &[usize], rest: &[usize]) -> Result<Vec<(usize, usize)>, PairError> {
    let internal = |m: &str| PairError::Solver(SolveError::Backend(format!("Lim score-group: {m}")));
    // Fast path: when every player's first compatible candidate gives a pairing of least cost,
    // that pairing is the first of least cost in the scrutiny order (every candidate skipped
    // before it had no pairing at all below it).
    let quick = greedy(cx, g, incoming, rest);
    if let Some((pairs, 0)) = quick {
        return Ok(pairs);
    }
    let Some((target, least)) = min_cost(cx, rest)? else {
        return Err(internal("the players left to pair cannot all be paired"));
    };
    if let Some((pairs, cost)) = quick {
        if cost == target {
            return Ok(pairs);
        }
    }
    let mut witness = Witness::new(cx, rest, &least, target);
    let mut remaining: Vec<usize> = rest.to_vec();
    let mut pairs = Vec::new();
    while !remaining.is_empty() {
        let (pivot, cands) = next_scrutiny(cx, g, incoming, &remaining);
        let mut chosen = None;
        for &c in &cands {
            if let Some(fit) = witness.fits(cx, &remaining, pivot, c)? {
                chosen = Some((c, fit));
                break;
            }
        }
        // 5.7 / 3.8 (Maxi): the colour exchange is made in the scrutiny: the proposed opponent is
        // exchanged for the first one due the alternate colour within 100 rating points.
        if let (true, Some((q, _))) = (cx.opts.maxi, &chosen) {
            let q = *q;
            if colour::conflict(cx, pivot, q) {
                for &c in &cands {
                    if c != q && !colour::conflict(cx, pivot, c) && (cx.rating(c) - cx.rating(q)).abs() <= 100 {
                        if let Some(fit) = witness.fits(cx, &remaining, pivot, c)? {
                            chosen = Some((c, fit));
                            break;
                        }
                    }
                }
            }
        }
        let Some((c, fit)) = chosen else {
            return Err(internal("no opponent completes the pairing"));
        };
        witness.take(cx, pivot, c, fit);
        pairs.push((pivot, c));
        remaining.retain(|&x| x != pivot && x != c);
    }
    Ok(pairs)
}

/// A pairing of the players of [`pair_rest`] not yet paired, at the least cost they can be
/// paired at given the pairings made: `budget`, the colour stage's optimum less the cost of
/// those pairings (an invariant: the pairings made so far are always completable at the
/// optimum).
///
/// Whether pivot `p` may take candidate `c` (the others then pairable at `budget - cost(p, c)`;
/// never at less, since the optimum is the least) is decided, in order:
/// 1. yes if the witness pairs `p` with `c`;
/// 2. no if the colour counts of the others already force more pairings of two players due the
///    same colour than the budget allows (every such pairing costs at least 1);
/// 3. yes if taking `p`-`c` out of the witness and re-pairing their partners `p'`, `c'` with each
///    other, or with the two players of one pair of the witness, keeps within the budget;
/// 4. otherwise by an exact minimum-cost matching of the others, whose pairing becomes the
///    witness when the answer is yes.
struct Witness {
    /// Partner in the witness, by tournament index (`usize::MAX`: not in it).
    mate: Vec<usize>,
    budget: i64,
    /// Players not yet paired due White, due Black, due no colour (5.2 colour counts).
    due: [i64; 3],
}

/// What [`Witness::fits`] found: the witness holds the pairing, or a repair of it, or a new one.
enum Fit {
    Holds,
    Repaired(Vec<(usize, usize)>),
    New(Vec<(usize, usize)>),
}

fn due_slot(cx: &Ctx, i: usize) -> usize {
    match colour::due(cx, i) {
        Some(crate::trf::Colour::White) => 0,
        Some(crate::trf::Colour::Black) => 1,
        None => 2,
    }
}

impl Witness {
    fn new(cx: &Ctx, rest: &[usize], pairs: &[(usize, usize)], budget: i64) -> Witness {
        let mut w = Witness { mate: vec![usize::MAX; cx.t.players.len()], budget, due: [0; 3] };
        w.set(pairs);
        for &i in rest {
            w.due[due_slot(cx, i)] += 1;
        }
        w
    }

    fn set(&mut self, pairs: &[(usize, usize)]) {
        for &(a, b) in pairs {
            self.mate[a] = b;
            self.mate[b] = a;
        }
    }

    /// 5.2: the least number of pairings of two players due the same colour among the players
    /// not yet paired but `p` and `c`, from the colour counts alone: each pairing of a player
    /// due White with one not due Black is one of them unless the other is due no colour, and
    /// the same for Black, so they are at least (|white - black| - none) / 2. Maxi-tournaments
    /// do not cost them (5.7), nor does this bound then.
    fn colour_bound(&self, cx: &Ctx, p: usize, c: usize) -> i64 {
        if cx.opts.maxi {
            return 0;
        }
        let mut due = self.due;
        due[due_slot(cx, p)] -= 1;
        due[due_slot(cx, c)] -= 1;
        ((due[0] - due[1]).abs() - due[2]).max(0) / 2
    }

    /// May pivot `p` take candidate `c`: `Some` (with how the witness follows) if the others can
    /// then be paired at the cost left, `None` otherwise.
    fn fits(&self, cx: &Ctx, remaining: &[usize], p: usize, c: usize) -> Result<Option<Fit>, PairError> {
        if !cx.compatible(p, c) {
            return Ok(None);
        }
        let need = self.budget - pair_cost(cx, p, c);
        if need < 0 {
            return Ok(None);
        }
        let (mp, mc) = (self.mate[p], self.mate[c]);
        if mp == c {
            return Ok(Some(Fit::Holds));
        }
        if self.colour_bound(cx, p, c) > need {
            return Ok(None);
        }
        // The witness without p-mp and c-mc costs `base`; mp and mc re-paired may add `slack`.
        let slack = need - (self.budget - pair_cost(cx, p, mp) - pair_cost(cx, c, mc));
        let pairs_ok = |x: usize, y: usize| cx.compatible(x, y).then(|| pair_cost(cx, x, y));
        if pairs_ok(mp, mc).is_some_and(|k| k <= slack) {
            return Ok(Some(Fit::Repaired(vec![(mp, mc)])));
        }
        for &x in remaining {
            let y = self.mate[x];
            if x > y || [p, c, mp, mc].contains(&x) || [p, c, mp, mc].contains(&y) {
                continue;
            }
            let freed = slack + pair_cost(cx, x, y);
            for (u, v) in [(x, y), (y, x)] {
                if let (Some(k1), Some(k2)) = (pairs_ok(mp, u), pairs_ok(mc, v)) {
                    if k1 + k2 <= freed {
                        return Ok(Some(Fit::Repaired(vec![(mp, u), (mc, v)])));
                    }
                }
            }
        }
        let left: Vec<usize> = remaining.iter().copied().filter(|&x| x != p && x != c).collect();
        Ok(match min_cost(cx, &left)? {
            Some((m, pairs)) if m == need => Some(Fit::New(pairs)),
            _ => None,
        })
    }

    /// `p` is paired with `c`, as [`Witness::fits`] found possible.
    fn take(&mut self, cx: &Ctx, p: usize, c: usize, fit: Fit) {
        self.budget -= pair_cost(cx, p, c);
        match fit {
            Fit::Holds => {}
            Fit::Repaired(pairs) | Fit::New(pairs) => self.set(&pairs),
        }
        self.mate[p] = usize::MAX;
        self.mate[c] = usize::MAX;
        self.due[due_slot(cx, p)] -= 1;
        self.due[due_slot(cx, c)] -= 1;
    }
}

/// The scrutiny without look-ahead: each player in turn takes his first compatible candidate.
/// The pairs and their total cost; `None` if somebody finds no compatible opponent, or (Maxi) a
/// colour exchange of 5.7 might apply to one of the pairings.
fn greedy(cx: &Ctx, g: &Group, incoming: &[usize], set: &[usize]) -> Option<(Vec<(usize, usize)>, i64)> {
    let mut remaining = set.to_vec();
    let mut pairs = Vec::with_capacity(set.len() / 2);
    let mut cost = 0;
    while !remaining.is_empty() {
        let (pivot, cands) = next_scrutiny(cx, g, incoming, &remaining);
        let c = cands.iter().copied().find(|&c| cx.compatible(pivot, c))?;
        if cx.opts.maxi
            && colour::conflict(cx, pivot, c)
            && cands
                .iter()
                .any(|&d| d != c && !colour::conflict(cx, pivot, d) && (cx.rating(d) - cx.rating(c)).abs() <= 100)
        {
            return None;
        }
        cost += pair_cost(cx, pivot, c);
        pairs.push((pivot, c));
        remaining.retain(|&x| x != pivot && x != c);
    }
    Some((pairs, cost))
}

/// The next player to scrutinise and his candidate opponents, in order.
fn next_scrutiny(cx: &Ctx, g: &Group, incoming: &[usize], remaining: &[usize]) -> (usize, Vec<usize>) {
    let is_in = |i: &usize| incoming.contains(i);
    let mut residents: Vec<usize> = remaining.iter().copied().filter(|i| !is_in(i)).collect();
    residents.sort_by_key(|&i| cx.pos[i]);
    if let Some(&f) = incoming.iter().find(|i| remaining.contains(i)) {
        // 3.8: the floater meets the highest numbered player available (pairing downward; the
        // lowest numbered pairing upward) who is due the alternate colour; in Maxi-tournaments
        // only if within 100 rating points of the player he would otherwise meet.
        let from_above = cx.score(f) > g.score;
        if !from_above {
            residents.reverse();
        }
        let first = residents.first().copied();
        let alt_ok = |c: usize| {
            !colour::conflict(cx, f, c)
                && (!cx.opts.maxi || first.is_some_and(|d| (cx.rating(c) - cx.rating(d)).abs() <= 100))
        };
        let mut cands: Vec<usize> = residents.iter().copied().filter(|&c| alt_ok(c)).collect();
        cands.extend(residents.iter().copied().filter(|&c| !alt_ok(c)));
        cands.extend(incoming.iter().copied().filter(|&c| c != f && remaining.contains(&c)));
        return (f, cands);
    }
    // 2.4, 4.1-4.3: the remaining players in order, top half against bottom half. Pairing
    // downward the highest numbered player is scrutinised first; his candidates are the bottom
    // half in order, then the top half from its lowest player up (4.2). Pairing upward it is the
    // mirror image: the lowest numbered player first (4.1 b).
    let m = residents.len();
    let half = m / 2;
    if m == 0 {
        return (remaining.first().copied().unwrap_or(usize::MAX), Vec::new());
    }
    match g.dir {
        Dir::Up => {
            let pivot = residents[m - 1];
            let mut cands: Vec<usize> = residents[..half].iter().rev().copied().collect();
            cands.extend(residents[half..m - 1].iter().copied());
            (pivot, cands)
        }
        _ => {
            let pivot = residents[0];
            let mut cands: Vec<usize> = residents[half.max(1)..].to_vec();
            cands.extend(residents[1..half.max(1)].iter().rev().copied());
            (pivot, cands)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::lim::LimOptions;
    use crate::tournament::Tournament;
    use crate::trf::{read_file, ReadOptions};

    /// The least cost of a pairing of all of `remaining` but `p` and `c` after `p`-`c` is taken
    /// is `need` (the exact question [`Witness::fits`] answers).
    fn exact(cx: &Ctx, remaining: &[usize], budget: i64, p: usize, c: usize) -> bool {
        if !cx.compatible(p, c) || budget - pair_cost(cx, p, c) < 0 {
            return false;
        }
        let left: Vec<usize> = remaining.iter().copied().filter(|&x| x != p && x != c).collect();
        matches!(min_cost(cx, &left), Ok(Some((m, _))) if m == budget - pair_cost(cx, p, c))
    }

    /// The witness pairs exactly the players not yet paired, compatibly, at the cost left.
    fn witness_holds(cx: &Ctx, w: &Witness, remaining: &[usize]) -> bool {
        let mut cost = 0;
        for &x in remaining {
            let y = w.mate[x];
            if y == usize::MAX || w.mate[y] != x || !remaining.contains(&y) || !cx.compatible(x, y) {
                return false;
            }
            if x < y {
                cost += pair_cost(cx, x, y);
            }
        }
        cost == w.budget
    }

    /// The tournament before each round from the second of the first `files` tournaments of
    /// `../shared/corpus/dutch-2017-tight` (players of several scores, many colour conflicts),
    /// with its file and round; `None` when the shared corpus is not checked out.
    fn tight_rounds(files: usize) -> Option<Vec<(std::path::PathBuf, u32, Tournament)>> {
        let dir =
            std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus/dutch-2017-tight/tournaments");
        let mut paths: Vec<_> = std::fs::read_dir(dir).ok()?.filter_map(|e| e.ok().map(|e| e.path())).collect();
        paths.sort();
        let mut rounds = Vec::new();
        for f in paths.into_iter().take(files) {
            let doc = read_file(&f, &ReadOptions::default()).expect("corpus file");
            for r in 2..=doc.rounds_in_file() {
                if let Ok(t) = Tournament::before_round(&doc, r) {
                    rounds.push((f.clone(), r, t));
                }
            }
        }
        Some(rounds)
    }

    /// [`Witness::fits`] answers every candidate of the scrutiny as an exact minimum-cost
    /// matching does: each round of the tight corpus (players of several scores, many colour
    /// conflicts), the whole field scrutinised as one group, both directions, with and without
    /// the Maxi rules (no colour bound then).
    #[test]
    fn witness_answers_as_the_exact_matching() {
        let Some(rounds) = tight_rounds(40) else {
            return; // the shared corpus is not checked out
        };
        let mut checked = 0;
        for (f, r, t) in &rounds {
            let r = *r;
            for (maxi, dir) in [(false, Dir::Down), (true, Dir::Up)] {
                let cx = Ctx::new(t, LimOptions { maxi });
                let mut players = cx.order.clone();
                if players.len() % 2 == 1 {
                    players.pop();
                }
                let Ok(Some((target, least))) = min_cost(&cx, &players) else { continue };
                let g = Group { dir, score: cx.median, residents: &players, incoming: &[], adjacent: &[] };
                let mut w = Witness::new(&cx, &players, &least, target);
                let mut remaining = players.clone();
                while !remaining.is_empty() {
                    assert!(witness_holds(&cx, &w, &remaining), "{}: round {r}", f.display());
                    let (pivot, cands) = next_scrutiny(&cx, &g, &[], &remaining);
                    let mut chosen = None;
                    for &c in &cands {
                        let fit = w.fits(&cx, &remaining, pivot, c).expect("matching");
                        assert_eq!(fit.is_some(), exact(&cx, &remaining, w.budget, pivot, c), "{}", f.display());
                        checked += 1;
                        if let (None, Some(fit)) = (&chosen, fit) {
                            chosen = Some((c, fit));
                        }
                    }
                    let (c, fit) = chosen.expect("a candidate completes the pairing");
                    w.take(&cx, pivot, c, fit);
                    remaining.retain(|&x| x != pivot && x != c);
                }
            }
        }
        assert!(checked > 1000, "{checked} candidates checked");
    }

    /// The least cost of the priced solve over the streamed pairs ([`SetPairs`]) is the least
    /// cost the listed graph gives the blossom algorithm, perfect or not alike; and the stream,
    /// read in any cut of its slots, holds each compatible pair once, in slot order, with its
    /// weight. Every round of the tight corpus, with and without the Maxi rules, the whole field
    /// and its upper half.
    #[test]
    fn streamed_pairs_give_the_least_cost_of_the_listed_graph() {
        let Some(rounds) = tight_rounds(30) else {
            return; // the shared corpus is not checked out
        };
        let (mut compared, mut imperfect) = (0, 0);
        for (f, r, t) in &rounds {
            let r = *r;
            for maxi in [false, true] {
                let cx = Ctx::new(t, LimOptions { maxi });
                let whole = cx.order.len() / 2 * 2;
                for set in [&cx.order[..whole], &cx.order[..whole / 4 * 2]] {
                    let n = set.len();
                    let graph = SetPairs { cx: &cx, set, bonus: (n as i64 + 2) * (BREAK + 2) };
                    let mut listed = Vec::new();
                    for a in 0..n {
                        for b in a + 1..n {
                            if cx.compatible(set[a], set[b]) {
                                listed.push((a, b, graph.bonus - pair_cost(&cx, set[a], set[b])));
                            }
                        }
                    }
                    let slots = graph.slots();
                    assert_eq!(slots, n * n.saturating_sub(1) / 2);
                    for cut in [1, 2, 7] {
                        let mut read = Vec::new();
                        let mut last = None;
                        for p in 0..cut {
                            graph.for_each_in(slots * p / cut..slots * (p + 1) / cut, |k, a, b, w| {
                                assert!(last < Some(k), "slots in increasing order");
                                last = Some(k);
                                read.push((a, b, w));
                            });
                        }
                        assert_eq!(read, listed, "{}: round {r}, {cut} cuts", f.display());
                    }
                    let mate = try_max_weight_matching(n, &listed).expect("weights");
                    let dense = mate.iter().all(Option::is_some).then(|| {
                        (0..n)
                            .filter_map(|a| mate[a].filter(|&b| b > a).map(|b| pair_cost(&cx, set[a], set[b])))
                            .sum::<i64>()
                    });
                    let streamed = min_cost_listing(&cx, set, 0).expect("weights").map(|(cost, _)| cost);
                    assert_eq!(streamed, dense, "{}: round {r}", f.display());
                    compared += 1;
                    imperfect += usize::from(dense.is_none());
                }
            }
        }
        assert!(compared > 200, "{compared} sets compared");
        eprintln!("{compared} sets compared, {imperfect} with no perfect pairing");
    }
}
