"""A position described by its hands, leader and trick, checked and turned into
solver form (:func:`make_position`): every way the parts may fail to fit together
or break the rules is a :class:`~spades_teach.errors.PositionError` that says which."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from spades_teach.errors import ParseError, PositionError
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.cards import Card, CardLike, Hand, HandLike
from spades_teach.game.kernel import is_renege, legal, two_of_clubs_leads
from spades_teach.game.notation import seat_word, suit_word
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import _, join_and, ngettext
from spades_teach.solver.state import DDState, card_breaks_spades, check_solvable, indices

__all__ = ["make_position"]

_SPADES = SUIT_MASKS[0]
_TWO_OF_CLUBS_INDEX = Card("2", "C").index
_TWO_OF_CLUBS = 1 << _TWO_OF_CLUBS_INDEX
_SUIT_MASKS = tuple(SUIT_MASKS)


def make_position(
    hands: Mapping[Any, HandLike],
    *,
    leader: SeatLike,
    trick: Sequence[CardLike] = (),
    spades_broken: bool = False,
    spade_lead_breaks: bool | None = None,
    bridge_rules: bool = False,
    rules: Rules | None = None,
) -> DDState:
    """Check a described position and turn it into solver form, under ``rules``
    (default ``Rules()``). The hands' size tells how many tricks are done: with
    13 cards a hand (one fewer for a seat that played to the trick) the trick is
    the hand's first, led by the 2♣ under ``first_lead="two_of_clubs"``.
    ``spade_lead_breaks`` (``None``: as the rules say) may not contradict ``rules``.

    Raises :class:`~spades_teach.errors.PositionError` (a ``SpadesError``) when
    the hands, the leader and the trick do not fit together or break the rules.
    """
    rules = _rules_with(rules, spade_lead_breaks)
    masks = _hand_masks(hands)
    try:
        lead_seat = Seat.coerce(leader)
        cards = [Card.parse(c) for c in trick]
    except ParseError as exc:
        raise PositionError(str(exc)) from None
    if len(cards) > 3:
        raise PositionError(
            _(
                "a trick in progress holds at most 3 cards, got {count} ({cards}): "
                "give a finished trick's cards to nobody and name its winner as the leader"
            ).format(count=len(cards), cards=_faces(cards))
        )
    _check_distinct(masks, cards)
    _check_sizes(masks, lead_seat, cards)
    broken = bool(spades_broken)
    tricks_done = 13 - bin(masks[lead_seat]).count("1") - (1 if cards else 0)
    first_lead_c2 = two_of_clubs_leads(rules, tricks_done, 0)
    _check_first_lead(masks, lead_seat, cards, first_lead_c2)
    _check_trick_legal(masks, lead_seat, cards, broken, bridge_rules)
    indices = tuple(c.index for c in cards)
    for i, card in enumerate(indices):
        broken = broken or card_breaks_spades(card, indices[:i], rules.spade_lead_breaks)
    return DDState(
        (masks[0], masks[1], masks[2], masks[3]),
        int(lead_seat),
        indices,
        broken,
        rules.spade_lead_breaks,
        bool(bridge_rules),
        two_of_clubs_leads(rules, tricks_done, len(indices)),
    )


def _faces(cards: Iterable[Card]) -> str:
    """Cards as the language in use writes them, one space apart (``K♠ 9♠``; French ``R♠ 9♠``)."""
    return " ".join(card.pretty for card in cards)


def _rules_with(rules: Rules | None, spade_lead_breaks: bool | None) -> Rules:
    """The rules of a described position: ``rules`` (default ``Rules()``) with the
    ``spade_lead_breaks`` keyword, which may not contradict them."""
    if rules is None:
        rules = Rules() if spade_lead_breaks is None else Rules(spade_lead_breaks=bool(spade_lead_breaks))
    check_solvable(rules)
    if spade_lead_breaks is not None and bool(spade_lead_breaks) != rules.spade_lead_breaks:
        raise PositionError(
            _(
                "spade_lead_breaks={given} contradicts the rules given (spade_lead_breaks={ruled}): "
                "give one or the other"
            ).format(given=bool(spade_lead_breaks), ruled=rules.spade_lead_breaks)
        )
    return rules


def _check_first_lead(masks: list[int], leader: Seat, cards: list[Card], two_of_clubs: bool) -> None:
    """Under the 2♣ first lead, the first trick is led by its holder, with it."""
    if not two_of_clubs:
        return
    holder = next((seat for seat in Seat if masks[seat] & _TWO_OF_CLUBS), None)
    if not cards:
        if holder is not None and holder is not leader:
            raise PositionError(
                _("under the 2♣ first lead, {holder} (who holds 2♣) leads the first trick, not {leader}").format(
                    holder=seat_word(holder), leader=seat_word(leader)
                )
            )
        return
    if cards[0].index != _TWO_OF_CLUBS_INDEX:
        raise PositionError(
            _("under the 2♣ first lead, the first trick is led with 2♣, not {card}").format(card=cards[0].pretty)
        )


def _hand_masks(hands: Mapping[Any, HandLike]) -> list[int]:
    if not isinstance(hands, Mapping):
        raise PositionError(
            _("hands must map each of N, E, S, W to its hand, not {value}").format(value=repr(hands)[:80])
        )
    masks = [0, 0, 0, 0]
    seen: set[Seat] = set()
    for key, value in hands.items():
        try:
            seat = Seat.coerce(key)
            hand = Hand.coerce(value)
        except ParseError as exc:
            raise PositionError(str(exc)) from None
        if seat in seen:
            raise PositionError(_("seat {seat} is given twice").format(seat=seat_word(seat)))
        seen.add(seat)
        masks[seat] = hand.mask
    missing = [seat_word(s) for s in Seat if s not in seen]
    if missing:
        raise PositionError(
            _("double-dummy analysis needs all four hands; missing: {seats}").format(seats=", ".join(missing))
        )
    return masks


def _check_distinct(masks: list[int], cards: list[Card]) -> None:
    owner: dict[int, Seat | None] = {}
    for seat in Seat:
        for index in indices(masks[seat]):
            owner[index] = seat
    for card in cards:
        holder = owner.get(card.index)
        if holder is not None:
            raise PositionError(
                _("card {card} is given twice: in the trick and in {seat:de}'s hand").format(
                    card=card.pretty, seat=seat_word(holder)
                )
            )
        owner[card.index] = None  # in the trick
    total = sum(bin(m).count("1") for m in masks) + len(cards)
    if total != len(owner):
        # Only possible when two hands share a card.
        for a in Seat:
            for b in Seat:
                if a < b and masks[a] & masks[b]:
                    dup = Card.from_index((masks[a] & masks[b]).bit_length() - 1)
                    raise PositionError(
                        _("card {card} is given twice: in {first:de}'s and {second:de}'s hands").format(
                            card=dup.pretty, first=seat_word(a), second=seat_word(b)
                        )
                    )


def _check_sizes(masks: list[int], leader: Seat, cards: list[Card]) -> None:
    played = {Seat((leader + i) & 3) for i in range(len(cards))}
    sizes = {seat: bin(masks[seat]).count("1") for seat in Seat}
    waiting = [seat for seat in Seat if seat not in played]
    size = max(sizes[seat] for seat in waiting)
    described = ", ".join(f"{seat_word(s)} {sizes[s]}" for s in Seat)
    if not 1 <= size <= 13:
        raise PositionError(
            _(
                "each hand must hold 1 to 13 cards (one fewer for a seat that has played to the trick); got {sizes}"
            ).format(sizes=described)
        )
    for seat in Seat:
        expected = size - 1 if seat in played else size
        if sizes[seat] != expected:
            if cards:
                order = join_and([seat_word(Seat((leader + i) & 3)) for i in range(len(cards))])
                raise PositionError(
                    ngettext(
                        "hands do not fit the trick: with {leader} on lead and {count} card played ({order}), "
                        "{waiting} should hold {size} cards and {order} {fewer}; got {sizes}",
                        "hands do not fit the trick: with {leader} on lead and {count} cards played ({order}), "
                        "{waiting} should hold {size} cards and {order} {fewer}; got {sizes}",
                        len(cards),
                    ).format(
                        leader=seat_word(leader),
                        count=len(cards),
                        order=order,
                        waiting=join_and([seat_word(s) for s in waiting]),
                        size=size,
                        fewer=size - 1,
                        sizes=described,
                    )
                )
            raise PositionError(
                _("hands of unequal sizes: {sizes}; with no trick in progress all hold the same number").format(
                    sizes=described
                )
            )


def _check_trick_legal(masks: list[int], leader: Seat, cards: list[Card], broken: bool, bridge_rules: bool) -> None:
    if not cards:
        return
    lead = cards[0]
    lead_hand = masks[leader] | lead.mask
    if not legal(lead_hand, 0, broken or bridge_rules) & lead.mask:
        raise PositionError(
            _(
                "{seat} led {card} but spades are not broken and {seat} also held {others}: "
                "pass spades_broken=True if they were"
            ).format(seat=seat_word(leader), card=lead.pretty, others=Hand.from_mask(lead_hand & ~_SPADES).labelled())
        )
    for i in range(1, len(cards)):
        seat = Seat((leader + i) & 3)
        card = cards[i]
        follow = masks[seat] & _SUIT_MASKS[lead.suit]
        if is_renege(masks[seat] | card.mask, _SUIT_MASKS[lead.suit], card.mask):
            raise PositionError(
                _(
                    "{seat} played {card} on a lead in {suit} while still holding {cards}: that trick is not legal"
                ).format(
                    seat=seat_word(seat), card=card.pretty, suit=suit_word(lead.suit), cards=_faces(mask_cards(follow))
                )
            )
