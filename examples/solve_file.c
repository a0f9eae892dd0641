/* solve_file: solves every puzzle of a file (or stdin) with libsudoku, one puzzle a line.
 *
 * Usage: solve_file [--unique | --count N] [FILE]
 *
 * Reads FILE, or stdin when FILE is absent or "-". Lines end in LF or CRLF. Trailing spaces, tabs
 * and CRs are stripped from each line; a line left empty is blank and a line whose first byte is
 * '#' is a comment: both are skipped silently. Every other line must then hold exactly 81 puzzle
 * characters (row-major, '1'-'9' givens, '.' or '0' blanks); a line of another length is reported
 * on stderr with its line number and skipped. The 81 bytes go to the library unchanged, so a
 * wrong byte (including a space inside the line) is reported as SUDOKU_INVALID_CHARACTER.
 *
 * Writes one line per puzzle to stdout:
 *   default     the solution found by sudoku_solve (first solution; fastest), or the status name
 *   --unique    the solution from sudoku_solve_unique, or the status name (for example
 *               SUDOKU_MULTIPLE_SOLUTIONS)
 *   --count N   the solution count from sudoku_count_solutions, capped at N (N >= 1), or the
 *               status name
 * and a summary line to stderr: puzzles read (= solved + no solution + multiple solutions +
 * invalid), skipped lines, and the elapsed wall time of the whole run (reading, solving and
 * writing) with the rate in puzzles per second. In --count mode a count of 0 is "no solution",
 * 1 "solved" and 2 or more "multiple solutions".
 *
 * Exit codes: 0 the input was read to its end, 1 the input could not be opened or read, 2 usage.
 */

/* For clock_gettime (POSIX); without it the elapsed time falls back to clock(). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "sudoku.h"

enum mode { MODE_SOLVE, MODE_UNIQUE, MODE_COUNT };

/* Bytes kept of one line: enough for a puzzle; longer lines are only measured. */
#define LINE_KEEP 128

/* A minimal buffered reader: fread in large blocks, so lines of any length and NUL bytes are
 * handled without per-byte stdio locking. */
struct reader {
    FILE *in;
    size_t pos, end;
    int failed;
    unsigned char block[1 << 16];
};

static int next_byte(struct reader *r)
{
    if (r->pos == r->end) {
        r->end = fread(r->block, 1, sizeof r->block, r->in);
        r->pos = 0;
        if (r->end == 0) {
            r->failed = ferror(r->in) != 0;
            return EOF;
        }
    }
    return r->block[r->pos++];
}

/* Reads one line (without its LF) into line[0..LINE_KEEP). *len receives the length of the line
 * after stripping trailing spaces, tabs and CRs, counted in full even past LINE_KEEP. Returns 0
 * at the end of the input, 1 otherwise. */
static int read_line(struct reader *r, char line[LINE_KEEP], size_t *len)
{
    size_t n = 0, content = 0;
    int c = next_byte(r);
    if (c == EOF) {
        return 0;
    }
    while (c != EOF && c != '\n') {
        if (n < LINE_KEEP) {
            line[n] = (char)c;
        }
        n++;
        if (c != ' ' && c != '\t' && c != '\r') {
            content = n;
        }
        c = next_byte(r);
    }
    *len = content;
    return 1;
}

static const char *status_name(sudoku_status status)
{
    switch (status) {
    case SUDOKU_OK: return "SUDOKU_OK";
    case SUDOKU_NO_SOLUTION: return "SUDOKU_NO_SOLUTION";
    case SUDOKU_MULTIPLE_SOLUTIONS: return "SUDOKU_MULTIPLE_SOLUTIONS";
    case SUDOKU_INVALID_CHARACTER: return "SUDOKU_INVALID_CHARACTER";
    case SUDOKU_CONFLICTING_GIVENS: return "SUDOKU_CONFLICTING_GIVENS";
    case SUDOKU_NULL_POINTER: return "SUDOKU_NULL_POINTER";
    case SUDOKU_INVALID_ARGUMENT: return "SUDOKU_INVALID_ARGUMENT";
    case SUDOKU_INTERNAL_ERROR: return "SUDOKU_INTERNAL_ERROR";
    }
    return "SUDOKU_UNKNOWN_STATUS";
}

