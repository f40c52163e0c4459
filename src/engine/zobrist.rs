//! Zobrist keys: a 64-bit hash of a position, kept up to date move by move.
//!
//! The key covers what decides the game from here on: every square's stack, the side to move,
//! both reserves, both capture counts (the mirror rule compares them) and whether White's turn
//! is the opening swap. Keys are XOR sums of fixed random words, so [`Zobrist::after`] updates
//! a key from the squares a move touched instead of reading all 52.

use crate::rules::{Color, Move, PIECES_PER_PLAYER, Position, Square, Stack};

use super::rng::Rng;

/// Random words: per square and stack code, per reserve and capture count, side and swap turn.
struct Keys {
    stacks: [[u64; Stack::CODES]; 64],
    reserve: [[u64; PIECES_PER_PLAYER + 1]; 2],
    captured: [[u64; PIECES_PER_PLAYER + 1]; 2],
    black_to_move: u64,
    swap_turn: u64,
}

static KEYS: Keys = {
    let mut rng = Rng::new(0x0F0C_u64 << 48 | 0x5ACC_5011);
    let mut stacks = [[0u64; Stack::CODES]; 64];
    let mut sq = 0;
    while sq < 64 {
        // Code 1 is the empty stack: key 0, so empty squares cost nothing.
        let mut code = 2;
        while code < Stack::CODES {
            stacks[sq][code] = rng.next_u64();
            code += 1;
        }
        sq += 1;
    }
    let mut reserve = [[0u64; PIECES_PER_PLAYER + 1]; 2];
    let mut captured = [[0u64; PIECES_PER_PLAYER + 1]; 2];
    let mut c = 0;
    while c < 2 {
        let mut n = 1;
        while n <= PIECES_PER_PLAYER {
            reserve[c][n] = rng.next_u64();
            captured[c][n] = rng.next_u64();
            n += 1;
        }
        c += 1;
    }
    Keys {
        stacks,
        reserve,
        captured,
        black_to_move: rng.next_u64(),
        swap_turn: rng.next_u64(),
    }
};

/// Computing and updating position keys.
pub struct Zobrist;

impl Zobrist {
    /// The key of `pos`, read from every square (about 52 table look-ups).
    pub fn key(pos: &Position) -> u64 {
        let mut key = Self::counts(pos);
        for sq in Square::ALL {
            key ^= KEYS.stacks[sq.index()][pos.stack(sq).code()];
        }
        key
    }

    /// The key of `after`, the position reached by playing `mv` in `before` (whose key is
    /// `key`): only the squares `mv` touched are read again. Equal to
    /// [`Zobrist::key`]`(after)`.
    pub fn after(key: u64, before: &Position, after: &Position, mv: Move) -> u64 {
        let mut key = key ^ Self::counts(before) ^ Self::counts(after);
        let mut touch = |sq: Square| {
            key ^= KEYS.stacks[sq.index()][before.stack(sq).code()]
                ^ KEYS.stacks[sq.index()][after.stack(sq).code()];
        };
        match mv {
            Move::Step { from, to } => {
                touch(from);
                touch(to);
            }
            Move::Drop { to } => touch(to),
            Move::Swap { a, b } => {
                touch(a);
                touch(b);
            }
        }
        key
    }

    /// The key of `passed`, `before` with the other side to move ([`Position::passed`]), whose
    /// key is `key`: the board is the same, so only the counts part is read again. Equal to
    /// [`Zobrist::key`]`(passed)`.
    pub fn after_pass(key: u64, before: &Position, passed: &Position) -> u64 {
        key ^ Self::counts(before) ^ Self::counts(passed)
    }

    /// The part of the key outside the board: side, swap turn, reserves, captures.
    fn counts(pos: &Position) -> u64 {
        let mut key = 0;
        if pos.side_to_move() == Color::Black {
            key ^= KEYS.black_to_move;
        }
        if pos.ply() == 0 && pos.rules().opening_swap && pos.is_swap_turn() {
            key ^= KEYS.swap_turn;
        }
        for c in Color::ALL {
            let i = c.index();
            key ^= KEYS.reserve[i][pos.reserve(c).min(PIECES_PER_PLAYER)];
            key ^= KEYS.captured[i][pos.captured_by(c).min(PIECES_PER_PLAYER)];
        }
        key
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn incremental_key_equals_full_key_over_random_games() {
        let mut rng = Rng::new(11);
        for rules in Rules::ALL {
            for _ in 0..20 {
                let mut pos = Position::start().with_rules(rules);
                let mut key = Zobrist::key(&pos);
                for _ in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    let mut next = pos;
                    next.play_unchecked(mv);
                    key = Zobrist::after(key, &pos, &next, mv);
                    assert_eq!(key, Zobrist::key(&next), "after {mv} in {pos}");
                    let passed = next.passed();
                    assert_eq!(
                        Zobrist::after_pass(key, &next, &passed),
                        Zobrist::key(&passed)
                    );
                    pos = next;
                }
            }
        }
    }

    #[test]
    fn side_to_move_and_stacks_change_the_key() {
        let start = Position::start();
        let black: Position = start.to_string().replace(" w ", " b ").parse().unwrap();
        assert_ne!(Zobrist::key(&start), Zobrist::key(&black));
        let mut moved = start;
        moved.play("c4-d4".parse().unwrap()).unwrap();
        assert_ne!(Zobrist::key(&start), Zobrist::key(&moved));
    }
}
