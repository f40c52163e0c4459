//! `focus-bot render`: write the picture of a position to a PNG file.

use std::path::PathBuf;

use super::CliError;
use crate::render::{RenderOptions, render};
use crate::rules::{Move, Position};

#[derive(Debug, clap::Args)]
pub(crate) struct RenderArgs {
    /// The position (FPN); the standard start when absent.
    #[arg(long, value_name = "FPN")]
    fpn: Option<String>,
    /// The move that led to the position, highlighted (e.g. c5-e5, +e5).
    #[arg(long, value_name = "MOVE")]
    last_move: Option<String>,
    /// White's name.
    #[arg(long, value_name = "NAME", default_value = "")]
    white: String,
    /// Black's name.
    #[arg(long, value_name = "NAME", default_value = "")]
    black: String,
    /// Show the board from Black's side.
    #[arg(long)]
    flip: bool,
    /// Where to write the picture.
    #[arg(long, value_name = "FILE.png")]
    out: PathBuf,
}

pub(crate) fn run(args: &RenderArgs) -> Result<(), CliError> {
    let pos = match &args.fpn {
        Some(text) => text.parse::<Position>()?,
        None => Position::start(),
    };
    let last_move = match &args.last_move {
        Some(text) => Some(checked_last_move(&pos, text)?),
        None => None,
    };
    let png = render(
        &pos,
        &RenderOptions {
            white: args.white.clone(),
            black: args.black.clone(),
            last_move,
            flipped: args.flip,
            ..RenderOptions::default()
        },
    );
    std::fs::write(&args.out, png).map_err(|source| CliError::Write {
        path: args.out.clone(),
        source,
    })?;
    Ok(())
}

/// Reads `text` as the move that led to `pos`: its destination must hold a stack.
fn checked_last_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    let mv: Move = text
        .parse()
        .map_err(|e| CliError::LastMove(format!("{e}")))?;
    match mv.to() {
        Some(to) if pos.stack(to).is_empty() => Err(CliError::LastMove(format!(
            "{mv} cannot have led to this position: {to} is empty"
        ))),
        _ => Ok(mv),
    }
}
