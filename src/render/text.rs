//! Text in the picture: DejaVu Sans, embedded in the binary (`fonts/`).

use std::sync::LazyLock;

use ab_glyph::{Font, FontRef, PxScale};
use image::{Rgb, RgbImage};
use imageproc::drawing::{draw_text_mut, text_size};

/// The bytes of DejaVu Sans Book (also given to the chart's plotting library).
pub(crate) const REGULAR_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans.ttf");

/// The bytes of DejaVu Sans Bold.
pub(crate) const BOLD_TTF: &[u8] = include_bytes!("../../fonts/DejaVuSans-Bold.ttf");

/// DejaVu Sans Book.
pub static REGULAR: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(REGULAR_TTF).expect("the embedded DejaVuSans.ttf is a valid font")
});

/// DejaVu Sans Bold.
pub static BOLD: LazyLock<FontRef<'static>> = LazyLock::new(|| {
    FontRef::try_from_slice(BOLD_TTF).expect("the embedded DejaVuSans-Bold.ttf is a valid font")
});

/// Width and height in pixels of `text` at `size` px.
pub fn measure(font: &FontRef<'static>, size: f32, text: &str) -> (u32, u32) {
    text_size(PxScale::from(size), font, text)
}

/// Draws `text` with its top-left corner at `(x, y)`.
pub fn draw(
    img: &mut RgbImage,
    font: &FontRef<'static>,
    size: f32,
    color: Rgb<u8>,
    x: i32,
    y: i32,
    text: &str,
) {
    draw_text_mut(img, color, x, y, PxScale::from(size), font, text);
}

/// Draws `text` centred on `(cx, cy)`, on an RGB picture or an RGBA sprite.
pub fn draw_centred<C>(
    img: &mut C,
    font: &FontRef<'static>,
    size: f32,
    color: C::Pixel,
    (cx, cy): (f32, f32),
    text: &str,
) where
    C: imageproc::drawing::Canvas,
    <C::Pixel as image::Pixel>::Subpixel: Into<f32> + imageproc::definitions::Clamp<f32>,
{
    let (w, h) = measure(font, size, text);
    let x = (cx - w as f32 / 2.0).round() as i32;
    let y = (cy - h as f32 / 2.0).round() as i32;
    draw_text_mut(img, color, x, y, PxScale::from(size), font, text);
}

/// `text` without what the font cannot draw (emoji, most CJK — they would show as boxes),
/// without control and invisible characters, and with runs of spaces made one. May be empty.
pub fn clean(font: &FontRef<'static>, text: &str) -> String {
    let kept: String = text
        .chars()
        .filter(|&c| {
            !c.is_control()
                && !matches!(c, '\u{200B}'..='\u{200F}' | '\u{2060}'..='\u{206F}' | '\u{FEFF}')
                && (c.is_whitespace() || font.glyph_id(c).0 != 0)
        })
        .collect();
    kept.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `text` made drawable within `max_width` px: [`clean`]ed, and cut with `…` when too long.
pub fn fit(font: &FontRef<'static>, size: f32, text: &str, max_width: u32) -> String {
    let clean = clean(font, text);
    if measure(font, size, &clean).0 <= max_width {
        return clean;
    }
    let chars: Vec<char> = clean.chars().collect();
    // Binary search for the longest prefix that fits with the ellipsis.
    let (mut lo, mut hi) = (0, chars.len());
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        let candidate: String = chars[..mid].iter().chain(['…'].iter()).collect();
        if measure(font, size, &candidate).0 <= max_width {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let mut cut: String = chars[..lo].iter().collect();
    cut.truncate(cut.trim_end().len());
    cut.push('…');
    cut
}
