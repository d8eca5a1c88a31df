//! The door of a round: the one library entry that pairs a round, for every caller (`pair`,
//! `check`, `generate`, `batch`, `verify`, the Python package).
//!
//! [`pair`] takes the tournament before the round, the system and the options, and returns the
//! [`Round`]: the pairing, the traces of every bracket, and the counts of every cross-check as
//! values. On the way it does, once for everyone:
//! 1. the capability checks: the system pairs this kind of unit, reads `--model`, takes `--maxi`;
//! 2. a fresh audit for the cross-checks (`--cross-check sat`, `--cross-check solver`), whose
//!    counts come back in the `Round`; a disagreement is lexpair's bug: [`PairError::Internal`];
//! 3. the system's own pairing (its registry row);
//! 4. the independent checker (`verify`): a pairing that breaks an absolute rule is never
//!    returned ([`PairError::Internal`], the case saved for a bug report);
//! 5. a pairing-allocated bye the arbiter entered in advance is kept.

use crate::audit::CrossCheckStats;
use crate::audit::SecondOpinionStats;
use crate::audit::{Audit, AuditCounts};
use crate::double::DoubleTournament;
use crate::options::PairOptions;
use crate::pairing::{Board, IdPairing, RoundPairing};
use crate::systems::trace::BracketTrace;
use crate::systems::Entry;
use crate::team::TeamTournament;
use crate::tournament::Tournament;
pub use crate::units::Field;
use crate::vocabulary::{PairError, System, Unit};

/// A paired round: the pairing, what every bracket decided, and what the cross-checks confirmed.
#[derive(Clone, Debug)]
pub struct Round {
    /// The system that paired it.
    pub system: System,
    /// The round, 1-based.
    pub number: u32,
    /// The pairs of units in board order and the pairing-allocated bye (unit indices).
    pub pairing: RoundPairing,
    /// Per bracket (or step): its units, the pairs chosen, the value of every stage.
    pub traces: Vec<BracketTrace>,
    /// `--cross-check sat`: the completion questions SAT re-decided.
    pub sat: Option<CrossCheckStats>,
    /// `--cross-check solver`: the stage optima the second route confirmed.
    pub solver: Option<SecondOpinionStats>,
    /// The formulation's `record NAME` lines measured on this round's pairing, in the file's
    /// units (empty without them).
    pub records: Vec<(&'static str, crate::model::criterion::Ratio)>,
}

impl Round {
    /// The pairing with units named by their ids (TRF starting ranks, team numbers).
    pub fn by_id(&self, t: &Tournament) -> IdPairing {
        self.pairing.by_id(t)
    }