/* Wall-clock seconds from an arbitrary origin. */
static double now_seconds(void)
{
#ifdef CLOCK_MONOTONIC
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0) {
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

struct tally {
    unsigned long read, solved, no_solution, multiple, invalid, skipped;
};

/* Runs one puzzle through the library, writes its output line and counts the outcome. */
static void process(char board[SUDOKU_CELLS], enum mode mode, uint64_t limit,
                    unsigned long line_no, struct tally *t)
{
    sudoku_status status;
    uint64_t count = 0;

    t->read++;
    if (mode == MODE_COUNT) {
        status = sudoku_count_solutions(board, limit, &count);
    } else if (mode == MODE_UNIQUE) {
        status = sudoku_solve_unique(board);
    } else {
        status = sudoku_solve(board);
    }

    if (status == SUDOKU_OK && mode == MODE_COUNT) {
        printf("%llu\n", (unsigned long long)count);
        if (count == 0) {
            t->no_solution++;
        } else if (count == 1) {
            t->solved++;
        } else {
            t->multiple++;
        }
        return;
    }
    if (status == SUDOKU_OK) {
        fwrite(board, 1, SUDOKU_CELLS, stdout);
        putchar('\n');
        t->solved++;
        return;
    }
    puts(status_name(status));
    if (status == SUDOKU_NO_SOLUTION) {
        t->no_solution++;
    } else if (status == SUDOKU_MULTIPLE_SOLUTIONS) {
        t->multiple++;
    } else {
        size_t cell = 0;
        t->invalid++;
        if (sudoku_validate(board, &cell) != SUDOKU_OK) {
            fprintf(stderr, "solve_file: line %lu: %s (cell %zu)\n", line_no,
                    sudoku_status_message(status), cell);
        } else {
            fprintf(stderr, "solve_file: line %lu: %s\n", line_no, sudoku_status_message(status));
        }
    }
}

static void usage(FILE *out)
{
    fputs("usage: solve_file [--unique | --count N] [FILE]\n"
          "Solves one puzzle per line of FILE (stdin if absent or \"-\"), writing one line per\n"
          "puzzle: the solution, the solution count (--count N, capped at N >= 1), or the status\n"
          "name such as SUDOKU_NO_SOLUTION. --unique requires exactly one solution.\n"
          "Lines end in LF or CRLF; trailing spaces, tabs and CRs are ignored. Blank lines and\n"
          "lines starting with '#' are skipped. Any other line must hold exactly 81 puzzle\n"
          "characters ('1'-'9' givens, '.' or '0' blanks); a line of another length is reported\n"
          "with its line number and skipped. A summary goes to stderr.\n"
          "Exit codes: 0 input read to the end, 1 input error, 2 usage.\n",
          out);
}

/* Parses N of --count: a decimal integer of at least 1. */
static int parse_limit(const char *text, uint64_t *limit)
{
    char *end;
    unsigned long long value;
    if (text[0] < '0' || text[0] > '9') {
        return 0;
    }
    errno = 0;
    value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value == 0) {
        return 0;
    }
    *limit = (uint64_t)value;
    return 1;
}

int main(int argc, char **argv)
{
    static struct reader reader; /* static: the block is too large for some stacks */
    enum mode mode = MODE_SOLVE;
    uint64_t limit = 0;
    const char *path = NULL;
    char line[LINE_KEEP];
    size_t len;
    unsigned long line_no = 0;
    struct tally t = {0, 0, 0, 0, 0, 0};
    double start, elapsed;
    int i;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return 0;
        } else if (strcmp(argv[i], "--unique") == 0 && mode == MODE_SOLVE) {
            mode = MODE_UNIQUE;
        } else if (strcmp(argv[i], "--count") == 0 && mode == MODE_SOLVE) {
            if (i + 1 >= argc || !parse_limit(argv[i + 1], &limit)) {
                fputs("solve_file: --count needs a whole number N >= 1\n", stderr);
                return 2;
            }
            mode = MODE_COUNT;
            i++;
        } else if (path == NULL && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }

    if (path == NULL || strcmp(path, "-") == 0) {
        reader.in = stdin;
        path = "stdin";
    } else {
        reader.in = fopen(path, "rb");
        if (reader.in == NULL) {
            fprintf(stderr, "solve_file: cannot open %s: %s\n", path, strerror(errno));
            return 1;
        }
    }

    start = now_seconds();
    while (read_line(&reader, line, &len)) {
        line_no++;
        if (len == 0 || line[0] == '#') {
            continue;
        }
        if (len != SUDOKU_CELLS) {
            fprintf(stderr,
                    "solve_file: line %lu: expected %d puzzle characters, got %zu; skipped\n",
                    line_no, SUDOKU_CELLS, len);
            t.skipped++;
            continue;
        }
        process(line, mode, limit, line_no, &t);
    }
    elapsed = now_seconds() - start;
    if (reader.in != stdin) {
        fclose(reader.in);
    }
    if (reader.failed) {
        fprintf(stderr, "solve_file: error reading %s\n", path);
        return 1;
    }
    if (fflush(stdout) != 0) {
        fprintf(stderr, "solve_file: error writing output: %s\n", strerror(errno));
        return 1;
    }

    fprintf(stderr,
            "solve_file: read %lu, solved %lu, no solution %lu, multiple solutions %lu, "
            "invalid %lu, skipped lines %lu; elapsed %.3f s, %.0f puzzles/s\n",
            t.read, t.solved, t.no_solution, t.multiple, t.invalid, t.skipped, elapsed,
            elapsed > 0.0 ? (double)t.read / elapsed : 0.0);
    return 0;
}
