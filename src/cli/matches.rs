//! `focus-bot match`: engine against engine (or the greedy player) from varied openings.

use std::io::Write;
use std::time::Duration;

use super::CliError;
use crate::engine::selfplay::{AgentStats, MatchConfig, Player, Variant, play_match};
use crate::rules::{Color, Rules};

#[derive(Debug, clap::Args)]
pub(crate) struct MatchArgs {
    /// Player A: level:1..8, greedy, movetime:MS, nodes:N or depth:D.
    #[arg(long, value_parser = |s: &str| s.parse::<Player>())]
    a: Player,
    /// Player B, in the same notation.
    #[arg(long, value_parser = |s: &str| s.parse::<Player>())]
    b: Player,
    /// Games in all; each opening is played twice, colours exchanged.
    #[arg(long, default_value_t = 200)]
    games: usize,
    /// Level 8's time per move in milliseconds (its default is 1000).
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    movetime: Option<u64>,
    /// The rules: classic, swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", default_value = "classic", value_parser = |s: &str| s.parse::<Rules>())]
    rules: Rules,
    /// Random plies from the start that make each opening.
    #[arg(long, value_name = "N", default_value_t = 4)]
    openings: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Seed of the openings and the players' noise.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Transposition table of each player, MiB.
    #[arg(long, value_name = "MIB", default_value_t = 16)]
    table_mib: usize,
    /// How A's engine differs from the default: comma-separated `hand` (hand-set weights),
    /// `no-null`, `no-lmr`, `q<N>` (quiescence plies).
    #[arg(long, value_name = "LIST", default_value = "", value_parser = |s: &str| s.parse::<Variant>())]
    a_variant: Variant,
    /// How B's engine differs from the default, as --a-variant.
    #[arg(long, value_name = "LIST", default_value = "", value_parser = |s: &str| s.parse::<Variant>())]
    b_variant: Variant,
    /// Print a line per game.
    #[arg(long)]
    verbose: bool,
}

pub(crate) fn run(args: &MatchArgs) -> Result<(), CliError> {
    let config = MatchConfig {
        a: args.a.clone(),
        b: args.b.clone(),
        games: args.games,
        movetime: args.movetime.map(Duration::from_millis),
        rules: args.rules,
        opening_plies: args.openings,
        threads: args.threads,
        seed: args.seed,
        table_mib: args.table_mib,
        variants: [args.a_variant, args.b_variant],
    };
    let verbose = args.verbose;
    let result = play_match(&config, |i, game, a_white| {
        if verbose {
            let winner = match game.winner {
                Some(Color::White) => "white",
                Some(Color::Black) => "black",
                None => "draw",
            };
            let a = if a_white { "white" } else { "black" };
            eprintln!("game {i}: A {a}, {} plies, {winner}", game.moves.len());
        }
    });
    let (lo, elo, hi) = result.elo();
    let mut out = std::io::stdout().lock();
    let per = |s: &AgentStats| {
        let ms = s.time.as_secs_f64() * 1000.0 / s.moves.max(1) as f64;
        let nps = s.nodes as f64 / s.time.as_secs_f64().max(1e-9);
        format!(
            "{ms:.1} ms/move, {:.2} M nodes/s, {} moves",
            nps / 1e6,
            s.moves
        )
    };
    let movetime = args
        .movetime
        .map_or("default".to_owned(), |ms| format!("{ms} ms"));
    writeln!(
        out,
        "A {} vs B {} | rules {} | openings {} plies | level 8 movetime {movetime} | {} threads",
        args.a, args.b, args.rules, args.openings, args.threads
    )
    .and_then(|()| {
        writeln!(
            out,
            "games {}: A wins {}, losses {}, draws {}; score {:.1} %",
            result.games(),
            result.wins,
            result.losses,
            result.draws,
            result.score() * 100.0
        )
    })
    .and_then(|()| writeln!(out, "elo {elo:+.0} (95 %: {lo:+.0} .. {hi:+.0})"))
    .and_then(|()| writeln!(out, "A: {}", per(&result.stats[0])))
    .and_then(|()| writeln!(out, "B: {}", per(&result.stats[1])))
    .and_then(|()| {
        writeln!(
            out,
            "plies per game {:.1}",
            result.plies as f64 / result.games().max(1) as f64
        )
    })
    .and_then(|()| out.flush())
    .map_err(CliError::Stdout)
}
