"""The bid a bot makes: the bid advisor's bid, made legal for the seat.

Every bot level that bids like the advisor (the medium, hard and expert bots,
:mod:`spades_teach.advice.bots` and :mod:`spades_teach.advice.expert`) calls
:func:`advised_bid`; any bid a bot or a study picks goes through :func:`legal_bid`
first, which asks the one bid rule (:func:`spades_teach.game.scoring.bid_problem`).
Both bot modules import it from here, below them, so neither needs the other's
private names.

>>> from spades_teach.advice.position import Position
>>> from spades_teach.game.bids import Bid
>>> from spades_teach.game.rules import Rules
>>> p = Position("S", "AKQ3.K52.7.A9842", bids={}, tricks_won={}, rules=Rules(nil=False))
>>> legal_bid(p, Bid(0))
Bid(1)
>>> advised_bid(p)
Bid(5)
"""

from __future__ import annotations

from spades_teach.advice.bidding import BidAdvice, advise_bid
from spades_teach.advice.position import Position
from spades_teach.game.bids import Bid
from spades_teach.game.scoring import bid_problem
from spades_teach.game.seating import seating_of

__all__ = ["advised_bid", "bid_advice", "legal_bid"]


def legal_bid(position: Position, bid: Bid) -> Bid:
    """``bid`` made legal for ``position`` under its rules (the same checks as
    :meth:`Round.verify_bid`): no Nil where it is off, no blind Nil unless allowed
    and far enough behind, and the team minimum."""
    rules = position.rules
    seating = seating_of(rules)
    side = seating.side_of(position.seat)
    behind = position.scores[seating.other_side(side)] - position.scores[side]
    partner = seating.partner(position.seat)
    partner_bid = None if partner is None else position.bids.get(partner)

    def refused(b: Bid) -> bool:
        return bid_problem(position.seat, b, rules, behind=behind, partner_bid=partner_bid) is not None

    if not refused(bid):
        return bid
    # The nearest legal bid (the higher of two as near): a refused blind Nil becomes
    # Nil (or 1 without Nil), a refused Nil 1, a bid under the team minimum the minimum.
    return min((Bid(n) for n in range(14) if not refused(Bid(n))), key=lambda b: (abs(int(b) - int(bid)), -int(b)))


def bid_advice(position: Position) -> BidAdvice:
    """The bid advisor's whole advice (:func:`~spades_teach.advice.bidding.advise_bid`:
    count, bid, reasons) for the seat of ``position``, given what the position knows."""
    return advise_bid(
        position.hand,
        seat=position.seat,
        bids=position.bids,
        scores=position.scores,
        bags=position.bags,
        rules=position.rules,
    )


def advised_bid(position: Position) -> Bid:
    """The bid advisor's bid (:func:`bid_advice`) for the seat of ``position``,
    made legal (:func:`legal_bid`)."""
    return legal_bid(position, bid_advice(position).bid)
