//! Board geometry as masks, and the capture generator built on them.
//!
//! A stack of height `h` on `s` reaches, for each `k` in `1..=h`, the (up to four) squares
//! exactly `k` away along its rank and file: [`RING`]`[s][k - 1]`. A landing of `k` pieces
//! trims a target of height `t` when `t + k > 5`, so with masks of the squares at least a given
//! height the trimming targets are a few AND operations away.

use crate::rules::{Color, Direction, Move, MoveList, Position, Square, Stack};

/// `RING[sq][k - 1]`: the squares exactly `k` (1 to 5) steps from `sq` along its rank or file.
pub static RING: [[u64; 5]; 64] = {
    let mut t = [[0u64; 5]; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(sq) = Square::from_index(i) {
            let mut d = 0;
            while d < 4 {
                let mut k = 0;
                while k < 5 {
                    if let Some(to) = sq.offset(Direction::ALL[d], k as u8 + 1) {
                        t[i][k] |= to.bit();
                    }
                    k += 1;
                }
                d += 1;
            }
        }
        i += 1;
    }
    t
};

/// `REACH[sq][h]`: how many steps a stack of height `h` on `sq` has.
pub static REACH: [[u8; 6]; 64] = {
    let mut r = [[0u8; 6]; 64];
    let mut i = 0;
    while i < 64 {
        let mut h = 1;
        while h <= 5 {
            let mut n = 0;
            let mut k = 0;
            while k < h {
                n += RING[i][k].count_ones();
                k += 1;
            }
            r[i][h] = n as u8;
            h += 1;
        }
        i += 1;
    }
    r
};

/// `BLACK_PIECES[code]`: the black pieces of the stack `code` ([`Stack::count`] as a table).
pub static BLACK_PIECES: [u8; Stack::CODES] = {
    let mut t = [0u8; Stack::CODES];
    let mut code = 1;
    while code < Stack::CODES {
        let height = 7 - (code as u8).leading_zeros();
        t[code] = ((code as u32) & ((1 << height) - 1)).count_ones() as u8;
        code += 1;
    }
    t
};

/// `BOTTOM_BLACK[code][e]`: black pieces among the bottom `e` pieces of the stack `code`.
static BOTTOM_BLACK: [[u8; 6]; Stack::CODES] = {
    let mut t = [[0u8; 6]; Stack::CODES];
    let mut code = 1;
    while code < Stack::CODES {
        let height = 7 - (code as u8).leading_zeros() as usize;
        let mut e = 1;
        while e <= 5 {
            let n = if e < height { e } else { height };
            t[code][e] = ((code as u32) & ((1 << n) - 1)).count_ones() as u8;
            e += 1;
        }
        code += 1;
    }
    t
};

/// Enemy pieces of `mover` that a landing of `count` pieces on `target` trims off (captures).
#[inline]
pub fn captures_by_landing(target: Stack, count: usize, mover: Color) -> u32 {
    let total = target.height() + count;
    if total <= Stack::MAX_HEIGHT {
        return 0;
    }
    let excess = total - Stack::MAX_HEIGHT;
    let black = BOTTOM_BLACK[target.code()][excess] as u32;
    match mover {
        Color::White => black,
        Color::Black => excess as u32 - black,
    }
}

/// The board read once: every square's stack and, per height, the squares at least that high.
pub struct Board {
    /// Stacks by square index; empty off the board.
    pub stacks: [Stack; 64],
    /// `at_least[j]`: squares holding `j` or more pieces (`at_least[0]` unused).
    pub at_least: [u64; 6],
}

