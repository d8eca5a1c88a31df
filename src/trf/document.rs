//! The contents of a TRF file, as data: what the reader produces and the writer consumes.
//!
//! This is syntax, not meaning: scores, colours and floats are computed by `tournament`.
//! Equality ignores where things stood in the source file, so that read → write → read can be
//! compared with `==`.

use super::error::TrfWarning;
use crate::points::{PointSystem, Points};
use serde::{Deserialize, Serialize};

/// Which edition of the format a document was read from (and is written back as by default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TrfFlavor {
    /// TRF16 with the JaVaFo/bbpPairings extensions (XXR, XXC, XXS, XXA, XXP, XXZ, BB*).
    #[default]
    Trf16,
    /// TRF-2026: tags 142/152/162, records 240/250/260.
    Trf26,
}

/// Piece colour as written in a round block (`w`/`b`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Colour {
    /// White (`w`).
    White,
    /// Black (`b`).
    Black,
}

impl Colour {
    /// The other colour.
    pub fn opposite(self) -> Colour {
        match self {
            Colour::White => Colour::Black,
            Colour::Black => Colour::White,
        }
    }
}

/// The result code of one round block (TRF16 table "Result codes").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ResultCode {
    /// `-` forfeit loss (scheduled game not played).
    ForfeitLoss,
    /// `+` forfeit win.
    ForfeitWin,
    /// `W` win, game lasted less than one move (played for pairing purposes, not rated).
    UnratedWin,
    /// `D` draw, game lasted less than one move.
    UnratedDraw,
    /// `L` loss, game lasted less than one move.
    UnratedLoss,
    /// `1` regular win.
    Win,
    /// `=` regular draw.
    Draw,
    /// `0` regular loss.
    Loss,
    /// `H` half-point bye.
    HalfBye,
    /// `F` full-point bye.
    FullBye,
    /// `U` pairing-allocated bye.
    PairingBye,
    /// `Z` or blank: zero-point bye / known absence.
    ZeroBye,
    /// Blank result with a scheduled opponent: paired, not played yet (lexpair's `--format trf`
    /// output of a freshly paired round). Worth no points and not a game until a result is entered.
    Pending,
}

impl ResultCode {
    /// The TRF character for this code (upper case for letters).
    pub fn to_char(self) -> char {
        match self {
            ResultCode::ForfeitLoss => '-',
            ResultCode::ForfeitWin => '+',
            ResultCode::UnratedWin => 'W',
            ResultCode::UnratedDraw => 'D',
            ResultCode::UnratedLoss => 'L',
            ResultCode::Win => '1',
            ResultCode::Draw => '=',
            ResultCode::Loss => '0',
            ResultCode::HalfBye => 'H',
            ResultCode::FullBye => 'F',
            ResultCode::PairingBye => 'U',
            ResultCode::ZeroBye => 'Z',
            ResultCode::Pending => ' ',
        }
    }

    /// Reads a result character; letters are case-insensitive, blank means `Z` (the reader turns a
    /// blank result with a scheduled opponent into [`ResultCode::Pending`]).
    pub fn from_char(c: char) -> Option<ResultCode> {
        Some(match c.to_ascii_uppercase() {
            '-' => ResultCode::ForfeitLoss,
            '+' => ResultCode::ForfeitWin,
            'W' => ResultCode::UnratedWin,
            'D' => ResultCode::UnratedDraw,
            'L' => ResultCode::UnratedLoss,
            '1' => ResultCode::Win,
            '=' => ResultCode::Draw,
            '0' => ResultCode::Loss,
            'H' => ResultCode::HalfBye,
            'F' => ResultCode::FullBye,
            'U' => ResultCode::PairingBye,
            'Z' | ' ' => ResultCode::ZeroBye,
            _ => return None,
        })
    }

    /// True for a game that was actually played over the board (C.04.1: forfeits are not games).
    pub fn is_played_game(self) -> bool {
        matches!(
            self,
            ResultCode::Win
                | ResultCode::Draw
                | ResultCode::Loss
                | ResultCode::UnratedWin
                | ResultCode::UnratedDraw
                | ResultCode::UnratedLoss
        )
    }

