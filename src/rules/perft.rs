//! Perft: counting legal move sequences, the standard check of a move generator.

use super::Position;

/// The number of legal move sequences of exactly `depth` plies from `pos` (drops count once per
/// square; a finished game has none). Every leaf move is played, never bulk-counted, so the
/// count exercises playing as well as generation.
///
/// ```
/// use focus_bot::rules::{Position, perft};
/// assert_eq!(perft(&Position::start(), 2), 4_460);
/// ```
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| {
            let mut child = *pos;
            child.play_unchecked(mv);
            perft(&child, depth - 1)
        })
        .sum()
}
