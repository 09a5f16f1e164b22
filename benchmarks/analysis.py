"""Hand analysis benchmark: ``analyze_hand`` by bot playout and by double dummy.

Run from the repository root::

    .venv/bin/python benchmarks/analysis.py                 # serial and on 2 processes
    .venv/bin/python benchmarks/analysis.py --workers 1     # serial only
    .venv/bin/python benchmarks/analysis.py --playout 200 --double-dummy 100

For each of a few fixed hands (South, West dealing, no bids made) it times
``analyze_hand`` with 200 samples by playout and 100 by double dummy, serially
and with a :class:`~concurrent.futures.ProcessPoolExecutor` of ``--workers``
processes (started with "spawn", so that no solver state is inherited from the
serial runs, and warmed up before the clock starts). The
targets are at most 2 s for the playout run and at most 10 s for the
double-dummy run. It prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from concurrent.futures import Executor, ProcessPoolExecutor

from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.simulate import analyze_hand

HANDS = {
    "balanced": "AK52.K52.Q73.A94",
    "spade-long": "KQT9762.A5.84.K3",
    "weak": "2.5432.5432.5432",
}
TARGETS = {"playout": 2.0, "double_dummy": 10.0}


def timed(hand: str, method: str, samples: int, executor: Executor | None) -> tuple[float, str]:
    start = time.perf_counter()
    result = analyze_hand(hand, samples=samples, method=method, seed=0, executor=executor)
    return time.perf_counter() - start, result.summary


def run(method: str, samples: int, executor: Executor | None, label: str) -> None:
    target = TARGETS[method]
    for name, hand in HANDS.items():
        seconds, summary = timed(hand, method, samples, executor)
        verdict = "ok" if seconds <= target else "over target"
        print(
            f"{method:<12} {samples:>4} samples  {label:<11} {name:<10} {seconds:6.2f} s  ({verdict}, target {target:g} s)"
        )
        print(f"{'':>14}{summary}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--playout", type=int, default=200, help="samples for the playout runs (default 200)")
    parser.add_argument("--double-dummy", type=int, default=100, help="samples for the double-dummy runs (default 100)")
    parser.add_argument("--workers", type=int, default=2, help="processes for the pooled runs; 1 = serial only")
    args = parser.parse_args()
    runs = [("playout", args.playout), ("double_dummy", args.double_dummy)]
    for method, samples in runs:
        run(method, samples, SerialExecutor(), "serial")
    if args.workers > 1:
        context = multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=args.workers, mp_context=context) as pool:
            analyze_hand(HANDS["balanced"], samples=2 * args.workers, executor=pool)  # start the workers
            for method, samples in runs:
                run(method, samples, pool, f"{args.workers} processes")


if __name__ == "__main__":
    main()
