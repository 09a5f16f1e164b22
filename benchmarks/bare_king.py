"""What is a bare side king worth? A double-dummy study (issue 18, §3 item 9).

Run from the repository root::

    .venv/bin/python benchmarks/bare_king.py               # 400 hands
    .venv/bin/python benchmarks/bare_king.py --hands 100   # a quick look

For each seeded deal with a seat holding a singleton king in a side suit, the
deal is solved double dummy for each of the four leaders, then solved again with
that king swapped for the lowest card of its suit held by an opponent (so the
seat keeps a singleton, now a small one). The difference in the seat's side's
tricks is what the king adds to a small singleton: the count gives it
``ITEM_VALUES["king bare"]``. For comparison the same swap is made for a king
with two or three small cards (``"king with a guard"``), on other deals.

Double dummy plays every card perfectly with every hand in view, which flatters
a king (its ace is never misplayed around it), so the figures are an upper
bound for real play.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Card, Hand, Rank, Seat, Suit, deal
from spades_teach.advice.bidding import ITEM_VALUES
from spades_teach.solver import double_dummy

SIDE = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


def find_king(hands: dict[Seat, Hand], guard: bool) -> tuple[Seat, Card] | None:
    """A seat with a bare side king (``guard=False``) or a king with 2–3 small cards
    and no ace (``guard=True``)."""
    for seat in Seat:
        for suit in SIDE:
            cards = hands[seat].suit(suit)
            ranks = {c.rank for c in cards}
            if Rank.KING not in ranks:
                continue
            if (not guard and len(cards) == 1) or (guard and len(cards) in (3, 4) and Rank.ACE not in ranks):
                return seat, Card(Rank.KING, suit)
    return None


def swapped(hands: dict[Seat, Hand], seat: Seat, king: Card) -> dict[Seat, Hand] | None:
    """The deal with the king swapped for the lowest card of its suit an opponent holds."""
    opponents = [s for s in Seat if s.team is not seat.team]
    small = [c for s in opponents for c in hands[s].suit(king.suit) if c.rank < Rank.KING]
    if not small:
        return None
    low = min(small, key=lambda c: c.rank)
    holder = next(s for s in opponents if low in hands[s])
    out = dict(hands)
    out[seat] = Hand([c for c in hands[seat] if c != king] + [low])
    out[holder] = Hand([c for c in hands[holder] if c != low] + [king])
    return out


def side_tricks(hands: dict[Seat, Hand], seat: Seat) -> float:
    """The seat's side's double-dummy tricks, averaged over the four leaders."""
    return statistics.fmean(double_dummy(hands, leader=leader).tricks[seat.team] for leader in Seat)


def study(n: int, guard: bool) -> list[float]:
    gains: list[float] = []
    seed = 0
    while len(gains) < n:
        d = deal(seed)
        seed += 1
        hands = {s: d[s] for s in Seat}
        found = find_king(hands, guard)
        if found is None:
            continue
        seat, king = found
        other = swapped(hands, seat, king)
        if other is None:
            continue
        gains.append(side_tricks(hands, seat) - side_tricks(other, seat))
    return gains


def report(name: str, gains: list[float], counted: float) -> None:
    mean = statistics.fmean(gains)
    half = 1.96 * statistics.stdev(gains) / len(gains) ** 0.5
    print(
        f"{name}: {len(gains)} hands, the king adds {mean:.2f} ± {half:.2f} tricks (95%); the count gives {counted:g}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=400)
    args = parser.parse_args()
    print(f"load average before the run: {os.getloadavg()[0]:.2f} ({os.cpu_count()} cores)")
    start = time.perf_counter()
    report("bare side king", study(args.hands, guard=False), ITEM_VALUES["king bare"])
    report("side king with 2-3 small cards", study(args.hands // 2, guard=True), ITEM_VALUES["king with a guard"])
    print(f"{time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main()
