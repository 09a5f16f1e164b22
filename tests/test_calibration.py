"""The bid advisor's calibration study: determinism, the summary figures and bad input."""

from __future__ import annotations

import math
import multiprocessing
from concurrent.futures import ProcessPoolExecutor

import pytest

from spades_teach import Bid, Hand, SpadesError, deal
from spades_teach.advice.bidding import BidReason, advise_bid, count_hand
from spades_teach.analysis.calibration import (
    FEATURES,
    Calibration,
    HandRecord,
    advice_from_count,
    calibrate,
    hand_features,
)
from spades_teach.analysis.parallel import SerialExecutor

SERIAL = SerialExecutor()


@pytest.fixture(scope="module")
def small() -> Calibration:
    return calibrate(12, samples=3, seed=7, executor=SERIAL)


def scores(best: int, points: float) -> tuple[float, ...]:
    """Expected scores where ``best`` is worth ``points`` and every other bid 0."""
    return tuple(points if b == best else 0.0 for b in range(14))


def test_same_seed_same_study(small: Calibration) -> None:
    again = calibrate(12, samples=3, seed=7, executor=SERIAL)
    assert again.records == small.records
    assert (again.bias, again.mae, again.regret) == (small.bias, small.mae, small.regret)


def test_another_seed_gives_other_hands(small: Calibration) -> None:
    other = calibrate(2, samples=3, seed=8, executor=SERIAL)
    assert other.records[0].hand != small.records[0].hand


def test_serial_and_process_pool_agree(small: Calibration) -> None:
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("spawn")) as pool:
        pooled = calibrate(12, samples=3, seed=7, executor=pool)
    assert pooled.records == small.records
    assert str(pooled) == str(small)


def test_a_hand_does_not_depend_on_the_study_size(small: Calibration) -> None:
    shorter = calibrate(11, samples=3, seed=7, executor=SERIAL)
    assert shorter.records == small.records[:11]


def test_hands_come_from_the_seeded_deals(small: Calibration) -> None:
    for index, record in enumerate(small.records[:3]):
        assert record.seed == f"7/{index}"
        assert record.hand == deal(record.seed)["S"]
        advice = advise_bid(record.hand, samples=0)  # the study measures the count's own bid
        assert (record.estimate, record.bid) == (advice.estimate, advice.bid)


def test_records_hold_the_simulation(small: Calibration) -> None:
    for record in small.records:
        assert 0 <= record.simulated <= 13
        assert len(record.expected_scores) == 14
        assert record.expected_scores[int(record.best_bid)] == max(record.expected_scores)
        assert record.regret >= 0
        assert record.error == record.estimate - record.simulated


def test_overall_figures_are_the_means_of_the_records(small: Calibration) -> None:
    n = len(small.records)
    assert small.bias == pytest.approx(sum(r.estimate - r.simulated for r in small.records) / n)
    assert small.mae == pytest.approx(sum(abs(r.estimate - r.simulated) for r in small.records) / n)
    assert small.regret == pytest.approx(sum(r.regret for r in small.records) / n)
    assert small.best_bid_rate == pytest.approx(sum(r.bid == r.best_bid for r in small.records) / n)


def test_feature_groups_add_up_to_the_whole(small: Calibration) -> None:
    n = len(small.records)
    assert set(small.by_feature) == set(FEATURES)
    for name, groups in small.by_feature.items():
        assert sum(g.hands for g in groups) == n, name
        assert len({g.value for g in groups}) == len(groups)
        assert sum(g.bias * g.hands for g in groups) / n == pytest.approx(small.bias)
        assert sum(g.mae * g.hands for g in groups) / n == pytest.approx(small.mae)
        assert sum(g.regret * g.hands for g in groups) / n == pytest.approx(small.regret)


def test_feature_groups_are_the_hands_features(small: Calibration) -> None:
    spades = {g.value: g.hands for g in small.by_feature["spades"]}
    counted: dict[str, int] = {}
    for record in small.records:
        n = record.hand.count("S")
        key = str(n) if n < 7 else "7+"
        counted[key] = counted.get(key, 0) + 1
    assert spades == counted


def test_hand_features_by_hand() -> None:
    features = hand_features("AKQ3.K52..A98642")
    assert features["spades"] == "4"
    assert features["voids"] == "1"
    assert features["singletons"] == "0"
    assert features["aces"] == "2"
    assert features["longest side suit"] == "6"
    assert features["nil-suitable"] == "no"
    assert hand_features("3.J962.T8742.Q84")["nil-suitable"] == "yes"
    assert hand_features("AKQJT98765432...")["spades"] == "7+"
    assert hand_features("AKQJT98765432...", 9.6)["count"] == "7+"
    assert hand_features("AKQJT98765432...", 2.9)["count"] == "2"


