//! The example programs on a terminal (a pseudo-terminal): solve_file and generate show progress
//! on stderr only when stderr is a terminal; solve_file, `solve_cpp -`, `python3 -m libsudoku`, canon and rate reading
//! puzzles from a terminal say so once on stderr, and solve_file answers each line as it comes.
//!
//! Shared helpers and expected texts: `tests/example_programs/mod.rs`.

use crate::example_programs;

use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};

use sudoku_testkit::cbuild::Link;

use example_programs::*;

/// A pseudo-terminal: (master, slave). What a program writes to the slave is read from the
/// master, and `isatty` is true on the slave.
fn open_pty() -> (fs::File, fs::File) {
    use std::os::fd::FromRawFd;
    use std::os::unix::fs::OpenOptionsExt;
    // O_CLOEXEC: the tests run on several threads, and a program another test starts at this
    // moment must not inherit the master.
    // SAFETY: posix_openpt takes flags only; the result is checked.
    let master = unsafe { libc::posix_openpt(libc::O_RDWR | libc::O_NOCTTY | libc::O_CLOEXEC) };
    assert!(master >= 0, "posix_openpt failed");
    // SAFETY: `master` is an open descriptor that nothing else owns.
    let master_file = unsafe { fs::File::from_raw_fd(master) };
    // SAFETY: `master` is an open pseudo-terminal master.
    assert_eq!(unsafe { libc::grantpt(master) }, 0, "grantpt");
    // SAFETY: as above.
    assert_eq!(unsafe { libc::unlockpt(master) }, 0, "unlockpt");
    let mut name = [0 as std::ffi::c_char; 256];
    // SAFETY: `name` is 256 writable bytes and its length is passed.
    let named = unsafe { libc::ptsname_r(master, name.as_mut_ptr(), name.len()) };
    assert_eq!(named, 0, "ptsname_r");
    // SAFETY: ptsname_r succeeded, so `name` holds a NUL-terminated path.
    let path = unsafe { std::ffi::CStr::from_ptr(name.as_ptr()) }
        .to_str()
        .expect("UTF-8 pty path")
        .to_string();
    let slave = fs::OpenOptions::new()
        .read(true)
        .write(true)
        .custom_flags(libc::O_NOCTTY)
        .open(&path)
        .unwrap_or_else(|e| panic!("open {path}: {e}"));
    (master_file, slave)
}

/// Runs `program` with stderr on a terminal: its stdout and everything it wrote to the terminal.
fn run_on_terminal(program: &Path, args: &[&str]) -> (Output, String) {
    use std::io::{ErrorKind, Read};
    let (mut master, slave) = open_pty();
    let child = Command::new(program)
        .args(args)
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(
            slave
                .try_clone()
                .expect("a second descriptor of the terminal"),
        )
        .spawn()
        .unwrap_or_else(|e| panic!("run {}: {e}", program.display()));
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buf = [0u8; 4096];
        // Linux reports EIO on the master once the slave is closed and the data is drained.
        let end = loop {
            match master.read(&mut buf) {
                Ok(0) => break "end of file".to_string(),
                Ok(n) => seen.extend_from_slice(&buf[..n]),
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => break e.to_string(),
            }
        };
        (seen, end)
    });
    let output = child.wait_with_output().expect("wait for the program");
    // The test holds the terminal open until the program has exited, so that the reader sees the
    // end only after everything the program wrote.
    drop(slave);
    let (seen, end) = reader.join().expect("terminal reader");
    let terminal = String::from_utf8(seen).expect("UTF-8 terminal output");
    // When an expectation fails, say how the reading ended and show the last of the text (all of
    // it would be 300 KB).
    let tail: String = terminal
        .chars()
        .rev()
        .take(600)
        .collect::<Vec<_>>()
        .into_iter()
        .rev()
        .collect();
    eprintln!(
        "{}: {} bytes on the terminal, reading ended with: {end}; the last of them: {tail:?}",
        program.display(),
        terminal.len()
    );
    (output, terminal)
}

#[test]
fn solve_file_shows_progress_only_on_a_terminal() {
    let (input, diagnostics) = repeated_input(300);
    let path = out_dir().join("solve_file_progress.txt");
    fs::write(&path, &input).expect("write the input file");
    let path = path.to_str().expect("UTF-8 path");
    let piped = run(example("solve_file", Link::Static), &[path], b"");

    for link in LINKS {
        let program = example("solve_file", link);
        let (output, terminal) = run_on_terminal(program, &[path]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            output.stdout, piped.stdout,
            "stdout is the same on a terminal"
        );
        // The last drawing of the progress line, at the end of the input.
        let bar = format!("\r[{}] 100.0%  3000 puzzles  ", "#".repeat(30));
        let last = terminal
            .rfind(&bar)
            .expect("the final progress line (see the terminal's text above)");
        assert!(
            terminal[last..].contains(" puzzles/s  ETA 0:00\x1b[K"),
            "{:?}",
            &terminal[last..]
        );
        // Every line that stays on the screen is whole: a progress line is erased
        // ("\r\x1b[K") before a diagnostic or the summary is written.
        let lines: Vec<&str> = terminal
            .split("\r\n") // the terminal turns "\n" into "\r\n"
            .filter(|l| !l.is_empty())
            .map(|l| l.rsplit("\r\x1b[K").next().unwrap_or(l))
            .collect();
        let (summary, shown) = lines.split_last().expect("a summary");
        assert_eq!(
            shown.iter().map(|l| format!("{l}\n")).collect::<String>(),
            diagnostics
        );
        assert!(
            summary.starts_with("solve_file: read 3000, solved 1500, "),
            "{summary:?}"
        );

        // --quiet: no progress line and no summary, even on a terminal.
        let (output, terminal) = run_on_terminal(program, &["--quiet", path]);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(output.stdout, piped.stdout);
        assert_eq!(terminal, diagnostics.replace('\n', "\r\n"));
    }
}

