//! Builds a [`Tournament`] from a TRF document for a given round to pair.

use super::{colour, floats::RoundFacts, PastRound, Player, Tournament};
use crate::points::Points;
use crate::trf::{ByeKind, Colour, IdIndex, ResultCode, RoundEntry, TrfDocument};
use std::fmt;

/// A document that cannot be paired for the requested round.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TournamentError {
    /// What is wrong, for the user.
    pub message: String,
}

impl fmt::Display for TournamentError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TournamentError {}

fn err<T>(message: String) -> Result<T, TournamentError> {
    Err(TournamentError { message })
}

/// The round after the last one in which a game was paired. Byes and absences entered in
/// advance for that round (`0000 - H`, `0000 - Z`, and a pairing-allocated bye `0000 - U` set
/// for some players only, which [`Tournament::before_round`] then refuses rather than drops) do
/// not count as pairing; a round before it in which nobody was paired (a cancelled round: every
/// player `0000 - H`) is history, not the round to pair.
pub fn next_round(doc: &TrfDocument) -> u32 {
    let paired_in = |r: usize| {
        doc.players.iter().any(|p| match p.rounds.get(r) {
            Some(Some(e)) => e.opponent.is_some(),
            _ => false,
        })
    };
    let longest = doc.players.iter().map(|p| p.rounds.len()).max().unwrap_or(0);
    let last_paired = (0..longest).rev().find(|&r| paired_in(r)).map_or(0, |r| r + 1);
    u32::try_from(last_paired).map_or(u32::MAX, |r| r.saturating_add(1))
}

/// The round to pair: `requested`, or the next round. Never a guess: a round beyond the next
/// one (rounds in between would be unpaired) and a round whose history still has results
/// pending are refused with the reason. A round before the next one is re-paired from the
/// history before it (later rounds are ignored), as `check` does.
///
/// In a Double-Swiss file (`192 FIDE_DOUBLESWISS`) a round is a match of two TRF rounds: the
/// number is the match's (`double::encoding::match_to_pair`).
pub fn round_to_pair(doc: &TrfDocument, requested: Option<u32>) -> Result<u32, TournamentError> {
    if crate::double::encoding::is_double_swiss(doc) {
        return crate::double::encoding::match_to_pair(doc, requested).map_err(|message| TournamentError { message });
    }
    let next = next_round(doc);
    let round = requested.unwrap_or(next);
    if round > next {
        let paired = match next {
            1 => "no round is paired yet".to_string(),
            2 => "only round 1 is paired".to_string(),
            n => format!("rounds 1-{} are paired", n - 1),
        };
        return err(format!("round {round} cannot be paired: {paired}, so the round to pair is {next}"));
    }
    pending_results(doc, round)?;
    if requested.is_none() {
        finished(doc, round)?;
    }
    Ok(round)
}

/// True when every round the file states (XXR / 142) is paired: there is no round left to pair,
/// and the state worth showing is the one after the last round (`Tournament::after_round`;
/// for teams `team::through_round`).
pub fn is_finished(doc: &TrfDocument) -> bool {
    doc.total_rounds.is_some_and(|total| next_round(doc) > total)
}

/// A tournament whose stated rounds are all paired has no next round: said as such, with the
/// line that states the number of rounds (a lichess export states the rounds set for the event,
/// which are all played when it ends).
fn finished(doc: &TrfDocument, next: u32) -> Result<(), TournamentError> {
    let Some(total) = doc.total_rounds.filter(|&t| next > t) else {
        return Ok(());
    };
    let stated = match &doc.notes.total_rounds_at {
        // `XXR 9 on line 4`, `142 9 on line 2`: the tag as it is written.
        Some((line, field)) => format!("{} {total} on line {line}", field.split(' ').next().unwrap_or(field)),
        None => format!("{total} rounds"),
    };
    err(format!(
        "the tournament is finished: all {total} rounds are paired ({stated}), so there is no round {next} to \
         pair; `lexpair state` and `lexpair standings` show the state after round {total} (to pair another round, \
         raise the number of rounds)"
    ))
}

