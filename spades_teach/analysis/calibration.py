"""How well the bid advisor's count predicts what a hand takes, against bot playouts:
:func:`calibrate` (bias, mean absolute error and regret, overall and by hand feature). How the
study is made and what its figures mean: ``docs/modules.md``.

>>> study = calibrate(hands=2, samples=2, executor=SerialExecutor())
>>> len(study.records), study.samples
(2, 2)
>>> abs(study.bias) <= study.mae
True
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any, Protocol, TypeVar

from spades_teach.advice.bidding import (
    SAFETY_MARGIN,
    BidReason,
    advise_bid,
    assess_nil,
    count_hand,
    nil_before_the_bidding,
)
from spades_teach.analysis.parallel import SerialExecutor, map_tasks
from spades_teach.analysis.simulate import analyze_hand
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid
from spades_teach.game.cards import Hand, HandLike, Rank, Suit
from spades_teach.game.deals import deal
from spades_teach.game.seating import Seat
from spades_teach.i18n import _, yes_no

__all__ = [
    "CHUNK_HANDS",
    "FEATURES",
    "feature_value_label",
    "groups_by_feature",
    "Calibration",
    "FeatureGroup",
    "HandRecord",
    "advice_from_count",
    "calibrate",
    "hand_features",
]

#: Hands per task handed to an executor.
CHUNK_HANDS = 10
#: The hand features of the breakdown, in the order of the report.
FEATURES = ("spades", "voids", "singletons", "aces", "longest side suit", "nil-suitable", "count")

_SIDE_SUITS = (Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)

CountFunction = Callable[[HandLike], Sequence[BidReason]]


@dataclass(frozen=True)
class HandRecord:
    """One studied hand: its deal ``seed``, the ``hand``, the advisor's
    ``estimate`` and advised ``bid``, the ``simulated`` mean tricks of the seat,
    the simulation's ``best_bid`` and ``expected_scores`` (index = bid 0–13, 0 is Nil)."""

    seed: str
    hand: Hand
    estimate: float
    bid: Bid
    simulated: float
    best_bid: Bid
    expected_scores: tuple[float, ...]

    @property
    def error(self) -> float:
        """The count minus the simulated tricks (negative: the count is too low)."""
        return self.estimate - self.simulated

    @property
    def regret(self) -> float:
        """Expected points lost by bidding the advice instead of the best bid."""
        return self.expected_scores[int(self.best_bid)] - self.expected_scores[int(self.bid)]

    @property
    def features(self) -> dict[str, str]:
        """The group of this hand for every feature of :data:`FEATURES`."""
        return hand_features(self.hand, self.estimate)


@dataclass(frozen=True)
class FeatureGroup:
    """The hands sharing one value of a feature: how many, their mean count and
    simulated tricks, bias, MAE and mean regret."""

    feature: str
    value: str
    hands: int
    mean_estimate: float
    mean_simulated: float
    bias: float
    mae: float
    regret: float


@dataclass(frozen=True)
class Calibration:
    """The result of :func:`calibrate` (see the module docs).

    ``bias`` and ``mae`` are in tricks; ``best_bid_rate`` is the share of hands
    whose advised bid is the simulation's best; ``regret`` the mean expected
    points lost per hand; ``by_feature[name]`` the groups of one feature.
    """

    seed: int | str
    samples: int
    records: tuple[HandRecord, ...]
    bias: float
    mae: float
    best_bid_rate: float
    regret: float
    by_feature: dict[str, tuple[FeatureGroup, ...]]

    @classmethod
    def from_records(cls, records: Iterable[HandRecord], *, seed: int | str = 0, samples: int = 1) -> Calibration:
        """The figures of a study made of ``records`` (at least one).

        >>> flat = tuple(0.0 for _ in range(14))
        >>> a = HandRecord("a", Hand.parse("AKQ3.K52.7.A9842"), 3.0, Bid(3), 2.0, Bid(3), flat)
        >>> b = HandRecord("b", Hand.parse("3.J962.T8742.Q84"), 4.0, Bid(4), 4.5, Bid(4), flat)
        >>> study = Calibration.from_records([a, b])
        >>> study.bias, study.mae
        (0.25, 0.75)
        """
        found = tuple(records)
        if not found:
            raise SpadesError(_("a calibration needs at least one hand record, got none"))
        return _summarise(seed, samples, found)

    def recount(self, count: CountFunction, *, margin: float = SAFETY_MARGIN) -> Calibration:
        """The same study with the estimates of another counting, and the bids it
        gives when ``margin`` tricks are kept in hand before rounding down."""
        records = []
        for record in self.records:
            estimate, bid = advice_from_count(record.hand, count, margin=margin)
            records.append(replace(record, estimate=estimate, bid=bid))
        return _summarise(self.seed, self.samples, records)

    def __str__(self) -> str:
        return _table(self)


