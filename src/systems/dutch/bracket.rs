//! One pairing bracket of the Dutch system as a [`BracketModel`].
//!
//! Local players `0..nb` are the bracket in A.2 order (MDPs first; BSN = local index + 1). For
//! the look-ahead of C.7 the next scoregroup is added as extra players, and for the completion
//! criterion C.4 of a PPB all lower players are: a bracket player then "leaves" the bracket either
//! by floating (`f`) or by a pair with an extra player, and the criteria of the bracket count
//! both the same way. Under the 2026 rules every bracket is built like that ([`Kind::Outlook`]):
//! the next scoregroup first, then all lower players.

use super::lookahead;
use super::round::Round;
use crate::model::{BracketModel, Var};
use crate::solver::threads::PARALLEL_WORK;
use std::sync::Arc;

pub use super::kind::{Kind, OwnedKind};

/// A bracket ready for the solver.
pub struct Bracket {
    /// Shared with the solver session (the pairs of a large bracket are not copied).
    pub model: Arc<BracketModel>,
    /// Bracket players (local `0..nb`).
    pub nb: usize,
    /// Number of MDPs (local `0..mdps`).
    pub mdps: usize,
    /// Tournament index of every local player (bracket, then extra).
    pub global: Vec<usize>,
    /// For each bracket player, the variables meaning "leaves the bracket unpaired".
    pub leave: Vec<Vec<Var>>,
    /// For each pair variable, whether both players belong to the bracket.
    pub inside: Vec<bool>,
    /// The candidate order treats the bracket as homogeneous although it holds MDPs (2012 A.3:
    /// "a heterogeneous score bracket of which at least half of the players have come from a
    /// higher score bracket is also treated as though it was homogeneous").
    pub homogeneous_order: bool,
    /// The next scoregroup's pairs among itself are thinned ([`super::lookahead`]): exact only
    /// when the stages pass [`Bracket::thinning_exact`].
    pub thinned: bool,
}

impl Bracket {
    /// Builds the model: allowed pairs (C.1-C.3, no MDP-MDP pair: B.3), floats, completion.
    pub fn build(r: &Round, players: &[usize], mdps: usize, kind: Kind) -> Bracket {
        let n = players.len() + extras(kind).0.len() + extras(kind).1.len();
        Bracket::build_on(r, players, mdps, kind, &|a, row| row.extend(a + 1..n), n * n.saturating_sub(1) / 2)
    }

    /// [`Bracket::build`] with the next scoregroup's pairs among itself thinned
    /// ([`super::lookahead`]) when the model has one large enough and a row for it is found. The
    /// caller checks its stages with [`Bracket::thinning_exact`] and builds the whole model when
    /// that fails.
    pub fn build_thinned(r: &Round, players: &[usize], mdps: usize, kind: Kind) -> Bracket {
        let Kind::Normal { next, .. } = kind else {
            return Bracket::build(r, players, mdps, kind);
        };
        let nb = players.len();
        let k = lookahead::window(nb);
        if !lookahead::worth(next.len(), k) {
            return Bracket::build(r, players, mdps, kind);
        }
        let Some(row) = lookahead::row(next.len(), k, |x, y| r.can_meet(next[x], next[y])) else {
            return Bracket::build(r, players, mdps, kind);
        };
        let near = lookahead::neighbours(&row, k, lookahead::FAR);
        let n = nb + next.len();
        // The bracket's rows whole, then the next scoregroup's among itself, thinned.
        let rows = |a: usize, row: &mut Vec<usize>| match a.checked_sub(nb) {
            None => row.extend(a + 1..n),
            Some(x) => row.extend(near[x].iter().filter(|&&y| y > x).map(|&y| nb + y)),
        };
        let most = nb * n + next.len() * (k + lookahead::FAR);
        let mut b = Bracket::build_on(r, players, mdps, kind, &rows, most);
        b.thinned = true;
        b
    }

    /// Whether the thinned model of [`Bracket::build_thinned`] has the optima of the whole one
    /// under `stages` (always, for a model not thinned).
    pub fn thinning_exact(&self, stages: &[crate::model::Stage]) -> bool {
        if !self.thinned {
            return true;
        }
        let m = &self.model;
        let split = m.pairs.partition_point(|(a, _)| a < self.nb);
        m.constraints.is_empty()
            && m.aux.is_empty()
            && lookahead::exact(stages, self.nb, m.num_players(), split, m.pairs.len() - split)
    }

