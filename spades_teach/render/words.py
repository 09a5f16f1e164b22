"""Plain words for the chapters' printed output: cards with suit symbols and spaces, seats and
teams by name. No rule lives here; these functions only say what the engine decided.

>>> from spades_teach import Hand
>>> cards_text(Hand.parse("AKQT.K52..4"))
'A♠ K♠ Q♠ 10♠ K♥ 5♥ 2♥ 4♣'
>>> hand_text(Hand.parse("AKQT.K52..4"))
'♠ A K Q 10   ♥ K 5 2   ♦ —   ♣ 4'
>>> by_seat({"N": 4, "E": 2, "S": 3, "W": "nil"})
'North 4, East 2, South 3, West nil'
>>> by_side({"NS": 72, "EW": -50}, signed=True)
'North–South +72, East–West −50'
>>> signed(72), signed(-50), signed(0)
('+72', '−50', '0')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.notation import seat_word, team_word
from spades_teach.game.seating import Seat, Team
from spades_teach.i18n import _, format_number, format_signed
from spades_teach.i18n import format_signed as signed  # the chapters print a score change with it

__all__ = ["by_seat", "by_side", "cards_text", "hand_text", "signed", "trick_text", "side_name"]


def cards_text(cards: Iterable[Card | str]) -> str:
    """Cards as they are printed on their faces, separated by spaces."""
    return " ".join(Card.parse(c).pretty for c in cards)


def hand_text(hand: Hand | str) -> str:
    """A hand suit by suit, ranks separated by spaces so that 10 and 4 never run together."""
    h = Hand.coerce(hand)
    parts = []
    for suit in Suit:
        ranks = " ".join(card.rank.label for card in h.suit(suit))
        parts.append(f"{suit.symbol} {ranks or '—'}")
    return "   ".join(parts)


def side_name(side: Any) -> str:
    """``'North–South'`` for a team, ``'North'`` for a seat (two-player sides are seats), in the
    language in use."""
    name = getattr(side, "name", str(side))
    if name in ("NS", "EW"):
        return team_word(Team.coerce(name))
    return seat_word(int(Seat.coerce(name)))


def by_seat(values: Mapping[Any, Any]) -> str:
    """A seat → value map in plain words, clockwise from North."""
    found = {Seat.coerce(k): v for k, v in values.items()}
    return ", ".join(f"{seat_word(int(seat))} {found[seat]}" for seat in Seat if seat in found)


def by_side(values: Mapping[Any, int], *, signed: bool = False) -> str:
    """A side → number map in plain words (``signed`` adds + and −)."""
    parts = []
    for key, value in values.items():
        shown = format_signed(value) if signed else format_number(value)
        parts.append(f"{side_name(key)} {shown}")
    return ", ".join(parts)


def trick_text(trick: Any) -> str:
    """A trick in words: ``'trick 1: North A♥, East 6♥, South 2♥, West 3♥; North wins'``."""
    plays = ", ".join(f"{seat_word(int(seat))} {card.pretty}" for seat, card in trick.plays)
    if trick.winner is not None:
        return _("trick {number}: {plays}; {seat} wins").format(
            number=trick.number, plays=plays, seat=seat_word(int(trick.winner))
        )
    return _("trick {number}: {plays} (in progress)").format(number=trick.number, plays=plays)
