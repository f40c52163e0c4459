//! The position: everything that decides what may happen next.

use super::square::square_unchecked;
use super::{Color, Direction, Move, Rules, Square, Stack};

/// A position of a game of Focus: the stacks on the 52 squares, the side to move, each player's
/// reserve and captures, the ply count, and the rules in force.
///
/// A small `Copy` value (under 100 bytes), so search and replay copy it freely. Text form: FPN
/// (`focus-rules.md`, "FPN"), through [`std::fmt::Display`] and [`std::str::FromStr`]; FPN does
/// not carry the rules or the ply, so a parsed position has classic rules and ply 0 until
/// [`Position::with_rules`] says otherwise.
///
/// Invariant, checked when parsing FPN and kept by [`Position::play`]: for each colour, pieces
/// on the board + its reserve + pieces captured by the opponent = 18.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Indexed by [`Square::index`]; the cut corners hold [`Stack::EMPTY`].
    pub(crate) board: [Stack; 64],
    /// Per colour, the squares whose top piece is that colour (bit = square index).
    pub(crate) controlled: [u64; 2],
    pub(crate) side: Color,
    pub(crate) reserve: [u8; 2],
    /// `captured[c]`: opponent pieces captured *by* colour `c`.
    pub(crate) captured: [u8; 2],
    pub(crate) ply: u16,
    pub(crate) rules: Rules,
    /// Set when Black's move left a mirror-symmetric position under [`Rules::mirror_loss`].
    pub(crate) mirror_loss: bool,
}

/// Each player's pieces: 18 (`focus-rules.md`, "Start").
pub const PIECES_PER_PLAYER: usize = 18;

impl Position {
    /// The standard start with classic rules: 18 single pieces each on the central 6×6 in
    /// same-colour pairs, White to move, reserves and captures 0.
    pub fn start() -> Position {
        const ROWS: [&str; 6] = ["wwbbww", "bbwwbb", "wwbbww", "bbwwbb", "wwbbww", "bbwwbb"];
        let mut pos = Position::empty(Color::White, Rules::CLASSIC);
        for (r, row) in ROWS.iter().enumerate() {
            for (f, c) in row.chars().enumerate() {
                let sq = Square::new(f as u8 + 1, r as u8 + 1).expect("central 6×6 exists");
                let color = Color::from_char(c).expect("w or b");
                pos.set_stack(sq, Stack::single(color));
            }
        }
        pos
    }

    /// An empty board with `side` to move; reserves, captures and ply 0. Not a legal game
    /// position until pieces are accounted for (used by the FPN reader).
    pub(crate) fn empty(side: Color, rules: Rules) -> Position {
        Position {
            board: [Stack::EMPTY; 64],
            controlled: [0; 2],
            side,
            reserve: [0; 2],
            captured: [0; 2],
            ply: 0,
            rules,
            mirror_loss: false,
        }
    }

    /// The same position played under `rules`.
    pub fn with_rules(mut self, rules: Rules) -> Position {
        self.rules = rules;
        self
    }

    /// The same position, counted as reached after `ply` plies of its game record (saturating
    /// at 65,535). FPN carries no ply, so a game stored as FPN is resumed with
    /// `Position::from_fpn(fpn, rules)?.with_ply(moves_played)`; the ply matters for the
    /// opening swap, which only ply 0 offers.
    pub fn with_ply(mut self, ply: usize) -> Position {
        self.ply = u16::try_from(ply).unwrap_or(u16::MAX);
        self
    }

    /// The rules in force.
    pub fn rules(&self) -> Rules {
        self.rules
    }

    /// The stack on `sq` (bottom to top).
    pub fn stack(&self, sq: Square) -> Stack {
        self.board[sq.index()]
    }

