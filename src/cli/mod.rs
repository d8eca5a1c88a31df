//! Command-line parsing (clap) and dispatch; exit codes as the established engines use them.

mod batch_cmd;
mod commands;
mod deadline;
mod exit;
mod families;
mod generate_cmd;
mod input;
mod output;
mod results_cmd;
mod rtg;
mod standings_cmd;
mod verify_cmd;

use clap::{Args, Parser, Subcommand, ValueEnum};
use std::path::PathBuf;

pub use exit::Failure;

const EXAMPLES: &str = "\
Examples:
  lexpair pair --system dutch-2026 examples/open-r5.trf            pair the next round
  lexpair pair --system dutch-2026 in.trf --format json --explain  with the reasons, as JSON
  lexpair --dutch in.trf -p out.txt                               drop-in form (2026 rules)
  lexpair --dutch in.trf --edition 2017 -c                        check a complete tournament
  lexpair check --system dutch-2017 ../shared/corpus/dutch-2017    replay a folder of tournaments
  lexpair state examples/open-r5.trf                              colours, floats, byes before the round
  lexpair generate --system dutch-2026 -n 40 -r 7 --seed 1 -o t.trf  a seeded random tournament
  lexpair batch simulate -s dutch-2026 -s dutch-2017 -n 100 -r 9 -k 20 -o out --plot out/plots
  lexpair verify --system dutch-2026 in.trf pairs.txt              is a hand-made pairing legal, and as good?
  lexpair batch replay -s dutch-2026 ../shared/realdata -o replay     how would X have paired it?
  lexpair standings t.trf --tiebreaks bh-c1,bh,sb                 final standings with tie-breaks

Exit codes: 0 ok, 1 no valid pairing, 2 solver or internal failure, 3 invalid input, 5 file error.";

#[derive(Parser, Debug)]
#[command(name = "lexpair", version, about = "FIDE Swiss pairings as lexicographic integer programs, solved exactly", after_help = EXAMPLES, args_conflicts_with_subcommands = true)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    #[command(flatten)]
    dropin: DropIn,
    /// Threads for the passes over the pairs of large brackets (default: the machine's cores to
    /// pair one round, one for the commands that pair many); the pairing is the same on any number.
    #[arg(long, global = true, value_name = "N", value_parser = clap::value_parser!(u16).range(1..))]
    threads: Option<u16>,
}

/// What a drop-in flag whose file is optional holds when none is given (`--dutch -g`, `-l`).
pub(crate) const NO_FILE: &str = "\u{1}no file";

