//! The reader's state, the dispatch of each line on its data-identification number (columns
//! 1-3), and the end of the file: the whole-file checks in order, then the document.

use super::accelerations::{expand_accelerations, AccelerationRange};
use super::line::{is_tag, Line};
use super::point_state::PointState;
use super::ReadOptions;
use crate::trf::{TeamAcceleration, TrfDocument, TrfError, TrfFlavor};
use std::collections::HashMap;

/// What an id named outside the player section must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum IdKind {
    /// A player (`001` line): XXA, XXP, XXZ, the players of a `300` record.
    Player,
    /// A team in a team file, a player otherwise: `240` and `260` records.
    Participant,
    /// A bound of a `250` range: a team in a team file, anything from 1 to 9999 otherwise.
    RangeBound,
    /// A team (`310` record or `013` line): the teams of `320`, `330` and `300` records.
    Team,
}

/// An id named outside the player section, checked once all players and teams are known.
pub(super) struct IdReference {
    pub(super) line: usize,
    pub(super) col: usize,
    pub(super) field: String,
    pub(super) id: u32,
    pub(super) kind: IdKind,
}

/// One fact as a line stated it.
pub(super) struct Statement {
    pub(super) fact: &'static str,
    pub(super) value: String,
    pub(super) line: usize,
    pub(super) column: usize,
    pub(super) field: String,
}

/// One kind of warning: its first line, how many lines it concerns, and what it says.
pub(super) struct Unread {
    pub(super) key: String,
    pub(super) line: usize,
    pub(super) count: usize,
    pub(super) field: String,
    pub(super) message: String,
}

/// The state of a reading: the document so far, and what is checked once the file is read.
pub(super) struct Reader<'a> {
    pub(super) file: &'a str,
    pub(super) doc: TrfDocument,
    /// Player id → index in `doc.players`.
    pub(super) index: HashMap<u32, usize>,
    pub(super) points: PointState,
    /// A TRF-2026-only tag or record was seen (142, 152, 162, 240, 250, 260, 299, 300, 310, 320,
    /// 330).
    pub(super) trf26: bool,
    /// The `250` records as read; player ranges in an individual file, team ranges in a team file.
    pub(super) records250: Vec<TeamAcceleration>,
    pub(super) references: Vec<IdReference>,
    /// The line and field of the last XXR / 142 tag read.
    pub(super) total_rounds_at: Option<(usize, &'static str)>,
    /// The first team record: whether it was a `013` line, and its line number.
    pub(super) first_team: Option<(bool, usize)>,
    /// The line of the `320` record.
    pub(super) pab_at: Option<usize>,
    /// The line of the last `352` tag.
    pub(super) board_colours_at: Option<usize>,
    /// The line of the `192` tag.
    pub(super) tournament_type_at: Option<usize>,
    /// The kinds of lines read but not used, for the warnings (`unread`).
    pub(super) unread: Vec<Unread>,
    /// The facts stated so far, each with its line (`reconcile`).
    pub(super) stated: Vec<Statement>,
    /// The line of each of `doc.announced_byes` (`240`, `XXZ`).
    pub(super) bye_lines: Vec<usize>,
}

