//! Where the database is: an SQLite file or a PostgreSQL URL, from the environment or an option.

use std::path::{Path, PathBuf};

use super::postgres;

/// What backing up PostgreSQL takes, in one sentence: `focus-bot db backup` and `BACKUP_DIR`
/// copy an SQLite file, and PostgreSQL has its own tools.
pub const POSTGRES_BACKUPS: &str = "focus-bot backs up SQLite files only: back up PostgreSQL \
    with pg_dump (a consistent copy while the bot runs) or with continuous archiving for \
    point-in-time recovery, as the README's section \"Backups\" explains";

/// The database file used when `DATABASE_PATH` is not set.
pub const DEFAULT_DATABASE_PATH: &str = "focus.db";

/// Where a database is: an SQLite file, or a PostgreSQL database by its URL.
#[derive(Clone, PartialEq, Eq)]
pub enum Location {
    /// An SQLite file.
    File(PathBuf),
    /// A PostgreSQL URL (`postgres://…`).
    Postgres(String),
}

impl Location {
    /// `text` as a location: a `postgres://` or `postgresql://` URL, else a file path.
    pub fn parse(text: &str) -> Location {
        if postgres::is_postgres_url(text) {
            Location::Postgres(text.to_owned())
        } else {
            Location::File(PathBuf::from(text))
        }
    }

    /// The location the environment names: `DATABASE_URL` when set (it wins), else
    /// `DATABASE_PATH`, else [`DEFAULT_DATABASE_PATH`]. Empty values count as unset.
    pub fn from_env() -> Location {
        match std::env::var("DATABASE_URL") {
            Ok(url) if !url.trim().is_empty() => Location::parse(url.trim()),
            _ => Location::File(database_path_from_env()),
        }
    }

    /// The SQLite file, if this is one.
    pub fn file(&self) -> Option<&Path> {
        match self {
            Location::File(path) => Some(path),
            Location::Postgres(_) => None,
        }
    }
}

impl std::fmt::Display for Location {
    /// The path, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Location::File(path) => path.display().fmt(f),
            Location::Postgres(url) => f.write_str(&postgres::redacted(url)),
        }
    }
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Location({self})")
    }
}

impl From<PathBuf> for Location {
    fn from(path: PathBuf) -> Location {
        Location::File(path)
    }
}

/// Where the database is: the `DATABASE_PATH` environment variable, else
/// [`DEFAULT_DATABASE_PATH`].
pub fn database_path_from_env() -> PathBuf {
    std::env::var_os("DATABASE_PATH")
        .filter(|p| !p.is_empty())
        .map_or_else(|| PathBuf::from(DEFAULT_DATABASE_PATH), PathBuf::from)
}
