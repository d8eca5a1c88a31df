//! Writing a [`TrfDocument`] as TRF16 (with the JaVaFo/bbpPairings extensions) or TRF-2026.
//!
//! The file reads back equal to the document. Data with no spelling in the chosen edition keeps
//! the other edition's spelling: a TRF16 file still gets `240`/`260` records for byes and
//! prohibited pairings tied to rounds (and a `162` line for the `X` code), a TRF-2026 file still
//! gets `XXZ`, `XXP` (no round range), `XXC rank`, and `XXS`/`XXA` when tag 162 or the `250`
//! records cannot express the point system or the accelerations.
//!
//! Team data (`teams`) is written in both editions alike: tags 192, 352 and 362 after the
//! point system, the teams after the players (`013` lines for a TRF16 team list, `310` records
//! otherwise), then `320` after the byes, the team `250` records with the accelerations, and
//! `330`, `300` and `299` last, in the order of TRF-2026's sections.

mod teams;

use super::document::{
    Acceleration, AnnouncedByes, ByeKind, Colour, ForbiddenGroup, PlayerRecord, RoundEntry, Tag, TrfDocument, TrfFlavor,
};
use super::read::{expand_accelerations, AccelerationRange};
use crate::points::{PointSystem, Points};
use std::collections::{BTreeMap, BTreeSet};
use teams::{team_lines, team_tags};

