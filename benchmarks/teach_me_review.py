"""Does the review condemn Teach me's own cards? Hands where South plays Teach me's card every time.

Run from the repository root::

    .venv/bin/python benchmarks/teach_me_review.py                 # 20 hands at each hint level
    .venv/bin/python benchmarks/teach_me_review.py --hands 5 --levels expert

Hand ``k`` is ``deal(2000 + k)`` dealt by West; North, East and West are medium bots, South plays the
card Teach me shows at the level (seeded as the card table seeds it, one seed per card). Each hand is
then reviewed twice for South:

- **from the seat** (:func:`~spades_teach.analysis.seat_review.seat_review`, the review the card table,
  the app and the daily challenge show), each card judged on the very deals its hint was chosen on;
- **with every hand seen** (:func:`~spades_teach.analysis.card_cost.card_costs`, double dummy: hindsight, which
  the review shows only as a labelled note).

For each, the share of South's cards called costly, with a 95% interval, and the points they cost per
hand; then the seconds the seat review took per hand (median and worst). It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from typing import Any

from spades_teach import Round, deal
from spades_teach.advice.driver import play_hand
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.teach import HINT_LEVELS, TeachMeFollower
from spades_teach.analysis.card_cost import card_costs
from spades_teach.analysis.seat_review import seat_review
from spades_teach.analysis.simulate import mean_interval


def share(flags: list[bool]) -> str:
    values = [float(f) for f in flags]
    low, high = mean_interval(values)
    return f"{100 * statistics.mean(values):5.1f}% [{100 * max(low, 0.0):4.1f}, {100 * min(high, 1.0):4.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=20)
    parser.add_argument("--levels", default=",".join(HINT_LEVELS))
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    for level in args.levels.split(","):
        seat_costly: list[bool] = []
        seen_costly: list[bool] = []
        seat_points: list[float] = []
        seen_points: list[float] = []
        seconds: list[float] = []
        for k in range(args.hands):
            round_ = Round(deal(2000 + k), dealer="W")
            tag = f"teach-review-{k}"
            south = TeachMeFollower(level, tag, round_, seated_bot("medium", tag, "S"))
            players: dict[str, Any] = {s: seated_bot("medium", tag, s) for s in "NEW"}
            play_hand(round_, {**players, "S": south})
            start = time.perf_counter()
            review = seat_review(round_, "S", hints=south.hints, hint_seeds=south.seeds, seed=tag, hindsight=False)
            seconds.append(time.perf_counter() - start)
            seat_costly += [j.costly for j in review]
            seat_points.append(sum(j.cost for j in review))
            seen = card_costs(round_, seat="S")
            seen_costly += [c.cost > 0 for c in seen]
            seen_points.append(sum(c.cost for c in seen))
        print(f"\nTeach me at level {level!r}: {args.hands} hands, {len(seat_costly)} of South's cards, all Teach me's")
        print(
            f"  from the seat (the review): costly {share(seat_costly)}, {statistics.mean(seat_points):.1f} points a hand"
        )
        print(
            f"  every hand seen (hindsight): costly {share(seen_costly)}, {statistics.mean(seen_points):.1f} points a hand"
        )
        print(f"  seat review time per hand: median {statistics.median(seconds):.2f} s, worst {max(seconds):.2f} s")
    print(f"\nload average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
