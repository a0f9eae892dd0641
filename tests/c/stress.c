/* stress: checks every libsudoku function on every puzzle of some files, from N threads at once,
 * and prints one line per puzzle in input order, so the output does not depend on N.
 *
 * Usage: stress [--threads N] FILE...
 *
 * Files hold one puzzle a line (LF or CRLF; trailing spaces and tabs are ignored). Empty lines
 * and lines starting with '#' are skipped. Every other line is a puzzle: a line of exactly 81
 * bytes goes to the library as it is; a line of another length goes to the library too, as its
 * first bytes (at most 80) followed by NUL bytes up to 81, so that the library itself reports it
 * (SUDOKU_INVALID_CHARACTER, at the first bad byte or where the line ended) and no byte beyond
 * the line is read.
 *
 * N worker threads (default 1) take puzzles from a shared atomic index. For each puzzle a worker
 * calls sudoku_validate, sudoku_solve, sudoku_solve_unique and sudoku_count_solutions (limit 2)
 * on a board that ends exactly at a page the process may not read, so a read or write past the
 * 81 bytes crashes at once, and checks the answers against the rules and against each other
 * (solve OK keeps the givens and fills every house with 1-9; outputs are untouched on failure;
 * count 0, 1 and 2 agree with the solve statuses; invalid boards give the same status
 * everywhere). Then the main thread solves all puzzles again with sudoku_solve_batch on N
 * threads, first-solution mode into a separate buffer and unique mode in place, and checks that
 * each status and solution equals the one of the single calls.
 *
 * Output, one line per puzzle in input order:
 *   validate=STATUS cell=CELL|- solve=STATUS grid=SOLUTION|- unique=STATUS count=N|STATUS
 * cell is the faulty cell sudoku_validate reported (- on SUDOKU_OK), grid the solution
 * sudoku_solve wrote (- on failure), count the solution count at limit 2 (the status instead
 * when counting failed). Nothing goes to stderr unless something is wrong.
 *
 * Exit codes: 0 every check passed, 1 a check failed (described on stderr), 2 usage, a file
 * that cannot be read, or memory exhausted.
 */

/* mmap's MAP_ANONYMOUS and sysconf. */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <limits.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "sudoku.h"

#define CELLS SUDOKU_CELLS
#define MAX_THREADS 256
/* The count limit: 2 tells no solution, one, and several apart. */
#define COUNT_LIMIT 2
/* Values the library never writes to an out-parameter, so that a write on failure shows. */
#define CELL_UNTOUCHED ((size_t)SIZE_MAX)
#define COUNT_UNTOUCHED ((uint64_t)UINT64_MAX)

/* All puzzles of all files, 81 bytes each, back to back. */
struct puzzles {
    char *boards;
    size_t count, capacity;
};

/* What the single calls gave for one puzzle. */
struct result {
    sudoku_status validate, solve, unique, count_status;
    size_t cell;            /* sudoku_validate's cell, CELL_UNTOUCHED on SUDOKU_OK */
    uint64_t count;         /* sudoku_count_solutions' count on SUDOKU_OK */
    char grid[CELLS];       /* sudoku_solve's solution on SUDOKU_OK */
};

struct work {
    const struct puzzles *puzzles;
    struct result *results;
    atomic_size_t next;     /* index of the next puzzle to take */
    atomic_int failures;    /* checks that failed, all threads together */
};

/* Reports a failed check on stderr (one fprintf call, so lines from threads do not mix). */
static void fail(struct work *w, size_t index, const char *what)
{
    fprintf(stderr, "stress: puzzle %zu: %s\n", index + 1, what);
    atomic_fetch_add(&w->failures, 1);
}

static int is_given(char c)
{
    return c >= '1' && c <= '9';
}

/* 1 when grid holds only digits, each digit once in every row, column and box, and keeps every
 * given of puzzle. */
static int is_solution_of(const char *puzzle, const char *grid)
{
    int house, i;
    for (i = 0; i < CELLS; i++) {
        if (!is_given(grid[i]) || (is_given(puzzle[i]) && puzzle[i] != grid[i])) {
            return 0;
        }
    }
    for (house = 0; house < 9; house++) {
        unsigned row = 0, column = 0, box = 0;
        for (i = 0; i < 9; i++) {
            row |= 1u << (grid[house * 9 + i] - '0');
            column |= 1u << (grid[i * 9 + house] - '0');
            box |= 1u << (grid[(house / 3 * 3 + i / 3) * 9 + house % 3 * 3 + i % 3] - '0');
        }
        if (row != 0x3FEu || column != 0x3FEu || box != 0x3FEu) {
            return 0;
        }
    }
    return 1;
}

