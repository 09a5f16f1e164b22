"""Cards, suits, ranks, hands, seats and teams: the small immutable values of the game.

Cards are interned: there are exactly 52 :class:`Card` objects, and every way
of naming a card returns one of them.

>>> Card.parse("as") is Card.parse("A♠")
True
>>> str(Card.parse("10h"))
'TH'
>>> hand = Hand.parse("S: AKQ3 H: K52 D: 7 C: A9842")
>>> str(hand), len(hand)
('AKQ3.K52.7.A9842', 13)
>>> Seat.N.next, Seat.N.partner, Seat.E.team
(<Seat.E: 1>, <Seat.S: 2>, <Team.EW: 1>)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Iterator, Mapping
from typing import Any, TypeVar, Union, overload

from spades_teach.errors import ParseError

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
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♠ ♥ ♦ ♣``."""
        return "♠♥♦♣"[self]

    @property
    def word(self) -> str:
        """The plural English name used in sentences ("must follow hearts")."""
        return ("spades", "hearts", "diamonds", "clubs")[self]

    @property
    def is_red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def is_trump(self) -> bool:
        """Spades are always trumps."""
        return self is Suit.SPADES

    @classmethod
    def coerce(cls, value: Suit | str) -> Suit:
        """Turn ``"S"``, ``"♠"``, ``"spades"`` (any case) or a :class:`Suit` into a Suit."""
        if isinstance(value, Suit):
            return value
        if isinstance(value, str):
            key = value.strip().lower()
            found = _SUIT_NAMES.get(key)
            if found is not None:
                return found
        raise ParseError(f"unknown suit {value!r}: use S, H, D, C or ♠ ♥ ♦ ♣")

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
        return "23456789TJQKA"[self - 2]

    @property
    def label(self) -> str:
        """The label printed on a card face: ``10`` rather than ``T``."""
        return "10" if self is Rank.TEN else self.letter

    @property
    def word(self) -> str:
        return self.name.lower()

    @classmethod
    def coerce(cls, value: Rank | str | int) -> Rank:
        if isinstance(value, Rank):
            return value
        if isinstance(value, int) and not isinstance(value, bool):
            if 2 <= value <= 14:
                return Rank(value)
        elif isinstance(value, str):
            found = _RANK_NAMES.get(value.strip().upper())
            if found is not None:
                return found
        raise ParseError(f"unknown rank {value!r}: use 2-9, T or 10, J, Q, K, A")

    def __str__(self) -> str:
        return self.letter


_SUIT_NAMES: dict[str, Suit] = {}
for _s in Suit:
    for _name in (_s.letter, _s.symbol, _s.word, _s.word[:-1]):
        _SUIT_NAMES[_name.lower()] = _s
for _alt, _s in zip("♤♡♢♧", Suit):
    _SUIT_NAMES[_alt] = _s
# Emoji presentation selector sometimes follows pasted suit symbols.
_RANK_NAMES: dict[str, Rank] = {r.letter: r for r in Rank}
_RANK_NAMES["10"] = Rank.TEN


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
        symbol, any case (``"AS"``, ``"10h"``, ``"q♦"``); ``"♠A"`` also works."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise ParseError(f"a card must be given as text like 'AS', not {text!r}")
        found = _CARD_NAMES.get(text)
        if found is not None:
            return found
        key = text.strip().upper().replace("\ufe0f", "")
        found = _CARD_NAMES.get(key)
        if found is not None:
            return found
        if not key:
            raise ParseError("empty card: write a card like 'AS' or '10H'")
        if key in _RANK_NAMES:
            raise ParseError(f"card {text!r} has no suit: add S, H, D or C, as in '{key}S'")
        # Name the faulty part: the suit is the last (or first) character.
        if key[-1].lower() in _SUIT_NAMES:
            rank_part = key[:-1]
            if not rank_part:
                raise ParseError(f"card {text!r} has no rank: put 2-9, T or 10, J, Q, K or A before the suit")
            raise ParseError(f"unknown rank {rank_part!r} in card {text!r}: use 2-9, T or 10, J, Q, K, A")
        if key[0].lower() in _SUIT_NAMES and key[1:] in _RANK_NAMES:
            return cls(key[1:], key[0])
        raise ParseError(f"unknown suit {key[-1]!r} in card {text!r}: use S, H, D, C or ♠ ♥ ♦ ♣")

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
        """Rank and suit symbol, as a person writes it: ``Q♥``, ``10♠``."""
        return self.rank.label + self.suit.symbol

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
_CARD_NAMES: dict[str, Card] = {}
for _c in _DECK:
    for _r in {_c.rank.letter, _c.rank.label}:
        for _sname in (_c.suit.letter, _c.suit.symbol):
            _CARD_NAMES[_r + _sname] = _c
            _CARD_NAMES[(_r + _sname).lower()] = _c
