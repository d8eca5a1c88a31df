//! The commands: pair, check, state, and the drop-in `--dutch FILE -p|-c` form.

use super::deadline::within;
use super::output::{emit, prepare_lp_dir};
use super::{CheckArgs, DropIn, Failure, Format, PairArgs, StateArgs};
use lexpair::audit::AuditCounts;
use lexpair::check::{check_document, Outcome};
use lexpair::options::PairOptions;
use lexpair::round::Event;
use lexpair::systems::why_not;
use lexpair::tournament::acceleration::{self, Method};
use lexpair::tournament::partial_round;
use lexpair::trf::{self, ReadOptions, TrfDocument};
use lexpair::vocabulary::{Backend, System};
use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn backend(b: super::BackendArg) -> Backend {
    match b {
        super::BackendArg::Matching => Backend::Matching,
        super::BackendArg::Highs => Backend::Highs,
    }
}

fn parse_system(name: &str) -> Result<System, Failure> {
    name.parse::<System>().map_err(Failure::Invalid)
}

fn read(path: &Path, opts: &ReadOptions) -> Result<TrfDocument, Failure> {
    Ok(super::input::read_trf(path, opts)?)
}

/// `--acceleration METHOD` (`acceleration::apply`), the file named in its messages.
fn accelerate(doc: &mut TrfDocument, path: &Path, method: Option<Method>) -> Result<(), Failure> {
    let Some(m) = method else { return Ok(()) };
    let replaced = acceleration::apply(m, doc).map_err(|e| Failure::Invalid(format!("{}: {e}", path.display())))?;
    if replaced {
        eprintln!(
            "lexpair: warning: {}: its own acceleration lines are replaced by the {m} acceleration computed",
            path.display()
        );
    }
    Ok(())
}

/// The state before the round to pair (`--round`, or the next round; see `round_to_pair`):
/// a team file's teams, else its players.
fn event(doc: &TrfDocument, path: &Path, round: Option<u32>) -> Result<Event, Failure> {
    Event::to_pair(doc, round).map_err(|e| Failure::Invalid(trf::in_file(path.display(), &e)))
}

/// A pairing failure, naming the file it concerns.
fn in_file(path: &Path) -> impl Fn(lexpair::vocabulary::PairError) -> Failure + '_ {
    move |e| match Failure::from(e) {
        Failure::NoPairing(m) => Failure::NoPairing(trf::in_file(path.display(), &m)),
        Failure::Invalid(m) => Failure::Invalid(trf::in_file(path.display(), &m)),
        other => other,
    }
}

/// `pair`: under `--time-limit`, the whole command (reading the file included) runs against the
/// limit; what it writes is written only after, and only when it finished in time.
pub fn pair(a: PairArgs) -> Result<(), Failure> {
    let system = parse_system(&a.system)?;
    let (output, checklist, explain_file, limit) =
        (a.output.clone(), a.checklist.clone(), a.explain_file.clone(), a.time_limit);
    // The outputs are checked first: a request that would destroy an input is refused before
    // any work.
    super::output::note_input(&a.file);
    for input in a.model.iter().chain(&a.lineup) {
        super::output::note_input(input);
    }
    for out in output.iter().chain(&checklist).chain(&explain_file).filter(|p| p.as_os_str() != "-") {
        super::output::not_an_input(out)?;
    }
    let (dropin, file, accel) = (a.dropin, a.file.clone(), a.acceleration);
    let (text, side, list) = match within(limit, move || pair_work(a, system)) {
        Ok(done) => done,
        Err(Failure::NoPairing(m)) if dropin => {
            // bbpPairings on exit 1: the pairs file opened, so left empty, and the check-list
            // of the players written without a pairing (no trailer: it stops there).
            if let Some(out) = output.as_deref().filter(|p| p.as_os_str() != "-") {
                emit(Some(out), "")?;
            }
            if let Some(path) = &checklist {
                emit(Some(path), &unpaired_checklist(&file, system, accel)?)?;
            }
            return Err(Failure::NoPairing(m));
        }
        Err(e) => return Err(e),
    };
    if let (Some(path), Some(list)) = (&checklist, &list) {
        emit(Some(path), list)?;
    }
    // The explanation never goes into the pairs (or TRF, or list) file: to its own file, else
    // to standard output after the pairing when that is where the pairing goes.
    match (&explain_file, &output, side.is_empty()) {
        (Some(f), _, _) => {
            emit(output.as_deref(), &text)?;
            emit(Some(f), &side)
        }
        (None, Some(_), false) => {
            emit(output.as_deref(), &text)?;
            emit(None, &side)
        }
        _ => emit(output.as_deref(), &(text + &side)),
    }
}

