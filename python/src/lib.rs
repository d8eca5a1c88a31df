//! `lexpair` for Python: the library's entry points as functions returning plain Python objects
//! (dicts, lists, strings, numbers), and its errors as exceptions carrying the same
//! file/line/field text as the command line. The Python package (`python/lexpair/`) re-exports
//! these and documents them; values cross the boundary as JSON (`serde_json` here, `json.loads`
//! there), so a result is exactly what `--format json` prints.
//!
//! Long work (pairing, batches) runs with the interpreter released, so other Python threads go
//! on; results never depend on the thread count.

use lexpair::batch::report::{merge_records, read_records, write_atomic, write_reports_with, UNITS_FILE};
use lexpair::batch::run::{run, RunOptions};
use lexpair::batch::{Kind, Plan, Record, Shard, Source, Variant};
use lexpair::generate::{
    check_rates, check_request, field_from_document, generate as generate_tournament, parse_point_system,
};
use lexpair::generate::{Field, GenerateConfig, GenerateError};
use lexpair::model::formulation::{Formulation, FormulationFileError};
use lexpair::options::PairOptions;
use lexpair::round::Event;
use lexpair::standings::TieBreak;
use lexpair::systems::why_not as why_not_round;
use lexpair::tournament::acceleration::{self, Method};
use lexpair::trf::{self, ReadFileError, ReadOptions, TrfDocument};
use lexpair::vocabulary::{Backend, PairError, System};
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Small blocks from mimalloc, large ones from the system, as in the command line (see
/// `lexpair::alloc`): batches run as fast from Python.
#[global_allocator]
static ALLOCATOR: lexpair::alloc::SplitAllocator = lexpair::alloc::SplitAllocator;

create_exception!(_lexpair, LexpairError, PyException, "Base class of every lexpair error.");
create_exception!(
    _lexpair,
    InvalidInput,
    LexpairError,
    "A malformed file or an impossible request (the command line's exit code 3)."
);
create_exception!(_lexpair, NoValidPairing, LexpairError, "No pairing satisfies the absolute criteria (exit code 1).");
create_exception!(_lexpair, SolverError, LexpairError, "The solver failed or ran out of time (exit code 2).");
create_exception!(_lexpair, FileError, LexpairError, "A file could not be read or written (exit code 5).");

fn invalid(m: impl std::fmt::Display) -> PyErr {
    InvalidInput::new_err(m.to_string())
}

fn read_error(e: ReadFileError) -> PyErr {
    match e {
        ReadFileError::Io { .. } => FileError::new_err(e.to_string()),
        ReadFileError::Format(f) => InvalidInput::new_err(f.to_string()),
    }
}

fn pair_error(path: &str) -> impl Fn(PairError) -> PyErr + '_ {
    move |e| match e {
        PairError::NoValidPairing(_) => NoValidPairing::new_err(format!("{path}: {e}")),
        PairError::Invalid(_) => InvalidInput::new_err(format!("{path}: {e}")),
        PairError::Solver(_) | PairError::Internal(_) => SolverError::new_err(format!("{path}: {e}")),
    }
}

/// A JSON value as the Python object `json.loads` makes of it.
fn to_py(py: Python<'_>, v: &Value) -> PyResult<Py<PyAny>> {
    let text = serde_json::to_string(v).map_err(|e| LexpairError::new_err(e.to_string()))?;
    Ok(py.import("json")?.call_method1("loads", (text,))?.unbind())
}

fn system(name: &str) -> PyResult<System> {
    name.parse::<System>().map_err(invalid)
}

fn backend(name: &str) -> PyResult<Backend> {
    match name {
        "matching" => Ok(Backend::Matching),
        "highs" => Ok(Backend::Highs),
        _ => Err(invalid(format!("backend '{name}': expected 'matching' or 'highs'"))),
    }
}

fn model(path: Option<PathBuf>) -> PyResult<Option<Formulation>> {
    path.map(|p| {
        Formulation::read_file(&p).map_err(|e| match e {
            FormulationFileError::Io(m) => FileError::new_err(m),
            FormulationFileError::Format(m) => InvalidInput::new_err(m),
        })
    })
    .transpose()
}

/// `groups=PATH`: the groups of `--groups FILE`.
fn groups(path: Option<PathBuf>) -> PyResult<Option<Arc<lexpair::tournament::attributes::Groups>>> {
    path.map(|p| {
        lexpair::tournament::attributes::Groups::read(&p).map(Arc::new).map_err(|(code, m)| match code {
            5 => FileError::new_err(m),
            _ => InvalidInput::new_err(m),
        })
    })
    .transpose()
}