for _alt, _s in zip("♤♡♢♧", Suit):
    for _c in _DECK[_s * 13 : _s * 13 + 13]:
        _CARD_NAMES[_c.rank.letter + _alt] = _c
        _CARD_NAMES[_c.rank.label + _alt] = _c

SUIT_MASKS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in Suit)
FULL_DECK_MASK = (1 << 52) - 1

CardLike = Union[Card, str]


# _SUIT_TUPLES[suit][bits]: the cards of one suit whose 13-bit pattern is ``bits``,
# high to low. The list stays empty until the first use fills all four tables at
# once (about 20 ms and 3 MB), so ``import spades_teach`` stays quick and code that
# indexes the tables never meets a missing entry. It is filled in place, so a
# module that imported the name sees the filled tables.
_SUIT_TUPLES: list[list[tuple[Card, ...]]] = []


def _fill_suit_tuples() -> list[list[tuple[Card, ...]]]:
    """The four tables of ``_SUIT_TUPLES``, filled completely on the first call."""
    if _SUIT_TUPLES:
        return _SUIT_TUPLES
    tables: list[list[tuple[Card, ...]]] = []
    for suit in range(4):
        base = 13 * suit
        table: list[tuple[Card, ...]] = [()] * 8192
        for bits in range(1, 8192):
            # The lowest bit is the highest card; the rest (without it) is already known.
            table[bits] = (_DECK[base + (bits & -bits).bit_length() - 1], *table[bits & (bits - 1)])
        tables.append(table)
    _SUIT_TUPLES.extend(tables)
    return _SUIT_TUPLES


