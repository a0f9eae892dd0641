/* solve_file: solves every puzzle of a file (or stdin) with libsudoku, on all cores.
 *
 * Usage: solve_file [--unique | --count N | --list N] [--threads N] [--quiet] [--] [FILE]
 *        solve_file -h | --help   prints the usage to stdout
 *        solve_file --version   prints "solve_file (libsudoku) VERSION", the library's version
 *
 * Reads FILE, or stdin when FILE is absent or "-", with the library's reader
 * (sudoku_read_puzzle): one-line puzzles (a rating or comment may follow on the line), grids of
 * 9 rows with any separators (the layout build/solve prints included), .sdk and SadMan files
 * with their metadata lines, 729-character pencilmark lines and candidate grids; a byte-order
 * mark, and LF, CRLF or CR line ends. Blank lines, comments and metadata are skipped.
 *
 * Writes exactly one line per puzzle to stdout, in input order, so that output line N belongs
 * to puzzle N:
 *   default     the solution found by sudoku_solve (first solution; fastest), or the status name
 *   --unique    the solution from sudoku_solve_unique, or the status name (for example
 *               SUDOKU_MULTIPLE_SOLUTIONS)
 *   --count N   the solution count from sudoku_count_solutions, capped at N (N >= 1), or the
 *               status name
 *   --list N    up to N solutions (sudoku_list_solutions: ascending order) separated by single
 *               spaces, then " ..." when the puzzle has more than N; SUDOKU_NO_SOLUTION when
 *               it has none; or the status name. N is from 1 to LIST_MAX (1000000: its buffer
 *               of 81 bytes a solution, 81 MB, is allocated once at the start)
 * A text that is not a puzzle gives the line SUDOKU_INVALID_FORMAT, and on stderr
 * "solve_file: line N: REASON": the reader's sentence (line, column and what is wrong) and, for
 * a bad character, the cell it stands in ("(cell 40: row 5, column 5)"). An invalid puzzle
 * (two equal givens in a house) gives its status name and "solve_file: line N: MESSAGE (cell
 * C)". A candidate puzzle is solved with the *_candidates functions.
 *
 * A summary line goes to stderr: puzzles read (= solved + no solution + multiple solutions +
 * invalid + unreadable) and the elapsed wall time of the whole run (reading, solving and
 * writing) with the rate in puzzles per second. In --count mode a count of 0 is "no solution",
 * 1 "solved" and 2 or more "multiple solutions"; --list counts alike.
 *
 * The input is read in blocks of READ_BLOCK bytes (1 MiB; -DSOLVE_FILE_READ_BLOCK=N to change
 * it); the reader runs on the buffer, and a puzzle that a block boundary cuts is read again
 * once the next block is in, so it reads exactly as in a whole text. Puzzles are solved in
 * batches: each batch of givens with one sudoku_solve_batch call (the same results as
 * sudoku_solve or sudoku_solve_unique puzzle by puzzle) on up to --threads N threads (default
 * 0: every available core), then written out. --count, --list and candidate puzzles are solved
 * puzzle by puzzle on one thread (the batch call solves givens; it does not count).
 *
 * When stdin is a terminal, "solve_file: reading puzzles from the terminal; end with Ctrl-D"
 * goes to stderr once, and each puzzle is answered as soon as it is read. When stderr is a
 * terminal, a progress line (bar, share done, puzzles, rate, and the time left when the input
 * is a regular file of known size) is redrawn on stderr after each batch and erased at the end;
 * it is never written to a pipe or a file. --quiet turns off the progress line and the summary;
 * diagnostics are still written.
 *
 * Exit codes: 0 the input was read to its end, 1 the input could not be opened or read
 * ("solve_file: FILE: REASON"), the output could not be written ("solve_file: error writing
 * output: REASON") or memory ran out, 2 usage (what was wrong, then a pointer to --help).
 */

/* For clock_gettime, fileno, fstat, isatty, open and read (POSIX); without clock_gettime the
 * elapsed time falls back to clock(). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sudoku.h"
#include "read_diagnostic.h"
#include "option_value.h"
#include "usage_error.h"

#define PROGRAM "solve_file"

enum mode { MODE_SOLVE, MODE_UNIQUE, MODE_COUNT, MODE_LIST };

/* Bytes asked of the input at a time. */
#ifndef SOLVE_FILE_READ_BLOCK
#define SOLVE_FILE_READ_BLOCK (1 << 20)
#endif
#define READ_BLOCK ((size_t)(SOLVE_FILE_READ_BLOCK))

