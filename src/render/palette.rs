//! The colours of the board picture.
//!
//! Chosen for colour-blind players and both Discord themes: pieces differ by lightness (cream
//! and charcoal), never by hue; the marks are yellow with dark corner brackets (last move) and blue
//! (highlights and the arrow), a pair that stays distinct under every common colour-vision deficiency; the
//! background is opaque, so Discord's theme never shows through.

use image::Rgb;

/// Behind everything: dark slate, opaque.
pub const BACKGROUND: Rgb<u8> = Rgb([0x26, 0x2a, 0x33]);
/// The mover's panel.
pub const PANEL_ACTIVE: Rgb<u8> = Rgb([0x34, 0x3a, 0x47]);
/// Main text on the background.
pub const TEXT: Rgb<u8> = Rgb([0xf2, 0xf2, 0xf2]);
/// Secondary text (counts, coordinates).
pub const TEXT_DIM: Rgb<u8> = Rgb([0xb4, 0xba, 0xc6]);

/// Light squares.
pub const SQUARE_LIGHT: Rgb<u8> = Rgb([0xdc, 0xc8, 0xa4]);
/// Dark squares.
pub const SQUARE_DARK: Rgb<u8> = Rgb([0xc4, 0xa8, 0x7e]);
/// Lines between squares.
pub const GRID: Rgb<u8> = Rgb([0x8a, 0x72, 0x52]);
/// The last move's squares are tinted towards this yellow.
pub const LAST_MOVE: Rgb<u8> = Rgb([0xf5, 0xd3, 0x3c]);
/// How strongly (0–1) the last move's squares take [`LAST_MOVE`].
pub const LAST_MOVE_STRENGTH: f32 = 0.55;
/// Highlighted squares' frame, the last-move arrow, the turn badge.
pub const ACCENT: Rgb<u8> = Rgb([0x25, 0x6f, 0xe8]);
/// The last move's corner brackets: dark, so they show on every square shade.
pub const MARK: Rgb<u8> = Rgb([0x2a, 0x22, 0x10]);
/// The winner's badge (with dark text): gold, unlike the blue "to move" badge.
pub const WINNER: Rgb<u8> = Rgb([0xf2, 0xc9, 0x4c]);
/// Text on the winner's badge.
pub const WINNER_TEXT: Rgb<u8> = Rgb([0x1e, 0x1e, 0x1e]);

/// A white piece's top face, side and outline.
pub const WHITE_PIECE: [Rgb<u8>; 3] = [
    Rgb([0xfa, 0xf7, 0xf0]),
    Rgb([0xd6, 0xcf, 0xc2]),
    Rgb([0x1e, 0x1e, 0x1e]),
];
/// A black piece's top face, side and outline (a lighter rim separates stacked black pieces).
pub const BLACK_PIECE: [Rgb<u8>; 3] = [
    Rgb([0x3a, 0x3d, 0x44]),
    Rgb([0x20, 0x22, 0x27]),
    Rgb([0x8e, 0x94, 0x9e]),
];

/// `a` moved towards `b` by `t` (0 = `a`, 1 = `b`).
pub fn mix(a: Rgb<u8>, b: Rgb<u8>, t: f32) -> Rgb<u8> {
    Rgb(std::array::from_fn(|i| {
        (a.0[i] as f32 + (b.0[i] as f32 - a.0[i] as f32) * t).round() as u8
    }))
}