    /// [`Bracket::build`] on the candidate pairs `keep` only (local numbers, `a < b`, in any
    /// order, repeats allowed), those that are allowed: a model of those candidates alone, small
    /// where the full one has a pair per two players.
    pub fn build_with(r: &Round, players: &[usize], mdps: usize, kind: Kind, keep: &[(usize, usize)]) -> Bracket {
        let mut keep = keep.to_vec();
        keep.sort_unstable();
        keep.dedup();
        let rows = |a: usize, row: &mut Vec<usize>| {
            let from = keep.partition_point(|&(x, _)| x < a);
            row.extend(keep[from..].iter().take_while(|&&(x, _)| x == a).map(|&(_, y)| y));
        };
        Bracket::build_on(r, players, mdps, kind, &rows, keep.len())
    }

    /// The model on the candidate pairs `rows` gives (`rows(a, row)` appends to `row` the
    /// candidates `b > a` of player `a`, local numbers, increasing; at most `most` in all) that
    /// are allowed.
    ///
    /// A model of [`PARALLEL_WORK`] candidates or more is built on the threads set
    /// ([`crate::solver::threads`]): its players are cut into consecutive ranges of about as many
    /// candidates each, every range's allowed pairs are found on its own thread, and the ranges'
    /// pairs are put one after another in order: the same model on any number of threads. (The
    /// pairs of the 9,999-player round 2's largest bracket, 12.9 million, took 0.13 s on one.)
    fn build_on(
        r: &Round,
        players: &[usize],
        mdps: usize,
        kind: Kind,
        rows: &(dyn Fn(usize, &mut Vec<usize>) + Sync),
        most: usize,
    ) -> Bracket {
        let nb = players.len();
        let (extra, lower) = extras(kind);
        let global: Vec<usize> = players.iter().chain(extra).chain(lower).copied().collect();
        let n = global.len();
        let mut model = BracketModel::new(n);
        model.labels = crate::model::Labels::Ids(global.iter().map(|&i| r.t.players[i].id).collect());
        let threads = if most < PARALLEL_WORK { 1 } else { crate::solver::threads::get() };
        let parts = crate::solver::threads::map_ranges(&row_ranges(n, threads), |range| {
            // Sized once for a range of the full triangle (no doubling on the way), trimmed after.
            let room = range.clone().map(|a| n - 1 - a).sum::<usize>().min(most);
            let mut pairs = crate::model::Pairs::new();
            pairs.reserve_exact(room);
            let mut inside = Vec::with_capacity(room);
            // Per bracket player of the range, his pairs leaving the bracket, numbered in this
            // range's list (moved, renumbered, into `leave` once the ranges are joined).
            let mut leaving: Vec<Vec<Var>> = vec![Vec::new(); range.end.min(nb).saturating_sub(range.start)];
            let mut can_meet = r.can_meet_from(&global);
            let mut row = Vec::new();
            for a in range.clone() {
                row.clear();
                rows(a, &mut row);
                for &b in &row {
                    if a < mdps && b < mdps {
                        continue; // B.3: MDPs are paired with residents only.
                    }
                    if can_meet(a, b) {
                        if a < nb && b >= nb {
                            leaving[a - range.start].push(Var::Pair(pairs.len()));
                        }
                        pairs.push((a, b));
                        inside.push(b < nb);
                    }
                }
            }
            // Read here, on the range's thread: the joined list keeps the parts' shapes joined
            // (`Pairs::append`) instead of a pass over all its pairs when it is first checked.
            pairs.shape();
            (range.start, pairs, inside, leaving)
        });
        // The first range's lists grown in place to hold the others (a large block is remapped,
        // not copied), then trimmed.
        let total: usize = parts.iter().map(|p| p.1.len()).sum();
        let mut leave: Vec<Vec<Var>> = vec![Vec::new(); nb];
        let mut parts = parts.into_iter();
        let (_, pairs, mut inside, leaving) = parts.next().unwrap_or_default();
        leave.iter_mut().zip(leaving).for_each(|(l, part)| *l = part);
        model.pairs = pairs;
        model.pairs.reserve_exact(total - model.pairs.len());
        inside.reserve_exact(total - inside.len());
        for (first, mut pairs, part, leaving) in parts {
            let base = model.pairs.len();
            for (l, mut own) in leave[first.min(nb)..].iter_mut().zip(leaving) {
                for v in &mut own {
                    if let Var::Pair(e) = v {
                        *e += base;
                    }
                }
                *l = own;
            }
            model.pairs.append(&mut pairs);
            inside.extend(part);
        }
        model.pairs.shrink_to_fit();
        inside.shrink_to_fit();
        match kind {
            Kind::Normal { .. } => model.may_float = vec![true; n],
            // C.4 / A.9: only a PAB-eligible player may stay out; the completion stage keeps it
            // to one (the round was checked to be completable, so that optimum is reached).
            Kind::Ppb { .. } | Kind::Last => model.may_float = global.iter().map(|&i| r.pab_eligible(i)).collect(),
            // 2026 [C4]+[C5]: only a bye candidate may stay out of the round.
            Kind::Outlook { .. } => model.may_float = global.iter().map(|&i| r.bye_candidate(i)).collect(),
        }
        for (i, l) in leave.iter_mut().enumerate() {
            if model.may_float[i] {
                l.push(Var::Float(i));
            }
        }
        let homogeneous_order = homogeneous_order(r, nb, mdps);
        Bracket { model: Arc::new(model), nb, mdps, global, leave, inside, homogeneous_order, thinned: false }
    }

