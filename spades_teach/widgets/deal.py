"""Deal the cards and look at the four hands, :class:`DealView`: a new deal, a seed, a deal code or
a PBN deal, the deal of the day; the other hands shown or hidden, sorted as the learner likes.
What the box reads: ``docs/modules.md``.

>>> import datetime
>>> view = DealView(today=datetime.date(2026, 1, 1))
>>> view.load("7")
>>> view.deal == deal(7), view.source
(True, 'seed 7')
>>> view.load(view.code)
>>> view.source.startswith("deal code")
True
>>> view.show_others.value = False
>>> view.hidden_seats
('N', 'E', 'W')
>>> view.sort_box.value = "colours"
>>> [suit.symbol for suit in view.suit_order]
['♠', '♥', '♣', '♦']
"""

from __future__ import annotations

import datetime as _dt
import re
import secrets
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.errors import ParseError
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.notation import rank_face, seat_word
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import N_, _, ngettext
from spades_teach.render.html import card_html
from spades_teach.widgets.base import SpadesWidget, add_classes, escape
from spades_teach.widgets.table import TableView

__all__ = ["DealView"]

_CODE = re.compile(r"[0-9A-Za-z]{5}(-?[0-9A-Za-z]{5}){3}")
_PBN = re.compile(r"^\s*[NESWnesw]:")
_DIGITS = re.compile(r"[0-9]{1,30}")
#: A text seed: letters (any alphabet), digits, spaces and underscores, up to 60 characters.
_WORDS = re.compile(r"[^\W]+(?: [^\W]+)*")


#: The sort orders offered: label, suit order, high cards first.
SORTS: dict[str, tuple[str, tuple[Suit, ...], bool]] = {
    "suits": (N_("♠ ♥ ♦ ♣, high first"), (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), True),
    "colours": (
        N_("♠ ♥ ♣ ♦ (colours alternate), high first"),
        (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS),
        True,
    ),
    "low": (N_("♠ ♥ ♦ ♣, low first"), (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS), False),
}


def sorted_suits(hand: Hand, order: tuple[Suit, ...], high_first: bool) -> list[tuple[Suit, tuple[Card, ...]]]:
    """The hand's cards suit by suit in ``order``, each suit high or low first.

    >>> [(s.symbol, " ".join(c.pretty for c in cards)) for s, cards in sorted_suits(Hand.parse("A2.K.Q.J"), (Suit.CLUBS, Suit.SPADES), False)]
    [('♣', 'J♣'), ('♠', '2♠ A♠')]
    """
    result = []
    for suit in order:
        cards = hand.suit(suit)  # high to low
        result.append((suit, cards if high_first else tuple(reversed(cards))))
    return result


_NUMBER = re.compile(r"[+-]?[0-9]*[.,]?[0-9]+(?:[eE][+-]?[0-9]+)?")


def _not_a_deal(text: str) -> str:
    """Why the box cannot read ``text``, and what it takes.

    >>> _not_a_deal("not a code!!")
    "'not a code!!' is not a seed, a deal code or a deal: type a seed (a number like 7, or words of letters and digits like 'my game'), a 20-character deal code, or a deal like 'N:AKQ3.K52.7.A9842 ...'"
    >>> _not_a_deal("-3")
    "'-3' is not a seed: a seed is a whole number from 0 up, like 7, or words of letters and digits, like 'my game'"
    >>> _not_a_deal("ABCDE-FGHIJ-KLMNO-PQRS").startswith("'ABCDE-FGHIJ-KLMNO-PQRS' looks like a deal code but has 19 letters and digits")
    True
    """
    if _NUMBER.fullmatch(text):
        # A number, but not a whole one from 0 up: "-3", "3.5" (a seed of digits and letters, "1e5", is read as words).
        return _(
            "{text} is not a seed: a seed is a whole number from 0 up, like 7, or words of letters and digits,"
            " like 'my game'"
        ).format(text=repr(text))
    plain = text.replace("-", "")
    groups = [group for group in text.split("-") if group]
    if "-" in text and plain.isascii() and plain.isalnum() and len(groups) >= 2 and len(plain) >= 10:
        count = len(plain)
        return ngettext(
            "{text} looks like a deal code but has {count} letter or digit;"
            " a deal code has 20, in four groups of five (copy it whole)",
            "{text} looks like a deal code but has {count} letters and digits;"
            " a deal code has 20, in four groups of five (copy it whole)",
            count,
        ).format(text=repr(text), count=count)
    return _(
        "{text} is not a seed, a deal code or a deal: type a seed (a number like 7, or words of letters and"
        " digits like 'my game'), a 20-character deal code, or a deal like {example}"
    ).format(text=repr(text), example="'N:AKQ3.K52.7.A9842 ...'")


def _fresh_seed() -> int:
    return secrets.randbelow(10**9)


