"""The bid count, card by card: :func:`count_hand` and the one table of values it reads.

The hand is counted the way the rule texts teach. First the sure tricks, won whatever the
other hands hold: the spades in an unbroken run down from the ace, and with long spades the
ones the others' spades cannot all beat (:func:`sure_spade_count`). Then the likely and
possible tricks, each an item of :data:`ITEM_VALUES` with its one-line why (see
:mod:`spades_teach.advice.bidding` for how the values were calibrated and how the count
becomes a bid).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from spades_teach.advice._words import card_face, card_names, number, suit_one, suit_words
from spades_teach.advice.two_player_values import TWO_PLAYER_ITEM_VALUES
from spades_teach.errors import SpadesError
from spades_teach.game._bits import SUIT_MASKS
from spades_teach.game.cards import Card, Hand, HandLike, Rank, Suit
from spades_teach.game.seating import seating_for
from spades_teach.i18n import N_, _, get_language, join_and, ngettext

__all__ = ["ITEM_VALUES", "BidReason", "count_hand", "sure_spade_count"]

SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
#: With this many spades or more, one of them a sure trick, the hand draws the others' spades: its
#: long spades are counted as winners, none is left over to ruff a short suit, and its long side
#: suits run once spades are drawn (:func:`_draws`).
SPADES_TO_DRAW = 5
_RANKS_DOWN = tuple(sorted(Rank, reverse=True))


@dataclass(frozen=True)
class BidReason:
    """One counted card or feature: ``cards`` (as written, e.g. ``"A♥"``), its
    ``value`` in tricks, a one-line ``why`` and whether it is a ``sure`` trick
    (won whatever the other hands hold and however they are played)."""

    cards: str
    value: float
    why: str
    sure: bool = False

    @property
    def kind(self) -> str:
        """``"sure"``, ``"likely"`` (worth 3/4 of a trick or more), ``"possible"``
        (less), ``"none"`` (counted 0 here) or ``"minus"`` (a deduction)."""
        if self.sure:
            return "sure"
        if self.value >= 0.75:
            return "likely"
        if self.value > 0:
            return "possible"
        return "none" if self.value == 0 else "minus"

    def __str__(self) -> str:
        return _("{cards}: {value} — {why}").format(cards=self.cards, value=number(self.value), why=self.why)


#: What each item of the count is worth, in tricks: the one table of values the
#: count reads (a sure trick is always worth 1 and is not in it). Keys name the
#: item: a spade by its rank or its place in the holding, a side-suit honour by
#: its rank and company, a short side suit by the ruff it gives, and the cost of
#: holding almost no spades (negative). Calibrated with
#: ``benchmarks/expert_calibration.py`` (see the module docs).
ITEM_VALUES: Mapping[str, float] = MappingProxyType(
    {
        # spades that are not sure tricks
        N_("K♠ with two or more spades"): 1.0,
        N_("K♠ with one spade"): 0.75,
        N_("K♠ bare"): 0.5,
        N_("Q♠ with two or more spades"): 0.5,
        N_("Q♠ with one spade"): 0.5,
        N_("Q♠ bare"): 0.0,
        N_("J♠ with the Q♠"): 0.25,
        N_("3rd small spade"): 0.5,
        N_("4th small spade"): 0.5,
        N_("5th and later small spade"): 0.75,
        N_("no spade"): -0.5,
        N_("one spade"): -0.25,
        # side-suit honours
        N_("ace"): 1.0,
        N_("ace in a long suit"): 0.75,
        N_("king with its ace"): 0.75,
        N_("king with its ace, 4 cards"): 0.75,
        N_("king with its ace, 5 or more cards"): 0.5,
        N_("king with a guard"): 0.75,
        N_("king in a long suit"): 0.5,
        N_("king bare"): 0.25,
        N_("queen with two or three guards"): 0.5,
        N_("queen with fewer guards"): 0.25,
        N_("queen in a long suit"): 0.25,
        N_("queen with its ace and king"): 0.5,
        N_("queen with its king"): 0.25,
        N_("jack with its ace, king and queen"): 0.25,
        N_("jack with its king and queen"): 0.5,
        # the 5th and later cards of a side suit whose top cards win two tricks or more
        N_("long side card"): 0.25,
        N_("long side card, your spades draw theirs"): 0.5,
        # ruffs from short side suits, one spare small spade each
        N_("void, first ruff"): 0.75,
        N_("void, first ruff with one spare"): 0.5,
        N_("void, second ruff"): 0.5,
        N_("singleton ruff"): 0.5,
        N_("singleton ruff with one spare"): 0.25,
        N_("doubleton ruff"): 0.25,
    }
)

_WORDS = {
    0.25: N_("a quarter of a trick"),
    0.5: N_("half a trick"),
    0.75: N_("three quarters of a trick"),
    1.0: N_("a trick"),
}


def _worth(value: float) -> str:
    """A value in words, as the chapters say it ("three quarters of a trick")."""
    if value == 0:
        return _("no trick")
    words = _WORDS.get(abs(value))
    return _(words) if words else _("{value} of a trick").format(value=number(abs(value)))


def sure_spade_count(mine: Iterable[Card], others: Iterable[Card]) -> int:
    """How many of the spades in ``mine`` win a trick whatever happens, when the
    other players hold the spades ``others`` between them.

    A spade played to any trick beats every other suit, so one of ours can only
    lose to a higher spade played to the same trick, and each of the others'
    spades can beat at most one of ours. Reading the ranks from the top, each
    spade of ours is matched against a higher outstanding spade not yet used; the
    spades left unmatched are sure tricks.

    >>> sure_spade_count(Hand.parse("AKQ2.-.-.-"), Hand.parse("JT9.-.-.-"))
    3
    >>> sure_spade_count(Hand.parse("AKQ32.-.-.-"), Hand.parse("J.-.-.-"))
    4
    >>> sure_spade_count(Hand.parse("K2.-.-.-"), Hand.parse("A.-.-.-"))
    1
    """
    sure, _ = _sure_spades(tuple(mine), tuple(others))
    return len(sure)


def _sure_spades(mine: tuple[Card, ...], others: tuple[Card, ...]) -> tuple[list[Card], int]:
    """The sure spades of ``mine`` (the top run first, then the highest spades of the
    group that makes the others, see :func:`_spade_groups`) and how many of the
    others' spades rank above a spade of ours that is not sure."""
    top, group, sure, beaten = _spade_groups(mine, others)
    return top + list(group[:sure]), beaten


