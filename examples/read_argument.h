/*
 * read_argument.h: a puzzle given on the command line, read by the library's reader.
 *
 * read_argument(program, arg, board) reads one line in any one-line form the reader knows (81
 * cells, a rating or comment may follow; one line end after it is allowed), or says on stderr
 * why not, with the diagnostic of read_diagnostic.h (and a note when the argument names a
 * file: PUZZLE is the puzzle's text); is_option(arg) tells an option from a puzzle (a puzzle
 * may start with '-', a blank).
 *
 * Shared by solve.c, count.c, hint.c and solve.cpp (C99 and C++17 alike).
 */
#ifndef SUDOKU_EXAMPLES_READ_ARGUMENT_H
#define SUDOKU_EXAMPLES_READ_ARGUMENT_H

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "sudoku.h"
#include "read_diagnostic.h"

/* Whether a command-line argument is an option rather than a puzzle: '-' then a letter, or "--"
 * then a letter. A puzzle may start with '-' (a blank), and "-x..." is one too ('x' is a
 * blank). */
static int is_option(const char *arg)
{
    unsigned char c;
    int letter;
    /* The first byte first: an empty argument has no second one to read. */
    if (arg[0] != '-') {
        return 0;
    }
    c = (unsigned char)arg[1];
    letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    if (c == '-') {
        c = (unsigned char)arg[2];
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }
    return letter && c != 'x' && c != 'X';
}

/* After a PUZZLE that could not be read: when it names a regular file, says that PUZZLE is a
 * puzzle's own text, and which program reads files (a likely mix-up). stat, not fopen: opening
 * a FIFO would wait for a writer, and "." (a one-cell puzzle) is a folder, not a file. The
 * including C file defines _POSIX_C_SOURCE for it. */
static void note_if_file(const char *program, const char *arg)
{
    struct stat st;
    if (stat(arg, &st) == 0 && S_ISREG(st.st_mode)) {
        fprintf(stderr,
                "%s: note: '%s' names a file; PUZZLE is a puzzle's own text (solve_file reads a "
                "file of puzzles)\n",
                program, arg);
    }
}

/* Reads the puzzle argument `arg` of `program` into `board` (81 bytes, canonical): a one-line
 * puzzle of givens, with a rating or comment after it allowed. Returns 1, or 0 after writing
 * "PROGRAM: REASON" on stderr (the reader's diagnostic, or what else is wrong). */
static int read_argument(const char *program, const char *arg, char board[SUDOKU_CELLS])
{
    struct sudoku_read_info info;
    uint16_t masks[SUDOKU_CELLS];
    char diagnostic[192];
    size_t len = strlen(arg);
    sudoku_status status;

    /* One line end at the very end (a line cut from a file, LF or CRLF) is not a break. */
    if (len > 0 && arg[len - 1] == '\n') {
        len--;
    }
    if (len > 0 && arg[len - 1] == '\r') {
        len--;
    }
    if (memchr(arg, '\n', len) != NULL || memchr(arg, '\r', len) != NULL) {
        fprintf(stderr, "%s: PUZZLE is one line; this one has a line break\n", program);
        return 0;
    }
    sudoku_read_info_init_size(&info, sizeof info);
    status = sudoku_read_puzzle(arg, len, board, masks, &info);
    if (status == SUDOKU_INVALID_FORMAT &&
        (info.reason == SUDOKU_READ_CELL_COUNT || info.reason == SUDOKU_READ_SHORT_GRID)) {
        /* One run of cell characters of another length than 81: the reader, which reads grids
         * too, would name it a grid row of the wrong length ("line 1 has 20 cells, not 9") or,
         * at 9 cells, a grid's first row; an argument is a one-line puzzle, so say that. */
        size_t i, cells = 0;
        for (i = 0; i < len && arg[i] != '\0' && strchr("123456789.0*_-xX", arg[i]) != NULL; i++) {
            cells++;
        }
        /* (Dashes alone are a rule line, which the reader's sentence names; but "-" alone,
         * likely meant as stdin, which a PUZZLE argument is not, gets a plain sentence.) */
        if (len == 1 && arg[0] == '-') {
            fprintf(stderr, "%s: PUZZLE is '-', not a puzzle of 81 cells\n", program);
            return 0;
        }
        if (cells == len && cells > 0 && strspn(arg, "-") < len) {
            /* "-x" is two blanks to the reader, and likely meant as an option: say both. */
            fprintf(stderr, "%s: PUZZLE has %zu cell%s, not 81%s\n", program, cells,
                    cells == 1 ? "" : "s",
                    arg[0] == '-' ? " (nor is it an option: see --help)" : "");
            note_if_file(program, arg);
            return 0;
        }
    }
    if (status == SUDOKU_INVALID_FORMAT) {
        read_diagnostic(arg, &info, diagnostic, sizeof diagnostic);
        fprintf(stderr, "%s: %s\n", program, diagnostic);
        note_if_file(program, arg);
        return 0;
    }
    if (status == SUDOKU_END_OF_INPUT) {
        fprintf(stderr, "%s: PUZZLE holds no puzzle (only blanks or a comment)\n", program);
        return 0;
    }
    if (status != SUDOKU_OK) {
        fprintf(stderr, "%s: %s\n", program, sudoku_status_message(status));
        return 0;
    }
    if (info.kind != SUDOKU_PUZZLE_GIVENS) {
        fprintf(stderr, "%s: PUZZLE holds candidates; give its 81 cells\n", program);
        return 0;
    }
    return 1;
}

#endif
