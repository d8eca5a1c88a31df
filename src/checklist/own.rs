//! `-l [FILE]` of the drop-in form: a check-list after the pairing, as JaVaFo and bbpPairings
//! write one (JaVaFo AUM, "Check-list"): per player, by score then pairing number, the points,
//! the colour difference and preference (JaVaFo's symbols), the floats of the last two rounds,
//! `[X]` when the player may not receive the pairing-allocated bye, the opponents of the games
//! played (latest last) and the pairing made.

use crate::pairing::RoundPairing;
use crate::systems::dutch::PlayerRules;
use crate::tournament::{Float, Strength, Tournament};
use crate::trf::Colour;
use crate::vocabulary::System;
use std::fmt::Write;

/// The Dutch edition whose player rules (floats, PAB eligibility) the check-list of `system`
/// shows (its registry row says which: its own, or the Dutch edition of its era).
pub(crate) fn rules_for(system: System) -> Option<PlayerRules> {
    system.registration().checklist_rules.and_then(PlayerRules::of)
}

fn letter(c: Colour, upper: bool) -> char {
    match (c, upper) {
        (Colour::White, true) => 'W',
        (Colour::Black, true) => 'B',
        (Colour::White, false) => 'w',
        (Colour::Black, false) => 'b',
    }
}

/// JaVaFo's preference symbols: WWW (|difference| > 1 and the same colour twice), WW
/// (|difference| > 1), W1 / W (the same colour twice, difference 1 / 0), (W) strong, (w) mild,
/// A none.
pub(crate) fn preference_symbol(t: &Tournament, i: usize) -> String {
    let p = &t.players[i];
    let Some(c) = p.preference.colour else { return "A".into() };
    let twice = p.colours.len() >= 2 && p.colours[p.colours.len() - 1] == p.colours[p.colours.len() - 2];
    let diff = p.colour_difference.unsigned_abs();
    let (u, l) = (letter(c, true), letter(c, false));
    match p.preference.strength {
        Strength::Absolute if diff > 1 && twice => format!("{u}{u}{u}"),
        Strength::Absolute if diff > 1 => format!("{u}{u}"),
        Strength::Absolute if diff == 1 => format!("{u}1"),
        Strength::Absolute => format!("{u}"),
        Strength::Strong => format!("({u})"),
        Strength::Mild => format!("({l})"),
        _ => "A".into(),
    }
}

fn float_letter(f: Float) -> &'static str {
    match f {
        Float::Down => "D",
        Float::Up => "U",
        Float::None => "",
    }
}

/// The check-list of round `t.round` paired as `pairing` under `system`.
pub fn render(t: &Tournament, system: System, pairing: &RoundPairing) -> String {
    let Some(rules) = rules_for(system) else {
        return format!("no check-list: the {system} system has no player rules of a Dutch edition to show\n");
    };
    let mut made: Vec<String> = vec![String::new(); t.players.len()];
    for (k, b) in pairing.boards.iter().enumerate() {
        made[b.white] = format!("board {:>3}  W vs {}", k + 1, t.players[b.black].id);
        made[b.black] = format!("board {:>3}  B vs {}", k + 1, t.players[b.white].id);
    }
    if let Some(i) = pairing.bye {
        made[i] = "pairing-allocated bye".into();
    }
    for (i, p) in t.players.iter().enumerate() {
        if let (Some(k), true) = (p.absent, made[i].is_empty()) {
            made[i] = format!("absent ({k:?} bye)");
        }
    }
    let games = t.players.iter().map(|p| p.opponents.len()).max().unwrap_or(0);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "Round {} check-list ({}; floats and bye eligibility by the {} rules)",
        t.round,
        system.name(),
        rules.system.name()
    );
    let _ = write!(
        s,
        "{:>4} {:>4} {:<24} {:>5} {:>5} {:>3} {:<4} {:>3} {:>3} {:>3}",
        "TPN", "ID", "Name", "Rtg", "Pts", "CD", "Pref", "-1R", "-2R", "PAB"
    );
    for g in (1..=games).rev() {
        let _ = write!(s, " {:>5}", format!("G-{g}"));
    }
    let _ = writeln!(s, "  Pairing");
    let mut order: Vec<usize> = (0..t.players.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(t.players[i].pairing_score()), t.players[i].pairing_number));
    for i in order {
        let p = &t.players[i];
        let name: String = p.name.chars().take(24).collect();
        let _ = write!(
            s,
            "{:>4} {:>4} {:<24} {:>5} {:>5} {:>3} {:<4} {:>3} {:>3} {:>3}",
            p.pairing_number,
            p.id,
            name,
            p.rating,
            p.pairing_score().to_string(),
            p.colour_difference,
            preference_symbol(t, i),
            float_letter(p.float_back(1, rules.float)),
            float_letter(p.float_back(2, rules.float)),
            if rules.pab_eligible(p) { "" } else { "[X]" },
        );
        let mut cells: Vec<String> = p.opponents.iter().map(|&o| t.players[o].id.to_string()).collect();
        for _ in cells.len()..games {
            cells.insert(0, String::new());
        }
        for c in &cells {
            let _ = write!(s, " {c:>5}");
        }
        let _ = writeln!(s, "  {}", made[i]);
    }
    s
}
