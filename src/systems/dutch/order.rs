//! The candidate order of B.6-B.8 and D.1-D.3 as tie-break stages.
//!
//! Among candidates equally good on every quality criterion the one generated first wins. The
//! generation order nests, from outermost to innermost: MDP exchanges between S1 and the Limbo
//! (D.3), transpositions of S2 for the MDP-pairing (D.1), then for the remainder (or a
//! homogeneous bracket) resident exchanges between S1 and S2 (D.2) and transpositions (D.1).
//! Each level becomes stages solved after the previous level is fixed, so S1 after an exchange is
//! known before its transpositions are ordered.

use super::bracket::{Bracket, PairIndex};
use crate::model::{Cost, SolveError, Stage, Var};
use crate::solver::lex::{LexBackend, PairsInUse, StageReport};
use crate::vocabulary::{At, StageKey};

/// The chosen pairing of a bracket, in local player numbers.
pub struct Chosen {
    /// Inside pairs `(a, b)`, `a < b`.
    pub pairs: Vec<(usize, usize)>,
    /// Bracket players leaving the bracket unpaired (downfloaters or the PAB receiver).
    pub leavers: Vec<usize>,
    /// Pairs of the optimum involving players outside the bracket (how the model completed the
    /// round; not unique, but their number and kind are fixed by the stages).
    pub outside: Vec<(usize, usize)>,
    pub reports: Vec<StageReport>,
    pub stage_values: Vec<(StageKey, i64)>,
}

fn tie(key: StageKey, cost: Cost) -> Stage {
    Stage { key, article: "C.04.3 B.8 candidate order (D.1-D.3)".into(), cost }
}

/// Partner stages (D.1) handed to the backend at a time.
const PARTNER_BATCH: usize = 64;

/// The stage stating that no pair lies wholly in S1 when nobody is exchanged (D.2.a at zero).
pub const NONE_WITHIN_S1: StageKey = StageKey::order("D2a", "none-within-S1");

fn bsn(local: usize) -> i64 {
    local as i64 + 1
}

/// Pairs inside the bracket and the players leaving it (local numbers).
type Split = (Vec<(usize, usize)>, Vec<usize>);

/// Current pairs inside the bracket and leavers, read from the session's incumbent.
fn current(s: &mut dyn LexBackend, b: &Bracket) -> Result<Split, SolveError> {
    let sol = s.solution()?;
    let pairs: Vec<(usize, usize)> = sol.pairs.iter().filter(|&&e| b.inside[e]).map(|&e| b.model.pairs.at(e)).collect();
    Ok((pairs, leavers_of(b, &sol)))
}

/// The bracket players leaving the bracket in `sol` (local numbers).
fn leavers_of(b: &Bracket, sol: &crate::model::Solution) -> Vec<usize> {
    // Every player is paired or floats exactly once: a bracket player leaves unless an inside
    // pair holds him (one pass over the solution's pairs, no search per variable of `leave`).
    let mut stays = vec![false; b.nb];
    for &e in sol.pairs.iter().filter(|&&e| b.inside[e]) {
        let (x, y) = b.model.pairs.at(e);
        stays[x] = true;
        stays[y] = true;
    }
    (0..b.nb).filter(|&i| !stays[i]).collect()
}

/// Adopts the candidate whose inside pairs are `pairs` if it leaves the bracket with the same
/// players as the current optimum and attains every stage value found so far (players outside
/// the bracket keep their pairing from the optimum). Checked exactly; no solver call.
fn adopt(b: &Bracket, s: &mut dyn LexBackend, edge: &PairIndex, pairs: &[(usize, usize)]) -> Result<bool, SolveError> {
    let sol = s.solution()?;
    let leavers = leavers_of(b, &sol);
    let mut paired = vec![false; b.nb];
    let mut ones = Vec::with_capacity(b.model.num_players());
    for &(x, y) in pairs {
        let Some(e) = edge.get(x, y) else { return Ok(false) };
        ones.push(Var::Pair(e));
        paired[x] = true;
        paired[y] = true;
    }
    if (0..b.nb).filter(|&i| !paired[i]).ne(leavers.iter().copied()) {
        return Ok(false);
    }
    ones.extend(sol.pairs.iter().filter(|&&e| !b.inside[e]).map(|&e| Var::Pair(e)));
    ones.extend(sol.floaters.iter().map(|&i| Var::Float(i)));
    s.adopt(&ones)
}

