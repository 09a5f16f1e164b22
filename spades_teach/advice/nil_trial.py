"""A Nil tried at the table: :func:`nil_trial` deals the 39 unseen cards many times, lets the
other three seats bid their count, and plays each deal out with every seat on the medium policy
(:func:`~spades_teach.advice.play.decide`, from what that seat alone sees), the Nil bidder's
partner covering and the opponents trying to set it. It counts the deals where the Nil held.

It is the one Nil simulation of the package: the bid advice asks it about a hand whose Nil
checklist is borderline (:func:`~spades_teach.advice.bidding.advise_bid`), and the *Nil or not?*
drill shows its figure. Each deal draws from its own seeded generator, so the same hand gives the
same answer everywhere, the browser's Python included.

>>> nil_trial("T92.6543.7542.83")
NilTrial(held=48, samples=60)
>>> nil_trial("A52.8643.T742.95", samples=8).held  # the A♠ wins a trick whatever is played
0
"""

from __future__ import annotations

import functools
import random
from typing import NamedTuple

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.nil_check import NIL_FITS, NIL_MAX_COUNT, nil_risk
from spades_teach.advice.playout import PlayoutViews, play_out
from spades_teach.errors import SpadesError
from spades_teach.game._bits import FULL_DECK_MASK
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Hand, HandLike
from spades_teach.game.kernel import Playout, first_leader, two_of_clubs_leads
from spades_teach.game.rules import Rules
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _

__all__ = ["ADVICE_NIL_SAMPLES", "NIL_TRIAL_HOLDS", "NIL_TRIAL_SAMPLES", "NilTrial", "counted_bid", "nil_trial"]

#: Deals a Nil is tried on by default.
NIL_TRIAL_SAMPLES = 60
#: Deals the bid advice tries a borderline Nil on: fewer, to answer at once (in the browser too).
ADVICE_NIL_SAMPLES = 40
#: The share of deals a borderline Nil must hold for the advice to bid it: two in three. A Nil
#: scores about 200 × share − 100 points, and the bid of 1 it replaces (a count under one trick)
#: about 10, so two in three keeps a margin over the break-even of about 55% for the sampling
#: noise (±7% at 40 deals) and the partner's play, which a Nil bends.
NIL_TRIAL_HOLDS = 2 / 3
#: The Nil bidder sits South; West deals, so North leads first (under the usual first lead).
_NIL_SEAT = Seat.S
_DEALER = Seat.W


class NilTrial(NamedTuple):
    """How many of ``samples`` deals the Nil ``held`` (the Nil bidder took no trick)."""

    held: int
    samples: int

    @property
    def share(self) -> float:
        return self.held / self.samples if self.samples else 0.0

    @property
    def holds_enough(self) -> bool:
        """Whether the Nil held often enough to bid it (:data:`NIL_TRIAL_HOLDS`)."""
        return self.share >= NIL_TRIAL_HOLDS

    def verdict(self) -> str:
        """The trial in one line for the learner, in the language in use."""
        if self.holds_enough:
            line = _(
                "a close call, tried at the table: on {count} deals the Nil held on {held}, often enough to bid it"
            )
        else:
            line = _(
                "a close call, tried at the table: on {count} deals the Nil held on only {held}, too seldom to bid it"
            )
        return line.format(count=self.samples, held=self.held)


def nil_trial(
    hand: HandLike, *, samples: int = NIL_TRIAL_SAMPLES, seed: int | str = 0, rules: Rules = Rules()
) -> NilTrial:
    """Try a Nil with the 13-card ``hand`` on ``samples`` deals of the other 39 cards (see the
    module docs). Four-player rules only: a two-player Nil has no partner to cover it."""
    mine = Hand.coerce(hand)
    if len(mine) != 13:
        raise SpadesError(
            _("a Nil is tried with 13 cards, got {count} in {hand}").format(count=len(mine), hand=repr(str(mine)))
        )
    if not seating_of(rules).partnerships:
        raise SpadesError(_("a Nil is tried at a table of four, not under two-player rules"))
    if samples < 1:
        raise SpadesError(_("a Nil is tried on at least one deal, not {count}").format(count=samples))
    return _tried(mine.mask, samples, str(seed), rules)


@functools.lru_cache(maxsize=256)
def _tried(mask: int, samples: int, seed: str, rules: Rules) -> NilTrial:
    rest = [1 << i for i in range(52) if (FULL_DECK_MASK & ~mask) >> i & 1]
    held = sum(_held(mask, rest, random.Random(f"spades_teach/nil/{mask}/{seed}/{k}"), rules) for k in range(samples))
    return NilTrial(held, samples)


def _held(mask: int, rest: list[int], rng: random.Random, rules: Rules) -> bool:
    """One deal: the unseen cards shuffled to North, East and West, played out; whether South took no trick."""
    cards = list(rest)
    rng.shuffle(cards)
    hands = [0, 0, 0, 0]
    for seat, start in ((Seat.N, 0), (Seat.E, 13), (Seat.W, 26)):
        for bit in cards[start : start + 13]:
            hands[seat] |= bit
    hands[_NIL_SEAT] = mask
    bids: list[Bid | None] = [counted_bid(hands[seat]) for seat in range(4)]
    bids[_NIL_SEAT] = Bid(0)
    views = PlayoutViews(me=int(_NIL_SEAT), bids=bids, scores=(0, 0), bags=(0, 0), rules=rules)
    sim = Playout(
        hands,
        rules=rules,
        leader=int(first_leader(hands, _DEALER, rules)),
        two_clubs_pending=two_of_clubs_leads(rules, 0, 0),
    )
    play_out(sim, views, [0, 0, 0, 0])
    return sim.won[_NIL_SEAT] == 0


def counted_bid(mask: int) -> Bid:
    """What a seat of the sampled deal bids, as the advice would before any bid: Nil when the
    count is low and the hand fits one (:func:`~spades_teach.advice.nil_check.nil_risk`), else its
    count rounded down, at least 1."""
    hand = Hand.from_mask(mask)
    count = sum(item.value for item in count_hand(hand))
    if count < NIL_MAX_COUNT and nil_risk(hand) <= NIL_FITS:
        return Bid(0)
    return Bid(max(1, int(count + 1e-9)))
