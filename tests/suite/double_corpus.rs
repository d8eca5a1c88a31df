//! The Double-Swiss witness corpus (`tests/data/double-2026`, its README says how it was made):
//! 60 tournaments paired match by match by pairing-core 0.4.1, every match re-paired by Gacrux
//! 1.11.65 through a team transform (pairs and PAB; Gacrux's C.04.6 procedure is C.04.5's, its
//! colours are not). A match is `agreed` when both witnesses give the same pairs and PAB.
//!
//! Required, and asserted here:
//! - on every agreed match lexpair gives the same pairs and PAB; where its colours differ from
//!   pairing-core's, the pair is one whose histories hold a match without a colour and the
//!   difference is exactly pairing-core's round-number alignment of 4.3.3 against C.04.2 3.4
//!   ("unplayed rounds are removed and treated as if at the start of the history");
//! - on every other match lexpair gives Gacrux's pairs and PAB: pairing-core's [C6] there checks
//!   only that the following scoregroup can form a legal bracket, not that it needs no more
//!   upfloaters than it must (2.3.3; `double_rules::c6_the_following_scoregroup_keeps_its_pairing`);
//! - the positions pairing-core could not pair are paired, as Gacrux pairs them.

use lexpair::double::DoubleTournament;
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::round::{pair, Event, Field};
use lexpair::systems::double::colours::{allocate_with_rule, Rule};
use lexpair::trf::{self, Colour, ReadOptions};
use lexpair::vocabulary::System;
use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

fn data() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/double-2026")
}

/// `a-b c-d` as ordered pairs.
fn parse_pairs(s: &str) -> Vec<(u32, u32)> {
    s.split_whitespace()
        .filter_map(|p| p.split_once('-'))
        .map(|(a, b)| (a.parse().expect("an id"), b.parse().expect("an id")))
        .collect()
}

fn unordered(v: &[(u32, u32)]) -> BTreeSet<(u32, u32)> {
    v.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect()
}

fn bye(s: &str) -> Option<u32> {
    s.trim().parse().ok()
}

/// lexpair's pairing of the position: ordered (match White first) pairs and the PAB.
fn lexpair_pairs(t: &DoubleTournament) -> (Vec<(u32, u32)>, Option<u32>, RoundPairing) {
    let round = pair(t, System::DoubleSwiss2026, &PairOptions::default()).unwrap_or_else(|e| panic!("{e}"));
    let p = round.pairing;
    let id = |i: usize| t.players[i].id;
    (p.boards.iter().map(|b| (id(b.white), id(b.black))).collect(), p.bye.map(id), p)
}

/// pairing-core's reading of 4.3.3: histories aligned by match number (not squeezed), a match
/// where either has no colour skipped; the other rules as the text has them.
fn white_by_round_number_alignment(t: &DoubleTournament, a: usize, b: usize) -> usize {
    let (pa, pb) = (&t.players[a], &t.players[b]);
    let (h, o) =
        if (pa.score, std::cmp::Reverse(pa.tpn)) > (pb.score, std::cmp::Reverse(pb.tpn)) { (a, b) } else { (b, a) };
    let (ph, po) = (&t.players[h], &t.players[o]);
    let give = |who: usize, c: Colour| {
        if c == Colour::White {
            who
        } else if who == h {
            o
        } else {
            h
        }
    };
    if ph.colours.is_empty() && po.colours.is_empty() {
        let initial = t.initial_colour.expect("an initial colour");
        return give(h, if ph.tpn % 2 == 1 { initial } else { initial.opposite() });
    }
    if ph.whites != po.whites {
        return if ph.whites < po.whites { h } else { o };
    }
    let n = ph.history.len().max(po.history.len());
    for k in (0..n).rev() {
        let (x, y) = (ph.history.get(k).and_then(|m| m.colour), po.history.get(k).and_then(|m| m.colour));
        if let (Some(x), Some(y)) = (x, y) {
            if x != y {
                return give(h, x.opposite());
            }
        }
    }
    match (ph.colours.last(), po.colours.last()) {
        (Some(&c), _) => give(h, c.opposite()),
        (None, Some(&c)) => give(o, c.opposite()),
        (None, None) => unreachable!("4.3.1 decides"),
    }
}

