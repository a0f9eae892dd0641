/* generate: prints puzzles with exactly one solution, made by libsudoku's generator.
 *
 * Usage: generate [--count N] [--seed S] [--index K] [--symmetry NAME] [--givens A-B]
 *                 [--not-minimal] [--er A-B] [--attempts N] [--threads N]
 *        generate --pattern P [--count N] [--seed S] [--index K] [--er A-B] [--attempts N]
 *                 [--threads N]
 *        generate -h | --help   prints the usage to stdout
 *        generate --version   prints "generate (libsudoku) VERSION", the library's version
 *
 * Writes N puzzles (default 1) to stdout, one line each: 81 characters, '1'-'9' givens and '.'
 * blanks. Puzzle i (from 0) is puzzle K + i of seed S (default 0; decimal or 0x hexadecimal;
 * --index K, default 0, wrapping below 2^64): the same on every machine and thread count, so a
 * seed and a count name a set of puzzles, and --index resumes a run or makes one puzzle again.
 * A puzzle not found is skipped (reported on stderr with its index), so the lines that follow
 * it move up. By default each puzzle is minimal (no given can go without losing uniqueness);
 * --not-minimal stops removing givens at a number drawn from the --givens range. --symmetry
 * gives the pattern of givens a symmetry: none (default), rotate180, rotate90, mirror-rows,
 * mirror-columns, diagonal, antidiagonal, both-diagonals, both-mirrors, dihedral. --givens A-B
 * (or A) keeps the number of givens in range (default 17-81). --er A-B (or A) keeps only
 * puzzles whose Sudoku Explainer rating, as libsudoku's step engine rates them (sudoku_rate),
 * lies in A-B, each a rating with at most one decimal such as 6.6 or 7 (default: any rating).
 * --attempts N: the most solved grids tried for one puzzle before it is reported not found
 * (default 1000; a rare --er window, such as 9.0-11.9 at about 2,000 attempts a puzzle, needs
 * more). --threads N generates on up to N threads (default 0: all cores).
 *
 * --pattern P makes puzzles whose givens are exactly the cells of P (81 characters: '.' or '0'
 * blank, '1'-'9', 'x' or 'X' a given's cell, so a puzzle is its own pattern): puzzle i is puzzle
 * K + i of seed S on P (sudoku_generate_pattern_with with first_index K + i; puzzle 0 is
 * sudoku_generate_pattern's), with --attempts N (default 1000) attempts and the --er window.
 * --symmetry, --givens and --not-minimal do not go with it (a usage error), nor does a pattern
 * that no puzzle fits (fewer than 17 cells, two empty rows of a band or columns of a stack).
 *
 * Puzzles are made in blocks, one sudoku_generate_batch (or sudoku_generate_pattern_batch) call
 * each (first_index moves on from block to block). When stderr is a terminal, a progress line
 * (puzzles made, rate) is redrawn after each block and erased at the end; it is never written
 * to a pipe or a file.
 *
 * A puzzle that no attempt could make (SUDOKU_NOT_FOUND: a --givens range the symmetry cannot
 * meet, or an --er window too rare or beyond the step engine) is reported on stderr, with the
 * attempts allowed, and skipped.
 *
 * A usage error (an unknown option, a missing or bad value, an argument that is not an option,
 * a --givens range below 17, which no puzzle with one solution has) is one line on stderr
 * saying what was wrong, then "Try 'generate --help' for more information.", exit code 2.
 *
 * Exit codes: 0 every puzzle written, 1 some puzzle not found or memory ran out, 2 usage or an
 * error writing the output.
 */

/* For clock_gettime, fileno and isatty (POSIX). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "finish_output.h"
#include "option_value.h"
#include "parse_number.h"
#include "usage_error.h"
#include "sudoku.h"

#define PROGRAM "generate"
#define CELLS 81

/* Puzzles per batch call; smaller on a terminal, so that the progress line moves. */
#define BLOCK 8192
#define BLOCK_TTY 512
/* The same on a pattern, whose puzzles take milliseconds each, not microseconds. */
#define BLOCK_PATTERN 64
#define BLOCK_PATTERN_TTY 8

static const char *const SYMMETRIES[] = {
    "none",     "rotate180",    "rotate90",       "mirror-rows",  "mirror-columns",
    "diagonal", "antidiagonal", "both-diagonals", "both-mirrors", "dihedral",
};

