//! Builds a [`TeamTournament`] from a TRF-2026 team file for a given round to pair.
//!
//! A round of a team is read from its players' `001` entries in its line-up (the `310` board
//! order, or a `300` record): boards facing one other team make a match, whose board results
//! give the game points and, by their sums, the match points (1.2); entries with no opponent
//! make a bye (`U` the pairing-allocated bye of 1.4, `F`/`H`/`Z` the competition's byes, also
//! from `240`). The `320`, `330` and `310` records are checked against the board results: a file
//! that contradicts itself is refused, naming the record and the field.

use super::rules::TeamRules;
use super::{
    BoardResult, ColourModel, MatchKind, MatchRound, PreferenceStrength, Team, TeamFloat, TeamPreference,
    TeamTournament,
};
use crate::points::Points;
use crate::trf::{ByeKind, Colour, MatchForfeit, ResultCode, RoundEntry, TrfDocument};
use std::collections::HashMap;
use std::fmt;

/// A team file that cannot be paired for the requested round, or contradicts itself: the
/// message names the line (or record) and the field.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TeamStateError {
    /// What is wrong, and where.
    pub message: String,
}

impl fmt::Display for TeamStateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for TeamStateError {}

fn err<T>(message: String) -> Result<T, TeamStateError> {
    Err(TeamStateError { message })
}

/// The field of round `r`'s opponent in a `001` line.
fn opponent_field(r: u32) -> String {
    let start = 92 + 10 * (r as usize - 1);
    format!("round {r} opponent (columns {start}-{})", start + 3)
}

fn entry(rounds: &[Option<RoundEntry>], r: u32) -> Option<RoundEntry> {
    rounds.get(r as usize - 1).copied().flatten()
}

/// Where each player stands: team index and place in the roster.
struct Seating {
    team_of: HashMap<u32, usize>,
}

impl TeamTournament {
    /// The state before round `round` (1-based): rounds `1..round` of `doc` are history; entries
    /// of round `round` itself only tell who is absent. Refuses a file that is no team file, a
    /// `192` code that is no Swiss Team code, and a file whose records contradict its board
    /// results (`310` totals, `320` byes, `330` forfeits).
    pub fn before_round(doc: &TrfDocument, round: u32) -> Result<TeamTournament, TeamStateError> {
        let t = build(doc, round)?;
        check_totals(doc)?;
        Ok(t)
    }
}

/// The rules of the file's `192` code (the defaults of 1.2.2 and 1.7 without one).
/// The teams and their rounds through round `r` (what round `r` recorded, for replays), without
/// the file's consistency checks.
pub fn through_round(doc: &TrfDocument, r: u32) -> Result<TeamTournament, TeamStateError> {
    build_unbounded(doc, r + 1, false)
}

pub fn rules_of(doc: &TrfDocument) -> Result<TeamRules, TeamStateError> {
    match &doc.tournament_type {
        None => Ok(TeamRules::default()),
        Some(code) => TeamRules::from_code(code)
            .map_err(|e| TeamStateError { message: format!("record 192 (tournament type, columns 5-): {e}") }),
    }
}

fn build(doc: &TrfDocument, round: u32) -> Result<TeamTournament, TeamStateError> {
    if let Some(n) = doc.total_rounds {
        if round > n {
            return err(format!("round {round} cannot be paired: the tournament has {n} rounds (142)"));
        }
    }
    build_unbounded(doc, round, true)
}

