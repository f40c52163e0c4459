//! The test vectors of `focus-rules.md`, each checked against the rules module.

use focus_bot::rules::{
    Color, Move, MoveEffect, MoveError, Outcome, ParseMoveError, ParseSquareError, PlayError,
    Position, Rules, Square, WinReason, perft,
};

const FIVE_ON_FIVE: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,bwbww,.,.,.,.,wbbwb/.,.,.,.,.,./.,.,.,. w 0 0 13 13";
const SCATTERED: &str = "w,.,.,./.,b,.,.,.,./.,.,.,.,.,.,.,bwbbw/.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./wwwwb,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,b b 2 3 9 9";
const SEED: &str = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbw,.,wbwb,b,.,./.,.,.,.,.,.,.,./.,.,.,.,wb,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 13 13";
const START: &str = ".,.,.,./b,b,w,w,b,b/.,w,w,b,b,w,w,./.,b,b,w,w,b,b,./.,w,w,b,b,w,w,./.,b,b,w,w,b,b,./w,w,b,b,w,w/.,.,.,. w 0 0 0 0";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn pos(fpn: &str) -> Position {
    fpn.parse().unwrap()
}

#[test]
fn start_position_is_the_fpn_of_the_note() {
    assert_eq!(Position::start().to_string(), START);
    assert_eq!(pos(START), Position::start());
    let start = Position::start();
    assert_eq!(start.side_to_move(), Color::White);
    for c in Color::ALL {
        assert_eq!(start.on_board(c), 18);
        assert_eq!(start.reserve(c), 0);
        assert_eq!(start.captured_by(c), 0);
    }
}

#[test]
fn perft_from_the_start_to_depth_three() {
    let start = Position::start();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [68, 4_460, 299_912]);
}

/// 19.5 million leaves, every one played: about 6 s in a test build (the crate's own code is
/// unoptimised, its dependencies are not), so it runs with the rest of the suite.
#[test]
fn perft_from_the_start_depth_four() {
    assert_eq!(perft(&Position::start(), 4), 19_521_582);
}

#[test]
fn perft_from_the_other_positions() {
    for (fpn, expected) in [
        (SEED, [11, 300, 3_630]),
        (FIVE_ON_FIVE, [14, 152, 1_752]),
        (SCATTERED, [66, 4_116, 283_153]),
    ] {
        let p = pos(fpn);
        let counts: Vec<u64> = (1..=3).map(|d| perft(&p, d)).collect();
        assert_eq!(counts, expected, "{fpn}");
    }
}

#[test]
fn start_depth_one_moves_by_square() {
    // Singles on b2 and g2 have two moves each, the other sixteen white singles four.
    let start = Position::start();
    for (name, expected) in [("b2", 2), ("g2", 2), ("c2", 4), ("d3", 4), ("e7", 4)] {
        assert_eq!(start.moves_from(sq(name)).len(), expected, "{name}");
    }
}

#[test]
fn five_on_five_moves_the_whole_stack_and_trims_all_five() {
    let mut p = pos(FIVE_ON_FIVE);
    let effect = p.play("c3-h3".parse().unwrap()).unwrap();
    assert_eq!(
        effect,
        MoveEffect {
            to_reserve: 2,
            captured: 3
        }
    );
    assert_eq!(p.stack(sq("h3")).to_string(), "bwbww");
    assert_eq!(
        p.to_string(),
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,bwbww/.,.,.,.,.,./.,.,.,. b 2 0 16 13"
    );
}

#[test]
fn split_and_jump() {
    // c3 = wbww, f3 = b; the other pieces are parked out of the way to make 18 a side.
    let fpn = "bbbbb,bbbbb,bbbbb,b/wwwww,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,wbww,.,.,b,.,./wwwww,wwwww,.,.,.,./.,.,.,. w 0 0 0 0";
    let mut p = pos(fpn);
    assert_eq!(p.play("c3-f3".parse().unwrap()), Ok(MoveEffect::default()));
    assert_eq!(p.stack(sq("c3")).to_string(), "w");
    assert_eq!(p.stack(sq("d3")), pos(fpn).stack(sq("d3")));
    assert_eq!(p.stack(sq("f3")).to_string(), "bbww");
    assert_eq!(p.stack(sq("f3")).top(), Some(Color::White));
}