    /// The cross-check counts as one value (zero where a check was not asked for).
    pub fn audit(&self) -> AuditCounts {
        AuditCounts { sat: self.sat.clone(), solver: self.solver.clone().unwrap_or_default() }
    }
}

/// Pairs the round `field` is before with `system` (see the module header).
pub fn pair<'a>(field: impl Into<Field<'a>>, system: System, opts: &PairOptions) -> Result<Round, PairError> {
    let field = field.into();
    if field.count() >= crate::model::Pairs::PLAYERS {
        // A model's pairs name players by 16-bit numbers (`model::Pairs`); a file holds at most
        // 9,999 players, a tournament built in code may hold more.
        return Err(PairError::Invalid(format!(
            "{} {}s: lexpair pairs at most {} (a tournament file holds at most 9,999)",
            field.count(),
            field.unit().name(),
            crate::model::Pairs::PLAYERS - 1
        )));
    }
    let row = system.registration();
    if row.unit() != field.unit() {
        return Err(PairError::Invalid(format!(
            "the {system} system pairs {}s in {}, and this tournament's are {}s in {}{}",
            row.unit().name(),
            row.unit().plays(),
            field.unit().name(),
            field.unit().plays(),
            match field.unit() {
                Unit::Team => " (its file has team records, 310 or 013): pair it with the team-2026 system",
                Unit::DoubleSwissPlayer => {
                    " (its file's 192 names the Double-Swiss system): pair it with the double-2026 system"
                }
                Unit::Player => " (its file has no team records, 310 or 013, and no Double-Swiss code in 192)",
            }
        )));
    }
    if let Some(f) = &opts.model {
        row.check_formulation(f).map_err(PairError::Invalid)?;
    }
    // A file of requirements alone keeps the system's criteria (`Registration::completed`).
    let completed = match &opts.model {
        Some(f) => row.completed(f).map_err(PairError::Invalid)?,
        None => None,
    };
    let completed_opts;
    let opts = match completed {
        Some(f) => {
            completed_opts = PairOptions { model: Some(f), ..opts.clone() };
            &completed_opts
        }
        None => opts,
    };
    if opts.maxi && !row.maxi {
        return Err(PairError::Invalid(format!("--maxi is a rule of the Lim system, not of {system}")));
    }
    let original = field;
    // Constraints of one's own that forbid pairs join the round's forbidden pairs
    // (`systems::own`): every program, completion check and the checker below honour them.
    let prepared = crate::systems::own::prepare(field, opts, &|_| true)?;
    let field = prepared.as_ref().map_or(field, |p| p.field());
    let audit = Audit::open(opts.cross_check);
    let opts = PairOptions { audit: audit.clone(), ..opts.clone() };
    let dispatch = |field: Field, opts: &PairOptions| match (row.pair, field) {
        (Entry::Players(pair), Field::Players(t)) => pair(t, opts),
        (Entry::Teams(pair), Field::Teams(t)) => pair(t, opts),
        (Entry::Double(pair), Field::Double(t)) => pair(t, opts),
        _ => Err(PairError::Internal(format!("the {system} row does not pair this unit"))),
    };
    let mut result = dispatch(field, &opts);
    if let (Err(PairError::NoValidPairing(_)), Some(f), Some(_)) = (&result, &opts.model, &prepared) {
        // Which requirement leaves no pairing (each tried alone, on a fresh audit).
        let unforbidden = original;
        let pair_with = |only: Option<usize>| {
            let p = crate::systems::own::prepare(unforbidden, &opts, &|k| Some(k) == only)?;
            let quiet = PairOptions { audit: Audit::open(None), second_opinion: false, ..opts.clone() };
            dispatch(p.as_ref().map_or(unforbidden, |p| p.field()), &quiet).map(|_| ())
        };
        if let Some(e) = crate::systems::own::unsatisfiable(f, unforbidden, &opts, system, &pair_with) {
            result = Err(e);
        }
    }
    let counts = audit.counts();
    if let Some(d) = counts.sat.as_ref().and_then(|s| s.disagreements.first()) {
        return Err(PairError::Internal(format!("SAT cross-check disagreement: {d}")));
    }
    if let Some(d) = counts.solver.disagreements.first().filter(|_| opts.second_opinion) {
        return Err(PairError::Internal(d.clone()));
    }
    let (mut pairing, mut traces) = result?;
    if let Some(f) = opts.model.as_ref().filter(|f| !f.custom.is_empty()) {
        traces.iter_mut().for_each(|tr| tr.value_own_criteria(f));
    }
    let guarded = match field {
        Field::Players(t) => crate::verify::guard(system, t, &pairing),
        Field::Teams(t) => crate::verify::guard::guard_teams(system, t, &pairing),
        Field::Double(t) => crate::verify::guard::guard_double(system, t, &pairing),
    };
    guarded.map_err(|e| PairError::Internal(e.to_string()))?;
    if let Field::Players(Tournament { preassigned_bye: Some(i), .. }) = field {
        pairing.bye = Some(*i); // entered in advance by the arbiter, kept (the rest were even)
    }
    let records = match &opts.model {
        Some(f) => crate::systems::own::records(f, field, &opts, &pairing)?,
        None => Vec::new(),
    };
    Ok(Round {
        system,
        number: field.round(),
        pairing,
        traces,
        sat: counts.sat,
        solver: opts.second_opinion.then_some(counts.solver),
        records,
    })
}

