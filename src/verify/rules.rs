//! The edition-dependent parts of the absolute rules, one place each, with their articles.
//!
//! Only what differs between systems and editions lives here: which basic rules apply (C.04.1 of
//! 2017 or 2026), who may receive the pairing-allocated bye, and who is exempt from the colour
//! limits. Everything else is common to all systems (C.04.1).

use crate::tournament::{Player, Tournament};
use crate::vocabulary::System;

/// The rule set a pairing is checked against.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Edition {
    Dutch2012,
    Dutch2017,
    Dutch2026,
    Dubov2018,
    Dubov2026,
    Lim,
    Burstein2026,
}

impl Edition {
    pub fn of(system: System) -> Edition {
        match system {
            System::Dutch2012 => Edition::Dutch2012,
            System::Dutch2017 => Edition::Dutch2017,
            System::Dutch2026 => Edition::Dutch2026,
            System::Dubov2018 => Edition::Dubov2018,
            System::Dubov2026 => Edition::Dubov2026,
            System::Lim => Edition::Lim,
            System::Burstein2026 => Edition::Burstein2026,
        }
    }

    /// Editions applying the 2026 basic rules (C.04.1, effective 1 February 2026).
    fn basic_2026(self) -> bool {
        matches!(self, Edition::Dutch2026 | Edition::Dubov2026 | Edition::Burstein2026)
    }

    pub fn is_dutch(self) -> bool {
        matches!(self, Edition::Dutch2012 | Edition::Dutch2017 | Edition::Dutch2026)
    }

    /// The article forbidding a second meeting.
    pub fn rematch_article(self) -> &'static str {
        match self {
            Edition::Dutch2012 => "C.04.3 (2012) B.1.a",
            Edition::Dutch2017 => "C.04.3 (2017) C.1, C.04.1.b",
            Edition::Dutch2026 => "C.04.3 (2026) 2.1.1 [C1], C.04.1 Art. 2",
            Edition::Dubov2018 => "C.04.4.1 (2018) C.1, C.04.1.b",
            Edition::Dubov2026 => "C.04.4.1 (2026) 2.1.1 [C1], C.04.1 Art. 2",
            Edition::Lim => "C.04.4.3 2.1 (compatible players), C.04.1.b",
            Edition::Burstein2026 => "C.04.4.2 (2026) 2.1.1 [C1], C.04.1 Art. 2",
        }
    }

    /// The article saying who is paired and who receives the bye.
    pub fn presence_article(self) -> &'static str {
        if self.basic_2026() {
            "C.04.1 Art. 3"
        } else {
            "C.04.1.c"
        }
    }

    /// The articles saying who may receive the pairing-allocated bye.
    pub fn pab_article(self) -> &'static str {
        match self {
            Edition::Dutch2012 => "C.04.3 (2012) B.1.b",
            Edition::Dutch2017 => "C.04.3 (2017) C.2, C.04.1.d",
            Edition::Dubov2018 => "C.04.4.1 (2018) C.2, C.04.1.d",
            Edition::Lim => "C.04.4.3 1.1, C.04.1.d",
            Edition::Dutch2026 => "C.04.3 (2026) 2.1.2 [C2], C.04.1 Art. 4",
            Edition::Dubov2026 => "C.04.4.1 (2026) 2.1.2 [C2], C.04.1 Art. 4",
            Edition::Burstein2026 => "C.04.4.2 (2026) 2.1.2 [C2], C.04.1 Art. 4",
        }
    }

    /// Who may receive the pairing-allocated bye, in words (its article: `pab_article`).
    pub fn pab_rule(self) -> &'static str {
        match self {
            // B.1.b (2012): not after a point or half point received without playing.
            Edition::Dutch2012 => "a player who has not scored a point or half point without playing",
            // C.04.1.d (2017): not after a PAB or a forfeit win.
            Edition::Dutch2017 | Edition::Dubov2018 | Edition::Lim => {
                "a player who has had no pairing-allocated bye and no forfeit win"
            }
            // C.04.1 Art. 4 (2026): not after a PAB, nor after a win's points scored without playing.
            Edition::Dutch2026 | Edition::Dubov2026 | Edition::Burstein2026 => {
                "a player who has had no pairing-allocated bye and scored no win's points without playing"
            }
        }
    }

    /// The article barring `p` from the pairing-allocated bye, if `p` is barred (`pab_rule`).
    pub fn pab_bar(self, p: &Player) -> Option<&'static str> {
        let barred = match self {
            Edition::Dutch2012 => p.history.iter().any(|h| !h.facts.played && h.points.0 > 0),
            Edition::Dutch2026 | Edition::Dubov2026 | Edition::Burstein2026 => p.had_pab || p.unplayed_win_rounds > 0,
            Edition::Dutch2017 | Edition::Dubov2018 | Edition::Lim => p.had_pab || p.had_forfeit_win,
        };
        barred.then_some(self.pab_article())
    }

    /// The articles of the two colour limits: (difference beyond ±2, same colour three times).
    pub fn colour_articles(self) -> (&'static str, &'static str) {
        match self {
            Edition::Dutch2012 => ("C.04.3 (2012) B.2, C.04.1.f", "C.04.3 (2012) B.2, C.04.1.g"),
            Edition::Dutch2017 => ("C.04.3 (2017) C.3, C.04.1.f", "C.04.3 (2017) C.3, C.04.1.g"),
            Edition::Dutch2026 => {
                ("C.04.3 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.3 (2026) 2.1.3 [C3], C.04.1 Art. 7")
            }
            Edition::Dubov2018 => ("C.04.4.1 (2018) C.3, C.04.1.f", "C.04.4.1 (2018) C.3, C.04.1.g"),
            Edition::Dubov2026 => {
                ("C.04.4.1 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.4.1 (2026) 2.1.3 [C3], C.04.1 Art. 7")
            }
            Edition::Lim => ("C.04.4.3 2.1, 5.1.b", "C.04.4.3 2.1, 5.1.a"),
            Edition::Burstein2026 => {
                ("C.04.4.2 (2026) 2.1.3 [C3], C.04.1 Art. 6", "C.04.4.2 (2026) 2.1.3 [C3], C.04.1 Art. 7")
            }
        }
    }

    /// True when the colour limits do not bind `i` playing `opp` this round.
    /// - Dutch (C.04.3 2017 C.3, 2026 \[C3\], 2012 B.2 note): only non-topscorers are bound, and a
    ///   topscorer's opponent is treated as a topscorer for colours; topscorers exist only when
    ///   pairing the last round.
    /// - Lim 6: in the last round, players of the same score may be paired even if one of them
    ///   gets the same colour a third time or three more of one colour.
    /// - Dubov, Burstein: no exception (Burstein's seeding rounds, paired by the Dutch rules,
    ///   are never the last round).
    pub fn colour_exempt(self, t: &Tournament, i: usize, opp: usize) -> bool {
        match self {
            Edition::Dutch2012 | Edition::Dutch2017 | Edition::Dutch2026 => t.is_topscorer(i) || t.is_topscorer(opp),
            Edition::Lim => t.is_last_round() && t.players[i].score == t.players[opp].score,
            Edition::Dubov2018 | Edition::Dubov2026 | Edition::Burstein2026 => false,
        }
    }

    /// The article of the forbidden-pairs request (XXP, TRF-2026 record 260).
    pub fn forbidden_article(self) -> &'static str {
        "forbidden pair (XXP / TRF-2026 260)"
    }
}
