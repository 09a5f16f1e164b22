"""Deals: four hands of 13 (or two, for two-player Spades), their notation and
reproducible random dealing.

Reproducible shuffling
----------------------
``deal(seed)`` must give the same cards on every machine and every Python
version, so it does not use :mod:`random` (whose algorithms may change). The
seed (an ``int`` or a ``str``) is written as text, ``"int:<n>"`` or
``"str:<text>"``, and a byte stream is drawn from SHA-256 in counter mode:
block ``k`` is ``sha256(b"spades_teach/deal/v1|" + seed_text + b"|" + k)`` with
``k`` as 8 big-endian bytes. A uniform integer below ``n`` is taken from one byte
``b`` by rejection (``b`` is used only when ``b < 256 - 256 % n``, then ``b % n``).
The deck starts in display order (A♠ … 2♣) and is shuffled by Fisher–Yates from
the top: for ``i`` from 51 down to 1, swap ``i`` with a uniform ``j`` in
``0..i``. Cards are then dealt one at a time, clockwise, starting with the
player to the dealer's left. Changing any of this changes every seeded deal,
so the test suite pins a few of them.

Deal codes
----------
Every deal, dealt or typed in, has a 20-character code (``Deal.code``) such as
``"0D5KX-4N2QR-..."``: the hands are numbered with the combinatorial number
system, the dealer is added, and the number is written in Crockford base 32.
``Deal.from_code`` reads it back.
"""

from __future__ import annotations

import datetime as _dt
import hashlib
import re
import secrets
from collections.abc import Callable, Iterator, Mapping
from math import comb
from typing import Any, TypeVar, Union

from spades_teach._text import quoted
from spades_teach.errors import ParseError
from spades_teach.game._bits import FULL_DECK_MASK, mask_cards
from spades_teach.game.cards import Card, Hand, HandLike
from spades_teach.game.kernel import DEAL_MASKS as _COMPILED_DEAL_MASKS
from spades_teach.game.kernel import SHUFFLE as _SHUFFLE
from spades_teach.game.notation import card_name, read_deal, seat_word, write_deal
from spades_teach.game.seating import Seat, SeatLike, SeatMap, seating_for
from spades_teach.i18n import _, ngettext

__all__ = ["Deal", "deal", "shuffled_deck", "DealLike"]

_SEAT_ORDER = (Seat.N, Seat.E, Seat.S, Seat.W)
_new_deal = object.__new__
_BITS = tuple(1 << i for i in range(52))
_new_dict = dict.__new__
_dict_update = dict.update
_hand_of_mask = Hand.from_mask
_ISO_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _seed_text(seed: int | str) -> bytes:
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise ParseError(_("a seed must be an int or a str, not {value}").format(value=repr(seed)))
    kind = "int" if isinstance(seed, int) else "str"
    try:
        return f"{kind}:{seed}".encode()
    except UnicodeEncodeError:
        raise ParseError(
            _("a text seed must be valid Unicode text, got {value} (it holds a lone surrogate)").format(
                value=repr(seed)
            )
        ) from None
    except ValueError:  # Python will not write an integer of thousands of digits
        raise ParseError(_("an integer seed is too long: got {value}").format(value=quoted(seed))) from None


def _shuffled_indices(seed: int | str, purpose: bytes = b"deal") -> list[int]:
    """Card indices 0-51 shuffled reproducibly from ``seed`` (see the module docs):
    the byte stream, shuffled by the compiled kernel when it is in use
    (:data:`~spades_teach.game.kernel.SHUFFLE`), else by :func:`_shuffle_stream`.
    ``tests/test_deals.py`` checks the result against an independent implementation."""
    return _from_stream(seed, purpose, _SHUFFLE or _shuffle_stream)


_T = TypeVar("_T")


