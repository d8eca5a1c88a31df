//! `lexpair standings FILE`: the standings of an event under FIDE's Tie-Break Regulations
//! (C.07), for players, teams and Double-Swiss players (`lexpair::standings`).

use super::output::emit;
use super::Failure;
use clap::{Args, ValueEnum};
use lexpair::standings::{render, Edition, Options, TieBreak};
use lexpair::trf::ReadOptions;
use std::path::PathBuf;

#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum StandingsFormat {
    /// An aligned table.
    Text,
    /// CSV, one column per tie-break (its code).
    Csv,
    /// JSON.
    Json,
    /// A self-contained printable HTML page.
    Html,
    /// The tournament file with the ranks and a `212` record written back.
    Trf,
}

#[derive(Args, Debug)]
pub struct StandingsArgs {
    /// The tournament (TRF16 or TRF-2026): the rounds recorded in it are ranked.
    file: PathBuf,
    /// Tie-breaks after the score, in order, as TRF-2026 writes them (`BH/C1,BH,SB,DE,WIN`;
    /// `BH:GP`, `EMGSB/C1`, `ARO/M2`, `KS/L-1`; the text's `BH-C1` and any case too). A list
    /// starting with PTS, MPTS or GPTS ranks by that score first. Default: the file's 212 (or
    /// 202) record, else BH/C1,BH,SB,DE,WIN (teams: MPVGP,EDE,BH/C1,BH,SB,WIN).
    #[arg(long, value_name = "LIST")]
    tiebreaks: Option<String>,
    /// The edition of C.07: 2024 (the rules until 28 February 2026) or 2026. Default: the one in
    /// force when the event started (record 042), the 2026 rules when the file has no start date.
    #[arg(long, value_name = "2024|2026")]
    rules: Option<String>,
    /// The rating the tournament's regulations give unrated players (C.07 Article 10): needed
    /// by ARO, TPR, PTP, APRO, APPO and RTNG when a player is unrated.
    #[arg(long, value_name = "R")]
    unrated_rating: Option<u32>,
    /// Pre-determined pairings (a round robin, C.07 15.2): forfeits count as games. Default: read
    /// from the tournament type (192, 092).
    #[arg(long, conflicts_with = "swiss")]
    pre_determined: bool,
    /// A Swiss event even if its tournament type names a round robin (Article 16 applies).
    #[arg(long)]
    swiss: bool,
    /// Standings after this round (a match round in a Double-Swiss file). Default: the last
    /// round paired.
    #[arg(long, value_name = "N")]
    round: Option<u32>,
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
    let tiebreaks = match &a.tiebreaks {
        Some(list) => Some(TieBreak::parse_list(list).map_err(|e| Failure::Invalid(format!("--tiebreaks: {e}")))?),
        None => None,
    };
    let edition = match &a.rules {
        Some(r) => Some(r.parse::<Edition>().map_err(|e| Failure::Invalid(format!("--rules: {e}")))?),
        None => None,
    };
    let options = Options {
        tiebreaks,
        edition,
        unrated_rating: a.unrated_rating,
        pre_determined: if a.pre_determined {
            Some(true)
        } else if a.swiss {
            Some(false)
        } else {
            None
        },
        round: a.round,
    };
    let table = lexpair::standings::compute(&doc, &options)
        .map_err(|e| Failure::Invalid(format!("{}: {e}", a.file.display())))?;
    let text = match a.format {
        StandingsFormat::Text => render::text(&table),
        StandingsFormat::Csv => render::csv(&table),
        StandingsFormat::Json => render::json(&table).map_err(|e| Failure::Internal(e.to_string()))?,
        StandingsFormat::Html => render::html(&table),
        StandingsFormat::Trf => render::trf(&doc, &table),
    };
    emit(a.output.as_deref(), &text)
}
