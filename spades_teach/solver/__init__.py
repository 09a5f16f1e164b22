"""Exact double-dummy analysis under Spades rules: the solver layer.

The solver is a layer of its own, between the game (whose kernel it asks for the
legal cards, the trick winner and spades broken) and the advice (the expert bot
and the principles' counter-examples call it) and analysis (the card-cost review,
puzzles, hand analysis) above. It imports nothing but ``spades_teach.game`` and
``spades_teach.errors``. The package holds this Python solver, the C core
``_ddcore.c``, the same C built as WebAssembly for the browser
(``_ddcore_wasm.c``) and its loader (``_wasm_core.py``).

Bridge solvers let anyone lead a spade at any time; in Spades a spade may not
be led until spades are broken, unless the leader holds nothing else. That one
rule changes the best play, so this module solves positions under Spades rules
itself.

:func:`double_dummy` takes the four hands (all cards known), the seat that led
the trick in progress, the cards already in that trick, and whether spades are
broken. Its answer, a :class:`DoubleDummy`, holds ``tricks[team]``: what each
partnership takes from here with best play by all four seats, the trick in
progress included. It also scores every legal card of the seat to play
(:attr:`DoubleDummy.card_scores`) and answers the Nil question
(:meth:`DoubleDummy.nil`): can the defenders force a Nil bidder to take a trick?

>>> dd = double_dummy({"N": "A.-.-.-", "E": "-.2.-.-", "S": "-.-.2.-", "W": "-.-.-.2"}, leader="E")
>>> dd.tricks["NS"], dd.tricks["EW"]
(1, 0)

Two implementations give the same answers: a compiled core
(``spades_teach.solver._ddcore``, built from C source by ``pip install``),
used when it is importable, and the readable pure-Python solver of this module
(:class:`ReferenceSolver`), used otherwise and by the tests as the reference.
In the browser (Pyodide, the book's live edition) the compiled core is the same
C source built as WebAssembly, loaded by :mod:`spades_teach.solver._wasm_core`.
:data:`SOLVER_BACKEND` says which one is in use (``"c"`` for the compiled core, native
or WebAssembly, or ``"python"``).

How the search works
--------------------
Both solvers run the same algorithm. The value of a position is the number of
tricks still to come that the *counted* seats win (North and South for trick
counts, the Nil bidder alone for Nil questions); one side maximises it, the
other minimises it. The search is alpha-beta over single cards with:

* a transposition table at trick boundaries holding lower and upper bounds on
  the value, keyed on the remaining cards, the leader and the spades-broken
  flag;
* equivalent-card reduction: cards of one suit in one hand that are adjacent
  among the cards not yet gone (cards of completed tricks are gaps; cards in
  the trick in progress are not) play alike, so only one is searched;
* move ordering (winners first, cheap wins, low cards when partner wins).

The compiled core adds, for speed:

* zero-window searches narrowing the value (MTD-f style) from a first guess;
* *partition search* in its table: each search also reports which cards'
  ranks its answer relied on (a card that beat another card of its own suit,
  and the top cards behind a sure-trick bound). The answer then holds for
  every position with the same suit lengths in every hand whose cards, in
  each suit, have the same owners down to the lowest of those cards: the
  smaller cards only count by how many each hand holds. One table entry
  serves all of them. (A searched card also stands for the equivalent cards
  below it; when its own rank mattered, theirs is recorded too, since in a
  position matching only down to that rank they need not be equivalent.)
* sure-trick bounds: spades higher than every spade of the opponents (and,
  for a Nil question, a bidder who must win with its top spades or can never
  be forced). A bound reports only the top cards it needs for the answer asked
  (three sure tricks answer "at least two?" with the top two), so its answer
  covers more positions;
* cards skipped as answered: once a card has been searched without deciding
  the search, a card of the same suit lower than every card whose rank the
  answers so far relied on would give the same answer (it wins or loses the
  trick as the first one did, and the positions below differ only in cards no
  answer looked at), so it is not searched;
* the last two tricks are searched without the table (cheaper than its key,
  probe and entry);
* a lead history, when counting tricks: a lead that decides a search after
  the leads ordered before it did not gains, and those leads lose, the tricks
  left; the sum raises or lowers the card's place in the lead order for the
  rest of the solve.
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
