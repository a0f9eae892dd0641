//! The step engine's ratings against Sudoku Explainer's (serate 1.2.1.3) on the rated files in
//! `ratings/` of the data directory (`PUZZLE ER/EP/ED` a line, `#` comments).
//!
//! A puzzle is "within" when the engine finishes it, or its published ER is below [`BOUND`], the
//! lower bound the engine gives where it stops (only techniques the engine has can have been
//! taken: everything SE tries after the engine's last producer rates `BOUND` or more). Asserted: the share of within puzzles
//! whose ER, EP and ED all equal SE's stays at or above the measured threshold (all of them:
//! 100% measured on each file); no within puzzle is off by more than 0.1 anywhere; every puzzle
//! the engine does not finish gets a lower bound at most SE's ER (and the engine never finishes
//! Also: puzzles of forum_hardest, whose whole serate paths were traced, rate exactly as serate
//! rated them ([`SERATE_FORUM_HARDEST`]); and 287 pairs of equivalent puzzles that serate rates
//! differently (random minimal and top1465 puzzles) rate as serate rates each. Run with `--nocapture` for the table.

use std::fs;

use sudoku::steps::rate;
use sudoku::Board;
use sudoku_testkit::data::{data_dir, puzzle_lines};

/// The engine's lower bound where it stops (`Next::Beyond`), in tenths: 11.0, the nested
/// forcing chains of level 5, the last of SE's ladder.
const BOUND: u8 = sudoku::steps::BEYOND_AT_LEAST;

/// One rated puzzle: the givens and SE's ER, EP, ED in tenths.
struct Rated {
    puzzle: [u8; 81],
    se: [u8; 3],
}

fn tenths(s: &str) -> u8 {
    let (a, b) = s.split_once('.').expect("a rating like 2.3");
    a.parse::<u8>().unwrap() * 10 + b.parse::<u8>().unwrap()
}

fn read(file: &str) -> Vec<Rated> {
    let path = data_dir().join("ratings").join(file);
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    puzzle_lines(&bytes)
        .map(|(n, line)| {
            let line = std::str::from_utf8(line).unwrap();
            let (puzzle, ratings) = line.split_once(' ').unwrap_or_else(|| panic!("{file}:{n}"));
            let r: Vec<u8> = ratings.trim().split('/').map(tenths).collect();
            Rated {
                puzzle: puzzle.as_bytes().try_into().unwrap(),
                se: [r[0], r[1], r[2]],
            }
        })
        .collect()
}

/// Counts over one file.
#[derive(Default, Debug)]
struct Table {
    puzzles: usize,
    within: usize,
    exact: usize,
    er_equal: usize,
    ep_equal: usize,
    ed_equal: usize,
    beyond: usize,
    /// Beyond puzzles whose ER is the bound itself (no step before the stop rated more).
    beyond_at_bound: usize,
    within_but_beyond: usize,
    /// Beyond puzzles whose EP (ED) the engine found before stopping, and how many equal SE's.
    beyond_ep_known: usize,
    beyond_ep_equal: usize,
    beyond_ed_known: usize,
    beyond_ed_equal: usize,
    /// Published ER 4.5-6.1 puzzles (uniqueness, quads, BUG) and how many the engine finished.
    upper: usize,
    upper_finished: usize,
    off_by_more: Vec<String>,
    bound_above: Vec<String>,
}

