//! The integer programs of a bracket, stated with [`good_lp`].
//!
//! A [`BracketModel`] becomes one 0/1 program per solve: a binary variable per allowed pair,
//! per player who may float and per auxiliary variable; "every player paired or floating
//! exactly once" and the model's side constraints as rows; the optima fixed so far as rows
//! `stage cost <= optimum`; and the stage (or merged stages) being solved as the objective. Each
//! criterion is a [`good_lp::Expression`] ([`LpProgram::expression`]), so a researcher can state
//! a new one the same way, and the same program can be handed to any solver good_lp offers:
//! HiGHS ([`LpProgram::highs`], the reference backend), or the pure-Rust `microlp` behind the
//! cargo feature `lp-microlp` (`LpProgram::solve_microlp`).

use crate::model::{BracketModel, Var};
use good_lp::{constraint, variable, Constraint, Expression, ProblemVariables, Variable};

/// Column numbers of the model's variables: pairs first, then the players who may float, then
/// the auxiliary variables (in the order [`BracketModel::add_aux`] made them).
#[derive(Clone, Debug)]
pub struct Columns {
    float_col: Vec<Option<usize>>,
    aux_start: usize,
    count: usize,
}

impl Columns {
    /// The columns of `m`'s variables.
    pub fn of(m: &BracketModel) -> Columns {
        let mut next = m.pairs.len();
        let float_col = m
            .may_float
            .iter()
            .map(|&f| {
                f.then(|| {
                    next += 1;
                    next - 1
                })
            })
            .collect();
        Columns { float_col, aux_start: next, count: next + m.aux.len() }
    }

    /// The column of `v`, if it is a variable of the model (a player who may not float has no
    /// float column).
    pub fn col(&self, v: Var) -> Option<usize> {
        match v {
            Var::Pair(e) => Some(e),
            Var::Float(i) => self.float_col.get(i).copied().flatten(),
            Var::Aux(k) => Some(self.aux_start + k),
        }
    }

    /// Number of columns.
    pub fn count(&self) -> usize {
        self.count
    }

    /// Whether player `i` may float (has a float column).
    pub fn floats(&self, i: usize) -> bool {
        self.float_col.get(i).is_some_and(|c| c.is_some())
    }
}

/// A row `Σ c·v` within `[lower, upper]`, in the model's variables.
#[derive(Clone, Debug)]
pub struct Row {
    /// The sum's terms, `(variable, coefficient)`.
    pub terms: Vec<(Var, i64)>,
    /// The least value of the sum, if any.
    pub lower: Option<i64>,
    /// The greatest value of the sum, if any.
    pub upper: Option<i64>,
}

/// `terms` in variable order, one term per variable (the coefficients of a repeated variable
/// summed): the order the lexicographic session keeps its rows in, so that a row can be read at
/// a point, and a column looked up in it, by binary search.
pub(crate) fn in_order(mut terms: Vec<(Var, i64)>) -> Vec<(Var, i64)> {
    if terms.windows(2).all(|w| w[0].0 < w[1].0) {
        return terms;
    }
    terms.sort_by_key(|t| t.0);
    let mut merged: Vec<(Var, i64)> = Vec::with_capacity(terms.len());
    for (v, a) in terms {
        match merged.last_mut() {
            Some(last) if last.0 == v => last.1 += a,
            _ => merged.push((v, a)),
        }
    }
    merged
}

/// One program: the model's variables and rows, the extra rows (fixed optima, cuts), and an
/// objective to minimise.
pub struct LpProgram {
    vars: ProblemVariables,
    /// The good_lp variable of each model column; `None` for a column fixed at zero (left out).
    x: Vec<Option<Variable>>,
    /// The model column of each program column, in the order the solver numbers them.
    order: Vec<usize>,
    cols: Columns,
    rows: Vec<Constraint>,
    objective: Expression,
}

