//! The command line: clap subcommands, each a thin adapter over the library.

mod analysis;
mod bestmove;
mod console;
mod db;
mod engine;
mod matches;
mod pair;
mod perft;
mod render;
mod replay;
mod run;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};
use thiserror::Error;

use crate::rules::record::Record;
use crate::rules::{FpnError, Position, Rules};

/// Sid Sackson's Focus on Discord: the bot, an offline console, and tools for the rules.
#[derive(Debug, Parser)]
#[command(name = "focus-bot", version, long_about = None)]
pub struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Run the Discord bot (the default): reads DISCORD_TOKEN and friends from the
    /// environment and .env.
    Run,
    /// Print the number of legal move sequences of DEPTH plies (one line).
    Perft(perft::PerftArgs),
    /// Play a game record read from stdin; print the final FPN and the result.
    Replay(replay::ReplayArgs),
    /// Write the picture of a position (the start by default) to a PNG file, or with --gif the
    /// animated replay of a game record read from stdin.
    Render(render::RenderArgs),
    /// Open the database (bringing its schema up to date), check its integrity, and print its
    /// schema version and row counts; or back it up (`db backup FILE`) or restore it (`db
    /// restore FILE`). The file is --db, else $DATABASE_PATH, else focus.db.
    Db(db::DbArgs),
    /// Play offline in the terminal: lines like `alice: /focus challenge opponent:bob`.
    Console(console::ConsoleArgs),
    /// Run the engine on its line protocol (stdin/stdout): position, go, stop, new, quit.
    Engine(engine::EngineArgs),
    /// Print the engine's move in one position.
    Bestmove(bestmove::BestmoveArgs),
    /// Play engines (or the greedy player) against each other; print the score and Elo.
    Match(matches::MatchArgs),
    /// Tune the evaluation weights on self-play games (Texel tuning); print them.
    Tune(tune::TuneArgs),
    /// Review a game record read from stdin with the engine: print each side's inaccuracies,
    /// mistakes and blunders with the better moves; with --out, write the evaluation chart.
    Analysis(analysis::AnalysisArgs),
    /// Pair a tournament's next round from a TRF-16 file (FIDE Dutch system or Berger
    /// round-robin tables), or with --check re-pair every round and list the differences.
    /// Exit status 0 done, 1 no legal pairing, 2 --check found differences, 3 invalid file,
    /// 5 a file cannot be read or written.
    Pair(pair::PairArgs),
}

/// Where a game starts, as the `--fpn` and `--rules` options give it.
#[derive(Debug, clap::Args)]
pub(crate) struct StartArgs {
    /// Start from this position (FPN) instead of the standard setup. It counts as the start of
    /// the game: under the swap rule, White's first turn from it is the opening swap.
    #[arg(long, value_name = "FPN")]
    fpn: Option<String>,
    /// The rules: classic (the default), swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", value_parser = |s: &str| s.parse::<Rules>())]
    rules: Option<Rules>,
}

impl StartArgs {
    /// The starting position under the chosen rules.
    pub(crate) fn position(&self) -> Result<Position, CliError> {
        start_position(self.fpn.as_deref(), self.rules.unwrap_or(Rules::CLASSIC))
    }

    /// The starting position of `record`: the options', else its header's (`[Rules "swap"]`,
    /// `[FPN "…"]`), else the standard start under classic rules.
    ///
    /// # Errors
    /// [`CliError::Header`] when an option and the header disagree, or the header's value is
    /// unreadable; [`CliError::Fpn`].
    pub(crate) fn position_for(&self, record: &Record) -> Result<Position, CliError> {
        let rules = match (self.rules, record.tag("Rules")) {
            (given, None) => given.unwrap_or(Rules::CLASSIC),
            (given, Some(text)) => {
                let said: Rules = text.parse().map_err(|_| CliError::Header {
                    tag: "Rules",
                    value: text.to_owned(),
                    given: None,
                })?;
                match given {
                    Some(given) if given != said => {
                        return Err(CliError::Header {
                            tag: "Rules",
                            value: text.to_owned(),
                            given: Some(given.name().to_owned()),
                        });
                    }
                    _ => said,
                }
            }
        };
        let fpn = match (&self.fpn, record.tag("FPN")) {
            (Some(given), Some(said)) if given.trim() != said.trim() => {
                return Err(CliError::Header {
                    tag: "FPN",
                    value: said.to_owned(),
                    given: Some(given.clone()),
                });
            }
            // The option's own FPN is reported as the option; the header's as the header.
            (Some(given), _) => Some(given.as_str()),
            (None, Some(said)) => {
                return Position::from_fpn(said, rules).map_err(|error| CliError::HeaderFpn {
                    value: said.to_owned(),
                    error,
                });
            }
            (None, None) => None,
        };
        start_position(fpn, rules)
    }
}

