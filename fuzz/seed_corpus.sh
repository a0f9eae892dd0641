#!/usr/bin/env bash
# Writes the seed corpora fuzz/corpus/<target>/ from the puzzle files in ../shared/data/ (or
# $SUDOKU_DATA_DIR) plus the hard cases of issue 4. Usage: bash fuzz/seed_corpus.sh [PER_FILE]
# PER_FILE (default 300) puzzles are taken from each data file, spread over the whole file.
# The corpus directory is generated, not committed (see .gitignore).
set -euo pipefail

fuzz_dir=$(cd "$(dirname "$0")" && pwd)
data_dir=${SUDOKU_DATA_DIR:-$fuzz_dir/../../shared/data}
per_file=${1:-300}
# rate and list_solutions run about 10 inputs a second in the fuzz build (a rating, a listing of
# up to 16 solutions, under AddressSanitizer), and libFuzzer runs every seed before its time
# limit applies: 1808 seeds took them 3 and 6 minutes in CI. They get every 25th board.
SLOW_EVERY=25
targets=(solve solve_unique count_solutions validate agreement structured solve_batch status_name read_puzzle candidates list_solutions canonicalize canonicalize_batch rate)

if [ ! -d "$data_dir" ]; then
    echo "seed_corpus.sh: no data directory at $data_dir (set SUDOKU_DATA_DIR)" >&2
    exit 1
fi

for target in "${targets[@]}"; do mkdir -p "$fuzz_dir/corpus/$target"; done

# Writes one seed: $1 name, $2 the 81-byte board. Targets that read a count limit after the board
# get it too (little-endian u16: 2, so the uniqueness path, and 100 for longer counts).
# $3 (default 1) is 0 to leave out the slow targets' seeds (see SLOW_EVERY).
write_seed() {
    local name=$1 board=$2 slow=${3:-1} target
    for target in solve solve_unique validate structured canonicalize; do
        printf '%s' "$board" >"$fuzz_dir/corpus/$target/$name"
    done
    for target in count_solutions agreement; do
        printf '%s\x02\x00' "$board" >"$fuzz_dir/corpus/$target/$name"
        printf '%s\x64\x00' "$board" >"$fuzz_dir/corpus/$target/$name-100"
    done
    write_candidate_seed "$name" "$board"
    [ "$slow" -eq 1 ] || return 0
    # Not forum_hardest's: their nested forcing chains take a minute and more a puzzle under
    # AddressSanitizer, over the per-input timeout.
    case "$name" in
    puzzles5_*) ;;
    *) printf '%s' "$board" >"$fuzz_dir/corpus/rate/$name" ;;
    esac
    # list_solutions: the capacity byte (3, and 16 for longer lists).
    printf '%s\x03' "$board" >"$fuzz_dir/corpus/list_solutions/$name"
    printf '%s\x10' "$board" >"$fuzz_dir/corpus/list_solutions/$name-16"
}

# Writes the candidates target's seed for a board: its candidates from the givens (a given's
# digit alone, every digit in a blank) as 81 little-endian uint16_t, then the limit 2.
write_candidate_seed() {
    local name=$1 board=$2 out="" hex c m i
    for ((i = 0; i < 81; i++)); do
        c=${board:i:1}
        case $c in
            [1-9]) m=$((1 << (c - 1))) ;;
            *) m=511 ;;
        esac
        printf -v hex '\\x%02x\\x%02x' $((m & 255)) $((m >> 8))
        out+=$hex
    done
    printf "$out\\x02\\x00" >"$fuzz_dir/corpus/candidates/$name"
}

total=0
for file in "$data_dir"/puzzles*; do
    base=$(basename "$file")
    # Puzzle lines only (no comments, CR stripped), every k-th so the sample spans the file.
    lines=$(tr -d '\r' <"$file" | grep -v '^#' | grep -E '^[0-9.]{81}$' | wc -l)
    step=$(( lines / per_file > 0 ? lines / per_file : 1 ))
    i=0
    batch=""
    while IFS= read -r board; do
        write_seed "$base-$i" "$board" $((i % SLOW_EVERY == 0))
        i=$((i + 1))
        # solve_batch seeds: a control byte (flags, threads, in place) and 8 boards.
        batch+=$board
        if [ $((i % 8)) -eq 0 ]; then
            printf '\x04%s' "$batch" >"$fuzz_dir/corpus/solve_batch/$base-$i-first"
            printf '\x19%s' "$batch" >"$fuzz_dir/corpus/solve_batch/$base-$i-unique-in-place"
            # canonicalize_batch: 1 thread with transformations; 2 threads in place.
            printf '\x09%s' "$batch" >"$fuzz_dir/corpus/canonicalize_batch/$base-$i"
            printf '\x06%s' "$batch" >"$fuzz_dir/corpus/canonicalize_batch/$base-$i-in-place"
            batch=""
        fi
    done < <(tr -d '\r' <"$file" | grep -v '^#' | grep -E '^[0-9.]{81}$' \
        | awk -v step="$step" -v max="$per_file" 'NR % step == 0 && n < max { print; n++ }')
    total=$((total + i))
done

# The hard and bad inputs of issue 4 (see tests/regressions.rs).
dots() { printf '%*s' "$1" '' | tr ' ' '.'; }
write_seed issue4-conflict-cell1 "11$(dots 79)"
write_seed issue4-conflict-box9 "$(dots 70)5$(dots 9)5"
write_seed issue4-no-candidate '........9........8........7........6........5........4........3........212345678.'
write_seed issue4-2718 '31...9......18........3...5.....4....21.....4..6..79...4.3.8..2.......7..9...6...'
write_seed issue4-26 '........2.2..5.8.1......3..7.4.9........8541.....37...18....9....7..9...2...4..58'
write_seed issue4-two-givens "$(dots 56)8$(dots 17)6$(dots 6)"
write_seed issue4-anti-brute-force '..............3.85..1.2.......5.7.....4...1...9.......5......73..2.1........4...9'
write_seed issue4-empty "$(dots 81)"
# Found by a long agreement run (2026-12-04): the ordered listing took 31 s on it before its
# nodes were checked (tests/list_solutions.rs, docs/solver.md section 9).
write_seed ordered-listing-deep '.............................2.....................7.2......819.4.5.6...3..7.....'
total=$((total + 9))

# status_name reads a C int (four bytes, little-endian): each status code and a few other values.
for value in 0 1 2 3 4 5 6 7 8 9 10 -1 2147483647 -2147483648; do
    v=$((value & 0xFFFFFFFF))
    printf "$(printf '\\x%02x\\x%02x\\x%02x\\x%02x' $((v & 255)) $((v >> 8 & 255)) \
        $((v >> 16 & 255)) $((v >> 24 & 255)))" >"$fuzz_dir/corpus/status_name/value$value"
done

# read_puzzle: the format files of the tests (every layout the reader knows) and a few lines of
# each data file with their comments.
for file in "$fuzz_dir"/../tests/data/formats/*; do
    cp "$file" "$fuzz_dir/corpus/read_puzzle/$(basename "$file")"
done
for file in "$data_dir"/puzzles*; do
    head -c 2000 "$file" >"$fuzz_dir/corpus/read_puzzle/$(basename "$file")-head"
done

echo "seed_corpus.sh: wrote $total seeds per target under $fuzz_dir/corpus/"
