//! What a round pairs: the tournament before the round seen as units of one kind ([`Field`]:
//! players, teams, Double-Swiss players), with what every system and tool asks of any of them
//! (the round, ids, who is present). Below the systems and the round's door, so that both can
//! name it (`round::Field` is this type); the door's own uses of a field (pairs text, board
//! order, documents, JSON) stay in `round`.

use crate::double::DoubleTournament;
use crate::team::TeamTournament;
use crate::tournament::Tournament;
use crate::vocabulary::Unit;

/// What is paired: the tournament before the round, seen as the units of one kind.
#[derive(Clone, Copy, Debug)]
pub enum Field<'a> {
    /// An individual tournament: the units are players.
    Players(&'a Tournament),
    /// A team tournament: the units are teams with their board line-ups.
    Teams(&'a TeamTournament),
    /// A Double-Swiss tournament: the units are players, each round a match of two games.
    Double(&'a DoubleTournament),
}

impl<'a> From<&'a Tournament> for Field<'a> {
    fn from(t: &'a Tournament) -> Field<'a> {
        Field::Players(t)
    }
}

impl<'a> From<&'a TeamTournament> for Field<'a> {
    fn from(t: &'a TeamTournament) -> Field<'a> {
        Field::Teams(t)
    }
}

impl<'a> From<&'a DoubleTournament> for Field<'a> {
    fn from(t: &'a DoubleTournament) -> Field<'a> {
        Field::Double(t)
    }
}

impl Field<'_> {
    /// The kind of unit the field holds.
    pub fn unit(&self) -> Unit {
        match self {
            Field::Players(_) => Unit::Player,
            Field::Teams(_) => Unit::Team,
            Field::Double(_) => Unit::DoubleSwissPlayer,
        }
    }

    /// The round to pair, 1-based.
    pub fn round(&self) -> u32 {
        match self {
            Field::Players(t) => t.round,
            Field::Teams(t) => t.round,
            Field::Double(t) => t.round,
        }
    }

    /// The id of unit `i` (a TRF starting rank, a team pairing number); 0 for no unit.
    pub fn id(&self, i: usize) -> u32 {
        match self {
            Field::Players(t) => t.players.get(i).map_or(0, |p| p.id),
            Field::Teams(t) => t.teams.get(i).map_or(0, |x| x.tpn),
            Field::Double(t) => t.players.get(i).map_or(0, |p| p.id),
        }
    }

    /// The number of units in the tournament, present or not.
    pub fn count(&self) -> usize {
        match self {
            Field::Players(t) => t.players.len(),
            Field::Teams(t) => t.teams.len(),
            Field::Double(t) => t.players.len(),
        }
    }

    /// The number of units to pair in the round (present).
    pub fn present(&self) -> usize {
        match self {
            Field::Players(t) => t.present().len(),
            Field::Teams(t) => t.present().len(),
            Field::Double(t) => t.present().len(),
        }
    }

    /// True when unit `i` is to be paired in the round (not absent, no bye entered).
    pub fn is_present(&self, i: usize) -> bool {
        match self {
            Field::Players(t) => t.players.get(i).is_some_and(|p| p.absent.is_none()),
            Field::Teams(t) => t.teams.get(i).is_some_and(|x| x.absent.is_none()),
            Field::Double(t) => t.players.get(i).is_some_and(|p| p.absent.is_none()),
        }
    }

    /// The unit with id `id`.
    pub fn index_of(&self, id: u32) -> Option<usize> {
        match self {
            Field::Players(t) => t.index_of(id),
            Field::Teams(t) => t.index_of(id),
            Field::Double(t) => t.index_of(id),
        }
    }
}
