"""The expert bot: sampled deals, each solved exactly, scored as the match counts.

For every card it must play, :class:`ExpertBot`

1. deals the cards it has not seen to the other seats many times, each deal
   consistent with what it knows: how many cards each seat holds, the suits a
   seat has shown out of, and the bids as soft evidence (a deal is drawn more
   often when each hand, with the cards its owner already played, counts near
   its bid, and rarely when a live Nil bidder holds an ace or a high spade);
2. solves each deal exactly with the double-dummy solver under Spades rules
   (:mod:`spades_teach.solver`): the tricks each side still takes
   after each of its legal cards, and, while a Nil is live, plays the hand out
   after each card to see whether the Nil is kept (below);
3. turns those into points for the hand as the score counts them: contracts
   made or set, Nils made or broken, each bag charged its share of the penalty,
   and, near the end of the match, a contract that wins or saves the match;
4. keeps, first, the cards that hold our contract and Nils on as many deals as
   any card; among them it plays the hint advisor's card unless the card with the
   best average beats it, on the same deals, by more than the sampling noise
   (:func:`~spades_teach.advice.sampling.clearly_better`).

**A live Nil** (:func:`a_nil_is_live`, whoever bid it) is judged by playing the
hand out, not by the solver. A solve sees every card, and a Nil is where that
misleads most, both ways: the Nil bidder ducks and its partner covers without a
guess, and the defenders find the one line that forces the Nil bidder in. So on
each sampled deal, after each legal card (one per run of cards that do the same),
the rest of the hand is played by the medium policy at every seat, each seat
choosing from its own cards and the cards played, as at a table, until every live
Nil has taken a trick or the hand ends; a Nil is kept on that deal if its bidder
took none. The tricks still come from the solver; a broken Nil counts as one trick
of its bidder, its partner's contract taking the rest. Measured against what
tables did (``benchmarks/nil_judge.py calibrate``: 30 medium-bot hands with a Nil,
1,159 pairs of a live Nil and a decision, 24 sampled deals each, the card played),
the table kept 88% of those Nils; the solver kept them on 53% of the deals (Brier
score 0.26), the playouts on 69% (Brier 0.14), closer for every seat deciding
(the Nil bidder 0.14 → 0.06, its partner 0.36 → 0.19, a defender 0.28 → 0.16).
Both still foresee too few kept Nils: the sampled hands of a Nil bidder are worse
than the hands players bid Nil on, and the medium bots defend a Nil weakly. A
playout costs about half a millisecond; a live-Nil judgement takes a median of
66 ms of CPU (``benchmarks/nil_judge.py timing``), against 11 ms for the others.
:meth:`ExpertBot.evidence`, the judge of Teach me and the review, values every
such card in points this way. The expert's own play while a Nil is live stays the
hard bot's (:attr:`ExpertBot.judge_nils` is off): playing those decisions by the
judge instead, in duplicate against the shipped expert on the first 60 seeded
deals with a Nil bid (``benchmarks/nil_judge.py duplicate``), came out −6.7
[−22.0, +8.7] points a deal with bags charged, −2.8 [−17.4, +11.8] raw: not
shown to be worse, not shown to be as good either. So Teach me and the review
may name, at a live Nil, a card the expert bot would not play; the judge's card is
the one the review never calls costly.

The search of one decision is capped at :data:`NODE_BUDGET` nodes (see
:class:`ExpertBot`), so that the rare position whose solves are slow does not
keep a learner waiting.

It bids like the hint advisor (:func:`~spades_teach.advice.bidding.advise_bid`).
Only what its :class:`~spades_teach.advice.position.Position` holds is used: never the
hidden hands. The same seed gives the same choices (no clock is read). Two-player
Spades is not solved double dummy: there it plays like the hard bot.

>>> from spades_teach import Round, deal
>>> from spades_teach.advice.bots import play_round
>>> r = Round(deal(5), dealer="N")
>>> play_round(r, {seat: ExpertBot(seed=1) for seat in r.seats}).is_complete
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.bot_bidding import advised_bid
from spades_teach.advice.bots import HardBot
from spades_teach.advice.play import View, decide, suggest_play
from spades_teach.advice.playout import PlayoutViews, playout_start
from spades_teach.advice.position import Position
from spades_teach.advice.sampling import clearly_better, deal_masks, draw_deal
from spades_teach.errors import SearchBudgetSpent, SpadesError
from spades_teach.game._bits import SUIT_MASKS
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Card, CardLike, Hand, HandLike, Rank, Suit
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import contract_made, reaches_target, side_contract, side_of, side_value
from spades_teach.game.seating import Seat, seating_of
from spades_teach.i18n import _

__all__ = ["CardEvidence", "ExpertBot", "a_nil_is_live", "sample_deals"]

_SPADES = SUIT_MASKS[Suit.SPADES]


def _samples_for(tricks_left: int) -> int:
    """Deals solved per decision: few while the hands are full (each solve is slow),
    more as the hand shrinks (each solve is fast and more is known)."""
    if tricks_left >= 12:
        return 16
    if tricks_left >= 10:
        return 24
    if tricks_left >= 7:
        return 32
    return 48


#: The default cap on the search nodes of one decision (see :class:`ExpertBot`).
NODE_BUDGET = 10_000_000
_NO_CAP = 1 << 62


# -- sampling the hidden hands -------------------------------------------------------------------------------


def _others(position: Position) -> list[Seat]:
    return [s for s in Seat if s is not position.seat]


class _SampleContext:
    """What drawing and weighing the deals of one decision needs from its position, worked
    out once for the decision rather than once per deal drawn."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.seats = _others(position)
        self.rooms = [position.hand_size(s) for s in self.seats]
        voids = position.voids
        #: for each of ``seats``, the suits it may hold as bits (those it has not shown out of)
        self.allowed = [sum(1 << suit for suit in Suit if suit not in voids[s]) for s in self.seats]
        whole = position.history_known
        late = position.tricks_left < 5
        #: the seats whose bids say something of their cards, in seat order: (seat, bid, the
        #: cards it played); a Nil only while it is live, another bid only while the whole
        #: history is known and five or more tricks are left
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
                continue  # late in the hand the cards seen say more than the bids
            played = 0
            for card in position.cards_of(seat):
                played |= card.mask
            self.bids.append((seat, bid, played))


