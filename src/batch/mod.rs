//! `lexpair batch`: many tournaments under several systems and formulations.
//!
//! A [`Plan`] lists *units* (one tournament under one system variant, and for simulations one
//! seed) in a fixed order. [`run::run`] executes them in parallel and appends each finished unit
//! as one JSON line to `OUT/units.jsonl` (so an interrupted run resumes where it stopped and
//! shard outputs merge by concatenation), then writes the reports of [`report`] from all lines:
//! `results.csv` / `results.json` / `summary.json` (deterministic: sorted, no timings),
//! `timings.csv` and `summary.txt` (with timings).

pub(crate) mod execute;
pub mod lock;
pub mod plots;
pub(crate) mod progress;
pub mod report;
pub mod run;

use crate::generate::{Field, GenerateConfig};
use crate::model::formulation::Formulation;
use crate::options::PairOptions;
use crate::vocabulary::System;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// What a batch does with each tournament.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Kind {
    /// Pair every round of a real event given its real history; compare with what was recorded.
    Replay,
    /// Generate whole tournaments (K seeds) and measure them.
    Simulate,
    /// Pair the next round of each file and report per-stage times and objective values.
    Solve,
}

impl Kind {
    /// The kind's name in records, unit keys and reports (`replay`, `simulate`, `solve`).
    pub fn name(self) -> &'static str {
        match self {
            Kind::Replay => "replay",
            Kind::Simulate => "simulate",
            Kind::Solve => "solve",
        }
    }
}

/// A system with its default formulation, or with one loaded from a file.
#[derive(Clone, Debug)]
pub struct Variant {
    /// The pairing system.
    pub system: System,
    /// `default`, or the model file's stem.
    pub name: String,
    /// The formulation loaded from the model file; `None`: the system's default.
    pub model: Option<Formulation>,
}

/// A source of tournaments: a TRF file (replay, solve) or a field (simulate).
#[derive(Clone, Debug)]
pub enum Source {
    /// A TRF file to replay or to pair the next round of.
    File(PathBuf),
    /// A field of players (or teams) to simulate tournaments with.
    Field {
        /// How reports name the source: `random N RATINGS`, `teams N x BOARDS`, or the field
        /// file's path (`PATH top N`).
        label: String,
        /// Who plays.
        field: Field,
    },
}

impl Source {
    /// How reports name the source: the file's path, or the field's label.
    pub fn label(&self) -> String {
        match self {
            Source::File(p) => p.display().to_string(),
            Source::Field { label, .. } => label.clone(),
        }
    }
}

/// Everything a batch runs.
#[derive(Clone, Debug)]
pub struct Plan {
    /// What the batch does with each tournament.
    pub kind: Kind,
    /// The tournaments, in plan order.
    pub sources: Vec<Source>,
    /// The systems (with their formulations) each source is run under, in plan order.
    pub variants: Vec<Variant>,
    /// Simulation seeds (empty for replay and solve).
    pub seeds: Vec<u64>,
    /// Simulation: rounds and results model (system, field, seed and model are set per unit).
    pub template: Option<GenerateConfig>,
    /// Backend and other pairing options (the model is set per variant).
    pub pair: PairOptions,
    /// Simulation: also write every generated tournament to `OUT/trf/`.
    pub keep_trf: bool,
    /// The ranking `kendall_tau_tiebroken` reads (C.07 codes); `None`: the default list of
    /// `standings` for the kind of event. Each record names it (`Record::ranking`).
    pub ranking: Option<Vec<crate::standings::TieBreak>>,
}

/// One tournament under one variant (and one seed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unit {
    /// The source (an index into [`Plan::sources`]).
    pub source: usize,
    /// The variant (an index into [`Plan::variants`]).
    pub variant: usize,
    /// The simulation seed (`None` for replay and solve).
    pub seed: Option<u64>,
    /// Identity used for resuming and merging.
    pub key: String,
}

impl Plan {
    /// All units in plan order: by source, then variant, then seed.
    pub fn units(&self) -> Vec<Unit> {
        let seeds: Vec<Option<u64>> =
            if self.kind == Kind::Simulate { self.seeds.iter().map(|&s| Some(s)).collect() } else { vec![None] };
        let mut out = Vec::new();
        for (s, source) in self.sources.iter().enumerate() {
            for (v, variant) in self.variants.iter().enumerate() {
                for &seed in &seeds {
                    let key = unit_key(self.kind, &source.label(), variant, seed);
                    out.push(Unit { source: s, variant: v, seed, key });
                }
            }
        }
        out
    }
}

