//! Final standings as FIDE's Tie-Break Regulations state them (Handbook C.07: the 2026 text,
//! `../shared/specs/C07_tiebreaks_2026.md`, and the rules in force before 1 March 2026), for
//! individual, team (C.04.6) and Double-Swiss (C.04.5) events.
//!
//! A ranking is the event's score, then an ordered list of tie-breaks (4.1, 4.2): each one
//! orders the participants still tied by the ones before it; Direct Encounter and the other
//! Type A tie-breaks order each tied group among themselves (Article 6). Ties that remain share
//! their place (listed by pairing number): 4.2 leaves them to lots, or to the regulations.
//!
//! - `code`: the tie-break codes TRF-2026 writes (`BH/C1`, `BH:GP`, `EMGSB/C1`, `KS/L-1`);
//! - [`field`]: the participants and their rounds, whatever the kind of event;
//! - `unplayed`: Articles 15-16 (unplayed rounds), the one place for them;
//! - `values`: each tie-break's value (Articles 7-13), `ratings` Article 10, `encounter`
//!   Articles 6, 12 and 13.3;
//! - [`render`]: text, CSV, JSON, a printable HTML page, and the TRF with its ranks written back.
//!
//! Every value is exact ([`Value`]); numbers are rounded only where the text rounds them (ARO
//! and the performances) and when printed. What the reader of the text had to decide, and
//! where FIDE's reference engine reads it otherwise, is in `docs/standings.md`.

pub(crate) mod code;
pub(crate) mod edition;
mod encounter;
pub mod field;
mod ratings;
pub mod render;
pub(crate) mod unplayed;
pub(crate) mod value;
mod values;

pub use code::{Kind, ScoreKind, TieBreak};
pub use edition::Edition;
pub use field::EventKind;
pub use value::Value;

use crate::trf::TrfDocument;
use encounter::{board_by_board, split, Encounters};
use serde::Serialize;
use values::{Column, Context};

/// What to rank and how.
#[derive(Clone, Debug, Default)]
pub struct Options {
    /// The ordered tie-breaks, led by the score if a code of it (`PTS`, `MPTS`, `GPTS`) comes
    /// first; `None`: the file's `212` (or `202`) record, else [`default_list`].
    pub tiebreaks: Option<Vec<TieBreak>>,
    /// The edition of C.07; `None`: the one in force when the event started (`042`).
    pub edition: Option<Edition>,
    /// The rating the tournament's regulations give unrated players (Article 10).
    pub unrated_rating: Option<u32>,
    /// Pre-determined pairings (a round robin, 15.2); `None`: read from the tournament type
    /// (`192`, `092`).
    pub pre_determined: Option<bool>,
    /// Standings after this round; `None`: after the last round paired.
    pub round: Option<u32>,
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Row {
    /// Place, 1-based; participants still tied after every tie-break share it.
    pub rank: u32,
    /// The id in the file: a player's starting rank, a team's pairing number.
    pub id: u32,
    /// The tournament pairing number.
    pub tpn: u32,
    /// FIDE title (players).
    pub title: String,
    /// Name.
    pub name: String,
    /// Federation (a team's nickname).
    pub federation: String,
    /// FIDE id.
    pub fide_id: String,
    /// Rating (a team's strength); `None` when unrated.
    pub rating: Option<u32>,
    /// The score the ranking starts from (the first column of the list).
    pub points: Value,
    /// Match points (teams, Double-Swiss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub match_points: Option<Value>,
    /// Game points (teams, Double-Swiss).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game_points: Option<Value>,
    /// Rounds played over the board (games; matches for teams and Double-Swiss).
    pub played: u32,
    /// The tie-breaks' values, in the order of the list; `None` where a participant has none
    /// (ARO without a game played).
    pub tiebreaks: Vec<Option<Value>>,
}

/// The standings of an event.
#[derive(Clone, Debug, Serialize)]
pub struct Standings {
    /// The event's name (`012`).
    pub event: String,
    /// Players, teams, or Double-Swiss players.
    pub kind: EventKind,
    /// After this round (a match round for Double-Swiss).
    pub round: u32,
    /// The number of rounds of the event, when stated.
    pub rounds: Option<u32>,
    /// The edition of C.07 applied.
    pub edition: Edition,
    /// Why that edition, in words.
    pub edition_reason: String,
    /// Pre-determined pairings (15.2).
    pub pre_determined: bool,
    /// The rating given to unrated players, when one was.
    pub unrated_rating: Option<u32>,
    /// Where the list came from (`--tiebreaks`, the file's `212`, the default).
    pub list_source: String,
    /// The score ranked first (`PTS`, `MPTS`, `GPTS`).
    pub score: TieBreak,
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// The lines, best first.
    pub rows: Vec<Row>,
}

impl Serialize for TieBreak {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.code())
    }
}

