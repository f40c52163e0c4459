//! `focus-bot replay`: play a game record from stdin.

use std::io::Read;

use thiserror::Error;

use super::{CliError, StartArgs};
use crate::rules::record::move_texts;
use crate::rules::{Color, MoveError, Position};

#[derive(Debug, clap::Args)]
pub(crate) struct ReplayArgs {
    #[command(flatten)]
    start: StartArgs,
}

/// A move of the record that cannot be played: which ply, as written, and why.
#[derive(Debug, Error)]
#[error("ply {ply} ({number}{dots} {text}): {error}", dots = if *side == Color::White { "." } else { "..." })]
pub struct ReplayError {
    /// 1-based ply within the record.
    pub ply: usize,
    /// The move number as a record writes it.
    pub number: usize,
    /// Who was to move.
    pub side: Color,
    /// The move as written.
    pub text: String,
    /// What is wrong with it.
    pub error: MoveError,
}

/// Plays the record `text` from `start`; the position reached, or the first failing move.
pub fn replay(start: Position, text: &str) -> Result<Position, ReplayError> {
    let mut pos = start;
    // A record from a Black-to-move position starts at "1...".
    let first_offset = usize::from(start.side_to_move() == Color::Black);
    for (i, text) in move_texts(text).into_iter().enumerate() {
        let side = pos.side_to_move();
        if let Err(error) = pos.play_str(&text) {
            return Err(ReplayError {
                ply: i + 1,
                number: (i + first_offset) / 2 + 1,
                side,
                text,
                error,
            });
        }
    }
    Ok(pos)
}

pub(crate) fn run(args: &ReplayArgs) -> Result<(), CliError> {
    let start = args.start.position()?;
    let mut record = String::new();
    std::io::stdin().read_to_string(&mut record)?;
    let end = replay(start, &record)?;
    println!("{end}");
    println!("result: {}", end.outcome());
    Ok(())
}
