"""The package's errors: one small hierarchy rooted at :class:`SpadesError`.

Every error is a :class:`ValueError`, so ``except ValueError`` catches them too.
Messages are lowercase, quote the input and, where it helps, say what would
have been legal.
"""

from __future__ import annotations

__all__ = [
    "SpadesError",
    "ParseError",
    "RulesError",
    "IllegalBidError",
    "IllegalPlayError",
    "IllegalActionError",
    "RecordError",
    "PositionError",
]


class SpadesError(ValueError):
    """The root of every error raised by spades_teach."""


class ParseError(SpadesError):
    """Text that should be a card, hand, seat, bid or deal does not parse."""


class RulesError(SpadesError):
    """A :class:`~spades_teach.rules.Rules` option is out of range."""


class IllegalActionError(SpadesError):
    """An action is not allowed in the current state of a round or match."""


class IllegalBidError(IllegalActionError):
    """A bid is out of turn, out of range or not allowed by the rules."""


class IllegalPlayError(IllegalActionError):
    """A card cannot be played now (not in hand, out of turn, must follow suit...)."""


class RecordError(SpadesError):
    """A game record is malformed or describes an illegal game."""


class PositionError(SpadesError):
    """A described position is inconsistent (a card in two places, wrong counts...)."""
