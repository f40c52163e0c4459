//! The domain's decisions, pure: what a tournament does next, how a game's end changes the
//! players' records and ratings, when a deadline fires, who may join late. Each decision takes
//! a state and an event and gives the new state and the effects (rows to write, notices to
//! queue) as data; the store keeps what they say, and decides nothing.
//!
//! Depends on [`crate::rules`], [`crate::ratings`] and [`crate::pairing`] only: no SQL, no
//! clock, no Discord.

pub mod challenges;
pub mod deadlines;
mod endings;
mod games;
pub mod hints;
mod ids;
pub mod lifecycle;
mod notices;
pub mod play;
mod players;
mod time_control;
mod tournaments;
pub(crate) mod values;
mod venue;

pub use challenges::{
    CHALLENGE_LIFETIME, Challenge, ChallengeError, ChallengeStatus, ColorChoice, NewChallenge,
    close_notice,
};
pub(crate) use endings::too_early_aborts;
pub use endings::{DrawOffer, Ended, Ending, RESULT_MIN_PLY, end_game, records_change};
pub use games::{
    BotSeat, EndReason, Game, GameError, GameResult, GameStatus, LoadedGame, RatingChanges,
    StoredMove,
};
pub use ids::{ChallengeId, GameId, NoticeId, PairingId, TournamentId};
pub use notices::{NewNotice, NoticeKind, Via};
pub use players::Player;
pub use time_control::{
    DAYS_PER_MOVE, LIVE_MAX_MOVES_LEFT, MAX_TIME_LEFT, MINUTES_PER_MOVE, MORE_TIME, TimeControl,
    TimeControlError,
};
pub use tournaments::{
    Board, BoardResult, Entrant, EntrantStatus, Format, LogEntry, MAX_PLAYERS, NewTournament, Pace,
    Tournament, TournamentError, TournamentStatus, board_result_of,
};
pub use venue::Venue;