/// The state before `round`; `absences`: read who is absent from `round`'s entries.
fn build_unbounded(doc: &TrfDocument, round: u32, absences_of_round: bool) -> Result<TeamTournament, TeamStateError> {
    if !doc.is_team_file() {
        return err("no team records (310, or TRF16 013): this is not a team tournament".into());
    }
    if round == 0 {
        return err("round numbers start at 1".into());
    }
    let rules = rules_of(doc)?;
    let mut order: Vec<usize> = (0..doc.teams.len()).collect();
    order.sort_by_key(|&k| doc.teams[k].tpn);
    let records: Vec<&crate::trf::TeamRecord> = order.iter().map(|&k| &doc.teams[k]).collect();
    let index: HashMap<u32, usize> = records.iter().enumerate().map(|(i, t)| (t.tpn, i)).collect();
    let mut seating = Seating { team_of: HashMap::new() };
    for (i, t) in records.iter().enumerate() {
        for &p in &t.players {
            seating.team_of.insert(p, i);
        }
    }
    // C.04.6 pairs teams: a player on no team's roster could not be seated on any board, and
    // would drop out of the event without a word.
    if let Some(p) = doc.players.iter().find(|p| !seating.team_of.contains_key(&p.id)) {
        let (code, col) = if records.first().is_some_and(|t| t.legacy) { ("013", 37) } else { ("310", 74) };
        return err(crate::trf::at(
            p.line,
            5,
            format!(
                "starting-rank number (columns 5-8): player {} is on no team's roster ({code} records, from column \
                 {col}); in a team file every player belongs to a team",
                p.id
            ),
        ));
    }
    let boards = doc.board_count().unwrap_or_else(|| records.iter().map(|t| t.players.len()).max().unwrap_or(0));
    let pattern: Vec<Colour> = match &doc.board_colours {
        Some(p) => p.clone(),
        None => (0..boards).map(|k| if k % 2 == 0 { Colour::White } else { Colour::Black }).collect(),
    };
    let n = records.len();
    let ps = doc.point_system;
    let scale = doc.team_scoring;
    let pab_points = match &doc.team_pab {
        Some(p) => (p.match_points, p.game_points),
        // 1.4: the match points of a draw; the game points its boards' `U` entries are worth
        // (the 162 P value, as the 001 scores count them; the reference engine reads it so).
        None => (scale.draw, Points(ps.pairing_bye.0 * boards as i64)),
    };
    let virtual_points = |tpn: u32, r: u32| -> Points {
        doc.team_accelerations
            .iter()
            .filter(|a| (a.rounds.0..=a.rounds.1).contains(&r) && (a.teams.0..=a.teams.1).contains(&tpn))
            .map(|a| match rules.primary {
                super::Score::MatchPoints => a.match_points.unwrap_or(Points::ZERO),
                super::Score::GamePoints => a.game_points,
            })
            .sum()
    };
    let player = |id: u32| doc.player(id);

    let mut history: Vec<Vec<MatchRound>> = vec![Vec::with_capacity(round as usize); n];
    let mut mp = vec![Points::ZERO; n];
    let mut gp = vec![Points::ZERO; n];
    let primary = |mp: Points, gp: Points| match rules.primary {
        super::Score::MatchPoints => mp,
        super::Score::GamePoints => gp,
    };
    for r in 1..round {
        let before: Vec<Points> = (0..n).map(|i| primary(mp[i], gp[i]) + virtual_points(records[i].tpn, r)).collect();
        let mut rounds: Vec<Option<MatchRound>> = vec![None; n];
        for i in 0..n {
            if rounds[i].is_some() {
                continue;
            }
            let line_up = lineup_of(doc, records[i], r);
            // The team each board faces, with the first player facing it (id, line).
            let mut opponents: Vec<(usize, u32, usize)> = Vec::new();
            let (col, field) = (92 + 10 * (r as usize - 1), opponent_field(r));
            for &p in &line_up {
                let Some(rec) = player(p) else { continue };
                let Some(o) = entry(&rec.rounds, r).and_then(|e| e.opponent) else { continue };
                let other_line = player(o).map_or(0, |x| x.line);
                match seating.team_of.get(&o) {
                    Some(&j) if j == i => {
                        return err(crate::trf::at(
                            rec.line,
                            col,
                            format!(
                                "{field}: player {p} of team {} meets player {o} in round {r}, who is of the same team \
                                 (line {other_line}); a match is one team against another",
                                records[i].tpn
                            ),
                        ))
                    }
                    Some(&j) => match opponents.first() {
                        Some(&(k, q, q_line)) if k != j => {
                            return err(crate::trf::at(
                                rec.line,
                                col,
                                format!(
                                    "{field}: player {p} of team {} meets player {o} of team {} in round {r}, but \
                                     player {q} of the same team (line {q_line}) meets team {}; the boards of a match \
                                     face one team",
                                    records[i].tpn, records[j].tpn, records[k].tpn
                                ),
                            ))
                        }
                        Some(_) => {}
                        None => opponents.push((j, p, rec.line)),
                    },
                    None => {
                        return err(crate::trf::at(
                            rec.line,
                            col,
                            format!(
                                "{field}: player {p} of team {} meets player {o} (line {other_line}) in round {r}, who \
                                 is in no team",
                                records[i].tpn
                            ),
                        ))
                    }
                }
            }
            match opponents.first().map(|&(j, _, _)| j) {
                None => rounds[i] = Some(bye_round(doc, records[i], &line_up, r, &ps, scale, pab_points, boards)?),
                Some(j) => {
                    let line_up_j = lineup_of(doc, records[j], r);
                    let (a, b) = match_rounds(
                        doc,
                        (i, records[i].tpn, &line_up),
                        (j, records[j].tpn, &line_up_j),
                        r,
                        &ps,
                        scale,
                    )?;
                    rounds[i] = Some(a);
                    rounds[j] = Some(b);
                }
            }
        }
        for (i, slot) in rounds.into_iter().enumerate() {
            let mut m = slot.unwrap_or_else(|| unpaired(ByeKind::Zero));
            m.pairing_score_before = before[i];
            m.opponent_score_before = m.opponent.map(|j| before[j]);
            mp[i] += m.match_points;
            gp[i] += m.game_points;
            history[i].push(m);
        }
        check_pab_record(doc, r, &records, &history)?;
        check_forfeit_records(doc, r, &records, &index, &history)?;
    }

    let (absent, absent_players) = if absences_of_round {
        absences(doc, round, &records, &index, boards)?
    } else {
        (vec![None; n], vec![Vec::new(); n])
    };
    let is_last = doc.total_rounds == Some(round);
    let mut teams = Vec::with_capacity(n);
    for (i, rec) in records.iter().enumerate() {
        let h = std::mem::take(&mut history[i]);
        let played: Vec<&MatchRound> = h.iter().filter(|m| m.played()).collect();
        let colours: Vec<Colour> = played.iter().filter_map(|m| m.colour).collect();
        let colour_difference = colours.iter().map(|&c| if c == Colour::White { 1 } else { -1 }).sum::<i32>();
        let preference = preference(rules.colours, colour_difference, &colours, is_last);
        let float_previous = match h.last() {
            Some(m) if m.played() => match m.opponent_score_before.map(|o| m.pairing_score_before.cmp(&o)) {
                Some(std::cmp::Ordering::Greater) => TeamFloat::Down,
                Some(std::cmp::Ordering::Less) => TeamFloat::Up,
                _ => TeamFloat::None,
            },
            _ => TeamFloat::None,
        };
        teams.push(Team {
            tpn: rec.tpn,
            name: rec.name.clone(),
            strength: rec.strength.unwrap_or(0),
            roster: rec.players.clone(),
            match_points: mp[i],
            game_points: gp[i],
            acceleration: virtual_points(rec.tpn, round),
            matches_played: played.len() as u32,
            opponents: played.iter().filter_map(|m| m.opponent).collect(),
            colour_difference,
            colours,
            preference,
            float_previous,
            had_pab: h.iter().any(|m| m.kind == MatchKind::PairingBye),
            had_forfeit_win: h.iter().any(|m| m.kind == MatchKind::ForfeitWin),
            had_full_bye: h.iter().any(|m| m.kind == MatchKind::Bye(ByeKind::Full)),
            absent: absent[i],
            absent_players: absent_players[i].clone(),
            history: h,
            lineup: None,
        });
    }
    if absences_of_round {
        read_lineups(doc, round, &mut teams, boards)?;
    }
    let mut forbidden = crate::tournament::Forbidden::new();
    for g in &doc.forbidden {
        if g.rounds.is_some_and(|(a, b)| round < a || round > b) {
            continue;
        }
        forbidden.add_group(g.players.iter().filter_map(|tpn| index.get(tpn).copied()));
    }
    let mut t = TeamTournament {
        round,
        total_rounds: doc.total_rounds,
        rules,
        boards,
        pattern,
        initial_colour: doc.initial_colour,
        teams,
        forbidden,
        match_scale: scale,
        game_points: ps,
    };
    if t.initial_colour.is_none() {
        t.initial_colour = initial_colour_of_round_one(&t);
    }
    Ok(t)
}

