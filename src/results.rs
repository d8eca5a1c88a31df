//! Results entered by board, as an arbiter reads them off the score sheets: a file with a line
//! per board (`3 1-0`, `4 1/2`, `5 +-`), written into the round of a tournament file with every
//! player's points updated, so that the next round can be paired from it.
//!
//! Boards are numbered as the pairing list numbers them (`pair --format list`): the published
//! board order of the system, which the recorded round gives back. For teams a line names a
//! match and a board (`2.3 0-1`), or a match and every board's result in board order
//! (`2 1-0 1/2 0-1 1-0`); for Double-Swiss a match and a game (`4.2 1-0`), or a match and both
//! games (`4 1-0 1/2`). A result is always White's, then Black's, of that board or game.
//!
//! What a line cannot mean is refused with the file, the line and the column: a board the round
//! does not have, a result for the pairing-allocated bye, two results for one board, an unknown
//! result; a round that is not paired yet is refused before any line is read. Boards without a
//! line keep their result (pending ones stay pending).
//!
//! For teams, the line-ups the teams fielded may be seated first ([`seat`], `results --lineup`):
//! the boards of the round are then the line-ups' (C.04.6 pairs teams; who sits at which board
//! is the team's, and TRF-2026 records it in `300`), so the results go on the boards played.

use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::round::{Event, Field};
use crate::trf::{Colour, ResultCode, RoundEntry, TrfDocument};

/// The result of one game, White's side first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// `1-0`.
    WhiteWins,
    /// `0-1`.
    BlackWins,
    /// `1/2`, `=`, `½-½`, `0.5-0.5`.
    Draw,
    /// `+-`: White wins by forfeit.
    WhiteByForfeit,
    /// `-+`: Black wins by forfeit.
    BlackByForfeit,
    /// `--`: both forfeit.
    DoubleForfeit,
    /// `0-0`: both lose a game played (an arbiter's decision).
    BothLose,
}

impl GameResult {
    /// Reads one result as arbiters write it.
    pub fn parse(text: &str) -> Option<GameResult> {
        Some(match text.trim() {
            "1-0" | "1:0" => GameResult::WhiteWins,
            "0-1" | "0:1" => GameResult::BlackWins,
            "1/2" | "=" | "½" | "½-½" | "1/2-1/2" | "0.5-0.5" | "=-=" => GameResult::Draw,
            "+-" | "+:-" | "1-0F" | "1-0f" => GameResult::WhiteByForfeit,
            "-+" | "-:+" | "0-1F" | "0-1f" => GameResult::BlackByForfeit,
            "--" | "-:-" => GameResult::DoubleForfeit,
            "0-0" | "0:0" => GameResult::BothLose,
            _ => return None,
        })
    }

    /// The result codes of White and Black.
    pub fn codes(self) -> (ResultCode, ResultCode) {
        use ResultCode::*;
        match self {
            GameResult::WhiteWins => (Win, Loss),
            GameResult::BlackWins => (Loss, Win),
            GameResult::Draw => (Draw, Draw),
            GameResult::WhiteByForfeit => (ForfeitWin, ForfeitLoss),
            GameResult::BlackByForfeit => (ForfeitLoss, ForfeitWin),
            GameResult::DoubleForfeit => (ForfeitLoss, ForfeitLoss),
            GameResult::BothLose => (Loss, Loss),
        }
    }
}

/// One line of a results file: a board (with a board or game of a match), its results.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ResultLine {
    /// The line number in the file, 1-based.
    pub line: usize,
    /// The board (the match, for teams and Double-Swiss).
    pub board: usize,
    /// The board of the match (the game), when the line names one.
    pub game: Option<usize>,
    /// The results: one, or one per board (game) of the match.
    pub results: Vec<GameResult>,
}

