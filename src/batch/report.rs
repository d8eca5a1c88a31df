//! Reports of a batch: CSV and JSON per unit, summaries per system variant, and merging shards.

use super::Record;
use crate::metrics::{summarise, Summary};
use serde::Serialize;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};

/// One JSON line per finished unit, in the order units finished.
pub const UNITS_FILE: &str = "units.jsonl";

/// Writes `text` to `path` whole or not at all (temporary file, then rename).
pub fn write_atomic(path: &Path, text: &str) -> Result<(), String> {
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_else(|| "out".into());
    let tmp = path.with_file_name(format!(".{name}.lexpair-tmp"));
    let result = std::fs::write(&tmp, text).and_then(|_| std::fs::rename(&tmp, path));
    if let Err(e) = result {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("{}: {e}", path.display()));
    }
    Ok(())
}

/// The records of a `units.jsonl` file, first occurrence of each key kept. A line cut short (the
/// torn line of an interrupted run) is skipped; any other line that is not a record is an error
/// naming the line.
pub fn read_records(path: &Path) -> Result<Vec<Record>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let lines: Vec<&str> = text.lines().collect();
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    for (k, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str::<Record>(line) {
            Ok(r) => {
                if seen.insert(r.key.clone()) {
                    out.push(r);
                }
            }
            Err(e) if e.is_eof() => {} // torn by an interruption; the unit runs again
            Err(e) => return Err(format!("{}:{}: not a batch record: {e}", path.display(), k + 1)),
        }
    }
    Ok(out)
}

/// Records from several shard outputs (folders holding `units.jsonl`, or such files), checked
/// for consistency: a unit present twice must have the same measurements.
pub fn merge_records(inputs: &[PathBuf]) -> Result<Vec<Record>, String> {
    let mut by_key: HashMap<String, (Record, PathBuf)> = HashMap::new();
    let mut out = Vec::new();
    for input in inputs {
        let file = if input.is_dir() { input.join(UNITS_FILE) } else { input.clone() };
        for r in read_records(&file)? {
            match by_key.get(&r.key) {
                Some((old, from)) if old.metrics != r.metrics || old.status != r.status => {
                    return Err(format!(
                        "unit {} has different results in {} and {}",
                        r.key,
                        from.display(),
                        file.display()
                    ))
                }
                Some(_) => {}
                None => {
                    by_key.insert(r.key.clone(), (r.clone(), file.clone()));
                    out.push(r);
                }
            }
        }
    }
    Ok(out)
}

fn sorted(records: &[Record]) -> Vec<&Record> {
    let mut v: Vec<&Record> = records.iter().collect();
    v.sort_by_key(|r| r.sort_key());
    v
}

fn csv_field(s: &str) -> String {
    if s.contains([',', '"', '\n']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn number(v: Option<f64>) -> String {
    v.filter(|x| x.is_finite()).map_or(String::new(), |x| x.to_string())
}

/// Column names in first-appearance order over `records`.
fn column_names<'a>(records: &[&'a Record], pick: impl Fn(&'a Record) -> Vec<&'a str>) -> Vec<&'a str> {
    let mut names: Vec<&str> = Vec::new();
    for r in records {
        for n in pick(r) {
            if !names.contains(&n) {
                names.push(n);
            }
        }
    }
    names
}

const ID_COLUMNS: &str = "kind,source,system,variant,seed,status";

/// The `ID_COLUMNS` cells of a record.
fn id_cells(r: &Record) -> String {
    format!(
        "{},{},{},{},{},{}",
        r.kind,
        csv_field(&r.source),
        r.system,
        csv_field(&r.variant),
        r.seed.map_or(String::new(), |x| x.to_string()),
        r.status
    )
}