/// What the Chief Arbiter decided before the engine pairs the rest of a round (C.04.2 leaves
/// such decisions to the arbiter): pairs made by hand, and units that must play on a given board
/// (a player who needs board N).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Decisions {
    /// Pairs made by hand: (White's id, Black's id); the rest of the round is paired by the
    /// rules without them.
    pub pre_paired: Vec<(u32, u32)>,
    /// A unit's pair on board `n`: (id, n), applied in order after the board order.
    pub fixed_boards: Vec<(u32, usize)>,
}

impl Decisions {
    /// True when the arbiter decided nothing.
    pub fn is_empty(&self) -> bool {
        self.pre_paired.is_empty() && self.fixed_boards.is_empty()
    }
}

/// A round paired with the arbiter's [`Decisions`]: the pairing, and the rules the arbiter's own
/// pairs break as the independent checker states them (the arbiter's to answer for; the rest of
/// the round is paired, and checked, by the rules).
pub struct DecidedRound {
    /// The round, its pairing in board order with the arbiter's pairs and boards.
    pub round: Round,
    /// Rules the complete pairing breaks, each with its article and units (empty when none).
    pub broken: Vec<String>,
}

/// Pairs the round of `field` under `system` with the arbiter's `decisions`: the units of the
/// pairs made by hand leave the field, the rest is paired through [`pair`] (checked there), the
/// hand-made pairs join it, the boards are put in the published order and then the fixed boards
/// moved where the arbiter wants them; the whole is judged by the independent checker.
pub fn pair_with<'a>(
    field: impl Into<Field<'a>>,
    system: System,
    opts: &PairOptions,
    decisions: &Decisions,
) -> Result<DecidedRound, PairError> {
    let field = field.into();
    if decisions.is_empty() {
        return pair(field, system, opts).map(|round| DecidedRound { round, broken: Vec::new() });
    }
    let unit = field.unit().name();
    let index = |id: u32| -> Result<usize, PairError> {
        let i =
            field.index_of(id).ok_or_else(|| PairError::Invalid(format!("{unit} {id} is not in the tournament")))?;
        if !field.is_present(i) {
            return Err(PairError::Invalid(format!(
                "{unit} {id} is absent from round {}: not to be paired",
                field.round()
            )));
        }
        Ok(i)
    };
    let mut by_hand = Vec::new();
    let mut taken: Vec<usize> = Vec::new();
    for &(w, b) in &decisions.pre_paired {
        let (iw, ib) = (index(w)?, index(b)?);
        if let Some(dup) = [iw, ib].iter().find(|i| taken.contains(i)) {
            return Err(PairError::Invalid(format!("{unit} {} is in two pairs made by hand", field.id(*dup))));
        }
        if iw == ib {
            return Err(PairError::Invalid(format!("a pair made by hand pairs {unit} {w} with itself")));
        }
        taken.extend([iw, ib]);
        by_hand.push(Board { white: iw, black: ib });
    }
    let reduced = match field {
        Field::Players(t) => {
            let mut t = t.clone();
            taken.iter().for_each(|&i| t.players[i].absent = Some(crate::trf::ByeKind::Zero));
            Event::Players(t)
        }
        Field::Teams(t) => {
            let mut t = t.clone();
            taken.iter().for_each(|&i| t.teams[i].absent = Some(crate::trf::ByeKind::Zero));
            Event::Teams(t)
        }
        Field::Double(t) => {
            let mut t = t.clone();
            taken.iter().for_each(|&i| t.players[i].absent = Some(crate::trf::ByeKind::Zero));
            Event::Double(t)
        }
    };
    let mut round = pair(reduced.field(), system, opts)?;
    round.pairing.boards.extend(by_hand);
    field.sort_boards(&mut round.pairing);
    for &(id, n) in &decisions.fixed_boards {
        let i = index(id)?;
        let boards = &mut round.pairing.boards;
        let Some(at) = boards.iter().position(|b| b.white == i || b.black == i) else {
            return Err(PairError::Invalid(format!("{unit} {id} has the pairing-allocated bye: no board to fix")));
        };
        if n == 0 || n > boards.len() {
            return Err(PairError::Invalid(format!(
                "board {n} asked for {unit} {id}, but the round has {} boards",
                boards.len()
            )));
        }
        let board = boards.remove(at);
        boards.insert(n - 1, board);
    }
    let broken = crate::verify::judge(system, field, &round.pairing).iter().map(|v| v.to_string()).collect();
    Ok(DecidedRound { round, broken })
}