def _spade_groups(mine: tuple[Card, ...], others: tuple[Card, ...]) -> tuple[list[Card], tuple[Card, ...], int, int]:
    """The matching of :func:`sure_spade_count`, read as a learner counts it: the
    unbroken run down from the ace (each card a sure trick by itself); then the
    *group*, our other spades from the highest down to the lowest one the matching
    leaves unbeaten, and how many sure tricks the group holds (the others' higher
    spades can take that many fewer than its length); and how many of the others'
    spades rank above a spade of ours that is not sure.

    No single card of the group is sure (with K Q 3 2 the A can fall on either
    honour), so its sure tricks are named by its highest cards, the ones that
    make them when the others' high spades fall on the lower ones."""
    ours = sorted((c for c in mine if c.is_spade), key=lambda c: -c.rank)
    theirs = {c.rank for c in others if c.is_spade}
    free = 0
    beaten: set[Card] = set()
    by_rank = {c.rank: c for c in ours}
    for rank in _RANKS_DOWN:
        if rank in theirs:
            free += 1
        elif rank in by_rank and free:
            free -= 1
            beaten.add(by_rank[rank])
    top: list[Card] = []
    for rank in _RANKS_DOWN:
        if rank not in by_rank:
            break
        top.append(by_rank[rank])
    rest = [c for c in ours if c not in top]
    unbeaten = [c for c in rest if c not in beaten]
    if not unbeaten:
        return top, (), 0, len(beaten)
    group = tuple(c for c in rest if c.rank >= unbeaten[-1].rank)
    return top, group, len(unbeaten), len(beaten)


