//! The FIDE (Dutch) system (C.04.3): 2017 rules, and the shared core for the 2026 edition.
//!
//! A round is paired bracket by bracket from the top scoregroup down (A.9). Each bracket is one
//! lexicographic integer program (`bracket`, `criteria`) followed by the candidate order as
//! tie-break (`order`). After each bracket the exact matching backend decides whether its
//! downfloaters and all lower players can still complete the round; if not, the bracket is the
//! PPB: it is paired again under C.4 and everything below becomes the collapsed last bracket.

mod bracket;
mod bye;
pub(crate) mod colours;
mod criteria;
mod criteria_2012;
mod criteria_2026;
pub(crate) mod kind;
pub use criteria_2026::C9_STAGE;
mod first;
mod lookahead;
mod order;
pub use order::{words, NONE_WITHIN_S1};
mod round;
#[cfg(test)]
mod tables_2012;
mod why;

use super::solving;
use crate::audit::Audit;
use crate::model::formulation::Formulation;
use crate::model::SolveError;
use crate::options::PairOptions;
use crate::pairing::{Board, RoundPairing};
use crate::solver::lex::StageReport;
use crate::tournament::Tournament;
use crate::vocabulary::PairError;
use crate::vocabulary::StageKey;
use bracket::{Bracket, Kind};
use round::Round;
use serde::Serialize;
use std::sync::OnceLock;

/// Edition of the Dutch rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Edition {
    /// The rules in force 2012-2017.
    E2012,
    /// The rules in force 2017-2026.
    E2017,
    /// The rules in force from 2026.
    E2026,
}

pub(crate) const MODEL_2012: &str = include_str!("../../../models/dutch-2012.model");
pub(crate) const MODEL_2017: &str = include_str!("../../../models/dutch-2017.model");
pub(crate) const MODEL_2026: &str = include_str!("../../../models/dutch-2026.model");

/// The facts about a player that depend on the Dutch edition (for `lexpair state`).
#[derive(Clone, Copy, Debug)]
pub struct PlayerRules {
    /// The Dutch system of this edition.
    pub system: crate::vocabulary::System,
    edition: Edition,
    /// The definition of a float this edition applies.
    pub float: crate::tournament::FloatRule,
}

impl PlayerRules {
    /// `None` for a system that is not a Dutch edition.
    pub fn of(system: crate::vocabulary::System) -> Option<PlayerRules> {
        let edition = match system {
            crate::vocabulary::System::Dutch2012 => Edition::E2012,
            crate::vocabulary::System::Dutch2017 => Edition::E2017,
            crate::vocabulary::System::Dutch2026 => Edition::E2026,
            _ => return None,
        };
        Some(PlayerRules { system, edition, float: round::float_rule(edition) })
    }

    /// May `p` receive the pairing-allocated bye?
    pub fn pab_eligible(&self, p: &crate::tournament::Player) -> bool {
        round::pab_eligible(self.edition, p)
    }
}

pub use super::trace::BracketTrace;
pub(crate) use super::trace::TraceDetail;

/// Explains why players `a` and `b` (TRF ids) are not paired together in `traces`' round.
pub fn why_not(t: &Tournament, edition: Edition, traces: &[BracketTrace], a: u32, b: u32) -> Result<String, PairError> {
    let keys = &formulation(edition)?.criteria;
    why::why_not(&Round::new(t, edition, Audit::default()), keys, traces, a, b)
}

pub use criteria::Criterion;

/// The criteria of `edition`, in the priority order of its text, one row each.
pub fn criteria_table(edition: Edition) -> &'static [Criterion] {
    match edition {
        Edition::E2012 => criteria_2012::CRITERIA,
        Edition::E2017 => criteria::CRITERIA,
        Edition::E2026 => criteria_2026::CRITERIA,
    }
}

/// The article of a criterion key of `edition` (`None`: not one of its criteria).
fn article(edition: Edition, key: &str) -> Option<&'static str> {
    Criterion::find(criteria_table(edition), key).map(|c| c.article)
}

/// The built-in formulation of `edition` (`models/dutch-YEAR.model`), read once per process.
fn formulation(edition: Edition) -> Result<&'static Formulation, PairError> {
    static READ: [OnceLock<Formulation>; 3] = [const { OnceLock::new() }; 3];
    let (slot, name, text) = match edition {
        Edition::E2012 => (&READ[0], "models/dutch-2012.model", MODEL_2012),
        Edition::E2017 => (&READ[1], "models/dutch-2017.model", MODEL_2017),
        Edition::E2026 => (&READ[2], "models/dutch-2026.model", MODEL_2026),
    };
    Formulation::built_in(slot, name, text, |k| article(edition, k).is_some()).map_err(PairError::Invalid)
}

