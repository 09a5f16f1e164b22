"""Random legal hands per second: our ``Round`` against OpenSpiel's ``spades`` game.

Run from the repository root (needs ``pip install open_spiel``, or ``.[bench]``)::

    .venv/bin/python benchmarks/vs_openspiel.py                 # 3,000 hands each
    .venv/bin/python benchmarks/vs_openspiel.py --hands 500     # a quick look
    .venv/bin/python benchmarks/vs_openspiel.py --pure          # also our pure-Python kernel

Both engines play the same number of whole hands, chosen at random, in one run:

* ours, through the public API: ``deal(seed)``, a :class:`~spades_teach.Round`, four
  bids each drawn uniformly from ``legal_bids()``, then 52 cards each drawn
  uniformly from ``legal_plays()``;
* OpenSpiel's, through ``pyspiel``: a new state of the ``spades`` game, 52 chance
  actions dealing the cards, four bids and 52 cards, each drawn uniformly from
  ``legal_actions()``.

Every draw indexes the list with ``random.Random.random()``, one call into C for
both. The hands are split into rounds that alternate between the engines, so a
change in the machine's load during the run falls on both alike. Rates are hands
per second of CPU time of this process (``time.process_time``); the script prints
the overall rate and the best round's for each engine, their ratio, and the load
average. ``Round`` plays on the rules kernel's compiled twin when it is built
(``spades_teach.game.kernel.BACKEND`` reads ``"c"``; the script prints it) and on
the pure-Python kernel otherwise; ``--pure`` also times ``PureRound``, the same
hand on the pure-Python kernel, in the same alternating rounds. It prints figures
and asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import _openspiel as adapter

from spades_teach import Round, Seat, deal
from spades_teach.game.kernel import BACKEND
from spades_teach.game.round import PureRound


def our_hand(number: int, rng: random.Random, kind: type[Round] | type[PureRound] = Round) -> Round | PureRound:
    """One random legal hand through our public API (``kind``: ``Round`` or ``PureRound``)."""
    cards = deal(number, dealer=Seat(number % 4))
    r = kind(cards, dealer=cards.dealer)
    draw = rng.random
    while (seat := r.to_act) is not None:
        if r.phase == "bidding":
            bids = r.legal_bids()
            r.bid(seat, bids[int(draw() * len(bids))])
        else:
            options = r.legal_plays()
            r.play(seat, options[int(draw() * len(options))])
    return r


def openspiel_hand(game: Any, rng: random.Random) -> Any:
    """One random legal hand through OpenSpiel's Python API: chance deal, bids, plays."""
    state = game.new_initial_state()
    draw = rng.random
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[int(draw() * len(actions))])
    return state


def timed(hands: int, one: Callable[[int], object], first: int) -> float:
    """CPU seconds to play ``hands`` hands numbered from ``first``."""
    start = time.process_time()
    for i in range(first, first + hands):
        one(i)
    return time.process_time() - start


def loadavg() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--hands", type=int, default=3000, help="hands per engine (default 3,000)")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds the hands are split into (default 6)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pure", action="store_true", help="also time PureRound (the pure-Python kernel)")
    args = parser.parse_args(argv)
    if args.hands < args.rounds or args.rounds < 1:
        parser.error("--hands must be at least --rounds, and --rounds at least 1")
    game = adapter.load_game()
    ours_rng, theirs_rng = random.Random(args.seed), random.Random(args.seed + 1)
    per_round = args.hands // args.rounds
    print(
        f"random legal hands: {per_round * args.rounds} per engine in {args.rounds} alternating rounds; "
        f"OpenSpiel {version('open_spiel')}, Python {sys.version.split()[0]}"
    )
    print(f"load average at start: {loadavg()}")
    kernel = "the compiled kernel" if BACKEND == "c" else "the pure-Python kernel"
    print(f"Round plays on {kernel} (spades_teach.game.kernel.BACKEND = {BACKEND!r})")
    pure_rng = random.Random(args.seed)
    ours_rates: list[float] = []
    theirs_rates: list[float] = []
    pure_rates: list[float] = []
    ours_total = theirs_total = pure_total = 0.0
    for k in range(args.rounds):
        first = args.seed + k * per_round
        spent = timed(per_round, lambda i: our_hand(i, ours_rng), first)
        ours_total += spent
        ours_rates.append(per_round / spent)
        spent = timed(per_round, lambda i: openspiel_hand(game, theirs_rng), 0)
        theirs_total += spent
        theirs_rates.append(per_round / spent)
        if args.pure:
            spent = timed(per_round, lambda i: our_hand(i, pure_rng, PureRound), first)
            pure_total += spent
            pure_rates.append(per_round / spent)
    hands = per_round * args.rounds
    ours, theirs = hands / ours_total, hands / theirs_total
    label = f"spades_teach Round ({'compiled' if BACKEND == 'c' else 'pure Python'}):"
    print(f"{label:34s}{ours:8,.0f} hands/s (best round {max(ours_rates):,.0f})")
    if args.pure:
        pure = hands / pure_total
        print(f"{'spades_teach PureRound:':34s}{pure:8,.0f} hands/s (best round {max(pure_rates):,.0f})")
    print(f"{'OpenSpiel spades via pyspiel:':34s}{theirs:8,.0f} hands/s (best round {max(theirs_rates):,.0f})")
    ratio = theirs / ours
    faster = f"OpenSpiel {ratio:.2f}x faster" if ratio >= 1 else f"spades_teach {1 / ratio:.2f}x faster"
    print(
        f"ratio OpenSpiel / spades_teach: {ratio:.2f} ({faster}); best rounds: "
        f"{max(theirs_rates) / max(ours_rates):.2f}"
    )
    print(f"load average at end: {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
