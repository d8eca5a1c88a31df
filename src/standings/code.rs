//! Tie-break codes: what a user writes on the command line and what TRF-2026 writes in its
//! `202`/`212` records, read into a [`TieBreak`] (a C.07 tie-break with its score and modifiers).
//!
//! The syntax is the one FIDE's reference engine reads and TRF-2026 files carry: the C.07
//! acronym, an optional reference score for team and Double-Swiss events (`:MP`, `:GP`, C.07 13),
//! then modifiers after `/`: `C<n>` Cut-n (14.1, 14.2), `M<n>` Median-n (14.3, 14.4), `L<±k>` a
//! changed limit in half points or `L<p>` in percent (14.5, Koya), `R` the reverse order (7.8,
//! 10.6), `F` Fore Buchholz for AOB and SSSC (8.2, 13.4.2), `P` forfeits counted as games in a
//! direct encounter (6.1.1, "unless the specific regulations of the tournament state otherwise").
//! The text's own spelling with `-` (`BH-C1`, `ARO-M2`) is read too, in any case, and so are the
//! keys of earlier lexpair versions (`bh-c1`, `win`); `gp` and `mp` are refused with the codes
//! that say what they meant.

use std::fmt;
use std::str::FromStr;

/// Which score a team (or Double-Swiss) tie-break refers to (C.07 11.1, 13).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ScoreKind {
    /// Match points (11.1.1).
    Match,
    /// Game points (11.1.2).
    Game,
}

impl ScoreKind {
    /// `MP` or `GP`.
    pub fn code(self) -> &'static str {
        match self {
            ScoreKind::Match => "MP",
            ScoreKind::Game => "GP",
        }
    }

    /// The other score.
    pub fn other(self) -> ScoreKind {
        match self {
            ScoreKind::Match => ScoreKind::Game,
            ScoreKind::Game => ScoreKind::Match,
        }
    }
}

/// The knock-out tie-breaks EDE continues with when exactly two teams stay tied (13.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EdeChain {
    /// EDE alone (13.3.1).
    None,
    /// EDEBT: EDE + BC + TBR.
    BoardCountTop,
    /// EDEBB: EDE + BC + BBE.
    BoardCountBottom,
    /// EDET: EDE + TBR.
    Top,
    /// EDEB: EDE + BBE.
    Bottom,
}

/// The tie-breaks of C.07 (Articles 6-13), by their acronyms.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// `PTS` (or `MPTS`, `GPTS`): a score itself; the primary score without `:MP`/`:GP`.
    Points,
    /// `MPVGP` (13.1): the score that is not primary.
    OtherScore,
    /// `DE` (6).
    DirectEncounter,
    /// `EDE`, `EDEBT`, `EDEBB`, `EDET`, `EDEB` (13.3).
    ExtendedDirectEncounter(EdeChain),
    /// `WIN` (7.1).
    Wins,
    /// `WON` (7.2).
    GamesWon,
    /// `BPG` (7.3).
    BlackGames,
    /// `BWG` (7.4).
    BlackWins,
    /// `PS` (7.5).
    ProgressiveScores,
    /// `REP` (7.6; `GE` in earlier editions).
    RoundsElected,
    /// `STD` (7.7).
    StandardPoints,
    /// `TPN` (7.8).
    PairingNumber,
    /// `BH` (8.1).
    Buchholz,
    /// `AOB` (8.2).
    AverageOpponentsBuchholz,
    /// `FB` (8.3).
    ForeBuchholz,
    /// `SB` (9.1).
    SonnebornBerger,
    /// `KS` (9.2).
    Koya,
    /// `ARO` (10.1).
    AverageRating,
    /// `TPR` (10.2).
    PerformanceRating,
    /// `PTP` (10.3).
    PerfectPerformance,
    /// `APRO` (10.4).
    AveragePerformance,
    /// `APPO` (10.5).
    AveragePerfectPerformance,
    /// `RTNG` (10.6).
    Rating,
    /// `BC` (12.1).
    BoardCount,
    /// `TBR` (12.2).
    TopBoard,
    /// `BBE` (12.3).
    BottomBoardElimination,
    /// `ESB` (13.2) as `EMMSB`, `EMGSB`, `EGMSB`, `EGGSB`: the opponent's total in the first
    /// score times the points scored against him in the second.
    ExtendedSonnebornBerger(ScoreKind, ScoreKind),
    /// `SSSC` (13.4).
    ScheduleStrength,
}

