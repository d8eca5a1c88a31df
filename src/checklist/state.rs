//! A text table of the tournament state before a round (the `state` command).

use crate::systems::dutch::PlayerRules;
use crate::tournament::{Float, Strength, Tournament};
use crate::trf::Colour;
use std::fmt::Write;

fn colour_char(c: Colour) -> char {
    match c {
        Colour::White => 'W',
        Colour::Black => 'B',
    }
}

fn preference(t: &Tournament, i: usize) -> String {
    let p = &t.players[i].preference;
    match (p.colour, p.strength) {
        (Some(c), Strength::Absolute) => format!("{}!", colour_char(c)),
        (Some(c), Strength::Strong) => format!("{}", colour_char(c)),
        (Some(c), Strength::Mild) => format!("({})", colour_char(c).to_ascii_lowercase()),
        _ => "-".into(),
    }
}

fn float_char(f: Float) -> char {
    match f {
        Float::Down => 'D',
        Float::Up => 'U',
        Float::None => '.',
    }
}

/// The first words of a state table: the round to pair, or, when every round is played, the
/// round the state follows.
fn heading(round: u32, total_rounds: Option<u32>) -> String {
    match total_rounds {
        Some(total) if round > total => {
            format!("after round {} of {total} (the tournament is finished: the state after its last round)", round - 1)
        }
        Some(total) => format!("round {round} of {total}"),
        None => format!("round {round} of ?"),
    }
}

/// One line per player, by pairing score then pairing number; floats and PAB eligibility by
/// `rules`.
pub fn render(t: &Tournament, rules: PlayerRules) -> String {
    let mut s = String::new();
    let init = t.initial_colour.map(|c| colour_char(c).to_string()).unwrap_or_else(|| "unknown".into());
    let _ = writeln!(
        s,
        "{}; initial colour {init}; {} present of {}; floats and PAB by {}",
        heading(t.round, t.total_rounds),
        t.present().len(),
        t.players.len(),
        rules.system
    );
    let _ = writeln!(
        s,
        "{:>4} {:>4} {:<24} {:>5} {:>5} {:<12} {:>3} {:<4} {:<5} {:>3}  notes",
        "pno", "id", "name", "score", "rtg", "colours", "cd", "pref", "float", "pab"
    );
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
    for i in order {
        let p = &t.players[i];
        let colours: String = p.colours.iter().map(|&c| colour_char(c)).collect();
        let floats: String = [2, 1].iter().map(|&b| float_char(p.float_back(b, rules.float))).collect();
        let mut notes = Vec::new();
        if let Some(k) = p.absent {
            notes.push(format!("absent ({k:?} bye)"));
        }
        if t.is_topscorer(i) {
            notes.push("topscorer".into());
        }
        if p.acceleration.0 != 0 {
            notes.push(format!("+{} acceleration", p.acceleration));
        }
        let pab = if rules.pab_eligible(p) { "yes" } else { "no" };
        let name: String = p.name.chars().take(24).collect();
        let _ = writeln!(
            s,
            "{:>4} {:>4} {:<24} {:>5} {:>5} {:<12} {:>3} {:<4} {:<5} {:>3}  {}",
            p.pairing_number,
            p.id,
            name,
            p.score.to_string(),
            p.rating,
            colours,
            p.colour_difference,
            preference(t, i),
            floats,
            pab,
            notes.join(", ")
        );
    }
    s
}

