//! Pre-drawn tiles: one per (stack, square background), built once and then only copied, as
//! lila-gif does with its sprite sheet.
//!
//! A stack is drawn side-on as a pile of discs, bottom piece lowest, so every piece's colour can
//! be read bottom to top; only the top piece shows its face, which makes control obvious; the
//! height is written on that face for stacks of two or more.

use ab_glyph::FontRef;
use image::{Rgb, RgbImage, Rgba, RgbaImage};
use imageproc::drawing::{draw_filled_ellipse_mut, draw_filled_rect_mut};
use imageproc::rect::Rect;

use super::layout::SQUARE;
use super::palette::{self, BLACK_PIECE, WHITE_PIECE};
use super::text;
use crate::rules::{Color, Stack};

/// The background a tile is drawn on.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Shade {
    /// A light square.
    Light = 0,
    /// A dark square.
    Dark = 1,
    /// A light square of the last move.
    LastLight = 2,
    /// A dark square of the last move.
    LastDark = 3,
}

impl Shade {
    const ALL: [Shade; 4] = [Shade::Light, Shade::Dark, Shade::LastLight, Shade::LastDark];

    /// The shade of a square: light when file + rank is odd (a1 would be dark), tinted when
    /// it is part of the last move.
    pub fn of(file: u8, rank: u8, last_move: bool) -> Shade {
        match ((file + rank) % 2 == 1, last_move) {
            (true, false) => Shade::Light,
            (false, false) => Shade::Dark,
            (true, true) => Shade::LastLight,
            (false, true) => Shade::LastDark,
        }
    }

    fn color(self) -> Rgb<u8> {
        let base = match self {
            Shade::Light | Shade::LastLight => palette::SQUARE_LIGHT,
            Shade::Dark | Shade::LastDark => palette::SQUARE_DARK,
        };
        match self {
            Shade::LastLight | Shade::LastDark => {
                palette::mix(base, palette::LAST_MOVE, palette::LAST_MOVE_STRENGTH)
            }
            _ => base,
        }
    }
}

/// Supersampling factor for the discs' anti-aliasing.
const SS: u32 = 4;
/// Disc half-width, half-height of its face, thickness of one piece, outline: at 1×.
const RX: f32 = 27.0;
const RY: f32 = 8.5;
const THICK: f32 = 10.0;
const OUTLINE: f32 = 2.0;

/// Every tile: [`Stack::CODES`] stacks × 4 shades, `SQUARE`² pixels each; and every stack's
/// sprite alone (on transparency), to draw stacks again over the last move's arrow.
pub struct Tiles {
    tiles: Vec<RgbImage>,
    sprites: Vec<Option<RgbaImage>>,
}

impl Tiles {
    /// Draws every tile (most of the 0.1 s of [`super::Renderer::new`]).
    pub fn build(bold: &FontRef<'static>) -> Tiles {
        let mut tiles = Vec::with_capacity(Stack::CODES * 4);
        let mut sprites = Vec::with_capacity(Stack::CODES);
        for code in 0..Stack::CODES {
            let stack = Stack::from_code(code).unwrap_or(Stack::EMPTY);
            let sprite = (!stack.is_empty()).then(|| {
                let mut sprite = stack_sprite(stack);
                if stack.height() >= 2 {
                    label_height(&mut sprite, stack, bold);
                }
                sprite
            });
            for shade in Shade::ALL {
                let mut tile = RgbImage::from_pixel(SQUARE, SQUARE, shade.color());
                if let Some(sprite) = &sprite {
                    composite(&mut tile, sprite, 0, 0);
                }
                frame(&mut tile, palette::GRID);
                tiles.push(tile);
            }
            sprites.push(sprite);
        }
        Tiles { tiles, sprites }
    }

    /// The stack alone on transparency; `None` for the empty stack.
    pub fn sprite(&self, stack: Stack) -> Option<&RgbaImage> {
        self.sprites[stack.code()].as_ref()
    }

    /// Every tile, for the replay's palette.
    pub fn all(&self) -> impl Iterator<Item = &RgbImage> {
        self.tiles.iter()
    }

    /// The tile of `stack` on `shade`.
    pub fn get(&self, stack: Stack, shade: Shade) -> &RgbImage {
        &self.tiles[stack.code() * 4 + shade as usize]
    }
}

/// Vertical centre of the face of piece `level` (0 = bottom; `level == height` is the top
/// face) for a stack of `height`, at 1×: the pile is centred in the square.
fn face_y(height: usize, level: usize) -> f32 {
    let pile = 2.0 * RY + THICK * height as f32;
    let bottom_face = (SQUARE as f32 + pile) / 2.0 - RY;
    bottom_face - THICK * level as f32
}

