//! Structure-aware: the fuzz bytes choose a valid tournament (field, point system, initial
//! colour, forbidden pairs, past rounds with games, forfeits, byes and absences, absences in
//! the round to pair), written as TRF16 text. The reader must accept it, and every system must
//! pair it or say why not, never panic, and give the same answer twice (one system per execution,
//! chosen by the input); a pairing the checker refuses (`PairError::Internal`: engine and checker
//! disagree) is a crash.
#![no_main]

use arbitrary::{Result, Unstructured};
use lexpair::tournament::{round_to_pair, Tournament};
use lexpair::trf::{read_str, ReadOptions};
use lexpair::vocabulary::{PairError, PairOptions, System};
use libfuzzer_sys::fuzz_target;

/// One round block: opponent (0 for none), colour and result characters.
type Block = (u32, char, char);

fn tournament_text(u: &mut Unstructured) -> Result<String> {
    let n: u32 = u.int_in_range(1..=24)?;
    let played: usize = u.int_in_range(0..=6)?;
    let total = played as u32 + u.int_in_range(1..=3)?;
    let mut text = format!("012 structured fuzz tournament\nXXR {total}\n");
    match u.int_in_range(0..=2)? {
        0 => text.push_str("XXC white1\n"),
        1 => text.push_str("XXC black1\n"),
        _ => {}
    }
    match u.int_in_range(0..=3)? {
        0 => text.push_str("BBU  0.5\n"),
        1 => text.push_str("BBW  3.0\nBBD  1.0\n"),
        _ => {}
    }
    for _ in 0..u.int_in_range(0..=3)? {
        let (a, b) = (u.int_in_range(1..=n)?, u.int_in_range(1..=n)?);
        if a != b {
            text.push_str(&format!("XXP {a} {b}\n"));
        }
    }
    let mut blocks: Vec<Vec<Block>> = vec![Vec::new(); n as usize];
    for _ in 0..played {
        let mut present: Vec<u32> = Vec::new();
        for id in 1..=n {
            if u.ratio(1, 8)? {
                let bye = *u.choose(&['H', 'F', 'Z', 'U', '-'])?;
                let bye = if bye == 'U' { 'Z' } else { bye };
                blocks[id as usize - 1].push((0, '-', bye));
            } else {
                present.push(id);
            }
        }
        // A random order of the present players, paired two by two; the odd one out gets the PAB.
        for i in (1..present.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            present.swap(i, j);
        }
        for pair in present.chunks(2) {
            match *pair {
                [a, b] => {
                    let (ra, rb) =
                        *u.choose(&[('1', '0'), ('0', '1'), ('=', '='), ('+', '-'), ('-', '+'), ('-', '-')])?;
                    let (ca, cb) = if u.arbitrary()? { ('w', 'b') } else { ('b', 'w') };
                    blocks[a as usize - 1].push((b, ca, ra));
                    blocks[b as usize - 1].push((a, cb, rb));
                }
                [a] => blocks[a as usize - 1].push((0, '-', 'U')),
                _ => {}
            }
        }
    }
    for id in 1..=n {
        let rating = u.int_in_range(1000..=2800u32)?;
        let mut line = format!(
            "001 {id:>4} m    {:<33} {rating:>4} {:<3} {:>11} {:<10} {:>4} {:>4}",
            format!("Player {id}"),
            "",
            "",
            "",
            "",
            id
        );
        for &(opponent, colour, result) in &blocks[id as usize - 1] {
            let opponent = if opponent == 0 { "0000".to_string() } else { format!("{opponent:>4}") };
            line.push_str(&format!("  {opponent} {colour} {result}"));
        }
        if u.ratio(1, 10)? {
            line.push_str(&format!("  0000 - {}", u.choose(&['H', 'F', 'Z'])?));
        }
        text.push_str(line.trim_end());
        text.push('\n');
    }
    Ok(text)
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(text) = tournament_text(&mut u) else {
        return;
    };
    let doc = match read_str(&text, "structured.trf", &ReadOptions { check_scores: false }) {
        Ok(doc) => doc,
        Err(e) => panic!("a valid tournament was refused: {e}\n{text}"),
    };
    let round = match round_to_pair(&doc, None) {
        Ok(r) => r,
        Err(e) => panic!("no round to pair: {e}\n{text}"),
    };
    let Ok(t) = Tournament::before_round(&doc, round) else {
        return; // the tournament is complete (XXR rounds paired)
    };
    // The whole field is defined by a formulation file: the shipped example.
    let field = PairOptions { model: Some(lexpair::systems::field::example()), ..PairOptions::default() };
    let plain = PairOptions::default();
    let options = |s: System| if s == System::Field { &field } else { &plain };
    // The same answer twice: one system per execution, chosen by the input (pairing every system
    // twice halved the executions a campaign reaches).
    let twice = *u.choose(&System::ALL).unwrap_or(&System::ALL[0]);
    for system in System::ALL {
        let first = lexpair::round::pair(&t, system, options(system));
        // The door guards every pairing with the checker: a refusal is the engine and the
        // checker disagreeing, a crash.
        if let Err(PairError::Internal(e)) = &first {
            panic!("{system}: engine and checker disagree: {e}\n{text}");
        }
        let first = first.map(|r| r.pairing.to_pairs_text(&t)).map_err(|e| e.to_string());
        if system == twice {
            let again =
                lexpair::round::pair(&t, system, options(system)).map(|r| r.pairing.to_pairs_text(&t)).map_err(|e| e.to_string());
            assert_eq!(first, again, "{system}: two runs differ\n{text}");
        }
    }
});
