/* solve_file: solves every puzzle of a file (or stdin) with libsudoku, one puzzle a line, on
 * all cores.
 *
 * Usage: solve_file [--unique | --count N] [--threads N] [--quiet] [FILE]
 *
 * Reads FILE, or stdin when FILE is absent or "-". Lines end in LF or CRLF. Trailing spaces, tabs
 * and CRs are stripped from each line; a line left empty is blank and a line whose first byte is
 * '#' is a comment: both are skipped silently. Every other line must then hold exactly 81 puzzle
 * characters (row-major, '1'-'9' givens, '.' or '0' blanks); a line of another length is reported
 * on stderr with its line number and skipped. The 81 bytes go to the library unchanged, so a
 * wrong byte (including a space inside the line) is reported as SUDOKU_INVALID_CHARACTER.
 *
 * Writes one line per puzzle to stdout, in input order:
 *   default     the solution found by sudoku_solve (first solution; fastest), or the status name
 *   --unique    the solution from sudoku_solve_unique, or the status name (for example
 *               SUDOKU_MULTIPLE_SOLUTIONS)
 *   --count N   the solution count from sudoku_count_solutions, capped at N (N >= 1), or the
 *               status name
 * and a summary line to stderr: puzzles read (= solved + no solution + multiple solutions +
 * invalid), skipped lines, and the elapsed wall time of the whole run (reading, solving and
 * writing) with the rate in puzzles per second. In --count mode a count of 0 is "no solution",
 * 1 "solved" and 2 or more "multiple solutions".
 *
 * Puzzles are read in blocks of lines; each block is solved with one sudoku_solve_batch call
 * (the same results as sudoku_solve or sudoku_solve_unique puzzle by puzzle) on up to
 * --threads N threads (default 0: every available core), then written out. --count counts
 * puzzle by puzzle on one thread (the batch call solves; it does not count).
 *
 * When stderr is a terminal, a progress line (bar, share done, puzzles, rate, and the time left
 * when the input is a regular file of known size) is redrawn on stderr after each block and
 * erased at the end; it is never written to a pipe or a file. --quiet turns off the progress line
 * and the summary; line diagnostics are still written.
 *
 * Exit codes: 0 the input was read to its end, 1 the input could not be opened or read, the
 * output could not be written ("solve_file: error writing output: REASON" on stderr) or memory
 * ran out, 2 usage.
 */

/* For clock_gettime, fileno, fstat and isatty (POSIX); without clock_gettime the elapsed time
 * falls back to clock(). */
#define _POSIX_C_SOURCE 200112L

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sudoku.h"

enum mode { MODE_SOLVE, MODE_UNIQUE, MODE_COUNT };

/* Bytes kept of one line: enough for a puzzle; longer lines are only measured. */
#define LINE_KEEP 128

/* Lines (puzzles and skipped lines) per block: one batch call each, large enough that the
 * threads are rarely idle between blocks. With a progress line, blocks of BLOCK_TTY lines keep
 * it lively (a tenth of a second or so per block even for the hardest puzzles). */
#define BLOCK 16384
#define BLOCK_TTY 2048

/* A minimal buffered reader: fread in large blocks, so lines of any length and NUL bytes are
 * handled without per-byte stdio locking. */
struct reader {
    FILE *in;
    size_t pos, end;
    int failed;
    double fetched; /* bytes fetched from the input so far */
    unsigned char block[1 << 16];
};

/* Bytes of the input consumed so far. */
static double consumed(const struct reader *r)
{
    return r->fetched - (double)(r->end - r->pos);
}

static int next_byte(struct reader *r)
{
    if (r->pos == r->end) {
        r->end = fread(r->block, 1, sizeof r->block, r->in);
        r->fetched += (double)r->end;
        r->pos = 0;
        if (r->end == 0) {
            r->failed = ferror(r->in) != 0;
            return EOF;
        }
    }
    return r->block[r->pos++];
}

/* Reads one line (without its LF) into line[0..LINE_KEEP). *len receives the length of the line
 * after stripping trailing spaces, tabs and CRs, counted in full even past LINE_KEEP. Returns 0
 * at the end of the input, 1 otherwise. */
