"""Does the bid advice agree with a simulation it did not draw? The figure of "one valuation of a bid".

Run from the repository root::

    .venv/bin/python benchmarks/bid_agreement.py --hands 200 --reference 400

Seeded hands for South in five contexts, ``--hands`` each: first to bid, the partner bid Nil, the
partner bid 4, the last hand of a match (both sides 420 to 490, so that a made contract can end
it), and 8 bags on the side's counter. For each hand the advice is asked
(:func:`~spades_teach.advice.bidding.advise_bid`: the count, checked on 200 deals played out at the
table); then an independent simulation judges it (:func:`~spades_teach.analysis.simulate.analyze_hand`,
``--reference`` deals from another seed, the same dealer, bids, score and bags), every bid valued at
match value. The script prints, per context and in all, how often the advised number equals the
reference's best number, how often it is within one trick, and the points given up a hand by
bidding the advice instead of the reference's best (valued by the reference); beside them the same
figures for the count's own bid before its check, and how often the check's best bid (before a
close call gives the count's bid back) is the reference's. Hands the advice bids Nil are counted apart (a
Nil is judged by the Nil trial, not by this study). It prints the load average and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any, NamedTuple

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.advice.bidding import advise_bid
from spades_teach.analysis.parallel import SerialExecutor
from spades_teach.analysis.simulate import analyze_hand
from spades_teach.game.cards import Hand

#: The contexts: a name, the bids made before South, and a function of the hand's generator
#: giving the match score and bags.
CONTEXTS: dict[str, dict[str, Any]] = {
    "first to bid": {"bids": {}},
    "partner Nil": {"bids": {"N": 0}},
    "partner 4": {"bids": {"N": 4}},
    "last hand": {"bids": {}, "end": True},
    "8 bags": {"bids": {}, "bags": {"NS": 8}},
}


class Row(NamedTuple):
    context: str
    nil: bool
    advised: int
    counted: int
    best: int
    regret: float
    count_regret: float
    checked_best: int


def judge_hand(context: str, index: int, reference: int) -> Row:
    """One hand of one context: the advice, and the independent simulation's verdict on it."""
    rng = random.Random(f"bid-agreement/{context}/{index}")
    cards = list(range(52))
    rng.shuffle(cards)
    hand = Hand.from_mask(sum(1 << c for c in cards[:13]))
    setting = CONTEXTS[context]
    scores = {"NS": rng.randrange(420, 495, 5), "EW": rng.randrange(420, 495, 5)} if setting.get("end") else None
    bags = setting.get("bags")
    advice = advise_bid(hand, seat="S", bids=setting["bids"], scores=scores, bags=bags)
    if advice.check is None:
        return Row(context, True, 0, 0, 0, 0.0, 0.0, 0)
    study = analyze_hand(
        hand,
        seat="S",
        dealer=advice.dealer,
        bids=setting["bids"],
        scores=scores,
        bags=bags,
        samples=reference,
        seed=f"reference/{context}/{index}",
        executor=SerialExecutor(),
    )
    values = {b: v for b, v in study.expected_scores.items() if b >= 1}
    best = max(values, key=lambda b: (values[b], -b))
    counted = advice.counted if advice.counted is not None else int(advice.bid)
    return Row(
        context,
        False,
        int(advice.bid),
        counted,
        best,
        values[best] - values[int(advice.bid)],
        values[best] - values.get(counted, values[best]),
        advice.check.best,
    )


def _figures(rows: list[Row]) -> str:
    bid = [r for r in rows if not r.nil]
    n = len(bid)
    if not n:
        return "no numbered bid"
    same = sum(r.advised == r.best for r in bid) / n
    near = sum(abs(r.advised - r.best) <= 1 for r in bid) / n
    regret = sum(r.regret for r in bid) / n
    count_same = sum(r.counted == r.best for r in bid) / n
    count_regret = sum(r.count_regret for r in bid) / n
    check_same = sum(r.checked_best == r.best for r in bid) / n
    return (
        f"{n:4d} hands: advice = best {same:6.1%}, within one {near:6.1%}, {regret:4.1f} points given up a hand"
        f" | count before its check: = best {count_same:6.1%}, {count_regret:4.1f} points"
        f" | the check's own best: = best {check_same:6.1%}"
        f" | Nil bids {len(rows) - n}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands per context")
    parser.add_argument("--reference", type=int, default=400, help="deals of the independent simulation")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    start = time.perf_counter()
    load = os.getloadavg()[0]
    jobs = [(context, i, args.reference) for context in CONTEXTS for i in range(args.hands)]
    with ProcessPoolExecutor(args.workers) as pool:
        rows = list(pool.map(judge_hand, *zip(*jobs, strict=True), chunksize=4))
    for context in CONTEXTS:
        print(f"{context:>13}: {_figures([r for r in rows if r.context == context])}")
    print(f"{'all':>13}: {_figures(rows)}")
    print(
        f"{len(rows)} hands, reference {args.reference} deals each, in {time.perf_counter() - start:.0f} s; "
        f"load average {load:.1f} at the start, {os.getloadavg()[0]:.1f} at the end"
    )


if __name__ == "__main__":
    main()
