//! What a use case can refuse. Every variant a user can cause has a one-sentence `Display`
//! (the adapters show it, ephemerally on Discord); nothing was changed when one is returned.

use thiserror::Error;

use crate::rules::MoveError;
use crate::store::StoreError;

/// A refused or failed use case.
#[derive(Debug, Error)]
pub enum ServiceError {
    /// No game is being played in the channel.
    #[error("there is no game in this channel: start one with /focus challenge")]
    NoGameHere,
    /// The user is not one of the two players of the channel's game.
    #[error("you are not playing in this channel's game")]
    NotAPlayer,
    /// A challenge to oneself.
    #[error("you cannot challenge yourself: name someone else, or leave the opponent empty")]
    ChallengeSelf,
    /// A challenge to a bot.
    #[error("bots cannot play Focus: challenge a person")]
    ChallengeBot,
    /// A new challenge in a channel whose game is still going.
    #[error("this channel already has a game in play: finish it first, or play in another channel")]
    ChannelBusy,
    /// Too late for a player to abort.
    #[error(
        "a game can be aborted by a player only before each side has moved twice; resign \
         instead, or ask a moderator"
    )]
    AbortTooLate,
    /// A takeback asked for after the opponent replied: the last move is not the asker's.
    #[error("you can take back only your own last move, until your opponent has replied to it")]
    TakebackNotYourMove,
    /// An unreadable or illegal move.
    #[error(transparent)]
    Move(#[from] MoveError),
    /// A refusal or failure of the store (its message says which).
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Drawing the board failed (a bug: rendering has no user input to fail on).
    #[error("the board picture could not be drawn")]
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
