//! The report: header (machine, date, command) and Markdown tables.

use std::fmt::Write as _;

use crate::paths::{Mode, CANDIDATES_LABEL, C_ABI_LABEL};

/// Issue 12: candidate puzzles built from givens solve within 10% of the plain path, so the
/// candidates path's throughput over the C ABI's (same run, same puzzles) must reach this.
pub const CANDIDATES_TARGET: f64 = 0.90;

/// The targets of issue 17 ("half again as fast as the fastest": 1.5x tdoku and the `sudoku`
/// crate): ours / peer through the C ABI, per data set, for (first, count≤2). They replace
/// issue 3's (1.10-1.74), all met since.
const TARGETS: [(&str, f64, f64); 6] = [
    ("puzzles0_easy", 1.60, 1.52),
    ("puzzles1_random_minimal", 1.50, 1.50),
    ("puzzles2_17_clue", 1.50, 1.50),
    ("puzzles3_magictour_top1465", 2.05, 2.20),
    ("puzzles5_forum_hardest_1905_11+", 2.20, 2.35),
    ("puzzles7_serg_benchmark", 1.60, 1.55),
];

/// The issue-17 target ratio for a data set and mode, if the data set has one.
pub fn target(file: &str, mode: Mode) -> Option<f64> {
    TARGETS
        .iter()
        .find(|(name, _, _)| *name == file)
        .map(|&(_, first, count2)| match mode {
            Mode::First => first,
            Mode::Count2 => count2,
        })
}

/// One line of the results table.
#[derive(Debug, Clone, PartialEq)]
pub struct Row {
    /// Data set (file name).
    pub file: String,
    /// Mode.
    pub mode: Mode,
    /// Solver path.
    pub path: &'static str,
    /// True for the path the targets apply to (the C ABI).
    pub target_path: bool,
    /// Puzzles in the file (after `--limit`).
    pub puzzles: usize,
    /// Throughput.
    pub puzzles_per_second: f64,
    /// Mean time per puzzle.
    pub micros_per_puzzle: f64,
    /// Share solved without a guess, 0 to 1 (ours only: the peer does not report it).
    pub share_without_guess: Option<f64>,
    /// Mean guesses per puzzle (ours only).
    pub guesses_per_puzzle: Option<f64>,
    /// This path's throughput over the peer's (ours only).
    pub ratio: Option<f64>,
    /// The issue-17 target for the ratio (the C ABI path of a known data set only).
    pub target: Option<f64>,
    /// Share of a core the benchmark thread got while this file and mode were timed.
    pub cpu_share: Option<f64>,
}

impl Row {
    /// Whether the ratio meets the target, when there is a target.
    pub fn passes(&self) -> Option<bool> {
        Some(self.ratio? >= self.target?)
    }
}

/// What the header says about the run.
pub struct Header {
    /// The command line as given.
    pub command: String,
    /// UTC date and time.
    pub date: String,
    /// CPU model and core count.
    pub machine: String,
    /// Timed seconds per path, turn length and seed.
    pub settings: String,
}

impl Header {
    /// The header of this run: machine from `/proc/cpuinfo`, the current UTC time, the process's
    /// own command line.
    pub fn of_this_run(settings: String) -> Header {
        let args: Vec<String> = std::env::args().collect();
        Header {
            command: args.join(" "),
            date: humantime::format_rfc3339_seconds(std::time::SystemTime::now()).to_string(),
            machine: machine_description(),
            settings,
        }
    }
}

/// "MODEL, N cores" from `/proc/cpuinfo` and the scheduler's count of usable cores.
pub fn machine_description() -> String {
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|line| {
            let (key, value) = line.split_once(':')?;
            (key.trim() == "model name").then(|| value.trim().to_string())
        })
        .unwrap_or_else(|| format!("unknown CPU ({})", std::env::consts::ARCH));
    let logical = cpuinfo
        .lines()
        .filter(|line| line.starts_with("processor"))
        .count();
    let usable = std::thread::available_parallelism().map_or(0, usize::from);
    format!("{model}, {logical} logical cores ({usable} usable); one thread used")
}

fn fmt_rate(per_second: f64) -> String {
    if per_second >= 1e6 {
        format!("{:.2}M", per_second / 1e6)
    } else if per_second >= 1e3 {
        format!("{:.1}k", per_second / 1e3)
    } else {
        format!("{per_second:.0}")
    }
}

fn fmt_opt(value: Option<f64>, fmt: impl Fn(f64) -> String) -> String {
    value.map_or_else(|| "–".to_string(), fmt)
}

fn fmt_pass(row: &Row) -> &'static str {
    match row.passes() {
        Some(true) => "pass",
        Some(false) => "**FAIL**",
        None => "",
    }
}

