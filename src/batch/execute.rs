//! Running one unit: replay a real event, simulate a tournament, or solve one round.

use super::{Kind, Plan, Record, RoundRow, Source, Unit};
use crate::audit::AuditCounts;
use crate::generate::generate;
use crate::metrics::double::double_metrics;
use crate::metrics::team::team_metrics;
use crate::metrics::tournament_metrics;
use crate::model::criterion::Ratio;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::round::{Event, Field};
use crate::trf::{self, ReadOptions, TrfDocument, TrfFlavor};
use crate::vocabulary::{PairError, Unit as UnitKind};
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::time::Instant;

/// Runs `unit` of `plan`; failures are part of the record, never a panic.
pub fn execute(plan: &Plan, unit: &Unit, out: &Path) -> Record {
    let source = &plan.sources[unit.source];
    let variant = &plan.variants[unit.variant];
    let mut rec = Record {
        key: unit.key.clone(),
        kind: plan.kind.name().into(),
        source: source.label(),
        system: variant.system.name().into(),
        variant: variant.name.clone(),
        seed: unit.seed,
        status: "ok".into(),
        error: None,
        metrics: Vec::new(),
        timing: Vec::new(),
        rounds: Vec::new(),
        ranking: None,
    };
    let opts = PairOptions { model: variant.model.clone(), ..plan.pair.clone() };
    let mut audit = AuditCounts::default(); // this unit's counts, summed over its rounds
    let result = match (plan.kind, source) {
        (Kind::Replay, Source::File(path)) => read(path).and_then(|doc| {
            let doc = crate::round::as_recorded(doc);
            replay(&doc, variant.system, &opts, &mut rec, &mut audit)
        }),
        (Kind::Solve, Source::File(path)) => {
            read(path).and_then(|doc| solve(&doc, variant.system, &opts, &mut rec, &mut audit))
        }
        (Kind::Simulate, Source::Field { field, .. }) => {
            simulate(plan, unit, field, opts.clone(), out, &mut rec, &mut audit)
        }
        _ => Err("this kind of run needs another kind of source".into()),
    };
    if let Some(st) = &audit.sat {
        rec.metrics.push(("sat_decisions".into(), Some(st.decisions as f64)));
        rec.metrics.push(("sat_confirmed".into(), Some(st.confirmed as f64)));
        rec.metrics.push(("sat_undecided".into(), Some(st.undecided as f64)));
        rec.timing.push(("sat_seconds".into(), st.sat_seconds));
    }
    if opts.second_opinion {
        let st = &audit.solver;
        rec.metrics.push(("solver_confirmed_highs".into(), Some(st.by_highs as f64)));
        rec.metrics.push(("solver_confirmed_matching".into(), Some(st.by_matching as f64)));
        rec.metrics.push(("solver_undecided".into(), Some(st.undecided as f64)));
    }
    if let Err(e) = result {
        rec.status = "failed".into();
        rec.error = Some(e);
    }
    rec
}

/// Real files are read without the score-column check: replays need the games, not the totals.
fn read(path: &Path) -> Result<TrfDocument, String> {
    trf::read_file(path, &ReadOptions { check_scores: false }).map_err(|e| e.to_string())
}