/// The document as a TRF file in `flavor`; every line ends with `\n`.
pub fn write(doc: &TrfDocument, flavor: TrfFlavor) -> String {
    let mut lines: Vec<String> = doc.tags.iter().map(tag_line).collect();
    match flavor {
        TrfFlavor::Trf16 => header16(doc, &mut lines),
        TrfFlavor::Trf26 => header26(doc, &mut lines),
    }
    team_tags(doc, &mut lines);
    lines.extend(doc.other_lines.iter().cloned());
    lines.extend(doc.players.iter().map(player_line));
    let team = team_lines(doc);
    lines.extend(team.teams);
    lines.extend(doc.announced_byes.iter().map(bye_line));
    lines.extend(team.pab);
    accelerations(doc, flavor, &mut lines);
    lines.extend(team.accelerations);
    lines.extend(doc.forbidden.iter().map(forbidden_line));
    lines.extend(team.after);
    let mut out = String::new();
    for line in lines {
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

// ---------------------------------------------------------------------------------------------
// Tournament section and extensions
// ---------------------------------------------------------------------------------------------

/// `012 Name`: the code, a blank, the value from column 5.
fn tag_line(tag: &Tag) -> String {
    format!("{} {}", tag.code, tag.value)
}

/// TRF(x)/TRF(bx): `XXR`, `XXC`, then `BB*` or `XXS`.
fn header16(doc: &TrfDocument, lines: &mut Vec<String>) {
    if let Some(rounds) = doc.total_rounds {
        lines.push(format!("XXR {rounds}"));
    }
    let mut words = Vec::new();
    if doc.use_rank_order {
        words.push("rank");
    }
    match doc.initial_colour {
        Some(Colour::White) => words.push("white1"),
        Some(Colour::Black) => words.push("black1"),
        None => {}
    }
    if !words.is_empty() {
        lines.push(format!("XXC {}", words.join(" ")));
    }
    if states_point_system(doc) {
        match bb_values(&doc.point_system) {
            Some(values) => lines.extend(bb_lines(values)),
            None => lines.extend(xxs_lines(&doc.point_system)),
        }
    }
    if let Some(x) = doc.unknown_result_points {
        lines.push(line162(&[('X', x)]));
    }
}

/// TRF-2026: tags `142`, `152`, `162` (and `XXC rank`, which has no TRF-2026 spelling).
fn header26(doc: &TrfDocument, lines: &mut Vec<String>) {
    if let Some(rounds) = doc.total_rounds {
        lines.push(format!("142 {rounds}"));
    }
    match doc.initial_colour {
        Some(Colour::White) => lines.push("152 W".to_string()),
        Some(Colour::Black) => lines.push("152 B".to_string()),
        None => {}
    }
    if doc.use_rank_order {
        lines.push("XXC rank".to_string());
    }
    if states_point_system(doc) || doc.unknown_result_points.is_some() {
        points26(doc, lines);
    }
}

/// The point system is written when the file stated one or when it is not the standard one.
fn states_point_system(doc: &TrfDocument) -> bool {
    doc.point_system_explicit || !doc.point_system.is_standard()
}

/// `[W, D, L, Z, F, U]` when the system is what BBW..BBU can say: no colour-dependent values,
/// forfeit win and full-point bye worth a win, half-point bye worth a draw.
fn bb_values(s: &PointSystem) -> Option<[Points; 6]> {
    let uniform = s.is_uniform();
    uniform.then_some([s.win_white, s.draw_white, s.loss_white, s.zero_bye, s.forfeit_loss, s.pairing_bye])
}

/// The BB* lines that differ from the defaults (BBU defaults to the win); `BBW` alone when
/// the stated system is the standard one.
fn bb_lines([w, d, l, z, f, u]: [Points; 6]) -> Vec<String> {
    let candidates = [
        ("BBW", w, Points(10)),
        ("BBD", d, Points(5)),
        ("BBL", l, Points::ZERO),
        ("BBZ", z, Points::ZERO),
        ("BBF", f, Points::ZERO),
        ("BBU", u, w),
    ];
    let mut lines: Vec<String> = candidates
        .iter()
        .filter(|(_, value, default)| value != default)
        .map(|(code, value, _)| format!("{code} {value:>4}"))
        .collect();
    if lines.is_empty() {
        lines.push(format!("BBW {w:>4}"));
    }
    lines
}

/// Every JaVaFo XXS code, so that nothing depends on defaults or on the order of shortcuts.
fn xxs_lines(s: &PointSystem) -> Vec<String> {
    vec![
        format!(
            "XXS WW={} BW={} WD={} BD={} WL={} BL={}",
            s.win_white, s.win_black, s.draw_white, s.draw_black, s.loss_white, s.loss_black
        ),
        format!(
            "XXS FW={} FL={} FPB={} HPB={} ZPB={} PAB={}",
            s.forfeit_win, s.forfeit_loss, s.full_bye, s.half_bye, s.zero_bye, s.pairing_bye
        ),
    ]
}

/// Tag 162: code in column 6, points in columns 7-10, every 9 columns.
fn line162(entries: &[(char, Points)]) -> String {
    let parts: Vec<String> = entries.iter().map(|(code, value)| format!("{code}{value:>4}")).collect();
    format!("162  {}", parts.join("    "))
}

/// Tag 162 when it can say the system (the `A` code covers both the zero-point bye and the
/// forfeit loss); otherwise a 162 line for the edition and XXS lines that override it.
fn points26(doc: &TrfDocument, lines: &mut Vec<String>) {
    let s = &doc.point_system;
    let bb = bb_values(s).filter(|_| s.zero_bye == s.forfeit_loss);
    let mut entries = Vec::new();
    if let Some([w, d, l, a, _, p]) = bb {
        let defaults =
            [('W', w, Points(10)), ('D', d, Points(5)), ('L', l, Points::ZERO), ('A', a, Points::ZERO), ('P', p, w)];
        // A Double-Swiss file states its game points in full: W, D, L, and P, a match's
        // pairing-allocated bye (C.04.5 1.4), so that a reader unaware of 192 sees them too.
        let full = crate::double::encoding::is_double_swiss(doc);
        let stated = |c: char, v: Points, default: Points| v != default || (full && c != 'A');
        entries.extend(defaults.iter().filter(|&&(c, v, default)| stated(c, v, default)).map(|&(c, v, _)| (c, v)));
    }
    entries.extend(doc.unknown_result_points.map(|x| ('X', x)));
    if entries.is_empty() {
        entries.push(('W', s.win_white));
    }
    lines.push(line162(&entries));
    if bb.is_none() {
        lines.extend(xxs_lines(s));
    }
}

// ---------------------------------------------------------------------------------------------
// Player section
// ---------------------------------------------------------------------------------------------

/// `text` cut or padded to `width` characters.
fn fit(text: &str, width: usize, right_aligned: bool) -> String {
    let cut: String = text.chars().take(width).collect();
    if right_aligned {
        format!("{cut:>width$}")
    } else {
        format!("{cut:<width$}")
    }
}

/// Columns 81-84; a whole score too wide for `111.5` loses its `.0`.
fn points_field(points: Option<Points>) -> String {
    points.map_or(" ".repeat(4), |p| points_in(p, 4))
}

/// Points right-aligned in `width` columns, as `11.5`; a whole number too wide for its `.0`
/// without it (`9999`, `-152`: what the reader read there fits it again, so that read, write and
/// read give back the same document).
pub(super) fn points_in(p: Points, width: usize) -> String {
    if p.to_string().chars().count() > width && p.0 % 10 == 0 {
        format!("{:>width$}", p.0 / 10)
    } else {
        format!("{p:>width$}")
    }
}

/// `001 NNNN S TTT Name... RRRR FED FIDE-ID BIRTH PPPP RANK` then the round blocks.
fn player_line(p: &PlayerRecord) -> String {
    let mut line = format!(
        "001 {:>4} {}{} {} {:>4} {} {} {} {} {}",
        p.id,
        fit(&p.sex, 1, false),
        fit(&p.title, 3, true),
        fit(&p.name, 33, false),
        p.rating,
        fit(&p.federation, 3, false),
        fit(&p.fide_id, 11, true),
        fit(&p.birth_date, 10, false),
        points_field(p.points),
        p.rank.map_or(" ".repeat(4), |r| format!("{r:>4}")),
    );
    for entry in &p.rounds {
        line.push_str(&round_block(entry.as_ref()));
    }
    line
}

/// `  NNNN c r`: two blanks, then opponent (columns 92-95 in round 1), colour (97), result (99).
fn round_block(entry: Option<&RoundEntry>) -> String {
    let Some(e) = entry else {
        return " ".repeat(10);
    };
    let opponent = e.opponent.map_or("0000".to_string(), |o| o.to_string());
    let colour = match e.colour {
        Some(Colour::White) => 'w',
        Some(Colour::Black) => 'b',
        None => '-',
    };
    format!("  {opponent:>4} {colour} {}", e.result.to_char())
}

// ---------------------------------------------------------------------------------------------
// Records after the players
// ---------------------------------------------------------------------------------------------

/// `240 T RRR  id  id` for a round, `XXZ id id` for the round to be paired.
fn bye_line(b: &AnnouncedByes) -> String {
    let mut line = match b.round {
        Some(round) => {
            let kind = match b.kind {
                ByeKind::Full => 'F',
                ByeKind::Half => 'H',
                ByeKind::Zero => 'Z',
            };
            format!("240 {kind} {round:03}")
        }
        None => "XXZ".to_string(),
    };
    for id in &b.players {
        line.push_str(&format!(" {id:>4}"));
    }
    line
}

/// `260 RR1 RRL  id  id` for a round range, `XXP id id` for the whole event.
fn forbidden_line(f: &ForbiddenGroup) -> String {
    let mut line = match f.rounds {
        Some((first, last)) => format!("260 {first:03} {last:03}"),
        None => "XXP".to_string(),
    };
    for id in &f.players {
        line.push_str(&format!(" {id:>4}"));
    }
    line
}

/// TRF-2026 `250` records when they say exactly the same, otherwise one `XXA` line per entry.
fn accelerations(doc: &TrfDocument, flavor: TrfFlavor, lines: &mut Vec<String>) {
    let ranges = match flavor {
        TrfFlavor::Trf26 => acceleration_ranges(doc),
        TrfFlavor::Trf16 => None,
    };
    match ranges {
        Some(ranges) => lines.extend(ranges.iter().map(line250)),
        None => lines.extend(doc.accelerations.iter().map(xxa_line)),
    }
}

/// `XXA NNNN pp.p pp.p ...`: the points of round r start at column 10 + 5(r-1).
fn xxa_line(a: &Acceleration) -> String {
    let mut line = format!("XXA {:>4}", a.player);
    for p in &a.points {
        line.push_str(&format!(" {p:>4}"));
    }
    line
}

/// `250 MMMM GGGG RRF RRL PPPF PPPL` with the match points blank (individual competition).
fn line250(r: &AccelerationRange) -> String {
    format!(
        "250      {} {:03} {:03} {:04} {:04}",
        points_in(r.points, 4),
        r.rounds.0,
        r.rounds.1,
        r.players.0,
        r.players.1
    )
}

/// The accelerations as `250` ranges: per round and value, maximal runs of consecutive player
/// ids, merged over consecutive rounds. A player's last round is always covered (by a 0.0
/// record if need be) because it fixes the length of their list. `None` when the records
/// would not read back as the same list (unsorted or repeated players, ids with no player,
/// empty lists).
fn acceleration_ranges(doc: &TrfDocument) -> Option<Vec<AccelerationRange>> {
    let mut ids: Vec<u32> = doc.players.iter().map(|p| p.id).collect();
    ids.sort_unstable();
    ids.dedup();
    let mut cells: BTreeMap<(u32, Points), BTreeSet<u32>> = BTreeMap::new();
    for a in &doc.accelerations {
        let len = a.points.len();
        if len > 999 {
            return None;
        }
        for (i, &value) in a.points.iter().enumerate() {
            if value != Points::ZERO || i + 1 == len {
                cells.entry((i as u32 + 1, value)).or_default().insert(a.player);
            }
        }
    }
    let mut by_run: BTreeMap<(Points, u32, u32), Vec<u32>> = BTreeMap::new();
    for (&(round, value), members) in &cells {
        for (first, last) in runs(&ids, members) {
            by_run.entry((value, first, last)).or_default().push(round);
        }
    }
    let mut ranges = Vec::new();
    for ((points, first, last), rounds) in by_run {
        for span in consecutive(&rounds) {
            ranges.push(AccelerationRange { points, rounds: span, players: (first, last) });
        }
    }
    ranges.sort_by_key(|r| (r.rounds.0, r.players.0, r.rounds.1));
    (expand_accelerations(&ranges, &ids) == doc.accelerations).then_some(ranges)
}

/// Maximal runs of `ids` (sorted) whose members are all in `members`.
fn runs(ids: &[u32], members: &BTreeSet<u32>) -> Vec<(u32, u32)> {
    let mut out = Vec::new();
    let mut current: Option<(u32, u32)> = None;
    for &id in ids {
        if members.contains(&id) {
            current = Some(current.map_or((id, id), |(first, _)| (first, id)));
        } else {
            out.extend(current.take());
        }
    }
    out.extend(current);
    out
}

/// Sorted numbers grouped into spans of consecutive values.
fn consecutive(values: &[u32]) -> Vec<(u32, u32)> {
    let mut out: Vec<(u32, u32)> = Vec::new();
    for &v in values {
        match out.last_mut() {
            Some(span) if span.1 + 1 == v => span.1 = v,
            _ => out.push((v, v)),
        }
    }
    out
}
