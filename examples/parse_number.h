/*
 * parse_number.h: a whole number given on the command line.
 *
 * parse_number(text, min, max, hex_ok, &out) reads all of `text` as a whole number from min to
 * max, in decimal or, when hex_ok, in hexadecimal after "0x" (or "0X"); it returns 1 and sets
 * *out, or 0 (and leaves *out) for anything else: a sign, spaces, a second prefix, trailing
 * characters, a value out of range or too large for unsigned long long.
 *
 * Used by generate.c (--count, --seed, --threads, --givens) and canon.c (--shuffle).
 */
#ifndef SUDOKU_EXAMPLES_PARSE_NUMBER_H
#define SUDOKU_EXAMPLES_PARSE_NUMBER_H

#include <errno.h>
#include <stdlib.h>

/* Parses a whole number in [min, max], decimal or (hex_ok) 0x hexadecimal. */
static int parse_number(const char *text, unsigned long long min, unsigned long long max, int hex_ok,
                        unsigned long long *out)
{
    char *end;
    unsigned long long value;
    int base = 10;
    if (hex_ok && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text += 2;
        base = 16;
    }
    if (!((text[0] >= '0' && text[0] <= '9') ||
          (base == 16 && ((text[0] >= 'a' && text[0] <= 'f') || (text[0] >= 'A' && text[0] <= 'F'))))) {
        return 0;
    }
    /* strtoull would take a second prefix in base 16: "0x0x5" is not a number. */
    if (base == 16 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        return 0;
    }
    errno = 0;
    value = strtoull(text, &end, base);
    if (errno != 0 || *end != '\0' || value < min || value > max) {
        return 0;
    }
    *out = value;
    return 1;
}

#endif
