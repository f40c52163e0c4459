//! Backups that are known to restore: a consistent copy of the database made while the bot
//! runs, checked before it is called done, and the restore of such a copy.
// Longer than 400 lines: the backup and the restore share their checks (integrity, schema version,
// journal mode), and the errors of both list their causes.
//!
//! # Backing up ([`backup`])
//! - SQLite's Online Backup API copies the database page by page from a connection of its own,
//!   [`BackupPace::pages_per_step`] pages a step with a [`BackupPace::pause`] in between, inside **one read
//!   transaction**: the copy is the database as it was when the backup started (WAL mode lets
//!   the bot go on writing meanwhile; it is never blocked), and the backup never has to start
//!   over because the bot wrote.
//! - It is written as `<file>.partial`, switched to a plain rollback journal (one
//!   self-contained file, nothing beside it to forget), synced, checked ([`verify`]:
//!   `PRAGMA integrity_check`, the schema version it had when the backup started, the tables),
//!   and only then renamed to `<file>`. A copy that fails its check is deleted. A process killed
//!   meanwhile leaves at most a `.partial` file, never a file that looks done.
//!
//! # Restoring ([`restore`])
//! The database is locked exclusively ([`DatabaseLock`]; refused while a bot runs on it), the
//! backup is copied beside it (`<db>.restoring`) and checked; only then is the current file put
//! aside as `<db>.before-restore`, with its `-wal` (and `-journal`) as
//! `<db>.before-restore-wal` (`-journal`) so that what the old log held stays with it, and its
//! `-shm` (an index SQLite rebuilds) removed; the checked copy is renamed into place. A backup
//! with an older schema is fine: the bot brings it up to date when it next opens it.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rusqlite::backup::{Backup, StepResult};
use rusqlite::{Connection, OpenFlags};
use thiserror::Error;

use super::lock::{DatabaseLock, LockError};
use super::{BUSY_TIMEOUT, SCHEMA_VERSION, schema};

/// How fast a backup copies: `pages_per_step` pages (4 KiB each by default), then `pause`.
///
/// The bot is never blocked by a backup (WAL mode: a reader never blocks the writer); the pause
/// leaves the disk and a core to the bot on a small machine.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BackupPace {
    /// Pages copied in one step (at least 1).
    pub pages_per_step: u16,
    /// The pause after each step.
    pub pause: Duration,
}

impl BackupPace {
    /// The pace of `focus-bot db backup` and of the scheduled backups: 256 pages (1 MiB) a step,
    /// then 2 ms.
    pub const DEFAULT: BackupPace = BackupPace {
        pages_per_step: 256,
        pause: Duration::from_millis(2),
    };
    /// All at once: for a database nobody else uses (a restore).
    pub const AT_ONCE: BackupPace = BackupPace {
        pages_per_step: u16::MAX,
        pause: Duration::ZERO,
    };
}

impl Default for BackupPace {
    fn default() -> BackupPace {
        BackupPace::DEFAULT
    }
}

/// What a checked copy holds.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Verified {
    /// Its schema version (at most [`SCHEMA_VERSION`]; an older one is brought up to date
    /// when the bot opens it).
    pub schema_version: i64,
    /// Games of any status.
    pub games: u64,
    /// Games in play.
    pub active_games: u64,
    /// Moves of all games.
    pub moves: u64,
    /// Player records (one per player and server), as `focus-bot db` counts them.
    pub players: u64,
    /// The file's size in bytes.
    pub bytes: u64,
}

/// A finished backup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Made {
    /// The copy, checked.
    pub file: PathBuf,
    /// What it holds.
    pub verified: Verified,
    /// How long copying and checking took.
    pub took: Duration,
}

