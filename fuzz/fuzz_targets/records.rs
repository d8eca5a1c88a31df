//! Structure-aware, records against records (issue 43): the fuzz bytes choose a valid tournament
//! (`lexpair_fuzz::tournament_text`) and one contradiction to put in it; the reader must refuse
//! the file naming the line the contradiction is on (and, where there are two, the other one),
//! and must read the same file with the fact stated alike instead. The contradictions are those of
//! the probing: the number of rounds (`XXR` against `142`), the initial colour (`XXC` against
//! `152`), the type (`192` twice), a `240` bye for a round the player played, a `240` bye beyond
//! the rounds, two kinds of `240` bye for one player and round, something before a record's code,
//! a damaged code; for a team file (made by lexpair's generator), a `352` pattern shorter than the
//! matches played and a `240` bye for a round the team played.
#![no_main]

use arbitrary::{Result, Unstructured};
use lexpair::trf::{read_str, ReadOptions, TrfError};
use lexpair_fuzz::tournament_text;
use libfuzzer_sys::fuzz_target;

/// A file with a contradiction: its text, the line that must be named (1-based), a text the
/// message must hold, and the same file with the fact stated alike (to be read).
struct Case {
    text: String,
    line: usize,
    names: String,
    alike: Option<String>,
}

fn lines(text: &str) -> Vec<String> {
    text.lines().map(String::from).collect()
}

/// `ls` joined, with `extra` put before line `at` (0-based).
fn with_line(ls: &[String], at: usize, extra: &str) -> String {
    let mut v = ls.to_vec();
    v.insert(at.min(v.len()), extra.to_string());
    v.join("\n") + "\n"
}

/// The rounds each player was paired in, and his line (0-based), read from the generated text.
fn paired(ls: &[String]) -> Vec<(u32, usize, Vec<u32>)> {
    let mut out = Vec::new();
    for (k, l) in ls.iter().enumerate().filter(|(_, l)| l.starts_with("001 ")) {
        let id: u32 = l.get(4..8).and_then(|s| s.trim().parse().ok()).unwrap_or(0);
        let chars: Vec<char> = l.chars().collect();
        let mut rounds = Vec::new();
        let mut start = 91;
        while start + 3 < chars.len() {
            let opp: String = chars[start..start + 4].iter().collect();
            if opp.trim().parse::<u32>().is_ok_and(|o| o > 0) {
                rounds.push(((start - 91) / 10 + 1) as u32);
            }
            start += 10;
        }
        out.push((id, k, rounds));
    }
    out
}

fn individual(u: &mut Unstructured) -> Result<Option<Case>> {
    let text = tournament_text(u)?;
    let ls = lines(&text);
    let xxr = ls.iter().position(|l| l.starts_with("XXR")).unwrap_or(1);
    let total: u32 = ls[xxr][4..].trim().parse().unwrap_or(1);
    let players = paired(&ls);
    let case = match u.int_in_range(0..=7)? {
        0 => {
            let other = total + u.int_in_range(1..=5)?;
            Case {
                text: with_line(&ls, xxr + 1, &format!("142 {other}")),
                line: xxr + 2,
                names: format!("on line {}", xxr + 1),
                alike: Some(with_line(&ls, xxr + 1, &format!("142 {total}"))),
            }
        }
        1 => {
            let (word, colour) = match ls.iter().find(|l| l.starts_with("XXC")) {
                Some(l) if l.contains("white1") => ("white1", 'W'),
                Some(_) => ("black1", 'B'),
                None => return Ok(None),
            };
            let other = if colour == 'W' { 'B' } else { 'W' };
            let at = ls.len();
            Case {
                text: with_line(&ls, at, &format!("152 {other}")),
                line: at + 1,
                names: format!("XXC {word}"),
                alike: Some(with_line(&ls, at, &format!("152 {colour}"))),
            }
        }
        2 => Case {
            text: with_line(&ls, 1, "192 FIDE_DUTCH_2017\n192 FIDE_DUBOV"),
            line: 3,
            names: "on line 2".into(),
            alike: Some(with_line(&ls, 1, "192 FIDE_DUTCH_2017\n192 FIDE_DUTCH_2017")),
        },
        3 => {
            // A 240 bye for a round the player played.
            let Some((id, k, rounds)) = players.iter().find(|p| !p.2.is_empty()) else { return Ok(None) };
            let r = *u.choose(rounds)?;
            let at = ls.len();
            Case {
                text: with_line(&ls, at, &format!("240 Z {r:03} {id:>4}")),
                line: at + 1,
                names: format!("on line {}", k + 1),
                alike: None,
            }
        }
        4 => {
            let Some((id, _, _)) = players.first() else { return Ok(None) };
            let at = ls.len();
            Case {
                text: with_line(&ls, at, &format!("240 Z {:03} {id:>4}", total + 1)),
                line: at + 1,
                names: format!("XXR on line {}", xxr + 1),
                alike: None,
            }
        }
        5 => {
            // Two kinds of bye for one player in the last round (nobody is paired there).
            let Some((id, k, _)) = players.last() else { return Ok(None) };
            if ls[*k].chars().count() > 91 + 10 * (total as usize - 1) {
                return Ok(None); // the player has an entry in that round already
            }
            let at = ls.len();
            Case {
                text: with_line(&ls, at, &format!("240 H {total:03} {id:>4}\n240 Z {total:03} {id:>4}")),
                line: at + 2,
                names: format!("a 'H' bye on line {}", at + 1),
                alike: Some(with_line(&ls, at, &format!("240 H {total:03} {id:>4}\n240 H {total:03} {id:>4}"))),
            }
        }
        6 => {
            // Something before a player's code: a blank, a tab, a NUL, a no-break or a zero-width space.
            let Some((_, k, _)) = players.get(u.choose_index(players.len().max(1))?) else { return Ok(None) };
            let prefix = *u.choose(&[" ", "\t", "\0", "\u{a0}", "\u{200b}"])?;
            let mut v = ls.clone();
            v[*k] = format!("{prefix}{}", v[*k]);
            Case { text: v.join("\n") + "\n", line: k + 1, names: "before '001'".into(), alike: None }
        }
        _ => {
            // A damaged code: one character of `001` replaced.
            let Some((_, k, _)) = players.get(u.choose_index(players.len().max(1))?) else { return Ok(None) };
            let pos = u.int_in_range(0..=2usize)?;
            let with = *u.choose(&['O', 'o', 'l', 'I', '2', '9', '0', '1'])?;
            let mut chars: Vec<char> = ls[*k].chars().collect();
            if chars[pos] == with {
                return Ok(None);
            }
            chars[pos] = with;
            let mut v = ls.clone();
            v[*k] = chars.into_iter().collect();
            Case { text: v.join("\n") + "\n", line: k + 1, names: "is not a record tag".into(), alike: None }
        }
    };
    Ok(Some(case))
}

