//! Each participant's value of one tie-break (C.07 Articles 7-13), a column at a time. The
//! tie-breaks that order a tied group among themselves (DE, EDE, TBR, BBE) have no value of
//! their own here: `rank` applies them to each group.

use super::code::{Kind, Limit, ScoreKind, TieBreak};
use super::edition::Edition;
use super::encounter::board_count;
use super::field::{EventKind, Field, Round, RoundKind};
use super::ratings::RatedGames;
use super::unplayed::{cut, Unplayed};
use super::value::Value;
use crate::points::Points;
use crate::trf::Colour;

/// What one ranking reads: the participants, how unplayed rounds count, the rating of the
/// unrated.
pub struct Context<'a> {
    /// The participants.
    pub field: &'a Field,
    /// Articles 15-16 for this edition and kind of pairing.
    pub unplayed: Unplayed<'a>,
    /// The rating the tournament's regulations give unrated participants (Article 10).
    pub unrated: Option<u32>,
}

/// A column of values, `None` where a participant has none (no game for an average).
pub type Column = Vec<Option<Value>>;

impl<'a> Context<'a> {
    /// The context of `field` under `edition`.
    pub fn new(field: &'a Field, edition: Edition, pre_determined: bool, unrated: Option<u32>) -> Context<'a> {
        Context { field, unplayed: Unplayed::new(field, edition, pre_determined), unrated }
    }

    fn pre_determined(&self) -> bool {
        self.unplayed.pre_determined
    }

    /// Refuses a tie-break this event cannot be ranked by, saying why.
    pub fn check(&self, tb: &TieBreak) -> Result<(), String> {
        let kind = self.field.kind;
        let name = tb.heading();
        let team_only = matches!(
            tb.kind,
            Kind::OtherScore
                | Kind::ExtendedDirectEncounter(_)
                | Kind::ExtendedSonnebornBerger(..)
                | Kind::BoardCount
                | Kind::TopBoard
                | Kind::BottomBoardElimination
                | Kind::ScheduleStrength
        );
        if kind == EventKind::Individual && (team_only || tb.score.is_some()) {
            return Err(format!(
                "{name}: an individual event has one score, its points (PTS); match and game points and the team \
                 tie-breaks (C.07 11-13) need a team file"
            ));
        }
        if kind == EventKind::DoubleSwiss
            && matches!(
                tb.kind,
                Kind::ExtendedDirectEncounter(_)
                    | Kind::BoardCount
                    | Kind::TopBoard
                    | Kind::BottomBoardElimination
                    | Kind::ScheduleStrength
            )
        {
            return Err(format!("{name}: a tie-break of team competitions (C.07 12-13), not of a Double-Swiss event"));
        }
        if kind != EventKind::Individual
            && matches!(
                tb.kind,
                Kind::PerformanceRating
                    | Kind::PerfectPerformance
                    | Kind::AveragePerformance
                    | Kind::AveragePerfectPerformance
            )
        {
            return Err(format!(
                "{name}: a performance of a player's own games (C.07 10.2-10.5), not of a {kind} event"
            ));
        }
        if self.pre_determined()
            && self.unplayed.edition >= Edition::C2026
            && matches!(
                tb.kind,
                Kind::Buchholz | Kind::ForeBuchholz | Kind::AverageOpponentsBuchholz | Kind::ScheduleStrength
            )
        {
            return Err(format!(
                "{name}: C.07 (2026) Article 8, note: Buchholz and the tie-breaks related to it must not be used in \
                 round-robins (pre-determined pairings); --rules 2024 allows them"
            ));
        }
        let ratings = matches!(
            tb.kind,
            Kind::AverageRating
                | Kind::PerformanceRating
                | Kind::PerfectPerformance
                | Kind::AveragePerformance
                | Kind::AveragePerfectPerformance
                | Kind::Rating
        );
        if ratings && self.unrated.is_none() {
            let unrated: Vec<usize> =
                (0..self.field.entrants.len()).filter(|&i| self.field.entrants[i].rating.is_none()).collect();
            if !unrated.is_empty() {
                let shown: Vec<usize> = unrated.iter().copied().take(10).collect();
                let more = if unrated.len() > 10 { format!(" and {} more", unrated.len() - 10) } else { String::new() };
                return Err(format!(
                    "{name} needs a rating for every participant, and {} ({}{more}) {} none: give the rating the \
                     tournament's regulations set for unrated players with --unrated-rating R (C.07 Article 10)",
                    if unrated.len() == 1 { "participant" } else { "participants" },
                    self.field.ids(&shown),
                    if unrated.len() == 1 { "has" } else { "have" },
                ));
            }
        }
        Ok(())
    }

    fn rating(&self, i: usize) -> i64 {
        i64::from(self.field.entrants[i].rating.or(self.unrated).unwrap_or(0))
    }

    /// The score Type B tie-breaks read: the one named, the primary by default, except that a
    /// Double-Swiss round is a match and is won, drawn or lost by its match points.
    fn type_b_score(&self, tb: &TieBreak) -> usize {
        if self.field.kind == EventKind::DoubleSwiss && tb.score.is_none() {
            1
        } else {
            self.field.score_index(tb.score)
        }
    }

    /// Whether a Type B tie-break counts games (game points of a team or Double-Swiss event)
    /// rather than rounds.
    fn counts_games(&self, s: usize) -> bool {
        self.field.scores.is_some_and(|k| k[s] == ScoreKind::Game)
    }

    /// The values of `tb` for every participant.
    pub fn column(&self, tb: &TieBreak) -> Column {
        let f = self.field;
        let n = f.entrants.len();
        let all = |v: &dyn Fn(usize) -> Option<Value>| (0..n).map(v).collect::<Column>();
        match tb.kind {
            Kind::Points => {
                let s = f.score_index(tb.score);
                all(&|i| Some(Value::points(f.entrants[i].score[s])))
            }
            Kind::OtherScore => {
                let s = f.other_index();
                all(&|i| Some(Value::points(f.entrants[i].score[s])))
            }
            Kind::Wins | Kind::GamesWon | Kind::BlackGames | Kind::BlackWins | Kind::StandardPoints => {
                let s = self.type_b_score(tb);
                all(&|i| Some(self.type_b(tb.kind, s, i)))
            }
            Kind::RoundsElected => all(&|i| {
                let e = &f.entrants[i];
                // 7.6: the rounds less the half-point byes, zero-point byes and forfeit losses.
                Some(Value::int(e.rounds.iter().filter(|r| !r.kind.is_vur()).count() as i64))
            }),
            Kind::ProgressiveScores => {
                let s = f.score_index(tb.score);
                all(&|i| Some(progressive(&f.entrants[i].rounds, s, tb.cut_low, tb.cut_high)))
            }
            Kind::PairingNumber => all(&|i| Some(Value::int(i64::from(f.entrants[i].tpn)))),
            Kind::Rating => all(&|i| Some(Value::int(self.rating(i)))),
            Kind::Buchholz | Kind::ForeBuchholz => {
                let fore = tb.kind == Kind::ForeBuchholz;
                let s = f.score_index(tb.score);
                all(&|i| Some(self.buchholz(i, s, tb, fore)))
            }
            Kind::AverageOpponentsBuchholz => {
                let s = f.score_index(tb.score);
                let bh: Vec<Value> = (0..n).map(|i| self.buchholz(i, s, tb, tb.fore)).collect();
                all(&|i| {
                    let opponents: Vec<usize> = self.games(i).collect();
                    Value::average(opponents.iter().map(|&o| bh[o]).sum(), opponents.len())
                })
            }
            Kind::SonnebornBerger => {
                let s = f.score_index(tb.score);
                all(&|i| Some(self.sonneborn(i, s, s, tb)))
            }
            Kind::ExtendedSonnebornBerger(opponent, scored) => {
                let (so, ss) = (f.score_index(Some(opponent)), f.score_index(Some(scored)));
                all(&|i| Some(self.sonneborn(i, so, ss, tb)))
            }
            Kind::Koya => {
                let s = f.score_index(tb.score);
                let limit = self.koya_limit(s, tb.limit);
                all(&|i| {
                    let e = &f.entrants[i];
                    let sum: Points = e
                        .rounds
                        .iter()
                        .filter(|r| r.opponent.is_some_and(|o| Value::points(f.entrants[o].score[s]) >= limit))
                        .map(|r| r.points[s])
                        .sum();
                    Some(Value::points(sum))
                })
            }
            Kind::ScheduleStrength => all(&|i| {
                // 13.4: the secondary score plus the primary-score Buchholz over a normalising
                // factor: the highest primary score achievable in the tournament over the
                // highest secondary score of one match, rounded towards zero.
                let best_primary = f.scales[0].win.0 * i64::from(f.final_round);
                let divisor = (best_primary / f.scales[1].win.0.max(1)).max(1);
                let bh = self.buchholz(i, 0, tb, tb.fore);
                Some(Value::points(f.entrants[i].score[1]) + bh.div_int(divisor))
            }),
            Kind::AverageRating | Kind::PerformanceRating | Kind::PerfectPerformance => all(&|i| {
                let games = RatedGames::of(f, i, &|o| self.rating(o)).cut(tb.cut_low, tb.cut_high);
                let v = match tb.kind {
                    Kind::AverageRating => games.aro(),
                    Kind::PerformanceRating => games.tpr(),
                    _ => games.ptp(),
                };
                v.map(Value::int)
            }),
            Kind::AveragePerformance | Kind::AveragePerfectPerformance => {
                let own: Vec<Option<i64>> = (0..n)
                    .map(|i| {
                        let games = RatedGames::of(f, i, &|o| self.rating(o)).cut(tb.cut_low, tb.cut_high);
                        if tb.kind == Kind::AveragePerformance {
                            games.tpr()
                        } else {
                            games.ptp()
                        }
                    })
                    .collect();
                all(&|i| {
                    let values: Vec<i64> = f.entrants[i]
                        .rounds
                        .iter()
                        .filter(|r| r.kind == RoundKind::Played)
                        .filter_map(|r| own[r.opponent?])
                        .collect();
                    Value::average(Value::int(values.iter().sum()), values.len()).map(|v| Value::int(v.round_half_up()))
                })
            }
            Kind::BoardCount => all(&|i| Some(board_count(f, i))),
            Kind::DirectEncounter
            | Kind::ExtendedDirectEncounter(_)
            | Kind::TopBoard
            | Kind::BottomBoardElimination => {
                vec![None; n]
            }
        }
    }

    /// The opponents participant `i` played over the board (in pre-determined pairings also
    /// by forfeit, 15.2).
    fn games(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        let e = &self.field.entrants[i];
        (0..e.rounds.len())
            .filter(move |&k| self.unplayed.is_game(i, k, false))
            .filter_map(move |k| e.rounds[k].opponent)
    }

    /// Buchholz (8.1) in score `s`, or Fore Buchholz (8.3), with `tb`'s cuts (14, 16.5).
    fn buchholz(&self, i: usize, s: usize, tb: &TieBreak, fore: bool) -> Value {
        let items = self.unplayed.contributions(i, s, s, false, fore);
        cut(items, tb.cut_low, tb.cut_high).iter().map(|c| c.value).sum()
    }

    /// Sonneborn-Berger (9.1) and its team variants (13.2): the opponents' scores `so` times the
    /// points scored against them in `ss`, with `tb`'s cuts.
    fn sonneborn(&self, i: usize, so: usize, ss: usize, tb: &TieBreak) -> Value {
        let items = self.unplayed.contributions(i, so, ss, true, false);
        cut(items, tb.cut_low, tb.cut_high).iter().map(|c| c.value).sum()
    }

    /// Koya's limit (9.2, 14.5): half the maximum possible score, or the changed limit. The
    /// maximum is a win in every round (in pre-determined pairings, every round with a game
    /// scheduled: a round robin's bye is no game).
    fn koya_limit(&self, s: usize, limit: Option<Limit>) -> Value {
        let f = self.field;
        let games = if self.pre_determined() {
            f.entrants.iter().map(|e| e.rounds.iter().filter(|r| r.opponent.is_some()).count()).max().unwrap_or(0)
                as i64
        } else {
            i64::from(f.rounds)
        };
        let max = Value::points(f.scales[s].win) * Value::int(games);
        match limit {
            None => max.div_int(2),
            Some(Limit::Percent(p)) => (max * Value::int(i64::from(p))).div_int(100),
            Some(Limit::HalfPoints(k)) => max.div_int(2) + Value::ratio(k, 2),
            Some(Limit::Points(t)) => max.div_int(2) + Value::ratio(t, 10),
        }
    }

    /// The Type B tie-breaks that count rounds (or games): WIN, WON, BPG, BWG, STD.
    fn type_b(&self, kind: Kind, s: usize, i: usize) -> Value {
        let f = self.field;
        let e = &f.entrants[i];
        if self.counts_games(s) {
            return self.type_b_games(kind, i);
        }
        let scale = f.scales[s];
        let mut total = Value::ZERO;
        for (k, r) in e.rounds.iter().enumerate() {
            // 15.2: in pre-determined pairings a forfeit win is a game; a forfeit loss is not.
            let game = r.kind == RoundKind::Played || (self.pre_determined() && r.kind == RoundKind::ForfeitWin);
            let colour = if r.kind == RoundKind::Played { r.colour } else { r.scheduled };
            let won = r.points[s] == scale.win;
            let add = match kind {
                Kind::Wins => Value::int(i64::from(won)),
                Kind::GamesWon => Value::int(i64::from(game && won)),
                Kind::BlackGames => Value::int(i64::from(game && colour == Some(Colour::Black))),
                Kind::BlackWins => Value::int(i64::from(game && won && colour == Some(Colour::Black))),
                _ => {
                    // 7.7: against the scheduled opponent's points; without one, a draw's.
                    let other =
                        r.opponent.and_then(|o| f.entrants[o].rounds.get(k)).map_or(scale.draw, |x| x.points[s]);
                    standard(r.points[s], other)
                }
            };
            total += add;
        }
        total
    }

    /// The Type B tie-breaks counting the games of teams (or Double-Swiss matches) in game
    /// points: each board a game; a round without games listed counts its boards as the round's
    /// kind gives them (a bye or a forfeited match: as won, drawn or lost, unplayed).
    fn type_b_games(&self, kind: Kind, i: usize) -> Value {
        let f = self.field;
        let gs = f.game_scale;
        let mut total = Value::ZERO;
        for r in &f.entrants[i].rounds {
            let games: Vec<(bool, Option<Colour>, Points)> = if r.games.is_empty() {
                let p = unplayed_board_points(r, gs);
                vec![(false, None, p); f.boards]
            } else {
                r.games.iter().map(|g| (g.played, g.colour, g.points)).collect()
            };
            for (played, colour, points) in games {
                let won = points == gs.win;
                let black = colour == Some(Colour::Black);
                total += match kind {
                    Kind::Wins => Value::int(i64::from(won)),
                    Kind::GamesWon => Value::int(i64::from(played && won)),
                    Kind::BlackGames => Value::int(i64::from(played && black)),
                    Kind::BlackWins => Value::int(i64::from(played && won && black)),
                    _ => standard(points, gs.draw),
                };
            }
        }
        total
    }
}

/// A board's game points in a round without games listed.
fn unplayed_board_points(r: &Round, gs: super::field::Scale) -> Points {
    match r.kind {
        RoundKind::PairingBye | RoundKind::FullBye | RoundKind::ForfeitWin => gs.win,
        RoundKind::HalfBye => gs.draw,
        _ => Points::ZERO,
    }
}

/// Standard points of one round (7.7): 1 for more points than `other`, ½ for as many, 0 for
/// fewer.
fn standard(own: Points, other: Points) -> Value {
    match own.cmp(&other) {
        std::cmp::Ordering::Greater => Value::int(1),
        std::cmp::Ordering::Equal => Value::ratio(1, 2),
        std::cmp::Ordering::Less => Value::ZERO,
    }
}

/// Progressive scores (7.5) in score `s`: the score after each round, summed, without the
/// `low` first (14.1.1 c: "exclude the score achieved after the first round") and the `high`
/// last.
fn progressive(rounds: &[Round], s: usize, low: u32, high: u32) -> Value {
    let mut running = Points::ZERO;
    let after: Vec<Points> = rounds
        .iter()
        .map(|r| {
            running += r.points[s];
            running
        })
        .collect();
    let end = after.len().saturating_sub(high as usize);
    Value::points(after.iter().take(end).skip(low as usize).copied().sum())
}
