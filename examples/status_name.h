/* The name of a libsudoku status code, as the examples print it ("SUDOKU_NO_SOLUTION", ...).
 * Shared by the C and C++ examples; include it after "sudoku.h". */
#ifndef SUDOKU_EXAMPLES_STATUS_NAME_H
#define SUDOKU_EXAMPLES_STATUS_NAME_H

static inline const char *status_name(sudoku_status status)
{
    switch (status) {
    case SUDOKU_OK: return "SUDOKU_OK";
    case SUDOKU_NO_SOLUTION: return "SUDOKU_NO_SOLUTION";
    case SUDOKU_MULTIPLE_SOLUTIONS: return "SUDOKU_MULTIPLE_SOLUTIONS";
    case SUDOKU_INVALID_CHARACTER: return "SUDOKU_INVALID_CHARACTER";
    case SUDOKU_CONFLICTING_GIVENS: return "SUDOKU_CONFLICTING_GIVENS";
    case SUDOKU_NULL_POINTER: return "SUDOKU_NULL_POINTER";
    case SUDOKU_INVALID_ARGUMENT: return "SUDOKU_INVALID_ARGUMENT";
    case SUDOKU_INTERNAL_ERROR: return "SUDOKU_INTERNAL_ERROR";
    }
    return "SUDOKU_UNKNOWN_STATUS";
}

#endif
