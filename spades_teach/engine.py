"""One hand of Spades, from the first bid to the last trick: :class:`Round`.

Legal play and the trick winner are pure functions (:func:`legal_mask`,
:func:`trick_winner`); :class:`Round` keeps the state, checks every action
(``can_play`` / ``verify_play`` / ``play``, and the same for bids) and records
each one as a frozen event, so a hand can be undone and replayed.

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
spades_teach.errors.IllegalPlayError: East does not hold AS
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple, Union

from .bids import Bid, BidLike
from .cards import (
    _SUIT_TUPLES,
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
    _fill_suit_tuples,
    _mask_cards,
)
from .deals import Deal, DealLike
from .errors import IllegalActionError, IllegalBidError, IllegalPlayError, ParseError
from .rules import Rules
from .scoring import RoundScore, Side, coerce_side, score_round, side_of, sides_of

__all__ = [
    "Round",
    "Trick",
    "BidEvent",
    "PlayEvent",
    "Event",
    "trick_winner",
    "legal_mask",
    "legal_cards",
    "explain_illegal",
]

_SPADES = SUIT_MASKS[Suit.SPADES]
_NON_SPADES = ((1 << 52) - 1) & ~_SPADES
# Card masks are 1 << index with A♠ = 0 ... 2♠ = 12, A♥ = 13 ... 2♣ = 51, so a card is a
# spade exactly when its mask is below _SPADE_END, and of two cards that can win a trick
# (spades and the suit led) the one with the smaller mask is the higher.
_SPADE_END = 1 << 13
_SUIT_SHIFTS = (0, 13, 26, 39)
_new_object = object.__new__
_new_tuple = tuple.__new__
_EMPTY_CARDS: Cards = tuple.__new__(Cards, ())
_TWO_OF_CLUBS = Card("2", "C")
_SEATS = tuple(Seat)
Phase = Literal["bidding", "play", "complete"]


# -- pure functions ---------------------------------------------------------------------


def trick_winner(cards: Sequence[CardLike], leader: SeatLike = Seat.N, players: int = 4) -> Seat:
    """The seat that wins a trick, given its cards in play order and its leader.

    The highest spade wins; with no spade, the highest card of the suit led.

    >>> trick_winner(["3H", "KH", "5S", "9H"], leader="N")
    <Seat.S: 2>
    """
    parsed = [Card.parse(c) for c in cards]
    if not parsed:
        raise IllegalActionError("an empty trick has no winner")
    _check_trick_cards(parsed, players)
    best = winning_index(parsed)
    seat = Seat.coerce(leader)
    for _ in range(best):
        seat = _next_seat(seat, players)
    return seat


def _check_trick_cards(cards: Sequence[Card], players: int) -> None:
    """A trick holds at most one card a player, and no card twice."""
    if players not in (2, 4):
        raise IllegalActionError(f"a trick is played by 4 or 2 players, not {players!r}")
    if len(cards) > players:
        raise IllegalActionError(f"a trick has at most {players} cards, got {len(cards)}")
    if len(set(cards)) != len(cards):
        twice = next(c for c in cards if cards.count(c) > 1)
        raise IllegalActionError(f"card {str(twice)!r} is played twice in one trick")


def winning_index(cards: Sequence[Card]) -> int:
    """The index in play order of the card winning (so far) a trick."""
    best = 0
    top = cards[0]
    for i in range(1, len(cards)):
        card = cards[i]
        if card.suit is top.suit:
            if card.rank > top.rank:
                best, top = i, card
        elif card.suit is Suit.SPADES:
            best, top = i, card
    return best


def _next_seat(seat: Seat, players: int) -> Seat:
    if players == 2:
        return Seat.S if seat is Seat.N else Seat.N
    return _SEATS[(seat + 1) & 3]


def legal_mask(
    hand_mask: int,
    led: Suit | None,
    spades_broken: bool,
    *,
    first_trick_two_of_clubs: bool = False,
) -> int:
    """The bitmask of legal cards for a hand (as a mask), given the suit led
    (``None`` when leading) and whether spades are broken."""
    if led is not None:
        follow = hand_mask & SUIT_MASKS[led]
        return follow or hand_mask
    if first_trick_two_of_clubs and hand_mask & _TWO_OF_CLUBS.mask:
        return _TWO_OF_CLUBS.mask
    if spades_broken:
        return hand_mask
    return (hand_mask & ~_SPADES) or hand_mask


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


def _card_list(mask: int) -> str:
    return " ".join(c.pretty for c in _mask_cards(mask))


def explain_illegal(
    card: Card,
    hand_mask: int,
    led: Suit | None,
    spades_broken: bool,
    *,
    first_trick_two_of_clubs: bool = False,
) -> str | None:
    """Why ``card`` may not be played from ``hand_mask`` (``None`` if it may).
    The reason is one lowercase line that says what would be legal."""
    if not hand_mask & card.mask:
        return f"{card} is not in the hand"
    if led is not None:
        follow = hand_mask & SUIT_MASKS[led]
        if follow and card.suit is not led:
            return f"must follow {led.word}: play {_card_list(follow)}"
        return None
    if first_trick_two_of_clubs and hand_mask & _TWO_OF_CLUBS.mask and card is not _TWO_OF_CLUBS:
        return "the 2♣ must lead the first trick: play 2♣"
    if card.suit is Suit.SPADES and not spades_broken and hand_mask & ~_SPADES:
        return f"spades are not broken yet: lead a heart, diamond or club ({_card_list(hand_mask & ~_SPADES)})"
    return None


# -- events and tricks -----------------------------------------------------------------


class BidEvent(NamedTuple):
    """A bid made in turn (an immutable record of the action)."""

    seat: Seat
    bid: Bid


class PlayEvent(NamedTuple):
    """A card played; ``renege`` is True when it broke the follow-suit rule
    (possible only under ``renege="penalty"``)."""

    seat: Seat
    card: Card
    renege: bool = False


Event = Union[BidEvent, PlayEvent]


@dataclass(frozen=True)
class Trick:
    """A trick: its number (1–13), leader, cards in play order and winner (``None``
    while it is in progress)."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    seats: tuple[Seat, ...]
    winner: Seat | None

    @property
    def led(self) -> Suit | None:
        return self.cards[0].suit if self.cards else None

    @property
    def is_complete(self) -> bool:
        return self.winner is not None

    def card_of(self, seat: SeatLike) -> Card | None:
        s = Seat.coerce(seat)
        for who, card in zip(self.seats, self.cards):
            if who is s:
                return card
        return None

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        return tuple(zip(self.seats, self.cards))

    def __str__(self) -> str:
        body = " ".join(f"{seat.name}:{card}" for seat, card in self.plays)
        won = f" won by {self.winner.name}" if self.winner is not None else ""
        return f"trick {self.number}: {body}{won}"

    def _repr_html_(self) -> str:
        from .render import trick_html

        return trick_html(self)