/// `results.csv`: one row per unit, deterministic (no timings).
pub fn results_csv(records: &[Record]) -> String {
    let rs = sorted(records);
    let names = column_names(&rs, |r| r.metrics.iter().map(|(n, _)| n.as_str()).collect());
    let mut s = format!("{ID_COLUMNS},{},error\n", names.iter().map(|n| csv_field(n)).collect::<Vec<_>>().join(","));
    for r in rs {
        let cells: Vec<String> = names.iter().map(|n| number(r.metric(n))).collect();
        s.push_str(&format!("{},{},{}\n", id_cells(r), cells.join(","), csv_field(r.error.as_deref().unwrap_or(""))));
    }
    s
}

/// `rounds.csv`: the replayed rounds, one row each, with both pairings (deterministic).
pub fn rounds_csv(records: &[Record]) -> String {
    let mut s = String::from(
        "kind,source,system,variant,round,boards,boards_identical,same_opponents,bye_same,identical,recorded,lexpair,error\n",
    );
    for r in sorted(records) {
        for w in &r.rounds {
            s.push_str(&format!(
                "{},{},{},{},{},{},{},{},{},{},{},{},{}\n",
                r.kind,
                csv_field(&r.source),
                r.system,
                csv_field(&r.variant),
                w.round,
                w.boards,
                w.boards_identical,
                w.same_opponents,
                w.bye_same,
                w.identical,
                csv_field(&w.recorded),
                csv_field(&w.lexpair),
                csv_field(w.error.as_deref().unwrap_or(""))
            ));
        }
    }
    s
}

/// `timings.csv`: wall-clock seconds per unit (these differ from run to run).
pub fn timings_csv(records: &[Record]) -> String {
    let rs = sorted(records);
    let names = column_names(&rs, |r| r.timing.iter().map(|(n, _)| n.as_str()).collect());
    let mut s = format!("{ID_COLUMNS},{}\n", names.iter().map(|n| csv_field(n)).collect::<Vec<_>>().join(","));
    for r in rs {
        let cells: Vec<String> = names.iter().map(|n| number(r.time(n))).collect();
        s.push_str(&format!("{},{}\n", id_cells(r), cells.join(",")));
    }
    s
}

/// Per group (kind, system, variant): units, failures, and a summary of every metric.
#[derive(Clone, Debug, Serialize)]
pub struct GroupSummary {
    /// The group ([`Record::group`]): kind, system, and the variant unless `default`.
    pub group: String,
    /// Units of the group.
    pub units: usize,
    /// Units of the group that failed.
    pub failed: usize,
    /// Per metric of the completed units (in column order), the summary of its finite values.
    pub metrics: Vec<(String, Summary)>,
    /// Replays: identical rounds / rounds and identical boards / boards over all files.
    pub pooled: Vec<(String, f64)>,
}

/// Summaries of the records that completed, by group, in sorted group order.
pub fn summaries(records: &[Record]) -> Vec<GroupSummary> {
    let mut groups: BTreeMap<String, Vec<&Record>> = BTreeMap::new();
    for r in sorted(records) {
        groups.entry(r.group()).or_default().push(r);
    }
    groups
        .into_iter()
        .map(|(group, rs)| {
            let ok: Vec<&Record> = rs.iter().copied().filter(|r| r.status == "ok").collect();
            let names = column_names(&ok, |r| r.metrics.iter().map(|(n, _)| n.as_str()).collect());
            let metrics = names
                .iter()
                .filter_map(|n| {
                    let vals: Vec<f64> = ok.iter().filter_map(|r| r.metric(n)).filter(|v| v.is_finite()).collect();
                    summarise(&vals).map(|s| (n.to_string(), s))
                })
                .collect();
            let sum = |n: &str| ok.iter().filter_map(|r| r.metric(n)).sum::<f64>();
            let mut pooled = Vec::new();
            for (label, num, den) in [
                ("rounds_identical_pct", "rounds_identical", "rounds"),
                ("boards_identical_pct", "boards_identical", "boards"),
                ("same_opponents_pct", "same_opponents", "boards"),
            ] {
                if ok.iter().any(|r| r.metric(num).is_some()) && sum(den) > 0.0 {
                    pooled.push((label.to_string(), 100.0 * sum(num) / sum(den)));
                }
            }
            GroupSummary { group, units: rs.len(), failed: rs.len() - ok.len(), metrics, pooled }
        })
        .collect()
}

