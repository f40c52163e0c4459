//! The 52 squares of the board and the straight lines between them.
//!
//! The board is 8×8 with three squares cut from each corner (`focus-rules.md`, "Board"):
//! `a1 b1 g1 h1 a2 h2 a7 h7 a8 b8 g8 h8` do not exist. Squares are indexed `rank * 8 + file`
//! (a1 = 0, h8 = 63), so a 180° turn of the board maps index `i` to `63 - i`.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use super::shown::shown;

/// Bit `i` is set when index `i` is one of the twelve cut corner squares.
const CUT_CORNERS: u64 = (1 << 0) | (1 << 1) | (1 << 6) | (1 << 7) // a1 b1 g1 h1
    | (1 << 8) | (1 << 15) // a2 h2
    | (1 << 48) | (1 << 55) // a7 h7
    | (1 << 56) | (1 << 57) | (1 << 62) | (1 << 63); // a8 b8 g8 h8

/// Bit `i` is set when index `i` is a square of the board: 52 bits.
pub const BOARD_MASK: u64 = !CUT_CORNERS;

/// A square of the board; never one of the cut corners.
///
/// Notation: file letter then rank digit, `c5` ([`fmt::Display`]). [`FromStr`] also accepts upper
/// case and the Cyrillic letters `а`, `с`, `е` of the commissioning description.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// Number of squares on the board.
    pub const COUNT: usize = 52;

    /// Every square, a1 to h8 rank by rank (c1 d1 e1 f1 b2 … f8).
    pub const ALL: [Square; 52] = {
        let mut all = [Square(0); 52];
        let mut i = 0;
        let mut n = 0;
        while i < 64 {
            if BOARD_MASK & (1 << i) != 0 {
                all[n] = Square(i as u8);
                n += 1;
            }
            i += 1;
        }
        all
    };

    /// The square on `file` (0 = a … 7 = h) and `rank` (0 = rank 1 … 7 = rank 8); `None` when
    /// outside the 8×8 or a cut corner.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 8 && rank < 8 {
            Square::from_index(rank as usize * 8 + file as usize)
        } else {
            None
        }
    }

    /// The square with index `rank * 8 + file`; `None` for a cut corner or an index past 63.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < 64 && BOARD_MASK & (1 << index) != 0 {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// `rank * 8 + file`, in `0..64`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// 0 for file a … 7 for file h.
    pub const fn file(self) -> u8 {
        self.0 % 8
    }

    /// 0 for rank 1 … 7 for rank 8.
    pub const fn rank(self) -> u8 {
        self.0 / 8
    }

    /// This square's bit in a 64-bit board mask.
    pub const fn bit(self) -> u64 {
        1 << self.0
    }

    /// The image under a 180° turn of the board (a↔h, 1↔8): the map of the mirror rule.
    pub const fn rotate180(self) -> Square {
        Square(63 - self.0)
    }

    /// The square `distance` squares away in `direction`, if it exists.
    ///
    /// Files and ranks are unbroken runs of squares, so when this is `None` every greater
    /// distance is `None` too.
    pub const fn offset(self, direction: Direction, distance: u8) -> Option<Square> {
        let (df, dr) = direction.delta();
        let f = self.file() as i32 + df * distance as i32;
        let r = self.rank() as i32 + dr * distance as i32;
        if f < 0 || r < 0 {
            return None;
        }
        Square::new(f as u8, r as u8)
    }

    /// Direction and distance from `self` to `to` when both lie on one rank or one file and
    /// differ; `None` otherwise (same square or a diagonal/knight-like jump).
    pub fn line_to(self, to: Square) -> Option<(Direction, u8)> {
        let (df, dr) = (
            to.file() as i32 - self.file() as i32,
            to.rank() as i32 - self.rank() as i32,
        );
        match (df, dr) {
            (0, 0) => None,
            (0, d) if d > 0 => Some((Direction::Up, d as u8)),
            (0, d) => Some((Direction::Down, (-d) as u8)),
            (d, 0) if d > 0 => Some((Direction::Right, d as u8)),
            (d, 0) => Some((Direction::Left, (-d) as u8)),
            _ => None,
        }
    }

    /// The file letter, `'a'..='h'`.
    pub const fn file_char(self) -> char {
        (b'a' + self.file()) as char
    }

    /// The rank digit, `'1'..='8'`.
    pub const fn rank_char(self) -> char {
        (b'1' + self.rank()) as char
    }
}

/// One of the four orthogonal directions a stack may move in; moves are never diagonal.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Direction {
    /// Towards rank 8.
    Up,
    /// Towards rank 1.
    Down,
    /// Towards file a.
    Left,
    /// Towards file h.
    Right,
}

