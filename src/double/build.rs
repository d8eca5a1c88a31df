//! Builds a [`DoubleTournament`] from a Double-Swiss TRF file (the encoding of [`super::encoding`])
//! for a given match to pair. Each rule of the text that turns the file into facts is here once,
//! citing its article; those after 1.3.2 are readings of a reconstructed text (`docs/double-swiss.md`).

use super::encoding::{self, Code, MatchEntry};
use super::{DoubleTournament, DsPlayer};
use crate::matches::{BoardResult, MatchKind, MatchRound, TeamFloat};
use crate::points::Points;
use crate::trf::{ByeKind, Colour, ResultCode, RoundEntry, TrfDocument};
use std::collections::HashMap;
use std::fmt;

/// A Double-Swiss file that cannot be paired for the requested match, or breaks the encoding: the
/// message names the line (or record), the match and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DoubleStateError {
    /// What is wrong, and where.
    pub message: String,
}

impl fmt::Display for DoubleStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for DoubleStateError {}

fn err<T>(message: impl Into<String>) -> Result<T, DoubleStateError> {
    Err(DoubleStateError { message: message.into() })
}

impl DoubleTournament {
    /// The state before match `k` (1-based): matches `1..k` of `doc` are history; entries of match
    /// `k` itself only tell who is absent. Refuses a file that is not Double-Swiss, breaks the
    /// encoding, or asks for a match beyond `142`.
    pub fn before_round(doc: &TrfDocument, k: u32) -> Result<DoubleTournament, DoubleStateError> {
        if let Some(n) = encoding::total_matches(doc).map_err(|message| DoubleStateError { message })? {
            if k > n {
                return err(format!("match {k} cannot be paired: the tournament has {n} matches (142 = {})", 2 * n));
            }
        }
        build(doc, k, true)
    }
}

/// The players and their matches through match `k` (what match `k` recorded, for replays and
/// standings), without reading absences.
pub fn through_round(doc: &TrfDocument, k: u32) -> Result<DoubleTournament, DoubleStateError> {
    build(doc, k + 1, false)
}

/// The facts of one match of one player, from the player's side.
struct Side {
    kind: MatchKind,
    match_points: Points,
    opponent: Option<usize>,
    colour: Option<Colour>,
    scheduled: Option<Colour>,
    games: Vec<BoardResult>,
    points: Points,
}

fn forfeited_both(games: &[RoundEntry; 2]) -> bool {
    games.iter().all(|g| g.result == ResultCode::ForfeitLoss)
}

/// One match of a player against an opponent, from the player's side (`mine`) with the
/// opponent's entries (`theirs`).
fn played_side(
    id: u32,
    opponent: (usize, u32),
    mine: &[RoundEntry; 2],
    theirs: &[RoundEntry; 2],
    ps: &crate::points::PointSystem,
) -> Side {
    // Preface: a match "ends by forfeit only if at least one player forfeits both games"; then it
    // is no meeting, and the player who did not forfeit both won it by forfeit ([C2]).
    let (i_forfeit, they_forfeit) = (forfeited_both(mine), forfeited_both(theirs));
    let kind = match (i_forfeit, they_forfeit) {
        (false, false) => MatchKind::Played,
        (false, true) => MatchKind::ForfeitWin,
        (true, _) => MatchKind::ForfeitLoss,
    };
    // 1.6: the match colour is the one scheduled for game 1, when at least one game was played.
    let any_played = mine.iter().any(|g| g.result.is_played_game());
    let scheduled = mine[0].colour;
    let colour = if kind == MatchKind::Played && any_played { scheduled } else { None };
    let games: Vec<BoardResult> = mine
        .iter()
        .enumerate()
        .map(|(k, g)| {
            let played = g.result.is_played_game();
            BoardResult {
                board: k + 1,
                player: id,
                opponent: Some(opponent.1),
                colour: g.colour,
                result: g.result,
                points: g.result.points(if played { g.colour } else { None }, ps),
            }
        })
        .collect();
    let points: Points = games.iter().map(|g| g.points).sum();
    let theirs_points: Points =
        theirs.iter().map(|g| g.result.points(if g.result.is_played_game() { g.colour } else { None }, ps)).sum();
    let (win, draw, loss) = super::MATCH_POINTS;
    let match_points = match points.cmp(&theirs_points) {
        std::cmp::Ordering::Greater => win,
        std::cmp::Ordering::Equal if points > Points::ZERO => draw,
        std::cmp::Ordering::Equal if kind == MatchKind::Played => draw,
        std::cmp::Ordering::Equal => loss, // a double forfeit
        std::cmp::Ordering::Less => loss,
    };
    Side { kind, match_points, opponent: Some(opponent.0), colour, scheduled, games, points }
}

