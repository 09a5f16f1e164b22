"""Our bots against OpenSpiel's ISMCTS bot, in duplicate, scored by our rules.

Run from the repository root (needs ``pip install open_spiel``, or ``.[bench]``)::

    .venv/bin/python benchmarks/strength_openspiel.py                         # medium and hard, 100 deals, 200 simulations
    .venv/bin/python benchmarks/strength_openspiel.py --deals 10 --levels medium
    .venv/bin/python benchmarks/strength_openspiel.py --levels expert --sims 800 --jobs 2

The opponent
------------
OpenSpiel's Information-Set Monte Carlo Tree Search bot
(``open_spiel.python.algorithms.ismcts.ISMCTSBot``): ``--sims`` simulations per
decision, keyed on observation strings (OpenSpiel's spades has no information-state
string), uniformly random rollouts, the most visited action chosen, and the hidden
hands redrawn for each simulation consistently with the cards played and the voids
shown (``_openspiel.resample_history``). Its exploration constant ``--uct-c``
defaults to 100: OpenSpiel's examples use about 2 for games worth ±1, and a hand
of Spades is worth about ±100 points, so the same balance of exploring and
exploiting needs the constant scaled by as much (``--uct-c 2`` gives the unscaled
search).

Duplicate play
--------------
Deal ``k`` (``--seed`` s, deals s, s+1, ...) is ``deal(k)`` dealt by
``Seat(k % 4)``, as in ``benchmarks/strength.py``. It is played twice: our bots
North–South and ISMCTS East–West, then the other way round, on the same cards.
Our bot at seat ``t`` gets the seed ``4k + t``; the ISMCTS seat gets its own seed
from ``k``, the table and the seat, so a run is the same every time and on any
number of processes. Bots with a ``time_limit`` play without it, so that their
moves do not depend on the machine's load.

Our rules are the truth
-----------------------
The hand is driven by our :class:`~spades_teach.Round`. For an ISMCTS decision an
OpenSpiel state mirroring the round (same deal, same bids and cards) is searched;
its choice is translated back and checked against the round. OpenSpiel 2.0.2
never marks spades broken, so it is never offered a spade lead while it holds
another suit (counted below as "narrower" decisions); if its choice were ever
illegal for us, the most visited legal action would be played instead and
counted as "repaired". OpenSpiel allows a partnership 13 tricks in all and fails
past that: when our bots' two bids add up to more, the second is mirrored as
13 minus the first (counted as "capped"); our round keeps and scores the real
bid. The match score is 0–0 before every hand.

Figures
-------
A deal's result is our side's points minus ISMCTS's, averaged over its two
tables: raw (the hand's score from ``Round.score()``), and with each bag charged
10 points (the bag penalty's share per bag). Both come with a 95% interval
(``spades_teach.analysis.simulate.mean_interval``). Then, per table and for each
side: the mean points, the share of tables where the side was set (missed its
team contract), and the bags taken; the ISMCTS decision counts; and the time per
card of both. It asserts nothing: it reports.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import _openspiel as adapter
from _bots import unclocked_bot

from spades_teach import Position, Round, Rules, Seat, Team, deal, make_bot
from spades_teach.analysis.simulate import mean_interval
from spades_teach.game.scoring import bag_charge

BAG_CHARGE = bag_charge(Rules())  # points per bag under the standard rules (the one scoring's)


@dataclass
class Side:
    """One partnership's result at one table."""

    points: int
    bags: int
    set: bool


@dataclass
class Table:
    """One table of a duplicate deal: our side, ISMCTS's side, and what happened at the ISMCTS seats."""

    ours: Side
    theirs: Side
    stats: adapter.IsmctsStats
    our_seconds: list[float] = field(default_factory=list)
    their_seconds: list[float] = field(default_factory=list)


def ismcts_seed(number: int, table: int, seat: Seat) -> int:
    """The seed of the ISMCTS player at ``seat`` of ``table`` (0 or 1) of deal ``number``."""
    return (number * 2 + table) * 4 + int(seat) + 7_000_000


def side_result(round_: Round, team: Team) -> Side:
    score = round_.score()
    part = score.sides[team]
    return Side(points=score.points[team], bags=part.bags_added, set=part.made is False)


def play_table(level: str, number: int, table: int, sims: int, uct_c: float, game: Any) -> Table:
    """Deal ``number`` with our ``level`` bots North–South (table 0) or East–West (table 1)."""
    cards = deal(number, dealer=Seat(number % 4))
    round_ = Round(cards, dealer=cards.dealer)
    our_team = Team.NS if table == 0 else Team.EW
    mirror = adapter.Mirror(round_, game)
    ours = {s: unclocked_bot(level, number * 4 + int(s)) for s in Seat if s.team is our_team}
    theirs = {
        s: adapter.IsmctsPlayer(game, sims, ismcts_seed(number, table, s), uct_c)
        for s in Seat
        if s.team is not our_team
    }
    result = Table(Side(0, 0, False), Side(0, 0, False), adapter.IsmctsStats())
    while not round_.is_complete:
        seat = round_.to_act
        assert seat is not None
        bidding = round_.phase == "bidding"
        start = time.process_time()
        if seat in ours:
            position = Position.from_round(round_)
            action: Any = ours[seat].choose_bid(position) if bidding else ours[seat].choose_play(position)
            spent = result.our_seconds
        else:
            action = theirs[seat].choose(round_, mirror)
            spent = result.their_seconds
        if not bidding:
            spent.append(time.process_time() - start)
        if bidding:
            round_.bid(seat, action)
        else:
            round_.play(seat, action)
    for player in theirs.values():
        result.stats.add(player.stats)
    result.stats.capped = mirror.capped
    result.ours = side_result(round_, our_team)
    result.theirs = side_result(round_, our_team.other)
    return result


