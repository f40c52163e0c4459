//! Moves and their notation.

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use thiserror::Error;

use super::shown::shown;
use super::square::{ParseSquareError, Square, latin_lower};

/// One turn (`focus-rules.md`, "A turn" and "The two anti-mirroring rules").
///
/// Notation ([`fmt::Display`]): `c5-e5` for a step, `+e5` for a drop, `d4~d5` for a swap.
/// [`FromStr`] also reads `C5E5`, `c5 - e5`, `c1-c3:2`, `r:e5`, `R e5`, `*e5`, `Ре5` (Cyrillic)
/// and ignores a trailing annotation in parentheses such as `f3-d3(R)`. Parsing checks only the
/// shape of a move; whether it is legal depends on a position
/// ([`Position::play`](super::Position::play)).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// The top `n` pieces of the stack on `from` move to `to`, exactly `n` squares away along a
    /// rank or file; `n` is the distance.
    Step {
        /// The stack moved from.
        from: Square,
        /// The square landed on.
        to: Square,
    },
    /// One piece from the mover's reserve goes on top of `to`.
    Drop {
        /// The square dropped on.
        to: Square,
    },
    /// The opening swap: two orthogonally adjacent single pieces of different colours exchange
    /// squares. `a < b`, so one swap has one value.
    Swap {
        /// The lower-indexed square.
        a: Square,
        /// The higher-indexed square.
        b: Square,
    },
}

impl Move {
    /// A step from `from` to `to`; errors when the squares are equal or not on one line.
    pub fn step(from: Square, to: Square) -> Result<Move, ParseMoveError> {
        match from.line_to(to) {
            Some(_) => Ok(Move::Step { from, to }),
            None if from == to => Err(ParseMoveError::SameSquare(from)),
            None => Err(ParseMoveError::Diagonal { from, to }),
        }
    }

    /// A swap of `x` and `y` in either order; errors unless they are orthogonal neighbours.
    pub fn swap(x: Square, y: Square) -> Result<Move, ParseMoveError> {
        match x.line_to(y) {
            Some((_, 1)) => Ok(Move::Swap {
                a: x.min(y),
                b: x.max(y),
            }),
            _ => Err(ParseMoveError::SwapNotAdjacent { a: x, b: y }),
        }
    }

    /// How many pieces a step moves (its distance); 1 for a drop, 0 for a swap. For a step
    /// that is not on one line (built by hand), the sum of the file and rank distances.
    pub fn count(self) -> usize {
        match self {
            // One of the two differences is 0 for a well-formed step.
            Move::Step { from, to } => {
                (from.file().abs_diff(to.file()) + from.rank().abs_diff(to.rank())) as usize
            }
            Move::Drop { .. } => 1,
            Move::Swap { .. } => 0,
        }
    }

    /// The square pieces land on: the step's destination, the dropped-on square; `None` for a
    /// swap.
    pub fn to(self) -> Option<Square> {
        match self {
            Move::Step { to, .. } | Move::Drop { to } => Some(to),
            Move::Swap { .. } => None,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Step { from, to } => write!(f, "{from}-{to}"),
            Move::Drop { to } => write!(f, "+{to}"),
            Move::Swap { a, b } => write!(f, "{a}~{b}"),
        }
    }
}

/// Why a text is not a move. Each message is one sentence a player can act on.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseMoveError {
    /// Nothing was written.
    Empty,
    /// Not in any accepted form.
    Unreadable(String),
    /// A square in it is not a square of the board.
    Square(#[from] ParseSquareError),
    /// From and to are on neither one rank nor one file.
    Diagonal {
        /// Where the move starts.
        from: Square,
        /// Where it would land.
        to: Square,
    },
    /// From and to are the same square.
    SameSquare(Square),
    /// An explicit piece count that differs from the distance.
    CountMismatch {
        /// Where the move starts.
        from: Square,
        /// Where it lands.
        to: Square,
        /// The count written after `:`.
        count: usize,
        /// The distance between the squares.
        distance: usize,
    },
    /// A swap of squares that are not orthogonal neighbours.
    SwapNotAdjacent {
        /// One square written.
        a: Square,
        /// The other.
        b: Square,
    },
}

impl FromStr for Move {
    type Err = ParseMoveError;

