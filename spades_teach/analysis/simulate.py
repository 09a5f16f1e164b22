"""What one hand is worth: simulate the unseen cards and score every bid.

:func:`analyze_hand` takes the 13 cards of one seat, deals the 39 cards it
cannot see to the other three seats many times, finds how many tricks the seat
and its side take in each of those deals, and scores every bid 0–13 against
those trick counts with :func:`~spades_teach.game.scoring.score_round`. The answer,
a :class:`HandAnalysis`, holds the trick distributions, the chance of making
each bid, the mean score change of each bid, the best bid and a 95% confidence
interval showing how sure that choice is.

>>> a = analyze_hand("AKQJ.AK.AK.AKQJ2", samples=4)
>>> a.best_bid >= 8, a.make_probability[1]
(True, 1.0)

How a sample is made
--------------------
Sample ``i`` uses its own ``random.Random(f"{seed}:{i}")``, so the result does
not depend on how the samples are shared among workers. The unseen cards are
shuffled and dealt; a bid already made by another seat biases the deal by
rejection (up to :data:`MAX_REJECTIONS` redeals, after which the last deal is
kept):

* a Nil bidder's hand is kept with the chance :func:`~spades_teach.advice.sampling.nil_fit`
  gives it (each ace, the K♠ or the Q♠ it holds divides the chance by five), the one rule
  every sampled deal follows (a blind Nil tells nothing: it was bid unseen);
* a numbered bid is redealt when the advisor's count of that hand
  (:func:`~spades_teach.advice.bidding.count_hand`) is more than two tricks away
  from the bid.

Then the bidding is completed by :class:`~spades_teach.advice.bots.MediumBot` players
(the given bids stand; the analysed seat bids what the bot would), which gives
the partner's bid for that sample.

The two methods
---------------
``method="playout"`` plays the deal out with four medium bots and records the
tricks of the seat and of its side. ``method="double_dummy"`` solves the deal
exactly (all hands known, best play, spades unbroken, first lead by the
dealer's left or by the 2♣ under that rule): the side's tricks come from
:func:`~spades_teach.analysis.double_dummy`, and, when Nil is allowed, the
seat's tricks are 0 if the seat can keep a Nil against the best defence and 1
(meaning *at least one*) otherwise.

Simplifications
---------------
* The trick counts of a sample are scored for every candidate bid, although the
  play would change a little with a different bid (a seat that bids Nil ducks
  more than the bots did in that sample when they bid a number).
* The score is the side's own change this hand (bags and the bag penalty
  counted from ``bags``); what the opponents score is not subtracted.
* In double dummy a Nil is scored with the partner taking the rest of the
  side's tricks, and a partner's Nil is assumed kept.
* ``rules.min_team_bid`` is not applied to the candidate bids; two-player
  rules are not supported.

Running in parallel
-------------------
The samples go out in tasks of :data:`CHUNK` samples through
:func:`~spades_teach.analysis.parallel.map_tasks` and come back in order.
``executor=None`` (the default) runs them on the local cores, through the
process pool this process shares among its studies, once there are at least
:data:`~spades_teach.analysis.parallel.MIN_POOL_TASKS` tasks (smaller studies
run inline). Any
:class:`concurrent.futures.Executor` can be given instead:
:class:`~spades_teach.analysis.parallel.SerialExecutor` runs everything inline,
a :class:`~concurrent.futures.ProcessPoolExecutor` or a Dask cluster's
``client.get_executor()`` spread the tasks over their workers. Every sample
draws from its own seeded generator, so the result is the same on every
executor for the same seed. ``progress(done, total)`` is called after each
task, counting samples.

>>> from spades_teach.analysis.parallel import SerialExecutor
>>> inline = analyze_hand("AKQJ.AK.AK.AKQJ2", samples=12, seed=1, executor=SerialExecutor())
>>> inline == analyze_hand("AKQJ.AK.AK.AKQJ2", samples=12, seed=1)
True
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, NamedTuple

from spades_teach.advice.bid_count import count_hand
from spades_teach.advice.bots import MediumBot
from spades_teach.advice.driver import advance
from spades_teach.advice.playout import PlayoutViews, play_out
from spades_teach.advice.sampling import draw_deal, nil_fit
from spades_teach.analysis.parallel import map_tasks
from spades_teach.errors import IllegalBidError, ParseError, SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, Hand, HandLike
from spades_teach.game.deals import Deal
from spades_teach.game.kernel import Playout, first_leader, two_of_clubs_leads
from spades_teach.game.notation import seat_word
from spades_teach.game.round import Round
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import coerce_side, score_round
from spades_teach.game.seating import Seat, SeatLike, Team, seating_of
from spades_teach.i18n import _, format_percent, format_signed, ngettext
from spades_teach.solver import double_dummy, nil_objective, reaches

__all__ = ["CHUNK", "MAX_REJECTIONS", "METHODS", "HandAnalysis", "SampleOutcome", "analyze_hand"]

#: The two ways of finding the tricks of a sampled deal.
METHODS = ("playout", "double_dummy")
#: Redeals allowed per sample before the bids' bias is given up for that sample.
MAX_REJECTIONS = 50
#: Samples per task handed to an executor.
CHUNK = 10

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)
_Z95 = 1.959963984540054


class SampleOutcome(NamedTuple):
    """The tricks of one sampled deal.

    ``seat_tricks``: the analysed seat's tricks (in double dummy: 0 if it can keep a
    Nil, 1 for *at least one*; ``None`` when Nil is not allowed there).
    ``side_tricks``: its side's tricks. ``partner_bid``: the partner's bid.
    """

    seat_tricks: int | None
    side_tricks: int
    partner_bid: Bid


@dataclass(frozen=True)
class HandAnalysis:
    """The result of :func:`analyze_hand` (see the module docs).

    ``expected_scores[b]`` is the side's mean score change for bid ``b`` (0 is Nil,
    present when the rules allow Nil); ``blind_nil_score`` the same for a blind Nil
    (``None`` when it is not allowed). ``make_probability[b]`` is the share of
    samples where bid ``b`` is made (for 0: the seat takes no trick).
    ``best_interval`` is a 95% confidence interval for the best bid's expected
    score, ``margin_interval`` one for its lead over ``runner_up``.
    """

    hand: Hand
    seat: Seat
    method: str
    samples: int
    outcomes: tuple[SampleOutcome, ...]
    seat_tricks: dict[int, int]
    side_tricks: dict[int, int]
    make_probability: dict[int, float]
    expected_scores: dict[int, float]
    blind_nil_score: float | None
    best_bid: Bid
    best_interval: tuple[float, float]
    runner_up: Bid | None
    margin_interval: tuple[float, float]
    summary: str
    #: The figures behind ``summary`` as a statistician writes them (the 95% interval, the
    #: playouts): for the curious reader, one click away in the widget.
    details: str = ""

    def __str__(self) -> str:
        return self.summary


@dataclass(frozen=True)
class _Spec:
    """Everything a worker needs to run samples (picklable)."""

    hand_mask: int
    seat: Seat
    dealer: Seat
    bids: tuple[tuple[Seat, Bid], ...]
    rules: Rules
    scores: tuple[tuple[Any, int], ...]
    method: str
    seed: int | str


def analyze_hand(
    hand: HandLike,
    *,
    seat: SeatLike = "S",
    dealer: SeatLike = "W",
    bids: Mapping[Any, BidLike] | None = None,
    rules: Rules = Rules(),
    scores: Mapping[Any, int] | None = None,
    bags: Mapping[Any, int] | None = None,
    samples: int = 200,
    method: str = "playout",
    seed: int | str = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> HandAnalysis:
    """Simulate ``samples`` deals of the unseen cards and score every bid of ``hand``.

    ``seat`` holds ``hand``; ``dealer`` dealt (the bidding starts at the dealer's
    left); ``bids`` are the bids already made by seats before ``seat``; ``scores``
    and ``bags`` are the match score and bag counters (side → value), which decide
    whether a blind Nil is allowed and when a bag penalty falls. ``executor`` says
    where the samples run (``None``: the local cores) and ``progress(done, total)``
    hears how many are done. See the module docs for the sampling, the methods,
    the simplifications and running in parallel.
    """
    h, me, deal_seat, made = _check_input(hand, seat, dealer, bids, rules, samples, method)
    spec = _Spec(
        h.mask,
        me,
        deal_seat,
        tuple(made.items()),
        rules,
        tuple((coerce_side(k, rules), int(v)) for k, v in (scores or {}).items()),
        method,
        seed,
    )
    _check_bidding(spec)
    score_round({me: 1, me.partner: 1}, {me: 1, me.partner: 1}, bags=bags, rules=rules)  # bad bags fail now, not later
    outcomes = _run(spec, samples, executor, progress)
    return _summarise(h, me, method, outcomes, rules, bags, _blind_nil_allowed(me, rules, scores))


# -- input ---------------------------------------------------------------------------------------------------------


def _check_input(
    hand: HandLike,
    seat: SeatLike,
    dealer: SeatLike,
    bids: Mapping[Any, BidLike] | None,
    rules: Rules,
    samples: int,
    method: str,
) -> tuple[Hand, Seat, Seat, dict[Seat, Bid]]:
    if not isinstance(rules, Rules):
        raise SpadesError(_("rules must be a Rules value, not {value}").format(value=repr(rules)))
    if not seating_of(rules).partnerships:
        raise SpadesError(_("hand analysis covers the four-player game only: use Rules(players=4)"))
    if method not in METHODS:
        raise SpadesError(_("unknown method {method}: use 'playout' or 'double_dummy'").format(method=repr(method)))
    if isinstance(samples, bool) or not isinstance(samples, int) or samples < 1:
        raise SpadesError(_("samples must be a whole number of 1 or more, got {value}").format(value=repr(samples)))
    try:
        h = Hand.dealt(hand)
        me = Seat.coerce(seat)
        deal_seat = Seat.coerce(dealer)
    except ParseError as exc:
        raise SpadesError(str(exc)) from None
    before = _seats_before(me, deal_seat)
    made: dict[Seat, Bid] = {}
    for key, value in (bids or {}).items():
        try:
            who = Seat.coerce(key)
            bid = Bid.coerce(value)
        except ParseError as exc:
            raise SpadesError(_("bids: {problem}").format(problem=exc)) from None
        if who is me:
            raise SpadesError(
                _("bids: {seat} is the seat being analysed; its bid is what the analysis chooses").format(
                    seat=seat_word(int(who))
                )
            )
        if who not in before:
            allowed = ", ".join(s.name for s in before) or _("none (this seat bids first)")
            raise SpadesError(
                _("bids: {seat} bids after {me} when {dealer} deals; bids can be given for {allowed}").format(
                    seat=seat_word(int(who)), me=seat_word(int(me)), dealer=seat_word(int(deal_seat)), allowed=allowed
                )
            )
        made[who] = bid
    return h, me, deal_seat, made


def _seats_before(seat: Seat, dealer: Seat) -> tuple[Seat, ...]:
    """The seats that bid before ``seat``, in bidding order."""
    order = [dealer.next, dealer.next.next, dealer.next.next.next, dealer]
    return tuple(order[: order.index(seat)])


def _check_bidding(spec: _Spec) -> None:
    """Bid the given bids on one deal, so that an illegal one is reported before sampling."""
    rest = [Card.from_index(i) for i in range(52) if not spec.hand_mask >> i & 1]
    hands = {spec.seat: Hand.from_mask(spec.hand_mask)}
    others = [s for s in _SEATS if s is not spec.seat]
    for k, other in enumerate(others):
        hands[other] = Hand(rest[13 * k : 13 * (k + 1)])
    _bid_round(spec, Deal(hands, dealer=spec.dealer))


def _blind_nil_allowed(seat: Seat, rules: Rules, scores: Mapping[Any, int] | None) -> bool:
    if not rules.blind_nil:
        return False
    totals = {Team.NS: 0, Team.EW: 0}
    for key, value in (scores or {}).items():
        totals[Team.coerce(coerce_side(key, rules))] = int(value)
    mine = seat.team
    return totals[mine.other] - totals[mine] >= rules.blind_nil_deficit


# -- sampling ------------------------------------------------------------------------------------------------------


def _run(
    spec: _Spec, samples: int, executor: Executor | None, progress: Callable[[int, int], None] | None
) -> tuple[SampleOutcome, ...]:
    tasks = [(spec, start, min(start + CHUNK, samples)) for start in range(0, samples, CHUNK)]
    results: list[SampleOutcome] = []
    for chunk in map_tasks(_run_chunk, tasks, executor=executor):
        results.extend(chunk)
        if progress is not None:
            progress(len(results), samples)  # counted in samples, not in chunks
    return tuple(results)


def _run_chunk(spec: _Spec, start: int, stop: int) -> list[SampleOutcome]:
    return [_run_sample(spec, index) for index in range(start, stop)]


def _run_sample(spec: _Spec, index: int) -> SampleOutcome:
    rng = random.Random(f"spades_teach/analyze/{spec.seed}:{index}")
    deal = _sample_deal(spec, rng)
    round = _bid_round(spec, deal)
    partner_bid = round.bids[spec.seat.partner]
    team = spec.seat.team
    if spec.method == "playout":
        won = _play_out(deal, round, spec)
        return SampleOutcome(won[spec.seat], won[spec.seat] + won[spec.seat.partner], partner_bid)
    leader = _first_leader(deal, spec)
    dd = double_dummy(deal, leader=leader, rules=spec.rules)
    side = dd.tricks[team]
    seat_tricks: int | None = None
    if spec.rules.nil:
        seat_tricks = 1 if reaches(dd.position, nil_objective(spec.seat), 1) else 0
    return SampleOutcome(seat_tricks, side, partner_bid)


def _play_out(deal: Deal, round: Round, spec: _Spec) -> list[int]:
    """Tricks per seat when four medium bots play ``deal`` after the bidding of ``round``.

    The same choices as :func:`~spades_teach.advice.bots.play_round` with
    :class:`~spades_teach.advice.bots.MediumBot` players (the tests check it), without
    building a :class:`~spades_teach.advice.position.Position` for every card: the
    bots' own playout (:func:`~spades_teach.advice.bots.play_out`) on the kernel's
    :class:`~spades_teach.game.kernel.Playout`.
    """
    rules = spec.rules
    me = int(spec.seat)
    before = round.scores_before
    views = PlayoutViews(
        me=me,
        bids=[round.bids[s] for s in _SEATS],
        scores=(before[spec.seat.team], before[spec.seat.team.other]),
        bags=(0, 0),
        rules=rules,
    )
    sim = Playout(
        [deal[s].mask for s in _SEATS],
        rules=rules,
        leader=int(_first_leader(deal, spec)),
        two_clubs_pending=two_of_clubs_leads(rules, 0, 0),
    )
    play_out(sim, views, [0, 0, 0, 0])
    return sim.won


def _first_leader(deal: Deal, spec: _Spec) -> Seat:
    return first_leader([deal[s].mask for s in _SEATS], spec.dealer, spec.rules)


def _sample_deal(spec: _Spec, rng: random.Random) -> Deal:
    """The 39 unseen cards dealt 13 to each other seat by the one sampler
    (:func:`~spades_teach.advice.sampling.draw_deal`; no voids before the play), redealt
    while a bid already made does not fit its hand (see the module docs)."""
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
    """Is a seat holding ``mask`` kept as the one that bid ``bid``? (see the module docs)"""
    if bid.is_nil:
        # a blind Nil was bid unseen; a Nil is kept by the one Nil-fit rule of every sampled deal
        return bid.blind or rng.random() < nil_fit(mask)
    estimate = sum(reason.value for reason in count_hand(Hand.from_mask(mask)))
    return abs(estimate - int(bid)) <= 2


def _bid_round(spec: _Spec, deal: Deal) -> Round:
    """A round of ``deal`` with the bidding done: given bids stand, bots bid the rest."""
    scores = dict(spec.scores) or None
    round = Round(deal, dealer=spec.dealer, rules=spec.rules, scores=scores)
    given = dict(spec.bids)
    bot = MediumBot()
    bots = {seat: bot for seat in round.seats if seat not in given}
    while round.phase == "bidding":
        who = advance(round, bots, until=_bidding_over)
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


# -- scoring and summary -------------------------------------------------------------------------------------------


def _split(outcome: SampleOutcome, bid: Bid, method: str) -> tuple[int, int]:
    """The (seat, partner) tricks used to score ``bid`` on one sample (see the module docs)."""
    if method == "playout":
        assert outcome.seat_tricks is not None
        return outcome.seat_tricks, outcome.side_tricks - outcome.seat_tricks
    if bid.is_nil:
        seat = outcome.seat_tricks or 0
        seat = min(seat, outcome.side_tricks) if outcome.side_tricks else seat
        return seat, max(0, outcome.side_tricks - seat)
    return outcome.side_tricks, 0


def _score(outcome: SampleOutcome, bid: Bid, seat: Seat, method: str, rules: Rules, bags: Mapping[Any, int]) -> int:
    mine, partner = _split(outcome, bid, method)
    if mine + partner > 13:  # pragma: no cover - a Nil seat forced to a trick when the side took none
        partner = 13 - mine
    result = score_round(
        {seat: bid, seat.partner: outcome.partner_bid},
        {seat: mine, seat.partner: partner},
        bags=bags,
        rules=rules,
    )
    return result.points[seat.team]


def _made(outcome: SampleOutcome, bid: int, method: str) -> bool:
    b = Bid.coerce(bid)
    mine, partner = _split(outcome, b, method)
    if b.is_nil:
        return mine == 0
    contract = int(b) + (0 if outcome.partner_bid.is_nil else int(outcome.partner_bid))
    won = mine + (0 if outcome.partner_bid.is_nil else partner)
    return won >= contract


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


def _summarise(
    hand: Hand,
    seat: Seat,
    method: str,
    outcomes: tuple[SampleOutcome, ...],
    rules: Rules,
    bags: Mapping[Any, int] | None,
    blind_allowed: bool,
) -> HandAnalysis:
    bag_counter = {coerce_side(k, rules): int(v) for k, v in (bags or {}).items()}
    n = len(outcomes)
    nil_known = rules.nil and all(o.seat_tricks is not None for o in outcomes)
    candidates: list[Bid] = [Bid(b) for b in range(0 if nil_known else 1, 14)]
    if blind_allowed and nil_known:
        candidates.append(Bid(0, blind=True))
    # Bid(0) and the blind Nil compare equal as ints, so candidates are keyed by position.
    per_bid = [[_score(o, c, seat, method, rules, bag_counter) for o in outcomes] for c in candidates]
    means = [sum(v) / n for v in per_bid]
    expected = {int(c): means[k] for k, c in enumerate(candidates) if not c.blind}
    blind_score = next((means[k] for k, c in enumerate(candidates) if c.blind), None)
    make = {int(c): sum(_made(o, int(c), method) for o in outcomes) / n for c in candidates if not c.blind}
    ranked = sorted(range(len(candidates)), key=lambda k: (-means[k], int(candidates[k]), candidates[k].blind))
    best = candidates[ranked[0]]
    runner = candidates[ranked[1]] if len(ranked) > 1 else None
    best_interval = mean_interval(per_bid[ranked[0]])
    margin = (
        mean_interval([a - b for a, b in zip(per_bid[ranked[0]], per_bid[ranked[1]])])
        if len(ranked) > 1
        else (math.inf, math.inf)
    )
    seat_dist = dict(sorted(Counter(o.seat_tricks for o in outcomes if o.seat_tricks is not None).items()))
    side_dist = dict(sorted(Counter(o.side_tricks for o in outcomes).items()))
    figures = (best, means[ranked[0]], best_interval, make.get(int(best), 0.0), n, method, runner, margin)
    summary, details = _plain_summary(*figures), _summary_line(*figures)
    return HandAnalysis(
        hand=hand,
        seat=seat,
        method=method,
        samples=n,
        outcomes=outcomes,
        seat_tricks=seat_dist,
        side_tricks=side_dist,
        make_probability=make,
        expected_scores=expected,
        blind_nil_score=blind_score,
        best_bid=best,
        best_interval=best_interval,
        runner_up=runner,
        margin_interval=margin,
        summary=summary,
        details=details,
    )


def _plain_summary(
    best: Bid,
    mean: float,
    interval: tuple[float, float],
    make: float,
    n: int,
    method: str,
    runner: Bid | None,
    margin: tuple[float, float],
) -> str:
    """The result in a beginner's words, a sentence each: what the bid scored, how often
    it was made, and whether the next best bid does about as well (the figures are the
    same as :func:`_summary_line`'s)."""
    if method == "playout":
        first = ngettext(
            "Bid {bid}: the computer played {count} deal around your hand, and this bid scored {mean} points"
            " on average.",
            "Bid {bid}: the computer played {count} deals around your hand, and this bid scored {mean} points"
            " on average.",
            n,
        )
    else:
        first = ngettext(
            "Bid {bid}: over {count} deal played with every card in view, this bid scored {mean} points on average.",
            "Bid {bid}: over {count} deals played with every card in view, this bid scored {mean} points on average.",
            n,
        )
    sentences = [first.format(bid=_bid_label(best), mean=signed_decimal(mean), count=n)]
    if not best.blind:
        sentences.append(_("It was made {percent} of the time.").format(percent=percent_text(make)))
    if runner is not None and math.isfinite(margin[0]):
        if margin[0] > 0:
            sentences.append(_("It does clearly better than {bid}.").format(bid=_bid_label(runner)))
        else:
            sentences.append(
                _("{bid} would do about as well: these deals cannot tell the two apart.").format(bid=_bid_label(runner))
            )
    return " ".join(sentences)


def _summary_line(
    best: Bid,
    mean: float,
    interval: tuple[float, float],
    make: float,
    n: int,
    method: str,
    runner: Bid | None,
    margin: tuple[float, float],
) -> str:
    if method == "playout":
        line = ngettext(
            "bid {bid}: {mean} points on average over {count} bot playout",
            "bid {bid}: {mean} points on average over {count} bot playouts",
            n,
        )
    else:
        line = ngettext(
            "bid {bid}: {mean} points on average over {count} double-dummy deal",
            "bid {bid}: {mean} points on average over {count} double-dummy deals",
            n,
        )
    line = line.format(bid=_bid_label(best), mean=signed_decimal(mean), count=n)
    if math.isfinite(interval[0]):
        line = _("{summary} ({confidence} interval {low} to {high})").format(
            summary=line,
            confidence=percent_text(0.95),
            low=signed_decimal(interval[0]),
            high=signed_decimal(interval[1]),
        )
    if not best.blind:
        line = _("{summary}, made {percent} of the time").format(summary=line, percent=percent_text(make))
    if runner is not None and math.isfinite(margin[0]):
        better = (
            _("{summary}; clearly better than {bid}")
            if margin[0] > 0
            else _("{summary}; not clearly better than {bid}")
        )
        line = better.format(summary=line, bid=_bid_label(runner))
    return line


def _bid_label(bid: Bid) -> str:
    """A bid as a score sheet writes it, in the language in use: ``Nil``, ``Blind Nil``, ``4``."""
    if int(bid) == 0:
        return _("Blind Nil") if bid.blind else _("Nil")
    return str(int(bid))


def percent_text(share: float) -> str:
    """A share as a whole percentage, written as the language writes it (``57%``, ``57 %``).

    >>> percent_text(0.574)
    '57%'
    """
    return format_percent(share)


def signed_decimal(x: float, digits: int = 1) -> str:
    """``x`` with its sign and ``digits`` decimals, in the decimal mark of the language in use.

    >>> signed_decimal(2.54), signed_decimal(-0.04), signed_decimal(-0.4)
    ('+2.5', '0.0', '−0.4')
    """
    return format_signed(x, digits)
