//! The canonical (minlex) form: `sudoku::canonicalize` and `sudoku::canonical::transform`
//! against the test kit's brute-force canonicalizer (`testkit::minlex`), invariance under
//! random transformations drawn by the test kit, the returned transformation mapping the
//! board to its form, and the 17-clue collection's 49,158 pairwise non-equivalent puzzles
//! giving 49,158 distinct forms; top1465's one pair of equivalent puzzles.

use std::collections::{HashMap, HashSet};

use rand::rngs::ChaCha8Rng;
use rand::{RngExt, SeedableRng};
use sudoku::{canonicalize, Board, Transform};
use sudoku_testkit::board::{Grid, CELLS};
use sudoku_testkit::data::read_puzzles;
use sudoku_testkit::minlex::{reference_minlex, RefTransform};

fn board(grid: &Grid) -> Board {
    Board::from_digits(grid).expect("a valid board")
}

fn digits(text: &[u8; CELLS]) -> Grid {
    *Board::parse(text).expect("a valid board").digits()
}

fn to_library(t: &RefTransform) -> Transform {
    Transform {
        transpose: t.transpose,
        rows: t.rows.map(|r| r as u8),
        columns: t.columns.map(|c| c as u8),
        digits: t.digits,
    }
}

/// Checks the form and the transformation of one board; returns the form.
fn checked_form(grid: &Grid) -> Grid {
    let (form, t) = canonicalize(&board(grid));
    assert_eq!(t.check(), Ok(()));
    assert_eq!(
        &t.apply(grid),
        form.digits(),
        "the transformation gives the form"
    );
    assert_eq!(
        sudoku::canonical::transform(&board(grid), &t).unwrap(),
        form
    );
    *form.digits()
}

fn rng(seed: u64) -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(seed)
}

#[test]
fn forms_equal_the_brute_force_reference_on_each_data_set() {
    let mut boards: Vec<Grid> = vec![[0; CELLS]];
    let mut one = [0u8; CELLS];
    one[31] = 4;
    boards.push(one);
    for file in [
        "puzzles2_17_clue",
        "puzzles1_random_minimal",
        "puzzles3_magictour_top1465",
        "puzzles0_easy",
        "puzzles5_forum_hardest_1905_11+",
        "puzzles7_serg_benchmark",
    ] {
        let puzzles = read_puzzles(file);
        for k in [0, puzzles.len() / 2, puzzles.len() - 1] {
            boards.push(digits(&puzzles[k]));
        }
    }
    // Two solution grids.
    let mut r = rng(7);
    for _ in 0..2 {
        boards.push(sudoku_testkit::reference::random_solved_grid(&mut |n| {
            r.random_range(0..n)
        }));
    }
    for grid in &boards {
        assert_eq!(checked_form(grid), reference_minlex(grid), "board {grid:?}");
    }
}

#[test]
fn forms_are_invariant_under_thousands_of_random_transformations() {
    let mut r = rng(13);
    let mut files: Vec<Vec<[u8; CELLS]>> = ["puzzles2_17_clue", "puzzles1_random_minimal"]
        .iter()
        .map(|f| read_puzzles(f))
        .collect();
    files.push(
        (0..20)
            .map(|_| {
                let g =
                    sudoku_testkit::reference::random_solved_grid(&mut |n| r.random_range(0..n));
                sudoku_testkit::board::to_text(&g)
            })
            .collect(),
    );
    let mut checked = 0;
    for puzzles in &files {
        for _ in 0..20 {
            let grid = digits(&puzzles[r.random_range(0..puzzles.len())]);
            let form = checked_form(&grid);
            for _ in 0..100 {
                let t = RefTransform::random(&mut |n| r.random_range(0..n));
                let image = t.apply(&grid);
                assert_eq!(to_library(&t).apply(&grid), image);
                assert_eq!(checked_form(&image), form);
                checked += 1;
            }
            // The form is its own form.
            assert_eq!(checked_form(&form), form);
        }
    }
    assert_eq!(checked, 6000);
}

