"""The game behind the card table, in plain Python: :class:`TableGame`.

South plays against three bots (North is the partner), or with ``Rules(players=2)`` against
one bot after the draw. The game is a coordinator: :class:`~spades_teach.widgets.table_flow.TableFlow`
deals, draws, bids and plays (the state machine), :class:`~spades_teach.widgets.table_coach.TableCoach`
gives Teach me's hints and reviews the hand, and :meth:`TableGame.state` gathers what the
:class:`~spades_teach.widgets.cardtable.CardTable` draws, as JSON-ready data. It takes the
learner's actions as method calls (:meth:`TableGame.act` takes the browser's messages) and imports
no widget library, so all of it is tested in plain Python. No rule lives here.

>>> class Low:
...     def choose_bid(self, position):
...         return 3
...     def choose_play(self, position):
...         return min(position.legal, key=lambda c: (c.is_spade, c.rank))
>>> game = TableGame(seed=7, bots={"N": Low(), "E": Low(), "W": Low()}, pause=0)
>>> game.phase, game.to_act, game.state()["bid_choices"][0]
('bidding', 'S', ['choose your bid', ''])
>>> game.act({"action": "bid", "bid": ""})
>>> game.message
'choose a bid first'
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

from spades_teach.advice.bots import DrawAdvice
from spades_teach.advice.levels import level_name
from spades_teach.advice.teach import HINT_LEVELS
from spades_teach.errors import IllegalActionError, ParseError, SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.deals import Deal
from spades_teach.game.match import Match
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, seating_of
from spades_teach.game.twoplayer import Draw, DrawTurn
from spades_teach.i18n import _, format_number, get_language
from spades_teach.i18n import language as speaking
from spades_teach.widgets.table_coach import TableCoach
from spades_teach.widgets.table_draw import draw_part, draw_status
from spades_teach.widgets.table_flow import (
    Bot,
    BotFactory,
    FlowHooks,
    GameStart,
    TableFlow,
    code_start,
    day_start,
    default_bot_factory,
    random_start,
)
from spades_teach.widgets.table_labels import TABLE_LEVELS, card_words, describe, table_labels
from spades_teach.widgets.table_state import (
    bid_choices,
    card_state,
    hand_line,
    hand_state,
    last_trick,
    match_over,
    mode_line,
    score_state,
    seat_state,
    shown_trick,
    status_line,
    trick_state,
)
from spades_teach.widgets.terms import marked

__all__ = [
    "TableGame",
    "TABLE_LEVELS",
    "PACES",
    "card_state",
    "card_words",
    "default_bot_factory",
    "describe",
    "table_labels",
]

#: The pauses (seconds) offered between two bot cards.
PACES = (0.0, 0.3, 0.7, 1.2)

_P = ParamSpec("_P")
_R = TypeVar("_R")


def _in_its_language(method: Callable[Concatenate[TableGame, _P], _R]) -> Callable[Concatenate[TableGame, _P], _R]:
    """Run a :class:`TableGame` method in the game's own language (``with language(...)``), so
    a table whose menu chose French speaks French whenever it is called (a browser message, a
    redraw, a test) and the rest of the kernel keeps its language."""

    def in_its_language(game: TableGame, /, *args: _P.args, **kwargs: _P.kwargs) -> _R:
        with speaking(game.language):
            return method(game, *args, **kwargs)

    functools.update_wrapper(in_its_language, method)
    return in_its_language


class TableGame:
    """South's game against three bots (see the module docs).

    ``seed`` fixes the first deal and the bots (for notebooks and tests);
    without it the first deal is random. ``deal`` (a :class:`Deal` or its
    code) plays that deal first; ``daily=True`` the deal of the day (the app's
    daily challenge). ``pause`` is the time in seconds the table
    waits after each bot card (0 for tests); ``sleep`` and ``on_change`` (called
    whenever the state changed, e.g. between two bot cards) are the widget's
    hooks. ``start=False`` sets up no game until :meth:`new_game` is called.
    ``language`` is the table's own language (see :attr:`language`).
    ``rules=Rules(players=2)`` plays two-player Spades: South against a bot in North's
    seat, each hand drawn first (:meth:`keep_card`, :meth:`discard_card`), the first
    player of the game decided by the cut.
    """

    def __init__(
        self,
        *,
        seed: int | str | None = None,
        deal: Deal | str | None = None,
        daily: bool = False,
        level: str = "medium",
        mode: Literal["hand", "match"] = "hand",
        rules: Rules = Rules(),
        teach: bool = False,
        hint_level: str = "beginner",
        pause: float = 0.7,
        four_colour: bool = False,
        bots: Mapping[Any, Bot] | None = None,
        bot_factory: BotFactory | None = None,
        advise_bid: Callable[..., Any] | None = None,
        suggest_play: Callable[..., Any] | None = None,
        on_change: Callable[[], None] | None = None,
        sleep: Callable[[float], None] = time.sleep,
        start: bool = True,
        language: str | None = None,
    ) -> None:
        # None: the language in use wherever the table is called, until its menu chooses one
        self._language: str | None = None
        if language is not None:
            with speaking(language) as code:
                self._language = code
        with speaking(self.language):
            if level not in TABLE_LEVELS:
                raise ParseError(_("unknown bot level {level}: use easy, medium or hard").format(level=repr(level)))
            if mode not in ("hand", "match"):
                raise ParseError(_("unknown mode {mode}: use 'hand' (one hand) or 'match'").format(mode=repr(mode)))
            self.rules = rules
            self.level = level
            self.mode: str = mode
            self.teach = bool(teach)
            self.hint_level = _hint_level(hint_level)
            self.pause = _pause(pause)
            self.four_colour = bool(four_colour)
            self.open_hands = False
            self.on_change = on_change
            self.busy = ""
            self.message = ""
            self._origin: tuple[str, dict[str, str]] = ("", {})
            self._coach = TableCoach(advise_bid=advise_bid, suggest_play=suggest_play)
            hooks = FlowHooks(
                show=self._changed,
                pause=self._bot_pause,
                forget=self._coach.forget,
                coach=self._teach,
                say=self._say,
            )
            self._flow = TableFlow(bots=bots, bot_factory=bot_factory, sleep=sleep, hooks=hooks)
            if daily:
                self.deal_of_the_day()
            elif deal is not None:
                self.play_deal(deal)
            elif start:
                self.new_game(seed)
            self._flow.live = True

    # -- reading the state ------------------------------------------------------------------
    @property
    def language(self) -> str:
        """The table's language: the one its menu chose (:meth:`set_language`), else the
        language in use (:func:`spades_teach.i18n.get_language`) when the table is called.
        Its words, status, hint and review are worked out in it; no other widget changes."""
        return self._language or get_language()

    @property
    def round(self) -> Round | None:
        return self._flow.round

    @property
    def match(self) -> Match | None:
        return self._flow.match

    @property
    def seed(self) -> str:
        """The seed of the game on the table: its bots, its hands after the first, the hints'
        and the review's sampled deals all come from it ('' before a game)."""
        return self._flow.seed

    @property
    def bots(self) -> dict[Seat, Bot]:
        """The bots seated for this game, by seat."""
        return dict(self._flow.bots)

    @property
    def draw(self) -> Draw | None:
        """The two-player draw being played (``None`` outside the draw)."""
        return self._flow.draw

    @property
    def two_players(self) -> bool:
        """Whether the game on the table is two-player Spades (the menu's choice counts from
        the next new game)."""
        match = self._flow.match
        rules = match.rules if match is not None else self.rules
        return not seating_of(rules).partnerships

    @property
    def phase(self) -> str:
        """``"draw"`` (two-player Spades), ``"bidding"``, ``"play"``, ``"complete"`` or ``"over"``
        (the match is finished); '' before a game."""
        flow = self._flow
        if flow.match is not None and flow.match.is_over:
            return "over"
        if flow.round is None and flow.draw is not None:
            return "draw"
        return flow.round.phase if flow.round is not None else ""

    @property
    def to_act(self) -> str:
        flow = self._flow
        if flow.round is None and flow.draw is not None:
            seat = flow.draw.to_act
        else:
            seat = flow.round.to_act if flow.round is not None else None
        return seat.name if seat is not None else ""

    @property
    def code(self) -> str:
        """The code of the deal on the table (``Deal.from_code`` replays it)."""
        return self._flow.round.deal.code if self._flow.round is not None else ""

    @property
    @_in_its_language
    def origin(self) -> str:
        """Where the deal on the table comes from ("the deal of the day" …), in the language in use."""
        template, values = self._origin
        return _(template).format(**values) if template else ""

    @property
    def hint(self) -> str:
        return self._coach.hint

    @property
    def hint_reasons(self) -> list[str]:
        """The reasons behind a bid hint, one line each (the advisor page's list)."""
        return list(self._coach.hint_reasons)

    @property
    def hint_card(self) -> Card | None:
        return self._coach.hint_card

    @property
    @_in_its_language
    def result_lines(self) -> list[str]:
        """How the hand just finished was scored, one line an item, in the language in use."""
        row = self._flow.row
        return list(row.lines) if row is not None else []

    @property
    def review(self) -> list[dict[str, Any]] | None:
        review = self._coach.review
        return None if review is None else list(review)

    @property
    @_in_its_language
    def review_summary(self) -> str:
        """The review in one line, in the language in use ('' before the review)."""
        return self._coach.review_summary

    @property
    def can_undo(self) -> bool:
        """Whether Undo has a card of South's to take back (not once the hand is scored)."""
        return self._flow.can_undo

    @property
    def can_next(self) -> bool:
        """Whether Next hand deals on (a finished hand of a match still being played)."""
        r, match = self._flow.round, self._flow.match
        return r is not None and match is not None and r.is_complete and not match.is_over and self.mode == "match"

    @property
    @_in_its_language
    def status(self) -> str:
        """What the learner should do now (one line)."""
        flow = self._flow
        if flow.round is None and flow.draw is not None:
            return draw_status(flow.draw)
        return status_line(flow.round, flow.match, mode=self.mode)

    @_in_its_language
    def state(self) -> dict[str, Any]:
        """Everything the table draws, as plain JSON data."""
        r, draw, match, coach = self._flow.round, self._flow.draw, self._flow.match, self._coach
        if match is None or (r is None and draw is None):
            return {
                "phase": "",
                "labels": table_labels(),
                "language": get_language(),
                "players_setting": self.rules.players,
            }
        common = {
            "labels": table_labels(),
            "language": get_language(),
            "pace_labels": [
                _("none") if p == 0 else _("{seconds} s").format(seconds=format_number(p, 1)) for p in PACES
            ],
            "hand_line": hand_line(r, match, mode=self.mode, target=match.rules.target),
            "phase": self.phase,
            "to_act": self.to_act,
            "mode": self.mode,
            "level": self.level,
            "levels": list(TABLE_LEVELS),
            "players": match.rules.players,
            "players_setting": self.rules.players,
            "teach": self.teach,
            "hint_level": self.hint_level,
            "pause": self.pause,
            "paces": list(PACES),
            "four_colour": self.four_colour,
            "open_hands": self.open_hands,
            "origin": self.origin,
            "target": match.rules.target,
            "hint": coach.hint,
            "hint_reasons": list(coach.hint_reasons),
            "hint_details": coach.hint_details,
            # the same lines cut into plain text and glossary terms (drawn with their definitions)
            "hint_marked": marked(coach.hint),
            "hint_reasons_marked": [marked(line) for line in coach.hint_reasons],
            "message_marked": marked(self.message),
            "status": self.status,
            "message": self.message,
            "busy": self.busy,
            "score": score_state(r, match),
            "match_over": match_over(match),
            "can_undo": self.can_undo,
            "can_next": self.can_next,
        }
        if r is None:
            assert draw is not None
            advice = coach.draw_advice
            return common | draw_part(
                draw,
                advised="" if advice is None else ("keep" if advice.keep else "discard"),
                hand_number=match.hands_played + 1,
                open_hands=self.open_hands,
                bot_label=self.bot_label,
            )
        return common | {
            "code_note": _('({origin}) — paste it in "Deal code" to play these cards again.').format(
                origin=self.origin
            ),
            "code": self.code,
            "hand_number": match.hands_played + (0 if r.is_complete else 1),
            "seats": {
                seat.name: seat_state(r, seat, open_hands=self.open_hands, bot_label=self.bot_label) for seat in r.seats
            },
            "hand": hand_state(r, coach.hint_card),
            "trick": trick_state(shown_trick(r)),
            "last_trick": trick_state(last_trick(r)),
            "bid_choices": bid_choices(r),
            "draw": None,
            "result": self.result_lines,
            "review": coach.review,
            "review_summary": self.review_summary,
            "review_intro": _(
                "Each of your cards judged from your seat, by what it would score over many deals that fit what "
                "you had seen: {summary}. A card is clearly worse only when it surely loses 3 points or more; "
                "where the deals cannot tell, it is a close call. The points are your side's score for the hand "
                "minus the opponents', each bag charged at what it costs in the match. Hindsight, with every hand "
                "seen, is a separate note."
            ).format(summary=self.review_summary),
            "can_compare": self._can_compare(r, match),
            "comparison": coach.comparison,
        }

    # -- actions ------------------------------------------------------------------------------
    @_in_its_language
    def act(self, message: Mapping[str, Any]) -> None:
        """Apply one message from the table (``{"action": "play", "card": "QH"}`` …).
        A refused action leaves the game as it was and says why in :attr:`message`."""
        action = str(message.get("action", ""))
        handlers: dict[str, Callable[[], None]] = {
            "play": lambda: self.play_card(str(message.get("card", ""))),
            "bid": lambda: self.bid(message.get("bid")),
            "keep": lambda: self.keep_card(),
            "discard": lambda: self.discard_card(),
            "new": lambda: self.new_game(),
            "day": lambda: self.deal_of_the_day(),
            "replay": lambda: self.replay_deal(),
            "code": lambda: self.play_deal(str(message.get("code", ""))),
            "next": lambda: self.next_hand(),
            "undo": lambda: self.undo(),
            "review": lambda: self.review_hand(),
            "compare": lambda: self.compare_with_expert(),
            "set": lambda: self.set_option(str(message.get("name", "")), message.get("value")),
            "language": lambda: self.set_language(str(message.get("value", ""))),
        }
        handler = handlers.get(action)
        try:
            if handler is None:
                raise IllegalActionError(_("unknown action {action}").format(action=repr(action)))
            handler()
        except SpadesError as exc:
            self.message = str(exc)
            self.busy = ""
            self._changed()

    @_in_its_language
    def new_game(self, seed: int | str | None = None) -> None:
        """A new game on a new random deal (``seed``: a reproducible one)."""
        self._start(random_start(seed))

    @_in_its_language
    def deal_of_the_day(self, date: Any = None) -> None:
        """Play the deal of the day (the same cards for everyone today)."""
        self._start(day_start(date, self.rules))

    @_in_its_language
    def replay_deal(self) -> None:
        """Play the cards of the current hand again, from the bidding."""
        self._start(self._flow.replay_start(self.rules, comparable=self._coach.comparable))

    @_in_its_language
    def play_deal(self, deal: Deal | str) -> None:
        """Play the deal with this code (or this :class:`Deal`)."""
        self._start(code_start(deal, self.rules))

    @_in_its_language
    def next_hand(self) -> None:
        r, match = self._flow.round, self._flow.match
        if r is None or match is None or not r.is_complete:
            raise IllegalActionError(_("finish this hand first"))
        if match.is_over:
            raise IllegalActionError(_("the match is over: press New game"))
        if self.mode != "match":
            raise IllegalActionError(_("this game is a single hand: choose Match to play on, or press New game"))
        self.message = ""
        self._begin_hand(None)

    @_in_its_language
    def keep_card(self) -> None:
        """Two-player draw: keep the card seen; the card under it is thrown away (unseen,
        unless the rules let the player look at it)."""
        self._draw_turn(keep=True)

    @_in_its_language
    def discard_card(self) -> None:
        """Two-player draw: throw the card seen away and take the card under it."""
        self._draw_turn(keep=False)

    def _draw_turn(self, *, keep: bool) -> None:
        advice = self._coach.draw_advice if self.teach else None
        turn = self._flow.draw_turn(keep=keep)
        self.message = _draw_message(turn, keep=keep, advice=advice)
        self._flow.resume_draw()

    @_in_its_language
    def bid(self, value: BidLike | None) -> None:
        self._flow.bid(value)

    @_in_its_language
    def play_card(self, card: Card | str) -> None:
        """Play South's card; an illegal one is refused with the engine's reason."""
        chosen = self._flow.playable(card)
        self.message = self._coach.played(self._flow.card_number(), chosen, teach=self.teach)
        self._flow.play(chosen)

    @_in_its_language
    def undo(self) -> None:
        """Take back South's last card and the bots' cards after it."""
        self._flow.undo()
        self.message = _("you took back your card")
        self._refresh()

    @_in_its_language
    def review_hand(self) -> None:
        """The review of South's cards from South's seat, in points
        (:func:`~spades_teach.analysis.seat_review.seat_review`): each card judged by the one
        judge, as Teach me was; what the card would have done with every hand seen is a
        separate hindsight note."""
        r = self._flow.require_round()
        if not r.is_complete:
            raise IllegalActionError(_("the review is ready once the hand is over"))
        self.busy = _("reviewing your cards from your seat…")
        self._changed()
        self._coach.review_hand(r, seed=self._flow.seed)
        self.busy = ""
        self._changed()

    @_in_its_language
    def compare_with_expert(self) -> None:
        """The challenge: the same cards played by the expert in South's seat, with the
        same bots in the other seats (:func:`~spades_teach.analysis.challenge.compare_with_expert`);
        offered for the deal of the day and for a deal played from its code."""
        r = self._flow.require_round()
        if not r.is_complete:
            raise IllegalActionError(_("the comparison is ready once the hand is over"))
        match = self._flow.match
        if match is None or not self._can_compare(r, match):
            raise IllegalActionError(
                _(
                    "Compare with the expert is for the deal of the day or a deal played from its code, "
                    "on its first hand"
                )
            )
        self.busy = _("the expert is playing the same cards in your seat…")
        self._changed()
        self._coach.compare_hand(r, seed=self._flow.seed)
        self.busy = ""
        self._changed()

    @_in_its_language
    def set_option(self, name: str, value: Any) -> None:
        """Change a setting: ``teach``, ``hint_level``, ``mode``, ``level``, ``pause``,
        ``four_colour``, ``open_hands`` or ``players`` (4 or 2, from the next new game)."""
        if name == "teach":
            self.teach = bool(value)
            self.message = _("Teach me is on") if self.teach else _("Teach me is off")
        elif name == "hint_level":
            self.hint_level = _hint_level(value)
            self.message = (
                _("Teach me shows the expert's card, with its evidence when it is not the rule of thumb's")
                if self.hint_level == "expert"
                else _("Teach me shows the rules of thumb")
            )
        elif name == "mode":
            self._set_mode(str(value))
        elif name == "level":
            if value not in TABLE_LEVELS:
                raise ParseError(_("unknown bot level {level}: use easy, medium or hard").format(level=repr(value)))
            self.level = str(value)
            self.message = _("the {level} bots play from the next new game").format(level=level_name(self.level))
        elif name == "pause":
            self.pause = _pause(value)
            self.message = ""
        elif name == "four_colour":
            self.four_colour = bool(value)
            self.message = ""
        elif name == "open_hands":
            self.open_hands = bool(value)
            self.message = ""
        elif name == "players":
            self._set_players(value)
        else:
            raise ParseError(_("unknown setting {name}").format(name=repr(name)))
        self._refresh()

    def set_language(self, language: str) -> None:
        """Speak ``language`` (``"en"``, ``"fr"``, ``"es"``) from now on, this table only: its
        words, status and hint follow at once, and the game goes on where it was. The other
        widgets and the rest of the notebook keep their language (a ``with language(...)``
        block, :func:`spades_teach.i18n.language`, around each call of the table)."""
        with speaking(language) as code:
            self._language = code
            self.message = ""
            self._teach()
            self._changed()

    @_in_its_language
    def bot_label(self, seat: Seat) -> str:
        """The bot's name as the table shows it: a level's name in the language in use."""
        name = self.bot_name(seat)
        return level_name(name) if name in TABLE_LEVELS else name

    def bot_name(self, seat: Seat) -> str:
        """The name of the bot in ``seat`` ('?' when none sits there)."""
        bot = self._flow.bots.get(seat)
        return str(getattr(bot, "name", type(bot).__name__)) if bot is not None else "?"

    # -- internals ----------------------------------------------------------------------------
    def _set_players(self, value: Any) -> None:
        """Four-player or two-player Spades from the next new game (the rules checked by ``Rules``)."""
        try:  # which numbers of players there are is the rules' to say (Rules checks it)
            rules = self.rules.replace(players=int(value))
        except (TypeError, ValueError) as error:  # RulesError is a ValueError
            raise ParseError(_("unknown number of players {value}: use 4 or 2").format(value=repr(value))) from error
        self.rules = rules
        if seating_of(rules).partnerships:
            self.message = _("four-player Spades from the next new game: press New game")
        else:
            self.message = _("two-player Spades from the next new game: press New game")

    def _set_mode(self, mode: str) -> None:
        if mode not in ("hand", "match"):
            raise ParseError(_("unknown mode {mode}: use 'hand' (one hand) or 'match'").format(mode=repr(mode)))
        self.mode = mode
        self.message = mode_line(self._flow.round, self._flow.match, mode=mode, target=self.rules.target)

    def _start(self, start: GameStart) -> None:
        """A new game (see :class:`~spades_teach.widgets.table_flow.GameStart`), its bots at the table's level."""
        cut_reason = self._flow.start(start.seed, start.deal, rules=self.rules, level=self.level)
        self._coach.new_game(comparable=start.comparable, bot_level=self.level)
        self._origin = start.origin
        self.message = cut_reason
        self._begin_hand(start.deal)

    def _begin_hand(self, deal: Deal | None) -> None:
        match = self._flow.match
        assert match is not None
        self._coach.new_hand(match.bags)
        self._flow.begin_hand(deal)

    def _can_compare(self, r: Round, match: Match) -> bool:
        return self._coach.can_compare(r, match, seated_by_default=self._flow.seated_by_default)

    def _teach(self) -> None:
        """The coach works out the hint of this moment."""
        flow = self._flow
        bags = flow.match.bags if flow.match is not None else {}
        self._coach.work_out(flow.round, flow.draw, bags=bags, seed=flow.seed, teach=self.teach, level=self.hint_level)

    def _bot_pause(self) -> float:
        """The pause after a bot's move: none when no one watches the table."""
        return self.pause if self.on_change is not None else 0.0

    def _say(self, message: str) -> None:
        self.message = message

    def _refresh(self) -> None:
        self._teach()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()


