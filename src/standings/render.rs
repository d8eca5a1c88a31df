//! Standings as an arbiter publishes them: an aligned text table, CSV, JSON, a self-contained
//! printable HTML page, and the tournament file with its ranks and its `212` record written
//! back.
//!
//! Numbers are printed as the tie-break counts them: whole numbers for counts, ratings and
//! places, averages of Buchholz and the schedule strength with two decimals, every other value
//! with the decimals it needs (at most two).

use super::code::{Kind, TieBreak};
use super::field::EventKind;
use super::{Row, Standings, Value};
use crate::trf::TrfDocument;

/// The decimals `tb`'s values are printed with: `None` for as many as they need (at most 2).
fn decimals(tb: &TieBreak) -> Option<u32> {
    match tb.kind {
        Kind::AverageOpponentsBuchholz | Kind::ScheduleStrength => Some(2),
        _ => None,
    }
}

/// A value as a table prints it ("" for none).
pub fn cell(tb: &TieBreak, v: Option<Value>) -> String {
    match (v, decimals(tb)) {
        (None, _) => String::new(),
        (Some(v), Some(d)) => v.format(d),
        (Some(v), None) => v.format(v.natural_decimals(2)),
    }
}

/// A value as CSV writes it: exact where four decimals hold it, else rounded to four.
fn csv_cell(v: Option<Value>) -> String {
    v.map(|v| v.format(v.natural_decimals(4))).unwrap_or_default()
}

fn score_heading(s: &Standings) -> &'static str {
    match s.kind {
        EventKind::Individual => "Pts",
        _ => match s.score.score {
            Some(super::ScoreKind::Game) => "GP",
            Some(super::ScoreKind::Match) => "MP",
            None if s.kind == EventKind::DoubleSwiss => "GP",
            None => "Pts",
        },
    }
}

/// The lines above the table: event, round, edition, list.
fn header_lines(s: &Standings) -> Vec<String> {
    let of = s.rounds.map(|n| format!(" of {n}")).unwrap_or_default();
    let what = match s.kind {
        EventKind::Individual => "round",
        EventKind::Team => "round",
        EventKind::DoubleSwiss => "match round",
    };
    let mut lines = Vec::new();
    let title = if s.event.is_empty() { "Standings".to_string() } else { format!("{}: standings", s.event) };
    lines.push(format!("{title} after {what} {}{of}", s.round));
    let mut rules = s.edition_reason.clone();
    if s.pre_determined {
        rules.push_str("; pre-determined pairings (C.07 15.2)");
    }
    if let Some(r) = s.unrated_rating {
        rules.push_str(&format!("; unrated players rated {r} (C.07 10)"));
    }
    lines.push(rules);
    let list: Vec<String> = std::iter::once(&s.score).chain(&s.tiebreaks).map(TieBreak::heading).collect();
    lines.push(format!("Ranking: {} ({})", list.join(", "), s.list_source));
    lines
}

