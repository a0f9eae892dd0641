//! The search's filters, house matching (`src/solver/matching.rs`) and digit templates
//! (`src/solver/template.rs`), only remove what no solution uses: run at every node
//! (`search_with_filters(.., Filters::from_start())`) they give the same counts as the
//! default search on every puzzle of every data set, the same solution where there is one, a
//! valid one where there are more, and fewer guesses over each data set. And it is what makes the
//! sparse boards the fuzzers found fast: with it turned off they need millions of guesses
//! (checked here only by the guess counts, which are exact, not by time).
//!
//! The order of the guesses depends on where the search failed before (the cells' activity,
//! `src/solver/kernel.rs`), and a cut branch fails sooner, at other cells; so with the check the
//! search may take another path, and on a puzzle with several solutions meet another one first.

use crate::common;

use sudoku::solver::hooks::{
    search_start_with, search_with, search_with_filters, Filters, Kernel, SearchResult,
    MATCHING_CHECK_AFTER_GUESSES, TEMPLATES_AFTER_GUESSES,
};
use sudoku::{is_solution_of, Board, Candidates, Start};
use sudoku_testkit::reference::count_candidates;

/// Searches the candidate puzzle `candidates` for up to `limit` solutions with the detected
/// kernel and `filters`.
fn search_candidates(candidates: &Candidates, limit: u64, filters: Filters) -> SearchResult {
    search_start_with(
        Kernel::detect(),
        Start::Candidates(candidates),
        limit,
        filters,
    )
    .expect("detected kernel runs")
    .expect("valid candidates")
}

/// The house matching filter alone, after `after` guesses without a solution.
fn houses_only(after: u64) -> Filters {
    Filters {
        templates_after: u64::MAX,
        matching_after: after,
    }
}

fn check_file(file: &str) {
    let puzzles = common::read_puzzles(file);
    assert!(!puzzles.is_empty(), "{file} has no puzzles");
    let kernel = Kernel::detect();
    let (mut plain_guesses, mut checked_guesses) = (0, 0);
    for text in &puzzles {
        let board = Board::parse(text).expect("data puzzles are valid");
        // Limit 2 decides the count: one solution or several.
        let limit = 2;
        let plain = search_with(kernel, &board, limit).expect("detected kernel runs");
        let checked =
            search_with_filters(kernel, &board, limit, Filters::from_start()).expect("kernel runs");
        assert_eq!(checked.count, plain.count, "{file}, limit {limit}: {board}");
        let solution = checked.solution.expect("data puzzles have a solution");
        assert!(is_solution_of(&board, &solution), "{file}: {board}");
        if plain.count == 1 {
            assert_eq!(Some(solution), plain.solution, "{file}: {board}");
        }
        plain_guesses += plain.guesses;
        checked_guesses += checked.guesses;
    }
    assert!(
        checked_guesses <= plain_guesses,
        "{file}: {checked_guesses} guesses with the check at every node, {plain_guesses} without"
    );
}

#[test]
fn same_answers_on_easy() {
    check_file("puzzles0_easy");
}

/// The template filter is what cuts the hardest puzzles' search: on the first 300 puzzles of
/// forum_hardest, counting up to 2 solutions with the search's own filters takes under 60% of
/// the guesses it takes with the templates off (measured: 35% of them over the whole file, 35.4
/// guesses a puzzle against 72.5), with the same count, and the same solution checked by the
/// test kit's counter.
#[test]
fn the_templates_halve_the_guesses_on_the_hardest_puzzles() {
    let kernel = Kernel::detect();
    let puzzles = common::read_puzzles("puzzles5_forum_hardest_1905_11+");
    let without = Filters {
        templates_after: u64::MAX,
        ..Filters::default()
    };
    let (mut with_guesses, mut without_guesses) = (0, 0);
    for text in puzzles.iter().take(300) {
        let board = Board::parse(text).expect("data puzzles are valid");
        let default = search_with(kernel, &board, 2).expect("detected kernel runs");
        let plain = search_with_filters(kernel, &board, 2, without).expect("kernel runs");
        let (count, solution) = common::reference_solve(text, 2);
        assert_eq!((default.count, plain.count), (count, count), "{board}");
        let solution = solution.expect("forum_hardest puzzles have a solution");
        let found = default.solution.map(|b| common::bytes81(&b.to_string()));
        assert_eq!(found, Some(solution), "{board}");
        with_guesses += default.guesses;
        without_guesses += plain.guesses;
    }
    assert!(
        10 * with_guesses < 6 * without_guesses,
        "{with_guesses} guesses with the templates, {without_guesses} without"
    );
}

