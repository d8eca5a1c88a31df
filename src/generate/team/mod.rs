//! Seeded random team tournaments (C.04.6, `lexpair generate --system team-2026`), every round
//! paired through the door of a round ([`crate::round::pair`]) from the file written so far.
//!
//! The tournament follows the conventions of the Swiss Team witness corpus
//! (`corpus/team-2026/README.md`): `N` teams of `B` boards (`field`: team strengths running
//! down from a drawn top over a drawn spread, player ratings around them, board 1 strongest,
//! TPN by rating sum); a TRF-2026 file with `142`, `152` (drawn), `162` (the game points, `P` a
//! draw's value: the PAB is worth a draw per board), `192`, `352`, `362`; a round (`play`)
//! announces its absent teams (`240 Z`, `0000 - Z`), is paired, then played board by board with
//! the Elo model of [`super::game_result`], single boards and whole matches forfeited at their
//! rates (`+`/`-`, `330`), the PAB written as `0000 - U` and in `320`; at the end (`finish`)
//! the `310` records get each team's match points, game points and rank.
//!
//! Every random draw depends only on the seed and on what it decides (a team's field, its
//! absence in a round, a match, a board), so the same seed gives the same file on any machine
//! and thread count.

mod field;
mod finish;
mod play;

pub use field::{team_field, FieldTeam};

use super::{
    add_criteria, add_own, add_records, check_rates, own_totals, Field, GenerateConfig, GenerateError, Generated,
};
use crate::team::TeamRules;
use crate::trf::{Colour, TeamScoring};
use crate::vocabulary::{System, Unit};
use std::time::Instant;

/// The `192` code of the C.04.6 defaults: Type A colour preferences, match points primary, game
/// points secondary.
pub const DEFAULT_TEAM_RULES: &str = "FIDE_TEAM_TYPEA_MP_GP";

/// What a team tournament has beyond an individual one.
#[derive(Clone, Debug, PartialEq)]
pub struct TeamOptions {
    /// Boards per match (players per team), at least 1.
    pub boards: usize,
    /// The `192` code: `FIDE_TEAM_TYPEA_MP_GP` (default), `FIDE_TEAM_TYPEB_MP_GP`,
    /// `FIDE_TEAM_MP_GP` (no colour preferences), ... as [`TeamRules::from_code`] reads them.
    pub rules: String,
    /// The `352` board colours of the team that has White, board 1 first (it must be White,
    /// C.04.6 1.6.1), at least `boards` long and cut to it; `None`: alternating `WBWB...`.
    pub board_colours: Option<Vec<Colour>>,
    /// The `362` match points of a won, drawn and lost match (default 2 / 1 / 0).
    pub match_points: TeamScoring,
    /// Probability that a match is forfeited as a whole (one team, drawn at random, does not
    /// show: every board `+` for the other, and a `330` record).
    pub match_forfeit_rate: f64,
}

impl Default for TeamOptions {
    fn default() -> Self {
        TeamOptions {
            boards: 4,
            rules: DEFAULT_TEAM_RULES.to_string(),
            board_colours: None,
            match_points: TeamScoring::default(),
            match_forfeit_rate: 0.0,
        }
    }
}

impl TeamOptions {
    /// The board colours of the team that has White, cut to the boards.
    pub fn pattern(&self) -> Vec<Colour> {
        match &self.board_colours {
            Some(p) => p.iter().copied().take(self.boards).collect(),
            None => (0..self.boards).map(|k| if k % 2 == 0 { Colour::White } else { Colour::Black }).collect(),
        }
    }
}

/// True when `system` pairs teams (its units are teams): its tournaments are generated here.
pub fn pairs_teams(system: System) -> bool {
    system.registration().unit() == Unit::Team
}

/// Parses a `352` board colour pattern such as `WBWB` (case-insensitive).
pub fn parse_board_colours(text: &str) -> Result<Vec<Colour>, String> {
    let bad = || format!("board colours '{text}': expected W and B letters, board 1 first, e.g. WBWB");
    let colours: Vec<Colour> = text
        .trim()
        .chars()
        .map(|c| match c.to_ascii_uppercase() {
            'W' => Ok(Colour::White),
            'B' => Ok(Colour::Black),
            _ => Err(bad()),
        })
        .collect::<Result<_, _>>()?;
    if colours.is_empty() {
        return Err(bad());
    }
    Ok(colours)
}

/// Parses `362` match points `WIN-DRAW-LOSS` such as `2-1-0` or `3-1-0`.
pub fn parse_match_points(text: &str) -> Result<TeamScoring, String> {
    let bad = || format!("match points '{text}': expected WIN-DRAW-LOSS, e.g. 2-1-0 or 3-1-0");
    let parts: Vec<&str> = text.split('-').collect();
    if parts.len() != 3 {
        return Err(bad());
    }
    let p: Vec<crate::points::Points> =
        parts.iter().map(|x| crate::points::Points::parse(x)).collect::<Option<_>>().ok_or_else(bad)?;
    Ok(TeamScoring { win: p[0], draw: p[1], loss: p[2] })
}