/// One path or a list of them (`field=`, `inputs=`), as the command line's repeated option.
fn paths(v: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<PathBuf>> {
    let Some(v) = v else { return Ok(Vec::new()) };
    if let Ok(p) = v.extract::<PathBuf>() {
        return Ok(vec![p]);
    }
    v.try_iter()?.map(|x| x?.extract::<PathBuf>()).collect()
}

/// `models=`: `(system, path)` pairs or `"SYSTEM=FILE"` strings, as `--model SYSTEM=FILE`.
fn model_specs(models: Option<&Bound<'_, PyAny>>) -> PyResult<Vec<(String, PathBuf)>> {
    let Some(models) = models else { return Ok(Vec::new()) };
    let mut out = Vec::new();
    for m in models.try_iter()? {
        let m = m?;
        if let Ok(text) = m.extract::<String>() {
            let (s, f) =
                text.split_once('=').ok_or_else(|| invalid(format!("model '{text}': expected SYSTEM=FILE")))?;
            out.push((s.to_string(), PathBuf::from(f)));
        } else {
            out.push(m.extract::<(String, PathBuf)>()?);
        }
    }
    Ok(out)
}

/// `--lp-format`: `"lp"`, `"mps"` or `"lp,mps"`.
fn lp_formats(text: &str) -> PyResult<lexpair::vocabulary::LpFormats> {
    let mut f = lexpair::vocabulary::LpFormats { lp: false, mps: false };
    for part in text.split(',') {
        match part.trim() {
            "lp" => f.lp = true,
            "mps" => f.mps = true,
            other => return Err(invalid(format!("lp_format '{other}': expected lp, mps or lp,mps"))),
        }
    }
    Ok(f)
}

fn read(path: &Path, check_scores: bool) -> PyResult<TrfDocument> {
    trf::read_file(path, &ReadOptions { check_scores }).map_err(read_error)
}

fn accelerate(doc: &mut TrfDocument, path: &Path, method: Option<&str>) -> PyResult<()> {
    if let Some(m) = method {
        let m: Method = m.parse().map_err(invalid)?;
        // The file's own acceleration lines are replaced, as the CLI's --acceleration does.
        acceleration::apply(m, doc).map_err(|e| invalid(format!("{}: {e}", path.display())))?;
    }
    Ok(())
}

/// The state before the round to pair: a team file's teams, else its players.
fn state(doc: &TrfDocument, path: &Path, round: Option<u32>) -> PyResult<Event> {
    Event::to_pair(doc, round).map_err(|e| invalid(lexpair::trf::in_file(path.display(), &e)))
}

/// The systems lexpair pairs: name, family, edition, title, and whether `model=` applies.
#[pyfunction]
fn systems(py: Python<'_>) -> PyResult<Py<PyAny>> {
    let rows: Vec<Value> = lexpair::systems::REGISTRY
        .iter()
        .map(|r| {
            json!({"name": r.system.name(), "unit": r.unit().name(), "family": r.family, "edition": r.edition, "current": r.current,
                   "title": r.title, "reads_formulations": r.reads_formulations,
                   "why_not": true})
        })
        .collect();
    to_py(py, &Value::Array(rows))
}

/// Pairs the next round (or `round`) of the tournament in `path` with `system`.
///
/// A round entered for some players only raises `InvalidInput` saying which, unless `round`
/// says which round is meant; a bye entered in advance in that round is then kept.
///
/// Returns `{"system", "round", "boards": [{"board", "white", "black"}], "bye"}` with TRF ids,
/// and with `explain=True` also `"explanation"` (the reasons in the rules' words, schema
/// `lexpair-explain/1` of docs/explain.md), `"explanation_text"` (as `--explain` prints them)
/// and `"brackets"` (the solver's stages). `why_not=(a, b)` adds `"why_not"`: why a and b were
/// not paired; `why_bye=x` adds `"why_bye"`: why x did or did not receive the bye.
/// `model=PATH` a formulation file (criteria and constraints of one's own), `groups=PATH` the
/// groups of `same_group` (CSV `id,group`); `write_lp=DIR` writes every program solved (as
/// `--write-lp`; `write_lp_all=True` every program, `lp_format="lp,mps"` both formats).
/// The pairing passes lexpair's independent rule checker before it is returned.
#[pyfunction]
#[pyo3(signature = (path, system, *, round=None, backend="matching", explain=false, why_not=None,
                    why_bye=None, model=None, acceleration=None, time_limit=None, groups=None,
                    write_lp=None, write_lp_all=false, lp_format="lp"))]
#[allow(clippy::too_many_arguments)]
fn pair(
    py: Python<'_>,
    path: PathBuf,
    system: &str,
    round: Option<u32>,
    backend: &str,
    explain: bool,
    why_not: Option<(u32, u32)>,
    why_bye: Option<u32>,
    model: Option<PathBuf>,
    acceleration: Option<&str>,
    time_limit: Option<f64>,
    groups: Option<PathBuf>,
    write_lp: Option<PathBuf>,
    write_lp_all: bool,
    lp_format: &str,
) -> PyResult<Py<PyAny>> {
    let sys = self::system(system)?;
    let write_lp = write_lp.map(|d| lexpair::lp_folder::prepare(&d, sys)).transpose().map_err(|e| match e {
        lexpair::lp_folder::LpFolderError::NotExported(m) => invalid(m),
        lexpair::lp_folder::LpFolderError::File(m) => FileError::new_err(m),
    })?;
    let opts = PairOptions {
        backend: self::backend(backend)?,
        model: self::model(model)?,
        time_limit,
        groups: self::groups(groups)?,
        write_lp,
        write_lp_all,
        lp_formats: lp_formats(lp_format)?,
        ..PairOptions::default()
    };
    let mut doc = read(&path, true)?;
    accelerate(&mut doc, &path, acceleration)?;
    let partial = (round.is_none() && !doc.is_team_file()).then(|| lexpair::tournament::partial_round(&doc));
    if let Some(p) = partial.flatten() {
        return Err(invalid(format!("{}: {p}", path.display())));
    }
    let event = state(&doc, &path, round)?;
    let t = event.field();
    let name = path.display().to_string();
    let round = py.detach(|| lexpair::round::pair(t, sys, &opts)).map_err(pair_error(&name))?;
    let (pairing, traces) = (&round.pairing, &round.traces);
    let explanation = explain.then(|| lexpair::explain::explain(sys, t, pairing, traces));
    // The shape `lexpair pair --format json` prints (names, ratings and points on every board).
    let mut v = lexpair::lists::round_json(t, &doc, &round, explanation.as_ref(), &[])
        .map_err(|e| LexpairError::new_err(e.to_string()))?;
    if let Some((a, b)) = why_not {
        let reason = why_not_round(sys, t, &opts, traces, a, b).map_err(pair_error(&name))?;
        v["why_not"] = json!({"players": [a, b], "reason": reason});
    }
    if let Some(x) = why_bye {
        let reason = lexpair::systems::why_bye(sys, t, &opts, pairing, traces, x).map_err(pair_error(&name))?;
        v["why_bye"] = json!({"player": x, "reason": reason});
    }
    to_py(py, &v)
}

