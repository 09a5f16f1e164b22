"""Words the advice puts into its translated sentences: suits and seats in the language in use.

A sentence names a suit in one of two forms: ``{suit}``, the word for the whole suit
("hearts", French "cœur", Spanish "corazones"), and ``{suit_one}``, the word for one card
of it ("heart"). French and Spanish say one card of a suit with the suit's word inside
the phrase ("votre plus petit cœur", "tu carta más baja de corazones"), so their
``suit_one`` is the suit's word itself.

>>> from spades_teach.i18n import set_language
>>> suit_one(Suit.HEARTS), suit_words(Suit.HEARTS)
('heart', 'hearts')
>>> set_language("fr")
>>> suit_one(Suit.HEARTS), seat_name(Seat.W)
('cœur', 'Ouest')
>>> set_language("en")
"""

from __future__ import annotations

from spades_teach.game.cards import Card, Rank, Suit
from spades_teach.game.notation import seat_word, suit_word
from spades_teach.game.seating import Seat
from spades_teach.i18n import decimal, get_language

__all__ = ["suit_words", "suit_one", "seat_name", "number", "card_names", "card_face"]


def suit_words(suit: Suit) -> str:
    """The suit's word in a sentence of the language in use: ``hearts``, ``cœur``, ``corazones``."""
    return suit_word(int(suit))


def suit_one(suit: Suit) -> str:
    """The word for one card of the suit: ``heart`` in English; the suit's word in French
    and Spanish, whose sentences put it in a phrase of their own."""
    return suit.word[:-1] if get_language() == "en" else suit_word(int(suit))


def seat_name(seat: Seat | int) -> str:
    """The seat's name in a sentence of the language in use: ``West``, ``Ouest``, ``Oeste``."""
    return seat_word(int(seat))


def number(value: float) -> str:
    """A count of tricks as a learner reads it, with as many decimals as it has (up to
    two) and the decimal mark of the language in use: ``5.25``, ``0.5``, ``3``; French
    ``5,25``.

    >>> number(5.25), number(3.0), number(-0.5)
    ('5.25', '3', '−0.5')
    """
    for digits in (0, 1, 2):
        if abs(round(value, digits) - value) < 1e-9:
            return decimal(value, digits)
    return decimal(value, 2)


def card_names(cards: tuple[Card, ...]) -> str:
    """Cards as the language in use writes them, one space apart: ``K♠ 9♠``."""
    return " ".join(c.pretty for c in cards)


def card_face(rank: Rank, suit: Suit) -> str:
    """A card as the language in use writes it (``K♠``; French ``R♠``)."""
    return Card(rank, suit).pretty