/// Why a file is not a sound focus-bot backup.
#[derive(Debug, Error)]
pub enum Problem {
    /// `PRAGMA integrity_check` found problems.
    #[error("it is damaged ({count} problems; the first: {first})")]
    Damaged {
        /// How many problems SQLite listed (at most 100).
        count: usize,
        /// The first of them.
        first: String,
    },
    /// It was written by a newer focus-bot.
    #[error("it has schema version {found}, but this focus-bot knows only up to {known}")]
    TooNew {
        /// Its schema version.
        found: i64,
        /// [`SCHEMA_VERSION`].
        known: i64,
    },
    /// Its schema version is not the one the database had when the backup started.
    #[error("it has schema version {found} instead of the database's {expected}")]
    WrongVersion {
        /// The database's.
        expected: i64,
        /// The copy's.
        found: i64,
    },
    /// An SQLite file, but not a focus-bot database (no schema version, or no games table).
    #[error("it is not a focus-bot database")]
    NotFocus,
    /// SQLite cannot read it (not a database at all, or damaged beyond reading).
    #[error("SQLite cannot read it ({0})")]
    Unreadable(rusqlite::Error),
}

/// A failed backup. The copy it was making is gone in every case.
#[derive(Debug, Error)]
pub enum BackupError {
    /// The database cannot be opened or read.
    #[error("cannot read the database {}: {}", path.display(), reason(source, path))]
    Source {
        /// The database.
        path: PathBuf,
        /// SQLite's reason.
        source: rusqlite::Error,
    },
    /// The copy cannot be written (a missing directory, no permission, a full disk).
    #[error("cannot write the copy {}: {source}", path.display())]
    Write {
        /// The file being written.
        path: PathBuf,
        /// Why.
        source: WriteError,
    },
    /// The copy was made but failed its check; it was deleted.
    #[error("the copy {} failed its check and was deleted: {problem}", path.display())]
    Check {
        /// The file it would have been.
        path: PathBuf,
        /// What is wrong.
        problem: Problem,
    },
    /// The file to write is the database itself.
    #[error("{} is the database itself: give the backup another name", path.display())]
    SameFile {
        /// The file.
        path: PathBuf,
    },
    /// The backup was stopped (the bot is shutting down); its partial copy was deleted.
    #[error("the backup was stopped before it was done")]
    Cancelled,
}

/// What could not be written: SQLite's or the file system's reason.
#[derive(Debug, Error)]
pub enum WriteError {
    /// SQLite failed writing it.
    #[error("{0}")]
    Sqlite(#[from] rusqlite::Error),
    /// Renaming, syncing or removing failed.
    #[error("{0}")]
    Io(#[from] io::Error),
}

impl WriteError {
    /// The error without the path SQLite appends to some of its messages (`unable to open
    /// database file: /srv/x.db`): the sentence around it names the file already.
    fn without_path(self, path: &Path) -> WriteError {
        match self {
            WriteError::Sqlite(rusqlite::Error::SqliteFailure(code, Some(text))) => {
                let text = match text.strip_suffix(&format!(": {}", path.display())) {
                    Some(reason) => reason.to_owned(),
                    None => text,
                };
                WriteError::Sqlite(rusqlite::Error::SqliteFailure(code, Some(text)))
            }
            other => other,
        }
    }
}

/// A refused or failed restore. Nothing was changed unless it is [`RestoreError::Io`] about
/// putting the files in place, which says what.
#[derive(Debug, Error)]
pub enum RestoreError {
    /// A bot (or console, or another restore) holds the database.
    #[error(
        "a focus-bot is running on {} (it holds {}): stop it before restoring; nothing was changed",
        database.display(), lock.display()
    )]
    InUse {
        /// The database.
        database: PathBuf,
        /// Its lock file.
        lock: PathBuf,
    },
    /// The lock file cannot be made or locked.
    #[error("{0}")]
    Lock(LockError),
    /// The backup file cannot be read (missing, a directory, no permission).
    #[error("cannot read the backup {}: {source}", path.display())]
    Missing {
        /// The file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
    /// The backup is not sound; nothing was changed.
    #[error("the backup {} cannot be restored, so nothing was changed: {problem}", path.display())]
    Refused {
        /// The backup.
        path: PathBuf,
        /// What is wrong with it.
        problem: Problem,
    },
    /// Writing a file failed.
    #[error("cannot {what} {}: {source}", path.display())]
    Io {
        /// What was being done (`write`, `move aside`, `put in place`).
        what: &'static str,
        /// The file.
        path: PathBuf,
        /// Why.
        source: WriteError,
    },
}

/// A finished restore.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Restored {
    /// What the database now holds.
    pub verified: Verified,
    /// Where the previous database was put (`<db>.before-restore`), if there was one.
    pub kept: Option<PathBuf>,
}

