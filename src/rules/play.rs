//! Legal moves and playing them.

use thiserror::Error;

use super::square::{TARGETS, square_unchecked};
use super::{Color, Move, MoveList, ParseMoveError, Position, Square, Stack};

/// What a played move did besides moving pieces: the trimming of a stack over five
/// (`focus-rules.md`, "Height limit 5").
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveEffect {
    /// The mover's own pieces trimmed off the bottom, now in the mover's reserve.
    pub to_reserve: usize,
    /// Opponent pieces trimmed off the bottom, now captured by the mover.
    pub captured: usize,
}

/// Why a well-formed move cannot be played in a position. Each message is one sentence a
/// player can act on.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has ended; no move may follow.
    GameOver,
    /// A step from an empty square.
    EmptySquare(Square),
    /// A step from a stack the mover does not control.
    NotYourStack {
        /// The square moved from.
        square: Square,
        /// The colour of its top piece.
        owner: Color,
        /// The player to move.
        mover: Color,
    },
    /// A step longer than the stack is high.
    TooFewPieces {
        /// The square moved from.
        from: Square,
        /// The square aimed at.
        to: Square,
        /// Pieces the move would take (its distance).
        count: usize,
        /// Pieces the stack holds.
        height: usize,
    },
    /// A drop with an empty reserve.
    NoReserve(Color),
    /// Under the opening-swap rule, White's first turn is not a swap.
    SwapRequired,
    /// A swap outside White's first turn under the opening-swap rule.
    SwapNotAllowed,
    /// A swap of a square that does not hold a single piece.
    SwapNotSingles {
        /// The offending square.
        square: Square,
        /// How many pieces it holds.
        height: usize,
    },
    /// A swap of two pieces of one colour.
    SwapSameColor {
        /// One square.
        a: Square,
        /// The other.
        b: Square,
        /// Their colour.
        color: Color,
    },
    /// A [`Move`] value whose shape is impossible (built by hand, not parsed).
    Shape(#[from] ParseMoveError),
}