impl LpProgram {
    /// The program of `m` with the `extra` rows, minimising `objective`. Columns whose `dead`
    /// flag is set are zero in every assignment still wanted and are left out of the program;
    /// with `relaxed`, the other columns are continuous in `[0, 1]` (the LP relaxation).
    pub fn new(m: &BracketModel, extra: &[Row], objective: &[(Var, i64)], dead: &[bool], relaxed: bool) -> LpProgram {
        let cols = Columns::of(m);
        let mut vars = ProblemVariables::new();
        let mut order = Vec::new();
        let x: Vec<Option<Variable>> = (0..cols.count())
            .map(|c| {
                (!dead.get(c).copied().unwrap_or(false)).then(|| {
                    order.push(c);
                    vars.add(if relaxed { variable().min(0).max(1) } else { variable().binary() })
                })
            })
            .collect();
        let mut p = LpProgram { vars, x, order, cols, rows: Vec::new(), objective: Expression::default() };
        // Every player paired or floating exactly once.
        let mut once: Vec<Expression> = vec![Expression::default(); m.num_players()];
        for (e, (a, b)) in m.pairs.iter().enumerate() {
            if let Some(v) = p.x[e] {
                once[a] += v;
                once[b] += v;
            }
        }
        for (i, row) in once.into_iter().enumerate() {
            let row = match p.cols.col(Var::Float(i)).and_then(|c| p.x[c]) {
                Some(v) => row + v,
                None => row,
            };
            p.rows.push(constraint!(row == 1));
        }
        for c in &m.constraints {
            p.push(&Row { terms: c.terms.clone(), lower: c.lower, upper: c.upper });
        }
        for r in extra {
            p.push(r);
        }
        p.objective = p.expression(objective);
        p
    }

    /// The model column of each column of the solver's model (the columns left in, in order).
    pub fn order(&self) -> &[usize] {
        &self.order
    }

    /// A criterion (or any linear form on the model's variables) as a good_lp expression.
    /// Terms on a variable the model does not have (a float of a player who may not float) are
    /// zero in every assignment and are left out.
    pub fn expression(&self, terms: &[(Var, i64)]) -> Expression {
        let mut e = Expression::default();
        for &(v, c) in terms {
            if let Some(x) = self.cols.col(v).and_then(|col| self.x[col]) {
                e += c as f64 * x;
            }
        }
        e
    }

    fn push(&mut self, r: &Row) {
        let e = self.expression(&r.terms);
        if let Some(l) = r.lower {
            self.rows.push(constraint!(e.clone() >= l as f64));
        }
        if let Some(u) = r.upper {
            self.rows.push(constraint!(e <= u as f64));
        }
    }

    /// The columns of the program.
    pub fn columns(&self) -> &Columns {
        &self.cols
    }

    /// The program as a HiGHS model (good_lp's HiGHS solver builds it), to be configured and
    /// solved by the caller, who reads the status and the dual bound off the solved model.
    pub fn highs(self) -> Result<highs::Model, String> {
        use good_lp::SolverModel;
        self.vars
            .minimise(self.objective)
            .using(good_lp::solvers::highs::highs)
            .with_all(self.rows)
            .try_into_inner()
            .map_err(|e| e.to_string())
    }

    /// Solves the program with good_lp's pure-Rust `microlp` solver: the 0/1 value of every
    /// column, or `None` if the program is infeasible.
    #[cfg(feature = "lp-microlp")]
    pub fn solve_microlp(self) -> Result<Option<Vec<bool>>, String> {
        use good_lp::{ResolutionError, Solution, SolverModel};
        let x = self.x.clone();
        let solved =
            self.vars.minimise(self.objective).using(good_lp::solvers::microlp::microlp).with_all(self.rows).solve();
        match solved {
            Ok(s) => Ok(Some(x.iter().map(|v| v.is_some_and(|v| s.value(v) > 0.5)).collect())),
            Err(ResolutionError::Infeasible) => Ok(None),
            Err(e) => Err(e.to_string()),
        }
    }
}
