"""The bid advisor's count against expert play and double dummy: :func:`expert_calibrate`, on
whole seeded deals bid by the advisor and played by four expert bots. How the study is made and
what its figures mean: ``docs/modules.md``.

>>> seats = study_deal(0, 1)                     # deal 1 of the study with seed 0
>>> [r.seat.name for r in seats]                  # East deals: the bids start on South
['S', 'W', 'N', 'E']
>>> sum(r.tricks for r in seats), seats[0].side_dd + seats[1].side_dd
(13, 13)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, replace
from typing import Any

from spades_teach.advice.bidding import SAFETY_MARGIN, count_hand
from spades_teach.advice.bot_bidding import bid_advice
from spades_teach.advice.driver import Bot, advance, play_hand
from spades_teach.advice.levels import make_bot
from spades_teach.advice.position import Position
from spades_teach.analysis.calibration import (
    FEATURES,
    CountFunction,
    advice_from_count,
    groups_by_feature,
    hand_features,
)
from spades_teach.analysis.parallel import map_tasks
from spades_teach.errors import SpadesError
from spades_teach.game.bids import Bid, BidLike
from spades_teach.game.cards import CardLike, Hand, Seat
from spades_teach.game.deals import deal
from spades_teach.game.round import Round
from spades_teach.i18n import _
from spades_teach.solver import double_dummy

__all__ = [
    "COLUMNS",
    "ExpertCalibration",
    "ExpertGroup",
    "SeatRecord",
    "SideFigures",
    "expert_calibrate",
    "records_from_data",
    "records_to_data",
    "study_deal",
]

#: The columns of one seat record in the stored study (see :func:`records_to_data`).
COLUMNS = ("deal", "dealer", "seat", "hand", "count", "bid", "tricks", "side_dd")


@dataclass(frozen=True)
class SeatRecord:
    """One seat of one studied deal: the deal ``seed``, the ``dealer``, the
    ``seat`` and its ``hand``, the advisor's ``estimate`` and ``bid`` (0 = Nil)
    given the bids before it, the ``tricks`` the seat took in expert play and
    ``side_dd``, its side's double-dummy tricks from the opening lead."""

    seed: str
    dealer: Seat
    seat: Seat
    hand: Hand
    estimate: float
    bid: Bid
    tricks: int
    side_dd: int

    @property
    def error(self) -> float:
        """The count minus the tricks taken in expert play."""
        return self.estimate - self.tricks

    @property
    def features(self) -> dict[str, str]:
        """The group of this hand for every feature of
        :data:`~spades_teach.analysis.calibration.FEATURES`."""
        return hand_features(self.hand, self.estimate)


@dataclass(frozen=True)
class ExpertGroup:
    """The seats sharing one value of a feature: how many, their mean count, mean
    tricks in expert play, bias and MAE."""

    feature: str
    value: str
    seats: int
    mean_estimate: float
    mean_tricks: float
    bias: float
    mae: float


@dataclass(frozen=True)
class SideFigures:
    """A partnership's summed count against its tricks: ``sides`` counted, the mean
    summed count, mean tricks in expert play and double dummy, and the bias and
    MAE of the count against each."""

    sides: int
    mean_count: float
    mean_tricks: float
    mean_dd: float
    bias_play: float
    mae_play: float
    bias_dd: float
    mae_dd: float


@dataclass(frozen=True)
class ExpertCalibration:
    """The result of :func:`expert_calibrate` (see the module docs).

    ``records`` holds every seat; ``bias`` and ``mae`` (tricks) and
    ``by_feature`` are over the seats not in a Nil partnership; ``nil`` and
    ``covering`` summarise the Nil bidders and their partners apart (``None``
    when there is none); ``sides`` compares each partnership's summed count with
    its expert-play and double-dummy tricks.
    """

    seed: int | str
    records: tuple[SeatRecord, ...]
    bias: float
    mae: float
    by_feature: dict[str, tuple[ExpertGroup, ...]]
    nil: ExpertGroup | None
    covering: ExpertGroup | None
    sides: SideFigures | None

    @classmethod
    def from_records(cls, records: Iterable[SeatRecord], *, seed: int | str = 0) -> ExpertCalibration:
        """The figures of a study made of ``records`` (whole deals: four seats each)."""
        found = tuple(records)
        if not found:
            raise SpadesError(_("an expert calibration needs at least one seat record, got none"))
        return _summarise(seed, found)

    @property
    def plain(self) -> tuple[SeatRecord, ...]:
        """The seats of the fit: neither a Nil bidder nor the partner of one."""
        return tuple(_split(self.records)[2])

    def recount(self, count: CountFunction = count_hand, *, margin: float = SAFETY_MARGIN) -> ExpertCalibration:
        """The same records with the estimates of another counting (same signature
        as :func:`~spades_teach.advice.bidding.count_hand`). Bids are kept as they
        were made, so the same seats stay apart as Nil bidders and partners."""
        records = [replace(r, estimate=advice_from_count(r.hand, count, margin=margin)[0]) for r in self.records]
        return _summarise(self.seed, records)

    def __str__(self) -> str:
        return _table(self)