def _from_stream(seed: int | str, purpose: bytes, read: Callable[..., _T | None], *args: int) -> _T:
    """What ``read(stream, *args)`` makes of the byte stream of ``seed`` (see the module docs): 51 draws
    of one byte each plus the rare rejected bytes (under 3 on average), so two blocks
    suffice but for about one seed in a million; when ``read`` runs out of bytes (it
    answers ``None``), the stream is made longer, beginning with the same bytes."""
    prefix = b"spades_teach/" + purpose + b"/v1|" + _seed_text(seed) + b"|"
    sha256 = hashlib.sha256
    blocks = _FIRST_BLOCKS
    while True:
        if blocks == 2:  # the usual stream, without a generator
            buffer = sha256(prefix + _COUNTER_0).digest() + sha256(prefix + _COUNTER_1).digest()
        else:
            buffer = b"".join(sha256(prefix + k.to_bytes(8, "big")).digest() for k in range(blocks))
        made = read(buffer, *args)
        if made is not None:
            return made
        blocks += 2


_COUNTER_0 = (0).to_bytes(8, "big")
_COUNTER_1 = (1).to_bytes(8, "big")


def _shuffle_stream(buffer: bytes) -> list[int] | None:
    """The Fisher-Yates shuffle of the module docs on the byte stream ``buffer``: the
    card indices 0-51 shuffled, or ``None`` if the stream runs out first. The
    reference for the compiled form; one local loop, for speed."""
    deck = list(range(52))
    pos = 0
    try:
        for i, n, limit in _STEPS:
            b = buffer[pos]
            pos += 1
            while b >= limit:
                b = buffer[pos]
                pos += 1
            j = b % n
            deck[i], deck[j] = deck[j], deck[i]
    except IndexError:
        return None
    return deck


def _deal_stream(buffer: bytes, first: int) -> tuple[int, int, int, int] | None:
    """The deck shuffled by :func:`_shuffle_stream` dealt one card at a time clockwise
    from seat number ``first``: the hands as masks by seat number, or ``None`` if the
    stream runs out first. The reference for the compiled form."""
    deck = _shuffle_stream(buffer)
    if deck is None:
        return None
    masks = [0, 0, 0, 0]
    for offset in range(4):
        masks[(first + offset) & 3] = sum(map(_BITS.__getitem__, deck[offset::4]))
    return masks[0], masks[1], masks[2], masks[3]


_DEAL_MASKS: Callable[[bytes, int], tuple[int, int, int, int] | None] = _COMPILED_DEAL_MASKS or _deal_stream

_FIRST_BLOCKS = 2
# _STEPS: for i = 51 down to 1, (i, n = i + 1, limit): a byte below ``limit`` maps
# uniformly onto 0..i by ``byte % n`` (rejection sampling).
_STEPS = tuple((i, i + 1, 256 - 256 % (i + 1)) for i in range(51, 0, -1))


def shuffled_deck(seed: int | str, purpose: bytes = b"deal") -> list[Card]:
    """The 52 cards shuffled reproducibly from ``seed`` (see the module docs)."""
    return [Card.from_index(i) for i in _shuffled_indices(seed, purpose)]


DealLike = Union["Deal", str]


