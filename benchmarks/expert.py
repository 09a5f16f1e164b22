"""How long the expert bot takes to decide a card.

Run from the repository root::

    .venv/bin/python benchmarks/expert.py              # 3 seeded hands, expert at every seat
    .venv/bin/python benchmarks/expert.py --hands 5 --first-seed 10
    .venv/bin/python benchmarks/expert.py --hands 30 --node-budget none   # no cap on the search

Each seeded hand is bid by the advisor and played to the end by four
:class:`~spades_teach.advice.expert.ExpertBot` players; every card decision that had a
choice (more than one legal card) is timed. The script prints the median, the
90th percentile and the maximum time per decision, the same by trick number, the
search nodes per decision (and how many decisions reached the node budget; the
decisions taken while a Nil is live are counted apart, since the expert then
plays like the hard bot and searches nothing), and
the load average of the machine before and after (the machine is shared, so
compare runs at a similar load, or the CPU times it prints). The target is a
median of at most 50 ms per card. It asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Position, Round, deal
from spades_teach.advice.expert import NODE_BUDGET, ExpertBot, a_nil_is_live
from spades_teach.solver import SOLVER_BACKEND


def _quantile(values: Sequence[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3, help="seeded hands to play (default 3)")
    parser.add_argument("--first-seed", type=int, default=1)
    parser.add_argument(
        "--node-budget",
        default=str(NODE_BUDGET),
        help=f"search nodes per decision, or 'none' for no cap (default {NODE_BUDGET:,})",
    )
    args = parser.parse_args(argv)
    budget = None if args.node_budget == "none" else int(args.node_budget)
    print(f"node budget per decision: {'none' if budget is None else f'{budget:,}'}")
    print(
        f"solver backend: {SOLVER_BACKEND}; load average before the run: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)"
    )
    times: list[float] = []
    nodes: list[int] = []
    handed = 0
    searched: list[float] = []  # the times of the decisions that searched
    handed_times: list[float] = []  # the times of the decisions played like the hard bot
    cpu: list[float] = []  # CPU time of every decision with a choice
    by_trick: dict[int, list[float]] = {}
    for seed in range(args.first_seed, args.first_seed + args.hands):
        r = Round(deal(seed), dealer="N")
        bots = {seat: ExpertBot(seed=f"{seed}-{seat.name}", node_budget=budget) for seat in r.seats}
        while not r.is_complete:
            seat = r.to_act
            assert seat is not None
            position = Position.from_round(r)
            bot = bots[seat]
            if r.phase == "bidding":
                r.bid(seat, bot.choose_bid(position))
                continue
            choice = len(position.legal) > 1
            start, start_cpu = time.perf_counter(), time.process_time()
            card = bot.choose_play(position)
            spent = time.perf_counter() - start
            if choice:
                times.append(spent)
                cpu.append(time.process_time() - start_cpu)
                if a_nil_is_live(position):
                    handed += 1  # played like the hard bot: no search
                    handed_times.append(spent)
                else:
                    nodes.append(bot.last_nodes)
                    searched.append(spent)
                by_trick.setdefault(position.trick_number, []).append(spent)
            r.play(seat, card)
        print(f"hand {seed}: tricks {dict((s.name, n) for s, n in r.tricks_won.items())}")
    print(f"{len(times)} decisions with a choice over {args.hands} hands:")
    print(
        f"  median {statistics.median(times) * 1000:.0f} ms, p90 {_quantile(times, 0.9) * 1000:.0f} ms, "
        f"max {max(times) * 1000:.0f} ms"
    )
    print(
        f"  CPU time per decision: median {statistics.median(cpu) * 1000:.0f} ms, p90 {_quantile(cpu, 0.9) * 1000:.0f} ms"
    )
    print(f"  {handed} of them with a Nil live, played like the hard bot; the others searched double dummy:")
    if handed_times:
        print(f"  played like the hard bot: median {statistics.median(handed_times) * 1000:.0f} ms")
    print(
        f"  searched: median {statistics.median(searched) * 1000:.0f} ms, p90 {_quantile(searched, 0.9) * 1000:.0f} ms"
    )
    print(
        f"  search nodes: median {statistics.median(nodes):,.0f}, p90 {_quantile(nodes, 0.9):,.0f}, "
        f"p99 {_quantile(nodes, 0.99):,.0f}, max {max(nodes):,}; "
        f"{sum(nodes) / sum(searched) / 1e6:.1f} million nodes per second"
    )
    if budget is not None:
        print(f"  decisions that reached the budget: {sum(1 for n in nodes if n >= budget)} of {len(nodes)}")
    for trick in sorted(by_trick):
        per_trick = by_trick[trick]
        print(
            f"  trick {trick:2}: median {statistics.median(per_trick) * 1000:6.0f} ms, "
            f"max {max(per_trick) * 1000:6.0f} ms ({len(per_trick)} decisions)"
        )
    print(f"load average after the run: {os.getloadavg()[0]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
