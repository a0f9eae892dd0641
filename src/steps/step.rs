//! A step: one deduction of the engine, as a plain value (no heap part), so that a C layer can
//! copy it into a caller's buffer as is.

use crate::geometry::{Cell, CellSet, Digit, House};

/// The techniques of the engine, in the order of Sudoku Explainer's ladder. The discriminant is
/// stable (a future C enum); [`Technique::rating`] gives the ER of a step of this technique.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Technique {
    /// The last empty cell of a house takes the house's missing digit (ER 1.0).
    FullHouse = 0,
    /// A digit has one place left in a box (ER 1.2).
    HiddenSingleBox = 1,
    /// A digit has one place left in a row or a column (ER 1.5).
    HiddenSingleLine = 2,
    /// Pointing (a box's candidates of a digit all in one line) whose eliminations leave a
    /// hidden single in another box of that line (ER 1.7). Counts only when it leads to that
    /// placement.
    DirectPointing = 3,
    /// Claiming (a line's candidates of a digit all in one box) whose eliminations leave a
    /// hidden single in another line through that box (ER 1.9).
    DirectClaiming = 4,
    /// A hidden pair whose eliminations leave a hidden single in the same house (ER 2.0).
    DirectHiddenPair = 5,
    /// A cell with one candidate left (ER 2.3).
    NakedSingle = 6,
    /// A hidden triplet whose eliminations leave a hidden single in the same house (ER 2.5).
    DirectHiddenTriplet = 7,
    /// A box's candidates of a digit all in one line: the digit leaves the rest of the line
    /// (ER 2.6).
    Pointing = 8,
    /// A line's candidates of a digit all in one box: the digit leaves the rest of the box
    /// (ER 2.8).
    Claiming = 9,
    /// Two cells of a house with the same two candidates (ER 3.0).
    NakedPair = 10,
    /// A digit's candidates in two lines on the same two cross lines (ER 3.2).
    XWing = 11,
    /// Two digits confined to the same two cells of a house (ER 3.4).
    HiddenPair = 12,
    /// Three cells of a house with three candidates between them (ER 3.6).
    NakedTriplet = 13,
    /// X-Wing on three lines (ER 3.8).
    Swordfish = 14,
    /// Three digits confined to the same three cells of a house (ER 4.0).
    HiddenTriplet = 15,
    /// A bivalue pivot `xy` seeing the pincers `xz` and `yz`: `z` leaves the cells seeing both
    /// pincers (ER 4.2).
    XYWing = 16,
    /// A trivalue pivot `xyz` seeing the pincers `xz` and `yz`: `z` leaves the cells seeing all
    /// three (ER 4.4).
    XYZWing = 17,
    /// Four cells of a house with four candidates between them (ER 5.0).
    NakedQuad = 18,
    /// X-Wing on four lines (ER 5.2).
    Jellyfish = 19,
    /// Four digits confined to the same four cells of a house (ER 5.4).
    HiddenQuad = 20,
    /// Unique rectangle type 1: of the four cells holding the same two digits, one has more
    /// candidates; the two digits leave it (ER 4.5).
    UniqueRectangle1 = 21,
    /// Unique rectangle type 2: the cells with more candidates have one extra digit between
    /// them; it leaves the cells seeing all of them (ER 4.5).
    UniqueRectangle2 = 22,
    /// Unique rectangle type 3: the two cells with more candidates act as one cell of a naked
    /// (or hidden) set in a house they share (ER 4.5 plus 0.1 per set member beyond the pair;
    /// [`Step::rating`] gives the step's own).
    UniqueRectangle3 = 23,
    /// Unique rectangle type 4: one of the two digits is locked in the two cells with more
    /// candidates (in a house they share); the other leaves them (ER 4.5).
    UniqueRectangle4 = 24,
    /// Unique loop (6, 8, 10 or more cells) type 1 (ER 4.6 for 6 cells, 4.7 for 8, 5.0 for
    /// 10 or more; [`Step::rating`] gives the step's own).
    UniqueLoop1 = 25,
    /// Unique loop type 2 (ER 4.6-5.0 by the loop's size).
    UniqueLoop2 = 26,
    /// Unique loop type 3 (ER 4.6-5.0 by the loop's size, plus the set's bonus).
    UniqueLoop3 = 27,
    /// Unique loop type 4 (ER 4.6-5.0 by the loop's size).
    UniqueLoop4 = 28,
    /// Bivalue universal grave type 1: all empty cells but one are bivalue and every digit has
    /// two places in each house that holds it; the odd cell keeps its extra digit (ER 5.6).
    Bug1 = 29,
    /// BUG type 2: the BUG cells share one extra digit; it leaves the cells seeing them all
    /// (ER 5.7).
    Bug2 = 30,
    /// BUG type 3: the BUG cells' extra digits form a naked set with other cells of a house
    /// they share (ER 5.8 for a pair, plus 0.1 per member, up to 6.2).
    Bug3 = 31,
    /// BUG type 4: two BUG cells in a house with one common non-BUG digit, which is then
    /// locked there: each keeps its BUG digits and that digit (ER 5.7).
    Bug4 = 32,
    /// Aligned pair exclusion: two cells (not necessarily peers) whose pairs of candidates are
    /// each excluded by a common bivalue peer or by sharing a house; a candidate in no allowed
    /// pair leaves its cell (ER 6.2).
    AlignedPairExclusion = 33,
    /// Aligned triplet exclusion: the same reasoning over three cells (ER 7.5).
    AlignedTripletExclusion = 34,
    /// A cycle of one digit alternating strong and weak house links: the digit leaves the
    /// cells that see both an on- and an off-node (ER 6.5 plus the chain's length bonus).
    XCycle = 35,
    /// A cycle through bivalue cells (cell links and house weak links): ER 6.5 plus bonus.
    YCycle = 36,
    /// A cycle using house and cell links (ER 7.0 plus bonus).
    Cycle = 37,
    /// A chain of one digit's house links from a candidate to its own negation: the start is
    /// false (removed) or true (placed) (ER 6.6 plus bonus; "Turbot Fish" at 4 links).
    ForcingXChain = 38,
    /// A forcing chain using house and cell links (ER 7.0 plus bonus).
    ForcingChain = 39,
    /// Nishio forcing chain: assuming a candidate (on or off), house links of its digit alone
    /// reach a contradiction (ER 7.5 plus bonus).
    NishioForcingChain = 40,
    /// Cell forcing chains: every candidate of one cell leads to the same conclusion (ER 8.0
    /// plus bonus).
    CellForcingChain = 41,
    /// Region forcing chains: every position of a digit in a house leads to the same
    /// conclusion (ER 8.0 plus bonus).
    RegionForcingChain = 42,
    /// Dynamic contradiction forcing chain: a candidate assumed true (or false) leads, on a grid
    /// reduced as the chain goes and with every link rule, to a candidate both true and false
    /// (ER 8.5 plus bonus).
    DynamicContradictionChain = 43,
    /// Dynamic double forcing chain: a candidate assumed true and assumed false both lead to the
    /// same conclusion (ER 8.5 plus bonus).
    DynamicDoubleChain = 44,
    /// Dynamic cell forcing chains (ER 8.5 plus bonus).
    DynamicCellForcingChain = 45,
    /// Dynamic region forcing chains (ER 8.5 plus bonus).
    DynamicRegionForcingChain = 46,
    /// Dynamic contradiction forcing chain (+): as the dynamic one, with the propagation also
    /// using pointing, claiming, hidden and naked pairs and X-Wings on its reduced grid (ER 9.0
    /// plus bonus).
    DynamicPlusContradictionChain = 47,
    /// Dynamic double forcing chain (+) (ER 9.0 plus bonus).
    DynamicPlusDoubleChain = 48,
    /// Dynamic cell forcing chains (+) (ER 9.0 plus bonus).
    DynamicPlusCellForcingChain = 49,
    /// Dynamic region forcing chains (+) (ER 9.0 plus bonus).
    DynamicPlusRegionForcingChain = 50,
    /// Nested contradiction forcing chain (+ forcing chains): as the dynamic one (+), with the
    /// propagation also using cycles and forcing chains on its reduced grid (ER 9.5 plus the
    /// bonus of a complexity that adds the nested chains').
    NestedForcingContradictionChain = 51,
    /// Nested double forcing chain (+ forcing chains) (ER 9.5 plus bonus).
    NestedForcingDoubleChain = 52,
    /// Nested cell forcing chains (+ forcing chains) (ER 9.5 plus bonus).
    NestedForcingCellChain = 53,
    /// Nested region forcing chains (+ forcing chains) (ER 9.5 plus bonus).
    NestedForcingRegionChain = 54,
    /// Nested contradiction forcing chain (+ multiple forcing chains): as level 2, with the
    /// propagation also using cell and region forcing chains on its reduced grid (ER 10.0 plus
    /// bonus).
    NestedMultipleContradictionChain = 55,
    /// Nested double forcing chain (+ multiple forcing chains) (ER 10.0 plus bonus).
    NestedMultipleDoubleChain = 56,
    /// Nested cell forcing chains (+ multiple forcing chains) (ER 10.0 plus bonus).
    NestedMultipleCellChain = 57,
    /// Nested region forcing chains (+ multiple forcing chains) (ER 10.0 plus bonus).
    NestedMultipleRegionChain = 58,
    /// Nested contradiction forcing chain (+ dynamic forcing chains): as the dynamic one (+),
    /// with the propagation also using dynamic forcing chains on its reduced grid (level 4,
    /// ER 10.5 plus bonus).
    NestedDynamicContradictionChain = 59,
    /// Nested double forcing chain (+ dynamic forcing chains) (ER 10.5 plus bonus).
    NestedDynamicDoubleChain = 60,
    /// Nested cell forcing chains (+ dynamic forcing chains) (ER 10.5 plus bonus).
    NestedDynamicCellChain = 61,
    /// Nested region forcing chains (+ dynamic forcing chains) (ER 10.5 plus bonus).
    NestedDynamicRegionChain = 62,
    /// Nested contradiction forcing chain (+ dynamic forcing chains (+ forcing chains)): as
    /// level 4, then nested forcing chains of level 2 on the reduced grid (level 5, ER 11.0
    /// plus bonus).
    NestedDynamicForcingContradictionChain = 63,
    /// Nested double forcing chain (+ dynamic forcing chains (+ forcing chains)) (ER 11.0
    /// plus bonus).
    NestedDynamicForcingDoubleChain = 64,
    /// Nested cell forcing chains (+ dynamic forcing chains (+ forcing chains)) (ER 11.0 plus
    /// bonus).
    NestedDynamicForcingCellChain = 65,
    /// Nested region forcing chains (+ dynamic forcing chains (+ forcing chains)) (ER 11.0
    /// plus bonus).
    NestedDynamicForcingRegionChain = 66,
}

