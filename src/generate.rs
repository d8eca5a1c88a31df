//! Seeded random tournaments (`lexpair generate`), paired round by round by lexpair.
//!
//! Results follow the Elo expectation with a draw model: white's expected score is
//! `E = 1 / (1 + 10^((Rb - Rw - A) / 400))` (A = white's advantage in rating points), the draw
//! probability is `d · (1 - |2E - 1|)` (d = draw rate between equal players), and the win and loss
//! probabilities share the rest so that the expected score stays `E`. Every random draw depends
//! only on the seed and on what it decides (the field; a player's bye in a round; the game of
//! two players in a round): systems compared on one seed meet the same field, the same absences
//! and, whenever they pair the same game, the same result (common random numbers).

use crate::pairing::RoundPairing;
use crate::points::{PointSystem, Points};
use crate::rng::splitmix64;
use crate::tournament::Tournament;
use crate::trf::{Colour, PlayerRecord, ResultCode, RoundEntry, Tag, TrfDocument, TrfFlavor};
use crate::vocabulary::{PairError, PairOptions, System};
use std::fmt;
use std::time::Instant;

/// Rating used by the results model for an unrated player (rating 0 in the TRF).
pub const UNRATED_MODEL_RATING: u32 = 1000;

/// A player of the field before the tournament.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldPlayer {
    pub name: String,
    pub rating: u32,
    pub title: String,
    pub sex: String,
    pub federation: String,
    pub fide_id: String,
}

/// Who plays.
#[derive(Clone, Debug, PartialEq)]
pub enum Field {
    /// `players` players with ratings drawn uniformly in `min..=max`.
    Random { players: usize, min_rating: u32, max_rating: u32 },
    /// A given list (e.g. the players of a real event), in any order.
    List(Vec<FieldPlayer>),
}

/// Everything that decides a generated tournament.
#[derive(Clone, Debug)]
pub struct GenerateConfig {
    pub system: System,
    pub rounds: u32,
    pub seed: u64,
    pub field: Field,
    /// Probability of a draw between equal players (0..=1).
    pub draw_rate: f64,
    /// White's advantage, rating points.
    pub white_advantage: f64,
    /// Probability that a paired game is forfeited (one side, chosen at random, does not show).
    pub forfeit_rate: f64,
    /// Probability that a player takes a half-point bye in a round (announced before pairing).
    pub half_bye_rate: f64,
    /// Probability that a player is absent from a round (zero-point bye, announced).
    pub zero_bye_rate: f64,
    pub point_system: PointSystem,
    /// Virtual points of an acceleration method, computed for the field (and written as XXA).
    pub acceleration: Option<crate::tournament::acceleration::Method>,
    /// Pairing options (backend, run-time formulation).
    pub pair: PairOptions,
}

impl GenerateConfig {
    /// The defaults of `lexpair generate`: standard points, draw rate 0.3, white +35, no
    /// forfeits, byes or absences.
    pub fn new(system: System, field: Field, rounds: u32, seed: u64) -> GenerateConfig {
        GenerateConfig {
            system,
            rounds,
            seed,
            field,
            draw_rate: 0.3,
            white_advantage: 35.0,
            forfeit_rate: 0.0,
            half_bye_rate: 0.0,
            zero_bye_rate: 0.0,
            point_system: PointSystem::default(),
            acceleration: None,
            pair: PairOptions::default(),
        }
    }
}

/// Why a tournament could not be generated.
#[derive(Clone, Debug, PartialEq)]
pub enum GenerateError {
    /// The configuration is unusable (exit code 3).
    Invalid(String),
    /// Pairing round `round` failed.
    Pair { round: u32, error: PairError },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Invalid(m) => f.write_str(m),
            GenerateError::Pair { round, error } => write!(f, "round {round}: {error}"),
        }
    }
}

impl std::error::Error for GenerateError {}