#[test]
fn same_answers_on_random_minimal() {
    check_file("puzzles1_random_minimal");
}

#[test]
fn same_answers_on_17_clue() {
    check_file("puzzles2_17_clue");
}

#[test]
fn same_answers_on_magictour_top1465() {
    check_file("puzzles3_magictour_top1465");
}

#[test]
fn same_answers_on_forum_hardest() {
    check_file("puzzles5_forum_hardest_1905_11+");
}

#[test]
fn same_answers_on_serg_benchmark() {
    check_file("puzzles7_serg_benchmark");
}

/// Boards found by fuzzing (see tests/regressions.rs): four digits confined to three cells of
/// box 9, or a similar trap, that singles cannot see. Exact answers, and the guesses the search
/// needs with the check from the start, from `MATCHING_CHECK_AFTER_GUESSES` on (the default),
/// and never.
#[test]
fn sparse_traps_found_by_fuzzing_end_early() {
    let cases: [(&str, u64); 4] = [
        (
            ".......8........7........6....7...5...........8........4....2..5678..............",
            0,
        ),
        (
            ".......8........7........6........5..........78........4....2..5678..............",
            0,
        ),
        (
            ".......8........7........6....2...5...........8........4....2..5678..............",
            0,
        ),
        (
            ".7000000000000000000000000000...4.1...3.........1.6..4..2...5...........0....37..",
            2,
        ),
    ];
    let kernel = Kernel::detect();
    for (text, count) in cases {
        let board: Board = text.parse().unwrap();
        let default = search_with(kernel, &board, 2).unwrap();
        assert_eq!(default.count, count, "{text}");
        assert!(
            default.guesses < MATCHING_CHECK_AFTER_GUESSES + 100,
            "{text}: {} guesses",
            default.guesses
        );
        let from_start = search_with_filters(kernel, &board, 2, Filters::from_start()).unwrap();
        assert_eq!(from_start.count, count, "{text}");
        assert!(from_start.guesses <= default.guesses, "{text}");
    }
    // Without the test the traps take millions of guesses (the first about 18 million, 18 s);
    // the solvable one is shown here, as it takes about 2 s.
    let trap: Board =
        ".7000000000000000000000000000...4.1...3.........1.6..4..2...5...........0....37.."
            .parse()
            .unwrap();
    let never = search_with_filters(kernel, &trap, 2, Filters::never()).unwrap();
    assert_eq!(never.count, 2);
    assert!(never.guesses > 1_000_000, "{} guesses", never.guesses);
}

/// A candidate puzzle the `candidates` fuzz target found (forty-second session): every cell
/// holds all nine digits but those listed. Rows 7 and 8 each hold a naked quad of {1,4,7,9}, so
/// box 8 must take two of those digits in r9c5 alone: no solution. Each house on its own still
/// has a perfect matching, so a check that only tests matchings passes, and the search, which
/// guesses far from rows 7-9, needed 4.3 million guesses (12.8 s) to refute it. The filter
/// removes the quads' digits from the rest of rows 7 and 8, and then box 8 has no matching.
#[test]
fn two_naked_quads_that_crowd_a_box_are_refuted_early() {
    let mut masks = [0x1FFu16; 81];
    let quad: &[u16] = &[1, 4, 7, 9];
    let listed: [(usize, usize, &[u16]); 18] = [
        (1, 4, &[1, 2, 4, 5, 6, 9]),
        (4, 8, &[5]),
        (5, 1, &[1, 2, 9]),
        (5, 2, &[1, 3, 4]),
        (6, 2, &[5]),
        (6, 3, &[2, 9]),
        (6, 9, &[1, 2, 4, 5, 7, 9]),
        (7, 6, quad),
        (7, 7, quad),
        (7, 8, quad),
        (7, 9, quad),
        (8, 1, quad),
        (8, 2, quad),
        (8, 3, quad),
        (8, 4, quad),
        (9, 2, &[1, 2, 3, 4, 5, 6, 7, 8]),
        (9, 4, &[6]),
        (9, 6, &[2]),
    ];
    for (row, column, digits) in listed {
        masks[9 * (row - 1) + column - 1] = digits.iter().fold(0, |m, d| m | 1 << (d - 1));
    }
    // The test kit's exact-cover counter agrees: no solution.
    assert_eq!(count_candidates(&masks, 2).0, 0);
    let candidates = Candidates::from_masks(masks).expect("masks within 9 bits");
    let search = |filters| search_candidates(&candidates, 2, filters);
    let default = search(Filters::default());
    assert_eq!(default.count, 0);
    assert!(
        default.guesses < MATCHING_CHECK_AFTER_GUESSES + 100,
        "{} guesses",
        default.guesses
    );
    let from_start = search(Filters::from_start());
    assert_eq!((from_start.count, from_start.guesses), (0, 0));
}