/// Everything `pair` computes: the text of the pairing, the explanations beside it, and the
/// drop-in form's check-list.
fn pair_work(a: PairArgs, system: System) -> Result<(String, String, Option<String>), Failure> {
    let mut doc = read(&a.file, &ReadOptions::default())?;
    accelerate(&mut doc, &a.file, a.acceleration)?;
    if a.renumber {
        if doc.is_team_file() {
            return Err(Failure::Invalid(
                "--renumber ranks players (C.04.2 2.2); a team file numbers its teams in 310".into(),
            ));
        }
        doc = lexpair::tournament::renumbered(&doc);
    }
    // A round entered for some players only: which round is meant is asked, not guessed (the
    // engines' drop-in form pairs anyway, so there it is a warning). In a team file a team's
    // entries of the round to pair are its absence, or a bye entered in advance: the team
    // state reads them.
    let partial = (a.round.is_none() && !doc.is_team_file()).then(|| partial_round(&doc)).flatten();
    if let Some(p) = partial {
        let message = format!("{}: {p}", a.file.display());
        if !a.dropin {
            return Err(Failure::Invalid(message));
        }
        eprintln!("lexpair: warning: {message}");
    }
    let mut t = event(&doc, &a.file, a.round)?;
    if let Some(lineup) = &a.lineup {
        super::results_cmd::apply_lineups(&mut t, &doc, lineup)?;
    }
    let write_lp = a.write_lp.as_deref().map(|d| prepare_lp_dir(d, system)).transpose()?;
    let model = a.model.as_deref().map(super::input::read_model).transpose()?;
    let opts = PairOptions {
        write_lp,
        lp_formats: lexpair::vocabulary::LpFormats {
            lp: a.lp_format.contains(&super::LpFormatArg::Lp),
            mps: a.lp_format.contains(&super::LpFormatArg::Mps),
        },
        write_lp_all: a.write_lp_all,
        time_limit: a.time_limit,
        backend: backend(a.backend),
        maxi: a.maxi,
        cross_check: super::CrossCheckArg::budget(&a.cross_check),
        second_opinion: super::CrossCheckArg::second_opinion(&a.cross_check),
        model,
        groups: super::input::read_groups(a.groups.as_deref())?,
        ..PairOptions::default()
    };
    pairing_text(&a, system, &doc, &t, &opts)
}

