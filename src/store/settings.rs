//! Per-user settings, the same in every guild.

use rusqlite::{OptionalExtension, params};

use super::ids::Snowflake;
use super::{Result, Store};

/// A user's settings. A user who never changed them has the defaults.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct UserSettings {
    /// Also send turn notices and reminders by direct message (default off: a user asks for
    /// DMs with `/focus notify dm:true`; the channel mention reaches everyone anyway).
    pub dm_notifications: bool,
}

/// `user_id`'s settings (the defaults if never set).
pub(crate) fn get_settings(conn: &rusqlite::Connection, user_id: u64) -> Result<UserSettings> {
    let mut stmt =
        conn.prepare_cached("SELECT dm_notifications FROM user_settings WHERE user_id = ?1")?;
    let found = stmt
        .query_row([Snowflake(user_id)], |row| {
            Ok(UserSettings {
                dm_notifications: row.get(0)?,
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

    /// Stores `user_id`'s settings.
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
}
