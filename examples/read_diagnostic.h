/*
 * read_diagnostic.h: the sentence an example program prints for a text that is not a puzzle.
 *
 * read_diagnostic(text, info, out, size) writes the reader's message (sudoku_read_info.message,
 * which names the line, the column and the reason) and, for a bad character, the cell it stands
 * in, as the example programs print it after "PROGRAM: line N: ":
 *
 *   character 'a' at line 1, column 41 is not a digit or a blank (cell 40: row 5, column 5)
 *
 * The reader says where the character is in the text; which cell of the puzzle it takes is
 * counted here: the rows of the grid before the character's line (read back by the library's
 * own reader from the text before that line: a grid cut there ends after those rows) and the
 * cells before the character on its line (cell characters, or in a row of candidates, its runs
 * of digits; which of the two the line is, is decided on the whole line, as the reader decides
 * it: `.8. a.. 6..` is a row of givens, `12 3a 456 ...` one of candidates). On a line that is a
 * pencilmark line but for the bad character (its first token, up to a space, a tab or the line
 * end, is 405 characters or more: from there on the reader takes a run of cells for a
 * 729-character pencilmark line), each cell is 9 characters, so the cell is
 * the characters before it divided by 9. When the character stands past the last cell (a tenth
 * cell in a row, an 82nd in a one-line puzzle, a 730th in a pencilmark line), no cell is named.
 *
 * read_argument.h builds on it to read a puzzle given on the command line.
 *
 * Shared by solve_file.c, canon.c, solve.c, count.c and solve.cpp (C99 and C++17 alike).
 */
#ifndef SUDOKU_EXAMPLES_READ_DIAGNOSTIC_H
#define SUDOKU_EXAMPLES_READ_DIAGNOSTIC_H

#include <stdio.h>
#include <string.h>

#include "sudoku.h"

/* The length of a first token of cells from which the reader takes it for a pencilmark line
 * (729 characters) rather than a one-line puzzle (81): the midpoint, 405 (docs/c-api.md). */
#define READ_DIAGNOSTIC_PENCILMARK_FROM 405

/* A cell character of the reader's formats: a digit or a blank. */
static int read_diagnostic_is_cell(unsigned char c)
{
    return (c >= '0' && c <= '9') || c == '.' || c == '*' || c == '_' || c == '-' || c == 'x' ||
           c == 'X';
}

/* Rows of the grid that ends on the line before `line_start` in `text` (from where the failed
 * read started): 0 when only blank lines and comments come before it. 9 or more when unknown. */
static size_t read_diagnostic_rows_before(const char *text, size_t line_start)
{
    char board[SUDOKU_CELLS];
    uint16_t masks[SUDOKU_CELLS];
    struct sudoku_read_info before;
    size_t rows = 0;
    sudoku_status status;

    sudoku_read_info_init_size(&before, sizeof before);
    status = sudoku_read_puzzle(text, line_start, board, masks, &before);
    if (status == SUDOKU_END_OF_INPUT) {
        return 0;
    }
    if (status == SUDOKU_INVALID_FORMAT && before.reason == SUDOKU_READ_SHORT_GRID &&
        sscanf(before.message, "the grid ends after %zu row", &rows) == 1) {
        return rows;
    }
    return 9;
}

/* Characters of the line's first token from `text + at` (up to a space, a tab, a line end or
 * `text + end`), a UTF-8 character (a lead byte and its continuation bytes) counted once. */
static size_t read_diagnostic_token_rest(const char *text, size_t at, size_t end)
{
    size_t n = 0;
    for (; at < end; at++) {
        unsigned char c = (unsigned char)text[at];
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            break;
        }
        n += (c & 0xC0) != 0x80;
    }
    return n;
}

/* A separator of the reader's grid lines: '|', '!', '+', ':', '\'', '=' and the box-drawing
 * characters (U+2500-U+257F, UTF-8 E2 94 xx and E2 95 xx; `next` is the byte after `c`). */
static int read_diagnostic_is_separator(unsigned char c, unsigned char next)
{
    return c == '|' || c == '!' || c == '+' || c == ':' || c == '\'' || c == '=' ||
           (c == 0xE2 && (next == 0x94 || next == 0x95));
}

