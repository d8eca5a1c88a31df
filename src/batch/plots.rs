//! `--plot DIR`: the plots of a batch as SVG files drawn with `plotters` (its SVG backend only,
//! no fonts or bitmaps linked), and `index.html` showing them all.
//!
//! - **Distributions** (`NAME.svg`, simulations and solves): one horizontal box per system
//!   variant (box: quartiles, whiskers: minimum and maximum, dot: mean), the x axis in the
//!   metric's unit.
//! - **Paired differences** (`paired_NAME.svg`, simulations): per seed and source, variant minus
//!   the baseline variant (the one with the most completed runs), each run a dot, the mean with
//!   its 95% confidence interval (Student's t on the per-seed differences).
//! - **Replays** (`replay_NAME.svg`): one panel per event, one bar per variant: events are not
//!   pooled, since their sizes and lengths differ.
//! - **Timings** (`time_NAME.svg`): as distributions, in seconds.

use super::report::write_atomic;
use super::Record;
use plotters::prelude::*;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// The axis label and title of a metric: what it measures, with its unit.
pub fn describe(metric: &str) -> (String, String) {
    if let Some(name) = metric.strip_prefix("criterion ") {
        return (
            format!("criterion {name}, summed over brackets and rounds"),
            "stage value (count; maximised stages negative)".into(),
        );
    }
    if let Some(name) = metric.strip_prefix("stage ") {
        return (format!("stage {name}, summed over brackets"), "objective value".into());
    }
    if let Some(name) = metric.strip_prefix("time ") {
        let name = name.trim_end_matches(" (s)");
        return (format!("time: {name}"), "seconds (wall clock)".into());
    }
    let (title, unit) = match metric {
        "kendall_tau" => ("Kendall's τ-b: final scores against ratings", "τ-b (−1 to 1)"),
        "kendall_tau_tiebroken" => ("Kendall's τ-b: standings (points, tie-breaks) against ratings", "τ-b (−1 to 1)"),
        "spearman" => ("Spearman's ρ: final scores against ratings", "ρ (−1 to 1)"),
        "colour_imbalance_mean" => ("mean final |whites − blacks| per player", "games"),
        "colour_imbalance_max" => ("largest final |whites − blacks|", "games"),
        "colour_imbalance_0" | "colour_imbalance_1" | "colour_imbalance_2" | "colour_imbalance_3plus" => {
            return (
                format!("players with final |whites − blacks| = {}", metric.trim_start_matches("colour_imbalance_")),
                "players".into(),
            )
        }
        "longest_colour_run" => ("longest run of one colour", "games"),
        "players_with_colour_run_3" => ("players with one colour three times in a row", "players"),
        "floats" => ("played games between different scores", "games"),
        "float_score_difference_mean" => ("mean score difference of those games", "points"),
        "float_score_difference_max" => ("largest score difference of a game", "points"),
        "repeated_downfloats" => ("downfloats in two consecutive rounds", "occurrences"),
        "repeated_upfloats" => ("upfloats in two consecutive rounds", "occurrences"),
        "colour_preferences_unmet" => ("colour preferences not met", "games"),
        "strong_colour_preferences_unmet" => ("strong or absolute colour preferences not met", "games"),
        "absolute_colour_preferences_unmet" => ("absolute colour preferences not met", "games"),
        "pairing_byes" => ("pairing-allocated byes", "byes"),
        "aro_spread_mean" => ("mean ARO range within final scoregroups", "rating points"),
        "aro_spread_max" => ("largest ARO range within a final scoregroup", "rating points"),
        "players" => ("players", "players"),
        "rounds_identical" => ("rounds paired exactly as recorded", "rounds"),
        "rounds_identical_pct" => ("rounds paired exactly as recorded", "% of rounds"),
        "boards" => ("boards recorded", "boards"),
        "boards_identical" => ("boards identical to the record (colours included)", "boards"),
        "boards_identical_pct" => ("boards identical to the record (colours included)", "% of boards"),
        "same_opponents" => ("boards with the recorded opponents (colours aside)", "boards"),
        "same_opponents_pct" => ("boards with the recorded opponents (colours aside)", "% of boards"),
        "colour_differences" => ("recorded pairs given the other colours", "boards"),
        "byes_same" => ("rounds with the recorded pairing-allocated bye", "rounds"),
        "rounds_failed" => ("rounds that could not be paired", "rounds"),
        "rounds" | "rounds_replayed" => ("rounds", "rounds"),
        _ => return (metric.replace('_', " "), metric.replace('_', " ")),
    };
    (title.into(), unit.into())
}