impl Technique {
    /// Every technique, in ladder order (a function rather than a constant, which cbindgen
    /// would write into the C header).
    pub const fn all() -> [Technique; 67] {
        [
            Technique::FullHouse,
            Technique::HiddenSingleBox,
            Technique::HiddenSingleLine,
            Technique::DirectPointing,
            Technique::DirectClaiming,
            Technique::DirectHiddenPair,
            Technique::NakedSingle,
            Technique::DirectHiddenTriplet,
            Technique::Pointing,
            Technique::Claiming,
            Technique::NakedPair,
            Technique::XWing,
            Technique::HiddenPair,
            Technique::NakedTriplet,
            Technique::Swordfish,
            Technique::HiddenTriplet,
            Technique::XYWing,
            Technique::XYZWing,
            Technique::NakedQuad,
            Technique::Jellyfish,
            Technique::HiddenQuad,
            Technique::UniqueRectangle1,
            Technique::UniqueRectangle2,
            Technique::UniqueRectangle3,
            Technique::UniqueRectangle4,
            Technique::UniqueLoop1,
            Technique::UniqueLoop2,
            Technique::UniqueLoop3,
            Technique::UniqueLoop4,
            Technique::Bug1,
            Technique::Bug2,
            Technique::Bug3,
            Technique::Bug4,
            Technique::AlignedPairExclusion,
            Technique::AlignedTripletExclusion,
            Technique::XCycle,
            Technique::YCycle,
            Technique::Cycle,
            Technique::ForcingXChain,
            Technique::ForcingChain,
            Technique::NishioForcingChain,
            Technique::CellForcingChain,
            Technique::RegionForcingChain,
            Technique::DynamicContradictionChain,
            Technique::DynamicDoubleChain,
            Technique::DynamicCellForcingChain,
            Technique::DynamicRegionForcingChain,
            Technique::DynamicPlusContradictionChain,
            Technique::DynamicPlusDoubleChain,
            Technique::DynamicPlusCellForcingChain,
            Technique::DynamicPlusRegionForcingChain,
            Technique::NestedForcingContradictionChain,
            Technique::NestedForcingDoubleChain,
            Technique::NestedForcingCellChain,
            Technique::NestedForcingRegionChain,
            Technique::NestedMultipleContradictionChain,
            Technique::NestedMultipleDoubleChain,
            Technique::NestedMultipleCellChain,
            Technique::NestedMultipleRegionChain,
            Technique::NestedDynamicContradictionChain,
            Technique::NestedDynamicDoubleChain,
            Technique::NestedDynamicCellChain,
            Technique::NestedDynamicRegionChain,
            Technique::NestedDynamicForcingContradictionChain,
            Technique::NestedDynamicForcingDoubleChain,
            Technique::NestedDynamicForcingCellChain,
            Technique::NestedDynamicForcingRegionChain,
        ]
    }

