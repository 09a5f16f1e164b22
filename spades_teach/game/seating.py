"""Seats, teams and who sits at the table under a rule set: :class:`Seat`, :class:`Team`, the maps
keyed by them, and :class:`Seating` (:func:`seating_of`), which code asks instead of testing
``rules.players``.

>>> Seat.N.next, Seat.N.partner, Seat.E.team
(<Seat.E: 1>, <Seat.S: 2>, <Team.EW: 1>)
>>> from spades_teach.game.rules import Rules
>>> four, two = seating_of(Rules()), seating_of(Rules(players=2))
>>> four.next(Seat.W), two.next(Seat.S)
(<Seat.N: 0>, <Seat.N: 0>)
>>> four.side_of(Seat.E), two.side_of(Seat.S)
(<Team.EW: 1>, <Seat.S: 2>)
>>> four.partner(Seat.N), two.partner(Seat.N)
(<Seat.S: 2>, None)
>>> [s.name for s in four.trick_order(Seat.S)], [s.name for s in two.trick_order(Seat.S)]
(['S', 'W', 'N', 'E'], ['S', 'N'])
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar, Union, overload

from spades_teach.errors import ParseError
from spades_teach.game.notation import (
    seat_letter,
    seat_names,
    seat_number,
    seat_word,
    side_letters,
    team_number,
    team_word,
)
from spades_teach.game.rules import Rules
from spades_teach.i18n import _

__all__ = [
    "Seat",
    "Team",
    "SeatLike",
    "TeamLike",
    "SeatMap",
    "TeamMap",
    "SeatName",
    "TeamName",
    "Seating",
    "Side",
    "seating_of",
    "seating_for",
    "PARTNERSHIP",
    "HEADS_UP",
]


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
        """The seat's name in the language in use: ``North``, ``Nord``, ``Norte``
        (:data:`SEAT_WORDS` keeps the English ones)."""
        return seat_word(self)

    @property
    def letters(self) -> str:
        """The seat's letter as printed for a player of the language in use: ``W`` in English,
        ``O`` in French and Spanish (``str(seat)`` and :attr:`name` stay English, the interchange form)."""
        return seat_letter(self)

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
        return _SEATS[seat_number(value)]  # raises the error that names the problem

    def __str__(self) -> str:
        return self.name


_SEATS: tuple[Seat, ...] = tuple(Seat)
_SEAT_NAMES: dict[str, Seat] = {name: _SEATS[number] for name, number in seat_names().items()}


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
        """The team's name in the language in use: ``North–South``, ``Nord–Sud``, ``Norte–Sur``
        (:data:`~spades_teach.game.notation.TEAM_WORDS` keeps the English ones)."""
        return team_word(self)

    @property
    def letters(self) -> str:
        """The team's letters as printed for a player of the language in use: ``EW`` in English,
        ``EO`` in French and Spanish (``str(team)`` and :attr:`name` stay English)."""
        return side_letters(self)

    @classmethod
    def coerce(cls, value: Team | str | int) -> Team:
        """Accept a Team, ``"NS"``, ``"EW"`` (also ``"SN"``, ``"WE"``, ``"N-S"``)."""
        if isinstance(value, Team):
            return value
        if isinstance(value, int) and not isinstance(value, bool) and value in (0, 1):
            return _TEAMS[value]
        return _TEAMS[team_number(value)]

    def __str__(self) -> str:
        return self.name


_TEAMS: tuple[Team, ...] = tuple(Team)

SeatLike = Union[Seat, str, int]
TeamLike = Union[Team, str]
#: The side a score belongs to: a team, or a seat in the two-player game.
Side = Union[Team, Seat]

#: The names a caller may use for a seat or a team in a key of a :class:`SeatMap`
#: or :class:`TeamMap`, as the type checker sees them (at run time the maps also
#: take ``"n"``, ``"north"``, ``"N-S"`` and the like).
SeatName = Literal["N", "E", "S", "W"]
TeamName = Literal["NS", "EW"]

K = TypeVar("K")  # the key type: Seat, or Team | Seat
N = TypeVar("N")  # the names a caller may use instead of a key
V = TypeVar("V")
T = TypeVar("T")


# The plain dict operations, called directly (faster than super() on these hot paths).
_dict_getitem: Any = dict.__getitem__
_dict_setitem: Any = dict.__setitem__
_dict_contains: Any = dict.__contains__
_dict_get: Any = dict.get
_dict_setdefault: Any = dict.setdefault


class _CoercingDict(dict[K, V], Generic[K, N, V]):
    """A dict whose lookups also accept the string names of its keys.

    Lookups by the key itself stay the plain ``dict`` ones (a name is turned into
    its key by ``__missing__``, only when needed). The ``TYPE_CHECKING`` block
    tells the type checker which names are accepted, without adding a Python
    layer to every lookup.
    """

    _coerce: Any = None

    @overload
    def __init__(self) -> None: ...
    @overload
    def __init__(self, items: Mapping[Any, V], /) -> None: ...
    @overload
    def __init__(self, items: Iterable[tuple[Any, V]], /) -> None: ...
    def __init__(self, *args: Any, **kwargs: Any) -> None:
        dict.__init__(self, *args, **kwargs)
        if any(type(key) is str for key in self):
            items = list(dict.items(self))
            dict.clear(self)
            for key, value in items:
                dict.__setitem__(self, self._key(key), value)

    if TYPE_CHECKING:

        def __getitem__(self, key: K | N, /) -> V: ...

    def __setitem__(self, key: K | N, value: V, /) -> None:
        _dict_setitem(self, self._key(key), value)

    def __delitem__(self, key: K | N, /) -> None:
        super().__delitem__(self._key(key))

    def update(self, *args: Any, **kwargs: Any) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    @overload
    def setdefault(self, key: K | N, /) -> V | None: ...
    @overload
    def setdefault(self, key: K | N, default: V, /) -> V: ...
    def setdefault(self, key: Any, default: Any = None) -> Any:
        return _dict_setdefault(self, self._key(key), default)

    @overload
    def pop(self, key: K | N, /) -> V: ...
    @overload
    def pop(self, key: K | N, default: V, /) -> V: ...
    @overload
    def pop(self, key: K | N, default: T, /) -> V | T: ...
    def pop(self, key: Any, *default: Any) -> Any:
        return super().pop(self._key(key), *default)

    def copy(self) -> Any:
        return type(self)(self)

    def _key(self, key: object) -> Any:
        """The key named by ``key`` when it is a name (``"N"``), else ``key`` itself."""
        if isinstance(key, str):
            try:
                return type(self)._coerce(key)
            except ParseError:
                return key
        return key

    def __missing__(self, key: object) -> V:
        coerced = self._key(key)
        if coerced is not key and dict.__contains__(self, coerced):
            value: V = _dict_getitem(self, coerced)
            return value
        raise KeyError(key)

    def __contains__(self, key: object, /) -> bool:
        found: bool = _dict_contains(self, self._key(key))
        return found

    @overload
    def get(self, key: K | N, default: None = None, /) -> V | None: ...
    @overload
    def get(self, key: K | N, default: V, /) -> V: ...
    @overload
    def get(self, key: K | N, default: T, /) -> V | T: ...
    def get(self, key: Any, default: Any = None) -> Any:
        return _dict_get(self, self._key(key), default)

    def __repr__(self) -> str:
        # Show seats and teams by name, since lookups by name work too: {'N': 4, 'E': 3}.
        items = ", ".join(f"{getattr(k, 'name', k)!r}: {v!r}" for k, v in self.items())
        return "{" + items + "}"


class SeatMap(_CoercingDict[Seat, SeatName, V]):
    """A ``dict`` keyed by :class:`Seat` that also answers ``m["N"]``.

    ``SeatMap[int]`` is what ``Round.tricks_won`` returns: ``tricks_won["N"]`` and
    ``tricks_won[Seat.N]`` both type-check as ``int``.
    """

    _coerce = staticmethod(Seat.coerce)


class TeamMap(_CoercingDict[Side, Union[TeamName, SeatName], V]):
    """A ``dict`` keyed by :class:`Team` (or, in two-player games, :class:`Seat`)
    that also answers ``m["NS"]`` and ``m["N"]``.

    ``TeamMap[int]`` is what ``RoundScore.points`` is: ``points["NS"]`` type-checks as ``int``.
    """

    @staticmethod
    def _coerce(value: str) -> Team | Seat:
        try:
            return Team.coerce(value)
        except ParseError:
            return Seat.coerce(value)


if TYPE_CHECKING:
    # What a read-only view (``types.MappingProxyType``) of a SeatMap or TeamMap
    # answers, as the type checker sees it: the score sheet's rows hold such views.
    # These classes exist for the type checker only; at run time the rows hold the
    # views themselves.

    class ReadOnlySeatMap(Mapping[Seat, V]):
        def __getitem__(self, key: Seat | SeatName, /) -> V: ...
        @overload
        def get(self, key: Seat | SeatName, /) -> V | None: ...
        @overload
        def get(self, key: Seat | SeatName, default: V | T, /) -> V | T: ...
        def get(self, key: Any, default: Any = None, /) -> Any: ...

    class ReadOnlyTeamMap(Mapping[Side, V]):
        def __getitem__(self, key: Side | TeamName | SeatName, /) -> V: ...
        @overload
        def get(self, key: Side | TeamName | SeatName, /) -> V | None: ...
        @overload
        def get(self, key: Side | TeamName | SeatName, default: V | T, /) -> V | T: ...
        def get(self, key: Any, default: Any = None, /) -> Any: ...


# -- the seating of a rule set ---------------------------------------------------------


@dataclass(frozen=True, eq=False)
class Seating:
    """The seats that play, in turn order, and the sides that score."""

    players: int
    seats: tuple[Seat, ...]
    sides: tuple[Side, ...]
    partnerships: bool
    _next: dict[Seat, Seat] = field(init=False, repr=False)
    _orders: dict[Seat, tuple[Seat, ...]] = field(init=False, repr=False)
    #: The same facts by seat number (0–3), for the bots' fast loops: the next seat
    #: (-1 for a seat that does not play), the partner (``None`` if none), the seats
    #: of a seat's side and of the other side.
    next_index: tuple[int, ...] = field(init=False, repr=False)
    partner_index: tuple[int | None, ...] = field(init=False, repr=False)
    side_indices: tuple[tuple[int, ...], ...] = field(init=False, repr=False)
    opponent_indices: tuple[tuple[int, ...], ...] = field(init=False, repr=False)

    def __post_init__(self) -> None:
        n = len(self.seats)
        nexts = {seat: self.seats[(i + 1) % n] for i, seat in enumerate(self.seats)}
        object.__setattr__(self, "_next", nexts)
        object.__setattr__(
            self, "_orders", {seat: self.seats[i:] + self.seats[:i] for i, seat in enumerate(self.seats)}
        )
        sides = {seat: tuple(int(s) for s in self.seats if self._side(s) == self._side(seat)) for seat in self.seats}
        object.__setattr__(self, "next_index", tuple(int(nexts[s]) if s in nexts else -1 for s in Seat))
        object.__setattr__(self, "partner_index", tuple(int(s.partner) if self.partnerships else None for s in Seat))
        object.__setattr__(self, "side_indices", tuple(sides.get(s, ()) for s in Seat))
        object.__setattr__(
            self,
            "opponent_indices",
            tuple(tuple(int(o) for o in self.seats if int(o) not in sides.get(s, ())) for s in Seat),
        )

    def _side(self, seat: Seat) -> Side:
        return seat.team if self.partnerships else seat

    def plays(self, seat: Seat) -> bool:
        """Whether ``seat`` takes part."""
        return seat in self._next

    def next(self, seat: Seat) -> Seat:
        """The seat that acts after ``seat``."""
        return self._next[seat]

    @property
    def next_of(self) -> Mapping[Seat, Seat]:
        """``next`` as a mapping (shared: do not modify it), for loops that look it up often."""
        return self._next

    @property
    def trick_orders(self) -> Mapping[Seat, tuple[Seat, ...]]:
        """``trick_order`` as a mapping, leader → seats in play order (shared: do not modify it)."""
        return self._orders

    def trick_order(self, leader: Seat) -> tuple[Seat, ...]:
        """The seats of a trick in play order when ``leader`` leads."""
        return self._orders[leader]

    def seat_after(self, seat: Seat, steps: int) -> Seat:
        """The seat ``steps`` turns after ``seat`` (before it when negative)."""
        order = self.trick_order(seat)
        return order[steps % len(order)]

    def partner(self, seat: Seat) -> Seat | None:
        """``seat``'s partner, or ``None`` when everybody plays alone."""
        return seat.partner if self.partnerships else None

    def side_of(self, seat: Seat) -> Side:
        """The side ``seat`` scores for: its team, or itself in the two-player game."""
        return seat.team if self.partnerships else seat

    def seats_of(self, side: Side) -> tuple[Seat, ...]:
        """The seats of a side."""
        return side.seats if isinstance(side, Team) else (side,)

    def other_side(self, side: Side) -> Side:
        """The opposing side."""
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    def coerce_side(self, value: Any) -> Side:
        """A side from its name: a team (``"NS"``) in the partnership game, a seat
        (``"N"``) in the two-player game. A seat names its team in the partnership game."""
        if self.partnerships:
            if isinstance(value, Seat):
                return value.team
            return Team.coerce(value)
        if isinstance(value, Team):
            raise ParseError(_("two-player Spades scores players, not teams: got {team}").format(team=value.name))
        seat = Seat.coerce(value)
        if seat not in self.seats:
            raise ParseError(_("two-player Spades is played by N and S, not {seat}").format(seat=seat.letters))
        return seat


PARTNERSHIP = Seating(4, _SEATS, (Team.NS, Team.EW), True)
HEADS_UP = Seating(2, (Seat.N, Seat.S), (Seat.N, Seat.S), False)


def seating_of(rules: Rules) -> Seating:
    """The seating of a rule set."""
    return seating_for(rules.players)


def seating_for(players: int) -> Seating:
    """The seating of a game of ``players`` (2 or 4) players."""
    return HEADS_UP if players == 2 else PARTNERSHIP
