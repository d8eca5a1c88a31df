//! `lexpair generate`: a seeded random tournament written as TRF.

use super::output::emit;
use super::{BackendArg, Failure};
use clap::Args;
use lexpair::generate::{field_from_document, generate, parse_point_system, Field, GenerateConfig, GenerateError};
use lexpair::model::formulation::{Formulation, FormulationFileError};
use lexpair::trf::{self, ReadOptions, TrfFlavor};
use lexpair::vocabulary::{Backend, PairError, PairOptions, System};
use std::path::{Path, PathBuf};

/// The results model and the field: shared by `generate` and `batch simulate`.
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// Probability of a draw between equal players (0-1); lower as ratings differ.
    #[arg(long, default_value_t = 0.3, value_name = "P")]
    pub draw_rate: f64,
    /// White's advantage in rating points in the Elo expectation.
    #[arg(long, default_value_t = 35.0, value_name = "ELO")]
    pub white_advantage: f64,
    /// Probability that a paired game is forfeited (0-1).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub forfeit_rate: f64,
    /// Probability that a player takes an announced half-point bye in a round (0-1).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub half_byes: f64,
    /// Probability that a player is absent from a round: zero-point bye (0-1).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub absences: f64,
    /// Point system WIN-DRAW-LOSS, e.g. 1-0.5-0 or 3-1-0.
    #[arg(long, default_value = "1-0.5-0", value_name = "W-D-L")]
    pub points: String,
    /// Rating range of a random field, MIN-MAX.
    #[arg(long, default_value = "1400-2600", value_name = "MIN-MAX")]
    pub ratings: String,
    /// Accelerate the first rounds with this method's virtual points (baku: C.04.5.1 / C.04.7),
    /// written as XXA lines.
    #[arg(long, value_name = "METHOD")]
    pub acceleration: Option<lexpair::tournament::acceleration::Method>,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// System and edition that pairs every round (e.g. dutch-2026).
    #[arg(long, short = 's')]
    system: String,
    /// Number of players (a random field; with --field, the strongest N of the list).
    #[arg(long, short = 'n')]
    players: Option<usize>,
    /// Take the players (names, ratings, federations) from this TRF file.
    #[arg(long, value_name = "TRF")]
    field: Option<PathBuf>,
    /// Rounds to play (written as XXR).
    #[arg(long, short = 'r')]
    rounds: u32,
    /// Seed: the same seed gives the same file.
    #[arg(long)]
    seed: u64,
    /// Output file (standard output when omitted); written only when complete.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Pair with this formulation file instead of the system's built-in models/*.model.
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,
    /// Write TRF-2026 instead of TRF16.
    #[arg(long)]
    trf26: bool,
    #[command(flatten)]
    results: ModelArgs,
    #[arg(long, value_enum, default_value_t = BackendArg::Matching)]
    backend: BackendArg,
}

pub fn parse_system(name: &str) -> Result<System, Failure> {
    name.parse::<System>().map_err(Failure::Invalid)
}

/// Reads a formulation file; keys are checked against the system when pairing.
pub fn read_model(path: &Path) -> Result<Formulation, Failure> {
    Formulation::read_file(path).map_err(|e| match e {
        FormulationFileError::Io(m) => Failure::File(m),
        FormulationFileError::Format(m) => Failure::Invalid(m),
    })
}

/// The field: the players of `field` (strongest `players` of them), or a random one.
pub fn make_field(players: Option<usize>, field: Option<&Path>, ratings: &str) -> Result<Field, Failure> {
    match field {
        Some(path) => {
            let doc = trf::read_file(path, &ReadOptions { check_scores: false })?;
            Ok(Field::List(field_from_document(&doc, players)))
        }
        None => {
            let players = players
                .ok_or_else(|| Failure::Invalid("give --players N (or --field FILE for a real field)".into()))?;
            let (min_rating, max_rating) =
                lexpair::generate::parse_ratings(ratings).map_err(|e| Failure::Invalid(format!("--{e}")))?;
            Ok(Field::Random { players, min_rating, max_rating })
        }
    }
}

/// A generation config from the shared options.
pub fn make_config(
    system: System,
    field: Field,
    rounds: u32,
    seed: u64,
    m: &ModelArgs,
    pair: PairOptions,
) -> Result<GenerateConfig, Failure> {
    let mut cfg = GenerateConfig::new(system, field, rounds, seed);
    cfg.draw_rate = m.draw_rate;
    cfg.white_advantage = m.white_advantage;
    cfg.forfeit_rate = m.forfeit_rate;
    cfg.half_bye_rate = m.half_byes;
    cfg.zero_bye_rate = m.absences;
    cfg.point_system = parse_point_system(&m.points).map_err(Failure::Invalid)?;
    cfg.acceleration = m.acceleration;
    cfg.pair = pair;
    Ok(cfg)
}

pub fn backend(b: BackendArg) -> Backend {
    match b {
        BackendArg::Matching => Backend::Matching,
        BackendArg::Highs => Backend::Highs,
    }
}

impl From<GenerateError> for Failure {
    fn from(e: GenerateError) -> Failure {
        match e {
            GenerateError::Invalid(m) => Failure::Invalid(m),
            GenerateError::Pair { round, error } => {
                let msg = format!("round {round}: {error}");
                match error {
                    PairError::NoValidPairing(_) => Failure::NoPairing(msg),
                    PairError::Invalid(_) => Failure::Invalid(msg),
                    PairError::Solver(_) | PairError::Internal(_) => Failure::Internal(msg),
                }
            }
        }
    }
}

pub fn run(a: GenerateArgs) -> Result<(), Failure> {
    let system = parse_system(&a.system)?;
    let field = make_field(a.players, a.field.as_deref(), &a.results.ratings)?;
    let model = a.model.as_deref().map(read_model).transpose()?;
    let pair = PairOptions { backend: backend(a.backend), model, ..PairOptions::default() };
    let cfg = make_config(system, field, a.rounds, a.seed, &a.results, pair)?;
    let g = generate(&cfg)?;
    let flavor = if a.trf26 { TrfFlavor::Trf26 } else { TrfFlavor::Trf16 };
    emit(a.output.as_deref(), &trf::write(&g.document, flavor))
}