/// The tournament before a round, owned: what [`Field`] borrows. A file with team records (`310`
/// or TRF16 `013`) is a team tournament; a file whose `192` names the Double-Swiss system a
/// Double-Swiss one (its rounds are matches: round `k` is match `k`, TRF rounds `2k-1` and `2k`);
/// any other an individual one.
#[derive(Clone, Debug)]
pub enum Event {
    /// An individual tournament.
    Players(Tournament),
    /// A team tournament.
    Teams(TeamTournament),
    /// A Double-Swiss tournament.
    Double(DoubleTournament),
}

impl Event {
    /// The state of `doc` before `round` (see `Tournament::before_round` and
    /// `TeamTournament::before_round`); the error says what is wrong and where.
    pub fn before_round(doc: &crate::trf::TrfDocument, round: u32) -> Result<Event, String> {
        if doc.is_team_file() {
            TeamTournament::before_round(doc, round).map(Event::Teams).map_err(|e| e.message)
        } else if crate::double::encoding::is_double_swiss(doc) {
            DoubleTournament::before_round(doc, round).map(Event::Double).map_err(|e| e.message)
        } else {
            Tournament::before_round(doc, round).map(Event::Players).map_err(|e| e.message)
        }
    }

    /// The state of `doc` before the round to pair: `round`, or the next round
    /// (`tournament::round_to_pair`: never a guess); the error says what is wrong and where.
    pub fn to_pair(doc: &crate::trf::TrfDocument, round: Option<u32>) -> Result<Event, String> {
        let r = crate::tournament::round_to_pair(doc, round).map_err(|e| e.message)?;
        Event::before_round(doc, r)
    }

    /// The rounds `doc` records, as its units count them: TRF rounds, or in a Double-Swiss file
    /// matches (two TRF rounds each).
    pub fn rounds_in_file(doc: &crate::trf::TrfDocument) -> u32 {
        if crate::double::encoding::is_double_swiss(doc) {
            crate::double::encoding::match_of_column(doc.rounds_in_file())
        } else {
            doc.rounds_in_file()
        }
    }

    /// The round to pair next (a match in a Double-Swiss file; see `tournament::next_round`).
    pub fn next_round(doc: &crate::trf::TrfDocument) -> u32 {
        if crate::double::encoding::is_double_swiss(doc) {
            crate::double::encoding::next_match(doc)
        } else {
            crate::tournament::next_round(doc)
        }
    }

    /// The rounds of the tournament (`142`; in a Double-Swiss file its matches, half of it).
    pub fn total_rounds(doc: &crate::trf::TrfDocument) -> Option<u32> {
        if crate::double::encoding::is_double_swiss(doc) {
            doc.total_rounds.map(|n| n / 2)
        } else {
            doc.total_rounds
        }
    }

    /// The units, borrowed.
    pub fn field(&self) -> Field<'_> {
        match self {
            Event::Players(t) => Field::Players(t),
            Event::Teams(t) => Field::Teams(t),
            Event::Double(t) => Field::Double(t),
        }
    }

    /// The pairing recorded in `doc` for this round (for replays): its games or matches,
    /// forfeits included, and the pairing-allocated bye.
    pub fn recorded(&self, doc: &crate::trf::TrfDocument) -> Result<RoundPairing, String> {
        match self {
            Event::Players(t) => Ok(RoundPairing::recorded(doc, t)),
            Event::Teams(t) => crate::team::recorded_round(doc, t.round).map_err(|e| e.message),
            Event::Double(t) => crate::double::recorded_round(doc, t.round).map_err(|e| e.message),
        }
    }
}

