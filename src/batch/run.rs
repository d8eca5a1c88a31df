//! Executing a plan: shard selection, skipping finished units, parallel workers, one JSON line
//! per finished unit.

use super::execute::execute;
use super::progress::Progress;
use super::report::{read_records, write_reports_with, UNITS_FILE};
use super::{Plan, Record, Shard};
use std::fs::OpenOptions;
use std::io::Write;
use std::path::Path;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;

/// How to run.
#[derive(Clone, Debug)]
pub struct RunOptions {
    /// Worker threads (at least 1).
    pub jobs: usize,
    /// Run only this shard's units (`--shard I/N`); `None`: all of them.
    pub shard: Option<Shard>,
    /// No progress on standard error.
    pub quiet: bool,
    /// `--baseline SYSTEM[=VARIANT]`: the group paired comparisons are made against.
    pub baseline: Option<String>,
}

/// Why a run could not run: its folder is another run's (`Busy`), or a file could not be read or
/// written (`File`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RunError {
    /// Another batch holds the output folder (its process is named).
    Busy(String),
    /// A file of the output folder could not be read or written.
    File(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::Busy(m) | RunError::File(m) => f.write_str(m),
        }
    }
}

impl From<String> for RunError {
    fn from(m: String) -> RunError {
        RunError::File(m)
    }
}

/// What a run did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RunStats {
    /// Units of this shard.
    pub units: usize,
    /// Already in `units.jsonl`, skipped.
    pub skipped: usize,
    /// Units run now (those not skipped).
    pub ran: usize,
    /// Units run now that failed.
    pub failed: usize,
}

/// Runs one unit; a panic inside the pairing code (a bug) fails that unit only, with its message,
/// instead of ending a long batch.
fn execute_guarded(plan: &Plan, unit: &super::Unit, out: &Path) -> Record {
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| execute(plan, unit, out))) {
        Ok(rec) => rec,
        Err(payload) => {
            let msg = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "unknown panic".into());
            let v = &plan.variants[unit.variant];
            Record {
                key: unit.key.clone(),
                kind: plan.kind.name().into(),
                source: plan.sources[unit.source].label(),
                system: v.system.name().into(),
                variant: v.name.clone(),
                seed: unit.seed,
                status: "failed".into(),
                error: Some(format!("internal error (please report): {msg}")),
                metrics: Vec::new(),
                timing: Vec::new(),
                rounds: Vec::new(),
                ranking: None,
            }
        }
    }
}

/// Removes from `units.jsonl` the records an interruption tore (the last line cut short, or such
/// a line left inside by an older version): their units run again and are appended whole. The
/// file is rewritten whole (temporary file, then renamed) only when there is one.
fn drop_torn_records(path: &Path) -> Result<(), String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let torn =
        |line: &str| !line.trim().is_empty() && matches!(serde_json::from_str::<Record>(line), Err(e) if e.is_eof());
    // The last line, cut short before its end of line, is torn unless it is a whole record.
    let cut_short = !text.is_empty() && !text.ends_with('\n');
    let last = text.lines().count().saturating_sub(1);
    let whole = |line: &str| serde_json::from_str::<Record>(line).is_ok();
    if !cut_short && !text.lines().any(torn) {
        return Ok(());
    }
    let kept: String = text
        .lines()
        .enumerate()
        .filter(|&(k, l)| {
            let dropped = torn(l) || l.trim().is_empty() || (cut_short && k == last && !whole(l));
            !dropped
        })
        .map(|(_, l)| format!("{l}\n"))
        .collect();
    super::report::write_atomic(path, &kept)
}

/// Runs the units of `plan` (of `opts.shard`) not yet in `out/units.jsonl`, then rewrites the
/// reports from every record there. Results do not depend on `opts.jobs`: each unit is
/// independent and seeded by its own seed, and the reports are sorted.
pub fn run(plan: &Plan, out: &Path, opts: &RunOptions) -> Result<(Vec<Record>, RunStats), RunError> {
    std::fs::create_dir_all(out).map_err(|e| format!("{}: {e}", out.display()))?;
    let _lock = super::lock::FolderLock::take(out).map_err(RunError::Busy)?;
    let units_path = out.join(UNITS_FILE);
    if units_path.exists() {
        drop_torn_records(&units_path)?;
    }
    let done: std::collections::HashSet<String> = if units_path.exists() {
        read_records(&units_path)?.into_iter().map(|r| r.key).collect()
    } else {
        Default::default()
    };
    let mine: Vec<super::Unit> = plan
        .units()
        .into_iter()
        .enumerate()
        .filter(|(k, _)| opts.shard.is_none_or(|s| s.takes(*k)))
        .map(|(_, u)| u)
        .collect();
    let todo: Vec<&super::Unit> = mine.iter().filter(|u| !done.contains(&u.key)).collect();
    let mut stats = RunStats { units: mine.len(), skipped: mine.len() - todo.len(), ran: 0, failed: 0 };

    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(&units_path)
        .map_err(|e| format!("{}: {e}", units_path.display()))?;
    let mut progress = Progress::new(todo.len(), opts.quiet);
    let next = AtomicUsize::new(0);
    let (tx, rx) = mpsc::channel::<Record>();
    let write_result: Result<(), String> = std::thread::scope(|scope| {
        for _ in 0..opts.jobs.max(1).min(todo.len().max(1)) {
            let tx = tx.clone();
            let (todo, next) = (&todo, &next);
            scope.spawn(move || loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(unit) = todo.get(k) else { break };
                if tx.send(execute_guarded(plan, unit, out)).is_err() {
                    break;
                }
            });
        }
        drop(tx);
        // One whole line per record, flushed at once: a crash loses at most the line being written.
        for rec in rx {
            let line = serde_json::to_string(&rec).map_err(|e| e.to_string())? + "\n";
            file.write_all(line.as_bytes())
                .and_then(|_| file.flush())
                .map_err(|e| format!("{}: {e}", units_path.display()))?;
            stats.ran += 1;
            stats.failed += usize::from(rec.status != "ok");
            progress.tick(rec.status == "ok");
        }
        Ok(())
    });
    progress.finish();
    write_result?;
    let records = read_records(&units_path)?;
    write_reports_with(out, &records, opts.baseline.as_deref())?;
    Ok((records, stats))
}