    /// The Sudoku Explainer rating (ER) of a step of this technique, in tenths (10 = 1.0), as SE
    /// 1.2.1 gives it (the `getDifficulty` of its hint classes). For the techniques whose steps
    /// are rated by their size (unique loops by the number of cells, type 3 by the set), the
    /// lowest rating; [`Step::rating`] gives a step's own.
    pub const fn rating(self) -> u8 {
        match self {
            Technique::FullHouse => 10,
            Technique::HiddenSingleBox => 12,
            Technique::HiddenSingleLine => 15,
            Technique::DirectPointing => 17,
            Technique::DirectClaiming => 19,
            Technique::DirectHiddenPair => 20,
            Technique::NakedSingle => 23,
            Technique::DirectHiddenTriplet => 25,
            Technique::Pointing => 26,
            Technique::Claiming => 28,
            Technique::NakedPair => 30,
            Technique::XWing => 32,
            Technique::HiddenPair => 34,
            Technique::NakedTriplet => 36,
            Technique::Swordfish => 38,
            Technique::HiddenTriplet => 40,
            Technique::XYWing => 42,
            Technique::XYZWing => 44,
            Technique::NakedQuad => 50,
            Technique::Jellyfish => 52,
            Technique::HiddenQuad => 54,
            Technique::UniqueRectangle1
            | Technique::UniqueRectangle2
            | Technique::UniqueRectangle3
            | Technique::UniqueRectangle4 => 45,
            Technique::UniqueLoop1
            | Technique::UniqueLoop2
            | Technique::UniqueLoop3
            | Technique::UniqueLoop4 => 46,
            Technique::Bug1 => 56,
            Technique::Bug2 | Technique::Bug4 => 57,
            Technique::Bug3 => 58,
            Technique::AlignedPairExclusion => 62,
            Technique::AlignedTripletExclusion => 75,
            Technique::XCycle | Technique::YCycle => 65,
            Technique::ForcingXChain => 66,
            Technique::Cycle | Technique::ForcingChain => 70,
            Technique::NishioForcingChain => 75,
            Technique::CellForcingChain | Technique::RegionForcingChain => 80,
            Technique::DynamicContradictionChain
            | Technique::DynamicDoubleChain
            | Technique::DynamicCellForcingChain
            | Technique::DynamicRegionForcingChain => 85,
            Technique::DynamicPlusContradictionChain
            | Technique::DynamicPlusDoubleChain
            | Technique::DynamicPlusCellForcingChain
            | Technique::DynamicPlusRegionForcingChain => 90,
            Technique::NestedForcingContradictionChain
            | Technique::NestedForcingDoubleChain
            | Technique::NestedForcingCellChain
            | Technique::NestedForcingRegionChain => 95,
            Technique::NestedMultipleContradictionChain
            | Technique::NestedMultipleDoubleChain
            | Technique::NestedMultipleCellChain
            | Technique::NestedMultipleRegionChain => 100,
            Technique::NestedDynamicContradictionChain
            | Technique::NestedDynamicDoubleChain
            | Technique::NestedDynamicCellChain
            | Technique::NestedDynamicRegionChain => 105,
            Technique::NestedDynamicForcingContradictionChain
            | Technique::NestedDynamicForcingDoubleChain
            | Technique::NestedDynamicForcingCellChain
            | Technique::NestedDynamicForcingRegionChain => 110,
        }
    }