/// The pairing of `event` in the requested format, and beside it (for the formats that are not
/// JSON or HTML) the explanations asked for; every pairing passes the independent checker first,
/// and the SAT cross-check when asked for.
fn pairing_text(
    a: &PairArgs,
    system: System,
    doc: &TrfDocument,
    event: &Event,
    opts: &PairOptions,
) -> Result<(String, String, Option<String>), Failure> {
    let t = event.field();
    let decisions = lexpair::round::Decisions { pre_paired: a.pre_paired.clone(), fixed_boards: a.fix_board.clone() };
    // A decision about a unit that is not to be paired names the unit's line.
    let named = a
        .pre_paired
        .iter()
        .flat_map(|&(w, b)| [(w, format!("--pre-paired {w}-{b}")), (b, format!("--pre-paired {w}-{b}"))]);
    for (id, flag) in named.chain(a.fix_board.iter().map(|&(id, n)| (id, format!("--fix-board {id}={n}")))) {
        let absent = t.index_of(id).is_some_and(|i| !t.is_present(i));
        if t.index_of(id).is_none() || absent {
            let line = if doc.is_team_file() { doc.team(id).map(|x| x.line) } else { doc.player(id).map(|x| x.line) };
            let at = line.map_or(a.file.display().to_string(), |l| format!("{}:{l}", a.file.display()));
            let what = if absent {
                format!("is absent from round {}: not to be paired", t.round())
            } else {
                "is not in the tournament".into()
            };
            return Err(Failure::Invalid(format!("{at}: {flag}: {} {id} {what}", t.unit().name())));
        }
    }
    let decided = lexpair::round::pair_with(t, system, opts, &decisions).map_err(in_file(&a.file))?;
    for rule in &decided.broken {
        eprintln!("lexpair: warning: the arbiter's decisions break {rule}");
    }
    let round = &decided.round;
    let (sat, second) = (&round.sat, &round.solver);
    let (pairing, traces) = (&round.pairing, &round.traces);
    // The drop-in form writes the engines' check-list (every kind of event); `pair -l` lexpair's
    // own for individual events, the engines' layout for teams and Double-Swiss.
    let checklist = match (&a.checklist, event) {
        (None, _) => None,
        (Some(_), Event::Players(t)) if !a.dropin => Some(lexpair::checklist::own(t, system, pairing)),
        (Some(_), _) => Some(lexpair::checklist::engines(&t, system, Some(pairing)) + &lexpair::checklist::trailer()),
    };
    let list = lexpair::lists::pairing_list(t, doc, pairing);
    let title = system.name();
    let explanation = a.explain.then(|| lexpair::explain::explain(system, t, pairing, traces));
    let mut side = String::new();
    let text = match a.format {
        Format::Pairs => t.pairs_text(pairing),
        Format::List => lexpair::lists::text(&list, title),
        Format::Html => lexpair::lists::html(&list, title, explanation.as_ref()),
        Format::Json => {
            let v = lexpair::lists::round_json(t, doc, round, explanation.as_ref(), &decided.broken)
                .map_err(|e| Failure::Internal(e.to_string()))?;
            format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?)
        }
        // A round re-paired (--round before the next round): the file as it stood before it.
        Format::Trf if t.round() < Event::next_round(doc) => {
            trf::write(&t.into_document(pairing, &lexpair::round::document_before(doc, t.round())), doc.flavor)
        }
        Format::Trf => trf::write(&t.into_document(pairing, doc), doc.flavor),
    };
    let mut text = text;
    let beside = a.format != Format::Json;
    if let Some(e) = explanation.as_ref().filter(|_| beside && a.format != Format::Html) {
        side.push_str(&lexpair::explain::render(e));
    }
    if a.explain_solver && beside {
        side.push_str(&lexpair::systems::trace::render_text(traces));
    }
    if (a.explain || a.explain_solver) && beside {
        if let Some(st) = &sat {
            side.push_str(&format!("{st}\n"));
        }
        if let Some(st) = &second {
            side.push_str(&format!("{st}\n"));
        }
    }
    if let Some(ids) = &a.why_not {
        let (x, y) = (ids.first().copied().unwrap_or(0), ids.get(1).copied().unwrap_or(0));
        let reason = why_not(system, t, opts, traces, x, y).map_err(in_file(&a.file))?;
        if a.format == Format::Json {
            let mut v: serde_json::Value = serde_json::from_str(&text).map_err(|e| Failure::Internal(e.to_string()))?;
            v["why_not"] = serde_json::json!({ t.unit().name().to_string() + "s": [x, y], "reason": reason });
            text = format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?);
        } else {
            side.push_str(&format!("\nwhy not {x}-{y}: {reason}\n"));
        }
    }
    if let Some(x) = a.why_bye {
        let reason = lexpair::systems::why_bye(system, t, opts, pairing, traces, x).map_err(in_file(&a.file))?;
        if a.format == Format::Json {
            let mut v: serde_json::Value = serde_json::from_str(&text).map_err(|e| Failure::Internal(e.to_string()))?;
            v["why_bye"] = serde_json::json!({ t.unit().name(): x, "reason": reason });
            text = format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?);
        } else {
            side.push_str(&format!("\nwhy the bye and {x}: {reason}\n"));
        }
    }
    Ok((text, side, checklist))
}

/// TRF files named directly, and *.trf files found (recursively, sorted) in folders.
fn collect_files(paths: &[PathBuf]) -> Result<Vec<PathBuf>, Failure> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            out.extend(super::input::trf_files_in(p)?);
        } else if p.exists() {
            out.push(p.clone());
        } else {
            return Err(Failure::File(format!("{}: no such file or folder", p.display())));
        }
    }
    out.sort();
    Ok(out)
}

pub fn check(a: CheckArgs) -> Result<(), Failure> {
    let system = parse_system(&a.system)?;
    let files = collect_files(&a.paths)?;
    let read_opts = ReadOptions { check_scores: !a.no_score_check };
    let opts = PairOptions {
        backend: backend(a.backend),
        cross_check: super::CrossCheckArg::budget(&a.cross_check),
        second_opinion: super::CrossCheckArg::second_opinion(&a.cross_check),
        ..PairOptions::default()
    };
    let summary = run_checks(system, &files, &read_opts, a.acceleration, &opts, a.json);
    let verdict = summary.verdict(a.allow_diff);
    if let Some(st) = &summary.audit.sat {
        println!("{st}");
    }
    if opts.second_opinion {
        println!("{}", summary.audit.solver);
    }
    if let Some(m) = &summary.internal {
        return Err(Failure::Internal(m.clone()));
    }
    verdict
}

