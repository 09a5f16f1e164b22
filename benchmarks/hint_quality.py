"""How often the play hint and the bots choose a card that loses nothing, double dummy.

Run from the repository root::

    .venv/bin/python benchmarks/hint_quality.py                          # 2,000 positions, hint and hard (and expert if known)
    .venv/bin/python benchmarks/hint_quality.py --positions 200 --jobs 2 # a quick look
    .venv/bin/python benchmarks/hint_quality.py --levels hint,medium,hard,expert

The positions
-------------
Hands are dealt from seeds (``deal(seed + k)``, dealer ``Seat(k % 4)``) and bid and
played to the end by four bots of ``--game-level`` (medium by default): real bot
games. Every moment of those hands where the seat to play has a choice (two or
more legal cards) is a position, taken in order until ``--positions`` are
collected. At each one, the play hint (``suggest_play``, the medium advice) and
each bot level named in ``--levels`` choose a card for the seat to play, from
that seat's :class:`~spades_teach.Position` alone; the game itself goes on with
the game's own bot.

What a card costs
-----------------
Exactly as "Review my hand" judges it (:func:`spades_teach.analysis.card_cost.card_outcomes`, the
function behind :func:`~spades_teach.analysis.card_costs`): with all four hands known, after each
legal card the rest of the hand is played double dummy (each side takes the most tricks it can, each
live Nil is kept when the Nil side can keep it against any defence), and the hand is scored by the
rules with each new bag charged its match value (10 points); the value is the side's points minus the
other side's. A card's cost is the best legal card's value minus its own.

A card "loses nothing" when its cost is 0. The script prints, per level, the share of such cards
with a 95% interval, the mean cost of the other cards and the mean cost per decision, all in points;
the row ``played`` is the card the game's own bot played, the one the review of that hand judges.
It prints figures only.
"""

from __future__ import annotations

import argparse
import math
import os
import statistics
import sys
import time
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from _bots import unclocked_bot

from spades_teach import Card, Position, Round, Seat, SpadesError, deal, make_bot, suggest_play
from spades_teach.analysis.card_cost import card_outcomes
from spades_teach.analysis.simulate import mean_interval

HINT = "hint"
PLAYED = "played"


@dataclass(frozen=True)
class Verdict:
    """What one level's card cost at one position, in points (the review's measure)."""

    level: str
    points: float


def levels_known(names: Sequence[str]) -> list[str]:
    """The names of ``names`` that are ``hint`` or a level ``make_bot`` knows."""
    out = []
    for name in names:
        if name == HINT:
            out.append(name)
            continue
        try:
            make_bot(name)
        except SpadesError:
            continue
        out.append(name)
    return out


def card_values(round_: Round) -> dict[Card, float]:
    """Every legal card of the seat to act, with the review's value (see the module docs)."""
    return {card: outcome.value for card, outcome in card_outcomes(round_).items()}


def choose(level: str, round_: Round, bots: Mapping[str, Any]) -> Card:
    position = Position.from_round(round_)
    if level == HINT:
        return suggest_play(position).card
    card: Card = bots[level].choose_play(position)
    return card


def hand_verdicts(task: tuple[int, str, tuple[str, ...]]) -> list[list[Verdict]]:
    """Play deal ``number`` with ``game_level`` bots; the verdicts of ``levels`` at every choice."""
    number, game_level, levels = task
    cards = deal(number, dealer=Seat(number % 4))
    round_ = Round(cards, dealer=cards.dealer)
    players = {s: unclocked_bot(game_level, number * 4 + int(s)) for s in Seat}
    judges = {lv: unclocked_bot(lv, number * 4 + 1000) for lv in levels if lv != HINT}
    out: list[list[Verdict]] = []
    while (seat := round_.to_act) is not None:
        position = Position.from_round(round_)
        if round_.phase == "bidding":
            round_.bid(seat, players[seat].choose_bid(position))
            continue
        played = players[seat].choose_play(position)
        if len(round_.legal_plays()) > 1:
            values = card_values(round_)
            best = max(values.values())
            row = [Verdict(level, best - values[choose(level, round_, judges)]) for level in levels]
            row.append(Verdict(PLAYED, best - values[played]))
            out.append(row)
        round_.play(seat, played)
    return out