_GAME: Any = None


def play_deal(task: tuple[str, int, int, float]) -> tuple[Table, Table]:
    """Both tables of one deal (a process-pool task)."""
    global _GAME
    if _GAME is None:
        _GAME = adapter.load_game()
    level, number, sims, uct_c = task
    return play_table(level, number, 0, sims, uct_c, _GAME), play_table(level, number, 1, sims, uct_c, _GAME)


def run_level(
    level: str, numbers: Sequence[int], sims: int, uct_c: float, jobs: int, minutes: float
) -> Iterator[tuple[Table, Table]]:
    """The deals of ``numbers`` in order, stopping after the first deal that ends
    past ``minutes`` of wall time (the deals played are then a prefix of ``numbers``)."""
    tasks = [(level, n, sims, uct_c) for n in numbers]
    deadline = time.monotonic() + minutes * 60
    if jobs == 1:
        for task in tasks:
            yield play_deal(task)
            if time.monotonic() > deadline:
                return
        return
    pool = ProcessPoolExecutor(max_workers=jobs)
    try:
        for pair in pool.map(play_deal, tasks):
            yield pair
            if time.monotonic() > deadline:
                return
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def lead(first: Table, second: Table, charged: bool) -> float:
    """Our side's points minus ISMCTS's, averaged over the two tables."""

    def one(t: Table) -> float:
        diff = t.ours.points - t.theirs.points
        if charged:
            diff -= BAG_CHARGE * (t.ours.bags - t.theirs.bags)
        return diff

    return (one(first) + one(second)) / 2


def _interval(values: list[float]) -> str:
    low, high = mean_interval(values)
    mean = statistics.fmean(values)
    verdict = "above zero" if low > 0 else "below zero" if high < 0 else "includes zero"
    return f"{mean:+.1f} [{low:+.1f}, {high:+.1f}] ({verdict})"


def _percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def report(level: str, sims: int, first: int, deals: list[tuple[Table, Table]], elapsed: float) -> None:
    tables = [t for pair in deals for t in pair]
    n, m = len(deals), len(tables)
    print(f"\n{level} vs ISMCTS-{sims}: {n} deals (seeds {first}..{first + n - 1}), {m} tables, {elapsed:.0f} s")
    print(f"  points per deal, ours minus ISMCTS, raw:           {_interval([lead(a, b, False) for a, b in deals])}")
    print(f"  points per deal, ours minus ISMCTS, bags charged:  {_interval([lead(a, b, True) for a, b in deals])}")
    for name, sides in (("ours  ", [t.ours for t in tables]), ("ISMCTS", [t.theirs for t in tables])):
        points = statistics.fmean(s.points for s in sides)
        sets = sum(s.set for s in sides)
        bags = statistics.fmean(s.bags for s in sides)
        print(f"  {name}: {points:+.1f} points per table, set on {sets} of {m} tables, {bags:.2f} bags per table")
    stats = adapter.IsmctsStats()
    for t in tables:
        stats.add(t.stats)
    print(
        f"  ISMCTS decisions: {stats.decisions}; offered fewer cards than our rules allow: {stats.narrower}; "
        f"offered something our rules forbid: {stats.wider}; illegal choice repaired: {stats.repaired}; "
        f"our bids capped in its mirror: {stats.capped}"
    )
    for name, times in (
        ("our bot", [s for t in tables for s in t.our_seconds]),
        ("ISMCTS", [s for t in tables for s in t.their_seconds]),
    ):
        if times:
            print(
                f"  {name} CPU time per card: median {statistics.median(times) * 1000:.0f} ms, "
                f"p90 {_percentile(times, 0.9) * 1000:.0f} ms, max {max(times) * 1000:.0f} ms"
            )
    sys.stdout.flush()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--deals", type=int, default=100, help="duplicate deals per level (default 100)")
    parser.add_argument(
        "--sims", type=int, default=200, help="ISMCTS simulations per decision (200; 800 for the strong setting)"
    )
    parser.add_argument(
        "--levels", default="medium,hard", help="comma-separated bot levels make_bot knows (default medium,hard)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument(
        "--uct-c", type=float, default=100.0, help="ISMCTS exploration constant (default 100, see the docs)"
    )
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument(
        "--minutes",
        type=float,
        default=math.inf,
        help="stop a level after the deal that ends past this many minutes (default: no limit)",
    )
    parser.add_argument("--progress", action="store_true", help="print a line per deal on stderr")
    args = parser.parse_args(argv)
    levels = [level.strip() for level in args.levels.split(",") if level.strip()]
    for level in levels:
        make_bot(level)  # an unknown level fails here, before any play
    if args.deals < 2:
        parser.error("--deals must be 2 or more (an interval needs two deals)")
    from importlib.metadata import version

    numbers = range(args.seed, args.seed + args.deals)
    print(
        f"our bots vs OpenSpiel {version('open_spiel')} ISMCTS ({args.sims} simulations, "
        f"uct_c {args.uct_c:g}, random rollouts), duplicate, seeds {numbers[0]}..{numbers[-1]}, {args.jobs} process(es)"
    )
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    for level in levels:
        start = time.perf_counter()
        deals: list[tuple[Table, Table]] = []
        for pair in run_level(level, numbers, args.sims, args.uct_c, args.jobs, args.minutes):
            deals.append(pair)
            if args.progress:
                running = statistics.fmean(lead(a, b, False) for a, b in deals)
                print(f"  {level}: {len(deals)} deals, {running:+.1f} raw so far", file=sys.stderr, flush=True)
        report(level, args.sims, args.seed, deals, time.perf_counter() - start)
    print(f"\nload average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