/// One line per team, by pairing score then TPN: match and game points, the colours of the
/// matches played, colour difference and preference (1.6, 1.7), the float of the previous round
/// (1.5) and whether it may receive the pairing-allocated bye (\[C2\]).
pub fn render_teams(t: &crate::team::TeamTournament) -> String {
    use crate::team::{ColourModel, PreferenceStrength, TeamFloat};
    let mut s = String::new();
    let init = t.initial_colour.map(|c| colour_char(c).to_string()).unwrap_or_else(|| "unknown".into());
    let model = match t.rules.colours {
        ColourModel::TypeA => "Type A colour preferences",
        ColourModel::TypeB => "Type B colour preferences",
        ColourModel::None => "no colour preferences",
    };
    let _ = writeln!(
        s,
        "{}; {} ({model}); initial colour {init}; {} boards; {} present of {}",
        heading(t.round, t.total_rounds),
        t.rules.code(),
        t.boards,
        t.present().len(),
        t.teams.len()
    );
    let _ = writeln!(
        s,
        "{:>4} {:<24} {:>5} {:>5} {:>5} {:>3} {:<12} {:>3} {:<4} {:<5} {:>3}  notes",
        "tpn", "name", "mp", "gp", "score", "mat", "colours", "cd", "pref", "float", "pab"
    );
    let mut order: Vec<usize> = (0..t.teams.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.score(i)), t.teams[i].tpn));
    for i in order {
        let team = &t.teams[i];
        let colours: String = team.colours.iter().map(|&c| colour_char(c)).collect();
        let pref = match team.preference {
            Some(p) if p.strength == PreferenceStrength::Mild => {
                format!("({})", colour_char(p.colour).to_ascii_lowercase())
            }
            Some(p) => colour_char(p.colour).to_string(),
            None => "-".into(),
        };
        let float = match team.float_previous {
            TeamFloat::Down => "D",
            TeamFloat::Up => "U",
            TeamFloat::None => ".",
        };
        let pab = if team.had_pab || team.had_forfeit_win || team.had_full_bye { "no" } else { "yes" };
        let mut notes = Vec::new();
        if let Some(k) = team.absent {
            notes.push(format!("absent ({k:?} bye)"));
        }
        if team.acceleration.0 != 0 {
            notes.push(format!("+{} acceleration", team.acceleration));
        }
        let name: String = team.name.chars().take(24).collect();
        let _ = writeln!(
            s,
            "{:>4} {:<24} {:>5} {:>5} {:>5} {:>3} {:<12} {:>3} {:<4} {:<5} {:>3}  {}",
            team.tpn,
            name,
            team.match_points.to_string(),
            team.game_points.to_string(),
            t.score(i).to_string(),
            team.matches_played,
            colours,
            team.colour_difference,
            pref,
            float,
            pab,
            notes.join(", ")
        );
    }
    s
}

/// The Double-Swiss state (C.04.5): per player its match and game points (the score), the
/// matches played, the match colours (1.6) and Whites (4.3.2), the float of the previous match
/// (1.5) and whether the PAB may go to it (\[C2\]).
pub fn render_double(t: &crate::double::DoubleTournament) -> String {
    use crate::matches::TeamFloat;
    let mut s = String::new();
    let total = t.total_rounds.map(|r| r.to_string()).unwrap_or_else(|| "?".into());
    let init = t.initial_colour.map(|c| colour_char(c).to_string()).unwrap_or_else(|| "unknown".into());
    let _ = writeln!(
        s,
        "match {} of {total}; Double-Swiss (C.04.5){}; PAB worth {}; initial colour {init}; {} present of {}",
        t.round,
        if t.baku { " with the Baku acceleration" } else { "" },
        t.pab_points,
        t.present().len(),
        t.players.len()
    );
    let _ = writeln!(
        s,
        "{:>4} {:<24} {:>5} {:>5} {:>5} {:>3} {:<12} {:>3} {:<5} {:>3}  notes",
        "id", "name", "rtg", "mp", "gp", "mat", "colours", "w", "float", "pab"
    );
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.score(i)), t.players[i].tpn));
    for i in order {
        let p = &t.players[i];
        let colours: String = p.colours.iter().map(|&c| colour_char(c)).collect();
        let float = match p.float_previous {
            TeamFloat::Down => "D",
            TeamFloat::Up => "U",
            TeamFloat::None => ".",
        };
        let pab = if t.pab_eligible(i) { "yes" } else { "no" };
        let mut notes = Vec::new();
        if let Some(k) = p.absent {
            notes.push(format!("absent ({k:?} bye)"));
        }
        if p.acceleration.0 != 0 {
            notes.push(format!("+{} acceleration", p.acceleration));
        }
        let name: String = p.name.chars().take(24).collect();
        let _ = writeln!(
            s,
            "{:>4} {:<24} {:>5} {:>5} {:>5} {:>3} {:<12} {:>3} {:<5} {:>3}  {}",
            p.id,
            name,
            p.rating,
            p.match_points.to_string(),
            p.score.to_string(),
            p.matches_played,
            colours,
            p.whites,
            float,
            pab,
            notes.join("; ")
        );
    }
    s
}