def positions(first: int, wanted: int, game_level: str, levels: tuple[str, ...], jobs: int) -> Iterator[list[Verdict]]:
    """Up to ``wanted`` positions' verdicts, hand by hand from deal ``first``."""
    tasks = ((first + k, game_level, levels) for k in range(10**6))
    count = 0
    if jobs == 1:
        results: Iterator[list[list[Verdict]]] = map(hand_verdicts, tasks)
        pool = None
    else:
        pool = ProcessPoolExecutor(max_workers=jobs)
        hands_needed = math.ceil(wanted / 30) + 2 * jobs
        results = pool.map(hand_verdicts, [next(tasks) for _ in range(hands_needed)])
    try:
        for hand in results:
            for row in hand:
                yield row
                count += 1
                if count == wanted:
                    return
    finally:
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)
    if count < wanted:  # the pool's hands ran out first: go on one process
        for row in positions(first + hands_needed, wanted - count, game_level, levels, 1):
            yield row


def report(levels: Sequence[str], rows: list[list[Verdict]]) -> None:
    n = len(rows)
    print(f"{'level':<8} {'loses nothing':>30} {'others: mean cost':>18} {'mean cost per decision':>23}")
    for i, level in enumerate([*levels, PLAYED]):
        points = [row[i].points for row in rows]
        free = [1.0 if p <= 1e-9 else 0.0 for p in points]
        low, high = mean_interval(free)
        others = [p for p in points if p > 1e-9]
        print(
            f"{level:<8} {statistics.fmean(free):>11.1%} [{low:.1%}, {high:.1%}] of {n:<5}"
            f" {statistics.fmean(others) if others else 0.0:>11.1f} points"
            f" {statistics.fmean(points):>16.2f} points"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--positions", type=int, default=2000, help="positions with a choice (default 2,000)")
    parser.add_argument(
        "--levels",
        default="hint,hard,expert",
        help="'hint' (suggest_play) and bot levels; levels make_bot does not know are left out "
        "(default hint,hard,expert)",
    )
    parser.add_argument("--game-level", default="medium", help="the bots that play the games (default medium)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first deal (default 1)")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (default 1)")
    parser.add_argument("--progress", action="store_true", help="print running shares every 100 positions on stderr")
    args = parser.parse_args(argv)
    if args.positions < 2:
        parser.error("--positions must be 2 or more")
    asked = [name.strip() for name in args.levels.split(",") if name.strip()]
    levels = tuple(levels_known(asked))
    make_bot(args.game_level)
    skipped = [name for name in asked if name not in levels]
    print(f"command: {' '.join([Path(sys.executable).name, *sys.argv])}")
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    if skipped:
        print(f"left out (make_bot does not know them): {', '.join(skipped)}")
    start = time.perf_counter()
    rows: list[list[Verdict]] = []
    for row in positions(args.seed, args.positions, args.game_level, levels, args.jobs):
        rows.append(row)
        if args.progress and len(rows) % 100 == 0:
            shares = ", ".join(
                f"{lv} {statistics.fmean(r[i].points <= 1e-9 for r in rows):.1%}" for i, lv in enumerate(levels)
            )
            print(f"  {len(rows)} positions: lose nothing {shares}", file=sys.stderr, flush=True)
    elapsed = time.perf_counter() - start
    print(
        f"{len(rows)} positions with a choice from {args.game_level} bot games (deals from seed {args.seed}), "
        f"{elapsed:.0f} s; cost = best legal card minus the card chosen, in points as Review my hand "
        f"counts them (the side's score minus the other side's, double dummy, bags charged 10)"
    )
    report(levels, rows)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
