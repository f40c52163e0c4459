//! The engine's area: games against the bot, hints and analyses.

use async_trait::async_trait;

use crate::rules::{Color, Move};
use crate::store::{
    Game, GameId, Hint, LevelResults, NewChallenge, PlayedMove, Result, StoredAnalysis, StoredMove,
};

/// What the engine plays and finds: games against the bot, the bot's moves, hints and
/// analyses.
///
/// A second implementation guarantees, besides the module's rules: a bot game starts with its
/// challenge in one transaction; a hint is counted against the game's allowance
/// ([`crate::store::HINTS_PER_GAME`]) in the transaction that keeps it.
#[async_trait]
pub trait EngineRecords: Send + Sync {
    /// Starts a game of `new`'s challenger against the bot `bot_id` at `level`, `toss` the
    /// challenger's colour, in thread `thread_id`. Answers the game and whether the deadline
    /// sweeper has a new due moment.
    async fn start_bot_game(
        &self,
        new: NewChallenge,
        bot_id: u64,
        level: u8,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)>;

    /// Starts the rematch of bot game `id` as `new` against the bot `bot_id` at `level`, in
    /// thread `thread_id`. Answers as [`EngineRecords::start_bot_game`]. Errors: a rematch
    /// of that game exists already.
    async fn start_bot_rematch(
        &self,
        id: GameId,
        new: NewChallenge,
        bot_id: u64,
        level: u8,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)>;

    /// The active games in which the bot is to move.
    async fn bot_games_to_move(&self) -> Result<Vec<Game>>;

    /// The bot `player_id` plays `mv` in game `id` at ply `seen_ply`, at `now_ms` (unix
    /// milliseconds). Errors: as [`crate::store::api::GameRecords::play`].
    async fn bot_move(
        &self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now_ms: i64,
    ) -> Result<PlayedMove>;

    /// The hints given in game `id`, oldest first.
    async fn hints(&self, id: GameId) -> Result<Vec<Hint>>;

    /// The moves of game `id` and its hints: a game's record, in one read.
    async fn moves_and_hints(&self, id: GameId) -> Result<(Vec<StoredMove>, Vec<Hint>)>;

    /// Keeps `hint` for game `id`; answers the hint kept (the one already given for that
    /// position, if any) and the hints used so far. Errors: `NoHintsLeft`.
    async fn record_hint(&self, id: GameId, hint: Hint, now: i64) -> Result<(Hint, u32)>;

    /// The results of `user_id` against each level of the bot on server `guild_id`.
    async fn bot_results(&self, guild_id: u64, user_id: u64) -> Result<Vec<LevelResults>>;

    /// The stored analysis of game `game`, if any.
    async fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>>;

    /// Keeps `analysis` of game `game`; `false` when one was kept already (it stays).
    async fn save_analysis(&self, game: GameId, analysis: StoredAnalysis, now: i64)
    -> Result<bool>;
}