/// The colours the Dutch rules of `system` give the pairs `pairs` (tournament indices), as
/// boards (E.1-E.5; the 2012 E.5 as for a pair outside round 1's S1); `None` when `system` is not
/// a Dutch edition. For a system that borrows the Dutch colour allocation (the whole field).
pub fn allocate_colours(
    t: &Tournament,
    system: crate::vocabulary::System,
    pairs: &[(usize, usize)],
) -> Option<Vec<Board>> {
    // The 2017 and 2026 allocations are the same code (E.1-E.5); the 2017 round skips the 2026
    // bye outlook, which colours never read.
    let edition = match PlayerRules::of(system)?.edition {
        Edition::E2026 => Edition::E2017,
        e => e,
    };
    let r = Round::new(t, edition, Audit::default());
    Some(
        pairs
            .iter()
            .map(|&(a, b)| {
                let (white, black) = colours::allocate(&r, a, b, 1);
                Board { white, black }
            })
            .collect(),
    )
}

/// Pairs the round with the Dutch rules of `edition`.
pub fn pair(
    t: &Tournament,
    edition: Edition,
    opts: &PairOptions,
) -> Result<(RoundPairing, Vec<BracketTrace>), PairError> {
    // A run-time formulation's keys were checked at the round door (`check_formulation`).
    let formulation = match &opts.model {
        Some(m) => m,
        None => formulation(edition)?,
    };
    let r = Round::new(t, edition, opts.audit.clone());
    if r.order.is_empty() {
        return Ok((RoundPairing::default(), Vec::new()));
    }
    if t.initial_colour.is_none() {
        return Err(PairError::Invalid(
            "the initial colour is not stated (XXC white1|black1, or tag 152) and no round shows it".into(),
        ));
    }
    if !completable(&r, &r.order) {
        return Err(PairError::NoValidPairing(
            "the present players cannot all be paired without a rematch, a forbidden pair, a colour clash (C.3) or an ineligible bye".into(),
        ));
    }
    let mut ctx = Driver {
        r: &r,
        keys: &formulation.criteria,
        preferences_counted: counts_preferences(edition, &formulation.criteria),
        own: opts.model.as_ref().map(|f| Own { f, groups: opts.groups.as_deref() }),
        rows: opts.model.as_ref().map_or_else(Vec::new, |f| super::custom::program_rows(f, t.round).collect()),
        constrained: false,
        opts,
        traces: Vec::new(),
        pairs: Vec::new(),
        s1_positions: Vec::new(),
    };
    let bye = match edition {
        Edition::E2012 | Edition::E2017 => pair_2017(&mut ctx)?,
        Edition::E2026 => pair_2026(&mut ctx)?,
    };
    let mut pairing = RoundPairing {
        boards: ctx
            .pairs
            .iter()
            .enumerate()
            .map(|(k, &(a, b))| {
                let s1_position = ctx.s1_positions.get(k).copied().unwrap_or(1);
                let (w, bl) = colours::allocate(&r, a, b, s1_position);
                Board { white: w, black: bl }
            })
            .collect(),
        bye,
    };
    pairing.sort_boards(t);
    Ok((pairing, ctx.traces))
}

/// 2017 A.9: brackets from the top down; the first one after which the round cannot be
/// completed is the PPB, paired again under C.4, and everything below it is the collapsed last
/// bracket. Returns the PAB receiver.
fn pair_2017(ctx: &mut Driver) -> Result<Option<usize>, PairError> {
    let r = ctx.r;
    let groups = r.scoregroups();
    let mut mdps: Vec<usize> = Vec::new();
    let mut bye = None;
    for k in 0..groups.len() {
        let players: Vec<usize> = mdps.iter().chain(&groups[k]).copied().collect();
        if k + 1 == groups.len() {
            bye = ctx.last(&players, mdps.len())?;
            break;
        }
        let lower: Vec<usize> = groups[k + 1..].concat();
        let kind = Kind::Normal { next: &groups[k + 1], next_is_last: k + 2 == groups.len() };
        let leavers = ctx.bracket(&players, mdps.len(), kind)?;
        let rest: Vec<usize> = leavers.iter().chain(&lower).copied().collect();
        if completable(r, &rest) {
            ctx.commit();
            mdps = leavers;
            continue;
        }
        // A.9: this bracket is the PPB; pair it again for completion (C.4), then the CLB.
        ctx.discard();
        let leavers = ctx.bracket(&players, mdps.len(), Kind::Ppb { lower: &lower })?;
        ctx.commit();
        let clb: Vec<usize> = leavers.iter().chain(&lower).copied().collect();
        bye = ctx.last(&clb, leavers.len())?;
        break;
    }
    Ok(bye)
}

