//! The GIF variant of LZW, for 8-bit palette indices: the replay's hot loop.
//!
//! The `gif` crate's own compressor (weezl) took about 55 % of a replay's time (measured with
//! perf on the 80-ply benchmark): a replay frame is mostly long runs of the transparent index,
//! and weezl walks a tree per symbol. This one keeps the dictionary in a small hash table that
//! stays in cache, and crosses a run of one symbol a code at a time rather than a symbol at a
//! time. The output is standard (the classic Unix `compress` / GIF encoder: a clear
//! code first, the code width grows after the code that fills a width, a clear code when the
//! 4096 codes are used up), so every decoder reads it; the tests decode it with the `gif` crate.

/// Minimum code size for 256 palette indices.
const MIN_CODE_SIZE: u8 = 8;
const CLEAR: u32 = 1 << MIN_CODE_SIZE;
const END: u32 = CLEAR + 1;
const FIRST_FREE: u32 = CLEAR + 2;
const MAX_CODES: u32 = 4096;
const MAX_BITS: u32 = 12;
/// Bits of a table entry that hold the code; above them, the key `prefix << 8 | symbol`.
const CODE_BITS: u32 = 12;
/// Slots of the dictionary's hash table: twice the codes, so probes stay short; 32 KiB, so it
/// stays in the first-level cache, unlike a flat `(code, symbol)` table of 4 MiB whose chain
/// of dependent loads perf showed to take most of the time.
const SLOTS: usize = 8192;

/// An LZW compressor; reuse one for many frames.
pub struct Lzw {
    /// Open addressing, linear probing: `key << 12 | code` for the string `key` = `prefix
    /// code << 8 | symbol`; 0 is empty (no code of a string is 0).
    table: Vec<u32>,
    /// `runs[s][n]`: the code of `n` times symbol `s` (`runs[s][1] == s`), for the strings
    /// known since the last reset. Runs (the transparent area, flat panels) follow this short,
    /// contiguous list instead of a chain of dependent loads scattered over `table`, which
    /// perf showed to be two thirds of the time (cache misses).
    runs: Vec<Vec<u16>>,
    /// Width of the next code in bits.
    width: u32,
    /// The next free code.
    next: u32,
}

impl Lzw {
    /// A compressor with an empty table.
    pub fn new() -> Lzw {
        Lzw {
            table: vec![0; SLOTS],
            runs: (0..=255u16).map(|s| vec![0, s]).collect(),
            width: u32::from(MIN_CODE_SIZE) + 1,
            next: FIRST_FREE,
        }
    }

    /// Starts a new dictionary.
    fn reset(&mut self) {
        self.table.fill(0);
        for run in &mut self.runs {
            run.truncate(2);
        }
        self.width = u32::from(MIN_CODE_SIZE) + 1;
        self.next = FIRST_FREE;
    }

    /// Writes `code` (the longest known string) and makes the next free code its extension by
    /// the symbol that follows: that code, or `None` when the table was full and is started
    /// anew.
    #[inline]
    fn emit(&mut self, out: &mut BitWriter, code: u32) -> Option<u32> {
        out.write(code, self.width);
        if self.next < MAX_CODES {
            // The width grows after the code written while `next` was the first code that
            // needs the wider width (the decoder adds its entries one code later).
            if self.next == 1 << self.width && self.width < MAX_BITS {
                self.width += 1;
            }
            self.next += 1;
            Some(self.next - 1)
        } else {
            out.write(CLEAR, self.width);
            self.reset();
            None
        }
    }

    /// `pixels` compressed, as [`gif::Encoder::write_lzw_pre_encoded_frame`] takes them: the
    /// minimum code size byte, then the LZW bit stream (not yet cut into sub-blocks).
    pub fn compress(&mut self, pixels: &[u8]) -> Vec<u8> {
        let mut out = BitWriter {
            bytes: Vec::with_capacity(pixels.len() / 16 + 16),
            acc: 0,
            bits: 0,
        };
        out.bytes.push(MIN_CODE_SIZE);
        self.reset();
        out.write(CLEAR, self.width);
        let Some(&first) = pixels.first() else {
            out.write(END, self.width);
            return out.finish();
        };
        let mut current = u32::from(first);
        // `Some((s, n))` while `current` is `n` times `s`.
        let mut run = Some((first, 1usize));
        let mut i = 1;
        while i < pixels.len() {
            let symbol = pixels[i];
            if let Some((s, mut len)) = run
                && s == symbol
            {
                let count = run_length(&pixels[i..], s);
                let mut left = count;
                while left > 0 {
                    let codes = &self.runs[usize::from(s)];
                    let known = codes.len() - 1;
                    if len + left <= known {
                        len += left;
                        current = u32::from(codes[len]);
                        break;
                    }
                    // Follow the longest known run; the next `s` makes a new one.
                    left -= known - len;
                    current = u32::from(codes[known]);
                    if let Some(code) = self.emit(&mut out, current) {
                        self.runs[usize::from(s)].push(code as u16);
                    }
                    current = u32::from(s);
                    len = 1;
                    left -= 1;
                }
                run = Some((s, len));
                i += count;
                continue;
            }
            let key = current << 8 | u32::from(symbol);
            let mut slot =
                (key.wrapping_mul(0x9E37_79B1) >> (32 - SLOTS.trailing_zeros())) as usize;
            let found = loop {
                match self.table[slot] {
                    0 => break None,
                    entry if entry >> CODE_BITS == key => break Some(entry & (MAX_CODES - 1)),
                    _ => slot = (slot + 1) & (SLOTS - 1),
                }
            };
            if let Some(code) = found {
                current = code;
                run = None;
            } else {
                if let Some(code) = self.emit(&mut out, current) {
                    self.table[slot] = key << CODE_BITS | code;
                }
                current = u32::from(symbol);
                run = Some((symbol, 1));
            }
            i += 1;
        }
        out.write(current, self.width);
        if self.next == 1 << self.width && self.width < MAX_BITS {
            self.width += 1;
        }
        out.write(END, self.width);
        out.finish()
    }
}