# -- the round ---------------------------------------------------------------------------


class Round:
    """One hand: bidding, then 13 tricks, then the score.

    ``Round(deal, dealer="N", rules=Rules(), scores=None)``: ``deal`` is a
    :class:`Deal` (or its PBN-style text); ``dealer`` defaults to the deal's;
    ``scores`` is the match score before this hand (side → points), which decides
    whether a blind Nil is allowed. Every action is checked; an illegal one raises
    :class:`IllegalBidError` or :class:`IllegalPlayError` and changes nothing.
    """

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
            raise ParseError(f"a round needs a Deal or deal text, not {deal!r}")
        if not isinstance(rules, Rules):
            raise ParseError(f"rules must be a Rules value, not {rules!r}")
        if self._deal.players != rules.players:
            raise ParseError(
                f"this deal is for {self._deal.players} players but the rules are for {rules.players}"
            )
        if _SUIT_TUPLES[3][0x1FFF] is None:  # once per process: legal_plays reads them unchecked
            _fill_suit_tuples()
        self._rules = rules
        self._dealer = self._deal.dealer if dealer is None else Seat.coerce(dealer)
        if rules.players == 2 and self._dealer not in (Seat.N, Seat.S):
            raise ParseError(f"two-player Spades is played by N and S: the dealer cannot be {self._dealer.name}")
        self._players = rules.players
        self._c2_lead = rules.first_lead == "two_of_clubs"
        self._spade_lead_breaks = rules.spade_lead_breaks
        self._next_of: dict[Seat, Seat] = (
            {Seat.N: Seat.S, Seat.S: Seat.N} if self._players == 2 else {seat: seat.next for seat in _SEATS}
        )
        self._seats: tuple[Seat, ...] = (Seat.N, Seat.S) if self._players == 2 else _SEATS
        # The seats of a trick in play order, by leader.
        self._order_from: dict[Seat, tuple[Seat, ...]] = (
            {Seat.N: (Seat.N, Seat.S), Seat.S: (Seat.S, Seat.N)}
            if self._players == 2
            else {seat: _SEATS[seat:] + _SEATS[:seat] for seat in _SEATS}
        )
        self._scores: dict[Side, int] = TeamMap({side: 0 for side in sides_of(rules)})
        if scores is not None and not isinstance(scores, Mapping):
            raise ParseError(f"scores map each side to its points, as in {{'NS': 120, 'EW': 80}}, not {scores!r}")
        for key, value in (scores or {}).items():
            side = coerce_side(key, rules)
            if isinstance(value, bool) or not isinstance(value, int):
                raise ParseError(f"the score of {side.name} must be a whole number of points, got {value!r}")
            self._scores[side] = value
        self._reset()

    # -- state -----------------------------------------------------------------------------
    def _reset(self) -> None:
        self._hands = [0, 0, 0, 0]
        for seat, hand in self._deal._hands.items():
            self._hands[seat] = hand.mask
        self._bids: dict[Seat, Bid] = {}
        self._phase: Phase = "bidding"
        self._to_act: Seat | None = self._next(self._dealer)
        self._to_play: Seat | None = None  # the seat to act, during the play only
        self._trick_cards: list[Card] = []
        # The trick in progress: the suit led (index and mask, 0 before the lead), the
        # cards that can win it (that suit and spades) and the winning card so far.
        self._led_suit = 0
        self._led_mask = 0
        self._eligible = 0
        self._top_mask = 0
        self._top_seat: Seat = self._dealer
        self._leader: Seat | None = None
        self._c2_pending = self._c2_lead  # the first lead must still be the 2♣
        self._tricks: list[Trick] = []
        self._won = [0, 0, 0, 0]
        self._broken = False
        self._history: list[Event] = []
        self._reneges: list[PlayEvent] = []

    def _next(self, seat: Seat) -> Seat:
        if self._players == 2:
            return Seat.S if seat is Seat.N else Seat.N
        return _SEATS[(seat + 1) & 3]

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
    def scores_before(self) -> dict[Side, int]:
        return TeamMap(self._scores)

    @property
    def phase(self) -> Phase:
        """``"bidding"``, ``"play"`` or ``"complete"``."""
        return self._phase

    @property
    def to_act(self) -> Seat | None:
        """The seat whose turn it is (to bid or to play); ``None`` when the hand is over."""
        return self._to_act

    @property
    def bids(self) -> dict[Seat, Bid]:
        return SeatMap(self._bids)

    @property
    def is_complete(self) -> bool:
        """True once all 13 tricks have been played."""
        return self._phase == "complete"

    @property
    def spades_broken(self) -> bool:
        return self._broken

    @property
    def history(self) -> tuple[Event, ...]:
        return tuple(self._history)

    @property
    def tricks(self) -> list[Trick]:
        """The completed tricks, in order (each with its winner)."""
        return list(self._tricks)

    @property
    def current_trick(self) -> Trick:
        """The trick in progress (possibly empty); its ``winner`` is ``None``."""
        leader = self._leader if self._leader is not None else (self._to_act if self._to_act is not None else self._dealer)
        cards = tuple(self._trick_cards)
        return Trick(len(self._tricks) + 1, leader, cards, self._order_from[leader][: len(cards)], None)

    @property
    def trick_number(self) -> int:
        """The number (1–13) of the trick being played."""
        return min(len(self._tricks) + 1, 13)

    @property
    def tricks_won(self) -> dict[Seat, int]:
        return SeatMap((seat, self._won[seat]) for seat in self._seats)

    @property
    def team_tricks(self) -> dict[Side, int]:
        out: dict[Side, int] = TeamMap()
        for side in sides_of(self._rules):
            out[side] = sum(self._won[s] for s in (side.seats if isinstance(side, Team) else (side,)))
        return out

    def hand(self, seat: SeatLike) -> Hand:
        """The cards ``seat`` still holds."""
        s = Seat.coerce(seat)
        self._check_seat_plays(s, IllegalActionError)
        return Hand.from_mask(self._hands[s])

    @property
    def hands(self) -> dict[Seat, Hand]:
        return SeatMap((seat, Hand.from_mask(self._hands[seat])) for seat in self._seats)

    @property
    def played(self) -> tuple[Card, ...]:
        """Cards of the completed tricks, in the order they were played."""
        return tuple(card for trick in self._tricks for card in trick.cards)

    @property
    def reneges(self) -> tuple[PlayEvent, ...]:
        return tuple(self._reneges)

    def _check_seat_plays(self, seat: Seat, error: type[IllegalActionError]) -> None:
        if seat not in self._seats:
            raise error(f"{seat.word} does not play in a two-player game")

    # -- bidding ------------------------------------------------------------------------------
    def verify_bid(self, seat: SeatLike, bid: BidLike) -> Bid:
        """Raise :class:`IllegalBidError` with the reason if ``seat`` may not bid
        ``bid`` now; return the bid as a :class:`Bid` otherwise."""
        if seat is self._to_act and self._phase == "bidding":
            s: Seat = seat  # type: ignore[assignment]
        else:
            try:
                s = Seat.coerce(seat)
            except ParseError as exc:
                raise IllegalBidError(str(exc)) from None
            self._check_seat_plays(s, IllegalBidError)
        if self._phase != "bidding":
            after = f"it is {self._to_act.word}'s turn to play" if self._to_act is not None else "the hand is over"
            raise IllegalBidError(f"bidding is closed: all {len(self._seats)} players have bid and {after}")
        assert self._to_act is not None
        if s is not self._to_act:
            raise IllegalBidError(f"it is {self._to_act.word}'s turn to bid, not {s.word}'s")
        rules = self._rules
        try:
            b = Bid.coerce(bid)
        except ParseError as exc:
            if rules.nil:
                raise IllegalBidError(str(exc)) from None
            head, sep, _ = str(exc).rpartition(": ")
            raise IllegalBidError(f"{head if sep else exc}: bid 1 to 13 (Nil is not allowed under these rules)") from None
        low = 0 if rules.nil else 1
        if b.is_nil and not rules.nil:
            raise IllegalBidError("Nil is not allowed under these rules: bid 1 to 13")
        if b.blind:
            if not rules.blind_nil:
                raise IllegalBidError("blind Nil is not allowed under these rules: bid a number or Nil")
            side = side_of(s, rules)
            behind = max(self._scores[o] for o in sides_of(rules) if o != side) - self._scores[side]
            if behind < rules.blind_nil_deficit:
                raise IllegalBidError(
                    f"blind Nil needs your side to be at least {rules.blind_nil_deficit} points behind; "
                    f"{side.name} is {'behind by ' + str(behind) if behind > 0 else 'not behind'}"
                )
        if rules.min_team_bid and self._players == 4 and not b.is_nil:
            partner_bid = self._bids.get(s.partner)
            if partner_bid is not None and not partner_bid.is_nil:
                needed = rules.min_team_bid - int(partner_bid)
                if int(b) < needed:
                    raise IllegalBidError(
                        f"{s.team.name} must bid at least {rules.min_team_bid} together: "
                        f"bid {needed} or more{' (or Nil)' if rules.nil else ''}"
                    )
        if not low <= int(b) <= 13:
            raise IllegalBidError(f"bid {b} is out of range: bid {low} to 13")
        return b

    def can_bid(self, seat: SeatLike, bid: BidLike) -> bool:
        try:
            self.verify_bid(seat, bid)
        except IllegalBidError:
            return False
        return True

    def legal_bids(self) -> list[Bid]:
        """Every bid the seat to act may make now."""
        if self._phase != "bidding" or self._to_act is None:
            return []
        options: list[BidLike] = [*range(14), "blind nil"]
        return [Bid.coerce(o) for o in options if self.can_bid(self._to_act, o)]

    def bid(self, seat: SeatLike, bid: BidLike) -> BidEvent:
        """Make a bid in turn (0 or ``"nil"`` for Nil, ``"blind nil"``)."""
        b = self.verify_bid(seat, bid)
        s: Seat = self._to_act  # type: ignore[assignment]  # verify_bid checked it is seat's turn
        self._bids[s] = b
        event: BidEvent = _new_tuple(BidEvent, (s, b))
        self._history.append(event)
        if len(self._bids) == self._players:
            self._phase = "play"
            self._to_act = self._to_play = self._leader = self._first_leader()
        else:
            self._to_act = self._next_of[s]
        return event

    def _first_leader(self) -> Seat:
        if self._rules.first_lead == "two_of_clubs":
            for seat in self._seats:
                if self._hands[seat] & _TWO_OF_CLUBS.mask:
                    return seat
        return self._next(self._dealer)

    # -- play ------------------------------------------------------------------------------------
    def _led(self) -> Suit | None:
        return self._trick_cards[0].suit if self._trick_cards else None

    def _two_of_clubs_lead(self) -> bool:
        return self._c2_pending and not self._trick_cards

    def legal_plays(self) -> Cards:
        """The cards the seat to act may play now, in display order: a :class:`Cards`
        (a tuple that also answers ``"QH" in legal`` and equals a :class:`Hand`)."""
        seat = self._to_play
        if seat is None:
            return _EMPTY_CARDS
        hand = self._hands[seat]
        if self._trick_cards:
            follow = hand & self._led_mask
            if follow:  # one suit: its cards come straight from the per-suit cache
                suit = self._led_suit
                made: Cards = _new_tuple(Cards, _SUIT_TUPLES[suit][follow >> _SUIT_SHIFTS[suit]])  # type: ignore[arg-type]
                return made
            legal = hand
        elif self._c2_pending and hand & _TWO_OF_CLUBS.mask:
            legal = _TWO_OF_CLUBS.mask
        elif self._broken:
            legal = hand
        else:
            legal = hand & _NON_SPADES or hand
        t0, t1, t2, t3 = _SUIT_TUPLES
        made = _new_tuple(
            Cards,
            t0[legal & 0x1FFF] + t1[legal >> 13 & 0x1FFF] + t2[legal >> 26 & 0x1FFF] + t3[legal >> 39],  # type: ignore[operator]
        )
        return made

    def why_illegal(self, card: CardLike, seat: SeatLike | None = None) -> str | None:
        """Why ``card`` cannot be played now by ``seat`` (default: the seat to act),
        or ``None`` if it can. Under ``renege="penalty"`` a renege is reported too."""
        try:
            self.verify_play(self._to_act if seat is None else seat, card, allow_renege=False)
        except IllegalPlayError as exc:
            return str(exc)
        return None

    def verify_play(self, seat: SeatLike | None, card: CardLike, *, allow_renege: bool = True) -> bool:
        """Raise :class:`IllegalPlayError` with the reason if ``seat`` may not play
        ``card`` now (``seat=None``: the seat to act). Returns whether the play
        is a renege (only under ``renege="penalty"``)."""
        if seat is None:
            if self._to_act is None:
                raise IllegalPlayError("the hand is over: all 13 tricks have been played")
            seat = self._to_act
        try:
            s = seat if type(seat) is Seat else Seat.coerce(seat)  # type: ignore[arg-type]
            c = card if type(card) is Card else Card.parse(card)  # type: ignore[arg-type]
        except ParseError as exc:
            raise IllegalPlayError(str(exc)) from None
        assert isinstance(s, Seat) and isinstance(c, Card)
        if self._phase != "play":
            if self._phase == "bidding":
                raise IllegalPlayError(f"the bidding is not finished: it is {self._to_act.word}'s turn to bid")  # type: ignore[union-attr]
            raise IllegalPlayError("the hand is over: all 13 tricks have been played")
        self._check_seat_plays(s, IllegalPlayError)
        if s is not self._to_act:
            raise IllegalPlayError(f"it is {self._to_act.word}'s turn to play, not {s.word}'s")  # type: ignore[union-attr]
        hand = self._hands[s]
        if not hand & c.mask:
            raise IllegalPlayError(f"{s.word} does not hold {c}")
        led = self._trick_cards[0].suit if self._trick_cards else None
        reason = explain_illegal(c, hand, led, self._broken, first_trick_two_of_clubs=self._two_of_clubs_lead())
        if reason is None:
            return False
        if allow_renege and self._rules.renege == "penalty" and reason.startswith("must follow"):
            return True
        raise IllegalPlayError(reason)

    def can_play(self, seat: SeatLike | None, card: CardLike) -> bool:
        try:
            self.verify_play(seat, card)
        except IllegalPlayError:
            return False
        return True

    def play(self, seat: SeatLike, card: CardLike) -> PlayEvent:
        """Play a card for ``seat``; raises :class:`IllegalPlayError` (changing
        nothing) if it is not allowed."""
        # Fast path for the common case: the seat to act (so a Seat) plays a legal Card.
        # Anything unusual goes through verify_play, which explains the problem.
        if seat is self._to_play and type(card) is Card:
            hand = self._hands[seat]  # type: ignore[index]
            mask = card.mask
            cards = self._trick_cards
            if cards:
                follow = hand & self._led_mask
                ok = hand & mask and (not follow or follow & mask)
                if ok:
                    if mask & self._eligible and mask < self._top_mask:
                        self._top_mask = mask
                        self._top_seat = seat  # type: ignore[assignment]
                    if mask < _SPADE_END and self._led_mask != _SPADES:
                        self._broken = True  # a spade played on another suit's lead
            else:
                ok = (
                    hand & mask
                    and (mask >= _SPADE_END or self._broken or not hand & _NON_SPADES)
                    and not self._c2_pending
                )
                if ok:
                    self._lead(seat, card)  # type: ignore[arg-type]
            if ok:
                event: PlayEvent = _new_tuple(PlayEvent, (seat, card, False))
                self._history.append(event)
                self._hands[seat] = hand ^ mask  # type: ignore[index]
                cards.append(card)
                if len(cards) < self._players:
                    self._to_act = self._to_play = self._next_of[seat]  # type: ignore[index]
                else:
                    self._close_trick()
                return event
        renege = self.verify_play(seat, card)
        s: Seat = seat if type(seat) is Seat else Seat.coerce(seat)  # type: ignore[assignment]
        c: Card = card if type(card) is Card else Card.parse(card)  # type: ignore[assignment]
        event = PlayEvent(s, c, renege)
        self._apply_play(event)
        self._history.append(event)
        return event

    def _lead(self, seat: Seat, card: Card) -> None:
        """Start a trick: ``card`` led by ``seat`` (legality already checked)."""
        suit = card.suit
        led = SUIT_MASKS[suit]
        self._leader = seat
        self._led_suit = suit
        self._led_mask = led
        self._eligible = led | _SPADES
        self._top_mask = card.mask
        self._top_seat = seat
        if led == _SPADES and self._spade_lead_breaks:
            self._broken = True

    def _apply_play(self, event: PlayEvent) -> None:
        s, c, renege = event
        mask = c.mask
        self._hands[s] &= ~mask
        cards = self._trick_cards
        if not cards:
            self._lead(s, c)
        else:
            if mask < _SPADE_END and self._led_mask != _SPADES:
                self._broken = True  # a spade played on another suit's lead
            if mask & self._eligible and mask < self._top_mask:
                self._top_mask = mask
                self._top_seat = s
        if renege:
            self._reneges.append(event)
        cards.append(c)
        if len(cards) < self._players:
            self._to_act = self._to_play = self._next_of[s]
        else:
            self._close_trick()

    def _close_trick(self) -> None:
        cards = self._trick_cards
        winner = self._top_seat  # kept up to date card by card (winning_index would agree)
        tricks = self._tricks
        trick = _new_object(Trick)
        trick.__dict__.update(
            number=len(tricks) + 1,
            leader=self._leader,
            cards=tuple(cards),
            seats=self._order_from[self._leader],  # type: ignore[index]
            winner=winner,
        )
        tricks.append(trick)
        self._won[winner] += 1
        self._trick_cards = []
        self._led_mask = self._eligible = 0
        self._c2_pending = False
        if len(tricks) == 13:
            self._phase = "complete"
            self._to_act = self._to_play = self._leader = None
        else:
            self._to_act = self._to_play = self._leader = winner

    # -- history -------------------------------------------------------------------------------
    def undo(self) -> Event:
        """Take back the last bid or card; returns the event undone."""
        if not self._history:
            raise IllegalActionError("nothing to undo: no bid or card has been made yet")
        events = self._history[:-1]
        last = self._history[-1]
        self._reset()
        self._replay(events)
        return last

    def _replay(self, events: Iterable[Event]) -> None:
        for event in events:
            if isinstance(event, BidEvent):
                self.bid(event.seat, event.bid)
            else:
                self.play(event.seat, event.card)

    def copy(self) -> Round:
        """An independent copy of this round in the same state."""
        clone = Round(self._deal, dealer=self._dealer, rules=self._rules, scores=self._scores)
        clone._replay(self._history)
        return clone

    # -- scoring ---------------------------------------------------------------------------------
    def renege_counts(self) -> dict[Side, int]:
        counts: dict[Side, int] = TeamMap({side: 0 for side in sides_of(self._rules)})
        for event in self._reneges:
            counts[side_of(event.seat, self._rules)] += 1
        return counts

    def score(self, bags: Mapping[Any, int] | None = None) -> RoundScore:
        """Score the finished hand (``bags``: counters carried in, side → bags)."""
        if self._phase != "complete":
            raise IllegalActionError(
                f"the hand is not finished: {len(self._tricks)} of 13 tricks played"
                if self._phase == "play"
                else "the hand is not finished: bidding is still open"
            )
        reneges = self.renege_counts() if self._rules.renege == "penalty" else None
        return score_round(self._bids, self.tricks_won, bags=bags, rules=self._rules, reneges=reneges)

    def __repr__(self) -> str:
        return (
            f"<Round dealer={self._dealer.name} phase={self._phase} "
            f"tricks={len(self._tricks)} to_act={self._to_act.name if self._to_act is not None else None}>"
        )

    def _repr_html_(self) -> str:
        from .render import round_html

        return round_html(self)
