"""The 52-bit card masks and the tables that turn a mask back into cards.

Bit ``i`` of a mask stands for the card of index ``i`` (0 = A♠ … 51 = 2♣, display
order): spades are bits 0–12, hearts 13–25, diamonds 26–38, clubs 39–51, each
suit from the ace down. The names here are package-internal: the game, advice
and analysis modules import them, learners never need them.

This module sits under :mod:`spades_teach.game.cards` and knows nothing of how a
card is made: ``cards`` hands it the 52 card objects once (:func:`set_deck`), and
the tables are built from them on first use.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # for annotations only: cards imports this module, not the reverse
    from spades_teach.game.cards import Card

__all__ = [
    "SUIT_MASKS",
    "FULL_DECK_MASK",
    "DECK",
    "SUIT_TUPLES",
    "MASK_CACHE",
    "set_deck",
    "fill_suit_tuples",
    "cards_of_mask",
    "mask_tuple",
    "mask_cards",
]

#: The mask of each suit, in :class:`~spades_teach.game.cards.Suit` order.
SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
FULL_DECK_MASK = (1 << 52) - 1

#: The 52 cards by index, given once by :mod:`spades_teach.game.cards` (:func:`set_deck`).
DECK: list[Card] = []

# SUIT_TUPLES[suit][bits]: the cards of one suit whose 13-bit pattern is ``bits``,
# high to low. The list stays empty until the first use fills all four tables at
# once (about 20 ms and 3 MB), so ``import spades_teach`` stays quick and code that
# indexes the tables never meets a missing entry. It is filled in place, so a
# module that imported the name sees the filled tables.
SUIT_TUPLES: list[list[tuple[Card, ...]]] = []


def set_deck(deck: Sequence[Card]) -> None:
    """Record the 52 cards, by index (called once, by :mod:`spades_teach.game.cards`)."""
    if len(deck) != 52:
        raise ValueError(f"a deck has 52 cards, got {len(deck)}")
    DECK[:] = deck


def fill_suit_tuples() -> list[list[tuple[Card, ...]]]:
    """The four tables of ``SUIT_TUPLES``, filled completely on the first call."""
    if SUIT_TUPLES:
        return SUIT_TUPLES
    tables: list[list[tuple[Card, ...]]] = []
    for suit in range(4):
        base = 13 * suit
        table: list[tuple[Card, ...]] = [()] * 8192
        for bits in range(1, 8192):
            # The lowest bit is the highest card; the rest (without it) is already known.
            table[bits] = (DECK[base + (bits & -bits).bit_length() - 1], *table[bits & (bits - 1)])
        tables.append(table)
    SUIT_TUPLES.extend(tables)
    return SUIT_TUPLES


def cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask in display order, put together suit by suit."""
    t0, t1, t2, t3 = SUIT_TUPLES or fill_suit_tuples()
    return t0[mask & 0x1FFF] + t1[mask >> 13 & 0x1FFF] + t2[mask >> 26 & 0x1FFF] + t3[mask >> 39]


MASK_CACHE: dict[int, tuple[Card, ...]] = {}
_MASK_CACHE_LIMIT = 1 << 16


def mask_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask in display order (recent masks are cached, for
    hands that are looked at again and again)."""
    found = MASK_CACHE.get(mask)
    if found is not None:
        return found
    found = cards_of_mask(mask)
    if len(MASK_CACHE) >= _MASK_CACHE_LIMIT:
        MASK_CACHE.clear()
    MASK_CACHE[mask] = found
    return found


def mask_cards(mask: int) -> Iterator[Card]:
    """The cards of a mask, as an iterator, in display order."""
    return iter(mask_tuple(mask))
