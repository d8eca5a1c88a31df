//! Writes a bracket model stage as a CPLEX LP file or a free-format MPS file, readable by any
//! MIP solver (and the LP file by people), with a legend naming each variable and each stage's
//! criterion.

use super::{BracketModel, Var};
use std::fmt::Write;

/// `s` with every character but ASCII letters and digits as `_` (LP and MPS names).
fn clean(s: &str) -> String {
    s.chars().map(|c| if c.is_ascii_alphanumeric() { c } else { '_' }).collect()
}

/// The LP name of a variable: `x_A_B` for the pair of players labelled A and B, `f_A` for A floating.
pub fn var_name(m: &BracketModel, v: Var) -> String {
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

/// How a row compares its terms with its right-hand side.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Sense {
    Eq,
    Le,
    Ge,
}

/// One row of a stage's program: name, terms, sense, right-hand side.
struct Row {
    name: String,
    terms: Vec<(Var, i64)>,
    sense: Sense,
    rhs: i64,
}

/// The rows of stage `stage`'s program: every player once, the side constraints (`cK_lo`,
/// `cK_up` for the K-th: the legend names it), the optima of the earlier stages fixed. A
/// player who can neither be paired nor float has no row (the LP file says so).
fn rows(m: &BracketModel, stage: usize, fixed: &[i64]) -> (Vec<Row>, Vec<usize>) {
    let n = m.num_players();
    let mut incident: Vec<Vec<(Var, i64)>> = vec![Vec::new(); n];
    for (e, (a, b)) in m.pairs.iter().enumerate() {
        incident[a].push((Var::Pair(e), 1));
        incident[b].push((Var::Pair(e), 1));
    }
    let mut out = Vec::new();
    let mut stuck = Vec::new();
    for (i, mut inc) in incident.into_iter().enumerate() {
        if m.may_float[i] {
            inc.push((Var::Float(i), 1));
        }
        if inc.is_empty() {
            stuck.push(i);
            continue;
        }
        out.push(Row { name: format!("once_{}", clean(&m.labels.get(i))), terms: inc, sense: Sense::Eq, rhs: 1 });
    }
    for (k, c) in m.constraints.iter().enumerate() {
        let base = format!("c{}", k + 1);
        if let Some(l) = c.lower {
            out.push(Row { name: format!("{base}_lo"), terms: c.terms.clone(), sense: Sense::Ge, rhs: l });
        }
        if let Some(u) = c.upper {
            out.push(Row { name: format!("{base}_up"), terms: c.terms.clone(), sense: Sense::Le, rhs: u });
        }
    }
    for (k, &v) in fixed.iter().enumerate().take(stage) {
        if let Some(s) = m.stages.get(k) {
            let name = format!("fix{}_{}", k + 1, clean(&s.key.to_string()));
            out.push(Row { name, terms: s.cost.normalised().to_terms(), sense: Sense::Le, rhs: v });
        }
    }
    (out, stuck)
}

/// Every variable of the model, in order: pairs, floats, auxiliary variables.
fn variables(m: &BracketModel) -> impl Iterator<Item = Var> + '_ {
    (0..m.pairs.len())
        .map(Var::Pair)
        .chain((0..m.num_players()).filter(|&i| m.may_float[i]).map(Var::Float))
        .chain((0..m.aux.len()).map(Var::Aux))
}

/// The model of stage `stage` (0-based) as an LP file: its objective, the degree and side
/// constraints, and the optimum of every earlier stage fixed as `cost_m <= opt_m` (`fixed[m]`).
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
    let (rows, stuck) = rows(m, stage, fixed);
    for i in stuck {
        let _ = writeln!(out, "\\ player {} can neither be paired nor float: infeasible", m.labels.get(i));
    }
    for r in rows {
        let op = match r.sense {
            Sense::Eq => "=",
            Sense::Le => "<=",
            Sense::Ge => ">=",
        };
        let _ = writeln!(out, " {}: {} {op} {}", r.name, linear(m, &r.terms), r.rhs);
    }
    out.push_str("Binary\n");
    for v in variables(m) {
        let _ = writeln!(out, " {}", var_name(m, v));
    }
    out.push_str("End\n");
    out
}