/// A changed limit (14.5), for Koya.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Limit {
    /// `L60`: this percentage of the maximum possible score instead of 50.
    Percent(u32),
    /// `L+1`, `L-2`: this many half points above (below) 50 percent (14.5: "by half point at
    /// a time").
    HalfPoints(i64),
    /// `L+1.5`: this score (tenths of a point) above (below) 50 percent.
    Points(i64),
}

/// One tie-break of an ordered list (C.07 4.1): its kind, score and modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TieBreak {
    /// The tie-break.
    pub kind: Kind,
    /// The score it reads (`:MP`, `:GP`); the primary score when `None` (13).
    pub score: Option<ScoreKind>,
    /// Least significant values cut (Cut-n, and the low half of Median-n; 14.1-14.4).
    pub cut_low: u32,
    /// Most significant values cut (the high half of Median-n, 14.3, 14.4).
    pub cut_high: u32,
    /// Koya's limit, when changed (14.5).
    pub limit: Option<Limit>,
    /// The reverse order (`/R`: TPN descending, RTNG lowest first; 7.8, 10.6).
    pub reverse: bool,
    /// Fore Buchholz instead of Buchholz (`/F`: AOB 8.2, SSSC 13.4.2 a).
    pub fore: bool,
    /// Forfeits counted as games in a direct encounter (`/P`, 6.1.1).
    pub forfeits_as_games: bool,
}

/// The acronyms read, with the kind each names (aliases after the first spelling).
const NAMES: &[(&str, Kind)] = &[
    ("PTS", Kind::Points),
    ("MPTS", Kind::Points),
    ("GPTS", Kind::Points),
    ("MPVGP", Kind::OtherScore),
    ("DE", Kind::DirectEncounter),
    ("EDE", Kind::ExtendedDirectEncounter(EdeChain::None)),
    ("EDEBT", Kind::ExtendedDirectEncounter(EdeChain::BoardCountTop)),
    ("EDEBB", Kind::ExtendedDirectEncounter(EdeChain::BoardCountBottom)),
    ("EDET", Kind::ExtendedDirectEncounter(EdeChain::Top)),
    ("EDEB", Kind::ExtendedDirectEncounter(EdeChain::Bottom)),
    ("WIN", Kind::Wins),
    ("WON", Kind::GamesWon),
    ("BPG", Kind::BlackGames),
    ("BWG", Kind::BlackWins),
    ("PS", Kind::ProgressiveScores),
    ("REP", Kind::RoundsElected),
    ("GE", Kind::RoundsElected),
    ("STD", Kind::StandardPoints),
    ("TPN", Kind::PairingNumber),
    ("BH", Kind::Buchholz),
    ("AOB", Kind::AverageOpponentsBuchholz),
    ("FB", Kind::ForeBuchholz),
    ("SB", Kind::SonnebornBerger),
    ("KS", Kind::Koya),
    ("ARO", Kind::AverageRating),
    ("TPR", Kind::PerformanceRating),
    ("PTP", Kind::PerfectPerformance),
    ("APRO", Kind::AveragePerformance),
    ("APPO", Kind::AveragePerfectPerformance),
    ("RTNG", Kind::Rating),
    ("BC", Kind::BoardCount),
    ("TBR", Kind::TopBoard),
    ("BBE", Kind::BottomBoardElimination),
    ("ESB", Kind::ExtendedSonnebornBerger(ScoreKind::Match, ScoreKind::Game)),
    ("EMMSB", Kind::ExtendedSonnebornBerger(ScoreKind::Match, ScoreKind::Match)),
    ("EMGSB", Kind::ExtendedSonnebornBerger(ScoreKind::Match, ScoreKind::Game)),
    ("EGMSB", Kind::ExtendedSonnebornBerger(ScoreKind::Game, ScoreKind::Match)),
    ("EGGSB", Kind::ExtendedSonnebornBerger(ScoreKind::Game, ScoreKind::Game)),
    ("SSSC", Kind::ScheduleStrength),
];

/// Keys of earlier lexpair versions that no code spells alike: refused with what to write now
/// (a list led by a score code ranks by that score, so `gp` first would change meaning).
const LEGACY: &[(&str, &str)] = &[
    ("GP", "game points: MPVGP (the score that is not primary), or GPTS at the head of the list to rank by them"),
    ("MP", "match points: MPVGP (the score that is not primary), or MPTS at the head of the list to rank by them"),
];

