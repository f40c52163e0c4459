//! The static evaluation: a weighted sum of features of the position.
// Longer than 400 lines: the fifteen features of the evaluation in one pass and their incremental
// evaluator; 110 lines are unit tests.
//!
//! Every feature is counted for both players and enters as "side to move minus opponent",
//! except the two capture threats and the tempo, which belong to one side. The weights
//! ([`Weights::TUNED`]) come from logistic (Texel) tuning on positions of self-play games
//! (`focus-bot tune`, [`super::tune`]).

use crate::rules::{Color, Move, Position, Stack};

use super::lines::{BLACK_PIECES, REACH, threats};

use super::score::{MAX_EVAL, Value};

/// The features, in the order of [`Weights`]; their names are [`FEATURE_NAMES`].
pub const FEATURES: usize = 15;

/// A short name for each feature, as the tuner prints it.
pub const FEATURE_NAMES: [&str; FEATURES] = [
    "reserve",
    "captured",
    "control_h1",
    "control_h2",
    "control_h3",
    "control_h4",
    "control_h5",
    "under_own",
    "buried",
    "mobility",
    "no_reserve",
    "danger",
    "threat_to_move",
    "threat_waiting",
    "tempo",
];

/// Feature vector of one position, from the side to move's point of view.
pub type Features = [i32; FEATURES];

/// Integer weights of the features, one per entry of [`FEATURE_NAMES`]; the evaluation is
/// their dot product with [`features`], in hundredths of a reserve piece.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Weights(pub [i32; FEATURES]);

impl Weights {
    /// Hand-set weights, the tuner's starting point.
    pub const HAND: Weights = Weights([
        100, // reserve: a piece that can be dropped anywhere
        90,  // captured: an enemy piece out of the game
        30, 45, 60, 70, 80,  // control of a stack of height 1..5
        15,  // own pieces under own tops
        -30, // own pieces under enemy tops
        3,   // mobility: steps available
        -40, // no reserve
        -80, // danger: at most two stacks and no reserve
        60,  // the best capture of the side to move
        -25, // the best capture the opponent threatens
        10,  // tempo
    ]);

    /// Weights tuned by `focus-bot tune --games 700 --nodes 1500 --noise 15 --seed 11`
    /// from [`Weights::HAND`] (44,321 positions; error 0.1185 -> 0.1088); the engine's default.
    pub const TUNED: Weights = Weights([
        237,  // reserve
        137,  // captured
        -22,  // control_h1
        17,   // control_h2
        49,   // control_h3
        104,  // control_h4
        75,   // control_h5
        14,   // under_own
        -27,  // buried
        1,    // mobility
        65,   // no_reserve
        -141, // danger
        112,  // threat_to_move
        -54,  // threat_waiting
        10,   // tempo
    ]);
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// The features of `pos` (see [`FEATURE_NAMES`]), side to move minus opponent.
pub fn features(pos: &Position) -> Features {
    features_and_threats(pos).0
}

/// [`features`], and whether the side to move has a capture.
#[inline]
pub fn features_and_threats(pos: &Position) -> (Features, bool) {
    let mut f = [0i32; FEATURES];
    let side = pos.side_to_move();
    let mut control = [[0i32; 6]; 2];
    let mut under_own = [0i32; 2];
    let mut buried = [0i32; 2];
    let mut mobility = [0i32; 2];
    // The squares of each height are gathered on the way (as `Board::new` would) for the
    // threats; the piece counts come from a table, as the default target has no popcount.
    let mut exact = [0u64; 6];
    for color in Color::ALL {
        let c = color.index();
        let mut bits = pos.controlled_mask(color);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let stack = pos.board[i];
            let h = stack.height();
            exact[h] |= 1 << i;
            control[c][h] += 1;
            let black = BLACK_PIECES[stack.code()] as i32;
            let own = match color {
                Color::White => h as i32 - black,
                Color::Black => black,
            };
            under_own[c] += own - 1;
            buried[1 - c] += h as i32 - own;
            mobility[c] += REACH[i][h] as i32;
        }
    }
    let mut at_least = [0u64; 6];
    let mut acc = 0;
    for j in (1..6).rev() {
        acc |= exact[j];
        at_least[j] = acc;
    }
    let threat = threats(pos, &at_least);
    let (us, them) = (side.index(), (!side).index());
    let per_side = |c: usize| -> [i32; 12] {
        let color = Color::ALL[c];
        let reserve = pos.reserve(color) as i32;
        let stacks: i32 = control[c].iter().sum();
        [
            reserve,
            pos.captured_by(color) as i32,
            control[c][1],
            control[c][2],
            control[c][3],
            control[c][4],
            control[c][5],
            under_own[c],
            buried[c],
            mobility[c],
            (reserve == 0) as i32,
            (reserve == 0 && stacks <= 2) as i32,
        ]
    };
    let (a, b) = (per_side(us), per_side(them));
    for i in 0..12 {
        f[i] = a[i] - b[i];
    }
    f[12] = threat[us] as i32;
    f[13] = threat[them] as i32;
    f[14] = 1;
    (f, threat[us] > 0)
}

