"""How long a learner waits for a drill: making a question and grading it, per kind.

For each kind of :mod:`spades_teach.analysis.drills`, over ``--questions`` seeds at every
difficulty: the median and the slowest time to make a question, and to grade it (the grade of
``count``, ``bid`` and ``nil`` includes the bot playouts behind their figures, run once per
question). Run it twice to compare the kernels: as is (the compiled kernel when built) and with
``SPADES_TEACH_PURE_KERNEL=1`` (the pure-Python kernel, as in the live edition, which then runs
slower again under Pyodide).

    .venv/bin/python benchmarks/drills.py --questions 5
    SPADES_TEACH_PURE_KERNEL=1 .venv/bin/python benchmarks/drills.py --questions 5
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from spades_teach.analysis.drills import KINDS, MAX_DIFFICULTY, drill_seed, make_drill
from spades_teach.game.kernel import BACKEND


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--questions", type=int, default=5, help="seeds per kind and difficulty")
    args = parser.parse_args()
    print(f"kernel: {BACKEND}; load average before the run: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    print(f"{'kind':8} {'make median':>12} {'make max':>10} {'grade median':>13} {'grade max':>10}")
    for kind in KINDS:
        made: list[float] = []
        graded: list[float] = []
        for difficulty in range(MAX_DIFFICULTY + 1):
            for n in range(args.questions):
                start = time.perf_counter()
                drill = make_drill(kind, drill_seed("bench", kind, n), difficulty)
                middle = time.perf_counter()
                drill.grade({f.name: e for f, e in zip(drill.fields, drill.expected)})
                end = time.perf_counter()
                made.append(middle - start)
                graded.append(end - middle)
        print(
            f"{kind:8} {statistics.median(made) * 1000:10.1f}ms {max(made) * 1000:8.1f}ms"
            f" {statistics.median(graded) * 1000:11.1f}ms {max(graded) * 1000:8.1f}ms"
        )
    print(f"load average after the run: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