/// 2026 Art. 3: brackets from the top down, each modelled with every player still to pair, so
/// that completion \[C4\] and the PAB choice \[C5\] hold in every bracket; the last bracket's
/// leftover receives the PAB. Returns the PAB receiver.
fn pair_2026(ctx: &mut Driver) -> Result<Option<usize>, PairError> {
    let r = ctx.r;
    let groups = r.scoregroups();
    let mut mdps: Vec<usize> = Vec::new();
    let mut c9 = r.bye.as_ref().is_some_and(|b| b.first_bracket_c9);
    for k in 0..groups.len() {
        let players: Vec<usize> = mdps.iter().chain(&groups[k]).copied().collect();
        let next: &[usize] = groups.get(k + 1).map_or(&[], |g| g.as_slice());
        let lower: Vec<usize> = groups.get(k + 2..).map_or_else(Vec::new, |g| g.concat());
        let leavers = ctx.bracket_2026(&players, mdps.len(), Kind::Outlook { next, lower: &lower, c9 })?;
        ctx.commit();
        // 2026 2.4.4 [C9] and its Note: it applies to a bracket "that downfloat[s] exactly one
        // player, who will end up receiving the pairing-allocated bye". The next bracket does
        // when the bye score reaches its scoregroup, the players carried into it (this bracket's
        // downfloaters and the next scoregroup) pair among themselves but for one bye candidate,
        // and everybody below pairs among themselves: the pairs [C6] maximises leave one
        // downfloater, the bye. (As for the first bracket, `ByeOutlook::first_bracket_c9`; not
        // read from this bracket's optimum, whose pairs below the next scoregroup are any
        // completion, and absent when the near model decided.)
        let carried: Vec<usize> = leavers.iter().chain(next).copied().collect();
        c9 = match (&r.bye, next.first()) {
            (Some(bye), Some(&first)) => {
                bye.score >= r.score(first)
                    && r.complete_pairing(&carried, |i| r.bye_candidate(i)).is_some()
                    && r.complete_pairing(&lower, |_| false).is_some()
            }
            _ => false,
        };
        mdps = leavers;
    }
    match mdps.as_slice() {
        [] => Ok(None),
        [p] => Ok(Some(*p)),
        more => Err(ctx.unfinished(more.len())),
    }
}

/// For each of `pairs` (local, `a < b`), the place of `a` in its S1 (see [`BracketTrace`]).
fn s1_positions(b: &Bracket, pairs: &[(usize, usize)]) -> Vec<u32> {
    let part = |a: usize| a < b.mdps;
    pairs.iter().map(|&(a, _)| pairs.iter().filter(|&&(x, _)| part(x) == part(a) && x <= a).count() as u32).collect()
}

/// The stages of a bracket for the criteria `keys` of its edition, with the criteria of one's
/// own of the run-time formulation `own` (`define` / `minimise` / `maximise`) at their places.
fn quality_stages(
    cx: &criteria::Ctx,
    keys: &[String],
    own: Option<Own>,
) -> Result<Vec<crate::model::Stage>, PairError> {
    let edition = |keys: &[String]| match cx.r.edition {
        Edition::E2012 => criteria_2012::stages(cx, keys),
        Edition::E2017 => criteria::stages(cx, keys),
        Edition::E2026 => criteria_2026::stages(cx, keys),
    };
    let Some(own) = own.filter(|o| !o.f.custom.is_empty()) else {
        return Ok(edition(keys));
    };
    let f = own.f;
    // The completion stages every bracket of its kind starts with, then each key in order (each
    // criterion's stages depend on the bracket alone, not on the keys around it).
    let mut out = edition(&[]);
    let head = out.len();
    for k in keys {
        match f.custom(k) {
            Some(c) => out.extend(own_stages(cx, c, own)?),
            None => out.extend(edition(std::slice::from_ref(k)).into_iter().skip(head)),
        }
    }
    Ok(out)
}

/// A bracket's model and quality stages, the look-ahead's next scoregroup thinned where that
/// changes no optimum ([`lookahead`]; otherwise the whole model).
fn built(
    r: &Round,
    players: &[usize],
    mdps: usize,
    kind: Kind,
    keys: &[String],
    own: Option<Own>,
) -> Result<(Bracket, Vec<crate::model::Stage>), PairError> {
    let b = Bracket::build_thinned(r, players, mdps, kind);
    let quality = quality_stages(&criteria::Ctx::new(r, &b, kind), keys, own)?;
    if b.thinning_exact(&quality) {
        return Ok((b, quality));
    }
    drop((b, quality));
    let b = Bracket::build(r, players, mdps, kind);
    let quality = quality_stages(&criteria::Ctx::new(r, &b, kind), keys, own)?;
    Ok((b, quality))
}

