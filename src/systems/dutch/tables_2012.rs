//! Golden tests: the worked tables of section D of the 2012 Dutch rules (Istanbul 2012, also the
//! basis of the 2017 and 2026 orders), checked against the very tie-break stages the solver uses
//! ([`super::order`]). A stage vector is evaluated on the pairing a table entry generates; the
//! tables' generation order must be the stages' lexicographic order.

use super::bracket::{Bracket, Kind};
use super::order::{exchange_stages, mdp_set_stages, transposition_stages};
use super::round::Round;
use super::Edition;
use crate::model::{Stage, Var};
use crate::tournament::Tournament;
use crate::trf::{read_str, ReadOptions};
use std::collections::HashSet;

/// `n` players before round 1: one homogeneous bracket, every pair allowed.
fn round_one(n: u32) -> Tournament {
    let mut text = String::from("012 tables\nXXR 5\nXXC white1\n");
    for id in 1..=n {
        let rating = 2500 - id;
        text.push_str(&format!(
            "001 {id:>4}      {:<33} {rating:>4}                             0.0\n",
            format!("Player {id}")
        ));
    }
    let doc = read_str(&text, "tables.trf", &ReadOptions::default()).expect("valid TRF");
    Tournament::before_round(&doc, 1).expect("round 1")
}

/// The stage vector of the pairing `pairs` (local numbers, BSN - 1), the others floating.
fn vector(b: &Bracket, stages: &[Stage], pairs: &[(usize, usize)]) -> Vec<i64> {
    let edge = super::bracket::PairIndex::of(&b.model);
    let mut ones: HashSet<Var> = HashSet::new();
    let mut paired = vec![false; b.nb];
    for &(x, y) in pairs {
        ones.insert(Var::Pair(edge.get(x, y).expect("a pair of the model")));
        paired[x] = true;
        paired[y] = true;
    }
    (0..b.nb).filter(|&i| !paired[i]).for_each(|i| {
        ones.insert(Var::Float(i));
    });
    stages.iter().map(|s| s.cost.value(&|v| ones.contains(&v))).collect()
}

/// S1 paired in order with S2 (BSNs, 1-based), as local pairs.
fn zip(s1: &[usize], s2: &[usize]) -> Vec<(usize, usize)> {
    s1.iter().zip(s2).map(|(&a, &b)| (a - 1, b - 1)).collect()
}

fn bracket(n: u32, mdps: usize) -> (Tournament, Vec<usize>, usize) {
    let t = round_one(n);
    let players: Vec<usize> = (0..n as usize).collect();
    (t, players, mdps)
}

#[test]
fn d1_transpositions_follow_the_lexicographic_order_of_s2() {
    // D.1.1: S1 = 1..5, S2 = 6..11; 720 transpositions, 0: 6-7-8-9-10-11, 1: 6-7-8-9-11-10,
    // 2: 6-7-8-10-9-11, ..., 23: 6-7-11-10-9-8, 24: 6-8-7-..., 719: 11-10-9-8-7-6.
    let (t, players, _) = bracket(11, 0);
    let r = Round::new(&t, Edition::E2012, crate::audit::Audit::default());
    let b = Bracket::build(&r, &players, 0, Kind::Last);
    let stages = transposition_stages(&b, &[0, 1, 2, 3, 4]);
    let mut perms: Vec<Vec<usize>> = Vec::new();
    permutations(&mut (6..=11).collect(), 0, &mut perms);
    perms.sort(); // lexicographic order of S2 sequences = the table's numbering
    assert_eq!(perms.len(), 720);
    assert_eq!(perms[1], vec![6, 7, 8, 9, 11, 10]);
    assert_eq!(perms[2], vec![6, 7, 8, 10, 9, 11]);
    assert_eq!(perms[23], vec![6, 7, 11, 10, 9, 8]);
    assert_eq!(perms[24][..3], [6, 8, 7]);
    assert_eq!(perms[719], vec![11, 10, 9, 8, 7, 6]);
    let vectors: Vec<Vec<i64>> = perms.iter().map(|p| vector(&b, &stages, &zip(&[1, 2, 3, 4, 5], p))).collect();
    for k in 1..vectors.len() {
        assert!(vectors[k - 1] < vectors[k], "transposition {} is not ranked before {}", k - 1, k);
    }
}

fn permutations(v: &mut Vec<usize>, k: usize, out: &mut Vec<Vec<usize>>) {
    if k == v.len() {
        out.push(v.clone());
        return;
    }
    for i in k..v.len() {
        v.swap(k, i);
        permutations(v, k + 1, out);
        v.swap(k, i);
    }
}

