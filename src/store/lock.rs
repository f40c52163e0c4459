//! Who is using a database file: an advisory lock on a lock file beside it, `<db>.lock`.
//!
//! A running bot (and the console) holds a **shared** lock for as long as it runs;
//! `focus-bot db restore` takes an **exclusive** one, without waiting, and refuses when it
//! cannot have it: replacing the file under a running bot would lose everything the bot
//! writes afterwards, or worse, mix its write-ahead log into another database. Several bots
//! (or a bot and a console) may share a database; a restore shares it with nobody.
//!
//! # Why a lock file, and why this one
//! - The locks are the operating system's (`flock(2)` on Unix, `LockFileEx` on Windows,
//!   through [`std::fs::File::try_lock`]): they are released when the process ends, however
//!   it ends (SIGKILL included), so a crashed bot never leaves a stale lock behind, and
//!   nothing needs cleaning up. The lock file itself stays (it is empty); deleting it while a
//!   bot runs would let a restore through, so leave it be.
//! - Not the database file itself: SQLite locks it with POSIX record locks, which a process
//!   loses when it closes *any* descriptor of the file; a second descriptor opened (and
//!   closed) to lock it would silently drop the bot's own SQLite locks.
//! - Not SQLite's own locking: in WAL mode, readers and writers share the file and hold no
//!   lock between transactions, so "is another connection open?" has no reliable answer from
//!   SQLite's public API (`BEGIN EXCLUSIVE` succeeds against an idle bot).
//! - Advisory only: a program that does not take the lock (`sqlite3`, another tool) is not
//!   seen. Network file systems may not honour `flock`; keep the database on a local disk, as
//!   SQLite itself asks for WAL mode.

use std::fs::{File, OpenOptions, TryLockError};
use std::io;
use std::path::{Path, PathBuf};

use thiserror::Error;

/// A lock held on a database: released when dropped (or when the process ends).
#[derive(Debug)]
pub struct DatabaseLock {
    /// The lock file, locked; closing it releases the lock.
    _file: File,
    /// Its path.
    path: PathBuf,
}

/// Why a database could not be locked.
#[derive(Debug, Error)]
pub enum LockError {
    /// Another process holds a lock that conflicts: a bot or console is running on the
    /// database (for an exclusive lock), or a restore is under way (for a shared one).
    #[error("{} is in use by another focus-bot (its lock file {} is held)", database.display(), lock.display())]
    Busy {
        /// The database.
        database: PathBuf,
        /// Its lock file.
        lock: PathBuf,
    },
    /// The lock file cannot be created or locked (a missing directory, no permission, a file
    /// system without locks).
    #[error("cannot lock {}: {source}", lock.display())]
    Io {
        /// The lock file.
        lock: PathBuf,
        /// Why.
        source: io::Error,
    },
}

impl DatabaseLock {
    /// The lock file of `database`: its path with `.lock` appended (`focus.db.lock`).
    pub fn path_for(database: &Path) -> PathBuf {
        let mut name = database.as_os_str().to_owned();
        name.push(".lock");
        PathBuf::from(name)
    }

    /// Takes a shared lock on `database`, as a running bot or console does: any number of them
    /// may hold one at once. Does not wait.
    ///
    /// # Errors
    /// [`LockError::Busy`] while a restore holds the database; [`LockError::Io`].
    pub fn shared(database: &Path) -> Result<DatabaseLock, LockError> {
        DatabaseLock::take(database, false)
    }

    /// Takes an exclusive lock on `database`, as a restore does. Does not wait.
    ///
    /// # Errors
    /// [`LockError::Busy`] while a bot, console or another restore holds the database;
    /// [`LockError::Io`].
    pub fn exclusive(database: &Path) -> Result<DatabaseLock, LockError> {
        DatabaseLock::take(database, true)
    }

    /// The lock file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    fn take(database: &Path, exclusive: bool) -> Result<DatabaseLock, LockError> {
        let path = DatabaseLock::path_for(database);
        let io_error = |source| LockError::Io {
            lock: path.clone(),
            source,
        };
        let file = OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(false)
            .open(&path)
            .map_err(io_error)?;
        let locked = if exclusive {
            file.try_lock()
        } else {
            file.try_lock_shared()
        };
        match locked {
            Ok(()) => Ok(DatabaseLock { _file: file, path }),
            Err(TryLockError::WouldBlock) => Err(LockError::Busy {
                database: database.to_owned(),
                lock: path,
            }),
            Err(TryLockError::Error(source)) => Err(io_error(source)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_locks_share_and_exclusive_ones_do_not() {
        let dir = tempfile::tempdir().unwrap();
        let db = dir.path().join("focus.db");
        assert_eq!(
            DatabaseLock::path_for(&db),
            dir.path().join("focus.db.lock")
        );
        let bot = DatabaseLock::shared(&db).unwrap();
        let console = DatabaseLock::shared(&db).unwrap();
        assert!(matches!(
            DatabaseLock::exclusive(&db),
            Err(LockError::Busy { .. })
        ));
        drop(bot);
        assert!(
            DatabaseLock::exclusive(&db).is_err(),
            "the console still runs"
        );
        drop(console);
        let restore = DatabaseLock::exclusive(&db).unwrap();
        let refused = DatabaseLock::shared(&db).unwrap_err();
        assert_eq!(
            refused.to_string(),
            format!(
                "{} is in use by another focus-bot (its lock file {} is held)",
                db.display(),
                restore.path().display()
            )
        );
        drop(restore);
        DatabaseLock::exclusive(&db).unwrap();
        let missing = dir.path().join("no-such-dir/focus.db");
        assert!(matches!(
            DatabaseLock::shared(&missing),
            Err(LockError::Io { .. })
        ));
    }
}