/* Runs the four single calls on one puzzle, on `board` (81 bytes before an unreadable page),
 * records the answers and checks them. */
static void check_puzzle(struct work *w, size_t index, char *board)
{
    const char *puzzle = w->puzzles->boards + index * CELLS;
    struct result *r = &w->results[index];
    size_t cell = CELL_UNTOUCHED;
    uint64_t count = COUNT_UNTOUCHED;
    int invalid;

    memcpy(board, puzzle, CELLS);
    r->validate = sudoku_validate(board, &cell);
    r->cell = cell;
    invalid = r->validate == SUDOKU_INVALID_CHARACTER || r->validate == SUDOKU_CONFLICTING_GIVENS;
    if (r->validate != SUDOKU_OK && !invalid) {
        fail(w, index, "sudoku_validate returned an unexpected status");
    }
    if ((r->validate == SUDOKU_OK) != (cell == CELL_UNTOUCHED) || (invalid && cell >= CELLS)) {
        fail(w, index, "sudoku_validate's cell does not fit its status");
    }
    if (memcmp(board, puzzle, CELLS) != 0) {
        fail(w, index, "sudoku_validate changed the board");
    }

    memcpy(board, puzzle, CELLS);
    r->solve = sudoku_solve(board);
    if (r->solve == SUDOKU_OK) {
        memcpy(r->grid, board, CELLS);
        if (!is_solution_of(puzzle, board)) {
            fail(w, index, "sudoku_solve's grid breaks a house or drops a given");
        }
    } else if (memcmp(board, puzzle, CELLS) != 0) {
        fail(w, index, "sudoku_solve failed but changed the board");
    }

    memcpy(board, puzzle, CELLS);
    r->unique = sudoku_solve_unique(board);
    if (r->unique == SUDOKU_OK) {
        /* A unique solution is the one sudoku_solve must have found. */
        if (r->solve != SUDOKU_OK || memcmp(board, r->grid, CELLS) != 0) {
            fail(w, index, "sudoku_solve_unique's grid differs from sudoku_solve's");
        }
    } else if (memcmp(board, puzzle, CELLS) != 0) {
        fail(w, index, "sudoku_solve_unique failed but changed the board");
    }

    memcpy(board, puzzle, CELLS);
    r->count_status = sudoku_count_solutions(board, COUNT_LIMIT, &count);
    r->count = count;
    if ((r->count_status == SUDOKU_OK) != (count != COUNT_UNTOUCHED) ||
        (r->count_status == SUDOKU_OK && count > COUNT_LIMIT)) {
        fail(w, index, "sudoku_count_solutions' count does not fit its status or limit");
    }
    if (memcmp(board, puzzle, CELLS) != 0) {
        fail(w, index, "sudoku_count_solutions changed the board");
    }

    /* The four answers must tell the same story. */
    if (r->validate != SUDOKU_OK) {
        if (r->solve != r->validate || r->unique != r->validate ||
            r->count_status != r->validate) {
            fail(w, index, "an invalid board got different statuses from different calls");
        }
    } else if (r->count_status != SUDOKU_OK) {
        fail(w, index, "sudoku_count_solutions failed on a valid board");
    } else if (r->count == 0) {
        if (r->solve != SUDOKU_NO_SOLUTION || r->unique != SUDOKU_NO_SOLUTION) {
            fail(w, index, "count 0 but a solve call did not say SUDOKU_NO_SOLUTION");
        }
    } else if (r->count == 1) {
        if (r->solve != SUDOKU_OK || r->unique != SUDOKU_OK) {
            fail(w, index, "count 1 but a solve call failed");
        }
    } else if (r->solve != SUDOKU_OK || r->unique != SUDOKU_MULTIPLE_SOLUTIONS) {
        fail(w, index, "count 2 but sudoku_solve failed or sudoku_solve_unique did not say "
                       "SUDOKU_MULTIPLE_SOLUTIONS");
    }
}

/* A board of 81 bytes ending exactly where an inaccessible page starts, so that any access past
 * the board faults. NULL when mapping failed. */
static char *guarded_board(void **mapping, size_t *length)
{
    long page = sysconf(_SC_PAGESIZE);
    char *base;
    if (page <= 0) {
        return NULL;
    }
    *length = 2 * (size_t)page;
    base = mmap(NULL, *length, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base == MAP_FAILED) {
        return NULL;
    }
    if (mprotect(base + page, (size_t)page, PROT_NONE) != 0) {
        munmap(base, *length);
        return NULL;
    }
    *mapping = base;
    return base + page - CELLS;
}

