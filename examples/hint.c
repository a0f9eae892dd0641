/* hint: shows how a person solves a Sudoku puzzle, step by step, in Sudoku Explainer's order,
 * with libsudoku's step engine.
 *
 * Usage: hint [--first] [--] PUZZLE
 *        hint -h | --help   prints the usage to stdout
 *        hint --version     prints "hint (libsudoku) VERSION", the library's version
 *
 * PUZZLE is one line in any one-line form the library's reader knows (81 cells; a rating or
 * comment may follow). Prints the path of steps (sudoku_solve_path), one a line: the step's
 * number, its rating (SE's ER, one decimal) and its explanation (sudoku_step_explain), for
 * example "1. 1.2 Hidden Single in box 4: r5c2 = 7". Then "solved" when the path ends on the
 * solution, or "stuck: the next step needs a technique beyond the engine (ER 11.0 or more)"
 * (the bound is SUDOKU_BEYOND_ER).
 * --first prints the first step only (sudoku_hint), or "solved" for a full board. Options may
 * follow PUZZLE; "--" ends them. When the puzzle has several solutions, the path stops with
 * "stuck: the puzzle has several solutions, so no step settles the cells left".
 *
 * Exit codes: 0 the path (or the hint) was printed, stuck included; 1 the puzzle cannot be
 * solved by steps (invalid, no solution, several solutions that mislead the uniqueness
 * techniques; the reason on stderr) or the output could not be written; 2 usage or a PUZZLE
 * that cannot be read.
 */

/* For stat (POSIX), which read_argument.h uses to tell a file named as PUZZLE. */
#define _POSIX_C_SOURCE 200112L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sudoku.h"
#include "finish_output.h"
#include "usage_error.h"
#include "read_argument.h"

#define PROGRAM "hint"

/* The longest path: 81 placements and 729 candidates, each step taking one or more. */
#define MAX_PATH 810

static void usage(FILE *out)
{
    fputs("usage: hint [--first] [--] PUZZLE\n"
          "Prints the steps Sudoku Explainer takes to solve PUZZLE (81 cells in one line,\n"
          "row-major: '1'-'9' givens; '.', '0', 'x', 'X', '*', '_' or '-' blanks, or spaces\n"
          "in a line of exactly 81 characters; a rating or comment may follow), one a line:\n"
          "number, rating and explanation (cells as rNcM, row and column 1-9), then\n"
          "\"solved\", or \"stuck: ...\" when the next step needs a technique beyond the engine.\n"
          "--first prints the first step only; options may follow PUZZLE; -- ends them (for\n"
          "a PUZZLE that starts with '-').\n"
          "Exit codes: 0 printed (a stuck path too), 1 no solution, conflicting givens,\n"
          "several solutions that mislead the steps, or an output error; 2 usage or an\n"
          "unreadable PUZZLE.\n",
          out);
}

/* Prints "N. R.R TEXT" for a step; returns 0, or 1 (with the reason on stderr) when the text
 * could not be made. */
static int print_step(size_t number, const struct sudoku_step *step)
{
    char small[256];
    char *text = small;
    size_t needed = 0;
    sudoku_status status = sudoku_step_explain(step, small, sizeof small, &needed);
    if (status == SUDOKU_BUFFER_TOO_SMALL) {
        /* A long chain: ask for the size, then explain into a buffer that fits. */
        text = malloc(needed);
        if (text == NULL) {
            fputs(PROGRAM ": out of memory\n", stderr);
            return 1;
        }
        status = sudoku_step_explain(step, text, needed, &needed);
    }
    if (status != SUDOKU_OK) {
        fprintf(stderr, PROGRAM ": %s: %s\n", sudoku_status_name(status),
                sudoku_status_message(status));
        if (text != small) {
            free(text);
        }
        return 1;
    }
    printf("%zu. %u.%u %s\n", number, step->rating / 10u, step->rating % 10u, text);
    if (text != small) {
        free(text);
    }
    return 0;
}

/* The reason a puzzle cannot be solved by steps, on stderr, with the cell when there is one. */
static int fail(sudoku_status status, const char board[SUDOKU_CELLS])
{
    size_t cell = 0;
    if ((status == SUDOKU_INVALID_CHARACTER || status == SUDOKU_CONFLICTING_GIVENS)
        && sudoku_validate(board, &cell) == status) {
        fprintf(stderr, PROGRAM ": %s: %s (cell %zu: row %zu, column %zu)\n",
                sudoku_status_name(status), sudoku_status_message(status), cell, cell / 9 + 1,
                cell % 9 + 1);
    } else if (status == SUDOKU_MULTIPLE_SOLUTIONS) {
        /* Most such puzzles get a path that stops; this one misled a uniqueness step. */
        fprintf(stderr,
                PROGRAM ": %s: %s (a uniqueness technique, which assumes one solution, led"
                " the steps to a contradiction)\n",
                sudoku_status_name(status), sudoku_status_message(status));
    } else {
        fprintf(stderr, PROGRAM ": %s: %s\n", sudoku_status_name(status),
                sudoku_status_message(status));
    }
    return 1;
}