static int read_line(struct reader *r, char line[LINE_KEEP], size_t *len)
{
    size_t n = 0, content = 0;
    int c = next_byte(r);
    if (c == EOF) {
        return 0;
    }
    while (c != EOF && c != '\n') {
        if (n < LINE_KEEP) {
            line[n] = (char)c;
        }
        n++;
        if (c != ' ' && c != '\t' && c != '\r') {
            content = n;
        }
        c = next_byte(r);
    }
    *len = content;
    return 1;
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
    unsigned long read, solved, no_solution, multiple, invalid, skipped;
};

struct options {
    enum mode mode;
    uint64_t limit;  /* --count N */
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
        fprintf(stderr, "\r[%s] %5.1f%%  %lu puzzles  %.0f puzzles/s  ETA %s\033[K", bar,
                share * 100.0, puzzles, rate, eta);
    } else {
        fprintf(stderr, "\r%lu puzzles  %.0f puzzles/s\033[K", puzzles, rate);
    }
    fflush(stderr);
    p->shown = 1;
}

/* Erases the progress line, so that a diagnostic or the summary starts on a clean line. */
static void clear_progress(struct progress *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        p->shown = 0;
    }
}

/* One block of input lines. entry[i] is a puzzle when len[i] == SUDOKU_CELLS (the next one in
 * puzzles[]), otherwise a line skipped for its length. */
struct block {
    size_t lines, count;
    unsigned long line_no[BLOCK];
    size_t len[BLOCK];
    char *puzzles;            /* count boards of 81 bytes, back to back */
    char *solutions;          /* the same shape */
    sudoku_status *statuses;  /* count statuses */
    uint64_t *counts;         /* --count: count solution counts */
};

/* Writes one puzzle's output line and counts its outcome. */
static void report(const char board[SUDOKU_CELLS], const char solution[SUDOKU_CELLS],
                   sudoku_status status, uint64_t count, const struct options *o,
                   unsigned long line_no, struct tally *t, struct progress *p)
{
    t->read++;
    if (status == SUDOKU_OK && o->mode == MODE_COUNT) {
        printf("%llu\n", (unsigned long long)count);
        if (count == 0) {
            t->no_solution++;
        } else if (count == 1) {
            t->solved++;
        } else {
            t->multiple++;
        }
        return;
    }
    if (status == SUDOKU_OK) {
        fwrite(solution, 1, SUDOKU_CELLS, stdout);
        putchar('\n');
        t->solved++;
        return;
    }
    puts(sudoku_status_name(status));
    if (status == SUDOKU_NO_SOLUTION) {
        t->no_solution++;
    } else if (status == SUDOKU_MULTIPLE_SOLUTIONS) {
        t->multiple++;
    } else {
        size_t cell = 0;
        t->invalid++;
        clear_progress(p);
        if (sudoku_validate(board, &cell) != SUDOKU_OK) {
            fprintf(stderr, "solve_file: line %lu: %s (cell %zu)\n", line_no,
                    sudoku_status_message(status), cell);
        } else {
            fprintf(stderr, "solve_file: line %lu: %s\n", line_no, sudoku_status_message(status));
        }
    }
}

/* Solves the puzzles of a block, then writes every line's output in input order and empties the
 * block. Returns 0, or 1 if the batch call failed as a whole (it cannot with valid arguments). */
static int flush_block(struct block *b, const struct options *o, struct tally *t,
                       struct progress *p)
{
    size_t i, k = 0;

