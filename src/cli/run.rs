//! `focus-bot run` (the default): the Discord bot.

use std::process::ExitCode;
use std::sync::Arc;

use crate::backups::{self, Schedule};
use crate::clock::SystemClock;
use crate::discord::{Config, LogFormat, RunError, run_with_service, signals};
use crate::service::GameService;
use crate::store::{AsyncStore, DatabaseLock, LockError};

/// Exit status when the configuration is missing or malformed.
const CONFIG_ERROR: u8 = 2;

/// Reads the environment (`.env` is loaded by [`super::main`]), starts logging, and runs the bot until SIGINT/SIGTERM.
/// Exit status 0 after a clean stop, 1 when the database or Discord fails, 2 when the
/// configuration is missing (the one line says which variable and what to do).
pub(crate) fn main() -> ExitCode {
    let var = |name: &str| std::env::var(name).ok();
    let config = match Config::from_vars(var) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    let backups = match Schedule::from_vars(var) {
        Ok(schedule) => schedule,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    if backups.is_some() && config.database.file().is_none() {
        eprintln!("error: {}", crate::store::POSTGRES_BACKUPS);
        return ExitCode::from(CONFIG_ERROR);
    }
    init_logging(config.log_format, &config.token);
    tracing::info!(database = %config.database, guild = ?config.guild_id, proxied = config.api_base.is_some(), "starting focus-bot");
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(serve(config, backups)) {
        Ok(()) => {
            tracing::info!("stopped");
            ExitCode::SUCCESS
        }
        Err(e) => {
            tracing::error!("{e}");
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Opens the database and holds its lock file ([`DatabaseLock::shared`]: `focus-bot db
/// restore` refuses while it is held), starts the scheduled backups when `backups` is set,
/// runs the bot until SIGINT or SIGTERM, then stops the backups (one under way is cancelled)
/// and closes the database (SQLite folds its write-ahead log back in and removes the `-wal`
/// file), whether the bot stopped cleanly or failed. Closed here, explicitly and awaited:
/// tasks that still hold the store (a search, a timer) would otherwise keep it open until the
/// process ends, and the process does not wait for the store's thread.
async fn serve(config: Config, backups: Option<Schedule>) -> Result<(), ServeError> {
    let store = AsyncStore::open_at(&config.database)
        .await
        .map_err(RunError::from)?;
    // PostgreSQL has no file to lock, and no `db restore` (pg_restore is its own tool).
    let _lock = match config.database.file().map(DatabaseLock::shared) {
        Some(Ok(lock)) => Some(lock),
        Some(Err(e)) => {
            store.close().await;
            return Err(e.into());
        }
        None => None,
    };
    let clock = Arc::new(SystemClock);
    let service = GameService::new(store.clone(), clock.clone());
    let (stop_backups, backups_stopped) = tokio::sync::watch::channel(false);
    // The metrics read these (issue 24): failures and the last success.
    let stats = service.metrics().backups().clone();
    let file = config.database.file().map(std::path::Path::to_path_buf);
    let scheduler = backups.zip(file).map(|(schedule, path)| {
        tokio::spawn(backups::run(
            schedule,
            path,
            clock,
            stats.clone(),
            backups_stopped,
        ))
    });
    let result = run_with_service(config, service, signals()).await;
    let _ = stop_backups.send(true);
    if let Some(scheduler) = scheduler {
        // Its read connection must be closed before the store's, for the `-wal` to go.
        let _ = scheduler.await;
    }
    store.close().await;
    Ok(result?)
}

/// Why [`serve`] stopped with a failure.
#[derive(Debug, thiserror::Error)]
enum ServeError {
    /// The database cannot be opened, or Discord refused the bot.
    #[error("{0}")]
    Run(#[from] RunError),
    /// A restore holds the database (or its lock file cannot be made).
    #[error("{0}")]
    Lock(#[from] LockError),
}

/// The log filter when `RUST_LOG` is not set: info for the bot, warnings for the rest, and only
/// errors of serenity's gateway, whose every reconnection attempt is a warning: the bot says
/// itself when Discord cannot be reached ([`crate::discord::link`]).
pub(crate) const DEFAULT_LOG_FILTER: &str = "warn,focus_bot=info,serenity::gateway=error";

/// What `RUST_LOG` cannot turn on: the WebSocket library's trace level writes every frame the
/// gateway sends or receives, in hexadecimal and as a list of bytes, the token's IDENTIFY
/// among them.
pub(crate) const NEVER_TRACED: [&str; 2] = ["tungstenite=debug", "tokio_tungstenite=debug"];

/// The log filter: `RUST_LOG`, else [`DEFAULT_LOG_FILTER`], with [`NEVER_TRACED`] on top.
fn log_filter() -> tracing_subscriber::EnvFilter {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new(DEFAULT_LOG_FILTER));
    NEVER_TRACED
        .iter()
        .filter_map(|d| d.parse().ok())
        .fold(filter, EnvFilter::add_directive)
}

/// Logs to stderr, filtered by [`log_filter`]: as text, in colour only when stderr is a
/// terminal and `NO_COLOR` is not set, or as one JSON object per line (`LOG_FORMAT=json`).
/// Whatever a library logs, `token` is never written ([`Redacted`]).
fn init_logging(format: LogFormat, token: &str) {
    use std::io::IsTerminal;
    let filter = log_filter();
    let writer = Redacted::new(token);
    let _ = match format {
        LogFormat::Text => {
            let colour = colour(
                std::io::stderr().is_terminal(),
                std::env::var_os("NO_COLOR").as_deref(),
            );
            tracing_subscriber::fmt()
                .with_env_filter(filter)
                .with_writer(writer)
                .with_ansi(colour)
                .try_init()
        }
        LogFormat::Json => tracing_subscriber::fmt()
            .json()
            .with_env_filter(filter)
            .with_writer(writer)
            .try_init(),
    };
}

/// What the token is written as if anything logs it.
const REDACTED: &str = "[token]";

/// The shortest token replaced. A Discord bot token has some 70 characters; a shorter
/// setting is no token Discord takes, and replacing it would garble ordinary words (a token
/// `x` in "proxied").
const SHORTEST_TOKEN: usize = 16;

/// The log's writer: stderr, with every occurrence of the token replaced by [`REDACTED`].
/// The bot logs none, and serenity keeps it out of what it logs (its `Http` holds it as a
/// secret; the gateway's identify and resume skip it), but a library's trace-level log of a
/// request, or a future one, must not be able to leak it: each event is formatted whole and
/// then written at once, so a token is never split between two writes.
#[derive(Clone)]
struct Redacted {
    token: Arc<str>,
}

impl Redacted {
    fn new(token: &str) -> Redacted {
        Redacted {
            token: Arc::from(token),
        }
    }

    /// `bytes`, with the token replaced, when it is there.
    fn clean<'a>(&self, bytes: &'a [u8]) -> std::borrow::Cow<'a, [u8]> {
        match std::str::from_utf8(bytes) {
            Ok(text) if self.token.len() >= SHORTEST_TOKEN && text.contains(&*self.token) => {
                std::borrow::Cow::Owned(text.replace(&*self.token, REDACTED).into_bytes())
            }
            _ => std::borrow::Cow::Borrowed(bytes),
        }
    }
}

impl<'a> tracing_subscriber::fmt::MakeWriter<'a> for Redacted {
    type Writer = RedactedWriter;

    fn make_writer(&'a self) -> RedactedWriter {
        RedactedWriter {
            redacted: self.clone(),
        }
    }
}

/// One event's writer of [`Redacted`].
struct RedactedWriter {
    redacted: Redacted,
}

impl std::io::Write for RedactedWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        std::io::stderr().write_all(&self.redacted.clean(bytes))?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        std::io::stderr().flush()
    }
}

/// Whether to colour the log: on a terminal, unless `NO_COLOR` is set to anything but the
/// empty string (<https://no-color.org>).
fn colour(terminal: bool, no_color: Option<&std::ffi::OsStr>) -> bool {
    terminal && no_color.is_none_or(std::ffi::OsStr::is_empty)
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::OsStr;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert!(colour(true, None));
        assert!(colour(true, Some(OsStr::new(""))));
        assert!(!colour(true, Some(OsStr::new("1"))));
        assert!(!colour(false, None));
        assert!(!colour(false, Some(OsStr::new(""))));
    }

    #[test]
    fn the_token_is_never_written() {
        let redacted = Redacted::new("MTk4NjIyMzQ1.GfOcUs.secret");
        let line = b"request with Bot MTk4NjIyMzQ1.GfOcUs.secret and MTk4NjIyMzQ1.GfOcUs.secret\n";
        assert_eq!(
            &*redacted.clean(line),
            b"request with Bot [token] and [token]\n"
        );
        assert_eq!(&*redacted.clean(b"nothing\n"), b"nothing\n");
        assert_eq!(&*Redacted::new("").clean(b"x\n"), b"x\n");
        // No real token is this short: words are left alone.
        assert_eq!(&*Redacted::new("x").clean(b"proxied\n"), b"proxied\n");
    }

    #[test]
    fn the_default_filter_parses() {
        let filter = tracing_subscriber::EnvFilter::try_new(DEFAULT_LOG_FILTER).unwrap();
        assert!(
            filter.to_string().contains("serenity::gateway=error"),
            "{filter}"
        );
        let readme = include_str!("../../README.md");
        assert!(
            readme.contains(&format!("default `{DEFAULT_LOG_FILTER}`")),
            "README lacks the default log filter"
        );
    }
}
