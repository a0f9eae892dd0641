/* canon: prints the canonical (minlex) form of every puzzle of a file (or stdin), so that
 * equivalent puzzles print the same line; or, with --shuffle, a random equivalent of each.
 *
 * Usage: canon [--transform] [--shuffle S] [--threads N] [FILE]
 *        canon -h | --help   prints the usage to stdout
 *        canon --version     prints "canon (libsudoku) VERSION", the library's version
 *
 * Reads FILE, or stdin when FILE is absent or "-", with the library's reader
 * (sudoku_read_puzzle): puzzles in any format it knows (one-line puzzles, 9-line grids, .sdk
 * files, ...), blank lines and comments skipped. Writes exactly one line per puzzle, in input
 * order, so that output line N belongs to puzzle N: the canonical form from
 * sudoku_canonicalize (81 characters, '.' for blanks, '1'-'9' for digits), or the status name
 * of a puzzle that has none:
 *   SUDOKU_INVALID_FORMAT      a text that is not a puzzle, with "canon: line N: REASON" on
 *                              stderr as solve_file writes it (the reader's sentence and, for a
 *                              bad character, its cell; see read_diagnostic.h); or a candidate
 *                              puzzle (a candidate grid or a 729-character pencilmark line),
 *                              read but skipped, as the canonical form is defined for givens:
 *                              "canon: line N: a candidate puzzle has no canonical form; skipped"
 *                              (with --shuffle it is shuffled, see below)
 *   SUDOKU_CONFLICTING_GIVENS  two equal givens in a house, with "canon: line N: MESSAGE (cell
 *                              C)" on stderr
 * With --transform each form is followed by the transformation that maps the puzzle to it:
 * " T ROWS COLUMNS DIGITS", T being 0 or 1 (transposed first), ROWS and COLUMNS the source row
 * (column) of each row (column) of the form, DIGITS the digits 1-9 become (see sudoku_transform
 * in sudoku.h).
 * With --shuffle S (a whole number below 2^64, decimal or 0x hexadecimal; also --shuffle=S)
 * each puzzle is printed in another guise instead of its form: puzzle N (the Nth output line,
 * from 1) transformed by sudoku_transform_random(S + N - 1), wrapping below 2^64, with
 * sudoku_transform_apply ('.' blanks). So S names the same shuffled file on every machine, and
 * canon of the output prints the forms of the input. A candidate puzzle is shuffled too, with
 * sudoku_transform_apply_candidates, and printed as a 729-character pencilmark line: 9
 * characters a cell, the Kth holding digit K when it is a candidate and '.' when not. With
 * --transform too, the transformation used follows each puzzle, in the same fields.
 *
 * Forms are computed with sudoku_canonicalize_batch on up to --threads N threads (default 0:
 * all cores; N a whole number; also --threads=N), a block of puzzles at a time; the output is
 * the same for every N. --shuffle transforms one puzzle at a time and takes no threads.
 *
 * The whole input is read before the first puzzle is canonicalized. When it is a terminal,
 * "canon: reading puzzles from the terminal; end with Ctrl-D" goes to stderr once; the forms
 * come after Ctrl-D.
 *
 * Exit codes: 0 the input was read to its end (whatever the puzzles were), 1 the input could not
 * be opened or read ("canon: FILE: REASON", for example "canon: puzzles/: Is a directory"),
 * memory ran out or the output could not be written ("canon: error writing output: REASON"),
 * 2 usage (what was wrong, then a pointer to --help).
 */

/* For fileno and isatty (POSIX). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sudoku.h"
#include "finish_output.h"
#include "usage_error.h"
#include "option_value.h"
#include "parse_number.h"
#include "read_all.h"
#include "read_diagnostic.h"

#define PROGRAM "canon"

/* Bytes of a diagnostic: the reader's message (at most 127) and the cell. */
#define DIAGNOSTIC_SIZE 192

/* Puzzles of givens per sudoku_canonicalize_batch call: enough to keep the threads busy
 * between calls, few enough that a block's buffers stay a few MB whatever the input's size. */