/// Reads a results file (`name` for the messages): blank lines and `#` comments skipped.
pub fn parse(text: &str, name: &str) -> Result<Vec<ResultLine>, String> {
    let mut out = Vec::new();
    for (k, raw) in text.lines().enumerate() {
        let line = k + 1;
        let content = raw.split('#').next().unwrap_or("");
        if content.trim().is_empty() {
            continue;
        }
        let col = |part: &str| part.as_ptr() as usize - raw.as_ptr() as usize + 1;
        let mut words = content.split_whitespace();
        let Some(first) = words.next() else { continue };
        let (board, game) = match first.split_once('.') {
            Some((b, g)) => (b, Some(g)),
            None => (first, None),
        };
        let number = |s: &str, what: &str| -> Result<usize, String> {
            s.parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{name}:{line}:{}: {what}: '{s}' is not a number (1 or more)", col(first)))
        };
        let board = number(board, "board")?;
        let game = game.map(|g| number(g, "board of the match")).transpose()?;
        let mut results = Vec::new();
        for w in words {
            results.push(GameResult::parse(w).ok_or_else(|| {
                format!(
                    "{name}:{line}:{}: result '{w}' is not one of 1-0, 0-1, 1/2, +-, -+, --, 0-0 (White's result first)",
                    col(w)
                )
            })?);
        }
        if results.is_empty() {
            return Err(format!("{name}:{line}:{}: board {first} has no result", col(first)));
        }
        if game.is_some() && results.len() > 1 {
            return Err(format!("{name}:{line}: board {first} names one game and gives {} results", results.len()));
        }
        out.push(ResultLine { line, board, game, results });
    }
    Ok(out)
}

/// The pairing of round `round` of `doc` in the published board order, with the state before it.
pub fn recorded_round(doc: &TrfDocument, round: u32) -> Result<(Event, RoundPairing), String> {
    let event = Event::before_round(doc, round)?;
    let mut pairing = event.recorded(doc)?;
    event.field().sort_boards(&mut pairing);
    Ok((event, pairing))
}

/// One game to write: the two players, the TRF round (column), White's result and Black's.
struct Entry {
    white: u32,
    black: u32,
    column: u32,
    result: GameResult,
}

/// `doc` with the results of `lines` written into round `round` (`name`: the results file, for
/// messages) and the points of every player whose result changed updated (teams: the `310`
/// totals too, when the file states them).
pub fn enter(doc: &TrfDocument, round: u32, lines: &[ResultLine], name: &str) -> Result<TrfDocument, String> {
    let last = Event::next_round(doc).saturating_sub(1);
    if round == 0 || round > last {
        let paired = match last {
            0 => "no round is paired yet".to_string(),
            n => format!("the last round paired is {n}"),
        };
        return Err(format!("round {round} cannot take results: {paired}"));
    }
    let (event, pairing) = recorded_round(doc, round)?;
    let field = event.field();
    let mut seen: Vec<(usize, Option<usize>, usize)> = Vec::new();
    let mut entries: Vec<Entry> = Vec::new();
    for l in lines {
        let at = format!("{name}:{}", l.line);
        if let Some(&(_, _, first)) =
            seen.iter().find(|(b, g, _)| *b == l.board && (g.is_none() || l.game.is_none() || *g == l.game))
        {
            return Err(format!("{at}: board {} has a result already on line {first}", label(l)));
        }
        seen.push((l.board, l.game, l.line));
        let Some(board) = pairing.boards.get(l.board - 1) else {
            let bye = pairing.bye.map_or(String::new(), |i| {
                format!(
                    "; {} {} has the pairing-allocated bye, which takes no result",
                    field.unit().name(),
                    field.id(i)
                )
            });
            return Err(format!("{at}: round {round} has {} boards, not {}{bye}", pairing.boards.len(), l.board));
        };
        let (w, b) = (field.id(board.white), field.id(board.black));
        match field {
            Field::Players(_) => {
                if l.game.is_some() || l.results.len() > 1 {
                    return Err(format!("{at}: board {} is one game: give one result", label(l)));
                }
                entries.push(Entry { white: w, black: b, column: round, result: l.results[0] });
            }
            Field::Double(_) => {
                let (c1, c2) = crate::double::encoding::columns(round);
                let games = [(w, b, c1), (b, w, c2)];
                let picked: Vec<(usize, GameResult)> = match (l.game, l.results.len()) {
                    (Some(g @ 1..=2), 1) => vec![(g, l.results[0])],
                    (Some(g), _) => return Err(format!("{at}: a Double-Swiss match has games 1 and 2, not {g}")),
                    (None, 2) => vec![(1, l.results[0]), (2, l.results[1])],
                    (None, n) => {
                        return Err(format!(
                            "{at}: match {} has two games: give both results ({n} given) or write {}.1 and {}.2",
                            l.board, l.board, l.board
                        ))
                    }
                };
                for (g, result) in picked {
                    let (white, black, column) = games[g - 1];
                    entries.push(Entry { white, black, column, result });
                }
            }
            Field::Teams(t) => {
                let boards = match_boards(doc, t, round, board.white, board.black);
                let picked: Vec<(usize, GameResult)> = match l.game {
                    Some(g) if l.results.len() == 1 => vec![(g, l.results[0])],
                    Some(g) => {
                        return Err(format!("{at}: board {}.{g} is one game: give one result", l.board));
                    }
                    None if l.results.len() == boards.len() => {
                        l.results.iter().copied().enumerate().map(|(k, r)| (k + 1, r)).collect()
                    }
                    None => {
                        return Err(format!(
                            "{at}: match {} has {} boards: give a result per board ({} given) or write {}.B RESULT",
                            l.board,
                            boards.len(),
                            l.results.len(),
                            l.board
                        ))
                    }
                };
                for (g, result) in picked {
                    let Some(&(white, black)) = boards.get(g - 1) else {
                        return Err(format!("{at}: match {} has {} boards, not {g}", l.board, boards.len()));
                    };
                    entries.push(Entry { white, black, column: round, result });
                }
            }
        }
    }
    let mut out = doc.clone();
    let ps = doc.point_system;
    for e in &entries {
        let (rw, rb) = e.result.codes();
        for (id, opponent, colour, code) in
            [(e.white, e.black, Colour::White, rw), (e.black, e.white, Colour::Black, rb)]
        {
            let Some(p) = out.players.iter_mut().find(|p| p.id == id) else { continue };
            let slot = p.rounds.get_mut(e.column as usize - 1).and_then(|x| x.as_mut());
            let Some(entry) = slot else { continue };
            let old = entry.result.points(entry.colour, &ps);
            let new = code.points(Some(colour), &ps);
            *entry = RoundEntry { opponent: Some(opponent), colour: Some(colour), result: code };
            p.points = Some(p.points.unwrap_or(Points::ZERO) - old + new);
        }
    }
    if out.is_team_file() {
        update_team_totals(&mut out, round);
    }
    Ok(out)
}