/// A criterion of one's own in a bracket: on its inner pairs, and on the variables of a bracket
/// player leaving it (a downfloat, or the PAB in the last bracket), as the edition's own
/// criteria count them; ranks are bracket sequence numbers (MDPs first, A.2).
fn own_stages(
    cx: &criteria::Ctx,
    c: &crate::model::criterion::Custom,
    own: Own,
) -> Result<Vec<crate::model::Stage>, PairError> {
    with_decisions(cx, own, |scope, decisions| super::custom::stages(c, &own.f.name, scope, decisions))
        .map_err(PairError::Invalid)
}

/// The rows of requirements `reqs` in a bracket, on the decisions criteria of one's own count
/// ([`own_stages`]): its inner pairs, and each way a bracket player leaves it.
fn rows_of(
    cx: &criteria::Ctx,
    reqs: &[&crate::model::criterion::Requirement],
    own: Own,
) -> Result<Vec<crate::model::Constraint>, PairError> {
    with_decisions(cx, own, |scope, decisions| {
        reqs.iter().map(|req| super::custom::row(req, &own.f.name, scope, decisions)).collect()
    })
    .map_err(PairError::Invalid)
}

/// Calls `f` with a bracket's scope for criteria of one's own (ranks are bracket sequence
/// numbers) and the decisions they count: its inner pairs, and each way a bracket player leaves
/// it. One place for what [`own_stages`] and [`rows_of`] read.
fn with_decisions<R>(
    cx: &criteria::Ctx,
    own: Own,
    f: impl FnOnce(&super::custom::Scope, &[(crate::model::Var, super::custom::Choice)]) -> Result<R, String>,
) -> Result<R, String> {
    use super::custom::{Choice, PlayerFacts, Scope};
    use crate::model::Var;
    let b = cx.b;
    let rank: Vec<i64> = (1..=b.global.len() as i64).collect();
    let facts = PlayerFacts { t: cx.r.t, float_rule: cx.r.float_rule(), groups: own.groups };
    let scope = Scope { facts: &facts, global: &b.global, rank: &rank };
    let mut decisions: Vec<(Var, Choice)> =
        b.inner_pairs().map(|(e, x, y)| (Var::Pair(e), Choice::Pair(x, y))).collect();
    for (i, vars) in b.leave.iter().enumerate() {
        decisions.extend(vars.iter().map(|&v| (v, Choice::Unpaired(i))));
    }
    f(&scope, &decisions)
}

/// 2026: can the near model's optimum `chosen` be completed? Everybody it leaves unpaired
/// (bracket players and next-scoregroup players floating) and all `lower` players must pair
/// completely, the PAB (if any) to a bye candidate (\[C4\], \[C5\]). Returns the PAB receiver of
/// such a completion (`Some(None)`: no PAB), `None` when there is none.
fn extends_to_round(r: &Round, near: &Bracket, chosen: &order::Chosen, lower: &[usize]) -> Option<Option<usize>> {
    let n = near.global.len();
    let mut paired = vec![false; n];
    for &(a, b) in chosen.pairs.iter().chain(&chosen.outside) {
        paired[a] = true;
        paired[b] = true;
    }
    let rest: Vec<usize> =
        (0..n).filter(|&l| !paired[l]).map(|l| near.global[l]).chain(lower.iter().copied()).collect();
    r.complete_pairing(&rest, |i| r.bye_candidate(i))
}

/// Can `players` all be paired (C.1-C.3), with one PAB-eligible player out when odd?
fn completable(r: &Round, players: &[usize]) -> bool {
    r.complete_pairing(players, |i| r.pab_eligible(i)).is_some()
}

/// The run-time formulation, for its criteria and constraints of one's own, with the groups of
/// `--groups` they may read.
#[derive(Clone, Copy)]
struct Own<'a> {
    f: &'a Formulation,
    groups: Option<&'a crate::tournament::attributes::Groups>,
}

/// A bracket's leavers (tournament indices).
type Outcome = Vec<usize>;