/// The whole report in Markdown: header, the table of every row, and a summary of the C ABI
/// ratios against the targets.
pub fn render(header: &Header, rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "## libsudoku benchmark\n");
    let _ = writeln!(out, "- date: {}", header.date);
    let _ = writeln!(out, "- machine: {}", header.machine);
    let _ = writeln!(out, "- command: `{}`", header.command);
    let _ = writeln!(out, "- {}", header.settings);
    let shares: Vec<f64> = rows.iter().filter_map(|r| r.cpu_share).collect();
    if !shares.is_empty() {
        let low = shares.iter().copied().fold(f64::MAX, f64::min);
        let high = shares.iter().copied().fold(0.0, f64::max);
        let _ = writeln!(
            out,
            "- the benchmark thread got {:.0}–{:.0}% of a core while timed{}",
            low * 100.0,
            high * 100.0,
            if low < 0.9 {
                " (**other load on the machine**: ratios stay fair, since the paths alternate, \
                 but absolute rates are low)"
            } else {
                ""
            }
        );
    }
    if cfg!(debug_assertions) {
        let _ = writeln!(
            out,
            "- **debug build: numbers are meaningless, use --release**"
        );
    }
    let _ = writeln!(out);
    out.push_str(&render_table(rows));
    let _ = writeln!(out);
    out.push_str(&render_summary(rows));
    let candidates = render_candidates(rows);
    if !candidates.is_empty() {
        let _ = writeln!(out);
        out.push_str(&candidates);
    }
    out
}

/// The candidates path against the plain C ABI path in the same run: throughput of
/// `sudoku_solve_candidates` (or the count) on candidates built from the givens over that of
/// `sudoku_solve` on the text, per data set and mode (issue 12: at least
/// [`CANDIDATES_TARGET`]). Empty when the rows lack either path.
pub fn render_candidates(rows: &[Row]) -> String {
    let mut out = String::new();
    let rate = |file: &str, mode: Mode, path: &str| {
        rows.iter()
            .find(|r| r.file == file && r.mode == mode && r.path == path)
            .map(|r| r.puzzles_per_second)
    };
    let mut lines = Vec::new();
    for row in rows.iter().filter(|r| r.path == CANDIDATES_LABEL) {
        if let Some(plain) = rate(&row.file, row.mode, C_ABI_LABEL) {
            let ratio = row.puzzles_per_second / plain;
            lines.push(format!(
                "| {} | {} | {:.3} | {:.3} | {ratio:.2} | ≥ {CANDIDATES_TARGET:.2} | {} |",
                row.file,
                row.mode.label(),
                1e6 / plain,
                row.micros_per_puzzle,
                if ratio >= CANDIDATES_TARGET {
                    "pass"
                } else {
                    "**FAIL**"
                }
            ));
        }
    }
    if lines.is_empty() {
        return out;
    }
    let _ = writeln!(
        out,
        "| data set | mode | C ABI µs/puzzle | candidates µs/puzzle | candidates/plain | target | |"
    );
    let _ = writeln!(out, "|---|---|---:|---:|---:|---:|---|");
    for line in lines {
        let _ = writeln!(out, "{line}");
    }
    out
}

/// One row per data set, mode and path.
pub fn render_table(rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| data set | mode | path | puzzles/s | µs/puzzle | no guess | guesses/puzzle | ours/peer | target | |"
    );
    let _ = writeln!(out, "|---|---|---|---:|---:|---:|---:|---:|---:|---|");
    for row in rows {
        let _ = writeln!(
            out,
            "| {} | {} | {} | {} | {:.3} | {} | {} | {} | {} | {} |",
            row.file,
            row.mode.label(),
            row.path,
            fmt_rate(row.puzzles_per_second),
            row.micros_per_puzzle,
            fmt_opt(row.share_without_guess, |s| format!("{:.1}%", s * 100.0)),
            fmt_opt(row.guesses_per_puzzle, |g| format!("{g:.2}")),
            fmt_opt(row.ratio, |r| format!("{r:.2}")),
            fmt_opt(row.target, |t| format!("≥ {t:.2}")),
            fmt_pass(row),
        );
    }
    out
}

/// The speed issue's view (issue 17): per data set, the C ABI ratio to the peer in each mode, with its target.
pub fn render_summary(rows: &[Row]) -> String {
    let mut out = String::new();
    let _ = writeln!(
        out,
        "| data set | first: ours/peer | target | | count≤2: ours/peer | target | |"
    );
    let _ = writeln!(out, "|---|---:|---:|---|---:|---:|---|");
    let mut files: Vec<&str> = Vec::new();
    for row in rows {
        if !files.contains(&row.file.as_str()) {
            files.push(&row.file);
        }
    }
    for file in files {
        let cell = |mode: Mode| {
            let row = rows
                .iter()
                .find(|r| r.file == file && r.mode == mode && r.target_path);
            match row {
                Some(row) => format!(
                    "{} | {} | {}",
                    fmt_opt(row.ratio, |r| format!("{r:.2}")),
                    fmt_opt(row.target, |t| format!("≥ {t:.2}")),
                    fmt_pass(row)
                ),
                None => "– | – | ".to_string(),
            }
        };
        let _ = writeln!(
            out,
            "| {file} | {} | {} |",
            cell(Mode::First),
            cell(Mode::Count2)
        );
    }
    out
}
