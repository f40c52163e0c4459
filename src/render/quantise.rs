//! The animated replay's fixed colour table, built once per process from the renderer's own
//! layers, and a fast map from the RGB picture's colours to its entries.
//!
//! A GIF has at most 256 colours; the board picture has a few dozen flat colours and a few
//! thousand anti-aliasing blends (disc rims over every square shade, text over both panel
//! backgrounds). Quantising each frame afresh (NeuQuant) is slow and makes every frame's colours
//! differ; instead, as lila-gif does, one palette is made ahead of time for everything the
//! renderer can draw:
//!
//! 1. every flat colour (one that covers a whole run of pixels in the layers) gets an exact
//!    entry, so squares, pieces, panels, marks and badges are never altered;
//! 2. the other entries go to the blends by farthest-point sampling: each new entry is the
//!    drawn colour farthest from every entry so far. That minimises the largest error over
//!    all drawn colours, so no blend is mapped to a colour far from it (no speckled text);
//!    the error left is measured and tested (under 10 RGB units, `render/gif.rs`).
//!
//! Index [`TRANSPARENT`] is kept out of the colour table: the replay marks unchanged pixels
//! with it.

use std::collections::HashMap;

#[cfg(test)]
use image::Rgb;
use image::RgbImage;

/// The index of "unchanged since the previous frame"; never a colour.
pub const TRANSPARENT: u8 = 255;

/// Colours that cover at least this many pixels of the sample layers count as flat and get an
/// exact entry. Blends of anti-aliasing are each a handful of pixels per edge; the rarest
/// flat colours (a badge's fill, the winner text) cover hundreds.
const FLAT_MIN_PIXELS: u32 = 150;

/// The most exact entries; the rest of the 255 go to blends.
const MAX_FLAT: usize = 96;

/// 255 colours (index 255 is [`TRANSPARENT`]).
#[derive(Clone, Debug)]
pub struct Palette {
    colors: Vec<[u8; 3]>,
}

/// Squared distance in RGB: the metric of both the palette's construction and the lookup, so
/// the measured error bound holds for the lookup.
fn dist(a: [u8; 3], b: [u8; 3]) -> u32 {
    (0..3)
        .map(|i| {
            let d = a[i] as i32 - b[i] as i32;
            (d * d) as u32
        })
        .sum()
}

impl Palette {
    /// Builds the palette for the colours of `samples` (pictures the renderer drew).
    pub fn build<'a>(samples: impl IntoIterator<Item = &'a RgbImage>) -> Palette {
        let mut counts: HashMap<[u8; 3], u32> = HashMap::new();
        for img in samples {
            for px in img.pixels() {
                *counts.entry(px.0).or_insert(0) += 1;
            }
        }
        // Sorted for a deterministic palette (HashMap order is random).
        let mut drawn: Vec<([u8; 3], u32)> = counts.into_iter().collect();
        drawn.sort_unstable_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));

        let mut colors: Vec<[u8; 3]> = drawn
            .iter()
            .take_while(|(_, n)| *n >= FLAT_MIN_PIXELS)
            .take(MAX_FLAT)
            .map(|(c, _)| *c)
            .collect();
        // Farthest-point sampling over the rest.
        let mut nearest: Vec<u32> = drawn
            .iter()
            .map(|(c, _)| {
                colors
                    .iter()
                    .map(|&p| dist(*c, p))
                    .min()
                    .unwrap_or(u32::MAX)
            })
            .collect();
        while colors.len() < usize::from(TRANSPARENT) {
            let Some((far, &d)) = nearest.iter().enumerate().max_by_key(|&(i, d)| (*d, !i)) else {
                break;
            };
            if d == 0 {
                break; // every drawn colour is exact
            }
            let c = drawn[far].0;
            colors.push(c);
            for (n, (other, _)) in nearest.iter_mut().zip(&drawn) {
                *n = (*n).min(dist(*other, c));
            }
        }
        Palette { colors }
    }

    /// The colour table as the GIF stores it: `r, g, b` per entry, at most 255 entries.
    pub fn rgb_table(&self) -> Vec<u8> {
        self.colors.iter().flatten().copied().collect()
    }

    /// Number of colour entries (at most 255).
    #[cfg(test)]
    pub fn len(&self) -> usize {
        self.colors.len()
    }

    /// The colour of entry `index` (`index < len()`).
    #[cfg(test)]
    pub fn color(&self, index: u8) -> Rgb<u8> {
        Rgb(self.colors[usize::from(index)])
    }

    /// The largest distance (Euclidean, in RGB units 0–255) from a colour of `samples` to the
    /// entry it maps to.
    #[cfg(test)]
    pub fn max_error<'a>(&self, samples: impl IntoIterator<Item = &'a RgbImage>) -> f32 {
        let colors: std::collections::HashSet<[u8; 3]> = samples
            .into_iter()
            .flat_map(|img| img.pixels().map(|p| p.0))
            .collect();
        let worst = colors
            .into_iter()
            .map(|c| dist(c, self.colors[usize::from(self.nearest(c))]))
            .max()
            .unwrap_or(0);
        (worst as f32).sqrt()
    }

    /// The entry nearest to `c` (a linear scan: callers cache it, see [`Quantiser`]).
    pub fn nearest(&self, c: [u8; 3]) -> u8 {
        let mut best = (u32::MAX, 0u8);
        for (i, &p) in self.colors.iter().enumerate() {
            let d = dist(c, p);
            if d < best.0 {
                best = (d, i as u8);
                if d == 0 {
                    break;
                }
            }
        }
        best.1
    }
}

