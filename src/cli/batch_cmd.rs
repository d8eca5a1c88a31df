//! `lexpair batch replay|simulate|solve|merge`.

use super::generate_cmd::{backend, check_flags, make_config, make_field, parse_system, team_field, ModelArgs};
use super::{BackendArg, Failure};
use clap::{Args, Subcommand};
use lexpair::batch::plots::write_plots_with;
use lexpair::batch::report::{
    merge_records, paired_text_with, summary_text, write_atomic, write_reports_with, UNITS_FILE,
};
use lexpair::batch::run::{run, RunError, RunOptions};
use lexpair::batch::{Kind, Plan, Record, Shard, Source, Variant};
use lexpair::generate::team::{pairs_teams, TeamOptions};
use lexpair::generate::{check_request, Field, GenerateConfig};
use lexpair::options::PairOptions;
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct BatchArgs {
    #[command(subcommand)]
    command: BatchCommand,
}

#[derive(Subcommand, Debug)]
enum BatchCommand {
    /// Pair every round of real events given their real history; compare with the recorded pairings.
    Replay(FilesArgs),
    /// Simulate whole tournaments, K seeds each, under every system and formulation variant.
    Simulate(Box<SimulateArgs>),
    /// Pair the next round of each file (a complete tournament's last round again); per-criterion objective values and times.
    Solve(FilesArgs),
    /// Merge shard outputs (folders with units.jsonl) into one output.
    Merge(MergeArgs),
}

#[derive(Args, Debug)]
struct CommonArgs {
    /// Systems to run with their built-in formulation (repeatable): dutch-2026, dutch-2017, ...
    #[arg(long, short = 's')]
    system: Vec<String>,
    /// A formulation variant SYSTEM=FILE (repeatable), e.g. dutch-2017=examples/x.model.
    #[arg(long = "model", value_name = "SYSTEM=FILE")]
    models: Vec<String>,
    /// Output folder: units.jsonl (resumable), results.csv/json, summary.json/txt, timings.csv.
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// Worker threads (default: all cores).
    #[arg(long, short = 'j')]
    jobs: Option<usize>,
    /// Run only shard I of N (every N-th unit from the I-th); merge shard outputs with `batch merge`.
    #[arg(long, value_name = "I/N")]
    shard: Option<String>,
    /// Write SVG box plots of every metric per system variant into DIR.
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
    /// No progress bar and no summary on the terminal.
    #[arg(long, short = 'q')]
    quiet: bool,
    #[arg(long, value_enum, default_value_t = BackendArg::Matching)]
    backend: BackendArg,
    /// Check the answers against an independent route, as `pair --cross-check` (sat, solver).
    #[arg(long, value_enum, value_name = "ROUTE", value_delimiter = ',')]
    cross_check: Vec<super::CrossCheckArg>,
    /// The group paired comparisons (summary, paired plots) are made against: SYSTEM (its
    /// built-in formulation) or SYSTEM=NAME (the variant of the model file NAME.model); default:
    /// the group with the most completed runs.
    #[arg(long, value_name = "SYSTEM[=NAME]")]
    baseline: Option<String>,
    /// Groups for the quantity same_group of criteria and constraints of one's own: a CSV of
    /// id,group lines (TRF starting ranks; team numbers in a team file).
    #[arg(long, value_name = "FILE")]
    groups: Option<PathBuf>,
}

#[derive(Args, Debug)]
struct FilesArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// TRF files, folders searched for *.trf, or manifests (*.txt: one path per line, relative
    /// to the manifest; `#` comments).
    #[arg(required = true)]
    paths: Vec<PathBuf>,
}

