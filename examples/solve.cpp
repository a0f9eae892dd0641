// solve.cpp: libsudoku from C++17. The C header is included as it is: its extern "C" guards
// give the functions C linkage, and its types (sudoku_status, the SUDOKU_* constants) are plain
// C++ types too.
//
// Usage: solve_cpp [--] [PUZZLE] solves PUZZLE (one line of 81 cells, row-major: '1'-'9' givens,
//                             '.' or '0' blanks; a rating or comment may follow), or an embedded
//                             puzzle when none is given, and prints the grid and the status, as
//                             examples/solve.c does
//        solve_cpp -          reads every puzzle of stdin with the library's reader (one-line
//                             puzzles, grids, .sdk files, pencilmarks and candidate grids, as
//                             examples/solve_file.c does), solves the puzzles of givens with one
//                             sudoku_solve_batch call on every core and the candidate puzzles one
//                             by one, and prints one line per puzzle in input order: the solution
//                             or the status name (SUDOKU_INVALID_FORMAT for a text that is not a
//                             puzzle, with "solve_cpp: line N: REASON" on stderr)
//        solve_cpp -h | --help  prints the usage to stdout
//        solve_cpp --version    prints "solve_cpp (libsudoku) VERSION", the library's version
//
// Exit codes: 0 solved (with "-": the input was read to its end; with --help: the usage was
// printed), 1 no solution, 2 invalid input, usage (what was wrong, then a pointer to --help, on
// stderr), an error reading stdin ("solve_cpp: stdin: REASON" on stderr; nothing is solved then)
// or an error writing the output ("solve_cpp: error writing output: REASON" on stderr).
//
// Build: c++ -std=c++17 solve.cpp $(pkg-config --cflags --libs sudoku) -o solve_cpp

#include "sudoku.h"
#include "read_argument.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <ostream>
#include <new>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

namespace {

constexpr std::string_view default_puzzle =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";


// A failed call as a C++ exception, carrying the status and, for an invalid board, the cell.
class sudoku_error : public std::runtime_error {
public:
    explicit sudoku_error(sudoku_status status, size_t cell = SUDOKU_CELLS)
        : std::runtime_error(sudoku_status_message(status)), status_(status), cell_(cell)
    {
    }
    sudoku_status status() const noexcept { return status_; }
    // The faulty cell 0-80, or SUDOKU_CELLS when the error is not about one cell.
    size_t cell() const noexcept { return cell_; }

private:
    sudoku_status status_;
    size_t cell_;
};

// Reports that the output could not be written, for the reason `error` (an errno value); returns
// exit code 2.
int write_failed(int error)
{
    std::cerr << "solve_cpp: error writing output: " << std::strerror(error) << '\n';
    return 2;
}

// Flushes the output and returns `code`, or 2 with the reason on stderr when it could not be
// written (a full disk, say): the output is buffered, so a failed write may only show here, and
// exiting with `code` would hide the lost output. std::cout writes through C's stdout
// (sync_with_stdio is left on), so both are checked. A write that failed earlier leaves only the
// error flags, without its errno: EIO then.
int finish(int code)
{
    errno = 0;
    std::cout.flush();
    if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        return write_failed(errno != 0 ? errno : EIO);
    }
    return code;
}

// Prints the usage to `out`: stdout for --help, stderr after bad usage.
void usage(std::ostream &out)
{
    out << "usage: solve_cpp [PUZZLE | -]\n"
           "Solves PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.' or '0' blanks; a\n"
           "rating or comment may follow), or an embedded puzzle when none is given, and prints\n"
           "it as a grid. With \"-\", solves every puzzle on stdin (one-line puzzles, grids,\n"
           "pencilmarks, in any format solve_file reads) and prints one line per puzzle: the\n"
           "solution or the status name. Exit codes: 0 solved, 1 no solution, 2 invalid input,\n"
           "usage or an error reading the input or writing the output.\n";
}

// A usage error: what was wrong, then where to look. Returns exit code 2.
int usage_error(const std::string &what)
{
    std::cerr << "solve_cpp: " << what << "\nTry 'solve_cpp --help' for more information.\n";
    return 2;
}

// A board as the library sees it: exactly 81 bytes, no terminator.
using board = std::string;

