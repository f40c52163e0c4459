//! `focus-bot run` (the default): the Discord bot.

use std::process::ExitCode;

use crate::discord::{Config, run, signals};

/// Exit status when the configuration is missing or malformed.
const CONFIG_ERROR: u8 = 2;

/// Reads the environment (`.env` is loaded by [`super::main`]), starts logging, and runs the bot until SIGINT/SIGTERM.
/// Exit status 0 after a clean stop, 1 when the database or Discord fails, 2 when the
/// configuration is missing (the one line says which variable and what to do).
pub(crate) fn main() -> ExitCode {
    let config = match Config::from_vars(|name| std::env::var(name).ok()) {
        Ok(config) => config,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(CONFIG_ERROR);
        }
    };
    init_logging();
    tracing::info!(database = %config.database.display(), guild = ?config.guild_id, proxied = config.api_base.is_some(), "starting focus-bot");
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("error: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config, signals())) {
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

/// Logs to stderr, filtered by `RUST_LOG` (default: info for the bot, warnings for the rest).
fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter =
        EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("warn,focus_bot=info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .try_init();
}
