//! The rules of Sid Sackson's *Focus*, exactly as in `focus-rules.md` (Gardner's published rules
//! plus the two optional anti-mirroring rules of the commissioning description).
//!
//! # The rules in brief
//! (Source: Martin Gardner, *Sixth Book of Mathematical Games*, "Unusual Board Games", and the
//! commissioning description by A. Borovikov; the project's reference is `focus-rules.md` in the
//! team's shared notes, with test vectors.)
//!
//! - The board is 8×8 less three squares at each corner: 52 squares. Each player has 18 pieces,
//!   starting as singles in same-colour pairs on the central 6×6. White moves first.
//! - A turn is a **step** or a **drop**. A step takes the top *k* pieces (1 ≤ *k* ≤ height) of a
//!   stack whose top piece is the mover's and moves them exactly *k* squares along a rank or
//!   file, jumping whatever is between, onto the destination, empty or not. A drop puts one
//!   piece from the mover's **reserve** on top of any square.
//! - A stack over five loses the excess from the bottom: the mover's own pieces go to the
//!   mover's reserve, the opponent's are **captured**.
//! - A player to move who controls no stack and has no reserve loses.
//! - Options ([`Rules`]): the **opening swap** (White's first turn exchanges two adjacent single
//!   pieces of different colours) and **mirror loss** (Black loses on a move that leaves the
//!   position symmetric under a 180° turn with colours exchanged, reserves and captures equal).
//!
//! # The code
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
mod shown;
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
pub use square::{BOARD_MASK, Direction, ParseSquareError, Square, latin_lower};
/// The step table and its square constructor, for the engine's own move generator.
pub(crate) use square::{TARGETS, square_unchecked};
pub use stack::Stack;
