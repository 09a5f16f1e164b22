"""Play as South against bots: :class:`PlayView`.

One hand, or a whole match kept on a :class:`~spades_teach.game.match.Match` score
sheet with its bag counters. The three other seats are bots (easy, medium or
hard, from :mod:`spades_teach.advice.bots`, imported on first use); the bots only see
a :class:`~spades_teach.advice.position.Position`, like a player at the table.

* Your bid: choose among the engine's legal bids (``Round.legal_bids``).
* Your card: the legal cards of your hand are highlighted; the others are
  greyed with the engine's reason as their tooltip.
* **Teach me**: before you act, the advisor's bid (``advise_bid``) or card
  (``suggest_play``) and its one-line reason; the suggested card is outlined.
* **Undo**: takes back your last card, and the bots' cards after it, with
  ``Round.undo``. Once a hand is written on the score sheet it cannot be undone.

The game itself (the bots' turns, the advice, undo, the score sheet) is a
:class:`~spades_teach.widgets.table_game.TableGame`, the one behind the card
table: this view only draws it with ipywidgets and passes the learner's
clicks on.

Everything is reproducible: the deals come from the game's seed (hand ``n`` is
dealt from ``f"{seed}/{n}"``) and each bot is seeded from the seed and its
seat. The bots can be injected (``bots=``, seat → object with ``choose_bid``
and ``choose_play``) and so can the advisor functions.

>>> class Low:
...     def choose_bid(self, position):
...         return 3
...     def choose_play(self, position):
...         return min(position.legal, key=lambda c: (c.is_spade, c.rank))
>>> view = PlayView(seed=7, bots={"N": Low(), "E": Low(), "W": Low()})
>>> view.phase, view.to_act
('bidding', 'S')
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal

import ipywidgets as widgets  # type: ignore[import-untyped]

from spades_teach.advice.driver import Bot
from spades_teach.advice.levels import level_name
from spades_teach.errors import IllegalActionError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat
from spades_teach.i18n import _
from spades_teach.widgets.base import SpadesWidget, add_classes, escape, trick_cards_html
from spades_teach.widgets.cards import HandView
from spades_teach.widgets.table import TableView, trick_line_html
from spades_teach.widgets.table_game import TableGame, default_bot_factory
from spades_teach.widgets.table_labels import TABLE_LEVELS, describe

__all__ = ["PlayView", "default_bot_factory"]

ME = Seat.S


class PlayView(SpadesWidget):
    """Play South's cards against three bots (see the module docs).

    ``PlayView(*, seed=1, level="medium", mode="hand", rules=Rules(), teach=False,
    bots=None, bot_factory=None, advise_bid=None, suggest_play=None)``; ``mode``
    is ``"hand"`` (one hand) or ``"match"`` (play on to the end of the game).

    Plain state: :attr:`game` (the :class:`TableGame`), :attr:`round`, :attr:`match`,
    :attr:`phase`, :attr:`to_act`, :attr:`hint`, :attr:`hint_card`, :attr:`moves`,
    :attr:`trick_text`, :attr:`last_trick_text`, :attr:`value`; the learner's hand is
    :attr:`hand_view` (a :class:`HandView`).
    """

    def __init__(
        self,
        *,
        seed: int | str = 1,
        level: str = "medium",
        mode: Literal["hand", "match"] = "hand",
        rules: Rules = Rules(),
        teach: bool = False,
        bots: Mapping[Any, Bot] | None = None,
        bot_factory: Callable[[str, str, Seat], Bot] | None = None,
        advise_bid: Callable[..., Any] | None = None,
        suggest_play: Callable[..., Any] | None = None,
        start: bool = True,
    ) -> None:
        self.rules = rules
        self.game = TableGame(
            level=level,
            mode=mode,
            rules=rules,
            teach=teach,
            pause=0,
            bots=bots,
            bot_factory=bot_factory,
            advise_bid=advise_bid,
            suggest_play=suggest_play,
            start=False,
        )

        self.level_box = add_classes(
            widgets.Dropdown(
                options=[(level_name(name), name) for name in TABLE_LEVELS],
                value=level,
                description=_("Bots"),
                layout=widgets.Layout(width="14em"),
            ),
            "st-level",
        )
        self.mode_box = add_classes(
            widgets.ToggleButtons(options=[(_("One hand"), "hand"), (_("Match"), "match")], value=mode), "st-mode"
        )
        self.seed_box = add_classes(
            widgets.Text(value=str(seed), description=_("Seed"), layout=widgets.Layout(width="12em")), "st-play-seed"
        )
        self.new_button = add_classes(widgets.Button(description=_("New game"), icon="play"), "st-new-game")
        self.teach_box = add_classes(
            widgets.ToggleButton(
                value=teach,
                description=_("Teach me"),
                icon="graduation-cap",
                tooltip=_("show the advisor's choice"),
            ),
            "st-teach-me",
        )
        self.undo_button = add_classes(
            widgets.Button(description=_("Undo my card"), icon="undo", tooltip=_("take back your last card")), "st-undo"
        )
        self.next_button = add_classes(widgets.Button(description=_("Next hand"), icon="forward"), "st-next-hand")
        self.bid_choice = add_classes(widgets.Dropdown(options=[], description=_("Your bid")), "st-bid-choice")
        self.bid_button = add_classes(widgets.Button(description=_("Bid")), "st-bid-button")
        self.bid_row = add_classes(widgets.HBox([self.bid_choice, self.bid_button]), "st-bid-row")
        self.open_box = add_classes(
            widgets.Checkbox(value=False, description=_("show all hands"), indent=False), "st-open-hands"
        )
        self.hand_view = HandView(on_play=self.handler(self.play_card), title=_("Your hand (South)"))
        self.table = TableView(hand_views={ME: self.hand_view})
        self.hint_html = add_classes(widgets.HTML(""), "st-teach-hint")
        self.log_html = add_classes(widgets.HTML(""), "st-play-log")
        self.result_html = add_classes(widgets.HTML(""), "st-hand-result")
        self.bags_html = add_classes(widgets.HTML(""), "st-bag-counter")
        self.sheet_html = add_classes(widgets.HTML(""), "st-score-sheet")

        self.new_button.on_click(self.handler(lambda _b: self.new_game()))
        self.teach_box.observe(self.handler(lambda c: self._set("teach", c["new"])), names="value")
        self.open_box.observe(self.handler(lambda c: self._set("open_hands", c["new"])), names="value")
        self.level_box.observe(self.handler(lambda c: self._set("level", c["new"])), names="value")
        self.mode_box.observe(self.handler(lambda c: self._set("mode", c["new"])), names="value")
        self.undo_button.on_click(self.handler(lambda _b: self.undo()))
        self.next_button.on_click(self.handler(lambda _b: self.next_hand()))
        self.bid_button.on_click(self.handler(lambda _b: self.bid(self.bid_choice.value)))
        super().__init__(
            [
                widgets.HBox([self.level_box, self.mode_box, self.seed_box, self.new_button]),
                widgets.HBox([self.teach_box, self.undo_button, self.next_button, self.open_box]),
                self.hint_html,
                self.bid_row,
                self.table,
                self.log_html,
                self.result_html,
                self.bags_html,
                self.sheet_html,
            ]
        )
        self.add_class("st-play")
        if start:
            self.run(self.new_game)
        else:
            self._draw()

    # -- plain state (read from the game) ------------------------------------------------
    @property
    def round(self) -> Round | None:
        return self.game.round

    @property
    def match(self) -> Any:
        """The :class:`~spades_teach.game.match.Match` being played."""
        return self.game.match

    @property
    def bots(self) -> dict[Seat, Bot]:
        return self.game.bots

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"play"``, ``"complete"``, ``"over"`` (match finished) or ``""``."""
        return self.game.phase

    @property
    def to_act(self) -> str:
        """The seat to act (``'S'`` when it is your turn; '' when nobody acts)."""
        return self.game.to_act

    @property
    def hint(self) -> str:
        """The Teach me line shown ('' when Teach me is off or it is not your turn)."""
        return self.game.hint

    @property
    def hint_reasons(self) -> list[str]:
        """The lines under the Teach me bid: each counted card or feature with its
        value and why, then the notes that moved the bid (as on the advisor page)."""
        return self.game.hint_reasons

    @property
    def hint_card(self) -> Card | None:
        return self.game.hint_card

    @property
    def teach(self) -> bool:
        return bool(self.teach_box.value)

    @teach.setter
    def teach(self, on: bool) -> None:
        self.teach_box.value = on

    @property
    def moves(self) -> list[str]:
        """What happened in this hand, one line per bid or card (from the engine's history)."""
        r = self.round
        return [describe(e) for e in r.history] if r is not None else []

    @property
    def trick_text(self) -> str:
        r = self.round
        if r is None:
            return ""
        return " ".join(f"{s.name}:{c}" for s, c in r.current_trick.plays)

    @property
    def last_trick_text(self) -> str:
        r = self.round
        if r is None or not r.tricks:
            return ""
        t = r.tricks[-1]
        return (
            " ".join(f"{s.name}:{c}" for s, c in t.plays) + f" won by {t.winner.name if t.winner is not None else '?'}"
        )

    @property
    def result_lines(self) -> list[str]:
        """The score lines of the hand just finished ('' while it is being played)."""
        return self.game.result_lines

    @property
    def value(self) -> dict[str, Any]:
        r, match = self.round, self.match
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": self.hand_view.value,
            "legal": sorted(str(c) for c in self.hand_view.legal),
            "trick": self.trick_text,
            "last_trick": self.last_trick_text,
            "tricks_won": {s.name: n for s, n in r.tricks_won.items()} if r is not None else {},
            "scores": {s.name: v for s, v in match.scores.items()} if match is not None else {},
            "bags": {s.name: v for s, v in match.bags.items()} if match is not None else {},
            "hands_played": match.hands_played if match is not None else 0,
            "hint": self.hint,
        }

    # -- the learner's actions: the game acts, the view draws -----------------------------
    def new_game(self) -> None:
        """Start a new game with the seed, level and mode in the boxes."""
        self._act(self.game.new_game, self.seed_box.value.strip() or "1")

    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        if self.round is None:
            raise IllegalActionError(_("no game yet: press New game"))
        self._act(self.game.next_hand)

    def bid(self, value: BidLike) -> None:
        """Make South's bid (the engine checks it)."""
        self._act(self.game.bid, value)

    def play_card(self, card: Card | str) -> None:
        """Play South's card (the engine checks it), then let the bots play on."""
        self._act(self.game.play_card, card)

    def undo(self) -> None:
        """Take back South's last card and every card played after it."""
        self._act(self.game.undo)

    # -- drawing ---------------------------------------------------------------------------
    def _act(self, action: Callable[..., None], *args: Any) -> None:
        """Let the game act, then draw it (also when it refused half-way, e.g. a bot's illegal card)."""
        try:
            action(*args)
        finally:
            self._draw()

    def _set(self, name: str, value: Any) -> None:
        self._act(self.game.set_option, name, value)

    def _draw(self) -> None:
        game = self.game
        r, match = game.round, game.match
        hint = game.hint
        items = "".join(f"<li>{escape(line)}</li>" for line in game.hint_reasons)
        reasons = f'<ul class="st-teach-reasons">{items}</ul>' if items else ""
        self.hint_html.value = f'<div class="st-note">{escape(hint)}{reasons}</div>' if hint else ""
        if r is None:
            self.bid_row.layout.display = "none"
            self.undo_button.disabled = True
            self.next_button.disabled = True
            self.set_status(_("press New game"))
            return
        my_bid = r.phase == "bidding" and r.to_act is ME
        self.bid_row.layout.display = "" if my_bid else "none"
        if my_bid:
            options = [(b.label, str(b)) for b in r.legal_bids()]
            self.bid_choice.options = options
            values = [v for _, v in options]
            # no bid is chosen for the learner (neither a default nor the advice)
            self.bid_choice.value = self.bid_choice.value if self.bid_choice.value in values else None
        self._show_hands(r)

        def name_of(seat: Seat) -> str:
            name = (
                _("You (South)")
                if seat is ME
                else _("{seat} ({bot})").format(seat=seat_word(seat), bot=game.bot_label(seat))
            )
            return _("{name} deals").format(name=name) if seat is r.dealer else name

        self.table.show_seats(r, name_of)
        self.table.set_middle(self._middle_html(r))
        self.log_html.value = "<br>".join(escape(line) for line in self.moves[-8:])
        self.undo_button.disabled = not game.can_undo
        self.next_button.disabled = not game.can_next
        self.next_button.layout.display = "" if game.mode == "match" else "none"
        lines = game.result_lines
        if lines:
            items = "".join(f"<li>{escape(x)}</li>" for x in lines)
            title = escape(_("This hand"))
            self.result_html.value = f"<b>{title}</b><ul>{items}</ul>"
        else:
            self.result_html.value = ""
        bag_text = ", ".join(f"{side.name} {match.bags[side]}" for side in match.sides)
        self.bags_html.value = escape(_("Bags on the counter: {bags} ({limit} bags cost {penalty})")).format(
            bags=f"<b>{escape(bag_text)}</b>", limit=match.rules.bag_limit, penalty=match.rules.bag_penalty
        )
        self.sheet_html.value = match._repr_html_() if match.hands_played else ""
        status = self._status_text_for(r, match)
        self.set_status(
            _("{message}: {status}").format(message=game.message, status=status) if game.message else status
        )

    def _show_hands(self, r: Round) -> None:
        """South's cards as buttons; the bots' hands hidden (only their size) unless
        "show all hands" is ticked. Once the hand is over, every seat shows the
        cards it was dealt, so the learner can look back at the whole deal."""
        if r.is_complete:
            self.hand_view.title = _("Your hand (South), as dealt")
            for seat in r.seats:
                self.table.hand_views[seat].show(r.deal[seat])
            return
        self.hand_view.title = _("Your hand (South)")
        self.hand_view.show_round(r, ME, hint=self.game.hint_card)
        others = [seat for seat in Seat if seat is not ME]
        self.table.show_hands(r.hands, hidden={seat: not self.game.open_hands for seat in others}, seats=others)

    def _middle_html(self, r: Round) -> str:
        parts = []
        current = r.current_trick
        if current.cards:
            parts.append(trick_line_html(current.number, current.plays))
        if r.tricks:
            last = r.tricks[-1]
            winner = seat_word(last.winner) if last.winner is not None else "?"
            text = escape(_("Last trick ({number}): {cards} — won by {seat}")).format(
                number=last.number, cards=trick_cards_html(last.plays), seat=escape(winner)
            )
            parts.append(f'<div class="st-last-trick">{text}</div>')
        if not parts and r.phase == "bidding":
            parts.append(escape(_("bidding")))
        return "".join(f"<div>{p}</div>" for p in parts)

    def _status_text_for(self, r: Round, match: Any) -> str:
        if match is not None and match.is_over:
            return _("the match is over: {status}").format(status=match.status())
        if r.is_complete:
            tail = _("press Next hand") if self.game.mode == "match" else _("press New game to play again")
            return _("hand {number} is over: {status}; {then}").format(
                number=match.hands_played, status=match.status(), then=tail
            )
        if r.to_act is ME:
            return _("your turn to bid") if r.phase == "bidding" else _("your turn: click a highlighted card")
        return _("{seat} to act").format(seat=seat_word(r.to_act) if r.to_act is not None else "")
