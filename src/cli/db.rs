//! `focus-bot db`: open the database (bringing its schema up to date), check it, and print its
//! schema version and row counts; `db backup FILE`, `db restore FILE`, and `db copy --from
//! SOURCE --to TARGET`.
//!
//! Exit status 0 done; 1 a file cannot be opened, read or written; 3 the file checked (a
//! backup's copy, or the backup to restore) is not sound: damaged, too new, or not a focus-bot
//! database, or a copy failed its check; 4 a focus-bot is running on the database (restore);
//! 5 the target of a copy is not empty.

use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use super::error::CliError;
use crate::store::{BackupPace, Location, SCHEMA_VERSION, Store, backup, copy, restore};

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
    /// Copy the whole community from --from into the empty database --to, each an SQLite file
    /// or a postgres:// URL: to move to PostgreSQL, or back. The source is read in one
    /// snapshot, so the bot may keep running on it, but what it writes afterwards is not copied
    /// (stop it for the move). The copy is written in one transaction and checked before it is
    /// kept (every table's rows counted on both sides, every game's moves replayed to its
    /// stored position); a failure leaves the target as it was. --db is not used. Exit status 0
    /// done, 1 a database cannot be opened, read or written, 3 the copy failed its check, 5
    /// the target is not empty.
    Copy {
        /// The database to copy: an SQLite file (which must exist) or a postgres:// URL.
        #[arg(long, value_name = "PATH|URL")]
        from: String,
        /// The empty database to copy into: an SQLite file (created if missing) or a
        /// postgres:// URL of an existing, empty database.
        #[arg(long, value_name = "PATH|URL")]
        to: String,
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
        Some(DbAction::Copy { from, to }) => copy_to(&Location::parse(from), &Location::parse(to)),
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

/// `focus-bot db copy --from SOURCE --to TARGET`.
fn copy_to(from: &Location, to: &Location) -> Result<(), CliError> {
    let copied = copy(from, to)?;
    let mut text = format!("copied: {from}\ninto: {to}\nrows (equal in both):\n");
    for (table, rows) in &copied.tables {
        text.push_str(&format!("  {table}: {rows}\n"));
    }
    text.push_str(&format!(
        "games replayed to their stored positions: {}\ntook: {:.2} s\n",
        copied.games_replayed,
        copied.took.as_secs_f64()
    ));
    print(&text)
}

/// Writes `text` to standard output.
fn print(text: &str) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes()).map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
