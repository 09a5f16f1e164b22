"""The one judge of a card from its player's seat: one evaluation per position, whoever asks.

:func:`judge` values every legal card of a :class:`~spades_teach.advice.position.Position` in
points for the seat's side minus the other side's, over deals of the unseen cards that fit what
the seat has seen (:mod:`spades_teach.advice.evaluation`), and gives each card a
:class:`Verdict`: the best card, **as good as the best**, **a close call**, or **clearly worse**
by about so many points. The deals are drawn from a seed made of the position itself (what the
player has seen, the bids, the score, the rules), never from who asks or when: Teach me, the
review, the comparison with the expert, the exercises, the puzzles and the expert bot get the
same numbers for the same position. More deals are drawn while a verdict is undecided, up to a
budget per decision; a verdict still undecided then is a close call. ``docs/judge.md`` gives the
thresholds, why they were chosen, and the measurements behind them.

>>> from spades_teach import Position
>>> p = Position("S", "AS 3H", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={"N": 3, "E": 3, "S": 2, "W": 3}, trick=["3C", "4C", "5C"])
>>> j = judge(p)  # North–South need one more trick: ruffing now risks a bag when North wins the last
>>> j.best.pretty, j.verdict(Card.parse("AS")).kind, j.deals >= 48
('3♥', 'worse', True)
>>> judge(p) is j  # asked again, the same judgement
True
"""

from __future__ import annotations

import hashlib
import math
import random
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal

from spades_teach.advice.evaluation import CardOutcomes, DealResult, a_nil_is_live, evaluate, sample_deals
from spades_teach.advice.position import Position
from spades_teach.game.cards import Card
from spades_teach.game.seating import seating_of
from spades_teach.solver import NodeBudget, clear_table

__all__ = ["MARGIN", "SURE", "Judgement", "Verdict", "judge", "position_key"]

#: A card is clearly worse only when it loses at least this many points on average: less than a
#: third of a trick's ten, a difference no player would notice over a session (see docs/judge.md).
MARGIN = 3.0
#: ...and when, allowing for the noise of the deals drawn, it loses at least this many for sure.
SURE = 1.0
#: How wide the allowance for the noise is, in standard errors of the paired difference: wide enough
#: for picking the best of several cards on the same deals and for looking again as deals are added.
Z = 2.5

Kind = Literal["best", "as_good", "close", "worse"]


def _first_deals(tricks_left: int) -> int:
    """Deals solved at the first look: few while the hands are full (each solve is slow)."""
    if tricks_left >= 12:
        return 16
    if tricks_left >= 10:
        return 24
    if tricks_left >= 7:
        return 32
    return 48


def _most_deals(tricks_left: int, nil_live: bool) -> int:
    """The most deals one decision may take: each added look doubles the deals, so the cap is a
    power of two times the first look. A live Nil's playouts cost more a deal, so fewer."""
    first = _first_deals(tricks_left)
    return 4 * first if nil_live else 8 * first


#: The search nodes one decision may spend in all (the same count on every machine).
NODE_BUDGET = 40_000_000


@dataclass(frozen=True)
class Verdict:
    """The judge's word on one card: ``kind`` is ``"best"``, ``"as_good"`` (it loses less than
    :data:`MARGIN` points, surely), ``"close"`` (undecided: it may lose a few points, or not) or
    ``"worse"`` (it surely loses, by about ``loss`` points). ``loss`` is the best card's average
    minus this card's (never negative), ``low`` and ``high`` the bounds the noise allows for it,
    ``points`` the card's own average, over ``deals`` deals."""

    card: Card
    kind: Kind
    loss: float
    low: float
    high: float
    points: float
    deals: int

    @property
    def costly(self) -> bool:
        return self.kind == "worse"

    @property
    def cost(self) -> float:
        """The points the card gives away: its loss when clearly worse, otherwise 0."""
        return self.loss if self.kind == "worse" else 0.0


