"""The hand's flow at the card table: :class:`TableFlow` deals, draws, bids and plays.

The state machine behind :class:`~spades_teach.widgets.table_game.TableGame`: the match, the
hand on the table (or the two-player draw before it), the bots and their pace. It takes South's
bids, cards and draw choices, lets the bots act until South is to act again, and tells the table
when to redraw and when South's turn begins (the coach's cue). The rules come from
:class:`~spades_teach.game.round.Round`, :class:`~spades_teach.game.match.Match` and
:class:`~spades_teach.game.twoplayer.Draw`; the bots' moves from
:func:`~spades_teach.advice.driver.advance`.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from spades_teach.advice.driver import advance
from spades_teach.advice.levels import seated_bot
from spades_teach.errors import IllegalActionError, ParseError
from spades_teach.game.bids import BidLike
from spades_teach.game.cards import Card
from spades_teach.game.deals import Deal
from spades_teach.game.match import Match, SheetRow
from spades_teach.game.round import PlayEvent, Round
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatMap, seating_for, seating_of
from spades_teach.game.twoplayer import Draw, DrawTurn, cut, keep_high
from spades_teach.i18n import N_, _
from spades_teach.widgets.table_state import ME

__all__ = [
    "Bot",
    "BotFactory",
    "FlowHooks",
    "GameStart",
    "TableFlow",
    "code_start",
    "day_start",
    "default_bot_factory",
    "random_start",
]

Bot = Any
BotFactory = Callable[[str, str, Seat], Bot]


def default_bot_factory(level: str, seed: str, seat: Seat) -> Bot:
    """A bot of :mod:`spades_teach.advice.bots` at ``level``, seeded for ``seat``.

    The hard bot is built without its time limit, so that it always looks at
    the same number of sampled deals and a notebook replays identically.
    """
    return seated_bot(level, seed, seat)


@dataclass(frozen=True)
class GameStart:
    """A game to start: its ``seed`` (the bots, the hands after the first, the hints' deals),
    its first cards (``deal``; ``None``: dealt from the seed), where they come from (``origin``:
    a message template and its values, said in the language of the moment), and whether the
    expert's play of them may be compared with South's (``comparable``)."""

    seed: str
    deal: Deal | None
    origin: tuple[str, dict[str, str]]
    comparable: bool = False


def random_start(seed: int | str | None = None) -> GameStart:
    """A game on a new random deal (``seed``: a reproducible one)."""
    if seed is not None and str(seed).strip() == "":
        raise ParseError(_("the seed is empty: give a number or a word, or leave it out for a random deal"))
    chosen = str(seed).strip() if seed is not None else secrets.token_hex(4)
    origin = (N_("seed {seed}"), {"seed": chosen}) if seed is not None else (N_("a new random deal"), {})
    return GameStart(chosen, None, origin)


def day_start(date: Any, rules: Rules) -> GameStart:
    """The deal of the day (the same cards for everyone on ``date``; ``None``: today)."""
    d = Deal.of_the_day(date)
    if not seating_of(rules).partnerships:
        # two players: the same stock for everyone today, drawn from the day's seed
        return GameStart(f"day/{d.code}", None, (N_("the deal of the day"), {}))
    return GameStart(f"day/{d.code}", d, (N_("the deal of the day"), {}), comparable=True)


def code_start(deal: Deal | str, rules: Rules) -> GameStart:
    """The deal with this code (or this :class:`Deal`), refused when it is for another number
    of players than ``rules``."""
    if isinstance(deal, str):
        if not deal.strip():
            raise ParseError(_("the deal code is empty: paste the 20-character code shown under the table"))
        d = Deal.from_code(deal)
    else:
        d = deal
    two = not seating_of(rules).partnerships
    if two and seating_for(d.players).partnerships:
        raise ParseError(
            _("deal {code} is a four-player deal; this table plays two-player Spades").format(code=repr(d.code))
        )
    if not two and not seating_for(d.players).partnerships:
        raise ParseError(
            _("deal {code} is a two-player deal; this table plays four-player Spades").format(code=repr(d.code))
        )
    return GameStart(f"code/{d.code}", d, (N_("played from its code"), {}), comparable=True)


@dataclass(frozen=True)
class FlowHooks:
    """What the flow tells the table it runs in."""

    #: Publish the table (between the bots' moves, and whenever the flow stops for South).
    show: Callable[[], None]
    #: The pause in seconds after each bot card (0: none, as when no one watches the table).
    pause: Callable[[], float]
    #: Drop the hint of the moment: the bots are about to move.
    forget: Callable[[], None]
    #: Work out the hint of South's turn (or of South's turn to draw).
    coach: Callable[[], None]
    #: Tell South what just happened (the table's message; '' clears it).
    say: Callable[[str], None]


class TableFlow:
    """Deal, draw, bid, play and the bots, for South at the table.

    ``bots`` (seat → bot) seats these bots in every game, else ``bot_factory(level, seed,
    seat)`` seats new ones at each game. ``sleep`` waits the pause after each bot card;
    ``hooks`` is how the flow reaches the table.
    """

    def __init__(
        self,
        *,
        bots: Mapping[Any, Bot] | None,
        bot_factory: BotFactory | None,
        sleep: Callable[[float], None],
        hooks: FlowHooks,
    ) -> None:
        self.given_bots = SeatMap(bots) if bots is not None else None
        self.bot_factory = bot_factory or default_bot_factory
        self.live = False  # no pause while the first deal is being set up
        self._sleep = sleep
        self._hooks = hooks
        self.bots: dict[Seat, Bot] = {}
        self.match: Match | None = None
        self.round: Round | None = None
        self.draw: Draw | None = None  # the two-player draw being played (None once the hand is drawn)
        self.seed = ""
        self.row: SheetRow | None = None  # the score sheet's row of the hand just finished
        self._settled = False  # the hint of South's turn is worked out (see _settle)

    @property
    def seated_by_default(self) -> bool:
        """Whether the bots are the package's own (no bots given, no factory of the caller's)."""
        return self.given_bots is None and self.bot_factory is default_bot_factory

    def _pause(self) -> float:
        """The pause after a bot's move: none while the first deal is being set up."""
        return self._hooks.pause() if self.live else 0.0

    # -- a new game and a new hand ------------------------------------------------------------
    def replay_start(self, rules: Rules, *, comparable: bool) -> GameStart:
        """The cards of the hand on the table again, from the bidding, with the same seed."""
        r = self.round
        if r is None and self.draw is not None:
            raise IllegalActionError(_("no deal to replay yet: the cards are still being drawn"))
        if r is None:
            raise IllegalActionError(_("no deal to replay yet: press New game"))
        if seating_of(rules).partnerships != seating_of(r.rules).partnerships:
            raise IllegalActionError(_("this deal is for another number of players: press New game"))
        d = Deal(r.deal.hands, dealer=r.dealer)
        return GameStart(self.seed, d, (N_("a replay of deal {code}"), {"code": d.code}), comparable=comparable)

    def start(self, seed: str, deal: Deal | None, *, rules: Rules, level: str) -> str:
        """Seat the bots and open a match for a game seeded by ``seed`` (``deal``: its first
        cards); the first hand is dealt by :meth:`begin_hand`. Returns what the cut decided
        (two players, no deal given) or ''. Refused bots change nothing."""
        bots = self._make_bots(seed, rules, level)
        first_cut = None
        if deal is not None:
            dealer = deal.dealer
        elif not seating_of(rules).partnerships:
            first_cut = cut(f"{seed}/cut")  # two players: the cut decides who draws first
            dealer = first_cut.dealer
        else:
            dealer = Seat.N
        self.seed, self.bots, self.match = seed, bots, Match(rules, dealer=dealer)
        return first_cut.reason if first_cut is not None else ""

    def _make_bots(self, seed: str, rules: Rules, level: str) -> dict[Seat, Bot]:
        opponents = [s for s in seating_of(rules).seats if s is not ME]
        if self.given_bots is not None:
            missing = [s.name for s in opponents if s not in self.given_bots]
            if missing:
                raise IllegalActionError(_("no bot was given for {seats}").format(seats=", ".join(missing)))
            return {s: self.given_bots[s] for s in opponents}
        return {s: self.bot_factory(level, seed, s) for s in opponents}

    def begin_hand(self, deal: Deal | None) -> None:
        """Deal the match's next hand (``deal``: these cards), or in two-player Spades open its
        draw, and let the bots act until South is to act."""
        match = self._require_match()
        number = match.hands_played + 1
        self.row = None
        self.draw = None
        if deal is None and not seating_of(match.rules).partnerships:
            # two players: the hand is drawn first, turn by turn, South choosing at each of its turns
            self.round = None
            self.draw = match.new_draw(f"{self.seed}/{number}")
            self._advance_draw()
            return
        if deal is not None:
            self.round = match.start_round(deal)
        else:
            self.round = match.start_round(seed=f"{self.seed}/{number}")
        self._advance()

    # -- South's actions ----------------------------------------------------------------------
    def require_round(self) -> Round:
        """The hand on the table; refused during the draw and before any game."""
        if self.round is None and self.draw is not None:
            raise IllegalActionError(_("the draw comes first: keep the card you see or discard it"))
        if self.round is None:
            raise IllegalActionError(_("no game yet: press New game"))
        return self.round

    def draw_turn(self, *, keep: bool) -> DrawTurn:
        """South keeps (or discards) the card seen; the bots' turns follow with :meth:`resume_draw`."""
        draw = self.draw
        if self.round is not None or draw is None:
            raise IllegalActionError(_("there is no draw now: the cards of this hand are already drawn"))
        if draw.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to draw"))
        return draw.choose(keep, ME)  # the draw checks the turn; a refused choice changes nothing

    def resume_draw(self) -> None:
        """The bot's turns of the draw after South's, up to South's next turn or the bidding."""
        self._advance_draw()

    def bid(self, value: BidLike | None) -> None:
        """South's bid, then the bots' until South is to act."""
        r = self.require_round()
        if value is None or value == "":
            raise IllegalActionError(_("choose a bid first"))
        if r.phase != "bidding" or r.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to bid"))
        r.bid(ME, value)
        self._hooks.say("")
        self._advance()

    def playable(self, card: Card | str) -> Card:
        """South's card, refused with the engine's reason when it is not South's turn or the card
        may not be played."""
        r = self.require_round()
        if r.phase != "play" or r.to_act is not ME:
            raise IllegalActionError(_("it is not your turn to play"))
        chosen = Card.parse(card)
        reason = r.why_illegal(chosen, ME)
        if reason is not None:
            raise IllegalActionError(_("{card} cannot be played: {reason}").format(card=chosen.pretty, reason=reason))
        return chosen

    def play(self, card: Card) -> None:
        """South plays ``card`` (checked by :meth:`playable`), then the bots until South is to act."""
        self.require_round().play(ME, card)
        self._advance()

    def card_number(self) -> int:
        """The number in the hand of the next card to be played (1 to 52)."""
        r = self.require_round()
        return 1 + sum(isinstance(e, PlayEvent) for e in r.history)

    @property
    def can_undo(self) -> bool:
        """Whether there is a card of South's to take back (not once the hand is scored)."""
        r = self.round
        return r is not None and not r.is_complete and any(isinstance(e, PlayEvent) and e.seat is ME for e in r.history)

    def undo(self) -> None:
        """Take back South's last card and the bots' cards after it."""
        r = self.require_round()
        if r.is_complete:
            raise IllegalActionError(_("the hand is scored: it can no longer be undone"))
        mine = [i for i, e in enumerate(r.history) if isinstance(e, PlayEvent) and e.seat is ME]
        if not mine:
            raise IllegalActionError(_("nothing to undo: you have not played a card in this hand"))
        while len(r.history) > mine[-1]:
            r.undo()

    # -- the bots' turns ----------------------------------------------------------------------
    def _advance_draw(self) -> None:
        """Let the bot draw until it is South's turn to draw or the draw is over; the state is
        published after each of the bot's turns, followed by half the pause. Once the stock is
        empty, the drawn hands start the hand's bidding."""
        draw, match = self.draw, self._require_match()
        assert draw is not None
        self._hooks.forget()
        while not draw.is_complete and draw.to_act is not ME:
            seat = draw.to_act
            assert seat is not None
            if (pause := self._pause()) > 0:
                self._hooks.show()  # South's choice shown, and the bot "is drawing"
                self._sleep(pause / 2)
            draw.choose(self._bot_keeps(seat, draw), seat)
        if draw.is_complete:
            self.round = match.start_round(draw)
            self.draw = None
            self._hooks.say(_("the draw is over: each of you holds 13 cards, and 26 are out of play"))
            self._advance()
            return
        self._hooks.coach()
        self._hooks.show()

    def _bot_keeps(self, seat: Seat, draw: Draw) -> bool:
        """The bot's choice for the card it sees: its ``choose_draw`` (the advice's), or
        :func:`~spades_teach.game.twoplayer.keep_high` for a bot that has none."""
        top = draw.top
        assert top is not None
        choose = getattr(self.bots.get(seat), "choose_draw", None)
        if choose is None:
            return keep_high(draw)
        return bool(choose(top, draw.hands[seat], draw.discards[seat], rules=draw.rules))

    def _advance(self) -> None:
        """Let the bots act until it is South's turn or the hand is over; the
        state is published after each bot card, followed by the pause.

        Each published state is whole: when a bot card makes it South's turn,
        the Teach me hint is worked out before the table shows "your turn", and
        when it ends the hand, the hand is scored before "The hand is over" is
        shown (no moment with a turn but no hint, or a finished hand without
        its score)."""
        r, match = self.require_round(), self._require_match()
        self._hooks.forget()
        self._settled = False

        def show(event: object) -> None:
            """After each bot card: publish the table, then pause (longer once a trick is complete)."""
            if isinstance(event, PlayEvent) and (pause := self._pause()) > 0:
                self._settle(r)
                self._hooks.show()
                self._sleep(pause * (2 if not r.current_trick.cards else 1))

        advance(r, {seat: bot for seat, bot in self.bots.items() if seat is not ME}, bags=match.bags, on_event=show)
        self._settle(r)
        self._hooks.show()

    def _settle(self, r: Round) -> None:
        """Make the state whole before it is shown: score a finished hand (once), and
        work out the hint once South is to act (once per turn)."""
        match = self._require_match()
        if r.is_complete and match.current_round is r:
            self.row = match.finish_round(r)
        if r.to_act is ME and not self._settled:
            self._hooks.coach()
            self._settled = True

    def _require_match(self) -> Match:
        if self.match is None:
            raise IllegalActionError(_("no game yet: press New game"))
        return self.match