    /// The technique's name in English, as players know it ("Hidden Single", "X-Wing").
    pub const fn name(self) -> &'static str {
        match self {
            Technique::FullHouse => "Full House",
            Technique::HiddenSingleBox => "Hidden Single (box)",
            Technique::HiddenSingleLine => "Hidden Single (row or column)",
            Technique::DirectPointing => "Direct Pointing",
            Technique::DirectClaiming => "Direct Claiming",
            Technique::DirectHiddenPair => "Direct Hidden Pair",
            Technique::NakedSingle => "Naked Single",
            Technique::DirectHiddenTriplet => "Direct Hidden Triplet",
            Technique::Pointing => "Pointing",
            Technique::Claiming => "Claiming",
            Technique::NakedPair => "Naked Pair",
            Technique::XWing => "X-Wing",
            Technique::HiddenPair => "Hidden Pair",
            Technique::NakedTriplet => "Naked Triplet",
            Technique::Swordfish => "Swordfish",
            Technique::HiddenTriplet => "Hidden Triplet",
            Technique::XYWing => "XY-Wing",
            Technique::XYZWing => "XYZ-Wing",
            Technique::NakedQuad => "Naked Quad",
            Technique::Jellyfish => "Jellyfish",
            Technique::HiddenQuad => "Hidden Quad",
            Technique::UniqueRectangle1 => "Unique Rectangle type 1",
            Technique::UniqueRectangle2 => "Unique Rectangle type 2",
            Technique::UniqueRectangle3 => "Unique Rectangle type 3",
            Technique::UniqueRectangle4 => "Unique Rectangle type 4",
            Technique::UniqueLoop1 => "Unique Loop type 1",
            Technique::UniqueLoop2 => "Unique Loop type 2",
            Technique::UniqueLoop3 => "Unique Loop type 3",
            Technique::UniqueLoop4 => "Unique Loop type 4",
            Technique::Bug1 => "BUG type 1",
            Technique::Bug2 => "BUG type 2",
            Technique::Bug3 => "BUG type 3",
            Technique::Bug4 => "BUG type 4",
            Technique::AlignedPairExclusion => "Aligned Pair Exclusion",
            Technique::AlignedTripletExclusion => "Aligned Triplet Exclusion",
            Technique::XCycle => "Bidirectional X-Cycle",
            Technique::YCycle => "Bidirectional Y-Cycle",
            Technique::Cycle => "Bidirectional Cycle",
            Technique::ForcingXChain => "Forcing X-Chain",
            Technique::ForcingChain => "Forcing Chain",
            Technique::NishioForcingChain => "Nishio Forcing Chain",
            Technique::CellForcingChain => "Cell Forcing Chains",
            Technique::RegionForcingChain => "Region Forcing Chains",
            Technique::DynamicContradictionChain => "Dynamic Contradiction Forcing Chain",
            Technique::DynamicDoubleChain => "Dynamic Double Forcing Chain",
            Technique::DynamicCellForcingChain => "Dynamic Cell Forcing Chains",
            Technique::DynamicRegionForcingChain => "Dynamic Region Forcing Chains",
            Technique::DynamicPlusContradictionChain => "Dynamic Contradiction Forcing Chain (+)",
            Technique::DynamicPlusDoubleChain => "Dynamic Double Forcing Chain (+)",
            Technique::DynamicPlusCellForcingChain => "Dynamic Cell Forcing Chains (+)",
            Technique::DynamicPlusRegionForcingChain => "Dynamic Region Forcing Chains (+)",
            Technique::NestedForcingContradictionChain => {
                "Dynamic Contradiction Forcing Chain (+ Forcing Chains)"
            }
            Technique::NestedForcingDoubleChain => {
                "Dynamic Double Forcing Chain (+ Forcing Chains)"
            }
            Technique::NestedForcingCellChain => "Dynamic Cell Forcing Chains (+ Forcing Chains)",
            Technique::NestedForcingRegionChain => {
                "Dynamic Region Forcing Chains (+ Forcing Chains)"
            }
            Technique::NestedMultipleContradictionChain => {
                "Dynamic Contradiction Forcing Chain (+ Multiple Forcing Chains)"
            }
            Technique::NestedMultipleDoubleChain => {
                "Dynamic Double Forcing Chain (+ Multiple Forcing Chains)"
            }
            Technique::NestedMultipleCellChain => {
                "Dynamic Cell Forcing Chains (+ Multiple Forcing Chains)"
            }
            Technique::NestedMultipleRegionChain => {
                "Dynamic Region Forcing Chains (+ Multiple Forcing Chains)"
            }
            Technique::NestedDynamicContradictionChain => {
                "Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains)"
            }
            Technique::NestedDynamicDoubleChain => {
                "Dynamic Double Forcing Chain (+ Dynamic Forcing Chains)"
            }
            Technique::NestedDynamicCellChain => {
                "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains)"
            }
            Technique::NestedDynamicRegionChain => {
                "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains)"
            }
            Technique::NestedDynamicForcingContradictionChain => {
                "Dynamic Contradiction Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))"
            }
            Technique::NestedDynamicForcingDoubleChain => {
                "Dynamic Double Forcing Chain (+ Dynamic Forcing Chains (+ Forcing Chains))"
            }
            Technique::NestedDynamicForcingCellChain => {
                "Dynamic Cell Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
            }
            Technique::NestedDynamicForcingRegionChain => {
                "Dynamic Region Forcing Chains (+ Dynamic Forcing Chains (+ Forcing Chains))"
            }
        }
    }

    /// True for the "direct" variants (direct pointing, claiming, hidden pair and triplet):
    /// patterns that count only when their eliminations reveal a hidden single, and whose
    /// effect, as in Sudoku Explainer, is that placement alone.
    pub const fn is_direct(self) -> bool {
        matches!(
            self,
            Technique::DirectPointing
                | Technique::DirectClaiming
                | Technique::DirectHiddenPair
                | Technique::DirectHiddenTriplet
        )
    }
}

