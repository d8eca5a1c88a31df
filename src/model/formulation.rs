//! Formulation files (`models/*.model`): the quality criteria of a system, in priority order,
//! and criteria of one's own ([`super::criterion`]).
//!
//! ```text
//! line := KEY description                  a criterion of the system's table (`C12 ...`)
//!       | 'define' NAME '=' body            a criterion of one's own (see `criterion`)
//!       | ('minimise' | 'minimize') NAME    ... at this priority, minimised
//!       | ('maximise' | 'maximize') NAME    ... at this priority, maximised
//!       | 'require' EXPR OP K ['in' ...]    a constraint of one's own (see `criterion`)
//!       | 'record' NAME                     a defined criterion measured on each round's pairing
//!       | ('colours' | 'colors') SYSTEM     whole field: whose colour allocation
//!       | 'bye' ('lowest-score' | 'eligible')  whole field: who may receive the bye
//!       | '#' comment | blank
//! ```
//! Errors name the file and line (`FILE:LINE: ...`), and for the lines of one's own criteria
//! the column too (`FILE:LINE:COL: ...`).

use super::criterion::{self, Custom, Requirement, Sense, SyntaxError};

/// Who may receive the pairing-allocated bye in a whole-field formulation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByeRule {
    /// `bye lowest-score` (the default): an eligible player of the lowest score that can
    /// receive it in a complete pairing.
    LowestScore,
    /// `bye eligible`: any eligible player; the file's criteria choose (e.g. `bye(score)`).
    Eligible,
}

/// A formulation: criterion keys in priority order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formulation {
    /// Where it was read from (a file's path, or a built-in file's name): the `FILE` of its errors.
    pub name: String,
    /// Criterion keys (of the system's table) and names (of one's own criteria) in priority order.
    pub criteria: Vec<String>,
    /// The line (1-based) of each criterion in the file, for errors found after reading.
    pub lines: Vec<usize>,
    /// The criteria of one's own among `criteria`, each once.
    pub custom: Vec<Custom>,
    /// `colours SYSTEM` and its line: whose colour allocation a whole-field system uses.
    pub colours: Option<(String, usize)>,
    /// `bye RULE` and its line: who may receive the bye in a whole-field system.
    pub bye: Option<(ByeRule, usize)>,
    /// The constraints of one's own (`require`), in the file's order.
    pub requirements: Vec<Requirement>,
    /// `record NAME`: criteria measured on each round's final pairing (its pairs and the bye),
    /// not optimised: name (interned), expression, line.
    pub records: Vec<(&'static str, criterion::Expr, usize)>,
}

