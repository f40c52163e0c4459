//! Opening a [`Store`] on PostgreSQL, and its schema versions.
//!
//! The schema is versioned as SQLite's is, with the same numbers: `focus_schema` holds the
//! version, and each file of `migrations/postgres/` brings a database to the version in its
//! name. Migrating takes a session advisory lock first, so processes starting together migrate
//! once; a database newer than this binary is refused before anything is written.

use super::sql::{Connection, PgConnection};
use super::{Result, SCHEMA_VERSION, Store, StoreError};

/// PostgreSQL's migrations: the version each brings the database to, and its SQL.
const MIGRATIONS: &[(i64, &str)] = &[(
    14,
    include_str!("../../migrations/postgres/0014_schema.sql"),
)];

/// The advisory lock held while migrating (session-level, released at once after).
const MIGRATION_LOCK: i64 = 0x0046_6f63_7574;

/// Whether `location` names a PostgreSQL database (`postgres://…` or `postgresql://…`) rather
/// than an SQLite file.
pub fn is_postgres_url(location: &str) -> bool {
    location.starts_with("postgres://") || location.starts_with("postgresql://")
}

impl Store {
    /// Connects to the PostgreSQL database at `url` and brings its schema up to date.
    ///
    /// # Errors
    /// - [`StoreError::Connect`] for a malformed URL, an unreachable server, a refused login;
    /// - [`StoreError::Postgres`] for a failed migration;
    /// - [`StoreError::TooNew`] when its schema is newer than [`SCHEMA_VERSION`] (left as it
    ///   was).
    pub fn open_postgres(url: &str) -> Result<Store> {
        let conn =
            Connection::Postgres(PgConnection::connect(url).map_err(|e| StoreError::Connect {
                url: redacted(url),
                reason: e.to_string(),
            })?);
        let store = Store { conn };
        store
            .conn
            .execute_batch(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))?;
        let migrated = migrate(&store.conn, url);
        store
            .conn
            .execute_batch(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))?;
        migrated?;
        Ok(store)
    }

    /// Whether this store's PostgreSQL connection is gone (always false on SQLite).
    pub(crate) fn is_closed(&self) -> bool {
        match &self.conn {
            Connection::Postgres(conn) => conn.is_closed(),
            Connection::Sqlite(_) => false,
        }
    }
}

/// The version recorded in `focus_schema`; 0 for a database without it.
pub(super) fn version(conn: &Connection) -> Result<i64> {
    let exists: bool =
        conn.query_row("SELECT to_regclass('focus_schema') IS NOT NULL", (), |r| {
            r.get(0)
        })?;
    if !exists {
        return Ok(0);
    }
    Ok(conn.query_row("SELECT version FROM focus_schema", (), |r| r.get(0))?)
}

/// Applies the migrations the database lacks, each in its own transaction with its version.
fn migrate(conn: &Connection, url: &str) -> Result<()> {
    let found = version(conn)?;
    if found > SCHEMA_VERSION {
        return Err(StoreError::TooNew {
            path: redacted(url).into(),
            found,
            known: SCHEMA_VERSION,
        });
    }
    if found == 0 {
        conn.execute_batch("CREATE TABLE IF NOT EXISTS focus_schema (version BIGINT NOT NULL)")?;
        conn.execute_batch("INSERT INTO focus_schema (version) VALUES (0)")?;
    }
    for (version, sql) in MIGRATIONS.iter().filter(|(v, _)| *v > found) {
        conn.begin_write()?;
        let applied = conn.execute_batch(sql).and_then(|()| {
            conn.execute("UPDATE focus_schema SET version = ?1", [*version])
                .map(drop)
        });
        match applied {
            Ok(()) => conn.commit()?,
            Err(e) => {
                conn.rollback();
                return Err(e.into());
            }
        }
    }
    Ok(())
}

/// `url` without its password, for messages and logs.
pub fn redacted(url: &str) -> String {
    match url.split_once("://") {
        Some((scheme, rest)) => match rest.rsplit_once('@') {
            Some((user, host)) => match user.split_once(':') {
                Some((name, _)) => format!("{scheme}://{name}:***@{host}"),
                None => url.to_owned(),
            },
            None => url.to_owned(),
        },
        None => url.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_migration_is_the_schema_version() {
        assert_eq!(MIGRATIONS.last().map(|m| m.0), Some(SCHEMA_VERSION));
        assert!(MIGRATIONS.windows(2).all(|w| w[0].0 < w[1].0));
    }

    #[test]
    fn a_password_never_reaches_a_message() {
        assert_eq!(
            redacted("postgres://focus:s3cret@db.example:5432/focus"),
            "postgres://focus:***@db.example:5432/focus"
        );
        assert_eq!(
            redacted("postgres://db.example/focus"),
            "postgres://db.example/focus"
        );
        assert_eq!(
            redacted("postgres://focus@db.example/focus"),
            "postgres://focus@db.example/focus"
        );
        assert!(is_postgres_url("postgresql://x/y") && !is_postgres_url("focus.db"));
    }
}