    /// True for a bye or absence code (no opponent).
    pub fn is_bye(self) -> bool {
        matches!(self, ResultCode::HalfBye | ResultCode::FullBye | ResultCode::PairingBye | ResultCode::ZeroBye)
    }

    /// Points for this result under `ps`; `colour` is the scheduled colour (for XXS WW/BW...).
    pub fn points(self, colour: Option<Colour>, ps: &PointSystem) -> Points {
        let white = colour != Some(Colour::Black);
        match self {
            ResultCode::Win | ResultCode::UnratedWin => {
                if white {
                    ps.win_white
                } else {
                    ps.win_black
                }
            }
            ResultCode::Draw | ResultCode::UnratedDraw => {
                if white {
                    ps.draw_white
                } else {
                    ps.draw_black
                }
            }
            ResultCode::Loss | ResultCode::UnratedLoss => {
                if white {
                    ps.loss_white
                } else {
                    ps.loss_black
                }
            }
            ResultCode::ForfeitWin => ps.forfeit_win,
            ResultCode::ForfeitLoss => ps.forfeit_loss,
            ResultCode::FullBye => ps.full_bye,
            ResultCode::HalfBye => ps.half_bye,
            ResultCode::ZeroBye => ps.zero_bye,
            ResultCode::PairingBye => ps.pairing_bye,
            ResultCode::Pending => Points::ZERO,
        }
    }
}

/// One 10-column round block of a player line.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RoundEntry {
    /// Scheduled opponent's starting-rank number; `None` for `0000`/blank (bye or not paired).
    pub opponent: Option<u32>,
    /// Scheduled colour; `None` for `-`/blank.
    pub colour: Option<Colour>,
    /// The result code (column 99 in round 1).
    pub result: ResultCode,
}

impl RoundEntry {
    /// An entry with no opponent: a bye or absence.
    pub fn bye(result: ResultCode) -> RoundEntry {
        RoundEntry { opponent: None, colour: None, result }
    }
}

/// A `001` player record.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct PlayerRecord {
    /// Starting-rank number (columns 5-8), the pairing id.
    pub id: u32,
    /// Column 10 (`m`/`w`), kept as written; blank if absent.
    pub sex: String,
    /// Columns 11-13.
    pub title: String,
    /// Columns 15-47.
    pub name: String,
    /// Columns 49-52; 0 when blank (unrated).
    pub rating: u32,
    /// Columns 54-56.
    pub federation: String,
    /// Columns 58-68.
    pub fide_id: String,
    /// Columns 70-79.
    pub birth_date: String,
    /// Columns 81-84 as written; `None` when blank.
    pub points: Option<Points>,
    /// Columns 86-89; `None` when blank.
    pub rank: Option<u32>,
    /// Round blocks from round 1; a trailing round may hold next-round absences (`0000 - H`).
    /// A block that is entirely blank inside the line is `None` (not paired, not recorded).
    pub rounds: Vec<Option<RoundEntry>>,
    /// 1-based line number in the source file (0 when built in memory); ignored by `==`.
    pub line: usize,
}

impl PartialEq for PlayerRecord {
    fn eq(&self, o: &Self) -> bool {
        self.id == o.id
            && self.sex == o.sex
            && self.title == o.title
            && self.name == o.name
            && self.rating == o.rating
            && self.federation == o.federation
            && self.fide_id == o.fide_id
            && self.birth_date == o.birth_date
            && self.points == o.points
            && self.rank == o.rank
            && self.rounds == o.rounds
    }
}

/// Fictitious points of one player per round (XXA, or one player's share of a `250` record).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Acceleration {
    /// The player's starting-rank number.
    pub player: u32,
    /// `points[r-1]` are the fictitious points added in round `r`.
    pub points: Vec<Points>,
}

/// Players who must not be paired against each other (XXP; `260` with a round range).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenGroup {
    /// `None` for XXP (every round); `Some((first, last))` for a `260` record.
    pub rounds: Option<(u32, u32)>,
    /// The players, at least two (for a `260` record of a team file: team pairing numbers).
    pub players: Vec<u32>,
}