/// The same program as [`write_lp`] as a free-format MPS file (`N obj`, the rows, the
/// columns between integer markers, every variable binary).
pub fn write_mps(m: &BracketModel, stage: usize, fixed: &[i64]) -> String {
    let mut out = String::new();
    let st = m.stages.get(stage);
    let _ = writeln!(out, "* lexpair bracket model: {} players, {} allowed pairs", m.num_players(), m.pairs.len());
    if let Some(s) = st {
        let _ = writeln!(out, "* stage {} of {}: {} ({})", stage + 1, m.stages.len(), s.key, s.article);
    }
    out.push_str("NAME lexpair\nROWS\n N obj\n");
    let (rows, _) = rows(m, stage, fixed);
    for r in &rows {
        let t = match r.sense {
            Sense::Eq => "E",
            Sense::Le => "L",
            Sense::Ge => "G",
        };
        let _ = writeln!(out, " {t} {}", r.name);
    }
    // Per variable, its objective coefficient and its entries in the rows, in row order.
    let index = |v: Var| -> usize {
        match v {
            Var::Pair(e) => e,
            Var::Float(i) => m.pairs.len() + i,
            Var::Aux(k) => m.pairs.len() + m.num_players() + k,
        }
    };
    let total = m.pairs.len() + m.num_players() + m.aux.len();
    let mut column: Vec<Vec<(usize, i64)>> = vec![Vec::new(); total];
    let mut objective = vec![0i64; total];
    for (v, c) in st.map(|s| s.cost.normalised().to_terms()).unwrap_or_default() {
        objective[index(v)] = c;
    }
    for (k, r) in rows.iter().enumerate() {
        for &(v, c) in &r.terms {
            column[index(v)].push((k, c));
        }
    }
    out.push_str("COLUMNS\n    MARKER 'MARKER' 'INTORG'\n");
    for v in variables(m) {
        let name = var_name(m, v);
        let i = index(v);
        if objective[i] != 0 {
            let _ = writeln!(out, "    {name} obj {}", objective[i]);
        }
        for &(k, c) in &column[i] {
            let _ = writeln!(out, "    {name} {} {c}", rows[k].name);
        }
        if objective[i] == 0 && column[i].is_empty() {
            let _ = writeln!(out, "    {name} obj 0");
        }
    }
    out.push_str("    MARKER 'MARKER' 'INTEND'\nRHS\n");
    for r in rows.iter().filter(|r| r.rhs != 0) {
        let _ = writeln!(out, "    rhs {} {}", r.name, r.rhs);
    }
    out.push_str("BOUNDS\n");
    for v in variables(m) {
        let _ = writeln!(out, " BV bnd {}", var_name(m, v));
    }
    out.push_str("ENDATA\n");
    out
}

/// The legend of a model's files: each variable's name and what it means (the pair of start
/// numbers, or the player floating, or an auxiliary variable), each stage's name, criterion and
/// article, and each side constraint's row and what it states; as CSV (`kind,name,meaning`).
pub fn write_legend(m: &BracketModel, values: &[i64]) -> String {
    let quote = |s: &str| format!("\"{}\"", s.replace('"', "\"\""));
    let mut out = String::from("kind,name,meaning\n");
    for v in variables(m) {
        let meaning = match v {
            Var::Pair(e) => {
                let (a, b) = m.pairs.at(e);
                format!("{} plays {}", m.labels.get(a), m.labels.get(b))
            }
            Var::Float(i) => format!("{} is left unpaired (floats, or the bye)", m.labels.get(i)),
            Var::Aux(k) => format!("auxiliary: {}", m.aux[k]),
        };
        let _ = writeln!(out, "variable,{},{}", var_name(m, v), quote(&meaning));
    }
    for (k, s) in m.stages.iter().enumerate() {
        let value = values.get(k).map_or(String::new(), |v| format!(" (optimum {v})"));
        let _ = writeln!(out, "stage,s{:03}-{},{}", k + 1, s.key, quote(&format!("{}{value}", s.article)));
    }
    for (k, c) in m.constraints.iter().enumerate() {
        let _ = writeln!(out, "row,c{},{}", k + 1, quote(&c.name));
    }
    out
}
