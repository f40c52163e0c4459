//! FPN, the position as one line of text (`focus-rules.md`, "FPN").
//!
//! `<board> <side> <white reserve> <black reserve> <captured by white> <captured by black>`,
//! the board being ranks 8 to 1 joined by `/`, each rank its existing squares a→h joined by `,`,
//! each square `.` or its stack bottom to top in `w`/`b`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::position::PIECES_PER_PLAYER;
use super::shown::shown;
use super::{Color, Position, Rules, Square, Stack};

/// Why a text is not a valid FPN. Each message says what to fix.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum FpnError {
    /// Not six space-separated fields.
    FieldCount(usize),
    /// The board field does not have eight ranks.
    RankCount(usize),
    /// A rank with the wrong number of squares.
    RankLength {
        /// The rank, 1 to 8.
        rank: u8,
        /// Squares it has.
        expected: usize,
        /// Squares written.
        found: usize,
    },
    /// A square's text is not `.` nor a run of `w`/`b`.
    BadStack {
        /// The square.
        square: Square,
        /// What was written there.
        text: String,
    },
    /// A stack of more than five.
    TooTall {
        /// The square.
        square: Square,
        /// Pieces written.
        height: usize,
    },
    /// The side to move is neither `w` nor `b`.
    Side(String),
    /// A count field is not a number 0–18.
    Count {
        /// Which field: `white-reserve`, `black-reserve`, `white-captured` or
        /// `black-captured`.
        field: &'static str,
        /// What was written.
        text: String,
    },
    /// A colour's pieces do not add up to 18.
    PieceCount {
        /// The colour.
        color: Color,
        /// Its pieces on the board.
        on_board: usize,
        /// Its reserve.
        reserve: usize,
        /// Its pieces captured by the opponent.
        captured: usize,
        /// The sum.
        total: usize,
    },
}

/// The squares of each rank, rank 8 first.
fn rank_squares(rank: u8) -> impl Iterator<Item = Square> {
    (0..8).filter_map(move |file| Square::new(file, rank))
}

impl Position {
    /// Reads an FPN and sets `rules`; ply 0.
    ///
    /// # Errors
    /// The [`FpnError`] naming the first thing wrong.
    pub fn from_fpn(text: &str, rules: Rules) -> Result<Position, FpnError> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        let [board, side, counts @ ..] = fields.as_slice() else {
            return Err(FpnError::FieldCount(fields.len()));
        };
        if counts.len() != 4 {
            return Err(FpnError::FieldCount(fields.len()));
        }
        let side = match *side {
            "w" | "W" => Color::White,
            "b" | "B" => Color::Black,
            other => return Err(FpnError::Side(shown(other))),
        };
        let mut pos = Position::empty(side, rules);

        let ranks: Vec<&str> = board.split('/').collect();
        if ranks.len() != 8 {
            return Err(FpnError::RankCount(ranks.len()));
        }
        for (row, text) in ranks.iter().enumerate() {
            let rank = 7 - row as u8;
            let cells: Vec<&str> = text.split(',').collect();
            let expected = rank_squares(rank).count();
            if cells.len() != expected {
                return Err(FpnError::RankLength {
                    rank: rank + 1,
                    expected,
                    found: cells.len(),
                });
            }
            for (square, cell) in rank_squares(rank).zip(cells) {
                pos.set_stack(square, parse_stack(square, cell)?);
            }
        }

        // Which field, as the error names it (the edge words it for the reader).
        const NAMES: [&str; 4] = [
            "white-reserve",
            "black-reserve",
            "white-captured",
            "black-captured",
        ];
        let mut n = [0u8; 4];
        for ((slot, text), field) in n.iter_mut().zip(counts).zip(NAMES) {
            *slot = Some(*text)
                .filter(|t| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
                .and_then(|t| t.parse::<u8>().ok())
                .filter(|&v| v as usize <= PIECES_PER_PLAYER)
                .ok_or_else(|| FpnError::Count {
                    field,
                    text: shown(text),
                })?;
        }
        pos.reserve = [n[0], n[1]];
        pos.captured = [n[2], n[3]];

        for color in Color::ALL {
            let on_board = pos.on_board(color);
            let reserve = pos.reserve(color);
            let captured = pos.captured_by(!color);
            let total = on_board + reserve + captured;
            if total != PIECES_PER_PLAYER {
                return Err(FpnError::PieceCount {
                    color,
                    on_board,
                    reserve,
                    captured,
                    total,
                });
            }
        }
        Ok(pos)
    }

    /// The FPN of this position (the same as its `Display`).
    pub fn fpn(&self) -> String {
        self.to_string()
    }
}

fn parse_stack(square: Square, cell: &str) -> Result<Stack, FpnError> {
    if cell == "." {
        return Ok(Stack::EMPTY);
    }
    let pieces: Option<Vec<Color>> = cell.chars().map(Color::from_char).collect();
    match pieces {
        Some(p) if !p.is_empty() => Stack::from_pieces(&p).ok_or(FpnError::TooTall {
            square,
            height: p.len(),
        }),
        _ => Err(FpnError::BadStack {
            square,
            text: shown(cell),
        }),
    }
}

impl FromStr for Position {
    type Err = FpnError;

    /// Reads an FPN with classic rules; see [`Position::from_fpn`].
    fn from_str(s: &str) -> Result<Position, FpnError> {
        Position::from_fpn(s, Rules::CLASSIC)
    }
}

impl fmt::Display for Position {
    /// Writes the FPN.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..8).rev() {
            for (i, sq) in rank_squares(rank).enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                write!(f, "{}", self.stack(sq))?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        write!(
            f,
            " {} {} {} {} {}",
            self.side.char(),
            self.reserve[0],
            self.reserve[1],
            self.captured[0],
            self.captured[1]
        )
    }
}