/// Runs `command` with stdin on a terminal where `lines` are typed, then Ctrl-D; its stdout and
/// stderr are piped. With `answered`, each line's answer is awaited before the next is typed.
fn run_with_terminal_stdin(command: &mut Command, lines: &[&str], answered: bool) -> Output {
    use std::io::{Read, Write};
    let (mut master, slave) = open_pty();
    let mut child = command
        .env_remove("LD_LIBRARY_PATH")
        .stdin(Stdio::from(slave))
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run the program");
    // The terminal echoes what is typed: drain it so that its buffer never fills.
    let mut echo = master.try_clone().expect("clone the master");
    let drain = std::thread::spawn(move || {
        let mut buf = [0u8; 4096];
        while let Ok(n) = echo.read(&mut buf) {
            if n == 0 {
                break;
            }
        }
    });
    let mut stdout = child.stdout.take().expect("piped stdout");
    let mut seen = Vec::new();
    for line in lines {
        master
            .write_all(format!("{line}\n").as_bytes())
            .expect("type a line");
        // One answer line comes back before the next line is typed.
        let before = seen.iter().filter(|&&b| b == b'\n').count();
        let mut byte = [0u8; 1];
        while answered && seen.iter().filter(|&&b| b == b'\n').count() == before {
            assert_eq!(stdout.read(&mut byte).expect("read stdout"), 1, "an answer");
            seen.push(byte[0]);
        }
    }
    master.write_all(b"\x04").expect("type Ctrl-D");
    stdout.read_to_end(&mut seen).expect("read stdout");
    let mut output = child.wait_with_output().expect("wait for the program");
    output.stdout = seen;
    drop(master);
    let _ = drain;
    output
}

#[test]
fn reading_from_a_terminal_says_so_once_and_answers_each_line() {
    let notice =
        |program: &str| format!("{program}: reading puzzles from the terminal; end with Ctrl-D\n");
    let expected = format!("{CLASSIC_SOLUTION}\n{TOP1_SOLUTION}\n");
    for link in LINKS {
        let mut command = Command::new(example("solve_file", link));
        command.arg("--quiet");
        let output = run_with_terminal_stdin(&mut command, &[CLASSIC, TOP1], true);
        assert_run(&output, 0, &expected, &notice("solve_file"));
        // solve_cpp and python3 -m libsudoku answer at the end of the input.
        let mut command = Command::new(solve_cpp(link));
        command.arg("-");
        let output = run_with_terminal_stdin(&mut command, &[CLASSIC, TOP1], false);
        assert_run(&output, 0, &expected, &notice("solve_cpp"));
        // canon too, with the forms at the end of the input.
        let mut command = Command::new(example("canon", link));
        let output = run_with_terminal_stdin(&mut command, &[CLASSIC, TOP1], false);
        let forms = text(
            &run(
                example("canon", link),
                &[],
                format!("{CLASSIC}\n{TOP1}\n").as_bytes(),
            )
            .stdout,
        )
        .to_string();
        assert_eq!(forms.lines().count(), 2, "{forms}");
        assert_run(&output, 0, &forms, &notice("canon"));
        // rate as well, with the rating at the end (serate's, in ratings/se_top1465.txt).
        let mut command = Command::new(example("rate", link));
        let output = run_with_terminal_stdin(&mut command, &[TOP1], false);
        assert_run(
            &output,
            0,
            &format!("{TOP1} 9.0/1.2/1.2\n"),
            &notice("rate"),
        );
    }
    let mut command = python_command();
    let output = run_with_terminal_stdin(&mut command, &[CLASSIC, TOP1], false);
    assert_run(&output, 0, &expected, &notice("libsudoku"));
}

#[test]
fn generate_shows_progress_only_on_a_terminal() {
    let args = ["--count", "1100", "--seed", "9"];
    let piped = run(example("generate", Link::Static), &args, b"");
    assert_eq!(piped.status.code(), Some(0));
    assert!(piped.stderr.is_empty(), "no progress on a pipe");
    for link in LINKS {
        let (output, terminal) = run_on_terminal(example("generate", link), &args);
        assert_eq!(output.status.code(), Some(0));
        assert_eq!(
            output.stdout, piped.stdout,
            "stdout is the same on a terminal"
        );
        // Blocks of 512 on a terminal: three drawings, the last at the end, then erased.
        for done in ["512", "1024", "1100"] {
            assert!(
                terminal.contains(&format!("\r{done}/1100 puzzles  ")),
                "{terminal:?}"
            );
        }
        assert!(terminal.ends_with("\r\x1b[K"), "{terminal:?}");
    }
}