def hand_features(hand: HandLike, estimate: float | None = None) -> dict[str, str]:
    """The feature groups of a 13-card ``hand`` (``count`` is the rounded-down
    ``estimate``, by default the advisor's).

    >>> hand_features("AKQ3.K52.7.A9842")["voids"], hand_features("AKQ3.K52.7.A9842")["singletons"]
    ('0', '1')
    """
    h = Hand.coerce(hand)
    lengths = [h.count(s) for s in _SIDE_SUITS]
    if estimate is None:
        estimate = sum(r.value for r in count_hand(h))
    spades = h.count(Suit.SPADES)
    return {
        "spades": str(spades) if spades < 7 else "7+",
        "voids": _capped(lengths.count(0), 2),
        "singletons": _capped(lengths.count(1), 2),
        "aces": str(sum(1 for c in h if c.rank == Rank.ACE)),
        "longest side suit": "4 or less" if max(lengths) <= 4 else _capped(max(lengths), 7),
        "nil-suitable": "yes" if assess_nil(h).fits else "no",
        "count": _capped(int(estimate + 1e-9), 7),
    }


def feature_value_label(value: str) -> str:
    """A hand feature's group (a key of :func:`hand_features`) as a learner reads it in the
    language in use: ``4 or less`` (French ``4 ou moins``), ``yes``/``no`` (``oui``/``non``,
    ``sí``/``no``); numbers as they are (``2``, ``7+``).

    >>> feature_value_label("4 or less"), feature_value_label("yes"), feature_value_label("7+")
    ('4 or less', 'yes', '7+')
    """
    if value == "4 or less":
        return _("4 or less")
    if value in ("yes", "no"):
        return yes_no(value == "yes")
    return value


def _capped(value: int, cap: int) -> str:
    return str(value) if value < cap else f"{cap}+"


def advice_from_count(
    hand: HandLike, count: CountFunction = count_hand, *, margin: float = SAFETY_MARGIN
) -> tuple[float, Bid]:
    """The estimate and the bid the advisor gives ``hand`` with no bid made before
    it and a fresh score, when it counts with ``count`` and keeps ``margin``
    tricks in hand: the count less the margin, rounded down (at least 1), or Nil
    where the advice bids it (:func:`~spades_teach.advice.bidding.nil_before_the_bidding`).

    >>> counted = advise_bid("AKQ3.K52.7.A9842", samples=0)
    >>> advice_from_count("AKQ3.K52.7.A9842") == (counted.estimate, counted.bid)
    True
    """
    h = Hand.coerce(hand)
    estimate = sum(r.value for r in count(h))
    if nil_before_the_bidding(h, estimate):
        return estimate, Bid(0)
    return estimate, Bid(max(1, min(13, math.floor(estimate - margin + 1e-9))))


