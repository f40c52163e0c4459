//! Move ordering: the table's move first, then captures (most pieces first), then the killer
//! moves of the ply, then the rest by history. Good ordering is most of alpha-beta's speed.
// Longer than 400 lines: the move order's keys and its picker, one procedure; the last 160 lines
// are unit tests, among them the check of the capture generator of `lines` against `captures`.

use arrayvec::ArrayVec;

use crate::rules::{MAX_MOVES, Move, MoveList, Position, Square, Stack, TARGETS, square_unchecked};

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
}

// Order keys, small enough to share an `i32` with a move's place (see `Picker::keys`): quiet
// moves by history, within ±`HISTORY_MAX` (the gravity of `History::update` keeps them so),
// then killers, then captures (most pieces first: 1 to 5 of them, history breaking ties
// within ±512), then the table's move.
const TT_MOVE: i32 = 32_767;
const CAPTURE: i32 = 16_500;
const KILLER: i32 = 16_400;
const _: () = assert!(HISTORY_MAX < KILLER && KILLER < CAPTURE + 1024 - 512);
const _: () = assert!(CAPTURE + 5 * 1024 + 512 < TT_MOVE);

/// `key` of the move at `place` packed so that the larger of two packed keys is the move with
/// the better key, or with the same key the earlier place: one maximum then finds the move
/// the first-best selection hands out.
#[inline]
fn packed(key: i32, place: usize) -> i32 {
    debug_assert!((-HISTORY_MAX..=TT_MOVE).contains(&key) && place < 256);
    (key << 8) | (255 - place as i32)
}