/// The two-sided 95% quantile of Student's t with `df` degrees of freedom.
pub fn t975(df: usize) -> f64 {
    const TABLE: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160, 2.145, 2.131,
        2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    ];
    match df {
        0 => f64::NAN,
        1..=30 => TABLE[df - 1],
        _ => {
            // Cornish-Fisher expansion around the normal quantile (error below 1e-3 past 30).
            let (z, v) = (1.959_964_f64, df as f64);
            z + (z.powi(3) + z) / (4.0 * v) + (5.0 * z.powi(5) + 16.0 * z.powi(3) + 3.0 * z) / (96.0 * v * v)
        }
    }
}

/// Mean and 95% confidence interval of the mean; `None` for fewer than two values.
pub fn mean_ci(values: &[f64]) -> Option<(f64, f64, f64)> {
    let n = values.len();
    if n < 2 {
        return None;
    }
    let mean = values.iter().sum::<f64>() / n as f64;
    let sd = (values.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64).sqrt();
    let half = t975(n - 1) * sd / (n as f64).sqrt();
    Some((mean, mean - half, mean + half))
}

/// A group label: the system, and the variant without the system's name repeated
/// (`dutch-2026 + no-colours` for the model file `dutch-2026-no-colours.model`).
fn label(r: &Record) -> String {
    if r.variant == "default" {
        return r.system.clone();
    }
    let v = r.variant.strip_prefix(&r.system).map_or(r.variant.as_str(), |v| v.trim_start_matches(['-', '_']));
    format!("{} + {}", r.system, if v.is_empty() { &r.variant } else { v })
}

/// A tick value with no trailing zeros (`100`, `0.25`, `-0.04`).
fn tick(v: f64) -> String {
    let s = format!("{:.6}", v);
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

fn tick32(v: &f32) -> String {
    // Through the shortest decimal of the f32, so that 0.1f32 prints as 0.1.
    tick(v.to_string().parse::<f64>().unwrap_or(f64::from(*v)))
}

fn tick64(v: &f64) -> String {
    tick(*v)
}

/// Segment labels as written, not quoted.
fn segment_text(v: &SegmentValue<&String>) -> String {
    match v {
        SegmentValue::Exact(s) | SegmentValue::CenterOf(s) => (*s).clone(),
        SegmentValue::Last => String::new(),
    }
}

fn file_stem(metric: &str) -> String {
    metric
        .trim_end_matches(" (s)")
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
        .collect()
}

/// A value range with a margin, never empty.
fn padded(lo: f64, hi: f64) -> (f64, f64) {
    let pad = if hi > lo { (hi - lo) * 0.06 } else { lo.abs().max(1.0) * 0.1 };
    (lo - pad, hi + pad)
}

/// Pixels the group labels need on the left.
fn label_width(names: &[String]) -> u32 {
    (names.iter().map(|n| n.chars().count()).max().unwrap_or(4) as u32 * 7 + 20).clamp(60, 320)
}

type DrawResult<T> = Result<T, String>;

fn err<E: std::fmt::Display>(e: E) -> String {
    format!("plot: {e}")
}

/// Box plots of `metric` per group; `None` when no group varies (nothing to look at).
pub fn box_plot(records: &[Record], metric: &str, title: &str, unit: &str) -> DrawResult<Option<String>> {
    let mut groups: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.status == "ok") {
        if let Some(v) = r.metric(metric).filter(|v| v.is_finite()) {
            groups.entry(label(r)).or_default().push(v);
        }
    }
    let all: Vec<f64> = groups.values().flatten().copied().collect();
    let (lo, hi) = all.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    if all.is_empty() || lo == hi {
        return Ok(None);
    }
    // The axis runs bottom-up: reversed, the first group is drawn at the top.
    let names: Vec<String> = groups.keys().rev().map(|g| format!("{g} (n={})", groups[g].len())).collect();
    let keys: Vec<String> = groups.keys().rev().cloned().collect();
    let (lo, hi) = padded(lo, hi);
    let height = 110 + 60 * names.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(title, ("sans-serif", 17))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(label_width(&names))
            .build_cartesian_2d(lo as f32..hi as f32, names[..].into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(unit)
            .disable_y_mesh()
            .y_label_formatter(&segment_text)
            .x_label_formatter(&tick32)
            .light_line_style(WHITE.mix(0.0))
            .label_style(("sans-serif", 13))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .map_err(err)?;
        let blue = RGBColor(31, 119, 180);
        chart
            .draw_series(keys.iter().zip(&names).map(|(k, n)| {
                let q = Quartiles::new(&groups[k]);
                Boxplot::new_horizontal(SegmentValue::CenterOf(n), &q).width(26).whisker_width(0.6).style(blue)
            }))
            .map_err(err)?;
        chart
            .draw_series(keys.iter().zip(&names).map(|(k, n)| {
                let v = &groups[k];
                let mean = v.iter().sum::<f64>() / v.len() as f64;
                Circle::new((mean as f32, SegmentValue::CenterOf(n)), 4, RED.filled())
            }))
            .map_err(err)?;
        root.present().map_err(err)?;
    }
    Ok(Some(svg))
}

