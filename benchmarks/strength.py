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
without the bag charge, and the slow bots' times per card. It asserts nothing:
it reports.

Long runs (the expert takes seconds per deal) can be kept and resumed:
``--record runs.jsonl`` appends each deal's result to the file as it is played,
in chunks of ``--chunk`` deals, and a later run with the same file plays only
the seeds the file does not hold yet; the figures are computed from every deal
of the asked seed range in the file. Each deal's bots are seeded by the deal, so
a deal gives the same result in any chunk. A record is only valid for the code
that wrote it: start a new file after changing a bot. ``--progress`` prints a
line per chunk on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.simulate import mean_interval
from spades_teach.analysis.tournament import DuplicateDeal, tournament


def _executor(jobs: int) -> Executor:
    return SerialExecutor() if jobs == 1 else ProcessPoolExecutor(max_workers=jobs)


def _recorded(path: Path | None, pair: str) -> dict[int, DuplicateDeal]:
    """The deals of ``pair`` already in the record file, by seed."""
    if path is None or not path.exists():
        return {}
    found: dict[int, DuplicateDeal] = {}
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip():
            row = json.loads(line)
            if row["pair"] == pair:
                found[row["seed"]] = DuplicateDeal(row["seed"], row["points"], row["raw_points"])
    return found


def _record(path: Path | None, pair: str, deals: tuple[DuplicateDeal, ...]) -> None:
    if path is None:
        return
    with path.open("a", encoding="utf-8") as out:
        for d in deals:
            out.write(json.dumps({"pair": pair, "seed": d.seed, "points": d.points, "raw_points": d.raw_points}) + "\n")


def _missing_runs(seeds: range, done: dict[int, DuplicateDeal], chunk: int) -> list[tuple[int, int]]:
    """(first seed, count) of the runs of seeds still to play, each at most ``chunk`` long."""
    runs: list[tuple[int, int]] = []
    for seed in seeds:
        if seed in done:
            continue
        if runs and runs[-1][0] + runs[-1][1] == seed and runs[-1][1] < chunk:
            runs[-1] = (runs[-1][0], runs[-1][1] + 1)
        else:
            runs.append((seed, 1))
    return runs


def _play_pair(a: str, b: str, args: argparse.Namespace) -> None:
    pair = f"{a}-{b}"
    seeds = range(args.first_seed, args.first_seed + args.deals)
    record = Path(args.record) if args.record else None
    done = _recorded(record, pair)
    seconds: dict[str, list[float]] = {}
    start = time.perf_counter()
    runs = _missing_runs(seeds, done, args.chunk if record or args.progress else args.deals)
    for first, count in runs:
        executor = _executor(args.jobs)
        try:
            result = tournament(a, b, deals=count, seed=first, executor=executor)
        finally:
            executor.shutdown()
        _record(record, pair, result.deals)
        done.update((d.seed, d) for d in result.deals)
        for level, spent in result.card_seconds.items():
            seconds.setdefault(level, []).extend(spent)
        if args.progress:
            played = [done[s] for s in seeds if s in done]
            print(
                f"  {pair}: {len(played)}/{len(seeds)} deals, {statistics.fmean(d.points for d in played):+.1f} "
                f"charged, {statistics.fmean(d.raw_points for d in played):+.1f} raw so far "
                f"({time.perf_counter() - start:.0f} s)",
                file=sys.stderr,
                flush=True,
            )
    deals = [done[s] for s in seeds]
    points = [d.points for d in deals]
    raw = [d.raw_points for d in deals]
    low, high = mean_interval(points)
    raw_low, raw_high = mean_interval(raw)
    verdict = "excludes zero" if low > 0 or high < 0 else "includes zero"
    print(
        f"{a} vs {b}: {statistics.fmean(points):+.1f} points/deal, 95% CI [{low:+.1f}, {high:+.1f}] ({verdict}); "
        f"raw score {statistics.fmean(raw):+.1f} [{raw_low:+.1f}, {raw_high:+.1f}]; "
        f"{len(deals)} deals ({len(deals) - sum(c for _, c in runs)} from the record), "
        f"{time.perf_counter() - start:.0f} s"
    )
    for level in ("hard", "expert"):
        times = sorted(seconds.get(level, ()))
        if times:
            print(
                f"  {level} bot: median {statistics.median(times) * 1000:.0f} ms per card, "
                f"90th percentile {times[int(0.9 * len(times))] * 1000:.0f} ms, max {times[-1] * 1000:.0f} ms "
                f"({len(times)} cards played this run, {args.jobs} processes sharing 2 cores)"
            )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="seeded deals per pairing (default 500)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--pairs", default="hard-medium,medium-easy", help="comma-separated A-B pairings")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    parser.add_argument("--record", help="a JSON-lines file that keeps each deal's result; a rerun resumes from it")
    parser.add_argument("--chunk", type=int, default=10, help="deals played between records (default 10)")
    parser.add_argument("--progress", action="store_true", help="print a line per chunk on stderr")
    args = parser.parse_args(argv)
    if args.deals < 2 or args.chunk < 1:
        parser.error("--deals must be at least 2 and --chunk at least 1")
    print(
        f"duplicate strength: {args.deals} deals per pairing, seeds {args.first_seed}..{args.first_seed + args.deals - 1}"
    )
    print("points per deal = score of the hand with each bag charged 10 points (A minus B, both tables averaged)")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for pair in args.pairs.split(","):
        a, b = pair.strip().split("-")
        _play_pair(a, b, args)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
