//! `focus-bot replay`: play a game record from stdin.

use std::io::{Read, Write};

use super::{CliError, StartArgs};
use crate::rules::record::{read_record, replay};

#[derive(Debug, clap::Args)]
pub(crate) struct ReplayArgs {
    #[command(flatten)]
    start: StartArgs,
}

pub(crate) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let mut record = Vec::new();
    std::io::stdin()
        .read_to_end(&mut record)
        .map_err(CliError::Stdin)?;
    // A record is text; bytes that are not UTF-8 become U+FFFD and fail as moves, by ply.
    let text = String::from_utf8_lossy(&record);
    let header = read_record(&text).map_err(crate::rules::record::ReplayError::from)?;
    let start = args.start.position_for(&header)?;
    let end = replay(start, &text)?;
    let mut out = std::io::stdout().lock();
    writeln!(out, "{end}\nresult: {}", end.outcome()).map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