/// The players of team `rec` in their order of round `r`: a `300` record's, else the roster's.
fn lineup_of(doc: &TrfDocument, rec: &crate::trf::TeamRecord, r: u32) -> Vec<u32> {
    match doc.out_of_order.iter().find(|o| o.round == r && o.team == rec.tpn) {
        Some(o) => o.players.iter().map(|p| p.unwrap_or(0)).collect(),
        None => rec.players.clone(),
    }
}

/// The line-ups of round `round` the file states (TRF-2026 `300` records of that round), each
/// judged as a line-up of the round ([`super::lineups::check`]): a record that cannot be the
/// team's line-up is refused, naming its line and the board's columns.
fn read_lineups(doc: &TrfDocument, round: u32, teams: &mut [Team], boards: usize) -> Result<(), TeamStateError> {
    let mut seen: HashMap<u32, usize> = HashMap::new();
    for o in doc.out_of_order.iter().filter(|o| o.round == round) {
        let Some(i) = teams.iter().position(|t| t.tpn == o.team) else { continue };
        if let Some(first) = seen.insert(o.team, o.line) {
            return err(crate::trf::at(
                o.line,
                9,
                format!(
                    "300 team (columns 9-11): team {} has a line-up of round {round} already (line {first}); one 300 \
                     record per team and round",
                    o.team
                ),
            ));
        }
        let players: Vec<u32> = o.players.iter().map(|p| p.unwrap_or(0)).collect();
        if let Err(e) = super::lineups::check(doc, &teams[i], round, boards, &players) {
            let (col, field) = match e.board {
                Some(k) => (17 + 5 * k, format!("300 board {} player (columns {}-{})", k + 1, 17 + 5 * k, 20 + 5 * k)),
                None => (1, "300 line-up".to_string()),
            };
            return err(crate::trf::at(o.line, col, format!("{field}: {}", e.message)));
        }
        teams[i].lineup = Some(players);
    }
    Ok(())
}

