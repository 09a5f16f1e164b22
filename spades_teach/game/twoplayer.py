"""Two-player Spades: the cut for the first turn (:func:`cut`) and the draw that builds the hands
(:class:`Draw`), with the peek variant. Our reading of the rule text: ``docs/modules.md``.

>>> d = Draw(2024, first="N")
>>> d.to_act, len(d.stock_left)
(<Seat.N: 0>, 52)
>>> turn = d.discard()          # N throws the top card away and must keep the next
>>> turn.kept in d.hands["N"], turn.discarded in d.discards["N"]
(True, True)
>>> d.finish()                  # the rest of the draw: every player keeps the top card
>>> d.is_complete, len(d.hands["N"]), len(d.hands["S"])
(True, 13, 13)
>>> d.deal().dealer             # S did not draw first, so S counts as the dealer
<Seat.S: 2>
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Literal

from spades_teach.errors import DrawError, ParseError, RulesError
from spades_teach.game.cards import Card, Hand
from spades_teach.game.deals import Deal, shuffled_deck
from spades_teach.game.notation import seat_word
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike, SeatMap, seating_of
from spades_teach.i18n import _, ngettext

__all__ = [
    "Cut",
    "cut",
    "Draw",
    "DrawTurn",
    "deal_by_drawing",
    "DrawError",
    "DrawPolicy",
    "always_keep",
    "keep_high",
    "opponent",
    "TWO_PLAYER_SEATS",
]

TWO_PLAYER_SEATS: tuple[Seat, Seat] = (Seat.N, Seat.S)

Choice = Literal["keep", "discard"]


def opponent(seat: SeatLike) -> Seat:
    """The other player of a two-player game (N ↔ S).

    >>> opponent("N"), opponent(Seat.S)
    (<Seat.S: 2>, <Seat.N: 0>)
    """
    s = _player(seat, ParseError)
    return Seat.S if s is Seat.N else Seat.N


def _player(seat: SeatLike, error: type[Exception]) -> Seat:
    try:
        s = Seat.coerce(seat)
    except ParseError as exc:
        raise error(str(exc)) from None
    if s not in TWO_PLAYER_SEATS:
        raise error(
            _("two-player Spades is played by N and S, not {name} ({seat})").format(
                name=seat_word(s), seat=repr(s.name)
            )
        )
    return s


def _fresh_seed() -> int:
    return secrets.randbits(64)


# -- the cut ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Cut:
    """The result of :func:`cut`.

    ``attempts`` lists every pair of cards cut, ``(North's card, South's card)``;
    all but the last were ties of rank. ``first`` is the player who goes first
    (draws first, then bids and leads first in the first hand); ``dealer`` is the
    other one, the seat a :class:`~spades_teach.game.match.Match` starts with.
    """

    seed: int | str
    attempts: tuple[tuple[Card, Card], ...]
    first: Seat

    @property
    def dealer(self) -> Seat:
        """The player who does not go first (the engine's dealer for hand 1)."""
        return opponent(self.first)

    @property
    def cards(self) -> tuple[Card, Card]:
        """The deciding pair: North's card and South's card."""
        return self.attempts[-1]

    @property
    def reason(self) -> str:
        """One sentence a learner can read."""
        north, south = self.cards
        ties = len(self.attempts) - 1
        if not ties:
            message = _("N cut {north} and S cut {south}: {first} goes first")
        else:
            message = ngettext(
                "N cut {north} and S cut {south} after {count} tie of rank: {first} goes first",
                "N cut {north} and S cut {south} after {count} ties of rank: {first} goes first",
                ties,
            )
        return message.format(north=north.pretty, south=south.pretty, count=ties, first=self.first.name)

    def __str__(self) -> str:
        return self.reason


def _cut_decks(seed: int | str) -> Iterator[list[Card]]:
    """The shuffled packs used for the cut: the first with purpose ``b"cut"``,
    then (only after 26 ties in a row) ``b"cut/1"``, ``b"cut/2"``..."""
    yield shuffled_deck(seed, purpose=b"cut")
    again = 1
    while True:
        yield shuffled_deck(seed, purpose=b"cut/" + str(again).encode())
        again += 1


def cut(seed: int | str | None = None) -> Cut:
    """Cut for the first turn, reproducibly.

    The pack is shuffled from ``seed`` with :func:`~spades_teach.game.deals.shuffled_deck`
    (purpose ``b"cut"``, so the cut differs from a deal with the same seed). North
    cuts first and shows the top card, then South shows the next one. The higher
    **rank** goes first; suits do not count. On equal ranks both cut again with
    the next two cards, as long as needed (a fresh pack follows if 26 ties in a
    row ever used the whole pack).

    >>> c = cut(1)
    >>> c == cut(1), c.first in (Seat.N, Seat.S), c.dealer == opponent(c.first)
    (True, True, True)
    >>> c.cards[0].rank != c.cards[1].rank
    True
    """
    if seed is None:
        seed = _fresh_seed()
    attempts: list[tuple[Card, Card]] = []
    for deck in _cut_decks(seed):
        for i in range(0, 52, 2):
            north, south = deck[i], deck[i + 1]
            attempts.append((north, south))
            if north.rank != south.rank:
                first = Seat.N if north.rank > south.rank else Seat.S
                return Cut(seed=seed, attempts=tuple(attempts), first=first)
    raise AssertionError("unreachable: the cut always ends")  # pragma: no cover


# -- the draw --------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawTurn:
    """One turn of the draw, as a frozen record.

    ``seen`` is the top card the player looked at; ``choice`` is ``"keep"`` or
    ``"discard"``; ``kept`` went into the hand and ``discarded`` out of play.
    After ``keep`` the discarded card is the unseen second card (``discarded_seen``
    is False unless the peek variant let the player look at it); after
    ``discard`` the kept card is the second card, which the player sees as they
    take it.
    """

    number: int
    player: Seat
    choice: Choice
    seen: Card
    kept: Card
    discarded: Card
    discarded_seen: bool

    @property
    def second(self) -> Card:
        """The second card of the turn (the one under ``seen``)."""
        return self.discarded if self.choice == "keep" else self.kept

    def __str__(self) -> str:
        if self.choice == "keep":
            gone = str(self.discarded) if self.discarded_seen else "the next card unseen"
            return f"turn {self.number}: {self.player.name} kept {self.kept} and threw away {gone}"
        return f"turn {self.number}: {self.player.name} threw away {self.discarded} and had to keep {self.kept}"


DrawPolicy = Callable[["Draw"], bool]
"""A way to play the draw automatically: called with the draw, returns True to keep the top card."""


def always_keep(draw: Draw) -> bool:
    """Keep every top card: the hands come out as random as a plain deal."""
    return True


def keep_high(draw: Draw) -> bool:
    """A simple sensible player: keep a spade or any card ten or higher, else take the next card.

    With the peek variant it also looks at the second card and keeps the top
    card unless only the second one is a spade or ten-plus.
    """
    top = draw.top
    assert top is not None

    def good(card: Card) -> bool:
        return card.is_spade or card.rank >= 10

    if draw.rules.two_player_peek:
        second = draw.peek()
        return good(top) or not good(second)
    return good(top)


class Draw:
    """The draw-and-discard phase of two-player Spades, one turn at a time.

    ``Draw(seed=None, *, first="N", rules=Rules(players=2))``: the stock is the
    pack shuffled from ``seed`` by :func:`~spades_teach.game.deals.shuffled_deck` with
    purpose ``b"draw"``; ``first`` is the player who won the cut. On each turn the
    player to act (:attr:`to_act`) sees :attr:`top` and calls :meth:`keep` or
    :meth:`discard`; each returns the :class:`DrawTurn` it recorded. After 26
    turns :attr:`is_complete` is True and :meth:`deal` returns the two hands as a
    :class:`~spades_teach.game.deals.Deal` ready for ``Round(deal, rules=rules)``.

    Acting out of turn or after the end raises :class:`DrawError` and changes
    nothing.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        first: SeatLike = Seat.N,
        rules: Rules = Rules(players=2),
    ) -> None:
        if not isinstance(rules, Rules):
            raise RulesError(_("rules must be a Rules value, not {rules}").format(rules=repr(rules)))
        if seating_of(rules).partnerships:
            raise RulesError(
                _("the draw is for two-player Spades: use Rules(players=2), not players={players}").format(
                    players=rules.players
                )
            )
        self._first = _player(first, ParseError)
        self._seed: int | str = _fresh_seed() if seed is None else seed
        self._stock: tuple[Card, ...] = tuple(shuffled_deck(self._seed, purpose=b"draw"))
        self._rules = rules
        self._turns: list[DrawTurn] = []

    # -- state ------------------------------------------------------------------------------
    @property
    def seed(self) -> int | str:
        return self._seed

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def first(self) -> Seat:
        """The player who drew first (the winner of the cut)."""
        return self._first

    @property
    def dealer(self) -> Seat:
        """The player who did not draw first: the dealer of the resulting hand."""
        return opponent(self._first)

    @property
    def turn_number(self) -> int:
        """The number (1–26) of the turn to play, or 27 once the draw is over."""
        return len(self._turns) + 1

    @property
    def is_complete(self) -> bool:
        """True once the stock is empty (26 turns, 13 cards each)."""
        return len(self._turns) == 26

    @property
    def to_act(self) -> Seat | None:
        """The player whose turn it is, or ``None`` when the draw is over."""
        if self.is_complete:
            return None
        return self._first if len(self._turns) % 2 == 0 else opponent(self._first)

    @property
    def top(self) -> Card | None:
        """The top card of the stock, which the player to act may look at (``None`` at the end)."""
        if self.is_complete:
            return None
        return self._stock[2 * len(self._turns)]

    @property
    def second(self) -> Card | None:
        """The card under the top one, visible only with ``rules.two_player_peek``
        (``None`` otherwise, and at the end)."""
        if self.is_complete or not self._rules.two_player_peek:
            return None
        return self._stock[2 * len(self._turns) + 1]

    def peek(self) -> Card:
        """Look at the second card before choosing (only with ``two_player_peek``)."""
        if self.is_complete:
            raise DrawError(_("the draw is over: there is no card left to look at"))
        if not self._rules.two_player_peek:
            raise DrawError(
                _(
                    "these rules do not allow looking at the second card: keep or discard the top card "
                    "(Rules(players=2, two_player_peek=True) allows it)"
                )
            )
        return self._stock[2 * len(self._turns) + 1]

    @property
    def stock_left(self) -> tuple[Card, ...]:
        """The cards still in the stock, top first (for teaching and tests: players cannot see them)."""
        return self._stock[2 * len(self._turns) :]

    @property
    def history(self) -> tuple[DrawTurn, ...]:
        return tuple(self._turns)

    @property
    def hands(self) -> SeatMap[Hand]:
        """The cards each player has kept so far."""
        return SeatMap((seat, Hand(t.kept for t in self._turns if t.player is seat)) for seat in TWO_PLAYER_SEATS)

    @property
    def discards(self) -> SeatMap[tuple[Card, ...]]:
        """The cards each player knows they threw away, in order. A card thrown
        away unseen after ``keep()`` is not among them (it is with the peek variant)."""
        return SeatMap(
            (seat, tuple(t.discarded for t in self._turns if t.player is seat and t.discarded_seen))
            for seat in TWO_PLAYER_SEATS
        )

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        """Every card thrown away so far, seen or not (what is revealed after the hand)."""
        return tuple(t.discarded for t in self._turns)

    def known_to(self, seat: SeatLike) -> Hand:
        """Every card ``seat`` has seen so far: their hand and the discards they know."""
        s = _player(seat, ParseError)
        return self.hands[s] | Hand(self.discards[s])

    # -- actions ----------------------------------------------------------------------------
    def verify_turn(self, player: SeatLike | None = None) -> Seat:
        """Raise :class:`DrawError` if ``player`` (default: the player to act) may
        not act now; return the player."""
        if self.is_complete:
            raise DrawError(_("the draw is over: the stock is empty and each player holds 13 cards"))
        to_act = self.to_act
        assert to_act is not None
        if player is None:
            return to_act
        seat = _player(player, DrawError)
        if seat is not to_act:
            raise DrawError(
                _("it is {seat}'s turn to draw, not {other}'s").format(seat=seat_word(to_act), other=seat_word(seat))
            )
        return seat

    def can_act(self, player: SeatLike | None = None) -> bool:
        try:
            self.verify_turn(player)
        except DrawError:
            return False
        return True

    def keep(self, player: SeatLike | None = None) -> DrawTurn:
        """Keep the top card; the card under it is thrown away unseen (seen with the peek variant)."""
        return self._act("keep", player)

    def discard(self, player: SeatLike | None = None) -> DrawTurn:
        """Throw the top card away; the card under it must be kept (the returned
        turn's ``kept`` says which card that was)."""
        return self._act("discard", player)

    def choose(self, keep: bool, player: SeatLike | None = None) -> DrawTurn:
        """``keep()`` if ``keep`` else ``discard()``."""
        return self._act("keep" if keep else "discard", player)

    def _act(self, choice: Choice, player: SeatLike | None) -> DrawTurn:
        seat = self.verify_turn(player)
        index = 2 * len(self._turns)
        top, second = self._stock[index], self._stock[index + 1]
        if choice == "keep":
            turn = DrawTurn(len(self._turns) + 1, seat, "keep", top, top, second, self._rules.two_player_peek)
        else:
            turn = DrawTurn(len(self._turns) + 1, seat, "discard", top, second, top, True)
        self._turns.append(turn)
        return turn

    def undo(self) -> DrawTurn:
        """Take back the last turn; returns it."""
        if not self._turns:
            raise DrawError(_("nothing to undo: no turn has been played yet"))
        return self._turns.pop()

    def finish(self, policy: DrawPolicy = always_keep) -> None:
        """Play the remaining turns automatically, asking ``policy`` whether to keep each top card."""
        while not self.is_complete:
            self.choose(bool(policy(self)))

    # -- result -----------------------------------------------------------------------------
    def deal(self) -> Deal:
        """The two hands as a two-player :class:`~spades_teach.game.deals.Deal` whose
        dealer is the player who did not draw first (so the first player bids and
        leads first in the :class:`~spades_teach.game.round.Round`)."""
        if not self.is_complete:
            raise DrawError(
                _("the draw is not finished: {count} of 26 turns are left").format(count=26 - len(self._turns))
            )
        hands = self.hands
        return Deal({Seat.N: hands[Seat.N], Seat.S: hands[Seat.S]}, dealer=self.dealer)

    def __repr__(self) -> str:
        who = self.to_act.name if self.to_act is not None else None
        return f"<Draw seed={self._seed!r} first={self._first.name} turn={self.turn_number} to_act={who}>"


def deal_by_drawing(
    seed: int | str | None = None,
    *,
    first: SeatLike = Seat.N,
    rules: Rules = Rules(players=2),
    policy: DrawPolicy = keep_high,
) -> Deal:
    """A whole two-player draw played by ``policy`` (default :func:`keep_high`) for both players.

    >>> d = deal_by_drawing(5, first="S")
    >>> d.players, d.dealer, len(d.unused)
    (2, <Seat.N: 0>, 26)
    """
    draw = Draw(seed, first=first, rules=rules)
    draw.finish(policy)
    return draw.deal()