#define BLOCK 65536

/* The forms of a block of puzzles, in input order: each board canonicalized in place (a board
 * that fails stays as it was), its transformation and its status. */
struct block {
    char *boards;
    sudoku_transform *transforms; /* NULL without --transform */
    sudoku_status *statuses;
    size_t count, next; /* boards in the block; the next one to print */
};

static void usage(FILE *out)
{
    fputs("usage: canon [--transform] [--shuffle S] [--threads N] [--] [FILE]\n"
          "Prints the canonical (minlex) form of each puzzle of FILE (stdin if absent or\n"
          "\"-\"; any format the library reads), one line per puzzle in input order, or the\n"
          "status name of a puzzle that has none: SUDOKU_INVALID_FORMAT for a text that is\n"
          "not a puzzle and for a candidate puzzle (skipped), SUDOKU_CONFLICTING_GIVENS;\n"
          "its line and reason go to stderr. --transform adds the transformation to each\n"
          "form: T ROWS COLUMNS DIGITS. --shuffle S prints each puzzle in another guise\n"
          "instead: puzzle N by sudoku_transform_random(S + N - 1), S below 2^64 (decimal or\n"
          "0x hex; also --shuffle=S), a candidate puzzle too (as a 729-character pencilmark\n"
          "line), with --transform the transformation used. --threads N: forms on at most\n"
          "N threads (default 0: all cores; also --threads=N).\n"
          "Exit codes: 0 input read to its end, 1 input, memory or output error, 2 usage.\n",
          out);
}

/* The diagnostic of an invalid puzzle (sudoku_canonicalize's status), with its faulty cell when
 * sudoku_validate finds the same fault, as solve_file writes it. */
static void report_invalid(sudoku_status status, const char *board, size_t line)
{
    size_t cell = SUDOKU_CELLS;
    if (sudoku_validate(board, &cell) == status && cell < SUDOKU_CELLS) {
        flush_output();
        fprintf(stderr, PROGRAM ": line %zu: %s (cell %zu)\n", line,
                sudoku_status_message(status), cell);
    } else {
        flush_output();
        fprintf(stderr, PROGRAM ": line %zu: %s\n", line, sudoku_status_message(status));
    }
}

/* Says that a library call failed where the input cannot be the cause (a bug), after the output
 * so far; returns the exit code 1. */
static int library_failed(const char *call, sudoku_status status)
{
    flush_output();
    fprintf(stderr, PROGRAM ": %s failed: %s\n", call, sudoku_status_message(status));
    return 1;
}

/* Prints a candidate puzzle as a 729-character pencilmark line (no line end): for each cell,
 * 9 characters, the Kth being digit K when it is a candidate and '.' when not. */
static void print_pencilmarks(const uint16_t masks[SUDOKU_CELLS])
{
    int cell, k;
    for (cell = 0; cell < SUDOKU_CELLS; cell++) {
        for (k = 0; k < 9; k++) {
            putchar(masks[cell] >> k & 1 ? '1' + k : '.');
        }
    }
}

/* Prints " T ROWS COLUMNS DIGITS" for a transformation. */
static void print_transform(const sudoku_transform *t)
{
    int i;
    printf(" %d ", t->transpose);
    for (i = 0; i < 9; i++) {
        putchar('0' + t->rows[i]);
    }
    putchar(' ');
    for (i = 0; i < 9; i++) {
        putchar('0' + t->columns[i]);
    }
    putchar(' ');
    for (i = 1; i <= 9; i++) {
        putchar('0' + t->digits[i]);
    }
}

/* Frees the input and the block's buffers. */
static void free_all(char *text, struct block *b)
{
    free(text);
    free(b->boards);
    free(b->statuses);
    free(b->transforms);
}

/* Reads, from byte `pos` of `text`, the puzzles up to the BLOCK-th puzzle of givens (or the end,
 * or a read the caller will report), puts the puzzles of givens in `b`, canonicalizes them there
 * on `threads` threads, and returns the byte where the block's puzzles end: the caller reads
 * them again from `pos` to there and prints `b`'s forms in order. Returns `pos` when a library
 * call failed (the caller's read then fails the same way, or the batch status is reported). */
