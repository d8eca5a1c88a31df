//! The pairing list an arbiter posts: every board with its players' pairing numbers, titles,
//! names, ratings and points before the round and a column for the result, then the
//! pairing-allocated bye and the players not paired (byes, absences); for teams each match with
//! its boards, for Double-Swiss each match with its two games. As aligned text, as a
//! self-contained printable HTML page (the explanation of each bracket folded under the list),
//! and as the names, ratings and points JSON adds to each board.
//!
//! Swiss-Manager and Vega print the same columns ("Bd | No | Name | Rtg | Pts – Pts | Name | Rtg |
//! No"); lexpair follows them.

use crate::pairing::RoundPairing;
use crate::points::Points;
use crate::round::Field;
use crate::trf::{ByeKind, TrfDocument};
use serde::Serialize;

/// A participant as the list names him (a player, or a team).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Named {
    /// The id in the file (starting rank; a team's pairing number).
    pub id: u32,
    /// FIDE title (players).
    pub title: String,
    /// Name.
    pub name: String,
    /// Rating (a team's strength); `None` when unrated.
    pub rating: Option<u32>,
    /// Points before the round (a team's primary score); `None` for a board player of a team.
    pub points: Option<Points>,
}

/// One game of a table: a team's board, a Double-Swiss game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Game {
    /// The board (the game of a Double-Swiss match), 1-based.
    pub board: usize,
    /// White.
    pub white: Option<Named>,
    /// Black.
    pub black: Option<Named>,
}

/// One board of the list (a match, for teams and Double-Swiss).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Table {
    /// The board (match) number.
    pub number: usize,
    /// White (the team with White on board 1; the player with White in game 1).
    pub white: Named,
    /// Black.
    pub black: Named,
    /// The games of a match; empty for individuals.
    pub games: Vec<Game>,
}

/// The round's pairing as a list to post.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairingList {
    /// The event's name (`012`).
    pub event: String,
    /// The round (a match round for Double-Swiss).
    pub round: u32,
    /// The rounds of the event, when stated.
    pub rounds: Option<u32>,
    /// `player`, `team`, or `match` (Double-Swiss: a player's two-game match).
    pub unit: String,
    /// The boards.
    pub tables: Vec<Table>,
    /// The pairing-allocated bye, with its points.
    pub bye: Option<(Named, Points)>,
    /// Participants not paired: their bye or absence.
    pub absent: Vec<(Named, ByeKind)>,
}

fn person(doc: &TrfDocument, id: u32, rating: u32, name: &str, points: Option<Points>) -> Named {
    let rec = doc.player(id);
    Named {
        id,
        title: rec.map(|r| r.title.trim().to_string()).unwrap_or_default(),
        name: name.to_string(),
        rating: (rating > 0).then_some(rating),
        points,
    }
}

fn board_player(doc: &TrfDocument, id: u32) -> Option<Named> {
    let rec = doc.player(id)?;
    Some(person(doc, id, rec.rating, rec.name.trim(), None))
}

