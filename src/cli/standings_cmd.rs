//! `lexpair standings FILE`: final standings with the FIDE tie-breaks (`lexpair::standings`):
//! players, teams (`standings::team`) and Double-Swiss players (`standings::double`).

use super::output::emit;
use super::Failure;
use clap::{Args, ValueEnum};
use lexpair::standings::{render_csv, render_text, standings, TieBreak};
use lexpair::trf::ReadOptions;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    Text,
    Csv,
    Json,
}

#[derive(Args, Debug)]
pub struct StandingsArgs {
    /// The tournament (TRF16 or TRF-2026): the rounds recorded in it are ranked.
    file: PathBuf,
    /// Tie-breaks after points, in order: bh-c1, bh, sb, de, win, aro, and for teams and
    /// Double-Swiss gp, mp (comma-separated). Default: bh-c1,bh,sb,de,win,aro; for a team file
    /// gp,de,bh-c1,bh,sb,win after the primary score (match points unless 192 says otherwise).
    /// A Double-Swiss file (192 FIDE_DOUBLESWISS) is ranked by game points and shows the match
    /// points and the matches played.
    #[arg(long, value_name = "LIST")]
    tiebreaks: Option<String>,
    #[arg(long, value_enum, default_value_t = StandingsFormat::Text)]
    format: StandingsFormat,
    /// Output file (standard output when omitted); written only when complete.
    #[arg(short = 'o', long)]
    output: Option<PathBuf>,
    /// Skip the score-column check of the TRF reader.
    #[arg(long)]
    no_score_check: bool,
}

pub fn run(a: StandingsArgs) -> Result<(), Failure> {
    let opts = ReadOptions { check_scores: !a.no_score_check };
    let doc = super::input::read_trf(&a.file, &opts)?;
    let order = match &a.tiebreaks {
        Some(list) => TieBreak::parse_list(list).map_err(|e| Failure::Invalid(format!("--tiebreaks: {e}")))?,
        None if doc.is_team_file() => TieBreak::TEAM_DEFAULT.to_vec(),
        None => TieBreak::DEFAULT.to_vec(),
    };
    if lexpair::double::encoding::is_double_swiss(&doc) {
        return double(&a, &doc, &order);
    }
    let rows =
        if doc.is_team_file() { lexpair::standings::team::standings(&doc, &order) } else { standings(&doc, &order) }
            .map_err(|e| Failure::Invalid(format!("{}: {e}", a.file.display())))?;
    let text = match a.format {
        StandingsFormat::Text => render_text(&rows, &order),
        StandingsFormat::Csv => render_csv(&rows, &order),
        StandingsFormat::Json => {
            let keys: Vec<&str> = order.iter().map(|t| t.key()).collect();
            let v = serde_json::json!({ "tiebreaks": keys, "standings": rows });
            format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?)
        }
    };
    emit(a.output.as_deref(), &text)
}

/// The standings of a Double-Swiss file (C.04.5): game points, match points, matches played,
/// then the tie-breaks.
fn double(a: &StandingsArgs, doc: &lexpair::trf::TrfDocument, order: &[TieBreak]) -> Result<(), Failure> {
    use lexpair::standings::double;
    let rows = double::standings(doc, order).map_err(|e| Failure::Invalid(format!("{}: {e}", a.file.display())))?;
    let text = match a.format {
        StandingsFormat::Text => double::render_text(&rows, order),
        StandingsFormat::Csv => double::render_csv(&rows, order),
        StandingsFormat::Json => {
            let keys: Vec<&str> = order.iter().map(|t| t.key()).collect();
            let v = serde_json::json!({ "tiebreaks": keys, "standings": rows });
            format!("{}\n", serde_json::to_string_pretty(&v).map_err(|e| Failure::Internal(e.to_string()))?)
        }
    };
    emit(a.output.as_deref(), &text)
}
