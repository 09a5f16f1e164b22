"""The points of each legal card on deals of the unseen cards that fit what a seat has seen.

:func:`sample_deals` draws the deals (each one independent of the others, in proportion to how
well it fits the bids: see :class:`DealFit`); :func:`evaluate` solves each deal exactly with the
double-dummy solver and scores every legal card in points for the seat's side minus the other
side's, as the match counts them (:class:`DealScorer`). While a Nil is live, each Nil's fate comes
from playing the hand out by the medium policy (:class:`NilPlayouts`), not from the solver. The
judge (:mod:`spades_teach.advice.judge`) decides how many deals to draw and what the values say;
``docs/judge.md`` tells why it works this way.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.play import View, decide
from spades_teach.advice.playout import PlayoutViews, playout_start
from spades_teach.advice.position import Position
from spades_teach.advice.sampling import deal_masks, draw_deal, nil_fit
from spades_teach.errors import SearchBudgetSpent, SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, Hand, Suit
from spades_teach.game.scoring import contract_made, reaches_target, side_contract, side_of, side_value
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _
from spades_teach.solver import NodeBudget, score_cards

__all__ = ["CardOutcomes", "a_nil_is_live", "evaluate", "live_nils", "sample_deals"]

#: How many draws one accepted deal may take before the best-fitting draw so far is kept.
_MAX_DRAWS = 64


# -- sampling the hidden hands -------------------------------------------------------------------------------------


class DealFit:
    """What drawing and weighing the deals of one decision needs from its position, worked out
    once for the decision: the other seats, their hand sizes, the suits each may hold, and the
    bids that say something of their cards (a Nil while it is live; another bid while the whole
    history is known and five or more tricks are left: later, the cards seen say more)."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.seats = [s for s in seating_of(position.rules).seats if s is not position.seat]
        self.rooms = [position.hand_size(s) for s in self.seats]
        voids = position.voids
        self.allowed = [sum(1 << suit for suit in Suit if suit not in voids[s]) for s in self.seats]
        whole = position.history_known
        late = position.tricks_left < 5
        self.bids: list[tuple[Seat, Bid, int]] = []
        for seat in self.seats:
            bid = position.bids.get(seat)
            if bid is None:
                continue
            if bid.is_nil:
                if position.tricks_won.get(seat, 0) == 0:
                    self.bids.append((seat, bid, 0))
                continue
            if not whole or late:
                continue
            played = 0
            for card in position.cards_of(seat):
                played |= card.mask
            self.bids.append((seat, bid, played))

    def weight(self, hands: dict[Seat, int]) -> float:
        """How well a deal fits the bids, from 0 to 1: a hand that, with the cards its owner
        already played, counts near its bid fits well; a live Nil bidder's hand fits as the
        one Nil-fit rule says (:func:`~spades_teach.advice.sampling.nil_fit`)."""
        weight = 1.0
        for seat, bid, played in self.bids:
            mask = hands[seat]
            if bid.is_nil:
                weight *= nil_fit(mask)
                continue
            original = mask | played
            if original.bit_count() != 13:
                continue
            gap = _estimate(original, self.position.players) - int(bid)
            weight *= math.exp(-(gap * gap) / (2 * 1.5 * 1.5))
        return weight

    def draw(self, rng: random.Random, unseen: list[Card]) -> dict[Seat, int] | None:
        masks = draw_deal(unseen, room=self.rooms, rng=rng, allowed=self.allowed)
        return None if masks is None else dict(zip(self.seats, masks, strict=True))

    def search(self, rng: random.Random, unseen: list[Card]) -> dict[Seat, int]:
        """A deal found by the exact search (the real hands are one, so there always is one)."""
        masks = deal_masks(unseen, room=self.rooms, allowed=self.allowed, rng=rng)
        if masks is None:
            raise SpadesError(_("no deal of the unseen cards fits what this position shows"))
        return dict(zip(self.seats, masks, strict=True))


_ESTIMATES: dict[tuple[int, int], float] = {}


def _estimate(mask: int, players: int) -> float:
    """The advisor's count of a 13-card hand (remembered: sampled hands repeat)."""
    key = (mask, players)
    found = _ESTIMATES.get(key)
    if found is None:
        if len(_ESTIMATES) > 200_000:
            _ESTIMATES.clear()
        found = sum(item.value for item in count_hand(Hand.from_mask(mask), players=players))
        _ESTIMATES[key] = found
    return found


