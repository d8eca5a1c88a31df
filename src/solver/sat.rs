//! The pairability question as a SAT problem (varisat), an independent witness for the matching
//! and integer-programming backends.
//!
//! # Pipeline
//!
//! 1. *Parity first, without SAT.* The graph is split into connected components. A complete
//!    pairing pairs each component internally, so every component must be even except, when `n`
//!    is odd, exactly one odd component, which must contain a bye-eligible player. Anything else
//!    is answered [`Pairability::Unpairable`] at once. (A plain CNF perfect-matching encoding of
//!    a parity-infeasible 17-player instance took 48 s in varisat: refuting it is the
//!    pigeonhole-like "perfect matching principle", exponential for resolution.)
//! 2. *One SAT call per component.* A variable `x_e` per edge and, in the odd component only,
//!    `b_v` per bye-eligible player. Each player: exactly one of its incident `x_e` (and its
//!    `b_v`); the odd component: exactly one `b_v`. At-most-one is pairwise for up to
//!    [`PAIRWISE_LIMIT`] literals and a sequential counter (Sinz 2005: k − 1 auxiliary
//!    variables, about 3k binary clauses, arc-consistent under unit propagation) above.
//! 3. *Redundant cut clauses.* For every articulation point `v` (found by an iterative Tarjan
//!    depth-first search, O(n + m)) and every odd part `P` of the component minus `v` that
//!    cannot hold the bye, some player of `P` must be paired with `v`: the clause
//!    `OR(x_{vu} : u ∈ P)`. These are the Tutte-barrier constraints for barriers of one player;
//!    they turn "a player with three odd groups hanging off it" into a tiny pigeonhole that CDCL
//!    refutes at once, where without them it would first have to rediscover the parity of each
//!    group, which is exponential for large odd groups.
//!
//! # What SAT proves quickly, and what not
//!
//! - *Pairable* instances: a witness is usually found fast, on dense graphs almost by unit
//!   propagation alone; it is decoded and checked with [`PairingGraph::is_complete_pairing`].
//! - *Unpairable* instances are refuted fast when the reason is component parity (step 1, no
//!   SAT call), a short chain of forced moves (e.g. two players whose only opponent is the same
//!   player: unit propagation), a one-player Tutte barrier (step 3), or a small barrier whose
//!   odd parts are small.
//! - *Not quickly*: a Tutte barrier of two or more players whose odd parts are large, or any
//!   other reason that needs parity counting inside a dense part. CDCL solvers are
//!   resolution-based, and resolution refutations of such parity arguments are exponentially
//!   long; varisat has no time-out, so such a call may effectively not return. Measured on the
//!   development machine, two players joined to four odd cliques of k players each (and the
//!   cliques to nothing else): k = 9: 9 ms, k = 11: 0.2 s, k = 13: 12 s, growing about 60-fold
//!   per step. Hall-type obstacles are pigeonhole formulas and hard for the same reason, and
//!   sooner: h players allowed to meet each other and h + 2 players allowed to meet only those
//!   h (no step-3 clause applies): h = 6: 3 ms, h = 8: 0.4 s, h = 10: over a minute.
//!
//! So: use [`super::matching::pairable_by_matching`] to *decide*, and this backend as a witness
//! on instances known (or expected) to be pairable, or whose odd structure is small.
//!
//! # Bounded effort and the run-time cross-check
//!
//! [`pairable_by_sat_within`] wraps varisat so that a [`SatBudget`] holds although varisat has no
//! time-out: the search streams its proof into a writer that counts learned clauses and fails
//! when the budget is spent, which stops the search ([`Bounded::Undecided`]). A "yes" is checked
//! by decoding its witness; a "no" is derived again with varisat's proof checker on (a proof
//! processor counting the same budget), so a refutation reported has been checked step by step.
//! Checking every call instead cost about 40% of the run on `check --cross-check sat` of
//! features-2017 f001 (perf: the checker's clause store and hashing), hence checked "no"s only.
//! Under `--cross-check sat` the round's [`Audit`] carries a budget, and every completion
//! answer of the exact matching ([`super::matching::pairable_audited`]) is re-decided so,
//! counting decisions, confirmations, undecided questions and disagreements
//! ([`CrossCheckStats`]) into that audit.
//!
//! The encoding is deterministic (variables and clauses in a fixed order) and so is varisat, so
//! the same graph always gives the same witness. Size: O(m) variables and clauses; a dense
//! 3,000-player graph (≈ 4.5 M edges) needs tens of millions of clauses, so this backend is meant
//! for the smaller instances.

