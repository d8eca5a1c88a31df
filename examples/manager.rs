//! A tournament manager's round through lexpair's public API, as a program that embeds lexpair
//! would run it: read the tournament, pair the next round, post the list, take the results,
//! save the file, print the standings.
//!
//! ```sh
//! cargo run --release --example manager -- examples/open-r5.trf [SYSTEM] [OUT.trf]
//! ```
//!
//! The results stand in for what an arbiter types: here the higher-rated player wins and equal
//! ratings draw, written in the results-file form `lexpair results --from` reads (`board
//! result`, White's result first). Every error is printed with the file it concerns and the
//! program exits non-zero; nothing is written unless the whole round went through.

use lexpair::prelude::*;
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("manager: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(args: &[String]) -> Result<(), String> {
    let path = args.first().ok_or("usage: manager FILE.trf [SYSTEM] [OUT.trf]")?;
    let system: System = args.get(1).map_or("dutch-2026", String::as_str).parse()?;
    let doc = read_file(path.as_ref(), &ReadOptions::default()).map_err(|e| e.to_string())?;

    // The round to pair, the state before it, the pairing (checked by the independent judge
    // inside `pair`: an illegal pairing is never returned).
    let number = Event::next_round(&doc);
    let event = Event::before_round(&doc, number).map_err(|e| format!("{path}: {e}"))?;
    let round = pair(&event, system, &PairOptions::default()).map_err(|e| format!("{path}: {e}"))?;
    let field = event.field();

    // The list to post.
    let list = pairing_list(field, &doc, &round.pairing);
    print!("{}", lexpair::lists::text(&list, system.name()));

    // The results, board by board, as the arbiter would type them.
    let doc = field.into_document(&round.pairing, &doc);
    let typed: String = list
        .tables
        .iter()
        .map(|t| {
            let result = match t.white.rating.unwrap_or(0).cmp(&t.black.rating.unwrap_or(0)) {
                std::cmp::Ordering::Greater => "1-0",
                std::cmp::Ordering::Less => "0-1",
                std::cmp::Ordering::Equal => "1/2",
            };
            format!("{} {result}\n", t.number)
        })
        .collect();
    let lines = parse_results(&typed, "results")?;
    let doc = enter_results(&doc, number, &lines, "results")?;

    // The file saved (when asked), then the standings after the round.
    if let Some(out) = args.get(2) {
        std::fs::write(out, write_trf(&doc, doc.flavor)).map_err(|e| format!("{out}: {e}"))?;
    }
    let table = standings(&doc, &StandingsOptions::default())?;
    print!("\n{}", lexpair::standings::render::text(&table));
    Ok(())
}
