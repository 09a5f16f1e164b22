"""What one hand is worth: simulate the unseen cards and score every bid.

:func:`analyze_hand` takes the 13 cards of one seat, deals the 39 cards it
cannot see to the other three seats many times, finds how many tricks the seat
and its side take in each of those deals, and scores every bid 0–13 against
those trick counts with :func:`~spades_teach.game.scoring.score_round`. The answer,
a :class:`HandAnalysis`, holds the trick distributions, the chance of making
each bid, the mean value of each bid at match value, the best bid and a 95% confidence
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
* a numbered bid is redealt unless the advisor's count of that hand
  (:func:`~spades_teach.advice.bidding.count_hand`) rounds down to the bid give or
  take one trick (:data:`~spades_teach.advice.bid_trial.BID_FIT`).

Then the other seats bid what their count says (rounded down, or Nil when the count is low
and the hand fits one: the medium bot's bid without its Nil trial at the table, which would play
forty more deals for each borderline hand); the given bids stand. That gives the partner's and
the opponents' bids for that sample.

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
* A bid is valued at match value, the one measure of a bid
  (:func:`~spades_teach.game.match.hand_match_value`): the side's points for the hand with
  each bag left on the counter charged its share of the penalty (10 points under the usual
  rules; a penalty that falls in the hand counts in full); a deal that ends the match (the
  ``scores`` given, 0 to 0 otherwise) counts as the whole target, won or lost, whatever its points.
  What the opponents score otherwise is not subtracted.
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
from collections import Counter
from collections.abc import Callable, Mapping
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from spades_teach.advice.bid_trial import (
    MAX_REJECTIONS,
    METHODS,
    SampleOutcome,
    TrialSpec,
    bid_round,
    made,
    mean_interval,
    run_sample,
    values_per_bid,
)
from spades_teach.analysis.parallel import map_tasks
from spades_teach.errors import ParseError, SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import Card, Hand, HandLike
from spades_teach.game.deals import Deal
from spades_teach.game.notation import seat_word
from spades_teach.game.rules import Rules
from spades_teach.game.scoring import coerce_side, score_round
from spades_teach.game.seating import Seat, SeatLike, Team, seating_of
from spades_teach.i18n import _, format_percent, format_signed, ngettext

__all__ = [
    "CHUNK",
    "MAX_REJECTIONS",
    "METHODS",
    "HandAnalysis",
    "SampleOutcome",
    "analyze_hand",
    "mean_interval",
]

#: Samples per task handed to an executor.
CHUNK = 10

_SEATS = (Seat.N, Seat.E, Seat.S, Seat.W)


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
    score_round({me: 1, me.partner: 1}, {me: 1, me.partner: 1}, bags=bags, rules=rules)  # bad bags fail now, not later
    spec = TrialSpec.at(h, me, deal_seat, made, rules, scores, bags, method, seed)
    _check_bidding(spec)
    outcomes = _run(spec, samples, executor, progress)
    return _summarise(spec, h, outcomes, _blind_nil_allowed(me, rules, scores))


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


def _check_bidding(spec: TrialSpec) -> None:
    """Bid the given bids on one deal, so that an illegal one is reported before sampling."""
    rest = [Card.from_index(i) for i in range(52) if not spec.hand_mask >> i & 1]
    hands = {spec.seat: Hand.from_mask(spec.hand_mask)}
    others = [s for s in _SEATS if s is not spec.seat]
    for k, other in enumerate(others):
        hands[other] = Hand(rest[13 * k : 13 * (k + 1)])
    bid_round(spec, Deal(hands, dealer=spec.dealer))


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
    spec: TrialSpec, samples: int, executor: Executor | None, progress: Callable[[int, int], None] | None
) -> tuple[SampleOutcome, ...]:
    tasks = [(spec, start, min(start + CHUNK, samples)) for start in range(0, samples, CHUNK)]
    results: list[SampleOutcome] = []
    for chunk in map_tasks(_run_chunk, tasks, executor=executor):
        results.extend(chunk)
        if progress is not None:
            progress(len(results), samples)  # counted in samples, not in chunks
    return tuple(results)


def _run_chunk(spec: TrialSpec, start: int, stop: int) -> list[SampleOutcome]:
    return [run_sample(spec, index) for index in range(start, stop)]


# -- scoring and summary -------------------------------------------------------------------------------------------


def _summarise(spec: TrialSpec, hand: Hand, outcomes: tuple[SampleOutcome, ...], blind_allowed: bool) -> HandAnalysis:
    rules, seat, method = spec.rules, spec.seat, spec.method
    n = len(outcomes)
    nil_known = rules.nil and all(o.seat_tricks is not None for o in outcomes)
    candidates: list[Bid] = [Bid(b) for b in range(0 if nil_known else 1, 14)]
    if blind_allowed and nil_known:
        candidates.append(Bid(0, blind=True))
    # Bid(0) and the blind Nil compare equal as ints, so candidates are keyed by position.
    per_bid = values_per_bid(outcomes, candidates, spec)
    means = [sum(v) / n for v in per_bid]
    expected = {int(c): means[k] for k, c in enumerate(candidates) if not c.blind}
    blind_score = next((means[k] for k, c in enumerate(candidates) if c.blind), None)
    make = {int(c): sum(made(o, int(c), method, rules) for o in outcomes) / n for c in candidates if not c.blind}
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
