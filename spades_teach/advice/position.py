"""A moment of play seen from one seat, :class:`Position`: what that player can know (never
another player's hidden cards), with the history of the tricks known or not. What the history
gives and what an unknown history leaves out: ``docs/modules.md``.

>>> puzzle = Position("S", "AH QH 2S", bids={"N": 0, "E": 4, "S": 4, "W": 3},
...                   tricks_won={"N": 0, "S": 3})
>>> puzzle.trick_number, puzzle.tricks_left, puzzle.unknown_tricks
(11, 3, 7)

>>> late = Position("S", "AS 3H", tricks_won={"N": 3, "E": 3, "S": 2, "W": 3},
...                 trick=["3C", "4C", "5C"])
>>> late.trick_number, late.tricks_left, late.hand_size("N"), str(late.legal)
(12, 2, 1, 'A.3..')

>>> p = Position("S", "AK2.QJ4.T98.7654", bids={"N": 3, "E": 4, "S": 3, "W": 2},
...              tricks_won={}, trick=["3H", "KH"])
>>> p.leader, p.led, str(p.legal)
(<Seat.N: 0>, <Suit.HEARTS: 1>, '.QJ4..')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from spades_teach.errors import ParseError, PositionError, SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, Hand, HandLike, Suit
from spades_teach.game.kernel import SUIT_MASKS as _SUIT_MASKS
from spades_teach.game.kernel import (
    Trick,
    legal_mask,
    shown_void,
    spades_broken_by,
    spades_gone,
    two_of_clubs_leads,
    winning_index,
)
from spades_teach.game.kernel import why_illegal as _why_illegal
from spades_teach.game.notation import card_name, seat_word, suit_word
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import Side, bid_problem, check_bags_carried, coerce_side, side_of, sides_of
from spades_teach.game.seating import Seat, SeatLike, SeatMap, TeamMap, seating_of
from spades_teach.i18n import N_, _, join_clauses, ngettext

if TYPE_CHECKING:
    from spades_teach.game.round import Round
    from spades_teach.solver import DDState

__all__ = ["Position"]

_SEATS = tuple(Seat)


_TWO_OF_CLUBS = Card.parse("2C")
#: The suits of each 4-bit suit mask, as a frozen set (bit ``s``: suit ``s``).
_SUIT_SETS = tuple(frozenset(suit for suit in Suit if bits >> suit & 1) for bits in range(16))


def _names(cards: Iterable[Card]) -> str:
    """Cards named in a message: ``QH KS`` in English, as the language in use writes them otherwise."""
    return " ".join(card_name(c.index) for c in cards)


def _check_mapping(values: object, what: str) -> None:
    if values is not None and not isinstance(values, Mapping):
        raise PositionError(
            _("{what}: expected a mapping of seats or sides to values, got {value}").format(
                what=_(what), value=repr(values)
            )
        )


def _cards(value: Iterable[Any] | str | None, what: str) -> list[Card]:
    """Read a card list: text, cards, or a list of tricks (lists of cards); ``None`` is none."""
    if value is None:
        return []
    if not isinstance(value, (str, Iterable)) or isinstance(value, Mapping):
        raise PositionError(
            _("{what}: expected cards as text or a list, got {value}").format(what=_(what), value=repr(value))
        )
    if isinstance(value, str):
        try:
            return list(Hand.parse(value)) if value.strip() else []
        except ParseError as exc:
            raise PositionError(_("{what}: {error}").format(what=_(what), error=exc)) from None
    out: list[Card] = []
    for item in value:
        if isinstance(item, (Card, str)):
            try:
                out.append(Card.parse(item))
            except ParseError as exc:
                raise PositionError(_("{what}: {error}").format(what=_(what), error=exc)) from None
        elif isinstance(item, Iterable):
            out.extend(_cards(item, what))
        else:
            raise PositionError(_("{what}: {item} is not a card").format(what=_(what), item=repr(item)))
    return out


def _trick_records(value: object) -> tuple[Trick, ...] | None:
    """The completed tricks when ``played`` gives a round's trick records (and not cards)."""
    if isinstance(value, (list, tuple)) and all(isinstance(t, Trick) for t in value):
        for record in value:
            if not record.is_complete:
                raise PositionError(
                    _("{trick} is not complete: put the trick in progress in 'trick'").format(trick=record)
                )
        return tuple(value)
    return None


