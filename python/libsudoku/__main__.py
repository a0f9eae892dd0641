"""`python -m libsudoku [--unique | --list N] [FILE]`: solves every puzzle of a file (or stdin)
and prints one line per puzzle, as build/solve_file does (docs/examples.md)."""

import sys

from libsudoku import _main

if __name__ == "__main__":
    try:
        code = _main(sys.argv)
    except MemoryError:
        # Past the reading (which says so itself): the puzzles' results did not fit. One line,
        # as the other programs say it, not a traceback.
        sys.stderr.write("libsudoku: out of memory\n")
        code = 2
    sys.exit(code)