/// A generated tournament and the time lexpair took to pair each round.
#[derive(Clone, Debug)]
pub struct Generated {
    pub document: TrfDocument,
    pub round_seconds: Vec<f64>,
    /// Per quality criterion (`C6`, `C12`, ...; in numeric order), the sum over all
    /// brackets and rounds of its stage values as the bracket models state them: for the count
    /// criteria, the number of players or pairs violating it; maximising stages count negative.
    pub criteria: Vec<(String, i64)>,
    /// What the cross-checks confirmed over all rounds (`--cross-check`), when asked for.
    pub audit: crate::solver::audit::AuditCounts,
}

/// Adds the stage values of a round's brackets to `totals`, by criterion key (`C12-colours` and
/// `C18-floats-score15` count for `C12` and `C18`; candidate-order stages are left out).
fn add_criteria(totals: &mut Vec<(String, i64)>, traces: &[crate::systems::trace::BracketTrace]) {
    for tr in traces {
        for (stage, value) in &tr.stages {
            let key = stage.criterion;
            if !(key.len() > 1 && key.starts_with('C') && key[1..].bytes().all(|b| b.is_ascii_digit())) {
                continue;
            }
            match totals.iter_mut().find(|(k, _)| k == key) {
                Some((_, v)) => *v += value,
                None => totals.push((key.to_string(), *value)),
            }
        }
    }
}

/// Parses a point system `WIN-DRAW-LOSS` such as `1-0.5-0` or `3-1-0` (PAB and full-point
/// byes worth a win, half-point byes a draw).
pub fn parse_point_system(text: &str) -> Result<PointSystem, String> {
    let parts: Vec<&str> = text.split('-').collect();
    let bad = || format!("point system '{text}': expected WIN-DRAW-LOSS, e.g. 1-0.5-0 or 3-1-0");
    if parts.len() != 3 {
        return Err(bad());
    }
    let p: Vec<Points> = parts.iter().map(|x| Points::parse(x)).collect::<Option<_>>().ok_or_else(bad)?;
    if !(p[0] > p[1] && p[1] >= p[2]) {
        return Err(format!("point system '{text}': a win must be worth more than a draw, a draw at least a loss"));
    }
    Ok(PointSystem::with_win_draw_loss(p[0], p[1], p[2]))
}

/// A rating range `MIN-MAX` (`1400-2600`), `MIN <= MAX`.
pub fn parse_ratings(text: &str) -> Result<(u32, u32), String> {
    let bad = || format!("ratings '{text}': expected MIN-MAX, e.g. 1400-2600");
    let (a, b) = text.split_once('-').ok_or_else(bad)?;
    let (a, b) = (a.trim().parse::<u32>().map_err(|_| bad())?, b.trim().parse::<u32>().map_err(|_| bad())?);
    if a > b {
        return Err(bad());
    }
    Ok((a, b))
}

/// The players of a TRF document as a field, strongest first; at most `limit` of them.
pub fn field_from_document(doc: &TrfDocument, limit: Option<usize>) -> Vec<FieldPlayer> {
    let mut recs: Vec<&PlayerRecord> = doc.players.iter().collect();
    recs.sort_by_key(|p| (std::cmp::Reverse(p.rating), p.id));
    recs.truncate(limit.unwrap_or(usize::MAX));
    recs.iter()
        .map(|p| FieldPlayer {
            name: p.name.clone(),
            rating: p.rating,
            title: p.title.clone(),
            sex: p.sex.clone(),
            federation: p.federation.clone(),
            fide_id: p.fide_id.clone(),
        })
        .collect()
}

// Streams of random numbers, one per kind of decision.
const STREAM_FIELD: u64 = 1;
const STREAM_COLOUR: u64 = 2;
const STREAM_BYE: u64 = 3;
const STREAM_GAME: u64 = 4;
const STREAM_FORFEIT: u64 = 5;

/// A 64-bit value determined by the seed and `parts` (splitmix64 chained over the parts).
fn mix(seed: u64, parts: &[u64]) -> u64 {
    let mut h = seed;
    for &p in parts {
        let mut s = h ^ p.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = splitmix64(&mut s);
    }
    h
}