/// The headline columns of the terminal table, per kind of run.
const HEADLINES: [&str; 8] = [
    "kendall_tau",
    "spearman",
    "colour_imbalance_mean",
    "floats",
    "float_score_difference_mean",
    "colour_preferences_unmet",
    "aro_spread_mean",
    "boards",
];

/// The terminal summary: per group, units and failures, headline metrics as mean ± sd, pooled
/// replay agreement, and speed (seconds per round, tournaments per minute on one thread).
pub fn summary_text(records: &[Record]) -> String {
    let mut s = String::new();
    for g in summaries(records) {
        s.push_str(&format!("{}: {} units, {} failed\n", g.group, g.units, g.failed));
        let rankings: std::collections::BTreeSet<&str> =
            records.iter().filter(|r| r.group() == g.group).filter_map(|r| r.ranking.as_deref()).collect();
        for ranking in rankings {
            s.push_str(&format!(
                "  kendall_tau: the points (ties kept); kendall_tau_tiebroken: the standings by {ranking}\n"
            ));
        }
        for (name, v) in &g.pooled {
            s.push_str(&format!("  {name:<28} {v:.2} (pooled)\n"));
        }
        for (name, sm) in g.metrics.iter().filter(|(n, _)| HEADLINES.contains(&n.as_str()) || n.starts_with("stage ")) {
            s.push_str(&format!(
                "  {name:<28} {:>10.4} ± {:<8.4} (median {:.4}, n={})\n",
                sm.mean, sm.sd, sm.median, sm.count
            ));
        }
        let ok: Vec<&Record> = records.iter().filter(|r| r.group() == g.group && r.status == "ok").collect();
        let secs: Vec<f64> = ok.iter().filter_map(|r| r.time("seconds")).collect();
        if let Some(t) = summarise(&secs) {
            s.push_str(&format!("  {:<28} {:>10.4} s mean per unit", "time", t.mean));
            if let Some(per_round) =
                summarise(&ok.iter().filter_map(|r| r.time("seconds_per_round")).collect::<Vec<_>>())
            {
                s.push_str(&format!(", {:.4} s per round", per_round.mean));
            }
            if t.mean > 0.0 && g.group.starts_with("simulate") {
                s.push_str(&format!(", {:.1} tournaments/minute per thread", 60.0 / t.mean));
            }
            s.push('\n');
        }
        let errors: BTreeMap<&str, usize> =
            records.iter().filter(|r| r.group() == g.group && r.status != "ok").fold(BTreeMap::new(), |mut m, r| {
                *m.entry(r.error.as_deref().unwrap_or("?")).or_default() += 1;
                m
            });
        for (e, n) in errors.iter().take(3) {
            s.push_str(&format!("  failed ({n}): {e}\n"));
        }
    }
    s
}

/// Simulations compared seed by seed (the same field, absences and, for the games both pair, the
/// same results): for each group, Kendall's τ minus the baseline's on the same source and seed,
/// as mean ± sd, and on how many seeds it is higher / equal / lower. The baseline is the group
/// with the most completed simulations (the first in sorted order on a tie).
pub fn paired_text(records: &[Record]) -> String {
    paired_text_with(records, None)
}

/// Whether record `r` belongs to the group `--baseline SPEC` names: `SYSTEM` (its built-in
/// formulation) or `SYSTEM=NAME` (the variant of the model file `NAME.model`).
pub fn is_baseline(r: &Record, spec: &str) -> bool {
    match spec.split_once('=') {
        Some((system, variant)) => r.system == system && r.variant == variant,
        None => r.system == spec && r.variant == "default",
    }
}

