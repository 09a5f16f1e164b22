"""The rules of play, in one place: the only code that decides which cards are
legal (and why a card is not), who wins a trick, when spades are broken, who
leads first, and what counts as a renege.

Everything else asks this module: :class:`~spades_teach.game.round.Round`,
:class:`~spades_teach.advice.position.Position`, the bots and their playouts, the
simulations and the pure-Python double-dummy solver. (The compiled solver core
keeps its own loop for speed; a property test holds it equal to this module.)

The card play of a hand also comes in a compiled form: :data:`CompiledPlayState`
(``_kernel.c``) is a twin of :class:`PlayState` that applies the same rules in C.
Both are a :class:`PlayKernel`, a component with a public interface:
:class:`~spades_teach.game.round.Round` holds one, the twin when it is built
(:data:`BACKEND` says which form is in use; ``SPADES_TEACH_PURE_KERNEL=1`` asks
for the pure one), and reads no field of it. :class:`PlayState` stays the
reference: a property test drives both side by side and requires the same
answers after every action.

The functions work on card bitmasks, the form the fast callers already hold: a
card is ``1 << index`` with A♠ = 0 … 2♠ = 12, A♥ = 13 … 2♣ = 51, a hand is the
OR of its cards, and a suit led is given by its mask (``0`` when leading). Two
facts follow from that order and are used throughout: a card is a spade exactly
when its mask is below :data:`SPADE_END`, and of two cards that can win a trick
the one with the smaller mask is the higher.

>>> from spades_teach.game.cards import Card, Hand
>>> hand = Hand.parse("AKQ3.K52.7.A9842").mask
>>> str(Hand.from_mask(legal(hand, 0, False)))
'.K52.7.A9842'
>>> str(Hand.from_mask(legal(hand, SUIT_MASKS[1], False)))
'.K52..'
>>> why_illegal(Card.parse("AS"), hand, 0, False)
'spades are not broken yet: lead a heart, diamond or club (K♥ 5♥ 2♥ 7♦ A♣ 9♣ 8♣ 4♣ 2♣)'
>>> winning_index([Card.parse(c) for c in ["3H", "KH", "5S", "9H"]])
2
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any, Literal, NamedTuple, Protocol

from spades_teach.errors import IllegalPlayError
from spades_teach.game._bits import FULL_DECK_MASK, SUIT_MASKS
from spades_teach.game._bits import cards_of_mask as _cards_of_mask
from spades_teach.game._bits import fill_suit_tuples as _fill_suit_tuples
from spades_teach.game.cards import Card, Cards, Suit
from spades_teach.game.notation import card_name, seat_letter, suit_word
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, Seating, SeatLike, seating_of
from spades_teach.i18n import _

__all__ = [
    "SUIT_MASKS",
    "SPADES",
    "NON_SPADES",
    "SPADE_END",
    "TWO_OF_CLUBS",
    "legal",
    "legal_mask",
    "legal_cards_of",
    "why_illegal",
    "is_renege",
    "shown_void",
    "beats",
    "card_beats",
    "winning_index",
    "winning_position",
    "breaks_spades",
    "spades_broken_by",
    "two_of_clubs_leads",
    "first_leader",
    "suit_tuples",
    "PlayEvent",
    "PlayKernel",
    "PlayState",
    "Playout",
    "TRICKS",
    "Trick",
    "CompiledPlayState",
    "FastPlayState",
    "BACKEND",
    "choose_kernel",
    "PURE_KERNEL_VARIABLE",
    "SHUFFLE",
    "DEAL_MASKS",
    "turn_of",
]

SPADES = SUIT_MASKS[Suit.SPADES]
NON_SPADES = ((1 << 52) - 1) & ~SPADES
SPADE_END = 1 << 13
TWO_OF_CLUBS = Card("2", "C")
_TWO_OF_CLUBS_MASK = TWO_OF_CLUBS.mask
# The mask of the suit a card belongs to, by card index.
_SUIT_OF_INDEX = tuple(SUIT_MASKS[i // 13] for i in range(52))
_new_tuple = tuple.__new__
_new_object = object.__new__
#: The stage of a hand: the bidding, the card play, or all 13 tricks played.
Phase = Literal["bidding", "play", "complete"]
_EMPTY_CARDS: Cards = _new_tuple(Cards, ())


def suit_tuples() -> list[list[tuple[Card, ...]]]:
    """The per-suit tables (``tables[suit][13-bit pattern]`` → the cards, high to
    low), filled completely on first use. Fast callers index them directly."""
    return _fill_suit_tuples()


# -- legal cards ------------------------------------------------------------------------


def legal(hand: int, led: int, broken: bool, two_of_clubs: bool = False) -> int:
    """The legal cards (a mask) of ``hand``: follow the suit led (``led``, a suit
    mask; ``0`` when leading) if you can; the 2♣ must lead the first trick when
    ``two_of_clubs`` (and the hand holds it); no spade lead before spades are
    ``broken`` unless the hand holds nothing else."""
    if led:
        return hand & led or hand
    if two_of_clubs and hand & _TWO_OF_CLUBS_MASK:
        return _TWO_OF_CLUBS_MASK
    if broken:
        return hand
    return hand & NON_SPADES or hand


def legal_mask(
    hand_mask: int,
    led: Suit | None,
    spades_broken: bool,
    *,
    first_trick_two_of_clubs: bool = False,
) -> int:
    """:func:`legal` with the suit led given as a :class:`Suit` (``None`` when leading)."""
    return legal(hand_mask, 0 if led is None else SUIT_MASKS[led], spades_broken, first_trick_two_of_clubs)


def legal_cards_of(mask: int) -> Cards:
    """The cards of a legal mask as :class:`~spades_teach.game.cards.Cards`, in display order."""
    made: Cards = _new_tuple(Cards, _cards_of_mask(mask))
    return made


def _card_list(mask: int) -> str:
    """Cards as a learner reads them: ``8♥ 7♥ 6♥``."""
    return " ".join(c.pretty for c in _cards_of_mask(mask))


def why_illegal(card: Card, hand: int, led: int, broken: bool, two_of_clubs: bool = False) -> str | None:
    """Why ``card`` may not be played from ``hand`` (``None`` if it may), with the
    arguments of :func:`legal`. The reason is one lowercase line that says what
    would be legal."""
    if not hand & card.mask:
        return _("{card} is not in the hand").format(card=card_name(card.index))
    allowed = legal(hand, led, broken, two_of_clubs)
    if allowed & card.mask:
        return None
    if led:
        return _("must follow {suit}: play {cards}").format(suit=suit_word(_suit_index(led)), cards=_card_list(allowed))
    if two_of_clubs and hand & _TWO_OF_CLUBS_MASK:
        return _("the 2♣ must lead the first trick: play 2♣")
    return _("spades are not broken yet: lead a heart, diamond or club ({cards})").format(cards=_card_list(allowed))


def _suit_index(suit_mask: int) -> int:
    return (suit_mask.bit_length() - 1) // 13


def is_renege(hand: int, led: int, mask: int) -> bool:
    """Whether playing ``mask`` from ``hand`` on the suit ``led`` breaks the
    follow-suit rule (the hand could follow and did not)."""
    return bool(led and hand & led and not mask & led)


def shown_void(mask: int, led: int) -> int:
    """The suit a card shows its player void in, as a suit bit (``1 << suit``), or 0:
    a card ``mask`` played on the suit ``led`` (its mask; 0 for a lead) that does not
    follow it shows that the player holds none of the suit (reneges aside). Every
    reader of voids (:class:`~spades_teach.advice.position.Position`, the bots'
    playouts) asks this one function.

    >>> from spades_teach.game.cards import Card, Suit
    >>> shown_void(Card.parse("2S").mask, SUIT_MASKS[Suit.HEARTS]) == 1 << Suit.HEARTS
    True
    >>> shown_void(Card.parse("2H").mask, SUIT_MASKS[Suit.HEARTS]), shown_void(Card.parse("2S").mask, 0)
    (0, 0)
    """
    if led and not mask & led:
        return 1 << _suit_index(led)
    return 0


# -- the trick --------------------------------------------------------------------------


def beats(mask: int, top: int, led: int) -> bool:
    """Whether card ``mask`` beats the card ``top`` winning a trick of the suit ``led``
    so far: a higher card of the suit led or a spade (a higher one over a spade)."""
    return bool(mask & (led | SPADES)) and mask < top


def card_beats(card: Card, other: Card, led: Suit) -> bool:
    """Whether ``card`` beats ``other`` in a trick where ``led`` was led (any two
    cards; ``other`` need not be winning)."""
    if other.mask & (SUIT_MASKS[led] | SPADES):
        return beats(card.mask, other.mask, SUIT_MASKS[led])
    return bool(card.mask & (SUIT_MASKS[led] | SPADES)) or (card.suit is other.suit and card.mask < other.mask)


def winning_position(trick: Sequence[int]) -> int:
    """The position in play order (0 = the lead) of the card winning a trick given
    as card indices (0–51)."""
    return _winning_of_masks([1 << index for index in trick])


def winning_index(cards: Sequence[Card]) -> int:
    """The position in play order of the card winning (so far) a trick of cards."""
    return _winning_of_masks([card.mask for card in cards])


def _winning_of_masks(masks: Sequence[int]) -> int:
    """The position in play order of the card winning a trick of card masks: each card
    that :func:`beats` the one winning so far takes the trick over."""
    led = _SUIT_OF_INDEX[masks[0].bit_length() - 1]
    best = 0
    for i in range(1, len(masks)):
        if beats(masks[i], masks[best], led):
            best = i
    return best


def breaks_spades(mask: int, led: int, spade_lead_breaks: bool) -> bool:
    """Whether playing card ``mask`` breaks spades: a spade played on another
    suit's lead (``led`` its mask), or — with the ``spade_lead_breaks`` option —
    any spade, a lead included. ``led`` is ``0`` for the lead itself."""
    if mask >= SPADE_END:
        return False
    return spade_lead_breaks or (led != 0 and led != SPADES)


def spades_broken_by(tricks: Iterable[Sequence[Card]], spade_lead_breaks: bool) -> bool:
    """Whether the cards of ``tricks`` (each in play order) have broken spades."""
    for cards in tricks:
        if not cards:
            continue
        led = SUIT_MASKS[cards[0].suit]
        if breaks_spades(cards[0].mask, 0, spade_lead_breaks):
            return True
        for card in cards[1:]:
            if breaks_spades(card.mask, led, spade_lead_breaks):
                return True
    return False


def spades_gone(gone: Iterable[Card]) -> bool:
    """Whether cards known to be out of play, in an order nobody recorded, show that
    spades are broken: a spade leaves play only on another suit (which breaks them) or
    as a lead, allowed only once they are broken or from a hand of nothing but spades."""
    return any(card.mask & SPADES for card in gone)


# -- the first lead ---------------------------------------------------------------------


def two_of_clubs_leads(rules: Rules, tricks_done: int, cards_in_trick: int) -> bool:
    """Whether the next card is the first lead and the 2♣ must lead it."""
    return rules.first_lead == "two_of_clubs" and tricks_done == 0 and cards_in_trick == 0


def first_leader(hands: Sequence[int], dealer: Seat, rules: Rules) -> Seat:
    """The seat that leads the first trick: the holder of the 2♣ under that rule,
    otherwise the first player after the dealer. ``hands`` holds each seat's mask
    by seat number (seats that do not play hold 0)."""
    seating = seating_of(rules)
    if rules.first_lead == "two_of_clubs":
        for seat in seating.seats:
            if hands[seat] & _TWO_OF_CLUBS_MASK:
                return seat
    return seating.next(dealer)


# -- the fast form: a hand in play ------------------------------------------------------


class PlayEvent(NamedTuple):
    """A card played; ``renege`` is True when it broke the follow-suit rule
    (possible only under ``renege="penalty"``)."""

    seat: Seat
    card: Card
    renege: bool = False


@dataclass(frozen=True, slots=True)
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
        body = " ".join(f"{seat_letter(seat)}:{card.pretty}" for seat, card in self.plays)
        if self.winner is None:
            return _("trick {number}: {plays}").format(number=self.number, plays=body)
        return _("trick {number}: {plays} won by {seat}").format(
            number=self.number, plays=body, seat=seat_letter(self.winner)
        )

    def _repr_html_(self) -> str:
        from spades_teach.render.html import trick_html

        return trick_html(self)


# The setters of a Trick's slots, for the kernel's own Tricks.
_set_number, _set_leader, _set_cards, _set_seats, _set_winner = (
    Trick.__dict__[name].__set__ for name in ("number", "leader", "cards", "seats", "winner")
)

#: Tricks in a hand: 13 cards each for four players (and for two, after the draw).
TRICKS = 13


class PlayKernel(Protocol):
    """The card play of one hand, as :class:`~spades_teach.game.round.Round` holds it (its
    ``_play``): what both forms, :class:`PlayState` and the compiled :data:`CompiledPlayState`,
    offer. Everything is public; neither form reads the other's fields or the round's.

    ``Kind(rules, seating, refused=None)`` makes one with no cards; :meth:`start` deals
    ``hands`` in (each seat's cards as a mask by seat number) and :meth:`begin` names the first
    leader once the bidding is over. :meth:`play` takes the fast path only (a legal
    :class:`Card` of the seat to play, given as a :class:`Seat`); anything else changes nothing
    here and is handed to ``refused(seat, card)``, whose answer it returns (``None`` without
    one): the round's hook checks the play and explains a refusal, and plays an allowed card (a
    renege under the penalty rule, or a card given as text) with :meth:`play_unchecked`. Every card
    played is recorded as a :class:`PlayEvent` in :attr:`events`; a full trick is kept as a
    :class:`Trick` in :attr:`tricks` and its winner leads the next. The lists read from the
    compiled form are copies; those of :class:`PlayState` are its own (do not change them).
    """

    def __init__(
        self, rules: Rules, seating: Seating, refused: Callable[[Any, Any], PlayEvent] | None = None
    ) -> None: ...

    def start(self, hands: Sequence[int], /) -> None: ...

    def begin(self, leader: Seat, /) -> None: ...

    def legal_plays(self) -> Cards: ...

    def play(self, seat: Any, card: Any, /) -> PlayEvent | None: ...

    def play_unchecked(self, seat: Seat, card: Card, renege: bool = False, /) -> PlayEvent: ...

    def two_clubs_to_lead(self) -> bool: ...

    @property
    def to_play(self) -> Seat | None: ...

    @property
    def leader(self) -> Seat | None: ...

    @property
    def hands(self) -> list[int]: ...

    @property
    def trick(self) -> list[Card]: ...

    @property
    def tricks(self) -> list[Trick]: ...

    @property
    def won(self) -> list[int]: ...

    @property
    def broken(self) -> bool: ...

    @property
    def led_mask(self) -> int: ...

    @property
    def events(self) -> list[PlayEvent]: ...


class PlayState:
    """The card play of one hand in bit-mask form: the fast path of the rules above, and
    the pure-Python form of :class:`PlayKernel` (the reference its compiled twin is held to).

    :class:`~spades_teach.game.round.Round` holds one (or its twin) as a component and adds
    the bidding, the checks and their reasons, undo and scoring. The methods here apply the
    rules by calling :func:`legal`, :func:`beats` and :func:`breaks_spades`; they keep the
    winning card and the legal cards up to date card by card, so a trick's winner is known
    when its last card falls.

    >>> from spades_teach.game.cards import Card, Hand
    >>> from spades_teach.game.seating import seating_of
    >>> rules = Rules()
    >>> p = PlayState(rules, seating_of(rules))
    >>> p.start([Hand.parse(h).mask for h in (".A.2.", ".K.3.", ".Q.4.", "5.J..")])
    >>> len(p.legal_plays()), p.to_play  # nobody to play before begin()
    (0, None)
    >>> p.begin(Seat.N)
    >>> [str(c) for c in p.legal_plays()]
    ['AH', '2D']
    >>> p.play(Seat.N, Card.parse("AH"))
    PlayEvent(seat=<Seat.N: 0>, card=Card('AH'), renege=False)
    >>> p.play(Seat.E, "KH") is None  # not the fast path, and no refused hook: nothing happens
    True
    >>> p.play_unchecked(Seat.E, Card.parse("3D"), renege=True).renege
    True

    State (private to this class and :class:`Playout`): ``_hands`` (a mask per seat number),
    ``_trick_cards`` (the trick in progress), ``_leader``, ``_led_mask`` (0 before the lead),
    ``_top_mask``/``_top_seat`` (the card winning the trick so far and its seat), ``_broken``,
    ``_c2_pending`` (the 2♣ must still lead), ``_legal_now`` (the legal cards of the seat to
    play once worked out, else -1), ``_to_play``, ``_tricks``, ``_won`` and ``_events``.
    """

    _hands: list[int]
    _trick_cards: list[Card]
    _leader: Any
    _led_mask: int
    _led_shift: int
    _led_table: list[tuple[Card, ...]]
    _top_mask: int
    _top_seat: Any
    _broken: bool
    _c2_pending: bool
    _c2_rule: bool
    _spade_lead_breaks: bool
    _legal_now: int
    _tables: list[list[tuple[Card, ...]]]
    _to_play: Any
    _events: list[PlayEvent]
    _next_of: Mapping[Seat, Seat] | tuple[int, ...]  # seat numbers in a Playout
    _order_from: Mapping[Seat, tuple[Seat, ...]]
    _players: int
    _tricks: list[Trick]
    _won: list[int]
    _on_refused: Callable[[Any, Any], PlayEvent] | None

    def __init__(self, rules: Rules, seating: Seating, refused: Callable[[Any, Any], PlayEvent] | None = None) -> None:
        self._on_refused = refused
        self._players = seating.players
        self._next_of = seating.next_of
        self._order_from = seating.trick_orders
        self._rules_of_play(rules)
        self.start((0, 0, 0, 0))

    def _rules_of_play(self, rules: Rules) -> None:
        """Read the options that change the card play."""
        self._tables = _fill_suit_tuples()
        self._c2_rule = rules.first_lead == "two_of_clubs"
        self._spade_lead_breaks = rules.spade_lead_breaks

    def start(self, hands: Sequence[int]) -> None:
        """Deal ``hands`` in (four masks, by seat number; seats that do not play hold 0): the
        play of a new hand, before the first lead (nobody is to play until :meth:`begin`)."""
        if len(hands) != 4:
            raise ValueError("hands must hold four masks, one a seat")
        self._hands = [hand & FULL_DECK_MASK for hand in hands]  # the 52 card bits, as the compiled twin
        self._trick_cards = []
        self._leader = None
        self._led_mask = 0
        self._led_shift = 0
        self._led_table = self._tables[0]
        self._top_mask = 0
        self._top_seat = None
        self._broken = False
        self._c2_pending = self._c2_rule
        self._legal_now = -1
        self._to_play = None
        self._tricks = []
        self._won = [0, 0, 0, 0]
        self._events = []

    def begin(self, leader: Seat) -> None:
        """The bidding is over: ``leader`` leads the first trick."""
        self._legal_now = -1
        self._leader = self._to_play = self._top_seat = leader

    # -- what the play looks like now
    @property
    def to_play(self) -> Any:
        """The seat to play (a :class:`Seat`; a seat number in a :class:`Playout`); ``None``
        before :meth:`begin` and once the hand is over."""
        return self._to_play

    @property
    def leader(self) -> Any:
        """The seat that leads (or led) the trick in progress; ``None`` once the hand is over."""
        return self._leader

    @property
    def hands(self) -> list[int]:
        """Each seat's cards, as a mask by seat number."""
        return self._hands

    @property
    def trick(self) -> list[Card]:
        """The cards of the trick in progress, in the order played."""
        return self._trick_cards

    @property
    def tricks(self) -> list[Trick]:
        """The finished tricks, in order."""
        return self._tricks

    @property
    def won(self) -> list[int]:
        """Tricks won by each seat, by seat number (from the start of the hand)."""
        return self._won

    @property
    def broken(self) -> bool:
        """Whether spades are broken."""
        return self._broken

    @property
    def led_mask(self) -> int:
        """The mask of the suit led to the trick in progress (0 before its lead)."""
        return self._led_mask

    @property
    def events(self) -> list[PlayEvent]:
        """The cards played so far, as events, in order."""
        return self._events

    def two_clubs_to_lead(self) -> bool:
        """Whether the next card is the first lead and must be the 2♣."""
        return self._c2_pending and not self._trick_cards

    def legal_plays(self) -> Cards:
        """The cards the seat to play may play now, in display order: a :class:`Cards`
        (a tuple that also answers ``"QH" in legal`` and equals a :class:`Hand`)."""
        seat = self._to_play
        if seat is None:
            return _EMPTY_CARDS
        ok = self._legal_now
        led = self._led_mask
        if ok < 0:
            ok = self._legal_now = legal(self._hands[seat], led, self._broken, self._c2_pending)
        made: Cards
        if ok & led:  # following suit: the cards come from that suit's table alone
            made = _new_tuple(Cards, self._led_table[ok >> self._led_shift])
            return made
        t0, t1, t2, t3 = self._tables
        made = _new_tuple(Cards, t0[ok & 0x1FFF] + t1[ok >> 13 & 0x1FFF] + t2[ok >> 26 & 0x1FFF] + t3[ok >> 39])
        return made

    def play(self, seat: Any, card: Any) -> PlayEvent | None:
        """Play ``card`` for ``seat`` if it is a legal :class:`Card` of the seat to play
        (given as that seat); otherwise change nothing here and return what the ``refused``
        hook answers (``None`` without one)."""
        if seat is not self._to_play or seat is None or type(card) is not Card:
            return self._refused(seat, card)
        ok = self._legal_now
        if ok < 0:
            ok = legal(self._hands[seat], self._led_mask, self._broken, self._c2_pending)
        if not ok & card.mask:
            return self._refused(seat, card)
        self._play_any(seat, card)
        event: PlayEvent = _new_tuple(PlayEvent, (seat, card, False))
        self._events.append(event)
        if len(self._trick_cards) < self._players:
            self._to_play = self._next_of[seat]
        else:
            self._close_trick()
        return event

    def _refused(self, seat: Any, card: Any) -> PlayEvent | None:
        """What :meth:`play` answers for a play off its fast path (:class:`Playout` raises)."""
        hook = self._on_refused
        return None if hook is None else hook(seat, card)

    def play_unchecked(self, seat: Seat, card: Card, renege: bool = False) -> PlayEvent:
        """Play ``card`` for ``seat`` whatever the rules say (a renege under the penalty
        rule, or a card the caller has checked): the trick, spades broken and the turn follow
        the card, which is recorded with ``renege``."""
        self._play_any(seat, card)
        event = PlayEvent(seat, card, renege)
        self._events.append(event)
        if len(self._trick_cards) < self._players:
            self._to_play = self._next_of[seat]
        else:
            self._close_trick()
        return event

    def _close_trick(self) -> None:
        """Record the finished trick (its winner was kept up to date card by card);
        the winner leads the next one, or nobody after 13."""
        cards = self._trick_cards
        leader = self._leader
        winner = self._end_trick()
        self._won[winner] += 1
        if self._keep_trick(leader, cards, winner) == TRICKS:
            self._to_play = self._leader = None
        else:
            self._to_play = self._leader = winner

    def _keep_trick(self, leader: Any, cards: list[Card], winner: Any) -> int:
        """Keep the finished trick as a :class:`Trick`; returns how many tricks are done."""
        tricks = self._tricks
        trick = _new_object(Trick)  # Trick(...) without the frozen dataclass's __init__
        _set_number(trick, len(tricks) + 1)
        _set_leader(trick, leader)
        _set_cards(trick, tuple(cards))
        _set_seats(trick, self._order_from[leader])
        _set_winner(trick, winner)
        tricks.append(trick)
        return len(tricks)

    def _play_any(self, seat: Seat, card: Card) -> None:
        """Play ``card`` for ``seat`` whatever the rules say (a renege under the
        penalty rule, or a replay): the trick and spades broken follow the card."""
        mask = card.mask
        self._legal_now = -1
        self._hands[seat] &= ~mask
        if self._trick_cards:
            led = self._led_mask
            if not self._broken and breaks_spades(mask, led, self._spade_lead_breaks):
                self._broken = True
            if beats(mask, self._top_mask, led):
                self._top_mask = mask
                self._top_seat = seat
        else:
            self._lead(seat, card)
        self._trick_cards.append(card)

    def _lead(self, seat: Seat, card: Card) -> None:
        suit = card.suit
        self._leader = seat
        self._led_mask = SUIT_MASKS[suit]
        self._led_shift = 13 * suit
        self._led_table = self._tables[suit]
        self._top_mask = card.mask
        self._top_seat = seat
        if breaks_spades(card.mask, 0, self._spade_lead_breaks):
            self._broken = True

    def _end_trick(self) -> Any:
        """Clear the finished trick; returns its winner."""
        self._trick_cards = []
        self._led_mask = 0
        self._c2_pending = False
        return self._top_seat


