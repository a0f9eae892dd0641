//! `make install` into a temporary prefix, then the installed library used as a C user would:
//! a C program (`examples/solve_file.c`) and a C++ program (`examples/solve.cpp`) built with
//! nothing but `pkg-config --cflags --libs sudoku` (shared) and `pkg-config --static --cflags
//! --libs sudoku` with `-static` (fully static), and the Python module
//! (`python/libsudoku`) loading the installed `libsudoku.so.0.1`. Each solves all of
//! `puzzles3_magictour_top1465`, every solution checked. Then `make uninstall` must leave no file.
//!
//! The libraries installed are those this `cargo test` built (in `target/<profile>/deps/`),
//! copied to a scratch folder and handed to make as `LIB_DIR`, with `CARGO=true` so that make
//! runs no cargo build of its own (which would wait for this run's lock on the target folder).

mod common;

use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use common::{check_solution, data_dir, read_puzzles, CELLS};
use sudoku_testkit::cbuild::{self, checked, repo_root};

const TOP1465: &str = "puzzles3_magictour_top1465";

/// `libsudoku.so.0.MINOR` below 1.0, `libsudoku.so.MAJOR` from then on (as build.rs sets it).
fn soname() -> String {
    cbuild::soname_for(env!("CARGO_PKG_VERSION"))
}

/// `make -C <repo> TARGET ARGS...`, isolated from any make or cargo that runs this test.
fn make(target: &str, args: &[String]) -> Output {
    checked(
        Command::new("make")
            .arg("-C")
            .arg(repo_root())
            .arg(target)
            .args(args)
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .env_remove("MAKELEVEL")
            .env_remove("CARGO_TARGET_DIR"),
    )
}

/// Every file and symbolic link under `root`, as (path relative to `root`, link target or None).
fn installed_entries(root: &Path) -> Vec<(String, Option<String>)> {
    let mut found = Vec::new();
    let mut pending = vec![root.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("read an installed folder") {
            let path = entry.expect("a folder entry").path();
            let meta = fs::symlink_metadata(&path).expect("stat an installed entry");
            let name = path
                .strip_prefix(root)
                .unwrap()
                .to_string_lossy()
                .into_owned();
            if meta.file_type().is_symlink() {
                let target = fs::read_link(&path).expect("read a link");
                found.push((name, Some(target.to_string_lossy().into_owned())));
            } else if meta.is_dir() {
                pending.push(path);
            } else {
                found.push((name, None));
            }
        }
    }
    found.sort();
    found
}

/// A shell command line with `pkg-config` finding only the test's prefix.
fn shell(line: &str, pkg_config_path: &Path) -> Command {
    let mut command = Command::new("sh");
    command
        .args(["-c", line])
        .env("PKG_CONFIG_PATH", pkg_config_path)
        .env_remove("PKG_CONFIG_LIBDIR")
        .env_remove("LD_LIBRARY_PATH");
    command
}

/// Compiler output allowed on a fully static link with glibc: the linker's notes that the Rust
/// standard library inside libsudoku.a references getpwuid_r and getaddrinfo (which libsudoku
/// never calls). Anything else (a compiler warning above all) fails the test.
fn assert_only_static_glibc_notes(stderr: &str) {
    for line in stderr.lines() {
        let allowed = line.contains("in statically linked applications requires at runtime")
            || line.contains("libsudoku.a(") && line.contains("in function");
        assert!(allowed, "unexpected compiler output: {line}\n{stderr}");
    }
}

/// The expected solutions of top1465, one a line: each puzzle's unique solution from the Rust
/// API, confirmed valid by the independent checker of the test kit.
fn expected_top1465() -> String {
    let mut lines = String::new();
    for puzzle in read_puzzles(TOP1465) {
        let board = sudoku::Board::parse(&puzzle).expect("a valid puzzle");
        let solution = sudoku::solve_unique(&board)
            .expect("a unique solution")
            .to_bytes();
        check_solution(&puzzle, &solution).expect("a valid solution");
        lines += std::str::from_utf8(&solution).unwrap();
        lines.push('\n');
    }
    assert_eq!(lines.len(), 1465 * (CELLS + 1));
    lines
}