impl Board {
    /// Reads `pos`.
    #[inline]
    pub fn new(pos: &Position) -> Board {
        let mut stacks = [Stack::EMPTY; 64];
        let mut exact = [0u64; 6];
        let mut bits = pos.controlled_mask(Color::White) | pos.controlled_mask(Color::Black);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let s = pos.stack(Square::from_index(i).expect("occupied squares exist"));
            stacks[i] = s;
            exact[s.height()] |= 1 << i;
        }
        let mut at_least = [0u64; 6];
        let mut acc = 0;
        for j in (1..6).rev() {
            acc |= exact[j];
            at_least[j] = acc;
        }
        Board { stacks, at_least }
    }

    /// The squares a stack of height `h` on square index `i` could land on and trim.
    #[inline]
    pub fn trim_targets(&self, i: usize, h: usize, k: usize) -> u64 {
        debug_assert!(k >= 1 && k <= h);
        RING[i][k - 1] & self.at_least[Stack::MAX_HEIGHT + 1 - k]
    }

    /// The most enemy pieces one move of `color`'s stacks (not drops) captures.
    #[inline]
    pub fn best_capture(&self, i: usize, color: Color) -> u32 {
        let h = self.stacks[i].height();
        let mut best = 0;
        for k in 1..=h {
            let mut t = self.trim_targets(i, h, k);
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                best = best.max(captures_by_landing(self.stacks[j], k, color));
            }
        }
        best
    }
}

/// `NO_WRAP_EAST[k]`: the squares of files `k` and above, where a shift of a board mask by `k`
/// towards file h may land without wrapping round from the rank below.
static NO_WRAP_EAST: [u64; 6] = {
    let mut t = [0u64; 6];
    let mut k = 0;
    while k < 6 {
        let mut i = 0;
        while i < 64 {
            if i % 8 >= k {
                t[k] |= 1 << i;
            }
            i += 1;
        }
        k += 1;
    }
    t
};

/// `NO_WRAP_WEST[k]`: files `7 - k` and below, the mirror image of [`NO_WRAP_EAST`] (a table,
/// because reversing the bits at run time costs a dozen instructions).
static NO_WRAP_WEST: [u64; 6] = {
    let mut t = [0u64; 6];
    let mut k = 0;
    while k < 6 {
        t[k] = NO_WRAP_EAST[k].reverse_bits();
        k += 1;
    }
    t
};

/// The squares exactly `k` steps along a rank or file from any square of `from`: the union
/// of [`RING`]`[s][k - 1]` over `s` in `from`, on the board or not. Four shifts instead of a
/// loop over the squares; callers mask the result with occupied squares, which exist.
#[inline]
pub fn ring_of(from: u64, k: usize) -> u64 {
    // Towards file h, file a, rank 8, rank 1.
    ((from << k) & NO_WRAP_EAST[k])
        | ((from >> k) & NO_WRAP_WEST[k])
        | (from << (8 * k))
        | (from >> (8 * k))
}

/// Per colour (by [`Color::index`]), the most enemy pieces one move of that colour captures
/// when it were its turn: [`Board::best_capture`] over its stacks, or 1 when that is 0 and a
/// drop from its reserve onto a 5-stack would capture. `at_least` is [`Board::at_least`].
///
/// Works by landing distance rather than by stack: the squares that the colour's stacks of
/// height `k` or more reach at distance `k` are a few shifts of one mask, so only the landings
/// that trim are looked at one by one. The same landings as the stack-by-stack loop, so the
/// same maximum.
#[inline]
pub fn threats(pos: &Position, at_least: &[u64; 6]) -> [u32; 2] {
    let mut out = [0u32; 2];
    for color in Color::ALL {
        let c = color.index();
        let own = pos.controlled[c];
        let mut best = 0;
        for k in 1..=Stack::MAX_HEIGHT {
            let from = own & at_least[k];
            if from == 0 {
                break; // `at_least` shrinks with height: no taller stacks either
            }
            let mut t = ring_of(from, k) & at_least[Stack::MAX_HEIGHT + 1 - k];
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                best = best.max(captures_by_landing(pos.board[j], k, color));
            }
        }
        // A drop on a 5-stack with an enemy piece at the bottom captures it.
        if best == 0 && pos.reserve[c] > 0 {
            let mut t = at_least[Stack::MAX_HEIGHT];
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                if captures_by_landing(pos.board[j], 1, color) > 0 {
                    best = 1;
                    break;
                }
            }
        }
        out[c] = best;
    }
    out
}