/// Accumulates the pairs of the brackets paired so far.
struct Driver<'a, 'r> {
    r: &'a Round<'r>,
    keys: &'a [String],
    /// `keys` hold the criterion of colour preferences not granted.
    preferences_counted: bool,
    /// The run-time formulation, for its criteria of one's own.
    own: Option<Own<'a>>,
    /// Its requirements that are rows of each bracket program this round (a quota).
    rows: Vec<&'a crate::model::criterion::Requirement>,
    /// The bracket being paired again with `rows` stated (its first optimum broke one).
    constrained: bool,
    opts: &'a PairOptions,
    traces: Vec<BracketTrace>,
    pairs: Vec<(usize, usize)>,
    /// For each pair, the place of its higher player in the S1 of its (sub)bracket.
    s1_positions: Vec<u32>,
}

/// Does a formulation of `edition` with criteria `keys` count colour preferences not granted
/// (2017 C.10, 2026 \[C12\], 2012's X)?
fn counts_preferences(edition: Edition, keys: &[String]) -> bool {
    let table = criteria_table(edition);
    keys.iter().filter_map(|k| criteria::Criterion::find(table, k)).any(|c| c.name == "colour_preference_violations")
}

impl Driver<'_, '_> {
    /// Pairs one bracket; its pairs are pending until [`Driver::commit`]. Returns the players
    /// leaving it (tournament indices).
    fn bracket(&mut self, players: &[usize], mdps: usize, kind: Kind) -> Result<Vec<usize>, PairError> {
        let leavers = self.bracket_once(players, mdps, kind)?;
        self.within_rows(players, mdps, kind, leavers, false)
    }

    /// [`Driver::bracket`] as the formulation's criteria alone decide it (with its requirement
    /// rows when [`Driver::constrained`]).
    fn bracket_once(&mut self, players: &[usize], mdps: usize, kind: Kind) -> Result<Vec<usize>, PairError> {
        // The first-candidate shortcuts: not with rows (they prove the unconstrained optimum),
        // nor under `--write-lp-all` (every program solved and written).
        let shortcuts = !self.constrained && !self.opts.write_lp_all;
        if shortcuts {
            if let Some(leavers) = self.sparse_first(players, mdps, kind) {
                return Ok(leavers);
            }
        }
        let (b, quality) = self.model(players, mdps, kind)?;
        let perfect = if shortcuts { first::perfect(self.r, &b, kind, &quality) } else { None };
        let chosen = match perfect {
            Some(c) => c,
            None => self.solve_model(&b, quality)?,
        };
        Ok(self.trace(&b, kind, &chosen))
    }

    /// The requirement rows of each program (a quota: `require same_federation <= 3`), kept
    /// lazily: a bracket is paired as the criteria decide, and only when that optimum breaks a
    /// row is it paired again with the rows stated, on HiGHS (the programs are then no
    /// matchings). Exact: the constrained program's assignments are among the unconstrained
    /// one's, so an optimum of the latter that meets the rows is the former's (the candidate
    /// order makes both unique). `leavers` is the first optimum's, its trace the last one.
    fn within_rows(
        &mut self,
        players: &[usize],
        mdps: usize,
        kind: Kind,
        leavers: Vec<usize>,
        outlook: bool,
    ) -> Result<Vec<usize>, PairError> {
        if self.rows.is_empty() || self.meets_rows(players)? {
            return Ok(leavers);
        }
        self.discard();
        self.constrained = true;
        let again =
            if outlook { self.bracket_2026_once(players, mdps, kind) } else { self.bracket_once(players, mdps, kind) };
        self.constrained = false;
        again
    }

    /// Whether the last traced bracket (of `players`, in order) meets every requirement row.
    fn meets_rows(&self, players: &[usize]) -> Result<bool, PairError> {
        use super::custom::{value, Choice, PlayerFacts, Scope};
        let (Some(tr), Some(own)) = (self.traces.last(), self.own) else { return Ok(true) };
        let t = self.r.t;
        let local = |id: u32| t.index_of(id).and_then(|i| players.iter().position(|&p| p == i));
        let mut choices = Vec::with_capacity(players.len());
        for &(a, b) in &tr.pairs {
            if let (Some(x), Some(y)) = (local(a), local(b)) {
                choices.push(Choice::Pair(x, y));
            }
        }
        choices.extend(tr.leavers.iter().filter_map(|&id| local(id)).map(Choice::Unpaired));
        let rank: Vec<i64> = (1..=players.len() as i64).collect();
        let facts = PlayerFacts { t, float_rule: self.r.float_rule(), groups: own.groups };
        let scope = Scope { facts: &facts, global: players, rank: &rank };
        for req in &self.rows {
            let mut sum = crate::model::criterion::Ratio::int(0);
            for &c in &choices {
                let v = value(&req.expr, &scope, c);
                sum = v.and_then(|v| sum.plus(v)).ok_or_else(|| {
                    PairError::Invalid(format!("{}: overflows: scale it down", req.label(&own.f.name)))
                })?;
            }
            if !req.holds(sum) {
                return Ok(false);
            }
        }
        Ok(true)
    }

