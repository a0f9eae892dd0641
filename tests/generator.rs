//! The generator (issue 13), checked against the independent reference counter of the test kit
//! (`sudoku_testkit::reference`, a DLX exact-cover search sharing nothing with the library):
//! every generated puzzle has exactly one solution (the one returned), is minimal when asked
//! (taking out any orbit of givens gives two or more solutions), has the asked symmetry of its
//! pattern and a number of givens in range; the output is pinned by a golden file and is the
//! same for every solver kernel and thread count; `is_minimal` and `minimize` agree with the
//! reference's definition of minimal.

use crate::common;

use std::collections::HashSet;

use sudoku::generator::{self, hooks, GenerateError, Options, Symmetry};
use sudoku::solver::hooks::Kernel;
use sudoku::{Board, Error};
use sudoku_testkit::board::{parse, Grid, CELLS};
use sudoku_testkit::reference::count;
use sudoku_testkit::symmetry::symmetry_orbit;

/// The orbit of each cell under `symmetry`, from the test kit's definitions (independent of the
/// library's tables).
fn orbit(symmetry: Symmetry, cell: usize) -> Vec<usize> {
    symmetry_orbit(symmetry as u32, cell)
}

/// The distinct orbits of the given cells of `grid`; panics when the pattern is not symmetric.
fn given_orbits(grid: &Grid, symmetry: Symmetry) -> Vec<Vec<usize>> {
    let mut seen = HashSet::new();
    let mut orbits = Vec::new();
    for cell in 0..CELLS {
        let o = orbit(symmetry, cell);
        let given = o.iter().filter(|&&x| grid[x] != 0).count();
        assert!(
            given == 0 || given == o.len(),
            "pattern not {symmetry:?}-symmetric at cell {cell}"
        );
        if given > 0 && seen.insert(o[0]) {
            orbits.push(o);
        }
    }
    orbits
}

/// Checks one generated puzzle against the reference; returns its number of givens.
fn check_generated(made: &generator::Generated, options: &Options) -> usize {
    let grid = parse(&made.puzzle).expect("a generated puzzle is a valid board");
    assert!(made
        .puzzle
        .iter()
        .all(|&b| b == b'.' || (b'1'..=b'9').contains(&b)));
    let (n, first) = count(&grid, 2);
    assert_eq!(
        n,
        1,
        "not unique: {}",
        String::from_utf8_lossy(&made.puzzle)
    );
    let solution = first.unwrap();
    assert_eq!(
        made.solution.map(|b| b - b'0'),
        solution,
        "the returned solution is not the puzzle's"
    );
    let givens = grid.iter().filter(|&&d| d != 0).count();
    assert!(
        (options.min_givens as usize..=options.max_givens as usize).contains(&givens),
        "{givens} givens out of range for {options:?}"
    );
    let orbits = given_orbits(&grid, options.symmetry);
    if options.minimal {
        for o in orbits {
            let mut less = grid;
            for &cell in &o {
                less[cell] = 0;
            }
            assert!(
                count(&less, 2).0 >= 2,
                "not minimal: orbit {o:?} of {} can go",
                String::from_utf8_lossy(&made.puzzle)
            );
        }
    }
    givens
}

#[test]
fn minimal_puzzles_of_every_symmetry_are_unique_minimal_and_symmetric() {
    for symmetry in Symmetry::ALL {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        let made = generator::generate_batch(1000 + symmetry as u64, &options, 300, 0).unwrap();
        let mut distinct = HashSet::new();
        for item in &made {
            let item = item.as_ref().expect("the default range always succeeds");
            check_generated(item, &options);
            distinct.insert(item.puzzle);
        }
        assert_eq!(distinct.len(), made.len(), "{symmetry:?}: repeated puzzles");
    }
}

#[test]
fn not_minimal_puzzles_stay_in_their_range_of_givens() {
    let cases = [
        (Symmetry::None, 30, 35),
        (Symmetry::None, 45, 60),
        (Symmetry::Rotate180, 28, 36),
        (Symmetry::Dihedral, 33, 45),
        (Symmetry::Diagonal, 17, 81),
    ];
    for (symmetry, min, max) in cases {
        let options = Options {
            symmetry,
            min_givens: min,
            max_givens: max,
            minimal: false,
            ..Options::default()
        };
        for item in generator::generate_batch(7, &options, 100, 0).unwrap() {
            check_generated(&item.expect("found within the attempts"), &options);
        }
    }
}

