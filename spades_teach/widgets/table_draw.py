"""The card table's state during the two-player draw: pure functions from the
:class:`~spades_teach.game.twoplayer.Draw` to the JSON-ready pieces :meth:`TableGame.state
<spades_teach.widgets.table_game.TableGame.state>` draws before the bidding.

No rule is decided here: whose turn it is, the card seen, what each player holds and the
discards each player knows come from the draw; the keep-or-discard advice comes from
:func:`~spades_teach.advice.bots.advise_draw` (called by the game, not here).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from spades_teach.game.notation import seat_word
from spades_teach.game.seating import Seat, seating_of
from spades_teach.game.twoplayer import Draw
from spades_teach.i18n import _, ngettext
from spades_teach.widgets.table_state import ME, card_state

__all__ = ["DRAW_TURNS", "draw_hand", "draw_part", "draw_seat", "draw_state", "draw_status"]

#: The turns of a whole draw (two cards a turn, 52 cards).
DRAW_TURNS = 26


def draw_state(draw: Draw, *, advised: str = "") -> dict[str, Any]:
    """The draw box: the card South sees (and the one under it with the peek variant) when it is
    South's turn, the stock left, the discards South knows, and Teach me's choice (``advised``:
    ``"keep"``, ``"discard"`` or '')."""
    mine = draw.to_act is ME
    top = draw.top if mine else None
    second = draw.second if mine else None
    left = len(draw.stock_left)
    known = draw.discards[ME]
    if mine and top is not None:
        caption = _("turn {number} of {turns}: the top card of the stock").format(
            number=draw.turn_number, turns=DRAW_TURNS
        )
    elif draw.to_act is not None:
        caption = _("turn {number} of {turns}: {seat} is drawing").format(
            number=draw.turn_number, turns=DRAW_TURNS, seat=seat_word(draw.to_act)
        )
    else:
        caption = _("the draw is over")
    return {
        "turn": draw.turn_number,
        "turns": DRAW_TURNS,
        "mine": mine,
        "card": card_state(top) if top is not None else None,
        "second": card_state(second) if second is not None else None,
        "second_label": _("the card under it") if second is not None else "",
        "caption": caption,
        "stock": ngettext("{count} card left in the stock", "{count} cards left in the stock", left).format(count=left),
        "discards": [card_state(c) for c in known],
        "discards_label": ngettext("the card you threw away:", "the cards you threw away:", len(known))
        if known
        else "",
        "advised": advised if mine else "",
    }


def draw_seat(draw: Draw, seat: Seat, *, open_hands: bool, bot_label: Callable[[Seat], str]) -> dict[str, Any]:
    """One player during the draw, as the table draws a seat: name, the cards held so far
    (hidden for the bot unless the hands are shown), and whose turn it is."""
    held = draw.hands[seat]
    count = len(held)
    tags = [_("drew first")] if seat is draw.first else []
    tags.append(ngettext("holds {count} card", "holds {count} cards", count).format(count=count))
    turn = draw.to_act is seat
    return {
        "name": _("You") if seat is ME else _("{seat} ({bot})").format(seat=seat_word(seat), bot=bot_label(seat)),
        "word": seat_word(seat),
        "partner": False,
        "dealer": False,
        "bid": "",
        "won": 0,
        "turn": turn,
        "tags": tags,
        "turn_text": (_("your turn") if seat is ME else _("to draw")) if turn else "",
        "count": count,
        "hidden_label": ngettext("{count} hidden card", "{count} hidden cards", count).format(count=count),
        "cards": [card_state(c) for c in held] if open_hands and seat is not ME else [],
    }


def draw_hand(draw: Draw) -> list[dict[str, Any]]:
    """South's cards kept so far (none can be played during the draw)."""
    return [card_state(c, legal=False) for c in draw.hands[ME]]


def draw_status(draw: Draw) -> str:
    """What the learner should do now during the draw (one line)."""
    top = draw.top
    if draw.to_act is ME and top is not None:
        return _("your turn to draw: keep the {card}, or discard it and take the next card").format(card=top.pretty)
    if draw.to_act is not None:
        return _("{seat} is drawing").format(seat=seat_word(draw.to_act))
    return _("the draw is over")


def draw_part(
    draw: Draw, *, advised: str, hand_number: int, open_hands: bool, bot_label: Callable[[Seat], str]
) -> dict[str, Any]:
    """The table's state during the draw beside what every phase shows: no deal code, bids or
    tricks yet (``advised``: Teach me's ``"keep"``, ``"discard"`` or '')."""
    return {
        "code_note": _("(the cards are being drawn: the deal's code comes when the draw is over)"),
        "code": "",
        "hand_number": hand_number,
        "seats": {
            seat.name: draw_seat(draw, seat, open_hands=open_hands, bot_label=bot_label)
            for seat in seating_of(draw.rules).seats
        },
        "hand": draw_hand(draw),
        "trick": None,
        "last_trick": None,
        "bid_choices": [],
        "draw": draw_state(draw, advised=advised),
        "result": [],
        "review": None,
        "review_summary": "",
        "review_intro": "",
        "can_compare": False,
        "comparison": None,
    }