#: The cards a live Nil bidder fits badly with: the aces and the top spades (queen and up).
_NIL_DANGER = sum(Card(Rank.ACE, suit).mask for suit in Suit) | sum(
    Card(rank, Suit.SPADES).mask for rank in (Rank.QUEEN, Rank.KING)
)


def _deal_once(context: _SampleContext, rng: random.Random, cards: list[Card]) -> dict[Seat, int] | None:
    """One random deal of ``cards`` (the unseen ones) to the other seats by the one
    sampler (:func:`~spades_teach.advice.sampling.draw_deal`): each seat gets its hand
    size and no card of a suit it has shown out of; the cards left over are the ones
    already gone (an unknown history). ``None`` if the voids leave no room for a card."""
    masks = draw_deal(cards, room=context.rooms, rng=rng, allowed=context.allowed)
    return None if masks is None else dict(zip(context.seats, masks, strict=True))


def _deal_by_search(context: _SampleContext, rng: random.Random, cards: list[Card]) -> dict[Seat, int]:
    """A deal of ``cards`` as :func:`_deal_once` makes it, found by an exact search
    (:func:`~spades_teach.advice.sampling.deal_masks`); the real hands are one, so
    there always is one."""
    masks = deal_masks(cards, room=context.rooms, allowed=context.allowed, rng=rng)
    if masks is None:
        raise SpadesError(_("no deal of the unseen cards fits what this position shows"))
    return dict(zip(context.seats, masks, strict=True))