fn agree(file: &str) -> Table {
    let mut t = Table::default();
    for r in read(file) {
        t.puzzles += 1;
        let board = Board::parse(&r.puzzle).unwrap();
        let rating = rate(&board);
        let mine = [rating.er, rating.ep, rating.ed];
        let [er, _, _] = r.se;
        let text = String::from_utf8_lossy(&r.puzzle).into_owned();
        if (45..=61).contains(&er) {
            t.upper += 1;
            t.upper_finished += usize::from(rating.complete);
        }
        if !rating.complete {
            assert!(!rating.contradiction, "{text}: contradiction");
            t.beyond += 1;
            t.beyond_at_bound += usize::from(rating.er == BOUND);
            if rating.ep != 0 {
                t.beyond_ep_known += 1;
                t.beyond_ep_equal += usize::from(rating.ep == r.se[1]);
            }
            if rating.ed != 0 {
                t.beyond_ed_known += 1;
                t.beyond_ed_equal += usize::from(rating.ed == r.se[2]);
            }
            if er < BOUND {
                t.within += 1;
                t.within_but_beyond += 1;
            }
            if rating.er > er {
                t.bound_above.push(format!("{text} {mine:?} SE {:?}", r.se));
            }
            continue;
        }
        // Finished: every step was the engine's own, so the rating is compared whatever it is
        // (chains rated 8.5 and more by their length count too).
        t.within += 1;
        t.er_equal += usize::from(mine[0] == r.se[0]);
        t.ep_equal += usize::from(mine[1] == r.se[1]);
        t.ed_equal += usize::from(mine[2] == r.se[2]);
        t.exact += usize::from(mine == r.se);
        if mine.iter().zip(r.se).any(|(&a, b)| a.abs_diff(b) > 1) {
            t.off_by_more.push(format!("{text} {mine:?} SE {:?}", r.se));
        }
    }
    println!(
        "{file}: {} puzzles, {} within ({} of them beyond here), exact {} ({:.2}%), ER {} EP {} ED {}, beyond {}",
        t.puzzles,
        t.within,
        t.within_but_beyond,
        t.exact,
        100.0 * t.exact as f64 / t.within as f64,
        t.er_equal,
        t.ep_equal,
        t.ed_equal,
        t.beyond
    );
    println!(
        "  beyond (at the bound {BOUND}: {}): EP known {} (equal {}), ED known {} (equal {}); published 4.5-6.1: {} (finished {})",
        t.beyond_at_bound,
        t.beyond_ep_known, t.beyond_ep_equal, t.beyond_ed_known, t.beyond_ed_equal, t.upper, t.upper_finished
    );
    for line in t.off_by_more.iter().chain(&t.bound_above).take(20) {
        println!("  {line}");
    }
    t
}

fn check(file: &str, min_exact_permille: usize) {
    let t = agree(file);
    assert!(
        t.off_by_more.is_empty(),
        "{file}: off by more than 0.1: {:?}",
        t.off_by_more
    );
    assert_eq!(
        t.beyond_ep_equal, t.beyond_ep_known,
        "{file}: EP found before stopping differs"
    );
    assert_eq!(
        t.beyond_ed_equal, t.beyond_ed_known,
        "{file}: ED found before stopping differs"
    );
    assert!(
        t.bound_above.is_empty(),
        "{file}: lower bound above SE's ER: {:?}",
        t.bound_above
    );
    assert!(
        t.exact * 1000 >= t.within * min_exact_permille,
        "{file}: exact agreement {} of {} below {min_exact_permille}‰",
        t.exact,
        t.within
    );
}

#[test]
fn qqwing_ratings_agree_with_sudoku_explainer() {
    check("se_qqwing_2000.txt", 1000);
}

#[test]
fn top1465_ratings_agree_with_sudoku_explainer() {
    check("se_top1465.txt", 1000);
}

#[test]
fn random_minimal_ratings_agree_with_sudoku_explainer() {
    check("se_random_minimal_4000.txt", 1000);
}

