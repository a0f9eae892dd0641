#!/usr/bin/env bash
# The Python package as a user gets it: builds the wheel of python/ (pip, setuptools-rust, cargo),
# checks what it holds, installs it with NumPy into a fresh virtual environment, type-checks
# tests/python/typed_client.py against it with `mypy --strict` (the annotations and py.typed as a
# user's checker sees them), and runs tests/python/test_module.py against the installed package
# (SUDOKU_TEST_INSTALLED=1), from a folder outside the source tree with SUDOKU_LIB and PYTHONPATH
# unset: the package must find the library it carries; then, with the package's `dask` extra
# installed, tests/python/test_dask.py (libsudoku.dask on a LocalCluster of 2 workers, a million
# puzzles, a worker killed mid-run). `make python-package-test` and .ci/run run it.
#
# Needs python3 (with venv and pip), a Rust toolchain and the package registry (setuptools,
# setuptools-rust, numpy, dask[distributed] and mypy are installed from it). It works in build/python-package/ (or
# $SUDOKU_PACKAGE_DIR), removed first. cargo honours CARGO_TARGET_DIR and reuses what earlier
# builds left there: only the library itself is compiled again, as a cdylib.
set -euo pipefail

cd "$(dirname "$0")/../.."
root=$(pwd)
work=${SUDOKU_PACKAGE_DIR:-$root/build/python-package}
version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)

rm -rf "$work"
mkdir -p "$work"
# setuptools' own build folder: a file left there by an older layout would go into the wheel.
rm -rf python/build

python3 -m venv "$work/venv"
py=$work/venv/bin/python
pip_quiet=(--quiet --disable-pip-version-check --no-input)

echo "building the wheel"
"$py" -m pip wheel "${pip_quiet[@]}" --no-deps --wheel-dir "$work/wheels" ./python
wheels=("$work"/wheels/libsudoku-*.whl)
if [ "${#wheels[@]}" -ne 1 ] || [ ! -f "${wheels[0]}" ]; then
    echo "package_test: expected one libsudoku wheel in $work/wheels" >&2
    exit 1
fi
wheel=${wheels[0]}
echo "built $(basename "$wheel") (${SECONDS} s)"

# What the wheel holds: the package's files and the library, tagged for any Python 3 (the
# library does not link Python) and versioned as the crate.
"$py" - "$wheel" "$version" <<'EOF'
import os
import sys
import zipfile

wheel, version = sys.argv[1], sys.argv[2]
name = os.path.basename(wheel)
expected_start = "libsudoku-%s-py3-none-" % version
if not name.startswith(expected_start):
    sys.exit("package_test: wheel %s: expected a name starting %s" % (name, expected_start))
names = set(zipfile.ZipFile(wheel).namelist())
needed = {"libsudoku/" + f for f in (
    "__init__.py", "__main__.py", "_args.py", "_arrays.py", "_batch.py", "_candidates.py",
    "_canonical.py", "_checks.py", "_cli.py", "_diagnostic.py", "_errors.py", "_generate.py",
    "_loader.py", "_public.py", "_read.py", "_solve.py", "_steps.py", "dask.py", "py.typed",
    "libsudoku.so")}
if needed - names:
    sys.exit("package_test: wheel %s lacks %s" % (name, sorted(needed - names)))
extra = sorted(n for n in names if n.startswith("libsudoku/") and n not in needed)
if extra:
    sys.exit("package_test: wheel %s has unexpected files %s" % (name, extra))
# The licence texts, through python/'s links to the repository's root (PEP 639 license files).
licenses = {"libsudoku-%s.dist-info/licenses/%s" % (version, f)
            for f in ("LICENSE-MIT", "LICENSE-APACHE")}
if licenses - names:
    sys.exit("package_test: wheel %s lacks %s" % (name, sorted(licenses - names)))
for license in licenses:
    text = zipfile.ZipFile(wheel).read(license).decode("utf-8")
    if "License" not in text.splitlines()[0]:
        sys.exit("package_test: wheel %s: %s is not a licence text" % (name, license))
print("the wheel holds %s and the licence texts" % ", ".join(sorted(needed)))
EOF

echo "installing it with numpy, its dask extra (and mypy) into a fresh virtual environment"
"$py" -m pip install "${pip_quiet[@]}" "$wheel[dask]" numpy mypy
echo "installed (${SECONDS} s)"

solve_file=$root/build/solve_file
[ -x "$solve_file" ] || solve_file=""

cd "$work"
# Outside the source tree, so that mypy and Python find the installed package only.
echo "mypy --strict on tests/python/typed_client.py against the installed package"
env -u MYPYPATH -u PYTHONPATH "$work/venv/bin/mypy" --strict --no-incremental \
    --cache-dir "$work/mypy-cache" "$root/tests/python/typed_client.py"

echo "the module suite on the installed package (${SECONDS} s)"
env -u SUDOKU_LIB -u PYTHONPATH -u CARGO_TARGET_DIR \
    SUDOKU_TEST_INSTALLED=1 SUDOKU_TEST_NUMPY=1 SUDOKU_EXPECTED_VERSION="$version" \
    SOLVE_FILE="$solve_file" PYTHONDONTWRITEBYTECODE=1 \
    "$py" "$root/tests/python/test_module.py"

# libsudoku.dask on a LocalCluster (2 workers, 1 thread each): a million puzzles, a worker
# killed mid-run (tests/python/test_dask.py).
echo "the Dask test on the installed package (${SECONDS} s)"
env -u SUDOKU_LIB -u PYTHONPATH -u CARGO_TARGET_DIR \
    SUDOKU_TEST_INSTALLED=1 SOLVE_FILE="$solve_file" PYTHONDONTWRITEBYTECODE=1 \
    "$py" "$root/tests/python/test_dask.py"
echo "package test done (${SECONDS} s)"