static void *worker(void *arg)
{
    struct work *w = arg;
    void *mapping;
    size_t length, index;
    char *board = guarded_board(&mapping, &length);
    if (board == NULL) {
        fputs("stress: cannot map a guarded board\n", stderr);
        atomic_fetch_add(&w->failures, 1);
        return NULL;
    }
    for (;;) {
        index = atomic_fetch_add(&w->next, 1);
        if (index >= w->puzzles->count) {
            break;
        }
        check_puzzle(w, index, board);
    }
    munmap(mapping, length);
    return NULL;
}

/* Appends one puzzle line (already stripped) to p, as described at the top. 0 when memory ran
 * out. */
static int add_puzzle(struct puzzles *p, const char *line, size_t len)
{
    char *board;
    if (p->count == p->capacity) {
        size_t capacity = p->capacity ? 2 * p->capacity : 4096;
        char *boards = realloc(p->boards, capacity * CELLS);
        if (boards == NULL) {
            return 0;
        }
        p->boards = boards;
        p->capacity = capacity;
    }
    board = p->boards + p->count * CELLS;
    if (len == CELLS) {
        memcpy(board, line, CELLS);
    } else {
        size_t kept = len < CELLS - 1 ? len : CELLS - 1;
        memcpy(board, line, kept);
        memset(board + kept, '\0', CELLS - kept);
    }
    p->count++;
    return 1;
}

/* Reads a whole file and adds its puzzles. 0 on failure (reported). */
static int read_file(struct puzzles *p, const char *path)
{
    FILE *in = fopen(path, "rb");
    char *text = NULL;
    size_t size = 0, capacity = 0, start, end;
    int ok = 1;

    if (in == NULL) {
        fprintf(stderr, "stress: cannot open %s: %s\n", path, strerror(errno));
        return 0;
    }
    for (;;) {
        size_t got;
        if (size == capacity) {
            char *grown;
            capacity = capacity ? 2 * capacity : 1 << 20;
            grown = realloc(text, capacity);
            if (grown == NULL) {
                fputs("stress: out of memory\n", stderr);
                ok = 0;
                break;
            }
            text = grown;
        }
        got = fread(text + size, 1, capacity - size, in);
        size += got;
        if (got == 0) {
            if (ferror(in)) {
                fprintf(stderr, "stress: error reading %s\n", path);
                ok = 0;
            }
            break;
        }
    }
    fclose(in);

    for (start = 0; ok && start < size; start = end + 1) {
        size_t len;
        const char *nl = memchr(text + start, '\n', size - start);
        end = nl ? (size_t)(nl - text) : size;
        len = end - start;
        while (len > 0 && (text[start + len - 1] == '\r' || text[start + len - 1] == ' ' ||
                           text[start + len - 1] == '\t')) {
            len--;
        }
        if (len == 0 || text[start] == '#') {
            continue;
        }
        if (!add_puzzle(p, text + start, len)) {
            fputs("stress: out of memory\n", stderr);
            ok = 0;
        }
    }
    free(text);
    return ok;
}

/* Solves every puzzle with sudoku_solve_batch in both modes and compares each result with the
 * single calls. Returns the number of differences; -1 when memory ran out. */
static long check_batch(const struct puzzles *p, const struct result *results, size_t threads)
{
    size_t n = p->count, i;
    char *first = malloc(n * CELLS);
    char *in_place = malloc(n * CELLS);
    sudoku_status *statuses = malloc(n * sizeof *statuses);
    sudoku_status status;
    long differences = 0;

    if (first == NULL || in_place == NULL || statuses == NULL) {
        free(first);
        free(in_place);
        free(statuses);
        return -1;
    }

    /* First-solution mode into a separate buffer: slots of failed puzzles keep their filler. */
    memset(first, '#', n * CELLS);
    status = sudoku_solve_batch(p->boards, n, first, statuses, SUDOKU_BATCH_FIRST, threads);
    if (status != SUDOKU_OK) {
        fprintf(stderr, "stress: sudoku_solve_batch (first) returned %s\n",
                sudoku_status_name(status));
        differences++;
    } else {
        for (i = 0; i < n; i++) {
            const char *slot = first + i * CELLS;
            int same = statuses[i] == results[i].solve &&
                       (statuses[i] == SUDOKU_OK
                            ? memcmp(slot, results[i].grid, CELLS) == 0
                            : slot[0] == '#' && memcmp(slot, slot + 1, CELLS - 1) == 0);
            if (!same) {
                fprintf(stderr, "stress: puzzle %zu: sudoku_solve_batch (first) gave %s, "
                        "sudoku_solve %s, or a different solution\n",
                        i + 1, sudoku_status_name(statuses[i]),
                        sudoku_status_name(results[i].solve));
                differences++;
            }
        }
    }

    /* Unique mode in place: slots of failed puzzles still hold the puzzle. */
    memcpy(in_place, p->boards, n * CELLS);
    status = sudoku_solve_batch(in_place, n, in_place, statuses, SUDOKU_BATCH_UNIQUE, threads);
    if (status != SUDOKU_OK) {
        fprintf(stderr, "stress: sudoku_solve_batch (unique) returned %s\n",
                sudoku_status_name(status));
        differences++;
    } else {
        for (i = 0; i < n; i++) {
            const char *slot = in_place + i * CELLS;
            const char *expected =
                statuses[i] == SUDOKU_OK ? results[i].grid : p->boards + i * CELLS;
            if (statuses[i] != results[i].unique || memcmp(slot, expected, CELLS) != 0) {
                fprintf(stderr, "stress: puzzle %zu: sudoku_solve_batch (unique) gave %s, "
                        "sudoku_solve_unique %s, or a different board\n",
                        i + 1, sudoku_status_name(statuses[i]),
                        sudoku_status_name(results[i].unique));
                differences++;
            }
        }
    }

    free(first);
    free(in_place);
    free(statuses);
    return differences;
}

