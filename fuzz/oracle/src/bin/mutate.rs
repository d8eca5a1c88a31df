//! Byte-level mutation of real tournament files, each mutant paired by the `lexpair` binary and
//! the outcome judged by the independent oracle (`trf_oracle::judge`) and by the output's own
//! shape. Run by `benches/mutation.sh` (not by the CI: a campaign takes minutes to hours).
//!
//! ```text
//! mutate --lexpair BIN --runs N [--seed S] --out DIR FILE...
//! ```
//!
//! A finding is any of: the process ended other than by exit 0, 1, 2, 3 or 5 (a panic, a
//! signal); exit 2 (an internal failure: the engine and its checker disagreeing, a solver
//! failure); exit 0 on a file the oracle calls broken; exit 0 with a pairing that names a unit
//! twice or whose first line does not count its lines. Each is kept as `DIR/findings/K.trf` with
//! `K.txt` saying what was found. The counts are printed at the end.

use std::path::{Path, PathBuf};
use std::process::Command;

struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }
}

/// Bytes a hostile file holds: blanks, a tab, NUL, line ends, digits, codes' letters, result and
/// colour characters, the UTF-8 of a no-break and a zero-width space.
const INTERESTING: [&[u8]; 20] = [
    b" ",
    b"\t",
    b"\0",
    b"\n",
    b"\r",
    b"0",
    b"1",
    b"9",
    b"-",
    b"+",
    b"=",
    b"w",
    b"b",
    b"Z",
    b"U",
    b"H",
    b"X",
    b".",
    "\u{a0}".as_bytes(),
    "\u{200b}".as_bytes(),
];

fn mutate(rng: &mut Rng, bytes: &mut Vec<u8>) -> String {
    let line_starts: Vec<usize> =
        std::iter::once(0).chain(bytes.iter().enumerate().filter(|(_, &b)| b == b'\n').map(|(k, _)| k + 1)).collect();
    let pos = rng.below(bytes.len().max(1));
    match rng.below(8) {
        0 if !bytes.is_empty() => {
            let bit = 1u8 << rng.below(8);
            bytes[pos] ^= bit;
            format!("flip bit {bit:#x} of byte {pos}")
        }
        1 if !bytes.is_empty() => {
            let with = INTERESTING[rng.below(INTERESTING.len())];
            bytes.splice(pos..pos + 1, with.iter().copied());
            format!("byte {pos} replaced by {with:?}")
        }
        2 => {
            let with = INTERESTING[rng.below(INTERESTING.len())];
            bytes.splice(pos..pos, with.iter().copied());
            format!("{with:?} inserted at byte {pos}")
        }
        3 if !bytes.is_empty() => {
            bytes.remove(pos);
            format!("byte {pos} deleted")
        }
        4 => {
            // Something invisible before a line's record code.
            let start = line_starts[rng.below(line_starts.len())];
            let with = INTERESTING[rng.below(INTERESTING.len())];
            bytes.splice(start..start, with.iter().copied());
            format!("{with:?} before the line at byte {start}")
        }
        5 => {
            // A line repeated (a record stated twice).
            let k = rng.below(line_starts.len());
            let (a, b) = (line_starts[k], line_starts.get(k + 1).copied().unwrap_or(bytes.len()));
            let copy = bytes[a..b].to_vec();
            let at = line_starts[rng.below(line_starts.len())];
            bytes.splice(at..at, copy);
            format!("line at byte {a} repeated at byte {at}")
        }
        6 => {
            // A line dropped.
            let k = rng.below(line_starts.len());
            let (a, b) = (line_starts[k], line_starts.get(k + 1).copied().unwrap_or(bytes.len()));
            bytes.drain(a..b);
            format!("line at byte {a} deleted")
        }
        _ => {
            // A digit of the file changed: ids, results, points, rounds.
            let digits: Vec<usize> =
                bytes.iter().enumerate().filter(|(_, b)| b.is_ascii_digit()).map(|(k, _)| k).collect();
            if digits.is_empty() {
                return "nothing".into();
            }
            let k = digits[rng.below(digits.len())];
            bytes[k] = b'0' + rng.below(10) as u8;
            format!("digit at byte {k} changed")
        }
    }
}

/// The system that pairs the file's units.
fn system_of(text: &str) -> &'static str {
    let team = text.lines().any(|l| l.starts_with("310 ") || l.starts_with("013 "));
    if team {
        "team-2026"
    } else if text.lines().any(|l| l.starts_with("192") && l.to_ascii_uppercase().contains("DOUBLESWISS")) {
        "double-2026"
    } else {
        "dutch-2026"
    }
}