static void usage(FILE *out)
{
    fputs("usage: generate [--count N] [--seed S] [--index K] [--symmetry NAME] [--givens A-B]\n"
          "                [--not-minimal] [--er A-B] [--attempts N] [--threads N] [--]\n"
          "       generate --pattern P [--count N] [--seed S] [--index K] [--er A-B]\n"
          "                [--attempts N] [--threads N] [--]\n"
          "Prints N puzzles (default 1) with exactly one solution, one per line ('1'-'9' givens,\n"
          "'.' blanks). Puzzle i is puzzle K + i of seed S (default 0, decimal or 0x hex; K\n"
          "default 0), the same on every machine; one not found is skipped and reported with\n"
          "its index. Puzzles are minimal unless --not-minimal, which stops removing\n"
          "givens at a number drawn from the --givens range A-B (or A; default 17-81).\n"
          "Minimal puzzles have few givens: 98 in 100 have 22-27 (24-32 with rotate180, 28-44\n"
          "with dihedral), so a range above that is met seldom or never, whatever --attempts;\n"
          "--not-minimal reaches higher counts, not lower ones, and only those the orbits make.\n"
          "--symmetry NAME: none (default), rotate180, rotate90, mirror-rows, mirror-columns,\n"
          "diagonal, antidiagonal, both-diagonals, both-mirrors, dihedral.\n"
          "--er A-B: only puzzles whose Sudoku Explainer rating (ER) is from A to B, such as\n"
          "6.6-7.5 (or A alone), as libsudoku's step engine rates them.\n"
          "--attempts N: solved grids to try for one puzzle before reporting it not found\n"
          "(default 1000; a rare --er window, such as 9.0-11.9, needs more).\n"
          "--threads N: up to N threads (default 0: all cores).\n"
          "--pattern P: puzzles whose givens are exactly the cells of P (81 characters: '.'\n"
          "or '0' blank, '1'-'9', 'x' or 'X' a given's cell), puzzle i of seed S on P; an\n"
          "attempt ends with a puzzle or without one, and sparse patterns (21-22 cells) may\n"
          "need --attempts 20000 or more; not with --symmetry, --givens or --not-minimal.\n"
          "A progress line goes to stderr when it is a terminal. An option's value may also\n"
          "be joined to it by '=' (--count=5).\n"
          "Exit codes: 0 done, 1 a puzzle not found or out of memory, 2 usage or output error.\n",
          out);
}

/* Parses --givens A-B or A, with 0 <= A <= B <= 81. */
static int parse_givens(const char *text, sudoku_generate_options *o)
{
    char first[8];
    const char *dash = strchr(text, '-');
    unsigned long long a, b;
    size_t len = dash != NULL ? (size_t)(dash - text) : strlen(text);
    if (len == 0 || len >= sizeof first) {
        return 0;
    }
    memcpy(first, text, len);
    first[len] = '\0';
    if (!parse_number(first, 0, 81, 0, &a)) {
        return 0;
    }
    b = a;
    if (dash != NULL && !parse_number(dash + 1, 0, 81, 0, &b)) {
        return 0;
    }
    if (a > b) {
        return 0;
    }
    o->min_givens = (uint8_t)a;
    o->max_givens = (uint8_t)b;
    return 1;
}

/* Parses a rating such as "7", "6.6" or "11.0" (1.0 to 99.9, at most one decimal) into tenths;
 * `end` is where it stops (the '-' or the end of the text). */
static int parse_rating(const char *text, const char *end, unsigned *tenths)
{
    unsigned whole = 0, digits = 0, tenth = 0;
    const char *p = text;
    while (p < end && *p >= '0' && *p <= '9' && digits < 2) {
        whole = whole * 10 + (unsigned)(*p - '0');
        digits++;
        p++;
    }
    if (digits == 0) {
        return 0;
    }
    if (p < end && *p == '.') {
        p++;
        if (p >= end || *p < '0' || *p > '9') {
            return 0;
        }
        tenth = (unsigned)(*p - '0');
        p++;
    }
    if (p != end || whole * 10 + tenth < 10) {
        return 0;
    }
    *tenths = whole * 10 + tenth;
    return 1;
}

/* Parses --er's A-B (or A) into the options' rating window. */
static int parse_window(const char *text, sudoku_generate_options *o)
{
    const char *dash = strchr(text, '-');
    const char *end = text + strlen(text);
    unsigned a, b;
    if (!parse_rating(text, dash != NULL ? dash : end, &a)) {
        return 0;
    }
    b = a;
    if (dash != NULL && !parse_rating(dash + 1, end, &b)) {
        return 0;
    }
    if (a > b) {
        return 0;
    }
    o->min_er = (uint16_t)a;
    o->max_er = (uint16_t)b;
    return 1;
}

