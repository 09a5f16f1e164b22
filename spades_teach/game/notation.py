"""How cards, hands, seats and deals are written as text, and read back.

This module owns the written form of the game: the letters, symbols and words of
suits, ranks, seats and teams, the grammar of a hand (dotted, suit-labelled or a
card list) and of a PBN-style deal, and the error each malformed text gets. It
works on plain numbers (suit 0–3 in display order, rank 2–14, card index 0–51,
seat 0–3, 52-bit masks), so it sits under the value types: :class:`Card`,
:class:`Hand`, :class:`Seat` and :class:`Deal` call it from their ``parse``,
``coerce`` and ``str``.

>>> read_cards("AS 10h")
[0, 17]
>>> dotted(read_hand("S: AKQ3 H: K52 D: 7 C: A9842"))
'AKQ3.K52.7.A9842'
>>> labelled(read_hand("AKQ3.K52.7.A9842"))
'♠AKQ3 ♥K52 ♦7 ♣A9842'
>>> read_deal("S:AKQ3.K52.7.A9842 - KT9.AQ.K5432.QJ -")
(2, ['AKQ3.K52.7.A9842', None, 'KT9.AQ.K5432.QJ', None])
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from spades_teach.errors import ParseError

__all__ = [
    "SUIT_LETTERS",
    "SUIT_SYMBOLS",
    "SUIT_WORDS",
    "RANK_LETTERS",
    "SEAT_LETTERS",
    "SEAT_WORDS",
    "TEAM_WORDS",
    "card_index",
    "card_text",
    "rank_label",
    "suit_number",
    "rank_value",
    "seat_number",
    "team_number",
    "card_names",
    "suit_names",
    "rank_names",
    "seat_names",
    "read_card",
    "read_cards",
    "read_hand",
    "dotted",
    "labelled",
    "read_deal",
    "write_deal",
]

SUIT_LETTERS = "SHDC"
SUIT_SYMBOLS = "♠♥♦♣"
#: The plural English name of each suit, used in sentences ("must follow hearts").
SUIT_WORDS = ("spades", "hearts", "diamonds", "clubs")
#: Rank ``r`` (2–14) is written ``RANK_LETTERS[r - 2]``.
RANK_LETTERS = "23456789TJQKA"
SEAT_LETTERS = "NESW"
SEAT_WORDS = ("North", "East", "South", "West")
TEAM_WORDS = ("North–South", "East–West")

# The outline suit symbols are read as the solid ones.
_OUTLINE_SYMBOLS = "♤♡♢♧"

# Lower-case suit names (letter, symbol, plural and singular word) -> suit number.
_SUIT_NAMES: dict[str, int] = {}
for _s in range(4):
    for _name in (SUIT_LETTERS[_s], SUIT_SYMBOLS[_s], SUIT_WORDS[_s], SUIT_WORDS[_s][:-1]):
        _SUIT_NAMES[_name.lower()] = _s
    _SUIT_NAMES[_OUTLINE_SYMBOLS[_s]] = _s
# Upper-case rank names -> rank value.
_RANK_NAMES: dict[str, int] = {letter: value for value, letter in enumerate(RANK_LETTERS, start=2)}
_RANK_NAMES["10"] = 10
# Lower-case seat letters and words -> seat number.
_SEAT_NAMES: dict[str, int] = {}
for _n in range(4):
    _SEAT_NAMES[SEAT_LETTERS[_n].lower()] = _n
    _SEAT_NAMES[SEAT_WORDS[_n].lower()] = _n


def card_index(rank: int, suit: int) -> int:
    """The index of a card (0 = A♠ … 51 = 2♣): suits in display order, each from the ace down."""
    return suit * 13 + (14 - rank)


def card_text(index: int) -> str:
    """The two-character code of a card: ``AS``, ``TH``."""
    return RANK_LETTERS[12 - index % 13] + SUIT_LETTERS[index // 13]


def rank_label(rank: int) -> str:
    """The rank as printed on a card face: ``10`` rather than ``T``."""
    return "10" if rank == 10 else RANK_LETTERS[rank - 2]


def suit_number(value: object) -> int:
    """The suit named by ``"S"``, ``"♠"``, ``"spades"`` or ``"spade"`` (any case)."""
    if isinstance(value, str):
        found = _SUIT_NAMES.get(value.strip().lower())
        if found is not None:
            return found
    raise ParseError(f"unknown suit {value!r}: use S, H, D, C or ♠ ♥ ♦ ♣")


def rank_value(value: object) -> int:
    """The rank (2–14) named by ``"2"``–``"9"``, ``"T"`` or ``"10"``, ``"J"``, ``"Q"``, ``"K"``, ``"A"``."""
    if isinstance(value, str):
        found = _RANK_NAMES.get(value.strip().upper())
        if found is not None:
            return found
    raise ParseError(f"unknown rank {value!r}: use 2-9, T or 10, J, Q, K, A")


def seat_number(value: object) -> int:
    """The seat (0–3) named by ``"N"`` or ``"north"`` (any case)."""
    if isinstance(value, str):
        found = _SEAT_NAMES.get(value.strip().lower())
        if found is not None:
            return found
    raise ParseError(f"unknown seat {value!r}: use N, E, S or W")


def team_number(value: object) -> int:
    """The team (0 = North–South, 1 = East–West) named by ``"NS"`` or ``"EW"``
    (also ``"SN"``, ``"WE"``, ``"N-S"``, ``"N/S"``, any case)."""
    if isinstance(value, str):
        key = value.strip().upper().replace("-", "").replace("/", "").replace("–", "")
        if key in ("NS", "SN"):
            return 0
        if key in ("EW", "WE"):
            return 1
    raise ParseError(f"unknown team {value!r}: use NS or EW")


def suit_names() -> dict[str, int]:
    """Every lower-case name of every suit -> suit number (for a value type's fast lookup)."""
    return dict(_SUIT_NAMES)


def rank_names() -> dict[str, int]:
    """Every upper-case name of every rank -> rank value (for a value type's fast lookup)."""
    return dict(_RANK_NAMES)


def seat_names() -> dict[str, int]:
    """Every lower-case name of every seat -> seat number (for a value type's fast lookup)."""
    return dict(_SEAT_NAMES)


def card_names() -> dict[str, int]:
    """Every exact spelling of every card that needs no clean-up (``AS``, ``as``,
    ``10♥``, ``T♡`` …) -> card index: the fast path of reading a card."""
    names: dict[str, int] = {}
    for index in range(52):
        rank, suit = 14 - index % 13, index // 13
        for r in {RANK_LETTERS[rank - 2], rank_label(rank)}:
            for s in (SUIT_LETTERS[suit], SUIT_SYMBOLS[suit]):
                names[r + s] = index
                names[(r + s).lower()] = index
            names[r + _OUTLINE_SYMBOLS[suit]] = index
    return names


_CARD_NAMES = card_names()


def read_card(text: object) -> int:
    """The index of the card written ``text``: rank ``2-9, T, 10, J, Q, K, A`` then
    suit ``S H D C`` or a symbol, any case, spaces around ignored; suit first
    (``"♠A"``) works too. A malformed card gets an error naming the faulty part."""
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
        return card_index(_RANK_NAMES[key[1:]], _SUIT_NAMES[key[0].lower()])
    raise ParseError(f"unknown suit {key[-1]!r} in card {text!r}: use S, H, D, C or ♠ ♥ ♦ ♣")


# -- hands --------------------------------------------------------------------------------

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


def _read_dotted(text: str, original: str) -> list[int]:
    groups = text.split(".")
    if len(groups) != 4:
        raise ParseError(
            f"a dotted hand needs exactly four groups (spades.hearts.diamonds.clubs), got {len(groups)} in {original!r}"
        )
    cards: list[int] = []
    for suit, group in enumerate(groups):
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
                raise ParseError(f"unknown rank {token!r} in the {SUIT_WORDS[suit]} of hand {original!r}")
            cards.append(card_index(rank, suit))
    return cards


def _read_tokens(tokens: list[str], original: str) -> list[int]:
    cards: list[int] = []
    if _is_suit_token(tokens[0]):
        # Suit-labelled: a suit, an optional colon, then its ranks.
        suit: int | None = None
        for token in tokens:
            if _is_suit_token(token):
                suit = _SUIT_NAMES[token.lower()]
            elif token in (":", "-"):
                continue
            else:
                assert suit is not None
                cards.append(card_index(_RANK_NAMES[token], suit))
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
        cards.append(card_index(_RANK_NAMES[rank_token], _SUIT_NAMES[tokens[i + 1].lower()]))
        i += 2
    return cards


def read_cards(text: object) -> list[int]:
    """The card indices of a hand written in any supported format, in the order
    written: dotted ``AKQ3.K52.7.A9842``, suit-labelled ``S: AKQ3 H: K52 ...`` or
    ``♠AKQ3 ♥K52 ...``, or a card list ``AS KS``, ``AS,KS``, ``ASKS``. Duplicates
    are kept here; :func:`read_hand` refuses them."""
    if not isinstance(text, str):
        raise ParseError(f"a hand must be given as text, not {text!r}")
    stripped = text.strip()
    if not stripped:
        raise ParseError("empty hand text: write cards like 'AKQ3.K52.7.A9842' or 'AS KS QS'")
    if "." in stripped:
        return _read_dotted(stripped, text)
    tokens = _tokenize(stripped, text)
    if not tokens or all(t in ("-", ":") for t in tokens):
        raise ParseError(f"no cards found in hand {text!r}")
    return _read_tokens(tokens, text)


def read_hand(text: object) -> int:
    """The mask of the hand written ``text`` (see :func:`read_cards`); a card
    written twice is an error."""
    mask = 0
    for index in read_cards(text):
        bit = 1 << index
        if mask & bit:
            raise ParseError(f"duplicate card {card_text(index)!r} in hand {text!r}: a hand holds each card only once")
        mask |= bit
    return mask


def _ranks_of_suit(mask: int, suit: int, labels: bool) -> str:
    """The ranks a mask holds in one suit, high to low."""
    bits = mask >> (13 * suit) & 0x1FFF
    out = []
    while bits:
        low = bits & -bits
        rank = 15 - low.bit_length()
        out.append(rank_label(rank) if labels else RANK_LETTERS[rank - 2])
        bits ^= low
    return "".join(out)


def dotted(mask: int) -> str:
    """A hand in dotted form, ``AKQ3.K52.7.A9842`` (``-.-.-.-`` when empty), which
    :func:`read_hand` reads back."""
    if not mask:
        return "-.-.-.-"
    return ".".join(_ranks_of_suit(mask, suit, False) for suit in range(4))


def labelled(mask: int, symbols: bool = True) -> str:
    """A hand written suit by suit, ``♠AKQ3 ♥K52 ♦7 ♣A9842`` (``♠-`` for a void),
    or ``S: AKQ3 H: K52 ...`` without ``symbols``."""
    parts = []
    for suit in range(4):
        ranks = _ranks_of_suit(mask, suit, True) or "-"
        parts.append((SUIT_SYMBOLS[suit] if symbols else SUIT_LETTERS[suit] + ": ") + ranks)
    return " ".join(parts)


# -- deals --------------------------------------------------------------------------------


def read_deal(text: object) -> tuple[int, list[str | None]]:
    """Split a PBN-style deal ``"N:<hand> <hand> <hand> <hand>"`` into the named
    seat and the four hand texts, clockwise from it (``None`` for ``-``, an absent
    hand)."""
    if not isinstance(text, str):
        raise ParseError(f"a deal must be given as text, not {text!r}")
    stripped = text.strip()
    if len(stripped) < 2 or stripped[1] != ":":
        raise ParseError(f"a deal starts with a seat and a colon, as in 'N:AKQ3.K52.7.A9842 ...', got {text!r}")
    first = seat_number(stripped[0])
    parts = stripped[2:].split()
    if len(parts) != 4:
        raise ParseError(f"a deal needs four hands (use '-' for an absent one), got {len(parts)} in {text!r}")
    return first, [None if part == "-" else part for part in parts]


def write_deal(first: int, hands: Sequence[str | None]) -> str:
    """A PBN-style deal: the seat ``first`` then its hand and the next three
    clockwise (``None``, an absent hand, is written ``-``)."""
    return f"{SEAT_LETTERS[first]}:" + " ".join("-" if hand is None else hand for hand in hands)
