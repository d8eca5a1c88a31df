//! Team and Double-Swiss tournaments (issue 43): the fuzz bytes choose the options of lexpair's
//! generator (teams and boards or players, rounds or matches, the 192 code, forfeits of boards,
//! games and whole matches, absences, the seed); every round it pairs goes through the door, whose
//! checker refuses a pairing against the rules (a crash here). The file it writes must be read
//! back to the same document, and replaying it (`check`) must give every round again: the state
//! rebuilt from the file is the state the round was paired on.
#![no_main]

use arbitrary::{Result, Unstructured};
use lexpair::check::{check_document, Outcome};
use lexpair::generate::{generate, Field, GenerateConfig, GenerateError};
use lexpair::options::PairOptions;
use lexpair::trf::{read_str, write, ReadOptions, TrfFlavor};
use lexpair::vocabulary::{PairError, System};
use libfuzzer_sys::fuzz_target;

fn config(u: &mut Unstructured) -> Result<GenerateConfig> {
    let team = u.arbitrary::<bool>()?;
    let (system, units) = if team {
        (System::SwissTeam2026, u.int_in_range(2..=12usize)?)
    } else {
        (System::DoubleSwiss2026, u.int_in_range(2..=24usize)?)
    };
    let field = Field::Random { players: units, min_rating: 1400, max_rating: 2600 };
    let mut cfg = GenerateConfig::new(system, field, u.int_in_range(1..=6u32)?, u.arbitrary()?);
    cfg.forfeit_rate = *u.choose(&[0.0, 0.05, 0.2])?;
    cfg.zero_bye_rate = *u.choose(&[0.0, 0.05, 0.15])?;
    cfg.draw_rate = *u.choose(&[0.0, 0.3, 0.6])?;
    let match_forfeits = *u.choose(&[0.0, 0.05, 0.2])?;
    if team {
        cfg.team.boards = u.int_in_range(1..=6usize)?;
        cfg.team.rules = u.choose(&["FIDE_TEAM_TYPEA_MP_GP", "FIDE_TEAM_TYPEB_MP_GP", "FIDE_TEAM_MP_GP"])?.to_string();
        cfg.team.match_forfeit_rate = match_forfeits;
    } else {
        cfg.double.match_forfeit_rate = match_forfeits;
    }
    Ok(cfg)
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let Ok(cfg) = config(&mut u) else { return };
    let g = match generate(&cfg) {
        Ok(g) => g,
        Err(GenerateError::Pair { error: PairError::NoValidPairing(_), .. }) => return,
        Err(GenerateError::Pair { error: PairError::Internal(e), round }) => {
            panic!("{}: round {round}: engine and checker disagree: {e}\n{cfg:?}", cfg.system)
        }
        Err(e) => panic!("{}: {e}\n{cfg:?}", cfg.system),
    };
    let text = write(&g.document, TrfFlavor::Trf26);
    let doc = match read_str(&text, "generated.trf", &ReadOptions::default()) {
        Ok(doc) => doc,
        Err(e) => panic!("lexpair cannot read the file it wrote: {e}\n{text}"),
    };
    assert_eq!(doc, g.document, "the file read back differs from the document written\n{text}");
    for rc in check_document(&doc, cfg.system, &PairOptions::default()) {
        assert!(rc.outcome == Outcome::Identical, "round {}: {:?}\n{text}", rc.round, rc.outcome);
    }
});