/// Kind of a pre-announced bye (`240` record type, `0000 - X` entry, or XXZ = zero-point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeKind {
    /// `F`: a full-point bye.
    Full,
    /// `H`: a half-point bye.
    Half,
    /// `Z`: a zero-point bye (a known absence).
    Zero,
}

/// Pre-announced byes of a round: TRF-2026 `240` records or JaVaFo `XXZ` lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncedByes {
    /// `None` for XXZ (the round to be paired); `Some(r)` for a `240` record.
    pub round: Option<u32>,
    /// The kind of bye.
    pub kind: ByeKind,
    /// The players given it (for a `240` record of a team file: team pairing numbers).
    pub players: Vec<u32>,
}

/// A team of a team tournament: a TRF-2026 `310` record, or a TRF16 `013` line.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct TeamRecord {
    /// Team pairing number: `310` columns 5-7 (1 to 999); for a `013` line, its position among
    /// the `013` lines of the file (1 for the first).
    pub tpn: u32,
    /// Team name: `310` columns 9-40, `013` columns 5-36.
    pub name: String,
    /// Nickname, `310` columns 42-46 (e.g. a federation code); blank for `013`.
    pub nickname: String,
    /// Strength factor, `310` columns 48-53 (e.g. the average rating); `None` when blank.
    pub strength: Option<u32>,
    /// Match points, `310` columns 55-60, as written; `None` when blank.
    pub match_points: Option<Points>,
    /// Game points, `310` columns 62-67, as written; `None` when blank.
    pub game_points: Option<Points>,
    /// Team rank, `310` columns 69-71 (ties allowed); `None` when blank.
    pub rank: Option<u32>,
    /// The players' starting-rank numbers (`001` columns 5-8) in board order, board 1 first:
    /// `310` from column 74, `013` from column 37, every 5 columns.
    pub players: Vec<u32>,
    /// Read from a TRF16 `013` line: written back as `013` (which holds only the name and the
    /// players, the team pairing number being the line's position).
    pub legacy: bool,
    /// 1-based line number in the source file (0 when built in memory); ignored by `==`.
    pub line: usize,
}

impl PartialEq for TeamRecord {
    fn eq(&self, o: &Self) -> bool {
        self.tpn == o.tpn
            && self.name == o.name
            && self.nickname == o.nickname
            && self.strength == o.strength
            && self.match_points == o.match_points
            && self.game_points == o.game_points
            && self.rank == o.rank
            && self.players == o.players
            && self.legacy == o.legacy
    }
}

/// The pairing-allocated byes of a team tournament: the TRF-2026 `320` record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamPab {
    /// Match points for the PAB (columns 5-8).
    pub match_points: Points,
    /// Game points for the PAB (columns 10-13).
    pub game_points: Points,
    /// `teams[r-1]` is the team pairing number of the team given the PAB in round `r` (columns
    /// 15-17 for round 1, then every 4 columns); `None` for `000` (no PAB that round).
    pub teams: Vec<Option<u32>>,
}

/// Who forfeited a whole match (`330` columns 5-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MatchForfeit {
    /// `+-`: the white team wins by forfeit.
    WhiteWins,
    /// `-+`: the black team wins by forfeit.
    BlackWins,
    /// `--`: both teams forfeit.
    Double,
}

impl MatchForfeit {
    /// The two characters of the record: `+-`, `-+` or `--`.
    pub fn code(self) -> &'static str {
        match self {
            MatchForfeit::WhiteWins => "+-",
            MatchForfeit::BlackWins => "-+",
            MatchForfeit::Double => "--",
        }
    }

    /// Reads `+-`, `-+` or `--`.
    pub fn from_code(code: &str) -> Option<MatchForfeit> {
        match code {
            "+-" => Some(MatchForfeit::WhiteWins),
            "-+" => Some(MatchForfeit::BlackWins),
            "--" => Some(MatchForfeit::Double),
            _ => None,
        }
    }
}