/* Puzzles per batch: one batch call each, large enough that the threads are rarely idle between
 * batches. With a progress line, batches of BLOCK_TTY puzzles keep it lively (a tenth of a
 * second or so per batch even for the hardest puzzles). */
#define BLOCK 16384
#define BLOCK_TTY 2048

/* The largest N of --list N: the buffer of N solutions (81 bytes each) is allocated at the
 * start, whatever the puzzles, so N is bounded (81 MB at most) rather than left to fail. */
#define LIST_MAX 1000000

/* Bytes of a diagnostic: the reader's message (at most 127) and the cell. */
#define DIAGNOSTIC_SIZE 192

/* The input: a buffer of bytes read and not yet used, [pos, end) of buf. */
struct input {
    int fd;
    const char *name;
    char *buf;
    size_t cap, pos, end;
    int eof;
    int error;          /* errno of a failed read, or 0 */
    double fetched;     /* bytes read from the input so far */
    size_t line;        /* the number of the line at pos */
    size_t ends;        /* 1 + the offset in buf of the last line end byte, 0 when none */
};

static int fill_block(struct input *in);

/* Bytes of the input used so far. */
static double consumed(const struct input *in)
{
    return in->fetched - (double)(in->end - in->pos);
}

/* Reads more bytes after those not yet used (moved to the front of the buffer, which grows
 * when they fill it: a line longer than a block), READ_BLOCK at a time, until a line end comes
 * in: the reader, called again on the same bytes, then has something new to read (a huge line
 * is not read again for every block of it). Sets eof at the end of the input or on a read error
 * (error then holds its errno). Returns 0, or -1 when memory ran out. */
static int fill(struct input *in)
{
    size_t from;
    do {
        from = in->end - in->pos;
        if (fill_block(in) != 0) {
            return -1;
        }
    } while (!in->eof && memchr(in->buf + from, '\n', in->end - from) == NULL &&
             memchr(in->buf + from, '\r', in->end - from) == NULL);
    for (in->ends = in->end; in->ends > in->pos; in->ends--) {
        if (in->buf[in->ends - 1] == '\n' || in->buf[in->ends - 1] == '\r') {
            break;
        }
    }
    return 0;
}

/* One read of up to READ_BLOCK bytes for fill. */
static int fill_block(struct input *in)
{
    size_t rest = in->end - in->pos;
    ssize_t n;
    if (in->pos > 0) {
        memmove(in->buf, in->buf + in->pos, rest);
        in->pos = 0;
        in->end = rest;
    }
    if (in->cap - in->end < READ_BLOCK) {
        size_t cap = in->cap * 2 > in->end + READ_BLOCK ? in->cap * 2 : in->end + READ_BLOCK;
        char *buf = realloc(in->buf, cap);
        if (buf == NULL) {
            return -1;
        }
        in->buf = buf;
        in->cap = cap;
    }
    do {
        n = read(in->fd, in->buf + in->end, READ_BLOCK);
    } while (n < 0 && errno == EINTR);
    if (n < 0) {
        in->error = errno;
        in->eof = 1;
    } else if (n == 0) {
        in->eof = 1;
    } else {
        in->end += (size_t)n;
        in->fetched += (double)n;
    }
    return 0;
}

/* Whether what the reader made of the bytes from pos depends on none after end: at the end of
 * the input, or when a whole line follows the `used` bytes (the reader looks at most one line
 * past a puzzle: for a closing separator or a tenth row). On a terminal, whatever ends with a
 * line end is taken as it is, so that a puzzle is answered once its last line is typed. */
static int settled(const struct input *in, size_t used, int terminal)
{
    if (in->eof) {
        return 1;
    }
    if (terminal && in->pos + used <= in->end && in->pos + used > 0) {
        char last = in->buf[in->pos + used - 1];
        if (last == '\n' || (last == '\r' && in->pos + used < in->end)) {
            return 1;
        }
    }
    /* A line end at or after pos + used: the last one of the buffer is enough to tell. */
    return in->ends > in->pos + used;
}

