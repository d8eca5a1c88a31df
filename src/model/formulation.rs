//! Formulation files (`models/*.model`): the quality criteria of a system, in priority order.

/// A formulation: criterion keys in priority order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formulation {
    pub name: String,
    pub criteria: Vec<String>,
    /// The line (1-based) of each criterion in the file, for errors found after reading.
    pub lines: Vec<usize>,
}

impl Formulation {
    /// Parses a `.model` text: `#` comments, blank lines, and one `KEY description` per line.
    /// Every key must be known to `known`; errors name the line.
    pub fn parse(name: &str, text: &str, known: impl Fn(&str) -> bool) -> Result<Formulation, String> {
        let mut criteria = Vec::new();
        let mut lines = Vec::new();
        for (k, line) in text.lines().enumerate() {
            let line = line.trim();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let key = line.split_whitespace().next().unwrap_or_default();
            if !known(key) {
                return Err(format!("{name}:{}: unknown criterion '{key}'", k + 1));
            }
            criteria.push(key.to_string());
            lines.push(k + 1);
        }
        Ok(Formulation { name: name.to_string(), criteria, lines })
    }

    /// Checks every criterion against a system's table (`known`); the error names the file, the
    /// line and `rules` (e.g. "the Dubov system, rules in force from 2026").
    pub fn check(&self, rules: &str, known: impl Fn(&str) -> bool) -> Result<(), String> {
        match self.criteria.iter().position(|k| !known(k)) {
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
        let text =
            std::fs::read_to_string(path).map_err(|e| FormulationFileError::Io(format!("{}: {e}", path.display())))?;
        let looks_like_key = |k: &str| k.len() > 1 && k.starts_with('C') && k[1..].bytes().all(|b| b.is_ascii_digit());
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