/// The tie-breaks used when neither the command nor the file names any (C.07 has no default
/// list; 2.1 and 4.1.1 leave it to the Chief Arbiter): Buchholz Cut-1, Buchholz,
/// Sonneborn-Berger, Direct Encounter, wins; teams first the other score and the extended direct
/// encounter.
pub fn default_list(kind: EventKind) -> Vec<TieBreak> {
    let codes = match kind {
        EventKind::Team => "MPVGP,EDE,BH/C1,BH,SB,WIN",
        EventKind::Individual | EventKind::DoubleSwiss => "BH/C1,BH,SB,DE,WIN",
    };
    TieBreak::parse_list(codes).unwrap_or_default()
}

/// The event kind of `doc`.
pub fn kind_of(doc: &TrfDocument) -> EventKind {
    if crate::double::encoding::is_double_swiss(doc) {
        EventKind::DoubleSwiss
    } else if doc.is_team_file() {
        EventKind::Team
    } else {
        EventKind::Individual
    }
}

/// The last round paired in `doc` (a match round for Double-Swiss).
pub fn last_round(doc: &TrfDocument) -> u32 {
    match kind_of(doc) {
        EventKind::DoubleSwiss => crate::double::encoding::next_match(doc).saturating_sub(1),
        _ => crate::tournament::next_round(doc).saturating_sub(1),
    }
}

/// The tie-break list a file names: its `212` record (the score first) or its `202` record.
pub fn file_list(doc: &TrfDocument) -> Option<Result<(Vec<TieBreak>, String), String>> {
    for code in ["212", "202"] {
        if let Some(tag) = doc.tags.iter().find(|t| t.code == code && !t.value.trim().is_empty()) {
            return Some(
                TieBreak::parse_list(&tag.value)
                    .map(|l| (l, format!("the file's {code} record")))
                    .map_err(|e| format!("record {code} (tie-breaks): {e}")),
            );
        }
    }
    None
}

/// True when the tournament type (`192` or `092`) names a round robin: pre-determined pairings.
fn round_robin_by_type(doc: &TrfDocument) -> bool {
    let texts = doc.tags.iter().filter(|t| t.code == "092").map(|t| t.value.clone()).chain(doc.tournament_type.clone());
    texts.into_iter().any(|t| {
        let u = t.to_ascii_uppercase();
        u.contains("ROBIN")
            || u.contains("BERGER")
            || u.contains("SCHEVENINGEN")
            || u.split(['_', ' ', '-']).any(|w| w == "RR")
    })
}

/// The standings of `doc` as `opts` ask.
pub fn compute(doc: &TrfDocument, opts: &Options) -> Result<Standings, String> {
    let kind = kind_of(doc);
    let last = last_round(doc);
    let round = match opts.round {
        Some(0) => return Err("round numbers start at 1".into()),
        Some(r) if r > last => {
            return Err(format!("standings after round {r} asked, but {} paired", rounds_paired(last)))
        }
        Some(r) => r,
        None if last == 0 => return Err("no round is paired yet: there are no standings to compute".into()),
        None => last,
    };
    let field = match kind {
        EventKind::Individual => field::individual(doc, round)?,
        EventKind::Team => field::teams(doc, round)?,
        EventKind::DoubleSwiss => field::double_swiss(doc, round)?,
    };
    let (edition, edition_reason) = match opts.edition {
        Some(e) => (e, format!("C.07 {e} rules, as asked (--rules)")),
        None => Edition::of_event(doc),
    };
    let pre_determined = opts.pre_determined.unwrap_or_else(|| round_robin_by_type(doc));
    let (list, list_source) = match &opts.tiebreaks {
        Some(l) => (l.clone(), "--tiebreaks".to_string()),
        None => match file_list(doc) {
            Some(r) => r?,
            None => (default_list(kind), "lexpair's default: the file names no list in 212 or 202".to_string()),
        },
    };
    let ranking = rank_field(&field, &list, edition, pre_determined, opts.unrated_rating)?;
    let event = doc.tags.iter().find(|t| t.code == "012").map(|t| t.value.trim().to_string()).unwrap_or_default();
    Ok(Standings {
        event,
        kind,
        round,
        rounds: match kind {
            EventKind::DoubleSwiss => crate::double::encoding::total_matches(doc).ok().flatten(),
            _ => doc.total_rounds,
        },
        edition,
        edition_reason,
        pre_determined,
        unrated_rating: opts.unrated_rating,
        list_source,
        score: ranking.score,
        tiebreaks: ranking.tiebreaks,
        rows: ranking.rows,
    })
}

/// A ranking of a field: the score it starts from, the tie-breaks, the lines best first.
#[derive(Clone, Debug)]
pub struct Ranking {
    /// The score ranked first (`PTS`, `MPTS`, `GPTS`).
    pub score: TieBreak,
    /// The tie-breaks, in order.
    pub tiebreaks: Vec<TieBreak>,
    /// The lines, best first.
    pub rows: Vec<Row>,
}