impl Formulation {
    /// [`Formulation::parse`] of a built-in text, done once per process and kept in `slot` (a
    /// batch pairs thousands of rounds; reading the same file again each round was 1.5% of a
    /// Dutch batch's time). The text is a constant, so every caller gets the same value.
    pub fn built_in(
        slot: &'static std::sync::OnceLock<Formulation>,
        name: &str,
        text: &str,
        known: impl Fn(&str) -> bool,
    ) -> Result<&'static Formulation, String> {
        if let Some(f) = slot.get() {
            return Ok(f);
        }
        let read = Formulation::parse(name, text, known)?;
        Ok(slot.get_or_init(|| read))
    }

    /// Parses a `.model` text: `#` comments, blank lines, one `KEY description` per line, and
    /// the lines of one's own criteria. Every key must be known to `known`; errors name the line
    /// (and, in an expression, the column), under `name`.
    pub fn parse(name: &str, text: &str, known: impl Fn(&str) -> bool) -> Result<Formulation, String> {
        let mut f = Formulation {
            name: name.to_string(),
            criteria: Vec::new(),
            lines: Vec::new(),
            custom: Vec::new(),
            colours: None,
            bye: None,
            requirements: Vec::new(),
            records: Vec::new(),
        };
        let mut defined: Vec<(String, Vec<criterion::Expr>, usize)> = Vec::new();
        for (k, raw) in text.lines().enumerate() {
            let line = k + 1;
            let at = |e: SyntaxError| format!("{name}:{line}:{}: {}", e.col, e.message);
            let indent = raw.chars().take_while(|c| c.is_whitespace()).count();
            let body: String = raw.chars().skip(indent).collect();
            if body.is_empty() || body.starts_with('#') {
                continue;
            }
            let word: String = body.chars().take_while(|c| !c.is_whitespace()).collect();
            // The column (1-based) just after the first word.
            let rest_col = indent + word.chars().count() + 1;
            let rest: String = body.chars().skip(word.chars().count()).collect();
            match word.as_str() {
                "define" => {
                    let lookup = |n: &str| defined.iter().find(|d| d.0 == n).map(|d| d.1.clone());
                    let (n, col, parts) = criterion::parse_definition(&rest, rest_col, line, &lookup).map_err(at)?;
                    if let Some((_, _, l)) = defined.iter().find(|d| d.0 == n) {
                        return Err(format!("{name}:{line}:{col}: '{n}' is already defined on line {l}"));
                    }
                    defined.push((n, parts, line));
                }
                "minimise" | "minimize" | "maximise" | "maximize" => {
                    let sense = if word.starts_with("min") { Sense::Minimise } else { Sense::Maximise };
                    let w = criterion::words(&rest, rest_col).map_err(at)?;
                    let (n, col) = match w.as_slice() {
                        [(n, col)] => (n.clone(), *col),
                        [] => {
                            return Err(format!(
                                "{name}:{line}:{rest_col}: '{word}' needs the name of a defined criterion"
                            ))
                        }
                        [_, (extra, col), ..] => {
                            return Err(format!("{name}:{line}:{col}: unexpected '{extra}': one criterion per line"))
                        }
                    };
                    let Some((_, parts, _)) = defined.iter().find(|d| d.0 == n) else {
                        return Err(format!(
                            "{name}:{line}:{col}: '{n}' is not defined: write 'define {n} = ...' on a line before"
                        ));
                    };
                    if let Some(c) = f.custom.iter().find(|c| c.name == n) {
                        return Err(format!("{name}:{line}:{col}: '{n}' is already a criterion, on line {}", c.line));
                    }
                    let interned = criterion::intern(&n);
                    f.custom.push(Custom { name: interned, parts: parts.clone(), sense, line });
                    f.criteria.push(n);
                    f.lines.push(line);
                }
                "require" => {
                    let lookup = |n: &str| defined.iter().find(|d| d.0 == n).map(|d| d.1.clone());
                    let r = criterion::parse_requirement(&rest, rest_col, line, &lookup).map_err(at)?;
                    f.requirements.push(r);
                }
                "record" => {
                    let w = criterion::words(&rest, rest_col).map_err(at)?;
                    let (n, col) = match w.as_slice() {
                        [(n, col)] => (n.clone(), *col),
                        _ => {
                            return Err(format!(
                                "{name}:{line}:{rest_col}: 'record' takes the name of one defined criterion"
                            ))
                        }
                    };
                    let Some((_, parts, _)) = defined.iter().find(|d| d.0 == n) else {
                        return Err(format!(
                            "{name}:{line}:{col}: '{n}' is not defined: write 'define {n} = ...' on a line before"
                        ));
                    };
                    let [part] = parts.as_slice() else {
                        return Err(format!(
                            "{name}:{line}:{col}: '{n}' is a lex(...): record a criterion of one part"
                        ));
                    };
                    if f.records.iter().any(|r| r.0 == n) {
                        return Err(format!("{name}:{line}:{col}: '{n}' is recorded already"));
                    }
                    f.records.push((criterion::intern(&n), part.clone(), line));
                }
                "colours" | "colors" => {
                    let w = criterion::words(&rest, rest_col).map_err(at)?;
                    let at = w.get(1).map_or(rest_col, |x| x.1);
                    match w.as_slice() {
                        [(system, _)] => f.colours = Some((system.clone(), line)),
                        _ => {
                            return Err(format!(
                                "{name}:{line}:{at}: '{word}' takes one system name, e.g. 'colours dutch-2026'"
                            ))
                        }
                    }
                }
                "bye" => {
                    let w = criterion::words(&rest, rest_col).map_err(at)?;
                    let rule = match w.as_slice() {
                        [(r, _)] if r == "lowest-score" => ByeRule::LowestScore,
                        [(r, _)] if r == "eligible" => ByeRule::Eligible,
                        _ => {
                            let at = w.first().map_or(rest_col, |x| x.1);
                            return Err(format!("{name}:{line}:{at}: 'bye' takes 'lowest-score' or 'eligible'"));
                        }
                    };
                    f.bye = Some((rule, line));
                }
                key => {
                    if !known(key) {
                        return Err(format!("{name}:{line}: unknown criterion '{key}'"));
                    }
                    f.criteria.push(key.to_string());
                    f.lines.push(line);
                }
            }
        }
        Ok(f)
    }

    /// The criterion of one's own named `key`, if it is one.
    pub fn custom(&self, key: &str) -> Option<&Custom> {
        self.custom.iter().find(|c| c.name == key)
    }

    /// The line of the first thing only a whole-field system reads (`colours`, `bye`), if any.
    pub fn field_directive(&self) -> Option<(&'static str, usize)> {
        match (&self.colours, &self.bye) {
            (Some((_, l)), _) => Some(("colours", *l)),
            (None, Some((_, l))) => Some(("bye", *l)),
            (None, None) => None,
        }
    }

    /// Checks every criterion of the system's table against it (`known`); the error names the
    /// file, the line and `rules` (e.g. "the Dubov system, rules in force from 2026"). Criteria
    /// of one's own are not in any table: whether a system takes them is the registry's word.
    pub fn check(&self, rules: &str, known: impl Fn(&str) -> bool) -> Result<(), String> {
        match self.criteria.iter().position(|k| !known(k) && self.custom(k).is_none()) {
            Some(i) => Err(format!(
                "{}:{}: '{}' is not a criterion of the {rules}",
                self.name,
                self.lines.get(i).copied().unwrap_or(0),
                self.criteria[i]
            )),
            None => Ok(()),
        }
    }

    /// Reads a `.model` file whose keys have the form of a criterion key (`C` and digits); the
    /// edition checks them against its criteria when pairing. Errors name the file (and line).
    pub fn read_file(path: &std::path::Path) -> Result<Formulation, FormulationFileError> {
        let bytes = std::fs::read(path).map_err(|e| FormulationFileError::Io(format!("{}: {e}", path.display())))?;
        let text = String::from_utf8(bytes).map_err(|e| {
            // A byte that is no UTF-8 is a fault of the file's contents, named where it stands.
            let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
            let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
            let start = good.iter().rposition(|&b| b == b'\n').map_or(0, |k| k + 1);
            let column = String::from_utf8_lossy(&good[start..]).chars().count() + 1;
            let byte = e.as_bytes().get(good.len()).copied().unwrap_or(0);
            FormulationFileError::Format(format!(
                "{}:{line}:{column}: byte 0x{byte:02X} is not UTF-8; a formulation file is UTF-8 text",
                path.display()
            ))
        })?;
        // A criterion key (`C12`) or a step of a procedure (`3.9a`, `proc:2.6`): the system
        // checks them against its own table when pairing (file and line in the error).
        let looks_like_key = |k: &str| {
            (k.len() > 1 && k.starts_with('C') && k[1..].bytes().all(|b| b.is_ascii_digit()))
                || (k.starts_with(|c: char| c.is_ascii_digit() || c == 'h' || c == 'p')
                    && k.bytes().all(|b| b.is_ascii_alphanumeric() || b".:-".contains(&b)))
        };
        Formulation::parse(&path.display().to_string(), &text, looks_like_key).map_err(FormulationFileError::Format)
    }
}

