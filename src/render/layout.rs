//! Where things go in the picture, in pixels. The picture is [`WIDTH`] × [`HEIGHT`]:
//! a player panel on top, the board with coordinates, a player panel below.

use crate::rules::Square;

/// Width of the picture in pixels.
pub const WIDTH: u32 = 684;
/// Height of the picture in pixels.
pub const HEIGHT: u32 = 800;
/// Side of one square in pixels.
pub const SQUARE: u32 = 78;
/// Left edge of the board (rank numbers sit in the margin to its left).
pub const BOARD_X: u32 = 30;
/// Top edge of the board.
pub const BOARD_Y: u32 = 76;
/// Side of the 8×8 board.
pub const BOARD: u32 = 8 * SQUARE;
/// Height of a player panel.
pub const PANEL_H: u32 = 64;
/// Top of the upper panel.
pub const TOP_PANEL_Y: u32 = 6;
/// Top of the lower panel.
pub const BOTTOM_PANEL_Y: u32 = BOARD_Y + BOARD + 30;

/// The board seen from one side: White's (rank 1 at the bottom) or Black's (flipped).
#[derive(Copy, Clone, Debug)]
pub struct View {
    /// True for Black's side: rank 8 at the bottom, file h on the left.
    pub flipped: bool,
}

impl View {
    /// Column (0 = left) and row (0 = top) of the cell showing `file`, `rank` (both 0–7).
    pub fn cell(self, file: u8, rank: u8) -> (u32, u32) {
        if self.flipped {
            (7 - file as u32, rank as u32)
        } else {
            (file as u32, 7 - rank as u32)
        }
    }

    /// Top-left pixel of `sq`.
    pub fn origin(self, sq: Square) -> (u32, u32) {
        let (col, row) = self.cell(sq.file(), sq.rank());
        (BOARD_X + col * SQUARE, BOARD_Y + row * SQUARE)
    }

    /// Centre pixel of `sq`, as floats for drawing.
    pub fn centre(self, sq: Square) -> (f32, f32) {
        let (x, y) = self.origin(sq);
        ((x + SQUARE / 2) as f32, (y + SQUARE / 2) as f32)
    }
}
