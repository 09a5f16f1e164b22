"""One hand of Spades, from the first bid to the last trick: :class:`Round`.

Legal play and the trick winner are decided by :mod:`spades_teach.game.kernel`
(re-exported here as :func:`legal_mask`, :func:`trick_winner` ...); :class:`Round` keeps the state, checks every action
(``can_play`` / ``verify_play`` / ``play``, and the same for bids) and records
each one as a frozen event, so a hand can be undone and replayed. The card play
itself is a component the round holds, a :class:`~spades_teach.game.kernel.PlayKernel`:
the kernel's compiled twin when that is built, else its pure-Python
:class:`~spades_teach.game.kernel.PlayState`; :class:`PureRound` and
:class:`CompiledRound` are a :class:`Round` on one form or the other in any case.

>>> from spades_teach import deal
>>> r = Round(deal(7), dealer="N")
>>> r.to_act
<Seat.E: 1>
>>> for seat, bid in zip("ESWN", [3, 4, 2, 3]):
...     _ = r.bid(seat, bid)
>>> r.phase, r.to_act
('play', <Seat.E: 1>)
>>> r.play("E", "KS")
Traceback (most recent call last):
...
spades_teach.errors.IllegalPlayError: spades are not broken yet: lead a heart, diamond or club (Q♥ 8♥ 7♥ 8♦ J♣ 10♣ 7♣ 6♣ 3♣)
>>> r.play("E", "AS")
Traceback (most recent call last):
...
spades_teach.errors.IllegalPlayError: East does not hold A♠
"""

from __future__ import annotations

import weakref
from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, TypeVar, Union

from spades_teach.errors import IllegalActionError, IllegalBidError, IllegalPlayError, ParseError, RulesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import (
    SUIT_MASKS,
    Card,
    CardLike,
    Cards,
    Hand,
    Seat,
    SeatLike,
    SeatMap,
    Suit,
    Team,
    TeamMap,
)
from spades_teach.game.deals import Deal, DealLike
from spades_teach.game.kernel import (
    CompiledPlayState,
    FastPlayState,
    Phase,
    PlayEvent,
    PlayKernel,
    PlayState,
    Trick,
    first_leader,
    is_renege,
    legal_mask,
    turn_of,
    why_illegal,
    winning_index,
)
from spades_teach.game.notation import card_name, seat_word
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import (
    RoundScore,
    Side,
    allowed_bids,
    bid_problem,
    coerce_side,
    read_bags_carried,
    score_checked,
    side_of,
    sides_of,
)
from spades_teach.game.seating import Seating, seating_for, seating_of
from spades_teach.i18n import _, ngettext

__all__ = [
    "Round",
    "PureRound",
    "CompiledRound",
    "Trick",
    "BidEvent",
    "PlayEvent",
    "Event",
    "trick_winner",
    "legal_mask",
    "legal_cards",
    "explain_illegal",
    "winning_index",
]

_new_tuple = tuple.__new__


# -- pure functions ---------------------------------------------------------------------


def trick_winner(cards: Sequence[CardLike], leader: SeatLike = Seat.N, players: int = 4) -> Seat:
    """The seat that wins a trick, given its cards in play order and its leader.

    The highest spade wins; with no spade, the highest card of the suit led.

    >>> trick_winner(["3H", "KH", "5S", "9H"], leader="N")
    <Seat.S: 2>
    """
    parsed = [Card.parse(c) for c in cards]
    if not parsed:
        raise IllegalActionError(_("an empty trick has no winner"))
    _check_trick_cards(parsed, players)
    return seating_for(players).seat_after(Seat.coerce(leader), winning_index(parsed))


def _check_trick_cards(cards: Sequence[Card], players: int) -> None:
    """A trick holds at most one card a player, and no card twice."""
    if players not in (2, 4):
        raise IllegalActionError(_("a trick is played by 4 or 2 players, not {count}").format(count=repr(players)))
    if len(cards) > players:
        raise IllegalActionError(
            _("a trick has at most {count} cards, got {given}").format(count=players, given=len(cards))
        )
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise IllegalActionError(
            _("card {card} is played twice in one trick").format(card=repr(card_name(twice.index)))
        )


