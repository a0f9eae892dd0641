/*
 * usage_error.h: how the example programs report a usage error.
 *
 * usage_error(program, what, arg) writes "PROGRAM: WHAT 'ARG'" (or "PROGRAM: WHAT" when arg is
 * NULL; nothing when what is NULL too) and then "Try 'PROGRAM --help' for more information."
 * on stderr, and returns the exit code 2, the code of every usage error. threads_error(program)
 * is the usage error of a bad --threads value, its range written out (a size_t's).
 */
#ifndef SUDOKU_EXAMPLES_USAGE_ERROR_H
#define SUDOKU_EXAMPLES_USAGE_ERROR_H

#include <stdio.h>

static int usage_error(const char *program, const char *what, const char *arg)
{
    if (what != NULL && arg != NULL) {
        fprintf(stderr, "%s: %s '%s'\n", program, what, arg);
    } else if (what != NULL) {
        fprintf(stderr, "%s: %s\n", program, what);
    }
    fprintf(stderr, "Try '%s --help' for more information.\n", program);
    return 2;
}

/* A bad --threads value: the range a size_t holds, written out. */
static inline int threads_error(const char *program)
{
    char what[96];
    snprintf(what, sizeof what, "--threads needs a whole number N from 0 to %zu (0: all cores)",
             (size_t)-1);
    return usage_error(program, what, NULL);
}

#endif
