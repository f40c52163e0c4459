//! The rules of Sid Sackson's *Focus*, exactly as in `focus-rules.md` (Gardner's published rules
//! plus the two optional anti-mirroring rules of the commissioning description).
//!
//! Pure: no I/O, no clock, no Discord. One concept per file: [`Square`] (the 52-square board),
//! [`Color`], [`Stack`], [`Move`] and its notation, [`Rules`] (the options), [`Position`] with
//! FPN, legal moves and [`Position::play`], [`Outcome`], [`perft`], and [`record`] for reading
//! game records.
//!
//! ```
//! use focus_bot::rules::{Move, Outcome, Position, perft};
//!
//! let mut pos = Position::start();
//! assert_eq!(pos.legal_moves().len(), 68);
//! let mv: Move = "c4-d4".parse()?;
//! pos.play(mv)?;
//! assert_eq!(pos.stack("d4".parse()?).to_string(), "bw");
//! assert_eq!(pos.outcome(), Outcome::Ongoing);
//! assert_eq!(perft(&Position::start(), 3), 299_912);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod color;
mod fpn;
mod moves;
mod options;
mod outcome;
mod perft;
mod play;
mod position;
pub mod record;
mod square;
mod stack;

pub use color::Color;
pub use fpn::FpnError;
pub use moves::{MAX_MOVES, Move, MoveList, ParseMoveError};
pub use options::{ParseRulesError, Rules};
pub use outcome::{Outcome, WinReason};
pub use perft::perft;
pub use play::{MoveEffect, MoveError, PlayError};
pub use position::{PIECES_PER_PLAYER, Position};
pub use square::{BOARD_MASK, Direction, ParseSquareError, Square};
pub use stack::Stack;
