//! The animated replay, decoded frame by frame and compared with the board picture.

use focus_bot::i18n::Lang;
use focus_bot::render::{
    FIRST_DELAY_CS, GameEnd, HEIGHT, LAST_DELAY_CS, PLY_DELAY_CS, RenderOptions, ReplayGifError,
    ReplayOptions, WIDTH, render, replay_gif,
};
use focus_bot::rules::{Color, Move, PlayError, Position};
use image::{Rgb, RgbImage};

/// The first 14 plies of `docs/example-game.txt`: steps of one, two and three pieces, stacks
/// of four, moves by both sides all over the board.
const GAME: &str = "1. g2-g3 f3-g3 2. g4-g3 b3-b4 3. c4-b4 b5-b4 4. c6-c7 b7-c7 5. d7-c7 b4-b6 \
                    6. c2-d2 e2-d2 7. d3-d2 b4-b2";

fn game() -> (Position, Vec<Move>) {
    let start = Position::start();
    let (_, moves) = focus_bot::rules::record::replay_moves(start, GAME).expect("a legal game");
    (start, moves)
}

fn options() -> ReplayOptions {
    ReplayOptions {
        white: "Alice".into(),
        black: "Борис".into(),
        ..ReplayOptions::new(focus_bot::strings::picture::words(Lang::ENGLISH))
    }
}

/// One decoded frame: its delay and the whole picture after it is drawn over the previous one.
struct Shown {
    delay: u16,
    picture: RgbImage,
}

/// Decodes `bytes`, composing each frame over the last as a viewer does (disposal "keep",
/// transparent pixels leave the picture below). Returns the global colour table too.
fn decode(bytes: &[u8]) -> (Vec<Shown>, Vec<[u8; 3]>) {
    let mut options = gif::DecodeOptions::new();
    options.set_color_output(gif::ColorOutput::Indexed);
    let mut decoder = options.read_info(bytes).expect("a GIF");
    assert_eq!(
        (u32::from(decoder.width()), u32::from(decoder.height())),
        (WIDTH, HEIGHT)
    );
    let table: Vec<[u8; 3]> = decoder
        .global_palette()
        .expect("a global colour table")
        .chunks_exact(3)
        .map(|c| [c[0], c[1], c[2]])
        .collect();
    let mut canvas = RgbImage::new(WIDTH, HEIGHT);
    let mut shown = Vec::new();
    while let Some(frame) = decoder.read_next_frame().expect("a valid frame") {
        assert!(frame.palette.is_none(), "frames use the global table");
        assert_eq!(frame.dispose, gif::DisposalMethod::Keep);
        for (i, &index) in frame.buffer.iter().enumerate() {
            if Some(index) == frame.transparent {
                continue;
            }
            let x = u32::from(frame.left) + (i % usize::from(frame.width)) as u32;
            let y = u32::from(frame.top) + (i / usize::from(frame.width)) as u32;
            canvas.put_pixel(x, y, Rgb(table[usize::from(index)]));
        }
        shown.push(Shown {
            delay: frame.delay,
            picture: canvas.clone(),
        });
    }
    (shown, table)
}

fn png_picture(pos: &Position, opts: &RenderOptions) -> RgbImage {
    image::load_from_memory_with_format(&render(pos, opts), image::ImageFormat::Png)
        .expect("a PNG")
        .to_rgb8()
}

/// How far (Euclidean, in RGB units) an anti-aliasing blend may land from its colour: the
/// palette spends its 255 entries so that no colour the renderer draws is farther than this
/// from an entry (`quantise.rs`); about 3 % of full scale, under what an eye sees in a one-pixel
/// edge blend.
const BLEND_TOLERANCE: f32 = 10.0;

/// `gif` against `png` pixel by pixel: a colour the GIF's table holds (every flat colour:
/// squares, pieces, panels, marks, text) must be exact; a blend must be within
/// [`BLEND_TOLERANCE`]. Returns how many pixels were blends not in the table.
fn assert_same_picture(gif: &RgbImage, png: &RgbImage, table: &[[u8; 3]], what: &str) -> usize {
    assert_eq!(gif.dimensions(), png.dimensions());
    let mut approximate = 0;
    for (x, y, want) in png.enumerate_pixels() {
        let got = gif.get_pixel(x, y);
        if table.contains(&want.0) {
            assert_eq!(got, want, "{what}: ({x}, {y}) is a palette colour");
        } else {
            approximate += 1;
            let d: f32 = (0..3)
                .map(|i| (got.0[i] as f32 - want.0[i] as f32).powi(2))
                .sum::<f32>()
                .sqrt();
            assert!(
                d <= BLEND_TOLERANCE,
                "{what}: ({x}, {y}) is {got:?} for {want:?}, {d:.1} away"
            );
        }
    }
    approximate
}

#[test]
fn a_frame_per_position_of_the_size_of_the_board_picture_with_holds() {
    let (start, moves) = game();
    let bytes = replay_gif(&start, &moves, &options()).unwrap();
    assert_eq!(&bytes[..6], b"GIF89a");
    let (shown, _) = decode(&bytes);
    assert_eq!(shown.len(), moves.len() + 1);
    assert_eq!(shown.len(), 15);
    let delays: Vec<u16> = shown.iter().map(|s| s.delay).collect();
    assert_eq!(delays[0], FIRST_DELAY_CS);
    assert!(delays[1..14].iter().all(|&d| d == PLY_DELAY_CS));
    assert_eq!(delays[14], LAST_DELAY_CS);
    assert_eq!(
        (FIRST_DELAY_CS, PLY_DELAY_CS, LAST_DELAY_CS),
        (100, 80, 300)
    );
}

