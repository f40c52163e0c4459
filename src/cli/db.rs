//! `focus-bot db`: open the database (bringing its schema up to date), check it, and print its
//! schema version and row counts.

use std::io::Write;
use std::path::PathBuf;

use super::CliError;
use crate::store::{DEFAULT_DATABASE_PATH, Store};

#[derive(Debug, clap::Args)]
pub(crate) struct DbArgs {
    /// The database file; created if missing.
    #[arg(long, value_name = "PATH", env = "DATABASE_PATH", default_value = DEFAULT_DATABASE_PATH)]
    db: PathBuf,
}

pub(crate) fn run(args: &DbArgs) -> Result<(), CliError> {
    let store = Store::open(&args.db)?;
    let problems = store.integrity_check()?;
    if problems != ["ok"] {
        return Err(CliError::Damaged {
            path: args.db.clone(),
            problems: problems.len(),
            first: problems.into_iter().next().unwrap_or_default(),
        });
    }
    let c = store.counts()?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "database: {}\nschema version: {}\nintegrity: ok\ngames: {} ({} in play)\nmoves: {}\n\
         challenges: {}\nplayers: {}",
        args.db.display(),
        c.schema_version,
        c.games,
        c.active_games,
        c.moves,
        c.challenges,
        c.players
    )
    .map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
