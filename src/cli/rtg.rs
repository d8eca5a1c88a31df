//! `-g [CONFIG] -o TRF [-s SEED]` of the drop-in form: the engines' random tournament generator
//! (JaVaFo AUM, "Random Tournament Generator"; bbpPairings README) on top of `lexpair generate`.
//!
//! CONFIG is a property file (`Key=Value` or `Key Value`, `#` and `!` comments) with JaVaFo's
//! keys, or an integer taken as the seed; a model TRF given to `--dutch` (or `--dubov`, `--lim`)
//! supplies the field and the number of rounds instead. A key left out takes a value drawn from
//! the seed in JaVaFo's range (players 15-415, rounds 5-17, highest rating 2400-2800, lowest
//! 1400-2300); rates left out are 0.
//!
//! JaVaFo's manual does not give the unit of its rates; lexpair reads `ForfeitRate`, `HPBRate`
//! and `ZPBRate` as per mille (per game, per player and round), which fits the default ranges
//! (10-100, 5-45, 0-20). `QuickgameRate`, `FPBRate`, `Groups` and `Separator` describe what
//! lexpair's generator does not make (games shorter than a move, full-point byes, rating
//! groups): a non-zero value is reported and ignored. An unknown key is an error naming its line.

use lexpair::generate::{Field, GenerateConfig};
use lexpair::points::{PointSystem, Points};
use lexpair::rng::SplitMix64;
use lexpair::vocabulary::System;
use std::path::Path;

/// A generator request read from CONFIG (or the model) and the seed.
pub struct Request {
    pub config: GenerateConfig,
    /// Keys read but not modelled (a warning each).
    pub ignored: Vec<String>,
}

/// The seed when none is given: the clock, written into the file's header so the tournament
/// can be made again (as the engines do).
pub fn clock_seed() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(1, |d| d.as_nanos() as u64)
}

fn points(text: &str, key: &str, at: &str) -> Result<Points, String> {
    Points::parse(text.trim()).ok_or_else(|| format!("{at}: {key}: '{text}' is not a number of points"))
}

/// Builds the request: `config` is the text of the property file (with its name for errors),
/// `model` the field and rounds of a model TRF.
pub fn request(
    system: System,
    config: Option<(&str, &Path)>,
    model: Option<(Field, u32)>,
    seed: u64,
) -> Result<Request, String> {
    let mut rng = SplitMix64(seed ^ 0x5254_4721); // "RTG!": not the generator's own streams
    let mut players: Option<usize> = None;
    let mut rounds: Option<u32> = None;
    let (mut highest, mut lowest): (Option<u32>, Option<u32>) = (None, None);
    let (mut forfeit, mut half, mut zero) = (0.0, 0.0, 0.0);
    let mut ps = PointSystem::default();
    let mut ignored = Vec::new();
    if let Some((text, path)) = config {
        for (k, raw) in text.lines().enumerate() {
            let line = raw.trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
                continue;
            }
            let at = format!("{}:{}", path.display(), k + 1);
            let (key, value) = line
                .split_once(['=', ':'])
                .or_else(|| line.split_once(char::is_whitespace))
                .map(|(a, b)| (a.trim(), b.trim()))
                .ok_or_else(|| format!("{at}: expected KEY=VALUE"))?;
            let int = |v: &str| v.parse::<u64>().map_err(|_| format!("{at}: {key}: '{v}' is not a whole number"));
            match key {
                "PlayersNumber" => players = Some(int(value)? as usize),
                "RoundsNumber" => rounds = Some(int(value)? as u32),
                "HighestRating" => highest = Some(int(value)? as u32),
                "LowestRating" => lowest = Some(int(value)? as u32),
                "ForfeitRate" => forfeit = int(value)? as f64 / 1000.0,
                "HPBRate" => half = int(value)? as f64 / 1000.0,
                "ZPBRate" => zero = int(value)? as f64 / 1000.0,
                "QuickgameRate" | "FPBRate" | "Groups" | "Separator" => {
                    if int(value)? != 0 {
                        ignored.push(format!("{at}: {key}={value} is not modelled by lexpair's generator; ignored"));
                    }
                }
                "WWPoints" => ps.win_white = points(value, key, &at)?,
                "BWPoints" => ps.win_black = points(value, key, &at)?,
                "WDPoints" => ps.draw_white = points(value, key, &at)?,
                "BDPoints" => ps.draw_black = points(value, key, &at)?,
                "WLPoints" => ps.loss_white = points(value, key, &at)?,
                "BLPoints" => ps.loss_black = points(value, key, &at)?,
                "ZPBPoints" => ps.zero_bye = points(value, key, &at)?,
                "HPBPoints" => ps.half_bye = points(value, key, &at)?,
                "FPBPoints" => ps.full_bye = points(value, key, &at)?,
                "PABPoints" | "PointsForPAB" => ps.pairing_bye = points(value, key, &at)?,
                "FWPoints" => ps.forfeit_win = points(value, key, &at)?,
                "FLPoints" => ps.forfeit_loss = points(value, key, &at)?,
                // bbpPairings' keys (its README, "Random Tournament Generator").
                "PointsForWin" => {
                    let p = points(value, key, &at)?;
                    (ps.win_white, ps.win_black, ps.forfeit_win, ps.full_bye) = (p, p, p, p);
                }
                "PointsForDraw" => {
                    let p = points(value, key, &at)?;
                    (ps.draw_white, ps.draw_black, ps.half_bye) = (p, p, p);
                }
                "PointsForLoss" => {
                    let p = points(value, key, &at)?;
                    (ps.loss_white, ps.loss_black) = (p, p);
                }
                "PointsForForfeitLoss" => {
                    let p = points(value, key, &at)?;
                    (ps.forfeit_loss, ps.zero_bye) = (p, p);
                }
                _ => {
                    return Err(format!(
                        "{at}: unknown key '{key}' (JaVaFo's RTG keys: PlayersNumber, RoundsNumber, ForfeitRate, ...)"
                    ))
                }
            }
        }
    }
    let (field, model_rounds) = match model {
        Some((field, r)) => (field, Some(r)),
        None => {
            let n = players.unwrap_or_else(|| rng.range(15, 415) as usize);
            let hi = highest.unwrap_or_else(|| rng.range(2400, 2800) as u32);
            let lo = lowest.unwrap_or_else(|| rng.range(1400, 2300) as u32).min(hi);
            (Field::Random { players: n, min_rating: lo, max_rating: hi }, None)
        }
    };
    // A drawn number of rounds stays within what the field can play (a Swiss needs far fewer
    // rounds than players); a number given is taken as given.
    let field_size = match &field {
        Field::Random { players, .. } => *players,
        Field::List(l) => l.len(),
    };
    let cap = (field_size / 2).max(1) as i64;
    let rounds = rounds.or(model_rounds).unwrap_or_else(|| rng.range(5, 17).min(cap) as u32);
    let mut cfg = GenerateConfig::new(system, field, rounds, seed);
    cfg.forfeit_rate = forfeit;
    cfg.half_bye_rate = half;
    cfg.zero_bye_rate = zero;
    cfg.point_system = ps;
    Ok(Request { config: cfg, ignored })
}
