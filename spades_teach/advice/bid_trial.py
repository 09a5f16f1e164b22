"""A bid tried at the table: deal the unseen cards many times around one hand, play each deal out,
and value every bid the hand could make on those deals at match value.

It is the one bid simulation of the package: the bid advice checks its count with it
(:func:`~spades_teach.advice.bidding.advise_bid`), and the *Simulate* study
(:func:`~spades_teach.analysis.simulate.analyze_hand`) runs it in parallel and puts it in words.
Sample ``i`` draws from its own ``random.Random(f"spades_teach/analyze/{seed}:{i}")``, so the same
hand at the same table gets the same deals whoever asks. The sampling and the two methods are
described in :mod:`spades_teach.analysis.simulate`.

A bid is valued by :func:`~spades_teach.game.match.hand_match_value`: the side's points with each
bag charged its share of the penalty, and the match won or lost when the hand ends it.

>>> spec = TrialSpec.for_table("AKQ3.K52.7.A9842", seat="S", bids={}, rules=Rules())
>>> spec.dealer  # no bid made yet: South bids first, so East dealt
<Seat.E: 1>
>>> values = trial_values(spec, samples=8)
>>> values.best in values.means
True
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.driver import advance
from spades_teach.advice.nil_trial import counted_bid
from spades_teach.advice.playout import PlayoutViews, play_out
from spades_teach.advice.position import Position, legal_bid
from spades_teach.advice.sampling import draw_deal, nil_fit
from spades_teach.errors import IllegalBidError, SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, Hand, HandLike
from spades_teach.game.deals import Deal
from spades_teach.game.kernel import Playout, first_leader, two_of_clubs_leads
from spades_teach.game.match import hand_match_value
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import coerce_side, score_round
from spades_teach.game.seating import Seat, SeatLike
from spades_teach.i18n import _
from spades_teach.solver import double_dummy, nil_objective, reaches

__all__ = [
    "BID_CHECK_SAMPLES",
    "BID_FIT",
    "MAX_REJECTIONS",
    "METHODS",
    "BidValues",
    "SampleOutcome",
    "TrialSpec",
    "bid_round",
    "dealer_for",
    "made",
    "mean_interval",
    "run_sample",
    "sample_deal",
    "sample_value",
    "trial_values",
    "values_per_bid",
]

#: The two ways of finding the tricks of a sampled deal.
METHODS = ("playout", "double_dummy")
#: Redeals allowed per sample before the bids' bias is given up for that sample.
MAX_REJECTIONS = 50
#: How far a sampled seat's count may lie from the number it bid: a seat that bid 4 holds a hand
#: counted from 3 to just under 6 (its count rounded down, give or take a trick).
BID_FIT = 1
#: Deals the bid advice plays out to check its count: as many as the *Simulate* button's, with the
#: same seed, so that the advice and the simulation on one page are the same study.
BID_CHECK_SAMPLES = 200

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_Z95 = 1.959963984540054


class SampleOutcome(NamedTuple):
    """The tricks of one sampled deal.

    ``seat_tricks``: the analysed seat's tricks (in double dummy: 0 if it can keep a
    Nil, 1 for *at least one*; ``None`` when Nil is not allowed there).
    ``side_tricks``: its side's tricks. ``partner_bid``: the partner's bid.
    ``their_bids`` and ``their_tricks``: the opponents' bids and tricks, in seat order
    (in double dummy their side's tricks go to the first of them who did not bid Nil).
    """

    seat_tricks: int | None
    side_tricks: int
    partner_bid: Bid
    their_bids: tuple[Bid, Bid] = (Bid(3), Bid(3))
    their_tricks: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class TrialSpec:
    """Everything a worker needs to run samples (picklable): the hand, the seat, the dealer,
    the bids already made, the rules, the match score and bag counters, the method and the seed."""

    hand_mask: int
    seat: Seat
    dealer: Seat
    bids: tuple[tuple[Seat, Bid], ...]
    rules: Rules
    scores: tuple[tuple[Any, int], ...]
    method: str
    seed: int | str
    bags: tuple[tuple[Any, int], ...] = ()

    @classmethod
    def for_table(
        cls,
        hand: HandLike,
        *,
        seat: SeatLike,
        bids: Mapping[Any, BidLike],
        rules: Rules,
        scores: Mapping[Any, int] | None = None,
        bags: Mapping[Any, int] | None = None,
        method: str = "playout",
        seed: int | str = 0,
    ) -> TrialSpec:
        """The trial of the bid advice: the dealer is the one that has the given bids made
        before ``seat`` and no other (:func:`dealer_for`)."""
        me = Seat.coerce(seat)
        made = {Seat.coerce(s): Bid.coerce(b) for s, b in bids.items()}
        return cls.at(Hand.dealt(hand), me, dealer_for(me, made), made, rules, scores, bags, method, seed)

    @classmethod
    def at(
        cls,
        hand: Hand,
        seat: Seat,
        dealer: Seat,
        bids: Mapping[Seat, Bid],
        rules: Rules,
        scores: Mapping[Any, int] | None,
        bags: Mapping[Any, int] | None,
        method: str,
        seed: int | str,
    ) -> TrialSpec:
        """The trial of ``hand`` at ``seat`` with this dealer, bids, score and bags (sides read by the rules)."""
        return cls(
            hand.mask,
            seat,
            dealer,
            tuple(bids.items()),
            rules,
            tuple((coerce_side(k, rules), int(v)) for k, v in (scores or {}).items()),
            method,
            seed,
            tuple((coerce_side(k, rules), int(v)) for k, v in (bags or {}).items()),
        )


def dealer_for(seat: Seat, bidders: Iterable[Seat]) -> Seat:
    """The dealer when ``seat`` bids after the seats that have bid (``bidders``) and as early
    as that allows: the seat before the earliest of them (with no bid made, ``seat`` bids first).

    >>> dealer_for(Seat.S, [Seat.N]), dealer_for(Seat.S, [])
    (<Seat.W: 3>, <Seat.E: 1>)
    """
    back = max(((int(seat) - int(s)) % 4 for s in bidders), default=0)
    return Seat((int(seat) - back - 1) % 4)


# -- one sample ----------------------------------------------------------------------------------------------------


def run_sample(spec: TrialSpec, index: int) -> SampleOutcome:
    """Sample ``index`` of ``spec``: the deal, the bidding, and the tricks."""
    rng = random.Random(f"spades_teach/analyze/{spec.seed}:{index}")
    deal = sample_deal(spec, rng)
    round = bid_round(spec, deal)
    partner_bid = round.bids[spec.seat.partner]
    team = spec.seat.team
    theirs = tuple(s for s in _SEATS if s.team is not team)
    their_bids = (round.bids[theirs[0]], round.bids[theirs[1]])
    if spec.method == "playout":
        won = play_out_sample(deal, round, spec)
        return SampleOutcome(
            won[spec.seat],
            won[spec.seat] + won[spec.seat.partner],
            partner_bid,
            their_bids,
            (won[theirs[0]], won[theirs[1]]),
        )
    leader = first_lead(deal, spec)
    dd = double_dummy(deal, leader=leader, rules=spec.rules)
    side = dd.tricks[team]
    seat_tricks: int | None = None
    if spec.rules.nil:
        seat_tricks = 1 if reaches(dd.position, nil_objective(spec.seat), 1) else 0
    rest = 13 - side
    their_tricks = (0, rest) if their_bids[0].is_nil and not their_bids[1].is_nil else (rest, 0)
    return SampleOutcome(seat_tricks, side, partner_bid, their_bids, their_tricks)


def play_out_sample(deal: Deal, round: Round, spec: TrialSpec) -> list[int]:
    """Tricks per seat when four medium bots play ``deal`` after the bidding of ``round``.

    The same choices as :func:`~spades_teach.advice.bots.play_round` with
    :class:`~spades_teach.advice.bots.MediumBot` players (the tests check it), without
    building a :class:`~spades_teach.advice.position.Position` for every card: the
    bots' own playout (:func:`~spades_teach.advice.playout.play_out`) on the kernel's
    :class:`~spades_teach.game.kernel.Playout`.
    """
    rules = spec.rules
    before = round.scores_before
    views = PlayoutViews(
        me=int(spec.seat),
        bids=[round.bids[s] for s in _SEATS],
        scores=(before[spec.seat.team], before[spec.seat.team.other]),
        bags=(0, 0),
        rules=rules,
    )
    sim = Playout(
        [deal[s].mask for s in _SEATS],
        rules=rules,
        leader=int(first_lead(deal, spec)),
        two_clubs_pending=two_of_clubs_leads(rules, 0, 0),
    )
    play_out(sim, views, [0, 0, 0, 0])
    return sim.won


def first_lead(deal: Deal, spec: TrialSpec) -> Seat:
    """The seat that leads the first trick of the sampled deal."""
    return first_leader([deal[s].mask for s in _SEATS], spec.dealer, spec.rules)


def sample_deal(spec: TrialSpec, rng: random.Random) -> Deal:
    """The 39 unseen cards dealt 13 to each other seat by the one sampler
    (:func:`~spades_teach.advice.sampling.draw_deal`; no voids before the play), redealt
    while a bid already made does not fit its hand (see :mod:`spades_teach.analysis.simulate`)."""
    unseen = [Card.from_index(i) for i in range(52) if not spec.hand_mask >> i & 1]
    others = [s for s in _SEATS if s is not spec.seat]
    known = dict(spec.bids)
    masks: dict[Seat, int] = {}
    for _attempt in range(MAX_REJECTIONS + 1):
        dealt = draw_deal(unseen, room=[13] * len(others), rng=rng)
        assert dealt is not None  # nothing limits a seat: the cut always deals
        masks = dict(zip(others, dealt, strict=True))
        if all(_fits_bid(masks[s], bid, rng) for s, bid in known.items()):
            break
    hands = {s: Hand.from_mask(m) for s, m in masks.items()}
    hands[spec.seat] = Hand.from_mask(spec.hand_mask)
    return Deal(hands, dealer=spec.dealer)


def _fits_bid(mask: int, bid: Bid, rng: random.Random) -> bool:
    """Is a seat holding ``mask`` kept as the one that bid ``bid``?"""
    if bid.is_nil:
        # a blind Nil was bid unseen; a Nil is kept by the one Nil-fit rule of every sampled deal
        return bid.blind or rng.random() < nil_fit(mask)
    estimate = sum(reason.value for reason in count_hand(Hand.from_mask(mask)))
    return -BID_FIT <= estimate - int(bid) < BID_FIT + 1


class _CountingBidder:
    """How a seat of a sampled deal bids: its count rounded down, or Nil when the count is low
    and the hand fits one (:func:`~spades_teach.advice.nil_check.nil_risk`), made legal at the
    table — the medium bot's bid without its Nil trial at the table, which would play forty
    more deals for every borderline hand of every sample."""

    def choose_bid(self, position: Position) -> Bid:
        return legal_bid(position, counted_bid(position.hand.mask))


def bid_round(spec: TrialSpec, deal: Deal) -> Round:
    """A round of ``deal`` with the bidding done: given bids stand, the others bid their count."""
    scores = dict(spec.scores) or None
    round = Round(deal, dealer=spec.dealer, rules=spec.rules, scores=scores)
    given = dict(spec.bids)
    bidder = _CountingBidder()
    bots = {seat: bidder for seat in round.seats if seat not in given}
    while round.phase == "bidding":
        who = advance(round, bots, until=_bidding_over)  # type: ignore[arg-type]
        if who is None or round.phase != "bidding":
            break
        try:
            round.bid(who, given[who])
        except IllegalBidError as exc:
            raise SpadesError(
                _("bids: {seat} cannot bid {bid}: {problem}").format(
                    seat=seat_word(int(who)), bid=given[who], problem=exc
                )
            ) from None
    return round


def _bidding_over(round: Round) -> bool:
    return round.phase != "bidding"


# -- valuing a bid -------------------------------------------------------------------------------------------------


def _split(outcome: SampleOutcome, bid: Bid, method: str) -> tuple[int, int]:
    """The (seat, partner) tricks used to score ``bid`` on one sample."""
    if method == "playout":
        assert outcome.seat_tricks is not None
        return outcome.seat_tricks, outcome.side_tricks - outcome.seat_tricks
    if bid.is_nil:
        seat = outcome.seat_tricks or 0
        seat = min(seat, outcome.side_tricks) if outcome.side_tricks else seat
        return seat, max(0, outcome.side_tricks - seat)
    return outcome.side_tricks, 0


def _partner_bid(outcome: SampleOutcome, bid: Bid, rules: Rules) -> Bid:
    """The partner's bid beside ``bid``: the sampled one, raised to what the team's minimum
    leaves when the two numbers fall short of it (the partner, bidding after, would have had to)."""
    partner = outcome.partner_bid
    if rules.min_team_bid and not bid.is_nil and not partner.is_nil and int(bid) + int(partner) < rules.min_team_bid:
        return Bid(min(13, rules.min_team_bid - int(bid)))
    return partner


def sample_value(outcome: SampleOutcome, bid: Bid, spec: TrialSpec) -> float:
    """What ``bid`` is worth on one sample, at match value
    (:func:`~spades_teach.game.match.hand_match_value`, the bags and score of ``spec``)."""
    seat = spec.seat
    mine, partner = _split(outcome, bid, spec.method)
    if mine + partner > 13:  # pragma: no cover - a Nil seat forced to a trick when the side took none
        partner = 13 - mine
    theirs = [s for s in _SEATS if s.team is not seat.team]
    their_tricks = list(outcome.their_tricks)
    their_tricks[0] = 13 - mine - partner - their_tricks[1]
    if their_tricks[0] < 0:  # pragma: no cover - the double-dummy split rounded a Nil seat's trick
        their_tricks = [0, 13 - mine - partner]
    result = score_round(
        {
            seat: bid,
            seat.partner: _partner_bid(outcome, bid, spec.rules),
            theirs[0]: outcome.their_bids[0],
            theirs[1]: outcome.their_bids[1],
        },
        {seat: mine, seat.partner: partner, theirs[0]: their_tricks[0], theirs[1]: their_tricks[1]},
        bags=dict(spec.bags),
        rules=spec.rules,
    )
    before = {seat.team: 0, seat.team.other: 0, **dict(spec.scores)}  # no score given: 0 to 0
    return hand_match_value(seat.team, result, before, spec.rules)


def made(outcome: SampleOutcome, bid: int, method: str, rules: Rules = Rules()) -> bool:
    """Whether bid ``bid`` (0: Nil) is made on one sample: the seat took no trick, or the side
    took its contract."""
    b = Bid.coerce(bid)
    mine, partner = _split(outcome, b, method)
    if b.is_nil:
        return mine == 0
    partner_bid = _partner_bid(outcome, b, rules)
    contract = int(b) + (0 if partner_bid.is_nil else int(partner_bid))
    won = mine + (0 if partner_bid.is_nil else partner)
    return won >= contract


def values_per_bid(outcomes: Sequence[SampleOutcome], candidates: Sequence[Bid], spec: TrialSpec) -> list[list[float]]:
    """Each candidate's value on each sample (equal samples are valued once)."""
    seen: dict[tuple[SampleOutcome, int, bool], float] = {}
    table: list[list[float]] = []
    for bid in candidates:
        row = []
        for o in outcomes:
            key = (o, int(bid), bid.blind)
            if key not in seen:
                seen[key] = sample_value(o, bid, spec)
            row.append(seen[key])
        table.append(row)
    return table


@dataclass(frozen=True)
class BidValues:
    """The numbered bids of one trial: each bid's mean value over the deals (``means``), the
    share of deals it is made on (``make``), the ``best`` bid, the ``runner_up`` and a 95%
    interval for the best's lead over it (``margin``, paired on the same deals); ``close`` when
    that interval reaches zero (the deals cannot tell the two apart); ``lead[b]`` the same
    interval for the best's lead over any bid ``b``."""

    samples: int
    means: dict[int, float]
    make: dict[int, float]
    best: int
    runner_up: int
    margin: tuple[float, float]
    lead: dict[int, tuple[float, float]]

    @property
    def close(self) -> bool:
        return self.margin[0] <= 0

    def close_to_best(self, bid: int) -> bool:
        """Whether the deals cannot tell ``bid`` from the best bid (it is the best, or the
        interval of the best's lead over it reaches zero)."""
        return bid == self.best or self.lead[bid][0] <= 0


def mean_interval(values: Sequence[float]) -> tuple[float, float]:
    """A 95% confidence interval for the mean of ``values`` (mean ± 1.96 standard
    errors); unbounded with fewer than two values. Shared by the batch studies.

    >>> mean_interval([2.0, 2.0]), mean_interval([5.0])
    ((2.0, 2.0), (-inf, inf))
    """
    n = len(values)
    mean = sum(values) / n
    if n < 2:
        return (-math.inf, math.inf)
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = _Z95 * math.sqrt(variance / n)
    return (mean - half, mean + half)


def trial_values(spec: TrialSpec, *, samples: int = BID_CHECK_SAMPLES, lowest: int = 1) -> BidValues:
    """Play ``samples`` deals of ``spec`` here, one after the other, and value the numbered bids
    from ``lowest`` to 13 on them (the last answers are kept: the same table asks again as
    the learner changes a box and back)."""
    return _trial_values(spec, samples, lowest)


@functools.lru_cache(maxsize=128)
def _trial_values(spec: TrialSpec, samples: int, lowest: int) -> BidValues:
    outcomes = [run_sample(spec, i) for i in range(samples)]
    candidates = [Bid(b) for b in range(max(1, lowest), 14)]
    table = values_per_bid(outcomes, candidates, spec)
    means = {int(c): sum(row) / samples for c, row in zip(candidates, table, strict=True)}
    ranked = sorted(range(len(candidates)), key=lambda k: (-means[int(candidates[k])], int(candidates[k])))
    best, runner = ranked[0], ranked[1] if len(ranked) > 1 else ranked[0]
    lead = {
        int(c): mean_interval([a - b for a, b in zip(table[best], row, strict=True)])
        for c, row in zip(candidates, table, strict=True)
    }
    make = {int(c): sum(made(o, int(c), spec.method, spec.rules) for o in outcomes) / samples for c in candidates}
    best_bid, runner_bid = int(candidates[best]), int(candidates[runner])
    return BidValues(samples, means, make, best_bid, runner_bid, lead[runner_bid], lead)