/* Whether a pattern's character marks a given's cell. */
static int is_given_cell(char c)
{
    return (c >= '1' && c <= '9') || c == 'x' || c == 'X';
}

/* Checks --pattern's value: 81 characters, each '.', '0', '1'-'9', 'x' or 'X'. Returns 0 when
 * it is one, else the usage error's exit code after saying what is wrong. */
static int pattern_error(const char *value)
{
    char what[160];
    size_t i;
    if (value == NULL || strlen(value) != CELLS) {
        return value_error(PROGRAM,
                           "--pattern needs 81 characters ('.' or '0' for a blank cell; '1'-'9', "
                           "'x' or 'X' for a given's cell)",
                           value);
    }
    for (i = 0; i < CELLS; i++) {
        unsigned char c = (unsigned char)value[i];
        if (c >= 0x80) {
            /* Not ASCII: the byte of a longer character, which no pattern holds (81 bytes
             * here are fewer than 81 characters). */
            snprintf(what, sizeof what,
                     "--pattern: cell %u (row %u, column %u) holds the byte 0x%02X, not ASCII "
                     "('.', '0', '1'-'9', 'x' or 'X')",
                     (unsigned)i, (unsigned)(i / 9 + 1), (unsigned)(i % 9 + 1), c);
            return usage_error(PROGRAM, what, NULL);
        }
        if (c != '.' && c != '0' && !is_given_cell((char)c)) {
            snprintf(what, sizeof what,
                     "--pattern: cell %u (row %u, column %u) holds '%c', not '.', '0', '1'-'9', "
                     "'x' or 'X'",
                     (unsigned)i, (unsigned)(i / 9 + 1), (unsigned)(i % 9 + 1), c);
            return usage_error(PROGRAM, what, NULL);
        }
    }
    return 0;
}

/* Says why no puzzle fits `pattern` (which sudoku_generate_pattern refused): too few cells, or
 * two empty rows of a band (columns of a stack). Returns the usage error's exit code. */
static int unfit_pattern(const char *pattern)
{
    char what[200];
    unsigned cells = 0, band, line, k, empty[3], n;
    int columns;
    for (k = 0; k < CELLS; k++) {
        cells += (unsigned)is_given_cell(pattern[k]);
    }
    if (cells < 17) {
        snprintf(what, sizeof what,
                 "--pattern has %u cell%s: no puzzle with exactly one solution has fewer than 17 "
                 "givens",
                 cells, cells == 1 ? "" : "s");
        return usage_error(PROGRAM, what, NULL);
    }
    for (columns = 0; columns < 2; columns++) {
        for (band = 0; band < 3; band++) {
            for (n = 0, line = 3 * band; line < 3 * band + 3; line++) {
                int filled = 0;
                for (k = 0; k < 9; k++) {
                    filled |= is_given_cell(pattern[columns ? k * 9 + line : line * 9 + k]);
                }
                if (!filled) {
                    empty[n++] = line + 1;
                }
            }
            if (n >= 2) {
                snprintf(what, sizeof what,
                         "--pattern leaves %s %u and %u of %s %u empty: swapping them in a "
                         "solution gives another, so no puzzle fits it",
                         columns ? "columns" : "rows", empty[0], empty[1],
                         columns ? "stack" : "band", band + 1);
                return usage_error(PROGRAM, what, NULL);
            }
        }
    }
    return usage_error(PROGRAM, "--pattern: no puzzle with exactly one solution fits it", NULL);
}

/* What makes a block of puzzles: the generator's options, and a pattern with its options when
 * --pattern was given (NULL otherwise). */
struct maker {
    uint64_t seed;
    size_t threads;
    sudoku_generate_options *options;
    const char *pattern;
    sudoku_pattern_options *pattern_options;
};

