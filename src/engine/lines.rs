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

/// The moves of the side to move that capture at least one enemy piece, with the count.
pub fn capture_moves(
    pos: &Position,
    out: &mut arrayvec::ArrayVec<(u32, Move), { crate::rules::MAX_MOVES }>,
) {
    if pos.is_swap_turn() || pos.outcome().is_over() {
        return;
    }
    let side = pos.side_to_move();
    let board = Board::new(pos);
    let mut bits = pos.controlled_mask(side);
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        let h = board.stacks[i].height();
        for k in 1..=h {
            let mut t = board.trim_targets(i, h, k);
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                let c = captures_by_landing(board.stacks[j], k, side);
                if c > 0 {
                    let from = Square::from_index(i).expect("a controlled square");
                    let to = Square::from_index(j).expect("a ring square");
                    out.push((c, Move::Step { from, to }));
                }
            }
        }
    }
    if pos.reserve(side) > 0 {
        let mut t = board.at_least[Stack::MAX_HEIGHT];
        while t != 0 {
            let j = t.trailing_zeros() as usize;
            t &= t - 1;
            let c = captures_by_landing(board.stacks[j], 1, side);
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
    use crate::engine::ordering::captures;
    use crate::engine::rng::Rng;
    use crate::rules::Rules;

    #[test]
    fn capture_generator_agrees_with_legal_moves() {
        let mut rng = Rng::new(21);
        for rules in Rules::ALL {
            for _ in 0..10 {
                let mut pos = Position::start().with_rules(rules);
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mut want: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|&m| captures(&pos, m) > 0)
                        .collect();
                    let mut got: Vec<Move> = captures_list(&pos).to_vec();
                    want.sort_by_key(|m| m.to_string());
                    got.sort_by_key(|m| m.to_string());
                    assert_eq!(got, want, "in {pos}");
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
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