/// The evaluation of `pos` for the side to move under `weights`, within ±[`MAX_EVAL`].
pub fn evaluate(pos: &Position, weights: &Weights) -> Value {
    evaluate_and_threats(pos, weights).0
}

/// [`evaluate`], and whether the side to move has a capture (the quiescence search's cue).
#[inline]
pub fn evaluate_and_threats(pos: &Position, weights: &Weights) -> (Value, bool) {
    let (f, capture) = features_and_threats(pos);
    let v: i32 = f.iter().zip(weights.0.iter()).map(|(x, w)| x * w).sum();
    (v.clamp(-MAX_EVAL + 1, MAX_EVAL - 1), capture)
}

/// The evaluation with its weights folded into tables: the search's fast path, equal to
/// [`evaluate_and_threats`] for the same weights.
///
/// Every feature but the threats, the reserve and capture counts is a sum over stacks, and a
/// stack's share depends only on its square and its pieces, so the weighted share of each
/// (square, stack) is computed once here and the board costs one table look-up per occupied
/// square. The dot product is linear, so the regrouped sum is the same integer.
pub struct Evaluator {
    weights: Weights,
    /// `square[i][code]`: the weighted share of the stack `code` on square index `i`, White's
    /// features minus Black's; 0 for the empty stack.
    square: Box<[[i32; Stack::CODES]; 64]>,
}

impl Evaluator {
    /// The tables for `weights`.
    pub fn new(weights: Weights) -> Evaluator {
        let w = &weights.0;
        let mut square = Box::new([[0i32; Stack::CODES]; 64]);
        for (i, row) in square.iter_mut().enumerate() {
            for (code, share) in row.iter_mut().enumerate() {
                let Some(stack) = Stack::from_code(code) else {
                    continue;
                };
                let Some(owner) = stack.top() else {
                    continue;
                };
                let h = stack.height();
                let own = stack.count(owner) as i32;
                // control_h, under_own and mobility for the owner; buried for the other side.
                let owner_share = w[1 + h] + w[7] * (own - 1) + w[9] * REACH[i][h] as i32
                    - w[8] * (h as i32 - own);
                *share = match owner {
                    Color::White => owner_share,
                    Color::Black => -owner_share,
                };
            }
        }
        Evaluator { weights, square }
    }

    /// The weights evaluated with.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// [`evaluate_and_threats`] of `pos` under [`Evaluator::weights`].
    #[inline]
    pub fn evaluate_and_threats(&self, pos: &Position) -> (Value, bool) {
        self.evaluate_with(pos, &self.sums(pos))
    }

    /// The board sums of `pos`, read from every occupied square.
    pub fn sums(&self, pos: &Position) -> Sums {
        let mut score = 0i32;
        let mut exact = [0u64; 6];
        let mut bits = pos.controlled[0] | pos.controlled[1];
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let stack = pos.board[i];
            score += self.square[i][stack.code()];
            exact[stack.height()] |= 1 << i;
        }
        let mut at_least = [0u64; 6];
        let mut acc = 0;
        for j in (1..6).rev() {
            acc |= exact[j];
            at_least[j] = acc;
        }
        Sums { score, at_least }
    }

    /// The sums of `after`, reached by playing `mv` in `before` whose sums are `sums`: only
    /// the squares `mv` touched are read again, as [`super::zobrist::Zobrist::after`] does
    /// for keys. Equal to [`Evaluator::sums`]`(after)`.
    #[inline]
    pub fn sums_after(&self, sums: &Sums, before: &Position, after: &Position, mv: Move) -> Sums {
        let mut out = *sums;
        let mut touch = |i: usize| {
            let (old, new) = (before.board[i], after.board[i]);
            out.score += self.square[i][new.code()] - self.square[i][old.code()];
            let (bit, h) = (1u64 << i, new.height());
            for (j, mask) in out.at_least.iter_mut().enumerate().skip(1) {
                *mask = (*mask & !bit) | (((h >= j) as u64) << i);
            }
        };
        match mv {
            Move::Step { from, to } => {
                touch(from.index());
                touch(to.index());
            }
            Move::Drop { to } => touch(to.index()),
            Move::Swap { a, b } => {
                touch(a.index());
                touch(b.index());
            }
        }
        out
    }

    /// [`Evaluator::evaluate_and_threats`] of `pos` whose board sums are `sums`.
    #[inline]
    pub fn evaluate_with(&self, pos: &Position, sums: &Sums) -> (Value, bool) {
        let w = &self.weights.0;
        let per_side = |c: usize| -> i32 {
            let reserve = pos.reserve[c] as i32;
            // At most two stacks: clearing the two lowest bits leaves nothing.
            let m = pos.controlled[c];
            let m = m & m.wrapping_sub(1);
            let few = m & m.wrapping_sub(1) == 0;
            w[0] * reserve
                + w[1] * pos.captured[c] as i32
                + w[10] * (reserve == 0) as i32
                + w[11] * (reserve == 0 && few) as i32
        };
        let white = sums.score + per_side(0) - per_side(1);
        let threat = threats(pos, &sums.at_least);
        let (us, them) = (pos.side.index(), (!pos.side).index());
        let v = match pos.side {
            Color::White => white,
            Color::Black => -white,
        } + w[12] * threat[us] as i32
            + w[13] * threat[them] as i32
            + w[14];
        (v.clamp(-MAX_EVAL + 1, MAX_EVAL - 1), threat[us] > 0)
    }
}