/* Whether the read that gave `status` and `info` on the bytes from pos stands: the input is
 * at its end, or the read does not depend on bytes still to come (see settled). On a terminal
 * a grid cut at the end of what was typed so far is still being typed, and the end of the
 * input is only at Ctrl-D. */
static int complete(const struct input *in, sudoku_status status,
                    const struct sudoku_read_info *info, int terminal)
{
    if (status == SUDOKU_END_OF_INPUT) {
        return in->eof;
    }
    if (status == SUDOKU_INVALID_FORMAT && info->reason == SUDOKU_READ_SHORT_GRID &&
        info->offset == in->end - in->pos) {
        terminal = 0;
    }
    return settled(in, info->consumed, terminal);
}


/* After the reader found only blank lines and comments from pos, before the end of the input
 * (SUDOKU_END_OF_INPUT): drops their whole lines, up to the last line end known to be whole (a
 * '\r' that ends the buffer may be the first half of "\r\n"), so that a long run of them is
 * neither kept in memory nor read again after every block (that was quadratic: 40 million blank
 * lines took 3.5 s and 41 MB). No puzzle starts in such lines, so the puzzles and diagnostics
 * are those of the whole text; the reader, run again on the lines dropped, counts them. */
static void drop_blank_lines(struct input *in, char *board, uint16_t *masks,
                             struct sudoku_read_info *info)
{
    size_t cut = in->end;
    if (cut > in->pos && in->buf[cut - 1] == '\r') {
        cut--;
    }
    while (cut > in->pos && in->buf[cut - 1] != '\n' && in->buf[cut - 1] != '\r') {
        cut--;
    }
    if (cut == in->pos) {
        return;
    }
    info->first_line = in->line;
    if (sudoku_read_puzzle(in->buf + in->pos, cut - in->pos, board, masks, info) ==
        SUDOKU_END_OF_INPUT) {
        in->pos = cut;
        in->line = info->first_line;
    }
}

/* Wall-clock seconds from an arbitrary origin. */
static double now_seconds(void)
{
#ifdef CLOCK_MONOTONIC
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) == 0) {
        return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
    }
#endif
    return (double)clock() / CLOCKS_PER_SEC;
}

struct tally {
    unsigned long read, solved, no_solution, multiple, invalid, unreadable;
};

struct options {
    enum mode mode;
    uint64_t limit;  /* --count N, --list N */
    size_t threads;  /* --threads N; 0: all cores */
    int quiet;
};

/* The progress line on stderr (only when stderr is a terminal). */
struct progress {
    int enabled, shown;
    double start, last_draw;
    double total_bytes; /* size of the input, 0 when unknown (a pipe) */
};

/* Formats seconds as H:MM:SS or M:SS. */
static void format_duration(double seconds, char *out, size_t size)
{
    unsigned long s = seconds > 0.0 ? (unsigned long)(seconds + 0.5) : 0;
    if (s >= 3600) {
        snprintf(out, size, "%lu:%02lu:%02lu", s / 3600, s / 60 % 60, s % 60);
    } else {
        snprintf(out, size, "%lu:%02lu", s / 60, s % 60);
    }
}

/* Redraws the progress line: "[#####.....]  45.2%  12345 puzzles  67890 puzzles/s  ETA 0:07",
 * at most ten times a second unless `last` (the final state) is set. The share and the time left
 * are those of the input's bytes, known for regular files only. */
static void draw_progress(struct progress *p, unsigned long puzzles, double bytes_done, int last)
{
    enum { WIDTH = 30 };
    char bar[WIDTH + 1], eta[32];
    double now, elapsed, rate, share;
    int i, filled;

    if (!p->enabled) {
        return;
    }
    now = now_seconds();
    if (p->shown && !last && now - p->last_draw < 0.1) {
        return;
    }
    p->last_draw = now;
    elapsed = now - p->start;
    rate = elapsed > 0.0 ? (double)puzzles / elapsed : 0.0;
    if (p->total_bytes > 0.0) {
        share = bytes_done / p->total_bytes;
        share = share > 1.0 ? 1.0 : share;
        filled = (int)(share * WIDTH);
        for (i = 0; i < WIDTH; i++) {
            bar[i] = i < filled ? '#' : '.';
        }
        bar[WIDTH] = '\0';
        format_duration(share > 0.0 ? elapsed * (1.0 - share) / share : 0.0, eta, sizeof eta);
        fprintf(stderr, "\r[%s] %5.1f%%  %lu puzzle%s  %.0f puzzles/s  ETA %s\033[K", bar,
                share * 100.0, puzzles, puzzles == 1 ? "" : "s", rate, eta);
    } else {
        fprintf(stderr, "\r%lu puzzle%s  %.0f puzzles/s\033[K", puzzles, puzzles == 1 ? "" : "s",
                rate);
    }
    fflush(stderr);
    p->shown = 1;
}