/// The baseline of paired comparisons, by label: the group `report::baseline_group` chooses
/// (the one `--baseline` names, else the most completed simulations).
fn baseline(sims: &[&Record], spec: Option<&str>) -> Option<String> {
    let group = super::report::baseline_group(sims, spec)?;
    sims.iter().find(|r| r.group() == group).map(|r| label(r))
}

/// Per-seed differences of `metric` against the baseline, by compared group.
pub fn paired_differences(
    records: &[Record],
    metric: &str,
    spec: Option<&str>,
) -> Option<(String, BTreeMap<String, Vec<f64>>)> {
    let sims: Vec<&Record> = records.iter().filter(|r| r.kind == "simulate" && r.status == "ok").collect();
    let base = baseline(&sims, spec)?;
    let reference: HashMap<(&str, Option<u64>), f64> = sims
        .iter()
        .filter(|r| label(r) == base)
        .filter_map(|r| Some(((r.source.as_str(), r.seed), r.metric(metric)?)))
        .collect();
    let mut out: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in sims.iter().filter(|r| label(r) != base) {
        if let (Some(v), Some(b)) = (r.metric(metric), reference.get(&(r.source.as_str(), r.seed))) {
            out.entry(label(r)).or_default().push(v - b);
        }
    }
    (!out.is_empty()).then_some((base, out))
}

/// Paired differences of `metric`: dots per seed, the mean and its 95% interval per variant.
pub fn paired_plot(
    records: &[Record],
    metric: &str,
    title: &str,
    unit: &str,
    spec: Option<&str>,
) -> DrawResult<Option<String>> {
    let Some((base, diffs)) = paired_differences(records, metric, spec) else { return Ok(None) };
    if diffs.values().flatten().all(|d| *d == 0.0) {
        return Ok(None);
    }
    let names: Vec<String> = diffs.iter().rev().map(|(g, d)| format!("{g} (n={})", d.len())).collect();
    let keys: Vec<&String> = diffs.keys().rev().collect();
    let cis: Vec<Option<(f64, f64, f64)>> = keys.iter().map(|k| mean_ci(&diffs[*k])).collect();
    let mut lo = diffs.values().flatten().copied().fold(0.0f64, f64::min);
    let mut hi = diffs.values().flatten().copied().fold(0.0f64, f64::max);
    for (_, a, b) in cis.iter().flatten() {
        (lo, hi) = (lo.min(*a), hi.max(*b));
    }
    let (lo, hi) = padded(lo, hi);
    let height = 130 + 60 * names.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (760, height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let mut chart = ChartBuilder::on(&root)
            .caption(format!("{title}: minus {base}, same seed"), ("sans-serif", 16))
            .margin(12)
            .x_label_area_size(48)
            .y_label_area_size(label_width(&names))
            .build_cartesian_2d(lo..hi, names[..].into_segmented())
            .map_err(err)?;
        chart
            .configure_mesh()
            .x_desc(format!("difference, {unit} (dots: seeds; bar: mean, 95% CI)"))
            .disable_y_mesh()
            .y_label_formatter(&segment_text)
            .x_label_formatter(&tick64)
            .light_line_style(WHITE.mix(0.0))
            .label_style(("sans-serif", 13))
            .axis_desc_style(("sans-serif", 14))
            .draw()
            .map_err(err)?;
        chart
            .draw_series(std::iter::once(PathElement::new(
                vec![(0.0, SegmentValue::Exact(&names[0])), (0.0, SegmentValue::Last)],
                BLACK.mix(0.6),
            )))
            .map_err(err)?;
        let grey = RGBColor(31, 119, 180).mix(0.35);
        for (k, n) in keys.iter().zip(&names) {
            chart
                .draw_series(diffs[*k].iter().map(|&d| Circle::new((d, SegmentValue::CenterOf(n)), 3, grey.filled())))
                .map_err(err)?;
        }
        for (ci, n) in cis.iter().zip(&names) {
            if let Some((mean, a, b)) = ci {
                chart
                    .draw_series(std::iter::once(ErrorBar::new_horizontal(
                        SegmentValue::CenterOf(n),
                        *a,
                        *mean,
                        *b,
                        RED.stroke_width(2),
                        14,
                    )))
                    .map_err(err)?;
                chart
                    .draw_series(std::iter::once(Circle::new((*mean, SegmentValue::CenterOf(n)), 5, RED.filled())))
                    .map_err(err)?;
            }
        }
        root.present().map_err(err)?;
    }
    Ok(Some(svg))
}