/// The state of a tournament as `lexpair state` shows it: the units before the round to pair, or
/// after the last round when the tournament is finished.
pub enum State {
    /// An individual tournament, its floats and PAB eligibility read by a Dutch edition's rules.
    Players(Tournament, PlayerRules),
    /// A team tournament (C.04.6: match and game points, the colour preferences of its `192`).
    Teams(crate::team::TeamTournament),
    /// A Double-Swiss tournament (C.04.5: match and game points, match colours).
    Double(crate::double::DoubleTournament),
}

/// A [`State`] and whether it is the state after the tournament's last round.
pub struct StateOf {
    /// The units and their state.
    pub state: State,
    /// True when the tournament is finished and the state is the one after its last round.
    pub finished: bool,
}

/// The state of `doc` before `round` (`None`: the round to pair next; a finished tournament's
/// state after its last round). A team or Double-Swiss file's state is its own whatever `system`
/// says; an individual file's follows the rules of `system`, which must be a Dutch edition.
/// The error is the message, without the file's name.
pub fn state(
    doc: &crate::trf::TrfDocument,
    round: Option<u32>,
    system: crate::vocabulary::System,
) -> Result<StateOf, String> {
    let last = (round.is_none() && crate::tournament::is_finished(doc))
        .then(|| crate::tournament::next_round(doc).saturating_sub(1));
    let before = || crate::round::Event::to_pair(doc, round);
    let other = |kind: &str| format!("{kind} file read as another kind of tournament");
    let state = if doc.is_team_file() {
        State::Teams(match last {
            Some(r) => crate::team::through_round(doc, r).map_err(|e| e.message)?,
            None => match before()? {
                crate::round::Event::Teams(t) => t,
                _ => return Err(other("a team")),
            },
        })
    } else if crate::double::encoding::is_double_swiss(doc) {
        State::Double(match last {
            Some(_) => {
                let k = crate::round::Event::next_round(doc).saturating_sub(1);
                crate::double::through_round(doc, k).map_err(|e| e.message)?
            }
            None => match before()? {
                crate::round::Event::Double(t) => t,
                _ => return Err(other("a Double-Swiss")),
            },
        })
    } else {
        let rules = PlayerRules::of(system)
            .ok_or_else(|| format!("state follows the Dutch editions' rules; {system} is not one"))?;
        let t = match last {
            Some(r) => Tournament::after_round(doc, r).map_err(|e| e.message)?,
            None => match before()? {
                crate::round::Event::Players(t) => t,
                _ => return Err(other("an individual")),
            },
        };
        State::Players(t, rules)
    };
    Ok(StateOf { state, finished: last.is_some() })
}

impl StateOf {
    /// The table `lexpair state` prints: one line per unit.
    pub fn table(&self) -> String {
        match &self.state {
            State::Players(t, rules) => render(t, *rules),
            State::Teams(t) => render_teams(t),
            State::Double(t) => render_double(t),
        }
    }

    /// What `lexpair state --json` prints: the units by id (teams by TPN) and `finished`.
    pub fn json(&self) -> Result<serde_json::Value, serde_json::Error> {
        let mut v = match &self.state {
            State::Players(t, _) => t.to_json_by_id()?,
            State::Teams(t) => t.to_json_by_tpn()?,
            State::Double(t) => t.to_json_by_id()?,
        };
        v["finished"] = serde_json::Value::Bool(self.finished);
        Ok(v)
    }
}