/// The pairs output's own shape: its first line counts the lines after it, no unit twice.
fn shape_of_pairs(out: &str) -> Result<(), String> {
    let mut lines = out.lines();
    let n: usize = lines.next().and_then(|l| l.trim().parse().ok()).ok_or("no count line")?;
    let rest: Vec<&str> = lines.collect();
    if rest.len() != n {
        return Err(format!("{n} announced, {} lines", rest.len()));
    }
    let mut seen = std::collections::HashSet::new();
    for l in rest {
        let ids: Vec<u32> = l.split_whitespace().filter_map(|x| x.parse().ok()).collect();
        let [a, b] = ids[..] else { return Err(format!("line {l:?}")) };
        for id in [a, b].into_iter().filter(|&x| x != 0) {
            if !seen.insert(id) {
                return Err(format!("unit {id} twice"));
            }
        }
        if a == 0 {
            return Err(format!("line {l:?}"));
        }
    }
    Ok(())
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let value = |name: &str| args.iter().position(|a| a == name).and_then(|k| args.get(k + 1)).cloned();
    let lexpair = PathBuf::from(value("--lexpair").expect("--lexpair BIN"));
    let runs: usize = value("--runs").and_then(|v| v.parse().ok()).unwrap_or(1000);
    let seed: u64 = value("--seed").and_then(|v| v.parse().ok()).unwrap_or(1);
    let out = PathBuf::from(value("--out").expect("--out DIR"));
    let flags = ["--lexpair", "--runs", "--seed", "--out"];
    let files: Vec<PathBuf> = args
        .iter()
        .enumerate()
        .filter(|(k, a)| !flags.contains(&a.as_str()) && !(*k > 0 && flags.contains(&args[k - 1].as_str())))
        .map(|(_, a)| PathBuf::from(a))
        .collect();
    assert!(!files.is_empty(), "give the real files to mutate");
    let originals: Vec<Vec<u8>> = files.iter().map(|f| std::fs::read(f).expect("a real file")).collect();
    std::fs::create_dir_all(out.join("findings")).expect("out dir");
    let mutant = out.join("mutant.trf");
    let mut rng = Rng(seed);
    let (mut codes, mut broken_refused, mut broken_accepted, mut findings) = ([0usize; 256], 0, 0, 0);
    let mut judged_broken = 0;
    for run in 0..runs {
        let k = rng.below(files.len());
        let mut bytes = originals[k].clone();
        let mut what = Vec::new();
        for _ in 0..1 + rng.below(3) {
            what.push(mutate(&mut rng, &mut bytes));
        }
        std::fs::write(&mutant, &bytes).expect("write the mutant");
        // The text a reader of the file sees: UTF-8, or else Latin-1 (README, "Input").
        let text = match String::from_utf8(bytes.clone()) {
            Ok(t) => t,
            Err(_) => bytes.iter().map(|&b| char::from(b)).collect(),
        };
        let verdict = trf_oracle::judge(&text);
        let system = system_of(&text);
        let o = Command::new(&lexpair)
            .args(["pair", "-s", system, "--time-limit", "30"])
            .arg(&mutant)
            .output()
            .expect("lexpair runs");
        let code = o.status.code();
        codes[code.map_or(255, |c| c.clamp(0, 254) as usize)] += 1;
        let stdout = String::from_utf8_lossy(&o.stdout);
        let stderr = String::from_utf8_lossy(&o.stderr);
        let finding = match (code, &verdict) {
            (Some(1 | 3 | 5), Err(_)) => {
                broken_refused += 1;
                None
            }
            (Some(1 | 3 | 5), Ok(())) => None,
            (Some(0), Err(b)) => {
                broken_accepted += 1;
                Some(format!("exit 0 on a file the oracle calls broken: {b}"))
            }
            (Some(0), Ok(())) => shape_of_pairs(&stdout).err().map(|e| format!("exit 0 with a malformed pairing: {e}")),
            (Some(2), _) if stderr.contains("time limit reached") => None,
            (c, _) => Some(format!("exit {c:?}: {stderr}")),
        };
        judged_broken += usize::from(verdict.is_err());
        if let Some(f) = finding {
            findings += 1;
            let name = out.join("findings").join(format!("{run}"));
            std::fs::write(name.with_extension("trf"), &bytes).expect("keep the finding");
            let note = format!(
                "from {}\nmutations: {}\nsystem: {system}\n{f}\nstdout:\n{stdout}\nstderr:\n{stderr}\n",
                files[k].display(),
                what.join("; ")
            );
            std::fs::write(name.with_extension("txt"), note).expect("keep the note");
        }
    }
    let shown: Vec<String> =
        codes.iter().enumerate().filter(|(_, &n)| n > 0).map(|(c, n)| format!("exit {c}: {n}")).collect();
    println!(
        "{runs} mutants of {} files (seed {seed}): {}; the oracle called {judged_broken} broken, {broken_refused} \
         refused by lexpair, {broken_accepted} accepted; findings: {findings} (in {})",
        files.len(),
        shown.join(", "),
        Path::new(&out).join("findings").display()
    );
    if findings > 0 {
        std::process::exit(1);
    }
}