/// The moves of a node with their order keys, handed out best first.
pub(crate) struct Picker {
    pub(crate) moves: MoveList,
    /// Per move, its order key and its place in `moves` ([`packed`]).
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
        // One pass over the moves with the side's history row and the ply's killers at hand;
        // the table's move is marked afterwards (it outranks everything, whatever else it is).
        let side = pos.side_to_move();
        let row = &history.table[side.index()];
        let killers_here = &killers.0[ply];
        let mut keys: ArrayVec<i32, MAX_MOVES> = moves
            .iter()
            .map(|&mv| {
                let (target, count, index) = match mv {
                    Move::Step { from, to } => (
                        pos.board[to.index()],
                        mv.count(),
                        from.index() * 64 + to.index(),
                    ),
                    Move::Drop { to } => (pos.board[to.index()], 1, 4096 + to.index()),
                    Move::Swap { a, .. } => (Stack::EMPTY, 0, 4160 + a.index()),
                };
                let h = row[index];
                let caps = captures_by_landing(target, count, side) as i32;
                if caps > 0 {
                    CAPTURE + caps * 1024 + h / 32
                } else if killers_here.contains(&Some(mv)) {
                    KILLER
                } else {
                    h
                }
            })
            .enumerate()
            .map(|(i, key)| packed(key, i))
            .collect();
        if let Some(tt) = tt_move
            && let Some(i) = moves.iter().position(|&m| m == tt)
        {
            keys[i] = packed(TT_MOVE, i);
        }
        Picker {
            moves,
            keys,
            next: 0,
        }
    }

    /// The legal moves of `pos` ordered as [`Picker::new`] orders them, generated and keyed in
    /// one pass: the same moves in the same order as [`Position::legal_moves`] with the same
    /// keys, without going through each move's kind, distance and squares again.
    pub(crate) fn generate(
        pos: &Position,
        tt_move: Option<Move>,
        killers: &Killers,
        history: &History,
        ply: usize,
    ) -> Picker {
        if pos.mirror_loss || pos.is_swap_turn() {
            return Picker::new(pos, pos.legal_moves(), tt_move, killers, history, ply);
        }
        let side = pos.side_to_move();
        let row = &history.table[side.index()];
        let [k0, k1] = killers.0[ply];
        let mut moves = MoveList::new();
        let mut keys: ArrayVec<i32, MAX_MOVES> = ArrayVec::new();
        let key_of = |mv: Move, target: Stack, count: usize, h: i32| {
            let caps = captures_by_landing(target, count, side) as i32;
            if caps > 0 {
                CAPTURE + caps * 1024 + h / 32
            } else if k0 == Some(mv) || k1 == Some(mv) {
                KILLER
            } else {
                h
            }
        };
        // As `Position::legal_moves`: steps by square, direction and distance, then drops.
        let mut bits = pos.controlled[side.index()];
        while bits != 0 {
            let from = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            let height = pos.board[from].height();
            for targets in &TARGETS[from] {
                for (k, &to) in targets[..height].iter().enumerate() {
                    if to == u8::MAX {
                        break; // ranks and files are unbroken: nothing further is on the board
                    }
                    let mv = Move::Step {
                        from: square_unchecked(from as u8),
                        to: square_unchecked(to),
                    };
                    let h = row[from * 64 + to as usize];
                    keys.push(packed(
                        key_of(mv, pos.board[to as usize], k + 1, h),
                        moves.len(),
                    ));
                    moves.push(mv);
                }
            }
        }
        if pos.reserve[side.index()] > 0 {
            for to in Square::ALL {
                let mv = Move::Drop { to };
                let h = row[4096 + to.index()];
                keys.push(packed(key_of(mv, pos.board[to.index()], 1, h), moves.len()));
                moves.push(mv);
            }
        }
        if let Some(tt) = tt_move
            && let Some(i) = moves.iter().position(|&m| m == tt)
        {
            keys[i] = packed(TT_MOVE, i);
        }
        Picker {
            moves,
            keys,
            next: 0,
        }
    }

    /// The next move in order with its order key, or `None` when all were handed out: the
    /// first of the best keys left, swapped to the front of what is left.
    pub(crate) fn next(&mut self) -> Option<(Move, i32)> {
        let n = self.moves.len();
        let rest = self.keys.get(self.next..n).filter(|r| !r.is_empty())?;
        // One vectorised maximum over the packed keys finds the first of the best moves left.
        let best = rest.iter().copied().fold(i32::MIN, i32::max);
        let at = (255 - (best & 0xFF)) as usize;
        self.moves.swap(self.next, at);
        // The keys trade places, each keeping the place bits of the slot it moves to.
        let (here, there) = (self.keys[self.next], self.keys[at]);
        self.keys[self.next] = (there & !0xFF) | (here & 0xFF);
        self.keys[at] = (here & !0xFF) | (there & 0xFF);
        let out = (self.moves[self.next], best >> 8);
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
    use crate::engine::lines::captures_list;
    use crate::engine::rng::Rng;
    use crate::rules::Rules;

    // Here rather than beside `captures_list`: the lines module is below this one, and the
    // check needs both.
    #[test]
    fn capture_generator_agrees_with_legal_moves() {
        let mut rng = Rng::new(21);
        for rules in Rules::ALL {
            for _ in 0..10 {
                let mut pos = Position::start().with_rules(rules);
                for _ in 0..150 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    let mut want: Vec<Move> = moves
                        .iter()
                        .copied()
                        .filter(|&m| captures(&pos, m) > 0)
                        .collect();
                    let mut got: Vec<Move> = captures_list(&pos).to_vec();
                    want.sort_by_key(|m| m.to_string());
                    got.sort_by_key(|m| m.to_string());
                    assert_eq!(got, want, "in {pos}");
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
    }

    /// The order as first written: every key from [`captures`], [`index`] and the killers, and
    /// a selection that keeps the first best key seen. The picker must hand out the same moves
    /// in the same order, ties included, or searches change.
    fn reference_order(
        pos: &Position,
        tt_move: Option<Move>,
        killers: &Killers,
        history: &History,
        ply: usize,
    ) -> Vec<(Move, i32)> {
        const TT_MOVE: i32 = 1 << 30;
        const CAPTURE: i32 = 1 << 24;
        const KILLER: i32 = 1 << 20;
        let side = pos.side_to_move().index();
        let mut moves = pos.legal_moves();
        let mut keys: Vec<i32> = moves
            .iter()
            .map(|&mv| {
                let h = history.table[side][index(mv)];
                if Some(mv) == tt_move {
                    TT_MOVE
                } else if captures(pos, mv) > 0 {
                    CAPTURE + captures(pos, mv) as i32 * 1024 + h / 32
                } else if killers.0[ply].contains(&Some(mv)) {
                    KILLER
                } else {
                    h
                }
            })
            .collect();
        let mut out = Vec::new();
        for next in 0..moves.len() {
            let mut best = next;
            for i in next + 1..moves.len() {
                if keys[i] > keys[best] {
                    best = i;
                }
            }
            moves.swap(next, best);
            keys.swap(next, best);
            // The key as its kind: table move or capture, killer, or the history value.
            let kind = if keys[next] >= CAPTURE {
                1 << 20
            } else if keys[next] == KILLER {
                1 << 19
            } else {
                keys[next]
            };
            out.push((moves[next], kind));
        }
        out
    }

    #[test]
    fn hands_out_the_reference_order() {
        let mut rng = Rng::new(31);
        let mut history = History::new();
        let mut killers = Killers::new();
        for rules in Rules::ALL {
            for _ in 0..10 {
                let mut pos = Position::start().with_rules(rules);
                for ply in 0..120 {
                    let moves = pos.legal_moves();
                    if moves.is_empty() {
                        break;
                    }
                    // Some history (many moves keep equal keys: ties matter), a killer, and a
                    // table move, legal or not.
                    for _ in 0..8 {
                        let mv = moves[rng.below(moves.len())];
                        let bonus = rng.below(801) as i32 - 400;
                        history.update(pos.side_to_move().index(), mv, bonus);
                    }
                    killers.add(ply, moves[rng.below(moves.len())]);
                    let tt = match rng.below(3) {
                        0 => None,
                        1 => Some(moves[rng.below(moves.len())]),
                        _ => Some(Move::Drop {
                            to: crate::rules::Square::ALL[rng.below(52)],
                        }),
                    };
                    let mut picker =
                        Picker::new(&pos, pos.legal_moves(), tt, &killers, &history, ply);
                    let kind = |(mv, key): (Move, i32)| {
                        if Picker::is_tactical(key) {
                            (mv, 1 << 20)
                        } else if Picker::is_killer_key(key) {
                            (mv, 1 << 19)
                        } else {
                            (mv, key)
                        }
                    };
                    let got: Vec<(Move, i32)> =
                        std::iter::from_fn(|| picker.next().map(kind)).collect();
                    let want = reference_order(&pos, tt, &killers, &history, ply);
                    assert_eq!(got, want, "{pos}");
                    let mut picker = Picker::generate(&pos, tt, &killers, &history, ply);
                    let got: Vec<(Move, i32)> =
                        std::iter::from_fn(|| picker.next().map(kind)).collect();
                    assert_eq!(got, want, "generated in {pos}");
                    pos.play_unchecked(moves[rng.below(moves.len())]);
                }
            }
        }
    }

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
