//! The registry: one row per system and edition, with everything the rest of lexpair knows
//! about it beyond its name (`vocabulary::System`): family and edition, what it pairs, its
//! capabilities, its entry points, its criteria and the words of its bye rules. The command
//! line's flags and help, the dispatch of the door of a round (`round::pair`) and the criteria
//! dictionary all come from these rows (see `docs/architecture.md`).

use super::{burstein, counterfactual, double, dubov, dutch, field, lim, team, trace};
use crate::double::DoubleTournament;
use crate::options::PairOptions;
use crate::pairing::RoundPairing;
use crate::round::Field;
use crate::team::TeamTournament;
use crate::tournament::Tournament;
use crate::vocabulary::{PairError, System, Unit};
use std::str::FromStr;

/// How an individual system pairs a round: the pairing and, per bracket, what was decided and why.
pub type PairFn = fn(&Tournament, &PairOptions) -> Result<(RoundPairing, Vec<trace::BracketTrace>), PairError>;
/// How a team system pairs a round: the pairs of teams and, per bracket, what was decided and why.
pub type TeamPairFn = fn(&TeamTournament, &PairOptions) -> Result<(RoundPairing, Vec<trace::BracketTrace>), PairError>;

/// How the Double-Swiss system pairs a match round: the pairs of players and, per bracket, what
/// was decided and why.
pub type DoublePairFn =
    fn(&DoubleTournament, &PairOptions) -> Result<(RoundPairing, Vec<trace::BracketTrace>), PairError>;

/// A system's entry point, by the unit it pairs.
#[derive(Clone, Copy)]
pub enum Entry {
    /// It pairs players.
    Players(PairFn),
    /// It pairs teams.
    Teams(TeamPairFn),
    /// It pairs players in two-game matches.
    Double(DoublePairFn),
}
/// How a system answers `--why-not A B` after pairing the round.
pub type WhyNotFn = fn(&Tournament, &PairOptions, &[trace::BracketTrace], u32, u32) -> Result<String, PairError>;
/// How a team system answers `--why-not A B` after pairing the round.
pub type TeamWhyNotFn =
    fn(&TeamTournament, &PairOptions, &[trace::BracketTrace], u32, u32) -> Result<String, PairError>;
/// How a team system answers `--why-bye X` after pairing the round.
pub type TeamWhyByeFn =
    fn(&TeamTournament, &PairOptions, &RoundPairing, &[trace::BracketTrace], u32) -> Result<String, PairError>;

/// How the Double-Swiss system answers `--why-not A B` after pairing the round.
pub type DoubleWhyNotFn =
    fn(&DoubleTournament, &PairOptions, &[trace::BracketTrace], u32, u32) -> Result<String, PairError>;
/// How the Double-Swiss system answers `--why-bye X` after pairing the round.
pub type DoubleWhyByeFn =
    fn(&DoubleTournament, &PairOptions, &RoundPairing, &[trace::BracketTrace], u32) -> Result<String, PairError>;

/// How a system answers `--why-not` and `--why-bye`.
#[derive(Clone, Copy)]
pub enum Why {
    /// Bracket by bracket for `--why-not` (the Dutch editions); `--why-bye` by the counterfactual
    /// of `counterfactual`.
    Bracket(WhyNotFn),
    /// Both by the counterfactual of `counterfactual` (re-pair with the question forced).
    Counterfactual,
    /// A team system's own answers.
    Teams(TeamWhyNotFn, TeamWhyByeFn),
    /// The Double-Swiss system's own answers.
    Double(DoubleWhyNotFn, DoubleWhyByeFn),
}