/// The players of team `rec` who may hold an entry in round `r`: its roster, and the players of
/// a `300` line-up of that round (a player fielded from outside the roster is refused elsewhere).
fn players_of_round(doc: &TrfDocument, rec: &crate::trf::TeamRecord, r: u32) -> Vec<u32> {
    let mut ids = rec.players.clone();
    for o in doc.out_of_order.iter().filter(|o| o.round == r && o.team == rec.tpn) {
        ids.extend(o.players.iter().flatten().filter(|p| !rec.players.contains(p)));
    }
    ids
}

/// A round in which the team was not paired at all.
fn unpaired(kind: ByeKind) -> MatchRound {
    MatchRound {
        kind: MatchKind::Bye(kind),
        opponent: None,
        colour: None,
        scheduled: None,
        boards: Vec::new(),
        match_points: Points::ZERO,
        game_points: Points::ZERO,
        pairing_score_before: Points::ZERO,
        opponent_score_before: None,
    }
}

/// A round without an opponent: the pairing-allocated bye (`U`, 1.4), or a bye of the
/// competition (`F`, `H`, `Z`, also from `240`).
#[allow(clippy::too_many_arguments)]
fn bye_round(
    doc: &TrfDocument,
    rec: &crate::trf::TeamRecord,
    line_up: &[u32],
    r: u32,
    ps: &crate::points::PointSystem,
    scale: crate::trf::TeamScoring,
    pab: (Points, Points),
    boards: usize,
) -> Result<MatchRound, TeamStateError> {
    let codes: Vec<ResultCode> =
        line_up.iter().filter_map(|&p| doc.player(p).and_then(|x| entry(&x.rounds, r))).map(|e| e.result).collect();
    let announced =
        doc.announced_byes.iter().find(|b| b.round == Some(r) && b.players.contains(&rec.tpn)).map(|b| b.kind);
    // The boards of the bye: the players of the line-up entered with it (a reserve with a blank
    // field sat on no board).
    let entered = |p: u32| doc.player(p).and_then(|x| entry(&x.rounds, r)).is_some_and(|e| e.opponent.is_none());
    let boards_of = |code: ResultCode| -> Vec<BoardResult> {
        line_up
            .iter()
            .enumerate()
            .filter(|(_, &p)| p != 0 && entered(p))
            .map(|(k, &p)| BoardResult {
                board: k + 1,
                player: p,
                opponent: None,
                colour: None,
                result: code,
                points: code.points(None, ps),
            })
            .collect()
    };
    let per_board = |x: Points| Points(x.0 * boards as i64);
    let (kind, mp, gp, code) = if codes.contains(&ResultCode::PairingBye) {
        (MatchKind::PairingBye, pab.0, pab.1, ResultCode::PairingBye)
    } else {
        let kind = announced.or_else(|| {
            if codes.contains(&ResultCode::FullBye) {
                Some(ByeKind::Full)
            } else if codes.contains(&ResultCode::HalfBye) {
                Some(ByeKind::Half)
            } else {
                None
            }
        });
        match kind.unwrap_or(ByeKind::Zero) {
            ByeKind::Full => (MatchKind::Bye(ByeKind::Full), scale.win, per_board(ps.win()), ResultCode::FullBye),
            ByeKind::Half => (MatchKind::Bye(ByeKind::Half), scale.draw, per_board(ps.draw()), ResultCode::HalfBye),
            ByeKind::Zero => (MatchKind::Bye(ByeKind::Zero), Points::ZERO, Points::ZERO, ResultCode::ZeroBye),
        }
    };
    Ok(MatchRound {
        kind,
        opponent: None,
        colour: None,
        scheduled: None,
        boards: boards_of(code),
        match_points: mp,
        game_points: gp,
        pairing_score_before: Points::ZERO,
        opponent_score_before: None,
    })
}

