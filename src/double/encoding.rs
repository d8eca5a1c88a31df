//! How a Double-Swiss match is written in a TRF-2026 file. TRF-2026 has one opponent, one colour
//! and one result per player and round, so a two-game match does not fit one round block; there
//! is no official encoding. lexpair reads and writes the only published one (MarkDechamps'
//! fide-swiss-pairing-engine, ADR 0007), which the witnesses' corpus uses too:
//!
//! - tag `192` says `FIDE_DOUBLESWISS` (or `FIDE_DOUBLESWISS_BAKU`, the Baku acceleration);
//! - match *k* is the TRF rounds (game columns) **2k-1 and 2k**: game 1 and game 2, the same
//!   opponent in both, reversed colours (the match White has `w` in game 1, `b` in game 2: C.04.5
//!   4.4); results per game with the usual codes (`1 = 0`, `+ -` a forfeited game);
//! - byes apply to matches only (Preface): the pairing-allocated bye is `0000 - U` in both
//!   columns and is worth `162 P` **once per match** (without `P`, 1.4's value: a game won and a
//!   game drawn); an absence `0000 - Z` (or `H`, `F`) in both columns;
//! - `142`, `240`, `250` and `260` count game columns (`142` = twice the matches).
//!
//! A file that names the system but breaks the encoding (a match whose games face different
//! opponents, one game against a bye, two games with the same colour, an odd `142`) mixes
//! conventions and is refused, naming the line and the match.

use crate::points::{PointSystem, Points};
use crate::trf::{PlayerRecord, ResultCode, RoundEntry, TrfDocument};

/// The `192` code of the Double-Swiss system.
pub const CODE: &str = "FIDE_DOUBLESWISS";
/// The `192` code of the Double-Swiss system with the Baku acceleration (C.04.7).
pub const BAKU_CODE: &str = "FIDE_DOUBLESWISS_BAKU";

/// Which Double-Swiss code a file's `192` names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Code {
    /// `FIDE_DOUBLESWISS`.
    Plain,
    /// `FIDE_DOUBLESWISS_BAKU`.
    Baku,
}

/// The Double-Swiss code of `192`, if the file names one (`CUSTOM_DOUBLESWISS` too: its
/// rules are the competition's, which lexpair cannot know, so it is refused by the state).
pub fn code(doc: &TrfDocument) -> Option<Result<Code, String>> {
    let t = doc.tournament_type.as_deref()?.trim().to_ascii_uppercase();
    match t.as_str() {
        CODE => Some(Ok(Code::Plain)),
        BAKU_CODE => Some(Ok(Code::Baku)),
        _ if t.contains("DOUBLESWISS") || t.contains("DOUBLE_SWISS") => Some(Err(format!(
            "record 192 (tournament type): '{t}' is not a code lexpair pairs; expected {CODE} or {BAKU_CODE} \
             (a custom Double-Swiss follows the competition's own rules)"
        ))),
        _ => None,
    }
}

/// True when the file's `192` names a Double-Swiss system: its rounds are two-game matches.
pub fn is_double_swiss(doc: &TrfDocument) -> bool {
    code(doc).is_some()
}

/// The game columns of match `k` (1-based): `(2k-1, 2k)`, 1-based TRF rounds.
pub fn columns(k: u32) -> (u32, u32) {
    (2 * k - 1, 2 * k)
}

/// The match a game column (1-based) belongs to.
pub fn match_of_column(column: u32) -> u32 {
    column.div_ceil(2)
}

/// One player's match as the file writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MatchEntry {
    /// Two games against `opponent`: the player's entries of game 1 and game 2.
    Games {
        /// The opponent (TRF starting rank).
        opponent: u32,
        /// The entries of the two games.
        games: [RoundEntry; 2],
    },
    /// A bye of the whole match: the code written in both columns (`U`, `F`, `H`, `Z`).
    Bye(ResultCode),
    /// A bye written in game 1's column only, the last column of the file: the match to pair,
    /// announced.
    Announced(ResultCode),
}

fn entry(p: &PlayerRecord, column: u32) -> Option<RoundEntry> {
    p.rounds.get(column as usize - 1).copied().flatten()
}