/* Erases the progress line, so that a diagnostic or the summary starts on a clean line, and
 * writes out the solutions before it, so that a diagnostic keeps its place among them when
 * stdout and stderr are one stream (a write error stays in stdout's error flag, reported at
 * the end). */
static int stdout_errno; /* the reason of the first failed flush there, 0 when none */

static void clear_progress(struct progress *p)
{
    errno = 0;
    if (fflush(stdout) != 0 && stdout_errno == 0) {
        stdout_errno = errno != 0 ? errno : EIO;
    }
    if (p->shown) {
        fputs("\r\033[K", stderr);
        p->shown = 0;
    }
}


/* What a puzzle of a batch is. */
enum kind { KIND_GIVENS, KIND_CANDIDATES, KIND_UNREADABLE };

/* One batch of puzzles, in input order. Puzzle i is entry i; its givens or candidates are at
 * index[i] of boards or masks; an unreadable one has its diagnostic at index[i] of
 * diagnostics. */
struct block {
    size_t count, givens, candidates, unreadable;
    unsigned char kind[BLOCK];
    size_t index[BLOCK];
    size_t line[BLOCK];
    char *boards;             /* givens boards of 81 bytes, back to back */
    char *solutions;          /* the same shape */
    sudoku_status *statuses;  /* one per givens board */
    uint16_t *masks;          /* candidate puzzles of 81 masks, back to back */
    char (*diagnostics)[DIAGNOSTIC_SIZE];
    char *list;               /* --list N: N solutions of 81 bytes */
};

/* Counts an outcome: a count of solutions found (0, 1, or 2 for several), or the status. */
static void count_outcome(struct tally *t, sudoku_status status, uint64_t solutions)
{
    t->read++;
    if (status != SUDOKU_OK) {
        if (status == SUDOKU_NO_SOLUTION) {
            t->no_solution++;
        } else if (status == SUDOKU_MULTIPLE_SOLUTIONS) {
            t->multiple++;
        } else if (status == SUDOKU_INVALID_FORMAT) {
            t->unreadable++;
        } else {
            t->invalid++;
        }
    } else if (solutions == 0) {
        t->no_solution++;
    } else if (solutions == 1) {
        t->solved++;
    } else {
        t->multiple++;
    }
}

/* The diagnostic of an invalid puzzle (status not about solutions), with its faulty cell. */
static void report_invalid(sudoku_status status, const char *board, const uint16_t *masks,
                           size_t line, struct progress *p)
{
    size_t cell = SUDOKU_CELLS;
    sudoku_status found =
        masks != NULL ? sudoku_validate_candidates(masks, &cell) : sudoku_validate(board, &cell);
    clear_progress(p);
    if (found == status && cell < SUDOKU_CELLS) {
        fprintf(stderr, PROGRAM ": line %zu: %s (cell %zu)\n", line, sudoku_status_message(status),
                cell);
    } else {
        fprintf(stderr, PROGRAM ": line %zu: %s\n", line, sudoku_status_message(status));
    }
}

/* Writes the --list line of a board: its solutions, " ..." when there are more. Returns the
 * status, and in *found the solutions written (2 for "more than one"). */
static sudoku_status list_line(const char *board, const struct options *o, char *list,
                               uint64_t *found)
{
    size_t written = 0, k;
    bool more = false;
    sudoku_status status = sudoku_list_solutions(board, list, (size_t)o->limit, &written, &more);
    if (status != SUDOKU_OK) {
        return status;
    }
    if (written == 0) {
        puts(sudoku_status_name(SUDOKU_NO_SOLUTION));
        *found = 0;
        return SUDOKU_OK;
    }
    for (k = 0; k < written; k++) {
        if (k > 0) {
            putchar(' ');
        }
        fwrite(list + k * SUDOKU_CELLS, 1, SUDOKU_CELLS, stdout);
    }
    puts(more ? " ..." : "");
    *found = written + (more ? 1 : 0);
    return SUDOKU_OK;
}

