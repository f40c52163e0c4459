//! `focus-bot console`: play offline in the terminal, through the same game service as the bot.

use std::io::IsTerminal;
use std::path::PathBuf;

use super::error::CliError;
use crate::console::{Console, help};
use crate::i18n::Lang;
use crate::store::{AsyncStore, DatabaseLock, Location};

#[derive(Debug, clap::Args)]
pub(crate) struct ConsoleArgs {
    /// The database: an SQLite file, created if missing, or a postgres:// URL [default:
    /// $DATABASE_URL, else $DATABASE_PATH, else focus.db].
    #[arg(long, value_name = "PATH|URL")]
    db: Option<String>,
    /// Where board pictures are written.
    #[arg(long, value_name = "DIR", default_value = "boards")]
    out: PathBuf,
    /// A user who may abort any game and change the settings, as a moderator (repeatable).
    #[arg(long, value_name = "NAME")]
    moderator: Vec<String>,
    /// Show bold and code in terminal colours.
    #[arg(long)]
    colour: bool,
    /// The language of the console: en or ru.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = super::input::language)]
    locale: Lang,
}

pub(crate) fn run(args: &ConsoleArgs) -> Result<(), CliError> {
    let location = args
        .db
        .as_deref()
        .map_or_else(Location::from_env, Location::parse);
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .map_err(CliError::Stdout)?;
    // The output folder first: a folder that cannot be made stops the console before the
    // database is opened, so nothing is left behind (no database, no `-wal`, no `-shm`).
    let made = !args.out.exists();
    std::fs::create_dir_all(&args.out).map_err(|source| CliError::Write {
        path: args.out.clone(),
        source,
    })?;
    runtime.block_on(async {
        let store = match AsyncStore::open_at(&location).await {
            Ok(store) => store,
            Err(e) => {
                if made {
                    // Only if still empty: the folder this run made, and nothing else.
                    let _ = std::fs::remove_dir(&args.out);
                }
                return Err(e.into());
            }
        };
        // Held while the console plays, as the bot holds it: `db restore` refuses meanwhile.
        let _lock = match location.file().map(DatabaseLock::shared) {
            Some(Ok(lock)) => Some(lock),
            Some(Err(e)) => {
                store.close().await;
                return Err(CliError::Lock(e));
            }
            None => None,
        };
        // Ctrl-C or SIGTERM while the console waits for a line: close the database cleanly
        // (no `-wal` file left) and stop, as the bot does. The console reads its input on
        // this thread, so the signal is awaited on a worker.
        let closing = store.clone();
        tokio::spawn(async move {
            crate::discord::signals().await;
            closing.close().await;
            std::process::exit(0);
        });
        let console = Console::new(
            store.clone(),
            &args.out,
            args.moderator.clone(),
            args.locale,
        );
        let mut console = match console {
            Ok(console) => console.with_colour(args.colour),
            Err(source) => {
                store.close().await;
                return Err(CliError::Write {
                    path: args.out.clone(),
                    source,
                });
            }
        };
        let stdin = std::io::stdin();
        if stdin.is_terminal() {
            eprintln!("{}\n", help(args.locale));
        }
        let mut out = std::io::stdout().lock();
        let result = console
            .run(stdin.lock(), &mut out)
            .await
            .map_err(CliError::Stdout);
        // At the end of the input too: the process does not wait for the store's thread.
        store.close().await;
        result
    })
}