/// The group paired comparisons are made against: the one `--baseline SPEC` names when given
/// and present, else the group with the most completed simulations (the first in sorted order
/// on a tie). One rule for the summary and the plots.
pub fn baseline_group(sims: &[&Record], spec: Option<&str>) -> Option<String> {
    if let Some(r) = spec.and_then(|s| sims.iter().find(|r| is_baseline(r, s))) {
        return Some(r.group());
    }
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for r in sims {
        *count.entry(r.group()).or_default() += 1;
    }
    count.iter().max_by(|a, b| a.1.cmp(b.1).then(b.0.cmp(a.0))).map(|(g, _)| g.clone())
}

/// [`paired_text`] against the group `--baseline SPEC` names ([`baseline_group`]).
pub fn paired_text_with(records: &[Record], spec: Option<&str>) -> String {
    let sims: Vec<&Record> = sorted(records).into_iter().filter(|r| r.kind == "simulate" && r.status == "ok").collect();
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for r in &sims {
        *count.entry(r.group()).or_default() += 1;
    }
    let Some(baseline) = baseline_group(&sims, spec) else {
        return String::new();
    };
    let tau: HashMap<(String, Option<u64>), f64> = sims
        .iter()
        .filter(|r| r.group() == baseline)
        .filter_map(|r| r.metric("kendall_tau").map(|t| ((r.source.clone(), r.seed), t)))
        .collect();
    let mut s = String::new();
    for group in count.keys().filter(|g| **g != baseline) {
        let diffs: Vec<f64> = sims
            .iter()
            .filter(|r| &r.group() == group)
            .filter_map(|r| Some(r.metric("kendall_tau")? - tau.get(&(r.source.clone(), r.seed))?))
            .collect();
        if let Some(d) = summarise(&diffs) {
            let (up, same, down) = diffs.iter().fold((0, 0, 0), |(u, e, l), &x| {
                if x > 1e-12 {
                    (u + 1, e, l)
                } else if x < -1e-12 {
                    (u, e, l + 1)
                } else {
                    (u, e + 1, l)
                }
            });
            if s.is_empty() {
                s.push_str(&format!(
                    "kendall_tau paired with {baseline} (same source and seed):
"
                ));
            }
            s.push_str(&format!(
                "  {group:<48} {:+.4} ± {:.4} (n={}, higher {up}, equal {same}, lower {down})\n",
                d.mean, d.sd, d.count
            ));
        }
    }
    s
}

/// Writes `results.csv`, `results.json`, `summary.json` (deterministic), `timings.csv` and
/// `summary.txt` into `out`.
pub fn write_reports(out: &Path, records: &[Record]) -> Result<(), String> {
    write_reports_with(out, records, None)
}

/// [`write_reports`] with the paired comparisons against `--baseline SPEC`.
pub fn write_reports_with(out: &Path, records: &[Record], baseline: Option<&str>) -> Result<(), String> {
    let rs = sorted(records);
    let deterministic: Vec<serde_json::Value> = rs
        .iter()
        .map(|r| {
            serde_json::json!({
                "kind": r.kind, "source": r.source, "system": r.system, "variant": r.variant,
                "seed": r.seed, "status": r.status, "error": r.error,
                "metrics": r.metrics.iter().map(|(n, v)| (n.clone(), serde_json::json!(v))).collect::<serde_json::Map<_, _>>(),
            })
        })
        .collect();
    write_atomic(&out.join("results.csv"), &results_csv(records))?;
    write_atomic(&out.join("results.json"), &pretty(&deterministic)?)?;
    write_atomic(&out.join("summary.json"), &pretty(&summaries(records))?)?;
    write_atomic(&out.join("timings.csv"), &timings_csv(records))?;
    if records.iter().any(|r| !r.rounds.is_empty()) {
        write_atomic(&out.join("rounds.csv"), &rounds_csv(records))?;
    }
    write_atomic(&out.join("summary.txt"), &(summary_text(records) + &paired_text_with(records, baseline)))?;
    Ok(())
}

/// Pretty JSON with a final newline.
fn pretty<T: Serialize>(v: &T) -> Result<String, String> {
    serde_json::to_string_pretty(v).map(|s| s + "\n").map_err(|e| e.to_string())
}