/// `doc` as it stood before round `round` was paired: the rounds from `round` on taken out of
/// every player line (a Double-Swiss match is two columns), except the byes and absences entered
/// for `round` itself (no opponent), the points of each player reduced by the results taken
/// out, and the team records of those rounds (`320` byes, `330` forfeited matches, `300`
/// line-ups, `240` byes after `round`) dropped, the `310` totals counted again. What `pair
/// --round R --format trf` writes the re-paired round into.
pub fn document_before(doc: &crate::trf::TrfDocument, round: u32) -> crate::trf::TrfDocument {
    use crate::points::Points;
    let double = crate::double::encoding::is_double_swiss(doc);
    let (keep, own) = if double {
        let (c1, c2) = crate::double::encoding::columns(round);
        ((c1 - 1) as usize, (c1 as usize..=c2 as usize).collect::<Vec<_>>())
    } else {
        ((round - 1) as usize, vec![round as usize])
    };
    let mut out = doc.clone();
    let ps = doc.point_system;
    // The points of a player's entries (a Double-Swiss bye of a whole match counted once).
    let worth = |rounds: &[Option<crate::trf::RoundEntry>]| -> Points {
        if double {
            return crate::double::encoding::points_of_columns(rounds, &ps);
        }
        rounds
            .iter()
            .flatten()
            .map(|e| {
                let played = e.opponent.is_some() && e.result.is_played_game();
                e.result.points(if played { e.colour } else { None }, &ps)
            })
            .sum()
    };
    for p in &mut out.players {
        let mut kept: Vec<Option<crate::trf::RoundEntry>> = p.rounds.iter().take(keep).copied().collect();
        for &column in &own {
            let absence = p
                .rounds
                .get(column - 1)
                .copied()
                .flatten()
                .filter(|e| e.opponent.is_none() && e.result != crate::trf::ResultCode::PairingBye);
            if let Some(a) = absence {
                kept.resize(column - 1, None);
                kept.push(Some(a));
            }
        }
        let removed = worth(&p.rounds) - worth(&kept);
        p.rounds = kept;
        p.points = p.points.map(|x| x - removed);
    }
    let before = round.saturating_sub(1);
    if let Some(pab) = out.team_pab.as_mut() {
        pab.teams.truncate(before as usize);
    }
    out.forfeited_matches.retain(|m| m.round < round);
    out.out_of_order.retain(|o| o.round < round);
    out.announced_byes.retain(|b| b.round.is_none_or(|r| r <= round));
    if out.is_team_file() && out.teams.iter().any(|t| t.match_points.is_some() || t.game_points.is_some()) {
        if let Ok(t) = crate::team::through_round(&out, before.max(1)) {
            for rec in &mut out.teams {
                if let Some(team) = t.teams.iter().find(|x| x.tpn == rec.tpn) {
                    let (mp, gp) =
                        if before == 0 { (Points::ZERO, Points::ZERO) } else { (team.match_points, team.game_points) };
                    rec.match_points = rec.match_points.map(|_| mp);
                    rec.game_points = rec.game_points.map(|_| gp);
                }
            }
        }
    }
    out
}

/// `doc` read as the record of a finished event, for replaying it (`check`, `batch replay`, the
/// drop-in `-c`): the initial colour from its recorded round 1 when unstated
/// ([`with_recorded_initial_colour`]), and the number of rounds, when neither `XXR` nor `142`
/// states it, the rounds in the file, so that its last round is the final one (C.04.3 A.7 /
/// 2026 1.8: topscorers exist "when pairing the final round"), as bbpPairings' `-c` reads such a
/// file. A tournament in progress should state its rounds.
pub fn as_recorded(doc: crate::trf::TrfDocument) -> crate::trf::TrfDocument {
    let mut doc = with_recorded_initial_colour(doc);
    if doc.total_rounds.is_none() && doc.rounds_in_file() > 0 {
        doc.total_rounds = Some(if crate::double::encoding::is_double_swiss(&doc) {
            2 * crate::double::encoding::match_of_column(doc.rounds_in_file()) // 142 counts games
        } else {
            doc.rounds_in_file()
        });
    }
    doc
}

