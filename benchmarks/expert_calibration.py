"""The bid advisor's count against expert play and double dummy: the data of chapter 12.

Run from the repository root::

    .venv/bin/python benchmarks/expert_calibration.py --deals 20               # a quick look
    .venv/bin/python benchmarks/expert_calibration.py --deals 400 --jobs 1 \\
        --json spades_teach/data/expert_calibration.json

It runs :func:`spades_teach.analysis.expert_calibration.expert_calibrate`: seeded
deals bid by the advisor and played by four expert bots (no clock, so the
figures do not depend on the machine's load), each solved double dummy, and
prints the bias and mean absolute error of the count against the tricks taken,
by hand feature, with the partnerships' double-dummy tricks beside them.
``--json`` writes the per-seat records, rewritten after every deal so that an
interrupted run leaves the deals done so far. An expert deal takes a few
seconds of one core. It prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Sequence
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

from spades_teach.analysis.expert_calibration import SeatRecord, expert_calibrate, records_to_data
from spades_teach.analysis.parallel import SerialExecutor


def _load() -> str:
    try:
        return " ".join(f"{x:.2f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - not every system has one
        return "unknown"


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=400, help="deals in the study (default 400)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1: this process only)")
    parser.add_argument("--seed", default="0", help="seed of the study (default 0)")
    parser.add_argument("--json", type=Path, help="write the per-seat records to this file (after every deal)")
    args = parser.parse_args()
    seed: int | str = int(args.seed) if args.seed.lstrip("-").isdigit() else args.seed
    executor: Executor = SerialExecutor() if args.jobs <= 1 else ProcessPoolExecutor(args.jobs)
    print(f"load average before: {_load()}", flush=True)
    found: list[SeatRecord] = []
    start = time.perf_counter()

    def save(records: Sequence[SeatRecord]) -> None:
        found.extend(records)
        if args.json is not None:
            text = json.dumps(records_to_data(found, seed=seed), separators=(",", ":"), ensure_ascii=False)
            partial = args.json.with_suffix(".tmp")
            partial.write_text(text + "\n", encoding="utf-8")
            partial.replace(args.json)

    def progress(done: int, total: int) -> None:
        if done == total or done % 10 == 0:
            seconds = time.perf_counter() - start
            print(f"{done}/{total} deals, {seconds:.0f} s, load {_load()}", file=sys.stderr, flush=True)

    with executor:
        study = expert_calibrate(args.deals, seed=seed, executor=executor, progress=progress, on_deal=save)
    seconds = time.perf_counter() - start
    print(f"{args.deals} deals in {seconds:.0f} s ({seconds / args.deals:.1f} s a deal, {args.jobs} job(s))")
    print(f"load average after: {_load()}")
    print()
    print(study)
    if args.json is not None:
        print(f"\nwrote {args.json}")


if __name__ == "__main__":
    main()