def _spade_items(spades: tuple[Card, ...], values: Mapping[str, float]) -> tuple[list[BidReason], int]:
    """Items for the spades, and how many small spades are spare to ruff with.

    First the sure tricks: the spades in an unbroken run down from the ace, and
    with many spades the ones the others cannot all beat (see
    :func:`sure_spade_count`), named by the highest cards of the group that makes
    them (:func:`_spade_groups`). Then the other high spades as honours (the K and
    Q) and the other small spades by their place in the holding, highest first:
    the 1st and 2nd count nothing, the 3rd a little (it ruffs once a side suit
    runs out), the 4th and later as length winners. The small spades among the
    first three that are not sure are the spares that ruff short suits.

    A group's sure tricks and its cards' own values are the same tricks counted
    two ways (the K♠ of K Q 3 2 already counts the trick the A♠ cannot take from
    both honours), so the group counts the larger of the two, never their sum:
    its sure tricks, and what its other cards are worth beyond them, the lowest
    cards' length value going first into the sure tricks.

    >>> [(r.cards, r.value, r.sure) for r in _spade_items(Hand.parse("KQ32.864.T742.95").suit(Suit.SPADES), ITEM_VALUES)[0]]
    [('K♠', 1.0, True), ('Q♠', 0.5, False), ('3♠', 0.5, False), ('2♠', 0.5, False)]
    """
    n = len(spades)
    ranks = {c.rank for c in spades}
    outside = tuple(Card(rank, Suit.SPADES) for rank in Rank if rank not in ranks)
    top, group, sure, beaten = _spade_groups(spades, outside)
    draws = _draws(spades)
    plain: dict[Card, BidReason] = {}
    spare_cards: set[Card] = set()
    for place, card in enumerate(spades, start=1):
        if card in top:
            continue
        if card.rank == Rank.KING:
            plain[card] = _king_of_spades_item(n, values)
        elif card.rank == Rank.QUEEN:
            plain[card] = _queen_item(n, ranks, values)
        elif card.rank == Rank.JACK and Rank.QUEEN in ranks and place == 2:
            plain[card] = _jack_of_spades_item(n, values)
            if n == 2:
                spare_cards.add(card)
        else:
            if place <= 3:
                spare_cards.add(card)
            plain[card] = _length_item(card, place, draws, values) if place >= 3 else BidReason(card.pretty, 0.0, "")
    carriers = group[:sure]
    # What the group's other cards add beyond its sure tricks, given from the highest down.
    left = max(0.0, sum(plain[c].value for c in group) - sure)
    items: list[BidReason] = []
    spare = 0
    for place, card in enumerate(spades, start=1):
        if card in top:
            items.append(BidReason(card.pretty, 1.0, _sure_why(card, place, spades, beaten), sure=True))
        elif card in carriers:
            items.append(BidReason(card.pretty, 1.0, _group_why(card, group, sure, outside), sure=True))
        else:
            if card in spare_cards:
                spare += 1
            item = plain[card]
            if card in group:
                value = min(item.value, left)
                left -= value
                if value < item.value:
                    why = (
                        _("your {nth} spade: what it wins is already a sure trick counted on the {cards}: {worth}")
                        if value == 0
                        else _(
                            "your {nth} spade: part of what it wins is already a sure trick counted on the {cards}: "
                            "{worth}"
                        )
                    )
                    item = BidReason(
                        card.pretty,
                        value,
                        why.format(nth=_ordinal(place), cards=card_names(carriers), worth=_worth(value)),
                    )
            if item.why:
                items.append(item)
    # With five spades or more, the long ones are counted as winners once the others' spades are drawn,
    # and the others go to drawing them: none is left over to ruff a short suit.
    return items, (0 if draws else spare)


def _draws(spades: tuple[Card, ...]) -> bool:
    """Whether the hand can draw the others' spades: :data:`SPADES_TO_DRAW` spades or more, one of
    them a sure trick (with only small ones it ruffs with them instead)."""
    if len(spades) < SPADES_TO_DRAW:
        return False
    ranks = {c.rank for c in spades}
    outside = tuple(Card(rank, Suit.SPADES) for rank in Rank if rank not in ranks)
    top, _group, sure, _beaten = _spade_groups(spades, outside)
    return bool(top) or sure > 0


def _group_why(card: Card, group: tuple[Card, ...], sure: int, outside: tuple[Card, ...]) -> str:
    """Why a spade that is not sure by itself carries a sure trick of its group."""
    above = tuple(c for c in outside if c.rank > group[-1].rank)
    above = tuple(sorted(above, key=lambda c: -c.rank))
    return ngettext(
        "the others' higher spades ({above}) can take only one each of your {group}: {sure} of them wins "
        "whatever is played, a sure trick named by its highest card",
        "the others' higher spades ({above}) can take only one each of your {group}: {sure} of them win "
        "whatever is played, sure tricks named by their highest cards",
        sure,
    ).format(above=card_names(above), group=card_names(group), sure=sure)


