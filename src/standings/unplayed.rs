//! Unplayed rounds (C.07 Articles 15-16): which rounds count as games, the score an opponent's
//! tie-break reads for a participant (16.3), the dummy opponent of a participant's own unplayed
//! rounds (16.4, capped from 2026 by 16.4.1 and 16.4.2), and which contribution a cut removes
//! first (16.5). Buchholz, Sonneborn-Berger, their team variants and Fore Buchholz read their
//! contributions from here, so each rule is written once.

use super::edition::Edition;
use super::field::{Field, RoundKind};
use super::value::Value;
use crate::points::Points;

/// How unplayed rounds are read for one ranking.
#[derive(Clone, Debug)]
pub struct Unplayed<'a> {
    /// The participants.
    pub field: &'a Field,
    /// The edition of C.07 (16.4 differs).
    pub edition: Edition,
    /// Pre-determined pairings (round robins, 15.2): forfeits are games, Article 16 does not
    /// apply (15.3).
    pub pre_determined: bool,
    /// `adjusted[s][i]`: participant `i`'s score `s` as his opponents' tie-breaks read it (16.3).
    adjusted: [Vec<Points>; 2],
    /// The same as if the final round's paired games had ended in draws (Fore Buchholz, 8.3).
    fore_adjusted: [Vec<Points>; 2],
    /// `fore_own[s][i]`: participant `i`'s own score `s` with his final-round game a draw.
    fore_own: [Vec<Points>; 2],
}

/// One round's part in a sum over opponents (BH, SB and their variants).
#[derive(Clone, Copy, Debug)]
pub struct Contribution {
    /// What the round adds to the sum.
    pub value: Value,
    /// The opponent's (or the dummy's) score: what the least significant value is judged by.
    pub score: Value,
    /// The round is a voluntary unplayed round of the participant (16.1.2): 16.5 cuts it first.
    pub vur: bool,
}

/// The last round (1-based) that is not a voluntary unplayed round; 0 when there is none.
fn last_not_vur(field: &Field, i: usize) -> usize {
    field.entrants[i].rounds.iter().rposition(|r| !r.kind.is_vur()).map_or(0, |k| k + 1)
}

