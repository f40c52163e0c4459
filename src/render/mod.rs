//! Board pictures: a pure function from a position and options to PNG bytes.
//!
//! The picture is [`WIDTH`] × [`HEIGHT`] pixels (684 × 800): the player at the top of the
//! board, the board with coordinates a–h and 1–8, the player at the bottom. Unchanging parts
//! (background, coordinates, a tile for every stack on every square shade) are drawn once per
//! process ([`Renderer::new`]); a render copies tiles, draws the panels and marks, and encodes.
//! No I/O, no clock, no Discord: call it off the async runtime, it takes a few milliseconds.
//!
//! ```
//! use focus_bot::i18n::Lang;
//! use focus_bot::render::{RenderOptions, render, HEIGHT, WIDTH};
//! use focus_bot::rules::Position;
//!
//! // The words come from the edge, in the reader's language.
//! let words = focus_bot::strings::picture::words(Lang::ENGLISH);
//! let png = render(&Position::start(), &RenderOptions::new(words));
//! let img = image::load_from_memory(&png)?;
//! assert_eq!((img.width(), img.height()), (WIDTH, HEIGHT));
//! # Ok::<(), image::ImageError>(())
//! ```

pub mod chart;
pub mod crosstable;
mod encode;
mod gif;
mod layout;
mod lzw;
mod overlay;
mod palette;
mod panel;
mod quantise;
mod sprites;
mod text;
mod words;

use std::sync::LazyLock;

use image::RgbImage;

pub use self::gif::{
    FIRST_DELAY_CS, LAST_DELAY_CS, PLY_DELAY_CS, ReplayGifError, ReplayOptions, replay_gif,
};
pub use encode::encode_png;
use layout::{BOARD, BOARD_X, BOARD_Y, BOTTOM_PANEL_Y, SQUARE, TOP_PANEL_Y, View};
pub use layout::{HEIGHT, WIDTH};
use panel::{Panel, Status};
use sprites::{Shade, Tiles};
pub use words::Words;

use crate::rules::{Color, Move, Outcome, Position, Square, Stack, WinReason};

/// How a finished game ended, as the picture states it: the winner's panel gets a "winner"
/// badge, the loser's panel the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The winner; `None` for a draw or an aborted game.
    pub winner: Option<Color>,
    /// What happened, in a few words about the loser (`cannot move`, `resigned`,
    /// `ran out of time`), or about the game when nobody won (`draw by agreement`, `aborted`).
    pub reason: String,
}

/// What to show besides the position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderOptions {
    /// The words of the picture.
    pub words: Words,
    /// White's display name; empty means the colour's name.
    pub white: String,
    /// Black's display name; empty means the colour's name.
    pub black: String,
    /// The move that led to the position: its squares are tinted, a step gets an arrow.
    pub last_move: Option<Move>,
    /// Squares to frame, e.g. where a chosen stack can go.
    pub highlights: Vec<Square>,
    /// View the board from Black's side: rank 8 at the bottom, a1 at the top right.
    pub flipped: bool,
    /// The result to show; `None` shows the rules' outcome of the position (a win by no legal
    /// move or by the mirror rule) or, while the game goes on, whose turn it is.
    pub end: Option<GameEnd>,
    /// Up to [`CORNER_LINES`] short lines drawn right-aligned in the board's empty top-right
    /// corner, first in bold: the game's number and the move number (`Game 12`, `move 7`).
    /// Each is cut to the corner's width; lines past the second are not drawn.
    pub corner: Vec<String>,
}

/// How many [`RenderOptions::corner`] lines the corner holds.
pub const CORNER_LINES: usize = 2;

impl RenderOptions {
    /// The position alone, with `words`: no names, no last move, no marks, White's view.
    pub fn new(words: Words) -> RenderOptions {
        RenderOptions {
            words,
            white: String::new(),
            black: String::new(),
            last_move: None,
            highlights: Vec::new(),
            flipped: false,
            end: None,
            corner: Vec::new(),
        }
    }
}