/// Replays every round of the complete tournament in `path` with `system` and compares with
/// what was recorded: one dict per round, `{"round", "identical", ...}`.
#[pyfunction]
#[pyo3(signature = (path, system, *, check_scores=true))]
fn check(py: Python<'_>, path: PathBuf, system: &str, check_scores: bool) -> PyResult<Py<PyAny>> {
    let sys = self::system(system)?;
    let doc = read(&path, check_scores)?;
    let rounds = py.detach(|| lexpair::check::check_document(&doc, sys, &PairOptions::default()));
    let rows: Vec<Value> = rounds
        .iter()
        .map(|r| {
            let mut v = json!({"round": r.round,
                               "identical": matches!(r.outcome, lexpair::check::Outcome::Identical)});
            v["outcome"] = serde_json::to_value(&r.outcome).unwrap_or(Value::Null);
            v
        })
        .collect();
    to_py(py, &Value::Array(rows))
}

/// A seeded random tournament paired round by round by `system`, as TRF text (written to
/// `output` too when given, whole or not at all). Same arguments, same bytes.
///
/// For a team system `players` is the number of teams; for Double-Swiss (`double-2026`)
/// `rounds` is the number of matches (two games each, TRF-2026 with two game columns per
/// match), `forfeit_rate` forfeits single games and `match_forfeit_rate` whole matches.
#[pyfunction]
#[pyo3(signature = (system, rounds, seed, *, players=None, field=None, ratings="1400-2600", draw_rate=0.3,
                    white_advantage=35.0, forfeit_rate=0.0, half_byes=0.0, absences=0.0, points="1-0.5-0",
                    model=None, trf26=false, output=None, boards=None, team_rules=None,
                    match_forfeit_rate=0.0, acceleration=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    system: &str,
    rounds: u32,
    seed: u64,
    players: Option<usize>,
    field: Option<PathBuf>,
    ratings: &str,
    draw_rate: f64,
    white_advantage: f64,
    forfeit_rate: f64,
    half_byes: f64,
    absences: f64,
    points: &str,
    model: Option<PathBuf>,
    trf26: bool,
    output: Option<PathBuf>,
    boards: Option<usize>,
    team_rules: Option<&str>,
    match_forfeit_rate: f64,
    acceleration: Option<&str>,
) -> PyResult<String> {
    use lexpair::vocabulary::Unit;
    let sys = self::system(system)?;
    let unit = sys.registration().unit();
    if unit != Unit::Team && (boards.is_some() || team_rules.is_some()) {
        return Err(invalid(format!("boards and team_rules are for team systems, not {sys}")));
    }
    if unit == Unit::Player && match_forfeit_rate != 0.0 {
        return Err(invalid(format!("match_forfeit_rate is for team systems and double-2026, not {sys}")));
    }
    let field = make_field(players, field.as_deref(), ratings)?;
    let mut cfg = GenerateConfig::new(sys, field, rounds, seed);
    cfg.draw_rate = draw_rate;
    cfg.white_advantage = white_advantage;
    cfg.forfeit_rate = forfeit_rate;
    cfg.half_bye_rate = half_byes;
    cfg.zero_bye_rate = absences;
    cfg.point_system = parse_point_system(points).map_err(invalid)?;
    cfg.pair.model = self::model(model)?;
    if let Some(b) = boards {
        cfg.team.boards = b;
    }
    if let Some(r) = team_rules {
        cfg.team.rules = r.to_string();
    }
    cfg.team.match_forfeit_rate = match_forfeit_rate;
    cfg.double.match_forfeit_rate = match_forfeit_rate;
    cfg.acceleration = acceleration.map(|m| m.parse::<Method>().map_err(invalid)).transpose()?;
    check_rates(&cfg).map_err(generate_error)?;
    let generated = py.detach(|| generate_tournament(&cfg)).map_err(generate_error)?;
    // Team and Double-Swiss files are TRF-2026 (their records and tags have no TRF16 spelling).
    let flavor = if trf26 || unit != Unit::Player { trf::TrfFlavor::Trf26 } else { trf::TrfFlavor::Trf16 };
    let text = trf::write(&generated.document, flavor);
    if let Some(out) = output {
        lexpair::batch::report::write_atomic(&out, &text).map_err(FileError::new_err)?;
    }
    Ok(text)
}

