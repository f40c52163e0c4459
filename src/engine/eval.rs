//! The static evaluation: a weighted sum of features of the position.
//!
//! Every feature is counted for both players and enters as "side to move minus opponent",
//! except the two capture threats and the tempo, which belong to one side. The weights
//! ([`Weights::TUNED`]) come from logistic (Texel) tuning on positions of self-play games
//! (`focus-bot tune`, [`super::tune`]).

use crate::rules::{Color, Direction, Position, Square, Stack};

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
        30, 45, 60, 70, 80, // control of a stack of height 1..5
        15,  // own pieces under own tops
        -30, // own pieces under enemy tops
        3,   // mobility: steps available
        -40, // no reserve
        -80, // danger: at most two stacks and no reserve
        60,  // the best capture of the side to move
        -25, // the best capture the opponent threatens
        10,  // tempo
    ]);

    /// Weights tuned by `focus-bot tune` (see the module docs); the engine's default.
    pub const TUNED: Weights = Weights::HAND;
}

impl Default for Weights {
    fn default() -> Weights {
        Weights::TUNED
    }
}

/// For each square and direction, the squares 1 to 5 steps away (`u8::MAX` off the board).
static TARGETS: [[[u8; 5]; 4]; 64] = {
    let mut t = [[[u8::MAX; 5]; 4]; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(sq) = Square::from_index(i) {
            let mut d = 0;
            while d < 4 {
                let mut k = 0;
                while k < 5 {
                    if let Some(to) = sq.offset(Direction::ALL[d], k as u8 + 1) {
                        t[i][d][k] = to.index() as u8;
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
static REACH: [[u8; 6]; 64] = {
    let mut r = [[0u8; 6]; 64];
    let mut i = 0;
    while i < 64 {
        let mut h = 1;
        while h <= 5 {
            let mut n = 0;
            let mut d = 0;
            while d < 4 {
                let mut k = 0;
                while k < h {
                    if TARGETS[i][d][k] != u8::MAX {
                        n += 1;
                    }
                    k += 1;
                }
                d += 1;
            }
            r[i][h] = n;
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

/// The features of `pos` (see [`FEATURE_NAMES`]), side to move minus opponent.
pub fn features(pos: &Position) -> Features {
    let mut f = [0i32; FEATURES];
    let side = pos.side_to_move();
    let mut control = [[0i32; 6]; 2];
    let mut under_own = [0i32; 2];
    let mut buried = [0i32; 2];
    let mut mobility = [0i32; 2];
    let mut threat = [0u32; 2];
    let mut five_bottom = [false; 2]; // a 5-stack with a piece of this colour at the bottom
    let mut board = [Stack::EMPTY; 64];
    let occupied = pos.controlled_mask(Color::White) | pos.controlled_mask(Color::Black);
    let mut bits = occupied;
    while bits != 0 {
        let i = bits.trailing_zeros() as usize;
        bits &= bits - 1;
        board[i] = pos.stack(Square::from_index(i).expect("occupied squares exist"));
    }
    for color in Color::ALL {
        let c = color.index();
        let mut bits = pos.controlled_mask(color);
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let stack = board[i];
            let h = stack.height();
            control[c][h] += 1;
            under_own[c] += stack.count(color) as i32 - 1;
            buried[1 - c] += stack.count(!color) as i32;
            mobility[c] += REACH[i][h] as i32;
            if h == Stack::MAX_HEIGHT {
                let bottom = stack.piece(0).expect("a 5-stack has a bottom");
                five_bottom[bottom.index()] = true;
            }
            let mut best = threat[c];
            for line in &TARGETS[i] {
                for (k, &to) in line[..h].iter().enumerate() {
                    if to == u8::MAX {
                        break;
                    }
                    let target = board[to as usize];
                    if target.height() + k + 1 > Stack::MAX_HEIGHT {
                        best = best.max(captures_by_landing(target, k + 1, color));
                    }
                }
            }
            threat[c] = best;
        }
    }
    for color in Color::ALL {
        let c = color.index();
        if pos.reserve(color) > 0 && five_bottom[1 - c] {
            threat[c] = threat[c].max(1);
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
    f
}

/// The evaluation of `pos` for the side to move under `weights`, within ±[`MAX_EVAL`].
pub fn evaluate(pos: &Position, weights: &Weights) -> Value {
    let f = features(pos);
    let v: i32 = f.iter().zip(weights.0.iter()).map(|(x, w)| x * w).sum();
    v.clamp(-MAX_EVAL + 1, MAX_EVAL - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn start_is_even_but_for_the_tempo() {
        let f = features(&Position::start());
        assert_eq!(f[..14], [0; 14]);
        assert_eq!(evaluate(&Position::start(), &Weights::HAND), Weights::HAND.0[14]);
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
