/*
 * option_value.h: an option that takes a value, written as two arguments ("--count 5") or as
 * one joined by '=' ("--count=5"), the two forms GNU getopt_long accepts.
 *
 * option_value(arg, name, next, &value) tells whether the argument `arg` is the option `name`
 * ("--count"): 0 when it is not; 1 when it is alone, its value then being `next` (the argument
 * after it, NULL when there is none; the caller skips it); 2 when the value is joined, `value`
 * then pointing after the '=' (possibly to an empty string, which no option accepts).
 *
 * Used by solve_file.c, generate.c, rate.c and canon.c, the programs with options that take a
 * value.
 */
#ifndef SUDOKU_EXAMPLES_OPTION_VALUE_H
#define SUDOKU_EXAMPLES_OPTION_VALUE_H

#include <string.h>

static int option_value(const char *arg, const char *name, const char *next, const char **value)
{
    size_t n = strlen(name);
    if (strncmp(arg, name, n) != 0) {
        return 0;
    }
    if (arg[n] == '\0') {
        *value = next;
        return 1;
    }
    if (arg[n] == '=') {
        *value = arg + n + 1;
        return 2;
    }
    return 0;
}

#endif
