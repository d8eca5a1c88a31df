//! Structure-aware, histories beyond the rules: the fuzz bytes write a tournament whose past
//! rounds break the rules the way real events do after an arbiter's decisions — colour runs and
//! differences far beyond ±2 (a colour is often repeated on purpose), players who meet again
//! (often chosen among former opponents), double forfeits, second and third pairing-allocated
//! byes, withdrawals and returns, absences in the round to pair, forbidden pairs — as TRF16
//! text. Every system of players pairs the next round through the door (`round::pair`, which
//! guards the pairing with the checker), and
//! - a pairing the checker refuses (`PairError::Internal`) is a crash: the engine and the checker
//!   disagree;
//! - a pairing is checked again by `verify::check` (it must be empty);
//! - "no valid pairing" (exit 1) must be confirmed: the checker's own per-pair rules
//!   (`verify::may_meet`, `verify::may_receive_bye`) hold no complete pairing (exact matching).
#![no_main]

use arbitrary::{Result, Unstructured};
use lexpair::options::PairOptions;
use lexpair::solver::graph::PairingGraph;
use lexpair::solver::matching::pairable_by_matching;
use lexpair::tournament::{round_to_pair, Tournament};
use lexpair::trf::{read_str, ReadOptions};
use lexpair::vocabulary::{PairError, System, Unit};
use libfuzzer_sys::fuzz_target;

/// One round block: opponent (0 for none), colour and result characters.
use lexpair_fuzz::{player_line, Block};

