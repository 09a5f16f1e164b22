"""Would one make/unmake state serve the solver's searches and the bots' playouts? (issue 30)

Run from the repository root::

    .venv/bin/python benchmarks/state_merge.py              # about a minute
    .venv/bin/python benchmarks/state_merge.py --rounds 5   # steadier figures
    .venv/bin/python benchmarks/state_merge.py --profile    # also a cProfile of each form

Two types hold a moment of the card play with every hand known: the solver's immutable
:class:`~spades_teach.solver.state.DDState` (``play`` returns a new state; the pure-Python
searches, :class:`~spades_teach.solver.reference.ReferenceSolver` and
:class:`~spades_teach.analysis.card_cost.PointsSearch`, walk it) and the kernel's mutable
:class:`~spades_teach.game.kernel.Playout` (``play`` changes it, ``copy`` forks it; the bots'
playouts, the hard bot's and the expert's hot path, walk it). A review proposed one
make/unmake state for both. This script times a prototype of that state (:class:`MakeUnmake`,
card indices, ``play`` and ``undo``) against each of them on the same work, and checks that
every form gives the same answers:

* the reference search (trick counts) over seeded positions of 4 to 6 tricks, on
  ``DDState``, on the prototype, and on ``Playout`` itself (``copy`` then ``play`` per child:
  it has no undo);
* the points search of the last tricks (the card-cost review's) over seeded positions of
  5 tricks, on ``DDState`` and on the prototype;
* the medium-policy playouts of the hard bot from seeded moments, on ``Playout`` and on the
  prototype dressed as a playout (the same ``seen``/``step``/``copy`` calls).

Every form runs the one search (:func:`~spades_teach.solver.search.alphabeta`) on a tree of its
own state, so the figures compare the states, not the code. CPU time (``time.process_time``), best
of ``--rounds``. It prints figures; nothing is asserted but the answers' agreement (the figures
and the decision are in ``benchmarks/README.md``).
"""

from __future__ import annotations

import argparse
import cProfile
import math
import pstats
import random
import sys
import time
from collections.abc import Callable, Generator, Hashable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from spades_teach import Round, Rules, Seat, deal
from spades_teach.advice.play import View
from spades_teach.advice.playout import PlayoutViews, play_out, playout_start
from spades_teach.advice.position import Position
from spades_teach.analysis.card_cost import PointsSearch
from spades_teach.game.cards import Card
from spades_teach.game.kernel import SUIT_MASKS, Playout, breaks_spades, legal, shown_void, winning_position
from spades_teach.solver.reference import ReferenceSolver, TrickCount
from spades_teach.solver.search import alphabeta
from spades_teach.solver.state import DDState, representatives