fn bye_side(id: u32, code: ResultCode, ps: &crate::points::PointSystem) -> Side {
    let kind = match code {
        ResultCode::PairingBye => MatchKind::PairingBye,
        ResultCode::FullBye => MatchKind::Bye(ByeKind::Full),
        ResultCode::HalfBye => MatchKind::Bye(ByeKind::Half),
        _ => MatchKind::Bye(ByeKind::Zero),
    };
    // 1.4: the PAB is worth the file's `P` once for the match; the competition's byes are worth
    // their value in each game column (`F` twice: two games won; `H` twice: two drawn).
    let points = match kind {
        MatchKind::PairingBye => encoding::pab_points(ps),
        _ => Points(code.points(None, ps).0 * 2),
    };
    let games = (1..=2)
        .map(|k| BoardResult { board: k, player: id, opponent: None, colour: None, result: code, points: Points::ZERO })
        .collect();
    let (win, draw, _) = super::MATCH_POINTS;
    let match_points = match kind {
        MatchKind::PairingBye | MatchKind::Bye(ByeKind::Full) => win,
        MatchKind::Bye(ByeKind::Half) => draw,
        _ => Points::ZERO,
    };
    Side { kind, match_points, opponent: None, colour: None, scheduled: None, games, points }
}

/// C.04.7 as lexpair reads it for Double-Swiss (`FIDE_DOUBLESWISS_BAKU` without `250` records):
/// the schedule of C.04.7 1.2-1.4 over the matches, the players by TPN, with "the points for a
/// win" read as a match's: two games won (MarkDechamps' reading).
fn baku_schedule(
    ids: &[u32],
    matches: Option<u32>,
    ps: &crate::points::PointSystem,
) -> Result<Vec<crate::trf::Acceleration>, DoubleStateError> {
    let at = |e: String| DoubleStateError { message: format!("record 192 {}: {e}", encoding::BAKU_CODE) };
    let game_win = crate::tournament::acceleration::baku_premise(ps).map_err(at)?;
    let matches =
        matches.ok_or_else(|| at("the number of matches is needed (tag 142, two game columns each)".into()))?;
    Ok(crate::tournament::acceleration::baku_schedule(ids, matches, Points(2 * game_win.0)))
}

