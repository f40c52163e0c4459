//! The board picture, decoded and checked pixel by pixel.

use focus_bot::render::{
    GameEnd, HEIGHT, RenderOptions, Renderer, SQUARE_PX, WIDTH, render, square_centre,
};
use focus_bot::rules::{Color, Position, Square};
use image::{Rgb, RgbImage};
use proptest::prelude::*;

/// Options with the English words and nothing else.
fn english() -> RenderOptions {
    RenderOptions::new(focus_bot::strings::picture::words(
        focus_bot::i18n::Lang::ENGLISH,
    ))
}

/// A position with singles on c1 (white), d1 (black), e1 (empty), f1 (empty), and everything
/// else parked in tall stacks far away.
const PROBE: &str = "bbbbb,bbbbb,bbbbb,b/wwwww,wwwww,wwwww,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./.,.,.,.,.,.,.,./ww,b,.,.,.,./w,b,.,. w 0 0 0 0";

fn sq(s: &str) -> Square {
    s.parse().unwrap()
}

fn decode(png: &[u8]) -> RgbImage {
    image::load_from_memory_with_format(png, image::ImageFormat::Png)
        .expect("a valid PNG")
        .to_rgb8()
}

fn at(img: &RgbImage, (x, y): (u32, u32)) -> Rgb<u8> {
    *img.get_pixel(x, y)
}

fn luma(p: Rgb<u8>) -> f32 {
    0.2126 * p.0[0] as f32 + 0.7152 * p.0[1] as f32 + 0.0722 * p.0[2] as f32
}

#[test]
fn size_is_about_square_and_fits_a_phone() {
    let img = decode(&render(&Position::start(), &english()));
    assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
    assert!(WIDTH.max(HEIGHT) <= 800);
    assert!(WIDTH as f32 / HEIGHT as f32 > 0.8);
}

#[test]
fn top_pieces_read_apart_from_each_other_and_from_empty_squares() {
    let pos: Position = PROBE.parse().unwrap();
    let img = decode(&render(&pos, &english()));
    let white = at(&img, square_centre(sq("c1"), false));
    let black = at(&img, square_centre(sq("d1"), false));
    // e1 is a light square like c1's neighbour d1's opposite: compare with both shades.
    let empty_light = at(&img, square_centre(sq("e1"), false));
    let empty_dark = at(&img, square_centre(sq("f1"), false));
    for empty in [empty_light, empty_dark] {
        assert_ne!(white, empty);
        assert_ne!(black, empty);
    }
    // Lightness, not hue, tells the colours apart (colour-blind safe): white is much lighter.
    assert!(luma(white) > luma(black) + 120.0, "{white:?} vs {black:?}");
    assert!(luma(white) > luma(empty_light) && luma(black) < luma(empty_dark));
}

#[test]
fn every_piece_of_a_stack_shows_its_colour_bottom_to_top() {
    // a4 holds w w b b w in the midgame; sample the middle column of the tile from bottom up
    // and read the sequence of light and dark bands.
    let pos: Position = "b,.,.,./.,.,.,ww,.,./.,.,wb,b,.,.,.,wb/.,.,.,wbb,.,bwwbb,w,./wwbbw,b,.,wb,.,.,.,./.,.,.,.,b,.,bw,./.,w,.,wbbw,.,./.,.,.,. w 1 0 1 1"
        .parse()
        .unwrap();
    let img = decode(&render(&pos, &english()));
    let (cx, cy) = square_centre(sq("a4"), false);
    let top = cy - SQUARE_PX / 2;
    // Runs of light and dark pixels, bottom up; outlines (1–2 px) are not bands.
    let mut runs: Vec<(char, u32)> = Vec::new();
    for y in (top..top + SQUARE_PX).rev() {
        let l = luma(at(&img, (cx - 20, y)));
        let c = match l {
            l if l > 190.0 => 'w',
            l if l < 70.0 => 'b',
            _ => '-',
        };
        match runs.last_mut() {
            Some((last, n)) if *last == c => *n += 1,
            _ => runs.push((c, 1)),
        }
    }
    let mut bands: Vec<char> = Vec::new();
    for (c, n) in runs {
        if c != '-' && n >= 4 && bands.last() != Some(&c) {
            bands.push(c);
        }
    }
    // Bottom to top: white, black, white (the two whites and two blacks merge into bands).
    assert_eq!(bands, ['w', 'b', 'w'], "bands read {bands:?}");
}

