//! The words of the board picture, drawn by [`render`](crate::render).

/// Before the reserve count.
pub const RESERVE: &str = "reserve";
/// Before the captured count.
pub const CAPTURED: &str = "captured";
/// The mover's badge.
pub const TO_MOVE: &str = "to move";
/// The winner's badge.
pub const WINNER: &str = "winner";
/// The loser's note when they had no legal move.
pub const CANNOT_MOVE: &str = "cannot move";
/// The loser's note under the mirror rule.
pub const MIRRORED: &str = "mirrored: loses";