    /// Every square with its stack, a1 to h8 rank by rank, empty squares included.
    pub fn stacks(&self) -> impl Iterator<Item = (Square, Stack)> + '_ {
        Square::ALL.iter().map(|&sq| (sq, self.board[sq.index()]))
    }

    /// The squares whose top piece is `color`'s.
    pub fn controlled(&self, color: Color) -> impl Iterator<Item = Square> + use<> {
        let mut bits = self.controlled[color.index()];
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                square_unchecked(i)
            })
        })
    }

    /// The squares whose top piece is `color`'s as a board mask (bit = [`Square::index`]): the
    /// same set as [`Position::controlled`], for code that works on whole boards at once
    /// (the engine's evaluation).
    pub fn controlled_mask(&self, color: Color) -> u64 {
        self.controlled[color.index()]
    }

    /// The same position with the other player to move, one ply later, nothing else changed.
    /// Not a turn of Focus (a player may not pass): it is the "null move" a search plays to
    /// ask what the opponent could do if it were their turn. A finished position stays
    /// finished (the mirror-rule loss is kept).
    pub fn passed(mut self) -> Position {
        self.side = !self.side;
        self.ply = self.ply.saturating_add(1);
        self
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Pieces in `color`'s reserve, ready to drop.
    pub fn reserve(&self, color: Color) -> usize {
        self.reserve[color.index()] as usize
    }

    /// Opponent pieces captured by `color` (out of the game for good).
    pub fn captured_by(&self, color: Color) -> usize {
        self.captured[color.index()] as usize
    }

    /// Plies played since this position's game record began (0 at the start or at a parsed
    /// FPN).
    pub fn ply(&self) -> usize {
        self.ply as usize
    }

    /// Pieces of `color` on the board, buried or not.
    pub fn on_board(&self, color: Color) -> usize {
        self.stacks().map(|(_, s)| s.count(color)).sum()
    }

    /// True when White's next turn must be the opening swap: rules with
    /// [`Rules::opening_swap`], White to move, no ply played yet, and some swap possible.
    ///
    /// The last condition matters only for games started from a set-up position (FPN): where
    /// no two unlike single pieces are neighbours there is nothing to swap, and the rules note
    /// does not say White then loses, so White's first turn is an ordinary one.
    pub fn is_swap_turn(&self) -> bool {
        self.rules.opening_swap
            && self.side == Color::White
            && self.ply == 0
            && self.swaps().next().is_some()
    }

    /// The swaps of two orthogonally adjacent single pieces of different colours, each pair
    /// once with `a < b`, whether or not the rules allow one now.
    pub(crate) fn swaps(&self) -> impl Iterator<Item = Move> + '_ {
        Square::ALL.iter().flat_map(move |&a| {
            let sa = self.stack(a);
            // Right and up only, so each pair appears once.
            [Direction::Right, Direction::Up]
                .into_iter()
                .filter_map(move |dir| a.offset(dir, 1))
                .filter(move |&b| {
                    let sb = self.stack(b);
                    sa.height() == 1 && sb.height() == 1 && sa.top() != sb.top()
                })
                .map(move |b| Move::Swap { a, b })
        })
    }

    /// True when the position is its own image under a 180° turn with colours exchanged, with
    /// equal reserves and equal captures: the condition of the mirror rule
    /// (`focus-rules.md`, "Mirror loss").
    pub fn is_mirror_symmetric(&self) -> bool {
        // A 180° turn maps index i to 63 - i, which is bit reversal of a board mask.
        self.reserve[0] == self.reserve[1]
            && self.captured[0] == self.captured[1]
            && self.controlled[0] == self.controlled[1].reverse_bits()
            && Square::ALL.iter().all(|&sq| {
                self.board[sq.index()] == self.board[sq.rotate180().index()].swap_colors()
            })
    }

    /// Puts `stack` on `sq`, keeping the control masks in step.
    pub(crate) fn set_stack(&mut self, sq: Square, stack: Stack) {
        self.board[sq.index()] = stack;
        let bit = sq.bit();
        self.controlled[0] &= !bit;
        self.controlled[1] &= !bit;
        if let Some(top) = stack.top() {
            self.controlled[top.index()] |= bit;
        }
    }
}

impl Default for Position {
    /// The standard start, classic rules.
    fn default() -> Position {
        Position::start()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn controlled_mask_matches_controlled_squares() {
        let mut pos = Position::start();
        pos.play("c4-d4".parse().unwrap()).unwrap();
        for color in Color::ALL {
            let from_iter = pos.controlled(color).fold(0u64, |m, sq| m | sq.bit());
            assert_eq!(pos.controlled_mask(color), from_iter);
        }
        // c4's white single now tops d4: White still controls 18 stacks, Black 17.
        assert_eq!(pos.controlled_mask(Color::White).count_ones(), 18);
        assert_eq!(pos.controlled_mask(Color::Black).count_ones(), 17);
    }

    #[test]
    fn passed_changes_only_the_side_and_ply() {
        let start = Position::start();
        let passed = start.passed();
        assert_eq!(passed.side_to_move(), Color::Black);
        assert_eq!(passed.ply(), 1);
        assert_eq!(
            passed.stacks().collect::<Vec<_>>(),
            start.stacks().collect::<Vec<_>>()
        );
        assert_eq!(passed.passed().side_to_move(), Color::White);
    }
}
