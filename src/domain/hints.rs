//! Hints in a game against the bot (issue 15): how many a game gets, and when asking again
//! repeats the one given.

use super::{GameError, GameId};

/// How many hints a player gets in one game against the bot.
pub const HINTS_PER_GAME: u32 = 3;

/// A hint, as kept: the engine's move for the position at `ply`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    /// The plies played before it was asked for (the position it is for).
    pub ply: u32,
    /// The suggested move, in notation.
    pub notation: String,
}

/// What a hint asked for at `ply` of game `game` comes to, given the hints the game had so far
/// (`given`): `Some` the hint given for that ply already (the same position gets the same
/// advice, not counted again), or `None` when a new one may be given.
///
/// # Errors
/// [`GameError::NoHintsLeft`] when the game had [`HINTS_PER_GAME`] hints for other plies.
pub fn next(game: GameId, given: &[Hint], ply: u32) -> Result<Option<&Hint>, GameError> {
    if let Some(hint) = given.iter().find(|hint| hint.ply == ply) {
        return Ok(Some(hint));
    }
    if given.len() as u32 >= HINTS_PER_GAME {
        return Err(GameError::NoHintsLeft(game));
    }
    Ok(None)
}