/// The filter's other half, each digit on the whole board: digit 1 confined to columns 1 and 4
/// in rows 1, 4 and 7 (three rows, two columns, no box or house of them short of places) has no
/// template, so no solution, and the filter at the root sees it without a guess. The houses alone do not:
/// with the filter on houses only, from the first node, the search needed 69,281 guesses.
#[test]
fn a_digit_with_three_rows_in_two_columns_is_refuted_at_the_root() {
    let mut masks = [0x1FFu16; 81];
    for row in [0, 3, 6] {
        for column in [1, 2, 4, 5, 6, 7, 8] {
            masks[9 * row + column] &= !1;
        }
    }
    assert_eq!(count_candidates(&masks, 2).0, 0);
    let candidates = Candidates::from_masks(masks).expect("masks within 9 bits");
    let search = |filters| search_candidates(&candidates, 2, filters);
    let from_start = search(Filters::from_start());
    assert_eq!((from_start.count, from_start.guesses), (0, 0));
    // The search's own filters: the templates, once a node after a few fruitless guesses.
    let default = search(Filters::default());
    assert_eq!(default.count, 0);
    assert!(
        default.guesses <= TEMPLATES_AFTER_GUESSES,
        "{} guesses",
        default.guesses
    );
    // Without the filters the search needs 69,281 guesses to find out (exact, so it is
    // asserted on a bound, not on time).
    let never = search(Filters::never());
    assert_eq!(never.count, 0);
    assert!(never.guesses > 10_000, "{} guesses", never.guesses);
}

/// The house matching filter waits for 1000 guesses without a solution, counted again from each
/// solution found, so a count of many solutions that finds them steadily never runs it: the very
/// same search, guess for guess, as without it. (Counted over the whole search instead, it ran
/// at every node past the 1000th guess and made such counts many times slower; the filter
/// removes candidates, so the guesses differ when it runs.)
#[test]
fn a_count_of_many_solutions_never_runs_the_filter() {
    let kernel = Kernel::detect();
    let puzzles = common::read_puzzles("puzzles2_17_clue");
    let mut guesses = 0;
    for text in puzzles.iter().take(20) {
        // Two givens fewer: thousands of solutions.
        let mut text = *text;
        let given: Vec<usize> = (0..81)
            .filter(|&c| text[c] != b'.' && text[c] != b'0')
            .collect();
        for &cell in &given[..2] {
            text[cell] = b'.';
        }
        let board = Board::parse(&text).expect("fewer givens of a valid puzzle");
        let limit = 100_000;
        let default = search_with(kernel, &board, limit).expect("detected kernel runs");
        let without = Filters {
            matching_after: u64::MAX,
            ..Filters::default()
        };
        let never = search_with_filters(kernel, &board, limit, without).expect("kernel runs");
        assert_eq!(default, never, "{board}");
        assert_eq!(default.count, limit, "{board}");
        guesses += default.guesses;
    }
    assert!(guesses > 1_000_000, "{guesses} guesses");
}

/// A digit allowed only in `cells` ("r1c3" style), every other cell allowing the other eight:
/// the masks of a single-digit candidate puzzle.
fn one_digit_only_in(digit: u16, cells: &str) -> [u16; 81] {
    let mut masks = [0x1FF & !(1 << (digit - 1)); 81];
    for cell in cells.split_whitespace() {
        let b = cell.as_bytes();
        let (row, column) = ((b[1] - b'1') as usize, (b[3] - b'1') as usize);
        masks[9 * row + column] = 0x1FF;
    }
    masks
}