#[test]
fn highlights_and_the_last_move_mark_their_squares() {
    let pos: Position = PROBE.parse().unwrap();
    let plain = decode(&render(&pos, &english()));
    let marked = decode(&render(
        &pos,
        &RenderOptions {
            highlights: vec![sq("e3")],
            last_move: Some("+e1".parse().unwrap()),
            ..english()
        },
    ));
    // A highlight frames the square (4 px inside its edge); the last move tints it.
    let (x, y) = square_centre(sq("e3"), false);
    let edge = (x - SQUARE_PX / 2 + 3, y);
    assert_ne!(at(&plain, edge), at(&marked, edge));
    assert_eq!(at(&marked, edge), Rgb([0x25, 0x6f, 0xe8]));
    let (x, y) = square_centre(sq("e1"), false);
    let inside = (x - 20, y - 20);
    assert_ne!(at(&plain, inside), at(&marked, inside));
    // An unmarked square is unchanged.
    let elsewhere = square_centre(sq("d5"), false);
    assert_eq!(at(&plain, elsewhere), at(&marked, elsewhere));
}

#[test]
fn a_step_draws_an_arrow_between_its_squares() {
    let mut pos = Position::start();
    pos.play_str("c4-c5").unwrap();
    let with = decode(&render(
        &pos,
        &RenderOptions {
            last_move: Some("c4-c5".parse().unwrap()),
            ..english()
        },
    ));
    let without = decode(&render(&pos, &english()));
    // The arrow's shaft crosses the border between c4 and c5.
    let (x, y4) = square_centre(sq("c4"), false);
    let border = (x, y4 - SQUARE_PX / 2);
    assert_ne!(at(&with, border), at(&without, border));
    let p = at(&with, border);
    assert!(p.0[2] > p.0[0] + 60, "the arrow is blue: {p:?}");
}

#[test]
fn flipped_board_puts_a1_at_the_top_right() {
    let pos: Position = PROBE.parse().unwrap();
    let normal = decode(&render(&pos, &english()));
    let flipped = decode(&render(
        &pos,
        &RenderOptions {
            flipped: true,
            ..english()
        },
    ));
    // The white single on c1: bottom row, third column normally; top row, sixth column flipped.
    let (nx, ny) = square_centre(sq("c1"), false);
    let (fx, fy) = square_centre(sq("c1"), true);
    assert!(ny > HEIGHT / 2 && nx < WIDTH / 2);
    assert!(fy < HEIGHT / 2 && fx > WIDTH / 2);
    assert_eq!(at(&normal, (nx, ny)), at(&flipped, (fx, fy)));
    // a1's cell, top right when flipped, is a cut corner: plain background.
    let (cx, cy) = (fx + 2 * SQUARE_PX, fy);
    assert_eq!(at(&flipped, (cx, cy)), at(&flipped, (2, cy)));
    // And h8's cell, top right normally, is also background; a square there differs.
    let (bx, by) = square_centre(sq("f8"), false);
    assert_ne!(at(&normal, (bx, by)), at(&normal, (bx + 2 * SQUARE_PX, by)));
}

