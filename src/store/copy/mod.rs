//! `focus-bot db copy`: moves a whole community from one database into another, SQLite or
//! PostgreSQL either way, while the bot may still be running on the source.
//!
//! # How
//! 1. Both databases are opened with their schema brought up to date ([`Store::open_at`]), so
//!    both are at [`SCHEMA_VERSION`]; their tables and columns are compared with [`TABLES`].
//! 2. The source is read in one snapshot (one read transaction): a bot still writing to it
//!    changes nothing the copy sees.
//! 3. Everything is written into the target in one transaction, which first checks that every
//!    table is empty. Rows keep their ids, and go table by table in [`TABLES`]' order (foreign
//!    keys first), in batched inserts.
//! 4. Before the commit, the copy is checked: each table's rows are counted on both sides, and
//!    every game is loaded from the target with the store's replay check
//!    ([`Store::load_game`]: its moves must replay to its stored position) and compared with
//!    the source's row. Any failure rolls the transaction back; a new SQLite file the copy made
//!    is deleted again.
//!
//! # Limits
//! - Rows written by a running bot after the snapshot are not copied: stop the bot for the
//!   switch, or copy twice (a rehearsal while it runs, then the switch after stopping it).
//! - PostgreSQL's driver receives a table's rows whole, so a copy from PostgreSQL holds its
//!   largest table (the moves) in memory at once; from SQLite, one batch.

mod error;
mod tables;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

pub use error::{CopyError, Side};
use tables::Failed;
pub use tables::TABLES;

use super::games::get_game;
use super::sql::{Backend, Connection};
use super::{GameId, Location, SCHEMA_VERSION, Store, StoreError};

/// Each table with its rows.
type Counted = Vec<(&'static str, u64)>;

/// What a copy did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Copied {
    /// Every table of [`TABLES`], in that order, with its rows (equal in both databases).
    pub tables: Vec<(&'static str, u64)>,
    /// The games whose moves were replayed to their stored positions in the copy.
    pub games_replayed: u64,
    /// How long the whole copy took, opening both databases included.
    pub took: Duration,
}

/// Copies the community at `from` into the empty database at `to` (see the [module](self)),
/// and checks the copy before committing it.
///
/// # Errors
/// - [`CopyError::SameDatabase`], [`CopyError::NoSource`]: refused before opening anything.
/// - [`CopyError::Open`], [`CopyError::Schema`]: a database cannot be opened, or its tables
///   are not the ones the copy knows; nothing was copied.
/// - [`CopyError::NotEmpty`]: the target has rows; nothing was changed.
/// - [`CopyError::Failed`]: reading or writing failed midway; rolled back.
/// - [`CopyError::Count`], [`CopyError::Replay`], [`CopyError::Differs`]: the check failed
///   ([`CopyError::is_check`]); rolled back.
/// - [`CopyError::Commit`]: the commit failed (the line says what to check and drop).
/// - [`CopyError::LeftOver`]: any of these, and the SQLite file the copy created could not be
///   deleted.
pub fn copy(from: &Location, to: &Location) -> Result<Copied, CopyError> {
    let started = Instant::now();
    if same(from, to) {
        return Err(CopyError::SameDatabase(to.to_string()));
    }
    if let Location::File(path) = from
        && !path.exists()
    {
        return Err(CopyError::NoSource(path.display().to_string()));
    }
    let created = match to {
        Location::File(path) if !path.exists() => Some(path.clone()),
        _ => None,
    };
    let copied = copy_into(from, to);
    match (copied, created) {
        (Ok((tables, games_replayed)), _) => Ok(Copied {
            tables,
            games_replayed,
            took: started.elapsed(),
        }),
        (Err(cause), Some(file)) => Err(delete_created(&file, cause)),
        (Err(cause), None) => Err(cause),
    }
}

/// Whether `a` and `b` are the same database: the same URL, or the same file.
fn same(a: &Location, b: &Location) -> bool {
    match (a, b) {
        (Location::File(a), Location::File(b)) => {
            a == b || matches!((a.canonicalize(), b.canonicalize()), (Ok(a), Ok(b)) if a == b)
        }
        _ => a == b,
    }
}

/// The copy, from opening both databases to the commit: each table's rows, and the games
/// replayed. The stores are closed when it returns, so a file it made may then be deleted.
fn copy_into(from: &Location, to: &Location) -> Result<(Counted, u64), CopyError> {
    let open = |side, location: &Location| {
        Store::open_at(location).map_err(|source| CopyError::Open {
            side,
            location: location.to_string(),
            source,
        })
    };
    let mut source = open(Side::Source, from)?;
    let mut target = open(Side::Target, to)?;
    let ends = Ends { from, to };
    let columns = schema(&source, from, &target, to)?;

    source
        .conn
        .begin_read()
        .map_err(|e| ends.failed(Side::Source)(e.into()))?;
    if let Err(e) = target.conn.begin_write() {
        source.conn.rollback();
        return Err(ends.failed(Side::Target)(e.into()));
    }
    let filled = fill(&mut source, &mut target, &columns, &ends).and_then(|tables| {
        let games = replay(&mut source, &mut target, &ends)?;
        tables::restart_identities(&target.conn)
            .map_err(|e| ends.failed(Side::Target)(e.into()))?;
        Ok((tables, games))
    });
    // The snapshot was only read: ending it either way is the same.
    source.conn.rollback();
    let done = match filled {
        Ok(done) => done,
        Err(e) => {
            target.conn.rollback();
            return Err(e);
        }
    };
    target.conn.commit().map_err(|e| CopyError::Commit {
        location: to.to_string(),
        postgres: target.backend() == Backend::Postgres,
        source: e.into(),
    })?;
    Ok(done)
}

/// The two databases' locations, for the lines of the errors.
struct Ends<'a> {
    from: &'a Location,
    to: &'a Location,
}

