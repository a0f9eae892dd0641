/* solve: solves one Sudoku puzzle with libsudoku and prints it as a grid, or prints its
 * candidates.
 *
 * Usage: solve [--candidates] [--] [PUZZLE]
 *        solve -h | --help   prints the usage to stdout
 *        solve --version     prints "solve (libsudoku) VERSION", the library's version
 *
 * PUZZLE is one line in any one-line form the library's reader knows: 81 cells in row-major
 * order ('1'-'9' givens; '.', '0', '*', '_', '-', 'x' or 'X' blanks), optionally followed by
 * spaces and a rating or comment ("4...3.......(81 cells)  ED=9.4/1.2/1.2"). Without it, an
 * embedded puzzle (the first of the magictour top 1465 collection) is solved.
 *
 * Prints the puzzle, the solution (both with box separators) and the status. With
 * --candidates, prints instead the candidates the givens leave each cell
 * (sudoku_board_candidates) as a candidate grid: nine rows of nine cells, each cell its
 * candidate digits, in columns padded to their widest cell, between rules, the layout of
 * Sudoku Explainer and HoDoKu that sudoku_read_puzzle reads back to the same masks. A blank
 * cell left without any candidate has no place in such a grid (the reader refuses a blank
 * there) and means the puzzle has no solution: then nothing goes to stdout, and the first such
 * cell (row-major) is named on stderr, "solve: cell 8 (row 1, column 9) has no candidate left:
 * the puzzle has no solution" (cells 0-80, rows and columns 1-9, as the other diagnostics
 * count them), exit code 1.
 *
 * Exit codes: 0 solved (or candidates printed), 1 the puzzle has no solution (with
 * --candidates: a cell has no candidate left), 2 invalid input
 * (the reason, and for a bad character or two equal givens the cell, go to stderr), bad usage
 * (what was wrong, then a pointer to --help, on stderr), or an error writing the output
 * ("solve: error writing output: REASON" on stderr).
 */

/* For stat (POSIX), which read_argument.h uses to tell a file named as PUZZLE. */
#define _POSIX_C_SOURCE 200112L

#include <stdio.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"
#include "usage_error.h"
#include "read_argument.h"

#define PROGRAM "solve"

