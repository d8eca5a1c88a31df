//! The top-scoregroup procedure shared by the Swiss Team system (C.04.6 Art. 3) and the
//! Double-Swiss system (C.04.5 Art. 3, said by its implementers to repeat C.04.6's "word for
//! word" with players): the pairing-allocated bye first, then from the top scoregroup down a set
//! of upfloaters and the bracket's pairing, until the round is paired. Colours are the systems'
//! own (their Art. 4).
//!
//! Every step is a lexicographic matching program on the units still to pair, with \[C1\] (no
//! second meeting, and prohibited pairs) and \[C2\] (who may have the bye) as the allowed pairs
//! and byes, and \[C3\] (everybody not yet paired can still be paired) as the requirement that
//! every unit of the program is paired:
//! - [`bye`] (3.4): the lowest score, then the most matches played, then the largest TPN;
//! - [`upfloaters`] (3.5): \[C4\] the fewest upfloaters, \[C5\] their scores, \[C6\] the following
//!   scoregroup, \[C7\] upfloaters who floated, then the set order of 3.5.4;
//! - [`bracket`] (3.6): the colour criteria where the system has them (C.04.6 \[C8\], \[C9\]),
//!   the upfloaters' opponents who floated (C.04.6 \[C10\], C.04.5 \[C8\]), then the identifier
//!   order of 3.6.2-3.6.3.
//!
//! A system gives the facts about its units ([`Units`]) and the keys, articles and options of
//! its criteria ([`Procedure`]).

mod bracket;
mod bye;
pub(crate) mod facts;
mod upfloaters;
pub(crate) mod why;

use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::points::Points;
use crate::solver::matching::complete_pairing;
use crate::systems::trace::BracketTrace;
use crate::vocabulary::{PairError, StageKey};

/// What the procedure asks about the units (teams, or Double-Swiss players) before the round.
pub(crate) trait Units {
    /// The round to pair.
    fn round(&self) -> u32;
    /// Indices of the units to pair in this round.
    fn present(&self) -> Vec<usize>;
    /// The unit's pairing number.
    fn tpn(&self, i: usize) -> u32;
    /// The unit's pairing score (the scoregroups).
    fn score(&self, i: usize) -> Points;
    /// Matches actually played against an opponent (3.4.3).
    fn matches_played(&self, i: usize) -> u32;
    /// \[C1\] (and prohibited pairs): may `a` and `b` meet?
    fn can_meet(&self, a: usize, b: usize) -> bool;
    /// \[C2\]: may `i` receive the pairing-allocated bye?
    fn pab_eligible(&self, i: usize) -> bool;
    /// 1.5: `i` was a floater in the previous round.
    fn floated(&self, i: usize) -> bool;
    /// A colour criterion for a pair (C.04.6 \[C8\]): both prefer the same colour.
    fn same_preference(&self, _a: usize, _b: usize) -> bool {
        false
    }
    /// A colour criterion for a pair (C.04.6 \[C9\], Type B): both strongly prefer the same colour.
    fn same_strong_preference(&self, _a: usize, _b: usize) -> bool {
        false
    }
}

/// What a quality criterion does in the procedure: the system's keys name these roles (C.04.6
/// [C4]-[C10], C.04.5 [C4]-[C8]); a formulation file lists them in its priority order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Role {
    /// \[C4\] the number of upfloaters (3.5).
    Upfloaters,
    /// \[C5\] their scores (3.5).
    UpfloaterScores,
    /// \[C6\] the following scoregroup (3.5); judged on the counts per score the \[C5\]
    /// stages fix, so it comes after them.
    NextScoregroup,
    /// \[C7\] upfloaters who floated in the previous round (3.5).
    RepeatedFloaters,
    /// C.04.6 \[C8\] colour preferences (3.6).
    Colour,
    /// C.04.6 \[C9\] strong colour preferences (3.6).
    StrongColour,
    /// C.04.6 \[C10\], C.04.5 \[C8\]: the upfloaters' opponents who floated (3.6).
    FloaterOpponents,
    /// A criterion of one's own (its name): a criterion of the bracket's pairing (3.6), on its
    /// pairs, at its place among the system's.
    Own(&'static str),
}

impl Role {
    /// Whether the criterion chooses the set of upfloaters (3.5) rather than the bracket's
    /// pairing (3.6).
    pub fn of_upfloaters(self) -> bool {
        matches!(self, Role::Upfloaters | Role::UpfloaterScores | Role::NextScoregroup | Role::RepeatedFloaters)
    }
}