/// A number in `[0, 1)` determined by the seed and `parts`.
fn unit(seed: u64, parts: &[u64]) -> f64 {
    (mix(seed, parts) >> 11) as f64 / (1u64 << 53) as f64
}

/// The field in starting-rank order: rating descending, then the order given.
fn field_players(cfg: &GenerateConfig) -> Result<Vec<FieldPlayer>, GenerateError> {
    let mut list = match &cfg.field {
        Field::List(l) => l.clone(),
        Field::Random { players, min_rating, max_rating } => {
            if min_rating > max_rating {
                return Err(GenerateError::Invalid(format!("rating range {min_rating}-{max_rating} is empty")));
            }
            (0..*players)
                .map(|k| {
                    let span = u64::from(max_rating - min_rating) + 1;
                    let rating = min_rating + (mix(cfg.seed, &[STREAM_FIELD, k as u64]) % span) as u32;
                    FieldPlayer {
                        name: format!("Player {:03}", k + 1),
                        rating,
                        title: String::new(),
                        sex: String::new(),
                        federation: String::new(),
                        fide_id: String::new(),
                    }
                })
                .collect()
        }
    };
    if list.len() < 2 {
        return Err(GenerateError::Invalid(format!("a tournament needs at least 2 players, not {}", list.len())));
    }
    if list.len() > 9999 {
        return Err(GenerateError::Invalid("a TRF holds at most 9999 players".into()));
    }
    list.sort_by_key(|p| std::cmp::Reverse(p.rating)); // stable: ties keep the given order
    Ok(list)
}

/// Checks the rates, rounds and white advantage of `cfg` (the field is checked when generating).
pub fn check_rates(cfg: &GenerateConfig) -> Result<(), GenerateError> {
    let rates = [
        ("draw rate", cfg.draw_rate),
        ("forfeit rate", cfg.forfeit_rate),
        ("half-point bye rate", cfg.half_bye_rate),
        ("absence rate", cfg.zero_bye_rate),
    ];
    for (name, v) in rates {
        if !(0.0..=1.0).contains(&v) {
            return Err(GenerateError::Invalid(format!("{name} must be between 0 and 1, not {v}")));
        }
    }
    if cfg.half_bye_rate + cfg.zero_bye_rate > 1.0 {
        return Err(GenerateError::Invalid("half-point bye rate + absence rate exceed 1".into()));
    }
    if cfg.rounds == 0 {
        return Err(GenerateError::Invalid("a tournament needs at least one round".into()));
    }
    if !cfg.white_advantage.is_finite() {
        return Err(GenerateError::Invalid("white advantage must be a number".into()));
    }
    Ok(())
}

/// The document before round 1: header, players, no rounds.
fn initial_document(cfg: &GenerateConfig, field: &[FieldPlayer]) -> TrfDocument {
    let initial = if mix(cfg.seed, &[STREAM_COLOUR]) & 1 == 0 { Colour::White } else { Colour::Black };
    let players = field
        .iter()
        .enumerate()
        .map(|(k, p)| PlayerRecord {
            id: k as u32 + 1,
            sex: p.sex.clone(),
            title: p.title.clone(),
            name: p.name.clone(),
            rating: p.rating,
            federation: p.federation.clone(),
            fide_id: p.fide_id.clone(),
            birth_date: String::new(),
            points: Some(Points::ZERO),
            rank: None,
            rounds: Vec::new(),
            line: 0,
        })
        .collect();
    TrfDocument {
        flavor: TrfFlavor::Trf16,
        tags: vec![
            Tag { code: "012".into(), value: format!("lexpair generate, {}, seed {}", cfg.system, cfg.seed) },
            Tag { code: "092".into(), value: format!("Individual: Swiss-System ({})", cfg.system) },
        ],
        players,
        total_rounds: Some(cfg.rounds),
        initial_colour: Some(initial),
        point_system: cfg.point_system,
        point_system_explicit: !cfg.point_system.is_standard(),
        ..TrfDocument::default()
    }
}

