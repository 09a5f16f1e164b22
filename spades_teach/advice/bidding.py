"""Bid advice that shows its counting: :func:`advise_bid`.

The hand is counted card by card, the way the rule texts teach. First the sure
tricks, won whatever the other hands hold: the spades in an unbroken run down
from the ace, and with long spades the ones the others' spades cannot all beat
(:func:`sure_spade_count`). Only spades can be sure: a side ace can be ruffed.
Then the likely and possible tricks: aces, kings with
a guard, queens with enough guards (part of a trick), the high spades, the small
spades by their place in the holding (the third ruffs a little, the fourth and
later win by length), and ruffing value from short side suits when there are
small spades to spare. A side suit so long that its ace or king may be ruffed
counts for less. Every void, singleton and doubleton gets a line, counted 0
(with the reason) when no spare spade is left to ruff it; having no spade or a
single one costs part of a trick, never more than the side winners at risk, so
the count is never negative and never below the sure tricks. Every hand is
also checked for Nil.

The values (:data:`ITEM_VALUES`) are calibrated twice over. First against bot
playouts of thousands of seeded hands (:mod:`spades_teach.analysis.calibration`,
``benchmarks/calibration.py``); then against 400 whole deals played by four
expert bots (:mod:`spades_teach.analysis.expert_calibration`,
``benchmarks/expert_calibration.py``): fitted on half the deals, each change
kept only where the other half agreed, they now give the small spades from the
third on half a trick or three quarters, the Q♠ beside other spades and a king
beside its own ace less, and a short queen a quarter of a trick.
The bid is the count rounded down: since a set costs far more than a bag,
nothing is rounded up, and rounding down already keeps half a trick in hand on
average. Keeping more (:data:`SAFETY_MARGIN`) buys bags: over whole deals with
each bag charged its 10-point share of the penalty, a margin of 0 scored best
(``benchmarks/bidding.py``; the README has the figures).

>>> advice = advise_bid("AKQ3.K52.7.A9842")
>>> advice.bid, advice.estimate
(Bid(5), 5.25)
>>> [r.cards for r in advice.reasons if r.sure]
['A♠', 'K♠', 'Q♠']
>>> sum(item.value for item in advice.reasons) == advice.estimate
True
>>> advise_bid("3.J962.T8742.Q84").bid
Bid('nil')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any

from spades_teach.advice._words import number, suit_one, suit_words
from spades_teach.advice.two_player_values import TWO_PLAYER_ITEM_VALUES, TWO_PLAYER_SAFETY_MARGIN
from spades_teach.errors import ParseError, SpadesError
from spades_teach.game._bits import SUIT_MASKS
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, Hand, HandLike, Rank, Suit
from spades_teach.game.match import match_winner
from spades_teach.game.notation import rank_face
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import (
    UNKNOWN_BID,
    Side,
    check_bags_carried,
    coerce_side,
    reaches_target,
    score_if_made,
    side_of,
    sides_of,
)
from spades_teach.game.seating import Seat, SeatLike, seating_for, seating_of
from spades_teach.i18n import N_, _, get_language, join_and, ngettext, plural_count

__all__ = [
    "ITEM_VALUES",
    "SAFETY_MARGIN",
    "BidAdvice",
    "BidReason",
    "NIL_CHECKLIST",
    "NilAssessment",
    "NilCheck",
    "nil_checklist",
    "advise_bid",
    "count_hand",
    "assess_nil",
    "sure_spade_count",
]

_SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
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


@dataclass(frozen=True)
class NilCheck:
    """One item of the Nil checklist: the ``item`` checked (the same words for every
    hand), whether this hand passes it (``ok``) and a one-line ``line`` about this hand."""

    item: str
    ok: bool
    line: str

    def __str__(self) -> str:
        return _("{mark} {item}: {line}").format(mark="✓" if self.ok else "✗", item=self.item, line=self.line)


@dataclass(frozen=True)
class NilAssessment:
    """Whether the hand suits a Nil: ``risk`` (0 is ideal; above 1 is too risky),
    ``fits``, the ``dangers`` found, and the ``checklist`` by holding
    (:data:`NIL_CHECKLIST`'s items, each ok or not, one line each)."""

    fits: bool
    risk: float
    dangers: tuple[str, ...]
    checklist: tuple[NilCheck, ...] = ()

    @property
    def verdict(self) -> str:
        """Whether Nil fits, as a sentence of the language in use (never a bare ``True``)."""
        return _("Nil fits this hand.") if self.fits else _("Nil does not fit this hand.")

    @property
    def why(self) -> str:
        if self.fits:
            return (
                _("no high spade and low cards to play under in every suit")
                if not self.dangers
                else _("small risks only: {dangers}").format(dangers="; ".join(self.dangers))
            )
        return "; ".join(self.dangers)


@dataclass(frozen=True)
class BidAdvice:
    """The advised ``bid`` (0 = Nil), the ``estimate`` of tricks, the ``reasons``
    (their values add up to the estimate), a one-line ``summary``, the Nil check
    and the ``context`` notes that moved the bid away from the plain count."""

    bid: Bid
    estimate: float
    reasons: tuple[BidReason, ...]
    summary: str
    nil: NilAssessment
    context: tuple[str, ...] = ()

    def __str__(self) -> str:
        notes = (_("note: {note}").format(note=c) for c in self.context)
        lines = [self.summary, *(f"  {r}" for r in self.reasons), *(f"  {n}" for n in notes)]
        return "\n".join(lines)


def _names(cards: tuple[Card, ...]) -> str:
    return " ".join(c.pretty for c in cards)


#: Tricks taken off the count before rounding it down to a bid. Measured with
#: ``benchmarks/bidding.py`` (2,000 deals, each bag charged 10 points), margins of
#: 0.5, 0.25, 0 and -0.25 scored 36.0, 39.5, 40.8 and 34.8 points per team per hand: 0.
SAFETY_MARGIN = 0.0

#: What each item of the count is worth, in tricks: the one table of values the
#: count reads (a sure trick is always worth 1 and is not in it). Keys name the
#: item: a spade by its rank or its place in the holding, a side-suit honour by
#: its rank and company, a short side suit by the ruff it gives, and the cost of
#: holding almost no spades (negative). Calibrated with
#: ``benchmarks/expert_calibration.py`` (see the module docs).
ITEM_VALUES: Mapping[str, float] = MappingProxyType(
    {
        # spades that are not sure tricks
        N_("K♠ with another spade"): 1.0,
        N_("K♠ bare"): 0.5,
        N_("Q♠ with two or more spades"): 0.5,
        N_("Q♠ with one spade"): 0.5,
        N_("Q♠ bare"): 0.0,
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
    plain: dict[Card, BidReason] = {}
    spare_cards: set[Card] = set()
    for place, card in enumerate(spades, start=1):
        if card in top:
            continue
        if card.rank == Rank.KING:
            plain[card] = _king_of_spades_item(n, values)
        elif card.rank == Rank.QUEEN:
            plain[card] = _queen_item(n, ranks, values)
        else:
            if place <= 3:
                spare_cards.add(card)
            plain[card] = _length_item(card, place, values) if place >= 3 else BidReason(card.pretty, 0.0, "")
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
                        card.pretty, value, why.format(nth=_ordinal(place), cards=_names(carriers), worth=_worth(value))
                    )
            if item.why:
                items.append(item)
    return items, spare


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
    ).format(above=_names(above), group=_names(group), sure=sure)


def _sure_why(card: Card, place: int, spades: tuple[Card, ...], beaten: int) -> str:
    """Why a spade of the unbroken run down from the ace is a sure trick."""
    if card.rank == Rank.ACE:
        return _("the ace of spades is the highest card in the game: a sure trick")
    above = [c for c in spades if c.rank > card.rank]
    return _("with {cards} above it, nobody else holds a higher spade: a sure trick").format(cards=_names(tuple(above)))


def _king_of_spades_item(n: int, values: Mapping[str, float]) -> BidReason:
    """The K♠ without the A♠ (with it, it is a sure trick)."""
    if n >= 2:
        value = values["K♠ with another spade"]
        return BidReason(
            _face(Rank.KING, Suit.SPADES),
            value,
            _("the king of spades with another spade beside it wins once the ace is gone: {worth}").format(
                worth=_worth(value)
            ),
        )
    value = values["K♠ bare"]
    return BidReason(
        _face(Rank.KING, Suit.SPADES),
        value,
        _("a bare king of spades can fall under the ace: {worth}").format(worth=_worth(value)),
    )


def _queen_item(n: int, ranks: set[Rank], values: Mapping[str, float]) -> BidReason:
    if n >= 3:
        value = values["Q♠ with two or more spades"]
        above = [_face(r, Suit.SPADES) for r in (Rank.ACE, Rank.KING) if r in ranks]
        if above:
            why = _(
                "the queen of spades with your {cards} beside it wins if the missing honour goes first: {worth}"
            ).format(cards=join_and(above), worth=_worth(value))
        else:
            why = _("the queen of spades with {count} other spades can outlast the ace and king: {worth}").format(
                count=n - 1, worth=_worth(value)
            )
        return BidReason(_face(Rank.QUEEN, Suit.SPADES), value, why)
    if n == 2:
        value = values["Q♠ with one spade"]
        return BidReason(
            _face(Rank.QUEEN, Suit.SPADES),
            value,
            _("the queen of spades with one guard wins about half the time: {worth}").format(worth=_worth(value)),
        )
    value = values["Q♠ bare"]
    return BidReason(
        _face(Rank.QUEEN, Suit.SPADES),
        value,
        _("a bare queen of spades is caught by the ace or king: {worth}").format(worth=_worth(value)),
    )


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


def _length_item(card: Card, place: int, values: Mapping[str, float]) -> BidReason:
    """The value of a small spade by its place in the spade holding (3rd, 4th, ...)."""
    nth = _ordinal(place)
    if place == 3:
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


def _face(rank: Rank, suit: Suit) -> str:
    """A card as the language in use writes it (``K♠``; French ``R♠``)."""
    return Card(rank, suit).pretty


def _side_items(suit: Suit, cards: tuple[Card, ...], players: int, values: Mapping[str, float]) -> list[BidReason]:
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
        items.append(_side_queen_item(suit, n, values))
    return items


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
    return BidReason(_face(Rank.ACE, suit), value, why)


def _side_king_item(suit: Suit, n: int, ace: bool, long_limit: int, values: Mapping[str, float]) -> BidReason:
    label = _face(Rank.KING, suit)
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


def _side_queen_item(suit: Suit, n: int, values: Mapping[str, float]) -> BidReason:
    label = _face(Rank.QUEEN, suit)
    if 3 <= n <= 4:
        value = values["queen with two or three guards"]
        why = _("a queen with {guards} guards wins about half the time, once the ace and king are out: {worth}")
    elif n <= 2:
        value = values["queen with fewer guards"]
        why = _("a queen with fewer than two guards is usually caught by the ace or king: {worth}")
    else:
        value = values["queen in a long suit"]
        why = _("a queen in a {count}-card suit wins only if the suit goes round three times unruffed: {worth}")
    return BidReason(label, value, why.format(count=n, guards=n - 1, worth=_worth(value)))


def _ruff_items(hand: Hand, spare: int, values: Mapping[str, float]) -> list[BidReason]:
    """Ruffing value of voids, singletons and doubletons, one spare spade each.
    A short suit with no spare spade left still gets a line, counted 0, that says why."""
    items: list[BidReason] = []
    spades = hand.count(Suit.SPADES)
    had_spare = spare > 0
    short = sorted(_SIDE_SUITS, key=lambda s: (hand.count(s), s))
    for suit in short:
        n = hand.count(suit)
        if n > 2:
            continue
        if n == 0:
            label = _("{suit} void").format(suit=suit.symbol)
        elif n == 1:
            label = _("{suit} singleton").format(suit=f"{suit.symbol}{rank_face(hand.suit(suit)[0].rank)}")
        else:
            label = _("{suit} doubleton").format(suit=suit.symbol)
        if spare <= 0:
            items.append(BidReason(label, 0.0, _no_ruff_why(suit, n, spades, used=had_spare)))
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


def _no_ruff_why(suit: Suit, n: int, spades: int, *, used: bool) -> str:
    short = {0: N_("no {suit}"), 1: N_("one {suit_one}"), 2: N_("two {suit}")}[n]
    held = _(short).format(suit=suit_words(suit), suit_one=suit_one(suit))
    if spades == 0:
        return _("{short}, but no spade to ruff with: no extra trick").format(short=held)
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
    for suit in _SIDE_SUITS:
        key = (language, players, suit, mask & _SUIT_MASK[suit])
        side.extend(_remembered(table, key, _side_items_of, h, suit, players, table))
    spades = spade_holding.bit_count()
    short = _short_spades_item(spades, sum(r.value for r in side), table)
    head = [short] if short is not None else []
    # The ruffs depend on the short suits (a singleton is named), the spades and the spares.
    shape = tuple(_short_suit_key(mask & _SUIT_MASK[suit]) for suit in _SIDE_SUITS)
    ruffs = _remembered(table, (language, "ruffs", shape, spades, spare), _ruff_items, h, spare, table)
    return tuple(head + items + side + ruffs)


def _spade_items_of(h: Hand, table: Mapping[str, float]) -> tuple[list[BidReason], int]:
    return _spade_items(h.suit(Suit.SPADES), table)


def _side_items_of(h: Hand, suit: Suit, players: int, table: Mapping[str, float]) -> list[BidReason]:
    return _side_items(suit, h.suit(suit), players, table)


def _short_suit_key(holding: int) -> int:
    """What the ruff items see of a side suit: a singleton itself, else its length (3+ alike)."""
    n = holding.bit_count()
    return holding if n == 1 else -min(n, 3)


def _count_items(h: Hand, players: int, table: Mapping[str, float]) -> tuple[BidReason, ...]:
    """:func:`count_hand` with the item values ``table``, worked out in full."""
    spades = h.suit(Suit.SPADES)
    items, spare = _spade_items(spades, table)
    side: list[BidReason] = []
    for suit in _SIDE_SUITS:
        side.extend(_side_items(suit, h.suit(suit), players, table))
    short = _short_spades_item(len(spades), sum(r.value for r in side), table)
    head = [short] if short is not None else []
    return tuple(head + items + side + _ruff_items(h, spare, table))


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


def assess_nil(hand: HandLike) -> NilAssessment:
    """Check a hand for Nil: no A♠ or K♠, few and low spades, no unguarded high
    card in a side suit, low cards to play under."""
    h = Hand.coerce(hand)
    dangers: list[str] = []
    risk = 0.0
    spades = h.suit(Suit.SPADES)
    top = {c.rank for c in spades}
    if Rank.ACE in top or Rank.KING in top:
        risk += 10
        if Rank.ACE in top:
            dangers.append(_("the {ace} is sure to win a trick").format(ace=_face(Rank.ACE, Suit.SPADES)))
        else:
            dangers.append(
                _("the {king} wins a trick unless the {ace} falls on it").format(
                    king=_face(Rank.KING, Suit.SPADES), ace=_face(Rank.ACE, Suit.SPADES)
                )
            )
    if Rank.QUEEN in top:
        risk += 2.5
        dangers.append(_("the {queen} is likely to win a trick").format(queen=_face(Rank.QUEEN, Suit.SPADES)))
    high_spades = [c for c in spades if Rank.NINE <= c.rank <= Rank.JACK]
    if high_spades:
        risk += 0.75 * len(high_spades)
        dangers.append(_("high spades ({cards}) may be forced to win").format(cards=_names(tuple(high_spades))))
    if len(spades) >= 4:
        risk += 2.0 + (len(spades) - 4)
        dangers.append(_("{count} spades: the last ones win when the others are gone").format(count=len(spades)))
    for suit in _SIDE_SUITS:
        cards = h.suit(suit)
        n = len(cards)
        if not cards:
            continue
        ranks = [c.rank for c in cards]
        if Rank.ACE in ranks:
            risk += 2.5 if n <= 3 else 1.5
            dangers.append(
                _("the {card} wins when {suit} are led").format(card=_face(Rank.ACE, suit), suit=suit_words(suit))
            )
        if Rank.KING in ranks and n <= 2:
            risk += 1.5
            dangers.append(_("the {card} has little cover").format(card=_face(Rank.KING, suit)))
        elif Rank.KING in ranks:
            risk += 0.5
        if Rank.QUEEN in ranks and n <= 2:
            risk += 0.75
            dangers.append(_("the {card} has little cover").format(card=_face(Rank.QUEEN, suit)))
        lowest = min(ranks)
        if lowest >= Rank.EIGHT:
            risk += 1.0
            dangers.append(
                _("no low {suit_one} to play under ({cards})").format(suit_one=suit_one(suit), cards=_names(cards))
            )
        elif lowest >= Rank.SIX:
            risk += 0.25
        if n >= 6:
            risk += 0.5
            dangers.append(
                _("{count} {suit}: the last of them may be left high").format(count=n, suit=suit_words(suit))
            )
    fits = risk <= 1.0
    return NilAssessment(fits, risk, tuple(dangers), nil_checklist(h))


#: The Nil checklist, by holding: the items :func:`nil_checklist` checks, in order.
NIL_CHECKLIST = (
    N_("no A♠ or K♠"),
    N_("no Q♠"),
    N_("spades 8 or lower"),
    N_("three spades at most"),
    N_("no side ace"),
    N_("no side king"),
    N_("no side queen with two cards or fewer"),
    N_("a low card (5 or lower) in every side suit"),
    N_("no side suit of six or more"),
)


def nil_checklist(hand: HandLike) -> tuple[NilCheck, ...]:
    """The Nil checklist for ``hand``: each item of :data:`NIL_CHECKLIST`, ok or not,
    with one line about this hand. Each item is one of the dangers
    :func:`assess_nil` weighs: a hand that passes every item fits a Nil, and one
    that fails only a small item (a side king with three cards beside it, a lowest
    card of 6 or 7, one middle spade) may still fit.

    >>> for check in nil_checklist("3.J962.T8742.Q84"):
    ...     print(check)
    ✓ no A♠ or K♠: no spade is sure to win a trick
    ✓ no Q♠: no spade likely to win a trick
    ✓ spades 8 or lower: the 3♠ can play under most spades
    ✓ three spades at most: 1 spade
    ✓ no side ace: no side ace to win a trick
    ✓ no side king: no side king
    ✓ no side queen with two cards or fewer: the Q♣ has 2 cards beside it
    ✓ a low card (5 or lower) in every side suit: 2♥, 2♦, 4♣
    ✓ no side suit of six or more: the longest side suit has 5 cards
    """
    h = Hand.coerce(hand)
    spades = h.suit(Suit.SPADES)
    ranks = {c.rank for c in spades}
    top = tuple(c for c in spades if c.rank >= Rank.KING)
    middle = tuple(c for c in spades if Rank.NINE <= c.rank <= Rank.JACK)
    item = [_(words) for words in NIL_CHECKLIST]
    ace, king, queen = (_face(r, Suit.SPADES) for r in (Rank.ACE, Rank.KING, Rank.QUEEN))
    checks = [
        NilCheck(
            item[0],
            not top,
            _("no spade is sure to win a trick")
            if not top
            else ngettext("the {cards} will win a trick", "the {cards} will each win a trick", len(top)).format(
                cards=_names(top)
            ),
        ),
        NilCheck(
            item[1],
            Rank.QUEEN not in ranks,
            _("no spade likely to win a trick")
            if Rank.QUEEN not in ranks
            else _("the {queen} wins unless the {ace} or {king} covers it").format(queen=queen, ace=ace, king=king),
        ),
        NilCheck(
            item[2],
            not middle,
            _("the {cards} may be forced to win").format(cards=_names(middle))
            if middle
            else (
                _("the {cards} can play under most spades").format(cards=_names(spades))
                if spades
                else _("no spades at all")
            ),
        ),
        NilCheck(
            item[3],
            len(spades) <= 3,
            ngettext("{count} spade", "{count} spades", len(spades)).format(count=len(spades)),
        ),
    ]
    side = {suit: h.suit(suit) for suit in _SIDE_SUITS}
    aces = [
        ngettext("the {card} ({count} card in the suit)", "the {card} ({count} cards in the suit)", len(cards)).format(
            card=_face(Rank.ACE, suit), count=len(cards)
        )
        for suit, cards in side.items()
        if any(c.rank == Rank.ACE for c in cards)
    ]
    checks.append(
        NilCheck(
            item[4],
            not aces,
            _("{aces} wins when the suit is led").format(aces="; ".join(aces))
            if aces
            else _("no side ace to win a trick"),
        )
    )
    kings = [
        (
            _("the {card} with little cover")
            if len(cards) <= 2
            else ngettext(
                "the {card} with {count} card beside it: a small risk",
                "the {card} with {count} cards beside it: a small risk",
                len(cards) - 1,
            )
        ).format(card=_face(Rank.KING, suit), count=len(cards) - 1)
        for suit, cards in side.items()
        if any(c.rank == Rank.KING for c in cards)
    ]
    checks.append(NilCheck(item[5], not kings, "; ".join(kings) if kings else _("no side king")))
    queens = [(suit, cards) for suit, cards in side.items() if any(c.rank == Rank.QUEEN for c in cards)]
    bare = [_face(Rank.QUEEN, suit) for suit, cards in queens if len(cards) <= 2]
    checks.append(
        NilCheck(
            item[6],
            not bare,
            _("the {cards} with little cover").format(cards=", ".join(bare))
            if bare
            else "; ".join(
                ngettext(
                    "the {card} has {count} card beside it", "the {card} has {count} cards beside it", len(cards) - 1
                ).format(card=_face(Rank.QUEEN, suit), count=len(cards) - 1)
                for suit, cards in queens
            )
            or _("no side queen"),
        )
    )
    lows = []
    missing = []
    for suit, cards in side.items():
        if not cards:
            lows.append(_("no {suit}").format(suit=suit_words(suit)))
            continue
        lowest = min(cards, key=lambda c: c.rank)
        lows.append(lowest.pretty)
        if lowest.rank >= Rank.SIX:
            missing.append(_("{suit} (lowest {card})").format(suit=suit_words(suit), card=lowest.pretty))
    checks.append(
        NilCheck(
            item[7],
            not missing,
            _("no low card to play under in {suits}").format(suits=join_and(missing)) if missing else ", ".join(lows),
        )
    )
    longest = max(len(cards) for cards in side.values())
    checks.append(
        NilCheck(
            item[8],
            longest < 6,
            ngettext(
                "the longest side suit has {count} card", "the longest side suit has {count} cards", longest
            ).format(count=longest),
        )
    )
    return tuple(checks)


# -- the advice -----------------------------------------------------------------------------------


def _read_bids(bids: Mapping[Any, BidLike] | None) -> dict[Seat, Bid]:
    out: dict[Seat, Bid] = {}
    for key, value in (bids or {}).items():
        try:
            out[Seat.coerce(key)] = Bid.coerce(value)
        except ParseError as exc:
            raise ParseError(_("bids: {error}").format(error=exc)) from None
    return out


def _side_values(values: Mapping[Any, int] | None, rules: Rules) -> dict[Side, int]:
    out: dict[Side, int] = {side: 0 for side in sides_of(rules)}
    for key, value in (values or {}).items():
        out[coerce_side(key, rules)] = int(value)
    return out


def _margin(rules: Rules) -> float:
    """Tricks taken off the count before rounding down: :data:`SAFETY_MARGIN`, or
    for two players :data:`~spades_teach.advice.two_player_values.TWO_PLAYER_SAFETY_MARGIN`."""
    return SAFETY_MARGIN if seating_of(rules).partnerships else TWO_PLAYER_SAFETY_MARGIN


def _floor(x: float) -> int:
    return math.floor(x + 1e-9)


def advise_bid(
    hand: HandLike,
    *,
    seat: SeatLike = "S",
    bids: Mapping[Any, BidLike] | None = None,
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
    rules: Rules = Rules(),
) -> BidAdvice:
    """Advise a bid for a 13-card ``hand`` at ``seat``, given the ``bids`` already
    made, the match ``scores`` and ``bags`` (side → value) and the ``rules``.

    >>> advise_bid("AKQ3.K52.7.A9842", bids={"N": 0}).context[0]
    'your partner bid Nil: counting a little higher, since you will take the tricks they must not'
    """
    try:
        h = Hand.dealt(hand)
        me = Seat.coerce(seat)
    except ParseError as exc:
        raise ParseError(str(exc)) from None
    made = _read_bids(bids)
    score = _side_values(scores, rules)
    bag_count = _side_values(bags, rules)
    for side, carried in bag_count.items():
        check_bags_carried(carried, side, rules)
    reasons = count_hand(h, players=rules.players)
    estimate = sum(r.value for r in reasons)
    nil = assess_nil(h)
    context: list[str] = []
    score_blind: set[str] = set()  # the notes judged by bags or the table's total, which the score overrides

    mine = side_of(me, rules)
    theirs = next(s for s in sides_of(rules) if s != mine)
    behind = score[theirs] - score[mine]
    seating = seating_of(rules)
    partner = seating.partner(me)
    partner_bid = made.get(partner) if partner is not None else None
    partner_nil = partner_bid is not None and partner_bid.is_nil

    # How to round: down by default (a set costs far more than a bag).
    cushion = 0.0
    if partner_nil:
        cushion += 0.5
        context.append(
            _("your partner bid Nil: counting a little higher, since you will take the tricks they must not")
        )
    near_limit = bag_count[mine] >= rules.bag_limit - 3
    if near_limit and not partner_nil:
        cushion += 0.5
        note = _("{count} bags already: bid your full count so extra tricks do not become bags").format(
            count=bag_count[mine]
        )
        context.append(note)
        score_blind.add(note)
    margin = _margin(rules)
    planned = _floor(estimate - margin)
    others = [int(b) for s, b in made.items() if s != me]
    if seating.partnerships and len(others) == len(seating.seats) - 1:
        total = sum(others) + planned
        if total <= 9:
            cushion += 0.5
            note = _("the table has bid only {total}: tricks will be left over, so bid your full count").format(
                total=sum(others)
            )
            context.append(note)
            score_blind.add(note)
        elif total >= 13:
            cushion -= 0.25
            note = _("the table has bid {total} already: tricks will be scarce, so stay low").format(total=sum(others))
            context.append(note)
            score_blind.add(note)
    their_route = _their_route(made, score[theirs], me, rules)
    if their_route is None and behind >= 150:
        cushion += 0.25
        context.append(_("you are {points} points behind: take a little more risk").format(points=behind))
    bid_value = max(0, _floor(estimate - margin + cushion))
    if their_route is not None:
        # The end of the match: the score, not the count's safety, decides the bid.
        route, their_total, known = their_route
        context = [n for n in context if n not in score_blind]
        bid_value = _floor(estimate - margin)
        stop = 14 - their_total - (int(partner_bid) if partner_bid is not None and not partner_nil else 0)
        # Both sides may pass the target in this hand: then the higher score wins (the
        # match's own end rule), so out-scoring them is a second route besides a set.
        ours_bid = bid_value + (UNKNOWN_BID if partner_bid is None else (0 if partner_nil else int(partner_bid)))
        ours = score_if_made(score[mine], ours_bid, rules, bags_carried=bag_count[mine])
        theirs_made = score_if_made(score[theirs], their_total, rules, bags_carried=bag_count[theirs])
        if bid_value > 0 and match_winner({mine: ours, theirs: theirs_made}, rules) == mine:
            context.append(
                _(
                    "the opponents reach {target} if they make their bid ({route}), but making your count "
                    "brings your side to {ours}: when both sides pass {target} the higher score wins, so bid "
                    "your count, {bid}: out-scoring them wins the match as well as a set"
                ).format(target=rules.target, route=route, ours=ours, bid=bid_value)
            )
        elif known and partner_bid is not None and 1 <= stop <= math.ceil(estimate) + 1 and stop != bid_value:
            context.append(
                _(
                    "the opponents reach {target} if they make their bid ({route}): bid to the score, {stop}, "
                    "so that your side's {tricks} tricks leave them short; only a set stops them"
                ).format(target=rules.target, route=route, stop=stop, tricks=14 - their_total)
            )
            bid_value = stop
        else:
            context.append(
                _(
                    "the opponents reach {target} if they make their bid ({route}) and making your count does "
                    "not put your side ahead of them: bid your count and fight for every trick, since only a "
                    "set stops them"
                ).format(target=rules.target, route=route)
            )
    elif partner_bid is not None and not partner_nil and seating.partnerships:
        their_bid = sum(
            UNKNOWN_BID if made.get(seat) is None else int(made[seat])
            for seat in seating.seats
            if seat != me and seat != partner
        )
        theirs_made = score_if_made(score[theirs], their_bid, rules, bags_carried=bag_count[theirs])
        enough = _enough_to_win(
            score[mine], int(partner_bid), bag_count[mine], bid_value, rules, (mine, theirs, theirs_made)
        )
        if enough is not None and enough < bid_value:
            context = [n for n in context if n not in score_blind]
            context.append(
                _(
                    "{together} between you reaches {target}: bid to the score, "
                    "{enough} is enough to win the match and safer than {count}"
                ).format(together=enough + int(partner_bid), target=rules.target, enough=enough, count=bid_value)
            )
            bid_value = enough

    # Nil: recommended when it fits, unless the partner already bid Nil.
    nil_ok = rules.nil and not partner_nil
    nil_limit = 1.0 + (1.0 if behind >= 150 else 0.0) - (0.5 if behind < -150 else 0.0)
    choose_nil = nil_ok and nil.risk <= nil_limit and estimate < 2.5
    blind = False
    if (
        rules.blind_nil
        and not partner_nil
        and behind >= max(rules.blind_nil_deficit, 1)
        and (behind >= 200 or score[theirs] >= rules.target - 100)
        and nil.risk <= 4.0
        and estimate < 3
    ):
        blind = True
        choose_nil = True

    if choose_nil:
        bid = Bid(0, blind=blind)
    else:
        bid = Bid(min(13, bid_value))
        if int(bid) == 0:
            # A count below one trick without a Nil-worthy hand: bid the smallest number.
            bid = Bid(1)
            if not rules.nil:
                context.append(_("the count leaves less than one trick and Nil is not allowed, so the smallest bid, 1"))
            else:
                context.append(
                    _("the count leaves less than one trick but the hand is not safe for Nil, so the smallest bid, 1")
                )
    if rules.min_team_bid and seating.partnerships and not bid.is_nil and partner_bid is not None and not partner_nil:
        needed = rules.min_team_bid - int(partner_bid)
        if int(bid) < needed:
            context.append(
                _("the team must bid at least {minimum} together: raised to {bid}").format(
                    minimum=rules.min_team_bid, bid=needed
                )
            )
            bid = Bid(min(13, needed))

    summary = _summary(bid, estimate, reasons, nil, rules, partner_nil, context)
    return BidAdvice(bid, estimate, reasons, summary, nil, tuple(context))


def _their_route(made: Mapping[Seat, Bid], their_score: int, me: Seat, rules: Rules) -> tuple[str, int, bool] | None:
    """How the opponents reach the target this hand by making their bid: the sum in
    words, their total bid and whether both bids are known; ``None`` when they do not
    reach it (a seat yet to bid counts 3, an average bid)."""
    seating = seating_of(rules)
    if not seating.partnerships:
        return None
    opponents = [s for s in seating.seats if s != me and s != seating.partner(me)]
    total = 0
    for seat in opponents:
        bid = made.get(seat)
        total += UNKNOWN_BID if bid is None else int(bid)
    if total == 0 or not reaches_target(their_score, total, rules):
        return None
    known = all(seat in made for seat in opponents)
    sum_line = _("{score} + {total} bid × 10 = {result}") if known else _("{score} + about {total} × 10 = {result}")
    return (
        sum_line.format(score=their_score, total=total, result=score_if_made(their_score, total, rules)),
        total,
        known,
    )


def _enough_to_win(
    my_score: int, partner: int, bags: int, count: int, rules: Rules, opponents: tuple[Side, Side, int]
) -> int | None:
    """The smallest bid (at least 1, at most ``count``) with which the side wins the
    match when it makes its contract, even if every trick of the count beyond the
    bid is a bag, and the opponents make theirs (``opponents``: our side, theirs and
    their score if they make their bid): the match's own end rule decides, so where
    both sides pass the target the bid must also keep the side ahead. ``None`` when
    no such bid wins."""
    mine, theirs, their_score = opponents
    for bid in range(1, count + 1):
        ours = score_if_made(my_score, partner + bid, rules, overtricks=count - bid, bags_carried=bags)
        if match_winner({mine: ours, theirs: their_score}, rules) == mine:
            return bid
    return None


def _counting(estimate: float, reasons: tuple[BidReason, ...]) -> str:
    """The count as a learner says it: the sure tricks by name, then about how
    many more from which other cards and features."""
    sure = [r for r in reasons if r.sure]
    others = list(dict.fromkeys(r.cards for r in reasons if not r.sure and r.value > 0))
    rest = estimate - len(sure)
    if sure:
        names = " ".join(r.cards for r in sure)
        if rest > 0 and others:
            return ngettext(
                "{count} sure trick ({cards}), about {rest} more from {others}",
                "{count} sure tricks ({cards}), about {rest} more from {others}",
                len(sure),
            ).format(count=len(sure), cards=names, rest=number(rest), others=", ".join(others))
        return ngettext("{count} sure trick ({cards})", "{count} sure tricks ({cards})", len(sure)).format(
            count=len(sure), cards=names
        )
    if estimate > 0 and others:
        return _("no sure trick, about {estimate} from {others}").format(
            estimate=number(estimate), others=", ".join(others)
        )
    return _("no sure trick and nothing likely to win")


def _summary(
    bid: Bid,
    estimate: float,
    reasons: tuple[BidReason, ...],
    nil: NilAssessment,
    rules: Rules,
    partner_nil: bool,
    context: list[str],
) -> str:
    if bid.blind:
        return ngettext(
            "bid blind Nil — a gamble for 200 points that only makes sense this far behind; "
            "the cards count {estimate} trick",
            "bid blind Nil — a gamble for 200 points that only makes sense this far behind; "
            "the cards count {estimate} tricks",
            plural_count(estimate),
        ).format(estimate=number(estimate))
    if bid.is_nil:
        return ngettext(
            "bid Nil: {why} (the cards count only {estimate} trick)",
            "bid Nil: {why} (the cards count only {estimate} tricks)",
            plural_count(estimate),
        ).format(why=nil.why, estimate=number(estimate))
    why_not_nil = ""
    if partner_nil:
        why_not_nil = _("; no Nil, since your partner already bid one")
    elif rules.nil and estimate < 2.5 and not nil.fits:
        why_not_nil = _("; not Nil: {why}").format(why=nil.dangers[0] if nil.dangers else _("too risky"))
    counted = _counting(estimate, reasons)
    margin = _margin(rules)
    planned = _floor(estimate - margin)
    shown = {"estimate": number(estimate), "margin": number(margin), "bid": int(bid), "planned": planned}
    if int(bid) == planned:
        if estimate - margin == int(bid):
            how = _(", bid {bid}") if not margin else _(": {estimate} in all, less {margin} for two players: bid {bid}")
        elif margin:
            how = _(": {estimate} in all, less {margin} for two players, rounded down to bid {bid}")
        else:
            how = _(": {estimate} in all, rounded down to bid {bid} (a set costs far more than a bag)")
    else:
        fallback = _("to play safe") if int(bid) < planned else _("to take a little more risk")
        shown["notes"] = "; ".join(context) if context else fallback
        how = _(": {estimate} in all, but bid {bid} rather than {planned}: {notes}")
    # The summary's three parts, each a translated clause: the count, the bid, and why not Nil.
    return counted + how.format(**shown) + why_not_nil
