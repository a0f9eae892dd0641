// solve.cpp: libsudoku from C++17. The C header is included as it is: its extern "C" guards
// give the functions C linkage, and its types (sudoku_status, the SUDOKU_* constants) are plain
// C++ types too.
//
// Usage: solve_cpp [PUZZLE]   solves PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0'
//                             blanks), or an embedded puzzle when none is given, and prints the
//                             grid and the status, as examples/solve.c does
//        solve_cpp -          reads puzzles from stdin, one a line (blank lines and lines
//                             starting with '#' skipped, LF or CRLF), solves them all with one
//                             sudoku_solve_batch call on every core, and prints one line per
//                             puzzle in input order: the solution or the status name; a line
//                             that is not 81 characters is reported on stderr with its line
//                             number and skipped, as examples/solve_file.c does
//        solve_cpp -h | --help  prints the usage to stdout
//
// Exit codes: 0 solved (with "-": the input was read to its end; with --help: the usage was
// printed), 1 no solution, 2 invalid input, usage (an unknown option, or more than one argument:
// the usage goes to stderr), an error reading stdin ("solve_cpp: error reading stdin: REASON" on
// stderr; nothing is solved then) or an error writing the output ("solve_cpp: error writing
// output: REASON" on stderr).
//
// Build: c++ -std=c++17 solve.cpp $(pkg-config --cflags --libs sudoku) -o solve_cpp

#include "sudoku.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <iostream>
#include <ostream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

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
           "Solves PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0' blanks), or an\n"
           "embedded puzzle when none is given, and prints it as a grid. With \"-\", solves every\n"
           "puzzle on stdin (one a line) and prints one line per puzzle: the solution or the\n"
           "status name. Exit codes: 0 solved, 1 no solution, 2 invalid input, usage or an error\n"
           "reading the input or writing the output.\n";
}

// A board as the library sees it: exactly 81 bytes, no terminator.
using board = std::string;

board make_board(std::string_view text)
{
    if (text.size() != SUDOKU_CELLS) {
        throw std::invalid_argument("a puzzle has 81 characters, got " +
                                    std::to_string(text.size()));
    }
    board b(text);
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

int solve_one(std::string_view text)
{
    board b;
    try {
        b = make_board(text);
    } catch (const sudoku_error &e) {
        std::cerr << "solve_cpp: " << sudoku_status_name(e.status()) << ": " << e.what()
                  << " (cell " << e.cell() << ": row " << e.cell() / 9 + 1 << ", column "
                  << e.cell() % 9 + 1 << ")\n";
        return 2;
    } catch (const std::invalid_argument &e) {
        std::cerr << "solve_cpp: " << e.what() << '\n';
        return 2;
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

// Reads every puzzle line of stdin into one buffer, solves them in place with a single batch
// call on all cores, and prints the results in input order.
int solve_stdin()
{
    std::string boards; // 81 bytes per puzzle, back to back
    std::string line;
    unsigned long line_no = 0;
    for (;;) {
        // getline fails both at the end of the input and on a read error (stdin a directory,
        // or closed): errno, cleared here, and the stream's error flags tell them apart below.
        errno = 0;
        if (!std::getline(std::cin, line)) {
            break;
        }
        line_no++;
        while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
            line.pop_back();
        }
        if (line.empty() || line[0] == '#') {
            continue;
        }
        if (line.size() != SUDOKU_CELLS) {
            std::cerr << "solve_cpp: line " << line_no << ": expected 81 puzzle characters, got "
                      << line.size() << "; skipped\n";
            continue;
        }
        boards += line;
    }
    // std::cin reads through C's stdin (sync_with_stdio is left on), so a failed read sets
    // stdin's error flag (and errno) while the stream only sees an end of input; badbit is set
    // when the stream itself failed.
    if (std::cin.bad() || std::ferror(stdin)) {
        int error = errno != 0 ? errno : EIO;
        std::cerr << "solve_cpp: error reading stdin: " << std::strerror(error) << '\n';
        return 2;
    }
    size_t count = boards.size() / SUDOKU_CELLS;
    if (count == 0) {
        // Nothing to solve (and an empty vector's data() may be NULL, which the batch call
        // rejects).
        return 0;
    }
    std::vector<sudoku_status> statuses(count);
    // boards.data() is both the puzzles and the solutions: solved boards are overwritten, the
    // others keep their puzzle. threads == 0: every available core.
    sudoku_status status = sudoku_solve_batch(boards.data(), count, boards.data(),
                                              statuses.data(), SUDOKU_BATCH_FIRST, 0);
    if (status != SUDOKU_OK) {
        std::cerr << "solve_cpp: " << sudoku_status_message(status) << '\n';
        return 2;
    }
    for (size_t i = 0; i < count; i++) {
        if (statuses[i] == SUDOKU_OK) {
            std::cout << std::string_view(boards).substr(i * SUDOKU_CELLS, SUDOKU_CELLS) << '\n';
        } else {
            std::cout << sudoku_status_name(statuses[i]) << '\n';
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
    if (argc > 2) {
        usage(std::cerr);
        return 2;
    }
    if (argc == 2) {
        std::string_view arg(argv[1]);
        if (arg == "-h" || arg == "--help") {
            usage(std::cout);
            return finish(0);
        }
        if (arg == "-") {
            return solve_stdin();
        }
        // A puzzle never starts with '-': this is an option solve_cpp does not know.
        if (!arg.empty() && arg.front() == '-') {
            usage(std::cerr);
            return 2;
        }
    }
    return solve_one(argc == 2 ? std::string_view(argv[1]) : default_puzzle);
}
