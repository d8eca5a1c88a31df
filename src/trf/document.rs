//! The contents of a TRF file, as data: what the reader produces and the writer consumes.
//!
//! This is syntax, not meaning: scores, colours and floats are computed by `tournament`.
//! Equality ignores where things stood in the source file, so that read → write → read can be
//! compared with `==`.

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
    White,
    Black,
}

impl Colour {
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
    pub player: u32,
    /// `points[r-1]` are the fictitious points added in round `r`.
    pub points: Vec<Points>,
}

/// Players who must not be paired against each other (XXP; `260` with a round range).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForbiddenGroup {
    /// `None` for XXP (every round); `Some((first, last))` for a `260` record.
    pub rounds: Option<(u32, u32)>,
    pub players: Vec<u32>,
}

/// Kind of a pre-announced bye (`240` record type, `0000 - X` entry, or XXZ = zero-point).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ByeKind {
    Full,
    Half,
    Zero,
}

/// Pre-announced byes of a round: TRF-2026 `240` records or JaVaFo `XXZ` lines.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AnnouncedByes {
    /// `None` for XXZ (the round to be paired); `Some(r)` for a `240` record.
    pub round: Option<u32>,
    pub kind: ByeKind,
    pub players: Vec<u32>,
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
    pub flavor: TrfFlavor,
    /// Tournament-section tags other than those interpreted below (012, 022, ..., 132), in order.
    pub tags: Vec<Tag>,
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
    pub accelerations: Vec<Acceleration>,
    pub forbidden: Vec<ForbiddenGroup>,
    pub announced_byes: Vec<AnnouncedByes>,
    /// Lines the reader does not interpret (`013`, `###` comments, unknown codes), verbatim, in order.
    pub other_lines: Vec<String>,
    /// TRF-2026 tag 162 code `X`: points for an unknown result (e.g. an adjourned game). Kept
    /// only so that the file is written back as read; no result code of a round block uses it.
    #[serde(default)]
    pub unknown_result_points: Option<Points>,
}

impl TrfDocument {
    /// The player with starting-rank number `id`.
    pub fn player(&self, id: u32) -> Option<&PlayerRecord> {
        self.players.iter().find(|p| p.id == id)
    }

    /// The number of round blocks on the longest player line.
    pub fn rounds_in_file(&self) -> u32 {
        self.players.iter().map(|p| p.rounds.len() as u32).max().unwrap_or(0)
    }
}