/// serate 1.2.1.3's ER/EP/ED of puzzles of `puzzles5_forum_hardest_1905_11+` (their numbers
/// there), read from a tracer that printed every step of serate's path to the end (2026-12-01;
/// 62-246 s a puzzle; see docs/se-rules.md). Every path uses the nested forcing chains of
/// levels 2 and 3; the last seven (lines 48241-48721, 270-776 s each) also steps of level 4:
/// contradiction, cell and double chains.
const SERATE_FORUM_HARDEST: [(u32, &str, &str); 26] = [
    (
        1,
        "98.7..6..75..4......3..8.7.5....7.3...94.........2.1..3.......1.9...5.8...52....6",
        "11.1/11.1/11.1",
    ),
    (
        2,
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
        "11.1/11.1/11.1",
    ),
    (
        3,
        "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
        "11.0/11.0/11.0",
    ),
    (
        4,
        "98.7..6..5...9..7...7..4...4...327....65...9.......3.11...8.5...2.........54...8.",
        "11.0/11.0/11.0",
    ),
    (
        5,
        "98.7..6..7.5.......4..5....3..8..9......2..1......13.42...8..93.7....2....92...6.",
        "11.0/11.0/11.0",
    ),
    (
        6,
        "98.7..6..75..6......6..8...5......4...9.8.7.....3....24....1.....7.9.5.3..587.4..",
        "11.1/11.1/11.0",
    ),
    (
        7,
        "98.7..6..5...8..7...7..4...32.........94...8.....1...2.9...31....68...5.....9...7",
        "11.0/11.0/11.0",
    ),
    (
        8,
        "98.7..6..5...9..7...7..4...3.......2..85...6.....23....1..8...6..59...4......61..",
        "11.0/11.0/11.0",
    ),
    (
        9,
        "98.7..6..5...8..7...7..4...32.........94...6.....13....9..4.2....58...9......6..1",
        "11.0/11.0/11.0",
    ),
    (
        10,
        "........1.....2.3...4.5.6.....3...7...8.674...7...1..2..5......69..84...84....9..",
        "11.1/11.1/10.9",
    ),
    (
        11,
        "98.7..6..7.....5....4.8..9.4...3..7..7...2.....31....53....61...4..9..3.........2",
        "11.1/11.1/11.0",
    ),
    (
        12,
        "98.7..6..7...5......4..9.7.4....3.9..9.2.......3.....11..3....2.4...7.8....56....",
        "11.1/11.1/11.1",
    ),
    (
        13,
        "98.7..6..7...5......4..8.7.4....7.3..9.2.......3.1...6.4...9.8....5....2.....21..",
        "10.9/10.9/10.9",
    ),
    (
        14,
        "98.7..6..7...5......4..8.7.3....7.9..4....7.2...6....1.9...3.4...32..5......1....",
        "11.1/11.1/11.1",
    ),
    (
        15,
        "98.7..6..5..........4.9..8.4...5..3...3.....2.....61...4..8..9...9..1..7...9..2..",
        "11.0/11.0/11.0",
    ),
    (
        16,
        "98.7..6..7..8..5......4....6..9..3...3...2.....8....1.3...7.....5..9.7.....5...63",
        "11.1/11.1/11.1",
    ),
    (
        500,
        "98.7..6....7.65..........7.4...5.3....86...9......2..4.3..1.2....95...8.........1",
        "11.0/11.0/10.8",
    ),
    (
        1000,
        "98.7..6..75.....8...6......4...3.5....54.9.6.....2...4.1.........98...7...79.1.5.",
        "11.0/11.0/10.6",
    ),
    (
        1900,
        "98.7..6..75..4......3..8.7.8....7.9....2....1....643..3..4....2.7...5.3.......1..",
        "11.0/11.0/10.5",
    ),
    (
        48241,
        "98.7..6..75.4.......3.9..7.8...5..3....2....6........13.....1...9..8..5......4..2",
        "11.4/11.4/2.6",
    ),
    (
        48289,
        "..34......5...9...6...2.1..2...6...1.4.5...6...6..3.....9...6.7......8.28...7..1.",
        "11.5/11.5/11.4",
    ),
    (
        48337,
        "98.7.....6...8.7....7..5...4......3..3...2..1..95..8....69..5......51.2.........4",
        "11.5/11.5/11.0",
    ),
    (
        48577,
        "98.7..6....5.4.......9...8.7.....8.336......9..2....1..3.6....8....2.........1.4.",
        "11.6/11.6/10.0",
    ),
    (
        48625,
        "98.7.....7..8..6....5.4....63....9...7.........2....31...3..89.....2...5.....4..2",
        "11.6/11.6/2.6",
    ),
    (
        48673,
        "98.7.....6.....7....7.5....5....4.3...89..5......2..1..3.....4...98..6......1...2",
        "11.7/11.7/10.6",
    ),
    (
        48721,
        "........1.....2.3....45.6....1....27..6...8...9..8.4....7..3...5..89....96.5.....",
        "11.7/11.7/2.6",
    ),
];