class Deal(Mapping[Seat, Hand]):
    """The hands of one deal: ``deal[seat]`` is that seat's :class:`Hand`.

    A four-player deal has four hands of 13 cards with no card in two hands. A
    two-player deal (see :mod:`spades_teach.game.twoplayer`) has hands for North and
    South only. ``dealer`` is kept for convenience but is not part of equality:
    two deals are equal when every seat holds the same cards.

    >>> d = Deal.parse("N:QJT5.AT5.Q653.98 K962.Q87.8.JT763 8743.K942.AT4.KQ A.J63.KJ972.A542")
    >>> d["S"]
    Hand('8743.K942.AT4.KQ')
    >>> Deal.parse(str(d)) == d and Deal.from_code(d.code) == d
    True
    """

    # _masks: the hands as masks by seat number (0 for a seat with no hand), what a Round starts from.
    __slots__ = ("_hands", "_masks", "dealer")

    def __init__(self, hands: Mapping[Any, HandLike], *, dealer: SeatLike = Seat.N) -> None:
        if not isinstance(hands, Mapping):
            raise ParseError(
                _("a deal maps seats to hands, as in {example}, not {value}").format(
                    example="{'N': hand, ...}", value=quoted(hands)
                )
            )
        parsed: dict[Seat, Hand] = {}
        for key, value in hands.items():
            seat = Seat.coerce(key)
            if seat in parsed:
                raise ParseError(_("seat {seat} is given twice in the deal").format(seat=seat.letters))
            parsed[seat] = Hand.coerce(value)
        seats = set(parsed)
        if seats == {Seat.N, Seat.S} or seats == set(Seat):
            pass
        else:
            if not seats:
                raise ParseError(_("a deal needs hands for N, E, S and W (or N and S for two players), got none"))
            raise ParseError(
                _("a deal needs hands for N, E, S and W (or N and S for two players), got {seats}").format(
                    seats=", ".join(s.name for s in sorted(seats))
                )
            )
        seen = 0
        for seat in sorted(parsed):
            hand = parsed[seat]
            if len(hand) != 13:
                raise ParseError(
                    ngettext(
                        "{seat}'s hand has {count} card, a deal gives 13 to each player",
                        "{seat}'s hand has {count} cards, a deal gives 13 to each player",
                        len(hand),
                    ).format(seat=seat_word(seat), count=len(hand))
                )
            overlap = seen & hand.mask
            if overlap:
                card = next(mask_cards(overlap))
                first = next(s for s in sorted(parsed) if parsed[s].mask & card.mask)
                raise ParseError(
                    _("card {card} is in two hands, {first}'s and {second}'s: each card can be dealt only once").format(
                        card=repr(card_name(card.index)), first=seat_word(first), second=seat_word(seat)
                    )
                )
            seen |= hand.mask
        self._hands = SeatMap(sorted(parsed.items()))
        self._masks = tuple(parsed[seat].mask if seat in parsed else 0 for seat in _SEAT_ORDER)
        self.dealer = Seat.coerce(dealer)

    @classmethod
    def _trusted(cls, masks: tuple[int, int, int, int], dealer: Seat) -> Deal:
        """A four-hand deal from masks by seat number already known to be a valid deal (no
        checks). Its :class:`Hand` objects are made when first needed (see :meth:`__getattr__`):
        a round reads the masks only."""
        made = _new_deal(cls)
        made._masks = masks
        made.dealer = dealer
        return made

    def __getattr__(self, name: str) -> Any:
        # Called only for an attribute not set: the hands of a deal made by _trusted, until
        # first read.
        if name != "_hands":
            raise AttributeError(name)
        hands: SeatMap[Hand] = _new_dict(SeatMap)  # its keys are seats already
        _dict_update(hands, zip(_SEAT_ORDER, map(_hand_of_mask, self._masks)))
        self._hands = hands
        return hands

    # -- Mapping protocol ------------------------------------------------------------
    def __getitem__(self, seat: SeatLike) -> Hand:
        try:
            hand: Hand = self._hands[Seat.coerce(seat)]
        except KeyError:
            raise KeyError(seat) from None
        return hand

    def __contains__(self, seat: object) -> bool:
        try:
            return Seat.coerce(seat) in self._hands  # type: ignore[arg-type]
        except ParseError:
            return False

    def __iter__(self) -> Iterator[Seat]:
        return iter(self._hands)

    def __len__(self) -> int:
        return len(self._hands)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Deal):
            return dict(self._hands) == dict(other._hands)
        return NotImplemented

    def __hash__(self) -> int:
        return hash(tuple((s, h.mask) for s, h in self._hands.items()))

    @property
    def players(self) -> int:
        """4, or 2 for a two-player deal."""
        return 4 if self._masks[Seat.E] else 2  # E holds 13 cards in a four-player deal, none in a two-player one

    @property
    def hands(self) -> SeatMap[Hand]:
        return SeatMap(self._hands)

    @property
    def unused(self) -> Hand:
        """Cards in no hand (the discards of a two-player deal; empty otherwise)."""
        used = 0
        for hand in self._hands.values():
            used |= hand.mask
        return Hand.from_mask(FULL_DECK_MASK & ~used)

    def with_dealer(self, dealer: SeatLike) -> Deal:
        return Deal(self._hands, dealer=dealer)

    # -- notation ------------------------------------------------------------------------
    @classmethod
    def parse(cls, text: str) -> Deal:
        """Read ``"N:<hand> <hand> <hand> <hand>"``: dotted hands, clockwise from the
        named seat, which becomes the dealer. ``-`` stands for an absent hand (the
        East and West places of a two-player deal)."""
        if isinstance(text, Deal):
            return text
        number, parts = read_deal(text)
        first = Seat(number)
        hands: dict[Seat, Hand] = {}
        seat = first
        for part in parts:
            if part is not None:
                hands[seat] = Hand.parse(part)
            seat = seat.next
        return cls(hands, dealer=first)

    def __str__(self) -> str:
        order = (self.dealer, self.dealer.next, self.dealer.partner, self.dealer.previous)
        hands = [self._hands.get(seat) for seat in order]
        return write_deal(self.dealer, [None if hand is None else str(hand) for hand in hands])

    def __repr__(self) -> str:
        return f"Deal.parse({str(self)!r})"

    def _repr_html_(self) -> str:
        from spades_teach.render.html import deal_html

        return deal_html(self)

    # -- deal codes ----------------------------------------------------------------------
    @property
    def code(self) -> str:
        """A 20-character code that :meth:`from_code` turns back into this deal (and dealer)."""
        value = 0
        remaining = list(range(52))
        seating = seating_for(self.players)
        seats = _SEAT_ORDER[:3] if seating.partnerships else seating.seats
        for seat in seats:
            mask = self._hands[seat].mask
            positions = [i for i, index in enumerate(remaining) if mask >> index & 1]
            value = value * comb(len(remaining), 13) + _rank_subset(positions)
            remaining = [index for index in remaining if not mask >> index & 1]
        value = (value * 4 + self.dealer) * 2 + (not seating.partnerships)
        return _format_code(_to_base32(value, 20))

    @classmethod
    def from_code(cls, code: str) -> Deal:
        """The deal whose :attr:`code` is ``code`` (case, dashes and spaces ignored)."""
        value = _from_base32(code)
        two_player = value & 1
        value >>= 1
        dealer = Seat(value & 3)
        value >>= 2
        seats = (Seat.N, Seat.S) if two_player else _SEAT_ORDER[:3]
        sizes = [52 - 13 * k for k in range(len(seats))]
        ranks: list[int] = []
        for size in reversed(sizes):
            value, rank = divmod(value, comb(size, 13))
            ranks.append(rank)
        if value:
            raise ParseError(_code_typo(code))
        ranks.reverse()
        remaining = list(range(52))
        hands: dict[Seat, Hand] = {}
        for seat, rank in zip(seats, ranks):
            positions = _unrank_subset(rank, 13)
            chosen = [remaining[p] for p in positions]
            mask = 0
            for index in chosen:
                mask |= 1 << index
            hands[seat] = Hand.from_mask(mask)
            remaining = [index for index in remaining if not mask >> index & 1]
        if not two_player:
            mask = 0
            for index in remaining:
                mask |= 1 << index
            hands[Seat.W] = Hand.from_mask(mask)
        return cls(hands, dealer=dealer)

    @classmethod
    def of_the_day(cls, date: _dt.date | str | None = None) -> Deal:
        """The same deal for everyone on the same calendar date (default: today)."""
        if date is None:
            date = _dt.date.today()
        if isinstance(date, str):
            text = date.strip()
            try:
                if not _ISO_DATE.fullmatch(text):
                    raise ValueError(text)
                date = _dt.date.fromisoformat(text)
            except ValueError:
                raise ParseError(_("date {value} is not a date in YYYY-MM-DD form").format(value=repr(date))) from None
        if not isinstance(date, _dt.date):
            raise ParseError(
                _("a date is a datetime.date or text in YYYY-MM-DD form, not {value}").format(value=repr(date))
            )
        if isinstance(date, _dt.datetime):
            date = date.date()
        return deal(f"deal-of-the-day:{date.isoformat()}", dealer=Seat(date.toordinal() % 4))


