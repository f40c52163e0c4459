//! Users' display names, as last seen.

use rusqlite::{OptionalExtension, params};

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
                 updated_at = excluded.updated_at WHERE name <> excluded.name",
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
}