/// Draws `lines` right-aligned in the top-right corner, where the octagonal board leaves two
/// squares and a half free on every side it is seen from.
fn draw_corner(img: &mut RgbImage, lines: &[String]) {
    let right = (BOARD_X + BOARD - 8) as i32;
    let width = 2 * SQUARE - 16;
    for (i, line) in lines.iter().take(CORNER_LINES).enumerate() {
        let (font, size, ink) = if i == 0 {
            (&text::BOLD, 18.0, palette::TEXT)
        } else {
            (&text::REGULAR, 16.0, palette::TEXT_DIM)
        };
        let fitted = text::fit(font, size, &text::clean(font, line), width);
        let (w, _) = text::measure(font, size, &fitted);
        let y = (BOARD_Y + 8) as i32 + 26 * i as i32;
        text::draw(img, font, size, ink, right - w as i32, y, &fitted);
    }
}

/// The pre-built layers; build once, render many times from any thread.
pub struct Renderer {
    /// Background and coordinates, for White's view and for Black's.
    bases: [RgbImage; 2],
    tiles: Tiles,
}

static RENDERER: LazyLock<Renderer> = LazyLock::new(Renderer::new);

/// The pixel at the centre of `sq` in a picture viewed from White's side, or from Black's when
/// `flipped`: `(x, y)` from the top-left corner.
pub fn square_centre(sq: Square, flipped: bool) -> (u32, u32) {
    let (x, y) = View { flipped }.origin(sq);
    (x + SQUARE / 2, y + SQUARE / 2)
}

/// Side of one square in the picture, in pixels.
pub const SQUARE_PX: u32 = SQUARE;

/// Renders with the process-wide [`Renderer`]: PNG bytes of a [`WIDTH`] × [`HEIGHT`] picture.
pub fn render(pos: &Position, opts: &RenderOptions) -> Vec<u8> {
    RENDERER.render(pos, opts)
}

impl Renderer {
    /// Draws the unchanging layers: about 0.1 s in a release build, so build one per process.
    pub fn new() -> Renderer {
        let bases = [false, true].map(|flipped| {
            let mut base = RgbImage::from_pixel(WIDTH, HEIGHT, palette::BACKGROUND);
            coordinates(&mut base, View { flipped });
            base
        });
        Renderer {
            bases,
            tiles: Tiles::build(&text::BOLD),
        }
    }

