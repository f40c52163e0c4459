//! The search: iterative deepening, principal-variation alpha-beta with a transposition table,
//! null-move pruning, late-move reductions and a capture quiescence search; exact win/loss
//! scores by distance.
// Longer than 400 lines: one search: the alpha-beta with its pruning and reductions and the
// quiescence search share the engine's state.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use crate::rules::{Color, Move, Outcome, Position};

use super::eval::{Evaluator, Sums, Weights};
use super::limits::{Budget, Limits};
use super::lines::capture_moves_with;
use super::ordering::{History, Killers, Picker};
use super::rng::mix;
use super::score::{
    INFINITE, MAX_PLY, Score, Value, from_table, is_mate, loss_in, to_table, win_in,
};
use super::tt::{Bound, DEFAULT_MIB, Table};
use super::zobrist::Zobrist;

/// Nodes between two looks at the clock (about half a millisecond).
const CLOCK_EVERY: u64 = 1024;

/// One finished iteration, as the protocol's `info` line reports it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// The iteration's depth, in plies.
    pub depth: u32,
    /// The score for the side to move.
    pub score: Score,
    /// Nodes searched so far in this search.
    pub nodes: u64,
    /// Time since the search began.
    pub time: Duration,
    /// The principal variation: the best line found, first move first.
    pub pv: Vec<Move>,
}

impl Info {
    /// Nodes per second so far.
    pub fn nps(&self) -> u64 {
        (self.nodes as u128 * 1_000_000 / self.time.as_micros().max(1)) as u64
    }
}

/// The result of a search.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Report {
    /// The move to play; `None` only when the side to move has no legal move.
    pub best: Option<Move>,
    /// The last iteration's report (depth 0 and no nodes for an only move or a finished game).
    pub info: Info,
}

/// Tunable switches of the search, for measuring one technique against another.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Options {
    /// Null-move pruning.
    pub null_move: bool,
    /// Late-move reductions.
    pub lmr: bool,
    /// Plies of capture search at the horizon (0 = none).
    pub quiescence: u32,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            null_move: true,
            lmr: true,
            quiescence: 4,
        }
    }
}

/// The engine: the transposition table and move-ordering memory kept between searches.
pub struct Engine {
    tt: Table,
    history: History,
    killers: Killers,
    eval: Evaluator,
    options: Options,
    // Per-search state.
    budget: Budget,
    nodes: u64,
    next_clock: u64,
    stopped: bool,
    /// Raised by another thread to end the search now (the protocol's `stop`).
    halt: Option<Arc<AtomicBool>>,
    noise: i32,
    seed: u64,
}

impl Default for Engine {
    fn default() -> Engine {
        Engine::new()
    }
}

impl Engine {
    /// An engine with the default 64 MiB table, tuned weights and every technique on.
    pub fn new() -> Engine {
        Engine::with_table_mib(DEFAULT_MIB)
    }

    /// An engine whose transposition table takes at most `mib` MiB.
    pub fn with_table_mib(mib: usize) -> Engine {
        Engine {
            tt: Table::new(mib),
            history: History::new(),
            killers: Killers::new(),
            eval: Evaluator::new(Weights::default()),
            options: Options::default(),
            budget: Budget::new(&Limits::default()),
            nodes: 0,
            next_clock: 0,
            stopped: false,
            halt: None,
            noise: 0,
            seed: 0,
        }
    }

    /// The same engine evaluating with `weights`.
    pub fn with_weights(mut self, weights: Weights) -> Engine {
        self.eval = Evaluator::new(weights);
        self
    }

    /// The same engine with search `options`.
    pub fn with_options(mut self, options: Options) -> Engine {
        self.options = options;
        self
    }

    /// Makes `halt` end every later search as soon as another thread raises it (within
    /// about half a millisecond): the search answers with its best move so far, as when its
    /// time runs out. `None` lets searches run to their limits.
    pub fn set_halt(&mut self, halt: Option<Arc<AtomicBool>>) {
        self.halt = halt;
    }

