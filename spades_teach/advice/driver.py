"""The one loop that plays a hand with any mix of bots and people: :func:`play_hand` (a bot in
every seat) and :func:`advance` (the bots act until a person is to act). A bot is anything with
``choose_bid`` and ``choose_play`` (the :class:`Bot` protocol).

>>> from spades_teach import Round, deal
>>> from spades_teach.advice.bots import MediumBot
>>> r = Round(deal(3), dealer="N")
>>> seen = []
>>> waiting = advance(r, {"N": MediumBot(), "S": MediumBot(), "W": MediumBot()}, on_event=seen.append)
>>> waiting, len(seen)            # East (a person) bids first: the bots wait
(<Seat.E: 1>, 0)
>>> _ = r.bid("E", 3)             # the person acts...
>>> advance(r, {"N": MediumBot(), "S": MediumBot(), "W": MediumBot()}, on_event=seen.append)
<Seat.E: 1>
>>> [type(e).__name__ for e in seen]    # ...then the bots bid until East is to lead
['BidEvent', 'BidEvent', 'BidEvent']
>>> play_hand(Round(deal(4)), {s: MediumBot() for s in "NESW"}).is_complete
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Protocol, runtime_checkable

from spades_teach.advice.position import Position
from spades_teach.errors import IllegalActionError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import CardLike
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Event, Round
from spades_teach.game.seating import Seat
from spades_teach.i18n import _

__all__ = ["Bot", "advance", "play_hand"]


@runtime_checkable
class Bot(Protocol):
    """What a player run by the program offers: a bid and a card for a position.
    (Bots of the two-player game also offer ``choose_draw``; see :mod:`spades_teach.advice.bots`.)"""

    def choose_bid(self, position: Position) -> BidLike: ...

    def choose_play(self, position: Position) -> CardLike: ...


def _bots_by_seat(bots: Mapping[Any, Bot]) -> dict[Seat, Bot]:
    return {Seat.coerce(key): bot for key, bot in bots.items()}


def advance(
    round: Round,
    bots: Mapping[Any, Bot],
    *,
    bags: Mapping[Any, int] | None = None,
    on_event: Callable[[Event], object] | None = None,
    until: Callable[[Round], bool] | None = None,
) -> Seat | None:
    """Let the bots act in turn until a seat without a bot is to act; return that
    seat, or ``None`` when the hand is complete. ``bots`` maps seats (``"N"`` or
    :class:`Seat`) to bots; seats left out are people. ``until`` (optional) stops
    the bots earlier, before any action, as soon as ``until(round)`` is true (for
    example ``lambda r: r.phase != "bidding"``); the seat to act is then returned."""
    by_seat = _bots_by_seat(bots)
    while (seat := round.to_act) is not None:
        bot = by_seat.get(seat)
        if bot is None or (until is not None and until(round)):
            return seat
        position = Position.from_round(round, bags=bags)
        event: Event
        if round.phase == "bidding":
            event = round.bid(seat, bot.choose_bid(position))
        else:
            event = round.play(seat, bot.choose_play(position))
        if on_event is not None:
            on_event(event)
    return None


def play_hand(
    round: Round,
    bots: Mapping[Any, Bot],
    *,
    bags: Mapping[Any, int] | None = None,
    on_event: Callable[[Event], object] | None = None,
) -> Round:
    """Bid and play ``round`` to the end with a bot in every seat that plays;
    returns the round."""
    waiting = advance(round, bots, bags=bags, on_event=on_event)
    if waiting is not None:
        raise IllegalActionError(
            _("no bot plays for {seat}: give one bot per seat, or use advance()").format(seat=seat_word(int(waiting)))
        )
    return round