#[test]
fn the_mover_and_the_winner_are_marked() {
    let pos = Position::start();
    // White to move: the bottom panel (White's) gets the lighter "active" background.
    let img = decode(&render(&pos, &english()));
    let bottom_panel = (WIDTH / 2, HEIGHT - 12);
    let top_panel = (WIDTH / 2, 12);
    assert_ne!(at(&img, bottom_panel), at(&img, top_panel));
    // A finished game marks nobody to move.
    let over = decode(&render(
        &pos,
        &RenderOptions {
            end: Some(GameEnd {
                winner: Some(Color::Black),
                reason: "by resignation".into(),
            }),
            ..english()
        },
    ));
    assert_eq!(at(&over, bottom_panel), at(&over, top_panel));
    assert_ne!(render(&pos, &english()), {
        let o = RenderOptions {
            end: Some(GameEnd {
                winner: Some(Color::Black),
                reason: "by resignation".into(),
            }),
            ..english()
        };
        render(&pos, &o)
    });
}

#[test]
fn rendering_is_deterministic_and_renderers_agree() {
    let pos: Position = PROBE.parse().unwrap();
    let opts = RenderOptions {
        white: "Алиса 🎲 with a very long name that cannot possibly fit".into(),
        black: "\u{1b}[31mBob\u{0}".into(),
        ..english()
    };
    let a = render(&pos, &opts);
    assert_eq!(a, render(&pos, &opts));
    assert_eq!(a, Renderer::new().render(&pos, &opts));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    /// Every position reached in random games renders to a valid PNG of the right size.
    #[test]
    fn random_games_render(choices in prop::collection::vec(any::<u16>(), 1..120), flipped: bool) {
        let mut pos = Position::start();
        for (i, choice) in choices.iter().enumerate() {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let mv = moves[*choice as usize % moves.len()];
            pos.play_unchecked(mv);
            let last = Some(mv);
            if i % 15 != 0 {
                continue;
            }
            let img = decode(&render(&pos, &RenderOptions {
                last_move: last,
                highlights: pos.legal_moves().iter().filter_map(|m| m.to()).take(10).collect(),
                flipped,
                ..english()
            }));
            prop_assert_eq!(img.dimensions(), (WIDTH, HEIGHT));
        }
    }
}

#[test]
fn the_arrow_runs_under_the_stacks_it_jumps() {
    // c3 holds a white single; White played c3-c5 over the 5-stack on c4.
    let pos: Position = ".,.,.,./.,.,.,.,.,./.,.,.,.,.,.,.,./bw,.,wbwbw,.,.,.,.,./.,.,wwwwb,.,.,.,.,./.,.,b,.,.,.,.,./.,.,.,.,.,./.,.,.,. b 0 0 13 10"
        .parse()
        .unwrap();
    let with = decode(&render(
        &pos,
        &RenderOptions {
            last_move: Some("c3-c5".parse().unwrap()),
            ..english()
        },
    ));
    let without = decode(&render(&pos, &english()));
    // Every pixel of c4's stack (its middle column, top face with the "5" included) looks
    // the same with or without the arrow: at most a trace of blue in anti-aliased edges.
    let (x, y) = square_centre(sq("c4"), false);
    for dy in 0..SQUARE_PX / 2 - 4 {
        for px in [(x, y - dy), (x, y + dy)] {
            let (a, b) = (at(&with, px), at(&without, px));
            let close = (0..3).all(|i| a.0[i].abs_diff(b.0[i]) <= 6);
            assert!(close, "{px:?}: {a:?} vs {b:?}");
        }
    }
    // Between c3's stack and c4's, the arrow shows.
    let (_, y3) = square_centre(sq("c3"), false);
    let gap = (x, y3 - SQUARE_PX / 2 + 2);
    assert_ne!(at(&with, gap), at(&without, gap));
}