impl Kind {
    /// The acronym (`ESB` variants by their full names).
    pub fn acronym(self) -> &'static str {
        match self {
            Kind::ExtendedSonnebornBerger(a, b) => match (a, b) {
                (ScoreKind::Match, ScoreKind::Match) => "EMMSB",
                (ScoreKind::Match, ScoreKind::Game) => "EMGSB",
                (ScoreKind::Game, ScoreKind::Match) => "EGMSB",
                (ScoreKind::Game, ScoreKind::Game) => "EGGSB",
            },
            _ => NAMES.iter().find(|(_, k)| *k == self).map_or("?", |(n, _)| n),
        }
    }

    /// The article of C.07 (2026) that defines it.
    pub fn article(self) -> &'static str {
        match self {
            Kind::Points => "11.1",
            Kind::OtherScore => "13.1",
            Kind::DirectEncounter => "6",
            Kind::ExtendedDirectEncounter(_) => "13.3",
            Kind::Wins => "7.1",
            Kind::GamesWon => "7.2",
            Kind::BlackGames => "7.3",
            Kind::BlackWins => "7.4",
            Kind::ProgressiveScores => "7.5",
            Kind::RoundsElected => "7.6",
            Kind::StandardPoints => "7.7",
            Kind::PairingNumber => "7.8",
            Kind::Buchholz => "8.1",
            Kind::AverageOpponentsBuchholz => "8.2",
            Kind::ForeBuchholz => "8.3",
            Kind::SonnebornBerger => "9.1",
            Kind::Koya => "9.2",
            Kind::AverageRating => "10.1",
            Kind::PerformanceRating => "10.2",
            Kind::PerfectPerformance => "10.3",
            Kind::AveragePerformance => "10.4",
            Kind::AveragePerfectPerformance => "10.5",
            Kind::Rating => "10.6",
            Kind::BoardCount => "12.1",
            Kind::TopBoard => "12.2",
            Kind::BottomBoardElimination => "12.3",
            Kind::ExtendedSonnebornBerger(..) => "13.2",
            Kind::ScheduleStrength => "13.4",
        }
    }

    /// A tie-break based on a sum of values, which Cut and Median modifiers apply to (14).
    fn takes_cuts(self) -> bool {
        matches!(
            self,
            Kind::Buchholz
                | Kind::ForeBuchholz
                | Kind::AverageOpponentsBuchholz
                | Kind::SonnebornBerger
                | Kind::ExtendedSonnebornBerger(..)
                | Kind::AverageRating
                | Kind::PerformanceRating
                | Kind::PerfectPerformance
                | Kind::ProgressiveScores
                | Kind::ScheduleStrength
        )
    }

    /// Tie-breaks that order a group of tied participants among themselves (Type A and the
    /// knock-out ones that reapply board by board) rather than give each a value of its own.
    pub fn orders_a_group(self) -> bool {
        matches!(
            self,
            Kind::DirectEncounter | Kind::ExtendedDirectEncounter(_) | Kind::TopBoard | Kind::BottomBoardElimination
        )
    }

    /// Tie-breaks of which a lower value ranks higher (BC, 12.1; TPN, 7.8).
    pub fn lower_is_better(self) -> bool {
        matches!(self, Kind::BoardCount | Kind::PairingNumber)
    }
}

impl TieBreak {
    /// The tie-break `kind` with no score named and no modifier.
    pub fn plain(kind: Kind) -> TieBreak {
        TieBreak {
            kind,
            score: None,
            cut_low: 0,
            cut_high: 0,
            limit: None,
            reverse: false,
            fore: false,
            forfeits_as_games: false,
        }
    }

    /// The code as TRF-2026 writes it (`BH/C1`, `BH:GP`, `EMGSB/C1`, `KS/L-1`).
    pub fn code(&self) -> String {
        self.render('/')
    }

    /// The C.07 acronym as a column heading shows it (`BH-C1`, `ARO-M2`, `BH:GP-C1`).
    pub fn heading(&self) -> String {
        self.render('-')
    }

