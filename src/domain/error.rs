//! Why a request about a game is refused, as the domain sees it. The store keeps these
//! refusals among its own errors (`StoreError`), each with its sentence at the edge.

use super::{GameId, GameStatus};
use crate::rules::{Color, PlayError};

/// A game or a time control refused by the domain.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game is not in play.
    #[error("game {id} is {status}")]
    NotActive {
        /// The game.
        id: GameId,
        /// Where it stands.
        status: GameStatus,
    },
    /// The user does not play in the game.
    #[error("you are not a player in game {0}")]
    NotAPlayer(GameId),
    /// A stored position is unreadable.
    #[error("game {id}'s stored position is wrong: {detail}")]
    Mismatch {
        /// The game.
        id: GameId,
        /// What is wrong.
        detail: String,
    },
    /// Days per move not offered.
    #[error("{0} days per move is not offered")]
    BadDaysPerMove(u32),
    /// Minutes per move not offered.
    #[error("{0} minutes per move is not offered")]
    BadMinutesPerMove(u32),
    /// The game has no time limit.
    #[error("this game has no time limit")]
    NoTimeLimit,
    /// More time asked for one's own move.
    #[error("it is your own move")]
    OwnMove,
    /// The move would have more time left than allowed (`seconds`).
    #[error("a move may have at most {seconds} seconds left")]
    TooMuchTime {
        /// The most time a move may have left.
        seconds: i64,
    },
    /// The game moved on since the player saw it.
    #[error("the position changed (ply {seen} seen, now {now})")]
    PositionChanged {
        /// The ply the player saw.
        seen: u32,
        /// The game's ply now.
        now: u32,
    },
    /// It is the other player's turn.
    #[error("it is {to_move}'s turn")]
    NotYourTurn {
        /// The colour to move.
        to_move: Color,
        /// The player's colour.
        you: Color,
    },
    /// The rules refuse the move.
    #[error(transparent)]
    Illegal(#[from] PlayError),
    /// No move to take back.
    #[error("there is no move to take back")]
    NothingToTakeBack,
    /// The opponent asked for no takeback.
    #[error("your opponent asked for no takeback")]
    NoTakebackRequest,
    /// The opponent offered no draw.
    #[error("your opponent offered no draw")]
    NoDrawOffer,
}