static size_t fill_block(const char *text, size_t len, size_t pos, struct block *b,
                         size_t threads, sudoku_status *batch_status)
{
    sudoku_read_info info;
    uint16_t masks[SUDOKU_CELLS];
    size_t end = pos;
    sudoku_read_info_init_size(&info, sizeof info);
    b->count = b->next = 0;
    *batch_status = SUDOKU_OK;
    while (end < len && b->count < BLOCK) {
        char *board = b->boards + b->count * SUDOKU_CELLS;
        sudoku_status status = sudoku_read_puzzle(text + end, len - end, board, masks, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            end = len;
            break;
        }
        if (status != SUDOKU_OK && status != SUDOKU_INVALID_FORMAT) {
            break; /* a bug: the caller's own read meets it again and reports it */
        }
        if (status == SUDOKU_OK && info.kind == SUDOKU_PUZZLE_GIVENS) {
            b->count++;
        }
        end += info.consumed;
    }
    if (b->count > 0) {
        *batch_status = sudoku_canonicalize_batch(b->boards, b->count, b->boards, b->transforms,
                                                  b->statuses, threads);
    }
    return *batch_status == SUDOKU_OK ? end : pos;
}

int main(int argc, char **argv)
{
    int with_transform = 0, shuffle = 0, form_of, i, options = 1;
    unsigned long long seed = 0, n = 0, threads = 0;
    struct block block = {NULL, NULL, NULL, 0, 0};
    size_t block_end = 0;
    const char *path = NULL, *value = NULL;
    FILE *in = stdin;
    char *text;
    size_t len = 0, pos;
    sudoku_read_info info;

    /* Options anywhere; "--" ends them (for a FILE that starts with '-'). */
    for (i = 1; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (options && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) {
            usage(stdout);
            return finish_output(PROGRAM, 0, 1);
        } else if (options && strcmp(argv[i], "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output(PROGRAM, 0, 1);
        } else if (options && strcmp(argv[i], "--transform") == 0) {
            with_transform = 1;
        } else if (options && (form_of = option_value(argv[i], "--shuffle",
                                                      i + 1 < argc ? argv[i + 1] : NULL,
                                                      &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, (unsigned long long)-1, 1, &seed)) {
                return value_error(PROGRAM,
                                   "--shuffle needs a whole number (decimal or 0x hex) below 2^64",
                                   value);
            }
            shuffle = 1;
            i += form_of == 1;
        } else if (options && (form_of = option_value(argv[i], "--threads",
                                                      i + 1 < argc ? argv[i + 1] : NULL,
                                                      &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, SIZE_MAX, 0, &threads)) {
                return threads_error(PROGRAM, value);
            }
            i += form_of == 1;
        } else if (options && argv[i][0] == '-' && argv[i][1] != '\0') {
            return usage_error(PROGRAM, "unknown option", argv[i]);
        } else if (path == NULL) {
            path = argv[i];
        } else {
            return usage_error(PROGRAM, "one FILE at most; also given", argv[i]);
        }
    }
    if (path != NULL && strcmp(path, "-") != 0) {
        in = fopen(path, "rb");
        if (in == NULL) {
            fprintf(stderr, "canon: %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    if (isatty(fileno(in))) {
        fputs(PROGRAM ": reading puzzles from the terminal; end with Ctrl-D\n", stderr);
    }
    errno = 0;
    text = read_all(in, &len);
    if (text == NULL) {
        fprintf(stderr, "canon: %s: %s\n", in != stdin ? path : "stdin", strerror(errno));
        if (in != stdin) {
            fclose(in);
        }
        return 1;
    }
    if (in != stdin) {
        fclose(in);
    }

    if (!shuffle) {
        block.boards = malloc((size_t)BLOCK * SUDOKU_CELLS);
        block.statuses = malloc(BLOCK * sizeof *block.statuses);
        block.transforms = with_transform ? malloc(BLOCK * sizeof *block.transforms) : NULL;
        if (block.boards == NULL || block.statuses == NULL ||
            (with_transform && block.transforms == NULL)) {
            fprintf(stderr, PROGRAM ": %s\n", strerror(ENOMEM));
            free(block.boards);
            free(block.statuses);
            free(block.transforms);
            free(text);
            return 1;
        }
    }
    sudoku_read_info_init_size(&info, sizeof info);
    for (pos = 0; pos < len; pos += info.consumed) {
        char board[SUDOKU_CELLS], form[SUDOKU_CELLS], diagnostic[DIAGNOSTIC_SIZE];
        uint16_t masks[SUDOKU_CELLS];
        sudoku_transform t;
        /* A candidates buffer, so that a candidate puzzle is read whole (and its lines
         * skipped) rather than taken for a bad grid. */
        sudoku_status status;
        if (!shuffle && pos == block_end) {
            sudoku_status batch_status;
            block_end = fill_block(text, len, pos, &block, (size_t)threads, &batch_status);
            if (batch_status != SUDOKU_OK) {
                free_all(text, &block);
                return library_failed("sudoku_canonicalize_batch", batch_status);
            }
        }
        status = sudoku_read_puzzle(text + pos, len - pos, board, masks, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            break;
        }
        /* Puzzle N, counting output lines from 1: --shuffle's seed S + N - 1 (wrapping). */
        n++;
        if (status == SUDOKU_INVALID_FORMAT) {
            read_diagnostic(text + pos, &info, diagnostic, sizeof diagnostic);
            flush_output();
            fprintf(stderr, PROGRAM ": line %zu: %s\n", info.line, diagnostic);
            puts(sudoku_status_name(status));
            continue;
        }
        if (status != SUDOKU_OK) {
            /* NULL_POINTER, INVALID_ARGUMENT or INTERNAL_ERROR: a bug, not the input's fault. */
            free_all(text, &block);
            return library_failed("sudoku_read_puzzle", status);
        }
        if (info.kind == SUDOKU_PUZZLE_CANDIDATES && !shuffle) {
            /* The canonical form is defined for givens; the candidates' singles are no givens. */
            flush_output();
            fprintf(stderr,
                    PROGRAM ": line %zu: a candidate puzzle has no canonical form; skipped\n",
                    info.line);
            puts(sudoku_status_name(SUDOKU_INVALID_FORMAT));
            continue;
        }
        if (info.kind == SUDOKU_PUZZLE_CANDIDATES) {
            /* The reader checked the masks, so a failure here is a bug, not the input's. */
            status = sudoku_transform_random((uint64_t)(seed + n - 1), &t);
            if (status == SUDOKU_OK) {
                status = sudoku_transform_apply_candidates(&t, masks, masks);
            }
            if (status != SUDOKU_OK) {
                free_all(text, &block);
                return library_failed("sudoku_transform_apply_candidates", status);
            }
            print_pencilmarks(masks);
            if (with_transform) {
                print_transform(&t);
            }
            putchar('\n');
            continue;
        }
        if (shuffle) {
            status = sudoku_transform_random((uint64_t)(seed + n - 1), &t);
            if (status == SUDOKU_OK) {
                status = sudoku_transform_apply(&t, board, form);
            }
        } else {
            /* The block's next board is this one (fill_block read the same puzzles). */
            size_t k = block.next++;
            status = block.statuses[k];
            memcpy(form, block.boards + k * SUDOKU_CELLS, SUDOKU_CELLS);
            if (status == SUDOKU_OK && with_transform) {
                t = block.transforms[k];
            }
        }
        if (status != SUDOKU_OK) {
            /* The diagnostic first, then the line, as for a text that is not a puzzle. */
            report_invalid(status, board, info.line);
            puts(sudoku_status_name(status));
            continue;
        }
        fwrite(form, 1, SUDOKU_CELLS, stdout);
        if (with_transform) {
            print_transform(&t);
        }
        putchar('\n');
    }
    free_all(text, &block);
    return finish_output(PROGRAM, 0, 1);
}
