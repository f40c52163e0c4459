//! The Dutch system's colour allocation (C.04.3 Article 5.2): "the higher ranked player" of
//! 5.2.4 and 5.2.5 is ranked by Article 1.2, score first and then pairing number (issue 32).
//! Each expected pairing is bbpPairings' answer for the same file (`--dutch FILE -p`).

use focus_bot::pairing::dutch;
use focus_bot::pairing::{Pairing, trf};

/// A player line: starting number `n`, rating 2000, `points`, and the round blocks.
fn line(n: u32, name: &str, points: &str, blocks: &str) -> String {
    format!(
        "001 {n:>4}      {name:<33} 2000{:28}{points:>4} {n:>4}  {blocks}\n",
        ""
    )
}

/// Round 1 was byes only: 1 and 2 a zero-point bye, 3 a full-point bye. In round 2, 3 floats
/// down to meet 1 and 2 receives the pairing-allocated bye. Neither 1 nor 3 has played, so
/// 5.2.5 decides by the higher ranked player: 3, on score (1 point against 0), although 1 has
/// the smaller pairing number. 3's number is odd: 3 takes the initial colour, White.
#[test]
fn the_initial_colour_goes_by_the_higher_score_before_the_pairing_number() {
    let text = format!(
        "012 Colours\nXXR 3\nXXC white1\n{}{}{}",
        line(1, "One", "0.0", "0000 - Z"),
        line(2, "Two", "0.0", "0000 - Z"),
        line(3, "Three", "1.0", "0000 - F"),
    );
    let tournament = trf::parse(&text).expect("a valid file");
    let pairings = dutch::pair(&tournament, 2, &tournament.to_pair_in(2)).expect("a pairing");
    assert_eq!(
        pairings,
        [Pairing::Game { white: 3, black: 1 }, Pairing::Bye(2)]
    );
}

/// 5.2.5 reads the higher ranked player's pairing number, the tournament pairing number of
/// Article 1.2.2, which does not change when another player is absent. Round 1: 1 beat 3, 2 and
/// 4 both forfeited, 5 had the pairing-allocated bye; 1 is out of round 2. 5 (1 point) meets 2
/// (0), neither has played: 5 is the higher ranked, number 5 is odd, so 5 takes the initial
/// colour, White. Counting only the players present, 5 would be fourth, and Black.
#[test]
fn the_initial_colour_reads_the_tournament_pairing_number_with_a_player_absent() {
    let text = format!(
        "012 Absent\nXXR 4\nXXC white1\n{}{}{}{}{}",
        line(1, "One", "1.0", "   3 w 1  0000 - -"),
        line(2, "Two", "0.0", "   4 b -"),
        line(3, "Three", "0.0", "   1 b 0"),
        line(4, "Four", "0.0", "   2 w -"),
        line(5, "Five", "1.0", "0000 - U"),
    );
    let tournament = trf::parse(&text).expect("a valid file");
    let to_pair = tournament.to_pair_in(2);
    assert_eq!(to_pair, [2, 3, 4, 5]);
    let pairings = dutch::pair(&tournament, 2, &to_pair).expect("a pairing");
    assert_eq!(
        pairings,
        [
            Pairing::Game { white: 5, black: 2 },
            Pairing::Game { white: 3, black: 4 }
        ]
    );
}