def _sure_why(card: Card, place: int, spades: tuple[Card, ...], beaten: int) -> str:
    """Why a spade of the unbroken run down from the ace is a sure trick."""
    if card.rank == Rank.ACE:
        return _("the ace of spades is the highest card in the game: a sure trick")
    above = [c for c in spades if c.rank > card.rank]
    return _("with {cards} above it, nobody else holds a higher spade: a sure trick").format(
        cards=card_names(tuple(above))
    )


def _king_of_spades_item(n: int, values: Mapping[str, float]) -> BidReason:
    """The K♠ without the A♠ (with it, it is a sure trick)."""
    if n >= 3:
        value = values["K♠ with two or more spades"]
        return BidReason(
            card_face(Rank.KING, Suit.SPADES),
            value,
            _(
                "the king of spades with {count} other spades: you can play small spades under the ace "
                "and keep the king until the ace is gone: {worth}"
            ).format(count=n - 1, worth=_worth(value)),
        )
    if n == 2:
        value = values["K♠ with one spade"]
        return BidReason(
            card_face(Rank.KING, Suit.SPADES),
            value,
            _(
                "the king of spades with one other spade: if spades are led twice before the ace falls, "
                "the king must be played and the ace can take it: {worth}"
            ).format(worth=_worth(value)),
        )
    value = values["K♠ bare"]
    return BidReason(
        card_face(Rank.KING, Suit.SPADES),
        value,
        _("a bare king of spades can fall under the ace: {worth}").format(worth=_worth(value)),
    )


def _queen_item(n: int, ranks: set[Rank], values: Mapping[str, float]) -> BidReason:
    if n >= 3:
        value = values["Q♠ with two or more spades"]
        above = [card_face(r, Suit.SPADES) for r in (Rank.ACE, Rank.KING) if r in ranks]
        if above:
            why = _(
                "the queen of spades with your {cards} beside it wins if the missing honour goes first: {worth}"
            ).format(cards=join_and(above), worth=_worth(value))
        else:
            why = _("the queen of spades with {count} other spades can outlast the ace and king: {worth}").format(
                count=n - 1, worth=_worth(value)
            )
        return BidReason(card_face(Rank.QUEEN, Suit.SPADES), value, why)
    if n == 2:
        value = values["Q♠ with one spade"]
        return BidReason(
            card_face(Rank.QUEEN, Suit.SPADES),
            value,
            _("the queen of spades with one guard wins about half the time: {worth}").format(worth=_worth(value)),
        )
    value = values["Q♠ bare"]
    return BidReason(
        card_face(Rank.QUEEN, Suit.SPADES),
        value,
        _("a bare queen of spades is caught by the ace or king: {worth}").format(worth=_worth(value)),
    )


def _jack_of_spades_item(n: int, values: Mapping[str, float]) -> BidReason:
    """The J♠ just below the Q♠, with neither the A♠ nor the K♠ (with either, the spade groups count it)."""
    jack, queen = card_face(Rank.JACK, Suit.SPADES), card_face(Rank.QUEEN, Suit.SPADES)
    if n == 2:
        return BidReason(
            jack,
            0.0,
            _("with only the {queen} beside it, the ace and king of spades can catch both: {worth}").format(
                queen=queen, worth=_worth(0.0)
            ),
        )
    value = values["J♠ with the Q♠"]
    why = _(
        "the jack of spades backs up your {queen}: if the ace or king of spades falls on a small spade, "
        "one of the two is left high: {worth}"
    )
    return BidReason(jack, value, why.format(queen=queen, worth=_worth(value)))


