/* A C host for the fault-injection build of libsudoku (cargo feature `fault-injection`, see
 * src/fault.rs): the board of 81 '!' bytes makes every exported function panic inside its panic
 * guard. Each call must return SUDOKU_INTERNAL_ERROR, leave its outputs untouched, and this
 * process must go on: after the injected panics it still solves a puzzle. Prints one line per
 * check and exits 0 only if all of them held. */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "sudoku.h"

static const char PUZZLE[] =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
static const char SOLUTION[] =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

static int failures = 0;

static void check(int ok, const char *what) {
    printf("%s: %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) failures++;
}

int main(void) {
    char trigger[SUDOKU_CELLS];
    memset(trigger, '!', sizeof trigger);

    char board[SUDOKU_CELLS];
    memcpy(board, trigger, sizeof board);
    check(sudoku_solve(board) == SUDOKU_INTERNAL_ERROR &&
              memcmp(board, trigger, sizeof board) == 0,
          "sudoku_solve: SUDOKU_INTERNAL_ERROR, board untouched");
    check(sudoku_solve_unique(board) == SUDOKU_INTERNAL_ERROR &&
              memcmp(board, trigger, sizeof board) == 0,
          "sudoku_solve_unique: SUDOKU_INTERNAL_ERROR, board untouched");

    uint64_t count = 12345;
    check(sudoku_count_solutions(board, 2, &count) == SUDOKU_INTERNAL_ERROR && count == 12345,
          "sudoku_count_solutions: SUDOKU_INTERNAL_ERROR, count untouched");

    char listed[2 * SUDOKU_CELLS];
    memset(listed, '#', sizeof listed);
    size_t written = 777;
    bool more = true;
    check(sudoku_list_solutions(trigger, listed, 2, &written, &more) == SUDOKU_INTERNAL_ERROR &&
              written == 777 && more && listed[0] == '#' &&
              memcmp(listed, listed + 1, sizeof listed - 1) == 0,
          "sudoku_list_solutions: SUDOKU_INTERNAL_ERROR, solutions, written and more untouched");

    size_t cell = 777;
    check(sudoku_validate(board, &cell) == SUDOKU_INTERNAL_ERROR && cell == 777,
          "sudoku_validate: SUDOKU_INTERNAL_ERROR, cell untouched");

    uint8_t houses[SUDOKU_CELLS];
    memset(houses, 0xEE, sizeof houses);
    size_t marked = 777;
    check(sudoku_board_conflicts(board, houses, &marked) == SUDOKU_INTERNAL_ERROR &&
              marked == 777 && houses[0] == 0xEE &&
              memcmp(houses, houses + 1, sizeof houses - 1) == 0,
          "sudoku_board_conflicts: SUDOKU_INTERNAL_ERROR, houses and count untouched");

    /* The reader meets the injection board as the first 81 bytes of its text. */
    char read_board[SUDOKU_CELLS];
    memset(read_board, '#', sizeof read_board);
    sudoku_read_info info;
    sudoku_read_info_init(&info);
    check(sudoku_read_puzzle(trigger, sizeof trigger, read_board, NULL, &info) ==
                  SUDOKU_INTERNAL_ERROR &&
              read_board[0] == '#' && memcmp(read_board, read_board + 1, SUDOKU_CELLS - 1) == 0 &&
              info.consumed == 0 && info.first_line == 1,
          "sudoku_read_puzzle: SUDOKU_INTERNAL_ERROR, board and info untouched");

    /* The canonical form and a transformation's image read the board through the same hook. */
    char form[SUDOKU_CELLS];
    memset(form, '#', sizeof form);
    sudoku_transform t;
    memset(&t, 0xEE, sizeof t);
    check(sudoku_canonicalize(trigger, form, &t) == SUDOKU_INTERNAL_ERROR && form[0] == '#' &&
              memcmp(form, form + 1, SUDOKU_CELLS - 1) == 0 && t.transpose == 0xEE &&
              t.digits[9] == 0xEE,
          "sudoku_canonicalize: SUDOKU_INTERNAL_ERROR, form and transform untouched");
    sudoku_transform identity = {0, {0, 1, 2, 3, 4, 5, 6, 7, 8}, {0, 1, 2, 3, 4, 5, 6, 7, 8},
                                 {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}};
    check(sudoku_transform_apply(&identity, trigger, form) == SUDOKU_INTERNAL_ERROR &&
              form[0] == '#' && memcmp(form, form + 1, SUDOKU_CELLS - 1) == 0,
          "sudoku_transform_apply: SUDOKU_INTERNAL_ERROR, output untouched");

    /* A pattern is read through the same hook. */
    char made[SUDOKU_CELLS], made_solution[SUDOKU_CELLS];
    memset(made, '#', sizeof made);
    memset(made_solution, '#', sizeof made_solution);
    check(sudoku_generate_pattern(1, trigger, 10, made, made_solution) == SUDOKU_INTERNAL_ERROR &&
              made[0] == '#' && memcmp(made, made + 1, SUDOKU_CELLS - 1) == 0 &&
              memcmp(made, made_solution, SUDOKU_CELLS) == 0,
          "sudoku_generate_pattern: SUDOKU_INTERNAL_ERROR, puzzle and solution untouched");
    check(sudoku_generate_pattern_with(1, trigger, NULL, made, made_solution) ==
                  SUDOKU_INTERNAL_ERROR &&
              made[0] == '#' && memcmp(made, made + 1, SUDOKU_CELLS - 1) == 0 &&
              memcmp(made, made_solution, SUDOKU_CELLS) == 0,
          "sudoku_generate_pattern_with: SUDOKU_INTERNAL_ERROR, puzzle and solution untouched");
    char shaped[2 * SUDOKU_CELLS];
    sudoku_status shaped_statuses[2] = {SUDOKU_INVALID_CHARACTER, SUDOKU_INVALID_CHARACTER};
    memset(shaped, '#', sizeof shaped);
    check(sudoku_generate_pattern_batch(1, trigger, NULL, 2, shaped, shaped_statuses, 2) ==
                  SUDOKU_INTERNAL_ERROR &&
              shaped[0] == '#' && memcmp(shaped, shaped + 1, sizeof shaped - 1) == 0 &&
              shaped_statuses[0] == SUDOKU_INVALID_CHARACTER &&
              shaped_statuses[1] == SUDOKU_INVALID_CHARACTER,
          "sudoku_generate_pattern_batch: SUDOKU_INTERNAL_ERROR, puzzles and statuses untouched");

    /* A batch of four, the injected board second and fourth, on two threads: those two fail
     * alone, the call and the other puzzles succeed. */
    char puzzles[4 * SUDOKU_CELLS], solutions[4 * SUDOKU_CELLS];
    sudoku_status statuses[4];
    for (int i = 0; i < 4; i++)
        memcpy(puzzles + i * SUDOKU_CELLS, i % 2 ? trigger : PUZZLE, SUDOKU_CELLS);
    memset(solutions, '#', sizeof solutions);
    int batch_ok = sudoku_solve_batch(puzzles, 4, solutions, statuses, SUDOKU_BATCH_UNIQUE, 2) ==
                   SUDOKU_OK;
    for (int i = 0; i < 4; i++) {
        const char *out = solutions + i * SUDOKU_CELLS;
        if (i % 2)
            batch_ok = batch_ok && statuses[i] == SUDOKU_INTERNAL_ERROR && out[0] == '#' &&
                       memcmp(out, out + 1, SUDOKU_CELLS - 1) == 0;
        else
            batch_ok = batch_ok && statuses[i] == SUDOKU_OK &&
                       memcmp(out, SOLUTION, SUDOKU_CELLS) == 0;
    }
    check(batch_ok, "sudoku_solve_batch: SUDOKU_OK; the injected puzzles SUDOKU_INTERNAL_ERROR "
                    "and unwritten, the others solved");

    /* The step engine's calls read the board through the same hook. */
    struct sudoku_rating rating;
    memset(&rating, 0xEE, sizeof rating);
    check(sudoku_rate(trigger, &rating) == SUDOKU_INTERNAL_ERROR && rating.er == 0xEEEE &&
              rating.steps == 0xEEEEEEEEu,
          "sudoku_rate: SUDOKU_INTERNAL_ERROR, rating untouched");
    struct sudoku_step step;
    memset(&step, 0xEE, sizeof step);
    cell = 777;
    check(sudoku_hint(trigger, NULL, NULL, &step, &cell) == SUDOKU_INTERNAL_ERROR &&
              cell == 777 && step.rating == 0xEEEE && step.chain[127] == 0xEEEE,
          "sudoku_hint: SUDOKU_INTERNAL_ERROR, step and cell untouched");
    size_t steps_count = 777;
    bool complete = true;
    check(sudoku_solve_path(trigger, &step, 1, &steps_count, &complete) ==
                  SUDOKU_INTERNAL_ERROR &&
              steps_count == 777 && complete && step.rating == 0xEEEE,
          "sudoku_solve_path: SUDOKU_INTERNAL_ERROR, steps, count and complete untouched");
    struct sudoku_step good;
    uint16_t marks[SUDOKU_CELLS], marks_before[SUDOKU_CELLS];
    char injected[SUDOKU_CELLS];
    /* Valid masks (every candidate), which are checked before the board is read; a write
     * would leave the position's own candidates there. */
    for (int i = 0; i < SUDOKU_CELLS; i++) {
        marks[i] = 0x1FF;
    }
    memcpy(marks_before, marks, sizeof marks);
    memcpy(injected, trigger, sizeof injected);
    check(sudoku_hint(PUZZLE, NULL, NULL, &good, NULL) == SUDOKU_OK &&
              sudoku_step_apply(&good, injected, marks) == SUDOKU_INTERNAL_ERROR &&
              memcmp(injected, trigger, sizeof injected) == 0 &&
              memcmp(marks, marks_before, sizeof marks) == 0,
          "sudoku_step_apply: SUDOKU_INTERNAL_ERROR, board and candidates untouched");
    struct sudoku_rating ratings[4], single;
    memset(ratings, 0xEE, sizeof ratings);
    int rate_ok = sudoku_rate(PUZZLE, &single) == SUDOKU_OK &&
                  sudoku_rate_batch(puzzles, 4, ratings, statuses, 2) == SUDOKU_OK;
    for (int i = 0; i < 4; i++) {
        const struct sudoku_rating *r = &ratings[i];
        if (i % 2)
            rate_ok = rate_ok && statuses[i] == SUDOKU_INTERNAL_ERROR && r->er == 0xEEEE;
        else
            rate_ok = rate_ok && statuses[i] == SUDOKU_OK && r->er == single.er &&
                      r->ep == single.ep && r->ed == single.ed && r->hardest == single.hardest &&
                      r->steps == single.steps && r->complete == single.complete;
    }
    check(rate_ok, "sudoku_rate_batch: SUDOKU_OK; the injected boards SUDOKU_INTERNAL_ERROR "
                   "and unwritten, the others rated");
    char forms[4 * SUDOKU_CELLS], single_form[SUDOKU_CELLS];
    sudoku_transform transforms[4], single_t;
    memset(forms, '#', sizeof forms);
    memset(transforms, 0xEE, sizeof transforms);
    int canon_ok = sudoku_canonicalize(PUZZLE, single_form, &single_t) == SUDOKU_OK &&
                   sudoku_canonicalize_batch(puzzles, 4, forms, transforms, statuses, 2) ==
                       SUDOKU_OK;
    for (int i = 0; i < 4; i++) {
        const char *out = forms + i * SUDOKU_CELLS;
        if (i % 2)
            canon_ok = canon_ok && statuses[i] == SUDOKU_INTERNAL_ERROR && out[0] == '#' &&
                       memcmp(out, out + 1, SUDOKU_CELLS - 1) == 0 &&
                       transforms[i].transpose == 0xEE && transforms[i].digits[9] == 0xEE;
        else
            canon_ok = canon_ok && statuses[i] == SUDOKU_OK &&
                       memcmp(out, single_form, SUDOKU_CELLS) == 0 &&
                       memcmp(&transforms[i], &single_t, sizeof single_t) == 0;
    }
    check(canon_ok, "sudoku_canonicalize_batch: SUDOKU_OK; the injected boards "
                    "SUDOKU_INTERNAL_ERROR and unwritten, the others canonicalized");

    memcpy(board, PUZZLE, sizeof board);
    check(sudoku_solve(board) == SUDOKU_OK && memcmp(board, SOLUTION, sizeof board) == 0,
          "the process goes on: sudoku_solve still solves a puzzle");

    printf("%s\n", sudoku_status_message(SUDOKU_INTERNAL_ERROR));
    return failures == 0 ? 0 : 1;
}