/// Why a formulation file could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormulationFileError {
    /// The file could not be read.
    Io(String),
    /// A line is not a criterion (the message names file and line).
    Format(String),
}

impl std::fmt::Display for FormulationFileError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FormulationFileError::Io(m) | FormulationFileError::Format(m) => f.write_str(m),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_keys_in_order_and_names_bad_lines() {
        let f = Formulation::parse("x.model", "# c\n\nC5 pairs\n C6  psd\n", |k| k.starts_with('C')).expect("valid");
        assert_eq!(f.criteria, vec!["C5", "C6"]);
        let e = Formulation::parse("x.model", "C5\nZZ oops\n", |k| k.starts_with('C')).expect_err("ZZ unknown");
        assert_eq!(e, "x.model:2: unknown criterion 'ZZ'");
    }

    #[test]
    fn a_criterion_the_system_lacks_is_named_with_its_line() {
        let f = Formulation::parse("y.model", "# c\nC5 a\n\nC9 b\n", |k| k.starts_with('C')).expect("valid");
        assert_eq!(f.lines, vec![2, 4]);
        assert_eq!(
            f.check("Dubov system", |k| k == "C5"),
            Err("y.model:4: 'C9' is not a criterion of the Dubov system".into())
        );
        assert_eq!(f.check("Dubov system", |k| k == "C5" || k == "C9"), Ok(()));
    }
}