impl<'a> Unplayed<'a> {
    /// The adjusted scores of every participant of `field`.
    pub fn new(field: &'a Field, edition: Edition, pre_determined: bool) -> Unplayed<'a> {
        let n = field.entrants.len();
        let final_k = field.final_round as usize;
        let mut adjusted = [vec![Points::ZERO; n], vec![Points::ZERO; n]];
        let mut fore_adjusted = [vec![Points::ZERO; n], vec![Points::ZERO; n]];
        let mut fore_own = [vec![Points::ZERO; n], vec![Points::ZERO; n]];
        for (i, e) in field.entrants.iter().enumerate() {
            let last = last_not_vur(field, i);
            // Fore Buchholz plays the final round's pairing as a drawn game: it is then not a
            // voluntary unplayed round, so no requested bye before it is a trailing one.
            let paired_in_final = (1..=e.rounds.len()).contains(&final_k) && e.rounds[final_k - 1].opponent.is_some();
            let fore_last = if paired_in_final { final_k } else { last };
            for s in 0..2 {
                let draw = field.scales[s].draw;
                for (k, r) in e.rounds.iter().enumerate() {
                    let actual = r.points[s];
                    // 16.3.2: a requested bye followed only by VURs (or in the last round,
                    // 16.2.5) is evaluated as a draw; 16.3.1: every other round as awarded.
                    let trailing = |last: usize| !pre_determined && r.kind.is_requested_bye() && k + 1 > last;
                    adjusted[s][i] += if trailing(last) { draw } else { actual };
                    let fore_points = if paired_in_final && k + 1 == final_k { draw } else { actual };
                    fore_adjusted[s][i] += if trailing(fore_last) { draw } else { fore_points };
                    fore_own[s][i] += fore_points;
                }
            }
        }
        Unplayed { field, edition, pre_determined, adjusted, fore_adjusted, fore_own }
    }

    /// Participant `i`'s score `s` as his opponents read it (16.3), or with the final round's
    /// games drawn (`fore`).
    pub fn adjusted(&self, s: usize, i: usize, fore: bool) -> Points {
        if fore {
            self.fore_adjusted[s][i]
        } else {
            self.adjusted[s][i]
        }
    }

    /// True when round `k` (0-based) of participant `i` counts as a game with its opponent:
    /// played over the board; in pre-determined pairings any round with an opponent (15.2); for
    /// Fore Buchholz the final round's pairing (8.3).
    pub fn is_game(&self, i: usize, k: usize, fore: bool) -> bool {
        let r = &self.field.entrants[i].rounds[k];
        r.kind == RoundKind::Played
            || (r.opponent.is_some() && (self.pre_determined || (fore && k + 1 == self.field.final_round as usize)))
    }

    /// The dummy opponent's score for round `k` of participant `i` (16.4): his own score, from
    /// 2026 at most the scheduled opponent's adjusted score for a forfeit (16.4.1) and the points
    /// of a draw times the rounds for every other unplayed round (16.4.2).
    pub fn dummy(&self, s: usize, i: usize, k: usize, fore: bool) -> Points {
        let own = if fore { self.fore_own[s][i] } else { self.field.entrants[i].score[s] };
        if self.edition < Edition::C2026 {
            return own;
        }
        let r = &self.field.entrants[i].rounds[k];
        let cap = match r.opponent {
            Some(o) if r.kind.is_forfeit() => self.adjusted(s, o, fore),
            _ => Points(self.field.scales[s].draw.0 * i64::from(self.field.rounds)),
        };
        own.min(cap)
    }

    /// Each round's contribution to a sum over the opponents of participant `i`: the opponent's
    /// score `so` (adjusted, 16.3) or the dummy's (16.4), times the points scored in score `ss`
    /// when `weighted` (Sonneborn-Berger); rounds without an opponent add nothing in
    /// pre-determined pairings.
    pub fn contributions(&self, i: usize, so: usize, ss: usize, weighted: bool, fore: bool) -> Vec<Contribution> {
        let e = &self.field.entrants[i];
        let mut out = Vec::with_capacity(e.rounds.len());
        for (k, r) in e.rounds.iter().enumerate() {
            let (score, vur) = match r.opponent {
                Some(o) if self.is_game(i, k, fore) => (self.adjusted(so, o, fore), false),
                _ if self.pre_determined => continue,
                _ => (self.dummy(so, i, k, fore), r.kind.is_vur()),
            };
            let score = Value::points(score);
            let value = if weighted { score * Value::points(r.points[ss]) } else { score };
            out.push(Contribution { value, score, vur });
        }
        out
    }
}

/// Removes `low` least significant and `high` most significant contributions (Article 14), the
/// least significant ones by 16.5: of a participant with voluntary unplayed rounds, the lowest
/// contribution of such a round goes first unless it is lower than the least significant
/// value, in which case the higher of the two does (for Buchholz always the unplayed round's);
/// 16.5.2 applies it again for every further cut. The least significant value is the one of the
/// opponent with the lowest score, the lowest contribution among several (14.1.1 d, 14.1.2).
pub fn cut(mut items: Vec<Contribution>, low: u32, high: u32) -> Vec<Contribution> {
    for _ in 0..low {
        let Some(least) = (0..items.len())
            .min_by(|&a, &b| (items[a].score, items[a].value).cmp(&(items[b].score, items[b].value)).then(a.cmp(&b)))
        else {
            break;
        };
        let vur = (0..items.len())
            .filter(|&k| items[k].vur)
            .min_by(|&a, &b| (items[a].value, items[a].score).cmp(&(items[b].value, items[b].score)).then(a.cmp(&b)));
        let gone = match vur {
            Some(v) if items[v].value >= items[least].value => v,
            _ => least,
        };
        items.remove(gone);
    }
    for _ in 0..high {
        let Some(most) = (0..items.len())
            .max_by(|&a, &b| (items[a].score, items[a].value).cmp(&(items[b].score, items[b].value)).then(b.cmp(&a)))
        else {
            break;
        };
        items.remove(most);
    }
    items
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(value: i64, score: i64, vur: bool) -> Contribution {
        Contribution { value: Value::int(value), score: Value::int(score), vur }
    }

    #[test]
    fn a_cut_takes_the_voluntary_unplayed_round_first_unless_it_is_the_lower() {
        // Buchholz: value = score; the VUR (7) goes before the lowest opponent (3), 16.5.1.
        let left = cut(vec![c(3, 3, false), c(7, 7, true), c(5, 5, false)], 1, 0);
        assert_eq!(left.iter().map(|x| x.value).collect::<Vec<_>>(), vec![Value::int(3), Value::int(5)]);
        // Sonneborn-Berger: the VUR's contribution 0 is lower than the least significant
        // value's 2 (opponent with the lowest score, 4): the higher of the two, 2, is cut.
        let left = cut(vec![c(2, 4, false), c(0, 6, true), c(5, 5, false)], 1, 0);
        assert_eq!(left.iter().map(|x| x.value).collect::<Vec<_>>(), vec![Value::int(0), Value::int(5)]);
        // Median: the highest score goes too, with no exception for unplayed rounds.
        let left = cut(vec![c(3, 3, false), c(9, 9, false), c(5, 5, true)], 1, 1);
        assert_eq!(left.iter().map(|x| x.value).collect::<Vec<_>>(), vec![Value::int(3)]);
        assert!(cut(vec![c(1, 1, false)], 2, 2).is_empty());
    }
}
