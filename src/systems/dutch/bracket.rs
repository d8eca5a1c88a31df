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
        let every = (0..n).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
        Bracket::build_on(r, players, mdps, kind, every, n * n.saturating_sub(1) / 2)
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
        let own = (0..nb).flat_map(|a| (a + 1..n).map(move |b| (a, b)));
        let among = near
            .iter()
            .enumerate()
            .flat_map(|(x, list)| list.iter().filter(move |&&y| y > x).map(move |&y| (nb + x, nb + y)));
        let most = nb * n + next.len() * (k + lookahead::FAR);
        let mut b = Bracket::build_on(r, players, mdps, kind, own.chain(among), most);
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
        let most = keep.len();
        Bracket::build_on(r, players, mdps, kind, keep.into_iter(), most)
    }

    /// The model on the candidate pairs `pairs` (local numbers, `a < b`, increasing, distinct;
    /// at most `most` of them) that are allowed.
    fn build_on(
        r: &Round,
        players: &[usize],
        mdps: usize,
        kind: Kind,
        pairs: impl Iterator<Item = (usize, usize)>,
        most: usize,
    ) -> Bracket {
        let nb = players.len();
        let (extra, lower) = extras(kind);
        let global: Vec<usize> = players.iter().chain(extra).chain(lower).copied().collect();
        let n = global.len();
        let mut model = BracketModel::new(n);
        model.labels = crate::model::Labels::Ids(global.iter().map(|&i| r.t.players[i].id).collect());
        // Sized once (a large bracket has millions of pairs: no doubling on the way), trimmed after.
        model.pairs.reserve_exact(most);
        let mut inside = Vec::with_capacity(most);
        let mut can_meet = r.can_meet_from(&global);
        for (a, b) in pairs {
            if a < mdps && b < mdps {
                continue; // B.3: MDPs are paired with residents only.
            }
            if can_meet(a, b) {
                model.add_pair(a, b);
                inside.push(b < nb);
            }
        }
        drop(can_meet);
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
        let mut leave: Vec<Vec<Var>> = vec![Vec::new(); nb];
        for (e, (a, b)) in model.pairs.iter().enumerate() {
            if a < nb && b >= nb {
                leave[a].push(Var::Pair(e));
            }
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
