//! A thread per game (issue 12): the server's thread setting. (A game moved back to its
//! channel when its thread cannot be made is in `games.rs`; the server's games for spectators
//! in `queries.rs`.)

use super::settings::Settings;
use super::{Result, ServiceError};

impl Settings {
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
}
