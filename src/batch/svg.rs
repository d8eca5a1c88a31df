//! `--plot DIR`: one SVG box plot per metric, one box per system variant (Tukey-free: the
//! whiskers are the minimum and maximum, the box the quartiles, the bar the median, the dot the
//! mean). Plain SVG text, no drawing library.

use super::report::write_atomic;
use super::Record;
use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

/// The `q`-quantile of sorted values (linear interpolation).
fn quantile(sorted: &[f64], q: f64) -> f64 {
    let pos = q * (sorted.len() - 1) as f64;
    let (lo, hi) = (pos.floor() as usize, pos.ceil() as usize);
    sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo as f64)
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// A box plot of `metric` over the groups of `records`; `None` when no record has the metric
/// or when it takes a single value everywhere (nothing to look at).
pub fn box_plot(records: &[Record], metric: &str) -> Option<String> {
    let mut groups: BTreeMap<String, Vec<f64>> = BTreeMap::new();
    for r in records.iter().filter(|r| r.status == "ok") {
        if let Some(v) = r.metric(metric).filter(|v| v.is_finite()) {
            groups.entry(r.group()).or_default().push(v);
        }
    }
    let all: Vec<f64> = groups.values().flatten().copied().collect();
    let (lo, hi) = all.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(a, b), &v| (a.min(v), b.max(v)));
    if all.is_empty() || lo == hi {
        return None;
    }
    let pad = (hi - lo) * 0.05;
    let (lo, hi) = (lo - pad, hi + pad);
    let (left, top, plot_h, box_w, gap) = (70.0, 40.0, 300.0, 60.0, 50.0);
    let width = left + groups.len() as f64 * (box_w + gap) + gap;
    // Boxes are numbered under the axis; the legend below names them.
    let legend_top = top + plot_h + 45.0;
    let height = legend_top + 18.0 * groups.len() as f64 + 10.0;
    let width = width.max(480.0);
    let y = |v: f64| top + plot_h * (hi - v) / (hi - lo);
    let mut s = String::new();
    let _ = writeln!(
        s,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" font-family="sans-serif" font-size="12">"#
    );
    let _ = writeln!(s, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        s,
        r#"<text x="{}" y="20" text-anchor="middle" font-size="14">{}</text>"#,
        width / 2.0,
        escape(metric)
    );
    let _ = writeln!(s, r#"<line x1="{left}" y1="{top}" x2="{left}" y2="{}" stroke="black"/>"#, top + plot_h);
    for k in 0..=4 {
        let v = lo + (hi - lo) * f64::from(k) / 4.0;
        let _ = writeln!(
            s,
            r##"<line x1="{}" y1="{y0:.1}" x2="{}" y2="{y0:.1}" stroke="#ddd"/><text x="{}" y="{:.1}" text-anchor="end">{v:.3}</text>"##,
            left,
            width - gap / 2.0,
            left - 5.0,
            y(v) + 4.0,
            y0 = y(v)
        );
    }
    for (i, (name, vals)) in groups.iter().enumerate() {
        let mut v = vals.clone();
        v.sort_by(f64::total_cmp);
        let x = left + gap + i as f64 * (box_w + gap);
        let mid = x + box_w / 2.0;
        let (q1, med, q3) = (quantile(&v, 0.25), quantile(&v, 0.5), quantile(&v, 0.75));
        let mean = v.iter().sum::<f64>() / v.len() as f64;
        let (vmin, vmax) = (v[0], v[v.len() - 1]);
        let _ = writeln!(s, r#"<line x1="{mid}" y1="{:.1}" x2="{mid}" y2="{:.1}" stroke="black"/>"#, y(vmax), y(vmin));
        for w in [vmin, vmax] {
            let _ = writeln!(
                s,
                r#"<line x1="{}" y1="{:.1}" x2="{}" y2="{:.1}" stroke="black"/>"#,
                x + 15.0,
                y(w),
                x + box_w - 15.0,
                y(w)
            );
        }
        let _ = writeln!(
            s,
            r##"<rect x="{x}" y="{:.1}" width="{box_w}" height="{:.1}" fill="#9ecae1" stroke="black"/>"##,
            y(q3),
            (y(q1) - y(q3)).max(1.0)
        );
        let _ = writeln!(
            s,
            r#"<line x1="{x}" y1="{:.1}" x2="{}" y2="{:.1}" stroke="black" stroke-width="2"/>"#,
            y(med),
            x + box_w,
            y(med)
        );
        let _ = writeln!(s, r#"<circle cx="{mid}" cy="{:.1}" r="3" fill="red"/>"#, y(mean));
        let _ = writeln!(s, r#"<text x="{mid}" y="{:.1}" text-anchor="middle">{}</text>"#, top + plot_h + 20.0, i + 1);
        let _ = writeln!(
            s,
            r#"<text x="{left}" y="{:.1}">{}: {} (n={})</text>"#,
            legend_top + 18.0 * i as f64,
            i + 1,
            escape(name),
            v.len()
        );
    }
    s.push_str("</svg>\n");
    Some(s)
}

/// Writes `DIR/<metric>.svg` for every metric that varies, and `DIR/time_<name>.svg` for the
/// timings; returns the files written.
pub fn write_plots(dir: &Path, records: &[Record]) -> Result<Vec<String>, String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let timed: Vec<Record> = records
        .iter()
        .map(|r| Record {
            metrics: r.timing.iter().map(|(n, v)| (format!("time {n} (s)"), Some(*v))).collect(),
            ..r.clone()
        })
        .collect();
    let mut written = plots_of(dir, records)?;
    written.extend(plots_of(dir, &timed)?);
    Ok(written)
}

fn plots_of(dir: &Path, records: &[Record]) -> Result<Vec<String>, String> {
    let mut names: Vec<&str> = Vec::new();
    for r in records {
        for (n, _) in &r.metrics {
            if !names.contains(&n.as_str()) {
                names.push(n);
            }
        }
    }
    let mut written = Vec::new();
    for name in names {
        if let Some(svg) = box_plot(records, name) {
            let file: String = name
                .trim_end_matches(" (s)")
                .chars()
                .map(|c| if c.is_ascii_alphanumeric() || c == '_' { c } else { '_' })
                .collect();
            write_atomic(&dir.join(format!("{file}.svg")), &svg)?;
            written.push(format!("{file}.svg"));
        }
    }
    Ok(written)
}

#[cfg(test)]
mod tests {
    #[test]
    fn quartiles_interpolate() {
        let v = [1.0, 2.0, 3.0, 4.0];
        assert_eq!(super::quantile(&v, 0.5), 2.5);
        assert_eq!(super::quantile(&v, 0.25), 1.75);
        assert_eq!(super::quantile(&v, 1.0), 4.0);
    }
}
