//! What a [`super::Connection`] answers when the database fails, and "no row" as `None`.

use std::fmt;

/// A failure of the database under a store connection (SQLite or PostgreSQL).
#[derive(Debug)]
pub enum SqlError {
    /// SQLite's error, or a value this version cannot read (on either database).
    Sqlite(rusqlite::Error),
    /// PostgreSQL's error.
    Postgres(tokio_postgres::Error),
    /// A statement PostgreSQL's side cannot run as written (a value of a type it does not
    /// convert): a bug of the store's SQL, named for the log.
    Unsupported(String),
}

impl fmt::Display for SqlError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SqlError::Sqlite(e) => e.fmt(f),
            SqlError::Postgres(e) => match e.as_db_error() {
                // The server's own words (the plain `Display` says only "db error").
                Some(db) => write!(f, "{}: {}", db.severity(), db.message()),
                // "error connecting to server", then why (refused, timed out, no such host).
                None => match std::error::Error::source(e) {
                    Some(why) => write!(f, "{e}: {why}"),
                    None => e.fmt(f),
                },
            },
            SqlError::Unsupported(what) => f.write_str(what),
        }
    }
}

impl std::error::Error for SqlError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            SqlError::Sqlite(e) => Some(e),
            SqlError::Postgres(e) => Some(e),
            SqlError::Unsupported(_) => None,
        }
    }
}

impl From<rusqlite::Error> for SqlError {
    fn from(e: rusqlite::Error) -> Self {
        SqlError::Sqlite(e)
    }
}

impl From<tokio_postgres::Error> for SqlError {
    fn from(e: tokio_postgres::Error) -> Self {
        SqlError::Postgres(e)
    }
}

impl SqlError {
    /// Whether this is the refusal of a row that breaks a unique index: SQLite names its
    /// columns (`columns`, as `table.column`), PostgreSQL the index (`index`).
    pub(crate) fn breaks_unique(&self, columns: &str, index: &str) -> bool {
        match self {
            SqlError::Sqlite(rusqlite::Error::SqliteFailure(e, Some(msg))) => {
                e.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE && msg.contains(columns)
            }
            SqlError::Postgres(e) => e.as_db_error().is_some_and(|db| {
                *db.code() == tokio_postgres::error::SqlState::UNIQUE_VIOLATION
                    && db.constraint() == Some(index)
            }),
            _ => false,
        }
    }

    /// Whether the database could not be reached or went away (the statement may be retried
    /// on a new connection): PostgreSQL's connection errors, never a refusal of the data.
    pub fn is_unreachable(&self) -> bool {
        match self {
            SqlError::Postgres(e) => super::postgres::is_unreachable(e),
            _ => false,
        }
    }
}

/// The answer of every call of a store connection.
pub type SqlResult<T> = std::result::Result<T, SqlError>;

/// `QueryReturnedNoRows` as "no row": `Ok(None)`, as rusqlite's extension of the same name.
pub(crate) trait OptionalExtension<T> {
    /// `Ok(None)` for a query that found no row; anything else as it was.
    fn optional(self) -> SqlResult<Option<T>>;
}

impl<T> OptionalExtension<T> for SqlResult<T> {
    fn optional(self) -> SqlResult<Option<T>> {
        match self {
            Ok(value) => Ok(Some(value)),
            Err(SqlError::Sqlite(rusqlite::Error::QueryReturnedNoRows)) => Ok(None),
            Err(e) => Err(e),
        }
    }
}
