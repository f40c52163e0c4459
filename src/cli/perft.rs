//! `focus-bot perft`: count legal move sequences.

use std::io::Write;

use super::{CliError, StartArgs};
use crate::rules::perft;

#[derive(Debug, clap::Args)]
pub(crate) struct PerftArgs {
    /// Plies to count, e.g. 4 (half a second; each further ply takes about 65 times longer).
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
