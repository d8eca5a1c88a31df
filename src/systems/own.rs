//! A formulation's quantities and constraints of one's own at the door of a round, for every
//! system alike:
//! - every quantity the file's criteria and requirements read must be one of the units paired
//!   (a team has no federation; `same_group` needs `--groups`), else exit 3 naming the file,
//!   line and column ([`custom::unsupported`]);
//! - a requirement that forbids pairs (`require same_federation <= 0`:
//!   [`Requirement::forbids_pairs`](crate::model::criterion::Requirement::forbids_pairs)) is an
//!   absolute criterion of one's own beside the system's: its pairs join the forbidden pairs
//!   of the round (as `XXP` / `260` would), so every program of the system, its completion
//!   checks and the independent checker honour it, and the programs stay matchings;
//! - when no pairing meets them, the error names the requirement (and the players it leaves
//!   without any partner), exit 1.
//!
//! Requirements of any other form are rows of each program, stated by the systems whose
//! registry row says so (`program_rows`).

use super::custom::{self, Facts, PlayerFacts};
use super::top_scoregroup::facts::UnitFacts;
use crate::double::DoubleTournament;
use crate::model::formulation::Formulation;
use crate::options::PairOptions;
use crate::team::TeamTournament;
use crate::tournament::{FloatRule, Tournament};
use crate::units::Field;
use crate::vocabulary::{PairError, System};

/// The tournament of a round with the pairs of the formulation's forbidding requirements added
/// to its forbidden pairs.
#[derive(Clone, Debug)]
pub enum Prepared {
    /// Players.
    Players(Tournament),
    /// Teams.
    Teams(TeamTournament),
    /// Double-Swiss players.
    Double(DoubleTournament),
}

impl Prepared {
    /// The units, borrowed.
    pub fn field(&self) -> Field<'_> {
        match self {
            Prepared::Players(t) => Field::Players(t),
            Prepared::Teams(t) => Field::Teams(t),
            Prepared::Double(t) => Field::Double(t),
        }
    }
}

/// The facts of the units of `field`, for `f`'s quantities.
fn facts<'a>(field: Field<'a>, opts: &'a PairOptions) -> (Box<dyn Facts + 'a>, &'static str) {
    let groups = opts.groups.as_deref();
    match field {
        Field::Players(t) => (Box::new(PlayerFacts { t, float_rule: FloatRule::Dutch2026, groups }), "players"),
        Field::Teams(t) => (Box::new(UnitFacts { t, groups }), "teams"),
        Field::Double(t) => (Box::new(UnitFacts { t, groups }), "Double-Swiss players"),
    }
}

/// Checks the quantities of `opts.model` against the units of `field`, and applies its
/// forbidding requirements of the round that `keep` keeps (by index): `Some` tournament with
/// their pairs forbidden, `None` when there are none (the field as it is).
pub fn prepare(field: Field, opts: &PairOptions, keep: &dyn Fn(usize) -> bool) -> Result<Option<Prepared>, PairError> {
    let Some(f) = &opts.model else { return Ok(None) };
    if f.custom.is_empty() && f.requirements.is_empty() && f.records.is_empty() {
        return Ok(None);
    }
    let (facts, what) = facts(field, opts);
    custom::unsupported(f, facts.as_ref(), what).map_err(PairError::Invalid)?;
    let units = match field {
        Field::Players(t) => t.present(),
        Field::Teams(t) => t.present(),
        Field::Double(t) => t.present(),
    };
    let pairs = custom::forbidden_pairs(f, field.round(), facts.as_ref(), &units, keep).map_err(PairError::Invalid)?;
    if pairs.is_empty() {
        return Ok(None);
    }
    let add = |set: &mut crate::tournament::Forbidden| {
        for &(p, _) in &pairs {
            set.insert(p);
        }
    };
    Ok(Some(match field {
        Field::Players(t) => {
            let mut t = t.clone();
            add(&mut t.forbidden);
            Prepared::Players(t)
        }
        Field::Teams(t) => {
            let mut t = t.clone();
            add(&mut t.forbidden);
            Prepared::Teams(t)
        }
        Field::Double(t) => {
            let mut t = t.clone();
            add(&mut t.forbidden);
            Prepared::Double(t)
        }
    }))
}

