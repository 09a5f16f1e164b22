"""Cards, suits, ranks and hands: the small immutable values of the game.

Cards are interned: there are exactly 52 :class:`Card` objects, and every way
of naming a card returns one of them.

>>> Card.parse("as") is Card.parse("A♠")
True
>>> str(Card.parse("10h"))
'TH'
>>> hand = Hand.parse("S: AKQ3 H: K52 D: 7 C: A9842")
>>> str(hand), len(hand)
('AKQ3.K52.7.A9842', 13)

How they are written and read lives in :mod:`spades_teach.game.notation`, the
bit masks behind :class:`Hand` in :mod:`spades_teach.game._bits`. Seats and teams
(:class:`Seat`, :class:`Team`, :class:`SeatMap`, :class:`TeamMap`) live in
:mod:`spades_teach.game.seating` and are importable from here as well.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any, Union

from spades_teach.errors import ParseError
from spades_teach.game._bits import FULL_DECK_MASK, SUIT_MASKS, set_deck
from spades_teach.game._bits import MASK_CACHE as _MASK_CACHE
from spades_teach.game._bits import mask_tuple as _mask_tuple
from spades_teach.game.notation import (
    RANK_LETTERS,
    SUIT_LETTERS,
    SUIT_SYMBOLS,
    card_face,
    card_name,
    card_names,
    dotted,
    labelled,
    rank_face,
    rank_names,
    rank_value,
    read_card,
    read_hand,
    suit_names,
    suit_number,
    suit_word,
)

# Seats and teams live in ``seating``; they are importable from here as well.
from spades_teach.game.seating import Seat, SeatLike, SeatMap, Team, TeamLike, TeamMap
from spades_teach.i18n import _, ngettext

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "Hand",
    "Seat",
    "Team",
    "SeatMap",
    "TeamMap",
    "CardLike",
    "Cards",
    "HandLike",
    "SeatLike",
    "TeamLike",
    "SUIT_MASKS",
    "FULL_DECK_MASK",
]


class Suit(enum.IntEnum):
    """The four suits in display order: spades, hearts, diamonds, clubs."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        """One ASCII letter: ``S``, ``H``, ``D`` or ``C``."""
        return SUIT_LETTERS[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♥ ♦ ♣``."""
        return SUIT_SYMBOLS[self]

    @property
    def word(self) -> str:
        """The suit's name in a sentence of the language in use ("must follow hearts",
        French ``cœur``, Spanish ``corazones``; :data:`SUIT_WORDS` keeps the English ones)."""
        return suit_word(self)

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @classmethod
    def coerce(cls, value: Suit | str) -> Suit:
        """Turn ``"S"``, ``"♠"``, ``"spades"`` (any case) or a :class:`Suit` into a Suit."""
        if isinstance(value, Suit):
            return value
        if isinstance(value, str):
            found = _SUIT_NAMES.get(value.strip().lower())
            if found is not None:
                return found
        return _SUITS[suit_number(value)]  # raises the error that names the problem

    def __str__(self) -> str:
        return self.letter


class Rank(enum.IntEnum):
    """Ranks from two (low) to ace (high); the value is the pip count, ace = 14."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def letter(self) -> str:
        """One ASCII character: ``2``–``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_LETTERS[self - 2]

    @property
    def label(self) -> str:
        """The label printed on a card face, as a player of the language in use writes it:
        ``10`` rather than ``T``, French ``R D V`` for ``K Q J`` (:attr:`letter` stays ASCII)."""
        return rank_face(self)

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def coerce(cls, value: Rank | str | int) -> Rank:
        if isinstance(value, Rank):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            if 2 <= value <= 14:
                return _RANKS[value - 2]
        elif isinstance(value, str):
            found = _RANK_NAMES.get(value.strip().upper())
            if found is not None:
                return found
        return _RANKS[rank_value(value) - 2]  # raises the error that names the problem

    def __str__(self) -> str:
        return self.letter


