//! Transposition table: a fixed-size array of two-entry buckets keyed by a hash of the two
//! bitboards, storing score bounds, the depth searched and the best move (used first in move
//! ordering). Entries hold the full position, so a hit is never a false match. Each bucket
//! (two 24-byte entries) fills one 64-byte cache line, so a probe costs one memory access.
//!
//! Shared by the threads of a Lazy SMP search without locks (Hyatt and Mann, "A lock-less
//! transposition table implementation for parallel search chess engines", 2002): an entry's
//! two position words are stored XORed with its data word, so an entry torn by two threads
//! writing at once no longer matches its position and reads as a miss. The words are relaxed
//! atomics, plain loads and stores on x86-64.

use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// "No move" in [`TtEntry::best`].
pub(crate) const NO_MOVE: u8 = 64;

/// One stored search result: `lower ≤ true score ≤ upper` for a search of `depth`.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct TtEntry {
    pub player: u64,
    pub opponent: u64,
    pub lower: i16,
    pub upper: i16,
    pub depth: u8,
    pub best: u8,
    pub generation: u8,
}

impl TtEntry {
    /// Packs the entry as three words (player ^ data, opponent ^ data, data) so that an
    /// all-zero slot is an empty one (the table is allocated zeroed, lazily, by the OS) and a
    /// torn entry fails to match.
    fn pack(&self) -> [u64; 3] {
        let data = u64::from(self.lower as u16)
            | (u64::from(self.upper as u16) << 16)
            | (u64::from(self.depth) << 32)
            | (u64::from(self.best) << 40)
            | (u64::from(self.generation) << 48);
        [self.player ^ data, self.opponent ^ data, data]
    }

    fn unpack(w: [u64; 3]) -> TtEntry {
        TtEntry {
            player: w[0] ^ w[2],
            opponent: w[1] ^ w[2],
            lower: w[2] as u16 as i16,
            upper: (w[2] >> 16) as u16 as i16,
            depth: (w[2] >> 32) as u8,
            best: (w[2] >> 40) as u8,
            generation: (w[2] >> 48) as u8,
        }
    }
}