def _bid_weight(context: _SampleContext, hands: dict[Seat, int]) -> float:
    """How well a deal fits the bids (1 is neutral): a hand that, with the cards its
    owner already played, counts near the bid fits well; a live Nil bidder holding
    an ace or a top spade fits badly."""
    weight = 1.0
    for seat, bid, played in context.bids:
        mask = hands[seat]
        if bid.is_nil:
            for _danger in range((mask & _NIL_DANGER).bit_count()):
                weight *= 0.2
            continue
        original = mask | played
        if original.bit_count() != 13:
            continue
        estimate = _estimate(original, context.position.players)
        gap = estimate - int(bid)
        weight *= math.exp(-(gap * gap) / (2 * 1.5 * 1.5))
    return weight


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


def sample_deals(position: Position, count: int, rng: random.Random, *, oversample: int = 3) -> list[dict[Seat, int]]:
    """``count`` deals of the unseen cards to the other seats (hand bitmasks by
    seat), consistent with ``position`` and drawn in proportion to how well they
    fit the bids (see the module docs)."""
    unseen = list(position.unseen)
    context = _SampleContext(position)
    pool: list[dict[Seat, int]] = []
    weights: list[float] = []
    tries = 0
    while len(pool) < count * oversample and tries < count * oversample * 4:
        tries += 1
        hands = _deal_once(context, rng, list(unseen))
        if hands is None:
            continue
        pool.append(hands)
        weights.append(_bid_weight(context, hands))
    if not pool:
        # The voids leave so little room that the quick draw keeps failing: search.
        hands = _deal_by_search(context, rng, unseen)
        pool, weights = [hands], [1.0]
    if sum(weights) <= 0:
        weights = [1.0] * len(pool)
    return rng.choices(pool, weights, k=count)


# -- the score of a deal's outcome ------------------------------------------------------------------------------


def _by_seat(position: Position, tricks: dict[Seat, int]) -> tuple[list[Bid | None], list[int]]:
    """The bids (``None`` when not made) and final tricks by seat number, as the one
    scoring (:func:`~spades_teach.game.scoring.side_value`) takes them."""
    return [position.bids.get(seat) for seat in Seat], [tricks.get(seat, 0) for seat in Seat]


def _side_points(position: Position, seats: Sequence[Seat], tricks: dict[Seat, int], bags_before: int) -> float:
    """A side's points for the hand given each seat's final tricks: the one scoring,
    each bag left on the counter costing its share of the bag penalty (and the
    penalty itself when it falls due)."""
    bids, won = _by_seat(position, tricks)
    return side_value(bids, won, [int(s) for s in seats], position.rules, bags_carried=bags_before)


def _stakes(position: Position) -> tuple[float, float]:
    """Extra points for making our contract and for setting theirs when one of them
    decides the match (the target reached, or the opponents' win prevented)."""
    rules = position.rules
    mine = position.side()
    theirs = next(s for s in position.scores if s != mine)
    bids, won = _by_seat(position, dict(position.tricks_won))
    ours_bid, _taken = side_contract(bids, won, [int(s) for s in _side_seats(position, position.seat)])
    their_seat = next(s for s in Seat if side_of(s, rules) == theirs)
    their_bid, _theirs = side_contract(bids, won, [int(s) for s in _side_seats(position, their_seat)])
    wins = reaches_target(position.scores[mine], ours_bid, rules) and rules.target > position.scores[theirs]
    make = 200.0 if wins else 0.0
    block = 200.0 if reaches_target(position.scores[theirs], their_bid, rules) else 0.0
    return make, block


