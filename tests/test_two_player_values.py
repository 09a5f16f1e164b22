"""Two-player Spades counts with values of its own, measured on two-player deals
(``benchmarks/two_player_values.py``), and the draw advisor values cards by them
(issue 18 §3.6)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from spades_teach import Card, Rules
from spades_teach.advice.bidding import ITEM_VALUES, advise_bid, count_hand
from spades_teach.advice.bots import advise_draw
from spades_teach.advice.two_player_values import (
    DRAW_VALUES,
    TWO_PLAYER_ITEM_VALUES,
    TWO_PLAYER_SAFETY_MARGIN,
    draw_value,
)

STUDY = Path(__file__).resolve().parents[1] / "benchmarks" / "two_player_values.json"
RULES = Rules(players=2)


def test_the_tables_are_the_study_s_figures() -> None:
    study = json.loads(STUDY.read_text(encoding="utf-8"))
    assert dict(TWO_PLAYER_ITEM_VALUES) == study["count_values"]
    assert dict(DRAW_VALUES) == study["draw_values"]
    assert TWO_PLAYER_SAFETY_MARGIN == study["safety_margin"]
    assert study["mean_tricks"] == 6.5  # 13 tricks shared by two players
    # the two-player count is the better estimate of the tricks a two-player hand takes
    check = study["check"]
    assert abs(check["two-player count"]["mean_error"]) < abs(check["four-player count"]["mean_error"])
    assert check["two-player count"]["mean_abs_error"] < check["four-player count"]["mean_abs_error"]


def test_two_player_hands_are_counted_with_two_player_values() -> None:
    assert set(TWO_PLAYER_ITEM_VALUES) == set(ITEM_VALUES)
    assert TWO_PLAYER_ITEM_VALUES != ITEM_VALUES
    hand = "K9754.K3.A.AKT97"  # North's hand in chapter 11 (deal 2026)
    two = {r.cards: r.value for r in count_hand(hand, players=2)}
    four = {r.cards: r.value for r in count_hand(hand, players=4)}
    assert two != four
    assert sum(two.values()) == pytest.approx(
        sum(r.value for r in count_hand(hand, players=2, values=TWO_PLAYER_ITEM_VALUES))
    )
    assert advise_bid(hand, seat="N", rules=RULES).estimate == pytest.approx(sum(two.values()))
    assert advise_bid(hand, seat="N").estimate == pytest.approx(sum(four.values()))


def test_draw_values_rise_with_rank() -> None:
    spades = [draw_value(Card(rank, "S")) for rank in "23456789TJQKA"]
    sides = [draw_value(Card(rank, "H")) for rank in "23456789TJQKA"]
    assert spades == sorted(spades) and sides == sorted(sides)
    assert draw_value(Card("Q", "S")) > draw_value(Card("7", "S")) > draw_value(Card("A", "D"))


def test_the_draw_keeps_the_queen_of_spades() -> None:
    """Chapter 11 (deal 2026): South saw the Q♠ first and the advisor threw it away,
    while North kept the 7♠ and 4♠."""
    advice = advise_draw("QS", "-.-.-.-", rules=RULES)
    assert advice.keep, advice.reason
    assert "Q♠" in advice.reason and f"{DRAW_VALUES['Q♠']:.2f}" in advice.reason


def test_the_draw_on_the_old_examples() -> None:
    assert advise_draw("AS", "K2.Q3..", rules=RULES).keep
    assert not advise_draw("3D", "AK.KQ.A.", rules=RULES).keep
    assert advise_draw("3D", "AK.KQ.A.", rules=RULES, must_keep=True).keep
