//! `-g [CONFIG] -o TRF [-s SEED]` of the drop-in form: the engines' random tournament generator
//! on top of `lexpair generate`, reading every key bbpPairings (5.0.1 and 6.0.0:
//! `src/fileformats/generatorconfiguration.cpp`, `src/tournament/generator.h`, README "Random
//! Tournament Generator") and JaVaFo (AUM 2.2, "Random Tournament Generator (RTG)") take.
//!
//! CONFIG is a property file (`Key=Value`, also `Key: Value` and `Key Value` as Java reads
//! them; `#` and `!` comments), or an integer taken as the seed; a model TRF given to `--dutch`
//! (or another family) supplies the field, the number of rounds and the rates instead, measured
//! on it as bbpPairings measures them. The keys and what lexpair does with them:
//!
//! | key | meaning | unset: drawn from the seed in |
//! | --- | --- | --- |
//! | `PlayersNumber` | players | 15-215 (bbpPairings) |
//! | `RoundsNumber` | rounds | 5-15, at most half the players |
//! | `HighestRating`, `LowestRating` | range of the ratings, drawn uniformly | 2400-2800, 1400-2300 |
//! | `DrawPercentage` | % of the games between equal players drawn (0-100) | 10-50 |
//! | `ForfeitRate` | one game in N is forfeited (N >= 1) | 6-30 |
//! | `RetiredRate` | one player in N withdraws (N >= 2): from a round drawn in 2..=rounds to the end, zero-point byes | 15-3225 |
//! | `HalfPointByeRate` (also bbpPairings' `HalfPointByteRate`) | one player in N takes a half-point bye, in a round before the last (N >= 1) | 15-3225 |
//! | `PointsForWin`, `PointsForDraw`, `PointsForLoss` | a game's points (a win also a forfeit win and a full-point bye; a draw a half-point bye) | 1.0, 0.5, 0.0 |
//! | `PointsForZPB`, `PointsForForfeitLoss` | a zero-point bye's and a forfeit loss's points (6.0.0: the second sets both) | 0.0 |
//! | `PointsForPAB` | the pairing-allocated bye's points | `PointsForWin` |
//! | `ZPBRate`, `HPBRate` (JaVaFo) | absences and half-point byes per mille of player-rounds | `RetiredRate`, `HalfPointByeRate` |
//! | `WWPoints` ... `FLPoints` (JaVaFo) | the points of JaVaFo's XXS table | as bbpPairings' |
//! | `QuickgameRate`, `FPBRate`, `Groups`, `Separator` (JaVaFo) | what lexpair's generator does not make: a non-zero value is reported and ignored | 0 |
//!
//! JaVaFo 2.2's manual gives the ranges of its rates, not their units; `ForfeitRate` is the one
//! key both engines share and is read as bbpPairings defines it (one game in N). Given
//! `ZPBRate` without `RetiredRate`, no player withdraws; given `HPBRate` without
//! `HalfPointByeRate`, the per-mille rate alone makes the half-point byes.
//!
//! The results follow lexpair's model (`lexpair::generate`) with the draw rate of
//! `DrawPercentage` and no white advantage (bbpPairings' model has none); bbpPairings' own model
//! (a normal curve, draws capped by the weaker side's expectation) differs in how fast draws
//! thin out as ratings part. A withdrawn player's zero-point byes are consecutive to the end,
//! where bbpPairings scatters a "retired" player's over the rounds. An unknown key, a value
//! that is not a number or out of its range, is exit 3 naming FILE:LINE:COLUMN.

use lexpair::generate::{field_from_document, Field, GenerateConfig};
use lexpair::points::{PointSystem, Points};
use lexpair::rng::SplitMix64;
use lexpair::trf::{ResultCode, TrfDocument};
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

/// What a model tournament gives the generator (bbpPairings' `MatchesConfiguration` from a
/// tournament): its players, its rounds and the rates measured on it.
pub struct Model {
    pub field: Field,
    pub rounds: u32,
    /// Games drawn per hundred games played (rounded down).
    pub draw_percentage: u32,
    /// Games scheduled per game forfeited (`None`: none was).
    pub forfeit_one_in: Option<f64>,
    /// Players per player with a zero-point bye (`None`: none had one).
    pub retired_one_in: Option<f64>,
    /// Players per player with a half-point bye (`None`: none had one).
    pub half_bye_one_in: Option<f64>,
}