#[test]
fn a_narrow_range_of_minimal_puzzles_is_met_or_not_found() {
    // Minimal puzzles with at most 22 givens are rare but found within the attempts.
    let options = Options {
        max_givens: 22,
        ..Options::default()
    };
    for item in generator::generate_batch(3, &options, 20, 0).unwrap() {
        let item = item.expect("found within 1000 attempts");
        assert!(check_generated(&item, &options) <= 22);
    }
    // Dihedral orbits have 1, 4 or 8 cells and minimal dihedral puzzles are far above 20
    // givens: never found.
    let options = Options {
        symmetry: Symmetry::Dihedral,
        max_givens: 20,
        max_attempts: 5,
        ..Options::default()
    };
    assert_eq!(
        generator::generate(1, &options),
        Err(GenerateError::NotFound)
    );
}

#[test]
fn bad_options_are_rejected() {
    let bad = [
        Options {
            min_givens: 30,
            max_givens: 29,
            ..Options::default()
        },
        Options {
            max_givens: 82,
            ..Options::default()
        },
        Options {
            max_attempts: 0,
            ..Options::default()
        },
        // No puzzle with one solution has fewer than 17 givens.
        Options {
            min_givens: 10,
            max_givens: 16,
            ..Options::default()
        },
        Options {
            min_givens: 0,
            max_givens: 0,
            minimal: false,
            ..Options::default()
        },
        Options {
            min_er: 40,
            max_er: 30,
            ..Options::default()
        },
        Options {
            min_er: 0,
            max_er: 9,
            ..Options::default()
        },
    ];
    for options in bad {
        assert!(matches!(
            generator::generate(1, &options),
            Err(GenerateError::InvalidOptions(_))
        ));
        assert!(matches!(
            generator::generate_batch(1, &options, 3, 1),
            Err(GenerateError::InvalidOptions(_))
        ));
    }
}

/// The options of the golden file's lines, by name.
fn golden_options(symmetry: &str, minimal: &str, min: &str, max: &str) -> Options {
    Options {
        symmetry: Symmetry::from_name(symmetry).expect("a symmetry name"),
        minimal: minimal == "minimal",
        min_givens: min.parse().unwrap(),
        max_givens: max.parse().unwrap(),
        ..Options::default()
    }
}

const GOLDEN: &str = "tests/data/generator/golden.txt";

/// The golden file's cases: every symmetry, minimal or not, a few seeds and indices.
fn golden_cases() -> Vec<(u64, u64, &'static str, &'static str, u8, u8)> {
    let mut cases = Vec::new();
    for (k, s) in Symmetry::ALL.into_iter().enumerate() {
        for (seed, index) in [(0u64, 0u64), (1, 0), (0xDEAD_BEEF, 5), (u64::MAX, 1 << 40)] {
            cases.push((seed ^ k as u64, index, s.name(), "minimal", 17, 81));
        }
        cases.push((42, k as u64, s.name(), "not-minimal", 30, 40));
    }
    cases
}

#[test]
fn the_golden_file_pins_the_output() {
    // Regenerate with `SUDOKU_BLESS=1 cargo test --release --test library generator::golden` after a
    // deliberate change (a new major version: the output is part of the API).
    let lines: Vec<String> = golden_cases()
        .into_iter()
        .map(|(seed, index, symmetry, minimal, min, max)| {
            let options = golden_options(symmetry, minimal, &min.to_string(), &max.to_string());
            let made = generator::generate_item(seed, index, &options).unwrap();
            format!(
                "{seed} {index} {symmetry} {minimal} {min} {max} {}",
                String::from_utf8_lossy(&made.puzzle)
            )
        })
        .collect();
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(GOLDEN);
    if std::env::var_os("SUDOKU_BLESS").is_some() {
        let mut text = String::from(
            "# seed index symmetry minimal|not-minimal min_givens max_givens puzzle\n\
             # sudoku::generator::generate_item(seed, index, options) = sudoku_generate_batch item\n",
        );
        for line in &lines {
            text += line;
            text += "\n";
        }
        std::fs::write(&path, text).unwrap();
    }
    let text = std::fs::read_to_string(&path).expect("the golden file");
    let pinned: Vec<&str> = text.lines().filter(|l| !l.starts_with('#')).collect();
    assert_eq!(pinned.len(), lines.len());
    for (line, expected) in lines.iter().zip(pinned) {
        assert_eq!(line, expected);
        // The golden file's own fields give the same puzzle again.
        let f: Vec<&str> = expected.split(' ').collect();
        let options = golden_options(f[2], f[3], f[4], f[5]);
        let made = generator::generate_item(f[0].parse().unwrap(), f[1].parse().unwrap(), &options)
            .unwrap();
        assert_eq!(made.puzzle, f[6].as_bytes());
    }
}