/// What the evaluation keeps of the board between a position and the next, like a Zobrist
/// key: the weighted sum of every stack's share ([`Evaluator`]) and the squares of each
/// height, which the capture threats need.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Sums {
    /// The stacks' weighted shares, White minus Black.
    score: i32,
    /// `at_least[j]`: the squares holding `j` or more pieces, as [`super::lines::Board`].
    pub at_least: [u64; 6],
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_even_but_for_the_tempo() {
        let f = features(&Position::start());
        assert_eq!(f[..14], [0; 14]);
        assert_eq!(
            evaluate(&Position::start(), &Weights::HAND),
            Weights::HAND.0[14]
        );
    }

    #[test]
    fn counts_control_burial_and_threats() {
        // White: c3 = bwbww (5 high) may land 5 on the 5-stack h3 = wbbwb: captures its bottom
        // five's three black pieces. Black controls h3 (top b).
        let pos: Position = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,bwbww,.,.,.,.,wbbwb/.,.,.,.,.,./.,.,.,. w 0 0 13 13"
            .parse()
            .unwrap();
        let f = features(&pos);
        assert_eq!(f[6], 0, "one 5-stack each");
        assert_eq!(f[7], 2 - 2, "two own pieces under each top");
        assert_eq!(f[8], 2 - 2, "two pieces each under the enemy");
        assert_eq!(f[12], 3, "White to move captures three");
        assert_eq!(f[13], 3, "Black threatens three (h3 onto c3)");
        assert_eq!(f[10], 0);
        assert_eq!(f[11], 0, "both in danger");
    }

    #[test]
    fn the_evaluator_equals_the_weighted_features() {
        let mut rng = super::super::rng::Rng::new(17);
        let mut random = [0i32; FEATURES];
        for w in &mut random {
            *w = rng.below(601) as i32 - 300;
        }
        let weights = [Weights::HAND, Weights::TUNED, Weights(random)];
        let evaluators = weights.map(Evaluator::new);
        for rules in crate::rules::Rules::ALL {
            for _ in 0..20 {
                let mut pos = Position::start().with_rules(rules);
                for _ in 0..150 {
                    for (w, e) in weights.iter().zip(&evaluators) {
                        assert_eq!(
                            e.evaluate_and_threats(&pos),
                            evaluate_and_threats(&pos, w),
                            "{pos}"
                        );
                    }
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mv = moves[rng.below(moves.len())];
                    let mut next = pos;
                    next.play_unchecked(mv);
                    for e in &evaluators {
                        assert_eq!(e.sums_after(&e.sums(&pos), &pos, &next, mv), e.sums(&next));
                    }
                    pos = next;
                }
            }
        }
    }

    #[test]
    fn symmetric_positions_cancel() {
        let mut rng = super::super::rng::Rng::new(5);
        let mut pos = Position::start();
        for _ in 0..30 {
            let moves = pos.legal_moves();
            pos.play_unchecked(moves[rng.below(moves.len())]);
        }
        // The colour-swapped, turned board with the other side to move evaluates the same.
        let fpn = pos.to_string();
        let (board, rest) = fpn.split_once(' ').unwrap();
        let fields: Vec<&str> = rest.split(' ').collect();
        let swapped: String = board
            .chars()
            .rev()
            .map(|c| match c {
                'w' => 'b',
                'b' => 'w',
                c => c,
            })
            .collect();
        // Reversing the whole text reverses each stack too; stacks read bottom to top.
        let swapped: Vec<String> = swapped
            .split('/')
            .map(|rank| {
                rank.split(',')
                    .map(|s| s.chars().rev().collect::<String>())
                    .collect::<Vec<_>>()
                    .join(",")
            })
            .collect();
        let side = if fields[0] == "w" { "b" } else { "w" };
        let text = format!(
            "{} {side} {} {} {} {}",
            swapped.join("/"),
            fields[2],
            fields[1],
            fields[4],
            fields[3]
        );
        let mirror: Position = text.parse().unwrap();
        assert_eq!(features(&mirror), features(&pos));
    }
}
