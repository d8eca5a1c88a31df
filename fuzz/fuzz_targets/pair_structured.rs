//! Structure-aware: the fuzz bytes choose a valid tournament (field, point system, initial
//! colour, forbidden pairs, past rounds with games, forfeits, byes and absences, absences in
//! the round to pair), written as TRF16 text. The reader must accept it, and every system must
//! pair it or say why not, never panic, and give the same answer twice (one system per execution,
//! chosen by the input); a pairing the checker refuses (`PairError::Internal`: engine and checker
//! disagree) is a crash.
#![no_main]

use arbitrary::Unstructured;
use lexpair::options::PairOptions;
use lexpair::tournament::{round_to_pair, Tournament};
use lexpair::trf::{read_str, ReadOptions};
use lexpair::vocabulary::{PairError, System};
use lexpair_fuzz::tournament_text;
use libfuzzer_sys::fuzz_target;

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
            let again = lexpair::round::pair(&t, system, options(system))
                .map(|r| r.pairing.to_pairs_text(&t))
                .map_err(|e| e.to_string());
            assert_eq!(first, again, "{system}: two runs differ\n{text}");
        }
    }
});