/* Solves (or counts, or lists) one puzzle of the batch that the batch call does not: any in
 * --count and --list modes, and candidate puzzles. Writes its line; returns its status. */
static sudoku_status solve_one(const struct block *b, size_t i, const struct options *o,
                               uint64_t *found)
{
    char solution[SUDOKU_CELLS];
    const char *board = b->boards + b->index[i] * SUDOKU_CELLS;
    const uint16_t *masks = b->masks + b->index[i] * SUDOKU_CELLS;
    int cand = b->kind[i] == KIND_CANDIDATES;
    sudoku_status status;
    *found = 1;
    if (o->mode == MODE_COUNT) {
        status = cand ? sudoku_count_solutions_candidates(masks, o->limit, found)
                      : sudoku_count_solutions(board, o->limit, found);
        if (status == SUDOKU_OK) {
            printf("%llu\n", (unsigned long long)*found);
        }
        return status;
    }
    if (o->mode == MODE_LIST && !cand) {
        return list_line(board, o, b->list, found);
    }
    if (o->mode == MODE_LIST) {
        /* No list call takes candidates: the first solution, and " ..." when there are more.
         * (With N = 1 this is exactly the --list line; with more it lists one.) */
        uint64_t count = 0;
        status = sudoku_count_solutions_candidates(masks, 2, &count);
        if (status == SUDOKU_OK && count == 0) {
            puts(sudoku_status_name(SUDOKU_NO_SOLUTION));
            *found = 0;
            return SUDOKU_OK;
        }
        if (status == SUDOKU_OK) {
            status = sudoku_solve_candidates(masks, solution);
        }
        if (status == SUDOKU_OK) {
            fwrite(solution, 1, SUDOKU_CELLS, stdout);
            puts(count > 1 ? " ..." : "");
            *found = count;
        }
        return status;
    }
    status = o->mode == MODE_UNIQUE ? sudoku_solve_unique_candidates(masks, solution)
                                    : sudoku_solve_candidates(masks, solution);
    if (status == SUDOKU_OK) {
        fwrite(solution, 1, SUDOKU_CELLS, stdout);
        putchar('\n');
    }
    return status;
}

/* Solves the puzzles of a batch, then writes every puzzle's line in input order and empties
 * the batch. Returns 0, or 1 if the batch call failed as a whole (it cannot with valid
 * arguments). */
static int flush_block(struct block *b, const struct options *o, struct tally *t,
                       struct progress *p)
{
    size_t i;
    int batch = o->mode == MODE_SOLVE || o->mode == MODE_UNIQUE;

    if (batch && b->givens > 0) {
        uint32_t flags = o->mode == MODE_UNIQUE ? SUDOKU_BATCH_UNIQUE : SUDOKU_BATCH_FIRST;
        sudoku_status status = sudoku_solve_batch(b->boards, b->givens, b->solutions,
                                                  b->statuses, flags, o->threads);
        if (status != SUDOKU_OK) {
            clear_progress(p);
            fprintf(stderr, PROGRAM ": sudoku_solve_batch failed: %s\n",
                    sudoku_status_message(status));
            return 1;
        }
    }
    for (i = 0; i < b->count; i++) {
        size_t k = b->index[i];
        sudoku_status status;
        uint64_t found = 1;
        if (b->kind[i] == KIND_UNREADABLE) {
            clear_progress(p);
            fprintf(stderr, PROGRAM ": line %zu: %s\n", b->line[i], b->diagnostics[k]);
            puts(sudoku_status_name(SUDOKU_INVALID_FORMAT));
            count_outcome(t, SUDOKU_INVALID_FORMAT, 0);
            continue;
        }
        if (batch && b->kind[i] == KIND_GIVENS) {
            status = b->statuses[k];
            if (status == SUDOKU_OK) {
                fwrite(b->solutions + k * SUDOKU_CELLS, 1, SUDOKU_CELLS, stdout);
                putchar('\n');
            }
        } else {
            status = solve_one(b, i, o, &found);
        }
        if (status != SUDOKU_OK) {
            /* The diagnostic first, then the line, as for a text that is not a puzzle. */
            if (status != SUDOKU_NO_SOLUTION && status != SUDOKU_MULTIPLE_SOLUTIONS) {
                report_invalid(status, b->boards + k * SUDOKU_CELLS,
                               b->kind[i] == KIND_CANDIDATES ? b->masks + k * SUDOKU_CELLS
                                                             : NULL,
                               b->line[i], p);
            }
            puts(sudoku_status_name(status));
        }
        count_outcome(t, status, found);
    }
    b->count = 0;
    b->givens = 0;
    b->candidates = 0;
    b->unreadable = 0;
    return 0;
}