/// Player `p`'s match `k`, or `None` when the file has nothing for it. A match that breaks the
/// encoding is an error naming the line and the match.
pub fn match_entry(p: &PlayerRecord, k: u32) -> Result<Option<MatchEntry>, String> {
    let (c1, c2) = columns(k);
    let at = |what: String| {
        let col = 92 + 10 * (c1 as usize - 1);
        crate::trf::at(
            p.line,
            col,
            format!(
                "match {k} (TRF rounds {c1} and {c2}, columns {col}-{}): player {}: {what}; a Double-Swiss match is \
                 two games against the same opponent with reversed colours, or one bye in both columns (192 {CODE})",
                col + 19,
                p.id
            ),
        )
    };
    let last = p.rounds.len() as u32;
    match (entry(p, c1), entry(p, c2)) {
        (None, None) => Ok(None),
        (Some(g1), None) if g1.opponent.is_none() && g1.result.is_bye() && last == c1 => {
            Ok(Some(MatchEntry::Announced(g1.result)))
        }
        (Some(g1), None) => Err(at(format!("game 1 is {} but game 2 is missing", describe(&g1)))),
        (None, Some(g2)) => Err(at(format!("game 2 is {} but game 1 is missing", describe(&g2)))),
        (Some(g1), Some(g2)) => match (g1.opponent, g2.opponent) {
            (None, None) if g1.result == g2.result && g1.result.is_bye() => Ok(Some(MatchEntry::Bye(g1.result))),
            (None, None) if g1.result == g2.result => Err(at(format!(
                "'{}' without an opponent in both games; a match without an opponent is a bye: U, F, H or Z",
                g1.result.to_char()
            ))),
            (None, None) => Err(at(format!(
                "game 1 is {} and game 2 is {}: byes apply to whole matches (Preface)",
                describe(&g1),
                describe(&g2)
            ))),
            (Some(a), Some(b)) if a != b => Err(at(format!("game 1 is against {a}, game 2 against {b}"))),
            (Some(a), Some(_)) => match (g1.colour, g2.colour) {
                (Some(x), Some(y)) if x == y => Err(at(format!("both games are {}", describe_colour(x)))),
                _ => Ok(Some(MatchEntry::Games { opponent: a, games: [g1, g2] })),
            },
            _ => Err(at(format!(
                "game 1 is {} and game 2 is {}: byes apply to whole matches (Preface)",
                describe(&g1),
                describe(&g2)
            ))),
        },
    }
}

fn describe_colour(c: crate::trf::Colour) -> &'static str {
    match c {
        crate::trf::Colour::White => "with White",
        crate::trf::Colour::Black => "with Black",
    }
}

fn describe(e: &RoundEntry) -> String {
    match e.opponent {
        Some(o) => format!("a game against {o}"),
        None => format!("a bye '{}'", e.result.to_char()),
    }
}

/// The value of a pairing-allocated bye for a whole match under `ps` (the file's `P`, made 1.4's
/// a game won plus a game drawn by the reader when the file does not state it).
pub fn pab_points(ps: &PointSystem) -> Points {
    ps.pairing_bye
}

/// C.04.5 1.4 read: the pairing-allocated bye is worth "as many points as if the player had
/// played a match winning a game and drawing the other".
pub fn default_pab_points(ps: &PointSystem) -> Points {
    ps.win() + ps.draw()
}

/// The points of a player's columns: every game as its result is worth, a bye of a whole match
/// (`U` in both columns) counted once (`162 P` is a match's value), other byes per column (`F`
/// twice is a match of two wins, `H` twice two draws).
pub fn points_of_columns(rounds: &[Option<RoundEntry>], ps: &PointSystem) -> Points {
    let mut sum = Points::ZERO;
    for (k, e) in rounds.iter().enumerate() {
        let Some(e) = e else { continue };
        let second_of_pab = k % 2 == 1
            && e.result == ResultCode::PairingBye
            && e.opponent.is_none()
            && matches!(rounds[k - 1], Some(p) if p.result == ResultCode::PairingBye && p.opponent.is_none());
        if !second_of_pab {
            sum += e.result.points(e.colour, ps);
        }
    }
    sum
}

/// The number of matches of the tournament (`142` / 2), refusing an odd `142`.
pub fn total_matches(doc: &TrfDocument) -> Result<Option<u32>, String> {
    match doc.total_rounds {
        None => Ok(None),
        Some(n) if n % 2 == 0 => Ok(Some(n / 2)),
        Some(n) => Err(format!(
            "tag 142 (number of rounds) is {n}: in a Double-Swiss file it counts game columns, two per match (192 \
             {CODE}), so it must be even"
        )),
    }
}

/// The match to pair next: the one after the last match in which a game was paired.
pub fn next_match(doc: &TrfDocument) -> u32 {
    match_of_column(crate::tournament::next_round(doc).saturating_sub(1)) + 1
}

/// The match to pair: `requested`, or the next one; a match beyond the next, and a match whose
/// history has results pending, are refused with the reason.
pub fn match_to_pair(doc: &TrfDocument, requested: Option<u32>) -> Result<u32, String> {
    let next = next_match(doc);
    let k = requested.unwrap_or(next);
    if k == 0 {
        return Err("match numbers start at 1".into());
    }
    if k > next {
        let paired = match next {
            1 => "no match is paired yet".to_string(),
            2 => "only match 1 is paired".to_string(),
            n => format!("matches 1-{} are paired", n - 1),
        };
        return Err(format!("match {k} cannot be paired: {paired}, so the match to pair is {next} (192 {CODE})"));
    }
    for p in &doc.players {
        for c in 1..columns(k).0 {
            if let Some(RoundEntry { opponent: Some(o), result: ResultCode::Pending, .. }) = entry(p, c) {
                let m = match_of_column(c);
                let col = 99 + 10 * (c as usize - 1);
                return Err(crate::trf::at(
                    p.line,
                    col,
                    format!(
                        "round {c} result (column {col}): match {m} has results pending (player {} against {o}, game \
                         {} has no result); enter the results of match {m} before pairing match {k}",
                        p.id,
                        2 - c % 2
                    ),
                ));
            }
        }
    }
    Ok(k)
}