fn label(l: &ResultLine) -> String {
    match l.game {
        Some(g) => format!("{}.{g}", l.board),
        None => l.board.to_string(),
    }
}

/// The boards of round `round` of `doc` that still have no result (`3`; teams `2.4`; Double-Swiss
/// `4.2`), in board order.
pub fn pending(doc: &TrfDocument, round: u32) -> Vec<String> {
    let Ok((event, pairing)) = recorded_round(doc, round) else { return Vec::new() };
    let field = event.field();
    let entry =
        |id: u32, column: u32| doc.player(id).and_then(|p| p.rounds.get(column as usize - 1).copied().flatten());
    let open = |id: u32, column: u32| entry(id, column).is_some_and(|e| e.result == ResultCode::Pending);
    let mut out = Vec::new();
    for (k, b) in pairing.boards.iter().enumerate() {
        let w = field.id(b.white);
        match field {
            Field::Players(_) => {
                if open(w, round) {
                    out.push((k + 1).to_string());
                }
            }
            Field::Double(_) => {
                let (c1, c2) = crate::double::encoding::columns(round);
                for (g, c) in [(1, c1), (2, c2)] {
                    if open(w, c) {
                        out.push(format!("{}.{g}", k + 1));
                    }
                }
            }
            Field::Teams(t) => {
                for (g, (pw, _)) in match_boards(doc, t, round, b.white, b.black).iter().enumerate() {
                    if open(*pw, round) {
                        out.push(format!("{}.{}", k + 1, g + 1));
                    }
                }
            }
        }
    }
    out
}

/// The boards of the match of teams `a` (White on board 1) and `b` in round `r`: (White's
/// player, Black's player) per board, in the board order the team state reads (a `300`
/// record's, else the roster's).
fn match_boards(doc: &TrfDocument, t: &crate::team::TeamTournament, r: u32, a: usize, b: usize) -> Vec<(u32, u32)> {
    let (ta, tb) = (&t.teams[a], &t.teams[b]);
    let lineup = |tpn: u32, roster: &[u32]| -> Vec<u32> {
        match doc.out_of_order.iter().find(|o| o.round == r && o.team == tpn) {
            Some(o) => o.players.iter().map(|p| p.unwrap_or(0)).collect(),
            None => roster.to_vec(),
        }
    };
    let (la, lb) = (lineup(ta.tpn, &ta.roster), lineup(tb.tpn, &tb.roster));
    let mut out = Vec::new();
    for &p in la.iter().filter(|&&p| p != 0) {
        let Some(e) = doc.player(p).and_then(|x| x.rounds.get(r as usize - 1).copied().flatten()) else { continue };
        let Some(o) = e.opponent.filter(|o| lb.contains(o)) else { continue };
        out.push(if e.colour == Some(Colour::Black) { (o, p) } else { (p, o) });
    }
    out
}

