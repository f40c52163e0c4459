//! A thread per game (issue 12): the server's thread setting, a game moved back to its channel
//! when its thread cannot be made, and the server's games for spectators.

use super::{GameService, Result, ServiceError, Watch, WatchedGame};
use crate::store::{Game, GameId};

impl GameService {
    /// Whether server `guild_id`'s accepted challenges get a thread each (on unless a manager
    /// turned it off).
    ///
    /// # Errors
    /// The store's, when it cannot be read.
    pub async fn threads_on(&self, guild_id: u64) -> Result<bool> {
        Ok(self.server_settings(guild_id).await?.threads())
    }

    /// `/focus settings threads:`: whether server `guild_id`'s accepted challenges get a thread
    /// each from now on (games in play stay where they are). `manager` says whether the
    /// member has the Manage Server permission.
    ///
    /// # Errors
    /// [`ServiceError::NotAManager`] for anyone else (nothing changes); the store's.
    pub async fn set_server_threads(&self, guild_id: u64, manager: bool, on: bool) -> Result<()> {
        if !manager {
            return Err(ServiceError::NotAManager);
        }
        self.store.set_server_threads(guild_id, on).await?;
        let mut settings = self.server_settings(guild_id).await?;
        settings.threads_set = Some(on);
        self.remember_server(guild_id, settings);
        Ok(())
    }

    /// Game `id`, whose thread could not be made, is played in the channel of its challenge
    /// instead. Returns the game as stored.
    ///
    /// # Errors
    /// [`crate::store::StoreError::ChannelBusy`] when that channel has a game of its own (the
    /// game stays where it is); the store's.
    pub async fn play_in_parent(&self, id: GameId) -> Result<Game> {
        Ok(self.store.play_in_parent(id).await?)
    }

    /// Page `page` (from 1) of server `guild_id`'s games in play, most recently moved first.
    ///
    /// # Errors
    /// The store's.
    pub async fn watch(&self, guild_id: u64, page: u32) -> Result<Watch> {
        let shown = self.store.watch_page(guild_id, page).await?;
        let games = shown
            .games
            .into_iter()
            .filter_map(|game| {
                // A game whose position cannot be read is held by the next sweep; skip it here.
                let to_move = game.current_position().ok()?.side_to_move();
                Some(WatchedGame { game, to_move })
            })
            .collect();
        Ok(Watch {
            page: shown.page,
            pages: shown.pages,
            total: shown.total,
            games,
        })
    }
}