/// Candidates to remove: for each digit (index `d - 1`), the cells losing it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Eliminations(pub [CellSet; 9]);

impl Eliminations {
    /// Adds the removal of `digit` from `cell`.
    #[inline]
    pub fn add(&mut self, cell: Cell, digit: Digit) {
        self.0[digit.index()] = self.0[digit.index()].with(cell);
    }

    /// The cells losing `digit`.
    #[inline]
    pub fn cells(&self, digit: Digit) -> CellSet {
        self.0[digit.index()]
    }

    /// True when nothing is removed.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|s| s.is_empty())
    }

    /// Number of candidates removed.
    pub fn len(&self) -> usize {
        self.0.iter().map(|s| s.len()).sum()
    }

    /// Every removal as (cell, digit), digit by digit, cells in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = (Cell, Digit)> + '_ {
        Digit::ALL
            .into_iter()
            .flat_map(move |d| self.0[d.index()].iter().map(move |c| (c, d)))
    }
}

/// The candidates a pattern needs gone, as SE's rule parents (`getRuleParents` of
/// `LockingHint`, `HiddenSetHint`, `NakedSetHint`): those of `digits` in `cells`. Inside a
/// dynamic propagation with advanced rules (dynamic forcing chains (+), `docs/se-rules.md`), the
/// ones removed since the propagation started are the parents of the pattern's eliminations; a
/// pattern with none held before the assumption and is not used.
///
/// - pointing and claiming: the digit, in the first house outside the second;
/// - fish: the digit, in the base lines outside the cover lines;
/// - hidden set: the set's digits, in the house's cells outside the set;
/// - naked set: the other digits, in the set's cells.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct RuleParents {
    /// Cells.
    pub cells: CellSet,
    /// Digits (bit `d - 1` for digit `d`).
    pub digits: u16,
}

