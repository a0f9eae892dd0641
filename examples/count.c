/* count: prints how many solutions a Sudoku puzzle has, counting up to a limit.
 *
 * Usage: count [--] PUZZLE [LIMIT]
 *        count -h | --help   prints the usage to stdout
 *        count --version     prints "count (libsudoku) VERSION", the library's version
 *
 * Options (-h, --help, --version) may also follow PUZZLE or LIMIT; "--" ends them.
 *
 * PUZZLE is one line in any one-line form the library's reader knows: 81 cells in row-major
 * order ('1'-'9' givens; '.', '0', '*', '_', '-', 'x' or 'X' blanks), optionally followed by
 * spaces and a rating or comment. LIMIT (default 1000, at least 1) caps the count: the search
 * stops once it has found LIMIT solutions.
 *
 * Prints "N solutions" ("1 solution"), or "at least N solutions (the limit)" when the count
 * reached LIMIT. Exit codes: 0 counted (a count of 0 included), 2 invalid input (the reason,
 * and for a bad character or two equal givens the cell, go to stderr), bad usage (what was
 * wrong, then a pointer to --help, on stderr) or an error writing the output ("count: error
 * writing output: REASON" on stderr).
 */

/* For stat (POSIX), which read_argument.h uses to tell a file named as PUZZLE. */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"
#include "usage_error.h"
#include "read_argument.h"

#define DEFAULT_LIMIT 1000
#define PROGRAM "count"


static void usage(FILE *out)
{
    fputs("usage: count [--] PUZZLE [LIMIT]\n"
          "Counts the solutions of PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.'\n"
          "or '0' blanks; a rating or comment may follow), stopping at LIMIT (default 1000, at\n"
          "least 1).\n"
          "Exit codes: 0 counted, 2 invalid input, usage or an error writing the output.\n",
          out);
}

/* Parses LIMIT: a decimal integer from 1 to 2^64 - 1. */
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
    uint64_t limit = DEFAULT_LIMIT, count = 0;
    char board[SUDOKU_CELLS];
    sudoku_status status;
    /* The operands' indices in argv: PUZZLE, then LIMIT. */
    int operand[2] = {0, 0}, operands = 0, options = 1, i;

    /* Options anywhere, as in the other programs; "--" ends them, so that a puzzle written
     * with '-' blanks is never taken for an option. */
    for (i = 1; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (options && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) {
            usage(stdout);
            return finish_output(PROGRAM, 0, 2);
        } else if (options && strcmp(argv[i], "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output(PROGRAM, 0, 2);
        } else if (options && is_option(argv[i])) {
            fprintf(stderr, PROGRAM ": unknown option '%s'\n", argv[i]);
            return usage_error(PROGRAM, NULL, NULL);
        } else if (operands == 2) {
            return usage_error(PROGRAM, "too many arguments: PUZZLE and LIMIT at most", NULL);
        } else {
            operand[operands++] = i;
        }
    }
    if (operands == 0) {
        return usage_error(PROGRAM, "PUZZLE missing", NULL);
    }
    if (operands == 2 && !parse_limit(argv[operand[1]], &limit)) {
        /* A bad number is a usage error, with the pointer to the usage as everywhere. */
        return usage_error(PROGRAM,
                           "LIMIT must be a whole number from 1 to 18446744073709551615, got",
                           argv[operand[1]]);
    }
    if (!read_argument(PROGRAM, argv[operand[0]], board)) {
        return 2;
    }

    status = sudoku_count_solutions(board, limit, &count);
    if (status != SUDOKU_OK) {
        size_t cell = 0;
        if (sudoku_validate(board, &cell) != SUDOKU_OK) {
            fprintf(stderr, "count: %s: %s (cell %zu: row %zu, column %zu)\n",
                    sudoku_status_name(status), sudoku_status_message(status), cell,
                    cell / 9 + 1, cell % 9 + 1);
        } else {
            fprintf(stderr, "count: %s: %s\n", sudoku_status_name(status),
                    sudoku_status_message(status));
        }
        return 2;
    }
    if (count == limit) {
        printf("at least %llu solution%s (the limit)\n", (unsigned long long)count,
               count == 1 ? "" : "s");
    } else {
        printf("%llu solution%s\n", (unsigned long long)count, count == 1 ? "" : "s");
    }
    return finish_output(PROGRAM, 0, 2);
}
