//! Why a request about a game is refused, as the domain sees it. The store keeps these
//! refusals among its own errors (`StoreError`), each with its sentence at the edge.

use super::{GameId, GameStatus};

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
}