fn generate_error(e: GenerateError) -> PyErr {
    match e {
        GenerateError::Invalid(m) => InvalidInput::new_err(m),
        GenerateError::Pair { round, error } => pair_error(&format!("round {round}"))(error),
    }
}

fn make_field(players: Option<usize>, field: Option<&Path>, ratings: &str) -> PyResult<Field> {
    if let Some(path) = field {
        return Ok(Field::List(field_from_document(&read(path, false)?, players)));
    }
    let players = players.ok_or_else(|| invalid("give players=N (or field=PATH for a real field)"))?;
    let (min_rating, max_rating) = lexpair::generate::parse_ratings(ratings).map_err(invalid)?;
    Ok(Field::Random { players, min_rating, max_rating })
}

/// Final standings under FIDE's Tie-Break Regulations (C.07): the score, then the tie-breaks
/// in order, as TRF-2026 codes (`"BH/C1,BH,SB,DE,WIN"`; default: the file's 212/202 record, else
/// that list). `rules` is 2024 or 2026 (default: by the event's start date), `unrated_rating`
/// the rating of unrated players for ARO and the other rating tie-breaks, `pre_determined` a
/// round robin (default: by the tournament type), `round` standings after that round. One dict
/// per participant: rank, id, title, name, federation, fide_id, rating, points (match_points and
/// game_points for teams and Double-Swiss), played, then one key per tie-break (its code).
#[pyfunction]
#[pyo3(signature = (path, *, tiebreaks=None, rules=None, unrated_rating=None, pre_determined=None, round=None, check_scores=true))]
#[allow(clippy::too_many_arguments)]
fn standings(
    py: Python<'_>,
    path: PathBuf,
    tiebreaks: Option<&str>,
    rules: Option<u32>,
    unrated_rating: Option<u32>,
    pre_determined: Option<bool>,
    round: Option<u32>,
    check_scores: bool,
) -> PyResult<Py<PyAny>> {
    let tiebreaks = tiebreaks.map(TieBreak::parse_list).transpose().map_err(invalid)?;
    let edition = rules.map(|r| r.to_string().parse::<lexpair::standings::Edition>()).transpose().map_err(invalid)?;
    let doc = read(&path, check_scores)?;
    let options = lexpair::standings::Options { tiebreaks, edition, unrated_rating, pre_determined, round };
    let table = lexpair::standings::compute(&doc, &options).map_err(|e| invalid(format!("{}: {e}", path.display())))?;
    let rows: Vec<Value> = table
        .rows
        .iter()
        .map(|r| {
            let mut v = json!({"rank": r.rank, "id": r.id, "title": r.title, "name": r.name, "federation": r.federation,
                               "fide_id": r.fide_id, "rating": r.rating, "points": r.points, "played": r.played});
            if let (Some(mp), Some(gp)) = (r.match_points, r.game_points) {
                v["match_points"] = json!(mp);
                v["game_points"] = json!(gp);
            }
            for (tb, x) in table.tiebreaks.iter().zip(&r.tiebreaks) {
                v[tb.code()] = json!(x);
            }
            v
        })
        .collect();
    to_py(py, &Value::Array(rows))
}

/// The tournament metrics of `docs/research.md` (Kendall's tau, colours, floats, ...) of the
/// rounds recorded in `path`, as one dict (for a Double-Swiss file, those of two-game matches;
/// for a team file, the team metrics). `ranking`: the C.07 codes `kendall_tau_tiebroken` ranks by
/// (default `BH/C1,BH,SB,DE,WIN`; `"PTS"`: the points alone); the dict names it (`ranking`).
#[pyfunction]
#[pyo3(signature = (path, *, check_scores=false, ranking=None))]
fn metrics(py: Python<'_>, path: PathBuf, check_scores: bool, ranking: Option<&str>) -> PyResult<Py<PyAny>> {
    let doc = read(&path, check_scores)?;
    let ranking = ranking.map(TieBreak::parse_list).transpose().map_err(invalid)?;
    let list = ranking.as_deref();
    let columns = if lexpair::double::encoding::is_double_swiss(&doc) {
        lexpair::metrics::double::double_metrics(&doc, list).map(|m| m.columns())
    } else if doc.is_team_file() {
        lexpair::metrics::team::team_metrics(&doc, list).map(|m| m.columns())
    } else {
        lexpair::metrics::tournament_metrics(&doc, list).map(|m| m.columns())
    }
    .map_err(|e| invalid(format!("{}: {e}", path.display())))?;
    let mut v = json!({});
    for (name, value) in columns {
        v[name] = json!(value);
    }
    v["ranking"] = json!(lexpair::metrics::ranking_name(&doc, list));
    to_py(py, &v)
}

/// One batch record as a flat dict (a row of `results.csv` with the timings): id columns,
/// then every metric, then `time NAME` in seconds.
fn flat(r: &Record) -> Value {
    let mut v = json!({"kind": r.kind, "source": r.source, "system": r.system, "variant": r.variant,
                       "seed": r.seed, "status": r.status, "error": r.error});
    for (name, value) in &r.metrics {
        v[name] = json!(value);
    }
    for (name, value) in &r.timing {
        v[format!("time {name}")] = json!(value);
    }
    v
}

