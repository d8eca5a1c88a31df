//! `lexpair results FILE --from RESULTS [--lineup LINEUPS]`: the results of a round entered by
//! board, written into the tournament file with the points updated (`lexpair::results`); for a
//! team file the line-ups of the round first, when given (`lexpair::results::seat`). Also the
//! reading of a line-up file for `pair --lineup` (`lexpair::team::lineups`).

use super::output::emit_replacing;
use super::Failure;
use clap::Args;
use lexpair::round::Event;
use lexpair::trf::{ReadOptions, TrfDocument};
use std::path::{Path, PathBuf};

#[derive(Args, Debug)]
pub struct ResultsArgs {
    /// The tournament with the round paired (as `pair --format trf` writes it).
    file: PathBuf,
    /// The results: a line per board, `BOARD RESULT` (`3 1-0`, `4 1/2`, `5 +-`, `6 --`); teams
    /// `MATCH.BOARD RESULT` or `MATCH R1 R2 ...`; Double-Swiss `MATCH.GAME RESULT` or `MATCH R1
    /// R2`. White's result first; `#` starts a comment. Boards as `pair --format list` numbers
    /// them.
    #[arg(long, value_name = "RESULTS", required_unless_present = "lineup")]
    from: Option<PathBuf>,
    /// Team files: the line-ups the teams fielded in the round, seated before the results are
    /// entered (a line per team: its pairing number, then its players' starting ranks, board 1
    /// first, 0 for a board left empty; docs/team.md, "Line-ups").
    #[arg(long, value_name = "LINEUPS")]
    lineup: Option<PathBuf>,
    /// The round (default: the last round paired; a Double-Swiss match round).
    #[arg(long)]
    round: Option<u32>,
    /// The tournament file to write (standard output when omitted); written whole or not at all,
    /// so it may be FILE itself.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

/// A text file read whole, refused unless UTF-8 (the line of the first bad byte named).
fn text_of(path: &Path) -> Result<String, Failure> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| Failure::File(format!("{name}: cannot read: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        Failure::Invalid(format!("{name}:{line}: not UTF-8 text"))
    })
}

/// The line-ups of a line-up file (`lexpair::team::lineups::parse`).
fn lineups_of(path: &Path) -> Result<Vec<lexpair::team::lineups::LineUp>, Failure> {
    lexpair::team::lineups::parse(&text_of(path)?, &path.display().to_string()).map_err(Failure::Invalid)
}

/// `pair --lineup FILE`: the line-ups of the round to pair given to the teams of `event`.
pub(super) fn apply_lineups(event: &mut Event, doc: &TrfDocument, path: &Path) -> Result<(), Failure> {
    let lineups = lineups_of(path)?;
    let name = path.display().to_string();
    match event {
        Event::Teams(t) => lexpair::team::lineups::apply(t, doc, &lineups, &name).map_err(Failure::Invalid),
        _ => Err(Failure::Invalid(format!("{name}: --lineup is for team files (310 records); this file is not one"))),
    }
}

pub fn run(a: ResultsArgs) -> Result<(), Failure> {
    for input in a.from.iter().chain(&a.lineup) {
        super::output::note_input(input);
    }
    if let Some(out) = a.output.as_deref().filter(|p| p.as_os_str() != "-" && *p != a.file.as_path()) {
        super::output::not_an_input(out)?;
    }
    let doc = super::input::read_trf(&a.file, &ReadOptions { check_scores: true })?;
    let round = a.round.unwrap_or_else(|| Event::next_round(&doc).saturating_sub(1));
    let in_file = |e: String| Failure::Invalid(lexpair::trf::in_file(a.file.display(), &e));
    let doc = match &a.lineup {
        Some(path) => {
            let lineups = lineups_of(path)?;
            let name = path.display().to_string();
            lexpair::results::seat(&doc, round, &lineups, &name).map_err(|e| {
                if e.starts_with(&name) {
                    Failure::Invalid(e)
                } else {
                    in_file(e)
                }
            })?
        }
        None => doc,
    };
    let out = match &a.from {
        Some(from) => {
            let name = from.display().to_string();
            let lines = lexpair::results::parse(&text_of(from)?, &name).map_err(Failure::Invalid)?;
            lexpair::results::enter(&doc, round, &lines, &name)
                .map_err(|e| Failure::Invalid(format!("{}: {e}", a.file.display())))?
        }
        None => doc,
    };
    let pending = lexpair::results::pending(&out, round);
    if !pending.is_empty() {
        eprintln!("lexpair: round {round}: still no result for board(s) {}", pending.join(", "));
    }
    emit_replacing(a.output.as_deref(), &lexpair::trf::write(&out, out.flavor))
}
