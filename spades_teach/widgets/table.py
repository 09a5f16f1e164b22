"""The four hands around a table, with something in the middle: :class:`TableView`.

North sits at the top, South at the bottom, West left and East right; the
middle shows the trick (or any HTML). Each seat has a label line (its name,
bid, tricks won, a turn marker) and a :class:`HandView`.

>>> from spades_teach import deal
>>> t = TableView()
>>> t.show_hands(deal(7))
>>> t.hand_views["S"].value == str(deal(7)["S"])
True
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Round
from spades_teach.game.seating import Seat, SeatMap
from spades_teach.i18n import _, ngettext
from spades_teach.widgets.base import add_classes, escape, trick_cards_html
from spades_teach.widgets.cards import HandView

__all__ = ["TableView", "trick_line_html"]

_AREAS = {Seat.N: "north", Seat.E: "east", Seat.S: "south", Seat.W: "west"}


class TableView(widgets.GridBox):
    """A 3×3 grid: the four seats around the middle (see the module docs).

    ``hand_views`` may give a ready :class:`HandView` for some seats (the
    learner's clickable hand); the others are created in display mode.
    """

    def __init__(self, *, hand_views: Mapping[Any, HandView] | None = None) -> None:
        given = SeatMap(hand_views or {})
        self.hand_views: dict[Seat, HandView] = SeatMap()
        self.labels: dict[Seat, Any] = SeatMap()
        self._label_text: dict[Seat, str] = SeatMap()
        cells = []
        for seat in Seat:
            found = given.get(seat)
            view = found if found is not None else HandView(rows=True)
            self.hand_views[seat] = view
            label = add_classes(widgets.HTML(escape(seat_word(seat))), "st-seat", f"st-seat-{seat.name}")
            self.labels[seat] = label
            self._label_text[seat] = seat_word(seat)
            cell = add_classes(widgets.VBox([label, view]), "st-table-seat")
            cell.layout.grid_area = _AREAS[seat]
            cells.append(cell)
        self.middle = add_classes(widgets.HTML(""), "st-trick")
        self.middle.layout.grid_area = "middle"
        self.middle.layout.align_self = "center"
        super().__init__(
            children=[*cells, self.middle],
            layout=widgets.Layout(
                grid_template_areas='". north ." "west middle east" ". south ."',
                grid_template_columns="1fr 1fr 1fr",
                grid_gap="0.4em",
                width="100%",
            ),
        )
        self.add_class("st-table")

    def label_of(self, seat: Any) -> str:
        """The label line shown for a seat (plain text)."""
        return str(self._label_text[Seat.coerce(seat)])

    @property
    def middle_html(self) -> str:
        return str(self.middle.value)

    def set_label(self, seat: Any, text: str, *, turn: bool = False) -> None:
        s = Seat.coerce(seat)
        self._label_text[s] = text
        body = escape(text)
        self.labels[s].value = f'<span class="st-turn">{body} ◀</span>' if turn else body

    def show_seat(
        self, seat: Seat, name: str, *, bid: Bid | None = None, won: int | None = None, turn: bool = False
    ) -> None:
        """A seat's label line: its ``name`` (already saying who deals), then its bid and
        its tricks won when known (``None``: not yet), marked when it is the seat's turn."""
        parts = [name]
        if bid is not None:
            parts.append(_("bid {bid}").format(bid=bid.label))
        if won is not None:
            parts.append(_("won {count}").format(count=won))
        self.set_label(seat, ", ".join(parts), turn=turn)

    def show_seats(self, r: Round, name_of: Callable[[Seat], str]) -> None:
        """Every seat's label line for the round ``r``: the name ``name_of(seat)`` gives
        (saying who deals), its bid once made, its tricks won once the play has begun,
        and the turn marker; seats that do not play (two-player Spades) are left blank."""
        bids = r.bids
        won = r.tricks_won
        for seat in Seat:
            if seat not in r.seats:
                self.set_label(seat, "")
                continue
            self.show_seat(
                seat,
                name_of(seat),
                bid=bids.get(seat),
                won=won[seat] if r.phase != "bidding" else None,
                turn=r.to_act is seat,
            )

    def show_hands(
        self,
        hands: Mapping[Any, Hand],
        *,
        hidden: Mapping[Any, bool] | None = None,
        seats: Iterable[Seat] = tuple(Seat),
    ) -> None:
        """Show each seat's cards in display mode; seats missing from ``hands``
        (East and West in two-player Spades) are emptied. ``hidden`` seats show
        only how many cards they hold. Only ``seats`` are touched (all by default:
        a table whose learner's hand is a live view leaves that seat out)."""
        hide = SeatMap(hidden or {})
        for seat in seats:
            view = self.hand_views[seat]
            hand = hands.get(seat)
            if hand is None:
                view.show(Hand())
                view.faces.value = ""
                continue
            view.show(hand)
            if hide.get(seat):
                count = ngettext("{count} card", "{count} cards", len(hand)).format(count=len(hand))
                view.faces.value = f'<span class="st-hidden">{escape(count)}</span>'

    def set_middle(self, html_text: str) -> None:
        self.middle.value = html_text


def trick_line_html(
    number: int,
    plays: Iterable[tuple[Seat, Card]],
    *,
    winner: Seat | None = None,
    marks: Mapping[int, str] | None = None,
) -> str:
    """A trick for the middle of the table: "Trick N:", its cards in play order after
    each seat's letter, and who won it once it is over (``marks``: extra CSS classes
    by position in the trick, as :func:`~spades_teach.widgets.base.trick_cards_html`).

    >>> from spades_teach.game.cards import Card
    >>> html = trick_line_html(3, [(Seat.N, Card.parse("AH")), (Seat.E, Card.parse("2H"))], winner=Seat.N)
    >>> html.startswith('Trick 3: <span class="st-seat st-led" title="North">North led</span>'), html.endswith("<b>won by North</b>")
    (True, True)
    """
    line = escape(_("Trick {number}:").format(number=number)) + " " + trick_cards_html(plays, marks=marks)
    if winner is None:
        return line
    won = escape(_("won by {seat}").format(seat=seat_word(winner)))
    return line + f" — <b>{won}</b>"