/// The standings as an aligned text table.
pub fn text(s: &Standings) -> String {
    use std::fmt::Write;
    let team = s.kind == EventKind::Team;
    let rows = &s.rows;
    let width = |f: &dyn Fn(&Row) -> String, head: &str| {
        rows.iter().map(|r| f(r).chars().count()).max().unwrap_or(0).max(head.len())
    };
    let name_w = width(&|r| r.name.clone(), if team { "Team" } else { "Name" });
    let title_w = width(&|r| r.title.clone(), "Tit");
    let fed_w = width(&|r| r.federation.clone(), "Fed");
    let id_w = width(&|r| r.fide_id.clone(), "FIDE ID");
    let tb_w: Vec<usize> = s
        .tiebreaks
        .iter()
        .enumerate()
        .map(|(k, tb)| width(&|r| cell(tb, r.tiebreaks[k]), &tb.heading()).max(5))
        .collect();
    let mut out = String::new();
    for line in header_lines(s) {
        out.push_str(&line);
        out.push('\n');
    }
    out.push('\n');
    let _ = write!(out, "{:>4} {:>5}", "Rk", if team { "No" } else { "SNo" });
    if !team {
        let _ = write!(out, "  {:<title_w$}", "Tit");
    }
    let _ = write!(out, "  {:<name_w$}", if team { "Team" } else { "Name" });
    if !team {
        let _ = write!(out, "  {:<fed_w$}  {:<id_w$}", "Fed", "FIDE ID");
    }
    let _ = write!(out, "  {:>5}", if team { "Str" } else { "Rtg" });
    match s.kind {
        EventKind::Individual => {
            let _ = write!(out, " {:>6}", score_heading(s));
        }
        _ => {
            let _ = write!(out, " {:>6} {:>6}", "MP", "GP");
        }
    }
    for (tb, w) in s.tiebreaks.iter().zip(&tb_w) {
        let _ = write!(out, " {:>w$}", tb.heading());
    }
    out.push('\n');
    let mut last = 0;
    for r in rows {
        let rank = if r.rank == last { String::new() } else { r.rank.to_string() };
        last = r.rank;
        let _ = write!(out, "{rank:>4} {:>5}", r.id);
        if !team {
            let _ = write!(out, "  {:<title_w$}", r.title);
        }
        let _ = write!(out, "  {:<name_w$}", r.name);
        if !team {
            let _ = write!(out, "  {:<fed_w$}  {:<id_w$}", r.federation, r.fide_id);
        }
        let _ = write!(out, "  {:>5}", r.rating.map(|x| x.to_string()).unwrap_or_default());
        match s.kind {
            EventKind::Individual => {
                let _ = write!(out, " {:>6}", r.points);
            }
            _ => {
                let show = |v: Option<Value>| v.map(|v| v.to_string()).unwrap_or_default();
                let _ = write!(out, " {:>6} {:>6}", show(r.match_points), show(r.game_points));
            }
        }
        for ((tb, v), w) in s.tiebreaks.iter().zip(&r.tiebreaks).zip(&tb_w) {
            let _ = write!(out, " {:>w$}", cell(tb, *v));
        }
        out.push('\n');
    }
    out
}

fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The standings as CSV: rank, id, title, name, federation, FIDE id, rating, points (match and
/// game points for teams and Double-Swiss), then one column per tie-break (its TRF-2026 code).
pub fn csv(s: &Standings) -> String {
    let mut out = String::from("rank,id,title,name,federation,fide_id,rating,points");
    let both = s.kind != EventKind::Individual;
    if both {
        out.push_str(",match_points,game_points");
    }
    for tb in &s.tiebreaks {
        out.push(',');
        out.push_str(&csv_field(&tb.code()));
    }
    out.push('\n');
    for r in &s.rows {
        let rating = r.rating.map(|x| x.to_string()).unwrap_or_default();
        out.push_str(&format!(
            "{},{},{},{},{},{},{},{}",
            r.rank,
            r.id,
            csv_field(&r.title),
            csv_field(&r.name),
            csv_field(&r.federation),
            csv_field(&r.fide_id),
            rating,
            csv_cell(Some(r.points))
        ));
        if both {
            out.push_str(&format!(",{},{}", csv_cell(r.match_points), csv_cell(r.game_points)));
        }
        for v in &r.tiebreaks {
            out.push(',');
            out.push_str(&csv_cell(*v));
        }
        out.push('\n');
    }
    out
}

/// The standings as JSON: the list (`tiebreaks`: codes), the edition and the lines
/// (`standings`: `rank`, `id`, `points`, `tiebreaks` in the order of the list, and the rest).
pub fn json(s: &Standings) -> Result<String, serde_json::Error> {
    let v = serde_json::json!({
        "event": s.event,
        "kind": s.kind,
        "round": s.round,
        "rounds": s.rounds,
        "rules": s.edition.year(),
        "rules_reason": s.edition_reason,
        "pre_determined": s.pre_determined,
        "unrated_rating": s.unrated_rating,
        "list_source": s.list_source,
        "score": s.score,
        "tiebreaks": s.tiebreaks,
        "standings": s.rows,
    });
    Ok(format!("{}\n", serde_json::to_string_pretty(&v)?))
}

fn html_escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The tie-break's full name in C.07.
fn long_name(tb: &TieBreak) -> &'static str {
    match tb.kind {
        Kind::Points => "points",
        Kind::OtherScore => "match points or game points (the other score)",
        Kind::DirectEncounter => "direct encounter",
        Kind::ExtendedDirectEncounter(_) => "extended direct encounter",
        Kind::Wins => "number of wins",
        Kind::GamesWon => "number of games won",
        Kind::BlackGames => "games played with Black",
        Kind::BlackWins => "games won with Black",
        Kind::ProgressiveScores => "progressive scores",
        Kind::RoundsElected => "rounds one elected to play",
        Kind::StandardPoints => "standard points",
        Kind::PairingNumber => "tournament pairing number",
        Kind::Buchholz => "Buchholz",
        Kind::AverageOpponentsBuchholz => "average of opponents' Buchholz",
        Kind::ForeBuchholz => "Fore Buchholz",
        Kind::SonnebornBerger => "Sonneborn-Berger",
        Kind::Koya => "Koya system",
        Kind::AverageRating => "average rating of opponents",
        Kind::PerformanceRating => "tournament performance rating",
        Kind::PerfectPerformance => "perfect tournament performance",
        Kind::AveragePerformance => "average performance rating of opponents",
        Kind::AveragePerfectPerformance => "average perfect performance of opponents",
        Kind::Rating => "rating",
        Kind::BoardCount => "board count",
        Kind::TopBoard => "top board results",
        Kind::BottomBoardElimination => "bottom board elimination",
        Kind::ExtendedSonnebornBerger(..) => "extended Sonneborn-Berger",
        Kind::ScheduleStrength => "scores and schedule strength combination",
    }
}