/* The cell (0-80) of the bad character at `text + info->offset`; 0 when it is no cell. The
 * bytes up to `text + info->consumed` (the rest of the bad line at least) are read.
 *
 * Which way the line counts its cells is decided on the whole line, as the reader decides it:
 * nine cells are a row of givens; otherwise, when no run of several characters holds a blank,
 * some run has several and there are several runs, a row of candidates, whose cells are its
 * runs of digits. The bad character counts as a cell, and so does any other character after it
 * that is neither a space nor a separator (the reader stopped at the first). */
static int read_diagnostic_cell(const char *text, const struct sudoku_read_info *info,
                                size_t *cell)
{
    /* `chars` and `token`: the cells before the bad character, counted as cell characters and
     * as runs; `line_chars` and `line_tokens`: the same over the whole line. */
    size_t start = info->offset, i, rows, chars = 0, token = 0, line_chars = 0, line_tokens = 0;
    size_t token_len = 0;
    int spaced = 0, in_token = 0, long_token = 0, blank_token = 0, token_blank = 0;

    while (start > 0 && text[start - 1] != '\n' && text[start - 1] != '\r') {
        start--;
    }
    i = start;
    if (info->offset - i >= 3 && memcmp(text + i, "\xEF\xBB\xBF", 3) == 0) {
        i += 3;
    }
    for (; i < info->consumed && text[i] != '\n' && text[i] != '\r'; i++) {
        unsigned char c = (unsigned char)text[i];
        unsigned char next = i + 1 < info->consumed ? (unsigned char)text[i + 1] : 0;
        int is_cell;
        if (i == info->offset) {
            /* The bad character stands in a cell; the ones before it tell which (a character
             * inside a run of digits belongs to that run's cell). */
            chars = line_chars;
            token = in_token ? line_tokens - 1 : line_tokens;
            is_cell = 1;
        } else if ((c & 0xC0) == 0x80) {
            continue; /* a UTF-8 continuation byte: its character is counted once */
        } else if (i < info->offset) {
            is_cell = read_diagnostic_is_cell(c);
            spaced |= !is_cell;
        } else {
            is_cell = !(c == ' ' || c == '\t' || read_diagnostic_is_separator(c, next));
        }
        if (!is_cell) {
            in_token = 0;
            continue;
        }
        line_chars++;
        if (!in_token) {
            line_tokens++;
            token_len = 0;
            token_blank = 0;
        }
        in_token = 1;
        token_len++;
        token_blank |= i != info->offset && read_diagnostic_is_cell(c) && !(c >= '1' && c <= '9');
        blank_token |= token_blank && token_len > 1;
        long_token |= token_len > 1;
    }
    rows = read_diagnostic_rows_before(text, start);
    if (rows == 0 && !spaced) {
        /* The first line, cells back to back: a one-line puzzle, the first row of a grid, or a
         * pencilmark line (9 characters a cell) when its first token is that long. */
        size_t first = chars + read_diagnostic_token_rest(text, info->offset, info->consumed);
        size_t width = first >= READ_DIAGNOSTIC_PENCILMARK_FROM ? 9 : 1;
        if (chars >= SUDOKU_CELLS * width) {
            return 0;
        }
        *cell = chars / width;
        return 1;
    }
    if (line_chars != 9 && !blank_token && long_token && line_tokens > 1) {
        chars = token; /* a row of candidates: a cell is a run of digits */
    }
    if (rows >= 9 || chars >= 9) {
        return 0;
    }
    *cell = rows * 9 + chars;
    return 1;
}

/* Writes the diagnostic for a failed read (status SUDOKU_INVALID_FORMAT) of `text` (where the
 * read started) into `out` (`size` bytes, NUL-terminated). */
static void read_diagnostic(const char *text, const struct sudoku_read_info *info, char *out,
                            size_t size)
{
    size_t cell = 0;
    if (info->reason == SUDOKU_READ_INVALID_CHARACTER && read_diagnostic_cell(text, info, &cell)) {
        snprintf(out, size, "%s (cell %zu: row %zu, column %zu)", info->message, cell,
                 cell / 9 + 1, cell % 9 + 1);
    } else {
        snprintf(out, size, "%s", info->message);
    }
}

#endif
