//! How a game ends, and when an ending is an abort instead.

use super::{EndReason, Game, GameResult};
use crate::rules::Color;

/// The plies a game needs for a result: each side has made a move. A game that players end
/// sooner (a resignation, a draw agreed) is aborted instead, unrated, as lichess does, so
/// nobody wins or loses rating on a game that never started.
pub const RESULT_MIN_PLY: u32 = 2;

/// `ending`, or an abort when `game` ends before each side has moved ([`RESULT_MIN_PLY`]).
/// A tournament game is never aborted so: it ends with its result, which counts as a forfeit
/// (not played) in the tournament.
pub(crate) fn too_early_aborts(game: &Game, ending: Ending) -> Ending {
    if game.ply < RESULT_MIN_PLY && game.tournament_id.is_none() {
        Ending::Abort
    } else {
        ending
    }
}

/// How a game ends.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// A player won.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: EndReason,
    },
    /// Nobody won.
    Draw {
        /// Why (normally [`EndReason::Agreement`]).
        reason: EndReason,
    },
    /// Called off: no result, and no player's record or rating changes.
    Abort,
}

impl Ending {
    /// The stored result (`None` for an abort).
    pub fn result(self) -> Option<GameResult> {
        match self {
            Ending::Win { winner, .. } => Some(GameResult::win(winner)),
            Ending::Draw { .. } => Some(GameResult::Draw),
            Ending::Abort => None,
        }
    }

    /// The stored reason.
    pub fn reason(self) -> EndReason {
        match self {
            Ending::Win { reason, .. } | Ending::Draw { reason } => reason,
            Ending::Abort => EndReason::Abort,
        }
    }
}

/// What offering a draw did (the store's `offer_draw`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DrawOffer {
    /// The offer stands until the opponent answers or moves.
    Offered(Game),
    /// The opponent had offered a draw already: the game is drawn by agreement.
    Agreed(Game),
}