/// Everything the rest of lexpair knows about one system and edition. [`REGISTRY`] holds one row
/// per [`System`], in the order of [`System::ALL`]: names, editions, capabilities and the entry
/// points all come from it (see `docs/architecture.md`).
pub struct Registration {
    /// The system the row describes.
    pub system: System,
    /// The family (`--dutch`, `--dubov`, `--lim` in the drop-in form, `-s FAMILY`).
    pub family: &'static str,
    /// The edition year, if the family has editions.
    pub edition: Option<u32>,
    /// Other years that select this edition (a text's draft year).
    pub also: &'static [u32],
    /// The edition in force: chosen when no year is given.
    pub current: bool,
    /// The rules, as the help texts name them.
    pub title: &'static str,
    /// A run-time formulation (`--model FILE`) can replace the built-in one.
    pub reads_formulations: bool,
    /// Whether its formulations may hold criteria of one's own (`define`, `minimise`,
    /// `maximise`) and whole-field lines (`colours`, `bye`).
    pub own_criteria: OwnCriteria,
    /// Whether it states constraints of one's own that are not a forbidding of pairs (`require
    /// same_federation <= 3`, a quota) as rows of each of its programs (which are then integer
    /// programs, solved by HiGHS); a forbidding of pairs every system takes (`systems::own`).
    pub program_rows: bool,
    /// Its built-in formulation file (`models/NAME.model`) and text: the criteria a run-time
    /// formulation that lists none keeps (`Registration::completed`); `None` for the whole field.
    pub model: Option<(&'static str, &'static str)>,
    /// The system's own check of a formulation file, after its keys were checked against
    /// `criteria` (where it has a table): the steps of its procedure, listed rather than criteria
    /// (Lim), or the order its criteria must keep (the top-scoregroup systems: \[C6\] after \[C5\]).
    pub steps: Option<StepsCheck>,
    /// The Maxi-tournament option (`--maxi`) applies.
    pub maxi: bool,
    /// How it pairs a round (and so what it pairs).
    pub pair: Entry,
    /// How it answers `--why-not A B` and `--why-bye X`.
    pub why: Why,
    /// Its quality criteria as `(key, name, article)` in priority order, from the system's own
    /// table (empty where the formulation lists procedure steps, as Lim's).
    pub criteria: CriteriaFn,
    /// How it chooses the pairing-allocated bye, in the text's words, for `--why-bye`.
    pub bye_rules: ByeRules,
    /// It solves bracket programs that `--write-lp` can export.
    pub writes_lp: bool,
    /// The Dutch edition whose player rules (floats, PAB eligibility) the drop-in check-list
    /// (`-l`) shows for it: its own, or the Dutch edition of its era; `None` where there is no
    /// check-list (teams).
    pub checklist_rules: Option<System>,
    /// The words of its own stages for `--explain` (candidate-order steps, criteria with a
    /// sentence of their own); the others take the words every criterion shares.
    pub words: trace::WordsFn,
}

/// Where a system takes criteria of one's own (`docs/research.md`, "Criteria of one's own").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OwnCriteria {
    /// Not at all: its formulation lists only keys of its criteria table.
    No,
    /// In each bracket program, at their place among the table's criteria, on its pairs and on
    /// the players leaving it (Dutch editions, Burstein).
    InBrackets,
    /// In the program that makes a bracket's pairs, where every player of it is paired, at
    /// their place among that program's criteria: on pairs only (Dubov's B.4-B.5, before D.3;
    /// the Swiss Team and Double-Swiss 3.6, among \[C8\]-\[C10\]).
    OnPairs,
    /// In the program that chooses who floats out of a score-group (Lim), at their place among
    /// its stages: on the players floating only.
    OnFloaters,
    /// As its only quality criteria, in one program over the whole field, with the lines
    /// `colours` and `bye` (the whole-field system).
    WholeField,
}

/// How a system chooses the pairing-allocated bye, in the text's words.
#[derive(Clone, Copy, Debug)]
pub struct ByeRules {
    /// The rule on scores.
    pub score: &'static str,
    /// The rule on games played, if it has one.
    pub games: Option<&'static str>,
    /// The rule on the players' order (the lowest ranked first), if it has one.
    pub rank: Option<&'static str>,
}

