//! Why a copy failed, as the one line `focus-bot db copy` prints, and what became of the
//! target.

use thiserror::Error;

use crate::store::{GameId, StoreError};

/// Which database of a copy.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Side {
    /// The database copied from.
    Source,
    /// The database copied into.
    Target,
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Side::Source => "source",
            Side::Target => "target",
        })
    }
}

/// A failed [`super::copy`]. Every failure after the target was opened rolled back the one
/// transaction that wrote into it, so the target is as it was (a new SQLite file the copy made
/// is deleted again), except where the variant says otherwise. Locations are shown without
/// passwords.
#[derive(Debug, Error)]
pub enum CopyError {
    /// The source and the target are the same database.
    #[error("the source and the target are the same database ({0}): copy into another one")]
    SameDatabase(String),
    /// The source is an SQLite file that does not exist (opening it would create it empty).
    #[error("the source {0} does not exist")]
    NoSource(String),
    /// A database cannot be opened or its schema brought up to date (unreachable, refused
    /// login, a file that is not a database, a schema newer than this focus-bot's).
    #[error("cannot open the {side} {location}: {source}")]
    Open {
        /// Which one.
        side: Side,
        /// Where it is.
        location: String,
        /// Why.
        source: StoreError,
    },
    /// The two databases' tables or columns differ from each other or from the tables the copy
    /// knows ([`super::TABLES`]): a focus-bot bug, or a database changed by hand.
    #[error("the {side} {location} {detail}; nothing was copied")]
    Schema {
        /// The database that differs.
        side: Side,
        /// Where it is.
        location: String,
        /// What differs.
        detail: String,
    },
    /// The target has rows: a copy goes only into an empty database. Nothing was changed.
    #[error(
        "the target {location} is not empty: table {table} has {}; copy into a new SQLite \
         file or a new PostgreSQL database (CREATE DATABASE …); nothing was changed",
        rows_of(*rows)
    )]
    NotEmpty {
        /// Where it is.
        location: String,
        /// The first table (in [`super::TABLES`]'s order) with rows.
        table: &'static str,
        /// Its rows.
        rows: u64,
    },
    /// Reading the source or writing the target failed midway; the target was rolled back.
    #[error("cannot {} the {side} {location}: {source}; the target was left as it was", verb(*side))]
    Failed {
        /// Which one.
        side: Side,
        /// Where it is.
        location: String,
        /// Why.
        source: StoreError,
    },
    /// A table has another number of rows in the target than in the source; rolled back.
    #[error(
        "the check failed: table {table} has {source_rows} rows in the source but \
         {target_rows} in the copy; the target was left as it was"
    )]
    Count {
        /// The table.
        table: &'static str,
        /// Its rows in the source's snapshot.
        source_rows: u64,
        /// Its rows in the target before commit.
        target_rows: u64,
    },
    /// A game's moves do not replay to its stored position (or cannot be replayed) in the
    /// copy: the source holds the same game, which needs a moderator's repair before it can
    /// be moved. Rolled back.
    #[error(
        "the check failed: game {id}'s moves do not replay to its stored position ({detail}); \
         the target was left as it was"
    )]
    Replay {
        /// The game.
        id: GameId,
        /// What differs, as the store's replay check says it.
        detail: String,
    },
    /// A game reads back from the copy other than from the source; rolled back.
    #[error(
        "the check failed: game {id} differs between the source and the copy ({detail}); \
         the target was left as it was"
    )]
    Differs {
        /// The game.
        id: GameId,
        /// The first field that differs, with both values.
        detail: String,
    },
    /// The commit itself failed. SQLite then keeps nothing; PostgreSQL may have committed
    /// when its connection broke during the commit, so the line says how to find out, and
    /// what to drop.
    #[error(
        "cannot commit the copy into {location}: {source}; {}",
        after_failed_commit(location, *postgres)
    )]
    Commit {
        /// Where the target is.
        location: String,
        /// Whether it is PostgreSQL.
        postgres: bool,
        /// Why.
        source: StoreError,
    },
    /// The copy failed, and the SQLite file it created could not be deleted.
    #[error("{cause}; delete {file}, which the copy created ({reason})")]
    LeftOver {
        /// The failure.
        cause: Box<CopyError>,
        /// The file to delete.
        file: String,
        /// Why it could not be deleted.
        reason: std::io::Error,
    },
}

impl CopyError {
    /// Whether the copy was made but failed its check (counts, replay, comparison), rather
    /// than a database failing or a refusal before copying.
    pub fn is_check(&self) -> bool {
        match self {
            CopyError::Count { .. } | CopyError::Replay { .. } | CopyError::Differs { .. } => true,
            CopyError::LeftOver { cause, .. } => cause.is_check(),
            _ => false,
        }
    }

    /// Whether the target was refused for holding rows.
    pub fn is_not_empty(&self) -> bool {
        match self {
            CopyError::NotEmpty { .. } => true,
            CopyError::LeftOver { cause, .. } => cause.is_not_empty(),
            _ => false,
        }
    }
}

/// `n` rows, in words.
fn rows_of(n: u64) -> String {
    if n == 1 {
        "1 row".to_owned()
    } else {
        format!("{n} rows")
    }
}

/// What a side does in a copy.
fn verb(side: Side) -> &'static str {
    match side {
        Side::Source => "read",
        Side::Target => "write",
    }
}

/// What to do after a failed commit.
fn after_failed_commit(location: &str, postgres: bool) -> String {
    if postgres {
        format!(
            "if `focus-bot db --db {location}` shows games or challenges, the copy was kept \
             after all: drop that database and create it again (DROP DATABASE …; CREATE \
             DATABASE …) before copying again"
        )
    } else {
        "the target was left as it was".to_owned()
    }
}
