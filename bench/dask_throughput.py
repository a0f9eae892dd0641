"""Throughput of libsudoku.dask.solve_files against build/solve_file on the same file and
machine, by partition size (docs/dask.md has the figures).

    python3 bench/dask_throughput.py [--copies N] [--workers W] [--sizes MiB,MiB,...] [FILE]

Needs the package with its dask extra (pip install "./python[dask]"), or the source tree with
SUDOKU_LIB and PYTHONPATH=python, and `make build` for build/solve_file. Without FILE the input
is puzzles0_easy (../shared/data) copied N times (10: a million puzzles), each copy's digits
relabelled so that the puzzles are distinct. It times, on that file:
  - solve_file --quiet --threads W, writing its output to a file (the C program, one process);
  - one solve_batch call on all the puzzles in this process, W threads (the library alone);
  - solve_files on a LocalCluster of W single-threaded worker processes, for each partition
    size, writing part files (the cluster is started once, before the timings; its start-up is
    reported apart).
Each timing is the best of --repeat runs (2). Keep runs short: a million puzzles take a few
seconds each on 2 cores.
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def relabelled_copies(copies):
    with open(os.path.join(os.path.dirname(ROOT), "shared", "data", "puzzles0_easy"), "rb") as f:
        easy = f.read()
    parts = []
    for copy in range(copies):
        table = bytearray(range(256))
        for d in range(1, 10):
            table[ord("0") + d] = ord("0") + (d - 1 + copy) % 9 + 1
        parts.append(easy.translate(bytes(table)))
    return b"".join(parts)


def best(function, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        function()
        times.append(time.perf_counter() - start)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("file", nargs="?")
    parser.add_argument("--copies", type=int, default=10)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--sizes", default="1,4,16,64")
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()

    import numpy as np
    from distributed import Client, LocalCluster

    import libsudoku
    import libsudoku.dask

    with tempfile.TemporaryDirectory() as tmp:
        path = args.file
        if path is None:
            path = os.path.join(tmp, "puzzles.txt")
            with open(path, "wb") as f:
                f.write(relabelled_copies(args.copies))
        with open(path, "rb") as f:
            data = f.read()
        lines = [l for l in data.split(b"\n") if len(l) >= 81 and not l.startswith(b"#")]
        count = len(lines)
        print("input: %s, %d puzzles, %.1f MB; %d workers (1 thread each), %d cores"
              % (args.file or "puzzles0_easy x %d (relabelled)" % args.copies, count,
                 len(data) / 1e6, args.workers, os.cpu_count()))

        rows = []
        solve_file = os.path.join(ROOT, "build", "solve_file")
        if os.access(solve_file, os.X_OK):
            out = os.path.join(tmp, "solve_file.out")

            def run_solve_file():
                with open(out, "wb") as f:
                    subprocess.run([solve_file, "--quiet", "--threads", str(args.workers), path],
                                   stdout=f, check=True)

            rows.append(("build/solve_file", best(run_solve_file, args.repeat)))
        else:
            print("build/solve_file not built (make build): skipped")

        puzzles = np.frombuffer(b"".join(l[:81] for l in lines), np.uint8).reshape(-1, 81)
        rows.append(("solve_batch, one call", best(
            lambda: libsudoku.solve_batch(puzzles, threads=args.workers), args.repeat)))
        del puzzles, lines, data

        started = time.perf_counter()
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1, processes=True,
                               dashboard_address=None)
        client = Client(cluster)
        client.run(lambda: libsudoku.solve("." * 81))  # each worker loads the library
        startup = time.perf_counter() - started
        try:
            for mib in [float(s) for s in args.sizes.split(",")]:
                size = int(mib * 1024 * 1024)
                output = os.path.join(tmp, "solved")
                partitions = []

                def run_dask():
                    report = libsudoku.dask.solve_files(path, output, partition_size=size,
                                                        overwrite=True)
                    partitions[:] = [len(report.partitions)]
                    assert report.puzzles == count, (report.puzzles, count)

                seconds = best(run_dask, args.repeat)
                rows.append(("dask, %g MiB partitions (%d)" % (mib, partitions[0]), seconds))
        finally:
            client.close()
            cluster.close()

    reference = rows[0][1]
    print("%-34s %9s %14s %10s" % ("", "seconds", "puzzles/s", "vs first"))
    for name, seconds in rows:
        print("%-34s %9.3f %14.0f %9.2fx" % (name, seconds, count / seconds, seconds / reference))
    print("LocalCluster start-up (not in the timings): %.2f s" % startup)


if __name__ == "__main__":
    sys.exit(main())