/// The standings as one self-contained HTML page (no script, no file beside it), laid out to
/// print on A4: portrait, landscape when more than six tie-breaks need the width; one line per
/// participant, the header repeated on every page.
pub fn html(s: &Standings) -> String {
    let team = s.kind == EventKind::Team;
    let lines = header_lines(s);
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    out.push_str(&format!("<title>{}</title>\n", html_escape(&lines[0])));
    out.push_str(
        "<style>\n\
         body { font-family: 'DejaVu Sans', Arial, sans-serif; margin: 2em; color: #111; }\n\
         h1 { font-size: 1.4em; margin-bottom: 0.2em; }\n\
         p.rules { color: #444; margin-top: 0; font-size: 0.9em; }\n\
         table { border-collapse: collapse; font-size: 0.9em; }\n\
         th, td { padding: 0.25em 0.6em; border-bottom: 1px solid #ddd; white-space: nowrap; }\n\
         th { background: #f0f0f0; border-bottom: 2px solid #888; text-align: right; }\n\
         th.l, td.l { text-align: left; }\n\
         td { text-align: right; font-variant-numeric: tabular-nums; }\n\
         tr.tie td.rank { color: #888; }\n\
         tbody tr:nth-child(even) { background: #fafafa; }\n\
         dl { font-size: 0.85em; color: #333; columns: 2; }\n\
         dt { font-weight: bold; float: left; clear: left; width: 6.5em; }\n\
         dd { margin-left: 7em; }\n\
         @media print { body { margin: 0; } table { font-size: 7.5pt; } th, td { padding: 0.15em 0.4em; }\n\
           th { background: #eee; -webkit-print-color-adjust: exact; print-color-adjust: exact; }\n\
           tr { page-break-inside: avoid; } thead { display: table-header-group; } }\n",
    );
    let orientation = if s.tiebreaks.len() > 6 { "landscape" } else { "portrait" };
    out.push_str(&format!("@page {{ size: A4 {orientation}; margin: 12mm; }}\n</style>\n</head>\n<body>\n"));
    out.push_str(&format!("<h1>{}</h1>\n", html_escape(&lines[0])));
    for line in &lines[1..] {
        out.push_str(&format!("<p class=\"rules\">{}</p>\n", html_escape(line)));
    }
    out.push_str("<table>\n<thead><tr><th>Rk</th>");
    out.push_str(if team { "<th>No</th><th class=\"l\">Team</th>" } else { "<th>SNo</th><th class=\"l\">Title</th><th class=\"l\">Name</th><th class=\"l\">Fed</th><th class=\"l\">FIDE ID</th>" });
    out.push_str(if team { "<th>Str</th>" } else { "<th>Rtg</th>" });
    match s.kind {
        EventKind::Individual => out.push_str(&format!("<th>{}</th>", score_heading(s))),
        _ => out.push_str("<th>MP</th><th>GP</th>"),
    }
    for tb in &s.tiebreaks {
        out.push_str(&format!("<th title=\"{}\">{}</th>", html_escape(long_name(tb)), html_escape(&tb.heading())));
    }
    out.push_str("</tr></thead>\n<tbody>\n");
    let mut last = 0;
    for r in &s.rows {
        let tie = r.rank == last;
        last = r.rank;
        out.push_str(if tie { "<tr class=\"tie\">" } else { "<tr>" });
        out.push_str(&format!(
            "<td class=\"rank\">{}</td><td>{}</td>",
            if tie { String::new() } else { r.rank.to_string() },
            r.id
        ));
        if !team {
            out.push_str(&format!("<td class=\"l\">{}</td>", html_escape(&r.title)));
        }
        out.push_str(&format!("<td class=\"l\">{}</td>", html_escape(&r.name)));
        if !team {
            out.push_str(&format!(
                "<td class=\"l\">{}</td><td class=\"l\">{}</td>",
                html_escape(&r.federation),
                html_escape(&r.fide_id)
            ));
        }
        out.push_str(&format!("<td>{}</td>", r.rating.map(|x| x.to_string()).unwrap_or_default()));
        match s.kind {
            EventKind::Individual => out.push_str(&format!("<td>{}</td>", r.points)),
            _ => out.push_str(&format!(
                "<td>{}</td><td>{}</td>",
                r.match_points.map(|v| v.to_string()).unwrap_or_default(),
                r.game_points.map(|v| v.to_string()).unwrap_or_default()
            )),
        }
        for (tb, v) in s.tiebreaks.iter().zip(&r.tiebreaks) {
            out.push_str(&format!("<td>{}</td>", cell(tb, *v)));
        }
        out.push_str("</tr>\n");
    }
    out.push_str("</tbody>\n</table>\n<dl>\n");
    for tb in std::iter::once(&s.score).chain(&s.tiebreaks) {
        out.push_str(&format!(
            "<dt>{}</dt><dd>{} (C.07 {})</dd>\n",
            html_escape(&tb.heading()),
            html_escape(long_name(tb)),
            tb.kind.article()
        ));
    }
    out.push_str("</dl>\n<p class=\"rules\">Made by lexpair ");
    out.push_str(crate::VERSION);
    out.push_str(".</p>\n</body>\n</html>\n");
    out
}

/// `doc` with the standings written back: every player's (team's) rank (`001` columns 86-89,
/// `310` columns 69-71) and the list of tie-breaks in a `212` record (the score first).
pub fn trf(doc: &TrfDocument, s: &Standings) -> String {
    let mut out = doc.clone();
    let rank_of = |id: u32| s.rows.iter().find(|r| r.id == id).map(|r| r.rank);
    match s.kind {
        EventKind::Team => {
            for t in &mut out.teams {
                t.rank = rank_of(t.tpn);
            }
        }
        _ => {
            for p in &mut out.players {
                p.rank = rank_of(p.id);
            }
        }
    }
    let list: Vec<String> = std::iter::once(&s.score).chain(&s.tiebreaks).map(TieBreak::code).collect();
    let record = crate::trf::Tag { code: "212".into(), value: list.join(",") };
    match out.tags.iter_mut().find(|t| t.code == "212") {
        Some(t) => *t = record,
        None => {
            let at = out.tags.iter().position(|t| t.code.as_str() > "212").unwrap_or(out.tags.len());
            out.tags.insert(at, record);
        }
    }
    crate::trf::write(&out, out.flavor)
}
