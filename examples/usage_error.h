/*
 * usage_error.h: how the example programs report a usage error.
 *
 * usage_error(program, what, arg) writes "PROGRAM: WHAT 'ARG'" (or "PROGRAM: WHAT" when arg is
 * NULL; nothing when what is NULL too) and then "Try 'PROGRAM --help' for more information."
 * on stderr, and returns the exit code 2, the code of every usage error. value_error(program,
 * what, value) is the usage error of an option's bad value: "PROGRAM: WHAT, got 'VALUE'" (just
 * "PROGRAM: WHAT" when the value is missing, value NULL). threads_error(program, value) is that
 * of a bad --threads value, its range written out (a size_t's).
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

/* An option's bad value, echoed so that a quoting mistake shows (NULL: the value is missing). */
static inline int value_error(const char *program, const char *what, const char *value)
{
    if (value != NULL) {
        fprintf(stderr, "%s: %s, got '%s'\n", program, what, value);
        return usage_error(program, NULL, NULL);
    }
    return usage_error(program, what, NULL);
}

/* A bad --threads value: the range a size_t holds, written out. */
static inline int threads_error(const char *program, const char *value)
{
    char what[96];
    snprintf(what, sizeof what, "--threads needs a whole number N from 0 to %zu (0: all cores)",
             (size_t)-1);
    return value_error(program, what, value);
}

#endif
