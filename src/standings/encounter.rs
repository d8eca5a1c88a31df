//! Tie-breaks that order a group of tied participants among themselves: Direct Encounter (C.07
//! Article 6), Extended Direct Encounter for teams (13.3, with the knock-out chains EDEBT, EDEBB,
//! EDET, EDEB of 13.3.2) and the knock-out tie-breaks that are reapplied board by board, Top
//! Board Results and Bottom Board Elimination (12.2, 12.3). Each returns the group split into
//! ordered subgroups (participants still tied share a subgroup).

use super::code::EdeChain;
use super::field::{Field, RoundKind};
use super::value::Value;
use crate::points::Points;

/// Who met whom, as a direct encounter reads it.
pub struct Encounters<'a> {
    field: &'a Field,
    /// Forfeits count as games (15.2 for pre-determined pairings; 6.1.1 "unless the specific
    /// regulations of the tournament state otherwise": `DE/P`).
    forfeits_as_games: bool,
    /// A Swiss event: 6.3 applies when not all tied participants have met.
    swiss: bool,
}

impl<'a> Encounters<'a> {
    /// Encounters of `field`.
    pub fn new(field: &'a Field, forfeits_as_games: bool, swiss: bool) -> Encounters<'a> {
        Encounters { field, forfeits_as_games, swiss }
    }

    /// The rounds in which `a` met `b` and counts the result (6.1.1).
    fn meetings(&self, a: usize, b: usize) -> impl Iterator<Item = &'a super::field::Round> + '_ {
        self.field.entrants[a].rounds.iter().filter(move |r| {
            r.opponent == Some(b) && (r.kind == RoundKind::Played || (self.forfeits_as_games && r.kind.is_forfeit()))
        })
    }

    /// What `a` scored against `b` in score `s` (the average of several encounters, 6.1.2), and
    /// whether they met; `points` reads a round's points (a score, or a board count's weights).
    fn against(&self, a: usize, b: usize, points: &impl Fn(&super::field::Round) -> Value) -> Option<Value> {
        let (mut sum, mut n) = (Value::ZERO, 0i64);
        for r in self.meetings(a, b) {
            sum += points(r);
            n += 1;
        }
        (n > 0).then(|| sum.div_int(n))
    }

    /// Article 6 on `set` with the results read by `points`, a win being worth `win` (for the
    /// best case of 6.3): the set in ordered subgroups.
    pub fn direct(
        &self,
        set: &[usize],
        points: &impl Fn(&super::field::Round) -> Value,
        win: Value,
    ) -> Vec<Vec<usize>> {
        if set.len() < 2 {
            return vec![set.to_vec()];
        }
        // 6.1: the separate standings of the tied participants.
        let mut sums = vec![Value::ZERO; set.len()];
        let mut met = vec![0i64; set.len()];
        for (x, &a) in set.iter().enumerate() {
            for &b in set.iter().filter(|&&b| b != a) {
                if let Some(v) = self.against(a, b, points) {
                    sums[x] += v;
                    met[x] += 1;
                }
            }
        }
        let all_met = met.iter().all(|&m| m == set.len() as i64 - 1);
        let tpn = |x: usize| self.field.entrants[set[x]].tpn;
        if all_met {
            // 6.2: the separate standings decide; Article 6 again for every subset still tied.
            let mut order: Vec<usize> = (0..set.len()).collect();
            order.sort_by(|&x, &y| sums[y].cmp(&sums[x]).then(tpn(x).cmp(&tpn(y))));
            let parts = split(&order, |x, y| sums[x] == sums[y]);
            if parts.len() == 1 {
                return vec![set.to_vec()];
            }
            let mut out = Vec::new();
            for part in parts {
                let members: Vec<usize> = part.iter().map(|&x| set[x]).collect();
                out.extend(self.direct(&members, points, win));
            }
            return out;
        }
        if !self.swiss {
            return vec![set.to_vec()];
        }
        // 6.3: one participant alone at the top whatever the outcome of the missing games is
        // ranked first; the same for the next; then Article 6 again for the rest.
        let best: Vec<Value> =
            (0..set.len()).map(|x| sums[x] + win * Value::int(set.len() as i64 - 1 - met[x])).collect();
        let mut rest: Vec<usize> = (0..set.len()).collect();
        rest.sort_by(|&x, &y| sums[y].cmp(&sums[x]).then(best[y].cmp(&best[x])).then(tpn(x).cmp(&tpn(y))));
        let mut out = Vec::new();
        while rest.len() > 1 {
            let top = rest[0];
            let others_best = rest[1..].iter().map(|&x| best[x]).max().unwrap_or(Value::ZERO);
            if sums[top] > others_best {
                out.push(vec![set[top]]);
                rest.remove(0);
            } else {
                break;
            }
        }
        if out.is_empty() {
            return vec![set.to_vec()];
        }
        let members: Vec<usize> = rest.iter().map(|&x| set[x]).collect();
        out.extend(self.direct(&members, points, win));
        out
    }

    /// Extended Direct Encounter (13.3): Article 6 with the primary score, then, if it broke no
    /// tie, with the secondary; any new subset starts again from the primary (13.3.3); two
    /// teams still tied in both go on to the knock-out tie-breaks of `chain` (13.3.2), read on
    /// the boards of their encounter.
    pub fn extended(&self, set: &[usize], chain: EdeChain) -> Vec<Vec<usize>> {
        if set.len() < 2 {
            return vec![set.to_vec()];
        }
        for s in 0..2 {
            let points = |r: &super::field::Round| Value::points(r.points[s]);
            let parts = self.direct(set, &points, Value::points(self.field.scales[s].win));
            if parts.len() > 1 {
                return parts.into_iter().flat_map(|p| self.extended(&p, chain)).collect();
            }
        }
        if set.len() != 2 {
            return vec![set.to_vec()];
        }
        let boards = self.field.boards;
        let (count, top, bottom) = match chain {
            EdeChain::None => return vec![set.to_vec()],
            EdeChain::BoardCountTop => (true, true, false),
            EdeChain::BoardCountBottom => (true, false, true),
            EdeChain::Top => (false, true, false),
            EdeChain::Bottom => (false, false, true),
        };
        let mut steps: Vec<Reading> = Vec::new();
        if count {
            // 12.1: the lower the board-weighted sum, the higher the team: compare its negative.
            steps.push(Box::new(|r| -board_weighted(r, |b| b as i64)));
        }
        if top {
            for k in 1..=boards {
                steps.push(Box::new(move |r| board_weighted(r, |b| i64::from(b == k))));
            }
        }
        if bottom {
            for k in 1..boards {
                steps.push(Box::new(move |r| board_weighted(r, |b| i64::from(b <= boards - k))));
            }
        }
        for step in &steps {
            let parts = self.direct(set, step, Value::int(i64::MAX / 4));
            if parts.len() > 1 {
                return parts;
            }
        }
        vec![set.to_vec()]
    }
}

/// What a knock-out step reads of a match.
type Reading = Box<dyn Fn(&super::field::Round) -> Value>;

/// A match's game points weighted per board (`weight(board)`).
fn board_weighted(r: &super::field::Round, weight: impl Fn(usize) -> i64) -> Value {
    r.games.iter().map(|g| Value::points(g.points) * Value::int(weight(g.board))).sum()
}

/// Game points per board over the whole event (12: forfeited games count as won or lost, a
/// pairing-allocated bye as a win on every board; a match not played without games listed
/// counts its game points spread over the boards).
pub fn board_totals(field: &Field, i: usize) -> Vec<Points> {
    let mut totals = vec![Points::ZERO; field.boards];
    for r in &field.entrants[i].rounds {
        let per_board = match r.kind {
            RoundKind::PairingBye | RoundKind::FullBye | RoundKind::ForfeitWin => Some(field.game_scale.win),
            RoundKind::HalfBye => Some(field.game_scale.draw),
            RoundKind::ZeroBye | RoundKind::ForfeitLoss => Some(Points::ZERO),
            RoundKind::Played => None,
        };
        if r.games.is_empty() || r.kind == RoundKind::PairingBye {
            if let Some(p) = per_board {
                totals.iter_mut().for_each(|t| *t += p);
            }
            continue;
        }
        for g in &r.games {
            if let Some(t) = g.board.checked_sub(1).and_then(|b| totals.get_mut(b)) {
                *t += g.points;
            }
        }
    }
    totals
}

/// Board Count (12.1): each board's number times the game points on it, summed.
pub fn board_count(field: &Field, i: usize) -> Value {
    board_totals(field, i).iter().enumerate().map(|(b, &p)| Value::points(p) * Value::int(b as i64 + 1)).sum()
}

/// Top Board Results (12.2) or Bottom Board Elimination (12.3) on `set`: board by board (or
/// eliminating the bottom board, then the next) until the tie is broken, subgroups again.
pub fn board_by_board(field: &Field, set: &[usize], top: bool) -> Vec<Vec<usize>> {
    let totals: Vec<Vec<Points>> = set.iter().map(|&i| board_totals(field, i)).collect();
    let steps = if top { field.boards } else { field.boards.saturating_sub(1) };
    refine(field, set, &totals, 0, steps, top)
}

fn refine(
    field: &Field,
    set: &[usize],
    totals: &[Vec<Points>],
    step: usize,
    steps: usize,
    top: bool,
) -> Vec<Vec<usize>> {
    if set.len() < 2 || step >= steps {
        return vec![set.to_vec()];
    }
    let value = |x: usize| -> Points {
        let t = &totals[x];
        if top {
            t.get(step).copied().unwrap_or_default()
        } else {
            t.iter().take(field.boards - 1 - step).copied().sum()
        }
    };
    let mut order: Vec<usize> = (0..set.len()).collect();
    order.sort_by(|&x, &y| value(y).cmp(&value(x)).then(field.entrants[set[x]].tpn.cmp(&field.entrants[set[y]].tpn)));
    let mut out = Vec::new();
    for part in split(&order, |x, y| value(x) == value(y)) {
        let members: Vec<usize> = part.iter().map(|&x| set[x]).collect();
        let sub: Vec<Vec<Points>> = part.iter().map(|&x| totals[x].clone()).collect();
        out.extend(refine(field, &members, &sub, step + 1, steps, top));
    }
    out
}

/// Runs of `items` in which consecutive items are `same`.
pub fn split(items: &[usize], same: impl Fn(usize, usize) -> bool) -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = Vec::new();
    for &i in items {
        match out.last_mut() {
            Some(g) if same(g[0], i) => g.push(i),
            _ => out.push(vec![i]),
        }
    }
    out
}
