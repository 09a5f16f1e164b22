"""The one sampler of unseen cards: a quick random deal (:func:`draw_deal`), the exact
deal when the voids leave little room (:func:`deal_by_suits`, :func:`deal_masks`), and
judging one card against another on the same sampled deals (:func:`clearly_better`).

Every bot that samples the hidden hands (the hard bot, the expert, the puzzles through
the expert) and the hand analysis deal them with :func:`draw_deal`: each card drawn at
random among the seats allowed to hold it. When the constraints are tight (several seats void in several
suits, few cards left) that quick draw can fail again and again although a deal
exists: the real one. :func:`deal_by_suits` is the exact fallback. Only a card's
suit matters to a void, so it searches, suit by suit, how many cards of that suit
each taker gets, in random order, remembering the room left that is known to fail;
then it hands out the cards of each suit at random.

>>> import random
>>> takers = deal_by_suits([0, 0, 1, 1], room=[2, 2], allowed=[0b01, 0b10], rng=random.Random(1))
>>> takers
[0, 0, 1, 1]
>>> deal_by_suits([0, 0], room=[1, 1], allowed=[0b01, 0b10], rng=random.Random(1)) is None
True
"""

from __future__ import annotations

import bisect
import math
import random
from collections.abc import Sequence

from spades_teach.game.cards import Card, Rank, Suit

__all__ = ["NIL_DANGER", "deal_by_suits", "deal_masks", "draw_deal", "nil_fit"]

#: The cards a live Nil bidder fits badly with: the four aces and the K♠ and Q♠ (as a mask).
NIL_DANGER = sum(Card(Rank.ACE, suit).mask for suit in Suit) | sum(
    Card(rank, Suit.SPADES).mask for rank in (Rank.KING, Rank.QUEEN)
)


def nil_fit(mask: int) -> float:
    """The one rule for the hand of a player who bid Nil, in every sampled deal: how well a hand
    (a card mask) fits the bid, from 0 to 1, each :data:`NIL_DANGER` card in it dividing the
    chance by five. The judge's and the expert's deals are drawn in proportion to it; the hard
    bot's quick draws keep a draw with that chance.

    >>> from spades_teach.game.cards import Hand
    >>> nil_fit(Hand.parse("AS 2H").mask), nil_fit(Hand.parse("3S 2H").mask)
    (0.2, 1.0)
    """
    return 0.2 ** (mask & NIL_DANGER).bit_count()


def draw_deal(
    cards: list[Card],
    *,
    room: Sequence[int],
    rng: random.Random,
    allowed: Sequence[int] | None = None,
) -> list[int] | None:
    """One random deal of ``cards`` (the unseen ones, shuffled in place by ``rng``) to
    takers that hold ``room[t]`` cards each: each taker's cards as a mask, or ``None``
    when the draw runs into a card no taker may hold (try again, or ask
    :func:`deal_masks`). Cards beyond ``sum(room)`` are the ones already gone (the
    two-player discards, or a history that was not given).

    ``allowed[t]`` is a bit mask of the suits taker ``t`` may hold (bit ``s``: suit
    ``s``; the voids shown). Cards that fewer takers may hold are placed first, each
    given to a taker with room for it (or left among the gone cards) with a chance in
    proportion to the room left: one ``rng.random()`` a card, the draw
    ``random.choices`` makes.

    Without ``allowed`` nothing is known that limits a taker (no voids):
    the shuffled cards are then cut in order, ``room[0]`` to the first taker and so on
    (the same chance for every deal, at one shuffle's cost).

    >>> from spades_teach.game.cards import Card
    >>> cards = [Card.parse(c) for c in ("AS", "KH", "QH", "2C")]
    >>> masks = draw_deal(cards, room=[2, 2], allowed=[0b1111, 0b0010], rng=random.Random(3))
    >>> masks is not None and masks[1] == Card.parse("KH").mask | Card.parse("QH").mask
    True
    >>> cut = draw_deal(list(cards), room=[1, 3], rng=random.Random(3))
    >>> [mask.bit_count() for mask in cut or []]
    [1, 3]
    """
    rng.shuffle(cards)
    if allowed is None:
        masks = []
        start = 0
        for n in room:
            mask = 0
            for card in cards[start : start + n]:
                mask |= card.mask
            masks.append(mask)
            start += n
        return masks
    takers = {suit: [t for t in range(len(room)) if allowed[t] >> suit & 1] for suit in range(4)}
    left = list(room)
    spare = len(cards) - sum(left)
    masks = [0] * len(left)
    random_ = rng.random
    for card in sorted(cards, key=lambda c: len(takers[c.suit])):
        allowing = [t for t in takers[card.suit] if left[t] > 0]
        cumulative: list[int] = []
        total = 0
        for t in allowing:
            total += left[t]
            cumulative.append(total)
        if spare > 0:
            allowing.append(-1)  # stands for "already gone"
            total += spare
            cumulative.append(total)
        if not allowing:
            return None
        pick = allowing[bisect.bisect(cumulative, random_() * total, 0, len(allowing) - 1)]
        if pick < 0:
            spare -= 1
        else:
            masks[pick] |= card.mask
            left[pick] -= 1
    return masks