#[test]
fn sparse_random_boards_match_the_reference() {
    // Boards with few givens have many ties: the partition of the columns is exercised most.
    let mut r = rng(99);
    for givens in [1, 2, 3, 5, 8, 12] {
        let solved = sudoku_testkit::reference::random_solved_grid(&mut |n| r.random_range(0..n));
        let mut grid = [0u8; CELLS];
        for _ in 0..givens {
            let cell = r.random_range(0..CELLS);
            grid[cell] = solved[cell];
        }
        assert_eq!(
            checked_form(&grid),
            reference_minlex(&grid),
            "board {grid:?}"
        );
    }
}

#[test]
fn the_17_clue_collection_gives_49158_distinct_forms() {
    let puzzles = read_puzzles("puzzles2_17_clue");
    assert_eq!(puzzles.len(), 49_158);
    let forms: HashSet<[u8; CELLS]> = puzzles
        .iter()
        .map(|p| canonicalize(&Board::parse(p).unwrap()).0.to_bytes())
        .collect();
    assert_eq!(forms.len(), 49_158);
}

#[test]
fn top1465_holds_one_pair_of_equivalent_puzzles() {
    // Found by a user deduplicating the collection: its puzzles 300 and 307 (lines of puzzles,
    // from 1) are one puzzle with its bands in another order (checked below by moving the
    // rows, independently of the library); every other form is distinct.
    let puzzles = read_puzzles("puzzles3_magictour_top1465");
    assert_eq!(puzzles.len(), 1465);
    let forms: Vec<[u8; CELLS]> = puzzles
        .iter()
        .map(|p| canonicalize(&Board::parse(p).unwrap()).0.to_bytes())
        .collect();
    let mut seen = HashMap::new();
    let mut pairs = Vec::new();
    for (i, form) in forms.iter().enumerate() {
        if let Some(&j) = seen.get(form) {
            pairs.push((j, i));
        }
        seen.insert(*form, i);
    }
    assert_eq!(pairs, [(299, 306)]);
    let (a, b) = (&puzzles[299], &puzzles[306]);
    // Band 1 of a, moved below bands 2 and 3, is b.
    assert_eq!(b[..54], a[27..]);
    assert_eq!(b[54..], a[..27]);
    // And the reference gives both the library's form.
    let reference = reference_minlex(&digits(a));
    assert_eq!(reference, reference_minlex(&digits(b)));
    assert_eq!(board(&reference).to_bytes(), forms[299]);
}

#[test]
fn known_forms() {
    let empty = canonicalize(&Board::EMPTY);
    assert_eq!(empty.0, Board::EMPTY);
    // One given: the last cell, labelled 1.
    let mut text = [b'.'; CELLS];
    text[0] = b'9';
    let (form, t) = canonicalize(&Board::parse(&text).unwrap());
    let mut expected = [b'.'; CELLS];
    expected[CELLS - 1] = b'1';
    assert_eq!(form.to_bytes(), expected);
    assert_eq!(t.digits[9], 1);
}

#[test]
fn published_minlex_grids() {
    // SudokuWiki's "Sudoku Min-Lex" page: the solution of its "tough" example puzzle and the
    // min-lex grid it gives for it.
    let grid = "369218475215749863487635912754861239631924758928357641173482596542196387896573124";
    let minlex =
        "123456789457189236698273541261947853745831692839625417384792165512368974976514328";
    let form = canonicalize(&grid.parse().unwrap()).0;
    assert_eq!(form.to_string(), minlex);
    // Red Ed's smallest and largest min-lex grids (New Sudoku Players' Forum, "Canonical form"
    // thread, January 2007) are their own forms.
    // And the grid with the most automorphisms (648), as the `sudoku` crate's tests give it.
    for grid in [
        "123456789456789123789123456214365897365897214897214365531642978642978531978531642",
        "123456789457893612986217354274538196531964827698721435342685971715349268869172543",
        "123456789456789123789123456231564897564897231897231564312645978645978312978312645",
    ] {
        let form = canonicalize(&grid.parse().unwrap()).0;
        assert_eq!(form.to_string(), grid);
        // These grids have many automorphisms (many column orders tie): their images too.
        let mut r = rng(17);
        let digits = *form.digits();
        for _ in 0..50 {
            let t = RefTransform::random(&mut |n| r.random_range(0..n));
            assert_eq!(checked_form(&t.apply(&digits)), digits);
        }
    }
}