def sample_deals(position: Position, count: int, rng: random.Random) -> list[dict[Seat, int]]:
    """``count`` deals of the unseen cards to the other seats (hand bitmasks by seat), consistent
    with ``position``, each drawn on its own in proportion to how well it fits the bids: a draw is
    kept with a chance equal to its fit (:meth:`DealFit.weight`), so no deal is counted twice for
    being likely. After :data:`_MAX_DRAWS` draws the best-fitting one is kept."""
    fit = DealFit(position)
    unseen = list(position.unseen)
    out: list[dict[Seat, int]] = []
    for _k in range(count):
        best: tuple[float, dict[Seat, int]] | None = None
        for _draw in range(_MAX_DRAWS):
            hands = fit.draw(rng, unseen)
            if hands is None:
                continue
            weight = fit.weight(hands)
            if rng.random() < weight:
                best = (2.0, hands)
                break
            if best is None or weight > best[0]:
                best = (weight, hands)
        out.append(best[1] if best is not None else fit.search(rng, unseen))
    return out


# -- the score of a deal's outcome --------------------------------------------------------------------------------


def _by_seat(position: Position, tricks: dict[Seat, int]) -> tuple[list[Bid | None], list[int]]:
    """The bids (``None`` when not made) and final tricks by seat number, as the one scoring takes them."""
    return [position.bids.get(seat) for seat in Seat], [tricks.get(seat, 0) for seat in Seat]


def a_nil_is_live(position: Position) -> bool:
    """Whether a player bid Nil and has taken no trick yet (its fate is then found by playouts).

    >>> from spades_teach import Round, deal
    >>> r = Round(deal(3), dealer="N")
    >>> for seat, bid in zip("ESWN", ("3", "4", "nil", "2")):
    ...     _ = r.bid(seat, bid)
    >>> a_nil_is_live(Position.from_round(r))  # West's Nil, until West takes a trick
    True
    """
    return bool(live_nils(position))


def live_nils(position: Position) -> list[Seat]:
    """The seats that bid Nil and have taken no trick yet, in seat order."""
    return [
        seat
        for seat in Seat
        if (bid := position.bids.get(seat)) is not None and bid.is_nil and position.tricks_won.get(seat, 0) == 0
    ]


@dataclass(frozen=True)
class DealResult:
    """One card's outcome on one deal: the points for the side (minus the other side's),
    whether the side's own bids all hold, the side's tricks at the end of the hand, whether
    the other side's contract fails, and whether each live Nil is kept."""

    points: float
    holds: bool
    tricks: int
    set_them: bool
    nils: tuple[tuple[Seat, bool], ...] = ()