class DealView(SpadesWidget):
    """Deal, type a seed or code, or take the deal of the day (see the module docs).

    ``DealView(seed=None, *, dealer="N", today=None, seed_source=None)``:
    ``today`` is the date (or a callable returning it) used by the deal-of-the-day
    button; ``seed_source`` a callable returning fresh seeds for the Deal button.

    Plain state: :attr:`deal`, :attr:`code`, :attr:`source`, :attr:`value`
    (the deal's PBN text), the seed box's ``seed_box.value``.
    """

    def __init__(
        self,
        seed: int | str | None = None,
        *,
        dealer: SeatLike = Seat.N,
        today: _dt.date | str | Callable[[], _dt.date] | None = None,
        seed_source: Callable[[], int | str] | None = None,
    ) -> None:
        self.dealer = Seat.coerce(dealer)
        self._today = today
        self._seed_source = seed_source or _fresh_seed
        self._deal: Deal | None = None
        self._source = ""
        self.deal_button = add_classes(widgets.Button(description=_("Deal"), icon="random"), "st-deal-button")
        self.seed_box = add_classes(
            widgets.Text(
                value="",
                placeholder=_("seed, deal code or N:... deal"),
                description=_("Seed or code"),
                continuous_update=False,
                style={"description_width": "initial"},
                layout=widgets.Layout(width="28em"),
            ),
            "st-deal-seed",
        )
        self.open_button = add_classes(widgets.Button(description=_("Open")), "st-deal-open")
        self.day_button = add_classes(widgets.Button(description=_("Deal of the day"), icon="calendar"), "st-deal-day")
        self.code_html = add_classes(widgets.HTML(""), "st-deal-code")
        self.show_others = add_classes(
            widgets.Checkbox(value=True, description=_("Show the other hands"), indent=False), "st-deal-show-others"
        )
        self.sort_box = add_classes(
            widgets.Dropdown(
                options=[(_(label), key) for key, (label, _order, _high) in SORTS.items()],
                value="suits",
                description=_("Sort"),
                # as wide as its longest choice (a fixed width cut the colours one off), within the window
                layout=widgets.Layout(width="auto", max_width="calc(100% - 4px)"),
            ),
            "st-deal-sort",
        )
        self.table = TableView()
        # A box's message sits right under the box (the row of the seed box), not under the table.
        self.input_error_html = add_classes(widgets.HTML(""), "st-input-error", "st-deal-seed-error")
        self.deal_button.on_click(self.handler(lambda _b: self.new_deal()))
        self.open_button.on_click(self.handler(lambda _b: self.load(self.seed_box.value)))
        self.day_button.on_click(self.handler(lambda _b: self.deal_of_the_day()))
        self.seed_box.observe(self.handler(self._typed), names="value")
        self.show_others.observe(self.handler(lambda _c: self._redraw()), names="value")
        self.sort_box.observe(self.handler(lambda _c: self._redraw()), names="value")
        super().__init__(
            [
                widgets.HBox(
                    [self.deal_button, self.seed_box, self.open_button, self.day_button],
                    layout=widgets.Layout(flex_flow="row wrap"),
                ),
                self.input_error_html,
                widgets.HBox([self.show_others, self.sort_box], layout=widgets.Layout(flex_flow="row wrap")),
                self.code_html,
                self.table,
            ]
        )
        self.add_class("st-deal-view")
        self.set_status(_("press Deal, type a seed or a deal code, or take the deal of the day"))
        if seed is not None:
            self._set_box(str(seed))
            self.run(self.load, str(seed))

    # -- plain state -------------------------------------------------------------------
    @property
    def deal(self) -> Deal | None:
        """The deal shown (``None`` before the first one)."""
        return self._deal

    @property
    def code(self) -> str:
        """The code of the deal shown ('' before the first one)."""
        return self._deal.code if self._deal is not None else ""

    @property
    def value(self) -> str:
        """The deal shown as PBN-style text ('' before the first one)."""
        return str(self._deal) if self._deal is not None else ""

    @property
    def source(self) -> str:
        """Where the deal came from: ``"seed 7"``, ``"deal code ..."``, ``"deal of the day 2026-01-01"``."""
        return self._source

    @property
    def suit_order(self) -> tuple[Suit, ...]:
        """The order the suits are drawn in (from the Sort box)."""
        return SORTS[self.sort_box.value][1]

    @property
    def hidden_seats(self) -> tuple[str, ...]:
        """The seats whose cards are face down (all but South when the other hands are hidden)."""
        if self._deal is None or self.show_others.value:
            return ()
        return tuple(seat.name for seat in Seat if seat is not Seat.S and seat in self._deal)

    def drawn(self, seat: SeatLike) -> str:
        """A seat's cards as drawn, in words: ``'♠ A K 3 | ♥ ...'`` or ``'13 cards, face down'``."""
        s = Seat.coerce(seat)
        if self._deal is None or s not in self._deal:
            return ""
        hand = self._deal[s]
        if s.name in self.hidden_seats:
            return ngettext("{count} card, face down", "{count} cards, face down", len(hand)).format(count=len(hand))
        _label, order, high_first = SORTS[self.sort_box.value]
        return " | ".join(
            f"{suit.symbol} " + (" ".join(rank_face(int(c.rank)) for c in cards) or "—")
            for suit, cards in sorted_suits(hand, order, high_first)
        )

    def set_error(self, message: str) -> None:
        """The message goes under the seed box it is about (once: the error line stays empty);
        the box is marked while it holds text that names no deal."""
        self._error_text = message
        self.error_line.value = ""
        self.input_error_html.value = f"⚠ {escape(message)}" if message else ""
        if message:
            self.seed_box.add_class("st-invalid")
        else:
            self.seed_box.remove_class("st-invalid")

    # -- actions -----------------------------------------------------------------------
    def new_deal(self) -> None:
        """Deal from a fresh seed and write the seed in the box."""
        seed = self._seed_source()
        self._set_box(str(seed))
        self.load(str(seed))

    def load(self, text: str) -> None:
        """Show the deal named by ``text`` (see the module docs for what is read);
        text that names no deal takes the old deal off the table and says why."""
        try:
            self._load(text)
        except ParseError:
            self._forget()
            raise

    def _forget(self) -> None:
        """No deal on the table (the box does not name one)."""
        self._deal, self._source = None, ""
        self.table.show_hands({})
        for seat in Seat:
            self.table.set_label(seat, "")
        self.code_html.value = ""
        self.set_status("")

    def _load(self, text: str) -> None:
        stripped = text.strip()
        if not stripped:
            raise ParseError(
                _("type a seed (like 7), a deal code or a deal like {example}").format(
                    example="'N:AKQ3.K52.7.A9842 ...'"
                )
            )
        if _PBN.match(stripped):
            self._show(Deal.parse(stripped), _("deal {seat}:…").format(seat=stripped.split(":", 1)[0].upper()))
        elif _CODE.fullmatch(stripped):
            found = Deal.from_code(stripped)
            self._show(found, _("deal code {code}").format(code=found.code))
        elif _DIGITS.fullmatch(stripped):
            self._show(deal(int(stripped), dealer=self.dealer), _("seed {seed}").format(seed=int(stripped)))
        elif _WORDS.fullmatch(stripped) and len(stripped) <= 60:
            self._show(deal(stripped, dealer=self.dealer), _("seed {seed}").format(seed=repr(stripped)))
        else:
            raise ParseError(_not_a_deal(stripped))

    def deal_of_the_day(self) -> None:
        """Show the deal of the day for the injected date (default: today)."""
        today = self._today() if callable(self._today) else self._today
        found = Deal.of_the_day(today)
        date = today if today is not None else _dt.date.today()
        label = date if isinstance(date, str) else date.isoformat()
        self._set_box(found.code)
        self._show(found, _("deal of the day {date}").format(date=str(label).strip()))

    # -- internals ---------------------------------------------------------------------
    def _set_box(self, text: str) -> None:
        self._setting_box = True
        try:
            self.seed_box.value = text
        finally:
            self._setting_box = False

    def _typed(self, change: dict[str, Any]) -> None:
        if getattr(self, "_setting_box", False):
            return
        self.load(str(change["new"]))

    def _show(self, found: Deal, source: str) -> None:
        self._deal = found
        self._source = source
        self._redraw()
        for seat in Seat:
            name = _("{seat} (dealer)").format(seat=seat_word(seat)) if seat is found.dealer else seat_word(seat)
            self.table.set_label(seat, name if seat in found else "")
        self.set_status(_("{source}: {dealer} deals").format(source=source, dealer=seat_word(found.dealer)))

    def _redraw(self) -> None:
        """Draw the hands with the switches as they are (face down, sort order)."""
        if self._deal is None:
            return
        hidden = set(self.hidden_seats)
        self.table.show_hands(self._deal.hands, hidden={s: True for s in hidden})
        # The deal written out would show the hidden hands: only the code then.
        written = "" if hidden else f' <span class="st-pbn">{escape(str(self._deal))}</span>'
        label = escape(_("Deal code"))
        self.code_html.value = f'{label} <code class="st-code">{escape(self._deal.code)}</code>{written}'

        _label, order, high_first = SORTS[self.sort_box.value]
        for seat in Seat:
            if seat not in self._deal or seat.name in hidden:
                continue
            lines = [
                '<div class="st-suit">'
                + ("".join(card_html(c) for c in cards) if cards else '<span class="st-void">—</span>')
                + "</div>"
                for _, cards in sorted_suits(self._deal[seat], order, high_first)
            ]
            self.table.hand_views[seat].faces.value = "".join(lines)
