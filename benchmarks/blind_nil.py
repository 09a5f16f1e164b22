"""How often a blind Nil holds: the figure the bid advice gives when it advises one.

Run from the repository root::

    .venv/bin/python benchmarks/blind_nil.py --hands 300 --deals 10

A blind Nil is bid before the cards are seen, so its chance is that of a Nil with 13 random
cards. Each hand is dealt from a seeded generator and tried by the package's one Nil simulation
(:func:`~spades_teach.advice.nil_trial.nil_trial`: the other seats bid their count, the partner
covers and the opponents try to set it, every seat playing the medium policy from what it sees).
It prints the share of deals on which the Nil held, with a 95% interval over the hands, next to
:data:`~spades_teach.advice.bidding.BLIND_NIL_HOLDS`, and the load average. It asserts nothing.
"""

from __future__ import annotations

import argparse
import math
import os
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach.advice.bidding import BLIND_NIL_HOLDS
from spades_teach.advice.nil_trial import nil_trial
from spades_teach.game.cards import Hand


def held_shares(hands: int, deals: int, seed: int) -> list[float]:
    """The share of ``deals`` on which a Nil held, for each of ``hands`` random hands."""
    rng = random.Random(seed)
    shares = []
    for number in range(hands):
        cards = list(range(52))
        rng.shuffle(cards)
        trial = nil_trial(Hand.from_mask(sum(1 << c for c in cards[:13])), samples=deals, seed=number)
        shares.append(trial.held / trial.samples)
    return shares


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=300)
    parser.add_argument("--deals", type=int, default=10)
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()
    start = time.perf_counter()
    shares = held_shares(args.hands, args.deals, args.seed)
    mean = sum(shares) / len(shares)
    half = 1.96 * math.sqrt(sum((x - mean) ** 2 for x in shares) / len(shares) / len(shares))
    print(
        f"blind Nil held on {mean:.1%} of deals [{mean - half:.1%}, {mean + half:.1%}] "
        f"({args.hands} hands x {args.deals} deals; the advice says {BLIND_NIL_HOLDS:.0%}) "
        f"in {time.perf_counter() - start:.0f} s, load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
