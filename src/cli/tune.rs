//! `focus-bot tune`: self-play games, then Texel tuning of the evaluation weights.

use std::io::Write;

use super::error::CliError;
use crate::engine::eval::FEATURE_NAMES;
use crate::engine::selfplay::{MatchConfig, Player, play_match};
use crate::engine::tune::{samples, tune};
use crate::engine::{Limits, Weights};
use crate::rules::Rules;

#[derive(Debug, clap::Args)]
pub(crate) struct TuneArgs {
    /// Self-play games to learn from.
    #[arg(long, default_value_t = 400)]
    games: usize,
    /// Nodes per move of the self-play engine.
    #[arg(long, default_value_t = 5_000)]
    nodes: u64,
    /// Evaluation noise of the self-play engine (hundredths of a piece), for varied games.
    #[arg(long, default_value_t = 15)]
    noise: i32,
    /// Random plies of each opening.
    #[arg(long, default_value_t = 6)]
    openings: usize,
    /// Games played at once.
    #[arg(long, default_value_t = 1)]
    threads: usize,
    /// Passes of gradient descent.
    #[arg(long, default_value_t = 400)]
    epochs: usize,
    /// Seed of the openings and noise.
    #[arg(long, default_value_t = 7)]
    seed: u64,
}

pub(crate) fn run(args: &TuneArgs) -> Result<(), CliError> {
    let player = Player::Engine(Limits {
        nodes: Some(args.nodes),
        noise: args.noise,
        ..Limits::default()
    });
    let config = MatchConfig {
        a: player.clone(),
        b: player,
        games: args.games,
        movetime: None,
        rules: Rules::CLASSIC,
        opening_plies: args.openings,
        threads: args.threads,
        seed: args.seed,
        table_mib: 8,
        variants: Default::default(),
    };
    let result = play_match(&config, |_, _, _| {});
    let data = samples(&result.games, 8, 1);
    let tuned = tune(&data, Weights::TUNED, args.epochs);
    let mut out = std::io::stdout().lock();
    let mut text = format!(
        "{} games, {} positions; scale k {:.4}; error {:.5} -> {:.5}\n",
        result.games(),
        data.len(),
        tuned.k,
        tuned.error_before,
        tuned.error_after
    );
    text.push_str("Weights([\n");
    for (name, (w, old)) in FEATURE_NAMES
        .iter()
        .zip(tuned.weights.0.iter().zip(Weights::TUNED.0))
    {
        text.push_str(&format!("    {w}, // {name} (was {old})\n"));
    }
    text.push_str("])\n");
    out.write_all(text.as_bytes())
        .and_then(|()| out.flush())
        .map_err(CliError::Stdout)
}
