//! The readers' languages, as data: each user's latest Discord locale (their DMs are written in
//! it) and each server's language for public messages (set with `/focus settings`, else the
//! locale Discord gives for the server, else English). Which language the words are then in is
//! decided at the edge.

use super::settings::Settings;
use super::{Result, ServiceError};
use crate::locale::Locale;
use crate::store::ServerSettings;

impl Settings {
    /// Records the locales an interaction carried: `user_locale` is the client's language of
    /// user `user_id`, `guild_locale` the server's (Discord sends it for Community servers).
    /// Returns the language of the server's public messages, if it has one: the one set with
    /// `/focus settings`, else the server's own. `None` outside a server, and in a group DM or
    /// DM that set none: the adapter's caller decides then (see `App::readers`).
    ///
    /// # Errors
    /// The store's, when it cannot be read or written.
    pub async fn note_locales(
        &self,
        user_id: u64,
        user_locale: Option<Locale>,
        guild_id: Option<u64>,
        guild_locale: Option<Locale>,
    ) -> Result<Option<Locale>> {
        if let Some(locale) = user_locale {
            let known = self
                .locales_seen
                .users
                .lock()
                .is_ok_and(|u| u.get(&user_id) == Some(&locale));
            if !known {
                self.store.note_user_locale(user_id, locale).await?;
                if let Ok(mut users) = self.locales_seen.users.lock() {
                    users.insert(user_id, locale);
                }
            }
        }
        let Some(guild) = guild_id else {
            return Ok(None);
        };
        let mut settings = self.server_settings(guild).await?;
        if let Some(locale) = guild_locale
            && settings.discord_locale != Some(locale)
        {
            self.store.note_server_locale(guild, locale).await?;
            settings.discord_locale = Some(locale);
            self.remember_server(guild, settings);
        }
        Ok(settings.known_locale())
    }

    /// Group DM or DM `place` (its channel id, standing for a server) takes `locale` as its
    /// own unless it has one: Discord gives such places none, so the first player's serves
    /// until someone sets one with `/focus settings language:`. Returns the language of its
    /// public messages as it then is.
    ///
    /// # Errors
    /// The store's, when it cannot be read or written.
    pub async fn adopt_locale(&self, place: u64, locale: Locale) -> Result<Locale> {
        let settings = self.store.adopt_server_locale(place, locale).await?;
        self.remember_server(place, settings);
        Ok(settings.known_locale().unwrap_or(locale))
    }

    /// The language of server `guild_id`'s public messages.
    ///
    /// # Errors
    /// The store's, when it cannot be read.
    pub async fn server_locale(&self, guild_id: u64) -> Result<Locale> {
        Ok(self.server_settings(guild_id).await?.locale())
    }

    /// The locale of `user_id`'s latest interaction, if the bot has seen one.
    ///
    /// # Errors
    /// The store's, when it cannot be read.
    pub async fn user_locale(&self, user_id: u64) -> Result<Option<Locale>> {
        let seen = self
            .locales_seen
            .users
            .lock()
            .ok()
            .and_then(|u| u.get(&user_id).copied());
        if seen.is_some() {
            return Ok(seen);
        }
        Ok(self.store.settings(user_id).await?.locale)
    }

    /// `/focus settings language:`: server `guild_id`'s public messages are in `language` from
    /// now on. `manager` says whether the member has the Manage Server permission.
    ///
    /// # Errors
    /// [`ServiceError::NotAManager`] for anyone else (nothing changes); the store's.
    pub async fn set_server_language(
        &self,
        guild_id: u64,
        manager: bool,
        language: Locale,
    ) -> Result<()> {
        if !manager {
            return Err(ServiceError::NotAManager);
        }
        self.store
            .set_server_language(guild_id, Some(language))
            .await?;
        let mut settings = self.server_settings(guild_id).await?;
        settings.language = Some(language);
        self.remember_server(guild_id, settings);
        Ok(())
    }

    pub(super) async fn server_settings(&self, guild: u64) -> Result<ServerSettings> {
        let cached = self
            .locales_seen
            .servers
            .lock()
            .ok()
            .and_then(|s| s.get(&guild).copied());
        if let Some(settings) = cached {
            return Ok(settings);
        }
        let settings = self.store.server_settings(guild).await?;
        self.remember_server(guild, settings);
        Ok(settings)
    }

    pub(super) fn remember_server(&self, guild: u64, settings: ServerSettings) {
        if let Ok(mut servers) = self.locales_seen.servers.lock() {
            servers.insert(guild, settings);
        }
    }
}