/// A match forfeited as a whole: the TRF-2026 `330` record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForfeitedMatch {
    /// Who forfeited (columns 5-6).
    pub kind: MatchForfeit,
    /// The round (columns 8-10).
    pub round: u32,
    /// Team pairing number of the team scheduled with White (columns 12-14).
    pub white: u32,
    /// Team pairing number of the team scheduled with Black (columns 16-18).
    pub black: u32,
}

/// A team playing a round in another board order than its roster, or with an empty board: the
/// TRF-2026 `300` record. Given for the round to pair, it is the team's line-up of that round
/// (its opponent `000`: not known before the pairing).
#[derive(Clone, Debug, Eq, Serialize, Deserialize)]
pub struct OutOfOrder {
    /// The round (columns 5-7).
    pub round: u32,
    /// Team pairing number of the team playing out of its default order (columns 9-11).
    pub team: u32,
    /// Team pairing number of its scheduled opponent (columns 13-15); 0 for `000` or blank, a
    /// line-up given before the round is paired.
    pub opponent: u32,
    /// The player on each board, board 1 first (columns 17-20, then every 5 columns); `None`
    /// for `0000` (an unoccupied board).
    pub players: Vec<Option<u32>>,
    /// 1-based line number in the source file (0 when built in memory); ignored by `==`.
    #[serde(skip)]
    pub line: usize,
}

impl PartialEq for OutOfOrder {
    fn eq(&self, o: &Self) -> bool {
        self.round == o.round && self.team == o.team && self.opponent == o.opponent && self.players == o.players
    }
}

/// Type of an abnormal assignment (`299` column 5).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AbnormalKind {
    /// `W` win.
    Win,
    /// `D` draw.
    Draw,
    /// `L` loss.
    Loss,
    /// `F` full-point bye.
    FullBye,
    /// `H` half-point bye.
    HalfBye,
    /// `Z` zero-point bye.
    ZeroBye,
    /// `+` forfeit win.
    ForfeitWin,
    /// `-` forfeit loss.
    ForfeitLoss,
    /// Blank: a penalty or a bonus.
    Adjustment,
}

impl AbnormalKind {
    /// The character of column 5 (a blank for [`AbnormalKind::Adjustment`]).
    pub fn to_char(self) -> char {
        match self {
            AbnormalKind::Win => 'W',
            AbnormalKind::Draw => 'D',
            AbnormalKind::Loss => 'L',
            AbnormalKind::FullBye => 'F',
            AbnormalKind::HalfBye => 'H',
            AbnormalKind::ZeroBye => 'Z',
            AbnormalKind::ForfeitWin => '+',
            AbnormalKind::ForfeitLoss => '-',
            AbnormalKind::Adjustment => ' ',
        }
    }

    /// Reads column 5 (letters in either case; a blank is [`AbnormalKind::Adjustment`]).
    pub fn from_char(c: char) -> Option<AbnormalKind> {
        Some(match c.to_ascii_uppercase() {
            'W' => AbnormalKind::Win,
            'D' => AbnormalKind::Draw,
            'L' => AbnormalKind::Loss,
            'F' => AbnormalKind::FullBye,
            'H' => AbnormalKind::HalfBye,
            'Z' => AbnormalKind::ZeroBye,
            '+' => AbnormalKind::ForfeitWin,
            '-' => AbnormalKind::ForfeitLoss,
            ' ' => AbnormalKind::Adjustment,
            _ => return None,
        })
    }
}

/// A non-standard assignment of points: the TRF-2026 `299` record. Kept so that it is written
/// back; the reader gives it no meaning.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AbnormalPoints {
    /// Type of assignment (column 5).
    pub kind: AbnormalKind,
    /// Match points (columns 8-11, teams only); `None` when blank.
    pub match_points: Option<Points>,
    /// Game points of a team or points of a player (columns 14-17); `None` when blank.
    pub game_points: Option<Points>,
    /// The round (columns 20-22); `None` for `000` or blank (every round).
    pub round: Option<u32>,
    /// Team pairing numbers (team file) or starting-rank numbers (individual file) it applies
    /// to, from column 24 every 5 columns.
    pub ids: Vec<u32>,
}

