//! The command line: clap subcommands, each a thin adapter over the library.

mod analysis;
mod bestmove;
mod console;
mod db;
mod engine;
mod error;
mod input;
mod matches;
mod pair;
mod perft;
mod render;
mod replay;
mod run;
mod tune;

use std::process::ExitCode;

use clap::{Parser, Subcommand};

pub use error::CliError;
use error::output_closed;

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
    /// schema version and row counts; or back it up (`db backup FILE`), restore it (`db
    /// restore FILE`), or copy a community into another database (`db copy --from SOURCE --to
    /// TARGET`). The file is --db, else $DATABASE_PATH, else focus.db.
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

/// Runs the command line: parses the arguments, runs the subcommand, prints any error as one
/// line on stderr. Exit status 0 on success, 1 on a command's error (3, 4 and 5 for some of `db`'s,
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