/// A move as text that is unreadable or illegal.
///
/// Its sentence in each language is made at the edge (`strings::errors`); `Display` is English.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveError {
    /// The text is not a move.
    Parse(#[from] ParseMoveError),
    /// The move cannot be played here.
    Illegal(#[from] PlayError),
}

impl Position {
    /// Every legal move, steps first (by square, direction, distance), then drops (a1 to h8),
    /// or only swaps on the opening-swap turn. Empty when the game is over.
    ///
    /// Writes into a stack-allocated [`MoveList`]; allocates nothing.
    pub fn legal_moves(&self) -> MoveList {
        let mut moves = MoveList::new();
        if self.mirror_loss {
            return moves;
        }
        if self.is_swap_turn() {
            moves.extend(self.swaps());
            return moves;
        }
        let mut bits = self.controlled[self.side.index()];
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let height = self.board[from].height();
            for targets in &TARGETS[from] {
                for &to in &targets[..height] {
                    if to == u8::MAX {
                        break; // ranks and files are unbroken: nothing further is on the board
                    }
                    moves.push(Move::Step {
                        from: square_unchecked(from as u8),
                        to: square_unchecked(to),
                    });
                }
            }
        }
        if self.reserve[self.side.index()] > 0 {
            moves.extend(Square::ALL.iter().map(|&to| Move::Drop { to }));
        }
        moves
    }

    /// The legal steps of the stack on `from` (empty when the player to move does not control
    /// it): the squares a chosen stack can reach.
    pub fn moves_from(&self, from: Square) -> MoveList {
        let mut moves = self.legal_moves();
        moves.retain(|m| matches!(m, Move::Step { from: f, .. } if *f == from));
        moves
    }

    /// True when the player to move has at least one legal move (cheaper than generating).
    pub fn has_legal_move(&self) -> bool {
        // A swap turn always has a swap, so it needs no case of its own.
        !self.mirror_loss
            && (self.controlled[self.side.index()] != 0 || self.reserve[self.side.index()] > 0)
    }

    /// Checks that `mv` is legal here without playing it.
    ///
    /// # Errors
    /// The [`PlayError`] naming the rule the move breaks.
    pub fn check(&self, mv: Move) -> Result<(), PlayError> {
        if !self.has_legal_move() {
            return Err(PlayError::GameOver);
        }
        let swap_turn = self.is_swap_turn();
        match mv {
            Move::Swap { a, b } => {
                if !swap_turn {
                    return Err(PlayError::SwapNotAllowed);
                }
                Move::swap(a, b)?;
                let (sa, sb) = (self.stack(a), self.stack(b));
                for (square, s) in [(a, sa), (b, sb)] {
                    if s.height() != 1 {
                        let height = s.height();
                        return Err(PlayError::SwapNotSingles { square, height });
                    }
                }
                match sa.top() {
                    Some(color) if sb.top() == Some(color) => {
                        Err(PlayError::SwapSameColor { a, b, color })
                    }
                    _ => Ok(()),
                }
            }
            _ if swap_turn => Err(PlayError::SwapRequired),
            Move::Drop { .. } => match self.reserve[self.side.index()] {
                0 => Err(PlayError::NoReserve(self.side)),
                _ => Ok(()),
            },
            Move::Step { from, to } => {
                Move::step(from, to)?;
                let stack = self.stack(from);
                match stack.top() {
                    None => Err(PlayError::EmptySquare(from)),
                    Some(owner) if owner != self.side => Err(PlayError::NotYourStack {
                        square: from,
                        owner,
                        mover: self.side,
                    }),
                    Some(_) if mv.count() > stack.height() => Err(PlayError::TooFewPieces {
                        from,
                        to,
                        count: mv.count(),
                        height: stack.height(),
                    }),
                    Some(_) => Ok(()),
                }
            }
        }
    }

    /// Plays `mv` for the side to move, with trimming, reserves and captures; the position is
    /// untouched when the move is illegal.
    ///
    /// # Errors
    /// The [`PlayError`] naming the rule the move breaks.
    pub fn play(&mut self, mv: Move) -> Result<MoveEffect, PlayError> {
        self.check(mv)?;
        Ok(self.play_unchecked(mv))
    }

    /// True when `mv` is a legal move here that loses the game at once under the mirror rule:
    /// the rules have [`Rules::mirror_loss`](super::Rules::mirror_loss), Black is to move,
    /// and the move leaves the position mirror-symmetric ([`Position::is_mirror_symmetric`]:
    /// a 180° turn with colours exchanged, reserves equal, captures equal). An illegal move
    /// loses nothing: it is not played at all.
    ///
    /// Source: the commissioning description (kostyor.ru, issue 4-03, A. Borovikov), the
    /// second of its two anti-mirroring remedies, as `focus-rules.md` restates it under "The
    /// two anti-mirroring rules": "Black loses at once if their move leaves the position
    /// mirror-symmetric". Adapters use it to warn before such a move is played.
    pub fn loses_by_mirror(&self, mv: Move) -> bool {
        if !self.rules.mirror_loss || self.side != Color::Black || self.check(mv).is_err() {
            return false;
        }
        let mut after = *self;
        after.play_unchecked(mv);
        after.mirror_loss
    }

    /// Reads `text` as a move ([`Move`]'s notation) and plays it.
    ///
    /// # Errors
    /// [`MoveError::Parse`] for unreadable text, [`MoveError::Illegal`] for an illegal move; the
    /// position is then untouched.
    pub fn play_str(&mut self, text: &str) -> Result<(Move, MoveEffect), MoveError> {
        let mv: Move = text.parse()?;
        Ok((mv, self.play(mv)?))
    }

    /// Plays a move known to be legal here (one from [`Position::legal_moves`]). An illegal
    /// move leaves a position that breaks the rules; use [`Position::play`] for input.
    pub fn play_unchecked(&mut self, mv: Move) -> MoveEffect {
        let mover = self.side;
        let mut effect = MoveEffect::default();
        match mv {
            Move::Step { from, to } => {
                let (stay, moving) = self.board[from.index()].split(mv.count());
                self.set_stack(from, stay);
                effect = self.land(to, moving);
            }
            Move::Drop { to } => {
                self.reserve[mover.index()] -= 1;
                effect = self.land(to, Stack::single(mover));
            }
            Move::Swap { a, b } => {
                let (sa, sb) = (self.stack(a), self.stack(b));
                self.set_stack(a, sb);
                self.set_stack(b, sa);
            }
        }
        self.side = !mover;
        self.ply = self.ply.saturating_add(1);
        if mover == Color::Black && self.rules.mirror_loss && self.is_mirror_symmetric() {
            self.mirror_loss = true;
        }
        effect
    }

    /// Puts `moving` on `to`, trims to five, and credits the mover's reserve and captures.
    fn land(&mut self, to: Square, moving: Stack) -> MoveEffect {
        let (landed, trimmed) = self.board[to.index()].land(moving);
        self.set_stack(to, landed);
        let (own, theirs) = match self.side {
            Color::White => (trimmed.white, trimmed.black),
            Color::Black => (trimmed.black, trimmed.white),
        };
        self.reserve[self.side.index()] += own;
        self.captured[self.side.index()] += theirs;
        MoveEffect {
            to_reserve: own as usize,
            captured: theirs as usize,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Outcome, Rules, WinReason};

    /// Black's copy of each of White's 68 first moves (the same move turned 180°) is the one
    /// reply that loses at once under the mirror rule, and only under it.
    #[test]
    fn the_copied_reply_alone_loses_by_the_mirror_rule() {
        let start = Position::start().with_rules(Rules::MIRROR);
        for white in start.legal_moves() {
            let mut pos = start;
            pos.play(white).unwrap();
            assert!(
                !start.loses_by_mirror(white),
                "White never loses so: {white}"
            );
            let Move::Step { from, to } = white else {
                panic!("the start has only steps: {white}");
            };
            let copy = Move::Step {
                from: from.rotate180(),
                to: to.rotate180(),
            };
            let losing: Vec<Move> = pos
                .legal_moves()
                .iter()
                .copied()
                .filter(|&m| pos.loses_by_mirror(m))
                .collect();
            assert_eq!(losing, [copy], "after {white}");
            let mut after = pos;
            after.play(copy).unwrap();
            assert_eq!(
                after.outcome(),
                Outcome::Win {
                    winner: Color::White,
                    reason: WinReason::MirrorRule
                }
            );
            // Without the rule, or for a move that is not legal, nothing loses.
            let classic = pos.with_rules(Rules::CLASSIC);
            assert!(!classic.loses_by_mirror(copy));
            assert!(
                !pos.loses_by_mirror(Move::Drop { to: to.rotate180() }),
                "no reserve"
            );
        }
        let mut pos = start;
        pos.play("c4-d4".parse().unwrap()).unwrap();
        assert!(pos.loses_by_mirror("f5-e5".parse().unwrap()));
        assert!(!pos.loses_by_mirror("f5-f6".parse().unwrap()));
    }
}
