"""Which card may I play, and why not? :class:`LegalPlayExplorer`: every card of the seat to act
a button, the engine's verdict and reason, the hint, undo and the 2♣-lead switch. More:
``docs/modules.md``.

>>> view = LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4])
>>> view.to_act
'N'
>>> view.pick("6S")
>>> view.verdict
'6♠ is not legal: spades are not broken yet: lead a heart, diamond or club (A♥ K♥ Q♥ J♥ 5♥ A♦ 8♦ 7♦ A♣ 7♣ 6♣)'
>>> view.pick("AH"); view.play_picked()
>>> view.to_act, view.broken_text
('E', 'spades are not broken yet')
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.advice.play import suggest_play
from spades_teach.advice.position import Position
from spades_teach.errors import IllegalPlayError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card, CardLike, Suit
from spades_teach.game.deals import Deal, deal
from spades_teach.game.notation import seat_word
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import _
from spades_teach.render.words import trick_text
from spades_teach.widgets.base import SpadesWidget, add_classes, card_button, escape, trick_cards_html

__all__ = ["LegalPlayExplorer"]


class LegalPlayExplorer(SpadesWidget):
    """Click any card of the seat to act and read the engine's verdict (see the module docs).

    ``LegalPlayExplorer(seed_or_deal=11, *, dealer="W", bids=(3, 3, 3, 3), rules=Rules())``:
    ``bids`` are made in turn from the dealer's left.

    Plain state: :attr:`round`, :attr:`to_act`, :attr:`picked`, :attr:`verdict`,
    :attr:`broken_text`, :attr:`card_buttons` (card → button), :meth:`pick`,
    :meth:`play_picked`, :meth:`play_hint`, :meth:`undo`.
    """

    def __init__(
        self,
        seed_or_deal: int | str | Deal = 11,
        *,
        dealer: SeatLike = Seat.W,
        bids: Iterable[BidLike] = (3, 3, 3, 3),
        rules: Rules = Rules(),
    ) -> None:
        self.dealer = Seat.coerce(dealer)
        self.deal = seed_or_deal if isinstance(seed_or_deal, Deal) else deal(seed_or_deal)
        self.bids = list(bids)
        self.base_rules = rules
        self.round = self._new_round(rules)
        self._picked: Card | None = None
        self._verdict = ""
        self._broken_at: tuple[int, Seat, Card] | None = None  # the trick, the seat and the card that broke spades
        self.card_buttons: dict[Card, Any] = {}
        self.two_clubs_box = add_classes(
            widgets.Checkbox(
                value=rules.first_lead == "two_of_clubs",
                description=_("the 2♣ leads the first trick (variant)"),
                indent=False,
            ),
            "st-legal-two-clubs",
        )
        self.seat_html = add_classes(widgets.HTML(""), "st-legal-seat")
        self.hand_box = add_classes(widgets.HBox([], layout=widgets.Layout(flex_flow="row wrap")), "st-legal-hand")
        self.verdict_html = add_classes(widgets.HTML(""), "st-legal-verdict")
        self.play_button = add_classes(widgets.Button(description=_("Play it"), disabled=True), "st-legal-play")
        self.hint_button = add_classes(widgets.Button(description=_("Play the hint")), "st-legal-hint")
        self.undo_button = add_classes(widgets.Button(description=_("Undo")), "st-legal-undo")
        self.restart_button = add_classes(
            widgets.Button(description=_("Start again"), tooltip=_("the same hand, from its first card")),
            "st-legal-restart",
        )
        self.tally_html = add_classes(widgets.HTML(""), "st-legal-tally")
        self.trick_html = add_classes(widgets.HTML(""), "st-trick", "st-legal-trick")
        self.broken_html = add_classes(widgets.HTML(""), "st-legal-broken")
        self.log_html = add_classes(widgets.HTML(""), "st-legal-log")
        super().__init__(
            [
                self.two_clubs_box,
                self.seat_html,
                self.hand_box,
                self.verdict_html,
                widgets.HBox([self.play_button, self.hint_button, self.undo_button, self.restart_button]),
                self.trick_html,
                self.tally_html,
                self.broken_html,
                self.log_html,
            ]
        )
        self.add_class("st-legal-explorer")
        self.play_button.on_click(self.handler(lambda _b: self.play_picked()))
        self.hint_button.on_click(self.handler(lambda _b: self.play_hint()))
        self.undo_button.on_click(self.handler(lambda _b: self.undo()))
        self.restart_button.on_click(self.handler(lambda _b: self.restart()))
        self.two_clubs_box.observe(self.handler(self._variant_changed), names="value")
        self._refresh()

    # -- plain state -------------------------------------------------------------------
    @property
    def to_act(self) -> str:
        """The seat to act ('' once the hand is over)."""
        seat = self.round.to_act
        return seat.name if seat is not None else ""

    @property
    def cards_played(self) -> int:
        """How many cards have been played so far."""
        return sum(isinstance(event, PlayEvent) for event in self.round.history)

    @property
    def picked(self) -> Card | None:
        return self._picked

    @property
    def verdict(self) -> str:
        """What the engine said about the card picked ('' before a pick)."""
        return self._verdict

    @property
    def broken_text(self) -> str:
        if not self.round.spades_broken:
            return _("spades are not broken yet")
        if self._broken_at is None:
            return _("spades are broken")
        number, seat, card = self._broken_at
        return _("spades are broken since trick {number}, when {seat} played the {card}").format(
            number=number, seat=seat_word(seat), card=card.pretty
        )

    # -- actions -----------------------------------------------------------------------
    def pick(self, card: CardLike) -> None:
        """Ask the engine about a card of the seat to act (a click on its button)."""
        seat = self.round.to_act
        c = Card.parse(card)
        if seat is None:
            raise IllegalPlayError(_("the hand is over: press Start again to play it from its first card"))
        if c not in self.round.hand(seat):
            raise IllegalPlayError(_("{seat} does not hold {card}").format(seat=seat_word(seat), card=c.pretty))
        self._picked = c
        reason = self.round.why_illegal(c, seat)
        self._verdict = (
            _("{card} is legal").format(card=c.pretty)
            if reason is None
            else _("{card} is not legal: {reason}").format(card=c.pretty, reason=reason)
        )
        self._refresh()

    def play_picked(self) -> None:
        """Play the card picked (the engine refuses an illegal one, and says why)."""
        if self._picked is None:
            raise IllegalPlayError(_("click a card first"))
        self._play(self._picked)

    def play_hint(self) -> None:
        """Let the seat to act play the play advisor's suggestion."""

        if self.round.to_act is None:
            raise IllegalPlayError(_("the hand is over: press Start again to play it from its first card"))
        self._play(suggest_play(Position.from_round(self.round)).card)

    def undo(self) -> None:
        """Take the last card back (not the bids)."""
        if not self.cards_played:
            raise IllegalPlayError(_("no card has been played yet"))
        self.round.undo()
        if not self.round.spades_broken:
            self._broken_at = None
        self._clear_pick()
        self._refresh()

    def restart(self) -> None:
        """The same hand again from its first card (same bids, same rules)."""
        self.round = self._new_round(self.round.rules)
        self._broken_at = None
        self._clear_pick()
        self._refresh()

    @property
    def tally(self) -> str:
        """The tricks taken so far, by side and by seat (one line).

        >>> LegalPlayExplorer(11, dealer="W", bids=[4, 2, 3, 4]).tally
        'tricks taken: North–South 0 (North 0, South 0), East–West 0 (East 0, West 0)'
        """
        won = self.round.tricks_won
        seats = self.round.seats
        sides = [(Seat.N, Seat.S), (Seat.E, Seat.W)] if Seat.E in seats else [(Seat.N,), (Seat.S,)]
        parts = []
        for side in sides:
            total = sum(won[s] for s in side)
            if len(side) == 1:
                parts.append(f"{seat_word(side[0])} {total}")
            else:
                each = ", ".join(f"{seat_word(s)} {won[s]}" for s in side)
                parts.append(f"{seat_word(side[0])}–{seat_word(side[1])} {total} ({each})")
        return _("tricks taken: {tally}").format(tally=", ".join(parts))

    # -- internals ---------------------------------------------------------------------
    def _new_round(self, rules: Rules) -> Round:
        rnd = Round(self.deal, dealer=self.dealer, rules=rules)
        for bid in self.bids:
            seat = rnd.to_act
            assert seat is not None
            rnd.bid(seat, bid)
        return rnd

    def _variant_changed(self, change: dict[str, Any]) -> None:
        first_lead = "two_of_clubs" if change["new"] else "left_of_dealer"
        self.round = self._new_round(self.base_rules.replace(first_lead=first_lead))
        self._broken_at = None
        self._clear_pick()
        self._refresh()

    def _play(self, card: Card) -> None:
        seat = self.round.to_act
        assert seat is not None
        was_broken = self.round.spades_broken
        self.round.play(seat, card)
        if self.round.spades_broken and not was_broken:
            self._broken_at = (self._last_trick().number, seat, card)
        self._clear_pick()
        self._refresh()

    def _last_trick(self) -> Any:
        current = self.round.current_trick
        return current if current.cards else self.round.tricks[-1]

    def _clear_pick(self) -> None:
        self._picked = None
        self._verdict = ""

    def _button(self, card: Card) -> Any:
        button = self.card_buttons.get(card)
        if button is None:
            button = card_button(card)
            button.on_click(self.handler(lambda _b, c=card: self.pick(c)))
            self.card_buttons[card] = button
        return button

    def _refresh(self) -> None:
        rnd = self.round
        seat = rnd.to_act
        legal = set(rnd.legal_plays()) if seat is not None else set()
        if seat is None:
            self.seat_html.value = escape(_("the hand is over: press Start again to play it from its first card"))
            self.hand_box.children = []
        else:
            self.seat_html.value = escape(_("{seat} to play: click any card to ask whether it is legal")).format(
                seat=f"<b>{escape(seat_word(seat))}</b>"
            )
            buttons = []
            for suit in Suit:
                for card in rnd.hand(seat).suit(suit):
                    button = self._button(card)
                    button.remove_class("st-card-picked")
                    if card is self._picked:
                        button.add_class("st-card-picked")
                    button.tooltip = _("{card}: click to ask the engine").format(card=card.pretty)
                    buttons.append(button)
            self.hand_box.children = buttons
        ok = self._picked is not None and self._picked in legal
        mark = "st-legal-yes" if ok else "st-legal-no"
        self.verdict_html.value = f'<span class="{mark}">{escape(self._verdict)}</span>' if self._verdict else ""
        self.play_button.disabled = not ok
        self.hint_button.disabled = seat is None
        self.undo_button.disabled = not self.cards_played
        self.restart_button.disabled = not self.cards_played
        self.restart_button.button_style = "primary" if seat is None else ""
        self.tally_html.value = escape(self.tally)
        current = rnd.current_trick
        if current.cards:
            self.trick_html.value = (
                escape(_("trick {number}:").format(number=current.number)) + " " + trick_cards_html(current.plays)
            )
        elif rnd.tricks and rnd.tricks[-1].is_complete:
            self.trick_html.value = escape(trick_text(rnd.tricks[-1]))
        else:
            self.trick_html.value = escape(_("no card played yet"))
        self.broken_html.value = f"<b>{escape(self.broken_text)}</b>"
        done = [t for t in rnd.tricks if t.is_complete]
        self.log_html.value = "".join(f"<div>{escape(trick_text(t))}</div>" for t in done[-3:])
        status = (
            _("{seat} to play").format(seat=seat_word(seat))
            if seat is not None
            else _("the hand is over: press Start again")
        )
        self.set_status(_("{status}; {spades}").format(status=status, spades=self.broken_text))
