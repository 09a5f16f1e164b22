"""spades_teach: learn Spades step by step, and analyse real hands.

The engine (cards, rules, bidding, play, scoring, matches) is pure Python with
no dependency outside the standard library; widgets and analysis are imported
only when used.

>>> from spades_teach import Round, Rules, deal, score_round
>>> score_round({"N": 0, "S": 5, "E": 4, "W": 4}, {"N": 0, "S": 6, "E": 3, "W": 4}).points["NS"]
151
"""

from __future__ import annotations

from .advisor_bid import BidAdvice, BidReason, NilAssessment, advise_bid
from .advisor_play import PlayHint, suggest_play
from .bids import Bid
from .bots import EasyBot, HardBot, MediumBot, make_bot
from .cards import Card, Cards, Hand, Rank, Seat, Suit, Team
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
from .expert import ExpertBot
from .match import Match, MatchError, MatchOverError, SheetRow
from .position import Position
from .rules import Rules
from .scoring import RoundScore, score_round
from .twoplayer import Draw, DrawError, cut

__version__ = "0.1.0"

__all__ = [
    "Bid",
    "BidAdvice",
    "BidEvent",
    "BidReason",
    "Card",
    "Cards",
    "Deal",
    "Draw",
    "DrawError",
    "EasyBot",
    "ExpertBot",
    "Hand",
    "HardBot",
    "IllegalActionError",
    "IllegalBidError",
    "IllegalPlayError",
    "Match",
    "MatchError",
    "MatchOverError",
    "MediumBot",
    "NilAssessment",
    "ParseError",
    "PlayEvent",
    "PlayHint",
    "Position",
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
    "advise_bid",
    "cut",
    "deal",
    "legal_cards",
    "make_bot",
    "score_round",
    "suggest_play",
    "trick_winner",
]
