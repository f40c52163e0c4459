//! The FIDE Tournament Report File, TRF-16: read a tournament from it, write one to it.
//!
//! Only what pairing needs is kept: the player lines (`001`), the number of rounds (`XXR`),
//! the top seed's colour in round 1 (`XXC`, a bbpPairings extension) and the tournament's name
//! (`012`). Every other line (042, 062, 092, 102, …, unknown codes) is read and ignored.
//!
//! Columns are 1-based and counted in characters, as the TRF-16 description gives them. A
//! player line holds:
//!
//! | columns | field |
//! |---|---|
//! | 1–3 | `001` |
//! | 5–8 | starting number |
//! | 10 | sex |
//! | 11–13 | title |
//! | 15–47 | name |
//! | 49–52 | rating |
//! | 54–56 | federation |
//! | 58–68 | FIDE id |
//! | 70–79 | birth date |
//! | 81–84 | points (`3.5`) |
//! | 86–89 | rank |
//! | 92–101, 102–111, … | one block per round: opponent (4 digits, `0000` for none), blank, colour (`w`, `b`, `-`), blank, result, two blanks |
//!
//! A tournament read from a file is in a canonical shape: every player has one entry per
//! round up to the last round in which anyone has a non-blank block, so that
//! `parse(&write(&t)) == t` for any tournament in that shape.

mod error;
mod read;
mod write;

pub use error::{TrfError, TrfErrorKind};
pub use read::{parse, read};
pub use write::{write, write_in_progress};

use super::model::{Pairing, Tournament};

/// The column of the first round block.
const FIRST_BLOCK: usize = 92;
/// The width of a round block.
const BLOCK: usize = 10;
/// The most rounds a file may hold: a bound so that a line of garbage cannot make us allocate
/// without end (no real tournament comes near it).
pub const MAX_ROUNDS: usize = 999;

/// A TRF read: the tournament, and where the `XXR` line is (for errors found later about the
/// number of rounds, such as a round-robin that does not fit it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TrfFile {
    /// The tournament.
    pub tournament: Tournament,
    /// The line of `XXR`, if there is one.
    pub rounds_line: Option<usize>,
    /// The line of each player, by starting number (index 0 is player 1).
    pub player_lines: Vec<usize>,
    /// The rounds in progress (`FBP` lines, see [`write_in_progress`]), by round.
    pub in_progress: Vec<RoundInProgress>,
}

/// A round paired but not finished: its pairings, with no result yet.
///
/// TRF-16 has no code for a game without a result: bbpPairings refuses a block with an
/// opponent and a blank result ("Invalid line", exit 3). So such a round is not written in the
/// player lines; [`write_in_progress`] lists its pairings on lines of their own, `FBP` (for
/// focus-bot pairing), which other programs ignore as they ignore every code they do not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RoundInProgress {
    /// The round, 1-based.
    pub round: u32,
    /// Its pairings in board order, the pairing-allocated bye last; games with White first.
    pub pairings: Vec<Pairing>,
}

/// The code of a line that holds one pairing of a round in progress.
const IN_PROGRESS: &str = "FBP";

/// Half points as the points column writes them: `3.5`, `2.0`.
fn points_text(half_points: u32) -> String {
    format!(
        "{}.{}",
        half_points / 2,
        if half_points % 2 == 1 { 5 } else { 0 }
    )
}
