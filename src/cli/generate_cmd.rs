//! `lexpair generate`: a seeded random tournament written as TRF (a team tournament, TRF-2026,
//! for a team system; a Double-Swiss one, TRF-2026 with two game columns per match, for
//! double-2026).

use super::output::emit;
use super::{BackendArg, Failure};
use clap::Args;
use lexpair::generate::double::pairs_double;
use lexpair::generate::team::{pairs_teams, parse_board_colours, parse_match_points};
use lexpair::generate::{field_from_document, generate, parse_point_system, Field, GenerateConfig, GenerateError};
use lexpair::options::PairOptions;
use lexpair::trf::{self, ReadOptions, TrfFlavor};
use lexpair::vocabulary::{Backend, PairError, System};
use std::path::{Path, PathBuf};

/// The results model and the field: shared by `generate` and `batch simulate`. The team options
/// (`--boards`, `--team-rules`, ...) are for team systems only (`--match-forfeit-rate` for
/// Double-Swiss too), `--half-byes` for individual ones, `--ratings` and `--acceleration` for
/// individual and Double-Swiss ones ([`check_flags`]).
#[derive(Args, Debug, Clone)]
pub struct ModelArgs {
    /// Probability of a draw between equal players (0-1); lower as ratings differ.
    #[arg(long, default_value_t = 0.3, value_name = "P")]
    pub draw_rate: f64,
    /// White's advantage in rating points in the Elo expectation.
    #[arg(long, default_value_t = 35.0, value_name = "ELO")]
    pub white_advantage: f64,
    /// Probability that a paired game is forfeited (0-1); for teams, a single board; for
    /// Double-Swiss, a single game of a match (the other game is played).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub forfeit_rate: f64,
    /// Probability that a player takes an announced half-point bye in a round (0-1); default 0.
    /// Individual systems only (not Double-Swiss).
    #[arg(long, value_name = "P")]
    pub half_byes: Option<f64>,
    /// Probability that a player (for teams: a team) is absent from a round: zero-point bye (0-1).
    #[arg(long, default_value_t = 0.0, value_name = "P")]
    pub absences: f64,
    /// Point system WIN-DRAW-LOSS, e.g. 1-0.5-0 or 3-1-0; for teams, the game points of a board
    /// (the pairing-allocated bye is worth a draw per board).
    #[arg(long, default_value = "1-0.5-0", value_name = "W-D-L")]
    pub points: String,
    /// Rating range of a random field, MIN-MAX; default 1400-2600. Individual and Double-Swiss
    /// systems (teams get the ratings of the team model).
    #[arg(long, value_name = "MIN-MAX")]
    pub ratings: Option<String>,
    /// Accelerate the first rounds with this method's virtual points (baku: C.04.5.1 / C.04.7),
    /// written as XXA lines; for Double-Swiss, the 192 code FIDE_DOUBLESWISS_BAKU. Not for teams.
    #[arg(long, value_name = "METHOD")]
    pub acceleration: Option<lexpair::tournament::acceleration::Method>,
    /// Teams: boards per match (players per team); default 4.
    #[arg(long, value_name = "B")]
    pub boards: Option<usize>,
    /// Teams: the record 192 code, e.g. FIDE_TEAM_TYPEA_MP_GP (default), FIDE_TEAM_TYPEB_MP_GP,
    /// FIDE_TEAM_MP_GP (no colour preferences).
    #[arg(long, value_name = "CODE")]
    pub team_rules: Option<String>,
    /// Teams and Double-Swiss: probability that a match is forfeited as a whole (0-1); default 0.
    /// For Double-Swiss, one player forfeits both games.
    #[arg(long, value_name = "P")]
    pub match_forfeit_rate: Option<f64>,
    /// Teams: match points WIN-DRAW-LOSS (record 362); default 2-1-0.
    #[arg(long, value_name = "W-D-L")]
    pub match_points: Option<String>,
    /// Teams: board colours of the team that has White, board 1 first (record 352, cut to the
    /// boards); default alternating WBWB...
    #[arg(long, value_name = "PATTERN")]
    pub board_colours: Option<String>,
}

impl ModelArgs {
    /// The rating range of a random individual field.
    pub fn ratings(&self) -> &str {
        self.ratings.as_deref().unwrap_or("1400-2600")
    }
}