/// Replays: one panel per event, a bar per variant.
pub fn replay_panels(records: &[Record], metric: &str, title: &str, unit: &str) -> DrawResult<Option<String>> {
    let mut events: BTreeMap<String, BTreeMap<String, f64>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.kind == "replay" && r.status == "ok") {
        if let Some(v) = r.metric(metric).filter(|v| v.is_finite()) {
            let event = Path::new(&r.source).file_stem().map_or(r.source.clone(), |s| s.to_string_lossy().into_owned());
            events.entry(event).or_default().insert(label(r), v);
        }
    }
    if events.is_empty() {
        return Ok(None);
    }
    let variants: Vec<String> = {
        let mut v: Vec<String> = events.values().flat_map(|m| m.keys().cloned()).collect();
        v.sort();
        v.dedup();
        v.reverse(); // drawn bottom-up: the first at the top
        v
    };
    let cols = events.len().min(2);
    let rows = events.len().div_ceil(cols);
    let panel_h = 90 + 34 * variants.len() as u32;
    let mut svg = String::new();
    {
        let root = SVGBackend::with_string(&mut svg, (900, 40 + panel_h * rows as u32)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let root = root.titled(title, ("sans-serif", 17)).map_err(err)?;
        let panels = root.split_evenly((rows, cols));
        for (panel, (event, values)) in panels.iter().zip(&events) {
            let hi = values.values().copied().fold(0.0f64, f64::max);
            let lo = values.values().copied().fold(0.0f64, f64::min);
            // Percentages share one scale, 0 to 100, so that panels compare at a glance.
            let (lo, hi) = if unit.starts_with('%') {
                (0.0, 100.0)
            } else if hi > lo {
                (lo, hi * 1.08)
            } else {
                (lo, lo + 1.0)
            };
            let mut chart = ChartBuilder::on(panel)
                .caption(event, ("sans-serif", 14))
                .margin(8)
                .x_label_area_size(40)
                .y_label_area_size(label_width(&variants))
                .build_cartesian_2d(lo..hi, variants[..].into_segmented())
                .map_err(err)?;
            chart
                .configure_mesh()
                .x_desc(unit)
                .disable_y_mesh()
                .y_label_formatter(&segment_text)
                .x_label_formatter(&tick64)
                .light_line_style(WHITE.mix(0.0))
                .label_style(("sans-serif", 12))
                .draw()
                .map_err(err)?;
            chart
                .draw_series(
                    Histogram::horizontal(&chart)
                        .style(RGBColor(31, 119, 180).filled())
                        .margin(6)
                        .data(values.iter().map(|(v, x)| (v, *x))),
                )
                .map_err(err)?;
        }
        root.present().map_err(err)?;
    }
    Ok(Some(svg))
}

/// A plot written, and what `index.html` says of it.
struct Figure {
    file: String,
    section: &'static str,
    caption: String,
}

/// Writes every plot of `records` and `index.html` into `dir`; returns the SVG files written.
pub fn write_plots(dir: &Path, records: &[Record]) -> Result<Vec<String>, String> {
    write_plots_with(dir, records, None)
}

