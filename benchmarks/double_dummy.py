"""Double-dummy benchmark: this solver (Spades rules, spades unbroken) against DDS (bridge rules).

Run from the repository root::

    .venv/bin/python benchmarks/double_dummy.py            # the 100 seeded full deals
    .venv/bin/python benchmarks/double_dummy.py --deals 20 # fewer, faster

Both solvers get the same 100 seeded full 13-card deals (``deal(seed)`` for
seeds 0-99, the player to the dealer's left on lead). Ours answers the Spades
question (spades not broken, so the leader may not lead one); DDS, through the
``endplay`` package, answers the bridge question with spades as trumps (one
``solve_board`` call for the best card, the closest single call it has). The
script prints the median and 90th percentile time per deal of each and their
ratio. It never fails on the figures: speed is not asserted by the test suite.
The requirement is a median of at most 250 ms per deal; the aim is within 3x of DDS.
The transposition table is emptied before each of our deals, so each is solved
from scratch. Times are wall-clock; on a shared machine compare the load average
printed first, or the search nodes per deal (``--nodes``), which do not depend on it.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from spades_teach import Seat, deal
from spades_teach.analysis import BACKEND, double_dummy
from spades_teach.analysis.solver import _CORE

REQUIRED_MEDIAN_MS = 250.0


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    index = min(len(ordered) - 1, max(0, round(fraction * (len(ordered) - 1))))
    return ordered[index]


def time_ours(seeds: range) -> tuple[list[float], list[int], list[int]]:
    times, answers, nodes = [], [], []
    for seed in seeds:
        d = deal(seed)
        leader = d.dealer.next
        if _CORE is not None:
            _CORE.clear()
        start = time.perf_counter()
        result = double_dummy(d, leader=leader)
        times.append(time.perf_counter() - start)
        answers.append(result.tricks[leader.team])
        nodes.append(int(_CORE.nodes()) if _CORE is not None else 0)
    return times, answers, nodes


def time_dds(seeds: range) -> tuple[list[float], list[int]] | None:
    try:
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal as EDeal
        from endplay.types import Denom, Player
    except ImportError:
        return None
    times, answers = [], []
    for seed in seeds:
        d = deal(seed)
        leader = d.dealer.next
        board = EDeal("N:" + " ".join(str(d[s]) for s in Seat))
        board.first = Player(int(leader))
        board.trump = Denom.spades
        start = time.perf_counter()
        solved = solve_board(board, SolveMode.OptimalOne)
        times.append(time.perf_counter() - start)
        answers.append(max(score for _card, score in solved))
    return times, answers


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=100, help="number of seeded deals (default 100)")
    parser.add_argument("--nodes", action="store_true", help="also print the search nodes per deal (median, p90, max)")
    args = parser.parse_args()
    seeds = range(args.deals)
    print(f"backend: {BACKEND}; {args.deals} seeded full deals, spades unbroken, dealer's left on lead")
    print(f"load average before the run: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    ours, our_answers, our_nodes = time_ours(seeds)
    ours_ms = [t * 1000 for t in ours]
    med, p90 = statistics.median(ours_ms), percentile(ours_ms, 0.9)
    print(f"spades_teach (Spades rules): median {med:8.1f} ms   p90 {p90:8.1f} ms   max {max(ours_ms):8.1f} ms")
    if args.nodes and _CORE is not None:
        print(
            f"search nodes per deal:       median {statistics.median(our_nodes):8.0f}      "
            f"p90 {percentile([float(n) for n in our_nodes], 0.9):8.0f}      max {max(our_nodes):8d}"
        )
    dds = time_dds(seeds)
    if dds is None:
        print("DDS: endplay is not installed (pip install endplay) - no comparison")
    else:
        dds_ms = [t * 1000 for t in dds[0]]
        dmed, dp90 = statistics.median(dds_ms), percentile(dds_ms, 0.9)
        print(f"DDS (bridge rules):          median {dmed:8.1f} ms   p90 {dp90:8.1f} ms   max {max(dds_ms):8.1f} ms")
        print(f"ratio ours/DDS:              median {med / dmed:8.1f} x    p90 {p90 / dp90:8.1f} x")
        differ = sum(1 for a, b in zip(our_answers, dds[1]) if a != b)
        print(f"deals where the Spades answer differs from the bridge answer: {differ} of {args.deals}")
    verdict = "meets" if med <= REQUIRED_MEDIAN_MS else "does NOT meet"
    print(f"requirement (median <= {REQUIRED_MEDIAN_MS:.0f} ms per deal): {verdict}")


if __name__ == "__main__":
    main()