/// The criteria table of a system, as `(key, name, article)` rows.
pub type CriteriaFn = fn() -> Vec<(&'static str, &'static str, &'static str)>;

fn dutch_rows(e: dutch::Edition) -> Vec<(&'static str, &'static str, &'static str)> {
    dutch::criteria_table(e).iter().map(|c| (c.key, c.name, c.article)).collect()
}

/// One row per system and edition.
pub const REGISTRY: [Registration; 10] = [
    Registration {
        system: System::Dutch2026,
        family: "dutch",
        edition: Some(2026),
        also: &[2025],
        current: true,
        title: "Dutch system, rules in force from 2026 (C.04.3)",
        reads_formulations: true,
        own_criteria: OwnCriteria::InBrackets,
        program_rows: true,
        model: Some(("models/dutch-2026.model", dutch::MODEL_2026)),
        steps: None,
        maxi: false,
        pair: Entry::Players(|t, o| dutch::pair(t, dutch::Edition::E2026, o)),
        why: Why::Bracket(|t, _, tr, a, b| dutch::why_not(t, dutch::Edition::E2026, tr, a, b)),
        criteria: || dutch_rows(dutch::Edition::E2026),
        bye_rules: ByeRules {
            score: "[C5] minimise the score of the PAB assignee",
            games: Some("[C9] minimise the unplayed games of the PAB assignee"),
            rank: None,
        },
        words: dutch::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2026),
    },
    Registration {
        system: System::Dutch2017,
        family: "dutch",
        edition: Some(2017),
        also: &[],
        current: false,
        title: "Dutch system, rules in force 2017-2026 (C.04.3)",
        reads_formulations: true,
        own_criteria: OwnCriteria::InBrackets,
        program_rows: true,
        model: Some(("models/dutch-2017.model", dutch::MODEL_2017)),
        steps: None,
        maxi: false,
        pair: Entry::Players(|t, o| dutch::pair(t, dutch::Edition::E2017, o)),
        why: Why::Bracket(|t, _, tr, a, b| dutch::why_not(t, dutch::Edition::E2017, tr, a, b)),
        criteria: || dutch_rows(dutch::Edition::E2017),
        bye_rules: ByeRules {
            score: "the bye goes to a player of the lowest bracket (A.5 / C.5)",
            games: None,
            rank: None,
        },
        words: dutch::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2017),
    },
    Registration {
        system: System::Dutch2012,
        family: "dutch",
        edition: Some(2012),
        also: &[],
        current: false,
        title: "Dutch system, rules in force 2012-2017 (C.04.3)",
        reads_formulations: true,
        own_criteria: OwnCriteria::InBrackets,
        program_rows: true,
        model: Some(("models/dutch-2012.model", dutch::MODEL_2012)),
        steps: None,
        maxi: false,
        pair: Entry::Players(|t, o| dutch::pair(t, dutch::Edition::E2012, o)),
        why: Why::Bracket(|t, _, tr, a, b| dutch::why_not(t, dutch::Edition::E2012, tr, a, b)),
        criteria: || dutch_rows(dutch::Edition::E2012),
        bye_rules: ByeRules {
            score: "the bye goes to a player of the lowest bracket (A.5 / C.5)",
            games: None,
            rank: None,
        },
        words: dutch::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2012),
    },
    Registration {
        system: System::Dubov2026,
        family: "dubov",
        edition: Some(2026),
        also: &[2025],
        current: true,
        title: "Dubov system, rules in force from 2026 (C.04.4.1)",
        reads_formulations: true,
        own_criteria: OwnCriteria::OnPairs,
        program_rows: false,
        model: Some(("models/dubov-2026.model", dubov::MODEL_2026)),
        steps: None,
        maxi: false,
        pair: Entry::Players(|t, o| dubov::pair(t, dubov::Edition::E2026, o)),
        why: Why::Counterfactual,
        criteria: || dubov::criteria::CRITERIA.iter().map(|c| (c.key, c.name, c.article_2026)).collect(),
        bye_rules: ByeRules {
            score: "3.1.3 the lowest score",
            games: Some("3.1.4 the highest number of games played"),
            rank: None,
        },
        words: dubov::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2026),
    },
    Registration {
        system: System::Dubov2018,
        family: "dubov",
        edition: Some(2018),
        also: &[],
        current: false,
        title: "Dubov system, rules in force 2018-2026 (C.04.4.1)",
        reads_formulations: true,
        own_criteria: OwnCriteria::OnPairs,
        program_rows: false,
        model: Some(("models/dubov-2018.model", dubov::MODEL_2018)),
        steps: None,
        maxi: false,
        pair: Entry::Players(|t, o| dubov::pair(t, dubov::Edition::E2018, o)),
        why: Why::Counterfactual,
        criteria: || dubov::criteria::CRITERIA.iter().map(|c| (c.key, c.name, c.article_2018)).collect(),
        bye_rules: ByeRules { score: "the lowest score", games: None, rank: None },
        words: dubov::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2017),
    },
    Registration {
        system: System::Lim,
        family: "lim",
        edition: None,
        also: &[],
        current: true,
        title: "Lim system (C.04.4.3)",
        reads_formulations: true,
        own_criteria: OwnCriteria::OnFloaters,
        program_rows: false,
        model: Some(("models/lim.model", lim::MODEL)),
        steps: Some(|f| lim::floater_stages(f).map(|_| ())),
        maxi: true,
        pair: Entry::Players(lim::pair),
        why: Why::Counterfactual,
        criteria: Vec::new,
        bye_rules: ByeRules {
            score: "1.1 the lowest score group",
            games: None,
            rank: Some("1.1 the player with the lowest rank in the lowest score-group"),
        },
        words: trace::no_words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2017),
    },
    Registration {
        system: System::Burstein2026,
        family: "burstein",
        edition: Some(2026),
        also: &[2025],
        current: true,
        title: "Burstein system, rules in force from 2026 (C.04.4.2)",
        reads_formulations: true,
        own_criteria: OwnCriteria::InBrackets,
        program_rows: false,
        model: Some(("models/burstein-2026.model", burstein::MODEL)),
        steps: None,
        maxi: false,
        pair: Entry::Players(burstein::pair),
        why: Why::Counterfactual,
        criteria: || burstein::CRITERIA.iter().map(|c| (c.key, c.name, c.article)).collect(),
        bye_rules: ByeRules {
            score: "3.1.3 the lowest score",
            games: Some("3.1.4 the highest number of games played"),
            rank: None,
        },
        words: burstein::words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2026),
    },
    Registration {
        system: System::SwissTeam2026,
        family: "team",
        edition: Some(2026),
        also: &[],
        current: true,
        title: "Swiss Team system, rules in force from 2026 (C.04.6)",
        reads_formulations: true,
        own_criteria: OwnCriteria::OnPairs,
        program_rows: false,
        model: Some(("models/team-2026.model", team::MODEL)),
        steps: Some(team::check_formulation),
        maxi: false,
        pair: Entry::Teams(team::pair),
        why: Why::Teams(team::why_not, team::why_bye),
        criteria: || team::criteria::CRITERIA.iter().map(|c| (c.key, c.name, c.article)).collect(),
        bye_rules: ByeRules {
            score: "3.4.2 the lowest score",
            games: Some("3.4.3 the highest number of matches played"),
            rank: None,
        },
        words: team::words,
        writes_lp: true,
        checklist_rules: None,
    },
    Registration {
        system: System::DoubleSwiss2026,
        family: "double",
        edition: Some(2026),
        also: &[],
        current: true,
        title: "Double-Swiss system, rules in force from 2026 (C.04.5)",
        reads_formulations: true,
        own_criteria: OwnCriteria::OnPairs,
        program_rows: false,
        model: Some(("models/double-2026.model", double::MODEL)),
        steps: Some(double::check_formulation),
        maxi: false,
        pair: Entry::Double(double::pair),
        why: Why::Double(double::why_not, double::why_bye),
        criteria: || double::criteria::CRITERIA.iter().map(|c| (c.key, c.name, c.article)).collect(),
        bye_rules: ByeRules {
            score: "3.4.2 the lowest score",
            games: Some("3.4.3 the highest number of matches played"),
            rank: None,
        },
        words: double::words,
        writes_lp: true,
        checklist_rules: None,
    },
    Registration {
        system: System::Field,
        family: "field",
        edition: None,
        also: &[],
        current: true,
        title: "whole-field system: one program over all present players, defined by its formulation file",
        reads_formulations: true,
        own_criteria: OwnCriteria::WholeField,
        program_rows: true,
        model: None,
        steps: None,
        maxi: false,
        pair: Entry::Players(field::pair),
        why: Why::Counterfactual,
        criteria: Vec::new,
        bye_rules: ByeRules {
            score: "the file's 'bye' line: by default the lowest score that can receive it (C.04.1 Art. 4 eligibility)",
            games: None,
            rank: Some("after the file's criteria, the lowest-ranked candidate"),
        },
        words: trace::no_words,
        writes_lp: true,
        checklist_rules: Some(System::Dutch2026),
    },
];
/// A system's own check of a formulation file (see [`Registration::steps`]): `Err` names file and line.
pub type StepsCheck = fn(&crate::model::formulation::Formulation) -> Result<(), String>;

