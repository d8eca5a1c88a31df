//! Pairs that must not meet in the round to pair (JaVaFo `XXP`, TRF-2026 `260`), kept as the
//! groups the file states them in: a line of k ids forbids k(k-1)/2 pairs, and a line of 100,000
//! ids (or a group of all 9,999 players) expanded pair by pair took minutes and gigabytes before
//! the first pairing question was asked (issue 43, item 9). A group is stored once, sorted; each
//! unit knows the groups it is in; asking about a pair looks its partner up in those groups.
//! Single pairs added by the tools (`--why-not` forcing a pair out, a test) are kept apart.
//!
//! Units are indices (players, teams or Double-Swiss players, by pairing number); the sets are
//! built for one round, the `260` ranges already applied.

use serde::ser::{Serialize, SerializeSeq, Serializer};
use std::collections::HashSet;

/// The forbidden pairs of a round, by unit index.
#[derive(Clone, Debug, Default)]
pub struct Forbidden {
    /// Each group sorted, without repeats, of at least two units.
    groups: Vec<Vec<usize>>,
    /// `member_of[u]`: the groups unit `u` is in.
    member_of: Vec<Vec<usize>>,
    /// Single pairs `(a, b)`, `a < b`.
    pairs: HashSet<(usize, usize)>,
}

impl Forbidden {
    /// No pair forbidden.
    pub fn new() -> Forbidden {
        Forbidden::default()
    }

    /// Forbids every pair of `units` (in any order, repeats ignored).
    pub fn add_group(&mut self, units: impl IntoIterator<Item = usize>) {
        let mut g: Vec<usize> = units.into_iter().collect();
        g.sort_unstable();
        g.dedup();
        if g.len() < 2 {
            return;
        }
        let k = self.groups.len();
        for &u in &g {
            if self.member_of.len() <= u {
                self.member_of.resize(u + 1, Vec::new());
            }
            self.member_of[u].push(k);
        }
        self.groups.push(g);
    }

    /// Forbids the pair `(a, b)` (either order); true when it was not forbidden yet.
    pub fn insert(&mut self, (a, b): (usize, usize)) -> bool {
        if a == b || self.contains(&(a, b)) {
            return false;
        }
        self.pairs.insert((a.min(b), a.max(b)))
    }

    /// True when `a` and `b` (either order) must not meet.
    pub fn contains(&self, &(a, b): &(usize, usize)) -> bool {
        if a == b {
            return false;
        }
        if !self.pairs.is_empty() && self.pairs.contains(&(a.min(b), a.max(b))) {
            return true;
        }
        // Two units share a group when their lists of groups (each ascending) meet.
        let (Some(x), Some(y)) = (self.member_of.get(a), self.member_of.get(b)) else { return false };
        let (mut i, mut j) = (0, 0);
        while let (Some(&g), Some(&h)) = (x.get(i), y.get(j)) {
            match g.cmp(&h) {
                std::cmp::Ordering::Equal => return true,
                std::cmp::Ordering::Less => i += 1,
                std::cmp::Ordering::Greater => j += 1,
            }
        }
        false
    }

    /// True when no pair is forbidden.
    pub fn is_empty(&self) -> bool {
        self.groups.is_empty() && self.pairs.is_empty()
    }

    /// The groups, each sorted, then the single pairs as groups of two (sorted): every pair of
    /// units inside one of them is forbidden. What the state's JSON lists.
    pub fn groups(&self) -> Vec<Vec<usize>> {
        let mut pairs: Vec<Vec<usize>> = self.pairs.iter().map(|&(a, b)| vec![a, b]).collect();
        pairs.sort_unstable();
        self.groups.iter().cloned().chain(pairs).collect()
    }
}

/// Two sets are equal when they forbid the same pairs (the groups may be cut differently).
impl PartialEq for Forbidden {
    fn eq(&self, other: &Self) -> bool {
        let covers = |x: &Forbidden, y: &Forbidden| {
            x.pairs.iter().all(|p| y.contains(p))
                && x.groups
                    .iter()
                    .all(|g| g.iter().enumerate().all(|(k, &a)| g[k + 1..].iter().all(|&b| y.contains(&(a, b)))))
        };
        covers(self, other) && covers(other, self)
    }
}

impl Serialize for Forbidden {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let groups = self.groups();
        let mut seq = s.serialize_seq(Some(groups.len()))?;
        for g in &groups {
            seq.serialize_element(g)?;
        }
        seq.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_group_forbids_every_pair_inside_it_and_no_other() {
        let mut f = Forbidden::new();
        f.add_group([4, 1, 7, 1]);
        assert!(f.contains(&(1, 4)) && f.contains(&(7, 1)) && f.contains(&(4, 7)));
        assert!(!f.contains(&(1, 2)) && !f.contains(&(1, 1)) && !f.contains(&(9, 4)));
        assert!(f.insert((2, 3)) && !f.insert((3, 2)) && !f.insert((1, 7)));
        assert!(f.contains(&(3, 2)));
        assert_eq!(f.groups(), vec![vec![1, 4, 7], vec![2, 3]]);
        let mut g = Forbidden::new();
        for (a, b) in [(1, 4), (1, 7), (4, 7), (2, 3)] {
            g.insert((a, b));
        }
        assert_eq!(f, g, "the same pairs, cut otherwise");
        g.insert((5, 6));
        assert_ne!(f, g);
    }

    #[test]
    fn a_hundred_thousand_ids_are_one_group_of_the_distinct_ones() {
        let mut f = Forbidden::new();
        f.add_group((0..100_000).map(|k| k % 9_999));
        assert_eq!(f.groups.len(), 1);
        assert_eq!(f.groups[0].len(), 9_999);
        assert!(f.contains(&(0, 9_998)) && !f.contains(&(0, 9_999)));
    }
}