/// The candidates that count as rule parents for a search of patterns: by digit index, the
/// cells where that digit's candidate counts. Inside a dynamic propagation with advanced rules
/// they are the candidates removed since it started; a pattern with none of its rule parents
/// among them is not used ([`RuleParents`]), so the `each_*` searches skip it before building
/// it (they may still give some such patterns: the test is coarse where it is cheap). The
/// producers of steps search [`Focus::EVERYWHERE`], but along a path the ones before the
/// chains search the candidates removed since the last position where none of them found
/// anything (see `next::SimpleMemory`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Focus(pub [CellSet; 9]);

impl Focus {
    /// Every candidate counts: no pattern is skipped.
    pub const EVERYWHERE: Focus = Focus([CellSet::ALL; 9]);

    /// The cells where some digit counts.
    pub fn cells(&self) -> CellSet {
        self.0
            .iter()
            .fold(CellSet::EMPTY, |acc, &set| acc.union(set))
    }
}

/// The first step a producer's `each_*` search gives (the producers that can give all their
/// patterns, for the advanced rules of the dynamic chains (+), keep their first-step form
/// through this).
#[derive(Default)]
pub(crate) struct First(pub(crate) Option<Step>);

impl First {
    /// A visitor for an `each_*` search: keeps the first step and stops the search.
    #[inline]
    pub(crate) fn keep(&mut self) -> impl FnMut(&Step, RuleParents) -> bool + '_ {
        |step, _| {
            self.0 = Some(*step);
            true
        }
    }
}