/* Makes puzzles first..first + n - 1 of the seed (one batch call): the call's status. */
static sudoku_status make_block(const struct maker *m, unsigned long long first, size_t n,
                                char *puzzles, sudoku_status *statuses)
{
    if (m->pattern != NULL) {
        m->pattern_options->first_index = first;
        return sudoku_generate_pattern_batch(m->seed, m->pattern, m->pattern_options, n,
                                             puzzles, statuses, m->threads);
    }
    m->options->first_index = first;
    return sudoku_generate_batch(m->seed, m->options, n, puzzles, statuses, m->threads);
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

int main(int argc, char **argv)
{
    sudoku_generate_options options;
    unsigned long long count = 1, seed = 0, threads = 0, done = 0, attempts = 0, index = 0;
    int i, failed = 0, progress;
    const char *pattern = NULL, *not_with_pattern = NULL;
    sudoku_pattern_options pattern_options;
    struct maker maker;
    size_t block_size, k;
    char *puzzles;
    sudoku_status *statuses;
    double start;

    sudoku_generate_options_init_size(&options, sizeof options);
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        /* An option's value: the next argument (form 1, skipped after) or joined by '=' (2). */
        const char *value = NULL;
        int form;
        if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            usage(stdout);
            return finish_output("generate", 0, 2);
        } else if (strcmp(arg, "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output("generate", 0, 2);
        } else if (strcmp(arg, "--not-minimal") == 0) {
            options.minimal = 0;
            not_with_pattern = "--not-minimal";
        } else if ((form = option_value(arg, "--pattern", next, &value)) != 0) {
            if (pattern_error(value) != 0) {
                return 2;
            }
            pattern = value;
            i += form == 1;
        } else if ((form = option_value(arg, "--count", next, &value)) != 0) {
            /* A missing value is reported as a bad one: the sentence says what is needed. */
            if (value == NULL || !parse_number(value, 1, (unsigned long long)-1, 0, &count)) {
                return value_error(PROGRAM,
                    "--count needs a whole number N from 1 to 18446744073709551615", value);
            }
            i += form == 1;
        } else if ((form = option_value(arg, "--seed", next, &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, (unsigned long long)-1, 1, &seed)) {
                return value_error(PROGRAM,
                                   "--seed needs a whole number (decimal or 0x hex) below 2^64",
                                   value);
            }
            i += form == 1;
        } else if ((form = option_value(arg, "--index", next, &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, (unsigned long long)-1, 1, &index)) {
                return value_error(PROGRAM,
                                   "--index needs a whole number (decimal or 0x hex) below 2^64",
                                   value);
            }
            i += form == 1;
        } else if ((form = option_value(arg, "--threads", next, &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, (size_t)-1, 0, &threads)) {
                return threads_error(PROGRAM, value);
            }
            i += form == 1;
        } else if ((form = option_value(arg, "--givens", next, &value)) != 0) {
            if (value == NULL || !parse_givens(value, &options)) {
                return value_error(PROGRAM, "--givens needs A-B or A with 0 <= A <= B <= 81",
                                   value);
            }
            if (options.max_givens < 17) {
                /* No attempt could ever succeed: better said now than after --attempts tries. */
                return value_error(PROGRAM,
                                   "--givens: no puzzle with exactly one solution has fewer "
                                   "than 17 givens (McGuire, Tugemann and Civario, 2014), so B "
                                   "must be 17 or more", value);
            }
            not_with_pattern = "--givens";
            i += form == 1;
        } else if ((form = option_value(arg, "--attempts", next, &value)) != 0) {
            if (value == NULL || !parse_number(value, 1, (unsigned long long)-1, 0, &attempts)) {
                return value_error(PROGRAM,
                    "--attempts needs a whole number N from 1 to 18446744073709551615", value);
            }
            options.max_attempts = attempts;
            i += form == 1;
        } else if ((form = option_value(arg, "--er", next, &value)) != 0) {
            if (value == NULL || !parse_window(value, &options)) {
                return value_error(PROGRAM,
                                   "--er needs A-B or A, ratings from 1.0 to 99.9 with one "
                                   "decimal at most, A <= B", value);
            }
            i += form == 1;
        } else if ((form = option_value(arg, "--symmetry", next, &value)) != 0) {
            size_t s, n = sizeof SYMMETRIES / sizeof SYMMETRIES[0];
            if (value == NULL) {
                return usage_error(PROGRAM, "--symmetry needs a NAME", NULL);
            }
            for (s = 0; s < n && strcmp(value, SYMMETRIES[s]) != 0; s++) {
            }
            if (s == n) {
                return usage_error(PROGRAM, "unknown symmetry", value);
            }
            options.symmetry = (uint32_t)s;
            not_with_pattern = "--symmetry";
            i += form == 1;
        } else if (strcmp(arg, "--") == 0) {
            /* The end of the options, as in the other programs: no argument may follow. */
            if (next != NULL) {
                return usage_error(PROGRAM, "unexpected argument", next);
            }
        } else if (arg[0] == '-' && arg[1] != '\0') {
            return usage_error(PROGRAM, "unknown option", arg);
        } else {
            return usage_error(PROGRAM, "unexpected argument", arg);
        }
    }

    maker.seed = seed;
    maker.threads = (size_t)threads;
    maker.options = &options;
    maker.pattern = pattern;
    maker.pattern_options = &pattern_options;
    if (pattern != NULL) {
        if (not_with_pattern != NULL) {
            return usage_error(PROGRAM, "--pattern does not go with", not_with_pattern);
        }
        sudoku_pattern_options_init_size(&pattern_options, sizeof pattern_options);
        pattern_options.max_attempts = options.max_attempts;
        pattern_options.min_er = options.min_er;
        pattern_options.max_er = options.max_er;
    }
    progress = isatty(fileno(stderr));
    if (pattern != NULL) {
        block_size = progress ? BLOCK_PATTERN_TTY : BLOCK_PATTERN;
    } else {
        block_size = progress ? BLOCK_TTY : BLOCK;
    }
    if (count < block_size) {
        block_size = (size_t)count;
    }
    puzzles = malloc(block_size * CELLS);
    statuses = malloc(block_size * sizeof *statuses);
    if (puzzles == NULL || statuses == NULL) {
        fputs("generate: out of memory\n", stderr);
        free(puzzles);
        free(statuses);
        return 1;
    }
    start = now_seconds();
    while (done < count) {
        size_t n = count - done < block_size ? (size_t)(count - done) : block_size;
        sudoku_status status;
        status = make_block(&maker, index + done, n, puzzles, statuses);
        if (status == SUDOKU_INVALID_ARGUMENT && pattern != NULL) {
            /* The options were checked above: the library found that no puzzle fits the
             * pattern, the same for every block, before making any. */
            free(puzzles);
            free(statuses);
            return unfit_pattern(pattern);
        }
        if (status != SUDOKU_OK) {
            /* The options were checked above, so this is a fault of the library. */
            fprintf(stderr, "generate: %s: %s\n", sudoku_status_name(status),
                    sudoku_status_message(status));
            failed = 1;
            break;
        }
        for (k = 0; k < n; k++) {
            if (statuses[k] == SUDOKU_OK) {
                fwrite(puzzles + k * CELLS, 1, CELLS, stdout);
                putchar('\n');
            } else {
                if (progress) {
                    fputs("\r\033[K", stderr);
                }
                /* The puzzles before it go out first, so that one stream keeps their order. */
                flush_output();
                if (pattern != NULL) {
                    /* On a pattern the seed matters too: another may fit where this one failed. */
                    fprintf(stderr, "generate: puzzle %llu (seed %llu): %s: %s",
                            index + done + k, seed, sudoku_status_name(statuses[k]),
                            sudoku_status_message(statuses[k]));
                } else {
                    fprintf(stderr, "generate: puzzle %llu: %s: %s", index + done + k,
                            sudoku_status_name(statuses[k]),
                            sudoku_status_message(statuses[k]));
                }
                if (statuses[k] == SUDOKU_NOT_FOUND && pattern != NULL) {
                    /* A sparse pattern or a rare window: more attempts may find one. */
                    fprintf(stderr, " (%llu attempt%s; --attempts raises the bound)",
                            (unsigned long long)options.max_attempts,
                            options.max_attempts == 1 ? "" : "s");
                } else if (statuses[k] == SUDOKU_NOT_FOUND) {
                    /* What to change: the bound, or the options no attempt met. */
                    fprintf(stderr,
                            " (%llu attempt%s; --attempts raises the bound, which helps only a"
                            " rare range or window: see --help)",
                            (unsigned long long)options.max_attempts,
                            options.max_attempts == 1 ? "" : "s");
                }
                fputc('\n', stderr);
                failed = 1;
            }
        }
        done += n;
        if (ferror(stdout)) {
            break; /* the output failed: making more would be for nothing (reported below) */
        }
        if (progress) {
            double elapsed = now_seconds() - start;
            fprintf(stderr, "\r%llu/%llu puzzles  %.0f puzzles/s\033[K", done, count,
                    elapsed > 0.0 ? (double)done / elapsed : 0.0);
            fflush(stderr);
        }
    }
    if (progress) {
        fputs("\r\033[K", stderr);
    }
    free(puzzles);
    free(statuses);
    return finish_output("generate", failed, 2);
}
