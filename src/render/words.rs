//! The words a picture shows, given to the renderer: a file of its own, below the panels that
//! draw them and the pictures that carry them.

/// The words drawn on the picture, in the reader's language: the renderer has none of its own
/// (they are made at the edge, by `strings::picture`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Words {
    /// Before the reserve count: `reserve`.
    pub reserve: String,
    /// Before the captured count: `captured`.
    pub captured: String,
    /// The badge of the player to move: `to move`.
    pub to_move: String,
    /// The winner's badge: `winner`.
    pub winner: String,
    /// The loser's note when the position shows they cannot move: `cannot move`.
    pub cannot_move: String,
    /// The loser's note when the position shows a mirror-rule loss: `mirrored: loses`.
    pub mirrored: String,
    /// The colours' names, `[White, Black]`, for a player whose name cannot be drawn.
    pub colors: [String; 2],
}
