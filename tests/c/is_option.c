/* is_option (examples/read_argument.h) on each argument in a heap buffer of exactly its length,
 * built with the sanitizers by tests/memory_and_threads.rs: no argument is read past its NUL
 * (an empty one was, at its second byte). Prints "ok" and exits 0 when every answer is the
 * expected one; otherwise names the argument and exits 1. */
#define _POSIX_C_SOURCE 200112L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "read_argument.h"

int main(void)
{
    static const struct {
        const char *arg;
        int option;
    } cases[] = {
        {"", 0},      {"-", 0},       {"-h", 1}, {"--", 0},    {"--help", 1},
        {"---", 0},   {"-x....", 0},  {"-X", 0}, {"-5", 0},    {"5", 0},
        {"--x", 1},   {"-v", 1},
    };
    size_t i;
    int failures = 0;
    for (i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t len = strlen(cases[i].arg);
        char *copy = malloc(len + 1);
        if (copy == NULL) {
            return 1;
        }
        memcpy(copy, cases[i].arg, len + 1);
        if (is_option(copy) != cases[i].option) {
            printf("is_option(\"%s\") is not %d\n", cases[i].arg, cases[i].option);
            failures++;
        }
        free(copy);
    }
    /* The header's other helpers, unused here, referenced so that no warning is raised. */
    (void)note_if_file;
    (void)read_argument;
    puts(failures == 0 ? "ok" : "failed");
    return failures != 0;
}
