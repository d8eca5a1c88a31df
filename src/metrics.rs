//! Metrics of a finished tournament, for comparing pairing systems and formulations.
//!
//! - ranking quality: Kendall's τ-b and Spearman's ρ (average ranks for ties) between the final
//!   scores and the ratings (the "true strength" of a simulation);
//! - colour balance: final |W−B| per player, longest run of one colour;
//! - floats: played games between different scores before the round (one downfloat for the
//!   higher player, one upfloat for the lower), their score differences, and players floating
//!   the same way in two consecutive rounds;
//! - colour preferences (C.04.3 A.6) not met, all / strong or absolute / absolute only;
//! - ARO spread (max − min average rating of opponents) within each final scoregroup, which the
//!   Dubov system equalises.
//!
//! These are computed from the games alone, the same way for every system and formulation.
//! Team tournaments have their own subset, [`team`], and Double-Swiss ones theirs, [`double`].

pub mod double;
pub mod team;

use crate::standings::TieBreak;
use crate::tournament::{Float, FloatRule, Strength};
use crate::trf::TrfDocument;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;

/// Kendall's τ-b of two equally long samples (ties in either allowed); `None` when undefined
/// (fewer than two items, or one sample constant).
pub fn kendall_tau_b(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len().min(y.len());
    let (mut concordant_minus_discordant, mut pairs_x, mut pairs_y) = (0i64, 0i64, 0i64);
    for i in 0..n {
        for j in i + 1..n {
            let dx = sign(x[i] - x[j]);
            let dy = sign(y[i] - y[j]);
            concordant_minus_discordant += dx * dy;
            pairs_x += dx.abs(); // pairs not tied in x
            pairs_y += dy.abs();
        }
    }
    let denominator = ((pairs_x as f64) * (pairs_y as f64)).sqrt();
    (denominator > 0.0).then(|| concordant_minus_discordant as f64 / denominator)
}

fn sign(v: f64) -> i64 {
    if v > 0.0 {
        1
    } else if v < 0.0 {
        -1
    } else {
        0
    }
}

/// Ranks 1..=n of `x` (ascending), tied values sharing the average of their ranks.
pub fn average_ranks(x: &[f64]) -> Vec<f64> {
    let mut order: Vec<usize> = (0..x.len()).collect();
    order.sort_by(|&a, &b| x[a].total_cmp(&x[b]));
    let mut ranks = vec![0.0; x.len()];
    let mut k = 0;
    while k < order.len() {
        let mut m = k;
        while m + 1 < order.len() && x[order[m + 1]] == x[order[k]] {
            m += 1;
        }
        let average = (k + m) as f64 / 2.0 + 1.0;
        for &i in &order[k..=m] {
            ranks[i] = average;
        }
        k = m + 1;
    }
    ranks
}

/// Pearson's correlation; `None` when a sample is constant or has fewer than two items.
pub fn pearson(x: &[f64], y: &[f64]) -> Option<f64> {
    let n = x.len().min(y.len());
    if n < 2 {
        return None;
    }
    let (mx, my) = (x[..n].iter().sum::<f64>() / n as f64, y[..n].iter().sum::<f64>() / n as f64);
    let (mut sxy, mut sxx, mut syy) = (0.0, 0.0, 0.0);
    for i in 0..n {
        sxy += (x[i] - mx) * (y[i] - my);
        sxx += (x[i] - mx) * (x[i] - mx);
        syy += (y[i] - my) * (y[i] - my);
    }
    (sxx > 0.0 && syy > 0.0).then(|| sxy / (sxx * syy).sqrt())
}

/// Spearman's ρ: Pearson's correlation of the average ranks.
pub fn spearman(x: &[f64], y: &[f64]) -> Option<f64> {
    pearson(&average_ranks(x), &average_ranks(y))
}