impl Registration {
    /// Whether it pairs with the run-time formulation `f` (`--model FILE`): the system reads
    /// formulation files and every criterion of `f` is in its criteria table. The one check of a
    /// formulation's keys, made at the round door and when a batch reads its `--model` files; the
    /// error names the file and line.
    pub fn check_formulation(&self, f: &crate::model::formulation::Formulation) -> Result<(), String> {
        let completed = self.completed(f)?;
        let f = completed.as_ref().unwrap_or(f);
        if !self.reads_formulations {
            let readers: Vec<&str> =
                REGISTRY.iter().filter(|r| r.reads_formulations).map(|r| r.system.name()).collect();
            return Err(format!(
                "{}: run-time formulations (--model) are read by {}, not by {}",
                f.name,
                readers.join(", "),
                self.system
            ));
        }
        let readers = |own: OwnCriteria| -> String {
            REGISTRY.iter().filter(|r| r.own_criteria == own).map(|r| r.system.name()).collect::<Vec<_>>().join(", ")
        };
        if let (Some(c), OwnCriteria::No) = (f.custom.first(), self.own_criteria) {
            return Err(format!(
                "{}:{}: criteria of one's own ('{}') are not read by {}",
                f.name, c.line, c.name, self.system
            ));
        }
        // What the program that states them decides: a criterion reading what it does not
        // decide is refused, at the quantity that reads it.
        for c in f.custom.iter().filter(|c| f.criteria.iter().any(|k| k == c.name)) {
            let at = |pos: Option<crate::model::criterion::Pos>| match pos {
                Some(p) => format!("{}:{}:{}", f.name, p.line, p.col),
                None => format!("{}:{}", f.name, c.line),
            };
            for part in &c.parts {
                match self.own_criteria {
                    OwnCriteria::OnPairs => {
                        if let Some(pos) = part.reads_unpaired() {
                            return Err(format!(
                                "{}: criterion '{}' counts players left unpaired (bye(...), the float \
                                 quantities), and {} states criteria of one's own in the program that pairs a \
                                 bracket, where every player is paired: on pairs only",
                                at(pos),
                                c.name,
                                self.system
                            ));
                        }
                    }
                    OwnCriteria::OnFloaters => {
                        if let Some(pos) = part.reads_pairs() {
                            return Err(format!(
                                "{}: criterion '{}' reads pairs, and {} states criteria of one's own in the \
                                 program that chooses who floats out of a score-group (its pairs come from \
                                 the scrutiny order): on the players floating only (bye(...), the float \
                                 quantities)",
                                at(Some(pos)),
                                c.name,
                                self.system
                            ));
                        }
                    }
                    _ => {}
                }
            }
        }
        // A requirement that is not a forbidding of pairs is a row of each program: stated by
        // the systems whose row says so, on HiGHS (the programs are no longer matchings).
        if let Some(r) = f.requirements.iter().find(|r| !r.forbids_pairs()) {
            let stated_by: Vec<&str> = REGISTRY.iter().filter(|r| r.program_rows).map(|r| r.system.name()).collect();
            if !self.program_rows {
                return Err(format!(
                    "{}: a constraint that is not a forbidding of pairs (at most 0 of a non-negative quantity of \
                     pairs, not reading the program's order or floats) is a row of each program: {} state such \
                     rows, {} does not",
                    r.label(&f.name),
                    stated_by.join(", "),
                    self.system
                ));
            }
            if !cfg!(feature = "highs") {
                return Err(format!(
                    "{}: a constraint that is not a forbidding of pairs makes each program an integer program, \
                     which HiGHS solves, and this lexpair was built without HiGHS (cargo feature `highs`, on by \
                     default): build it with `cargo build --release`",
                    r.label(&f.name)
                ));
            }
        }
        if let Some((word, line)) = f.field_directive().filter(|_| self.own_criteria != OwnCriteria::WholeField) {
            return Err(format!(
                "{}:{line}: '{word}' is read by the whole-field system ({}) only, not by {}",
                f.name,
                readers(OwnCriteria::WholeField),
                self.system
            ));
        }
        if self.own_criteria == OwnCriteria::WholeField {
            field::check(f)?;
        }
        let keys: Vec<&str> = (self.criteria)().into_iter().map(|(k, _, _)| k).collect();
        // A file listing a procedure's steps (Lim, no criteria table) is its system's to check.
        if self.steps.is_none() || !keys.is_empty() {
            f.check(self.title, |k| keys.contains(&k))?;
        }
        self.steps.map_or(Ok(()), |check| check(f))
    }

