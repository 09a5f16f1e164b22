"""Simulated learners: the rule-of-thumb player with one planted weakness, for the benchmark and the chapter.

A :class:`SimulatedLearner` plays the hint engine's card (:func:`~spades_teach.advice.play.suggest_play`,
as the medium bot does), except at the moments where the hint follows its weakness's principle: there
it plays its own wrong card. :data:`WEAKNESSES` holds three:

- ``"ruff-partner"``: ruffs its partner's winning card with its lowest spade (*don't trump your
  partner's winner*);
- ``"no-cover"``: never covers its partner's Nil, playing its lowest card (*cover your partner's Nil*);
  its partner bids Nil every hand (:class:`NilPartner`), so that the moment comes up;
- ``"no-draw"``: never draws spades, leading its lowest side card (*draw spades*); it is dealt hands
  holding the two top spades or five spades, where the principle comes up.

:func:`review_hands` plays hands with the learner in South against medium bots and turns each hand's
review from South's seat into decisions of the learner record. ``benchmarks/learner_model.py`` asks
whether the learner model names the planted weakness.

>>> learner = SimulatedLearner(WEAKNESSES["ruff-partner"])
>>> from spades_teach.advice.position import Position
>>> p = Position("S", "QS 3S 9H 4D", bids={"N": 3, "E": 3, "S": 3, "W": 3},
...              tricks_won={"N": 3, "E": 3, "S": 2, "W": 1}, trick=["2C", "AC", "5C"])
>>> str(learner.choose_play(p)), learner.choose_play(p) in p.legal
('3S', True)
>>> learner.cured = True
>>> str(learner.choose_play(p))
'9H'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any

from spades_teach.advice.driver import play_hand
from spades_teach.advice.levels import make_bot, seated_bot
from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.analysis.learner_record import LearnerRecord, decisions_from_review
from spades_teach.analysis.seat_review import seat_review
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Rank, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.round import Round
from spades_teach.game.seating import Seat

__all__ = ["WEAKNESSES", "NilPartner", "SimulatedLearner", "Weakness", "deal_for", "review_hands"]


def _lowest(cards: list[Card]) -> Card:
    return min(cards, key=lambda c: (c.is_spade, c.rank))


def _ruff(position: Position, hint: Card) -> Card:
    spades = [c for c in position.legal if c.suit is Suit.SPADES]
    return min(spades, key=lambda c: c.rank) if spades else hint


def _no_cover(position: Position, hint: Card) -> Card:
    return min(position.legal, key=lambda c: c.rank)


def _no_draw(position: Position, hint: Card) -> Card:
    side = [c for c in position.legal if c.suit is not Suit.SPADES]
    return _lowest(side) if side else hint


def _spade_rich(hands: Deal) -> bool:
    """South holds the two top spades or five spades: the hands where drawing spades comes up."""
    spades = [c for c in hands[Seat.S] if c.suit is Suit.SPADES]
    return len(spades) >= 5 or {Rank.ACE, Rank.KING} <= {c.rank for c in spades}


@dataclass(frozen=True)
class Weakness:
    """A planted weakness: its ``name``, the ``principle`` it breaks, the ``wrong`` card it plays
    instead (from the position and the hint's card), whether its partner bids Nil every hand
    (``nil_partner``), and the ``deals`` it needs (``None``: any)."""

    name: str
    principle: str
    wrong: Callable[[Position, Card], Card] = field(repr=False)
    nil_partner: bool = False
    deals: Callable[[Deal], bool] | None = field(default=None, repr=False)


#: The planted weaknesses, by name.
WEAKNESSES = {
    w.name: w
    for w in (
        Weakness("ruff-partner", "don't trump your partner's winner", _ruff),
        Weakness("no-cover", "cover your partner's Nil", _no_cover, nil_partner=True),
        Weakness("no-draw", "draw spades", _no_draw, deals=_spade_rich),
    )
}


class SimulatedLearner:
    """The rule-of-thumb player with a planted ``weakness`` (see the module docs); ``cured`` stops the
    mistake. Bids as ``bidder`` (a bot), or the medium bot."""

    def __init__(self, weakness: Weakness, bidder: Any = None) -> None:
        self.weakness, self.bidder, self.cured = weakness, bidder or make_bot("medium"), False

    def card_for(self, position: Position) -> Card:
        """The learner's card at ``position`` (the hint's, or the weakness's wrong one)."""
        hint = suggest_play(position)
        if not self.cured and hint.principle == self.weakness.principle:
            return self.weakness.wrong(position, hint.card)
        return hint.card

    def choose_bid(self, position: Position) -> Bid:
        bid: Bid = self.bidder.choose_bid(position)
        return bid

    def choose_play(self, position: Position) -> Card:
        return self.card_for(position)


class NilPartner:
    """A partner who bids Nil every hand, then plays as ``bot``."""

    def __init__(self, bot: Any) -> None:
        self.bot = bot

    def choose_bid(self, position: Position) -> Bid:
        return Bid.coerce(0)

    def choose_play(self, position: Position) -> Card:
        card: Card = self.bot.choose_play(position)
        return card


def deal_for(weakness: Weakness, run: int, k: int) -> Deal:
    """Hand ``k`` of run ``run``: deal ``run`` × 1000 + k, or, for a weakness that needs its own hands,
    the first deal from ``run`` × 100000 + 100 k that has them."""
    if weakness.deals is None:
        return deal(run * 1000 + k)
    seed = run * 100_000 + 100 * k
    while not weakness.deals(deal(seed)):
        seed += 1
    return deal(seed)


def review_hands(
    learner: SimulatedLearner, run: int, first: int, count: int, start: datetime, *, minutes: int = 6
) -> LearnerRecord:
    """Hands ``first`` to ``first + count - 1`` of run ``run`` (:func:`deal_for`, dealt by West), the
    learner in South against medium bots, each reviewed from South's seat
    (:func:`~spades_teach.analysis.seat_review.seat_review`), one every ``minutes`` from ``start``."""
    record = LearnerRecord()
    for k in range(first, first + count):
        tag = f"learner-{run}-{k}"
        players: dict[str, Any] = {s: seated_bot("medium", tag, s) for s in "NEW"}
        if learner.weakness.nil_partner:
            players["N"] = NilPartner(players["N"])
        players["S"] = learner
        round_ = play_hand(Round(deal_for(learner.weakness, run, k), dealer="W"), players)
        judged = seat_review(round_, "S", hindsight=False)
        when = start + timedelta(minutes=minutes * (k - first))
        record = record.added(decisions_from_review(round_, "S", judged, when=when))
    return record