    /// Pair variables inside the bracket with their two local players, in increasing order.
    pub fn inner_pairs(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        self.bracket_rows().filter(|&(_, _, b)| b < self.nb)
    }

    /// The pairs whose lower player is a bracket player (inside pairs and those leaving the
    /// bracket), as `(e, a, b)` in increasing order: a prefix of the model's pairs, which
    /// [`Bracket::build_on`] lists in increasing order, so the pairs among the players after
    /// the bracket (most of a near model's, when the next scoregroup is large) are not visited.
    pub fn bracket_rows(&self) -> impl Iterator<Item = (usize, usize, usize)> + '_ {
        let end = self.model.pairs.partition_point(|(a, _)| a < self.nb);
        self.model.pairs.iter_in(0..end).enumerate().map(|(e, (a, b))| (e, a, b))
    }

    /// Every variable of [`Bracket::leave`] with its bracket player, in variable order (the
    /// pairs, which `leave` lists player by player in increasing order, then the floats): a
    /// cost built in this order is normalised without a sort.
    pub fn leaving(&self) -> impl Iterator<Item = (usize, Var)> + '_ {
        let pairs = self
            .leave
            .iter()
            .enumerate()
            .flat_map(|(i, vars)| vars.iter().filter(|v| matches!(v, Var::Pair(_))).map(move |&v| (i, v)));
        pairs.chain(self.floats())
    }

    /// The float variables of [`Bracket::leave`]: one per bracket player who may float.
    pub fn floats(&self) -> impl Iterator<Item = (usize, Var)> + '_ {
        (0..self.nb).filter(|&i| self.model.may_float[i]).map(|i| (i, Var::Float(i)))
    }
}

/// Players `0..n` cut into at most `parts` consecutive ranges of about as many candidate pairs
/// each, counted as in a full triangle (player `a` has `n - 1 - a` pairs with higher players).
fn row_ranges(n: usize, parts: usize) -> Vec<std::ops::Range<usize>> {
    if n == 0 {
        return std::iter::once(0..0).collect();
    }
    let total = n * (n - 1) / 2;
    let parts = parts.clamp(1, n);
    let mut cuts = vec![0];
    let mut sum = 0;
    for a in 0..n {
        sum += n - 1 - a;
        if cuts.len() < parts && sum * parts >= total * cuts.len() {
            cuts.push(a + 1);
        }
    }
    cuts.push(n);
    cuts.dedup();
    cuts.windows(2).map(|w| w[0]..w[1]).collect()
}

/// The players a model of `kind` holds after the bracket: the next scoregroup (or all lower
/// players for a PPB), then all lower players (2026).
fn extras<'a>(kind: Kind<'a>) -> (&'a [usize], &'a [usize]) {
    match kind {
        Kind::Normal { next, .. } => (next, &[]),
        Kind::Ppb { lower } => (lower, &[]),
        Kind::Last => (&[], &[]),
        Kind::Outlook { next, lower, .. } => (next, lower),
    }
}

/// 2012 A.3: a heterogeneous bracket of which at least half the players are MDPs is ordered as
/// a homogeneous one.
pub fn homogeneous_order(r: &Round, nb: usize, mdps: usize) -> bool {
    r.edition == super::Edition::E2012 && mdps > 0 && 2 * mdps >= nb
}

/// A model's pair variables by their two players, found by a search within the lower player's
/// row of its pairs, which [`Bracket::build`] adds in increasing order (a sorted copy is made
/// otherwise): no hash map per bracket, whose entries cost several times the pair list they
/// index. A row is where a complete one would put the pair, give or take the pairs its player
/// may not play, so the search starts there.
pub struct PairIndex<'a> {
    pairs: std::borrow::Cow<'a, crate::model::Pairs>,
    /// The pair indices in `pairs` order when `pairs` is a sorted copy.
    order: Vec<usize>,
    /// `pairs[row[a]..row[a + 1]]` are the pairs whose lower player is `a`.
    row: Vec<usize>,
}