def _flat(records: tuple[Trick, ...]) -> tuple[Card, ...]:
    return tuple(card for record in records for card in record.cards)


class Position:
    """What ``seat`` knows at one moment of a hand (see the module docs).

    ``Position(seat, hand, bids, tricks_won, played=(), trick=(), spades_broken=None,
    scores=None, bags=None, rules=Rules())``. ``played`` lists the cards of the
    completed tricks in play order (flat, or one list per trick, or a round's
    :class:`~spades_teach.game.kernel.Trick` records); ``trick`` the
    trick in progress in play order, its leader being ``len(trick)`` seats before
    ``seat``. ``spades_broken=None`` works it out from the cards seen. Inconsistent
    input raises :class:`~spades_teach.errors.PositionError`.
    """

    __slots__ = (
        "bags",
        "bids",
        "completed",
        "gone",
        "hand",
        "leader",
        "played",
        "players",
        "rules",
        "scores",
        "seat",
        "spades_broken",
        "trick",
        "trick_history",
        "trick_seats",
        "tricks_won",
        "voids",
    )

    seat: Seat
    hand: Hand
    bids: SeatMap[Bid]
    tricks_won: SeatMap[int]
    played: tuple[Card, ...]
    trick: tuple[Card, ...]
    trick_seats: tuple[Seat, ...]
    leader: Seat
    spades_broken: bool
    scores: TeamMap[int]
    bags: TeamMap[int]
    rules: Rules
    players: int
    voids: dict[Seat, frozenset[Suit]]
    trick_history: tuple[tuple[Seat, tuple[Card, ...], Seat], ...]
    completed: int
    gone: tuple[Card, ...]

    def __init__(
        self,
        seat: SeatLike,
        hand: HandLike,
        bids: Mapping[Any, BidLike] | None = None,
        tricks_won: Mapping[Any, int] | None = None,
        played: Iterable[Any] | str = (),
        trick: Iterable[Any] | str = (),
        spades_broken: bool | None = None,
        scores: Mapping[Any, int] | None = None,
        bags: Mapping[Any, int] | None = None,
        rules: Rules = Rules(),
        *,
        seen: Iterable[Any] | str | None = None,
    ) -> None:
        if not isinstance(rules, Rules):
            raise PositionError(_("rules must be a Rules value, not {value}").format(value=repr(rules)))
        self.rules = rules
        self.players = rules.players
        seats = self._seats()
        try:
            self.seat = Seat.coerce(seat)
        except ParseError as exc:
            raise PositionError(str(exc)) from None
        if self.seat not in seats:
            raise PositionError(
                _("seat {seat} does not play in a two-player game: use N or S").format(seat=self.seat.letters)
            )
        try:
            self.hand = Hand.coerce(hand)
        except ParseError as exc:
            raise PositionError(_("hand {hand}: {error}").format(hand=repr(hand), error=exc)) from None
        self.bids = self._read_bids(bids, seats)
        records = _trick_records(played)
        self.played = tuple(_cards(played, N_("played cards"))) if records is None else _flat(records)
        self.trick = tuple(_cards(trick, N_("trick in progress")))
        self.tricks_won = self._read_tricks(tricks_won, seats)
        self.scores = self._read_sides(scores, N_("score"), allow_negative=True)
        self.bags = self._read_sides(bags, N_("bags"), allow_negative=False)
        self.gone = self._read_seen(seen)
        self._check_cards()
        self.leader = self._seat_before(self.seat, len(self.trick))
        self.trick_seats = tuple(self._seat_after(self.leader, i) for i in range(len(self.trick)))
        self.trick_history = self._rebuild_history() if records is None else self._read_history(records)
        self._check_tricks_won()
        self.voids = self._find_voids()
        self._check_own_voids()
        self.spades_broken = self._read_broken(spades_broken)

    # -- construction helpers -----------------------------------------------------------
    def _seats(self) -> tuple[Seat, ...]:
        return seating_of(self.rules).seats

    def _seat_after(self, seat: Seat, steps: int) -> Seat:
        return seating_of(self.rules).seat_after(seat, steps)

    def _seat_before(self, seat: Seat, steps: int) -> Seat:
        return seating_of(self.rules).seat_after(seat, -steps)

    def _read_bids(self, bids: Mapping[Any, BidLike] | None, seats: tuple[Seat, ...]) -> SeatMap[Bid]:
        out: SeatMap[Bid] = SeatMap()
        _check_mapping(bids, N_("bids"))
        for key, value in (bids or {}).items():
            try:
                s = Seat.coerce(key)
                b = Bid.coerce(value)
            except ParseError as exc:
                raise PositionError(_("bids: {error}").format(error=exc)) from None
            if s not in seats:
                raise PositionError(_("bids: seat {seat} does not play in a two-player game").format(seat=s.name))
            if b.is_nil and not self.rules.nil:
                raise PositionError(_("bids: {seat} bid Nil, but these rules do not allow Nil").format(seat=s.name))
            if b.blind and not self.rules.blind_nil:
                raise PositionError(
                    _("bids: {seat} bid blind Nil, but these rules do not allow it").format(seat=s.name)
                )
            out[s] = b
        return out

    def _read_tricks(self, tricks: Mapping[Any, int] | None, seats: tuple[Seat, ...]) -> SeatMap[int]:
        out: SeatMap[int] = SeatMap((s, 0) for s in seats)
        _check_mapping(tricks, N_("tricks won"))
        given = tricks or {}
        for key, value in given.items():
            try:
                s = Seat.coerce(key)
            except ParseError as exc:
                raise PositionError(_("tricks won: {error}").format(error=exc)) from None
            if s not in seats:
                raise PositionError(_("tricks won: seat {seat} does not play in a two-player game").format(seat=s.name))
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 13:
                raise PositionError(
                    _("tricks won by {seat} must be a whole number 0-13, got {value}").format(
                        seat=s.name, value=repr(value)
                    )
                )
            out[s] = value
        if not given and self.played:
            # Not given: count them from the completed tricks (filled in later).
            out = SeatMap((s, -1) for s in seats)
        return out

    def _read_sides(self, values: Mapping[Any, int] | None, what: str, *, allow_negative: bool) -> TeamMap[int]:
        out: TeamMap[int] = TeamMap((side, 0) for side in sides_of(self.rules))
        _check_mapping(values, what)
        for key, value in (values or {}).items():
            try:
                side = coerce_side(key, self.rules)
            except ParseError as exc:
                raise PositionError(_("{what}: {error}").format(what=_(what), error=exc)) from None
            if isinstance(value, bool) or not isinstance(value, int) or (value < 0 and not allow_negative):
                raise PositionError(
                    _("{what} for {side} must be a whole number, got {value}").format(
                        what=_(what), side=side.letters, value=repr(value)
                    )
                )
            if what == "bags":
                try:
                    check_bags_carried(value, side, self.rules)
                except SpadesError as exc:
                    raise PositionError(str(exc)) from None
            out[side] = value
        return out

    def _read_seen(self, seen: Iterable[Any] | str | None) -> tuple[Card, ...]:
        """The cards known to be gone: the played history, or ``seen`` when the
        history is unknown (the two cannot disagree)."""
        if seen is None:
            return self.played
        cards = tuple(_cards(seen, N_("seen cards")))
        if self.played:
            if len(set(cards)) != len(cards) or set(cards) != set(self.played):
                extra = sorted(set(cards) - set(self.played))
                missing = sorted(set(self.played) - set(cards))
                detail = join_clauses(
                    [
                        part
                        for part in (
                            _("seen but not played: {cards}").format(cards=_names(extra)) if extra else "",
                            _("played but not seen: {cards}").format(cards=_names(missing)) if missing else "",
                        )
                        if part
                    ]
                ) or _("a card is listed twice")
                raise PositionError(
                    _(
                        "seen {cards} conflicts with the played history ({detail}): "
                        "give the played cards or the seen ones, not both"
                    ).format(cards=repr(_names(cards)), detail=detail)
                )
        return cards

    def _check_cards(self) -> None:
        seen: dict[Card, str] = {}
        known = self.played if self.played else self.gone
        label = N_("the played cards") if self.played else N_("the seen cards")
        for where, cards in ((N_("your hand"), tuple(self.hand)), (label, known), (N_("the trick"), self.trick)):
            for card in cards:
                if card in seen:
                    if seen[card] == where:
                        raise PositionError(
                            _("card {card} appears twice in {where}").format(card=card_name(card.index), where=_(where))
                        )
                    raise PositionError(
                        _("card {card} is both in {first} and in {where}: a card can be in one place only").format(
                            card=card_name(card.index), first=_(seen[card]), where=_(where)
                        )
                    )
                seen[card] = where
        p = self.players
        if len(self.trick) > p - 1:
            raise PositionError(
                _("the trick in progress has {count} cards before {seat} plays: it can hold at most {most}").format(
                    count=len(self.trick), seat=seat_word(self.seat), most=p - 1
                )
            )
        if len(self.played) % p:
            raise PositionError(
                _(
                    "{count} played cards do not make whole tricks of {players}: "
                    "put the cards of the unfinished trick in 'trick'"
                ).format(count=len(self.played), players=p)
            )
        if self.played:
            done = len(self.played) // p
            if done > 12:
                raise PositionError(
                    _("{count} completed tricks leave nothing to play: at most 12 can be complete").format(count=done)
                )
            expected = 13 - done
            if len(self.hand) != expected:
                raise PositionError(
                    ngettext(
                        "the hand {hand} has {count} cards, but after {done} completed trick {seat} must hold {expected}",
                        "the hand {hand} has {count} cards, but after {done} completed tricks {seat} must hold {expected}",
                        done,
                    ).format(
                        hand=repr(str(self.hand)),
                        count=len(self.hand),
                        done=done,
                        seat=self.seat.letters,
                        expected=expected,
                    )
                )
        else:
            done = self._completed_from_hand_size()
        self.completed = done
        expected = 13 - done
        if not self.played:
            # Every card not held by a player is out of play (the two-player discards too).
            held = len(self.hand) + (p - 1) * expected
            room = 52 - held
            if len(self.gone) > room:
                raise PositionError(
                    ngettext(
                        "{count} cards are listed as seen, but after {done} completed trick only {room} can be out of play",
                        "{count} cards are listed as seen, but after {done} completed tricks only {room} can be out of play",
                        done,
                    ).format(count=len(self.gone), done=done, room=room)
                )

    def _completed_from_hand_size(self) -> int:
        """The short-hand reading of an unknown history: the hand's size fixes the
        completed tricks, and the tricks won (the tally so far) may not exceed them."""
        size = len(self.hand)
        if size == 0:
            raise PositionError(
                _("the hand of {seat} is empty: there is nothing left to play").format(seat=self.seat.letters)
            )
        if size > 13:
            too_many = (
                _(
                    "the hand {hand} has {count} cards, but a player holds at most 13 "
                    "(the cards of the hand are dealt 13 to each seat)"
                )
                if seating_of(self.rules).partnerships
                else _(
                    "the hand {hand} has {count} cards, but a player holds at most 13 "
                    "(the cards of the hand are dealt 13 to each of the two players)"
                )
            )
            raise PositionError(too_many.format(hand=repr(str(self.hand)), count=size))
        done = 13 - size
        tally = sum(v for v in self.tricks_won.values() if v > 0)
        if tally > done:
            raise PositionError(
                ngettext(
                    "the tricks won add up to {tally}, but a hand of {size} cards means {done} completed trick: "
                    "the tally cannot be larger (for {tally} completed tricks {seat} would hold {held} cards)",
                    "the tricks won add up to {tally}, but a hand of {size} cards means {done} completed tricks: "
                    "the tally cannot be larger (for {tally} completed tricks {seat} would hold {held} cards)",
                    done,
                ).format(tally=tally, size=size, done=done, seat=self.seat.letters, held=13 - tally)
                if tally <= 13
                else _("the tricks won add up to {tally}, but a hand has only 13 tricks").format(tally=tally)
            )
        return done

    def _rebuild_history(self) -> tuple[tuple[Seat, tuple[Card, ...], Seat], ...]:
        p = self.players
        tricks = [self.played[i : i + p] for i in range(0, len(self.played), p)]
        history: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        next_leader = self.leader
        for cards in reversed(tricks):
            winner = next_leader
            leader = self._seat_before(winner, winning_index(cards))
            history.append((leader, tuple(cards), winner))
            next_leader = leader
        history.reverse()
        self._check_first_lead(history)
        return tuple(history)

    def _read_history(self, records: tuple[Trick, ...]) -> tuple[tuple[Seat, tuple[Card, ...], Seat], ...]:
        """The history from a round's trick records, read forwards: each trick led by the
        winner of the one before, won by the card the kernel says, the last winner leading now."""
        history: list[tuple[Seat, tuple[Card, ...], Seat]] = []
        leader = records[0].leader if records else self.leader
        for record in records:
            winner = self._seat_after(record.leader, winning_index(record.cards))
            if record.leader is not leader or record.winner is not winner:
                raise PositionError(
                    _("{trick}: its leader or winner does not follow from the tricks before it").format(trick=record)
                )
            history.append((record.leader, record.cards, winner))
            leader = winner
        if leader is not self.leader:
            raise PositionError(
                _("the last trick was won by {winner}, but the trick in progress is led by {leader}").format(
                    winner=leader.letters, leader=self.leader.letters
                )
            )
        self._check_first_lead(history)
        return tuple(history)

    def _check_first_lead(self, history: list[tuple[Seat, tuple[Card, ...], Seat]]) -> None:
        """Under the 2♣ rule, the first trick of the hand is led with the 2♣."""
        if self.rules.first_lead != "two_of_clubs":
            return
        if history:
            first = history[0][1]
        elif self.trick and self.completed == 0:
            first = self.trick
        else:
            return
        if first[0] != _TWO_OF_CLUBS:
            raise PositionError(
                _("the first trick was led with {card}, but under the 2♣ rule it is led with the 2♣").format(
                    card=card_name(first[0].index)
                )
            )

    def _check_tricks_won(self) -> None:
        counted: SeatMap[int] = SeatMap((s, 0) for s in self._seats())
        for _lead, _cards_of, winner in self.trick_history:
            counted[winner] += 1
        if any(v < 0 for v in self.tricks_won.values()):
            self.tricks_won = counted
            return
        if not self.played:
            return  # an unknown history: the tricks won say how many are complete
        total = sum(self.tricks_won.values())
        if total != len(self.trick_history):
            raise PositionError(
                ngettext(
                    "tricks won add up to {total}, but {count} trick has been completed",
                    "tricks won add up to {total}, but {count} tricks have been completed",
                    len(self.trick_history),
                ).format(total=total, count=len(self.trick_history))
            )
        if counted != self.tricks_won:
            shown = ", ".join(f"{s.name} {n}" for s, n in counted.items())
            raise PositionError(
                _(
                    "the played cards, read in play order, give the tricks as {shown}, which does not match "
                    "tricks_won; list the played cards trick by trick in the order they were played"
                ).format(shown=shown)
            )

    def _find_voids(self) -> dict[Seat, frozenset[Suit]]:
        """The suits each seat has shown out of (the kernel's :func:`shown_void`, card by card)."""
        voids: dict[Seat, int] = {s: 0 for s in self._seats()}
        tricks = [(lead, cards) for lead, cards, _winner in self.trick_history]
        tricks.append((self.leader, self.trick))
        for lead, cards in tricks:
            if not cards:
                continue
            led = _SUIT_MASKS[cards[0].suit]
            for i, card in enumerate(cards[1:], start=1):
                shown = shown_void(card.mask, led)
                if shown:
                    voids[self._seat_after(lead, i)] |= shown
        return SeatMap((s, _SUIT_SETS[v]) for s, v in voids.items())

    def _check_own_voids(self) -> None:
        for suit in self.voids[self.seat]:
            if self.hand.has_suit(suit):
                raise PositionError(
                    _(
                        "{seat} did not follow {suit} in an earlier trick but still holds {cards}: that would be a renege"
                    ).format(
                        seat=self.seat.letters,
                        suit=suit_word(int(suit)),
                        cards=", ".join(card_name(c.index) for c in self.hand.suit(suit)),
                    )
                )

    def _read_broken(self, given: bool | None) -> bool:
        tricks = [cards for _lead, cards, _winner in self.trick_history] + [self.trick]
        seen = spades_broken_by(tricks, self.rules.spade_lead_breaks)
        if not self.played:  # the order of play is unknown: what is gone still tells
            seen = seen or spades_gone(self.gone)
        if given is None:
            return seen
        if not isinstance(given, bool):
            raise PositionError(_("spades_broken must be True, False or None, got {value}").format(value=repr(given)))
        if seen and not given:
            raise PositionError(_("spades_broken=False, but a spade has already been played on another suit"))
        return given

    # -- alternative constructor ---------------------------------------------------------
    @classmethod
    def from_round(cls, round: Round, *, bags: Mapping[Any, int] | None = None) -> Position:
        """The position of the seat to act in a live :class:`~spades_teach.Round`
        (during the bidding: its 13 cards and the bids made so far)."""
        seat = round.to_act
        if seat is None:
            raise PositionError(_("the hand is over: there is no seat to act"))
        current = round.current_trick
        return cls(
            seat,
            round.hand(seat),
            round.bids,
            round.tricks_won,
            played=round.tricks,  # the recorded tricks: their leaders are known
            trick=current.cards,
            spades_broken=round.spades_broken,
            scores=round.scores_before,
            bags=bags,
            rules=round.rules,
        )

    # -- what the seat can work out -------------------------------------------------------
    @property
    def led(self) -> Suit | None:
        """The suit led in the trick in progress (``None`` when this seat leads)."""
        return self.trick[0].suit if self.trick else None

    @property
    def trick_number(self) -> int:
        """The number (1–13) of the trick being played."""
        return self.completed + 1

    @property
    def tricks_left(self) -> int:
        """Tricks still to play, the one in progress included."""
        return 13 - self.completed

    @property
    def unknown_tricks(self) -> int:
        """Completed tricks whose winner is not in ``tricks_won`` (0 unless the
        position was given the short way, with a tally smaller than the tricks done)."""
        return self.completed - sum(self.tricks_won.values())

    @property
    def history_known(self) -> bool:
        """Whether the cards of the completed tricks were given in play order
        (always true before the first trick is complete)."""
        return self.completed == len(self.trick_history)

    @property
    def is_bidding(self) -> bool:
        """True while not every seat has bid (and no card has been played)."""
        return len(self.bids) < self.players and not self.completed and not self.trick

    @property
    def first_trick_two_of_clubs(self) -> bool:
        return two_of_clubs_leads(self.rules, self.completed, len(self.trick))

    @property
    def legal(self) -> Hand:
        """The cards this seat may play now."""
        return Hand.from_mask(
            legal_mask(
                self.hand.mask, self.led, self.spades_broken, first_trick_two_of_clubs=self.first_trick_two_of_clubs
            )
        )

    def why_illegal(self, card: Card | str) -> str | None:
        """Why this seat may not play ``card`` now (the kernel's one-line reason), or
        ``None`` if it may.

        >>> Position("S", "AH 2H 3C", trick=["KH"]).why_illegal("3C")
        'must follow hearts: play A♥ 2♥'
        """
        try:
            c = Card.parse(card)
        except ParseError as exc:
            raise PositionError(str(exc)) from None
        led = _SUIT_MASKS[self.led] if self.led is not None else 0
        return _why_illegal(c, self.hand.mask, led, self.spades_broken, self.first_trick_two_of_clubs)

    @property
    def seen_mask(self) -> int:
        mask = self.hand.mask
        for card in self.gone:
            mask |= card.mask
        for card in self.trick:
            mask |= card.mask
        return mask

    @property
    def unseen(self) -> Hand:
        """Cards this seat has not seen: held by the others (or, in two-player
        Spades, by the opponent or among the discards)."""
        return Hand.from_mask(((1 << 52) - 1) & ~self.seen_mask)

    def hand_size(self, seat: SeatLike) -> int:
        """How many cards ``seat`` holds now."""
        s = Seat.coerce(seat)
        size = 13 - self.completed
        return size - 1 if s in self.trick_seats else size

    def __repr__(self) -> str:
        trick = " ".join(str(c) for c in self.trick)
        return (
            f"<Position {self.seat.name} hand={str(self.hand)!r} trick {self.trick_number}"
            f"{' [' + trick + ']' if trick else ''}>"
        )

    def cards_of(self, seat: SeatLike) -> tuple[Card, ...]:
        """The cards ``seat`` has played so far (completed tricks and the current one)."""
        s = Seat.coerce(seat)
        out: list[Card] = []
        for lead, cards, _winner in self.trick_history:
            for i, card in enumerate(cards):
                if self._seat_after(lead, i) is s:
                    out.append(card)
        for who, card in zip(self.trick_seats, self.trick):
            if who is s:
                out.append(card)
        return tuple(out)

    def solver_state(self, others: Mapping[Seat, int], *, check: bool = False) -> DDState:
        """This moment in the double-dummy solver's form, with ``others`` (seat → hand
        bitmask) as the hands this seat cannot see: a sampled deal, or the real hands.
        The rule flags are the ones the kernel applies now (:meth:`DDState.from_rules
        <spades_teach.solver.state.DDState.from_rules>`). ``check=True`` also asks the
        solver's checks (:func:`~spades_teach.solver.make_position`) whether the hands fit the
        trick in progress, and raises :class:`~spades_teach.errors.PositionError` when they do
        not (a spade led unbroken from a hand that holds another suit). Two-player Spades
        is refused: the solver plays four hands.

        >>> p = Position("S", "AS", tricks_won={"N": 4, "E": 3, "S": 3, "W": 2}, trick=["KH"])
        >>> state = p.solver_state({Seat.W: Hand.parse("2C").mask, Seat.N: Hand.parse("3C").mask})
        >>> state.leader, state.to_play, state.tricks_left, state.legal_mask() == Hand.parse("AS").mask
        (1, 2, 1, True)
        """
        from spades_teach.solver import DDState, make_position

        hands = [0, 0, 0, 0]
        for seat, mask in others.items():
            hands[seat] = mask
        hands[self.seat] = self.hand.mask
        if check:
            return make_position(
                {s: Hand.from_mask(m) for s, m in zip(Seat, hands, strict=True)},
                leader=self.leader,
                trick=self.trick,
                spades_broken=self.spades_broken,
                rules=self.rules,
            )
        trick = tuple(c.index for c in self.trick)
        return DDState.from_rules(hands, int(self.leader), trick, self.spades_broken, self.rules, self.completed)

    def side(self, seat: SeatLike | None = None) -> Side:
        """The scoring side of ``seat`` (default: this seat)."""
        return side_of(self.seat if seat is None else Seat.coerce(seat), self.rules)


def legal_bid(position: Position, bid: Bid) -> Bid:
    """``bid`` made legal for ``position`` under its rules (the same checks as
    :meth:`Round.verify_bid`): no Nil where it is off, no blind Nil unless allowed
    and far enough behind, and the team minimum."""
    rules = position.rules
    seating = seating_of(rules)
    side = seating.side_of(position.seat)
    behind = position.scores[seating.other_side(side)] - position.scores[side]
    partner = seating.partner(position.seat)
    partner_bid = None if partner is None else position.bids.get(partner)

    def refused(b: Bid) -> bool:
        return bid_problem(position.seat, b, rules, behind=behind, partner_bid=partner_bid) is not None

    if not refused(bid):
        return bid
    # The nearest legal bid (the higher of two as near): a refused blind Nil becomes
    # Nil (or 1 without Nil), a refused Nil 1, a bid under the team minimum the minimum.
    return min((Bid(n) for n in range(14) if not refused(Bid(n))), key=lambda b: (abs(int(b) - int(bid)), -int(b)))
