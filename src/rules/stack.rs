//! A stack of pieces on one square, bottom to top, at most five high.

use std::fmt;

use super::Color;

/// The pieces on one square, bottom to top; 0 to 5 of them.
///
/// Stored in one byte: bit `i` is the colour of the `i`-th piece from the bottom (1 = black) and
/// a marker bit sits just above the top piece, so the empty stack is `0b1`. Splitting and landing
/// are then a few shifts, which keeps move generation and perft fast.
///
/// Notation (FPN): the pieces bottom to top as `w`/`b`, `.` for the empty stack.
#[derive(Copy, Clone, PartialEq, Eq, Hash)]
pub struct Stack(u8);

/// What trimming a landed stack back to five removed from its bottom.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Trimmed {
    pub white: u8,
    pub black: u8,
}

impl Stack {
    /// The height limit: after a move or drop, pieces above this are removed from the bottom.
    pub const MAX_HEIGHT: usize = 5;

    /// The empty square.
    pub const EMPTY: Stack = Stack(1);

    /// A single piece of `color`.
    pub const fn single(color: Color) -> Stack {
        Stack(0b10 | color as u8)
    }

    /// The stack holding `pieces`, bottom to top; `None` when there are more than five.
    pub fn from_pieces(pieces: &[Color]) -> Option<Stack> {
        if pieces.len() > Self::MAX_HEIGHT {
            return None;
        }
        let bits = pieces
            .iter()
            .enumerate()
            .fold(1u8 << pieces.len(), |acc, (i, c)| acc | ((*c as u8) << i));
        Some(Stack(bits))
    }

    /// Number of distinct stacks, empty included: the range of [`Stack::code`].
    pub const CODES: usize = 64;

    /// A number in `1..64` naming this stack (1 = empty), for tables indexed by stack.
    pub const fn code(self) -> usize {
        self.0 as usize
    }

    /// The stack named by `code` ([`Stack::code`]); `None` outside `1..64`.
    pub const fn from_code(code: usize) -> Option<Stack> {
        if code >= 1 && code < Self::CODES {
            Some(Stack(code as u8))
        } else {
            None
        }
    }

    /// Number of pieces, 0 to 5.
    pub const fn height(self) -> usize {
        7 - self.0.leading_zeros() as usize
    }

    /// True for an empty square.
    pub const fn is_empty(self) -> bool {
        self.0 == 1
    }

    /// The colour of the top piece, which controls the stack; `None` when empty.
    pub const fn top(self) -> Option<Color> {
        match self.height() {
            0 => None,
            h => Some(Self::color_bit(self.0 >> (h - 1))),
        }
    }

    /// The `i`-th piece from the bottom (0-based), if the stack is that high.
    pub const fn piece(self, i: usize) -> Option<Color> {
        if i < self.height() {
            Some(Self::color_bit(self.0 >> i))
        } else {
            None
        }
    }

    /// The pieces bottom to top.
    pub fn pieces(self) -> impl DoubleEndedIterator<Item = Color> + ExactSizeIterator {
        (0..self.height()).map(move |i| Self::color_bit(self.0 >> i))
    }

    /// How many pieces of `color` the stack holds.
    pub const fn count(self, color: Color) -> usize {
        let black = (self.0 & !(1 << self.height())).count_ones() as usize;
        match color {
            Color::Black => black,
            Color::White => self.height() - black,
        }
    }

    /// The same stack with every piece's colour exchanged (used by the mirror rule).
    pub const fn swap_colors(self) -> Stack {
        let h = self.height();
        Stack(self.0 ^ ((1 << h) - 1))
    }

    const fn color_bit(bits: u8) -> Color {
        if bits & 1 == 1 {
            Color::Black
        } else {
            Color::White
        }
    }

    /// Splits off the top `count` pieces: `(left behind, moving)`. `count` must be
    /// `1..=height`.
    pub(crate) const fn split(self, count: usize) -> (Stack, Stack) {
        let stay = self.height() - count;
        let low = self.0 & ((1 << stay) - 1);
        (Stack(low | (1 << stay)), Stack(self.0 >> stay))
    }

    /// Puts `moving` on top of `self`, then trims the result to five from the bottom.
    pub(crate) const fn land(self, moving: Stack) -> (Stack, Trimmed) {
        let below = self.height();
        let total = below + moving.height();
        // Up to ten pieces plus the marker: needs 11 bits.
        let combined = (self.0 as u16 ^ (1 << below)) | ((moving.0 as u16) << below);
        if total <= Self::MAX_HEIGHT {
            return (Stack(combined as u8), Trimmed { white: 0, black: 0 });
        }
        let excess = total - Self::MAX_HEIGHT;
        let black = (combined & ((1 << excess) - 1)).count_ones() as u8;
        (
            Stack((combined >> excess) as u8),
            Trimmed {
                white: excess as u8 - black,
                black,
            },
        )
    }
}

impl Default for Stack {
    fn default() -> Stack {
        Stack::EMPTY
    }
}

impl fmt::Display for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str(".");
        }
        self.pieces().try_for_each(|c| write!(f, "{}", c.char()))
    }
}

impl fmt::Debug for Stack {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Stack({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Black as B, White as W};

    fn stack(s: &str) -> Stack {
        let pieces: Vec<Color> = s.chars().map(|c| Color::from_char(c).unwrap()).collect();
        Stack::from_pieces(&pieces).unwrap()
    }

    #[test]
    fn reads_bottom_to_top() {
        let s = stack("wbww");
        assert_eq!(s.height(), 4);
        assert_eq!(s.top(), Some(W));
        assert_eq!(s.pieces().collect::<Vec<_>>(), vec![W, B, W, W]);
        assert_eq!((s.count(W), s.count(B)), (3, 1));
        assert_eq!(s.to_string(), "wbww");
        assert_eq!(Stack::EMPTY.to_string(), ".");
        assert_eq!(Stack::EMPTY.top(), None);
        assert_eq!(stack("bwbww").swap_colors().to_string(), "wbwbb");
        assert!(Stack::from_pieces(&[W; 6]).is_none());
    }

    #[test]
    fn split_and_jump_example() {
        // focus-rules.md, "Split and jump": c3 = wbww moves 3 onto f3 = b.
        let (stay, moving) = stack("wbww").split(3);
        assert_eq!(
            (stay.to_string(), moving.to_string()),
            ("w".into(), "bww".into())
        );
        let (landed, trimmed) = stack("b").land(moving);
        assert_eq!(landed.to_string(), "bbww");
        assert_eq!(trimmed, Trimmed::default());
    }

    #[test]
    fn five_on_five_removes_all_five() {
        let (landed, trimmed) = stack("wbbwb").land(stack("bwbww"));
        assert_eq!(landed.to_string(), "bwbww");
        assert_eq!(trimmed, Trimmed { white: 2, black: 3 });
        let (landed, trimmed) = stack("wbww").land(stack("bb"));
        assert_eq!(landed.to_string(), "bwwbb");
        assert_eq!(trimmed, Trimmed { white: 1, black: 0 });
    }
}
