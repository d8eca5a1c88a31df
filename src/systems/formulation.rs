//! Formulation files (`models/*.model`): the quality criteria of a system, in priority order.

/// A formulation: criterion keys in priority order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Formulation {
    pub name: String,
    pub criteria: Vec<String>,
}

impl Formulation {
    /// Parses a `.model` text: `#` comments, blank lines, and one `KEY description` per line.
    /// Every key must be known to `known`; errors name the line.
    pub fn parse(name: &str, text: &str, known: impl Fn(&str) -> bool) -> Result<Formulation, String> {
        let mut criteria = Vec::new();
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
        }
        Ok(Formulation { name: name.to_string(), criteria })
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
}