    /// The picture as pixels (RGB, [`WIDTH`] × [`HEIGHT`]).
    pub fn render_image(&self, pos: &Position, opts: &RenderOptions) -> RgbImage {
        let view = View {
            flipped: opts.flipped,
        };
        let mut img = self.bases[usize::from(opts.flipped)].clone();

        let marked: Vec<Square> = match opts.last_move {
            Some(Move::Step { from, to }) => vec![from, to],
            Some(Move::Drop { to }) => vec![to],
            Some(Move::Swap { a, b }) => vec![a, b],
            None => Vec::new(),
        };
        // A step's arrow runs under the stacks on its path: those squares get their bare
        // tile now and their stack after the arrow.
        let path: Vec<Square> = match opts.last_move {
            Some(Move::Step { from, to }) => from
                .line_to(to)
                .map(|(dir, len)| (0..=len).filter_map(|d| from.offset(dir, d)).collect())
                .unwrap_or_default(),
            _ => Vec::new(),
        };
        for (sq, stack) in pos.stacks() {
            let shade = Shade::of(sq.file(), sq.rank(), marked.contains(&sq));
            let shown = if path.contains(&sq) {
                Stack::EMPTY
            } else {
                stack
            };
            let (x, y) = view.origin(sq);
            copy_tile(&mut img, self.tiles.get(shown, shade), x, y);
        }
        for &sq in &marked {
            overlay::corners(&mut img, view, sq);
        }
        for &sq in &opts.highlights {
            overlay::highlight(&mut img, view, sq);
        }
        if let Some(Move::Step { from, to }) = opts.last_move {
            overlay::arrow(&mut img, view, from, to);
        }
        for &sq in &path {
            if let Some(sprite) = self.tiles.sprite(pos.stack(sq)) {
                let (x, y) = view.origin(sq);
                sprites::composite(&mut img, sprite, x, y);
            }
        }

        let end = opts.end.clone().or_else(|| match pos.outcome() {
            Outcome::Ongoing => None,
            Outcome::Win { winner, reason } => Some(GameEnd {
                winner: Some(winner),
                reason: match reason {
                    WinReason::NoLegalMove => opts.words.cannot_move.clone(),
                    WinReason::MirrorRule => opts.words.mirrored.clone(),
                },
            }),
        });
        // A name with nothing the font can draw (emoji only, CJK, invisible characters)
        // becomes the colour's name rather than a blank or a row of boxes.
        let name = |c: Color, given: &str| {
            let clean = text::clean(&text::BOLD, given);
            if clean.is_empty() {
                text::clean(&text::BOLD, &opts.words.colors[c.index()])
            } else {
                clean
            }
        };
        let names = [
            name(Color::White, &opts.white),
            name(Color::Black, &opts.black),
        ];
        let (top, bottom) = if opts.flipped {
            (Color::White, Color::Black)
        } else {
            (Color::Black, Color::White)
        };
        for (color, y) in [(top, TOP_PANEL_Y), (bottom, BOTTOM_PANEL_Y)] {
            let status = match &end {
                Some(GameEnd {
                    winner: Some(w), ..
                }) if *w == color => Status::Won,
                Some(GameEnd {
                    winner: Some(_),
                    reason,
                }) => Status::Lost(reason),
                Some(GameEnd {
                    winner: None,
                    reason,
                }) => Status::Ended(reason),
                None if pos.side_to_move() == color => Status::ToMove,
                None => Status::Quiet,
            };
            Panel {
                words: &opts.words,
                color,
                name: &names[color.index()],
                reserve: pos.reserve(color),
                captured: pos.captured_by(color),
                status,
            }
            .draw(&mut img, y);
        }
        draw_corner(&mut img, &opts.corner);
        img
    }

    /// The picture as PNG bytes.
    pub fn render(&self, pos: &Position, opts: &RenderOptions) -> Vec<u8> {
        encode_png(&self.render_image(pos, opts))
    }
}

impl Default for Renderer {
    fn default() -> Renderer {
        Renderer::new()
    }
}

/// Copies `tile` into `img` with its top-left corner at `(x, y)`, a row at a time: the
/// animated replay draws 52 tiles per frame, and `imageops::replace` goes pixel by pixel.
fn copy_tile(img: &mut RgbImage, tile: &RgbImage, x: u32, y: u32) {
    let (w, stride) = (tile.width() as usize * 3, img.width() as usize * 3);
    let dst = img.as_mut();
    for (row, src) in tile.as_raw().chunks_exact(w).enumerate() {
        let at = (y as usize + row) * stride + x as usize * 3;
        dst[at..at + w].copy_from_slice(src);
    }
}

/// File letters under the board and rank numbers to its left, in the order of `view`.
fn coordinates(img: &mut RgbImage, view: View) {
    for i in 0..8u8 {
        let (col, _) = view.cell(i, 0);
        let x = BOARD_X + col * SQUARE + SQUARE / 2;
        let file = ((b'a' + i) as char).to_string();
        text::draw_centred(
            img,
            &text::REGULAR,
            17.0,
            palette::TEXT_DIM,
            (x as f32, (BOARD_Y + BOARD + 13) as f32),
            &file,
        );
        let (_, row) = view.cell(0, i);
        let y = BOARD_Y + row * SQUARE + SQUARE / 2;
        text::draw_centred(
            img,
            &text::REGULAR,
            17.0,
            palette::TEXT_DIM,
            ((BOARD_X / 2) as f32, y as f32),
            &(i + 1).to_string(),
        );
    }
}
