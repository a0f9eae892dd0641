/* rate: rates puzzles as Sudoku Explainer does (ER/EP/ED, serate's default output), with
 * libsudoku's step engine, on all cores.
 *
 * Usage: rate [--threads N] [FILE...]
 *        rate -h | --help   prints the usage to stdout
 *
 * Reads each FILE in turn ("-" or no FILE: stdin), one puzzle a line in any one-line form the
 * library's reader knows (81 cells; a rating or comment may follow, so a rated file can be
 * rated again); blank lines and comment lines are skipped. For each puzzle it prints
 * "PUZZLE ER/EP/ED" (the 81 cells as the reader gives them, '.' for blanks; each rating with
 * one decimal, as serate's %r/%p/%d), in input order. When the puzzle needs a technique beyond
 * the engine's, the ER is a lower bound and is marked ">=" (">=9.0/1.2/1.2"); an EP or ED the
 * engine could not reach is given as that same bound, marked too. A line that is not a puzzle,
 * or a puzzle that cannot be rated (no solution, two equal givens, candidates), prints nothing
 * on stdout and "rate: FILE:LINE: REASON" on stderr.
 *
 * Puzzles are rated in batches of BATCH with sudoku_rate_batch on up to N threads (default 0:
 * every core available).
 *
 * Exit codes: 0 every puzzle rated, 1 some line could not be rated, a FILE could not be read
 * ("rate: FILE: REASON") or the output could not be written, 2 usage.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"
#include "usage_error.h"
#include "read_diagnostic.h"

#define PROGRAM "rate"

/* Puzzles rated per sudoku_rate_batch call. */
#define BATCH 1024

/* The puzzles of a batch and where they came from. */
struct batch {
    char boards[BATCH][SUDOKU_CELLS];
    unsigned long lines[BATCH];
    struct sudoku_rating ratings[BATCH];
    sudoku_status statuses[BATCH];
    size_t count;
};

static void usage(FILE *out)
{
    fputs("usage: rate [--threads N] [FILE...]\n"
          "Rates each puzzle of the FILEs (stdin if none or \"-\"; one puzzle a line, a rating\n"
          "or comment may follow) as Sudoku Explainer's serate does, printing \"PUZZLE\n"
          "ER/EP/ED\" per puzzle (ratings with one decimal, as serate's %r/%p/%d). A puzzle\n"
          "needing techniques beyond the engine's gets a lower bound, marked \">=\" (for\n"
          "example \">=9.0/1.2/1.2\"); an EP or ED not reached is that bound, marked too.\n"
          "Lines that cannot be rated are reported on stderr (\"rate: FILE:LINE: REASON\").\n"
          "--threads N: at most N threads (default 0: all cores).\n"
          "Exit codes: 0 all rated, 1 some line not rated or an input or output error, 2 usage.\n",
          out);
}

/* One rating in tenths as serate prints it ("6.2"), with ">=" when it is a lower bound. */
static void print_tenths(unsigned value, int bound)
{
    printf("%s%u.%u", bound ? ">=" : "", value / 10, value % 10);
}

/* Rates the batch and prints it; returns the number of puzzles that could not be rated. */
static size_t flush_batch(struct batch *b, const char *name, size_t threads)
{
    size_t i, failed = 0;
    sudoku_status status;
    if (b->count == 0) {
        return 0;
    }
    status = sudoku_rate_batch(&b->boards[0][0], b->count, b->ratings, b->statuses, threads);
    for (i = 0; i < b->count; i++) {
        sudoku_status s = status == SUDOKU_OK ? b->statuses[i] : status;
        if (s != SUDOKU_OK) {
            size_t cell = 0;
            fprintf(stderr, PROGRAM ": %s:%lu: %s: %s", name, b->lines[i],
                    sudoku_status_name(s), sudoku_status_message(s));
            /* The faulty cell, as the other programs name it. */
            if (s == SUDOKU_CONFLICTING_GIVENS && sudoku_validate(b->boards[i], &cell) == s) {
                fprintf(stderr, " (cell %zu: row %zu, column %zu)", cell, cell / 9 + 1,
                        cell % 9 + 1);
            }
            fputc('\n', stderr);
            failed++;
            continue;
        }
        {
            const struct sudoku_rating *r = &b->ratings[i];
            int bound = !r->complete;
            fwrite(b->boards[i], 1, SUDOKU_CELLS, stdout);
            putchar(' ');
            print_tenths(r->er, bound);
            putchar('/');
            print_tenths(bound && r->ep == 0 ? r->er : r->ep, bound && r->ep == 0);
            putchar('/');
            print_tenths(bound && r->ed == 0 ? r->er : r->ed, bound && r->ed == 0);
            putchar('\n');
        }
    }
    b->count = 0;
    return failed;
}

/* Reads one line of `in` into *line (grown as needed, NUL-terminated, without its line end:
 * "\n", "\r\n" or a lone "\r"), its length in *len (a NUL byte inside is kept, for the reader
 * to report). Returns 1 for a line, 0 at the end of the input, -1 when memory ran out. */