def a_nil_is_live(position: Position) -> bool:
    """Whether a player bid Nil and has taken no trick yet.

    The expert then plays like the hard bot, whichever side bid the Nil, and its
    judge (:meth:`ExpertBot.evidence`) finds each Nil's fate by playouts rather
    than by the solver (see the module docs). A double-dummy solve lets every
    player see every card: the Nil bidder ducks and its partner covers without a
    guess, and the defenders find the one line that forces the Nil bidder in.
    When the expert played live Nils by its solves, in duplicate against the
    hard bot, its own Nils failed where the hard bot's made, and the hard bot's
    Nils survived its defence.

    >>> from spades_teach import Round, deal
    >>> r = Round(deal(3), dealer="N")
    >>> for seat, bid in zip("ESWN", ("3", "4", "nil", "2")):
    ...     _ = r.bid(seat, bid)
    >>> a_nil_is_live(Position.from_round(r))  # West's Nil, until West takes a trick
    True
    """
    return bool(_live_nils(position))


def _live_nils(position: Position) -> list[Seat]:
    """The seats that bid Nil and have taken no trick yet, in seat order."""
    return [
        seat
        for seat in Seat
        if (bid := position.bids.get(seat)) is not None and bid.is_nil and position.tricks_won.get(seat, 0) == 0
    ]


def _side_seats(position: Position, seat: Seat) -> tuple[Seat, ...]:
    return (seat, seat.partner)


class _Outcome:
    """Turns the solver's answers on one deal into points for our side."""

    def __init__(self, position: Position) -> None:
        self.position = position
        self.me = position.seat
        self.mine = _side_seats(position, self.me)
        self.theirs = _side_seats(position, self.me.next)
        mine_side = position.side()
        their_side = next(s for s in position.scores if s != mine_side)
        self.bags = (position.bags[mine_side], position.bags[their_side])
        self.make_bonus, self.set_bonus = _stakes(position)
        self.live_nils = _live_nils(position)
        # judge() depends on its arguments alone, and the deals of one decision ask it the
        # same few questions (a trick count and the Nils' fates) over and over
        self._judged: dict[tuple[int, int, tuple[tuple[Seat, bool], ...]], tuple[float, bool]] = {}

    def points(self, ns_from_here: int, tricks_left: int, nil_made: dict[Seat, bool]) -> float:
        return self.judge(ns_from_here, tricks_left, nil_made)[0]

    def judge(self, ns_from_here: int, tricks_left: int, nil_made: dict[Seat, bool]) -> tuple[float, bool]:
        """The points of :meth:`points`, and whether our side's own bids all hold
        (the contract made, if we have one, and each of our live Nils kept)."""
        key = (ns_from_here, tricks_left, tuple(nil_made.items()))
        found = self._judged.get(key)
        if found is None:
            found = self._judged[key] = self._judge(ns_from_here, tricks_left, nil_made)
        return found

    def _judge(self, ns_from_here: int, tricks_left: int, nil_made: dict[Seat, bool]) -> tuple[float, bool]:
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
        ours = _side_points(p, self.mine, final, self.bags[0])
        theirs = _side_points(p, self.theirs, final, self.bags[1])
        value = ours - theirs
        made = _made(p, self.mine, final)
        if self.make_bonus and made:
            value += self.make_bonus
        if self.set_bonus and not _made(p, self.theirs, final):
            value += self.set_bonus
        has_contract = side_contract(*_by_seat(p, final), [int(s) for s in self.mine])[0] > 0
        holds = (made or not has_contract) and all(
            nil_made.get(s, True) or final[s] == 0 for s in self.mine if s in self.live_nils
        )
        return value, holds


def _runs(position: Position) -> tuple[list[Card], dict[Card, Card]]:
    """The legal cards grouped in runs of cards that do the same from the seat's view
    (one suit, no card between them unseen or in the trick in progress, which can still
    be beaten): one card per run (its lowest), and the run's card for each legal card."""
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


