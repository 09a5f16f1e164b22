"""Would a second, independent look repeat the judge's verdicts? And is its best card really best?

Run from the repository root::

    .venv/bin/python benchmarks/judge_stability.py                  # 200 positions, the 10x reference
    .venv/bin/python benchmarks/judge_stability.py --positions 40 --no-reference

The positions come from hands played by bots we seed (deal ``3000 + k``, dealt by West; each seat an
easy, medium or hard bot in turn, so that some cards are mistakes): every ``--every``-th decision
with two legal cards or more, from every trick of the hand. Each position is judged twice by
:func:`~spades_teach.advice.judge.judge`, the second time with other deals (``salt``), and the
card the bot played is "the learner's card". It prints:

- how often the learner's card changes verdict between the two judges (costly or not), with a 95%
  interval (target: at most 3%);
- how often the first judge's best card is called costly by the second (target: at most 1%);
- the mean difference between the costs the two put on the learner's card (target: at most 2 points);
- against a look at ten times as many deals (one look, no node budget), how often the judge's best
  card lies 3 points or more below the best (target: at most 3%);
- the time one judgement takes (median, 90th percentile), and the share of close calls.

It asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from dataclasses import dataclass

from spades_teach import Round, deal
from spades_teach.advice.judge import judge
from spades_teach.advice.levels import seated_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.simulate import mean_interval
from spades_teach.game.cards import Card

LEVELS = ("easy", "medium", "hard", "medium")


@dataclass(frozen=True)
class Row:
    tricks_left: int
    flip: bool
    best_costly: bool
    cost_gap: float
    close: bool
    seconds: float
    deals: int
    reference_gap: float | None


def positions(count: int, every: int) -> list[tuple[Position, Card]]:
    """``count`` positions with the card the bot played there (see the module docs)."""
    found: list[tuple[Position, Card]] = []
    k = 0
    while len(found) < count:
        r = Round(deal(3000 + k), dealer="W")
        bots = {s: seated_bot(LEVELS[(i + k) % 4], f"stability-{k}", s) for i, s in enumerate("NESW")}
        step = 0
        while (seat := r.to_act) is not None:
            position = Position.from_round(r)
            if r.phase == "bidding":
                r.bid(seat, bots[seat.name].choose_bid(position))
                continue
            card = bots[seat.name].choose_play(position)
            r.play(seat, card)
            if len(position.legal) > 1:
                step += 1
                if step % every == 0:
                    found.append((position, card))
        k += 1
    return found[:count]


def measure(position: Position, card: Card, reference: bool) -> Row | None:
    start = time.process_time()
    first = judge(position)
    seconds = time.process_time() - start
    second = judge(position, salt="second look")
    if first is None or second is None:
        return None
    a, b = first.verdict(card), second.verdict(card)
    gap = None
    if reference:
        ref = judge(position, salt="reference", deals=10 * first.deals, node_budget=None)
        if ref is not None:
            gap = max(ref.points.values()) - ref.points[first.best]
    return Row(
        position.tricks_left,
        a.costly != b.costly,
        second.verdict(first.best).costly,
        abs(a.cost - b.cost),
        a.kind == "close",
        seconds,
        first.deals,
        gap,
    )


def share(flags: list[bool]) -> str:
    values = [float(f) for f in flags]
    low, high = mean_interval(values)
    return f"{100 * statistics.mean(values):5.1f}% [{100 * max(low, 0.0):4.1f}, {100 * min(high, 1.0):4.1f}]"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--every", type=int, default=3, help="judge every n-th decision of a hand")
    parser.add_argument("--no-reference", action="store_true", help="skip the look at ten times as many deals")
    args = parser.parse_args()
    print(f"load average at the start: {os.getloadavg()[0]:.1f}")
    rows = [
        row
        for position, card in positions(args.positions, args.every)
        if (row := measure(position, card, not args.no_reference)) is not None
    ]
    print(f"positions judged: {len(rows)}")
    print(f"learner's card changes verdict (costly or not): {share([r.flip for r in rows])}   target <= 3%")
    print(f"first judge's best called costly by the second: {share([r.best_costly for r in rows])}   target <= 1%")
    print(f"mean difference of the two costs: {statistics.mean(r.cost_gap for r in rows):.2f} points   target <= 2")
    gaps = [r.reference_gap for r in rows if r.reference_gap is not None]
    if gaps:
        print(f"best card 3+ points below the 10x look's best: {share([g >= 3 for g in gaps])}   target <= 3%")
        print(f"   mean shortfall {statistics.mean(gaps):.2f} points")
    seconds = sorted(r.seconds for r in rows)
    print(f"close calls: {share([r.close for r in rows])}")
    print(
        f"one judgement: median {1000 * statistics.median(seconds):.0f} ms, "
        f"p90 {1000 * seconds[int(0.9 * len(seconds))]:.0f} ms of CPU; deals median {statistics.median(r.deals for r in rows)}"
    )
    for low, high in ((11, 13), (7, 10), (1, 6)):
        part = [r for r in rows if low <= r.tricks_left <= high]
        if part:
            print(
                f"  {low:2}-{high:2} tricks left: {len(part):3} positions, flips {sum(r.flip for r in part)}, "
                f"close {sum(r.close for r in part)}, "
                f"best 3+ below {sum(1 for r in part if (r.reference_gap or 0) >= 3)}, median {1000 * statistics.median(r.seconds for r in part):.0f} ms"
            )
    print(f"load average at the end: {os.getloadavg()[0]:.1f}")


if __name__ == "__main__":
    main()
