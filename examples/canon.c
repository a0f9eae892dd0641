/* canon: prints the canonical (minlex) form of every puzzle of a file (or stdin), so that
 * equivalent puzzles print the same line.
 *
 * Usage: canon [--transform] [FILE]
 *        canon -h | --help   prints the usage to stdout
 *
 * Reads FILE, or stdin when FILE is absent or "-", with the library's reader
 * (sudoku_read_puzzle): puzzles in any format it knows (one-line puzzles, 9-line grids, .sdk
 * files, ...), blank lines and comments skipped. Writes one line per puzzle, in input order: the
 * canonical form from sudoku_canonicalize (81 characters, '.' for blanks, '1'-'9' for digits),
 * or, for a puzzle that cannot be canonicalized, its status name: SUDOKU_INVALID_FORMAT for a
 * puzzle the reader rejects (its message goes to stderr; candidate grids are rejected too, as a
 * canonical form is defined for givens), SUDOKU_CONFLICTING_GIVENS for two equal givens in a
 * house. With --transform each form is followed by the transformation that maps the puzzle to
 * it: " T ROWS COLUMNS DIGITS", T being 0 or 1 (transposed first), ROWS and COLUMNS the source
 * row (column) of each row (column) of the form, DIGITS the digits 1-9 become (see
 * sudoku_transform in sudoku.h).
 *
 * Exit codes: 0 the input was read to its end (whatever the puzzles were), 1 the input could not
 * be opened or read, memory ran out or the output could not be written ("canon: error writing
 * output: REASON" on stderr), 2 usage.
 */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"

#define PROGRAM "canon"

static void usage(FILE *out)
{
    fputs("usage: canon [--transform] [FILE]\n"
          "Prints the canonical (minlex) form of each puzzle of FILE (or stdin; any format\n"
          "the library reads), one line per puzzle, or the status name of a puzzle that\n"
          "cannot be canonicalized. --transform adds the transformation to each form:\n"
          "T ROWS COLUMNS DIGITS.\n"
          "Exit codes: 0 input read to its end, 1 input, memory or output error, 2 usage.\n",
          out);
}

/* Reads all of `in` into a new buffer; returns NULL (errno set, or ENOMEM) on failure. */
static char *read_all(FILE *in, size_t *len)
{
    size_t size = 1 << 16, used = 0;
    char *text = malloc(size);
    if (text == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    for (;;) {
        size_t got = fread(text + used, 1, size - used, in);
        used += got;
        if (used < size) {
            if (ferror(in)) {
                int saved = errno != 0 ? errno : EIO;
                free(text);
                errno = saved;
                return NULL;
            }
            break;
        }
        {
            char *bigger = size > (size_t)-1 / 2 ? NULL : realloc(text, size * 2);
            if (bigger == NULL) {
                free(text);
                errno = ENOMEM;
                return NULL;
            }
            text = bigger;
            size *= 2;
        }
    }
    *len = used;
    return text;
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

int main(int argc, char **argv)
{
    int with_transform = 0, i;
    const char *path = NULL;
    FILE *in = stdin;
    char *text;
    size_t len = 0, pos;
    sudoku_read_info info;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return finish_output(PROGRAM, 0) == 0 ? 0 : 1;
        } else if (strcmp(argv[i], "--transform") == 0) {
            with_transform = 1;
        } else if (argv[i][0] == '-' && argv[i][1] != '\0') {
            usage(stderr);
            return 2;
        } else if (path == NULL) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }
    if (path != NULL && strcmp(path, "-") != 0) {
        in = fopen(path, "rb");
        if (in == NULL) {
            fprintf(stderr, "canon: %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    errno = 0;
    text = read_all(in, &len);
    if (text == NULL) {
        fprintf(stderr, "canon: %s: %s\n", path != NULL ? path : "stdin", strerror(errno));
        if (in != stdin) {
            fclose(in);
        }
        return 1;
    }
    if (in != stdin) {
        fclose(in);
    }

    sudoku_read_info_init(&info);
    for (pos = 0; pos < len; pos += info.consumed) {
        char board[SUDOKU_CELLS], form[SUDOKU_CELLS];
        sudoku_transform t;
        /* No candidates buffer: a candidate grid is SUDOKU_INVALID_FORMAT, skipped whole. */
        sudoku_status status = sudoku_read_puzzle(text + pos, len - pos, board, NULL, &info);
        if (status == SUDOKU_END_OF_INPUT) {
            break;
        }
        if (status == SUDOKU_INVALID_FORMAT) {
            fprintf(stderr, "canon: %s\n", info.message);
            puts(sudoku_status_name(status));
            continue;
        }
        if (status != SUDOKU_OK) {
            /* NULL_POINTER, INVALID_ARGUMENT or INTERNAL_ERROR: a bug, not the input's fault. */
            fprintf(stderr, "canon: reading: %s\n", sudoku_status_message(status));
            free(text);
            return 1;
        }
        status = sudoku_canonicalize(board, form, with_transform ? &t : NULL);
        if (status != SUDOKU_OK) {
            puts(sudoku_status_name(status));
            continue;
        }
        fwrite(form, 1, SUDOKU_CELLS, stdout);
        if (with_transform) {
            print_transform(&t);
        }
        putchar('\n');
    }
    free(text);
    return finish_output(PROGRAM, 0) == 0 ? 0 : 1;
}
