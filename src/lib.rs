//! lexpair: FIDE Swiss pairings stated as lexicographic integer programs and solved exactly.
//!
//! # The front door
//!
//! A program that runs tournaments needs a handful of calls, all re-exported in [`prelude`]:
//!
//! | to | call |
//! |---|---|
//! | read a TRF16 / TRF-2026 file, write one | [`trf::read_file`], [`trf::read_str`], [`trf::write`] |
//! | the state before a round | [`round::Event::next_round`], [`round::Event::before_round`] |
//! | pair it (every system, every kind of event) | [`round::pair`]; with the arbiter's decisions [`round::pair_with`] |
//! | write the pairing into the file | [`round::Field::into_document`] |
//! | lists to post, explanations | [`lists::pairing_list`], [`lists::text`], [`explain::explain`] |
//! | enter results | [`results::parse`], [`results::enter`] |
//! | final standings (C.07) | [`standings::compute`], [`standings::render`] |
//! | judge a pairing | [`verify::judge`], [`verify::evaluate`] |
//! | replay a finished event | [`check::check_document`] |
//! | generate events, run experiments | [`generate::generate`], [`batch::run::run`] |
//!
//! Round 5 of the shipped example paired under the Dutch rules of 2026, judged by the
//! independent checker and written back into the file (the README's "Rust" section, also a
//! doctest, and `examples/manager.rs` go on with the results and the standings):
//!
//! ```
//! use lexpair::prelude::*;
//!
//! let doc = read_file("examples/open-r5.trf".as_ref(), &ReadOptions::default()).unwrap();
//! let number = Event::next_round(&doc);
//! let event = Event::before_round(&doc, number).unwrap();
//! let round = pair(&event, System::Dutch2026, &PairOptions::default()).unwrap();
//! assert!(judge(System::Dutch2026, event.field(), &round.pairing).is_empty());
//! println!("{}", event.field().pairs_text(&round.pairing)); // the engines' pairs format
//! let doc = event.field().into_document(&round.pairing, &doc);
//! assert_eq!(Event::next_round(&doc), number + 1);
//! ```
//!
//! The modules below the prelude are public because one workspace shares them: the command line
//! (`src/cli`, the binary's own modules), the Python package, the fuzz targets, the benches and
//! the tests; and researchers reach the models and solvers through them. Outside the prelude and
//! the modules its table links, they carry no promise of stability between versions; what no
//! other part names is `pub(crate)`.
//!
//! # Layers
//!
//! From the file to the pairing (`docs/architecture.md` draws them; no import cycle, every
//! arrow pointing down, `tests/suite/architecture.rs` guards it):
//! - [`trf`]: TRF16 (+ extensions) and TRF-2026 documents, read and written;
//! - [`tournament`], [`team`], [`double`]: the state before a round (scores, colours, floats,
//!   byes, opponents) of players, teams, Double-Swiss players;
//! - [`model`]: a bracket as a 0/1 program with named criteria, solved stage by stage; the
//!   formulation files researchers write (`models/`);
//! - [`solver`]: the backends (HiGHS, exact matching, SAT witness);
//! - [`systems`]: the FIDE systems and their registry, below them [`vocabulary`] (names,
//!   options, errors); [`verify`], the independent checker;
//! - [`round`]: the door of a round, which every caller goes through; above it the services
//!   (results, standings, lists, check-lists, explanations, batches).
#![deny(missing_docs)]

/// The version of this build (`lexpair -r`, `lexpair.__version__`).
pub const VERSION: &str = env!("CARGO_PKG_VERSION");

pub mod alloc;
pub mod audit;
pub mod batch;
pub mod check;
pub mod checklist;
pub mod double;
pub mod explain;
pub mod generate;
pub mod lists;
pub mod lp_folder;
pub mod matches;
pub mod metrics;
pub mod model;
pub mod options;
pub mod pairing;
pub mod points;
pub mod results;
pub mod rng;
pub mod round;
pub mod solver;
pub mod standings;
pub mod systems;
pub mod team;
pub mod tournament;
pub mod trf;
pub(crate) mod units;
pub mod verify;
pub mod vocabulary;

/// The calls a program that pairs tournaments needs, in one `use lexpair::prelude::*;` (see
/// the crate's front page for the flow).
pub mod prelude {
    pub use crate::explain::{explain, render as render_explanation, Explanation};
    pub use crate::generate::{generate, GenerateConfig, Generated};
    pub use crate::lists::{pairing_list, PairingList};
    pub use crate::options::PairOptions;
    pub use crate::pairing::{IdPairing, RoundPairing};
    pub use crate::results::{enter as enter_results, parse as parse_results, GameResult, ResultLine};
    pub use crate::round::{pair, pair_with, DecidedRound, Decisions, Event, Field, Round};
    pub use crate::standings::{compute as standings, Options as StandingsOptions, Standings, TieBreak};
    pub use crate::trf::{read_file, read_str, write as write_trf, ReadOptions, TrfDocument, TrfFlavor};
    pub use crate::verify::{judge, Violation};
    pub use crate::vocabulary::{PairError, System};
}

// The README's Rust example ("Rust") runs as a doctest.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
