//! What the bot judges, pure: its move at a level (a search reproducible for a game and ply),
//! and its answer to a draw offer.

use crate::engine::{Engine, Level, review};
use crate::rules::{Color, Move, Position};
use crate::store::GameId;

/// How often the same position, with the same side to move, must have occurred in a game for
/// the bot to accept a draw offer there (Focus has no repetition rule: without this, a player
/// who cannot win could only resign).
pub const DRAW_REPETITIONS: usize = 3;

/// The effort of the bot's judgement of a draw offer: the full engine with a node budget, so
/// that the same position gets the same answer on any machine (about a twentieth of a second
/// at 2 M nodes/s).
pub const DRAW_NODES: u64 = 100_000;

/// How often the last of `positions` (a game's positions, the start first) occurred among
/// them: the same stacks, reserves, captures and side to move, whatever the ply.
pub fn occurrences(positions: &[Position]) -> usize {
    let Some(last) = positions.last().map(|p| p.with_ply(0)) else {
        return 0;
    };
    positions.iter().filter(|p| p.with_ply(0) == last).count()
}

/// The bot's draw policy: playing `bot` in the game whose positions so far are `positions`
/// (the start first, the current one last), it accepts a draw when the current position has
/// occurred [`DRAW_REPETITIONS`] times, or when the engine's score of it for the bot, searched
/// for [`DRAW_NODES`] nodes, is zero or less (it does not think it stands better). The
/// score is the mean of the two deepest iterations, which damps the swing of Focus
/// evaluations from one depth to the next (see [`crate::engine::review`]).
pub fn accepts_draw(positions: &[Position], bot: Color) -> bool {
    let Some(current) = positions.last() else {
        return false;
    };
    if occurrences(positions) >= DRAW_REPETITIONS {
        return true;
    }
    let score = review::value(review::assess(current, DRAW_NODES).shown());
    let for_bot = if current.side_to_move() == bot {
        score
    } else {
        -score
    };
    for_bot <= 0
}

/// The transposition table of a bot search, by level: the node-limited levels search at most
/// 120,000 nodes (levels 1 to 3 far fewer), level 8 about two million in its second.
fn table_mib(level: Level) -> usize {
    match level.number() {
        1..=3 => 1,
        4..=7 => 8,
        _ => 32,
    }
}

/// The engine's move at `level` in `position`, reproducible for a given game and ply (the
/// seed of the weaker levels' noise).
pub(super) fn bot_search(position: &Position, level: Level, seed: u64) -> Option<Move> {
    let mut engine = Engine::with_table_mib(table_mib(level));
    engine
        .search(position, &level.limits(seed, None), |_| {})
        .best
}

/// The noise seed of the bot's move at `ply` of game `id`: different for every move.
pub(super) fn seed_of(id: GameId, ply: u32) -> u64 {
    (id.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ u64::from(ply)
}
