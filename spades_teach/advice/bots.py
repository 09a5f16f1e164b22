"""Bots at three levels, all through one interface: ``choose_bid(position)`` and
``choose_play(position)`` (and, for two-player Spades, ``choose_draw``).

* :class:`EasyBot` bids roughly (aces, kings and long spades, give or take one)
  and plays legal cards with a little sense: follow low, win cheaply when last.
* :class:`MediumBot` is the hint advisor itself: :func:`advise_bid` and
  :func:`suggest_play`.
* :class:`HardBot` searches. For each decision it deals the unseen cards at
  random many times, consistent with what the seat knows (hand sizes, voids shown
  in earlier tricks, Nil bidders unlikely to hold top cards), plays every candidate
  card out to the end of the hand with the medium policy for all four seats, and
  keeps the card with the best average score difference, but only a card that
  keeps our contract and sets theirs at least as often as the advisor's card on
  the same deals, and, while our contract is short, takes as many tricks
  (:func:`may_replace`). It sees only what its
  :class:`~spades_teach.advice.position.Position` holds: never the hidden hands.
* :class:`~spades_teach.advice.expert.ExpertBot` (level ``"expert"``, in its own module)
  solves each sampled deal exactly instead of playing it out; it falls back on the hard
  bot, so it imports this module, never the other way round. A bot by level name is
  :func:`spades_teach.advice.levels.make_bot`, above both.

>>> from spades_teach import Round, deal
>>> r = Round(deal(3), dealer="N")
>>> bots = {seat: MediumBot() for seat in r.seats}
>>> play_round(r, bots).is_complete
True
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.bot_bidding import advised_bid, legal_bid
from spades_teach.advice.driver import Bot, play_hand
from spades_teach.advice.play import View, decide, suggest_play
from spades_teach.advice.playout import PlayoutViews, play_out, playout_start
from spades_teach.advice.position import Position
from spades_teach.advice.sampling import clearly_better, deal_masks, draw_deal, nil_fit
from spades_teach.advice.two_player_values import draw_value
from spades_teach.errors import SpadesError
from spades_teach.game._bits import FULL_DECK_MASK, SUIT_MASKS, mask_cards
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, CardLike, Hand, HandLike, Rank, Suit
from spades_teach.game.kernel import legal_mask, winning_index
from spades_teach.game.notation import card_name
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import contract_made, side_value
from spades_teach.game.seating import seating_of
from spades_teach.i18n import _, decimal, ngettext, plural_count

__all__ = [
    "Bot",
    "EasyBot",
    "MediumBot",
    "HardBot",
    "DrawAdvice",
    "advise_draw",
    "play_round",
]

_DECK = tuple(Card.from_index(i) for i in range(52))


# -- two-player draw --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DrawAdvice:
    """Keep (``keep=True``) or discard the card seen in the two-player draw, and why."""

    keep: bool
    reason: str


def _estimate(mask: int) -> float:
    return sum(item.value for item in count_hand(Hand.from_mask(mask), players=2))


def advise_draw(
    card: CardLike,
    hand: HandLike,
    discarded: Iterable[CardLike] = (),
    *,
    rules: Rules = Rules(),
    must_keep: bool = False,
) -> DrawAdvice:
    """Advice for the two-player draw: keep ``card`` (the one you see), or discard
    it and take the next card blind. ``hand`` is what you hold so far,
    ``discarded`` the cards you know were thrown away. ``must_keep`` is True for
    the second card after discarding the first.

    The card is kept when it is worth more than an average card still unseen
    (neither in the hand nor known to be discarded), each card valued by what it
    adds to a two-player hand's tricks on average
    (:data:`~spades_teach.advice.two_player_values.DRAW_VALUES`, measured on
    two-player deals); a hand heading for Nil keeps low cards instead.

    >>> advise_draw("AS", "K2.Q3..").keep
    True
    >>> advise_draw("3D", "AK.KQ.A.").keep
    False
    >>> advise_draw("QS", "-.-.-.-").reason
    'keep the Q♠: it adds 1.57 tricks to a two-player hand on average, more than an unseen card (0.29)'
    """
    c = Card.parse(card)
    h = Hand.coerce(hand)
    if c in h:
        raise SpadesError(
            _("card {card} is already in the hand {hand}").format(card=card_name(c.index), hand=repr(str(h)))
        )
    if must_keep:
        return DrawAdvice(True, _("you discarded the first card, so the {card} must be kept").format(card=c.pretty))
    known = h.mask | c.mask
    for d in discarded:
        known |= Card.parse(d).mask
    unseen = list(mask_cards(FULL_DECK_MASK & ~known))
    base = _estimate(h.mask)
    aiming_nil = rules.nil and len(h) >= 5 and base <= 0.15 * len(h)
    if aiming_nil:
        low = c.rank <= Rank.SIX and not c.is_spade
        if low:
            return DrawAdvice(
                True, _("your hand is heading for Nil: keep the low {card}, a card to play under").format(card=c.pretty)
            )
        return DrawAdvice(
            False, _("your hand is heading for Nil: the {card} could win a trick, so discard it").format(card=c.pretty)
        )
    gain = draw_value(c)
    average = sum(draw_value(x) for x in unseen) / len(unseen) if unseen else 0.0
    if gain > average:
        keep = ngettext(
            "keep the {card}: it adds {gain} trick to a two-player hand on average, "
            "more than an unseen card ({average})",
            "keep the {card}: it adds {gain} tricks to a two-player hand on average, "
            "more than an unseen card ({average})",
            plural_count(round(gain, 2)),
        )
        return DrawAdvice(True, keep.format(card=c.pretty, gain=decimal(gain, 2), average=decimal(average, 2)))
    if round(gain, 2) < 0:
        # A card that costs the hand tricks says so, rather than "adds −0.10 tricks".
        worse = ngettext(
            "discard the {card}: it takes {loss} trick away from a two-player hand on average, "
            "where an unseen card adds {average}",
            "discard the {card}: it takes {loss} tricks away from a two-player hand on average, "
            "where an unseen card adds {average}",
            plural_count(round(-gain, 2)),
        )
        return DrawAdvice(False, worse.format(card=c.pretty, loss=decimal(-gain, 2), average=decimal(average, 2)))
    drop = ngettext(
        "discard the {card}: it adds {gain} trick to a two-player hand on average, "
        "no more than an unseen card ({average})",
        "discard the {card}: it adds {gain} tricks to a two-player hand on average, "
        "no more than an unseen card ({average})",
        plural_count(round(gain, 2)),
    )
    return DrawAdvice(False, drop.format(card=c.pretty, gain=decimal(gain, 2), average=decimal(average, 2)))


# -- easy ------------------------------------------------------------------------------------------------------


class EasyBot:
    """A beginner: rough bids, legal cards with a little sense."""

    name = "easy"

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(str(seed))

    def choose_bid(self, position: Position) -> Bid:
        hand = position.hand
        count = sum(1 for c in hand if c.rank >= Rank.KING)
        count += max(0, hand.count(Suit.SPADES) - 3)
        count += self._rng.choice((-1, 0, 0, 1))
        return legal_bid(position, Bid(max(1, min(13, count))))

    def choose_play(self, position: Position) -> Card:
        legal = list(position.legal)
        trick = position.trick
        if not trick:
            non_spades = [c for c in legal if not c.is_spade] or legal
            return self._rng.choice(non_spades)
        led = trick[0].suit
        top = trick[winning_index(trick)]
        following = [c for c in legal if c.suit is led]
        if len(trick) == position.players - 1:
            winners = [c for c in legal if c.beats(top, led)]
            if winners:
                return min(winners, key=lambda c: (c.is_spade, c.rank))
        if following:
            return min(following, key=lambda c: c.rank)
        return min(legal, key=lambda c: (c.is_spade, c.rank))

    def choose_draw(
        self, card: CardLike, hand: HandLike, discarded: Iterable[CardLike] = (), *, rules: Rules = Rules()
    ) -> bool:
        c = Card.parse(card)
        return c.is_spade or c.rank >= Rank.QUEEN


# -- medium ------------------------------------------------------------------------------------------------------


class MediumBot:
    """The hint advisor as a player."""

    name = "medium"

    def choose_bid(self, position: Position) -> Bid:
        return advised_bid(position)

    def choose_play(self, position: Position) -> Card:
        return suggest_play(position).card

    def choose_draw(
        self, card: CardLike, hand: HandLike, discarded: Iterable[CardLike] = (), *, rules: Rules = Rules()
    ) -> bool:
        return advise_draw(card, hand, discarded, rules=rules).keep


# -- hard ----------------------------------------------------------------------------------------------------------


class HardBot:
    """Searches by sampling the unseen cards and playing each candidate out.

    ``samples`` is the number of deals drawn per decision (fewer late in the
    hand, when there is less to guess); ``time_limit`` caps a decision (seconds).
    """

    name = "hard"

    def __init__(self, samples: int = 16, seed: int | str = 0, time_limit: float = 0.3) -> None:
        self.samples = samples
        self.time_limit = time_limit
        self._rng = random.Random(str(seed))

    def choose_bid(self, position: Position) -> Bid:
        return advised_bid(position)

    def choose_draw(
        self, card: CardLike, hand: HandLike, discarded: Iterable[CardLike] = (), *, rules: Rules = Rules()
    ) -> bool:
        return advise_draw(card, hand, discarded, rules=rules).keep

    def choose_play(self, position: Position) -> Card:
        view = View.from_position(position)
        legal = legal_mask(view.hand, position.led, view.broken, first_trick_two_of_clubs=view.two_clubs)
        candidates, rep = _distinct(view, legal)
        if len(candidates) == 1:
            return candidates[0]
        medium, _why = decide(view)
        base = rep[medium]
        sizes = _hand_sizes(position)
        results: dict[Card, list[float]] = {card: [] for card in candidates}
        # How often each card kept our own contract (and Nils), the same plus each of
        # theirs set, and how many tricks our side took after it.
        own: dict[Card, int] = {card: 0 for card in candidates}
        kept: dict[Card, int] = {card: 0 for card in candidates}
        taken: dict[Card, int] = {card: 0 for card in candidates}
        start = time.perf_counter()
        me = view.seat
        mine = view.side_seats(me)
        theirs = view.side_seats(view.opponents()[0])
        views = PlayoutViews(me=me, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
        bids = view.bids
        for _round in range(self.samples):
            start_state = playout_start(view, _sample(view, sizes, position, self._rng))
            for card in candidates:
                sim = start_state.copy()
                play_out(sim, views, list(view.voids), card)
                won = sim.won
                results[card].append(
                    side_value(bids, won, mine, view.rules) - side_value(bids, won, theirs, view.rules)
                )
                own[card] += _kept(bids, won, mine)
                kept[card] += _contracts_kept(bids, won, mine, theirs)
                taken[card] += sum(won[s] for s in mine)
            if time.perf_counter() - start > self.time_limit:
                break
        contract, contract_taken = view.contract(me)
        outcomes = {c: PlayoutTally(own[c], kept[c], taken[c]) for c in candidates}
        safe = [
            c for c in candidates if may_replace(outcomes[c], outcomes[base], contract_short=contract_taken < contract)
        ]
        best = max(safe, key=lambda c: (sum(results[c]), c is base))
        if best is base or not clearly_better(results[best], results[base]):
            return medium
        return best


class PlayoutTally(NamedTuple):
    """What the hard bot counts for one card over its sampled playouts."""

    own: int  #: playouts in which our own contract and Nils held
    kept: int  #: the same, plus one for each of the opponents' contracts and Nils broken
    taken: int  #: tricks our side took, summed over the playouts


def may_replace(card: PlayoutTally, advised: PlayoutTally, *, contract_short: bool) -> bool:
    """Whether the hard bot may play ``card`` instead of the advisor's card: contracts
    first. On the same playouts it must keep our own contract as often, and make ours
    and set theirs as often; and while our contract is still short (``contract_short``)
    it must take as many tricks. The playouts' opponents are our medium bots, who
    defend less well than real players, so a trick given away there to dodge a bag
    costs the contract more often at a real table.

    >>> advised = PlayoutTally(own=14, kept=20, taken=100)
    >>> ducks = PlayoutTally(own=14, kept=20, taken=90)  # dodges bags, gives tricks away
    >>> may_replace(ducks, advised, contract_short=True), may_replace(ducks, advised, contract_short=False)
    (False, True)
    >>> sets_them_loses_ours = PlayoutTally(own=12, kept=22, taken=100)
    >>> may_replace(sets_them_loses_ours, advised, contract_short=False)
    False
    """
    return card.own >= advised.own and card.kept >= advised.kept and (not contract_short or card.taken >= advised.taken)


def _contracts_kept(bids: list[Bid | None], won: list[int], mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """A playout's contract outcomes, as a score for comparing cards: +1 for each of
    our contracts and live Nils kept, +1 for each of theirs broken."""
    return _kept(bids, won, mine) + (_count_contracts(bids, theirs) - _kept(bids, won, theirs))


def _count_contracts(bids: list[Bid | None], seats: tuple[int, ...]) -> int:
    nils = sum(1 for s in seats if bids[s] is not None and int(bids[s] or 0) == 0)
    return nils + (1 if len(seats) > nils else 0)


def _kept(bids: list[Bid | None], won: list[int], seats: tuple[int, ...]) -> int:
    """How many of a side's commitments held: each Nil with no trick, and the
    contract of the others (their bids, :data:`~spades_teach.game.scoring.UNKNOWN_BID`
    when unknown) made."""
    nils = sum(1 for s in seats if bids[s] is not None and won[s] == 0 and int(bids[s] or 0) == 0)
    return nils + (1 if contract_made(bids, won, seats) else 0)


def _distinct(view: View, legal: int) -> tuple[list[Card], dict[Card, Card]]:
    """One card per run of equivalent cards (same suit, nothing unseen between
    them), and the representative (the lowest of its run) of every legal card."""
    out: list[Card] = []
    rep: dict[Card, Card] = {}
    for suit in Suit:
        held = legal & SUIT_MASKS[suit]
        run: list[Card] = []
        for card in mask_cards(held):
            if run:
                previous = run[-1]
                between = SUIT_MASKS[suit] & ((1 << card.index) - 1) & ~((1 << (previous.index + 1)) - 1)
                if not between & view.unseen:
                    run.append(card)
                    continue
                _close_run(run, out, rep)
            run = [card]
        if run:
            _close_run(run, out, rep)
    return out, rep


def _close_run(run: list[Card], out: list[Card], rep: dict[Card, Card]) -> None:
    lowest = run[-1]
    out.append(lowest)
    for card in run:
        rep[card] = lowest


def _hand_sizes(position: Position) -> dict[int, int]:
    return {int(s): position.hand_size(s) for s in seating_of(position.rules).seats if s is not position.seat}


def _sample(view: View, sizes: Mapping[int, int], position: Position, rng: random.Random) -> list[int]:
    """Deal the unseen cards to the other seats with the one sampler
    (:func:`~spades_teach.advice.sampling.draw_deal`), respecting the voids shown; in the first 20
    tries a draw is kept with the chance the one Nil-fit rule gives each live Nil bidder's hand
    (:func:`~spades_teach.advice.sampling.nil_fit`); after 28 failed tries, the exact deal
    (:func:`~spades_teach.advice.sampling.deal_masks`)."""
    unseen = list(mask_cards(view.unseen))
    seats = list(sizes)
    room = [sizes[s] for s in seats]
    allowed = [0b1111 & ~view.voids[s] for s in seats]
    shy = [view.nil_alive(s) for s in seats]
    masks: list[int] | None = None
    for attempt in range(28):
        masks = draw_deal(unseen, room=room, rng=rng, allowed=allowed)
        if masks is None:
            continue
        fit = math.prod(nil_fit(mask) for mask, nil in zip(masks, shy, strict=True) if nil)
        if attempt >= 20 or fit >= 1.0 or rng.random() < fit:
            break
        masks = None
    if masks is None:
        masks = deal_masks(unseen, room=room, allowed=allowed, rng=rng)
        if masks is None:
            raise SpadesError(_("could not deal the unseen cards consistently with the position"))
    hands = [0, 0, 0, 0]
    hands[view.seat] = view.hand
    for seat, mask in zip(seats, masks, strict=True):
        hands[seat] = mask
    return hands


# -- a driver ------------------------------------------------------------------------------------------------


def play_round(round: Round, bots: Mapping[Any, Bot], *, bags: Mapping[Any, int] | None = None) -> Round:
    """Bid and play ``round`` to the end with one bot per seat; returns the round
    (:func:`spades_teach.advice.driver.play_hand`)."""
    return play_hand(round, bots, bags=bags)
