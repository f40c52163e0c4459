//! The numbers the store gives its rows (games, challenges, tournaments, boards, notices),
//! as types of their own so that one is never passed for another.

use std::fmt;

/// Declares a row-id newtype: the positive numbers the store assigns to its rows.
macro_rules! row_id {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub struct $name(pub i64);

        /// `#` and the number, as players see it: `#42`.
        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "#{}", self.0)
            }
        }
    };
}

row_id!(
    /// A game's number in the store (its row id), shown to players as `#42`.
    GameId
);
row_id!(
    /// A challenge's number in the store (its row id), shown as `#7`.
    ChallengeId
);
row_id!(
    /// A tournament's number.
    TournamentId
);
row_id!(
    /// A board of a tournament round.
    PairingId
);
row_id!(
    /// A notice's number in the outbox (its row id); also its Discord nonce.
    NoticeId
);