    /// The run-time formulation `f` as the system reads it: a file that lists no criterion (no
    /// key of the system's table, no `minimise`/`maximise`: only definitions and `require`
    /// lines) keeps the system's built-in criteria in the text's order, with its requirements;
    /// any other file is its own list. The built-in file is read once per process.
    pub fn completed(
        &self,
        f: &crate::model::formulation::Formulation,
    ) -> Result<Option<crate::model::formulation::Formulation>, String> {
        use crate::model::formulation::Formulation;
        static READ: [std::sync::OnceLock<Formulation>; 10] = [const { std::sync::OnceLock::new() }; 10];
        let Some((name, text)) = self.model.filter(|_| f.criteria.is_empty()) else { return Ok(None) };
        // The built-in file's keys are the system's own (a test reads each against its table).
        let base = Formulation::built_in(&READ[self.system as usize], name, text, |_| true)?;
        Ok(Some(Formulation {
            name: f.name.clone(),
            criteria: base.criteria.clone(),
            lines: base.lines.clone(),
            custom: Vec::new(),
            colours: f.colours.clone(),
            bye: f.bye,
            requirements: f.requirements.clone(),
            records: f.records.clone(),
        }))
    }

    /// Whether it pairs with its built-in formulation (no `--model`): every system but the whole
    /// field, which is defined by its file alone. Asked before a batch runs a `-s SYSTEM`.
    pub fn check_built_in(&self) -> Result<(), String> {
        match self.own_criteria {
            OwnCriteria::WholeField => Err(format!(
                "the {} system is defined by its formulation file: give it with --model {}=FILE \
                 (e.g. examples/whole-field/sauer2024.model)",
                self.system, self.system
            )),
            _ => Ok(()),
        }
    }

