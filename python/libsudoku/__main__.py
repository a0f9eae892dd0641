"""`python -m libsudoku [--unique | --list N] [FILE]`: solves every puzzle of a file (or stdin)
and prints one line per puzzle, as build/solve_file does (docs/examples.md)."""

import os
import signal
import sys

from libsudoku._cli import _main, _say

if __name__ == "__main__":
    try:
        code = _main(sys.argv)
    except MemoryError:
        # Past the reading (which says so itself): the puzzles' results did not fit. One line,
        # as the other programs say it, not a traceback.
        _say("libsudoku: out of memory\n")
        code = 2
    except KeyboardInterrupt:
        # Ctrl-C: end as the C programs do, killed by the signal, not with a traceback.
        signal.signal(signal.SIGINT, signal.SIG_DFL)
        os.kill(os.getpid(), signal.SIGINT)
        code = 130  # (not reached)
    sys.exit(code)