def legal_cards(hand: Hand | str, led: Suit | str | None = None, spades_broken: bool = False) -> Hand:
    """The legal cards of ``hand`` when ``led`` was led (``None``: you are leading).

    >>> str(legal_cards("AKQ3.K52.7.A9842", led="H"))
    '.K52..'
    >>> str(legal_cards("AKQ3.K52.7.A9842"))
    '.K52.7.A9842'
    """
    h = Hand.coerce(hand)
    suit = None if led is None else Suit.coerce(led)
    return Hand.from_mask(legal_mask(h.mask, suit, spades_broken))


def explain_illegal(
    card: Card,
    hand_mask: int,
    led: Suit | None,
    spades_broken: bool,
    *,
    first_trick_two_of_clubs: bool = False,
) -> str | None:
    """Why ``card`` may not be played from ``hand_mask`` (``None`` if it may): the
    kernel's :func:`~spades_teach.game.kernel.why_illegal` with the suit led as a :class:`Suit`."""
    return why_illegal(card, hand_mask, 0 if led is None else SUIT_MASKS[led], spades_broken, first_trick_two_of_clubs)


# -- events and tricks -----------------------------------------------------------------


class BidEvent(NamedTuple):
    """A bid made in turn (an immutable record of the action)."""

    seat: Seat
    bid: Bid


Event = Union[BidEvent, PlayEvent]


# -- the round ---------------------------------------------------------------------------


_R = TypeVar("_R", bound="Round")


