//! What follows a Dutch bracket ([`Kind`]), which decides the extra players of its model, and
//! its owned copy ([`OwnedKind`]) that a bracket's trace keeps to rebuild it (`--why-not`). Plain
//! data, importing nothing: the trace (`systems/trace.rs`) names it without depending on the
//! Dutch system.

/// What follows the bracket, which decides the extra players of the model.
#[derive(Clone, Copy, Debug)]
pub enum Kind<'a> {
    /// A bracket with a next scoregroup: C.7 looks at it (`next_is_last`: nothing below it).
    Normal { next: &'a [usize], next_is_last: bool },
    /// The penultimate pairing bracket (A.9): its downfloaters and `lower` must complete the round.
    Ppb { lower: &'a [usize] },
    /// The last bracket (or the collapsed last bracket): everybody is paired but the PAB receiver.
    Last,
    /// A bracket under the 2026 rules: completion \[C4\] holds in every bracket, so all players
    /// still to pair are in the model: the `next` scoregroup (looked at by \[C8\]) and everybody
    /// `lower`. `c9`: \[C9\] is active in this bracket.
    Outlook { next: &'a [usize], lower: &'a [usize], c9: bool },
}

/// An owned copy of a [`Kind`], kept to rebuild a bracket later (`--why-not`).
#[derive(Clone, Debug, Default)]
pub enum OwnedKind {
    Normal {
        next: Vec<usize>,
        next_is_last: bool,
    },
    Ppb {
        lower: Vec<usize>,
    },
    #[default]
    Last,
    Outlook {
        next: Vec<usize>,
        lower: Vec<usize>,
        c9: bool,
    },
}

impl OwnedKind {
    pub fn of(k: Kind) -> OwnedKind {
        match k {
            Kind::Normal { next, next_is_last } => OwnedKind::Normal { next: next.to_vec(), next_is_last },
            Kind::Ppb { lower } => OwnedKind::Ppb { lower: lower.to_vec() },
            Kind::Last => OwnedKind::Last,
            Kind::Outlook { next, lower, c9 } => OwnedKind::Outlook { next: next.to_vec(), lower: lower.to_vec(), c9 },
        }
    }

    pub fn kind(&self) -> Kind<'_> {
        match self {
            OwnedKind::Normal { next, next_is_last } => Kind::Normal { next, next_is_last: *next_is_last },
            OwnedKind::Ppb { lower } => Kind::Ppb { lower },
            OwnedKind::Last => Kind::Last,
            OwnedKind::Outlook { next, lower, c9 } => Kind::Outlook { next, lower, c9: *c9 },
        }
    }
}