def test_bias_mae_and_regret_on_a_hand_checked_study() -> None:
    hand = Hand.parse("AKQ3.K52.7.A9842")
    # Estimates 3 and 4 against simulated 2 and 4.5: errors +1 and -0.5.
    over = HandRecord("x/0", hand, 3.0, Bid(3), 2.0, Bid(2), scores(2, 20.0))
    under = HandRecord("x/1", hand, 4.0, Bid(4), 4.5, Bid(4), scores(4, 40.0))
    study = Calibration.from_records([over, under], seed="x", samples=5)
    assert study.bias == pytest.approx(0.25)
    assert study.mae == pytest.approx(0.75)
    assert study.best_bid_rate == pytest.approx(0.5)
    assert over.regret == 20.0 and under.regret == 0.0
    assert study.regret == pytest.approx(10.0)
    (group,) = study.by_feature["spades"]
    assert (group.value, group.hands, group.mean_estimate, group.mean_simulated) == ("4", 2, 3.5, 3.25)
    assert "bias +0.25, mean absolute error 0.75" in str(study)


def test_a_nil_advice_is_scored_on_the_nil_expectation() -> None:
    hand = Hand.parse("3.J962.T8742.Q84")
    values = list(scores(1, 30.0))
    values[0] = 45.0
    record = HandRecord("n/0", hand, 0.5, Bid(0), 0.2, Bid(0), tuple(values))
    assert record.regret == 0.0
    assert HandRecord("n/1", hand, 0.5, Bid(1), 0.2, Bid(0), tuple(values)).regret == 15.0


def test_recount_with_the_same_counting_changes_nothing(small: Calibration) -> None:
    again = small.recount(count_hand)
    assert again.records == small.records
    assert (again.bias, again.mae) == (small.bias, small.mae)


def flat_three(hand: object) -> tuple[BidReason, ...]:
    return (BidReason("all", 3.0, "three tricks, whatever the hand"),)


def test_recount_with_another_counting(small: Calibration) -> None:
    flat = small.recount(flat_three)
    assert [r.simulated for r in flat.records] == [r.simulated for r in small.records]
    assert all(r.estimate == 3.0 for r in flat.records)
    assert flat.bias == pytest.approx(3.0 - sum(r.simulated for r in small.records) / len(small.records))
    assert all(r.bid in (Bid(0), Bid(3)) for r in flat.records)  # a count of 3 is a bid of 3 (or a Nil)


def test_advice_from_count_is_the_advisors_plain_advice() -> None:
    for seed in range(150):
        for seat in "NESW":
            hand = deal(seed)[seat]
            advice = advise_bid(hand, seat=seat, samples=0)  # the count's bid, before its check
            assert advice_from_count(hand) == (advice.estimate, advice.bid), str(hand)


def test_progress_counts_the_hands() -> None:
    seen: list[tuple[int, int]] = []
    calibrate(23, samples=1, seed=1, executor=SERIAL, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(10, 23), (20, 23), (23, 23)]


def test_report_names_every_feature(small: Calibration) -> None:
    text = str(small)
    assert "12 hands, 3 bot playouts each" in text
    for name in FEATURES:
        assert name in text
    assert f"{small.mae:.2f}" in text


@pytest.mark.parametrize(
    ("kwargs", "words"),
    [
        ({"hands": 0}, "hands must be a whole number of 1 or more, got 0"),
        ({"hands": -3}, "got -3"),
        ({"hands": 2.5}, "got 2.5"),
        ({"hands": True}, "got True"),
        ({"samples": 0}, "samples must be a whole number of 1 or more, got 0"),
        ({"samples": "10"}, "got '10'"),
        ({"seed": 1.5}, "seed must be a whole number or a string, got 1.5"),
    ],
)
def test_bad_input_is_refused(kwargs: dict[str, object], words: str) -> None:
    args: dict[str, object] = {"hands": 2, "samples": 2, "executor": SERIAL, **kwargs}
    with pytest.raises(SpadesError, match=words.replace("(", r"\(").replace(".", r"\.")):
        calibrate(**args)  # type: ignore[arg-type]


def test_no_records_is_refused() -> None:
    with pytest.raises(SpadesError, match="at least one hand record"):
        Calibration.from_records([])


def test_mean_figures_are_finite(small: Calibration) -> None:
    assert all(math.isfinite(x) for x in (small.bias, small.mae, small.regret, small.best_bid_rate))


def test_recount_keeps_the_margin_it_is_given(small: Calibration) -> None:
    plain = small.recount(flat_three, margin=0.0)
    assert all(r.bid in (Bid(0), Bid(3)) for r in plain.records)
    assert plain.bias == small.recount(flat_three).bias