/// The drop-in form used by tournament managers: `--dutch FILE -p [OUT]` or `--dutch FILE -c`.
#[derive(Args, Debug, Default)]
struct DropIn {
    /// `--dutch`, `--dubov`, `--lim`, ...: one flag per family of the registry.
    #[command(flatten)]
    families: families::Families,
    /// Edition year of the system's rules (e.g. 2017 for the Dutch rules in force 2017-2026).
    #[arg(long, value_name = "YEAR")]
    edition: Option<u32>,
    /// Pair the next round; write the pairs to OUT (standard output when omitted).
    #[arg(short = 'p', value_name = "OUT", num_args = 0..=1, default_missing_value = "-")]
    pair: Option<String>,
    /// Check every round of a complete tournament, as the engines do: a line `NAME: Round #R`
    /// per round, the checker's pairs beside the tournament's for a round that differs; exit 0.
    #[arg(short = 'c', conflicts_with = "pair")]
    check: bool,
    /// Write bbpPairings' check-list (tab-separated: ID, Pts, colours, Pref, C2, C12, C14, Cur,
    /// opponents by round) to FILE, by default the input's name with `.list`; with -c and -g,
    /// one table per round. On exit 1 it is written and OUT is left empty, as bbpPairings does.
    #[arg(short = 'l', value_name = "FILE", num_args = 0..=1, default_missing_value = NO_FILE)]
    list: Option<PathBuf>,
    /// Generate a random tournament (the engines' generator): CONFIG is a property file with
    /// bbpPairings' or JaVaFo's keys (unset keys drawn at random as the engines draw them) or an
    /// integer seed; a model tournament may be given as the --dutch FILE instead.
    #[arg(short = 'g', value_name = "CONFIG", num_args = 0..=1, default_missing_value = "", conflicts_with_all = ["pair", "check"])]
    generate: Option<String>,
    /// With -g: the TRF file to write.
    #[arg(short = 'o', value_name = "TRF", requires = "generate")]
    output: Option<PathBuf>,
    /// With -g: the seed (default: an integer CONFIG, else the clock; written in the file).
    #[arg(short = 's', value_name = "SEED", requires = "generate")]
    seed: Option<u64>,
    /// With --lim: the Maxi-tournament rules (3.2, 3.8, 5.7).
    #[arg(long, requires = "lim")]
    maxi: bool,
    /// Print the version and the systems and editions it pairs (the engines' -r).
    #[arg(short = 'r')]
    release: bool,
    /// Compute the virtual points of an acceleration method (baku: C.04.5.1 / C.04.7) instead of
    /// reading them from XXA lines or 250 records (which it replaces, with a warning).
    #[arg(long, value_name = "METHOD")]
    acceleration: Option<lexpair::tournament::acceleration::Method>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Pair the next round of a tournament.
    Pair(PairArgs),
    /// Replay every round of complete tournaments and compare with the recorded pairings.
    Check(CheckArgs),
    /// Show the state before a round: scores, colour preferences, floats, bye eligibility.
    State(StateArgs),
    /// Generate a seeded random tournament, paired round by round, results from an Elo model.
    Generate(generate_cmd::GenerateArgs),
    /// Many tournaments at once: replay real events, simulate with K seeds, solve hard cases.
    Batch(batch_cmd::BatchArgs),
    /// Check a pairing against the rules and compare it with lexpair's, criterion by criterion.
    Verify(verify_cmd::VerifyArgs),
    /// Final standings under FIDE's Tie-Break Regulations (C.07): the score, then the tie-breaks.
    Standings(standings_cmd::StandingsArgs),
    /// Enter a round's results by board (a line per board) and write the tournament file with
    /// the points updated.
    Results(results_cmd::ResultsArgs),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// Number of lines, then `white black` per board, `id 0` for the bye.
    Pairs,
    /// The pairing with names, titles, ratings and points of every board (and the explanation,
    /// the why-not and why-bye answers when asked).
    Json,
    /// The input TRF with the new round written in (results pending).
    Trf,
    /// The list to post: board, pairing numbers, titles, names, ratings, points, a result
    /// column; the bye and those not paired below.
    List,
    /// The list as a self-contained printable HTML page, the explanation (with --explain) folded
    /// under it per bracket.
    Html,
}