/// The pairing an exchange generates first (identity transposition of the new subgroups).
fn exchanged(s1_out: &[usize], s2_in: &[usize]) -> Vec<(usize, usize)> {
    let mut s1: Vec<usize> = (1..=5).filter(|x| !s1_out.contains(x)).chain(s2_in.iter().copied()).collect();
    let mut s2: Vec<usize> = (6..=11).filter(|x| !s2_in.contains(x)).chain(s1_out.iter().copied()).collect();
    s1.sort_unstable();
    s2.sort_unstable();
    zip(&s1, &s2)
}

/// An exchange of a D.2 table: S1 players out, S2 players in, its number in the table.
type Entry = (Vec<usize>, Vec<usize>, u32);

/// Checks tables of D.2, generated one after the other (fewer players exchanged first): each
/// table's entries are (S1 players out, S2 players in, number). Walking them in order, a pairing
/// generated for the first time must rank strictly better on the exchange stages than every
/// later new one; a pairing met again was generated earlier. Returns the number of new
/// pairings per table.
fn check_exchange_tables(tables: &[Vec<Entry>]) -> Vec<usize> {
    let (t, players, _) = bracket(11, 0);
    let r = Round::new(&t, Edition::E2012, crate::audit::Audit::default());
    let b = Bracket::build(&r, &players, 0, Kind::Last);
    let rem: Vec<usize> = (0..11).collect();
    let stages = exchange_stages(&b, &rem, 5);
    let mut seen: Vec<Vec<i64>> = vec![vector(&b, &stages, &zip(&[1, 2, 3, 4, 5], &[6, 7, 8, 9, 10]))];
    let mut firsts = Vec::new();
    for entries in tables {
        let mut sorted = entries.clone();
        sorted.sort_by_key(|e| e.2);
        assert_eq!(sorted.iter().map(|e| e.2).collect::<Vec<_>>(), (1..=entries.len() as u32).collect::<Vec<_>>());
        let mut new = 0;
        for (out, inn, no) in &sorted {
            let v = vector(&b, &stages, &exchanged(out, inn));
            if seen.contains(&v) {
                continue; // generated before (D.2 remark: repetitions are harmless)
            }
            let last = seen.last().expect("identity first");
            assert!(*last < v, "exchange {no} ({out:?} for {inn:?}) ranks before an earlier one");
            seen.push(v);
            new += 1;
        }
        firsts.push(new);
    }
    firsts
}

fn one_player_table() -> Vec<Entry> {
    // Rows S2 player 6..11, columns S1 player 5, 4, 3, 2, 1.
    let table: [[u32; 5]; 6] = [
        [1, 3, 6, 10, 15],
        [2, 5, 9, 14, 20],
        [4, 8, 13, 19, 24],
        [7, 12, 18, 23, 27],
        [11, 17, 22, 26, 29],
        [16, 21, 25, 28, 30],
    ];
    let mut entries = Vec::new();
    for (row, s2) in (6..=11).enumerate() {
        for (col, s1) in [5, 4, 3, 2, 1].into_iter().enumerate() {
            entries.push((vec![s1], vec![s2], table[row][col]));
        }
    }
    entries
}

#[test]
fn d2_one_player_exchanges_follow_the_table() {
    let entries = one_player_table();
    // The first ones by hand: 5 for 6 (difference 1), 5 for 7 (2), 4 for 6 (2).
    assert_eq!(entries.iter().find(|e| e.2 == 3).map(|e| (e.0[0], e.1[0])), Some((4, 6)));
    let firsts = check_exchange_tables(&[entries]);
    assert!(firsts[0] > 10, "{firsts:?}");
    // A repetition (D.2 remark): 1 for 11 (#30) pairs 2-1 3-6 4-7 5-8 11-9; its pairs are headed
    // by 1 3 4 5 9, the S1 that 2 for 9 (#23) makes: the same exchange, met again.
    let (t, players, _) = bracket(11, 0);
    let r = Round::new(&t, Edition::E2012, crate::audit::Audit::default());
    let b = Bracket::build(&r, &players, 0, Kind::Last);
    let stages = exchange_stages(&b, &(0..11).collect::<Vec<_>>(), 5);
    let v30 = vector(&b, &stages, &exchanged(&[1], &[11]));
    assert_eq!(v30, vector(&b, &stages, &exchanged(&[2], &[9])));
    assert!(vector(&b, &stages, &exchanged(&[5], &[6])) < v30);
}