def deal_by_suits(
    suits: Sequence[int], *, room: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[int] | None:
    """For each card (given by its suit number), the index of the taker that gets it,
    so that taker ``t`` gets exactly ``room[t]`` cards, all of suits in its bit mask
    ``allowed[t]`` (bit ``s`` set: it may hold suit ``s``); ``None`` if no such deal
    exists. ``sum(room)`` must equal the number of cards."""
    if sum(room) != len(suits):
        return None
    present = sorted(set(suits))
    counts = {s: suits.count(s) for s in present}
    failed: set[tuple[int, tuple[int, ...]]] = set()

    def place(i: int, left: tuple[int, ...]) -> list[tuple[int, ...]] | None:
        if i == len(present):
            return [] if not any(left) else None
        if (i, left) in failed:
            return None
        suit = present[i]
        for split in _splits(counts[suit], [left[t] if allowed[t] >> suit & 1 else 0 for t in range(len(room))], rng):
            rest = place(i + 1, tuple(a - b for a, b in zip(left, split, strict=True)))
            if rest is not None:
                return [split, *rest]
        failed.add((i, left))
        return None

    plan = place(0, tuple(room))
    if plan is None:
        return None
    takers: list[int] = [0] * len(suits)
    for suit, split in zip(present, plan, strict=True):
        places = [k for k, s in enumerate(suits) if s == suit]
        rng.shuffle(places)
        start = 0
        for taker, n in enumerate(split):
            for k in places[start : start + n]:
                takers[k] = taker
            start += n
    return takers


def deal_masks(
    cards: Sequence[Card], *, room: Sequence[int], allowed: Sequence[int], rng: random.Random
) -> list[int] | None:
    """:func:`deal_by_suits` for the bots: each taker's cards as a mask, ``room[t]`` of
    them, of suits in ``allowed[t]``. Cards beyond ``sum(room)`` (the two-player
    discards, or cards gone in a history that was not given) are left out, whatever
    their suit. ``None`` if no such deal exists.

    >>> from spades_teach.game.cards import Card
    >>> cards = [Card.parse(c) for c in ("AS", "KH", "2C")]
    >>> deal_masks(cards, room=[1, 1], allowed=[0b0001, 0b0010], rng=random.Random(0)) == [
    ...     Card.parse("AS").mask, Card.parse("KH").mask]
    True
    """
    spare = len(cards) - sum(room)
    if spare < 0:
        return None
    rooms = [*room, spare] if spare else list(room)
    allows = [*allowed, 0b1111] if spare else list(allowed)
    takers = deal_by_suits([card.suit for card in cards], room=rooms, allowed=allows, rng=rng)
    if takers is None:
        return None
    masks = [0] * len(room)
    for card, taker in zip(cards, takers, strict=True):
        if taker < len(room):
            masks[taker] |= card.mask
    return masks


def _splits(total: int, caps: list[int], rng: random.Random) -> list[tuple[int, ...]]:
    """Every way of sharing ``total`` cards among takers holding at most ``caps``
    cards each, in random order."""
    found: list[tuple[int, ...]] = []

    def go(k: int, rest: int, acc: tuple[int, ...]) -> None:
        if k == len(caps):
            if rest == 0:
                found.append(acc)
            return
        for n in range(min(rest, caps[k]) + 1):
            go(k + 1, rest - n, (*acc, n))

    go(0, total, ())
    rng.shuffle(found)
    return found


def clearly_better(new: Sequence[float], old: Sequence[float]) -> bool:
    """Whether ``new`` beats ``old`` on the same sampled deals (paired values) by more
    than the noise: a mean gain above one point and above one standard error.

    >>> clearly_better([12.0, 11.0, 13.0], [1.0, 2.0, 0.0]), clearly_better([5.0, -3.0], [0.0, 0.0])
    (True, False)
    """
    diffs = [a - b for a, b in zip(new, old, strict=True)]
    n = len(diffs)
    mean = sum(diffs) / n
    if mean <= 1.0:
        return False
    if n < 2:
        return True
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return bool(mean > math.sqrt(var / n))