def _cards_of_mask(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask in display order, put together suit by suit."""
    t0, t1, t2, t3 = _SUIT_TUPLES or _fill_suit_tuples()
    return t0[mask & 0x1FFF] + t1[mask >> 13 & 0x1FFF] + t2[mask >> 26 & 0x1FFF] + t3[mask >> 39]


_MASK_CACHE: dict[int, tuple[Card, ...]] = {}
_MASK_CACHE_LIMIT = 1 << 16


def _mask_tuple(mask: int) -> tuple[Card, ...]:
    """The cards of a 52-bit mask in display order (recent masks are cached, for
    hands that are looked at again and again)."""
    found = _MASK_CACHE.get(mask)
    if found is not None:
        return found
    found = _cards_of_mask(mask)
    if len(_MASK_CACHE) >= _MASK_CACHE_LIMIT:
        _MASK_CACHE.clear()
    _MASK_CACHE[mask] = found
    return found


def _mask_cards(mask: int) -> Iterator[Card]:
    return iter(_mask_tuple(mask))


# -- hand parsing -----------------------------------------------------------------

_SEPARATORS = re.compile(r"[\s,;|/]+")
_TOKEN = re.compile(r"10|[2-9TJQKA]|[SHDC♠♥♦♣♤♡♢♧]|:|-")


def _tokenize(text: str, original: str) -> list[str]:
    cleaned = _SEPARATORS.sub("", text.upper().replace("\ufe0f", ""))
    tokens: list[str] = []
    pos = 0
    while pos < len(cleaned):
        match = _TOKEN.match(cleaned, pos)
        if match is None:
            bad = cleaned[pos]
            raise ParseError(f"unknown rank or suit {bad!r} in hand {original!r}")
        tokens.append(match.group())
        pos = match.end()
    return tokens


def _is_suit_token(token: str) -> bool:
    return token.lower() in _SUIT_NAMES


def _parse_dotted(text: str, original: str) -> list[Card]:
    groups = text.split(".")
    if len(groups) != 4:
        raise ParseError(
            f"a dotted hand needs exactly four groups (spades.hearts.diamonds.clubs), got {len(groups)} in {original!r}"
        )
    cards: list[Card] = []
    for suit, group in zip(Suit, groups):
        cleaned = _SEPARATORS.sub("", group.upper())
        if cleaned in ("", "-"):
            continue
        pos = 0
        while pos < len(cleaned):
            if cleaned.startswith("10", pos):
                token, pos = "10", pos + 2
            else:
                token, pos = cleaned[pos], pos + 1
            rank = _RANK_NAMES.get(token)
            if rank is None:
                raise ParseError(f"unknown rank {token!r} in the {suit.word} of hand {original!r}")
            cards.append(Card(rank, suit))
    return cards


def _parse_tokens(tokens: list[str], original: str) -> list[Card]:
    cards: list[Card] = []
    if _is_suit_token(tokens[0]):
        # Suit-labelled: a suit, an optional colon, then its ranks.
        suit: Suit | None = None
        for token in tokens:
            if _is_suit_token(token):
                suit = Suit.coerce(token)
            elif token in (":", "-"):
                continue
            else:
                assert suit is not None
                cards.append(Card(_RANK_NAMES[token], suit))
        return cards
    # A card list: rank, suit, rank, suit ...
    tokens = [t for t in tokens if t != "-"]
    if ":" in tokens:
        raise ParseError(f"a colon must follow a suit label, as in 'S: AKQ3', in hand {original!r}")
    i = 0
    while i < len(tokens):
        rank_token = tokens[i]
        if _is_suit_token(rank_token):
            raise ParseError(f"suit {rank_token!r} has no rank before it in hand {original!r}")
        if i + 1 >= len(tokens) or not _is_suit_token(tokens[i + 1]):
            raise ParseError(f"rank {rank_token!r} has no suit after it in hand {original!r}")
        cards.append(Card(_RANK_NAMES[rank_token], tokens[i + 1]))
        i += 2
    return cards


def parse_cards(text: str) -> list[Card]:
    """Read the cards of a hand in any supported format, in the order written.

    Duplicates are kept here; :meth:`Hand.parse` refuses them.
    """
    if not isinstance(text, str):
        raise ParseError(f"a hand must be given as text, not {text!r}")
    stripped = text.strip()
    if not stripped:
        raise ParseError("empty hand text: write cards like 'AKQ3.K52.7.A9842' or 'AS KS QS'")
    if "." in stripped:
        return _parse_dotted(stripped, text)
    tokens = _tokenize(stripped, text)
    if not tokens or all(t in ("-", ":") for t in tokens):
        raise ParseError(f"no cards found in hand {text!r}")
    return _parse_tokens(tokens, text)


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
                raise ParseError(f"duplicate card {str(card)!r}: a hand holds each card only once")
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
        cards = parse_cards(text)
        mask = 0
        for card in cards:
            if mask & card.mask:
                raise ParseError(f"duplicate card {str(card)!r} in hand {text!r}: a hand holds each card only once")
            mask |= card.mask
        return cls.from_mask(mask)

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
            raise ParseError(f"duplicate card {str(c)!r}")
        return Hand.from_mask(self._mask | c.mask)

    def remove(self, card: CardLike) -> Hand:
        """A new hand without ``card`` (raises if it is not there)."""
        c = Card.parse(card)
        if not self._mask & c.mask:
            raise ParseError(f"card {str(c)!r} is not in hand {str(self)!r}")
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
        groups = []
        for s in Suit:
            ranks = "".join(c.rank.letter for c in _mask_cards(self._mask & SUIT_MASKS[s]))
            groups.append(ranks)
        if not self._mask:
            return "-.-.-.-"
        return ".".join(groups)

    def labelled(self, symbols: bool = True) -> str:
        """The hand written suit by suit: ``♠AKQ3 ♥K52 ♦7 ♣A9842`` (``♠-`` for a void)."""
        parts = []
        for s in Suit:
            ranks = "".join(c.rank.label for c in _mask_cards(self._mask & SUIT_MASKS[s])) or "-"
            parts.append((s.symbol if symbols else s.letter + ": ") + ranks)
        return " ".join(parts)

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


# -- seats and teams ------------------------------------------------------------------


class Seat(enum.IntEnum):
    """North, East, South, West; play goes clockwise N → E → S → W."""

    N = 0
    E = 1
    S = 2
    W = 3

    def __bool__(self) -> bool:
        # A seat is always "something": North is 0 as an int, but never falsy.
        return True

    @property
    def next(self) -> Seat:
        """The seat to the left, who plays next (clockwise)."""
        return _SEATS[(self + 1) & 3]

    @property
    def previous(self) -> Seat:
        """The seat to the right, who played just before."""
        return _SEATS[(self + 3) & 3]

    @property
    def partner(self) -> Seat:
        return _SEATS[(self + 2) & 3]

    @property
    def team(self) -> Team:
        return Team(self & 1)

    @property
    def word(self) -> str:
        return ("North", "East", "South", "West")[self]

    @classmethod
    def coerce(cls, value: Seat | str | int) -> Seat:
        """Accept a Seat, ``"N"``/``"north"`` (any case) or 0–3."""
        if isinstance(value, Seat):
            return value
        if isinstance(value, str):
            found = _SEAT_NAMES.get(value.strip().lower())
            if found is not None:
                return found
        elif isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 3:
            return _SEATS[value]
        raise ParseError(f"unknown seat {value!r}: use N, E, S or W")

    def __str__(self) -> str:
        return self.name


_SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_NAMES: dict[str, Seat] = {}
for _seat in Seat:
    _SEAT_NAMES[_seat.name.lower()] = _seat
    _SEAT_NAMES[_seat.word.lower()] = _seat


class Team(enum.IntEnum):
    """The two partnerships: North–South and East–West."""

    NS = 0
    EW = 1

    def __bool__(self) -> bool:
        return True

    @property
    def seats(self) -> tuple[Seat, Seat]:
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @property
    def other(self) -> Team:
        return Team.EW if self is Team.NS else Team.NS

    @property
    def word(self) -> str:
        return "North–South" if self is Team.NS else "East–West"

    @classmethod
    def coerce(cls, value: Team | str | int) -> Team:
        """Accept a Team, ``"NS"``, ``"EW"`` (also ``"SN"``, ``"WE"``, ``"N-S"``)."""
        if isinstance(value, Team):
            return value
        if isinstance(value, str):
            key = value.strip().upper().replace("-", "").replace("/", "").replace("–", "")
            if key in ("NS", "SN"):
                return Team.NS
            if key in ("EW", "WE"):
                return Team.EW
        elif isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return Team(value)
        raise ParseError(f"unknown team {value!r}: use NS or EW")

    def __str__(self) -> str:
        return self.name


SeatLike = Union[Seat, str, int]
TeamLike = Union[Team, str]

K = TypeVar("K")
V = TypeVar("V")


class _CoercingDict(dict):  # type: ignore[type-arg]
    """A dict whose lookups also accept the string names of its keys."""

    _coerce: Any = None

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        dict.__init__(self, *args, **kwargs)
        if any(type(key) is str for key in self):
            items = list(dict.items(self))
            dict.clear(self)
            for key, value in items:
                dict.__setitem__(self, self._key(key), value)

    def __setitem__(self, key: object, value: Any) -> None:
        dict.__setitem__(self, self._key(key), value)

    def __delitem__(self, key: object) -> None:
        dict.__delitem__(self, self._key(key))

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key: object, default: Any = None) -> Any:
        return dict.setdefault(self, self._key(key), default)

    def pop(self, key: object, *default: Any) -> Any:
        return dict.pop(self, self._key(key), *default)

    def copy(self) -> Any:
        return type(self)(self)

    def _key(self, key: object) -> object:
        if isinstance(key, str):
            try:
                return type(self)._coerce(key)
            except ParseError:
                return key
        return key

    def __missing__(self, key: object) -> Any:
        coerced = self._key(key)
        if coerced is not key and dict.__contains__(self, coerced):
            return dict.__getitem__(self, coerced)
        raise KeyError(key)

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, self._key(key))

    def get(self, key: object, default: Any = None) -> Any:
        return dict.get(self, self._key(key), default)

    def __repr__(self) -> str:
        # Show seats and teams by name, since lookups by name work too: {'N': 4, 'E': 3}.
        items = ", ".join(f"{getattr(k, 'name', k)!r}: {v!r}" for k, v in self.items())
        return "{" + items + "}"


class SeatMap(_CoercingDict):
    """A ``dict`` keyed by :class:`Seat` that also answers ``m["N"]``."""

    _coerce = staticmethod(Seat.coerce)


class TeamMap(_CoercingDict):
    """A ``dict`` keyed by :class:`Team` (or, in two-player games, :class:`Seat`)
    that also answers ``m["NS"]`` and ``m["N"]``."""

    @staticmethod
    def _coerce(value: str) -> Team | Seat:
        try:
            return Team.coerce(value)
        except ParseError:
            return Seat.coerce(value)


@overload
def seat_map(values: Mapping[Any, V]) -> dict[Seat, V]: ...
@overload
def seat_map(values: None) -> dict[Seat, Any]: ...
def seat_map(values: Mapping[Any, V] | None) -> dict[Seat, Any]:
    """Normalise a mapping whose keys are seats or seat names."""
    out = SeatMap()
    if values:
        for key, value in values.items():
            seat = Seat.coerce(key)
            if seat in out:
                raise ParseError(f"seat {seat.name} is given twice")
            out[seat] = value
    return out
