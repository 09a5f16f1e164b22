"""What-each-card-cost benchmark: the time to review a whole 13-trick hand.

Run from the repository root::

    .venv/bin/python benchmarks/card_cost.py             # the packaged records + 20 bot hands
    .venv/bin/python benchmarks/card_cost.py --hands 50

:func:`~spades_teach.analysis.card_costs` judges each card in points: at each of
the 52 moments it solves the trick count after every legal card (one exact solve
per group of equivalent cards) and, while a Nil is live, the Nil question after
every legal card, so one review is a few hundred exact solves, the first ones on
full 13-card deals. The
issue asks for at most a few seconds per hand. The script reviews the game
records shipped with the package and hands played from seeded deals by four
medium bots, in a fresh solver state for each hand (the transposition table is
cleared first, as it would be in a new session), and prints the median, the
90th percentile and the maximum. It prints figures only; nothing is asserted.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from spades_teach import Round, Seat, deal
from spades_teach.advice.bots import MediumBot, play_round
from spades_teach.analysis.card_cost import card_costs
from spades_teach.game.replays import list_records, load_record
from spades_teach.solver.backend import load_core as _load_core

TARGET_SECONDS = 3.0


def bot_hand(seed: int) -> Round:
    """A hand bid and played to the end by four medium bots."""
    dealer = Seat(seed % 4)
    r = Round(deal(f"card-cost-benchmark-{seed}", dealer=dealer))
    return play_round(r, {seat: MediumBot() for seat in Seat})


def clear_cache() -> None:
    """Empty the compiled solver's transposition table (a no-op for the Python reference)."""
    core = _load_core()
    if core is not None:
        core.clear()


def review_seconds(r: Round) -> tuple[float, int]:
    clear_cache()
    start = time.perf_counter()
    reviewed = card_costs(r)
    return time.perf_counter() - start, sum(1 for c in reviewed if c.cost > 0)


def percentile(values: Sequence[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--hands", type=int, default=20, help="hands played by bots from seeded deals (default 20)")
    args = parser.parse_args(argv)

    timings: list[float] = []
    print(f"{'hand':<28} {'seconds':>8} {'cards that cost':>16}")
    for name in list_records():
        seconds, costly = review_seconds(load_record(name).to_round())
        timings.append(seconds)
        print(f"{'record ' + name:<28} {seconds:8.2f} {costly:16d}")
    for seed in range(args.hands):
        seconds, costly = review_seconds(bot_hand(seed))
        timings.append(seconds)
        print(f"{'bot hand ' + str(seed):<28} {seconds:8.2f} {costly:16d}")
    median = statistics.median(timings)
    print(
        f"\n{len(timings)} hands reviewed: median {median:.2f} s, 90th percentile "
        f"{percentile(timings, 0.9):.2f} s, max {max(timings):.2f} s per 13-trick hand"
    )
    verdict = "within" if max(timings) <= TARGET_SECONDS else "OVER"
    print(f"slowest hand is {verdict} the {TARGET_SECONDS:.0f} s aim")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