    if (o->mode == MODE_COUNT) {
        for (i = 0; i < b->count; i++) {
            b->statuses[i] =
                sudoku_count_solutions(b->puzzles + i * SUDOKU_CELLS, o->limit, &b->counts[i]);
        }
    } else if (b->count > 0) {
        uint32_t flags = o->mode == MODE_UNIQUE ? SUDOKU_BATCH_UNIQUE : SUDOKU_BATCH_FIRST;
        sudoku_status status = sudoku_solve_batch(b->puzzles, b->count, b->solutions,
                                                  b->statuses, flags, o->threads);
        if (status != SUDOKU_OK) {
            clear_progress(p);
            fprintf(stderr, "solve_file: sudoku_solve_batch failed: %s\n",
                    sudoku_status_message(status));
            return 1;
        }
    }
    for (i = 0; i < b->lines; i++) {
        if (b->len[i] != SUDOKU_CELLS) {
            clear_progress(p);
            fprintf(stderr,
                    "solve_file: line %lu: expected %d puzzle characters, got %zu; skipped\n",
                    b->line_no[i], SUDOKU_CELLS, b->len[i]);
            t->skipped++;
            continue;
        }
        report(b->puzzles + k * SUDOKU_CELLS, b->solutions + k * SUDOKU_CELLS, b->statuses[k],
               o->mode == MODE_COUNT ? b->counts[k] : 0, o, b->line_no[i], t, p);
        k++;
    }
    b->lines = 0;
    b->count = 0;
    return 0;
}

static void usage(FILE *out)
{
    fputs("usage: solve_file [--unique | --count N] [--threads N] [--quiet] [FILE]\n"
          "Solves one puzzle per line of FILE (stdin if absent or \"-\"), writing one line per\n"
          "puzzle in input order: the solution, the solution count (--count N, capped at N >= 1),\n"
          "or the status name such as SUDOKU_NO_SOLUTION. --unique requires exactly one\n"
          "solution. --threads N solves on up to N threads (default 0: all cores; never more\n"
          "threads than cores; --count uses one).\n"
          "Lines end in LF or CRLF; trailing spaces, tabs and CRs are ignored. Blank lines and\n"
          "lines starting with '#' are skipped. Any other line must hold exactly 81 puzzle\n"
          "characters ('1'-'9' givens, '.' or '0' blanks); a line of another length is reported\n"
          "with its line number and skipped. A summary goes to stderr, and a progress line when\n"
          "stderr is a terminal; --quiet turns both off.\n"
          "Exit codes: 0 input read to the end, 1 input or output error, 2 usage.\n",
          out);
}

/* Flushes stdout; 0 when everything written reached it, otherwise 1 with the reason on stderr.
 * stdout is buffered, so a failed write may only show here. The error flag is checked too: glibc
 * drops a buffer it failed to write, so fflush can succeed after a lost write (the reason is then
 * gone with it: EIO). */
static int output_failed(void)
{
    errno = 0;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        fprintf(stderr, "solve_file: error writing output: %s\n",
                strerror(errno != 0 ? errno : EIO));
        return 1;
    }
    return 0;
}

/* Parses N of --count: a decimal integer of at least 1. */
static int parse_limit(const char *text, uint64_t *limit)
{
    char *end;
    unsigned long long value;
    if (text[0] < '0' || text[0] > '9') {
        return 0;
    }
    errno = 0;
    value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || value == 0) {
        return 0;
    }
    *limit = (uint64_t)value;
    return 1;
}

/* Parses N of --threads: a decimal integer of at least 0 (0: all cores). */
static int parse_threads(const char *text, size_t *threads)
{
    char *end;
    unsigned long long value;
    if (text[0] < '0' || text[0] > '9') {
        return 0;
    }
    errno = 0;
    value = strtoull(text, &end, 10);
    if (errno != 0 || *end != '\0' || (unsigned long long)(size_t)value != value) {
        return 0;
    }
    *threads = (size_t)value;
    return 1;
}

/* Allocates a block's buffers; 0 when memory ran out. */
static int alloc_block(struct block *b)
{
    b->lines = 0;
    b->count = 0;
    b->puzzles = malloc((size_t)BLOCK * SUDOKU_CELLS);
    b->solutions = malloc((size_t)BLOCK * SUDOKU_CELLS);
    b->statuses = malloc(BLOCK * sizeof *b->statuses);
    b->counts = malloc(BLOCK * sizeof *b->counts);
    return b->puzzles && b->solutions && b->statuses && b->counts;
}

static void free_block(struct block *b)
{
    free(b->puzzles);
    free(b->solutions);
    free(b->statuses);
    free(b->counts);
}