/// What a check found, and its exit code (README "Checking"): 5 when a file could not be read,
/// else 3 when a round could not be replayed, else 1 when a round differs (unless differences
/// are allowed), else 0.
#[derive(Default)]
struct CheckSummary {
    identical: usize,
    rounds: usize,
    unreadable: usize,
    errors: usize,
    /// The cross-checks' counts over every round.
    audit: AuditCounts,
    /// The first internal error (a pairing the checker refused, a cross-check disagreement):
    /// exit 2 whatever else the check found.
    internal: Option<String>,
}

impl CheckSummary {
    fn verdict(&self, allow_diff: bool) -> Result<(), Failure> {
        println!("identical {}/{}", self.identical, self.rounds);
        let differ = self.rounds - self.identical - self.unreadable - self.errors;
        if self.unreadable > 0 {
            return Err(Failure::File(format!("{} file(s) could not be read", self.unreadable)));
        }
        if self.errors > 0 {
            return Err(Failure::Invalid(format!("{} round(s) could not be replayed", self.errors)));
        }
        if differ > 0 && !allow_diff {
            return Err(Failure::NoPairing(format!("{differ} of {} rounds differ", self.rounds)));
        }
        Ok(())
    }
}

/// Checks every round of every file; prints each discrepancy.
fn run_checks(
    system: System,
    files: &[PathBuf],
    read_opts: &ReadOptions,
    accel: Option<Method>,
    opts: &PairOptions,
    json: bool,
) -> CheckSummary {
    let mut s = CheckSummary::default();
    for f in files {
        let mut doc = match super::input::read_trf(f, read_opts) {
            Ok(d) => d,
            Err(e) => {
                s.rounds += 1;
                s.unreadable += 1;
                println!("{}: cannot read: {e}", f.display());
                continue;
            }
        };
        if let Err(e) = accelerate(&mut doc, f, accel) {
            s.rounds += 1;
            s.errors += 1;
            println!("{e}");
            continue;
        }
        for rc in check_document(&doc, system, opts) {
            s.rounds += 1;
            s.audit.add(&rc.audit);
            match &rc.outcome {
                Outcome::Identical => s.identical += 1,
                Outcome::Error(_) => s.errors += 1,
                Outcome::Internal(m) => {
                    s.internal.get_or_insert_with(|| format!("{}: round {}: {m}", f.display(), rc.round));
                }
                _ => {}
            }
            if json {
                let v =
                    serde_json::json!({ "file": f.display().to_string(), "round": rc.round, "outcome": rc.outcome });
                println!("{v}");
            } else if rc.outcome != Outcome::Identical {
                println!("{}", describe(f, rc.round, &rc.outcome));
            }
        }
    }
    s
}

fn describe(f: &Path, round: u32, o: &Outcome) -> String {
    let head = format!("{}: round {round}:", f.display());
    match o {
        Outcome::Identical => format!("{head} identical"),
        Outcome::NoPairing(m) => format!("{head} lexpair finds no valid pairing ({m})"),
        Outcome::Error(m) if m.starts_with(|c: char| c.is_ascii_digit()) => {
            format!("{}: round {round}: error", trf::in_file(f.display(), m))
        }
        Outcome::Error(m) => format!("{head} error: {m}"),
        Outcome::Internal(m) => format!("{head} internal error: {m}"),
        Outcome::Different { recorded_only, lexpair_only, recorded_bye, lexpair_bye } => {
            let list = |v: &[(u32, u32)]| v.iter().map(|(w, b)| format!("{w}-{b}")).collect::<Vec<_>>().join(" ");
            let mut s =
                format!("{head} differs\n  recorded: {}\n  lexpair:  {}", list(recorded_only), list(lexpair_only));
            if recorded_bye != lexpair_bye {
                let bye = |b: &Option<u32>| b.map_or("none".to_string(), |id| id.to_string());
                s.push_str(&format!("\n  bye: recorded {}, lexpair {}", bye(recorded_bye), bye(lexpair_bye)));
            }
            s
        }
    }
}

