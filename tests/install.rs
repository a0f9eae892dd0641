//! `make install` into a temporary prefix, then the installed library used as a C user would:
//! a C program (`examples/solve_file.c`) and a C++ program (`examples/solve.cpp`) built with
//! nothing but `pkg-config --cflags --libs sudoku` (shared) and `pkg-config --static --cflags
//! --libs sudoku` with `-static` (fully static), and the Python module
//! (`python/libsudoku`) loading the installed `libsudoku.so.0.1`. Each solves all of
//! `puzzles3_magictour_top1465`, every solution checked. Then `make uninstall` must leave no file.
//!
//! The CMake package: a staged install (`DESTDIR`, so the tree is found away from its
//! `PREFIX`: the package must compute its paths from where it is), then `tests/cmake/consumer/`
//! configured with `find_package(sudoku 0.1 REQUIRED)`, the C and C++ examples built against
//! `sudoku::sudoku` and `sudoku::sudoku_static` and run from the build tree without
//! `LD_LIBRARY_PATH` (CMake's build rpath), and from a `cmake --install` prefix; the version
//! file's answers against CMake's own `write_basic_package_version_file`
//! (`tests/cmake/version_rules.cmake`).
//!
//! The repository's `CMakeLists.txt` as a subproject: `tests/cmake/subproject/` fetches it
//! (FetchContent) and builds the same examples against its two targets, its cargo step `true`
//! over a target folder holding this run's libraries; the programs must record the soname,
//! have an rpath to that folder and solve top1465.
//!
//! The libraries installed are those this `cargo test` built (in `target/<profile>/deps/`),
//! copied to a scratch folder and handed to make as `LIB_DIR`, with `CARGO=true` so that make
//! runs no cargo build of its own (which would wait for this run's lock on the target folder).

use crate::common;

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

/// Runs [`make_command`] and checks that it succeeded.
fn make(target: &str, args: &[String]) -> Output {
    checked(&mut make_command(target, args))
}

