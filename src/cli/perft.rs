//! `focus-bot perft`: count legal move sequences.

use std::io::Write;

use super::error::CliError;
use super::input::StartArgs;
use crate::rules::perft;

/// The deepest perft the command counts: each ply takes about 65 times longer than the one
/// before (4 plies from the start take half a second, 7 about a day and a half), and a count
/// that never ends is no answer.
pub(crate) const MAX_DEPTH: u32 = 7;

#[derive(Debug, clap::Args)]
pub(crate) struct PerftArgs {
    /// Plies to count, 0 to 7, e.g. 4 (half a second; each further ply takes about 65 times
    /// longer).
    #[arg(value_parser = depth)]
    depth: u32,
    #[command(flatten)]
    start: StartArgs,
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), CliError> {
    let pos = args.start.position()?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{}", perft(&pos, args.depth)).map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}

/// A perft depth: a number of plies from 0 to [`MAX_DEPTH`].
fn depth(text: &str) -> Result<u32, String> {
    let refused = || {
        format!(
            "perft counts 0 to {MAX_DEPTH} plies: each ply takes about 65 times longer than \
             the one before (4 take half a second, {MAX_DEPTH} about a day and a half)"
        )
    };
    match text.trim().parse::<u32>() {
        Ok(d) if d <= MAX_DEPTH => Ok(d),
        _ => Err(refused()),
    }
}