    /// The unit it pairs.
    pub fn unit(&self) -> Unit {
        match self.pair {
            Entry::Players(_) => Unit::Player,
            Entry::Teams(_) => Unit::Team,
            Entry::Double(_) => Unit::DoubleSwissPlayer,
        }
    }
}

impl System {
    /// Its row of [`REGISTRY`] (same order as [`System::ALL`], checked by a test).
    pub fn registration(self) -> &'static Registration {
        &REGISTRY[self as usize]
    }

    /// Whether a run-time formulation (`--model FILE`) can replace the built-in one.
    pub fn reads_formulations(self) -> bool {
        self.registration().reads_formulations
    }

    /// The system of a family (`dutch`, `dubov`, `lim`) in a given edition year; the edition in
    /// force now when `edition` is `None`.
    pub fn from_family(family: &str, edition: Option<u32>) -> Result<System, String> {
        let rows = || REGISTRY.iter().filter(|r| r.family == family);
        if rows().next().is_none() {
            return Err(format!("unknown system family {family}; known: {}", names()));
        }
        let found = match edition {
            None => rows().find(|r| r.current),
            Some(e) => rows().find(|r| r.edition == Some(e) || r.also.contains(&e)),
        };
        found.map(|r| r.system).ok_or_else(|| match edition {
            Some(e) => format!("no edition {e} of the {family} system; known: {}", names()),
            None => format!("the {family} system needs an edition year; known: {}", names()),
        })
    }
}