/// Checks what only team tournaments have, and refuses what only individual ones have (called
/// by [`check_rates`] for a team system).
pub fn check_options(cfg: &GenerateConfig) -> Result<(), GenerateError> {
    let invalid = |m: String| Err(GenerateError::Invalid(m));
    let o = &cfg.team;
    if !(0.0..=1.0).contains(&o.match_forfeit_rate) {
        return invalid(format!("match forfeit rate must be between 0 and 1, not {}", o.match_forfeit_rate));
    }
    if o.boards == 0 {
        return invalid("a team needs at least one board".into());
    }
    TeamRules::from_code(&o.rules).map_err(|e| GenerateError::Invalid(format!("team rules (192): {e}")))?;
    if let Some(p) = &o.board_colours {
        if p.len() < o.boards {
            return invalid(format!("board colours: {} given for {} boards", p.len(), o.boards));
        }
        if p.first() != Some(&Colour::White) {
            return invalid(
                "board colours: board 1 of the team that has White plays White (C.04.6 1.6.1); start the pattern \
                 with W"
                    .into(),
            );
        }
    }
    let s = o.match_points;
    if !(s.win > s.draw && s.draw >= s.loss) {
        return invalid("match points: a won match must be worth more than a draw, a draw at least a loss".into());
    }
    let ps = &cfg.point_system;
    if *ps != crate::points::PointSystem::with_win_draw_loss(ps.win(), ps.draw(), ps.loss()) {
        return invalid("game points: a team file states them as WIN-DRAW-LOSS (162)".into());
    }
    if cfg.half_bye_rate > 0.0 {
        return invalid(
            "half-point byes are not generated for teams (an absent team takes a zero-point bye: --absences)".into(),
        );
    }
    if cfg.acceleration.is_some() {
        return invalid("accelerations are not generated for teams".into());
    }
    Ok(())
}

/// The number of teams of the field.
pub(crate) fn team_count(cfg: &GenerateConfig) -> Result<usize, GenerateError> {
    let teams = match &cfg.field {
        Field::Random { players, .. } => *players,
        Field::List(_) => {
            return Err(GenerateError::Invalid(
                "a team field is generated (N teams of B boards); a list of players is not one".into(),
            ))
        }
    };
    if teams < 2 {
        return Err(GenerateError::Invalid(format!("a team tournament needs at least 2 teams, not {teams}")));
    }
    if teams > 999 {
        return Err(GenerateError::Invalid(format!(
            "{teams} teams: a TRF holds at most 999 (team pairing numbers are 3 digits, 310 columns 5-7)"
        )));
    }
    if teams * cfg.team.boards > 9999 {
        return Err(GenerateError::Invalid(format!(
            "{teams} teams of {} boards are {} players: a TRF holds at most 9,999 (starting-rank numbers are 4 \
             digits, columns 5-8)",
            cfg.team.boards,
            teams * cfg.team.boards
        )));
    }
    Ok(teams)
}

/// Generates a whole team tournament; stops at the first round that cannot be paired.
pub fn generate_team(cfg: &GenerateConfig) -> Result<Generated, GenerateError> {
    check_rates(cfg)?;
    if !pairs_teams(cfg.system) {
        return Err(GenerateError::Invalid(format!("{} pairs players, not teams", cfg.system)));
    }
    let teams = team_count(cfg)?;
    let field = team_field(cfg.seed, teams, cfg.team.boards);
    let mut doc = field::initial_document(cfg, &field);
    let mut round_seconds = Vec::with_capacity(cfg.rounds as usize);
    let mut criteria = Vec::new();
    let mut own = Vec::new();
    let mut audit = crate::audit::AuditCounts::default();
    for r in 1..=cfg.rounds {
        play::announce_absences(cfg, &mut doc, r);
        let t = crate::team::TeamTournament::before_round(&doc, r)
            .map_err(|e| GenerateError::Invalid(format!("round {r}: {e}")))?;
        let start = Instant::now();
        let round =
            crate::round::pair(&t, cfg.system, &cfg.pair).map_err(|error| GenerateError::Pair { round: r, error })?;
        audit.add(&round.audit());
        round_seconds.push(start.elapsed().as_secs_f64());
        add_criteria(&mut criteria, &round.traces);
        add_own(&mut own, &round.traces);
        add_records(&mut own, &round.records);
        play::play_round(cfg, &mut doc, &t, &round.pairing);
    }
    finish::totals(&mut doc).map_err(|e| GenerateError::Invalid(e.message))?;
    doc.other_lines.push(format!(
        "### lexpair generate: system {}, {} teams of {} boards, {} rounds, seed {}, {}, draw rate {}, white \
         advantage {}, board forfeit rate {}, match forfeit rate {}, absence rate {}",
        cfg.system,
        teams,
        cfg.team.boards,
        cfg.rounds,
        cfg.seed,
        doc.tournament_type.as_deref().unwrap_or(DEFAULT_TEAM_RULES),
        cfg.draw_rate,
        cfg.white_advantage,
        cfg.forfeit_rate,
        cfg.team.match_forfeit_rate,
        cfg.zero_bye_rate
    ));
    criteria.sort_by_key(|(k, _)| k[1..].parse::<u32>().unwrap_or(u32::MAX));
    Ok(Generated { document: doc, round_seconds, criteria, audit, own: own_totals(own) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn patterns_and_match_points_parse() {
        assert_eq!(parse_board_colours("wbbw"), Ok(vec![Colour::White, Colour::Black, Colour::Black, Colour::White]));
        assert!(parse_board_colours("WXB").is_err());
        assert!(parse_board_colours("").is_err());
        let o = TeamOptions { boards: 3, ..TeamOptions::default() };
        assert_eq!(o.pattern(), vec![Colour::White, Colour::Black, Colour::White]);
        let s = parse_match_points("3-1-0").expect("valid");
        assert_eq!((s.win.0, s.draw.0, s.loss.0), (30, 10, 0));
        assert!(parse_match_points("2-1").is_err());
    }
}
