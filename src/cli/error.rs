//! A command's failure, as the one line it prints and its exit status: shared by every
//! subcommand.

use thiserror::Error;

use crate::rules::FpnError;

/// A failure of a command; its `Display` is the one line printed on stderr.
#[derive(Debug, Error)]
pub enum CliError {
    /// The `--fpn` option is not a valid position.
    #[error("bad --fpn: {0}")]
    Fpn(#[from] FpnError),
    /// Reading standard input failed.
    #[error("cannot read standard input: {0}")]
    Stdin(std::io::Error),
    /// The `--last-move` option is unreadable or impossible.
    #[error("bad --last-move: {0}")]
    LastMove(String),
    /// The output file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A record's header contradicts an option, or has a value that cannot be read.
    #[error("{}", header_sentence(tag, value, given.as_deref()))]
    Header {
        /// The tag: `Rules`, `FPN`.
        tag: &'static str,
        /// Its value in the header.
        value: String,
        /// The option's value, when they disagree; `None` when the value is unreadable.
        given: Option<String>,
    },
    /// The record's `[FPN "…"]` header is not a valid position (no `--fpn` option given).
    #[error("the record's header has [FPN \"{value}\"], which is not a position: {error}")]
    HeaderFpn {
        /// The header's value.
        value: String,
        /// Why it cannot be read.
        error: FpnError,
    },
    /// Standard input held no game record at all (nothing, or only blank lines).
    #[error(
        "standard input is empty: give a game record, e.g. `focus-bot replay < game.txt` or \
         `echo '1. c4-d4 f5-e5' | focus-bot replay`"
    )]
    EmptyInput,
    /// Standard input held move numbers, results or annotations but no move (and no header,
    /// which alone would be a game at its start).
    #[error(
        "standard input has no moves, only move numbers, results or comments: give a game \
         record, e.g. `echo '1. c4-d4 f5-e5' | focus-bot replay`"
    )]
    NoMoves,
    /// A move of a replayed record is unreadable or illegal.
    #[error("{0}")]
    Replay(#[from] crate::rules::record::ReplayError),
    /// The animated replay cannot be drawn.
    #[error("{0}")]
    ReplayGif(#[from] crate::render::ReplayGifError),
    /// The database cannot be opened, migrated or read.
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
    /// `PRAGMA integrity_check` found problems.
    #[error("the database {} is damaged ({problems} problems), first: {first}", path.display())]
    Damaged {
        /// The file.
        path: std::path::PathBuf,
        /// How many problems SQLite listed.
        problems: usize,
        /// The first of them.
        first: String,
    },
    /// A review cannot be made (a bug: the record's moves were checked before).
    #[error("{0}")]
    Review(#[from] crate::engine::review::ReviewError),
    /// The chart cannot be drawn (a bug).
    #[error("{0}")]
    Chart(#[from] crate::render::chart::ChartError),
    /// Standard output cannot be written (a full disk). A closed pipe is no failure:
    /// [`super::main`] ends quietly with exit status 0 (see `output_closed`).
    #[error("cannot write the output: {0}")]
    Stdout(std::io::Error),
    /// `db backup` failed; no copy was left.
    #[error("{0}")]
    Backup(#[from] crate::store::BackupError),
    /// The database's lock file is held by a restore (or cannot be made).
    #[error("{0}")]
    Lock(crate::store::LockError),
    /// `db restore` was refused or failed.
    #[error("{0}")]
    Restore(#[from] crate::store::RestoreError),
    /// `db copy` was refused or failed; the target was left as the line says.
    #[error("{0}")]
    Copy(Box<crate::store::CopyError>),
    /// `db backup` or `db restore` on PostgreSQL, which has its own tools.
    #[error("{}", crate::store::POSTGRES_BACKUPS)]
    PostgresBackup,
}

impl From<crate::store::CopyError> for CliError {
    /// Boxed: a copy's failure carries two locations and the database's reason, and every
    /// command's `Result` would otherwise be that large.
    fn from(e: crate::store::CopyError) -> CliError {
        CliError::Copy(Box::new(e))
    }
}

impl CliError {
    /// The exit status: 3 when a file checked is not a sound database (a backup's copy, the
    /// backup to restore) or a copy failed its check, 4 when the database is in use by a
    /// running focus-bot, 5 when the target of a copy is not empty, else 1.
    pub fn exit_code(&self) -> u8 {
        use crate::store::{BackupError, RestoreError};
        match self {
            CliError::Backup(BackupError::Check { .. })
            | CliError::Restore(RestoreError::Refused { .. }) => 3,
            CliError::Restore(RestoreError::InUse { .. }) => 4,
            CliError::Copy(e) if e.is_check() => 3,
            CliError::Copy(e) if e.is_not_empty() => 5,
            _ => 1,
        }
    }
}

/// True when `error` says the reader of standard output has gone (`focus-bot replay | head
/// -1`): every command then ends quietly with exit status 0, having nobody left to tell.
pub(crate) fn output_closed(error: &std::io::Error) -> bool {
    error.kind() == std::io::ErrorKind::BrokenPipe
}

/// The line of a [`CliError::Header`].
fn header_sentence(tag: &str, value: &str, given: Option<&str>) -> String {
    match given {
        Some(given) => format!(
            "the record's header says [{tag} \"{value}\"], but the option gives `{given}`: \
             drop the option or correct the header"
        ),
        None => format!("the record's header has [{tag} \"{value}\"], which cannot be read"),
    }
}