impl<'a> Reader<'a> {
    pub(super) fn new(file: &'a str) -> Reader<'a> {
        Reader {
            file,
            doc: TrfDocument::default(),
            index: HashMap::new(),
            points: PointState::default(),
            trf26: false,
            records250: Vec::new(),
            references: Vec::new(),
            total_rounds_at: None,
            first_team: None,
            pab_at: None,
            board_colours_at: None,
            tournament_type_at: None,
            unread: Vec::new(),
            stated: Vec::new(),
            bye_lines: Vec::new(),
        }
    }

    pub(super) fn error(
        &self,
        line: usize,
        column: usize,
        field: impl Into<String>,
        message: impl Into<String>,
    ) -> TrfError {
        TrfError { file: self.file.to_string(), line, column, field: field.into(), message: message.into() }
    }

    /// Dispatches on the data-identification number in columns 1-3.
    pub(super) fn read_line(&mut self, line: &Line) -> Result<(), TrfError> {
        if line.is_blank() {
            return Ok(());
        }
        let Some(code) = self.record_code(line)? else {
            self.unread_line(line, "ruler");
            return Ok(());
        };
        match code.as_str() {
            "001" => self.player(line),
            "XXR" => self.rounds_tag(line, "XXR"),
            "XXC" => self.xxc(line),
            "XXS" => self.xxs(line),
            "XXA" => self.xxa(line),
            "XXP" => self.xxp(line),
            "XXZ" => self.xxz(line),
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => self.bb(line, &code),
            "142" | "152" | "162" | "240" | "250" | "260" => {
                self.trf26 = true;
                self.trf26_line(line, &code)
            }
            "310" | "320" | "330" | "300" | "299" => {
                self.trf26 = true;
                self.team_line(line, &code)
            }
            "013" => self.record013(line),
            "192" => {
                let code = line.field(4, usize::MAX).trim().to_string();
                self.state("the type of tournament", code.clone(), (line.no, 5), "192 tournament type")?;
                self.doc.tournament_type = Some(code);
                self.tournament_type_at.get_or_insert(line.no);
                Ok(())
            }
            "352" => self.tag352(line),
            // TRF-2026's informative team records, kept as written: `802` ends in 2 like a
            // tournament-section tag, but is not one.
            "801" | "802" => {
                self.unread_line(line, &code);
                Ok(())
            }
            "362" => self.tag362(line),
            _ if is_tag(line) => {
                self.tag(line, code);
                Ok(())
            }
            _ => {
                self.unread_line(line, &code);
                Ok(())
            }
        }
    }

    fn trf26_line(&mut self, line: &Line, code: &str) -> Result<(), TrfError> {
        match code {
            "142" => self.rounds_tag(line, "142 number of rounds"),
            "152" => self.tag152(line),
            "162" => self.tag162(line),
            "240" => self.record240(line),
            "250" => self.record250(line),
            _ => self.record260(line),
        }
    }

    /// `XXR n` / `142 n`: the number of rounds, stated once (or alike).
    fn rounds_tag(&mut self, line: &Line, field: &'static str) -> Result<(), TrfError> {
        let n = self.round_count(line, field)?;
        self.state("the number of rounds", format!("{n} rounds"), (line.no, 5), field)?;
        self.doc.total_rounds = Some(n);
        self.total_rounds_at.get_or_insert((line.no, field));
        Ok(())
    }

    fn team_line(&mut self, line: &Line, code: &str) -> Result<(), TrfError> {
        match code {
            "310" => self.record310(line),
            "320" => self.record320(line),
            "330" => self.record330(line),
            "300" => self.record300(line),
            _ => self.record299(line),
        }
    }

    /// Runs the whole-file checks and completes the document.
    pub(super) fn finish(mut self, opts: &ReadOptions) -> Result<TrfDocument, TrfError> {
        self.check_starting_ranks()?;
        self.check_teams()?;
        self.check_references()?;
        self.check_pairings()?;
        self.check_total_rounds()?;
        self.reconcile()?;
        let records250 = std::mem::take(&mut self.records250);
        if self.doc.is_team_file() {
            self.doc.team_accelerations = records250;
        } else {
            let mut ids: Vec<u32> = self.doc.players.iter().map(|p| p.id).collect();
            ids.sort_unstable();
            let ranges: Vec<AccelerationRange> = records250
                .iter()
                .map(|r| AccelerationRange { points: r.game_points, rounds: r.rounds, players: r.teams })
                .collect();
            let expanded = expand_accelerations(&ranges, &ids);
            self.doc.accelerations.extend(expanded);
        }
        self.doc.point_system = self.points.system;
        if crate::double::encoding::is_double_swiss(&self.doc) && !self.points.pab_stated {
            // C.04.5 1.4: a match's pairing-allocated bye is a game won and a game drawn.
            self.doc.point_system.pairing_bye = crate::double::encoding::default_pab_points(&self.doc.point_system);
        }
        if opts.check_scores {
            self.check_scores()?;
        }
        if self.trf26 {
            self.doc.flavor = TrfFlavor::Trf26;
        }
        self.doc.notes.warnings = self.warnings();
        self.doc.notes.total_rounds_at = self.total_rounds_at.map(|(line, field)| (line, field.to_string()));
        Ok(self.doc)
    }
}
