//! What a use case can refuse. Every variant a user can cause has a one-sentence `Display`
//! (in [`crate::strings::errors`]; the adapters show it, ephemerally on Discord); nothing was
//! changed when one is returned.

use thiserror::Error;

use crate::rules::MoveError;
use crate::store::StoreError;

/// A refused or failed use case.
///
/// Its sentence (`Display`) is in [`crate::strings::errors`].
#[derive(Debug, Error)]
pub enum ServiceError {
    /// No game is being played in the channel.
    NoGameHere,
    /// The user is not one of the two players of the channel's game.
    NotAPlayer,
    /// A challenge to oneself.
    ChallengeSelf,
    /// A challenge to a bot.
    ChallengeBot,
    /// A new challenge in a channel whose game is still going.
    ChannelBusy,
    /// Too late for a player to abort.
    AbortTooLate,
    /// A takeback asked for after the opponent replied: the last move is not the asker's.
    TakebackNotYourMove,
    /// An unreadable or illegal move.
    Move(#[from] MoveError),
    /// A refusal or failure of the store (its message says which).
    Store(#[from] StoreError),
    /// Drawing the board failed (a bug: rendering has no user input to fail on).
    Render,
}

impl ServiceError {
    /// True for failures of the bot rather than of the user's request: log them, and tell
    /// the user only that something went wrong on our side.
    pub fn is_internal(&self) -> bool {
        matches!(
            self,
            ServiceError::Render
                | ServiceError::Store(
                    StoreError::Sqlite(_)
                        | StoreError::Migration(_)
                        | StoreError::Stopped
                        | StoreError::Open { .. }
                        | StoreError::ReadOnly { .. }
                        | StoreError::TooNew { .. }
                )
        )
    }
}

/// The result of a use case.
pub type Result<T, E = ServiceError> = std::result::Result<T, E>;