#[test]
fn identical_on_every_agreed_match_and_gacrux_where_the_witnesses_disagree() {
    let text = std::fs::read_to_string(data().join("witnesses.csv")).expect("witnesses.csv");
    let (mut agreed, mut agreed_same, mut agreed_colours_same, mut judged) = (0, 0, 0, 0);
    let (mut colour_pairs, mut rows) = (0, 0);
    let mut docs = std::collections::HashMap::new();
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (name, k) = (f[0], f[1].parse::<u32>().expect("a match"));
        let doc = docs.entry(name.to_string()).or_insert_with(|| {
            let path = data().join("tournaments").join(format!("{name}.trf"));
            trf::read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"))
        });
        let Event::Double(t) = Event::before_round(doc, k).unwrap_or_else(|e| panic!("{name} {k}: {e}")) else {
            panic!("{name}: not read as Double-Swiss");
        };
        rows += 1;
        let (got, got_bye, pairing) = lexpair_pairs(&t);
        let (pc, pc_bye) = (parse_pairs(f[2]), bye(f[3]));
        let (gx, gx_bye) = (parse_pairs(f[4]), bye(f[5]));
        let same_as = |w: &[(u32, u32)], wb: Option<u32>| unordered(&got) == unordered(w) && got_bye == wb;
        if f[6] == "yes" {
            agreed += 1;
            assert!(
                same_as(&pc, pc_bye),
                "{name} match {k}: the witnesses agree on {pc:?} bye {pc_bye:?}, lexpair {got:?} bye {got_bye:?}"
            );
            agreed_same += 1;
            let pc_white: BTreeSet<u32> = pc.iter().map(|&(w, _)| w).collect();
            let mut all_colours = true;
            for b in &pairing.boards {
                let (w, bl) = (t.players[b.white].id, t.players[b.black].id);
                if pc_white.contains(&w) {
                    continue;
                }
                all_colours = false;
                colour_pairs += 1;
                let (_, _, rule) = allocate_with_rule(&t, b.white, b.black).expect("colours");
                let gap = |i: usize| t.players[i].history.iter().any(|m| m.colour.is_none());
                assert!(
                    matches!(rule, Rule::Alternate | Rule::HigherRankedAlternates | Rule::OpponentAlternates)
                        && (gap(b.white) || gap(b.black)),
                    "{name} match {k}: {w}-{bl} colours differ from pairing-core's under {rule:?}"
                );
                assert_eq!(
                    t.players[white_by_round_number_alignment(&t, b.white, b.black)].id,
                    bl,
                    "{name} match {k}: pairing-core's White in {w}-{bl} is not its round-number alignment"
                );
            }
            agreed_colours_same += usize::from(all_colours);
        } else {
            assert!(
                same_as(&gx, gx_bye),
                "{name} match {k}: Gacrux {gx:?} bye {gx_bye:?}, lexpair {got:?} bye {got_bye:?}"
            );
            judged += 1;
        }
    }
    eprintln!(
        "double-2026 witness corpus: identical {agreed_same}/{agreed} agreed matches (pairs and PAB), colours as \
         pairing-core's on {agreed_colours_same}/{agreed} ({colour_pairs} pairs differ, each 4.3.3 under C.04.2 3.4); \
         {judged} of {} disagreements judged for Gacrux's reading of [C6]",
        rows - agreed
    );
    assert_eq!((rows, agreed), (353, 340), "the corpus");
    assert_eq!(judged, 13);
}

/// pairing-core 0.4.1 gave up on these positions (its [C5]/[C6] readings, or its budget):
/// lexpair pairs every one, as Gacrux does.
#[test]
fn the_positions_pairing_core_could_not_pair_are_paired_as_gacrux_pairs_them() {
    let dir = data().join("unpaired-by-pairing-core");
    let text = std::fs::read_to_string(dir.join("positions.csv")).expect("positions.csv");
    let mut n = 0;
    for line in text.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let doc = trf::read_file(&dir.join(f[0]), &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        let k = f[1].parse::<u32>().expect("a match");
        let t = DoubleTournament::before_round(&doc, k).unwrap_or_else(|e| panic!("{}: {e}", f[0]));
        let (got, got_bye, _) = lexpair_pairs(&t);
        assert_eq!(unordered(&got), unordered(&parse_pairs(f[2])), "{}", f[0]);
        assert_eq!(got_bye, bye(f[3]), "{}", f[0]);
        n += 1;
    }
    assert_eq!(n, 293);
}

/// Both routes agree on the corpus: every program solved (no first-candidate shortcut) gives the
/// shortcuts' pairing, and the door's checker passes every match.
#[test]
fn the_programs_and_the_shortcuts_agree_on_every_match() {
    let opts = PairOptions { second_opinion: true, ..PairOptions::default() };
    for entry in std::fs::read_dir(data().join("tournaments")).expect("tournaments") {
        let path = entry.expect("an entry").path();
        let doc = trf::read_file(&path, &ReadOptions::default()).unwrap_or_else(|e| panic!("{e}"));
        for k in 1..=Event::rounds_in_file(&doc) {
            let event = Event::before_round(&doc, k).unwrap_or_else(|e| panic!("{e}"));
            let field: Field = event.field();
            pair(field, System::DoubleSwiss2026, &opts).unwrap_or_else(|e| panic!("{} match {k}: {e}", path.display()));
        }
    }
}
