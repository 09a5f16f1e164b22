"""The count against expert play and double dummy: the study of a deal, its summary and stored data."""

from __future__ import annotations

import json

import pytest

from spades_teach import Bid, Hand, Seat, SpadesError, deal
from spades_teach.advice.bidding import BidReason, advise_bid, count_hand
from spades_teach.analysis import double_dummy
from spades_teach.analysis.calibration import FEATURES
from spades_teach.analysis.expert_calibration import (
    ExpertCalibration,
    SeatRecord,
    expert_calibrate,
    records_from_data,
    records_to_data,
    study_deal,
)
from spades_teach.analysis.parallel import SerialExecutor

SERIAL = SerialExecutor()


@pytest.fixture(scope="module")
def two() -> ExpertCalibration:
    return expert_calibrate(2, seed=0, executor=SERIAL)


def record(seed: str, seat: str, hand: str, estimate: float, bid: int, tricks: int, side_dd: int) -> SeatRecord:
    return SeatRecord(seed, Seat.N, Seat.coerce(seat), Hand.parse(hand), estimate, Bid(bid), tricks, side_dd)


HANDS = {
    "N": "AKQ3.K52.7.A9842",
    "E": "3.J962.T8742.Q84",
    "S": "J2.AQT4.KQ6.KT75",
    "W": "T987654.873.AJ953.-",
}


def test_a_deal_gives_four_seats_in_bidding_order(two: ExpertCalibration) -> None:
    first = two.records[:4]
    assert [r.seat for r in first] == [Seat.E, Seat.S, Seat.W, Seat.N]  # deal 0: North deals
    assert [r.seat for r in two.records[4:8]] == [Seat.S, Seat.W, Seat.N, Seat.E]  # deal 1: East deals
    assert all(r.seed == "0/0" and r.dealer is Seat.N for r in first)


def test_every_seat_holds_its_seeded_hand_and_the_tricks_add_up(two: ExpertCalibration) -> None:
    for index in range(2):
        cards = deal(f"0/{index}")
        seats = [r for r in two.records if r.seed == f"0/{index}"]
        assert {r.seat: r.hand for r in seats} == {seat: cards[seat] for seat in Seat}
        assert sum(r.tricks for r in seats) == 13


def test_the_count_and_bid_are_the_advisors_given_the_bids_before(two: ExpertCalibration) -> None:
    made: dict[Seat, Bid] = {}
    for r in two.records[:4]:
        advice = advise_bid(r.hand, seat=r.seat, bids=made)
        assert r.estimate == advice.estimate == sum(item.value for item in count_hand(r.hand))
        assert r.bid == advice.bid
        made[r.seat] = r.bid


def test_the_bids_are_the_expert_bots_own_through_the_hand_driver(two: ExpertCalibration) -> None:
    from spades_teach.advice.driver import advance
    from spades_teach.advice.levels import make_bot
    from spades_teach.game.round import Round

    for index in range(2):
        game = Round(deal(f"0/{index}"), dealer=Seat(index % 4))
        bots = {s: make_bot("expert", f"expert-calibration/0/{index}/{s.name}") for s in game.seats}
        advance(game, bots, until=lambda r: r.phase != "bidding")
        seats = [r for r in two.records if r.seed == f"0/{index}"]
        assert [(r.seat, r.bid) for r in seats] == [(e.seat, e.bid) for e in game.history]


def test_the_double_dummy_column_is_the_sides_tricks_from_the_opening_lead(two: ExpertCalibration) -> None:
    seats = {r.seat: r for r in two.records[:4]}
    solved = double_dummy({seat: r.hand for seat, r in seats.items()}, leader=Seat.E)  # left of the dealer
    assert seats[Seat.N].side_dd == seats[Seat.S].side_dd == solved.tricks["NS"]
    assert seats[Seat.E].side_dd == seats[Seat.W].side_dd == solved.tricks["EW"] == 13 - solved.tricks["NS"]


def test_a_deal_is_the_same_whatever_the_study_holds(two: ExpertCalibration) -> None:
    assert study_deal(0, 1) == two.records[4:]


def test_nil_bidders_and_their_partners_are_kept_apart() -> None:
    records = [
        record("a", "N", HANDS["N"], 5.0, 5, 6, 9),
        record("a", "E", HANDS["E"], 0.5, 0, 1, 4),
        record("a", "S", HANDS["S"], 3.0, 3, 3, 9),
        record("a", "W", HANDS["W"], 2.0, 2, 3, 4),
    ]
    study = ExpertCalibration.from_records(records)
    assert [r.seat.name for r in study.plain] == ["N", "S"]
    assert study.bias == pytest.approx(((5 - 6) + (3 - 3)) / 2)
    assert study.mae == pytest.approx(0.5)
    assert study.nil is not None and (study.nil.seats, study.nil.mean_tricks) == (1, 1.0)
    assert study.covering is not None and (study.covering.seats, study.covering.mean_tricks) == (1, 3.0)
    sides = study.sides
    assert sides is not None and sides.sides == 1  # East-West had a Nil: left out
    assert (sides.mean_count, sides.mean_tricks, sides.mean_dd) == (8.0, 9.0, 9.0)
    assert (sides.bias_play, sides.bias_dd) == (-1.0, -1.0)
    assert sum(g.seats for g in study.by_feature["spades"]) == 2
    assert set(study.by_feature) == set(FEATURES)


def test_recount_changes_the_counts_only(two: ExpertCalibration) -> None:
    def one_each(hand: object) -> tuple[BidReason, ...]:
        return (BidReason("all", 1.0, "one trick for any hand"),)

    flat = two.recount(one_each)
    assert all(r.estimate == 1.0 for r in flat.records)
    assert [(r.bid, r.tricks, r.side_dd) for r in flat.records] == [(r.bid, r.tricks, r.side_dd) for r in two.records]
    plain = flat.plain
    assert flat.bias == pytest.approx(sum(1.0 - r.tricks for r in plain) / len(plain))
    assert two.recount().records == two.records  # the advisor's own count gives the study back


def test_stored_data_round_trips_through_json(two: ExpertCalibration) -> None:
    data = json.loads(json.dumps(records_to_data(two.records, seed=0)))
    assert data["deals"] == 2 and len(data["rows"]) == 8
    assert records_from_data(data) == two.records


def test_bad_stored_data_is_refused() -> None:
    with pytest.raises(SpadesError, match="columns"):
        records_from_data({"rows": []})
    good = records_to_data([record("a", "N", HANDS["N"], 5.0, 5, 6, 9)], seed=0)
    good["rows"][0][3] = "not a hand"
    with pytest.raises(SpadesError, match="row 1"):
        records_from_data(good)


@pytest.mark.parametrize(("name", "value"), [("deals", 0), ("deals", 1.5), ("start", -1), ("seed", 1.5)])
def test_bad_arguments_are_refused(name: str, value: object) -> None:
    with pytest.raises(SpadesError, match=name):
        expert_calibrate(**{name: value})  # type: ignore[arg-type]


def test_an_empty_study_is_refused() -> None:
    with pytest.raises(SpadesError, match="at least one"):
        ExpertCalibration.from_records([])
