"""`python -m libsudoku [--unique | --list N] [FILE]`: solves every puzzle of a file (or stdin)
and prints one line per puzzle, as build/solve_file does (docs/examples.md)."""

import sys

from libsudoku import _main

if __name__ == "__main__":
    sys.exit(_main(sys.argv))