/// Asks Linux to back `words` with 2 MiB pages where it can (transparent huge pages in
/// `madvise` mode, the usual default): the table is probed at random, and with 4 KiB pages
/// nearly every probe also misses the TLB. Done before the zeroed pages are first touched.
/// Best effort: errors are ignored, and other systems are left alone.
fn advise_huge_pages(words: &[AtomicU64]) {
    #[cfg(target_os = "linux")]
    {
        const PAGE: usize = 4096;
        const HUGE: usize = 2 << 20;
        let bytes = std::mem::size_of_val(words);
        if bytes < HUGE {
            return;
        }
        let start = words.as_ptr() as usize;
        let first = start.next_multiple_of(PAGE);
        let len = (start + bytes - first) / PAGE * PAGE;
        // SAFETY: the range lies inside `words`' allocation and madvise(MADV_HUGEPAGE) only
        // changes how the kernel backs it, never its contents.
        unsafe {
            libc::madvise(first as *mut libc::c_void, len, libc::MADV_HUGEPAGE);
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = words;
}

/// Words (u64) per bucket: two entries of three words, padded to a 64-byte cache line.
const BUCKET_WORDS: usize = 8;

/// The table; `bits` = log2 of the number of entries (two per 64-byte bucket). `Sync`: the
/// threads of one search share it (see the module docs).
pub(crate) struct Tt {
    /// The buckets, [`BUCKET_WORDS`] words each, starting at word `base` (which makes them
    /// cache-line aligned).
    words: Vec<AtomicU64>,
    base: usize,
    shift: u32,
    generation: u8,
}

impl Tt {
    /// A table of `2^bits` entries (`bits` clamped to 2..=30), all empty.
    pub fn new(bits: u32) -> Tt {
        let bits = bits.clamp(2, 30);
        let buckets = 1usize << (bits - 1);
        // Zeroed (lazily, by the OS) with one spare bucket to align the first one to 64 bytes.
        // SAFETY: `AtomicU64` has the size, alignment and bit validity of `u64`, so a zeroed
        // `Vec<u64>` is a valid `Vec<AtomicU64>` of zeros; allocating it as `vec![0u64; n]`
        // keeps the OS's lazily zeroed pages (collecting atomics one by one would touch them).
        let words: Vec<AtomicU64> = unsafe {
            let mut v = std::mem::ManuallyDrop::new(vec![0u64; (buckets + 1) * BUCKET_WORDS]);
            Vec::from_raw_parts(v.as_mut_ptr().cast::<AtomicU64>(), v.len(), v.capacity())
        };
        advise_huge_pages(&words);
        let misalign = (words.as_ptr() as usize / 8) % BUCKET_WORDS;
        Tt {
            base: (BUCKET_WORDS - misalign) % BUCKET_WORDS,
            words,
            shift: 65 - bits,
            generation: 1,
        }
    }

    /// Forget everything.
    pub fn clear(&mut self) {
        for w in &mut self.words {
            *w.get_mut() = 0;
        }
        self.generation = 1;
    }

    /// Start a new search: entries of older searches are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1).max(1);
    }

    /// Word index of the first entry of the position's bucket (the second is 3 words on).
    #[inline]
    fn bucket(&self, player: u64, opponent: u64) -> usize {
        let h = player.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ opponent.wrapping_mul(0xD6E8_FEB8_6659_FD93);
        let b = ((h ^ (h >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9) >> self.shift) as usize;
        self.base + b * BUCKET_WORDS
    }

    /// Asks the CPU to start loading the position's bucket into cache, so that a later
    /// [`Self::probe`] or [`Self::store`] does not wait for memory. No effect off x86-64.
    #[inline(always)]
    pub fn prefetch(&self, player: u64, opponent: u64) {
        #[cfg(target_arch = "x86_64")]
        {
            use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};
            let i = self.bucket(player, opponent);
            // SAFETY: `i` is in bounds (a bucket index) and prefetching never faults.
            unsafe { _mm_prefetch::<_MM_HINT_T0>(self.words.as_ptr().add(i).cast::<i8>()) };
        }
        #[cfg(not(target_arch = "x86_64"))]
        let _ = (player, opponent);
    }

    /// The entry at word index `i`.
    #[inline]
    fn entry(&self, i: usize) -> TtEntry {
        let w = &self.words[i..i + 3];
        TtEntry::unpack([w[0].load(Relaxed), w[1].load(Relaxed), w[2].load(Relaxed)])
    }

    /// The entry for this position, if stored.
    #[inline]
    pub fn probe(&self, player: u64, opponent: u64) -> Option<TtEntry> {
        let i = self.bucket(player, opponent);
        let matches =
            |e: &TtEntry| e.player == player && e.opponent == opponent && e.generation != 0;
        let (a, b) = (self.entry(i), self.entry(i + 3));
        if matches(&a) {
            Some(a)
        } else if matches(&b) {
            Some(b)
        } else {
            None
        }
    }

    /// Stores a result: the slot already holding this position, else one from an older search,
    /// else the shallower one.
    #[inline]
    pub fn store(&self, player: u64, opponent: u64, depth: u32, lower: i32, upper: i32, best: u8) {
        let i = self.bucket(player, opponent);
        let same = |e: &TtEntry| e.player == player && e.opponent == opponent;
        let (a, b) = (self.entry(i), self.entry(i + 3));
        let slot = if same(&a) {
            if a.depth > depth.min(255) as u8 && a.generation == self.generation {
                return;
            }
            i
        } else if same(&b) {
            if b.depth > depth.min(255) as u8 && b.generation == self.generation {
                return;
            }
            i + 3
        } else {
            let (a, b) = (&a, &b);
            let age = |e: &TtEntry| e.generation != self.generation;
            match (age(a), age(b)) {
                (true, false) => i,
                (false, true) => i + 3,
                _ => {
                    if a.depth <= b.depth {
                        i
                    } else {
                        i + 3
                    }
                }
            }
        };
        let w = TtEntry {
            player,
            opponent,
            lower: lower.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            upper: upper.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            depth: depth.min(255) as u8,
            best,
            generation: self.generation,
        }
        .pack();
        for (word, v) in self.words[slot..slot + 3].iter().zip(w) {
            word.store(v, Relaxed);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Threads storing and probing the same buckets at once never read an entry that mixes
    /// two writes: every hit holds the position it was asked for with bounds written for it.
    #[test]
    fn concurrent_stores_never_give_a_false_hit() {
        let tt = Tt::new(6);
        std::thread::scope(|scope| {
            for t in 0..4u64 {
                let tt = &tt;
                scope.spawn(move || {
                    let mut x = 0x9E37_79B9_7F4A_7C15u64 ^ t;
                    for _ in 0..200_000 {
                        x ^= x << 13;
                        x ^= x >> 7;
                        x ^= x << 17;
                        let (p, o) = (x & 0xFFFF, (x >> 16) & 0xFFFF_0000);
                        // The bounds are a function of the position, so a torn entry shows.
                        let v = (p.count_ones() * 7 + o.count_ones()) as i32;
                        tt.store(p, o, 3, v, v + 1, (p % 64) as u8);
                        if let Some(e) = tt.probe(p, o) {
                            assert_eq!((e.player, e.opponent), (p, o));
                            assert_eq!((i32::from(e.lower), i32::from(e.upper)), (v, v + 1));
                            assert_eq!(e.best, (p % 64) as u8);
                        }
                    }
                });
            }
        });
    }
}
