//! Marks drawn over the tiles: the last move's arrow and the highlight frames.

use image::{Rgb, RgbImage};
use imageproc::drawing::{Canvas, draw_polygon_mut};
use imageproc::point::Point;

use super::layout::{SQUARE, View};
use super::palette;
use crate::rules::Square;

/// An image canvas that blends every drawn pixel at a fixed opacity, so an arrow lets the
/// stacks beneath it show through.
struct Translucent<'a> {
    img: &'a mut RgbImage,
    alpha: f32,
}

impl Canvas for Translucent<'_> {
    type Pixel = Rgb<u8>;

    fn dimensions(&self) -> (u32, u32) {
        self.img.dimensions()
    }

    fn get_pixel(&self, x: u32, y: u32) -> Rgb<u8> {
        *self.img.get_pixel(x, y)
    }

    fn draw_pixel(&mut self, x: u32, y: u32, color: Rgb<u8>) {
        let under = *self.img.get_pixel(x, y);
        self.img
            .put_pixel(x, y, palette::mix(under, color, self.alpha));
    }
}

/// An arrow from the centre of `from` to the near edge of `to`.
pub fn arrow(img: &mut RgbImage, view: View, from: Square, to: Square) {
    let (x0, y0) = view.centre(from);
    let (x1, y1) = view.centre(to);
    let (dx, dy) = (x1 - x0, y1 - y0);
    let len = (dx * dx + dy * dy).sqrt();
    if len < 1.0 {
        return;
    }
    let (ux, uy) = (dx / len, dy / len); // along the arrow
    let (nx, ny) = (-uy, ux); // across it
    let s = SQUARE as f32;
    let (shaft, head_w, head_l) = (0.07 * s, 0.2 * s, 0.3 * s);
    // From the (now lower) stack left behind to the edge of the destination, so the arrow
    // never covers the stack that just landed.
    let tip = len - 0.44 * s;
    let start = 0.05 * s;
    let at = |along: f32, across: f32| {
        Point::new(
            (x0 + ux * along + nx * across).round() as i32,
            (y0 + uy * along + ny * across).round() as i32,
        )
    };
    let poly = [
        at(start, -shaft),
        at(tip - head_l, -shaft),
        at(tip - head_l, -head_w),
        at(tip, 0.0),
        at(tip - head_l, head_w),
        at(tip - head_l, shaft),
        at(start, shaft),
    ];
    let mut canvas = Translucent {
        img,
        alpha: palette::ARROW_ALPHA,
    };
    draw_polygon_mut(&mut canvas, &poly, palette::ACCENT);
}

/// A frame inside `sq`, 4 px wide: it marks the square without hiding its stack.
pub fn highlight(img: &mut RgbImage, view: View, sq: Square) {
    let (x, y) = view.origin(sq);
    let (inner, width) = (2, 4);
    for d in inner..inner + width {
        for i in d..SQUARE - d {
            img.put_pixel(x + i, y + d, palette::ACCENT);
            img.put_pixel(x + i, y + SQUARE - 1 - d, palette::ACCENT);
            img.put_pixel(x + d, y + i, palette::ACCENT);
            img.put_pixel(x + SQUARE - 1 - d, y + i, palette::ACCENT);
        }
    }
}
