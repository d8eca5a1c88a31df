//! Issue 43, "nothing silently wrong, round two": each defect the hostile probing found, as the
//! file or the request that showed it, with the answer it must get now. Every case was exit 0
//! with a wrong pairing, a lost file or a misleading message before; here it must be refused
//! (exit 3, naming file, line and column), or paired as the rules say.

mod common;
use common::lexpair;

use lexpair::trf::{read_str, ReadOptions};
use std::path::{Path, PathBuf};
use std::process::Output;

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

fn text_of(path: &str) -> String {
    let p = repo(path);
    std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// A fresh folder for one test.
fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("lexpair-issue43-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).expect("temp dir");
    d
}

fn write(dir: &Path, name: &str, text: &str) -> String {
    let p = dir.join(name);
    std::fs::write(&p, text).expect("write");
    p.display().to_string()
}

fn err(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `text` with the first line starting with `start` replaced by `f(line)`.
fn edit_line(text: &str, start: &str, f: impl Fn(&str) -> String) -> String {
    let mut done = false;
    text.lines()
        .map(|l| {
            if !done && l.starts_with(start) {
                done = true;
                f(l) + "\n"
            } else {
                format!("{l}\n")
            }
        })
        .collect()
}

// --- 1. a record line with something before its code ---

/// The characters the probing put before `001` and `310`: each made the reader warn "not a
/// record" and drop the player (or the whole team) from the pairing, exit 0.
const INVISIBLE_PREFIXES: [(&str, &str); 5] = [
    (" ", "a blank"),
    ("\t", "a tab"),
    ("\0", "a NUL character"),
    ("\u{a0}", "a no-break space (U+00A0)"),
    ("\u{200b}", "a zero-width space (U+200B)"),
];

#[test]
fn a_record_with_anything_before_its_code_is_refused_naming_line_and_column() {
    let dir = scratch("prefix");
    // The last player of the open (no gap left behind to give him away) and the last team.
    let cases = [
        ("examples/open-r5.trf", "001   23 ", "dutch-2026", 26),
        ("examples/team-r4.trf", "310   9 ", "team-2026", 24),
    ];
    for (file, start, system, line) in cases {
        let text = text_of(file);
        for (prefix, named) in INVISIBLE_PREFIXES {
            let broken = edit_line(&text, start, |l| format!("{prefix}{l}"));
            let e = read_str(&broken, "x.trf", &ReadOptions::default()).expect_err("refused");
            assert_eq!((e.line, e.column), (line, 1), "{file} {named}: {e}");
            assert!(e.message.starts_with(&format!("{named} before '{}'", &start[..3])), "{e}");
            let path = write(&dir, "prefixed.trf", &broken);
            let o = lexpair(&["pair", "-s", system, &path]);
            assert_eq!(o.status.code(), Some(3), "{file} {named}: {}", out(&o));
            assert!(out(&o).is_empty());
            assert!(
                err(&o).contains(&format!("prefixed.trf:{line}:1: record tag (columns 1-3): {named}")),
                "{}",
                err(&o)
            );
        }
    }
}

/// The same rule for every record kind: a damaged code of digits (not only a `001` laid out as a
/// player), an extension code lexpair does not read, a read code in lower case, a code run into
/// its value, a control character inside a record read by columns.
#[test]
fn every_record_kind_is_read_in_full_or_refused() {
    let team = text_of("examples/team-r4.trf");
    let open = text_of("examples/open-r5.trf");
    let cases: Vec<(String, usize, usize, &str)> = vec![
        // A team record whose code lost a digit: the team would vanish from the round.
        (edit_line(&team, "310   9 ", |l| l.replacen("310", "31O", 1)), 24, 1, "'31O' is not a record tag"),
        // A 240 absence with a damaged code: the absent team would be paired.
        (edit_line(&team, "240 ", |l| l.replacen("240", "24O", 1)), 61, 1, "'24O' is not a record tag"),
        (format!("{open}XXQ 3 4\n"), 27, 1, "'XXQ' is not an extension lexpair reads"),
        (format!("{open}xxp 3 4\n"), 27, 1, "'xxp' is written in lower case; expected XXP"),
        (edit_line(&open, "XXR", |l| l.replacen("XXR ", "XXR9", 1)), 2, 4, "after the record code 'XXR'"),
        (
            edit_line(&open, "001    5 ", |l| l.replacen("Test0005", "Test\u{0}005", 1)),
            8,
            19,
            "a NUL character in column 19",
        ),
        (format!("{open}  \n0\n"), 28, 1, "the line ends in column 1 inside the record code '0'"),
    ];
    for (text, line, column, says) in cases {
        let e = read_str(&text, "x.trf", &ReadOptions::default()).expect_err(says);
        assert_eq!((e.line, e.column), (line, column), "{e}");
        assert!(e.to_string().contains(says), "{e}");
    }
}

/// What the formats leave to others stays a warning, and rulers and comments stay silent: a tag
/// of neither edition, a record coded by three letters (national ratings, Tornelo's `DAT`, other
/// programs' lines), Swiss-Manager's rulers.
#[test]
fn what_the_formats_leave_to_others_is_still_read_with_a_warning() {
    let open = text_of("examples/open-r5.trf");
    let extra = "992 a tag of neither edition\nDAT 0001 EMAIL a@b.c\nQQQ whatever\n### comment\n         1         2\n12345678901234567890\n";
    let d = read_str(&format!("{extra}{open}"), "x.trf", &ReadOptions::default()).expect("read");
    assert_eq!(d.players.len(), 23);
    let fields: Vec<&str> = d.notes.warnings.iter().map(|w| w.field.as_str()).collect();
    assert_eq!(fields, ["tag 992", "DAT", "record tag (columns 1-3)"], "{:?}", d.notes.warnings);
}
