"""What the count's items and the draw's cards are worth in two-player Spades
(:data:`TWO_PLAYER_ITEM_VALUES`, :data:`TWO_PLAYER_SAFETY_MARGIN`, :data:`DRAW_VALUES`), measured
by ``benchmarks/two_player_values.py``. How they were measured: ``docs/modules.md``.

>>> draw_value(Card.parse("QS")), draw_value(Card.parse("7S")), draw_value(Card.parse("AD"))
(1.57, 0.79, 0.74)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from spades_teach.game.cards import Card
from spades_teach.game.notation import rank_label

__all__ = ["TWO_PLAYER_ITEM_VALUES", "TWO_PLAYER_SAFETY_MARGIN", "DRAW_VALUES", "draw_value"]

#: The count's item values for two-player hands (same keys as the four-player table).
TWO_PLAYER_ITEM_VALUES: Mapping[str, float] = MappingProxyType(
    {
        "K♠ with two or more spades": 1.0,
        "K♠ with one spade": 0.75,
        "K♠ bare": 0.5,
        "Q♠ with two or more spades": 0.75,
        "Q♠ with one spade": 0.5,
        "Q♠ bare": 0.0,
        "J♠ with the Q♠": 0.25,
        "3rd small spade": 1.0,
        "4th small spade": 1.0,
        "5th and later small spade": 1.0,
        "no spade": -0.5,
        "one spade": -0.25,
        "ace": 1.0,
        "ace in a long suit": 0.75,
        "king with its ace": 0.5,
        "king with its ace, 4 cards": 0.75,
        "king with its ace, 5 or more cards": 0.5,
        "king with a guard": 0.75,
        "king in a long suit": 0.5,
        "king bare": 0.25,
        "queen with two or three guards": 0.5,
        "queen with fewer guards": 0.25,
        "queen in a long suit": 0.5,
        "queen with its ace and king": 0.5,
        "queen with its king": 0.25,
        "jack with its ace, king and queen": 0.25,
        "jack with its king and queen": 0.5,
        "long side card": 0.25,
        "long side card, your spades draw theirs": 0.5,
        "void, first ruff": 0.25,
        "void, first ruff with one spare": 0.5,
        "void, second ruff": 0.5,
        "singleton ruff": 0.25,
        "singleton ruff with one spare": 0.0,
        "doubleton ruff": 0.0,
    }
)

#: Tricks taken off a two-player count before rounding it down to a bid.
TWO_PLAYER_SAFETY_MARGIN = 0.5

#: What a card adds to a two-player hand's tricks on average: ``"Q♠"`` for a
#: spade, ``"Q side"`` for a queen of hearts, diamonds or clubs.
DRAW_VALUES: Mapping[str, float] = MappingProxyType(
    {
        "2♠": 0.6,
        "3♠": 0.66,
        "4♠": 0.67,
        "5♠": 0.67,
        "6♠": 0.76,
        "7♠": 0.79,
        "8♠": 0.87,
        "9♠": 0.99,
        "10♠": 1.11,
        "J♠": 1.31,
        "Q♠": 1.57,
        "K♠": 1.71,
        "A♠": 1.71,
        "2 side": -0.11,
        "3 side": -0.1,
        "4 side": -0.07,
        "5 side": -0.06,
        "6 side": -0.06,
        "7 side": -0.06,
        "8 side": -0.05,
        "9 side": -0.05,
        "10 side": -0.01,
        "J side": 0.03,
        "Q side": 0.3,
        "K side": 0.54,
        "A side": 0.74,
    }
)


def draw_value(card: Card) -> float:
    """What ``card`` adds to a two-player hand's tricks on average (:data:`DRAW_VALUES`)."""
    return DRAW_VALUES[f"{rank_label(card.rank)}♠" if card.is_spade else f"{rank_label(card.rank)} side"]