fn tournament_text(u: &mut Unstructured) -> Result<String> {
    let n: u32 = u.int_in_range(2..=20)?;
    let played: usize = u.int_in_range(1..=8)?;
    let total = played as u32 + u.int_in_range(1..=2)?;
    let mut text = format!("012 beyond the rules\nXXR {total}\n");
    text.push_str(if u.arbitrary()? { "XXC white1\n" } else { "XXC black1\n" });
    if u.ratio(1, 4)? {
        text.push_str("BBW  3.0\nBBD  1.0\n");
    }
    for _ in 0..u.int_in_range(0..=2)? {
        let (a, b) = (u.int_in_range(1..=n)?, u.int_in_range(1..=n)?);
        if a != b {
            text.push_str(&format!("XXP {a} {b}\n"));
        }
    }
    // Withdrawals and returns: each player may be away for one stretch of rounds.
    let mut away: Vec<(usize, usize)> = Vec::new();
    for _ in 0..n {
        if u.ratio(1, 6)? {
            let from = u.int_in_range(0..=played)?;
            let to = u.int_in_range(from..=played + 1)?;
            away.push((from, to));
        } else {
            away.push((usize::MAX, usize::MAX));
        }
    }
    let mut blocks: Vec<Vec<Block>> = vec![Vec::new(); n as usize];
    let mut last: Vec<char> = vec!['-'; n as usize];
    let mut met: Vec<Vec<u32>> = vec![Vec::new(); n as usize];
    for r in 0..played {
        let mut present: Vec<u32> = Vec::new();
        for id in 1..=n {
            let (from, to) = away[id as usize - 1];
            if (from..to).contains(&r) {
                let code = *u.choose(&['Z', 'Z', 'H', '-', 'F'])?;
                blocks[id as usize - 1].push((0, '-', code));
            } else if u.ratio(1, 12)? {
                // A pairing-allocated bye by the arbiter's hand (a second or third one too).
                blocks[id as usize - 1].push((0, '-', 'U'));
            } else {
                present.push(id);
            }
        }
        for i in (1..present.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            present.swap(i, j);
        }
        // Meet again: often move a former opponent next to a player.
        let mut k = 0;
        while k + 1 < present.len() {
            let a = present[k];
            if u.ratio(1, 3)? {
                if let Some(pos) = present[k + 1..].iter().position(|p| met[a as usize - 1].contains(p)) {
                    present.swap(k + 1, k + 1 + pos);
                }
            }
            k += 2;
        }
        for pair in present.chunks(2) {
            match *pair {
                [a, b] => {
                    let (ra, rb) = *u.choose(&[
                        ('1', '0'),
                        ('0', '1'),
                        ('=', '='),
                        ('1', '0'),
                        ('+', '-'),
                        ('-', '+'),
                        ('-', '-'),
                    ])?;
                    // Colours: often repeat a player's last colour, to build runs and differences.
                    let a_white = if u.ratio(2, 3)? && last[a as usize - 1] != '-' {
                        last[a as usize - 1] == 'w'
                    } else if u.ratio(1, 2)? && last[b as usize - 1] != '-' {
                        last[b as usize - 1] == 'b'
                    } else {
                        u.arbitrary()?
                    };
                    let (ca, cb) = if a_white { ('w', 'b') } else { ('b', 'w') };
                    blocks[a as usize - 1].push((b, ca, ra));
                    blocks[b as usize - 1].push((a, cb, rb));
                    if !matches!(ra, '+' | '-') {
                        last[a as usize - 1] = ca;
                        last[b as usize - 1] = cb;
                        met[a as usize - 1].push(b);
                        met[b as usize - 1].push(a);
                    }
                }
                [a] => blocks[a as usize - 1].push((0, '-', 'U')),
                _ => {}
            }
        }
    }
    for id in 1..=n {
        let mut line = player_line(u, id, &blocks[id as usize - 1])?;
        let (from, to) = away[id as usize - 1];
        if (from..to).contains(&played) || u.ratio(1, 12)? {
            line.push_str(&format!("  0000 - {}", u.choose(&['H', 'Z', 'F'])?));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    Ok(text)
}

/// Does a pairing exist that the checker's per-pair rules admit (exact matching)?
fn legal_pairing_exists(system: System, t: &Tournament) -> bool {
    let present = t.present();
    let mut g = PairingGraph::new(present.len());
    for a in 0..present.len() {
        for b in a + 1..present.len() {
            if lexpair::verify::may_meet(system, t, present[a], present[b]) {
                g.add_edge(a, b);
            }
        }
    }
    g.bye_eligible = present.iter().map(|&i| lexpair::verify::may_receive_bye(system, t, i)).collect();
    pairable_by_matching(&g).is_pairable()
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = tournament_text(&mut u) else {
        return;
    };
    let doc = match read_str(&text, "beyond.trf", &ReadOptions { check_scores: false }) {
        Ok(doc) => doc,
        Err(e) => panic!("a tournament was refused: {e}\n{text}"),
    };
    let Ok(round) = round_to_pair(&doc, None) else {
        return;
    };
    let Ok(t) = Tournament::before_round(&doc, round) else {
        return;
    };
    // The whole field is defined by a formulation file: the shipped example.
    let field = PairOptions { model: Some(lexpair::systems::field::example()), ..PairOptions::default() };
    let plain = PairOptions::default();
    let options = |s: System| if s == System::Field { &field } else { &plain };
    for system in System::ALL.into_iter().filter(|s| s.registration().unit() == Unit::Player) {
        match lexpair::round::pair(&t, system, options(system)) {
            Ok(r) => {
                // The door adds a bye the arbiter entered in advance after the checker: judge the
                // system's own pairing.
                let mut p = r.pairing;
                if p.bye.is_some() && p.bye == t.preassigned_bye {
                    p.bye = None;
                }
                let v = lexpair::verify::check(system, &t, &p);
                assert!(v.is_empty(), "{system}: the checker refuses {v:?}\n{text}");
            }
            Err(PairError::Internal(e)) => panic!("{system}: engine and checker disagree: {e}\n{text}"),
            Err(PairError::NoValidPairing(why)) => {
                assert!(
                    !legal_pairing_exists(system, &t),
                    "{system}: exit 1 ({why}) but a legal pairing exists\n{text}"
                );
            }
            Err(_) => {}
        }
    }
});
