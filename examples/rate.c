/* rate: rates puzzles as Sudoku Explainer does (ER/EP/ED, serate's default output), with
 * libsudoku's step engine, on all cores.
 *
 * Usage: rate [--threads N] [--budget MS] [--] [FILE...]
 *        rate -h | --help   prints the usage to stdout
 *        rate --version     prints "rate (libsudoku) VERSION", the library's version
 *
 * Options may come before or after the FILEs; "--" ends them (for a FILE that starts with
 * '-').
 *
 * Reads each FILE in turn ("-" or no FILE: stdin), whole, and takes its puzzles in any form of
 * givens the library's reader knows: a line of 81 cells (a rating or comment may follow, so a
 * rated file can be rated again), a grid of 9 rows; blank lines and comment lines are skipped.
 * For each puzzle it prints
 * "PUZZLE ER/EP/ED" (the 81 cells as the reader gives them, '.' for blanks; each rating with
 * one decimal, as serate's %r/%p/%d), in input order. When the puzzle needs a technique beyond
 * the engine's, the ER is a lower bound and is marked ">=" (">=11.0/1.2/1.2"); an EP or ED the
 * engine could not reach is given as that same bound, marked too (with a note on stderr when the
 * puzzle has several solutions, which no technique can finish). A text that is not a puzzle,
 * or a puzzle that cannot be rated (no solution, two equal givens, candidates), prints nothing
 * on stdout and "rate: FILE:LINE: REASON" on stderr (LINE: where the puzzle starts, or the
 * reader's fault).
 *
 * Puzzles are rated in batches with sudoku_rate_batch on up to N threads (default 0: every
 * core available), each batch's ratings written out (and stdout flushed) before the next
 * batch starts, so ratings appear as they come and a run stopped early keeps them. Batches
 * aim at about a second (BATCH_SECONDS): the first holds FIRST_BATCH puzzles, and each next
 * one is sized from the pace of the last (1 to BATCH puzzles), as a rating takes from
 * microseconds to seconds. With --budget MS (MS > 0; 0 is no budget), each puzzle is rated with
 * sudoku_rate_with within MS milliseconds, one at a time on the calling thread (the nested
 * forcing chains, ER 9.5 and up, can take tenths of a second to a second a puzzle; a --threads
 * other than 1 gets a note on stderr that it is not used); a puzzle whose budget ran out gets a
 * lower bound, marked ">=", and a note on stderr.
 *
 * Exit codes: 0 every puzzle rated, 1 some puzzle could not be rated, a FILE could not be read
 * ("rate: FILE: REASON") or the output could not be written, 2 usage.
 */

/* For fileno, isatty and clock_gettime (POSIX). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "sudoku.h"
#include "finish_output.h"
#include "option_value.h"
#include "usage_error.h"
#include "read_all.h"
#include "read_diagnostic.h"

#define PROGRAM "rate"

/* The most puzzles rated per sudoku_rate_batch call, and the first call's number. */
#define BATCH 1024
#define FIRST_BATCH 16
/* The time a batch aims at, in seconds: output at least this often while puzzles are rated,
 * and for easy puzzles batches long enough that starting the threads costs little. */
#define BATCH_SECONDS 1.0

/* The puzzles of a batch and where they came from. */
struct batch {
    char boards[BATCH][SUDOKU_CELLS];
    unsigned long lines[BATCH];
    struct sudoku_rating ratings[BATCH];
    sudoku_status statuses[BATCH];
    size_t count;
    /* Puzzles in the next batch (1 to BATCH, FIRST_BATCH at first): see next_limit. */
    size_t limit;
};

/* A monotonic clock in seconds, to size the batches. */
static double seconds_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* The size of the batch after one of COUNT puzzles (LIMIT asked) that took SECONDS: as many
 * puzzles as would take BATCH_SECONDS at that pace, from 1 to BATCH; at most twice LIMIT after
 * a full batch (one fast batch says little about the next puzzles), at most LIMIT after one
 * cut short by a puzzle that is not rated (few puzzles time the pace less well). */