/// `path` with `suffix` appended to its file name (`focus.db` + `-wal`).
pub(crate) fn with_suffix(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(suffix);
    PathBuf::from(name)
}

/// SQLite's reason without the path it appends (the sentence names the file already).
fn reason(source: &rusqlite::Error, path: &Path) -> String {
    let text = source.to_string();
    match text.strip_suffix(&format!(": {}", path.display())) {
        Some(reason) => reason.to_owned(),
        None => text,
    }
}

/// Copies the database at `database` into `file` while others may be using it, at `pace`;
/// checks the copy ([`verify`]) and only then puts it in place (replacing an older `file`).
/// `stop`, when it turns true, cancels the copy between two steps.
///
/// The copy is the database as it was at the start of the call: every transaction committed
/// before is in it, none begun after.
///
/// # Errors
/// [`BackupError`]; in every case no `file` is made or changed, and no `<file>.partial` is left.
pub fn backup(
    database: &Path,
    file: &Path,
    pace: BackupPace,
    stop: &AtomicBool,
) -> Result<Made, BackupError> {
    let started = Instant::now();
    if same_file(database, file) {
        return Err(BackupError::SameFile {
            path: file.to_owned(),
        });
    }
    let partial = with_suffix(file, ".partial");
    let result = copy_and_check(database, file, &partial, pace, stop);
    if result.is_err() {
        remove_if_there(&partial);
        remove_if_there(&with_suffix(&partial, "-journal"));
    }
    let verified = result?;
    Ok(Made {
        file: file.to_owned(),
        verified,
        took: started.elapsed(),
    })
}

/// The work of [`backup`]; the caller deletes `partial` on failure.
fn copy_and_check(
    database: &Path,
    file: &Path,
    partial: &Path,
    pace: BackupPace,
    stop: &AtomicBool,
) -> Result<Verified, BackupError> {
    let source_error = |source| BackupError::Source {
        path: database.to_owned(),
        source,
    };
    // Named as the user named it; SQLite's reasons lose the `.partial` path they end with.
    let write_error = |source: WriteError| BackupError::Write {
        path: file.to_owned(),
        source: source.without_path(partial),
    };
    // Not created if missing, and only read (but opened for writing: a read-only connection
    // to a WAL database needs its -shm to exist already).
    let source = Connection::open_with_flags(
        database,
        OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(source_error)?;
    source.busy_timeout(BUSY_TIMEOUT).map_err(source_error)?;
    // The snapshot: one read transaction for the whole copy. Its first read fixes the moment.
    source
        .execute_batch("BEGIN DEFERRED")
        .map_err(source_error)?;
    source
        .query_row("SELECT count(*) FROM sqlite_schema", [], |r| {
            r.get::<_, i64>(0)
        })
        .map_err(source_error)?;
    let version = schema::sqlite_version(&source).map_err(source_error)?;
    // The remains of a killed backup of the same name: its copy and the copy's journal.
    for stale in [partial.to_owned(), with_suffix(partial, "-journal")] {
        match fs::remove_file(&stale) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(write_error(e.into())),
        }
    }
    let mut copy = Connection::open_with_flags(
        partial,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| write_error(e.into()))?;
    copy_pages(&source, &mut copy, pace, Some(stop)).map_err(|e| match e {
        Copying::Cancelled => BackupError::Cancelled,
        Copying::Failed(e) => write_error(e.into()),
    })?;
    // The snapshot is no longer needed: let the bot checkpoint its log past it.
    drop(source);
    // One self-contained file: the copy took the source's WAL flag with its first page.
    let mode: String = copy
        .pragma_update_and_check(None, "journal_mode", "DELETE", |r| r.get(0))
        .map_err(|e| write_error(e.into()))?;
    debug_assert_eq!(mode, "delete");
    copy.close().map_err(|(_, e)| write_error(e.into()))?;
    sync(partial).map_err(|e| write_error(e.into()))?;
    let verified = verify(partial, Some(version)).map_err(|problem| BackupError::Check {
        path: file.to_owned(),
        problem,
    })?;
    fs::rename(partial, file).map_err(|e| BackupError::Write {
        path: file.to_owned(),
        source: e.into(),
    })?;
    sync_dir(file);
    Ok(verified)
}