fn records_to_py(py: Python<'_>, mut records: Vec<Record>) -> PyResult<Py<PyAny>> {
    records.sort_by_key(|r| r.sort_key());
    to_py(py, &Value::Array(records.iter().map(flat).collect()))
}

/// The records of a batch output folder (its `units.jsonl`), one flat dict per unit, sorted as
/// `results.csv`: `pandas.DataFrame(read_results(out))`.
#[pyfunction]
fn read_results(py: Python<'_>, out: PathBuf) -> PyResult<Py<PyAny>> {
    let records = read_records(&out.join(UNITS_FILE)).map_err(FileError::new_err)?;
    records_to_py(py, records)
}

fn variants(systems: Vec<String>, models: Vec<(String, PathBuf)>) -> PyResult<Vec<Variant>> {
    let mut out = Vec::new();
    for s in systems {
        let sys = system(&s)?;
        sys.registration().check_built_in().map_err(invalid)?;
        out.push(Variant { system: sys, name: "default".into(), model: None });
    }
    for (s, path) in models {
        let sys = system(&s)?;
        let name = path.file_stem().map_or_else(|| path.display().to_string(), |s| s.to_string_lossy().into_owned());
        let model = self::model(Some(path))?;
        if let Some(m) = &model {
            sys.registration().check_formulation(m).map_err(|e| invalid(format!("model {s}={name}: {e}")))?;
        }
        out.push(Variant { system: sys, name, model });
    }
    if out.is_empty() {
        return Err(invalid("give at least one system or model"));
    }
    Ok(out)
}

/// Runs `plan` (only shard `"I/N"` of it, as `--shard I/N`, when given) into `out` (resumable, as
/// `lexpair batch`), writes its reports, returns records.
fn run_plan(
    py: Python<'_>,
    plan: Plan,
    out: PathBuf,
    jobs: Option<usize>,
    shard: Option<&str>,
    baseline: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let jobs = jobs.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    if jobs == 0 {
        return Err(invalid("jobs must be at least 1"));
    }
    if let Some(spec) = baseline {
        let named = |v: &Variant| match spec.split_once('=') {
            Some((system, name)) => v.system.name() == system && v.name == name,
            None => v.system.name() == spec && v.name == "default",
        };
        if !plan.variants.iter().any(named) {
            return Err(invalid(format!("baseline {spec} is none of the variants (SYSTEM or SYSTEM=NAME)")));
        }
    }
    let shard = shard.map(Shard::parse).transpose().map_err(invalid)?;
    let opts = RunOptions { jobs, shard, quiet: true, baseline: baseline.map(str::to_string) };
    let records = py
        .detach(|| run(&plan, &out, &opts))
        .map_err(|e| match e {
            lexpair::batch::run::RunError::Busy(m) => invalid(m),
            lexpair::batch::run::RunError::File(m) => FileError::new_err(m),
        })?
        .0;
    write_reports_with(&out, &records, baseline).map_err(FileError::new_err)?;
    records_to_py(py, records)
}

/// Simulates `seeds` tournaments per system variant (`lexpair batch simulate`) into the folder
/// `out` and returns one flat dict per unit. `models` adds formulation variants as
/// `[(system, path), ...]` or `["SYSTEM=FILE", ...]`; `field` takes the players of a TRF file, or
/// of each of a list of files (one source each, as `--field` repeated). Runs resume: units
/// already in `out` are not run again. For Double-Swiss (`double-2026`) `rounds` counts matches
/// and `match_forfeit_rate` forfeits whole matches; for teams `players` counts teams and
/// `boards`, `team_rules`, `match_points`, `board_colours` set the team model; one batch
/// simulates one kind of tournament. `shard="I/N"` runs only every N-th unit from the I-th
/// (`--shard I/N`); `lexpair batch merge` (or `merge`) joins the shards' folders. `baseline`
/// names the group paired comparisons are made against (`SYSTEM` or `SYSTEM=NAME`), `groups`
/// the CSV of `same_group`, `keep_trf=True` writes every tournament to `out/trf`.
#[pyfunction]
#[pyo3(signature = (systems, out, *, players=None, rounds=9, seeds=10, first_seed=1, field=None, models=None,
                    ratings="1400-2600", draw_rate=0.3, white_advantage=35.0, forfeit_rate=0.0,
                    half_byes=0.0, absences=0.0, points="1-0.5-0", jobs=None, match_forfeit_rate=0.0,
                    shard=None, ranking=None, backend="matching", baseline=None, groups=None, keep_trf=false,
                    acceleration=None, boards=None, team_rules=None, match_points=None, board_colours=None))]