#[test]
fn d2_two_player_exchanges_follow_the_table() {
    // D.2, exchange of two players: rows S2 pairs, columns S1 pairs (5,4 5,3 ... 2,1).
    let s1 = [[5, 4], [5, 3], [5, 2], [5, 1], [4, 3], [4, 2], [4, 1], [3, 2], [3, 1], [2, 1]];
    let s2 = [
        [6, 7],
        [6, 8],
        [6, 9],
        [6, 10],
        [6, 11],
        [7, 8],
        [7, 9],
        [7, 10],
        [7, 11],
        [8, 9],
        [8, 10],
        [8, 11],
        [9, 10],
        [9, 11],
        [10, 11],
    ];
    let table: [[u32; 10]; 15] = [
        [1, 3, 7, 14, 8, 16, 28, 29, 45, 65],
        [2, 6, 13, 24, 15, 27, 43, 44, 64, 85],
        [4, 11, 22, 37, 25, 41, 60, 62, 83, 104],
        [9, 20, 35, 53, 39, 58, 79, 81, 102, 120],
        [17, 32, 50, 71, 55, 76, 96, 99, 117, 132],
        [5, 12, 23, 38, 26, 42, 61, 63, 84, 105],
        [10, 21, 36, 54, 40, 59, 80, 82, 103, 121],
        [18, 33, 51, 72, 56, 77, 97, 100, 118, 133],
        [30, 48, 69, 90, 74, 94, 113, 115, 130, 141],
        [19, 34, 52, 73, 57, 78, 98, 101, 119, 134],
        [31, 49, 70, 91, 75, 95, 114, 116, 131, 142],
        [46, 67, 88, 108, 92, 111, 126, 128, 139, 146],
        [47, 68, 89, 109, 93, 112, 127, 129, 140, 147],
        [66, 87, 107, 123, 110, 125, 137, 138, 145, 149],
        [86, 106, 122, 135, 124, 136, 143, 144, 148, 150],
    ];
    let mut entries = Vec::new();
    for (row, y) in s2.iter().enumerate() {
        for (col, x) in s1.iter().enumerate() {
            entries.push((x.to_vec(), y.to_vec(), table[row][col]));
        }
    }
    // After all one-player exchanges (D.2: fewest players exchanged first).
    let firsts = check_exchange_tables(&[one_player_table(), entries]);
    assert!(firsts[1] > 0, "{firsts:?}");
}

#[test]
fn d2_three_player_exchanges_start_as_listed() {
    // D.2, exchange of three players: the first six exchanges listed in the text.
    let listed = [
        ([5, 4, 3], [6, 7, 8]),
        ([5, 4, 3], [6, 7, 9]),
        ([5, 4, 2], [6, 7, 8]),
        ([5, 4, 3], [6, 7, 10]),
        ([5, 4, 3], [6, 8, 9]),
        ([5, 4, 2], [6, 7, 9]),
    ];
    let entries: Vec<Entry> =
        listed.iter().enumerate().map(|(k, (x, y))| (x.to_vec(), y.to_vec(), k as u32 + 1)).collect();
    let firsts = check_exchange_tables(&[entries]);
    assert!(firsts[0] > 0, "{firsts:?}");
}

#[test]
fn d3_moved_down_players_in_s1_follow_the_table() {
    // D.3: M0 = 5 (players 1-5 moved down), S1 sets in descending priority for each M1.
    let columns: [(usize, &[&[usize]]); 4] = [
        (4, &[&[1, 2, 3, 4], &[1, 2, 3, 5], &[1, 2, 4, 5], &[1, 3, 4, 5], &[2, 3, 4, 5]]),
        (
            3,
            &[
                &[1, 2, 3],
                &[1, 2, 4],
                &[1, 2, 5],
                &[1, 3, 4],
                &[1, 3, 5],
                &[1, 4, 5],
                &[2, 3, 4],
                &[2, 3, 5],
                &[2, 4, 5],
                &[3, 4, 5],
            ],
        ),
        (2, &[&[1, 2], &[1, 3], &[1, 4], &[1, 5], &[2, 3], &[2, 4], &[2, 5], &[3, 4], &[3, 5], &[4, 5]]),
        (1, &[&[1], &[2], &[3], &[4], &[5]]),
    ];
    let (t, players, mdps) = bracket(10, 5);
    let r = Round::new(&t, Edition::E2012, crate::audit::Audit::default());
    let b = Bracket::build(&r, &players, mdps, Kind::Last);
    let stages = mdp_set_stages(&b);
    for (m1, sets) in columns {
        let vectors: Vec<Vec<i64>> = sets
            .iter()
            .map(|set| {
                assert_eq!(set.len(), m1);
                vector(&b, &stages, &zip(set, &[6, 7, 8, 9, 10][..m1]))
            })
            .collect();
        for k in 1..vectors.len() {
            assert!(vectors[k - 1] < vectors[k], "M1 = {m1}: {:?} must come before {:?}", sets[k - 1], sets[k]);
        }
    }
}
