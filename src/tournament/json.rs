//! The tournament state as JSON for tools and readers: every player named by TRF id (the
//! library's players are addressed by index), and sets in a fixed order.

use super::Tournament;
use serde_json::Value;

impl Tournament {
    /// The state as JSON, players named by their TRF id everywhere: `history[].opponent`,
    /// `opponents` and the forbidden groups hold ids, not indices into `players` (`forbidden`: the
    /// groups of players of which no two may meet, as XXP and 260 state them; a pair is a group of
    /// two).
    pub fn to_json_by_id(&self) -> Result<Value, serde_json::Error> {
        let id = |i: usize| self.players.get(i).map(|p| p.id);
        let mut v = serde_json::to_value(self)?;
        if let Some(players) = v.get_mut("players").and_then(Value::as_array_mut) {
            for (p, player) in players.iter_mut().zip(&self.players) {
                if let Some(history) = p.get_mut("history").and_then(Value::as_array_mut) {
                    for (h, past) in history.iter_mut().zip(&player.history) {
                        h["opponent"] = serde_json::to_value(past.opponent.and_then(id))?;
                    }
                }
                let opponents: Vec<Option<u32>> = player.opponents.iter().map(|&o| id(o)).collect();
                p["opponents"] = serde_json::to_value(opponents)?;
            }
        }
        let forbidden: Vec<Vec<Option<u32>>> =
            self.forbidden.groups().iter().map(|g| g.iter().map(|&i| id(i)).collect()).collect();
        v["forbidden"] = serde_json::to_value(forbidden)?;
        Ok(v)
    }
}