/// [`write_plots`] with the paired differences against `--baseline SPEC`.
pub fn write_plots_with(dir: &Path, records: &[Record], baseline: Option<&str>) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let mut figures: Vec<Figure> = Vec::new();
    let mut put = |file: String, section: &'static str, caption: String, svg: Option<String>| -> Result<(), String> {
        if let Some(svg) = svg {
            write_atomic(&dir.join(&file), &svg)?;
            figures.push(Figure { file, section, caption });
        }
        Ok(())
    };
    let pooled: Vec<Record> = records.iter().filter(|r| r.kind != "replay").cloned().collect();
    for metric in metric_names(records.iter().map(|r| &r.metrics)) {
        let (title, unit) = describe(&metric);
        let stem = file_stem(&metric);
        put(
            format!("{stem}.svg"),
            "Distributions by variant",
            title.clone(),
            box_plot(&pooled, &metric, &title, &unit)?,
        )?;
        put(
            format!("paired_{stem}.svg"),
            "Paired differences (same seed)",
            title.clone(),
            paired_plot(records, &metric, &title, &unit, baseline)?,
        )?;
        put(
            format!("replay_{stem}.svg"),
            "Replays, one panel per event",
            title.clone(),
            replay_panels(records, &metric, &title, &unit)?,
        )?;
    }
    let timed: Vec<Record> = records
        .iter()
        .map(|r| Record {
            metrics: r.timing.iter().map(|(n, v)| (format!("time {n} (s)"), Some(*v))).collect(),
            ..r.clone()
        })
        .collect();
    let timed_pooled: Vec<Record> = timed.iter().filter(|r| r.kind != "replay").cloned().collect();
    for metric in metric_names(timed.iter().map(|r| &r.metrics)) {
        let (title, unit) = describe(&metric);
        let stem = format!("time_{}", file_stem(metric.trim_start_matches("time ")));
        put(format!("{stem}.svg"), "Timings", title.clone(), box_plot(&timed_pooled, &metric, &title, &unit)?)?;
        put(format!("replay_{stem}.svg"), "Timings", title.clone(), replay_panels(&timed, &metric, &title, &unit)?)?;
    }
    write_atomic(&dir.join("index.html"), &index_html(&figures))?;
    Ok(figures.into_iter().map(|f| f.file).collect())
}

fn metric_names<'a>(lists: impl Iterator<Item = &'a Vec<(String, Option<f64>)>>) -> Vec<String> {
    let mut names: Vec<String> = Vec::new();
    for list in lists {
        for (n, _) in list {
            if !names.contains(n) {
                names.push(n.clone());
            }
        }
    }
    names
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A page showing every figure, by section, in the order written.
fn index_html(figures: &[Figure]) -> String {
    let mut s = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>lexpair batch plots</title>\n\
         <style>body{font-family:sans-serif;margin:2em;max-width:1600px}\
         figure{display:inline-block;margin:0 1em 1.5em 0;vertical-align:top}\
         img{max-width:760px;border:1px solid #ddd}figcaption{font-size:13px;color:#333}</style></head><body>\n\
         <h1>lexpair batch plots</h1>\n<p id=\"status\">loading the plots…</p>\n\
         <script>window.addEventListener('load',()=>{const all=[...document.images];\
         const bad=all.filter(i=>!i.complete||i.naturalWidth===0).map(i=>i.getAttribute('src'));\
         document.getElementById('status').textContent=bad.length?\
         `${bad.length} of ${all.length} plots failed to load: ${bad.join(', ')}`:`all ${all.length} plots loaded`;});\
         </script>\n",
    );
    let mut sections: Vec<&str> = Vec::new();
    for f in figures {
        if !sections.contains(&f.section) {
            sections.push(f.section);
        }
    }
    for section in sections {
        s.push_str(&format!("<h2>{}</h2>\n", escape(section)));
        for f in figures.iter().filter(|f| f.section == section) {
            s.push_str(&format!(
                "<figure><img src=\"{0}\" alt=\"{1}\"><figcaption>{1} ({0})</figcaption></figure>\n",
                escape(&f.file),
                escape(&f.caption)
            ));
        }
    }
    s.push_str("</body></html>\n");
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn student_t_quantiles() {
        assert_eq!(t975(1), 12.706);
        assert_eq!(t975(30), 2.042);
        assert!((t975(60) - 2.000).abs() < 2e-3, "{}", t975(60));
        assert!((t975(120) - 1.980).abs() < 2e-3, "{}", t975(120));
    }

    #[test]
    fn confidence_interval_of_the_mean() {
        // Mean 2, sd 1, n 3: half-width 4.303 / sqrt 3.
        let (m, a, b) = mean_ci(&[1.0, 2.0, 3.0]).expect("two or more");
        assert_eq!(m, 2.0);
        assert!((b - m - 4.303 / 3f64.sqrt()).abs() < 1e-12 && (m - a - (b - m)).abs() < 1e-12);
        assert_eq!(mean_ci(&[1.0]), None);
    }

    #[test]
    fn ticks_print_without_trailing_zeros() {
        assert_eq!(tick(100.0), "100");
        assert_eq!(tick(0.25), "0.25");
        assert_eq!(tick(-0.04), "-0.04");
        assert_eq!(tick(-0.0), "0");
        assert_eq!(tick32(&0.1f32), "0.1");
    }

    #[test]
    fn metrics_are_described_with_units() {
        assert_eq!(describe("kendall_tau").1, "τ-b (−1 to 1)");
        assert_eq!(describe("time pairing (s)").1, "seconds (wall clock)");
        assert!(describe("criterion pab_score").0.starts_with("criterion pab_score"));
    }
}
