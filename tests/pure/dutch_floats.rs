//! The Dutch system's floats from unplayed rounds (issue 32): a player who scores without
//! playing counts as a downfloater; one who scores nothing (a zero-point bye, a forfeit loss,
//! an absence) does not. The expected pairing is bbpPairings' answer for the same file.

use focus_bot::pairing::dutch;
use focus_bot::pairing::{Pairing, trf};

/// A player line: starting number `n`, rating 2000, `points`, and the round blocks.
fn line(n: u32, name: &str, points: &str, blocks: &str) -> String {
    format!(
        "001 {n:>4}      {name:<33} 2000{:28}{points:>4} {n:>4}  {blocks}\n",
        ""
    )
}

/// Round 1: 1 and 2 drew, 4 won by forfeit against 3, 5 took a zero-point bye. In round 2 the
/// pairing-allocated bye goes to 3 or 5, both on 0 points with one unplayed round. 5's
/// zero-point bye is no downfloat, so nothing keeps the bye (a downfloat) from the lowest
/// ranked, 5; counted as a downfloat, it would repeat one and the bye would go to 3.
#[test]
fn a_zero_point_bye_is_no_downfloat() {
    let text = format!(
        "012 Floats\nXXR 3\nXXC white1\n{}{}{}{}{}",
        line(1, "One", "0.5", "   2 w ="),
        line(2, "Two", "0.5", "   1 b ="),
        line(3, "Three", "0.0", "   4 w -"),
        line(4, "Four", "1.0", "   3 b +"),
        line(5, "Five", "0.0", "0000 - Z"),
    );
    let tournament = trf::parse(&text).expect("a valid file");
    let pairings = dutch::pair(&tournament, 2, &tournament.to_pair_in(2)).expect("a pairing");
    assert_eq!(
        pairings,
        [
            Pairing::Game { white: 4, black: 1 },
            Pairing::Game { white: 2, black: 3 },
            Pairing::Bye(5)
        ]
    );
}
