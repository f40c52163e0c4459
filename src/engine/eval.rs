//! The static evaluation: a weighted sum of features of the position.
//!
//! Every feature is counted for both players and enters as "side to move minus opponent",
//! except the two capture threats and the tempo, which belong to one side. The weights
//! ([`Weights::TUNED`]) come from logistic (Texel) tuning on positions of self-play games
//! (`focus-bot tune`, [`super::tune`]).

use crate::rules::{Color, Position, Stack};

use super::lines::{Board, REACH, captures_by_landing};

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
    let mut threat = [0u32; 2];
    let board = Board::new(pos);
    let fives = board.at_least[Stack::MAX_HEIGHT];
    for color in Color::ALL {
        let c = color.index();
        let mut bits = pos.controlled_mask(color);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let stack = board.stacks[i];
            let h = stack.height();
            control[c][h] += 1;
            let own = stack.count(color) as i32;
            under_own[c] += own - 1;
            buried[1 - c] += h as i32 - own;
            mobility[c] += REACH[i][h] as i32;
            threat[c] = threat[c].max(board.best_capture(i, color));
        }
        // A drop on a 5-stack with an enemy piece at the bottom captures it.
        if threat[c] == 0 && pos.reserve(color) > 0 {
            let mut t = fives;
            while t != 0 {
                let j = t.trailing_zeros() as usize;
                t &= t - 1;
                if captures_by_landing(board.stacks[j], 1, color) > 0 {
                    threat[c] = 1;
                    break;
                }
            }
        }
    }
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