static void usage(FILE *out)
{
    fputs("usage: solve_file [--unique | --count N | --list N] [--threads N] [--quiet] [--] [FILE]\n"
          "Solves every puzzle of FILE (stdin if absent or \"-\") and writes one line per puzzle,\n"
          "in input order: the solution, the solution count (--count N, capped at N >= 1), up\n"
          "to N solutions separated by spaces and then \" ...\" when there are more (--list N,\n"
          "N from 1 to 1000000), or the status name such as SUDOKU_NO_SOLUTION. --unique\n"
          "requires exactly one solution. --threads N solves on up to N threads (default 0:\n"
          "all cores; never more threads than cores; --count and --list use one).\n"
          "Puzzles may be one a line (a rating or comment may follow), grids of 9 rows with any\n"
          "separators, .sdk files, 729-character pencilmark lines or candidate grids; blank\n"
          "lines, comments and metadata are skipped. A text that is not a puzzle gets the line\n"
          "SUDOKU_INVALID_FORMAT and its line and reason on stderr. A summary goes to stderr,\n"
          "and a progress line when stderr is a terminal; --quiet turns both off.\n"
          "An option's value may also be joined to it by '=' (--count=5).\n"
          "Exit codes: 0 input read to the end, 1 input or output error, 2 usage.\n",
          out);
}

/* Flushes stdout; 0 when everything written reached it, otherwise 1 with the reason on stderr.
 * stdout is buffered, so a failed write may only show here. The error flag is checked too: glibc
 * drops a buffer it failed to write, so fflush can succeed after a lost write (the reason is then
 * the one an earlier flush kept, else EIO). */
static int output_failed(void)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        int reason = errno != 0 ? errno : stdout_errno != 0 ? stdout_errno : EIO;
        fprintf(stderr, PROGRAM ": error writing output: %s\n", strerror(reason));
        return 1;
    }
    return 0;
}

/* Parses a decimal whole number of at least `min` into *value. */
static int parse_number(const char *text, unsigned long long min, unsigned long long *value)
{
    char *end;
    if (text[0] < '0' || text[0] > '9') {
        return 0;
    }
    errno = 0;
    *value = strtoull(text, &end, 10);
    return errno == 0 && *end == '\0' && *value >= min;
}

/* Allocates a batch's buffers; 0 when memory ran out. */
static int alloc_block(struct block *b, const struct options *o)
{
    b->count = b->givens = b->candidates = b->unreadable = 0;
    b->boards = malloc((size_t)BLOCK * SUDOKU_CELLS);
    b->solutions = malloc((size_t)BLOCK * SUDOKU_CELLS);
    b->statuses = malloc(BLOCK * sizeof *b->statuses);
    b->masks = malloc((size_t)BLOCK * SUDOKU_CELLS * sizeof *b->masks);
    b->diagnostics = malloc(BLOCK * sizeof *b->diagnostics);
    b->list = NULL;
    if (o->mode == MODE_LIST) {
        if (o->limit > (uint64_t)(SIZE_MAX / SUDOKU_CELLS)) {
            return 0;
        }
        b->list = malloc((size_t)o->limit * SUDOKU_CELLS);
        if (b->list == NULL) {
            return 0;
        }
    }
    return b->boards && b->solutions && b->statuses && b->masks && b->diagnostics;
}

static void free_block(struct block *b)
{
    free(b->boards);
    free(b->solutions);
    free(b->statuses);
    free(b->masks);
    free(b->diagnostics);
    free(b->list);
}