/// The match of teams `a` and `b` in round `r`, from both sides.
fn match_rounds(
    doc: &TrfDocument,
    a: (usize, u32, &[u32]),
    b: (usize, u32, &[u32]),
    r: u32,
    ps: &crate::points::PointSystem,
    scale: crate::trf::TeamScoring,
) -> Result<(MatchRound, MatchRound), TeamStateError> {
    let side = |(_, _, line_up): (usize, u32, &[u32]), other: &[u32]| -> Vec<BoardResult> {
        line_up
            .iter()
            .enumerate()
            .filter(|(_, &p)| p != 0)
            .filter_map(|(k, &p)| {
                let e = doc.player(p).and_then(|x| entry(&x.rounds, r))?;
                let opponent = e.opponent.filter(|o| other.contains(o));
                let played = opponent.is_some() && e.result.is_played_game();
                Some(BoardResult {
                    board: k + 1,
                    player: p,
                    opponent,
                    colour: e.colour,
                    result: e.result,
                    points: e.result.points(if played { e.colour } else { None }, ps),
                })
            })
            .collect()
    };
    let boards_a = side(a, b.2);
    let boards_b = side(b, a.2);
    let sum = |v: &[BoardResult]| -> Points { v.iter().map(|x| x.points).sum() };
    let (sa, sb) = (sum(&boards_a), sum(&boards_b));
    // 1.6.1: a match is actually played when a game of it was played over the board.
    let played = boards_a.iter().any(|x| x.opponent.is_some() && x.result.is_played_game());
    // 1.6.1: the team's colour is the one its player on the first board (of the boards where
    // the two teams face each other) was scheduled to play with.
    let colour_a = boards_a.iter().find(|x| x.opponent.is_some()).and_then(|x| x.colour);
    let (ka, kb, ma, mb) = if played {
        match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => (MatchKind::Played, MatchKind::Played, scale.win, scale.loss),
            std::cmp::Ordering::Less => (MatchKind::Played, MatchKind::Played, scale.loss, scale.win),
            std::cmp::Ordering::Equal => (MatchKind::Played, MatchKind::Played, scale.draw, scale.draw),
        }
    } else {
        // Not played over the board: a forfeit. The team scoring more won it by forfeit
        // ([C2]); a team that lost it by forfeit (or both, in a double forfeit) scores no
        // match point. Equal non-zero sums (forfeits both ways) count as a draw.
        match sa.cmp(&sb) {
            std::cmp::Ordering::Greater => (MatchKind::ForfeitWin, MatchKind::ForfeitLoss, scale.win, Points::ZERO),
            std::cmp::Ordering::Less => (MatchKind::ForfeitLoss, MatchKind::ForfeitWin, Points::ZERO, scale.win),
            std::cmp::Ordering::Equal if sa > Points::ZERO => {
                (MatchKind::ForfeitLoss, MatchKind::ForfeitLoss, scale.draw, scale.draw)
            }
            std::cmp::Ordering::Equal => (MatchKind::ForfeitLoss, MatchKind::ForfeitLoss, Points::ZERO, Points::ZERO),
        }
    };
    let make = |kind, opponent, scheduled: Option<Colour>, boards, match_points, game_points| MatchRound {
        kind,
        opponent: Some(opponent),
        colour: scheduled.filter(|_| played),
        scheduled,
        boards,
        match_points,
        game_points,
        pairing_score_before: Points::ZERO,
        opponent_score_before: None,
    };
    Ok((make(ka, b.0, colour_a, boards_a, ma, sa), make(kb, a.0, colour_a.map(Colour::opposite), boards_b, mb, sb)))
}