impl Ends<'_> {
    /// Makes a failure of `side` a [`CopyError::Failed`].
    fn failed(&self, side: Side) -> impl Fn(StoreError) -> CopyError + '_ {
        move |source| CopyError::Failed {
            side,
            location: match side {
                Side::Source => self.from,
                Side::Target => self.to,
            }
            .to_string(),
            source,
        }
    }
}

/// Checks that both databases are at [`SCHEMA_VERSION`] with exactly the tables of [`TABLES`]
/// and the same columns in each: the columns of each table, in the source's order.
fn schema(
    source: &Store,
    from: &Location,
    target: &Store,
    to: &Location,
) -> Result<Vec<Vec<String>>, CopyError> {
    let differs = |side, location: &Location, detail: String| CopyError::Schema {
        side,
        location: location.to_string(),
        detail,
    };
    let read = |side, location: &Location, store: &Store| {
        let failed = |e: StoreError| CopyError::Failed {
            side,
            location: location.to_string(),
            source: e,
        };
        let version = store.schema_version().map_err(failed)?;
        if version != SCHEMA_VERSION {
            return Err(differs(
                side,
                location,
                format!("has schema version {version}, not this focus-bot's {SCHEMA_VERSION}"),
            ));
        }
        let found = tables::tables_of(&store.conn).map_err(|e| failed(e.into()))?;
        let mut known: Vec<String> = TABLES.iter().map(|t| (*t).to_owned()).collect();
        known.sort();
        if found != known {
            return Err(differs(
                side,
                location,
                format!(
                    "has the tables {}, but this focus-bot copies {}",
                    found.join(", "),
                    known.join(", ")
                ),
            ));
        }
        TABLES
            .iter()
            .map(|table| tables::columns_of(&store.conn, table).map_err(|e| failed(e.into())))
            .collect::<Result<Vec<_>, _>>()
    };
    let theirs = read(Side::Source, from, source)?;
    let ours = read(Side::Target, to, target)?;
    for ((table, s), t) in TABLES.iter().zip(&theirs).zip(&ours) {
        let mut sorted = (s.clone(), t.clone());
        sorted.0.sort();
        sorted.1.sort();
        if sorted.0 != sorted.1 {
            return Err(differs(
                Side::Target,
                to,
                format!(
                    "has the columns {} in table {table}, but the source has {}",
                    t.join(", "),
                    s.join(", ")
                ),
            ));
        }
    }
    Ok(theirs)
}