#[test]
fn every_kernel_and_thread_count_gives_the_same_puzzles() {
    let kernels: Vec<Kernel> = Kernel::ALL
        .into_iter()
        .filter(|k| k.is_supported())
        .collect();
    for k in Kernel::ALL.iter().filter(|k| !k.is_supported()) {
        eprintln!("kernel {k:?} not supported by this CPU, skipped");
    }
    for symmetry in [Symmetry::None, Symmetry::Rotate180, Symmetry::Dihedral] {
        for minimal in [true, false] {
            let options = Options {
                symmetry,
                minimal,
                min_givens: if minimal { 17 } else { 25 },
                max_givens: if minimal { 81 } else { 35 },
                ..Options::default()
            };
            let one = generator::generate_batch(99, &options, 60, 1).unwrap();
            for threads in [2, 3, 0] {
                assert_eq!(
                    generator::generate_batch(99, &options, 60, threads).unwrap(),
                    one
                );
            }
            for (i, item) in one.iter().enumerate() {
                assert_eq!(&generator::generate_item(99, i as u64, &options), item);
                for &k in &kernels {
                    assert_eq!(
                        &hooks::generate_with(k, 99, i as u64, &options).unwrap(),
                        item,
                        "kernel {k:?}"
                    );
                }
            }
            assert_eq!(generator::generate(99, &options), one[0]);
        }
    }
}

#[test]
fn the_shortcuts_never_change_a_puzzle() {
    // The removal's shortcuts (unavoidable sets, singles, the windows' propagated bases) decide
    // each step as a search would: the puzzle is that of removal by searches alone.
    for symmetry in Symmetry::ALL {
        for minimal in [true, false] {
            let options = Options {
                symmetry,
                minimal,
                min_givens: if minimal { 17 } else { 24 },
                max_givens: if minimal { 81 } else { 40 },
                ..Options::default()
            };
            for i in 0..40 {
                assert_eq!(
                    hooks::generate_by_search_alone(5, i, &options),
                    generator::generate_item(5, i, &options),
                    "{options:?}, item {i}"
                );
            }
        }
    }
}

/// Whether `grid` (unique) is minimal by the reference: each given alone can go.
fn reference_is_minimal(grid: &Grid) -> bool {
    (0..CELLS).filter(|&c| grid[c] != 0).all(|c| {
        let mut less = *grid;
        less[c] = 0;
        count(&less, 2).0 >= 2
    })
}

fn board(grid: &Grid) -> Board {
    Board::from_digits(grid).unwrap()
}

#[test]
fn is_minimal_agrees_with_the_reference() {
    let mut checked = (0, 0);
    let puzzles = common::read_puzzles("puzzles2_17_clue");
    for text in puzzles.iter().take(200) {
        let grid = parse(text).unwrap();
        assert_eq!(generator::is_minimal(&board(&grid)), Ok(true));
        checked.0 += 1;
    }
    // Generated dense puzzles: mostly not minimal.
    let options = Options {
        minimal: false,
        min_givens: 22,
        max_givens: 30,
        ..Options::default()
    };
    for item in generator::generate_batch(5, &options, 200, 0).unwrap() {
        let grid = parse(&item.unwrap().puzzle).unwrap();
        let answer = generator::is_minimal(&board(&grid)).unwrap();
        assert_eq!(answer, reference_is_minimal(&grid));
        for k in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
            assert_eq!(hooks::is_minimal_with(k, &board(&grid)), Some(Ok(answer)));
        }
        checked.1 += answer as usize;
    }
    assert!(checked.1 < 200, "the dense puzzles were all minimal");
    // Puzzles the singles check seldom decides, so that the unavoidable sets and the searches
    // answer: minimal under a symmetry of larger orbits (a given of an orbit alone may go), and
    // minimal puzzles (true), every other one with one given more (of the grid; false).
    let mut minimal = (0, 0);
    for symmetry in [Symmetry::Rotate90, Symmetry::Dihedral, Symmetry::None] {
        let options = Options {
            symmetry,
            ..Options::default()
        };
        for (i, item) in generator::generate_batch(6, &options, 60, 0)
            .unwrap()
            .into_iter()
            .enumerate()
        {
            let item = item.unwrap();
            let mut grid = parse(&item.puzzle).unwrap();
            let plain = symmetry == Symmetry::None && i % 2 == 0;
            if symmetry == Symmetry::None && !plain {
                let solution = parse(&item.solution).unwrap();
                let blank = (0..CELLS)
                    .filter(|&c| grid[c] == 0)
                    .nth(7 * i % 50)
                    .unwrap();
                grid[blank] = solution[blank];
            }
            let answer = generator::is_minimal(&board(&grid)).unwrap();
            let expected = reference_is_minimal(&grid);
            assert_eq!(answer, expected, "{symmetry:?}, item {i}");
            if symmetry == Symmetry::None {
                // Generated minimal; with a given more, that given can go.
                assert_eq!(answer, plain, "item {i}");
            }
            minimal.0 += usize::from(answer);
            minimal.1 += 1;
        }
    }
    // The symmetric ones: none minimal given by given, here.
    assert_eq!(minimal, (30, 180));
    // No solution, several solutions.
    let mut two = [0u8; CELLS];
    two[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(
        generator::is_minimal(&board(&two)),
        Err(Error::MultipleSolutions)
    );
    let none = common::KNOWN[0].0.replacen("..", "12", 1);
    let none = Board::parse(none.as_bytes().try_into().unwrap());
    if let Ok(none) = none {
        if sudoku::count_solutions(&none, 1) == 0 {
            assert_eq!(generator::is_minimal(&none), Err(Error::NoSolution));
        }
    }
}