/// The stack drawn at `SS`× on transparency, then box-filtered down to 1× with premultiplied
/// alpha.
fn stack_sprite(stack: Stack) -> RgbaImage {
    let size = SQUARE * SS;
    let mut big = RgbaImage::new(size, size);
    let s = SS as f32;
    let cx = size as f32 / 2.0;
    let h = stack.height();
    for (level, color) in stack.pieces().enumerate() {
        let [face, side, outline] = match color {
            Color::White => WHITE_PIECE,
            Color::Black => BLACK_PIECE,
        };
        let (base, top) = (face_y(h, level) * s, face_y(h, level + 1) * s);
        let disc = |img: &mut RgbaImage, y: f32, grow: f32, c: Rgb<u8>| {
            draw_filled_ellipse_mut(
                img,
                (cx as i32, y as i32),
                ((RX + grow) * s) as i32,
                ((RY + grow) * s) as i32,
                opaque(c),
            );
        };
        let band = |img: &mut RgbaImage, grow: f32, c: Rgb<u8>| {
            let half = ((RX + grow) * s) as i32;
            let rect = Rect::at(cx as i32 - half, top as i32)
                .of_size(2 * half as u32 + 1, (base - top) as u32 + 1);
            draw_filled_rect_mut(img, rect, opaque(c));
        };
        // Outline first, slightly larger; the fill leaves it as a rim.
        disc(&mut big, base, OUTLINE, outline);
        band(&mut big, OUTLINE, outline);
        disc(&mut big, top, OUTLINE, outline);
        disc(&mut big, base, 0.0, side);
        band(&mut big, 0.0, side);
        disc(&mut big, top, 0.0, face);
    }
    downsample(&big)
}

fn opaque(c: Rgb<u8>) -> Rgba<u8> {
    Rgba([c.0[0], c.0[1], c.0[2], 255])
}

/// `SS`×`SS` box filter with premultiplied alpha: exact coverage anti-aliasing.
fn downsample(big: &RgbaImage) -> RgbaImage {
    let mut out = RgbaImage::new(big.width() / SS, big.height() / SS);
    let n = (SS * SS) as f32;
    for (x, y, px) in out.enumerate_pixels_mut() {
        let mut acc = [0f32; 4];
        for dy in 0..SS {
            for dx in 0..SS {
                let p = big.get_pixel(x * SS + dx, y * SS + dy).0;
                let a = p[3] as f32 / 255.0;
                for c in 0..3 {
                    acc[c] += p[c] as f32 * a;
                }
                acc[3] += a;
            }
        }
        let a = acc[3] / n;
        *px = if acc[3] > 0.0 {
            Rgba([
                (acc[0] / acc[3]).round() as u8,
                (acc[1] / acc[3]).round() as u8,
                (acc[2] / acc[3]).round() as u8,
                (a * 255.0).round() as u8,
            ])
        } else {
            Rgba([0, 0, 0, 0])
        };
    }
    out
}

/// Draws `sprite` over `img` with its top-left corner at `(x, y)` (inside `img`).
pub fn composite(img: &mut RgbImage, sprite: &RgbaImage, x: u32, y: u32) {
    for (sx, sy, src) in sprite.enumerate_pixels() {
        if src.0[3] == 0 {
            continue;
        }
        let dst = img.get_pixel_mut(x + sx, y + sy);
        let a = src.0[3] as f32 / 255.0;
        *dst = palette::mix(*dst, Rgb([src.0[0], src.0[1], src.0[2]]), a);
    }
}

/// Writes the height on the top face, in the colour that contrasts with the top piece; large
/// enough to stay legible when a phone shows the picture at half size.
fn label_height(sprite: &mut RgbaImage, stack: Stack, bold: &FontRef<'static>) {
    let ink = match stack.top() {
        Some(Color::White) => WHITE_PIECE[2],
        _ => palette::TEXT,
    };
    let ink = Rgba([ink.0[0], ink.0[1], ink.0[2], 255]);
    let centre = (SQUARE as f32 / 2.0, face_y(stack.height(), stack.height()));
    text::draw_centred(sprite, bold, 17.0, ink, centre, &stack.height().to_string());
}

/// A 1-pixel frame around `tile`: adjacent tiles make the grid between squares.
fn frame(tile: &mut RgbImage, c: Rgb<u8>) {
    let (w, h) = tile.dimensions();
    for x in 0..w {
        tile.put_pixel(x, 0, c);
        tile.put_pixel(x, h - 1, c);
    }
    for y in 0..h {
        tile.put_pixel(0, y, c);
        tile.put_pixel(w - 1, y, c);
    }
}