/// The position `fpn` (the standard start when `None`) under `rules`.
fn start_position(fpn: Option<&str>, rules: Rules) -> Result<Position, CliError> {
    Ok(match fpn {
        Some(text) => Position::from_fpn(text, rules)?,
        None => Position::start().with_rules(rules),
    })
}

/// A language the bot speaks, by its code or a Discord locale of it (`en`, `ru`, `en-US`): the
/// `--locale` options. Anything else is refused rather than read as English.
pub(crate) fn language(text: &str) -> Result<crate::i18n::Lang, String> {
    use crate::i18n::Lang;
    let locale = crate::locale::Locale::new(text.trim());
    let language = |l: Lang| {
        l.code()
            .split('-')
            .next()
            .unwrap_or("")
            .to_ascii_lowercase()
    };
    Lang::all()
        .find(|l| locale.is_some_and(|t| t.language() == language(*l)))
        .ok_or_else(|| {
            let codes: Vec<&str> = Lang::all().map(Lang::code).collect();
            format!(
                "`{text}` is not a language of the bot: {}",
                codes.join(", ")
            )
        })
}

/// A failure of a command; its `Display` is the one line printed on stderr.
#[derive(Debug, Error)]
pub enum CliError {
    /// The `--fpn` option is not a valid position.
    #[error("bad --fpn: {0}")]
    Fpn(#[from] FpnError),
    /// Reading standard input failed.
    #[error("cannot read standard input: {0}")]
    Stdin(std::io::Error),
    /// The `--last-move` option is unreadable or impossible.
    #[error("bad --last-move: {0}")]
    LastMove(String),
    /// The output file cannot be written.
    #[error("cannot write {}: {source}", path.display())]
    Write {
        /// The file.
        path: std::path::PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// A record's header contradicts an option, or has a value that cannot be read.
    #[error("{}", header_sentence(tag, value, given.as_deref()))]
    Header {
        /// The tag: `Rules`, `FPN`.
        tag: &'static str,
        /// Its value in the header.
        value: String,
        /// The option's value, when they disagree; `None` when the value is unreadable.
        given: Option<String>,
    },
    /// The record's `[FPN "…"]` header is not a valid position (no `--fpn` option given).
    #[error("the record's header has [FPN \"{value}\"], which is not a position: {error}")]
    HeaderFpn {
        /// The header's value.
        value: String,
        /// Why it cannot be read.
        error: FpnError,
    },
    /// Standard input held no game record at all (nothing, or only blank lines).
    #[error(
        "standard input is empty: give a game record, e.g. `focus-bot replay < game.txt` or \
         `echo '1. c4-d4 f5-e5' | focus-bot replay`"
    )]
    EmptyInput,
    /// Standard input held move numbers, results or annotations but no move (and no header,
    /// which alone would be a game at its start).
    #[error(
        "standard input has no moves, only move numbers, results or comments: give a game \
         record, e.g. `echo '1. c4-d4 f5-e5' | focus-bot replay`"
    )]
    NoMoves,
    /// A move of a replayed record is unreadable or illegal.
    #[error("{0}")]
    Replay(#[from] crate::rules::record::ReplayError),
    /// The animated replay cannot be drawn.
    #[error("{0}")]
    ReplayGif(#[from] crate::render::ReplayGifError),
    /// The database cannot be opened, migrated or read.
    #[error("{0}")]
    Store(#[from] crate::store::StoreError),
    /// `PRAGMA integrity_check` found problems.
    #[error("the database {} is damaged ({problems} problems), first: {first}", path.display())]
    Damaged {
        /// The file.
        path: std::path::PathBuf,
        /// How many problems SQLite listed.
        problems: usize,
        /// The first of them.
        first: String,
    },
    /// A review cannot be made (a bug: the record's moves were checked before).
    #[error("{0}")]
    Review(#[from] crate::engine::review::ReviewError),
    /// The chart cannot be drawn (a bug).
    #[error("{0}")]
    Chart(#[from] crate::render::chart::ChartError),
    /// Standard output cannot be written (a full disk). A closed pipe is no failure:
    /// [`main`] ends quietly with exit status 0 (see `output_closed`).
    #[error("cannot write the output: {0}")]
    Stdout(std::io::Error),
    /// `db backup` failed; no copy was left.
    #[error("{0}")]
    Backup(#[from] crate::store::BackupError),
    /// The database's lock file is held by a restore (or cannot be made).
    #[error("{0}")]
    Lock(crate::store::LockError),
    /// `db restore` was refused or failed.
    #[error("{0}")]
    Restore(#[from] crate::store::RestoreError),
}

impl CliError {
    /// The exit status: 3 when a file checked is not a sound database (a backup's copy, the
    /// backup to restore), 4 when the database is in use by a running focus-bot, else 1.
    pub fn exit_code(&self) -> u8 {
        use crate::store::{BackupError, RestoreError};
        match self {
            CliError::Backup(BackupError::Check { .. })
            | CliError::Restore(RestoreError::Refused { .. }) => 3,
            CliError::Restore(RestoreError::InUse { .. }) => 4,
            _ => 1,
        }
    }
}

/// A game record read from stdin, its header, and the position it starts from (`start`'s
/// options checked against the header): what `replay`, `analysis` and `render --gif` read.
/// Bytes that are not UTF-8 become U+FFFD: they fail as moves, by ply, rather than as the
/// whole input. A byte-order mark at the start (a file saved by Windows Notepad) is read past.
///
/// # Errors
/// [`CliError::Stdin`]; [`CliError::EmptyInput`] for nothing at all, [`CliError::NoMoves`]
/// for move numbers or results without a move; an unreadable header; options that contradict
/// it.
fn stdin_record(
    start: &StartArgs,
) -> Result<(String, crate::rules::record::Record, crate::rules::Position), CliError> {
    use std::io::Read;
    let mut record = Vec::new();
    std::io::stdin()
        .read_to_end(&mut record)
        .map_err(CliError::Stdin)?;
    let text = String::from_utf8_lossy(&record);
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text).to_owned();
    // Nothing at all is no game (a header alone is: the game at its start).
    if text.trim().is_empty() {
        return Err(CliError::EmptyInput);
    }
    let header = crate::rules::record::read_record(&text)
        .map_err(crate::rules::record::ReplayError::from)?;
    let moves = crate::rules::record::move_texts(&header.moves)
        .map_err(crate::rules::record::ReplayError::from)?;
    if moves.is_empty() && header.tags.is_empty() {
        return Err(CliError::NoMoves);
    }
    let position = start.position_for(&header)?;
    Ok((text, header, position))
}

/// True when `error` says the reader of standard output has gone (`focus-bot replay | head
/// -1`): every command then ends quietly with exit status 0, having nobody left to tell.
pub(crate) fn output_closed(error: &std::io::Error) -> bool {
    error.kind() == std::io::ErrorKind::BrokenPipe
}

/// The line of a [`CliError::Header`].
fn header_sentence(tag: &str, value: &str, given: Option<&str>) -> String {
    match given {
        Some(given) => format!(
            "the record's header says [{tag} \"{value}\"], but the option gives `{given}`: \
             drop the option or correct the header"
        ),
        None => format!("the record's header has [{tag} \"{value}\"], which cannot be read"),
    }
}

/// Runs the command line: parses the arguments, runs the subcommand, prints any error as one
/// line on stderr. Exit status 0 on success, 1 on a command's error (3 and 4 for some of `db`'s,
/// [`CliError::exit_code`]), 2 on a usage error.
pub fn main() -> ExitCode {
    // `.env` (when there is one) for every command: `db` and `console` read DATABASE_PATH too.
    // Real environment variables win; a missing file is normal.
    let _ = dotenvy::dotenv();
    let cli = Cli::parse();
    let result = match cli.command.unwrap_or(Command::Run) {
        Command::Run => return run::main(),
        Command::Pair(args) => return pair::main(&args),
        Command::Perft(args) => perft::run(&args),
        Command::Replay(args) => replay::run(&args),
        Command::Render(args) => render::run(&args),
        Command::Db(args) => db::run(&args),
        Command::Console(args) => console::run(&args),
        Command::Engine(args) => engine::run(&args),
        Command::Bestmove(args) => bestmove::run(&args),
        Command::Match(args) => matches::run(&args),
        Command::Tune(args) => tune::run(&args),
        Command::Analysis(args) => analysis::run(&args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped reading (`| head -1`) is no failure: end quietly, as `cat` does.
        Err(CliError::Stdout(e)) if output_closed(&e) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::from(err.exit_code())
        }
    }
}
