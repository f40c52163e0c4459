//! The animated replay: a GIF of a whole game, one frame per position.
// Longer than 400 lines: one encoder: the frames, their changed rectangles and the palette of one
// GIF; 60 lines are unit tests.
//!
//! Frame 0 is the start; frame *k* is the board picture after ply *k*, exactly as [`render`]
//! draws it with that ply as the last move (tint, corner brackets, arrow), the players' names,
//! counts and whose turn it is; the last frame shows how the game ended. Frames are
//! [`WIDTH`] × [`HEIGHT`], like the PNG.
//!
//! How it stays fast and small (the technique of lila-gif): one global palette made ahead of
//! time ([`super::quantise`]), each frame drawn by the RGB renderer and mapped to indices
//! through a cache, and only the rectangle that changed since the previous frame stored, its
//! unchanged pixels transparent (disposal "keep"), which LZW packs into long runs. Both panels
//! change at every ply (whose turn it is), so that rectangle is tall; what keeps it cheap is a
//! fast LZW ([`super::lzw`]) and drawing runs of frames on up to [`MAX_THREADS`] threads.
//!
//! [`render`]: super::render

use std::sync::LazyLock;

use ::gif::{DisposalMethod, Encoder, Frame, Repeat};
use image::RgbImage;
use thiserror::Error;

use super::lzw::Lzw;
use super::quantise::{Palette, Quantiser, TRANSPARENT};
use super::{GameEnd, HEIGHT, RENDERER, RenderOptions, Renderer, WIDTH, Words};
use crate::rules::{Move, PlayError, Position};

/// How long the first frame (the start) stays, in hundredths of a second: 1 s, to see the
/// setup and the names before the moves run.
pub const FIRST_DELAY_CS: u16 = 100;
/// How long every other frame stays: 0.8 s per ply, long enough to follow a move with the eye
/// (80 plies play in about a minute).
pub const PLY_DELAY_CS: u16 = 80;
/// How long the last frame stays before the replay loops: 3 s, to read the result.
pub const LAST_DELAY_CS: u16 = 300;

/// What to show besides the moves: the [`RenderOptions`] of a replay.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayOptions {
    /// The words of the pictures.
    pub words: Words,
    /// White's display name; empty means the colour's name.
    pub white: String,
    /// Black's display name; empty means the colour's name.
    pub black: String,
    /// View the board from Black's side.
    pub flipped: bool,
    /// The result, shown on the last frame only; `None` shows the rules' outcome of the final
    /// position (or whose turn it is), as [`RenderOptions::end`] does.
    pub end: Option<GameEnd>,
    /// The [`RenderOptions::corner`] lines of each frame, frame 0 (the start) first; a frame
    /// past the end of the list has none.
    pub corners: Vec<Vec<String>>,
}

impl ReplayOptions {
    /// The moves alone, with `words`: no names, White's view, the rules' outcome.
    pub fn new(words: Words) -> ReplayOptions {
        ReplayOptions {
            words,
            white: String::new(),
            black: String::new(),
            flipped: false,
            end: None,
            corners: Vec::new(),
        }
    }

    /// The picture options of frame `k`, after `last_move`; `last` is the final frame.
    fn frame(&self, k: usize, last_move: Option<Move>, last: bool) -> RenderOptions {
        RenderOptions {
            words: self.words.clone(),
            white: self.white.clone(),
            black: self.black.clone(),
            last_move,
            highlights: Vec::new(),
            flipped: self.flipped,
            end: if last { self.end.clone() } else { None },
            corner: self.corners.get(k).cloned().unwrap_or_default(),
        }
    }
}

/// Why a replay cannot be drawn.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ReplayGifError {
    /// A move cannot be played where it stands; nothing was drawn.
    #[error("ply {ply}: {mv} cannot be played: {error}")]
    Illegal {
        /// 1-based ply of the move.
        ply: usize,
        /// The move.
        mv: Move,
        /// The rule it breaks.
        error: PlayError,
    },
    /// The GIF encoder refused a frame (not expected: the frames are built to its limits).
    #[error("cannot encode the replay: {0}")]
    Encode(String),
}