/// Traps a review built against the filter of houses and rows-to-columns matchings (forty-third
/// session): a digit whose candidate cells hold no template (one cell in every row, column and
/// box), though every house, band and row-to-column matching has room. Before the template
/// filter each took from 8,801 to 8.4 million guesses (the worst 190 s); the test kit's counter
/// refutes each in about a millisecond. Now each ends at the first filtered node.
#[test]
fn a_digit_without_a_template_is_refuted_at_the_first_filtered_node() {
    let kernel = Kernel::detect();
    let cases: [[u16; 81]; 3] = [
        // Rows 2, 3, 7 and 8 hold digit 1 only on a cycle over columns 1, 2, 8 and 9: both
        // row-to-column matchings put two 1s in one box (more than 50 s before).
        {
            let mut masks = [0x1FFu16; 81];
            for row in [1, 2, 6, 7] {
                for column in 0..9 {
                    masks[9 * row + column] = 0x1FE;
                }
            }
            for (row, column) in [
                (1, 0),
                (1, 7),
                (2, 1),
                (2, 8),
                (6, 1),
                (6, 7),
                (7, 0),
                (7, 8),
            ] {
                masks[9 * row + column] = 0x1FF;
            }
            masks
        },
        // 69,281 guesses before.
        one_digit_only_in(
            1,
            "r1c6 r1c7 r2c3 r3c4 r3c8 r4c2 r5c8 r5c9 r6c5 r7c4 r7c7 r8c1 r9c6 r9c9",
        ),
        // 8,355,041 guesses (190 s) before.
        one_digit_only_in(
            9,
            "r1c1 r1c7 r1c9 r2c4 r2c7 r3c2 r3c5 r3c8 r3c9 r4c1 r4c4 r4c9 r5c1 r5c5 r5c7 \
             r6c2 r6c4 r7c3 r7c8 r8c6 r8c9 r9c3 r9c6 r9c8",
        ),
    ];
    for masks in cases {
        assert_eq!(count_candidates(&masks, 2).0, 0, "{masks:?}");
        let candidates = Candidates::from_masks(masks).expect("masks within 9 bits");
        for after in [0, MATCHING_CHECK_AFTER_GUESSES] {
            let result = search_candidates(&candidates, 2, houses_only(after));
            assert_eq!(result.count, 0, "{masks:?}");
            assert_eq!(result.guesses, after, "{masks:?}");
        }
        // The search's own filters: the templates once a node after a few fruitless guesses.
        let result = search_candidates(&candidates, 2, Filters::default());
        assert_eq!(result.count, 0, "{masks:?}");
        assert_eq!(result.guesses, TEMPLATES_AFTER_GUESSES, "{masks:?}");
    }
    // A board with the first case's cycle for digit 6: 918,636 guesses (12.8 s) before.
    let board: Board =
        "...6......8......41......8...6.4..................56..4...7...8.1.....7.....6...."
            .parse()
            .unwrap();
    let result = search_with(kernel, &board, 2).unwrap();
    assert_eq!(result.count, 0);
    assert!(
        result.guesses <= MATCHING_CHECK_AFTER_GUESSES,
        "{} guesses",
        result.guesses
    );
    let text = board.to_string();
    assert_eq!(common::reference_solve(&common::bytes81(&text), 2).0, 0);
}

/// A solvable candidate puzzle whose digit 6 has exactly one template (the same review): a guess
/// elsewhere that kills the template left the search thrashing below it, over 150 s without a
/// first solution. The filter refutes such a branch at its first filtered node.
#[test]
fn a_branch_that_kills_a_digit_s_only_template_is_cut_short() {
    let masks = one_digit_only_in(
        6,
        "r1c3 r1c8 r2c5 r3c2 r3c8 r3c9 r4c1 r5c4 r5c8 r5c9 r6c6 r6c7 r7c6 r7c9 r8c4 r8c7 \
         r8c8 r9c2 r9c3",
    );
    let (count, _) = count_candidates(&masks, 2);
    assert_eq!(count, 2);
    let candidates = Candidates::from_masks(masks).expect("masks within 9 bits");
    for limit in [1, 2] {
        let result = search_candidates(&candidates, limit, Filters::default());
        assert_eq!(result.count, limit);
        let solution = result.solution.expect("a solution");
        assert!(candidates.is_solved_by(&solution), "{solution}");
        assert!(
            result.guesses <= 2 * MATCHING_CHECK_AFTER_GUESSES,
            "{} guesses",
            result.guesses
        );
    }
}