/// The metrics of one finished tournament. Scores and score differences are in points.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TournamentMetrics {
    /// Players in the tournament.
    pub players: usize,
    /// Rounds recorded in the file.
    pub rounds: u32,
    /// Kendall's τ-b between final scores and ratings.
    pub kendall_tau: Option<f64>,
    /// Kendall's τ-b between the final standings (points, then the default tie-breaks of
    /// `crate::standings`; ties left after them stay ties) and ratings, as the literature ranks.
    #[serde(default)]
    pub kendall_tau_tiebroken: Option<f64>,
    /// Spearman's ρ between final scores and ratings.
    pub spearman: Option<f64>,
    /// Mean and maximum of the final |W−B| (played games) over players.
    pub colour_imbalance_mean: f64,
    /// The maximum of the final |W−B| over players.
    pub colour_imbalance_max: u32,
    /// Players whose final |W−B| is 0, 1, 2, 3 or more.
    pub colour_imbalance_histogram: [u32; 4],
    /// Longest run of one colour of any player (played games, unplayed rounds skipped).
    pub longest_colour_run: u32,
    /// Players with the same colour three or more times in a row.
    pub players_with_colour_run_3: u32,
    /// Played games between players of different scores (pairing scores before the round).
    pub floats: u32,
    /// Mean and maximum score difference of those games.
    pub float_score_difference_mean: f64,
    /// The maximum score difference of those games.
    pub float_score_difference_max: f64,
    /// Players floating down (up) in two consecutive rounds.
    pub repeated_downfloats: u32,
    /// Times a player floated up in two consecutive rounds (as `repeated_downfloats`, upward).
    pub repeated_upfloats: u32,
    /// Games where a player with a colour preference did not get it; with a strong or absolute
    /// preference; with an absolute one.
    pub colour_preferences_unmet: u32,
    /// Of those games, the ones where the preference was strong or absolute.
    pub strong_colour_preferences_unmet: u32,
    /// Of those games, the ones where the preference was absolute.
    pub absolute_colour_preferences_unmet: u32,
    /// Pairing-allocated byes given.
    pub pairing_byes: u32,
    /// Mean and maximum, over final scoregroups with two or more players who played, of the
    /// ARO range (max − min).
    pub aro_spread_mean: f64,
    /// The maximum ARO range over those scoregroups.
    pub aro_spread_max: u32,
}

impl TournamentMetrics {
    /// Column names and values, in a fixed order (CSV, summaries, plots).
    pub fn columns(&self) -> Vec<(&'static str, Option<f64>)> {
        let h = &self.colour_imbalance_histogram;
        vec![
            ("players", Some(self.players as f64)),
            ("rounds", Some(f64::from(self.rounds))),
            ("kendall_tau", self.kendall_tau),
            ("kendall_tau_tiebroken", self.kendall_tau_tiebroken),
            ("spearman", self.spearman),
            ("colour_imbalance_mean", Some(self.colour_imbalance_mean)),
            ("colour_imbalance_max", Some(f64::from(self.colour_imbalance_max))),
            ("colour_imbalance_0", Some(f64::from(h[0]))),
            ("colour_imbalance_1", Some(f64::from(h[1]))),
            ("colour_imbalance_2", Some(f64::from(h[2]))),
            ("colour_imbalance_3plus", Some(f64::from(h[3]))),
            ("longest_colour_run", Some(f64::from(self.longest_colour_run))),
            ("players_with_colour_run_3", Some(f64::from(self.players_with_colour_run_3))),
            ("floats", Some(f64::from(self.floats))),
            ("float_score_difference_mean", Some(self.float_score_difference_mean)),
            ("float_score_difference_max", Some(self.float_score_difference_max)),
            ("repeated_downfloats", Some(f64::from(self.repeated_downfloats))),
            ("repeated_upfloats", Some(f64::from(self.repeated_upfloats))),
            ("colour_preferences_unmet", Some(f64::from(self.colour_preferences_unmet))),
            ("strong_colour_preferences_unmet", Some(f64::from(self.strong_colour_preferences_unmet))),
            ("absolute_colour_preferences_unmet", Some(f64::from(self.absolute_colour_preferences_unmet))),
            ("pairing_byes", Some(f64::from(self.pairing_byes))),
            ("aro_spread_mean", Some(self.aro_spread_mean)),
            ("aro_spread_max", Some(f64::from(self.aro_spread_max))),
        ]
    }
}