class _NilPlayouts:
    """The fate of each live Nil after each legal card on one sampled deal: the rest of
    the hand is played out by the medium policy at every seat, each seat choosing from
    what it sees (its own hand and the cards played), as at a table (see the module
    docs). A card stands for its run (:func:`_runs`): the cards that do the same."""

    def __init__(self, position: Position, nils: Sequence[Seat]) -> None:
        self.view = view = View.from_position(position)
        self.nils = tuple(nils)
        self.views = PlayoutViews(me=view.seat, bids=view.bids, scores=view.scores, bags=view.bags, rules=view.rules)
        self.candidates, self.rep = _runs(position)

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
            # Played out as bots.play_out does, but only until every live Nil has a trick:
            # the rest of the hand no longer changes their fate.
            while seat is not None and not all(sim.won[n] for n in nils):
                seat = sim.step(seat, decide(self.views(sim, seat, voids))[0], voids)
            out[card] = {n: sim.won[n] == 0 for n in nils}
        return out


def _made(position: Position, seats: Sequence[Seat], tricks: dict[Seat, int]) -> bool:
    return contract_made(*_by_seat(position, tricks), [int(s) for s in seats])


def _evidence_of(values: dict[Card, list[float]], holds: dict[Card, int]) -> CardEvidence:
    return CardEvidence(
        deals=min(len(v) for v in values.values()),
        points={card: sum(v) / len(v) for card, v in values.items()},
        holds=dict(holds),
        values={card: tuple(v) for card, v in values.items()},
    )


def _pooled(first: CardEvidence, more: CardEvidence) -> CardEvidence:
    """The first look's deals and the second look's together, the first look kept (:attr:`CardEvidence.first`)."""
    values = {card: list(first.values[card]) + list(more.values[card]) for card in first.values}
    holds = {card: first.holds[card] + more.holds[card] for card in first.holds}
    pooled = _evidence_of(values, holds)
    return CardEvidence(pooled.deals, pooled.points, pooled.holds, pooled.values, first=first)


#: A card the first look finds not as good as the best is looked at again over this many times
#: as many more deals (see :meth:`ExpertBot.evidence`).
SECOND_LOOK = 2


# -- the bot -------------------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CardEvidence:
    """The expert's evidence for one decision (see :meth:`ExpertBot.evidence`):
    ``deals`` sampled deals that fit what the player has seen, each solved exactly;
    ``points[card]`` the average points for our side (minus theirs) after the card;
    ``holds[card]`` the number of those deals on which our side's bids all hold;
    ``values[card]`` the points on each deal, in the order the deals were drawn (the
    same deals for every card: what :func:`~spades_teach.advice.sampling.clearly_better`
    compares).

    This is the one judge of a card from its player's seat: :attr:`best` is the card
    the expert rates best, and a card is :meth:`as_good` as it unless the best card
    beats it on the same deals by more than the sampling noise; :meth:`cost` is then
    the gap in average points (0 for a card as good as the best). The expert plays a
    card that is as good as the best, so its own card never costs anything here.

    >>> from spades_teach import Card
    >>> a, b, c = (Card.parse(x) for x in ("AS", "KH", "2C"))
    >>> e = CardEvidence(3, {a: 12.0, b: 11.0, c: 1.0}, {a: 3, b: 3, c: 3},
    ...                  {a: (12.0, 11.0, 13.0), b: (12.0, 10.0, 11.0), c: (1.0, 2.0, 0.0)})
    >>> e.best.pretty, e.as_good(b), e.as_good(c), e.cost(b), e.cost(c)
    ('A♠', True, False, 0.0, 11.0)
    """

    deals: int
    points: dict[Card, float]
    holds: dict[Card, int]
    values: dict[Card, tuple[float, ...]] = field(default_factory=dict)
    #: the first look, when this evidence pools it with a second one (:meth:`ExpertBot.look_again`)
    first: CardEvidence | None = None

    @property
    def safe(self) -> list[Card]:
        """The cards that keep our side's bids on as many deals as any card (in card order).
        Each deal is solved with every card in view, which flatters the side that must
        still find its tricks, so our own bids come first."""
        safest = max(self.holds.values())
        return sorted((c for c in self.points if self.holds[c] >= safest), key=lambda c: (c.suit, c.rank))

    @property
    def best(self) -> Card:
        """The expert's best card: among the :attr:`safe` cards, the best average
        (the lowest suit, then rank, among equals)."""
        safe = self.safe
        top = max(self.points[c] for c in safe)
        return next(c for c in safe if self.points[c] >= top - 1e-9)

    def as_good(self, card: Card) -> bool:
        """Whether ``card`` is as good as :attr:`best`: not clearly worse on the same deals (or, for
        a second look, as good at the first look: a card is never judged worse for being looked at
        again)."""
        if self.first is not None and self.first.as_good(card):
            return True
        best = self.best
        if card == best:
            return True
        if card not in self.values or best not in self.values:
            return self.points[best] - self.points[card] <= 1.0
        return not clearly_better(self.values[best], self.values[card])

    def cost(self, card: Card) -> float:
        """What ``card`` gives away against :attr:`best`, in average points (0 when as good)."""
        if self.as_good(card):
            return 0.0
        return self.points[self.best] - self.points[card]