class DealScorer:
    """Turns the solver's answers on one deal into a :class:`DealResult` for the seat's side."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.me = position.seat
        self.mine = (self.me, self.me.partner)
        self.theirs = (self.me.next, self.me.next.partner)
        mine_side = position.side()
        their_side = next(s for s in position.scores if s != mine_side)
        self.bags = (position.bags[mine_side], position.bags[their_side])
        self.make_bonus, self.set_bonus = self._stakes()
        self.live_nils = live_nils(position)
        self._judged: dict[tuple[int, int, tuple[tuple[Seat, bool], ...]], DealResult] = {}

    def _stakes(self) -> tuple[float, float]:
        """Extra points for making our contract and for setting theirs when one of them
        decides the match (the target reached, or the opponents' win prevented)."""
        p = self.position
        rules = p.rules
        mine = p.side()
        theirs = next(s for s in p.scores if s != mine)
        bids, won = _by_seat(p, dict(p.tricks_won))
        ours_bid, _taken = side_contract(bids, won, [int(s) for s in self.mine])
        their_seat = next(s for s in Seat if side_of(s, rules) == theirs)
        their_bid, _theirs = side_contract(bids, won, [int(s) for s in (their_seat, their_seat.partner)])
        wins = reaches_target(p.scores[mine], ours_bid, rules) and rules.target > p.scores[theirs]
        make = 200.0 if wins else 0.0
        block = 200.0 if reaches_target(p.scores[theirs], their_bid, rules) else 0.0
        return make, block

    def result(self, ns_from_here: int, tricks_left: int, nil_made: dict[Seat, bool]) -> DealResult:
        key = (ns_from_here, tricks_left, tuple(nil_made.items()))
        found = self._judged.get(key)
        if found is None:
            found = self._judged[key] = self._result(ns_from_here, tricks_left, nil_made)
        return found

    def _result(self, ns_from_here: int, tricks_left: int, nil_made: dict[Seat, bool]) -> DealResult:
        p = self.position
        ours_from_here = ns_from_here if self.me in (Seat.N, Seat.S) else tricks_left - ns_from_here
        final = dict(p.tricks_won)
        gains = {self.mine: ours_from_here, self.theirs: tricks_left - ours_from_here}
        for seats, gain in gains.items():
            # A live Nil that fails takes one trick; the partner takes the rest.
            nil_seat = next((s for s in seats if s in self.live_nils), None)
            other = next(s for s in seats if s is not nil_seat)
            if nil_seat is not None and not nil_made.get(nil_seat, True) and gain > 0:
                final[nil_seat] += 1
                gain -= 1
            final[other] += gain
        bids, won = _by_seat(p, final)
        ours = side_value(bids, won, [int(s) for s in self.mine], p.rules, bags_carried=self.bags[0])
        theirs = side_value(bids, won, [int(s) for s in self.theirs], p.rules, bags_carried=self.bags[1])
        value = ours - theirs
        made = contract_made(bids, won, [int(s) for s in self.mine])
        set_them = not contract_made(bids, won, [int(s) for s in self.theirs])
        if self.make_bonus and made:
            value += self.make_bonus
        if self.set_bonus and set_them:
            value += self.set_bonus
        has_contract = side_contract(bids, won, [int(s) for s in self.mine])[0] > 0
        holds = (made or not has_contract) and all(
            nil_made.get(s, True) or final[s] == 0 for s in self.mine if s in self.live_nils
        )
        tricks = final[self.mine[0]] + final[self.mine[1]]
        nils = tuple((s, final[s] == 0) for s in self.live_nils)
        return DealResult(value, holds, tricks, set_them, nils)


def card_runs(position: Position) -> tuple[list[Card], dict[Card, Card]]:
    """The legal cards grouped in runs of cards that do the same from the seat's view (one
    suit, no card between them unseen or in the trick in progress, which can still be beaten):
    one card per run (its lowest), and the run's card for each legal card."""
    between = position.unseen.mask | sum(c.mask for c in position.trick)
    out: list[Card] = []
    rep: dict[Card, Card] = {}
    for suit in Suit:
        cards = sorted((c for c in position.legal if c.suit == suit), key=lambda c: c.rank)
        for low, high in zip([None, *cards], cards, strict=False):
            if low is not None:
                a, b = sorted((low.index, high.index))
                gap = ((1 << b) - 1) & ~((1 << (a + 1)) - 1)  # the cards of the suit between them
            if low is not None and not gap & between:
                rep[high] = rep[low]
                continue
            out.append(high)
            rep[high] = high
    return out, rep


class NilPlayouts:
    """The fate of each live Nil after each legal card on one sampled deal: the rest of the hand
    is played out by the medium policy at every seat, each seat choosing from what it sees (its
    own hand and the cards played), as at a table. A card stands for its run (:func:`card_runs`)."""

    def __init__(self, position: Position, nils: Sequence[Seat]) -> None:
        self.view = view = View.from_position(position)
        self.nils = tuple(nils)
        self.views = PlayoutViews(me=view.seat, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
        self.candidates, self.rep = card_runs(position)

    def fates(self, hands: list[int]) -> dict[Card, dict[Seat, bool]]:
        """For each card that stands for its run: whether each live Nil is kept."""
        start = playout_start(self.view, hands)
        out: dict[Card, dict[Seat, bool]] = {}
        nils = self.nils
        for card in self.candidates:
            sim = start.copy()
            voids = list(self.view.voids)
            seat = sim.to_play
            if seat is not None:
                seat = sim.step(seat, card, voids)
            # Played only until every live Nil has a trick: the rest no longer changes their fate.
            while seat is not None and not all(sim.won[n] for n in nils):
                seat = sim.step(seat, decide(self.views(sim, seat, voids))[0], voids)
            out[card] = {n: sim.won[n] == 0 for n in nils}
        return out


@dataclass
class CardOutcomes:
    """Each legal card's :class:`DealResult` on each deal solved so far, in the order the deals
    were drawn (the same deals for every card)."""

    results: dict[Card, list[DealResult]] = field(default_factory=dict)

    @property
    def deals(self) -> int:
        return min((len(r) for r in self.results.values()), default=0)


def evaluate(position: Position, deals: Sequence[dict[Seat, int]], budget: NodeBudget, into: CardOutcomes) -> bool:
    """Solve ``deals`` in turn and add each legal card's result on each to ``into``; ``False``
    when the node ``budget`` ran out before the last deal (the deals solved so far are kept).
    The solver is given the table's rules (:meth:`Position.solver_state`), so it tries exactly
    the kernel's legal cards. Four-player Spades only."""
    outcome = DealScorer(position)
    legal = list(position.legal)
    for card in legal:
        into.results.setdefault(card, [])
    left = position.tricks_left
    table = NilPlayouts(position, outcome.live_nils) if outcome.live_nils else None
    for hands in deals:
        solved = position.solver_state(hands)
        try:
            tricks = score_cards(solved, budget=budget)
        except SearchBudgetSpent:
            return False
        fates = table.fates(list(solved.hands)) if table is not None else {}
        for card in legal:
            made = fates.get(table.rep[card], {}) if table is not None else {}
            into.results[card].append(outcome.result(tricks[card.index], left, made))
    return True