/// The roles of a formulation's criteria in its priority order, by the system's `role` of a
/// key (every key was checked against the system's table when the file was read). `Err` names
/// the file and line of \[C6\] listed before \[C5\] or without it: its pass is the parity the
/// \[C5\] stages leave in the following scoregroup.
pub(crate) fn roles(
    f: &crate::model::formulation::Formulation,
    role: impl Fn(&str) -> Option<Role>,
) -> Result<Vec<Role>, String> {
    let mut out = Vec::new();
    for (i, key) in f.criteria.iter().enumerate() {
        let Some(r) = role(key).or_else(|| f.custom(key).map(|c| Role::Own(c.name))) else { continue };
        if r == Role::NextScoregroup && !out.contains(&Role::UpfloaterScores) {
            return Err(format!(
                "{}:{}: '{key}' (the following scoregroup) is judged on the upfloaters' scores: list the \
                 upfloater-scores criterion before it",
                f.name,
                f.lines.get(i).copied().unwrap_or(0)
            ));
        }
        out.push(r);
    }
    Ok(out)
}

/// A top-scoregroup system's formulations: its built-in file and how its keys read.
pub(crate) struct Formulations {
    /// The built-in file's name (`models/NAME.model`) and text.
    pub file: &'static str,
    pub text: &'static str,
    /// The built-in file once read (see [`Formulation::built_in`](crate::model::formulation::Formulation::built_in));
    /// the systems hold their `Formulations` in a `static`.
    pub read: std::sync::OnceLock<crate::model::formulation::Formulation>,
    /// Whether a key is in the system's criteria table.
    pub known: fn(&str) -> bool,
    /// The role of each key.
    pub role: fn(&str) -> Option<Role>,
}

impl Formulations {
    /// Checks a run-time formulation (`--model FILE`, its keys already checked against the
    /// criteria table): the order its criteria keep among themselves ([`roles`]).
    pub fn check(&self, f: &crate::model::formulation::Formulation) -> Result<(), String> {
        roles(f, self.role).map(|_| ())
    }

    /// The criteria in priority order: the formulation's (`--model`) or the built-in file's,
    /// and the built-in file's (the text's).
    pub fn orders(&'static self, opts: &PairOptions) -> Result<(Vec<Role>, Vec<Role>), PairError> {
        let built_in = crate::model::formulation::Formulation::built_in(&self.read, self.file, self.text, self.known)
            .map_err(PairError::Invalid)?;
        let text = roles(built_in, self.role).map_err(PairError::Invalid)?;
        let order = match &opts.model {
            Some(f) => roles(f, self.role).map_err(PairError::Invalid)?,
            None => text.clone(),
        };
        Ok((order, text))
    }
}

/// The keys of the quality criteria and the system's options.
pub(crate) struct Procedure {
    /// \[C4\] the number of upfloaters.
    pub upfloaters: StageKey,
    /// \[C5\] their scores (one stage per score, the lowest first).
    pub upfloater_scores: StageKey,
    /// \[C6\] the following scoregroup, pass (0) or fail (1).
    pub next_scoregroup: StageKey,
    /// \[C7\] upfloaters who floated in the previous round.
    pub repeated_floaters: StageKey,
    /// A colour preference criterion of the bracket, if the system has one (C.04.6 \[C8\]).
    pub colour: Option<StageKey>,
    /// A strong colour preference criterion, if the system has one and uses it this round
    /// (C.04.6 \[C9\], Type B).
    pub strong_colour: Option<StageKey>,
    /// The upfloaters' opponents who floated in the previous round (C.04.6 \[C10\], C.04.5 \[C8\]).
    pub floater_opponents: StageKey,
    /// The keys of the steps of 3.4 (the bye), 3.5.4 (the set order) and 3.6.2-3.6.3 (the
    /// identifier).
    pub steps: Steps,
    /// The article of a criterion or step key.
    pub article: fn(&str) -> Option<&'static str>,
    /// \[C7\] and the opponents' criterion apply this round (not in the last rounds the system
    /// exempts).
    pub floats_count: bool,
    /// The quality criteria in priority order: the text's, or a formulation file's (`--model`).
    pub order: Vec<Role>,
    /// `order` is the text's: the first-candidate shortcuts (which take each stage at its best
    /// in the text's order) apply; otherwise every program is solved.
    pub text_order: bool,
}

