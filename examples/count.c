/* count: prints how many solutions a Sudoku puzzle has, counting up to a limit.
 *
 * Usage: count PUZZLE [LIMIT]
 *        count -h | --help   prints the usage to stdout
 *
 * PUZZLE is 81 characters in row-major order: '1'-'9' for givens, '.' or '0' for blanks. LIMIT
 * (default 1000, at least 1) caps the count: the search stops once it has found LIMIT solutions.
 *
 * Prints "N solutions" ("1 solution"), or "at least N solutions (the limit)" when the count
 * reached LIMIT. Exit codes: 0 counted (a count of 0 included), 2 invalid input (the status
 * message goes to stderr), bad usage (an unknown option or a wrong number of arguments: the usage
 * goes to stderr) or an error writing the output ("count: error writing output: REASON" on
 * stderr).
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"

#define DEFAULT_LIMIT 1000
#define PROGRAM "count"


static void usage(FILE *out)
{
    fputs("usage: count PUZZLE [LIMIT]\n"
          "Counts the solutions of PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0'\n"
          "blanks), stopping at LIMIT (default 1000, at least 1).\n"
          "Exit codes: 0 counted, 2 invalid input, usage or an error writing the output.\n",
          out);
}

/* Parses LIMIT: a decimal integer of at least 1. */
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
    size_t len;
    sudoku_status status;

    if (argc == 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) {
        usage(stdout);
        return finish_output(PROGRAM, 0);
    }
    /* A puzzle never starts with '-': "-x" is an option count does not know. */
    if (argc < 2 || argc > 3 || (argv[1][0] == '-' && argv[1][1] != '\0')) {
        usage(stderr);
        return 2;
    }
    len = strlen(argv[1]);
    if (len != SUDOKU_CELLS) {
        fprintf(stderr, "count: a puzzle has %d characters, got %zu\n", SUDOKU_CELLS, len);
        return 2;
    }
    if (argc == 3 && !parse_limit(argv[2], &limit)) {
        fprintf(stderr, "count: LIMIT must be a whole number of at least 1, got \"%s\"\n",
                argv[2]);
        return 2;
    }

    /* The library reads exactly 81 bytes, so the argument string can be passed directly. */
    status = sudoku_count_solutions(argv[1], limit, &count);
    if (status != SUDOKU_OK) {
        size_t cell = 0;
        if (sudoku_validate(argv[1], &cell) != SUDOKU_OK) {
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
    return finish_output(PROGRAM, 0);
}