#[test]
fn worked_example_of_the_commissioning_description() {
    let mut p = pos(SEED);
    let plies = [
        "c5-e5", "f5-e5", "+e5", "e3-e5", "+e5", "+e5", "+e5", "+e5", "+e5", "+e5", "c5-b5", "+b5",
    ];
    let mut effects = Vec::new();
    for (i, text) in plies.iter().enumerate() {
        assert_eq!(p.outcome(), Outcome::Ongoing, "before ply {}", i + 1);
        let (_, effect) = p.play_str(text).unwrap();
        effects.push(effect);
        if i == 3 {
            // After 2... e3-e5: White 1 in reserve, Black 3.
            assert_eq!((p.reserve(Color::White), p.reserve(Color::Black)), (1, 3));
        }
    }
    // Black's drop in move 4 and both drops in move 5 capture one piece each.
    let captures: Vec<usize> = effects.iter().map(|e| e.captured).collect();
    assert_eq!(captures, [0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 0, 0]);
    assert_eq!(
        p.outcome(),
        Outcome::Win {
            winner: Color::Black,
            reason: WinReason::NoLegalMove
        }
    );
    assert!(p.legal_moves().is_empty());
    assert_eq!(
        p.to_string(),
        ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./.,wb,.,.,bwbwb,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,./.,.,.,. w 0 0 14 15"
    );
    let before = p;
    assert_eq!(
        p.play_str("+c5"),
        Err(MoveError::Illegal(PlayError::GameOver))
    );
    assert_eq!(p, before);
}

#[test]
fn opening_swaps_from_the_start() {
    // Each of the 6 rows of the central 6×6 has 2 unlike horizontal neighbours (12), and every
    // vertical neighbour pair differs (5 × 6 = 30): 42.
    let start = Position::start().with_rules(Rules::SWAP);
    let moves = start.legal_moves();
    assert_eq!(moves.len(), 42);
    assert!(moves.iter().all(|m| matches!(m, Move::Swap { .. })));
    assert_eq!(perft(&start, 1), 42);
    assert_eq!(
        perft(&Position::start().with_rules(Rules::SWAP_MIRROR), 1),
        42
    );

    let mut p = start;
    assert_eq!(
        p.play("c4-d4".parse().unwrap()),
        Err(PlayError::SwapRequired)
    );
    assert_eq!(
        p.play("b2~c2".parse().unwrap()),
        Err(PlayError::SwapSameColor {
            a: sq("b2"),
            b: sq("c2"),
            color: Color::White
        })
    );
    assert_eq!(
        p.play("b2~a2".parse().unwrap_or(Move::Drop { to: sq("c1") })),
        Err(PlayError::SwapRequired),
        "a2 is a cut corner, so `b2~a2` does not even parse"
    );
    assert_eq!(p, start);
    p.play("d4~d5".parse().unwrap()).unwrap();
    assert_eq!(p.stack(sq("d4")).to_string(), "w");
    assert_eq!(p.stack(sq("d5")).to_string(), "b");
    // Black may never swap, and White's later turns are normal.
    assert_eq!(
        p.play("c5~c6".parse().unwrap()),
        Err(PlayError::SwapNotAllowed)
    );
    assert_eq!(p.legal_moves().len(), 68);
    p.play("c5-c6".parse().unwrap()).unwrap();
    assert_eq!(
        p.play("c4~d4".parse().unwrap()),
        Err(PlayError::SwapNotAllowed)
    );
    // From a set-up position with nothing to swap, White's first turn is an ordinary one.
    let seed = Position::from_fpn(SEED, Rules::SWAP).unwrap();
    assert!(!seed.is_swap_turn());
    assert_eq!(perft(&seed, 2), 300);
    // Without the rule no swap is ever legal.
    assert_eq!(
        Position::start().play("d4~d5".parse().unwrap()),
        Err(PlayError::SwapNotAllowed)
    );
}