/// The palette of every replay, made from the renderer's layers on first use (some 50 ms).
static PALETTE: LazyLock<Palette> = LazyLock::new(|| build_palette(&RENDERER));

/// Draws the game from `start` through `moves` as an animated GIF (looping forever): the
/// GIF's bytes, `moves.len() + 1` frames of [`WIDTH`] × [`HEIGHT`] pixels, shown
/// [`FIRST_DELAY_CS`], then [`PLY_DELAY_CS`] each, the last [`LAST_DELAY_CS`].
///
/// Every move is checked before anything is drawn. Runs on the calling thread and, for longer
/// games, a few scoped threads of its own (no I/O); call it off the async runtime.
///
/// # Errors
/// [`ReplayGifError::Illegal`] for the first move that cannot be played.
pub fn replay_gif(
    start: &Position,
    moves: &[Move],
    options: &ReplayOptions,
) -> Result<Vec<u8>, ReplayGifError> {
    let positions = positions(start, moves)?;
    encode(&RENDERER, &PALETTE, &positions, moves, options)
}

/// The positions of the game: the start, then one after each move.
fn positions(start: &Position, moves: &[Move]) -> Result<Vec<Position>, ReplayGifError> {
    let mut positions = Vec::with_capacity(moves.len() + 1);
    let mut pos = *start;
    positions.push(pos);
    for (i, &mv) in moves.iter().enumerate() {
        pos.play(mv).map_err(|error| ReplayGifError::Illegal {
            ply: i + 1,
            mv,
            error,
        })?;
        positions.push(pos);
    }
    Ok(positions)
}

/// At most this many threads draw one replay: frames are drawn in runs, one run per thread (a
/// run also draws the frame before it, to know what changed).
const MAX_THREADS: usize = 4;
/// Fewer frames than this per thread are not worth a thread.
const MIN_FRAMES_PER_THREAD: usize = 12;

fn encode(
    renderer: &Renderer,
    palette: &Palette,
    positions: &[Position],
    moves: &[Move],
    options: &ReplayOptions,
) -> Result<Vec<u8>, ReplayGifError> {
    let count = positions.len();
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_THREADS)
        .min(count.div_ceil(MIN_FRAMES_PER_THREAD))
        .max(1);
    let per_thread = count.div_ceil(threads);
    let run = |first: usize| {
        frames(
            renderer,
            palette,
            positions,
            moves,
            options,
            first..(first + per_thread).min(count),
        )
    };
    let runs: Vec<Vec<Frame<'static>>> = if threads == 1 {
        vec![run(0)]
    } else {
        std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|t| scope.spawn(move || run(t * per_thread)))
                .collect();
            handles
                .into_iter()
                .map(|h| {
                    h.join()
                        .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
                })
                .collect()
        })
    };

    let failed = |e: ::gif::EncodingError| ReplayGifError::Encode(e.to_string());
    let size: usize = runs.iter().flatten().map(|f| f.buffer.len() + 32).sum();
    let mut out = Vec::with_capacity(size + 1024);
    let mut encoder = Encoder::new(&mut out, WIDTH as u16, HEIGHT as u16, &palette.rgb_table())
        .map_err(failed)?;
    encoder.set_repeat(Repeat::Infinite).map_err(failed)?;
    for frame in runs.iter().flatten() {
        encoder.write_lzw_pre_encoded_frame(frame).map_err(failed)?;
    }
    encoder.into_inner().map_err(failed)?;
    Ok(out)
}

/// Frames `range` of the replay, compressed.
fn frames(
    renderer: &Renderer,
    palette: &Palette,
    positions: &[Position],
    moves: &[Move],
    options: &ReplayOptions,
    range: std::ops::Range<usize>,
) -> Vec<Frame<'static>> {
    let last = positions.len() - 1;
    let picture = |k: usize| {
        let last_move = k.checked_sub(1).map(|i| moves[i]);
        renderer.render_image(&positions[k], &options.frame(k, last_move, k == last))
    };
    let mut quantiser = Quantiser::new(palette);
    let mut lzw = Lzw::new();
    let mut previous = range.start.checked_sub(1).map(picture);
    let mut out = Vec::with_capacity(range.len());
    for k in range {
        let img = picture(k);
        let mut frame = match &previous {
            None => whole_frame(&img, &mut quantiser),
            Some(prev) => changed_frame(prev, &img, &mut quantiser),
        };
        frame.delay = match k {
            _ if k == last => LAST_DELAY_CS,
            0 => FIRST_DELAY_CS,
            _ => PLY_DELAY_CS,
        };
        frame.buffer = lzw.compress(&frame.buffer).into();
        out.push(frame);
        previous = Some(img);
    }
    out
}

