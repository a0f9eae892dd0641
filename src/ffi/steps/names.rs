//! The English names of the techniques and of the difficulty levels (`sudoku_technique_name`,
//! `sudoku_level_name`): static strings, no allocation.

use std::ffi::{c_char, c_int, CStr};
use std::ptr;

use crate::ffi::guard_or;

/// The English names of the techniques, by `sudoku_technique` value (those of
/// `Technique::name`, NUL-terminated; a unit test ties the two).
const TECHNIQUE_NAMES: [&CStr; 67] = [
    c"Full House",
    c"Hidden Single (box)",
    c"Hidden Single (row or column)",
    c"Direct Pointing",
    c"Direct Claiming",
    c"Direct Hidden Pair",
    c"Naked Single",
    c"Direct Hidden Triplet",
    c"Pointing",
    c"Claiming",
    c"Naked Pair",
    c"X-Wing",
    c"Hidden Pair",
    c"Naked Triplet",
    c"Swordfish",
    c"Hidden Triplet",
    c"XY-Wing",
    c"XYZ-Wing",
    c"Naked Quad",
    c"Jellyfish",
    c"Hidden Quad",
    c"Unique Rectangle type 1",
    c"Unique Rectangle type 2",
    c"Unique Rectangle type 3",
    c"Unique Rectangle type 4",
    c"Unique Loop type 1",
    c"Unique Loop type 2",
    c"Unique Loop type 3",
    c"Unique Loop type 4",
    c"BUG type 1",
    c"BUG type 2",
    c"BUG type 3",
    c"BUG type 4",
    c"Aligned Pair Exclusion",
    c"Aligned Triplet Exclusion",
    c"Bidirectional X-Cycle",
    c"Bidirectional Y-Cycle",
    c"Bidirectional Cycle",
    c"Forcing X-Chain",
    c"Forcing Chain",
    c"Nishio Forcing Chain",
    c"Cell Forcing Chains",
    c"Region Forcing Chains",
    c"Dynamic Contradiction Forcing Chain",
    c"Dynamic Double Forcing Chain",
    c"Dynamic Cell Forcing Chains",
    c"Dynamic Region Forcing Chains",
    c"Dynamic Contradiction Forcing Chain (+)",
    c"Dynamic Double Forcing Chain (+)",
    c"Dynamic Cell Forcing Chains (+)",
    c"Dynamic Region Forcing Chains (+)",
    c"Dynamic Contradiction Forcing Chain (+ Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Multiple Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Multiple Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains)",
    c"Dynamic Double Forcing Chain (+ Dynamic Forcing Chains)",
    c"Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)",
    c"Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)",
    c"Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Double Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
    c"Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))",
];

/// The levels of `sudoku_level_name`: (highest ER in tenths, name).
const LEVELS: [(u16, &CStr); 6] = [
    (12, c"Easy"),
    (25, c"Medium"),
    (60, c"Hard"),
    (70, c"Fiendish"),
    (90, c"Diabolical"),
    (u16::MAX, c"Extreme"),
];

/// The level of an ER: the name of the first band of [`LEVELS`] that holds it.
pub fn level_name(er_tenths: u16) -> &'static CStr {
    LEVELS
        .iter()
        .find(|(top, _)| er_tenths <= *top)
        .map_or(c"Extreme", |(_, name)| name)
}

/// The English name of a technique ("Hidden Single (box)", "X-Wing", ...).
///
/// `technique`: a `sudoku_technique` value (0-66). Returns a static NUL-terminated string, or
/// NULL for any other value. Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_technique_name(technique: c_int) -> *const c_char {
    guard_or(ptr::null(), || {
        usize::try_from(technique)
            .ok()
            .and_then(|t| TECHNIQUE_NAMES.get(t))
            .map_or(ptr::null(), |name| name.as_ptr())
    })
}

