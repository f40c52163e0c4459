//! `focus-bot render`: write the picture of a position to a PNG file, or with `--gif` the
//! animated replay of a game record read from stdin.

use std::path::PathBuf;

use super::error::CliError;
use super::input::StartArgs;
use crate::render::{RenderOptions, ReplayOptions, render, replay_gif};
use crate::rules::record::replay_moves;
use crate::rules::{Move, Position, Rules};
use crate::strings::picture;

#[derive(Debug, clap::Args)]
pub(crate) struct RenderArgs {
    /// The position (FPN); the standard start when absent. With --gif, where the game starts.
    #[arg(long, value_name = "FPN")]
    fpn: Option<String>,
    /// The move that led to the position, highlighted (e.g. c5-e5, +e5).
    #[arg(long, value_name = "MOVE", conflicts_with = "gif")]
    last_move: Option<String>,
    /// Write an animated GIF of the game record read from stdin (as `replay` reads it): a
    /// frame per ply, the move marked.
    #[arg(long)]
    gif: bool,
    /// With --gif, the rules of the game: classic, swap, mirror or swap+mirror.
    #[arg(long, value_name = "RULES", requires = "gif", value_parser = |s: &str| s.parse::<Rules>())]
    rules: Option<Rules>,
    /// White's name.
    #[arg(long, value_name = "NAME", default_value = "")]
    white: String,
    /// Black's name.
    #[arg(long, value_name = "NAME", default_value = "")]
    black: String,
    /// Show the board from Black's side.
    #[arg(long)]
    flip: bool,
    /// The language of the picture's words: en or ru.
    #[arg(long, value_name = "LANG", default_value = "en", value_parser = super::input::language)]
    locale: crate::i18n::Lang,
    /// Where to write the picture (PNG, or GIF with --gif).
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
}

pub(crate) fn run(args: &RenderArgs) -> Result<(), CliError> {
    if args.gif {
        return run_gif(args);
    }
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
            ..RenderOptions::new(picture::words(args.locale))
        },
    );
    write_whole(&args.out, &png).map_err(|source| CliError::Write {
        path: args.out.clone(),
        source,
    })
}

/// `render --gif`: the record on stdin, replayed (every move checked, errors by ply as
/// `replay` gives them), drawn and written whole.
fn run_gif(args: &RenderArgs) -> Result<(), CliError> {
    // The start as `replay` finds it: the options, else the record's header.
    let (text, header, start) = super::input::stdin_record(&StartArgs {
        fpn: args.fpn.clone(),
        rules: args.rules,
    })?;
    let (_, moves) = replay_moves(start, &text)?;
    // The corner names the game when the header does.
    let game = header
        .tag("Game")
        .and_then(|n| n.trim_start_matches('#').parse().ok());
    let plies = u32::try_from(moves.len()).unwrap_or(u32::MAX);
    let gif = replay_gif(
        &start,
        &moves,
        &ReplayOptions {
            white: args.white.clone(),
            black: args.black.clone(),
            flipped: args.flip,
            corners: picture::replay_corners(args.locale, game, plies, start.side_to_move()),
            ..ReplayOptions::new(picture::words(args.locale))
        },
    )?;
    write_whole(&args.out, &gif).map_err(|source| CliError::Write {
        path: args.out.clone(),
        source,
    })
}

/// Writes `bytes` to a temporary file beside `path`, then renames it into place: a failed
/// write (a full disk) leaves no partial picture and never clobbers an existing one.
fn write_whole(path: &std::path::Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let temp = path.with_file_name(format!(".{name}.{}.tmp", std::process::id()));
    let written = std::fs::write(&temp, bytes).and_then(|()| std::fs::rename(&temp, path));
    if written.is_err() {
        let _ = std::fs::remove_file(&temp);
    }
    written
}

/// Reads `text` as the move that led to `pos`. Pieces that moved or were dropped end on top
/// (trimming takes from the bottom), so the destination's top piece is the last mover's and
/// the stack holds at least the pieces moved; swapped squares hold single unlike pieces.
fn checked_last_move(pos: &Position, text: &str) -> Result<Move, CliError> {
    let mv: Move = text
        .parse()
        .map_err(|e| CliError::LastMove(format!("{e}")))?;
    let mover = !pos.side_to_move();
    let impossible = |why: String| {
        Err(CliError::LastMove(format!(
            "{mv} cannot have led to this position: {why}"
        )))
    };
    match mv {
        Move::Swap { a, b } => {
            let (sa, sb) = (pos.stack(a), pos.stack(b));
            if sa.height() != 1 || sb.height() != 1 || sa.top() == sb.top() {
                return impossible(format!("{a} and {b} do not hold two unlike single pieces"));
            }
            Ok(mv)
        }
        Move::Step { to, .. } | Move::Drop { to } => {
            let stack = pos.stack(to);
            match stack.top() {
                None => impossible(format!("{to} is empty")),
                Some(top) if top != mover => impossible(format!(
                    "{mover} made the last move, but {to} has a {top} piece on top"
                )),
                Some(_) if stack.height() < mv.count() => impossible(format!(
                    "it moves {} pieces, but {to} holds only {}",
                    mv.count(),
                    stack.height()
                )),
                Some(_) => Ok(mv),
            }
        }
    }
}