/// Announced byes of round `r`: each player independently takes a half-point bye or is absent.
fn announce_byes(cfg: &GenerateConfig, doc: &mut TrfDocument, r: u32) {
    for p in &mut doc.players {
        let u = unit(cfg.seed, &[STREAM_BYE, u64::from(r), u64::from(p.id)]);
        let code = if u < cfg.half_bye_rate {
            ResultCode::HalfBye
        } else if u < cfg.half_bye_rate + cfg.zero_bye_rate {
            ResultCode::ZeroBye
        } else {
            continue;
        };
        p.rounds.resize(r as usize, None);
        p.rounds[r as usize - 1] = Some(RoundEntry::bye(code));
    }
}

fn model_rating(r: u32) -> f64 {
    f64::from(if r == 0 { UNRATED_MODEL_RATING } else { r })
}

/// White's result code in a game between ratings `w` and `b`, given the uniform `u`.
pub fn game_result(w: u32, b: u32, u: f64, draw_rate: f64, white_advantage: f64) -> ResultCode {
    let e = 1.0 / (1.0 + 10f64.powf((model_rating(b) - model_rating(w) - white_advantage) / 400.0));
    let draw = draw_rate * (1.0 - (2.0 * e - 1.0).abs());
    let win = e - draw / 2.0;
    if u < win {
        ResultCode::Win
    } else if u < win + draw {
        ResultCode::Draw
    } else {
        ResultCode::Loss
    }
}

fn opposite(code: ResultCode) -> ResultCode {
    match code {
        ResultCode::Win => ResultCode::Loss,
        ResultCode::Loss => ResultCode::Win,
        ResultCode::ForfeitWin => ResultCode::ForfeitLoss,
        ResultCode::ForfeitLoss => ResultCode::ForfeitWin,
        other => other,
    }
}

/// Enters the results of the boards of round `r` (paired in `doc`) into `doc`.
fn play_round(cfg: &GenerateConfig, doc: &mut TrfDocument, t: &Tournament, pairing: &RoundPairing, r: u32) {
    for b in &pairing.boards {
        let (w, bl) = (&t.players[b.white], &t.players[b.black]);
        let key = [u64::from(r), u64::from(w.id.min(bl.id)), u64::from(w.id.max(bl.id))];
        let forfeit = unit(cfg.seed, &[STREAM_FORFEIT, key[0], key[1], key[2]]);
        let white_code = if forfeit < cfg.forfeit_rate {
            // The second half of the forfeit draw says who does not show.
            if forfeit < cfg.forfeit_rate / 2.0 {
                ResultCode::ForfeitLoss
            } else {
                ResultCode::ForfeitWin
            }
        } else {
            let u = unit(cfg.seed, &[STREAM_GAME, key[0], key[1], key[2]]);
            game_result(w.rating, bl.rating, u, cfg.draw_rate, cfg.white_advantage)
        };
        for (id, code) in [(w.id, white_code), (bl.id, opposite(white_code))] {
            if let Some(e) = doc.players.iter_mut().find(|p| p.id == id).and_then(|p| p.rounds.get_mut(r as usize - 1))
            {
                if let Some(entry) = e.as_mut() {
                    entry.result = code;
                }
            }
        }
    }
}

/// Sets every player's score column to the sum of the results under the point system.
fn recompute_points(doc: &mut TrfDocument) {
    let ps = doc.point_system;
    for p in &mut doc.players {
        let total: Points = p
            .rounds
            .iter()
            .flatten()
            .map(|e| {
                let played = e.opponent.is_some() && e.result.is_played_game();
                e.result.points(if played { e.colour } else { None }, &ps)
            })
            .sum();
        p.points = Some(total);
    }
}

