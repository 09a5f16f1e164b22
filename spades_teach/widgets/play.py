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

from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.driver import Bot
from spades_teach.advice.play import suggest_play
from spades_teach.errors import IllegalActionError, ParseError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.round import BidEvent, Event, PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatMap, seating_of
from spades_teach.widgets.base import SpadesWidget, add_classes, escape, trick_cards_html
from spades_teach.widgets.cards import HandView
from spades_teach.widgets.table import TableView

__all__ = ["PlayView", "default_bot_factory", "LEVELS"]

LEVELS = ("easy", "medium", "hard")
ME = Seat.S


def default_bot_factory(level: str, seed: str, seat: Seat) -> Bot:
    """A bot of :mod:`spades_teach.advice.bots` at ``level``, seeded for ``seat``.

    The hard bot is built without its time limit, so that it always looks at
    the same number of sampled deals and a notebook replays identically.
    """
    from spades_teach.advice.levels import seated_bot

    return seated_bot(level, seed, seat)


def _position(round: Round, bags: Mapping[Any, int]) -> Any:
    from spades_teach.advice.position import Position

    return Position.from_round(round, bags=bags)


class PlayView(SpadesWidget):
    """Play South's cards against three bots (see the module docs).

    ``PlayView(*, seed=1, level="medium", mode="hand", rules=Rules(), teach=False,
    bots=None, bot_factory=None, advise_bid=None, suggest_play=None)``; ``mode``
    is ``"hand"`` (one hand) or ``"match"`` (play on to the end of the game).

    Plain state: :attr:`round`, :attr:`match`, :attr:`phase`, :attr:`to_act`,
    :attr:`hint`, :attr:`hint_card`, :attr:`moves`, :attr:`trick_text`,
    :attr:`last_trick_text`, :attr:`value`; the learner's hand is
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
        if level not in LEVELS:
            raise ParseError(f"unknown bot level {level!r}: use {', '.join(LEVELS[:-1])} or {LEVELS[-1]}")
        if mode not in ("hand", "match"):
            raise ParseError(f"unknown mode {mode!r}: use 'hand' (one hand) or 'match'")
        self.rules = rules
        self._given_bots = SeatMap(bots) if bots is not None else None
        self._bot_factory = bot_factory or default_bot_factory
        self._advise_bid = advise_bid
        self._suggest_play = suggest_play
        self._bots: dict[Seat, Bot] = {}
        self._match: Any = None
        self._round: Round | None = None
        self._seed = str(seed)
        self._hint = ""
        self._hint_reasons: list[str] = []
        self._hint_card: Card | None = None
        self._hint_bid: str | None = None
        self._result_lines: list[str] = []

        self.level_box = add_classes(
            widgets.Dropdown(
                options=list(LEVELS), value=level, description="Bots", layout=widgets.Layout(width="14em")
            ),
            "st-level",
        )
        self.mode_box = add_classes(
            widgets.ToggleButtons(options=[("One hand", "hand"), ("Match", "match")], value=mode), "st-mode"
        )
        self.seed_box = add_classes(
            widgets.Text(value=str(seed), description="Seed", layout=widgets.Layout(width="12em")), "st-play-seed"
        )
        self.new_button = add_classes(widgets.Button(description="New game", icon="play"), "st-new-game")
        self.teach_box = add_classes(
            widgets.ToggleButton(
                value=teach, description="Teach me", icon="graduation-cap", tooltip="show the advisor's choice"
            ),
            "st-teach-me",
        )
        self.undo_button = add_classes(
            widgets.Button(description="Undo my card", icon="undo", tooltip="take back your last card"), "st-undo"
        )
        self.next_button = add_classes(widgets.Button(description="Next hand", icon="forward"), "st-next-hand")
        self.bid_choice = add_classes(widgets.Dropdown(options=[], description="Your bid"), "st-bid-choice")
        self.bid_button = add_classes(widgets.Button(description="Bid"), "st-bid-button")
        self.bid_row = add_classes(widgets.HBox([self.bid_choice, self.bid_button]), "st-bid-row")
        self.open_box = add_classes(
            widgets.Checkbox(value=False, description="show all hands", indent=False), "st-open-hands"
        )
        self.hand_view = HandView(on_play=self.handler(self.play_card), title="Your hand (South)")
        self.table = TableView(hand_views={ME: self.hand_view})
        self.hint_html = add_classes(widgets.HTML(""), "st-teach-hint")
        self.log_html = add_classes(widgets.HTML(""), "st-play-log")
        self.result_html = add_classes(widgets.HTML(""), "st-hand-result")
        self.bags_html = add_classes(widgets.HTML(""), "st-bag-counter")
        self.sheet_html = add_classes(widgets.HTML(""), "st-score-sheet")

        self.new_button.on_click(self.handler(lambda _b: self.new_game()))
        self.teach_box.observe(self.handler(lambda _c: self._refresh()), names="value")
        self.open_box.observe(self.handler(lambda _c: self._refresh()), names="value")
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
            self._refresh()

    # -- plain state -------------------------------------------------------------------
    @property
    def round(self) -> Round | None:
        return self._round

    @property
    def match(self) -> Any:
        """The :class:`~spades_teach.game.match.Match` being played."""
        return self._match

    @property
    def bots(self) -> dict[Seat, Bot]:
        return dict(self._bots)

    @property
    def phase(self) -> str:
        """``"bidding"``, ``"play"``, ``"complete"``, ``"over"`` (match finished) or ``""``."""
        if self._match is not None and self._match.is_over:
            return "over"
        return self._round.phase if self._round is not None else ""

    @property
    def to_act(self) -> str:
        """The seat to act (``'S'`` when it is your turn; '' when nobody acts)."""
        seat = self._round.to_act if self._round is not None else None
        return seat.name if seat is not None else ""

    @property
    def hint(self) -> str:
        """The Teach me line shown ('' when Teach me is off or it is not your turn)."""
        return self._hint

    @property
    def hint_reasons(self) -> list[str]:
        """The lines under the Teach me bid: each counted card or feature with its
        value and why, then the notes that moved the bid (as on the advisor page)."""
        return list(self._hint_reasons)

    @property
    def hint_card(self) -> Card | None:
        return self._hint_card

    @property
    def teach(self) -> bool:
        return bool(self.teach_box.value)

    @teach.setter
    def teach(self, on: bool) -> None:
        self.teach_box.value = on

    @property
    def moves(self) -> list[str]:
        """What happened in this hand, one line per bid or card (from the engine's history)."""
        return [_describe(e) for e in self._round.history] if self._round is not None else []

    @property
    def trick_text(self) -> str:
        r = self._round
        if r is None:
            return ""
        return " ".join(f"{s.name}:{c}" for s, c in r.current_trick.plays)

    @property
    def last_trick_text(self) -> str:
        r = self._round
        if r is None or not r.tricks:
            return ""
        t = r.tricks[-1]
        return (
            " ".join(f"{s.name}:{c}" for s, c in t.plays) + f" won by {t.winner.name if t.winner is not None else '?'}"
        )

    @property
    def result_lines(self) -> list[str]:
        """The score lines of the hand just finished ('' while it is being played)."""
        return list(self._result_lines)

    @property
    def value(self) -> dict[str, Any]:
        r = self._round
        return {
            "phase": self.phase,
            "to_act": self.to_act,
            "hand": self.hand_view.value,
            "legal": sorted(str(c) for c in self.hand_view.legal),
            "trick": self.trick_text,
            "last_trick": self.last_trick_text,
            "tricks_won": {s.name: n for s, n in r.tricks_won.items()} if r is not None else {},
            "scores": {s.name: v for s, v in self._match.scores.items()} if self._match is not None else {},
            "bags": {s.name: v for s, v in self._match.bags.items()} if self._match is not None else {},
            "hands_played": self._match.hands_played if self._match is not None else 0,
            "hint": self._hint,
        }

    # -- the game ----------------------------------------------------------------------
    def new_game(self) -> None:
        """Start a new game with the seed, level and mode in the boxes."""
        from spades_teach.game.match import Match

        seed = self.seed_box.value.strip() or "1"
        level = self.level_box.value
        opponents = [s for s in Seat if s is not ME and s in _seats(self.rules)]
        if self._given_bots is not None:
            missing = [s.name for s in opponents if s not in self._given_bots]
            if missing:
                raise IllegalActionError(f"no bot was given for {', '.join(missing)}")
            bots = {s: self._given_bots[s] for s in opponents}
        else:
            bots = {s: self._bot_factory(level, seed, s) for s in opponents}
        match = Match(self.rules)
        self._seed = seed
        self._bots = bots
        self._match = match
        self._start_hand()

    def next_hand(self) -> None:
        """Deal the next hand of the match."""
        if self._match is None:
            raise IllegalActionError("no game yet: press New game")
        if self._round is not None and not self._round.is_complete:
            raise IllegalActionError("finish this hand first")
        if self.mode_box.value != "match":
            raise IllegalActionError("this game is a single hand: press New game, or choose Match")
        self._start_hand()

    def _start_hand(self) -> None:
        match = self._match
        number = match.hands_played + 1
        self._round = match.start_round(seed=f"{self._seed}/{number}")
        self._result_lines = []
        self._advance()

    def bid(self, value: BidLike) -> None:
        """Make South's bid (the engine checks it)."""
        r = self._require_round()
        if value is None or value == "":
            raise IllegalActionError("choose a bid first")
        r.bid(ME, value)
        self._advance()

    def play_card(self, card: Card | str) -> None:
        """Play South's card (the engine checks it), then let the bots play on."""
        r = self._require_round()
        r.play(ME, card)
        self._advance()

    def undo(self) -> None:
        """Take back South's last card and every card played after it."""
        r = self._require_round()
        if r.is_complete:
            raise IllegalActionError("the hand is scored: it can no longer be undone")
        history = r.history
        mine = [i for i, e in enumerate(history) if isinstance(e, PlayEvent) and e.seat is ME]
        if not mine:
            raise IllegalActionError("nothing to undo: you have not played a card in this hand")
        target = mine[-1]
        while len(r.history) > target:
            r.undo()
        self._refresh()
        self.set_status("you took back your card: " + self.status)

    # -- internals ---------------------------------------------------------------------
    def _require_round(self) -> Round:
        if self._round is None:
            raise IllegalActionError("no game yet: press New game")
        return self._round

    def _advance(self) -> None:
        """Let the bots act until it is South's turn or the hand is over."""
        from spades_teach.advice.driver import advance

        r = self._require_round()
        try:
            advance(r, {seat: bot for seat, bot in self._bots.items() if seat is not ME}, bags=self._match.bags)
            if r.is_complete and self._match.current_round is r:
                row = self._match.finish_round(r)
                self._result_lines = list(row.lines)
        finally:
            self._refresh()

    def _teach(self) -> None:
        self._hint, self._hint_card, self._hint_bid = "", None, None
        self._hint_reasons = []
        r = self._round
        if not self.teach or r is None or r.to_act is not ME:
            return
        if r.phase == "bidding":
            advise = self._advise_bid or advise_bid
            advice = advise(
                r.hand(ME), seat=ME, bids=r.bids, scores=r.scores_before, bags=self._match.bags, rules=r.rules
            )
            self._hint_bid = str(advice.bid)
            # The summary already names the bid: no "bid 2 — bid 2" repetition.
            self._hint = f"Teach me: {advice.summary}"
            reasons = getattr(advice, "reasons", ()) or ()
            notes = getattr(advice, "context", ()) or ()
            self._hint_reasons = [str(item) for item in reasons] + [f"note: {n}" for n in notes]
        elif r.phase == "play":
            suggest = self._suggest_play or suggest_play
            hint = suggest(_position(r, self._match.bags))
            card = Card.parse(hint.card)
            self._hint_card = card
            self._hint = f"Teach me: play {card.pretty} — {hint.reason}"

    def _refresh(self) -> None:
        r = self._round
        match = self._match
        try:
            self._teach()
        finally:
            self._show(r, match)

    def _show(self, r: Round | None, match: Any) -> None:
        items = "".join(f"<li>{escape(line)}</li>" for line in self._hint_reasons)
        reasons = f'<ul class="st-teach-reasons">{items}</ul>' if items else ""
        self.hint_html.value = f'<div class="st-note">{escape(self._hint)}{reasons}</div>' if self._hint else ""
        if r is None:
            self.bid_row.layout.display = "none"
            self.undo_button.disabled = True
            self.next_button.disabled = True
            self.set_status("press New game")
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
        bids = r.bids
        won = r.tricks_won
        for seat in Seat:
            if seat not in r.seats:
                self.table.set_label(seat, "")
                continue
            name = "You (South)" if seat is ME else f"{seat.word} ({self._bot_name(seat)})"
            parts = [name + (" deals" if seat is r.dealer else "")]
            if seat in bids:
                parts.append(f"bid {bids[seat].label}")
            if r.phase != "bidding":
                parts.append(f"won {won[seat]}")
            self.table.set_label(seat, ", ".join(parts), turn=r.to_act is seat)
        self.table.set_middle(self._middle_html(r))
        self.log_html.value = "<br>".join(escape(line) for line in self.moves[-8:])
        self.undo_button.disabled = r.is_complete or not any(
            isinstance(e, PlayEvent) and e.seat is ME for e in r.history
        )
        more = match is not None and not match.is_over and self.mode_box.value == "match"
        self.next_button.disabled = not (r.is_complete and more)
        self.next_button.layout.display = "" if self.mode_box.value == "match" else "none"
        if self._result_lines:
            self.result_html.value = (
                "<b>This hand</b><ul>" + "".join(f"<li>{escape(x)}</li>" for x in self._result_lines) + "</ul>"
            )
        else:
            self.result_html.value = ""
        if match is not None:
            bag_text = ", ".join(f"{side.name} {match.bags[side]}" for side in match.sides)
            self.bags_html.value = f"Bags on the counter: <b>{escape(bag_text)}</b> ({match.rules.bag_limit} bags cost {match.rules.bag_penalty})"
            self.sheet_html.value = match._repr_html_() if match.hands_played else ""
        self.set_status(self._status_text_for(r, match))

    def _show_hands(self, r: Round) -> None:
        """South's cards as buttons; the bots' hands hidden (only their size) unless
        "show all hands" is ticked. Once the hand is over, every seat shows the
        cards it was dealt, so the learner can look back at the whole deal."""
        if r.is_complete:
            self.hand_view.title = "Your hand (South), as dealt"
            for seat in r.seats:
                self.table.hand_views[seat].show(r.deal[seat])
            return
        self.hand_view.title = "Your hand (South)"
        self.hand_view.show_round(r, ME, hint=self._hint_card)
        hands = r.hands
        for seat in Seat:
            if seat is ME:
                continue
            view = self.table.hand_views[seat]
            hand = hands.get(seat)
            if hand is None:  # East and West in two-player Spades
                view.show([])
                view.faces.value = ""
                continue
            view.show(hand)
            if not self.open_box.value:
                view.faces.value = f'<span class="st-hidden">{len(hand)} cards</span>'

    def _bot_name(self, seat: Seat) -> str:
        bot = self._bots.get(seat)
        return str(getattr(bot, "name", type(bot).__name__)) if bot is not None else "?"

    def _middle_html(self, r: Round) -> str:
        parts = []
        current = r.current_trick
        if current.cards:
            parts.append(f"Trick {current.number}: " + trick_cards_html(current.plays))
        if r.tricks:
            last = r.tricks[-1]
            winner = last.winner.word if last.winner is not None else "?"
            parts.append(
                f'<div class="st-last-trick">Last trick ({last.number}): {trick_cards_html(last.plays)} — won by {escape(winner)}</div>'
            )
        if not parts and r.phase == "bidding":
            parts.append("bidding")
        return "".join(f"<div>{p}</div>" for p in parts)

    def _status_text_for(self, r: Round, match: Any) -> str:
        if match is not None and match.is_over:
            return f"the match is over: {match.status()}"
        if r.is_complete:
            tail = "press Next hand" if self.mode_box.value == "match" else "press New game to play again"
            return f"hand {match.hands_played} is over: {match.status()}; {tail}"
        if r.to_act is ME:
            return "your turn to bid" if r.phase == "bidding" else "your turn: click a highlighted card"
        return f"{r.to_act.word if r.to_act is not None else ''} to act"


def _seats(rules: Rules) -> tuple[Seat, ...]:
    return seating_of(rules).seats


def _describe(event: Event) -> str:
    if isinstance(event, BidEvent):
        return f"{event.seat.word} bid {event.bid.label}"
    return f"{event.seat.word} played {event.card.pretty}"