/// The moves of the side to move that capture at least one enemy piece, with the count.
pub fn capture_moves(
    pos: &Position,
    out: &mut arrayvec::ArrayVec<(u32, Move), { crate::rules::MAX_MOVES }>,
) {
    capture_moves_with(pos, &Board::new(pos).at_least, out);
}

/// [`capture_moves`] with the squares of each height already known (`at_least` as
/// [`Board::at_least`]): the quiescence search has them from the evaluation.
#[inline]
pub fn capture_moves_with(
    pos: &Position,
    at_least: &[u64; 6],
    out: &mut arrayvec::ArrayVec<(u32, Move), { crate::rules::MAX_MOVES }>,
) {
    if pos.is_swap_turn() || pos.outcome().is_over() {
        return;
    }
    let side = pos.side_to_move();
    let mut bits = pos.controlled_mask(side);
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let h = pos.board[i].height();
        for k in 1..=h {
            let mut t = RING[i][k - 1] & at_least[Stack::MAX_HEIGHT + 1 - k];
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                let c = captures_by_landing(pos.board[j], k, side);
                if c > 0 {
                    let from = Square::from_index(i).expect("a controlled square");
                    let to = Square::from_index(j).expect("a ring square");
                    out.push((c, Move::Step { from, to }));
                }
            }
        }
    }
    if pos.reserve(side) > 0 {
        let mut t = at_least[Stack::MAX_HEIGHT];
        while t != 0 {
            let j = t.trailing_zeros() as usize;
            t &= t - 1;
            let c = captures_by_landing(pos.board[j], 1, side);
            if c > 0 {
                let to = Square::from_index(j).expect("an occupied square");
                out.push((c, Move::Drop { to }));
            }
        }
    }
}

/// Just the legal moves of `pos` that capture, as a [`MoveList`] (for tests and tools).
pub fn captures_list(pos: &Position) -> MoveList {
    let mut caps = arrayvec::ArrayVec::new();
    capture_moves(pos, &mut caps);
    caps.into_iter().map(|(_, m)| m).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::rng::Rng;
    use crate::rules::Rules;

    #[test]
    fn ring_of_is_the_union_of_rings() {
        for sq in Square::ALL {
            let i = sq.index();
            for k in 1..=5 {
                let got = ring_of(1 << i, k) & crate::rules::BOARD_MASK;
                assert_eq!(got, RING[i][k - 1], "{sq} {k}");
            }
        }
    }

    /// [`threats`] by distance equals the stack-by-stack maximum of [`Board::best_capture`].
    #[test]
    fn threats_equal_the_best_capture_of_each_stack() {
        let mut rng = Rng::new(23);
        for rules in Rules::ALL {
            for _ in 0..20 {
                let mut pos = Position::start().with_rules(rules);
                for _ in 0..150 {
                    let board = Board::new(&pos);
                    let mut want = [0u32; 2];
                    for color in Color::ALL {
                        let c = color.index();
                        for sq in pos.controlled(color) {
                            want[c] = want[c].max(board.best_capture(sq.index(), color));
                        }
                        if want[c] == 0 && pos.reserve(color) > 0 {
                            let mut t = board.at_least[Stack::MAX_HEIGHT];
                            while t != 0 {
                                let j = t.trailing_zeros() as usize;
                                t &= t - 1;
                                if captures_by_landing(board.stacks[j], 1, color) > 0 {
                                    want[c] = 1;
                                }
                            }
                        }
                    }
                    assert_eq!(threats(&pos, &board.at_least), want, "in {pos}");
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
    }

    #[test]
    fn black_pieces_counts_black_pieces() {
        for (code, &black) in BLACK_PIECES.iter().enumerate().skip(1) {
            let stack = Stack::from_code(code).unwrap();
            assert_eq!(black as usize, stack.count(Color::Black), "{stack}");
        }
    }

    #[test]
    fn reach_counts_steps() {
        let c3: Square = "c3".parse().unwrap();
        assert_eq!(REACH[c3.index()][1], 4);
        let b2: Square = "b2".parse().unwrap();
        assert_eq!(REACH[b2.index()][1], 2);
    }
}
