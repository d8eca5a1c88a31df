//! Seeded random Double-Swiss tournaments (C.04.5, `lexpair generate --system double-2026`),
//! every match round paired through the door of a round ([`crate::round::pair`]) from the file
//! written so far.
//!
//! The field is the individual generator's (ratings drawn in the range, or a given list; TPN by
//! rating). The file is TRF-2026 in the encoding of [`crate::double::encoding`]: match *k* is the
//! game columns 2k-1 and 2k, `142` twice the matches, `152` drawn, `162` the game points with `P`
//! a game won plus a game drawn (1.4), `192 FIDE_DOUBLESWISS` (`FIDE_DOUBLESWISS_BAKU` with the
//! Baku acceleration, whose virtual points the state computes from the code). A match round
//! (`play`) announces its absent players (`0000 - Z` in both columns), is paired, then played
//! game by game with the Elo model of [`super::game_result`] (game 1 with the match White as
//! White, game 2 with the colours reversed, C.04.5 4.4): a match is forfeited as a whole at the
//! match forfeit rate (one player, drawn at random, forfeits both games: the Preface's match
//! ended by forfeit), otherwise each game is forfeited singly at the forfeit rate (one player
//! forfeits it, the other game is played: a regularly played match). The points column is the
//! game points, the PAB counted once per match; the rank orders by game points, then TPN.
//!
//! Every random draw depends only on the seed and on what it decides (the field, a player's
//! absence from a match, a match, a game), so the same seed gives the same file on any machine
//! and thread count.

mod play;

use super::{
    add_criteria, add_own, add_records, check_rates, field_players, own_totals, GenerateConfig, GenerateError,
    Generated,
};
use crate::double::encoding;
use crate::double::DoubleTournament;
use crate::points::{PointSystem, Points};
use crate::trf::{Tag, TrfDocument, TrfFlavor};
use crate::vocabulary::{System, Unit};
use std::time::Instant;

/// What a Double-Swiss tournament has beyond an individual one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct DoubleOptions {
    /// Probability that a match is forfeited as a whole: one player, drawn at random, forfeits
    /// both games (the Preface's match "ended by forfeit": no meeting, no colour).
    pub match_forfeit_rate: f64,
}

/// True when `system` pairs Double-Swiss matches: its tournaments are generated here.
pub fn pairs_double(system: System) -> bool {
    system.registration().unit() == Unit::DoubleSwissPlayer
}

/// Checks what only Double-Swiss tournaments have, and refuses what they cannot have (called
/// by [`check_rates`] for a Double-Swiss system).
pub fn check_options(cfg: &GenerateConfig) -> Result<(), GenerateError> {
    let invalid = |m: String| Err(GenerateError::Invalid(m));
    let rate = cfg.double.match_forfeit_rate;
    if !(0.0..=1.0).contains(&rate) {
        return invalid(format!("match forfeit rate must be between 0 and 1, not {rate}"));
    }
    let ps = &cfg.point_system;
    if *ps != PointSystem::with_win_draw_loss(ps.win(), ps.draw(), ps.loss()) {
        return invalid("game points: a Double-Swiss file states them as WIN-DRAW-LOSS (162)".into());
    }
    if cfg.half_bye_rate > 0.0 {
        return invalid(
            "half-point byes are not generated for Double-Swiss: byes apply to whole matches (C.04.5 Preface) and \
             the value of a requested bye in a two-game match is the competition's rule, not the text's (an absent \
             player: --absences)"
                .into(),
        );
    }
    if cfg.acceleration.is_some() && !(ps.win().0 == 2 * ps.draw().0 && ps.loss() == Points::ZERO) {
        return invalid(
            "the Baku acceleration needs a win worth two draws and a loss worth nothing (C.04.7 1.1)".into(),
        );
    }
    Ok(())
}

/// The file before match 1: the individual generator's header and players, as TRF-2026 with
/// the Double-Swiss tags.
fn initial_document(cfg: &GenerateConfig, field: &[super::FieldPlayer]) -> TrfDocument {
    let mut doc = super::initial_document(cfg, field);
    let ps = cfg.point_system;
    doc.flavor = TrfFlavor::Trf26;
    doc.tags = vec![
        Tag { code: "012".into(), value: format!("lexpair generate, {}, seed {}", cfg.system, cfg.seed) },
        Tag { code: "062".into(), value: field.len().to_string() },
        Tag { code: "092".into(), value: format!("Double-Swiss System ({})", cfg.system) },
    ];
    // `142` counts game columns, two per match.
    doc.total_rounds = Some(2 * cfg.rounds);
    // C.04.5 1.4: the PAB is worth a game won and a game drawn, once per match (`162 P`).
    doc.point_system = PointSystem { pairing_bye: encoding::default_pab_points(&ps), ..ps };
    doc.point_system_explicit = true;
    let code = if cfg.acceleration.is_some() { encoding::BAKU_CODE } else { encoding::CODE };
    doc.tournament_type = Some(code.to_string());
    doc
}

/// Generates a whole Double-Swiss tournament of `cfg.rounds` matches; stops at the first match
/// that cannot be paired.
pub fn generate_double(cfg: &GenerateConfig) -> Result<Generated, GenerateError> {
    check_rates(cfg)?;
    if !pairs_double(cfg.system) {
        return Err(GenerateError::Invalid(format!("{} does not pair Double-Swiss matches", cfg.system)));
    }
    let field = field_players(cfg)?;
    let mut doc = initial_document(cfg, &field);
    let mut round_seconds = Vec::with_capacity(cfg.rounds as usize);
    let mut criteria = Vec::new();
    let mut own = Vec::new();
    let mut audit = crate::audit::AuditCounts::default();
    for k in 1..=cfg.rounds {
        play::announce_absences(cfg, &mut doc, k);
        let t =
            DoubleTournament::before_round(&doc, k).map_err(|e| GenerateError::Invalid(format!("match {k}: {e}")))?;
        let start = Instant::now();
        let round =
            crate::round::pair(&t, cfg.system, &cfg.pair).map_err(|error| GenerateError::Pair { round: k, error })?;
        audit.add(&round.audit());
        round_seconds.push(start.elapsed().as_secs_f64());
        add_criteria(&mut criteria, &round.traces);
        add_own(&mut own, &round.traces);
        add_records(&mut own, &round.records);
        play::play_match(cfg, &mut doc, &t, &round.pairing);
    }
    super::set_ranks(&mut doc);
    doc.other_lines.push(format!(
        "### lexpair generate: system {}, {} players, {} matches (142 = {} game columns), seed {}, {}, draw rate {}, \
         white advantage {}, game forfeit rate {}, match forfeit rate {}, absence rate {}",
        cfg.system,
        field.len(),
        cfg.rounds,
        2 * cfg.rounds,
        cfg.seed,
        doc.tournament_type.as_deref().unwrap_or(encoding::CODE),
        cfg.draw_rate,
        cfg.white_advantage,
        cfg.forfeit_rate,
        cfg.double.match_forfeit_rate,
        cfg.zero_bye_rate
    ));
    criteria.sort_by_key(|(k, _)| k[1..].parse::<u32>().unwrap_or(u32::MAX));
    Ok(Generated { document: doc, round_seconds, criteria, audit, own: own_totals(own) })
}