/// A TRF-2026 `250` record of a team file: fictitious match and game points for a range of
/// rounds and teams. (In an individual file the `250` records become [`Acceleration`]s.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamAcceleration {
    /// Fictitious match points (columns 5-8); `None` when blank.
    pub match_points: Option<Points>,
    /// Fictitious game points (columns 10-13).
    pub game_points: Points,
    /// First and last round (columns 15-17, 19-21).
    pub rounds: (u32, u32),
    /// First and last team pairing number (columns 23-26, 28-31).
    pub teams: (u32, u32),
}

/// Match points of a team match: TRF-2026 tag `362` (default 2 / 1 / 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TeamScoring {
    /// `TW`: a team win.
    pub win: Points,
    /// `TD`: a team draw.
    pub draw: Points,
    /// `TL`: a team loss.
    pub loss: Points,
}

impl Default for TeamScoring {
    fn default() -> Self {
        TeamScoring { win: Points(20), draw: Points(10), loss: Points::ZERO }
    }
}

/// A tournament-section tag line (`012 Name`, `092 Type`, ...), kept verbatim.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tag {
    /// The three-character code, e.g. `"012"`.
    pub code: String,
    /// Everything from column 5 on, trailing white space removed.
    pub value: String,
}

/// A whole TRF file.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct TrfDocument {
    /// The edition the file was read from: TRF-2026 when it has a tag or record of that edition
    /// only (142, 152, 162, 240, 250, 260, 299, 300, 310, 320, 330).
    pub flavor: TrfFlavor,
    /// Tournament-section tags other than those interpreted below (012, 022, ..., 132), in order.
    pub tags: Vec<Tag>,
    /// The `001` player records, in file order.
    pub players: Vec<PlayerRecord>,
    /// Total number of rounds (XXR / tag 142).
    pub total_rounds: Option<u32>,
    /// Colour of the top player in round 1 (XXC white1|black1 / tag 152 W|B).
    pub initial_colour: Option<Colour>,
    /// XXC rank: pair by position in the file instead of by id.
    pub use_rank_order: bool,
    /// Point system (BB*, XXS, tag 162); the default when none is given.
    pub point_system: PointSystem,
    /// True when the file stated a point system explicitly (so the writer repeats it).
    pub point_system_explicit: bool,
    /// Fictitious points per player (XXA, or the `250` records of an individual file).
    pub accelerations: Vec<Acceleration>,
    /// Pairings not allowed (XXP, `260`).
    pub forbidden: Vec<ForbiddenGroup>,
    /// Byes announced in advance (XXZ, `240`).
    pub announced_byes: Vec<AnnouncedByes>,
    /// Lines the reader does not interpret (`013`, `###` comments, unknown codes), verbatim, in order.
    pub other_lines: Vec<String>,
    /// TRF-2026 tag 162 code `X`: points for an unknown result (e.g. an adjourned game). Kept
    /// only so that the file is written back as read; no result code of a round block uses it.
    #[serde(default)]
    pub unknown_result_points: Option<Points>,
    /// Tag 192, the encoded type of tournament (e.g. `FIDE_TEAM_TYPEA_MP_GP`), trimmed; what it
    /// means is decided by the pairing systems.
    #[serde(default)]
    pub tournament_type: Option<String>,
    /// Tag 352, the colour of each board in a team match for the team that "has White", board 1
    /// first (`352 WBWB`); its length is the number of boards.
    #[serde(default)]
    pub board_colours: Option<Vec<Colour>>,
    /// Tag 362, the match points of a team win, draw and loss (default 2 / 1 / 0).
    #[serde(default)]
    pub team_scoring: TeamScoring,
    /// True when the file stated tag 362 (so the writer repeats it).
    #[serde(default)]
    pub team_scoring_explicit: bool,
    /// The teams (`310` records or TRF16 `013` lines), in file order. A file with teams is a team
    /// file: the ids of its `240`, `250` and `260` records are team pairing numbers.
    #[serde(default)]
    pub teams: Vec<TeamRecord>,
    /// The `320` record: pairing-allocated byes of the teams.
    #[serde(default)]
    pub team_pab: Option<TeamPab>,
    /// `330` records: matches forfeited as a whole.
    #[serde(default)]
    pub forfeited_matches: Vec<ForfeitedMatch>,
    /// `300` records: teams playing out of their default board order.
    #[serde(default)]
    pub out_of_order: Vec<OutOfOrder>,
    /// `299` records: abnormal assignments of points, kept as written.
    #[serde(default)]
    pub abnormal_points: Vec<AbnormalPoints>,
    /// `250` records of a team file (an individual file's go to `accelerations`).
    #[serde(default)]
    pub team_accelerations: Vec<TeamAcceleration>,
    /// What the reader noticed about the source file: ignored by `==` and not serialised.
    #[serde(skip)]
    pub notes: ReadNotes,
}