/// Bits of the direct-mapped cache's index: 16 K slots, more than the distinct colours of a
/// game's frames, so nearly every lookup after the first frame is one multiply and compare.
const CACHE_BITS: u32 = 14;

/// Maps RGB colours to palette indices, remembering each answer in a direct-mapped cache.
pub struct Quantiser<'p> {
    palette: &'p Palette,
    /// `0x01rrggbb` of the colour cached in each slot; 0 when empty.
    keys: Vec<u32>,
    values: Vec<u8>,
}

impl<'p> Quantiser<'p> {
    /// An empty cache over `palette`.
    pub fn new(palette: &'p Palette) -> Quantiser<'p> {
        Quantiser {
            palette,
            keys: vec![0; 1 << CACHE_BITS],
            values: vec![0; 1 << CACHE_BITS],
        }
    }

    /// The palette entry for `c`.
    #[inline]
    pub fn index(&mut self, c: [u8; 3]) -> u8 {
        let key = 1 << 24 | u32::from(c[0]) << 16 | u32::from(c[1]) << 8 | u32::from(c[2]);
        let slot = (key.wrapping_mul(0x9E37_79B1) >> (32 - CACHE_BITS)) as usize;
        if self.keys[slot] != key {
            self.keys[slot] = key;
            self.values[slot] = self.palette.nearest(c);
        }
        self.values[slot]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn flat_colours_are_exact_and_blends_near() {
        let mut img = RgbImage::from_pixel(40, 40, Rgb([10, 20, 30]));
        for x in 0..40 {
            // A blend ramp of 40 shades in one row, each a single pixel.
            img.put_pixel(x, 0, Rgb([10 + 6 * x as u8, 20, 30]));
        }
        let palette = Palette::build([&img]);
        assert_eq!(
            palette.color(palette.nearest([10, 20, 30])),
            Rgb([10, 20, 30])
        );
        // 40 single-pixel shades fit, so everything is exact.
        assert_eq!(palette.max_error([&img]), 0.0);
        let mut q = Quantiser::new(&palette);
        assert_eq!(q.index([244, 20, 30]), palette.nearest([244, 20, 30]));
        assert_eq!(palette.color(q.index([16, 20, 30])), Rgb([16, 20, 30]));
    }

    #[test]
    fn more_shades_than_entries_share_entries_evenly() {
        let mut img = RgbImage::new(64, 64);
        for (x, y, px) in img.enumerate_pixels_mut() {
            *px = Rgb([(x * 4) as u8, (y * 4) as u8, 0]);
        }
        let palette = Palette::build([&img]);
        assert_eq!(palette.len(), 255);
        // 4096 colours on a 252×252 grid, 255 entries: about one per 16² area, so the farthest
        // colour is some 11 units from an entry; far less than a random spread would leave.
        let error = palette.max_error([&img]);
        assert!(error < 16.0, "{error}");
    }
}