def _short_spades_item(n: int, side_value: float, values: Mapping[str, float]) -> BidReason | None:
    """The cost of having almost no spades (side winners get ruffed and the hand
    never ruffs back), never more than the side winners it puts at risk."""
    if n > 1:
        return None
    full = -values["no spade" if n == 0 else "one spade"]
    cost = min(full, max(0.0, side_value))
    label = _("{suit} void").format(suit="♠") if n == 0 else _("{suit} singleton").format(suit="♠")
    what = (
        _("no spades: the opponents can ruff your winners and you can never ruff back")
        if n == 0
        else _("a single spade: the opponents can ruff your winners once it is gone")
    )
    if cost == 0:
        return BidReason(
            label, 0.0, _("{what}, but you hold no side winner for them to ruff: nothing taken off").format(what=what)
        )
    if cost == full:
        amount = _("{worth} less").format(worth=_worth(cost))
    else:
        amount = _("{worth} less (no more than your side-suit winners are worth)").format(worth=_worth(cost))
    return BidReason(label, -cost, _("{what}: {amount}").format(what=what, amount=amount))


def _length_item(card: Card, place: int, draws: bool, values: Mapping[str, float]) -> BidReason:
    """The value of a small spade by its place in the spade holding (3rd, 4th, ...); ``draws``: the
    holding draws the others' spades (:func:`_draws`)."""
    nth = _ordinal(place)
    if place == 3 and draws:
        value = values["3rd small spade"]
        why = _("your {nth} spade: it helps draw the others' spades, and may be high once they are gone: {worth}")
    elif place == 3:
        value = values["3rd small spade"]
        why = _("your {nth} spade: once a side suit runs out, a small spade ruffs it: {worth}")
    elif place == 4:
        value = values["4th small spade"]
        why = _("your {nth} spade: after three rounds of spades it may be the last one out: {worth}")
    else:
        value = values["5th and later small spade"]
        why = _("your {nth} spade: long spades win tricks once the others are gone: {worth}")
    why = why.format(nth=nth, worth=_worth(value))
    return BidReason(card.pretty, value, why)


def _ordinal(n: int) -> str:
    """``3rd``: a spade's place in the holding, as the language in use writes it."""
    words = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd")}
    return _(words[n]) if n in words else _("{n}th").format(n=n)


def _side_items(
    suit: Suit, cards: tuple[Card, ...], players: int, values: Mapping[str, float], draws: bool
) -> list[BidReason]:
    """The honours of a side suit, each valued with the cards held beside it, and its long cards
    (``draws``: the hand has the spades to draw the others', :data:`SPADES_TO_DRAW`)."""
    n = len(cards)
    ranks = {c.rank for c in cards}
    items: list[BidReason] = []
    # A long side suit is likely to be ruffed early (two-player games see it less).
    long_limit = 5 if seating_for(players).partnerships else 7
    if Rank.ACE in ranks:
        items.append(_side_ace_item(suit, n, long_limit, values))
    if Rank.KING in ranks:
        items.append(_side_king_item(suit, n, Rank.ACE in ranks, long_limit, values))
    if Rank.QUEEN in ranks:
        items.append(_side_queen_item(suit, n, ranks, long_limit, values))
    if Rank.JACK in ranks and {Rank.KING, Rank.QUEEN} <= ranks:
        items.append(_side_jack_item(suit, ranks, values))
    items.extend(_long_card_items(suit, cards, values, draws))
    return items


def _top_tricks(ranks: set[Rank]) -> int:
    """How many tricks a side suit's top cards win by themselves, barring ruffs: the unbroken run
    down from its highest card, less one for each higher card the others hold (K Q J: two)."""
    high = max(ranks)
    run = 1
    while high - run >= Rank.TWO and Rank(high - run) in ranks:
        run += 1
    return run - (Rank.ACE - high)


def _side_ace_item(suit: Suit, n: int, long_limit: int, values: Mapping[str, float]) -> BidReason:
    if n <= long_limit:
        value = values["ace"]
        why = (
            _("an ace usually wins its trick: likely, not sure, since a player out of the suit can ruff it")
            if value >= 1
            else _("an ace usually wins its trick, but a player out of the suit can ruff it: {worth}").format(
                worth=_worth(value)
            )
        )
    else:
        value = values["ace in a long suit"]
        why = _("an ace in a {count}-card suit may be ruffed: {worth}").format(count=n, worth=_worth(value))
    return BidReason(card_face(Rank.ACE, suit), value, why)