// Reads a puzzle argument (see read_argument in read_diagnostic.h); throws invalid_argument
// when it is not one (the reason is already on stderr), sudoku_error for an invalid board.
board make_board(const char *text)
{
    board b(SUDOKU_CELLS, '.');
    if (!read_argument("solve_cpp", text, b.data())) {
        throw std::invalid_argument("not a puzzle");
    }
    size_t cell = 0;
    // Validation locates the faulty cell; sudoku_solve would report the same status.
    if (sudoku_status status = sudoku_validate(b.data(), &cell); status != SUDOKU_OK) {
        throw sudoku_error(status, cell);
    }
    return b;
}

// Prints a board as nine rows of "d d d | d d d | d d d", with a rule between bands.
void print_grid(const board &b)
{
    for (int row = 0; row < 9; row++) {
        if (row == 3 || row == 6) {
            std::cout << "------+-------+------\n";
        }
        for (int col = 0; col < 9; col++) {
            if (col == 3 || col == 6) {
                std::cout << " |";
            }
            if (col > 0) {
                std::cout << ' ';
            }
            char c = b[static_cast<size_t>(row * 9 + col)];
            std::cout << (c == '0' ? '.' : c);
        }
        std::cout << '\n';
    }
}

int solve_one(const char *text)
{
    board b;
    try {
        b = make_board(text);
    } catch (const sudoku_error &e) {
        std::cerr << "solve_cpp: " << sudoku_status_name(e.status()) << ": " << e.what()
                  << " (cell " << e.cell() << ": row " << e.cell() / 9 + 1 << ", column "
                  << e.cell() % 9 + 1 << ")\n";
        return 2;
    } catch (const std::invalid_argument &) {
        return 2; // read_argument said why
    }
    std::cout << "Puzzle:\n";
    print_grid(b);
    sudoku_status status = sudoku_solve(b.data());
    if (status == SUDOKU_OK) {
        std::cout << "\nSolution:\n";
        print_grid(b);
    }
    std::cout << "\nStatus: " << sudoku_status_name(status) << " ("
              << sudoku_status_message(status) << ")\n";
    return finish(status == SUDOKU_OK ? 0 : status == SUDOKU_NO_SOLUTION ? 1 : 2);
}

// One puzzle of stdin, in input order.
struct entry {
    size_t line;
    uint32_t kind;          // SUDOKU_PUZZLE_GIVENS, SUDOKU_PUZZLE_CANDIDATES, or 0: unreadable
    size_t index;           // its board in `boards`, its masks in `masks`
    std::string diagnostic; // unreadable: what is wrong
};

// Reads the whole of stdin. Returns false, with errno set, on a read error or when memory runs
// out (ENOMEM).
bool read_stdin(std::string &text)
{
    char block[1 << 16];
    for (;;) {
        errno = 0;
        size_t n = std::fread(block, 1, sizeof block, stdin);
        try {
            text.append(block, n);
        } catch (const std::bad_alloc &) {
            errno = ENOMEM;
            return false;
        } catch (const std::length_error &) {
            errno = ENOMEM;
            return false;
        }
        if (n < sizeof block) {
            return !std::ferror(stdin);
        }
    }
}