use super::graph::{Pairability, PairingGraph};
use crate::audit::Audit;
pub use crate::audit::{CrossCheckStats, SatBudget};
use varisat::{CnfFormula, ExtendFormula, Lit, Solver};

/// At-most-one constraints over at most this many literals are encoded pairwise.
pub const PAIRWISE_LIMIT: usize = 6;

const NONE: usize = usize::MAX;

/// Answers the pairability question with varisat (see the module documentation).
///
/// # Panics
///
/// Only on an internal error: a varisat failure (impossible here: no proof output and no
/// interruption is ever requested) or a decoded witness that fails verification. Use
/// [`try_pairable_by_sat`] to get such errors as values.
pub fn pairable_by_sat(g: &PairingGraph) -> Pairability {
    match try_pairable_by_sat(g) {
        Ok(answer) => answer,
        Err(e) => panic!("SAT pairability backend failed: {e}"),
    }
}

/// As [`pairable_by_sat`], with solver failures and invalid witnesses reported as `Err`.
pub fn try_pairable_by_sat(g: &PairingGraph) -> Result<Pairability, String> {
    match decide(g, None)? {
        Bounded::Decided(answer) => Ok(answer),
        Bounded::Undecided => Err("varisat stopped without an answer".into()),
    }
}

/// The answer within a budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Bounded {
    /// A checked witness, or a refutation checked by varisat's proof checker.
    Decided(Pairability),
    /// The budget ran out first.
    Undecided,
}

/// Answers the pairability question within `budget`. varisat has no time-out: the search runs
/// with on-the-fly proof checking and a proof processor that counts the learned clauses and
/// stops the search (by returning an error) when the budget is spent. A "no" is therefore a
/// refutation checked step by step; a "yes" is a decoded witness checked against the graph.
pub fn pairable_by_sat_within(g: &PairingGraph, budget: SatBudget) -> Result<Bounded, String> {
    let mut tracker = Tracker::new(budget);
    decide(g, Some(&mut tracker))
}

fn decide(g: &PairingGraph, mut budget: Option<&mut Tracker>) -> Result<Bounded, String> {
    let components = g.components();
    let Some(bye_component) = parity_check(g, &components) else {
        return Ok(Bounded::Decided(Pairability::Unpairable));
    };
    let adj = g.adjacency();
    let mut local = vec![NONE; g.n];
    let mut pairs = Vec::new();
    let mut bye = None;
    for (i, comp) in components.iter().enumerate() {
        for (k, &v) in comp.iter().enumerate() {
            local[v] = k;
        }
        let with_bye = bye_component == Some(i);
        match solve_component(g, &adj, &local, comp, with_bye, budget.as_deref_mut())? {
            Solved::Model((p, b)) => {
                pairs.extend(p);
                bye = bye.or(b);
            }
            Solved::Refuted => return Ok(Bounded::Decided(Pairability::Unpairable)),
            Solved::OutOfBudget => return Ok(Bounded::Undecided),
        }
    }
    pairs.sort_unstable();
    if !g.is_complete_pairing(&pairs, bye) {
        return Err("the SAT model decodes to an invalid pairing".into());
    }
    Ok(Bounded::Decided(Pairability::Pairable { pairs, bye }))
}

/// What one SAT call gave.
enum Solved<T> {
    Model(T),
    Refuted,
    OutOfBudget,
}

/// The budget of one question, spent across its SAT calls.
struct Tracker {
    budget: SatBudget,
    conflicts: u64,
    start: std::time::Instant,
    exhausted: bool,
}

impl Tracker {
    fn new(budget: SatBudget) -> Tracker {
        Tracker { budget, conflicts: 0, start: std::time::Instant::now(), exhausted: false }
    }