/// A potential of a chain: a candidate (cell, digit) assumed true ("on") or false ("off"), as
/// a `u16`: bits 0-9 hold `9 * cell + digit - 1` (0-728), bit 15 is set for "on". The value
/// [`Chain::BRANCH_END`] separates the branches of a step with several chains.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Potential(pub u16);

impl Potential {
    /// The potential "`digit` is (`on`) or is not (`!on`) the value of `cell`".
    #[inline]
    pub fn new(cell: Cell, digit: Digit, on: bool) -> Potential {
        Potential((9 * cell.index() + digit.index()) as u16 | (on as u16) << 15)
    }

    /// The cell.
    #[inline]
    pub fn cell(self) -> Cell {
        Cell::ALL[(self.0 & 0x3FF) as usize / 9]
    }

    /// The digit.
    #[inline]
    pub fn digit(self) -> Digit {
        Digit::ALL[(self.0 & 0x3FF) as usize % 9]
    }

    /// True for "on" (the digit is the cell's value).
    #[inline]
    pub fn is_on(self) -> bool {
        self.0 & 0x8000 != 0
    }
}

/// The chains of a step (empty for the techniques that are not chains): the potentials of each
/// chain from its start to its conclusion, each forced by the one before it (a cycle lists its
/// nodes in order and returns to the first). A step with several chains (cell or region forcing
/// chains, a contradiction reached both ways) lists them one after the other, each followed by
/// [`Chain::BRANCH_END`]. At most [`Chain::CAPACITY`] entries are kept; `truncated` says when
/// more were dropped (the step itself is complete; only its description is shortened).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Chain {
    /// Entries used.
    pub len: u8,
    /// True when entries beyond the capacity were dropped.
    pub truncated: bool,
    /// The entries: [`Potential`] values and branch ends.
    pub nodes: [u16; Chain::CAPACITY],
}

impl Default for Chain {
    fn default() -> Chain {
        Chain {
            len: 0,
            truncated: false,
            nodes: [0; Chain::CAPACITY],
        }
    }
}

/// cbindgen:ignore
impl Chain {
    /// Entries a step keeps.
    pub const CAPACITY: usize = 128;
    /// The entry that ends a branch.
    pub const BRANCH_END: u16 = 0xFFFF;

