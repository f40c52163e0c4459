//! The transposition table: what earlier searches learned about positions, by Zobrist key.

use crate::rules::{Move, Square};

use super::score::Value;

/// What a stored score says about the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true value (a PV node).
    Exact,
    /// At least the score (a cut: the search stopped at beta).
    Lower,
    /// At most the score (every move failed low).
    Upper,
}

/// One entry as the search reads it.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The best or refuting move found, if any.
    pub mv: Option<Move>,
    /// The score, relative to the stored node ([`super::score::to_table`]).
    pub value: Value,
    /// The depth searched, in plies.
    pub depth: i32,
    /// What the score bounds.
    pub bound: Bound,
}

/// Slot layout: the key, then move (16 bits), value (16), depth (8), bound (2) and age (6).
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    data: u64,
}

/// Two slots a bucket: the first kept for the deepest result, the second always replaced.
const WAYS: usize = 2;

/// One bucket, aligned to its size so that it never straddles two cache lines: a probe then
/// costs at most one miss. (A plain `Vec<Slot>` of 64 MiB starts 16 bytes into a page, which
/// put every other bucket across a line boundary.)
#[derive(Copy, Clone, Default)]
#[repr(C, align(32))]
struct Bucket([Slot; WAYS]);

/// A fixed-size table of 16-byte slots, a power of two of buckets.
pub struct Table {
    buckets: Vec<Bucket>,
    mask: usize,
    age: u8,
}

/// The default size: 64 MiB.
pub const DEFAULT_MIB: usize = 64;

impl Table {
    /// A table of at most `mib` MiB (rounded down to a power of two of buckets; at least one).
    pub fn new(mib: usize) -> Table {
        let bytes = mib.max(1) << 20;
        let fit = (bytes / size_of::<Bucket>()).max(1);
        // The largest power of two that fits.
        let buckets = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            buckets: vec![Bucket::default(); buckets],
            mask: buckets - 1,
            age: 0,
        }
    }

    /// The table's size in bytes.
    pub fn bytes(&self) -> usize {
        self.buckets.len() * size_of::<Bucket>()
    }

    /// Forgets everything.
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.age = 0;
    }

    /// Starts a new search: older entries become the first to be replaced.
    pub fn new_search(&mut self) {
        self.age = (self.age + 1) & 63;
    }

    fn bucket(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    /// The entry for `key`, if stored.
    pub fn probe(&self, key: u64) -> Option<Hit> {
        self.buckets[self.bucket(key)]
            .0
            .iter()
            .find(|s| s.key == key && s.data != 0)
            .map(|s| unpack(s.data))
    }

    /// Starts reading the bucket of `key` from memory ahead of a [`Table::probe`] of it: a plain
    /// load whose value is thrown away, so the miss overlaps the work done before the probe.
    #[inline]
    pub fn prefetch(&self, key: u64) {
        std::hint::black_box(self.buckets[self.bucket(key)].0[0].key);
    }

    /// Stores a result for `key`. `mv` of `None` keeps a move stored earlier for the key.
    pub fn store(&mut self, key: u64, mv: Option<Move>, value: Value, depth: i32, bound: Bound) {
        let bucket = &mut self.buckets[key as usize & self.mask].0;
        let mut packed_move = mv.map_or(0, pack_move);
        let deep = &bucket[0];
        let slot = if deep.key == key
            || deep.data == 0
            || age_of(deep.data) != self.age
            || depth >= depth_of(deep.data)
        {
            0
        } else {
            1
        };
        let old = bucket[slot];
        if packed_move == 0 && old.key == key {
            packed_move = old.data & 0xFFFF;
        }
        let bound_bits = match bound {
            Bound::Exact => 1,
            Bound::Lower => 2,
            Bound::Upper => 3,
        };
        let data = packed_move
            | (((value as i16) as u16 as u64) << 16)
            | ((depth.clamp(0, 255) as u64) << 32)
            | (bound_bits << 40)
            | ((self.age as u64) << 42);
        bucket[slot] = Slot { key, data };
    }
}

fn depth_of(data: u64) -> i32 {
    ((data >> 32) & 0xFF) as i32
}

fn age_of(data: u64) -> u8 {
    ((data >> 42) & 63) as u8
}

fn unpack(data: u64) -> Hit {
    Hit {
        mv: unpack_move((data & 0xFFFF) as u16),
        value: ((data >> 16) & 0xFFFF) as u16 as i16 as Value,
        depth: depth_of(data),
        bound: match (data >> 40) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

/// A move in 16 bits: kind (2 bits, never 0) above two 6-bit square indices.
fn pack_move(mv: Move) -> u64 {
    let (kind, a, b) = match mv {
        Move::Step { from, to } => (1, from.index(), to.index()),
        Move::Drop { to } => (2, 0, to.index()),
        Move::Swap { a, b } => (3, a.index(), b.index()),
    };
    ((kind << 12) | (a << 6) | b) as u64
}

fn unpack_move(bits: u16) -> Option<Move> {
    let a = Square::from_index(((bits >> 6) & 63) as usize);
    let b = Square::from_index((bits & 63) as usize);
    match (bits >> 12, a, b) {
        (1, Some(from), Some(to)) => Some(Move::Step { from, to }),
        (2, _, Some(to)) => Some(Move::Drop { to }),
        (3, Some(a), Some(b)) => Some(Move::Swap { a, b }),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_reads_back_moves_scores_and_bounds() {
        let mut t = Table::new(1);
        assert!(t.bytes() <= 1 << 20);
        assert_eq!(Table::new(DEFAULT_MIB).bytes(), 64 << 20);
        let moves: [Move; 3] = [
            "c5-e5".parse().unwrap(),
            "+e5".parse().unwrap(),
            "d4~d5".parse().unwrap(),
        ];
        for (i, mv) in moves.into_iter().enumerate() {
            let key = 0x1234_5678_9ABC_0000 + i as u64;
            t.store(key, Some(mv), -29_990, 7, Bound::Lower);
            assert_eq!(
                t.probe(key),
                Some(Hit {
                    mv: Some(mv),
                    value: -29_990,
                    depth: 7,
                    bound: Bound::Lower
                })
            );
        }
        t.store(0x1234_5678_9ABC_0000, None, 12, 8, Bound::Exact);
        let hit = t.probe(0x1234_5678_9ABC_0000).unwrap();
        assert_eq!(
            (hit.mv, hit.value, hit.bound),
            (Some(moves[0]), 12, Bound::Exact)
        );
        assert_eq!(t.probe(99), None);
        t.clear();
        assert_eq!(t.probe(0x1234_5678_9ABC_0000), None);
    }
}