def expert_calibrate(
    deals: int = 400,
    *,
    seed: int | str = 0,
    start: int = 0,
    executor: Executor | None = None,
    progress: Callable[[int, int], None] | None = None,
    on_deal: Callable[[Sequence[SeatRecord]], None] | None = None,
) -> ExpertCalibration:
    """Bid ``deals`` seeded deals (numbers ``start`` to ``start + deals - 1``) with
    the advisor, play them with expert bots, solve them double dummy and compare
    (see the module docs).

    ``executor`` runs the deals (``None``: the local cores); ``progress(done,
    total)`` is called with the deals done so far and ``on_deal(records)`` with
    the four records of each deal as it arrives, in order (to save them as the
    study runs).
    """
    _check_count("deals", deals, least=1)
    _check_count("start", start, least=0)
    if isinstance(seed, bool) or not isinstance(seed, (int, str)):
        raise SpadesError(_("seed must be a whole number or a string, got {value}").format(value=repr(seed)))
    tasks = [(seed, index) for index in range(start, start + deals)]
    records: list[SeatRecord] = []
    for done, found in enumerate(map_tasks(study_deal, tasks, executor=executor), start=1):
        records.extend(found)
        if on_deal is not None:
            on_deal(found)
        if progress is not None:
            progress(done, deals)
    return _summarise(seed, records)