/// Why [`copy_pages`] stopped early.
enum Copying {
    Cancelled,
    Failed(rusqlite::Error),
}

/// Runs the Online Backup API from `source` to `copy` at `pace` until done or `stop`.
fn copy_pages(
    source: &Connection,
    copy: &mut Connection,
    pace: BackupPace,
    stop: Option<&AtomicBool>,
) -> Result<(), Copying> {
    let backup = Backup::new(source, copy).map_err(Copying::Failed)?;
    let pages = i32::from(pace.pages_per_step.max(1));
    loop {
        if stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
            return Err(Copying::Cancelled);
        }
        match backup.step(pages).map_err(Copying::Failed)? {
            StepResult::Done => return Ok(()),
            StepResult::More => std::thread::sleep(pace.pause),
            // Transient: another connection of this process writes, or a lock is held.
            _ => std::thread::sleep(pace.pause.max(Duration::from_millis(10))),
        }
    }
}

/// Checks the SQLite file at `path`, opened read-only: `PRAGMA integrity_check` says `ok`, its
/// schema version is `expected` when given, else from 1 to [`SCHEMA_VERSION`], and it has the
/// focus-bot tables; then counts them.
///
/// # Errors
/// The [`Problem`] found first.
pub fn verify(path: &Path, expected: Option<i64>) -> Result<Verified, Problem> {
    let conn = Connection::open_with_flags(
        path,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(Problem::Unreadable)?;
    let found = schema::sqlite_version(&conn).map_err(Problem::Unreadable)?;
    if found > SCHEMA_VERSION {
        return Err(Problem::TooNew {
            found,
            known: SCHEMA_VERSION,
        });
    }
    if let Some(expected) = expected
        && found != expected
    {
        return Err(Problem::WrongVersion { expected, found });
    }
    let problems: Vec<String> = conn
        .prepare("PRAGMA integrity_check")
        .and_then(|mut stmt| {
            stmt.query_map([], |r| r.get(0))?
                .collect::<rusqlite::Result<_>>()
        })
        .map_err(|e| match e {
            // Damage bad enough to stop the check itself (a b-tree page it cannot parse).
            rusqlite::Error::SqliteFailure(code, text)
                if code.code == rusqlite::ErrorCode::DatabaseCorrupt =>
            {
                Problem::Damaged {
                    count: 1,
                    first: text.unwrap_or_else(|| code.to_string()),
                }
            }
            e => Problem::Unreadable(e),
        })?;
    if problems != ["ok"] {
        return Err(Problem::Damaged {
            count: problems.len(),
            first: problems.into_iter().next().unwrap_or_default(),
        });
    }
    if found < 1 {
        return Err(Problem::NotFocus);
    }
    let count = |sql: &str| -> Result<u64, Problem> {
        conn.query_row(sql, [], |r| r.get::<_, i64>(0))
            .map(i64::unsigned_abs)
            .map_err(|e| match e {
                rusqlite::Error::SqliteFailure(_, Some(ref text))
                    if text.starts_with("no such table") =>
                {
                    Problem::NotFocus
                }
                e => Problem::Unreadable(e),
            })
    };
    let verified = Verified {
        schema_version: found,
        games: count("SELECT count(*) FROM games")?,
        active_games: count("SELECT count(*) FROM games WHERE status = 'active'")?,
        moves: count("SELECT count(*) FROM moves")?,
        players: count("SELECT count(*) FROM players")?,
        bytes: fs::metadata(path).map(|m| m.len()).unwrap_or(0),
    };
    Ok(verified)
}

/// Replaces the database at `database` with the backup `from`, which is checked first; the
/// current file is kept as `<db>.before-restore`. Refused while a bot, console or restore
/// holds the database ([`DatabaseLock`]).
///
/// # Errors
/// [`RestoreError`]: the database in use, an unreadable or unsound backup (nothing changed),
/// or a file that cannot be written.
pub fn restore(database: &Path, from: &Path) -> Result<Restored, RestoreError> {
    let _lock = DatabaseLock::exclusive(database).map_err(|e| match e {
        LockError::Busy { database, lock } => RestoreError::InUse { database, lock },
        e => RestoreError::Lock(e),
    })?;
    match fs::metadata(from) {
        Ok(m) if m.is_file() => {}
        Ok(_) => {
            return Err(RestoreError::Missing {
                path: from.to_owned(),
                source: io::Error::new(io::ErrorKind::InvalidInput, "not a file"),
            });
        }
        Err(source) => {
            return Err(RestoreError::Missing {
                path: from.to_owned(),
                source,
            });
        }
    }
    let restoring = with_suffix(database, ".restoring");
    let verified = match copy_for_restore(from, &restoring) {
        Ok(verified) => verified,
        Err(e) => {
            remove_if_there(&restoring);
            remove_if_there(&with_suffix(&restoring, "-journal"));
            return Err(e);
        }
    };
    let kept = match put_aside(database) {
        Ok(kept) => kept,
        Err(e) => {
            remove_if_there(&restoring);
            return Err(e);
        }
    };
    fs::rename(&restoring, database).map_err(|e| RestoreError::Io {
        what: "put in place",
        path: database.to_owned(),
        source: e.into(),
    })?;
    sync_dir(database);
    Ok(Restored { verified, kept })
}

/// Copies the backup `from` into `restoring` (the Online Backup API, so that a backup in WAL
/// mode with its log beside it is read whole, and the file given is only read) and checks it.
fn copy_for_restore(from: &Path, restoring: &Path) -> Result<Verified, RestoreError> {
    let refused = |problem| RestoreError::Refused {
        path: from.to_owned(),
        problem,
    };
    let write_error = |source: WriteError| RestoreError::Io {
        what: "write",
        path: restoring.to_owned(),
        source: source.without_path(restoring),
    };
    remove_if_there(restoring);
    remove_if_there(&with_suffix(restoring, "-journal"));
    let source = Connection::open_with_flags(
        from,
        OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| refused(Problem::Unreadable(e)))?;
    // Refused before anything is written: a file from a newer focus-bot, or not a database.
    let found = schema::sqlite_version(&source).map_err(|e| refused(Problem::Unreadable(e)))?;
    if found > SCHEMA_VERSION {
        return Err(refused(Problem::TooNew {
            found,
            known: SCHEMA_VERSION,
        }));
    }
    let mut copy = Connection::open_with_flags(
        restoring,
        OpenFlags::SQLITE_OPEN_READ_WRITE
            | OpenFlags::SQLITE_OPEN_CREATE
            | OpenFlags::SQLITE_OPEN_NO_MUTEX,
    )
    .map_err(|e| write_error(e.into()))?;
    copy_pages(&source, &mut copy, BackupPace::AT_ONCE, None).map_err(|e| match e {
        // Reading a damaged file can fail here already.
        Copying::Failed(e) if !is_write_failure(&e) => refused(Problem::Unreadable(e)),
        Copying::Failed(e) => write_error(e.into()),
        Copying::Cancelled => write_error(io::Error::from(io::ErrorKind::Interrupted).into()),
    })?;
    drop(source);
    copy.pragma_update(None, "journal_mode", "DELETE")
        .map_err(|e| write_error(e.into()))?;
    copy.close().map_err(|(_, e)| write_error(e.into()))?;
    sync(restoring).map_err(|e| write_error(e.into()))?;
    verify(restoring, None).map_err(refused)
}

/// Whether SQLite failed writing (a full disk, no permission), rather than reading.
fn is_write_failure(e: &rusqlite::Error) -> bool {
    use rusqlite::ErrorCode as C;
    matches!(
        e.sqlite_error_code(),
        Some(C::DiskFull | C::ReadOnly | C::CannotOpen | C::PermissionDenied)
    )
}

/// Moves the database and its log aside as `<db>.before-restore` (`-wal`, `-journal`) and
/// removes its `-shm`; `None` when there is no database yet.
fn put_aside(database: &Path) -> Result<Option<PathBuf>, RestoreError> {
    let kept = with_suffix(database, ".before-restore");
    let io_error = |what, path: &Path, e: io::Error| RestoreError::Io {
        what,
        path: path.to_owned(),
        source: e.into(),
    };
    // A log left from an earlier restore belongs to the file it was kept with, which is about
    // to be replaced: it must not be read as the log of the next one.
    for suffix in ["-wal", "-journal", "-shm"] {
        let old = with_suffix(&kept, suffix);
        match fs::remove_file(&old) {
            Ok(()) => {}
            Err(e) if e.kind() == io::ErrorKind::NotFound => {}
            Err(e) => return Err(io_error("remove", &old, e)),
        }
    }
    if !database.exists() {
        // Nothing to keep; but a log without its database must not be taken for the log of
        // the restored one.
        for suffix in ["-wal", "-journal", "-shm"] {
            let stray = with_suffix(database, suffix);
            if stray.exists() {
                fs::rename(&stray, with_suffix(&kept, suffix))
                    .map_err(|e| io_error("move aside", &stray, e))?;
            }
        }
        return Ok(None);
    }
    // The logs first: should this stop half-way, the restored file never meets the old log.
    for suffix in ["-wal", "-journal"] {
        let log = with_suffix(database, suffix);
        if log.exists() {
            fs::rename(&log, with_suffix(&kept, suffix))
                .map_err(|e| io_error("move aside", &log, e))?;
        }
    }
    fs::rename(database, &kept).map_err(|e| io_error("move aside", database, e))?;
    let shm = with_suffix(database, "-shm");
    match fs::remove_file(&shm) {
        Ok(()) => {}
        Err(e) if e.kind() == io::ErrorKind::NotFound => {}
        Err(e) => return Err(io_error("remove", &shm, e)),
    }
    Ok(Some(kept))
}

/// Whether `a` and `b` name the same file (`b` may not exist yet).
fn same_file(a: &Path, b: &Path) -> bool {
    let canonical = |p: &Path| -> Option<PathBuf> {
        if let Ok(c) = p.canonicalize() {
            return Some(c);
        }
        let parent = match p.parent() {
            Some(parent) if !parent.as_os_str().is_empty() => parent.canonicalize().ok()?,
            _ => std::env::current_dir().ok()?,
        };
        Some(parent.join(p.file_name()?))
    };
    matches!((canonical(a), canonical(b)), (Some(a), Some(b)) if a == b)
}

/// Flushes `path` to disk.
fn sync(path: &Path) -> io::Result<()> {
    fs::File::open(path)?.sync_all()
}

/// Flushes the directory of `path` (its renames) to disk, where the platform can.
fn sync_dir(path: &Path) {
    let dir = match path.parent() {
        Some(dir) if !dir.as_os_str().is_empty() => dir,
        _ => Path::new("."),
    };
    if let Ok(dir) = fs::File::open(dir) {
        let _ = dir.sync_all();
    }
}

/// Deletes `path`, if it is there.
pub(crate) fn remove_if_there(path: &Path) {
    let _ = fs::remove_file(path);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Store;

    #[test]
    fn a_backup_is_one_checked_file_in_rollback_journal_mode() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("focus.db");
        let store = Store::open(&db).unwrap();
        let file = dir.path().join("copy.db");
        let made = backup(&db, &file, BackupPace::DEFAULT, &AtomicBool::new(false)).unwrap();
        assert_eq!(made.verified.schema_version, SCHEMA_VERSION);
        assert_eq!(made.verified.games, 0);
        // Byte 18 of the header: 1 rollback journal, 2 WAL.
        assert_eq!(fs::read(&file).unwrap()[18], 1);
        assert!(!with_suffix(&file, ".partial").exists());
        assert!(!with_suffix(&file, "-wal").exists());
        drop(store);
        assert!(matches!(
            backup(&db, &db, BackupPace::DEFAULT, &AtomicBool::new(false)),
            Err(BackupError::SameFile { .. })
        ));
        let cancelled = backup(
            &db,
            &dir.path().join("never.db"),
            BackupPace::DEFAULT,
            &AtomicBool::new(true),
        );
        assert!(matches!(cancelled, Err(BackupError::Cancelled)));
        assert!(!dir.path().join("never.db").exists());
        assert!(!dir.path().join("never.db.partial").exists());
    }
}