    /// Appends a potential, or marks the chain truncated when it is full.
    pub fn push(&mut self, p: Potential) {
        self.push_raw(p.0);
    }

    /// Ends the current branch.
    pub fn end_branch(&mut self) {
        self.push_raw(Chain::BRANCH_END);
    }

    fn push_raw(&mut self, v: u16) {
        if (self.len as usize) < Chain::CAPACITY {
            self.nodes[self.len as usize] = v;
            self.len += 1;
        } else {
            self.truncated = true;
        }
    }

    /// The entries in use.
    pub fn entries(&self) -> &[u16] {
        &self.nodes[..self.len as usize]
    }
}

/// A set of houses: bit `i` for the house with index `i` (see [`House`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct HouseSet(pub u32);

impl HouseSet {
    /// This set with `house` added.
    #[inline]
    pub fn with(self, house: House) -> HouseSet {
        HouseSet(self.0 | 1 << house.index())
    }

    /// True when `house` is in the set.
    #[inline]
    pub fn contains(self, house: House) -> bool {
        self.0 >> house.index() & 1 != 0
    }

    /// The houses in index order (rows, then columns, then boxes).
    pub fn iter(self) -> impl Iterator<Item = House> {
        House::ALL.into_iter().filter(move |h| self.contains(*h))
    }
}

/// One step of the engine: what it found, what it places and removes, and the pattern.
///
/// Effect: a step places at most one digit and removes candidates. For the direct techniques
/// ([`Technique::is_direct`]) `eliminations` are the removals that reveal the hidden single:
/// they explain the step, but the step's effect is the placement alone (as in Sudoku Explainer,
/// whose direct hints carry no removable candidates); [`Step::apply`] follows that rule.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The technique.
    pub technique: Technique,
    /// The digit placed and its cell, for singles and the direct techniques.
    pub placement: Option<(Cell, Digit)>,
    /// The candidates removed (see the type's note for direct techniques).
    pub eliminations: Eliminations,
    /// The cells that form the pattern (the single's cell, the subset's cells, the fish's
    /// corners, the wing's pivot and pincers).
    pub cells: CellSet,
    /// The houses of the pattern (the single's house, the box and line of a locked candidate,
    /// the fish's base and cover lines, the subset's house).
    pub houses: HouseSet,
    /// The digits of the pattern (bit `d - 1` for digit `d`).
    pub digits: u16,
    /// The step's ER in tenths: its technique's, or more for the techniques rated by size
    /// (unique loops, the type 3 sets) or by length (chains: SE's length bonus).
    pub er: u8,
    /// The chains of a chaining step; empty for the other techniques.
    pub chain: Chain,
}

/// A step's eliminations as (cell index, digit) pairs, in the order `Eliminations::iter` gives
/// (for the unit tests' exact comparisons).
#[cfg(test)]
pub(crate) fn removals(s: &Step) -> Vec<(usize, u8)> {
    s.eliminations
        .iter()
        .map(|(cell, d)| (cell.index(), d.get()))
        .collect()
}

impl Step {
    /// The step's rating (ER) in tenths: its technique's ([`Technique::rating`]), or more for
    /// a unique loop of 6 or more cells or a type 3 with a set larger than a pair.
    #[inline]
    pub fn rating(&self) -> u8 {
        self.er
    }

    /// Applies the step to `grid`: the eliminations (except for direct techniques), then the
    /// placement.
    pub fn apply(&self, grid: &mut super::grid::Grid) {
        if !self.technique.is_direct() {
            for (cell, digit) in self.eliminations.iter() {
                grid.eliminate(cell, digit);
            }
        }
        if let Some((cell, digit)) = self.placement {
            grid.place(cell, digit);
        }
    }

    /// A step with no effect yet, to be filled by a technique.
    pub(crate) fn new(technique: Technique) -> Step {
        Step {
            technique,
            placement: None,
            eliminations: Eliminations::default(),
            cells: CellSet::EMPTY,
            houses: HouseSet::default(),
            digits: 0,
            er: technique.rating(),
            chain: Chain::default(),
        }
    }
}