#[test]
fn every_frame_is_the_board_picture_of_its_position_and_the_last_the_final_board() {
    let (start, moves) = game();
    let opts = options();
    let (shown, table) = decode(&replay_gif(&start, &moves, &opts).unwrap());
    let mut pos = start;
    let mut blends = 0;
    for (k, frame) in shown.iter().enumerate() {
        let last_move = k.checked_sub(1).map(|i| moves[i]);
        if let Some(mv) = last_move {
            pos.play(mv).unwrap();
        }
        let want = png_picture(
            &pos,
            &RenderOptions {
                white: opts.white.clone(),
                black: opts.black.clone(),
                last_move,
                ..RenderOptions::new(opts.words.clone())
            },
        );
        blends += assert_same_picture(&frame.picture, &want, &table, &format!("frame {k}"));
    }
    // Most of the picture is flat colour, exact; blends are the edges of discs and glyphs.
    let pixels = (WIDTH * HEIGHT) as usize * shown.len();
    assert!(
        blends * 20 < pixels,
        "{blends} of {pixels} pixels approximate"
    );
}

#[test]
fn the_last_frame_shows_the_result_given_or_the_rules_outcome() {
    let (start, moves) = game();
    let end = GameEnd {
        winner: Some(Color::Black),
        reason: "resigned".into(),
    };
    let opts = ReplayOptions {
        end: Some(end.clone()),
        flipped: true,
        ..options()
    };
    let (shown, table) = decode(&replay_gif(&start, &moves, &opts).unwrap());
    let mut last = start;
    for &mv in &moves {
        last.play(mv).unwrap();
    }
    let want = png_picture(
        &last,
        &RenderOptions {
            white: opts.white.clone(),
            black: opts.black.clone(),
            last_move: moves.last().copied(),
            flipped: true,
            end: Some(end),
            ..RenderOptions::new(opts.words.clone())
        },
    );
    assert_same_picture(&shown[14].picture, &want, &table, "last frame");
    // The result is on the last frame only: the one before shows whose turn it was.
    let before = png_picture(
        &{
            let mut p = start;
            for &mv in &moves[..13] {
                p.play(mv).unwrap();
            }
            p
        },
        &RenderOptions {
            white: opts.white.clone(),
            black: opts.black.clone(),
            last_move: Some(moves[12]),
            flipped: true,
            ..RenderOptions::new(opts.words.clone())
        },
    );
    assert_same_picture(&shown[13].picture, &before, &table, "frame 13");
}

#[test]
fn the_start_alone_is_one_frame() {
    let (shown, _) = decode(&replay_gif(&Position::start(), &[], &options()).unwrap());
    assert_eq!(shown.len(), 1);
    assert_eq!(shown[0].delay, LAST_DELAY_CS);
}

#[test]
fn an_illegal_move_is_an_error_naming_its_ply() {
    let (start, mut moves) = game();
    moves.insert(3, "g3-g5".parse().unwrap()); // a White stack moved where Black is to move
    let err = replay_gif(&start, &moves, &options()).unwrap_err();
    assert!(
        matches!(
            err,
            ReplayGifError::Illegal {
                ply: 4,
                error: PlayError::NotYourStack { .. } | PlayError::TooFewPieces { .. },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn frames_after_the_first_hold_only_what_changed() {
    let (start, moves) = game();
    let bytes = replay_gif(&start, &moves, &options()).unwrap();
    let mut decoder = gif::DecodeOptions::new().read_info(&bytes[..]).unwrap();
    let first = decoder.read_next_frame().unwrap().unwrap();
    assert_eq!(
        (first.width, first.height, first.transparent),
        (684, 800, None)
    );
    let second = decoder.read_next_frame().unwrap().unwrap();
    // g2-g3 changes two squares and both panels (whose turn): not the coordinates' margin.
    let rect = (second.left, second.top, second.width, second.height);
    assert!(
        second.left >= 30 && second.transparent.is_some(),
        "{rect:?}"
    );
    assert!(u32::from(second.width) <= 8 * 78);
}

/// For a look at what users see: `FOCUS_GIF_SAMPLE_DIR=/tmp/x cargo test --test replay_gif --
/// --ignored` writes an 80-ply replay (`replay-80.gif`) and its first, middle and last frames
/// as PNG.
#[test]
#[ignore = "writes files for a person to look at"]
fn write_a_sample_replay_for_a_look() {
    let dir = std::path::PathBuf::from(std::env::var("FOCUS_GIF_SAMPLE_DIR").unwrap());
    let (mut pos, mut moves) = (Position::start(), Vec::new());
    let mut rng = 7u64;
    while moves.len() < 80 {
        rng = rng
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        let legal = pos.legal_moves();
        let mv = legal[(rng >> 33) as usize % legal.len()];
        pos.play(mv).unwrap();
        moves.push(mv);
    }
    let opts = ReplayOptions {
        words: focus_bot::strings::picture::words(Lang::of_tag("ru")),
        ..options()
    };
    let bytes = replay_gif(&Position::start(), &moves, &opts).unwrap();
    std::fs::write(dir.join("replay-80.gif"), &bytes).unwrap();
    let (shown, _) = decode(&bytes);
    for k in [0, 1, 40, 80] {
        shown[k]
            .picture
            .save(dir.join(format!("frame-{k}.png")))
            .unwrap();
    }
}
