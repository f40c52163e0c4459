//! What can go wrong in the store.
//!
//! Errors a player can cause have one sentence they can act on, in each language, made at the
//! edge (`strings::errors`; `Display` is English). Only those reach players
//! ([`StoreError::for_users`]); the rest ([`StoreError::Sqlite`], [`StoreError::Migration`], …)
//! are failures of the database or the bot, for the log, in SQLite's own words.

use std::path::PathBuf;

use thiserror::Error;

use super::{ChallengeId, ChallengeStatus, GameId, GameStatus};
use crate::rules::{Color, FpnError, PlayError};

/// A failed store operation.
///
/// Its sentences are made at the edge (`strings::errors`); [`StoreError::for_users`] says
/// whether a user may read them.
#[derive(Debug, Error)]
pub enum StoreError {
    /// The database file cannot be opened, created or written (a missing directory, a
    /// directory, no permission, not a database).
    Open {
        /// The path given.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// PostgreSQL cannot be reached or refuses the login (a wrong host, port, database,
    /// user or password; a malformed URL).
    Connect {
        /// The URL, without its password.
        url: String,
        /// The driver's reason.
        reason: String,
    },
    /// The database file can be read but not written.
    ReadOnly {
        /// The path given.
        path: PathBuf,
    },
    /// The database was written by a newer focus-bot; it was left untouched.
    TooNew {
        /// The path given.
        path: PathBuf,
        /// The schema version found in the file.
        found: i64,
        /// The newest schema version this binary knows.
        known: i64,
    },
    /// Applying the schema migrations failed.
    Migration(#[from] rusqlite_migration::Error),
    /// SQLite failed (a disk error, a corrupt file, a value this version cannot read).
    Sqlite(#[from] rusqlite::Error),
    /// PostgreSQL failed, or refused a statement (its reason, for the log).
    Postgres(super::sql::SqlError),
    /// The database cannot be reached right now (PostgreSQL went away or refuses connections):
    /// nothing was written; the same request may be tried again in a moment.
    Unavailable,
    /// The async store's database thread has stopped (it panicked or was shut down).
    Stopped,

    /// No game has this number.
    NoSuchGame(GameId),
    /// No challenge has this number.
    NoSuchChallenge(ChallengeId),
    /// The game is not in play (finished, aborted, or held for a moderator).
    GameNotActive {
        /// The game.
        id: GameId,
        /// Its status.
        status: GameStatus,
    },
    /// Someone moved (or took a move back) since the caller looked at the board.
    PositionChanged {
        /// The ply count the caller saw.
        seen: u32,
        /// The ply count now.
        now: u32,
    },
    /// The user is not one of the game's two players.
    NotAPlayer(GameId),
    /// The user plays the other colour.
    NotYourTurn {
        /// The colour to move.
        to_move: Color,
        /// The user's colour.
        you: Color,
    },
    /// The move breaks the rules.
    Illegal(#[from] PlayError),
    /// The stored position differs from the replay of the stored moves (or a stored move
    /// cannot be replayed). An active game has been marked `needs_review` for a moderator;
    /// nothing was changed otherwise.
    Mismatch {
        /// The game.
        id: GameId,
        /// What differs, for the moderator.
        detail: String,
    },
    /// Accepting (or taking a move back) would start a second game in a channel that has one.
    ChannelBusy,
    /// The challenge ran out before it was accepted.
    ChallengeExpired(ChallengeId),
    /// The challenge was already accepted, declined, cancelled or expired.
    ChallengeClosed {
        /// The challenge.
        id: ChallengeId,
        /// What happened to it.
        status: ChallengeStatus,
    },
    /// The challenge names another opponent.
    NotYourChallenge(ChallengeId),
    /// Only the challenger may cancel a challenge.
    NotChallenger(ChallengeId),
    /// A player cannot accept (or be the opponent of) their own challenge.
    OwnChallenge,
    /// An unsupported number of days per move.
    BadDaysPerMove(u32),
    /// An unsupported number of minutes per move.
    BadMinutesPerMove(u32),
    /// A rated game from a set-up position.
    RatedSetUp,
    /// The set-up position of a challenge is not a valid FPN.
    BadStartFpn(#[from] FpnError),
    /// The set-up position of a challenge is already decided.
    StartIsOver,
    /// The timeout is claimed before the deadline.
    DeadlineNotPassed,
    /// A draw offer is answered, but none stands from the opponent.
    NoDrawOffer,
    /// A takeback is accepted, but the opponent has not asked for one.
    NoTakebackRequest,
    /// A rematch of a game that did not finish with a result (in play, aborted, or held).
    NotFinished(GameId),
    /// A rematch of this game was offered already (once per game).
    RematchOffered(GameId),
    /// Too late for a player to abort ([`super::ABORT_MAX_PLY`]).
    AbortTooLate,
    /// An abort of a tournament's game: it must end with a result.
    TournamentGameAbort,
    /// A hint asked for in a game that had all its hints ([`super::HINTS_PER_GAME`]).
    NoHintsLeft(GameId),
    /// A takeback in a game with no move.
    NothingToTakeBack,
    /// A move or more time came after the move's deadline: the game was ended on time
    /// instead.
    TimeRanOut(GameId),
    /// More time asked for in a game without deadlines.
    NoTimeLimit,
    /// More time asked for on one's own move (it is for the opponent).
    OwnMove,
    /// More time would leave the move more than it may have
    /// ([`super::TimeControl::max_time_left`]).
    TooMuchTime {
        /// The most time a move may have left, in seconds.
        seconds: i64,
    },
    /// A tournament request refused.
    Tournament(#[from] super::TournamentError),
}

/// The result of store operations.
pub type Result<T, E = StoreError> = std::result::Result<T, E>;

impl StoreError {
    /// True for refusals a user caused and can act on; false for failures of the database or
    /// of the bot, whose details are for the log only. Only the variants named here reach
    /// users: a new variant is internal until it is added.
    pub fn for_users(&self) -> bool {
        matches!(
            self,
            StoreError::NoSuchGame(_)
                | StoreError::NoSuchChallenge(_)
                | StoreError::GameNotActive { .. }
                | StoreError::PositionChanged { .. }
                | StoreError::NotAPlayer(_)
                | StoreError::NotYourTurn { .. }
                | StoreError::Illegal(_)
                | StoreError::Mismatch { .. }
                | StoreError::ChannelBusy
                | StoreError::ChallengeExpired(_)
                | StoreError::ChallengeClosed { .. }
                | StoreError::NotYourChallenge(_)
                | StoreError::NotChallenger(_)
                | StoreError::OwnChallenge
                | StoreError::BadDaysPerMove(_)
                | StoreError::BadMinutesPerMove(_)
                | StoreError::RatedSetUp
                | StoreError::BadStartFpn(_)
                | StoreError::StartIsOver
                | StoreError::DeadlineNotPassed
                | StoreError::NoDrawOffer
                | StoreError::NoTakebackRequest
                | StoreError::NotFinished(_)
                | StoreError::RematchOffered(_)
                | StoreError::NoHintsLeft(_)
                | StoreError::AbortTooLate
                | StoreError::TournamentGameAbort
                | StoreError::NothingToTakeBack
                | StoreError::Unavailable
                | StoreError::TimeRanOut(_)
                | StoreError::NoTimeLimit
                | StoreError::OwnMove
                | StoreError::TooMuchTime { .. }
                | StoreError::Tournament(_)
        )
    }
}

impl From<crate::domain::GameError> for StoreError {
    fn from(error: crate::domain::GameError) -> StoreError {
        use crate::domain::GameError as E;
        match error {
            E::NotActive { id, status } => StoreError::GameNotActive { id, status },
            E::NotAPlayer(id) => StoreError::NotAPlayer(id),
            E::Mismatch { id, detail } => StoreError::Mismatch { id, detail },
            E::NoTimeLimit => StoreError::NoTimeLimit,
            E::OwnMove => StoreError::OwnMove,
            E::TooMuchTime { seconds } => StoreError::TooMuchTime { seconds },
            E::PositionChanged { seen, now } => StoreError::PositionChanged { seen, now },
            E::NotYourTurn { to_move, you } => StoreError::NotYourTurn { to_move, you },
            E::Illegal(error) => StoreError::Illegal(error),
            E::NothingToTakeBack => StoreError::NothingToTakeBack,
            E::NoTakebackRequest => StoreError::NoTakebackRequest,
            E::NoDrawOffer => StoreError::NoDrawOffer,
            E::NoHintsLeft(id) => StoreError::NoHintsLeft(id),
            E::AbortTooLate => StoreError::AbortTooLate,
            E::TournamentGameAbort => StoreError::TournamentGameAbort,
        }
    }
}

impl From<crate::domain::ChallengeError> for StoreError {
    fn from(error: crate::domain::ChallengeError) -> StoreError {
        use crate::domain::ChallengeError as E;
        match error {
            E::TimeControl(error) => error.into(),
            E::Own => StoreError::OwnChallenge,
            E::RatedSetUp => StoreError::RatedSetUp,
            E::BadStartFpn(error) => StoreError::BadStartFpn(error),
            E::StartIsOver => StoreError::StartIsOver,
            E::Closed { id, status } => StoreError::ChallengeClosed { id, status },
            E::Expired(id) => StoreError::ChallengeExpired(id),
            E::NotYours(id) => StoreError::NotYourChallenge(id),
            E::NotChallenger(id) => StoreError::NotChallenger(id),
            E::NotFinished(id) => StoreError::NotFinished(id),
            E::RematchOffered(id) => StoreError::RematchOffered(id),
        }
    }
}

impl From<crate::domain::TimeControlError> for StoreError {
    fn from(error: crate::domain::TimeControlError) -> StoreError {
        use crate::domain::TimeControlError as E;
        match error {
            E::BadDaysPerMove(days) => StoreError::BadDaysPerMove(days),
            E::BadMinutesPerMove(minutes) => StoreError::BadMinutesPerMove(minutes),
        }
    }
}

impl From<super::sql::SqlError> for StoreError {
    fn from(e: super::sql::SqlError) -> Self {
        match e {
            super::sql::SqlError::Sqlite(e) => StoreError::Sqlite(e),
            e if e.is_unreachable() => StoreError::Unavailable,
            e => StoreError::Postgres(e),
        }
    }
}
