/*
 * finish_output.h: the end of an example program that writes its results to stdout.
 *
 * finish_output(program, code, failed) flushes stdout and returns `code`, or `failed` (the
 * program's exit code for an output error: 2 for solve, count and generate, 1 for the others)
 * with "PROGRAM: error writing output: REASON" on stderr when the output could not be written
 * (a full disk, say):
 * stdout is buffered, so a failed write may only show here, and exiting with `code` would hide
 * the lost output. A write that failed earlier leaves only the stream's error flag, without
 * its errno: the reason is then the one flush_output kept, or EIO (stdout on a terminal
 * writes each line at once).
 */
#ifndef SUDOKU_EXAMPLES_FINISH_OUTPUT_H
#define SUDOKU_EXAMPLES_FINISH_OUTPUT_H

#include <errno.h>
#include <stdio.h>
#include <string.h>

/* The reason of the first failed flush of stdout by flush_output, 0 when none: after a
 * failed write the stream keeps only its error flag. */
static int output_errno;

/* Flushes stdout before something goes to stderr (so that the two keep their order), keeping
 * the reason when the write fails. */
static inline void flush_output(void)
{
    errno = 0;
    if (fflush(stdout) != 0 && output_errno == 0) {
        output_errno = errno != 0 ? errno : EIO;
    }
}

static int finish_output(const char *program, int code, int failed)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int reason = errno != 0 ? errno : output_errno != 0 ? output_errno : EIO;
        fprintf(stderr, "%s: error writing output: %s\n", program, strerror(reason));
        return failed;
    }
    return code;
}

#endif