/* Whether the puzzle has two solutions or more (a count stopped at two). */
static int several_solutions(const char board[SUDOKU_CELLS])
{
    uint64_t n = 0;
    return sudoku_count_solutions(board, 2, &n) == SUDOKU_OK && n >= 2;
}

/* Says the path stopped: the puzzle has several solutions (no technique settles the cells
 * where they differ), or the next step needs a technique the engine lacks, rated at least
 * SUDOKU_BEYOND_ER (a write error shows in finish_output). */
static void print_stuck(const char board[SUDOKU_CELLS])
{
    if (several_solutions(board)) {
        puts("stuck: the puzzle has several solutions, so no step settles the cells left");
        return;
    }
    printf("stuck: the next step needs a technique beyond the engine (ER %d.%d or more)\n",
                  SUDOKU_BEYOND_ER / 10, SUDOKU_BEYOND_ER % 10);
}

int main(int argc, char **argv)
{
    char board[SUDOKU_CELLS];
    int first = 0, i = 1, options = 1, puzzle = -1;
    size_t count = 0, n;
    bool complete = false;
    struct sudoku_step *steps;
    sudoku_status status;

    /* Options anywhere, in any order (--first may repeat); "--" ends them, so that a puzzle
     * written with '-' blanks is never taken for an option. One PUZZLE. */
    for (; i < argc; i++) {
        if (options && strcmp(argv[i], "--") == 0) {
            options = 0;
        } else if (options && (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0)) {
            usage(stdout);
            return finish_output(PROGRAM, 0, 1);
        } else if (options && strcmp(argv[i], "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return finish_output(PROGRAM, 0, 1);
        } else if (options && strcmp(argv[i], "--first") == 0) {
            first = 1;
        } else if (options && is_option(argv[i])) {
            return usage_error(PROGRAM, "unknown option", argv[i]);
        } else if (puzzle >= 0) {
            return usage_error(PROGRAM, "one PUZZLE only; also given", argv[i]);
        } else {
            puzzle = i;
        }
    }
    if (puzzle < 0) {
        return usage_error(PROGRAM, "PUZZLE missing", NULL);
    }
    i = puzzle;
    if (!read_argument(PROGRAM, argv[i], board)) {
        return 2;
    }

    if (first) {
        struct sudoku_step step;
        status = sudoku_hint(board, NULL, NULL, &step, NULL);
        if (status == SUDOKU_ALREADY_SOLVED) {
            puts("solved");
            return finish_output(PROGRAM, 0, 1);
        }
        if (status == SUDOKU_NO_STEP) {
            print_stuck(board);
            return finish_output(PROGRAM, 0, 1);
        }
        if (status != SUDOKU_OK) {
            return fail(status, board);
        }
        return finish_output(PROGRAM, print_step(1, &step), 1);
    }

    /* Room for any path at once: each step places a digit or removes a candidate, so a path
     * has at most 81 + 729 steps (asking for the size first would search the path twice, and
     * the nested forcing chains take tenths of a second to seconds). */
    count = MAX_PATH;
    steps = malloc(count * sizeof *steps);
    if (steps == NULL) {
        fputs(PROGRAM ": out of memory\n", stderr);
        return 1;
    }
    status = sudoku_solve_path(board, steps, count, &count, &complete);
    if (status != SUDOKU_OK) {
        free(steps);
        return fail(status, board);
    }
    for (n = 0; n < count; n++) {
        if (print_step(n + 1, &steps[n]) != 0) {
            free(steps);
            return finish_output(PROGRAM, 1, 1);
        }
    }
    free(steps);
    if (complete) {
        puts("solved");
        /* The steps assume one solution (the uniqueness techniques rely on it), as Sudoku
         * Explainer's do: a path through a puzzle with several proves nothing. */
        if (several_solutions(board)) {
            flush_output();
            fputs(PROGRAM ": note: the puzzle has several solutions; the steps assume one\n",
                  stderr);
        }
    } else {
        print_stuck(board);
    }
    return finish_output(PROGRAM, 0, 1);
}