#[derive(Args, Debug)]
struct SimulateArgs {
    #[command(flatten)]
    common: CommonArgs,
    /// Players of a random field (with --field: the strongest N of each list); for the team
    /// system, the number of teams.
    #[arg(long, short = 'n')]
    players: Option<usize>,
    /// Real fields: take the players of these TRF files (repeatable).
    #[arg(long, value_name = "TRF")]
    field: Vec<PathBuf>,
    /// Rounds to play (written as XXR; 142 in a TRF-2026 file); for Double-Swiss, the matches.
    #[arg(long, short = 'r', visible_alias = "matches")]
    rounds: u32,
    /// Seeds per field and variant.
    #[arg(long, short = 'k', default_value_t = 10)]
    seeds: u64,
    /// First seed; seeds are FIRST..FIRST+K.
    #[arg(long, default_value_t = 1)]
    first_seed: u64,
    /// Also write each generated tournament to OUT/trf/.
    #[arg(long)]
    keep_trf: bool,
    /// The ranking the metric kendall_tau_tiebroken reads: C.07 codes after the score (PTS
    /// alone: the points with ties kept, as kendall_tau). Default: BH/C1,BH,SB,DE,WIN (teams:
    /// MPVGP,EDE,BH/C1,BH,SB,WIN); each record and summary.txt name the ranking used.
    #[arg(long, value_name = "LIST")]
    ranking: Option<String>,
    #[command(flatten)]
    results: ModelArgs,
}

#[derive(Args, Debug)]
struct MergeArgs {
    /// Output folder of the merged batch.
    #[arg(long, short = 'o')]
    out: PathBuf,
    /// Shard output folders (or their units.jsonl files).
    #[arg(required = true)]
    inputs: Vec<PathBuf>,
    #[arg(long, value_name = "DIR")]
    plot: Option<PathBuf>,
    #[arg(long, short = 'q')]
    quiet: bool,
    /// The group paired comparisons are made against (as in simulate).
    #[arg(long, value_name = "SYSTEM[=NAME]")]
    baseline: Option<String>,
}

pub fn run_batch(a: BatchArgs) -> Result<(), Failure> {
    match a.command {
        BatchCommand::Replay(f) => files(Kind::Replay, f),
        BatchCommand::Solve(f) => files(Kind::Solve, f),
        BatchCommand::Simulate(s) => simulate(*s),
        BatchCommand::Merge(m) => merge(m),
    }
}

/// The variants: each --system with its built-in formulation, then each --model.
fn variants(c: &CommonArgs) -> Result<Vec<Variant>, Failure> {
    let mut out = Vec::new();
    for s in &c.system {
        let system = parse_system(s)?;
        system.registration().check_built_in().map_err(Failure::Invalid)?;
        out.push(Variant { system, name: "default".into(), model: None });
    }
    for m in &c.models {
        let (sys, file) = m.split_once('=').ok_or_else(|| {
            Failure::Invalid(format!("--model '{m}': expected SYSTEM=FILE, e.g. dutch-2017=my.model"))
        })?;
        let path = Path::new(file);
        let name = path.file_stem().map(|s| s.to_string_lossy().into_owned()).unwrap_or_else(|| file.to_string());
        let system = parse_system(sys)?;
        let model = super::input::read_model(path)?;
        // Checked before any unit runs, rather than every unit of the variant failing.
        system.registration().check_formulation(&model).map_err(|e| Failure::Invalid(format!("--model '{m}': {e}")))?;
        out.push(Variant { system, name, model: Some(model) });
    }
    if out.is_empty() {
        return Err(Failure::Invalid("give at least one --system or --model".into()));
    }
    Ok(out)
}

/// TRF files named directly, *.trf files in folders (recursively), and the lines of manifests.
fn collect(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            out.extend(super::input::trf_files_in(p)?);
        } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("txt")) {
            let text = std::fs::read_to_string(p).map_err(|e| Failure::File(format!("{}: {e}", p.display())))?;
            let base = p.parent().unwrap_or(Path::new("."));
            for (k, line) in text.lines().enumerate() {
                let line = line.trim();
                if line.is_empty() || line.starts_with('#') {
                    continue;
                }
                let q = base.join(line);
                if !q.is_file() {
                    return Err(Failure::File(format!("{}:{}: {}: no such file", p.display(), k + 1, q.display())));
                }
                out.push(q);
            }
        } else if p.is_file() {
            out.push(p.clone());
        } else {
            return Err(Failure::File(format!("{}: no such file or folder", p.display())));
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

fn options(c: &CommonArgs) -> Result<RunOptions, Failure> {
    let jobs = c.jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err(Failure::Invalid("--jobs must be at least 1".into()));
    }
    let shard = c.shard.as_deref().map(Shard::parse).transpose().map_err(Failure::Invalid)?;
    Ok(RunOptions { jobs, shard, quiet: c.quiet, baseline: c.baseline.clone() })
}