/// The list of `pairing` in `field` (the state before the round), names and titles from `doc`.
pub fn pairing_list(field: Field, doc: &TrfDocument, pairing: &RoundPairing) -> PairingList {
    let event = doc.tags.iter().find(|t| t.code == "012").map(|t| t.value.trim().to_string()).unwrap_or_default();
    let rounds = crate::round::Event::total_rounds(doc);
    match field {
        Field::Players(t) => {
            let named = |i: usize| {
                let p = &t.players[i];
                person(doc, p.id, p.rating, &p.name, Some(p.score))
            };
            PairingList {
                event,
                round: t.round,
                rounds,
                unit: "player".into(),
                tables: pairing
                    .boards
                    .iter()
                    .enumerate()
                    .map(|(k, b)| Table {
                        number: k + 1,
                        white: named(b.white),
                        black: named(b.black),
                        games: Vec::new(),
                    })
                    .collect(),
                bye: pairing.bye.map(|i| (named(i), t.point_system.pairing_bye)),
                absent: (0..t.players.len()).filter_map(|i| Some((named(i), t.players[i].absent?))).collect(),
            }
        }
        Field::Teams(t) => {
            let named = |i: usize| {
                let team = &t.teams[i];
                Named {
                    id: team.tpn,
                    title: String::new(),
                    name: team.name.clone(),
                    rating: (team.strength > 0).then_some(team.strength),
                    points: Some(team.primary(&t.rules)),
                }
            };
            let index = |tpn: u32| t.index_of(tpn).unwrap_or(0);
            let tables = crate::team::lineup::matches(t, pairing)
                .iter()
                .enumerate()
                .map(|(k, m)| Table {
                    number: k + 1,
                    white: named(index(m.white)),
                    black: named(index(m.black)),
                    games: m
                        .boards
                        .iter()
                        .map(|b| Game {
                            board: b.board,
                            white: board_player(doc, b.white),
                            black: board_player(doc, b.black),
                        })
                        .collect(),
                })
                .collect();
            let pab = doc.team_pab.as_ref().map_or(t.match_scale.draw, |p| p.match_points);
            PairingList {
                event,
                round: t.round,
                rounds,
                unit: "team".into(),
                tables,
                bye: pairing.bye.map(|i| (named(i), pab)),
                absent: (0..t.teams.len()).filter_map(|i| Some((named(i), t.teams[i].absent?))).collect(),
            }
        }
        Field::Double(t) => {
            let named = |i: usize| {
                let p = &t.players[i];
                person(doc, p.id, p.rating, &p.name, Some(p.score))
            };
            let tables = pairing
                .boards
                .iter()
                .enumerate()
                .map(|(k, b)| {
                    let (w, bl) = (named(b.white), named(b.black));
                    let games = vec![
                        Game { board: 1, white: Some(w.clone()), black: Some(bl.clone()) },
                        Game { board: 2, white: Some(bl.clone()), black: Some(w.clone()) },
                    ];
                    Table { number: k + 1, white: w, black: bl, games }
                })
                .collect();
            PairingList {
                event,
                round: t.round,
                rounds,
                unit: "match".into(),
                tables,
                bye: pairing.bye.map(|i| (named(i), crate::double::encoding::pab_points(&t.game_points))),
                absent: (0..t.players.len()).filter_map(|i| Some((named(i), t.players[i].absent?))).collect(),
            }
        }
    }
}

fn bye_words(kind: ByeKind) -> &'static str {
    match kind {
        ByeKind::Full => "full-point bye",
        ByeKind::Half => "half-point bye",
        ByeKind::Zero => "absent (zero-point bye)",
    }
}

fn rating(n: &Named) -> String {
    n.rating.map(|r| r.to_string()).unwrap_or_default()
}

fn points(n: &Named) -> String {
    n.points.map(|p| crate::standings::Value::points(p).to_string()).unwrap_or_default()
}

/// The heading: event, round, system.
fn heading(list: &PairingList, system: &str) -> String {
    let of = list.rounds.map(|n| format!(" of {n}")).unwrap_or_default();
    let title = if list.event.is_empty() { String::new() } else { format!("{}: ", list.event) };
    let what = if list.unit == "match" { "match round" } else { "round" };
    format!("{title}pairings of {what} {}{of} ({system})", list.round)
}

/// The list as aligned text, one board a line (teams: the match, then its boards).
pub fn text(list: &PairingList, system: &str) -> String {
    use std::fmt::Write;
    let mut all: Vec<&Named> = Vec::new();
    for t in &list.tables {
        all.push(&t.white);
        all.push(&t.black);
        for g in &t.games {
            all.extend(g.white.iter().chain(g.black.iter()));
        }
    }
    let name_w = all.iter().map(|n| n.name.chars().count()).max().unwrap_or(5).max(5);
    let title_w = all.iter().map(|n| n.title.len()).max().unwrap_or(0).max(3);
    let bd_w = if list.tables.iter().any(|t| !t.games.is_empty()) { 5 } else { 3 };
    let mut out = format!("{}\n\n", heading(list, system));
    let row = |out: &mut String, bd: &str, w: Option<&Named>, b: Option<&Named>| {
        let none = Named { id: 0, title: String::new(), name: "(no player)".into(), rating: None, points: None };
        let (w, b) = (w.unwrap_or(&none), b.unwrap_or(&none));
        let id = |n: &Named| if n.id == 0 { String::new() } else { n.id.to_string() };
        let _ = writeln!(
            out,
            "{bd:>bd_w$} {:>4} {:<title_w$} {:<name_w$} {:>5} {:>5}  {:^7}  {:>5} {:<title_w$} {:<name_w$} {:>5} {:>4}",
            id(w),
            w.title,
            w.name,
            rating(w),
            points(w),
            "-",
            points(b),
            b.title,
            b.name,
            rating(b),
            id(b)
        )
        .map(|_| ());
    };
    let _ = writeln!(
        out,
        "{:>bd_w$} {:>4} {:<title_w$} {:<name_w$} {:>5} {:>5}  {:^7}  {:>5} {:<title_w$} {:<name_w$} {:>5} {:>4}",
        "Bd", "No", "Tit", "White", "Rtg", "Pts", "Result", "Pts", "Tit", "Black", "Rtg", "No"
    );
    for t in &list.tables {
        // A Double-Swiss match is its two games; a team match its line, then its boards.
        if list.unit != "match" {
            row(&mut out, &t.number.to_string(), Some(&t.white), Some(&t.black));
        }
        for g in &t.games {
            row(&mut out, &format!("{}.{}", t.number, g.board), g.white.as_ref(), g.black.as_ref());
        }
    }
    if let Some((n, p)) = &list.bye {
        let worth = crate::standings::Value::points(*p);
        let unit = if *p == Points(10) { "point" } else { "points" };
        let _ = writeln!(out, "\nPairing-allocated bye: {} {} ({worth} {unit})", n.id, n.name);
    }
    if !list.absent.is_empty() {
        let _ = writeln!(out, "\nNot paired:");
        for (n, kind) in &list.absent {
            let _ = writeln!(out, "  {:>4} {} ({})", n.id, n.name, bye_words(*kind));
        }
    }
    out
}

