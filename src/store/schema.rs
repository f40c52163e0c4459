//! The schema migrations: the numbered SQL files of `migrations/`, embedded in the binary.
//!
//! Migration *n* (1-based, file `migrations/000n_*.sql`) brings the database to schema version
//! *n*, recorded in SQLite's `PRAGMA user_version` by `rusqlite_migration`. Released files are
//! never edited; a change of schema is a new file appended to [`MIGRATIONS`].

use rusqlite::Connection;
use rusqlite_migration::{M, Migrations};

/// Every migration, in order.
const MIGRATIONS: &[M<'static>] = &[
    M::up(include_str!("../../migrations/0001_initial.sql")),
    M::up(include_str!("../../migrations/0002_user_names.sql")),
    M::up(include_str!("../../migrations/0003_correspondence.sql")),
    M::up(include_str!("../../migrations/0004_ratings.sql")),
    M::up(include_str!("../../migrations/0005_languages.sql")),
    M::up(include_str!("../../migrations/0006_live_clock.sql")),
    M::up(include_str!("../../migrations/0007_threads.sql")),
    M::up(include_str!("../../migrations/0008_rematch.sql")),
    M::up(include_str!("../../migrations/0009_channel_names.sql")),
    M::up(include_str!("../../migrations/0010_move_times.sql")),
    M::up(include_str!("../../migrations/0011_bot_games.sql")),
    M::up(include_str!("../../migrations/0012_analyses.sql")),
    M::up(include_str!("../../migrations/0013_tournaments.sql")),
    M::up(include_str!("../../migrations/0014_venues.sql")),
];

/// The schema version this binary writes: the number of migrations it knows.
pub const SCHEMA_VERSION: i64 = MIGRATIONS.len() as i64;

/// The schema version recorded in the database (0 for a new, empty one).
///
/// # Errors
/// The database's.
pub(crate) fn version(conn: &super::sql::Connection) -> super::Result<i64> {
    match conn.sqlite() {
        Some(conn) => Ok(sqlite_version(conn)?),
        None => super::postgres::version(conn),
    }
}

/// The schema version recorded in an SQLite database: `PRAGMA user_version`.
pub(crate) fn sqlite_version(conn: &Connection) -> rusqlite::Result<i64> {
    conn.pragma_query_value(None, "user_version", |row| row.get(0))
}

/// Applies the migrations the database lacks, all in one transaction. The caller has already
/// refused a database newer than [`SCHEMA_VERSION`] (so that it is not even opened for
/// writing); `rusqlite_migration` would refuse it too.
pub(crate) fn migrate(conn: &mut Connection) -> Result<(), rusqlite_migration::Error> {
    Migrations::from_slice(MIGRATIONS).to_latest(conn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_are_well_formed() {
        Migrations::from_slice(MIGRATIONS).validate().unwrap();
        assert_eq!(SCHEMA_VERSION, 14);
    }

    #[test]
    fn migrating_twice_changes_nothing() {
        let mut conn = Connection::open_in_memory().unwrap();
        assert_eq!(sqlite_version(&conn).unwrap(), 0);
        migrate(&mut conn).unwrap();
        assert_eq!(sqlite_version(&conn).unwrap(), SCHEMA_VERSION);
        let schema = |conn: &Connection| -> Vec<String> {
            let mut stmt = conn
                .prepare("SELECT sql FROM sqlite_schema WHERE sql IS NOT NULL ORDER BY name")
                .unwrap();
            stmt.query_map([], |r| r.get(0))
                .unwrap()
                .map(Result::unwrap)
                .collect()
        };
        let before = schema(&conn);
        assert!(before.iter().any(|s| s.contains("CREATE TABLE games")));
        let changes = conn.total_changes();
        migrate(&mut conn).unwrap();
        assert_eq!(schema(&conn), before);
        assert_eq!(conn.total_changes(), changes);
        assert_eq!(sqlite_version(&conn).unwrap(), SCHEMA_VERSION);
    }
}