def calibrate(
    hands: int = 2000,
    *,
    samples: int = 40,
    seed: int | str = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> Calibration:
    """Compare the advisor's count with the simulation on ``hands`` seeded hands,
    ``samples`` bot playouts each (see the module docs).

    ``executor`` runs the tasks (``None``: the local cores; see
    :mod:`spades_teach.analysis.parallel`); ``progress(done, total)`` is called
    with the hands done so far.
    """
    _check_whole("hands", hands)
    _check_whole("samples", samples)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SpadesError(_("seed must be a whole number or a string, got {value}").format(value=repr(seed)))
    tasks = [(seed, start, min(start + CHUNK_HANDS, hands), samples) for start in range(0, hands, CHUNK_HANDS)]
    records: list[HandRecord] = []
    for chunk in map_tasks(_study_hands, tasks, executor=executor):
        records.extend(chunk)
        if progress is not None:
            progress(len(records), hands)
    return _summarise(seed, samples, records)


def _check_whole(name: str, value: Any) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise SpadesError(
            _("{name} must be a whole number of 1 or more, got {value}").format(name=name, value=repr(value))
        )


def _study_hands(seed: int | str, start: int, stop: int, samples: int) -> list[HandRecord]:
    """The records of hands ``start`` to ``stop - 1`` (one task; module-level for the workers)."""
    return [_study_hand(seed, index, samples) for index in range(start, stop)]


def _study_hand(seed: int | str, index: int, samples: int) -> HandRecord:
    deal_seed = f"{seed}/{index}"
    hand = deal(deal_seed)[Seat.S]
    advice = advise_bid(hand, seat=Seat.S, samples=0)
    analysis = analyze_hand(
        hand, seat=Seat.S, dealer=Seat.W, samples=samples, seed=f"calibration/{seed}/{index}", executor=SerialExecutor()
    )
    total = sum(tricks * times for tricks, times in analysis.seat_tricks.items())
    return HandRecord(
        seed=deal_seed,
        hand=hand,
        estimate=advice.estimate,
        bid=Bid(int(advice.bid)),
        simulated=total / analysis.samples,
        best_bid=Bid(int(analysis.best_bid)),
        expected_scores=tuple(analysis.expected_scores[b] for b in range(14)),
    )


# -- summary -------------------------------------------------------------------------------------------------------


def _summarise(seed: int | str, samples: int, records: Sequence[HandRecord]) -> Calibration:
    by_feature = groups_by_feature(records, _group)
    return Calibration(
        seed=seed,
        samples=samples,
        records=tuple(records),
        bias=_mean(r.error for r in records),
        mae=_mean(abs(r.error) for r in records),
        best_bid_rate=_mean(1.0 if int(r.bid) == int(r.best_bid) else 0.0 for r in records),
        regret=_mean(r.regret for r in records),
        by_feature=by_feature,
    )


class _Featured(Protocol):
    """A studied hand or seat, with the group it falls in for each feature of :data:`FEATURES`."""

    @property
    def features(self) -> dict[str, str]: ...


_R = TypeVar("_R", bound=_Featured)
_G = TypeVar("_G")


def groups_by_feature(records: Iterable[_R], group: Callable[[str, str, list[_R]], _G]) -> dict[str, tuple[_G, ...]]:
    """The breakdown by feature: for each feature of :data:`FEATURES` (in that order), ``group(feature,
    value, members)`` for each value some record has, the values in :func:`group_order`, ``members``
    the records of that value in their order."""
    found: dict[str, dict[str, list[_R]]] = {name: {} for name in FEATURES}
    for record in records:
        for name, value in record.features.items():
            found[name].setdefault(value, []).append(record)
    return {
        name: tuple(group(name, value, members) for value, members in sorted(values.items(), key=group_order))
        for name, values in found.items()
    }


def group_order(item: tuple[str, Any]) -> tuple[int, str]:
    """The sort key of a feature group ``(value, members)``: numbers by value ("4 or
    less" first, "7+" last), then words."""
    value = item[0]
    digits = "".join(ch for ch in value if ch.isdigit())
    return (int(digits) if digits else 100, value)


def _group(feature: str, value: str, members: list[HandRecord]) -> FeatureGroup:
    return FeatureGroup(
        feature=feature,
        value=value,
        hands=len(members),
        mean_estimate=_mean(r.estimate for r in members),
        mean_simulated=_mean(r.simulated for r in members),
        bias=_mean(r.error for r in members),
        mae=_mean(abs(r.error) for r in members),
        regret=_mean(r.regret for r in members),
    )


def _mean(values: Iterable[float]) -> float:
    """The mean, its sum exactly rounded (``math.fsum``): the same last digit on every Python,
    where the built-in ``sum`` of floats changed in 3.12 (the browser's Python is newer)."""
    items = list(values)
    return math.fsum(items) / len(items)


def _table(study: Calibration) -> str:
    n = len(study.records)
    lines = [
        f"bid advisor calibration: {n} hand{'s' if n != 1 else ''}, {study.samples} bot playouts each (seed {study.seed!r})",
        f"count - simulated tricks: bias {study.bias:+.2f}, mean absolute error {study.mae:.2f}",
        f"advised bid = simulation's best bid on {study.best_bid_rate:.0%} of hands; "
        f"mean regret {study.regret:.1f} points per hand",
        "",
        f"{'feature':<18} {'value':<10} {'hands':>6} {'count':>6} {'sim.':>6} {'bias':>6} {'MAE':>6} {'regret':>7}",
    ]
    for name in FEATURES:
        for g in study.by_feature[name]:
            lines.append(
                f"{g.feature:<18} {g.value:<10} {g.hands:>6} {g.mean_estimate:>6.2f} {g.mean_simulated:>6.2f} "
                f"{g.bias:>+6.2f} {g.mae:>6.2f} {g.regret:>7.1f}"
            )
    return "\n".join(lines)