#[test]
fn the_hardest_traced_puzzles_rate_as_serate_does() {
    let rated: Vec<(u32, &str, [u8; 3])> = SERATE_FORUM_HARDEST
        .iter()
        .map(|&(n, p, r)| {
            let r: Vec<u8> = r.split('/').map(tenths).collect();
            (n, p, [r[0], r[1], r[2]])
        })
        .collect();
    // On two threads: about 4 s a puzzle.
    std::thread::scope(|scope| {
        for half in rated.chunks(rated.len().div_ceil(2)) {
            scope.spawn(move || {
                for &(n, p, se) in half {
                    let r = rate(&p.parse::<Board>().unwrap());
                    assert!(r.complete, "puzzle {n}: {r:?}");
                    assert_eq!([r.er, r.ep, r.ed], se, "puzzle {n}");
                }
            });
        }
    });
}

/// Equivalent puzzles that serate rates differently, with serate's ratings of both
/// (`tests/data/ratings/se_transformed.txt`, pairs of lines: a puzzle, then its
/// image under a random transformation). The engine gives serate's ER/EP/ED for every line: the
/// differences between equivalent puzzles are SE's own, not the engine's (docs/canonical.md).
#[test]
fn equivalent_puzzles_that_serate_rates_differently_rate_as_serate_rates_them() {
    let path = sudoku_testkit::cbuild::repo_root().join("tests/data/ratings/se_transformed.txt");
    let bytes = fs::read(&path).unwrap_or_else(|e| panic!("cannot read {}: {e}", path.display()));
    let rated: Vec<([u8; 81], [u8; 3])> = puzzle_lines(&bytes)
        .map(|(_, line)| {
            let line = std::str::from_utf8(line).unwrap();
            let (puzzle, ratings) = line.split_once(' ').unwrap();
            let r: Vec<u8> = ratings.trim().split('/').map(tenths).collect();
            (puzzle.as_bytes().try_into().unwrap(), [r[0], r[1], r[2]])
        })
        .collect();
    assert_eq!(rated.len(), 574);
    let boards: Vec<Board> = rated
        .iter()
        .map(|(p, _)| Board::parse(p).unwrap())
        .collect();
    // On two threads, pairs kept whole (an even split).
    let ratings: Vec<_> = std::thread::scope(|scope| {
        let halves: Vec<_> = boards
            .chunks(boards.len() / 2)
            .map(|half| scope.spawn(move || half.iter().map(rate).collect::<Vec<_>>()))
            .collect();
        halves.into_iter().flat_map(|h| h.join().unwrap()).collect()
    });
    for (pair, (puzzles, got)) in rated.chunks(2).zip(boards.chunks(2).zip(ratings.chunks(2))) {
        let [(a, se_a), (b, se_b)] = pair else {
            unreachable!()
        };
        for ((puzzle, se), r) in [(a, se_a), (b, se_b)].into_iter().zip(got) {
            assert!(r.complete);
            assert_eq!(
                [r.er, r.ep, r.ed],
                *se,
                "{}",
                std::str::from_utf8(puzzle).unwrap()
            );
        }
        // Equivalent (one canonical form), rated differently.
        assert_eq!(
            sudoku::canonicalize(&puzzles[0]).0,
            sudoku::canonicalize(&puzzles[1]).0
        );
        assert_ne!(se_a, se_b);
    }
}