class Playout(PlayState):
    """The rest of a hand's card play, from any moment, with every hand known: the
    kernel's :class:`PlayState` started mid-hand, for the playouts of the bots and the
    simulations (seats are plain numbers 0–3 here).

    :meth:`copy` is cheap (a few lists), so a search plays each candidate card on its
    own copy of one sampled deal. The state is read through :attr:`hands`,
    :attr:`trick`, :meth:`trick_seats`, :attr:`won`, :attr:`broken`,
    :attr:`tricks_left`, :attr:`to_play` and :meth:`two_clubs_to_lead` (and all at
    once through :meth:`seen`).

    It is a subclass of :class:`PlayState`, not a holder of one, unlike
    :class:`~spades_teach.game.round.Round`: it is the kernel's own fast path for the
    bots, with seats as plain numbers (which the compiled twin does not take), a copy
    that is a dictionary copy, and its own fields read at every card of every playout.

    >>> from spades_teach.game.cards import Card, Hand
    >>> hands = [Hand.parse(h).mask for h in (".A.2.", ".K.3.", ".Q.4.", "5.J..")]
    >>> p = Playout(hands, rules=Rules(), leader=0, tricks_left=2)
    >>> [str(c) for c in p.legal_plays()]
    ['AH', '2D']
    >>> for seat, card in zip((0, 1, 2), ("AH", "KH", "QH")):
    ...     _ = p.play(seat, Card.parse(card))
    >>> p.trick_seats(), [str(c) for c in p.legal_plays()]
    ([0, 1, 2], ['JH'])
    >>> _ = p.play(3, Card.parse("JH"))
    >>> p.won, p.to_play, p.tricks_left
    ([1, 0, 0, 0], 0, 1)
    """

    _done: int
    _seat_orders: dict[int, tuple[int, ...]]

    def __init__(
        self,
        hands: Sequence[int],
        *,
        rules: Rules,
        leader: int,
        trick: Sequence[Card] = (),
        broken: bool = False,
        two_clubs_pending: bool = False,
        won: Sequence[int] = (0, 0, 0, 0),
        tricks_left: int = TRICKS,
    ) -> None:
        seating = seating_of(rules)
        self._players = seating.players
        self._next_of = seating.next_index
        self._seat_orders = {int(s): tuple(int(x) for x in order) for s, order in seating.trick_orders.items()}
        self._rules_of_play(rules)
        self.start(hands)
        self._broken = broken
        self._c2_pending = two_clubs_pending
        self._won = list(won)
        self._done = TRICKS - tricks_left
        self._top_seat = leader
        seat = leader
        for card in trick:
            self._play_any(seat, card)  # type: ignore[arg-type]
            seat = self._next_of[seat]
        self._to_play = seat
        if tricks_left == 0:
            self._to_play = self._leader = None

    def step(self, seat: int, card: Card, voids: list[int]) -> int | None:
        """Play ``card`` for ``seat`` (as :meth:`play`), first marking in ``voids`` (suits
        each seat has shown out of, as bits by suit) a void the card shows; returns the
        seat to play next, ``None`` once the hand is over."""
        voids[seat] |= shown_void(card.mask, self._led_mask)
        self.play(seat, card)
        after: int | None = self._to_play
        return after

    def copy(self) -> Playout:
        """An independent copy in the same state (its own hands, trick and tallies)."""
        clone = _new_object(Playout)
        clone.__dict__.update(self.__dict__)
        clone._hands = list(self._hands)
        clone._trick_cards = list(self._trick_cards)
        clone._won = list(self._won)
        clone._events = []
        return clone

    def _keep_trick(self, leader: Any, cards: list[Card], winner: Any) -> int:
        self._done += 1
        return self._done

    def _refused(self, seat: Any, card: Any) -> PlayEvent | None:
        if seat != self._to_play or type(card) is not Card:
            raise IllegalPlayError(_("it is not your turn to play"))
        hand = self._hands[seat]
        why = why_illegal(card, hand, self._led_mask, self._broken, self.two_clubs_to_lead())
        raise IllegalPlayError(why or "")

    def trick_seats(self) -> list[int]:
        """The seats that played the trick in progress, in order."""
        cards = self._trick_cards
        return list(self._seat_orders[self._leader][: len(cards)]) if cards else []

    @property
    def to_play(self) -> int | None:
        """The seat to play next; ``None`` when the hand is over."""
        seat: int | None = self._to_play
        return seat

    @property
    def tricks_left(self) -> int:
        """Tricks not yet finished (the one in progress included)."""
        return TRICKS - self._done

    def seen(self) -> tuple[list[int], list[Card], list[int], bool, bool, list[int], int]:
        """Everything a seat's view of the moment needs, in one call (the playouts ask
        for it at every card): ``(hands, trick, trick_seats, broken, two_clubs_to_lead,
        won, tricks_left)``, as the properties of the same names give them."""
        cards = self._trick_cards
        seats = list(self._seat_orders[self._leader][: len(cards)]) if cards else []
        return (
            self._hands,
            cards,
            seats,
            self._broken,
            self._c2_pending and not cards,
            self._won,
            TRICKS - self._done,
        )