    /// A bracket's model and quality stages: thinned where exact ([`built`]), or, when
    /// [`Driver::constrained`], whole with the requirement rows on its decisions (its inner
    /// pairs and its players' ways to leave, as criteria of one's own count them).
    fn model(
        &self,
        players: &[usize],
        mdps: usize,
        kind: Kind,
    ) -> Result<(Bracket, Vec<crate::model::Stage>), PairError> {
        if !self.constrained {
            return built(self.r, players, mdps, kind, self.keys, self.own);
        }
        let mut b = Bracket::build(self.r, players, mdps, kind);
        let quality = quality_stages(&criteria::Ctx::new(self.r, &b, kind), self.keys, self.own)?;
        if let Some(own) = self.own {
            let rows = rows_of(&criteria::Ctx::new(self.r, &b, kind), &self.rows, own)?;
            std::sync::Arc::make_mut(&mut b.model).constraints.extend(rows);
        }
        Ok((b, quality))
    }

    /// A 2026 bracket ([`Kind::Outlook`]); also returns the pairs of the optimum that involve
    /// players outside the bracket (tournament indices).
    ///
    /// The model with every player still to pair is exact but large. Unless its first candidate
    /// is perfect, the *near* model (the bracket and the next scoregroup only, anybody free to
    /// float) is solved first: its candidates include all of the full model's, with the same
    /// values on every criterion but \[C4\]/\[C5\] (constant in the full model) and \[C9\] (then not
    /// used), so when its optimum extends to a complete round-pairing, with the PAB to a bye
    /// candidate, that optimum is the full model's. Otherwise the full model decides.
    fn bracket_2026(&mut self, players: &[usize], mdps: usize, kind: Kind) -> Result<Outcome, PairError> {
        let leavers = self.bracket_2026_once(players, mdps, kind)?;
        self.within_rows(players, mdps, kind, leavers, true)
    }

    /// [`Driver::bracket_2026`] as the formulation's criteria alone decide it (with its
    /// requirement rows when [`Driver::constrained`]: the near model's argument holds for them,
    /// which count the bracket's own decisions in both models).
    fn bracket_2026_once(&mut self, players: &[usize], mdps: usize, kind: Kind) -> Result<Outcome, PairError> {
        let r = self.r;
        let Kind::Outlook { next, lower, c9 } = kind else {
            return Err(PairError::Solver(SolveError::Backend("a 2026 bracket needs its outlook".into())));
        };
        // The first candidate, on the pairs that can prove it perfect (the same answer as on the
        // full model, which is built only when the near model does not decide).
        if !self.constrained && !self.opts.write_lp_all {
            if let Some(outcome) = self.sparse_first(players, mdps, kind) {
                return Ok(outcome);
            }
        }
        let c9_anywhere = c9 || r.bye.as_ref().is_some_and(|b| b.first_bracket_c9);
        if !c9_anywhere && !next.is_empty() {
            let near_kind = Kind::Normal { next, next_is_last: lower.is_empty() };
            let (near, near_quality) = self.model(players, mdps, near_kind)?;
            let mut chosen = self.solve_model(&near, near_quality)?;
            if let Some(bye) = extends_to_round(r, &near, &chosen, lower) {
                // Report [C4]/[C5] as the full model has them, proven by the completion found.
                let c5 = bye.map_or(0, |i| r.score(i).0);
                let known =
                    [(StageKey::completion("C4"), i64::from(bye.is_some())), (StageKey::points("C5", "bye-score"), c5)];
                let keep = |key: &StageKey| key.criterion == "C4" || self.keys.iter().any(|k| k == "C5");
                for (key, value) in known.into_iter().filter(|(k, _)| keep(k)).rev() {
                    chosen.stage_values.insert(0, (key, value));
                    let how = "completion-checked";
                    chosen.reports.insert(0, StageReport { key, value, how, seconds: 0.0 });
                }
                return Ok(self.trace(&near, kind, &chosen));
            }
        }
        let (full, quality) = if self.constrained {
            self.model(players, mdps, kind)?
        } else {
            let full = Bracket::build(r, players, mdps, kind);
            let quality = quality_stages(&criteria::Ctx::new(r, &full, kind), self.keys, self.own)?;
            (full, quality)
        };
        let chosen = self.solve_model(&full, quality)?;
        Ok(self.trace(&full, kind, &chosen))
    }

