//! Search scores: centipawn-like evaluations and exact wins and losses by distance.

use std::fmt;

/// A score inside the search, from the point of view of the side to move: positive is good.
/// Evaluations stay within ±[`MAX_EVAL`]; a win found `p` plies from the root is
/// `MATE - p` and a loss `-(MATE - p)`, so a quicker win and a slower loss score higher.
pub type Value = i32;

/// The score of a win on the spot (0 plies away).
pub const MATE: Value = 30_000;
/// Above every score; the bounds of a full window.
pub const INFINITE: Value = 32_000;
/// No evaluation reaches this; scores beyond it are wins or losses.
pub const MAX_EVAL: Value = 20_000;
/// The deepest ply the search reaches; wins farther than this are not told apart.
pub const MAX_PLY: usize = 128;

/// True for a score that is a proven win or loss.
pub const fn is_mate(v: Value) -> bool {
    v.abs() > MAX_EVAL
}

/// A win in `plies` plies from the node scored.
pub const fn win_in(plies: usize) -> Value {
    MATE - plies as Value
}

/// A loss in `plies` plies from the node scored.
pub const fn loss_in(plies: usize) -> Value {
    -MATE + plies as Value
}

/// Converts a mate score relative to the root into one relative to a node `ply` plies deep,
/// as the transposition table stores it (so it stays right when reached by another path).
pub const fn to_table(v: Value, ply: usize) -> Value {
    if v > MAX_EVAL {
        v + ply as Value
    } else if v < -MAX_EVAL {
        v - ply as Value
    } else {
        v
    }
}

/// The inverse of [`to_table`]: a stored score read back at a node `ply` plies deep.
pub const fn from_table(v: Value, ply: usize) -> Value {
    if v > MAX_EVAL {
        v - ply as Value
    } else if v < -MAX_EVAL {
        v + ply as Value
    } else {
        v
    }
}

/// A score as the protocol reports it.
///
/// Display: `cp 35`, `win 2`, `loss 1` (the protocol's `score` field). A win or loss in `n` is
/// counted in the winner's moves: "win 1" means the move played wins at once (the opponent
/// then has no legal move); "loss 1" means the opponent wins with its next move.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Score {
    /// An evaluation, in hundredths of a reserve piece (about one piece = 100).
    Cp(i32),
    /// A forced win in this many moves of the side to move.
    Win(u32),
    /// A forced loss in this many moves of the opponent.
    Loss(u32),
}

impl Score {
    /// The report of a search value `v` of the root.
    pub fn from_value(v: Value) -> Score {
        if v > MAX_EVAL {
            Score::Win((MATE - v + 1) as u32 / 2)
        } else if v < -MAX_EVAL {
            Score::Loss((MATE + v + 1) as u32 / 2)
        } else {
            Score::Cp(v)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Cp(v) => write!(f, "cp {v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_distances_in_moves() {
        assert_eq!(Score::from_value(win_in(1)), Score::Win(1));
        assert_eq!(Score::from_value(win_in(3)), Score::Win(2));
        assert_eq!(Score::from_value(win_in(5)), Score::Win(3));
        assert_eq!(Score::from_value(loss_in(2)), Score::Loss(1));
        assert_eq!(Score::from_value(loss_in(4)), Score::Loss(2));
        assert_eq!(Score::from_value(37), Score::Cp(37));
        assert_eq!(Score::Win(3).to_string(), "win 3");
        assert!(win_in(1) > win_in(3) && loss_in(4) > loss_in(2));
        assert_eq!(from_table(to_table(win_in(7), 3), 3), win_in(7));
        assert_eq!(from_table(to_table(loss_in(6), 2), 2), loss_in(6));
    }
}