#[allow(clippy::too_many_arguments)]
fn simulate(
    py: Python<'_>,
    systems: Vec<String>,
    out: PathBuf,
    players: Option<usize>,
    rounds: u32,
    seeds: u64,
    first_seed: u64,
    field: Option<&Bound<'_, PyAny>>,
    models: Option<&Bound<'_, PyAny>>,
    ratings: &str,
    draw_rate: f64,
    white_advantage: f64,
    forfeit_rate: f64,
    half_byes: f64,
    absences: f64,
    points: &str,
    jobs: Option<usize>,
    match_forfeit_rate: f64,
    shard: Option<&str>,
    ranking: Option<&str>,
    backend: &str,
    baseline: Option<&str>,
    groups: Option<PathBuf>,
    keep_trf: bool,
    acceleration: Option<&str>,
    boards: Option<usize>,
    team_rules: Option<&str>,
    match_points: Option<&str>,
    board_colours: Option<&str>,
) -> PyResult<Py<PyAny>> {
    use lexpair::vocabulary::Unit;
    let ranking = ranking.map(TieBreak::parse_list).transpose().map_err(invalid)?;
    let variants = variants(systems, model_specs(models)?)?;
    let unit = variants[0].system.registration().unit();
    if let Some(v) = variants.iter().find(|v| v.system.registration().unit() != unit) {
        return Err(invalid(format!(
            "{} and {} pair different units ({}); simulate them separately",
            variants[0].system,
            v.system,
            [unit.plays(), v.system.registration().unit().plays()].join(", ")
        )));
    }
    if unit == Unit::Player && match_forfeit_rate != 0.0 {
        return Err(invalid(format!(
            "match_forfeit_rate is for team systems and double-2026, not {}",
            variants[0].system
        )));
    }
    if unit != Unit::Team
        && (boards.is_some() || team_rules.is_some() || match_points.is_some() || board_colours.is_some())
    {
        return Err(invalid(format!(
            "boards, team_rules, match_points and board_colours are for team systems, not {}",
            variants[0].system
        )));
    }
    let fields = paths(field)?;
    let mut sources = Vec::new();
    if unit == Unit::Team {
        let teams = players.ok_or_else(|| invalid("give players=N (the number of teams)"))?;
        let label =
            format!("teams {teams} x {}", boards.unwrap_or(lexpair::generate::team::TeamOptions::default().boards));
        sources.push(Source::Field { label, field: Field::Random { players: teams, min_rating: 0, max_rating: 0 } });
    } else if fields.is_empty() {
        sources.push(Source::Field {
            label: format!("random {} {ratings}", players.unwrap_or(0)),
            field: make_field(players, None, ratings)?,
        });
    }
    for p in &fields {
        let label = match players {
            Some(n) => format!("{} top {n}", p.display()),
            None => p.display().to_string(),
        };
        sources.push(Source::Field { label, field: make_field(players, Some(p), ratings)? });
    }
    let mut template = GenerateConfig::new(variants[0].system, Field::List(Vec::new()), rounds, 0);
    template.draw_rate = draw_rate;
    template.white_advantage = white_advantage;
    template.forfeit_rate = forfeit_rate;
    template.half_bye_rate = half_byes;
    template.zero_bye_rate = absences;
    template.point_system = parse_point_system(points).map_err(invalid)?;
    template.team.match_forfeit_rate = match_forfeit_rate;
    template.double.match_forfeit_rate = match_forfeit_rate;
    template.acceleration = acceleration.map(|m| m.parse::<Method>().map_err(invalid)).transpose()?;
    if let Some(b) = boards {
        template.team.boards = b;
    }
    if let Some(r) = team_rules {
        template.team.rules = r.trim().to_string();
    }
    if let Some(text) = match_points {
        template.team.match_points = lexpair::generate::team::parse_match_points(text).map_err(invalid)?;
    }
    if let Some(text) = board_colours {
        template.team.board_colours = Some(lexpair::generate::team::parse_board_colours(text).map_err(invalid)?);
    }
    // As `lexpair batch simulate`: a request no unit can run is refused before the first one.
    for source in &sources {
        if let Source::Field { field, .. } = source {
            check_request(&GenerateConfig { field: field.clone(), ..template.clone() }).map_err(generate_error)?;
        }
    }
    let pair =
        PairOptions { backend: self::backend(backend)?, groups: self::groups(groups)?, ..PairOptions::default() };
    template.pair = pair.clone();
    let plan = Plan {
        kind: Kind::Simulate,
        sources,
        variants,
        seeds: (first_seed..first_seed.saturating_add(seeds)).collect(),
        template: Some(template),
        pair,
        keep_trf,
        ranking,
    };
    run_plan(py, plan, out, jobs, shard, baseline)
}

/// The TRF files of `p`, as the command line reads its paths: a file as it is, a folder's
/// `*.trf` files (recursively, sorted), a manifest's lines (`*.txt`, relative to it, `#`
/// comments).
fn collect_inputs(p: &Path, out: &mut Vec<PathBuf>) -> PyResult<()> {
    let io = |e: std::io::Error| FileError::new_err(format!("{}: {e}", p.display()));
    if p.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(p).map_err(io)?.flatten().map(|e| e.path()).collect();
        entries.sort();
        for e in entries {
            if e.is_dir() || e.extension().is_some_and(|x| x.eq_ignore_ascii_case("trf")) {
                collect_inputs(&e, out)?;
            }
        }
    } else if p.extension().is_some_and(|x| x.eq_ignore_ascii_case("txt")) {
        let text = std::fs::read_to_string(p).map_err(io)?;
        let base = p.parent().unwrap_or(Path::new("."));
        for line in text.lines().map(str::trim).filter(|l| !l.is_empty() && !l.starts_with('#')) {
            out.push(base.join(line));
        }
    } else {
        out.push(p.to_path_buf());
    }
    Ok(())
}