static size_t next_limit(size_t limit, size_t count, double seconds)
{
    double fits = seconds > 0 ? BATCH_SECONDS * (double)count / seconds : (double)BATCH;
    double most = count >= limit ? 2.0 * (double)limit : (double)limit;
    if (fits > most) {
        fits = most;
    }
    if (fits < 1) {
        return 1;
    }
    return fits > BATCH ? BATCH : (size_t)fits;
}

static void usage(FILE *out)
{
    fputs("usage: rate [--threads N] [--budget MS] [--] [FILE...]\n"
          "Rates each puzzle of the FILEs (stdin if none or \"-\"; a line of 81 cells, where a\n"
          "rating or comment may follow, or a grid of 9 rows) as Sudoku Explainer's serate\n"
          "does, printing \"PUZZLE ER/EP/ED\" per puzzle (ratings with one decimal, as serate's\n"
          "%r/%p/%d). A puzzle needing techniques beyond the engine's gets a lower bound,\n"
          "marked \">=\" (for example \">=11.0/1.2/1.2\"); an EP or ED not reached is that bound,\n"
          "marked too. Puzzles that cannot be rated are reported on stderr\n"
          "(\"rate: FILE:LINE: REASON\").\n"
          "--threads N: at most N threads (default 0: all cores).\n"
          "--budget MS: at most MS milliseconds a puzzle (the hardest take tenths of a\n"
          "second to seconds; 0: no budget), rated one at a time; a puzzle out of time gets a\n"
          "lower bound, marked \">=\", and a note on stderr. Options may follow the FILEs; --\n"
          "ends them (for a FILE that starts with '-'). An option's value may also be joined\n"
          "to it by '=' (--threads=2).\n"
          "Exit codes: 0 all rated, 1 some puzzle not rated or an input or output error, 2 usage.\n",
          out);
}

/* One rating in tenths as serate prints it ("6.2"), with ">=" when it is a lower bound. */
static void print_tenths(unsigned value, int bound)
{
    printf("%s%u.%u", bound ? ">=" : "", value / 10, value % 10);
}

/* How puzzles are rated: threads for the batch, or a budget per puzzle (0: none). */
struct how {
    size_t threads;
    uint32_t budget_ms;
};