/// The rules' first candidate (B.2-B.3, no alteration) with `m1` MDPs and `n1` remainder pairs:
/// the `m1` highest MDPs with the first residents in order, then S1R[k] with S2R[k]; whoever is
/// left (Limbo MDPs, the last S2R players) leaves the bracket.
pub fn first_candidate(b: &Bracket, m1: usize, n1: usize) -> Vec<(usize, usize)> {
    first_candidate_of(b.nb, b.mdps, m1, n1)
}

/// [`first_candidate`] of a bracket of `nb` players whose first `mdps` are MDPs.
pub fn first_candidate_of(nb: usize, mdps: usize, m1: usize, n1: usize) -> Vec<(usize, usize)> {
    let mut pairs: Vec<(usize, usize)> = (0..m1).map(|i| (i, mdps + i)).collect();
    let rem: Vec<usize> = (mdps + m1..nb).collect();
    pairs.extend(identity_pairs(&rem, &rem[..n1.min(rem.len())]));
    pairs
}

/// The first transposition of a remainder: S1[k] with S2[k], given S1 (sorted) within `rem`.
fn identity_pairs(rem: &[usize], s1: &[usize]) -> Vec<(usize, usize)> {
    let s2: Vec<usize> = rem.iter().copied().filter(|i| !s1.contains(i)).collect();
    s1.iter().zip(&s2).map(|(&a, &b)| (a, b)).collect()
}

/// Solves the quality stages, then the candidate order; returns the unique first candidate.
///
/// At each level of the order the level's first candidate (no exchange, identity transposition)
/// is tried first: when it attains every optimum found so far, it is the answer for that level
/// and the level needs no solve.
pub fn solve(b: &Bracket, quality: Vec<Stage>, s: &mut dyn LexBackend) -> Result<Chosen, SolveError> {
    s.solve_stages(quality)?;
    let edge = PairIndex::of(&b.model);
    let (pairs, _) = current(s, b)?;
    if b.homogeneous_order {
        let all: Vec<usize> = (0..b.nb).collect();
        homogeneous(b, &all, pairs.len(), &[], &edge, s)?;
        return finish(b, s);
    }
    let m1 = pairs.iter().filter(|p| p.0 < b.mdps).count();
    let n1 = pairs.len() - m1;
    if adopt(b, s, &edge, &first_candidate(b, m1, n1))? {
        return finish(b, s);
    }
    if b.mdps > 0 {
        // D.3: the MDPs paired (S1) are, among the best, those with the lowest BSNs (D.3.b; D.3.a
        // is implied by C.6).
        s.solve_stages(mdp_set_stages(b))?;
        // D.1 on S2 for the MDP-pairing: partners of the paired MDPs in BSN order, smallest first.
        let (_, leavers) = current(s, b)?;
        let paired: Vec<usize> = (0..b.mdps).filter(|i| !leavers.contains(i)).collect();
        let stages = partner_stages(b, &edge, &paired, &vec![true; b.nb], "mdp-partner-of", &s.pairs_in_use());
        s.solve_stages(stages)?;
    }
    let (pairs, _) = current(s, b)?;
    let mdp_pairs: Vec<(usize, usize)> = pairs.iter().copied().filter(|&(a, _)| a < b.mdps).collect();
    let with_mdp: Vec<usize> = mdp_pairs.iter().map(|&(_, q)| q).collect();
    let remainder: Vec<usize> = (b.mdps..b.nb).filter(|i| !with_mdp.contains(i)).collect();
    let n1 = pairs.len() - mdp_pairs.len();
    homogeneous(b, &remainder, n1, &mdp_pairs, &edge, s)?;
    finish(b, s)
}

fn finish(b: &Bracket, s: &mut dyn LexBackend) -> Result<Chosen, SolveError> {
    let (pairs, leavers) = current(s, b)?;
    let sol = s.solution()?;
    let stage_values = s.stage_keys().into_iter().zip(sol.stage_values.iter().copied()).collect();
    let outside = sol.pairs.iter().filter(|&&e| !b.inside[e]).map(|&e| b.model.pairs.at(e)).collect();
    Ok(Chosen { pairs, leavers, outside, reports: s.reports().to_vec(), stage_values })
}

