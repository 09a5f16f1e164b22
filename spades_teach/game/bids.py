"""Bids: a number of tricks 0–13, where 0 is Nil, and the blind Nil.

A :class:`Bid` is an ``int`` (so team totals add up naturally) that also knows
whether it was a blind Nil.

>>> Bid.coerce("nil"), Bid.coerce("Blind Nil"), Bid.coerce(4)
(Bid('nil'), Bid('blind nil'), Bid(4))
>>> Bid.coerce(3) + Bid.coerce(4)
7
>>> str(Bid.coerce("blind nil")), Bid.coerce("blind nil") == 0
('blind nil', True)

Nil and blind Nil are different bids, though both are worth 0 tricks:

>>> Bid.coerce("nil") == Bid.coerce("blind nil"), len({Bid.coerce("nil"), Bid.coerce("blind nil")})
(False, 2)
"""

from __future__ import annotations

import re
from typing import Union

from spades_teach._text import quoted
from spades_teach.errors import ParseError
from spades_teach.i18n import _

__all__ = ["Bid", "BidLike"]

_NUMBER = re.compile(r"[+-]?[0-9]+")
# A Nil and a blind Nil as English, French and Spanish players write them (lower case, one space).
_NIL_WORDS = frozenset({"nil", "n", "zero", "zéro", "cero"})
_BLIND_NIL_WORDS = frozenset(
    {
        "blind nil",
        "blind",
        "bn",
        "blindnil",
        "nil à l'aveugle",
        "nil a l'aveugle",
        "nil aveugle",
        "à l'aveugle",
        "a l'aveugle",
        "nil a ciegas",
        "nil ciego",
        "a ciegas",
    }
)


class Bid(int):
    """A bid: ``Bid(4)``, ``Bid(0)`` (Nil) or ``Bid(0, blind=True)`` (blind Nil)."""

    blind: bool

    def __new__(cls, tricks: int, blind: bool = False) -> Bid:
        if isinstance(tricks, bool) or not isinstance(tricks, int):
            raise ParseError(
                _("a bid is a number of tricks 0-13, 'nil' or 'blind nil', not {value}").format(value=repr(tricks))
            )
        if not 0 <= tricks <= 13:
            raise ParseError(_("bid {bid} is out of range: bid 0 (Nil) to 13 tricks").format(bid=tricks))
        if blind and tricks != 0:
            raise ParseError(_("only a Nil can be bid blind, not {bid}").format(bid=tricks))
        self = super().__new__(cls, tricks)
        self.blind = bool(blind)
        return self

    @property
    def is_nil(self) -> bool:
        """Nil or blind Nil."""
        return int(self) == 0

    @property
    def tricks(self) -> int:
        return int(self)

    @classmethod
    def coerce(cls, value: BidLike) -> Bid:
        """Accept a Bid, an int 0–13, ``"nil"``, ``"blind nil"`` (also ``"bn"``,
        ``"blind"``, French ``"nil à l'aveugle"``, Spanish ``"nil a ciegas"``, in every
        language) or digits as text.

        >>> Bid.coerce("Nil à l'aveugle"), Bid.coerce("nil a ciegas"), Bid.coerce("cero")
        (Bid('blind nil'), Bid('blind nil'), Bid('nil'))
        """
        if isinstance(value, Bid):
            return value
        if type(value) is int and 0 <= value <= 13:
            return _NUMBERED[value]
        if isinstance(value, str):
            if _NUMBER.fullmatch(value.strip()):
                digits = value.strip().lstrip("+-").lstrip("0")
                if len(digits) > 2:  # 100 or more, and never a number too long to convert
                    raise ParseError(_("bid {bid} is out of range: bid 0 (Nil) to 13 tricks").format(bid=quoted(value)))
                return cls(int(value.strip()))
            key = " ".join(value.strip().lower().replace("_", " ").replace("-", " ").replace("’", "'").split())
            if key in _NIL_WORDS:
                return cls(0)
            if key in _BLIND_NIL_WORDS:
                return cls(0, blind=True)
            raise ParseError(
                _("unknown bid {value}: bid a number 0-13, 'nil' or 'blind nil'").format(value=repr(value))
            )
        return cls(value)

    def __str__(self) -> str:
        if int(self) == 0:
            return "blind nil" if self.blind else "nil"
        return str(int(self))

    def __repr__(self) -> str:
        return f"Bid({int(self)})" if int(self) else f"Bid({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        # Against another Bid, the blind flag counts too: Nil and blind Nil are different
        # bids. Against a plain number, a bid is its number of tricks.
        if isinstance(other, Bid):
            return int(self) == int(other) and self.blind == other.blind
        return int(self) == other

    def __ne__(self, other: object) -> bool:
        return not self == other

    # Equal to the plain number, so the same hash as that number; Nil and blind Nil share
    # it (both equal 0) and are told apart by ``__eq__``, as dict and set lookups do.
    __hash__ = int.__hash__

    def __reduce__(self) -> tuple[type[Bid], tuple[int, bool]]:
        return (Bid, (int(self), self.blind))

    @property
    def label(self) -> str:
        """For score sheets, in the language in use: ``Nil``, ``Blind Nil`` (French
        ``Nil à l'aveugle``) or the number."""
        if int(self) == 0:
            return _("Blind Nil") if self.blind else _("Nil")
        return str(int(self))


BidLike = Union[Bid, int, str]

# Bids are immutable values, so the fourteen numbered ones are shared.
_NUMBERED: tuple[Bid, ...] = tuple(Bid(n) for n in range(14))
