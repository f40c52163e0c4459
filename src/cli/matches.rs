//! `focus-bot match`: engine against engine (or the greedy player) from varied openings.

use std::io::Write;
use std::time::Duration;

use super::error::CliError;
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
    /// Games in all, at least 1; each opening is played twice, colours exchanged.
    #[arg(long, default_value_t = 200, value_parser = at_least_one)]
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
    .and_then(|()| writeln!(out, "{}", elo_line(lo, elo, hi)))
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

/// A number of games: 1 or more (a match of no games has no score and no Elo).
fn at_least_one(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(0) => Err("a match needs at least 1 game".to_owned()),
        Ok(n) => Ok(n),
        Err(_) => Err(format!("`{text}` is not a number of games")),
    }
}

/// The Elo line: `elo +35 (95 %: -12 .. +80)`. A side that won or lost every game has no
/// finite estimate, said in words rather than `inf`; an open end of the interval is `∞`.
fn elo_line(lo: f64, elo: f64, hi: f64) -> String {
    let bound = |x: f64| {
        if x.is_finite() {
            format!("{x:+.0}")
        } else if x > 0.0 {
            "+∞".to_owned()
        } else {
            "-∞".to_owned()
        }
    };
    if elo.is_finite() {
        format!("elo {} (95 %: {} .. {})", bound(elo), bound(lo), bound(hi))
    } else if elo > 0.0 {
        "elo: no estimate: A won every game".to_owned()
    } else {
        "elo: no estimate: A lost every game".to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_elo_line_has_no_inf() {
        assert_eq!(elo_line(-12.4, 35.0, 80.2), "elo +35 (95 %: -12 .. +80)");
        assert_eq!(
            elo_line(f64::NEG_INFINITY, 10.0, f64::INFINITY),
            "elo +10 (95 %: -∞ .. +∞)"
        );
        assert_eq!(
            elo_line(f64::NEG_INFINITY, f64::NEG_INFINITY, -200.0),
            "elo: no estimate: A lost every game"
        );
        assert_eq!(
            elo_line(300.0, f64::INFINITY, f64::INFINITY),
            "elo: no estimate: A won every game"
        );
    }
}