/// "Minimise the BSN of `p`'s partner inside the bracket", for each of `players` in order. In
/// every optimum of the stages before, `p` heads a pair inside the bracket (an MDP, or a player
/// of the new S1) with a higher player `partner` accepts; its pairs with other higher players,
/// and `p` leaving the bracket, are stated as after every BSN (zero in every optimum, they
/// change no value). Stated all the same: an exact backend may keep such pairs among those it
/// cannot rule out yet (the matching's optimal face keeps every pair tight under its duals), and
/// with their cost known its bound for `p` is the best partner an optimum can have, which its
/// exchanges reach without a solve (the first partner stage of each large bracket of a
/// 9,999-player round 2 was a whole solve, its best bound a pair with a player of the next
/// scoregroup). Its pairs with lower players are left unstated (each lies in another row of the
/// pair list; an exact backend that keeps one pays a solve, never a wrong value), and so are the
/// pairs `live` rejects (those no optimum of the stages before uses, [`LexBackend::pairs_in_use`]).
fn partner_stages(
    b: &Bracket,
    edge: &PairIndex,
    players: &[usize],
    partner: &[bool],
    what: &'static str,
    live: &PairsInUse,
) -> Vec<Stage> {
    let after = bsn(b.model.num_players());
    players
        .iter()
        .map(|&p| {
            let mut c = Cost::new();
            for (e, q) in edge.pairs_above(p).filter(|&(e, q)| live.has(e, p, q)) {
                let accepted = q < b.nb && partner[q] && b.inside[e];
                c.add(Var::Pair(e), if accepted { bsn(q) } else { after });
            }
            if b.model.may_float[p] {
                c.add(Var::Float(p), after);
            }
            tie(StageKey::order("D1", what).at(At::Seat(p + 1)), c)
        })
        .collect()
}

/// D.2 exchanges then D.1 transpositions for a homogeneous bracket or remainder `rem` (BSN
/// order) with `n1` pairs: original S1 = the first `n1`, S2 = the rest.
///
/// A pairing is generated first with S1 = the higher-ranked member of each of its pairs (any
/// other choice exchanges more players, or higher BSNs), so the exchange order is stated on pair
/// costs alone: D.2.a counts pairs lying wholly in S2, D.2.b sums the positions of the pairs'
/// higher members (the remainder numbered afresh, as the endorsed engine and the 2026 text do),
/// D.2.c/d decide which original S1 players leave and which S2 players enter.
fn homogeneous(
    b: &Bracket,
    rem: &[usize],
    n1: usize,
    fixed: &[(usize, usize)],
    edge: &PairIndex,
    s: &mut dyn LexBackend,
) -> Result<(), SolveError> {
    if n1 == 0 {
        return Ok(());
    }
    let with_fixed = |mut p: Vec<(usize, usize)>| {
        p.extend_from_slice(fixed);
        p
    };
    // The first candidate of the remainder: no exchange, identity transposition.
    if adopt(b, s, edge, &with_fixed(identity_pairs(rem, &rem[..n1])))? {
        return Ok(());
    }
    // D.2.a at zero: every pair has exactly one original S1 player (n1 pairs, n1 S1 players, and
    // a pair wholly in S1 would force one wholly in S2), so D.2.b-d are the same for every
    // optimum and need neither a solve nor building.
    let exchange = Exchanges::of(b, rem, n1, edge);
    let size = exchange.size(&s.pairs_in_use());
    if s.solve_stages(vec![size])?.first() != Some(&0) {
        let order = exchange.order(&s.pairs_in_use());
        s.solve_stages(order)?;
    } else {
        // Nor does a pair lie wholly in S1: stated as a stage (zero in every optimum), the
        // matching backend drops those pairs before D.1 without a solve.
        let none = exchange.none_within_s1(&s.pairs_in_use());
        s.solve_stages(vec![none])?;
    }
    drop(exchange);
    let (pairs, _) = current(s, b)?;
    let mut in_rem = vec![false; b.nb];
    rem.iter().for_each(|&i| in_rem[i] = true);
    let mut new_s1: Vec<usize> = pairs.iter().filter(|p| in_rem[p.0] && in_rem[p.1]).map(|p| p.0.min(p.1)).collect();
    new_s1.sort_unstable();
    // Each pair within the remainder has one player of the new S1 (its higher one) and one of
    // S2: D.2 fixed which players head a pair (D.2.c/d, or at zero the original S1). So the
    // partners are S2's players.
    let mut s2 = in_rem;
    new_s1.iter().for_each(|&p| s2[p] = false);
    // Given in batches: the stages of a large bracket are never all held at once (a stage has
    // a term per partner; 2,500 of them took 240 MB on a 5,000-player bracket).
    for batch in new_s1.chunks(PARTNER_BATCH) {
        let stages = partner_stages(b, edge, batch, &s2, "partner-of", &s.pairs_in_use());
        s.solve_stages(stages)?;
    }
    Ok(())
}

