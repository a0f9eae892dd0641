#!/usr/bin/env bash
# Fuzz smoke test: runs every cargo-fuzz target for SECONDS each (CI uses 25), two at a time on
# separate cores, starting from the corpus seeded from ../shared/data/. Fails if any target finds
# a crash, a hang (an input taking over 60 s) or a sanitizer report; the input is then saved
# under fuzz/artifacts/<target>/ and its path printed.
#
# Why a 60 s per-input timeout: the fuzz build (AddressSanitizer, debug assertions, coverage counters) runs the
# solver about ten times slower than a release build. The slowest boards the fuzzers found
# (tests/regressions.rs, FUZZ_*_DEEP; up to 18 s in release) now end in under a millisecond
# thanks to the house-matching test, but a backtracking search keeps a heavy tail on sparse
# boards; 60 s leaves room for it while any real hang still fails.
#
# Usage: bash fuzz/run_smoke.sh SECONDS [TARGET...]   (default: every target)
# cargo-fuzz needs a nightly toolchain (for -Zsanitizer=address). Without one, the stable
# toolchain is used with RUSTC_BOOTSTRAP=1 (which lets it accept -Z flags); if that cannot build
# the targets either, the script says so and exits 0 without fuzzing. It installs cargo-fuzz from
# crates.io when missing.
set -uo pipefail

seconds=${1:?usage: run_smoke.sh SECONDS [TARGET...]}
shift
fuzz_dir=$(cd "$(dirname "$0")" && pwd)
targets=(validate solve solve_unique count_solutions agreement structured solve_batch status_name read_puzzle candidates list_solutions canonicalize canonicalize_batch generate generate_pattern generate_pattern_batch minimize rate rate_with generate_batch struct_init)
[ $# -gt 0 ] && targets=("$@")
logs=${FUZZ_LOG_DIR:-$fuzz_dir/logs}

skip() {
    echo "run_smoke.sh: SKIPPED: $1. The fuzz targets were not run." >&2
    exit 0
}

if cargo +nightly --version >/dev/null 2>&1; then
    toolchain=(+nightly)
else
    echo "run_smoke.sh: no nightly toolchain; trying the stable one with RUSTC_BOOTSTRAP=1"
    toolchain=()
    export RUSTC_BOOTSTRAP=1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    echo "run_smoke.sh: installing cargo-fuzz from crates.io"
    cargo install cargo-fuzz --locked || { echo "run_smoke.sh: cannot install cargo-fuzz" >&2; exit 1; }
fi

cd "$fuzz_dir" || exit 1
for target in "${targets[@]}"; do
    if [ ! -d "corpus/$target" ]; then
        bash seed_corpus.sh || echo "run_smoke.sh: no seed corpus; fuzzing from empty corpora"
        break
    fi
done
mkdir -p "$logs"

echo "run_smoke.sh: building the fuzz targets ($(cargo "${toolchain[@]}" --version))"
if ! cargo "${toolchain[@]}" fuzz build; then
    [ -n "${RUSTC_BOOTSTRAP:-}" ] && skip "no nightly toolchain, and stable with RUSTC_BOOTSTRAP=1 cannot build the fuzz targets"
    echo "run_smoke.sh: FAILED: the fuzz targets do not build" >&2
    exit 1
fi

# One target: libFuzzer for $seconds with a 60 s per-input timeout; its log goes to $logs.
run_target() {
    local target=$1
    cargo "${toolchain[@]}" fuzz run "$target" -- \
        -max_total_time="$seconds" -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
        >"$logs/$target.log" 2>&1
}

# Prints a target's result: its last status line ("#N DONE cov: ...") and the run count.
summarize() {
    local target=$1 status=$2
    local last runs
    last=$(grep -E '^#[0-9]+' "$logs/$target.log" | tail -1)
    runs=$(grep -E '^stat::number_of_executed_units' "$logs/$target.log" | awk '{print $2}')
    if [ "$status" -eq 0 ]; then
        echo "  $target: ok, ${runs:-?} executions; $last"
    else
        echo "  $target: FAILED (exit $status); last lines of $logs/$target.log:"
        tail -30 "$logs/$target.log" | sed 's/^/    /'
    fi
}

failed=0
echo "run_smoke.sh: fuzzing each target for ${seconds}s, two at a time"
for ((i = 0; i < ${#targets[@]}; i += 2)); do
    pids=()
    batch=("${targets[@]:i:2}")
    for target in "${batch[@]}"; do
        run_target "$target" &
        pids+=($!)
    done
    for k in "${!batch[@]}"; do
        wait "${pids[$k]}"
        status=$?
        summarize "${batch[$k]}" "$status"
        [ "$status" -eq 0 ] || failed=1
    done
done

if [ "$failed" -ne 0 ]; then
    echo "run_smoke.sh: FAILED: a fuzz target found a failing input (see fuzz/artifacts/)" >&2
    exit 1
fi
echo "run_smoke.sh: all ${#targets[@]} fuzz targets ran ${seconds}s without a failure"