#[test]
fn the_last_move_is_marked_by_shape_not_only_by_colour() {
    let pos: Position = PROBE.parse().unwrap();
    let img = decode(&render(
        &pos,
        &RenderOptions {
            last_move: Some("+c1".parse().unwrap()),
            ..english()
        },
    ));
    let (x, y) = square_centre(sq("c1"), false);
    let half = SQUARE_PX / 2;
    // Dark brackets in all four corners: visible in greyscale on any square shade.
    for corner in [
        (x - half + 4, y - half + 4),
        (x + half - 5, y - half + 4),
        (x - half + 4, y + half - 5),
        (x + half - 5, y + half - 5),
    ] {
        assert!(luma(at(&img, corner)) < 60.0, "{corner:?}");
    }
}

#[test]
fn names_without_drawable_characters_fall_back_to_the_colour() {
    let pos = Position::start();
    let named = |white: &str| {
        render(
            &pos,
            &RenderOptions {
                white: white.into(),
                ..english()
            },
        )
    };
    assert_eq!(named("🎲🎲"), named(""));
    assert_eq!(named("\u{200B}\u{7}"), named("White"));
    assert_ne!(named("Alice 🎲"), named(""));
    assert_eq!(named("Alice 🎲"), named("Alice"));
}

/// The smallest rectangle `(left, top, right, bottom)` (inclusive) holding every pixel where
/// `a` and `b` differ.
fn difference(a: &RgbImage, b: &RgbImage) -> Option<(u32, u32, u32, u32)> {
    let mut bounds: Option<(u32, u32, u32, u32)> = None;
    for (x, y, p) in a.enumerate_pixels() {
        if p != b.get_pixel(x, y) {
            let (l, t, r, bt) = bounds.unwrap_or((x, y, x, y));
            bounds = Some((l.min(x), t.min(y), r.max(x), bt.max(y)));
        }
    }
    bounds
}

#[test]
fn the_corner_names_the_game_and_the_move_in_the_boards_free_corner() {
    use focus_bot::i18n::Lang;
    use focus_bot::strings::picture::{corner, move_number};
    // Counted as the record counts: ply 13 is White's 7th move; before it, move 7 is played.
    assert_eq!(
        corner(Lang::ENGLISH, Some(12), 12, false),
        ["Game 12", "move 7"]
    );
    assert_eq!(
        corner(Lang::ENGLISH, Some(12), 13, false),
        ["Game 12", "move 7"]
    );
    assert_eq!(
        corner(Lang::ENGLISH, Some(12), 14, false),
        ["Game 12", "move 8"]
    );
    // Once over, the number of the last move: ply 14 was Black's 7th.
    assert_eq!(
        corner(Lang::of_tag("ru"), Some(3), 14, true),
        ["Партия 3", "ход 7"]
    );
    assert_eq!(corner(Lang::ENGLISH, None, 0, false), ["move 1"]);
    assert_eq!((move_number(0, true), move_number(1, true)), (1, 1));

    let renderer = Renderer::new();
    let pos = Position::start();
    for flipped in [false, true] {
        let plain = RenderOptions {
            flipped,
            ..english()
        };
        let named = RenderOptions {
            corner: vec![
                "Game 12345".into(),
                "move 200".into(),
                "a third line".into(),
            ],
            ..plain.clone()
        };
        let (a, b) = (
            renderer.render_image(&pos, &plain),
            renderer.render_image(&pos, &named),
        );
        let (left, top, right, bottom) = difference(&a, &b).expect("the corner is drawn");
        // Inside the two off-board squares of the top row's right end (g8 and h8 from White's
        // side, b1 and a1 from Black's), so no stack is ever covered.
        // They are not squares of the board: measured from the row's last square, f8 (c1).
        let half = SQUARE_PX / 2;
        let (fx, gy) = square_centre(sq(if flipped { "c1" } else { "f8" }), flipped);
        let (gx, hx) = (fx + SQUARE_PX, fx + 2 * SQUARE_PX);
        assert!(left >= gx - half && right < hx + half, "{left}..{right}");
        assert!(top >= gy - half && bottom < gy + half, "{top}..{bottom}");
        // Two lines: the third is not drawn, so the text ends within the row's upper part.
        assert!(bottom < gy + 20, "{bottom}");
    }
}