/// Who is absent from round `round`: the teams named by a `240` record of that round, or whose
/// every board player (the first players of the roster, as many as the boards) is entered with
/// a bye and no opponent (`0000 - Z|H|F`); and, of the other teams, the players so entered. C.04.6
/// pairs teams, not boards (3.3.1: "all teams ... have been paired"): a team with a board
/// missing still plays its match, the board forfeited or filled by the team (its line-up is the
/// team's, not the pairing's), so one board's absence never takes the team out of the round. A
/// pairing-allocated bye entered in advance is refused: the system assigns it (3.4). In a round
/// whose games are entered, a team none of whose players was paired is not paired (a blank
/// field reads as bbpPairings and JaVaFo read it).
#[allow(clippy::type_complexity)]
fn absences(
    doc: &TrfDocument,
    round: u32,
    records: &[&crate::trf::TeamRecord],
    index: &HashMap<u32, usize>,
    boards: usize,
) -> Result<(Vec<Option<ByeKind>>, Vec<Vec<u32>>), TeamStateError> {
    let mut absent: Vec<Option<ByeKind>> = vec![None; records.len()];
    let mut absent_players: Vec<Vec<u32>> = vec![Vec::new(); records.len()];
    for b in doc.announced_byes.iter().filter(|b| b.round == Some(round) || b.round.is_none()) {
        for tpn in &b.players {
            if let Some(&i) = index.get(tpn) {
                absent[i] = Some(b.kind);
            }
        }
    }
    // A round whose games are entered (a round replayed, re-paired or verified): a team none of
    // whose players was paired in it (every field blank, or byes only) was not paired, as the
    // history reads it and as bbpPairings and JaVaFo read a blank field of a player (TRF-2026,
    // 001 "(blank) Equivalent to Z"); in the round to pair, before any game is entered, a blank
    // field is a team present (the JaVaFo AUM, "Unusual info extensions").
    let games_entered = doc.players.iter().any(|p| entry(&p.rounds, round).is_some_and(|e| e.opponent.is_some()));
    for (i, rec) in records.iter().enumerate() {
        let entries: Vec<RoundEntry> = players_of_round(doc, rec, round)
            .iter()
            .filter_map(|&p| doc.player(p).and_then(|x| entry(&x.rounds, round)))
            .collect();
        if games_entered
            && !entries.iter().any(|e| e.opponent.is_some() || e.result == ResultCode::PairingBye)
            && absent[i].is_none()
        {
            // As the history reads a round without an opponent (`bye_round`): F or H entries
            // make the bye of the competition they name, anything else a zero-point bye.
            absent[i] = Some(if entries.iter().any(|e| e.result == ResultCode::FullBye) {
                ByeKind::Full
            } else if entries.iter().any(|e| e.result == ResultCode::HalfBye) {
                ByeKind::Half
            } else {
                ByeKind::Zero
            });
            continue;
        }
        if entries.is_empty() || entries.iter().any(|e| e.opponent.is_some()) {
            continue;
        }
        let away = |p: &u32| doc.player(*p).and_then(|x| entry(&x.rounds, round)).is_some_and(|e| e.result.is_bye());
        let whole_team = rec.players.iter().take(boards.max(1)).all(away);
        if entries.iter().any(|e| e.result == ResultCode::PairingBye) {
            if round < crate::tournament::next_round(doc) {
                continue; // the bye the round was paired with, in a replay: the team was there
            }
            return err(format!(
                "round {round}: team {} holds a pairing-allocated bye entered in advance (0000 - U); the Swiss Team \
                 system assigns it when pairing (C.04.6 3.4): remove it, or enter an absence (240)",
                rec.tpn
            ));
        }
        if !whole_team {
            absent_players[i] = rec.players.iter().copied().filter(away).collect();
            continue;
        }
        let kind = if entries.iter().any(|e| e.result == ResultCode::FullBye) {
            ByeKind::Full
        } else if entries.iter().any(|e| e.result == ResultCode::HalfBye) {
            ByeKind::Half
        } else {
            ByeKind::Zero
        };
        absent[i] = absent[i].or(Some(kind));
    }
    Ok((absent, absent_players))
}

