"""A position described by its hands, leader and trick, checked and turned into
solver form (:func:`make_position`): every way the parts may fail to fit together
or break the rules is a :class:`~spades_teach.errors.PositionError` that says which."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from spades_teach.errors import ParseError, PositionError
from spades_teach.game._bits import SUIT_MASKS, mask_cards
from spades_teach.game.cards import Card, CardLike, Hand, HandLike
from spades_teach.game.kernel import is_renege, legal, two_of_clubs_leads
from spades_teach.game.notation import SEAT_WORDS, SUIT_WORDS
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, SeatLike
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
            f"a trick in progress holds at most 3 cards, got {len(cards)} ({' '.join(map(str, cards))}): "
            "give a finished trick's cards to nobody and name its winner as the leader"
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


def _rules_with(rules: Rules | None, spade_lead_breaks: bool | None) -> Rules:
    """The rules of a described position: ``rules`` (default ``Rules()``) with the
    ``spade_lead_breaks`` keyword, which may not contradict them."""
    if rules is None:
        rules = Rules() if spade_lead_breaks is None else Rules(spade_lead_breaks=bool(spade_lead_breaks))
    check_solvable(rules)
    if spade_lead_breaks is not None and bool(spade_lead_breaks) != rules.spade_lead_breaks:
        raise PositionError(
            f"spade_lead_breaks={bool(spade_lead_breaks)} contradicts the rules given "
            f"(spade_lead_breaks={rules.spade_lead_breaks}): give one or the other"
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
                f"under the 2♣ first lead, {SEAT_WORDS[holder]} (who holds 2♣) leads the first trick, not {SEAT_WORDS[leader]}"
            )
        return
    if cards[0].index != _TWO_OF_CLUBS_INDEX:
        raise PositionError(f"under the 2♣ first lead, the first trick is led with 2♣, not {cards[0]}")


def _hand_masks(hands: Mapping[Any, HandLike]) -> list[int]:
    if not isinstance(hands, Mapping):
        raise PositionError(f"hands must map each of N, E, S, W to its hand, not {hands!r}")
    masks = [0, 0, 0, 0]
    seen: set[Seat] = set()
    for key, value in hands.items():
        try:
            seat = Seat.coerce(key)
            hand = Hand.coerce(value)
        except ParseError as exc:
            raise PositionError(str(exc)) from None
        if seat in seen:
            raise PositionError(f"seat {seat.name} is given twice")
        seen.add(seat)
        masks[seat] = hand.mask
    missing = [s.name for s in Seat if s not in seen]
    if missing:
        raise PositionError(f"double-dummy analysis needs all four hands; missing: {', '.join(missing)}")
    return masks


def _check_distinct(masks: list[int], cards: list[Card]) -> None:
    owner: dict[int, str] = {}
    for seat in Seat:
        for index in indices(masks[seat]):
            owner[index] = SEAT_WORDS[seat]
    for card in cards:
        if card.index in owner:
            raise PositionError(f"card {card} is given twice: in the trick and in {owner[card.index]}'s hand")
        owner[card.index] = "the trick"
    total = sum(bin(m).count("1") for m in masks) + len(cards)
    if total != len(owner):
        # Only possible when two hands share a card.
        for a in Seat:
            for b in Seat:
                if a < b and masks[a] & masks[b]:
                    dup = Card.from_index((masks[a] & masks[b]).bit_length() - 1)
                    raise PositionError(f"card {dup} is given twice: in {SEAT_WORDS[a]}'s and {SEAT_WORDS[b]}'s hands")


def _check_sizes(masks: list[int], leader: Seat, cards: list[Card]) -> None:
    played = {Seat((leader + i) & 3) for i in range(len(cards))}
    sizes = {seat: bin(masks[seat]).count("1") for seat in Seat}
    waiting = [seat for seat in Seat if seat not in played]
    size = max(sizes[seat] for seat in waiting)
    described = ", ".join(f"{s.name} {sizes[s]}" for s in Seat)
    if not 1 <= size <= 13:
        raise PositionError(
            f"each hand must hold 1 to 13 cards (one fewer for a seat that has played to the trick); got {described}"
        )
    for seat in Seat:
        expected = size - 1 if seat in played else size
        if sizes[seat] != expected:
            if cards:
                order = ", ".join(Seat((leader + i) & 3).name for i in range(len(cards)))
                raise PositionError(
                    f"hands do not fit the trick: with {leader.name} on lead and {len(cards)} card(s) played "
                    f"({order}), {', '.join(s.name for s in waiting)} should hold {size} card(s) and "
                    f"{order} {size - 1}; got {described}"
                )
            raise PositionError(
                f"hands of unequal sizes: {described}; with no trick in progress all hold the same number"
            )


def _check_trick_legal(masks: list[int], leader: Seat, cards: list[Card], broken: bool, bridge_rules: bool) -> None:
    if not cards:
        return
    lead = cards[0]
    lead_hand = masks[leader] | lead.mask
    if not legal(lead_hand, 0, broken or bridge_rules) & lead.mask:
        raise PositionError(
            f"{SEAT_WORDS[leader]} led {lead} but spades are not broken and {SEAT_WORDS[leader]} also held "
            f"{Hand.from_mask(lead_hand & ~_SPADES).labelled()}: pass spades_broken=True if they were"
        )
    for i in range(1, len(cards)):
        seat = Seat((leader + i) & 3)
        card = cards[i]
        follow = masks[seat] & _SUIT_MASKS[lead.suit]
        if is_renege(masks[seat] | card.mask, _SUIT_MASKS[lead.suit], card.mask):
            raise PositionError(
                f"{SEAT_WORDS[seat]} played {card} on a {SUIT_WORDS[lead.suit][:-1]} lead while still holding "
                f"{' '.join(str(c) for c in mask_cards(follow))}: that trick is not legal"
            )
