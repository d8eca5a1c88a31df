//! Accelerations computed from the rules instead of read from `XXA` lines or `250` records.
//!
//! The Baku method (C.04.5.1, 2017; C.04.7 1.1-1.5, 2026, the same numbers when a win is worth
//! two draws):
//! - it applies when a win is worth two draws and a loss nothing (2017: "the standard scoring
//!   point system"; 2026 1.1);
//! - GA is the first half of the players, rounded up to an even number: pairing numbers
//!   `1 ..= 2·⌈N/4⌉` (rule 2, "2 * Q");
//! - the accelerated rounds are the first half of the tournament, rounded up: `A = ⌈R/2⌉`;
//! - GA players get virtual points equal to a win in the first `⌈A/2⌉` of them, half a win in
//!   the remaining ones; GB players never, nor anybody after round `A` (rule 4).
//!
//! The pairing numbers are those of the pairing (the starting rank, or the file order with
//! `XXC rank`). Late entries (rule 3: "the last GA-player shall be
//! the same as in the previous round") are not told apart by a TRF: every player of the file is
//! counted in `N`, as a tournament whose whole list was known before round 1.

use crate::points::Points;
use crate::trf::{Acceleration, TrfDocument};
use std::fmt;
use std::str::FromStr;

/// An acceleration method lexpair computes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// C.04.5.1 (2017) / C.04.7 (2026) Baku acceleration.
    Baku,
}

impl FromStr for Method {
    type Err = String;
    fn from_str(s: &str) -> Result<Method, String> {
        match s.to_ascii_lowercase().as_str() {
            "baku" => Ok(Method::Baku),
            other => Err(format!("unknown acceleration '{other}'; known: baku")),
        }
    }
}

impl fmt::Display for Method {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Method::Baku => "baku",
        })
    }
}

/// The virtual points of every GA player, round by round, for a tournament of `doc`'s players
/// and `doc.total_rounds` rounds; an error when the method does not apply.
pub fn compute(method: Method, doc: &TrfDocument) -> Result<Vec<Acceleration>, String> {
    match method {
        Method::Baku => baku(doc),
    }
}

/// C.04.7 1.1 (2017: the standard 1-½-0 scoring): a win worth two draws, a loss nothing. The
/// points of a win, when the premise holds.
pub fn baku_premise(ps: &crate::points::PointSystem) -> Result<Points, String> {
    let win = ps.win_white;
    let premise = ps.win_black == win
        && ps.draw_white == ps.draw_black
        && Points(2 * ps.draw_white.0) == win
        && ps.loss_white == Points(0)
        && ps.loss_black == Points(0)
        && win.0 > 0;
    if !premise {
        return Err("the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)".into());
    }
    Ok(win)
}

/// C.04.7 1.2-1.4 for the players `order` (ids by pairing number) in `rounds` rounds, `win` the
/// points of a win: GA = pairing numbers 1 ..= 2·⌈N/4⌉; the accelerated rounds are the first
/// ⌈R/2⌉, a win's points in the first half of them (rounded up), half of it in the others.
/// `points[r-1]` of each GA player are its virtual points in round `r`.
pub fn baku_schedule(order: &[u32], rounds: u32, win: Points) -> Vec<Acceleration> {
    let accelerated = rounds.div_ceil(2) as usize;
    let full = accelerated.div_ceil(2);
    let half = Points(win.0 / 2);
    let points: Vec<Points> = (0..accelerated).map(|r| if r < full { win } else { half }).collect();
    let last_ga = 2 * order.len().div_ceil(4);
    order.iter().take(last_ga).map(|&player| Acceleration { player, points: points.clone() }).collect()
}

fn baku(doc: &TrfDocument) -> Result<Vec<Acceleration>, String> {
    let win = baku_premise(&doc.point_system)?;
    let Some(rounds) = doc.total_rounds else {
        return Err("the Baku acceleration needs the number of rounds (XXR or tag 142)".into());
    };
    let order: Vec<u32> = super::build::pairing_order(doc).into_iter().map(|k| doc.players[k].id).collect();
    Ok(baku_schedule(&order, rounds, win))
}

/// What `--acceleration METHOD` does to a file before it is paired: the virtual points `method`
/// computes replace the file's own (`XXA` lines, `250` records). `Ok(true)` when the file had
/// some, which the caller should say it replaced. A team file states its accelerations in `250`
/// records and a Double-Swiss file names its own in `192`: both are refused, as a method counts
/// players' TRF rounds.
pub fn apply(method: Method, doc: &mut TrfDocument) -> Result<bool, String> {
    if doc.is_team_file() {
        return Err(
            "--acceleration computes players' virtual points; a team file states its accelerations in 250 records"
                .into(),
        );
    }
    if crate::double::encoding::is_double_swiss(doc) {
        return Err(format!(
            "--acceleration counts TRF rounds; a Double-Swiss file names its acceleration in 192 ({}) or states it in \
             250 records",
            crate::double::encoding::BAKU_CODE
        ));
    }
    let computed = compute(method, doc)?;
    let replaced = !doc.accelerations.is_empty();
    doc.accelerations = computed;
    Ok(replaced)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::trf::{read_str, ReadOptions};

    /// The example tournament with its players copied to `players` starting ranks, `rounds` rounds.
    fn doc(players: u32, rounds: u32) -> TrfDocument {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/open-r5.trf");
        let text = std::fs::read_to_string(path).expect("the example");
        let mut d = read_str(&text, path, &ReadOptions::default()).expect("valid");
        let base = d.players[0].clone();
        d.players = (1..=players).map(|id| crate::trf::PlayerRecord { id, ..base.clone() }).collect();
        d.total_rounds = Some(rounds);
        d
    }

    /// The text's examples: 161 players give 82 in GA (rule 2); 9 rounds give 5 accelerated
    /// rounds, 3 at one point and 2 at half a point (rule 4).
    #[test]
    fn the_texts_examples() {
        let acc = compute(Method::Baku, &doc(161, 9)).expect("standard scoring");
        assert_eq!(acc.len(), 82);
        assert_eq!(acc.last().map(|a| a.player), Some(82));
        let p: Vec<i64> = acc[0].points.iter().map(|p| p.0).collect();
        assert_eq!(p, [10, 10, 10, 5, 5]);
        // 7 rounds: 4 accelerated, 2 + 2.
        let acc = compute(Method::Baku, &doc(20, 7)).expect("standard scoring");
        assert_eq!(acc.len(), 10);
        let p: Vec<i64> = acc[0].points.iter().map(|p| p.0).collect();
        assert_eq!(p, [10, 10, 5, 5]);
    }

    #[test]
    fn three_one_zero_is_refused() {
        let mut d = doc(20, 7);
        d.point_system = crate::points::PointSystem::with_win_draw_loss(Points(30), Points(10), Points(0));
        assert!(compute(Method::Baku, &d).is_err());
    }
}