fn names() -> String {
    System::ALL.iter().map(|s| s.name()).collect::<Vec<_>>().join(", ")
}

/// A system by name (`dutch-2017`) or by family (`dutch`: its edition in force).
impl FromStr for System {
    type Err = String;
    fn from_str(s: &str) -> Result<System, String> {
        let s = s.to_ascii_lowercase();
        if let Some(sys) = System::ALL.iter().find(|x| x.name() == s) {
            return Ok(*sys);
        }
        if REGISTRY.iter().any(|r| r.family == s) {
            return System::from_family(&s, None);
        }
        Err(format!("unknown system '{s}'; known: {}", names()))
    }
}

/// Every quality criterion of `system` as `(key, name, article)`, in priority order, from the
/// system's own table (Dutch editions, Dubov, Burstein); empty for Lim, whose formulation lists
/// procedure steps rather than criteria with values.
pub fn criteria_rows(system: System) -> Vec<(&'static str, &'static str, &'static str)> {
    (system.registration().criteria)()
}

/// The stable name of criterion `key` of `system` (what it measures, the same in every system
/// and edition that has it; see `models/criteria-names.csv`), for the systems whose criteria are
/// tabled.
pub fn criterion_name(system: System, key: &str) -> Option<&'static str> {
    // Completion is a requirement of every bracket, not a row of the formulation: 2017 C.4,
    // 2026 [C4], 2012 C.12-C.13 (its stage is named C13-completion).
    match (dutch_edition(system), key) {
        (Some(dutch::Edition::E2012), "C13") | (Some(dutch::Edition::E2017 | dutch::Edition::E2026), "C4") => {
            Some("completion")
        }
        _ => criteria_rows(system).into_iter().find(|r| r.0 == key).map(|r| r.1),
    }
}

/// The article of criterion `key` of `system` as its table states it (`C.04.3 (2026) \[C12\]
/// colour preferences not granted`), completion included.
pub fn criterion_article(system: System, key: &str) -> Option<&'static str> {
    match (dutch_edition(system), key) {
        (Some(dutch::Edition::E2012), "C13") => Some("C.04.3 (2012) C.13 the remaining players can still be paired"),
        (Some(dutch::Edition::E2017), "C4") => Some("C.04.3 (2017) C.4 the remaining players can still be paired"),
        (Some(dutch::Edition::E2026), "C4") => {
            Some("C.04.3 (2026) [C4] a pairing of all players not yet paired exists")
        }
        _ => criteria_rows(system).into_iter().find(|r| r.0 == key).map(|r| r.2),
    }
}

