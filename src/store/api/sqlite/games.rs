//! [`GameRecords`] on SQLite.

use async_trait::async_trait;

use super::wakes_sweeper;
use crate::rules::Move;
use crate::store::api::GameRecords;
use crate::store::{AsyncStore, DrawOffer, Game, GameId, PlayedMove, Result, StoredMove};

#[async_trait]
impl GameRecords for AsyncStore {
    async fn game(&self, id: GameId) -> Result<Game> {
        self.call(move |s| s.game(id)).await
    }

    async fn game_in_channel(&self, channel_id: u64) -> Result<Option<Game>> {
        self.call(move |s| s.game_in_channel(channel_id)).await
    }

    async fn game_or_last_in(&self, channel_id: u64) -> Result<Option<Game>> {
        self.call(move |s| match s.game_in_channel(channel_id)? {
            Some(game) => Ok(Some(game)),
            None => s.last_finished_in(channel_id),
        })
        .await
    }

    async fn games_started_in(&self, channel_id: u64, user_id: u64) -> Result<Vec<Game>> {
        self.call(move |s| s.games_started_in(channel_id, user_id))
            .await
    }

    async fn last_finished_in(&self, channel_id: u64) -> Result<Option<Game>> {
        self.call(move |s| s.last_finished_in(channel_id)).await
    }

    async fn active_games_of(&self, guild_id: Option<u64>, user_id: u64) -> Result<Vec<Game>> {
        self.call(move |s| s.active_games_of(guild_id, user_id))
            .await
    }

    async fn moves(&self, id: GameId) -> Result<Vec<StoredMove>> {
        self.call(move |s| s.moves(id)).await
    }

    async fn last_move(&self, id: GameId) -> Result<Option<StoredMove>> {
        self.call(move |s| s.last_move(id)).await
    }

    async fn moves_and_names(
        &self,
        id: GameId,
        [white, black]: [u64; 2],
    ) -> Result<(Vec<StoredMove>, [Option<String>; 2])> {
        self.call(move |s| Ok((s.moves(id)?, [s.name(white)?, s.name(black)?])))
            .await
    }

    async fn play(
        &self,
        id: GameId,
        player_id: u64,
        seen_ply: u32,
        mv: Move,
        now_ms: i64,
    ) -> Result<(PlayedMove, bool)> {
        self.call(move |s| {
            s.unit(|s| {
                let played = s.record_move_ms(id, player_id, seen_ply, mv, now_ms)?;
                let wake = wakes_sweeper(s, &played.game)?;
                Ok((played, wake))
            })
        })
        .await
    }

    async fn resign(&self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.call(move |s| s.resign(id, user_id, now)).await
    }

    async fn agree_draw(&self, id: GameId, seen_ply: u32, now: i64) -> Result<Game> {
        self.call(move |s| s.agree_draw(id, seen_ply, now)).await
    }

    async fn offer_draw(&self, id: GameId, user_id: u64, now: i64) -> Result<DrawOffer> {
        self.call(move |s| s.offer_draw(id, user_id, now)).await
    }

    async fn accept_draw(&self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.call(move |s| s.accept_draw(id, user_id, now)).await
    }

    async fn decline_draw(&self, id: GameId, user_id: u64) -> Result<Game> {
        self.call(move |s| s.decline_draw(id, user_id)).await
    }

    async fn request_takeback(&self, id: GameId, user_id: u64) -> Result<Game> {
        self.call(move |s| s.request_takeback(id, user_id)).await
    }

    async fn accept_takeback(
        &self,
        id: GameId,
        user_id: u64,
        seen_ply: u32,
        now: i64,
    ) -> Result<(Game, bool)> {
        self.call(move |s| {
            s.unit(|s| {
                let game = s.accept_takeback(id, user_id, seen_ply, now)?.game;
                let wake = wakes_sweeper(s, &game)?;
                Ok((game, wake))
            })
        })
        .await
    }

    async fn decline_takeback(&self, id: GameId, user_id: u64) -> Result<Game> {
        self.call(move |s| s.decline_takeback(id, user_id)).await
    }

    async fn abort_game(&self, id: GameId, now: i64) -> Result<Game> {
        self.call(move |s| s.abort_game(id, now)).await
    }

    async fn abort_by(
        &self,
        id: GameId,
        user_id: u64,
        is_moderator: bool,
        now: i64,
    ) -> Result<Game> {
        self.call(move |s| s.abort_by(id, user_id, is_moderator, now))
            .await
    }

    async fn more_time(&self, id: GameId, user_id: u64, now: i64) -> Result<Game> {
        self.call(move |s| s.more_time(id, user_id, now)).await
    }

    async fn play_in_parent(&self, id: GameId) -> Result<Game> {
        self.call(move |s| s.play_in_parent(id)).await
    }
}