class Round:
    """One hand: bidding, then 13 tricks, then the score.

    ``Round(deal, dealer="N", rules=Rules(), scores=None)``: ``deal`` is a
    :class:`Deal` (or its PBN-style text); ``dealer`` defaults to the deal's;
    ``scores`` is the match score before this hand (side → points), which decides
    whether a blind Nil is allowed. Every action is checked; an illegal one raises
    :class:`IllegalBidError` or :class:`IllegalPlayError` and changes nothing.

    The card play is a component the round holds (``_play``, a
    :class:`~spades_teach.game.kernel.PlayKernel`) and asks through its public
    interface: the kernel's compiled twin when it is built, else the pure-Python
    :class:`~spades_teach.game.kernel.PlayState` (the reference);
    :data:`spades_teach.game.kernel.BACKEND` says which, and
    ``SPADES_TEACH_PURE_KERNEL=1`` asks for the pure one. The round adds the
    bidding, the checks and their reasons, the history, undo and scoring.
    """

    #: The class of the card-play component (:class:`PureRound` and :class:`CompiledRound` fix it).
    _play_type: ClassVar[type[PlayKernel]] = FastPlayState

    def __init__(
        self,
        deal: DealLike,
        *,
        dealer: SeatLike | None = None,
        rules: Rules = Rules(),
        scores: Mapping[Any, int] | None = None,
    ) -> None:
        self._deal = Deal.parse(deal) if isinstance(deal, str) else deal
        if not isinstance(self._deal, Deal):
            raise ParseError(_("a round needs a Deal or deal text, not {deal}").format(deal=repr(deal)))
        if not isinstance(rules, Rules):
            raise RulesError(_("rules must be a Rules value, not {rules}").format(rules=repr(rules)))
        if self._deal.players != rules.players:
            raise RulesError(
                _("this deal is for {count} players but the rules are for {rules}").format(
                    count=self._deal.players, rules=rules.players
                )
            )
        self._rules = rules
        seating, self._free_bids, self._open_bids = _setting(rules)
        self._seating = seating
        self._dealer = self._deal.dealer if dealer is None else dealer if type(dealer) is Seat else Seat.coerce(dealer)
        if not seating.plays(self._dealer):
            raise RulesError(
                _("two-player Spades is played by N and S: the dealer cannot be {seat}").format(
                    seat=self._dealer.letters
                )
            )
        self._players = seating.players
        self._next_of: Mapping[Seat, Seat] = seating.next_of
        self._seats: tuple[Seat, ...] = seating.seats
        # The seats of a trick in play order, by leader.
        self._order_from = seating.trick_orders
        self._scores: dict[Side, int] = _new_dict(TeamMap)  # keyed by sides already
        _dict_update(self._scores, _ZERO_SCORES[seating.players])
        if scores is not None and not isinstance(scores, Mapping):
            raise ParseError(
                _("scores map each side to its points, as in {example}, not {scores}").format(
                    example="{'NS': 120, 'EW': 80}", scores=repr(scores)
                )
            )
        for key, value in scores.items() if scores else ():
            side = coerce_side(key, rules)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParseError(
                    _("the score of {side} must be a whole number of points, got {value}").format(
                        side=side.letters, value=repr(value)
                    )
                )
            self._scores[side] = value
        # With the sides level (as at the start of a match) nobody is behind.
        self._level = scores is None or len(set(self._scores.values())) == 1
        play = self._play = self._play_type(rules, seating, _Refusals(self))
        # The hot path on the component directly: this round's play and legal_plays are its
        # component's own (bound here, over the methods below, which do the same a call
        # later), so the kernel takes a legal card with no Python frame of the round's in
        # between; a play off its fast path comes back through _Refusals to _play_checked.
        # (Assigned as attributes, not through vars(self): that would turn the instance's
        # inline attribute values into a dictionary, which slows every attribute of the round.)
        self.play = play.play  # type: ignore[method-assign,assignment]
        self.legal_plays = play.legal_plays  # type: ignore[method-assign]
        self._reset()

    # -- state -----------------------------------------------------------------------------
    def _reset(self) -> None:
        self._play.start(self._deal._masks)
        self._bids: dict[Seat, Bid] = {}
        # Whose turn it is: the bidding's (the seat to bid, None once every seat has bid),
        # then the card play's (its to_play), as to_act reads it.
        bidding = self._bidding = _new_object(_Bidding)  # (a slot to fill, no __init__ to run)
        bidding.to_play = self._next_of[self._dealer]
        self._turn: _Bidding | PlayKernel = self._bidding
        self._bid_events: list[BidEvent] = []
        self._reneges: list[PlayEvent] = []

    def _next(self, seat: Seat) -> Seat:
        return self._next_of[seat]

    @property
    def phase(self) -> Phase:
        """``"bidding"``, ``"play"`` or ``"complete"``."""
        if self._bidding.to_play is not None:
            return "bidding"
        return "complete" if self._play.to_play is None else "play"

    if TYPE_CHECKING:

        @property
        def to_act(self) -> Seat | None:
            """The seat whose turn it is (to bid or to play); ``None`` when the hand is over."""

    else:
        # Read at every card: a descriptor in C (kernel.turn_of), not a Python function.
        to_act = turn_of("_turn", "The seat whose turn it is (to bid or to play); ``None`` when the hand is over.")

    @property
    def deal(self) -> Deal:
        return self._deal

    @property
    def dealer(self) -> Seat:
        return self._dealer

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seats that play, in clockwise order from North."""
        return self._seats

    @property
    def scores_before(self) -> TeamMap[int]:
        return TeamMap(self._scores)

    @property
    def bids(self) -> SeatMap[Bid]:
        return SeatMap(self._bids)

    @property
    def is_complete(self) -> bool:
        """True once all 13 tricks have been played."""
        return self._bidding.to_play is None and self._play.to_play is None

    @property
    def spades_broken(self) -> bool:
        return self._play.broken

    @property
    def history(self) -> tuple[Event, ...]:
        return (*self._bid_events, *self._play.events)

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (each with its winner)."""
        return list(self._play.tricks)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly empty); its ``winner`` is ``None``."""
        play = self._play
        leader = play.leader
        if leader is None:
            to_act = self.to_act
            leader = to_act if to_act is not None else self._dealer
        cards = tuple(play.trick)
        return Trick(len(play.tricks) + 1, leader, cards, self._order_from[leader][: len(cards)], None)

    @property
    def trick_number(self) -> int:
        """The number (1–13) of the trick being played."""
        return min(len(self._play.tricks) + 1, 13)

    @property
    def tricks_won(self) -> SeatMap[int]:
        won = self._play.won
        return SeatMap((seat, won[seat]) for seat in self._seats)

    @property
    def team_tricks(self) -> TeamMap[int]:
        won = self._play.won
        out: TeamMap[int] = TeamMap()
        for side in sides_of(self._rules):
            out[side] = sum(won[s] for s in (side.seats if isinstance(side, Team) else (side,)))
        return out

    def hand(self, seat: SeatLike) -> Hand:
        """The cards ``seat`` still holds."""
        s = Seat.coerce(seat)
        self._check_seat_plays(s, IllegalActionError)
        return Hand.from_mask(self._play.hands[s])

    @property
    def hands(self) -> SeatMap[Hand]:
        hands = self._play.hands
        return SeatMap((seat, Hand.from_mask(hands[seat])) for seat in self._seats)

    @property
    def played(self) -> tuple[Card, ...]:
        """Cards of the completed tricks, in the order they were played."""
        return tuple(card for trick in self._play.tricks for card in trick.cards)

    @property
    def reneges(self) -> tuple[PlayEvent, ...]:
        return tuple(self._reneges)

    def _seat_word(self) -> str:
        """The name of the seat to act, in the language in use (for messages)."""
        to_act = self.to_act
        assert to_act is not None
        return seat_word(to_act)

    def _check_seat_plays(self, seat: Seat, error: type[IllegalActionError]) -> None:
        if seat not in self._seats:
            raise error(_("{seat} does not play in a two-player game").format(seat=seat_word(seat)))

    # -- bidding ------------------------------------------------------------------------------
    def verify_bid(self, seat: SeatLike, bid: BidLike) -> Bid:
        """Raise :class:`IllegalBidError` with the reason if ``seat`` may not bid
        ``bid`` now; return the bid as a :class:`Bid` otherwise."""
        bidder = self._bidding.to_play
        if seat is bidder and bidder is not None:
            s: Seat = bidder
        else:
            try:
                s = Seat.coerce(seat)
            except ParseError as exc:
                raise IllegalBidError(str(exc)) from None
            self._check_seat_plays(s, IllegalBidError)
        if bidder is None:
            if self._play.to_play is None:
                closed = _("bidding is closed: all {count} players have bid and the hand is over")
                raise IllegalBidError(closed.format(count=len(self._seats)))
            closed = _("bidding is closed: all {count} players have bid and it is {seat}'s turn to play")
            raise IllegalBidError(closed.format(count=len(self._seats), seat=self._seat_word()))
        if s is not bidder:
            raise IllegalBidError(
                _("it is {seat}'s turn to bid, not {other}'s").format(seat=seat_word(bidder), other=seat_word(s))
            )
        rules = self._rules
        try:
            b = Bid.coerce(bid)
        except ParseError as exc:
            if rules.nil:
                raise IllegalBidError(str(exc)) from None
            head, sep, _rest = str(exc).rpartition(": ")
            raise IllegalBidError(
                _("{problem}: bid 1 to 13 (Nil is not allowed under these rules)").format(problem=head if sep else exc)
            ) from None
        if b.blind or rules.min_team_bid or not rules.nil or not 0 < b <= 13:
            # Only these bids can be refused (the common case skips the call).
            behind = self._behind(s) if b.blind else None
            problem = bid_problem(s, b, rules, behind=behind, partner_bid=self._partner_bid(s))
            if problem is not None:
                raise IllegalBidError(problem)
        return b

    def _behind(self, seat: Seat) -> int:
        """How far ``seat``'s side trails the other side in the match score."""
        if self._level:
            return 0
        seating = self._seating
        side = seating.side_of(seat)
        return self._scores[seating.other_side(side)] - self._scores[side]

    def _partner_bid(self, seat: Seat) -> Bid | None:
        partner = self._seating.partner(seat)
        return None if partner is None else self._bids.get(partner)

    def can_bid(self, seat: SeatLike, bid: BidLike) -> bool:
        try:
            self.verify_bid(seat, bid)
        except IllegalBidError:
            return False
        return True

    def legal_bids(self) -> list[Bid]:
        """Every bid the seat to act may make now."""
        seat = self._bidding.to_play
        if seat is None:
            return []
        if self._open_bids is not None:
            return list(self._open_bids)
        return list(allowed_bids(seat, self._rules, behind=self._behind(seat), partner_bid=self._partner_bid(seat)))

    def bid(self, seat: SeatLike, bid: BidLike) -> BidEvent:
        """Make a bid in turn (0 or ``"nil"`` for Nil, ``"blind nil"``)."""
        bidding = self._bidding
        if (
            seat is bidding.to_play
            and seat is not None
            and type(bid) is Bid
            and not bid.blind
            and int(bid) in self._free_bids
        ):
            # The fast path: the seat to bid makes a bid no rule can refuse.
            b: Bid = bid
        else:
            b = self.verify_bid(seat, bid)
        s: Seat = bidding.to_play  # type: ignore[assignment]  # verify_bid checked it is seat's turn
        self._bids[s] = b
        event: BidEvent = _new_tuple(BidEvent, (s, b))
        self._bid_events.append(event)
        if len(self._bids) == self._players:
            bidding.to_play = None
            self._play.begin(self._first_leader())
            self._turn = self._play
        else:
            bidding.to_play = self._next_of[s]
        return event

    def _first_leader(self) -> Seat:
        return first_leader(self._play.hands, self._dealer, self._rules)

    # -- play ------------------------------------------------------------------------------------
    def legal_plays(self) -> Cards:
        """The cards the seat to act may play now, in display order: a :class:`Cards`
        (a tuple that also answers ``"QH" in legal`` and equals a :class:`Hand`); empty
        while the bidding is open and once the hand is over. (Bound to the kernel's own in
        ``__init__``, as :meth:`play` is.)"""
        return self._play.legal_plays()

    def play(self, seat: SeatLike | None, card: CardLike) -> PlayEvent:
        """Play a card for ``seat``; raises :class:`IllegalPlayError` (changing nothing) if it
        is not allowed. The kernel takes a legal :class:`Card` of the seat to act at once;
        anything else is checked by :meth:`verify_play`, which explains a refusal. (A round's
        ``play`` is its kernel's, bound in ``__init__``; this method is the same for a call
        through the class.)"""
        event = self._play.play(seat, card)
        assert event is not None  # the round's refusal hook plays the card or raises
        return event

    def why_illegal(self, card: CardLike, seat: SeatLike | None = None) -> str | None:
        """Why ``card`` cannot be played now by ``seat`` (default: the seat to act),
        or ``None`` if it can. Under ``renege="penalty"`` a renege is reported too."""
        try:
            self.verify_play(self.to_act if seat is None else seat, card, allow_renege=False)
        except IllegalPlayError as exc:
            return str(exc)
        return None

    def verify_play(self, seat: SeatLike | None, card: CardLike, *, allow_renege: bool = True) -> bool:
        """Raise :class:`IllegalPlayError` with the reason if ``seat`` may not play
        ``card`` now (``seat=None``: the seat to act). Returns whether the play
        is a renege (only under ``renege="penalty"``)."""
        to_act = self.to_act
        if seat is None:
            if to_act is None:
                raise IllegalPlayError(_("the hand is over: all 13 tricks have been played"))
            seat = to_act
        try:
            s = seat if type(seat) is Seat else Seat.coerce(seat)
            c = card if type(card) is Card else Card.parse(card)
        except ParseError as exc:
            raise IllegalPlayError(str(exc)) from None
        assert isinstance(s, Seat) and isinstance(c, Card)
        if self._bidding.to_play is not None:
            raise IllegalPlayError(
                _("the bidding is not finished: it is {seat}'s turn to bid").format(seat=self._seat_word())
            )
        if to_act is None:
            raise IllegalPlayError(_("the hand is over: all 13 tricks have been played"))
        self._check_seat_plays(s, IllegalPlayError)
        if s is not to_act:
            raise IllegalPlayError(
                _("it is {seat}'s turn to play, not {other}'s").format(seat=self._seat_word(), other=seat_word(s))
            )
        play = self._play
        hand = play.hands[s]
        if not hand & c.mask:
            raise IllegalPlayError(_("{seat} does not hold {card}").format(seat=seat_word(s), card=card_name(c.index)))
        led = play.led_mask
        reason = why_illegal(c, hand, led, play.broken, play.two_clubs_to_lead())
        if reason is None:
            return False
        if allow_renege and self._rules.renege == "penalty" and is_renege(hand, led, c.mask):
            return True
        raise IllegalPlayError(reason)

    def can_play(self, seat: SeatLike | None, card: CardLike) -> bool:
        try:
            self.verify_play(seat, card)
        except IllegalPlayError:
            return False
        return True

    def _play_checked(self, seat: SeatLike | None, card: CardLike) -> PlayEvent:
        """Play a card for ``seat`` after :meth:`verify_play` (which raises
        :class:`IllegalPlayError`, changing nothing, if it is not allowed): the way of
        every play the kernel's fast path does not take."""
        renege = self.verify_play(seat, card)
        s = seat if type(seat) is Seat else self.to_act if seat is None else Seat.coerce(seat)
        c: Card = card if type(card) is Card else Card.parse(card)
        assert isinstance(s, Seat)
        event = self._play.play_unchecked(s, c, renege)
        if renege:
            self._reneges.append(event)
        return event

    # -- history -------------------------------------------------------------------------------
    def undo(self) -> Event:
        """Take back the last bid or card; returns the event undone."""
        events = self.history
        if not events:
            raise IllegalActionError(_("nothing to undo: no bid or card has been made yet"))
        self._reset()
        self._replay(events[:-1])
        return events[-1]

    def apply(self, event: Event) -> None:
        """Make the bid of a :class:`BidEvent` or play the card of a :class:`PlayEvent`, checked
        like any other action: the one step that replays a history onto a round."""
        if isinstance(event, BidEvent):
            self.bid(event.seat, event.bid)
        else:
            self.play(event.seat, event.card)

    def restarted(self: _R) -> _R:
        """A new round of the same deal, dealer, rules and scores, before the first bid: the
        start from which :meth:`apply` replays this round's history, one event at a time."""
        return type(self)(self._deal, dealer=self._dealer, rules=self._rules, scores=self._scores)

    def replayed(self: _R, events: Iterable[Event]) -> _R:
        """A new round of the same deal, dealer, rules and scores with ``events`` (bids and
        cards, from the first bid on) made in turn by :meth:`apply`: the one loop that
        replays a history (the replay viewer's moments, :meth:`copy`, :meth:`undo`).

        >>> from spades_teach import deal
        >>> r = Round(deal(1), dealer="N")
        >>> _ = r.bid("E", 3)
        >>> _ = r.bid("S", 4)
        >>> r.replayed(r.history[:1]).bids
        {'E': Bid(3)}
        """
        clone = self.restarted()
        clone._replay(events)
        return clone

    def _replay(self, events: Iterable[Event]) -> None:
        for event in events:
            self.apply(event)

    def copy(self: _R) -> _R:
        """An independent copy of this round in the same state."""
        return self.replayed(self.history)

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled (and copied by the copy module) as the deal, the settings and the history,
        # replayed when loaded: the card-play component is rebuilt, never pickled (the
        # compiled one cannot be).
        return (_rebuilt, (type(self), self._deal, self._dealer, self._rules, dict(self._scores), self.history))

    # -- scoring ---------------------------------------------------------------------------------
    def renege_counts(self) -> TeamMap[int]:
        counts: TeamMap[int] = TeamMap({side: 0 for side in sides_of(self._rules)})
        for event in self._reneges:
            counts[side_of(event.seat, self._rules)] += 1
        return counts

    def score(self, bags: Mapping[Any, int] | None = None) -> RoundScore:
        """Score the finished hand (``bags``: counters carried in, side → bags)."""
        if self._bidding.to_play is not None or self._play.to_play is not None:  # not is_complete
            done = len(self._play.tricks)
            raise IllegalActionError(
                ngettext(
                    "the hand is not finished: {count} of 13 tricks played",
                    "the hand is not finished: {count} of 13 tricks played",
                    done,
                ).format(count=done)
                if self._bidding.to_play is None
                else _("the hand is not finished: bidding is still open")
            )
        rules = self._rules
        carried = read_bags_carried(bags, rules) if bags is not None else None
        transfer: dict[Side, int] | None = None
        if self._reneges and rules.renege == "penalty":
            transfer = {}
            for event in self._reneges:
                side = side_of(event.seat, rules)
                transfer[side] = transfer.get(side, 0) + 1
        # The bids and tricks are legal by construction: straight to the formula.
        return score_checked(self._bids, self._play.won, rules, carried=carried, transfer=transfer)

    def __repr__(self) -> str:
        to_act = self.to_act
        return (
            f"<Round dealer={self._dealer.name} phase={self.phase} "
            f"tricks={len(self._play.tricks)} to_act={to_act.name if to_act is not None else None}>"
        )

    def _repr_html_(self) -> str:
        from spades_teach.render.html import round_html

        return round_html(self)


