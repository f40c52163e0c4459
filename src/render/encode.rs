//! PNG encoding, tuned for speed: most of a render's time goes here.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

/// Encodes `img` as an 8-bit RGB PNG with fast compression.
///
/// Measured on the midgame of `benches/render.rs` (fast deflate throughout): the Paeth filter
/// gives 59 KB in 1.67 ms, Adaptive 58 KB in 1.88 ms, Sub 122 KB in 1.69 ms, Up 125 KB in
/// 1.39 ms, no filter 1.6 MB in 5.2 ms. Paeth suits the flat fills and vertical edges of
/// the board best.
pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(96 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Paeth)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding an in-memory RGB image cannot fail");
    out
}

/// Encodes `img` as an 8-bit RGB PNG compressed for size rather than speed: for pictures of
/// flat colours and text sent once, like the crosstable, where the bytes to upload matter
/// more than milliseconds.
///
/// Measured on a crosstable of 32 rows and 20 rounds (1,400 × 1,244 px): unfiltered with
/// zlib's default level, 346 KB in 0.25 s; the Adaptive filter 392 KB, Paeth 404 KB; the fast
/// deflate of [`encode_png`] 842 KB in 0.13 s. Unfiltered suits runs of exact colours best.
pub fn encode_png_compact(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(64 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Default, FilterType::NoFilter)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding an in-memory RGB image cannot fail");
    out
}
