//! `focus-bot bestmove`: the engine's move in one position, printed on one line.

use std::io::Write;
use std::time::Duration;

use super::error::CliError;
use super::input::StartArgs;
use crate::engine::{Engine, Level, Limits};

#[derive(Debug, clap::Args)]
pub(crate) struct BestmoveArgs {
    #[command(flatten)]
    start: StartArgs,
    /// Play at this level, 1 to 8 (the default: 8).
    #[arg(long, value_parser = clap::value_parser!(u8).range(1..=8), conflicts_with_all = ["movetime", "depth"])]
    level: Option<u8>,
    /// Search this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// Search this many plies.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=100), conflicts_with = "movetime")]
    depth: Option<u32>,
}

pub(crate) fn run(args: &BestmoveArgs) -> Result<(), CliError> {
    let pos = args.start.position()?;
    let limits = match (args.movetime, args.depth, args.level) {
        (Some(ms), _, _) => Limits::movetime_ms(ms),
        (_, Some(d), _) => Limits::depth(d),
        (_, _, level) => Level::new(level.unwrap_or(8))
            .unwrap_or(Level::MAX)
            .limits(0, None::<Duration>),
    };
    let report = Engine::new().search(&pos, &limits, |_| {});
    let mut out = std::io::stdout().lock();
    match report.best {
        Some(mv) => writeln!(out, "{mv}"),
        None => writeln!(out, "none"),
    }
    .map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