impl Procedure {
    /// The criteria of the program of the upfloaters (`true`) or of the bracket's pairing, in
    /// priority order.
    pub fn criteria(&self, upfloaters: bool) -> impl Iterator<Item = Role> + '_ {
        self.order.iter().copied().filter(move |r| r.of_upfloaters() == upfloaters)
    }
}

/// The keys of the procedure's steps.
pub(crate) struct Steps {
    /// 3.4.1: the units left out (one).
    pub bye_count: StageKey,
    /// 3.4.2: the bye's score.
    pub bye_score: StageKey,
    /// 3.4.3: its matches played.
    pub bye_matches: StageKey,
    /// 3.4.4: its TPN.
    pub bye_tpn: StageKey,
    /// 3.5.4: a potential upfloater is in the set.
    pub set_order: StageKey,
    /// 3.6.2: a seat is a top member.
    pub top_member: StageKey,
    /// 3.6.2-3.6.3: the seat of a top member's bottom member.
    pub bottom_member: StageKey,
}

/// The steps of 3.4, 3.5.4 and 3.6.2-3.6.3, as both systems number them.
pub(crate) const STEPS: Steps = Steps {
    bye_count: StageKey::count("3.4.1", "units-out"),
    bye_score: StageKey::points("3.4.2", "bye-score"),
    bye_matches: StageKey::count("3.4.3", "bye-matches-played"),
    bye_tpn: StageKey::rank("3.4.4", "bye-tpn"),
    set_order: StageKey::order("3.5.4", "upfloater-#{}"),
    top_member: StageKey::order("3.6.2", "top-member-{}"),
    bottom_member: StageKey::order("3.6.3", "partner-of-{}"),
};

/// Read-only facts about the round being paired.
pub(crate) struct Ctx<'t> {
    pub units: &'t dyn Units,
    /// The units' quantities, for criteria of one's own.
    pub facts: &'t dyn crate::systems::custom::Facts,
    pub procedure: &'t Procedure,
    pub opts: &'t PairOptions,
    /// The scoregroups' scores, highest first: the pairing scores of the units present, the
    /// bye's included (3.2, 2.3.3).
    pub levels: Vec<Points>,
    /// Take a program's optimum directly where it provably is its first candidate (the bye in
    /// the order of 3.4, no upfloater, the rules' first pairing); `false` solves every program.
    /// Only under the text's order of the criteria ([`Procedure::text_order`]).
    pub shortcuts: bool,
}

impl<'t> Ctx<'t> {
    pub fn new(
        units: &'t dyn Units,
        facts: &'t dyn crate::systems::custom::Facts,
        procedure: &'t Procedure,
        opts: &'t PairOptions,
        shortcuts: bool,
    ) -> Ctx<'t> {
        let mut levels: Vec<Points> = units.present().iter().map(|&i| units.score(i)).collect();
        levels.sort_unstable_by(|a, b| b.cmp(a));
        levels.dedup();
        let shortcuts = shortcuts && procedure.text_order && !opts.write_lp_all;
        Ctx { units, facts, procedure, opts, levels, shortcuts }
    }

    pub fn score(&self, i: usize) -> Points {
        self.units.score(i)
    }

    pub fn tpn(&self, i: usize) -> u32 {
        self.units.tpn(i)
    }

    pub fn can_meet(&self, a: usize, b: usize) -> bool {
        a != b && self.units.can_meet(a, b)
    }

    pub fn pab_eligible(&self, i: usize) -> bool {
        self.units.pab_eligible(i)
    }

    pub fn floated(&self, i: usize) -> bool {
        self.units.floated(i)
    }

    pub fn floats_count(&self) -> bool {
        self.procedure.floats_count
    }

    /// \[C3\]: can `units` all be paired, one of them (\[C2\]-eligible) left out when `bye`?
    pub fn completable(&self, units: &[usize], bye: bool) -> bool {
        complete_pairing(&self.opts.audit, units, |a, b| self.can_meet(a, b), |i| bye && self.pab_eligible(i)).is_some()
    }

    fn solver_error(&self) -> impl Fn(crate::model::SolveError) -> PairError {
        crate::systems::solving::after_completion_check("a top-scoregroup model")
    }

    /// The article of a stage key.
    fn article(&self, key: StageKey) -> &'static str {
        (self.procedure.article)(key.criterion).unwrap_or("the order of 3.5.4 or 3.6.2")
    }
}