@dataclass(frozen=True)
class Judgement:
    """Every legal card of one position valued over the same ``deals`` deals (see the module
    docs). ``points[card]``: the average points for the seat's side minus the other's;
    ``holds[card]``: the deals on which the side's own bids all hold; ``values[card]``: the points
    on each deal; ``best``: the card with the best average (the lowest suit, then rank, among
    equals); ``results[card]``: each deal's full :class:`DealResult` (tricks, the other
    side's contract, the Nils); ``complete``: whether every verdict was decided within the budget.

    >>> from spades_teach import Card
    >>> a, b, c = (Card.parse(x) for x in ("AS", "KH", "2C"))
    >>> j = Judgement.of_values({a: (12.0, 11.0, 13.0), b: (12.0, 10.0, 11.0), c: (1.0, 2.0, 0.0)})
    >>> j.best.pretty, j.verdict(b).kind, j.verdict(c).kind, round(j.cost(c), 1)
    ('A♠', 'as_good', 'worse', 11.0)
    """

    deals: int
    values: dict[Card, tuple[float, ...]]
    holds: dict[Card, int]
    results: dict[Card, tuple[DealResult, ...]]
    complete: bool
    key: str = ""
    #: the search nodes the judgement spent
    nodes: int = 0
    points: dict[Card, float] = field(init=False, repr=False, compare=False)
    best: Card = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        points = {card: sum(v) / len(v) for card, v in self.values.items()}
        top = max(points.values())
        best = min((c for c in points if points[c] >= top - 1e-9), key=lambda c: (c.suit, c.rank))
        object.__setattr__(self, "points", points)  # worked out once: the values never change
        object.__setattr__(self, "best", best)

    @classmethod
    def of_outcomes(cls, outcomes: CardOutcomes, *, complete: bool, key: str = "", nodes: int = 0) -> Judgement:
        n = outcomes.deals
        results = {card: tuple(r[:n]) for card, r in outcomes.results.items()}
        return cls(
            deals=n,
            values={card: tuple(x.points for x in r) for card, r in results.items()},
            holds={card: sum(x.holds for x in r) for card, r in results.items()},
            results=results,
            complete=complete,
            key=key,
            nodes=nodes,
        )

    @classmethod
    def of_values(cls, values: dict[Card, tuple[float, ...]]) -> Judgement:
        """A judgement from the points alone (for tests and examples)."""
        n = min(len(v) for v in values.values())
        return cls(n, values, {c: n for c in values}, {c: () for c in values}, True)

    @property
    def safe(self) -> list[Card]:
        """The cards that keep the side's own bids on as many deals as any card (in card order)."""
        safest = max(self.holds.values())
        return sorted((c for c in self.holds if self.holds[c] >= safest), key=lambda c: (c.suit, c.rank))

    def verdict(self, card: Card) -> Verdict:
        best = self.best
        mine = self.values[card]
        points = self.points[card]
        if card == best:
            return Verdict(card, "best", 0.0, 0.0, 0.0, points, self.deals)
        diffs = [a - b for a, b in zip(self.values[best], mine, strict=True)]
        n = len(diffs)
        loss = max(0.0, sum(diffs) / n)
        spread = math.sqrt(sum((d - loss) ** 2 for d in diffs) / (n - 1) / n) if n > 1 else math.inf
        low, high = loss - Z * spread, loss + Z * spread
        kind: Kind
        if low >= SURE and loss >= MARGIN:
            kind = "worse"
        elif high < MARGIN:
            kind = "as_good"
        else:
            kind = "close"
        return Verdict(card, kind, loss, max(0.0, low), high, points, self.deals)

    def as_good(self, card: Card) -> bool:
        """Whether ``card`` is not clearly worse than the best (as good, or a close call)."""
        return not self.verdict(card).costly

    def cost(self, card: Card) -> float:
        """The points ``card`` gives away against the best (0 unless clearly worse)."""
        return self.verdict(card).cost

    def decided(self) -> bool:
        """Whether no card's verdict is a close call."""
        return all(self.verdict(card).kind != "close" for card in self.values)


def position_key(position: Position) -> str:
    """What the player has seen, the bids, the score and the rules, written out in full: the
    judge's deals are drawn from it, so the same position always gets the same deals."""
    history = ";".join(
        f"{lead.name}:{' '.join(str(c) for c in cards)}:{winner.name}" for lead, cards, winner in position.trick_history
    )
    parts = [
        position.seat.name,
        str(position.hand),
        ",".join(f"{s.name}={b}" for s, b in sorted(position.bids.items())),
        ",".join(f"{s.name}={n}" for s, n in sorted(position.tricks_won.items())),
        history,
        " ".join(str(c) for c in position.gone),
        " ".join(str(c) for c in position.played),
        " ".join(f"{s.name}{c}" for s, c in zip(position.trick_seats, position.trick)),
        str(position.spades_broken),
        ",".join(f"{t.name}={n}" for t, n in sorted(position.scores.items())),
        ",".join(f"{t.name}={n}" for t, n in sorted(position.bags.items())),
        repr(position.rules),
    ]
    return hashlib.blake2b("|".join(parts).encode(), digest_size=12).hexdigest()


_CACHE: OrderedDict[tuple[str, str, int | None, int | None], Judgement | None] = OrderedDict()
_CACHE_SIZE = 512
_NO_CAP = 1 << 62


def judge(
    position: Position, *, salt: str = "", deals: int | None = None, node_budget: int | None = NODE_BUDGET
) -> Judgement | None:
    """The judgement of every legal card at ``position`` (see the module docs); ``None`` where
    there is nothing to judge (one legal card), where the solver does not play (two-player
    Spades), or where the node budget ran out before the first deal was solved. ``salt`` draws
    other deals for the same position (a second, independent judge: for the benchmarks);
    ``deals`` fixes the number of deals (one look, for quick bots and tests); ``node_budget``
    caps the search nodes (``None``: no cap). A judgement is remembered: asked again, the judge
    answers at once with the same one."""
    if len(position.legal) < 2 or not seating_of(position.rules).partnerships:
        return None
    key = (position_key(position), salt, deals, node_budget)
    if key in _CACHE:
        _CACHE.move_to_end(key)
        return _CACHE[key]
    found = _judge(position, key[0] + salt, deals, _NO_CAP if node_budget is None else node_budget)
    _CACHE[key] = found
    if len(_CACHE) > _CACHE_SIZE:
        _CACHE.popitem(last=False)
    return found


def _judge(position: Position, seed: str, deals: int | None, nodes: int) -> Judgement | None:
    rng = random.Random(seed)
    clear_table()  # node counts that depend on this decision alone
    budget = NodeBudget(nodes)
    outcomes = CardOutcomes()
    batch = deals or _first_deals(position.tricks_left)
    cap = deals or _most_deals(position.tricks_left, a_nil_is_live(position))
    while True:
        finished = evaluate(position, sample_deals(position, batch, rng), budget, outcomes)
        if outcomes.deals == 0:
            return None
        spent = nodes - budget.remaining
        judgement = Judgement.of_outcomes(outcomes, complete=False, key=seed, nodes=spent)
        if judgement.decided():
            return Judgement.of_outcomes(outcomes, complete=True, key=seed, nodes=spent)
        if not finished or outcomes.deals >= cap:
            return judgement
        batch = min(outcomes.deals, cap - outcomes.deals)
