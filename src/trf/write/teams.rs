//! Writing the team data of a [`TrfDocument`]: tags 192, 352 and 362, the teams (`310` records,
//! or `013` lines for a team list read from them), and the records `320`, `250` (teams), `330`,
//! `300` and `299`, each in the columns TRF-2026 gives it.

use super::fit;
use crate::points::Points;
use crate::trf::{
    AbnormalPoints, Colour, ForfeitedMatch, OutOfOrder, TeamAcceleration, TeamPab, TeamRecord, TeamScoring, TrfDocument,
};

/// The team records of a document, grouped by where they go in the file.
pub(super) struct TeamLines {
    /// `310` records or `013` lines, right after the players.
    pub teams: Vec<String>,
    /// The `320` record, after the byes.
    pub pab: Vec<String>,
    /// The team `250` records, with the accelerations.
    pub accelerations: Vec<String>,
    /// `330`, `300` and `299` records, last.
    pub after: Vec<String>,
}

/// Tags 192, 352 and 362 (362 when the file stated it or when it is not 2 / 1 / 0).
pub(super) fn team_tags(doc: &TrfDocument, lines: &mut Vec<String>) {
    if let Some(code) = &doc.tournament_type {
        lines.push(format!("192 {code}"));
    }
    if let Some(colours) = &doc.board_colours {
        let pattern: String = colours
            .iter()
            .map(|c| match c {
                Colour::White => 'W',
                Colour::Black => 'B',
            })
            .collect();
        lines.push(format!("352 {pattern}"));
    }
    if doc.team_scoring_explicit || doc.team_scoring != TeamScoring::default() {
        let s = doc.team_scoring;
        lines.push(format!("362 TW{:>4}   TD{:>4}   TL{:>4}", s.win, s.draw, s.loss));
    }
}

pub(super) fn team_lines(doc: &TrfDocument) -> TeamLines {
    let teams = if as_013(&doc.teams) {
        doc.teams.iter().map(line013).collect()
    } else {
        doc.teams.iter().map(line310).collect()
    };
    let mut after: Vec<String> = doc.forfeited_matches.iter().map(line330).collect();
    after.extend(doc.out_of_order.iter().map(line300));
    after.extend(doc.abnormal_points.iter().map(line299));
    TeamLines {
        teams,
        pab: doc.team_pab.iter().map(line320).collect(),
        accelerations: doc.team_accelerations.iter().map(line250).collect(),
        after,
    }
}

/// The teams go back as `013` lines when they were read from them and `013` can still say them:
/// nothing but names and players, numbered 1, 2, 3... in file order. Otherwise (even in a
/// TRF16 file) as `310` records, which lose nothing.
fn as_013(teams: &[TeamRecord]) -> bool {
    !teams.is_empty()
        && teams.iter().enumerate().all(|(i, t)| {
            t.legacy
                && t.tpn == i as u32 + 1
                && t.nickname.is_empty()
                && t.strength.is_none()
                && t.match_points.is_none()
                && t.game_points.is_none()
                && t.rank.is_none()
        })
}

fn optional<T: std::fmt::Display>(value: Option<T>, width: usize) -> String {
    value.map_or(" ".repeat(width), |v| format!("{v:>width$}"))
}

/// Points in `width` columns, blank when not given (`super::points_in`).
fn optional_points(value: Option<Points>, width: usize) -> String {
    value.map_or(" ".repeat(width), |p| super::points_in(p, width))
}

/// `310 TPN Name(9-40) Nick(42-46) Strength(48-53) MP(55-60) GP(62-67) Rank(69-71)  P1(74-77) ...`
fn line310(t: &TeamRecord) -> String {
    let mut line = format!(
        "310 {:>3} {} {} {} {} {} {} ",
        t.tpn,
        fit(&t.name, 32, false),
        fit(&t.nickname, 5, false),
        optional(t.strength, 6),
        optional_points(t.match_points, 6),
        optional_points(t.game_points, 6),
        optional(t.rank, 3),
    );
    for id in &t.players {
        line.push_str(&format!(" {id:>4}"));
    }
    line
}

/// `013 Name(5-36)P1(37-40) P2(42-45) ...`
fn line013(t: &TeamRecord) -> String {
    let mut line = format!("013 {}", fit(&t.name, 32, false));
    for (i, id) in t.players.iter().enumerate() {
        let gap = if i == 0 { "" } else { " " };
        line.push_str(&format!("{gap}{id:>4}"));
    }
    line
}

/// `320 MMMM GGGG T01 T02 ...` (`000` for a round without PAB).
fn line320(p: &TeamPab) -> String {
    let mut line = format!("320 {} {}", super::points_in(p.match_points, 4), super::points_in(p.game_points, 4));
    for team in &p.teams {
        line.push_str(&format!(" {:03}", team.unwrap_or(0)));
    }
    line
}

/// `250 MMMM GGGG RRF RRL TTTF TTTL` (match points blank when not given).
fn line250(a: &TeamAcceleration) -> String {
    format!(
        "250 {} {} {:03} {:03} {:04} {:04}",
        optional_points(a.match_points, 4),
        super::points_in(a.game_points, 4),
        a.rounds.0,
        a.rounds.1,
        a.teams.0,
        a.teams.1
    )
}

/// `330 TT RRR WWW BBB`.
fn line330(m: &ForfeitedMatch) -> String {
    format!("330 {} {:03} {:03} {:03}", m.kind.code(), m.round, m.white, m.black)
}

/// `300 RRR TTT OOO P1 P2 ...` (`0000` for an empty board).
fn line300(o: &OutOfOrder) -> String {
    let mut line = format!("300 {:03} {:03} {:03}", o.round, o.team, o.opponent);
    for player in &o.players {
        match player {
            Some(id) => line.push_str(&format!(" {id:>4}")),
            None => line.push_str(" 0000"),
        }
    }
    line
}

/// `299 T MMMMM GGGGG  RRR ID1 ID2 ...`: the points right-aligned in columns 7-11 and 13-17
/// (room for a sign before `11.5`), the round in 20-22 (`000` for every round).
fn line299(a: &AbnormalPoints) -> String {
    let points = |p: Option<Points>| optional_points(p, 5);
    let mut line = format!(
        "299 {} {} {}  {:03}",
        a.kind.to_char(),
        points(a.match_points),
        points(a.game_points),
        a.round.unwrap_or(0)
    );
    for id in &a.ids {
        line.push_str(&format!(" {id:>4}"));
    }
    line
}
