//! Users' display names, as last seen; channels' names, as the console names them.

use super::sql::{OptionalExtension, params};

use super::ids::Snowflake;
use super::{Result, Store};

impl Store {
    /// Remembers `name` as `user_id`'s display name (seen at `now`, unix seconds).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn remember_name(&mut self, user_id: u64, name: &str, now: i64) -> Result<()> {
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO user_names (user_id, name, updated_at) VALUES (?1, ?2, ?3) \
                 ON CONFLICT (user_id) DO UPDATE SET name = excluded.name, \
                 updated_at = excluded.updated_at WHERE user_names.name <> excluded.name",
            )?
            .execute(params![Snowflake(user_id), name, now])?;
            Ok(())
        })
    }

    /// `user_id`'s last seen display name, if any.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn name(&self, user_id: u64) -> Result<Option<String>> {
        Ok(self
            .conn
            .prepare_cached("SELECT name FROM user_names WHERE user_id = ?1")?
            .query_row([Snowflake(user_id)], |row| row.get(0))
            .optional()?)
    }

    /// Remembers `name` as `channel_id`'s name (the console's `#name`).
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn remember_channel_name(&mut self, channel_id: u64, name: &str) -> Result<()> {
        self.write(|tx| {
            tx.prepare_cached(
                "INSERT INTO channel_names (channel_id, name) VALUES (?1, ?2) \
                 ON CONFLICT (channel_id) DO UPDATE SET name = excluded.name \
                 WHERE channel_names.name <> excluded.name",
            )?
            .execute(params![Snowflake(channel_id), name])?;
            Ok(())
        })
    }

    /// Every channel name remembered, by channel id.
    ///
    /// # Errors
    /// [`super::StoreError::Sqlite`] if SQLite fails.
    pub fn channel_names(&self) -> Result<Vec<(u64, String)>> {
        let mut stmt = self
            .conn
            .prepare_cached("SELECT channel_id, name FROM channel_names")?;
        let rows = stmt.query_map((), |row| {
            Ok((row.get::<_, Snowflake>(0)?.0, row.get::<_, String>(1)?))
        })?;
        Ok(rows.collect::<rusqlite::Result<_>>()?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remembers_the_latest_name() {
        let mut store = Store::open_in_memory().unwrap();
        assert_eq!(store.name(u64::MAX).unwrap(), None);
        store.remember_name(u64::MAX, "Alice", 1).unwrap();
        store.remember_name(u64::MAX, "Alicia", 2).unwrap();
        assert_eq!(store.name(u64::MAX).unwrap().as_deref(), Some("Alicia"));
    }

    #[test]
    fn remembers_channel_names() {
        let mut store = Store::open_in_memory().unwrap();
        assert_eq!(store.channel_names().unwrap(), []);
        store.remember_channel_name(u64::MAX, "general").unwrap();
        store.remember_channel_name(7, "live").unwrap();
        store.remember_channel_name(7, "lounge").unwrap();
        let mut names = store.channel_names().unwrap();
        names.sort();
        assert_eq!(
            names,
            [(7, "lounge".to_owned()), (u64::MAX, "general".to_owned())]
        );
    }
}
