//! The FIDE Dutch system (C.04.3). Work in progress.

use super::model::{Pairing, Tournament};

/// Why a round cannot be paired.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PairingError {
    /// No pairing satisfies the absolute criteria (C.04.3 C.1–C.3) for these players.
    #[error("no legal pairing exists for round {round}: the absolute criteria (no rematch, at most one pairing-allocated bye, colours) cannot all be met")]
    NoLegalPairing { round: u32 },
}

/// Pairs round `round` (1-based) of `tournament` by the Dutch system: the players `to_pair`
/// (starting numbers), from the history of rounds `1..round` only (entries of `round` and later
/// are ignored). Pairings come in board order.
pub fn pair(
    tournament: &Tournament,
    round: u32,
    to_pair: &[u32],
) -> Result<Vec<Pairing>, PairingError> {
    let _ = (tournament, to_pair);
    Err(PairingError::NoLegalPairing { round })
}