fn unit_key(kind: Kind, source: &str, v: &Variant, seed: Option<u64>) -> String {
    let seed = seed.map_or(String::new(), |s| s.to_string());
    format!("{}|{}|{}|{}|{}", kind.name(), source, v.system, v.name, seed)
}

/// The outcome of one unit: one line of `units.jsonl`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Record {
    /// The unit's key ([`Unit::key`]): `kind|source|system|variant|seed`.
    pub key: String,
    /// The kind's name ([`Kind::name`]).
    pub kind: String,
    /// The source's label ([`Source::label`]).
    pub source: String,
    /// The system's name.
    pub system: String,
    /// The variant's name (`default`, or the model file's stem).
    pub variant: String,
    /// The simulation seed (`None` for replay and solve).
    pub seed: Option<u64>,
    /// `ok`, or `failed` with `error` saying why (no valid pairing, system not implemented, ...).
    pub status: String,
    /// Why the unit failed; in a replay measured despite failing rounds, the first of them.
    pub error: Option<String>,
    /// Deterministic measurements, in a fixed order.
    pub metrics: Vec<(String, Option<f64>)>,
    /// Wall-clock measurements, seconds.
    pub timing: Vec<(String, f64)>,
    /// Replays: one row per replayed round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rounds: Vec<RoundRow>,
    /// Simulations: the ranking `kendall_tau_tiebroken` reads, as codes (`PTS,BH/C1,BH,...`;
    /// `PTS` alone: the points, ties kept), with the C.07 edition.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ranking: Option<String>,
}

/// One replayed round: the agreement, and both pairings as `white-black` TRF ids in board
/// order, then `bye ID` for the pairing-allocated bye.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundRow {
    /// The round replayed (1-based).
    pub round: u32,
    /// Boards of the recorded pairing.
    pub boards: u32,
    /// Boards of lexpair's pairing found in the recorded one with the same players and colours.
    pub boards_identical: u32,
    /// Boards of lexpair's pairing whose two players met in the recorded one, colours aside.
    pub same_opponents: u32,
    /// Whether both pairings gave the pairing-allocated bye to the same player, or neither.
    pub bye_same: bool,
    /// Whether the round came out identical: every board with its colours, and the bye.
    pub identical: bool,
    /// The recorded pairing.
    pub recorded: String,
    /// Empty when the round could not be paired (`error` says why).
    pub lexpair: String,
    /// Why the round could not be paired.
    pub error: Option<String>,
}

impl Record {
    /// The order of the reports: kind, source, system, variant, seed.
    pub fn sort_key(&self) -> (String, String, String, String, Option<u64>) {
        (self.kind.clone(), self.source.clone(), self.system.clone(), self.variant.clone(), self.seed)
    }

    /// The deterministic measurement `name`; `None` when absent or not measured.
    pub fn metric(&self, name: &str) -> Option<f64> {
        self.metrics.iter().find(|(n, _)| n == name).and_then(|(_, v)| *v)
    }

    /// The wall-clock measurement `name`, seconds.
    pub fn time(&self, name: &str) -> Option<f64> {
        self.timing.iter().find(|(n, _)| n == name).map(|(_, v)| *v)
    }

    /// The group a record is summarised in: kind, system, variant.
    pub fn group(&self) -> String {
        if self.variant == "default" {
            format!("{} {}", self.kind, self.system)
        } else {
            format!("{} {} {}", self.kind, self.system, self.variant)
        }
    }
}

/// Which units this shard runs: `index` (1-based) of `count`, every `count`-th unit of the plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shard {
    /// This shard, 1-based.
    pub index: usize,
    /// How many shards the plan is split into.
    pub count: usize,
}

impl Shard {
    /// Parses `I/N` with `1 <= I <= N`.
    pub fn parse(text: &str) -> Result<Shard, String> {
        let bad = || format!("--shard '{text}': expected I/N with 1 <= I <= N, e.g. 3/8");
        let (i, n) = text.split_once('/').ok_or_else(bad)?;
        let (index, count) =
            (i.trim().parse::<usize>().map_err(|_| bad())?, n.trim().parse::<usize>().map_err(|_| bad())?);
        if index == 0 || index > count {
            return Err(bad());
        }
        Ok(Shard { index, count })
    }

    /// Whether this shard runs the unit at `position` (0-based, in plan order).
    pub fn takes(&self, position: usize) -> bool {
        position % self.count == self.index - 1
    }
}
