//! PNG encoding, tuned for speed: most of a render's time goes here.

use image::codecs::png::{CompressionType, FilterType, PngEncoder};
use image::{ImageEncoder, RgbImage};

/// Encodes `img` as an 8-bit RGB PNG with fast compression.
///
/// The picture is mostly flat colour, so the fast deflate keeps it small while costing a
/// fraction of the default level.
pub fn encode_png(img: &RgbImage) -> Vec<u8> {
    let mut out = Vec::with_capacity(96 * 1024);
    PngEncoder::new_with_quality(&mut out, CompressionType::Fast, FilterType::Sub)
        .write_image(
            img.as_raw(),
            img.width(),
            img.height(),
            image::ExtendedColorType::Rgb8,
        )
        .expect("encoding an in-memory RGB image cannot fail");
    out
}