    /// The first candidate of a bracket checked on a model of the pairs that can prove it perfect:
    /// its own pairs, and for a 2026 bracket the pairs of the witness that completes the round
    /// ([`first::outlook_witness_pairs`], found on the round's allowed pairs: the same graphs, so
    /// the same witness, as on the full model). Whether it is perfect depends only on those pairs
    /// and its leavers (each criterion is a sum over them, and the bounds it must reach do not
    /// depend on the other pairs), so the answer is the full model's; a bracket of thousands of
    /// players, or with thousands below it, then never needs its quadratic model. Applies to the
    /// last bracket (every bracket of round 1) and to every 2026 bracket, where it replaces the
    /// check on the full model.
    fn sparse_first(&mut self, players: &[usize], mdps: usize, kind: Kind) -> Option<Outcome> {
        let r = self.r;
        let (next, lower): (&[usize], &[usize]) = match kind {
            Kind::Last => (&[], &[]),
            Kind::Outlook { next, lower, .. } => (next, lower),
            Kind::Normal { .. } | Kind::Ppb { .. } => return None,
        };
        let nb = players.len();
        let (pairs, leavers) = first::candidate(r, players, mdps, kind)?;
        // A pair the model would not have (C.1-C.3, or two MDPs: B.3) makes the candidate
        // imperfect (`first::perfect`): no witness, model or stage is needed to say so. Nor for
        // a pair of the same colour preference when the formulation counts preferences not
        // granted (its stage is then above zero).
        if !pairs.iter().all(|&(a, c)| !(a < mdps && c < mdps) && r.can_meet(players[a], players[c])) {
            return None;
        }
        if self.preferences_counted
            && pairs.iter().any(|&(a, c)| criteria::same_preference(r.t, players[a], players[c]))
        {
            return None;
        }
        let global: Vec<usize> = players.iter().chain(next).chain(lower).copied().collect();
        let mut keep: Vec<(usize, usize)> = pairs.iter().map(|&(a, c)| (a.min(c), a.max(c))).collect();
        if matches!(kind, Kind::Outlook { .. }) {
            let allowed = |a: usize, c: usize| !(a < mdps && c < mdps) && r.can_meet(global[a], global[c]);
            let may_float = |v: usize| r.bye_candidate(global[v]);
            let (witness, _) =
                first::outlook_witness_pairs(&r.audit, nb, next.len(), global.len(), &leavers, allowed, may_float)?;
            keep.extend(witness.iter().map(|&(a, c)| (a.min(c), a.max(c))));
        }
        let b = Bracket::build_with(r, players, mdps, kind, &keep);
        let quality = quality_stages(&criteria::Ctx::new(r, &b, kind), self.keys, self.own).ok()?;
        let chosen = first::perfect(r, &b, kind, &quality)?;
        Some(self.trace(&b, kind, &chosen))
    }

    /// Solves the `quality` stages and the candidate order of `b`.
    fn solve_model(&self, b: &Bracket, quality: Vec<crate::model::Stage>) -> Result<order::Chosen, PairError> {
        let r = self.r;
        let mut session = solving::session_shared(&b.model, self.opts).map_err(solver_error)?;
        let chosen = match order::solve(b, quality, session.as_mut()) {
            Err(SolveError::Infeasible) if !b.model.constraints.is_empty() => {
                let names: Vec<&str> = b.model.constraints.iter().map(|c| c.name.as_str()).collect();
                let ids: Vec<String> = b.global[..b.nb].iter().map(|&i| r.t.players[i].id.to_string()).collect();
                return Err(PairError::NoValidPairing(format!(
                    "{}: no pairing of bracket {} of round {} (players {}) meets {} with the rules' absolute criteria",
                    names.join(" and "),
                    self.traces.len() + 1,
                    r.t.round,
                    ids.join(" "),
                    if names.len() == 1 { "it" } else { "them" }
                )));
            }
            c => c.map_err(solver_error)?,
        };
        if self.opts.write_lp.is_some() {
            let name = format!("r{:02}-b{:02}", r.t.round, self.traces.len() + 1);
            let values: Vec<i64> = chosen.stage_values.iter().map(|v| v.1).collect();
            solving::write_models(self.opts, &name, session.model(), &values)?;
        }
        Ok(chosen)
    }

