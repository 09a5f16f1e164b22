"""A hand drawn as cards: :class:`HandView`.

Two modes. *Display*: the cards as small faces (rank and suit symbol, hearts
and diamonds in red), spades first, high to low. *Play*: one button per card;
the cards the engine allows are highlighted (``st-card-legal``) and clickable,
the others are greyed, disabled (``st-card-illegal``) and carry the engine's
reason as their tooltip. Legality always comes from the engine
(:meth:`Round.legal_plays`, :meth:`Round.why_illegal`), never from the widget.

>>> from spades_teach import Round, deal
>>> r = Round(deal(7), dealer="N")
>>> for seat, bid in zip("ESWN", [3, 4, 2, 3]):
...     _ = r.bid(seat, bid)
>>> view = HandView()
>>> view.show_round(r, "E")
>>> sorted(str(c) for c in view.legal)[:3]
['3C', '6C', '7C']
>>> view.tooltip_of("KS")
'spades are not broken yet: lead a heart, diamond or club (Q♥ 8♥ 7♥ 8♦ J♣ 10♣ 7♣ 6♣ 3♣)'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING, Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.game.cards import Card, CardLike, Hand, HandLike, Suit
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import _
from spades_teach.render.html import card_html
from spades_teach.widgets.base import SpadesWidget, add_classes, card_button, escape

if TYPE_CHECKING:
    from spades_teach.game.round import Round

__all__ = ["HandView"]


class HandView(SpadesWidget):
    """A hand of cards (see the module docs).

    ``HandView(hand=None, *, title="", on_play=None, rows=False)``: ``on_play``
    is called with the :class:`Card` when a legal card is clicked; ``rows=True``
    draws one line per suit (compact, for the four hands of a table).

    Plain state for tests: :attr:`cards`, :attr:`legal`, :attr:`reasons`,
    :attr:`mode`, :attr:`value` (the dotted hand), :meth:`tooltip_of`,
    :meth:`is_enabled`, :meth:`click`.
    """

    def __init__(
        self,
        hand: HandLike | None = None,
        *,
        title: str = "",
        on_play: Callable[[Card], Any] | None = None,
        rows: bool = False,
    ) -> None:
        self.on_play = on_play
        self.rows = rows
        self._hand = Hand()
        self._legal: frozenset[Card] = frozenset()
        self._reasons: dict[Card, str] = {}
        self._hinted: Card | None = None
        self._mode = "display"
        self._buttons: dict[Card, Any] = {}
        self.title_html = add_classes(widgets.HTML(escape(title)), "st-seat")
        self.faces = add_classes(widgets.HTML(""), "st-hand")
        self.button_box = add_classes(widgets.VBox([]), "st-hand-buttons")
        self._suit_boxes = [add_classes(widgets.HBox([]), "st-hand-suit") for _ in range(4)]
        self._flat_box = add_classes(
            widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap")), "st-hand-suit", "st-hand-line"
        )
        super().__init__(
            [self.title_html, self.faces, self.button_box], line_classes=("st-hand-status", "st-hand-error")
        )
        self.add_class("st-hand-view")
        self.title = title
        if hand is not None:
            self.show(hand)

    def describe(self) -> str:
        return f"{self._title + ': ' if self._title else ''}{self._hand.labelled()}"

    # -- plain state ---------------------------------------------------------------------
    @property
    def hand(self) -> Hand:
        return self._hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards shown, spades first, high to low in each suit."""
        return self._hand.cards

    @property
    def value(self) -> str:
        """The hand shown, in dotted form (``'AKQ3.K52.7.A9842'``)."""
        return str(self._hand)

    @property
    def legal(self) -> frozenset[Card]:
        """The clickable cards (empty in display mode)."""
        return self._legal

    @property
    def reasons(self) -> dict[Card, str]:
        """Why each greyed card cannot be played (the engine's words)."""
        return dict(self._reasons)

    @property
    def mode(self) -> str:
        """``"display"`` (faces only) or ``"play"`` (buttons)."""
        return self._mode

    @property
    def buttons(self) -> dict[Card, Any]:
        """The buttons now shown, card → ``ipywidgets.Button`` (play mode)."""
        return {card: self._buttons[card] for card in self.cards} if self._mode == "play" else {}

    @property
    def title(self) -> str:
        return self._title

    @title.setter
    def title(self, text: str) -> None:
        self._title = text
        self.title_html.value = escape(text)
        self.title_html.layout.display = "" if text else "none"

    def tooltip_of(self, card: CardLike) -> str:
        """The tooltip of a card's button ('' in display mode)."""
        button = self.buttons.get(Card.parse(card))
        return str(button.tooltip or "") if button is not None else ""

    def is_enabled(self, card: CardLike) -> bool:
        button = self.buttons.get(Card.parse(card))
        return button is not None and not button.disabled

    def click(self, card: CardLike) -> None:
        """Click a card's button, as a learner would."""
        c = Card.parse(card)
        if c not in self.buttons:
            raise KeyError(f"{c} is not shown as a button")
        self.buttons[c].click()

    # -- showing -------------------------------------------------------------------------
    def show(
        self,
        hand: HandLike,
        *,
        legal: Iterable[CardLike] | None = None,
        reasons: Mapping[Card, str] | None = None,
        hint: CardLike | None = None,
    ) -> None:
        """Show ``hand``. With ``legal`` (the engine's legal cards), show clickable
        buttons; ``reasons`` gives the tooltip of each other card; ``hint`` outlines
        one card (the Teach me suggestion)."""
        self._hand = Hand.coerce(hand)
        self._hinted = None if hint is None else Card.parse(hint)
        if legal is None:
            self._mode = "display"
            self._legal = frozenset()
            self._reasons = {}
            self.faces.value = self._faces_html()
            self.faces.layout.display = ""
            self.button_box.children = []
            self.button_box.layout.display = "none"
            return
        self._mode = "play"
        self._legal = frozenset(Card.parse(c) for c in legal)
        self._reasons = {card: reason for card, reason in (reasons or {}).items() if card not in self._legal}
        self.faces.value = ""
        self.faces.layout.display = "none"
        self.button_box.layout.display = ""
        self._refresh_buttons()

    def show_round(self, round: Round, seat: SeatLike, *, hint: CardLike | None = None) -> None:
        """Show ``seat``'s cards in a live round, in play mode: legal cards from
        ``round.legal_plays()`` when it is ``seat``'s turn, every other card with
        ``round.why_illegal(card, seat)`` as its tooltip."""
        s = Seat.coerce(seat)
        hand = round.hand(s)
        legal = list(round.legal_plays()) if round.to_act is s and round.phase == "play" else []
        reasons = {}
        for card in hand:
            if card not in legal:
                reasons[card] = round.why_illegal(card, s) or _("not playable now")
        self.show(hand, legal=legal, reasons=reasons, hint=hint)

    def _faces_html(self) -> str:
        hand = self._hand
        if not hand:
            none = escape(_("no cards"))
            return f'<span class="st-void">{none}</span>'
        if not self.rows:
            return "".join(card_html(c) for c in hand)
        lines = []
        for suit in Suit:
            cards = hand.suit(suit)
            body = "".join(card_html(c) for c in cards) if cards else '<span class="st-void">—</span>'
            lines.append(f'<div class="st-suit">{body}</div>')
        return "".join(lines)

    def _button(self, card: Card) -> Any:
        button = self._buttons.get(card)
        if button is None:
            button = card_button(card)
            if card.suit.is_red:
                button.add_class("st-red")
            button.on_click(self.handler(lambda _b, c=card: self._clicked(c)))
            self._buttons[card] = button
        return button

    def _refresh_buttons(self) -> None:
        rows: list[Any] = []
        for suit in Suit:
            cards = self._hand.suit(suit)
            if not cards:
                continue
            line = []
            for card in cards:
                button = self._button(card)
                legal = card in self._legal
                button.disabled = not legal
                button.tooltip = "" if legal else self._reasons.get(card, "")
                for name in ("st-card-legal", "st-card-illegal", "st-card-hinted"):
                    button.remove_class(name)
                button.add_class("st-card-legal" if legal else "st-card-illegal")
                if card is self._hinted:
                    button.add_class("st-card-hinted")
                line.append(button)
            rows.append(line)
        # The rows are made once and reused: only their children change.
        if self.rows:
            for box, line in zip(self._suit_boxes, rows):
                box.children = line
            self.button_box.children = self._suit_boxes[: len(rows)]
        else:
            self._flat_box.children = [b for line in rows for b in line]
            self.button_box.children = [self._flat_box]

    def _clicked(self, card: Card) -> None:
        # A disabled button cannot be clicked in the browser; from Python,
        # a click on a card the engine did not allow changes nothing either.
        if self._mode != "play" or card not in self._legal or card not in self._hand:
            return
        if self.on_play is not None:
            self.on_play(card)