_DECK = [Card.from_index(i) for i in range(52)]
_SUIT_OF = tuple(SUIT_MASKS[i // 13] for i in range(52))


class MakeUnmake:
    """The prototype: one mutable moment of the card play (four seats, card indices) with
    ``play`` (returns the trick's winner, or -1) and ``undo``; the rules asked of the kernel."""

    __slots__ = ("broken", "c2", "hands", "leader", "slb", "trick", "undo_stack", "won")

    def __init__(self, s: DDState, won: Sequence[int] = (0, 0, 0, 0)) -> None:
        self.hands = list(s.hands)
        self.leader = s.leader
        self.trick = list(s.trick)
        self.broken = s.broken
        self.slb = s.spade_lead_breaks
        self.c2 = s.two_of_clubs
        self.won = list(won)
        self.undo_stack: list[tuple[int, int, bool, bool, int, list[int]]] = []

    @property
    def to_play(self) -> int:
        return (self.leader + len(self.trick)) & 3

    @property
    def tricks_left(self) -> int:
        return self.hands[self.leader].bit_count() + (1 if self.trick else 0)

    def legal_mask(self) -> int:
        trick = self.trick
        if trick:
            return legal(self.hands[(self.leader + len(trick)) & 3], _SUIT_OF[trick[0]], self.broken)
        return legal(self.hands[self.leader], 0, self.broken, self.c2)

    def key(self) -> tuple[int, ...]:
        h = self.hands
        return (h[0], h[1], h[2], h[3], self.leader, self.broken, self.c2)

    def play(self, index: int) -> int:
        trick = self.trick
        seat = (self.leader + len(trick)) & 3
        self.undo_stack.append((seat, index, self.broken, self.c2, self.leader, trick))
        self.hands[seat] &= ~(1 << index)
        if not self.broken and breaks_spades(1 << index, _SUIT_OF[trick[0]] if trick else 0, self.slb):
            self.broken = True
        self.c2 = False
        if len(trick) < 3:
            self.trick = [*trick, index]
            return -1
        winner = (self.leader + winning_position([*trick, index])) & 3
        self.won[winner] += 1
        self.leader = winner
        self.trick = []
        return winner

    def undo(self) -> None:
        seat, index, broken, c2, leader, trick = self.undo_stack.pop()
        if not self.trick and len(trick) == 3:
            self.won[self.leader] -= 1
        self.hands[seat] |= 1 << index
        self.broken, self.c2, self.leader, self.trick = broken, c2, leader, trick


# -- the one search (solver.search.alphabeta) on each form ----------------------------------------


class MakeUnmakeTricks(TrickCount):
    """:class:`TrickCount`'s tree on the prototype: each move made, then taken back."""

    def key(self, pos: MakeUnmake) -> Hashable | None:
        return None if pos.trick else pos.key()

    def moves(self, pos: MakeUnmake) -> Generator[tuple[MakeUnmake, float], None, None]:
        for card in representatives(pos, pos.legal_mask()):  # type: ignore[arg-type]
            winner = pos.play(card)
            try:
                yield pos, 1 if winner >= 0 and (self.counted >> winner) & 1 else 0
            finally:
                pos.undo()


class _PlayoutAsPos:
    """What :func:`representatives` reads, from a Playout (its trick as card indices)."""

    __slots__ = ("hands", "trick")

    def __init__(self, sim: Playout) -> None:
        self.hands = sim.hands
        self.trick = [c.index for c in sim.trick]


class PlayoutTricks(TrickCount):
    """:class:`TrickCount`'s tree on the kernel's Playout (``copy`` + ``play`` per child)."""

    def key(self, sim: Playout) -> Hashable | None:
        if sim.trick:
            return None
        h = sim.hands
        return (h[0], h[1], h[2], h[3], sim.to_play, sim.broken, sim.two_clubs_to_lead())

    def moves(self, sim: Playout) -> Generator[tuple[Playout, float], None, None]:
        seat = sim.to_play
        assert seat is not None
        mask = legal(sim.hands[seat], sim.led_mask, sim.broken, sim.two_clubs_to_lead())
        before = list(sim.won)
        for card in representatives(_PlayoutAsPos(sim), mask):  # type: ignore[arg-type]
            child = sim.copy()
            child.play(seat, _DECK[card])
            yield child, sum(child.won[s] - before[s] for s in range(4) if (self.counted >> s) & 1)


def trick_value(tree: TrickCount, pos: Any) -> int:
    """The reference search's value of ``pos`` (a DDState, the prototype or a Playout) on ``tree``."""
    return int(alphabeta(tree, pos, -1, pos.tricks_left + 1, {}, step=1))


class MakeUnmakePoints:
    """:class:`PointsSearch`'s tree on the prototype (its tally of tricks kept by the state)."""

    def __init__(self, search: PointsSearch) -> None:
        self.margin = search.margin

    def value(self, pos: MakeUnmake) -> float:
        return alphabeta(self, pos, -math.inf, math.inf, {})

    def end(self, pos: MakeUnmake) -> float | None:
        return self.margin(pos.won) if pos.tricks_left == 0 else None

    def key(self, pos: MakeUnmake) -> Hashable | None:
        return None if pos.trick else (pos.key(), tuple(pos.won))

    def bounds(self, pos: MakeUnmake) -> tuple[float, float]:
        return -math.inf, math.inf

    def maximising(self, pos: MakeUnmake) -> bool:
        return pos.to_play % 2 == 0

    def moves(self, pos: MakeUnmake) -> Generator[tuple[MakeUnmake, float], None, None]:
        for card in representatives(pos, pos.legal_mask()):  # type: ignore[arg-type]
            pos.play(card)
            try:
                yield pos, 0.0
            finally:
                pos.undo()


# -- the playouts on the prototype ------------------------------------------------------------------


class MakeUnmakePlayout(MakeUnmake):
    """The prototype dressed as the bots' playout state (the calls :func:`play_out` and
    :class:`PlayoutViews` make of a :class:`Playout`)."""

    __slots__ = ()

    def copy(self) -> MakeUnmakePlayout:
        clone = MakeUnmakePlayout.__new__(MakeUnmakePlayout)
        clone.hands, clone.trick, clone.won = list(self.hands), self.trick, list(self.won)
        clone.leader, clone.broken, clone.slb, clone.c2 = self.leader, self.broken, self.slb, self.c2
        clone.undo_stack = []
        return clone

    def seen(self) -> tuple[list[int], list[Card], list[int], bool, bool, list[int], int]:
        trick = self.trick
        seats = [(self.leader + i) & 3 for i in range(len(trick))]
        return (
            self.hands,
            [_DECK[i] for i in trick],
            seats,
            self.broken,
            self.c2 and not trick,
            self.won,
            self.tricks_left,
        )

    def step(self, seat: int, card: Card, voids: list[int]) -> int | None:
        trick = self.trick
        voids[seat] |= shown_void(card.mask, _SUIT_OF[trick[0]] if trick else 0)
        if not legal(self.hands[seat], _SUIT_OF[trick[0]] if trick else 0, self.broken, self.c2) & card.mask:
            raise ValueError(card)
        self.play(card.index)
        self.undo_stack.clear()
        return self.to_play if self.hands[self.leader] or self.trick else None


# -- the work -------------------------------------------------------------------------------------------


def positions(count: int, tricks_left: Sequence[int], seed: int = 0) -> list[tuple[Round, DDState]]:
    """Seeded moments of random legal play with ``tricks_left`` (cycled) tricks to go."""
    out = []
    for k in range(count):
        rng = random.Random(f"{seed}:{k}")
        rules = (Rules(), Rules(spade_lead_breaks=True))[k % 2]
        r = Round(deal(f"state-merge-{seed}-{k}"), dealer=Seat(k % 4), rules=rules)
        while r.phase == "bidding":
            r.bid(r.to_act, rng.choice([1, 2, 3, 4]))
        left = tricks_left[k % len(tricks_left)]
        for _ in range(52 - 4 * left + rng.randrange(4)):
            legal_now = list(r.legal_plays())
            r.play(r.to_act, legal_now[int(rng.random() * len(legal_now))])
        out.append((r, DDState.from_round(r)))
    return out


def _best_cpu(rounds: int, work: Callable[[], Any]) -> tuple[float, Any]:
    best, answer = math.inf, None
    for _ in range(rounds):
        start = time.process_time()
        answer = work()
        best = min(best, time.process_time() - start)
    return best, answer


def _playout_of(state: DDState) -> Playout:
    return Playout(
        list(state.hands),
        rules=Rules(spade_lead_breaks=state.spade_lead_breaks),
        leader=state.leader,
        trick=[_DECK[i] for i in state.trick],
        broken=state.broken,
        two_clubs_pending=state.two_of_clubs,
        tricks_left=state.tricks_left,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--rounds", type=int, default=3, help="timed runs of each form, the best kept (default 3)")
    parser.add_argument("--profile", action="store_true", help="also print a cProfile of each form")
    args = parser.parse_args()

    def report(name: str, forms: dict[str, Callable[[], Any]]) -> None:
        times: dict[str, float] = {}
        answers = set()
        for form, work in forms.items():
            times[form], answer = _best_cpu(args.rounds, work)
            answers.add(repr(answer))
        if len(answers) != 1:
            raise AssertionError(f"{name}: the forms disagree")
        base = next(iter(times.values()))
        figures = ", ".join(f"{form} {t:.3f} s ({t / base:.2f}x)" for form, t in times.items())
        print(f"{name}: {figures}")
        if args.profile:
            for form, work in forms.items():
                print(f"-- {name}, {form}")
                profile = cProfile.Profile()
                profile.runcall(work)
                pstats.Stats(profile).sort_stats("tottime").print_stats(6)

    searched = positions(60, (4, 5, 6), seed=1)
    report(
        "reference search, 60 positions of 4-6 tricks",
        {
            "DDState": lambda: [ReferenceSolver().value(s) for _r, s in searched],
            "make/unmake": lambda: [trick_value(MakeUnmakeTricks(), MakeUnmake(s)) for _r, s in searched],
            "Playout": lambda: [trick_value(PlayoutTricks(), _playout_of(s)) for _r, s in searched],
        },
    )

    ends = positions(60, (5,), seed=2)

    def points_dd() -> list[float]:
        out = []
        for r, s in ends:
            search = PointsSearch(r.bids, r.rules)
            out.append(search._search(s, tuple(r.tricks_won[x] for x in Seat), -math.inf, math.inf))
        return out

    def points_mu() -> list[float]:
        out = []
        for r, s in ends:
            search = MakeUnmakePoints(PointsSearch(r.bids, r.rules))
            out.append(search.value(MakeUnmake(s, [r.tricks_won[x] for x in Seat])))
        return out

    report("points search, 60 positions of 5 tricks", {"DDState": points_dd, "make/unmake": points_mu})

    moments = positions(60, (13, 10, 8, 6, 4), seed=3)
    starts = []
    for r, s in moments:
        view = View.from_position(Position.from_round(r))
        views = PlayoutViews(me=view.seat, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
        starts.append((view, views, list(s.hands), s))

    def playouts_kernel() -> list[list[int]]:
        out = []
        for view, views, hands, _s in starts:
            for _ in range(10):
                sim = playout_start(view, hands).copy()
                play_out(sim, views, list(view.voids))
                out.append(list(sim.won))
        return out

    def playouts_mu() -> list[list[int]]:
        out = []
        for view, views, _hands, s in starts:
            start = MakeUnmakePlayout(s, view.won)
            for _ in range(10):
                sim = start.copy()
                play_out(sim, views, list(view.voids))  # type: ignore[arg-type]
                out.append(list(sim.won))
        return out

    report("medium-policy playouts, 600 from 60 moments", {"Playout": playouts_kernel, "make/unmake": playouts_mu})


if __name__ == "__main__":
    main()