static const char DEFAULT_PUZZLE[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";


/* Prints a board as nine rows of "d d d | d d d | d d d", with a rule between bands.
 * Blanks ('.' or '0') are shown as '.'. */
static void print_grid(const char board[SUDOKU_CELLS])
{
    int row, col;
    for (row = 0; row < 9; row++) {
        if (row == 3 || row == 6) {
            puts("------+-------+------");
        }
        for (col = 0; col < 9; col++) {
            char c = board[row * 9 + col];
            if (col == 3 || col == 6) {
                fputs(" |", stdout);
            }
            if (col > 0) {
                putchar(' ');
            }
            putchar(c == '0' ? '.' : c);
        }
        putchar('\n');
    }
}

/* The digits of a candidate mask (digit d is bit d - 1) into `out`; returns how many. */
static int mask_digits(uint16_t mask, char out[10])
{
    int d, n = 0;
    for (d = 1; d <= 9; d++) {
        if (mask & (1u << (d - 1))) {
            out[n++] = (char)('0' + d);
        }
    }
    out[n] = '\0';
    return n;
}

/* A rule of the candidate grid: '+' at the box edges, '-' across each box's cells. */
static void print_rule(const int width[9])
{
    int box, k;
    putchar('+');
    for (box = 0; box < 3; box++) {
        /* Each cell is a space and its digits; then a space before the '|'. */
        int len = width[box * 3] + width[box * 3 + 1] + width[box * 3 + 2] + 4;
        for (k = 0; k < len; k++) {
            putchar('-');
        }
        putchar('+');
    }
    putchar('\n');
}

/* Prints the candidates as a grid, "| 19  7   169 | 2 ... |", each column padded to its widest
 * cell, with rules above, between bands and below. Every cell has a candidate (the caller
 * checks it). */
static void print_candidates(const uint16_t masks[SUDOKU_CELLS])
{
    int width[9], row, col;
    char digits[10];
    for (col = 0; col < 9; col++) {
        width[col] = 1;
        for (row = 0; row < 9; row++) {
            int n = mask_digits(masks[row * 9 + col], digits);
            width[col] = n > width[col] ? n : width[col];
        }
    }
    for (row = 0; row < 9; row++) {
        if (row % 3 == 0) {
            print_rule(width);
        }
        putchar('|');
        for (col = 0; col < 9; col++) {
            int n = mask_digits(masks[row * 9 + col], digits);
            printf(" %s%*s", digits, width[col] - n, "");
            if (col % 3 == 2) {
                fputs(" |", stdout);
            }
        }
        putchar('\n');
    }
    print_rule(width);
}

static void usage(FILE *out)
{
    fputs("usage: solve [--candidates] [--] [PUZZLE]\n"
          "Solves PUZZLE (one line of 81 cells, row-major: '1'-'9' givens, '.' or '0' blanks;\n"
          "a rating or comment may follow), or an embedded puzzle when none is given; \"--\" ends\n"
          "the options.\n"
          "--candidates prints the candidates of each cell as a candidate grid instead (a\n"
          "cell left without any candidate is named on stderr: no solution, exit code 1).\n"
          "Exit codes: 0 solved, 1 no solution, 2 invalid input, usage or an error writing\n"
          "the output.\n",
          out);
}

int main(int argc, char **argv)
{
    const char *text = NULL;
    char board[SUDOKU_CELLS];
    size_t cell = 0;
    sudoku_status status;
    int i, candidates = 0, options = 1;

    /* Options anywhere; "--" ends them (what follows is the PUZZLE). */
    for (i = 1; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (options && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) {
            usage(stdout);
            return finish_output(PROGRAM, 0, 2);
        } else if (options && strcmp(argv[i], "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output(PROGRAM, 0, 2);
        } else if (options && strcmp(argv[i], "--candidates") == 0) { /* may repeat */
            candidates = 1;
        } else if (options && is_option(argv[i])) {
            return usage_error(PROGRAM, "unknown option", argv[i]);
        } else if (text != NULL) {
            return usage_error(PROGRAM, "one PUZZLE at most; also given", argv[i]);
        } else {
            text = argv[i];
        }
    }
    if (text == NULL) {
        memcpy(board, DEFAULT_PUZZLE, SUDOKU_CELLS);
    } else if (!read_argument(PROGRAM, text, board)) {
        return 2;
    }

    /* Validation locates the faulty cell; sudoku_solve would report the same status. */
    status = sudoku_validate(board, &cell);
    if (status != SUDOKU_OK) {
        fprintf(stderr, PROGRAM ": %s: %s (cell %zu: row %zu, column %zu)\n",
                sudoku_status_name(status), sudoku_status_message(status), cell, cell / 9 + 1,
                cell % 9 + 1);
        return 2;
    }

    if (candidates) {
        uint16_t masks[SUDOKU_CELLS];
        status = sudoku_board_candidates(board, masks);
        if (status != SUDOKU_OK) {
            fprintf(stderr, PROGRAM ": %s: %s\n", sudoku_status_name(status),
                    sudoku_status_message(status));
            return 2;
        }
        /* A blank with no candidate left cannot be written in a candidate grid (a blank there
         * is no cell to the reader): the puzzle has no solution, said of its first such cell. */
        for (cell = 0; cell < SUDOKU_CELLS; cell++) {
            if (masks[cell] == 0) {
                fprintf(stderr,
                        PROGRAM ": cell %zu (row %zu, column %zu) has no candidate left: the "
                        "puzzle has no solution\n",
                        cell, cell / 9 + 1, cell % 9 + 1);
                return 1;
            }
        }
        puts("Candidates:");
        print_candidates(masks);
        return finish_output(PROGRAM, 0, 2);
    }
    puts("Puzzle:");
    print_grid(board);
    status = sudoku_solve(board);
    if (status == SUDOKU_OK) {
        puts("\nSolution:");
        print_grid(board);
    }
    printf("\nStatus: %s (%s)\n", sudoku_status_name(status), sudoku_status_message(status));
    return finish_output(PROGRAM, status == SUDOKU_OK ? 0 : status == SUDOKU_NO_SOLUTION ? 1 : 2, 2);
}