/// The first frame: every pixel, no transparency.
fn whole_frame(img: &RgbImage, q: &mut Quantiser) -> Frame<'static> {
    let buffer: Vec<u8> = img.pixels().map(|p| q.index(p.0)).collect();
    Frame {
        width: WIDTH as u16,
        height: HEIGHT as u16,
        buffer: buffer.into(),
        ..Frame::default()
    }
}

/// A later frame: the smallest rectangle holding every pixel that differs from `prev`, with the
/// pixels inside it that did not change transparent. Disposal "keep" leaves the rest as it was.
fn changed_frame(prev: &RgbImage, img: &RgbImage, q: &mut Quantiser) -> Frame<'static> {
    let Some(rect) = changed_rect(prev, img) else {
        // Nothing changed (not expected: whose turn it is changes every ply): one clear pixel.
        return Frame {
            width: 1,
            height: 1,
            transparent: Some(TRANSPARENT),
            buffer: vec![TRANSPARENT].into(),
            ..Frame::default()
        };
    };
    let row = WIDTH as usize * 3;
    let (a, b) = (prev.as_raw(), img.as_raw());
    let mut buffer = Vec::with_capacity(rect.width * rect.height);
    for y in rect.top..rect.top + rect.height {
        let span = y * row + rect.left * 3..y * row + (rect.left + rect.width) * 3;
        let (old, new) = (&a[span.clone()], &b[span]);
        if old == new {
            buffer.resize(buffer.len() + rect.width, TRANSPARENT);
            continue;
        }
        for (o, n) in old.chunks_exact(3).zip(new.chunks_exact(3)) {
            buffer.push(if o == n {
                TRANSPARENT
            } else {
                q.index([n[0], n[1], n[2]])
            });
        }
    }
    Frame {
        left: rect.left as u16,
        top: rect.top as u16,
        width: rect.width as u16,
        height: rect.height as u16,
        transparent: Some(TRANSPARENT),
        dispose: DisposalMethod::Keep,
        buffer: buffer.into(),
        ..Frame::default()
    }
}

/// A rectangle of the picture, in pixels.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Rect {
    left: usize,
    top: usize,
    width: usize,
    height: usize,
}

/// The bounding box of the pixels where `a` and `b` differ; `None` when they are equal.
fn changed_rect(a: &RgbImage, b: &RgbImage) -> Option<Rect> {
    let row = WIDTH as usize * 3;
    let (a, b) = (a.as_raw(), b.as_raw());
    let (mut top, mut bottom) = (usize::MAX, 0);
    let (mut left, mut right) = (usize::MAX, 0);
    for (y, (ra, rb)) in a.chunks_exact(row).zip(b.chunks_exact(row)).enumerate() {
        if ra == rb {
            continue;
        }
        top = top.min(y);
        bottom = y;
        // Only the part outside the box found so far needs a look.
        let first = ra.iter().zip(rb).position(|(x, y)| x != y).unwrap_or(0) / 3;
        let last = row
            - 1
            - ra.iter()
                .rev()
                .zip(rb.iter().rev())
                .position(|(x, y)| x != y)
                .unwrap_or(0);
        left = left.min(first);
        right = right.max(last / 3);
    }
    (top != usize::MAX).then(|| Rect {
        left,
        top,
        width: right - left + 1,
        height: bottom - top + 1,
    })
}

/// The palette for everything `renderer` draws: every tile, every piece over the arrow's blue
/// (the arrow runs under stacks), and whole pictures with each panel state (to move, quiet,
/// winner, a loss's reason, a draw) and Latin and Cyrillic text in both weights.
fn build_palette(renderer: &Renderer) -> Palette {
    let samples = palette_samples(renderer);
    Palette::build(samples.iter().chain(renderer.tiles.all()))
}

