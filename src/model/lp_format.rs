//! Writes a bracket model stage as a CPLEX LP file, readable by any MIP solver and by people.

use super::{BracketModel, Var};
use std::fmt::Write;

/// The LP name of a variable: `x_A_B` for the pair of players labelled A and B, `f_A` for A floating.
pub fn var_name(m: &BracketModel, v: Var) -> String {
    let clean = |s: &str| s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect::<String>();
    match v {
        Var::Pair(e) => {
            let (a, b) = m.pairs.at(e);
            format!("x_{}_{}", clean(&m.labels.get(a)), clean(&m.labels.get(b)))
        }
        Var::Float(i) => format!("f_{}", clean(&m.labels.get(i))),
        Var::Aux(k) => format!("a_{}", clean(&m.aux[k])),
    }
}

fn linear(m: &BracketModel, terms: &[(Var, i64)]) -> String {
    let mut s = String::new();
    for (k, &(v, c)) in terms.iter().enumerate() {
        let sign = if c < 0 {
            "-"
        } else if k > 0 {
            "+"
        } else {
            ""
        };
        let _ = write!(s, "{}{} {} {}", if k > 0 { " " } else { "" }, sign, c.abs(), var_name(m, v));
    }
    s
}

/// The model of stage `stage` (0-based): its objective, the degree and side constraints, and the
/// optimum of every earlier stage fixed as `cost_m <= opt_m` (`fixed[m]`).
pub fn write_lp(m: &BracketModel, stage: usize, fixed: &[i64]) -> String {
    let mut out = String::new();
    let st = m.stages.get(stage);
    let _ = writeln!(out, "\\ lexpair bracket model: {} players, {} allowed pairs", m.num_players(), m.pairs.len());
    if let Some(s) = st {
        let _ = writeln!(out, "\\ stage {} of {}: {} ({})", stage + 1, m.stages.len(), s.key, s.article);
    }
    out.push_str("Minimize\n");
    let obj = st.map(|s| s.cost.normalised().to_terms()).unwrap_or_default();
    let _ = writeln!(out, " obj: {}", linear(m, &obj));
    out.push_str("Subject To\n");
    let n = m.num_players();
    let mut incident: Vec<Vec<(Var, i64)>> = vec![Vec::new(); n];
    for (e, (a, b)) in m.pairs.iter().enumerate() {
        incident[a].push((Var::Pair(e), 1));
        incident[b].push((Var::Pair(e), 1));
    }
    for (i, inc) in incident.iter_mut().enumerate() {
        if m.may_float[i] {
            inc.push((Var::Float(i), 1));
        }
        if inc.is_empty() {
            let _ = writeln!(out, "\\ player {} can neither be paired nor float: infeasible", m.labels.get(i));
            continue;
        }
        let _ = writeln!(out, " once_{}: {} = 1", m.labels.get(i), linear(m, inc));
    }
    for c in &m.constraints {
        let body = linear(m, &c.terms);
        if let Some(l) = c.lower {
            let _ = writeln!(out, " {}_lo: {} >= {}", c.name, body, l);
        }
        if let Some(u) = c.upper {
            let _ = writeln!(out, " {}_up: {} <= {}", c.name, body, u);
        }
    }
    for (k, &v) in fixed.iter().enumerate().take(stage) {
        if let Some(s) = m.stages.get(k) {
            let _ = writeln!(
                out,
                " fix_{}: {} <= {}",
                s.key.to_string().replace(['-', '.'], "_"),
                linear(m, &s.cost.normalised().to_terms()),
                v
            );
        }
    }
    out.push_str("Binary\n");
    for e in 0..m.pairs.len() {
        let _ = writeln!(out, " {}", var_name(m, Var::Pair(e)));
    }
    for i in (0..n).filter(|&i| m.may_float[i]) {
        let _ = writeln!(out, " {}", var_name(m, Var::Float(i)));
    }
    for k in 0..m.aux.len() {
        let _ = writeln!(out, " {}", var_name(m, Var::Aux(k)));
    }
    out.push_str("End\n");
    out
}