impl Direction {
    /// All four directions.
    pub const ALL: [Direction; 4] = [
        Direction::Up,
        Direction::Down,
        Direction::Left,
        Direction::Right,
    ];

    /// `(files, ranks)` per step.
    pub const fn delta(self) -> (i32, i32) {
        match self {
            Direction::Up => (0, 1),
            Direction::Down => (0, -1),
            Direction::Left => (-1, 0),
            Direction::Right => (1, 0),
        }
    }
}

/// Maps the Cyrillic letters that look like the Latin ones used in notation (the commissioning
/// description writes `Ре5`, with Cyrillic `Р` and `е`) to Latin lower case; other characters
/// are lower-cased.
pub fn latin_lower(c: char) -> char {
    match c {
        'а' | 'А' => 'a',
        'В' => 'b',
        'с' | 'С' => 'c',
        'е' | 'Е' => 'e',
        'Н' => 'h',
        'р' | 'Р' => 'r',
        // En and em dashes, as word processors turn `c5-e5` into `c5–e5`.
        '–' | '—' => '-',
        _ => c.to_ascii_lowercase(),
    }
}

/// Why a text is not a square.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ParseSquareError {
    /// Not a file a–h followed by a rank 1–8.
    NotASquare(String),
    /// One of the twelve cut corner squares, which are not part of the board.
    CutCorner(String),
}

impl FromStr for Square {
    type Err = ParseSquareError;

    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let mut chars = s.trim().chars().map(latin_lower);
        let (Some(f), Some(r), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(ParseSquareError::NotASquare(shown(s)));
        };
        if !('a'..='h').contains(&f) || !('1'..='8').contains(&r) {
            return Err(ParseSquareError::NotASquare(shown(s)));
        }
        let (file, rank) = (f as u8 - b'a', r as u8 - b'1');
        Square::new(file, rank).ok_or_else(|| ParseSquareError::CutCorner(format!("{f}{r}")))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.file_char(), self.rank_char())
    }
}

/// For each square and direction, the squares 1 to 5 steps away (`u8::MAX` where off the board):
/// a stack is at most 5 high, so it never moves further.
pub(crate) static TARGETS: [[[u8; 5]; 4]; 64] = {
    let mut t = [[[u8::MAX; 5]; 4]; 64];
    let mut i = 0;
    while i < 64 {
        if let Some(sq) = Square::from_index(i) {
            let mut d = 0;
            while d < 4 {
                let mut k = 0;
                while k < 5 {
                    if let Some(to) = sq.offset(Direction::ALL[d], k as u8 + 1) {
                        t[i][d][k] = to.0;
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

/// Wraps an index known to be on the board (from [`TARGETS`] or a board mask).
pub(crate) const fn square_unchecked(index: u8) -> Square {
    Square(index)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fifty_two_squares_and_named_corners() {
        assert_eq!(BOARD_MASK.count_ones(), 52);
        let names: Vec<String> = Square::ALL.iter().map(|s| s.to_string()).collect();
        assert_eq!(names.first().map(String::as_str), Some("c1"));
        assert_eq!(names.last().map(String::as_str), Some("f8"));
        for corner in [
            "a1", "b1", "g1", "h1", "a2", "h2", "a7", "h7", "a8", "b8", "g8", "h8",
        ] {
            assert_eq!(
                corner.parse::<Square>(),
                Err(ParseSquareError::CutCorner(corner.into()))
            );
        }
    }

    #[test]
    fn parses_cyrillic_and_upper_case() {
        assert_eq!("C5".parse::<Square>().unwrap().to_string(), "c5");
        assert_eq!("е5".parse::<Square>().unwrap().to_string(), "e5");
        assert_eq!("а3".parse::<Square>().unwrap().to_string(), "a3");
        assert!(matches!(
            "i9".parse::<Square>(),
            Err(ParseSquareError::NotASquare(_))
        ));
        assert!(matches!(
            "c10".parse::<Square>(),
            Err(ParseSquareError::NotASquare(_))
        ));
    }

    #[test]
    fn rotation_and_lines() {
        let c5: Square = "c5".parse().unwrap();
        assert_eq!(c5.rotate180().to_string(), "f4");
        let e5: Square = "e5".parse().unwrap();
        assert_eq!(c5.line_to(e5), Some((Direction::Right, 2)));
        assert_eq!(c5.line_to("e6".parse().unwrap()), None);
        assert_eq!(
            c5.offset(Direction::Up, 3).map(|s| s.to_string()),
            Some("c8".into())
        );
        assert_eq!(c5.offset(Direction::Up, 4), None);
        let b2: Square = "b2".parse().unwrap();
        assert_eq!(b2.offset(Direction::Down, 1), None); // b1 is a cut corner
        assert_eq!(
            c5.offset(Direction::Up, 2).map(|s| s.to_string()),
            Some("c7".into())
        );
    }
}