fn build(doc: &TrfDocument, k: u32, absences_of_round: bool) -> Result<DoubleTournament, DoubleStateError> {
    let code = match encoding::code(doc) {
        Some(Ok(c)) => c,
        Some(Err(message)) => return err(message),
        None => {
            return err(format!(
                "record 192 does not name the Double-Swiss system ({}, or {}): lexpair reads a two-game match as \
                 two TRF rounds only under that code",
                encoding::CODE,
                encoding::BAKU_CODE
            ))
        }
    };
    if doc.is_team_file() {
        return err("a Double-Swiss file cannot have team records (310 or 013): its units are players");
    }
    if k == 0 {
        return err("match numbers start at 1");
    }
    let total_matches = encoding::total_matches(doc).map_err(|message| DoubleStateError { message })?;
    let mut order: Vec<usize> = (0..doc.players.len()).collect();
    order.sort_by_key(|&i| doc.players[i].id);
    let records: Vec<&crate::trf::PlayerRecord> = order.iter().map(|&i| &doc.players[i]).collect();
    let index: HashMap<u32, usize> = records.iter().enumerate().map(|(i, p)| (p.id, i)).collect();
    let n = records.len();
    let ps = doc.point_system;
    // Virtual points of match m: the `250` records' (read at game 1's column), else Baku's.
    let baku = if code == Code::Baku && doc.accelerations.is_empty() {
        let ids: Vec<u32> = records.iter().map(|p| p.id).collect();
        baku_schedule(&ids, total_matches, &ps)?
    } else {
        Vec::new()
    };
    let virtual_points = |i: usize, m: u32| -> Points {
        let id = records[i].id;
        let column = |a: &crate::trf::Acceleration, c: u32| a.points.get(c as usize - 1).copied();
        let stated =
            doc.accelerations.iter().filter(|a| a.player == id).filter_map(|a| column(a, encoding::columns(m).0));
        let computed = baku.iter().filter(|a| a.player == id).filter_map(|a| column(a, m));
        stated.chain(computed).sum()
    };

    let mut history: Vec<Vec<MatchRound>> = vec![Vec::with_capacity(k as usize); n];
    let mut score = vec![Points::ZERO; n];
    let mut match_points = vec![Points::ZERO; n];
    for m in 1..k {
        let before: Vec<Points> = (0..n).map(|i| score[i] + virtual_points(i, m)).collect();
        let entries: Vec<Option<MatchEntry>> = records
            .iter()
            .map(|p| encoding::match_entry(p, m))
            .collect::<Result<_, _>>()
            .map_err(|message| DoubleStateError { message })?;
        for i in 0..n {
            let id = records[i].id;
            let side = match entries[i] {
                Some(MatchEntry::Games { opponent, games }) => {
                    let Some(&j) = index.get(&opponent) else {
                        return err(crate::trf::at(
                            records[i].line,
                            92 + 20 * (m as usize - 1),
                            format!("match {m}: player {id}: opponent {opponent} is not a player"),
                        ));
                    };
                    let theirs = match entries[j] {
                        Some(MatchEntry::Games { opponent: o, games: g }) if o == id => g,
                        _ => {
                            return err(crate::trf::at(
                                records[i].line,
                                92 + 20 * (m as usize - 1),
                                format!(
                                    "match {m}: player {id} meets {opponent}, but player {opponent} (line {}) does not \
                                     list that match",
                                    records[j].line
                                ),
                            ))
                        }
                    };
                    played_side(id, (j, opponent), &games, &theirs, &ps)
                }
                Some(MatchEntry::Bye(code)) => bye_side(id, code, &ps),
                Some(MatchEntry::Announced(code)) => {
                    return err(crate::trf::at(
                        records[i].line,
                        99 + 20 * (m as usize - 1),
                        format!(
                            "match {m}: player {id}: a bye '{}' in game 1's column only, but later matches follow; a \
                             match's bye is written in both of its columns",
                            code.to_char()
                        ),
                    ))
                }
                None => bye_side(id, ResultCode::ZeroBye, &ps),
            };
            score[i] += side.points;
            match_points[i] += side.match_points;
            history[i].push(MatchRound {
                kind: side.kind,
                opponent: side.opponent,
                colour: side.colour,
                scheduled: side.scheduled,
                boards: side.games,
                match_points: side.match_points,
                game_points: side.points,
                pairing_score_before: before[i],
                opponent_score_before: side.opponent.map(|j| before[j]),
            });
        }
    }

    let absent = if absences_of_round { absences(doc, k, &records)? } else { vec![None; n] };
    let mut players = Vec::with_capacity(n);
    let national = crate::tournament::attributes::national_records(doc);
    for (i, rec) in records.iter().enumerate() {
        let h = std::mem::take(&mut history[i]);
        let met: Vec<&MatchRound> = h.iter().filter(|m| super::is_meeting(m)).collect();
        let colours: Vec<Colour> = met.iter().filter_map(|m| m.colour).collect();
        // 1.5: a floater played a match against an opponent with a different score, either way.
        let float_previous = match h.last() {
            Some(m) if super::is_meeting(m) => match m.opponent_score_before.map(|o| m.pairing_score_before.cmp(&o)) {
                Some(std::cmp::Ordering::Greater) => TeamFloat::Down,
                Some(std::cmp::Ordering::Less) => TeamFloat::Up,
                _ => TeamFloat::None,
            },
            _ => TeamFloat::None,
        };
        players.push(DsPlayer {
            id: rec.id,
            tpn: rec.id,
            name: rec.name.clone(),
            rating: rec.rating,
            score: score[i],
            match_points: match_points[i],
            acceleration: virtual_points(i, k),
            // 3.4.3: matches played, read as meetings (not byes, not matches ended by forfeit).
            matches_played: met.len() as u32,
            opponents: met.iter().filter_map(|m| m.opponent).collect(),
            whites: colours.iter().filter(|&&c| c == Colour::White).count() as u32,
            colours,
            float_previous,
            had_pab: h.iter().any(|m| m.kind == MatchKind::PairingBye),
            had_forfeit_win: h.iter().any(|m| m.kind == MatchKind::ForfeitWin),
            had_full_bye: h.iter().any(|m| m.kind == MatchKind::Bye(ByeKind::Full)),
            absent: absent[i],
            history: h,
            attributes: crate::tournament::attributes::Attributes::of(rec, &national),
        });
    }
    let mut forbidden = crate::tournament::Forbidden::new();
    let (c1, c2) = encoding::columns(k);
    for g in &doc.forbidden {
        // `260` counts game columns: a prohibition that covers either game of the match holds.
        if g.rounds.is_some_and(|(a, b)| c2 < a || c1 > b) {
            continue;
        }
        forbidden.add_group(g.players.iter().filter_map(|id| index.get(id).copied()));
    }
    let mut t = DoubleTournament {
        round: k,
        total_rounds: total_matches,
        initial_colour: doc.initial_colour,
        players,
        forbidden,
        game_points: ps,
        pab_points: encoding::pab_points(&ps),
        baku: code == Code::Baku,
    };
    if t.initial_colour.is_none() {
        t.initial_colour = initial_colour_of_match_one(&t);
    }
    Ok(t)
}