/// Output of `verify`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum VerifyFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
struct PairArgs {
    #[arg(long, short = 's', help = families::system_help())]
    system: String,
    /// The tournament so far (TRF16 with extensions, or TRF-2026).
    file: PathBuf,
    /// Output file (standard output when omitted); written only when complete.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    #[arg(long, value_enum, default_value_t = Format::Pairs)]
    format: Format,
    /// Round to pair (default: the first round not paired yet).
    #[arg(long)]
    round: Option<u32>,
    /// Explain the pairing in the rules' words: per bracket its score, players, pairs and
    /// floaters, each criterion as the text states it, the candidate-order steps, the bye
    /// (JSON: the `explanation` object of docs/explain.md; HTML: folded under the list). With
    /// the other formats it goes to standard output (or --explain-file), never into -o's file.
    #[arg(long)]
    explain: bool,
    /// Write the explanation (and the --why-not / --why-bye answers) to this file instead of
    /// standard output; written only when complete.
    #[arg(long, value_name = "FILE")]
    explain_file: Option<PathBuf>,
    /// The solver's view: every stage of every bracket with its value, how its optimum was
    /// established and the time it took.
    #[arg(long)]
    explain_solver: bool,
    /// Explain which rule keeps players A and B (TRF ids) from being paired together.
    #[arg(long, num_args = 2, value_names = ["A", "B"])]
    why_not: Option<Vec<u32>>,
    /// Explain why player X (TRF id) did or did not receive the pairing-allocated bye.
    #[arg(long, value_name = "X")]
    why_bye: Option<u32>,
    /// Write every solved stage model as an LP file into DIR, with a legend per program
    /// (NAME-legend.csv: each variable's pair or player, each stage's criterion).
    #[arg(long, value_name = "DIR")]
    write_lp: Option<PathBuf>,
    /// With --write-lp: every program of every bracket, those a first-candidate shortcut
    /// settles without a solver included (the pairing is the same).
    #[arg(long, requires = "write_lp")]
    write_lp_all: bool,
    /// With --write-lp: the formats written, lp and/or mps (comma-separated).
    #[arg(long, value_enum, value_delimiter = ',', default_value = "lp", requires = "write_lp")]
    lp_format: Vec<LpFormatArg>,
    /// Time limit for the whole pairing, seconds (any backend): past it, exit 2 and nothing written.
    #[arg(long, value_name = "SECONDS")]
    time_limit: Option<f64>,
    /// Lim system: the Maxi-tournament rules (the 100-point rating rule of 3.2, 3.8, 5.7).
    #[arg(long)]
    maxi: bool,
    /// Exact backend for the bracket models.
    #[arg(long, value_enum, default_value_t = BackendArg::Matching)]
    backend: BackendArg,
    /// Check the answers against an independent route (both: sat,solver): `sat` re-decides
    /// every completion answer of the exact matching with SAT (varisat, at most 100,000
    /// conflicts or 2 s per question); `solver` solves every bracket model a second time (HiGHS
    /// up to 1,000 pairs, beyond that the weighted matching's other path) to the same optimum at
    /// every stage. A disagreement is an internal error (exit 2).
    #[arg(long, value_enum, value_name = "ROUTE", value_delimiter = ',')]
    cross_check: Vec<CrossCheckArg>,
    /// Pair with this formulation file (criteria reordered, dropped or added, constraints of
    /// one's own) instead of the system's built-in models/*.model.
    #[arg(long, value_name = "FILE")]
    model: Option<PathBuf>,
    /// Groups for the quantity same_group of criteria and constraints of one's own: a CSV of
    /// id,group lines (TRF starting ranks; team numbers in a team file).
    #[arg(long, value_name = "FILE")]
    groups: Option<PathBuf>,
    /// Compute the virtual points of an acceleration method (baku: C.04.5.1 / C.04.7) instead of
    /// reading them from XXA lines or 250 records (which it replaces, with a warning).
    #[arg(long, value_name = "METHOD")]
    acceleration: Option<lexpair::tournament::acceleration::Method>,
    /// A pair made by the arbiter (White's id, then Black's): kept as given, the rest of the
    /// round paired by the rules without them; the checker names any rule it breaks (repeatable).
    #[arg(long, value_name = "A-B", value_parser = parse_pair)]
    pre_paired: Vec<(u32, u32)>,
    /// The pair of player (team) ID on board N, after the published board order (repeatable,
    /// applied in order).
    #[arg(long, value_name = "ID=N", value_parser = parse_board)]
    fix_board: Vec<(u32, usize)>,
    /// Team files: the line-ups of the round to pair, a line per team (its pairing number, then
    /// its players' starting ranks, board 1 first, 0 for a board left empty; docs/team.md,
    /// "Line-ups"): the boards of --format list|html|json|trf, written as 300 records.
    #[arg(long, value_name = "FILE")]
    lineup: Option<PathBuf>,
    /// Give the pairing numbers again as C.04.2 (2026) 2.2 ranks the players: rating, then
    /// title (GM, IM, WGM, FM, WIM, CM, WFM, WCM), then name (late entries take their place); the
    /// starting ranks of the file stay the ids written.
    #[arg(long)]
    renumber: bool,
    /// The drop-in form: a round entered for some players only is a warning, not an error.
    #[arg(skip)]
    dropin: bool,
    /// Write lexpair's check-list of the round paired to FILE (per player: points, colour
    /// difference and preference, floats, bye eligibility, opponents, the pairing made); for a
    /// team or Double-Swiss file, the engines' layout (README, "Drop-in"). Written only when
    /// complete.
    #[arg(short = 'l', long = "checklist", value_name = "FILE")]
    checklist: Option<PathBuf>,
}

fn parse_pair(s: &str) -> Result<(u32, u32), String> {
    let (a, b) = s.split_once(['-', ' ', ',']).ok_or_else(|| format!("'{s}': write A-B (White's id, then Black's)"))?;
    let id = |x: &str| x.trim().parse::<u32>().map_err(|_| format!("'{s}': '{x}' is not an id"));
    Ok((id(a)?, id(b)?))
}

fn parse_board(s: &str) -> Result<(u32, usize), String> {
    let (a, b) = s.split_once('=').ok_or_else(|| format!("'{s}': write ID=BOARD"))?;
    let id = a.trim().parse::<u32>().map_err(|_| format!("'{s}': '{a}' is not an id"))?;
    let n = b
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&n| n > 0)
        .ok_or_else(|| format!("'{s}': '{b}' is not a board (1 or more)"))?;
    Ok((id, n))
}

/// The file formats of `--write-lp`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum LpFormatArg {
    /// CPLEX LP.
    Lp,
    /// Free-format MPS.
    Mps,
}

/// The independent routes of `--cross-check`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub(crate) enum CrossCheckArg {
    /// varisat on the CNF encoding of src/solver/sat.rs, for every completion answer.
    Sat,
    /// Every bracket model solved a second time (src/solver/second_opinion.rs).
    Solver,
}