    fn from_str(text: &str) -> Result<Move, ParseMoveError> {
        // Drop a trailing annotation such as `(R)` or `(-1)`, then all white space.
        let body = text.split('(').next().unwrap_or_default();
        let s: String = body
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(latin_lower)
            .collect();
        if s.is_empty() {
            return Err(ParseMoveError::Empty);
        }
        let unreadable = || ParseMoveError::Unreadable(shown(text));

        // Drops: `+e5`, `*e5`, `r:e5`, `re5` (`R e5`), `р е5`, and `p` for a Latin look-alike.
        for prefix in ["+", "*", "r:", "r", "p:", "p"] {
            if let Some(rest) = s.strip_prefix(prefix) {
                if !looks_like_square(rest) {
                    return Err(unreadable());
                }
                return Ok(Move::Drop { to: rest.parse()? });
            }
        }
        let pair = |x: &str, y: &str| {
            if looks_like_square(x) && looks_like_square(y) {
                Ok((x.parse::<Square>()?, y.parse::<Square>()?))
            } else {
                Err(unreadable())
            }
        };
        if let Some((x, y)) = s.split_once('~') {
            let (x, y) = pair(x, y)?;
            return Move::swap(x, y);
        }
        let (squares, count) = match s.split_once(':') {
            Some((sq, n)) => (sq, Some(n.parse::<usize>().map_err(|_| unreadable())?)),
            None => (s.as_str(), None),
        };
        let (from, to) = match squares.split_once('-') {
            Some(halves) => halves,
            None if squares.len() == 4 && squares.is_char_boundary(2) => squares.split_at(2),
            None => return Err(unreadable()),
        };
        let (from, to) = pair(from, to)?;
        let mv = Move::step(from, to)?;
        match (mv, count) {
            (Move::Step { from, to }, Some(n)) if n != mv.count() => {
                Err(ParseMoveError::CountMismatch {
                    from,
                    to,
                    count: n,
                    distance: mv.count(),
                })
            }
            _ => Ok(mv),
        }
    }
}

/// A letter followed by digits: worth reporting as a bad square rather than as unreadable.
pub(crate) fn looks_like_square(s: &str) -> bool {
    let mut chars = s.chars();
    chars.next().is_some_and(char::is_alphabetic)
        && chars.clone().next().is_some()
        && chars.all(|c| c.is_ascii_digit())
}

/// Upper bound on the legal moves of one position: at most 4 × 36 steps (four directions per
/// piece under the mover's control) plus 52 drops; a swap turn has at most 88.
pub const MAX_MOVES: usize = 4 * 36 + 52;

/// The legal moves of a position, on the stack: generating them allocates nothing.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn every_input_form_of_the_rules_note() {
        let c5e5 = Move::Step {
            from: sq("c5"),
            to: sq("e5"),
        };
        for text in [
            "c5-e5", "C5-E5", "c5e5", "c5 - e5", "c5-e5:2", "с5-е5", "c5-e5(R)",
        ] {
            assert_eq!(text.parse::<Move>(), Ok(c5e5), "{text}");
        }
        let drop = Move::Drop { to: sq("e5") };
        for text in [
            "+e5", "r:e5", "R e5", "*e5", "Ре5", "рe5", "+e5(-1)", "P e5",
        ] {
            assert_eq!(text.parse::<Move>(), Ok(drop), "{text}");
        }
        let swap = Move::Swap {
            a: sq("d4"),
            b: sq("d5"),
        };
        assert_eq!("d4~d5".parse::<Move>(), Ok(swap));
        assert_eq!("d5~d4".parse::<Move>(), Ok(swap));
        assert_eq!(swap.to_string(), "d4~d5");
    }

    #[test]
    fn names_what_is_wrong() {
        assert_eq!(
            "c5-e6".parse::<Move>(),
            Err(ParseMoveError::Diagonal {
                from: sq("c5"),
                to: sq("e6")
            })
        );
        assert_eq!(
            "i9-c5".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::NotASquare(
                "i9".into()
            )))
        );
        assert_eq!(
            "+a1".parse::<Move>(),
            Err(ParseMoveError::Square(ParseSquareError::CutCorner(
                "a1".into()
            )))
        );
        assert_eq!(
            "c1-c3:3".parse::<Move>(),
            Err(ParseMoveError::CountMismatch {
                from: sq("c1"),
                to: sq("c3"),
                count: 3,
                distance: 2
            })
        );
        assert_eq!(
            "c3-c3".parse::<Move>(),
            Err(ParseMoveError::SameSquare(sq("c3")))
        );
        assert_eq!("".parse::<Move>(), Err(ParseMoveError::Empty));
        for text in ["hello", "help", "rules", "c5-", "-e5", "c5-e5:x", "+"] {
            assert_eq!(
                text.parse::<Move>(),
                Err(ParseMoveError::Unreadable(text.into())),
                "{text}"
            );
        }
        assert!(matches!(
            "d4~e5".parse::<Move>(),
            Err(ParseMoveError::SwapNotAdjacent { .. })
        ));
        assert_eq!(
            "c5-e6".parse::<Move>().unwrap_err().to_string(),
            "c5-e6 is diagonal: stacks move along a rank or a file, never diagonally"
        );
    }
}