class ExpertBot:
    """Plays the card with the best average score over sampled deals, each solved
    exactly (see the module docs). ``samples`` overrides the number of deals per
    decision (by default fewer early in the hand, when each solve is slow).

    ``node_budget`` caps the double-dummy search nodes of one decision (``None``: no
    cap). The sampled deals are solved in turn until one would go past it; the card
    is then chosen on the deals solved so far, or is the hint's card if not even the
    first was. A node count is the same on every machine, so the cap keeps the bot
    repeatable while it bounds the rare decision whose solves are slow."""

    name = "expert"
    #: whether a live-Nil decision is played by the judge (:meth:`evidence`) rather than
    #: by the hard bot (see the module docs for why it is not)
    judge_nils = False

    def __init__(self, seed: int | str = 0, samples: int | None = None, node_budget: int | None = NODE_BUDGET) -> None:
        self.samples = samples
        self.node_budget = node_budget
        #: the search nodes the last decision spent (for benchmarks)
        self.last_nodes = 0
        self._seed = str(seed)
        self._rng = random.Random(self._seed)
        # No time limit: the fallback's choices depend on the seed alone, not on the clock.
        self._fallback = HardBot(seed=seed, time_limit=math.inf)

    def choose_bid(self, position: Position) -> Bid:
        return advised_bid(position)

    def choose_draw(
        self, card: CardLike, hand: HandLike, discarded: Iterable[CardLike] = (), *, rules: Rules = Rules()
    ) -> bool:
        return self._fallback.choose_draw(card, hand, discarded, rules=rules)

    def choose_play(self, position: Position) -> Card:
        self.last_nodes = 0  # a decision without a search spends none
        legal = list(position.legal)
        if len(legal) == 1:
            return legal[0]
        if not seating_of(position.rules).partnerships or (a_nil_is_live(position) and not self.judge_nils):
            return self._fallback.choose_play(position)
        evaluated = self._evaluate(position)
        if evaluated is None:
            return self._fallback.choose_play(position)
        if not any(evaluated[0].values()):
            # Not even one sampled deal could be solved within the node budget.
            return suggest_play(position).card
        evidence = _evidence_of(*evaluated)
        # Our own bids come first (CardEvidence.safe), then the best average; the hint's
        # card stays unless the best one beats it on the same deals by more than the
        # sampling noise (a few deals decide little early in a hand).
        advised = suggest_play(position).card
        if advised in evidence.safe and evidence.as_good(advised):
            return advised
        return evidence.best

    def card_values(self, position: Position) -> dict[Card, float]:
        """The average points (our side minus theirs, for the whole hand) after each
        legal card, over the sampled deals."""
        evaluated = self._evaluate(position)
        if evaluated is None:
            fallback = self._fallback.choose_play(position)
            return {card: (1.0 if card == fallback else 0.0) for card in position.legal}
        if not any(evaluated[0].values()):
            advised = suggest_play(position).card
            return {card: (1.0 if card == advised else 0.0) for card in position.legal}
        return {card: sum(v) / len(v) for card, v in evaluated[0].items()}

    def evidence(self, position: Position, about: Card | None = None) -> CardEvidence | None:
        """What the expert's choice rests on, card by card: the number of sampled
        deals solved, and for each legal card its average points (our side minus
        theirs) and the deals on which our side's bids all hold after it. ``None``
        where there is nothing to judge (one legal card) or the expert does not solve
        deals: two-player Spades (the solver plays four seats only), or a node budget
        spent before the first deal was solved. While a Nil is live each Nil's fate
        on a deal comes from playing the hand out (see the module docs).

        ``about``: the card being judged (the one a learner played, or a rule of thumb's).
        When the first look finds it not as good as the best, the judge looks again
        (:meth:`look_again`) before saying so: on 16 to 48 deals the best of several cards
        is partly the one that was lucky on them. The second look draws its deals after
        the first's, so a bot with the same seed, asked the same question, answers from the
        very same deals (Teach me's hint and the review of the card it showed)."""
        legal = list(position.legal)
        if len(legal) < 2 or not seating_of(position.rules).partnerships:
            return None
        evaluated = self._evaluate(position)
        if evaluated is None or not any(evaluated[0].values()):
            return None
        first = _evidence_of(*evaluated)
        if about is None or about not in first.points or first.as_good(about):
            return first
        return self.look_again(position, first)

    def look_again(self, position: Position, first: CardEvidence) -> CardEvidence:
        """``first`` (this bot's last evidence at ``position``) pooled with :data:`SECOND_LOOK`
        times as many more deals, drawn after them; ``first`` itself if none could be solved."""
        evaluated = self._evaluate(position, count=SECOND_LOOK * first.deals)
        if evaluated is None or not any(evaluated[0].values()):
            return first
        return _pooled(first, _evidence_of(*evaluated))

    def _evaluate(
        self, position: Position, count: int | None = None
    ) -> tuple[dict[Card, list[float]], dict[Card, int]] | None:
        """For each legal card, its points on each sampled deal (see :meth:`card_values`),
        and the number of sampled deals on which our side's bids all hold after it
        (no points at all when the node budget did not reach the end of the first deal);
        ``None`` for a game the solver does not play, two-player Spades (the hard bot decides).
        The solver is given the table's rules (:meth:`Position.solver_state`), so it tries
        exactly the kernel's legal cards."""
        from spades_teach.solver import NodeBudget, clear_table, score_cards

        if not seating_of(position.rules).partnerships:
            return None
        allowed = _NO_CAP if self.node_budget is None else self.node_budget
        budget = NodeBudget(allowed)
        clear_table()  # node counts that depend on this decision alone

        count = count or self.samples or _samples_for(position.tricks_left)
        deals = sample_deals(position, count, self._rng)
        outcome = _Outcome(position)
        legal = list(position.legal)
        totals: dict[Card, list[float]] = {card: [] for card in legal}
        holding = {card: 0 for card in legal}
        left = position.tricks_left
        table = _NilPlayouts(position, outcome.live_nils) if outcome.live_nils else None
        for hands in deals:
            solved = position.solver_state(hands)
            try:
                tricks = score_cards(solved, budget=budget)
            except SearchBudgetSpent:
                break
            fates = table.fates(list(solved.hands)) if table is not None else {}
            for card in legal:
                made = fates.get(table.rep[card], {}) if table is not None else {}
                value, holds = outcome.judge(tricks[card.index], left, made)
                totals[card].append(value)
                holding[card] += holds
        self.last_nodes = allowed - budget.remaining
        return totals, holding