static int read_line(FILE *in, char **line, size_t *cap, size_t *len)
{
    int c;
    *len = 0;
    while ((c = getc(in)) != EOF && c != '\n') {
        if (c == '\r') {
            int next = getc(in);
            if (next != '\n' && next != EOF) {
                ungetc(next, in);
            }
            break;
        }
        if (*len + 2 > *cap) {
            size_t grown = *cap < 128 ? 128 : 2 * *cap;
            char *p = realloc(*line, grown);
            if (p == NULL) {
                return -1;
            }
            *line = p;
            *cap = grown;
        }
        (*line)[(*len)++] = (char)c;
    }
    if (c == EOF && *len == 0) {
        return 0;
    }
    if (*line == NULL) {
        *line = malloc(1);
        if (*line == NULL) {
            return -1;
        }
        *cap = 1;
    }
    (*line)[*len] = '\0';
    return 1;
}

/* Rates every puzzle of one input; returns 0, or 1 when a line could not be rated or the
 * input could not be read. */
static int rate_input(FILE *in, const char *name, struct batch *b, size_t threads)
{
    char *line = NULL;
    size_t cap = 0, failed = 0, len = 0;
    unsigned long number = 0;
    int got, code = 0;
    while ((got = read_line(in, &line, &cap, &len)) == 1) {
        struct sudoku_read_info info;
        uint16_t masks[SUDOKU_CELLS];
        sudoku_status status;
        number++;
        sudoku_read_info_init(&info);
        info.first_line = number; /* the reader's messages then name the file's line */
        status = sudoku_read_puzzle(line, len, b->boards[b->count], masks, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            continue; /* blank or comment */
        }
        if (status != SUDOKU_OK) {
            /* Rate the puzzles before this line first, so that stderr follows the input. */
            failed += flush_batch(b, name, threads);
        }
        if (status == SUDOKU_INVALID_FORMAT) {
            char diagnostic[192];
            read_diagnostic(line, &info, diagnostic, sizeof diagnostic);
            fprintf(stderr, PROGRAM ": %s:%lu: %s\n", name, number, diagnostic);
            failed++;
            continue;
        }
        if (status != SUDOKU_OK || info.kind != SUDOKU_PUZZLE_GIVENS) {
            failed += flush_batch(b, name, threads);
            fprintf(stderr, PROGRAM ": %s:%lu: %s\n", name, number,
                    status != SUDOKU_OK ? sudoku_status_message(status)
                                        : "candidate puzzles are not rated; give 81 cells");
            failed++;
            continue;
        }
        b->lines[b->count++] = number;
        if (b->count == BATCH) {
            failed += flush_batch(b, name, threads);
        }
    }
    failed += flush_batch(b, name, threads);
    free(line);
    if (got < 0) {
        fprintf(stderr, PROGRAM ": %s: out of memory\n", name);
        code = 1;
    } else if (ferror(in)) {
        fprintf(stderr, PROGRAM ": %s: %s\n", name, strerror(errno != 0 ? errno : EIO));
        code = 1;
    }
    return failed > 0 ? 1 : code;
}

/* finish_output with this program's exit code for an output error: 1 (2 means usage). */
static int finish(int code)
{
    return finish_output(PROGRAM, code) == code ? code : 1;
}

int main(int argc, char **argv)
{
    size_t threads = 0;
    int i, files = 0, code = 0;
    struct batch *b;

    /* Options first, in order; then the FILEs. */
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return finish(0);
        } else if (strcmp(argv[i], "--threads") == 0) {
            char *end;
            unsigned long long n;
            if (i + 1 >= argc || argv[i + 1][0] < '0' || argv[i + 1][0] > '9') {
                return usage_error(PROGRAM, "--threads needs a whole number N >= 0 (0: all cores)",
                                   NULL);
            }
            errno = 0;
            n = strtoull(argv[++i], &end, 10);
            if (errno != 0 || *end != '\0' || n != (unsigned long long)(size_t)n) {
                return usage_error(PROGRAM, "--threads needs a whole number N >= 0 (0: all cores)",
                                   NULL);
            }
            threads = (size_t)n;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(PROGRAM, "unknown option", argv[i]);
        } else {
            break;
        }
    }
    b = malloc(sizeof *b);
    if (b == NULL) {
        fputs(PROGRAM ": out of memory\n", stderr);
        return 1;
    }
    b->count = 0;
    for (; i < argc || files == 0; i++, files++) {
        const char *path = i < argc ? argv[i] : "-";
        if (strcmp(path, "-") == 0) {
            if (rate_input(stdin, "stdin", b, threads) != 0) {
                code = 1;
            }
        } else {
            FILE *in = fopen(path, "rb");
            if (in == NULL) {
                fprintf(stderr, PROGRAM ": %s: %s\n", path, strerror(errno));
                code = 1;
                continue;
            }
            if (rate_input(in, path, b, threads) != 0) {
                code = 1;
            }
            fclose(in);
        }
    }
    free(b);
    return finish(code);
}
