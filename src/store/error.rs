//! What can go wrong in the store.
//!
//! Errors a player or an operator can cause have a one-sentence `Display` they can act on;
//! the rest ([`StoreError::Sqlite`], [`StoreError::Migration`]) are failures of the database
//! itself, reported with SQLite's own words.

use std::path::PathBuf;

use thiserror::Error;

use super::{ChallengeId, ChallengeStatus, GameId, GameStatus};
use crate::rules::{Color, FpnError, PlayError};

/// A failed store operation.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database file cannot be opened, created or written (a missing directory, a
    /// directory, no permission, not a database).
    #[error("cannot open the database {}: {}", path.display(), open_reason(source, path))]
    Open {
        /// The path given.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// The database file can be read but not written.
    #[error("cannot write the database {}: the file is read-only", path.display())]
    ReadOnly {
        /// The path given.
        path: PathBuf,
    },
    /// The database was written by a newer focus-bot; it was left untouched.
    #[error(
        "the database {} has schema version {found}, but this focus-bot knows only up to \
         {known}: it was written by a newer version, so it was left unchanged (upgrade focus-bot)",
        path.display()
    )]
    TooNew {
        /// The path given.
        path: PathBuf,
        /// The schema version found in the file.
        found: i64,
        /// The newest schema version this binary knows.
        known: i64,
    },
    /// Applying the schema migrations failed.
    #[error("cannot bring the database schema up to date: {0}")]
    Migration(#[from] rusqlite_migration::Error),
    /// SQLite failed (a disk error, a corrupt file, a value this version cannot read).
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// The async store's database thread has stopped (it panicked or was shut down).
    #[error("the database thread has stopped")]
    Stopped,

    /// No game has this number.
    #[error("there is no game {0}")]
    NoSuchGame(GameId),
    /// No challenge has this number.
    #[error("there is no challenge {0}")]
    NoSuchChallenge(ChallengeId),
    /// The game is not in play (finished, aborted, or held for a moderator).
    #[error("game {id} is not in play: {}", not_in_play(*status))]
    GameNotActive {
        /// The game.
        id: GameId,
        /// Its status.
        status: GameStatus,
    },
    /// Someone moved (or took a move back) since the caller looked at the board.
    #[error("the position changed: someone moved first; look at the board and try again")]
    PositionChanged {
        /// The ply count the caller saw.
        seen: u32,
        /// The ply count now.
        now: u32,
    },
    /// The user is not one of the game's two players.
    #[error("you are not playing in game {0}")]
    NotAPlayer(GameId),
    /// The user plays the other colour.
    #[error("it is not your turn: {to_move} is to move, and you play {you}")]
    NotYourTurn {
        /// The colour to move.
        to_move: Color,
        /// The user's colour.
        you: Color,
    },
    /// The move breaks the rules.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// The stored position differs from the replay of the stored moves (or a stored move
    /// cannot be replayed). An active game has been marked `needs_review` for a moderator;
    /// nothing was changed otherwise.
    #[error(
        "game {id} is held for a moderator: its stored position does not match its moves \
         ({detail})"
    )]
    Mismatch {
        /// The game.
        id: GameId,
        /// What differs, for the moderator.
        detail: String,
    },
    /// Accepting (or taking a move back) would start a second game in a channel that has one.
    #[error("this channel already has a game in play: finish it first, or play in another channel")]
    ChannelBusy,
    /// The challenge ran out before it was accepted.
    #[error("challenge {0} has expired: send a new one")]
    ChallengeExpired(ChallengeId),
    /// The challenge was already accepted, declined, cancelled or expired.
    #[error("challenge {id} is no longer open (it was {status})")]
    ChallengeClosed {
        /// The challenge.
        id: ChallengeId,
        /// What happened to it.
        status: ChallengeStatus,
    },
    /// The challenge names another opponent.
    #[error("challenge {0} is addressed to someone else")]
    NotYourChallenge(ChallengeId),
    /// Only the challenger may cancel a challenge.
    #[error("only the player who sent challenge {0} can cancel it")]
    NotChallenger(ChallengeId),
    /// A player cannot accept (or be the opponent of) their own challenge.
    #[error("you cannot play against yourself: challenge someone else")]
    OwnChallenge,
    /// An unsupported number of days per move.
    #[error("{0} days per move is not offered: choose 1, 2, 3, 5, 7, 10 or 14, or 0 for no limit")]
    BadDaysPerMove(u32),
    /// A rated game from a set-up position.
    #[error(
        "a game from a set-up position cannot be rated: make it unrated or use the standard start"
    )]
    RatedSetUp,
    /// The set-up position of a challenge is not a valid FPN.
    #[error("bad starting position: {0}")]
    BadStartFpn(#[from] FpnError),
    /// The set-up position of a challenge is already decided.
    #[error(
        "the starting position is already decided: set up one where the player to move can move"
    )]
    StartIsOver,
    /// The timeout is claimed before the deadline.
    #[error("the player to move still has time: the deadline has not passed")]
    DeadlineNotPassed,
    /// A draw offer is answered, but none stands from the opponent.
    #[error("your opponent has not offered a draw")]
    NoDrawOffer,
    /// A takeback is accepted, but the opponent has not asked for one.
    #[error("your opponent has not asked to take a move back")]
    NoTakebackRequest,
    /// A takeback in a game with no move.
    #[error("there is no move to take back")]
    NothingToTakeBack,
}

/// Why a game of `status` takes no more moves, for players.
fn not_in_play(status: GameStatus) -> &'static str {
    match status {
        GameStatus::Active => "it is in play after all; try again",
        GameStatus::Finished => "it is over",
        GameStatus::Aborted => "it was called off",
        GameStatus::NeedsReview => "it is held for a moderator",
    }
}

/// SQLite's reason for failing to open `path`, without the path it sometimes repeats.
fn open_reason(source: &rusqlite::Error, path: &std::path::Path) -> String {
    let text = source.to_string();
    match text.strip_suffix(&format!(": {}", path.display())) {
        Some(reason) => reason.to_owned(),
        None => text,
    }
}

/// The result of store operations.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;