    /// True (and remembered) once the conflicts or the seconds are spent.
    fn spent(&mut self) -> bool {
        if self.conflicts > self.budget.conflicts || self.start.elapsed().as_secs_f64() > self.budget.seconds {
            self.exhausted = true;
        }
        self.exhausted
    }
}

impl varisat::checker::ProofProcessor for Tracker {
    fn process_step(
        &mut self,
        step: &varisat::checker::CheckedProofStep,
        _data: varisat::checker::CheckerData,
    ) -> Result<(), anyhow::Error> {
        if let varisat::checker::CheckedProofStep::AtClause { .. } = step {
            self.conflicts += 1;
            if self.conflicts % 256 == 0 && self.spent() {
                return Err(anyhow::anyhow!("budget spent"));
            }
        }
        Ok(())
    }
}

/// The hook called where the exact matching decides completion: a no-op unless `audit` asks
/// for the SAT cross-check.
pub fn cross_check(audit: &Audit, g: &PairingGraph, answer: &Pairability) {
    let Some(budget) = audit.sat_budget() else {
        return;
    };
    let start = std::time::Instant::now();
    let verdict = re_decide(g, answer, budget);
    let seconds = start.elapsed().as_secs_f64();
    audit.sat(|st| {
        st.decisions += 1;
        st.sat_seconds += seconds;
        match verdict {
            Verdict::Confirmed => st.confirmed += 1,
            Verdict::Undecided => st.undecided += 1,
            Verdict::Disagree(m) => st.disagreements.push(m),
        }
    });
}

enum Verdict {
    Confirmed,
    Undecided,
    Disagree(String),
}

fn re_decide(g: &PairingGraph, answer: &Pairability, budget: SatBudget) -> Verdict {
    let size = format!("{} players, {} allowed pairs", g.n, g.edges.len());
    if let Pairability::Pairable { pairs, bye } = answer {
        if !g.is_complete_pairing(pairs, *bye) {
            return Verdict::Disagree(format!("the matching's witness is not a complete pairing ({size})"));
        }
    }
    match (pairable_by_sat_within(g, budget), answer.is_pairable()) {
        (Err(e), _) => Verdict::Disagree(format!("SAT failed: {e} ({size})")),
        (Ok(Bounded::Undecided), _) => Verdict::Undecided,
        (Ok(Bounded::Decided(sat)), yes) if sat.is_pairable() == yes => Verdict::Confirmed,
        (Ok(Bounded::Decided(_)), true) => {
            Verdict::Disagree(format!("the matching says pairable, SAT refutes it ({size})"))
        }
        (Ok(Bounded::Decided(_)), false) => {
            Verdict::Disagree(format!("the matching says unpairable, SAT finds a checked pairing ({size})"))
        }
    }
}

/// The parity pre-check. `None`: unpairable by parity. `Some(c)`: the components pass, and `c`
/// is the index of the odd component that must take the bye (`None` when `n` is even).
fn parity_check(g: &PairingGraph, components: &[Vec<usize>]) -> Option<Option<usize>> {
    let odd: Vec<usize> = (0..components.len()).filter(|&i| components[i].len() % 2 == 1).collect();
    match (g.needs_bye(), odd.as_slice()) {
        (false, []) => Some(None),
        (true, &[c]) if components[c].iter().any(|&v| g.is_bye_eligible(v)) => Some(Some(c)),
        _ => None,
    }
}

/// A player's incident literals in the component encoding, as `(neighbour, x_e)` in local ids.
type Incidence = Vec<Vec<(usize, Lit)>>;

/// Pairs, and the bye if any, of one component.
type ComponentPairing = (Vec<(usize, usize)>, Option<usize>);