/// A team file from lexpair's generator, with a contradiction of its own kind.
fn team(u: &mut Unstructured) -> Result<Option<Case>> {
    use lexpair::generate::{generate, Field, GenerateConfig};
    use lexpair::vocabulary::System;
    let teams = u.int_in_range(2..=7usize)?;
    let boards = u.int_in_range(2..=4usize)?;
    let rounds = u.int_in_range(1..=4u32)?;
    let mut cfg = GenerateConfig::new(
        System::SwissTeam2026,
        Field::Random { players: teams, min_rating: 0, max_rating: 0 },
        rounds,
        u.arbitrary()?,
    );
    cfg.team.boards = boards;
    cfg.forfeit_rate = if u.arbitrary()? { 0.1 } else { 0.0 };
    let Ok(g) = generate(&cfg) else { return Ok(None) };
    let text = lexpair::trf::write(&g.document, lexpair::trf::TrfFlavor::Trf26);
    let ls = lines(&text);
    let Some(tag) = ls.iter().position(|l| l.starts_with("352")) else { return Ok(None) };
    let case = if u.arbitrary()? {
        let short: String = ls[tag][4..].trim().chars().take(u.int_in_range(1..=boards - 1)?).collect();
        let mut v = ls.clone();
        v[tag] = format!("352 {short}");
        Case { text: v.join("\n") + "\n", line: tag + 1, names: "games in round".into(), alike: None }
    } else {
        // A 240 bye for team 1 in a round its players played.
        let players = paired(&ls);
        let Some(first) = g.document.teams.first().and_then(|t| t.players.first()) else { return Ok(None) };
        let Some((_, k, played)) = players.iter().find(|p| p.0 == *first) else { return Ok(None) };
        let Some(&r) = played.first() else { return Ok(None) };
        let at = ls.len();
        Case {
            text: with_line(&ls, at, &format!("240 Z {r:03}    1")),
            line: at + 1,
            names: format!("on line {}", k + 1),
            alike: None,
        }
    };
    Ok(Some(case))
}

fn check(case: &Case) {
    let read = |t: &str| read_str(t, "records.trf", &ReadOptions { check_scores: false });
    let e: TrfError = match read(&case.text) {
        Ok(_) => panic!("a contradiction was read without error\n{}", case.text),
        Err(e) => e,
    };
    assert_eq!(e.line, case.line, "the wrong line named: {e}\n{}", case.text);
    assert!(e.to_string().contains(&case.names), "the message does not name {:?}: {e}\n{}", case.names, case.text);
    if let Some(alike) = &case.alike {
        if let Err(e) = read(alike) {
            panic!("the fact stated alike was refused: {e}\n{alike}");
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let mut u = Unstructured::new(data);
    let case = if u.ratio(1, 4).unwrap_or(false) { team(&mut u) } else { individual(&mut u) };
    if let Ok(Some(case)) = case {
        check(&case);
    }
});