/// The rounds before `round` must have their results: a game with no result (as `--format trf`
/// writes a freshly paired round) is neither played nor unplayed, so its players' scores,
/// colours and meetings are unknown and any pairing would be a guess.
fn pending_results(doc: &TrfDocument, round: u32) -> Result<(), TournamentError> {
    for p in &doc.players {
        for (k, e) in p.rounds.iter().enumerate().take(round.saturating_sub(1) as usize) {
            if let Some(RoundEntry { opponent: Some(o), result: ResultCode::Pending, .. }) = e {
                let r = k + 1;
                let col = 99 + 10 * k;
                return err(crate::trf::at(
                    p.line,
                    col,
                    format!(
                        "round {r} result (column {col}): round {r} has results pending (player {} against {o} has \
                         no result); enter the results of round {r} before pairing round {round}",
                        p.id
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// A round entered for some players only, which cannot be paired without asking what is meant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialRound {
    /// The round entered partly, 1-based.
    pub round: u32,
    /// TRF ids of the players with an entry in `round`.
    pub entered: Vec<u32>,
    /// TRF ids of the players with none.
    pub missing: Vec<u32>,
    /// `round` is the round to pair (a bye set in advance), not the last round paired.
    pub in_advance: bool,
    /// The rounds are the matches of a Double-Swiss file (`--round` counts matches).
    pub matches: bool,
}

/// TRF ids as ranges: `1-6, 8, 10-23`.
fn id_ranges(ids: &[u32]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut k = 0;
    while k < ids.len() {
        let mut j = k;
        while j + 1 < ids.len() && ids[j + 1] == ids[j] + 1 {
            j += 1;
        }
        parts.push(if j > k { format!("{}-{}", ids[k], ids[j]) } else { ids[k].to_string() });
        k = j + 1;
    }
    parts.join(", ")
}

impl fmt::Display for PartialRound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (r, total) = (self.round, self.entered.len() + self.missing.len());
        let (entered, missing) = (id_ranges(&self.entered), id_ranges(&self.missing));
        // `--round` counts what the file's units play: matches in a Double-Swiss file.
        let unit = if self.matches { "match" } else { "round" };
        if self.in_advance {
            write!(
                f,
                "{unit} {r}, the {unit} to pair, already holds entries for {} of {total} players ({entered}; \
                 a pairing-allocated bye among them) and none for {missing}: give --round {r} to pair {unit} {r} \
                 keeping those entries (the bye stays where it is and that player is not paired)",
                self.entered.len()
            )
        } else {
            write!(
                f,
                "{unit} {r} holds entries for {} of {total} players ({entered}) and none for {missing}, so it \
                 counts as played with {missing} absent: complete {unit} {r}, or give --round {} to pair {unit} {} so",
                self.entered.len(),
                r + 1,
                r + 1
            )
        }
    }
}

/// The round a pairing request would take from the file when some players have entries in it
/// and others none: the last round paired (a player with no entry there counts as absent), or
/// the round to pair holding a pairing-allocated bye entered in advance. `None` when every
/// player has an entry in the last round paired and no bye is preset.
pub fn partial_round(doc: &TrfDocument) -> Option<PartialRound> {
    if crate::double::encoding::is_double_swiss(doc) {
        return crate::double::encoding::partial_match(doc);
    }
    let next = next_round(doc);
    let split = |r: u32| -> (Vec<u32>, Vec<u32>) {
        let mut ids: Vec<(u32, bool)> = doc.players.iter().map(|p| (p.id, entry(&p.rounds, r).is_some())).collect();
        ids.sort_unstable();
        let entered = ids.iter().filter(|x| x.1).map(|x| x.0).collect();
        let missing = ids.iter().filter(|x| !x.1).map(|x| x.0).collect();
        (entered, missing)
    };
    let games_in_next = doc.players.iter().any(|p| entry(&p.rounds, next).is_some_and(|e| e.opponent.is_some()));
    let pab_in_next = doc
        .players
        .iter()
        .any(|p| entry(&p.rounds, next).is_some_and(|e| e.opponent.is_none() && e.result == ResultCode::PairingBye));
    if pab_in_next && !games_in_next {
        let (entered, missing) = split(next);
        return Some(PartialRound { round: next, entered, missing, in_advance: true, matches: false });
    }
    if next > 1 {
        let (entered, missing) = split(next - 1);
        if !missing.is_empty() {
            return Some(PartialRound { round: next - 1, entered, missing, in_advance: false, matches: false });
        }
    }
    None
}

fn entry(doc_rounds: &[Option<RoundEntry>], r: u32) -> Option<RoundEntry> {
    doc_rounds.get(r as usize - 1).copied().flatten()
}

impl Tournament {
    /// The state before round `round` (1-based): rounds `1..round` of `doc` are history; entries
    /// of round `round` itself only tell who is absent (a bye with no opponent other than the PAB).
    pub fn before_round(doc: &TrfDocument, round: u32) -> Result<Tournament, TournamentError> {
        if round == 0 {
            return err("round numbers start at 1".into());
        }
        pending_results(doc, round)?;
        if let Some(t) = doc.total_rounds {
            if round > t {
                return err(format!("round {round} cannot be paired: the tournament has {t} rounds (XXR/142)"));
            }
        }
        let order = pairing_order(doc);
        let index = IdIndex::of(order.iter().enumerate().map(|(i, &k)| (doc.players[k].id, i)));
        let ps = doc.point_system;
        let accel = |id: u32, r: u32| -> Points {
            doc.accelerations
                .iter()
                .filter(|a| a.player == id)
                .filter_map(|a| a.points.get(r as usize - 1).copied())
                .sum()
        };
        let n = order.len();
        let recs: Vec<&crate::trf::PlayerRecord> = order.iter().map(|&k| &doc.players[k]).collect();

        // Scores before each round r (index r-1), actual points only.
        // Sized once each (`vec![Vec::with_capacity(..); n]` would clone an empty vector).
        let mut before: Vec<Vec<Points>> = (0..n).map(|_| Vec::with_capacity(round as usize)).collect();
        let mut running = vec![Points::ZERO; n];
        let mut scored: Vec<Vec<Points>> = (0..n).map(|_| Vec::with_capacity(round as usize)).collect();
        for r in 1..round {
            for i in 0..n {
                before[i].push(running[i]);
                let e = entry(&recs[i].rounds, r).unwrap_or(RoundEntry::bye(ResultCode::ZeroBye));
                let played = e.opponent.is_some() && e.result.is_played_game();
                let pts = e.result.points(if played { e.colour } else { None }, &ps);
                scored[i].push(pts);
                running[i] += pts;
            }
        }

        let mut players = Vec::with_capacity(n);
        let national = super::attributes::national_records(doc);
        for (i, rec) in recs.iter().enumerate() {
            let mut history = Vec::with_capacity(round as usize);
            for r in 1..round {
                let e = entry(&rec.rounds, r).unwrap_or(RoundEntry::bye(ResultCode::ZeroBye));
                let opponent = match e.opponent {
                    Some(id) => Some(*index.get(&id).ok_or_else(|| TournamentError {
                        message: format!("player {} meets unknown player {id} in round {r}", rec.id),
                    })?),
                    None => None,
                };
                let played = opponent.is_some() && e.result.is_played_game();
                let ri = r as usize - 1;
                let own = before[i][ri] + accel(rec.id, r);
                let opp_score = opponent.filter(|_| played).map(|o| before[o][ri] + accel(recs[o].id, r));
                let points = scored[i][ri];
                history.push(PastRound {
                    opponent,
                    colour: if played { e.colour } else { None },
                    result: e.result,
                    points,
                    facts: RoundFacts {
                        played,
                        own_score: own,
                        opponent_score: opp_score,
                        pab: e.result == ResultCode::PairingBye,
                        points,
                        loss_points: ps.loss(),
                    },
                });
            }
            let mut player = make_player(rec, i, history, &recs, doc, round, running[i], accel(rec.id, round));
            player.attributes = super::attributes::Attributes::of(rec, &national);
            players.push(player);
        }
        let preassigned_bye = mark_absences(doc, round, &index, &mut players)?;
        let forbidden = forbidden_pairs(doc, round, &index)?;
        let initial_colour = doc.initial_colour.or_else(|| infer_initial_colour(&recs, round));
        Ok(Tournament {
            round,
            total_rounds: doc.total_rounds,
            point_system: ps,
            initial_colour,
            players,
            forbidden,
            preassigned_bye,
        })
    }
}

#[allow(clippy::too_many_arguments)]
fn make_player(
    rec: &crate::trf::PlayerRecord,
    i: usize,
    history: Vec<PastRound>,
    recs: &[&crate::trf::PlayerRecord],
    doc: &TrfDocument,
    round: u32,
    score: Points,
    acceleration: Points,
) -> Player {
    let ps = &doc.point_system;
    let colours: Vec<Colour> = history.iter().filter_map(|h| h.colour).collect();
    let opponents: Vec<usize> = history.iter().filter(|h| h.facts.played).filter_map(|h| h.opponent).collect();
    let ratings: Vec<u64> = opponents.iter().map(|&o| recs[o].rating as u64).collect();
    let aro = (!ratings.is_empty()).then(|| {
        let (s, k) = (ratings.iter().sum::<u64>(), ratings.len() as u64);
        ((2 * s + k) / (2 * k)) as u32 // rounded half up
    });
    let _ = round;
    Player {
        id: rec.id,
        pairing_number: if doc.use_rank_order { i as u32 + 1 } else { rec.id },
        name: rec.name.clone(),
        rating: rec.rating,
        score,
        acceleration,
        colour_difference: colour::colour_difference(&colours),
        preference: colour::preference(&colours),
        colours,
        opponents,
        had_pab: history.iter().any(|h| h.result == ResultCode::PairingBye),
        had_forfeit_win: history.iter().any(|h| h.result == ResultCode::ForfeitWin),
        // C.04.1 Art. 4 (2026): a PAB of any value (BBU 0.5 included), or a win's points scored
        // without playing, in one round.
        unplayed_win_rounds: history
            .iter()
            .filter(|h| h.facts.pab || (!h.facts.played && h.points >= ps.win() && h.points.0 > 0))
            .count() as u32,
        unplayed_rounds: history.iter().filter(|h| !h.facts.played).count() as u32,
        aro,
        absent: None,
        history,
        attributes: super::attributes::Attributes::default(),
    }
}

/// Absences in the round to pair: `0000 - H|F|Z|-` entries of that round, XXZ lines, 240 records;
/// and a pairing-allocated bye entered in advance (`0000 - U` while no game of the round is
/// entered), which is kept: that player is not paired (returned, to be written as the round's
/// bye). A recorded round, as `check` replays it, has games beside its U, which is then the
/// engine's choice to re-make, not an arbiter's entry.
fn mark_absences(
    doc: &TrfDocument,
    round: u32,
    index: &IdIndex,
    players: &mut [Player],
) -> Result<Option<usize>, TournamentError> {
    let games_entered = doc.players.iter().any(|p| entry(&p.rounds, round).is_some_and(|e| e.opponent.is_some()));
    let preset: Vec<&crate::trf::PlayerRecord> = if games_entered {
        Vec::new()
    } else {
        doc.players
            .iter()
            .filter(|p| {
                entry(&p.rounds, round).is_some_and(|e| e.opponent.is_none() && e.result == ResultCode::PairingBye)
            })
            .collect()
    };
    if preset.len() > 1 {
        return err(format!(
            "lines {} and {}: players {} and {} both have a pairing-allocated bye (U) entered in advance for round {round}; \
             a round has at most one (C.04.1)",
            preset[0].line, preset[1].line, preset[0].id, preset[1].id
        ));
    }
    let mut preassigned = None;
    if let Some(p) = preset.first() {
        if let Some(&i) = index.get(&p.id) {
            players[i].absent = Some(ByeKind::Full); // not paired; the U itself is kept
            preassigned = Some(i);
        }
    }
    for rec in &doc.players {
        // A round whose games are entered (a round re-paired or replayed): a player with a
        // blank field in it was not paired, as both endorsed engines read it (JaVaFo's own
        // generator leaves a withdrawn player's fields blank). In the round to pair a blank
        // field is a present player (the JaVaFo AUM, "Unusual info extensions").
        if games_entered && entry(&rec.rounds, round).is_none() {
            if let Some(&i) = index.get(&rec.id) {
                players[i].absent = Some(ByeKind::Zero);
            }
            continue;
        }
        if let Some(e) = entry(&rec.rounds, round) {
            let kind = match e.result {
                _ if e.opponent.is_some() => None,
                ResultCode::HalfBye => Some(ByeKind::Half),
                ResultCode::FullBye => Some(ByeKind::Full),
                // `0000 - -`: lichess marks a player who left so for the round to come (lila
                // SwissTrf, after the JaVaFo AUM "Unusual info extensions"), and bbpPairings
                // reads it as a zero-point absence.
                ResultCode::ZeroBye | ResultCode::ForfeitLoss => Some(ByeKind::Zero),
                _ => None,
            };
            if let (Some(k), Some(&i)) = (kind, index.get(&rec.id)) {
                players[i].absent = Some(k);
            }
        }
    }
    for b in doc.announced_byes.iter().filter(|b| b.round.is_none_or(|r| r == round)) {
        for id in &b.players {
            let &i = index
                .get(id)
                .ok_or_else(|| TournamentError { message: format!("announced bye for unknown player {id}") })?;
            players[i].absent = Some(b.kind);
        }
    }
    if let Some(i) = preassigned {
        let rest = players.iter().filter(|p| p.absent.is_none()).count();
        if rest % 2 == 1 {
            return err(format!(
                "player {} has the pairing-allocated bye entered in advance for round {round}, but the {rest} other \
                 players to pair are odd in number: one of them would need a second bye",
                players[i].id
            ));
        }
    }
    Ok(preassigned)
}

fn forbidden_pairs(doc: &TrfDocument, round: u32, index: &IdIndex) -> Result<super::Forbidden, TournamentError> {
    let mut out = super::Forbidden::new();
    for g in doc.forbidden.iter().filter(|g| g.rounds.is_none_or(|(a, b)| a <= round && round <= b)) {
        let mut idx = Vec::with_capacity(g.players.len());
        for id in &g.players {
            idx.push(
                *index.get(id).ok_or_else(|| TournamentError {
                    message: format!("forbidden pairing names unknown player {id}"),
                })?,
            );
        }
        out.add_group(idx);
    }
    Ok(out)
}

/// The initial colour when the file does not state it (bbpPairings' rule): in the first round F
/// with a colour, the colour of the highest player who took part in pairings up to F, reversed
/// once for every higher participant without a colour in F.
fn infer_initial_colour(recs: &[&crate::trf::PlayerRecord], round: u32) -> Option<Colour> {
    let first = (1..round).find(|&r| recs.iter().any(|p| entry(&p.rounds, r).is_some_and(|e| e.colour.is_some())))?;
    let participated = |p: &crate::trf::PlayerRecord| {
        (1..=first)
            .any(|r| entry(&p.rounds, r).is_some_and(|e| e.opponent.is_some() || e.result == ResultCode::PairingBye))
    };
    for (flips, p) in recs.iter().filter(|p| participated(p)).enumerate() {
        if let Some(c) = entry(&p.rounds, first).and_then(|e| e.colour) {
            return Some(if flips % 2 == 0 { c } else { c.opposite() });
        }
    }
    None
}

/// The initial colour that the recorded rounds of an individual file show (the engines'
/// inference rule above, applied to every round of the file): how a file that does not state it
/// can have its round 1 replayed. See `round::with_recorded_initial_colour`.
pub fn recorded_initial_colour(doc: &TrfDocument) -> Option<Colour> {
    let recs: Vec<&crate::trf::PlayerRecord> = pairing_order(doc).into_iter().map(|k| &doc.players[k]).collect();
    infer_initial_colour(&recs, doc.rounds_in_file().saturating_add(1))
}

impl Tournament {
    /// The state after round `r`: what round `r + 1` would start from, also when `r` is the last
    /// round of the tournament (then `round` is past `total_rounds`: the tournament is finished,
    /// and nobody is absent from a round that will not be played).
    pub fn after_round(doc: &TrfDocument, r: u32) -> Result<Tournament, TournamentError> {
        let mut open = doc.clone();
        open.total_rounds = None; // the state after the last round is built like any other
        let mut t = Tournament::before_round(&open, r.saturating_add(1))?;
        t.total_rounds = doc.total_rounds;
        Ok(t)
    }

    /// True when every stated round is played: the state after the last round.
    pub fn is_finished(&self) -> bool {
        self.total_rounds.is_some_and(|total| self.round > total)
    }
}

/// The players of `doc` (indices into `doc.players`) in pairing-number order: by starting rank,
/// or by position in the file with `XXC rank`.
pub fn pairing_order(doc: &TrfDocument) -> Vec<usize> {
    let mut order: Vec<usize> = (0..doc.players.len()).collect();
    if !doc.use_rank_order {
        order.sort_by_key(|&k| doc.players[k].id);
    }
    order
}
