//! The generator's randomness: a pure function of the seed and the puzzle's index.
//!
//! ChaCha8 (the ChaCha stream cipher with 8 rounds, as `rand_chacha::ChaCha8Rng` implements it)
//! keyed with the seed's 8 bytes in little-endian order followed by 24 zero bytes, on stream
//! (nonce) `index` (a random transformation: key byte 8 is 1, stream 0; a puzzle on a pattern:
//! key byte 8 is 2, stream `index`), read as 32-bit words from word 0 on. ChaCha is counter-based: its output for
//! a key, stream and position is fixed by the algorithm, the same on every platform and crate
//! version. Only raw words are used; every bounded draw goes through [`Rng::below`], written here
//! (not a crate's distribution code, whose output could change between versions).

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// What the words are drawn for: key byte 8 (0 for puzzles, so their words are the ones above).
#[derive(Clone, Copy)]
enum Domain {
    Puzzles = 0,
    Transforms = 1,
    Patterns = 2,
}

/// The random words of one puzzle (or of one random transformation).
pub(crate) struct Rng(ChaCha8Rng);

impl Rng {
    /// The words of puzzle `index` of seed `seed` (index 0 for a single puzzle).
    pub(crate) fn new(seed: u64, index: u64) -> Rng {
        Rng::keyed(seed, Domain::Puzzles, index)
    }

    /// The words of the random transformation of seed `seed` ([`super::random_transform`]):
    /// key byte 8 is 1, so they are another key's words than any puzzle's, and a program that
    /// uses one seed for a puzzle and for its transformation does not get related draws.
    pub(crate) fn for_transform(seed: u64) -> Rng {
        Rng::keyed(seed, Domain::Transforms, 0)
    }

    /// The words of puzzle `index` on a pattern of seed `seed`
    /// ([`super::generate_on_pattern_item`]; index 0 for [`super::generate_on_pattern`]): key
    /// byte 8 is 2, another key than any puzzle's or transformation's, on stream `index`.
    pub(crate) fn for_pattern(seed: u64, index: u64) -> Rng {
        Rng::keyed(seed, Domain::Patterns, index)
    }

    /// ChaCha8 keyed with the seed's 8 little-endian bytes, the domain's byte and 23 zero bytes,
    /// on stream `stream`.
    fn keyed(seed: u64, domain: Domain, stream: u64) -> Rng {
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&seed.to_le_bytes());
        key[8] = domain as u8;
        let mut rng = ChaCha8Rng::from_seed(key);
        rng.set_stream(stream);
        Rng(rng)
    }

    /// The next 32-bit word.
    #[inline]
    pub(crate) fn next_u32(&mut self) -> u32 {
        self.0.next_u32()
    }

    /// A number uniform in `0..n` (`n` from 1 to 2^32 - 1): Lemire's multiply-and-shift with
    /// rejection ("Fast random integer generation in an interval", 2019). Takes the high word of
    /// `word * n`, drawing again while the low word is below `2^32 mod n`, so it is exactly uniform.
    #[inline]
    pub(crate) fn below(&mut self, n: u32) -> u32 {
        debug_assert!(n > 0);
        let mut m = self.next_u32() as u64 * n as u64;
        if (m as u32) < n {
            let threshold = n.wrapping_neg() % n;
            while (m as u32) < threshold {
                m = self.next_u32() as u64 * n as u64;
            }
        }
        (m >> 32) as u32
    }

    /// Shuffles `items` uniformly (Fisher-Yates from the last item down: item `i` swaps with
    /// item `below(i + 1)`).
    pub(crate) fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = self.below(i as u32 + 1) as usize;
            items.swap(i, j);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_words_are_chacha8_of_the_documented_key_and_stream() {
        // Pinned to a published ChaCha8 keystream: seed 0, index 0 is the all-zero key and
        // nonce, whose first block is test case TC1 of J. Strombergson's "Test Vectors for the
        // Stream Cipher ChaCha" (IETF draft-strombergson-chacha-test-vectors, 8 rounds):
        // 3e00ef2f 895f40d6 7f5bb8e8 1f09a5a1 ..., read as little-endian words. A change here
        // changes every generated puzzle.
        let mut rng = Rng::new(0, 0);
        let words: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        assert_eq!(words, [0x2fef003e, 0xd6405f89, 0xe8b85b7f, 0xa1a5091f]);
        // The seed is the key's first 8 bytes, little-endian, and the index the stream.
        let mut key = [0u8; 32];
        key[..8].copy_from_slice(&0x0123_4567_89ab_cdefu64.to_le_bytes());
        let mut reference = ChaCha8Rng::from_seed(key);
        reference.set_stream(77);
        let mut rng = Rng::new(0x0123_4567_89ab_cdef, 77);
        for _ in 0..100 {
            assert_eq!(rng.next_u32(), reference.next_u32());
        }
        let mut rng = Rng::new(0, 0);
        let first: Vec<u32> = (0..4).map(|_| rng.next_u32()).collect();
        let mut again = Rng::new(0, 0);
        assert_eq!(first, (0..4).map(|_| again.next_u32()).collect::<Vec<_>>());
        let mut other = Rng::new(0, 1);
        assert_ne!(first, (0..4).map(|_| other.next_u32()).collect::<Vec<_>>());
        let mut other = Rng::new(1, 0);
        assert_ne!(first, (0..4).map(|_| other.next_u32()).collect::<Vec<_>>());
        // A transformation's words: the same seed bytes, key byte 8 set to 1, stream 0.
        key[8] = 1;
        let mut reference = ChaCha8Rng::from_seed(key);
        let mut rng = Rng::for_transform(0x0123_4567_89ab_cdef);
        for _ in 0..100 {
            assert_eq!(rng.next_u32(), reference.next_u32());
        }
    }

    #[test]
    fn below_stays_in_range_and_reaches_every_value() {
        let mut rng = Rng::new(7, 3);
        for n in [1u32, 2, 3, 9, 81, 1000] {
            let mut seen = vec![false; n.min(1000) as usize];
            for _ in 0..20 * n {
                let x = rng.below(n);
                assert!(x < n);
                seen[x as usize] = true;
            }
            assert!(seen.iter().all(|&s| s));
        }
    }
}