/// Ranks `field` by `list` (led by the score if a score code comes first, else by the primary
/// score) under `edition`, with pre-determined pairings or not and the rating of unrated
/// participants: the door for participants that do not come from a file.
pub fn rank_field(
    field: &field::Field,
    list: &[TieBreak],
    edition: Edition,
    pre_determined: bool,
    unrated_rating: Option<u32>,
) -> Result<Ranking, String> {
    let mut columns = list.to_vec();
    if columns.first().is_none_or(|t| t.kind != Kind::Points) {
        columns.insert(0, TieBreak::plain(Kind::Points));
    }
    let ctx = Context::new(field, edition, pre_determined, unrated_rating);
    for tb in &columns {
        ctx.check(tb)?;
    }
    let mut values: Vec<Column> = columns.iter().map(|tb| ctx.column(tb)).collect();
    let order = rank(&ctx, &columns, &mut values);
    let scores = |i: usize| -> (Option<Value>, Option<Value>) {
        let e = &field.entrants[i];
        match field.scores {
            Some(k) => {
                let of = |s: ScoreKind| Value::points(e.score[usize::from(k[1] == s)]);
                (Some(of(ScoreKind::Match)), Some(of(ScoreKind::Game)))
            }
            None => (None, None),
        }
    };
    let rows = order
        .into_iter()
        .map(|(rank, i)| {
            let e = &field.entrants[i];
            let (match_points, game_points) = scores(i);
            Row {
                rank,
                id: e.id,
                tpn: e.tpn,
                title: e.title.clone(),
                name: e.name.clone(),
                federation: e.federation.clone(),
                fide_id: e.fide_id.clone(),
                rating: e.rating,
                points: values[0][i].unwrap_or(Value::ZERO),
                match_points,
                game_points,
                played: e.rounds.iter().filter(|r| r.kind == field::RoundKind::Played).count() as u32,
                tiebreaks: values[1..].iter().map(|c| c[i]).collect(),
            }
        })
        .collect();
    let score = columns.remove(0);
    Ok(Ranking { score, tiebreaks: columns, rows })
}

fn rounds_paired(last: u32) -> String {
    match last {
        0 => "no round is".into(),
        1 => "only round 1 is".into(),
        n => format!("rounds 1-{n} are"),
    }
}

/// Orders the participants by `columns` (4.2): returns (place, participant) best first. The
/// columns of the tie-breaks that order a group among themselves get, per participant, his place
/// within the group the tie-break was applied to (0 when it separated nobody there).
fn rank(ctx: &Context, columns: &[TieBreak], values: &mut [Column]) -> Vec<(u32, usize)> {
    let field = ctx.field;
    let n = field.entrants.len();
    let tpn = |i: usize| field.entrants[i].tpn;
    let mut groups: Vec<Vec<usize>> = vec![(0..n).collect()];
    for (c, tb) in columns.iter().enumerate() {
        let mut next = Vec::with_capacity(groups.len());
        for group in groups {
            if tb.kind.orders_a_group() {
                let parts = order_group(ctx, tb, &group);
                let mut place = 1;
                for part in &parts {
                    for &i in part {
                        values[c][i] = Some(Value::int(if parts.len() > 1 { place } else { 0 }));
                    }
                    place += part.len() as i64;
                }
                next.extend(parts);
                continue;
            }
            if group.len() < 2 {
                next.push(group);
                continue;
            }
            let better_low = tb.kind.lower_is_better() != tb.reverse;
            let column = &values[c];
            let key = |i: usize| column[i];
            let mut sorted = group;
            sorted.sort_by(|&a, &b| {
                let by_value = match (key(a), key(b)) {
                    (Some(x), Some(y)) if better_low => x.cmp(&y),
                    (Some(x), Some(y)) => y.cmp(&x),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                };
                by_value.then(tpn(a).cmp(&tpn(b)))
            });
            next.extend(split(&sorted, |a, b| key(a) == key(b)));
        }
        groups = next;
    }
    let mut out = Vec::with_capacity(n);
    for mut g in groups {
        g.sort_by_key(|&i| tpn(i));
        let place = out.len() as u32 + 1;
        out.extend(g.into_iter().map(|i| (place, i)));
    }
    out
}

/// A Type A (or board-by-board) tie-break applied to one group of tied participants.
fn order_group(ctx: &Context, tb: &TieBreak, group: &[usize]) -> Vec<Vec<usize>> {
    if group.len() < 2 {
        return vec![group.to_vec()];
    }
    let field = ctx.field;
    let pre = ctx.unplayed.pre_determined;
    let enc = Encounters::new(field, pre || tb.forfeits_as_games, !pre);
    let mut parts = match tb.kind {
        Kind::DirectEncounter => {
            let s = field.score_index(tb.score);
            let points = move |r: &field::Round| Value::points(r.points[s]);
            enc.direct(group, &points, Value::points(field.scales[s].win))
        }
        Kind::ExtendedDirectEncounter(chain) => enc.extended(group, chain),
        Kind::TopBoard => board_by_board(field, group, true),
        _ => board_by_board(field, group, false),
    };
    for p in &mut parts {
        p.sort_by_key(|&i| field.entrants[i].tpn);
    }
    parts
}

/// The standings of `doc` with `tiebreaks` (after the score), the rest as the file says.
pub fn standings(doc: &TrfDocument, tiebreaks: &[TieBreak]) -> Result<Standings, String> {
    compute(doc, &Options { tiebreaks: Some(tiebreaks.to_vec()), ..Options::default() })
}
