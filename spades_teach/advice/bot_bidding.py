"""The bid a bot makes: the bid advisor's bid, made legal for the seat.

Every bot level that bids like the advisor (the medium, hard and expert bots,
:mod:`spades_teach.advice.bots` and :mod:`spades_teach.advice.expert`) calls
:func:`advised_bid`; any bid a bot or a study picks goes through :func:`legal_bid`
first, which asks the one bid rule (:func:`spades_teach.game.scoring.bid_problem`).
Both bot modules import it from here, below them, so neither needs the other's
private names.

>>> from spades_teach.advice.position import Position, legal_bid
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
from spades_teach.advice.position import Position, legal_bid
from spades_teach.game.bids import Bid

__all__ = ["advised_bid", "bid_advice", "legal_bid"]


def bid_advice(position: Position) -> BidAdvice:
    """The bid advisor's whole advice (:func:`~spades_teach.advice.bidding.advise_bid`:
    count, bid, reasons) for the seat of ``position``, given what the position knows: the
    count's bid, without the check on played-out deals (a bot bids at once)."""
    return advise_bid(
        position.hand,
        seat=position.seat,
        bids=position.bids,
        scores=position.scores,
        bags=position.bags,
        rules=position.rules,
        samples=0,
    )


def advised_bid(position: Position) -> Bid:
    """The bid advisor's bid (:func:`bid_advice`) for the seat of ``position``,
    made legal (:func:`legal_bid`)."""
    return legal_bid(position, bid_advice(position).bid)