class _Bidding:
    """Whose turn it is while the bidding is open: ``to_play`` is the seat to bid (``None``
    once every seat has bid). A round's ``to_act`` reads it until the card play begins."""

    __slots__ = ("to_play",)

    to_play: Seat | None


class _Refusals(weakref.ref):  # type: ignore[type-arg]
    """The refused hook a round gives its card-play component: a play the kernel's fast
    path does not take goes to the round's :meth:`Round._play_checked`. The round is held
    weakly (the hook is a weak reference to it): it holds the component, so a strong
    reference back would make every round a reference cycle, freed only by the garbage
    collector."""

    __slots__ = ()

    def __call__(self, seat: Any, card: Any) -> PlayEvent:  # type: ignore[override]
        round: Round | None = _dereference(self)
        if round is None:  # only its bound ``play`` was kept: nothing is left to check the card against
            raise IllegalPlayError(_("this card play's round no longer exists: keep the round, not only its play"))
        return round._play_checked(seat, card)


# The bids (not blind) bid_problem accepts from any seat whatever the partner bid and
# the score: 1 to 13, and Nil when the rules allow it; none when a team minimum makes
# them depend on the partner's bid.
_NUMBERS_AND_NIL = frozenset(range(14))
_NUMBERS = frozenset(range(1, 14))
_NO_BIDS: frozenset[int] = frozenset()
# What a round needs from its rules, worked out once for the rules last asked about (looked
# up by identity, so the rules are not hashed): see _setting.
_setting_memo: tuple[Rules | None, Any] = (None, None)