/// Measures a model tournament as bbpPairings does: per player, the games scheduled against an
/// opponent (a forfeit among them), the games played (a draw among them), and whether the
/// player had a zero-point or a half-point bye.
pub fn model(doc: &TrfDocument) -> Model {
    let (mut scheduled, mut forfeited, mut played, mut drawn) = (0u64, 0u64, 0u64, 0u64);
    let (mut retired, mut half) = (0u64, 0u64);
    for p in &doc.players {
        let (mut zero, mut h) = (false, false);
        for e in p.rounds.iter().flatten() {
            if e.opponent.is_some() {
                scheduled += 1;
                if e.result.is_played_game() {
                    played += 1;
                    drawn += u64::from(matches!(e.result, ResultCode::Draw | ResultCode::UnratedDraw));
                } else {
                    forfeited += 1;
                }
            } else {
                zero |= matches!(e.result, ResultCode::ZeroBye | ResultCode::ForfeitLoss);
                h |= e.result == ResultCode::HalfBye;
            }
        }
        retired += u64::from(zero);
        half += u64::from(h);
    }
    let n = doc.players.len() as f64;
    let one_in = |total: f64, k: u64| (k > 0).then(|| total / k as f64);
    Model {
        field: Field::List(field_from_document(doc, None)),
        rounds: doc.total_rounds.unwrap_or_else(|| doc.rounds_in_file()).max(1),
        draw_percentage: (drawn * 100).checked_div(played).unwrap_or(0) as u32,
        forfeit_one_in: one_in(scheduled as f64, forfeited),
        retired_one_in: one_in(n, retired),
        half_bye_one_in: one_in(n, half),
    }
}

/// The values of the keys given (`None`: not given).
#[derive(Default)]
struct Keys {
    players: Option<usize>,
    rounds: Option<u32>,
    highest: Option<u32>,
    lowest: Option<u32>,
    draw_percentage: Option<u32>,
    forfeit_one_in: Option<f64>,
    retired_one_in: Option<f64>,
    half_bye_one_in: Option<f64>,
    zpb_per_mille: Option<f64>,
    hpb_per_mille: Option<f64>,
    win: Option<Points>,
    draw: Option<Points>,
    loss: Option<Points>,
    zpb: Option<Points>,
    forfeit_loss: Option<Points>,
    pab: Option<Points>,
}

/// Where a value is: FILE:LINE:COLUMN.
fn at(path: &Path, line: usize, col: usize) -> String {
    format!("{}:{line}:{col}", path.display())
}

