//! `focus-bot db`: open the database (bringing its schema up to date), check it, and print its
//! schema version and row counts.

use std::io::Write;
use std::path::PathBuf;

use super::CliError;
use crate::store::{Store, database_path_from_env};

#[derive(Debug, clap::Args)]
pub(crate) struct DbArgs {
    /// The database file, created if missing [default: $DATABASE_PATH, else focus.db].
    #[arg(long, value_name = "PATH")]
    db: Option<PathBuf>,
}

pub(crate) fn run(args: &DbArgs) -> Result<(), CliError> {
    // An empty DATABASE_PATH counts as unset, as a blank line in a `.env` file would mean.
    let path = args.db.clone().unwrap_or_else(database_path_from_env);
    let store = Store::open(&path)?;
    let problems = store.integrity_check()?;
    if problems != ["ok"] {
        return Err(CliError::Damaged {
            path,
            problems: problems.len(),
            first: problems.into_iter().next().unwrap_or_default(),
        });
    }
    let c = store.counts()?;
    let mut out = std::io::stdout().lock();
    writeln!(
        out,
        "database: {}\nschema version: {}\nintegrity: ok\ngames: {} ({} in play)\nmoves: {}\n\
         challenges: {}\nplayers: {}\nnotices waiting: {}",
        path.display(),
        c.schema_version,
        c.games,
        c.active_games,
        c.moves,
        c.challenges,
        c.players,
        c.pending_notices
    )
    .map_err(CliError::Stdout)?;
    out.flush().map_err(CliError::Stdout)
}
