"""Random legal hands per second, dealt, bid, played and scored: our ``Round`` against OpenSpiel's ``spades``.

Run from the repository root (needs ``pip install open_spiel``, or ``.[bench]``)::

    .venv/bin/python benchmarks/vs_openspiel.py                 # 3,000 hands each, every loop
    .venv/bin/python benchmarks/vs_openspiel.py --hands 500     # a quick look
    .venv/bin/python benchmarks/vs_openspiel.py --pure          # also our pure-Python kernel

Both engines do the same work for a hand: deal it, take four bids and 52 cards,
each drawn uniformly from the legal ones, and score it (OpenSpiel scores inside
its last action and hands the result to ``returns()``; ours is ``Round.score()``).
Three loops are timed for each engine; the first is the headline:

* **like with like**: the methods bound once per hand and fixed counts. Ours:
  ``deal(seed)``, a :class:`~spades_teach.Round`, four ``legal_bids()`` +
  ``bid(to_act, ...)``, 52 ``legal_plays()`` + ``play(to_act, ...)``, ``score()``.
  OpenSpiel's: a new state, dealt by applying a shuffled deck (52 ``apply_action``,
  no ``legal_actions()`` at the chance nodes; the decks are shuffled before the
  round's clock starts, so OpenSpiel is not charged for drawing its deal while
  ``deal(seed)`` is), then 56 ``legal_actions()`` + ``apply_action(...)``, ``returns()``.
* **plain**: what a first program would write. Ours as above, with ``r.legal_plays()``,
  ``r.play(r.to_act, ...)`` looked up at every call; OpenSpiel's ``legal_actions()`` +
  ``apply_action(...)`` until ``is_terminal()``, its deal drawn from ``legal_actions()`` at
  each of the 52 chance nodes (work our loop does not do).
* **minimal**: ours as in the first loop; OpenSpiel's as in the plain loop with the methods
  bound once and the 108 actions counted (its deal still drawn from ``legal_actions()``).

Every draw indexes the list with ``random.Random.random()``, one call into C for
both. The hands are split into rounds that alternate between the engines and the
loops, so a change in the machine's load during the run falls on all alike.
Rates are hands per second of CPU time of this process (``time.process_time``);
the script prints, for each loop, the overall rate and the best round's for each
engine and their ratio, and the load average. ``Round`` plays on the rules
kernel's compiled twin when it is built (``spades_teach.game.kernel.BACKEND``
reads ``"c"``; the script prints it) and on the pure-Python kernel otherwise;
``--pure`` also times ``PureRound``, the same hands on the pure-Python kernel,
in the same alternating rounds. It prints figures and asserts nothing.
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

_SEATS = tuple(Seat)


def our_plain(number: int, rng: random.Random, kind: type[Round] | type[PureRound] = Round) -> object:
    """One random legal hand through our public API, scored (``kind``: ``Round`` or ``PureRound``)."""
    cards = deal(number, dealer=Seat(number % 4))
    r = kind(cards, dealer=cards.dealer)
    draw = rng.random
    for _ in range(4):
        bids = r.legal_bids()
        r.bid(r.to_act, bids[int(draw() * len(bids))])
    for _ in range(52):
        options = r.legal_plays()
        r.play(r.to_act, options[int(draw() * len(options))])  # type: ignore[arg-type]
    return r.score()


def our_minimal(number: int, rng: random.Random, kind: type[Round] | type[PureRound] = Round) -> object:
    """The same hand with the methods bound once and the 4 + 52 actions counted (the
    like-with-like loop)."""
    r = kind(deal(number, dealer=_SEATS[number % 4]), dealer=_SEATS[number % 4])
    draw = rng.random
    legal_bids, bid, legal_plays, play = r.legal_bids, r.bid, r.legal_plays, r.play
    for _ in range(4):
        bids = legal_bids()
        bid(r.to_act, bids[int(draw() * len(bids))])
    for _ in range(52):
        options = legal_plays()
        play(r.to_act, options[int(draw() * len(options))])
    return r.score()


def openspiel_plain(game: Any, rng: random.Random) -> object:
    """One random legal hand through OpenSpiel's Python API: chance deal, bids, plays, returns."""
    state = game.new_initial_state()
    draw = rng.random
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply_action(actions[int(draw() * len(actions))])
    return state.returns()