/// What the reader noticed about the source file beside its contents: the warnings (lines read
/// but not used, each kind named once) and where the number of rounds was stated. Two documents
/// compare equal whatever their notes, so that read → write → read can be compared with `==`.
#[derive(Clone, Debug, Default)]
pub struct ReadNotes {
    /// One warning per kind of line read but not used, or read in a way worth saying, in the
    /// order of their first lines.
    pub warnings: Vec<TrfWarning>,
    /// The line and the field (`XXR`, `142 number of rounds`) that stated the number of rounds.
    pub total_rounds_at: Option<(usize, String)>,
}

impl PartialEq for ReadNotes {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

/// Positions by player id: a list sorted by id, searched (a SipHash map built at every round of
/// a research batch took 1.4% of its time).
pub(crate) struct IdIndex(Vec<(u32, usize)>);

impl IdIndex {
    pub(crate) fn of(entries: impl Iterator<Item = (u32, usize)>) -> IdIndex {
        let mut v: Vec<(u32, usize)> = entries.collect();
        v.sort_unstable();
        IdIndex(v)
    }

    pub(crate) fn get(&self, id: &u32) -> Option<&usize> {
        self.0.binary_search_by_key(id, |&(k, _)| k).ok().map(|i| &self.0[i].1)
    }
}

impl TrfDocument {
    /// Each player's position in `players`, by id.
    pub(crate) fn positions(&self) -> IdIndex {
        IdIndex::of(self.players.iter().enumerate().map(|(k, p)| (p.id, k)))
    }

    /// The player with starting-rank number `id`. Files list their players by that number as a
    /// rule, so his record is looked for at position `id - 1` first: a search through all of
    /// them for every player made writing a 9,999-player round's list quadratic (1% of pairing
    /// it). (Two records of one id are refused when a file is read.)
    pub fn player(&self, id: u32) -> Option<&PlayerRecord> {
        let listed = (id as usize).checked_sub(1).and_then(|k| self.players.get(k));
        listed.filter(|p| p.id == id).or_else(|| self.players.iter().find(|p| p.id == id))
    }

    /// The number of round blocks on the longest player line.
    pub fn rounds_in_file(&self) -> u32 {
        self.players.iter().map(|p| p.rounds.len() as u32).max().unwrap_or(0)
    }

    /// True for a team tournament: the file has `310` records or `013` lines.
    pub fn is_team_file(&self) -> bool {
        !self.teams.is_empty()
    }

    /// The team with team pairing number `tpn`.
    pub fn team(&self, tpn: u32) -> Option<&TeamRecord> {
        self.teams.iter().find(|t| t.tpn == tpn)
    }

    /// The team whose roster lists the player with starting-rank number `id`.
    pub fn team_of_player(&self, id: u32) -> Option<&TeamRecord> {
        self.teams.iter().find(|t| t.players.contains(&id))
    }

    /// The number of boards stated by tag 352 (the length of its colour pattern).
    pub fn board_count(&self) -> Option<usize> {
        self.board_colours.as_ref().map(Vec::len)
    }
}