#[test]
fn mirror_rule_ends_the_game_only_when_on() {
    let mut mirror = Position::start().with_rules(Rules::MIRROR);
    let mut classic = Position::start();
    for p in [&mut mirror, &mut classic] {
        p.play_str("c4-d4").unwrap();
        p.play_str("f5-e5").unwrap();
        assert!(p.is_mirror_symmetric());
    }
    assert_eq!(
        mirror.outcome(),
        Outcome::Win {
            winner: Color::White,
            reason: WinReason::MirrorRule
        }
    );
    assert!(mirror.legal_moves().is_empty());
    assert_eq!(
        mirror.play_str("c2-c3"),
        Err(MoveError::Illegal(PlayError::GameOver))
    );
    assert_eq!(classic.outcome(), Outcome::Ongoing);
    assert_eq!(classic.legal_moves().len(), perft(&classic, 1) as usize);

    // White's move never triggers it, though the start itself is symmetric.
    assert!(Position::start().is_mirror_symmetric());
    assert_eq!(
        Position::start().with_rules(Rules::MIRROR).outcome(),
        Outcome::Ongoing
    );
    // A non-mirroring reply goes on.
    let mut p = Position::start().with_rules(Rules::MIRROR);
    p.play_str("c4-d4").unwrap();
    p.play_str("f5-f6").unwrap();
    assert_eq!(p.outcome(), Outcome::Ongoing);
}

#[test]
fn illegal_moves_name_the_rule_and_change_nothing() {
    let start = Position::start();
    let cases: [(&str, MoveError); 7] = [
        (
            "i9-c5",
            ParseMoveError::Square(ParseSquareError::NotASquare("i9".into())).into(),
        ),
        (
            "a1-a3",
            ParseMoveError::Square(ParseSquareError::CutCorner("a1".into())).into(),
        ),
        (
            "c5-e6",
            ParseMoveError::Diagonal {
                from: sq("c5"),
                to: sq("e6"),
            }
            .into(),
        ),
        ("+e5", PlayError::NoReserve(Color::White).into()),
        (
            "c5-c6",
            PlayError::NotYourStack {
                square: sq("c5"),
                owner: Color::Black,
                mover: Color::White,
            }
            .into(),
        ),
        ("c1-c2", PlayError::EmptySquare(sq("c1")).into()),
        (
            "c4-c6",
            PlayError::TooFewPieces {
                from: sq("c4"),
                to: sq("c6"),
                count: 2,
                height: 1,
            }
            .into(),
        ),
    ];
    for (text, expected) in cases {
        let mut p = start;
        assert_eq!(p.play_str(text), Err(expected), "{text}");
        assert_eq!(p, start, "{text} changed the position");
    }
    // The example: c5 holds 2, c5-c8 moves 3.
    let mut p = start;
    p.play_str("c4-c5").unwrap();
    p.play_str("f5-f6").unwrap();
    let err = p.play_str("c5-c8").unwrap_err();
    assert_eq!(
        err.to_string(),
        "c5-c8 moves 3 pieces, but c5 holds only 2: a stack moves exactly as many squares as \
         the pieces it takes"
    );
}

#[test]
fn fpn_errors_name_what_is_wrong() {
    use focus_bot::rules::FpnError;
    let too_few = START.replacen("w,w,b,b,w,w/.,.,.,.", "w,w,b,b,w,./.,.,.,.", 1);
    assert_eq!(
        too_few.parse::<Position>(),
        Err(FpnError::PieceCount {
            color: Color::White,
            on_board: 17,
            reserve: 0,
            captured: 0,
            total: 17
        })
    );
    let too_tall = SCATTERED.replace("wwwwb", "wwwwbw");
    assert_eq!(
        too_tall.parse::<Position>(),
        Err(FpnError::TooTall {
            square: sq("a3"),
            height: 6
        })
    );
    assert_eq!(
        "x w 0 0 0 0".parse::<Position>(),
        Err(FpnError::RankCount(1))
    );
    assert_eq!(
        START.replace(" w ", " x ").parse::<Position>(),
        Err(FpnError::Side("x".into()))
    );
    assert_eq!(
        START.replace(" w 0 0 0 0", " w 0 0").parse::<Position>(),
        Err(FpnError::FieldCount(4))
    );
    assert!(matches!(
        START.replacen("b,b,w", "b,q,w", 1).parse::<Position>(),
        Err(FpnError::BadStack { .. })
    ));
    assert!(matches!(
        START.replacen("./b,b", "./b", 1).parse::<Position>(),
        Err(FpnError::RankLength {
            rank: 7,
            expected: 6,
            found: 5
        })
    ));
    assert_eq!(
        too_few.parse::<Position>().unwrap_err().to_string(),
        "white's pieces add up to 17, not 18: 17 on the board + 0 in reserve + 0 captured by black"
    );
}