def _side_king_item(suit: Suit, n: int, ace: bool, long_limit: int, values: Mapping[str, float]) -> BidReason:
    label = card_face(Rank.KING, suit)
    if n == 1:
        value = values["king bare"]
        return BidReason(
            label, value, _("a bare king wins only if the ace is played before it: {worth}").format(worth=_worth(value))
        )
    if ace:
        if n <= 3:
            value = values["king with its ace"]
            why = _("a king beside your own ace is a second winner unless the suit is ruffed first: {worth}").format(
                worth=_worth(value)
            )
            return BidReason(label, value, why)
        value = values["king with its ace, 4 cards" if n == 4 else "king with its ace, 5 or more cards"]
        return BidReason(
            label,
            value,
            _("the king of a {count}-card {suit_one} suit may be ruffed before it wins: {worth}").format(
                count=n, suit_one=suit_one(suit), worth=_worth(value)
            ),
        )
    if n <= long_limit - 1:
        value = values["king with a guard"]
        return BidReason(
            label, value, _("a king with a guard wins once the ace is gone: {worth}").format(worth=_worth(value))
        )
    value = values["king in a long suit"]
    return BidReason(
        label, value, _("a king in a {count}-card suit may be ruffed: {worth}").format(count=n, worth=_worth(value))
    )


def _side_queen_item(suit: Suit, n: int, ranks: set[Rank], long_limit: int, values: Mapping[str, float]) -> BidReason:
    """A side queen, valued with what is held above it: under the A and K it is a third-round
    winner; beside the K it backs it up; under the A alone it wins when the K is played before it."""
    label = card_face(Rank.QUEEN, suit)
    ace, king = card_face(Rank.ACE, suit), card_face(Rank.KING, suit)
    if {Rank.ACE, Rank.KING} <= ranks and n > long_limit:
        value = values["queen in a long suit"]
        why = _(
            "with your {ace} {king} above it, the {card} is high the third time the suit is led, but in a "
            "{count}-card suit it is often ruffed by then: {worth}"
        )
    elif {Rank.ACE, Rank.KING} <= ranks:
        value = values["queen with its ace and king"]
        why = _(
            "with your {ace} {king} above it, the {card} is high the third time the suit is led, unless it is ruffed: {worth}"
        )
    elif Rank.KING in ranks:
        value = values["queen with its king"]
        why = _("the {ace} can take only one of your {king} {card}: the queen makes the king's trick likelier: {worth}")
    else:
        key = (
            "queen with two or three guards"
            if 3 <= n <= 4
            else ("queen with fewer guards" if n <= 2 else "queen in a long suit")
        )
        value = values[key]
        if Rank.ACE in ranks:
            why = _("with your {ace} above it, the {card} wins if the {king} is played before it: {worth}")
        elif 3 <= n <= 4:
            why = _("a queen with {guards} guards wins about half the time, once the ace and king are out: {worth}")
        elif n <= 2:
            why = _("a queen with fewer than two guards is usually caught by the ace or king: {worth}")
        else:
            why = _("a queen in a {count}-card suit wins only if the suit goes round three times unruffed: {worth}")
    return BidReason(
        label, value, why.format(card=label, ace=ace, king=king, count=n, guards=n - 1, worth=_worth(value))
    )


def _side_jack_item(suit: Suit, ranks: set[Rank], values: Mapping[str, float]) -> BidReason:
    """A side jack below the K and Q: the fourth winner of A K Q J, the second trick of K Q J."""
    label = card_face(Rank.JACK, suit)
    above = tuple(Card(r, suit) for r in (Rank.ACE, Rank.KING, Rank.QUEEN) if r in ranks)
    if Rank.ACE in ranks:
        value = values["jack with its ace, king and queen"]
        why = _(
            "with your {cards} above it, the {card} is high the fourth time the suit is led, unless it is ruffed: {worth}"
        )
    else:
        value = values["jack with its king and queen"]
        why = _(
            "the {ace} can take only one of your {cards} {card}: the other two win the second and third rounds, "
            "unless the suit is ruffed: {worth}"
        )
    return BidReason(
        label,
        value,
        why.format(card=label, cards=card_names(above), ace=card_face(Rank.ACE, suit), worth=_worth(value)),
    )