    fn render(&self, sep: char) -> String {
        let mut s = String::from(self.kind.acronym());
        if self.kind == Kind::Points {
            s = match self.score {
                Some(ScoreKind::Match) => "MPTS".into(),
                Some(ScoreKind::Game) => "GPTS".into(),
                None => "PTS".into(),
            };
        } else if let Some(score) = self.score {
            s.push(':');
            s.push_str(score.code());
        }
        // Only Median-n cuts high values, as many as low ones (14.3, 14.4).
        if self.cut_high > 0 {
            s.push_str(&format!("{sep}M{}", self.cut_high));
        } else if self.cut_low > 0 {
            s.push_str(&format!("{sep}C{}", self.cut_low));
        }
        match self.limit {
            Some(Limit::Percent(p)) => s.push_str(&format!("{sep}L{p}")),
            Some(Limit::HalfPoints(k)) => s.push_str(&format!("{sep}L{k:+}")),
            Some(Limit::Points(t)) => {
                let sign = if t < 0 { '-' } else { '+' };
                s.push_str(&format!("{sep}L{sign}{}", crate::points::Points(t.abs())));
            }
            None => {}
        }
        for (on, letter) in [(self.fore, 'F'), (self.forfeits_as_games, 'P'), (self.reverse, 'R')] {
            if on {
                s.push(sep);
                s.push(letter);
            }
        }
        s
    }

    /// Parses a list separated by commas or blanks (as a `202`/`212` record or `--tiebreaks`
    /// gives it); a tie-break listed twice is refused unless it may be (Type A, 4.3).
    pub fn parse_list(text: &str) -> Result<Vec<TieBreak>, String> {
        let mut out: Vec<TieBreak> = Vec::new();
        for part in text.split([',', ' ', '\t', ';']).map(str::trim).filter(|p| !p.is_empty()) {
            let tb: TieBreak = part.parse()?;
            if out.contains(&tb) && !tb.kind.orders_a_group() {
                return Err(format!("tie-break '{part}' is listed twice"));
            }
            out.push(tb);
        }
        Ok(out)
    }

    /// The names read, for messages.
    pub fn known() -> String {
        let names: Vec<&str> = NAMES.iter().map(|(n, _)| *n).collect();
        names.join(", ")
    }
}

impl fmt::Display for TieBreak {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

impl FromStr for TieBreak {
    type Err = String;

