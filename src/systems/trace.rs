//! What one step of a round decided, for `--explain`, `--why-not` and the batch metrics: the
//! same type for every system. A *bracket* here is whatever unit the system pairs at once (a
//! Dutch or Dubov bracket, a Lim score group step).

use crate::solver::lex::StageReport;
use crate::vocabulary::StageKey;
use serde::Serialize;

/// What happened in one bracket.
#[derive(Clone, Debug, Serialize)]
pub struct BracketTrace {
    /// What was paired: `"bracket"`; Dutch `"PPB"` (penultimate, paired for completion) or
    /// `"last"` (incl. the CLB); Lim's steps name themselves.
    pub kind: &'static str,
    /// TRF ids in the system's order; the first `mdps` came from higher brackets (moved down,
    /// or Lim's incoming floaters).
    pub players: Vec<u32>,
    /// How many of `players`, at the front, came from higher brackets.
    pub mdps: usize,
    /// Pairs chosen (TRF ids).
    pub pairs: Vec<(u32, u32)>,
    /// Players leaving the bracket unpaired (TRF ids): floaters, or the bye.
    pub leavers: Vec<u32>,
    /// Value of every stage, quality criteria first, then the candidate order.
    pub stages: Vec<(StageKey, i64)>,
    /// The solver's report of every stage: value, how its optimum was established, time.
    pub reports: Vec<StageReport>,
    /// Quantities the edition's text computes for the bracket before pairing it (Dutch 2012: P0,
    /// M0, and the colour targets X1, Z1 of A.8), for the reader; empty where the text has none.
    pub targets: Vec<(String, i64)>,
    /// The value of each stage of a criterion of one's own in the file's units (its stage value
    /// over the part's scale, maximised ones as the file states them), set by the round's door.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub own: Vec<OwnValue>,
    /// What only the Dutch system needs again (S1 places, how to rebuild the bracket for
    /// `--why-not`); `None` for the other systems.
    #[serde(skip)]
    pub(crate) dutch: Option<TraceDetail>,
}

/// A criterion of one's own's value in one bracket, in the file's units.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct OwnValue {
    /// The stage.
    pub stage: StageKey,
    /// The criterion's name (the stage key's criterion).
    pub name: &'static str,
    /// `minimise` or `maximise`.
    pub sense: &'static str,
    /// The part of a `lex(...)`, 1-based; 0 for a single criterion.
    pub part: usize,
    /// Its value, exactly as a decimal (`0.25`, `1/3` as `0.333333`).
    pub text: String,
    /// Its value as a number.
    pub value: f64,
    /// The exact value.
    #[serde(skip)]
    pub exact: crate::model::criterion::Ratio,
}

impl BracketTrace {
    /// Fills [`BracketTrace::own`] from the stages of the criteria of one's own of `f`.
    pub fn value_own_criteria(&mut self, f: &crate::model::formulation::Formulation) {
        self.own = self
            .stages
            .iter()
            .filter_map(|&(stage, v)| {
                let c = f.custom(stage.criterion)?;
                let part = stage.seat().map_or(0, |k| k - 1);
                let exact = c.value_of(part, v)?;
                let sense = match c.sense {
                    crate::model::criterion::Sense::Minimise => "minimise",
                    crate::model::criterion::Sense::Maximise => "maximise",
                };
                let part = if c.parts.len() > 1 { part + 1 } else { 0 };
                Some(OwnValue {
                    stage,
                    name: c.name,
                    sense,
                    part,
                    text: exact.to_string(),
                    value: exact.to_f64(),
                    exact,
                })
            })
            .collect();
    }
}

impl BracketTrace {
    /// A trace with no stages, targets or system detail.
    pub fn new(kind: &'static str, players: Vec<u32>, mdps: usize, pairs: Vec<(u32, u32)>, leavers: Vec<u32>) -> Self {
        BracketTrace {
            kind,
            players,
            mdps,
            pairs,
            leavers,
            stages: Vec::new(),
            reports: Vec::new(),
            targets: Vec::new(),
            own: Vec::new(),
            dutch: None,
        }
    }
}

/// The text of `--explain`: per bracket (or step), its players, those moved in, the choice and
/// the criteria values.
pub fn render_text(traces: &[BracketTrace]) -> String {
    use std::fmt::Write;
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
                let _ = writeln!(s, "    {:<28} {:>6}  {} {:.3}s", r.key.to_string(), r.value, r.how, r.seconds);
            }
        }
    }
    s
}

/// The words of one stage, as a system states them for `--explain`: the text's label (`D.1`,
/// `[C9]`) and the sentence with the stage's value in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// The text's label.
    pub label: String,
    /// The sentence.
    pub text: String,
}

impl Words {
    /// Words with this label and sentence.
    pub fn new(label: &str, text: String) -> Words {
        Words { label: label.to_string(), text }
    }
}

/// How a system words its own stages: the key, its value, and the unit at a seat of the
/// bracket (`seat(k)`: "12 (Name)" for bracket sequence number k). `None` leaves the stage to
/// the words every criterion shares (its article, its value; see `explain`).
pub type WordsFn = fn(&crate::vocabulary::StageKey, i64, &dyn Fn(usize) -> String) -> Option<Words>;

/// A system without words of its own.
pub fn no_words(_: &crate::vocabulary::StageKey, _: i64, _: &dyn Fn(usize) -> String) -> Option<Words> {
    None
}

/// What the Dutch system keeps of a bracket (kept here, beside the trace that holds it, so that
/// the trace imports nothing of the Dutch system but the kind of bracket it rebuilds) beyond [`BracketTrace`]'s common fields.
#[derive(Clone, Debug)]
pub(crate) struct TraceDetail {
    /// For each pair, the place (1-based) of its higher player in S1: among the paired MDPs for
    /// an MDP pair, among the pairs' higher players for a remainder (or homogeneous) pair.
    pub(crate) s1_positions: Vec<u32>,
    /// How to rebuild the bracket (tournament indices, MDP count, what follows it).
    pub(crate) setup: (Vec<usize>, usize, super::dutch::kind::OwnedKind),
}
