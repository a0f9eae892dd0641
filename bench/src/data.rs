//! Puzzle files: loading, the default data folder, and the seeded shuffle.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{bail, Context, Result};
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use sudoku::CELLS;
use sudoku_testkit::minlex::RefTransform;

/// The data folder: `$SUDOKU_DATA_DIR` if set, else `<repo root>/../shared/data` (the test
/// kit's, shared with the tests).
pub use sudoku_testkit::data::data_dir;

/// Every regular, non-hidden file in `dir`, sorted by name (subfolders such as `ratings/` are
/// skipped).
pub fn files_in(dir: &Path) -> Result<Vec<PathBuf>> {
    sudoku_testkit::data::collections_in(dir).with_context(|| format!("reading {}", dir.display()))
}

/// The puzzles of one file, in benchmark order, stored back to back as 81-byte lines.
///
/// One buffer serves every solver: ours copies a puzzle's 81 bytes as a C caller's buffer,
/// the peer parses the same bytes as a `&str` line.
pub struct PuzzleSet {
    /// The file's name (for example `puzzles0_easy`), used in the report.
    pub name: String,
    /// `len() * 81` ASCII bytes.
    text: String,
}

impl PuzzleSet {
    /// Parses puzzle text: one puzzle of 81 cells a line, `#` lines and blank lines skipped,
    /// LF or CRLF line ends. Keeps at most `limit` puzzles (the first ones), then shuffles them
    /// with `seed`.
    pub fn parse(name: &str, text: &str, limit: Option<usize>, seed: u64) -> Result<PuzzleSet> {
        let mut lines: Vec<&str> = Vec::new();
        // The line reading the tests use: `#` comments, blank lines, LF or CRLF.
        for (number, line) in sudoku_testkit::data::puzzle_lines(text.as_bytes()) {
            // A line of a &str split at '\n' is valid UTF-8.
            let line = std::str::from_utf8(line).expect("a line of a str");
            if line.len() != CELLS || !line.is_ascii() {
                bail!(
                    "{name}:{number}: expected {CELLS} ASCII cells, found {:?}",
                    line
                );
            }
            if limit.is_some_and(|limit| lines.len() >= limit) {
                break;
            }
            lines.push(line);
        }
        if lines.is_empty() {
            bail!("{name}: no puzzles");
        }
        lines.shuffle(&mut ChaCha8Rng::seed_from_u64(seed));
        Ok(PuzzleSet {
            name: name.to_string(),
            text: lines.concat(),
        })
    }

    /// Each puzzle under its own random validity-preserving transformation (transposition,
    /// band and row, stack and column permutations, digit relabelling: the group of 2 x 6^8 x
    /// 9! maps), drawn from a ChaCha8 stream of `seed`: equivalent puzzles, as hard to solve
    /// in principle, with none of the order a file's making gave its digits and cells (the
    /// serg benchmark's puzzles, for one, favour a search that tries low digits first). Blanks
    /// become `'.'`. Issue 17's measurements applied such a "random symmetry".
    pub fn transformed(self, seed: u64) -> PuzzleSet {
        // Another stream than the shuffle's, so that the order does not depend on this.
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        rng.set_stream(1);
        let mut text = String::with_capacity(self.text.len());
        for i in 0..self.len() {
            let grid = self.bytes(i).map(|b| match b {
                b'1'..=b'9' => b - b'0',
                _ => 0,
            });
            let t = RefTransform::random(&mut |n| rng.gen_range(0..n));
            let image = t
                .apply(&grid)
                .map(|d| if d == 0 { '.' } else { (b'0' + d) as char });
            text.extend(image);
        }
        PuzzleSet {
            name: self.name,
            text,
        }
    }

    /// Reads and parses a file (see [`PuzzleSet::parse`]).
    pub fn load(path: &Path, limit: Option<usize>, seed: u64) -> Result<PuzzleSet> {
        let text =
            fs::read_to_string(path).with_context(|| format!("reading {}", path.display()))?;
        let name = path.file_name().map_or_else(
            || path.display().to_string(),
            |n| n.to_string_lossy().into_owned(),
        );
        PuzzleSet::parse(&name, &text, limit, seed)
    }

    /// Number of puzzles.
    pub fn len(&self) -> usize {
        self.text.len() / CELLS
    }

