"""Exactness check against DDS on full deals: with spades already broken, Spades play is bridge play
with spades as trumps, so our solver must agree with DDS (the ``endplay`` package) on every deal.

    .venv/bin/python benchmarks/dds_agreement.py            # 200 seeded full deals
    .venv/bin/python benchmarks/dds_agreement.py --deals 50

The test suite checks the same on 200 deals cut to 8 cards a hand and on a few full deals (and the
slowest of these 200, seed 195); full 13-card deals with spades broken take from a few milliseconds to
several seconds each, so the full 200 live here and print their result (and the time per deal) rather
than slow every test run.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from endplay.dds import solve_board
from endplay.dds.solve import SolveMode
from endplay.types import Deal as EDeal
from endplay.types import Denom, Player

from spades_teach import Seat, deal
from spades_teach.analysis import double_dummy


def dds_tricks_for_leader_side(pbn: str, leader: Seat) -> int:
    board = EDeal(pbn)
    board.first = Player(int(leader))
    board.trump = Denom.spades
    return max(score for _card, score in solve_board(board, SolveMode.OptimalOne))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="how many seeded full deals (default 200)")
    parser.add_argument("--verbose", action="store_true", help="print each deal's result as it comes")
    args = parser.parse_args()
    print(f"load average before the run: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    disagreements = []
    times = []
    for seed in range(1, args.deals + 1):
        d = deal(f"dds-agreement-{seed}")
        leader = Seat(seed % 4)
        hands = {s: d[s] for s in Seat}
        start = time.perf_counter()
        ours = double_dummy(hands, leader=leader, spades_broken=True).tricks[leader.team]
        times.append(time.perf_counter() - start)
        theirs = dds_tricks_for_leader_side(str(d.with_dealer(Seat.N)), leader)
        if ours != theirs:
            disagreements.append((seed, ours, theirs))
        if args.verbose:
            verdict = "agree" if ours == theirs else "DISAGREE"
            print(f"deal {seed}: ours {ours}, DDS {theirs}, {verdict} ({times[-1]:.1f} s)", flush=True)
    print(f"{args.deals} full deals, spades broken: {len(disagreements)} disagreements with DDS")
    for seed, ours, theirs in disagreements:
        print(f"  seed {seed}: ours {ours}, DDS {theirs}")
    ordered = sorted(times)
    p90 = ordered[min(len(ordered) - 1, round(0.9 * (len(ordered) - 1)))]
    print(
        f"our solver: median {1000 * statistics.median(times):.0f} ms, p90 {1000 * p90:.0f} ms, "
        f"max {1000 * max(times):.0f} ms per deal; total {sum(times):.0f} s"
    )
    return 1 if disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