/// [`crate::tournament::partial_round`] in matches: the match to pair holding a
/// pairing-allocated bye entered in advance for some players, or the last match paired with
/// entries for some players only. A match written against the encoding (a lone game column) is
/// left to the state, which names its line.
pub fn partial_match(doc: &TrfDocument) -> Option<crate::tournament::PartialRound> {
    let next = next_match(doc);
    let split = |k: u32| -> Option<(Vec<u32>, Vec<u32>)> {
        let mut ids: Vec<(u32, bool)> = Vec::with_capacity(doc.players.len());
        for p in &doc.players {
            ids.push((p.id, match_entry(p, k).ok()?.is_some()));
        }
        ids.sort_unstable();
        Some((ids.iter().filter(|x| x.1).map(|x| x.0).collect(), ids.iter().filter(|x| !x.1).map(|x| x.0).collect()))
    };
    let entries: Vec<Option<MatchEntry>> = doc.players.iter().map(|p| match_entry(p, next).ok().flatten()).collect();
    let games = entries.iter().any(|e| matches!(e, Some(MatchEntry::Games { .. })));
    let pab = entries.iter().any(|e| {
        matches!(e, Some(MatchEntry::Bye(ResultCode::PairingBye) | MatchEntry::Announced(ResultCode::PairingBye)))
    });
    if pab && !games {
        let (entered, missing) = split(next)?;
        return Some(crate::tournament::PartialRound {
            round: next,
            entered,
            missing,
            in_advance: true,
            matches: true,
        });
    }
    if next > 1 {
        let (entered, missing) = split(next - 1)?;
        if !missing.is_empty() {
            return Some(crate::tournament::PartialRound {
                round: next - 1,
                entered,
                missing,
                in_advance: false,
                matches: true,
            });
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::Colour;

    fn game(o: u32, c: Colour, r: ResultCode) -> Option<RoundEntry> {
        Some(RoundEntry { opponent: Some(o), colour: Some(c), result: r })
    }

    fn player(rounds: Vec<Option<RoundEntry>>) -> PlayerRecord {
        PlayerRecord { id: 1, line: 7, rounds, ..PlayerRecord::default() }
    }

    #[test]
    fn a_match_is_two_columns_against_one_opponent() {
        let p = player(vec![
            game(2, Colour::White, ResultCode::Win),
            game(2, Colour::Black, ResultCode::Draw),
            Some(RoundEntry::bye(ResultCode::PairingBye)),
            Some(RoundEntry::bye(ResultCode::PairingBye)),
            Some(RoundEntry::bye(ResultCode::ZeroBye)),
        ]);
        assert!(matches!(match_entry(&p, 1), Ok(Some(MatchEntry::Games { opponent: 2, .. }))));
        assert_eq!(match_entry(&p, 2), Ok(Some(MatchEntry::Bye(ResultCode::PairingBye))));
        assert_eq!(match_entry(&p, 3), Ok(Some(MatchEntry::Announced(ResultCode::ZeroBye))));
        assert_eq!(match_entry(&p, 4), Ok(None));
    }

    #[test]
    fn mixed_conventions_are_refused_with_line_and_match() {
        let different = player(vec![game(2, Colour::White, ResultCode::Win), game(3, Colour::Black, ResultCode::Win)]);
        let e = match_entry(&different, 1).unwrap_err();
        assert!(e.starts_with("7:92: match 1 (TRF rounds 1 and 2") && e.contains("against 2, game 2 against 3"), "{e}");
        let same_colour =
            player(vec![game(2, Colour::White, ResultCode::Win), game(2, Colour::White, ResultCode::Win)]);
        assert!(match_entry(&same_colour, 1).unwrap_err().contains("both games are with White"));
        let half = player(vec![game(2, Colour::White, ResultCode::Win), Some(RoundEntry::bye(ResultCode::ZeroBye))]);
        assert!(match_entry(&half, 1).unwrap_err().contains("byes apply to whole matches"));
        let lone = player(vec![game(2, Colour::White, ResultCode::Win)]);
        assert!(match_entry(&lone, 1).unwrap_err().contains("game 2 is missing"));
    }

    #[test]
    fn a_pab_counts_once_per_match() {
        let ps = PointSystem { pairing_bye: Points(15), ..PointSystem::default() };
        let rounds = vec![
            Some(RoundEntry::bye(ResultCode::PairingBye)),
            Some(RoundEntry::bye(ResultCode::PairingBye)),
            game(2, Colour::White, ResultCode::Win),
            game(2, Colour::Black, ResultCode::Draw),
            Some(RoundEntry::bye(ResultCode::FullBye)),
            Some(RoundEntry::bye(ResultCode::FullBye)),
        ];
        assert_eq!(points_of_columns(&rounds, &ps), Points(15 + 15 + 20));
        assert_eq!(default_pab_points(&PointSystem::default()), Points(15));
    }
}