/// Final ranks (columns 86-89): by score, then by starting rank (no tie-break is computed).
fn set_ranks(doc: &mut TrfDocument) {
    let mut order: Vec<usize> = (0..doc.players.len()).collect();
    order.sort_by_key(|&k| (std::cmp::Reverse(doc.players[k].points.unwrap_or_default()), doc.players[k].id));
    for (rank, k) in order.into_iter().enumerate() {
        doc.players[k].rank = Some(rank as u32 + 1);
    }
}

/// Generates a whole tournament.
pub fn generate(cfg: &GenerateConfig) -> Result<Generated, GenerateError> {
    check_rates(cfg)?;
    let field = field_players(cfg)?;
    let mut doc = initial_document(cfg, &field);
    if let Some(m) = cfg.acceleration {
        doc.accelerations = crate::tournament::acceleration::compute(m, &doc).map_err(GenerateError::Invalid)?;
    }
    let mut round_seconds = Vec::with_capacity(cfg.rounds as usize);
    let mut criteria = Vec::new();
    let mut audit = crate::solver::audit::AuditCounts::default();
    for r in 1..=cfg.rounds {
        announce_byes(cfg, &mut doc, r);
        let t = Tournament::before_round(&doc, r).map_err(|e| GenerateError::Invalid(e.message))?;
        let start = Instant::now();
        let round =
            crate::round::pair(&t, cfg.system, &cfg.pair).map_err(|error| GenerateError::Pair { round: r, error })?;
        audit.add(&round.audit());
        let (pairing, traces) = (round.pairing, round.traces);
        round_seconds.push(start.elapsed().as_secs_f64());
        add_criteria(&mut criteria, &traces);
        doc = pairing.into_document(&t, &doc);
        play_round(cfg, &mut doc, &t, &pairing, r);
        // Players neither paired nor announced absent (none in practice) get a blank block.
        for p in &mut doc.players {
            p.rounds.resize(r as usize, None);
        }
        recompute_points(&mut doc);
    }
    set_ranks(&mut doc);
    doc.other_lines.push(format!(
        "### lexpair generate: system {}, {} players, {} rounds, seed {}, draw rate {}, white advantage {}, \
         forfeit rate {}, half-point bye rate {}, absence rate {}",
        cfg.system,
        field.len(),
        cfg.rounds,
        cfg.seed,
        cfg.draw_rate,
        cfg.white_advantage,
        cfg.forfeit_rate,
        cfg.half_bye_rate,
        cfg.zero_bye_rate
    ));
    criteria.sort_by_key(|(k, _)| k[1..].parse::<u32>().unwrap_or(u32::MAX));
    Ok(Generated { document: doc, round_seconds, criteria, audit })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_model_keeps_the_expectation() {
        // Equal ratings, no white advantage: E = 0.5, draw 0.3, win 0.35.
        assert_eq!(game_result(2000, 2000, 0.34, 0.3, 0.0), ResultCode::Win);
        assert_eq!(game_result(2000, 2000, 0.36, 0.3, 0.0), ResultCode::Draw);
        assert_eq!(game_result(2000, 2000, 0.64, 0.3, 0.0), ResultCode::Draw);
        assert_eq!(game_result(2000, 2000, 0.66, 0.3, 0.0), ResultCode::Loss);
        // 400 points stronger: E = 10/11, draw = 0.3 * 2/11, win = 10/11 - 0.3/11 = 0.8818...
        assert_eq!(game_result(2400, 2000, 0.88, 0.3, 0.0), ResultCode::Win);
        assert_eq!(game_result(2400, 2000, 0.89, 0.3, 0.0), ResultCode::Draw);
    }

    #[test]
    fn point_systems_parse() {
        assert_eq!(parse_point_system("3-1-0"), Ok(PointSystem::with_win_draw_loss(Points(30), Points(10), Points(0))));
        assert_eq!(parse_point_system("1-0.5-0"), Ok(PointSystem::default()));
        assert!(parse_point_system("1-2-0").is_err());
        assert!(parse_point_system("1-0.5").is_err());
    }
}