/* Adds what the reader gave (status `status` for the text at in->pos) to the batch. */
static void add_puzzle(struct block *b, const struct input *in, sudoku_status status,
                       const char board[SUDOKU_CELLS], const uint16_t masks[SUDOKU_CELLS],
                       const struct sudoku_read_info *info)
{
    size_t i = b->count++;
    b->line[i] = info->line;
    if (status != SUDOKU_OK) {
        b->kind[i] = KIND_UNREADABLE;
        b->index[i] = b->unreadable++;
        read_diagnostic(in->buf + in->pos, info, b->diagnostics[b->index[i]], DIAGNOSTIC_SIZE);
    } else if (info->kind == SUDOKU_PUZZLE_CANDIDATES) {
        /* Kept in both arrays at the same index: the board of singles is unused. */
        b->kind[i] = KIND_CANDIDATES;
        b->index[i] = b->candidates++;
        memcpy(b->masks + b->index[i] * SUDOKU_CELLS, masks, SUDOKU_CELLS * sizeof *masks);
    } else {
        b->kind[i] = KIND_GIVENS;
        b->index[i] = b->givens++;
        memcpy(b->boards + b->index[i] * SUDOKU_CELLS, board, SUDOKU_CELLS);
    }
}

int main(int argc, char **argv)
{
    static struct block block; /* static: the arrays are too large for some stacks */
    struct input in = {0, NULL, NULL, 0, 0, 0, 0, 0, 0.0, 1, 0};
    struct options o = {MODE_SOLVE, 0, 0, 0};
    struct progress progress = {0, 0, 0.0, 0.0, 0.0};
    struct sudoku_read_info info;
    char board[SUDOKU_CELLS];
    uint16_t masks[SUDOKU_CELLS];
    const char *path = NULL;
    struct tally t = {0, 0, 0, 0, 0, 0};
    struct stat st;
    double start, elapsed;
    int i, failed = 0, terminal, options = 1;
    unsigned long long number;

    /* Options anywhere; "--" ends them (for a FILE that starts with '-'). */
    for (i = 1; i < argc; i++) {
        const char *arg = argv[i];
        /* An option's value: the next argument (form 1, skipped) or joined by '=' (form 2). */
        const char *next = i + 1 < argc ? argv[i + 1] : NULL, *value = NULL;
        int form = 0;
        if (!options || (arg[0] != '-' || arg[1] == '\0')) {
            if (path != NULL) {
                return usage_error(PROGRAM, "one FILE at most; also given", arg);
            }
            path = arg;
        } else if (strcmp(arg, "--") == 0) {
            options = 0;
        } else if (strcmp(arg, "-h") == 0 || strcmp(arg, "--help") == 0) {
            usage(stdout);
            return output_failed();
        } else if (strcmp(arg, "--version") == 0) {
            printf(PROGRAM " (libsudoku) %s\n", sudoku_version());
            return output_failed();
        } else if (strcmp(arg, "--unique") == 0 ||
                   (form = option_value(arg, "--count", next, &value)) != 0 ||
                   (form = option_value(arg, "--list", next, &value)) != 0) {
            enum mode mode = arg[2] == 'u' ? MODE_UNIQUE : arg[2] == 'c' ? MODE_COUNT : MODE_LIST;
            if (o.mode != MODE_SOLVE) {
                return usage_error(PROGRAM, "choose one of --unique, --count and --list, not", arg);
            }
            if (mode != MODE_UNIQUE) {
                if (mode == MODE_LIST &&
                    (value == NULL || !parse_number(value, 1, &number) || number > LIST_MAX)) {
                    return value_error(PROGRAM, "--list needs a whole number N from 1 to 1000000",
                                       value);
                }
                if (value == NULL || !parse_number(value, 1, &number)) {
                    return value_error(PROGRAM,
                        "--count needs a whole number N from 1 to 18446744073709551615", value);
                }
                o.limit = (uint64_t)number;
                i += form == 1;
            }
            o.mode = mode;
        } else if ((form = option_value(arg, "--threads", next, &value)) != 0) {
            if (value == NULL || !parse_number(value, 0, &number) ||
                (unsigned long long)(size_t)number != number) {
                return threads_error(PROGRAM, value);
            }
            o.threads = (size_t)number;
            i += form == 1;
        } else if (strcmp(arg, "--quiet") == 0) {
            o.quiet = 1;
        } else {
            return usage_error(PROGRAM, "unknown option", arg);
        }
    }

    if (path == NULL || strcmp(path, "-") == 0) {
        in.fd = 0;
        in.name = "stdin";
    } else {
        in.name = path;
        in.fd = open(path, O_RDONLY);
        if (in.fd < 0) {
            fprintf(stderr, PROGRAM ": %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    if (!alloc_block(&block, &o)) {
        fputs(PROGRAM ": out of memory\n", stderr);
        free_block(&block);
        return 1;
    }

    start = now_seconds();
    terminal = isatty(in.fd);
    if (terminal) {
        fputs(PROGRAM ": reading puzzles from the terminal; end with Ctrl-D\n", stderr);
    }
    progress.enabled = !o.quiet && isatty(fileno(stderr));
    progress.start = start;
    if (fstat(in.fd, &st) == 0 && S_ISREG(st.st_mode)) {
        progress.total_bytes = (double)st.st_size;
    }
    sudoku_read_info_init_size(&info, sizeof info);
    while (!failed) {
        size_t avail = in.end - in.pos;
        sudoku_status status;
        if (avail == 0 && !in.eof) {
            if (terminal && block.count > 0) {
                /* Answer what was typed before waiting for more. */
                failed = flush_block(&block, &o, &t, &progress) || output_failed();
                continue;
            }
            if (fill(&in) != 0) {
                fputs(PROGRAM ": out of memory\n", stderr);
                failed = 1;
            }
            continue;
        }
        info.first_line = in.line;
        status = sudoku_read_puzzle(in.buf + in.pos, avail, board, masks, &info);
        if (status != SUDOKU_OK && status != SUDOKU_INVALID_FORMAT &&
            status != SUDOKU_END_OF_INPUT) {
            fprintf(stderr, PROGRAM ": sudoku_read_puzzle failed: %s\n",
                    sudoku_status_message(status));
            failed = 1;
            break;
        }
        if (!complete(&in, status, &info, terminal)) {
            /* The rest of a puzzle, or the line after it, is still to come. */
            if (status == SUDOKU_END_OF_INPUT) {
                drop_blank_lines(&in, board, masks, &info);
            }
            if (terminal && block.count > 0) {
                failed = flush_block(&block, &o, &t, &progress) || output_failed();
            } else {
                /* Read again only once the unfinished text has doubled (or the input ended):
                 * a pipe gives 64 KiB a read, and a grid of a million rows read again after
                 * each was quadratic (8 MB took 4 s). A terminal answers each line typed. */
                size_t want = 2 * (in.end - in.pos);
                do {
                    if (fill(&in) != 0) {
                        fputs(PROGRAM ": out of memory\n", stderr);
                        failed = 1;
                    }
                } while (!failed && !terminal && !in.eof && in.end - in.pos < want);
            }
            continue;
        }
        if (status == SUDOKU_END_OF_INPUT) {
            break;
        }
        add_puzzle(&block, &in, status, board, masks, &info);
        in.pos += info.consumed;
        in.line = info.first_line;
        if (block.count == (progress.enabled ? BLOCK_TTY : BLOCK)) {
            failed = flush_block(&block, &o, &t, &progress);
            draw_progress(&progress, t.read, consumed(&in), 0);
        }
    }
    if (!failed) {
        failed = flush_block(&block, &o, &t, &progress);
        draw_progress(&progress, t.read, consumed(&in), 1);
    }
    elapsed = now_seconds() - start;
    clear_progress(&progress);
    free_block(&block);
    free(in.buf);
    if (in.fd != 0) {
        close(in.fd);
    }
    if (failed) {
        return 1;
    }
    if (in.error != 0) {
        output_failed();
        fprintf(stderr, PROGRAM ": %s: %s\n", in.name, strerror(in.error));
        return 1;
    }
    if (output_failed()) {
        return 1;
    }
    if (!o.quiet) {
        fprintf(stderr,
                PROGRAM ": read %lu, solved %lu, no solution %lu, multiple solutions %lu, "
                "invalid %lu, unreadable %lu; elapsed %.3f s, %.0f puzzles/s\n",
                t.read, t.solved, t.no_solution, t.multiple, t.invalid, t.unreadable, elapsed,
                elapsed > 0.0 ? (double)t.read / elapsed : 0.0);
    }
    return 0;
}