/// The longest run of equal items.
fn longest_run<T: PartialEq>(items: &[T]) -> u32 {
    let (mut best, mut run) = (0u32, 0u32);
    for (k, c) in items.iter().enumerate() {
        run = if k > 0 && items[k - 1] == *c { run + 1 } else { 1 };
        best = best.max(run);
    }
    best
}

/// The ranking `kendall_tau_tiebroken` reads: `ranking` (C.07 codes, led by the score or not),
/// or the default list of `crate::standings` for the kind of event (points, then BH-C1, BH, SB,
/// DE, WIN; teams MPVGP, EDE, BH-C1, BH, SB, WIN), as its codes joined by commas.
pub fn ranking_name(doc: &TrfDocument, ranking: Option<&[TieBreak]>) -> String {
    let list = ranking.map_or_else(|| crate::standings::default_list(crate::standings::kind_of(doc)), <[_]>::to_vec);
    let lead = list.first().is_some_and(|t| t.kind == crate::standings::Kind::Points);
    let codes: Vec<String> = list.iter().map(TieBreak::code).collect();
    if lead {
        codes.join(",")
    } else {
        std::iter::once("PTS".to_string()).chain(codes).collect::<Vec<_>>().join(",")
    }
}

/// Each participant's final place under `ranking` (see [`ranking_name`]), negated so that a
/// better place is a larger value, indexed by `index_of(id)`.
pub(crate) fn tiebroken_places(
    doc: &TrfDocument,
    ranking: Option<&[TieBreak]>,
    n: usize,
    index_of: impl Fn(u32) -> Option<usize>,
) -> Result<Vec<f64>, String> {
    let kind = crate::standings::kind_of(doc);
    let list = ranking.map_or_else(|| crate::standings::default_list(kind), <[_]>::to_vec);
    let opts = crate::standings::Options { tiebreaks: Some(list), ..crate::standings::Options::default() };
    let table = crate::standings::compute(doc, &opts)?;
    let mut place = vec![0.0; n];
    for row in &table.rows {
        if let Some(i) = index_of(row.id) {
            place[i] = -f64::from(row.rank);
        }
    }
    Ok(place)
}