def _long_card_items(suit: Suit, cards: tuple[Card, ...], values: Mapping[str, float], draws: bool) -> list[BidReason]:
    """The 5th and later cards of a side suit whose top cards win two tricks or more (A K, K Q J):
    once the spades are drawn and the suit's higher cards are gone, they win by length."""
    if len(cards) < 5 or _top_tricks({c.rank for c in cards}) < 2:
        return []
    value = values["long side card, your spades draw theirs" if draws else "long side card"]
    why = (
        _(
            "your {nth} {suit_one}: your spades can draw the others', and once the higher {suit} are gone "
            "it wins by length: {worth}"
        )
        if draws
        else _(
            "your {nth} {suit_one}: it wins by length only once the spades are drawn and the higher {suit} "
            "are gone: {worth}"
        )
    )
    return [
        BidReason(
            card.pretty,
            value,
            why.format(nth=_ordinal(place), suit_one=suit_one(suit), suit=suit_words(suit), worth=_worth(value)),
        )
        for place, card in enumerate(cards, start=1)
        if place >= 5
    ]


def _ruff_items(hand: Hand, spare: int, values: Mapping[str, float], draws: bool = False) -> list[BidReason]:
    """Ruffing value of voids, singletons and doubletons, one spare spade each.
    A short suit with no spare spade left still gets a line, counted 0, that says why."""
    items: list[BidReason] = []
    spades = hand.count(Suit.SPADES)
    had_spare = spare > 0
    short = sorted(SIDE_SUITS, key=lambda s: (hand.count(s), s))
    for suit in short:
        n = hand.count(suit)
        if n > 2:
            continue
        if n == 0:
            label = _("{suit} void").format(suit=suit.symbol)
        elif n == 1:
            label = _("{card} singleton").format(card=hand.suit(suit)[0].pretty)
        else:
            label = _("{suit} doubleton").format(suit=suit.symbol)
        if spare <= 0:
            items.append(BidReason(label, 0.0, _no_ruff_why(suit, n, spades, used=had_spare, draws=draws)))
            continue
        if n == 0:
            value = values["void, first ruff" if spare >= 2 else "void, first ruff with one spare"]
            why = _("no {suit}: a spare spade ruffs the first {suit_one} led: {worth}").format(
                suit=suit_words(suit), suit_one=suit_one(suit), worth=_worth(value)
            )
            items.append(BidReason(label, value, why))
            spare -= 1
            if spare >= 2:
                value = values["void, second ruff"]
                why = _("no {suit} and spades to spare: a second ruff is likely: {worth}").format(
                    suit=suit_words(suit), worth=_worth(value)
                )
                items.append(BidReason(label, value, why))
                spare -= 1
        elif n == 1:
            value = values["singleton ruff" if spare >= 2 else "singleton ruff with one spare"]
            why = _("one {suit_one}: after it goes, a spare spade ruffs: {worth}").format(
                suit_one=suit_one(suit), worth=_worth(value)
            )
            items.append(BidReason(label, value, why))
            spare -= 1
        else:
            value = values["doubleton ruff"]
            why = _("two {suit}: a late ruff is possible with a spare spade: {worth}").format(
                suit=suit_words(suit), worth=_worth(value)
            )
            items.append(BidReason(label, value, why))
            spare -= 1
    return items


def _no_ruff_why(suit: Suit, n: int, spades: int, *, used: bool, draws: bool) -> str:
    short = {0: N_("no {suit}"), 1: N_("one {suit_one}"), 2: N_("two {suit}")}[n]
    held = _(short).format(suit=suit_words(suit), suit_one=suit_one(suit))
    if spades == 0:
        return _("{short}, but no spade to ruff with: no extra trick").format(short=held)
    if draws:
        return _(
            "{short}, but your {count} spades are needed to draw the others' spades and are counted as "
            "winners already: none is left over to ruff with, so no extra trick"
        ).format(short=held, count=spades)
    if used:
        return _("{short}, but your spare spades are already counted on a shorter suit: no extra trick").format(
            short=held
        )
    return _(
        "{short}, but no small spade to spare: your spades are counted as winners already, so a ruff adds no trick"
    ).format(short=held)