    fn from_str(text: &str) -> Result<TieBreak, String> {
        let upper = text.trim().to_ascii_uppercase();
        let name_end = upper.find(['/', '-', ':']).unwrap_or(upper.len());
        let (name, mut rest) = upper.split_at(name_end);
        if let Some((old, now)) = LEGACY.iter().find(|(old, _)| *old == name) {
            return Err(format!(
                "'{}' was lexpair's key for {now} (C.07 codes; '{old}' alone is not one)",
                text.trim()
            ));
        }
        let kind = NAMES.iter().find(|(n, _)| *n == name).map(|(_, k)| *k).ok_or_else(|| {
            format!(
                "unknown tie-break '{}' (known: {}; modifiers /C1 /M1 /L-1 /R /F /P, scores :MP :GP)",
                text.trim(),
                TieBreak::known()
            )
        })?;
        let mut tb = TieBreak::plain(kind);
        match name {
            "MPTS" => tb.score = Some(ScoreKind::Match),
            "GPTS" => tb.score = Some(ScoreKind::Game),
            _ => {}
        }
        if let Some(after) = rest.strip_prefix(':') {
            let end = after.find(['/', '-']).unwrap_or(after.len());
            tb.score = Some(match &after[..end] {
                "MP" => ScoreKind::Match,
                "GP" => ScoreKind::Game,
                other => return Err(format!("'{}': unknown score ':{other}' (:MP or :GP)", text.trim())),
            });
            if kind == Kind::Points || matches!(kind, Kind::ExtendedSonnebornBerger(..)) {
                return Err(format!("'{}': {} names its scores itself", text.trim(), kind.acronym()));
            }
            rest = &after[end..];
        }
        let bad = |what: &str| format!("'{}': {what}", text.trim());
        while !rest.is_empty() {
            let Some(body) = rest.strip_prefix(['/', '-']) else {
                return Err(bad("a modifier follows '/' (or '-')"));
            };
            let letter = body.chars().next().ok_or_else(|| bad("a modifier is missing after the separator"))?;
            let tail = &body[1..];
            let (arg, next) = match letter {
                'L' => {
                    let signed = tail.starts_with(['+', '-']);
                    let digits_from = usize::from(signed);
                    let end = tail[digits_from..]
                        .find(|c: char| !(c.is_ascii_digit() || c == '.'))
                        .map_or(tail.len(), |e| e + digits_from);
                    (&tail[..end], &tail[end..])
                }
                _ => {
                    let end = tail.find(|c: char| !c.is_ascii_digit()).unwrap_or(tail.len());
                    (&tail[..end], &tail[end..])
                }
            };
            let number = |arg: &str| -> Result<u32, String> {
                arg.parse::<u32>()
                    .ok()
                    .filter(|&n| n > 0)
                    .ok_or_else(|| bad(&format!("'{letter}' takes a number of values, 1 or more")))
            };
            match letter {
                'C' if kind.takes_cuts() => tb.cut_low = number(arg)?,
                'M' if kind.takes_cuts() => {
                    let n = number(arg)?;
                    (tb.cut_low, tb.cut_high) = (n, n);
                }
                'L' if kind == Kind::Koya => tb.limit = Some(parse_limit(arg).ok_or_else(|| bad("L takes +k or -k half points, or a percentage"))?),
                'R' if arg.is_empty() && matches!(kind, Kind::PairingNumber | Kind::Rating) => tb.reverse = true,
                'F' if arg.is_empty()
                    && matches!(kind, Kind::AverageOpponentsBuchholz | Kind::ScheduleStrength) =>
                {
                    tb.fore = true
                }
                'P' if arg.is_empty()
                    && matches!(kind, Kind::DirectEncounter | Kind::ExtendedDirectEncounter(_)) =>
                {
                    tb.forfeits_as_games = true
                }
                'C' | 'M' | 'L' | 'R' | 'F' | 'P' => {
                    return Err(bad(&format!(
                        "{letter} does not apply to {} (C.07 14: Cut and Median modify sums of values; L is Koya's limit; R reverses TPN and RTNG; F gives AOB and SSSC the Fore Buchholz; P counts forfeits in a direct encounter)",
                        kind.acronym()
                    )))
                }
                _ => return Err(bad(&format!("unknown modifier '{letter}' (C, M, L, R, F, P)"))),
            }
            rest = next;
        }
        Ok(tb)
    }
}

fn parse_limit(arg: &str) -> Option<Limit> {
    if let Some(signed) = arg.strip_prefix(['+', '-']) {
        let sign = if arg.starts_with('-') { -1 } else { 1 };
        return if signed.contains('.') {
            Some(Limit::Points(sign * crate::points::Points::parse(signed)?.0))
        } else {
            Some(Limit::HalfPoints(sign * signed.parse::<i64>().ok()?))
        };
    }
    arg.parse::<u32>().ok().filter(|&p| p <= 100).map(Limit::Percent)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> String {
        s.parse::<TieBreak>().map(|t| t.code()).unwrap_or_else(|e| e)
    }

    #[test]
    fn codes_read_as_trf_2026_and_the_text_write_them() {
        assert_eq!(code("BH/C1"), "BH/C1");
        assert_eq!(code("bh-c1"), "BH/C1");
        assert_eq!(code("BH:MP/C1"), "BH:MP/C1");
        assert_eq!(code("bh:gp"), "BH:GP");
        assert_eq!(code("ARO/M2"), "ARO/M2");
        assert_eq!(code("KS/L-1"), "KS/L-1");
        assert_eq!(code("KS-L+2"), "KS/L+2");
        assert_eq!(code("KS/L60"), "KS/L60");
        assert_eq!(code("KS/L+1.5"), "KS/L+1.5");
        assert_eq!(code("EMGSB/C1"), "EMGSB/C1");
        assert_eq!(code("mpts"), "MPTS");
        assert!(code("gp").contains("MPVGP"));
        assert_eq!(code("TPN/R"), "TPN/R");
        assert_eq!(code("AOB/F"), "AOB/F");
        assert_eq!(code("DE/P"), "DE/P");
        assert_eq!(code("GE"), "REP");
        assert_eq!("BH-C1".parse::<TieBreak>().map(|t| t.heading()), Ok("BH-C1".to_string()));
    }

    #[test]
    fn unknown_codes_and_misplaced_modifiers_are_refused_with_what_is_known() {
        assert!(code("median").contains("unknown tie-break 'median'"));
        assert!(code("median").contains("BH"));
        assert!(code("WIN/C1").contains("does not apply to WIN"));
        assert!(code("BH/X2").contains("unknown modifier 'X'"));
        assert!(code("BH/C0").contains("1 or more"));
        assert!(code("BH:XP").contains("unknown score"));
        assert!(TieBreak::parse_list("BH,SB,BH").unwrap_err().contains("twice"));
        assert_eq!(TieBreak::parse_list("DE BH DE").map(|l| l.len()), Ok(3));
    }
}