/// The `320` record against the board results: the team it names for round `r` had the
/// pairing-allocated bye there (its players `0000 - U`), and no other team did.
fn check_pab_record(
    doc: &TrfDocument,
    r: u32,
    records: &[&crate::trf::TeamRecord],
    history: &[Vec<MatchRound>],
) -> Result<(), TeamStateError> {
    let Some(pab) = &doc.team_pab else { return Ok(()) };
    let stated = pab.teams.get(r as usize - 1).copied().flatten();
    let field = format!("the PAB team of round {r} (columns {}-{})", 15 + 4 * (r - 1), 17 + 4 * (r - 1));
    let had: Vec<u32> = records
        .iter()
        .zip(history)
        .filter(|(_, h)| h.last().is_some_and(|m| m.kind == MatchKind::PairingBye))
        .map(|(t, _)| t.tpn)
        .collect();
    match (stated, had.as_slice()) {
        (None, []) => Ok(()),
        // The bye is worth the game points 320 states (C.04.6 1.4: "unless the regulations of
        // the team competition say otherwise"; TRF-2026 320, columns 10-13), whatever its board
        // players' `U` entries score: a board's `U` is a player's, not the team's, and exporters
        // differ (Gacrux's harness counts the 162 `P` value, Sharly-Chess's export 0, its 001
        // points being the games' "standard score"). FIDE's reference reads 320 alone.
        (Some(s), [t]) if s == *t => Ok(()),
        (Some(s), []) => err(format!(
            "record 320, {field}: team {s} is named, but its players have no pairing-allocated bye (0000 - U) in round {r}"
        )),
        (stated, teams) => err(format!(
            "record 320, {field}: {} is named, but the board results give the pairing-allocated bye of round {r} to {}",
            stated.map_or("no team".to_string(), |s| format!("team {s}")),
            teams.iter().map(|t| format!("team {t}")).collect::<Vec<_>>().join(" and ")
        )),
    }
}

/// The `330` records of round `r` against the board results: the two teams met that round, and
/// no board of their match was played.
fn check_forfeit_records(
    doc: &TrfDocument,
    r: u32,
    records: &[&crate::trf::TeamRecord],
    index: &HashMap<u32, usize>,
    history: &[Vec<MatchRound>],
) -> Result<(), TeamStateError> {
    for f in doc.forfeited_matches.iter().filter(|f| f.round == r) {
        let (Some(&w), Some(&b)) = (index.get(&f.white), index.get(&f.black)) else { continue };
        let m = history[w].last();
        if m.and_then(|m| m.opponent) != Some(b) {
            return err(format!(
                "record 330 (round {r}, teams {} and {}): these teams did not meet in round {r} by the board results",
                f.white, f.black
            ));
        }
        if m.is_some_and(|m| m.played()) {
            return err(format!(
                "record 330 (round {r}, teams {} and {}): the match is recorded as forfeited, but a board of it was \
                 played",
                f.white, f.black
            ));
        }
        let expected = match (m.map(|m| m.kind), history[b].last().map(|m| m.kind)) {
            (Some(MatchKind::ForfeitWin), _) => MatchForfeit::WhiteWins,
            (_, Some(MatchKind::ForfeitWin)) => MatchForfeit::BlackWins,
            _ => MatchForfeit::Double,
        };
        if expected != f.kind {
            return err(format!(
                "record 330 (round {r}, teams {} and {}), type (columns 5-6): '{}' stated, but the board results give \
                 '{}'",
                f.white,
                f.black,
                f.kind.code(),
                expected.code()
            ));
        }
        let _ = records;
    }
    Ok(())
}