/// Who does not play match `k`: a bye or an absence written in its columns (`0000 - Z`, `H`,
/// `F`), a `240` record naming either of its columns, an `XXZ` line; in a match whose games are
/// entered, a player whose columns are blank.
fn absences(
    doc: &TrfDocument,
    k: u32,
    records: &[&crate::trf::PlayerRecord],
) -> Result<Vec<Option<ByeKind>>, DoubleStateError> {
    let (c1, c2) = encoding::columns(k);
    let mut absent: Vec<Option<ByeKind>> = vec![None; records.len()];
    for b in &doc.announced_byes {
        if b.round.is_some_and(|r| r != c1 && r != c2) {
            continue;
        }
        for (i, p) in records.iter().enumerate() {
            if b.players.contains(&p.id) {
                absent[i] = Some(b.kind);
            }
        }
    }
    // A match whose games are entered (a match replayed, re-paired or verified): a player with
    // blank columns in it was not paired, as the history reads it and as bbpPairings and JaVaFo
    // read a blank field (TRF-2026, 001 "(blank) Equivalent to Z"); in the match to pair, before
    // any game is entered, blank columns are a player present (the JaVaFo AUM, "Unusual info
    // extensions").
    let mut entries = Vec::with_capacity(records.len());
    for p in records {
        entries.push(encoding::match_entry(p, k).map_err(|message| DoubleStateError { message })?);
    }
    let games_entered = entries.iter().any(|e| matches!(e, Some(MatchEntry::Games { .. })));
    for (i, e) in entries.iter().enumerate() {
        let p = records[i];
        let code = match e {
            Some(MatchEntry::Bye(c) | MatchEntry::Announced(c)) => *c,
            None if games_entered => {
                absent[i] = absent[i].or(Some(ByeKind::Zero));
                continue;
            }
            _ => continue,
        };
        let kind = match code {
            ResultCode::PairingBye if k < encoding::next_match(doc) => continue, // a replay: it was there
            ResultCode::PairingBye => {
                return err(crate::trf::at(
                    p.line,
                    99 + 20 * (k as usize - 1),
                    format!(
                        "match {k}: player {} holds a pairing-allocated bye entered in advance (0000 - U); the \
                         system assigns it when pairing (C.04.5 3.4): remove it, or enter an absence (0000 - Z)",
                        p.id
                    ),
                ))
            }
            ResultCode::FullBye => ByeKind::Full,
            ResultCode::HalfBye => ByeKind::Half,
            _ => ByeKind::Zero,
        };
        absent[i] = absent[i].or(Some(kind));
    }
    Ok(absent)
}

/// 4.1 (not retrieved) / 4.3.1: when no initial colour is stated, the one match 1 shows: the
/// higher-ranked player of any pair of match 1 had it if its TPN is odd.
fn initial_colour_of_match_one(t: &DoubleTournament) -> Option<Colour> {
    for p in &t.players {
        let Some(m) = p.history.first() else { continue };
        let (Some(j), Some(c)) = (m.opponent, m.scheduled) else { continue };
        let q = &t.players[j];
        // Before match 1 every score is 0 (virtual points aside): the HRP is the smaller TPN.
        if p.tpn < q.tpn {
            return Some(if p.tpn % 2 == 1 { c } else { c.opposite() });
        }
    }
    None
}