#[test]
fn solution_grids_match_the_reference() {
    let mut r = rng(23);
    for _ in 0..4 {
        let grid = sudoku_testkit::reference::random_solved_grid(&mut |n| r.random_range(0..n));
        assert_eq!(
            checked_form(&grid),
            reference_minlex(&grid),
            "grid {grid:?}"
        );
    }
}

#[test]
fn boards_with_full_and_nearly_full_rows_match_the_reference() {
    // The first row with givens below blank rows gives one image in every order of its digits,
    // which the search does not branch over (`first_row.rs`): its order waits for the next row
    // with a given, across blank rows, other bands, the transposition, or to the end of the
    // board. Rows with blanks: tied blank columns and tied stacks (as many blanks), second rows
    // with digits the first row lacks.
    let g648 = digits(
        b"123456789456789123789123456231564897564897231897231564312645978645978312978312645",
    );
    let keep = |grid: &Grid, rows: &[usize], cells: &[usize]| -> Grid {
        let mut b = [0u8; CELLS];
        for &r in rows {
            b[9 * r..9 * r + 9].copy_from_slice(&grid[9 * r..9 * r + 9]);
        }
        for &c in cells {
            b[c] = grid[c];
        }
        b
    };
    let blank = |mut b: Grid, cells: &[usize]| -> Grid {
        for &c in cells {
            b[c] = 0;
        }
        b
    };
    let transpose = |b: &Grid| -> Grid { std::array::from_fn(|i| b[(i % 9) * 9 + i / 9]) };
    let mut r = rng(31);
    let random = sudoku_testkit::reference::random_solved_grid(&mut |n| r.random_range(0..n));
    let boards = [
        // One full row in each band (many automorphisms), and a new user's slow board.
        keep(&g648, &[0, 3, 6], &[]),
        keep(&g648, &[2, 3, 7], &[]),
        // One full row, on top and at the bottom: the board's last rows are blank.
        keep(&random, &[0], &[]),
        keep(&random, &[8], &[]),
        // Two in one band; a second row with blanks, in the same band and in another.
        keep(&random, &[4, 5], &[]),
        keep(&random, &[1], &[2 * 9 + 4, 2 * 9 + 7]),
        keep(&random, &[1], &[6 * 9, 7 * 9 + 5, 80]),
        // A full column, and a full row and column.
        transpose(&keep(&random, &[3], &[10, 50])),
        keep(&random, &[5], &[4, 13, 22, 31, 40, 49, 58, 67, 76]),
        // A new user's slow board: three rows missing one or two cells.
        digits(
            b"65782.413..................7.1254389....................................286.17534",
        ),
        // Rows missing a cell in each stack (three tied stacks), two in one stack, four digits
        // (the fewest that wait), blank columns below blank columns; a second row in the same
        // band with digits the first row lacks.
        blank(keep(&random, &[0, 4], &[]), &[1, 5, 6, 40]),
        blank(
            keep(&random, &[2, 3, 7], &[]),
            &[18, 19, 21, 23, 26, 29, 63, 70],
        ),
        blank(keep(&random, &[6], &[]), &[54, 55, 58, 59, 61]),
        blank(
            keep(&random, &[0, 1], &[30, 77]),
            &[0, 1, 2, 9, 10, 11, 4, 5],
        ),
        blank(
            keep(&random, &[3, 8], &[]),
            &[27, 28, 30, 31, 33, 34, 72, 80],
        ),
        transpose(&blank(keep(&random, &[2, 6], &[40]), &[18, 22, 26, 55])),
    ];
    for grid in &boards {
        let form = checked_form(grid);
        assert_eq!(form, reference_minlex(grid), "board {grid:?}");
        for _ in 0..50 {
            let t = RefTransform::random(&mut |n| r.random_range(0..n));
            assert_eq!(checked_form(&t.apply(grid)), form, "board {grid:?}");
        }
    }
}
