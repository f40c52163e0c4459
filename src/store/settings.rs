//! Settings: per user (the same in every guild) and per server.

use super::sql::{Connection, OptionalExtension, params};

use super::ids::Snowflake;
use super::{Result, Store};
use crate::locale::Locale;

/// A user's settings. A user who never changed them has the defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UserSettings {
    /// Also send turn notices and reminders by direct message (default off: a user asks for
    /// DMs with `/focus notify dm:true`; the channel mention reaches everyone anyway).
    pub dm_notifications: bool,
    /// The Discord locale of the user's latest interaction; their DMs use its language.
    pub locale: Option<Locale>,
}

/// A server's settings.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct ServerSettings {
    /// The language of public messages, as set with `/focus settings language:`.
    pub language: Option<Locale>,
    /// The server's own locale, as Discord last sent it with an interaction.
    pub discord_locale: Option<Locale>,
    /// Whether accepted challenges get a thread each, as set with `/focus settings threads:`;
    /// `None`: never set ([`ServerSettings::threads`] reads it as on).
    pub threads_set: Option<bool>,
    /// The role whose members may create tournaments, besides those with Manage Server.
    pub tournament_role: Option<u64>,
}

impl ServerSettings {
    /// The language of the server's public messages: the one set, else the server's own, else
    /// English.
    pub fn locale(&self) -> Locale {
        self.known_locale().unwrap_or(Locale::ENGLISH)
    }

    /// The language set, else the server's own; `None` where Discord gives none (a group DM
    /// or a DM) and nobody has chosen one.
    pub fn known_locale(&self) -> Option<Locale> {
        self.language.or(self.discord_locale)
    }

    /// Whether an accepted challenge's game gets a thread of its own: as set, else on.
    pub fn threads(&self) -> bool {
        self.threads_set.unwrap_or(true)
    }
}

/// `user_id`'s settings (the defaults if never set).
pub(crate) fn get_settings(conn: &Connection, user_id: u64) -> Result<UserSettings> {
    let mut stmt = conn
        .prepare_cached("SELECT dm_notifications, locale FROM user_settings WHERE user_id = ?1")?;
    let found = stmt
        .query_row([Snowflake(user_id)], |row| {
            Ok(UserSettings {
                dm_notifications: row.get(0)?,
                // A tag this version cannot read is as good as none.
                locale: row.get::<_, Option<Locale>>(1).ok().flatten(),
            })
        })
        .optional()?;
    Ok(found.unwrap_or_default())
}

impl Store {
    /// `user_id`'s settings (the defaults if never set).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn settings(&self, user_id: u64) -> Result<UserSettings> {
        get_settings(&self.conn, user_id)
    }

    /// Stores `user_id`'s DM setting (their locale is kept by [`Store::note_user_locale`]).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn set_settings(&mut self, user_id: u64, settings: UserSettings) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO user_settings (user_id, dm_notifications) VALUES (?1, ?2) \
                 ON CONFLICT (user_id) DO UPDATE SET dm_notifications = excluded.dm_notifications",
                params![Snowflake(user_id), settings.dm_notifications],
            )?;
            Ok(())
        })
    }

    /// Remembers the locale of `user_id`'s latest interaction.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn note_user_locale(&mut self, user_id: u64, locale: Locale) -> Result<()> {
        self.write(|tx| {
            // A new row keeps DMs off, the default (the column's own default predates it).
            tx.execute(
                "INSERT INTO user_settings (user_id, dm_notifications, locale) VALUES (?1, 0, ?2) \
                 ON CONFLICT (user_id) DO UPDATE SET locale = excluded.locale",
                params![Snowflake(user_id), locale],
            )?;
            Ok(())
        })
    }

    /// `guild_id`'s settings (none set if never set).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn server_settings(&self, guild_id: u64) -> Result<ServerSettings> {
        let mut stmt = self.conn.prepare_cached(
            "SELECT language, discord_locale, threads, tournament_role FROM server_settings \
             WHERE guild_id = ?1",
        )?;
        let found = stmt
            .query_row([Snowflake(guild_id)], |row| {
                Ok(ServerSettings {
                    language: row.get::<_, Option<Locale>>(0).ok().flatten(),
                    discord_locale: row.get::<_, Option<Locale>>(1).ok().flatten(),
                    threads_set: row.get(2)?,
                    tournament_role: row.get::<_, Option<Snowflake>>(3)?.map(|s| s.0),
                })
            })
            .optional()?;
        Ok(found.unwrap_or_default())
    }

    /// Sets (or with `None` clears) the language of `guild_id`'s public messages.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn set_server_language(&mut self, guild_id: u64, language: Option<Locale>) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_settings (guild_id, language) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET language = excluded.language",
                params![Snowflake(guild_id), language],
            )?;
            Ok(())
        })
    }

    /// Sets the role of `guild_id` whose members may create tournaments.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn set_tournament_role(&mut self, guild_id: u64, role: u64) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_settings (guild_id, tournament_role) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET tournament_role = excluded.tournament_role",
                params![Snowflake(guild_id), Snowflake(role)],
            )?;
            Ok(())
        })
    }

    /// Sets whether `guild_id`'s accepted challenges get a thread each.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn set_server_threads(&mut self, guild_id: u64, threads: bool) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_settings (guild_id, threads) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET threads = excluded.threads",
                params![Snowflake(guild_id), threads],
            )?;
            Ok(())
        })
    }

    /// Gives `guild_id` (a group DM or a DM, standing for a server) `locale` as its own unless
    /// it has one already, and returns its settings as they then are: of two players who come
    /// first at once, one sets it and both read it.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn adopt_server_locale(&mut self, guild_id: u64, locale: Locale) -> Result<ServerSettings> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_settings (guild_id, discord_locale) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET discord_locale = excluded.discord_locale \
                 WHERE server_settings.discord_locale IS NULL",
                params![Snowflake(guild_id), locale],
            )?;
            Ok(())
        })?;
        self.server_settings(guild_id)
    }

    /// Remembers `guild_id`'s own locale as Discord sent it.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn note_server_locale(&mut self, guild_id: u64, locale: Locale) -> Result<()> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO server_settings (guild_id, discord_locale) VALUES (?1, ?2) \
                 ON CONFLICT (guild_id) DO UPDATE SET discord_locale = excluded.discord_locale",
                params![Snowflake(guild_id), locale],
            )?;
            Ok(())
        })
    }
}