/// The pictures the palette is made for (besides the tiles).
fn palette_samples(renderer: &Renderer) -> Vec<RgbImage> {
    let words = Words {
        reserve: "reserve запас".into(),
        captured: "captured взято".into(),
        to_move: "to move ходит".into(),
        winner: "winner победа".into(),
        cannot_move: "cannot move нет хода".into(),
        mirrored: "mirrored зеркало".into(),
        colors: ["White Белые".into(), "Black Чёрные".into()],
    };
    let mut after = Position::start();
    let step: Move = "c4-d4".parse().expect("c4-d4 is a move's notation");
    after.play(step).expect("c4-d4 is legal at the start");
    let opts = |end: Option<GameEnd>, flipped: bool| RenderOptions {
        white: "Alice Wq8 Ёжик".into(),
        black: "Бориc Xy3 gjpq".into(),
        last_move: Some(step),
        flipped,
        end,
        corner: vec!["Game 12 Партия".into(), "move 7 ход".into()],
        ..RenderOptions::new(words.clone())
    };
    let won = GameEnd {
        winner: Some(crate::rules::Color::White),
        reason: "resigned сдался".into(),
    };
    let drawn = GameEnd {
        winner: None,
        reason: "draw ничья 1/2".into(),
    };
    let mut samples = vec![
        renderer.render_image(&Position::start(), &opts(None, false)),
        renderer.render_image(&after, &opts(None, true)),
        renderer.render_image(&after, &opts(Some(won), false)),
        renderer.render_image(&after, &opts(Some(drawn), true)),
    ];
    for stack in (0..crate::rules::Stack::CODES).filter_map(crate::rules::Stack::from_code) {
        if let Some(sprite) = renderer.tiles.sprite(stack) {
            let mut tile =
                RgbImage::from_pixel(sprite.width(), sprite.height(), super::palette::ACCENT);
            super::sprites::composite(&mut tile, sprite, 0, 0);
            samples.push(tile);
        }
    }
    samples
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_changed_rectangle_is_tight() {
        let a = RgbImage::new(WIDTH, HEIGHT);
        let mut b = a.clone();
        assert_eq!(changed_rect(&a, &b), None);
        b.put_pixel(5, 7, image::Rgb([1, 0, 0]));
        b.put_pixel(683, 9, image::Rgb([0, 0, 1]));
        b.put_pixel(100, 799, image::Rgb([0, 1, 0]));
        assert_eq!(
            changed_rect(&a, &b),
            Some(Rect {
                left: 5,
                top: 7,
                width: 679,
                height: 793
            })
        );
    }

    #[test]
    fn the_palette_keeps_every_flat_colour_of_the_picture_exact() {
        use super::super::palette as p;
        let palette = &*PALETTE;
        for c in [
            p::BACKGROUND,
            p::PANEL_ACTIVE,
            p::TEXT,
            p::TEXT_DIM,
            p::SQUARE_LIGHT,
            p::SQUARE_DARK,
            p::GRID,
            p::ACCENT,
            p::MARK,
            p::WINNER,
            p::WINNER_TEXT,
            p::WHITE_PIECE[0],
            p::WHITE_PIECE[1],
            p::WHITE_PIECE[2],
            p::BLACK_PIECE[0],
            p::BLACK_PIECE[1],
            p::BLACK_PIECE[2],
            p::mix(p::SQUARE_LIGHT, p::LAST_MOVE, p::LAST_MOVE_STRENGTH),
            p::mix(p::SQUARE_DARK, p::LAST_MOVE, p::LAST_MOVE_STRENGTH),
        ] {
            assert_eq!(palette.color(palette.nearest(c.0)), c);
        }
        assert!(palette.len() <= 255);
    }

    #[test]
    fn no_colour_the_renderer_draws_is_far_from_its_entry() {
        let samples = palette_samples(&RENDERER);
        let error = PALETTE.max_error(samples.iter().chain(RENDERER.tiles.all()));
        // The bound the replay's picture tests allow for a blend (tests/replay_gif.rs).
        assert!(error <= 10.0, "{error}");
        println!("largest palette error: {error:.2}");
    }
}
