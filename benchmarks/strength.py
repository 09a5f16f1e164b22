"""Bot strength by duplicate play: the same deals played twice, partnerships swapped.

Run from the repository root::

    .venv/bin/python benchmarks/strength.py                       # 500 deals per pairing, 2 processes
    .venv/bin/python benchmarks/strength.py --deals 100 --pairs medium-easy
    .venv/bin/python benchmarks/strength.py --pairs hard-medium,medium-easy,hard-easy --jobs 2

The play and the figures come from :func:`spades_teach.analysis.tournament.tournament`
(see its module docs). For each pairing A–B and each seeded deal ``deal(seed)``
(dealer rotating with the seed), the hand is bid and played twice: A sits
North–South and B East–West, then the other way round. Both teams therefore hold
the same cards, and the luck of the deal cancels out. A deal's result is A's
points minus B's points, averaged over the two tables, where a team's points are
the hand's score (``score_round``, no bags carried in) with each new bag charged
its share of the bag penalty (100 / 10 = 10 points), so bags cost what they cost
over a match. The hard bot plays without its time limit, so that the figures do
not depend on the machine's load.

The script prints, per pairing, the mean difference per deal with a 95%
confidence interval (mean ± 1.96 standard errors), the raw score difference
without the bag charge, and the hard bot's median time per card. It asserts
nothing: it reports.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.tournament import tournament


def _executor(jobs: int) -> Executor:
    return SerialExecutor() if jobs == 1 else ProcessPoolExecutor(max_workers=jobs)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="seeded deals per pairing (default 500)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--pairs", default="hard-medium,medium-easy", help="comma-separated A-B pairings")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    print(
        f"duplicate strength: {args.deals} deals per pairing, seeds {args.first_seed}..{args.first_seed + args.deals - 1}"
    )
    print("points per deal = score of the hand with each bag charged 10 points (A minus B, both tables averaged)")
    for pair in args.pairs.split(","):
        a, b = pair.strip().split("-")
        start = time.perf_counter()
        executor = _executor(args.jobs)
        try:
            result = tournament(a, b, deals=args.deals, seed=args.first_seed, executor=executor)
        finally:
            executor.shutdown()
        elapsed = time.perf_counter() - start
        low, high = result.interval
        raw_low, raw_high = result.raw_interval
        verdict = "excludes zero" if result.excludes_zero else "includes zero"
        print(
            f"{a} vs {b}: {result.mean:+.1f} points/deal, 95% CI [{low:+.1f}, {high:+.1f}] ({verdict}); "
            f"raw score {result.raw_mean:+.1f} [{raw_low:+.1f}, {raw_high:+.1f}]; "
            f"{len(result.deals)} deals in {elapsed:.0f} s"
        )
        times = result.card_seconds.get("hard", ())
        if times:
            print(
                f"  hard bot: median {statistics.median(times) * 1000:.0f} ms per card, "
                f"90th percentile {sorted(times)[int(0.9 * len(times))] * 1000:.0f} ms, max {max(times) * 1000:.0f} ms "
                f"({len(times)} cards, {args.jobs} processes sharing 2 cores)"
            )
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
