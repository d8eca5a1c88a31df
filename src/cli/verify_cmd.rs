//! `lexpair verify`: is a (hand-made) pairing legal, and is it as good as lexpair's?
//!
//! Exit 0 when no absolute rule is broken (the report says whether the pairing is as good as
//! lexpair's, or the first criterion where it is worse or better); exit 1 naming each broken rule;
//! exit 3 on a malformed pairs file (file, line, field); exit 5 when a file cannot be read.

use super::output::emit;
use super::{Failure, VerifyFormat};
use lexpair::options::PairOptions;
use lexpair::pairing::RoundPairing;
use lexpair::round::{Event, Field};
use lexpair::trf::ReadOptions;
use lexpair::verify::{self, Comparison, PairsFileError, Quality};
use lexpair::vocabulary::System;
use std::path::PathBuf;

#[derive(clap::Args, Debug)]
pub struct VerifyArgs {
    #[arg(long, short = 's', help = super::families::system_help())]
    system: String,
    /// The tournament before the round (TRF16 with extensions, or TRF-2026).
    file: PathBuf,
    /// The pairing: the engines' pairs format, or a TRF with the round written in.
    pairs: PathBuf,
    /// Round to check (default: the first round not paired yet in FILE).
    #[arg(long)]
    round: Option<u32>,
    #[arg(long, value_enum, default_value_t = VerifyFormat::Text)]
    format: VerifyFormat,
}

pub fn run(a: VerifyArgs) -> Result<(), Failure> {
    let system: System = a.system.parse().map_err(Failure::Invalid)?;
    let doc = super::input::read_trf(&a.file, &ReadOptions::default())?;
    let round = a.round.unwrap_or_else(|| Event::next_round(&doc));
    let event =
        Event::before_round(&doc, round).map_err(|e| Failure::Invalid(lexpair::trf::in_file(a.file.display(), &e)))?;
    let t = event.field();
    let pairing = verify::read_pairing(&a.pairs, t).map_err(|e| match e {
        PairsFileError::Io { .. } => Failure::File(e.to_string()),
        PairsFileError::Trf(e) => Failure::from(e),
        other => Failure::Invalid(other.to_string()),
    })?;
    let violations = match t {
        Field::Players(t) => verify::check(system, t, &pairing),
        Field::Teams(t) => verify::team::check(system, t, &pairing),
        Field::Double(t) => verify::double::check(system, t, &pairing),
    };
    if !violations.is_empty() {
        let text = match a.format {
            VerifyFormat::Json => json(&serde_json::json!({
                "system": system.name(), "round": t.round(), "legal": false, "violations": violations,
            }))?,
            VerifyFormat::Text => {
                let mut s =
                    format!("illegal: {} absolute rule(s) broken ({system}, round {})\n", violations.len(), t.round());
                for v in &violations {
                    s.push_str(&format!("  {v}\n"));
                }
                s
            }
        };
        emit(None, &text)?;
        return Err(Failure::NoPairing(format!("the pairing breaks {} absolute rule(s)", violations.len())));
    }
    let evaluate = |p: &RoundPairing| match t {
        Field::Players(t) => verify::evaluate(system, t, p),
        Field::Teams(t) => verify::team::evaluate(system, t, p),
        Field::Double(t) => verify::double::evaluate(system, t, p),
    };
    let mine = evaluate(&pairing);
    if mine.criteria.is_empty() {
        // The checker knows no quality criteria of this system (the whole field's are its
        // formulation file's own): legal is the whole answer.
        let text = match a.format {
            VerifyFormat::Json => json(&serde_json::json!({
                "system": system.name(), "round": t.round(), "legal": true, "violations": [],
                "comparison": null, "criteria": [],
            }))?,
            VerifyFormat::Text => format!(
                "legal: no absolute rule broken ({system}, round {})\nno quality criteria compared: the {system} \
                 system's are its formulation file's own\n",
                t.round()
            ),
        };
        return emit(None, &text);
    }
    let reference = lexpair_pairing(system, t)?;
    let theirs = evaluate(&reference);
    let cmp = verify::compare(&mine, &theirs);
    let text = match a.format {
        VerifyFormat::Json => json(&serde_json::json!({
            "system": system.name(), "round": t.round(), "legal": true, "violations": [],
            "comparison": cmp, "criteria": table_json(&mine, &theirs),
        }))?,
        VerifyFormat::Text => text_report(system, t.round(), &mine, &theirs, &cmp),
    };
    emit(None, &text)
}

/// lexpair's own pairing of the round, which passed the checker too.
fn lexpair_pairing(system: System, t: Field) -> Result<RoundPairing, Failure> {
    let round = lexpair::round::pair(t, system, &PairOptions::default()).map_err(|e| {
        Failure::Internal(format!("the pairing is legal but lexpair finds none to compare it with: {e}"))
    })?;
    Ok(round.pairing)
}

fn text_report(system: System, round: u32, mine: &Quality, theirs: &Quality, cmp: &Comparison) -> String {
    let mut s = format!("legal: no absolute rule broken ({system}, round {round})\n");
    s.push_str(&match cmp {
        Comparison::AsGood => "as good as lexpair's pairing on every criterion\n".to_string(),
        Comparison::Worse { criterion, article, value, reference } => format!(
            "worse than lexpair's pairing, first at {article} ({}): {} against {}\n",
            criterion.words(),
            criterion.show(value),
            criterion.show(reference)
        ),
        Comparison::Better { criterion, article, value, reference } => format!(
            "better than lexpair's pairing at {article} ({}) on the round-level value: {} against {} (the rules \
             compare bracket by bracket, top first)\n",
            criterion.words(),
            criterion.show(value),
            criterion.show(reference)
        ),
    });
    s.push_str("criteria (round level, priority order; fewer or lower is better): this pairing | lexpair\n");
    for (a, b) in mine.criteria.iter().zip(&theirs.criteria) {
        let mark = if a.value == b.value { " " } else { "*" };
        s.push_str(&format!(
            "{mark} {:<32} {:<50} {} | {}\n",
            a.article,
            a.criterion.words(),
            a.criterion.show(&a.value),
            b.criterion.show(&b.value)
        ));
    }
    s
}

fn table_json(mine: &Quality, theirs: &Quality) -> serde_json::Value {
    mine.criteria
        .iter()
        .zip(&theirs.criteria)
        .map(|(a, b)| {
            serde_json::json!({ "criterion": a.criterion, "article": a.article, "value": a.value, "lexpair": b.value })
        })
        .collect()
}

fn json(v: &serde_json::Value) -> Result<String, Failure> {
    Ok(format!("{}\n", serde_json::to_string_pretty(v).map_err(|e| Failure::Internal(e.to_string()))?))
}