/// `doc` with its initial colour stated when the file leaves it out but its recorded round 1
/// shows it, so that round 1 can be replayed (`check`, `batch replay`): for players the engines'
/// inference rule (`tournament::recorded_initial_colour`), for teams C.04.6 4.1 read back by
/// 4.3.1 (the team state's own rule), for Double-Swiss 4.3.1 the same way. The later rounds read the same colour from round 1 anyway.
pub fn with_recorded_initial_colour(mut doc: crate::trf::TrfDocument) -> crate::trf::TrfDocument {
    if doc.initial_colour.is_none() {
        doc.initial_colour = if doc.is_team_file() {
            crate::team::through_round(&doc, 1).ok().and_then(|t| t.initial_colour)
        } else if crate::double::encoding::is_double_swiss(&doc) {
            crate::double::through_round(&doc, 1).ok().and_then(|t| t.initial_colour)
        } else {
            crate::tournament::recorded_initial_colour(&doc)
        };
    }
    doc
}

impl<'a> From<&'a Event> for Field<'a> {
    fn from(e: &'a Event) -> Field<'a> {
        e.field()
    }
}

impl Field<'_> {
    /// The pairs format of the established engines: the number of lines, then `white black` ids
    /// per pair (for teams: the team with White on board 1 first), then `id 0` for the bye.
    pub fn pairs_text(&self, pairing: &RoundPairing) -> String {
        match self {
            Field::Players(t) => pairing.to_pairs_text(t),
            Field::Teams(t) => crate::team::lineup::pairs_text(t, pairing),
            Field::Double(t) => crate::double::output::pairs_text(t, pairing),
        }
    }

    /// Puts the boards of `pairing` in the published board order of the kind of event (players:
    /// `RoundPairing::sort_boards`; teams and Double-Swiss: C.04.2 3.6 as the systems order them).
    pub fn sort_boards(&self, pairing: &mut RoundPairing) {
        match self {
            Field::Players(t) => pairing.sort_boards(t),
            Field::Teams(t) => {
                crate::systems::sort_match_boards(&mut pairing.boards, |i| t.score(i), |i| t.teams[i].tpn)
            }
            Field::Double(t) => {
                crate::systems::sort_match_boards(&mut pairing.boards, |i| t.score(i), |i| t.players[i].tpn)
            }
        }
    }

    /// A copy of `doc` with `pairing` written into the round (results pending).
    pub fn into_document(&self, pairing: &RoundPairing, doc: &crate::trf::TrfDocument) -> crate::trf::TrfDocument {
        match self {
            Field::Players(t) => pairing.into_document(t, doc),
            Field::Teams(t) => crate::team::lineup::into_document(t, doc, pairing),
            Field::Double(t) => crate::double::output::into_document(t, doc, pairing),
        }
    }

    /// The pairing with units named by id, as JSON: `boards` (`board`, `white`, `black`; for
    /// teams each match with its `boards`: board, white player, black player; for Double-Swiss
    /// each match with its two `games`: game, white, black) and `bye`.
    pub fn pairing_json(&self, pairing: &RoundPairing) -> serde_json::Value {
        let bye = pairing.bye.map(|i| self.id(i));
        match self {
            Field::Players(t) => serde_json::json!({
                "boards": pairing.boards.iter().enumerate().map(|(k, b)| serde_json::json!({
                    "board": k + 1, "white": t.players[b.white].id, "black": t.players[b.black].id,
                })).collect::<Vec<_>>(),
                "bye": bye,
            }),
            Field::Teams(t) => serde_json::json!({
                "boards": crate::team::lineup::matches(t, pairing).iter().enumerate().map(|(k, m)| serde_json::json!({
                    "board": k + 1, "white": m.white, "black": m.black,
                    "boards": m.boards.iter().map(|b| serde_json::json!({
                        "board": b.board, "white": b.white, "black": b.black,
                    })).collect::<Vec<_>>(),
                })).collect::<Vec<_>>(),
                "bye": bye,
            }),
            Field::Double(t) => serde_json::json!({
                "boards": pairing.boards.iter().enumerate().map(|(k, b)| {
                    let (w, bl) = (t.players[b.white].id, t.players[b.black].id);
                    serde_json::json!({
                        "board": k + 1, "white": w, "black": bl,
                        "games": [
                            serde_json::json!({"game": 1, "white": w, "black": bl}),
                            serde_json::json!({"game": 2, "white": bl, "black": w}),
                        ],
                    })
                }).collect::<Vec<_>>(),
                "bye": bye,
            }),
        }
    }
}
