//! Hints as a pure decision (`focus_bot::domain::hints`): three a game, the same position
//! gets the same advice without counting it again.

use focus_bot::domain::hints::{self, HINTS_PER_GAME, Hint};
use focus_bot::domain::{GameError, GameId};

fn hint(ply: u32, notation: &str) -> Hint {
    Hint {
        ply,
        notation: notation.into(),
    }
}

#[test]
fn a_game_gets_three_hints_and_asking_again_at_a_ply_repeats_its_hint() {
    let id = GameId(7);
    assert_eq!(HINTS_PER_GAME, 3);
    assert_eq!(hints::next(id, &[], 0), Ok(None));
    let given = [hint(0, "c4-d4"), hint(2, "a4-b4")];
    assert_eq!(hints::next(id, &given, 2), Ok(Some(&given[1])));
    assert_eq!(hints::next(id, &given, 4), Ok(None));
    let all = [hint(0, "c4-d4"), hint(2, "a4-b4"), hint(4, "d4-e4")];
    // The third hint's ply still gets its hint; a fourth ply gets none.
    assert_eq!(hints::next(id, &all, 4), Ok(Some(&all[2])));
    assert_eq!(hints::next(id, &all, 6), Err(GameError::NoHintsLeft(id)));
}
