//! Tournament pairing, pure: the FIDE Dutch Swiss system (Handbook C.04.3, in force from
//! 1 February 2026, with the general rules of C.04.1), Berger round-robin tables (C.05 Annex 1),
//! tie-breaks (C.07), and the FIDE Tournament Report File (TRF-16) that carries a tournament in
//! and out. No store, no Discord, no async: a tournament goes in, pairings come out.

pub mod berger;
pub mod check;
pub mod dutch;
pub mod model;
pub mod simulate;
pub mod tiebreak;
pub mod trf;
mod wide;

pub use check::{RoundCheck, System, check};
pub use model::{Colour, Entry, GameScore, Pairing, Player, Tournament};