/// Inside both transactions: refuses a target with rows, then copies every table and counts
/// its rows on both sides.
fn fill(
    source: &mut Store,
    target: &mut Store,
    columns: &[Vec<String>],
    ends: &Ends<'_>,
) -> Result<Counted, CopyError> {
    let write = ends.failed(Side::Target);
    let read = ends.failed(Side::Source);
    for table in TABLES {
        let rows = tables::count(&target.conn, table).map_err(|e| write(e.into()))?;
        if rows > 0 {
            return Err(CopyError::NotEmpty {
                location: ends.to.to_string(),
                table,
                rows,
            });
        }
    }
    let mut counted = Vec::with_capacity(TABLES.len());
    for (table, columns) in TABLES.into_iter().zip(columns) {
        let source_rows = tables::count(&source.conn, table).map_err(|e| read(e.into()))?;
        tables::transfer(&source.conn, &target.conn, table, columns).map_err(|e| match e {
            Failed::Read(e) => read(e.into()),
            Failed::Write(e) => write(e.into()),
        })?;
        let target_rows = tables::count(&target.conn, table).map_err(|e| write(e.into()))?;
        if target_rows != source_rows {
            return Err(CopyError::Count {
                table,
                source_rows,
                target_rows,
            });
        }
        counted.push((table, source_rows));
    }
    Ok(counted)
}

/// Inside both transactions: loads every game of the copy with its replay check, and compares
/// it with the source's row. The number of games.
fn replay(source: &mut Store, target: &mut Store, ends: &Ends<'_>) -> Result<u64, CopyError> {
    let failed = |side| ends.failed(side);
    let ids = game_ids(&source.conn).map_err(failed(Side::Source))?;
    for &id in &ids {
        let copied = match target.load_game(id) {
            Ok(loaded) => loaded.game,
            Err(StoreError::Mismatch { id, detail }) => {
                return Err(CopyError::Replay { id, detail });
            }
            Err(e) => return Err(failed(Side::Target)(e)),
        };
        let original = get_game(&source.conn, id).map_err(failed(Side::Source))?;
        if copied != original {
            return Err(CopyError::Differs {
                id,
                detail: format!("source {original:?}, copy {copied:?}"),
            });
        }
    }
    Ok(ids.len() as u64)
}

/// Every game's id, in order.
fn game_ids(conn: &Connection) -> Result<Vec<GameId>, StoreError> {
    let mut ids = Vec::new();
    conn.prepare_cached("SELECT id FROM games ORDER BY id")?
        .each((), &mut |row| {
            ids.push(GameId(row.get(0)?));
            Ok(true)
        })?;
    Ok(ids)
}

/// Deletes the SQLite file a failed copy created (with its journal files): `cause`, or
/// [`CopyError::LeftOver`] when the file stays.
fn delete_created(file: &Path, cause: CopyError) -> CopyError {
    let mut journals: Vec<PathBuf> = ["-wal", "-shm", "-journal"]
        .iter()
        .map(|suffix| {
            let mut name = file.as_os_str().to_owned();
            name.push(suffix);
            PathBuf::from(name)
        })
        .collect();
    journals.retain(|j| j.exists());
    for journal in journals {
        let _ = std::fs::remove_file(journal);
    }
    match std::fs::remove_file(file) {
        Err(reason) if reason.kind() != std::io::ErrorKind::NotFound => CopyError::LeftOver {
            cause: Box::new(cause),
            file: file.display().to_string(),
            reason,
        },
        _ => cause,
    }
}
