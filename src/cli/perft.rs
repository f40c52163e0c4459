//! `focus-bot perft`: count legal move sequences.

use super::{CliError, StartArgs};
use crate::rules::perft;

#[derive(Debug, clap::Args)]
pub(crate) struct PerftArgs {
    /// Plies to count, e.g. 4.
    depth: u32,
    #[command(flatten)]
    start: StartArgs,
}

pub(crate) fn run(args: &PerftArgs) -> Result<(), CliError> {
    let pos = args.start.position()?;
    println!("{}", perft(&pos, args.depth));
    Ok(())
}
