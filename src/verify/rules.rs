//! The checker's own editions: one data row each, with its articles, who may receive the
//! pairing-allocated bye, and who is exempt from the colour limits.
//!
//! The checker names the editions it judges by itself ([`Rules`]) and finds the row of a system
//! by its name ([`System`], from `vocabulary`): it imports nothing from `src/systems/`. Only
//! what differs between systems and editions lives here; everything else is common to all
//! systems (C.04.1).

use crate::tournament::{Player, Tournament};
use crate::vocabulary::System;

/// The editions the checker knows, by its own names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// C.04.3 Dutch, 2012.
    Dutch2012,
    /// C.04.3 Dutch, 2017.
    Dutch2017,
    /// C.04.3 Dutch, 2026.
    Dutch2026,
    /// C.04.4.1 Dubov, 2018.
    Dubov2018,
    /// C.04.4.1 Dubov, 2026.
    Dubov2026,
    /// C.04.4.3 Lim.
    Lim,
    /// C.04.4.2 Burstein, 2026.
    Burstein2026,
    /// The whole-field system: the absolute rules of C.04.1 (2026) only; its quality criteria
    /// are its formulation file's own.
    Field,
}

/// Who is barred from the pairing-allocated bye.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PabBar {
    /// 2012 B.1.b: a player who scored a point or half a point without playing.
    PointsWithoutPlaying,
    /// C.04.1.d (2017): a player who had a PAB or a forfeit win.
    PabOrForfeitWin,
    /// C.04.1 Art. 4 (2026): a player who had a PAB, or scored a win's points without playing.
    PabOrWinWithoutPlaying,
}

/// Who the colour limits do not bind. The limits themselves (this round may not take a colour
/// difference beyond ±2 or further beyond it, nor extend a run of two equal colours) are
/// `tournament::colour::limits_broken`, common to every system (C.04.1 f/g, Art. 6/7).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColourExemption {
    /// Nobody.
    None,
    /// Dutch (2017 C.3, 2026 \[C3\], 2012 B.2 note): topscorers and their opponents, when pairing
    /// the last round.
    Topscorers,
    /// Lim 6: in the last round, two players of the same score paired together (the score
    /// they are grouped by); nobody else, a floater meeting another score-group included.
    LastRoundEqualScores,
}

/// One edition as the checker judges it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edition {
    /// The checker's name for it.
    pub rules: Rules,
    /// The system whose pairings it judges.
    pub system: System,
    /// It applies the 2026 basic rules (C.04.1, effective 1 February 2026).
    pub basic_2026: bool,
    /// The article forbidding a second meeting.
    pub rematch_article: &'static str,
    /// The articles saying who may receive the pairing-allocated bye.
    pub pab_article: &'static str,
    /// Who is barred from the pairing-allocated bye.
    pub pab_bar: PabBar,
    /// The articles of the two colour limits: (difference beyond ±2, same colour three times).
    pub colour_articles: (&'static str, &'static str),
    /// Who the colour limits do not bind.
    pub colour_exemption: ColourExemption,
}

/// One row per edition the checker knows.
pub const EDITIONS: [Edition; 8] = [
    Edition {
        rules: Rules::Dutch2012,
        system: System::Dutch2012,
        basic_2026: false,
        rematch_article: "C.04.3 (2012) B.1.a",
        pab_article: "C.04.3 (2012) B.1.b",
        pab_bar: PabBar::PointsWithoutPlaying,
        colour_articles: ("C.04.3 (2012) B.2, C.04.1.f", "C.04.3 (2012) B.2, C.04.1.g"),
        colour_exemption: ColourExemption::Topscorers,
    },
    Edition {
        rules: Rules::Dutch2017,
        system: System::Dutch2017,
        basic_2026: false,
        rematch_article: "C.04.3 (2017) C.1, C.04.1.b",
        pab_article: "C.04.3 (2017) C.2, C.04.1.d",
        pab_bar: PabBar::PabOrForfeitWin,
        colour_articles: ("C.04.3 (2017) C.3, C.04.1.f", "C.04.3 (2017) C.3, C.04.1.g"),
        colour_exemption: ColourExemption::Topscorers,
    },
    Edition {
        rules: Rules::Dutch2026,
        system: System::Dutch2026,
        basic_2026: true,
        rematch_article: "C.04.3 (2026) 2.1.1 [C1], C.04.1 Art. 2",
        pab_article: "C.04.3 (2026) 2.1.2 [C2], C.04.1 Art. 4",
        pab_bar: PabBar::PabOrWinWithoutPlaying,
        colour_articles: ("C.04.3 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.3 (2026) 2.1.3 [C3], C.04.1 Art. 7"),
        colour_exemption: ColourExemption::Topscorers,
    },
    Edition {
        rules: Rules::Dubov2018,
        system: System::Dubov2018,
        basic_2026: false,
        rematch_article: "C.04.4.1 (2018) C.1, C.04.1.b",
        pab_article: "C.04.4.1 (2018) C.2, C.04.1.d",
        pab_bar: PabBar::PabOrForfeitWin,
        colour_articles: ("C.04.4.1 (2018) C.3, C.04.1.f", "C.04.4.1 (2018) C.3, C.04.1.g"),
        colour_exemption: ColourExemption::None,
    },
    Edition {
        rules: Rules::Dubov2026,
        system: System::Dubov2026,
        basic_2026: true,
        rematch_article: "C.04.4.1 (2026) 2.1.1 [C1], C.04.1 Art. 2",
        pab_article: "C.04.4.1 (2026) 2.1.2 [C2], C.04.1 Art. 4",
        pab_bar: PabBar::PabOrWinWithoutPlaying,
        colour_articles: ("C.04.4.1 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.4.1 (2026) 2.1.3 [C3], C.04.1 Art. 7"),
        colour_exemption: ColourExemption::None,
    },
    Edition {
        rules: Rules::Lim,
        system: System::Lim,
        basic_2026: false,
        rematch_article: "C.04.4.3 2.1 (compatible players), C.04.1.b",
        pab_article: "C.04.4.3 1.1, C.04.1.d",
        pab_bar: PabBar::PabOrForfeitWin,
        colour_articles: ("C.04.4.3 2.1, 5.1.b", "C.04.4.3 2.1, 5.1.a"),
        colour_exemption: ColourExemption::LastRoundEqualScores,
    },
    Edition {
        rules: Rules::Burstein2026,
        system: System::Burstein2026,
        basic_2026: true,
        rematch_article: "C.04.4.2 (2026) 2.1.1 [C1], C.04.1 Art. 2",
        pab_article: "C.04.4.2 (2026) 2.1.2 [C2], C.04.1 Art. 4",
        pab_bar: PabBar::PabOrWinWithoutPlaying,
        colour_articles: ("C.04.4.2 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.4.2 (2026) 2.1.3 [C3], C.04.1 Art. 7"),
        // Burstein's seeding rounds, paired by the Dutch rules, are never the last round.
        colour_exemption: ColourExemption::None,
    },
    Edition {
        rules: Rules::Field,
        system: System::Field,
        basic_2026: true,
        rematch_article: "C.04.1 Art. 2",
        pab_article: "C.04.1 Art. 4",
        pab_bar: PabBar::PabOrWinWithoutPlaying,
        colour_articles: ("C.04.1 Art. 6", "C.04.1 Art. 7"),
        // No bracket, no topscorer: the colour limits bind everybody in every round.
        colour_exemption: ColourExemption::None,
    },
];