int main(int argc, char **argv)
{
    static struct reader reader; /* static: the buffers are too large for some stacks */
    static struct block block;
    struct options o = {MODE_SOLVE, 0, 0, 0};
    struct progress progress = {0, 0, 0.0, 0.0, 0.0};
    const char *path = NULL;
    char line[LINE_KEEP];
    size_t len;
    unsigned long line_no = 0;
    struct tally t = {0, 0, 0, 0, 0, 0};
    struct stat st;
    double start, elapsed;
    int i, failed = 0;

    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            usage(stdout);
            return output_failed();
        } else if (strcmp(argv[i], "--unique") == 0 && o.mode == MODE_SOLVE) {
            o.mode = MODE_UNIQUE;
        } else if (strcmp(argv[i], "--count") == 0 && o.mode == MODE_SOLVE) {
            if (i + 1 >= argc || !parse_limit(argv[i + 1], &o.limit)) {
                fputs("solve_file: --count needs a whole number N >= 1\n", stderr);
                return 2;
            }
            o.mode = MODE_COUNT;
            i++;
        } else if (strcmp(argv[i], "--threads") == 0) {
            if (i + 1 >= argc || !parse_threads(argv[i + 1], &o.threads)) {
                fputs("solve_file: --threads needs a whole number N >= 0 (0: all cores)\n", stderr);
                return 2;
            }
            i++;
        } else if (strcmp(argv[i], "--quiet") == 0) {
            o.quiet = 1;
        } else if (path == NULL && (argv[i][0] != '-' || strcmp(argv[i], "-") == 0)) {
            path = argv[i];
        } else {
            usage(stderr);
            return 2;
        }
    }

    if (path == NULL || strcmp(path, "-") == 0) {
        reader.in = stdin;
        path = "stdin";
    } else {
        reader.in = fopen(path, "rb");
        if (reader.in == NULL) {
            fprintf(stderr, "solve_file: cannot open %s: %s\n", path, strerror(errno));
            return 1;
        }
    }
    if (!alloc_block(&block)) {
        fputs("solve_file: out of memory\n", stderr);
        free_block(&block);
        return 1;
    }

    start = now_seconds();
    progress.enabled = !o.quiet && isatty(fileno(stderr));
    progress.start = start;
    if (fstat(fileno(reader.in), &st) == 0 && S_ISREG(st.st_mode)) {
        progress.total_bytes = (double)st.st_size;
    }
    while (!failed && read_line(&reader, line, &len)) {
        line_no++;
        if (len == 0 || line[0] == '#') {
            continue;
        }
        block.line_no[block.lines] = line_no;
        block.len[block.lines] = len;
        block.lines++;
        if (len == SUDOKU_CELLS) {
            memcpy(block.puzzles + block.count * SUDOKU_CELLS, line, SUDOKU_CELLS);
            block.count++;
        }
        if (block.lines == (progress.enabled ? BLOCK_TTY : BLOCK)) {
            failed = flush_block(&block, &o, &t, &progress);
            draw_progress(&progress, t.read, consumed(&reader), 0);
        }
    }
    if (!failed) {
        failed = flush_block(&block, &o, &t, &progress);
        draw_progress(&progress, t.read, consumed(&reader), 1);
    }
    elapsed = now_seconds() - start;
    clear_progress(&progress);
    free_block(&block);
    if (reader.in != stdin) {
        fclose(reader.in);
    }
    if (failed) {
        return 1;
    }
    if (reader.failed) {
        fprintf(stderr, "solve_file: error reading %s\n", path);
        return 1;
    }
    if (output_failed()) {
        return 1;
    }

    if (!o.quiet) {
        fprintf(stderr,
                "solve_file: read %lu, solved %lu, no solution %lu, multiple solutions %lu, "
                "invalid %lu, skipped lines %lu; elapsed %.3f s, %.0f puzzles/s\n",
                t.read, t.solved, t.no_solution, t.multiple, t.invalid, t.skipped, elapsed,
                elapsed > 0.0 ? (double)t.read / elapsed : 0.0);
    }
    return 0;
}