    /// Always false: a set holds at least one puzzle.
    pub fn is_empty(&self) -> bool {
        self.text.is_empty()
    }

    /// Puzzle `i` as a line of text (81 characters, no line end).
    #[inline]
    pub fn line(&self, i: usize) -> &str {
        &self.text[i * CELLS..(i + 1) * CELLS]
    }

    /// Puzzle `i` as 81 bytes.
    #[inline]
    pub fn bytes(&self, i: usize) -> &[u8; CELLS] {
        self.line(i)
            .as_bytes()
            .try_into()
            .expect("every line is 81 bytes")
    }
}

impl std::fmt::Debug for PuzzleSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PuzzleSet")
            .field("name", &self.name)
            .field("puzzles", &self.len())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const A: &str =
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    const B: &str =
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........";
    const C: &str =
        "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........";

    #[test]
    fn skips_comments_and_blank_lines_and_strips_crlf() {
        let text = format!("# comment\r\n{A}\r\n\r\n#\n{B}\n   \n{C}");
        let set = PuzzleSet::parse("t", &text, None, 1).unwrap();
        let mut lines: Vec<&str> = (0..set.len()).map(|i| set.line(i)).collect();
        lines.sort();
        let mut expected = vec![A, B, C];
        expected.sort();
        assert_eq!(lines, expected);
        assert_eq!(set.bytes(0), set.line(0).as_bytes());
    }

    #[test]
    fn transformed_puzzles_are_equivalent_and_fixed_by_the_seed() {
        use sudoku_testkit::minlex::reference_minlex;
        let text = format!("{A}\n{B}\n{C}\n");
        let set = PuzzleSet::parse("t", &text, None, 7).unwrap();
        let grid = |line: &str| -> [u8; CELLS] {
            std::array::from_fn(|i| match line.as_bytes()[i] {
                b @ b'1'..=b'9' => b - b'0',
                _ => 0,
            })
        };
        let before: Vec<String> = (0..set.len()).map(|i| set.line(i).to_string()).collect();
        let after = PuzzleSet::parse("t", &text, None, 7)
            .unwrap()
            .transformed(7);
        let again = PuzzleSet::parse("t", &text, None, 7)
            .unwrap()
            .transformed(7);
        let other = PuzzleSet::parse("t", &text, None, 7)
            .unwrap()
            .transformed(8);
        assert_eq!(after.len(), 3);
        let mut changed = 0;
        for (i, line) in before.iter().enumerate() {
            // The same order, an equivalent puzzle (the same minlex form), '.' for blanks.
            assert_eq!(
                reference_minlex(&grid(after.line(i))),
                reference_minlex(&grid(line))
            );
            assert!(after
                .line(i)
                .bytes()
                .all(|b| b == b'.' || (b'1'..=b'9').contains(&b)));
            assert_eq!(after.line(i), again.line(i));
            changed += usize::from(after.line(i) != line.as_str());
        }
        assert!(changed > 0);
        assert!((0..3).any(|i| after.line(i) != other.line(i)));
    }

    #[test]
    fn limit_keeps_the_first_puzzles_and_seed_fixes_the_order() {
        let text = format!("{A}\n{B}\n{C}\n");
        let set = PuzzleSet::parse("t", &text, Some(2), 7).unwrap();
        let mut lines: Vec<&str> = (0..set.len()).map(|i| set.line(i)).collect();
        lines.sort();
        assert_eq!(lines, {
            let mut first_two = vec![A, B];
            first_two.sort();
            first_two
        });

        let many: String = (0..50)
            .map(|i| {
                let mut line = A.to_string();
                line.replace_range(80..81, &((i % 9) + 1).to_string());
                line.replace_range(79..80, &((i / 9) % 9 + 1).to_string());
                line + "\n"
            })
            .collect();
        let order = |seed| {
            let set = PuzzleSet::parse("t", &many, None, seed).unwrap();
            (0..set.len())
                .map(|i| set.line(i).to_string())
                .collect::<Vec<_>>()
        };
        assert_eq!(order(3), order(3));
        assert_ne!(order(3), order(4));
    }

    #[test]
    fn rejects_a_short_line() {
        let err = PuzzleSet::parse("t", &format!("{A}\n123\n"), None, 0).unwrap_err();
        assert!(err.to_string().starts_with("t:2: expected 81"), "{err}");
    }
}
