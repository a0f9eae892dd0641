/*
 * read_all.h: reads a whole input into memory, for the programs that hand it to the library's
 * reader in one piece (the reader takes a text and says how much of it each puzzle used, so a
 * puzzle may span lines: a grid, a candidate grid).
 *
 * read_all(in, &len) returns a new buffer (free it) holding every byte of `in`, its length in
 * *len; NULL on a read error or when memory runs out, with errno set (EIO when the stream gave
 * no reason, ENOMEM for memory).
 *
 * Shared by canon.c and rate.c.
 */
#ifndef SUDOKU_EXAMPLES_READ_ALL_H
#define SUDOKU_EXAMPLES_READ_ALL_H

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

static char *read_all(FILE *in, size_t *len)
{
    size_t size = 1 << 16, used = 0;
    char *text = malloc(size);
    if (text == NULL) {
        errno = ENOMEM;
        return NULL;
    }
    for (;;) {
        size_t got = fread(text + used, 1, size - used, in);
        used += got;
        if (used < size) {
            if (ferror(in)) {
                int saved = errno != 0 ? errno : EIO;
                free(text);
                errno = saved;
                return NULL;
            }
            break;
        }
        {
            char *bigger = size > (size_t)-1 / 2 ? NULL : realloc(text, size * 2);
            if (bigger == NULL) {
                free(text);
                errno = ENOMEM;
                return NULL;
            }
            text = bigger;
            size *= 2;
        }
    }
    *len = used;
    return text;
}

#endif