/// How many bytes `bytes` starts with that equal `s`, eight at a time.
fn run_length(bytes: &[u8], s: u8) -> usize {
    let pattern = u64::from_le_bytes([s; 8]);
    let mut chunks = bytes.chunks_exact(8);
    let mut n = 0;
    for chunk in &mut chunks {
        let word = u64::from_le_bytes(chunk.try_into().expect("chunks of 8"));
        if word != pattern {
            return n + ((word ^ pattern).trailing_zeros() / 8) as usize;
        }
        n += 8;
    }
    n + chunks.remainder().iter().take_while(|&&b| b == s).count()
}

impl Default for Lzw {
    fn default() -> Lzw {
        Lzw::new()
    }
}

/// Codes packed least significant bit first, as GIF stores them.
struct BitWriter {
    bytes: Vec<u8>,
    acc: u64,
    bits: u32,
}

impl BitWriter {
    #[inline]
    fn write(&mut self, code: u32, width: u32) {
        self.acc |= u64::from(code) << self.bits;
        self.bits += width;
        while self.bits >= 8 {
            self.bytes.push(self.acc as u8);
            self.acc >>= 8;
            self.bits -= 8;
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.bits > 0 {
            self.bytes.push(self.acc as u8);
        }
        self.bytes
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `pixels` as a one-frame GIF of `width` columns through [`Lzw`], decoded by the `gif`
    /// crate.
    fn round_trip(pixels: &[u8], width: u16) -> Vec<u8> {
        let height = (pixels.len() / usize::from(width)) as u16;
        let palette: Vec<u8> = (0..=255u8).flat_map(|i| [i, i, i]).collect();
        let mut bytes = Vec::new();
        {
            let mut encoder = gif::Encoder::new(&mut bytes, width, height, &palette).unwrap();
            let frame = gif::Frame {
                width,
                height,
                buffer: Lzw::new().compress(pixels).into(),
                ..gif::Frame::default()
            };
            encoder.write_lzw_pre_encoded_frame(&frame).unwrap();
        }
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::Indexed);
        let mut decoder = options.read_info(&bytes[..]).unwrap();
        decoder.read_next_frame().unwrap().unwrap().buffer.to_vec()
    }

    #[test]
    fn decodes_to_the_same_pixels() {
        // Runs (the transparent area), noise (every width change and several resets), and
        // all 256 symbols.
        let mut pixels = vec![255u8; 300_000];
        let mut x = 12345u32;
        for p in pixels[100_000..160_000].iter_mut() {
            x = x.wrapping_mul(1_103_515_245).wrapping_add(12345);
            *p = (x >> 16) as u8;
        }
        for (i, p) in pixels[200_000..200_256].iter_mut().enumerate() {
            *p = i as u8;
        }
        assert_eq!(round_trip(&pixels, 600), pixels);
    }

    #[test]
    fn short_inputs_and_one_symbol() {
        assert_eq!(round_trip(&[7], 1), [7]);
        assert_eq!(round_trip(&[0, 255, 0, 255], 2), [0, 255, 0, 255]);
        let runs = vec![3u8; 1 << 16];
        let packed = Lzw::new().compress(&runs);
        // A run of n symbols takes about √(2n) codes.
        assert!(packed.len() < 600, "{}", packed.len());
        assert_eq!(round_trip(&runs, 256), runs);
    }

    #[test]
    fn runs_of_every_length_between_other_symbols() {
        let mut pixels = Vec::new();
        for len in 1..600usize {
            pixels.extend(std::iter::repeat_n(255u8, len));
            pixels.push((len % 251) as u8);
            pixels.extend(std::iter::repeat_n((len % 3) as u8, len % 17));
        }
        let width = 500;
        pixels.resize(pixels.len().div_ceil(width) * width, 9);
        assert_eq!(round_trip(&pixels, width as u16), pixels);
        assert_eq!(run_length(&[1, 1, 1, 1, 1, 1, 1, 1, 1, 2], 1), 9);
        assert_eq!(run_length(&[1, 1, 2, 1, 1, 1, 1, 1, 1, 1], 1), 2);
        assert_eq!(run_length(&[2], 1), 0);
    }

    #[test]
    fn one_compressor_serves_many_frames() {
        let mut lzw = Lzw::new();
        let a: Vec<u8> = (0..5000u32).map(|i| (i % 7) as u8).collect();
        assert_eq!(lzw.compress(&a), Lzw::new().compress(&a));
        assert_eq!(lzw.compress(&a), Lzw::new().compress(&a));
    }
}
