//! The games area: a game's rows, its moves, and the use cases that change a game between its
//! moves and at its end.

use async_trait::async_trait;

use crate::rules::Move;
use crate::store::{DrawOffer, Game, GameId, PlayedMove, Result, StoredMove};

/// Games and their moves: reading them, playing a move, and every way a game changes or ends
/// (resignation, draws, takebacks, aborts, more time).
///
/// A second implementation guarantees, besides the module's rules:
/// - a move, its position and a game's end with both players' records and rating change are
///   kept in one transaction ([`GameRecords::play`]);
/// - a use case acting on a position a player saw takes the ply they saw (`seen_ply`) and
///   refuses a stale one with `StoreError::PositionChanged`, changing nothing;
/// - a game's moves come in ply order (1, 2, …).
#[async_trait]
pub trait GameRecords: Send + Sync {
    /// Game `id`. Errors: `NoSuchGame`.
    async fn game(&self, id: GameId) -> Result<Game>;

    /// The game played in channel or thread `channel_id` (active, or held for review).
    async fn game_in_channel(&self, channel_id: u64) -> Result<Option<Game>>;

    /// The game of channel `channel_id` as [`GameRecords::game_in_channel`] finds it, else the
    /// last game finished there: one read.
    async fn game_or_last_in(&self, channel_id: u64) -> Result<Option<Game>>;

    /// The active games of `user_id` whose threads started from channel `channel_id`.
    async fn games_started_in(&self, channel_id: u64, user_id: u64) -> Result<Vec<Game>>;

    /// The last game finished in channel or thread `channel_id`.
    async fn last_finished_in(&self, channel_id: u64) -> Result<Option<Game>>;

    /// The active games of `user_id`, on server `guild_id` (`None`: in direct messages).
    async fn active_games_of(&self, guild_id: Option<u64>, user_id: u64) -> Result<Vec<Game>>;

    /// The moves of game `id`, in ply order.
    async fn moves(&self, id: GameId) -> Result<Vec<StoredMove>>;

    /// The last move of game `id`, if any.
    async fn last_move(&self, id: GameId) -> Result<Option<StoredMove>>;

    /// The moves of game `id` and the known names of `players` (in their order): what a
    /// board's picture needs, in one read.
    async fn moves_and_names(
        &self,
        id: GameId,
        players: [u64; 2],
    ) -> Result<(Vec<StoredMove>, [Option<String>; 2])>;

    /// `player_id` plays `mv` in game `id` at the position of ply `seen_ply`, at `now_ms`
    /// (unix milliseconds). Answers the move as kept and whether the deadline sweeper has a
    /// new due moment (the game goes on with a deadline, or its player to move takes direct
    /// messages). Errors: `PositionChanged`, `NotYourTurn`, `IllegalMove`, `GameOver`, …
    async fn play(
        &self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now_ms: i64,
    ) -> Result<(PlayedMove, bool)>;

    /// `user_id` resigns game `id`.
    async fn resign(&self, id: GameId, user_id: u64, now: i64) -> Result<Game>;

    /// Ends game `id` as a draw both sides agreed to at ply `seen_ply` (a draw the bot
    /// accepted).
    async fn agree_draw(&self, id: GameId, seen_ply: u32, now: i64) -> Result<Game>;

    /// `user_id` offers a draw in game `id` (a standing offer of the opponent agrees it).
    async fn offer_draw(&self, id: GameId, user_id: u64, now: i64) -> Result<DrawOffer>;

    /// `user_id` accepts the opponent's draw offer in game `id`.
    async fn accept_draw(&self, id: GameId, user_id: u64, now: i64) -> Result<Game>;

    /// `user_id` declines the opponent's draw offer in game `id`.
    async fn decline_draw(&self, id: GameId, user_id: u64) -> Result<Game>;

    /// `user_id` asks to take back their last move in game `id`.
    async fn request_takeback(&self, id: GameId, user_id: u64) -> Result<Game>;

    /// `user_id` accepts the opponent's takeback request in game `id` at ply `seen_ply`.
    /// Answers the game after the takeback and whether the sweeper has a new due moment (as
    /// [`GameRecords::play`]).
    async fn accept_takeback(
        &self,
        id: GameId,
        user_id: u64,
        seen_ply: u32,
        now: i64,
    ) -> Result<(Game, bool)>;

    /// `user_id` declines the opponent's takeback request in game `id`.
    async fn decline_takeback(&self, id: GameId, user_id: u64) -> Result<Game>;

    /// Aborts game `id` (too few moves to count), unconditionally (a moderator's tools,
    /// tests).
    async fn abort_game(&self, id: GameId, now: i64) -> Result<Game>;

    /// `user_id` aborts game `id` when the domain allows it ([`crate::domain::play::abort`]:
    /// a player early, a moderator, `is_moderator`, any time, never a tournament's game):
    /// the check and the ending in one transaction.
    async fn abort_by(
        &self,
        id: GameId,
        user_id: u64,
        is_moderator: bool,
        now: i64,
    ) -> Result<Game>;

    /// `user_id` gives their opponent in game `id` more time.
    async fn more_time(&self, id: GameId, user_id: u64, now: i64) -> Result<Game>;

    /// Game `id` is played in its parent channel from now on (its thread could not be made).
    async fn play_in_parent(&self, id: GameId) -> Result<Game>;
}