def _check_count(name: str, value: Any, *, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise SpadesError(
            _("{name} must be a whole number of {least} or more, got {value}").format(
                name=name, least=least, value=repr(value)
            )
        )


def study_deal(seed: int | str, index: int) -> tuple[SeatRecord, ...]:
    """The four seat records of deal ``index`` of the study with ``seed``, in
    bidding order (one task; module-level for the workers)."""
    deal_seed = f"{seed}/{index}"
    dealer = Seat(index % 4)
    game = Round(deal(deal_seed), dealer=dealer)
    counts: dict[Seat, float] = {}
    bots = {
        seat: _Counted(make_bot("expert", f"expert-calibration/{seed}/{index}/{seat.name}"), counts)
        for seat in game.seats
    }
    leader = advance(game, bots, until=lambda r: r.phase != "bidding")
    assert leader is not None
    solved = double_dummy(game.hands, leader=leader, rules=game.rules)
    play_hand(game, bots)
    return tuple(
        SeatRecord(
            seed=deal_seed,
            dealer=dealer,
            seat=seat,
            hand=game.deal[seat],
            estimate=counts[seat],
            bid=game.bids[seat],
            tricks=game.tricks_won[seat],
            side_dd=solved.tricks[seat.team],
        )
        for seat in counts
    )


class _Counted:
    """An expert bot of the study that also keeps the advisor's count of each hand
    it bids: its bids and cards are the bot's own; before each bid, the count of
    the advice for the same position (its ``estimate``) is written into ``counts``
    (seat → count, in bidding order)."""

    def __init__(self, bot: Bot, counts: dict[Seat, float]) -> None:
        self.bot = bot
        self.counts = counts

    def choose_bid(self, position: Position) -> BidLike:
        self.counts[position.seat] = bid_advice(position).estimate
        return self.bot.choose_bid(position)

    def choose_play(self, position: Position) -> CardLike:
        return self.bot.choose_play(position)


# -- storing ------------------------------------------------------------------------------------------------------


def records_to_data(records: Iterable[SeatRecord], *, seed: int | str) -> dict[str, Any]:
    """The study as plain JSON-ready data: one row per seat, in the order of :data:`COLUMNS`.

    >>> seat = SeatRecord("0/0", Seat.N, Seat.E, Hand.parse("J83.8632.A987.A3"), 2.5, Bid(2), 2, 5)
    >>> records_to_data([seat], seed=0)["rows"]
    [['0/0', 'N', 'E', 'J83.8632.A987.A3', 2.5, 2, 2, 5]]
    >>> records_from_data(records_to_data([seat], seed=0)) == (seat,)
    True
    """
    rows = [
        [r.seed, r.dealer.name, r.seat.name, str(r.hand), r.estimate, int(r.bid), r.tricks, r.side_dd] for r in records
    ]
    return {
        "about": (
            "the bid advisor's count against expert play: per seat of each seeded deal, the advisor's count and "
            "bid, the tricks the seat took with four expert bots playing, and its side's double-dummy tricks"
        ),
        "seed": seed,
        "deals": len({row[0] for row in rows}),
        "columns": list(COLUMNS),
        "rows": rows,
    }


def records_from_data(data: Any) -> tuple[SeatRecord, ...]:
    """The seat records of data written by :func:`records_to_data` (a bad row raises a :class:`SpadesError`)."""
    if not isinstance(data, dict) or data.get("columns") != list(COLUMNS) or not isinstance(data.get("rows"), list):
        raise SpadesError(
            _("expert calibration data needs the columns {columns} and a list of rows").format(columns=list(COLUMNS))
        )
    out = []
    for number, row in enumerate(data["rows"], start=1):
        try:
            name, dealer, seat, hand, estimate, bid, tricks, side_dd = row
            out.append(
                SeatRecord(
                    seed=str(name),
                    dealer=Seat.coerce(dealer),
                    seat=Seat.coerce(seat),
                    hand=Hand.parse(hand),
                    estimate=float(estimate),
                    bid=Bid.coerce(bid),
                    tricks=int(tricks),
                    side_dd=int(side_dd),
                )
            )
        except (TypeError, ValueError) as exc:
            raise SpadesError(
                _("expert calibration row {number} ({row}) is not a seat record: {problem}").format(
                    number=number, row=repr(row), problem=exc
                )
            ) from None
    return tuple(out)


# -- summary -------------------------------------------------------------------------------------------------------


def _split(records: Sequence[SeatRecord]) -> tuple[list[SeatRecord], list[SeatRecord], list[SeatRecord]]:
    """The Nil bidders, their partners, and the other seats, each in the order of ``records``."""
    nil_seats = {(r.seed, r.seat) for r in records if r.bid.is_nil}
    nil = [r for r in records if r.bid.is_nil]
    covering = [r for r in records if not r.bid.is_nil and (r.seed, r.seat.partner) in nil_seats]
    plain = [r for r in records if not r.bid.is_nil and (r.seed, r.seat.partner) not in nil_seats]
    return nil, covering, plain


def _summarise(seed: int | str, records: Sequence[SeatRecord]) -> ExpertCalibration:
    nil, covering, plain = _split(records)
    by_feature = groups_by_feature(plain, _group)
    return ExpertCalibration(
        seed=seed,
        records=tuple(records),
        bias=_mean(r.error for r in plain) if plain else 0.0,
        mae=_mean(abs(r.error) for r in plain) if plain else 0.0,
        by_feature=by_feature,
        nil=_group("nil", "bid Nil", nil) if nil else None,
        covering=_group("nil", "partner of Nil", covering) if covering else None,
        sides=_sides(plain),
    )


def _sides(plain: Sequence[SeatRecord]) -> SideFigures | None:
    """The partnerships whose two seats are both in ``plain``."""
    by_side: dict[tuple[str, bool], list[SeatRecord]] = {}
    for record in plain:
        by_side.setdefault((record.seed, record.seat in (Seat.N, Seat.S)), []).append(record)
    pairs = [members for members in by_side.values() if len(members) == 2]
    if not pairs:
        return None
    count = [sum(r.estimate for r in pair) for pair in pairs]
    play = [sum(r.tricks for r in pair) for pair in pairs]
    dd = [pair[0].side_dd for pair in pairs]
    return SideFigures(
        sides=len(pairs),
        mean_count=_mean(count),
        mean_tricks=_mean(play),
        mean_dd=_mean(dd),
        bias_play=_mean(c - t for c, t in zip(count, play)),
        mae_play=_mean(abs(c - t) for c, t in zip(count, play)),
        bias_dd=_mean(c - d for c, d in zip(count, dd)),
        mae_dd=_mean(abs(c - d) for c, d in zip(count, dd)),
    )


def _group(feature: str, value: str, members: Sequence[SeatRecord]) -> ExpertGroup:
    return ExpertGroup(
        feature=feature,
        value=value,
        seats=len(members),
        mean_estimate=_mean(r.estimate for r in members),
        mean_tricks=_mean(r.tricks for r in members),
        bias=_mean(r.error for r in members),
        mae=_mean(abs(r.error) for r in members),
    )


def _mean(values: Iterable[float]) -> float:
    items = list(values)
    return sum(items) / len(items)


def _table(study: ExpertCalibration) -> str:
    deals = len({r.seed for r in study.records})
    plain = study.plain
    lines = [
        f"bid advisor against expert play: {deals} deal{'s' if deals != 1 else ''}, "
        f"{len(study.records)} seats, {len(plain)} outside a Nil partnership (seed {study.seed!r})",
        f"count - expert tricks: bias {study.bias:+.2f}, mean absolute error {study.mae:.2f}",
    ]
    for group in (study.nil, study.covering):
        if group is not None:
            lines.append(
                f"{group.value}: {group.seats} seats, count {group.mean_estimate:.2f}, took {group.mean_tricks:.2f}"
            )
    if study.sides is not None:
        s = study.sides
        lines += [
            "",
            f"partnerships ({s.sides}): summed count {s.mean_count:.2f}, expert play {s.mean_tricks:.2f}, "
            f"double dummy {s.mean_dd:.2f}",
            f"  count - expert tricks: bias {s.bias_play:+.2f}, MAE {s.mae_play:.2f}",
            f"  count - double dummy:  bias {s.bias_dd:+.2f}, MAE {s.mae_dd:.2f}",
        ]
    lines += ["", f"{'feature':<18} {'value':<10} {'seats':>6} {'count':>6} {'took':>6} {'bias':>6} {'MAE':>6}"]
    for name in FEATURES:
        for g in study.by_feature[name]:
            lines.append(
                f"{g.feature:<18} {g.value:<10} {g.seats:>6} {g.mean_estimate:>6.2f} {g.mean_tricks:>6.2f} "
                f"{g.bias:>+6.2f} {g.mae:>6.2f}"
            )
    return "\n".join(lines)