def _draw_message(turn: DrawTurn, *, keep: bool, advice: DrawAdvice | None) -> str:
    """What South's turn of the draw did, and Teach me's advice when South chose otherwise."""
    seen, other = turn.seen.pretty, turn.second.pretty
    if advice is not None and advice.keep != keep:
        if keep:
            return _("you kept the {card}; Teach me suggested discarding it: {why}").format(
                card=seen, why=advice.reason
            )
        return _(
            "you threw away the {card} and took the {second}; Teach me suggested keeping the {card}: {why}"
        ).format(card=seen, second=other, why=advice.reason)
    if keep and turn.discarded_seen:
        return _("you kept the {card} and threw away the {second}").format(card=seen, second=other)
    if keep:
        return _("you kept the {card}; the card under it was thrown away unseen").format(card=seen)
    return _("you threw away the {card} and took the {second}").format(card=seen, second=other)


def _hint_level(value: Any) -> str:
    if value not in HINT_LEVELS:
        raise ParseError(
            _("unknown hint level {level}: use beginner (the rules of thumb) or expert").format(level=repr(value))
        )
    return str(value)


def _pause(value: Any) -> float:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        raise ParseError(_("the pause {value} is not a number of seconds").format(value=repr(value))) from None
    if not 0 <= seconds <= 5:
        raise ParseError(_("the pause {value} is out of range: use 0 to 5 seconds").format(value=repr(value)))
    return seconds