/// `make -C <repo> TARGET ARGS...`, isolated from any make or cargo that runs this test.
fn make_command(target: &str, args: &[String]) -> Command {
    let mut command = Command::new("make");
    command
        .arg("-C")
        .arg(repo_root())
        .arg(target)
        .args(args)
        .env_remove("MAKEFLAGS")
        .env_remove("MFLAGS")
        .env_remove("MAKELEVEL")
        .env_remove("CARGO_TARGET_DIR");
    command
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

/// The licence texts at the repository's root, installed to `share/doc/libsudoku`.
const LICENSES: [&str; 2] = ["LICENSE-MIT", "LICENSE-APACHE"];

/// The file names in `man/man3/` (pages and `.so` links), sorted.
fn man_pages() -> Vec<String> {
    let mut pages: Vec<String> = fs::read_dir(repo_root().join("man").join("man3"))
        .expect("read man/man3")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    pages
}

/// The built libraries, copied to `<scratch>/libs` for make's `LIB_DIR` (see the module
/// documentation); `scratch` is emptied first.
fn copy_built_libraries(scratch: &Path) -> PathBuf {
    let _ = fs::remove_dir_all(scratch);
    let libs = scratch.join("libs");
    fs::create_dir_all(&libs).unwrap();
    for lib in ["libsudoku.a", "libsudoku.so"] {
        fs::copy(cbuild::lib_dir().join(lib), libs.join(lib)).expect("copy a built library");
    }
    libs
}

/// `cmake ARGS...` with nothing inherited that would change what it finds or how make runs.
fn cmake(args: &[&std::ffi::OsStr]) -> Output {
    checked(
        Command::new("cmake")
            .args(args)
            .env_remove("MAKEFLAGS")
            .env_remove("MFLAGS")
            .env_remove("MAKELEVEL")
            .env_remove("CMAKE_PREFIX_PATH")
            .env_remove("sudoku_DIR")
            .env_remove("LD_LIBRARY_PATH"),
    )
}

/// The dynamic section of an ELF file, as `readelf -d` prints it.
fn dynamic_section(path: &Path) -> String {
    let output = checked(Command::new("readelf").arg("-d").arg(path));
    String::from_utf8_lossy(&output.stdout).into_owned()
}

/// The folders of a `readelf -d` listing's RUNPATH or RPATH (CMake's build rpath may end in an
/// empty entry, room for the one `cmake --install` writes).
fn run_paths(dynamic: &str) -> Vec<PathBuf> {
    dynamic
        .lines()
        .filter_map(|line| {
            let (_, rest) = line
                .split_once("Library runpath: [")
                .or_else(|| line.split_once("Library rpath: ["))?;
            rest.strip_suffix(']')
        })
        .flat_map(|paths| paths.split(':'))
        .filter(|path| !path.is_empty())
        .map(PathBuf::from)
        .collect()
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

/// The four programs of a CMake test project (`tests/cmake/consumer/`, `tests/cmake/subproject/`)
/// built in `build`: the shared ones record the soname and have an rpath to `lib` (CMake's
/// build rpath), the static ones need no libsudoku at run time; each solves top1465 from the
/// build tree without `LD_LIBRARY_PATH`, every line as expected.
fn check_cmake_programs(build: &Path, lib: &Path) {
    let expected = expected_top1465();
    let top1465 = data_dir().join(TOP1465);
    for program in [
        "solve_file_shared",
        "solve_cpp_shared",
        "solve_file_static",
        "solve_cpp_static",
    ] {
        let path = build.join(program);
        let dynamic = dynamic_section(&path);
        let shared = program.contains("shared");
        assert_eq!(
            dynamic.contains(&format!("Shared library: [{}]", soname())),
            shared,
            "{program}:\n{dynamic}"
        );
        assert!(!dynamic.contains("libsudoku.so]"), "{program}:\n{dynamic}");
        if shared {
            assert!(
                run_paths(&dynamic).iter().any(|p| p == lib),
                "{program} has no rpath to {}:\n{dynamic}",
                lib.display()
            );
        }
        // solve_file reads the file named; solve_cpp reads "-", stdin.
        let mut command = Command::new(&path);
        command.env_remove("LD_LIBRARY_PATH");
        if program.starts_with("solve_file") {
            command.arg(&top1465).stdin(Stdio::null());
        } else {
            let file = fs::File::open(&top1465).expect("open the data file");
            command.arg("-").stdin(Stdio::from(file));
        }
        let output = checked(&mut command);
        assert_eq!(
            String::from_utf8_lossy(&output.stdout),
            expected,
            "{program}"
        );
        if !program.starts_with("solve_file") {
            assert!(output.stderr.is_empty(), "{program}");
        }
    }
}

#[test]
fn install_refuses_spaced_folders_and_missing_libraries_before_writing_anything() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install-refusals");
    let _ = fs::remove_dir_all(&scratch);
    fs::create_dir_all(scratch.join("no-libs")).unwrap();
    let run_make =
        |target: &str, args: &[String]| make_command(target, args).output().expect("run make");
    // A folder with a space would be split into two paths: refused by install and uninstall.
    let spaced = scratch.join("my prefix");
    for target in ["install", "uninstall"] {
        for variable in ["PREFIX", "MANDIR", "DOCDIR"] {
            let output = run_make(
                target,
                &[
                    format!("{variable}={}", spaced.display()),
                    "CARGO=true".to_string(),
                ],
            );
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert!(!output.status.success(), "{target} {variable}");
            assert!(
                stderr.contains(&format!(
                    "{variable}='{}' holds white space",
                    spaced.display()
                )),
                "{target} {variable}: {stderr}"
            );
        }
    }
    // No library in LIB_DIR: install stops before it writes a file.
    let prefix = scratch.join("prefix");
    let output = run_make(
        "install",
        &[
            format!("PREFIX={}", prefix.display()),
            format!("LIB_DIR={}", scratch.join("no-libs").display()),
            "CARGO=true".to_string(),
        ],
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{stderr}");
    assert!(
        stderr.contains("libsudoku.a is missing") && stderr.contains("nothing was installed"),
        "{stderr}"
    );
    let mut written: Vec<String> = fs::read_dir(&scratch)
        .unwrap()
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    written.sort();
    assert_eq!(written, ["no-libs"], "make wrote outside its refusals");
}

#[test]
fn install_then_build_and_run_c_cpp_and_python_through_pkg_config() {
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install");
    let libs = copy_built_libraries(&scratch);
    let prefix = scratch.join("prefix");
    let out = scratch.join("programs");
    fs::create_dir_all(&out).unwrap();

    // --- make install
    let vars = [
        format!("PREFIX={}", prefix.display()),
        format!("LIB_DIR={}", libs.display()),
        "CARGO=true".to_string(),
    ];
    let installed = make("install", &vars);
    let version = env!("CARGO_PKG_VERSION");
    let so_file = format!("libsudoku.so.{version}");
    let mut expected_entries = vec![
        ("include/sudoku.h".to_string(), None),
        ("lib/libsudoku.a".to_string(), None),
        ("lib/libsudoku.so".to_string(), Some(soname())),
        (format!("lib/{}", soname()), Some(so_file.clone())),
        (format!("lib/{so_file}"), None),
        ("lib/pkgconfig/sudoku.pc".to_string(), None),
        ("lib/cmake/sudoku/sudokuConfig.cmake".to_string(), None),
        (
            "lib/cmake/sudoku/sudokuConfigVersion.cmake".to_string(),
            None,
        ),
    ];
    let man_pages = man_pages();
    assert!(man_pages.len() > 1, "no man pages in man/man3");
    for page in &man_pages {
        expected_entries.push((format!("share/man/man3/{page}"), None));
    }
    for license in LICENSES {
        expected_entries.push((format!("share/doc/libsudoku/{license}"), None));
    }
    expected_entries.sort();
    assert_eq!(installed_entries(&prefix), expected_entries);
    for page in &man_pages {
        assert_eq!(
            fs::read(prefix.join("share/man/man3").join(page)).unwrap(),
            fs::read(repo_root().join("man/man3").join(page)).unwrap(),
            "{page}"
        );
    }
    for license in LICENSES {
        assert_eq!(
            fs::read(prefix.join("share/doc/libsudoku").join(license)).unwrap(),
            fs::read(repo_root().join(license)).unwrap(),
            "{license}"
        );
    }
    // The last line tells what to do about the loader, which does not search a scratch folder.
    let lib = prefix.join("lib");
    let stdout = String::from_utf8_lossy(&installed.stdout);
    // (make -C adds its own "make: Leaving directory" line after the recipe's.)
    let last = stdout
        .lines()
        .rfind(|line| !line.starts_with("make:") && !line.starts_with("make["))
        .unwrap_or_default();
    assert_eq!(
        last,
        format!(
            "The loader does not search {lib}: link programs with -Wl,-rpath,{lib} (CMake: \
             docs/install.md), set LD_LIBRARY_PATH={lib}, or add {lib} to /etc/ld.so.conf.d/ \
             and run ldconfig as root.",
            lib = lib.display()
        ),
        "{stdout}"
    );
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
        common::drawn_grid(top1),
        common::drawn_grid(top1_solution)
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

    // --- make uninstall removes every installed file and the package's own folders (the
    // CMake package's and the docs'); the others may stay: they can be shared
    make("uninstall", &vars[..1]);
    assert_eq!(installed_entries(&prefix), Vec::new());
    for own in ["lib/cmake/sudoku", "share/doc/libsudoku"] {
        assert!(!prefix.join(own).exists(), "{own} left after uninstall");
    }
}

#[test]
fn cmake_finds_a_staged_install_and_builds_both_targets() {
    if !common::tool_or_skip("cmake", "cmake", "the CMake install test") {
        return;
    }
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("install-cmake");
    let libs = copy_built_libraries(&scratch);
    let stage = scratch.join("stage");
    // PREFIX is where the tree would go; DESTDIR stages it elsewhere, where CMake finds it.
    let prefix = "/opt/libsudoku-cmake-test";
    let vars = [
        format!("DESTDIR={}", stage.display()),
        format!("PREFIX={prefix}"),
        format!("LIB_DIR={}", libs.display()),
        "CARGO=true".to_string(),
    ];
    make("install", &vars);
    let root = stage.join(prefix.trim_start_matches('/'));
    let lib = root.join("lib");
    let config_dir = lib.join("cmake").join("sudoku");
    let config = fs::read_to_string(config_dir.join("sudokuConfig.cmake")).unwrap();
    assert!(
        !config.contains(prefix) && !config.contains(&stage.display().to_string()),
        "the package names an absolute path:\n{config}"
    );

    // --- the version file answers as CMake's own rules
    let version = env!("CARGO_PKG_VERSION");
    let work = scratch.join("version-rules");
    fs::create_dir_all(&work).unwrap();
    let script = repo_root().join("tests/cmake/version_rules.cmake");
    let define = |name: &str, value: &dyn std::fmt::Display| format!("-D{name}={value}");
    let rules = cmake(&[
        define(
            "INSTALLED",
            &config_dir.join("sudokuConfigVersion.cmake").display(),
        )
        .as_ref(),
        define("VERSION", &version).as_ref(),
        define("SIZEOF_VOID_P", &std::mem::size_of::<usize>()).as_ref(),
        define("WORK", &work.display()).as_ref(),
        "-P".as_ref(),
        script.as_os_str(),
    ]);
    // 4 versions, 3 pointer sizes, 21 single versions with and without EXACT and 19 ranges.
    let summary = String::from_utf8_lossy(&rules.stderr);
    let found: usize = summary
        .trim()
        .strip_prefix("compared 732, found ")
        .unwrap_or_else(|| panic!("{summary}"))
        .parse()
        .unwrap();
    assert!(found > 0 && found < 732, "{summary}");

    // --- configure and build the consumer project against the staged prefix
    let build = scratch.join("build");
    let examples = repo_root().join("examples");
    let configure = cmake(&[
        "-S".as_ref(),
        repo_root().join("tests/cmake/consumer").as_os_str(),
        "-B".as_ref(),
        build.as_os_str(),
        define("CMAKE_PREFIX_PATH", &root.display()).as_ref(),
        define("SUDOKU_EXAMPLES_DIR", &examples.display()).as_ref(),
        "-DCMAKE_BUILD_TYPE=Release".as_ref(),
    ]);
    let configure = String::from_utf8_lossy(&configure.stdout);
    assert!(
        configure.contains(&format!("-- sudoku {version} in {}", config_dir.display())),
        "{configure}"
    );
    cmake(&[
        "--build".as_ref(),
        build.as_os_str(),
        "--parallel".as_ref(),
        "2".as_ref(),
    ]);

    // --- the programs: linked as they should be, and solving top1465 from the build tree
    check_cmake_programs(&build, &lib);
    let expected = expected_top1465();
    let top1465 = data_dir().join(TOP1465);

    // --- installed by CMake with the link path as its rpath, it still finds the library
    let installed = scratch.join("installed");
    cmake(&[
        "--install".as_ref(),
        build.as_os_str(),
        "--prefix".as_ref(),
        installed.as_os_str(),
    ]);
    let program = installed.join("bin").join("solve_file_shared");
    let output = checked(
        Command::new(&program)
            .arg(&top1465)
            .env_remove("LD_LIBRARY_PATH"),
    );
    assert_eq!(
        String::from_utf8_lossy(&output.stdout),
        expected,
        "installed solve_file_shared"
    );

    // --- make uninstall removes every staged file
    make("uninstall", &vars[..2]);
    assert_eq!(installed_entries(&stage), Vec::new());
}

/// The folder of `name` on the PATH, as an absolute path (CMake takes a cache entry of type
/// FILEPATH, such as `SUDOKU_CARGO`, relative to the build folder).
fn on_path(name: &str) -> PathBuf {
    let path = std::env::var_os("PATH").expect("PATH is set");
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| candidate.is_file())
        .unwrap_or_else(|| panic!("{name} is not on the PATH"))
}

/// The system libraries of `STATIC_LIBS` in the Makefile, less `gcc_s` (see `PC_LIBS_PRIVATE`
/// there), as a CMake list: what `sudoku::sudoku_static` must link, installed or not.
fn static_libs_as_cmake_list() -> String {
    let makefile = fs::read_to_string(repo_root().join("Makefile")).unwrap();
    let line = makefile
        .lines()
        .find_map(|line| line.strip_prefix("STATIC_LIBS := "))
        .expect("the Makefile sets STATIC_LIBS");
    line.split_whitespace()
        .map(|flag| flag.strip_prefix("-l").expect("STATIC_LIBS holds -l flags"))
        .filter(|lib| *lib != "gcc_s")
        .collect::<Vec<_>>()
        .join(";")
}

#[test]
fn cmake_builds_libsudoku_as_a_subproject() {
    if !common::tool_or_skip("cmake", "cmake", "the CMake subproject test") {
        return;
    }
    // The root CMakeLists.txt runs cargo; here SUDOKU_CARGO is `true` and its target folder
    // already holds this run's libraries (as for make, see the module documentation). CI
    // builds the same project with cargo itself (.ci/run).
    let scratch = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("cmake-subproject");
    let _ = fs::remove_dir_all(&scratch);
    let cargo_dir = scratch.join("cargo");
    let release = cargo_dir.join("release");
    fs::create_dir_all(&release).unwrap();
    for lib in ["libsudoku.a", "libsudoku.so"] {
        fs::copy(cbuild::lib_dir().join(lib), release.join(lib)).expect("copy a built library");
    }
    let build = scratch.join("build");
    let define = |name: &str, value: &dyn std::fmt::Display| format!("-D{name}={value}");
    let configure = cmake(&[
        "-S".as_ref(),
        repo_root().join("tests/cmake/subproject").as_os_str(),
        "-B".as_ref(),
        build.as_os_str(),
        define("SUDOKU_SOURCE_DIR", &repo_root().display()).as_ref(),
        define("SUDOKU_CARGO", &on_path("true").display()).as_ref(),
        define("SUDOKU_CARGO_TARGET_DIR", &cargo_dir.display()).as_ref(),
        "-DCMAKE_BUILD_TYPE=Release".as_ref(),
    ]);
    let configure = String::from_utf8_lossy(&configure.stdout);
    let links = format!(
        "-- sudoku::sudoku_static links {}",
        static_libs_as_cmake_list()
    );
    assert!(configure.contains(&links), "{links}\n{configure}");
    cmake(&[
        "--build".as_ref(),
        build.as_os_str(),
        "--parallel".as_ref(),
        "2".as_ref(),
    ]);

    // The build made the soname link beside the libraries, as make's build folder has it.
    let link = release.join(soname());
    assert_eq!(
        fs::read_link(&link).expect("the soname link"),
        Path::new("libsudoku.so")
    );
    check_cmake_programs(&build, &release);

    // --- the package and the subproject in one project: refused, with the reason
    let both = scratch.join("both");
    fs::create_dir_all(&both).unwrap();
    fs::write(
        both.join("CMakeLists.txt"),
        format!(
            "cmake_minimum_required(VERSION 3.13)\nproject(both LANGUAGES C)\n\
             add_library(sudoku::sudoku SHARED IMPORTED)\n\
             add_subdirectory(\"{}\" libsudoku)\n",
            repo_root().display()
        ),
    )
    .unwrap();
    let cargo = define("SUDOKU_CARGO", &on_path("true").display());
    assert_configure_refused(
        &both,
        &both.join("build"),
        &cargo,
        "sudoku::sudoku is already defined",
    );

    // --- a cargo that is not there: refused when configuring, named
    let missing = "/nonexistent/cargo";
    assert_configure_refused(
        repo_root(),
        &scratch.join("no-cargo"),
        &define("SUDOKU_CARGO", &missing),
        &format!("SUDOKU_CARGO is {missing}, which is not a file"),
    );
}

/// Configures the CMake project in `source` into `build` with the cache definition `define`,
/// and checks that it fails with `reason` on stderr.
fn assert_configure_refused(source: &Path, build: &Path, define: &str, reason: &str) {
    let refused = Command::new("cmake")
        .arg("-S")
        .arg(source)
        .arg("-B")
        .arg(build)
        .arg(define)
        .env_remove("MAKEFLAGS")
        .output()
        .expect("run cmake");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{stderr}");
    assert!(stderr.contains(reason), "{reason}: {stderr}");
}