/// The metrics of the rounds recorded in `doc` (every round with at least one pairing);
/// `kendall_tau_tiebroken` ranks by `ranking` (`None`: the default list, [`ranking_name`]).
pub fn tournament_metrics(doc: &TrfDocument, ranking: Option<&[TieBreak]>) -> Result<TournamentMetrics, String> {
    let rounds = doc.rounds_in_file();
    let fin =
        crate::tournament::Tournament::after_round(doc, rounds).map_err(|e| format!("after round {rounds}: {e}"))?;
    let n = fin.players.len();
    let mut m = TournamentMetrics { players: n, rounds, ..TournamentMetrics::default() };

    let scores: Vec<f64> = fin.players.iter().map(|p| p.score.0 as f64 / 10.0).collect();
    let ratings: Vec<f64> = fin.players.iter().map(|p| f64::from(p.rating)).collect();
    m.kendall_tau = kendall_tau_b(&scores, &ratings);
    m.spearman = spearman(&scores, &ratings);
    let place = tiebroken_places(doc, ranking, n, |id| fin.index_of(id))?;
    m.kendall_tau_tiebroken = kendall_tau_b(&place, &ratings);

    let mut imbalance_sum = 0u64;
    for p in &fin.players {
        let d = p.colour_difference.unsigned_abs();
        imbalance_sum += u64::from(d);
        m.colour_imbalance_max = m.colour_imbalance_max.max(d);
        m.colour_imbalance_histogram[(d as usize).min(3)] += 1;
        let run = longest_run(&p.colours);
        m.longest_colour_run = m.longest_colour_run.max(run);
        m.players_with_colour_run_3 += u32::from(run >= 3);
        m.pairing_byes += p.history.iter().filter(|h| h.facts.pab).count() as u32;
    }
    m.colour_imbalance_mean = if n > 0 { imbalance_sum as f64 / n as f64 } else { 0.0 };

    // Floats of played games: the rule's definition for played games is the same in both editions.
    let mut difference_sum = 0i64;
    for p in &fin.players {
        let kinds: Vec<Float> = p
            .history
            .iter()
            .map(|h| {
                if h.facts.played {
                    crate::tournament::floats::float_of(&h.facts, FloatRule::Dutch2017)
                } else {
                    Float::None
                }
            })
            .collect();
        for (k, h) in p.history.iter().enumerate() {
            if kinds[k] == Float::Down {
                let diff = h.facts.own_score.0 - h.facts.opponent_score.map_or(h.facts.own_score.0, |s| s.0);
                m.floats += 1;
                difference_sum += diff;
                m.float_score_difference_max = m.float_score_difference_max.max(diff as f64 / 10.0);
            }
            if k > 0 && kinds[k] != Float::None && kinds[k] == kinds[k - 1] {
                match kinds[k] {
                    Float::Down => m.repeated_downfloats += 1,
                    _ => m.repeated_upfloats += 1,
                }
            }
        }
    }
    m.float_score_difference_mean = if m.floats > 0 { difference_sum as f64 / 10.0 / f64::from(m.floats) } else { 0.0 };

    // Colour preferences before each round against the colour received. The preference before
    // a round is the one of the colours of the games played before it (as the state before that
    // round has it), read from the final history: no state rebuilt per round.
    for p in &fin.players {
        let mut colours = Vec::with_capacity(p.history.len());
        for h in p.history.iter().take(rounds as usize) {
            let preference = crate::tournament::colour::preference(&colours);
            if let (Some(wanted), Some(got)) = (preference.colour, h.colour) {
                if wanted != got {
                    m.colour_preferences_unmet += 1;
                    m.strong_colour_preferences_unmet += u32::from(preference.strength >= Strength::Strong);
                    m.absolute_colour_preferences_unmet += u32::from(preference.strength == Strength::Absolute);
                }
            }
            colours.extend(h.colour);
        }
    }

    // ARO spread within final scoregroups.
    let mut groups: BTreeMap<i64, Vec<u32>> = BTreeMap::new();
    for p in &fin.players {
        if let Some(aro) = p.aro {
            groups.entry(p.score.0).or_default().push(aro);
        }
    }
    let spreads: Vec<u32> = groups
        .values()
        .filter(|g| g.len() >= 2)
        .map(|g| g.iter().max().copied().unwrap_or(0) - g.iter().min().copied().unwrap_or(0))
        .collect();
    m.aro_spread_max = spreads.iter().copied().max().unwrap_or(0);
    m.aro_spread_mean = if spreads.is_empty() {
        0.0
    } else {
        spreads.iter().map(|&s| f64::from(s)).sum::<f64>() / spreads.len() as f64
    };
    Ok(m)
}

/// Mean, standard deviation (sample), median, minimum and maximum of a sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Values summarised.
    pub count: usize,
    /// Arithmetic mean.
    pub mean: f64,
    /// Sample standard deviation (divisor n − 1); 0 for a single value.
    pub sd: f64,
    /// Median (the mean of the middle two for an even count).
    pub median: f64,
    /// Smallest value.
    pub min: f64,
    /// Largest value.
    pub max: f64,
}

/// Summarises `values`; `None` when empty.
pub fn summarise(values: &[f64]) -> Option<Summary> {
    if values.is_empty() {
        return None;
    }
    let n = values.len();
    let mean = values.iter().sum::<f64>() / n as f64;
    let sd =
        if n > 1 { (values.iter().map(|v| (v - mean) * (v - mean)).sum::<f64>() / (n - 1) as f64).sqrt() } else { 0.0 };
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let median = if n % 2 == 1 { sorted[n / 2] } else { (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0 };
    Some(Summary { count: n, mean, sd, median, min: sorted[0], max: sorted[n - 1] })
}