/// D.1: transpositions of S2, compared on the partners of the S1 players in order (the first
/// transposition pairs each S1 player with the earliest S2 player it can).
/// The candidate-order steps (D.1-D.3) and \[C9\] in the text's words, for `--explain`.
pub fn words(key: &StageKey, v: i64, seat: &dyn Fn(usize) -> String) -> Option<crate::systems::trace::Words> {
    use crate::systems::trace::Words;
    let k = key.seat().unwrap_or(0);
    Some(match (key.criterion, key.what) {
        ("D1", _) => Words::new(
            "D.1",
            format!("D.1 transposition: BSN {k}, {}, is paired with BSN {v}, {}", seat(k), seat(v as usize)),
        ),
        ("D2a", "exchange-size") => Words::new(
            "D.2.a",
            match v {
                0 => "D.2 exchange: none (S1 and S2 as formed)".to_string(),
                1 => "D.2 exchange: 1 player of S1 exchanged with one of S2".to_string(),
                n => format!("D.2 exchange: {n} players of S1 exchanged with as many of S2"),
            },
        ),
        ("D2a", _) => Words::new("D.2.a", "D.2.a no pair lies wholly in S1 (nobody is exchanged)".to_string()),
        ("D2b", _) => Words::new("D.2.b", format!("D.2.b sum of the BSNs of the new S1: {v}")),
        ("D2c", _) => {
            let how = if v > 0 { "stays in S1" } else { "leaves S1" };
            Words::new("D.2.c", format!("D.2.c BSN {k}, {}, {how}", seat(k)))
        }
        ("D2d", _) => {
            let how = if v < 0 { "comes into S1" } else { "stays in S2" };
            Words::new("D.2.d", format!("D.2.d BSN {k}, {}, {how}", seat(k)))
        }
        ("D3", _) => {
            let how = if v == 0 { "is paired" } else { "moves down" };
            Words::new("D.3", format!("D.3 MDP BSN {k}, {}, {how}", seat(k)))
        }
        _ if *key == super::C9_STAGE => {
            let _ = v;
            Words::new("[C9]", "[C9] minimise the unplayed games of the PAB assignee: applied among the PAB candidates of that score (the bye below says who played what)".to_string())
        }
        _ => return None,
    })
}

#[cfg(test)]
pub(super) fn transposition_stages(b: &Bracket, s1: &[usize]) -> Vec<Stage> {
    partner_stages(b, &PairIndex::of(&b.model), s1, &vec![true; b.nb], "partner-of", &PairsInUse::every())
}

/// D.3: the MDPs paired (S1) are, among the best, those with the lowest BSNs (D.3.b; D.3.a is
/// implied by the score criteria): the lexicographically smallest set.
pub(super) fn mdp_set_stages(b: &Bracket) -> Vec<Stage> {
    (0..b.mdps)
        .map(|i| {
            let mut c = Cost::new();
            b.leave[i].iter().for_each(|&v| c.add(v, 1));
            tie(StageKey::order("D3", "mdp-{}-paired").at(At::Seat(i + 1)), c)
        })
        .collect()
}

/// D.2 exchanges of a homogeneous bracket or remainder `rem` (BSN order) whose S1 is its first
/// `n1` players, stated on the pairs: a pair's higher player is in the new S1.
#[cfg(test)]
pub(super) fn exchange_stages(b: &Bracket, rem: &[usize], n1: usize) -> Vec<Stage> {
    let edge = PairIndex::of(&b.model);
    let exchange = Exchanges::of(b, rem, n1, &edge);
    let every = PairsInUse::every();
    let mut stages = vec![exchange.size(&every)];
    stages.extend(exchange.order(&every));
    stages
}

