"""The game behind the card table, in plain Python: :class:`TableGame`.

The learner sits South against three bots (North is the partner), or, with
``Rules(players=2)``, against one bot in North's seat: each hand of two-player Spades
begins with the draw (:class:`~spades_teach.game.twoplayer.Draw`; the learner keeps or
discards the card seen, the bot draws by its ``choose_draw``), then the bidding and
thirteen tricks of two cards, each player scoring alone. This class
holds everything the card table shows, as one JSON-ready dictionary
(:meth:`TableGame.state`), and takes the learner's actions as method calls
(:meth:`TableGame.act` takes the messages the browser sends). It imports no
widget library, so all of it is tested in plain Python; the
:class:`~spades_teach.widgets.cardtable.CardTable` widget only draws the state.

No rule lives here: the legal bids and cards and the reason a card may not be
played come from :class:`~spades_teach.game.round.Round`, the draw's turns and what each
choice keeps from the :class:`~spades_teach.game.twoplayer.Draw` (the first player from
:func:`~spades_teach.game.twoplayer.cut`), the draw advice from
:func:`~spades_teach.advice.bots.advise_draw`, the score and its
explanation from the :class:`~spades_teach.game.match.Match`, the advice from
``advise_bid`` / :func:`~spades_teach.advice.teach.teach`, the review from
:func:`~spades_teach.analysis.seat_review.seat_review` (each card judged from South's
seat, on the very deals Teach me chose its card on, with hindsight as a separate note).

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
import secrets
import time
from collections.abc import Callable, Mapping
from typing import Any, Concatenate, Literal, ParamSpec, TypeVar

from spades_teach.advice.bidding import advise_bid
from spades_teach.advice.bots import advise_draw
from spades_teach.advice.levels import level_name
from spades_teach.advice.teach import HINT_LEVELS
from spades_teach.errors import IllegalActionError, ParseError, SpadesError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.deals import Deal
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatMap, seating_for, seating_of
from spades_teach.game.twoplayer import Draw, cut, keep_high
from spades_teach.i18n import N_, _, format_number, get_language, ngettext
from spades_teach.i18n import language as speaking
from spades_teach.widgets.table_draw import draw_hand, draw_seat, draw_state, draw_status
from spades_teach.widgets.table_labels import TABLE_LEVELS, card_words, describe, table_labels
from spades_teach.widgets.table_state import (
    ME,
    bid_choices,
    card_state,
    hand_line,
    hand_state,
    last_trick,
    match_over,
    review_rows,
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
Bot = Any
BotFactory = Callable[[str, str, Seat], Bot]


def default_bot_factory(level: str, seed: str, seat: Seat) -> Bot:
    """A bot of :mod:`spades_teach.advice.bots` at ``level``, seeded for ``seat``.

    The hard bot is built without its time limit, so that it always looks at
    the same number of sampled deals and a notebook replays identically.
    """
    from spades_teach.advice.levels import seated_bot

    return seated_bot(level, seed, seat)


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
            self._setup(
                seed=seed,
                deal=deal,
                daily=daily,
                level=level,
                mode=mode,
                rules=rules,
                teach=teach,
                hint_level=hint_level,
                pause=pause,
                four_colour=four_colour,
                bots=bots,
                bot_factory=bot_factory,
                advise_bid=advise_bid,
                suggest_play=suggest_play,
                on_change=on_change,
                sleep=sleep,
                start=start,
            )

    def _setup(
        self,
        *,
        seed: int | str | None,
        deal: Deal | str | None,
        daily: bool,
        level: str,
        mode: str,
        rules: Rules,
        teach: bool,
        hint_level: str,
        pause: float,
        four_colour: bool,
        bots: Mapping[Any, Bot] | None,
        bot_factory: BotFactory | None,
        advise_bid: Callable[..., Any] | None,
        suggest_play: Callable[..., Any] | None,
        on_change: Callable[[], None] | None,
        sleep: Callable[[float], None],
        start: bool,
    ) -> None:
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
        self._sleep = sleep
        self._given_bots = SeatMap(bots) if bots is not None else None
        self._bot_factory = bot_factory or default_bot_factory
        self._advise_bid = advise_bid
        self._suggest_play = suggest_play
        self._bots: dict[Seat, Bot] = {}
        self._match: Any = None
        self._round: Round | None = None
        self._draw: Draw | None = None  # the two-player draw being played (None once the hand is drawn)
        self._draw_advice: Any = None  # Teach me's keep-or-discard advice for the card South sees
        self._seed = ""
        self._hint = ""
        self._hint_reasons: list[str] = []
        self._hint_card: Card | None = None
        self._hint_reason = ""
        self._row: Any = None  # the score sheet's row of the hand just finished (its lines, in any language)
        self._review: list[dict[str, Any]] | None = None
        self._review_tally: tuple[int, int, float] | None = None  # costly cards, cards, points lost
        self._given_hints: dict[int, Card] = {}  # card number in the hand -> the Teach me hint shown then
        self._hint_seeds: dict[int, str] = {}  # card number in the hand -> the seed of that hint's deals
        self._hint_levels: dict[int, str] = {}  # card number in the hand -> the hint's level
        self._hint_seed: str | None = None  # the seed of the hint shown now (None: no judged hint)
        self._hand_bags: dict[Any, int] = {}  # the bag counters as the hand began (the review's positions)
        self._comparable = False  # the deal of the day or a deal code: "Compare with the expert" is offered
        self._bot_level = level  # the level of the bots seated for this game
        self._comparison: dict[str, Any] | None = None
        self.busy = ""
        self.message = ""
        self._origin: tuple[str, dict[str, str]] = ("", {})
        self._settled = False  # the hint of South's turn is worked out (see _settle)
        self._live = False  # no pause while the first deal is being set up
        if daily:
            self.deal_of_the_day()
        elif deal is not None:
            self.play_deal(deal)
        elif start:
            self.new_game(seed)
        self._live = True

    # -- reading the state ------------------------------------------------------------------
    @property
    def language(self) -> str:
        """The table's language: the one its menu chose (:meth:`set_language`), else the
        language in use (:func:`spades_teach.i18n.get_language`) when the table is called.
        Its words, status, hint and review are worked out in it; no other widget changes."""
        return self._language or get_language()

    @property
    def round(self) -> Round | None:
        return self._round

    @property
    def match(self) -> Any:
        return self._match

    @property
    def bots(self) -> dict[Seat, Bot]:
        """The bots seated for this game, by seat."""
        return dict(self._bots)

    @property
    def draw(self) -> Draw | None:
        """The two-player draw being played (``None`` outside the draw)."""
        return self._draw

    @property
    def two_players(self) -> bool:
        """Whether the game on the table is two-player Spades (the menu's choice counts from
        the next new game)."""
        rules = self._match.rules if self._match is not None else self.rules
        return not seating_of(rules).partnerships

    @property
    def phase(self) -> str:
        """``"draw"`` (two-player Spades), ``"bidding"``, ``"play"``, ``"complete"`` or ``"over"``
        (the match is finished); '' before a game."""
        if self._match is not None and self._match.is_over:
            return "over"
        if self._round is None and self._draw is not None:
            return "draw"
        return self._round.phase if self._round is not None else ""

    @property
    def to_act(self) -> str:
        if self._round is None and self._draw is not None:
            seat = self._draw.to_act
        else:
            seat = self._round.to_act if self._round is not None else None
        return seat.name if seat is not None else ""

    @property
    def code(self) -> str:
        """The code of the deal on the table (``Deal.from_code`` replays it)."""
        return self._round.deal.code if self._round is not None else ""

    @property
    @_in_its_language
    def origin(self) -> str:
        """Where the deal on the table comes from ("the deal of the day" …), in the language in use."""
        template, values = self._origin
        return _(template).format(**values) if template else ""

    @property
    def hint(self) -> str:
        return self._hint

    @property
    def hint_reasons(self) -> list[str]:
        """The reasons behind a bid hint, one line each (the advisor page's list)."""
        return list(self._hint_reasons)

    @property
    def hint_card(self) -> Card | None:
        return self._hint_card

    @property
    @_in_its_language
    def result_lines(self) -> list[str]:
        """How the hand just finished was scored, one line an item, in the language in use."""
        return list(self._row.lines) if self._row is not None else []

    @property
    def review(self) -> list[dict[str, Any]] | None:
        return None if self._review is None else list(self._review)

    @property
    @_in_its_language
    def review_summary(self) -> str:
        """The review in one line, in the language in use ('' before the review)."""
        if self._review_tally is None:
            return ""
        costly, count, lost = self._review_tally
        if costly == 0:
            return _("from your seat, every one of your cards was as good as the best")
        return ngettext(
            "from your seat, {costly} of your {count} cards cost your side points (about {lost} in all; "
            "each card's note says why)",
            "from your seat, {costly} of your {count} cards cost your side points (about {lost} in all; "
            "each card's note says why)",
            costly,
        ).format(costly=costly, count=count, lost=round(lost))

    @property
    def can_undo(self) -> bool:
        """Whether Undo has a card of South's to take back (not once the hand is scored)."""
        r = self._round
        return r is not None and not r.is_complete and any(isinstance(e, PlayEvent) and e.seat is ME for e in r.history)

    @property
    def can_next(self) -> bool:
        """Whether Next hand deals on (a finished hand of a match still being played)."""
        r, match = self._round, self._match
        return r is not None and r.is_complete and not match.is_over and self.mode == "match"

    @property
    @_in_its_language
    def status(self) -> str:
        """What the learner should do now (one line)."""
        if self._round is None and self._draw is not None:
            return draw_status(self._draw)
        return status_line(self._round, self._match, mode=self.mode)

    @_in_its_language
    def state(self) -> dict[str, Any]:
        """Everything the table draws, as plain JSON data."""
        r, match = self._round, self._match
        if match is None or (r is None and self._draw is None):
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
            "hint": self._hint,
            "hint_reasons": list(self._hint_reasons),
            # the same lines cut into plain text and glossary terms (drawn with their definitions)
            "hint_marked": marked(self._hint),
            "hint_reasons_marked": [marked(line) for line in self._hint_reasons],
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
            return common | self._draw_part()
        return common | {
            "code_note": _('({origin}) — paste it in "Deal code" to play these cards again.').format(
                origin=self.origin
            ),
            "code": self.code,
            "hand_number": match.hands_played + (0 if r.is_complete else 1),
            "seats": {
                seat.name: seat_state(r, seat, open_hands=self.open_hands, bot_label=self.bot_label) for seat in r.seats
            },
            "hand": hand_state(r, self._hint_card),
            "trick": trick_state(shown_trick(r)),
            "last_trick": trick_state(last_trick(r)),
            "bid_choices": bid_choices(r),
            "draw": None,
            "result": self.result_lines,
            "review": self._review,
            "review_summary": self.review_summary,
            "review_intro": _(
                "Each of your cards judged from your seat, over deals that fit what you had seen, by the expert's "
                "evaluation (a card within the sampling noise of the best is as good as the best): {summary}. "
                "The points are your side's score for the hand minus the opponents', each bag charged at what it "
                "costs in the match. Hindsight, with every hand seen, is a separate note."
            ).format(summary=self.review_summary),
            "can_compare": self._can_compare(r, match),
            "comparison": self._comparison,
        }

    def _draw_part(self) -> dict[str, Any]:
        """The state's pieces during the two-player draw (no deal code, bids or tricks yet)."""
        draw = self._draw
        assert draw is not None
        advice = self._draw_advice
        advised = "" if advice is None else ("keep" if advice.keep else "discard")
        return {
            "code_note": _("(the cards are being drawn: the deal's code comes when the draw is over)"),
            "code": "",
            "hand_number": self._match.hands_played + 1,
            "seats": {
                seat.name: draw_seat(draw, seat, open_hands=self.open_hands, bot_label=self.bot_label)
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
        if seed is not None and str(seed).strip() == "":
            raise ParseError(_("the seed is empty: give a number or a word, or leave it out for a random deal"))
        chosen = str(seed).strip() if seed is not None else secrets.token_hex(4)
        origin = (N_("seed {seed}"), {"seed": chosen}) if seed is not None else (N_("a new random deal"), {})
        self._start(chosen, None, origin=origin)

    @_in_its_language
    def deal_of_the_day(self, date: Any = None) -> None:
        """Play the deal of the day (the same cards for everyone today)."""
        d = Deal.of_the_day(date)
        if not seating_of(self.rules).partnerships:
            # two players: the same stock for everyone today, drawn from the day's seed
            self._start(f"day/{d.code}", None, origin=(N_("the deal of the day"), {}))
            return
        self._start(f"day/{d.code}", d, origin=(N_("the deal of the day"), {}), comparable=True)

    @_in_its_language
    def replay_deal(self) -> None:
        """Play the cards of the current hand again, from the bidding."""
        r = self._round
        if r is None and self._draw is not None:
            raise IllegalActionError(_("no deal to replay yet: the cards are still being drawn"))
        if r is None:
            raise IllegalActionError(_("no deal to replay yet: press New game"))
        if seating_of(self.rules).partnerships != seating_of(r.rules).partnerships:
            raise IllegalActionError(_("this deal is for another number of players: press New game"))
        d = Deal(r.deal.hands, dealer=r.dealer)
        origin = (N_("a replay of deal {code}"), {"code": d.code})
        self._start(self._seed, d, origin=origin, comparable=self._comparable)

    @_in_its_language
    def play_deal(self, deal: Deal | str) -> None:
        """Play the deal with this code (or this :class:`Deal`)."""
        if isinstance(deal, str):
            if not deal.strip():
                raise ParseError(_("the deal code is empty: paste the 20-character code shown under the table"))
            d = Deal.from_code(deal)
        else:
            d = deal
        two = not seating_of(self.rules).partnerships
        if two and seating_for(d.players).partnerships:
            raise ParseError(
                _("deal {code} is a four-player deal; this table plays two-player Spades").format(code=repr(d.code))
            )
        if not two and not seating_for(d.players).partnerships:
            raise ParseError(
                _("deal {code} is a two-player deal; this table plays four-player Spades").format(code=repr(d.code))
            )
        self._start(f"code/{d.code}", d, origin=(N_("played from its code"), {}), comparable=True)

    @_in_its_language
    def next_hand(self) -> None:
        r = self._round
        if r is None or not r.is_complete:
            raise IllegalActionError(_("finish this hand first"))
        if self._match.is_over:
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
        draw = self._draw
        if self._round is not None or draw is None:
            raise IllegalActionError(_("there is no draw now: the cards of this hand are already drawn"))
        if draw.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to draw"))
        advice = self._draw_advice if self.teach else None
        turn = draw.choose(keep, ME)  # the draw checks the turn; a refused choice changes nothing
        seen, other = turn.seen.pretty, turn.second.pretty
        if advice is not None and advice.keep != keep:
            if keep:
                self.message = _("you kept the {card}; Teach me suggested discarding it: {why}").format(
                    card=seen, why=advice.reason
                )
            else:
                self.message = _(
                    "you threw away the {card} and took the {second}; Teach me suggested keeping the {card}: {why}"
                ).format(card=seen, second=other, why=advice.reason)
        elif keep and turn.discarded_seen:
            self.message = _("you kept the {card} and threw away the {second}").format(card=seen, second=other)
        elif keep:
            self.message = _("you kept the {card}; the card under it was thrown away unseen").format(card=seen)
        else:
            self.message = _("you threw away the {card} and took the {second}").format(card=seen, second=other)
        self._advance_draw()

    @_in_its_language
    def bid(self, value: BidLike | None) -> None:
        r = self._require_round()
        if value is None or value == "":
            raise IllegalActionError(_("choose a bid first"))
        if r.phase != "bidding" or r.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to bid"))
        r.bid(ME, value)
        self.message = ""
        self._advance()

    @_in_its_language
    def play_card(self, card: Card | str) -> None:
        """Play South's card; an illegal one is refused with the engine's reason."""
        r = self._require_round()
        if r.phase != "play" or r.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to play"))
        chosen = Card.parse(card)
        reason = r.why_illegal(chosen, ME)
        if reason is not None:
            raise IllegalActionError(_("{card} cannot be played: {reason}").format(card=chosen.pretty, reason=reason))
        hinted, why = self._hint_card, self._hint_reason
        if self.teach and hinted is not None:
            number = 1 + sum(isinstance(e, PlayEvent) for e in r.history)
            self._given_hints[number] = hinted
            self._hint_levels[number] = self.hint_level
            if self._hint_seed is not None:
                self._hint_seeds[number] = self._hint_seed
        r.play(ME, chosen)
        self.message = ""
        if self.teach and hinted is not None and hinted != chosen:
            self.message = _("you played {card}; Teach me suggested {hint}: {why}").format(
                card=chosen.pretty, hint=hinted.pretty, why=why
            )
        self._advance()

    @_in_its_language
    def undo(self) -> None:
        """Take back South's last card and the bots' cards after it."""
        r = self._require_round()
        if r.is_complete:
            raise IllegalActionError(_("the hand is scored: it can no longer be undone"))
        mine = [i for i, e in enumerate(r.history) if isinstance(e, PlayEvent) and e.seat is ME]
        if not mine:
            raise IllegalActionError(_("nothing to undo: you have not played a card in this hand"))
        while len(r.history) > mine[-1]:
            r.undo()
        self.message = _("you took back your card")
        self._refresh()

    @_in_its_language
    def review_hand(self) -> None:
        """The review of South's cards from South's seat, in points
        (:func:`~spades_teach.analysis.seat_review.seat_review`): each card judged over
        deals that fit what South had seen, a Teach me card on its hint's own deals; what
        the card would have done with every hand seen is a separate hindsight note."""
        r = self._require_round()
        if not r.is_complete:
            raise IllegalActionError(_("the review is ready once the hand is over"))
        from spades_teach.analysis.seat_review import seat_review

        self.busy = _("reviewing your cards from your seat…")
        self._changed()
        mine = seat_review(
            r, ME, hints=self._given_hints, hint_seeds=self._hint_seeds, seed=self._seed, bags=self._hand_bags
        )
        self._review = review_rows(mine)
        lost = sum(j.cost for j in mine)
        costly = sum(1 for j in mine if j.costly)
        self._review_tally = (costly, len(mine), lost)
        from spades_teach.widgets.record import remember_review  # the learner record's hook

        remember_review(
            r, ME, mine, bags=self._hand_bags, surface="challenge" if self._can_compare(r, self._match) else "table"
        )
        self.busy = ""
        self._changed()

    @_in_its_language
    def compare_with_expert(self) -> None:
        """The challenge: the same cards played by the expert in South's seat, with the
        same bots in the other seats (:func:`~spades_teach.analysis.challenge.compare_with_expert`);
        offered for the deal of the day and for a deal played from its code."""
        r = self._require_round()
        if not r.is_complete:
            raise IllegalActionError(_("the comparison is ready once the hand is over"))
        if not self._can_compare(r, self._match):
            raise IllegalActionError(
                _(
                    "Compare with the expert is for the deal of the day or a deal played from its code, "
                    "on its first hand"
                )
            )
        from spades_teach.analysis.challenge import compare_with_expert

        self.busy = _("the expert is playing the same cards in your seat…")
        self._changed()
        result = compare_with_expert(
            r, seat=ME, level=self._bot_level, seed=self._seed, bags=self._hand_bags, hint_seeds=self._hint_seeds
        )
        lines = [str(d) for d in result.differences]
        self._comparison = {
            "summary": result.summary(),
            "differences": lines,
            "differences_marked": [marked(line) for line in lines],
        }
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
        r, match = self._round, self._match
        if match is None:
            self.message = (
                _("Match: New game starts a match to {target}").format(target=self.rules.target)
                if mode == "match"
                else ""
            )
        elif mode == "match":
            if match.is_over:
                self.message = _("this match is over: New game starts a new match")
            elif r is not None and r.is_complete:
                self.message = _(
                    "Match: the hand you just played counts as hand {number} of a match to "
                    "{target}; press Next hand to deal the next one"
                ).format(number=match.hands_played, target=self.rules.target)
            else:
                self.message = _("Match: this hand is hand {number} of a match to {target}").format(
                    number=match.hands_played + 1, target=self.rules.target
                )
        else:
            self.message = _("One hand: the game ends with this hand; New game deals another")

    def _start(
        self, seed: str, deal: Deal | None, *, origin: tuple[str, dict[str, str]], comparable: bool = False
    ) -> None:
        from spades_teach.game.match import Match

        bots = self._make_bots(seed)
        self._comparable, self._bot_level = comparable, self.level
        first_cut = None
        if deal is not None:
            dealer = deal.dealer
        elif not seating_of(self.rules).partnerships:
            first_cut = cut(f"{seed}/cut")  # two players: the cut decides who draws first
            dealer = first_cut.dealer
        else:
            dealer = Seat.N
        match = Match(self.rules, dealer=dealer)
        self._seed, self._bots, self._match = seed, bots, match
        self._origin = origin
        self.message = first_cut.reason if first_cut is not None else ""
        self._begin_hand(deal)

    def _make_bots(self, seed: str) -> dict[Seat, Bot]:
        opponents = [s for s in seating_of(self.rules).seats if s is not ME]
        if self._given_bots is not None:
            missing = [s.name for s in opponents if s not in self._given_bots]
            if missing:
                raise IllegalActionError(_("no bot was given for {seats}").format(seats=", ".join(missing)))
            return {s: self._given_bots[s] for s in opponents}
        return {s: self._bot_factory(self.level, seed, s) for s in opponents}

    def _begin_hand(self, deal: Deal | None) -> None:
        match = self._match
        number = match.hands_played + 1
        self._row, self._review, self._review_tally = None, None, None
        self._comparison = None
        self._given_hints, self._hint_seeds, self._hint_levels = {}, {}, {}
        self._hand_bags = dict(match.bags)
        self._draw, self._draw_advice = None, None
        if deal is None and not seating_of(match.rules).partnerships:
            # two players: the hand is drawn first, turn by turn, South choosing at each of its turns
            self._round = None
            self._draw = match.new_draw(f"{self._seed}/{number}")
            self._advance_draw()
            return
        if deal is not None:
            self._round = match.start_round(deal)
        else:
            self._round = match.start_round(seed=f"{self._seed}/{number}")
        self._advance()

    def _advance_draw(self) -> None:
        """Let the bot draw until it is South's turn to draw or the draw is over; the state is
        published after each of the bot's turns, followed by half the pause. Once the stock is
        empty, the drawn hands start the hand's bidding."""
        draw = self._draw
        assert draw is not None
        self._hint, self._hint_card, self._hint_reason = "", None, ""
        self._hint_reasons, self._draw_advice = [], None
        while not draw.is_complete and draw.to_act is not ME:
            seat = draw.to_act
            assert seat is not None
            if self.pause > 0 and self._live and self.on_change is not None:
                self._changed()  # South's choice shown, and the bot "is drawing"
                self._sleep(self.pause / 2)
            draw.choose(self._bot_keeps(seat, draw), seat)
        if draw.is_complete:
            self._round = self._match.start_round(draw)
            self._draw = None
            self.message = _("the draw is over: each of you holds 13 cards, and 26 are out of play")
            self._advance()
            return
        self._teach()
        self._changed()

    def _bot_keeps(self, seat: Seat, draw: Draw) -> bool:
        """The bot's choice for the card it sees: its ``choose_draw`` (the advice's), or
        :func:`~spades_teach.game.twoplayer.keep_high` for a bot that has none."""
        top = draw.top
        assert top is not None
        choose = getattr(self._bots.get(seat), "choose_draw", None)
        if choose is None:
            return keep_high(draw)
        return bool(choose(top, draw.hands[seat], draw.discards[seat], rules=draw.rules))

    def _require_round(self) -> Round:
        if self._round is None and self._draw is not None:
            raise IllegalActionError(_("the draw comes first: keep the card you see or discard it"))
        if self._round is None:
            raise IllegalActionError(_("no game yet: press New game"))
        return self._round

    def _advance(self) -> None:
        """Let the bots act until it is South's turn or the hand is over; the
        state is published after each bot card, followed by the pause.

        Each published state is whole: when a bot card makes it South's turn,
        the Teach me hint is worked out before the table shows "your turn", and
        when it ends the hand, the hand is scored before "The hand is over" is
        shown (no moment with a turn but no hint, or a finished hand without
        its score)."""
        from spades_teach.advice.driver import advance

        r = self._require_round()
        self._hint, self._hint_card, self._hint_reason = "", None, ""
        self._hint_reasons = []
        self._settled = False

        def show(event: object) -> None:
            """After each bot card: publish the table, then pause (longer once a trick is complete)."""
            if isinstance(event, PlayEvent) and self.pause > 0 and self._live and self.on_change is not None:
                self._settle(r)
                self._changed()
                self._sleep(self.pause * (2 if not r.current_trick.cards else 1))

        advance(
            r, {seat: bot for seat, bot in self._bots.items() if seat is not ME}, bags=self._match.bags, on_event=show
        )
        self._settle(r)
        self._changed()

    def _settle(self, r: Round) -> None:
        """Make the state whole before it is shown: score a finished hand (once), and
        work out the hint once South is to act (once per turn)."""
        if r.is_complete and self._match.current_round is r:
            self._row = self._match.finish_round(r)
        if r.to_act is ME and not self._settled:
            self._teach()
            self._settled = True

    def _refresh(self) -> None:
        self._teach()
        self._changed()

    def _changed(self) -> None:
        if self.on_change is not None:
            self.on_change()

    def _teach(self) -> None:
        self._hint, self._hint_card, self._hint_reason = "", None, ""
        self._hint_seed = None
        self._hint_reasons = []
        self._draw_advice = None
        r, draw = self._round, self._draw
        if r is None and draw is not None and draw.to_act is ME and draw.top is not None:
            if self.teach:
                self._draw_advice = advise_draw(draw.top, draw.hands[ME], draw.discards[ME], rules=draw.rules)
                self._hint = _("Teach me: {advice}").format(advice=self._draw_advice.reason)
            return
        if not self.teach or r is None or r.to_act is not ME:
            return
        if r.phase == "bidding":
            advise = self._advise_bid or advise_bid
            advice = advise(
                r.hand(ME), seat=ME, bids=r.bids, scores=r.scores_before, bags=self._match.bags, rules=r.rules
            )
            # The summary names the bid itself; the reasons are the advisor page's lines.
            self._hint = _("Teach me: {advice}").format(advice=advice.summary)
            notes = getattr(advice, "context", ()) or ()
            self._hint_reasons = [str(item) for item in getattr(advice, "reasons", ()) or ()]
            self._hint_reasons += [_("note: {note}").format(note=n) for n in notes]
        elif r.phase == "play":
            from spades_teach.advice.position import Position

            position = Position.from_round(r, bags=self._match.bags)
            if self.hint_level == "expert":
                self._teach_expert(position)
                return
            if self._suggest_play is None:
                self._teach_beginner(position)
                return
            hint = self._suggest_play(position)
            self._hint_card = Card.parse(hint.card)
            self._hint_reason = str(hint.reason)
            self._hint = _("Teach me: play {card} — {reason}").format(card=self._hint_card.pretty, reason=hint.reason)

    def _hint_seed_now(self) -> str:
        """The seed of the hint's sampled deals: the deal and the card's number, so a replayed
        hand gets the same hints and the review samples the very same deals."""
        r = self._require_round()
        number = 1 + sum(isinstance(e, PlayEvent) for e in r.history)
        return f"{self._seed}/teach/{number}"

    def _teach_beginner(self, position: Any) -> None:
        """The beginner level of Teach me (:func:`~spades_teach.advice.teach.teach`): the rule
        of thumb's card, or the expert's where the rule of thumb is clearly worse."""
        from spades_teach.advice.teach import teach

        teaching = teach(position, "beginner", seed=self._hint_seed_now())
        self._hint_card, self._hint_reason, self._hint_seed = teaching.card, teaching.reason, teaching.seed
        self._hint = _("Teach me: play {card} — {reason}").format(card=teaching.card.pretty, reason=teaching.reason)

    def _teach_expert(self, position: Any) -> None:
        """The expert level of Teach me (:func:`~spades_teach.advice.teach.teach`): the
        expert's card, and when it is not the rule of thumb's, the evidence in brackets.
        Seeded by the deal and the card's number, so a replayed hand gets the same hints."""
        from spades_teach.advice.teach import teach

        teaching = teach(position, "expert", seed=self._hint_seed_now())
        self._hint_card, self._hint_seed = teaching.card, teaching.seed
        self._hint_reason = f"{teaching.reason} ({teaching.evidence})" if teaching.evidence else teaching.reason
        self._hint = _("Teach me (expert): play {card} — {reason}").format(
            card=teaching.card.pretty, reason=self._hint_reason
        )

    def _can_compare(self, r: Round, match: Any) -> bool:
        """The comparison needs the first hand of a deal of the day or a deal code, and the
        package's seated bots (the expert's hand is played against the same ones)."""
        return (
            self._comparable
            and seating_of(r.rules).partnerships
            and r.is_complete
            and match.hands_played == 1
            and self._given_bots is None
            and self._bot_factory is default_bot_factory
        )

    @_in_its_language
    def bot_label(self, seat: Seat) -> str:
        """The bot's name as the table shows it: a level's name in the language in use."""
        name = self.bot_name(seat)
        return level_name(name) if name in TABLE_LEVELS else name

    def bot_name(self, seat: Seat) -> str:
        """The name of the bot in ``seat`` ('?' when none sits there)."""
        bot = self._bots.get(seat)
        return str(getattr(bot, "name", type(bot).__name__)) if bot is not None else "?"


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