/// `--baseline SPEC` names one of the plan's variants: `SYSTEM` (a `-s SYSTEM`) or `SYSTEM=NAME`
/// (a `--model SYSTEM=NAME.model`); exit 3 otherwise, before anything runs.
fn check_baseline(spec: Option<&str>, variants: &[Variant]) -> Result<(), Failure> {
    let Some(spec) = spec else { return Ok(()) };
    let named = |v: &Variant| match spec.split_once('=') {
        Some((system, name)) => v.system.name() == system && v.name == name,
        None => v.system.name() == spec && v.name == "default",
    };
    if variants.iter().any(named) {
        return Ok(());
    }
    let known: Vec<String> = variants
        .iter()
        .map(|v| if v.name == "default" { v.system.name().to_string() } else { format!("{}={}", v.system, v.name) })
        .collect();
    Err(Failure::Invalid(format!("--baseline {spec} is none of this batch's variants: {}", known.join(", "))))
}

fn files(kind: Kind, f: FilesArgs) -> Result<(), Failure> {
    let sources = collect(&f.paths)?.into_iter().map(Source::File).collect();
    let variants = variants(&f.common)?;
    check_baseline(f.common.baseline.as_deref(), &variants)?;
    let plan = Plan {
        kind,
        sources,
        variants,
        seeds: Vec::new(),
        template: None,
        pair: PairOptions {
            backend: backend(f.common.backend),
            cross_check: super::CrossCheckArg::budget(&f.common.cross_check),
            second_opinion: super::CrossCheckArg::second_opinion(&f.common.cross_check),
            groups: super::input::read_groups(f.common.groups.as_deref())?,
            ..PairOptions::default()
        },
        keep_trf: false,
        ranking: None,
    };
    execute(&plan, &f.common)
}

fn simulate(s: SimulateArgs) -> Result<(), Failure> {
    let variants = variants(&s.common)?;
    check_baseline(s.common.baseline.as_deref(), &variants)?;
    // One kind of tournament per batch: teams for the team system, two-game matches for
    // Double-Swiss, single games of players for the others.
    let unit = variants[0].system.registration().unit();
    let team = pairs_teams(variants[0].system);
    if let Some(v) = variants.iter().find(|v| v.system.registration().unit() != unit) {
        return Err(Failure::Invalid(format!(
            "batch simulate: {} and {} pair different units ({}s in {}, {}s in {}): simulate them in separate batches",
            variants[0].system,
            v.system,
            unit.name(),
            unit.plays(),
            v.system.registration().unit().name(),
            v.system.registration().unit().plays()
        )));
    }
    check_flags(variants[0].system, &s.results, &[("--field", !s.field.is_empty())])?;
    let mut sources = Vec::new();
    if team {
        let field = team_field(s.players)?;
        let label =
            format!("teams {} x {}", s.players.unwrap_or(0), s.results.boards.unwrap_or(TeamOptions::default().boards));
        sources.push(Source::Field { label, field });
    } else if s.field.is_empty() {
        let field = make_field(s.players, None, s.results.ratings())?;
        let label = format!("random {} {}", s.players.unwrap_or(0), s.results.ratings());
        sources.push(Source::Field { label, field });
    }
    for path in &s.field {
        let field = make_field(s.players, Some(path), s.results.ratings())?;
        let label = match s.players {
            Some(n) => format!("{} top {n}", path.display()),
            None => path.display().to_string(),
        };
        sources.push(Source::Field { label, field });
    }
    let pair = PairOptions {
        backend: backend(s.common.backend),
        cross_check: super::CrossCheckArg::budget(&s.common.cross_check),
        second_opinion: super::CrossCheckArg::second_opinion(&s.common.cross_check),
        groups: super::input::read_groups(s.common.groups.as_deref())?,
        ..PairOptions::default()
    };
    let template = make_config(variants[0].system, Field::List(Vec::new()), s.rounds, 0, &s.results, pair.clone())?;
    // A request every unit would fail is refused before the first one runs, as `generate`
    // refuses it: the options, and each field's size.
    for source in &sources {
        if let Source::Field { field, .. } = source {
            check_request(&GenerateConfig { field: field.clone(), ..template.clone() })?;
        }
    }
    let ranking = match &s.ranking {
        Some(list) => {
            let list = lexpair::standings::TieBreak::parse_list(list)
                .map_err(|e| Failure::Invalid(format!("--ranking: {e}")))?;
            if list.is_empty() {
                return Err(Failure::Invalid("--ranking: name at least the score (PTS)".into()));
            }
            Some(list)
        }
        None => None,
    };
    let plan = Plan {
        kind: Kind::Simulate,
        sources,
        variants,
        seeds: (s.first_seed..s.first_seed.saturating_add(s.seeds)).collect(),
        template: Some(template),
        pair,
        keep_trf: s.keep_trf,
        ranking,
    };
    execute(&plan, &s.common)
}

