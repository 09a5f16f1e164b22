"""Bot strength by duplicate play: the same deals played twice, partnerships swapped.

Run from the repository root::

    .venv/bin/python benchmarks/strength.py                       # 500 deals per pairing, 2 processes
    .venv/bin/python benchmarks/strength.py --deals 100 --pairs medium-easy
    .venv/bin/python benchmarks/strength.py --pairs hard-medium,medium-easy,hard-easy --jobs 2

For each pairing A–B and each seeded deal ``deal(seed)`` (dealer rotating with the
seed), the hand is bid and played twice: A sits North–South and B East–West,
then the other way round. Both teams therefore hold the same cards, and the
luck of the deal cancels out. A deal's result is A's points minus B's points,
averaged over the two tables, where a team's points are the hand's score
(``score_round``, no bags carried in) with each new bag charged its share of the
bag penalty (100 / 10 = 10 points), so bags cost what they cost over a match.

The script prints, per pairing, the mean difference per deal with a 95%
confidence interval (mean ± 1.96 standard errors), the raw score difference
without the bag charge, and the hard bot's median time per card. It asserts
nothing: it reports.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Round, Rules, Seat, Team, deal
from spades_teach.bots import EasyBot, HardBot, MediumBot
from spades_teach.position import Position

RULES = Rules()


def _bot(level: str, seed: int) -> EasyBot | MediumBot | HardBot:
    if level == "easy":
        return EasyBot(seed)
    if level == "medium":
        return MediumBot()
    return HardBot(seed=seed)


def play_table(seed: int, ns: str, ew: str) -> tuple[dict[Team, float], dict[Team, int], list[float]]:
    """One table: bots of level ``ns`` and ``ew``; returns (adjusted points, raw points, hard times)."""
    d = deal(seed, dealer=Seat(seed % 4))
    r = Round(d, dealer=d.dealer, rules=RULES)
    bots = {s: _bot(ns if s.team is Team.NS else ew, seed * 4 + s) for s in Seat}
    times: list[float] = []
    while not r.is_complete:
        seat = r.to_act
        assert seat is not None
        bot = bots[seat]
        position = Position.from_round(r)
        if r.phase == "bidding":
            r.bid(seat, bot.choose_bid(position))
        else:
            start = time.perf_counter()
            card = bot.choose_play(position)
            if isinstance(bot, HardBot):
                times.append(time.perf_counter() - start)
            r.play(seat, card)
    score = r.score()
    charge = RULES.bag_penalty / RULES.bag_limit
    adjusted = {t: score.points[t] - charge * score.bags_added[t] for t in Team}
    raw = {t: score.points[t] for t in Team}
    return adjusted, raw, times


def duplicate(task: tuple[int, str, str]) -> tuple[float, float, list[float]]:
    """A − B for one deal, averaged over the two tables (adjusted, raw), and hard times."""
    seed, a, b = task
    adj1, raw1, t1 = play_table(seed, a, b)
    adj2, raw2, t2 = play_table(seed, b, a)
    adj = ((adj1[Team.NS] - adj1[Team.EW]) + (adj2[Team.EW] - adj2[Team.NS])) / 2
    raw = ((raw1[Team.NS] - raw1[Team.EW]) + (raw2[Team.EW] - raw2[Team.NS])) / 2
    return adj, raw, t1 + t2


def summarize(values: list[float]) -> tuple[float, float, float]:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return mean, mean - half, mean + half


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=500, help="seeded deals per pairing (default 500)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument("--pairs", default="hard-medium,medium-easy", help="comma-separated A-B pairings")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes (default 2)")
    args = parser.parse_args(argv)
    print(f"duplicate strength: {args.deals} deals per pairing, seeds {args.first_seed}..{args.first_seed + args.deals - 1}")
    print("points per deal = score of the hand with each bag charged 10 points (A minus B, both tables averaged)")
    for pair in args.pairs.split(","):
        a, b = pair.strip().split("-")
        tasks = [(seed, a, b) for seed in range(args.first_seed, args.first_seed + args.deals)]
        start = time.perf_counter()
        with multiprocessing.Pool(args.jobs) as pool:
            results = pool.map(duplicate, tasks, chunksize=4)
        elapsed = time.perf_counter() - start
        adjusted = [r[0] for r in results]
        raw = [r[1] for r in results]
        times = [t for r in results for t in r[2]]
        mean, low, high = summarize(adjusted)
        raw_mean, raw_low, raw_high = summarize(raw)
        verdict = "excludes zero" if low > 0 or high < 0 else "includes zero"
        print(
            f"{a} vs {b}: {mean:+.1f} points/deal, 95% CI [{low:+.1f}, {high:+.1f}] ({verdict}); "
            f"raw score {raw_mean:+.1f} [{raw_low:+.1f}, {raw_high:+.1f}]; {len(results)} deals in {elapsed:.0f} s"
        )
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
