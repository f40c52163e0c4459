//! Move ordering: the table's move first, then captures (most pieces first), then the killer
//! moves of the ply, then the rest by history. Good ordering is most of alpha-beta's speed.

use arrayvec::ArrayVec;

use crate::rules::{MAX_MOVES, Move, MoveList, Position};

use super::lines::captures_by_landing;
use super::score::MAX_PLY;

/// Enemy pieces `mv` captures in `pos` (trimmed off the bottom of the stack it lands on).
#[inline]
pub fn captures(pos: &Position, mv: Move) -> u32 {
    match mv {
        Move::Step { to, .. } => captures_by_landing(pos.stack(to), mv.count(), pos.side_to_move()),
        Move::Drop { to } => captures_by_landing(pos.stack(to), 1, pos.side_to_move()),
        Move::Swap { .. } => 0,
    }
}

/// Index of a move in the history table: 64 × 64 steps, then 64 drops, then swaps by square.
fn index(mv: Move) -> usize {
    match mv {
        Move::Step { from, to } => from.index() * 64 + to.index(),
        Move::Drop { to } => 4096 + to.index(),
        Move::Swap { a, .. } => 4160 + a.index(),
    }
}

const HISTORY_SIZE: usize = 4224;
const HISTORY_MAX: i32 = 1 << 14;

/// How often each move caused a cut, per side, by depth: the quiet-move order.
pub(crate) struct History {
    table: Box<[[i32; HISTORY_SIZE]; 2]>,
}

impl History {
    pub(crate) fn new() -> History {
        History {
            table: Box::new([[0; HISTORY_SIZE]; 2]),
        }
    }

    pub(crate) fn clear(&mut self) {
        for side in self.table.iter_mut() {
            side.fill(0);
        }
    }

    /// Halves every entry: older lessons count less (between searches).
    pub(crate) fn age(&mut self) {
        for side in self.table.iter_mut() {
            side.iter_mut().for_each(|v| *v /= 2);
        }
    }

    fn get(&self, side: usize, mv: Move) -> i32 {
        self.table[side][index(mv)]
    }

    /// Rewards the move that cut (`bonus` > 0) or punishes one searched before it (< 0), with
    /// the usual gravity so values stay within ±`HISTORY_MAX`.
    pub(crate) fn update(&mut self, side: usize, mv: Move, bonus: i32) {
        let v = &mut self.table[side][index(mv)];
        *v += bonus - *v * bonus.abs() / HISTORY_MAX;
    }
}

/// The two killer moves of each ply: quiet moves that cut at that ply recently.
pub(crate) struct Killers([[Option<Move>; 2]; MAX_PLY]);

impl Killers {
    pub(crate) fn new() -> Killers {
        Killers([[None; 2]; MAX_PLY])
    }

    pub(crate) fn clear(&mut self) {
        self.0 = [[None; 2]; MAX_PLY];
    }

    pub(crate) fn add(&mut self, ply: usize, mv: Move) {
        let k = &mut self.0[ply];
        if k[0] != Some(mv) {
            k[1] = k[0];
            k[0] = Some(mv);
        }
    }

    pub(crate) fn is_killer(&self, ply: usize, mv: Move) -> bool {
        self.0[ply].contains(&Some(mv))
    }
}

const TT_MOVE: i32 = 1 << 30;
const CAPTURE: i32 = 1 << 24;
const KILLER: i32 = 1 << 20;

/// The moves of a node with their order keys, handed out best first.
pub(crate) struct Picker {
    pub(crate) moves: MoveList,
    keys: ArrayVec<i32, MAX_MOVES>,
    next: usize,
}

impl Picker {
    /// Orders `moves` of `pos` at `ply`.
    pub(crate) fn new(
        pos: &Position,
        moves: MoveList,
        tt_move: Option<Move>,
        killers: &Killers,
        history: &History,
        ply: usize,
    ) -> Picker {
        let side = pos.side_to_move().index();
        let keys = moves
            .iter()
            .map(|&mv| {
                if Some(mv) == tt_move {
                    TT_MOVE
                } else {
                    let caps = captures(pos, mv) as i32;
                    if caps > 0 {
                        CAPTURE + caps * 1024 + history.get(side, mv) / 32
                    } else if killers.is_killer(ply, mv) {
                        KILLER
                    } else {
                        history.get(side, mv)
                    }
                }
            })
            .collect();
        Picker {
            moves,
            keys,
            next: 0,
        }
    }

    /// The next move in order with its key, or `None` when all were handed out.
    pub(crate) fn next(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.keys[i] > self.keys[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.keys.swap(self.next, best);
        let out = (self.moves[self.next], self.keys[self.next]);
        self.next += 1;
        Some(out)
    }

    /// True for an order key of a capture or the table's move.
    pub(crate) fn is_tactical(key: i32) -> bool {
        key >= CAPTURE
    }

    /// True for an order key of a killer.
    pub(crate) fn is_killer_key(key: i32) -> bool {
        key == KILLER
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_move_then_captures_then_the_rest() {
        let pos: Position = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,bwbww,.,.,.,.,wbbwb/.,.,.,.,.,./.,.,.,. w 0 0 13 13"
            .parse()
            .unwrap();
        let tt: Move = "c3-c4".parse().unwrap();
        let mut picker = Picker::new(
            &pos,
            pos.legal_moves(),
            Some(tt),
            &Killers::new(),
            &History::new(),
            0,
        );
        assert_eq!(picker.next().map(|m| m.0), Some(tt));
        assert_eq!(picker.next().map(|m| m.0), Some("c3-h3".parse().unwrap()));
        assert_eq!(captures(&pos, "c3-h3".parse().unwrap()), 3);
        let rest: Vec<Move> = std::iter::from_fn(|| picker.next().map(|m| m.0)).collect();
        assert_eq!(rest.len(), pos.legal_moves().len() - 2);
    }
}