/// The remainder pairs of a D.2 exchange, read by the positions in `rem` of their two players.
/// The stages of D.2 walk the bracket's pairs in order (their costs come out sorted, and no
/// per-player list of pairs is held: on a 5,000-player bracket that took 290 MB); those of D.2.a
/// only the rows of the players they can charge (a quarter of the pairs each).
struct Exchanges<'a> {
    b: &'a Bracket,
    rem: &'a [usize],
    n1: usize,
    /// Per bracket player: its position in `rem`, if it is in it.
    pos: Vec<Option<usize>>,
    edge: &'a PairIndex<'a>,
}

impl<'a> Exchanges<'a> {
    fn of(b: &'a Bracket, rem: &'a [usize], n1: usize, edge: &'a PairIndex<'a>) -> Exchanges<'a> {
        let mut pos = vec![None; b.nb];
        rem.iter().enumerate().for_each(|(k, &i)| pos[i] = Some(k));
        Exchanges { b, rem, n1, pos, edge }
    }

    /// The pairs within `rem` whose higher player (the lower position: `rem` is in BSN order)
    /// is one of `heads` and whose lower player lies before position `end`, that `live` keeps:
    /// the rows of `heads` alone.
    fn rows<'l>(&'l self, heads: &'l [usize], end: usize, live: &'l PairsInUse) -> impl Iterator<Item = usize> + 'l {
        heads.iter().flat_map(move |&x| {
            self.edge
                .pairs_above(x)
                .filter(move |&(e, y)| y < self.b.nb && self.pos[y].is_some_and(|py| py < end) && live.has(e, x, y))
                .map(|(e, _)| e)
        })
    }

    /// The pairs within `rem` that `live` keeps (see [`partner_stages`]; tested last, on the pairs
    /// within `rem`), with the position of their higher player.
    fn pairs<'l>(&'l self, live: &'l PairsInUse) -> impl Iterator<Item = (usize, usize)> + 'l {
        self.b.inner_pairs().filter_map(move |(e, x, y)| match (self.pos[x], self.pos[y]) {
            (Some(px), Some(py)) if live.has(e, x, y) => Some((e, px.min(py))),
            _ => None,
        })
    }

    /// D.2.a: the fewest players exchanged (pairs lying wholly in S2).
    fn size(&self, live: &PairsInUse) -> Stage {
        let mut c = Cost::new();
        self.rows(&self.rem[self.n1..], self.rem.len(), live).for_each(|e| c.add(Var::Pair(e), 1));
        tie(StageKey::order("D2a", "exchange-size"), c)
    }

    /// With D.2.a at zero: the pairs lying wholly in S1 (as many as lie wholly in S2, so none).
    fn none_within_s1(&self, live: &PairsInUse) -> Stage {
        let mut c = Cost::new();
        self.rows(&self.rem[..self.n1], self.n1, live).for_each(|e| c.add(Var::Pair(e), 1));
        tie(NONE_WITHIN_S1, c)
    }

    /// D.2.b-d, after D.2.a.
    fn order(&self, live: &PairsInUse) -> Vec<Stage> {
        let mut stages = Vec::new();
        // D.2.b: the smallest difference of the sums of BSNs exchanged (the new S1's sum).
        let mut c = Cost::new();
        self.pairs(live).for_each(|(e, higher)| c.add(Var::Pair(e), higher as i64 + 1));
        stages.push(tie(StageKey::order("D2b", "exchange-bsn-sum"), c));
        // Per position: the pairs whose higher player is there.
        let mut heading: Vec<Vec<usize>> = vec![Vec::new(); self.rem.len()];
        self.pairs(live).for_each(|(e, higher)| heading[higher].push(e));
        let higher_in = |k: usize, sign: i64| {
            let mut c = Cost::new();
            heading[k].iter().for_each(|&e| c.add(Var::Pair(e), sign));
            c
        };
        // D.2.c: move out of S1 the highest BSNs first (prefer them not to head a pair).
        for k in (0..self.n1).rev() {
            stages.push(tie(StageKey::order("D2c", "keep-{}-in-S1").at(At::Seat(self.rem[k] + 1)), higher_in(k, 1)));
        }
        // D.2.d: move into S1 the lowest BSNs first (prefer them to head a pair).
        for (k, &i) in self.rem.iter().enumerate().skip(self.n1) {
            stages.push(tie(StageKey::order("D2d", "bring-{}-into-S1").at(At::Seat(i + 1)), higher_in(k, -1)));
        }
        stages
    }
}
