//! Property tests on random games: invariants of the rules that must hold in every position.

use focus_bot::rules::{
    Color, Move, Outcome, PIECES_PER_PLAYER, Position, Rules, Square, Stack, WinReason,
};
use proptest::prelude::*;

/// Starting points: the standard start and the sparse positions of the rules note, which reach
/// captures, reserves and game ends quickly.
const STARTS: [&str; 4] = [
    ".,.,.,./b,b,w,w,b,b/.,w,w,b,b,w,w,./.,b,b,w,w,b,b,./.,w,w,b,b,w,w,./.,b,b,w,w,b,b,./w,w,b,b,w,w/.,.,.,. w 0 0 0 0",
    ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13",
    ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,bwbww,.,.,.,.,wbbwb/.,.,.,.,.,./.,.,.,. w 0 0 13 13",
    "w,.,.,./.,b,.,.,.,./.,.,.,.,.,.,.,bwbbw/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./wwwwb,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,b b 2 3 9 9",
];

fn check_invariants(p: &Position) {
    for color in Color::ALL {
        assert_eq!(
            p.on_board(color) + p.reserve(color) + p.captured_by(!color),
            PIECES_PER_PLAYER,
            "{color}'s pieces in {p}"
        );
    }
    for (sq, stack) in p.stacks() {
        assert!(stack.height() <= Stack::MAX_HEIGHT, "{sq} in {p}");
    }
    // FPN round-trips (rules and ply are not part of FPN).
    let back = Position::from_fpn(&p.to_string(), p.rules()).expect("own FPN parses");
    assert_eq!(back.to_string(), p.to_string());
    assert!(back.stacks().eq(p.stacks()));
    assert_eq!(back.side_to_move(), p.side_to_move());
}

/// A move that may or may not be legal, built from raw numbers.
fn arbitrary_move(kind: u8, a: usize, b: usize) -> Option<Move> {
    let (x, y) = (Square::ALL[a % 52], Square::ALL[b % 52]);
    match kind % 3 {
        0 => Move::step(x, y).ok(),
        1 => Some(Move::Drop { to: x }),
        _ => Move::swap(x, y).ok(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(160))]

    #[test]
    fn random_games_keep_the_rules(
        start in 0..STARTS.len(),
        rules in 0..4usize,
        choices in prop::collection::vec((any::<u16>(), any::<u8>(), 0..52usize, 0..52usize), 1..300),
    ) {
        let mut p = Position::from_fpn(STARTS[start], Rules::ALL[rules]).unwrap();
        for (choice, kind, a, b) in choices {
            check_invariants(&p);
            let moves = p.legal_moves();

            // A random move is accepted by `play` exactly when it was generated; a refused move
            // changes nothing.
            if let Some(mv) = arbitrary_move(kind, a, b) {
                let mut q = p;
                let played = q.play(mv);
                prop_assert_eq!(played.is_ok(), moves.contains(&mv), "{} in {}", mv, p);
                if played.is_err() {
                    prop_assert_eq!(q, p);
                }
            }

            if moves.is_empty() {
                // No legal move: the game is over, and (mirror rule aside) the side to move lost.
                let outcome = p.outcome();
                prop_assert!(outcome.is_over());
                if let Outcome::Win { winner, reason: WinReason::NoLegalMove } = outcome {
                    prop_assert_eq!(winner, !p.side_to_move());
                    prop_assert_eq!(p.controlled(p.side_to_move()).count(), 0);
                    prop_assert_eq!(p.reserve(p.side_to_move()), 0);
                }
                break;
            }
            prop_assert_eq!(p.outcome(), Outcome::Ongoing);
            // Every controlled stack has at least two legal moves (rules note, "End").
            for sq in p.controlled(p.side_to_move()) {
                if !p.is_swap_turn() {
                    prop_assert!(p.moves_from(sq).len() >= 2);
                }
            }

            let mv = moves[choice as usize % moves.len()];
            // Notation round-trips through the parser, which `play` then accepts.
            let text = mv.to_string();
            prop_assert_eq!(text.parse::<Move>(), Ok(mv));
            let mut checked = p;
            let loses = p.loses_by_mirror(mv);
            let effect = checked.play(mv).expect("generated moves are legal");
            // A move "loses by the mirror rule" exactly when playing it ends the game so.
            let mirrored = Outcome::Win { winner: Color::White, reason: WinReason::MirrorRule };
            prop_assert_eq!(loses, checked.outcome() == mirrored, "{} in {}", mv, p);
            let unchecked_effect = p.play_unchecked(mv);
            prop_assert_eq!(effect, unchecked_effect);
            prop_assert_eq!(checked, p);
        }
        check_invariants(&p);
    }
}