#[test]
fn minimize_gives_a_minimal_subset_with_the_same_solution() {
    for symmetry in [Symmetry::None, Symmetry::Rotate180, Symmetry::BothMirrors] {
        let options = Options {
            symmetry,
            minimal: false,
            min_givens: 34,
            max_givens: 44,
            ..Options::default()
        };
        for item in generator::generate_batch(11, &options, 60, 0).unwrap() {
            let item = item.unwrap();
            let grid = parse(&item.puzzle).unwrap();
            let out = generator::minimize(&board(&grid), symmetry).unwrap();
            let small = *out.digits();
            for c in 0..CELLS {
                assert!(
                    small[c] == 0 || small[c] == grid[c],
                    "minimize added a given"
                );
            }
            let (n, solution) = count(&small, 2);
            assert_eq!(n, 1);
            assert_eq!(solution.unwrap(), item.solution.map(|b| b - b'0'));
            for o in given_orbits(&small, symmetry) {
                let mut less = small;
                for &cell in &o {
                    less[cell] = 0;
                }
                assert!(count(&less, 2).0 >= 2, "orbit {o:?} can still go");
            }
            // Deterministic, the same with every kernel, and a fixed point.
            assert_eq!(generator::minimize(&board(&grid), symmetry).unwrap(), out);
            for k in Kernel::ALL.into_iter().filter(|k| k.is_supported()) {
                assert_eq!(
                    hooks::minimize_with(k, &board(&grid), symmetry),
                    Some(Ok(out))
                );
            }
            assert_eq!(generator::minimize(&out, symmetry).unwrap(), out);
            if symmetry == Symmetry::None {
                assert_eq!(generator::is_minimal(&out), Ok(true));
            }
        }
    }
}

#[test]
fn minimize_refuses_asymmetric_patterns_and_non_unique_boards() {
    let text = common::KNOWN[0].0.as_bytes().try_into().unwrap();
    let known = Board::parse(text).unwrap();
    assert_eq!(
        generator::minimize(&known, Symmetry::Rotate90),
        Err(GenerateError::NotSymmetric)
    );
    let mut two = [0u8; CELLS];
    two[..9].copy_from_slice(&[1, 2, 3, 4, 5, 6, 7, 8, 9]);
    assert_eq!(
        generator::minimize(&board(&two), Symmetry::None),
        Err(GenerateError::Board(Error::MultipleSolutions))
    );
    // A full grid is symmetric under everything; minimizing it keeps one solution.
    let full = Board::parse(common::KNOWN[0].1.as_bytes().try_into().unwrap()).unwrap();
    for symmetry in Symmetry::ALL {
        let out = generator::minimize(&full, symmetry).unwrap();
        assert_eq!(count(out.digits(), 2).0, 1);
        given_orbits(out.digits(), symmetry);
    }
}

#[test]
fn rating_windows_are_met_and_a_window_beyond_the_engine_finds_nothing() {
    // Easy (1.0-1.5), medium (2.0-2.8) and hard (3.0-4.4) windows, with and without symmetry:
    // every puzzle is rated to the end within its window, and unique.
    for (min_er, max_er) in [(10, 15), (20, 28), (30, 44)] {
        for symmetry in [Symmetry::None, Symmetry::Rotate180] {
            let options = Options {
                symmetry,
                min_er,
                max_er,
                ..Options::default()
            };
            let made = generator::generate_batch(5, &options, 20, 0).unwrap();
            for item in made {
                let made = item.expect("a puzzle in the window");
                let board = Board::parse(&made.puzzle).unwrap();
                let r = sudoku::steps::rate(&board);
                assert!(
                    r.complete && (min_er..=max_er).contains(&(r.er as u16)),
                    "{min_er}-{max_er}: {r:?}"
                );
                // Unique, minimal and symmetric, by the independent checks.
                check_generated(&made, &options);
            }
        }
    }
    // 20.0 is past every technique: no puzzle can be confirmed there.
    let options = Options {
        min_er: 200,
        max_er: 200,
        max_attempts: 5,
        ..Options::default()
    };
    assert_eq!(
        generator::generate(1, &options),
        Err(GenerateError::NotFound)
    );
}