/// Reads the property file into `keys` (JaVaFo's point keys straight into `ps`).
fn read_keys(
    text: &str,
    path: &Path,
    keys: &mut Keys,
    ps: &mut PointSystem,
    ignored: &mut Vec<String>,
) -> Result<(), String> {
    for (k, raw) in text.lines().enumerate() {
        let line_no = k + 1;
        let raw = raw.trim_end_matches('\r');
        let indent = raw.len() - raw.trim_start().len();
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with('!') {
            continue;
        }
        let (key, value) = line
            .split_once(['=', ':'])
            .or_else(|| line.split_once(char::is_whitespace))
            .map(|(a, b)| (a.trim(), b.trim()))
            .ok_or_else(|| format!("{}: expected KEY=VALUE", at(path, line_no, indent + 1)))?;
        // The column of the value: after the key, the separator and blanks.
        let value_col = raw.rfind(value).filter(|_| !value.is_empty()).map_or(raw.len() + 1, |c| c + 1);
        let here = at(path, line_no, value_col);
        let int = |lo: u64, hi: u64| -> Result<u64, String> {
            value
                .parse::<u64>()
                .ok()
                .filter(|v| (lo..=hi).contains(v))
                .ok_or_else(|| format!("{here}: {key}: '{value}' is not a whole number in {lo}-{hi}"))
        };
        let one_in = |least: f64| -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| v.is_finite() && *v >= least)
                .ok_or_else(|| format!("{here}: {key}: '{value}' is not a number of at least {least} (one in N)"))
        };
        let per_mille = || -> Result<f64, String> {
            value
                .parse::<f64>()
                .ok()
                .filter(|v| (0.0..=1000.0).contains(v))
                .map(|v| v / 1000.0)
                .ok_or_else(|| format!("{here}: {key}: '{value}' is not a rate per mille (0-1000)"))
        };
        let points = || -> Result<Points, String> {
            Points::parse(value).ok_or_else(|| format!("{here}: {key}: '{value}' is not a number of points"))
        };
        match key {
            "PlayersNumber" => keys.players = Some(int(2, 9999)? as usize),
            "RoundsNumber" => keys.rounds = Some(int(1, 99)? as u32),
            "HighestRating" => keys.highest = Some(int(0, 9999)? as u32),
            "LowestRating" => keys.lowest = Some(int(0, 9999)? as u32),
            "DrawPercentage" => keys.draw_percentage = Some(int(0, 100)? as u32),
            "ForfeitRate" => keys.forfeit_one_in = Some(one_in(1.0)?),
            "RetiredRate" => keys.retired_one_in = Some(one_in(2.0)?),
            "HalfPointByeRate" | "HalfPointByteRate" => keys.half_bye_one_in = Some(one_in(1.0)?),
            "PointsForWin" => keys.win = Some(points()?),
            "PointsForDraw" => keys.draw = Some(points()?),
            "PointsForLoss" => keys.loss = Some(points()?),
            "PointsForZPB" => keys.zpb = Some(points()?),
            "PointsForForfeitLoss" => keys.forfeit_loss = Some(points()?),
            "PointsForPAB" => keys.pab = Some(points()?),
            "ZPBRate" => keys.zpb_per_mille = Some(per_mille()?),
            "HPBRate" => keys.hpb_per_mille = Some(per_mille()?),
            "QuickgameRate" | "FPBRate" | "Groups" | "Separator" => {
                if int(0, u64::MAX)? != 0 {
                    ignored.push(format!("{here}: {key}={value} is not modelled by lexpair's generator; ignored"));
                }
            }
            "WWPoints" => ps.win_white = points()?,
            "BWPoints" => ps.win_black = points()?,
            "WDPoints" => ps.draw_white = points()?,
            "BDPoints" => ps.draw_black = points()?,
            "WLPoints" => ps.loss_white = points()?,
            "BLPoints" => ps.loss_black = points()?,
            "ZPBPoints" => ps.zero_bye = points()?,
            "HPBPoints" => ps.half_bye = points()?,
            "FPBPoints" => ps.full_bye = points()?,
            "PABPoints" => ps.pairing_bye = points()?,
            "FWPoints" => ps.forfeit_win = points()?,
            "FLPoints" => ps.forfeit_loss = points()?,
            _ => {
                return Err(format!(
                    "{}: unknown key '{key}' (bbpPairings' keys: PlayersNumber, RoundsNumber, DrawPercentage, \
                     ForfeitRate, RetiredRate, HalfPointByeRate, HighestRating, LowestRating, PointsForWin, \
                     PointsForDraw, PointsForLoss, PointsForZPB, PointsForForfeitLoss, PointsForPAB; JaVaFo's also \
                     ZPBRate, HPBRate, QuickgameRate, FPBRate, Groups, Separator and WWPoints ... FLPoints)",
                    at(path, line_no, indent + 1)
                ))
            }
        }
    }
    Ok(())
}

/// bbpPairings' point keys over the JaVaFo-keyed (or default) point system.
fn apply_points(keys: &Keys, ps: &mut PointSystem) {
    if let Some(p) = keys.win {
        (ps.win_white, ps.win_black, ps.forfeit_win, ps.full_bye, ps.pairing_bye) = (p, p, p, p, p);
    }
    if let Some(p) = keys.draw {
        (ps.draw_white, ps.draw_black, ps.half_bye) = (p, p, p);
    }
    if let Some(p) = keys.loss {
        (ps.loss_white, ps.loss_black) = (p, p);
    }
    if let Some(p) = keys.forfeit_loss {
        (ps.forfeit_loss, ps.zero_bye) = (p, p);
    }
    if let Some(p) = keys.zpb {
        ps.zero_bye = p;
    }
    if let Some(p) = keys.pab {
        ps.pairing_bye = p;
    }
}

