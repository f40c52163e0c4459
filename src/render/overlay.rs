//! Marks drawn over the tiles: the last move's arrow and the highlight frames.

use image::RgbImage;
use imageproc::drawing::draw_polygon_mut;
use imageproc::point::Point;

use super::layout::{SQUARE, View};
use super::palette;
use crate::rules::Square;

/// An arrow from the centre of `from` to the near edge of `to`. The caller draws the stacks
/// on its path again afterwards, so the arrow runs *under* them and never hides a piece or a
/// height number.
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
    draw_polygon_mut(img, &poly, palette::ACCENT);
}

/// Dark corner brackets inside `sq`: marks the last move by shape as well as by the yellow
/// tint, so it shows in greyscale and to every colour-vision deficiency.
pub fn corners(img: &mut RgbImage, view: View, sq: Square) {
    let (x, y) = view.origin(sq);
    let (inset, len, width) = (3, 17, 3);
    let far = SQUARE - 1 - inset;
    for w in 0..width {
        for i in 0..len {
            for (cx, cy, dx, dy) in [
                (inset, inset, 1i32, 1i32),
                (far, inset, -1, 1),
                (inset, far, 1, -1),
                (far, far, -1, -1),
            ] {
                let along_x = (cx as i32 + dx * i) as u32;
                let along_y = (cy as i32 + dy * i) as u32;
                let off_x = (cx as i32 + dx * w) as u32;
                let off_y = (cy as i32 + dy * w) as u32;
                img.put_pixel(x + along_x, y + off_y, palette::MARK);
                img.put_pixel(x + off_x, y + along_y, palette::MARK);
            }
        }
    }
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
