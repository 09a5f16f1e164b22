"""spades_teach: learn Spades step by step, and analyse real hands.

The engine (cards, rules, bidding, play, scoring, matches) is pure Python with
no dependency outside the standard library; widgets and analysis are imported
only when used.

>>> from spades_teach import Round, Rules, deal, score_round
>>> score_round({"N": 0, "S": 5, "E": 4, "W": 4}, {"N": 0, "S": 6, "E": 3, "W": 4}).points["NS"]
151
"""

from __future__ import annotations

from .bids import Bid
from .cards import Card, Hand, Rank, Seat, Suit, Team
from .deals import Deal, deal
from .engine import BidEvent, PlayEvent, Round, Trick, legal_cards, trick_winner
from .errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    ParseError,
    PositionError,
    RecordError,
    RulesError,
    SpadesError,
)
from .match import Match, MatchError, MatchOverError, SheetRow
from .rules import Rules
from .scoring import RoundScore, score_round
from .twoplayer import Draw, DrawError, cut

__version__ = "0.1.0"

__all__ = [
    "Bid",
    "BidEvent",
    "Card",
    "Deal",
    "Draw",
    "DrawError",
    "Hand",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "Match",
    "MatchError",
    "MatchOverError",
    "ParseError",
    "PlayEvent",
    "PositionError",
    "Rank",
    "RecordError",
    "Round",
    "RoundScore",
    "Rules",
    "RulesError",
    "Seat",
    "SheetRow",
    "SpadesError",
    "Suit",
    "Team",
    "Trick",
    "cut",
    "deal",
    "legal_cards",
    "score_round",
    "trick_winner",
]
