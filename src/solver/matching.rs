//! The house matching filter, a deeper test for long searches: in every house, the digits not
//! yet placed must be matched one to one with the empty cells that can hold them (Hall's
//! marriage theorem: a house can still be filled exactly when such a perfect matching exists),
//! and a candidate that no such matching uses can go. Singles and locked candidates look at one
//! digit or one cell at a time and miss, for instance, four digits confined to three cells, or a
//! naked quad whose digits then crowd a box; a search blind to that near the root can thrash
//! over an unrelated part of the board. The filter costs far more than a node's propagation, so
//! the search runs it only after many guesses (`kernel::MATCHING_CHECK_AFTER_GUESSES`). See
//! `docs/solver.md`.
//!
//! The matching is Kuhn's augmenting-path algorithm (as in any textbook on bipartite matching,
//! for instance Kuhn 1955, "The Hungarian method for the assignment problem") on 9-bit masks.
//! The pruning is Régin's filtering for the all-different constraint (J.-C. Régin, "A filtering
//! algorithm for constraints of difference in CSPs", AAAI 1994): with a perfect matching in
//! hand, a candidate outside it belongs to some other perfect matching exactly when it lies on
//! an alternating cycle. In Sudoku terms it removes at once every elimination of every naked and
//! hidden subset (pair, triple, quad and larger) of the house. The filter's other half, each
//! digit on the whole board, is in `template`.

use super::tables::set_bits;

/// Digit `d`'s cell in a perfect matching of the digits of `digits` to cells, digit `d` taking
/// a cell of `places[d]` (a 9-bit mask of the house's empty cells where `d` is a candidate);
/// `None` when some set of digits has fewer cells than digits. Entries of digits outside
/// `digits` are `NONE`.
///
/// Each digit takes its lowest free cell when it has one; otherwise a breadth-first search
/// over the digits finds the shortest augmenting path (a chain of digits each moving to the next
/// one's cell, the last into a free cell), all on bit masks with no recursion: the search runs
/// inside the kernels, compiled with their CPU features. (The search's first level would find
/// the same free cell; kept apart, the common case skips its setup: without it, dense candidate
/// puzzles took 7% longer.)
#[inline(always)]
pub(super) fn perfect_matching(places: &[u16; 9], digits: u16) -> Option<[u8; 9]> {
    // digit_in[c]: the digit matched to cell c, or NONE; cell_of[d]: the other way round.
    let mut digit_in = [NONE; 9];
    let mut cell_of = [NONE; 9];
    // The cells not matched yet (`digit_in` NONE), as a mask.
    let mut free = 0x1FFu16;
    for d in set_bits(u32::from(digits)) {
        let direct = places[d] & free;
        if direct != 0 {
            let c = direct.trailing_zeros() as usize;
            digit_in[c] = d as u8;
            cell_of[d] = c as u8;
            free &= !(1 << c);
            continue;
        }
        // A breadth-first search from `d` over the digits; reached_from[c]: the digit whose
        // places first reached cell c.
        let mut reached_from = [NONE; 9];
        let mut seen = 0u16;
        let mut frontier = 1u16 << d;
        let mut end = None;
        'search: while frontier != 0 {
            let mut next = 0u16;
            for e in set_bits(u32::from(frontier)) {
                let new = places[e] & !seen;
                seen |= new;
                for c in set_bits(u32::from(new)) {
                    reached_from[c] = e as u8;
                    if digit_in[c] == NONE {
                        end = Some(c);
                        break 'search;
                    }
                    next |= 1 << digit_in[c];
                }
            }
            frontier = next;
        }
        // Each digit on the path moves to the cell it reached; the one before it takes the
        // cell it left, back to `d`, which was unmatched.
        let end = end?;
        free &= !(1 << end);
        let mut c = end;
        loop {
            let e = reached_from[c] as usize;
            let left = cell_of[e];
            digit_in[c] = e as u8;
            cell_of[e] = c as u8;
            if e == d {
                break;
            }
            c = left as usize;
        }
    }
    Some(cell_of)
}

/// No digit or no cell.
pub(super) const NONE: u8 = u8::MAX;

/// Removes from `places` (as for [`perfect_matching`]) every candidate that no perfect matching
/// of `digits` uses, given one such matching, `cell_of`. Returns whether anything was removed.
///
/// Each cell `c` of the house is filled by `cell_of`'s digit there; a digit `d` can move to
/// another of its cells `c` only if the digit now in `c` moves on in turn, and so on, until some
/// digit moves into `d`'s old cell: an alternating cycle. So `d` may take `c` exactly when `d`
/// is reachable from `c`'s digit along "digit `e` could take the cell of digit `f`" (`f`'s cell
/// among `e`'s places), which a transitive closure over the nine digits gives. This assumes
/// every cell of `places` is matched, that is as many empty cells as missing digits; a house
/// with more cells than digits is left alone. Branch-free bit arithmetic on the 9 x 9 matrix
/// of digits, whose branches on the candidates mispredicted.
#[inline(always)]
pub(super) fn prune_unmatched(places: &mut [u16; 9], digits: u16, cell_of: &[u8; 9]) -> bool {
    let mut cells = 0u16;
    for p in places.iter() {
        cells |= p;
    }
    if cells.count_ones() != digits.count_ones() {
        return false;
    }
    // reach[e]: digits whose cell digit e could take (one step, its own cell included), then
    // any number of steps. Digits outside `digits` have no places and no cell.
    let mut reach = [0u16; 9];
    for (f, &c) in cell_of.iter().enumerate() {
        if digits >> f & 1 == 0 {
            continue;
        }
        for (r, p) in reach.iter_mut().zip(places.iter()) {
            *r |= (p >> c & 1) << f;
        }
    }
    let direct = reach;
    // Warshall's closure: after step k, paths through digits up to k.
    for k in 0..9 {
        let reach_k = reach[k];
        for r in reach.iter_mut() {
            *r |= reach_k & 0u16.wrapping_sub(*r >> k & 1);
        }
    }
    // Digit d keeps the cell of digit f when f reaches d back (then both lie on a cycle, or f
    // is d itself).
    let mut removed = false;
    for d in 0..9 {
        let mut kept_digits = 0u16;
        for (f, r) in reach.iter().enumerate() {
            kept_digits |= (r >> d & 1) << f;
        }
        let lost = direct[d] & !kept_digits;
        let mut lost_cells = 0u16;
        for (f, &c) in cell_of.iter().enumerate() {
            lost_cells |= (lost >> f & 1) << (c & 15);
        }
        removed |= lost_cells != 0;
        places[d] &= !lost_cells;
    }
    removed
}