    /// Records the bracket's outcome (pending until [`Driver::commit`]); returns its leavers
    /// (tournament indices).
    fn trace(&mut self, b: &Bracket, kind: Kind, chosen: &order::Chosen) -> Outcome {
        let r = self.r;
        let ids = |l: usize| r.t.players[b.global[l]].id;
        let players = &b.global[..b.nb];
        // [C9] reported as stated (minus the ranks of those paired) however it was solved.
        let shift = criteria_2026::c9_shift(&criteria::Ctx::new(r, b, kind)).unwrap_or(0);
        let stated = |key: StageKey, v: i64| if key == C9_STAGE { v - shift } else { v };
        self.traces.push(BracketTrace {
            kind: match kind {
                Kind::Normal { .. } | Kind::Outlook { .. } => "bracket",
                Kind::Ppb { .. } => "PPB",
                Kind::Last => "last",
            },
            players: players.iter().map(|&i| r.t.players[i].id).collect(),
            mdps: b.mdps,
            pairs: chosen.pairs.iter().map(|&(a, c)| (ids(a), ids(c))).collect(),
            leavers: chosen.leavers.iter().map(|&l| ids(l)).collect(),
            stages: chosen.stage_values.iter().map(|&(key, v)| (key, stated(key, v))).collect(),
            reports: chosen
                .reports
                .iter()
                .map(|rep| StageReport { value: stated(rep.key, rep.value), ..rep.clone() })
                .collect(),
            targets: match r.edition {
                Edition::E2012 => criteria_2012::targets(&criteria::Ctx::new(r, b, kind)),
                _ => Vec::new(),
            },
            own: Vec::new(),
            dutch: Some(TraceDetail {
                s1_positions: s1_positions(b, &chosen.pairs),
                setup: (players.to_vec(), b.mdps, bracket::OwnedKind::of(kind)),
            }),
        });
        chosen.leavers.iter().map(|&l| b.global[l]).collect()
    }

    /// Keeps the pairs of the last traced bracket.
    fn commit(&mut self) {
        if let Some(tr) = self.traces.last() {
            let idx = |id: u32| self.r.t.index_of(id).unwrap_or(usize::MAX);
            let new: Vec<(usize, usize)> = tr.pairs.iter().map(|&(a, b)| (idx(a), idx(b))).collect();
            self.pairs.extend(new);
            if let Some(d) = &tr.dutch {
                self.s1_positions.extend(&d.s1_positions);
            }
        }
    }

    /// Drops the last traced bracket (a bracket found to be the PPB is paired again).
    fn discard(&mut self) {
        self.traces.pop();
    }

    /// Pairs the last bracket completely; returns the PAB receiver.
    fn last(&mut self, players: &[usize], mdps: usize) -> Result<Option<usize>, PairError> {
        let leavers = self.bracket(players, mdps, Kind::Last)?;
        self.commit();
        match leavers.as_slice() {
            [] => Ok(None),
            [p] => Ok(Some(*p)),
            more => Err(self.unfinished(more.len())),
        }
    }

    /// The error of a last bracket that left `left` players unpaired: with requirement rows, the
    /// rows leave the round no completion (completion is a stage of the programs, which the
    /// rows may only meet by leaving players out: no valid pairing under them); without, a fault.
    fn unfinished(&self, left: usize) -> PairError {
        if self.rows.is_empty() {
            return PairError::Solver(SolveError::Backend(
                "the last bracket left more than one player unpaired".into(),
            ));
        }
        let file = self.own.map_or("", |o| o.f.name.as_str());
        let names: Vec<String> = self.rows.iter().map(|r| r.label(file)).collect();
        PairError::NoValidPairing(format!(
            "{}: round {} cannot be completed under {} (the last bracket leaves {left} players unpaired)",
            names.join(" and "),
            self.r.t.round,
            if names.len() == 1 { "it" } else { "them" }
        ))
    }
}

fn solver_error(e: SolveError) -> PairError {
    solving::after_completion_check("a bracket model")(e)
}

#[cfg(test)]
mod criteria_tables {
    use super::*;

    /// Each edition's built-in formulation lists exactly its criterion table, in the table's
    /// order (the priority order of the text), each key once.
    #[test]
    fn built_in_models_list_exactly_the_tables() {
        let tables: [(Edition, &[criteria::Criterion]); 3] = [
            (Edition::E2012, criteria_2012::CRITERIA),
            (Edition::E2017, criteria::CRITERIA),
            (Edition::E2026, criteria_2026::CRITERIA),
        ];
        for (edition, table) in tables {
            let model = formulation(edition).map(|f| f.criteria.clone()).unwrap_or_default();
            let keys: Vec<String> = table.iter().map(|c| c.key.to_string()).collect();
            assert_eq!(model, keys, "{edition:?}");
        }
    }
}