/// The `310` totals (match points columns 55-60, game points 62-67) against the board results
/// of every round in the file; totals left blank, or all zero (exporters that do not fill
/// them), are not checked.
fn check_totals(doc: &TrfDocument) -> Result<(), TeamStateError> {
    let stated = |t: &crate::trf::TeamRecord| (t.match_points, t.game_points);
    if doc.teams.iter().all(|t| {
        let (m, g) = stated(t);
        m.unwrap_or(Points::ZERO) == Points::ZERO && g.unwrap_or(Points::ZERO) == Points::ZERO
    }) {
        return Ok(());
    }
    let after = build_unbounded(doc, crate::tournament::next_round(doc).max(1), false)?;
    for rec in &doc.teams {
        let Some(team) = after.teams.iter().find(|t| t.tpn == rec.tpn) else { continue };
        if let Some(m) = rec.match_points.filter(|&m| m != team.match_points) {
            return err(crate::trf::at(
                rec.line,
                55,
                format!(
                    "310 match points (columns 55-60): {m} stated for team {}, but its board results give {}",
                    rec.tpn, team.match_points
                ),
            ));
        }
        if let Some(g) = rec.game_points.filter(|&g| g != team.game_points) {
            return err(crate::trf::at(
                rec.line,
                62,
                format!(
                    "310 game points (columns 62-67): {g} stated for team {}, but its board results give {}",
                    rec.tpn, team.game_points
                ),
            ));
        }
    }
    Ok(())
}

/// 1.7: the colour preference of a team with colour difference `cd` and played colours
/// `colours`, under `model`; `last_round` when pairing the last round (Type B mild clause).
pub fn preference(model: ColourModel, cd: i32, colours: &[Colour], last_round: bool) -> Option<TeamPreference> {
    let last2 = colours.len() >= 2 && colours[colours.len() - 1] == colours[colours.len() - 2];
    let last = colours.last().copied();
    let strong = |colour| Some(TeamPreference { colour, strength: PreferenceStrength::Strong });
    let mild = |colour| Some(TeamPreference { colour, strength: PreferenceStrength::Mild });
    if model == ColourModel::None {
        return None;
    }
    // 1.7.1 (Type A) and the strong clauses of 1.7.2 (Type B), worded alike; tested first, so a
    // Type B team with CD 0 and two equal last colours has a strong preference also in the last
    // round (the last-round clause closes only the mild ones).
    if cd < -1 || ((cd == 0 || cd == -1) && last2 && last == Some(Colour::Black)) {
        return strong(Colour::White);
    }
    if cd > 1 || ((cd == 0 || cd == 1) && last2 && last == Some(Colour::White)) {
        return strong(Colour::Black);
    }
    if model == ColourModel::TypeA {
        return None;
    }
    // 1.7.2, mild: CD -1 / +1, or CD 0 outside the last round after a played match.
    match (cd, last) {
        (-1, _) => mild(Colour::White),
        (1, _) => mild(Colour::Black),
        (0, Some(c)) if !last_round => mild(c.opposite()),
        _ => None,
    }
}

/// 4.1 read back from round 1 when the file does not state it: in round 1 every team has the
/// same score, so by 4.3.1 the first-team of a match (the smaller TPN) had the initial colour
/// when its TPN is odd. The match of the smallest TPN played decides.
fn initial_colour_of_round_one(t: &TeamTournament) -> Option<Colour> {
    t.teams.iter().enumerate().find_map(|(i, team)| {
        let m = team.history.first().filter(|m| m.played())?;
        let j = m.opponent?;
        if t.teams[j].tpn < team.tpn {
            return None;
        }
        let _ = i;
        m.colour.map(|c| if team.tpn % 2 == 1 { c } else { c.opposite() })
    })
}
