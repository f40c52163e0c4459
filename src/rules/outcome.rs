//! How a game of Focus ends under the rules.

use std::fmt;

use super::{Color, Position};

/// Why the rules ended a game. Resignation, agreement, abort and time-out are the game
/// service's business, not the rules'.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// The loser had to move but controlled no stack and had no reserve
    /// (`focus-rules.md`, "End").
    NoLegalMove,
    /// Black's move left the position mirror-symmetric under the mirror-loss rule.
    MirrorRule,
}

impl fmt::Display for WinReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            WinReason::NoLegalMove => "no legal move",
            WinReason::MirrorRule => "mirror rule",
        })
    }
}

/// The state of a game under the rules.
///
/// Display: `ongoing`, or `white wins (no legal move)` and the like.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move has a legal move.
    Ongoing,
    /// The game is over.
    Win {
        /// The winner.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
}

impl Outcome {
    /// True unless the game goes on.
    pub fn is_over(self) -> bool {
        self != Outcome::Ongoing
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Ongoing => f.write_str("ongoing"),
            Outcome::Win { winner, reason } => write!(f, "{winner} wins ({reason})"),
        }
    }
}

impl Position {
    /// The outcome: a mirror-rule loss for Black, else a loss for a player to move who has no
    /// legal move, else ongoing.
    pub fn outcome(&self) -> Outcome {
        if self.mirror_loss {
            Outcome::Win {
                winner: Color::White,
                reason: WinReason::MirrorRule,
            }
        } else if !self.has_legal_move() {
            Outcome::Win {
                winner: !self.side,
                reason: WinReason::NoLegalMove,
            }
        } else {
            Outcome::Ongoing
        }
    }
}