/// Encodes and solves one connected component (global vertex ids in `comp`, `local` maps them
/// to positions in `comp`). `Ok(None)`: the component cannot be paired.
fn solve_component(
    g: &PairingGraph,
    adj: &[Vec<usize>],
    local: &[usize],
    comp: &[usize],
    with_bye: bool,
    budget: Option<&mut Tracker>,
) -> Result<Solved<ComponentPairing>, String> {
    let mut f = CnfFormula::new();
    let mut edges: Vec<(usize, usize, Lit)> = Vec::new();
    let mut inc: Incidence = vec![Vec::new(); comp.len()];
    for (a, &va) in comp.iter().enumerate() {
        for &vb in adj[va].iter().filter(|&&vb| vb > va) {
            let b = local[vb];
            let x = f.new_lit();
            edges.push((va, vb, x));
            inc[a].push((b, x));
            inc[b].push((a, x));
        }
    }
    let byes: Vec<(usize, Lit)> = if with_bye {
        comp.iter().filter(|&&v| g.is_bye_eligible(v)).map(|&v| (v, f.new_lit())).collect()
    } else {
        Vec::new()
    };
    for (a, &va) in comp.iter().enumerate() {
        let mut lits: Vec<Lit> = inc[a].iter().map(|&(_, x)| x).collect();
        lits.extend(byes.iter().filter(|&&(v, _)| v == va).map(|&(_, b)| b));
        exactly_one(&mut f, &lits);
    }
    if with_bye {
        let lits: Vec<Lit> = byes.iter().map(|&(_, b)| b).collect();
        exactly_one(&mut f, &lits);
    }
    let eligible: Vec<bool> = comp.iter().map(|&v| with_bye && g.is_bye_eligible(v)).collect();
    for clause in articulation_clauses(&inc, &eligible) {
        f.add_clause(&clause);
    }
    let model = match solve(&f, budget)? {
        Solved::Model(m) => m,
        Solved::Refuted => return Ok(Solved::Refuted),
        Solved::OutOfBudget => return Ok(Solved::OutOfBudget),
    };
    let pairs = edges.iter().filter(|&&(_, _, x)| value(&model, x)).map(|&(a, b, _)| (a, b));
    let bye = byes.iter().find(|&&(_, b)| value(&model, b)).map(|&(v, _)| v);
    Ok(Solved::Model((pairs.collect(), bye)))
}

/// Runs varisat, within `budget` when given; the assignment indexed by variable when satisfiable.
///
/// With a budget the search runs first with its proof streamed (as DRAT text) into a counter of
/// learned clauses, which stops the search when the budget is spent: cheap, and enough for a
/// "yes", whose witness is checked by decoding. A "no" is then re-derived with varisat's proof
/// checker on (the same budget continues), so that every refutation reported is a checked one.
fn solve(f: &CnfFormula, mut budget: Option<&mut Tracker>) -> Result<Solved<Vec<bool>>, String> {
    let first = run(f, budget.as_deref_mut(), false)?;
    match (first, budget) {
        (Solved::Refuted, Some(t)) => run(f, Some(t), true),
        (other, _) => Ok(other),
    }
}

/// One varisat run: unbounded, counted (the proof's learned clauses), or checked (proof checker).
fn run(f: &CnfFormula, mut budget: Option<&mut Tracker>, checked: bool) -> Result<Solved<Vec<bool>>, String> {
    let outcome = {
        let mut solver = Solver::new();
        match budget.as_deref_mut() {
            Some(t) if checked => solver.add_proof_processor(t),
            Some(t) => solver.write_proof(ClauseCounter { tracker: t, line_start: true }, varisat::ProofFormat::Drat),
            None => {}
        }
        solver.add_formula(f);
        match solver.solve() {
            Ok(true) => Ok(Some(solver.model().ok_or("varisat reported SAT without a model")?)),
            Ok(false) => Ok(None),
            Err(e) => Err(format!("varisat: {e}")),
        }
    };
    let lits = match outcome {
        Ok(Some(lits)) => lits,
        Ok(None) => return Ok(Solved::Refuted),
        Err(_) if budget.is_some_and(|t| t.exhausted) => return Ok(Solved::OutOfBudget),
        Err(e) => return Err(e),
    };
    let mut assignment = vec![false; f.var_count()];
    for lit in lits {
        if let Some(slot) = assignment.get_mut(lit.index()) {
            *slot = lit.is_positive();
        }
    }
    Ok(Solved::Model(assignment))
}

/// Counts the learned clauses of a DRAT text proof (lines not starting with `d`), in the chunks
/// varisat's buffer writes (8 KiB), and fails the write when the budget is spent.
struct ClauseCounter<'t> {
    tracker: &'t mut Tracker,
    line_start: bool,
}