/// A batch over files (`lexpair batch replay` or `solve`).
#[allow(clippy::too_many_arguments)]
fn files_batch(
    py: Python<'_>,
    kind: Kind,
    systems: Vec<String>,
    paths: Vec<PathBuf>,
    out: PathBuf,
    models: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
    shard: Option<&str>,
    backend: &str,
    baseline: Option<&str>,
    groups: Option<PathBuf>,
) -> PyResult<Py<PyAny>> {
    for p in &paths {
        if !p.exists() {
            return Err(FileError::new_err(format!("{}: no such file", p.display())));
        }
    }
    let mut files = Vec::new();
    for p in paths {
        collect_inputs(&p, &mut files)?;
    }
    let plan = Plan {
        kind,
        sources: files.into_iter().map(Source::File).collect(),
        variants: variants(systems, model_specs(models)?)?,
        seeds: Vec::new(),
        template: None,
        pair: PairOptions { backend: self::backend(backend)?, groups: self::groups(groups)?, ..PairOptions::default() },
        keep_trf: false,
        ranking: None,
    };
    run_plan(py, plan, out, jobs, shard, baseline)
}

/// Replays real events (`lexpair batch replay`): every round of each TRF file in `paths` (files,
/// folders searched for `*.trf`, manifests) paired from its real history by each system and
/// variant (`models` as in `simulate`), compared with the record. One flat dict per unit.
/// `shard="I/N"`, `baseline`, `groups` and `backend` as in `simulate`.
#[pyfunction]
#[pyo3(signature = (systems, paths, out, *, models=None, jobs=None, shard=None, backend="matching", baseline=None, groups=None))]
#[allow(clippy::too_many_arguments)]
fn replay(
    py: Python<'_>,
    systems: Vec<String>,
    paths: Vec<PathBuf>,
    out: PathBuf,
    models: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
    shard: Option<&str>,
    backend: &str,
    baseline: Option<&str>,
    groups: Option<PathBuf>,
) -> PyResult<Py<PyAny>> {
    files_batch(py, Kind::Replay, systems, paths, out, models, jobs, shard, backend, baseline, groups)
}

/// Pairs the next round of each file (a complete tournament's last round again) and records, per
/// criterion, its value summed over brackets and its solve time (`lexpair batch solve`). The
/// arguments as in `replay`.
#[pyfunction]
#[pyo3(signature = (systems, paths, out, *, models=None, jobs=None, shard=None, backend="matching", baseline=None, groups=None))]
#[allow(clippy::too_many_arguments)]
fn solve(
    py: Python<'_>,
    systems: Vec<String>,
    paths: Vec<PathBuf>,
    out: PathBuf,
    models: Option<&Bound<'_, PyAny>>,
    jobs: Option<usize>,
    shard: Option<&str>,
    backend: &str,
    baseline: Option<&str>,
    groups: Option<PathBuf>,
) -> PyResult<Py<PyAny>> {
    files_batch(py, Kind::Solve, systems, paths, out, models, jobs, shard, backend, baseline, groups)
}

/// Merges the output folders of shards (`lexpair batch merge`): their units into `out`, with
/// the reports (and `plots` when given) of the whole; returns the records.
#[pyfunction]
#[pyo3(signature = (out, inputs, *, plots=None, baseline=None))]
fn merge(
    py: Python<'_>,
    out: PathBuf,
    inputs: &Bound<'_, PyAny>,
    plots: Option<PathBuf>,
    baseline: Option<&str>,
) -> PyResult<Py<PyAny>> {
    let records = merge_records(&paths(Some(inputs))?).map_err(invalid)?;
    if let Some(spec) = baseline {
        if !records.iter().any(|r| lexpair::batch::report::is_baseline(r, spec)) {
            return Err(invalid(format!("baseline {spec} names no group of the merged units")));
        }
    }
    std::fs::create_dir_all(&out).map_err(|e| FileError::new_err(format!("{}: {e}", out.display())))?;
    let mut lines = String::new();
    for r in &records {
        lines.push_str(&serde_json::to_string(r).map_err(|e| LexpairError::new_err(e.to_string()))?);
        lines.push('\n');
    }
    write_atomic(&out.join(UNITS_FILE), &lines).map_err(FileError::new_err)?;
    write_reports_with(&out, &records, baseline).map_err(FileError::new_err)?;
    if let Some(dir) = plots {
        lexpair::batch::plots::write_plots_with(&dir, &records, baseline).map_err(FileError::new_err)?;
    }
    records_to_py(py, records)
}

/// The state before the next round (or `round`) of the tournament in `path`, as `lexpair
/// state --json` prints it: per player scores, colours, preference, floats, PAB eligibility
/// (a team file's teams, a Double-Swiss file's players in their own terms); a finished
/// tournament's state after its last round, with `"finished": True`. `system` names the Dutch
/// edition whose rules the individual state follows (as `--system`).
#[pyfunction]
#[pyo3(name = "state", signature = (path, *, round=None, system="dutch-2026", acceleration=None, check_scores=true))]
fn state_of(
    py: Python<'_>,
    path: PathBuf,
    round: Option<u32>,
    system: &str,
    acceleration: Option<&str>,
    check_scores: bool,
) -> PyResult<Py<PyAny>> {
    let mut doc = read(&path, check_scores)?;
    accelerate(&mut doc, &path, acceleration)?;
    // A team or Double-Swiss file's state is its own; an individual one follows `system`.
    let s = lexpair::checklist::state(&doc, round, self::system(system)?)
        .map_err(|e| invalid(lexpair::trf::in_file(path.display(), &e)))?;
    to_py(py, &s.json().map_err(|e| LexpairError::new_err(e.to_string()))?)
}