/// Builds the request: `config` is the text of the property file (with its name for errors),
/// `model` what a model TRF gives.
pub fn request(
    system: System,
    config: Option<(&str, &Path)>,
    model: Option<Model>,
    seed: u64,
) -> Result<Request, String> {
    // Every default is drawn, in a fixed order, whether its key is given or not: a key given
    // changes no other key's value.
    let mut rng = SplitMix64(seed ^ 0x5254_4721); // "RTG!": not the generator's own streams
    let drawn_rounds = rng.range(5, 15);
    let drawn_forfeit = rng.range(6, 30) as f64;
    let drawn_retired = rng.range(15, 3225) as f64;
    let drawn_half = rng.range(15, 3225) as f64;
    let drawn_draw = rng.range(10, 50) as u32;
    let drawn_players = rng.range(15, 215) as usize;
    let drawn_highest = rng.range(2400, 2800) as u32;
    let drawn_lowest = rng.range(1400, 2300) as u32;

    let mut keys = Keys::default();
    let mut ps = PointSystem::default();
    let mut ignored = Vec::new();
    if let Some((text, path)) = config {
        read_keys(text, path, &mut keys, &mut ps, &mut ignored)?;
    }
    apply_points(&keys, &mut ps);

    let (field, rounds, draw, forfeit, retired, half) = match model {
        Some(m) => (m.field, m.rounds, m.draw_percentage, m.forfeit_one_in, m.retired_one_in, m.half_bye_one_in),
        None => {
            let n = keys.players.unwrap_or(drawn_players);
            let hi = keys.highest.unwrap_or(drawn_highest);
            let lo = keys.lowest.unwrap_or(drawn_lowest);
            if keys.highest.is_some() && keys.lowest.is_some() && lo > hi {
                return Err(format!("LowestRating {lo} is above HighestRating {hi}"));
            }
            // A drawn bound yields to a given one.
            let (lo, hi) = (lo.min(hi), hi.max(lo));
            // A drawn number of rounds stays within what the field can play (a Swiss needs far
            // fewer rounds than players); a number given is taken as given.
            let cap = (n / 2).max(1) as i64;
            let rounds = keys.rounds.unwrap_or_else(|| drawn_rounds.min(cap) as u32);
            let retired = match (keys.retired_one_in, keys.zpb_per_mille) {
                (Some(r), _) => Some(r),
                (None, Some(_)) => None,
                (None, None) => Some(drawn_retired),
            };
            let half = match (keys.half_bye_one_in, keys.hpb_per_mille) {
                (Some(r), _) => Some(r),
                (None, Some(_)) => None,
                (None, None) => Some(drawn_half),
            };
            (
                Field::Random { players: n, min_rating: lo, max_rating: hi },
                rounds,
                keys.draw_percentage.unwrap_or(drawn_draw),
                Some(keys.forfeit_one_in.unwrap_or(drawn_forfeit)),
                retired,
                half,
            )
        }
    };
    let mut cfg = GenerateConfig::new(system, field, rounds, seed);
    cfg.draw_rate = f64::from(draw) / 100.0;
    cfg.white_advantage = 0.0;
    cfg.forfeit_rate = forfeit.map_or(0.0, |n| 1.0 / n);
    cfg.withdrawal_share = retired.map_or(0.0, |n| 1.0 / n);
    cfg.half_bye_share = half.map_or(0.0, |n| 1.0 / n);
    cfg.half_bye_rate = keys.hpb_per_mille.unwrap_or(0.0);
    cfg.zero_bye_rate = keys.zpb_per_mille.unwrap_or(0.0);
    cfg.point_system = ps;
    Ok(Request { config: cfg, ignored })
}