pub fn state(a: StateArgs) -> Result<(), Failure> {
    let mut doc = read(&a.file, &ReadOptions::default())?;
    accelerate(&mut doc, &a.file, a.acceleration)?;
    let system: System = a.system.parse().map_err(Failure::Invalid)?;
    let s = lexpair::checklist::state(&doc, a.round, system)
        .map_err(|e| Failure::Invalid(trf::in_file(a.file.display(), &e)))?;
    let text = if a.json {
        let v = s.json().map_err(|e| Failure::Internal(e.to_string()))?;
        format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?)
    } else {
        s.table()
    };
    emit(None, &text)
}

pub fn dropin(d: DropIn) -> Result<(), Failure> {
    if d.release {
        println!("lexpair {}", env!("CARGO_PKG_VERSION"));
        for r in &lexpair::systems::REGISTRY {
            let flag = match r.edition {
                Some(e) if !r.current => format!("--{} --edition {e}", r.family),
                _ => format!("--{}", r.family),
            };
            println!("  {:<11} {:<26} {}", r.system.name(), flag, r.title);
        }
        return Ok(());
    }
    let Some((family, file)) = d.families.chosen.clone() else {
        return Err(Failure::Invalid("nothing to do: give a command (see lexpair --help) or --dutch FILE -p".into()));
    };
    let system = System::from_family(family, d.edition).map_err(Failure::Invalid)?;
    let file = (file.as_os_str() != super::NO_FILE).then_some(file);
    if let Some(config) = &d.generate {
        return generate_dropin(&d, system, file.as_deref(), config);
    }
    let Some(file) = file else {
        return Err(Failure::Invalid(format!("--{family} needs the tournament file (or -g to generate one)")));
    };
    let list =
        d.list.as_ref().map(|l| if l.as_os_str() == super::NO_FILE { file.with_extension("list") } else { l.clone() });
    if d.check {
        let opts = PairOptions { maxi: d.maxi, ..PairOptions::default() };
        return engine_check(system, &file, d.acceleration, &opts, list.as_deref());
    }
    let Some(out) = d.pair else {
        return Err(Failure::Invalid("give -p [OUT] to pair the next round or -c to check the tournament".into()));
    };
    let out = (out != "-").then(|| PathBuf::from(out));
    pair(PairArgs {
        system: system.name().into(),
        file,
        output: out,
        format: Format::Pairs,
        round: None,
        explain: false,
        explain_file: None,
        pre_paired: Vec::new(),
        fix_board: Vec::new(),
        renumber: false,
        lineup: None,
        explain_solver: false,
        why_not: None,
        why_bye: None,
        write_lp: None,
        write_lp_all: false,
        lp_format: Vec::new(),
        time_limit: None,
        backend: super::BackendArg::Matching,
        maxi: d.maxi,
        cross_check: Vec::new(),
        model: None,
        groups: None,
        acceleration: d.acceleration,
        dropin: true,
        checklist: list,
    })
}

/// The drop-in form's check-list when no pairing exists: the players to pair, no `Cur`.
fn unpaired_checklist(file: &Path, system: System, accel: Option<Method>) -> Result<String, Failure> {
    let mut doc = read(file, &ReadOptions::default())?;
    accelerate(&mut doc, file, accel)?;
    let e = event(&doc, file, None)?;
    Ok(lexpair::checklist::engines(&e.field(), system, None))
}

/// The name a report gives the file: its stem, as bbpPairings prints it.
fn stem(file: &Path) -> String {
    file.file_stem().map_or_else(|| file.display().to_string(), |s| s.to_string_lossy().into_owned())
}

