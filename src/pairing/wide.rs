//! A fixed-width signed integer for matching weights. The Dutch system ranks pairings by a long
//! list of criteria, one after another (C.04.3 C.5–C.21); a weighted matching can honour such an
//! order only if each criterion gets its own band of bits above the next one's largest total.
//! That needs more than 128 bits for a large bracket, and the matching's inner loop must not
//! allocate, hence this small two's-complement integer of `LIMBS` 64-bit limbs.

use std::cmp::Ordering;
use std::ops::{Add, AddAssign, Sub, SubAssign};

/// Limbs of a [`Wide`]: 512 bits, room for about 40 criteria bands of 12 bits.
pub const LIMBS: usize = 8;

/// A signed integer of `64 × LIMBS` bits in two's complement, least significant limb first.
/// Arithmetic wraps; the weight builder keeps every value far from the ends.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Wide([u64; LIMBS]);

impl Wide {
    /// Zero.
    pub const ZERO: Wide = Wide([0; LIMBS]);

    /// The value `value`.
    pub fn from_i64(value: i64) -> Wide {
        let fill = if value < 0 { u64::MAX } else { 0 };
        let mut limbs = [fill; LIMBS];
        limbs[0] = value as u64;
        Wide(limbs)
    }

    /// `value × 2^shift`, for `shift` below the width.
    pub fn shifted(value: i64, shift: u32) -> Wide {
        Wide::from_i64(value).shl(shift)
    }

    /// The value as an `i128`, for a value known to fit.
    pub fn to_i128(self) -> i128 {
        (i128::from(self.0[1]) << 64) | i128::from(self.0[0])
    }

    fn is_negative(self) -> bool {
        self.0[LIMBS - 1] >> 63 == 1
    }

    fn negate(self) -> Wide {
        let mut limbs = self.0;
        for limb in &mut limbs {
            *limb = !*limb;
        }
        Wide(limbs) + Wide::from_i64(1)
    }

    fn shl(self, shift: u32) -> Wide {
        let (words, bits) = ((shift / 64) as usize, shift % 64);
        let mut limbs = [0u64; LIMBS];
        for index in (words..LIMBS).rev() {
            let source = index - words;
            let mut limb = self.0[source] << bits;
            if bits > 0 && source > 0 {
                limb |= self.0[source - 1] >> (64 - bits);
            }
            limbs[index] = limb;
        }
        Wide(limbs)
    }

    /// Arithmetic shift right by one (floor division by two).
    fn sar1(self) -> Wide {
        let mut limbs = [0u64; LIMBS];
        for (index, limb) in limbs.iter_mut().enumerate() {
            let high = if index + 1 < LIMBS {
                self.0[index + 1] << 63
            } else if self.is_negative() {
                1 << 63
            } else {
                0
            };
            *limb = (self.0[index] >> 1) | high;
        }
        Wide(limbs)
    }
}

impl Add for Wide {
    type Output = Wide;
    fn add(self, other: Wide) -> Wide {
        let mut limbs = [0u64; LIMBS];
        let mut carry = false;
        for (index, limb) in limbs.iter_mut().enumerate() {
            let (sum, first) = self.0[index].overflowing_add(other.0[index]);
            let (sum, second) = sum.overflowing_add(carry as u64);
            *limb = sum;
            carry = first || second;
        }
        Wide(limbs)
    }
}

impl Sub for Wide {
    type Output = Wide;
    fn sub(self, other: Wide) -> Wide {
        let mut limbs = [0u64; LIMBS];
        let mut borrow = false;
        for (index, limb) in limbs.iter_mut().enumerate() {
            let (difference, first) = self.0[index].overflowing_sub(other.0[index]);
            let (difference, second) = difference.overflowing_sub(borrow as u64);
            *limb = difference;
            borrow = first || second;
        }
        Wide(limbs)
    }
}

impl AddAssign for Wide {
    fn add_assign(&mut self, other: Wide) {
        *self = *self + other;
    }
}

impl SubAssign for Wide {
    fn sub_assign(&mut self, other: Wide) {
        *self = *self - other;
    }
}

impl Ord for Wide {
    fn cmp(&self, other: &Wide) -> Ordering {
        match (self.is_negative(), other.is_negative()) {
            (true, false) => return Ordering::Less,
            (false, true) => return Ordering::Greater,
            _ => {}
        }
        // Same sign: two's complement orders like the unsigned limbs.
        for index in (0..LIMBS).rev() {
            match self.0[index].cmp(&other.0[index]) {
                Ordering::Equal => continue,
                unequal => return unequal,
            }
        }
        Ordering::Equal
    }
}

impl PartialOrd for Wide {
    fn partial_cmp(&self, other: &Wide) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl std::fmt::Debug for Wide {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Wide(")?;
        if self.is_negative() {
            write!(f, "-")?;
        }
        let magnitude = if self.is_negative() {
            self.negate()
        } else {
            *self
        };
        for limb in magnitude.0.iter().rev() {
            write!(f, "{limb:016x}")?;
        }
        write!(f, ")")
    }
}

impl integer_blossom::Weight for Wide {
    const ZERO: Wide = Wide::ZERO;
    const ONE: Wide = {
        let mut limbs = [0u64; LIMBS];
        limbs[0] = 1;
        Wide(limbs)
    };

    fn inf() -> Wide {
        // A quarter of the largest value, as the solver's own integer weights use.
        let mut limbs = [u64::MAX; LIMBS];
        limbs[LIMBS - 1] = u64::MAX >> 3;
        Wide(limbs)
    }

    fn double(self) -> Wide {
        self + self
    }

    fn half(self) -> Wide {
        // Division by two rounding toward zero, like the primitive integers' `/ 2`.
        if self.is_negative() {
            self.negate().sar1().negate()
        } else {
            self.sar1()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use integer_blossom::Weight;

    #[test]
    fn arithmetic_matches_i128_where_both_fit() {
        let values = [
            0i64,
            1,
            -1,
            7,
            -7,
            1 << 40,
            -(1 << 40),
            i64::MAX,
            i64::MIN + 1,
        ];
        for &a in &values {
            for &b in &values {
                let (wa, wb) = (Wide::from_i64(a), Wide::from_i64(b));
                assert_eq!(wa.cmp(&wb), a.cmp(&b), "{a} vs {b}");
                let sum = i128::from(a) + i128::from(b);
                let difference = i128::from(a) - i128::from(b);
                let low = |w: Wide| i128::from(w.0[0]) | (i128::from(w.0[1]) << 64);
                assert_eq!(low(wa + wb), sum);
                assert_eq!(low(wa - wb), difference);
            }
            assert_eq!(Wide::from_i64(a).half(), Wide::from_i64(a / 2), "{a}/2");
            assert_eq!(
                Wide::from_i64(a).double(),
                Wide::from_i64(a) + Wide::from_i64(a)
            );
        }
    }

    #[test]
    fn bands_above_128_bits_order_before_lower_ones() {
        let high = Wide::shifted(1, 300);
        let low = Wide::shifted(i64::MAX, 200) + Wide::shifted(i64::MAX, 100);
        assert!(high > low);
        assert!(high - Wide::shifted(3, 250) > low);
        // −2^300 is above −5·2^299 = −2.5·2^300, and −3·2^300 below it.
        assert!(Wide::shifted(-1, 300) > Wide::shifted(-5, 299));
        assert!(Wide::shifted(-3, 300) < Wide::shifted(-5, 299));
        assert!(Wide::ZERO < integer_blossom::Weight::inf());
    }
}