// Reads every puzzle of stdin, solves the puzzles of givens with a single batch call on all
// cores (in place) and the candidate puzzles one by one, and prints the results in input order.
int solve_stdin()
{
    if (isatty(0)) {
        std::cerr << "solve_cpp: reading puzzles from the terminal; end with Ctrl-D\n";
    }
    std::string text;
    if (!read_stdin(text)) {
        int error = errno != 0 ? errno : EIO;
        std::cerr << "solve_cpp: stdin: " << std::strerror(error) << '\n';
        return 2;
    }
    std::string boards;           // 81 bytes per puzzle of givens, back to back
    std::vector<uint16_t> masks;  // 81 masks per candidate puzzle
    std::vector<entry> entries;
    sudoku_read_info info;
    sudoku_read_info_init_size(&info, sizeof info);
    char board[SUDOKU_CELLS];
    uint16_t cell_masks[SUDOKU_CELLS];
    for (size_t pos = 0;;) {
        const char *at = text.data() + pos;
        sudoku_status status =
            sudoku_read_puzzle(at, text.size() - pos, board, cell_masks, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            break;
        }
        if (status == SUDOKU_OK && info.kind == SUDOKU_PUZZLE_CANDIDATES) {
            entries.push_back({info.line, info.kind, masks.size() / SUDOKU_CELLS, {}});
            masks.insert(masks.end(), cell_masks, cell_masks + SUDOKU_CELLS);
        } else if (status == SUDOKU_OK) {
            entries.push_back({info.line, info.kind, boards.size() / SUDOKU_CELLS, {}});
            boards.append(board, SUDOKU_CELLS);
        } else if (status == SUDOKU_INVALID_FORMAT) {
            char diagnostic[192];
            read_diagnostic(at, &info, diagnostic, sizeof diagnostic);
            entries.push_back({info.line, 0, 0, diagnostic});
        } else {
            std::cerr << "solve_cpp: " << sudoku_status_message(status) << '\n';
            return 2;
        }
        pos += info.consumed;
    }
    size_t count = boards.size() / SUDOKU_CELLS;
    std::vector<sudoku_status> statuses(count);
    // boards.data() is both the puzzles and the solutions: solved boards are overwritten, the
    // others keep their puzzle. threads == 0: every available core. (With no puzzle, an empty
    // string's data() is still a valid pointer.)
    std::string puzzles = boards;
    if (count > 0) {
        sudoku_status status = sudoku_solve_batch(boards.data(), count, boards.data(),
                                                  statuses.data(), SUDOKU_BATCH_FIRST, 0);
        if (status != SUDOKU_OK) {
            std::cerr << "solve_cpp: " << sudoku_status_message(status) << '\n';
            return 2;
        }
    }
    for (const entry &e : entries) {
        sudoku_status status = SUDOKU_INVALID_FORMAT;
        char solution[SUDOKU_CELLS];
        const char *answer = nullptr;
        size_t cell = SUDOKU_CELLS;
        sudoku_status found = SUDOKU_OK;
        if (e.kind == SUDOKU_PUZZLE_GIVENS) {
            status = statuses[e.index];
            answer = boards.data() + e.index * SUDOKU_CELLS;
            if (status != SUDOKU_OK) {
                found = sudoku_validate(puzzles.data() + e.index * SUDOKU_CELLS, &cell);
            }
        } else if (e.kind == SUDOKU_PUZZLE_CANDIDATES) {
            const uint16_t *m = masks.data() + e.index * SUDOKU_CELLS;
            status = sudoku_solve_candidates(m, solution);
            answer = solution;
            if (status != SUDOKU_OK) {
                found = sudoku_validate_candidates(m, &cell);
            }
        } else {
            std::cerr << "solve_cpp: line " << e.line << ": " << e.diagnostic << '\n';
        }
        if (status == SUDOKU_OK) {
            std::cout << std::string_view(answer, SUDOKU_CELLS) << '\n';
        } else {
            std::cout << sudoku_status_name(status) << '\n';
            if (e.kind != 0 && status != SUDOKU_NO_SOLUTION &&
                status != SUDOKU_MULTIPLE_SOLUTIONS) {
                std::cerr << "solve_cpp: line " << e.line << ": " << sudoku_status_message(status);
                if (found == status && cell < SUDOKU_CELLS) {
                    std::cerr << " (cell " << cell << ")";
                }
                std::cerr << '\n';
            }
        }
        // A failed write sets errno and the stream's failure flag, after which the stream
        // writes nothing: stop at once, while errno still gives the reason.
        if (!std::cout) {
            return write_failed(errno);
        }
    }
    return finish(0);
}

} // namespace

int main(int argc, char **argv)
{
    // Options anywhere, as in solve.c; "--" ends them (what follows is the operand). The one
    // operand is PUZZLE or "-" (stdin).
    const char *operand = nullptr;
    bool options = true;
    for (int i = 1; i < argc; i++) {
        std::string_view arg(argv[i]);
        if (options && arg == "--") {
            options = false;
        } else if (options && (arg == "-h" || arg == "--help")) {
            usage(std::cout);
            return finish(0);
        } else if (options && arg == "--version") {
            std::cout << "solve_cpp (libsudoku) " << sudoku_version() << '\n';
            return finish(0);
        } else if (options && is_option(argv[i])) {
            return usage_error("unknown option '" + std::string(arg) + "'");
        } else if (operand != nullptr) {
            return usage_error(std::string("one argument at most; also given '") + argv[i] + "'");
        } else {
            operand = argv[i];
        }
    }
    if (operand == nullptr) {
        return solve_one(default_puzzle.data());
    }
    if (std::string_view(operand) == "-") {
        // The puzzles' boards and results are held in memory too.
        try {
            return solve_stdin();
        } catch (const std::bad_alloc &) {
            std::cerr << "solve_cpp: out of memory\n";
            return 2;
        }
    }
    return solve_one(operand);
}