_SUITS: tuple[Suit, ...] = tuple(Suit)
_RANKS: tuple[Rank, ...] = tuple(Rank)
_SUIT_NAMES: dict[str, Suit] = {name: _SUITS[number] for name, number in suit_names().items()}
_RANK_NAMES: dict[str, Rank] = {name: _RANKS[value - 2] for name, value in rank_names().items()}


class Card:
    """A playing card: an interned, immutable value.

    ``Card(rank, suit)`` and :meth:`Card.parse` both return one of the 52
    shared instances, so cards compare with ``==`` (and even ``is``).
    Cards order by strength for display: any spade is above any heart, and so on,
    and within a suit the ace is highest.

    >>> Card("Q", "H")
    Card('QH')
    >>> sorted(Card.parse(c) for c in ["2C", "AS", "TH"])
    [Card('2C'), Card('TH'), Card('AS')]
    """

    __slots__ = ("_text", "index", "mask", "rank", "suit")

    rank: Rank
    suit: Suit
    index: int
    mask: int
    _text: str

    def __new__(cls, rank: Rank | str | int, suit: Suit | str) -> Card:
        r = Rank.coerce(rank)
        s = Suit.coerce(suit)
        return _DECK[s * 13 + (14 - r)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        object.__setattr__(card, "rank", rank)
        object.__setattr__(card, "suit", suit)
        index = suit * 13 + (14 - rank)
        object.__setattr__(card, "index", index)
        object.__setattr__(card, "mask", 1 << index)
        object.__setattr__(card, "_text", rank.letter + suit.letter)
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card: rank ``2-9, T, 10, J, Q, K, A`` then suit ``S H D C`` or a
        symbol, any case (``"AS"``, ``"10h"``, ``"q♦"``); ``"♠A"`` also works
        (the grammar and its errors: :func:`spades_teach.game.notation.read_card`)."""
        if isinstance(text, Card):
            return text
        if isinstance(text, str):
            found = _CARD_NAMES.get(text)
            if found is not None:
                return found
        return _DECK[read_card(text)]

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with this index (0 = A♠ ... 51 = 2♣, display order)."""
        return _DECK[index]

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        return (Card.parse, (self._text,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: object) -> Card:
        return self

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self._text!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.index == other.index
        return NotImplemented

    def __lt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __le__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __gt__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __ge__(self, other: Card) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    @property
    def pretty(self) -> str:
        """Rank and suit symbol, as a person writes it in the language in use: ``Q♥``,
        ``10♠`` (French ``D♥``)."""
        return card_face(self.index)

    @property
    def is_spade(self) -> bool:
        return self.suit is Suit.SPADES

    def beats(self, other: Card, led: Suit) -> bool:
        """Whether this card beats ``other`` in a trick where ``led`` was led (the
        rules kernel decides: :func:`spades_teach.game.kernel.card_beats`)."""
        from spades_teach.game.kernel import card_beats

        return card_beats(self, other, led)

    def _repr_html_(self) -> str:
        from spades_teach.render.html import card_html

        return card_html(self)


_DECK: tuple[Card, ...] = tuple(Card._make(r, s) for s in Suit for r in sorted(Rank, reverse=True))
set_deck(_DECK)
# Every exact spelling of every card -> the card: the fast path of Card.parse.
_CARD_NAMES: dict[str, Card] = {name: _DECK[index] for name, index in card_names().items()}

CardLike = Union[Card, str]


# -- Hand ----------------------------------------------------------------------------

HandLike = Union["Hand", str, Iterable[CardLike]]


class Hand:
    """An immutable set of distinct cards, shown spades first, high to low in each suit.

    ``Hand.parse`` reads every supported format; ``str(hand)`` writes the dotted
    form, which parses back to an equal hand.

    >>> h = Hand.parse("AS KS QS 3S")
    >>> str(h), "KS" in h, len(h)
    ('AKQ3...', True, 4)
    >>> Hand.parse("♠AKQ3 ♥K52 ♦7 ♣A9842") == Hand.parse("akq3.k52.7.a9842")
    True
    """

    __slots__ = ("_mask",)
    _mask: int

    def __init__(self, cards: Iterable[CardLike] = ()) -> None:
        mask = 0
        for item in cards:
            card = Card.parse(item) if not isinstance(item, Card) else item
            if mask & card.mask:
                raise ParseError(
                    _("duplicate card {card}: a hand holds each card only once").format(
                        card=repr(card_name(card.index))
                    )
                )
            mask |= card.mask
        object.__setattr__(self, "_mask", mask)

    @classmethod
    def from_mask(cls, mask: int) -> Hand:
        """The hand whose cards are the set bits of ``mask`` (bit ``i`` = ``Card.from_index(i)``)."""
        hand = _new_object(cls)
        _set_hand_mask(hand, mask & FULL_DECK_MASK)
        return hand

    @classmethod
    def parse(cls, text: str) -> Hand:
        """Read a hand: dotted ``AKQ3.K52.7.A9842``, labelled ``S: AKQ3 H: K52 ...``
        or ``♠AKQ3 ♥K52 ...``, or a card list ``AS KS``, ``AS,KS``, ``ASKS``."""
        if isinstance(text, Hand):
            return text
        return cls.from_mask(read_hand(text))

    @classmethod
    def dealt(cls, value: HandLike) -> Hand:
        """The 13 cards dealt to a player (as :meth:`coerce` reads them); any other
        count is refused with the learner's own text and the count.

        >>> Hand.dealt("AS KS")
        Traceback (most recent call last):
        ...
        spades_teach.errors.ParseError: 'AS KS' holds 2 cards; a hand at the start has 13
        """
        hand = cls.coerce(value)
        if len(hand) != 13:
            shown = " ".join(value.split()) if isinstance(value, str) else hand.labelled()
            raise ParseError(
                ngettext(
                    "{text} holds {count} card; a hand at the start has 13",
                    "{text} holds {count} cards; a hand at the start has 13",
                    len(hand),
                ).format(text=repr(shown), count=len(hand))
            )
        return hand

    @classmethod
    def coerce(cls, value: HandLike) -> Hand:
        """Accept a Hand, a hand string or an iterable of cards / card strings."""
        if isinstance(value, Hand):
            return value
        if isinstance(value, str):
            return cls.parse(value)
        return cls(value)

    @property
    def mask(self) -> int:
        return self._mask

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Hand is immutable")

    def __reduce__(self) -> tuple[Any, tuple[int]]:
        return (Hand.from_mask, (self._mask,))

    def __iter__(self) -> Iterator[Card]:
        found = _MASK_CACHE.get(self._mask)
        return iter(found if found is not None else _mask_tuple(self._mask))

    def __len__(self) -> int:
        return self._mask.bit_count()

    def __bool__(self) -> bool:
        return self._mask != 0

    def __contains__(self, item: object) -> bool:
        if isinstance(item, Card):
            return bool(self._mask & item.mask)
        if isinstance(item, str):
            try:
                return bool(self._mask & Card.parse(item).mask)
            except ParseError:
                return False
        return False

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self._mask == other._mask
        if isinstance(other, Cards):
            return self._mask == other.mask
        if isinstance(other, (set, frozenset)):
            try:
                return self._mask == Hand(other)._mask
            except ParseError:
                return False
        return NotImplemented

    def __hash__(self) -> int:
        return hash(("Hand", self._mask))

    def __or__(self, other: HandLike) -> Hand:
        return Hand.from_mask(self._mask | Hand.coerce(other)._mask)

    def __and__(self, other: HandLike) -> Hand:
        return Hand.from_mask(self._mask & Hand.coerce(other)._mask)

    def __sub__(self, other: HandLike) -> Hand:
        return Hand.from_mask(self._mask & ~Hand.coerce(other)._mask)

    def add(self, card: CardLike) -> Hand:
        """A new hand with ``card`` added (raises if it is already there)."""
        c = Card.parse(card)
        if self._mask & c.mask:
            raise ParseError(_("duplicate card {card}").format(card=repr(card_name(c.index))))
        return Hand.from_mask(self._mask | c.mask)

    def remove(self, card: CardLike) -> Hand:
        """A new hand without ``card`` (raises if it is not there)."""
        c = Card.parse(card)
        if not self._mask & c.mask:
            raise ParseError(
                _("card {card} is not in hand {hand}").format(card=repr(card_name(c.index)), hand=repr(str(self)))
            )
        return Hand.from_mask(self._mask & ~c.mask)

    def suit(self, suit: Suit | str) -> tuple[Card, ...]:
        """The cards of one suit, high to low."""
        s = Suit.coerce(suit)
        return _mask_tuple(self._mask & SUIT_MASKS[s])

    def count(self, suit: Suit | str) -> int:
        """How many cards of ``suit`` the hand holds."""
        return (self._mask & SUIT_MASKS[Suit.coerce(suit)]).bit_count()

    def has_suit(self, suit: Suit | str) -> bool:
        return bool(self._mask & SUIT_MASKS[Suit.coerce(suit)])

    @property
    def lengths(self) -> dict[Suit, int]:
        """Suit lengths in display order."""
        return {s: self.count(s) for s in Suit}

    @property
    def shape(self) -> tuple[int, int, int, int]:
        """Suit lengths as a tuple (spades, hearts, diamonds, clubs)."""
        return (self.count(Suit.SPADES), self.count(Suit.HEARTS), self.count(Suit.DIAMONDS), self.count(Suit.CLUBS))

    @property
    def cards(self) -> tuple[Card, ...]:
        """All cards in display order."""
        return _mask_tuple(self._mask)

    def __str__(self) -> str:
        return dotted(self._mask)

    def labelled(self, symbols: bool = True) -> str:
        """The hand written suit by suit: ``♠AKQ3 ♥K52 ♦7 ♣A9842`` (``♠-`` for a void)."""
        return labelled(self._mask, symbols)

    def __repr__(self) -> str:
        return f"Hand({str(self)!r})"

    def _repr_html_(self) -> str:
        from spades_teach.render.html import hand_html

        return hand_html(self)


_new_object = object.__new__
_set_hand_mask = Hand.__dict__["_mask"].__set__
_new_tuple = tuple.__new__


class Cards(tuple):  # type: ignore[type-arg]
    """Distinct cards in display order, as an immutable sequence: what
    :meth:`Round.legal_plays` returns. It is iterable, sized and indexable like a
    tuple, ``in`` also accepts card text (``"QH" in cards``), and it compares
    equal to a :class:`Hand` (or set) holding the same cards.

    >>> cards = Cards.of("KH 2S QH")
    >>> cards, "qh" in cards, cards == Hand.parse("2S KH QH")
    (Cards('2S KH QH'), True, True)
    """

    __slots__ = ()

    @classmethod
    def of(cls, cards: HandLike) -> Cards:
        """The cards of a hand, a hand string or an iterable, in display order."""
        return cls._from_mask(Hand.coerce(cards).mask)

    @classmethod
    def _from_mask(cls, mask: int) -> Cards:
        found = _MASK_CACHE.get(mask)
        made: Cards = _new_tuple(cls, found if found is not None else _mask_tuple(mask))
        return made

    @property
    def mask(self) -> int:
        out = 0
        for card in self:
            out |= card.mask
        return out

    @property
    def hand(self) -> Hand:
        """The same cards as a :class:`Hand`."""
        return Hand.from_mask(self.mask)

    def __contains__(self, item: object) -> bool:
        if isinstance(item, str):
            try:
                item = Card.parse(item)
            except ParseError:
                return False
        return tuple.__contains__(self, item)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Hand):
            return self.mask == other.mask
        if isinstance(other, (set, frozenset)):
            return set(self) == other
        return tuple.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = tuple.__hash__

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"Cards({str(self)!r})"