/// The `310` match and game points of every team, when the file states them, as its board
/// results now give them (a board still pending counts nothing).
fn update_team_totals(doc: &mut TrfDocument, round: u32) {
    if doc.teams.iter().all(|t| t.match_points.is_none() && t.game_points.is_none()) {
        return;
    }
    let Ok(t) = crate::team::through_round(doc, round) else { return };
    for rec in &mut doc.teams {
        if let Some(team) = t.teams.iter().find(|x| x.tpn == rec.tpn) {
            rec.match_points = rec.match_points.map(|_| team.match_points);
            rec.game_points = rec.game_points.map(|_| team.game_points);
        }
    }
}

/// `doc` with the line-ups of `lineups` (a line-up file, `name` for the messages) seated on the
/// boards of round `round` as it was paired: each listed team's players take its boards in the
/// order given, against the opponent's players of the same boards, colours by the `352` pattern
/// from the match's board 1 (C.04.6 1.6.1); a player no longer seated loses his entry of the
/// round, and the team's `300` record of the round states its line-up (TRF-2026: "required when
/// a team plays in a different board order than defined in record 310, or plays with an
/// unoccupied board"). Results are then entered on these boards ([`enter`]). Refused (the file,
/// line and column): what [`crate::team::lineups::check`] refuses, the team that had the
/// pairing-allocated bye (it has no boards), and a change to a board whose result is entered.
pub fn seat(
    doc: &TrfDocument,
    round: u32,
    lineups: &[crate::team::lineups::LineUp],
    name: &str,
) -> Result<TrfDocument, String> {
    use crate::team::lineups;
    if !doc.is_team_file() {
        return Err(format!("{name}: a line-up is for team files (310 records); this file pairs players"));
    }
    let last = Event::next_round(doc).saturating_sub(1);
    if round == 0 || round > last {
        return Err(format!("round {round} cannot take line-ups: it is not paired (the last round paired is {last})"));
    }
    let (event, pairing) = recorded_round(doc, round)?;
    let Event::Teams(t) = &event else { return Err(format!("{name}: a line-up is for team files")) };
    let mut given: Vec<Option<&crate::team::lineups::LineUp>> = vec![None; t.teams.len()];
    for l in lineups {
        let i = lineups::team_of(t, l, name)?;
        if pairing.bye == Some(i) {
            return Err(format!(
                "{name}:{}:{}: team {}: it had the pairing-allocated bye in round {round} (C.04.6 1.4: no opponent): \
                 it has no boards to seat",
                l.line, l.column, l.team
            ));
        }
        lineups::check(doc, &t.teams[i], round, t.boards, &l.players).map_err(|e| lineups::located(l, &e, name))?;
        given[i] = Some(l);
    }
    let mut out = doc.clone();
    let r = round as usize;
    for b in &pairing.boards {
        let (w, bl) = (b.white, b.black);
        if given[w].is_none() && given[bl].is_none() {
            continue;
        }
        let now_w = current_seats(doc, t, round, w, bl);
        let now_b = current_seats(doc, t, round, bl, w);
        let seats = |i: usize, now: &[u32]| given[i].map_or(now.to_vec(), |l| l.players.clone());
        let (new_w, new_b) = (seats(w, &now_w), seats(bl, &now_b));
        let colours = t.board_colours(Colour::White);
        let mut wanted: Vec<(u32, Option<RoundEntry>, usize)> = Vec::new();
        for k in 0..t.boards {
            let (pw, pb) = (new_w.get(k).copied().unwrap_or(0), new_b.get(k).copied().unwrap_or(0));
            let cw = colours.get(k).copied().unwrap_or(Colour::White);
            let pending = ResultCode::Pending;
            if pw != 0 && pb != 0 {
                wanted.push((pw, Some(RoundEntry { opponent: Some(pb), colour: Some(cw), result: pending }), w));
                wanted.push((
                    pb,
                    Some(RoundEntry { opponent: Some(pw), colour: Some(cw.opposite()), result: pending }),
                    bl,
                ));
            }
        }
        for (side, now) in [(w, &now_w), (bl, &now_b)] {
            for &p in now.iter().filter(|&&p| p != 0) {
                if !wanted.iter().any(|(q, _, _)| *q == p) {
                    wanted.push((p, None, side));
                }
            }
        }
        for (p, new, side) in wanted {
            let old = doc.player(p).and_then(|x| x.rounds.get(r - 1).copied().flatten());
            let same = |o: &RoundEntry, n: &RoundEntry| o.opponent == n.opponent && o.colour == n.colour;
            let keep = matches!((&old, &new), (Some(o), Some(n)) if same(o, n));
            if keep {
                continue;
            }
            if let Some(o) = old.filter(|o| o.opponent.is_some() && o.result != ResultCode::Pending) {
                // The line-up that moves him: his team's, else the opponent's.
                let l = given[side].or(given[if side == w { bl } else { w }]);
                let (line, column, team) = l.map_or((0, 0, 0), |l| (l.line, l.column, l.team));
                return Err(format!(
                    "{name}:{line}:{column}: team {team}: this line-up moves player {p} (team {}), whose result of round \
                     {round} is entered already ('{}' against {}): a line-up changes only boards without a result",
                    t.teams[side].tpn,
                    o.result.to_char(),
                    o.opponent.unwrap_or(0)
                ));
            }
            if let Some(rec) = out.players.iter_mut().find(|x| x.id == p) {
                if rec.rounds.len() < r {
                    rec.rounds.resize(r, None);
                }
                rec.rounds[r - 1] = new;
                while rec.rounds.last().is_some_and(|e| e.is_none()) {
                    rec.rounds.pop();
                }
            }
        }
        for (me, them, seats) in [(w, bl, &new_w), (bl, w, &new_b)] {
            let team = &t.teams[me];
            out.out_of_order.retain(|o| !(o.round == round && o.team == team.tpn));
            let mut default: Vec<u32> = team.roster.iter().copied().take(t.boards).collect();
            default.resize(t.boards, 0);
            let mut seats = seats.clone();
            seats.resize(t.boards, 0);
            if seats != default {
                out.out_of_order.push(crate::trf::OutOfOrder {
                    round,
                    team: team.tpn,
                    opponent: t.teams[them].tpn,
                    players: seats.iter().map(|&p| (p != 0).then_some(p)).collect(),
                    line: 0,
                });
            }
        }
    }
    Ok(out)
}

