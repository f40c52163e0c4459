//! `focus-bot replay`: play a game record from stdin.

use std::io::Write;

use super::error::CliError;
use super::input::StartArgs;
use crate::rules::record::replay;

#[derive(Debug, clap::Args)]
pub(crate) struct ReplayArgs {
    #[command(flatten)]
    start: StartArgs,
}

pub(crate) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let (text, _, start) = super::input::stdin_record(&args.start)?;
    let end = replay(start, &text)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{end}\nresult: {}", end.outcome()).map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