def _rank_subset(positions: list[int]) -> int:
    """Combinatorial number system: the rank of a sorted k-subset."""
    return sum(comb(p, k + 1) for k, p in enumerate(positions))


def _unrank_subset(rank: int, k: int) -> list[int]:
    out: list[int] = []
    for size in range(k, 0, -1):
        p = size - 1
        while comb(p + 1, size) <= rank:
            p += 1
        rank -= comb(p, size)
        out.append(p)
    out.reverse()
    return out


_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_DECODE = {ch: i for i, ch in enumerate(_ALPHABET)}
_DECODE.update({"O": 0, "I": 1, "L": 1})


def _to_base32(value: int, width: int) -> str:
    chars = []
    for _position in range(width):
        value, digit = divmod(value, 32)
        chars.append(_ALPHABET[digit])
    if value:
        raise ParseError(_("deal code overflow"))
    return "".join(reversed(chars))


def _format_code(raw: str) -> str:
    return "-".join(raw[i : i + 5] for i in range(0, len(raw), 5))


def _largest_code(two_player: bool) -> list[int]:
    """The digits of the largest code of a deal of this kind (four or two players)."""
    hands = (52, 39) if two_player else (52, 39, 26)
    count = 1
    for size in hands:
        count *= comb(size, 13)
    return [_DECODE[ch] for ch in _to_base32(((count - 1) * 4 + 3) * 2 + two_player, 20)]