fn dutch_edition(system: System) -> Option<dutch::Edition> {
    match system {
        System::Dutch2012 => Some(dutch::Edition::E2012),
        System::Dutch2017 => Some(dutch::Edition::E2017),
        System::Dutch2026 => Some(dutch::Edition::E2026),
        _ => None,
    }
}

/// The dictionary of criterion names (`models/criteria-names.csv`): per name, the key and article
/// of the criterion in each edition that has it, as CSV (`name,system,key,article`), sorted by
/// name, then system.
pub fn criteria_dictionary() -> String {
    let mut rows: Vec<(String, &str, &str, &str)> = Vec::new();
    for system in System::ALL {
        for (key, name, article) in criteria_rows(system) {
            rows.push((name.to_string(), system.name(), key, article));
        }
    }
    rows.sort();
    let mut out = String::from("name,system,key,article\n");
    for (name, system, key, article) in rows {
        out.push_str(&format!("{name},{system},{key},\"{}\"\n", article.replace('"', "\"\"")));
    }
    out
}

/// Why players `a` and `b` (TRF ids) are not paired together, after pairing the round.
pub fn why_not<'a>(
    system: System,
    field: impl Into<Field<'a>>,
    opts: &PairOptions,
    traces: &[trace::BracketTrace],
    a: u32,
    b: u32,
) -> Result<String, PairError> {
    match (system.registration().why, field.into()) {
        (Why::Bracket(f), Field::Players(t)) => f(t, opts, traces, a, b),
        (Why::Counterfactual, Field::Players(t)) => counterfactual::why_not_pair(system, t, opts, traces, a, b),
        (Why::Teams(f, _), Field::Teams(t)) => f(t, opts, traces, a, b),
        (Why::Double(f, _), Field::Double(t)) => f(t, opts, traces, a, b),
        _ => Err(PairError::Invalid(format!("the {system} system does not pair this tournament's units"))),
    }
}

/// Why unit `x` (a TRF id, a team number) did or did not receive the pairing-allocated bye,
/// after pairing the round.
pub fn why_bye<'a>(
    system: System,
    field: impl Into<Field<'a>>,
    opts: &PairOptions,
    pairing: &RoundPairing,
    traces: &[trace::BracketTrace],
    x: u32,
) -> Result<String, PairError> {
    match (system.registration().why, field.into()) {
        (Why::Bracket(_) | Why::Counterfactual, Field::Players(t)) => {
            counterfactual::why_bye(system, t, opts, pairing, traces, x)
        }
        (Why::Teams(_, f), Field::Teams(t)) => f(t, opts, pairing, traces, x),
        (Why::Double(_, f), Field::Double(t)) => f(t, opts, pairing, traces, x),
        _ => Err(PairError::Invalid(format!("the {system} system does not pair this tournament's units"))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The registry has one row per system, in the order of `System::ALL`, with distinct names,
    /// and exactly one edition in force per family.
    #[test]
    fn registry_rows_match_the_systems() {
        for (k, s) in System::ALL.iter().enumerate() {
            assert_eq!(REGISTRY[k].system, *s);
            assert_eq!(REGISTRY[k].system.name(), s.name());
            assert_eq!(*s as usize, k);
            assert_eq!(s.name().parse::<System>(), Ok(*s));
        }
        for r in &REGISTRY {
            let current = REGISTRY.iter().filter(|x| x.family == r.family && x.current).count();
            assert_eq!(current, 1, "{}", r.family);
            assert_eq!(System::from_family(r.family, r.edition), Ok(r.system));
        }
    }
}