# -- the compiled twin ------------------------------------------------------------------


#: The interface of ``_kernel`` this module uses (``_kernel.INTERFACE``).
_KERNEL_INTERFACE = 2


def _load_compiled() -> type[PlayKernel] | None:
    """The compiled twin of :class:`PlayState` (``spades_teach.game._kernel``, built
    from C source by ``pip install``), or ``None`` when it was not built (or was built
    from source older than this module, whose ``PlayCore`` Round cannot hold)."""
    try:
        from spades_teach.game import _kernel
    except ImportError:
        return None
    if getattr(_kernel, "INTERFACE", None) != _KERNEL_INTERFACE:
        return None  # built from older source (before PlayCore was a component): rebuild it
    _kernel.setup(Card, Cards, PlayEvent, Trick, [Card.from_index(i) for i in range(52)], tuple(Seat))
    return _kernel.PlayCore


#: The compiled twin of :class:`PlayState` (``_kernel.PlayCore``, a :class:`PlayKernel` of its
#: own, not a subclass), or ``None`` if it is not built. It applies the same rules (a
#: property test drives both forms side by side over thousands of random hands);
#: :class:`PlayState` stays the reference.
CompiledPlayState: type[PlayKernel] | None = _load_compiled()

#: The environment variable that asks for the pure-Python kernel: ``1`` (read once,
#: when :mod:`spades_teach` is imported, by :func:`choose_kernel`).
PURE_KERNEL_VARIABLE = "SPADES_TEACH_PURE_KERNEL"