/// Is the pairing in `pairs` (the engines' pairs format, or a TRF with the round written in) of
/// the next round (or `round`) of `path` legal under `system`, and as good as lexpair's own? As
/// `lexpair verify --format json`: `{"system", "round", "legal", "violations", "comparison",
/// "criteria"}` (an illegal pairing is a result with `"legal": False`, not an exception).
#[pyfunction]
#[pyo3(signature = (path, system, pairs, *, round=None))]
fn verify(py: Python<'_>, path: PathBuf, system: &str, pairs: PathBuf, round: Option<u32>) -> PyResult<Py<PyAny>> {
    use lexpair::round::Field as Units;
    use lexpair::verify::{self as check, PairsFileError};
    let sys = self::system(system)?;
    let doc = read(&path, true)?;
    let round = round.unwrap_or_else(|| Event::next_round(&doc));
    let event = Event::before_round(&doc, round).map_err(|e| invalid(format!("{}: {e}", path.display())))?;
    let t = event.field();
    let pairing = check::read_pairing(&pairs, t).map_err(|e| match e {
        PairsFileError::Io { .. } => FileError::new_err(e.to_string()),
        other => InvalidInput::new_err(other.to_string()),
    })?;
    let violations = match t {
        Units::Players(t) => check::check(sys, t, &pairing),
        Units::Teams(t) => check::team::check(sys, t, &pairing),
        Units::Double(t) => check::double::check(sys, t, &pairing),
    };
    let head = json!({"system": sys.name(), "round": t.round()});
    let with = |mut v: Value, rest: Value| {
        if let (Some(o), Value::Object(r)) = (v.as_object_mut(), rest) {
            o.extend(r);
        }
        v
    };
    if !violations.is_empty() {
        return to_py(py, &with(head, json!({"legal": false, "violations": violations})));
    }
    let evaluate = |p: &lexpair::pairing::RoundPairing| match t {
        Units::Players(t) => check::evaluate(sys, t, p),
        Units::Teams(t) => check::team::evaluate(sys, t, p),
        Units::Double(t) => check::double::evaluate(sys, t, p),
    };
    let mine = evaluate(&pairing);
    if mine.criteria.is_empty() {
        let rest = json!({"legal": true, "violations": [], "comparison": null, "criteria": []});
        return to_py(py, &with(head, rest));
    }
    let name = path.display().to_string();
    let reference = py.detach(|| lexpair::round::pair(t, sys, &PairOptions::default())).map_err(pair_error(&name))?;
    let theirs = evaluate(&reference.pairing);
    let table: Vec<Value> = mine
        .criteria
        .iter()
        .zip(&theirs.criteria)
        .map(|(a, b)| json!({"criterion": a.criterion, "article": a.article, "value": a.value, "lexpair": b.value}))
        .collect();
    let rest =
        json!({"legal": true, "violations": [], "comparison": check::compare(&mine, &theirs), "criteria": table});
    to_py(py, &with(head, rest))
}

/// Writes the plots of a batch output folder into `plots` (as `--plot`), returns the files;
/// `baseline` as in `simulate`.
#[pyfunction]
#[pyo3(signature = (out, plots, *, baseline=None))]
fn plot(out: PathBuf, plots: PathBuf, baseline: Option<&str>) -> PyResult<Vec<String>> {
    let records = read_records(&out.join(UNITS_FILE)).map_err(FileError::new_err)?;
    lexpair::batch::plots::write_plots_with(&plots, &records, baseline).map_err(FileError::new_err)
}

/// The mean of `values` and its 95% confidence interval (Student's t), as the paired plots
/// draw it: `(mean, low, high)`, or `None` for fewer than two values.
#[pyfunction]
fn mean_ci(values: Vec<f64>) -> Option<(f64, f64, f64)> {
    lexpair::batch::plots::mean_ci(&values)
}

#[pymodule]
fn _lexpair(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", lexpair::VERSION)?;
    m.add("LexpairError", m.py().get_type::<LexpairError>())?;
    m.add("InvalidInput", m.py().get_type::<InvalidInput>())?;
    m.add("NoValidPairing", m.py().get_type::<NoValidPairing>())?;
    m.add("SolverError", m.py().get_type::<SolverError>())?;
    m.add("FileError", m.py().get_type::<FileError>())?;
    m.add_function(wrap_pyfunction!(systems, m)?)?;
    m.add_function(wrap_pyfunction!(pair, m)?)?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(standings, m)?)?;
    m.add_function(wrap_pyfunction!(metrics, m)?)?;
    m.add_function(wrap_pyfunction!(read_results, m)?)?;
    m.add_function(wrap_pyfunction!(simulate, m)?)?;
    m.add_function(wrap_pyfunction!(replay, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(merge, m)?)?;
    m.add_function(wrap_pyfunction!(state_of, m)?)?;
    m.add_function(wrap_pyfunction!(verify, m)?)?;
    m.add_function(wrap_pyfunction!(plot, m)?)?;
    m.add_function(wrap_pyfunction!(mean_ci, m)?)?;
    Ok(())
}
