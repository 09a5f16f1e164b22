"""The hint advisor: bid advice (:func:`advise_bid`) and play hints
(:func:`suggest_play`) that explain themselves in one line.

The two halves live in :mod:`spades_teach.advice.bidding` and
:mod:`spades_teach.advice.play`; this module gathers them.

>>> from spades_teach.advice import Position, advise_bid, suggest_play
>>> advise_bid("AKQ3.K52.7.A9842").bid
Bid(5)
>>> p = Position("W", "AKQ3.K752..A9842", bids={"N": 3, "E": 4, "S": 3, "W": 5}, tricks_won={},
...              trick=["4D", "TD", "JD"])
>>> hint = suggest_play(p)
>>> str(hint.card), hint.reason
('3S', 'ruff: you have no diamonds, so the 3♠ takes the trick')
"""

from __future__ import annotations

from spades_teach.advice.bidding import BidAdvice, BidReason, NilAssessment, advise_bid, assess_nil, count_hand
from spades_teach.advice.play import PlayHint, suggest_play
from spades_teach.advice.position import Position

__all__ = [
    "BidAdvice",
    "BidReason",
    "NilAssessment",
    "PlayHint",
    "Position",
    "advise_bid",
    "assess_nil",
    "count_hand",
    "suggest_play",
]
