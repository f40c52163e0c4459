//! [`EngineRecords`] on SQLite.

use async_trait::async_trait;

use super::wakes_sweeper;
use crate::rules::{Color, Move};
use crate::store::api::EngineRecords;
use crate::store::{
    AsyncStore, Game, GameId, Hint, LevelResults, NewChallenge, PlayedMove, Result, StoredAnalysis,
    StoredMove,
};

#[async_trait]
impl EngineRecords for AsyncStore {
    async fn start_bot_game(
        &self,
        new: NewChallenge,
        bot_id: u64,
        level: u8,
        toss: Color,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)> {
        self.call(move |s| {
            s.unit(|s| {
                let game = s.start_bot_game(&new, bot_id, level, toss, thread_id)?;
                let wake = wakes_sweeper(s, &game)?;
                Ok((game, wake))
            })
        })
        .await
    }

    async fn start_bot_rematch(
        &self,
        id: GameId,
        new: NewChallenge,
        bot_id: u64,
        level: u8,
        thread_id: Option<u64>,
    ) -> Result<(Game, bool)> {
        self.call(move |s| {
            s.unit(|s| {
                let game = s.start_bot_rematch(id, &new, bot_id, level, thread_id)?;
                let wake = wakes_sweeper(s, &game)?;
                Ok((game, wake))
            })
        })
        .await
    }

    async fn bot_games_to_move(&self) -> Result<Vec<Game>> {
        self.call(|s| s.bot_games_to_move()).await
    }

    async fn bot_move(
        &self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now_ms: i64,
    ) -> Result<PlayedMove> {
        self.call(move |s| s.record_move_ms(id, player_id, seen_ply, mv, now_ms))
            .await
    }

    async fn hints(&self, id: GameId) -> Result<Vec<Hint>> {
        self.call(move |s| s.hints(id)).await
    }

    async fn moves_and_hints(&self, id: GameId) -> Result<(Vec<StoredMove>, Vec<Hint>)> {
        self.call(move |s| Ok((s.moves(id)?, s.hints(id)?))).await
    }

    async fn record_hint(&self, id: GameId, hint: Hint, now: i64) -> Result<(Hint, u32)> {
        self.call(move |s| s.record_hint(id, &hint, now)).await
    }

    async fn bot_results(&self, guild_id: u64, user_id: u64) -> Result<Vec<LevelResults>> {
        self.call(move |s| s.bot_results(guild_id, user_id)).await
    }

    async fn analysis(&self, game: GameId) -> Result<Option<StoredAnalysis>> {
        self.call(move |s| s.analysis(game)).await
    }

    async fn save_analysis(
        &self,
        game: GameId,
        analysis: StoredAnalysis,
        now: i64,
    ) -> Result<bool> {
        self.call(move |s| s.save_analysis(game, &analysis, now))
            .await
    }
}