/// The players of team `me` on the boards of its match against `them` in round `r`, board 1
/// first (0 for an empty board): its `300` record of the round; else the seats `pair` gave it
/// (its first players in `310` order, those entered absent from the round left out: a player
/// facing an empty board has no entry, yet holds his board), when every player of it entered
/// against `them` sits there; else those players in `310` order (a file that fielded a reserve
/// without the `300` record TRF-2026 requires).
fn current_seats(doc: &TrfDocument, t: &crate::team::TeamTournament, r: u32, me: usize, them: usize) -> Vec<u32> {
    let (team, other) = (&t.teams[me], &t.teams[them]);
    if let Some(o) = doc.out_of_order.iter().find(|o| o.round == r && o.team == team.tpn) {
        let mut seats: Vec<u32> = o.players.iter().map(|p| p.unwrap_or(0)).collect();
        seats.resize(t.boards, 0);
        return seats;
    }
    let theirs: Vec<u32> = match doc.out_of_order.iter().find(|o| o.round == r && o.team == other.tpn) {
        Some(o) => o.players.iter().flatten().copied().collect(),
        None => other.roster.clone(),
    };
    let entry = |p: u32| doc.player(p).and_then(|x| x.rounds.get(r as usize - 1).copied().flatten());
    let played: Vec<u32> = team
        .roster
        .iter()
        .copied()
        .filter(|&p| entry(p).and_then(|e| e.opponent).is_some_and(|o| theirs.contains(&o)))
        .collect();
    let away = |p: u32| entry(p).is_some_and(|e| e.opponent.is_none() && e.result.is_bye());
    let mut seats: Vec<u32> = team.roster.iter().copied().filter(|&p| !away(p)).take(t.boards).collect();
    if !played.iter().all(|p| seats.contains(p)) {
        seats = played;
    }
    seats.resize(t.boards, 0);
    seats
}
