"""The line of play of a puzzle as a value, :class:`KeyLine`, and its kinds (:data:`KEY_KINDS`):
what the puzzles' finder, words and store share."""

from __future__ import annotations

from dataclasses import dataclass

from spades_teach.game.cards import Card
from spades_teach.game.seating import Seat

__all__ = ["KEY_KINDS", "KeyLine"]

#: The kinds of :class:`KeyLine`, what the key card does in the line of play.
KEY_KINDS = ("beats", "draws", "denies", "promotes", "nil forced after rival", "nil forced after card")


@dataclass(frozen=True)
class KeyLine:
    """The line of play that shows why the answer beats the ``rival`` card (the rule of
    thumb's card when it differs from the answer, else the next best card): the solver
    plays both lines out, each side playing for the puzzle's goal (the lowest card among
    equally good ones), and ``key`` is the card held by ``seat`` whose fate differs.

    ``kind`` (one of :data:`KEY_KINDS`): ``"beats"``, the answer beats the opponents'
    ``key`` already in the trick, which wins it after the rival; ``"draws"``, the
    answer's trick draws the opponents' ``key``, which wins a trick after the rival; ``"denies"``, the ``key``
    wins a trick after the rival but none after the answer; ``"promotes"``, our ``key``
    wins a trick after the answer but none after the rival; ``"nil forced after rival"``,
    the Nil bidder must win a trick with the ``key`` after the rival;
    ``"nil forced after card"``, after the answer. In a hidden-hand puzzle the line is
    the one found on most of the ``deciding`` deals (those where the answer reaches the
    goal and the rival does not): on ``count`` of them."""

    kind: str
    key: Card
    seat: Seat
    rival: Card
    count: int = 0
    deciding: int = 0