/// Refuses the options of another kind of tournament, naming them (exit 3): team options for
/// an individual system (`--match-forfeit-rate` for Double-Swiss too); `--half-byes`,
/// `--ratings`, `--acceleration` and the `extra` ones (name, given: options of a field of
/// players) for a team system; the team options and `--half-byes` for a Double-Swiss system.
pub fn check_flags(system: System, m: &ModelArgs, extra: &[(&str, bool)]) -> Result<(), Failure> {
    let team_only = [
        ("--boards", m.boards.is_some()),
        ("--team-rules", m.team_rules.is_some()),
        ("--match-points", m.match_points.is_some()),
        ("--board-colours", m.board_colours.is_some()),
    ];
    let named = |options: &[(&str, bool)]| -> String {
        options.iter().filter(|(_, on)| *on).map(|(n, _)| *n).collect::<Vec<&str>>().join(", ")
    };
    let (list, message) = if pairs_teams(system) {
        let own = [
            ("--half-byes", m.half_byes.is_some()),
            ("--ratings", m.ratings.is_some()),
            ("--acceleration", m.acceleration.is_some()),
        ];
        let list = named(&[&own[..], extra].concat());
        let message = format!(
            "{list}: not for a team tournament ({system} pairs teams: its field is -n TEAMS of --boards B, its \
             absences --absences, its forfeits --forfeit-rate and --match-forfeit-rate)"
        );
        (list, message)
    } else if pairs_double(system) {
        let list = named(&[&team_only[..], &[("--half-byes", m.half_byes.is_some())]].concat());
        let message = format!(
            "{list}: not for a Double-Swiss tournament ({system} pairs players in two-game matches: its field is -n \
             PLAYERS (or --field), its absences --absences (a whole match), its forfeits --forfeit-rate (one game) \
             and --match-forfeit-rate (both games); byes apply to whole matches and C.04.5 leaves the value of a \
             requested one to the competition, so no --half-byes; the team options are for team-2026)"
        );
        (list, message)
    } else {
        let list = named(&[&team_only[..], &[("--match-forfeit-rate", m.match_forfeit_rate.is_some())]].concat());
        let message = format!(
            "{list}: for team tournaments only ({system} pairs players; the team system is team-2026; \
             --match-forfeit-rate is also for double-2026)"
        );
        (list, message)
    };
    if list.is_empty() {
        return Ok(());
    }
    Err(Failure::Invalid(message))
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// System and edition that pairs every round (e.g. dutch-2026).
    #[arg(long, short = 's')]
    system: String,
    /// Number of players (a random field; with --field, the strongest N of the list); for a
    /// team system, the number of teams.
    #[arg(long, short = 'n')]
    players: Option<usize>,
    /// Take the players (names, ratings, federations) from this TRF file.
    #[arg(long, value_name = "TRF")]
    field: Option<PathBuf>,
    /// Rounds to play (written as XXR; 142 in a TRF-2026 file); for Double-Swiss, the matches
    /// (142 = twice them: two game columns per match).
    #[arg(long, short = 'r', visible_alias = "matches")]
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
    /// Groups for the quantity same_group of a formulation file: a CSV of id,group lines.
    #[arg(long, value_name = "FILE")]
    groups: Option<PathBuf>,
    /// Write TRF-2026 instead of TRF16 (team and Double-Swiss tournaments are always written as
    /// TRF-2026).
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

/// The field: the players of `field` (strongest `players` of them), or a random one.
pub fn make_field(players: Option<usize>, field: Option<&Path>, ratings: &str) -> Result<Field, Failure> {
    match field {
        Some(path) => {
            let doc = super::input::read_trf(path, &ReadOptions { check_scores: false })?;
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

/// The field of a team system: `teams` teams (their boards and ratings come with the config).
pub fn team_field(teams: Option<usize>) -> Result<Field, Failure> {
    let players = teams.ok_or_else(|| Failure::Invalid("give the number of teams: -n TEAMS".into()))?;
    Ok(Field::Random { players, min_rating: 0, max_rating: 0 })
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
    cfg.half_bye_rate = m.half_byes.unwrap_or(0.0);
    cfg.zero_bye_rate = m.absences;
    cfg.point_system = parse_point_system(&m.points).map_err(Failure::Invalid)?;
    cfg.acceleration = m.acceleration;
    cfg.pair = pair;
    let team = &mut cfg.team;
    if let Some(b) = m.boards {
        team.boards = b;
    }
    if let Some(code) = &m.team_rules {
        team.rules = code.trim().to_string();
    }
    if let Some(p) = m.match_forfeit_rate {
        team.match_forfeit_rate = p;
        cfg.double.match_forfeit_rate = p;
    }
    if let Some(text) = &m.match_points {
        team.match_points = parse_match_points(text).map_err(|e| Failure::Invalid(format!("--{e}")))?;
    }
    if let Some(text) = &m.board_colours {
        team.board_colours = Some(parse_board_colours(text).map_err(|e| Failure::Invalid(format!("--{e}")))?);
    }
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
    check_flags(system, &a.results, &[("--field", a.field.is_some()), ("--model", a.model.is_some())])?;
    let team = pairs_teams(system);
    let field =
        if team { team_field(a.players)? } else { make_field(a.players, a.field.as_deref(), a.results.ratings())? };
    let model = a.model.as_deref().map(super::input::read_model).transpose()?;
    let groups = super::input::read_groups(a.groups.as_deref())?;
    let pair = PairOptions { backend: backend(a.backend), model, groups, ..PairOptions::default() };
    let cfg = make_config(system, field, a.rounds, a.seed, &a.results, pair)?;
    let g = generate(&cfg)?;
    let flavor = if a.trf26 || team || pairs_double(system) { TrfFlavor::Trf26 } else { TrfFlavor::Trf16 };
    emit(a.output.as_deref(), &trf::write(&g.document, flavor))
}