def choose_kernel(environ: Mapping[str, str] = os.environ) -> tuple[str, type[PlayKernel]]:
    """Which form of the card play :class:`~spades_teach.game.round.Round` holds, as
    ``(backend, class)``: the one place the kernel is chosen.

    ``("c", CompiledPlayState)`` when the twin is built, unless ``environ`` sets
    ``SPADES_TEACH_PURE_KERNEL=1``; ``("python", PlayState)`` otherwise. It runs
    once, on import, to fix :data:`BACKEND` and :data:`FastPlayState`.

    >>> choose_kernel({"SPADES_TEACH_PURE_KERNEL": "1"})
    ('python', <class 'spades_teach.game.kernel.PlayState'>)
    >>> choose_kernel({})[0] == ("c" if CompiledPlayState is not None else "python")
    True
    """
    if CompiledPlayState is None or environ.get(PURE_KERNEL_VARIABLE) == "1":
        return "python", PlayState
    return "c", CompiledPlayState


#: Which form :class:`~spades_teach.game.round.Round` plays with: ``"c"`` (the
#: compiled twin) or ``"python"`` (:class:`PlayState`: when the twin is not built, or
#: when ``SPADES_TEACH_PURE_KERNEL=1`` is set before ``spades_teach`` is imported);
#: :data:`FastPlayState` is that class (the class of the component a ``Round`` holds).
#: Both come from :func:`choose_kernel`.
BACKEND: str
FastPlayState: type[PlayKernel]
BACKEND, FastPlayState = choose_kernel()