impl std::io::Write for ClauseCounter<'_> {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        for &b in buf {
            if self.line_start && b != b'd' {
                self.tracker.conflicts += 1;
            }
            self.line_start = b == b'\n';
        }
        if self.tracker.spent() {
            return Err(std::io::Error::other("budget spent"));
        }
        Ok(buf.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

fn value(assignment: &[bool], lit: Lit) -> bool {
    assignment.get(lit.index()).copied().unwrap_or(false) == lit.is_positive()
}

/// Exactly one of `lits`: one at-least-one clause and an at-most-one encoding.
fn exactly_one(f: &mut CnfFormula, lits: &[Lit]) {
    f.add_clause(lits);
    at_most_one(f, lits);
}

/// At most one of `lits`: pairwise up to [`PAIRWISE_LIMIT`] literals, else a sequential counter
/// whose auxiliary `s_i` means "one of the first i + 1 literals is true".
fn at_most_one(f: &mut CnfFormula, lits: &[Lit]) {
    if lits.len() <= PAIRWISE_LIMIT {
        for (i, &a) in lits.iter().enumerate() {
            for &b in &lits[i + 1..] {
                f.add_clause(&[!a, !b]);
            }
        }
        return;
    }
    let mut prev: Option<Lit> = None;
    for (i, &x) in lits.iter().enumerate() {
        let last = i + 1 == lits.len();
        if let Some(s) = prev {
            f.add_clause(&[!x, !s]);
        }
        if !last {
            let s = f.new_lit();
            f.add_clause(&[!x, s]);
            if let Some(p) = prev {
                f.add_clause(&[!p, s]);
            }
            prev = Some(s);
        }
    }
}

/// The redundant cut clauses of step 3 of the module documentation, for one component given by
/// its local incidence lists. `eligible[v]`: `v` may take the bye in this component (a part
/// containing such a player gets no clause).
fn articulation_clauses(inc: &Incidence, eligible: &[bool]) -> Vec<Vec<Lit>> {
    let n = inc.len();
    if n < 3 {
        return Vec::new();
    }
    let dfs = Dfs::run(inc, eligible);
    let total_eligible = eligible.iter().filter(|&&e| e).count();
    let mut clauses = Vec::new();
    for v in 0..n {
        let parts = &dfs.separated[v];
        let is_root = dfs.disc[v] == 0;
        if parts.is_empty() || (is_root && parts.len() < 2) {
            continue;
        }
        // Sizes and eligibility of the parts: the separated subtrees, then the rest.
        let sep_size: usize = parts.iter().map(|&c| dfs.size[c]).sum();
        let sep_elig: usize = parts.iter().map(|&c| dfs.eligible[c]).sum();
        let rest_size = n - 1 - sep_size;
        let rest_elig = total_eligible - sep_elig - usize::from(eligible[v]);
        let mut cut: Vec<Vec<Lit>> = vec![Vec::new(); parts.len() + 1];
        for &(u, x) in &inc[v] {
            let d = dfs.disc[u];
            let k = parts.partition_point(|&c| dfs.disc[c] + dfs.size[c] <= d);
            let inside = parts.get(k).is_some_and(|&c| dfs.disc[c] <= d);
            cut[if inside { k } else { parts.len() }].push(x);
        }
        for (k, lits) in cut.into_iter().enumerate() {
            let (size, elig) = match parts.get(k) {
                Some(&c) => (dfs.size[c], dfs.eligible[c]),
                None => (rest_size, rest_elig),
            };
            if size % 2 == 1 && elig == 0 && !lits.is_empty() {
                clauses.push(lits);
            }
        }
    }
    clauses
}

/// Depth-first search of a connected component (iterative), with Tarjan's low points.
struct Dfs {
    /// Discovery time (0 for the root, vertex 0).
    disc: Vec<usize>,
    /// Number of vertices in the DFS subtree.
    size: Vec<usize>,
    /// Number of bye-eligible vertices in the DFS subtree.
    eligible: Vec<usize>,
    /// For each vertex, its DFS children `c` with `low[c] >= disc[v]`, in discovery order:
    /// their subtrees are separated from the rest by removing the vertex.
    separated: Vec<Vec<usize>>,
}

impl Dfs {
    fn run(inc: &Incidence, eligible: &[bool]) -> Self {
        let n = inc.len();
        let mut disc = vec![NONE; n];
        let mut low = vec![0; n];
        let mut size = vec![1; n];
        let mut elig: Vec<usize> = eligible.iter().map(|&e| usize::from(e)).collect();
        let mut separated = vec![Vec::new(); n];
        let mut parent = vec![NONE; n];
        let mut stack: Vec<(usize, usize)> = vec![(0, 0)];
        disc[0] = 0;
        let mut time = 1;
        while let Some(top) = stack.last_mut() {
            let v = top.0;
            if let Some(&(u, _)) = inc[v].get(top.1) {
                top.1 += 1;
                if disc[u] == NONE {
                    disc[u] = time;
                    low[u] = time;
                    time += 1;
                    parent[u] = v;
                    stack.push((u, 0));
                } else if u != parent[v] {
                    low[v] = low[v].min(disc[u]);
                }
                continue;
            }
            stack.pop();
            let p = parent[v];
            if p != NONE {
                low[p] = low[p].min(low[v]);
                size[p] += size[v];
                elig[p] += elig[v];
                if low[v] >= disc[p] {
                    separated[p].push(v);
                }
            }
        }
        Dfs { disc, size, eligible: elig, separated }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn graph(n: usize, edges: &[(usize, usize)], eligible: &[usize]) -> PairingGraph {
        let mut g = PairingGraph::new(n);
        for &(a, b) in edges {
            g.add_edge(a, b);
        }
        for &v in eligible {
            g.bye_eligible[v] = true;
        }
        g
    }

    #[test]
    fn parity_is_settled_before_sat() {
        let triangles = graph(6, &[(0, 1), (1, 2), (0, 2), (3, 4), (4, 5), (3, 5)], &[0]);
        assert_eq!(parity_check(&triangles, &triangles.components()), None);
        let one_triangle = graph(3, &[(0, 1), (1, 2), (0, 2)], &[1]);
        assert_eq!(parity_check(&one_triangle, &one_triangle.components()), Some(Some(0)));
        assert_eq!(pairable_by_sat(&one_triangle), Pairability::Pairable { pairs: vec![(0, 2)], bye: Some(1) });
    }

    #[test]
    fn at_most_one_encodings_agree() {
        // Exactly-one over k literals has exactly k models on the original variables.
        for k in 1..12 {
            let mut f = CnfFormula::new();
            let lits: Vec<Lit> = (0..k).map(|_| f.new_lit()).collect();
            exactly_one(&mut f, &lits);
            let mut count = 0;
            let mut solver = Solver::new();
            solver.add_formula(&f);
            loop {
                match solver.solve() {
                    Ok(true) => {}
                    _ => break,
                }
                let model = solver.model().unwrap_or_default();
                let trues: Vec<Lit> = model.into_iter().filter(|l| l.index() < k && l.is_positive()).collect();
                assert_eq!(trues.len(), 1);
                count += 1;
                let block: Vec<Lit> = trues.iter().map(|&l| !l).collect();
                solver.add_clause(&block);
            }
            assert_eq!(count, k, "k = {k}");
        }
    }

    #[test]
    fn articulation_clauses_cut_odd_parts() {
        // Centre 0 with three pendant triangles {1,2,3}, {4,5,6}, {7,8,9} (each joined to 0 by
        // all three vertices): three odd parts hanging off one player.
        let mut edges = Vec::new();
        for t in 0..3 {
            let (a, b, c) = (3 * t + 1, 3 * t + 2, 3 * t + 3);
            edges.extend([(a, b), (b, c), (a, c), (0, a), (0, b), (0, c)]);
        }
        let g = graph(10, &edges, &[]);
        let comps = g.components();
        assert_eq!(comps.len(), 1);
        let mut f = CnfFormula::new();
        let mut inc: Incidence = vec![Vec::new(); 10];
        for (a, b) in g.simple_edges() {
            let x = f.new_lit();
            inc[a].push((b, x));
            inc[b].push((a, x));
        }
        let clauses = articulation_clauses(&inc, &[false; 10]);
        assert_eq!(clauses.len(), 3);
        assert!(clauses.iter().all(|c| c.len() == 3));
        assert_eq!(pairable_by_sat(&g), Pairability::Unpairable);
    }
}