/// A round of a system on this procedure, `pair_with(opts, shortcuts)`: with the first-candidate
/// shortcuts; under `--cross-check solver` also with every program solved (on both routes, which
/// must agree at every stage), and the two pairings must be the same.
pub(crate) fn pair_cross_checked(
    opts: &PairOptions,
    pair_with: impl Fn(&PairOptions, bool) -> Result<(RoundPairing, Vec<BracketTrace>), PairError>,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    if !opts.second_opinion {
        return pair_with(opts, true);
    }
    let solved = pair_with(opts, false)?;
    let quick = pair_with(&PairOptions { second_opinion: false, ..opts.clone() }, true)?;
    if quick.0 != solved.0 {
        return Err(PairError::Internal(
            "cross-check solver: the first-candidate shortcuts and the programs give different pairings".into(),
        ));
    }
    Ok(solved)
}

/// The published board order (C.04.2 3.6; neither C.04.6 nor C.04.5 says more, as the reference
/// engine prints it): the higher pairing score of the pair first, then the sum of both, then the
/// smaller TPN.
pub(crate) fn sort_boards(boards: &mut [Board], score: impl Fn(usize) -> Points, tpn: impl Fn(usize) -> u32) {
    boards.sort_by_key(|b| {
        let (sw, sb) = (score(b.white), score(b.black));
        (std::cmp::Reverse(sw.max(sb)), std::cmp::Reverse(sw + sb), tpn(b.white).min(tpn(b.black)))
    });
}

/// A round paired as 3.3.2 orders it, colours aside.
pub(crate) struct Paired {
    /// The pairs of units, top member first, bracket by bracket.
    pub pairs: Vec<(usize, usize)>,
    /// The pairing-allocated bye.
    pub bye: Option<usize>,
    /// A trace per step.
    pub traces: Vec<BracketTrace>,
}

/// The round paired as 3.3.2 orders it (colours aside). A round that cannot be completed under
/// \[C1\] and \[C2\] is the Chief Arbiter's (3.3.3): `NoValidPairing`.
pub(crate) fn pair_round(cx: &Ctx) -> Result<Paired, PairError> {
    let present = cx.units.present();
    if present.is_empty() {
        return Ok(Paired { pairs: Vec::new(), bye: None, traces: Vec::new() });
    }
    let odd = present.len() % 2 == 1;
    if !cx.completable(&present, odd) {
        return Err(PairError::NoValidPairing(format!(
            "the {} present cannot all be paired without a second meeting ([C1]) or {} (3.3.3: the Chief \
             Arbiter decides)",
            present.len(),
            if odd { "a bye to one who may not receive it ([C2])" } else { "a prohibited pair" }
        )));
    }
    let mut traces = Vec::new();
    let bye = if odd { Some(bye::assign(cx, &present, &mut traces)?) } else { None };
    let mut remaining: Vec<usize> = present.iter().copied().filter(|&i| Some(i) != bye).collect();
    remaining.sort_by_key(|&i| (std::cmp::Reverse(cx.score(i)), cx.tpn(i)));
    let mut pairs: Vec<(usize, usize)> = Vec::new();
    for (level, &score) in cx.levels.iter().enumerate() {
        let residents: Vec<usize> = remaining.iter().copied().filter(|&i| cx.score(i) == score).collect();
        if residents.is_empty() {
            continue;
        }
        let lower: Vec<usize> = remaining.iter().copied().filter(|&i| cx.score(i) < score).collect();
        let next = cx.levels.get(level + 1).copied();
        let mut trace = BracketTrace::new("bracket", Vec::new(), 0, Vec::new(), Vec::new());
        let ups = upfloaters::choose(cx, &residents, &lower, next, &mut trace)?;
        let members: Vec<usize> = residents.iter().chain(&ups).copied().collect();
        let made = bracket::pair(cx, &members, &ups, &mut trace)?;
        trace.players = ups.iter().chain(&residents).map(|&i| cx.tpn(i)).collect();
        trace.mdps = ups.len();
        trace.pairs = made.iter().map(|&(a, b)| (cx.tpn(a), cx.tpn(b))).collect();
        traces.push(trace);
        remaining.retain(|i| !members.contains(i));
        pairs.extend(made);
    }
    if !remaining.is_empty() {
        return Err(PairError::Internal(format!("{} units left unpaired after the last scoregroup", remaining.len())));
    }
    Ok(Paired { pairs, bye, traces })
}