impl<'a> PairIndex<'a> {
    pub fn of(m: &'a BracketModel) -> PairIndex<'a> {
        let (pairs, order) = if m.pairs.shape().sorted {
            (std::borrow::Cow::Borrowed(&m.pairs), Vec::new())
        } else {
            let mut order: Vec<usize> = (0..m.pairs.len()).collect();
            order.sort_by_key(|&e| m.pairs.at(e));
            let pairs = order.iter().map(|&e| m.pairs.at(e)).collect();
            (std::borrow::Cow::Owned(pairs), order)
        };
        let row = pairs.rows(m.num_players()).unwrap_or_default();
        PairIndex { pairs, order, row }
    }

    /// The pair variable of `x` and `y` (either order), if the model has it.
    pub fn get(&self, x: usize, y: usize) -> Option<usize> {
        let k = crate::model::find_in_row(&self.pairs, &self.row, x.min(y), x.max(y))?;
        Some(if self.order.is_empty() { k } else { self.order[k] })
    }

    pub fn contains(&self, x: usize, y: usize) -> bool {
        self.get(x, y).is_some()
    }

    /// The pairs (indices, partner) of player `p` with higher players, in increasing order of
    /// partner: `p`'s row, read in order (the pairs with lower players are each in another row).
    pub fn pairs_above(&self, p: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        (self.row[p]..self.row[p + 1]).map(move |k| {
            let e = if self.order.is_empty() { k } else { self.order[k] };
            (e, self.pairs.at(k).1)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::systems::dutch::Edition;

    #[test]
    fn row_ranges_cut_the_triangle_in_order_and_about_evenly() {
        for (n, parts) in [(0, 3), (1, 2), (2, 4), (10, 1), (1000, 2), (1000, 3), (5075, 2)] {
            let ranges = row_ranges(n, parts);
            assert!(!ranges.is_empty() && ranges.len() <= parts.max(1), "{n} {parts}: {ranges:?}");
            assert_eq!((ranges[0].start, ranges.last().map(|r| r.end)), (0, Some(n)));
            assert!(ranges.windows(2).all(|w| w[0].end == w[1].start && w[0].start < w[0].end));
            if n >= 1000 {
                let pairs = |r: &std::ops::Range<usize>| r.clone().map(|a| n - 1 - a).sum::<usize>();
                let total = n * (n - 1) / 2;
                assert_eq!(ranges.len(), parts);
                assert!(ranges.iter().all(|r| pairs(r).abs_diff(total / parts) <= n), "{n} {parts}: {ranges:?}");
            }
        }
    }

    /// Round 2 of a generated 1,500-player event: the top bracket with the next scoregroup has
    /// over [`PARALLEL_WORK`] candidate pairs, so its model is built on the threads set. On one
    /// and on three threads it is the same model, whole or with the next scoregroup thinned.
    #[test]
    fn a_large_bracket_is_built_the_same_on_any_number_of_threads() {
        let t = crate::generate::generated_before(crate::vocabulary::System::Dutch2017, 1500, 2, 11);
        let r = Round::new(&t, Edition::E2017, crate::audit::Audit::default());
        let groups = r.scoregroups();
        let kind = Kind::Normal { next: &groups[1], next_is_last: groups.len() == 2 };
        let read = |b: Bracket| (Arc::unwrap_or_clone(b.model), b.inside, b.leave, b.thinned);
        let build = |threads: usize| {
            crate::solver::threads::set(threads);
            let out =
                (read(Bracket::build(&r, &groups[0], 0, kind)), read(Bracket::build_thinned(&r, &groups[0], 0, kind)));
            crate::solver::threads::set(1);
            out
        };
        let one = build(1);
        let n = groups[0].len() + groups[1].len();
        assert!(n * (n - 1) / 2 >= PARALLEL_WORK, "{n} players");
        assert!(one.0 .0.pairs.len() > PARALLEL_WORK / 2 && one.0 .0.pairs.increasing());
        assert!(one.0 .1.iter().any(|&i| i) && one.0 .1.iter().any(|&i| !i), "pairs inside and leaving");
        // `leave`: each bracket player's pairs leaving it, in order, then his float.
        let (m, inside, leave, _) = &one.0;
        let mut expected: Vec<Vec<Var>> = vec![Vec::new(); leave.len()];
        for (e, (a, _)) in m.pairs.iter().enumerate().filter(|&(e, (a, _))| a < leave.len() && !inside[e]) {
            expected[a].push(Var::Pair(e));
        }
        for (a, l) in expected.iter_mut().enumerate().filter(|&(a, _)| m.may_float[a]) {
            l.push(Var::Float(a));
        }
        assert_eq!(leave, &expected);
        assert!(leave.iter().any(|l| l.len() > 1));
        let three = build(3);
        assert_eq!(three.0, one.0, "the whole model");
        assert_eq!(three.1, one.1, "the thinned model");
        // The shape joined from the ranges' is the one a pass over the whole list finds.
        for (model, _, _, _) in [&three.0, &three.1] {
            let whole = crate::model::Pairs::from(model.pairs.iter().collect::<Vec<_>>());
            assert_eq!(model.pairs.shape(), whole.shape());
        }
    }
}