def openspiel_minimal(game: Any, rng: random.Random) -> object:
    """The same hand with the methods bound once and the 108 actions counted."""
    state = game.new_initial_state()
    draw = rng.random
    legal, apply = state.legal_actions, state.apply_action
    for _ in range(108):
        actions = legal()
        apply(actions[int(draw() * len(actions))])
    return state.returns()


def openspiel_dealt(game: Any, rng: random.Random, deck: list[int]) -> object:
    """The like-with-like hand: dealt by applying ``deck`` (shuffled beforehand), then four
    bids and 52 cards drawn from ``legal_actions()`` with the methods bound once, ``returns()``."""
    state = game.new_initial_state()
    draw = rng.random
    legal, apply = state.legal_actions, state.apply_action
    for card in deck:
        apply(card)
    for _ in range(56):
        actions = legal()
        apply(actions[int(draw() * len(actions))])
    return state.returns()


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
    parser.add_argument("--hands", type=int, default=3000, help="hands per engine and loop (default 3,000)")
    parser.add_argument("--rounds", type=int, default=6, help="alternating rounds the hands are split into (default 6)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--pure", action="store_true", help="also time PureRound (the pure-Python kernel)")
    args = parser.parse_args(argv)
    if args.hands < args.rounds or args.rounds < 1:
        parser.error("--hands must be at least --rounds, and --rounds at least 1")
    game = adapter.load_game()
    per_round = args.hands // args.rounds
    print(
        f"random legal hands, dealt, bid, played and scored: {per_round * args.rounds} per engine and loop "
        f"in {args.rounds} alternating rounds; OpenSpiel {version('open_spiel')}, Python {sys.version.split()[0]}"
    )
    print(f"load average at start: {loadavg()}")
    kernel = "the compiled kernel" if BACKEND == "c" else "the pure-Python kernel"
    print(f"Round plays on {kernel} (spades_teach.game.kernel.BACKEND = {BACKEND!r})")
    ours_label = f"spades_teach Round ({'compiled' if BACKEND == 'c' else 'pure Python'})"
    theirs_label = "OpenSpiel spades via pyspiel"
    decks = random.Random(args.seed + 1000)
    dealt: list[list[int]] = []  # this round's shuffled decks for OpenSpiel's like-with-like loop
    loops: tuple[tuple[str, Callable[..., object], Callable[[int, random.Random], object]], ...] = (
        ("like with like", our_minimal, lambda i, rng: openspiel_dealt(game, rng, dealt[i % per_round])),
        ("plain", our_plain, lambda i, rng: openspiel_plain(game, rng)),
        ("minimal", our_minimal, lambda i, rng: openspiel_minimal(game, rng)),
    )
    engines: list[tuple[str, str, Callable[[int, random.Random], object]]] = []
    for loop, ours, theirs in loops:
        engines.append((loop, ours_label, ours))
        engines.append((loop, theirs_label, theirs))
        if args.pure:
            engines.append((loop, "spades_teach PureRound", lambda i, rng, f=ours: f(i, rng, PureRound)))  # type: ignore[misc]
    rngs = [random.Random(args.seed + k) for k in range(len(engines))]
    totals = [0.0] * len(engines)
    rates: list[list[float]] = [[] for _ in engines]
    for k in range(args.rounds):
        first = args.seed + k * per_round
        dealt[:] = [decks.sample(range(52), 52) for _ in range(per_round)]  # shuffled before the clock starts
        for e, (_, _, one) in enumerate(engines):
            rng = rngs[e]
            spent = timed(per_round, lambda i, one=one, rng=rng: one(i, rng), first)  # type: ignore[misc]
            totals[e] += spent
            rates[e].append(per_round / spent)
    hands = per_round * args.rounds
    for loop, _, _ in loops:
        print(f"{loop} loop:")
        overall: dict[str, tuple[float, float]] = {}
        for e, (which, label, _) in enumerate(engines):
            if which == loop:
                overall[label] = (hands / totals[e], max(rates[e]))
                print(f"  {label + ':':36s}{overall[label][0]:8,.0f} hands/s (best round {overall[label][1]:,.0f})")
        ours_rate, ours_best = overall[ours_label]
        theirs_rate, theirs_best = overall[theirs_label]
        ratio = ours_rate / theirs_rate
        print(
            f"  spades_teach / OpenSpiel: {ratio:.2f} ({'spades_teach' if ratio >= 1 else 'OpenSpiel'} "
            f"{max(ratio, 1 / ratio):.2f}x faster); best rounds: {ours_best / theirs_best:.2f}"
        )
    print(f"load average at end: {loadavg()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