impl CrossCheckArg {
    /// The SAT budget the options stand for, if `sat` is among them.
    pub(crate) fn budget(o: &[CrossCheckArg]) -> Option<lexpair::audit::SatBudget> {
        o.contains(&CrossCheckArg::Sat).then(lexpair::audit::SatBudget::default)
    }

    /// Whether `solver` is among the options.
    pub(crate) fn second_opinion(o: &[CrossCheckArg]) -> bool {
        o.contains(&CrossCheckArg::Solver)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum BackendArg {
    /// Maximum-weight matching with exact wide-integer weights (fast).
    Matching,
    /// HiGHS integer programs, stage by stage.
    Highs,
}

#[derive(Args, Debug)]
struct CheckArgs {
    #[arg(long, short = 's')]
    system: String,
    /// TRF files, or folders searched for *.trf.
    #[arg(required = true)]
    paths: Vec<PathBuf>,
    /// Print one JSON object per round instead of text.
    #[arg(long)]
    json: bool,
    /// Exit 0 even when rounds differ (by default a difference is exit 1).
    #[arg(long)]
    allow_diff: bool,
    /// Skip the score-column check of the TRF reader.
    #[arg(long)]
    no_score_check: bool,
    /// Exact backend for the bracket models.
    #[arg(long, value_enum, default_value_t = BackendArg::Matching)]
    backend: BackendArg,
    /// Check the answers against an independent route (both: sat,solver): `sat` re-decides
    /// every completion answer of the exact matching with SAT (varisat, at most 100,000
    /// conflicts or 2 s per question); `solver` solves every bracket model a second time (HiGHS
    /// up to 1,000 pairs, beyond that the weighted matching's other path) to the same optimum at
    /// every stage. A disagreement is an internal error (exit 2).
    #[arg(long, value_enum, value_name = "ROUTE", value_delimiter = ',')]
    cross_check: Vec<CrossCheckArg>,
    /// Compute the virtual points of an acceleration method (baku: C.04.5.1 / C.04.7) instead of
    /// reading them from XXA lines or 250 records (which it replaces, with a warning).
    #[arg(long, value_name = "METHOD")]
    acceleration: Option<lexpair::tournament::acceleration::Method>,
}

#[derive(Args, Debug)]
struct StateArgs {
    file: PathBuf,
    /// Round to pair (default: the first round not paired yet).
    #[arg(long)]
    round: Option<u32>,
    /// Whose rules the float and PAB columns follow (dutch-2012, dutch-2017, dutch-2026).
    #[arg(long, short = 's', default_value = "dutch-2026")]
    system: String,
    #[arg(long)]
    json: bool,
    /// Compute the virtual points of an acceleration method (baku: C.04.5.1 / C.04.7) instead of
    /// reading them from XXA lines or 250 records (which it replaces, with a warning).
    #[arg(long, value_name = "METHOD")]
    acceleration: Option<lexpair::tournament::acceleration::Method>,
}

/// Parses the command line, runs it, and returns the exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() { 3 } else { 0 };
        }
    };
    match dispatch(cli) {
        Ok(()) => 0,
        Err(f) => {
            eprintln!("lexpair: {f}");
            f.code()
        }
    }
}

fn dispatch(cli: Cli) -> Result<(), Failure> {
    // One round, possibly a very large one: freed pages go back at once (lower peak memory).
    if matches!(cli.command, Some(Command::Pair(_)) | None) {
        lexpair::alloc::return_freed_pages_at_once();
        // One round: its passes over large brackets on every core unless told otherwise (the
        // other commands keep one thread a round; a batch runs its units in parallel).
        lexpair::solver::threads::set(cli.threads.map_or_else(lexpair::solver::threads::cores, usize::from));
    } else if let Some(n) = cli.threads {
        lexpair::solver::threads::set(usize::from(n));
    }
    match cli.command {
        Some(Command::Pair(a)) => commands::pair(a),
        Some(Command::Check(a)) => commands::check(a),
        Some(Command::State(a)) => commands::state(a),
        Some(Command::Generate(a)) => generate_cmd::run(a),
        Some(Command::Batch(a)) => batch_cmd::run_batch(a),
        Some(Command::Verify(a)) => verify_cmd::run(a),
        Some(Command::Standings(a)) => standings_cmd::run(a),
        Some(Command::Results(a)) => results_cmd::run(a),
        None => commands::dropin(cli.dropin),
    }
}