def _setting(rules: Rules) -> tuple[Seating, frozenset[int], tuple[Bid, ...] | None]:
    """``(seating, free bids, open bids)`` for ``rules``: the seating; the bids no rule can
    refuse, whoever bids and whatever the score (the fast path of :meth:`Round.bid`); and the
    bids open to every seat when that is all of them (:meth:`Round.legal_bids` copies them),
    else ``None``."""
    global _setting_memo
    memo_rules, found = _setting_memo
    if memo_rules is not rules:
        free = _NO_BIDS if rules.min_team_bid else _NUMBERS_AND_NIL if rules.nil else _NUMBERS
        open_bids = None if rules.blind_nil or rules.min_team_bid else allowed_bids(Seat.N, rules)
        found = (seating_of(rules), free, open_bids)
        _setting_memo = (rules, found)
    return found  # type: ignore[no-any-return]


# A match score of 0 for each side, by number of players.
_ZERO_SCORES = {players: {side: 0 for side in seating_for(players).sides} for players in (2, 4)}
_new_dict = dict.__new__
_dict_update = dict.update
_new_object = object.__new__
_dereference = weakref.ref.__call__


def _rebuilt(
    cls: type[Round], deal: Deal, dealer: Seat, rules: Rules, scores: dict[Side, int], history: Sequence[Event]
) -> Round:
    """A round in the state ``history`` leads to (how a pickled round is loaded)."""
    made = cls(deal, dealer=dealer, rules=rules, scores=scores)
    made._replay(history)
    return made


class PureRound(Round):
    """:class:`Round` on the pure-Python kernel (:class:`~spades_teach.game.kernel.PlayState`),
    the reference, whichever kernel :class:`Round` uses."""

    _play_type = PlayState


if CompiledPlayState is None:
    CompiledRound: type[Round] | None = None
else:
    _compiled: type[PlayKernel] = CompiledPlayState

    class _CompiledRound(Round):
        """:class:`Round` on the compiled kernel, whichever kernel :class:`Round` uses."""

        _play_type = _compiled

    CompiledRound = _CompiledRound