/// Dense random candidate puzzles that new users' searches for slow inputs found (the first
/// three in the forty-fourth session, the last three in the forty-fifth, climbing from the
/// first ones against a filter that already paused), as 81 three-digit hexadecimal masks (bit
/// `d - 1` for digit `d`): the searches make 4,000-37,000 guesses, and the house matching
/// filter, from its threshold on, seldom refutes a node there, while a pass costs as much as
/// several nodes. With a pass at every node the first three took 45-68 ms to count to 2
/// against 3-5 ms without the filter. The filter now pauses (`HOUSE_FILTER_MAX_PAUSE` in
/// `src/solver/kernel.rs`): here it runs at under a tenth of the nodes past its threshold
/// (3-6%), where it ran at every one, and the counts stay those of the reference counter.
#[test]
fn the_house_filter_pauses_where_it_finds_nothing() {
    let puzzles = [
        (
            "0581b11c30b315e1f304f0271bd0ee1b31271ab1e70a91d712e0bf1b616f0cf1a300918a19706f14b\
             1dd1ef09b07e0ad07b0850cd1dd1af14b1410151ee1ce1f81da1f519e01e0eb1b61db1381aa1760bc\
             1df06b1251c817315315d1f607608706f07410303f1ed1a707514d15c0d71ae1bf0d31d61870cf17e",
            2,
        ),
        (
            "1f312505e0ab1681d705e16e1780121bf0cf03f19b17e1dd1820ee1c20e21e71f71cb0de06e1ef130\
             05a17f08e15616f0f91d90c61eb13d0de1ce18600e1bd00e1720d71bf1bf0b31da1fc0bc15705c1d9\
             0210b50861b40521fe09f1f20aa1a71d91370a81eb19619703c09e1d91aa16517f1b30e90ff1bd198",
            0,
        ),
        (
            "1f31a40fb1fe1be1291f51d70ee1b51b11a31fa0d718508b1db1420ef1fd04907d15f1d205104f12c\
             1a81ea17818309e1fb1641fb13c1c91631190fe0c613c19b14f1be08b1fd1ec0131f608f0db1ee0be\
             0f108a1f61f90e51b810e1f21b81a715c02f12c15e1fe1f70b40791f70e205b0fa1ff11708e08c0a2",
            0,
        ),
        (
            "17f0a91b90e01ce01e1511ff0be15810c0f91c71f501f0d71be0f70bf1df17413515c18a1df0b707e\
             14c1bb1fd0dd1451f21d610513a1e412715f1291e401d1ff0c00ff1a70750dd1770791dc01e1471f5\
             1b818e1e017a1b71ef1c311b11a0651c31a51ca0de05318b1c31fc0d60fa1dd13a16d1390be13617b",
            1,
        ),
        (
            "13f0ad1bd0e01ce01e1511ba0be15d10c0f91cb1f501f0ee1ff0f70bb1fb17417515c19815d0b702e\
             14e1be1f50dc14d1f219f1051ba1e71270571691e601f0ff0c01fd1af0740d90771791cc09f1471e6\
             13c1a61e017a1ff1ff1cb01b11a1e51831a51eb0de0db18b1c21fd1d40ff1dd17a16d1a10be12617b",
            2,
        ),
        (
            "13f0ad1bd0e01ce01e1511bf0bc15d10c0f91c31fd01f0e71bf0f70ba1ff17c17515c19a15d0b702e\
             14e1bd1ed09d1451f219710513a1e61271d71691e601f1ff0c00ff1a70740dd1771791c409e1471f7\
             13c1861e017a1bf1ff1c301b11a0e51831e51ca0de05b1891c21fd0d40fe1d913a16d1b90be13617b",
            2,
        ),
    ];
    for (hex, count) in puzzles {
        let masks: [u16; 81] = std::array::from_fn(|cell| {
            u16::from_str_radix(&hex[3 * cell..3 * cell + 3], 16).expect("hexadecimal")
        });
        assert_eq!(count_candidates(&masks, 2).0, count, "{hex}");
        let candidates = Candidates::from_masks(masks).expect("masks within 9 bits");
        let result = search_candidates(&candidates, 2, Filters::default());
        assert_eq!(result.count, count, "{hex}");
        if let Some(solution) = result.solution {
            assert!(candidates.is_solved_by(&solution), "{hex}");
        }
        let past_threshold = result.guesses - MATCHING_CHECK_AFTER_GUESSES;
        assert!(
            10 * result.house_passes < past_threshold,
            "{hex}: {} passes, {} guesses",
            result.house_passes,
            result.guesses
        );
    }
}