/// The difficulty level of an ER (in tenths), in English: "Easy" up to 1.2 (singles in boxes),
/// "Medium" 1.3-2.5 (hidden singles in lines, naked singles, the direct techniques), "Hard"
/// 2.6-6.0 (locked candidates, subsets, fish, wings, uniqueness, BUG), "Fiendish" 6.1-7.0
/// (aligned pair exclusion, cycles, forcing X-chains), "Diabolical" 7.1-9.0 (forcing chains,
/// Nishio, cell and region forcing chains, dynamic forcing chains), "Extreme" above 9.0
/// (long dynamic forcing chains, the (+) ones). 0 (nothing to rate) is
/// "Easy". These bands are the library's own. Returns a static NUL-terminated string, never
/// NULL. Thread-safe; no allocation.
#[no_mangle]
pub extern "C" fn sudoku_level_name(er_tenths: u16) -> *const c_char {
    guard_or(c"Extreme".as_ptr(), || level_name(er_tenths).as_ptr())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ffi::steps::{sudoku_technique, SUDOKU_CHAIN_CAPACITY};
    use crate::steps::{Chain, Technique};

    /// `HiddenSingleBox` as `HIDDEN_SINGLE_BOX`: an underscore before each word and number.
    fn upper_snake(camel: &str) -> String {
        let chars: Vec<char> = camel.chars().collect();
        let mut out = String::new();
        for (i, &c) in chars.iter().enumerate() {
            let prev = i.checked_sub(1).map(|j| chars[j]);
            let next = chars.get(i + 1);
            let boundary = match prev {
                None => false,
                Some(p) if c.is_ascii_digit() => p.is_ascii_alphabetic(),
                Some(p) if c.is_ascii_uppercase() => {
                    p.is_ascii_lowercase()
                        || p.is_ascii_digit()
                        || (p.is_ascii_uppercase() && next.is_some_and(|n| n.is_ascii_lowercase()))
                }
                _ => false,
            };
            if boundary {
                out.push('_');
            }
            out.push(c.to_ascii_uppercase());
        }
        out
    }

    #[test]
    fn the_c_techniques_are_the_engine_s() {
        assert_eq!(upper_snake("XYZWing"), "XYZ_WING");
        assert_eq!(upper_snake("ForcingXChain"), "FORCING_X_CHAIN");
        for (i, t) in Technique::all().into_iter().enumerate() {
            assert_eq!(t as usize, i);
            // SAFETY: i is a discriminant of the repr(C) enum (0-66, all declared), checked
            // by the names below.
            let c: sudoku_technique = unsafe { std::mem::transmute(i as i32) };
            assert_eq!(
                format!("{c:?}"),
                format!("SUDOKU_TECHNIQUE_{}", upper_snake(&format!("{t:?}")))
            );
            assert_eq!(TECHNIQUE_NAMES[i].to_str(), Ok(t.name()));
            assert_eq!(
                // SAFETY: a non-NULL result is a static NUL-terminated string.
                unsafe { CStr::from_ptr(sudoku_technique_name(i as c_int)) }.to_str(),
                Ok(t.name())
            );
        }
        assert!(sudoku_technique_name(67).is_null());
        assert!(sudoku_technique_name(-1).is_null());
        assert_eq!(SUDOKU_CHAIN_CAPACITY, Chain::CAPACITY);
    }

    #[test]
    fn levels_by_band() {
        let name = |er| level_name(er).to_str().unwrap();
        for (er, want) in [
            (0, "Easy"),
            (10, "Easy"),
            (12, "Easy"),
            (15, "Medium"),
            (25, "Medium"),
            (26, "Hard"),
            (60, "Hard"),
            (61, "Fiendish"),
            (70, "Fiendish"),
            (71, "Diabolical"),
            (90, "Diabolical"),
            (91, "Extreme"),
            (u16::MAX, "Extreme"),
        ] {
            assert_eq!(name(er), want, "{er}");
        }
    }
}