fn execute(plan: &Plan, c: &CommonArgs) -> Result<(), Failure> {
    let opts = options(c)?;
    let (records, stats) = run(plan, &c.out, &opts).map_err(|e| match e {
        RunError::Busy(m) => Failure::Invalid(m),
        RunError::File(m) => Failure::File(m),
    })?;
    finish(&records, c.plot.as_deref(), c.quiet, c.baseline.as_deref())?;
    if !c.quiet {
        println!(
            "{} units in this run ({} already done, {} run, {} failed); results in {}",
            stats.units,
            stats.skipped,
            stats.ran,
            stats.failed,
            c.out.display()
        );
    }
    failed_units(&records)
}

/// Exit 2 when any unit of the output failed (this run's or an earlier one's, when resumed),
/// once every unit has run and the reports are written: a batch with failures never exits 0.
fn failed_units(records: &[Record]) -> Result<(), Failure> {
    let failed = records.iter().filter(|r| r.status != "ok").count();
    if failed == 0 {
        return Ok(());
    }
    Err(Failure::Internal(format!(
        "{failed} of {} units failed (their errors are in the summary and units.jsonl)",
        records.len()
    )))
}

fn finish(records: &[Record], plot: Option<&Path>, quiet: bool, baseline: Option<&str>) -> Result<(), Failure> {
    if let Some(dir) = plot {
        let files = write_plots_with(dir, records, baseline).map_err(Failure::File)?;
        if !quiet {
            println!("{} plots in {}", files.len(), dir.display());
        }
    }
    if !quiet {
        print!("{}{}", summary_text(records), paired_text_with(records, baseline));
    }
    Ok(())
}

fn merge(m: MergeArgs) -> Result<(), Failure> {
    let records = merge_records(&m.inputs).map_err(Failure::Invalid)?;
    std::fs::create_dir_all(&m.out).map_err(|e| Failure::File(format!("{}: {e}", m.out.display())))?;
    let _lock = lexpair::batch::lock::FolderLock::take(&m.out).map_err(Failure::Invalid)?;
    let mut lines = String::new();
    for r in &records {
        lines.push_str(&serde_json::to_string(r).map_err(|e| Failure::Internal(e.to_string()))?);
        lines.push('\n');
    }
    write_atomic(&m.out.join(UNITS_FILE), &lines).map_err(Failure::File)?;
    if let Some(spec) = m.baseline.as_deref() {
        if !records.iter().any(|r| lexpair::batch::report::is_baseline(r, spec)) {
            return Err(Failure::Invalid(format!("--baseline {spec} names no group of the merged units")));
        }
    }
    write_reports_with(&m.out, &records, m.baseline.as_deref()).map_err(Failure::File)?;
    finish(&records, m.plot.as_deref(), m.quiet, m.baseline.as_deref())?;
    if !m.quiet {
        println!("{} units merged from {} inputs into {}", records.len(), m.inputs.len(), m.out.display());
    }
    Ok(())
}
