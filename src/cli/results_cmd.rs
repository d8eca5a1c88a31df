//! `lexpair results FILE --from RESULTS`: the results of a round entered by board, written into
//! the tournament file with the points updated (`lexpair::results`).

use super::output::emit_replacing;
use super::Failure;
use clap::Args;
use lexpair::trf::ReadOptions;
use std::path::PathBuf;

#[derive(Args, Debug)]
pub struct ResultsArgs {
    /// The tournament with the round paired (as `pair --format trf` writes it).
    file: PathBuf,
    /// The results: a line per board, `BOARD RESULT` (`3 1-0`, `4 1/2`, `5 +-`, `6 --`); teams
    /// `MATCH.BOARD RESULT` or `MATCH R1 R2 ...`; Double-Swiss `MATCH.GAME RESULT` or `MATCH R1
    /// R2`. White's result first; `#` starts a comment. Boards as `pair --format list` numbers
    /// them.
    #[arg(long, value_name = "RESULTS")]
    from: PathBuf,
    /// The round (default: the last round paired; a Double-Swiss match round).
    #[arg(long)]
    round: Option<u32>,
    /// The tournament file to write (standard output when omitted); written whole or not at all,
    /// so it may be FILE itself.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
}

pub fn run(a: ResultsArgs) -> Result<(), Failure> {
    let doc = super::input::read_trf(&a.file, &ReadOptions { check_scores: true })?;
    let name = a.from.display().to_string();
    let bytes = std::fs::read(&a.from).map_err(|e| Failure::File(format!("{name}: cannot read: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        let upto = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = upto.iter().filter(|&&b| b == b'\n').count() + 1;
        Failure::Invalid(format!("{name}:{line}: not UTF-8 text"))
    })?;
    let lines = lexpair::results::parse(&text, &name).map_err(Failure::Invalid)?;
    let round = a.round.unwrap_or_else(|| lexpair::round::Event::next_round(&doc).saturating_sub(1));
    let out = lexpair::results::enter(&doc, round, &lines, &name)
        .map_err(|e| Failure::Invalid(format!("{}: {e}", a.file.display())))?;
    let pending = lexpair::results::pending(&out, round);
    if !pending.is_empty() {
        eprintln!("lexpair: round {round}: still no result for board(s) {}", pending.join(", "));
    }
    emit_replacing(a.output.as_deref(), &lexpair::trf::write(&out, out.flavor))
}
