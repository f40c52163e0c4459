//! The one-ply greedy player: the yardstick a real engine must crush.

use crate::rules::{Color, Move, Position};

use super::rng::Rng;

/// What the greedy player counts as its material: its reserve plus every piece in the
/// stacks it controls, minus the same for the opponent.
pub fn material(pos: &Position, color: Color) -> i32 {
    let commands = |c: Color| -> i32 {
        let stacked: usize = pos.controlled(c).map(|sq| pos.stack(sq).height()).sum();
        (pos.reserve(c) + stacked) as i32
    };
    commands(color) - commands(!color)
}

/// The greedy move: a move that wins at once if there is one, else one leaving the most
/// [`material`], ties broken at random by `rng`. `None` when there is no legal move.
pub fn greedy_move(pos: &Position, rng: &mut Rng) -> Option<Move> {
    let me = pos.side_to_move();
    let mut best: Vec<Move> = Vec::new();
    let mut best_value = i32::MIN;
    for &mv in &pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        let value = match child.outcome() {
            crate::rules::Outcome::Win { winner, .. } if winner == me => i32::MAX,
            crate::rules::Outcome::Win { .. } => i32::MIN + 1,
            crate::rules::Outcome::Ongoing => material(&child, me),
        };
        if value > best_value {
            best_value = value;
            best.clear();
        }
        if value == best_value {
            best.push(mv);
        }
    }
    (!best.is_empty()).then(|| best[rng.below(best.len())])
}
