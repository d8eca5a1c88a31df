//! The options of the Swiss Team system a competition chooses (C.04.6 1.2, 1.7), read from the
//! TRF-2026 tournament-type code (record `192`, FIDE's ETT26 table) as FIDE's reference engine
//! (Gacrux) reads it: `FIDE_TEAM_<COLOURS>_<PRIMARY>[_<SECONDARY>][_BAKU]`.

use serde::Serialize;

/// A team score (1.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Score {
    /// Match points (`362`).
    MatchPoints,
    /// Game points (`162`).
    GamePoints,
}

/// Which colour preferences the competition uses (1.7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum ColourModel {
    /// Type A, simple preferences (1.7.1): the default.
    TypeA,
    /// Type B, strong and mild preferences (1.7.2).
    TypeB,
    /// No colour preferences.
    None,
}

/// The competition's choices for the Swiss Team system.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct TeamRules {
    /// The colour preferences used (1.7).
    pub colours: ColourModel,
    /// The primary score (1.2.1): it forms the scoregroups.
    pub primary: Score,
    /// The secondary score, when it is used for colour allocation (4.2.2).
    pub secondary: Option<Score>,
    /// The code names the Baku acceleration (`_BAKU`).
    pub baku: bool,
}

impl Default for TeamRules {
    /// 1.2.2 and 1.7: match points primary, game points for colours, Type A preferences
    /// (`FIDE_TEAM`).
    fn default() -> Self {
        TeamRules {
            colours: ColourModel::TypeA,
            primary: Score::MatchPoints,
            secondary: Some(Score::GamePoints),
            baku: false,
        }
    }
}

impl TeamRules {
    /// The rules of a `192` code; `Err` names what is not understood. `FIDE_TEAM` is
    /// `FIDE_TEAM_TYPEA_MP_GP`; a code without `TYPEA`/`TYPEB` has no colour preferences; the
    /// first score named is primary, a second one the secondary used for colours, none: no
    /// secondary. `CUSTOM_TEAM_SWISS` (a competition's own rules) cannot be paired by the text.
    pub fn from_code(code: &str) -> Result<TeamRules, String> {
        let known = "FIDE_TEAM, FIDE_TEAM_[TYPEA_|TYPEB_](MP|GP)[_GP|_MP][_BAKU]";
        let upper = code.trim().to_ascii_uppercase();
        if upper.starts_with("CUSTOM_TEAM_SWISS") {
            return Err(format!(
                "'{code}' names a competition's own team rules, which lexpair cannot know; pair it as \
                 FIDE_TEAM_... (C.04.6)"
            ));
        }
        let Some(rest) = upper.strip_prefix("FIDE_TEAM") else {
            return Err(format!("'{code}' is not a Swiss Team code (expected {known})"));
        };
        let mut parts: Vec<&str> = rest.split('_').filter(|p| !p.is_empty()).collect();
        let baku = parts.last() == Some(&"BAKU");
        if baku {
            parts.pop();
        }
        if parts.is_empty() {
            return Ok(TeamRules { baku, ..TeamRules::default() });
        }
        let colours = match parts[0] {
            "TYPEA" => ColourModel::TypeA,
            "TYPEB" => ColourModel::TypeB,
            _ => ColourModel::None,
        };
        if colours != ColourModel::None {
            parts.remove(0);
        }
        let score = |p: &str| match p {
            "MP" => Ok(Score::MatchPoints),
            "GP" => Ok(Score::GamePoints),
            _ => Err(format!("'{code}': '{p}' is not a score (MP or GP; expected {known})")),
        };
        let (primary, secondary) = match parts.as_slice() {
            [p] => (score(p)?, None),
            [p, s] => (score(p)?, Some(score(s)?)),
            [] => return Err(format!("'{code}' names no primary score (expected {known})")),
            _ => return Err(format!("'{code}' is not a Swiss Team code (expected {known})")),
        };
        if secondary == Some(primary) {
            return Err(format!("'{code}' names the same score twice"));
        }
        if baku && primary == Score::GamePoints {
            // C.04.7 1.4.4: the Baku acceleration cannot be used when game points are primary.
            return Err(format!("'{code}': the Baku acceleration cannot be used with game points primary (C.04.7)"));
        }
        Ok(TeamRules { colours, primary, secondary, baku })
    }

    /// The code that names these rules (`FIDE_TEAM_TYPEA_MP_GP`).
    pub fn code(&self) -> String {
        let colours = match self.colours {
            ColourModel::TypeA => "_TYPEA",
            ColourModel::TypeB => "_TYPEB",
            ColourModel::None => "",
        };
        let name = |s: Score| match s {
            Score::MatchPoints => "MP",
            Score::GamePoints => "GP",
        };
        let secondary = self.secondary.map_or(String::new(), |s| format!("_{}", name(s)));
        let baku = if self.baku { "_BAKU" } else { "" };
        format!("FIDE_TEAM{colours}_{}{secondary}{baku}", name(self.primary))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_as_the_reference_engine_reads_them() {
        let r = |c: &str| TeamRules::from_code(c).expect(c);
        assert_eq!(r("FIDE_TEAM"), TeamRules::default());
        assert_eq!(r("FIDE_TEAM_TYPEA_MP_GP"), TeamRules::default());
        assert_eq!(r("FIDE_TEAM_TYPEB_MP_GP").colours, ColourModel::TypeB);
        let none = r("FIDE_TEAM_MP_GP");
        assert_eq!(
            (none.colours, none.primary, none.secondary),
            (ColourModel::None, Score::MatchPoints, Some(Score::GamePoints))
        );
        let gp = r("FIDE_TEAM_TYPEA_GP");
        assert_eq!((gp.primary, gp.secondary), (Score::GamePoints, None));
        assert!(r("FIDE_TEAM_TYPEA_MP_BAKU").baku);
        for c in ["FIDE_TEAM", "FIDE_TEAM_TYPEB_GP_MP", "FIDE_TEAM_MP", "FIDE_TEAM_TYPEA_MP_GP_BAKU"] {
            let rules = r(c);
            assert_eq!(r(&rules.code()), rules, "{c}");
        }
        for bad in [
            "FIDE_DUTCH",
            "FIDE_TEAM_TYPEC_MP",
            "FIDE_TEAM_TYPEA_XP",
            "FIDE_TEAM_TYPEA_MP_MP",
            "CUSTOM_TEAM_SWISS",
            "FIDE_TEAM_GP_BAKU",
        ] {
            assert!(TeamRules::from_code(bad).is_err(), "{bad}");
        }
    }
}
