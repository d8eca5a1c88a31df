//! Text rendering of `--explain`: per bracket (or step), its players, those moved in, the choice
//! and the criteria values.

use lexpair::systems::trace::BracketTrace;
use std::fmt::Write;

pub fn render(traces: &[BracketTrace]) -> String {
    let mut s = String::from("\n");
    for (k, t) in traces.iter().enumerate() {
        let ids = |v: &[u32]| v.iter().map(|i| i.to_string()).collect::<Vec<_>>().join(" ");
        // Dutch brackets (bracket, PPB, last) name their moved-down players MDPs; the other
        // systems' steps (Dubov brackets, Lim score-groups) the players moved into them.
        let (unit, moved) = match t.kind {
            "bracket" | "PPB" | "last" => ("bracket", "MDPs"),
            _ => ("step", "moved in"),
        };
        let _ = writeln!(
            s,
            "{unit} {} ({}): {} players, {moved} [{}]",
            k + 1,
            t.kind,
            t.players.len(),
            ids(&t.players[..t.mdps])
        );
        let _ = writeln!(s, "  residents [{}]", ids(&t.players[t.mdps..]));
        let pairs: Vec<String> = t.pairs.iter().map(|(a, b)| format!("{a}-{b}")).collect();
        let _ = writeln!(s, "  pairs {}; leaving [{}]", pairs.join(" "), ids(&t.leavers));
        let total: f64 = t.reports.iter().map(|r| r.seconds).sum();
        let solved = t.reports.iter().filter(|r| matches!(r.how, "solved" | "merged")).count();
        if !t.targets.is_empty() {
            let targets: Vec<String> = t.targets.iter().map(|(k, v)| format!("{k} {v}")).collect();
            let _ = writeln!(s, "  targets: {}", targets.join(", "));
        }
        if !t.reports.is_empty() {
            let _ = writeln!(s, "  {} stages, {} needed the solver, {:.3}s", t.reports.len(), solved, total);
        }
        for r in &t.reports {
            if r.value != 0 || matches!(r.how, "solved" | "merged") {
                let _ = writeln!(s, "    {:<28} {:>6}  {} {:.3}s", r.name, r.value, r.how, r.seconds);
            }
        }
    }
    s
}