def _load_shuffle() -> Callable[[bytes], list[int] | None] | None:
    """The compiled shuffle of ``deal(seed)`` when the compiled kernel is in use."""
    if BACKEND != "c":
        return None
    from spades_teach.game import _kernel

    return _kernel.shuffle


#: The Fisher-Yates shuffle of :func:`~spades_teach.game.deals.deal` in C
#: (``_kernel.shuffle``) when :data:`BACKEND` is ``"c"``, else ``None``;
#: ``deals._shuffle_stream`` is the reference, and a test holds the two equal.
SHUFFLE: Callable[[bytes], list[int] | None] | None = _load_shuffle()


def _load_deal_masks() -> Callable[[bytes, int], tuple[int, int, int, int] | None] | None:
    """The compiled dealing of ``deal(seed)`` when the compiled kernel is in use."""
    if BACKEND != "c":
        return None
    from spades_teach.game import _kernel

    return _kernel.deal_masks


#: The shuffle of :func:`~spades_teach.game.deals.deal` and the dealing of its cards in C
#: (``_kernel.deal_masks(stream, first)``: the hands as masks by seat number, the first card to
#: seat number ``first``) when :data:`BACKEND` is ``"c"``, else ``None``; ``deals._deal_stream``
#: is the reference, and a test holds the two equal.
DEAL_MASKS: Callable[[bytes, int], tuple[int, int, int, int] | None] | None = _load_deal_masks()


def turn_of(holder: str, doc: str) -> Any:
    """A read-only attribute whose value is ``getattr(instance, holder).to_play``:
    ``Round.to_act``, read at every card. The compiled kernel's ``TurnOf`` descriptor
    when :data:`BACKEND` is ``"c"`` (no function call per read), else a property whose
    getter is C (:func:`operator.attrgetter`)."""
    if BACKEND == "c":
        from spades_teach.game import _kernel

        return _kernel.TurnOf(holder, doc)
    return property(attrgetter(f"{holder}.to_play"), doc=doc)