/* Rates the batch and prints it; returns the number of puzzles that could not be rated. */
static size_t flush_batch(struct batch *b, const char *name, const struct how *how)
{
    size_t i, failed = 0;
    sudoku_status status = SUDOKU_OK;
    double start = seconds_now();
    if (b->count == 0) {
        return 0;
    }
    if (how->budget_ms == 0) {
        status = sudoku_rate_batch(&b->boards[0][0], b->count, b->ratings, b->statuses,
                                   how->threads);
    } else {
        struct sudoku_rate_options options;
        sudoku_rate_options_init_size(&options, sizeof options);
        options.budget_ms = how->budget_ms;
        for (i = 0; i < b->count; i++) {
            b->statuses[i] = sudoku_rate_with(b->boards[i], &options, &b->ratings[i]);
        }
    }
    b->limit = next_limit(b->limit, b->count, seconds_now() - start);
    for (i = 0; i < b->count; i++) {
        sudoku_status s = status == SUDOKU_OK ? b->statuses[i] : status;
        int out_of_time = s == SUDOKU_OUT_OF_BUDGET;
        if (out_of_time) {
            s = SUDOKU_OK; /* the rating written is a lower bound */
        }
        if (s != SUDOKU_OK) {
            size_t cell = 0;
            /* The ratings before it go out first, so that a shared stream follows the input. */
            flush_output();
            fprintf(stderr, PROGRAM ": %s:%lu: %s: %s", name, b->lines[i],
                    sudoku_status_name(s), sudoku_status_message(s));
            /* The faulty cell, as the other programs name it. */
            if (s == SUDOKU_CONFLICTING_GIVENS && sudoku_validate(b->boards[i], &cell) == s) {
                fprintf(stderr, " (cell %zu: row %zu, column %zu)", cell, cell / 9 + 1,
                        cell % 9 + 1);
            }
            /* Most such puzzles are rated (with a note); this one misled a uniqueness step. */
            if (s == SUDOKU_MULTIPLE_SOLUTIONS) {
                fputs(" (a uniqueness technique, which assumes one solution, led the rating to"
                      " a contradiction)",
                      stderr);
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
            /* A stop is the budget's, or the engine's limit, unless the puzzle has several
             * solutions: then no technique can settle the cells where they differ. Say which.
             * A puzzle with several solutions that the steps finish anyway is rated as serate
             * rates it, but its uniqueness steps assumed one solution: say that too (a count
             * to two costs microseconds against the rating). */
            if (out_of_time) {
                flush_output();
                fprintf(stderr,
                        PROGRAM ": %s:%lu: note: the budget of %lu ms ran out, so its ER is only "
                                "a lower bound\n",
                        name, b->lines[i], (unsigned long)how->budget_ms);
            } else {
                uint64_t n = 0;
                if (sudoku_count_solutions(b->boards[i], 2, &n) == SUDOKU_OK && n >= 2) {
                    flush_output();
                    fprintf(stderr,
                            bound ? PROGRAM ": %s:%lu: note: the puzzle has several solutions, "
                                            "so its ER is only a lower bound\n"
                                  : PROGRAM ": %s:%lu: note: the puzzle has several solutions; "
                                            "rated as serate rates it, though its steps "
                                            "assume one\n",
                            name, b->lines[i]);
                }
            }
        }
    }
    b->count = 0;
    /* This batch's ratings leave now, so they appear as they come (also in a file or pipe,
     * which stdio would otherwise fill in blocks). */
    flush_output();
    return failed;
}

/* Rates every puzzle of one input, read whole and handed to the library's reader piece by
 * piece, so that a puzzle may span lines (a grid); returns 0, or 1 when a puzzle could not be
 * rated or the input could not be read. */
static int rate_input(FILE *in, const char *name, struct batch *b, const struct how *how)
{
    struct sudoku_read_info info;
    size_t len = 0, pos, failed = 0;
    char *text;

    /* The ratings come at the end of the input: say how to end it. */
    if (isatty(fileno(in))) {
        fputs(PROGRAM ": reading puzzles from the terminal; end with Ctrl-D\n", stderr);
    }
    errno = 0;
    text = read_all(in, &len);
    if (text == NULL) {
        int reason = errno;
        flush_output();
        fprintf(stderr, PROGRAM ": %s: %s\n", name, strerror(reason));
        return 1;
    }
    /* One info for the whole text: its first_line carries the line count from call to call. */
    sudoku_read_info_init_size(&info, sizeof info);
    for (pos = 0; pos < len; pos += info.consumed) {
        uint16_t masks[SUDOKU_CELLS];
        sudoku_status status =
            sudoku_read_puzzle(text + pos, len - pos, b->boards[b->count], masks, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            break; /* blank lines and comments up to the end */
        }
        if (status == SUDOKU_OK && info.kind == SUDOKU_PUZZLE_GIVENS) {
            b->lines[b->count++] = (unsigned long)info.line;
            if (b->count >= b->limit) {
                failed += flush_batch(b, name, how);
            }
            continue;
        }
        /* Rate the puzzles before this one first, and write their ratings out, so that stderr
         * follows the input (also when both go to one stream). */
        failed += flush_batch(b, name, how) + 1;
        flush_output();
        if (status == SUDOKU_INVALID_FORMAT) {
            char diagnostic[192];
            read_diagnostic(text + pos, &info, diagnostic, sizeof diagnostic);
            fprintf(stderr, PROGRAM ": %s:%lu: %s\n", name, (unsigned long)info.line, diagnostic);
        } else {
            fprintf(stderr, PROGRAM ": %s:%lu: %s\n", name, (unsigned long)info.line,
                    status != SUDOKU_OK ? sudoku_status_message(status)
                                        : "candidate puzzles are not rated; give 81 cells");
        }
    }
    failed += flush_batch(b, name, how);
    free(text);
    return failed > 0 ? 1 : 0;
}

/* Reads TEXT, digits only, as a number from LO to HI into *OUT; 0 when it is not one (or NULL). */
static int whole_number(const char *text, unsigned long long lo, unsigned long long hi,
                        unsigned long long *out)
{
    char *end;
    if (text == NULL || text[0] < '0' || text[0] > '9') {
        return 0;
    }
    errno = 0;
    *out = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *out >= lo && *out <= hi;
}

int main(int argc, char **argv)
{
    struct how how = {0, 0};
    int threads_given = 0;
    int i, files = 0, options = 1, code = 0;
    const char **paths;
    struct batch *b;

    /* Options anywhere before "--"; every other argument is a FILE, in order. */
    paths = malloc((size_t)argc * sizeof *paths);
    if (paths == NULL) {
        fputs(PROGRAM ": out of memory\n", stderr);
        return 1;
    }
    for (i = 1; i < argc; i++) {
        /* An option's value: the next argument (form 1, skipped) or joined by '=' (form 2). */
        const char *next = i + 1 < argc ? argv[i + 1] : NULL, *value = NULL;
        int form;
        if (!options || strcmp(argv[i], "-") == 0 || argv[i][0] != '-') {
            paths[files++] = argv[i];
        } else if (strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            free(paths);
            usage(stdout);
            return finish_output(PROGRAM, 0, 1);
        } else if (strcmp(argv[i], "--version") == 0) {
            free(paths);
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output(PROGRAM, 0, 1);
        } else if ((form = option_value(argv[i], "--threads", next, &value)) != 0) {
            unsigned long long n;
            i += form == 1;
            if (!whole_number(value, 0, SIZE_MAX, &n)) {
                free(paths);
                return threads_error(PROGRAM, value);
            }
            how.threads = (size_t)n;
            threads_given = 1;
        } else if ((form = option_value(argv[i], "--budget", next, &value)) != 0) {
            unsigned long long n;
            i += form == 1;
            if (!whole_number(value, 0, 0xFFFFFFFFull, &n)) {
                free(paths);
                return value_error(PROGRAM,
                                   "--budget needs a whole number of milliseconds MS from 0 "
                                   "to 4294967295 (0: none)", value);
            }
            how.budget_ms = (uint32_t)n;
        } else {
            free(paths);
            return usage_error(PROGRAM, "unknown option", argv[i]);
        }
    }
    if (how.budget_ms > 0 && threads_given && how.threads != 1) {
        /* sudoku_rate_with rates one puzzle at a time; say so rather than ignore the option. */
        fputs(PROGRAM ": note: --budget rates one puzzle at a time, on one thread; --threads is "
                      "not used\n",
              stderr);
    }
    if (files == 0) {
        paths[files++] = "-";
    }
    b = malloc(sizeof *b);
    if (b == NULL) {
        free(paths);
        fputs(PROGRAM ": out of memory\n", stderr);
        return 1;
    }
    b->count = 0;
    b->limit = FIRST_BATCH;
    for (i = 0; i < files; i++) {
        const char *path = paths[i];
        if (strcmp(path, "-") == 0) {
            if (rate_input(stdin, "stdin", b, &how) != 0) {
                code = 1;
            }
        } else {
            FILE *in = fopen(path, "rb");
            if (in == NULL) {
                int reason = errno;
                flush_output();
                fprintf(stderr, PROGRAM ": %s: %s\n", path, strerror(reason));
                code = 1;
                continue;
            }
            if (rate_input(in, path, b, &how) != 0) {
                code = 1;
            }
            fclose(in);
        }
    }
    free(b);
    free(paths);
    return finish_output(PROGRAM, code, 1);
}