/// Pair every recorded round given the recorded history; count identical rounds, identical
/// boards (same players, same colours), same opponents (colours aside) and byes.
fn replay(
    doc: &TrfDocument,
    system: crate::vocabulary::System,
    opts: &PairOptions,
    rec: &mut Record,
    audit: &mut AuditCounts,
) -> Result<(), String> {
    let (mut rounds, mut rounds_identical, mut boards, mut identical, mut same_pair, mut byes_same, mut failed) =
        (0u32, 0u32, 0u32, 0u32, 0u32, 0u32, 0u32);
    let mut seconds = 0.0;
    let mut first_error = None;
    let mut own: Vec<(&'static str, Ratio)> = Vec::new();
    for r in 1..=Event::rounds_in_file(doc) {
        let event = Event::before_round(doc, r).map_err(|e| format!("round {r}: {e}"))?;
        let t = event.field();
        let recorded = event.recorded(doc).map_err(|e| format!("round {r}: {e}"))?;
        if recorded.boards.is_empty() && recorded.bye.is_none() {
            continue;
        }
        rounds += 1;
        boards += recorded.boards.len() as u32;
        let start = Instant::now();
        let got = crate::round::pair(t, system, opts).map(|round| {
            audit.add(&round.audit());
            add_own(&mut own, &round);
            round.pairing
        });
        seconds += start.elapsed().as_secs_f64();
        let mut row = RoundRow {
            round: r,
            boards: recorded.boards.len() as u32,
            boards_identical: 0,
            same_opponents: 0,
            bye_same: false,
            identical: false,
            recorded: pairing_text(t, &recorded),
            lexpair: String::new(),
            error: None,
        };
        let got = match got {
            Ok(p) => p,
            // A disagreement of the cross-checks, or a pairing the checker refuses, fails the
            // unit as an internal error, whatever the round made of it.
            Err(PairError::Internal(e)) => return Err(format!("internal error: round {r}: {e}")),
            Err(e) => {
                failed += 1;
                first_error.get_or_insert(format!("round {r}: {e}"));
                row.error = Some(e.to_string());
                rec.rounds.push(row);
                continue;
            }
        };
        row.lexpair = pairing_text(t, &got);
        let ids = |b: &Board| (t.id(b.white), t.id(b.black));
        let unordered = |b: &Board| {
            let (w, bl) = ids(b);
            (w.min(bl), w.max(bl))
        };
        let rec_boards: BTreeSet<(u32, u32)> = recorded.boards.iter().map(ids).collect();
        let rec_pairs: BTreeSet<(u32, u32)> = recorded.boards.iter().map(unordered).collect();
        let same_boards = got.boards.iter().filter(|b| rec_boards.contains(&ids(b))).count() as u32;
        let same_opponents = got.boards.iter().filter(|b| rec_pairs.contains(&unordered(b))).count() as u32;
        identical += same_boards;
        same_pair += same_opponents;
        let bye_same = recorded.bye.map(|i| t.id(i)) == got.bye.map(|i| t.id(i));
        byes_same += u32::from(bye_same);
        let all_same = same_boards as usize == recorded.boards.len() && got.boards.len() == recorded.boards.len();
        rounds_identical += u32::from(all_same && bye_same);
        row.boards_identical = same_boards;
        row.same_opponents = same_opponents;
        row.bye_same = bye_same;
        row.identical = all_same && bye_same;
        rec.rounds.push(row);
    }
    let pct = |a: u32, b: u32| (b > 0).then(|| 100.0 * f64::from(a) / f64::from(b));
    rec.metrics = vec![
        ("rounds".into(), Some(f64::from(rounds))),
        ("rounds_identical".into(), Some(f64::from(rounds_identical))),
        ("rounds_identical_pct".into(), pct(rounds_identical, rounds)),
        ("boards".into(), Some(f64::from(boards))),
        ("boards_identical".into(), Some(f64::from(identical))),
        ("boards_identical_pct".into(), pct(identical, boards)),
        ("same_opponents".into(), Some(f64::from(same_pair))),
        ("same_opponents_pct".into(), pct(same_pair, boards)),
        ("colour_differences".into(), Some(f64::from(same_pair - identical))),
        ("byes_same".into(), Some(f64::from(byes_same))),
        ("rounds_failed".into(), Some(f64::from(failed))),
    ];
    // Criteria of one's own and records, in the file's units, summed over the rounds paired.
    rec.metrics.extend(own.into_iter().map(|(k, v)| (format!("own {k}"), Some(v.to_f64()))));
    rec.timing = vec![("seconds".into(), seconds), ("seconds_per_round".into(), seconds / f64::from(rounds.max(1)))];
    if let Some(e) = first_error {
        rec.error = Some(e); // the unit is still measured; the first failing round is noted
    }
    Ok(())
}

/// `white-black` ids (TRF starting ranks, team numbers) per pair in order, then `bye ID`.
fn pairing_text(t: Field, p: &RoundPairing) -> String {
    let mut parts: Vec<String> = p.boards.iter().map(|b| format!("{}-{}", t.id(b.white), t.id(b.black))).collect();
    if let Some(i) = p.bye {
        parts.push(format!("bye {}", t.id(i)));
    }
    parts.join(" ")
}

/// Pair the next round (the last one again when the tournament is complete); per criterion
/// (summed over brackets) its objective value and solve time.
fn solve(
    doc: &TrfDocument,
    system: crate::vocabulary::System,
    opts: &PairOptions,
    rec: &mut Record,
    audit: &mut AuditCounts,
) -> Result<(), String> {
    let mut round = Event::next_round(doc);
    if Event::total_rounds(doc).is_some_and(|total| round > total) {
        round = Event::rounds_in_file(doc);
    }
    let event = Event::before_round(doc, round)?;
    let t = event.field();
    let start = Instant::now();
    let round = crate::round::pair(t, system, opts).map_err(|e| match e {
        PairError::Internal(m) => format!("internal error: {m}"),
        e => e.to_string(),
    })?;
    audit.add(&round.audit());
    let mut own: Vec<(&'static str, Ratio)> = Vec::new();
    add_own(&mut own, &round);
    let (pairing, traces) = (round.pairing, round.traces);
    let seconds = start.elapsed().as_secs_f64();
    rec.metrics = vec![
        ("round".into(), Some(f64::from(t.round()))),
        ("players".into(), Some(t.present() as f64)),
        ("boards".into(), Some(pairing.boards.len() as f64)),
        ("brackets".into(), Some(traces.len() as f64)),
    ];
    rec.timing = vec![("seconds".into(), seconds)];
    // Per criterion (the stage name up to its first '-': `C7-downfloaters-score35` counts for
    // `C7`), in first-appearance order: values and solve times summed over brackets.
    let key = |stage: &crate::vocabulary::StageKey| stage.criterion.to_string();
    let mut order: Vec<String> = Vec::new();
    let mut values: BTreeMap<String, i64> = BTreeMap::new();
    let mut times: BTreeMap<String, f64> = BTreeMap::new();
    for tr in &traces {
        for (name, v) in &tr.stages {
            let k = key(name);
            if !values.contains_key(&k) {
                order.push(k.clone());
            }
            *values.entry(k).or_default() += v;
        }
        for st in &tr.reports {
            *times.entry(key(&st.key)).or_default() += st.seconds;
        }
    }
    for k in &order {
        let column = format!("stage {}", criterion_column(system, k));
        rec.metrics.push((column.clone(), values.get(k).map(|&v| v as f64)));
        if let Some(&t) = times.get(k) {
            rec.timing.push((column, t));
        }
    }
    // Criteria of one's own and records, in the file's units (`own NAME`), summed over brackets.
    rec.metrics.extend(own.into_iter().map(|(k, v)| (format!("own {k}"), Some(v.to_f64()))));
    Ok(())
}

/// Adds the values of a round's criteria of one's own (every bracket's) and records to `own`, by
/// name, exactly.
fn add_own(own: &mut Vec<(&'static str, Ratio)>, round: &crate::round::Round) {
    let values = round.traces.iter().flat_map(|tr| tr.own.iter().map(|o| (o.name, o.exact)));
    for (name, v) in values.chain(round.records.iter().copied()) {
        match own.iter_mut().find(|(k, _)| *k == name) {
            Some((_, t)) => *t = t.plus(v).unwrap_or(*t),
            None => own.push((name, v)),
        }
    }
}

/// The column of criterion `key` of `system`: its stable name where the system's criteria are
/// tabled (the same column for the same criterion in every edition, none for a criterion an
/// edition lacks: its cells stay empty), else the system and the key (`dubov-2026 C5`), so that
/// different criteria never share a column.
fn criterion_column(system: crate::vocabulary::System, key: &str) -> String {
    match crate::systems::criterion_name(system, key) {
        Some(name) => name.to_string(),
        None => format!("{system} {key}"),
    }
}

/// Generate the tournament of this unit's seed and measure it (a team tournament with the team
/// metrics of `metrics::team`, a Double-Swiss one with those of `metrics::double`).
fn simulate(
    plan: &Plan,
    unit: &Unit,
    field: &crate::generate::Field,
    opts: PairOptions,
    out: &Path,
    rec: &mut Record,
    audit: &mut AuditCounts,
) -> Result<(), String> {
    let mut cfg = plan.template.clone().ok_or("a simulation needs rounds and a results model")?;
    cfg.system = plan.variants[unit.variant].system;
    cfg.field = field.clone();
    cfg.seed = unit.seed.unwrap_or(0);
    cfg.pair = opts;
    let g = generate(&cfg).map_err(|e| match e {
        crate::generate::GenerateError::Pair { round, error: PairError::Internal(m) } => {
            format!("internal error: round {round}: {m}")
        }
        e => e.to_string(),
    })?;
    audit.add(&g.audit);
    let kind = cfg.system.registration().unit();
    let ranking = plan.ranking.as_deref();
    let columns = match kind {
        UnitKind::Team => team_metrics(&g.document, ranking)?.columns(),
        UnitKind::DoubleSwissPlayer => double_metrics(&g.document, ranking)?.columns(),
        UnitKind::Player => tournament_metrics(&g.document, ranking)?.columns(),
    };
    let edition = crate::standings::Edition::of_event(&g.document).0;
    rec.ranking = Some(format!("{} (C.07 {edition})", crate::metrics::ranking_name(&g.document, ranking)));
    rec.metrics = columns.into_iter().map(|(n, v)| (n.to_string(), v)).collect();
    let system = cfg.system;
    rec.metrics.extend(
        g.criteria.iter().map(|(k, v)| (format!("criterion {}", criterion_column(system, k)), Some(*v as f64))),
    );
    // Criteria of one's own, in the file's units (a column per name: `own NAME`).
    rec.metrics.extend(g.own.iter().map(|(k, v)| (format!("own {k}"), Some(*v))));
    let total: f64 = g.round_seconds.iter().sum();
    let max = g.round_seconds.iter().copied().fold(0.0, f64::max);
    rec.timing = vec![
        ("seconds".into(), total),
        ("seconds_per_round".into(), total / g.round_seconds.len().max(1) as f64),
        ("seconds_max_round".into(), max),
    ];
    if plan.keep_trf {
        let name: String =
            unit.key.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '_' }).collect();
        let dir = out.join("trf");
        std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        let flavor = if kind == UnitKind::Player { TrfFlavor::Trf16 } else { TrfFlavor::Trf26 };
        super::report::write_atomic(&dir.join(format!("{name}.trf")), &trf::write(&g.document, flavor))?;
    }
    Ok(())
}