/// `--dutch FILE -c [-l [LIST]]`: the engines' checker. Per round a line `NAME: Round #R`;
/// for a round that differs, the checker's pairs beside the tournament's; for a round with no
/// valid pairing, `No valid pairing exists for round R.`; a blank line at the end; exit 0 once
/// every round was checked, whatever they showed (bbpPairings' README, "Error codes": a round
/// without a valid pairing is "not considered an error when checking"). LIST gets each round's
/// check-list under `Round #R`, the checker's pairing in `Cur`. A file that cannot be read or a
/// round that cannot be replayed is exit 5 or 3, naming the file (and line).
fn engine_check(
    system: System,
    file: &Path,
    accel: Option<Method>,
    opts: &PairOptions,
    list: Option<&Path>,
) -> Result<(), Failure> {
    use std::io::Write;
    super::output::note_input(file);
    if let Some(l) = list {
        super::output::not_an_input(l)?;
    }
    let mut doc = read(file, &ReadOptions::default())?;
    accelerate(&mut doc, file, accel)?;
    let doc = lexpair::round::as_recorded(doc);
    let name = stem(file);
    let mut table = String::new();
    let stdout = std::io::stdout();
    let print = |text: &str| -> Result<(), Failure> {
        let mut out = stdout.lock();
        out.write_all(text.as_bytes())
            .and_then(|_| out.flush())
            .map_err(|e| Failure::File(format!("standard output: {e}")))
    };
    for r in 1..=Event::rounds_in_file(&doc) {
        print(&format!("{name}: Round #{r}\n"))?;
        let invalid = |m: String| {
            Failure::Invalid(format!("{}: round {r}: {}", file.display(), trf::in_file(file.display(), &m)))
        };
        let e = Event::before_round(&doc, r).map_err(invalid)?;
        let field = e.field();
        let recorded = e.recorded(&doc).map_err(invalid)?;
        let _ = writeln!(&mut table, "Round #{r}");
        if recorded.boards.is_empty() && recorded.bye.is_none() {
            table.push_str(&lexpair::checklist::engines(&field, system, None));
            continue;
        }
        match lexpair::round::pair(field, system, opts) {
            Ok(got) => {
                let outcome = lexpair::check::compare(field, &recorded, &got.pairing);
                if let Some(t) = lexpair::checklist::difference_table(&field, &outcome) {
                    print(&t)?;
                }
                table.push_str(&lexpair::checklist::engines(&field, system, Some(&got.pairing)));
            }
            Err(lexpair::vocabulary::PairError::NoValidPairing(_)) => {
                print(&format!("No valid pairing exists for round {r}.\n\n"))?;
                table.push_str(&lexpair::checklist::engines(&field, system, None));
            }
            Err(err) => return Err(in_file(file)(err)),
        }
    }
    print("\n")?;
    if let Some(l) = list {
        emit(Some(l), &(table + &lexpair::checklist::trailer()))?;
    }
    Ok(())
}

/// `-g -l`: the check-list of every round of the generated tournament as it was paired, each
/// under `Round #R.` (bbpPairings' generator writes them so).
fn generated_checklists(system: System, file: &Path) -> Result<String, Failure> {
    let doc = lexpair::round::as_recorded(read(file, &ReadOptions::default())?);
    let mut text = String::new();
    for r in 1..=Event::rounds_in_file(&doc) {
        let e = Event::before_round(&doc, r).map_err(|m| Failure::Invalid(trf::in_file(file.display(), &m)))?;
        let recorded = e.recorded(&doc).map_err(|m| Failure::Invalid(trf::in_file(file.display(), &m)))?;
        let _ = writeln!(&mut text, "Round #{r}.");
        text.push_str(&lexpair::checklist::engines(&e.field(), system, Some(&recorded)));
    }
    Ok(text + &lexpair::checklist::trailer())
}

/// `(--dutch [MODEL] | ...) -g [CONFIG] -o TRF [-s SEED] [-l [FILE]]`: the engines' generator.
fn generate_dropin(d: &DropIn, system: System, model: Option<&Path>, config: &str) -> Result<(), Failure> {
    let out = d.output.as_ref().ok_or_else(|| Failure::Invalid("-g needs -o TRF, the file to write".into()))?;
    let int_config = config.trim().parse::<u64>().ok();
    let seed = d.seed.or(int_config).unwrap_or_else(super::rtg::clock_seed);
    let text;
    let config = match (config, int_config) {
        ("", _) | (_, Some(_)) => None,
        (path, None) => {
            super::output::note_input(Path::new(path));
            text = std::fs::read_to_string(path).map_err(|e| Failure::File(format!("{path}: {e}")))?;
            Some((text.as_str(), Path::new(path)))
        }
    };
    let model = match model {
        Some(m) => Some(super::rtg::model(&super::input::read_trf(m, &ReadOptions { check_scores: false })?)),
        None => None,
    };
    let mut request = super::rtg::request(system, config, model, seed).map_err(Failure::Invalid)?;
    for w in &request.ignored {
        eprintln!("lexpair: warning: {w}");
    }
    request.config.acceleration = d.acceleration;
    lexpair::generate::check_rates(&request.config)?;
    let generated = lexpair::generate::generate(&request.config)?;
    emit(Some(out), &trf::write(&generated.document, trf::TrfFlavor::Trf16))?;
    if let Some(l) = &d.list {
        let list = if l.as_os_str() == super::NO_FILE { out.with_extension("list") } else { l.clone() };
        emit(Some(&list), &generated_checklists(system, out)?)?;
    }
    eprintln!("lexpair: generated {} (seed {seed})", out.display());
    Ok(())
}
