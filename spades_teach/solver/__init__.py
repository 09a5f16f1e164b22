"""Exact double-dummy analysis under Spades rules (a spade may not lead before spades are broken,
unless the leader holds nothing else): :func:`double_dummy` and its answers, searched by the
compiled core or the pure-Python :class:`ReferenceSolver` (:data:`SOLVER_BACKEND` says which).
How the search works: ``docs/modules.md``.

>>> dd = double_dummy({"N": "A.-.-.-", "E": "-.2.-.-", "S": "-.-.2.-", "W": "-.-.-.2"}, leader="E")
>>> dd.tricks["NS"], dd.tricks["EW"]
(1, 0)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from spades_teach.game.cards import Card, CardLike, HandLike
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike, Team, TeamMap
from spades_teach.solver.backend import (
    SOLVER_BACKEND,
    clear_table,
    legal_moves,
    nil_safe_cards,
    reaches,
    score_cards,
    solve_value,
)
from spades_teach.solver.checks import make_position
from spades_teach.solver.reference import ReferenceSolver
from spades_teach.solver.state import NS_TRICKS, DDState, NodeBudget, nil_objective, representatives

__all__ = [
    "SOLVER_BACKEND",
    "DoubleDummy",
    "NilAnswer",
    "NodeBudget",
    "DDState",
    "ReferenceSolver",
    "NS_TRICKS",
    "clear_table",
    "double_dummy",
    "legal_moves",
    "make_position",
    "nil_objective",
    "nil_safe_cards",
    "reaches",
    "representatives",
    "solve_value",
    "score_cards",
]


@dataclass(frozen=True)
class NilAnswer:
    """The exact answer to the Nil question for one seat, from this position on.

    ``makeable``: the Nil side (the bidder and partner) can keep the bidder from
    taking any further trick, whatever the defenders do. ``cards``: for each
    legal card of the seat to play, whether the Nil is still makeable after it
    (a card mapped to ``False`` loses or leaves lost the Nil).
    :meth:`DoubleDummy.nil_forced_tricks` counts how many tricks the defenders
    can force on the bidder.
    """

    seat: Seat
    makeable: bool
    cards: dict[Card, bool]

    @property
    def losing_cards(self) -> tuple[Card, ...]:
        """Legal cards after which the Nil can no longer be made."""
        return tuple(c for c, ok in self.cards.items() if not ok)


class DoubleDummy:
    """The answer of :func:`double_dummy` for one position.

    ``tricks[team]``: tricks each partnership takes from here (trick in
    progress included). ``to_play``: the seat to play. ``card_scores``: for each
    legal card of that seat, the tricks its side takes after playing it (from
    the same point). ``best_cards``: the cards reaching the best score.
    ``nil(seat)``: the Nil question for a seat. Card scores and Nil answers are
    computed on first use.
    """

    def __init__(self, position: DDState, backend: str | None = None) -> None:
        self.position = position
        self._backend = backend
        ns = solve_value(position, NS_TRICKS, backend=backend)
        left = position.tricks_left
        self.tricks: TeamMap[int] = TeamMap({Team.NS: ns, Team.EW: left - ns})
        self._scores: dict[Card, int] | None = None
        self._nil: dict[Seat, NilAnswer] = {}

    @property
    def to_play(self) -> Seat:
        return Seat(self.position.to_play)

    @property
    def leader(self) -> Seat:
        return Seat(self.position.leader)

    @property
    def tricks_left(self) -> int:
        """Tricks still to be won, the one in progress included."""
        return self.position.tricks_left

    @property
    def card_scores(self) -> dict[Card, int]:
        """Tricks for the side of the seat to play after each of its legal cards."""
        if self._scores is None:
            raw = score_cards(self.position, NS_TRICKS, backend=self._backend)
            left = self.position.tricks_left
            mine = self.to_play.team
            self._scores = {Card.from_index(i): (v if mine is Team.NS else left - v) for i, v in sorted(raw.items())}
        return dict(self._scores)

    @property
    def best_cards(self) -> tuple[Card, ...]:
        scores = self.card_scores
        top = max(scores.values())
        return tuple(c for c, v in scores.items() if v == top)

    def nil(self, seat: SeatLike) -> NilAnswer:
        """Can the defenders force ``seat`` (a Nil bidder) to take a trick from here?"""
        s = Seat.coerce(seat)
        if s not in self._nil:
            objective = nil_objective(s)
            lost = reaches(self.position, objective, 1, backend=self._backend)
            raw = nil_safe_cards(self.position, int(s), backend=self._backend)
            cards = {Card.from_index(i): ok for i, ok in sorted(raw.items())}
            self._nil[s] = NilAnswer(s, not lost, cards)
        return self._nil[s]

    def nil_forced_tricks(self, seat: SeatLike) -> int:
        """How many tricks the defenders can force ``seat`` (a Nil bidder) to take from here."""
        return solve_value(self.position, nil_objective(Seat.coerce(seat)), backend=self._backend)

    def __repr__(self) -> str:
        return f"<DoubleDummy NS {self.tricks[Team.NS]} EW {self.tricks[Team.EW]}, {self.to_play.name} to play>"


def double_dummy(
    hands: Mapping[Any, HandLike],
    *,
    leader: SeatLike,
    trick: Sequence[CardLike] = (),
    spades_broken: bool = False,
    spade_lead_breaks: bool | None = None,
    bridge_rules: bool = False,
    rules: Rules | None = None,
    backend: str | None = None,
) -> DoubleDummy:
    """Solve a position with all four hands known, under Spades rules.

    ``hands`` maps each seat (``Seat`` or ``"N"`` …) to its hand (a ``Hand`` or
    text); a :class:`~spades_teach.game.deals.Deal` works too. ``leader`` is the seat
    that led (or is about to lead) the trick in progress, ``trick`` its cards so
    far in play order (the hands of the seats that played hold one card fewer),
    and ``spades_broken`` whether a spade has already broken spades. A spade
    played on another suit in ``trick`` breaks them, as in the engine.
    ``rules`` (default ``Rules()``) are the hand's rules, applied as the kernel
    does: ``spade_lead_breaks`` makes any spade break them, and under
    ``first_lead="two_of_clubs"`` a full deal's first trick is led with the 2♣
    by its holder. ``spade_lead_breaks=True`` alone is the same as
    ``rules=Rules(spade_lead_breaks=True)``. Two-player rules are refused.
    ``bridge_rules=True`` drops the spade-lead restriction (spades still trump),
    which is what a bridge solver computes. ``backend`` forces ``"c"`` or
    ``"python"``.

    >>> hands = {"N": "AK.-.-.-", "E": "-.-.A2.-", "S": "-.-.-.A2", "W": "-.AK.-.-"}
    >>> dd = double_dummy(hands, leader="N")
    >>> dd.tricks["NS"], dd.to_play
    (2, <Seat.N: 0>)
    >>> dd = double_dummy({"N": "2.-.-.-", "E": "-.A.-.-", "S": "-.-.-.A", "W": "-.2.-.-"}, leader="E")
    >>> dd.tricks["EW"], dd.nil("W").makeable
    (0, True)
    """
    position = make_position(
        hands,
        leader=leader,
        trick=trick,
        spades_broken=spades_broken,
        spade_lead_breaks=spade_lead_breaks,
        bridge_rules=bridge_rules,
        rules=rules,
    )
    return DoubleDummy(position, backend)
