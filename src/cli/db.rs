//! `focus-bot db`: open the database (bringing its schema up to date), check it, and print its
//! schema version and row counts; `db backup FILE` and `db restore FILE`.
//!
//! Exit status 0 done; 1 a file cannot be opened, read or written; 3 the file checked (a
//! backup's copy, or the backup to restore) is not sound: damaged, too new, or not a focus-bot
//! database; 4 a focus-bot is running on the database (restore).

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use super::error::CliError;
use crate::store::{BackupPace, Location, SCHEMA_VERSION, Store, backup, restore};

#[derive(Debug, clap::Args)]
pub(crate) struct DbArgs {
    /// The database: an SQLite file, created if missing, or a postgres:// URL [default:
    /// $DATABASE_URL, else $DATABASE_PATH, else focus.db].
    #[arg(long, value_name = "PATH|URL", global = true)]
    db: Option<String>,
    #[command(subcommand)]
    action: Option<DbAction>,
}

#[derive(Debug, clap::Subcommand)]
enum DbAction {
    /// Write a consistent copy of the database to FILE, even while the bot runs (SQLite's
    /// online backup: the database as it was when the backup started). The copy is checked
    /// (integrity, schema version) before it is put in place; one that fails is deleted.
    /// Exit status 0 done, 1 a file cannot be read or written, 3 the copy failed its check.
    Backup {
        /// The copy to write; an older file of that name is replaced once the copy is checked.
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
    /// Replace the database with the backup FILE, checked first; the current database is
    /// kept as <db>.before-restore. Refused while a focus-bot runs on the database. Exit
    /// status 0 done, 1 a file cannot be read or written, 3 FILE is not a sound backup, 4 a
    /// focus-bot is running on the database.
    Restore {
        /// The backup to restore (a file of `db backup` or of BACKUP_DIR).
        #[arg(value_name = "FILE")]
        file: PathBuf,
    },
}

pub(crate) fn run(args: &DbArgs) -> Result<(), CliError> {
    // An empty DATABASE_PATH or DATABASE_URL counts as unset, as a blank line in a `.env` file
    // would mean.
    let location = args
        .db
        .as_deref()
        .map_or_else(Location::from_env, Location::parse);
    let path = || {
        location
            .file()
            .map(PathBuf::from)
            .ok_or(CliError::PostgresBackup)
    };
    match &args.action {
        None => check(&location),
        Some(DbAction::Backup { file }) => back_up(path()?, file),
        Some(DbAction::Restore { file }) => restore_from(path()?, file),
    }
}

/// `focus-bot db`: open, migrate, check and count.
fn check(location: &Location) -> Result<(), CliError> {
    let store = Store::open_at(location)?;
    let problems = store.integrity_check()?;
    if problems != ["ok"] {
        return Err(CliError::Damaged {
            path: location.to_string().into(),
            problems: problems.len(),
            first: problems.into_iter().next().unwrap_or_default(),
        });
    }
    let c = store.counts()?;
    print(&format!(
        "database: {location}\nschema version: {}\nintegrity: ok\ngames: {} ({} in play)\n\
         moves: {}\nchallenges: {}\nplayers: {}\nnotices waiting: {}\n",
        c.schema_version,
        c.games,
        c.active_games,
        c.moves,
        c.challenges,
        c.players,
        c.pending_notices
    ))
}

/// `focus-bot db backup FILE`.
fn back_up(database: PathBuf, file: &std::path::Path) -> Result<(), CliError> {
    let made = backup(
        &database,
        file,
        BackupPace::DEFAULT,
        &AtomicBool::new(false),
    )?;
    let v = made.verified;
    print(&format!(
        "backup: {}\ndatabase: {}\nschema version: {}\nintegrity: ok\ngames: {} ({} in play)\n\
         moves: {}\nplayers: {}\nsize: {} bytes\ntook: {:.2} s\n",
        file.display(),
        database.display(),
        v.schema_version,
        v.games,
        v.active_games,
        v.moves,
        v.players,
        v.bytes,
        made.took.as_secs_f64()
    ))
}

/// `focus-bot db restore FILE`.
fn restore_from(database: PathBuf, file: &std::path::Path) -> Result<(), CliError> {
    let restored = restore(&database, file)?;
    let v = restored.verified;
    let version = if v.schema_version < SCHEMA_VERSION {
        format!(
            "{} (focus-bot brings it to {SCHEMA_VERSION} when it next opens it)",
            v.schema_version
        )
    } else {
        v.schema_version.to_string()
    };
    let kept = restored
        .kept
        .map_or_else(|| "none".to_owned(), |p| p.display().to_string());
    print(&format!(
        "restored: {}\ndatabase: {}\nschema version: {version}\ngames: {} ({} in play)\n\
         moves: {}\nplayers: {}\nprevious database kept as: {kept}\n",
        file.display(),
        database.display(),
        v.games,
        v.active_games,
        v.moves,
        v.players,
    ))
}

/// Writes `text` to standard output.
fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
