/* solve: solves one Sudoku puzzle with libsudoku and prints it as a grid.
 *
 * Usage: solve [PUZZLE]
 *        solve -h | --help   prints the usage to stdout
 *
 * PUZZLE is 81 characters in row-major order: '1'-'9' for givens, '.' or '0' for blanks. Without
 * it, an embedded puzzle (the first of the magictour top 1465 collection) is solved.
 *
 * Prints the puzzle, the solution (both with box separators) and the status. Exit codes:
 * 0 solved, 1 the puzzle has no solution, 2 invalid input (the status message and the faulty
 * cell go to stderr), bad usage (an unknown option or more than one argument: the usage goes to
 * stderr), or an error writing the output ("solve: error writing output: REASON" on stderr).
 */

#include <stdio.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"

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

static void usage(FILE *out)
{
    fputs("usage: solve [PUZZLE]\n"
          "Solves PUZZLE (81 characters, row-major: '1'-'9' givens, '.' or '0' blanks), or an\n"
          "embedded puzzle when none is given. Exit codes: 0 solved, 1 no solution,\n"
          "2 invalid input, usage or an error writing the output.\n",
          out);
}

int main(int argc, char **argv)
{
    const char *text = DEFAULT_PUZZLE;
    char board[SUDOKU_CELLS];
    size_t len, cell = 0;
    sudoku_status status;

    if (argc > 2) {
        usage(stderr);
        return 2;
    }
    if (argc == 2) {
        if (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0) {
            usage(stdout);
            return finish_output(PROGRAM, 0);
        }
        /* A puzzle never starts with '-': this is an option solve does not know. A lone "-"
         * is left to the length check below, as solve reads no stdin. */
        if (argv[1][0] == '-' && argv[1][1] != '\0') {
            usage(stderr);
            return 2;
        }
        text = argv[1];
    }
    len = strlen(text);
    if (len != SUDOKU_CELLS) {
        fprintf(stderr, "solve: a puzzle has %d characters, got %zu\n", SUDOKU_CELLS, len);
        return 2;
    }
    memcpy(board, text, SUDOKU_CELLS);

    /* Validation locates the faulty cell; sudoku_solve would report the same status. */
    status = sudoku_validate(board, &cell);
    if (status != SUDOKU_OK) {
        fprintf(stderr, "solve: %s: %s (cell %zu: row %zu, column %zu)\n",
                sudoku_status_name(status), sudoku_status_message(status), cell, cell / 9 + 1,
                cell % 9 + 1);
        return 2;
    }

    puts("Puzzle:");
    print_grid(board);
    status = sudoku_solve(board);
    if (status == SUDOKU_OK) {
        puts("\nSolution:");
        print_grid(board);
    }
    printf("\nStatus: %s (%s)\n", sudoku_status_name(status), sudoku_status_message(status));
    return finish_output(PROGRAM, status == SUDOKU_OK ? 0 : status == SUDOKU_NO_SOLUTION ? 1 : 2);
}