fn esc(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

/// The list as one self-contained HTML page (no script, nothing beside it), to print on A4, with
/// `explanation` (per bracket, in the rules' words) folded under the list when given.
pub fn html(list: &PairingList, system: &str, explanation: Option<&crate::explain::Explanation>) -> String {
    let title = heading(list, system);
    let mut out = format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n\
         body {{ font-family: 'DejaVu Sans', Arial, sans-serif; margin: 2em; color: #111; }}\n\
         h1 {{ font-size: 1.4em; }}\n\
         table {{ border-collapse: collapse; font-size: 0.95em; }}\n\
         th, td {{ padding: 0.3em 0.6em; border-bottom: 1px solid #ddd; white-space: nowrap; }}\n\
         th {{ background: #f0f0f0; border-bottom: 2px solid #888; }}\n\
         td.n {{ text-align: right; font-variant-numeric: tabular-nums; }}\n\
         td.result {{ min-width: 4em; border-left: 1px solid #bbb; border-right: 1px solid #bbb; }}\n\
         tr.game td {{ color: #444; font-size: 0.9em; border-bottom: 1px dotted #ddd; }}\n\
         details {{ margin-top: 1em; }} summary {{ cursor: pointer; font-weight: bold; }}\n\
         pre {{ font-size: 0.85em; white-space: pre-wrap; }}\n\
         @media print {{ body {{ margin: 0; }} details {{ display: none; }} tr {{ page-break-inside: avoid; }}\n\
           thead {{ display: table-header-group; }} th {{ -webkit-print-color-adjust: exact; print-color-adjust: exact; }} }}\n\
         @page {{ size: A4 portrait; margin: 12mm; }}\n</style>\n</head>\n<body>\n<h1>{}</h1>\n",
        esc(&title),
        esc(&title)
    );
    out.push_str("<table>\n<thead><tr><th>Bd</th><th>No</th><th>Title</th><th>White</th><th>Rtg</th><th>Pts</th>");
    out.push_str(
        "<th>Result</th><th>Pts</th><th>Title</th><th>Black</th><th>Rtg</th><th>No</th></tr></thead>\n<tbody>\n",
    );
    let cells = |n: Option<&Named>, white: bool| -> String {
        let Some(n) = n else {
            return "<td></td><td></td><td>(no player)</td><td></td><td></td>".into();
        };
        let (id, title, name, r, p) = (n.id.to_string(), esc(&n.title), esc(&n.name), rating(n), points(n));
        if white {
            format!("<td class=\"n\">{id}</td><td>{title}</td><td>{name}</td><td class=\"n\">{r}</td><td class=\"n\">{p}</td>")
        } else {
            format!("<td class=\"n\">{p}</td><td>{title}</td><td>{name}</td><td class=\"n\">{r}</td><td class=\"n\">{id}</td>")
        }
    };
    for t in &list.tables {
        if list.unit != "match" {
            out.push_str(&format!(
                "<tr><td class=\"n\">{}</td>{}<td class=\"result\"></td>{}</tr>\n",
                t.number,
                cells(Some(&t.white), true),
                cells(Some(&t.black), false)
            ));
        }
        for g in &t.games {
            out.push_str(&format!(
                "<tr class=\"game\"><td class=\"n\">{}.{}</td>{}<td class=\"result\"></td>{}</tr>\n",
                t.number,
                g.board,
                cells(g.white.as_ref(), true),
                cells(g.black.as_ref(), false)
            ));
        }
    }
    out.push_str("</tbody>\n</table>\n");
    if let Some((n, p)) = &list.bye {
        out.push_str(&format!(
            "<p>Pairing-allocated bye: {} {} ({} point(s))</p>\n",
            n.id,
            esc(&n.name),
            crate::standings::Value::points(*p)
        ));
    }
    if !list.absent.is_empty() {
        out.push_str("<p>Not paired:</p>\n<ul>\n");
        for (n, kind) in &list.absent {
            out.push_str(&format!("<li>{} {} ({})</li>\n", n.id, esc(&n.name), bye_words(*kind)));
        }
        out.push_str("</ul>\n");
    }
    if let Some(e) = explanation {
        out.push_str("<h2>Why this pairing</h2>\n");
        for b in &e.brackets {
            let score = b.score.as_ref().map_or(String::new(), |s| format!(", score {s}"));
            out.push_str(&format!(
                "<details><summary>{} {}{}</summary>\n<pre>{}</pre>\n</details>\n",
                esc(&b.kind),
                b.number,
                esc(&score),
                esc(&crate::explain::render_bracket(e, b))
            ));
        }
    }
    out.push_str(&format!(
        "<p style=\"color:#666;font-size:0.8em\">Made by lexpair {}.</p>\n</body>\n</html>\n",
        crate::VERSION
    ));
    out
}

/// `v` (the pairing as JSON, `round::Field::pairing_json`) with names, titles, ratings and points
/// added to every board: `white_name`, `white_title`, `white_rating`, `white_points` and the
/// same for black (for teams also on each board of a match), and the bye's `bye_name`.
pub fn add_names(v: &mut serde_json::Value, list: &PairingList) {
    fn put(o: &mut serde_json::Value, side: &str, n: Option<&Named>) {
        if let Some(n) = n {
            o[format!("{side}_name")] = serde_json::json!(n.name);
            o[format!("{side}_title")] = serde_json::json!(n.title);
            o[format!("{side}_rating")] = serde_json::json!(n.rating);
            if let Some(p) = n.points {
                o[format!("{side}_points")] = serde_json::json!(crate::standings::Value::points(p));
            }
        }
    }
    if let Some(boards) = v.get_mut("boards").and_then(serde_json::Value::as_array_mut) {
        for (b, t) in boards.iter_mut().zip(&list.tables) {
            put(b, "white", Some(&t.white));
            put(b, "black", Some(&t.black));
            let inner = if b.get("boards").is_some() { "boards" } else { "games" };
            if let Some(games) = b.get_mut(inner).and_then(serde_json::Value::as_array_mut) {
                for (g, x) in games.iter_mut().zip(&t.games) {
                    put(g, "white", x.white.as_ref());
                    put(g, "black", x.black.as_ref());
                }
            }
        }
    }
    if let Some((n, _)) = &list.bye {
        v["bye_name"] = serde_json::json!(n.name);
    }
    v["absent"] = serde_json::json!(list
        .absent
        .iter()
        .map(|(n, kind)| serde_json::json!({"id": n.id, "name": n.name, "bye": bye_words(*kind)}))
        .collect::<Vec<_>>());
}

/// A paired round as JSON, the one shape `lexpair pair --format json` prints and the Python
/// package's `pair` returns: `system`, `round`, `unit`, the boards and bye by id
/// (`round::Field::pairing_json`) with the names of [`add_names`]; with `explanation`, the
/// explanation (`explanation`, its text `explanation_text`), every bracket's trace (`brackets`)
/// and the cross-checks' counts when they ran (`cross_check`, `cross_check_solver`); the rules
/// the arbiter's own pairs break (`arbiter_breaks`) when there are some.
pub fn round_json(
    field: Field,
    doc: &TrfDocument,
    round: &crate::round::Round,
    explanation: Option<&crate::explain::Explanation>,
    arbiter_breaks: &[String],
) -> Result<serde_json::Value, serde_json::Error> {
    let mut v = serde_json::json!({
        "system": round.system.name(), "round": field.round(), "unit": field.unit().name(),
    });
    let mut p = field.pairing_json(&round.pairing);
    add_names(&mut p, &pairing_list(field, doc, &round.pairing));
    if let (Some(o), serde_json::Value::Object(p)) = (v.as_object_mut(), p) {
        o.extend(p);
    }
    if let Some(e) = explanation {
        if let Some(st) = &round.sat {
            v["cross_check"] = serde_json::to_value(st)?;
        }
        if let Some(st) = &round.solver {
            v["cross_check_solver"] = serde_json::to_value(st)?;
        }
        v["explanation"] = serde_json::to_value(e)?;
        v["explanation_text"] = serde_json::Value::String(crate::explain::render(e));
        v["brackets"] = serde_json::to_value(&round.traces)?;
    }
    if !arbiter_breaks.is_empty() {
        v["arbiter_breaks"] = serde_json::json!(arbiter_breaks);
    }
    Ok(v)
}