/// The error of a round that had no valid pairing under `f`'s forbidding requirements when the
/// round without them has one: it names each requirement that alone leaves no valid pairing
/// (all of them when none does alone), and the units left without any partner they allow.
/// `pair_with(None)` pairs the round without any of them, `pair_with(Some(k))` with the k-th
/// requirement alone.
pub fn unsatisfiable(
    f: &Formulation,
    field: Field,
    opts: &PairOptions,
    system: System,
    pair_with: &dyn Fn(Option<usize>) -> Result<(), PairError>,
) -> Option<PairError> {
    // Without any requirement's pairs: if that fails too, the rules alone leave no pairing.
    if pair_with(None).is_err() {
        return None;
    }
    let round = field.round();
    let active: Vec<usize> = (0..f.requirements.len())
        .filter(|&k| f.requirements[k].applies_in(round) && f.requirements[k].forbids_pairs())
        .collect();
    let mut culprits: Vec<usize> = active.iter().copied().filter(|&k| pair_with(Some(k)).is_err()).collect();
    if culprits.is_empty() {
        culprits = active;
    }
    let (facts, _) = facts(field, opts);
    let units = match field {
        Field::Players(t) => t.present(),
        Field::Teams(t) => t.present(),
        Field::Double(t) => t.present(),
    };
    let may_meet = |a: usize, b: usize| match field {
        Field::Players(t) => t.may_meet(a, b),
        Field::Teams(t) => !t.have_met(a, b) && !t.is_forbidden(a, b),
        Field::Double(t) => !t.have_met(a, b) && !t.is_forbidden(a, b),
    };
    let pairs = custom::forbidden_pairs(f, round, facts.as_ref(), &units, &|k| culprits.contains(&k)).ok()?;
    let forbidden: std::collections::HashSet<(usize, usize)> = pairs.iter().map(|&(p, _)| p).collect();
    // Units every partner of which the requirements rule out (that the rules allowed).
    let stranded: Vec<u32> = units
        .iter()
        .filter(|&&a| {
            let partners: Vec<usize> = units.iter().copied().filter(|&b| b != a && may_meet(a, b)).collect();
            !partners.is_empty() && partners.iter().all(|&b| forbidden.contains(&(a.min(b), a.max(b))))
        })
        .map(|&a| facts.id(a))
        .collect();
    let names: Vec<String> = culprits.iter().map(|&k| f.requirements[k].label(&f.name)).collect();
    let mut m = format!(
        "{} leave{} no pairing of round {round} that {system}'s absolute rules allow (without {} there is one)",
        names.join(" and "),
        if names.len() == 1 { "s" } else { "" },
        if names.len() == 1 { "it" } else { "them" }
    );
    if !stranded.is_empty() {
        let shown: Vec<String> = stranded.iter().take(12).map(u32::to_string).collect();
        let more = if stranded.len() > 12 { format!(" and {} more", stranded.len() - 12) } else { String::new() };
        m.push_str(&format!("; it leaves no partner to {}{more}", shown.join(", ")));
    }
    Some(PairError::NoValidPairing(m))
}

/// The values of `f`'s `record NAME` lines on the round's final pairing: each summed over its
/// pairs and the pairing-allocated bye (the player left unpaired), ranks the present units in
/// the file's order (pairing numbers).
pub fn records(
    f: &Formulation,
    field: Field,
    opts: &PairOptions,
    pairing: &crate::pairing::RoundPairing,
) -> Result<Vec<(&'static str, crate::model::criterion::Ratio)>, PairError> {
    if f.records.is_empty() {
        return Ok(Vec::new());
    }
    let (facts, _) = facts(field, opts);
    let units = match field {
        Field::Players(t) => t.present(),
        Field::Teams(t) => t.present(),
        Field::Double(t) => t.present(),
    };
    let local = |i: usize| units.iter().position(|&u| u == i);
    let mut choices: Vec<custom::Choice> =
        pairing.boards.iter().filter_map(|b| Some(custom::Choice::Pair(local(b.white)?, local(b.black)?))).collect();
    choices.extend(pairing.bye.and_then(local).map(custom::Choice::Unpaired));
    let rank: Vec<i64> = (1..=units.len() as i64).collect();
    let scope = custom::Scope { facts: facts.as_ref(), global: &units, rank: &rank };
    let mut out = Vec::with_capacity(f.records.len());
    for (name, expr, line) in &f.records {
        let overflow = || PairError::Invalid(format!("{}:{line}: record '{name}' overflows: scale it down", f.name));
        let mut sum = crate::model::criterion::Ratio::int(0);
        for &c in &choices {
            sum = custom::value(expr, &scope, c).and_then(|v| sum.plus(v)).ok_or_else(overflow)?;
        }
        out.push((*name, sum));
    }
    Ok(out)
}