impl Edition {
    /// The checker's row for `system`; `None` for a system that pairs teams (its rules are
    /// [`super::team`]'s).
    pub fn of(system: System) -> Option<Edition> {
        EDITIONS.iter().find(|e| e.system == system).copied()
    }

    /// A Dutch edition (downfloaters count, the PAB's receiver downfloats).
    pub fn is_dutch(self) -> bool {
        matches!(self.rules, Rules::Dutch2012 | Rules::Dutch2017 | Rules::Dutch2026)
    }

    /// The article forbidding a second meeting.
    pub fn rematch_article(self) -> &'static str {
        self.rematch_article
    }

    /// The article saying who is paired and who receives the bye.
    pub fn presence_article(self) -> &'static str {
        if self.basic_2026 {
            "C.04.1 Art. 3"
        } else {
            "C.04.1.c"
        }
    }

    /// The articles saying who may receive the pairing-allocated bye.
    pub fn pab_article(self) -> &'static str {
        self.pab_article
    }

    /// Who may receive the pairing-allocated bye, in words (its article: `pab_article`).
    pub fn pab_rule(self) -> &'static str {
        match self.pab_bar {
            PabBar::PointsWithoutPlaying => "a player who has not scored a point or half point without playing",
            PabBar::PabOrForfeitWin => "a player who has had no pairing-allocated bye and no forfeit win",
            PabBar::PabOrWinWithoutPlaying => {
                "a player who has had no pairing-allocated bye and scored no win's points without playing"
            }
        }
    }

    /// The article barring `p` from the pairing-allocated bye, if `p` is barred (`pab_rule`).
    pub fn pab_bar(self, p: &Player) -> Option<&'static str> {
        let barred = match self.pab_bar {
            PabBar::PointsWithoutPlaying => p.history.iter().any(|h| !h.facts.played && h.points.0 > 0),
            PabBar::PabOrWinWithoutPlaying => p.had_pab || p.unplayed_win_rounds > 0,
            PabBar::PabOrForfeitWin => p.had_pab || p.had_forfeit_win,
        };
        barred.then_some(self.pab_article)
    }

    /// The articles of the two colour limits: (difference beyond ±2, same colour three times).
    pub fn colour_articles(self) -> (&'static str, &'static str) {
        self.colour_articles
    }

    /// True when the colour limits do not bind `i` playing `opp` this round.
    pub fn colour_exempt(self, t: &Tournament, i: usize, opp: usize) -> bool {
        match self.colour_exemption {
            ColourExemption::Topscorers => t.is_topscorer(i) || t.is_topscorer(opp),
            ColourExemption::LastRoundEqualScores => {
                t.is_last_round() && t.players[i].pairing_score() == t.players[opp].pairing_score()
            }
            ColourExemption::None => false,
        }
    }

    /// The article of the forbidden-pairs request (XXP, TRF-2026 record 260).
    pub fn forbidden_article(self) -> &'static str {
        "forbidden pair (XXP / TRF-2026 260)"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_system_has_a_row() {
        for s in System::ALL {
            let rows = EDITIONS.iter().filter(|e| e.system == s).count()
                + super::super::matches::MATCH_EDITIONS.iter().filter(|e| e.system == s).count();
            assert_eq!(rows, 1, "{s}");
        }
        for e in EDITIONS {
            assert_eq!(EDITIONS.iter().filter(|x| x.rules == e.rules).count(), 1, "{:?}", e.rules);
        }
    }
}