def _code_typo(code: str) -> str:
    """Why ``code`` (20 good characters) is the code of no deal, naming the group of five
    where it goes past every deal's code: the typo is there. The last character tells a
    two-player code from a four-player one, so a code that reads as a deal of the other
    kind has its typo there (a two-player code starts with four zeros: one character
    off among them is a typo in the first group)."""
    cleaned = code.strip().upper().replace("-", "").replace(" ", "")
    digits = [_DECODE[ch] for ch in cleaned]
    two_player = bool(digits[-1] & 1)
    largest = _largest_code(two_player)
    zeros = [i for i, top in enumerate(largest) if top == 0 and i < 10]
    off = [i for i in zeros if digits[i]] if two_player else []
    if len(off) != 1 and digits <= _largest_code(not two_player):
        return _(
            "deal code {code} has a typo in its last character, {character}: no deal has this code;"
            " compare it with the code you copied"
        ).format(code=repr(code), character=repr(cleaned[-1]))
    place = next(i for i, (mine, top) in enumerate(zip(digits, largest)) if mine != top)
    group = place // 5
    return _(
        "deal code {code} has a typo in group {number} of 4, {group}: no deal has this code;"
        " compare it with the code you copied"
    ).format(code=repr(code), number=group + 1, group=repr(cleaned[5 * group : 5 * group + 5]))


def _from_base32(code: str) -> int:
    if not isinstance(code, str):
        raise ParseError(_("a deal code is text, not {code}").format(code=repr(code)))
    cleaned = code.strip().upper().replace("-", "").replace(" ", "")
    if len(cleaned) != 20:
        raise ParseError(
            _("a deal code has 20 characters (dashes aside), got {count} in {code}").format(
                count=len(cleaned), code=repr(code)
            )
        )
    value = 0
    for ch in cleaned:
        digit = _DECODE.get(ch)
        if digit is None:
            raise ParseError(
                _("character {character} cannot appear in a deal code {code}").format(
                    character=repr(ch), code=repr(code)
                )
            )
        value = value * 32 + digit
    return value


def deal(seed: int | str | None = None, *, dealer: SeatLike = Seat.N) -> Deal:
    """Deal 13 cards to each of the four seats, one at a time clockwise from the
    dealer's left. The same ``seed`` gives the same deal everywhere; ``None``
    picks a fresh random seed.

    >>> deal(7) == deal(7), deal(7) == deal(8)
    (True, False)
    """
    if seed is None:
        seed = secrets.randbits(64)
    dealer_seat = dealer if type(dealer) is Seat else Seat.coerce(dealer)
    # Card k of the shuffled deck goes to the seat k places after the dealer's left: the hands as masks
    # by seat number, from the compiled kernel's DEAL_MASKS when it is in use, else _deal_stream.
    return Deal._trusted(_from_stream(seed, b"deal", _DEAL_MASKS, (dealer_seat + 1) & 3), dealer_seat)