/// A board as examples/solve.c and solve.cpp print it.
fn grid(board: &str) -> String {
    let mut out = String::new();
    for (row, cells) in board.as_bytes().chunks(9).enumerate() {
        if row == 3 || row == 6 {
            out += "------+-------+------\n";
        }
        let cell = |c: &u8| if *c == b'0' { '.' } else { *c as char };
        let parts: Vec<String> = cells
            .chunks(3)
            .map(|band| {
                band.iter()
                    .map(|c| cell(c).to_string())
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        out += &parts.join(" | ");
        out.push('\n');
    }
    out
}

#[test]
fn install_then_build_and_run_c_cpp_and_python_through_pkg_config() {
    let deps = cbuild::lib_dir();
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install");
    let _ = fs::remove_dir_all(&scratch);
    let libs = scratch.join("libs");
    let prefix = scratch.join("prefix");
    let out = scratch.join("programs");
    fs::create_dir_all(&libs).unwrap();
    fs::create_dir_all(&out).unwrap();
    for lib in ["libsudoku.a", "libsudoku.so"] {
        fs::copy(deps.join(lib), libs.join(lib)).expect("copy a built library");
    }

    // --- make install
    let vars = [
        format!("PREFIX={}", prefix.display()),
        format!("LIB_DIR={}", libs.display()),
        "CARGO=true".to_string(),
    ];
    make("install", &vars);
    let version = env!("CARGO_PKG_VERSION");
    let so_file = format!("libsudoku.so.{version}");
    let expected_entries = vec![
        ("include/sudoku.h".to_string(), None),
        ("lib/libsudoku.a".to_string(), None),
        ("lib/libsudoku.so".to_string(), Some(soname())),
        (format!("lib/{}", soname()), Some(so_file.clone())),
        (format!("lib/{so_file}"), None),
        ("lib/pkgconfig/sudoku.pc".to_string(), None),
    ];
    let mut expected_entries = expected_entries;
    expected_entries.sort();
    assert_eq!(installed_entries(&prefix), expected_entries);
    assert_eq!(
        fs::read(prefix.join("include/sudoku.h")).unwrap(),
        fs::read(repo_root().join("include/sudoku.h")).unwrap()
    );
    assert_eq!(
        fs::read(prefix.join("lib/libsudoku.a")).unwrap(),
        fs::read(libs.join("libsudoku.a")).unwrap()
    );
    // The soname was set when the library was linked.
    let dynamic = checked(
        Command::new("readelf")
            .arg("-d")
            .arg(prefix.join("lib").join(&so_file)),
    );
    let dynamic = String::from_utf8_lossy(&dynamic.stdout);
    assert!(
        dynamic.contains(&format!("Library soname: [{}]", soname())),
        "{dynamic}"
    );

    // --- pkg-config
    let pc_dir = prefix.join("lib").join("pkgconfig");
    let pkg = |args: &str| {
        let output = checked(&mut shell(&format!("pkg-config {args} sudoku"), &pc_dir));
        String::from_utf8(output.stdout).unwrap().trim().to_string()
    };
    assert_eq!(pkg("--modversion"), version);
    let include = prefix.join("include");
    let lib = prefix.join("lib");
    assert_eq!(
        pkg("--cflags --libs"),
        format!("-I{} -L{} -lsudoku", include.display(), lib.display())
    );
    assert_eq!(
        pkg("--static --cflags --libs"),
        format!(
            "-I{} -L{} -lsudoku -lutil -lrt -lpthread -lm -ldl",
            include.display(),
            lib.display()
        )
    );

    // --- build: C and C++, shared and fully static, with nothing but pkg-config's flags
    let examples = repo_root().join("examples");
    let c_source = examples.join("solve_file.c");
    let cpp_source = examples.join("solve.cpp");
    let builds = [
        (
            "gcc -std=c99 -O2 -Wall -Wextra -Wpedantic -Werror",
            &c_source,
            "c-shared",
            "",
        ),
        (
            "gcc -std=c99 -O2 -Wall -Wextra -Wpedantic -Werror -static",
            &c_source,
            "c-static",
            "--static",
        ),
        (
            "g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror",
            &cpp_source,
            "cpp-shared",
            "",
        ),
        (
            "g++ -std=c++17 -O2 -Wall -Wextra -Wpedantic -Werror -static",
            &cpp_source,
            "cpp-static",
            "--static",
        ),
    ];
    for (compiler, source, name, static_flag) in builds {
        let line = format!(
            "{compiler} '{}' $(pkg-config {static_flag} --cflags --libs sudoku) -o '{}'",
            source.display(),
            out.join(name).display()
        );
        let output = checked(&mut shell(&line, &pc_dir));
        let stderr = String::from_utf8_lossy(&output.stderr);
        if static_flag.is_empty() {
            assert!(stderr.is_empty(), "{line}:\n{stderr}");
        } else {
            assert_only_static_glibc_notes(&stderr);
        }
        // Shared programs load the installed library by its soname; static ones load none.
        let dynamic = checked(Command::new("readelf").arg("-d").arg(out.join(name)));
        let dynamic = String::from_utf8_lossy(&dynamic.stdout);
        let needs_so = dynamic.contains(&format!("Shared library: [{}]", soname()));
        assert_eq!(needs_so, static_flag.is_empty(), "{name}:\n{dynamic}");
        assert!(
            static_flag.is_empty() || !dynamic.contains("NEEDED"),
            "{name}:\n{dynamic}"
        );
    }

    // --- run: every program solves all of top1465 through the installed library
    let expected = expected_top1465();
    let top1465 = data_dir().join(TOP1465);
    let run = |program: &str, args: &[&str], stdin: Option<&Path>| {
        let mut command = Command::new(out.join(program));
        command
            .args(args)
            .env("LD_LIBRARY_PATH", &lib)
            .stdin(match stdin {
                Some(path) => Stdio::from(fs::File::open(path).expect("open the data file")),
                None => Stdio::null(),
            });
        checked(&mut command)
    };
    for program in ["c-shared", "c-static"] {
        let output = run(
            program,
            &["--threads", "2", top1465.to_str().unwrap()],
            None,
        );
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{program}"
        );
        let summary = String::from_utf8_lossy(&output.stderr);
        assert!(
            summary.starts_with(
                "solve_file: read 1465, solved 1465, no solution 0, multiple solutions 0, \
                 invalid 0, unreadable 0; elapsed "
            ),
            "{program}: {summary}"
        );
    }
    let top1 = "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
    let top1_solution = expected.lines().next().unwrap();
    let default_output = format!(
        "Puzzle:\n{}\nSolution:\n{}\nStatus: SUDOKU_OK (success)\n",
        grid(top1),
        grid(top1_solution)
    );
    for program in ["cpp-shared", "cpp-static"] {
        let output = run(program, &[], None);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            default_output,
            "{program}"
        );
        let output = run(program, &["-"], Some(&top1465));
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{program}"
        );
        assert!(output.stderr.is_empty(), "{program}");
    }
    // Python: the package from the repository, told to load the installed library.
    let python = checked(
        Command::new("python3")
            .args(["-m", "libsudoku", "--unique"])
            .env("PYTHONPATH", repo_root().join("python"))
            .arg(&top1465)
            .env("SUDOKU_LIB", lib.join(soname()))
            .env("PYTHONDONTWRITEBYTECODE", "1"),
    );
    assert_eq!(String::from_utf8_lossy(&python.stdout), expected, "python");

    // --- make uninstall removes every installed file (folders may stay: they can be shared)
    make("uninstall", &vars[..1]);
    assert_eq!(installed_entries(&prefix), Vec::new());
}