def count_hand(hand: HandLike, *, players: int = 4, values: Mapping[str, float] | None = None) -> tuple[BidReason, ...]:
    """The counted items of a 13-card hand (their values add up to the estimate).

    ``values`` replaces the item values (all the keys of :data:`ITEM_VALUES`, no
    others), for studies that compare countings; the advice always uses the table
    of its number of players: :data:`ITEM_VALUES`, or for two players
    :data:`~spades_teach.advice.two_player_values.TWO_PLAYER_ITEM_VALUES`.

    >>> print(next(r for r in count_hand("AKQ3.K52.7.A9842") if r.cards == "K♥"))
    K♥: 0.75 — a king with a guard wins once the ace is gone: three quarters of a trick
    """
    h = Hand.coerce(hand)
    if values is not None:
        return _count_items(h, players, _check_values(values))
    # The advice's own tables: each part of the count depends on one holding only, so
    # the parts are remembered by holding (in the language in use: they carry words).
    # Sampled hands rarely repeat whole, but their suit holdings do.
    table = ITEM_VALUES if seating_for(players).partnerships else TWO_PLAYER_ITEM_VALUES
    mask = h.mask
    language = get_language()
    spade_holding = mask & _SPADE_MASK
    items, spare = _remembered(table, (language, spade_holding), _spade_items_of, h, table)
    side: list[BidReason] = []
    spades = spade_holding.bit_count()
    draws = _remembered(table, ("draws", spade_holding), _draws, h.suit(Suit.SPADES))
    for suit in SIDE_SUITS:
        key = (language, players, suit, mask & _SUIT_MASK[suit], draws)
        side.extend(_remembered(table, key, _side_items_of, h, suit, players, table, draws))
    short = _short_spades_item(spades, sum(r.value for r in side), table)
    head = [short] if short is not None else []
    # The ruffs depend on the short suits (a singleton is named), the spades and the spares.
    shape = tuple(_short_suit_key(mask & _SUIT_MASK[suit]) for suit in SIDE_SUITS)
    ruffs = _remembered(table, (language, "ruffs", shape, spades, spare, draws), _ruff_items, h, spare, table, draws)
    return tuple(head + items + side + ruffs)


def _spade_items_of(h: Hand, table: Mapping[str, float]) -> tuple[list[BidReason], int]:
    return _spade_items(h.suit(Suit.SPADES), table)


def _side_items_of(h: Hand, suit: Suit, players: int, table: Mapping[str, float], draws: bool) -> list[BidReason]:
    return _side_items(suit, h.suit(suit), players, table, draws)


def _short_suit_key(holding: int) -> int:
    """What the ruff items see of a side suit: a singleton itself, else its length (3+ alike)."""
    n = holding.bit_count()
    return holding if n == 1 else -min(n, 3)


def _count_items(h: Hand, players: int, table: Mapping[str, float]) -> tuple[BidReason, ...]:
    """:func:`count_hand` with the item values ``table``, worked out in full."""
    spades = h.suit(Suit.SPADES)
    items, spare = _spade_items(spades, table)
    side: list[BidReason] = []
    draws = _draws(spades)
    for suit in SIDE_SUITS:
        side.extend(_side_items(suit, h.suit(suit), players, table, draws))
    short = _short_spades_item(len(spades), sum(r.value for r in side), table)
    head = [short] if short is not None else []
    return tuple(head + items + side + _ruff_items(h, spare, table, draws))


_SPADE_MASK = SUIT_MASKS[Suit.SPADES]
_SUIT_MASK = {suit: SUIT_MASKS[suit] for suit in Suit}

#: The parts of the count already worked out, by holding (see :func:`count_hand`); the
#: values are never changed once made (lists read only, frozen items).
_PARTS: dict[tuple[Any, ...], Any] = {}


def _remembered(table: Mapping[str, float], key: tuple[Any, ...], make: Callable[..., Any], *args: Any) -> Any:
    """``make(*args)``, remembered under ``key`` and the identity of the value ``table``."""
    full = (table is ITEM_VALUES, *key)
    found = _PARTS.get(full)
    if found is None:
        if len(_PARTS) > 150_000:
            _PARTS.clear()
        found = _PARTS[full] = make(*args)
    return found


def _check_values(values: Mapping[str, float]) -> Mapping[str, float]:
    missing = sorted(set(ITEM_VALUES) - set(values))
    unknown = sorted(set(values) - set(ITEM_VALUES))
    if missing or unknown:
        raise SpadesError(
            _("item values must name every item of the count: missing {missing}, unknown {unknown}").format(
                missing=missing, unknown=unknown
            )
        )
    return values