    /// Forgets everything learned: the transposition table, killers and history.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.history.clear();
        self.killers.clear();
    }

    /// Searches `pos` within `limits` and returns the best move found. Calls `on_info` after
    /// each finished iteration. Always returns a legal move when there is one; returns an only
    /// move at once without searching.
    pub fn search(
        &mut self,
        pos: &Position,
        limits: &Limits,
        mut on_info: impl FnMut(&Info),
    ) -> Report {
        self.budget = Budget::new(limits);
        self.nodes = 0;
        self.next_clock = CLOCK_EVERY;
        self.stopped = false;
        self.noise = limits.noise.max(0);
        self.seed = mix(limits.seed ^ 0xA5A5_5A5A);
        self.tt.new_search();
        self.history.age();
        self.killers.clear();

        let moves = pos.legal_moves();
        let mut report = Report {
            best: moves.first().copied(),
            info: Info {
                depth: 0,
                score: Score::Cp(0),
                nodes: 0,
                time: Duration::ZERO,
                pv: moves.first().copied().into_iter().collect(),
            },
        };
        if moves.len() <= 1 {
            if moves.is_empty() {
                report.info.score = Score::Loss(0);
            }
            report.info.time = self.budget.elapsed();
            return report;
        }
        let key = Zobrist::key(pos);
        let max_depth = limits
            .depth
            .unwrap_or(MAX_PLY as u32 - 1)
            .clamp(1, MAX_PLY as u32 - 1);
        for depth in 1..=max_depth {
            let (value, best) = self.root(pos, key, depth as i32, report.best);
            if self.stopped && best.is_none() {
                break;
            }
            report.best = best.or(report.best);
            if self.stopped {
                // A partial iteration: its move beat the previous best on a full search.
                report.info.nodes = self.nodes;
                report.info.time = self.budget.elapsed();
                break;
            }
            report.info = Info {
                depth,
                score: Score::from_value(value),
                nodes: self.nodes,
                time: self.budget.elapsed(),
                pv: self.pv(pos, key, report.best, depth as usize),
            };
            on_info(&report.info);
            // A proven result deep enough to be final, or no time for another iteration.
            if is_mate(value) && (win_in(0) - value.abs()) < depth as Value {
                break;
            }
            if self.budget.past_soft() || self.budget.out_of_nodes(self.nodes) || self.halted() {
                break;
            }
        }
        report
    }

    /// One iteration at the root. Returns its value and best move; the move is `None` when
    /// the search stopped before any move's value was known.
    fn root(
        &mut self,
        pos: &Position,
        key: u64,
        depth: i32,
        prev: Option<Move>,
    ) -> (Value, Option<Move>) {
        let (mut alpha, beta) = (-INFINITE, INFINITE);
        let tt_move = self.tt.probe(key).and_then(|h| h.mv).or(prev);
        let sums = self.eval.sums(pos);
        let mut picker = Picker::generate(pos, tt_move, &self.killers, &self.history, 0);
        let mut best = None;
        let mut first = true;
        while let Some((mv, _)) = picker.next() {
            let mut child = *pos;
            child.play_unchecked(mv);
            let ckey = Zobrist::after(key, pos, &child, mv);
            let cs = self.eval.sums_after(&sums, pos, &child, mv);
            self.nodes += 1;
            let value = if first {
                -self.negamax(&child, ckey, &cs, depth - 1, -beta, -alpha, 1, true)
            } else {
                let v = -self.negamax(&child, ckey, &cs, depth - 1, -alpha - 1, -alpha, 1, true);
                if v > alpha && !self.stopped {
                    -self.negamax(&child, ckey, &cs, depth - 1, -beta, -alpha, 1, true)
                } else {
                    v
                }
            };
            if self.stopped {
                break;
            }
            first = false;
            if value > alpha {
                alpha = value;
                best = Some(mv);
            }
        }
        if let Some(mv) = best {
            self.tt
                .store(key, Some(mv), to_table(alpha, 0), depth, Bound::Exact);
        }
        (alpha, best)
    }

    /// The principal variation: `best`, then the table's moves while they are legal.
    fn pv(&self, pos: &Position, key: u64, best: Option<Move>, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let (mut pos, mut key) = (*pos, key);
        let mut next = best;
        while let Some(mv) = next {
            if line.len() >= max.max(1) || pos.check(mv).is_err() {
                break;
            }
            let mut child = pos;
            child.play_unchecked(mv);
            key = Zobrist::after(key, &pos, &child, mv);
            pos = child;
            line.push(mv);
            next = self.tt.probe(key).and_then(|h| h.mv);
        }
        line
    }

    /// True when the search must stop now (time or nodes); checked at every node.
    fn must_stop(&mut self) -> bool {
        if self.stopped || self.budget.out_of_nodes(self.nodes) {
            self.stopped = true;
        } else if self.nodes >= self.next_clock {
            self.next_clock = self.nodes + CLOCK_EVERY;
            self.stopped = self.budget.out_of_time() || self.halted();
        }
        self.stopped
    }

    /// True when another thread asked this search to end ([`Engine::set_halt`]).
    fn halted(&self) -> bool {
        self.halt
            .as_ref()
            .is_some_and(|h| h.load(Ordering::Relaxed))
    }

    /// The static evaluation with the level's noise.
    fn eval(&self, pos: &Position, key: u64, sums: &Sums) -> Value {
        self.eval_and_threats(pos, key, sums).0
    }

    /// [`Engine::eval`], and whether the side to move has a capture.
    fn eval_and_threats(&self, pos: &Position, key: u64, sums: &Sums) -> (Value, bool) {
        let (v, capture) = self.eval.evaluate_with(pos, sums);
        if self.noise == 0 {
            (v, capture)
        } else {
            let span = 2 * self.noise as u64 + 1;
            (
                v + (mix(key ^ self.seed) % span) as Value - self.noise,
                capture,
            )
        }
    }

    /// True when either side is close to running out of moves (no reserve and at most two
    /// stacks): forced wins are near, and passing would hide them, so no null move.
    fn endgame(pos: &Position) -> bool {
        Color::ALL
            .into_iter()
            .any(|c| pos.reserve(c) == 0 && pos.controlled_mask(c).count_ones() <= 2)
    }

    /// The value of a finished game for its side to move, `ply` plies from the root.
    fn terminal(pos: &Position, ply: usize) -> Option<Value> {
        match pos.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, .. } if winner == pos.side_to_move() => Some(win_in(ply)),
            Outcome::Win { .. } => Some(loss_in(ply)),
        }
    }

    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &Position,
        key: u64,
        sums: &Sums,
        depth: i32,
        mut alpha: Value,
        mut beta: Value,
        ply: usize,
        null_ok: bool,
    ) -> Value {
        if let Some(v) = Self::terminal(pos, ply) {
            return v;
        }
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.quiesce(pos, key, sums, alpha, beta, ply, self.options.quiescence);
        }
        if self.must_stop() {
            return 0;
        }
        // Mate-distance pruning: nothing here beats a win found nearer the root.
        alpha = alpha.max(loss_in(ply));
        beta = beta.min(win_in(ply + 1));
        if alpha >= beta {
            return alpha;
        }
        let pv_node = beta - alpha > 1;
        let hit = self.tt.probe(key);
        if let Some(h) = hit
            && !pv_node
            && h.depth >= depth
        {
            let v = from_table(h.value, ply);
            match h.bound {
                Bound::Exact => return v,
                Bound::Lower if v >= beta => return v,
                Bound::Upper if v <= alpha => return v,
                _ => {}
            }
        }
        let tt_move = hit.and_then(|h| h.mv);

        // Null move: if passing still beats beta, a real move will too (Focus has no zugzwang
        // worth the cost of verifying).
        if self.options.null_move
            && null_ok
            && !pv_node
            && depth >= 3
            && !is_mate(beta)
            && !Self::endgame(pos)
        {
            let stand = self.eval(pos, key, sums);
            if stand >= beta {
                let r = 2 + depth / 4;
                let passed = pos.passed();
                let pkey = Zobrist::after_pass(key, pos, &passed);
                self.nodes += 1;
                let v = -self.negamax(
                    &passed,
                    pkey,
                    sums,
                    depth - 1 - r,
                    -beta,
                    -beta + 1,
                    ply + 1,
                    false,
                );
                if self.stopped {
                    return 0;
                }
                if v >= beta {
                    return if is_mate(v) { beta } else { v };
                }
            }
        }

        let side = pos.side_to_move().index();
        let mut picker = Picker::generate(pos, tt_move, &self.killers, &self.history, ply);
        let alpha0 = alpha;
        let mut best_value = -INFINITE;
        let mut best_move = None;
        let mut quiets_tried: arrayvec::ArrayVec<Move, 64> = arrayvec::ArrayVec::new();
        let mut n = 0;
        while let Some((mv, order)) = picker.next() {
            let mut child = *pos;
            child.play_unchecked(mv);
            let ckey = Zobrist::after(key, pos, &child, mv);
            if depth > 1 {
                // The child probes the table first thing; start its load now.
                self.tt.prefetch(ckey);
            }
            let cs = self.eval.sums_after(sums, pos, &child, mv);
            self.nodes += 1;
            let quiet = !Picker::is_tactical(order);
            let value = if n == 0 {
                -self.negamax(&child, ckey, &cs, depth - 1, -beta, -alpha, ply + 1, true)
            } else {
                let mut r = 0;
                if self.options.lmr
                    && depth >= 3
                    && n >= 3
                    && quiet
                    && !Picker::is_killer_key(order)
                {
                    r = 1 + (n >= 10) as i32 + (depth >= 6 && n >= 20) as i32;
                    r = r.min(depth - 2);
                }
                let mut v = -self.negamax(
                    &child,
                    ckey,
                    &cs,
                    depth - 1 - r,
                    -alpha - 1,
                    -alpha,
                    ply + 1,
                    true,
                );
                if v > alpha && r > 0 && !self.stopped {
                    v = -self.negamax(
                        &child,
                        ckey,
                        &cs,
                        depth - 1,
                        -alpha - 1,
                        -alpha,
                        ply + 1,
                        true,
                    );
                }
                if v > alpha && v < beta && !self.stopped {
                    v = -self.negamax(&child, ckey, &cs, depth - 1, -beta, -alpha, ply + 1, true);
                }
                v
            };
            if self.stopped {
                return 0;
            }
            n += 1;
            if value > best_value {
                best_value = value;
                best_move = Some(mv);
                if value > alpha {
                    alpha = value;
                    if value >= beta {
                        if quiet {
                            self.killers.add(ply, mv);
                            let bonus = (depth * depth).min(400);
                            self.history.update(side, mv, bonus);
                            for &q in &quiets_tried {
                                self.history.update(side, q, -bonus);
                            }
                        }
                        break;
                    }
                }
            }
            if quiet && !quiets_tried.is_full() {
                quiets_tried.push(mv);
            }
        }
        let bound = if best_value >= beta {
            Bound::Lower
        } else if best_value > alpha0 {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt
            .store(key, best_move, to_table(best_value, ply), depth, bound);
        best_value
    }

    /// Captures only, until the position is quiet or `left` plies are used; the side to move
    /// may always stand on the static evaluation.
    #[allow(clippy::too_many_arguments)]
    fn quiesce(
        &mut self,
        pos: &Position,
        key: u64,
        sums: &Sums,
        mut alpha: Value,
        beta: Value,
        ply: usize,
        left: u32,
    ) -> Value {
        if let Some(v) = Self::terminal(pos, ply) {
            return v;
        }
        if self.must_stop() {
            return 0;
        }
        let (stand, has_capture) = self.eval_and_threats(pos, key, sums);
        if left == 0 || !has_capture || stand >= beta || ply >= MAX_PLY - 1 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut caps = arrayvec::ArrayVec::new();
        capture_moves_with(pos, &sums.at_least, &mut caps);
        caps.sort_unstable_by_key(|c: &(u32, Move)| std::cmp::Reverse(c.0));
        for (_, mv) in caps {
            let mut child = *pos;
            child.play_unchecked(mv);
            self.nodes += 1;
            let ckey = if self.noise == 0 {
                0
            } else {
                Zobrist::after(key, pos, &child, mv)
            };
            let cs = self.eval.sums_after(sums, pos, &child, mv);
            let v = -self.quiesce(&child, ckey, &cs, -beta, -alpha, ply + 1, left - 1);
            if self.stopped {
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        best
    }
}
