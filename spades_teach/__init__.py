"""spades_teach: learn Spades step by step, and analyse real hands.

The engine (cards, rules, bidding, play, scoring, matches) is pure Python with
no dependency outside the standard library; widgets and analysis are imported
only when used.

>>> from spades_teach import Round, Rules, deal, score_round
>>> score_round({"N": 0, "S": 5, "E": 4, "W": 4}, {"N": 0, "S": 6, "E": 3, "W": 4}).points["NS"]
151
"""

from __future__ import annotations

from spades_teach.advice.bidding import BidAdvice, BidReason, NilAssessment, advise_bid
from spades_teach.advice.bots import EasyBot, HardBot, MediumBot
from spades_teach.advice.expert import ExpertBot
from spades_teach.advice.levels import make_bot
from spades_teach.advice.play import PlayHint, suggest_play
from spades_teach.advice.position import Position
from spades_teach.errors import (
    IllegalActionError,
    IllegalBidError,
    IllegalPlayError,
    ParseError,
    PositionError,
    RecordError,
    RulesError,
    SpadesError,
)
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Cards, Hand, Rank, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.match import Match, MatchError, MatchOverError, SheetRow
from spades_teach.game.round import BidEvent, PlayEvent, Round, Trick, legal_cards, trick_winner
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import RoundScore, score_round
from spades_teach.game.seating import Seat, Team
from spades_teach.game.twoplayer import Draw, DrawError, cut
from spades_teach.i18n import LanguageError, get_language, language, set_language

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
    "LanguageError",
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
    "get_language",
    "language",
    "legal_cards",
    "make_bot",
    "score_round",
    "set_language",
    "suggest_play",
    "trick_winner",
]