static void print_result(const struct result *r)
{
    printf("validate=%s cell=", sudoku_status_name(r->validate));
    if (r->validate == SUDOKU_OK) {
        putchar('-');
    } else {
        printf("%zu", r->cell);
    }
    printf(" solve=%s grid=", sudoku_status_name(r->solve));
    if (r->solve == SUDOKU_OK) {
        fwrite(r->grid, 1, CELLS, stdout);
    } else {
        putchar('-');
    }
    printf(" unique=%s count=", sudoku_status_name(r->unique));
    if (r->count_status == SUDOKU_OK) {
        printf("%llu\n", (unsigned long long)r->count);
    } else {
        printf("%s\n", sudoku_status_name(r->count_status));
    }
}

static int usage(void)
{
    fputs("usage: stress [--threads N] FILE...\n"
          "Checks every libsudoku function on each puzzle of the files from N threads\n"
          "(default 1, at most 256) and prints one line per puzzle in input order.\n",
          stderr);
    return 2;
}

int main(int argc, char **argv)
{
    struct puzzles puzzles = {NULL, 0, 0};
    static struct work work;
    pthread_t threads[MAX_THREADS];
    size_t thread_count = 1, started = 0, i;
    long differences;
    int arg = 1, failures;

    if (arg + 1 < argc && strcmp(argv[arg], "--threads") == 0) {
        char *end;
        unsigned long value;
        errno = 0;
        value = strtoul(argv[arg + 1], &end, 10);
        if (errno != 0 || *end != '\0' || argv[arg + 1][0] < '0' || argv[arg + 1][0] > '9' ||
            value < 1 || value > MAX_THREADS) {
            return usage();
        }
        thread_count = (size_t)value;
        arg += 2;
    }
    if (arg >= argc) {
        return usage();
    }
    for (; arg < argc; arg++) {
        if (!read_file(&puzzles, argv[arg])) {
            free(puzzles.boards);
            return 2;
        }
    }
    if (puzzles.count == 0) {
        free(puzzles.boards);
        return 0;
    }

    work.puzzles = &puzzles;
    work.results = calloc(puzzles.count, sizeof *work.results);
    if (work.results == NULL) {
        fputs("stress: out of memory\n", stderr);
        free(puzzles.boards);
        return 2;
    }
    atomic_init(&work.next, 0);
    atomic_init(&work.failures, 0);
    for (i = 0; i < thread_count; i++) {
        int error = pthread_create(&threads[i], NULL, worker, &work);
        if (error != 0) {
            fprintf(stderr, "stress: cannot start thread %zu: %s\n", i + 1, strerror(error));
            atomic_fetch_add(&work.failures, 1);
            break;
        }
        started++;
    }
    /* The workers that did start take every puzzle between them. */
    for (i = 0; i < started; i++) {
        pthread_join(threads[i], NULL);
    }
    if (started == 0) {
        free(work.results);
        free(puzzles.boards);
        return 2;
    }

    differences = check_batch(&puzzles, work.results, thread_count);
    if (differences < 0) {
        fputs("stress: out of memory\n", stderr);
    }

    /* Large blocks: the output of all data sets is tens of megabytes. Without the buffer the
     * output is only slower. */
    (void)setvbuf(stdout, NULL, _IOFBF, 1 << 16);
    for (i = 0; i < puzzles.count; i++) {
        print_result(&work.results[i]);
    }
    failures = atomic_load(&work.failures);
    if (fflush(stdout) != 0) {
        fprintf(stderr, "stress: error writing output: %s\n", strerror(errno));
        failures++;
    }
    free(work.results);
    free(puzzles.boards);
    return failures != 0 || differences != 0 ? 1 : 0;
}
