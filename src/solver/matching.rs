//! The house matching check, a deeper contradiction test for long searches: in every house, the
//! digits not yet placed must be matched one to one with the empty cells that can hold them
//! (Hall's marriage theorem: a house can still be filled exactly when such a perfect matching
//! exists). Singles and locked candidates look at one digit or one cell at a time and miss, for
//! instance, four digits confined to three cells; a search blind to that near the root can
//! thrash over an unrelated part of the board. The check costs far more than a node's
//! propagation, so the search runs it only after many guesses
//! (`kernel::MATCHING_CHECK_AFTER_GUESSES`). See `docs/solver.md`.
//!
//! The matching is Kuhn's augmenting-path algorithm (as in any textbook on bipartite matching,
//! for instance Kuhn 1955, "The Hungarian method for the assignment problem") on 9-bit masks.

/// True when each digit of `digits` (bit `d`) can be given its own cell, digit `d` taking a cell
/// of `places[d]` (a 9-bit mask of the house's empty cells where `d` is a candidate).
pub(super) fn has_perfect_matching(places: &[u16; 9], digits: u16) -> bool {
    // digit_in[c]: the digit matched to cell c, or NONE.
    const NONE: u8 = u8::MAX;
    let mut digit_in = [NONE; 9];

    /// Finds a cell for `d`, moving already matched digits along an augmenting path. `seen`:
    /// cells already tried for this path.
    fn augment(d: usize, places: &[u16; 9], digit_in: &mut [u8; 9], seen: &mut u16) -> bool {
        let mut cells = places[d] & !*seen;
        while cells != 0 {
            let c = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            *seen |= 1 << c;
            let owner = digit_in[c];
            if owner == NONE || augment(owner as usize, places, digit_in, seen) {
                digit_in[c] = d as u8;
                return true;
            }
        }
        false
    }

    let mut rest = digits;
    while rest != 0 {
        let d = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        let mut seen = 0;
        if !augment(d, places, &mut digit_in, &mut seen) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::has_perfect_matching;

    #[test]
    fn four_digits_in_three_cells_cannot_be_matched() {
        let mut places = [0u16; 9];
        for digit_places in &mut places[..4] {
            *digit_places = 0b111;
        }
        assert!(!has_perfect_matching(&places, 0b1111));
        assert!(has_perfect_matching(&places, 0b111));
    }

    #[test]
    fn a_matching_that_needs_an_augmenting_path_is_found() {
        // Digit 0 first takes cell 0, which digit 1 needs: digit 0 must move to cell 1.
        let mut places = [0u16; 9];
        places[0] = 0b11;
        places[1] = 0b01;
        assert!(has_perfect_matching(&places, 0b11));
        places[2] = 0b01;
        assert!(!has_perfect_matching(&places, 0b111));
    }

    #[test]
    fn a_full_house_of_singles_matches() {
        let places: [u16; 9] = std::array::from_fn(|d| 1 << d);
        assert!(has_perfect_matching(&places, 0x1FF));
        let mut twice = places;
        twice[8] = 1;
        assert!(!has_perfect_matching(&twice, 0x1FF));
    }
}
