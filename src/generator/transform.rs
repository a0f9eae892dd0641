//! A seeded random transformation: one of the 2 × 6^8 × 9! validity-preserving transformations
//! ([`Transform`]), each as likely as any other. A game shows a stored puzzle as a new one by
//! applying it: the image has as many solutions, the same givens count and the same canonical
//! form, and almost always the same Sudoku Explainer rating (not always: SE's path depends on
//! the order of cells and digits; docs/canonical.md gives how often it differs).

use super::rng::Rng;
use crate::canonical::Transform;

/// The random transformation of `seed`: a pure function of the seed, the same on every platform
/// for a given major version of the library.
///
/// Drawn from ChaCha8 words (see `rng`; another key than any generated puzzle's) in this order:
/// `transpose` (one draw below 2); `rows`, as the order of the bands (a shuffle of 0-2) and
/// then, for each new band in turn, the order of its rows (a shuffle of 0-2); `columns` the
/// same way with stacks; `digits[1..=9]`, a shuffle of 1-9. Each shuffle is a Fisher-Yates
/// shuffle over exactly uniform draws, so each of the 2 × (6 × 6^3)^2 × 9! transformations
/// has probability exactly 1 / (2 × 6^8 × 9!) over the key's words, as uniform as ChaCha8's
/// output is.
///
/// ```
/// use sudoku::generator::random_transform;
///
/// let t = random_transform(2026);
/// assert!(t.check().is_ok());
/// assert_eq!(t, random_transform(2026));
/// assert_ne!(t, random_transform(2027));
/// ```
pub fn random_transform(seed: u64) -> Transform {
    let mut rng = Rng::for_transform(seed);
    let transpose = rng.below(2) == 1;
    let rows = chute_permutation(&mut rng);
    let columns = chute_permutation(&mut rng);
    let mut labels = [1u8, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut labels);
    let mut digits = [0u8; 10];
    digits[1..].copy_from_slice(&labels);
    Transform {
        transpose,
        rows,
        columns,
        digits,
    }
}

/// A permutation of the 9 rows (or columns) that keeps bands (stacks) whole: `order[3b + k]`
/// is row `k'` of band `b'`, with `b'` the band drawn for place `b` and `k'` the row drawn for
/// place `k` within it.
fn chute_permutation(rng: &mut Rng) -> [u8; 9] {
    let mut chutes = [0u8, 1, 2];
    rng.shuffle(&mut chutes);
    let mut order = [0u8; 9];
    for (place, chute) in chutes.into_iter().enumerate() {
        let mut lines = [0u8, 1, 2];
        rng.shuffle(&mut lines);
        for (k, line) in lines.into_iter().enumerate() {
            order[3 * place + k] = 3 * chute + line;
        }
    }
    order
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn every_drawn_transformation_is_valid_and_the_seeds_give_distinct_ones() {
        // 20,000 draws from a group of about 1.2e12 elements: a repeat has probability
        // about 1.6e-4 if the draws are uniform, so distinct draws are expected.
        let mut seen = HashSet::new();
        for seed in 0..20_000u64 {
            let t = random_transform(seed);
            assert!(t.check().is_ok(), "seed {seed}: {t:?}");
            assert_eq!(t, random_transform(seed));
            assert!(seen.insert(t), "seed {seed} repeats a transformation");
        }
    }

    /// Pearson's chi-square statistic of `counts` against equal expected counts.
    fn chi_square(counts: &[u64]) -> f64 {
        let total: u64 = counts.iter().sum();
        let expected = total as f64 / counts.len() as f64;
        counts
            .iter()
            .map(|&n| (n as f64 - expected).powi(2) / expected)
            .sum()
    }

    #[test]
    fn each_part_is_uniform() {
        // Each entry of rows, columns and digits takes each of its 9 values about equally often,
        // and transpose each of 2. A fixed sample (seeds 0-89,999), so the test is
        // deterministic; the bound, 40 for 8 degrees of freedom, is far above the 99.9th
        // percentile of the chi-square law (26.1), yet a bias of a few percent in one value
        // (say a draw below 9 made from a byte, 256 mod 9 = 4) exceeds it.
        let draws = 90_000u64;
        let mut rows = [[0u64; 9]; 9];
        let mut columns = [[0u64; 9]; 9];
        let mut digits = [[0u64; 9]; 9];
        let mut transposed = [0u64; 2];
        for seed in 0..draws {
            let t = random_transform(seed);
            transposed[t.transpose as usize] += 1;
            for i in 0..9 {
                rows[i][t.rows[i] as usize] += 1;
                columns[i][t.columns[i] as usize] += 1;
                digits[i][t.digits[i + 1] as usize - 1] += 1;
            }
        }
        assert!(chi_square(&transposed) < 15.0, "{transposed:?}");
        for (name, table) in [("rows", rows), ("columns", columns), ("digits", digits)] {
            for (i, counts) in table.iter().enumerate() {
                let x = chi_square(counts);
                assert!(x < 40.0, "{name}[{i}]: chi-square {x:.1} for {counts:?}");
            }
        }
    }

    #[test]
    fn pairs_of_rows_are_uniform_over_the_pairs_a_chute_permutation_allows() {
        // Rows 0 and 1 of the image come from two rows of one band: 9 × 2 = 18 ordered pairs,
        // each with probability 1/18. Rows 0 and 3 come from rows of two different bands:
        // 9 × 6 = 54 pairs, each 1/54. Checks the joint law, not just each entry's.
        let mut same_band = std::collections::HashMap::new();
        let mut other_band = std::collections::HashMap::new();
        let draws = 108_000u64;
        for seed in 0..draws {
            let t = random_transform(seed);
            *same_band.entry((t.rows[0], t.rows[1])).or_insert(0u64) += 1;
            *other_band
                .entry((t.columns[0], t.columns[3]))
                .or_insert(0u64) += 1;
        }
        assert_eq!(same_band.len(), 18);
        assert!(same_band.keys().all(|&(a, b)| a / 3 == b / 3 && a != b));
        assert_eq!(other_band.len(), 54);
        assert!(other_band.keys().all(|&(a, b)| a / 3 != b / 3));
        // Bounds far above the 99.9th percentile for 17 and 53 degrees of freedom (40.8, 90.6).
        let counts: Vec<u64> = same_band.values().copied().collect();
        assert!(chi_square(&counts) < 60.0, "{same_band:?}");
        let counts: Vec<u64> = other_band.values().copied().collect();
        assert!(chi_square(&counts) < 120.0, "{other_band:?}");
    }
}