#[cfg(test)]
mod tests {
    use super::{perfect_matching, prune_unmatched, NONE};

    /// The masks of a house from each digit's places; digits with no places are absent.
    fn digits_of(places: &[u16; 9]) -> u16 {
        (0..9)
            .filter(|&d| places[d] != 0)
            .fold(0, |acc, d| acc | 1 << d)
    }

    #[test]
    fn four_digits_in_three_cells_cannot_be_matched() {
        let mut places = [0u16; 9];
        for digit_places in &mut places[..4] {
            *digit_places = 0b111;
        }
        assert!(perfect_matching(&places, 0b1111).is_none());
        assert!(perfect_matching(&places, 0b111).is_some());
    }

    #[test]
    fn a_matching_that_needs_an_augmenting_path_is_found() {
        // Digit 0 first takes cell 0, which digit 1 needs: digit 0 must move to cell 1.
        let mut places = [0u16; 9];
        places[0] = 0b11;
        places[1] = 0b01;
        assert_eq!(
            perfect_matching(&places, 0b11),
            Some([1, 0, NONE, NONE, NONE, NONE, NONE, NONE, NONE])
        );
        places[2] = 0b01;
        assert!(perfect_matching(&places, 0b111).is_none());
    }

    #[test]
    fn a_full_house_of_singles_matches() {
        let places: [u16; 9] = std::array::from_fn(|d| 1 << d);
        assert!(perfect_matching(&places, 0x1FF).is_some());
        let mut twice = places;
        twice[8] = 1;
        assert!(perfect_matching(&twice, 0x1FF).is_none());
    }

    /// Every candidate that some perfect matching uses, by trying them all: digit d at cell c is
    /// kept when the other digits still match without c.
    fn kept_by_brute_force(places: &[u16; 9], digits: u16) -> [u16; 9] {
        let mut kept = [0u16; 9];
        for d in 0..9 {
            for c in 0..9 {
                if places[d] & (1 << c) == 0 {
                    continue;
                }
                let mut forced = places.map(|p| p & !(1 << c));
                forced[d] = 1 << c;
                if perfect_matching(&forced, digits).is_some() {
                    kept[d] |= 1 << c;
                }
            }
        }
        kept
    }

    #[test]
    fn a_naked_pair_and_a_hidden_pair_lose_their_eliminations() {
        // Cells 0 and 1 hold only digits 0 and 1 (a naked pair): those digits leave cells 2-8.
        // Digits 7 and 8 have only cells 7 and 8 (a hidden pair): the cells lose their others.
        let mut places = [0x1FFu16; 9];
        places[7] = 0b1_1000_0000;
        places[8] = 0b1_1000_0000;
        for p in &mut places[2..7] {
            *p &= !0b11;
        }
        places[0] = 0b11;
        places[1] = 0b11;
        let digits = digits_of(&places);
        let cell_of = perfect_matching(&places, digits).expect("it matches");
        let expected = kept_by_brute_force(&places, digits);
        assert!(prune_unmatched(&mut places, digits, &cell_of));
        assert_eq!(places, expected);
        assert_eq!(places[0], 0b11);
        assert_eq!(places[2], 0b111_1100);
        assert_eq!(places[7], 0b1_1000_0000);
        // A second pass finds nothing more.
        assert!(!prune_unmatched(&mut places, digits, &cell_of));
    }

    #[test]
    fn pruning_keeps_exactly_the_candidates_some_matching_uses() {
        // Pseudo-random houses (a fixed xorshift, so the test is the same every run), each
        // compared with the brute force.
        let mut x = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            x
        };
        let mut pruned_some = 0;
        for _ in 0..20_000 {
            let n = 2 + (next() % 8) as usize;
            let cells = (1u16 << n) - 1;
            let mut places = [0u16; 9];
            for p in &mut places[..n] {
                // Dense enough that many houses match, sparse enough that many prune.
                *p = (next() as u16 | next() as u16) & cells;
            }
            let digits = (1u16 << n) - 1;
            let Some(cell_of) = perfect_matching(&places, digits) else {
                continue;
            };
            let expected = kept_by_brute_force(&places, digits);
            let before = places;
            let removed = prune_unmatched(&mut places, digits, &cell_of);
            assert_eq!(places, expected, "{before:?}");
            assert_eq!(removed, places != before, "{before:?}");
            pruned_some += removed as u32;
        }
        assert!(pruned_some > 1000, "{pruned_some} houses pruned");
    }
}
